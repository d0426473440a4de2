//! What goes wrong in learning's files, as types (see ARCHITECTURE.md, "Errors").

use std::path::PathBuf;

use crate::rules::notation::NotationError;

/// A training data file that cannot be read or written: each variant names the file (and the
/// 1-based line) where that helps.
#[derive(Debug, thiserror::Error)]
pub enum DataError {
    #[error("opening {}: {error}", path.display())]
    Open {
        path: PathBuf,
        error: std::io::Error,
    },
    #[error("reading {}: {error}", path.display())]
    Read {
        path: PathBuf,
        error: std::io::Error,
    },
    #[error("writing the data: {0}")]
    Write(std::io::Error),
    #[error("{} line {line}: expected '<board> <side> <result> <ply>'", path.display())]
    Fields { path: PathBuf, line: usize },
    #[error("{} line {line}: {error}", path.display())]
    Position {
        path: PathBuf,
        line: usize,
        error: NotationError,
    },
    #[error("{} line {line}: the game is over", path.display())]
    Over { path: PathBuf, line: usize },
    /// A result that is no number in 0..=1 (the word as written).
    #[error("{} line {line}: bad result '{word}'", path.display())]
    Result {
        path: PathBuf,
        line: usize,
        word: String,
    },
    #[error("{} line {line}: bad ply '{word}'", path.display())]
    Ply {
        path: PathBuf,
        line: usize,
        word: String,
    },
}
