//! The native protocol's client: an engine program that speaks `ugi`.

use std::path::PathBuf;
use std::time::{Duration, Instant};

use super::process::{Proc, Wait, fault, lost};
use super::{HANDSHAKE, Settings};
use crate::players::{Fault, Player, TimeControl, Turn};
use crate::rules::board::{Color, Move};
use crate::rules::notation::{parse_move_in, parse_setup_in, to_fen};
use crate::rules::variant::Variant;
use crate::rules::variant_file;

/// An engine speaking the native protocol.
pub struct Native {
    argv: Vec<String>,
    label: String,
    /// Sent as `setoption name <name> value <value>` after each start.
    options: Vec<(String, String)>,
    settings: Settings,
    proc: Option<Proc>,
    /// The variant of the games, when not the standard game (`UCI_Variant` at every new game).
    variant: Option<&'static Variant>,
    /// The current engine log (`Player::log_to`).
    log: Option<PathBuf>,
    /// The last `wp` of an `info` line while a move was awaited.
    wp: Option<f64>,
    /// What the last handshake listed of the variant options.
    listed: Listed,
}

/// The variant options an engine listed in its handshake: the choices of its `UCI_Variant` combo
/// (`None`: not listed) and whether it takes a `VariantPath`.
#[derive(Clone, Debug, Default)]
struct Listed {
    variants: Option<Vec<String>>,
    variant_path: bool,
}

impl Listed {
    /// Reads one handshake line (`option name UCI_Variant type combo ... var standard var 6x6`).
    fn read(&mut self, line: &str) {
        let mut words = line.split_whitespace();
        if words.next() != Some("option") || words.next() != Some("name") {
            return;
        }
        match words.next() {
            Some("UCI_Variant") => {
                let words: Vec<&str> = words.collect();
                let vars = words
                    .windows(2)
                    .filter(|w| w[0] == "var")
                    .map(|w| w[1].to_string());
                self.variants = Some(vars.collect());
            }
            Some("VariantPath") => self.variant_path = true,
            _ => {}
        }
    }

    /// Why an engine that listed these cannot be told to play `v`, if it cannot: as under
    /// cutechess-cli, a variant is played only by engines that list it (or, for a variant from a
    /// file, that take the file).
    fn refusal(&self, v: &Variant) -> Option<String> {
        let name = v.name();
        let custom = Variant::preset(name).is_none_or(|p| !std::ptr::eq(p, v));
        match &self.variants {
            None => Some(format!(
                "cannot be told to play {name}: its handshake lists no option UCI_Variant \
                 (protocol/native.md), so it would play the standard game's moves"
            )),
            Some(vars) if vars.iter().any(|x| x == name) => None,
            Some(_) if custom && self.variant_path => None,
            Some(vars) if custom => Some(format!(
                "cannot be told to play {name}: its UCI_Variant lists {} and it lists no option \
                 VariantPath to load the variant's definition from a file",
                vars.join(" ")
            )),
            Some(vars) => Some(format!(
                "does not play {name}: its UCI_Variant lists only {}",
                vars.join(" ")
            )),
        }
    }
}

/// Sends `ugi` and waits for `ugiok`. A program that cannot be one of ours is told apart at
/// once rather than after the whole wait: one that sends `ugi` back (`cat`, a shell loop echoing
/// its input) or says it knows no such command (a UCI engine such as Stockfish). A program that
/// greets as a UCI engine does (`id name`, `uciok`) and then never answers is refused after the
/// wait with the same hint: the `proto=` word names the protocol of the program.
fn greet(p: &mut Proc) -> Result<Listed, Fault> {
    let deadline = Instant::now() + HANDSHAKE;
    let verdict = std::cell::RefCell::new(Greeting::Silent);
    let listed = std::cell::RefCell::new(Listed::default());
    let r = p.send("ugi", deadline).and_then(|_| {
        p.wait_for(deadline, &|l| {
            listed.borrow_mut().read(l);
            let seen = Greeting::of(l);
            let mut v = verdict.borrow_mut();
            if seen > *v {
                *v = seen;
            }
            l == "ugiok" || matches!(seen, Greeting::Echo | Greeting::Unknown)
        })
    });
    let verdict = verdict.into_inner();
    let hint = "it does not speak the native protocol (`ugi` answered by `ugiok`, \
                protocol/native.md); a TCG engine is named with proto=tcg (or tcg:COMMAND)";
    match (r, verdict) {
        (Ok(_), Greeting::Echo) => Err(Fault::Malformed(format!(
            "sent `ugi` back: a program that echoes its input, not an engine; {hint}"
        ))),
        (Ok(line), Greeting::Unknown) => Err(Fault::Malformed(format!(
            "answered `ugi` with \"{}\"; {hint}",
            line.chars().take(80).collect::<String>()
        ))),
        (Ok(_), _) => Ok(listed.into_inner()),
        (Err(w), Greeting::Uci) => {
            let f = fault(w, "ugiok", HANDSHAKE);
            Err(match f {
                Fault::Time(s) => Fault::Time(format!("{s}; it greeted as a UCI engine: {hint}")),
                other => other,
            })
        }
        // Silent all along: a TCG engine waits so, for a command it knows.
        (Err(w), Greeting::Silent) => Err(match fault(w, "ugiok", HANDSHAKE) {
            Fault::Time(s) => Fault::Time(format!(
                "{s}; a TCG engine, which is not asked `ugi`, is named tcg:COMMAND (or proto=tcg)"
            )),
            other => other,
        }),
        (Err(w), _) => Err(fault(w, "ugiok", HANDSHAKE)),
    }
}

/// What a line during the handshake says of the program, the most telling last.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord)]
enum Greeting {
    /// Nothing that tells (yet).
    Silent,
    /// A UCI engine's greeting: `id name ...`, `uciok`, a Stockfish-like banner.
    Uci,
    /// It says it knows no `ugi`.
    Unknown,
    /// Our own `ugi` came back.
    Echo,
}

impl Greeting {
    fn of(line: &str) -> Greeting {
        let lower = line.to_ascii_lowercase();
        if line == "ugi" {
            Greeting::Echo
        } else if lower.starts_with("unknown command") {
            Greeting::Unknown
        } else if line == "uciok" || lower.starts_with("id name") || lower.contains(" by the ") {
            Greeting::Uci
        } else {
            Greeting::Silent
        }
    }
}

impl Native {
    pub fn new(argv: Vec<String>, label: &str) -> Native {
        Native::with_settings(argv, label, Vec::new(), Settings::default())
    }

    /// An engine that gets `options` after its handshake and is started as `settings` say.
    pub fn with_settings(
        argv: Vec<String>,
        label: &str,
        options: Vec<(String, String)>,
        settings: Settings,
    ) -> Native {
        Native {
            argv,
            label: label.to_string(),
            options,
            settings,
            proc: None,
            variant: None,
            log: None,
            wp: None,
            listed: Listed::default(),
        }
    }

    /// The running process, started, greeted and given its options if needed. An option the
    /// engine refuses (an `error` line before `readyok`) is logged, not held against it: engines
    /// differ in the options they know, as under cutechess-cli.
    fn proc(&mut self) -> Result<&mut Proc, Fault> {
        if self.proc.is_none() {
            let mut p = Proc::spawn(&self.argv, &self.settings)
                .map_err(|e| Fault::NotStarted(e.to_string()))?;
            p.shared.set_log(self.log.as_deref());
            self.listed = greet(&mut p)?;
            if !self.options.is_empty() {
                let deadline = Instant::now() + HANDSHAKE;
                for (name, value) in &self.options {
                    p.send(&format!("setoption name {name} value {value}"), deadline)
                        .map_err(|w| fault(w, "setoption", HANDSHAKE))?;
                }
                let label = &self.label;
                p.send("isready", deadline)
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

    /// Chooses variant `v` in the engine (a custom variant's definition first, from a file): an
    /// engine that answers with an error cannot play it, and loses the game by that fault.
    fn tell_variant(&mut self, v: &'static Variant) -> Result<(), Fault> {
        let mut lines = Vec::new();
        let mut file = None;
        if Variant::preset(v.name()).is_none_or(|p| !std::ptr::eq(p, v)) {
            // One file per telling, removed once the engine has read it (`readyok`): games
            // played side by side never share one, and none is left behind.
            static TOLD: std::sync::atomic::AtomicU64 = std::sync::atomic::AtomicU64::new(0);
            let n = TOLD.fetch_add(1, std::sync::atomic::Ordering::Relaxed);
            let path = std::env::temp_dir().join(format!(
                "ewn-variant-{}-{n}-{}.toml",
                std::process::id(),
                v.name()
            ));
            // A FIFO planted at that name is refused, not waited on.
            super::io::create_no_link(&path, true)
                .and_then(|mut f| {
                    use std::io::Write;
                    f.write_all(variant_file::to_toml(v).as_bytes())
                })
                .map_err(|e| {
                    Fault::Crash(format!("writing the definition of {}: {e}", v.name()))
                })?;
            lines.push(format!(
                "setoption name VariantPath value {}",
                path.display()
            ));
            file = Some(path);
        }
        lines.push(format!("setoption name UCI_Variant value {}", v.name()));
        lines.push("isready".into());
        let p = self.proc()?;
        let deadline = Instant::now() + HANDSHAKE;
        let mut r = Ok(String::new());
        for l in &lines {
            r = p.send(l, deadline).map(|_| String::new());
            if r.is_err() {
                break;
            }
        }
        let r = r.and_then(|_| p.wait_for(deadline, &|l| l == "readyok" || l.starts_with("error")));
        if let Some(path) = file {
            let _ = std::fs::remove_file(path);
        }
        let line = self.check(r, "readyok", HANDSHAKE)?;
        if line.starts_with("error") {
            self.proc = None;
            return Err(Fault::Refused(format!(
                "refuses variant {}: {line}",
                v.name()
            )));
        }
        Ok(())
    }

    fn ready(&mut self) -> Result<(), Fault> {
        let p = self.proc()?;
        let deadline = Instant::now() + HANDSHAKE;
        let r = p
            .send("isready", deadline)
            .and_then(|_| p.wait_for(deadline, &|l| l == "readyok"));
        self.check(r.map(|_| ()), "readyok", HANDSHAKE)
    }

    fn check<T>(&mut self, r: Result<T, Wait>, what: &str, wait: Duration) -> Result<T, Fault> {
        lost(&mut self.proc, r, what, wait)
    }

    fn position_line(turn: &Turn) -> String {
        let mut s = format!("position fen {}", to_fen(turn.start));
        if !turn.history.is_empty() {
            s.push_str(" moves");
            for m in turn.history {
                s.push(' ');
                s.push_str(&m.display(turn.start.variant()).to_string());
            }
        }
        s
    }

    fn go_line(turn: &Turn) -> String {
        // Without dice there is no roll to give: the mover picks any cube.
        let die = if turn.board.variant().has_dice() {
            format!("die {} ", turn.die)
        } else {
            String::new()
        };
        match turn.tc {
            TimeControl::MoveTime { ms } => format!("go {die}movetime {ms}"),
            TimeControl::Game { .. } => format!(
                "go {die}rtime {} btime {} rinc {} binc {}",
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

    fn set_variant(&mut self, v: &'static Variant) -> Result<(), Fault> {
        self.variant = Some(v);
        Ok(())
    }

    fn log_to(&mut self, path: Option<PathBuf>) {
        if let Some(p) = &self.proc {
            p.shared.set_log(path.as_deref());
        }
        self.log = path;
    }

    fn win_chance(&self) -> Option<f64> {
        self.wp
    }

    /// The start, and every option one by one, each followed by `isready` (one `isready` when
    /// there are none): an option the engine answers with `error` (a mistyped name, a value out of
    /// range) is the organiser's mistake, and stops the run here rather than being only logged
    /// at each game; so does an engine that never answers `readyok`.
    fn check_start(&mut self) -> Result<(), Fault> {
        let options = std::mem::take(&mut self.options);
        let r = self.proc().map(|_| ());
        self.options = options;
        r?;
        let mut p = self.proc.take().expect("just started");
        for (name, value) in &self.options {
            let deadline = Instant::now() + HANDSHAKE;
            let refused = std::cell::RefCell::new(None);
            let r = p
                .send(&format!("setoption name {name} value {value}"), deadline)
                .and_then(|_| p.send("isready", deadline))
                .and_then(|_| {
                    p.wait_for(deadline, &|l| {
                        if l.starts_with("error") && refused.borrow().is_none() {
                            *refused.borrow_mut() = Some(l.to_string());
                        }
                        l == "readyok"
                    })
                });
            if let Err(w) = r {
                return Err(fault(w, "readyok", HANDSHAKE));
            }
            if let Some(line) = refused.into_inner() {
                p.quit("quit");
                return Err(Fault::Refused(format!(
                    "option.{name}={value} refused: {line}"
                )));
            }
        }
        // Without options the handshake's `isready` is still asked, as the records' format
        // promises: an engine that dies or hangs after `ugiok` is refused here, not forfeited in
        // every game.
        if self.options.is_empty() {
            let deadline = Instant::now() + HANDSHAKE;
            let r = p
                .send("isready", deadline)
                .and_then(|_| p.wait_for(deadline, &|l| l == "readyok"));
            if let Err(w) = r {
                return Err(fault(w, "readyok", HANDSHAKE));
            }
        }
        // A variant is told as at every new game, once the engine lists it: an engine that would
        // play the standard game's moves in another variant is refused here, not forfeited.
        if let Some(v) = self.variant {
            if let Some(why) = self.listed.refusal(v) {
                p.quit("quit");
                return Err(Fault::Refused(why));
            }
            self.proc = Some(p);
            self.tell_variant(v)?;
            p = self.proc.take().expect("told the variant");
        }
        p.quit("quit");
        Ok(())
    }

    fn new_game(&mut self, _tc: TimeControl, _side: Color, _seed: u64) -> Result<(), Fault> {
        let p = self.proc()?;
        p.drain();
        let r = p.send("uginewgame", Instant::now() + HANDSHAKE);
        self.check(r, "uginewgame", HANDSHAKE)?;
        if let Some(v) = self.variant {
            self.tell_variant(v)?;
        }
        self.ready()
    }

    fn setup(&mut self, side: Color, wait: Duration) -> Result<[u8; 6], Fault> {
        let p = self.proc()?;
        let deadline = Instant::now() + wait;
        let side = if side == Color::Red { "r" } else { "b" };
        // `go setup` answers for the side to move.
        let r = p
            .send(&format!("position setup 123456 123456 {side}"), deadline)
            .and_then(|_| p.send("go setup", deadline))
            .and_then(|_| p.wait_for(deadline, &|l| l.starts_with("bestmove")));
        let line = self.check(r, "setup", wait)?;
        let word = line.split_whitespace().nth(1).unwrap_or("");
        // The standard game's setup question: six cubes, 1 to 6.
        let v = crate::rules::variant::Variant::standard();
        let s = parse_setup_in(v, word)
            .map_err(|e| Fault::Malformed(format!("setup '{line}': {e}")))?;
        let mut out = [0u8; 6];
        out.copy_from_slice(&s);
        Ok(out)
    }

    fn choose(&mut self, turn: &Turn) -> Result<Move, Fault> {
        let p = self.proc()?;
        let deadline = Instant::now() + turn.wait;
        let wp = std::cell::Cell::new(None);
        let r = p
            .send(&Self::position_line(turn), deadline)
            .and_then(|_| p.send(&Self::go_line(turn), deadline))
            .and_then(|_| {
                p.wait_for(deadline, &|l| {
                    let mut w = l.split_whitespace();
                    let first = w.next();
                    if first == Some("info") {
                        let mut w = w.skip_while(|&t| t != "wp").skip(1);
                        if let Some(v) = w.next().and_then(|v| v.parse::<f64>().ok())
                            && (0.0..=1.0).contains(&v)
                        {
                            wp.set(Some(v));
                        }
                    }
                    first == Some("bestmove")
                })
            });
        self.wp = wp.get();
        let line = self.check(r, "bestmove", turn.wait)?;
        let word = line.split_whitespace().nth(1).unwrap_or("");
        parse_move_in(turn.board.variant(), word)
            .map_err(|e| Fault::Malformed(format!("'{line}': {e}")))
    }
}

impl Drop for Native {
    fn drop(&mut self) {
        if let Some(p) = self.proc.as_mut() {
            p.quit("quit");
        }
    }
}
