//! Command line: with no subcommand the engine speaks its protocol on stdin/stdout.

use anyhow::{Context, Result};
use clap::{Parser, Subcommand};

use ewn::board::Board;
use ewn::notation;

#[derive(Parser)]
#[command(
    name = "ewn",
    version,
    about = "A tournament engine for EinStein würfelt nicht!"
)]
struct Cli {
    /// Protocol spoken on stdin/stdout: `auto` decides from the first line.
    #[arg(long, global = true, default_value_t = ewn::protocol::Mode::Auto)]
    protocol: ewn::protocol::Mode,
    #[command(subcommand)]
    command: Option<Command>,
}

#[derive(Subcommand)]
enum Command {
    /// Count (die, move) paths to a depth, summed over all die faces.
    Perft {
        depth: u32,
        /// Position string or `startpos`.
        #[arg(long, default_value = "startpos")]
        position: String,
        /// Print the count after each first (die, move).
        #[arg(long)]
        divide: bool,
    },
    /// Search a fixed suite of positions; prints `<nodes> nodes <nps> nps`.
    Bench {
        #[arg(default_value_t = ewn::bench::DEFAULT_DEPTH)]
        depth: u32,
        /// Table size in MiB for each position.
        #[arg(long, default_value_t = 16)]
        hash: usize,
    },
    /// Play a head-to-head match between engines and baselines.
    Match(ewn::referee::cli::MatchArgs),
    /// Replay a record file, checking every move and result.
    Replay(ewn::referee::cli::ReplayArgs),
    /// Convert a record file to a contest record style.
    Export(ewn::referee::cli::ExportArgs),
}

fn parse_position(s: &str) -> Result<Board> {
    if s == "startpos" {
        return Ok(Board::startpos());
    }
    notation::parse_fen(s).context("reading --position")
}

fn main() -> Result<()> {
    env_logger::Builder::from_env(env_logger::Env::default().default_filter_or("warn"))
        .target(env_logger::Target::Stderr)
        .init();
    let cli = Cli::parse();
    match cli.command {
        None => ewn::protocol::run_stdio(cli.protocol),
        Some(Command::Perft {
            depth,
            position,
            divide,
        }) => {
            let mut b = parse_position(&position)?;
            let start = std::time::Instant::now();
            let total = if divide {
                let parts = ewn::perft::divide(&mut b, depth);
                for (die, m, n) in &parts {
                    println!("{die} {m} {n}");
                }
                parts.iter().map(|p| p.2).sum()
            } else {
                ewn::perft::perft(&mut b, depth)
            };
            let ms = start.elapsed().as_millis().max(1);
            println!("{total}");
            log::info!("perft {depth}: {total} in {ms} ms");
            Ok(())
        }
        Some(Command::Bench { depth, hash }) => {
            let r = ewn::bench::run(depth, hash, |fen, die, nodes| {
                log::info!("{fen} die {die}: {nodes} nodes");
            });
            println!("{} nodes {} nps", r.nodes, r.nps());
            Ok(())
        }
        Some(Command::Match(args)) => ewn::referee::cli::run_match_cli(args),
        Some(Command::Replay(args)) => ewn::referee::cli::run_replay(args),
        Some(Command::Export(args)) => ewn::referee::cli::run_export(args),
    }
}
