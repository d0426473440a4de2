//! `ewn connect` and `ewn serve --battle`: the battle servers' protocol (`protocol/battle.md`)
//! as a client and as a server.

use crate::referee::record_file::RecordFile;
use std::io::{BufWriter, Write};
use std::net::{SocketAddr, TcpListener};
use std::path::{Path, PathBuf};
use std::sync::Arc;
use std::time::Duration;

use anyhow::{Context, Result, ensure};

use super::threads_parser;
use crate::app::connect::{self, ConnectOptions};
use crate::brain::tables::Tables;
use crate::players::{MAX_MOVE_MS, PlayerSpec};
use crate::record::record_name;
use crate::referee::battle::{self, Event, Format};
use crate::referee::plan::MAX_GAMES;

/// Play every game a battle server offers.
#[derive(clap::Args, Debug)]
pub struct ConnectArgs {
    /// The server, `HOST:PORT`.
    pub addr: String,
    /// The name sent to the server (and written in the records).
    #[arg(long, default_value = "ewn")]
    pub name: String,
    /// The engine's time per move in milliseconds, counted from the board's arrival; keep it
    /// well inside the server's limit (5 s on the large course server).
    #[arg(long, default_value_t = 1000)]
    pub movetime: u64,
    /// Write every game to this record file.
    #[arg(long)]
    pub record: Option<PathBuf>,
    /// Transposition table size in MiB.
    #[arg(long, default_value_t = 64)]
    pub hash: usize,
    /// The engine's search threads.
    #[arg(long, default_value_t = 1, value_parser = threads_parser())]
    pub threads: u64,
    /// A directory of exact endgame tables (`ewn tables build`) for the engine's search.
    #[arg(long = "tables", value_name = "DIR")]
    pub tables_dir: Option<std::path::PathBuf>,
    /// Endgame tables (from `--tables DIR`).
    #[arg(skip)]
    pub tables: Option<Arc<Tables>>,
}

#[derive(Clone, Copy, Debug, clap::ValueEnum)]
pub enum EventArg {
    RoundRobin,
    Knockout,
}

/// Host an event on the battle servers' protocol.
#[derive(clap::Args, Debug)]
pub struct ServeArgs {
    /// Serve the battle protocol on this address: `PORT` (on 127.0.0.1) or `HOST:PORT`
    /// (`0.0.0.0:PORT` for every interface); port 0 picks a free one. The address is printed.
    #[arg(long, value_name = "ADDR", required = true)]
    pub battle: String,
    /// How many clients to accept (1..256); no more are accepted.
    #[arg(long)]
    pub players: usize,
    /// Games per encounter (per client with --judge), rounded up to whole pairs.
    #[arg(long, default_value_t = 2)]
    pub games: u64,
    /// The event between the clients.
    #[arg(long, value_enum, default_value_t = EventArg::RoundRobin)]
    pub tournament: EventArg,
    /// Every client plays against this engine instead of the others (the judge mode).
    #[arg(long, conflicts_with = "tournament")]
    pub judge: bool,
    /// The judge's player: `self` (this program), `greedy`, `random`, `mcts:<n>` or an engine
    /// command, as `ewn match --engine` names it.
    #[arg(long, default_value = "self", requires = "judge")]
    pub judge_engine: String,
    /// The judge's time per move in milliseconds.
    #[arg(long, default_value_t = 200, requires = "judge")]
    pub judge_movetime: u64,
    /// A client's time per move in milliseconds, from the board's sending to the answer's
    /// arrival; a later answer loses the game.
    #[arg(long, default_value_t = 5000)]
    pub movetime: u64,
    /// Seed of the setups and dice.
    #[arg(long, default_value_t = 1)]
    pub seed: u64,
    /// Milliseconds a client has to send its name after connecting.
    #[arg(long, default_value_t = 10_000)]
    pub name_wait: u64,
    /// Write every game to this record file.
    #[arg(long)]
    pub record: Option<PathBuf>,
}

/// A record file, locked as `ewn match` locks its record (refused while another process writes
/// it) and checked to be a regular file before anything can block on it.
fn create(p: &Path) -> Result<Box<dyn Write + Send>> {
    Ok(Box::new(BufWriter::new(RecordFile::create(p)?)))
}

fn check_ms(ms: u64, what: &str) -> Result<()> {
    ensure!(
        (1..=MAX_MOVE_MS).contains(&ms),
        "{what} {ms}: the time per move must be 1..{MAX_MOVE_MS} ms"
    );
    Ok(())
}

pub fn run_connect(args: ConnectArgs) -> Result<()> {
    check_ms(args.movetime, "--movetime")?;
    ensure!(
        (1..=1024).contains(&args.hash),
        "--hash {}: must be 1..1024 MiB",
        args.hash
    );
    let opts = ConnectOptions {
        addr: args.addr,
        name: args.name,
        movetime_ms: args.movetime,
        hash_mb: args.hash,
        threads: args.threads as usize,
        tables: args.tables,
    };
    let mut record = args.record.as_deref().map(create).transpose()?;
    connect::catch_interrupt();
    let mut stdout = std::io::stdout();
    let played = connect::run(
        &opts,
        &mut stdout,
        record.as_mut().map(|r| r.as_mut() as &mut dyn Write),
    );
    drop(record);
    // A session without a game leaves no file: an empty record is not one `replay` reads.
    if played.as_ref().is_ok_and(|s| s.games == 0)
        && let Some(p) = &args.record
        && std::fs::metadata(p).is_ok_and(|m| m.is_file() && m.len() == 0)
    {
        let _ = std::fs::remove_file(p);
        log::info!("no game was played: {} not written", p.display());
    }
    played?;
    Ok(())
}

/// `PORT` on loopback, or `HOST:PORT` as given.
pub fn listen_addr(s: &str) -> Result<SocketAddr> {
    let s = s.trim();
    if let Ok(port) = s.parse::<u16>() {
        return Ok(SocketAddr::from(([127, 0, 0, 1], port)));
    }
    s.parse::<SocketAddr>()
        .with_context(|| format!("--battle '{s}': expected PORT or HOST:PORT with an IP address"))
}

pub fn run_serve(args: ServeArgs) -> Result<()> {
    check_ms(args.movetime, "--movetime")?;
    check_ms(args.judge_movetime, "--judge-movetime")?;
    ensure!(
        (1..=MAX_GAMES).contains(&args.games),
        "--games {}: must be 1..{MAX_GAMES}",
        args.games
    );
    let judge_name = match args.judge_engine.trim() {
        "self" => "ewn".to_string(),
        other => record_name(other),
    };
    let format = if args.judge {
        Format::Judge {
            engine: PlayerSpec::parse(&args.judge_engine).context("reading --judge-engine")?,
            movetime_ms: args.judge_movetime,
            name: judge_name.clone(),
        }
    } else {
        match args.tournament {
            EventArg::RoundRobin => Format::RoundRobin,
            EventArg::Knockout => Format::Knockout,
        }
    };
    let ev = Event {
        clients: args.players,
        games: args.games.div_ceil(2) * 2,
        format,
        movetime_ms: args.movetime,
        seed: args.seed,
        name_wait: Duration::from_millis(args.name_wait.max(1)),
    };
    ev.validate()?;
    let mut record = args.record.as_deref().map(create).transpose()?;
    let addr = listen_addr(&args.battle)?;
    let listener = TcpListener::bind(addr).with_context(|| format!("listening on {addr}"))?;
    let mut stdout = std::io::stdout();
    writeln!(stdout, "listening on {}", listener.local_addr()?)?;
    stdout.flush()?;
    let reserved: &[&str] = if args.judge { &[&judge_name] } else { &[] };
    let clients = battle::accept(&listener, ev.clients, ev.name_wait, reserved, &mut stdout)?;
    // No more clients: later connections are refused.
    drop(listener);
    let o = battle::run(
        &ev,
        clients,
        &mut stdout,
        record
            .as_mut()
            .map(|r| r.as_mut() as &mut (dyn Write + Send)),
    )?;
    writeln!(stdout, "\nStandings\n{}", o.standings)?;
    if let Some(c) = &o.champion {
        writeln!(stdout, "Knockout winner: {c}\n")?;
    }
    write!(stdout, "{}", o.report.text())?;
    stdout.flush()?;
    Ok(())
}
