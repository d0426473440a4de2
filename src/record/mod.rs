//! The game record: one game per block of lines, written by `ewn match`, `serve`, `connect` and
//! `play`, read by `replay`, `export`, `stats`, `review` and the arena. The format is described in `protocol/records.md`.
//!
//! ```text
//! game 1
//! seed 9c2d...        (the pair's generator seed, hex; informative, optional)
//! date 2026-11-29
//! red ewn
//! blue random
//! setup 123456 654321 (Red's then Blue's, in setup order)
//! first r
//! move r 3 c5d4       (side, die, move)
//! result r goal       (winner, reason, optional detail)
//! end
//! ```
//!
//! A game that starts elsewhere than from two setups (`ewn play --position`) has one line
//! `position <position string>` instead of `setup` and `first`; a game stopped before its end has
//! `result unfinished`.

use std::fmt;
use std::fmt::Write as _;

use crate::rules::board::{Board, Color, Move};
use crate::rules::notation::{
    move_name_in, parse_fen_in, parse_move_in, parse_setup_in, setup_string, to_fen,
};
use crate::rules::variant::Variant;
use crate::rules::variant_file;

mod error;
mod parse;
#[cfg(test)]
mod tests;

pub use crate::text_file::{excerpt, read_text_file, short_message};
pub use error::{
    GameFault, LocatedReplayError, PlyFault, RecordError, RecordFault, RecordFileError,
    ReplayError, ResultFault,
};
pub use parse::{
    Located, parse_located, parse_records, parse_records_with_graphs, read_record_file,
};

/// Why a game ended.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Reason {
    /// The winner reached the opponent's corner.
    Goal,
    /// The winner took the opponent's last cube.
    Capture,
    /// The loser sent a legal-looking move that is not legal for the die.
    Illegal,
    /// The loser sent something that is not a move.
    Malformed,
    /// The loser exceeded its time (or did not answer and was killed).
    Time,
    /// The loser's process exited or could not be started.
    Crash,
    /// The loser (a person) resigned.
    Resign,
    /// Stopped before the end; there is no winner.
    Unfinished,
}

impl Reason {
    pub fn name(self) -> &'static str {
        match self {
            Reason::Goal => "goal",
            Reason::Capture => "capture",
            Reason::Illegal => "illegal",
            Reason::Malformed => "malformed",
            Reason::Time => "time",
            Reason::Crash => "crash",
            Reason::Resign => "resign",
            Reason::Unfinished => "unfinished",
        }
    }

    pub fn parse(s: &str) -> Option<Reason> {
        Some(match s {
            "goal" => Reason::Goal,
            "capture" => Reason::Capture,
            "illegal" => Reason::Illegal,
            "malformed" => Reason::Malformed,
            "time" => Reason::Time,
            "crash" => Reason::Crash,
            "resign" => Reason::Resign,
            "unfinished" => Reason::Unfinished,
            _ => return None,
        })
    }

    /// Ended by the rules rather than by a player's fault.
    pub fn is_normal(self) -> bool {
        matches!(self, Reason::Goal | Reason::Capture)
    }

    /// Lost by a player's fault: what a match counts against an engine.
    pub fn is_fault(self) -> bool {
        matches!(
            self,
            Reason::Illegal | Reason::Malformed | Reason::Time | Reason::Crash
        )
    }
}

impl fmt::Display for Reason {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Ply {
    pub side: Color,
    pub die: u8,
    pub mv: Move,
    /// How long the mover took to answer, in microseconds, as the referee measured it (the
    /// record keeps tenths of a millisecond); `None` where nobody timed the move.
    pub us: Option<u64>,
}

impl Ply {
    /// A ply without a time.
    pub fn new(side: Color, die: u8, mv: Move) -> Ply {
        Ply {
            side,
            die,
            mv,
            us: None,
        }
    }
}

/// A time in microseconds as the record writes it: milliseconds with one decimal.
fn ms_text(us: u64) -> String {
    let tenths = (us + 50) / 100;
    format!("{}.{}", tenths / 10, tenths % 10)
}

/// A record's time in milliseconds (a decimal number, at most one hour) as microseconds.
fn parse_ms(s: &str) -> Option<u64> {
    let ms: f64 = s.parse().ok()?;
    (s.chars().all(|c| c.is_ascii_digit() || c == '.') && ms.is_finite() && ms <= 3_600_000.0)
        .then(|| (ms * 1000.0).round() as u64)
}

/// Where a game started.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Start {
    /// Both arrangements on their start squares (in setup order), the side that moved first and
    /// the variant.
    Setups {
        red: Vec<u8>,
        blue: Vec<u8>,
        first: Color,
        variant: &'static Variant,
    },
    /// Any other position; its side to move moved first.
    Position(Board),
}

impl Start {
    /// `Setups` when every cube of both sides stands on its own triangle (a game from the
    /// beginning), so that such games keep the contest-exportable form; `Position` otherwise.
    pub fn from_board(b: &Board) -> Start {
        let v = b.variant();
        let setup = |c: Color| -> Option<Vec<u8>> {
            let mut s = vec![0u8; v.cubes().len()];
            for (i, &sq) in v.start_squares(c).iter().enumerate() {
                let code = b.piece_at(sq);
                if code == 0 {
                    return None;
                }
                let (owner, n) = crate::rules::board::piece_of(code);
                if owner != c {
                    return None;
                }
                s[i] = n;
            }
            Some(s)
        };
        match (setup(Color::Red), setup(Color::Blue)) {
            (Some(red), Some(blue)) => Start::Setups {
                red,
                blue,
                first: b.side_to_move(),
                variant: v,
            },
            _ => Start::Position(b.clone()),
        }
    }

    /// Standard setups (six cube numbers each).
    pub fn standard(red: [u8; 6], blue: [u8; 6], first: Color) -> Start {
        Start::Setups {
            red: red.to_vec(),
            blue: blue.to_vec(),
            first,
            variant: Variant::standard(),
        }
    }

    pub fn board(&self) -> Board {
        match self {
            Start::Setups {
                red,
                blue,
                first,
                variant,
            } => Board::from_setups_in(variant, red, blue, *first)
                .expect("a record's setups are checked when made or read"),
            Start::Position(b) => b.clone(),
        }
    }

    /// The variant the game is played in.
    pub fn variant(&self) -> &'static Variant {
        match self {
            Start::Setups { variant, .. } => variant,
            Start::Position(b) => b.variant(),
        }
    }

    pub fn first(&self) -> Color {
        match self {
            Start::Setups { first, .. } => *first,
            Start::Position(b) => b.side_to_move(),
        }
    }
}

#[derive(Clone, Debug, PartialEq, Eq)]
pub struct GameRecord {
    pub number: u64,
    /// The fingerprint of the match the game belongs to (`ewn match` writes it, so that merging
    /// record files can tell one match's games from another's).
    pub match_id: Option<String>,
    /// The generator seed of the game's dice, when a seed made them.
    pub seed: Option<u64>,
    pub date: String,
    pub red: String,
    pub blue: String,
    pub start: Start,
    pub plies: Vec<Ply>,
    /// `None` exactly when the reason is `Unfinished`.
    pub winner: Option<Color>,
    pub reason: Reason,
    pub detail: String,
}

pub fn side_letter(c: Color) -> char {
    match c {
        Color::Red => 'r',
        Color::Blue => 'b',
    }
}

fn parse_side(s: &str) -> Option<Color> {
    match s {
        "r" => Some(Color::Red),
        "b" => Some(Color::Blue),
        _ => None,
    }
}

/// Names go on one line: line breaks become spaces.
fn one_line(s: &str) -> String {
    s.replace(['\n', '\r'], " ").trim().to_string()
}

pub use crate::rules::MAX_NAME;

/// A name as written: on one line, at most [`MAX_NAME`] characters.
pub fn record_name(s: &str) -> String {
    let one = one_line(s);
    match one.char_indices().nth(MAX_NAME) {
        Some((i, _)) => one[..i].trim_end().to_string(),
        None => one,
    }
}

/// `YYYY-MM-DD` naming a day of the Gregorian calendar.
pub fn valid_date(s: &str) -> bool {
    let b = s.as_bytes();
    if b.len() != 10 || b[4] != b'-' || b[7] != b'-' {
        return false;
    }
    let num = |r: std::ops::Range<usize>| -> Option<u32> {
        let t = &s[r];
        t.bytes()
            .all(|c| c.is_ascii_digit())
            .then(|| t.parse().ok())
            .flatten()
    };
    let (Some(y), Some(m), Some(d)) = (num(0..4), num(5..7), num(8..10)) else {
        return false;
    };
    let leap = (y % 4 == 0 && y % 100 != 0) || y % 400 == 0;
    let days = match m {
        1 | 3 | 5 | 7 | 8 | 10 | 12 => 31,
        4 | 6 | 9 | 11 => 30,
        2 if leap => 29,
        2 => 28,
        _ => return false,
    };
    (1..=days).contains(&d)
}

impl GameRecord {
    pub fn start_board(&self) -> Board {
        self.start.board()
    }

    pub fn first(&self) -> Color {
        self.start.first()
    }

    pub fn variant(&self) -> &'static Variant {
        self.start.variant()
    }

    pub fn to_text(&self) -> String {
        let mut s = String::new();
        let _ = writeln!(s, "game {}", self.number);
        if let Some(id) = &self.match_id {
            let _ = writeln!(s, "match {}", one_line(id));
        }
        if let Some(seed) = self.seed {
            // Hex without leading zeros: a seed typed as `4242` in the arena reads `4242`.
            let _ = writeln!(s, "seed {seed:x}");
        }
        let _ = writeln!(s, "date {}", one_line(&self.date));
        let _ = writeln!(s, "red {}", record_name(&self.red));
        let _ = writeln!(s, "blue {}", record_name(&self.blue));
        let v = self.variant();
        // Only the standard game goes unnamed (no file may take a preset's name).
        if v.name() != "standard" {
            if Variant::preset(v.name()).is_some_and(|p| std::ptr::eq(p, v)) {
                let _ = writeln!(s, "variant {}", v.name());
            } else {
                let _ = writeln!(s, "variant {}", variant_file::to_toml_inline(v));
            }
        }
        match &self.start {
            Start::Setups {
                red, blue, first, ..
            } => {
                let _ = writeln!(s, "setup {} {}", setup_string(red), setup_string(blue));
                let _ = writeln!(s, "first {}", side_letter(*first));
            }
            Start::Position(b) => {
                let _ = writeln!(s, "position {}", to_fen(b));
            }
        }
        for p in &self.plies {
            let _ = write!(
                s,
                "move {} {} {}",
                side_letter(p.side),
                p.die,
                move_name_in(v, p.mv)
            );
            if let Some(us) = p.us {
                let _ = write!(s, " {}", ms_text(us));
            }
            s.push('\n');
        }
        let head = match self.winner {
            Some(w) => format!("result {} {}", side_letter(w), self.reason),
            None => format!("result {}", Reason::Unfinished),
        };
        let detail = one_line(&self.detail);
        if detail.is_empty() {
            let _ = writeln!(s, "{head}");
        } else {
            let _ = writeln!(s, "{head} {detail}");
        }
        s.push_str("end\n");
        s
    }

    /// Plays the record through and checks every move and the result; returns the final position.
    pub fn replay(&self) -> Result<Board, ReplayError> {
        let mut b = self.start_board();
        let v = b.variant();
        for (i, p) in self.plies.iter().enumerate() {
            let at = |fault| ReplayError::Ply { ply: i + 1, fault };
            if b.is_over() {
                return Err(at(PlyFault::AlreadyOver));
            }
            if p.side != b.side_to_move() {
                return Err(at(PlyFault::WrongSide {
                    moved: p.side,
                    to_move: b.side_to_move(),
                }));
            }
            if !v.is_outcome(p.die) {
                return Err(at(PlyFault::Die {
                    die: p.die,
                    range: v.outcome_range(),
                }));
            }
            if !b.is_legal(p.mv, Some(p.die)) {
                return Err(at(PlyFault::Illegal {
                    mv: move_name_in(v, p.mv),
                    die: p.die,
                }));
            }
            b.make(p.mv);
        }
        Ok(self.check_result(b)?)
    }

    /// Checks the result against the final position `b`.
    fn check_result(&self, b: Board) -> Result<Board, ResultFault> {
        let reason = self.reason;
        let Some(winner) = self.winner else {
            if reason != Reason::Unfinished {
                return Err(ResultFault::NoWinner(reason));
            }
            if b.is_over() {
                return Err(ResultFault::UnfinishedButOver);
            }
            return Ok(b);
        };
        if reason == Reason::Unfinished {
            return Err(ResultFault::UnfinishedWithWinner(winner));
        }
        if reason.is_normal() {
            if b.winner() != Some(winner) {
                return Err(ResultFault::NotWon { winner, reason });
            }
            let loser = winner.other();
            let by_capture = b.alive(loser) == 0;
            if by_capture != (reason == Reason::Capture) {
                return Err(ResultFault::EndedOtherwise(reason));
            }
        } else {
            // A fault or a resignation: the loser is the side that had to move, except for a
            // fault before the first move, which either side may commit (an engine can fail to
            // start, to greet or to set up while the other is to move).
            if b.is_over() {
                return Err(ResultFault::OverByRules(reason));
            }
            let at_start = self.plies.is_empty() && reason.is_fault();
            if b.side_to_move() == winner && !at_start {
                return Err(ResultFault::NotTheirTurn {
                    loser: winner.other(),
                    reason,
                });
            }
        }
        Ok(b)
    }
}

/// Red's win chance in each position of a game (start first, one more than the plies), where
/// known: the optional `graph` line of a record, written by the arena (`ewn gui`).
pub type Graph = Vec<Option<f64>>;

impl GameRecord {
    /// The record's text with a `graph` line (before `result`) when any chance is known.
    pub fn to_text_with_graph(&self, graph: &[Option<f64>]) -> String {
        let text = self.to_text();
        if graph.len() != self.plies.len() + 1 || graph.iter().all(Option::is_none) {
            return text;
        }
        let line: Vec<String> = graph
            .iter()
            .map(|p| p.map_or("-".to_string(), |p| format!("{:.4}", p.clamp(0.0, 1.0))))
            .collect();
        let at = text.rfind("\nresult ").map_or(0, |i| i + 1);
        format!("{}graph {}\n{}", &text[..at], line.join(" "), &text[at..])
    }
}

/// Today's date (UTC) as `YYYY-MM-DD`, from the system clock, without a calendar crate.
pub fn today() -> String {
    let secs = std::time::SystemTime::now()
        .duration_since(std::time::UNIX_EPOCH)
        .map(|d| d.as_secs())
        .unwrap_or(0);
    let (y, m, d) = civil_from_days((secs / 86_400) as i64);
    format!("{y:04}-{m:02}-{d:02}")
}

/// Days since 1970-01-01 to a proleptic Gregorian date (the well-known era algorithm).
fn civil_from_days(z: i64) -> (i64, u32, u32) {
    let z = z + 719_468;
    let era = z.div_euclid(146_097);
    let doe = z.rem_euclid(146_097);
    let yoe = (doe - doe / 1460 + doe / 36_524 - doe / 146_096) / 365;
    let doy = doe - (365 * yoe + yoe / 4 - yoe / 100);
    let mp = (5 * doy + 2) / 153;
    let d = (doy - (153 * mp + 2) / 5 + 1) as u32;
    let m = if mp < 10 { mp + 3 } else { mp - 9 } as u32;
    let y = yoe + era * 400 + i64::from(m <= 2);
    (y, m, d)
}
