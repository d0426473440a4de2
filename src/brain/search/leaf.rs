//! The search's leaves: which static evaluation values them, and the cheap terms a depth-1 node
//! keeps to value its quiet children without playing them.

use crate::brain::eval::{self, evaluate};
use crate::brain::general;
use crate::brain::net;
use crate::rules::board::{Board, Move};

/// Which static evaluation the search uses at its leaves.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, clap::ValueEnum)]
pub enum EvalKind {
    /// The race, material and immediate-win heuristic of `eval`.
    Heuristic,
    /// The learned network of `net`.
    #[default]
    Net,
    /// The rule-driven race evaluation of `general`, which every variant can use (and the one
    /// variants other than the standard game always use).
    General,
}

impl EvalKind {
    #[inline]
    pub fn evaluate(self, b: &Board) -> i64 {
        match self {
            EvalKind::Heuristic => evaluate(b),
            EvalKind::Net => net::evaluate(b),
            EvalKind::General => general::evaluate(b),
        }
    }

    /// The evaluation a search of `b` uses: the chosen one for the standard game, where all
    /// apply, and the general one for every other variant.
    #[inline]
    pub fn for_board(self, b: &Board) -> EvalKind {
        if b.variant().standard {
            self
        } else {
            EvalKind::General
        }
    }
}

/// A depth-1 node's terms for evaluating its quiet children without playing them.
pub(super) enum LeafTerms {
    Heuristic(eval::Sides),
    Net(net::ChildTerms),
}

impl LeafTerms {
    /// `None` for an evaluation without cheap child terms: its leaves are played and evaluated.
    #[inline]
    pub(super) fn new(kind: EvalKind, b: &Board) -> Option<LeafTerms> {
        match kind {
            EvalKind::Heuristic => Some(LeafTerms::Heuristic(eval::sides(b))),
            EvalKind::Net => Some(LeafTerms::Net(net::child_terms(b))),
            EvalKind::General => None,
        }
    }

    /// The evaluation of the position after the quiet move `m`, in parts (see [`Quiet`]).
    #[inline]
    pub(super) fn quiet_child(&self, b: &Board, m: Move) -> Quiet {
        match self {
            LeafTerms::Heuristic(t) => Quiet {
                now: Quiet::FINAL,
                key: eval::evaluate_after_quiet(b, t, m),
            },
            LeafTerms::Net(t) => {
                let c = net::quiet_child(b, t, m);
                Quiet {
                    now: c.now,
                    key: c.z,
                }
            }
        }
    }

    /// The evaluation of `b`, just after the capture `m` that did not end the game.
    #[inline]
    pub(super) fn capture_child(&self, b: &Board, m: Move) -> i64 {
        match self {
            LeafTerms::Heuristic(_) => evaluate(b),
            LeafTerms::Net(t) => net::evaluate_after_capture(b, t, m),
        }
    }
}

/// A quiet child's evaluation before its last steps. For the network: the faces on which the
/// child wins at once and the network's sum, which the evaluation does not decrease with when
/// `now` is the same; for the heuristic: the evaluation itself. So the children of a node are
/// compared by `key` where their `now` agrees, and only the best one's value is computed.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(super) struct Quiet {
    now: u8,
    key: i64,
}

impl Quiet {
    /// `now` of a key that is the evaluation already.
    const FINAL: u8 = u8::MAX;

    /// The child's evaluation.
    #[inline]
    pub(super) fn value(self) -> i64 {
        match self.now {
            Quiet::FINAL => self.key,
            now => net::quiet_value(net::QuietChild { now, z: self.key }),
        }
    }

    /// Whether `self` is worth less than `other` to the side to move in them (so more to the
    /// parent). Without computing either value when their `now` agrees; ties are not less.
    #[inline]
    pub(super) fn less(self, other: Quiet) -> bool {
        if self.now == other.now {
            self.key < other.key
        } else {
            self.value() < other.value()
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::rules::board::Board;

    /// Every quiet child of positions of random games: the one `less` finds least has the least
    /// value, for both evaluations with terms.
    #[test]
    fn the_least_quiet_child_by_its_parts_has_the_least_value() {
        let mut state = 23u64;
        let mut rnd = |k: usize| {
            let (s, v) = crate::rules::zobrist::splitmix64(state);
            state = s;
            (v % k as u64) as usize
        };
        let mut compared = 0;
        for _ in 0..200 {
            let mut b = Board::startpos();
            while !b.is_over() {
                let moves = b.all_moves();
                let quiet: Vec<Move> = moves
                    .as_slice()
                    .iter()
                    .copied()
                    .filter(|&m| b.piece_at(m.to) == 0 && !b.is_winning_move(m))
                    .collect();
                for kind in [EvalKind::Net, EvalKind::Heuristic] {
                    let t = LeafTerms::new(kind, &b).unwrap();
                    let Some(&first) = quiet.first() else { break };
                    let mut least = t.quiet_child(&b, first);
                    for &m in &quiet[1..] {
                        let q = t.quiet_child(&b, m);
                        if q.less(least) {
                            least = q;
                        }
                    }
                    let min = quiet.iter().map(|&m| t.quiet_value(&b, m)).min().unwrap();
                    assert_eq!(least.value(), min);
                    compared += 1;
                }
                let die = rnd(6) as u8 + 1;
                let list = b.moves_for_die(die);
                b.make(list.as_slice()[rnd(list.len())]);
            }
        }
        assert!(compared > 2000, "{compared}");
    }

    impl LeafTerms {
        /// The child's evaluation the plain way.
        fn quiet_value(&self, b: &Board, m: Move) -> i64 {
            match self {
                LeafTerms::Heuristic(t) => eval::evaluate_after_quiet(b, t, m),
                LeafTerms::Net(t) => net::evaluate_after_quiet(b, t, m),
            }
        }
    }
}
