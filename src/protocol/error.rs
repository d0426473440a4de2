//! What can be wrong with a line of the native protocol, as types: each kind of fault a variant
//! carrying the words and numbers it names, its `Display` the text of the one-line `error` reply.

use crate::brain::solve::SolveError;
use crate::rules::error::{PositionError, VariantFileError};
use crate::rules::notation::NotationError;

/// A native line that does not parse (its form; legality is decided when it runs).
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum ParseError {
    #[error("empty command")]
    Empty,
    #[error("unknown command '{0}'")]
    UnknownCommand(String),
    /// A command that takes no arguments was given some.
    #[error("{0} takes no arguments")]
    NoArguments(String),
    /// The form of a command, as its usage: `perft expects: perft <depth>`.
    #[error("{0}")]
    Usage(&'static str),
    #[error("missing value after '{0}'")]
    MissingValue(String),
    #[error("bad value '{value}' for '{key}'")]
    BadValue { key: String, value: String },
    #[error("'{0}' given twice")]
    GivenTwice(String),
    #[error("{0} must be at least 1")]
    Zero(&'static str),
    #[error("unknown {command} argument '{word}'{expected}")]
    UnknownArgument {
        command: &'static str,
        word: String,
        /// What was expected, with its leading space and brackets, or nothing.
        expected: &'static str,
    },
    #[error("unknown position kind '{0}' (expected startpos, fen or setup)")]
    PositionKind(String),
    #[error("unexpected '{0}' (expected moves)")]
    NotMoves(String),
    #[error("unknown query '{0}'")]
    UnknownQuery(String),
    #[error("query {0} takes no arguments")]
    QueryArguments(String),
    #[error("variant {0} has no dice: no die is given")]
    NoDice(String),
    #[error("die {die} out of range ({range})")]
    DieOutOfRange { die: u8, range: String },
    #[error("go needs a die: go die <{0}> (or go setup)")]
    NoDie(String),
    #[error("perft depth {depth} too deep (at most {max})")]
    PerftTooDeep { depth: u32, max: u32 },
    #[error("unknown option '{0}'")]
    UnknownOption(String),
    #[error("bad value '{value}' for option {option} (an integer {min}..{max})")]
    OptionValue {
        option: &'static str,
        value: String,
        min: u64,
        max: u64,
    },
    /// A setup pair that makes no position (cubes on one square, a finished start).
    #[error("{0}")]
    Position(#[from] PositionError),
    #[error(transparent)]
    Notation(#[from] NotationError),
}

/// What keeps the engine from acting on a well-formed command: a setting it cannot apply, a
/// search it cannot start, a move it cannot look at. Its `Display` is the `error` reply's text.
#[derive(Debug, thiserror::Error)]
pub enum CommandError {
    /// `known` lists the presets and the loaded variants.
    #[error("unknown variant '{name}' (known: {known})")]
    UnknownVariant { name: String, known: String },
    #[error("{0}")]
    VariantFile(#[from] VariantFileError),
    /// The solved table of the variant played that could not be read.
    #[error("{0}")]
    SolvedTable(#[from] SolveError),
    #[error("cannot open decision log '{path}': {error}")]
    DecisionLog { path: String, error: std::io::Error },
    /// `go` with a clock but none for the side to move (`key` is the missing field).
    #[error("no clock for {side} to move ({key} missing)")]
    NoClock {
        side: &'static str,
        key: &'static str,
    },
    /// `side` is the winner's name.
    #[error("the game is over ({side} has won)")]
    GameOver { side: &'static str },
    #[error("illegal move {mv} in position {position}")]
    IllegalMove { mv: String, position: String },
}

/// A job whose thread panicked: the panic's message, for the log and the `error` reply.
#[derive(Debug, thiserror::Error)]
#[error("{0}")]
pub struct JobPanicked(pub String);

/// A `--protocol` value that names no protocol.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[error("unknown protocol '{0}' (expected auto, native or tcg)")]
pub struct UnknownProtocol(pub String);

/// What ends a protocol session before `quit` or the end of input: the controller's pipe that
/// no longer takes replies, a thread the system would not start, or what the session was started
/// with (a variant, a solved table) that cannot be used.
#[derive(Debug, thiserror::Error)]
pub enum ServeError {
    #[error("writing a reply: {0}")]
    Write(std::io::Error),
    /// `what` names the thread: "the input thread", "a worker thread".
    #[error("starting {what}: {error}")]
    Thread {
        what: &'static str,
        error: std::io::Error,
    },
    /// The variant the session was started with that cannot be set (its text is whole, so it
    /// is no source: printed with its causes it is said once).
    #[error("{0}")]
    Command(CommandError),
    #[error(transparent)]
    SolvedTable(#[from] SolveError),
}
