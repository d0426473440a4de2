//! The notation of the TCG contest protocol, shared by our TCG front end (`protocol::tcg`) and by
//! the client that drives TCG engines (`players::engine`). TCG squares are a column `A`..`E` and a
//! row `1`..`5` counted from the top, so TCG `A1` is our `a5` and TCG row `r` is our rank `6 - r`;
//! TCG Red is our Red.

use crate::rules::board::{Board, Color, Move};

/// Our square index (0 = a5, row by row from the top) to a TCG square: column letter, row from
/// the top. The board layouts agree, so this is a renaming only.
pub fn square_to_tcg(s: u8) -> String {
    format!("{}{}", (b'A' + s % 5) as char, s / 5 + 1)
}

/// A TCG square (either case) to our index.
pub fn parse_tcg_square(t: &str) -> Option<u8> {
    let b = t.as_bytes();
    if b.len() != 2 {
        return None;
    }
    let col = b[0].to_ascii_uppercase().checked_sub(b'A')?;
    let row = b[1].checked_sub(b'1')?;
    (col < 5 && row < 5).then_some(row * 5 + col)
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

/// The 12 position tokens of `get`: Blue's cubes 1..6, then Red's, `0` for a captured cube.
pub fn board_tokens(b: &Board) -> String {
    let mut out = Vec::with_capacity(12);
    for c in [Color::Blue, Color::Red] {
        for n in 1..=6 {
            out.push(b.cube_square(c, n).map_or("0".to_string(), square_to_tcg));
        }
    }
    out.join(" ")
}

/// The position from the 12 tokens of `get`, with `stm` to move.
pub fn parse_board_tokens(stm: Color, toks: &[&str]) -> Result<Board, String> {
    if toks.len() != 12 {
        return Err(format!("{} position tokens instead of 12", toks.len()));
    }
    let mut b = Board::empty(stm);
    for (i, t) in toks.iter().enumerate() {
        if *t == "0" {
            continue;
        }
        let s = parse_tcg_square(t).ok_or_else(|| format!("bad square '{t}'"))?;
        if b.piece_at(s) != 0 {
            return Err(format!("two cubes on {t}"));
        }
        let c = if i < 6 { Color::Blue } else { Color::Red };
        b.put(s, c, (i % 6) as u8 + 1);
    }
    if b.alive(Color::Red) == 0 && b.alive(Color::Blue) == 0 {
        return Err("no cubes on the board".into());
    }
    b.finish_setup().map_err(|e| e.to_string())?;
    Ok(b)
}

/// The reply to `ini`: the squares of cubes 1..6 for an arrangement in setup order.
pub fn setup_to_tcg(side: Color, setup: &[u8; 6]) -> String {
    let tri = side.triangle();
    let mut squares = [0u8; 6];
    for (i, &n) in setup.iter().enumerate() {
        squares[n as usize - 1] = tri[i];
    }
    squares
        .iter()
        .map(|&s| square_to_tcg(s))
        .collect::<Vec<_>>()
        .join(" ")
}

/// Reads an `ini` reply (squares of cubes 1..6) back into an arrangement in setup order.
pub fn parse_tcg_setup(side: Color, reply: &str) -> Result<[u8; 6], String> {
    let toks: Vec<&str> = reply.split_whitespace().collect();
    if toks.len() != 6 {
        return Err(format!("'{reply}' is not six squares"));
    }
    let tri = side.triangle();
    let mut setup = [0u8; 6];
    for (i, t) in toks.iter().enumerate() {
        let s = parse_tcg_square(t).ok_or_else(|| format!("bad square '{t}'"))?;
        let k = tri
            .iter()
            .position(|&x| x == s)
            .ok_or_else(|| format!("{t} is not on {}'s triangle", side.name()))?;
        if setup[k] != 0 {
            return Err(format!("two cubes on {t}"));
        }
        setup[k] = i as u8 + 1;
    }
    Ok(setup)
}

/// A move as TCG writes it: `C1 C2`.
pub fn move_to_tcg(m: Move) -> String {
    format!("{} {}", square_to_tcg(m.from), square_to_tcg(m.to))
}

/// A `get` reply back into a move (form only; legality is the caller's business).
pub fn parse_tcg_move(reply: &str) -> Result<Move, String> {
    let toks: Vec<&str> = reply.split_whitespace().collect();
    let [f, t] = toks[..] else {
        return Err(format!("'{reply}' is not two squares"));
    };
    let from = parse_tcg_square(f).ok_or_else(|| format!("bad square '{f}'"))?;
    let to = parse_tcg_square(t).ok_or_else(|| format!("bad square '{t}'"))?;
    Ok(Move::new(from, to))
}
