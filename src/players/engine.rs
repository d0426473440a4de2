//! Engines as child processes: the native protocol and the TCG protocol, client side.
//!
//! A reader thread turns the engine's standard output into a channel of lines, so the referee can
//! wait for an answer with a deadline. An engine that does not answer in time is killed; one whose
//! output closes has crashed. Either way the process is dropped and a fresh one is started when
//! the next game begins, so one stuck engine costs one game, not the match.

use std::io::{BufRead, BufReader, Write};
use std::path::{Path, PathBuf};
use std::process::{Child, ChildStdin, Command, Stdio};
use std::sync::mpsc::{Receiver, RecvTimeoutError, channel};
use std::time::{Duration, Instant};

use crate::rules::board::{Color, Move};
use crate::rules::notation::{parse_move, parse_setup, to_fen};
use crate::rules::tcg_notation as tcg;

use crate::players::{Fault, Player, TimeControl, Turn};

/// How long an engine may take to start, to answer a handshake or to set up its cubes.
pub const HANDSHAKE: Duration = Duration::from_secs(10);

enum Wait {
    Timeout,
    Closed,
}

pub struct Proc {
    child: Child,
    stdin: ChildStdin,
    rx: Receiver<String>,
}

impl Proc {
    /// Starts the program `argv[0]` with the arguments `argv[1..]`, in `dir` when given.
    pub fn spawn(argv: &[String], dir: Option<&Path>) -> Result<Proc, String> {
        let (prog, args) = argv.split_first().ok_or("empty engine command")?;
        let cmd = argv.join(" ");
        let mut command = Command::new(prog);
        if let Some(d) = dir {
            command.current_dir(d);
        }
        let mut child = command
            .args(args)
            .stdin(Stdio::piped())
            .stdout(Stdio::piped())
            .stderr(Stdio::inherit())
            .spawn()
            .map_err(|e| format!("cannot start '{cmd}': {e}"))?;
        let stdin = child.stdin.take().ok_or("no stdin")?;
        let stdout = child.stdout.take().ok_or("no stdout")?;
        let (tx, rx) = channel();
        std::thread::spawn(move || {
            for line in BufReader::new(stdout).lines() {
                let Ok(line) = line else { break };
                if tx.send(line).is_err() {
                    break;
                }
            }
        });
        Ok(Proc { child, stdin, rx })
    }

    fn send(&mut self, line: &str) -> Result<(), Wait> {
        log::debug!("> {line}");
        writeln!(self.stdin, "{line}").map_err(|_| Wait::Closed)?;
        self.stdin.flush().map_err(|_| Wait::Closed)
    }

    /// The next line that `accept` takes (others are skipped), before `deadline`.
    fn wait_for(
        &mut self,
        deadline: Instant,
        accept: &dyn Fn(&str) -> bool,
    ) -> Result<String, Wait> {
        loop {
            let left = deadline.saturating_duration_since(Instant::now());
            match self.rx.recv_timeout(left) {
                Ok(line) => {
                    log::debug!("< {line}");
                    if accept(line.trim()) {
                        return Ok(line.trim().to_string());
                    }
                }
                Err(RecvTimeoutError::Timeout) => return Err(Wait::Timeout),
                Err(RecvTimeoutError::Disconnected) => return Err(Wait::Closed),
            }
        }
    }

    /// Discards lines left over from an earlier request.
    fn drain(&mut self) {
        while self.rx.try_recv().is_ok() {}
    }
}

impl Drop for Proc {
    fn drop(&mut self) {
        let _ = self.child.kill();
        let _ = self.child.wait();
    }
}

fn fault(w: Wait, what: &str, wait: Duration) -> Fault {
    match w {
        Wait::Timeout => Fault::Time(format!(
            "no {what} within {} ms; engine killed",
            wait.as_millis()
        )),
        Wait::Closed => Fault::Crash(format!("engine exited while asked for {what}")),
    }
}

/// An engine speaking the native protocol.
pub struct Native {
    argv: Vec<String>,
    label: String,
    /// Sent as `setoption name <name> value <value>` after each start.
    options: Vec<(String, String)>,
    dir: Option<PathBuf>,
    proc: Option<Proc>,
}

impl Native {
    pub fn new(argv: Vec<String>, label: &str) -> Native {
        Native::with_settings(argv, label, Vec::new(), None)
    }

    /// An engine that gets `options` after its handshake and runs in `dir`.
    pub fn with_settings(
        argv: Vec<String>,
        label: &str,
        options: Vec<(String, String)>,
        dir: Option<PathBuf>,
    ) -> Native {
        Native {
            argv,
            label: label.to_string(),
            options,
            dir,
            proc: None,
        }
    }

    /// The running process, started, greeted and given its options if needed. An option the
    /// engine refuses (an `error` line before `readyok`) is logged, not held against it: engines
    /// differ in the options they know, as under cutechess-cli.
    fn proc(&mut self) -> Result<&mut Proc, Fault> {
        if self.proc.is_none() {
            let mut p = Proc::spawn(&self.argv, self.dir.as_deref()).map_err(Fault::Crash)?;
            let deadline = Instant::now() + HANDSHAKE;
            p.send("ugi")
                .and_then(|_| p.wait_for(deadline, &|l| l == "ugiok"))
                .map_err(|w| fault(w, "ugiok", HANDSHAKE))?;
            if !self.options.is_empty() {
                for (name, value) in &self.options {
                    p.send(&format!("setoption name {name} value {value}"))
                        .map_err(|w| fault(w, "setoption", HANDSHAKE))?;
                }
                let deadline = Instant::now() + HANDSHAKE;
                let label = &self.label;
                p.send("isready")
                    .and_then(|_| {
                        p.wait_for(deadline, &|l| {
                            if l.starts_with("error") {
                                log::warn!("{label}: {l}");
                            }
                            l == "readyok"
                        })
                    })
                    .map_err(|w| fault(w, "readyok", HANDSHAKE))?;
            }
            self.proc = Some(p);
        }
        Ok(self.proc.as_mut().expect("just started"))
    }

    fn ready(&mut self) -> Result<(), Fault> {
        let p = self.proc()?;
        let deadline = Instant::now() + HANDSHAKE;
        let r = p
            .send("isready")
            .and_then(|_| p.wait_for(deadline, &|l| l == "readyok"));
        self.check(r.map(|_| ()), "readyok", HANDSHAKE)
    }

    /// Drops the process after a failure so that the next game starts a fresh one.
    fn check<T>(&mut self, r: Result<T, Wait>, what: &str, wait: Duration) -> Result<T, Fault> {
        r.map_err(|w| {
            self.proc = None;
            fault(w, what, wait)
        })
    }

    fn position_line(turn: &Turn) -> String {
        let mut s = format!("position fen {}", to_fen(turn.start));
        if !turn.history.is_empty() {
            s.push_str(" moves");
            for m in turn.history {
                s.push(' ');
                s.push_str(&m.to_string());
            }
        }
        s
    }

    fn go_line(turn: &Turn) -> String {
        match turn.tc {
            TimeControl::MoveTime { ms } => format!("go die {} movetime {ms}", turn.die),
            TimeControl::Game { .. } => format!(
                "go die {} rtime {} btime {} rinc {} binc {}",
                turn.die,
                turn.clock_ms[Color::Red.idx()],
                turn.clock_ms[Color::Blue.idx()],
                turn.inc_ms[Color::Red.idx()],
                turn.inc_ms[Color::Blue.idx()]
            ),
        }
    }
}

impl Player for Native {
    fn name(&self) -> String {
        self.label.clone()
    }

    fn new_game(&mut self, _tc: TimeControl, _side: Color, _seed: u64) -> Result<(), Fault> {
        let p = self.proc()?;
        p.drain();
        let r = p.send("uginewgame");
        self.check(r, "uginewgame", HANDSHAKE)?;
        self.ready()
    }

    fn setup(&mut self, side: Color, wait: Duration) -> Result<[u8; 6], Fault> {
        let p = self.proc()?;
        let deadline = Instant::now() + wait;
        let side = if side == Color::Red { "r" } else { "b" };
        // `go setup` answers for the side to move.
        let r = p
            .send(&format!("position setup 123456 123456 {side}"))
            .and_then(|_| p.send("go setup"))
            .and_then(|_| p.wait_for(deadline, &|l| l.starts_with("bestmove")));
        let line = self.check(r, "setup", wait)?;
        let word = line.split_whitespace().nth(1).unwrap_or("");
        parse_setup(word).map_err(|e| Fault::Malformed(format!("setup '{line}': {e}")))
    }

    fn choose(&mut self, turn: &Turn) -> Result<Move, Fault> {
        let p = self.proc()?;
        let deadline = Instant::now() + turn.wait;
        let r = p
            .send(&Self::position_line(turn))
            .and_then(|_| p.send(&Self::go_line(turn)))
            .and_then(|_| {
                p.wait_for(deadline, &|l| {
                    l.split_whitespace().next() == Some("bestmove")
                })
            });
        let line = self.check(r, "bestmove", turn.wait)?;
        let word = line.split_whitespace().nth(1).unwrap_or("");
        parse_move(word).map_err(|e| Fault::Malformed(format!("'{line}': {e}")))
    }
}

impl Drop for Native {
    fn drop(&mut self) {
        if let Some(p) = self.proc.as_mut() {
            let _ = p.send("quit");
        }
    }
}

/// An engine speaking the TCG contest protocol.
pub struct Tcg {
    argv: Vec<String>,
    label: String,
    dir: Option<PathBuf>,
    proc: Option<Proc>,
}

/// TCG only knows a game clock: under a per-move control a TCG engine gets this many moves' worth
/// of time for the whole game, and the referee holds it to that clock.
pub const TCG_MOVES_PER_GAME: u64 = 15;

impl Tcg {
    pub fn new(argv: Vec<String>, label: &str) -> Tcg {
        Tcg::in_dir(argv, label, None)
    }

    /// An engine that runs in `dir` (TCG has no options to give).
    pub fn in_dir(argv: Vec<String>, label: &str, dir: Option<PathBuf>) -> Tcg {
        Tcg {
            argv,
            label: label.to_string(),
            dir,
            proc: None,
        }
    }

    fn proc(&mut self) -> Result<&mut Proc, Fault> {
        if self.proc.is_none() {
            let p = Proc::spawn(&self.argv, self.dir.as_deref()).map_err(Fault::Crash)?;
            self.proc = Some(p);
        }
        Ok(self.proc.as_mut().expect("just started"))
    }

    /// Sends one command and returns its one-line reply.
    fn ask(&mut self, line: &str, what: &str, wait: Duration) -> Result<String, Fault> {
        let p = self.proc()?;
        p.drain();
        let deadline = Instant::now() + wait;
        let r = p.send(line).and_then(|_| p.wait_for(deadline, &|_| true));
        r.map_err(|w| {
            self.proc = None;
            fault(w, what, wait)
        })
    }
}

impl Player for Tcg {
    fn name(&self) -> String {
        self.label.clone()
    }

    fn time_control(&self, tc: TimeControl) -> TimeControl {
        match tc {
            TimeControl::MoveTime { ms } => TimeControl::Game {
                base_ms: ms * TCG_MOVES_PER_GAME,
                inc_ms: 0,
            },
            g => g,
        }
    }

    fn new_game(&mut self, tc: TimeControl, _side: Color, _seed: u64) -> Result<(), Fault> {
        let base_ms = match self.time_control(tc) {
            TimeControl::Game { base_ms, .. } => base_ms,
            TimeControl::MoveTime { ms } => ms,
        };
        // Whole seconds are the common form; a fraction is sent only when needed.
        let secs = if base_ms % 1000 == 0 {
            format!("{}", base_ms / 1000)
        } else {
            format!("{:.3}", base_ms as f64 / 1000.0)
        };
        self.ask(&format!("time_setting {secs}"), "time_setting", HANDSHAKE)?;
        self.ask("board_setting 5 6 2", "board_setting", HANDSHAKE)?;
        Ok(())
    }

    fn setup(&mut self, side: Color, wait: Duration) -> Result<[u8; 6], Fault> {
        let line = self.ask(
            &format!("ini {}", tcg::side_letter(side)),
            "arrangement",
            wait,
        )?;
        tcg::parse_tcg_setup(side, &line).map_err(|e| Fault::Malformed(format!("ini: {e}")))
    }

    fn choose(&mut self, turn: &Turn) -> Result<Move, Fault> {
        let line = format!(
            "get {} {} {}",
            tcg::side_letter(turn.board.side_to_move()),
            turn.die,
            tcg::board_tokens(turn.board)
        );
        let reply = self.ask(&line, "move", turn.wait)?;
        tcg::parse_tcg_move(&reply).map_err(|e| Fault::Malformed(format!("'{reply}': {e}")))
    }
}

impl Drop for Tcg {
    fn drop(&mut self) {
        if let Some(p) = self.proc.as_mut() {
            let _ = p.send("exit");
        }
    }
}
