//! `ewn analyse`: win chances of a position's moves, as a table.

use anyhow::Result;

use super::{parse_position, threads_parser};
use crate::brain::search::{Limits, Searcher};
use crate::rules::variant::Variant;

/// Win chances of every move for a die, or before the roll the win chance and each face's
/// best move.
#[derive(clap::Args)]
pub struct AnalyseArgs {
    /// Position string (quoted or as two words) or `startpos`.
    #[arg(required = true, num_args = 1..=2)]
    pub position: Vec<String>,
    /// The die face; without it the position is analysed before the roll.
    #[arg(long, value_parser = clap::value_parser!(u8).range(0..=12))]
    pub die: Option<u8>,
    /// Search time in milliseconds (default 1000 when no depth is given).
    #[arg(long)]
    pub movetime: Option<u64>,
    #[arg(long, value_parser = clap::value_parser!(u32).range(1..=64))]
    pub depth: Option<u32>,
    #[arg(long, default_value_t = 64)]
    pub hash: usize,
    /// Search threads.
    #[arg(long, default_value_t = 1, value_parser = threads_parser())]
    pub threads: u64,
    /// A directory of exact tables: endgame tables (`ewn tables build`) and solved variants'
    /// tables (`ewn solve --out`); positions they cover are valued exactly.
    #[arg(long = "tables", value_name = "DIR")]
    pub tables_dir: Option<std::path::PathBuf>,
    /// Endgame tables (from `--tables DIR`).
    #[arg(skip)]
    pub tables: Option<std::sync::Arc<crate::brain::tables::Tables>>,
    /// The solved table of the variant played, from the same directory (`ewn solve --out`).
    #[arg(skip)]
    pub solved: Option<std::sync::Arc<crate::brain::solve::Solved>>,
}

/// `ewn analyse`, on a position of variant `v`.
pub fn run_analyse(args: AnalyseArgs, v: &'static Variant) -> Result<()> {
    let AnalyseArgs {
        position,
        die,
        movetime,
        depth,
        hash,
        threads,
        tables,
        solved,
        // Read by `main`, which loads the tables into `tables` and `solved`.
        tables_dir: _,
    } = args;
    let b = parse_position(v, &position.join(" "))?;
    let limits = Limits {
        depth,
        movetime: movetime.or(if depth.is_none() { Some(1000) } else { None }),
        ..Limits::default()
    };
    let mut s = Searcher::new(hash);
    s.set_threads(threads as usize);
    s.set_tables(tables);
    if let Some(d) = die
        && !b.variant().is_outcome(d)
    {
        anyhow::bail!(
            "--die {d} is not a roll of {} ({})",
            b.variant().name(),
            b.variant().outcome_range()
        );
    }
    s.set_solved(solved);
    let text = match die {
        Some(d) if !b.is_over() => {
            let a = crate::brain::analysis::analyse_die(&mut s, &b, d, &limits, &mut |_| {});
            crate::brain::analysis::die_table(&b, &a)
        }
        _ => {
            let p = crate::brain::analysis::analyse_preroll(&mut s, &b, &limits, &mut |_| {});
            crate::brain::analysis::preroll_table(&b, &p)
        }
    };
    print!("{text}");
    Ok(())
}
