//! Solved variants: the exact value of every reachable position of a variant small enough, the
//! matrix of every pair of setups and the optimal (Nash) mixed setups, and the one-cube game on
//! every board.
//!
//! `index.rs` says how a position becomes a slot, `acyclic.rs` how every reachable position is
//! solved (one memoised pass, no iteration: a game without passes never repeats a position),
//! `cyclic.rs` how a variant that passes is solved (value iteration with a proved bound),
//! `file.rs` how the table is stored, `nash.rs` the equilibrium over setups, a linear program,
//! and `one_cube.rs` the deterministic one-cube race. This file holds what both solves share:
//! the [`Solution`], the start positions and the progress lines. [`Solved`] is the table as the
//! search uses it: [`Solved::probe`] at chance nodes and the root, only on boards of its own
//! variant.

pub mod acyclic;
pub mod cyclic;
mod error;
pub mod file;
pub mod index;
pub mod nash;
pub mod one_cube;

use std::sync::OnceLock;
use std::sync::atomic::{AtomicU64, Ordering};

use crate::brain::tables::codec;
use crate::rules::board::{Board, Color};
use crate::rules::variant::{Substitute, Variant};

pub use error::SolveError;
pub use index::{Layout, slots_estimate};
pub use nash::{Equilibrium, equilibrium};

/// Solves every position reachable from the start positions of `v` (every pair of setups, either
/// side first): in one memoised pass with `threads` threads when no position can repeat
/// ([`acyclic`]), else by value iteration on one thread ([`cyclic`], which refuses a variant
/// whose games can go on forever). The index must fit in memory (the caller estimates first).
pub fn solve(
    v: &'static Variant,
    threads: usize,
    progress: &Progress,
) -> Result<Solution, SolveError> {
    if passes(v).is_some() {
        cyclic::solve(v, progress)
    } else {
        acyclic::solve_acyclic(v, threads, progress)
    }
}

/// An unsolved or unreachable slot of a [`Solution`].
const UNKNOWN: u64 = u64::MAX;

/// Every reachable position's exact value in `f64`, for the side to move before its roll.
pub struct Solution {
    pub layout: Layout,
    values: Vec<AtomicU64>,
    /// Positions solved (reachable, not finished; a position and its mirror image count once).
    pub positions: u64,
    pub seconds: f64,
    /// The largest difference between a stored value and the exact one: 0 for the one-pass
    /// solve, at most half the iteration's final gap for a variant that passes.
    pub bound: f64,
    /// Sweeps of value iteration (0: the one-pass solve).
    pub sweeps: u32,
}

impl Solution {
    /// The value of a reachable position for its side to move, `None` for one the solve did not
    /// reach (or another variant's, or a finished one).
    pub fn value(&self, b: &Board) -> Option<f64> {
        if !self.layout.covers(b) {
            return None;
        }
        let x = self.values[self.layout.index_of(b)].load(Ordering::Relaxed);
        (x != UNKNOWN).then(|| f64::from_bits(x))
    }

    /// Every slot's value in index order (`None`: not reached).
    pub fn raw(&self) -> impl Iterator<Item = Option<f64>> + '_ {
        self.values.iter().map(|x| {
            let x = x.load(Ordering::Relaxed);
            (x != UNKNOWN).then(|| f64::from_bits(x))
        })
    }
}

/// One unknown value per slot of `layout`, or why they cannot be allocated.
fn unknown_values(layout: &Layout) -> Result<Vec<AtomicU64>, SolveError> {
    let len = layout.len() as usize;
    let mut values = Vec::new();
    values
        .try_reserve_exact(len)
        .map_err(|_| SolveError::Alloc {
            count: len as u64,
            what: "values",
        })?;
    values.extend((0..len).map(|_| AtomicU64::new(UNKNOWN)));
    Ok(values)
}

/// Why a variant's game can repeat a position, or `None` when it cannot: a side passes when its
/// roll names a missing cube under `substitute = "pass"`, when own captures are barred (its cubes
/// may block each other), or when a cube stands where it has no step.
pub fn passes(v: &Variant) -> Option<String> {
    if v.rules.substitute == Substitute::Pass {
        return Some("a missing cube's number passes (substitute = \"pass\")".into());
    }
    if !v.rules.own_capture {
        return Some("own captures are barred, so a side's cubes can block each other".into());
    }
    for c in 0..2 {
        for s in 0..v.n_sq as usize {
            let off = v.goal_mask[c] >> s & 1 != 0 || v.hole_mask >> s & 1 != 0;
            if !off && v.dest[c][s].1 == 0 {
                return Some(format!(
                    "a cube on {} has no step and must pass",
                    v.square_name(s as u8)
                ));
            }
        }
    }
    None
}

/// Every arrangement of the variant's cubes (a side's setups), in increasing order.
pub fn setups(v: &Variant) -> Vec<Vec<u8>> {
    fn go(rest: &mut Vec<u8>, cur: &mut Vec<u8>, out: &mut Vec<Vec<u8>>) {
        if rest.is_empty() {
            out.push(cur.clone());
            return;
        }
        for i in 0..rest.len() {
            let c = rest.remove(i);
            cur.push(c);
            go(rest, cur, out);
            cur.pop();
            rest.insert(i, c);
        }
    }
    let mut out = Vec::new();
    go(&mut v.cubes().to_vec(), &mut Vec::new(), &mut out);
    out
}

/// The start position with the first mover's setup `first` and the other's `second`.
pub fn start_position(
    v: &'static Variant,
    first_side: Color,
    first: &[u8],
    second: &[u8],
) -> Board {
    let (red, blue) = match first_side {
        Color::Red => (first, second),
        Color::Blue => (second, first),
    };
    Board::from_setups_in(v, red, blue, first_side).expect("setups of the variant's cubes")
}

/// Every start position a solve begins from: every pair of setups, the variant's first mover
/// first and then the other side (finished ones included).
fn start_positions(v: &'static Variant) -> Vec<Board> {
    let all = setups(v);
    let mut roots = Vec::new();
    for first in [v.rules.first, v.rules.first.other()] {
        for a in &all {
            for b in &all {
                roots.push(start_position(v, first, a, b));
            }
        }
    }
    roots
}

/// Progress on standard error: a line rewritten in place on a terminal, otherwise one every ten
/// seconds; nothing when silent.
pub struct Progress {
    pub shown: bool,
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
