//! Checking a table: a plain expectimax to the end of the game, memoised by the position's
//! Zobrist key only (no indexing, no equivalences), on random covered positions, and the a5-e1
//! reflection's values; and the exactly best moves of a covered position.

use std::collections::HashMap;

use super::Tables;
use crate::rules::board::{Board, Color, Move, MoveList};
use crate::rules::rng::MatchRng;

/// The exact win probability of the side to move by expectimax over every roll and move.
pub fn expectimax(b: &mut Board, memo: &mut HashMap<u64, f64>) -> f64 {
    if let Some(w) = b.winner() {
        return if w == b.side_to_move() { 1.0 } else { 0.0 };
    }
    if let Some(&v) = memo.get(&b.key()) {
        return v;
    }
    let mut sum = 0.0;
    for face in 1..=6u8 {
        let list = b.moves_for_die(face);
        let mut best = 0.0f64;
        for &m in list.as_slice() {
            let u = b.make(m);
            let v = 1.0 - expectimax(b, memo);
            b.unmake(m, u);
            best = best.max(v);
        }
        sum += best;
    }
    let v = sum / 6.0;
    memo.insert(b.key(), v);
    v
}

/// A random position with `ku` cubes of the side to move and `kt` of the other, not finished.
pub fn random_position(rng: &mut MatchRng, ku: usize, kt: usize) -> Board {
    loop {
        let us = if rng.below(2) == 0 {
            Color::Red
        } else {
            Color::Blue
        };
        let mut b = Board::empty(us);
        let mut used = 0u32;
        for (c, k) in [(us, ku), (us.other(), kt)] {
            let mut numbers = 0u8;
            while (numbers.count_ones() as usize) < k {
                numbers |= 1 << rng.below(6);
            }
            for n in 1..=6u8 {
                if numbers & (1 << (n - 1)) != 0 {
                    let s = loop {
                        let s = rng.below(25) as u8;
                        if used & (1 << s) == 0 {
                            break s;
                        }
                    };
                    used |= 1 << s;
                    b.put(s, c, n);
                }
            }
        }
        if b.finish_setup().is_ok() && !b.is_over() {
            return b;
        }
    }
}

pub struct Report {
    pub positions: usize,
    pub max_diff: f64,
    pub reflection_mismatches: usize,
}

/// Compares `samples` random covered positions of every material with the expectimax.
pub fn sample(t: &Tables, samples: usize, seed: u64) -> Report {
    let mut rng = MatchRng::new(seed);
    let mut memo = HashMap::new();
    let mut r = Report {
        positions: 0,
        max_diff: 0.0,
        reflection_mismatches: 0,
    };
    let materials: Vec<(usize, usize)> = (2..=t.cubes())
        .flat_map(|m| (1..m).map(move |ku| (ku, m - ku)))
        .collect();
    for i in 0..samples {
        let (ku, kt) = materials[i % materials.len()];
        let mut b = random_position(&mut rng, ku, kt);
        let want = expectimax(&mut b, &mut memo);
        let got = t.probability(&b).expect("a covered position");
        r.max_diff = r.max_diff.max((want - got).abs());
        if t.probability(&b.reflected()) != Some(got) {
            r.reflection_mismatches += 1;
        }
        r.positions += 1;
    }
    r
}

/// Every move for `die` with its exact value for the mover, best first (ties in move order).
pub fn best_moves(t: &Tables, b: &Board, die: u8) -> Vec<(Move, f64)> {
    let mut b = b.clone();
    let mut list = MoveList::default();
    b.gen_moves(b.movable(die), &mut list);
    let mut v: Vec<(Move, f64)> = list
        .as_slice()
        .iter()
        .map(|&m| {
            let u = b.make(m);
            let p = if b.is_over() {
                1.0
            } else {
                1.0 - t.probability(&b).expect("a covered position")
            };
            b.unmake(m, u);
            (m, p)
        })
        .collect();
    v.sort_by(|a, b| b.1.total_cmp(&a.1));
    v
}
