//! The one-pass solve: every position reachable from a start position, valued exactly by a
//! memoised expectimax to the end of the game.
//!
//! No position repeats in a game without passes: a Red cube's square number grows with every
//! step and a Blue cube's shrinks (squares are numbered row by row from Red's corner, and every
//! step goes one row forward or one column towards the goal), and a capture or a hole removes a
//! cube. So the recursion from the start positions ends, and each position's value follows from
//! its children's in one visit: no retrograde iteration. Variants in which a side can pass
//! ([`super::passes`]: two passes in a row repeat a position) are solved by iteration instead,
//! in `cyclic.rs`.
//!
//! Threads share the value array without locks: each runs the recursion from its own share of
//! the start positions, and a value is stored (a relaxed atomic write of the `f64`'s bits) when it
//! is known. Two threads reaching the same unsolved position at once (or a position and its
//! mirror image, which share a slot) both compute it, by the same arithmetic in the same order,
//! so they store the same bits: the result does not depend on the threads, only the time does.

use std::io::IsTerminal;
use std::sync::atomic::{AtomicU64, Ordering};
use std::thread::ScopedJoinHandle;
use std::time::{Duration, Instant};

use super::index::Layout;
use super::{Progress, Solution, SolveError, UNKNOWN, start_positions, unknown_values};
use crate::rules::board::{Board, MoveList};
use crate::rules::variant::Variant;

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

    /// Solves from the start positions `roots` that no other thread has taken, one at a time.
    fn run(&mut self, roots: &[Board], next: &AtomicU64) {
        loop {
            let r = next.fetch_add(1, Ordering::Relaxed) as usize;
            let Some(root) = roots.get(r) else { break };
            if !root.is_over() {
                self.value(&mut root.clone());
            }
        }
        self.solved.fetch_add(self.local, Ordering::Relaxed);
        self.local = 0;
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
) -> Result<Solution, SolveError> {
    solve_in(Layout::new(v)?, threads, progress)
}

/// [`solve_acyclic`] in a given index (with or without the mirror).
pub fn solve_in(
    layout: Layout,
    threads: usize,
    progress: &Progress,
) -> Result<Solution, SolveError> {
    let start = Instant::now();
    let values = unknown_values(&layout)?;
    let roots = start_positions(layout.v);
    let next = AtomicU64::new(0);
    let solved = AtomicU64::new(0);
    std::thread::scope(|s| {
        let handles: Vec<_> = (0..threads.max(1))
            .map(|_| {
                let mut w = Worker {
                    layout: &layout,
                    values: &values,
                    solved: &solved,
                    local: 0,
                };
                let (roots, next) = (&roots, &next);
                std::thread::Builder::new()
                    // The recursion is as deep as the longest game; a large board's games are
                    // long.
                    .stack_size(256 << 20)
                    .spawn_scoped(s, move || w.run(roots, next))
                    .expect("starting a solver thread")
            })
            .collect();
        let line = |k: u64| {
            format!(
                "solving {}: {k} positions ({:.1}% of {} slots), {:.0} s",
                layout.v.name(),
                100.0 * k as f64 / layout.len().max(1) as f64,
                layout.len(),
                start.elapsed().as_secs_f64()
            )
        };
        watch(&handles, &solved, progress, line);
        for h in handles {
            h.join().expect("a solver thread panicked");
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

/// Waits for the solver threads, showing `line(positions solved)` on standard error when
/// `progress` is shown: rewritten in place four times a second on a terminal, else every ten
/// seconds.
fn watch(
    handles: &[ScopedJoinHandle<'_, ()>],
    solved: &AtomicU64,
    progress: &Progress,
    line: impl Fn(u64) -> String,
) {
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
            let line = line(solved.load(Ordering::Relaxed));
            if terminal {
                eprint!("\r{line}\x1b[K");
            } else {
                eprintln!("{line}");
            }
        }
    }
    if progress.shown && terminal {
        eprintln!();
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::rules::rng::MatchRng;

    /// The positions a walk from every start position meets: all of them for `games == 0`, else
    /// those along `games` random games.
    fn walk(v: &'static Variant, games: u64) -> Vec<Board> {
        let mut out = Vec::new();
        let mut done = std::collections::HashSet::new();
        let mut stack = start_positions(v);
        let roots = stack.len() as u64;
        let mut rng = MatchRng::new(7);
        for g in 0..games {
            let mut b = stack[(g % roots) as usize].clone();
            while !b.is_over() {
                out.push(b.clone());
                let (o, _) = v.outcomes[rng.below(v.outcomes.len() as u64) as usize];
                let moves = b.moves_for_die(o);
                b.make(moves.as_slice()[rng.below(moves.len() as u64) as usize]);
            }
        }
        if games > 0 {
            stack.clear();
        }
        while let Some(mut b) = stack.pop() {
            if b.is_over() || !done.insert(b.key()) {
                continue;
            }
            out.push(b.clone());
            for &(o, _) in &v.outcomes {
                for &m in b.moves_for_die(o).as_slice() {
                    let u = b.make(m);
                    stack.push(b.clone());
                    b.unmake(m, u);
                }
            }
        }
        out
    }

    /// The mirror halves the table and changes not a single bit of any value: a position holds
    /// the same `f64` in the plain index and in the mirrored one (every position of 3x3, those
    /// along random games of 4x4).
    #[test]
    fn the_mirror_changes_no_value() {
        for (name, games) in [("3x3", 0), ("4x4", 3000)] {
            let v = Variant::preset(name).unwrap();
            assert!(super::super::index::is_mirrored(v), "{name}");
            let quiet = Progress { shown: false };
            let plain = solve_in(Layout::with_mirror(v, false).unwrap(), 2, &quiet).unwrap();
            let mirrored = solve_in(Layout::with_mirror(v, true).unwrap(), 2, &quiet).unwrap();
            assert!(mirrored.layout.len() * 2 < plain.layout.len() + plain.layout.len() / 10);
            assert!(mirrored.positions * 2 < plain.positions + plain.positions / 10);
            let positions = walk(v, games);
            assert!(positions.len() > 10_000, "{name}: {}", positions.len());
            for b in &positions {
                let (x, y) = (plain.value(b).unwrap(), mirrored.value(b).unwrap());
                assert_eq!(x.to_bits(), y.to_bits(), "{name}: {x} against {y}");
                let flipped = b.reflected();
                assert_eq!(mirrored.value(&flipped).unwrap().to_bits(), y.to_bits());
            }
        }
    }
}
