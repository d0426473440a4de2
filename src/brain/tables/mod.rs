//! Exact endgame tables: the win probability of the side to move, before its roll and with both
//! sides playing perfectly, of every position with at most `N` cubes in all and at least one per
//! side.
//!
//! The game has no cycles (every move takes a cube one step nearer its goal, a capture removes a
//! cube), so each value follows from the values after it: `build` solves every position by a
//! memoised expectimax to the end of the game, smaller materials first as the recursion reaches
//! them. `index.rs` says how a position becomes an index and which equivalences shrink the table;
//! `file.rs` how a table is stored. The search asks [`Tables::probe`] and stops at a covered
//! position; the three-cube table is small enough to build in memory on first use
//! ([`builtin`]).

mod build;
pub mod codec;
mod error;
mod file;
pub mod index;
pub mod verify;

use std::sync::OnceLock;

use crate::rules::board::Board;

pub use build::{Progress, build};
pub use error::TableError;
pub use file::{FORMAT_VERSION, file_name, load_dir, read, write};

/// The cube count of the table built in memory for every user.
pub const BUILTIN_CUBES: usize = 3;

/// The largest table this build can index.
pub const MAX_CUBES: usize = 5;

/// Every position with at most `cubes` cubes in all, at least one per side.
pub struct Tables {
    cubes: usize,
    values: Vec<u32>,
}

impl std::fmt::Debug for Tables {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(
            f,
            "Tables({} cubes, {} values)",
            self.cubes,
            self.values.len()
        )
    }
}

impl Tables {
    /// Tables over stored values (see [`codec`]) indexed as [`index::Layout`] for `cubes` says.
    pub fn from_values(cubes: usize, values: Vec<u32>) -> Result<Tables, TableError> {
        let want = index::Layout::new(cubes).len();
        if values.len() != want {
            return Err(TableError::Length {
                cubes,
                want,
                got: values.len(),
            });
        }
        Ok(Tables { cubes, values })
    }

    /// The most cubes a covered position has.
    pub fn cubes(&self) -> usize {
        self.cubes
    }

    pub fn values(&self) -> &[u32] {
        &self.values
    }

    /// Does the table hold this position (of the standard game, not finished, each side at
    /// least one cube, at most `cubes` in all)?
    #[inline]
    pub fn covers(&self, b: &Board) -> bool {
        b.variant().standard && index::covered(b, self.cubes)
    }

    /// The exact value of a covered position for the side to move, in the search's units
    /// (`0..=WIN`; 0 and `WIN` only for certain results), or `None` when not covered.
    #[inline]
    pub fn probe(&self, b: &Board) -> Option<i64> {
        self.probe_raw(b).map(codec::to_search_value)
    }

    /// The exact win probability of a covered position for the side to move.
    pub fn probability(&self, b: &Board) -> Option<f64> {
        self.probe_raw(b).map(codec::dequantise)
    }

    #[inline]
    fn probe_raw(&self, b: &Board) -> Option<u32> {
        if !self.covers(b) {
            return None;
        }
        Some(self.values[index::index_of(b)])
    }
}

static BUILTIN: OnceLock<Tables> = OnceLock::new();

/// The three-cube table, built in memory the first time it is asked for (a few tens of
/// milliseconds; later calls return at once).
pub fn builtin() -> &'static Tables {
    BUILTIN.get_or_init(|| {
        let start = std::time::Instant::now();
        let t = build(BUILTIN_CUBES, &mut Progress::silent());
        log::debug!(
            "built the {BUILTIN_CUBES}-cube table in {} ms",
            start.elapsed().as_millis()
        );
        t
    })
}

/// The built-in table if some caller has already built it: for whoever must not wait.
pub fn builtin_if_ready() -> Option<&'static Tables> {
    BUILTIN.get()
}

/// The built-in table if it is built; else `None`, and it is built in the background (once), so
/// that a timed search never spends its clock building it and a later one finds it.
pub fn builtin_or_start() -> Option<&'static Tables> {
    static STARTED: std::sync::Once = std::sync::Once::new();
    if let Some(t) = BUILTIN.get() {
        return Some(t);
    }
    STARTED.call_once(|| {
        std::thread::spawn(|| {
            builtin();
        });
    });
    None
}
