//! Transposition table: two-entry buckets keyed by the Zobrist key with full-key verification.
//!
//! Chance nodes are stored under the position key; move nodes (the position after a roll) under
//! the position key mixed with the key of the set of movable cubes. An entry keeps the value, its
//! bound type, the depth it was searched to and the best move. Proven values (certain win or loss)
//! are stored with [`PROVEN_DEPTH`] so that any later search may use them.

use crate::board::Move;

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Bound {
    /// The true value is at most the stored one.
    Upper = 1,
    /// The true value is at least the stored one.
    Lower = 2,
    Exact = 3,
}

pub const PROVEN_DEPTH: u8 = u8::MAX;

#[derive(Clone, Copy, Default)]
#[repr(C)]
struct Entry {
    key: u64,
    value: i32,
    mv: u16,
    depth: u8,
    /// Bound in the low two bits (0 = empty), search generation in the upper six.
    flags: u8,
}

#[derive(Clone, Copy, Debug)]
pub struct Hit {
    pub value: i64,
    pub mv: Move,
    pub depth: u8,
    pub bound: Bound,
}

pub struct TransTable {
    entries: Vec<Entry>,
    mask: usize,
    generation: u8,
}

impl TransTable {
    /// A table of at most `mb` MiB (rounded down to a power-of-two number of entries); 0 disables it.
    pub fn new(mb: usize) -> TransTable {
        let mut t = TransTable {
            entries: Vec::new(),
            mask: 0,
            generation: 0,
        };
        t.resize(mb);
        t
    }

    pub fn resize(&mut self, mb: usize) {
        let bytes = mb.saturating_mul(1 << 20);
        let want = bytes / std::mem::size_of::<Entry>();
        if want < 2 {
            self.entries = Vec::new();
            self.mask = 0;
            return;
        }
        let n = 1usize << (usize::BITS - 1 - want.leading_zeros());
        self.entries = vec![Entry::default(); n];
        self.mask = n - 1;
    }

    pub fn size_mb(&self) -> usize {
        (self.entries.len() * std::mem::size_of::<Entry>()) >> 20
    }

    pub fn clear(&mut self) {
        self.entries.iter_mut().for_each(|e| *e = Entry::default());
        self.generation = 0;
    }

    /// Marks the start of a new search so that older entries are replaced first.
    pub fn new_search(&mut self) {
        self.generation = (self.generation + 1) & 63;
    }

    #[inline]
    fn bucket(&self, key: u64) -> usize {
        (key as usize) & self.mask & !1
    }

    /// Asks the processor to start loading the bucket of `key`, so that a probe soon after
    /// does not wait for memory.
    #[inline]
    pub fn prefetch(&self, key: u64) {
        #[cfg(target_arch = "x86_64")]
        if !self.entries.is_empty() {
            let p = self.entries.as_ptr().wrapping_add(self.bucket(key)) as *const i8;
            // SAFETY: prefetching is only a hint and never faults; the pointer is inside the table.
            unsafe { std::arch::x86_64::_mm_prefetch(p, std::arch::x86_64::_MM_HINT_T0) };
        }
        #[cfg(not(target_arch = "x86_64"))]
        let _ = key;
    }

    #[inline]
    pub fn probe(&self, key: u64) -> Option<Hit> {
        if self.entries.is_empty() {
            return None;
        }
        let i = self.bucket(key);
        for e in &self.entries[i..i + 2] {
            if e.key == key && e.flags & 3 != 0 {
                let bound = match e.flags & 3 {
                    1 => Bound::Upper,
                    2 => Bound::Lower,
                    _ => Bound::Exact,
                };
                return Some(Hit {
                    value: e.value as i64,
                    mv: Move::unpack(e.mv),
                    depth: e.depth,
                    bound,
                });
            }
        }
        None
    }

    #[inline]
    pub fn store(&mut self, key: u64, value: i64, mv: Move, depth: u8, bound: Bound) {
        if self.entries.is_empty() {
            return;
        }
        let i = self.bucket(key);
        let generation = self.generation;
        // Same key: overwrite; otherwise the slot that is stale or shallower.
        let slot = if self.entries[i].key == key {
            i
        } else if self.entries[i + 1].key == key {
            i + 1
        } else {
            let prio = |e: &Entry| -> i32 {
                if e.flags & 3 == 0 {
                    return -1000;
                }
                let age = if e.flags >> 2 == generation { 0 } else { -300 };
                e.depth as i32 + age
            };
            if prio(&self.entries[i]) <= prio(&self.entries[i + 1]) {
                i
            } else {
                i + 1
            }
        };
        let e = &mut self.entries[slot];
        // Keep a move we knew when the new store has none.
        let mv = if mv.is_none() && e.key == key {
            Move::unpack(e.mv)
        } else {
            mv
        };
        *e = Entry {
            key,
            value: value as i32,
            mv: mv.pack(),
            depth,
            flags: (generation << 2) | bound as u8,
        };
    }

    /// Permille of the first thousand entries used by the current search generation.
    pub fn hashfull(&self) -> u32 {
        let n = self.entries.len().min(1000);
        if n == 0 {
            return 0;
        }
        let used = self.entries[..n]
            .iter()
            .filter(|e| e.flags & 3 != 0 && e.flags >> 2 == self.generation)
            .count();
        (used * 1000 / n) as u32
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn store_and_probe() {
        let mut t = TransTable::new(1);
        assert!(t.probe(42).is_none());
        t.store(42, 1234, Move::new(0, 6), 3, Bound::Lower);
        let h = t.probe(42).unwrap();
        assert_eq!(
            (h.value, h.mv, h.depth, h.bound),
            (1234, Move::new(0, 6), 3, Bound::Lower)
        );
        // A different key in the same bucket does not match.
        assert!(t.probe(42 + (1 << 40)).is_none());
        t.clear();
        assert!(t.probe(42).is_none());
    }

    #[test]
    fn disabled_table_stores_nothing() {
        let mut t = TransTable::new(0);
        t.store(1, 1, Move::NONE, 1, Bound::Exact);
        assert!(t.probe(1).is_none());
    }

    #[test]
    fn entry_is_sixteen_bytes() {
        assert_eq!(std::mem::size_of::<Entry>(), 16);
    }
}
