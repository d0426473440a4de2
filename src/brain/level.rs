//! Playing levels: 1 (weakest) to [`MAX_LEVEL`] (full strength).
//!
//! A weaker level searches less deeply and then picks at random among the moves whose win chance
//! is within a margin of the best one. The random choice is reproducible: it comes from splitmix64
//! seeded with a user seed, the position key and the die, so one seed replays the same game.
//! Full strength plays the search's best move and is deterministic.

use crate::brain::search::{Info, Limits, SearchResult, Searcher, WIN};
use crate::rules::board::{Board, Move};
use crate::rules::zobrist::splitmix64;

pub const MAX_LEVEL: u8 = 10;

/// Per level (index level - 1): depth cap (0 = none) and the margin below the best win chance,
/// in thousandths, within which moves are equally likely to be chosen.
const TABLE: [(u32, i64); MAX_LEVEL as usize] = [
    (1, 450),
    (1, 300),
    (2, 220),
    (2, 160),
    (3, 110),
    (3, 70),
    (4, 45),
    (5, 25),
    (6, 10),
    (0, 0),
];

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Level(u8);

/// A level outside 1..[`MAX_LEVEL`].
#[derive(Clone, Copy, Debug, PartialEq, Eq, thiserror::Error)]
#[error("level {0} out of range 1..{MAX_LEVEL}")]
pub struct LevelOutOfRange(pub u32);

impl Default for Level {
    fn default() -> Self {
        Level::FULL
    }
}

impl Level {
    pub const FULL: Level = Level(MAX_LEVEL);

    /// A level from 1 to [`MAX_LEVEL`].
    pub fn new(n: u32) -> Result<Level, LevelOutOfRange> {
        if (1..=MAX_LEVEL as u32).contains(&n) {
            Ok(Level(n as u8))
        } else {
            Err(LevelOutOfRange(n))
        }
    }

    pub fn get(self) -> u8 {
        self.0
    }

    pub fn is_full(self) -> bool {
        self.0 == MAX_LEVEL
    }

    /// The margin in search value units.
    pub fn margin(self) -> i64 {
        TABLE[self.0 as usize - 1].1 * WIN / 1000
    }

    /// The caller's limits, capped for this level. Weaker levels search every root move with a
    /// full window, since the choice among near-best moves needs their exact values.
    pub fn limits(self, base: &Limits) -> Limits {
        let mut l = base.clone();
        let cap = TABLE[self.0 as usize - 1].0;
        if cap > 0 {
            l.depth = Some(l.depth.map_or(cap, |d| d.min(cap)));
            l.multipv = usize::MAX;
        }
        l
    }

    /// The move to play from a finished search of `key`'s position with `die`.
    pub fn pick(self, result: &SearchResult, key: u64, die: u8, seed: u64) -> Move {
        if self.is_full() || result.root_moves.is_empty() {
            return result.best;
        }
        let best = result.root_moves[0].value;
        let near: Vec<Move> = result
            .root_moves
            .iter()
            .filter(|r| r.value >= best - self.margin())
            .map(|r| r.mv)
            .collect();
        let r = splitmix64(seed ^ key ^ (die as u64).wrapping_mul(0x9E37_79B9_7F4A_7C15)).1;
        near[(r % near.len() as u64) as usize]
    }
}

/// A move chosen at a level, with the search behind it.
#[derive(Clone, Debug, PartialEq)]
pub struct Choice {
    pub mv: Move,
    /// The chosen move's value for the side to move.
    pub value: i64,
    pub result: SearchResult,
    /// Every root move was searched with a full window, so all their values are exact.
    pub exact_values: bool,
}

/// Searches with the level's limits and picks the move. The position must not be finished.
pub fn choose(
    searcher: &mut Searcher,
    board: &Board,
    die: u8,
    limits: &Limits,
    level: Level,
    seed: u64,
    on_info: &mut dyn FnMut(&Info),
) -> Choice {
    let limits = level.limits(limits);
    let result = searcher.search(board, die, &limits, on_info);
    let mv = level.pick(&result, board.key(), die, seed);
    let value = result
        .root_moves
        .iter()
        .find(|r| r.mv == mv)
        .map_or(result.value, |r| r.value);
    Choice {
        mv,
        value,
        result,
        exact_values: limits.multipv > 1,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn range_is_checked() {
        assert!(Level::new(0).is_err());
        assert!(Level::new(MAX_LEVEL as u32 + 1).is_err());
        assert_eq!(Level::new(3).unwrap().get(), 3);
        assert!(Level::default().is_full());
    }

    #[test]
    fn full_strength_keeps_the_callers_limits() {
        let l = Limits::to_depth(9);
        assert_eq!(Level::FULL.limits(&l), l);
        assert_eq!(Level::new(1).unwrap().limits(&l).depth, Some(1));
    }
}
