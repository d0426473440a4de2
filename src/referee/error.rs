//! What goes wrong in the referee's hands, as types (see ARCHITECTURE.md, "Errors"): settings that
//! make no match, a positions file or a record file that cannot be used, engines that do not
//! start, and what stops a match once begun ([`RunError`]).

use crate::record::{RecordError, excerpt, short_message};
use crate::rules::notation::NotationError;
use crate::text_file::TextFileError;

/// An engine program that cannot take part: the organiser's error, found before any game, not a
/// loss of the engine's.
#[derive(Debug, thiserror::Error)]
pub enum StartError {
    /// The program could not be started, died before its handshake or never completed it.
    #[error("engine '{player}' could not be started (command: {command}): {reason}")]
    Engine {
        /// The player's name in the match.
        player: String,
        /// The command as given.
        command: String,
        /// What went wrong: the system's error, the exit, or the handshake not answered.
        reason: String,
    },
    /// More than one engine failed: the first, then the others' messages.
    #[error("{first}; and {}", more.join("; and "))]
    Several {
        first: Box<StartError>,
        more: Vec<String>,
    },
}

/// Records that do not make one report: what `Report::build` refuses.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum ReportError {
    #[error("no anchor player")]
    NoAnchor,
    #[error("player '{0}' is not in this match")]
    UnknownPlayer(String),
    #[error("game {0} appears twice (a file given twice, or the same games in two files)")]
    Twice(u64),
    #[error(
        "games {first} and {other} come from different matches ({first_match} and {other_match})"
    )]
    MixedMatches {
        first: u64,
        other: u64,
        first_match: String,
        other_match: String,
    },
    #[error("game 0: match games are numbered from 1")]
    GameZero,
    #[error("game {number}: '{name}' plays itself")]
    PlaysItself { number: u64, name: String },
    #[error(
        "games {0} and {1} should be a pair (same players, setups and dice, colours swapped) but \
         are not"
    )]
    NotAPair(u64, u64),
}

/// A value of the referee's command line that does not read.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum ValueError {
    /// `--sprt`: what is wrong with it.
    #[error("bad SPRT '{text}': {why}")]
    Sprt { text: String, why: String },
    /// `--shard`.
    #[error("bad shard '{0}': expected K/N with 1 <= K <= N")]
    Shard(String),
}

/// Match settings that make no match: what `Tournament::validate` and the battle server's
/// `Event::validate` refuse before any engine is started.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum SettingsError {
    #[error("the name {0} is given twice: give each player its own name=")]
    NameTwice(String),
    /// Each limit carries its bound (the constants of `plan`).
    #[error("games per encounter must be 2..{max} (whole pairs)")]
    Games { max: u64 },
    #[error("the grace must be 0..{max_ms} ms")]
    Grace { max_ms: u64 },
    #[error("the concurrency must be 1..{max}")]
    Concurrency { max: usize },
    #[error("at most {max} players")]
    TooManyPlayers { max: usize },
    #[error("a match needs at least two players")]
    TooFewPlayers,
    /// The battle server's `--players`, out of `1..max`.
    #[error("--players must be 1..{max}")]
    Clients { max: usize },
    #[error("a round robin or a knockout needs at least 2 players (or --judge)")]
    TooFewClients,
    #[error("one name per player")]
    Names,
    #[error("games come in pairs")]
    OddGames,
    #[error("no such anchor player")]
    Anchor,
    #[error(
        "shard {k}/{n}: the match has only {pairs} pairs of games, so this shard has none; use at \
         most {pairs} shards"
    )]
    EmptyShard { k: u64, n: u64, pairs: u64 },
    #[error("--sprt is for a match of two players")]
    SprtPlayers,
    #[error(
        "--sprt cannot stop a shard early (it does not see the other shards); run the shards \
         without it and apply it with `ewn stats --sprt`"
    )]
    SprtShard,
    #[error(
        "--rounds {rounds}: a Swiss event of {players} players plays 1..{max} rounds (more would \
         repeat a pairing)"
    )]
    SwissRounds {
        rounds: u64,
        players: usize,
        max: u64,
    },
    /// `schedule` is the event's name: "swiss", "knockout".
    #[error("a {schedule} event takes no --sprt, --shard or --first-to")]
    EventOptions { schedule: &'static str },
    #[error("--first-to is for a match of two players")]
    FirstToPlayers,
    /// `needed`: 2n - 1.
    #[error("--first-to {n}: the match needs at least {needed} games")]
    FirstToGames { n: u64, needed: u64 },
    #[error("--first-to ends the match itself: it takes no --sprt or --shard")]
    FirstToOptions,
    #[error("--engine-setups and --positions both choose the start: give one")]
    SetupsAndPositions,
    /// `variant` is the name of the variant played.
    #[error(
        "--engine-setups is for the standard game; in {variant} the setups are drawn from the seed \
         or given with --positions"
    )]
    EngineSetups { variant: String },
}

/// A positions file (`--positions`) that gives no start; `line` is 1-based.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum OpeningsError {
    /// A position string or a setup that does not read.
    #[error("line {line}: {}", short_message(error.to_string()))]
    Notation { line: usize, error: NotationError },
    #[error("line {line}: the game is already over")]
    Over { line: usize },
    /// `text` is the line as written.
    #[error(
        "line {line}: '{}': expected a position string or two setups",
        excerpt(text)
    )]
    Form { line: usize, text: String },
    #[error("line {line}: bad first mover '{}': expected r or b", excerpt(word))]
    FirstMover { line: usize, word: String },
    #[error("the positions file has no position")]
    Empty,
}

/// Why a file is not a record of games (see `record_file`): a game that does not read, a game
/// number given twice, or text after the last game that no interrupted writer leaves.
#[derive(Debug, thiserror::Error)]
pub enum NotRecord {
    #[error(transparent)]
    Game(#[from] RecordError),
    #[error("line {line}: game {number} twice")]
    Twice { line: usize, number: u64 },
    /// `why` says what was expected; `text` is the line (an excerpt).
    #[error("line {line}: {why} ({text})")]
    Tail {
        line: usize,
        why: &'static str,
        text: String,
    },
}

/// A record file a match cannot write to or resume from. `name` is the file as given.
#[derive(Debug, thiserror::Error)]
pub enum RecordFileError {
    #[error("opening the record {name}: {error}")]
    Open { name: String, error: std::io::Error },
    #[error(
        "the record {name} is in use by another runner (it holds the file's lock); wait for it \
         to end or give another --record"
    )]
    InUse { name: String },
    #[error("locking the record {name}: {error}")]
    Lock { name: String, error: std::io::Error },
    #[error("cutting the record {name}: {error}")]
    Cut { name: String, error: std::io::Error },
    #[error("emptying the record {name}: {error}")]
    Empty { name: String, error: std::io::Error },
    /// The file could not be read as text (its name is in the error).
    #[error(transparent)]
    Text(#[from] TextFileError),
    /// A new match on a file that is not empty and does not read as text.
    #[error(
        "{error}: the record {name} is not a record of games; nothing was played: give another \
         --record file (or delete this one)"
    )]
    ExistingText { name: String, error: TextFileError },
    /// A new match on a file of something else.
    #[error(
        "{name}: {why}: it is not a record of games; nothing was played: give another --record \
         file (or delete this one)"
    )]
    ExistingOther { name: String, why: NotRecord },
    /// A new match on a record that holds `games` finished games (`bytes` long in all).
    #[error(
        "the record {name} already holds {}; nothing was played: give --resume to continue that \
         match, or another --record file (or delete this one) to start a new match",
        holding(*games, *bytes)
    )]
    Holds {
        name: String,
        games: usize,
        bytes: usize,
    },
    /// `--resume` given a file that is not there: a mistyped name would start the match anew.
    #[error(
        "no record {name} to resume: a match that was started has its record (even if no game \
         ended); check the name, or leave out --resume to start a new match"
    )]
    NoneToResume { name: String },
    /// `--resume` given a file of something else, refused before any engine is started.
    #[error(
        "{name}: {why}: not a record of games, so --resume cannot continue it; nothing was played \
         and the file was left as it was"
    )]
    NotResumable { name: String, why: NotRecord },
    /// The same, found once the lock is held.
    #[error("{name}: {why}")]
    NotRecord { name: String, why: NotRecord },
    /// `theirs` is the game's match id as written (an excerpt), `ours` this match's; `differs`
    /// the first setting the record's header gives otherwise, in words, if it says.
    #[error(
        "{name}: game {game} is of another match: {} (match {theirs}, this one {ours}); resume \
         with the settings it was started with, or give another --record",
        differs.as_deref().unwrap_or(
            "the record does not keep its settings, so which one differs is not known"
        )
    )]
    OtherMatch {
        name: String,
        game: u64,
        theirs: String,
        ours: String,
        differs: Option<String>,
    },
    /// A record of this match's fingerprint whose header gives a setting the fingerprint does
    /// not hold (the variant) otherwise.
    #[error(
        "{name}: the record was started with other settings: {differs}; resume with the settings \
         it was started with, or give another --record"
    )]
    OtherSettings { name: String, differs: String },
}

/// What a record holds, in words: its games, or its bytes when no game is finished.
fn holding(games: usize, bytes: usize) -> String {
    match games {
        0 => format!("{bytes} bytes (no finished game)"),
        1 => "1 game".to_string(),
        n => format!("{n} games"),
    }
}

/// What stops a match, an event or a battle server once it has begun (or before, for its
/// settings): each variant names what could not be done; a lower layer's error is kept whole.
#[derive(Debug, thiserror::Error)]
pub enum RunError {
    #[error(transparent)]
    Settings(#[from] SettingsError),
    #[error(transparent)]
    Start(#[from] StartError),
    #[error(transparent)]
    Report(#[from] ReportError),
    /// `what` is what was being written: "the record", "the progress", "the event's output".
    #[error("writing {what}: {error}")]
    Write {
        what: &'static str,
        error: std::io::Error,
    },
    /// A resumed record's game that this run does not play; `of` names the run ("run",
    /// "event") and `hint` what may differ.
    #[error("the record holds game {number}, which this {of} does not play ({hint})")]
    NotPlayed {
        number: u64,
        of: &'static str,
        hint: &'static str,
    },
    /// A resumed record's game between other players than the run's game of that number.
    #[error(
        "the record's game {number} is between {} and {}, this run's between {red} and {blue}",
        excerpt(record_red),
        excerpt(record_blue)
    )]
    OtherPlayers {
        number: u64,
        record_red: String,
        record_blue: String,
        red: String,
        blue: String,
    },
    /// The battle server's listener: `what` it was doing.
    #[error("{what}: {error}")]
    Listener {
        what: &'static str,
        error: std::io::Error,
    },
    #[error("the listener stopped")]
    ListenerStopped,
    #[error("not every client is connected")]
    Clients,
}
