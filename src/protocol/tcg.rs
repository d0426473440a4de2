//! The TCG contest protocol, engine side: the line protocol of the Taiwanese computer-games
//! contests' EWN referee (`protocol/tcg.md` has the full description and example sessions).
//!
//! One reply line per command: `name`, `version`, `time_setting <s>` (the whole game's thinking
//! time), `board_setting 5 6 [2]`, `ini R|B` (our arrangement), `get R|B <die> <12 squares>` (our
//! move), `exit` (no reply). TCG squares are a column `A`..`E` and a row `1`..`5` counted from the
//! top, so TCG `A1` is our `a5` and TCG row `r` is our rank `6 - r`; TCG Red is our Red. Anything
//! malformed is logged and answered with `0`, and the engine keeps its state.

use std::io::Write;
use std::str::FromStr;
use std::time::Instant;

use crate::brain::search::{Clock, Limits, Searcher};
use crate::brain::setup::{ENGINE_SETUP, variant_setup};
use crate::protocol::error::ServeError;
use crate::rules::board::{Board, Color};
use crate::rules::tcg_notation::{
    BOARD_SETTINGS, TcgNotationError, move_to_tcg_in, parse_board_tokens_in, parse_side,
    setup_to_tcg_in,
};
use crate::rules::variant::Variant;

/// What is wrong with a TCG line; the engine logs it and answers `0`.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum TcgError {
    #[error("empty line")]
    Empty,
    #[error("bad time '{0}'")]
    Time(String),
    #[error("unsupported board '{0}' (5 6, 3 3, 4 3, 5 3, 4 6, 6 10 or 7 6, then 2)")]
    Board(String),
    #[error("bad side '{0}'")]
    Side(String),
    #[error("bad die '{0}'")]
    Die(String),
    #[error("the game is already over")]
    GameOver,
    #[error("unknown or malformed command '{0}'")]
    Unknown(String),
    #[error(transparent)]
    Position(#[from] TcgNotationError),
}

/// Game time assumed until `time_setting` says otherwise.
pub const DEFAULT_GAME_SECONDS: f64 = 60.0;

#[derive(Clone, Debug, PartialEq)]
pub enum Command {
    Name,
    Version,
    TimeSetting(f64),
    BoardSetting(&'static Variant),
    Ini(Color),
    Get {
        die: u8,
        board: Board,
    },
    Exit,
    /// `help`, from a person: the commands go to standard error, and the reply is the `0` of any
    /// line the engine does not play on, so a referee's count of replies never shifts.
    Help,
}

/// What `help` writes to standard error in a TCG session.
pub const HELP: &str = "ewn speaks the TCG protocol here (protocol/tcg.md): name, version, \
time_setting <s>, board_setting <n> <k> [2], ini R|B, get R|B <die> <squares>, exit";

impl FromStr for Command {
    type Err = TcgError;

    /// A line of the standard game.
    fn from_str(line: &str) -> Result<Command, TcgError> {
        Command::parse_in(line, Variant::standard())
    }
}

impl Command {
    /// A line read while variant `v` is played (positions and dice are `v`'s).
    pub fn parse_in(line: &str, v: &'static Variant) -> Result<Command, TcgError> {
        let toks: Vec<&str> = line.split_whitespace().collect();
        let Some((&cmd, args)) = toks.split_first() else {
            return Err(TcgError::Empty);
        };
        match (cmd, args) {
            ("name", []) => Ok(Command::Name),
            ("version", []) => Ok(Command::Version),
            ("exit", []) => Ok(Command::Exit),
            ("help", []) => Ok(Command::Help),
            ("time_setting", [s]) => match s.parse::<f64>() {
                Ok(v) if v.is_finite() && v > 0.0 => Ok(Command::TimeSetting(v)),
                _ => Err(TcgError::Time(s.to_string())),
            },
            ("board_setting", [n, k] | [n, k, "2"]) => BOARD_SETTINGS
                .iter()
                .find(|(size, cubes, _)| n.parse() == Ok(*size) && k.parse() == Ok(*cubes))
                .map(|&(_, _, name)| {
                    Command::BoardSetting(Variant::preset(name).expect("a preset"))
                })
                .ok_or_else(|| TcgError::Board(args.join(" "))),
            ("ini", [side]) => parse_side(side)
                .map(Command::Ini)
                .ok_or_else(|| TcgError::Side(side.to_string())),
            ("get", [side, die, rest @ ..]) => {
                let side = parse_side(side).ok_or_else(|| TcgError::Side(side.to_string()))?;
                let die = die
                    .parse::<u8>()
                    .ok()
                    .filter(|&d| v.is_outcome(d))
                    .ok_or_else(|| TcgError::Die(die.to_string()))?;
                let board = parse_board_tokens_in(v, side, rest)?;
                if board.is_over() {
                    return Err(TcgError::GameOver);
                }
                Ok(Command::Get { die, board })
            }
            _ => Err(TcgError::Unknown(line.to_string())),
        }
    }
}

struct Engine {
    searcher: Searcher,
    /// The variant of the games (`board_setting`).
    variant: &'static Variant,
    game_ms: u64,
    used_ms: u64,
    /// Nothing stored in the table since it was made or emptied: a referee sends both
    /// `time_setting` and `board_setting` before a game, and one emptying is enough.
    table_empty: bool,
}

impl Engine {
    fn new_game(&mut self) {
        self.used_ms = 0;
        if !self.table_empty {
            self.searcher.clear();
            self.table_empty = true;
        }
    }

    /// The reply to one command read at `read_at`, or `None` for `exit`.
    fn handle(&mut self, cmd: Command, read_at: Instant) -> Option<String> {
        Some(match cmd {
            Command::Name => "ewn".to_string(),
            Command::Version => env!("CARGO_PKG_VERSION").to_string(),
            Command::TimeSetting(s) => {
                self.game_ms = (s * 1000.0) as u64;
                self.new_game();
                "1".to_string()
            }
            Command::BoardSetting(v) => {
                self.variant = v;
                self.new_game();
                "1".to_string()
            }
            Command::Ini(side) => {
                let v = self.variant;
                let setup = if v.standard {
                    ENGINE_SETUP.to_vec()
                } else {
                    variant_setup(v)
                };
                setup_to_tcg_in(v, side, &setup)
            }
            Command::Get { die, board } => {
                // The referee's clock runs from when it sent the request: so does ours.
                let clock = Clock {
                    time_ms: self.game_ms.saturating_sub(self.used_ms),
                    inc_ms: 0,
                    movestogo: None,
                };
                let limits = Limits {
                    clock: Some(clock),
                    start: Some(read_at),
                    ..Limits::default()
                };
                self.searcher
                    .stop_flag()
                    .store(false, std::sync::atomic::Ordering::Relaxed);
                self.table_empty = false;
                let r = self.searcher.search(&board, die, &limits, &mut |_| {});
                self.used_ms += read_at.elapsed().as_millis() as u64;
                log::info!(
                    "tcg: die {die} -> {} depth {} ({} of {} ms used)",
                    r.best.display(self.variant),
                    r.depth,
                    self.used_ms,
                    self.game_ms
                );
                move_to_tcg_in(self.variant, r.best)
            }
            Command::Exit => return None,
            Command::Help => {
                eprintln!("{HELP}");
                "0".to_string()
            }
        })
    }
}

/// Speaks TCG with `searcher` (its table and threads): `first_line` is the first command, already
/// read; then the rest of `lines` until `exit` or the end of input. Each line comes with when it
/// was read.
pub fn serve(
    first_line: (String, Instant),
    lines: &mut dyn Iterator<Item = (String, Instant)>,
    out: &mut dyn Write,
    searcher: Searcher,
    variant: &'static Variant,
) -> Result<(), ServeError> {
    let mut engine = Engine {
        searcher,
        variant,
        game_ms: (DEFAULT_GAME_SECONDS * 1000.0) as u64,
        used_ms: 0,
        table_empty: true,
    };
    for (line, read_at) in std::iter::once(first_line).chain(lines) {
        let line = line.trim();
        if line.is_empty() {
            continue;
        }
        let reply = match Command::parse_in(line, engine.variant) {
            Ok(cmd) => match engine.handle(cmd, read_at) {
                Some(r) => r,
                None => return Ok(()),
            },
            Err(e) => {
                log::error!("tcg: {e}");
                "0".to_string()
            }
        };
        writeln!(out, "{reply}").map_err(ServeError::Write)?;
        out.flush().map_err(ServeError::Write)?;
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::rules::tcg_notation::*;
    use crate::rules::variant::Variant;

    fn std() -> &'static Variant {
        Variant::standard()
    }
    fn parse_square(s: &str) -> Result<u8, crate::rules::error::SquareError> {
        std().parse_square(s)
    }
    fn square_name(s: u8) -> String {
        std().square_name(s)
    }

    #[test]
    fn squares_map_as_documented() {
        assert_eq!(standard_square_to_tcg(parse_square("a5").unwrap()), "A1");
        assert_eq!(standard_square_to_tcg(parse_square("e1").unwrap()), "E5");
        assert_eq!(square_name(standard_parse_tcg_square("C2").unwrap()), "c4");
        assert_eq!(
            standard_parse_tcg_square("c2"),
            standard_parse_tcg_square("C2")
        );
        assert_eq!(standard_parse_tcg_square("F1"), None);
        assert_eq!(standard_parse_tcg_square("A6"), None);
        assert_eq!(standard_parse_tcg_square("A"), None);
        // The starting triangles of the TCG description are ours.
        let red: Vec<String> = std()
            .start_squares(Color::Red)
            .iter()
            .map(|&s| standard_square_to_tcg(s))
            .collect();
        assert_eq!(red.join(" "), "A1 B1 C1 A2 B2 A3");
        let mut blue: Vec<String> = std()
            .start_squares(Color::Blue)
            .iter()
            .map(|&s| standard_square_to_tcg(s))
            .collect();
        blue.sort();
        assert_eq!(blue.join(" "), "C5 D4 D5 E3 E4 E5");
    }

    #[test]
    fn setups_and_positions_round_trip() {
        let setup = [3, 1, 2, 6, 5, 4];
        for side in [Color::Red, Color::Blue] {
            let t = standard_setup_to_tcg(side, &setup);
            assert_eq!(standard_parse_tcg_setup(side, &t).unwrap(), setup);
        }
        assert_eq!(
            standard_setup_to_tcg(Color::Red, &[1, 2, 3, 4, 5, 6]),
            "A1 B1 C1 A2 B2 A3"
        );
        assert!(standard_parse_tcg_setup(Color::Red, "A1 B1 C1 A2 B2 E5").is_err());
        assert!(standard_parse_tcg_setup(Color::Red, "A1 A1 C1 A2 B2 A3").is_err());
        let b = Board::startpos();
        let toks = board_tokens(&b);
        assert_eq!(toks, "E5 D5 C5 E4 D4 E3 A1 B1 C1 A2 B2 A3");
        let v: Vec<&str> = toks.split_whitespace().collect();
        assert_eq!(standard_parse_board_tokens(Color::Red, &v).unwrap(), b);
    }

    #[test]
    fn commands_parse() {
        assert_eq!("name".parse::<Command>(), Ok(Command::Name));
        assert_eq!("version".parse::<Command>(), Ok(Command::Version));
        assert_eq!("exit".parse::<Command>(), Ok(Command::Exit));
        assert_eq!(
            "time_setting 30".parse::<Command>(),
            Ok(Command::TimeSetting(30.0))
        );
        assert_eq!(
            "board_setting 5 6 2".parse::<Command>(),
            Ok(Command::BoardSetting(Variant::standard()))
        );
        assert_eq!(
            "board_setting 5 6".parse::<Command>(),
            Ok(Command::BoardSetting(Variant::standard()))
        );
        assert_eq!(
            "board_setting 4 3 2".parse::<Command>(),
            Ok(Command::BoardSetting(Variant::preset("4x4").unwrap()))
        );
        assert_eq!("ini B".parse::<Command>(), Ok(Command::Ini(Color::Blue)));
        let g = "get R 3 E5 D5 C5 E4 D4 E3 A1 B1 C1 A2 B2 A3"
            .parse::<Command>()
            .unwrap();
        assert_eq!(
            g,
            Command::Get {
                die: 3,
                board: Board::startpos()
            }
        );
    }

    #[test]
    fn malformed_commands_are_rejected() {
        for bad in [
            "",
            "nme",
            "name x",
            "time_setting",
            "time_setting -1",
            "time_setting x",
            "board_setting 6 6 2",
            "board_setting 4 4 2",
            "ini X",
            "ini",
            "get R 7 E5 D5 C5 E4 D4 E3 A1 B1 C1 A2 B2 A3",
            "get X 3 E5 D5 C5 E4 D4 E3 A1 B1 C1 A2 B2 A3",
            "get R 3 E5 D5 C5 E4 D4 E3 A1 B1 C1 A2 B2",
            "get R 3 E5 D5 C5 E4 D4 E3 A1 B1 C1 A2 B2 Z9",
            "get R 3 E5 E5 C5 E4 D4 E3 A1 B1 C1 A2 B2 A3",
            "get R 3 0 0 0 0 0 0 A1 B1 C1 A2 B2 A3",
        ] {
            assert!(bad.parse::<Command>().is_err(), "{bad}");
        }
    }

    #[test]
    fn a_session_in_process() {
        let input = "time_setting 5\nboard_setting 5 6 2\nini R\nbogus\n\
                     get B 1 E5 D5 C5 E4 D4 E3 A1 B1 C1 A2 B2 A3\nexit\nname\n";
        let mut lines = input.lines().map(|l| (l.to_string(), Instant::now()));
        let first = lines.next().unwrap();
        let mut out = Vec::new();
        serve(
            first,
            &mut lines,
            &mut out,
            Searcher::new(1),
            Variant::standard(),
        )
        .unwrap();
        let out = String::from_utf8(out).unwrap();
        let replies: Vec<&str> = out.lines().collect();
        assert_eq!(replies.len(), 5, "{out}");
        // 125634 on A1 B1 C1 A2 B2 A3: cube 1 on A1, 2 on B1, 3 on B2, 4 on A3, 5 on C1, 6 on A2.
        assert_eq!(&replies[..4], ["1", "1", "A1 B1 B2 A3 C1 A2", "0"]);
        // Blue's cube 1 on E5 moves up, left or diagonally.
        let m = standard_parse_tcg_move(replies[4]).unwrap();
        assert!(
            Board::from_setups([1, 2, 3, 4, 5, 6], [1, 2, 3, 4, 5, 6], Color::Blue)
                .is_legal(m, Some(1))
        );
    }
}
