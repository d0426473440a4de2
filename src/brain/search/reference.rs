//! The reference the pruned search is tested against: plain expectimax over every face group and
//! move, with no pruning, no table and no endgame tables.

use super::{EvalKind, WIN, chance_value};
use crate::rules::board::{Board, MoveList};

/// Plain expectimax without pruning or table, the reference the pruned search must match: the
/// value for the side to move of the best move for `die` searched to `depth` plies.
pub fn reference_value(b: &mut Board, die: u8, depth: u32) -> i64 {
    reference_value_with(EvalKind::default(), b, die, depth)
}

/// [`reference_value`] with a chosen leaf evaluation.
pub fn reference_value_with(kind: EvalKind, b: &mut Board, die: u8, depth: u32) -> i64 {
    fn chance(kind: EvalKind, b: &mut Board, depth: u32) -> i64 {
        if depth == 0 {
            return kind.evaluate(b);
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
    let kind = kind.for_board(b);
    max_node(kind, b, b.movable(die), depth)
}
