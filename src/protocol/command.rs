//! The native protocol's input side: one line in, one typed [`Command`] out. Every line is parsed
//! here, the analysis commands and the options' values included.
//!
//! Parsing checks the form of a line (words, numbers, squares, setups, an option's name and range);
//! whether a move is legal in the current position or a search may start is decided when the
//! command runs, because only then is the position known. Every error message names what was
//! wrong so that the engine can pass it on verbatim in its one-line `error` reply.

use std::str::FromStr;

use crate::protocol::options::{
    DECISION_LOG, HASH, LEVEL, LEVEL_SEED, MOVE_OVERHEAD, TABLE_PATH, THREADS, TableChoice,
    UCI_VARIANT, VARIANT_PATH,
};
use crate::rules::board::{Board, Color, Move};
use crate::rules::notation;
use crate::rules::variant::Variant;

/// The deepest `perft` the protocol runs. A perft runs on a worker thread and `stop` ends it, so
/// the bound is not time but the count: a ply has at most 36 paths (six faces, each moving at
/// most two cubes three ways), and 36^12 still fits in 64 bits.
pub const MAX_PERFT_DEPTH: u32 = 12;

pub use crate::protocol::error::ParseError;

fn fail<T>(e: ParseError) -> Result<T, ParseError> {
    Err(e)
}

/// Which handshake the controller used; the reply ends with the matching `...ok`.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Handshake {
    Ugi,
    Uci,
}

/// How many root moves a search reports with exact values.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum MultiPv {
    Count(usize),
    All,
}

/// The arguments of `go die <n> ...`, as given; turned into search limits once the side to move
/// is known (it picks the clock).
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct GoParams {
    pub die: u8,
    pub movetime: Option<u64>,
    pub rtime: Option<u64>,
    pub btime: Option<u64>,
    pub rinc: Option<u64>,
    pub binc: Option<u64>,
    pub movestogo: Option<u32>,
    pub depth: Option<u32>,
    pub nodes: Option<u64>,
    pub infinite: bool,
    pub multipv: Option<MultiPv>,
}

impl GoParams {
    /// The remaining time and increment of `side`, if the controller sent that side's clock.
    pub fn clock_of(&self, side: Color) -> (Option<u64>, Option<u64>) {
        match side {
            Color::Red => (self.rtime, self.rinc),
            Color::Blue => (self.btime, self.binc),
        }
    }

    pub fn has_clock(&self) -> bool {
        self.rtime.is_some() || self.btime.is_some()
    }
}

/// The limits of `analyse`, as given (see `protocol::analysis` for what they mean).
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct AnalyseParams {
    pub depth: Option<u32>,
    pub nodes: Option<u64>,
    pub movetime: Option<u64>,
}

/// An option and its new value, checked against the option's range.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Setting {
    /// MiB.
    Hash(u64),
    /// Milliseconds.
    MoveOverhead(u64),
    Threads(usize),
    Level(u32),
    LevelSeed(u64),
    /// The file to append decisions to; `None` turns the log off.
    DecisionLog(Option<String>),
    /// The endgame tables to search with.
    TablePath(TableChoice),
    /// The variant to play, by name (resolved by the engine, which knows the loaded ones).
    Variant(String),
    /// A file of variant definitions to load.
    VariantPath(String),
}

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Query {
    Legal(u8),
    GameOver,
    Result,
    Turn,
    Fen,
}

#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Command {
    Hello(Handshake),
    IsReady,
    SetOption(Setting),
    NewGame,
    /// A start position and the moves played from it (checked for legality when applied).
    Position {
        board: Board,
        moves: Vec<Move>,
    },
    Go(GoParams),
    GoSetup,
    Stop,
    Quit,
    Query(Query),
    Display,
    Perft(u32),
    /// `analyse [limits]`: the position before the roll.
    Analyse(AnalyseParams),
    /// `threats [move]`.
    Threats(Option<Move>),
    /// `help`: the commands and where they are documented, for a person at a terminal.
    Help,
}

fn parse_num<T: FromStr>(word: Option<&str>, what: &str) -> Result<T, ParseError> {
    match word {
        None => fail(ParseError::MissingValue(what.into())),
        Some(w) => w.parse().map_err(|_| ParseError::BadValue {
            key: what.into(),
            value: w.into(),
        }),
    }
}

/// A roll of variant `v`: one of its outcomes (a die face, the sum of two dice).
fn parse_die(word: Option<&str>, v: &Variant) -> Result<u8, ParseError> {
    if !v.has_dice() {
        return fail(ParseError::NoDice(v.name().into()));
    }
    let die: u8 = parse_num(word, "die")?;
    if !v.is_outcome(die) {
        return fail(ParseError::DieOutOfRange {
            die,
            range: v.outcome_range(),
        });
    }
    Ok(die)
}

fn parse_position(words: &[&str], v: &'static Variant) -> Result<Command, ParseError> {
    let (board, rest) = match words {
        ["startpos", rest @ ..] => (Board::startpos_in(v), rest),
        ["fen", board, side, rest @ ..] => (notation::parse_fen_parts_in(v, board, side)?, rest),
        ["fen", ..] => return fail(ParseError::Usage("position fen needs <board> <side>")),
        ["setup", red, blue, side, rest @ ..] => {
            let red = notation::parse_setup_in(v, red)?;
            let blue = notation::parse_setup_in(v, blue)?;
            let side = notation::parse_side(side)?;
            let board =
                Board::from_setups_in(v, &red, &blue, side).map_err(ParseError::Position)?;
            (board, rest)
        }
        ["setup", ..] => return fail(ParseError::Usage("position setup needs <red> <blue> <r|b>")),
        [] => return fail(ParseError::Usage("position needs startpos, fen or setup")),
        [other, ..] => return fail(ParseError::PositionKind(other.to_string())),
    };
    let moves = match rest {
        [] => Vec::new(),
        ["moves", list @ ..] => list
            .iter()
            .map(|m| notation::parse_move_in(v, m))
            .collect::<Result<_, _>>()?,
        [other, ..] => return fail(ParseError::NotMoves(other.to_string())),
    };
    Ok(Command::Position { board, moves })
}

fn parse_go(words: &[&str], v: &Variant) -> Result<Command, ParseError> {
    if words == ["setup"] {
        return Ok(Command::GoSetup);
    }
    let mut p = GoParams::default();
    let mut die = None;
    let mut it = words.iter().copied();
    // A repeated keyword is almost certainly a controller bug; refusing it beats guessing which
    // of the two values was meant.
    fn once<T>(slot: &mut Option<T>, v: T, key: &str) -> Result<(), ParseError> {
        if slot.replace(v).is_some() {
            return fail(ParseError::GivenTwice(key.into()));
        }
        Ok(())
    }
    while let Some(key) = it.next() {
        match key {
            "die" => once(&mut die, parse_die(it.next(), v)?, key)?,
            "movetime" => once(&mut p.movetime, parse_num(it.next(), key)?, key)?,
            "rtime" => once(&mut p.rtime, parse_num(it.next(), key)?, key)?,
            "btime" => once(&mut p.btime, parse_num(it.next(), key)?, key)?,
            "rinc" => once(&mut p.rinc, parse_num(it.next(), key)?, key)?,
            "binc" => once(&mut p.binc, parse_num(it.next(), key)?, key)?,
            "movestogo" => once(&mut p.movestogo, parse_num(it.next(), key)?, key)?,
            "depth" => {
                let d: u32 = parse_num(it.next(), key)?;
                if d == 0 {
                    return fail(ParseError::Zero("depth"));
                }
                once(&mut p.depth, d, key)?
            }
            "nodes" => once(&mut p.nodes, parse_num(it.next(), key)?, key)?,
            "infinite" => {
                if p.infinite {
                    return fail(ParseError::GivenTwice("infinite".into()));
                }
                p.infinite = true;
            }
            "multipv" => {
                let mpv = match it.next() {
                    Some("all") => MultiPv::All,
                    w => {
                        let k: usize = parse_num(w, key)?;
                        if k == 0 {
                            return fail(ParseError::Usage("multipv must be at least 1 (or all)"));
                        }
                        MultiPv::Count(k)
                    }
                };
                once(&mut p.multipv, mpv, key)?
            }
            "setup" => return fail(ParseError::Usage("go setup takes no other arguments")),
            other => {
                return fail(ParseError::UnknownArgument {
                    command: "go",
                    word: other.into(),
                    expected: "",
                });
            }
        }
    }
    match die {
        Some(d) => p.die = d,
        // Without dice the mover picks any cube: outcome 0.
        None if !v.has_dice() => p.die = 0,
        None => {
            return fail(ParseError::NoDie(v.outcome_range().replace("..", "-")));
        }
    }
    Ok(Command::Go(p))
}

fn parse_setoption(words: &[&str]) -> Result<Command, ParseError> {
    // Option names and values are single words here; `value` must be present even if empty
    // would make sense for a button, since every option of this engine but one is a number.
    let (name, value) = match words {
        ["name", name, "value", value] => (*name, *value),
        // The string options may be set to the empty string, their default.
        ["name", name, "value"]
            if name.eq_ignore_ascii_case(DECISION_LOG)
                || name.eq_ignore_ascii_case(TABLE_PATH)
                || name.eq_ignore_ascii_case(VARIANT_PATH) =>
        {
            (*name, "")
        }
        ["name", _, "value"] => return fail(ParseError::Usage("setoption: missing value")),
        ["name", _] => return fail(ParseError::Usage("setoption: missing 'value <v>'")),
        ["name"] | [] => {
            return fail(ParseError::Usage("setoption needs name <option> value <v>"));
        }
        _ => {
            return fail(ParseError::Usage(
                "setoption expects: setoption name <option> value <v>",
            ));
        }
    };
    let setting = if name.eq_ignore_ascii_case(DECISION_LOG) {
        // `<empty>` is how the handshake spells the empty default, so it is taken back as such.
        let off = value.is_empty() || value == "<empty>";
        Setting::DecisionLog((!off).then(|| value.to_string()))
    } else if name.eq_ignore_ascii_case(TABLE_PATH) {
        Setting::TablePath(TableChoice::parse(value))
    } else if name.eq_ignore_ascii_case(UCI_VARIANT) {
        Setting::Variant(value.to_string())
    } else if name.eq_ignore_ascii_case(VARIANT_PATH) {
        Setting::VariantPath(value.to_string())
    } else if HASH.is(name) {
        Setting::Hash(HASH.parse(value)?)
    } else if MOVE_OVERHEAD.is(name) {
        Setting::MoveOverhead(MOVE_OVERHEAD.parse(value)?)
    } else if THREADS.is(name) {
        Setting::Threads(THREADS.parse(value)? as usize)
    } else if LEVEL.is(name) {
        Setting::Level(LEVEL.parse(value)? as u32)
    } else if LEVEL_SEED.is(name) {
        Setting::LevelSeed(LEVEL_SEED.parse(value)?)
    } else {
        return fail(ParseError::UnknownOption(name.into()));
    };
    Ok(Command::SetOption(setting))
}

/// `analyse [depth <n>] [nodes <n>] [movetime <ms>]`, each at most once.
fn parse_analyse(words: &[&str]) -> Result<Command, ParseError> {
    let mut p = AnalyseParams::default();
    let mut it = words.iter().copied();
    while let Some(key) = it.next() {
        let dup = match key {
            "depth" => {
                let d: u32 = parse_num(it.next(), key)?;
                if d == 0 {
                    return fail(ParseError::Zero("depth"));
                }
                p.depth.replace(d).is_some()
            }
            "nodes" => p.nodes.replace(parse_num(it.next(), key)?).is_some(),
            "movetime" => p.movetime.replace(parse_num(it.next(), key)?).is_some(),
            other => {
                return fail(ParseError::UnknownArgument {
                    command: "analyse",
                    word: other.into(),
                    expected: " (expected depth, nodes or movetime)",
                });
            }
        };
        if dup {
            return fail(ParseError::GivenTwice(key.into()));
        }
    }
    Ok(Command::Analyse(p))
}

/// `threats` or `threats <move>`.
fn parse_threats(words: &[&str], v: &Variant) -> Result<Command, ParseError> {
    match words {
        [] => Ok(Command::Threats(None)),
        [m] => Ok(Command::Threats(Some(notation::parse_move_in(v, m)?))),
        _ => fail(ParseError::Usage("threats expects: threats [<move>]")),
    }
}

fn parse_query(words: &[&str], v: &Variant) -> Result<Command, ParseError> {
    let q = match words {
        ["legal", "die", d] => Query::Legal(parse_die(Some(d), v)?),
        ["legal"] if !v.has_dice() => Query::Legal(0),
        ["legal", ..] => {
            return fail(ParseError::Usage(
                "query legal expects: query legal die <n>",
            ));
        }
        ["gameover"] => Query::GameOver,
        ["result"] => Query::Result,
        ["turn"] => Query::Turn,
        ["fen"] => Query::Fen,
        [q @ ("gameover" | "result" | "turn" | "fen"), ..] => {
            return fail(ParseError::QueryArguments(q.to_string()));
        }
        [] => {
            return fail(ParseError::Usage(
                "query needs one of legal, gameover, result, turn, fen",
            ));
        }
        [other, ..] => return fail(ParseError::UnknownQuery(other.to_string())),
    };
    Ok(Command::Query(q))
}

fn no_args(cmd: Command, name: &str, rest: &[&str]) -> Result<Command, ParseError> {
    if rest.is_empty() {
        Ok(cmd)
    } else {
        fail(ParseError::NoArguments(name.into()))
    }
}

impl FromStr for Command {
    type Err = ParseError;

    /// A line of the standard game.
    fn from_str(line: &str) -> Result<Command, ParseError> {
        Command::parse_in(line, Variant::standard())
    }
}

impl Command {
    /// A line read while variant `v` is played: positions, moves and dice are `v`'s.
    pub fn parse_in(line: &str, v: &'static Variant) -> Result<Command, ParseError> {
        let words: Vec<&str> = line.split_whitespace().collect();
        let Some((&head, rest)) = words.split_first() else {
            return fail(ParseError::Empty);
        };
        match head {
            "ugi" => no_args(Command::Hello(Handshake::Ugi), head, rest),
            "uci" => no_args(Command::Hello(Handshake::Uci), head, rest),
            "isready" => no_args(Command::IsReady, head, rest),
            "setoption" => parse_setoption(rest),
            "uginewgame" | "ucinewgame" => no_args(Command::NewGame, head, rest),
            "position" => parse_position(rest, v),
            "go" => parse_go(rest, v),
            "stop" => no_args(Command::Stop, head, rest),
            "quit" => no_args(Command::Quit, head, rest),
            "query" => parse_query(rest, v),
            "d" => no_args(Command::Display, head, rest),
            "analyse" | "analyze" => parse_analyse(rest),
            "threats" => parse_threats(rest, v),
            "help" => no_args(Command::Help, head, rest),
            "perft" => match rest {
                [d] => {
                    let depth: u32 = parse_num(Some(d), "perft")?;
                    if depth > MAX_PERFT_DEPTH {
                        return fail(ParseError::PerftTooDeep {
                            depth,
                            max: MAX_PERFT_DEPTH,
                        });
                    }
                    Ok(Command::Perft(depth))
                }
                _ => fail(ParseError::Usage("perft expects: perft <depth>")),
            },
            other => fail(ParseError::UnknownCommand(other.into())),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn parse(s: &str) -> Command {
        s.parse().unwrap_or_else(|e| panic!("{s}: {e}"))
    }

    fn parse_err(s: &str) -> String {
        match s.parse::<Command>() {
            Ok(c) => panic!("{s} parsed as {c:?}"),
            Err(e) => e.to_string(),
        }
    }

    #[test]
    fn handshakes() {
        assert_eq!(parse("ugi"), Command::Hello(Handshake::Ugi));
        assert_eq!(parse("  uci "), Command::Hello(Handshake::Uci));
    }

    #[test]
    fn help() {
        assert_eq!(parse("help"), Command::Help);
        assert_eq!(parse_err("help me"), "help takes no arguments");
    }

    #[test]
    fn isready() {
        assert_eq!(parse("isready"), Command::IsReady);
    }

    #[test]
    fn setoption() {
        for (line, setting) in [
            ("setoption name Hash value 32", Setting::Hash(32)),
            (
                "setoption name moveoverhead value 0",
                Setting::MoveOverhead(0),
            ),
            ("setoption name Threads value 2", Setting::Threads(2)),
            ("setoption name level value 3", Setting::Level(3)),
            ("setoption name LevelSeed value 77", Setting::LevelSeed(77)),
            (
                "setoption name DecisionLog value log.jsonl",
                Setting::DecisionLog(Some("log.jsonl".into())),
            ),
            (
                "setoption name DecisionLog value",
                Setting::DecisionLog(None),
            ),
            (
                "setoption name DecisionLog value <empty>",
                Setting::DecisionLog(None),
            ),
            (
                "setoption name TablePath value tables",
                Setting::TablePath(TableChoice::Dir("tables".into())),
            ),
            (
                "setoption name tablepath value",
                Setting::TablePath(TableChoice::Builtin),
            ),
            (
                "setoption name TablePath value none",
                Setting::TablePath(TableChoice::Off),
            ),
        ] {
            assert_eq!(parse(line), Command::SetOption(setting), "{line}");
        }
    }

    #[test]
    fn newgame() {
        assert_eq!(parse("uginewgame"), Command::NewGame);
        assert_eq!(parse("ucinewgame"), Command::NewGame);
    }

    #[test]
    fn position_startpos() {
        assert_eq!(
            parse("position startpos"),
            Command::Position {
                board: Board::startpos(),
                moves: vec![]
            }
        );
        let Command::Position { moves, .. } = parse("position startpos moves a3b2 e3d3") else {
            panic!()
        };
        assert_eq!(
            moves,
            vec![
                notation::standard::parse_move("a3b2").unwrap(),
                notation::standard::parse_move("e3d3").unwrap()
            ]
        );
    }

    #[test]
    fn position_fen() {
        let Command::Position { board, moves } =
            parse("position fen R1R2R32/R4R53/R63B6/3B5B4/2B3B2B1 b moves e3d3")
        else {
            panic!()
        };
        assert_eq!(board.side_to_move(), Color::Blue);
        assert_eq!(moves.len(), 1);
    }

    #[test]
    fn position_setup() {
        let Command::Position { board, moves } = parse("position setup 123456 123456 r") else {
            panic!()
        };
        assert_eq!(board, Board::startpos());
        assert!(moves.is_empty());
    }

    #[test]
    fn go_die_with_limits() {
        let Command::Go(p) = parse("go die 3 depth 4 nodes 1000 multipv 2") else {
            panic!()
        };
        assert_eq!(p.die, 3);
        assert_eq!(p.depth, Some(4));
        assert_eq!(p.nodes, Some(1000));
        assert_eq!(p.multipv, Some(MultiPv::Count(2)));
        let Command::Go(p) = parse("go rtime 1000 btime 2000 rinc 10 binc 20 movestogo 5 die 6")
        else {
            panic!()
        };
        assert_eq!(p.clock_of(Color::Red), (Some(1000), Some(10)));
        assert_eq!(p.clock_of(Color::Blue), (Some(2000), Some(20)));
        assert_eq!(p.movestogo, Some(5));
        let Command::Go(p) = parse("go die 1 infinite multipv all") else {
            panic!()
        };
        assert!(p.infinite);
        assert_eq!(p.multipv, Some(MultiPv::All));
        let Command::Go(p) = parse("go die 2 movetime 50") else {
            panic!()
        };
        assert_eq!(p.movetime, Some(50));
    }

    #[test]
    fn go_setup() {
        assert_eq!(parse("go setup"), Command::GoSetup);
    }

    #[test]
    fn stop_and_quit() {
        assert_eq!(parse("stop"), Command::Stop);
        assert_eq!(parse("quit"), Command::Quit);
    }

    #[test]
    fn queries() {
        assert_eq!(parse("query legal die 4"), Command::Query(Query::Legal(4)));
        assert_eq!(parse("query gameover"), Command::Query(Query::GameOver));
        assert_eq!(parse("query result"), Command::Query(Query::Result));
        assert_eq!(parse("query turn"), Command::Query(Query::Turn));
        assert_eq!(parse("query fen"), Command::Query(Query::Fen));
    }

    #[test]
    fn display() {
        assert_eq!(parse("d"), Command::Display);
    }

    #[test]
    fn perft() {
        assert_eq!(parse("perft 3"), Command::Perft(3));
    }

    #[test]
    fn analyse() {
        assert_eq!(parse("analyse"), Command::Analyse(AnalyseParams::default()));
        assert_eq!(
            parse("analyse depth 4 movetime 100 nodes 5000"),
            Command::Analyse(AnalyseParams {
                depth: Some(4),
                nodes: Some(5000),
                movetime: Some(100)
            })
        );
        assert_eq!(parse("analyze"), Command::Analyse(AnalyseParams::default()));
    }

    #[test]
    fn threats() {
        assert_eq!(parse("threats"), Command::Threats(None));
        assert_eq!(
            parse("threats a5b4"),
            Command::Threats(Some(notation::standard::parse_move("a5b4").unwrap()))
        );
    }

    /// One test per malformed form: the line, and a piece of the error message it must get.
    macro_rules! malformed {
        ($($name:ident: $line:expr => $want:expr;)*) => {
            $(
                #[test]
                fn $name() {
                    let e = parse_err($line);
                    assert!(e.contains($want), "{:?}: {e}", $line);
                }
            )*
        };
    }

    malformed! {
        empty_line: "   " => "empty";
        unknown_command: "fly me to the moon" => "unknown command 'fly'";
        ugi_with_argument: "ugi now" => "no arguments";
        isready_with_argument: "isready now" => "no arguments";
        newgame_with_argument: "uginewgame 2" => "no arguments";
        stop_with_argument: "stop now" => "no arguments";
        quit_with_argument: "quit now" => "no arguments";
        display_with_argument: "d big" => "no arguments";
        setoption_bare: "setoption" => "needs name";
        setoption_without_value_keyword: "setoption name Hash" => "missing 'value";
        setoption_without_value: "setoption name Hash value" => "missing value";
        setoption_without_name_keyword: "setoption Hash 32" => "expects";
        setoption_extra_words: "setoption name Hash value 32 64" => "expects";
        setoption_unknown_option: "setoption name Speed value 3" => "unknown option 'Speed'";
        setoption_hash_zero: "setoption name Hash value 0" => "(an integer 1..1024)";
        setoption_hash_not_a_number: "setoption name Hash value lots" => "bad value 'lots'";
        setoption_level_too_high: "setoption name Level value 11" => "option Level";
        setoption_threads_zero: "setoption name Threads value 0" => "(an integer 1..256)";
        setoption_threads_too_many: "setoption name Threads value 257" => "bad value '257'";
        setoption_seed_negative: "setoption name LevelSeed value -1" => "bad value '-1'";
        position_bare: "position" => "startpos, fen or setup";
        position_unknown_kind: "position somewhere" => "unknown position kind";
        position_fen_without_side: "position fen R1R2R32/R4R53/R63B6/3B5B4/2B3B2B1" => "needs";
        position_fen_bad_board: "position fen R1R2R32/R4R53 r" => "bad position";
        position_fen_bad_side: "position fen R1R2R32/R4R53/R63B6/3B5B4/2B3B2B1 x" => "side";
        position_setup_short: "position setup 123456 123456" => "needs";
        position_setup_repeated_cube: "position setup 123455 123456 r" => "123455";
        position_setup_bad_side: "position setup 123456 123456 w" => "side";
        position_moves_keyword_missing: "position startpos a3b2" => "expected moves";
        position_move_off_board: "position startpos moves a3b9" => "a3b9";
        position_move_too_long: "position startpos moves a3c1" => "one step";
        go_bare: "go" => "needs a die";
        go_without_die: "go depth 3" => "needs a die";
        go_die_missing_value: "go die" => "missing value";
        go_die_too_high: "go die 7" => "out of range";
        go_die_zero: "go die 0" => "out of range";
        go_die_not_a_number: "go die x" => "bad value";
        go_depth_zero: "go die 1 depth 0" => "at least 1";
        go_negative_time: "go die 1 movetime -5" => "bad value";
        go_missing_limit_value: "go die 1 nodes" => "missing value";
        go_multipv_zero: "go die 1 multipv 0" => "at least 1";
        go_multipv_word: "go die 1 multipv some" => "bad value";
        go_repeated_die: "go die 1 die 2" => "twice";
        go_repeated_infinite: "go die 1 infinite infinite" => "twice";
        go_unknown_argument: "go die 1 fast" => "unknown go argument";
        go_setup_with_die: "go setup die 1" => "no other arguments";
        query_bare: "query" => "needs one of";
        query_legal_without_die: "query legal" => "query legal die";
        query_legal_die_out_of_range: "query legal die 9" => "out of range";
        query_unknown: "query weather" => "unknown query";
        query_extra_word: "query turn now" => "query turn takes no arguments";
        perft_without_depth: "perft" => "expects";
        perft_not_a_number: "perft x" => "bad value";
        perft_too_deep: "perft 13" => "too deep (at most 12)";
        perft_extra_word: "perft 2 3" => "expects";
        analyse_missing_value: "analyse depth" => "missing value";
        analyse_depth_zero: "analyse depth 0" => "at least 1";
        analyse_depth_not_a_number: "analyse depth x" => "bad value";
        analyse_repeated_limit: "analyse depth 2 depth 3" => "twice";
        analyse_unknown_argument: "analyse die 3" => "unknown analyse argument";
        threats_bad_move: "threats a5" => "bad move";
        threats_two_moves: "threats a5b4 b4c3" => "expects";
    }
}
