//! What can go wrong solving a variant or with its solved table's file.

use std::path::PathBuf;

#[derive(Debug, thiserror::Error)]
pub enum SolveError {
    #[error("{action} {}: {error}", path.display())]
    Io {
        action: &'static str,
        path: PathBuf,
        error: std::io::Error,
    },
    #[error("{} is not an ewn solved table", .0.display())]
    NotASolvedTable(PathBuf),
    #[error(
        "{} is a solved table of format version {found}; this build reads version \
         {reads} only: solve the variant again with `ewn solve`",
        path.display()
    )]
    Version {
        path: PathBuf,
        found: u32,
        reads: u32,
    },
    #[error("{}: a damaged header (variant name)", .0.display())]
    DamagedName(PathBuf),
    #[error("{} solves variant '{found}' with other rules than this '{want}'", path.display())]
    OtherVariant {
        path: PathBuf,
        found: String,
        want: String,
    },
    #[error(
        "{}: the table of {variant} has {want} values, the header says {found}: solve the \
         variant again",
        path.display()
    )]
    Count {
        path: PathBuf,
        variant: String,
        want: u64,
        found: u64,
    },
    #[error(
        "{}: the table of {variant} has {want} values ({} bytes after the header), the file \
         holds {held} bytes after it ({}): solve the variant again",
        path.display(),
        4 * want,
        if *held < 4 * *want { "truncated" } else { "bytes beyond the table" }
    )]
    Size {
        path: PathBuf,
        variant: String,
        want: u64,
        held: u64,
    },
    #[error(
        "{}: the table of {variant} is indexed with (sides to move, mirror) {found:?}, this \
         build indexes it with {want:?}: solve the variant again",
        path.display()
    )]
    OtherIndex {
        path: PathBuf,
        variant: String,
        found: (u32, u32),
        want: (u32, u32),
    },
    #[error("{}: bad checksum, the file is damaged: solve the variant again", .0.display())]
    Checksum(PathBuf),
    #[error("cannot allocate {count} {what}")]
    Alloc { count: u64, what: &'static str },
    #[error("{slots:.3e} slots are more than this build indexes")]
    TooManySlots { slots: f64 },
    #[error("too many moves to index")]
    TooManyMoves,
    #[error(
        "variant {variant}: a game can go on forever ({endless} of its {reachable} reachable \
         positions let both sides keep it going whatever the dice, e.g. slot {example}), and a \
         game that never ends has no score"
    )]
    Endless {
        variant: String,
        endless: usize,
        reachable: usize,
        example: u64,
    },
    #[error("variant {variant}: the values did not converge in {sweeps} sweeps (gap {gap:.3e})")]
    NoConvergence {
        variant: String,
        sweeps: u32,
        gap: f64,
    },
    #[error("an empty or ragged matrix")]
    RaggedMatrix,
    #[error("the linear program failed: {0}")]
    LinearProgram(microlp::Error),
    #[error("the linear program was interrupted")]
    Interrupted,
    #[error("the linear program gave no strategy")]
    NoStrategy,
    /// A board the rules refuse (the rules say why in words).
    #[error("{0}")]
    Rules(String),
}

impl SolveError {
    /// An input or output error while `action` (creating, reading, writing) `path`.
    pub fn io(action: &'static str, path: &std::path::Path) -> impl FnOnce(std::io::Error) -> Self {
        let path = path.to_path_buf();
        move |error| SolveError::Io {
            action,
            path,
            error,
        }
    }
}
