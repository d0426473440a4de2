//! The reference the pruned search is tested against: plain expectimax over every face group and
//! move, with no pruning, no table and no endgame tables.

use super::{EvalKind, WIN, chance_value};
use crate::rules::board::{Board, MoveList, piece_of};

/// Plain expectimax without pruning or table, the reference the pruned search must match: the
/// value for the side to move of the best move for `die` searched to `depth` plies.
pub fn reference_value(b: &mut Board, die: u8, depth: u32) -> i64 {
    reference_value_with(EvalKind::default(), b, die, depth)
}

/// [`reference_value`] with a chosen leaf evaluation.
pub fn reference_value_with(kind: EvalKind, b: &mut Board, die: u8, depth: u32) -> i64 {
    fn chance(kind: EvalKind, b: &mut Board, depth: u32) -> i64 {
        if depth == 0 {
            return if b.variant().has_dice() {
                kind.evaluate(b)
            } else {
                captures(kind, b)
            };
        }
        let v = b.variant();
        let groups = v.groups(b.alive(b.side_to_move()));
        let sum: i64 = groups
            .iter()
            .map(|(mask, cnt)| cnt as i64 * max_node(kind, b, mask, depth))
            .sum();
        chance_value(sum, v.weight())
    }
    fn max_node(kind: EvalKind, b: &mut Board, mask: u16, depth: u32) -> i64 {
        let mut list = MoveList::default();
        b.gen_moves(mask, &mut list);
        let mut best = -1;
        for &m in list.as_slice() {
            let mover = b.side_to_move();
            let u = b.make(m);
            let v = if let Some(w) = b.winner() {
                if w == mover { WIN } else { 0 }
            } else {
                WIN - chance(kind, b, depth - 1)
            };
            b.unmake(m, u);
            best = best.max(v);
        }
        best
    }
    // A leaf without dice: the better of its static value and each capture of an opposing cube,
    // resolved the same way (a winning move wins at once).
    fn captures(kind: EvalKind, b: &mut Board) -> i64 {
        if let Some(w) = b.winner() {
            return if w == b.side_to_move() { WIN } else { 0 };
        }
        let mut list = MoveList::default();
        b.gen_moves(b.movable(0), &mut list);
        if list.as_slice().iter().any(|&m| b.is_winning_move(m)) {
            return WIN;
        }
        let them = b.side_to_move().other();
        let mut best = kind.evaluate(b);
        for &m in list.as_slice() {
            let code = if m.is_pass() { 0 } else { b.piece_at(m.to) };
            if code == 0 || piece_of(code).0 != them {
                continue;
            }
            let u = b.make(m);
            best = best.max(WIN - captures(kind, b));
            b.unmake(m, u);
        }
        best
    }
    let kind = kind.for_board(b);
    max_node(kind, b, b.movable(die), depth)
}
