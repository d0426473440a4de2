//! What can be wrong with what a battle server or a battle client sent, as types (see
//! ARCHITECTURE.md, "Errors"). Everything quoted from the other side is cut and made printable
//! before it is kept.

use crate::rules::color::Color;
use crate::rules::error::PositionError;

/// A battle message (a board with a die, or an answer) that is no message, or a client that never
/// named itself. Its `Display` is what `ewn connect` and the battle server report.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum BattleError {
    #[error("the board is nested too deep")]
    NestedTooDeep,
    #[error("'{0}' stands outside the rows")]
    OutsideRows(String),
    #[error("the board is not a list of lists")]
    NotListOfLists,
    #[error("the board has {0} rows, not 5")]
    Rows(usize),
    #[error("row {row} has {squares} squares, not 5")]
    RowWidth { row: usize, squares: usize },
    #[error("'{square}' in row {row} is not 0..12")]
    Square { square: String, row: usize },
    #[error("cube {0} stands on the board twice")]
    CubeTwice(u8),
    #[error("{0}")]
    Position(#[from] PositionError),
    #[error("the game on this board is already over")]
    Over,
    /// Bytes where a message should start.
    #[error("'{0}' is no message")]
    NoMessage(String),
    #[error("'{0}' is no board")]
    NoBoard(String),
    #[error("no board ends in {0} bytes")]
    BoardTooLong(usize),
    #[error("the board is followed by '{0}', not '|'")]
    NoBar(String),
    #[error("no die after '|'")]
    NoDie,
    #[error("die '{0}' is not 1..12")]
    Die(String),
    #[error("'{0}' is no answer")]
    NoAnswer(String),
    #[error("cube {0} is not 1..12")]
    Cube(u8),
    #[error("'{0}' is no direction")]
    NoDirection(String),
    #[error("the answer is too long")]
    AnswerTooLong,
    /// An answer naming a cube of the side not to move.
    #[error("cube {cube} is {}'s, and {} is to move", .owner.name(), .to_move.name())]
    NotYourCube {
        cube: u8,
        owner: Color,
        to_move: Color,
    },
    #[error("cube {0} is not on the board")]
    CubeGone(u8),
    #[error("cube {cube} cannot move {direction} off the board")]
    OffBoard { cube: u8, direction: String },
    #[error("{direction} is not a direction of cube {cube}")]
    WrongDirection { cube: u8, direction: String },
    #[error("sent more than {0} bytes as its name")]
    NameTooLong(usize),
    #[error("sent no name in {0} ms")]
    NoName(u128),
    #[error("closed the connection before its name")]
    ClosedBeforeName,
    #[error("reading its name: {0}")]
    ReadingName(String),
}
