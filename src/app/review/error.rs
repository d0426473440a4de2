//! What keeps a game, or a record's games, from being reviewed, as types (see ARCHITECTURE.md, "Errors").

use std::path::PathBuf;

use crate::brain::luck::LuckError;
use crate::brain::solve::SolveError;
use crate::record::{RecordFileError, ReplayError};

/// A game that cannot be reviewed: its record does not replay, or a search left out the move
/// played.
#[derive(Debug, thiserror::Error)]
pub enum ReviewError {
    #[error("{0}")]
    Replay(#[from] ReplayError),
    /// The move played (named on the game's board) was not among the searched moves of its ply.
    #[error("ply {ply}: {mv} was not searched")]
    NotSearched { ply: usize, mv: String },
    #[error("{0}")]
    Luck(#[from] LuckError),
}

/// What stops a review of a record's games (`ewn review`, the luck report): its settings, the
/// record file, a solved table, or a game that cannot be reviewed (with its number).
#[derive(Debug, thiserror::Error)]
pub enum ReviewRunError {
    #[error("--threshold must lie in 0..1, not {0}")]
    Threshold(f64),
    /// The record file that does not read (its name and line are in the error).
    #[error(transparent)]
    File(#[from] RecordFileError),
    #[error("no game {game} in {}", file.display())]
    NoGame { game: u64, file: PathBuf },
    #[error("no games in {}", .0.display())]
    NoGames(PathBuf),
    #[error("{}: {error}", path.display())]
    SolvedTable { path: PathBuf, error: SolveError },
    #[error("game {game}: {error}")]
    Game { game: u64, error: ReviewError },
}
