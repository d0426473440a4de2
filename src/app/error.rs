//! What stops the terminal game and a battle client, as types (see ARCHITECTURE.md, "Errors");
//! the review's and the arena's enums live beside them, in `review/error.rs` and `gui/error.rs`.

use std::path::PathBuf;

use crate::referee::error::RecordFileError;

/// What stops `ewn play`: the terminal, the decision log or the record.
#[derive(Debug, thiserror::Error)]
pub enum PlayError {
    /// Reading the person's input or writing the board failed.
    #[error("{0}")]
    Terminal(std::io::Error),
    #[error("opening decision log {}: {error}", path.display())]
    DecisionLog {
        path: PathBuf,
        error: std::io::Error,
    },
    /// The record could not be locked or emptied before the game.
    #[error(transparent)]
    Record(#[from] RecordFileError),
    #[error("writing record {}: {error}", path.display())]
    WriteRecord {
        path: PathBuf,
        error: std::io::Error,
    },
}

impl From<std::io::Error> for PlayError {
    fn from(e: std::io::Error) -> PlayError {
        PlayError::Terminal(e)
    }
}

/// What stops `ewn connect` before or between games (a connection that ends is the session's
/// end, not an error).
#[derive(Debug, thiserror::Error)]
pub enum ConnectError {
    #[error("the name must not be empty or contain '|'")]
    Name,
    #[error("'{addr}' is no HOST:PORT address: {error}")]
    Address { addr: String, error: std::io::Error },
    #[error("'{0}' names no address")]
    NoAddress(String),
    #[error("connecting to {addr}: {error}")]
    Connect { addr: String, error: std::io::Error },
    #[error("sending the name: {0}")]
    SendName(std::io::Error),
    #[error("waiting for the server: {0}")]
    Wait(std::io::Error),
    /// `what` was being written: "the games", "the record".
    #[error("writing {what}: {error}")]
    Write {
        what: &'static str,
        error: std::io::Error,
    },
}
