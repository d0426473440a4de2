//! Zobrist keys for cubes on squares and the side to move.
//!
//! The keys are generated at compile time by splitmix64 from a fixed seed written here, so a
//! position's key never changes with a compiler, a platform or a crate version. Transposition-table
//! contents and therefore node counts stay reproducible everywhere.

/// One step of splitmix64: the state advances by the golden-ratio increment and the output is mixed.
pub const fn splitmix64(state: u64) -> (u64, u64) {
    let s = state.wrapping_add(0x9E37_79B9_7F4A_7C15);
    let mut z = s;
    z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
    z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
    (s, z ^ (z >> 31))
}

const SEED: u64 = 0x0045_574E_2021_0001;

/// Keys indexed by piece code (1..=12, 0 unused) and square (0..25).
pub const PIECE_SQ: [[u64; 25]; 13] = {
    let mut keys = [[0u64; 25]; 13];
    let mut state = SEED;
    let mut p = 1;
    while p < 13 {
        let mut s = 0;
        while s < 25 {
            let (ns, k) = splitmix64(state);
            state = ns;
            keys[p][s] = k;
            s += 1;
        }
        p += 1;
    }
    keys
};

/// Toggled when Blue is to move.
pub const BLUE_TO_MOVE: u64 = splitmix64(SEED ^ 0xB1E).1;

/// Seed of the keys beyond the standard game's (larger boards, cube numbers above 6) and of the
/// per-variant salts.
pub const EXTRA_SEED: u64 = 0x0045_574E_2026_0023;

/// Mixed into the key of a move node (a position after the roll) to separate the entries of the
/// different sets of movable cubes from the chance node of the same position. Indexed by the
/// movable mask (cube n is bit n - 1, up to cube 12). The keys of masks 1..64 are the standard
/// game's since the beginning; mask 0 (a forced pass, which the standard game never has) gets a
/// key of its own so that a pass node never shares the chance node's entry.
pub static MOVABLE: [u64; 4096] = {
    let mut keys = [0u64; 4096];
    let mut state = SEED ^ 0xD1CE;
    let mut i = 1;
    while i < 4096 {
        let (ns, k) = splitmix64(state);
        state = ns;
        keys[i] = k;
        i += 1;
    }
    keys[0] = splitmix64(EXTRA_SEED ^ 0x9A55).1;
    keys
};

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn keys_are_distinct_and_nonzero() {
        let mut all: Vec<u64> = PIECE_SQ[1..].iter().flatten().copied().collect();
        all.push(BLUE_TO_MOVE);
        all.extend_from_slice(&MOVABLE[1..]);
        let n = all.len();
        all.sort_unstable();
        all.dedup();
        assert_eq!(all.len(), n);
        assert!(all.iter().all(|&k| k != 0));
    }

    #[test]
    fn splitmix_reference_value() {
        // splitmix64 seeded with 0: first output as published with the algorithm.
        assert_eq!(splitmix64(0).1, 0xE220_A839_7B1D_CDAF);
    }
}
