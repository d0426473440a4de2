//! Command line: with no subcommand the engine speaks its protocol on stdin/stdout.

use std::io::IsTerminal;
use std::path::PathBuf;

use anyhow::{Context, Result};
use clap::{Parser, Subcommand, ValueEnum};

use ewn::board::Board;
use ewn::level::Level;
use ewn::notation;
use ewn::play::{Dice, PlayOptions};
use ewn::search::{Limits, Searcher};

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
        /// Measure the built-in `mcts` player instead: simulations per second of searches with
        /// this many simulations from the start position.
        #[arg(long, value_name = "SIMULATIONS")]
        mcts: Option<u32>,
    },
    /// Play a head-to-head match between engines and baselines.
    Match(ewn::referee::cli::MatchArgs),
    /// Replay a record file, checking every move and result.
    Replay(ewn::referee::cli::ReplayArgs),
    /// Convert a record file to a contest record style.
    Export(ewn::referee::cli::ExportArgs),
    /// Win chances of every move for a die, or before the roll the win chance and each face's
    /// best move.
    Analyse {
        /// Position string (quoted or as two words) or `startpos`.
        #[arg(required = true, num_args = 1..=2)]
        position: Vec<String>,
        /// The die face; without it the position is analysed before the roll.
        #[arg(long, value_parser = clap::value_parser!(u8).range(1..=6))]
        die: Option<u8>,
        /// Search time in milliseconds (default 1000 when no depth is given).
        #[arg(long)]
        movetime: Option<u64>,
        #[arg(long, value_parser = clap::value_parser!(u32).range(1..=64))]
        depth: Option<u32>,
        #[arg(long, default_value_t = 64)]
        hash: usize,
    },
    /// Start the browser arena on 127.0.0.1 and print its address.
    Gui(ewn::gui::GuiArgs),
    /// Play a game in the terminal against the engine, or with the engine as adviser.
    Play {
        /// The side(s) the person moves; the engine moves the others.
        #[arg(long, value_enum, default_value_t = Human::Red)]
        human: Human,
        /// The person enters the moves of both sides (a real board) and the engine advises.
        #[arg(long)]
        advise: bool,
        /// Start position string or `startpos`.
        #[arg(long, default_value = "startpos")]
        position: String,
        #[arg(long, value_enum, default_value_t = DiceArg::Auto)]
        dice: DiceArg,
        /// Seed of the program's dice and of the weaker levels' choices (default: the clock).
        #[arg(long)]
        seed: Option<u64>,
        /// Engine time per move in milliseconds.
        #[arg(long, default_value_t = 1000)]
        movetime: u64,
        /// Engine depth limit per move.
        #[arg(long, value_parser = clap::value_parser!(u32).range(1..=64))]
        depth: Option<u32>,
        /// Engine strength, 1 (weakest) to 10 (full strength).
        #[arg(long, default_value_t = ewn::level::MAX_LEVEL as u32)]
        level: u32,
        /// Save the game record to this file at the end.
        #[arg(long)]
        record: Option<PathBuf>,
        /// Append the engine's decisions as JSON lines to this file.
        #[arg(long)]
        decision_log: Option<PathBuf>,
        #[arg(long, value_enum, default_value_t = ColorArg::Auto)]
        color: ColorArg,
        #[arg(long, default_value_t = 64)]
        hash: usize,
    },
}

#[derive(Clone, Copy, ValueEnum)]
enum Human {
    Red,
    Blue,
    Both,
    None,
}

#[derive(Clone, Copy, ValueEnum)]
enum DiceArg {
    Auto,
    Manual,
}

#[derive(Clone, Copy, ValueEnum)]
enum ColorArg {
    Auto,
    Always,
    Never,
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
        Some(Command::Bench {
            mcts: Some(sims), ..
        }) => {
            let rate = ewn::referee::mcts::simulations_per_second(sims.max(1));
            println!("{} simulations/s", rate.round() as u64);
            Ok(())
        }
        Some(Command::Bench { depth, hash, .. }) => {
            let r = ewn::bench::run(depth, hash, |fen, die, nodes| {
                log::info!("{fen} die {die}: {nodes} nodes");
            });
            println!("{} nodes {} nps", r.nodes, r.nps());
            Ok(())
        }
        Some(Command::Match(args)) => ewn::referee::cli::run_match_cli(args),
        Some(Command::Replay(args)) => ewn::referee::cli::run_replay(args),
        Some(Command::Export(args)) => ewn::referee::cli::run_export(args),
        Some(Command::Gui(args)) => ewn::gui::run(args),
        Some(Command::Analyse {
            position,
            die,
            movetime,
            depth,
            hash,
        }) => {
            let b = parse_position(&position.join(" "))?;
            let limits = Limits {
                depth,
                movetime: movetime.or(if depth.is_none() { Some(1000) } else { None }),
                ..Limits::default()
            };
            let mut s = Searcher::new(hash);
            let text = match die {
                Some(d) if !b.is_over() => {
                    let a = ewn::analysis::analyse_die(&mut s, &b, d, &limits, &mut |_| {});
                    ewn::analysis::die_table(&b, &a)
                }
                _ => {
                    let p = ewn::analysis::analyse_preroll(&mut s, &b, &limits, &mut |_| {});
                    ewn::analysis::preroll_table(&b, &p)
                }
            };
            print!("{text}");
            Ok(())
        }
        Some(Command::Play {
            human,
            advise,
            position,
            dice,
            seed,
            movetime,
            depth,
            level,
            record,
            decision_log,
            color,
            hash,
        }) => {
            let seed = seed.unwrap_or_else(|| {
                std::time::SystemTime::now()
                    .duration_since(std::time::UNIX_EPOCH)
                    .map_or(1, |d| d.as_nanos() as u64)
            });
            let opts = PlayOptions {
                start: parse_position(&position)?,
                human: match (advise, human) {
                    (true, _) | (_, Human::Both) => [true, true],
                    (_, Human::Red) => [true, false],
                    (_, Human::Blue) => [false, true],
                    (_, Human::None) => [false, false],
                },
                advise,
                limits: Limits {
                    depth,
                    movetime: Some(movetime),
                    ..Limits::default()
                },
                level: Level::new(level).map_err(anyhow::Error::msg)?,
                seed,
                dice: match dice {
                    DiceArg::Auto => Dice::Auto { seed },
                    DiceArg::Manual => Dice::Manual,
                },
                color: match color {
                    ColorArg::Auto => std::io::stdout().is_terminal(),
                    ColorArg::Always => true,
                    ColorArg::Never => false,
                },
                record,
                decision_log,
                hash_mb: hash,
                echo: !std::io::stdin().is_terminal(),
            };
            let stdin = std::io::stdin();
            ewn::play::run(&opts, &mut stdin.lock(), &mut std::io::stdout().lock())?;
            Ok(())
        }
    }
}
