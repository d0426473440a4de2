//! How a position becomes a table index, and the equivalences that make the table smaller.
//!
//! **Side to move.** A position with Blue to move is turned half a circle (square `s` becomes
//! `24 - s`) and its colours swapped: that is the same game with Red to move. So the table holds
//! only positions with the side to move ("us") playing Red's direction, and its value is always
//! the mover's.
//!
//! **Cube numbers.** What a side's numbers decide is which cubes each die face lets it move. A
//! side with one cube moves it on every face whatever its number, so its number is dropped. A
//! side with more cubes keeps them, except that renumbering every cube `n` as `7 - n` turns face
//! `f` into face `7 - f`: every face still moves the same cubes as some face did before, the six
//! faces stay equally likely, and a capture removes the same cube from both numberings. So a
//! side's set of numbers and its mirror set are one class, and the table keeps the smaller of the
//! two (as a 6-bit mask). The classes: 1 for one cube, 9 for two (of 15 sets), 10 for three (of
//! 20), 9 for four, 3 for five. No other renumbering keeps the faces' groups: the group sizes (the
//! faces moving the lowest cube alone, each pair of neighbours, the highest alone) spell the set.
//!
//! **Squares.** The cubes of each side are listed in increasing canonical number (the mover's
//! first, then the opponent's), and their squares, all different, are ranked as an arrangement
//! of `m` squares out of 25: digit `j` is the square's place among the squares not yet used, in
//! base `25 - j`. That is `25 * 24 * ... * (26 - m)` arrangements.
//!
//! **Layout.** One block per material (mover's cubes `ku`, opponent's `kt`, both at least 1),
//! ordered by the total `m = ku + kt` and then by `ku`; inside a block the index is
//! `(mover's class * opponent's classes + opponent's class) * arrangements + arrangement`. The
//! blocks with `m <= N` come first whatever the largest table, so a table of `N` cubes is the
//! first entries of the table of `N + 1`.
//!
//! **Not used for indexing.** The reflection in the a5-e1 diagonal (file and rank exchanged)
//! maps each side's moves onto its own moves and fixes both goals, so it keeps every value; the
//! tests check the table against it rather than halving the table with it, which would cost a
//! canonical choice in every probe. Positions that no game reaches (a cube on its own goal, the
//! mover's cube on the opponent's goal square) keep their slots: the arrangement stays a plain
//! rank.

use super::MAX_CUBES;
use crate::rules::board::{Board, Color};

/// Number `n` as `7 - n` for every cube of a 6-bit mask.
const fn mirror(mask: u8) -> u8 {
    let mut r = 0;
    let mut i = 0;
    while i < 6 {
        if mask & (1 << i) != 0 {
            r |= 1 << (5 - i);
        }
        i += 1;
    }
    r
}

/// For every mask: its class among the masks of its size, and whether its cubes are listed from
/// the highest number down (the mask is the mirror of its class's representative).
const CLASS: [(u8, bool); 64] = {
    let mut t = [(0u8, false); 64];
    let mut next = [0u8; 7];
    let mut mask = 1;
    while mask < 64 {
        let k = (mask as u8).count_ones() as usize;
        let mr = mirror(mask as u8) as usize;
        if k == 1 {
            t[mask] = (0, false);
        } else if mask <= mr {
            t[mask] = (next[k], false);
            next[k] += 1;
        }
        mask += 1;
    }
    let mut mask = 1;
    while mask < 64 {
        let k = (mask as u8).count_ones() as usize;
        let mr = mirror(mask as u8) as usize;
        if k > 1 && mask > mr {
            t[mask] = (t[mr].0, true);
        }
        mask += 1;
    }
    t
};

/// Classes of a side with `k` cubes (index `k`).
pub const CLASSES: [usize; 7] = {
    let mut t = [0usize; 7];
    let mut mask = 1;
    while mask < 64 {
        let k = (mask as u8).count_ones() as usize;
        let c = CLASS[mask].0 as usize + 1;
        if c > t[k] {
            t[k] = c;
        }
        mask += 1;
    }
    t
};

/// The representative mask of class `c` of `k` cubes (`[k][c]`; one cube: cube 1).
pub const REPRESENTATIVE: [[u8; 10]; 7] = {
    let mut t = [[0u8; 10]; 7];
    let mut mask = 63;
    // From the top down, so that the last written, the smallest mask, represents its class.
    while mask >= 1 {
        let k = (mask as u8).count_ones() as usize;
        let (c, down) = CLASS[mask];
        if !down {
            t[k][c as usize] = mask as u8;
        }
        mask -= 1;
    }
    t
};

/// Arrangements of `m` different squares out of 25 (index `m`).
pub const ARRANGEMENTS: [usize; MAX_CUBES + 1] = {
    let mut t = [1usize; MAX_CUBES + 1];
    let mut m = 1;
    while m <= MAX_CUBES {
        t[m] = t[m - 1] * (26 - m);
        m += 1;
    }
    t
};

/// The first index of the block of `ku` mover's and `kt` opponent's cubes; `[0][N + 1]` is the
/// length of the table of `N` cubes.
const OFFSET: [[usize; MAX_CUBES + 2]; MAX_CUBES + 2] = {
    let mut t = [[0usize; MAX_CUBES + 2]; MAX_CUBES + 2];
    let mut at = 0;
    let mut m = 2;
    while m <= MAX_CUBES {
        t[0][m] = at;
        let mut ku = 1;
        while ku < m {
            let kt = m - ku;
            t[ku][kt] = at;
            at += CLASSES[ku] * CLASSES[kt] * ARRANGEMENTS[m];
            ku += 1;
        }
        m += 1;
    }
    t[0][MAX_CUBES + 1] = at;
    t
};

/// The blocks of the table of `cubes` cubes.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Layout {
    pub cubes: usize,
}

impl Layout {
    pub fn new(cubes: usize) -> Layout {
        assert!(
            (2..=MAX_CUBES).contains(&cubes),
            "tables of 2 to {MAX_CUBES} cubes"
        );
        Layout { cubes }
    }

    /// Entries of the whole table.
    pub fn len(&self) -> usize {
        OFFSET[0][self.cubes + 1]
    }

    pub fn is_empty(&self) -> bool {
        self.len() == 0
    }

    /// Every material `(mover's cubes, opponent's cubes)` with its index range, in table order.
    pub fn blocks(&self) -> Vec<(usize, usize, std::ops::Range<usize>)> {
        let mut v = Vec::new();
        for (m, &arrangements) in ARRANGEMENTS.iter().enumerate().take(self.cubes + 1).skip(2) {
            for ku in 1..m {
                let kt = m - ku;
                let start = OFFSET[ku][kt];
                let len = CLASSES[ku] * CLASSES[kt] * arrangements;
                v.push((ku, kt, start..start + len));
            }
        }
        v
    }
}

/// Is the position in the table of `cubes` cubes: not finished, each side at least one cube, at
/// most `cubes` in all?
#[inline]
pub fn covered(b: &Board, cubes: usize) -> bool {
    let ku = b.alive6(Color::Red).count_ones() as usize;
    let kt = b.alive6(Color::Blue).count_ones() as usize;
    !b.is_over() && ku >= 1 && kt >= 1 && ku + kt <= cubes
}

/// The index of a covered position (see [`covered`]).
#[inline]
pub fn index_of(b: &Board) -> usize {
    let us = b.side_to_move();
    let turn = us == Color::Blue;
    let mut sq = [0u8; MAX_CUBES];
    let mut m = 0;
    let mut class = [0usize; 2];
    let mut count = [0usize; 2];
    for (side, c) in [us, us.other()].into_iter().enumerate() {
        let alive = b.alive6(c);
        let (cls, down) = CLASS[alive as usize];
        class[side] = cls as usize;
        count[side] = alive.count_ones() as usize;
        for j in 0..6 {
            let i = if down { 5 - j } else { j };
            if alive & (1 << i) != 0 {
                let s = b.cube_square_raw(c, i);
                sq[m] = if turn { 24 - s } else { s };
                m += 1;
            }
        }
    }
    let (ku, kt) = (count[0], count[1]);
    OFFSET[ku][kt] + (class[0] * CLASSES[kt] + class[1]) * ARRANGEMENTS[m] + rank(&sq[..m])
}

/// The rank of an arrangement of different squares.
#[inline]
fn rank(sq: &[u8]) -> usize {
    let mut r = 0;
    for (j, &s) in sq.iter().enumerate() {
        let below = sq[..j].iter().filter(|&&t| t < s).count();
        r = r * (25 - j) + (s as usize - below);
    }
    r
}

/// The squares of the arrangement of `m` squares with rank `r`.
fn unrank(mut r: usize, m: usize) -> [u8; MAX_CUBES] {
    let mut digit = [0usize; MAX_CUBES];
    for j in (0..m).rev() {
        digit[j] = r % (25 - j);
        r /= 25 - j;
    }
    let mut sq = [0u8; MAX_CUBES];
    let mut used = 0u32;
    for j in 0..m {
        let mut left = digit[j];
        let mut s = 0;
        loop {
            if used & (1 << s) == 0 {
                if left == 0 {
                    break;
                }
                left -= 1;
            }
            s += 1;
        }
        used |= 1 << s;
        sq[j] = s as u8;
    }
    sq
}

/// The position of index `i` in its canonical form (Red to move, representative numbers), or
/// `Err` with a value for the slots no position fills: 0 when both sides stand on their goals.
pub fn position(i: usize, cubes: usize) -> Result<Board, f64> {
    let (ku, kt, range) = Layout::new(cubes)
        .blocks()
        .into_iter()
        .find(|(_, _, r)| r.contains(&i))
        .expect("index inside the table");
    position_in_block(ku, kt, i - range.start)
}

/// [`position`] for entry `local` of the block of `ku` and `kt` cubes.
pub fn position_in_block(ku: usize, kt: usize, local: usize) -> Result<Board, f64> {
    let m = ku + kt;
    let arr = local % ARRANGEMENTS[m];
    let classes = local / ARRANGEMENTS[m];
    let (cu, ct) = (classes / CLASSES[kt], classes % CLASSES[kt]);
    let sq = unrank(arr, m);
    let mut b = Board::empty(Color::Red);
    let mut at = 0;
    for (c, k, cls) in [(Color::Red, ku, cu), (Color::Blue, kt, ct)] {
        let mask = REPRESENTATIVE[k][cls];
        for n in 1..=6u8 {
            if mask & (1 << (n - 1)) != 0 {
                b.put(sq[at], c, n);
                at += 1;
            }
        }
    }
    b.finish_setup().map_err(|_| 0.0)?;
    Ok(b)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn class_counts() {
        assert_eq!(&CLASSES[1..=6], &[1, 9, 10, 9, 3, 1]);
        // {1, 2} and {5, 6} are one class, listed in opposite orders.
        assert_eq!(CLASS[0b000011].0, CLASS[0b110000].0);
        assert!(!CLASS[0b000011].1 && CLASS[0b110000].1);
        // {1, 6} is its own mirror.
        assert!(!CLASS[0b100001].1);
    }

    #[test]
    fn ranks_round_trip() {
        for r in (0..ARRANGEMENTS[4]).step_by(997) {
            let sq = unrank(r, 4);
            assert_eq!(rank(&sq[..4]), r);
        }
        assert_eq!(Layout::new(2).len(), 600);
        assert_eq!(Layout::new(3).len(), 600 + 2 * 9 * 13800);
    }

    #[test]
    fn positions_index_back_to_themselves() {
        let cubes = 3;
        for i in (0..Layout::new(cubes).len()).step_by(101) {
            if let Ok(b) = position(i, cubes)
                && covered(&b, cubes)
            {
                assert_eq!(index_of(&b), i);
            }
        }
    }
}
