//! Squares, moves, setups and position strings in the project's notation, parsed and printed.
//!
//! Every parser returns a [`NotationError`] whose message names the fault, so protocol front ends
//! can pass it on verbatim in their one-line error replies.

use std::fmt;

use crate::rules::board::{Board, Color, Move, piece_of};

#[derive(Clone, Debug, PartialEq, Eq)]
pub struct NotationError(pub String);

impl fmt::Display for NotationError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.0)
    }
}

impl std::error::Error for NotationError {}

fn err<T>(msg: impl Into<String>) -> Result<T, NotationError> {
    Err(NotationError(msg.into()))
}

pub const STARTPOS: &str = "R1R2R32/R4R53/R63B6/3B5B4/2B3B2B1 r";

/// `a5` -> 0, `e1` -> 24.
pub fn parse_square(s: &str) -> Result<u8, NotationError> {
    let b = s.as_bytes();
    if b.len() != 2 || !(b'a'..=b'e').contains(&b[0]) || !(b'1'..=b'5').contains(&b[1]) {
        return err(format!("bad square '{s}' (expected a1..e5)"));
    }
    let col = b[0] - b'a';
    let row = b'5' - b[1];
    Ok(row * 5 + col)
}

pub fn square_name(s: u8) -> String {
    let col = (b'a' + s % 5) as char;
    let rank = (b'5' - s / 5) as char;
    format!("{col}{rank}")
}

/// Parses `a5b4`. Only the form is checked: both squares on the board and one step apart.
pub fn parse_move(s: &str) -> Result<Move, NotationError> {
    if s.len() != 4 || !s.is_ascii() {
        return err(format!(
            "bad move '{s}' (expected from-square and to-square, e.g. a5b4)"
        ));
    }
    let from = parse_square(&s[..2]).map_err(|e| NotationError(format!("bad move '{s}': {e}")))?;
    let to = parse_square(&s[2..]).map_err(|e| NotationError(format!("bad move '{s}': {e}")))?;
    let (fr, fc) = (from / 5, from % 5);
    let (tr, tc) = (to / 5, to % 5);
    if fr.abs_diff(tr) > 1 || fc.abs_diff(tc) > 1 || from == to {
        return err(format!("bad move '{s}': squares are not one step apart"));
    }
    Ok(Move::new(from, to))
}

pub fn move_name(m: Move) -> String {
    format!("{}{}", square_name(m.from), square_name(m.to))
}

impl fmt::Display for Move {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&move_name(*self))
    }
}

/// Parses six digits, a permutation of 1..6.
pub fn parse_setup(s: &str) -> Result<[u8; 6], NotationError> {
    let b = s.as_bytes();
    if b.len() != 6 || !b.iter().all(|c| (b'1'..=b'6').contains(c)) {
        return err(format!("bad setup '{s}' (expected six digits 1..6)"));
    }
    let mut out = [0u8; 6];
    let mut seen = 0u8;
    for (i, &c) in b.iter().enumerate() {
        let n = c - b'0';
        if seen & (1 << n) != 0 {
            return err(format!("bad setup '{s}': cube {n} appears twice"));
        }
        seen |= 1 << n;
        out[i] = n;
    }
    Ok(out)
}

pub fn setup_string(setup: &[u8; 6]) -> String {
    setup.iter().map(|n| (b'0' + n) as char).collect()
}

pub fn parse_side(s: &str) -> Result<Color, NotationError> {
    match s {
        "r" => Ok(Color::Red),
        "b" => Ok(Color::Blue),
        _ => err(format!("unknown side to move '{s}' (expected r or b)")),
    }
}

/// Parses the board field and the side field of a position string.
pub fn parse_fen_parts(board: &str, side: &str) -> Result<Board, NotationError> {
    let stm = parse_side(side)?;
    let ranks: Vec<&str> = board.split('/').collect();
    if ranks.len() != 5 {
        return err(format!(
            "bad position '{board}': {} ranks instead of 5",
            ranks.len()
        ));
    }
    let mut b = Board::empty(stm);
    let mut seen = [0u8; 2];
    for (row, rank) in ranks.iter().enumerate() {
        let rank_no = 5 - row;
        let bytes = rank.as_bytes();
        let mut col = 0usize;
        let mut i = 0;
        while i < bytes.len() {
            let c = bytes[i];
            match c {
                b'1'..=b'5' => {
                    col += (c - b'0') as usize;
                    i += 1;
                }
                b'R' | b'B' => {
                    let color = if c == b'R' { Color::Red } else { Color::Blue };
                    let Some(&d) = bytes.get(i + 1) else {
                        return err(format!(
                            "bad position: rank {rank_no} ends after '{}'",
                            c as char
                        ));
                    };
                    if !(b'1'..=b'6').contains(&d) {
                        return err(format!(
                            "bad position: unknown cube '{}{}' on rank {rank_no}",
                            c as char, d as char
                        ));
                    }
                    let n = d - b'0';
                    if col >= 5 {
                        return err(format!(
                            "bad position: rank {rank_no} has more than 5 squares"
                        ));
                    }
                    if seen[color.idx()] & (1 << n) != 0 {
                        return err(format!(
                            "bad position: duplicate cube {}{n}",
                            if color == Color::Red { 'R' } else { 'B' }
                        ));
                    }
                    seen[color.idx()] |= 1 << n;
                    b.put((row * 5 + col) as u8, color, n);
                    col += 1;
                    i += 2;
                }
                _ => {
                    return err(format!(
                        "bad position: unexpected '{}' on rank {rank_no}",
                        String::from_utf8_lossy(&bytes[i..=i])
                    ));
                }
            }
        }
        if col != 5 {
            return err(format!(
                "bad position: rank {rank_no} has {col} squares instead of 5"
            ));
        }
    }
    if seen == [0, 0] {
        return err("bad position: no cubes on the board");
    }
    b.finish_setup()
        .map_err(|e| NotationError(format!("bad position: {e}")))?;
    Ok(b)
}

/// Parses a whole position string, `<board> <side>`.
pub fn parse_fen(s: &str) -> Result<Board, NotationError> {
    let parts: Vec<&str> = s.split_whitespace().collect();
    match parts.as_slice() {
        [board, side] => parse_fen_parts(board, side),
        [_] => err("bad position: missing side to move"),
        [] => err("bad position: empty"),
        _ => err(format!("bad position '{s}': extra fields")),
    }
}

pub fn to_fen(b: &Board) -> String {
    let mut out = String::with_capacity(40);
    for row in 0..5u8 {
        if row > 0 {
            out.push('/');
        }
        let mut empty = 0;
        for col in 0..5u8 {
            let code = b.piece_at(row * 5 + col);
            if code == 0 {
                empty += 1;
                continue;
            }
            if empty > 0 {
                out.push((b'0' + empty) as char);
                empty = 0;
            }
            let (c, n) = piece_of(code);
            out.push(if c == Color::Red { 'R' } else { 'B' });
            out.push((b'0' + n) as char);
        }
        if empty > 0 {
            out.push((b'0' + empty) as char);
        }
    }
    out.push(' ');
    out.push(if b.side_to_move() == Color::Red {
        'r'
    } else {
        'b'
    });
    out
}

/// The board drawn for a person, rank 5 at the top, followed by the position string.
pub fn pretty(b: &Board) -> String {
    let mut out = String::new();
    out.push_str("   +----+----+----+----+----+\n");
    for row in 0..5u8 {
        out.push_str(&format!(" {} |", 5 - row));
        for col in 0..5u8 {
            let code = b.piece_at(row * 5 + col);
            if code == 0 {
                out.push_str("    |");
            } else {
                let (c, n) = piece_of(code);
                out.push_str(&format!(
                    " {}{} |",
                    if c == Color::Red { 'R' } else { 'B' },
                    n
                ));
            }
        }
        out.push('\n');
        out.push_str("   +----+----+----+----+----+\n");
    }
    out.push_str("     a    b    c    d    e\n");
    let status = match b.winner() {
        Some(c) => format!("{} has won", c.name()),
        None => format!("{} to move", b.side_to_move().name()),
    };
    out.push_str(&format!(
        "Position: {}\nStatus: {status}\nKey: {:016x}",
        to_fen(b),
        b.key()
    ));
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn startpos_round_trip() {
        let b = parse_fen(STARTPOS).unwrap();
        assert_eq!(b, Board::startpos());
        assert_eq!(to_fen(&b), STARTPOS);
    }

    #[test]
    fn setup_example_from_rules() {
        let b = Board::from_setups(
            parse_setup("123456").unwrap(),
            [6, 5, 4, 3, 2, 1],
            Color::Blue,
        );
        assert_eq!(to_fen(&b), "R1R2R32/R4R53/R63B1/3B2B3/2B4B5B6 b");
        assert_eq!(parse_fen(&to_fen(&b)).unwrap(), b);
    }

    #[test]
    fn squares_and_moves() {
        assert_eq!(parse_square("a5").unwrap(), 0);
        assert_eq!(parse_square("e1").unwrap(), 24);
        assert_eq!(square_name(6), "b4");
        let m = parse_move("a5b4").unwrap();
        assert_eq!((m.from, m.to), (0, 6));
        assert_eq!(move_name(m), "a5b4");
        for s in 0..25 {
            assert_eq!(parse_square(&square_name(s)).unwrap(), s);
        }
    }

    #[test]
    fn rejections_name_the_fault() {
        let cases = [
            ("R1R2R32/R4R53/R63B6/3B5B4/2B3B2B1", "missing side"),
            ("R1R2R32/R4R53/R63B6/3B5B4/2B3B2B1 x", "unknown side"),
            ("R1R2R32/R4R53/R63B6/3B5B4 r", "4 ranks"),
            (
                "R1R2R33/R4R53/R63B6/3B5B4/2B3B2B1 r",
                "rank 5 has 6 squares",
            ),
            ("R1R2R3/R4R53/R63B6/3B5B4/2B3B2B1 r", "rank 5 has 3 squares"),
            ("R1R2R72/R4R53/R63B6/3B5B4/2B3B2B1 r", "unknown cube 'R7'"),
            ("R1R2R12/R4R53/R63B6/3B5B4/2B3B2B1 r", "duplicate cube R1"),
            ("R1R2X32/R4R53/R63B6/3B5B4/2B3B2B1 r", "unexpected 'X'"),
            ("5/5/5/5/5 r", "no cubes"),
        ];
        for (fen, want) in cases {
            let e = parse_fen(fen).unwrap_err().0;
            assert!(e.contains(want), "{fen}: got '{e}', want '{want}'");
        }
        assert!(
            parse_square("f1")
                .unwrap_err()
                .0
                .contains("bad square 'f1'")
        );
        assert!(parse_square("a0").is_err());
        assert!(parse_move("a5c3").unwrap_err().0.contains("not one step"));
        assert!(parse_move("a5").is_err());
        assert!(parse_setup("123455").unwrap_err().0.contains("twice"));
        assert!(parse_setup("12345").is_err());
        assert!(parse_setup("123457").is_err());
    }

    #[test]
    fn finished_positions_parse_with_winner() {
        let b = parse_fen("5/5/2R12/5/4B1 b").unwrap();
        assert_eq!(b.winner(), None);
        let b = parse_fen("5/5/2B12/5/4R1 b").unwrap();
        assert_eq!(b.winner(), Some(Color::Red));
        let b = parse_fen("5/5/2B12/5/5 r").unwrap();
        assert_eq!(b.winner(), Some(Color::Blue));
        assert!(
            parse_fen("B14/5/5/5/4R1 r")
                .unwrap_err()
                .0
                .contains("both sides")
        );
    }
}
