//! `bench`: a fixed suite of positions and dice searched to a fixed depth with a fresh table.
//!
//! The node total is the search's behaviour signature: any change to move generation, ordering,
//! pruning, evaluation or the table shows up in it. A test asserts it; the README quotes it.

use std::time::Instant;

use crate::brain::search::{Limits, Searcher};
use crate::rules::notation::parse_fen_in;
use crate::rules::variant::Variant;

pub const DEFAULT_DEPTH: u32 = 6;

/// Positions (position string, die) covering openings, middlegames with captures and races.
pub const POSITIONS: [(&str, u8); 10] = [
    ("R1R2R32/R4R53/R63B6/3B5B4/2B3B2B1 r", 1),
    ("R1R2R32/R4R53/R63B6/3B5B4/2B3B2B1 r", 4),
    ("R3R6R12/R2R53/R43B1/3B2B3/2B4B5B6 b", 6),
    ("1R2R32/1R1R42/R64/2B5B21/2B3B61 r", 3),
    ("2R22/R41R52/1R6B52/3B3B6/4B1 b", 2),
    ("5/1R3R22/2R41B5/B1R52B3/5 r", 5),
    ("5/2R32/1B2R22/5/3B4B1 b", 4),
    ("R14/5/2B62/1R63/4B2 r", 6),
    ("5/1R2B22/5/3R51/B11B32 b", 1),
    ("R2R53/1R12B3/5/2B1B41/3R31 b", 3),
];

pub struct BenchResult {
    pub nodes: u64,
    pub micros: u128,
}

impl BenchResult {
    pub fn nps(&self) -> u64 {
        (self.nodes as u128 * 1_000_000 / self.micros.max(1)) as u64
    }
}

/// Runs the suite; `hash_mb` sizes a fresh table for every position. With one thread the node
/// count is the signature; with more it varies from run to run.
/// Only the searches are timed, not the clearing of the table between positions.
pub fn run(
    depth: u32,
    hash_mb: usize,
    threads: usize,
    mut report: impl FnMut(&str, u8, u64, u128),
) -> BenchResult {
    let mut searching = std::time::Duration::ZERO;
    let mut nodes = 0;
    let mut searcher = Searcher::new(hash_mb);
    searcher.set_threads(threads);
    let limits = Limits::to_depth(depth);
    for (fen, die) in POSITIONS {
        let b = parse_fen_in(Variant::standard(), fen).expect("bench position");
        searcher.clear();
        let start = Instant::now();
        let r = searcher.search(&b, die, &limits, &mut |_| {});
        let took = start.elapsed();
        searching += took;
        report(fen, die, r.nodes, took.as_micros());
        nodes += r.nodes;
    }
    BenchResult {
        nodes,
        micros: searching.as_micros(),
    }
}
