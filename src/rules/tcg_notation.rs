//! The notation of the TCG contest protocol, shared by our TCG front end (`protocol::tcg`) and by
//! the client that drives TCG engines (`players::engine`). TCG squares are a column `A`.. and a
//! row `1`.. counted from the top, so on the standard board TCG `A1` is our `a5` and TCG row `r`
//! is our rank `6 - r`; TCG Red is our Red. On the boards of other variants the same rule holds
//! (row `r` from the top is our rank `rows + 1 - r`), and a position or a setup lists one square
//! per cube of the variant, in increasing cube number.

use crate::rules::board::{Board, Color, Move};
use crate::rules::error::PositionError;
use crate::rules::variant::Variant;

/// What is wrong with a TCG position, arrangement or move: each fault with the tokens it names.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum TcgNotationError {
    #[error("{got} position tokens instead of {want}")]
    TokenCount { got: usize, want: usize },
    #[error("bad square '{0}'")]
    Square(String),
    #[error("two cubes on {0}")]
    TwoCubes(String),
    #[error("a cube on the hole {0}")]
    Hole(String),
    #[error("no cubes on the board")]
    NoCubes,
    /// The cubes make no position (one already home, say).
    #[error("{0}")]
    Position(#[from] PositionError),
    #[error("'{reply}' is not {cubes} squares")]
    SetupLength { reply: String, cubes: usize },
    #[error("{square} is not one of {side}'s start squares")]
    NotStart { square: String, side: &'static str },
    #[error("'{0}' is not two squares")]
    NotTwoSquares(String),
}

/// The square presets `board_setting <size> <cubes> 2` names: size, cubes per side, preset.
pub const BOARD_SETTINGS: [(u8, usize, &str); 7] = [
    (5, 6, "standard"),
    (3, 3, "3x3"),
    (4, 3, "4x4"),
    (5, 3, "5x5-3"),
    (4, 6, "4x4-6"),
    (6, 10, "6x6"),
    (7, 6, "7x7"),
];

/// The `board_setting` line that selects variant `v`, if the TCG protocol can name it.
pub fn board_setting_line(v: &Variant) -> Option<String> {
    BOARD_SETTINGS
        .iter()
        .find(|&&(_, _, name)| Variant::preset(name).is_some_and(|p| std::ptr::eq(p, v)))
        .map(|(n, k, _)| format!("board_setting {n} {k} 2"))
}

/// Our square index (row by row from the top) to a TCG square on the standard board.
pub fn standard_square_to_tcg(s: u8) -> String {
    square_to_tcg_in(Variant::standard(), s)
}

/// Our square index to a TCG square on the board of `v`: column letter, row from the top.
pub fn square_to_tcg_in(v: &Variant, s: u8) -> String {
    format!("{}{}", (b'A' + s % v.cols()) as char, s / v.cols() + 1)
}

/// A TCG square (either case) of the standard board to our index.
pub fn standard_parse_tcg_square(t: &str) -> Option<u8> {
    parse_tcg_square_in(Variant::standard(), t)
}

/// A TCG square (either case) of the board of `v` to our index.
pub fn parse_tcg_square_in(v: &Variant, t: &str) -> Option<u8> {
    let b = t.as_bytes();
    if b.len() != 2 {
        return None;
    }
    let col = b[0].to_ascii_uppercase().checked_sub(b'A')?;
    let row = b[1].checked_sub(b'1')?;
    (col < v.cols() && row < v.rows()).then_some(row * v.cols() + col)
}

pub fn side_letter(c: Color) -> char {
    match c {
        Color::Red => 'R',
        Color::Blue => 'B',
    }
}

pub fn parse_side(t: &str) -> Option<Color> {
    match t {
        "R" | "r" => Some(Color::Red),
        "B" | "b" => Some(Color::Blue),
        _ => None,
    }
}

/// The position tokens of `get`: Blue's cubes in increasing number, then Red's, `0` for a
/// captured cube (12 tokens in the standard game).
pub fn board_tokens(b: &Board) -> String {
    let v = b.variant();
    let mut out = Vec::with_capacity(2 * v.cubes().len());
    for c in [Color::Blue, Color::Red] {
        for &n in v.cubes() {
            out.push(
                b.cube_square(c, n)
                    .map_or("0".to_string(), |s| square_to_tcg_in(v, s)),
            );
        }
    }
    out.join(" ")
}

/// The standard position from the 12 tokens of `get`, with `stm` to move.
pub fn standard_parse_board_tokens(stm: Color, toks: &[&str]) -> Result<Board, TcgNotationError> {
    parse_board_tokens_in(Variant::standard(), stm, toks)
}

/// The position of variant `v` from the tokens of `get`, with `stm` to move.
pub fn parse_board_tokens_in(
    v: &'static Variant,
    stm: Color,
    toks: &[&str],
) -> Result<Board, TcgNotationError> {
    let k = v.cubes().len();
    if toks.len() != 2 * k {
        return Err(TcgNotationError::TokenCount {
            got: toks.len(),
            want: 2 * k,
        });
    }
    let mut b = Board::empty_in(v, stm);
    for (i, t) in toks.iter().enumerate() {
        if *t == "0" {
            continue;
        }
        let s = parse_tcg_square_in(v, t).ok_or_else(|| TcgNotationError::Square(t.to_string()))?;
        if b.piece_at(s) != 0 {
            return Err(TcgNotationError::TwoCubes(t.to_string()));
        }
        if v.hole_mask >> s & 1 != 0 {
            return Err(TcgNotationError::Hole(t.to_string()));
        }
        let c = if i < k { Color::Blue } else { Color::Red };
        b.put(s, c, v.cubes()[i % k]);
    }
    if b.alive(Color::Red) == 0 && b.alive(Color::Blue) == 0 {
        return Err(TcgNotationError::NoCubes);
    }
    b.finish_setup().map_err(TcgNotationError::Position)?;
    Ok(b)
}

/// The reply to `ini` in the standard game: the squares of cubes 1..6 for an arrangement in
/// setup order.
pub fn standard_setup_to_tcg(side: Color, setup: &[u8; 6]) -> String {
    setup_to_tcg_in(Variant::standard(), side, setup)
}

/// The reply to `ini` in variant `v`: the squares of its cubes in increasing number.
pub fn setup_to_tcg_in(v: &Variant, side: Color, setup: &[u8]) -> String {
    let start = v.start_squares(side);
    v.cubes()
        .iter()
        .map(|n| {
            let i = setup.iter().position(|x| x == n).unwrap_or(0);
            square_to_tcg_in(v, start[i])
        })
        .collect::<Vec<_>>()
        .join(" ")
}

/// Reads a standard `ini` reply (squares of cubes 1..6) back into an arrangement in setup order.
pub fn standard_parse_tcg_setup(side: Color, reply: &str) -> Result<[u8; 6], TcgNotationError> {
    let v = parse_tcg_setup_in(Variant::standard(), side, reply)?;
    let mut out = [0u8; 6];
    out.copy_from_slice(&v);
    Ok(out)
}

/// Reads an `ini` reply of variant `v` back into an arrangement in setup order.
pub fn parse_tcg_setup_in(
    v: &Variant,
    side: Color,
    reply: &str,
) -> Result<Vec<u8>, TcgNotationError> {
    let toks: Vec<&str> = reply.split_whitespace().collect();
    let k = v.cubes().len();
    if toks.len() != k {
        return Err(TcgNotationError::SetupLength {
            reply: reply.into(),
            cubes: k,
        });
    }
    let start = v.start_squares(side);
    let mut setup = vec![0u8; k];
    for (i, t) in toks.iter().enumerate() {
        let s = parse_tcg_square_in(v, t).ok_or_else(|| TcgNotationError::Square(t.to_string()))?;
        let at = start
            .iter()
            .position(|&x| x == s)
            .ok_or_else(|| TcgNotationError::NotStart {
                square: t.to_string(),
                side: side.name(),
            })?;
        if setup[at] != 0 {
            return Err(TcgNotationError::TwoCubes(t.to_string()));
        }
        setup[at] = v.cubes()[i];
    }
    Ok(setup)
}

/// A move as TCG writes it: `C1 C2` (a pass: `0 0`).
pub fn standard_move_to_tcg(m: Move) -> String {
    move_to_tcg_in(Variant::standard(), m)
}

/// A move of variant `v` as TCG writes it.
pub fn move_to_tcg_in(v: &Variant, m: Move) -> String {
    if m.is_pass() {
        return "0 0".into();
    }
    format!(
        "{} {}",
        square_to_tcg_in(v, m.from),
        square_to_tcg_in(v, m.to)
    )
}

/// A standard `get` reply back into a move (form only; legality is the caller's business).
pub fn standard_parse_tcg_move(reply: &str) -> Result<Move, TcgNotationError> {
    parse_tcg_move_in(Variant::standard(), reply)
}

/// A `get` reply of variant `v` back into a move (`0 0` is a pass).
pub fn parse_tcg_move_in(v: &Variant, reply: &str) -> Result<Move, TcgNotationError> {
    let toks: Vec<&str> = reply.split_whitespace().collect();
    let [f, t] = toks[..] else {
        return Err(TcgNotationError::NotTwoSquares(reply.into()));
    };
    if f == "0" && t == "0" {
        return Ok(Move::PASS);
    }
    let from = parse_tcg_square_in(v, f).ok_or_else(|| TcgNotationError::Square(f.to_string()))?;
    let to = parse_tcg_square_in(v, t).ok_or_else(|| TcgNotationError::Square(t.to_string()))?;
    Ok(Move::new(from, to))
}
