//! A chance node's two ways through its groups of faces: Star2 probing (a lower bound from one
//! move per group, which may end the node before any full search) and Star1 (the groups one by
//! one, each windowed by the bounds of those not yet searched). The chance node itself, which
//! chooses between them, is in the module root.

use super::groups::Groups;
use super::split::Order;
use super::tt::Bound;
use super::{Opening, WIN, Worker, ceil_div, chance_value, probe_move};
use crate::rules::board::Board;
use crate::rules::variant::MAX_OUTCOMES;
use crate::rules::zobrist;

impl Worker<'_> {
    /// Star2 probing: one move per group gives a lower bound on that group's value; if the
    /// bounds together already reach beta the node fails high without a full search. The probes
    /// leave their results in the table for the search phase.
    #[inline]
    pub(super) fn star2(
        &mut self,
        b: &mut Board,
        g: &mut Groups,
        depth: u32,
        alpha: i64,
        beta: i64,
    ) -> Option<(i64, Bound)> {
        let total = g.total;
        let items = g.items;
        // Every group's probe move first, and its child asked for, so that the probes do not
        // wait for memory one after the other.
        let mut first = [None; MAX_OUTCOMES];
        for (i, &(mask, _)) in items.iter().enumerate() {
            first[i] = match self.open_move_node(b, mask, g.seen) {
                Opening::Win => None,
                Opening::Moves { list, hit, .. } => {
                    let m = probe_move(b, &list, hit);
                    self.tt.prefetch(b.key_after(m));
                    Some(m)
                }
            };
        }
        for (i, &(mask, cnt)) in items.iter().enumerate() {
            // Another thread's group is left to it: its floor stays 0 here.
            if self.split_defer(depth, || b.key() ^ zobrist::MOVABLE[mask as usize]) {
                continue;
            }
            let cnt = cnt as i64;
            let (lo_rest, hi_rest) = (g.lo_sum - cnt * g.lo[i], g.hi_sum - cnt * WIN);
            let a = (total * alpha - hi_rest).div_euclid(cnt).max(-1);
            let bt = ceil_div(total * beta - lo_rest, cnt).min(WIN + 1);
            let v = self.probe(b, first[i], depth, a, bt);
            if self.aborted {
                return Some((0, Bound::Exact));
            }
            if v > a {
                g.raise(i, v);
                if g.lo_sum >= total * beta {
                    return Some((chance_value(g.lo_sum, total), Bound::Lower));
                }
            }
        }
        None
    }

    /// Star1: the groups searched one by one, each with the window outside which the node must
    /// fail given the bounds of the groups not yet searched; the node returns as soon as it does.
    #[inline]
    pub(super) fn star1(
        &mut self,
        b: &mut Board,
        g: &mut Groups,
        depth: u32,
        alpha: i64,
        beta: i64,
    ) -> (i64, Bound) {
        if self.splits(depth) {
            self.star1_in::<true>(b, g, depth, alpha, beta)
        } else {
            self.star1_in::<false>(b, g, depth, alpha, beta)
        }
    }

    /// [`Worker::star1`]'s loop. With `SPLIT` (several threads, deep enough) the groups another
    /// thread is inside are put last ([`split`]); any order is sound, since each group's window
    /// comes from the groups searched and the bounds of whichever are left. Without it the order
    /// is the groups' own and the put-off set stays empty, so one thread pays nothing for it.
    #[inline]
    fn star1_in<const SPLIT: bool>(
        &mut self,
        b: &mut Board,
        g: &mut Groups,
        depth: u32,
        alpha: i64,
        beta: i64,
    ) -> (i64, Bound) {
        let total = g.total;
        let mut sum = 0i64;
        let items = g.items;
        let mut next = Order::new(items.len());
        while let Some(i) = next.next() {
            let (mask, cnt) = items[i];
            if SPLIT
                && next.first_pass()
                && self.split_defer(depth, || b.key() ^ zobrist::MOVABLE[mask as usize])
            {
                next.put_off(i);
                continue;
            }
            let cnt = cnt as i64;
            // The bounds of the groups not searched yet.
            g.lo_sum -= cnt * g.lo[i];
            g.hi_sum -= cnt * WIN;
            let a = (total * alpha - sum - g.hi_sum).div_euclid(cnt).max(-1);
            let bt = ceil_div(total * beta - sum - g.lo_sum, cnt).min(WIN + 1);
            let v = self.move_node(b, mask, depth, a, bt, g.seen);
            if self.aborted {
                return (0, Bound::Exact);
            }
            sum += cnt * v;
            if let Some(r) = g.settled(sum, alpha, beta) {
                return r;
            }
        }
        (chance_value(sum, total), Bound::Exact)
    }
}
