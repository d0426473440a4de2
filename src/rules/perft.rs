//! Perft with dice: the number of (outcome, move) paths of a given length, summed over every
//! distinct outcome of the variant's roll at every ply (each once, whatever its weight; one
//! outcome without dice), a forced pass counting as one move. The counts pin down move
//! generation, the die rule and make/unmake.

use std::sync::atomic::{AtomicBool, Ordering};

use crate::rules::board::{Board, MoveList};

/// Nodes two or more plies from the leaves between looks at the stop flag: each stands for about
/// twenty nodes below it, so the flag is read every few thousand nodes.
const CHECK_EVERY: u32 = 256;

pub fn perft(b: &mut Board, depth: u32) -> u64 {
    perft_until(b, depth, &AtomicBool::new(false)).0
}

/// Perft that can be stopped: the count and whether it is complete. Once `stop` is set the count
/// ends within a few thousand nodes and is what had been counted by then (`false`).
pub fn perft_until(b: &mut Board, depth: u32, stop: &AtomicBool) -> (u64, bool) {
    let mut s = Stopper {
        stop,
        until_check: CHECK_EVERY,
        stopped: false,
    };
    let count = count(b, depth, &mut s);
    (count, !s.stopped)
}

struct Stopper<'a> {
    stop: &'a AtomicBool,
    until_check: u32,
    stopped: bool,
}

fn count(b: &mut Board, depth: u32, s: &mut Stopper) -> u64 {
    if depth == 0 {
        return 1;
    }
    if b.is_over() {
        return 0;
    }
    let mut total = 0;
    let mut list = MoveList::default();
    let v = b.variant();
    if depth == 1 {
        for &(die, _) in &v.outcomes {
            b.gen_moves(b.movable(die), &mut list);
            total += list.len() as u64;
        }
        return total;
    }
    s.until_check -= 1;
    if s.until_check == 0 {
        s.until_check = CHECK_EVERY;
        s.stopped = s.stop.load(Ordering::Relaxed);
    }
    for &(die, _) in &v.outcomes {
        if s.stopped {
            break;
        }
        b.gen_moves(b.movable(die), &mut list);
        for &m in list.as_slice() {
            let u = b.make(m);
            total += count(b, depth - 1, s);
            b.unmake(m, u);
            if s.stopped {
                break;
            }
        }
    }
    total
}

/// Perft split by the first ply: `(die, move, count)` for each face and legal move.
pub fn divide(b: &mut Board, depth: u32) -> Vec<(u8, crate::rules::board::Move, u64)> {
    let mut out = Vec::new();
    if depth == 0 || b.is_over() {
        return out;
    }
    for &(die, _) in &b.variant().outcomes {
        let list = b.moves_for_die(die);
        for &m in list.as_slice() {
            let u = b.make(m);
            out.push((die, m, perft(b, depth - 1)));
            b.unmake(m, u);
        }
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_set_flag_stops_the_count_early() {
        let mut b = Board::startpos();
        let stop = AtomicBool::new(true);
        // Depth 12 would take years; stopped, it ends after a first few thousand nodes.
        let (n, complete) = perft_until(&mut b, 12, &stop);
        assert!(!complete);
        assert!(n < 1_000_000_000, "{n}");
        assert_eq!(b, Board::startpos(), "the board is restored");
        assert_eq!(
            perft_until(&mut b, 3, &AtomicBool::new(false)),
            (6162, true)
        );
    }
}
