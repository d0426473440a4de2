//! How a position of a variant becomes an index into its solved table.
//!
//! A side's cubes are listed by slot (the variant's cube numbers in increasing order); a block
//! holds one pair of survivor sets, the mover's and the opponent's (each non-empty), and inside a
//! block the squares of the surviving cubes, the mover's first, all different, are ranked as an
//! arrangement of `m` squares out of the board's `n`: digit `j` is the square's place among the
//! squares not yet used, in base `n - j`, so a block of `m` cubes has `n (n - 1) ... (n - m + 1)`
//! slots.
//!
//! **Side to move.** In a variant whose Blue start squares and holes are Red's turned half a
//! circle (every preset), a position with Blue to move is the same game as the position turned
//! half a circle with the colours swapped and Red to move, so only Red-to-move positions are
//! stored and the value is always the mover's. Other variants keep both sides to move (twice the
//! slots).
//!
//! Not every slot is a position a game reaches (cubes on their own goal, arrangements no setup
//! leads to): the solve fills only the reachable ones and leaves the others unknown.

use crate::rules::board::{Board, Color};
use crate::rules::variant::{MAX_CUBE, Variant};

/// The most slots an index may have (2^36: 64 GiB of `u8`, far past any machine that solves).
pub const MAX_SLOTS: f64 = (1u64 << 36) as f64;

/// The index of one variant's positions.
pub struct Layout {
    pub v: &'static Variant,
    /// Cubes per side.
    pub k: usize,
    /// Squares on the board.
    pub n: usize,
    /// Blue-to-move positions are stored turned half a circle (see the module's paragraph).
    pub symmetric: bool,
    /// The first slot of each block, at `mover mask << k | opponent mask` (masks over slots).
    offsets: Vec<u64>,
    /// Slots for one side to move.
    half: u64,
    /// The slot of each cube number (0 for numbers the variant does not have).
    slot: [u8; MAX_CUBE as usize + 1],
}

/// `n (n - 1) ... (n - m + 1)` as a float (for estimates that may be huge).
fn arrangements_f(n: usize, m: usize) -> f64 {
    (0..m).map(|j| (n - j) as f64).product()
}

fn binomial_f(n: usize, r: usize) -> f64 {
    (0..r).map(|j| (n - j) as f64 / (j + 1) as f64).product()
}

/// Is the variant the same game for Blue as for Red turned half a circle?
pub fn is_symmetric(v: &Variant) -> bool {
    let n = v.n_sq as u16;
    let turn = |s: u8| (n - 1 - s as u16) as u8;
    let red: Vec<u8> = v.rules.start_red.iter().map(|&s| turn(s)).collect();
    let holes_ok = v
        .rules
        .holes
        .iter()
        .all(|&h| v.hole_mask >> turn(h) & 1 != 0);
    red == v.rules.start_blue && holes_ok
}

/// The number of slots the index of `v` has, as a float: known before anything is allocated.
pub fn slots_estimate(v: &Variant) -> f64 {
    let k = v.cubes().len();
    let n = v.n_sq as usize;
    let mut total = 0.0;
    for a in 1..=k {
        for b in 1..=k {
            if a + b <= n {
                total += binomial_f(k, a) * binomial_f(k, b) * arrangements_f(n, a + b);
            }
        }
    }
    if is_symmetric(v) { total } else { 2.0 * total }
}

impl Layout {
    /// The index of `v`, or why it cannot be made (too many slots).
    pub fn new(v: &'static Variant) -> Result<Layout, super::SolveError> {
        let est = slots_estimate(v);
        if est > MAX_SLOTS {
            return Err(super::SolveError::TooManySlots { slots: est });
        }
        let k = v.cubes().len();
        let n = v.n_sq as usize;
        let mut offsets = vec![0u64; 1 << (2 * k)];
        let mut next = 0u64;
        for mm in 1..1usize << k {
            for om in 1..1usize << k {
                let m = (mm.count_ones() + om.count_ones()) as usize;
                offsets[mm << k | om] = next;
                if m <= n {
                    next += (0..m).map(|j| (n - j) as u64).product::<u64>();
                }
            }
        }
        let mut slot = [0u8; MAX_CUBE as usize + 1];
        for (i, &c) in v.cubes().iter().enumerate() {
            slot[c as usize] = i as u8;
        }
        Ok(Layout {
            v,
            k,
            n,
            symmetric: is_symmetric(v),
            offsets,
            half: next,
            slot,
        })
    }

    /// The number of slots.
    pub fn len(&self) -> u64 {
        if self.symmetric {
            self.half
        } else {
            2 * self.half
        }
    }

    pub fn is_empty(&self) -> bool {
        self.len() == 0
    }

    /// Is `b` a position of this index's variant that is not over?
    #[inline]
    pub fn covers(&self, b: &Board) -> bool {
        std::ptr::eq(b.variant(), self.v) && !b.is_over()
    }

    /// The slot of a covered position (see [`Layout::covers`]).
    #[inline]
    pub fn index_of(&self, b: &Board) -> usize {
        let us = b.side_to_move();
        let flip = self.symmetric && us == Color::Blue;
        let n = self.n as u8;
        let mut used = 0u64;
        let mut rank = 0u64;
        let mut avail = self.n as u64;
        let mut masks = [0usize; 2];
        for (i, side) in [us, us.other()].into_iter().enumerate() {
            let mut alive = b.alive(side);
            while alive != 0 {
                let c = alive.trailing_zeros() as u8 + 1;
                alive &= alive - 1;
                let s = b.cube_square_raw(side, c as usize - 1);
                let s = if flip { n - 1 - s } else { s };
                let place = s as u64 - (used & ((1u64 << s) - 1)).count_ones() as u64;
                rank = rank * avail + place;
                avail -= 1;
                used |= 1 << s;
                masks[i] |= 1 << self.slot[c as usize];
            }
        }
        let mut i = self.offsets[masks[0] << self.k | masks[1]] + rank;
        if !self.symmetric && us == Color::Blue {
            i += self.half;
        }
        i as usize
    }
}
