//! The main thread's iterative deepening: one iteration per depth over the root moves, each
//! completed one reported, until a limit, a proven root or the clock ends it; an iteration the
//! clock cuts short still gives its move where it found a better one.

use std::sync::atomic::Ordering;
use std::time::{Duration, Instant};

use super::order::static_order;
use super::{Info, Limits, RootMove, SearchResult, WIN, Worker, time};
use crate::rules::board::{Board, Move, MoveList};

impl Worker<'_> {
    /// The main thread's iterative deepening, which makes the result: one iteration per depth,
    /// each reported, until a limit, a proven root or the clock ends it.
    pub(super) fn main(
        &mut self,
        b: &mut Board,
        root: &MoveList,
        limits: &Limits,
        budget: Option<time::Budget>,
        max_depth: u32,
        on_info: &mut dyn FnMut(&Info),
    ) -> SearchResult {
        // A move is ready before any search: the first in static order.
        let mut order = static_order(b, root);
        let mut result = SearchResult::unsearched(order[0].mv, order.clone());
        let full = limits.multipv > 1;
        let mut prev_nodes = 0u64;
        for depth in 1..=max_depth {
            let iter_start = Instant::now();
            let iter_nodes_start = self.nodes;
            let it = self.iteration(b, &mut order, depth, full);
            if self.aborted {
                adopt_unfinished(&mut result, &it, depth, b);
                self.report_unfinished(&result, on_info);
                break;
            }
            result = self.complete(b, &mut order, depth, &it, on_info);
            self.publish_order(root, &order);
            // The next iteration costs about as much more as this one cost over the last.
            let iter_nodes = self.nodes - iter_nodes_start;
            let growth = if prev_nodes > 0 {
                (iter_nodes as f64 / prev_nodes as f64).clamp(2.0, 20.0)
            } else {
                4.0
            };
            prev_nodes = iter_nodes;
            let predicted = iter_start.elapsed().mul_f64(growth);
            if self.enough(&order, &result, limits, budget, full, predicted) {
                break;
            }
        }
        result.nodes = self.all_nodes();
        result.time_ms = self.start.elapsed().as_millis() as u64;
        result
    }

    /// One iteration at `depth`: the root moves in `order`, each with the best value so far as
    /// alpha (every one with a full window in multi-PV), their values written into `order`.
    /// Stops early when the search is aborted.
    fn iteration(
        &mut self,
        b: &mut Board,
        order: &mut [RootMove],
        depth: u32,
        full: bool,
    ) -> Iteration {
        let mut alpha = -1;
        let mut it = Iteration {
            best_value: -1,
            best_move: order[0].mv,
            completed: 0,
        };
        for rm in order.iter_mut() {
            let mv = rm.mv;
            let a = if full { -1 } else { alpha };
            let v = self.root_child(b, mv, depth, a, WIN + 1);
            if self.aborted {
                break;
            }
            rm.value = v;
            it.completed += 1;
            if v > it.best_value {
                it.best_value = v;
                it.best_move = mv;
                alpha = alpha.max(v);
                if !full {
                    self.shared
                        .root_alpha
                        .store((depth as u64) << 32 | (alpha + 1) as u64, Ordering::Relaxed);
                }
            }
            if self.check_abort() {
                break;
            }
        }
        it
    }

    /// Publishes the root order of a completed iteration for the helpers (none with one thread).
    fn publish_order(&self, root: &MoveList, order: &[RootMove]) {
        if self.busy.is_none() {
            return;
        }
        for (rank, rm) in order.iter().enumerate() {
            if let Some(i) = root.as_slice().iter().position(|&m| m == rm.mv) {
                self.shared.root_rank[i].store(rank as u32, Ordering::Relaxed);
            }
        }
        self.shared.ranked.store(true, Ordering::Release);
    }

    /// The result of a completed iteration, reported through `on_info`; `order` is sorted best
    /// first.
    fn complete(
        &mut self,
        b: &Board,
        order: &mut [RootMove],
        depth: u32,
        it: &Iteration,
        on_info: &mut dyn FnMut(&Info),
    ) -> SearchResult {
        // Stable sort keeps earlier order among equal values: the search is deterministic.
        order.sort_by_key(|r| std::cmp::Reverse(r.value));
        debug_assert_eq!(order[0].mv, it.best_move);
        let exact = it.best_value == 0 || it.best_value == WIN;
        let result = SearchResult {
            best: it.best_move,
            value: it.best_value,
            depth,
            nodes: self.all_nodes(),
            time_ms: self.start.elapsed().as_millis() as u64,
            exact,
            table: false,
            pv: self.principal_variation(b, it.best_move, depth),
            root_moves: order.to_vec(),
        };
        self.report(&result, on_info);
        result
    }

    /// The `info` of a search's result, its speed from the time since the search began.
    fn report(&self, r: &SearchResult, on_info: &mut dyn FnMut(&Info)) {
        let secs = self.start.elapsed().as_secs_f64();
        on_info(&Info {
            depth: r.depth,
            nodes: r.nodes,
            time_ms: r.time_ms,
            nps: if secs > 0.0 {
                (r.nodes as f64 / secs) as u64
            } else {
                0
            },
            value: r.value,
            exact: r.exact,
            table: r.table,
            pv: r.pv.clone(),
            hashfull: self.tt.hashfull(),
            root_moves: r.root_moves.clone(),
        });
    }

    /// A search the clock (or `stop`) ended inside an iteration reports once more, so that the
    /// last line a reader sees counts every node and millisecond spent (the last completed
    /// iteration's line, at a 200 ms move time, said 51 ms): the depth of the last completed
    /// iteration, the move and value it ends with (an unfinished iteration's better move
    /// included). Nothing when no iteration was completed.
    fn report_unfinished(&self, result: &SearchResult, on_info: &mut dyn FnMut(&Info)) {
        if result.depth == 0 {
            return;
        }
        let spent = SearchResult {
            nodes: self.all_nodes(),
            time_ms: self.start.elapsed().as_millis() as u64,
            ..result.clone()
        };
        self.report(&spent, on_info);
    }

    /// Whether the search ends after a completed iteration: a proven root (in multi-PV every
    /// root move proven, so that none is left at a shallower depth), the node limit, or the
    /// clock. `predicted` is what the next iteration is expected to take.
    fn enough(
        &self,
        order: &[RootMove],
        result: &SearchResult,
        limits: &Limits,
        budget: Option<time::Budget>,
        full: bool,
        predicted: Duration,
    ) -> bool {
        let done = if full {
            order.iter().all(|r| r.value == 0 || r.value == WIN)
        } else {
            result.exact
        };
        if done || self.all_nodes() >= self.node_limit {
            return true;
        }
        let Some(bd) = budget else { return false };
        if limits.depth.is_some() || limits.nodes.is_some() {
            return false;
        }
        if order.len() == 1 {
            return true;
        }
        let elapsed = self.start.elapsed();
        // With a clock, time saved now is spent later: do not start an iteration that cannot
        // finish. A fixed move time is lost if unused, and an unfinished iteration can still
        // find a better move, so only the soft limit applies.
        let hopeless = limits.movetime.is_none() && elapsed + predicted >= bd.hard;
        elapsed >= bd.soft || hopeless
    }
}

/// What one iteration found: its best root move and value so far, and how many root moves it
/// searched to the end.
struct Iteration {
    best_value: i64,
    best_move: Move,
    completed: usize,
}

/// An unfinished iteration still counts where it found, at the new depth, a move better than the
/// previous best (which it searched first): that move's value is exact.
fn adopt_unfinished(result: &mut SearchResult, it: &Iteration, depth: u32, b: &Board) {
    if it.completed <= 1 || it.best_move == result.best || depth <= 1 {
        return;
    }
    log::debug!(
        "depth {depth} unfinished: {} replaces {}",
        it.best_move.display(b.variant()),
        result.best.display(b.variant())
    );
    result.best = it.best_move;
    result.value = it.best_value;
    result.exact = it.best_value == WIN;
    result.pv = vec![it.best_move];
    // Keep the result consistent: the new best first, with its new value.
    if let Some(i) = result.root_moves.iter().position(|r| r.mv == it.best_move) {
        let mut rm = result.root_moves.remove(i);
        rm.value = it.best_value;
        result.root_moves.insert(0, rm);
    }
}
