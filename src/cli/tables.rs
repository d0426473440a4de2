//! `ewn tables`: build the exact endgame tables, check them against a plain expectimax, and look
//! positions up.

use std::path::{Path, PathBuf};
use std::sync::Arc;
use std::time::Instant;

use anyhow::{Context, Result, bail};

use super::parse_position;
use crate::brain::tables::{self, Progress, Tables};
use crate::record::read_record_file;

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

pub fn run_tables(args: TablesArgs, v: &'static crate::rules::variant::Variant) -> Result<()> {
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
                games.extend(read_record_file(f)?.into_iter().map(|g| g.game));
            }
            print!("{}", crate::app::endgames::stats(&t, &games));
            Ok(())
        }
        TablesCommand::Probe { dir, position } => {
            let t = load(&dir)?;
            let b = parse_position(v, &position.join(" "))?;
            let Some(p) = t.probability(&b) else {
                bail!(
                    "the position is not in the {}-cube table (finished, or too many cubes)",
                    t.cubes()
                );
            };
            println!("wp {p:.6} exact");
            for die in 1..=6u8 {
                let best = tables::verify::best_moves(&t, &b, die);
                let moves: Vec<String> = best
                    .iter()
                    .map(|(m, _)| m.display(b.variant()).to_string())
                    .collect();
                println!("die {die} wp {:.6} best {}", best[0].1, moves.join(" "));
            }
            Ok(())
        }
    }
}
