//! `ewn connect`: this engine as a client of a battle server (`protocol/battle.md`). It sends its
//! name, answers every board the server sends with the search's move, follows the games the
//! server never announces (a new game shows as a new start position), writes each game to a
//! record and prints one line per game and a summary.
//!
//! The server shows only the boards where this client is to move. The [`Follower`] therefore
//! reconstructs each game: the opponent's move between two boards is the one legal move that
//! leads from the position after ours to the new board (its die is not shown: the record gives
//! the moved cube's number, a die that always allows the move); a game whose first move was the
//! opponent's starts from the one start position that move can have come from. A game that ends
//! on the opponent's move leaves no trace but the next start position (or `close`), so its
//! result is inferred from the last position: if the opponent had a winning move for some die it
//! is counted lost, if it had none the server can only have ended it for the opponent's fault
//! and it is counted won. Such games are recorded as unfinished at the last position seen, with
//! the inference as the detail, so that every record replays.

use std::io::{ErrorKind, Read, Write};
use std::net::{TcpStream, ToSocketAddrs};
use std::sync::Arc;
use std::sync::atomic::{AtomicBool, Ordering};
use std::time::{Duration, Instant};

use crate::app::error::ConnectError;
use crate::brain::search::{Limits, Searcher};
use crate::brain::tables::Tables;
use crate::players::battle::{Decoded, ServerMsg, answer_text, decode_server, direction_name};
use crate::record::{GameRecord, Ply, Reason, Start, record_name, today};
use crate::rules::board::{Board, Color, Move, piece_of};

/// How long to wait for the server to accept the connection.
const CONNECT_WAIT: Duration = Duration::from_secs(10);
/// How often the reader wakes up to look at Ctrl-C, and how long a die `1` at the end of what
/// came waits for a second digit.
const POLL: Duration = Duration::from_millis(50);
/// The most bytes of an unfinished server message kept.
const MAX_PENDING: usize = 64 * 1024;

pub struct ConnectOptions {
    /// `HOST:PORT`.
    pub addr: String,
    pub name: String,
    pub movetime_ms: u64,
    pub hash_mb: usize,
    pub threads: usize,
    pub tables: Option<Arc<Tables>>,
}

/// How a game ended for us.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Outcome {
    /// Our move ended it.
    Won,
    /// It ended on the opponent's turn although it had no winning move.
    WonInferred,
    /// It ended on the opponent's turn, which had a winning move for some die.
    LostInferred,
    /// The connection ended (or Ctrl-C) in the middle of it, or what happened cannot be told.
    Unfinished,
}

/// A game the follower has closed.
pub struct Finished {
    pub record: GameRecord,
    pub outcome: Outcome,
    pub line: String,
}

struct Current {
    start: Start,
    plies: Vec<Ply>,
    us: Color,
    /// The position the plies lead to.
    pos: Board,
}

/// Follows the games of a session from the boards the server sends and our answers.
pub struct Follower {
    name: String,
    opponent: String,
    games: u64,
    current: Option<Current>,
}

/// Why a session ended.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum End {
    /// The server sent `close`: its last game is over.
    Close,
    /// The connection ended without `close`.
    Eof,
    /// Ctrl-C.
    Interrupted,
}

/// The start position and the opponent's first move that lead to `b`, when exactly one start
/// does.
pub fn infer_start(b: &Board) -> Option<(Board, Move)> {
    let them = b.side_to_move().other();
    let missing: Vec<(Color, u8)> = [Color::Red, Color::Blue]
        .into_iter()
        .flat_map(|c| (1..=6).map(move |n| (c, n)))
        .filter(|&(c, n)| b.cube_square(c, n).is_none())
        .collect();
    if missing.len() > 1 {
        return None;
    }
    let mut found = Vec::new();
    for t in 0..25u8 {
        let code = b.piece_at(t);
        if code == 0 || piece_of(code).0 != them {
            continue;
        }
        for f in 0..25u8 {
            let m = Move::new(f, t);
            if b.piece_at(f) != 0 || direction_name(them, m).is_none() {
                continue;
            }
            let mut p = Board::empty(them);
            for s in 0..25u8 {
                let c = b.piece_at(s);
                if c != 0 && s != t {
                    let (side, n) = piece_of(c);
                    p.put(s, side, n);
                }
            }
            p.put(f, them, piece_of(code).1);
            if let Some(&(c, n)) = missing.first() {
                p.put(t, c, n);
            }
            if p.finish_setup().is_ok()
                && matches!(Start::from_board(&p), Start::Setups { .. })
                && p.is_legal(m, None)
                && p.key_after(m) == b.key()
            {
                found.push((p, m));
            }
        }
    }
    if found.len() == 1 { found.pop() } else { None }
}

impl Follower {
    pub fn new(name: &str, opponent: &str) -> Follower {
        Follower {
            name: name.to_string(),
            opponent: opponent.to_string(),
            games: 0,
            current: None,
        }
    }

    /// A board for us to move on: it continues the current game or starts a new one (closing
    /// the current game, which is returned).
    pub fn on_turn(&mut self, b: &Board) -> Option<Finished> {
        let us = b.side_to_move();
        if let Some(cur) = self.current.as_mut()
            && cur.us == us
        {
            if cur.pos.key() == b.key() {
                return None;
            }
            if cur.pos.side_to_move() != us {
                let list = cur.pos.all_moves();
                if let Some(&m) = list
                    .as_slice()
                    .iter()
                    .find(|&&m| cur.pos.key_after(m) == b.key())
                {
                    let n = piece_of(cur.pos.piece_at(m.from)).1;
                    cur.plies.push(Ply::new(us.other(), n, m));
                    cur.pos.make(m);
                    return None;
                }
            }
        }
        let done = self.end(End::Close);
        let (start, plies) = match Start::from_board(b) {
            s @ Start::Setups { .. } => (s, Vec::new()),
            Start::Position(_) => match infer_start(b) {
                Some((p, m)) => {
                    let n = piece_of(p.piece_at(m.from)).1;
                    (Start::from_board(&p), vec![Ply::new(us.other(), n, m)])
                }
                None => (Start::Position(b.clone()), Vec::new()),
            },
        };
        self.games += 1;
        self.current = Some(Current {
            start,
            plies,
            us,
            pos: b.clone(),
        });
        done
    }

    /// Our move, with the die and the time it took; a move that ends the game closes it.
    pub fn on_move(&mut self, die: u8, m: Move, took: Duration) -> Option<Finished> {
        let cur = self.current.as_mut()?;
        cur.plies.push(Ply {
            side: cur.us,
            die,
            mv: m,
            us: Some(took.as_micros() as u64),
        });
        cur.pos.make(m);
        if cur.pos.is_over() {
            return self.end(End::Close);
        }
        None
    }

    /// Closes the current game, if any: its result as seen or inferred.
    pub fn end(&mut self, how: End) -> Option<Finished> {
        let cur = self.current.take()?;
        let us = cur.us;
        let (winner, reason, outcome, detail) = judged(&cur.pos, us, how);
        let (red, blue) = if us == Color::Red {
            (self.name.clone(), self.opponent.clone())
        } else {
            (self.opponent.clone(), self.name.clone())
        };
        let record = GameRecord {
            number: self.games,
            match_id: None,
            seed: None,
            date: today(),
            red,
            blue,
            start: cur.start,
            plies: cur.plies,
            winner,
            reason,
            detail: detail.clone(),
        };
        let result = match outcome {
            Outcome::Won => format!("won by {reason}"),
            Outcome::WonInferred => format!("won ({detail})"),
            Outcome::LostInferred => format!("lost ({detail})"),
            Outcome::Unfinished => format!("unfinished ({detail})"),
        };
        let line = format!(
            "game {}: {} ({}) {result} after {} plies",
            record.number,
            self.name,
            us.name(),
            record.plies.len()
        );
        Some(Finished {
            record,
            outcome,
            line,
        })
    }
}

/// The result of a game that ended in `pos` (with us `us`) for the reason `how`: seen on the
/// board, or inferred from the opponent's chances when it ended on its turn (see the module
/// comment); the winner, the reason, our outcome and the record's detail.
fn judged(pos: &Board, us: Color, how: End) -> (Option<Color>, Reason, Outcome, String) {
    let them = us.other();
    if let Some(w) = pos.winner() {
        let reason = if pos.alive(w.other()) == 0 {
            Reason::Capture
        } else {
            Reason::Goal
        };
        let outcome = if w == us {
            Outcome::Won
        } else {
            Outcome::Unfinished
        };
        return (Some(w), reason, outcome, String::new());
    }
    if how != End::Close || pos.side_to_move() == us {
        let why = match how {
            End::Interrupted => "interrupted",
            End::Eof => "the connection ended",
            End::Close => "the server went on before our move",
        };
        return (
            None,
            Reason::Unfinished,
            Outcome::Unfinished,
            why.to_string(),
        );
    }
    let winning = (1..=6u8)
        .filter(|&d| {
            let list = pos.moves_for_die(d);
            list.as_slice().iter().any(|&m| pos.is_winning_move(m))
        })
        .count();
    if winning == 0 {
        let why = format!(
            "inferred: {} won; {} had no winning move for any die, so the server ended \
             the game for a fault of its",
            us.name(),
            them.name()
        );
        (None, Reason::Unfinished, Outcome::WonInferred, why)
    } else {
        let why = format!(
            "inferred: {} won; it had a winning move for {winning} of 6 dice",
            them.name()
        );
        (None, Reason::Unfinished, Outcome::LostInferred, why)
    }
}

/// The tally of a session.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Summary {
    pub games: u64,
    pub won: u64,
    pub won_inferred: u64,
    pub lost_inferred: u64,
    pub unfinished: u64,
    /// Server messages that were not messages of the protocol.
    pub malformed: u64,
}

impl Summary {
    fn add(&mut self, o: Outcome) {
        self.games += 1;
        match o {
            Outcome::Won => self.won += 1,
            Outcome::WonInferred => self.won_inferred += 1,
            Outcome::LostInferred => self.lost_inferred += 1,
            Outcome::Unfinished => self.unfinished += 1,
        }
    }

    pub fn line(&self) -> String {
        format!(
            "{} games: {} won ({} inferred), {} lost (inferred), {} unfinished; {} malformed \
             server messages",
            self.games,
            self.won + self.won_inferred,
            self.won_inferred,
            self.lost_inferred,
            self.unfinished,
            self.malformed
        )
    }
}

static INTERRUPTED: AtomicBool = AtomicBool::new(false);

/// Makes Ctrl-C end the session cleanly (the current game recorded as interrupted); a second
/// Ctrl-C ends the program at once (the shutdown is registered first, so the first Ctrl-C only
/// arms it).
pub fn catch_interrupt() {
    use signal_hook::consts::SIGINT;
    let armed = signal_hook::flag::register_conditional_shutdown(SIGINT, 130, &INTERRUPTED)
        .and_then(|_| signal_hook::flag::register(SIGINT, &INTERRUPTED));
    if let Err(e) = armed {
        log::warn!("cannot catch Ctrl-C: {e}");
    }
}

fn connect(addr: &str) -> Result<TcpStream, ConnectError> {
    let addrs: Vec<_> = addr
        .to_socket_addrs()
        .map_err(|error| ConnectError::Address {
            addr: addr.to_string(),
            error,
        })?
        .collect();
    let mut last = None;
    for a in addrs {
        match TcpStream::connect_timeout(&a, CONNECT_WAIT) {
            Ok(s) => return Ok(s),
            Err(e) => last = Some(e),
        }
    }
    match last {
        Some(error) => Err(ConnectError::Connect {
            addr: addr.to_string(),
            error,
        }),
        None => Err(ConnectError::NoAddress(addr.to_string())),
    }
}

/// Warnings of one kind: the first few are logged, the rest counted and logged as a count at
/// most once every [`WARN_EVERY`], so that a server streaming garbage cannot flood the log.
#[derive(Default)]
struct Warnings {
    logged: u64,
    held: u64,
    last: Option<Instant>,
}

/// Warnings of one kind logged one by one before they are only counted.
const WARN_FIRST: u64 = 3;
const WARN_EVERY: Duration = Duration::from_secs(10);

impl Warnings {
    fn warn(&mut self, text: impl FnOnce() -> String) {
        if self.logged < WARN_FIRST {
            self.logged += 1;
            log::warn!("{}", text());
            if self.logged == WARN_FIRST {
                self.last = Some(Instant::now());
                log::warn!("more like this are counted, not shown one by one");
            }
            return;
        }
        self.held += 1;
        if self.last.is_none_or(|t| t.elapsed() >= WARN_EVERY) {
            log::warn!("{} more like this; the last: {}", self.held, text());
            self.held = 0;
            self.last = Some(Instant::now());
        }
    }

    /// Logs the count not yet logged.
    fn finish(&mut self, what: &str) {
        if self.held > 0 {
            log::warn!("{} more {what}", self.held);
            self.held = 0;
        }
    }
}

/// Plays every game the server at `opts.addr` offers, until `close`, the end of the connection
/// or Ctrl-C. One line per game goes to `out`, and every game to `record`.
pub fn run(
    opts: &ConnectOptions,
    out: &mut dyn Write,
    record: Option<&mut dyn Write>,
) -> Result<Summary, ConnectError> {
    let mut s = Session::open(opts, out, record)?;
    let end = loop {
        let (turns, closed) = s.messages();
        // Boards the server sent before the last one are no longer waited for.
        if turns.len() > 1 {
            let n = turns.len();
            s.stale
                .warn(|| format!("{n} boards came at once; answering the last"));
        }
        if let Some((board, die)) = turns.last()
            && let Some(end) = s.answer(board, *die)?
        {
            break end;
        }
        if closed {
            break End::Close;
        }
        if INTERRUPTED.load(Ordering::SeqCst) {
            break End::Interrupted;
        }
        if let Some(end) = s.read_more()? {
            break end;
        }
    };
    s.close(end)
}

/// One connection to a battle server: the engine, the games followed, what came and is not yet
/// read, and where the games go.
struct Session<'a, 'b> {
    opts: &'a ConnectOptions,
    stream: TcpStream,
    searcher: Searcher,
    follower: Follower,
    summary: Summary,
    out: &'a mut dyn Write,
    record: Option<&'b mut dyn Write>,
    /// Bytes of server messages not yet decoded.
    buf: Vec<u8>,
    /// No more bytes came after the last read: a die `1` at the end is complete.
    settled: bool,
    /// When the last bytes arrived: the move time counts from there.
    arrived: Instant,
    malformed: Warnings,
    stale: Warnings,
}

impl<'a, 'b> Session<'a, 'b> {
    /// Connects, sends the name and readies the engine.
    fn open(
        opts: &'a ConnectOptions,
        out: &'a mut dyn Write,
        record: Option<&'b mut dyn Write>,
    ) -> Result<Session<'a, 'b>, ConnectError> {
        let name = record_name(&opts.name);
        if name.is_empty() || name.contains('|') {
            return Err(ConnectError::Name);
        }
        let mut stream = connect(&opts.addr)?;
        let _ = stream.set_nodelay(true);
        stream
            .write_all(format!("{name}\n").as_bytes())
            .map_err(ConnectError::SendName)?;
        let mut searcher = Searcher::new(opts.hash_mb);
        searcher.set_threads(opts.threads);
        searcher.set_builtin_tables(true);
        searcher.set_tables(opts.tables.clone());
        Ok(Session {
            opts,
            stream,
            searcher,
            follower: Follower::new(&name, "opponent"),
            summary: Summary::default(),
            out,
            record,
            buf: Vec::new(),
            settled: false,
            arrived: Instant::now(),
            malformed: Warnings::default(),
            stale: Warnings::default(),
        })
    }

    /// The complete messages in the buffer: the boards to answer, and whether `close` came.
    /// Malformed bytes are dropped and counted.
    fn messages(&mut self) -> (Vec<(Board, u8)>, bool) {
        let mut turns = Vec::new();
        loop {
            match decode_server(&self.buf, self.settled) {
                Decoded::Done(msg, used) => {
                    self.buf.drain(..used);
                    match msg {
                        ServerMsg::Turn { board, die } => turns.push((board, die)),
                        ServerMsg::Close => return (turns, true),
                    }
                }
                Decoded::Bad(why, used) => {
                    self.buf.drain(..used);
                    self.summary.malformed += 1;
                    self.malformed
                        .warn(|| format!("the server sent a malformed message: {why}"));
                }
                Decoded::Need => break,
            }
        }
        if self.buf.len() > MAX_PENDING {
            self.summary.malformed += 1;
            let n = self.buf.len();
            self.malformed
                .warn(|| format!("the server sent {n} bytes that make no message"));
            self.buf.clear();
        }
        (turns, false)
    }

    /// Searches `board` for `die` and sends the move; `Some` when the connection failed.
    fn answer(&mut self, board: &Board, die: u8) -> Result<Option<End>, ConnectError> {
        let f = self.follower.on_turn(board);
        self.finish(f)?;
        let limits = Limits {
            movetime: Some(self.opts.movetime_ms),
            start: Some(self.arrived),
            ..Limits::default()
        };
        let r = self.searcher.search(board, die, &limits, &mut |_| {});
        let legal = board.moves_for_die(die);
        let m = if legal.contains(r.best) {
            r.best
        } else {
            legal.as_slice()[0]
        };
        let sent = self.stream.write_all(answer_text(board, m).as_bytes());
        let f = self.follower.on_move(die, m, self.arrived.elapsed());
        self.finish(f)?;
        if let Err(e) = sent {
            log::warn!("sending the move: {e}");
            return Ok(Some(End::Eof));
        }
        Ok(None)
    }

    /// Waits a moment for more bytes from the server; `Some` when the connection ended.
    fn read_more(&mut self) -> Result<Option<End>, ConnectError> {
        self.stream
            .set_read_timeout(Some(POLL))
            .map_err(ConnectError::Wait)?;
        let mut tmp = [0u8; 4096];
        match self.stream.read(&mut tmp) {
            Ok(0) => return Ok(Some(End::Eof)),
            Ok(n) => {
                self.buf.extend_from_slice(&tmp[..n]);
                self.settled = false;
                self.arrived = Instant::now();
            }
            Err(e) if matches!(e.kind(), ErrorKind::WouldBlock | ErrorKind::TimedOut) => {
                self.settled = true;
            }
            Err(e) if e.kind() == ErrorKind::Interrupted => {}
            Err(e) => {
                log::warn!("reading from the server: {e}");
                return Ok(Some(End::Eof));
            }
        }
        Ok(None)
    }

    /// A finished game, if any: counted, its line printed and its record written.
    fn finish(&mut self, f: Option<Finished>) -> Result<(), ConnectError> {
        let failed = |what| move |error| ConnectError::Write { what, error };
        if let Some(f) = f {
            self.summary.add(f.outcome);
            writeln!(self.out, "{}", f.line)
                .and_then(|_| self.out.flush())
                .map_err(failed("the games"))?;
            if let Some(r) = self.record.as_mut() {
                r.write_all(f.record.to_text().as_bytes())
                    .and_then(|_| r.flush())
                    .map_err(failed("the record"))?;
            }
        }
        Ok(())
    }

    /// The session over for the reason `end`: the last game closed and the summary printed.
    fn close(mut self, end: End) -> Result<Summary, ConnectError> {
        self.malformed.finish("malformed messages");
        self.stale.finish("boards that came at once with others");
        let f = self.follower.end(end);
        self.finish(f)?;
        let _ = self.stream.shutdown(std::net::Shutdown::Both);
        let how = match end {
            End::Close => "the server closed the session",
            End::Eof => "the connection ended",
            End::Interrupted => "interrupted",
        };
        writeln!(self.out, "{how}; {}", self.summary.line())
            .and_then(|_| self.out.flush())
            .map_err(|error| ConnectError::Write {
                what: "the summary",
                error,
            })?;
        Ok(self.summary)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::rules::notation::standard::{parse_fen, parse_move};

    #[test]
    fn the_start_before_the_opponents_first_move_is_found() {
        // Blue moved first, d2c3, out of its triangle.
        let start = parse_fen("R1R2R32/R4R53/R63B6/3B5B4/2B3B2B1 b").unwrap();
        let mut b = start.clone();
        b.make(parse_move("d2c3").unwrap());
        let (p, m) = infer_start(&b).unwrap();
        assert_eq!(p.key(), start.key());
        assert_eq!(m, parse_move("d2c3").unwrap());
        // A start position itself is no continuation of one.
        assert!(infer_start(&start).is_none());
    }

    #[test]
    fn a_game_is_followed_and_its_end_inferred() {
        let mut f = Follower::new("ewn", "them");
        let start = parse_fen("R1R2R32/R4R53/R63B6/3B5B4/2B3B2B1 r").unwrap();
        assert!(f.on_turn(&start).is_none());
        let mine = parse_move("a3b2").unwrap();
        assert!(f.on_move(6, mine, Duration::ZERO).is_none());
        let mut b = start.clone();
        b.make(mine);
        b.make(parse_move("d2c3").unwrap());
        assert!(f.on_turn(&b).is_none(), "a continuation");
        // The same start again is a new game: the first one ends, inferred.
        let done = f.on_turn(&start).unwrap();
        assert_eq!(done.outcome, Outcome::Unfinished, "{}", done.line);
        assert_eq!(done.record.plies.len(), 2);
        assert_eq!(done.record.plies[1].die, 5);
        done.record.replay().unwrap();
        assert!(f.on_move(6, mine, Duration::ZERO).is_none());
        let done = f.end(End::Close).unwrap();
        assert_eq!(done.outcome, Outcome::WonInferred, "{}", done.line);
        done.record.replay().unwrap();
    }
}
