//! The one-cube game: each side has a single cube on its corner, so every roll moves it and the
//! dice do not matter: a deterministic race in which a cube may also take the other. Solved by a
//! memoised minimax over (squares, side to move), with the length of the game under perfect play:
//! the winner ends it as soon as it can, the loser holds out as long as it can.

use std::collections::HashMap;

use super::SolveError;
use crate::rules::board::{Board, MoveList};
use crate::rules::variant::{Dice, Rules, Variant, triangle};

/// The result of the one-cube game on one board.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct OneCube {
    pub rows: u8,
    pub cols: u8,
    /// The first mover wins with perfect play (else the second mover does).
    pub first_wins: bool,
    /// Plies of the game under perfect play (both sides' moves).
    pub plies: u32,
}

/// The one-cube variant on a board of `rows` x `cols` (2 to 8 each): one cube a side, on its
/// corner, Red first.
pub fn variant(rows: u8, cols: u8) -> Result<&'static Variant, SolveError> {
    triangle(rows, cols, 1).map_err(SolveError::Rules)?;
    Variant::intern(Rules::basic(
        &format!("onecube-{rows}x{cols}"),
        rows,
        cols,
        vec![1],
        Dice::Die(1),
    ))
    .map_err(|e| SolveError::Rules(e.to_string()))
}

/// For the side to move: (wins, plies to the end under perfect play).
fn solve(b: &mut Board, memo: &mut HashMap<u64, (bool, u32)>) -> (bool, u32) {
    if let Some(&r) = memo.get(&b.key()) {
        return r;
    }
    let mut list = MoveList::default();
    b.gen_moves(b.movable(1), &mut list);
    let mut best: Option<(bool, u32)> = None;
    for &m in list.as_slice() {
        let r = if b.is_winning_move(m) {
            (true, 1)
        } else {
            let u = b.make(m);
            let (w, p) = solve(b, memo);
            b.unmake(m, u);
            (!w, p + 1)
        };
        // A win beats a loss; the shorter win, the longer loss.
        let better = match best {
            None => true,
            Some((bw, bp)) => (r.0 && !bw) || (r.0 == bw && if r.0 { r.1 < bp } else { r.1 > bp }),
        };
        if better {
            best = Some(r);
        }
    }
    let r = best.expect("a cube always has a step until the game is over");
    memo.insert(b.key(), r);
    r
}

/// The one-cube game on a board of `rows` x `cols`.
pub fn one_cube(rows: u8, cols: u8) -> Result<OneCube, SolveError> {
    let v = variant(rows, cols)?;
    let mut b = Board::startpos_in(v);
    let (first_wins, plies) = solve(&mut b, &mut HashMap::new());
    Ok(OneCube {
        rows,
        cols,
        first_wins,
        plies,
    })
}
