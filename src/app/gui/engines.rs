//! The players of a GUI game that are programs: this engine in the same process, at a level and a
//! move time, or an engine program named on the command line (`ewn gui --engine name=NAME cmd=COMMAND`,
//! read as `ewn match --engine` reads a player, by `players::spec::Entrant`) and driven through the
//! match engine client.
//!
//! The page only ever names a program: which commands may run is decided by the person who
//! started the server, never by a request, so a local process that can reach the port still
//! cannot make the server start anything else.
//!
//! Every call may block for as long as the engine thinks, so the server only calls these on a
//! thread of their own. A process that crashed or stopped answering comes back as a [`Fault`];
//! the next call starts a fresh process.

use std::path::{Path, PathBuf};
use std::sync::Arc;
use std::sync::atomic::AtomicBool;
use std::time::Duration;

use serde::{Deserialize, Serialize};

use crate::brain::level::{self, Level};
use crate::brain::search::{Limits, Searcher};
use crate::brain::setup::ENGINE_SETUP;
use crate::players::engine::HANDSHAKE;
use crate::players::spec::{Entrant, PlayerSpec};
use crate::players::{Fault, Player, TimeControl, Turn};
use crate::rules::board::{Board, Color, Move};
use crate::rules::variant::Variant;

use super::error::GuiError;

/// Longest move time a player may be given, in ms.
pub const MAX_MOVETIME: u64 = 600_000;
/// How much longer than its move time a process engine is waited for before it is killed.
pub const GRACE: Duration = Duration::from_millis(2000);
const HASH_MB: usize = 16;

fn default_level() -> u32 {
    level::MAX_LEVEL as u32
}

fn default_movetime() -> u64 {
    500
}

/// The engine programs the page may choose, by name, as given on the command line.
#[derive(Clone, Debug, Default)]
pub struct Roster {
    engines: Vec<(String, Entrant)>,
}

impl Roster {
    /// Reads the words of each `--engine` as `ewn match` reads a player
    /// (`players::spec::Entrant::parse_named`): `name=NAME cmd=COMMAND` or `NAME=COMMAND`, then
    /// its settings (`movetime=`, `option.<Name>=`, `arg=`, `dir=`, ...).
    pub fn parse(groups: &[Vec<String>]) -> Result<Roster, GuiError> {
        let mut engines: Vec<(String, Entrant)> = Vec::new();
        for words in groups.iter().filter(|w| !w.is_empty()) {
            let refused = |why: String| GuiError::Engines {
                words: words.join(" "),
                why,
            };
            let (name, e) = Entrant::parse_named(words).map_err(|e| refused(format!("{e:#}")))?;
            if engines.iter().any(|(n, _)| *n == name) {
                return Err(refused(format!("the name {name} is given twice")));
            }
            // Said now, when the arena starts, not at the engine's first move in a game.
            if let PlayerSpec::Native(argv) | PlayerSpec::Tcg(argv) = &e.spec
                && let Some(prog) = argv.first()
            {
                find_program(prog, e.dir.as_deref()).map_err(|e| refused(e.to_string()))?;
            }
            engines.push((name, e));
        }
        Ok(Roster { engines })
    }

    /// Starts every engine program once and ends it again, as `ewn match` does before its first
    /// game and with its words: a program that dies in its handshake (a script saved with
    /// Windows line endings, a wrong interpreter) or refuses an option is refused before the
    /// arena's address is printed, not at its first move in a game.
    pub fn check_starts(&self) -> Result<(), GuiError> {
        use crate::players::baseline::Kind;
        use crate::referee::plan::Tournament;
        let programs: Vec<&(String, Entrant)> = self
            .engines
            .iter()
            .filter(|(_, e)| matches!(e.spec, PlayerSpec::Native(_) | PlayerSpec::Tcg(_)))
            .collect();
        if programs.is_empty() {
            return Ok(());
        }
        let filler = || PlayerSpec::Baseline(Kind::Random);
        let t = Tournament {
            entrants: programs.iter().map(|(_, e)| e.clone()).collect(),
            names: programs.iter().map(|(n, _)| n.clone()).collect(),
            ..Tournament::two_players([filler(), filler()], ["a", "b"])
        };
        Ok(t.check_starts()?)
    }

    pub fn names(&self) -> Vec<String> {
        self.engines.iter().map(|(n, _)| n.clone()).collect()
    }

    fn get(&self, name: &str) -> Result<&Entrant, GuiError> {
        self.engines
            .iter()
            .find(|(n, _)| n == name)
            .map(|(_, e)| e)
            .ok_or_else(|| {
                GuiError::Player(if self.engines.is_empty() {
                    format!(
                        "no engine program named '{name}': none was given; start the arena with ewn gui --engine name=NAME cmd=COMMAND"
                    )
                } else {
                    format!(
                        "no engine program named '{name}': the arena was started with {}",
                        self.names().join(", ")
                    )
                })
            })
    }
}

/// Where the engine program `prog` would be started from, as the operating system finds it: a
/// name with a `/` is a path (relative to `dir`, the engine's working directory, when it has
/// one), a bare name is looked up on `PATH`. An error says what is missing.
pub fn find_program(prog: &str, dir: Option<&Path>) -> Result<PathBuf, ProgramError> {
    let runnable = |p: &Path| -> bool {
        std::fs::metadata(p).is_ok_and(|m| {
            #[cfg(unix)]
            {
                use std::os::unix::fs::PermissionsExt;
                m.is_file() && m.permissions().mode() & 0o111 != 0
            }
            #[cfg(not(unix))]
            {
                m.is_file()
            }
        })
    };
    if prog.contains('/') || prog.contains(std::path::MAIN_SEPARATOR) {
        let p = match dir {
            Some(d) if Path::new(prog).is_relative() => d.join(prog),
            _ => PathBuf::from(prog),
        };
        return if runnable(&p) {
            Ok(p)
        } else if p.exists() {
            Err(ProgramError::NotExecutable(p))
        } else {
            Err(ProgramError::NoSuchFile(p))
        };
    }
    let path = std::env::var_os("PATH").unwrap_or_default();
    std::env::split_paths(&path)
        .map(|d| d.join(prog))
        .find(|p| runnable(p))
        .ok_or_else(|| ProgramError::NotOnPath(prog.to_string()))
}

/// Why an engine program cannot be started from where it was named.
#[derive(Debug, thiserror::Error)]
pub enum ProgramError {
    #[error("{} is not an executable file", .0.display())]
    NotExecutable(PathBuf),
    #[error("no program {} (no such file)", .0.display())]
    NoSuchFile(PathBuf),
    #[error("no program '{0}' on PATH; give its path (./{0}) or install it")]
    NotOnPath(String),
}

/// A player as the page chooses it (and as the API reads and writes it).
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(tag = "type", rename_all = "lowercase", deny_unknown_fields)]
pub enum PlayerConfig {
    Human {},
    /// This engine, searched in the server's process.
    Ewn {
        #[serde(default = "default_level")]
        level: u32,
        #[serde(default = "default_movetime")]
        movetime: u64,
    },
    /// An engine program named on the command line. Its move time is the page's unless the
    /// command line gave it one (`movetime=`, `st=`, `tc=`).
    Engine {
        name: String,
        #[serde(default = "default_movetime")]
        movetime: u64,
    },
}

impl PlayerConfig {
    /// Checks the numbers and the command; the error is for the person who sent it.
    pub fn validate(&self, roster: &Roster) -> Result<(), GuiError> {
        let check_time = |ms: u64| {
            if (1..=MAX_MOVETIME).contains(&ms) {
                Ok(())
            } else {
                Err(GuiError::Player(format!(
                    "movetime {ms} out of range 1..{MAX_MOVETIME} ms"
                )))
            }
        };
        match self {
            PlayerConfig::Human {} => Ok(()),
            PlayerConfig::Ewn { level, movetime } => {
                Level::new(*level).map_err(|e| GuiError::Player(e.to_string()))?;
                check_time(*movetime)
            }
            PlayerConfig::Engine { name, movetime } => {
                roster.get(name)?;
                check_time(*movetime)
            }
        }
    }

    /// The name written into records and shown on the page.
    pub fn label(&self) -> String {
        match self {
            PlayerConfig::Human {} => "human".into(),
            PlayerConfig::Ewn { level, movetime } => {
                format!("ewn level {level} {movetime} ms")
            }
            PlayerConfig::Engine { name, .. } => name.clone(),
        }
    }

    /// The player a record's name stands for: this engine as [`PlayerConfig::label`] writes it,
    /// an engine of the roster by its name, else a person.
    pub fn from_label(name: &str, roster: &Roster) -> PlayerConfig {
        let words: Vec<&str> = name.split_whitespace().collect();
        if let ["ewn", "level", l, t, "ms"] = words[..]
            && let (Ok(level), Ok(movetime)) = (l.parse(), t.parse())
        {
            let c = PlayerConfig::Ewn { level, movetime };
            if c.validate(roster).is_ok() {
                return c;
            }
        }
        if roster.get(name.trim()).is_ok() {
            return PlayerConfig::Engine {
                name: name.trim().to_string(),
                movetime: default_movetime(),
            };
        }
        PlayerConfig::Human {}
    }

    /// The engine behind a non-human player; `None` for a person.
    pub fn make(&self, seed: u64, roster: &Roster) -> Result<Option<Box<dyn Engine>>, GuiError> {
        self.validate(roster)?;
        Ok(match self {
            PlayerConfig::Human {} => None,
            PlayerConfig::Ewn { level, movetime } => Some(Box::new(SelfEngine {
                searcher: {
                    // Exact three-cube endgames, as the protocol loop plays them.
                    let mut s = Searcher::new(HASH_MB);
                    s.set_builtin_tables(true);
                    s
                },
                level: Level::new(*level).map_err(|e| GuiError::Player(e.to_string()))?,
                movetime: *movetime,
                seed,
            })),
            PlayerConfig::Engine { name, movetime } => {
                let e = roster.get(name)?;
                Some(Box::new(Process {
                    player: e.make(name),
                    tc: e.tc.unwrap_or(TimeControl::MoveTime { ms: *movetime }),
                    started: false,
                }))
            }
        })
    }
}

/// A chosen move, with what the engine said about it when it says anything.
#[derive(Clone, Debug, PartialEq)]
pub struct Chosen {
    pub mv: Move,
    /// Win chance of the mover after this move, 0..1.
    pub value: Option<f64>,
    pub pv: Vec<Move>,
}

/// What the server asks of a program player.
pub trait Engine: Send {
    /// The player's own arrangement for `side`.
    fn setup(&mut self, side: Color) -> Result<[u8; 6], Fault>;
    /// The move for `die` in `board`, reached from `start` by `history`.
    fn choose(
        &mut self,
        start: &Board,
        history: &[Move],
        board: &Board,
        die: u8,
    ) -> Result<Chosen, Fault>;
    /// Set to stop a search in progress (an engine in this process only). Whoever starts a
    /// search clears it first.
    fn stop_flag(&self) -> Option<Arc<AtomicBool>> {
        None
    }
}

struct SelfEngine {
    searcher: Searcher,
    level: Level,
    movetime: u64,
    seed: u64,
}

impl Engine for SelfEngine {
    fn setup(&mut self, _side: Color) -> Result<[u8; 6], Fault> {
        Ok(ENGINE_SETUP)
    }

    fn choose(&mut self, _: &Board, _: &[Move], board: &Board, die: u8) -> Result<Chosen, Fault> {
        let limits = Limits {
            movetime: Some(self.movetime),
            ..Limits::default()
        };
        let c = level::choose(
            &mut self.searcher,
            board,
            die,
            &limits,
            self.level,
            self.seed,
            &mut |_| {},
        );
        let pv = if c.result.pv.first() == Some(&c.mv) {
            c.result.pv.clone()
        } else {
            vec![c.mv]
        };
        Ok(Chosen {
            mv: c.mv,
            value: Some(crate::brain::search::to_prob(c.value)),
            pv,
        })
    }

    fn stop_flag(&self) -> Option<Arc<AtomicBool>> {
        Some(self.searcher.stop_flag())
    }
}

/// An engine program, through the referee's client side of its protocol.
struct Process {
    player: Box<dyn Player>,
    tc: TimeControl,
    /// The protocol's new-game handshake has been done for the current game.
    started: bool,
}

impl Process {
    fn tc(&self) -> TimeControl {
        self.player.time_control(self.tc)
    }

    /// The protocol's new-game handshake, once per game; a variant other than the standard
    /// game is named first, as the referee does.
    fn start(&mut self, side: Color, v: &'static Variant) -> Result<(), Fault> {
        if !self.started {
            if !v.standard {
                let r = self.player.set_variant(v);
                self.checked(r)?;
            }
            let r = self.player.new_game(self.tc(), side, 0);
            self.started = r.is_ok();
            r?;
        }
        Ok(())
    }

    /// Any fault drops the process; the next game handshake is for the fresh one.
    fn checked<T>(&mut self, r: Result<T, Fault>) -> Result<T, Fault> {
        if r.is_err() {
            self.started = false;
        }
        r
    }
}

impl Engine for Process {
    fn setup(&mut self, side: Color) -> Result<[u8; 6], Fault> {
        let r = self
            .start(side, Variant::standard())
            .and_then(|_| self.player.setup(side, HANDSHAKE));
        self.checked(r)
    }

    fn choose(
        &mut self,
        start: &Board,
        history: &[Move],
        board: &Board,
        die: u8,
    ) -> Result<Chosen, Fault> {
        let side = board.side_to_move();
        let tc = self.tc();
        // Casual games keep no clock: the engine gets its full time on every move.
        let (clock, allowed) = match tc {
            TimeControl::MoveTime { ms } => (ms, ms),
            TimeControl::Game { base_ms, .. } => (base_ms, base_ms),
        };
        let turn = Turn {
            start,
            history,
            board,
            die,
            tc,
            clock_ms: [clock, clock],
            inc_ms: [0, 0],
            wait: Duration::from_millis(allowed) + GRACE,
        };
        let r = self
            .start(side, board.variant())
            .and_then(|_| self.player.choose(&turn));
        let mv = self.checked(r)?;
        Ok(Chosen {
            mv,
            value: None,
            pv: Vec::new(),
        })
    }
}

/// A fault as one line for the page.
pub fn describe(f: &Fault) -> String {
    match f {
        Fault::Malformed(s) => format!("sent something that is not a move: {s}"),
        Fault::Time(s) => format!("did not answer in time: {s}"),
        Fault::Crash(s) => format!("crashed: {s}"),
        Fault::Refused(s) => s.clone(),
        Fault::NotStarted(s) => format!("could not start: {s}"),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn configs_read_and_check() {
        let c: PlayerConfig = serde_json::from_str(r#"{"type":"ewn","level":3}"#).unwrap();
        assert_eq!(
            c,
            PlayerConfig::Ewn {
                level: 3,
                movetime: 500
            }
        );
        let roster = Roster::parse(&[words("t=tcg:self movetime=30")]).unwrap();
        assert!(c.validate(&roster).is_ok());
        let bad: PlayerConfig = serde_json::from_str(r#"{"type":"ewn","level":11}"#).unwrap();
        assert!(bad.validate(&roster).is_err());
        let c: PlayerConfig =
            serde_json::from_str(r#"{"type":"engine","name":"t","movetime":50}"#).unwrap();
        assert!(c.validate(&roster).is_ok());
        let other: PlayerConfig = serde_json::from_str(r#"{"type":"engine","name":"u"}"#).unwrap();
        assert!(other.validate(&roster).is_err());
        // A command is never read from a request.
        assert!(
            serde_json::from_str::<PlayerConfig>(r#"{"type":"command","command":"touch x"}"#)
                .is_err()
        );
        assert!(serde_json::from_str::<PlayerConfig>(r#"{"type":"robot"}"#).is_err());
        assert!(serde_json::from_str::<PlayerConfig>(r#"{"type":"human","x":1}"#).is_err());
    }

    #[test]
    fn record_names_read_back_as_players() {
        let roster = Roster::parse(&[words("g=greedy")]).unwrap();
        let ewn = PlayerConfig::Ewn {
            level: 4,
            movetime: 250,
        };
        assert_eq!(PlayerConfig::from_label(&ewn.label(), &roster), ewn);
        assert_eq!(
            PlayerConfig::from_label("g", &roster),
            PlayerConfig::Engine {
                name: "g".into(),
                movetime: 500
            }
        );
        for other in ["human", "random", "ewn level 99 5 ms", ""] {
            assert_eq!(
                PlayerConfig::from_label(other, &roster),
                PlayerConfig::Human {}
            );
        }
    }

    fn words(s: &str) -> Vec<String> {
        s.split_whitespace().map(String::from).collect()
    }

    #[test]
    fn the_roster_reads_names_commands_and_settings() {
        let r = Roster::parse(&[
            words("a=self movetime=20"),
            words("b=tcg:sh arg=--x"),
            words("c=greedy"),
        ])
        .unwrap();
        assert_eq!(r.names(), ["a", "b", "c"]);
        assert_eq!(
            r.get("a").unwrap().tc,
            Some(TimeControl::MoveTime { ms: 20 })
        );
        for bad in [
            vec![words("self")],
            vec![words("=self")],
            vec![words("a b=self")],
            vec![words("a=")],
            vec![words("a=self"), words("a=greedy")],
            vec![words("a=greedy option.Hash=1")],
            vec![words("a=./no-such-engine-here")],
            vec![words("a=no-such-engine-on-the-path")],
        ] {
            assert!(Roster::parse(&bad).is_err(), "{bad:?}");
        }
    }

    #[test]
    fn this_engine_plays_a_legal_move() {
        let mut e = PlayerConfig::Ewn {
            level: 2,
            movetime: 20,
        }
        .make(1, &Roster::default())
        .unwrap()
        .unwrap();
        let b = Board::startpos();
        let c = e.choose(&b, &[], &b, 3).unwrap();
        assert!(b.is_legal(c.mv, Some(3)));
        assert!(c.value.is_some());
        assert_eq!(e.setup(Color::Blue).unwrap(), ENGINE_SETUP);
    }
}
