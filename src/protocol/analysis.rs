//! The native protocol's analysis extensions, kept apart from the core commands:
//! - `analyse [depth <n>] [nodes <n>] [movetime <ms>]`: the position before the roll, one
//!   `info face ...` line per die face and a final `analysisdone wp ...` line;
//! - `threats [<move>]`: one `threats ...` line (see [`crate::analysis`] for what is counted);
//! - the options `Level`, `LevelSeed` and `DecisionLog`, which shape what `go` answers and record
//!   why.
//!
//! Parsing, the options' state and the spelling of these replies live here; `command.rs`,
//! `native.rs` and `reply.rs` only route to them.

use std::fmt;

use crate::analysis::{FaceBest, PreRoll, Threats, analyse_preroll, threats_after, threats_now};
use crate::board::{Board, Move};
use crate::decision_log::{Decision, DecisionLog};
use crate::level::{Level, MAX_LEVEL};
use crate::notation;
use crate::protocol::command::{Command, ParseError};
use crate::protocol::reply::SpinOption;
use crate::search::{Limits, SearchResult, Searcher, to_prob};

/// `analyse` without a limit thinks this long in all (shared out among the faces), so that the
/// command always ends by itself: it runs on the loop's thread and `stop` does not reach it.
pub const DEFAULT_ANALYSE_MOVETIME: u64 = 1000;

pub const LEVEL: SpinOption = SpinOption {
    name: "Level",
    default: MAX_LEVEL as u64,
    min: 1,
    max: MAX_LEVEL as u64,
};

pub const LEVEL_SEED: SpinOption = SpinOption {
    name: "LevelSeed",
    default: 0,
    min: 0,
    max: u32::MAX as u64,
};

pub const DECISION_LOG: &str = "DecisionLog";

#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct AnalyseParams {
    pub depth: Option<u32>,
    pub nodes: Option<u64>,
    pub movetime: Option<u64>,
}

impl AnalyseParams {
    pub fn limits(&self) -> Limits {
        let none = self.depth.is_none() && self.nodes.is_none() && self.movetime.is_none();
        Limits {
            depth: self.depth,
            nodes: self.nodes,
            movetime: if none {
                Some(DEFAULT_ANALYSE_MOVETIME)
            } else {
                self.movetime
            },
            ..Limits::default()
        }
    }
}

fn fail<T>(msg: impl Into<String>) -> Result<T, ParseError> {
    Err(ParseError(msg.into()))
}

fn num<T: std::str::FromStr>(w: Option<&str>, key: &str) -> Result<T, ParseError> {
    match w {
        None => fail(format!("missing value after '{key}'")),
        Some(w) => w
            .parse()
            .map_err(|_| ParseError(format!("bad value '{w}' for '{key}'"))),
    }
}

/// `analyse [depth <n>] [nodes <n>] [movetime <ms>]`, each at most once.
pub fn parse_analyse(words: &[&str]) -> Result<Command, ParseError> {
    let mut p = AnalyseParams::default();
    let mut it = words.iter().copied();
    while let Some(key) = it.next() {
        let dup = match key {
            "depth" => {
                let d: u32 = num(it.next(), key)?;
                if d == 0 {
                    return fail("depth must be at least 1");
                }
                p.depth.replace(d).is_some()
            }
            "nodes" => p.nodes.replace(num(it.next(), key)?).is_some(),
            "movetime" => p.movetime.replace(num(it.next(), key)?).is_some(),
            other => {
                return fail(format!(
                    "unknown analyse argument '{other}' (expected depth, nodes or movetime)"
                ));
            }
        };
        if dup {
            return fail(format!("'{key}' given twice"));
        }
    }
    Ok(Command::Analyse(p))
}

/// `threats` or `threats <move>`.
pub fn parse_threats(words: &[&str]) -> Result<Command, ParseError> {
    match words {
        [] => Ok(Command::Threats(None)),
        [m] => Ok(Command::Threats(Some(notation::parse_move(m)?))),
        _ => fail("threats expects: threats [<move>]"),
    }
}

/// The replies of the analysis commands.
#[derive(Clone, Debug, PartialEq)]
pub enum AnalysisReply {
    /// `info face <die> depth <d> wp <p> [proven] pv <move>`
    Face(FaceBest),
    /// `analysisdone wp <p> nodes <n> time <ms>`
    Done {
        value: i64,
        nodes: u64,
        time_ms: u64,
    },
    Threats(Threats),
    /// The announcement of a string option.
    StringOption {
        name: &'static str,
    },
}

impl fmt::Display for AnalysisReply {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            AnalysisReply::Face(fb) => {
                write!(
                    f,
                    "info face {} depth {} wp {:.4}",
                    fb.die,
                    fb.depth,
                    to_prob(fb.value)
                )?;
                if fb.value == 0 || fb.value == crate::search::WIN {
                    f.write_str(" proven")?;
                }
                write!(f, " pv {}", fb.best)
            }
            AnalysisReply::Done {
                value,
                nodes,
                time_ms,
            } => write!(
                f,
                "analysisdone wp {:.4} nodes {nodes} time {time_ms}",
                to_prob(*value)
            ),
            AnalysisReply::Threats(t) => f.write_str(&t.line()),
            AnalysisReply::StringOption { name } => {
                write!(f, "option name {name} type string default <empty>")
            }
        }
    }
}

/// Runs `analyse` on `board`, sending each reply through `emit` as soon as it is known. The
/// first error of `emit` (a broken output) stops the replies and is returned.
pub fn run_analyse(
    searcher: &mut Searcher,
    board: &Board,
    p: &AnalyseParams,
    emit: &mut dyn FnMut(AnalysisReply) -> anyhow::Result<()>,
) -> anyhow::Result<()> {
    let mut failed = None;
    let pre: PreRoll = analyse_preroll(searcher, board, &p.limits(), &mut |fb| {
        if failed.is_none()
            && let Err(e) = emit(AnalysisReply::Face(*fb))
        {
            failed = Some(e);
        }
    });
    if let Some(e) = failed {
        return Err(e);
    }
    emit(AnalysisReply::Done {
        value: pre.value,
        nodes: pre.nodes,
        time_ms: pre.time_ms,
    })
}

/// The `threats` reply, or the error message. A move must be legal for some die face.
pub fn threats(board: &Board, mv: Option<Move>) -> Result<AnalysisReply, String> {
    match mv {
        None => Ok(AnalysisReply::Threats(threats_now(board))),
        Some(m) => {
            if let Some(w) = board.winner() {
                return Err(format!("the game is over ({} has won)", w.name()));
            }
            if !board.is_legal(m, None) {
                return Err(format!(
                    "illegal move {m} in position {}",
                    notation::to_fen(board)
                ));
            }
            Ok(AnalysisReply::Threats(threats_after(board, m)))
        }
    }
}

/// The state behind `Level`, `LevelSeed` and `DecisionLog`.
#[derive(Default)]
pub struct Extras {
    pub level: Level,
    pub seed: u64,
    log: Option<DecisionLog>,
}

impl Extras {
    /// The spin options announced after the core ones.
    pub const SPIN_OPTIONS: [SpinOption; 2] = [LEVEL, LEVEL_SEED];

    /// Handles the option if it is one of these: `None` when the name is not ours, otherwise
    /// whether the value was taken (with the error message if not).
    pub fn set_option(&mut self, name: &str, value: &str) -> Option<Result<(), String>> {
        if name.eq_ignore_ascii_case(DECISION_LOG) {
            let path = value.trim();
            if path.is_empty() || path == "<empty>" {
                self.log = None;
                return Some(Ok(()));
            }
            return Some(match DecisionLog::open(path) {
                Ok(l) => {
                    self.log = Some(l);
                    Ok(())
                }
                Err(e) => Err(format!("cannot open decision log '{path}': {e}")),
            });
        }
        let opt = Self::SPIN_OPTIONS
            .into_iter()
            .find(|o| o.name.eq_ignore_ascii_case(name))?;
        let v = match value.parse::<u64>() {
            Ok(v) if (opt.min..=opt.max).contains(&v) => v,
            _ => {
                return Some(Err(format!(
                    "bad value '{value}' for option {} (an integer {}..{})",
                    opt.name, opt.min, opt.max
                )));
            }
        };
        if opt.name == LEVEL.name {
            self.level = Level::new(v as u32).unwrap_or_default();
        } else {
            self.seed = v;
        }
        Some(Ok(()))
    }

    /// The limits of `go` at the current level.
    pub fn limits(&self, l: Limits) -> Limits {
        self.level.limits(&l)
    }

    /// The move to answer after a search of `board` with `die`, logged when a log is open.
    pub fn choose(&mut self, board: &Board, die: u8, r: &SearchResult, exact_values: bool) -> Move {
        let mv = self.level.pick(r, board.key(), die, self.seed);
        if let Some(log) = self.log.as_mut() {
            let d = Decision::new(board, die, r, mv, self.level.get(), exact_values);
            if let Err(e) = log.record(&d) {
                log::warn!("writing the decision log: {e}");
            }
        }
        mv
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn parse(s: &str) -> Command {
        s.parse().unwrap_or_else(|e: ParseError| panic!("{s}: {e}"))
    }

    fn parse_err(s: &str) -> String {
        match s.parse::<Command>() {
            Ok(c) => panic!("{s} parsed as {c:?}"),
            Err(e) => e.0,
        }
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
        assert_eq!(
            AnalyseParams::default().limits().movetime,
            Some(DEFAULT_ANALYSE_MOVETIME)
        );
    }

    #[test]
    fn analyse_malformed() {
        assert!(parse_err("analyse depth").contains("missing value"));
        assert!(parse_err("analyse depth 0").contains("at least 1"));
        assert!(parse_err("analyse depth x").contains("bad value"));
        assert!(parse_err("analyse depth 2 depth 3").contains("twice"));
        assert!(parse_err("analyse die 3").contains("unknown analyse argument"));
    }

    #[test]
    fn threats_parse() {
        assert_eq!(parse("threats"), Command::Threats(None));
        assert_eq!(
            parse("threats a5b4"),
            Command::Threats(Some(notation::parse_move("a5b4").unwrap()))
        );
    }

    #[test]
    fn threats_parse_malformed() {
        assert!(parse_err("threats a5").contains("bad move"));
        assert!(parse_err("threats a5b4 b4c3").contains("expects"));
    }

    #[test]
    fn options() {
        let mut x = Extras::default();
        assert_eq!(x.set_option("Hash", "1"), None);
        assert_eq!(x.set_option("level", "3"), Some(Ok(())));
        assert_eq!(x.level.get(), 3);
        assert!(x.set_option("Level", "0").unwrap().is_err());
        assert!(x.set_option("Level", "11").unwrap().is_err());
        assert_eq!(x.set_option("LevelSeed", "77"), Some(Ok(())));
        assert_eq!(x.seed, 77);
        assert_eq!(x.set_option("DecisionLog", ""), Some(Ok(())));
        assert_eq!(x.set_option("DecisionLog", "<empty>"), Some(Ok(())));
    }

    #[test]
    fn reply_lines() {
        let b = notation::parse_fen("R24/1R13/3B2B5/3B1B4/3B6B3 r").unwrap();
        let r = super::threats(&b, Some(notation::parse_move("b4c3").unwrap())).unwrap();
        assert_eq!(
            r.to_string(),
            "threats move b4c3 oppwin 0.0000 capture R1 0.3333 R2 0.0000"
        );
        assert!(super::threats(&b, Some(notation::parse_move("a1a2").unwrap())).is_err());
        let d = AnalysisReply::Done {
            value: crate::search::WIN / 2,
            nodes: 10,
            time_ms: 3,
        };
        assert_eq!(d.to_string(), "analysisdone wp 0.5000 nodes 10 time 3");
    }
}
