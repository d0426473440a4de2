//! The native protocol's output side: every line the engine prints is a [`Reply`], and this is the
//! only place that knows how a reply is spelt (a threats line is the one [`Threats::line`] writes,
//! as a move is written by [`Move::display`] on the board of the game's variant).

use std::fmt;

use crate::brain::analysis::{FaceBest, Threats};
use crate::brain::search::{self, Info, WIN};
use crate::protocol::options::SpinOption;
use crate::rules::board::{Color, Move};
use crate::rules::notation;
use crate::rules::variant::Variant;

/// One search report line. For a multi-PV line `rank` is the root move's place (1 = best) and
/// `pv` its line; otherwise `rank` is `None`.
#[derive(Clone, Debug, PartialEq)]
pub struct InfoLine<'a> {
    pub info: &'a Info,
    pub rank: Option<usize>,
    pub value: i64,
    pub proven: bool,
    pub pv: &'a [Move],
    /// The game's variant, whose square names the moves are written with.
    pub variant: &'a Variant,
}

#[derive(Clone, Debug, PartialEq)]
pub enum Reply<'a> {
    IdName,
    IdAuthor,
    Option(SpinOption),
    /// The announcement of a string option (whose default is empty).
    StringOption(&'static str),
    /// The announcement of a combo option: name, default and the choices.
    ComboOption(&'static str, String, Vec<String>),
    HelloOk(&'static str),
    ReadyOk,
    Info(InfoLine<'a>),
    /// The move and the variant whose square names it is written with.
    BestMove(Move, &'a Variant),
    BestSetup(Vec<u8>),
    /// The answer to a `query`, already in words (`true`, `red`, a move list ...).
    Response(String),
    Perft {
        depth: u32,
        count: u64,
    },
    /// A perft ended by `stop`, with the paths counted until then.
    PerftStopped {
        depth: u32,
        count: u64,
    },
    /// The board for a person; the only reply that spans several lines.
    Board(String),
    Error(String),
    /// One face of `analyse`: `info face <die> depth <d> wp <p> [proven] pv <move>`.
    Face(FaceBest, &'a Variant),
    /// The last line of `analyse`: `analysisdone wp <p> nodes <n> time <ms>`.
    AnalysisDone {
        value: i64,
        nodes: u64,
        time_ms: u64,
    },
    Threats(Threats, &'a Variant),
    /// The answer to `help`: `info string` lines, which a controller skips like any report.
    Help,
}

/// The lines of `help`: every native command in a few words, and where each is documented.
pub const HELP: [&str; 12] = [
    "ewn speaks the native protocol (protocol/native.md) and the TCG protocol (protocol/tcg.md)",
    "ugi | uci: the handshake, the engine's name and options, then ugiok or uciok",
    "isready: readyok once every earlier command is done",
    "setoption name <option> value <v>: Hash, MoveOverhead, Threads, Level, LevelSeed, DecisionLog, TablePath, UCI_Variant, VariantPath",
    "uginewgame: a new game from startpos",
    "position startpos | fen <board> <side> | setup <red> <blue> <r|b> [moves <m1> ...]",
    "go die <roll> [movetime | rtime btime rinc binc movestogo | depth | nodes | infinite | multipv]; go setup",
    "stop | quit: end the running search, analysis or perft; quit exits",
    "query legal die <roll> | gameover | result | turn | fen",
    "d: the board; perft <depth>: the move paths counted",
    "analyse [depth | nodes | movetime]; threats [move]: protocol/analysis.md",
    "variants: protocol/variants.md; every reply is one line, errors start with 'error'",
];

pub const AUTHOR: &str = "the ewn authors";

pub fn side_word(c: Color) -> &'static str {
    match c {
        Color::Red => "red",
        Color::Blue => "blue",
    }
}

/// `info depth <d> [multipv <k>] nodes ... wp <p> [proven] [exact] pv <moves>`.
fn write_info(f: &mut fmt::Formatter<'_>, l: &InfoLine<'_>) -> fmt::Result {
    let i = l.info;
    write!(f, "info depth {}", i.depth)?;
    if let Some(r) = l.rank {
        write!(f, " multipv {r}")?;
    }
    write!(
        f,
        " nodes {} nps {} time {} hashfull {} wp {:.4}",
        i.nodes,
        i.nps,
        i.time_ms,
        i.hashfull,
        search::to_prob(l.value.clamp(0, WIN))
    )?;
    if l.proven {
        f.write_str(" proven")?;
    }
    // The root is in the endgame tables: the value is the game's exact value.
    if i.table {
        f.write_str(" exact")?;
    }
    f.write_str(" pv")?;
    for m in l.pv {
        write!(f, " {}", m.display(l.variant))?;
    }
    Ok(())
}

impl fmt::Display for Reply<'_> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Reply::IdName => write!(f, "id name ewn {}", env!("CARGO_PKG_VERSION")),
            Reply::IdAuthor => write!(f, "id author {AUTHOR}"),
            Reply::Option(o) => write!(
                f,
                "option name {} type spin default {} min {} max {}",
                o.name, o.default, o.min, o.max
            ),
            Reply::StringOption(name) => {
                write!(f, "option name {name} type string default <empty>")
            }
            Reply::ComboOption(name, default, vars) => {
                write!(f, "option name {name} type combo default {default}")?;
                for v in vars {
                    write!(f, " var {v}")?;
                }
                Ok(())
            }
            Reply::HelloOk(word) => f.write_str(word),
            Reply::ReadyOk => f.write_str("readyok"),
            Reply::Info(l) => write_info(f, l),
            Reply::BestMove(m, v) => write!(f, "bestmove {}", m.display(v)),
            Reply::BestSetup(s) => write!(f, "bestmove {}", notation::setup_string(s)),
            Reply::Response(s) if s.is_empty() => f.write_str("response"),
            Reply::Response(s) => write!(f, "response {s}"),
            Reply::Perft { depth, count } => write!(f, "perft {depth} {count}"),
            // The word comes before the number, so that a reader of `perft <depth> <count>`
            // cannot take a partial count for the whole.
            Reply::PerftStopped { depth, count } => write!(f, "perft {depth} stopped {count}"),
            Reply::Board(s) => f.write_str(s.trim_end()),
            // A reply is one line whatever the message holds.
            Reply::Error(s) => write!(f, "error {}", s.replace(['\n', '\r'], " ")),
            Reply::Face(fb, v) => {
                write!(
                    f,
                    "info face {} depth {} wp {:.4}",
                    fb.die,
                    fb.depth,
                    search::to_prob(fb.value)
                )?;
                if fb.value == 0 || fb.value == WIN {
                    f.write_str(" proven")?;
                }
                write!(f, " pv {}", fb.best.display(v))
            }
            Reply::AnalysisDone {
                value,
                nodes,
                time_ms,
            } => write!(
                f,
                "analysisdone wp {:.4} nodes {nodes} time {time_ms}",
                search::to_prob(*value)
            ),
            Reply::Threats(t, v) => f.write_str(&t.line(v)),
            Reply::Help => {
                for (i, l) in HELP.iter().enumerate() {
                    if i > 0 {
                        f.write_str("\n")?;
                    }
                    write!(f, "info string {l}")?;
                }
                Ok(())
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn std() -> &'static Variant {
        Variant::standard()
    }

    fn info() -> Info {
        Info {
            depth: 3,
            nodes: 1234,
            time_ms: 5,
            nps: 246800,
            value: WIN / 4,
            exact: false,
            table: false,
            pv: vec![
                notation::parse_move_in(std(), "a3b2").unwrap(),
                notation::parse_move_in(std(), "e3d3").unwrap(),
            ],
            hashfull: 1,
            root_moves: vec![],
        }
    }

    #[test]
    fn info_line() {
        let i = info();
        let line = Reply::Info(InfoLine {
            info: &i,
            rank: None,
            value: i.value,
            proven: false,
            pv: &i.pv,
            variant: std(),
        })
        .to_string();
        assert_eq!(
            line,
            "info depth 3 nodes 1234 nps 246800 time 5 hashfull 1 wp 0.2500 pv a3b2 e3d3"
        );
        let line = Reply::Info(InfoLine {
            info: &i,
            rank: Some(2),
            value: WIN,
            proven: true,
            pv: &i.pv[..1],
            variant: std(),
        })
        .to_string();
        assert_eq!(
            line,
            "info depth 3 multipv 2 nodes 1234 nps 246800 time 5 hashfull 1 wp 1.0000 proven pv a3b2"
        );
        let exact = Info {
            table: true,
            value: WIN / 2,
            ..info()
        };
        let line = Reply::Info(InfoLine {
            info: &exact,
            rank: None,
            value: exact.value,
            proven: false,
            pv: &exact.pv[..1],
            variant: std(),
        })
        .to_string();
        assert_eq!(
            line,
            "info depth 3 nodes 1234 nps 246800 time 5 hashfull 1 wp 0.5000 exact pv a3b2"
        );
    }

    #[test]
    fn simple_replies() {
        assert_eq!(Reply::ReadyOk.to_string(), "readyok");
        assert_eq!(Reply::Response(String::new()).to_string(), "response");
        assert_eq!(Reply::Response("true".into()).to_string(), "response true");
        assert_eq!(
            Reply::BestSetup(vec![1, 5, 2, 6, 3, 4]).to_string(),
            "bestmove 152634"
        );
        assert_eq!(
            Reply::Error("two\nlines".into()).to_string(),
            "error two lines"
        );
        assert_eq!(
            Reply::Perft {
                depth: 2,
                count: 324
            }
            .to_string(),
            "perft 2 324"
        );
        assert_eq!(
            Reply::PerftStopped {
                depth: 9,
                count: 5000
            }
            .to_string(),
            "perft 9 stopped 5000"
        );
        assert_eq!(
            Reply::StringOption("DecisionLog").to_string(),
            "option name DecisionLog type string default <empty>"
        );
    }

    #[test]
    fn analysis_replies() {
        let b = notation::parse_fen_in(std(), "R24/1R13/3B2B5/3B1B4/3B6B3 r").unwrap();
        let t = crate::brain::analysis::threats_after(
            &b,
            notation::parse_move_in(std(), "b4c3").unwrap(),
        );
        assert_eq!(
            Reply::Threats(t, std()).to_string(),
            "threats move b4c3 oppwin 0.0000 capture R1 0.3333 R2 0.0000"
        );
        let d = Reply::AnalysisDone {
            value: WIN / 2,
            nodes: 10,
            time_ms: 3,
        };
        assert_eq!(d.to_string(), "analysisdone wp 0.5000 nodes 10 time 3");
        let face = FaceBest {
            die: 2,
            best: notation::parse_move_in(std(), "d2e1").unwrap(),
            value: WIN,
            depth: 1,
        };
        assert_eq!(
            Reply::Face(face, std()).to_string(),
            "info face 2 depth 1 wp 1.0000 proven pv d2e1"
        );
        let face = FaceBest {
            value: WIN / 4,
            depth: 3,
            ..face
        };
        assert_eq!(
            Reply::Face(face, std()).to_string(),
            "info face 2 depth 3 wp 0.2500 pv d2e1"
        );
    }
}
