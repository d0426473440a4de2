//! What keeps a game from being reviewed, as types (see ARCHITECTURE.md, "Errors").

use crate::brain::luck::LuckError;
use crate::record::ReplayError;

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
