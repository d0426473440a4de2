//! The evaluation of back-rank play (a missing cube's number passes, the far rank is the goal):
//! there a cube moves only when its own number comes up, so each cube's arrival is a count of
//! successes, and the race is a race of distributions rather than of mean speeds.
//!
//! For each side, `S(t)`: the chance that none of its cubes is home after `t` of its own turns,
//! taking cubes as independent (cube `i`, `d` steps from the goal, moving with chance `p` a
//! turn, is still out while fewer than `d` of `t` rolls were its own: a binomial tail). The side
//! to move wins the race when it is home no later, in its own turns, than the other:
//! `P = sum over t of (S_us(t-1) - S_us(t)) S_them(t-1)`, with what is left after [`TURNS`]
//! turns shared evenly. That probability is averaged with the general race evaluation (which
//! carries the material and the chance of winning on this roll), since captures, which the
//! race ignores, decide many back-rank games. Fixed-size arrays, no allocation.

use crate::brain::eval::WIN;
use crate::rules::board::{Board, Color};
use crate::rules::variant::{Goal, MAX_CUBE, Substitute, Variant};

/// Own turns followed; a side still out after that many is a coin toss.
const TURNS: usize = 32;
/// A distance that no step sequence covers (see `Variant::dist`).
const UNREACHABLE: u8 = 31;

/// Does `v` play the back-rank way (this evaluation applies)?
#[inline]
pub fn applies(v: &Variant) -> bool {
    v.rules.substitute == Substitute::Pass
        && v.rules.goal == Goal::Rank
        && v.has_dice()
        && v.rules.holes.is_empty()
}

/// `S(t)` for `t` in `0..=TURNS`: the chance that no cube of `c` is home after `t` own turns.
fn survival(b: &Board, c: Color, s: &mut [f64; TURNS + 1]) {
    let v = b.variant();
    let alive = b.alive(c);
    let total = v.weight() as f64;
    s.fill(1.0);
    let mut m = alive;
    while m != 0 {
        let i = m.trailing_zeros() as usize;
        m &= m - 1;
        let d = v.dist[c.idx()][b.cube_square_raw(c, i) as usize];
        if d == UNREACHABLE || d == 0 || d as usize > MAX_CUBE as usize {
            continue;
        }
        let p = v.weight_moving(alive, 1 << i) as f64 / total;
        if p <= 0.0 {
            continue;
        }
        // f[k]: the chance of exactly k own rolls so far, for k < d (the rest is home).
        let d = d as usize;
        let mut f = [0.0f64; MAX_CUBE as usize + 1];
        f[0] = 1.0;
        for st in s.iter_mut().skip(1) {
            for k in (0..d).rev() {
                f[k] = f[k] * (1.0 - p) + if k > 0 { f[k - 1] * p } else { 0.0 };
            }
            *st *= f[..d].iter().sum::<f64>();
        }
    }
}

/// The side to move's chance of winning the race, in `0..=1`.
pub fn race(b: &Board) -> f64 {
    let c = b.side_to_move();
    let mut us = [0.0f64; TURNS + 1];
    let mut them = [0.0f64; TURNS + 1];
    survival(b, c, &mut us);
    survival(b, c.other(), &mut them);
    let mut p = 0.0;
    for t in 1..=TURNS {
        p += (us[t - 1] - us[t]) * them[t - 1];
    }
    // Neither home within the horizon (or ever): even.
    p + 0.5 * us[TURNS] * them[TURNS]
}

/// The back-rank value of a position not finished, for the side to move, in `1..=WIN-1`:
/// the race's chance averaged with the general evaluation `general`.
pub fn evaluate(b: &Board, general: i64) -> i64 {
    let r = (race(b) * WIN as f64) as i64;
    ((r + general) / 2).clamp(1, WIN - 1)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::rules::notation::parse_fen_in;

    #[test]
    fn applies_to_back_rank_play_only() {
        for name in crate::rules::variant::PRESETS {
            let v = Variant::preset(name).unwrap();
            assert_eq!(applies(v), name == "backrank", "{name}");
        }
    }

    #[test]
    fn the_race_follows_distances_and_numbers_of_cubes() {
        let v = Variant::preset("backrank").unwrap();
        let start = Board::startpos_in(v);
        let r = race(&start);
        // The mover is a turn ahead in a symmetric race.
        assert!(r > 0.5 && r < 0.7, "{r}");
        // A cube one step from home, against cubes far away.
        let near = parse_fen_in(v, "5/5/5/R14/B1B2B3B4B5 b").unwrap();
        let p = race(&near);
        assert!(p < 0.5, "{p}");
        let mut more = parse_fen_in(v, "R1R2R3R4R5/5/5/5/B14 r").unwrap();
        assert!(race(&more) > 0.5);
        more = parse_fen_in(v, "R14/5/5/5/B1B2B3B4B5 r").unwrap();
        assert!(race(&more) < 0.5);
        for b in [&start, &near, &more] {
            let e = evaluate(b, WIN / 2);
            assert!((1..WIN).contains(&e));
        }
    }
}
