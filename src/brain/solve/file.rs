//! The solved table's file: a header, then every slot's value as a little-endian `u32`.
//!
//! Header, little-endian: the magic `EWNSOLVE` (8 bytes), the format version (`u32`), 1 or 2
//! sides to move stored (`u32`), the number of values (`u64`), a checksum of the values (`u64`,
//! the endgame tables' checksum), the variant's fingerprint (`u64`: its Zobrist salt, a hash of
//! every rule), the length of the variant's name (`u32`) and the name. A value is the win
//! probability of the side to move times [`ONE`], rounded, strictly inside `1..ONE` unless it is
//! exactly 0 or 1; [`UNREACHED`] marks a slot no game reaches. A reader refuses a file whose
//! magic, version, variant, size or checksum is not what it expects, saying which.

use std::fs;
use std::io::{BufWriter, Read, Write};
use std::path::{Path, PathBuf};

use anyhow::{Context, Result, bail};

use super::Solved;
use super::build::Solution;
use super::index::Layout;
use crate::rules::variant::Variant;

pub const MAGIC: &[u8; 8] = b"EWNSOLVE";
pub const FORMAT_VERSION: u32 = 1;
/// A certain win.
pub const ONE: u32 = u32::MAX - 1;
/// A slot no game reaches.
pub const UNREACHED: u32 = u32::MAX;

/// The file name of a variant's solved table inside a table directory.
pub fn file_name(v: &Variant) -> String {
    format!("ewn-solved-{}.tbl", v.name())
}

/// A probability as a stored value.
pub fn quantise(p: f64) -> u32 {
    if p <= 0.0 {
        0
    } else if p >= 1.0 {
        ONE
    } else {
        ((p * ONE as f64).round() as u64).clamp(1, ONE as u64 - 1) as u32
    }
}

/// The endgame tables' checksum, fed one value at a time.
struct Checksum(u64, u64);

impl Checksum {
    fn new() -> Checksum {
        Checksum(0x9e37_79b9_7f4a_7c15, 0)
    }
    fn add(&mut self, v: u32) {
        self.0 = (self.0 ^ v as u64)
            .wrapping_mul(0x0100_0000_01b3)
            .rotate_left(29);
        self.1 += 1;
    }
    fn finish(&self) -> u64 {
        self.0 ^ self.1
    }
}

fn stored(s: &Solution) -> impl Iterator<Item = u32> + '_ {
    s.raw().map(|x| x.map_or(UNREACHED, quantise))
}

fn header(v: &Variant, sides: u32, len: u64, sum: u64) -> Vec<u8> {
    let mut h = Vec::new();
    h.extend_from_slice(MAGIC);
    h.extend_from_slice(&FORMAT_VERSION.to_le_bytes());
    h.extend_from_slice(&sides.to_le_bytes());
    h.extend_from_slice(&len.to_le_bytes());
    h.extend_from_slice(&sum.to_le_bytes());
    h.extend_from_slice(&v.salt.to_le_bytes());
    h.extend_from_slice(&(v.name().len() as u32).to_le_bytes());
    h.extend_from_slice(v.name().as_bytes());
    h
}

/// Writes the solution's table to `path`.
pub fn write(s: &Solution, path: &Path) -> Result<()> {
    let mut sum = Checksum::new();
    for x in stored(s) {
        sum.add(x);
    }
    let v = s.layout.v;
    let sides = if s.layout.symmetric { 1 } else { 2 };
    let f = crate::text_file::open_for_writing(path, true)
        .with_context(|| format!("creating {}", path.display()))?;
    let mut w = BufWriter::with_capacity(1 << 20, f);
    w.write_all(&header(v, sides, s.layout.len(), sum.finish()))?;
    for x in stored(s) {
        w.write_all(&x.to_le_bytes())?;
    }
    w.flush()
        .with_context(|| format!("writing {}", path.display()))?;
    Ok(())
}

/// Reads and checks the solved table of `v` at `path`. The values are read in pieces straight
/// into the table, so a large table is held once in memory, not twice.
pub fn read(v: &'static Variant, path: &Path) -> Result<Solved> {
    let name = path.display();
    let mut f = crate::text_file::open_regular(path, fs::OpenOptions::new().read(true))
        .with_context(|| format!("reading {name}"))?;
    let mut bytes = vec![0u8; 44];
    if f.read_exact(&mut bytes).is_err() || &bytes[..8] != MAGIC {
        bail!("{name} is not an ewn solved table");
    }
    let u32_at = |b: &[u8], i: usize| u32::from_le_bytes(b[i..i + 4].try_into().unwrap());
    let u64_at = |b: &[u8], i: usize| u64::from_le_bytes(b[i..i + 8].try_into().unwrap());
    let version = u32_at(&bytes, 8);
    if version != FORMAT_VERSION {
        bail!(
            "{name} is a solved table of format version {version}; this build reads version \
             {FORMAT_VERSION} only: solve the variant again with `ewn solve`"
        );
    }
    let name_len = u32_at(&bytes, 40) as usize;
    let mut vname = vec![0u8; name_len.min(64)];
    if name_len > 64 || f.read_exact(&mut vname).is_err() {
        bail!("{name}: a damaged header (variant name)");
    }
    let file_variant = String::from_utf8_lossy(&vname);
    if u64_at(&bytes, 32) != v.salt || file_variant != v.name() {
        bail!(
            "{name} solves variant '{file_variant}' with other rules than this '{}'",
            v.name()
        );
    }
    let layout = Layout::new(v).map_err(anyhow::Error::msg)?;
    let sides = if layout.symmetric { 1 } else { 2 };
    let want = layout.len();
    let body = (44 + name_len) as u64;
    let size = f
        .metadata()
        .with_context(|| format!("reading {name}"))?
        .len();
    if u32_at(&bytes, 12) != sides || u64_at(&bytes, 16) != want || size - body != 4 * want {
        bail!(
            "{name}: the table of {} has {want} values, the file holds {} (truncated?)",
            v.name(),
            (size - body) / 4
        );
    }
    let mut sum = Checksum::new();
    let mut values: Vec<u32> = Vec::new();
    values
        .try_reserve_exact(want as usize)
        .map_err(|_| anyhow::anyhow!("{name}: cannot allocate {want} values"))?;
    let mut r = std::io::BufReader::with_capacity(1 << 20, f);
    let mut chunk = vec![0u8; 1 << 20];
    let mut left = 4 * want as usize;
    while left > 0 {
        let n = left.min(chunk.len());
        r.read_exact(&mut chunk[..n])
            .with_context(|| format!("reading {name}"))?;
        for c in chunk[..n].chunks_exact(4) {
            let x = u32::from_le_bytes(c.try_into().unwrap());
            sum.add(x);
            values.push(x);
        }
        left -= n;
    }
    if sum.finish() != u64_at(&bytes, 24) {
        bail!("{name}: bad checksum, the file is damaged: solve the variant again");
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
