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

    #[inline]
    pub(super) fn quiet_child(&self, b: &Board, m: Move) -> i64 {
        match self {
            LeafTerms::Heuristic(t) => eval::evaluate_after_quiet(b, t, m),
            LeafTerms::Net(t) => net::evaluate_after_quiet(b, t, m),
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
