//! How a position of a variant becomes an index into its solved table.
//!
//! A side's cubes are listed by slot (the variant's cube numbers in increasing order); a block
//! holds one pair of survivor sets, the mover's and the opponent's (each non-empty), and inside a
//! block the squares of the surviving cubes, the mover's first, all different, are ranked as an
//! arrangement: digit `j` is the square's place among the squares cube `j` may stand on and
//! no earlier cube holds, in base the number of those squares. A cube never stands on a hole (it
//! falls in), and the mover's never on its own goal (the game would be over), so a block of `a`
//! mover's and `b` other cubes on a board of `n` squares, `h` holes and a one-square goal has
//! `(n - h - 1) (n - h - 2) ... (n - h - a)` times `(n - h - a) ... (n - h - a - b + 1)` slots.
//!
//! **Side to move.** In a variant whose Blue start squares and holes are Red's turned half a
//! circle (every preset), a position with Blue to move is the same game as the position turned
//! half a circle with the colours swapped and Red to move, so only Red-to-move positions are
//! stored and the value is always the mover's. Other variants keep both sides to move (twice the
//! slots).
//!
//! **The mirror.** On a square board whose steps, goals and holes are the same reflected in the
//! diagonal through Red's corner (files become ranks: the standard rules and every corner-goal
//! preset without holes off it), a position and its mirror image have the same value: the
//! mirror's moves are the reflected moves, each roll lets the same cubes move, and the value is
//! the same weighted average of the same maxima, bit for bit. Only one of the two is stored: the
//! one whose first cube (in the order above) off the diagonal stands below it. A block is then
//! cut by that first cube `j`: the cubes before it stand on the diagonal, cube `j` on one of the
//! squares below it, the rest anywhere, each a digit in its own base as above; a position with
//! every cube on the diagonal is its own mirror. This halves the table.
//!
//! Not every slot is a position a game reaches (arrangements no setup leads to): the solve fills
//! only the reachable ones and leaves the others unknown.

use crate::rules::board::{Board, Color};
use crate::rules::variant::{MAX_CUBE, Variant};

/// The most slots an index may have (2^36: 64 GiB of `u8`, far past any machine that solves).
pub const MAX_SLOTS: f64 = (1u64 << 36) as f64;

/// The most cubes on a board (both sides).
const MAX_CUBES: usize = 2 * MAX_CUBE as usize;

/// The squares of the board, as a mask.
fn board_mask(n: usize) -> u64 {
    if n >= 64 { u64::MAX } else { (1u64 << n) - 1 }
}

/// The board's squares reflected in the diagonal through square 0 (a square board).
fn transposed(v: &Variant) -> [u8; 64] {
    let cols = v.cols() as usize;
    let mut t = [0u8; 64];
    for (s, x) in t.iter_mut().enumerate().take(v.n_sq as usize) {
        *x = ((s % cols) * cols + s / cols) as u8;
    }
    t
}

fn map_mask(m: u64, f: impl Fn(u8) -> u8, n: usize) -> u64 {
    (0..n as u8)
        .filter(|&s| m >> s & 1 != 0)
        .fold(0, |acc, s| acc | 1 << f(s))
}

/// Do the steps, goals and holes of `v` map onto themselves by `f`, a permutation of the squares
/// (with the colours swapped when `swap`)?
fn rules_map_onto_themselves(v: &Variant, f: impl Fn(u8) -> u8, swap: bool) -> bool {
    let n = v.n_sq as usize;
    if map_mask(v.hole_mask, &f, n) != v.hole_mask {
        return false;
    }
    (0..2).all(|c| {
        let d = if swap { 1 - c } else { c };
        let goals = map_mask(v.goal_mask[c], &f, n) == v.goal_mask[d];
        goals
            && (0..n as u8).all(|s| {
                let (to, k) = v.dest[c][s as usize];
                let (to2, k2) = v.dest[d][f(s) as usize];
                let mut a: Vec<u8> = to[..k as usize].iter().map(|&t| f(t)).collect();
                let mut b = to2[..k2 as usize].to_vec();
                a.sort_unstable();
                b.sort_unstable();
                a == b
            })
    })
}

/// Is the variant the same game for Blue as for Red turned half a circle?
pub fn is_symmetric(v: &Variant) -> bool {
    let n = v.n_sq as u16;
    let turn = |s: u8| (n - 1 - s as u16) as u8;
    let red: Vec<u8> = v.rules.start_red.iter().map(|&s| turn(s)).collect();
    red == v.rules.start_blue && rules_map_onto_themselves(v, turn, true)
}

/// Is the variant the same game reflected in the diagonal through square 0 (see the module's
/// paragraph on the mirror)?
pub fn is_mirrored(v: &Variant) -> bool {
    if v.rows() != v.cols() {
        return false;
    }
    let t = transposed(v);
    rules_map_onto_themselves(v, |s| t[s as usize], false)
}

/// The squares each kind of cube may stand on in a stored position, as masks: the mover's (per
/// colour of the mover as stored) and the other side's.
#[derive(Clone, Copy)]
struct Squares {
    mover: [u64; 2],
    other: u64,
    /// The diagonal and the squares below it (with the mirror; else every square and none).
    diagonal: u64,
    below: u64,
}

impl Squares {
    fn of(v: &Variant, mirror: bool) -> Squares {
        let n = v.n_sq as usize;
        let other = board_mask(n) & !v.hole_mask;
        let (mut diagonal, mut below) = (board_mask(n), 0);
        if mirror {
            let cols = v.cols() as usize;
            diagonal = (0..n)
                .filter(|s| s / cols == s % cols)
                .fold(0, |m, s| m | 1 << s);
            below = (0..n)
                .filter(|s| s / cols > s % cols)
                .fold(0, |m, s| m | 1 << s);
        }
        Squares {
            mover: [other & !v.goal_mask[0], other & !v.goal_mask[1]],
            other,
            diagonal,
            below,
        }
    }

    /// The squares cube `i` of `a` mover's cubes may stand on when cube `j` is the first off the
    /// diagonal (`j` past the last cube: every cube on it).
    #[inline]
    fn allowed(&self, mover: usize, a: usize, i: usize, j: usize) -> u64 {
        let own = if i < a { self.mover[mover] } else { self.other };
        match i.cmp(&j) {
            std::cmp::Ordering::Less => own & self.diagonal,
            std::cmp::Ordering::Equal => own & self.below,
            std::cmp::Ordering::Greater => own,
        }
    }

    /// The slots of one part of a block: `a` mover's and `b` other cubes, cube `j` the first off
    /// the diagonal. Each digit's base does not depend on where the earlier cubes stand: all
    /// `i` of them stand on squares cube `i` may take too (the mover's inside the other side's,
    /// those before `j` on the diagonal), except that none stands below the diagonal when cube
    /// `j` does.
    fn part_len(&self, mover: usize, a: usize, b: usize, j: usize) -> f64 {
        (0..a + b)
            .map(|i| {
                let own = self.allowed(mover, a, i, j).count_ones() as usize;
                own.saturating_sub(if i == j { 0 } else { i }) as f64
            })
            .product()
    }
}

fn binomial_f(n: usize, r: usize) -> f64 {
    (0..r).map(|j| (n - j) as f64 / (j + 1) as f64).product()
}

/// The parts of a block: the first cube off the diagonal, or one part without the mirror.
fn parts(mirror: bool, m: usize) -> std::ops::RangeInclusive<usize> {
    if mirror { 0..=m } else { m..=m }
}

/// The number of slots the index of `v` has, as a float: known before anything is allocated.
pub fn slots_estimate(v: &Variant) -> f64 {
    let k = v.cubes().len();
    let mirror = is_mirrored(v);
    let sq = Squares::of(v, mirror);
    let movers: &[usize] = if is_symmetric(v) { &[0] } else { &[0, 1] };
    let mut total = 0.0;
    for &c in movers {
        for a in 1..=k {
            for b in 1..=k {
                let ways = binomial_f(k, a) * binomial_f(k, b);
                for j in parts(mirror, a + b) {
                    total += ways * sq.part_len(c, a, b, j);
                }
            }
        }
    }
    total
}

/// The index of one variant's positions.
pub struct Layout {
    pub v: &'static Variant,
    /// Cubes per side.
    pub k: usize,
    /// Squares on the board.
    pub n: usize,
    /// Blue-to-move positions are stored turned half a circle (see the module's paragraph).
    pub symmetric: bool,
    /// A position and its mirror image share a slot (see the module's paragraph).
    pub mirror: bool,
    squares: Squares,
    /// The first slot of each part of each block, at `((mover colour << 2k | mover mask << k |
    /// opponent mask) * (2k + 1) + j)` (masks over slots, `j` the first cube off the diagonal).
    offsets: Vec<u64>,
    len: u64,
    /// The slot of each cube number (0 for numbers the variant does not have).
    slot: [u8; MAX_CUBE as usize + 1],
    /// Each square reflected in the diagonal.
    transpose: [u8; 64],
}

impl Layout {
    /// The index of `v`, or why it cannot be made (too many slots).
    pub fn new(v: &'static Variant) -> Result<Layout, super::SolveError> {
        Layout::with_mirror(v, is_mirrored(v))
    }

    /// The index of `v` with or without the mirror (`mirror` only where [`is_mirrored`]): the
    /// tests compare the two.
    pub fn with_mirror(v: &'static Variant, mirror: bool) -> Result<Layout, super::SolveError> {
        let est = slots_estimate(v);
        if est > MAX_SLOTS {
            return Err(super::SolveError::TooManySlots { slots: est });
        }
        assert!(
            !mirror || is_mirrored(v),
            "the mirror of a variant without one"
        );
        let k = v.cubes().len();
        let symmetric = is_symmetric(v);
        let squares = Squares::of(v, mirror);
        let stride = 2 * k + 1;
        let mut offsets = vec![0u64; (2 << (2 * k)) * stride];
        let mut next = 0u64;
        for c in if symmetric { 0..1 } else { 0..2 } {
            for mm in 1..1usize << k {
                for om in 1..1usize << k {
                    let (a, b) = (mm.count_ones() as usize, om.count_ones() as usize);
                    for j in parts(mirror, a + b) {
                        offsets[((c << (2 * k)) | mm << k | om) * stride + j] = next;
                        next += squares.part_len(c, a, b, j) as u64;
                    }
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
            n: v.n_sq as usize,
            symmetric,
            mirror,
            squares,
            offsets,
            len: next,
            slot,
            transpose: transposed(v),
        })
    }

    /// The number of slots.
    pub fn len(&self) -> u64 {
        self.len
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
        let mover = if flip { 0 } else { us.idx() };
        let last = self.n as u8 - 1;
        // The squares of the cubes in order, turned as stored.
        let mut squares = [0u8; MAX_CUBES];
        let mut m = 0;
        let mut masks = [0usize; 2];
        for (i, side) in [us, us.other()].into_iter().enumerate() {
            let mut alive = b.alive(side);
            while alive != 0 {
                let c = alive.trailing_zeros() as usize;
                alive &= alive - 1;
                let s = b.cube_square_raw(side, c);
                squares[m] = if flip { last - s } else { s };
                m += 1;
                masks[i] |= 1 << self.slot[c + 1];
            }
        }
        let a = masks[0].count_ones() as usize;
        // The first cube off the diagonal, below it (the mirror image otherwise).
        let mut j = m;
        if self.mirror
            && let Some(i) = (0..m).find(|&i| self.squares.diagonal >> squares[i] & 1 == 0)
        {
            j = i;
            if self.squares.below >> squares[i] & 1 == 0 {
                for s in &mut squares[..m] {
                    *s = self.transpose[*s as usize];
                }
            }
        }
        let mut used = 0u64;
        let mut rank = 0u64;
        for (i, &s) in squares[..m].iter().enumerate() {
            let free = self.squares.allowed(mover, a, i, j) & !used;
            debug_assert!(free >> s & 1 != 0, "a cube where none stands in a game");
            rank = rank * free.count_ones() as u64 + (free & ((1u64 << s) - 1)).count_ones() as u64;
            used |= 1 << s;
        }
        let part = (mover << (2 * self.k) | masks[0] << self.k | masks[1]) * (2 * self.k + 1);
        (self.offsets[part + j] + rank) as usize
    }
}
