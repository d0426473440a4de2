//! How both kinds of table (the endgame tables and the solved variants) turn values and header
//! fields into bytes: the one value scale, the checksum of the values, and the little-endian
//! fields of a header, written and read.
//!
//! A stored value is the win probability of the side to move times [`ONE`], rounded, kept
//! strictly inside `1..ONE` unless it is exactly 0 or 1. [`UNKNOWN`] lies outside the scale: a
//! slot whose value no one knows (no game reaches it). The endgame table file keeps the scale it
//! has always had, a certain win as [`FILE_ONE`]; its reader and writer convert through
//! [`from_file_scale`] and [`to_file_scale`], which round-trip every value exactly.

use std::io::{Read, Write};

use crate::brain::eval::WIN;

/// A certain win.
pub const ONE: u32 = u32::MAX - 1;

/// A slot whose value is unknown: never a probability.
pub const UNKNOWN: u32 = u32::MAX;

/// A certain win in the endgame table file (format 1).
pub const FILE_ONE: u32 = u32::MAX;

/// A probability as a stored value: exact 0 and 1 stay, anything else strictly inside.
pub fn quantise(p: f64) -> u32 {
    if p <= 0.0 {
        0
    } else if p >= 1.0 {
        ONE
    } else {
        ((p * ONE as f64).round() as u64).clamp(1, ONE as u64 - 1) as u32
    }
}

/// A stored value (not [`UNKNOWN`]) as a probability.
#[inline]
pub fn dequantise(v: u32) -> f64 {
    debug_assert!(v <= ONE, "an unknown value has no probability");
    v as f64 / ONE as f64
}

/// A stored value (not [`UNKNOWN`]) in the search's units: 0 and `WIN` only for certain results.
#[inline]
pub fn to_search_value(v: u32) -> i64 {
    match v {
        0 => 0,
        ONE => WIN,
        _ => {
            ((v as u64 * WIN as u64 + ONE as u64 / 2) / ONE as u64).clamp(1, WIN as u64 - 1) as i64
        }
    }
}

/// A stored value on the endgame table file's scale (0 stays 0, [`ONE`] becomes [`FILE_ONE`]).
#[inline]
pub fn to_file_scale(v: u32) -> u32 {
    ((v as u64 * FILE_ONE as u64 + ONE as u64 / 2) / ONE as u64) as u32
}

/// A value of the endgame table file as a stored value: the inverse of [`to_file_scale`].
#[inline]
pub fn from_file_scale(d: u32) -> u32 {
    ((d as u64 * ONE as u64 + FILE_ONE as u64 / 2) / FILE_ONE as u64) as u32
}

/// The 64-bit checksum of a table's values as its file holds them, fed one value at a time: each
/// value mixed in turn by xor, multiply and rotate, then the count (cheap, and any changed,
/// swapped or missing value changes it).
pub struct Checksum {
    h: u64,
    n: u64,
}

impl Default for Checksum {
    fn default() -> Checksum {
        Checksum::new()
    }
}

impl Checksum {
    pub fn new() -> Checksum {
        Checksum {
            h: 0x9e37_79b9_7f4a_7c15,
            n: 0,
        }
    }

    #[inline]
    pub fn add(&mut self, v: u32) {
        self.h = (self.h ^ v as u64)
            .wrapping_mul(0x0100_0000_01b3)
            .rotate_left(29);
        self.n += 1;
    }

    pub fn finish(&self) -> u64 {
        self.h ^ self.n
    }
}

/// The checksum of `values`.
pub fn checksum(values: impl IntoIterator<Item = u32>) -> u64 {
    let mut c = Checksum::new();
    values.into_iter().for_each(|v| c.add(v));
    c.finish()
}

/// A header being written: little-endian fields one after another.
#[derive(Default)]
pub struct HeaderWriter(Vec<u8>);

impl HeaderWriter {
    pub fn new() -> HeaderWriter {
        HeaderWriter(Vec::new())
    }
    pub fn bytes(mut self, b: &[u8]) -> HeaderWriter {
        self.0.extend_from_slice(b);
        self
    }
    pub fn u32(self, x: u32) -> HeaderWriter {
        self.bytes(&x.to_le_bytes())
    }
    pub fn u64(self, x: u64) -> HeaderWriter {
        self.bytes(&x.to_le_bytes())
    }
    pub fn finish(self) -> Vec<u8> {
        self.0
    }
}

/// A header's bytes, read as little-endian fields at their offsets.
pub struct Fields<'a>(pub &'a [u8]);

impl Fields<'_> {
    /// The `u32` at byte `i` (the caller has read the header's bytes in full).
    pub fn u32(&self, i: usize) -> u32 {
        u32::from_le_bytes(self.0[i..i + 4].try_into().expect("four bytes"))
    }
    /// The `u64` at byte `i`.
    pub fn u64(&self, i: usize) -> u64 {
        u64::from_le_bytes(self.0[i..i + 8].try_into().expect("eight bytes"))
    }
}

/// Writes every value as a little-endian `u32`.
pub fn write_values(w: &mut impl Write, values: impl Iterator<Item = u32>) -> std::io::Result<()> {
    for v in values {
        w.write_all(&v.to_le_bytes())?;
    }
    Ok(())
}

/// Reads `count` little-endian `u32` values in pieces, handing each to `each` in order: a large
/// table is never held twice in memory.
pub fn read_values(
    r: &mut impl Read,
    count: u64,
    mut each: impl FnMut(u32),
) -> std::io::Result<()> {
    let mut chunk = vec![0u8; 1 << 20];
    let mut left = 4 * count as usize;
    while left > 0 {
        let n = left.min(chunk.len());
        r.read_exact(&mut chunk[..n])?;
        for c in chunk[..n].chunks_exact(4) {
            each(u32::from_le_bytes(c.try_into().expect("four bytes")));
        }
        left -= n;
    }
    Ok(())
}
