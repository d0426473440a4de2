//! Command line: with no subcommand the engine speaks its protocol on stdin/stdout.

use std::io::IsTerminal;
use std::path::PathBuf;

use anyhow::{Context, Result};
use clap::{CommandFactory, FromArgMatches, Parser, Subcommand, ValueEnum};

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
    /// Search threads of the protocol loop: for the TCG protocol, which has no options, and where
    /// the native `Threads` option starts (default 1). Subcommands take their own `--threads`.
    #[arg(long, value_parser = threads_parser())]
    threads: Option<u64>,
    #[command(subcommand)]
    command: Option<Command>,
}

/// A thread count, 1 to the most a searcher runs.
fn threads_parser() -> clap::builder::RangedU64ValueParser {
    clap::value_parser!(u64).range(1..=ewn::search::MAX_THREADS as u64)
}

fn unit_interval(s: &str) -> Result<f32, String> {
    match s.parse::<f32>() {
        Ok(x) if (0.0..=1.0).contains(&x) => Ok(x),
        _ => Err(format!("'{s}' is not a number from 0 to 1")),
    }
}

/// How the self-play games of `setups` and `datagen` are played.
#[derive(clap::Args)]
struct SelfPlayArgs {
    /// Search depth of both sides in every game.
    #[arg(long, default_value_t = 3)]
    depth: u32,
    /// Leaf evaluation of the players.
    #[arg(long, value_enum, default_value_t = ewn::search::EvalKind::Net)]
    eval: ewn::search::EvalKind,
    #[arg(long, default_value_t = 1)]
    seed: u64,
    /// Worker threads (the result does not depend on them).
    #[arg(long, default_value_t = 2)]
    threads: usize,
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
        /// Search threads sharing the table (node counts vary from run to run with more than 1).
        #[arg(long, default_value_t = 1, value_parser = threads_parser())]
        threads: u64,
        /// Measure the built-in `mcts` player instead: simulations per second of searches with
        /// this many simulations from the start position.
        #[arg(long, value_name = "SIMULATIONS")]
        mcts: Option<u32>,
    },
    /// Compute the setup table: every arrangement scored by fast self-play at a fixed depth.
    Setups {
        /// Games per setup class in the first phase.
        #[arg(long, default_value_t = 2000)]
        games: u32,
        /// How many of the best go on to the second phase.
        #[arg(long, default_value_t = 24)]
        refine_top: usize,
        /// Fresh games per setup in the second phase.
        #[arg(long, default_value_t = 20000)]
        refine_games: u32,
        #[command(flatten)]
        selfplay: SelfPlayArgs,
        /// Write the table here (default: standard output).
        #[arg(long)]
        out: Option<PathBuf>,
    },
    /// Paired in-process games between two fixed-depth players (evaluation and depth each).
    Duel {
        #[arg(long, value_enum)]
        eval_a: ewn::search::EvalKind,
        #[arg(long)]
        depth_a: u32,
        #[arg(long, value_enum)]
        eval_b: ewn::search::EvalKind,
        #[arg(long)]
        depth_b: u32,
        #[arg(long, default_value_t = 1000)]
        games: u64,
        #[arg(long, default_value_t = 1)]
        seed: u64,
        #[arg(long, default_value_t = 2)]
        threads: usize,
    },
    /// Write self-play training positions: `<position> <result> <ply>` per line.
    Datagen {
        /// Number of games.
        #[arg(long, default_value_t = 100_000)]
        games: u64,
        /// Label each position by a search of this depth before its roll, mixed with the result
        /// (0: by the game's result alone).
        #[arg(long, default_value_t = 0)]
        label_depth: u32,
        /// Weight of the game's result in a label when --label-depth is given; the search value
        /// has the rest.
        #[arg(long, default_value_t = 0.5, value_parser = unit_interval)]
        result_weight: f32,
        #[command(flatten)]
        selfplay: SelfPlayArgs,
        #[arg(long)]
        out: PathBuf,
    },
    /// Train the evaluation network on data files and write its weights.
    Train {
        /// Data files written by `datagen`.
        #[arg(required = true)]
        data: Vec<PathBuf>,
        #[arg(long, default_value_t = 8)]
        epochs: u32,
        #[arg(long, default_value_t = 256)]
        batch: usize,
        #[arg(long, default_value_t = 0.002)]
        lr: f32,
        #[arg(long, default_value_t = 1)]
        seed: u64,
        /// Every n-th position is held out for validation (without --valid).
        #[arg(long, default_value_t = 20)]
        holdout: usize,
        /// Validate on this data file instead of holding out positions of the training data,
        /// so that runs on different data are scored on the same positions.
        #[arg(long)]
        valid: Option<PathBuf>,
        /// Also train on every training position reflected in the a5-e1 diagonal, which maps
        /// the game onto itself (the validation positions are not reflected).
        #[arg(long)]
        mirror: bool,
        /// Weights file to write (the engine's is src/net_weights.bin).
        #[arg(long)]
        out: PathBuf,
    },
    /// Log-loss and Brier score of the evaluations and of searches on a data file.
    Evalstats {
        data: PathBuf,
        /// Pre-roll search depths to score with each evaluation.
        #[arg(long, value_delimiter = ',', default_value = "1,2,4")]
        depths: Vec<u32>,
        /// The evaluations the searches use.
        #[arg(
            long,
            value_enum,
            value_delimiter = ',',
            default_value = "heuristic,net"
        )]
        search_evals: Vec<ewn::search::EvalKind>,
        /// Only positions from this ply on.
        #[arg(long, default_value_t = 0)]
        min_ply: u16,
        /// Use at most this many positions (evenly spaced through the file).
        #[arg(long)]
        limit: Option<usize>,
        #[arg(long, default_value_t = 16)]
        hash: usize,
    },
    /// Play a match or a tournament between engines and baselines.
    Match(ewn::referee::cli::MatchArgs),
    /// The result of the games in record files, merged as one match (for example its shards).
    Stats(ewn::referee::cli::StatsArgs),
    /// Replay a record file, checking every move and result.
    Replay(ewn::referee::cli::ReplayArgs),
    /// Convert a record file to a contest record style.
    Export(ewn::referee::cli::ExportArgs),
    /// The win chance each player gave away in recorded games, move by move, by the engine's search
    Review(ewn::review::ReviewArgs),
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
        /// Search threads.
        #[arg(long, default_value_t = 1, value_parser = threads_parser())]
        threads: u64,
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
        /// The engine's search threads.
        #[arg(long, default_value_t = 1, value_parser = threads_parser())]
        threads: u64,
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

fn main() -> std::process::ExitCode {
    env_logger::Builder::from_env(env_logger::Env::default().default_filter_or("warn"))
        .target(env_logger::Target::Stderr)
        .init();
    // One line per error, its causes joined with ': ', whatever RUST_BACKTRACE says.
    match run() {
        Ok(()) => std::process::ExitCode::SUCCESS,
        Err(e) => {
            eprintln!("error: {e:#}");
            std::process::ExitCode::FAILURE
        }
    }
}

fn run() -> Result<()> {
    let matches = Cli::command().get_matches();
    let mut cli = Cli::from_arg_matches(&matches).unwrap_or_else(|e| e.exit());
    if let (Some(Command::Match(args)), Some(("match", m))) =
        (cli.command.as_mut(), matches.subcommand())
    {
        args.group_engines(m);
    }
    if cli.threads.is_some() && cli.command.is_some() {
        // Silently searching with one thread would be worse than saying so.
        anyhow::bail!(
            "--threads before a subcommand is for the protocol loop; give it after the subcommand"
        );
    }
    match cli.command {
        None => ewn::protocol::run_stdio(cli.protocol, cli.threads.unwrap_or(1) as usize),
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
        Some(Command::Bench {
            depth,
            hash,
            threads,
            ..
        }) => {
            let r = ewn::bench::run(depth, hash, threads as usize, |fen, die, nodes, us| {
                log::info!("{fen} die {die}: {nodes} nodes, {} ms", us / 1000);
            });
            println!("{} nodes {} nps", r.nodes, r.nps());
            Ok(())
        }
        Some(Command::Setups {
            games,
            refine_top,
            refine_games,
            selfplay: sp,
            out,
        }) => {
            let SelfPlayArgs {
                depth,
                eval,
                seed,
                threads,
            } = sp;
            let cfg = ewn::setup_table::TableConfig {
                games,
                refine_top,
                refine_games,
                depth,
                eval,
                seed,
                threads,
            };
            let start = std::time::Instant::now();
            let entries = ewn::setup_table::compute(&cfg, &|phase, done, n| {
                if done * 10 / n != (done - 1) * 10 / n {
                    log::info!("{phase}: {done}/{n} setups");
                }
            });
            let header = format!(
                "Setup table: setup (a5 b5 c5 a4 b4 a3 for Red; the point mirror for Blue), wins, games.\n\
                 Made by: ewn setups --games {games} --refine-top {refine_top} --refine-games {refine_games} --depth {depth} --eval {} --seed {seed}\n\
                 The first {refine_top} are ranked by their refining games alone; each line stands for a setup and its mirror.",
                clap::ValueEnum::to_possible_value(&eval)
                    .unwrap()
                    .get_name()
            );
            let text = ewn::setup_table::format_table(&entries, &header);
            match out {
                Some(p) => {
                    std::fs::write(&p, text).with_context(|| format!("writing {}", p.display()))?
                }
                None => print!("{text}"),
            }
            log::info!("done in {:.1} s", start.elapsed().as_secs_f64());
            Ok(())
        }
        Some(Command::Duel {
            eval_a,
            depth_a,
            eval_b,
            depth_b,
            games,
            seed,
            threads,
        }) => {
            use ewn::selfplay::{Budget, duel};
            let a = Budget {
                depth: depth_a,
                eval: eval_a,
            };
            let b = Budget {
                depth: depth_b,
                eval: eval_b,
            };
            let [l, d, w] = duel([a, b], games, seed, threads);
            let p = ewn::referee::stats::Pairs::new(l, d, w);
            let s = p.score();
            println!(
                "pairs A lost {l}, split {d}, won {w}: score {:.3} [{:.3}, {:.3}] (95%, pairs)",
                s.value, s.low, s.high
            );
            Ok(())
        }
        Some(Command::Datagen {
            games,
            label_depth,
            result_weight,
            selfplay: sp,
            out,
        }) => {
            let f = std::fs::File::create(&out)
                .with_context(|| format!("creating {}", out.display()))?;
            let mut w = std::io::BufWriter::new(f);
            let n = ewn::train::datagen(
                games,
                sp.depth,
                sp.eval,
                sp.seed,
                sp.threads,
                ewn::train::Labels {
                    depth: label_depth,
                    result_weight: if label_depth == 0 { 1.0 } else { result_weight },
                },
                &mut w,
                &|g| {
                    if g % 10_000 == 0 {
                        log::info!("{g} games");
                    }
                },
            )?;
            std::io::Write::flush(&mut w)?;
            println!(
                "{n} positions from {games} games written to {}",
                out.display()
            );
            Ok(())
        }
        Some(Command::Train {
            data,
            epochs,
            batch,
            lr,
            seed,
            holdout,
            valid,
            mirror,
            out,
        }) => {
            let mut all = Vec::new();
            for p in &data {
                all.extend(ewn::train::samples(&ewn::train::load(p)?));
            }
            anyhow::ensure!(holdout >= 2, "--holdout must be at least 2");
            let (mut tr, mut va) = (Vec::new(), Vec::new());
            if let Some(v) = &valid {
                tr = all;
                va = ewn::train::samples(&ewn::train::load(v)?);
            } else {
                for (i, s) in all.into_iter().enumerate() {
                    if i % holdout == 0 {
                        va.push(s)
                    } else {
                        tr.push(s)
                    }
                }
            }
            anyhow::ensure!(!tr.is_empty() && !va.is_empty(), "too little data");
            if mirror {
                ewn::train::add_mirrors(&mut tr);
            }
            println!(
                "{} training and {} validation positions",
                tr.len(),
                va.len()
            );
            let cfg = ewn::train::TrainConfig {
                epochs,
                batch: batch.max(1),
                lr,
                seed,
            };
            let net = ewn::train::train(&tr, &va, &cfg, &mut |e, t, v, v12| {
                println!(
                    "epoch {e}: training log-loss {t:.4}, validation {v:.4} (from ply 12 {v12:.4})"
                );
            });
            let w = net.quantise();
            std::fs::write(&out, ewn::net::weights_bytes(&w))
                .with_context(|| format!("writing {}", out.display()))?;
            println!("weights written to {}", out.display());
            Ok(())
        }
        Some(Command::Evalstats {
            data,
            depths,
            search_evals,
            min_ply,
            limit,
            hash,
        }) => {
            let mut d = ewn::train::load(&data)?;
            d.retain(|(_, _, ply)| *ply >= min_ply);
            if let Some(k) = limit
                && k > 0
                && d.len() > k
            {
                let step = d.len() as f64 / k as f64;
                d = (0..k)
                    .map(|i| d[(i as f64 * step) as usize].clone())
                    .collect();
            }
            print!(
                "{}",
                ewn::train::evalstats(&d, &depths, &search_evals, hash)
            );
            Ok(())
        }
        Some(Command::Match(args)) => ewn::referee::cli::run_match_cli(args),
        Some(Command::Stats(args)) => ewn::referee::cli::run_stats(args),
        Some(Command::Replay(args)) => ewn::referee::cli::run_replay(args),
        Some(Command::Export(args)) => ewn::referee::cli::run_export(args),
        Some(Command::Review(args)) => ewn::review::run_review(args),
        Some(Command::Gui(args)) => ewn::gui::run(args),
        Some(Command::Analyse {
            position,
            die,
            movetime,
            depth,
            hash,
            threads,
        }) => {
            let b = parse_position(&position.join(" "))?;
            let limits = Limits {
                depth,
                movetime: movetime.or(if depth.is_none() { Some(1000) } else { None }),
                ..Limits::default()
            };
            let mut s = Searcher::new(hash);
            s.set_threads(threads as usize);
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
            threads,
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
                threads: threads as usize,
                echo: !std::io::stdin().is_terminal(),
            };
            let stdin = std::io::stdin();
            ewn::play::run(&opts, &mut stdin.lock(), &mut std::io::stdout().lock())?;
            Ok(())
        }
    }
}
