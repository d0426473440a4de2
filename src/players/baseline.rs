//! Built-in opponents that need no process: `random` plays a uniformly random legal move, `greedy`
//! wins at once when it can, otherwise captures the most dangerous enemy cube, otherwise advances
//! the movable cube nearest its goal. They are the yardsticks of `scripts/vs-baselines.sh`.

use std::time::Duration;

use crate::rules::board::{Board, Color, Move, piece_of};

use crate::players::{Fault, Player, TimeControl, Turn};
use crate::rules::rng::MatchRng;

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Kind {
    Random,
    Greedy,
}

pub struct Baseline {
    kind: Kind,
    rng: MatchRng,
}

impl Baseline {
    pub fn new(kind: Kind) -> Baseline {
        Baseline {
            kind,
            rng: MatchRng::new(0),
        }
    }
}

/// The greedy choice for the die; `None` only for a finished game.
pub fn greedy_move(b: &Board, die: u8) -> Option<Move> {
    let moves = b.moves_for_die(die);
    let v = b.variant();
    let us = b.side_to_move();
    let them = us.other();
    moves.as_slice().iter().copied().max_by_key(|&m| {
        if m.is_pass() {
            // The only move when it is one: nothing to compare.
            return (0, 0, 0);
        }
        if b.is_winning_move(m) {
            return (3, 0, 0);
        }
        let target = b.piece_at(m.to);
        if target != 0 {
            let (c, n) = piece_of(target);
            if c == them {
                // The enemy cube nearest its goal, then the one most faces move, is worth most.
                let near = -(v.dist[them.idx()][m.to as usize] as i32);
                let faces = v.weight_moving(b.alive(them), 1 << (n - 1)) as i32;
                return (2, near, faces);
            }
        }
        // Advance: nearest the goal after the move; taking our own cube only as a last resort.
        let own_capture = i32::from(target != 0);
        (
            1 - own_capture,
            -(v.dist[us.idx()][m.to as usize] as i32),
            0,
        )
    })
}

impl Player for Baseline {
    fn name(&self) -> String {
        match self.kind {
            Kind::Random => "random",
            Kind::Greedy => "greedy",
        }
        .to_string()
    }

    fn new_game(&mut self, _tc: TimeControl, side: Color, seed: u64) -> Result<(), Fault> {
        self.rng = MatchRng::new(seed ^ (side.idx() as u64 + 1).wrapping_mul(0xA5A5_5A5A));
        Ok(())
    }

    fn setup(&mut self, _side: Color, _wait: Duration) -> Result<[u8; 6], Fault> {
        Ok(self.rng.setup())
    }

    fn choose(&mut self, turn: &Turn) -> Result<Move, Fault> {
        let b = turn.board;
        let pick = match self.kind {
            Kind::Random => {
                let moves = b.moves_for_die(turn.die);
                let s = moves.as_slice();
                (!s.is_empty()).then(|| s[self.rng.below(s.len() as u64) as usize])
            }
            Kind::Greedy => greedy_move(b, turn.die),
        };
        pick.ok_or_else(|| Fault::Malformed("asked to move in a finished game".into()))
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::rules::notation::standard::{move_name, parse_fen};

    #[test]
    fn greedy_prefers_win_then_capture_then_advance() {
        // Red cube 1 on d2 can step onto e1 and win.
        let b = parse_fen("5/B14/5/3R11/5 r").unwrap();
        assert_eq!(move_name(greedy_move(&b, 1).unwrap()), "d2e1");
        // Red 1 on c4: capture B2 on c3 (nearer Blue's goal) rather than B1 on d3.
        let b = parse_fen("5/2R12/2B2B11/5/4B3 r").unwrap();
        assert_eq!(move_name(greedy_move(&b, 1).unwrap()), "c4c3");
        // Nothing to take: the diagonal step.
        let b = Board::startpos();
        assert_eq!(move_name(greedy_move(&b, 5).unwrap()), "b4c3");
    }
}
