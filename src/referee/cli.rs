//! The `match`, `replay` and `export` subcommands: argument structs and their entry points, so
//! that `main` stays a dispatcher.

use std::fs::File;
use std::io::{BufWriter, Write};
use std::path::PathBuf;

use anyhow::{Context, Result, bail};

use super::player::TimeControl;
use super::record::parse_records;
use super::stats::Sprt;
use super::{MatchConfig, PlayerSpec, ccgc, run_match};
use crate::notation::to_fen;

#[derive(clap::Args, Debug)]
pub struct MatchArgs {
    /// First player: a native-protocol engine command, `tcg:<command>` for a TCG engine, `random`,
    /// `greedy`, `mcts:<simulations>` (built-in UCT with random playouts), or `self` (this program; `tcg:self` speaks TCG).
    #[arg(long)]
    pub engine: String,
    /// Second player, in the same forms.
    #[arg(long, default_value = "random")]
    pub opponent: String,
    /// Number of games (rounded up to whole pairs).
    #[arg(long, default_value_t = 100)]
    pub games: u64,
    /// Milliseconds per move (the default when no --tc is given: 100).
    #[arg(long, conflicts_with = "tc")]
    pub movetime: Option<u64>,
    /// Game clock `base+increment` in seconds, e.g. `10+0.1`.
    #[arg(long)]
    pub tc: Option<String>,
    /// Milliseconds a player may exceed its time before it loses.
    #[arg(long, default_value_t = 100)]
    pub grace: u64,
    /// Games played at once; each engine process serves one game at a time.
    #[arg(long, default_value_t = 1)]
    pub concurrency: usize,
    /// Match seed: the same seed replays the same setups and dice.
    #[arg(long, default_value_t = 1)]
    pub seed: u64,
    /// Ask each player for its setup (`go setup`, TCG `ini`) instead of drawing it from the seed.
    #[arg(long)]
    pub engine_setups: bool,
    /// Stop when decided: `elo0,elo1,alpha,beta`, e.g. `0,10,0.05,0.05`.
    #[arg(long)]
    pub sprt: Option<String>,
    /// Write every game to this record file.
    #[arg(long)]
    pub record: Option<PathBuf>,
    /// Name of the first player in the output and records (default: its command).
    #[arg(long)]
    pub engine_name: Option<String>,
    /// Name of the second player in the output and records (default: its command).
    #[arg(long)]
    pub opponent_name: Option<String>,
}

#[derive(clap::Args, Debug)]
pub struct ReplayArgs {
    /// A record file written by `ewn match` or `ewn play`.
    pub file: PathBuf,
}

#[derive(clap::Args, Debug)]
pub struct ExportArgs {
    /// A record file written by `ewn match` (or by `ewn play`, for a whole game from the setups).
    pub file: PathBuf,
    /// Write the contest (CCGC) record style; the only export format so far.
    #[arg(long)]
    pub ccgc: bool,
    #[arg(long, default_value = "Online")]
    pub place: String,
    #[arg(long, default_value = "Match")]
    pub event: String,
}

/// `10+0.1` -> base and increment in milliseconds.
pub fn parse_tc(s: &str) -> Result<TimeControl> {
    let (base, inc) = s.split_once('+').unwrap_or((s, "0"));
    let secs = |x: &str| -> Result<u64> {
        let v: f64 = x
            .trim()
            .parse()
            .with_context(|| format!("bad time '{x}' in --tc '{s}'"))?;
        anyhow::ensure!(v.is_finite() && v >= 0.0, "bad time '{x}' in --tc '{s}'");
        Ok((v * 1000.0).round() as u64)
    };
    let base_ms = secs(base)?;
    anyhow::ensure!(base_ms > 0, "--tc '{s}' gives no time");
    Ok(TimeControl::Game {
        base_ms,
        inc_ms: secs(inc)?,
    })
}

pub fn run_match_cli(args: MatchArgs) -> Result<()> {
    let tc = match (&args.tc, args.movetime) {
        (Some(tc), _) => parse_tc(tc)?,
        (None, Some(ms)) => TimeControl::MoveTime { ms: ms.max(1) },
        (None, None) => TimeControl::MoveTime { ms: 100 },
    };
    let sprt = match &args.sprt {
        Some(s) => Some(s.parse::<Sprt>().map_err(anyhow::Error::msg)?),
        None => None,
    };
    let cfg = MatchConfig {
        players: [
            PlayerSpec::parse(&args.engine).context("reading --engine")?,
            PlayerSpec::parse(&args.opponent).context("reading --opponent")?,
        ],
        games: args.games.div_ceil(2) * 2,
        seed: args.seed,
        tc,
        grace_ms: args.grace,
        concurrency: args.concurrency,
        engine_setups: args.engine_setups,
        sprt,
    };
    let mut record: Option<Box<dyn Write + Send>> = match &args.record {
        Some(p) => Some(Box::new(BufWriter::new(
            File::create(p).with_context(|| format!("creating {}", p.display()))?,
        ))),
        None => None,
    };
    let start = std::time::Instant::now();
    let mut out = std::io::stdout();
    let sum = run_match(
        &cfg,
        [
            args.engine_name.as_deref().unwrap_or(&args.engine),
            args.opponent_name.as_deref().unwrap_or(&args.opponent),
        ],
        &mut out,
        record.as_deref_mut().map(|r| r as &mut (dyn Write + Send)),
    )?;
    print!("{}", sum.report(cfg.sprt.as_ref()));
    println!("Wall time {:.1} s", start.elapsed().as_secs_f64());
    Ok(())
}

pub fn run_replay(args: ReplayArgs) -> Result<()> {
    let text = std::fs::read_to_string(&args.file)
        .with_context(|| format!("reading {}", args.file.display()))?;
    let games = parse_records(&text).map_err(anyhow::Error::msg)?;
    let mut bad = 0;
    for g in &games {
        match g.replay() {
            Ok(b) => {
                let how = match g.winner {
                    Some(w) => format!("{} won by {}", w.name(), g.reason),
                    None => "unfinished".to_string(),
                };
                println!(
                    "game {}: {how} after {} plies; final {}",
                    g.number,
                    g.plies.len(),
                    to_fen(&b)
                );
            }
            Err(e) => {
                bad += 1;
                println!("game {}: INVALID: {e}", g.number);
            }
        }
    }
    if bad > 0 {
        bail!("{bad} of {} games are invalid", games.len());
    }
    println!("{} games replayed, all valid", games.len());
    Ok(())
}

pub fn run_export(args: ExportArgs) -> Result<()> {
    if !args.ccgc {
        bail!("choose an export format (--ccgc)");
    }
    let text = std::fs::read_to_string(&args.file)
        .with_context(|| format!("reading {}", args.file.display()))?;
    let games = parse_records(&text).map_err(anyhow::Error::msg)?;
    let h = ccgc::Header {
        place: &args.place,
        event: &args.event,
    };
    let mut out = std::io::stdout().lock();
    for (i, g) in games.iter().enumerate() {
        g.replay()
            .map_err(|e| anyhow::anyhow!("game {}: {e}", g.number))?;
        if i > 0 {
            writeln!(out)?;
        }
        let text = ccgc::export(g, &h).map_err(|e| anyhow::anyhow!("game {}: {e}", g.number))?;
        out.write_all(text.as_bytes())?;
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn time_controls() {
        assert_eq!(
            parse_tc("10+0.1").unwrap(),
            TimeControl::Game {
                base_ms: 10_000,
                inc_ms: 100
            }
        );
        assert_eq!(
            parse_tc("2").unwrap(),
            TimeControl::Game {
                base_ms: 2000,
                inc_ms: 0
            }
        );
        assert!(parse_tc("x+1").is_err());
        assert!(parse_tc("0+1").is_err());
        assert!(parse_tc("-1").is_err());
    }
}
