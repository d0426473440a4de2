//! Perft with dice: the number of (face, move) paths of a given length, summed over all six faces
//! at every ply. The counts pin down move generation, the die rule and make/unmake.

use crate::board::{Board, MoveList};

pub fn perft(b: &mut Board, depth: u32) -> u64 {
    if depth == 0 {
        return 1;
    }
    if b.is_over() {
        return 0;
    }
    let mut total = 0;
    let mut list = MoveList::default();
    for die in 1..=6 {
        b.gen_moves(b.movable(die), &mut list);
        if depth == 1 {
            total += list.len() as u64;
            continue;
        }
        for &m in list.as_slice() {
            let u = b.make(m);
            total += perft(b, depth - 1);
            b.unmake(m, u);
        }
    }
    total
}

/// Perft split by the first ply: `(die, move, count)` for each face and legal move.
pub fn divide(b: &mut Board, depth: u32) -> Vec<(u8, crate::board::Move, u64)> {
    let mut out = Vec::new();
    if depth == 0 || b.is_over() {
        return out;
    }
    for die in 1..=6 {
        let list = b.moves_for_die(die);
        for &m in list.as_slice() {
            let u = b.make(m);
            out.push((die, m, perft(b, depth - 1)));
            b.unmake(m, u);
        }
    }
    out
}
