//! `ewn serve --battle`: an event on the battle servers' protocol (`protocol/battle.md`). It
//! accepts a fixed number of clients, then plays a round robin, a knockout or each client against
//! an engine of ours (the judge), with the referee's one game loop ([`play_game`]): setups and
//! dice from the seed, games in pairs on the same dice with the colours swapped, the per-move
//! limit, standard records and the report `ewn stats` prints.
//!
//! Clients are untrusted: whatever one sends, and however it stalls or leaves, costs it the game
//! it is playing (and a closed connection every later game, at once), never the event.

use std::collections::VecDeque;
use std::io::Write;
use std::net::{SocketAddr, TcpListener, TcpStream};
use std::sync::atomic::{AtomicBool, AtomicUsize, Ordering};
use std::sync::{Arc, Mutex, MutexGuard, mpsc};
use std::time::{Duration, Instant};

use super::error::{RunError, SettingsError};
use super::game::{GameSpec, pairing, play_game};
use super::report::Report;
use crate::players::battle::Remote;
use crate::players::error::BattleError;
use crate::players::{Fault, Player, PlayerSpec, TimeControl, Turn};
use crate::record::{self, GameRecord};
use crate::rules::board::{Color, Move};
use crate::rules::rng::pair_seed;
use crate::rules::zobrist::splitmix64;

/// The most clients of one event.
pub const MAX_CLIENTS: usize = 256;
/// Extra pairs a knockout tie plays after its games when the score is level.
pub const MAX_TIEBREAK_PAIRS: u64 = 10;
/// How much longer than its move time the judge's engine may take (its pipe, a busy machine).
const JUDGE_SLACK_MS: u64 = 1000;

/// What the clients play.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Format {
    /// Every client against every other.
    RoundRobin,
    /// Ties of `games` games; the winner goes on, until one client is left.
    Knockout,
    /// Every client against this player, named `name` (the teaching assistants' judge mode).
    Judge {
        engine: PlayerSpec,
        movetime_ms: u64,
        name: String,
    },
}

#[derive(Clone, Debug)]
pub struct Event {
    pub clients: usize,
    /// Games per encounter (per client in judge mode), even.
    pub games: u64,
    pub format: Format,
    /// The clients' time per move.
    pub movetime_ms: u64,
    pub seed: u64,
    /// How long a client has to send its name.
    pub name_wait: Duration,
}

impl Event {
    pub fn validate(&self) -> Result<(), SettingsError> {
        if !(1..=MAX_CLIENTS).contains(&self.clients) {
            return Err(SettingsError::Clients { max: MAX_CLIENTS });
        }
        if self.clients < 2 && !matches!(self.format, Format::Judge { .. }) {
            return Err(SettingsError::TooFewClients);
        }
        if self.games < 2 || !self.games.is_multiple_of(2) {
            return Err(SettingsError::OddGames);
        }
        Ok(())
    }

    fn match_id(&self, names: &[String]) -> String {
        let text = format!(
            "battle|{}|{:?}|{}|{}|{}",
            self.seed,
            self.format,
            self.games,
            self.movetime_ms,
            names.join("|")
        );
        let h = text
            .bytes()
            .fold(0u64, |h, b| splitmix64(h ^ u64::from(b)).1);
        format!("{h:016x}")
    }
}

/// Handshakes in progress at most, each on a thread of its own: a connection that has sent
/// bytes waits among the held ones until one ends.
const MAX_PENDING_NAMES: usize = 64;

/// Connections held at most while they have sent nothing: one more evicts the one held longest,
/// so that silent connections can neither take every file descriptor nor keep out a client that
/// connects after them.
const MAX_HELD: usize = 512;

/// Accepts connections until `n` clients have sent their names, each within `wait` of
/// connecting; one that sends none, or leaves, is dropped. A connection is accepted at once and
/// held, costing no thread, until its first bytes arrive; only then is its name read, on a thread
/// of its own. So silent connections, however many, keep no client waiting: they wait apart, and
/// clients are admitted in the order their names arrive. Names are made distinct from each other
/// and from `reserved`.
pub fn accept(
    listener: &TcpListener,
    n: usize,
    wait: Duration,
    reserved: &[&str],
    out: &mut dyn Write,
) -> Result<Vec<Remote>, RunError> {
    let listening = |error| RunError::Listener {
        what: "preparing the listener",
        error,
    };
    let acceptor = listener.try_clone().map_err(listening)?;
    acceptor.set_nonblocking(true).map_err(listening)?;
    let done = Arc::new(AtomicBool::new(false));
    let (tx, rx) = mpsc::channel();
    let accepting = {
        let done = Arc::clone(&done);
        std::thread::spawn(move || {
            let mut door = Door::new(acceptor, wait, tx);
            while !done.load(Ordering::SeqCst) && door.step() {}
        })
    };
    let admitted = admit(&rx, n, reserved, out);
    done.store(true, Ordering::SeqCst);
    let _ = accepting.join();
    admitted
}

/// A connection that has sent nothing yet.
struct Held {
    stream: TcpStream,
    addr: SocketAddr,
    since: Instant,
}

/// The acceptor's state: the listener, the connections held apart, and the handshakes running.
struct Door {
    listener: TcpListener,
    wait: Duration,
    tx: mpsc::Sender<Handshake>,
    held: VecDeque<Held>,
    pending: Arc<AtomicUsize>,
}

impl Door {
    fn new(listener: TcpListener, wait: Duration, tx: mpsc::Sender<Handshake>) -> Door {
        Door {
            listener,
            wait,
            tx,
            held: VecDeque::new(),
            pending: Arc::new(AtomicUsize::new(0)),
        }
    }

    /// One look at the door: takes the new connections, starts the handshakes of those that
    /// have sent bytes, drops those that waited too long. False when the listener failed.
    fn step(&mut self) -> bool {
        let accepted = match self.take_new() {
            Ok(k) => k,
            Err(e) => {
                let _ = self.tx.send(Err(RunError::Listener {
                    what: "accepting a connection",
                    error: e,
                }));
                return false;
            }
        };
        let started = self.start_speakers();
        self.drop_expired();
        if accepted == 0 && started == 0 {
            std::thread::sleep(ACCEPT_POLL);
        }
        true
    }

    /// Accepts every connection waiting in the listener's backlog and holds it; past
    /// [`MAX_HELD`], the one held longest is closed. How many were accepted.
    fn take_new(&mut self) -> std::io::Result<usize> {
        let mut accepted = 0;
        loop {
            let (stream, addr) = match self.listener.accept() {
                Ok(c) => c,
                Err(e) if e.kind() == std::io::ErrorKind::WouldBlock => return Ok(accepted),
                // A connection reset before it was taken: the door stays open.
                Err(e)
                    if matches!(
                        e.kind(),
                        std::io::ErrorKind::Interrupted | std::io::ErrorKind::ConnectionAborted
                    ) =>
                {
                    continue;
                }
                Err(e) => return Err(e),
            };
            accepted += 1;
            if let Err(e) = stream.set_nonblocking(true) {
                log::warn!("{addr}: {e}; dropped");
                continue;
            }
            if self.held.len() >= MAX_HELD
                && let Some(old) = self.held.pop_front()
            {
                log::warn!(
                    "{}: silent for {} ms while {MAX_HELD} connections waited; closed",
                    old.addr,
                    old.since.elapsed().as_millis()
                );
            }
            self.held.push_back(Held {
                stream,
                addr,
                since: Instant::now(),
            });
        }
    }

    /// Starts a handshake for each held connection that has sent bytes (or closed), as many as
    /// [`MAX_PENDING_NAMES`] allows; the others stay held. How many were started.
    fn start_speakers(&mut self) -> usize {
        let mut started = 0;
        let mut i = 0;
        while i < self.held.len() {
            if self.pending.load(Ordering::SeqCst) >= MAX_PENDING_NAMES {
                break;
            }
            let mut byte = [0u8; 1];
            match self.held[i].stream.peek(&mut byte) {
                Err(e) if e.kind() == std::io::ErrorKind::WouldBlock => i += 1,
                _ => {
                    let h = self.held.remove(i).expect("in range");
                    self.shake(h);
                    started += 1;
                }
            }
        }
        started
    }

    /// Reads the name of a connection that has spoken, on a thread of its own, within what is
    /// left of its wait.
    fn shake(&self, h: Held) {
        let left = self.wait.saturating_sub(h.since.elapsed()).max(ACCEPT_POLL);
        self.pending.fetch_add(1, Ordering::SeqCst);
        let (tx, pending) = (self.tx.clone(), Arc::clone(&self.pending));
        std::thread::spawn(move || {
            let r = h
                .stream
                .set_nonblocking(false)
                .map_err(Refused::Io)
                .and_then(|_| Remote::handshake(h.stream, left).map_err(Refused::Battle));
            pending.fetch_sub(1, Ordering::SeqCst);
            // The receiver is gone once every client is in: this one is dropped.
            let _ = tx.send(Ok((r, h.addr)));
        });
    }

    /// Closes the held connections that have sent nothing within the wait.
    fn drop_expired(&mut self) {
        let wait = self.wait;
        self.held.retain(|h| {
            let expired = h.since.elapsed() >= wait;
            if expired {
                log::warn!(
                    "{}: sent no name in {} ms; dropped",
                    h.addr,
                    wait.as_millis()
                );
            }
            !expired
        });
    }
}

/// How often the acceptor looks for a connection and for bytes from those it holds (and
/// whether it is still wanted).
const ACCEPT_POLL: Duration = Duration::from_millis(20);

/// A finished handshake: the client or why it failed, and where it came from; or the listener's
/// failure.
type Handshake = Result<(Result<Remote, Refused>, SocketAddr), RunError>;

/// Why a connection was dropped before it became a client (logged, never an error of the run).
#[derive(Debug, thiserror::Error)]
enum Refused {
    #[error("{0}")]
    Io(std::io::Error),
    #[error("{0}")]
    Battle(BattleError),
}

/// Takes finished handshakes until `n` clients are in.
fn admit(
    rx: &mpsc::Receiver<Handshake>,
    n: usize,
    reserved: &[&str],
    out: &mut dyn Write,
) -> Result<Vec<Remote>, RunError> {
    let mut clients: Vec<Remote> = Vec::new();
    let mut names: Vec<String> = Vec::new();
    while clients.len() < n {
        let (shake, addr) = rx.recv().map_err(|_| RunError::ListenerStopped)??;
        match shake {
            Ok(mut r) => {
                let sent = record::record_name(r.sent_name());
                let base = if sent.is_empty() {
                    format!("client{}", clients.len() + 1)
                } else {
                    sent
                };
                let mut name = base.clone();
                let mut k = 2;
                while names.contains(&name) || reserved.contains(&name.as_str()) {
                    name = format!("{base} ({k})");
                    k += 1;
                }
                r.rename(&name);
                writeln!(out, "client {}/{n}: {name} from {addr}", clients.len() + 1)
                    .and_then(|_| out.flush())
                    .map_err(|error| RunError::Write {
                        what: "the clients' names",
                        error,
                    })?;
                names.push(name);
                clients.push(r);
            }
            Err(e) => log::warn!("{addr}: {e}; dropped"),
        }
    }
    Ok(clients)
}

/// What an event produced.
pub struct Outcome {
    pub names: Vec<String>,
    pub records: Vec<GameRecord>,
    pub report: Report,
    /// The standings table.
    pub standings: String,
    /// The knockout's winner.
    pub champion: Option<String>,
}

/// The judge's engine: told its own move time, waited for a little longer, and named as the
/// event names it (a baseline knows no name of its own).
struct Judge {
    inner: Box<dyn Player>,
    ms: u64,
    name: String,
}

impl Player for Judge {
    fn name(&self) -> String {
        self.name.clone()
    }
    fn time_control(&self, _: TimeControl) -> TimeControl {
        TimeControl::MoveTime {
            ms: self.ms + JUDGE_SLACK_MS,
        }
    }
    fn new_game(&mut self, _: TimeControl, side: Color, seed: u64) -> Result<(), Fault> {
        let tc = TimeControl::MoveTime { ms: self.ms };
        self.inner.new_game(tc, side, seed)
    }
    fn setup(&mut self, side: Color, wait: Duration) -> Result<[u8; 6], Fault> {
        self.inner.setup(side, wait)
    }
    fn choose(&mut self, turn: &Turn) -> Result<Move, Fault> {
        let own = Turn {
            tc: TimeControl::MoveTime { ms: self.ms },
            clock_ms: [self.ms; 2],
            ..*turn
        };
        self.inner.choose(&own)
    }
}

/// Where finished games go: the progress lines, the record file and the list.
struct Sink<'a> {
    out: &'a mut (dyn Write + Send),
    record: Option<&'a mut (dyn Write + Send)>,
    records: Vec<GameRecord>,
    failure: Option<std::io::Error>,
}

struct Run<'a> {
    ev: &'a Event,
    match_id: String,
    date: String,
    sink: Mutex<Sink<'a>>,
}

impl Run<'_> {
    /// Plays pair `k` of an encounter (its dice `pair_seed(seed, k)`) as games `2p + 1` (`a`
    /// Red) and `2p + 2` (colours swapped); returns a's wins.
    fn pair(&self, p: u64, k: u64, a: &mut dyn Player, b: &mut dyn Player) -> u64 {
        let mut a_wins = 0;
        for j in 0..2 {
            let (a_color, first) = pairing(2 * k + j);
            let tc = TimeControl::MoveTime {
                ms: self.ev.movetime_ms,
            };
            let spec = GameSpec {
                number: 2 * p + j + 1,
                seed: pair_seed(self.ev.seed, k),
                first,
                tc: [tc; 2],
                grace_ms: 0,
                engine_setups: false,
                date: self.date.clone(),
                start: None,
                match_id: Some(self.match_id.clone()),
                // The battle protocol's boards are the standard game's.
                variant: crate::rules::variant::Variant::standard(),
                engine_log: None,
                hall: None,
                names: None,
            };
            let rec = if a_color == Color::Red {
                play_game(a, b, &spec)
            } else {
                play_game(b, a, &spec)
            };
            a_wins += u64::from(rec.winner == Some(a_color));
            self.finished(rec);
        }
        a_wins
    }

    fn finished(&self, rec: GameRecord) {
        let mut s = self.sink.lock().unwrap_or_else(|e| e.into_inner());
        let (w, l) = match rec.winner {
            Some(Color::Red) => (&rec.red, &rec.blue),
            _ => (&rec.blue, &rec.red),
        };
        let detail = if rec.detail.is_empty() {
            String::new()
        } else {
            format!(" ({})", rec.detail)
        };
        let line = format!(
            "game {}: {w} ({}) beat {l} by {}{detail} in {}\n",
            rec.number,
            rec.winner.map_or("nobody", Color::name),
            rec.reason,
            super::pool::plies(rec.plies.len())
        );
        let text = rec.to_text();
        s.records.push(rec);
        let s = &mut *s;
        let mut io = || -> std::io::Result<()> {
            s.out.write_all(line.as_bytes())?;
            s.out.flush()?;
            if let Some(r) = s.record.as_mut() {
                r.write_all(text.as_bytes())?;
                r.flush()?;
            }
            Ok(())
        };
        if let Err(e) = io()
            && s.failure.is_none()
        {
            s.failure = Some(e);
        }
    }

    /// Judge mode: every client plays its pairs against its own copy of the judge's engine,
    /// all clients at once.
    fn judge(&self, seats: &[Mutex<&mut Remote>], engine: &PlayerSpec, name: &str, ms: u64) {
        let pairs = self.ev.games / 2;
        std::thread::scope(|s| {
            for i in 0..seats.len() {
                s.spawn(move || {
                    let mut j = Judge {
                        inner: engine.make(name),
                        ms,
                        name: name.to_string(),
                    };
                    let mut c = seat(seats, i);
                    for k in 0..pairs {
                        self.pair(i as u64 * pairs + k, k, &mut **c, &mut j);
                    }
                });
            }
        });
    }

    /// A round robin in rounds by the circle method, a round's encounters at once.
    fn round_robin(&self, seats: &[Mutex<&mut Remote>]) {
        let pairs = self.ev.games / 2;
        let mut base = 0;
        for (r, round) in round_robin_rounds(seats.len()).iter().enumerate() {
            self.say(&format!("round {}", r + 1));
            std::thread::scope(|s| {
                for (e, &(a, b)) in round.iter().enumerate() {
                    let first = base + e as u64 * pairs;
                    s.spawn(move || {
                        let (mut x, mut y) = (seat(seats, a), seat(seats, b));
                        for k in 0..pairs {
                            self.pair(first + k, k, &mut **x, &mut **y);
                        }
                    });
                }
            });
            base += round.len() as u64 * pairs;
        }
    }

    /// A knockout: ties in order of arrival, a round's ties at once, an odd client out with a
    /// bye, until one is left; its name.
    fn knockout(&self, seats: &[Mutex<&mut Remote>], names: &[String]) -> Option<String> {
        let next_pair = Mutex::new(0u64);
        let take = || {
            let mut p = next_pair.lock().unwrap_or_else(|e| e.into_inner());
            *p += 1;
            *p - 1
        };
        let mut alive: Vec<usize> = (0..seats.len()).collect();
        let mut round = 1;
        while alive.len() > 1 {
            self.say(&format!("knockout round {round}"));
            let ties: Vec<(usize, usize)> = alive
                .chunks(2)
                .filter(|c| c.len() == 2)
                .map(|c| (c[0], c[1]))
                .collect();
            let bye = (alive.len() % 2 == 1).then(|| alive[alive.len() - 1]);
            let winners: Vec<usize> = std::thread::scope(|s| {
                let handles: Vec<_> = ties
                    .iter()
                    .map(|&(a, b)| {
                        let take = &take;
                        s.spawn(move || self.knockout_tie(seats, names, (a, b), take))
                    })
                    .collect();
                handles
                    .into_iter()
                    .map(|h| h.join().expect("a tie's thread does not panic"))
                    .collect()
            });
            if let Some(b) = bye {
                self.say(&format!("{} has a bye", names[b]));
            }
            alive = winners.into_iter().chain(bye).collect();
            round += 1;
        }
        alive.first().map(|&w| names[w].clone())
    }

    /// One knockout tie: its pairs, then tie-break pairs while level (at most
    /// [`MAX_TIEBREAK_PAIRS`]; still level, the earlier client goes on). The winner.
    fn knockout_tie(
        &self,
        seats: &[Mutex<&mut Remote>],
        names: &[String],
        (a, b): (usize, usize),
        take: &dyn Fn() -> u64,
    ) -> usize {
        let pairs = self.ev.games / 2;
        let (mut x, mut y) = (seat(seats, a), seat(seats, b));
        let (mut wa, mut wb) = (0, 0);
        for k in 0..pairs + MAX_TIEBREAK_PAIRS {
            if k >= pairs && wa != wb {
                break;
            }
            let w = self.pair(take(), k, &mut **x, &mut **y);
            wa += w;
            wb += 2 - w;
        }
        let winner = if wb > wa { b } else { a };
        let level = if wa == wb {
            " (level after the tie-break: the earlier client goes on)"
        } else {
            ""
        };
        self.say(&format!(
            "{} beat {} {}-{}{level}",
            names[winner],
            names[a + b - winner],
            wa.max(wb),
            wa.min(wb)
        ));
        winner
    }

    fn say(&self, line: &str) {
        let mut s = self.sink.lock().unwrap_or_else(|e| e.into_inner());
        let _ = writeln!(s.out, "{line}");
        let _ = s.out.flush();
    }
}

/// The client in seat `i`, taken for one encounter.
fn seat<'s, 'r>(seats: &'s [Mutex<&'r mut Remote>], i: usize) -> MutexGuard<'s, &'r mut Remote> {
    seats[i].lock().unwrap_or_else(|e| e.into_inner())
}

/// The rounds of a round robin by the circle method: every player meets every other once, and
/// nobody plays twice in a round, so a round's encounters run at once.
pub fn round_robin_rounds(n: usize) -> Vec<Vec<(usize, usize)>> {
    let m = n + n % 2;
    let mut ring: Vec<usize> = (0..m).collect();
    let mut rounds = Vec::new();
    for _ in 0..m.saturating_sub(1) {
        let round: Vec<(usize, usize)> = (0..m / 2)
            .map(|i| (ring[i], ring[m - 1 - i]))
            .filter(|&(a, b)| a < n && b < n)
            .map(|(a, b)| (a.min(b), a.max(b)))
            .collect();
        rounds.push(round);
        ring[1..].rotate_right(1);
    }
    rounds
}

/// Plays the event between the connected `clients`, then sends each `close`.
pub fn run<'a>(
    ev: &'a Event,
    mut clients: Vec<Remote>,
    out: &'a mut (dyn Write + Send),
    record: Option<&'a mut (dyn Write + Send)>,
) -> Result<Outcome, RunError> {
    ev.validate()?;
    if clients.len() != ev.clients {
        return Err(RunError::Clients);
    }
    let mut names: Vec<String> = clients.iter().map(|c| c.name()).collect();
    let judged = matches!(ev.format, Format::Judge { .. });
    if let Format::Judge { name, .. } = &ev.format {
        names.push(name.clone());
    }
    let run = Run {
        ev,
        match_id: ev.match_id(&names),
        date: record::today(),
        sink: Mutex::new(Sink {
            out,
            record,
            records: Vec::new(),
            failure: None,
        }),
    };
    let mut champion = None;
    {
        let seats: Vec<Mutex<&mut Remote>> = clients.iter_mut().map(Mutex::new).collect();
        match &ev.format {
            Format::Judge {
                engine,
                movetime_ms,
                name,
            } => run.judge(&seats, engine, name, *movetime_ms),
            Format::RoundRobin => run.round_robin(&seats),
            Format::Knockout => champion = run.knockout(&seats, &names),
        }
    }
    for c in &mut clients {
        c.close();
    }
    let sink = run.sink.into_inner().unwrap_or_else(|e| e.into_inner());
    if let Some(error) = sink.failure {
        return Err(RunError::Write {
            what: "the event's output",
            error,
        });
    }
    let mut records = sink.records;
    records.sort_by_key(|g| g.number);
    let anchor = if judged { names.len() - 1 } else { 0 };
    let report = Report::build(names.clone(), &records, anchor, None)?;
    let standings = standings(&names, &records);
    Ok(Outcome {
        names,
        records,
        report,
        standings,
        champion,
    })
}

/// Games, wins, losses and faults per player, most wins first.
pub fn standings(names: &[String], records: &[GameRecord]) -> String {
    let mut rows: Vec<(String, u64, u64, u64)> = names
        .iter()
        .map(|n| {
            let mine = records.iter().filter(|g| &g.red == n || &g.blue == n);
            let (mut w, mut l, mut f) = (0, 0, 0);
            for g in mine {
                let won = match g.winner {
                    Some(Color::Red) => &g.red == n,
                    Some(Color::Blue) => &g.blue == n,
                    None => false,
                };
                if won {
                    w += 1;
                } else {
                    l += 1;
                    f += u64::from(g.reason.is_fault());
                }
            }
            (n.clone(), w, l, f)
        })
        .collect();
    rows.sort_by(|x, y| y.1.cmp(&x.1).then(x.2.cmp(&y.2)));
    let width = names
        .iter()
        .map(|n| n.chars().count())
        .max()
        .unwrap_or(4)
        .max(6);
    let mut s = format!("{:<width$}  games  wins  losses  faults\n", "player");
    for (n, w, l, f) in rows {
        s.push_str(&format!(
            "{n:<width$}  {:>5}  {w:>4}  {l:>6}  {f:>6}\n",
            w + l
        ));
    }
    s
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn round_robin_rounds_meet_everyone_once() {
        for n in 2..9 {
            let rounds = round_robin_rounds(n);
            let mut all: Vec<(usize, usize)> = rounds.iter().flatten().copied().collect();
            for r in &rounds {
                let mut seen: Vec<usize> = r.iter().flat_map(|&(a, b)| [a, b]).collect();
                let len = seen.len();
                seen.sort_unstable();
                seen.dedup();
                assert_eq!(seen.len(), len, "n {n}: someone plays twice in a round");
            }
            all.sort_unstable();
            let want: Vec<(usize, usize)> = (0..n)
                .flat_map(|a| (a + 1..n).map(move |b| (a, b)))
                .collect();
            assert_eq!(all, want, "n {n}");
        }
    }
}
