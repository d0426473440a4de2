//! How the threads of one search share the work instead of repeating it.
//!
//! Every thread searches the same root with the same iterative deepening and the same shared
//! table (as in lazy SMP), but a node being searched by one thread is marked busy, and the others
//! put it off: a chance node's groups of faces and a move node's moves after the first are taken
//! in order, skipping the busy ones, and the skipped ones are searched last, by when the table
//! usually holds their values (the deferral of ABDADA). EWN's trees are narrow at move nodes and
//! wide at chance nodes, so most of the splitting happens at the chance nodes, where every group
//! is needed anyway: a group taken out of order costs nothing, since Star1 windows each group with
//! the bounds of the groups not yet searched, whatever their order.
//!
//! Only nodes at least `SPLIT_MIN_DEPTH` deep are marked: below that a subtree costs less than
//! the marking. With one thread there is no busy table, nothing is marked or skipped, and the
//! search is exactly the sequential one: `star1` and `moves` are one loop each, made twice by a
//! const parameter (`star1_in::<SPLIT>`, `moves_in::<SPLIT>`), so that the one-thread copy has
//! no deferral in it and pays nothing for it.

use std::sync::atomic::{AtomicU64, Ordering};

use super::{WIN, Worker, static_order};
use crate::rules::board::{Board, MAX_MOVES, MoveList};
use crate::rules::variant::MAX_OUTCOMES;

// An `Order` keeps the children it put off in a 64-bit set.
const _: () = assert!(MAX_MOVES <= 64 && MAX_OUTCOMES <= 64);

/// Nodes at least this deep are marked busy while a thread searches them, and put off by the
/// others.
pub(super) const SPLIT_MIN_DEPTH: u32 = 3;

/// Slots of the busy table: far more than the nodes the threads of a search can be inside at
/// once (at most about two per ply each), so that collisions are rare with 16 threads too.
const BUSY_SLOTS: usize = 1 << 12;

/// The nodes some thread is searching, by key: one slot per key (the key's low bits), holding the
/// key of the last node entered there. A lost mark (overwritten, or cleared by another thread
/// leaving the same node) only means some work is done twice; it never changes a value.
pub(super) struct Busy {
    slots: Box<[AtomicU64]>,
}

impl Busy {
    pub(super) fn new() -> Busy {
        Busy {
            slots: (0..BUSY_SLOTS).map(|_| AtomicU64::new(0)).collect(),
        }
    }

    #[inline]
    fn slot(&self, key: u64) -> &AtomicU64 {
        &self.slots[key as usize & (BUSY_SLOTS - 1)]
    }

    #[inline]
    fn enter(&self, key: u64) {
        self.slot(key).store(key, Ordering::Relaxed);
    }

    #[inline]
    fn leave(&self, key: u64) {
        let _ = self
            .slot(key)
            .compare_exchange(key, 0, Ordering::Relaxed, Ordering::Relaxed);
    }

    #[inline]
    fn is_busy(&self, key: u64) -> bool {
        self.slot(key).load(Ordering::Relaxed) == key
    }
}

/// The order a node takes its children in: `0..len` first, skipping the ones put off, then the
/// ones put off, in index order. A bit set of the put-off ones, so that a node pays for nothing
/// but two counters when nothing is put off (one thread), and the inner loop allocates nothing.
pub(super) struct Order {
    later: u64,
    next: u8,
    len: u8,
    second_pass: bool,
}

impl Order {
    #[inline]
    pub(super) fn new(len: usize) -> Self {
        debug_assert!(len <= 64);
        Order {
            later: 0,
            next: 0,
            len: len as u8,
            second_pass: false,
        }
    }

    /// The next child to search, if any is left.
    #[inline]
    pub(super) fn next(&mut self) -> Option<usize> {
        if self.next < self.len {
            self.next += 1;
            Some(self.next as usize - 1)
        } else if self.later != 0 {
            self.second_pass = true;
            let i = self.later.trailing_zeros() as usize;
            self.later &= self.later - 1;
            Some(i)
        } else {
            None
        }
    }

    /// Whether the child just returned may be put off: only in the first pass, so that each one
    /// is searched.
    #[inline]
    pub(super) fn first_pass(&self) -> bool {
        !self.second_pass
    }

    /// Puts child `i` (just returned by `next` in the first pass) off to the end.
    #[inline]
    pub(super) fn put_off(&mut self, i: usize) {
        self.later |= 1 << i;
    }
}

impl Worker<'_> {
    /// Marks the node with `key` busy when it is deep enough and other threads search too;
    /// returns whether it did, for [`Worker::split_leave`].
    #[inline]
    pub(super) fn split_enter(&self, key: u64, depth: u32) -> bool {
        match self.busy {
            Some(t) if depth >= SPLIT_MIN_DEPTH => {
                t.enter(key);
                true
            }
            _ => false,
        }
    }

    /// Unmarks a node that [`Worker::split_enter`] marked.
    #[inline]
    pub(super) fn split_leave(&self, key: u64, entered: bool) {
        if entered && let Some(t) = self.busy {
            t.leave(key);
        }
    }

    /// Whether to put off a child of depth `depth` (its key computed only when it could be):
    /// another thread is searching it.
    #[inline]
    pub(super) fn split_defer(&self, depth: u32, key: impl FnOnce() -> u64) -> bool {
        match self.busy {
            Some(t) if depth >= SPLIT_MIN_DEPTH => t.is_busy(key()),
            _ => false,
        }
    }

    /// Whether a node whose children are `depth` deep puts busy ones off (`star1_in::<true>`,
    /// `moves_in::<true>`): with other threads, deep enough. The
    /// sequential loops stay as they were, so one thread pays nothing for the splitting.
    #[inline]
    pub(super) fn splits(&self, depth: u32) -> bool {
        self.busy.is_some() && depth >= SPLIT_MIN_DEPTH
    }
}

impl Worker<'_> {
    /// A helper's iterative deepening: the same root as the main thread in the same order (the
    /// main thread's after its last completed iteration; before that the static order), putting
    /// off the moves after the first that another thread is inside, with the main thread's best
    /// value as alpha when both are at the same depth. A helper behind the main thread's depth
    /// jumps to it at its next root move; one ahead goes on, since deeper entries serve shallower
    /// searches too.
    ///
    /// A helper that kept its own order searched, on one of the five middlegames of
    /// `scripts/threads-depth.py`, the root moves after the first in another order than the main
    /// thread, and in about half the runs the two threads then needed a quarter more nodes.
    pub(super) fn helper(&mut self, b: &mut Board, root: &MoveList, max_depth: u32) {
        let mut order = static_order(b, root);
        let mut depth = 1;
        // The best value found at `alpha_depth`: an exact value of a root move at that depth,
        // so a bound for every later pass over the root at that depth too. A pass begun again
        // with alpha -1 searched again, with a wider window, what the table held only as a bound
        // for the narrower one.
        let (mut alpha, mut alpha_depth) = (-1, 0);
        'deepen: loop {
            if alpha_depth != depth {
                (alpha, alpha_depth) = (-1, depth);
            }
            if self.shared.ranked.load(Ordering::Acquire) {
                // A copy first: the main thread may publish again meanwhile, and a sort whose
                // keys change under it may panic.
                let mut rank = [u32::MAX; MAX_MOVES];
                for (r, a) in rank.iter_mut().zip(&self.shared.root_rank) {
                    *r = a.load(Ordering::Relaxed);
                }
                order.sort_by_key(|r| {
                    let i = root.as_slice().iter().position(|&m| m == r.mv);
                    i.map_or(u32::MAX, |i| rank[i])
                });
            }
            let mut next = Order::new(order.len());
            while let Some(i) = next.next() {
                let main_depth = self.shared.main_depth.load(Ordering::Relaxed);
                if main_depth > depth {
                    depth = main_depth;
                    continue 'deepen;
                }
                let mv = order[i].mv;
                if i > 0 && next.first_pass() && self.split_defer(depth - 1, || b.key_after(mv)) {
                    next.put_off(i);
                    continue;
                }
                let shared = self.shared.root_alpha.load(Ordering::Relaxed);
                if shared >> 32 == depth as u64 {
                    alpha = alpha.max((shared & 0xffff_ffff) as i64 - 1);
                }
                let v = self.root_child(b, mv, depth, alpha, WIN + 1);
                // Polled here too: at the last depth a pass over the root may be all table hits.
                if self.aborted || self.check_abort() {
                    return;
                }
                order[i].value = v;
                alpha = alpha.max(v);
            }
            order.sort_by_key(|r| std::cmp::Reverse(r.value));
            // At the last depth the helper goes over the root again: what it finds in the table
            // costs nothing, and it joins the nodes the main thread is still inside.
            depth = (depth + 1).min(max_depth);
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn order_searches_every_child_once_the_put_off_last() {
        let mut o = Order::new(5);
        let mut seen = Vec::new();
        while let Some(i) = o.next() {
            if o.first_pass() && (i == 1 || i == 3) {
                o.put_off(i);
                continue;
            }
            seen.push(i);
        }
        assert_eq!(seen, vec![0, 2, 4, 1, 3]);
    }

    #[test]
    fn order_puts_nothing_off_in_the_second_pass() {
        let mut o = Order::new(2);
        let mut seen = Vec::new();
        while let Some(i) = o.next() {
            if o.first_pass() {
                o.put_off(i);
                continue;
            }
            seen.push(i);
        }
        assert_eq!(seen, vec![0, 1]);
    }

    #[test]
    fn busy_marks_until_left() {
        let b = Busy::new();
        let k = 0x1234_5678_9abc_def1;
        assert!(!b.is_busy(k));
        b.enter(k);
        assert!(b.is_busy(k));
        // Another key in the same slot is not busy.
        assert!(!b.is_busy(k ^ (1 << 40)));
        b.leave(k);
        assert!(!b.is_busy(k));
    }
}
