//! The native line protocol (in the style of UCI/UGI): the engine's state and its event loop.
//!
//! Everything arrives on one channel as an [`Event`]: lines from the input reader, and reports and
//! outcomes from the worker thread. The loop is the only writer of output, so a worker's lines and
//! replies to commands can never interleave mid-line, and it never waits on work: a search
//! (`go`), an analysis (`analyse`) and a perft each run as a [`Job`] on a worker thread while
//! the loop goes on answering `isready`, `stop` and the commands that need neither the searcher nor
//! a fixed position. A search or an analysis owns the [`Searcher`] while it runs and hands it back
//! with its outcome; `stop` only raises the shared flag, which is why commands that need the
//! searcher are refused until the job is over.

use std::collections::VecDeque;
use std::io::Write;
use std::path::{Path, PathBuf};
use std::sync::Arc;
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::mpsc::{Receiver, Sender};
use std::thread;
use std::time::Instant;

use crate::brain::analysis::{FaceBest, PreRoll};
use crate::brain::level::Level;
use crate::brain::search::{Clock, Info, Limits, SearchResult, Searcher, WIN};
use crate::brain::setup::ENGINE_SETUP;
use crate::brain::solve::{self, Solved};
use crate::brain::tables::{self, Tables};
use crate::protocol::analysis;
use crate::protocol::command::{
    AnalyseParams, Command, GoParams, Handshake, MultiPv, Query, Setting,
};
use crate::protocol::error::{CommandError, JobPanicked, ServeError};
use crate::protocol::options::{
    DECISION_LOG, MOVE_OVERHEAD, MoveChoice, SPIN_OPTIONS, SpinOption, TABLE_PATH, THREADS,
    TableChoice, UCI_VARIANT, VARIANT_PATH,
};
use crate::protocol::reply::{self, InfoLine, Reply};
use crate::rules::board::{Board, Color, Move};
use crate::rules::notation;
use crate::rules::perft;
use crate::rules::variant::{PRESETS, Variant};
use crate::rules::variant_file;

/// The loop's steps fail only as the session does: a reply that cannot be written, a thread that
/// does not start.
type Result<T, E = ServeError> = std::result::Result<T, E>;

/// What reaches the event loop.
pub enum Event {
    /// One input line, without its line end, and when it was read.
    Line(String, Instant),
    /// The input has ended: treated as `quit`.
    InputClosed,
    /// A completed iteration of the running search.
    Info(Box<Info>),
    /// A face of the running analysis.
    Face(FaceBest),
    /// The running job is over: its outcome, or the reason its thread failed.
    Done(std::result::Result<Outcome, JobPanicked>),
}

/// What a finished job hands back.
pub enum Outcome {
    Search(Box<Searcher>, SearchResult),
    Analysis(Box<Searcher>, PreRoll),
    /// The count, and whether it is complete (not stopped).
    Perft {
        count: u64,
        complete: bool,
    },
}

/// The work on the worker thread, as the loop needs to know it.
enum Job {
    Search(Box<Running>),
    Analysis,
    Perft { depth: u32 },
}

impl Job {
    /// For the refusal of commands that must wait for it.
    fn name(&self) -> &'static str {
        match self {
            Job::Search(_) => "a search",
            Job::Analysis => "an analysis",
            Job::Perft { .. } => "a perft",
        }
    }
}

/// The running search.
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
    /// Events that arrived while `stop` waited for the job to end, handled afterwards in order.
    pending: VecDeque<Event>,
    board: Board,
    /// `None` while a job owns it.
    searcher: Option<Box<Searcher>>,
    /// The searcher's stop flag, which also stops a perft.
    stop: Arc<AtomicBool>,
    running: Option<Job>,
    hash_mb: u64,
    /// Level, its seed and the decision log.
    choice: MoveChoice,
    overhead_ms: u64,
    threads: usize,
    /// The number of threads the engine started with, announced as the option's default.
    start_threads: usize,
    /// Nothing has been stored in the table since it was made or emptied, so emptying it again
    /// (tens of milliseconds for the default size) can be skipped.
    table_empty: bool,
    /// The endgame tables (`TablePath`), and whether the built-in one is on, for a new searcher.
    tables: (Option<Arc<Tables>>, bool),
    /// The variants loaded from files (`VariantPath`, `--variants`), besides the presets.
    loaded: Vec<&'static Variant>,
    /// The table directory (`TablePath`, `--tables`), where a solved variant's table is looked
    /// for whenever the variant changes.
    table_dir: Option<PathBuf>,
    /// The solved table of the variant played, if the table directory has one.
    solved: Option<Arc<Solved>>,
    /// `go setup` answers so far: with the seed, they draw a solved variant's equilibrium setup.
    setups_drawn: u64,
}

#[derive(PartialEq, Eq)]
enum Flow {
    Continue,
    Quit,
}

impl<W: Write> Engine<W> {
    /// `tx` must feed `rx`: the engine hands clones of it to its worker threads. `searcher` has
    /// the table of the `Hash` option's default size, and its thread count is where the `Threads`
    /// option starts.
    pub fn new(
        out: W,
        tx: Sender<Event>,
        rx: Receiver<Event>,
        mut searcher: Searcher,
    ) -> Engine<W> {
        searcher.move_overhead_ms = MOVE_OVERHEAD.default;
        let threads = searcher.threads();
        let hash_mb = searcher.hash_mb() as u64;
        let tables = (searcher.tables().cloned(), searcher.builtin_tables());
        let solved = searcher.solved().cloned();
        Engine {
            out,
            tx,
            rx,
            pending: VecDeque::new(),
            board: Board::startpos(),
            stop: searcher.stop_flag(),
            searcher: Some(Box::new(searcher)),
            running: None,
            hash_mb,
            overhead_ms: MOVE_OVERHEAD.default,
            threads,
            start_threads: threads,
            table_empty: true,
            tables,
            choice: MoveChoice::default(),
            loaded: Vec::new(),
            table_dir: None,
            solved,
            setups_drawn: 0,
        }
    }

    /// The table directory given on the command line: a solved variant's table is loaded from it
    /// whenever the variant changes (as after `TablePath`).
    pub fn set_table_dir(&mut self, dir: Option<PathBuf>) {
        self.table_dir = dir;
    }

    /// Loads the solved table of the variant played from the table directory, if it has one
    /// (keeping one already loaded for this variant); otherwise the searches have none.
    fn refresh_solved(&mut self) -> std::result::Result<(), CommandError> {
        let v = self.board.variant();
        if self
            .solved
            .as_ref()
            .is_some_and(|s| std::ptr::eq(s.variant(), v))
        {
            return Ok(());
        }
        let found = self
            .table_dir
            .as_deref()
            .and_then(|d| solve::file::find(d, v));
        self.solved = match found {
            Some(p) => Some(Arc::new(solve::file::read(v, &p)?)),
            None => None,
        };
        if let Some(s) = self.searcher.as_mut() {
            s.set_solved(self.solved.clone());
        }
        Ok(())
    }

    /// Loads variant definitions (as `VariantPath` does) before the loop starts.
    pub fn load_variants(&mut self, path: &Path) -> std::result::Result<(), CommandError> {
        for v in variant_file::load_variants(path)? {
            self.loaded.retain(|l| l.name() != v.name());
            self.loaded.push(v);
        }
        Ok(())
    }

    /// Variants already loaded (by `--variants`) join the choices of `UCI_Variant`.
    pub fn add_loaded(&mut self, vs: Vec<&'static Variant>) {
        self.loaded.extend(vs);
    }

    /// Plays variant `name` from now on (as `UCI_Variant` does): its start position, a fresh table.
    pub fn set_variant(&mut self, name: &str) -> std::result::Result<(), CommandError> {
        let Some(v) = variant_file::find(name, &self.loaded) else {
            let mut known: Vec<&str> = PRESETS.to_vec();
            known.extend(self.loaded.iter().map(|v| v.name()));
            return Err(CommandError::UnknownVariant {
                name: name.to_string(),
                known: known.join(", "),
            });
        };
        self.board = Board::startpos_in(v);
        self.empty_table();
        self.refresh_solved()
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
        // A job still running is abandoned: its thread sees the flag and ends, and the process
        // may exit without waiting for it.
        self.stop.store(true, Ordering::Relaxed);
        Ok(())
    }

    fn handle(&mut self, ev: Event) -> Result<Flow> {
        match ev {
            Event::Line(line, read_at) => self.line(&line, read_at),
            Event::InputClosed => {
                log::debug!("end of input");
                // As `quit`: a search still running is stopped and its best move printed, so a
                // script that pipes `go` and closes its end still gets an answer.
                self.stop_job()?;
                Ok(Flow::Quit)
            }
            Event::Info(info) => {
                self.report(&info)?;
                Ok(Flow::Continue)
            }
            Event::Face(fb) => {
                self.send(Reply::Face(fb, self.board.variant()))?;
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
        writeln!(self.out, "{line}").map_err(ServeError::Write)?;
        self.out.flush().map_err(ServeError::Write)
    }

    fn error(&mut self, msg: impl std::fmt::Display) -> Result<()> {
        self.send(Reply::Error(msg.to_string()))
    }

    fn line(&mut self, line: &str, read_at: Instant) -> Result<Flow> {
        log::debug!("< {line}");
        if line.trim().is_empty() {
            return Ok(Flow::Continue);
        }
        let cmd = match Command::parse_in(line, self.board.variant()) {
            Ok(c) => c,
            Err(e) => {
                self.error(e.to_string())?;
                return Ok(Flow::Continue);
            }
        };
        // While a job runs only commands that neither need the searcher nor change what it was
        // asked are taken; anything else could not be answered consistently.
        let allowed_while_busy = matches!(
            cmd,
            Command::IsReady
                | Command::Stop
                | Command::Quit
                | Command::Query(_)
                | Command::Display
                | Command::Threats(_)
                | Command::Help
        );
        if let Some(job) = &self.running
            && !allowed_while_busy
        {
            let msg = format!("{} is running (send stop first)", job.name());
            self.error(msg)?;
            return Ok(Flow::Continue);
        }
        match cmd {
            Command::Hello(h) => self.hello(h)?,
            Command::IsReady => {
                self.warm();
                self.send(Reply::ReadyOk)?
            }
            Command::SetOption(setting) => self.set_option(setting)?,
            Command::NewGame => {
                self.board = Board::startpos_in(self.board.variant());
                self.empty_table();
            }
            Command::Position { board, moves } => self.position(board, &moves)?,
            Command::Go(p) => self.go(&p, read_at)?,
            Command::GoSetup => self.go_setup()?,
            Command::Stop => self.stop_job()?,
            Command::Quit => {
                self.stop_job()?;
                return Ok(Flow::Quit);
            }
            Command::Query(q) => self.query(q)?,
            Command::Display => self.send(Reply::Board(notation::pretty(&self.board)))?,
            Command::Perft(depth) => self.perft(depth)?,
            Command::Analyse(p) => self.analyse(&p)?,
            Command::Threats(m) => match analysis::threats(&self.board, m) {
                Ok(t) => self.send(Reply::Threats(t, self.board.variant()))?,
                Err(e) => self.error(e)?,
            },
            Command::Help => self.send(Reply::Help)?,
        }
        Ok(Flow::Continue)
    }

    /// `go setup`: the engine's arrangement for the side to move.
    fn go_setup(&mut self) -> Result<()> {
        let v = self.board.variant();
        // A solved variant: a draw from the equilibrium's mixed setups, by the level seed
        // and the number of setups drawn before (the same sequence for the same seed).
        let drawn = self
            .solved
            .as_ref()
            .filter(|s| std::ptr::eq(s.variant(), v))
            .and_then(|s| {
                let x = crate::rules::zobrist::splitmix64(
                    self.choice.seed ^ self.setups_drawn.wrapping_mul(0x9e37_79b9_7f4a_7c15),
                )
                .1;
                s.equilibrium_setup(
                    self.board.side_to_move(),
                    (x >> 11) as f64 / (1u64 << 53) as f64,
                )
            });
        self.setups_drawn += 1;
        let setup = if let Some(s) = drawn {
            s
        } else if v.standard {
            ENGINE_SETUP.to_vec()
        } else {
            crate::brain::setup::variant_setup(v)
        };
        self.send(Reply::BestSetup(setup))
    }

    /// Starts `job` on a worker thread: `work` runs there and its outcome comes back as
    /// [`Event::Done`], also when it panics (with the panic's message then).
    fn spawn(
        &mut self,
        job: Job,
        work: impl FnOnce(&Sender<Event>) -> Outcome + Send + 'static,
    ) -> Result<()> {
        // The job never clears the flag itself, so a `stop` that follows at once is never lost;
        // it is cleared here, before the job starts, instead.
        self.stop.store(false, Ordering::Relaxed);
        let tx = self.tx.clone();
        thread::Builder::new()
            .name("worker".into())
            .spawn(move || {
                let outcome = std::panic::catch_unwind(std::panic::AssertUnwindSafe(|| work(&tx)));
                let done = outcome.map_err(|e| {
                    JobPanicked(
                        e.downcast_ref::<&str>()
                            .map(|s| s.to_string())
                            .or_else(|| e.downcast_ref::<String>().cloned())
                            .unwrap_or_else(|| "unknown panic".into()),
                    )
                });
                // The loop may be gone already (quit during a job): nobody to tell then.
                let _ = tx.send(Event::Done(done));
            })
            .map_err(|error| ServeError::Thread {
                what: "a worker thread",
                error,
            })?;
        self.running = Some(job);
        Ok(())
    }

    /// The searcher, for a job that searches (and so fills the table).
    fn take_searcher(&mut self) -> Box<Searcher> {
        self.table_empty = false;
        self.searcher
            .take()
            .expect("the searcher is home when no job runs")
    }

    /// Empties the table, unless nothing was stored in it since it was last emptied.
    fn empty_table(&mut self) {
        if !self.table_empty {
            self.searcher
                .as_mut()
                .expect("the searcher is home when no job runs")
                .clear();
            self.table_empty = true;
        }
    }

    /// `analyse`: the faces are reported as they are found, then `analysisdone`. `stop` ends it
    /// early; the faces not yet searched are then valued one ply deep.
    fn analyse(&mut self, p: &AnalyseParams) -> Result<()> {
        let mut searcher = self.take_searcher();
        let board = self.board.clone();
        let p = p.clone();
        self.spawn(Job::Analysis, move |tx| {
            let pre = analysis::run_analyse(&mut searcher, &board, &p, &mut |fb| {
                let _ = tx.send(Event::Face(*fb));
            });
            Outcome::Analysis(searcher, pre)
        })
    }

    /// `perft`: counted on the worker, stopped by the searcher's flag.
    fn perft(&mut self, depth: u32) -> Result<()> {
        let mut board = self.board.clone();
        let stop = self.stop.clone();
        self.spawn(Job::Perft { depth }, move |_| {
            let (count, complete) = perft::perft_until(&mut board, depth, &stop);
            Outcome::Perft { count, complete }
        })
    }

    fn hello(&mut self, h: Handshake) -> Result<()> {
        self.send(Reply::IdName)?;
        self.send(Reply::IdAuthor)?;
        for o in SPIN_OPTIONS {
            let o = if o == THREADS {
                SpinOption {
                    default: self.start_threads as u64,
                    ..o
                }
            } else {
                o
            };
            self.send(Reply::Option(o))?;
        }
        self.send(Reply::StringOption(DECISION_LOG))?;
        self.send(Reply::StringOption(TABLE_PATH))?;
        let mut vars: Vec<String> = PRESETS.iter().map(|p| p.to_string()).collect();
        vars.extend(self.loaded.iter().map(|v| v.name().to_string()));
        self.send(Reply::ComboOption(UCI_VARIANT, "standard".into(), vars))?;
        self.send(Reply::StringOption(VARIANT_PATH))?;
        self.send(Reply::HelloOk(match h {
            Handshake::Ugi => "ugiok",
            Handshake::Uci => "uciok",
        }))
    }

    /// Finishes what start-up and `Hash` begin in the background before the engine says it is
    /// ready: the built-in table (which a timed search never waits for, going without it) and the
    /// mapping of the hash table's pages (which a search would otherwise pay for, page by page,
    /// on its clock). The handshake does not wait, so that a `go` right after it starts at once.
    fn warm(&mut self) {
        if self.tables.1 {
            crate::brain::tables::builtin();
        }
        if let Some(s) = self.searcher.as_mut() {
            s.wait_ready();
        }
    }

    fn set_option(&mut self, setting: Setting) -> Result<()> {
        let s = self
            .searcher
            .as_mut()
            .expect("the searcher is home when no job runs");
        match setting {
            // A table of the size it has is only emptied, not made anew: controllers send their
            // Hash at the start of every game, mostly unchanged.
            Setting::Hash(mb) if mb == self.hash_mb => self.empty_table(),
            Setting::Hash(mb) => {
                self.hash_mb = mb;
                s.set_hash(mb as usize);
                self.table_empty = true;
            }
            Setting::MoveOverhead(ms) => {
                self.overhead_ms = ms;
                s.move_overhead_ms = ms;
            }
            Setting::Threads(n) => {
                if n != self.threads {
                    self.threads = n;
                    s.set_threads(n);
                }
            }
            // In range: the parser checked it against the option's bounds.
            Setting::Level(l) => self.choice.level = Level::new(l).unwrap_or_default(),
            Setting::LevelSeed(seed) => self.choice.seed = seed,
            Setting::DecisionLog(path) => {
                if let Err(e) = self.choice.set_log(path.as_deref()) {
                    return self.error(e);
                }
            }
            Setting::Variant(name) => {
                if let Err(e) = self.set_variant(&name) {
                    return self.error(e);
                }
            }
            Setting::VariantPath(path) => {
                if path.is_empty() || path == "<empty>" {
                    return Ok(());
                }
                if let Err(e) = self.load_variants(Path::new(&path)) {
                    return self.error(format!("VariantPath: {e}"));
                }
            }
            Setting::TablePath(choice) => return self.set_table_path(choice),
        }
        Ok(())
    }

    /// `TablePath`: the standard tables of a directory (or the built-in ones, or none) and the
    /// solved table of the variant played, all or nothing.
    fn set_table_path(&mut self, choice: TableChoice) -> Result<()> {
        let (tables, dir) = match choice {
            TableChoice::Builtin => ((None, true), None),
            TableChoice::Off => ((None, false), None),
            // Loading takes a moment (a 4-cube table is 124 MB); a bad file is refused
            // and the tables before stay. A directory may hold only solved variants.
            TableChoice::Dir(dir) => {
                let path = PathBuf::from(&dir);
                // Its solved tables may be of variants chosen later.
                let solved = solve::file::any_in(&path);
                match tables::load_dir(&path) {
                    Ok(t) => ((Some(Arc::new(t)), false), Some(path)),
                    Err(_) if solved => ((None, false), Some(path)),
                    Err(e) => return self.error(format!("TablePath: {e:#}")),
                }
            }
        };
        let (old_dir, old_solved) = (self.table_dir.take(), self.solved.take());
        self.table_dir = dir;
        if let Err(e) = self.refresh_solved() {
            self.table_dir = old_dir;
            self.solved = old_solved.clone();
            if let Some(s) = self.searcher.as_mut() {
                s.set_solved(old_solved);
            }
            return self.error(format!("TablePath: {e}"));
        }
        let s = self
            .searcher
            .as_mut()
            .expect("the searcher is home when no job runs");
        s.set_tables(tables.0.clone());
        s.set_builtin_tables(tables.1);
        self.tables = tables;
        // Values stored with other tables (or none) would mix into the next search.
        self.empty_table();
        Ok(())
    }

    fn position(&mut self, mut b: Board, moves: &[Move]) -> Result<()> {
        for &m in moves {
            if let Some(w) = b.winner() {
                return self.error(format!(
                    "move {}: the game is already over ({} has won)",
                    m.display(b.variant()),
                    reply::side_word(w)
                ));
            }
            if !b.is_legal(m, None) {
                return self.error(format!(
                    "illegal move {} in position {}",
                    m.display(b.variant()),
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
    ) -> std::result::Result<Limits, CommandError> {
        let side = self.board.side_to_move();
        let clock = if p.has_clock() {
            let (time, inc) = p.clock_of(side);
            let Some(time_ms) = time else {
                let key = if side == Color::Red { "rtime" } else { "btime" };
                return Err(CommandError::NoClock {
                    side: reply::side_word(side),
                    key,
                });
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
        let searcher = self.take_searcher();
        let multipv = p.multipv.map(|_| limits.multipv.min(root_moves));
        let running = Running {
            die: p.die,
            board: self.board.clone(),
            multipv,
            infinite: p.infinite,
            held: None,
            exact_values: limits.multipv > 1,
        };
        let board = self.board.clone();
        let die = p.die;
        self.spawn(Job::Search(Box::new(running)), move |tx| {
            let mut searcher = searcher;
            let r = searcher.search(&board, die, &limits, &mut |i| {
                let _ = tx.send(Event::Info(Box::new(i.clone())));
            });
            Outcome::Search(searcher, r)
        })
    }

    fn report(&mut self, info: &Info) -> Result<()> {
        let Some(Job::Search(run)) = &self.running else {
            return Ok(());
        };
        let variant = run.board.variant();
        match run.multipv {
            None => self.send(Reply::Info(InfoLine {
                info,
                rank: None,
                value: info.value,
                proven: info.exact,
                pv: &info.pv,
                variant,
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
                        variant,
                    }))?;
                }
                Ok(())
            }
        }
    }

    /// A searcher like the one lost with a failed job's thread: same options, empty table.
    fn fresh_searcher(&mut self) -> Box<Searcher> {
        let mut s = Searcher::new(self.hash_mb as usize);
        s.move_overhead_ms = self.overhead_ms;
        s.set_threads(self.threads);
        s.set_tables(self.tables.0.clone());
        s.set_builtin_tables(self.tables.1);
        s.set_solved(self.solved.clone());
        self.table_empty = true;
        self.stop = s.stop_flag();
        Box::new(s)
    }

    fn done(&mut self, done: std::result::Result<Outcome, JobPanicked>) -> Result<()> {
        let Some(job) = &self.running else {
            return Ok(());
        };
        let outcome = match done {
            Ok(o) => o,
            Err(why) => {
                let name = job.name();
                log::error!("{name} failed: {why}");
                if self.searcher.is_none() {
                    // The table went down with the thread: start afresh with the same options.
                    self.searcher = Some(self.fresh_searcher());
                }
                let Some(Job::Search(run)) = &self.running else {
                    self.running = None;
                    return self.error(format!("{name} failed: {why}"));
                };
                // Still answer with a legal move, so the controller is not left waiting.
                let best = run.board.moves_for_die(run.die).as_slice()[0];
                return self.search_over(SearchResult::unsearched(best, vec![]));
            }
        };
        match outcome {
            Outcome::Search(searcher, result) => {
                self.searcher = Some(searcher);
                self.search_over(result)
            }
            Outcome::Analysis(searcher, pre) => {
                self.searcher = Some(searcher);
                self.running = None;
                self.send(Reply::AnalysisDone {
                    value: pre.value,
                    nodes: pre.nodes,
                    time_ms: pre.time_ms,
                })
            }
            Outcome::Perft { count, complete } => {
                let Some(Job::Perft { depth }) = self.running.take() else {
                    unreachable!("a perft's outcome comes from a perft");
                };
                self.send(if complete {
                    Reply::Perft { depth, count }
                } else {
                    Reply::PerftStopped { depth, count }
                })
            }
        }
    }

    /// The search has ended: its answer, unless it is infinite and not stopped yet.
    fn search_over(&mut self, result: SearchResult) -> Result<()> {
        if let Some(Job::Search(run)) = &mut self.running
            && run.infinite
            && !self.stop.load(Ordering::Relaxed)
        {
            run.held = Some(result);
            return Ok(());
        }
        self.finish(result)
    }

    fn finish(&mut self, result: SearchResult) -> Result<()> {
        let Some(Job::Search(run)) = self.running.take() else {
            unreachable!("finishing a running search");
        };
        let mut best = self
            .choice
            .choose(&run.board, run.die, &result, run.exact_values);
        if !run.board.is_legal(best, Some(run.die)) {
            log::error!(
                "search returned {}, not legal for die {}",
                best.display(run.board.variant()),
                run.die
            );
            best = run.board.moves_for_die(run.die).as_slice()[0];
        }
        self.send(Reply::BestMove(best, run.board.variant()))
    }

    /// Stops the running job and waits for its last line (`bestmove`, `analysisdone` or the perft
    /// count), so that it is out before the next command is read: a controller may send
    /// `position` and `go` right after `stop`.
    fn stop_job(&mut self) -> Result<()> {
        let Some(job) = self.running.as_mut() else {
            // Not an error: a `stop` crossing a `bestmove` on the wire is an ordinary race.
            return Ok(());
        };
        self.stop.store(true, Ordering::Relaxed);
        if let Job::Search(run) = job
            && let Some(r) = run.held.take()
        {
            return self.finish(r);
        }
        while self.running.is_some() {
            match self.rx.recv() {
                Ok(ev @ (Event::Line(..) | Event::InputClosed)) => self.pending.push_back(ev),
                Ok(Event::Info(i)) => self.report(&i)?,
                Ok(Event::Face(fb)) => self.send(Reply::Face(fb, self.board.variant()))?,
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
                .map(|m| m.display(b.variant()).to_string())
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

    /// Runs a session of complete input with `threads` search threads to start with and returns
    /// the output lines.
    fn session_with(threads: usize, input: &[&str]) -> Vec<String> {
        let (tx, rx) = channel();
        for l in input {
            tx.send(Event::Line(l.to_string(), Instant::now())).unwrap();
        }
        tx.send(Event::InputClosed).unwrap();
        let out = Shared::default();
        // A small table: these sessions search little.
        let mut searcher = Searcher::new(16);
        searcher.set_threads(threads);
        Engine::new(out.clone(), tx, rx, searcher)
            .run(None)
            .unwrap();
        let text = String::from_utf8(out.0.lock().unwrap().clone()).unwrap();
        text.lines().map(str::to_string).collect()
    }

    fn session(input: &[&str]) -> Vec<String> {
        session_with(1, input)
    }

    #[test]
    fn threads_start_where_the_engine_was_told() {
        let threads = |out: &[String]| {
            out.iter()
                .find(|l| l.starts_with("option name Threads "))
                .cloned()
                .unwrap()
        };
        assert_eq!(
            threads(&session(&["ugi"])),
            "option name Threads type spin default 1 min 1 max 256"
        );
        assert_eq!(
            threads(&session_with(3, &["uci"])),
            "option name Threads type spin default 3 min 1 max 256"
        );
    }

    #[test]
    fn handshake_lists_options() {
        let out = session(&["ugi"]);
        assert!(out[0].starts_with("id name ewn "));
        assert_eq!(
            out[2],
            "option name Hash type spin default 256 min 1 max 1024"
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
        Engine::new(out.clone(), tx, rx, Searcher::new(16))
            .run(None)
            .unwrap();
        let text = String::from_utf8(out.0.lock().unwrap().clone()).unwrap();
        let lines: Vec<&str> = text.lines().filter(|l| !l.starts_with("info")).collect();
        assert_eq!(lines.len(), 2, "{lines:?}");
        assert!(lines[0].starts_with("error a search is running"));
        assert!(lines[1].starts_with("bestmove "));
    }
}
