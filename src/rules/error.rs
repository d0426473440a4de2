//! What can be wrong in the rules' hands, as types (see ARCHITECTURE.md, "Errors"): a square name,
//! a position built from setups, a move, setup or position string, a rule set, a variant file.
//! Each variant carries what it names; its `Display` is the sentence a user reads.

use std::fmt;

use crate::rules::{MAX_CUBE, MAX_SIDE, MIN_SIDE};

/// A square name that is not a square of the board.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[error("bad square '{text}' (expected a1..{last})")]
pub struct SquareError {
    /// The name as given.
    pub text: String,
    /// The board's last square name (`e5` on the standard board).
    pub last: String,
}

/// Cubes placed square by square, or setups, that make no position.
#[derive(Clone, Copy, Debug, PartialEq, Eq, thiserror::Error)]
pub enum PositionError {
    #[error("a setup has one number per cube of the variant")]
    SetupLength,
    #[error("a setup holds a number that is not one of the variant's cubes")]
    NotACube,
    #[error("a setup holds a cube twice")]
    CubeTwice,
    /// Both sides have a cube home (or have taken every cube of the other): no game reaches it.
    #[error("both sides have won")]
    BothWon,
}

/// A move, setup or position string in our notation that does not parse.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum NotationError {
    #[error("bad move '{0}' (expected from-square and to-square, e.g. a5b4, or 0000 for a pass)")]
    MoveForm(String),
    #[error("bad move '{text}': {square}")]
    MoveSquare { text: String, square: SquareError },
    #[error("bad move '{0}': squares are not one step apart")]
    NotOneStep(String),
    #[error("bad setup '{text}' (expected {len} characters, an order of {cubes})")]
    SetupLength {
        text: String,
        len: usize,
        /// The variant's cubes as a setup string.
        cubes: String,
    },
    #[error("bad setup '{text}': '{found}' is not a cube of {cubes}")]
    SetupNotACube {
        text: String,
        found: String,
        cubes: String,
    },
    #[error("bad setup '{text}': cube {cube} appears twice")]
    SetupCubeTwice { text: String, cube: u8 },
    #[error("unknown side to move '{0}' (expected r or b)")]
    Side(String),
    #[error("bad position: empty")]
    EmptyPosition,
    #[error("bad position: missing side to move")]
    MissingSide,
    /// Text after the side to move (the position quoted, cut to 40 characters).
    #[error("bad position '{0}': extra fields")]
    ExtraFields(String),
    #[error("bad position '{board}': {ranks} ranks instead of {rows}")]
    RankCount {
        board: String,
        ranks: usize,
        rows: usize,
    },
    #[error("bad position: rank {rank} ends after '{side}'")]
    RankEndsAfter { rank: usize, side: char },
    #[error("bad position: unknown cube '{cube}' on rank {rank}")]
    UnknownCube { cube: String, rank: usize },
    #[error("bad position: rank {rank} has more than {cols} squares")]
    RankTooLong { rank: usize, cols: usize },
    #[error("bad position: a cube on the hole {0}")]
    CubeOnHole(String),
    /// A cube given twice, as `R1`.
    #[error("bad position: duplicate cube {0}")]
    DuplicateCube(String),
    #[error("bad position: unexpected '{found}' on rank {rank}")]
    Unexpected { found: String, rank: usize },
    #[error("bad position: rank {rank} has {squares} squares instead of {cols}")]
    RankWidth {
        rank: usize,
        squares: usize,
        cols: usize,
    },
    #[error("bad position: no cubes on the board")]
    NoCubes,
    #[error("bad position: {0}")]
    Position(#[from] PositionError),
}

/// A rule set that makes no playable game: each check of [`Rules::validate`] one variant, named
/// by the key it blames.
///
/// [`Rules::validate`]: crate::rules::variant::Rules::validate
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum RulesError {
    /// The name, escaped for printing.
    #[error("bad variant name '{0}' (letters, digits, '-', '_' or '.', at most 64)")]
    Name(String),
    #[error("{key} = {value} is outside {MIN_SIDE}..{MAX_SIDE}")]
    Side { key: &'static str, value: u8 },
    #[error("cubes is empty")]
    NoCubes,
    #[error("cube {0} is outside 1..{MAX_CUBE}")]
    CubeOutOfRange(u8),
    #[error("cube {0} is listed twice")]
    CubeTwice(u8),
    #[error("dice d{0}: a die has 1..12 faces")]
    DieFaces(u8),
    #[error("dice 2d{0}: two dice have 1..6 faces each")]
    TwoDiceFaces(u8),
    #[error(
        "cube {cube} could never move: substitute = \"pass\" and the dice {dice} never roll {cube}"
    )]
    NeverMoves { cube: u8, dice: String },
    #[error(
        "cube {cube} is never rolled (dice {dice}) and own_capture = false: cubes that block each \
         other can leave a side passing for ever; allow own captures, or use dice that roll every \
         cube"
    )]
    NeverRolled { cube: u8, dice: String },
    #[error(
        "moves = \"forward\" with goal = \"corner\": a cube that reaches the far rank off the \
         corner can never move again; use goal = \"rank\""
    )]
    ForwardToCorner,
    /// A side's start squares are not one per cube (`key` is `start` or `start_blue`).
    #[error("{}", start_count(key, *squares, *cubes))]
    StartCount {
        key: &'static str,
        squares: usize,
        cubes: usize,
    },
    #[error("{key}: square {square} is off the board")]
    OffBoard { key: &'static str, square: u8 },
    #[error("{key}: square {name} is used twice")]
    StartTwice { key: &'static str, name: String },
    #[error("holes: {0} is a start square")]
    HoleOnStart(String),
    #[error("holes: {0} is listed twice")]
    HoleTwice(String),
    #[error("holes: {0} is a goal square")]
    HoleOnGoal(String),
    #[error("{key}: {name} is already on that side's goal")]
    StartOnGoal { key: &'static str, name: String },
}

fn start_count(key: &str, squares: usize, cubes: usize) -> String {
    let (more, fewer) = if squares > cubes {
        ("start squares", "cubes")
    } else {
        ("cubes", "start squares")
    };
    format!("{key} has {squares} squares for {cubes} cubes (more {more} than {fewer})")
}

/// What is wrong in a variant file (or the one-line definition a record carries): the file, the
/// line when one is to blame, the table, and the fault.
#[derive(Debug, thiserror::Error)]
pub struct VariantFileError {
    /// How the file is named in the message (its path, or `the record`).
    pub file: String,
    pub line: Option<usize>,
    /// The table, as written (printed escaped).
    pub table: Option<String>,
    pub fault: FileFault,
}

/// The kinds of [`VariantFileError`].
#[derive(Debug)]
pub enum FileFault {
    /// The file could not be read.
    Io(std::io::Error),
    NotRegular,
    TooLarge,
    /// The TOML does not parse: the parser's message.
    Toml(String),
    /// More tables than a file may define (`max`).
    TooManyTables {
        count: usize,
        max: usize,
    },
    /// A top-level key that is not a table.
    NotTable,
    RedefinesPreset,
    InheritsItself,
    ParentNotName,
    /// A parent that is neither a preset nor a table of the file.
    UnknownParent(String),
    /// A key whose value is not of the expected form; `expected` says what would be.
    BadValue {
        key: String,
        expected: &'static str,
    },
    /// A key no table takes; `expected` lists those it may.
    UnknownKey {
        key: String,
        expected: String,
    },
    /// A triangle of start squares that does not fit the board.
    Triangle(String),
    /// A square name under `key` that is not a square of the board.
    Square {
        key: &'static str,
        error: Box<SquareError>,
    },
    /// Blue's start squares, not written and so the half turn of Red's, that fall on one of
    /// Red's; `written` is the key to change (`cubes` when Red's are the triangle, else `start`).
    HalfTurnClash {
        written: &'static str,
        cubes: usize,
        rows: u8,
        cols: u8,
        /// The square both sides would start on.
        square: String,
    },
    /// The resolved rules make no playable game.
    Rules(RulesError),
}

impl fmt::Display for VariantFileError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}", self.file)?;
        if let Some(line) = self.line {
            write!(f, ":{line}")?;
        }
        write!(f, ": ")?;
        let table = self.table.as_deref().unwrap_or("").escape_debug();
        match &self.fault {
            FileFault::Io(e) => write!(f, "{e}"),
            FileFault::NotRegular => write!(f, "not a regular file"),
            FileFault::TooLarge => write!(f, "larger than 1 MiB, not a variant file"),
            FileFault::Toml(m) => write!(f, "{m}"),
            FileFault::TooManyTables { count, max } => {
                write!(f, "{count} variant tables; a file may define at most {max}")
            }
            FileFault::NotTable => {
                write!(f, "'{table}' is not a table (write [{table}] and its keys)")
            }
            FileFault::RedefinesPreset => {
                let name = self.table.as_deref().unwrap_or("");
                write!(
                    f,
                    "[{name}] redefines a built-in variant (choose another name, with parent = \"{name}\")"
                )
            }
            FileFault::InheritsItself => write!(f, "[{table}] inherits from itself"),
            FileFault::ParentNotName => write!(f, "[{table}] parent: expected a variant name"),
            FileFault::UnknownParent(p) => {
                write!(
                    f,
                    "[{table}] parent: unknown variant '{}'",
                    p.escape_debug()
                )
            }
            FileFault::BadValue { key, expected } => write!(f, "[{table}] {key}: {expected}"),
            FileFault::UnknownKey { key, expected } => write!(
                f,
                "[{table}] unknown key '{key}' (expected one of {expected})"
            ),
            FileFault::Triangle(e) => write!(f, "[{table}] start: {e}"),
            FileFault::Square { key, error } => write!(f, "[{table}] {key}: {error}"),
            FileFault::HalfTurnClash {
                written,
                cubes,
                rows,
                cols,
                square,
            } => write!(
                f,
                "[{table}] {written}: {cubes} cubes a side do not fit apart on a {rows}x{cols} \
                 board: Blue's start squares (the half turn of Red's, as start_blue is not \
                 given) take {square} too; give fewer cubes, a larger board, or start_blue"
            ),
            FileFault::Rules(e) => write!(f, "[{table}] {e}"),
        }
    }
}
