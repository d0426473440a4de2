//! What can go wrong in the arena, as types: every refusal of the API is a [`GuiError`], and
//! [`GuiError::status`] is the one place where a kind of refusal becomes an HTTP status.

use thiserror::Error;

use crate::brain::solve::SolveError;
use crate::rules::notation::NotationError;

/// Why a move was refused by the game.
#[derive(Clone, Debug, PartialEq, Eq, Error)]
pub enum MoveError {
    #[error("the game is over")]
    Over,
    #[error("the die has not been rolled yet")]
    NoDie,
    /// The move breaks the rules here (the text names the move and the die).
    #[error("{0}")]
    Illegal(String),
}

/// A refused request of the arena's API, or a failure of the arena's own.
#[derive(Debug, Error)]
pub enum GuiError {
    #[error("no such endpoint: {0}")]
    NoEndpoint(String),
    #[error("{method} is not allowed on {path}; use {allowed}")]
    Method {
        method: String,
        path: String,
        /// The methods that are, joined by "or".
        allowed: String,
    },
    #[error("bad request body: {0}")]
    Body(#[source] serde_json::Error),
    /// A field of the request that is wrong in itself (its name, and why).
    #[error("{why}")]
    Field { field: &'static str, why: String },
    #[error("unknown variant '{name}' (known: {known})")]
    UnknownVariant { name: String, known: String },
    #[error(transparent)]
    Notation(#[from] NotationError),
    /// A player that cannot play: a number out of range, an engine not offered, a program
    /// that does not start.
    #[error("{0}")]
    Player(String),
    /// Setups that do not fit the players or the variant.
    #[error("{0}")]
    Setup(String),
    #[error(transparent)]
    Move(#[from] MoveError),
    #[error("ply {ply} is beyond the game's {plies} plies")]
    NoPly { ply: usize, plies: usize },
    #[error("there is no side line: this is the game's line")]
    NoSideLine,
    #[error("the engines are still choosing their setups")]
    AwaitingSetup,
    /// Right in itself but not now: an engine's turn, a die already rolled, nothing to take
    /// back, a review already running, the analysis not done yet.
    #[error("{0}")]
    NotNow(String),
    #[error("bad record: {0}")]
    BadRecord(String),
    #[error("the record has {count} games, not a game {wanted}")]
    NoSuchGame { count: usize, wanted: usize },
    #[error("the record does not replay: {0}")]
    Replay(String),
    /// The review's search failed (the game is kept; the page says so).
    #[error("the review failed: {0}")]
    Review(String),
    // What stops the arena from starting; said before any address is printed.
    /// An `--engine` of the command line that cannot be offered (its words, and why).
    #[error("--engine {words}: {why}")]
    Engines { words: String, why: String },
    /// An `--engine` program that could not be started or failed its handshake.
    #[error(transparent)]
    Start(#[from] crate::referee::error::StartError),
    #[error(transparent)]
    Tables(#[from] SolveError),
    #[error(
        "port {0} on 127.0.0.1 is already in use (another `ewn gui`?); choose another with --port"
    )]
    PortTaken(u16),
    #[error("listening on 127.0.0.1:{port}: {source}")]
    Listen {
        port: u16,
        #[source]
        source: std::io::Error,
    },
    #[error("reading the operating system's random generator: {0}")]
    Token(String),
    /// The HTTP transport could not start or stopped.
    #[error("the arena's server stopped: {0}")]
    Serve(#[from] crate::app::http::ServeError),
    #[error("writing the address: {0}")]
    Io(#[from] std::io::Error),
}

impl GuiError {
    /// The HTTP status of the refusal: 400 for a request wrong in itself, 409 for one that
    /// does not fit the game now, 422 for a move or record that breaks the rules.
    pub fn status(&self) -> u16 {
        match self {
            GuiError::NoEndpoint(_) => 404,
            GuiError::Method { .. } => 405,
            GuiError::Body(_)
            | GuiError::Field { .. }
            | GuiError::UnknownVariant { .. }
            | GuiError::Notation(_)
            | GuiError::Player(_)
            | GuiError::Setup(_)
            | GuiError::NoPly { .. }
            | GuiError::BadRecord(_)
            | GuiError::NoSuchGame { .. } => 400,
            GuiError::Move(MoveError::Illegal(_)) | GuiError::Replay(_) => 422,
            GuiError::Move(_)
            | GuiError::NoSideLine
            | GuiError::AwaitingSetup
            | GuiError::NotNow(_) => 409,
            // The arena's own failures, never a client's fault.
            GuiError::Review(_)
            | GuiError::Engines { .. }
            | GuiError::Start(_)
            | GuiError::Tables(_)
            | GuiError::PortTaken(_)
            | GuiError::Listen { .. }
            | GuiError::Token(_)
            | GuiError::Serve(_)
            | GuiError::Io(_) => 500,
        }
    }

    /// A field of the request that is wrong.
    pub fn field(field: &'static str, why: impl Into<String>) -> GuiError {
        GuiError::Field {
            field,
            why: why.into(),
        }
    }

    /// A request that does not fit the game now.
    pub fn not_now(why: impl Into<String>) -> GuiError {
        GuiError::NotNow(why.into())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn each_kind_has_its_status() {
        assert_eq!(GuiError::NoEndpoint("/x".into()).status(), 404);
        assert_eq!(GuiError::field("seed", "bad").status(), 400);
        assert_eq!(
            GuiError::Move(MoveError::Illegal("a5b4".into())).status(),
            422
        );
        assert_eq!(GuiError::Move(MoveError::Over).status(), 409);
        assert_eq!(GuiError::AwaitingSetup.status(), 409);
        assert_eq!(GuiError::Replay("x".into()).status(), 422);
        assert_eq!(GuiError::PortTaken(7360).status(), 500);
        assert!(GuiError::PortTaken(7360).to_string().contains("--port"));
        assert_eq!(
            GuiError::NoPly { ply: 9, plies: 3 }.to_string(),
            "ply 9 is beyond the game's 3 plies"
        );
    }
}
