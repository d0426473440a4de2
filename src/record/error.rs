//! What can be wrong with a record, as types (see ARCHITECTURE.md, "Errors"): a line that does not
//! read ([`RecordError`]), a game whose blocks do not make a game ([`GameFault`]), and a game that
//! reads but does not replay by the rules ([`ReplayError`]).

use std::fmt;

use crate::rules::MAX_NAME;
use crate::rules::color::Color;
use crate::rules::error::{NotationError, VariantFileError};
use crate::text_file::{TextFileError, short_message};

use super::Reason;

/// A line of a record file that does not read, or a game that breaks a rule, with its line.
#[derive(Debug, thiserror::Error)]
pub struct RecordError {
    /// The line (1-based) the fault is on.
    pub line: usize,
    pub fault: RecordFault,
}

impl fmt::Display for RecordError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        // The fault may quote a long line: cut to a few excerpts' length.
        write!(
            f,
            "line {}: {}",
            self.line,
            short_message(self.fault.to_string())
        )
    }
}

/// What is wrong on a line of a record.
#[derive(Debug, thiserror::Error)]
pub enum RecordFault {
    #[error("'game' before the previous game's 'end'")]
    GameBeforeEnd,
    #[error("bad game number '{0}'")]
    GameNumber(String),
    #[error("'{0}' outside a game")]
    OutsideGame(String),
    #[error("bad seed '{0}'")]
    Seed(String),
    #[error("bad match id '{0}'")]
    MatchId(String),
    #[error("bad date '{0}': expected YYYY-MM-DD")]
    Date(String),
    #[error("a name longer than {MAX_NAME} characters")]
    LongName,
    #[error("'variant' must come before the start and the moves")]
    VariantLate,
    /// A custom variant's one-line definition that does not read.
    #[error("{0}")]
    Variant(Box<VariantFileError>),
    #[error("an empty variant definition")]
    EmptyVariant,
    #[error("unknown variant '{0}' (a record of a custom variant carries its definition)")]
    UnknownVariant(String),
    #[error("setup needs Red's and Blue's setups")]
    SetupPair,
    #[error("{0}")]
    Notation(#[from] NotationError),
    #[error("bad side '{0}'")]
    Side(String),
    #[error("move needs side, die and move (and optionally its time in ms)")]
    MoveFields,
    #[error("bad die '{0}'")]
    Die(String),
    #[error("bad time '{0}' (milliseconds)")]
    Time(String),
    #[error("bad winner '{0}'")]
    Winner(String),
    #[error("bad reason '{0}'")]
    Reason(String),
    #[error("graph needs win chances 0..1 or '-', one a position")]
    Graph,
    #[error("graph needs one win chance a position: one more than the moves")]
    GraphLength,
    /// A game whose lines do not make a game, found at its `end`.
    #[error("game from line {start}: {fault}")]
    Game { start: usize, fault: GameFault },
    /// A game begun on this line and never ended.
    #[error("the game starting here has no 'end'")]
    NoEnd,
    #[error("unknown line '{0}'")]
    UnknownLine(String),
}

/// A game's lines that do not make a game: a start or a result missing, or two starts.
#[derive(Clone, Copy, Debug, PartialEq, Eq, thiserror::Error)]
pub enum GameFault {
    #[error("game without 'first'")]
    NoFirst,
    #[error("'first' is not the side to move of 'position'")]
    FirstNotToMove,
    #[error("game with both 'setup' and 'position'")]
    BothStarts,
    #[error("game without 'setup' or 'position'")]
    NoStart,
    #[error("game without 'result'")]
    NoResult,
}

/// A game that does not replay by the rules: a ply that could not be played, or a result the
/// final position does not bear out.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum ReplayError {
    #[error("ply {ply}: {fault}")]
    Ply { ply: usize, fault: PlyFault },
    #[error("{0}")]
    Result(#[from] ResultFault),
}

impl ReplayError {
    /// The ply (1-based) the error is about; `None`: the result.
    pub fn ply(&self) -> Option<usize> {
        match self {
            ReplayError::Ply { ply, .. } => Some(*ply),
            ReplayError::Result(_) => None,
        }
    }
}

/// A ply that could not be played.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum PlyFault {
    #[error("the game was already over")]
    AlreadyOver,
    #[error("{} moved but {} was to move", .moved.name(), .to_move.name())]
    WrongSide { moved: Color, to_move: Color },
    /// A die the variant cannot roll; `range` is what it can.
    #[error("die {die} is not {range}")]
    Die { die: u8, range: String },
    /// The move, named on the game's board.
    #[error("{mv} is illegal for die {die}")]
    Illegal { mv: String, die: u8 },
}

/// A result the final position does not bear out.
#[derive(Clone, Copy, Debug, PartialEq, Eq, thiserror::Error)]
pub enum ResultFault {
    #[error("the record says {0} but names no winner")]
    NoWinner(Reason),
    #[error("the record says unfinished but the game was over by the rules")]
    UnfinishedButOver,
    #[error("the record says unfinished but names {} the winner", .0.name())]
    UnfinishedWithWinner(Color),
    #[error("the record says {} won by {reason} but the final position does not", .winner.name())]
    NotWon { winner: Color, reason: Reason },
    #[error("the record says {0} but the game ended otherwise")]
    EndedOtherwise(Reason),
    #[error("the record says {0} but the game was over by the rules")]
    OverByRules(Reason),
    #[error("the record says {} lost by {reason} but it was not {}'s turn", .loser.name(), .loser.name())]
    NotTheirTurn { loser: Color, reason: Reason },
}

/// [`ReplayError`] placed in a file: the line of the ply (or of the result) and the game.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[error("line {line}: game {game}: {error}")]
pub struct LocatedReplayError {
    pub line: usize,
    pub game: u64,
    pub error: ReplayError,
}

/// A record file that could not be read: the file itself, a line of it, or no game in it.
#[derive(Debug, thiserror::Error)]
pub enum RecordFileError {
    #[error(transparent)]
    Text(#[from] TextFileError),
    #[error("{file}: {error}")]
    Record { file: String, error: RecordError },
    #[error("no finished game in {0} (a match whose record holds no ended game yet?)")]
    NoGames(String),
}
