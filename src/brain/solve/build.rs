//! The solve: every position reachable from a start position, valued exactly by a memoised
//! expectimax to the end of the game.
//!
//! No position repeats in a game without passes: a Red cube's square number grows with every
//! step and a Blue cube's shrinks (squares are numbered row by row from Red's corner, and every
//! step goes one row forward or one column towards the goal), and a capture or a hole removes a
//! cube. So the recursion from the start positions ends, and each position's value follows from
//! its children's in one visit: no retrograde iteration. Variants in which a side can pass
//! ([`passes`]: two passes in a row repeat a position) are solved by iteration instead, in
//! `cyclic.rs`.
//!
//! Threads share the value array without locks: each runs the recursion from its own share of
//! the start positions, and a value is stored (a relaxed atomic write of the `f64`'s bits) when it
//! is known. Two threads reaching the same unsolved position at once both compute it, by the same
//! arithmetic in the same order, so they store the same bits: the result does not depend on the
//! threads, only the time does.

use std::io::IsTerminal;
use std::sync::atomic::{AtomicU64, Ordering};
use std::time::{Duration, Instant};

use super::index::Layout;
use crate::rules::board::{Board, Color, MoveList};
use crate::rules::variant::{Substitute, Variant};

/// An unsolved or unreachable slot.
pub(super) const UNKNOWN: u64 = u64::MAX;

/// Every reachable position's exact value in `f64`, for the side to move before its roll.
pub struct Solution {
    pub layout: Layout,
    pub(super) values: Vec<AtomicU64>,
    /// Positions solved (reachable, not finished).
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

/// Progress on standard error: a line rewritten in place on a terminal, otherwise one every ten
/// seconds; nothing when silent.
pub struct Progress {
    pub shown: bool,
}

struct Worker<'a> {
    layout: &'a Layout,
    values: &'a [AtomicU64],
    solved: &'a AtomicU64,
    local: u64,
}

impl Worker<'_> {
    /// The value of an unfinished position for its side to move.
    fn value(&mut self, b: &mut Board) -> f64 {
        let i = self.layout.index_of(b);
        let x = self.values[i].load(Ordering::Relaxed);
        if x != UNKNOWN {
            return f64::from_bits(x);
        }
        let v = b.variant();
        let mover = b.side_to_move();
        let mut sum = 0.0;
        let mut list = MoveList::default();
        for (mask, w) in v.groups(b.alive(mover)).iter() {
            b.gen_moves(mask, &mut list);
            let mut best = 0.0f64;
            for &m in list.as_slice() {
                let x = if b.is_winning_move(m) {
                    1.0
                } else {
                    let u = b.make(m);
                    let x = match b.winner() {
                        Some(w) => f64::from(u8::from(w == mover)),
                        None => 1.0 - self.value(b),
                    };
                    b.unmake(m, u);
                    x
                };
                // No cut at a certain win: the other moves' positions are reachable too, and
                // the table must hold them.
                best = best.max(x);
            }
            sum += w as f64 * best;
        }
        let r = sum / v.weight() as f64;
        self.values[i].store(r.to_bits(), Ordering::Relaxed);
        self.local += 1;
        if self.local == 4096 {
            self.solved.fetch_add(self.local, Ordering::Relaxed);
            self.local = 0;
        }
        r
    }
}

/// Solves every position reachable from the start positions of `v` (every pair of setups, either
/// side first) with `threads` threads, in one memoised pass: `v` must be a variant whose
/// positions never repeat (see [`super::solve`]). The index must fit in memory (the caller
/// estimates first).
pub fn solve_acyclic(
    v: &'static Variant,
    threads: usize,
    progress: &Progress,
) -> Result<Solution, super::SolveError> {
    let layout = Layout::new(v)?;
    let start = Instant::now();
    let len = layout.len() as usize;
    let mut values = Vec::new();
    values
        .try_reserve_exact(len)
        .map_err(|_| super::SolveError::Alloc {
            count: len as u64,
            what: "values",
        })?;
    values.extend((0..len).map(|_| AtomicU64::new(UNKNOWN)));
    let all = setups(v);
    let mut roots = Vec::new();
    for first in [v.rules.first, v.rules.first.other()] {
        for a in &all {
            for b in &all {
                roots.push(start_position(v, first, a, b));
            }
        }
    }
    let next = AtomicU64::new(0);
    let solved = AtomicU64::new(0);
    let threads = threads.max(1);
    std::thread::scope(|s| {
        let mut handles = Vec::new();
        for _ in 0..threads {
            let (layout, values, solved, next, roots) =
                (&layout, &values[..], &solved, &next, &roots);
            let h = std::thread::Builder::new()
                // The recursion is as deep as the longest game; a large board's games are long.
                .stack_size(256 << 20)
                .spawn_scoped(s, move || {
                    let mut w = Worker {
                        layout,
                        values,
                        solved,
                        local: 0,
                    };
                    loop {
                        let r = next.fetch_add(1, Ordering::Relaxed) as usize;
                        let Some(root) = roots.get(r) else { break };
                        if !root.is_over() {
                            w.value(&mut root.clone());
                        }
                    }
                    solved.fetch_add(w.local, Ordering::Relaxed);
                })
                .expect("starting a solver thread");
            handles.push(h);
        }
        let terminal = std::io::stderr().is_terminal();
        let every = if terminal {
            Duration::from_millis(250)
        } else {
            Duration::from_secs(10)
        };
        let mut last = Instant::now();
        while !handles.iter().all(|h| h.is_finished()) {
            std::thread::sleep(Duration::from_millis(20));
            if progress.shown && last.elapsed() >= every {
                last = Instant::now();
                let k = solved.load(Ordering::Relaxed);
                let line = format!(
                    "solving {}: {k} positions ({:.1}% of {} slots), {:.0} s",
                    v.name(),
                    100.0 * k as f64 / len.max(1) as f64,
                    len,
                    start.elapsed().as_secs_f64()
                );
                if terminal {
                    eprint!("\r{line}\x1b[K");
                } else {
                    eprintln!("{line}");
                }
            }
        }
        for h in handles {
            h.join().expect("a solver thread panicked");
        }
        if progress.shown && terminal {
            eprintln!();
        }
    });
    let positions = values
        .iter()
        .filter(|x| x.load(Ordering::Relaxed) != UNKNOWN)
        .count() as u64;
    Ok(Solution {
        layout,
        values,
        positions,
        seconds: start.elapsed().as_secs_f64(),
        bound: 0.0,
        sweeps: 0,
    })
}
