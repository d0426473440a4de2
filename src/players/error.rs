//! What can be wrong in the players' hands, as types (see ARCHITECTURE.md, "Errors"): what a
//! battle server or client sent (`BattleError`), a time control (`TcError`) and a player's words
//! on the command line (`SpecError`). Everything quoted from the other side is cut and made printable
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

/// A `--tc` (or `tc=`) value that is no time control.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum TcError {
    /// `time` is not a number of seconds (`why` says how, as the number parser does).
    #[error("bad time '{time}' in --tc '{tc}': {why}")]
    NotANumber {
        time: String,
        tc: String,
        why: std::num::ParseFloatError,
    },
    #[error("bad time '{time}' in --tc '{tc}'")]
    BadTime { time: String, tc: String },
    /// The base or the increment (`what`) over its limit, `max_s` seconds.
    #[error("--tc '{tc}': the {what} must be at most {max_s} s")]
    TooLong {
        tc: String,
        what: &'static str,
        max_s: u64,
    },
    #[error("--tc '{0}' gives no time")]
    NoTime(String),
}

/// A player's words (`--engine ...`, see `players::spec`) that name no player or set something
/// wrong. Each names the word or the setting to correct.
#[derive(Debug, thiserror::Error)]
pub enum SpecError {
    /// `what` names the setting (`name=`, `--engine-name`).
    #[error("{what} is empty")]
    NameEmpty { what: String },
    #[error("{what} is longer than {max} characters", max = crate::rules::MAX_NAME)]
    NameTooLong { what: String },
    #[error("finding this program for 'self': {0}")]
    CurrentExe(std::io::Error),
    #[error("empty engine command")]
    EmptyCommand,
    /// A command with a quote that is not closed: the command as given.
    #[error(
        "the command {0} has a quote that is not closed (a word with spaces is quoted as a shell \
         quotes it: cmd=\"'./my engine' --threads 1\")"
    )]
    UnclosedQuote(String),
    /// A command whose program is written `NAME=COMMAND` where only a command is taken.
    #[error(
        "'{word}' is a name and a command (NAME=COMMAND); write name={name} cmd={player} where a \
         player takes settings, or the command alone here"
    )]
    NameAndCommand {
        word: String,
        name: String,
        player: String,
    },
    #[error("'{count}' is not a positive simulation count in '{spec}'")]
    Simulations { count: String, spec: String },
    #[error("'{word}': no command after '{name}=' (write name={name} cmd=COMMAND)")]
    NoCommandAfterName { word: String, name: String },
    #[error("'{0}' is not a key=value setting (the player comes first, or as cmd=)")]
    NotASetting(String),
    /// A `key=value` word whose key is no setting: a mistyped one, with the key it is near.
    #[error("'{word}': unknown setting ({hint})")]
    UnknownSetting { word: String, hint: String },
    #[error("dir={0}: no such folder")]
    NoSuchDir(String),
    #[error("{0}= given twice")]
    GivenTwice(String),
    #[error("name= given twice (or with the NAME of NAME=COMMAND)")]
    NameTwice,
    /// A value of a setting that is not of its form: `key=value: expected ...`.
    #[error("{key}={value}: expected {expected}")]
    Value {
        key: &'static str,
        value: String,
        expected: String,
    },
    #[error("stderr= needs a file")]
    StderrEmpty,
    #[error("stderr={0}: not a regular file (a FIFO, a device or a folder)")]
    StderrNotRegular(String),
    #[error("{key}={value}: the time per move must be 1..{max} ms", max = crate::players::MAX_MOVE_MS)]
    MoveTime { key: String, value: String },
    #[error("option.{0}: value has a line break")]
    OptionLineBreak(String),
    #[error(transparent)]
    Tc(#[from] TcError),
    #[error("no command: give the engine's command first or as cmd= (name=mine cmd=./my-engine)")]
    NoPlayer,
    /// `name=mine=./engine`: the two ways of naming an engine mixed.
    #[error("name={0}: a name has no '='; write name=NAME cmd=COMMAND, or NAME=COMMAND")]
    NameWithCommand(String),
    /// A player's settings joined by commas (`name=mine,cmd=./engine`): read as one value.
    #[error("{0}: a player's settings are separate words (name=A cmd=B), not joined by commas")]
    CommaJoined(String),
    /// A setting (`arg=`, `option.<Name>=`, `dir=`, ...) for a player that has no use for it;
    /// `setting` says which and what it is for.
    #[error("{setting} is only for {only}, not '{player}'")]
    NotFor {
        setting: String,
        only: &'static str,
        player: String,
    },
    /// A player that must be named (the arena's) without a name; `words` as given.
    #[error(
        "'{0}' has no name: write name=NAME cmd=COMMAND (or NAME=COMMAND), for example \
         name=strong cmd=./my-engine"
    )]
    NoName(String),
    #[error("name={0}: a name is 1..40 letters, digits or - _ . : +")]
    BadName(String),
}
