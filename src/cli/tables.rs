//! `ewn tables`: build the exact endgame tables, check them against a plain expectimax, and look
//! positions up.

use std::path::{Path, PathBuf};
use std::sync::Arc;
use std::time::Instant;

use anyhow::{Context, Result, bail};

use super::parse_position;
use crate::brain::tables::{self, Progress, Tables};

/// The largest table `build` makes.
const BUILD_MAX: usize = 4;

#[derive(clap::Args)]
pub struct TablesArgs {
    #[command(subcommand)]
    pub command: TablesCommand,
}

#[derive(clap::Subcommand)]
pub enum TablesCommand {
    /// Solve every position with at most N cubes (at least one a side) and write
    /// `DIR/ewn-<N>cubes.tbl`.
    Build {
        /// The most cubes on the board, both sides together: 2 to 4. (The index knows 5, but
        /// solving it would hold 1.29 billion values, about 10 GB, in memory.)
        #[arg(long, value_parser = clap::value_parser!(u64).range(2..=BUILD_MAX as u64))]
        cubes: u64,
        /// The table directory (created if missing).
        #[arg(long)]
        out: PathBuf,
    },
    /// Compare the table with a plain expectimax to the end of the game on random covered
    /// positions.
    Verify {
        /// The table directory.
        #[arg(long)]
        dir: PathBuf,
        #[arg(long, default_value_t = 200)]
        samples: usize,
        #[arg(long, default_value_t = 1)]
        seed: u64,
    },
    /// Against the exact values of the covered positions in record files: the network's log-loss
    /// and calibration, and how often the moves played were exactly best and what they cost.
    Stats {
        /// The table directory.
        #[arg(long)]
        dir: PathBuf,
        /// Record files (`ewn match --record`, `ewn play --record`).
        #[arg(required = true)]
        files: Vec<PathBuf>,
    },
    /// The exact win probability of the side to move in a covered position, and each face's best
    /// moves.
    Probe {
        /// The table directory.
        #[arg(long)]
        dir: PathBuf,
        /// Position string (quoted or as two words).
        #[arg(required = true, num_args = 1..=2)]
        position: Vec<String>,
    },
}

/// The tables in `dir` for the engine and the tools, or an error saying why not.
pub fn load(dir: &Path) -> Result<Arc<Tables>> {
    let start = Instant::now();
    let t = tables::load_dir(dir)?;
    log::info!(
        "loaded the {}-cube table from {} in {} ms",
        t.cubes(),
        dir.display(),
        start.elapsed().as_millis()
    );
    Ok(Arc::new(t))
}

pub fn run_tables(args: TablesArgs) -> Result<()> {
    match args.command {
        TablesCommand::Build { cubes, out } => {
            let cubes = cubes as usize;
            std::fs::create_dir_all(&out).with_context(|| format!("creating {}", out.display()))?;
            let start = Instant::now();
            let t = tables::build(cubes, &mut Progress::stderr());
            let solved = start.elapsed();
            let path = out.join(tables::file_name(cubes));
            tables::write(&t, &path)?;
            let bytes = std::fs::metadata(&path)?.len();
            println!(
                "{} {} positions {} bytes {:.1} s",
                path.display(),
                t.values().len(),
                bytes,
                solved.as_secs_f64()
            );
            Ok(())
        }
        TablesCommand::Verify { dir, samples, seed } => {
            let t = load(&dir)?;
            let r = tables::verify::sample(&t, samples, seed);
            println!(
                "{} positions, largest difference {:.2e}, reflection differences {}",
                r.positions, r.max_diff, r.reflection_mismatches
            );
            if r.max_diff > 1e-9 || r.reflection_mismatches > 0 {
                bail!("the table disagrees with the expectimax");
            }
            Ok(())
        }
        TablesCommand::Stats { dir, files } => {
            let t = load(&dir)?;
            let mut games = Vec::new();
            for f in &files {
                let text = std::fs::read_to_string(f)
                    .with_context(|| format!("reading {}", f.display()))?;
                let g = crate::record::parse_records(&text)
                    .map_err(|e| anyhow::anyhow!("{}: {e}", f.display()))?;
                games.extend(g);
            }
            print!("{}", stats(&t, &games));
            Ok(())
        }
        TablesCommand::Probe { dir, position } => {
            let t = load(&dir)?;
            let b = parse_position(&position.join(" "))?;
            let Some(p) = t.probability(&b) else {
                bail!(
                    "the position is not in the {}-cube table (finished, or too many cubes)",
                    t.cubes()
                );
            };
            println!("wp {p:.6} exact");
            for die in 1..=6u8 {
                let best = tables::verify::best_moves(&t, &b, die);
                let moves: Vec<String> = best.iter().map(|(m, _)| m.to_string()).collect();
                println!("die {die} wp {:.6} best {}", best[0].1, moves.join(" "));
            }
            Ok(())
        }
    }
}

/// Sums over covered positions (index: cubes on the board; 0 for all).
#[derive(Clone, Copy, Default)]
struct Sums {
    positions: u64,
    log_loss: f64,
    entropy: f64,
    brier: f64,
    choices: u64,
    /// Choices whose moves do not all have the same exact value.
    differ: u64,
    best: u64,
    cost: f64,
    worst: f64,
}

/// The text of `tables stats`.
fn stats(t: &Tables, games: &[crate::record::GameRecord]) -> String {
    use std::fmt::Write as _;
    let mut by = [Sums::default(); 6];
    // Calibration: by the network's value in tenths, (positions, sum of network, sum of exact).
    let mut bins = [(0u64, 0.0f64, 0.0f64); 10];
    let h = |p: f64| {
        if p <= 0.0 || p >= 1.0 {
            0.0
        } else {
            -(p * p.ln() + (1.0 - p) * (1.0 - p).ln())
        }
    };
    for g in games {
        let mut b = g.start_board();
        for p in &g.plies {
            if let Some(exact) = t.probability(&b) {
                let cubes = (b.alive(crate::rules::board::Color::Red).count_ones()
                    + b.alive(crate::rules::board::Color::Blue).count_ones())
                    as usize;
                let q = crate::brain::search::to_prob(crate::brain::net::evaluate(&b))
                    .clamp(1e-6, 1.0 - 1e-6);
                let moves = tables::verify::best_moves(t, &b, p.die);
                let played = moves.iter().find(|m| m.0 == p.mv).map_or(0.0, |m| m.1);
                let cost = (moves[0].1 - played).max(0.0);
                let bin = ((q * 10.0) as usize).min(9);
                bins[bin].0 += 1;
                bins[bin].1 += q;
                bins[bin].2 += exact;
                for k in [0, cubes] {
                    let s = &mut by[k];
                    s.positions += 1;
                    s.log_loss += -(exact * q.ln() + (1.0 - exact) * (1.0 - q).ln());
                    s.entropy += h(exact);
                    s.brier += (q - exact) * (q - exact);
                    if moves.len() > 1 {
                        s.choices += 1;
                        s.differ += u64::from(moves[0].1 - moves[moves.len() - 1].1 > 1e-9);
                        s.best += u64::from(cost < 1e-9);
                        s.cost += cost;
                        s.worst = s.worst.max(cost);
                    }
                }
            }
            b.make(p.mv);
        }
    }
    let mut out = String::new();
    let _ = writeln!(
        out,
        "{} games; covered positions before the roll, by cubes on the board:",
        games.len()
    );
    let _ = writeln!(
        out,
        "{:>5}  {:>9}  {:>8}  {:>8}  {:>8}  {:>8}  {:>7}  {:>6}  {:>8}  {:>9}  {:>8}",
        "cubes",
        "positions",
        "logloss",
        "entropy",
        "excess",
        "brier",
        "choices",
        "differ",
        "best",
        "cost/ch",
        "worst"
    );
    for (k, s) in by.iter().enumerate() {
        if s.positions == 0 {
            continue;
        }
        let n = s.positions as f64;
        let c = s.choices.max(1) as f64;
        let _ = writeln!(
            out,
            "{:>5}  {:>9}  {:>8.5}  {:>8.5}  {:>8.5}  {:>8.5}  {:>7}  {:>6}  {:>8.4}  {:>9.6}  {:>8.4}",
            if k == 0 {
                "all".to_string()
            } else {
                k.to_string()
            },
            s.positions,
            s.log_loss / n,
            s.entropy / n,
            (s.log_loss - s.entropy) / n,
            s.brier / n,
            s.choices,
            s.differ,
            s.best as f64 / c,
            s.cost / c,
            s.worst
        );
    }
    let _ = writeln!(
        out,
        "Calibration: the network's value in tenths, positions, its mean, the exact mean:"
    );
    for (i, (n, q, p)) in bins.iter().enumerate() {
        if *n > 0 {
            let _ = writeln!(
                out,
                "  {:.1}-{:.1}  {:>7}  {:.4}  {:.4}",
                i as f64 / 10.0,
                (i + 1) as f64 / 10.0,
                n,
                q / *n as f64,
                p / *n as f64
            );
        }
    }
    out
}
