//! Players: everything that can be asked for a move, behind one interface ([`Player`]). The
//! built-in baselines (`random`, `greedy`), the built-in UCT player (`mcts`) and engine programs
//! over the native and TCG protocols (the client side, [`engine`]); [`spec`] turns a player as
//! named on the command line, with its settings, into one. Also here: the battle servers'
//! protocol, both ways ([`battle`]), and the one place of process handling that makes every
//! engine's process tree end with its game and with the runner ([`reaper`]).
//!
//! Layer: uses the rules only (with the TCG notation); knows nothing of the brain, front ends,
//! matches, records or the applications above it.
//!
//! A player only answers; the referee keeps the clocks, checks the answers against the rules and
//! decides the result. A player reports what went wrong on its side as a [`Fault`]: an answer that
//! is not a move, no answer in time, or a process that died. An illegal move is the referee's
//! finding, not the player's.

pub mod baseline;
pub mod battle;
pub mod engine;
pub mod error;
pub mod mcts;
pub mod reaper;
pub mod spec;

pub use spec::PlayerSpec;

use std::time::Duration;

use crate::players::error::TcError;

use crate::rules::board::{Board, Color, Move};
use crate::rules::variant::Variant;

/// The match's time control, as given on the command line.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum TimeControl {
    /// A fixed time for every move.
    MoveTime { ms: u64 },
    /// A clock per game: base time plus an increment after each move.
    Game { base_ms: u64, inc_ms: u64 },
}

/// One request for a move.
pub struct Turn<'a> {
    /// The game's start position and the moves since: engines get the whole game.
    pub start: &'a Board,
    pub history: &'a [Move],
    /// The current position (the start with the history played).
    pub board: &'a Board,
    pub die: u8,
    /// The time control this player is held to in this game (see [`Player::time_control`]).
    pub tc: TimeControl,
    /// Remaining clock time per side (index `Color::idx`), in ms; under a per-move control both
    /// hold the move time.
    pub clock_ms: [u64; 2],
    /// The increment per side (index `Color::idx`), in ms; 0 under a per-move control. Players
    /// may have different time controls.
    pub inc_ms: [u64; 2],
    /// How long the referee waits for the answer before it gives up on the player.
    pub wait: Duration,
}

/// Why a player failed. The words of `Refused` and `NotStarted` say everything themselves (the
/// player, the option or variant, the system's error), so a start check passes them on as they
/// are; the others are what the player did wrong, told with what the referee knows around them.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Fault {
    Malformed(String),
    Time(String),
    Crash(String),
    /// The player refused what the match asks of it, or cannot be told it: an option's value,
    /// the match's variant. Recorded as a malformed answer.
    Refused(String),
    /// The program could not be started (the system's refusal, no command, its `stderr=` file
    /// not opened). Recorded as a crash.
    NotStarted(String),
}

pub trait Player: Send {
    /// The name recorded for this player.
    fn name(&self) -> String;

    /// The time control the player is held to under the match's control. Protocols that only know
    /// a game clock convert a per-move control here.
    fn time_control(&self, tc: TimeControl) -> TimeControl {
        tc
    }

    /// The games from now on are of variant `v` (called before `new_game`, only for variants
    /// other than the standard game). A player that cannot play it answers with the fault that
    /// forfeits the game; players that read the rules from the board need nothing.
    fn set_variant(&mut self, _v: &'static Variant) -> Result<(), Fault> {
        Ok(())
    }

    /// A game starts: `seed` is the pair's seed (baselines use it to replay the same choices).
    fn new_game(&mut self, tc: TimeControl, side: Color, seed: u64) -> Result<(), Fault>;

    /// Starts the player as its first game would (a program, its handshake and its options)
    /// and ends it again, so that a program that cannot be started is found before any game:
    /// the fault says why. Players with nothing to start are ready.
    fn check_start(&mut self) -> Result<(), Fault> {
        Ok(())
    }

    /// The player's own arrangement of its cubes for `side`, in setup order.
    fn setup(&mut self, side: Color, wait: Duration) -> Result<[u8; 6], Fault>;

    /// The move for the die in the turn's position.
    fn choose(&mut self, turn: &Turn) -> Result<Move, Fault>;

    /// From now on (until the next call), every line exchanged with the player goes to the file
    /// `path`, with its time; `None` stops it. Only engine programs have lines to keep.
    fn log_to(&mut self, _path: Option<std::path::PathBuf>) {}

    /// The win chance (of its own side, 0..1) the player reported with its last move, if it
    /// reports one (a native engine's last `info ... wp`).
    fn win_chance(&self) -> Option<f64> {
        None
    }
}

/// The longest time per move, in ms (one hour).
pub const MAX_MOVE_MS: u64 = 3_600_000;
/// The longest game clock, in ms (one day).
pub const MAX_BASE_MS: u64 = 86_400_000;
/// The largest increment, in ms (one hour).
pub const MAX_INC_MS: u64 = 3_600_000;

/// `10+0.1` -> base and increment in milliseconds; the base must be 0.001 s to one day, the
/// increment 0 to one hour.
pub fn parse_tc(s: &str) -> Result<TimeControl, TcError> {
    let (base, inc) = s.split_once('+').unwrap_or((s, "0"));
    let ms = |x: &str, max: u64, what: &'static str| -> Result<u64, TcError> {
        let v: f64 = x.trim().parse().map_err(|why| TcError::NotANumber {
            time: x.to_string(),
            tc: s.to_string(),
            why,
        })?;
        if !(v.is_finite() && v >= 0.0) {
            return Err(TcError::BadTime {
                time: x.to_string(),
                tc: s.to_string(),
            });
        }
        let ms = (v * 1000.0).round();
        if ms > max as f64 {
            return Err(TcError::TooLong {
                tc: s.to_string(),
                what,
                max_s: max / 1000,
            });
        }
        Ok(ms as u64)
    };
    let base_ms = ms(base, MAX_BASE_MS, "base")?;
    if base_ms == 0 {
        return Err(TcError::NoTime(s.to_string()));
    }
    Ok(TimeControl::Game {
        base_ms,
        inc_ms: ms(inc, MAX_INC_MS, "increment")?,
    })
}
