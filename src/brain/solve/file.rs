//! The solved table's file: a header, then every slot's value as a little-endian `u32`.
//!
//! Header, little-endian: the magic `EWNSOLVE` (8 bytes), the format version (`u32`), 1 or 2
//! sides to move stored (`u32`), the number of values (`u64`), a checksum of the values (`u64`,
//! the endgame tables' checksum), the variant's fingerprint (`u64`: its Zobrist salt, a hash of
//! every rule), 1 when a position and its mirror image share a slot, else 0 (`u32`), the length
//! of the variant's name (`u32`) and the name. A value is a stored value of [`codec`], on its
//! scale as it is (a certain win as [`codec::ONE`]); [`codec::UNKNOWN`] marks a slot no game
//! reaches. A reader refuses a file whose magic, version, variant, index, size or checksum is
//! not what it expects, saying which.
//!
//! Version 2 (this one) indexes by `index.rs`'s arrangement of the squares a cube may stand on,
//! with the mirror; version 1 ranked every square for every cube, without it, and is refused
//! with the advice to solve again.

use std::fs;
use std::io::{BufReader, BufWriter, Read, Write};
use std::path::{Path, PathBuf};

use super::Solution;
use super::Solved;
use super::error::SolveError;
use super::index::Layout;
use crate::brain::tables::codec::{self, Fields, HeaderWriter};
use crate::rules::variant::Variant;

pub const MAGIC: &[u8; 8] = b"EWNSOLVE";
pub const FORMAT_VERSION: u32 = 2;
/// The fixed part of the header, before the variant's name.
const HEADER: usize = 48;

/// The file name of a variant's solved table inside a table directory.
pub fn file_name(v: &Variant) -> String {
    format!("ewn-solved-{}.tbl", v.name())
}

/// The solution's values as stored.
pub fn stored(s: &Solution) -> impl Iterator<Item = u32> + '_ {
    s.raw().map(|x| x.map_or(codec::UNKNOWN, codec::quantise))
}

/// The index fields of the header: sides to move stored, and whether the mirror shares slots.
fn shape(layout: &Layout) -> (u32, u32) {
    (
        if layout.symmetric { 1 } else { 2 },
        u32::from(layout.mirror),
    )
}

fn header(layout: &Layout, sum: u64) -> Vec<u8> {
    let v = layout.v;
    let (sides, mirror) = shape(layout);
    HeaderWriter::new()
        .bytes(MAGIC)
        .u32(FORMAT_VERSION)
        .u32(sides)
        .u64(layout.len())
        .u64(sum)
        .u64(v.salt)
        .u32(mirror)
        .u32(v.name().len() as u32)
        .bytes(v.name().as_bytes())
        .finish()
}

/// Writes the solution's table to `path`.
pub fn write(s: &Solution, path: &Path) -> Result<(), SolveError> {
    let sum = codec::checksum(stored(s));
    let f =
        crate::text_file::open_for_writing(path, true).map_err(SolveError::io("creating", path))?;
    let mut w = BufWriter::with_capacity(1 << 20, f);
    w.write_all(&header(&s.layout, sum))
        .and_then(|()| codec::write_values(&mut w, stored(s)))
        .and_then(|()| w.flush())
        .map_err(SolveError::io("writing", path))
}

/// Reads and checks the solved table of `v` at `path`. The values are read in pieces straight
/// into the table, so a large table is held once in memory, not twice.
pub fn read(v: &'static Variant, path: &Path) -> Result<Solved, SolveError> {
    let p = || path.to_path_buf();
    let mut f = crate::text_file::open_regular(path, fs::OpenOptions::new().read(true))
        .map_err(SolveError::io("reading", path))?;
    let mut bytes = [0u8; HEADER];
    if f.read_exact(&mut bytes).is_err() || &bytes[..8] != MAGIC {
        return Err(SolveError::NotASolvedTable(p()));
    }
    let h = Fields(&bytes);
    let version = h.u32(8);
    if version != FORMAT_VERSION {
        return Err(SolveError::Version {
            path: p(),
            found: version,
            reads: FORMAT_VERSION,
        });
    }
    let name_len = h.u32(44) as usize;
    let mut vname = vec![0u8; name_len.min(64)];
    if name_len > 64 || f.read_exact(&mut vname).is_err() {
        return Err(SolveError::DamagedName(p()));
    }
    let file_variant = String::from_utf8_lossy(&vname);
    if h.u64(32) != v.salt || file_variant != v.name() {
        return Err(SolveError::OtherVariant {
            path: p(),
            found: file_variant.into_owned(),
            want: v.name().to_string(),
        });
    }
    let layout = Layout::new(v)?;
    let (sides, mirror) = shape(&layout);
    if (h.u32(12), h.u32(40)) != (sides, mirror) {
        return Err(SolveError::OtherIndex {
            path: p(),
            variant: v.name().to_string(),
            found: (h.u32(12), h.u32(40)),
            want: (sides, mirror),
        });
    }
    let want = layout.len();
    let body = (HEADER + name_len) as u64;
    let size = f.metadata().map_err(SolveError::io("reading", path))?.len();
    if h.u64(16) != want {
        return Err(SolveError::Count {
            path: p(),
            variant: v.name().to_string(),
            want,
            found: h.u64(16),
        });
    }
    let held = size.saturating_sub(body);
    if held != 4 * want {
        return Err(SolveError::Size {
            path: p(),
            variant: v.name().to_string(),
            want,
            held,
        });
    }
    let mut sum = codec::Checksum::new();
    let mut values: Vec<u32> = Vec::new();
    values
        .try_reserve_exact(want as usize)
        .map_err(|_| SolveError::Alloc {
            count: want,
            what: "values",
        })?;
    codec::read_values(&mut BufReader::with_capacity(1 << 20, f), want, |x| {
        sum.add(x);
        values.push(x);
    })
    .map_err(SolveError::io("reading", path))?;
    if sum.finish() != h.u64(24) {
        return Err(SolveError::Checksum(p()));
    }
    Ok(Solved::from_values(layout, values))
}

/// Does `dir` hold a solved table of any variant?
pub fn any_in(dir: &Path) -> bool {
    fs::read_dir(dir).is_ok_and(|entries| {
        entries.flatten().any(|e| {
            let n = e.file_name();
            let n = n.to_string_lossy();
            n.starts_with("ewn-solved-") && n.ends_with(".tbl")
        })
    })
}

/// The path of `v`'s solved table in `dir`, if there is one.
pub fn find(dir: &Path, v: &Variant) -> Option<PathBuf> {
    let p = dir.join(file_name(v));
    p.is_file().then_some(p)
}
