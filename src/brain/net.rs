//! The learned evaluation: a small network over the cubes, seen from the side to move.
//!
//! Inputs: one feature per cube, `(own or enemy, square, faces)`, where the square is oriented
//! so that the side to move runs towards index 24 (Blue's squares are point-mirrored) and
//! `faces` (1..=6) is the number of die faces that may move the cube given its side's survivors.
//! At most twelve of the 300 inputs are on. A hidden layer of `HIDDEN` clipped-ReLU units sees
//! them, so it can combine "my cube here, moved on this many faces" with "the enemy cube next to
//! it": the threats and captures a race model leaves out. A linear output gives `z`, squashed by
//! the rational sigmoid `1/2 + z / (2 (1 + |z|))`. The chance of winning on this very roll,
//! known exactly from the runners one step from the goal, is mixed in outside the network:
//! `p = now/6 + (1 - now/6) * net`, and the trainer fits the network through the same formula.
//!
//! Everything is integer arithmetic on quantised weights (see [`QA`], [`QB`]), so a position has
//! the same value on every machine. The weights are `src/brain/net_weights.bin`, made by `ewn train`
//! (see `src/brain/eval.md` for the command and the measurements) and read at compile time.

// Index loops over the hidden units keep the layer arithmetic plain and let the compiler
// vectorise it.
#![allow(clippy::needless_range_loop)]

use crate::brain::eval::{FACES, WIN, hit_faces};
use crate::rules::board::{Board, Color, DEST, DIST, Move, piece_of};

pub const INPUTS: usize = 300;
pub const HIDDEN: usize = 32;
/// First-layer scale: a weight of 1.0 is `QA`; a hidden unit saturates at `QA`.
pub const QA: i32 = 256;
/// Output-layer scale.
pub const QB: i32 = 64;
/// Largest first-layer weight magnitude the trainer allows, so that twelve inputs and the bias
/// always fit the `i16` accumulator.
pub const W1_LIMIT: f32 = 8.0;

pub struct Weights {
    pub w1: [[i16; HIDDEN]; INPUTS],
    pub b1: [i16; HIDDEN],
    pub w2: [i16; HIDDEN],
    pub b2: i32,
}

pub const MAGIC: &[u8; 4] = b"EWNN";

const fn rd16(b: &[u8], at: usize) -> i16 {
    i16::from_le_bytes([b[at], b[at + 1]])
}

const fn rd32(b: &[u8], at: usize) -> i32 {
    i32::from_le_bytes([b[at], b[at + 1], b[at + 2], b[at + 3]])
}

/// Size of a weights file for this architecture.
pub const FILE_LEN: usize = 16 + 2 * (INPUTS * HIDDEN + 2 * HIDDEN) + 4;

/// Reads a weights file: `EWNN`, version 1, inputs, hidden (u32 each), then `w1` row by row,
/// `b1`, `w2` (i16 each) and `b2` (i32), all little-endian.
pub const fn parse_weights(b: &[u8]) -> Weights {
    assert!(b.len() == FILE_LEN, "weights file has the wrong size");
    assert!(b[0] == MAGIC[0] && b[1] == MAGIC[1] && b[2] == MAGIC[2] && b[3] == MAGIC[3]);
    assert!(rd32(b, 4) == 1, "unknown weights version");
    assert!(rd32(b, 8) as usize == INPUTS && rd32(b, 12) as usize == HIDDEN);
    let mut w = Weights {
        w1: [[0; HIDDEN]; INPUTS],
        b1: [0; HIDDEN],
        w2: [0; HIDDEN],
        b2: 0,
    };
    let mut at = 16;
    let mut i = 0;
    while i < INPUTS {
        let mut h = 0;
        while h < HIDDEN {
            w.w1[i][h] = rd16(b, at);
            at += 2;
            h += 1;
        }
        i += 1;
    }
    let mut h = 0;
    while h < HIDDEN {
        w.b1[h] = rd16(b, at);
        at += 2;
        h += 1;
    }
    h = 0;
    while h < HIDDEN {
        w.w2[h] = rd16(b, at);
        at += 2;
        h += 1;
    }
    w.b2 = rd32(b, at);
    w
}

pub fn weights_bytes(w: &Weights) -> Vec<u8> {
    let mut v = Vec::with_capacity(FILE_LEN);
    v.extend_from_slice(MAGIC);
    for x in [1u32, INPUTS as u32, HIDDEN as u32] {
        v.extend_from_slice(&x.to_le_bytes());
    }
    for row in &w.w1 {
        for x in row {
            v.extend_from_slice(&x.to_le_bytes());
        }
    }
    for x in w.b1.iter().chain(w.w2.iter()) {
        v.extend_from_slice(&x.to_le_bytes());
    }
    v.extend_from_slice(&w.b2.to_le_bytes());
    v
}

/// The committed network.
pub static NET: Weights = parse_weights(include_bytes!("net_weights.bin"));

/// The square as seen by `stm`: Red's own, Blue's point-mirrored.
#[inline]
pub fn orient(s: u8, stm: Color) -> usize {
    match stm {
        Color::Red => s as usize,
        Color::Blue => 24 - s as usize,
    }
}

#[inline]
fn feature(enemy: bool, sq: usize, faces: u8) -> usize {
    (enemy as usize) * 150 + sq * 6 + faces as usize - 1
}

/// The square reflected in the a5-e1 diagonal: files become ranks (`row * 5 + col` goes to
/// `col * 5 + row`). It commutes with the point mirror of [`orient`].
#[inline]
pub fn transpose_square(s: usize) -> usize {
    (s % 5) * 5 + s / 5
}

/// The input of [`feature`] for the same cube on the reflected square (see [`transpose_square`]).
#[inline]
pub fn mirrored_input(i: u16) -> u16 {
    let i = i as usize;
    let (enemy, sq, faces) = (i >= 150, (i % 150) / 6, (i % 6) as u8 + 1);
    feature(enemy, transpose_square(sq), faces) as u16
}

/// The active inputs of a position (at most twelve) from its side to move's view.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Features {
    pub idx: [u16; 12],
    pub len: u8,
    /// Faces on which the side to move wins at once.
    pub now: u8,
}

impl Features {
    pub fn as_slice(&self) -> &[u16] {
        &self.idx[..self.len as usize]
    }
}

/// The cubes of the side to move that can end the game with one move: one step from the goal,
/// or next to the enemy's last cube in a direction they may move.
#[inline]
pub fn winners(b: &Board) -> u8 {
    let us = b.side_to_move();
    let them = us.other();
    let last = (b.alive6(them).count_ones() == 1)
        .then(|| b.cube_square_raw(them, b.alive6(them).trailing_zeros() as usize));
    winners_of(b, us, last)
}

/// The cubes of `c` one step from the goal or one step from `last`, the enemy's last cube.
#[inline]
fn winners_of(b: &Board, c: Color, last: Option<u8>) -> u8 {
    let mut w = 0u8;
    let mut m = b.alive6(c);
    while m != 0 {
        let i = m.trailing_zeros() as usize;
        m &= m - 1;
        let s = b.cube_square_raw(c, i);
        if DIST[c.idx()][s as usize] == 1 {
            w |= 1 << i;
        } else if let Some(t) = last {
            let (d, n) = DEST[c.idx()][s as usize];
            if d[..n as usize].contains(&t) {
                w |= 1 << i;
            }
        }
    }
    w
}

/// Calls `add` with the input of every cube of `c`, seen from `view`'s side.
#[inline]
fn side_inputs(b: &Board, view: Color, c: Color, mut add: impl FnMut(usize)) {
    let alive = b.alive6(c);
    let faces = &FACES[alive as usize];
    let mut m = alive;
    while m != 0 {
        let i = m.trailing_zeros() as usize;
        m &= m - 1;
        add(feature(
            c != view,
            orient(b.cube_square_raw(c, i), view),
            faces[i],
        ));
    }
}

/// Calls `add` with the input of every cube, seen from `view`'s side.
#[inline]
fn cube_inputs(b: &Board, view: Color, mut add: impl FnMut(usize)) {
    side_inputs(b, view, view, &mut add);
    side_inputs(b, view, view.other(), &mut add);
}

#[inline]
fn add_row(acc: &mut [i16; HIDDEN], row: &[i16; HIDDEN]) {
    for h in 0..HIDDEN {
        acc[h] = acc[h].wrapping_add(row[h]);
    }
}

pub fn features(b: &Board) -> Features {
    let us = b.side_to_move();
    let mut f = Features::default();
    cube_inputs(b, us, |i| {
        f.idx[f.len as usize] = i as u16;
        f.len += 1;
    });
    f.now = hit_faces(b.alive6(us), winners(b));
    f
}

/// The output of the network for the active inputs, as a win probability scaled to `WIN`
/// (before mixing in the immediate win).
#[inline]
fn forward(w: &Weights, idx: &[u16]) -> i64 {
    let mut acc = w.b1;
    for &i in idx {
        add_row(&mut acc, &w.w1[i as usize]);
    }
    output(w, &acc)
}

#[inline]
fn output(w: &Weights, acc: &[i16; HIDDEN]) -> i64 {
    squash(sum(w, acc))
}

/// The output layer's sum `z`, before the sigmoid.
#[inline]
fn sum(w: &Weights, acc: &[i16; HIDDEN]) -> i64 {
    let mut z: i32 = 0;
    for h in 0..HIDDEN {
        z += (acc[h] as i32).clamp(0, QA) * w.w2[h] as i32;
    }
    z as i64 + w.b2 as i64
}

/// The rational sigmoid on the integer scale: `WIN/2 + (WIN/2) z / (QA QB + |z|)`, the quotient
/// rounded toward zero as integer division rounds it, exactly, without a 64-bit division (which
/// took a twentieth of the search's time). With `h = WIN/2`, `n = QA QB` and `d = n + |z|`,
/// `h |z| / d = h - h n / d`, so the quotient's magnitude is `h - ceil(h n / d)`: a constant over
/// `d`. A floating-point division estimates it to within one (both operands are exact doubles),
/// and one integer comparison each way makes it exact, so every machine gets the same value.
#[inline]
fn squash(z: i64) -> i64 {
    const HALF: u64 = (WIN / 2) as u64;
    const NUM: u64 = HALF * (QA * QB) as u64;
    // `z` is a sum of HIDDEN products of i16 weights with activations of at most QA, plus an i32
    // bias: far below 2^53, so `d` is an exact double; `f * d` is at most `NUM + d`.
    let d = (QA * QB) as u64 + z.unsigned_abs();
    debug_assert!(d < 1 << 53);
    let (num, d) = (NUM as i64, d as i64);
    // The estimate truncated (no `ceil`: without SSE4.1 it is a library call), then the floor
    // made exact by its remainder, then the ceiling.
    let mut f = (num as f64 / d as f64) as i64;
    let mut rem = num - f * d;
    if rem < 0 {
        f -= 1;
        rem += d;
    } else if rem >= d {
        f += 1;
        rem -= d;
    }
    let r = f + (rem != 0) as i64;
    let q = HALF as i64 - r;
    WIN / 2 + if z < 0 { -q } else { q }
}

#[inline]
fn mix(now: u8, p: i64) -> i64 {
    let now = now as i64;
    ((now * WIN + (6 - now) * p) / 6).clamp(1, WIN - 1)
}

/// Win probability of the side to move, scaled to `1..=WIN-1`. Must not be called on a finished
/// game.
#[inline]
pub fn evaluate(b: &Board) -> i64 {
    evaluate_with(&NET, b)
}

pub fn evaluate_with(w: &Weights, b: &Board) -> i64 {
    let f = features(b);
    mix(f.now, forward(w, f.as_slice()))
}

/// The accumulator of a position's children, for evaluating its moves cheaply: the inputs seen
/// from the other side (the children's side to move), without the moving side's cubes'
/// contributions changed by the move.
pub struct ChildTerms {
    acc: [i16; HIDDEN],
    /// The bias and the moving side's cubes only: a capture changes every input of the other
    /// side (their faces depend on who survives), so those are added afresh.
    ours: [i16; HIDDEN],
    /// The bias and the other side's cubes only, for a move that takes an own cube (which
    /// changes every input of the moving side).
    theirs: [i16; HIDDEN],
    /// The moving side's cubes before the move, to tell which side a capture hit.
    our_alive: u8,
    /// The children's immediate wins (the other side's runners), the same for every quiet move
    /// unless the moving side has one cube left, which may step into reach.
    now: u8,
}

/// The terms for the children of `b` (the position before the side to move plays).
pub fn child_terms(b: &Board) -> ChildTerms {
    let w = &NET;
    let us = b.side_to_move();
    let them = us.other();
    // From the children's view (them to move): their cubes are "own", ours are "enemy".
    let mut ours = w.b1;
    side_inputs(b, them, us, |i| add_row(&mut ours, &w.w1[i]));
    let mut theirs = w.b1;
    side_inputs(b, them, them, |i| add_row(&mut theirs, &w.w1[i]));
    let mut acc = ours;
    for h in 0..HIDDEN {
        acc[h] = acc[h].wrapping_add(theirs[h]).wrapping_sub(w.b1[h]);
    }
    ChildTerms {
        acc,
        ours,
        theirs,
        our_alive: b.alive6(us),
        now: hit_faces(b.alive6(them), winners_of(b, them, None)),
    }
}

/// Moves the input of cube `n`, which `m` moved, from `m.from` to `m.to` in `acc`; the cube is
/// an enemy from `view`'s side, and `alive` its side's cubes (which fix its faces).
#[inline]
fn move_input(acc: &mut [i16; HIDDEN], view: Color, n: u8, alive: u8, m: Move) {
    let w = &NET;
    let faces = FACES[alive as usize][n as usize - 1];
    let old = &w.w1[feature(true, orient(m.from, view), faces)];
    let new = &w.w1[feature(true, orient(m.to, view), faces)];
    for h in 0..HIDDEN {
        acc[h] = acc[h].wrapping_sub(old[h]).wrapping_add(new[h]);
    }
}

/// `evaluate(b)` where `b` is the position just after `m`, a capture that did not end the game,
/// played from the position `t` was made for: the moved cube's input is updated and the
/// captured side's inputs are added afresh (all inputs when an own cube was taken).
#[inline]
pub fn evaluate_after_capture(b: &Board, t: &ChildTerms, m: Move) -> i64 {
    let w = &NET;
    let them = b.side_to_move();
    let us = them.other();
    let acc = if b.alive6(us) != t.our_alive {
        // An own cube was taken: the other side's inputs stand, the moving side's are new.
        let mut acc = t.theirs;
        side_inputs(b, them, us, |i| add_row(&mut acc, &w.w1[i]));
        acc
    } else {
        let (_, n) = piece_of(b.piece_at(m.to));
        let mut acc = t.ours;
        move_input(&mut acc, them, n, b.alive6(us), m);
        side_inputs(b, them, them, |i| add_row(&mut acc, &w.w1[i]));
        acc
    };
    mix(hit_faces(b.alive6(them), winners(b)), output(w, &acc))
}

/// `evaluate` of the position after `m`, a move of the side to move that captures nothing and
/// does not end the game, from the terms of [`child_terms`]: only the moved cube's input changes.
#[inline]
pub fn evaluate_after_quiet(b: &Board, t: &ChildTerms, m: Move) -> i64 {
    quiet_value(quiet_child(b, t, m))
}

/// A quiet child's evaluation before its last steps: the faces on which it wins at once and
/// the network's sum. [`quiet_value`] makes it the evaluation, and for equal `now` it does not
/// decrease with `z`, so the best of several children (the least for the child's side) is found
/// by comparing sums, with one division for the winner instead of one for each.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct QuietChild {
    pub now: u8,
    pub z: i64,
}

/// The value of a quiet child from its parts: `evaluate_after_quiet`.
#[inline]
pub fn quiet_value(c: QuietChild) -> i64 {
    mix(c.now, squash(c.z))
}

/// The parts of `evaluate_after_quiet(b, t, m)`.
#[inline]
pub fn quiet_child(b: &Board, t: &ChildTerms, m: Move) -> QuietChild {
    quiet_child_of(b, t, &cube_terms(b, t, m.from), m)
}

/// The terms of the children in which the side to move's cube on `from` has moved: the
/// accumulator of [`ChildTerms`] without that cube's input, which every quiet move of the cube
/// shares (only its new input differs).
pub struct CubeTerms {
    acc: [i16; HIDDEN],
    /// The cube's faces, which fix its inputs.
    faces: u8,
}

/// The [`CubeTerms`] of the cube of the side to move on `from`.
#[inline]
pub fn cube_terms(b: &Board, t: &ChildTerms, from: u8) -> CubeTerms {
    let us = b.side_to_move();
    let (_, n) = piece_of(b.piece_at(from));
    let faces = FACES[b.alive6(us) as usize][n as usize - 1];
    let old = &NET.w1[feature(true, orient(from, us.other()), faces)];
    let mut acc = t.acc;
    for h in 0..HIDDEN {
        acc[h] = acc[h].wrapping_sub(old[h]);
    }
    CubeTerms { acc, faces }
}

/// [`quiet_child`] for a move of the cube `c` was made for.
#[inline(always)]
pub fn quiet_child_of(b: &Board, t: &ChildTerms, c: &CubeTerms, m: Move) -> QuietChild {
    debug_assert!(b.piece_at(m.to) == 0 && !b.is_winning_move(m));
    let w = &NET;
    let us = b.side_to_move();
    let them = us.other();
    let new = &w.w1[feature(true, orient(m.to, them), c.faces)];
    let mut acc = c.acc;
    for h in 0..HIDDEN {
        acc[h] = acc[h].wrapping_add(new[h]);
    }
    // With one cube left, the one that moved (now on `m.to`) may be within their reach.
    let now = if b.alive6(us).count_ones() == 1 {
        hit_faces(b.alive6(them), winners_of(b, them, Some(m.to)))
    } else {
        t.now
    };
    QuietChild {
        now,
        z: sum(w, &acc),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::rules::notation::standard::parse_fen;

    fn random_games(n: usize, mut visit: impl FnMut(&Board)) {
        let mut state = 17u64;
        let mut rnd = |k: usize| {
            let (s, v) = crate::rules::zobrist::splitmix64(state);
            state = s;
            (v % k as u64) as usize
        };
        for _ in 0..n {
            let mut b = Board::startpos();
            while !b.is_over() {
                visit(&b);
                let moves = b.moves_for_die(rnd(6) as u8 + 1);
                b.make(moves.as_slice()[rnd(moves.len())]);
            }
        }
    }

    #[test]
    fn squash_equals_the_plain_division() {
        let plain = |z: i64| {
            let one = (QA * QB) as i64;
            WIN / 2 + (WIN / 2) * z / (one + z.abs())
        };
        let num = (WIN / 2) * (QA * QB) as i64;
        let mut zs: Vec<i64> = (-70_000..70_000).collect();
        // Where `num / d` is an integer or nearly one (d = QA QB + |z|), the estimate is most
        // likely to land on the wrong side: divisors of `num` and their neighbours.
        // |z| stays within 2^33, beyond what the weights allow (about 2^31) and far from where
        // the plain formula's product overflows.
        for k in 10..=30 {
            let d = num >> k;
            for dz in -2..=2 {
                let z = d - (QA * QB) as i64 + dz;
                zs.extend([z, -z]);
            }
        }
        // Quotients near integers for large divisors: d = num / q rounded, for many q.
        for q in (1 << 10)..(1 << 10) + 20_000i64 {
            let d = num / q;
            for dz in -1..=1 {
                let z = d - (QA * QB) as i64 + dz;
                zs.extend([z, -z]);
            }
        }
        let mut x = 5u64;
        for _ in 0..200_000 {
            let (nx, r) = crate::rules::zobrist::splitmix64(x);
            x = nx;
            // Up to the largest |z| the weights allow, and beyond.
            zs.push((r % (1 << 34)) as i64 - (1 << 33));
        }
        for z in zs {
            assert_eq!(squash(z), plain(z), "z = {z}");
        }
    }

    #[test]
    fn weights_file_round_trips() {
        let bytes = weights_bytes(&NET);
        assert_eq!(bytes.len(), FILE_LEN);
        assert_eq!(bytes, include_bytes!("net_weights.bin"));
        let again = parse_weights(&bytes);
        assert_eq!(again.w1, NET.w1);
        assert_eq!(again.b2, NET.b2);
    }

    #[test]
    fn children_from_parent_terms_equal_full_evaluation() {
        let (mut checked, mut captures) = (0, 0);
        random_games(200, |b| {
            let t = child_terms(b);
            for &m in b.all_moves().as_slice() {
                if b.is_winning_move(m) {
                    continue;
                }
                let mut c = b.clone();
                c.make(m);
                if b.piece_at(m.to) == 0 {
                    assert_eq!(evaluate_after_quiet(b, &t, m), evaluate(&c));
                    checked += 1;
                } else {
                    assert_eq!(evaluate_after_capture(&c, &t, m), evaluate(&c));
                    captures += 1;
                }
            }
        });
        assert!(checked > 1000 && captures > 300, "{checked} {captures}");
    }

    #[test]
    fn values_are_open_probabilities_and_colour_blind() {
        random_games(100, |b| {
            let v = evaluate(b);
            assert!((1..WIN).contains(&v));
            let f = features(b);
            assert!(
                f.len as u32
                    == b.alive6(Color::Red).count_ones() + b.alive6(Color::Blue).count_ones()
            );
        });
        // The same position seen from either colour (point-mirrored, colours swapped) has the
        // same value.
        let a = parse_fen("R14/1R23/2B32/5/3B21 r").unwrap();
        let b = parse_fen("1R23/5/2R32/3B21/4B1 b").unwrap();
        assert_eq!(features(&a), features(&b));
        assert_eq!(evaluate(&a), evaluate(&b));
    }

    #[test]
    fn immediate_wins_are_counted() {
        // Red's cube 1 on d2 wins on every face that moves it: with only cube 1 left, all six.
        let b = parse_fen("5/B14/5/3R11/5 r").unwrap();
        assert_eq!(features(&b).now, 6);
        // Red can take Blue's last cube (on b4) from a5.
        let b = parse_fen("R13R2/1B13/5/5/5 r").unwrap();
        assert_eq!(winners(&b), 1);
    }
}
