//! Export to the record style of the Chinese computer-games contests (CCGC), the form contest
//! organisers collect after each game:
//!
//! ```text
//! #[WTN][ewn R][random B][先手胜][2026.11.29 Online][Match];
//! R:A5-1;B5-2;C5-3;A4-4;B4-5;A3-6;
//! B:E1-6;D1-5;C1-4;E2-3;D2-2;E3-1;
//! 1:3;(R3,D4)
//! 2:6;(B1,D2)
//! ```
//!
//! The header names the red and the blue team, the result as the first mover winning (`先手胜`)
//! or the second (`后手胜`), date and place, and the event. Squares are the project's own
//! file/rank names in upper case (rank 5 at the top, `A5` is Red's corner). A setup line gives
//! `square-cube` for each cube; a move line gives the ply number, the die and `(cube, target)`.
//!
//! The style is written exactly where a game fits it: a 5x5 board, cubes 1 to 6 and one
//! six-sided die (the standard game, and variants such as `backrank` or `blackhole` whose setups
//! and moves it can spell, each cube on the variant's own start squares). Other variants, and a
//! game with a pass, are refused with the reason: the style has no squares beyond E5, no cube
//! above 6, no roll without a die and no pass.

use std::fmt::Write as _;

use crate::rules::board::{Color, piece_of};
use crate::rules::variant::{Dice, Variant};

use crate::record::{GameRecord, Start};

pub struct Header<'a> {
    pub place: &'a str,
    pub event: &'a str,
}

fn upper_square(v: &Variant, s: u8) -> String {
    v.square_name(s).to_ascii_uppercase()
}

/// Why the contest style cannot write a game of `v` exactly, or `None` when it can.
fn unfit(v: &Variant) -> Option<String> {
    let why = if (v.rows(), v.cols()) != (5, 5) {
        format!("its board is {}x{}", v.rows(), v.cols())
    } else if v.cubes() != [1, 2, 3, 4, 5, 6] {
        let cubes: Vec<String> = v.cubes().iter().map(|n| n.to_string()).collect();
        format!("its cubes are {}", cubes.join(","))
    } else if v.rules.dice != Dice::Die(6) {
        match v.rules.dice {
            Dice::None => "it has no dice".to_string(),
            Dice::Die(n) => format!("its die has {n} faces"),
            Dice::Two(n) => format!("it rolls two dice of {n} faces"),
        }
    } else if !v.standard {
        // The standard board and dice under other rules: the style has no word for them, and
        // a reader would replay the moves under the standard rules.
        let r = &v.rules;
        let mut lacks = Vec::new();
        if !r.holes.is_empty() {
            let holes: Vec<String> = r.holes.iter().map(|&h| v.square_name(h)).collect();
            lacks.push(format!(
                "holes ({}), into which a cube falls",
                holes.join(" ")
            ));
        }
        if r.substitute == crate::rules::variant::Substitute::Pass {
            lacks.push("passes (substitute = \"pass\")".to_string());
        }
        if !r.own_capture {
            lacks.push("the rule that forbids own captures".to_string());
        }
        if r.moves == crate::rules::variant::Moves::Forward {
            lacks.push("forward moves".to_string());
        }
        if r.goal == crate::rules::variant::Goal::Rank {
            lacks.push("the far rank as goal".to_string());
        }
        if lacks.is_empty() {
            lacks.push("its start squares or first mover".to_string());
        }
        format!("the style has no way to write {}", lacks.join(", "))
    } else {
        return None;
    };
    Some(format!(
        "variant {}: the contest style writes only the standard game (a 5x5 board, cubes 1-6, one six-sided die and its rules), and {why}",
        v.name()
    ))
}

fn team_letter(c: Color) -> char {
    match c {
        Color::Red => 'R',
        Color::Blue => 'B',
    }
}

/// A game the contest style cannot say.
#[derive(Debug, thiserror::Error)]
pub enum ExportError {
    /// The style writes games from two setups only.
    #[error("starts from a position, not from setups")]
    FromPosition,
    /// The style writes the winner in the header.
    #[error("is unfinished")]
    Unfinished,
    /// The variant is not one the style can name (what it lacks, in words).
    #[error("{0}")]
    Variant(String),
    /// The style has no word for a pass.
    #[error("variant {variant}: ply {ply} is a pass, which the contest style cannot write")]
    Pass { variant: String, ply: usize },
}

/// Square brackets would end a header field early.
fn field(s: &str) -> String {
    s.replace(['[', ']'], "").replace(['\n', '\r'], " ")
}

/// The contest style knows only whole games from two setups: a game from another position or
/// without a winner cannot be written in it.
pub fn export(g: &GameRecord, h: &Header) -> Result<String, ExportError> {
    let mut out = String::new();
    if !matches!(g.start, Start::Setups { .. }) {
        return Err(ExportError::FromPosition);
    }
    let Some(winner) = g.winner else {
        return Err(ExportError::Unfinished);
    };
    let result = if winner == g.first() {
        "先手胜"
    } else {
        "后手胜"
    };
    let date = g.date.replace('-', ".");
    let _ = writeln!(
        out,
        "#[WTN][{} R][{} B][{result}][{} {}][{}];",
        field(&g.red),
        field(&g.blue),
        field(&date),
        field(h.place),
        field(h.event)
    );
    let board = g.start_board();
    let v = board.variant();
    if let Some(why) = unfit(v) {
        return Err(ExportError::Variant(why));
    }
    if let Some(i) = g.plies.iter().position(|p| p.mv.is_pass()) {
        return Err(ExportError::Pass {
            variant: v.name().to_string(),
            ply: i + 1,
        });
    }
    for side in [Color::Red, Color::Blue] {
        let _ = write!(out, "{}:", team_letter(side));
        for &sq in v.start_squares(side) {
            let (_, n) = piece_of(board.piece_at(sq));
            let _ = write!(out, "{}-{n};", upper_square(v, sq));
        }
        out.push('\n');
    }
    let mut b = board;
    for (i, p) in g.plies.iter().enumerate() {
        let code = b.piece_at(p.mv.from);
        if code == 0 {
            // Only a record that `replay` would reject gets here; stop rather than invent.
            let _ = writeln!(out, "# ply {}: no cube on the from-square", i + 1);
            break;
        }
        let (c, n) = piece_of(code);
        let _ = writeln!(
            out,
            "{}:{};({}{n},{})",
            i + 1,
            p.die,
            team_letter(c),
            upper_square(v, p.mv.to)
        );
        b.make(p.mv);
    }
    Ok(out)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::record::{Ply, Reason};
    use crate::rules::board::Move;

    #[test]
    fn example_game() {
        let g = GameRecord {
            number: 1,
            match_id: None,
            seed: Some(0),
            date: "2026-11-29".into(),
            red: "ewn".into(),
            blue: "random".into(),
            start: Start::standard([1, 2, 3, 4, 5, 6], [6, 5, 4, 3, 2, 1], Color::Red),
            plies: vec![
                // R3 c5 -> d4, then B1 on e3 -> d4 takes it.
                Ply::new(Color::Red, 3, Move::new(2, 8)),
                Ply::new(Color::Blue, 1, Move::new(14, 8)),
            ],
            winner: Some(Color::Red),
            reason: Reason::Time,
            detail: String::new(),
        };
        let text = export(
            &g,
            &Header {
                place: "Online",
                event: "Match",
            },
        )
        .unwrap();
        let want = "#[WTN][ewn R][random B][先手胜][2026.11.29 Online][Match];\n\
                    R:A5-1;B5-2;C5-3;A4-4;B4-5;A3-6;\n\
                    B:E1-6;D1-5;C1-4;E2-3;D2-2;E3-1;\n\
                    1:3;(R3,D4)\n\
                    2:1;(B1,D4)\n";
        assert_eq!(text, want);
    }
}
