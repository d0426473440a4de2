//! The players of a GUI game that are programs: this engine in the same process, at a level and a
//! move time, or any engine command in the native or TCG protocol, driven through the match
//! engine client (`players::engine`, chosen by `players::PlayerSpec` exactly as
//! `ewn match --engine` reads it).
//!
//! Every call may block for as long as the engine thinks, so the server only calls these on a
//! thread of their own. A process that crashed or stopped answering comes back as a [`Fault`];
//! the next call starts a fresh process.

use std::sync::Arc;
use std::sync::atomic::AtomicBool;
use std::time::Duration;

use serde::{Deserialize, Serialize};

use crate::brain::level::{self, Level};
use crate::brain::search::{Limits, Searcher};
use crate::brain::setup::ENGINE_SETUP;
use crate::players::PlayerSpec;
use crate::players::engine::HANDSHAKE;
use crate::players::{Fault, Player, TimeControl, Turn};
use crate::rules::board::{Board, Color, Move};

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
    /// An engine program, written as for `ewn match --engine`: a native-protocol command,
    /// `tcg:<command>`, `self`, `random` or `greedy`.
    Command {
        command: String,
        #[serde(default = "default_movetime")]
        movetime: u64,
    },
}

impl PlayerConfig {
    /// Checks the numbers and the command; the error is for the person who sent it.
    pub fn validate(&self) -> Result<(), String> {
        let check_time = |ms: u64| {
            if (1..=MAX_MOVETIME).contains(&ms) {
                Ok(())
            } else {
                Err(format!("movetime {ms} out of range 1..{MAX_MOVETIME} ms"))
            }
        };
        match self {
            PlayerConfig::Human {} => Ok(()),
            PlayerConfig::Ewn { level, movetime } => {
                Level::new(*level)?;
                check_time(*movetime)
            }
            PlayerConfig::Command { command, movetime } => {
                PlayerSpec::parse(command).map_err(|e| format!("{e:#}"))?;
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
            PlayerConfig::Command { command, .. } => command.trim().to_string(),
        }
    }

    /// The engine behind a non-human player; `None` for a person.
    pub fn make(&self, seed: u64) -> Result<Option<Box<dyn Engine>>, String> {
        self.validate()?;
        Ok(match self {
            PlayerConfig::Human {} => None,
            PlayerConfig::Ewn { level, movetime } => Some(Box::new(SelfEngine {
                searcher: Searcher::new(HASH_MB),
                level: Level::new(*level)?,
                movetime: *movetime,
                seed,
            })),
            PlayerConfig::Command { command, movetime } => {
                let spec = PlayerSpec::parse(command).map_err(|e| format!("{e:#}"))?;
                Some(Box::new(Process {
                    player: spec.make(&self.label()),
                    movetime: *movetime,
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
    /// A new game begins: forget what the last one taught.
    fn new_game(&mut self);
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

    fn new_game(&mut self) {
        self.searcher.clear();
    }
}

/// An engine program, through the referee's client side of its protocol.
struct Process {
    player: Box<dyn Player>,
    movetime: u64,
    /// The protocol's new-game handshake has been done for the current game.
    started: bool,
}

impl Process {
    fn tc(&self) -> TimeControl {
        self.player
            .time_control(TimeControl::MoveTime { ms: self.movetime })
    }

    fn start(&mut self, side: Color) -> Result<(), Fault> {
        if !self.started {
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
            .start(side)
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
        let r = self.start(side).and_then(|_| self.player.choose(&turn));
        let mv = self.checked(r)?;
        Ok(Chosen {
            mv,
            value: None,
            pv: Vec::new(),
        })
    }

    fn new_game(&mut self) {
        self.started = false;
    }
}

/// A fault as one line for the page.
pub fn describe(f: &Fault) -> String {
    match f {
        Fault::Malformed(s) => format!("sent something that is not a move: {s}"),
        Fault::Time(s) => format!("did not answer in time: {s}"),
        Fault::Crash(s) => format!("crashed or could not start: {s}"),
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
        assert!(c.validate().is_ok());
        let bad: PlayerConfig = serde_json::from_str(r#"{"type":"ewn","level":11}"#).unwrap();
        assert!(bad.validate().is_err());
        let c: PlayerConfig =
            serde_json::from_str(r#"{"type":"command","command":"tcg:self","movetime":50}"#)
                .unwrap();
        assert!(c.validate().is_ok());
        let empty: PlayerConfig =
            serde_json::from_str(r#"{"type":"command","command":"  "}"#).unwrap();
        assert!(empty.validate().is_err());
        assert!(serde_json::from_str::<PlayerConfig>(r#"{"type":"robot"}"#).is_err());
        assert!(serde_json::from_str::<PlayerConfig>(r#"{"type":"human","x":1}"#).is_err());
    }

    #[test]
    fn this_engine_plays_a_legal_move() {
        let mut e = PlayerConfig::Ewn {
            level: 2,
            movetime: 20,
        }
        .make(1)
        .unwrap()
        .unwrap();
        let b = Board::startpos();
        let c = e.choose(&b, &[], &b, 3).unwrap();
        assert!(b.is_legal(c.mv, Some(3)));
        assert!(c.value.is_some());
        assert_eq!(e.setup(Color::Blue).unwrap(), ENGINE_SETUP);
    }
}
