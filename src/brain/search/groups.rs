//! The groups of faces of a chance node and the bounds on their values that Star1 and Star2
//! prune with.

use super::tt::Bound;
use super::{WIN, chance_value};
use crate::rules::variant::MAX_OUTCOMES;

/// The groups of faces of one chance node (`(mask, count)` each), with what is known of their
/// values so far: each one's floor `lo` (from a probe), the floors' sum weighted by the groups'
/// counts, and the cap on the weighted sum of the groups not yet searched (`WIN` each).
pub(super) struct Groups<'a> {
    pub(super) items: &'a [(u16, u8)],
    /// The table knows the position, so it may know the groups' move nodes.
    pub(super) seen: bool,
    pub(super) lo: [i64; MAX_OUTCOMES],
    pub(super) lo_sum: i64,
    pub(super) hi_sum: i64,
    /// The sum of the counts.
    pub(super) total: i64,
}

impl<'a> Groups<'a> {
    #[inline]
    pub(super) fn new(
        groups: &'a crate::rules::variant::Groups,
        total: i64,
        seen: bool,
    ) -> Groups<'a> {
        Groups {
            items: &groups.items[..groups.len as usize],
            seen,
            lo: [0; MAX_OUTCOMES],
            lo_sum: 0,
            hi_sum: total * WIN,
            total,
        }
    }

    /// Group `i` is worth at least `v`.
    #[inline]
    pub(super) fn raise(&mut self, i: usize, v: i64) {
        if v > self.lo[i] {
            self.lo_sum += self.items[i].1 as i64 * (v - self.lo[i]);
            self.lo[i] = v;
        }
    }

    /// Whether the node fails for the window, with `sum` from the groups searched and the
    /// bounds of the others: its value (an upper or lower bound) if so.
    #[inline]
    pub(super) fn settled(&self, sum: i64, alpha: i64, beta: i64) -> Option<(i64, Bound)> {
        if sum + self.hi_sum <= self.total * alpha {
            return Some((chance_value(sum + self.hi_sum, self.total), Bound::Upper));
        }
        if sum + self.lo_sum >= self.total * beta {
            return Some((chance_value(sum + self.lo_sum, self.total), Bound::Lower));
        }
        None
    }
}
