//! `ewn perft` and `ewn bench`: the rules' and the search's signatures.

use anyhow::Result;

use super::{parse_position, threads_parser};

/// Count (die, move) paths to a depth, summed over all die faces.
#[derive(clap::Args)]
pub struct PerftArgs {
    pub depth: u32,
    /// Position string or `startpos`.
    #[arg(long, default_value = "startpos")]
    pub position: String,
    /// Print the count after each first (die, move).
    #[arg(long)]
    pub divide: bool,
}

pub fn run_perft(args: PerftArgs, v: &'static crate::rules::variant::Variant) -> Result<()> {
    let PerftArgs {
        depth,
        position,
        divide,
    } = args;
    let mut b = parse_position(v, &position)?;
    let start = std::time::Instant::now();
    let total = if divide {
        let parts = crate::rules::perft::divide(&mut b, depth);
        for (die, m, n) in &parts {
            println!("{die} {} {n}", m.display(b.variant()));
        }
        parts.iter().map(|p| p.2).sum()
    } else {
        crate::rules::perft::perft(&mut b, depth)
    };
    let ms = start.elapsed().as_millis().max(1);
    println!("{total}");
    log::info!("perft {depth}: {total} in {ms} ms");
    Ok(())
}

/// Search a fixed suite of positions; prints `<nodes> nodes <nps> nps`.
#[derive(clap::Args)]
pub struct BenchArgs {
    #[arg(default_value_t = crate::app::bench::DEFAULT_DEPTH)]
    pub depth: u32,
    /// Table size in MiB for each position.
    #[arg(long, default_value_t = 16)]
    pub hash: usize,
    /// Search threads sharing the table (node counts vary from run to run with more than 1).
    #[arg(long, default_value_t = 1, value_parser = threads_parser())]
    pub threads: u64,
    /// Measure the built-in `mcts` player instead: simulations per second of searches with
    /// this many simulations from the start position.
    #[arg(long, value_name = "SIMULATIONS")]
    pub mcts: Option<u32>,
}

pub fn run_bench(args: BenchArgs) -> Result<()> {
    if let Some(sims) = args.mcts {
        let rate = crate::players::mcts::simulations_per_second(sims.max(1));
        println!("{} simulations/s", rate.round() as u64);
        return Ok(());
    }
    let r = crate::app::bench::run(
        args.depth,
        args.hash,
        args.threads as usize,
        |fen, die, nodes, us| {
            log::info!("{fen} die {die}: {nodes} nodes, {} ms", us / 1000);
        },
    );
    println!("{} nodes {} nps", r.nodes, r.nps());
    Ok(())
}
