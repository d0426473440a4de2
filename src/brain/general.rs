//! The general evaluation: a win probability for the side to move in any variant, built from the
//! rules alone, for the variants the network was not trained on.
//!
//! It is the race of `eval` computed from the variant's tables: a cube advances when one of the
//! outcomes that may move it comes up, so a side's speed is the sum over its cubes of
//! `P(cube may move) / distance`, with distances along the variant's step directions to its goals
//! (around holes), and the turns it needs are the inverse of its speed. Without dice the mover
//! picks its cube, so its speed is that of its nearest runner.
//!
//! The terms, squashed together into (0, 1) by `1/2 + z / (2 (1 + |z|))`:
//! - the race: the difference of the two sides' turns over the square root of their sum (a lead
//!   of one turn counts for more when both are near home, as the spread of a race grows with its
//!   length);
//! - the tempo of the side to move, also over that square root (being on move is worth most in a
//!   short race);
//! - the material balance;
//! - the other side's threat: the chance that its next roll moves a cube one step from its goal,
//!   less the part of it that the side to move can take first with a capture of such a cube.
//!
//! Without dice a race is certain, not spread: there the turns count as they are, with a fixed
//! fraction of a turn for the side to move, beside the material. The chance of winning on this
//! very roll is then added exactly. The weights were fitted to the
//! exact values of the solved small variants (`3x3`, `4x4`, `5x5-3`; `protocol/solved.md`), then
//! chosen among close candidates by the exact loss of fixed-depth searches there and on the
//! back-rank boards (`scripts/depth-loss.py`), and the material weight by `6x6` self-play data. Integer arithmetic throughout, so values are identical on every
//! machine. In back-rank play (passes, the far rank as goal) the value is averaged with the race
//! of distributions of `backrank`.
//!
//! The search values the quiet children of a node above its leaves without playing them
//! ([`child_terms`], [`evaluate_after_quiet`]): the side not moving is worked out once for all of
//! them, and only the mover's side again for each.

use crate::brain::eval::WIN;
use crate::rules::board::{Board, Color, Move, piece_of};

/// Fixed-point unit of the race arithmetic (and of the squash's argument `z`).
const ONE: i64 = 1024;
/// Fixed-point unit of a speed (per turn).
const SPEED: i64 = 1 << 20;
/// A distance that no step sequence covers (see `Variant::dist`).
const UNREACHABLE: u8 = 31;
/// The weights of `z`, in units of `ONE`: a constant,
const BIAS: i64 = -300;
/// the race difference in turns over the square root of the total turns (in 256ths),
const RACE: i64 = 526;
/// the tempo of the side to move, over the same square root,
const TEMPO: i64 = 1200;
/// one cube of material (as before the fit: the small boards wanted twice this, `6x6` less),
const MATERIAL: i64 = 123;
/// the other side's chance of reaching its goal on its next roll,
const THREAT: i64 = 1983;
/// and how much of that threat the mover's chance of taking a runner first removes (in 256ths).
const STOP: i64 = 343;

/// Without dice: a fraction of a turn for the side to move.
const NODICE_TEMPO: i64 = ONE * 3 / 16;

struct Side {
    /// Speed towards the goal, in `SPEED` units per turn.
    speed: i64,
    /// Cubes one step from a goal.
    runners: u16,
    cubes: i64,
    /// Squares of the cubes one step from a goal.
    squares: u64,
}

/// The cubes of `c` that may step onto one of `targets`.
fn hitters(b: &Board, c: Color, targets: u64) -> u16 {
    let v = b.variant();
    let mut hit = 0u16;
    let mut m = b.alive(c);
    while m != 0 {
        let i = m.trailing_zeros() as usize;
        m &= m - 1;
        let (dest, n) = &v.dest[c.idx()][b.cube_square_raw(c, i) as usize];
        if dest[..*n as usize].iter().any(|&d| (targets >> d) & 1 != 0) {
            hit |= 1 << i;
        }
    }
    hit
}

fn side(b: &Board, c: Color) -> Side {
    side_moved(b, c, NO_CUBE, 0)
}

/// No cube moved (see [`side_moved`]).
const NO_CUBE: usize = usize::MAX;

/// [`side`] as it is once cube index `moved` of `c` stands on `to` instead (a quiet move: nothing
/// captured, so the survivors are the same).
#[inline]
fn side_moved(b: &Board, c: Color, moved: usize, to: u8) -> Side {
    let v = b.variant();
    let alive = b.alive(c);
    let dist = &v.dist[c.idx()];
    let total = v.weight();
    // Each cube's share of the outcomes that may move it, from one pass over the groups.
    let mut weight = [0i64; 16];
    if v.has_dice() {
        for (mask, w) in v.groups(alive).iter() {
            let mut g = mask;
            while g != 0 {
                weight[g.trailing_zeros() as usize & 15] += w as i64;
                g &= g - 1;
            }
        }
    }
    let mut speed = 0i64;
    let mut runners = 0u16;
    let mut squares = 0u64;
    let mut m = alive;
    while m != 0 {
        let i = m.trailing_zeros() as usize;
        m &= m - 1;
        let sq = if i == moved {
            to
        } else {
            b.cube_square_raw(c, i)
        };
        let d = dist[sq as usize];
        if d == UNREACHABLE || d == 0 {
            continue;
        }
        runners |= ((d == 1) as u16) << i;
        squares |= ((d == 1) as u64) << sq;
        if v.has_dice() {
            speed += weight[i & 15] * SPEED / (total * d as i64);
        } else {
            speed = speed.max(SPEED / d as i64);
        }
    }
    Side {
        speed,
        runners,
        squares,
        cubes: alive.count_ones() as i64,
    }
}

/// Expected turns scaled by `ONE` from a speed; a side that cannot advance needs "forever".
fn turns(speed: i64) -> i64 {
    if speed == 0 {
        64 * ONE
    } else {
        (SPEED * ONE / speed).min(64 * ONE)
    }
}

/// Win probability of the side to move, scaled to `1..=WIN-1` (a heuristic is never certain).
/// Must not be called on a finished game.
pub fn evaluate(b: &Board) -> i64 {
    let c = b.side_to_move();
    let value = value(b, c, &side(b, c), &side(b, c.other()));
    if crate::brain::backrank::applies(b.variant()) {
        return crate::brain::backrank::evaluate(b, value);
    }
    value
}

/// What the quiet children of a position share, for [`evaluate_after_quiet`]: the side not to
/// move, which is to move in them with its cubes where they are.
pub struct ChildTerms {
    next: Side,
}

/// The terms of `b`'s children, when its quiet children can be valued without being played:
/// not where a step may fall into a hole or the back-rank evaluation applies (it reads the
/// board), and only with dice (without them a leaf is resolved by its captures).
pub fn child_terms(b: &Board) -> Option<ChildTerms> {
    let v = b.variant();
    if !v.has_dice() || v.hole_mask != 0 || crate::brain::backrank::applies(v) {
        return None;
    }
    Some(ChildTerms {
        next: side(b, b.side_to_move().other()),
    })
}

/// [`evaluate`] of the position after the quiet move `m` of the side to move in `b` (no capture,
/// no pass, not a winning step), without playing it: only the mover's side is worked out again.
#[inline]
pub fn evaluate_after_quiet(b: &Board, t: &ChildTerms, m: Move) -> i64 {
    let mover = b.side_to_move();
    let (_, n) = piece_of(b.piece_at(m.from));
    let moved = side_moved(b, mover, n as usize - 1, m.to);
    value(b, mover.other(), &t.next, &moved)
}

/// The value for `c`, to move, with `us` its side and `them` the other's, on `b`'s survivors
/// (the squares of `c`'s cubes are read from `b`: they must be where `us` has them).
#[inline]
fn value(b: &Board, c: Color, us: &Side, them: &Side) -> i64 {
    let v = b.variant();
    let total = v.weight();
    let (t_us, t_them) = (turns(us.speed), turns(them.speed));
    // The square root of the total turns, in units of `ONE`.
    let root = ((t_us + t_them) * ONE).isqrt().max(1);
    let race = (t_them - t_us) * RACE * (ONE / 256) / root;
    let tempo = TEMPO * ONE / root;
    let threat = if them.runners == 0 {
        0
    } else {
        let next = v.weight_moving(b.alive(c.other()), them.runners) * ONE / total;
        let stop = v.weight_moving(b.alive(c), hitters(b, c, them.squares));
        next * (256 * total - STOP * stop).max(0) / (256 * total)
    };
    let x = if v.has_dice() {
        BIAS + race + tempo + MATERIAL * (us.cubes - them.cubes) - THREAT * threat / ONE
    } else {
        // Without dice the race is certain, not spread: the turns as they are, and a fixed
        // fraction of a turn for the side to move (the fit above is of games with dice).
        (t_them - t_us + NODICE_TEMPO) * 4 / 5 + MATERIAL * (us.cubes - them.cubes)
    };
    let p = WIN / 2 + (WIN / 2) * x / (ONE + x.abs());
    // The chance of winning on this very roll: an outcome that may move a runner.
    let now = if us.runners == 0 {
        0
    } else {
        v.weight_moving(b.alive(c), us.runners)
    };
    ((now * WIN + (total - now) * p) / total).clamp(1, WIN - 1)
}

/// Expected own turns each side (side to move first) needs to bring a runner home.
pub fn race_turns(b: &Board) -> (f64, f64) {
    let c = b.side_to_move();
    let t = |s: Side| turns(s.speed) as f64 / ONE as f64;
    (t(side(b, c)), t(side(b, c.other())))
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::rules::notation::parse_fen_in;
    use crate::rules::variant::Variant;

    #[test]
    fn start_positions_are_balanced_and_values_open() {
        for name in crate::rules::variant::PRESETS {
            let v = Variant::preset(name).unwrap();
            let b = Board::startpos_in(v);
            let e = evaluate(&b);
            assert!(e > WIN / 4 && e < WIN * 3 / 4, "{name}: {e}");
        }
    }

    /// Every quiet move of positions of random games, in every preset whose children have terms:
    /// the value from the terms is the evaluation of the position after the move, to the last bit.
    #[test]
    fn quiet_children_from_terms_equal_played_children() {
        let mut state = 41u64;
        let mut rnd = |k: usize| {
            let (s, v) = crate::rules::zobrist::splitmix64(state);
            state = s;
            (v % k as u64) as usize
        };
        let mut compared = 0;
        for name in crate::rules::variant::PRESETS {
            let v = Variant::preset(name).unwrap();
            for _ in 0..40 {
                let mut b = Board::startpos_in(v);
                while !b.is_over() {
                    let moves = b.all_moves();
                    if let Some(t) = child_terms(&b) {
                        for &m in moves.as_slice() {
                            if m.is_pass() || b.piece_at(m.to) != 0 || b.is_winning_move(m) {
                                continue;
                            }
                            let mut c = b.clone();
                            c.make(m);
                            assert_eq!(evaluate_after_quiet(&b, &t, m), evaluate(&c), "{name}");
                            compared += 1;
                        }
                    }
                    b.make(moves.as_slice()[rnd(moves.len())]);
                }
            }
        }
        assert!(compared > 5000, "{compared}");
    }

    #[test]
    fn closer_runner_is_better() {
        let v = Variant::preset("7x7").unwrap();
        let near = parse_fen_in(v, "7/7/7/3R13/7/7/B16 r").unwrap();
        let far = parse_fen_in(v, "R16/7/7/7/7/7/B16 r").unwrap();
        assert!(evaluate(&near) > evaluate(&far));
    }
}
