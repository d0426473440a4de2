//! What can go wrong with an endgame table: its file, or values that do not fit its layout.

use std::path::PathBuf;

#[derive(Debug, thiserror::Error)]
pub enum TableError {
    #[error("{action} {}: {error}", path.display())]
    Io {
        action: &'static str,
        path: PathBuf,
        error: std::io::Error,
    },
    #[error("{} is not an ewn table file", .0.display())]
    NotATable(PathBuf),
    #[error(
        "{} is a table of format version {found}; this build reads version {reads} \
         only: build the table again with `ewn tables build`",
        path.display()
    )]
    Version {
        path: PathBuf,
        found: u32,
        reads: u32,
    },
    #[error("{}: a table of {cubes} cubes is not one this build knows", path.display())]
    Cubes { path: PathBuf, cubes: usize },
    #[error(
        "{}: its header says {found} values, but a {cubes}-cube table has {want}: the header is \
         damaged (build the table again with `ewn tables build`)",
        path.display()
    )]
    Count {
        path: PathBuf,
        cubes: usize,
        want: usize,
        found: u64,
    },
    #[error(
        "{}: a {cubes}-cube table has {want} values ({} bytes after the header), the file holds \
         {held} bytes after it ({}): build the table again",
        path.display(),
        4 * want,
        if *held < 4 * *want as u64 { "truncated" } else { "bytes beyond the table" }
    )]
    Size {
        path: PathBuf,
        cubes: usize,
        want: usize,
        held: u64,
    },
    #[error("{}: bad checksum, the file is damaged: build the table again", .0.display())]
    Checksum(PathBuf),
    #[error("a {cubes}-cube table has {want} entries, not {got}")]
    Length {
        cubes: usize,
        want: usize,
        got: usize,
    },
    #[error("no table in {}: expected a file {expected} (from `ewn tables build`)", dir.display())]
    NoTable { dir: PathBuf, expected: String },
}

impl TableError {
    /// An input or output error while `action` (creating, reading, writing) `path`.
    pub fn io(action: &'static str, path: &std::path::Path) -> impl FnOnce(std::io::Error) -> Self {
        let path = path.to_path_buf();
        move |error| TableError::Io {
            action,
            path,
            error,
        }
    }
}
