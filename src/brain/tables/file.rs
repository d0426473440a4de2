//! The table file: a 32-byte header, then every value as a little-endian `u32` in index order.
//!
//! Header, little-endian: the magic `EWNTABLE` (8 bytes), the format version (`u32`), the cube
//! count (`u32`), the number of values (`u64`), and a checksum of the values (`u64`, see
//! [`checksum`]). A reader refuses a file whose magic, version, size or checksum is not what it
//! expects, saying which. The version changes whenever the indexing or the values' meaning does.

use std::io::{BufWriter, Write};
use std::path::{Path, PathBuf};

use anyhow::{Context, Result, bail};

use super::index::Layout;
use super::{MAX_CUBES, Tables};

pub const MAGIC: &[u8; 8] = b"EWNTABLE";
pub const FORMAT_VERSION: u32 = 1;
const HEADER: usize = 32;

/// The file name of the table of `cubes` cubes inside a table directory.
pub fn file_name(cubes: usize) -> String {
    format!("ewn-{cubes}cubes.tbl")
}

/// A 64-bit checksum of the values: each value mixed in turn by xor, multiply and rotate (cheap,
/// and any changed, swapped or missing value changes it).
pub fn checksum(values: &[u32]) -> u64 {
    let mut h = 0x9e37_79b9_7f4a_7c15u64;
    for &v in values {
        h = (h ^ v as u64)
            .wrapping_mul(0x0100_0000_01b3)
            .rotate_left(29);
    }
    h ^ values.len() as u64
}

/// Writes the table to `path`.
pub fn write(t: &Tables, path: &Path) -> Result<()> {
    let f = crate::text_file::open_for_writing(path, true)
        .with_context(|| format!("creating {}", path.display()))?;
    let mut w = BufWriter::new(f);
    let mut header = Vec::with_capacity(HEADER);
    header.extend_from_slice(MAGIC);
    header.extend_from_slice(&FORMAT_VERSION.to_le_bytes());
    header.extend_from_slice(&(t.cubes() as u32).to_le_bytes());
    header.extend_from_slice(&(t.values().len() as u64).to_le_bytes());
    header.extend_from_slice(&checksum(t.values()).to_le_bytes());
    w.write_all(&header)?;
    for v in t.values() {
        w.write_all(&v.to_le_bytes())?;
    }
    w.flush()
        .with_context(|| format!("writing {}", path.display()))?;
    Ok(())
}

/// Reads and checks a table file. The header and the file's size are checked before the values
/// are read, so a file that is not a table costs its first bytes, however large it is.
pub fn read(path: &Path) -> Result<Tables> {
    use std::io::Read;
    let name = path.display();
    // Only a regular file, opened without blocking: a FIFO in its place is refused, not waited on.
    let mut f = crate::text_file::open_regular(path, std::fs::OpenOptions::new().read(true))
        .with_context(|| format!("reading {name}"))?;
    let size = f
        .metadata()
        .with_context(|| format!("reading {name}"))?
        .len();
    let mut bytes = vec![0u8; HEADER];
    if f.read_exact(&mut bytes).is_err() || &bytes[..8] != MAGIC {
        bail!("{name} is not an ewn table file");
    }
    let u32_at = |i: usize| u32::from_le_bytes(bytes[i..i + 4].try_into().unwrap());
    let u64_at = |i: usize| u64::from_le_bytes(bytes[i..i + 8].try_into().unwrap());
    let version = u32_at(8);
    if version != FORMAT_VERSION {
        bail!(
            "{name} is a table of format version {version}; this build reads version \
             {FORMAT_VERSION} only: build the table again with `ewn tables build`"
        );
    }
    let cubes = u32_at(12) as usize;
    if !(2..=MAX_CUBES).contains(&cubes) {
        bail!("{name}: a table of {cubes} cubes is not one this build knows");
    }
    let want = Layout::new(cubes).len();
    let len = u64_at(16) as usize;
    if len != want {
        bail!(
            "{name}: its header says {len} values, but a {cubes}-cube table has {want}: the \
             header is damaged (build the table again with `ewn tables build`)"
        );
    }
    if size != (HEADER + 4 * want) as u64 {
        let held = size.saturating_sub(HEADER as u64);
        bail!(
            "{name}: a {cubes}-cube table has {want} values ({} bytes after the header), the \
             file holds {held} bytes after it ({}): build the table again",
            4 * want,
            if held < 4 * want as u64 {
                "truncated"
            } else {
                "bytes beyond the table"
            }
        );
    }
    let sum = u64_at(24);
    bytes.resize(HEADER + 4 * want, 0);
    f.read_exact(&mut bytes[HEADER..])
        .with_context(|| format!("reading {name}"))?;
    let values: Vec<u32> = bytes[HEADER..]
        .chunks_exact(4)
        .map(|c| u32::from_le_bytes(c.try_into().unwrap()))
        .collect();
    if checksum(&values) != sum {
        bail!("{name}: bad checksum, the file is damaged: build the table again");
    }
    Tables::from_values(cubes, values).map_err(anyhow::Error::msg)
}

/// The largest table in a directory (the files `ewn-<N>cubes.tbl`), read and checked.
pub fn load_dir(dir: &Path) -> Result<Tables> {
    let path: Option<PathBuf> = (2..=MAX_CUBES)
        .rev()
        .map(|n| dir.join(file_name(n)))
        .find(|p| p.is_file());
    match path {
        Some(p) => read(&p),
        None => bail!(
            "no table in {}: expected a file {} (from `ewn tables build`)",
            dir.display(),
            file_name(4)
        ),
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
