//! The native line protocol (in the style of UCI/UGI): the engine's state and its event loop.
//!
//! Everything arrives on one channel as an [`Event`]: lines from the input reader, and reports and
//! the final result from the search thread. The loop is the only writer of output, so lines from
//! the search and replies to commands can never interleave mid-line. A search owns the
//! [`Searcher`] while it runs and hands it back with its result; `stop` only raises the shared flag,
//! which is why commands that need the searcher are refused until the search is over.

use std::collections::VecDeque;
use std::io::Write;
use std::sync::Arc;
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::mpsc::{Receiver, Sender};
use std::thread;
use std::time::Instant;

use anyhow::{Context, Result};

use crate::board::{Board, Color, Move};
use crate::level::Level;
use crate::notation;
use crate::perft;
use crate::protocol::analysis;
use crate::protocol::command::{
    AnalyseParams, Command, GoParams, Handshake, MultiPv, Query, Setting,
};
use crate::protocol::options::{DECISION_LOG, HASH, MOVE_OVERHEAD, MoveChoice, SPIN_OPTIONS};
use crate::protocol::reply::{self, InfoLine, Reply};
use crate::search::{Clock, Info, Limits, SearchResult, Searcher, WIN};
use crate::setup::ENGINE_SETUP;

/// What reaches the event loop.
pub enum Event {
    /// One input line, without its line end, and when it was read.
    Line(String, Instant),
    /// The input has ended: treated as `quit`.
    InputClosed,
    /// A completed iteration of the running search.
    Info(Box<Info>),
    /// The running search is over: the searcher comes back with the result, or the reason the
    /// search thread failed.
    Done(std::result::Result<(Box<Searcher>, SearchResult), String>),
}

/// The running search, as the loop needs to know it.
struct Running {
    die: u8,
    board: Board,
    /// The number of root moves reported per iteration when multi-PV was asked for.
    multipv: Option<usize>,
    infinite: bool,
    /// An infinite search that ended by itself keeps its result until `stop`.
    held: Option<SearchResult>,
    /// Every root move was searched with a full window (for the decision log).
    exact_values: bool,
}

pub struct Engine<W: Write> {
    out: W,
    tx: Sender<Event>,
    rx: Receiver<Event>,
    /// Events that arrived while `stop` waited for the search to end, handled afterwards in order.
    pending: VecDeque<Event>,
    board: Board,
    /// `None` while a search owns it.
    searcher: Option<Box<Searcher>>,
    stop: Arc<AtomicBool>,
    running: Option<Running>,
    hash_mb: u64,
    /// Level, its seed and the decision log.
    choice: MoveChoice,
    overhead_ms: u64,
}

#[derive(PartialEq, Eq)]
enum Flow {
    Continue,
    Quit,
}

impl<W: Write> Engine<W> {
    /// `tx` must feed `rx`: the engine hands clones of it to its search threads.
    pub fn new(out: W, tx: Sender<Event>, rx: Receiver<Event>) -> Engine<W> {
        let mut searcher = Searcher::new(HASH.default as usize);
        searcher.move_overhead_ms = MOVE_OVERHEAD.default;
        Engine {
            out,
            tx,
            rx,
            pending: VecDeque::new(),
            board: Board::startpos(),
            stop: searcher.stop_flag(),
            searcher: Some(Box::new(searcher)),
            running: None,
            hash_mb: HASH.default,
            overhead_ms: MOVE_OVERHEAD.default,
            choice: MoveChoice::default(),
        }
    }

    /// Runs until `quit` or the end of input. `first` is a line already read (by the protocol
    /// detection), with when it was read, that must be handled before anything else.
    pub fn run(mut self, first: Option<(String, Instant)>) -> Result<()> {
        if let Some((line, read_at)) = first {
            self.pending.push_back(Event::Line(line, read_at));
        }
        loop {
            let ev = match self.pending.pop_front() {
                Some(ev) => ev,
                // The engine holds a sender itself, so the channel cannot disconnect; treat it
                // as the end of input all the same rather than panic.
                None => self.rx.recv().unwrap_or(Event::InputClosed),
            };
            if self.handle(ev)? == Flow::Quit {
                break;
            }
        }
        // A search still running is abandoned: its thread sees the flag and ends, and the
        // process may exit without waiting for it.
        self.stop.store(true, Ordering::Relaxed);
        Ok(())
    }

    fn handle(&mut self, ev: Event) -> Result<Flow> {
        match ev {
            Event::Line(line, read_at) => self.line(&line, read_at),
            Event::InputClosed => {
                log::debug!("end of input");
                Ok(Flow::Quit)
            }
            Event::Info(info) => {
                self.report(&info)?;
                Ok(Flow::Continue)
            }
            Event::Done(done) => {
                self.done(done)?;
                Ok(Flow::Continue)
            }
        }
    }

    fn send(&mut self, r: Reply) -> Result<()> {
        let line = r.to_string();
        log::debug!("> {line}");
        writeln!(self.out, "{line}").context("writing a reply")?;
        self.out.flush().context("writing a reply")
    }

    fn error(&mut self, msg: impl Into<String>) -> Result<()> {
        self.send(Reply::Error(msg.into()))
    }

    fn line(&mut self, line: &str, read_at: Instant) -> Result<Flow> {
        log::debug!("< {line}");
        if line.trim().is_empty() {
            return Ok(Flow::Continue);
        }
        let cmd = match line.parse::<Command>() {
            Ok(c) => c,
            Err(e) => {
                self.error(e.0)?;
                return Ok(Flow::Continue);
            }
        };
        // While a search runs only commands that neither need the searcher nor change what it
        // was asked are taken; anything else could not be answered consistently.
        let allowed_while_searching = matches!(
            cmd,
            Command::IsReady
                | Command::Stop
                | Command::Quit
                | Command::Query(_)
                | Command::Display
                | Command::Threats(_)
        );
        if self.running.is_some() && !allowed_while_searching {
            self.error("a search is running (send stop first)")?;
            return Ok(Flow::Continue);
        }
        match cmd {
            Command::Hello(h) => self.hello(h)?,
            Command::IsReady => self.send(Reply::ReadyOk)?,
            Command::SetOption(setting) => self.set_option(setting)?,
            Command::NewGame => {
                self.board = Board::startpos();
                if let Some(s) = self.searcher.as_mut() {
                    s.clear();
                }
            }
            Command::Position { board, moves } => self.position(board, &moves)?,
            Command::Go(p) => self.go(&p, read_at)?,
            Command::GoSetup => self.send(Reply::BestSetup(ENGINE_SETUP))?,
            Command::Stop => self.stop_search()?,
            Command::Quit => return Ok(Flow::Quit),
            Command::Query(q) => self.query(q)?,
            Command::Display => self.send(Reply::Board(notation::pretty(&self.board)))?,
            Command::Perft(depth) => {
                let mut b = self.board.clone();
                let count = perft::perft(&mut b, depth);
                self.send(Reply::Perft { depth, count })?;
            }
            Command::Analyse(p) => self.analyse(&p)?,
            Command::Threats(m) => match analysis::threats(&self.board, m) {
                Ok(t) => self.send(Reply::Threats(t))?,
                Err(e) => self.error(e)?,
            },
        }
        Ok(Flow::Continue)
    }

    /// `analyse` runs on the loop's thread: it always ends by itself (it has a limit, see
    /// `protocol::analysis`), and input read meanwhile waits in the channel.
    fn analyse(&mut self, p: &AnalyseParams) -> Result<()> {
        let mut searcher = self
            .searcher
            .take()
            .expect("the searcher is home when no search runs");
        self.stop.store(false, Ordering::Relaxed);
        let board = self.board.clone();
        // The first failure to write (a broken output) stops the replies and is returned.
        let mut failed = None;
        let pre = analysis::run_analyse(&mut searcher, &board, p, &mut |fb| {
            if failed.is_none()
                && let Err(e) = self.send(Reply::Face(*fb))
            {
                failed = Some(e);
            }
        });
        self.searcher = Some(searcher);
        if let Some(e) = failed {
            return Err(e);
        }
        self.send(Reply::AnalysisDone {
            value: pre.value,
            nodes: pre.nodes,
            time_ms: pre.time_ms,
        })
    }

    fn hello(&mut self, h: Handshake) -> Result<()> {
        self.send(Reply::IdName)?;
        self.send(Reply::IdAuthor)?;
        for o in SPIN_OPTIONS {
            self.send(Reply::Option(o))?;
        }
        self.send(Reply::StringOption(DECISION_LOG))?;
        self.send(Reply::HelloOk(match h {
            Handshake::Ugi => "ugiok",
            Handshake::Uci => "uciok",
        }))
    }

    fn set_option(&mut self, setting: Setting) -> Result<()> {
        let s = self
            .searcher
            .as_mut()
            .expect("the searcher is home when no search runs");
        match setting {
            Setting::Hash(mb) => {
                self.hash_mb = mb;
                s.set_hash(mb as usize);
            }
            Setting::MoveOverhead(ms) => {
                self.overhead_ms = ms;
                s.move_overhead_ms = ms;
            }
            // In range: the parser checked it against the option's bounds.
            Setting::Level(l) => self.choice.level = Level::new(l).unwrap_or_default(),
            Setting::LevelSeed(seed) => self.choice.seed = seed,
            Setting::DecisionLog(path) => {
                if let Err(e) = self.choice.set_log(path.as_deref()) {
                    return self.error(e);
                }
            }
        }
        Ok(())
    }

    fn position(&mut self, mut b: Board, moves: &[Move]) -> Result<()> {
        for &m in moves {
            if let Some(w) = b.winner() {
                return self.error(format!(
                    "move {m}: the game is already over ({} has won)",
                    reply::side_word(w)
                ));
            }
            if !b.is_legal(m, None) {
                return self.error(format!(
                    "illegal move {m} in position {}",
                    notation::to_fen(&b)
                ));
            }
            b.make(m);
        }
        self.board = b;
        Ok(())
    }

    /// The limits of `go`; its time counts from `read_at`, when its line was read.
    fn limits(
        &self,
        p: &GoParams,
        root_moves: usize,
        read_at: Instant,
    ) -> std::result::Result<Limits, String> {
        let side = self.board.side_to_move();
        let clock = if p.has_clock() {
            let (time, inc) = p.clock_of(side);
            let Some(time_ms) = time else {
                let key = if side == Color::Red { "rtime" } else { "btime" };
                return Err(format!(
                    "no clock for {} to move ({key} missing)",
                    reply::side_word(side)
                ));
            };
            Some(Clock {
                time_ms,
                inc_ms: inc.unwrap_or(0),
                movestogo: p.movestogo,
            })
        } else {
            None
        };
        Ok(Limits {
            depth: p.depth,
            nodes: p.nodes,
            movetime: p.movetime,
            clock,
            infinite: p.infinite,
            multipv: match p.multipv {
                None => 0,
                Some(MultiPv::Count(k)) => k,
                Some(MultiPv::All) => root_moves,
            },
            start: Some(read_at),
        })
    }

    fn go(&mut self, p: &GoParams, read_at: Instant) -> Result<()> {
        if let Some(w) = self.board.winner() {
            return self.error(format!(
                "cannot search: the game is over ({} has won)",
                reply::side_word(w)
            ));
        }
        let root_moves = self.board.moves_for_die(p.die).len();
        let limits = match self.limits(p, root_moves, read_at) {
            Ok(l) => self.choice.limits(l),
            Err(e) => return self.error(e),
        };
        let mut searcher = self
            .searcher
            .take()
            .expect("the searcher is home when no search runs");
        // The search never clears the flag itself, so a `stop` that follows `go` at once is
        // never lost; it is cleared here, before the search starts, instead.
        self.stop.store(false, Ordering::Relaxed);
        self.running = Some(Running {
            die: p.die,
            board: self.board.clone(),
            multipv: p.multipv.map(|_| limits.multipv.min(root_moves)),
            infinite: p.infinite,
            held: None,
            exact_values: limits.multipv > 1,
        });
        let board = self.board.clone();
        let die = p.die;
        let tx = self.tx.clone();
        thread::Builder::new()
            .name("search".into())
            .spawn(move || {
                let info_tx = tx.clone();
                let outcome = std::panic::catch_unwind(std::panic::AssertUnwindSafe(move || {
                    let r = searcher.search(&board, die, &limits, &mut |i| {
                        let _ = info_tx.send(Event::Info(Box::new(i.clone())));
                    });
                    (searcher, r)
                }));
                let done = outcome.map_err(|e| {
                    e.downcast_ref::<&str>()
                        .map(|s| s.to_string())
                        .or_else(|| e.downcast_ref::<String>().cloned())
                        .unwrap_or_else(|| "unknown panic".into())
                });
                // The loop may be gone already (quit during a search): nobody to tell then.
                let _ = tx.send(Event::Done(done));
            })
            .context("starting the search thread")?;
        Ok(())
    }

    fn report(&mut self, info: &Info) -> Result<()> {
        let Some(multipv) = self.running.as_ref().map(|r| r.multipv) else {
            return Ok(());
        };
        match multipv {
            None => self.send(Reply::Info(InfoLine {
                info,
                rank: None,
                value: info.value,
                proven: info.exact,
                pv: &info.pv,
            })),
            Some(k) => {
                for (i, rm) in info.root_moves.iter().take(k).enumerate() {
                    // The best move's line is the principal variation; the others are known
                    // only by their first move.
                    let pv = if i == 0 && !info.pv.is_empty() {
                        &info.pv[..]
                    } else {
                        std::slice::from_ref(&rm.mv)
                    };
                    self.send(Reply::Info(InfoLine {
                        info,
                        rank: Some(i + 1),
                        value: rm.value,
                        // Multi-PV values are exact, so the ends of the range are proven.
                        proven: rm.value == 0 || rm.value == WIN,
                        pv,
                    }))?;
                }
                Ok(())
            }
        }
    }

    fn done(
        &mut self,
        done: std::result::Result<(Box<Searcher>, SearchResult), String>,
    ) -> Result<()> {
        let Some(run) = self.running.as_mut() else {
            return Ok(());
        };
        let result = match done {
            Ok((searcher, result)) => {
                self.searcher = Some(searcher);
                result
            }
            Err(why) => {
                // The table went down with the thread: start afresh with the same options, and
                // still answer with a legal move so the controller is not left waiting.
                log::error!("search failed: {why}");
                let mut s = Searcher::new(self.hash_mb as usize);
                s.move_overhead_ms = self.overhead_ms;
                self.stop = s.stop_flag();
                self.searcher = Some(Box::new(s));
                let best = run.board.moves_for_die(run.die).as_slice()[0];
                SearchResult {
                    best,
                    value: 0,
                    depth: 0,
                    nodes: 0,
                    time_ms: 0,
                    exact: false,
                    pv: vec![best],
                    root_moves: vec![],
                }
            }
        };
        if run.infinite && !self.stop.load(Ordering::Relaxed) {
            run.held = Some(result);
            return Ok(());
        }
        self.finish(result)
    }

    fn finish(&mut self, result: SearchResult) -> Result<()> {
        let run = self.running.take().expect("finishing a running search");
        let mut best = self
            .choice
            .choose(&run.board, run.die, &result, run.exact_values);
        if !run.board.is_legal(best, Some(run.die)) {
            log::error!("search returned {best}, not legal for die {}", run.die);
            best = run.board.moves_for_die(run.die).as_slice()[0];
        }
        self.send(Reply::BestMove(best))
    }

    /// Stops the running search and waits for its answer, so that `bestmove` is out before the
    /// next command is read (a controller may send `position` and `go` right after `stop`).
    fn stop_search(&mut self) -> Result<()> {
        let Some(run) = self.running.as_mut() else {
            // Not an error: a `stop` crossing a `bestmove` on the wire is an ordinary race.
            return Ok(());
        };
        self.stop.store(true, Ordering::Relaxed);
        if let Some(r) = run.held.take() {
            return self.finish(r);
        }
        while self.running.is_some() {
            match self.rx.recv() {
                Ok(ev @ (Event::Line(..) | Event::InputClosed)) => self.pending.push_back(ev),
                Ok(Event::Info(i)) => self.report(&i)?,
                Ok(Event::Done(d)) => self.done(d)?,
                Err(_) => break,
            }
        }
        Ok(())
    }

    fn query(&mut self, q: Query) -> Result<()> {
        let b = &self.board;
        let text = match q {
            Query::Legal(die) => b
                .moves_for_die(die)
                .as_slice()
                .iter()
                .map(|m| m.to_string())
                .collect::<Vec<_>>()
                .join(" "),
            Query::GameOver => b.is_over().to_string(),
            Query::Result => b.winner().map_or("none", reply::side_word).to_string(),
            Query::Turn => reply::side_word(b.side_to_move()).to_string(),
            Query::Fen => notation::to_fen(b),
        };
        self.send(Reply::Response(text))
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::sync::mpsc;
    use std::sync::{Mutex, mpsc::channel};

    /// Output shared with the test, which reads it after the engine has quit.
    #[derive(Clone, Default)]
    struct Shared(Arc<Mutex<Vec<u8>>>);

    impl Write for Shared {
        fn write(&mut self, buf: &[u8]) -> std::io::Result<usize> {
            self.0.lock().unwrap().extend_from_slice(buf);
            Ok(buf.len())
        }
        fn flush(&mut self) -> std::io::Result<()> {
            Ok(())
        }
    }

    /// Runs a session of complete input and returns the output lines.
    fn session(input: &[&str]) -> Vec<String> {
        let (tx, rx) = channel();
        for l in input {
            tx.send(Event::Line(l.to_string(), Instant::now())).unwrap();
        }
        tx.send(Event::InputClosed).unwrap();
        let out = Shared::default();
        Engine::new(out.clone(), tx, rx).run(None).unwrap();
        let text = String::from_utf8(out.0.lock().unwrap().clone()).unwrap();
        text.lines().map(str::to_string).collect()
    }

    #[test]
    fn handshake_lists_options() {
        let out = session(&["ugi"]);
        assert!(out[0].starts_with("id name ewn "));
        assert_eq!(
            out[2],
            "option name Hash type spin default 64 min 1 max 1024"
        );
        assert_eq!(out.last().unwrap(), "ugiok");
    }

    #[test]
    fn bad_move_keeps_position() {
        let out = session(&[
            "position startpos moves a3b2",
            "position startpos moves a3b2 a3b2",
            "query fen",
        ]);
        assert_eq!(out.len(), 2);
        assert!(out[0].starts_with("error illegal move a3b2"), "{out:?}");
        assert_eq!(out[1], "response R1R2R32/R4R53/4B6/1R61B5B4/2B3B2B1 b");
    }

    #[test]
    fn searching_twice_is_refused() {
        let (tx, rx) = mpsc::channel();
        for l in ["go die 1 infinite", "go die 2 depth 1", "stop"] {
            tx.send(Event::Line(l.into(), Instant::now())).unwrap();
        }
        tx.send(Event::InputClosed).unwrap();
        let out = Shared::default();
        Engine::new(out.clone(), tx, rx).run(None).unwrap();
        let text = String::from_utf8(out.0.lock().unwrap().clone()).unwrap();
        let lines: Vec<&str> = text.lines().filter(|l| !l.starts_with("info")).collect();
        assert_eq!(lines.len(), 2, "{lines:?}");
        assert!(lines[0].starts_with("error a search is running"));
        assert!(lines[1].starts_with("bestmove "));
    }
}
