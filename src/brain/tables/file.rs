//! The table file: a 32-byte header, then every value as a little-endian `u32` in index order.
//!
//! Header, little-endian: the magic `EWNTABLE` (8 bytes), the format version (`u32`), the cube
//! count (`u32`), the number of values (`u64`), and a checksum of the values as the file holds
//! them (`u64`, see [`codec::Checksum`]). A value in the file is on the file's own scale, a
//! certain win as `u32::MAX` ([`codec::FILE_ONE`]), converted exactly to and from the stored
//! scale on writing and reading. A reader refuses a file whose magic, version, size or checksum
//! is not what it expects, saying which. The version changes whenever the indexing or the
//! values' meaning does.

use std::io::{BufReader, BufWriter, Read, Write};
use std::path::{Path, PathBuf};

use super::codec::{self, Fields, HeaderWriter};
use super::error::TableError;
use super::index::Layout;
use super::{MAX_CUBES, Tables};

pub const MAGIC: &[u8; 8] = b"EWNTABLE";
pub const FORMAT_VERSION: u32 = 1;
const HEADER: usize = 32;

/// The file name of the table of `cubes` cubes inside a table directory.
pub fn file_name(cubes: usize) -> String {
    format!("ewn-{cubes}cubes.tbl")
}

/// Writes the table to `path`.
pub fn write(t: &Tables, path: &Path) -> Result<(), TableError> {
    let on_file = || t.values().iter().map(|&v| codec::to_file_scale(v));
    let f =
        crate::text_file::open_for_writing(path, true).map_err(TableError::io("creating", path))?;
    let header = HeaderWriter::new()
        .bytes(MAGIC)
        .u32(FORMAT_VERSION)
        .u32(t.cubes() as u32)
        .u64(t.values().len() as u64)
        .u64(codec::checksum(on_file()))
        .finish();
    let mut w = BufWriter::new(f);
    w.write_all(&header)
        .and_then(|()| codec::write_values(&mut w, on_file()))
        .and_then(|()| w.flush())
        .map_err(TableError::io("writing", path))
}

/// Reads and checks a table file. The header and the file's size are checked before the values
/// are read, so a file that is not a table costs its first bytes, however large it is.
pub fn read(path: &Path) -> Result<Tables, TableError> {
    let p = || path.to_path_buf();
    // Only a regular file, opened without blocking: a FIFO in its place is refused, not waited on.
    let mut f = crate::text_file::open_regular(path, std::fs::OpenOptions::new().read(true))
        .map_err(TableError::io("reading", path))?;
    let size = f.metadata().map_err(TableError::io("reading", path))?.len();
    let mut bytes = [0u8; HEADER];
    if f.read_exact(&mut bytes).is_err() || &bytes[..8] != MAGIC {
        return Err(TableError::NotATable(p()));
    }
    let h = Fields(&bytes);
    let version = h.u32(8);
    if version != FORMAT_VERSION {
        return Err(TableError::Version {
            path: p(),
            found: version,
            reads: FORMAT_VERSION,
        });
    }
    let cubes = h.u32(12) as usize;
    if !(2..=MAX_CUBES).contains(&cubes) {
        return Err(TableError::Cubes { path: p(), cubes });
    }
    let want = Layout::new(cubes).len();
    let found = h.u64(16);
    if found != want as u64 {
        return Err(TableError::Count {
            path: p(),
            cubes,
            want,
            found,
        });
    }
    if size != (HEADER + 4 * want) as u64 {
        return Err(TableError::Size {
            path: p(),
            cubes,
            want,
            held: size.saturating_sub(HEADER as u64),
        });
    }
    let mut sum = codec::Checksum::new();
    let mut values = Vec::with_capacity(want);
    codec::read_values(&mut BufReader::new(f), want as u64, |d| {
        sum.add(d);
        values.push(codec::from_file_scale(d));
    })
    .map_err(TableError::io("reading", path))?;
    if sum.finish() != h.u64(24) {
        return Err(TableError::Checksum(p()));
    }
    Tables::from_values(cubes, values)
}

/// The largest table in a directory (the files `ewn-<N>cubes.tbl`), read and checked.
pub fn load_dir(dir: &Path) -> Result<Tables, TableError> {
    let path: Option<PathBuf> = (2..=MAX_CUBES)
        .rev()
        .map(|n| dir.join(file_name(n)))
        .find(|p| p.is_file());
    match path {
        Some(p) => read(&p),
        None => Err(TableError::NoTable {
            dir: dir.to_path_buf(),
            expected: file_name(4),
        }),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// A table file's header for `cubes` cubes saying `len` values, then `values` zero values.
    fn fake(path: &Path, cubes: u32, len: u64, values: usize) {
        let mut b = Vec::new();
        b.extend_from_slice(MAGIC);
        b.extend_from_slice(&FORMAT_VERSION.to_le_bytes());
        b.extend_from_slice(&cubes.to_le_bytes());
        b.extend_from_slice(&len.to_le_bytes());
        b.extend_from_slice(&0u64.to_le_bytes());
        b.resize(HEADER + 4 * values, 0);
        std::fs::write(path, b).unwrap();
    }

    #[test]
    fn a_damaged_count_and_a_cut_file_are_told_apart() {
        let dir = std::env::temp_dir().join(format!("ewn-tblfile-{}", std::process::id()));
        std::fs::create_dir_all(&dir).unwrap();
        let p = dir.join("t.tbl");
        let want = Layout::new(2).len();
        // The count field flipped, the values all there: the header is named, not the size.
        fake(&p, 2, (want as u64) ^ (1 << 40), want);
        let e = format!("{:#}", read(&p).unwrap_err());
        assert!(e.contains("header says") && e.contains("damaged"), "{e}");
        assert!(!e.contains("truncated"), "{e}");
        // A file cut short: truncated, with two different sizes.
        fake(&p, 2, want as u64, want - 3);
        let e = format!("{:#}", read(&p).unwrap_err());
        assert!(e.contains("truncated"), "{e}");
        assert!(
            e.contains(&format!("{} bytes after it", 4 * (want - 3))),
            "{e}"
        );
        std::fs::remove_dir_all(&dir).unwrap();
    }
}
