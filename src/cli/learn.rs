//! `ewn setups`, `duel`, `datagen`, `train` and `evalstats`: the learning tools.

use std::path::PathBuf;

use anyhow::{Context, Result};

use super::SelfPlayArgs;
use super::unit_interval;

/// Compute the setup table: every arrangement scored by fast self-play at a fixed depth.
#[derive(clap::Args)]
pub struct SetupsArgs {
    /// Games per setup class in the first phase.
    #[arg(long, default_value_t = 2000)]
    pub games: u32,
    /// How many of the best go on to the second phase.
    #[arg(long, default_value_t = 24)]
    pub refine_top: usize,
    /// Fresh games per setup in the second phase.
    #[arg(long, default_value_t = 20000)]
    pub refine_games: u32,
    #[command(flatten)]
    pub selfplay: SelfPlayArgs,
    /// Write the table here (default: standard output).
    #[arg(long)]
    pub out: Option<PathBuf>,
}

pub fn run_setups(args: SetupsArgs) -> Result<()> {
    let SetupsArgs {
        games,
        refine_top,
        refine_games,
        selfplay: sp,
        out,
    } = args;
    let SelfPlayArgs {
        depth,
        eval,
        seed,
        threads,
    } = sp;
    let cfg = crate::learn::setup_table::TableConfig {
        games,
        refine_top,
        refine_games,
        depth,
        eval,
        seed,
        threads,
    };
    let start = std::time::Instant::now();
    let entries = crate::learn::setup_table::compute(&cfg, &|phase, done, n| {
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
    let text = crate::brain::setup::format_table(&entries, &header);
    match out {
        Some(p) => std::fs::write(&p, text).with_context(|| format!("writing {}", p.display()))?,
        None => print!("{text}"),
    }
    log::info!("done in {:.1} s", start.elapsed().as_secs_f64());
    Ok(())
}

/// Paired in-process games between two fixed-depth players (evaluation and depth each).
#[derive(clap::Args)]
pub struct DuelArgs {
    #[arg(long, value_enum)]
    pub eval_a: crate::brain::search::EvalKind,
    #[arg(long)]
    pub depth_a: u32,
    #[arg(long, value_enum)]
    pub eval_b: crate::brain::search::EvalKind,
    #[arg(long)]
    pub depth_b: u32,
    #[arg(long, default_value_t = 1000)]
    pub games: u64,
    #[arg(long, default_value_t = 1)]
    pub seed: u64,
    #[arg(long, default_value_t = 2)]
    pub threads: usize,
}

pub fn run_duel(args: DuelArgs) -> Result<()> {
    let DuelArgs {
        eval_a,
        depth_a,
        eval_b,
        depth_b,
        games,
        seed,
        threads,
    } = args;
    use crate::learn::selfplay::{Budget, duel};
    let a = Budget {
        depth: depth_a,
        eval: eval_a,
    };
    let b = Budget {
        depth: depth_b,
        eval: eval_b,
    };
    let [l, d, w] = duel([a, b], games, seed, threads);
    let p = crate::referee::stats::Pairs::new(l, d, w);
    let s = p.score();
    println!(
        "pairs A lost {l}, split {d}, won {w}: score {:.3} [{:.3}, {:.3}] (95%, pairs)",
        s.value, s.low, s.high
    );
    Ok(())
}

/// Write self-play training positions: `<position> <result> <ply>` per line.
#[derive(clap::Args)]
pub struct DatagenArgs {
    /// Number of games.
    #[arg(long, default_value_t = 100_000)]
    pub games: u64,
    /// Label each position by a search of this depth before its roll, mixed with the result
    /// (0: by the game's result alone).
    #[arg(long, default_value_t = 0)]
    pub label_depth: u32,
    /// Weight of the game's result in a label when --label-depth is given; the search value
    /// has the rest.
    #[arg(long, default_value_t = 0.5, value_parser = unit_interval)]
    pub result_weight: f32,
    #[command(flatten)]
    pub selfplay: SelfPlayArgs,
    #[arg(long)]
    pub out: PathBuf,
}

pub fn run_datagen(args: DatagenArgs) -> Result<()> {
    let DatagenArgs {
        games,
        label_depth,
        result_weight,
        selfplay: sp,
        out,
    } = args;
    let f = std::fs::File::create(&out).with_context(|| format!("creating {}", out.display()))?;
    let mut w = std::io::BufWriter::new(f);
    let n = crate::learn::train::datagen(
        games,
        sp.depth,
        sp.eval,
        sp.seed,
        sp.threads,
        crate::learn::train::Labels {
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

/// Train the evaluation network on data files and write its weights.
#[derive(clap::Args)]
pub struct TrainArgs {
    /// Data files written by `datagen`.
    #[arg(required = true)]
    pub data: Vec<PathBuf>,
    #[arg(long, default_value_t = 8)]
    pub epochs: u32,
    #[arg(long, default_value_t = 256)]
    pub batch: usize,
    #[arg(long, default_value_t = 0.002)]
    pub lr: f32,
    #[arg(long, default_value_t = 1)]
    pub seed: u64,
    /// Every n-th position is held out for validation (without --valid).
    #[arg(long, default_value_t = 20)]
    pub holdout: usize,
    /// Validate on this data file instead of holding out positions of the training data,
    /// so that runs on different data are scored on the same positions.
    #[arg(long)]
    pub valid: Option<PathBuf>,
    /// Also train on every training position reflected in the a5-e1 diagonal, which maps
    /// the game onto itself (the validation positions are not reflected).
    #[arg(long)]
    pub mirror: bool,
    /// Weights file to write (the engine's is src/brain/net_weights.bin).
    #[arg(long)]
    pub out: PathBuf,
}

pub fn run_train(args: TrainArgs) -> Result<()> {
    let TrainArgs {
        data,
        epochs,
        batch,
        lr,
        seed,
        holdout,
        valid,
        mirror,
        out,
    } = args;
    let mut all = Vec::new();
    for p in &data {
        all.extend(crate::learn::train::samples(&crate::learn::train::load(p)?));
    }
    anyhow::ensure!(holdout >= 2, "--holdout must be at least 2");
    let (mut tr, mut va) = (Vec::new(), Vec::new());
    if let Some(v) = &valid {
        tr = all;
        va = crate::learn::train::samples(&crate::learn::train::load(v)?);
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
        crate::learn::train::add_mirrors(&mut tr);
    }
    println!(
        "{} training and {} validation positions",
        tr.len(),
        va.len()
    );
    let cfg = crate::learn::train::TrainConfig {
        epochs,
        batch: batch.max(1),
        lr,
        seed,
    };
    let net = crate::learn::train::train(&tr, &va, &cfg, &mut |e, t, v, v12| {
        println!("epoch {e}: training log-loss {t:.4}, validation {v:.4} (from ply 12 {v12:.4})");
    });
    let w = net.quantise();
    std::fs::write(&out, crate::brain::net::weights_bytes(&w))
        .with_context(|| format!("writing {}", out.display()))?;
    println!("weights written to {}", out.display());
    Ok(())
}

/// Log-loss and Brier score of the evaluations and of searches on a data file.
#[derive(clap::Args)]
pub struct EvalstatsArgs {
    pub data: PathBuf,
    /// Pre-roll search depths to score with each evaluation.
    #[arg(long, value_delimiter = ',', default_value = "1,2,4")]
    pub depths: Vec<u32>,
    /// The evaluations the searches use.
    #[arg(
        long,
        value_enum,
        value_delimiter = ',',
        default_value = "heuristic,net"
    )]
    pub search_evals: Vec<crate::brain::search::EvalKind>,
    /// Only positions from this ply on.
    #[arg(long, default_value_t = 0)]
    pub min_ply: u16,
    /// Use at most this many positions (evenly spaced through the file).
    #[arg(long)]
    pub limit: Option<usize>,
    #[arg(long, default_value_t = 16)]
    pub hash: usize,
}

pub fn run_evalstats(args: EvalstatsArgs) -> Result<()> {
    let EvalstatsArgs {
        data,
        depths,
        search_evals,
        min_ply,
        limit,
        hash,
    } = args;
    let mut d = crate::learn::train::load(&data)?;
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
        crate::learn::train::evalstats(&d, &depths, &search_evals, hash)
    );
    Ok(())
}
