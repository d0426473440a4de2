//! What goes wrong in the referee's hands before a game is played, as types (see ARCHITECTURE.md,
//! "Errors").

/// An engine program that cannot take part: the organiser's error, found before any game, not a
/// loss of the engine's.
#[derive(Debug, thiserror::Error)]
pub enum StartError {
    /// The program could not be started, died before its handshake or never completed it.
    #[error("engine '{player}' could not be started (command: {command}): {reason}")]
    Engine {
        /// The player's name in the match.
        player: String,
        /// The command as given.
        command: String,
        /// What went wrong: the system's error, the exit, or the handshake not answered.
        reason: String,
    },
}

/// Records that do not make one report: what `Report::build` refuses.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum ReportError {
    #[error("no anchor player")]
    NoAnchor,
    #[error("player '{0}' is not in this match")]
    UnknownPlayer(String),
    #[error("game {0} appears twice")]
    Twice(u64),
    #[error(
        "games {first} and {other} come from different matches ({first_match} and {other_match})"
    )]
    MixedMatches {
        first: u64,
        other: u64,
        first_match: String,
        other_match: String,
    },
    #[error("game 0: match games are numbered from 1")]
    GameZero,
    #[error("game {number}: '{name}' plays itself")]
    PlaysItself { number: u64, name: String },
    #[error(
        "games {0} and {1} should be a pair (same players, setups and dice, colours swapped) but \
         are not"
    )]
    NotAPair(u64, u64),
}

/// A value of the referee's command line that does not read.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum ValueError {
    /// `--sprt`: what is wrong with it.
    #[error("bad SPRT '{text}': {why}")]
    Sprt { text: String, why: String },
    /// `--shard`.
    #[error("bad shard '{0}': expected K/N with 1 <= K <= N")]
    Shard(String),
}
