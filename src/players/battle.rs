//! The battle servers' protocol (`protocol/battle.md`): the TCP protocol of the EinStein servers
//! that programming courses run for their students, both ways. The codec reads and writes its two
//! messages (a board with a die, `[[6, 2, 4, 0, 0], ...]|3`, and an answer, `6|rightdown`);
//! [`Remote`] is a client connected to our server (`ewn serve --battle`), asked for its moves
//! through the [`Player`] interface like every other player.
//!
//! The protocol has no framing: the servers read with one `recv` and drop its last character, so
//! a message may arrive in pieces or two at once. The decoders here therefore work on a growing
//! buffer and say how many bytes a complete message took, that more bytes are needed, or what was
//! wrong with the bytes at the front.
//!
//! Numbering: the server's board holds 0 for an empty square, 1..6 for the top-left side's cubes
//! (our Red) and 7..12 for the bottom-right side's (Blue, cube number plus 6), which is exactly
//! [`Board::piece_at`]; row 0 is rank 5, column 0 file a, which is our square index `row * 5 + col`.

use std::io::{ErrorKind, Read, Write};
use std::net::{Shutdown, TcpStream};
use std::time::{Duration, Instant};

use crate::players::error::BattleError;
use crate::players::{Fault, Player, TimeControl, Turn};
use crate::rules::board::{Board, Color, Move, piece_of};

/// The servers' number of the cube with our piece code `code` (0 for an empty square): the
/// top-left side's cubes 1..6, the bottom-right side's 7..12 (cube number plus 6).
fn server_number(code: u8) -> u8 {
    if code == 0 {
        return 0;
    }
    match piece_of(code) {
        (Color::Red, n) => n,
        (Color::Blue, n) => n + 6,
    }
}

/// The side and cube number of a server's cube number 1..12.
fn from_server(v: u8) -> (Color, u8) {
    if v <= 6 {
        (Color::Red, v)
    } else {
        (Color::Blue, v - 6)
    }
}

/// The longest board message we wait for before calling the bytes garbage.
pub const MAX_BOARD_BYTES: usize = 1024;
/// The longest answer we wait for before calling the bytes garbage.
pub const MAX_ANSWER_BYTES: usize = 64;
/// The most bytes a client may send unasked between two turns before it counts as a flood.
pub const MAX_UNASKED_BYTES: usize = 64 * 1024;
/// The longest name a client may send.
pub const MAX_NAME_BYTES: usize = 256;

/// One message of a server.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum ServerMsg {
    /// The client's turn: the position (its side to move) and the die.
    Turn { board: Board, die: u8 },
    /// The server ends the session.
    Close,
}

/// What a decoder made of the front of a buffer.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Decoded<T> {
    /// A message, and the bytes it took.
    Done(T, usize),
    /// Not yet complete: wait for more bytes.
    Need,
    /// The front of the buffer is no message: why, and how many bytes to drop.
    Bad(BattleError, usize),
}

/// The three directions of a side, in the server's words, with their square steps.
fn directions(c: Color) -> [(&'static str, i8); 3] {
    match c {
        Color::Red => [("right", 1), ("down", 5), ("rightdown", 6)],
        Color::Blue => [("left", -1), ("up", -5), ("leftup", -6)],
    }
}

/// The server's word for a move of `c`: `None` when `m` is no single step of that side.
pub fn direction_name(c: Color, m: Move) -> Option<&'static str> {
    let step = m.to as i8 - m.from as i8;
    let (fr, fc) = (m.from / 5, m.from % 5);
    let (tr, tc) = (m.to / 5, m.to % 5);
    if m.to >= 25 || fr.abs_diff(tr) > 1 || fc.abs_diff(tc) > 1 {
        return None;
    }
    directions(c)
        .into_iter()
        .find(|&(_, s)| s == step)
        .map(|(w, _)| w)
}

/// The target square of a step in direction `word` from `from`, if it is on the board.
fn step_target(from: u8, word: &str) -> Option<(Color, u8)> {
    let (row, col) = (from as i8 / 5, from as i8 % 5);
    let (c, dr, dc) = match word {
        "right" => (Color::Red, 0, 1),
        "down" => (Color::Red, 1, 0),
        "rightdown" => (Color::Red, 1, 1),
        "left" => (Color::Blue, 0, -1),
        "up" => (Color::Blue, -1, 0),
        "leftup" => (Color::Blue, -1, -1),
        _ => return None,
    };
    let (r, k) = (row + dr, col + dc);
    ((0..5).contains(&r) && (0..5).contains(&k)).then_some((c, (r * 5 + k) as u8))
}

/// The board as the servers print it: `str()` of a Python list of five rows.
pub fn board_text(b: &Board) -> String {
    let rows: Vec<String> = (0..5)
        .map(|r| {
            let cells: Vec<String> = (0..5)
                .map(|c| server_number(b.piece_at(r * 5 + c)).to_string())
                .collect();
            format!("[{}]", cells.join(", "))
        })
        .collect();
    format!("[{}]", rows.join(", "))
}

/// The server's message for a turn: the board, `|`, and the die (plus 6 for Blue).
pub fn turn_text(b: &Board, die: u8) -> String {
    let n = die
        + if b.side_to_move() == Color::Blue {
            6
        } else {
            0
        };
    format!("{}|{n}", board_text(b))
}

/// The client's answer for a move in `b`, with the newline the servers drop.
pub fn answer_text(b: &Board, m: Move) -> String {
    let c = b.side_to_move();
    let word = direction_name(c, m).unwrap_or("none");
    format!("{}|{word}\n", server_number(b.piece_at(m.from)))
}

/// Reads the board list and builds the position with `stm` to move. The squares of a row may be
/// separated by commas, as Python prints a list, or by blanks, as it prints an array.
fn parse_board(text: &str, stm: Color) -> Result<Board, BattleError> {
    let mut rows: Vec<Vec<String>> = Vec::new();
    let mut depth = 0;
    let mut word = String::new();
    for ch in text.chars() {
        match ch {
            '[' => {
                depth += 1;
                if depth == 2 {
                    rows.push(Vec::new());
                } else if depth > 2 {
                    return Err(BattleError::NestedTooDeep);
                }
            }
            ']' | ',' | ' ' | '\t' | '\n' | '\r' => {
                if !word.is_empty() {
                    match rows.last_mut() {
                        Some(row) if depth == 2 => row.push(std::mem::take(&mut word)),
                        _ => {
                            return Err(BattleError::OutsideRows(lossy(word.as_bytes())));
                        }
                    }
                }
                if ch == ']' {
                    depth -= 1;
                }
            }
            _ => word.push(ch),
        }
    }
    if depth != 0 || !word.is_empty() {
        return Err(BattleError::NotListOfLists);
    }
    if rows.len() != 5 {
        return Err(BattleError::Rows(rows.len()));
    }
    let mut b = Board::empty(stm);
    for (r, cells) in rows.iter().enumerate() {
        if cells.len() != 5 {
            return Err(BattleError::RowWidth {
                row: r,
                squares: cells.len(),
            });
        }
        for (c, cell) in cells.iter().enumerate() {
            let v: u8 =
                cell.parse()
                    .ok()
                    .filter(|v| *v <= 12)
                    .ok_or_else(|| BattleError::Square {
                        square: lossy(cell.as_bytes()),
                        row: r,
                    })?;
            if v == 0 {
                continue;
            }
            let (side, n) = from_server(v);
            if b.cube_square(side, n).is_some() {
                return Err(BattleError::CubeTwice(v));
            }
            b.put((r * 5 + c) as u8, side, n);
        }
    }
    b.finish_setup()?;
    if b.is_over() {
        return Err(BattleError::Over);
    }
    Ok(b)
}

/// Decodes the server message at the front of `buf`. Whitespace between messages is skipped.
/// A die `1` at the very end of the bytes could still become 10, 11 or 12: with `settled`
/// false that is [`Decoded::Need`], with `settled` true (no more bytes came) it is 1.
pub fn decode_server(buf: &[u8], settled: bool) -> Decoded<ServerMsg> {
    let skip = blanks(buf);
    let rest = &buf[skip..];
    let decoded = match rest.first() {
        None => return Decoded::Need,
        Some(b'[') => decode_turn(rest, settled),
        Some(_) => decode_close(rest),
    };
    match decoded {
        Decoded::Done(m, used) => Decoded::Done(m, skip + used),
        Decoded::Bad(why, used) => Decoded::Bad(why, skip + used),
        Decoded::Need => Decoded::Need,
    }
}

/// `close`, or bytes that are no message (dropped up to where a message could start again).
fn decode_close(rest: &[u8]) -> Decoded<ServerMsg> {
    let word = b"close";
    let n = rest.len().min(word.len());
    if rest[..n] == word[..n] {
        return if n == word.len() {
            Decoded::Done(ServerMsg::Close, n)
        } else {
            Decoded::Need
        };
    }
    let junk = 1 + rest[1..]
        .iter()
        .position(|&b| b == b'[' || b == b'c')
        .unwrap_or(rest.len() - 1);
    Decoded::Bad(BattleError::NoMessage(lossy(&rest[..junk])), junk)
}

/// Where the board list at the front of `rest` ends (its brackets closed), or, when it has not,
/// why it never will and the bytes to drop (`None`: more bytes are needed).
fn board_end(rest: &[u8]) -> Result<usize, Option<(BattleError, usize)>> {
    let mut depth = 0usize;
    for (i, &b) in rest.iter().enumerate() {
        match b {
            b'[' => depth += 1,
            b']' => {
                depth -= 1;
                if depth == 0 {
                    return Ok(i + 1);
                }
            }
            b'|' => return Err(Some((BattleError::NoBoard(lossy(&rest[..i])), i + 1))),
            _ => {}
        }
    }
    Err((rest.len() > MAX_BOARD_BYTES)
        .then_some((BattleError::BoardTooLong(rest.len()), rest.len())))
}

/// A board list and its die, `[[...], ...]|3`, at the front of `rest`.
fn decode_turn(rest: &[u8], settled: bool) -> Decoded<ServerMsg> {
    let end = match board_end(rest) {
        Ok(end) => end,
        Err(Some((why, used))) => return Decoded::Bad(why, used),
        Err(None) => return Decoded::Need,
    };
    let after = &rest[end..];
    let bar = after.iter().take_while(|b| **b == b' ').count();
    if after.len() == bar {
        return Decoded::Need;
    }
    if after[bar] != b'|' {
        return Decoded::Bad(BattleError::NoBar(lossy(&after[bar..bar + 1])), end + bar);
    }
    let digits_at = bar + 1;
    let digits = after[digits_at..]
        .iter()
        .take_while(|b| b.is_ascii_digit())
        .count();
    let total = end + digits_at + digits;
    if digits == 0 {
        return if after.len() == digits_at {
            Decoded::Need
        } else {
            Decoded::Bad(BattleError::NoDie, total)
        };
    }
    let text = lossy(&after[digits_at..digits_at + digits]);
    let at_end = after.len() == digits_at + digits;
    if at_end && text == "1" && !settled {
        return Decoded::Need;
    }
    let n: u8 = match text.parse() {
        Ok(n) if (1..=12).contains(&n) => n,
        _ => return Decoded::Bad(BattleError::Die(text), total),
    };
    let (stm, die) = if n <= 6 {
        (Color::Red, n)
    } else {
        (Color::Blue, n - 6)
    };
    match parse_board(&String::from_utf8_lossy(&rest[..end]), stm) {
        Ok(board) => Decoded::Done(ServerMsg::Turn { board, die }, total),
        Err(e) => Decoded::Bad(e, total),
    }
}

/// An answer as the client sent it: the cube in the server's numbering and the direction word.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Answer {
    pub cube: u8,
    pub direction: String,
}

const WORDS: [&str; 6] = ["right", "down", "rightdown", "left", "up", "leftup"];

/// Decodes the client answer at the front of `buf`: `<cube>|<direction>` and one more character
/// (any), after optional whitespace. `right` and `left` need that character (they could still
/// become `rightdown` and `leftup`); the other words are complete without it.
pub fn decode_answer(buf: &[u8]) -> Decoded<Answer> {
    let skip = blanks(buf);
    let rest = &buf[skip..];
    let bad = |why: BattleError| Decoded::Bad(why, buf.len());
    let digits = rest.iter().take_while(|b| b.is_ascii_digit()).count();
    if digits == rest.len() {
        return if digits > 2 {
            bad(BattleError::NoAnswer(lossy(rest)))
        } else {
            Decoded::Need
        };
    }
    if digits == 0 || digits > 2 || rest[digits] != b'|' {
        return bad(BattleError::NoAnswer(lossy(rest)));
    }
    let cube: u8 = lossy(&rest[..digits]).parse().unwrap_or(0);
    if !(1..=12).contains(&cube) {
        return bad(BattleError::Cube(cube));
    }
    let word_at = digits + 1;
    let letters: Vec<u8> = rest[word_at..]
        .iter()
        .take_while(|b| b.is_ascii_alphabetic())
        .map(u8::to_ascii_lowercase)
        .collect();
    let word = lossy(&letters);
    let ends = rest.len() > word_at + letters.len();
    if !WORDS.iter().any(|w| w.starts_with(word.as_str())) {
        return bad(BattleError::NoDirection(word));
    }
    let extendable = WORDS
        .iter()
        .any(|w| w.len() > word.len() && w.starts_with(word.as_str()));
    if !WORDS.contains(&word.as_str()) || (extendable && !ends) {
        return if rest.len() > MAX_ANSWER_BYTES {
            bad(BattleError::AnswerTooLong)
        } else {
            Decoded::Need
        };
    }
    // The one extra character the servers drop, if it came.
    let used = skip + word_at + letters.len() + usize::from(ends);
    Decoded::Done(
        Answer {
            cube,
            direction: word,
        },
        used,
    )
}

impl Answer {
    /// The move this answer names in `b` (its side to move), or why it names none.
    pub fn to_move(&self, b: &Board) -> Result<Move, BattleError> {
        let (side, n) = from_server(self.cube);
        // The other side's cube names no move of this turn: the answer is malformed, whatever
        // its direction (battle.md), not an illegal move.
        if side != b.side_to_move() {
            return Err(BattleError::NotYourCube {
                cube: self.cube,
                owner: side,
                to_move: b.side_to_move(),
            });
        }
        let from = b
            .cube_square(side, n)
            .ok_or(BattleError::CubeGone(self.cube))?;
        let (dir_side, to) =
            step_target(from, &self.direction).ok_or_else(|| BattleError::OffBoard {
                cube: self.cube,
                direction: self.direction.clone(),
            })?;
        if dir_side != side {
            return Err(BattleError::WrongDirection {
                cube: self.cube,
                direction: self.direction.clone(),
            });
        }
        Ok(Move::new(from, to))
    }
}

/// The whitespace and NUL bytes at the front of `buf`, skipped between messages.
fn blanks(buf: &[u8]) -> usize {
    buf.iter()
        .take_while(|b| b.is_ascii_whitespace() || **b == 0)
        .count()
}

fn lossy(b: &[u8]) -> String {
    String::from_utf8_lossy(b)
        .chars()
        .map(|c| if c.is_control() { '?' } else { c })
        .collect()
}

/// A client of our battle server, connected and named.
pub struct Remote {
    stream: TcpStream,
    name: String,
    buf: Vec<u8>,
    /// Why the connection is unusable, once it is.
    dead: Option<String>,
}

/// How long a name may take after the first of its bytes when no line end comes: the servers
/// take whatever one `recv` returned, so a client that sends its name without a newline has
/// sent it all at once.
const NAME_SETTLE: Duration = Duration::from_millis(300);

impl Remote {
    /// Reads the client's name (up to a line end, or what came before a pause, without its
    /// last character, as the servers read it) within `limit`.
    pub fn handshake(stream: TcpStream, limit: Duration) -> Result<Remote, BattleError> {
        let deadline = Instant::now() + limit;
        let _ = stream.set_nodelay(true);
        let mut r = Remote {
            stream,
            name: String::new(),
            buf: Vec::new(),
            dead: None,
        };
        let name = loop {
            if let Some(i) = r.buf.iter().position(|b| matches!(b, b'\n' | b'\r' | 0)) {
                let name = r.buf[..i].to_vec();
                r.buf.drain(..=i);
                break name;
            }
            if r.buf.len() > MAX_NAME_BYTES {
                return Err(BattleError::NameTooLong(MAX_NAME_BYTES));
            }
            let now = Instant::now();
            if now >= deadline {
                return Err(BattleError::NoName(limit.as_millis()));
            }
            let wait = if r.buf.is_empty() {
                deadline - now
            } else {
                NAME_SETTLE.min(deadline - now)
            };
            match r.read_some(wait) {
                Ok(0) => return Err(BattleError::ClosedBeforeName),
                Ok(_) => {}
                Err(e) if is_timeout(&e) && !r.buf.is_empty() => {
                    // A pause after some bytes: that was the name and its extra character.
                    let mut name = std::mem::take(&mut r.buf);
                    name.pop();
                    break name;
                }
                Err(e) if is_timeout(&e) => {}
                Err(e) => return Err(BattleError::ReadingName(e.to_string())),
            }
        };
        r.name = lossy(&name).trim().to_string();
        Ok(r)
    }

    /// The name the client sent (perhaps empty; the event names such clients).
    pub fn sent_name(&self) -> &str {
        &self.name
    }

    pub fn rename(&mut self, name: &str) {
        self.name = name.to_string();
    }

    /// Ends the session as the servers do: `close`, then the connection is shut.
    pub fn close(&mut self) {
        if self.dead.is_none() {
            let _ = self.stream.write_all(b"close");
        }
        let _ = self.stream.shutdown(Shutdown::Both);
        self.dead = Some("closed".into());
    }

    fn read_some(&mut self, wait: Duration) -> std::io::Result<usize> {
        self.stream
            .set_read_timeout(Some(wait.max(Duration::from_millis(1))))?;
        let mut tmp = [0u8; 4096];
        let n = self.stream.read(&mut tmp)?;
        self.buf.extend_from_slice(&tmp[..n]);
        Ok(n)
    }

    /// Drops what the client sent unasked (a late answer, a stray line end), so that the next
    /// answer is read from a clean start; a flood is a fault.
    fn drain(&mut self) -> Result<(), Fault> {
        let dropped_before = self.buf.len();
        self.buf.clear();
        let mut dropped = dropped_before;
        self.stream
            .set_nonblocking(true)
            .map_err(|e| self.crash(format!("the connection failed: {e}")))?;
        let mut tmp = [0u8; 4096];
        let outcome = loop {
            match self.stream.read(&mut tmp) {
                Ok(0) => break Err(self.crash("the client closed the connection".into())),
                Ok(n) => {
                    dropped += n;
                    if dropped > MAX_UNASKED_BYTES {
                        break Err(Fault::Malformed(format!(
                            "sent more than {MAX_UNASKED_BYTES} bytes unasked"
                        )));
                    }
                }
                Err(e) if e.kind() == ErrorKind::WouldBlock => break Ok(()),
                Err(e) if e.kind() == ErrorKind::Interrupted => {}
                Err(e) => break Err(self.crash(format!("the connection failed: {e}"))),
            }
        };
        let _ = self.stream.set_nonblocking(false);
        if dropped > 0 && outcome.is_ok() {
            log::info!("{}: dropped {dropped} bytes sent unasked", self.name);
        }
        outcome
    }

    fn crash(&mut self, why: String) -> Fault {
        self.dead = Some(why.clone());
        Fault::Crash(why)
    }
}

fn is_timeout(e: &std::io::Error) -> bool {
    matches!(e.kind(), ErrorKind::WouldBlock | ErrorKind::TimedOut)
}

impl Player for Remote {
    fn name(&self) -> String {
        self.name.clone()
    }

    fn new_game(&mut self, _: TimeControl, _: Color, _: u64) -> Result<(), Fault> {
        // The protocol says nothing between games; a lost connection loses every game left.
        match &self.dead {
            Some(why) => Err(Fault::Crash(why.clone())),
            None => Ok(()),
        }
    }

    fn setup(&mut self, _: Color, _: Duration) -> Result<[u8; 6], Fault> {
        Err(Fault::Malformed(
            "the battle protocol has no setups of a player's own".into(),
        ))
    }

    fn choose(&mut self, turn: &Turn) -> Result<Move, Fault> {
        if let Some(why) = &self.dead {
            return Err(Fault::Crash(why.clone()));
        }
        let deadline = Instant::now() + turn.wait;
        self.drain()?;
        if let Err(e) = self
            .stream
            .write_all(turn_text(turn.board, turn.die).as_bytes())
        {
            return Err(self.crash(format!("the connection failed: {e}")));
        }
        loop {
            match decode_answer(&self.buf) {
                Decoded::Done(a, used) => {
                    self.buf.drain(..used);
                    return a
                        .to_move(turn.board)
                        .map_err(|e| Fault::Malformed(e.to_string()));
                }
                Decoded::Bad(why, _) => {
                    self.buf.clear();
                    return Err(Fault::Malformed(why.to_string()));
                }
                // Only blank bytes can keep an answer incomplete this long.
                Decoded::Need if self.buf.len() > MAX_UNASKED_BYTES => {
                    self.buf.clear();
                    return Err(Fault::Malformed(format!(
                        "sent more than {MAX_UNASKED_BYTES} bytes without an answer"
                    )));
                }
                Decoded::Need => {}
            }
            let now = Instant::now();
            if now >= deadline {
                return Err(Fault::Time(format!(
                    "no answer in {} ms",
                    turn.wait.as_millis()
                )));
            }
            match self.read_some(deadline - now) {
                Ok(0) => return Err(self.crash("the client closed the connection".into())),
                Ok(_) => {}
                Err(e) if is_timeout(&e) || e.kind() == ErrorKind::Interrupted => {}
                Err(e) => return Err(self.crash(format!("the connection failed: {e}"))),
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::rules::notation::standard::{parse_fen, parse_move};

    fn turn(buf: &str, settled: bool) -> Decoded<ServerMsg> {
        decode_server(buf.as_bytes(), settled)
    }

    #[test]
    fn boards_read_back_as_written() {
        let b = parse_fen("R1R2R32/R4R53/R63B6/3B5B4/2B3B2B1 b").unwrap();
        let text = turn_text(&b, 4);
        assert!(
            text.starts_with("[[1, 2, 3, 0, 0], [4, 5, 0, 0, 0], [6, 0, 0, 0, 12],")
                && text.ends_with("]]|10"),
            "{text}"
        );
        match turn(&text, false) {
            Decoded::Done(ServerMsg::Turn { board, die }, used) => {
                assert_eq!(board.key(), b.key());
                assert_eq!(die, 4);
                assert_eq!(used, text.len());
            }
            other => panic!("{other:?}"),
        }
    }

    #[test]
    fn pieces_joins_and_the_ambiguous_one() {
        let b = Board::startpos();
        let one = turn_text(&b, 1);
        // In pieces: every proper prefix needs more.
        for cut in 1..one.len() - 1 {
            assert_eq!(turn(&one[..cut], false), Decoded::Need, "{}", &one[..cut]);
        }
        // The last `1` could become 10..12 until nothing more comes.
        assert_eq!(turn(&one, false), Decoded::Need);
        assert!(matches!(turn(&one, true), Decoded::Done(_, n) if n == one.len()));
        // An array as numpy prints it reads the same.
        let array = "[[1 2 3 0 0]\n [4 5 0 0 0]\n [6 0 0 0 12]\n [0 0 0 11 10]\n [0 0 9 8 7]]|1";
        assert!(
            matches!(turn(array, true), Decoded::Done(ServerMsg::Turn { board, .. }, _)
            if board.key() == b.key())
        );
        // Two at once: the first is complete and says where it ends.
        let two = format!("{one}{}close", turn_text(&b, 6));
        let Decoded::Done(_, n) = turn(&two, false) else {
            panic!()
        };
        assert_eq!(n, one.len());
        let Decoded::Done(_, m) = turn(&two[n..], false) else {
            panic!()
        };
        assert_eq!(
            turn(&two[n + m..], false),
            Decoded::Done(ServerMsg::Close, 5)
        );
        assert_eq!(turn("clo", false), Decoded::Need);
    }

    #[test]
    fn malformed_server_messages_say_why() {
        for (bad, why) in [
            ("hello[[", "'hello' is no message"),
            ("[[1, 2]]|3", "rows"),
            ("[[[1]]]|3", "too deep"),
            ("[1, [2]]|3", "outside"),
            (
                "[[1,2,3,0,0],[4,5,0,0,0],[6,0,0,0,12],[0,0,0,11,10],[0,0,9,8,13]]|3",
                "0..12",
            ),
            (
                "[[1,2,3,0,0],[4,5,0,0,0],[6,0,0,0,12],[0,0,0,11,10],[0,0,9,8,8]]|3",
                "twice",
            ),
            (
                "[[1,2,3,0,0],[4,5,0,0,0],[6,0,0,0,12],[0,0,0,11,10],[0,0,9,8,7]]|13",
                "1..12",
            ),
            (
                "[[1,2,3,0,0],[4,5,0,0,0],[6,0,0,0,12],[0,0,0,11,10],[0,0,9,8,7]]x",
                "not '|'",
            ),
            (
                "[[0,0,0,0,0],[0,0,0,0,0],[0,0,0,0,0],[0,0,0,0,0],[0,0,0,0,7]]|3",
                "over",
            ),
        ] {
            match turn(bad, true) {
                Decoded::Bad(e, n) => {
                    assert!(e.to_string().contains(why), "{bad}: {e}");
                    assert!(n > 0 && n <= bad.len());
                }
                other => panic!("{bad}: {other:?}"),
            }
        }
    }

    #[test]
    fn answers_in_every_form() {
        let b = Board::startpos();
        let red = |s: &str| match decode_answer(s.as_bytes()) {
            Decoded::Done(a, n) => (a.to_move(&b), n),
            other => panic!("{s}: {other:?}"),
        };
        assert_eq!(red("6|rightdown\n"), (Ok(parse_move("a3b2").unwrap()), 12));
        assert_eq!(red("\r\n3|right\n").0, Ok(parse_move("c5d5").unwrap()));
        assert_eq!(red("5|down").0, Ok(parse_move("b4b3").unwrap()));
        // Blue's cubes (7-12) answer no turn of Red's, in any direction.
        assert!(
            red("11|right\n")
                .0
                .unwrap_err()
                .to_string()
                .contains("is blue's")
        );
        assert!(
            red("9|left\n")
                .0
                .unwrap_err()
                .to_string()
                .contains("is blue's")
        );
        assert!(
            red("3|left\n")
                .0
                .unwrap_err()
                .to_string()
                .contains("not a direction")
        );
        assert!(
            red("3|up\n")
                .0
                .unwrap_err()
                .to_string()
                .contains("off the board")
        );
        for need in ["", "1", "12", "3|", "3|righ", "3|right", "10|left"] {
            assert_eq!(decode_answer(need.as_bytes()), Decoded::Need, "{need}");
        }
        for bad in ["abc", "3|north\n", "0|up\n", "13|up\n", "123", "3right\n"] {
            assert!(
                matches!(decode_answer(bad.as_bytes()), Decoded::Bad(..)),
                "{bad}"
            );
        }
        // Every legal move of both sides goes out and comes back as itself.
        for fen in [
            "R1R2R32/R4R53/R63B6/3B5B4/2B3B2B1 r",
            "R1R2R32/R4R53/R63B6/3B5B4/2B3B2B1 b",
        ] {
            let b = parse_fen(fen).unwrap();
            for &m in b.all_moves().as_slice() {
                let text = answer_text(&b, m);
                let Decoded::Done(a, _) = decode_answer(text.as_bytes()) else {
                    panic!("{text}")
                };
                assert_eq!(a.to_move(&b), Ok(m), "{text}");
            }
        }
    }
}
