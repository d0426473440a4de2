//! Static evaluation: a heuristic win probability of the side to move, before its roll.
//!
//! Each cube advances when one of the die faces that may move it comes up, so a side's speed is
//! the sum over its cubes of `faces / distance`; the inverse estimates the turns its quickest
//! runner needs. The race difference (with half a turn for the side to move), the material balance
//! and the chance of winning on this very roll are squashed into (0, 1) by a rational sigmoid,
//! which uses only the four basic operations so that results are identical on every machine.

use crate::board::{Board, Color, DIST};
use crate::dice::MOVABLE;

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

/// Race weight parameters.
const RACE_SCALE: f64 = 0.8;
const MATERIAL: f64 = 0.12;

struct SideInfo {
    /// Sum of faces*60/distance over cubes.
    rate60: u32,
    /// Faces (mask) that let this side reach its goal in one move.
    win_faces: u8,
    cubes: u32,
}

#[inline]
fn side_info(b: &Board, c: Color) -> SideInfo {
    let alive = b.alive(c);
    let mut rate60 = 0;
    let mut win_cubes = 0u8;
    let mut m = alive;
    while m != 0 {
        let i = m.trailing_zeros() as usize;
        m &= m - 1;
        let s = b.cube_square(c, i as u8 + 1).unwrap_or(0);
        let d = DIST[c.idx()][s as usize] as u32;
        let d = d.max(1);
        rate60 += FACES[alive as usize][i] as u32 * 60 / d;
        if d == 1 {
            win_cubes |= 1 << i;
        }
    }
    let mut win_faces = 0u8;
    if win_cubes != 0 {
        for (f, &m) in MOVABLE[alive as usize].iter().enumerate() {
            if m & win_cubes != 0 {
                win_faces |= 1 << f;
            }
        }
    }
    SideInfo {
        rate60,
        win_faces,
        cubes: alive.count_ones(),
    }
}

/// Win probability of the side to move, scaled to `1..=WIN-1` (a heuristic is never certain).
/// Must not be called on a finished game.
#[inline]
pub fn evaluate(b: &Board) -> i64 {
    let us = side_info(b, b.side_to_move());
    let them = side_info(b, b.side_to_move().other());
    // Turns each side needs: 360 / rate60 (6 faces, distances scaled by 60).
    let t_us = 360.0 / us.rate60.max(1) as f64;
    let t_them = 360.0 / them.rate60.max(1) as f64;
    let x = RACE_SCALE * (t_them - t_us + 0.5) + MATERIAL * (us.cubes as f64 - them.cubes as f64);
    let race = 0.5 + 0.5 * x / (1.0 + if x < 0.0 { -x } else { x });
    let now = us.win_faces.count_ones() as f64 / 6.0;
    let p = now + (1.0 - now) * race;
    let v = (p * WIN as f64) as i64;
    v.clamp(1, WIN - 1)
}

/// Expected own turns each side (side to move first) needs to bring a runner home.
pub fn race_turns(b: &Board) -> (f64, f64) {
    let us = side_info(b, b.side_to_move());
    let them = side_info(b, b.side_to_move().other());
    (
        360.0 / us.rate60.max(1) as f64,
        360.0 / them.rate60.max(1) as f64,
    )
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::notation::parse_fen;

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
    fn range_is_open() {
        let b = parse_fen("5/5/5/3R11/B44 r").unwrap();
        let v = evaluate(&b);
        assert!((1..WIN).contains(&v));
    }
}
