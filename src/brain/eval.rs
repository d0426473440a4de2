//! Static evaluation: a heuristic win probability of the side to move, before its roll.
//!
//! Each cube advances when one of the die faces that may move it comes up, so a side's speed is
//! the sum over its cubes of `faces / distance`; the inverse estimates the turns its quickest
//! runner needs. The race difference (with half a turn for the side to move), the material balance
//! and the chance of winning on this very roll are squashed into (0, 1) by a rational sigmoid in
//! integer arithmetic, so that results are identical on every machine.

use crate::rules::board::{Board, Color, DIST, Move, piece_of};
use crate::rules::dice::MOVABLE;

/// Values are win probabilities scaled to integers: `WIN` is certainty.
pub const WIN: i64 = 1 << 30;

/// `FACES[alive][n-1]`: faces on which cube n may move.
pub const FACES: [[u8; 6]; 64] = {
    let mut t = [[0u8; 6]; 64];
    let mut alive = 0;
    while alive < 64 {
        let mut f = 0;
        while f < 6 {
            let m = MOVABLE[alive][f];
            let mut n = 0;
            while n < 6 {
                if m & (1 << n) != 0 {
                    t[alive][n] += 1;
                }
                n += 1;
            }
            f += 1;
        }
        alive += 1;
    }
    t
};

/// `RATE60[faces][distance]`: a cube's speed towards its goal, `faces * 60 / distance`.
const RATE60: [[u32; 5]; 7] = {
    let mut t = [[0u32; 5]; 7];
    let mut f = 0;
    while f < 7 {
        let mut d = 0;
        while d < 5 {
            t[f][d] = (f * 60 / if d == 0 { 1 } else { d }) as u32;
            d += 1;
        }
        f += 1;
    }
    t
};

/// `HIT_FACES[alive][cubes]`: on how many faces at least one of `cubes` may move.
const HIT_FACES: [[u8; 64]; 64] = {
    let mut t = [[0u8; 64]; 64];
    let mut alive = 0;
    while alive < 64 {
        let mut cubes = 0;
        while cubes < 64 {
            let mut f = 0;
            while f < 6 {
                if MOVABLE[alive][f] & cubes as u8 != 0 {
                    t[alive][cubes] += 1;
                }
                f += 1;
            }
            cubes += 1;
        }
        alive += 1;
    }
    t
};

/// On how many faces at least one of `cubes` may move, given the survivors `alive`.
#[inline]
pub fn hit_faces(alive: u8, cubes: u8) -> u8 {
    HIT_FACES[alive as usize & 63][cubes as usize & 63]
}

/// Fixed-point unit of the race arithmetic.
const ONE: i64 = 1024;
/// Weight of one turn of race difference (0.8).
const RACE_WEIGHT_NUM: i64 = 4;
const RACE_WEIGHT_DEN: i64 = 5;
/// A fraction of a turn for the side to move, which moves first (chosen so that the values of
/// odd and even search depths agree).
const TEMPO: i64 = ONE * 3 / 16;
/// Weight of one cube of material (about 0.12).
const MATERIAL: i64 = 123;

#[derive(Clone, Copy)]
struct SideInfo {
    /// Sum of faces*60/distance over cubes.
    rate60: u32,
    /// Cubes one step from the goal.
    runners: u8,
    alive: u8,
}

#[inline]
fn side_info(b: &Board, c: Color) -> SideInfo {
    let alive = b.alive6(c);
    let faces = &FACES[alive as usize];
    let dist = &DIST[c.idx()];
    let mut rate60 = 0;
    let mut runners = 0u8;
    let mut m = alive;
    while m != 0 {
        let i = m.trailing_zeros() as usize;
        m &= m - 1;
        let s = b.cube_square_raw(c, i);
        let d = dist[s as usize] as usize;
        rate60 += RATE60[faces[i] as usize][d];
        runners |= ((d == 1) as u8) << i;
    }
    SideInfo {
        rate60,
        runners,
        alive,
    }
}

/// Expected turns scaled by `ONE` from a speed.
#[inline]
fn turns(rate60: u32) -> i64 {
    360 * ONE / rate60.max(1) as i64
}

/// Win probability of the side to move, scaled to `1..=WIN-1` (a heuristic is never certain).
/// Must not be called on a finished game. Integer arithmetic only: identical on every machine.
#[inline]
pub fn evaluate(b: &Board) -> i64 {
    let us = side_info(b, b.side_to_move());
    let them = side_info(b, b.side_to_move().other());
    combine(&us, &them)
}

/// The evaluation terms of both sides of a position, for evaluating its children cheaply.
#[derive(Clone, Copy)]
pub struct Sides {
    us: SideInfo,
    them: SideInfo,
}

pub fn sides(b: &Board) -> Sides {
    Sides {
        us: side_info(b, b.side_to_move()),
        them: side_info(b, b.side_to_move().other()),
    }
}

/// `evaluate` of the position after `m`, a move of the side to move that captures nothing and
/// does not end the game, computed from the parent's terms: only the moved cube's speed changes.
#[inline]
pub fn evaluate_after_quiet(b: &Board, s: &Sides, m: Move) -> i64 {
    debug_assert!(b.piece_at(m.to) == 0 && !b.is_winning_move(m));
    let (c, n) = piece_of(b.piece_at(m.from));
    let i = n as usize - 1;
    let f = FACES[s.us.alive as usize][i] as usize;
    let dist = &DIST[c.idx()];
    let (d0, d1) = (dist[m.from as usize] as usize, dist[m.to as usize] as usize);
    let mut us = s.us;
    us.rate60 = us.rate60 - RATE60[f][d0] + RATE60[f][d1];
    us.runners = (us.runners & !(1 << i)) | (((d1 == 1) as u8) << i);
    combine(&s.them, &us)
}

/// The evaluation of a position from its side to move's terms and the other side's.
#[inline]
fn combine(us: &SideInfo, them: &SideInfo) -> i64 {
    let race = turns(them.rate60) - turns(us.rate60) + TEMPO;
    let material = us.alive.count_ones() as i64 - them.alive.count_ones() as i64;
    let x = race * RACE_WEIGHT_NUM / RACE_WEIGHT_DEN + MATERIAL * material;
    // Rational sigmoid: 1/2 + x / (2 (1 + |x|)), monotone and exact in integers.
    let p = WIN / 2 + (WIN / 2) * x / (ONE + x.abs());
    // Chance of winning on this very roll.
    let now = HIT_FACES[us.alive as usize][us.runners as usize] as i64;
    let v = (now * WIN + (6 - now) * p) / 6;
    v.clamp(1, WIN - 1)
}

/// Expected own turns each side (side to move first) needs to bring a runner home.
pub fn race_turns(b: &Board) -> (f64, f64) {
    let us = side_info(b, b.side_to_move());
    let them = side_info(b, b.side_to_move().other());
    (
        turns(us.rate60) as f64 / ONE as f64,
        turns(them.rate60) as f64 / ONE as f64,
    )
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::rules::notation::standard::parse_fen;

    #[test]
    fn start_is_balanced_with_move_advantage() {
        let b = Board::startpos();
        let v = evaluate(&b);
        assert!(v > WIN / 2 && v < WIN * 3 / 4, "{v}");
    }

    #[test]
    fn closer_runner_is_better() {
        // Red cube two steps from goal against Blue cube four steps away.
        let near = parse_fen("5/5/2R12/5/B44 r").unwrap();
        let far = parse_fen("R14/5/5/5/B44 r").unwrap();
        assert!(evaluate(&near) > evaluate(&far));
    }

    #[test]
    fn quiet_child_terms_equal_full_evaluation() {
        let mut state = 5u64;
        let mut rnd = |n: usize| {
            let (s, v) = crate::rules::zobrist::splitmix64(state);
            state = s;
            (v % n as u64) as usize
        };
        let mut checked = 0;
        for _ in 0..200 {
            let mut b = Board::startpos();
            while !b.is_over() {
                let t = sides(&b);
                for &m in b.all_moves().as_slice() {
                    if b.piece_at(m.to) == 0 && !b.is_winning_move(m) {
                        let mut c = b.clone();
                        c.make(m);
                        assert_eq!(evaluate_after_quiet(&b, &t, m), evaluate(&c));
                        checked += 1;
                    }
                }
                let moves = b.moves_for_die(rnd(6) as u8 + 1);
                b.make(moves.as_slice()[rnd(moves.len())]);
            }
        }
        assert!(checked > 1000);
    }

    #[test]
    fn range_is_open() {
        let b = parse_fen("5/5/5/3R11/B44 r").unwrap();
        let v = evaluate(&b);
        assert!((1..WIN).contains(&v));
    }
}
