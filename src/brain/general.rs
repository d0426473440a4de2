//! The general evaluation: a win probability for the side to move in any variant, built from the
//! rules alone (no training), for the variants the network was not trained on.
//!
//! It is the race of `eval` computed from the variant's tables: a cube advances when one of the
//! outcomes that may move it comes up, so a side's speed is the sum over its cubes of
//! `P(cube may move) / distance`, with distances along the variant's step directions to its goals
//! (around holes). Without dice the mover picks its cube, so its speed is that of its nearest
//! runner. The race difference in turns (with a fraction of a turn for the side to move), the
//! material balance and the chance of winning on this very roll are squashed into (0, 1) in
//! integer arithmetic, so values are identical on every machine. In back-rank play (passes, the
//! far rank as goal) the value is averaged with the race of distributions of `backrank`.

use crate::brain::eval::WIN;
use crate::rules::board::{Board, Color};

/// Fixed-point unit of the race arithmetic.
const ONE: i64 = 1024;
/// Fixed-point unit of a speed (per turn).
const SPEED: i64 = 1 << 20;
/// A distance that no step sequence covers (see `Variant::dist`).
const UNREACHABLE: u8 = 31;
/// A fraction of a turn for the side to move.
const TEMPO: i64 = ONE * 3 / 16;
/// Weight of one cube of material (about 0.12).
const MATERIAL: i64 = 123;

struct Side {
    /// Speed towards the goal, in `SPEED` units per turn.
    speed: i64,
    /// Cubes one step from a goal.
    runners: u16,
    cubes: i64,
}

fn side(b: &Board, c: Color) -> Side {
    let v = b.variant();
    let alive = b.alive(c);
    let dist = &v.dist[c.idx()];
    let total = v.weight();
    let mut speed = 0i64;
    let mut runners = 0u16;
    let mut m = alive;
    while m != 0 {
        let i = m.trailing_zeros() as usize;
        m &= m - 1;
        let d = dist[b.cube_square_raw(c, i) as usize];
        if d == UNREACHABLE || d == 0 {
            continue;
        }
        runners |= ((d == 1) as u16) << i;
        if v.has_dice() {
            let w = v.weight_moving(alive, 1 << i);
            speed += w * SPEED / (total * d as i64);
        } else {
            speed = speed.max(SPEED / d as i64);
        }
    }
    Side {
        speed,
        runners,
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
    let v = b.variant();
    let c = b.side_to_move();
    let us = side(b, c);
    let them = side(b, c.other());
    let race = turns(them.speed) - turns(us.speed) + TEMPO;
    let x = race * 4 / 5 + MATERIAL * (us.cubes - them.cubes);
    let p = WIN / 2 + (WIN / 2) * x / (ONE + x.abs());
    // The chance of winning on this very roll: an outcome that may move a runner.
    let total = v.weight();
    let now = if us.runners == 0 {
        0
    } else {
        v.weight_moving(b.alive(c), us.runners)
    };
    let value = ((now * WIN + (total - now) * p) / total).clamp(1, WIN - 1);
    if crate::brain::backrank::applies(v) {
        return crate::brain::backrank::evaluate(b, value);
    }
    value
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

    #[test]
    fn closer_runner_is_better() {
        let v = Variant::preset("7x7").unwrap();
        let near = parse_fen_in(v, "7/7/7/3R13/7/7/B16 r").unwrap();
        let far = parse_fen_in(v, "R16/7/7/7/7/7/B16 r").unwrap();
        assert!(evaluate(&near) > evaluate(&far));
    }
}
