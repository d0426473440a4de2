//! Transposition table: buckets of four entries (one cache line) keyed by the Zobrist key with
//! full-key verification. A new entry replaces the one of its own key, else the bucket's least
//! worth keeping: an empty slot, then one left by an earlier search, then the shallowest. Four
//! ways keep more of what saves work once the table is full: depth 8 from the start (die 3) in
//! 64 MiB took 41.8 M nodes with them and the search's transposition cutoffs, 45.6 M before with
//! two-entry buckets (29.9 M in 512 MiB, where the table does not fill). Every depth is worth
//! keeping: not storing depth-1 nodes doubled the count.
//!
//! Chance nodes are stored under the position key; move nodes (the position after a roll) under
//! the position key mixed with the key of the set of movable cubes. An entry keeps the value, its
//! bound type, the depth it was searched to and the best move. Proven values (certain win or loss)
//! are stored with [`PROVEN_DEPTH`] so that any later search may use them.

use std::sync::atomic::{AtomicU8, AtomicU64, Ordering};

use crate::rules::board::Move;

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Bound {
    /// The true value is at most the stored one.
    Upper = 1,
    /// The true value is at least the stored one.
    Lower = 2,
    Exact = 3,
}

pub const PROVEN_DEPTH: u8 = u8::MAX;

/// One slot, shared by every search thread. `data` packs the value (low 32 bits), the move, the
/// depth and the flags (bound in the low two bits, 0 = empty; search generation in the upper
/// six); `check` holds the key XOR `data`. The two words are written one after the other, so a
/// reader may see one thread's key with another's data: such a torn slot fails the check (its
/// `check ^ data` is not the key asked for) and reads as a miss. With one thread nothing is torn.
/// Aligned to its size, so that the table can start exactly on a huge-page boundary.
#[derive(Default)]
#[repr(C, align(16))]
struct Entry {
    check: AtomicU64,
    data: AtomicU64,
}

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
struct Data {
    value: i32,
    mv: u16,
    depth: u8,
    flags: u8,
}

impl Data {
    #[inline]
    fn pack(self) -> u64 {
        self.value as u32 as u64
            | (self.mv as u64) << 32
            | (self.depth as u64) << 48
            | (self.flags as u64) << 56
    }

    #[inline]
    fn unpack(w: u64) -> Data {
        Data {
            value: w as u32 as i32,
            mv: (w >> 32) as u16,
            depth: (w >> 48) as u8,
            flags: (w >> 56) as u8,
        }
    }
}

impl Entry {
    /// The slot's key and data as one consistent pair (the key is only meaningful when the
    /// data's bound is set).
    #[inline]
    fn load(&self) -> (u64, Data) {
        let data = self.data.load(Ordering::Relaxed);
        let check = self.check.load(Ordering::Relaxed);
        (check ^ data, Data::unpack(data))
    }

    #[inline]
    fn save(&self, key: u64, d: Data) {
        let data = d.pack();
        self.check.store(key ^ data, Ordering::Relaxed);
        self.data.store(data, Ordering::Relaxed);
    }
}

#[derive(Clone, Copy, Debug)]
pub struct Hit {
    pub value: i64,
    pub mv: Move,
    pub depth: u8,
    pub bound: Bound,
}

/// The table. Probes and stores take `&self`, so that threads can share it; resizing and
/// clearing take `&mut self`, between searches.
pub struct TransTable {
    /// The allocation: the table proper starts at `base`, aligned for huge pages.
    entries: Vec<Entry>,
    base: usize,
    mask: usize,
    generation: AtomicU8,
}

/// The size of a huge page: a table aligned to it can be mapped with few of them, so that a
/// probe seldom misses the address cache as well as the memory cache.
const HUGE_PAGE: usize = 2 << 20;

/// Entries in a bucket: 64 bytes, one cache line.
const BUCKET: usize = 4;

/// Asks the system to back the range with huge pages (on Linux; elsewhere nothing). Only advice:
/// without it, or when refused, the table works the same, more slowly.
fn advise_huge_pages(start: *const Entry, len: usize) {
    #[cfg(target_os = "linux")]
    {
        // SAFETY: the range lies inside one live allocation of ours, and this advice never
        // changes what the memory holds.
        unsafe {
            libc::madvise(start as *mut libc::c_void, len, libc::MADV_HUGEPAGE);
        }
    }
    #[cfg(not(target_os = "linux"))]
    let _ = (start, len);
}

impl TransTable {
    /// A table of at most `mb` MiB (rounded down to a power-of-two number of entries); 0 disables it.
    pub fn new(mb: usize) -> TransTable {
        let mut t = TransTable {
            entries: Vec::new(),
            base: 0,
            mask: 0,
            generation: AtomicU8::new(0),
        };
        t.resize(mb);
        t
    }

    /// Allocates the table anew and writes every entry, so that the memory is really mapped now
    /// and not page by page during the first search (which would make that search late).
    pub fn resize(&mut self, mb: usize) {
        let size = std::mem::size_of::<Entry>();
        let want = mb.saturating_mul(1 << 20) / size;
        self.entries = Vec::new();
        self.base = 0;
        if want < BUCKET {
            self.mask = 0;
            return;
        }
        let n = 1usize << (usize::BITS - 1 - want.leading_zeros());
        // Room to start the table on a huge-page boundary. The memory is not written yet, so
        // the advice comes before its pages are mapped.
        // A bucket is one cache line, so the table starts on a line's boundary at least.
        let align = if n * size >= HUGE_PAGE {
            HUGE_PAGE
        } else {
            BUCKET * size
        };
        let mut v: Vec<Entry> = Vec::with_capacity(n + align / size);
        let addr = v.as_ptr() as usize;
        let base = (addr.next_multiple_of(align) - addr) / size;
        if align == HUGE_PAGE {
            advise_huge_pages(v.as_ptr().wrapping_add(base), n * size);
        }
        // Writing the empty entries maps the memory now (it is not cleared a second time).
        v.extend((0..base + n).map(|_| Entry::default()));
        self.entries = v;
        self.base = base;
        self.mask = n - 1;
        *self.generation.get_mut() = 0;
    }

    pub fn size_mb(&self) -> usize {
        if self.entries.is_empty() {
            0
        } else {
            ((self.mask + 1) * std::mem::size_of::<Entry>()) >> 20
        }
    }

    pub fn clear(&mut self) {
        for e in &mut self.entries {
            *e.check.get_mut() = 0;
            *e.data.get_mut() = 0;
        }
        *self.generation.get_mut() = 0;
    }

    /// Marks the start of a new search so that older entries are replaced first.
    pub fn new_search(&mut self) {
        let g = self.generation.get_mut();
        *g = (*g + 1) & 63;
    }

    /// The index in `entries` of the first entry of the bucket of `key`.
    #[inline]
    fn bucket(&self, key: u64) -> usize {
        self.base + ((key as usize) & self.mask & !(BUCKET - 1))
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
        for e in &self.entries[i..i + BUCKET] {
            let (k, d) = e.load();
            if k == key && d.flags & 3 != 0 {
                let bound = match d.flags & 3 {
                    1 => Bound::Upper,
                    2 => Bound::Lower,
                    _ => Bound::Exact,
                };
                return Some(Hit {
                    value: d.value as i64,
                    mv: Move::unpack(d.mv),
                    depth: d.depth,
                    bound,
                });
            }
        }
        None
    }

    #[inline]
    pub fn store(&self, key: u64, value: i64, mv: Move, depth: u8, bound: Bound) {
        if self.entries.is_empty() {
            return;
        }
        let i = self.bucket(key);
        let generation = self.generation.load(Ordering::Relaxed);
        // Same key: overwrite; otherwise the slot that is empty, stale or shallowest (the first
        // of equals, so that the choice is deterministic).
        let prio = |d: &Data| -> i32 {
            if d.flags & 3 == 0 {
                return -1000;
            }
            let age = if d.flags >> 2 == generation { 0 } else { -300 };
            d.depth as i32 + age
        };
        let mut slot = i;
        let mut old_key = 0;
        let mut old = Data::unpack(0);
        let mut worst = i32::MAX;
        for j in i..i + BUCKET {
            let (k, d) = self.entries[j].load();
            if k == key && d.flags & 3 != 0 {
                (slot, old_key, old) = (j, k, d);
                break;
            }
            let p = prio(&d);
            if p < worst {
                (worst, slot, old_key, old) = (p, j, k, d);
            }
        }
        // Keep a move we knew when the new store has none.
        let mv = if mv.is_none() && old_key == key {
            Move::unpack(old.mv)
        } else {
            mv
        };
        self.entries[slot].save(
            key,
            Data {
                value: value as i32,
                mv: mv.pack(),
                depth,
                flags: (generation << 2) | bound as u8,
            },
        );
    }

    /// Permille of the first thousand entries used by the current search generation.
    pub fn hashfull(&self) -> u32 {
        let table = &self.entries[self.base..];
        let n = table.len().min(1000);
        if n == 0 {
            return 0;
        }
        let generation = self.generation.load(Ordering::Relaxed);
        let used = table[..n]
            .iter()
            .filter(|e| {
                let (_, d) = e.load();
                d.flags & 3 != 0 && d.flags >> 2 == generation
            })
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
        let t = TransTable::new(0);
        t.store(1, 1, Move::NONE, 1, Bound::Exact);
        assert!(t.probe(1).is_none());
    }

    #[test]
    fn a_torn_entry_reads_as_a_miss() {
        let t = TransTable::new(1);
        t.store(42, 1234, Move::new(0, 6), 3, Bound::Lower);
        // Another thread's data lands under this key's check word: the pair no longer matches.
        let e = &t.entries[t.bucket(42)];
        let other = Data {
            value: 77,
            mv: 0,
            depth: 9,
            flags: 3,
        };
        e.data.store(other.pack(), Ordering::Relaxed);
        assert!(t.probe(42).is_none());
        // Written whole, it is found again.
        t.store(42, 1234, Move::new(0, 6), 3, Bound::Lower);
        assert_eq!(t.probe(42).unwrap().value, 1234);
    }

    #[test]
    fn threads_sharing_the_table_never_read_a_torn_entry() {
        // Each key always carries the same data, derived from the key: any hit whose data does not
        // match its key would be a torn entry taken for a valid one.
        let t = TransTable::new(1);
        let value = |k: u64| (k % 1_000_000) as i64;
        let depth = |k: u64| (k >> 20) as u8 % 100;
        let hits = std::sync::atomic::AtomicU64::new(0);
        std::thread::scope(|s| {
            for id in 0..4u64 {
                let (t, hits) = (&t, &hits);
                s.spawn(move || {
                    let mut x = id;
                    for _ in 0..2_000_000 {
                        let (nx, r) = crate::rules::zobrist::splitmix64(x);
                        x = nx;
                        // Eight keys in one bucket: the threads overwrite each other all the time.
                        let k = ((r % 8) << 40) | 6;
                        if r >> 63 == 0 {
                            t.store(k, value(k), Move::NONE, depth(k), Bound::Exact);
                        } else if let Some(h) = t.probe(k) {
                            assert_eq!((h.value, h.depth), (value(k), depth(k)));
                            hits.fetch_add(1, Ordering::Relaxed);
                        }
                    }
                });
            }
        });
        assert!(hits.load(Ordering::Relaxed) > 0);
    }

    #[test]
    fn data_packs_and_unpacks() {
        for d in [
            Data {
                value: -1,
                mv: 0xffff,
                depth: 255,
                flags: 0xff,
            },
            Data {
                value: 1_000_000,
                mv: 0x1234,
                depth: 7,
                flags: 0b10_1011,
            },
            Data {
                value: 0,
                mv: 0,
                depth: 0,
                flags: 0,
            },
        ] {
            assert_eq!(Data::unpack(d.pack()), d);
        }
    }

    #[test]
    fn large_tables_start_on_a_huge_page_and_have_the_size_asked() {
        for mb in [1, 2, 16] {
            let t = TransTable::new(mb);
            assert_eq!(t.size_mb(), mb);
            let start = t.entries.as_ptr().wrapping_add(t.base) as usize;
            if mb >= 2 {
                assert_eq!(start % HUGE_PAGE, 0, "{mb} MiB");
            }
            // Buckets are cache lines, and the last one lies inside the allocation.
            assert_eq!(start % (BUCKET * 16), 0, "{mb} MiB");
            assert!(t.bucket(u64::MAX) + BUCKET <= t.entries.len());
        }
    }

    #[test]
    fn entry_is_sixteen_bytes() {
        assert_eq!(std::mem::size_of::<Entry>(), 16);
    }
}
