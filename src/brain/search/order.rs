//! Move ordering: a static score (a win, captures, progress to the goal) and the table's move
//! first. The order never changes a value, only how soon the pruning finds it; it is
//! deterministic, so the node counts are.

use super::RootMove;
use crate::rules::board::{Board, MAX_MOVES, Move, MoveList, piece_of};

/// Static move score for ordering: a win first, captures of enemy cubes, progress towards the
/// goal; taking an own cube last.
#[inline]
pub(super) fn static_score(b: &Board, m: Move) -> i32 {
    if m.is_pass() {
        return 0;
    }
    if b.is_winning_move(m) {
        return 1000;
    }
    let c = b.side_to_move();
    let dist = &b.variant().dist[c.idx()];
    let mut s = (dist[m.from as usize] as i32 - dist[m.to as usize] as i32) * 10;
    s -= dist[m.to as usize] as i32;
    let target = b.piece_at(m.to);
    if target != 0 {
        let (tc, _) = piece_of(target);
        s += if tc == c { -40 } else { 50 };
    }
    s
}

/// The root moves in static order, best first, before any search has valued them.
pub(super) fn static_order(b: &Board, root: &MoveList) -> Vec<RootMove> {
    let mut order: Vec<RootMove> = root
        .as_slice()
        .iter()
        .map(|&mv| RootMove { mv, value: 0 })
        .collect();
    order.sort_by_key(|r| std::cmp::Reverse(static_score(b, r.mv)));
    order
}

#[inline]
pub(super) fn order_moves(b: &Board, list: &mut MoveList, tt_move: Move) {
    let moves = list.as_mut_slice();
    let mut scores = [0i32; MAX_MOVES];
    for (i, &m) in moves.iter().enumerate() {
        scores[i] = if m == tt_move {
            10_000
        } else {
            static_score(b, m)
        };
    }
    // Insertion sort: lists are tiny and the order must be deterministic.
    for i in 1..moves.len() {
        let mut j = i;
        while j > 0 && scores[j - 1] < scores[j] {
            scores.swap(j - 1, j);
            moves.swap(j - 1, j);
            j -= 1;
        }
    }
}
