//! Transposition table: buckets of four entries (one cache line) keyed by the Zobrist key with
//! full-key verification. A new entry replaces the one of its own key, else the bucket's least
//! worth keeping: an empty slot, then one left by an earlier search, then the shallowest. Four
//! ways keep more of what saves work once the table is full: depth 8 from the start (die 3) in
//! 64 MiB took 41.8 M nodes with them and the search's transposition cutoffs, 45.6 M before with
//! two-entry buckets (29.9 M in 512 MiB, where the table does not fill); 28.9 M in 256 MiB, the
//! default. Every depth is worth keeping: without the depth-1 move nodes the same search took
//! 40.4 M nodes in 256 MiB. Since a depth-1 chance node is valued exactly from its leaves (with
//! the standard game's evaluations), its own exact entry replaces its move nodes' ones: the same
//! search takes 27.3 M nodes in 256 MiB and leaves the table a sixth full.
//!
//! Every entry carries the generation (a counter of searches and new games) that wrote it. The
//! entries of the current game are those of generations since the last [`TransTable::clear`]:
//! clearing only starts a new generation, in constant time, and the older entries read as empty
//! slots, both to probes and to the replacement, so that a search after a clear visits the same
//! nodes as one in a newly allocated table. When the eight-bit counter runs out the memory is
//! really emptied, once every 256 searches.
//!
//! Chance nodes are stored under the position key; move nodes (the position after a roll) under
//! the position key mixed with the key of the set of movable cubes. An entry keeps the value, its
//! bound type, the depth it was searched to and the best move. Proven values (certain win or loss)
//! are stored with [`PROVEN_DEPTH`] so that any later search may use them.

use std::sync::Arc;
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

/// The depth of a proven value: deeper than any search.
pub const PROVEN_DEPTH: u8 = 127;

/// One slot, shared by every search thread. `data` packs the value, the depth, the bound (0 =
/// empty), the generation and the move (see [`Data::pack`]); `check` holds the key XOR `data`. The two words are written one after the other, so a
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
    /// `0..=WIN`: 31 bits.
    value: u32,
    /// `0..=MAX_DEPTH` or [`PROVEN_DEPTH`]: 7 bits.
    depth: u8,
    /// The bound as in [`Bound`], 0 for an empty slot: 2 bits.
    bound: u8,
    generation: u8,
    mv: u16,
}

impl Data {
    /// Value in bits 0-30, depth 31-37, bound 38-39, generation 40-47, move 48-63.
    #[inline]
    fn pack(self) -> u64 {
        debug_assert!(self.value < 1 << 31 && self.depth < 1 << 7 && self.bound < 4);
        self.value as u64
            | (self.depth as u64) << 31
            | (self.bound as u64) << 38
            | (self.generation as u64) << 40
            | (self.mv as u64) << 48
    }

    #[inline]
    fn unpack(w: u64) -> Data {
        Data {
            value: (w & 0x7fff_ffff) as u32,
            depth: ((w >> 31) & 0x7f) as u8,
            bound: ((w >> 38) & 3) as u8,
            generation: (w >> 40) as u8,
            mv: (w >> 48) as u16,
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
    entries: Arc<Box<[Entry]>>,
    base: usize,
    mask: usize,
    /// The generation of the current search.
    generation: AtomicU8,
    /// The first generation of the current game: entries of older ones are empty slots.
    first: AtomicU8,
    /// The thread mapping the table's pages, until [`TransTable::wait_mapped`] has waited for it.
    mapping: Option<std::thread::JoinHandle<()>>,
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

/// Maps the pages of a new table by writing one word of each with an atomic operation that
/// leaves it as it is (so a search running meanwhile loses nothing it wrote), and stops early
/// when the table has been dropped or resized (this thread holds the last reference).
fn prefault(entries: Arc<Box<[Entry]>>) {
    const PER_PAGE: usize = 4096 / std::mem::size_of::<Entry>();
    const PER_CHECK: usize = HUGE_PAGE / std::mem::size_of::<Entry>();
    for (i, e) in entries.iter().enumerate().step_by(PER_PAGE) {
        if i % PER_CHECK == 0 && Arc::strong_count(&entries) == 1 {
            return;
        }
        // A compare-and-swap of 0 for 0: a write where the word is still empty (which maps the
        // page for writing), nothing where a search has written it (then it is mapped already).
        // An idempotent `fetch_or(0)` is not enough: the compiler may make it a plain load, and a
        // read maps only the shared zero page.
        let _ = e
            .data
            .compare_exchange(0, 0, Ordering::Relaxed, Ordering::Relaxed);
    }
}

impl TransTable {
    /// A table of at most `mb` MiB (rounded down to a power-of-two number of entries); 0 disables it.
    pub fn new(mb: usize) -> TransTable {
        let mut t = TransTable {
            entries: Arc::default(),
            base: 0,
            mask: 0,
            generation: AtomicU8::new(0),
            first: AtomicU8::new(0),
            mapping: None,
        };
        t.resize(mb);
        t
    }

    /// Allocates the table anew, zeroed by the system, and maps its pages in the background
    /// ([`prefault`]) rather than here. Writing every entry of the default 256 MiB before the
    /// first line was read took the engine 0.2 s to start on a quiet machine and over a second on
    /// a busy one, and a `go` that arrived meanwhile lost that time from its budget; left to the
    /// search alone, each page's first touch maps it on the search's clock (a huge page is 2 MiB
    /// zeroed), which made the first searches slow.
    pub fn resize(&mut self, mb: usize) {
        let size = std::mem::size_of::<Entry>();
        let want = mb.saturating_mul(1 << 20) / size;
        self.entries = Arc::default();
        self.base = 0;
        if want < BUCKET {
            self.mask = 0;
            return;
        }
        let n = 1usize << (usize::BITS - 1 - want.leading_zeros());
        // Room to start the table on a huge-page boundary. The memory is not touched yet, so
        // the advice comes before its pages are mapped.
        // A bucket is one cache line, so the table starts on a line's boundary at least.
        let align = if n * size >= HUGE_PAGE {
            HUGE_PAGE
        } else {
            BUCKET * size
        };
        let len = n + align / size;
        let layout = std::alloc::Layout::array::<Entry>(len).expect("a table that fits in memory");
        // SAFETY: the layout is that of a boxed slice of `len` entries (non-zero size), allocated
        // by the global allocator as `Box` frees it; an entry is two atomic integers, for which
        // all-zero bytes are a valid value (an empty slot: bound 0), so every element is
        // initialised.
        let v: Box<[Entry]> = unsafe {
            let p = std::alloc::alloc_zeroed(layout).cast::<Entry>();
            if p.is_null() {
                std::alloc::handle_alloc_error(layout);
            }
            Box::from_raw(std::ptr::slice_from_raw_parts_mut(p, len))
        };
        let v = Arc::new(v);
        let addr = v.as_ptr() as usize;
        let base = (addr.next_multiple_of(align) - addr) / size;
        if align == HUGE_PAGE {
            advise_huge_pages(v.as_ptr().wrapping_add(base), n * size);
        }
        let pages = v.clone();
        // Without a thread the searches map the pages themselves, as they touch them.
        self.mapping = std::thread::Builder::new()
            .name("hash-prefault".into())
            .spawn(move || prefault(pages))
            .ok();
        self.entries = v;
        self.base = base;
        self.mask = n - 1;
        *self.generation.get_mut() = 0;
        *self.first.get_mut() = 0;
    }

    /// Waits until every page of the table is mapped (at once when it is already): for whoever
    /// says the engine is ready, so that no search then pays for mapping them (each first touch of
    /// a page is a fault, and a huge page's can take milliseconds on a busy machine).
    pub fn wait_mapped(&mut self) {
        if let Some(h) = self.mapping.take() {
            let _ = h.join();
        }
    }

    pub fn size_mb(&self) -> usize {
        if self.entries.is_empty() {
            0
        } else {
            ((self.mask + 1) * std::mem::size_of::<Entry>()) >> 20
        }
    }

    /// Forgets every entry, in constant time: a new generation starts the new game.
    pub fn clear(&mut self) {
        self.next_generation();
        *self.first.get_mut() = *self.generation.get_mut();
    }

    /// Marks the start of a new search so that the entries of earlier searches are replaced first.
    pub fn new_search(&mut self) {
        self.next_generation();
    }

    /// Moves to the next generation. When the counter is exhausted the memory is emptied and
    /// counting starts again, so that the entries of the current game always have the
    /// generations `first..=generation` and no other entry has one of them.
    fn next_generation(&mut self) {
        let g = *self.generation.get_mut();
        if g == u8::MAX {
            for e in self.entries.iter() {
                e.check.store(0, Ordering::Relaxed);
                e.data.store(0, Ordering::Relaxed);
            }
            *self.generation.get_mut() = 0;
            *self.first.get_mut() = 0;
        } else {
            *self.generation.get_mut() = g + 1;
        }
    }

    /// Whether an entry holds something of the current game.
    #[inline]
    fn live(d: &Data, first: u8) -> bool {
        d.bound != 0 && d.generation >= first
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

    #[inline(always)]
    pub fn probe(&self, key: u64) -> Option<Hit> {
        if self.entries.is_empty() {
            return None;
        }
        let i = self.bucket(key);
        let first = self.first.load(Ordering::Relaxed);
        for e in &self.entries[i..i + BUCKET] {
            let (k, d) = e.load();
            if k == key && Self::live(&d, first) {
                let bound = match d.bound {
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
        let first = self.first.load(Ordering::Relaxed);
        // Same key: overwrite; otherwise the slot that is empty, stale or shallowest (the first
        // of equals, so that the choice is deterministic).
        let prio = |d: &Data| -> i32 {
            if !Self::live(d, first) {
                return -1000;
            }
            let age = if d.generation == generation { 0 } else { -300 };
            d.depth as i32 + age
        };
        let mut slot = i;
        let mut known = None;
        let mut worst = i32::MAX;
        for j in i..i + BUCKET {
            let (k, d) = self.entries[j].load();
            if k == key && Self::live(&d, first) {
                (slot, known) = (j, Some(d.mv));
                break;
            }
            let p = prio(&d);
            if p < worst {
                (worst, slot) = (p, j);
            }
        }
        // Keep a move we knew when the new store has none.
        let mv = match known {
            Some(m) if mv.is_none() => Move::unpack(m),
            _ => mv,
        };
        self.entries[slot].save(
            key,
            Data {
                value: value as u32,
                depth,
                bound: bound as u8,
                generation,
                mv: mv.pack(),
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
                d.bound != 0 && d.generation == generation
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
            depth: 9,
            bound: 3,
            generation: 0,
            mv: 0,
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
                value: (1 << 31) - 1,
                depth: PROVEN_DEPTH,
                bound: 3,
                generation: 0xff,
                mv: 0xffff,
            },
            Data {
                value: 1_000_000,
                depth: 7,
                bound: 2,
                generation: 0b10_1011,
                mv: 0x1234,
            },
            Data {
                value: 0,
                depth: 0,
                bound: 0,
                generation: 0,
                mv: 0,
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
