//! Squares, moves, setups and position strings in the project's notation, parsed and printed.
//!
//! Every parser returns a [`NotationError`], one variant per fault, whose message names it, so
//! protocol front ends can pass it on verbatim in their one-line error replies.

use std::fmt;

use crate::rules::board::{Board, Color, Move, piece_of};
use crate::rules::variant::{Variant, cube_char, parse_cube_char};

pub use crate::rules::error::NotationError;

/// The standard game's start position with the setups 123456 (the protocols' `startpos`).
pub const STARTPOS: &str = "R1R2R32/R4R53/R63B6/3B5B4/2B3B2B1 r";

/// Parses a move on the board of `v`: `a5b4`, or `0000` for a pass. Only the form is checked:
/// both squares on the board and one step apart.
pub fn parse_move_in(v: &Variant, s: &str) -> Result<Move, NotationError> {
    if s == "0000" {
        return Ok(Move::PASS);
    }
    if s.len() != 4 || !s.is_ascii() {
        return Err(NotationError::MoveForm(s.to_string()));
    }
    let sq = |t: &str| {
        v.parse_square(t)
            .map_err(|square| NotationError::MoveSquare {
                text: s.to_string(),
                square,
            })
    };
    let (from, to) = (sq(&s[..2])?, sq(&s[2..])?);
    let w = v.cols();
    let (fr, fc) = (from / w, from % w);
    let (tr, tc) = (to / w, to % w);
    if fr.abs_diff(tr) > 1 || fc.abs_diff(tc) > 1 || from == to {
        return Err(NotationError::NotOneStep(s.to_string()));
    }
    Ok(Move::new(from, to))
}

/// A move's name on the board of `v` (`0000` for a pass), as a `String`; to write it into a
/// formatter without allocating, use [`Move::display`].
pub fn move_name_in(v: &Variant, m: Move) -> String {
    m.display(v).to_string()
}

/// Parses a setup of variant `v`: one character per cube (`1`..`9`, `A`..`C` for 10..12), the
/// variant's cube numbers in some order.
pub fn parse_setup_in(v: &Variant, s: &str) -> Result<Vec<u8>, NotationError> {
    let k = v.cubes().len();
    let cubes = setup_string(v.cubes());
    let b = s.as_bytes();
    if b.len() != k {
        return Err(NotationError::SetupLength {
            text: s.to_string(),
            len: k,
            cubes,
        });
    }
    let mut out = Vec::with_capacity(k);
    let mut seen = 0u16;
    for &c in b {
        let Some(n) = parse_cube_char(c).filter(|n| v.cubes().contains(n)) else {
            return Err(NotationError::SetupNotACube {
                text: s.to_string(),
                found: String::from_utf8_lossy(&[c]).into_owned(),
                cubes,
            });
        };
        if seen & (1 << (n - 1)) != 0 {
            return Err(NotationError::SetupCubeTwice {
                text: s.to_string(),
                cube: n,
            });
        }
        seen |= 1 << (n - 1);
        out.push(n);
    }
    Ok(out)
}

/// A setup as text: one character per cube.
pub fn setup_string(setup: &[u8]) -> String {
    setup.iter().map(|&n| cube_char(n)).collect()
}

pub fn parse_side(s: &str) -> Result<Color, NotationError> {
    match s {
        "r" => Ok(Color::Red),
        "b" => Ok(Color::Blue),
        _ => Err(NotationError::Side(s.to_string())),
    }
}

/// Parses the board field and the side field of a position string of variant `v`.
pub fn parse_fen_parts_in(
    v: &'static Variant,
    board: &str,
    side: &str,
) -> Result<Board, NotationError> {
    let stm = parse_side(side)?;
    let rows = v.rows() as usize;
    let ranks: Vec<&str> = board.split('/').collect();
    if ranks.len() != rows {
        return Err(NotationError::RankCount {
            board: excerpt(board),
            ranks: ranks.len(),
            rows,
        });
    }
    let mut b = Board::empty_in(v, stm);
    let mut seen = [0u16; 2];
    for (row, rank) in ranks.iter().enumerate() {
        parse_rank(&mut b, &mut seen, row, rank)?;
    }
    if seen == [0, 0] {
        return Err(NotationError::NoCubes);
    }
    b.finish_setup()?;
    Ok(b)
}

/// Places the cubes of one rank of a position string (row `row` from the top) on `b`; `seen`
/// holds each side's cubes placed so far, so that a cube given twice is refused.
fn parse_rank(
    b: &mut Board,
    seen: &mut [u16; 2],
    row: usize,
    rank: &str,
) -> Result<(), NotationError> {
    let v = b.variant();
    let (rows, cols) = (v.rows() as usize, v.cols() as usize);
    let rank_no = rows - row;
    let bytes = rank.as_bytes();
    let mut col = 0usize;
    let mut i = 0;
    while i < bytes.len() {
        let c = bytes[i];
        match c {
            b'1'..=b'8' => {
                col += (c - b'0') as usize;
                i += 1;
            }
            b'R' | b'B' => {
                let color = if c == b'R' { Color::Red } else { Color::Blue };
                let Some(&d) = bytes.get(i + 1) else {
                    return Err(NotationError::RankEndsAfter {
                        rank: rank_no,
                        side: c as char,
                    });
                };
                let Some(n) = parse_cube_char(d).filter(|n| v.cubes().contains(n)) else {
                    return Err(NotationError::UnknownCube {
                        cube: format!("{}{}", c as char, String::from_utf8_lossy(&[d])),
                        rank: rank_no,
                    });
                };
                if col >= cols {
                    return Err(NotationError::RankTooLong {
                        rank: rank_no,
                        cols,
                    });
                }
                let s = (row * cols + col) as u8;
                if v.hole_mask >> s & 1 != 0 {
                    return Err(NotationError::CubeOnHole(v.square_name(s)));
                }
                if seen[color.idx()] & (1 << (n - 1)) != 0 {
                    return Err(NotationError::DuplicateCube(format!(
                        "{}{}",
                        c as char,
                        cube_char(n)
                    )));
                }
                seen[color.idx()] |= 1 << (n - 1);
                b.put(s, color, n);
                col += 1;
                i += 2;
            }
            _ => {
                return Err(NotationError::Unexpected {
                    found: String::from_utf8_lossy(&bytes[i..=i]).into_owned(),
                    rank: rank_no,
                });
            }
        }
    }
    if col != cols {
        return Err(NotationError::RankWidth {
            rank: rank_no,
            squares: col,
            cols,
        });
    }
    Ok(())
}

/// At most 40 characters of `s`, for quoting untrusted text in a message.
fn excerpt(s: &str) -> String {
    if s.len() <= 40 {
        return s.to_string();
    }
    let mut end = 40;
    while !s.is_char_boundary(end) {
        end -= 1;
    }
    format!("{}...", &s[..end])
}

/// Parses a whole position string of variant `v`, `<board> <side>`.
pub fn parse_fen_in(v: &'static Variant, s: &str) -> Result<Board, NotationError> {
    let parts: Vec<&str> = s.split_whitespace().collect();
    match parts.as_slice() {
        [board, side] => parse_fen_parts_in(v, board, side),
        [_] => Err(NotationError::MissingSide),
        [] => Err(NotationError::EmptyPosition),
        _ => Err(NotationError::ExtraFields(excerpt(s))),
    }
}

impl fmt::Debug for Board {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "Board({} {})", self.variant().name(), to_fen(self))
    }
}

/// The position string of `b`, on its variant's board.
pub fn to_fen(b: &Board) -> String {
    let v = b.variant();
    let (rows, cols) = (v.rows(), v.cols());
    let mut out = String::with_capacity(40);
    for row in 0..rows {
        if row > 0 {
            out.push('/');
        }
        let mut empty = 0;
        for col in 0..cols {
            let code = b.piece_at(row * cols + col);
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
            out.push(cube_char(n));
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

/// The board drawn for a person, the top rank first, followed by the position string.
pub fn pretty(b: &Board) -> String {
    let v = b.variant();
    let (rows, cols) = (v.rows(), v.cols());
    let line = format!("   +{}\n", "----+".repeat(cols as usize));
    let mut out = line.clone();
    for row in 0..rows {
        out.push_str(&format!(" {} |", rows - row));
        for col in 0..cols {
            let s = row * cols + col;
            let code = b.piece_at(s);
            if code == 0 {
                out.push_str(if v.hole_mask >> s & 1 != 0 {
                    " () |"
                } else {
                    "    |"
                });
            } else {
                let (c, n) = piece_of(code);
                out.push_str(&format!(
                    " {}{:<2}|",
                    if c == Color::Red { 'R' } else { 'B' },
                    n
                ));
            }
        }
        out.push('\n');
        out.push_str(&line);
    }
    out.push_str("    ");
    for col in 0..cols {
        out.push_str(&format!(" {}   ", (b'a' + col) as char));
    }
    let mut out = out.trim_end().to_string();
    out.push('\n');
    let status = match b.winner() {
        Some(c) => format!("{} has won", c.name()),
        None => format!("{} to move", b.side_to_move().name()),
    };
    if !v.standard {
        out.push_str(&format!("Variant: {}\n", v.name()));
    }
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

    fn std() -> &'static Variant {
        Variant::standard()
    }
    fn parse_fen(s: &str) -> Result<Board, NotationError> {
        parse_fen_in(std(), s)
    }
    fn parse_square(s: &str) -> Result<u8, crate::rules::error::SquareError> {
        std().parse_square(s)
    }

    #[test]
    fn startpos_round_trip() {
        let b = parse_fen(STARTPOS).unwrap();
        assert_eq!(b, Board::startpos());
        assert_eq!(to_fen(&b), STARTPOS);
    }

    #[test]
    fn setup_example_from_rules() {
        let b = Board::from_setups([1, 2, 3, 4, 5, 6], [6, 5, 4, 3, 2, 1], Color::Blue);
        assert_eq!(to_fen(&b), "R1R2R32/R4R53/R63B1/3B2B3/2B4B5B6 b");
        assert_eq!(parse_fen(&to_fen(&b)).unwrap(), b);
    }

    #[test]
    fn squares_and_moves() {
        assert_eq!(parse_square("a5").unwrap(), 0);
        assert_eq!(parse_square("e1").unwrap(), 24);
        assert_eq!(std().square_name(6), "b4");
        let m = parse_move_in(std(), "a5b4").unwrap();
        assert_eq!((m.from, m.to), (0, 6));
        assert_eq!(move_name_in(std(), m), "a5b4");
        for s in 0..25 {
            assert_eq!(parse_square(&std().square_name(s)).unwrap(), s);
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
            let e = parse_fen(fen).unwrap_err().to_string();
            assert!(e.contains(want), "{fen}: got '{e}', want '{want}'");
        }
        assert!(
            parse_square("f1")
                .unwrap_err()
                .to_string()
                .contains("bad square 'f1'")
        );
        assert!(parse_square("a0").is_err());
        assert!(
            parse_move_in(std(), "a5c3")
                .unwrap_err()
                .to_string()
                .contains("not one step")
        );
        assert!(parse_move_in(std(), "a5").is_err());
        assert!(
            parse_setup_in(std(), "123455")
                .unwrap_err()
                .to_string()
                .contains("twice")
        );
        assert!(parse_setup_in(std(), "12345").is_err());
        assert!(parse_setup_in(std(), "123457").is_err());
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
                .to_string()
                .contains("both sides")
        );
    }
}

/// The standard game's parsers under their short names, for the unit tests written on its board.
#[cfg(test)]
pub(crate) mod standard {
    use super::*;

    pub fn parse_fen(s: &str) -> Result<Board, NotationError> {
        parse_fen_in(Variant::standard(), s)
    }
    pub fn parse_move(s: &str) -> Result<Move, NotationError> {
        parse_move_in(Variant::standard(), s)
    }
    pub fn move_name(m: Move) -> String {
        move_name_in(Variant::standard(), m)
    }
}
