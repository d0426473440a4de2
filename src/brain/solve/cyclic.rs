//! The solve of a variant whose positions can repeat (a side passes): every reachable position's
//! graph, then value iteration to the fixed point with a proved error bound.
//!
//! **The graph.** A breadth-first walk from every start position (every pair of setups, either
//! side first) numbers the reachable positions and records, for each, its roll's outcome groups
//! (the cubes they let move, with their weights) and for each group the positions its moves lead
//! to: another position (whose value for its own mover is `x`, so `1 - x` for ours), or the end
//! of the game (a win or a loss for the mover).
//!
//! **Games that never end.** The referee plays a game until somebody wins, with no limit on its
//! length, so a line that never ends has no score; a solve could only invent one. Such a line is
//! possible exactly when some set of positions lets both sides, cooperating, stay inside it
//! whatever the dice say (an *end component*). The solve looks for the largest such set (remove,
//! until nothing changes, every position with an outcome all of whose moves end the game or
//! leave the set) and refuses the variant when it is not empty. When it is empty, every way of
//! playing ends the game with probability 1 and the values are unique.
//!
//! **The bound.** With `F(x)(p) = sum over groups of weight * max over moves of (1 or 0 at the
//! end, else 1 - x(q))`, divided by the total weight, the values are the fixed point `x* = F(x*)`,
//! and `F` turns its argument around: `x <= y` gives `F(x) >= F(y)`. So `lo = F(hi)` and
//! `hi = F(lo)` started from `lo = 0`, `hi = 1` keep `lo <= x* <= hi` at every position through
//! every update (done in place, position by position, the deepest first, which converges in far
//! fewer sweeps than a synchronous update); the sweeps stop when `hi - lo <= 1e-13` everywhere,
//! and the stored value is the middle, within `5e-14` of the exact one (plus the rounding of a
//! few `f64` sums, below `1e-15`). Without an end component the gap shrinks geometrically (it is
//! at most the chance that a game is still running after that many sweeps' worth of plies).

use std::collections::VecDeque;
use std::time::Instant;

use super::SolveError;
use super::index::Layout;
use super::{Progress, Solution, start_positions, unknown_values};
use crate::rules::board::{Board, MoveList};
use crate::rules::variant::Variant;

/// The move ends the game, won by the mover.
const WON: u32 = u32::MAX;
/// The move ends the game, lost by the mover (its last cube into a hole).
const LOST: u32 = u32::MAX - 1;
/// A slot not reached yet.
const NONE: u32 = u32::MAX;

/// The largest gap `hi - lo` left at any position when the iteration stops.
pub const GAP: f64 = 1e-13;

/// Sweeps before the iteration gives up (never reached without an end component on the boards
/// that fit; a safety net against an endless loop).
const MAX_SWEEPS: u32 = 1_000_000;

/// The reachable positions as a graph, numbered in breadth-first order from the starts.
struct Graph {
    /// Each position's slot in the layout.
    slot: Vec<u64>,
    /// Position `p`'s groups are `pos_groups[p]..pos_groups[p + 1]`.
    pos_groups: Vec<u32>,
    /// Each group's weight.
    weight: Vec<u32>,
    /// Group `g`'s moves are `group_edges[g]..group_edges[g + 1]`.
    group_edges: Vec<u32>,
    /// The positions the moves lead to, or [`WON`] / [`LOST`].
    edges: Vec<u32>,
}

/// The breadth-first walk that numbers the reachable positions and records their graph.
struct Explorer<'a> {
    layout: &'a Layout,
    /// Each slot's position number, or [`NONE`].
    id: Vec<u32>,
    queue: VecDeque<Board>,
    g: Graph,
}

impl Explorer<'_> {
    /// The number of a position not over, numbered and queued when it is new.
    fn number(&mut self, b: &Board) -> u32 {
        let i = self.layout.index_of(b);
        if self.id[i] == NONE {
            self.id[i] = self.g.slot.len() as u32;
            self.g.slot.push(i as u64);
            self.queue.push_back(b.clone());
        }
        self.id[i]
    }

    /// Records the outcome groups of `b` and where each of their moves leads.
    fn expand(&mut self, b: &mut Board, list: &mut MoveList) {
        let mover = b.side_to_move();
        for (mask, w) in b.variant().groups(b.alive(mover)).iter() {
            b.gen_moves(mask, list);
            let from = self.g.edges.len();
            let mut won = false;
            for &m in list.as_slice() {
                // Every move's position is numbered, even after a winning move: the table holds
                // every position a legal move reaches, as the one-pass solve's does.
                let e = if b.is_winning_move(m) {
                    WON
                } else {
                    let u = b.make(m);
                    let e = match b.winner() {
                        Some(w) if w == mover => WON,
                        Some(_) => LOST,
                        None => self.number(b),
                    };
                    b.unmake(m, u);
                    e
                };
                won |= e == WON;
                self.g.edges.push(e);
            }
            if won {
                // A certain win is this roll's value: the other moves need no look.
                self.g.edges.truncate(from);
                self.g.edges.push(WON);
            }
            self.g.weight.push(w as u32);
            self.g.group_edges.push(self.g.edges.len() as u32);
        }
        self.g.pos_groups.push(self.g.weight.len() as u32);
    }
}

fn explore(layout: &Layout, progress: &Progress) -> Result<Graph, SolveError> {
    let v = layout.v;
    let len = layout.len() as usize;
    let mut id = Vec::new();
    id.try_reserve_exact(len).map_err(|_| SolveError::Alloc {
        count: len as u64,
        what: "slots",
    })?;
    id.resize(len, NONE);
    let mut x = Explorer {
        layout,
        id,
        queue: VecDeque::new(),
        g: Graph {
            slot: Vec::new(),
            pos_groups: vec![0],
            weight: Vec::new(),
            group_edges: vec![0],
            edges: Vec::new(),
        },
    };
    for p in start_positions(v) {
        if !p.is_over() {
            x.number(&p);
        }
    }
    let start = Instant::now();
    let mut list = MoveList::default();
    let mut done = 0u64;
    while let Some(mut b) = x.queue.pop_front() {
        x.expand(&mut b, &mut list);
        done += 1;
        if progress.shown && done.is_multiple_of(1 << 20) {
            eprintln!(
                "exploring {}: {done} positions, {} waiting, {:.0} s",
                v.name(),
                x.queue.len(),
                start.elapsed().as_secs_f64()
            );
        }
        if x.g.edges.len() >= LOST as usize {
            return Err(SolveError::TooManyMoves);
        }
    }
    Ok(x.g)
}

impl Graph {
    fn len(&self) -> usize {
        self.slot.len()
    }

    /// The positions from which both sides together can keep the game going forever, whatever
    /// the dice (the largest end component; empty when every game ends).
    fn endless(&self) -> Vec<u32> {
        let n = self.len();
        let mut inside = vec![true; n];
        loop {
            let mut changed = false;
            for p in (0..n).rev() {
                if !inside[p] {
                    continue;
                }
                let groups = self.pos_groups[p] as usize..self.pos_groups[p + 1] as usize;
                let stays = groups.clone().all(|gi| {
                    let es = self.group_edges[gi] as usize..self.group_edges[gi + 1] as usize;
                    self.edges[es]
                        .iter()
                        .any(|&e| e < LOST && inside[e as usize])
                });
                if !stays {
                    inside[p] = false;
                    changed = true;
                }
            }
            if !changed {
                break;
            }
        }
        (0..n as u32).filter(|&p| inside[p as usize]).collect()
    }

    /// `F(other)` at position `p`: the mover's value when the next positions are valued by
    /// `other` (for their own movers).
    #[inline]
    fn backup(&self, p: usize, other: &[f64], total: f64) -> f64 {
        let mut sum = 0.0;
        for gi in self.pos_groups[p] as usize..self.pos_groups[p + 1] as usize {
            let mut best = 0.0f64;
            for &e in &self.edges[self.group_edges[gi] as usize..self.group_edges[gi + 1] as usize]
            {
                let x = match e {
                    WON => 1.0,
                    LOST => 0.0,
                    q => 1.0 - other[q as usize],
                };
                best = best.max(x);
            }
            sum += self.weight[gi] as f64 * best;
        }
        sum / total
    }
}

/// Solves every position reachable from the start positions of a variant that can pass, by value
/// iteration (see the module's paragraphs), on one thread. Refuses a variant in which a game can
/// go on forever.
pub fn solve(v: &'static Variant, progress: &Progress) -> Result<Solution, SolveError> {
    solve_in(Layout::new(v)?, progress)
}

/// [`solve`] in a given index (with or without the mirror).
pub fn solve_in(layout: Layout, progress: &Progress) -> Result<Solution, SolveError> {
    let v = layout.v;
    let start = Instant::now();
    let g = explore(&layout, progress)?;
    let n = g.len();
    let endless = g.endless();
    if let Some(&p) = endless.first() {
        return Err(SolveError::Endless {
            variant: v.name().to_string(),
            endless: endless.len(),
            reachable: n,
            example: g.slot[p as usize],
        });
    }
    let total = v.weight() as f64;
    let mut lo = vec![0.0f64; n];
    let mut hi = vec![1.0f64; n];
    let mut sweeps = 0u32;
    let gap = loop {
        sweeps += 1;
        let mut gap = 0.0f64;
        // Deepest first: the breadth-first order puts a position's successors mostly after it.
        for p in (0..n).rev() {
            let l = g.backup(p, &hi, total).max(lo[p]);
            let h = g.backup(p, &lo, total).min(hi[p]);
            lo[p] = l;
            hi[p] = h;
            gap = gap.max(h - l);
        }
        if progress.shown && sweeps.is_multiple_of(16) {
            eprintln!(
                "solving {}: sweep {sweeps}, largest gap {gap:.3e}, {:.0} s",
                v.name(),
                start.elapsed().as_secs_f64()
            );
        }
        if gap <= GAP || sweeps >= MAX_SWEEPS {
            break gap;
        }
    };
    if gap > GAP {
        return Err(SolveError::NoConvergence {
            variant: v.name().to_string(),
            sweeps,
            gap,
        });
    }
    let mut values = unknown_values(&layout)?;
    for p in 0..n {
        let x = 0.5 * (lo[p] + hi[p]);
        *values[g.slot[p] as usize].get_mut() = x.to_bits();
    }
    Ok(Solution {
        layout,
        values,
        positions: n as u64,
        seconds: start.elapsed().as_secs_f64(),
        bound: 0.5 * gap,
        sweeps,
    })
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::rules::variant::preset_rules;

    /// A variant that passes and has the mirror (3x3 without own captures) solves to the same
    /// values with and without it, within the iteration's bound.
    #[test]
    fn the_mirror_keeps_the_values_of_a_variant_that_passes() {
        let mut rules = preset_rules("3x3").unwrap();
        rules.name = "3x3-no-own-capture".into();
        rules.own_capture = false;
        let v = Variant::intern(rules).unwrap();
        assert!(super::super::passes(v).is_some());
        assert!(super::super::index::is_mirrored(v));
        let quiet = Progress { shown: false };
        let plain = solve_in(Layout::with_mirror(v, false).unwrap(), &quiet).unwrap();
        let mirrored = solve_in(Layout::with_mirror(v, true).unwrap(), &quiet).unwrap();
        assert!(mirrored.layout.len() * 2 < plain.layout.len() + plain.layout.len() / 10);
        let mut seen = 0;
        for b in start_positions(v).iter().filter(|b| !b.is_over()) {
            let mut b = b.clone();
            let mut list = MoveList::default();
            // Down one line of play: every position keeps its value under the mirror.
            while !b.is_over() {
                let (x, y) = (plain.value(&b).unwrap(), mirrored.value(&b).unwrap());
                assert!(
                    (x - y).abs() <= plain.bound + mirrored.bound,
                    "{x} against {y}"
                );
                seen += 1;
                let (mask, _) = v.groups(b.alive(b.side_to_move())).iter().next().unwrap();
                b.gen_moves(mask, &mut list);
                let m = list.as_slice()[seen % list.len()];
                b.make(m);
                if seen > 5000 {
                    break;
                }
            }
        }
        assert!(seen > 100, "{seen}");
    }
}
