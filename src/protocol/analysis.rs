//! The native protocol's analysis commands, run: `analyse` (the position before the roll; what is
//! searched is [`crate::brain::analysis::analyse_preroll`]; the loop runs it on its worker thread) and
//! `threats` (see [`crate::brain::analysis`] for what is counted). Their lines are parsed in `command.rs`
//! and their replies spelt in `reply.rs`.

use crate::brain::analysis::{
    FaceBest, PreRoll, Threats, analyse_preroll, threats_after, threats_now,
};
use crate::brain::search::{Limits, Searcher};
use crate::protocol::command::AnalyseParams;
use crate::protocol::error::CommandError;
use crate::rules::board::{Board, Move};
use crate::rules::notation;

/// `analyse` without a limit thinks this long in all (shared out among the faces): a controller
/// that sends a bare `analyse` gets its answer without having to send `stop`.
pub const DEFAULT_ANALYSE_MOVETIME: u64 = 1000;

/// The search limits of `analyse`.
pub fn limits(p: &AnalyseParams) -> Limits {
    let none = p.depth.is_none() && p.nodes.is_none() && p.movetime.is_none();
    Limits {
        depth: p.depth,
        nodes: p.nodes,
        movetime: if none {
            Some(DEFAULT_ANALYSE_MOVETIME)
        } else {
            p.movetime
        },
        ..Limits::default()
    }
}

/// Runs `analyse` on `board`; `on_face` is called for each face, in order, as soon as its best
/// move is known.
pub fn run_analyse(
    searcher: &mut Searcher,
    board: &Board,
    p: &AnalyseParams,
    on_face: &mut dyn FnMut(&FaceBest),
) -> PreRoll {
    analyse_preroll(searcher, board, &limits(p), on_face)
}

/// The threats of `threats [<move>]`, or the error message. A move must be legal for some face.
pub fn threats(board: &Board, mv: Option<Move>) -> Result<Threats, CommandError> {
    match mv {
        None => Ok(threats_now(board)),
        Some(m) => {
            if let Some(w) = board.winner() {
                return Err(CommandError::GameOver { side: w.name() });
            }
            if !board.is_legal(m, None) {
                return Err(CommandError::IllegalMove {
                    mv: m.display(board.variant()).to_string(),
                    position: notation::to_fen(board),
                });
            }
            Ok(threats_after(board, m))
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn analyse_has_a_limit() {
        assert_eq!(
            limits(&AnalyseParams::default()).movetime,
            Some(DEFAULT_ANALYSE_MOVETIME)
        );
        let l = limits(&AnalyseParams {
            depth: Some(3),
            ..AnalyseParams::default()
        });
        assert_eq!((l.depth, l.movetime), (Some(3), None));
    }

    #[test]
    fn threats_of_a_move() {
        let b = notation::standard::parse_fen("R24/1R13/3B2B5/3B1B4/3B6B3 r").unwrap();
        let t = threats(&b, Some(notation::standard::parse_move("b4c3").unwrap())).unwrap();
        assert_eq!(t.capture_faces, vec![(1, 2), (2, 0)]);
        assert!(threats(&b, Some(notation::standard::parse_move("a1a2").unwrap())).is_err());
        let over = notation::standard::parse_fen("5/5/B14/5/4R1 b").unwrap();
        assert_eq!(
            threats(&over, Some(notation::standard::parse_move("a3a4").unwrap()))
                .unwrap_err()
                .to_string(),
            "the game is over (red has won)"
        );
    }
}
