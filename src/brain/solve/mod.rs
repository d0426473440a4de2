//! Solved variants: the exact value of every reachable position of a variant small enough, the
//! matrix of every pair of setups and the optimal (Nash) mixed setups, and the one-cube game on
//! every board.
//!
//! `index.rs` says how a position becomes a slot, `build.rs` how every reachable position is
//! solved (one memoised pass, no iteration: a game without passes never repeats a position),
//! `cyclic.rs` how a variant that passes is solved (value iteration with a proved bound),
//! `file.rs` how the table is stored, `nash.rs` the equilibrium over setups, a linear program,
//! and `one_cube.rs` the deterministic one-cube race. [`Solved`] is the table as the search uses
//! it: [`Solved::probe`] at chance nodes and the root, only on boards of its own variant.

pub mod build;
pub mod cyclic;
mod error;
pub mod file;
pub mod index;
pub mod nash;
pub mod one_cube;

use std::sync::OnceLock;

use crate::brain::tables::codec;
use crate::rules::board::{Board, Color};
use crate::rules::variant::Variant;

pub use build::{Progress, Solution, passes, setups, start_position};
pub use error::SolveError;
pub use index::{Layout, slots_estimate};
pub use nash::{Equilibrium, equilibrium};

/// Solves every position reachable from the start positions of `v` (every pair of setups, either
/// side first): in one memoised pass with `threads` threads when no position can repeat
/// ([`build`]), else by value iteration on one thread ([`cyclic`], which refuses a variant whose
/// games can go on forever). The index must fit in memory (the caller estimates first).
pub fn solve(
    v: &'static Variant,
    threads: usize,
    progress: &Progress,
) -> Result<Solution, SolveError> {
    if passes(v).is_some() {
        cyclic::solve(v, progress)
    } else {
        build::solve_acyclic(v, threads, progress)
    }
}

/// The win chances of every pair of setups: `values[i][j]` is the first mover's chance, before
/// its first roll, when it plays `setups[i]` and the other side `setups[j]`.
#[derive(Clone, Debug, PartialEq)]
pub struct SetupMatrix {
    /// The side that moves first.
    pub first: Color,
    /// Each side's setups (cube numbers in setup order), the same list for both.
    pub setups: Vec<Vec<u8>>,
    pub values: Vec<Vec<f64>>,
}

/// The setup matrix of `v`, each start position valued by `value` (for the side to move).
pub fn setup_matrix(v: &'static Variant, value: impl Fn(&Board) -> f64) -> SetupMatrix {
    let first = v.rules.first;
    let all = setups(v);
    let values = all
        .iter()
        .map(|a| {
            all.iter()
                .map(|b| {
                    let p = start_position(v, first, a, b);
                    match p.winner() {
                        Some(w) => f64::from(u8::from(w == first)),
                        None => value(&p),
                    }
                })
                .collect()
        })
        .collect();
    SetupMatrix {
        first,
        setups: all,
        values,
    }
}

/// A solved variant's table as the engine uses it.
pub struct Solved {
    layout: Layout,
    values: Vec<u32>,
    equilibrium: OnceLock<Option<Equilibrium>>,
}

impl std::fmt::Debug for Solved {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(
            f,
            "Solved({}, {} values)",
            self.layout.v.name(),
            self.values.len()
        )
    }
}

impl Solved {
    /// A table over stored values (see `file.rs`) in the layout's order.
    pub fn from_values(layout: Layout, values: Vec<u32>) -> Solved {
        assert_eq!(values.len() as u64, layout.len(), "one value per slot");
        Solved {
            layout,
            values,
            equilibrium: OnceLock::new(),
        }
    }

    /// The table of a solution just computed (the values rounded as the file stores them).
    pub fn from_solution(s: Solution) -> Solved {
        let values = file::stored(&s).collect();
        Solved::from_values(s.layout, values)
    }

    pub fn variant(&self) -> &'static Variant {
        self.layout.v
    }

    /// Is `b` a position of this table's variant (not finished)? Its value may still be unknown
    /// when no game reaches it.
    #[inline]
    pub fn covers(&self, b: &Board) -> bool {
        self.layout.covers(b)
    }

    #[inline]
    fn raw(&self, b: &Board) -> Option<u32> {
        if !self.covers(b) {
            return None;
        }
        let x = self.values[self.layout.index_of(b)];
        (x != codec::UNKNOWN).then_some(x)
    }

    /// The exact value of a reachable position for the side to move, in the search's units
    /// (`0..=WIN`; 0 and `WIN` only for certain results); `None` for another variant's position,
    /// a finished one or one no game reaches.
    #[inline]
    pub fn probe(&self, b: &Board) -> Option<i64> {
        self.raw(b).map(codec::to_search_value)
    }

    /// The exact win probability of a reachable position for the side to move.
    pub fn probability(&self, b: &Board) -> Option<f64> {
        self.raw(b).map(codec::dequantise)
    }

    /// The equilibrium over setups, computed on first use from the stored start values (`None`
    /// when the linear program fails, which the tests would show).
    pub fn equilibrium(&self) -> Option<&Equilibrium> {
        self.equilibrium
            .get_or_init(|| {
                let m = setup_matrix(self.layout.v, |b| self.probability(b).unwrap_or(0.5));
                equilibrium(&m.values).ok()
            })
            .as_ref()
    }

    /// A setup for `side` drawn from its equilibrium strategy by `u` in `[0, 1)`: the first mover's
    /// strategy when `side` moves first in this variant, else the second mover's.
    pub fn equilibrium_setup(&self, side: Color, u: f64) -> Option<Vec<u8>> {
        let e = self.equilibrium()?;
        let probs = if side == self.layout.v.rules.first {
            &e.first
        } else {
            &e.second
        };
        let all = setups(self.layout.v);
        let mut acc = 0.0;
        let mut last = None;
        for (i, &p) in probs.iter().enumerate() {
            if p <= 0.0 {
                continue;
            }
            acc += p;
            last = Some(i);
            if u < acc {
                return Some(all[i].clone());
            }
        }
        last.map(|i| all[i].clone())
    }
}
