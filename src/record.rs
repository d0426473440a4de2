//! The game record: one game per block of lines, written by `ewn match` and `ewn play`, read by
//! `ewn replay` and `ewn export`. The format is described in `protocol/records.md`.
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

/// The longest player name a record holds, in characters: a longer one is cut when written and
/// refused when read (so that reports can lay names out in columns).
pub const MAX_NAME: usize = 256;

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
    pub fn replay(&self) -> Result<Board, String> {
        self.replay_at().map_err(|(_, e)| e)
    }

    /// As [`GameRecord::replay`], with the ply (1-based) the error is about; `None`: the result.
    pub fn replay_at(&self) -> Result<Board, (Option<usize>, String)> {
        let mut b = self.start_board();
        let v = b.variant();
        for (i, p) in self.plies.iter().enumerate() {
            let n = i + 1;
            let at = |m: String| (Some(n), format!("ply {n}: {m}"));
            if b.is_over() {
                return Err(at("the game was already over".into()));
            }
            if p.side != b.side_to_move() {
                return Err(at(format!(
                    "{} moved but {} was to move",
                    p.side.name(),
                    b.side_to_move().name()
                )));
            }
            if !v.is_outcome(p.die) {
                return Err(at(format!("die {} is not {}", p.die, v.outcome_range())));
            }
            if !b.is_legal(p.mv, Some(p.die)) {
                return Err(at(format!(
                    "{} is illegal for die {}",
                    move_name_in(v, p.mv),
                    p.die
                )));
            }
            b.make(p.mv);
        }
        self.check_result(b).map_err(|e| (None, e))
    }

    /// Checks the result against the final position `b`.
    fn check_result(&self, b: Board) -> Result<Board, String> {
        let Some(winner) = self.winner else {
            if self.reason != Reason::Unfinished {
                return Err(format!(
                    "the record says {} but names no winner",
                    self.reason
                ));
            }
            if b.is_over() {
                return Err("the record says unfinished but the game was over by the rules".into());
            }
            return Ok(b);
        };
        if self.reason == Reason::Unfinished {
            return Err(format!(
                "the record says unfinished but names {} the winner",
                winner.name()
            ));
        }
        if self.reason.is_normal() {
            if b.winner() != Some(winner) {
                return Err(format!(
                    "the record says {} won by {} but the final position does not",
                    winner.name(),
                    self.reason
                ));
            }
            let loser = winner.other();
            let by_capture = b.alive(loser) == 0;
            if by_capture != (self.reason == Reason::Capture) {
                return Err(format!(
                    "the record says {} but the game ended otherwise",
                    self.reason
                ));
            }
        } else {
            // A fault or a resignation: the loser is the side that had to move, except for a
            // fault before the first move, which either side may commit (an engine can fail to
            // start, to greet or to set up while the other is to move).
            if b.is_over() {
                return Err(format!(
                    "the record says {} but the game was over by the rules",
                    self.reason
                ));
            }
            let at_start = self.plies.is_empty() && self.reason.is_fault();
            if b.side_to_move() == winner && !at_start {
                return Err(format!(
                    "the record says {} lost by {} but it was not {}'s turn",
                    winner.other().name(),
                    self.reason,
                    winner.other().name()
                ));
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

/// Reads every game of a record file. Blank lines and lines starting with `#` are ignored.
pub fn parse_records(text: &str) -> Result<Vec<GameRecord>, String> {
    Ok(parse_located(text)?.into_iter().map(|g| g.game).collect())
}

/// Reads every game of a record file with its `graph` line, if it has one.
pub fn parse_records_with_graphs(text: &str) -> Result<Vec<(GameRecord, Option<Graph>)>, String> {
    Ok(parse_located(text)?
        .into_iter()
        .map(|g| (g.game, g.graph))
        .collect())
}

/// A game read from a file, with the lines it came from.
#[derive(Clone, Debug, PartialEq)]
pub struct Located {
    pub game: GameRecord,
    /// The line of its `game` line (1-based), of each `move` line and of its `result` line.
    pub line: usize,
    pub move_lines: Vec<usize>,
    pub result_line: usize,
    /// Red's win chances from its `graph` line, if it has one.
    pub graph: Option<Graph>,
}

impl Located {
    /// [`GameRecord::replay`], its error naming the line and the game (and the ply).
    pub fn replay(&self) -> Result<Board, String> {
        self.game.replay_at().map_err(|(ply, e)| {
            let line = ply
                .and_then(|n| self.move_lines.get(n - 1).copied())
                .unwrap_or(self.result_line);
            format!("line {line}: game {}: {e}", self.game.number)
        })
    }
}

pub use crate::text_file::{excerpt, read_text_file, short_message};

/// Reads a record file: its games with their lines. A byte-order mark is skipped; an error names
/// the file and the line; a file without a game is an error. The file is read as
/// [`read_text_file`] reads.
pub fn read_record_file(path: &std::path::Path) -> anyhow::Result<Vec<Located>> {
    let name = path.display();
    let text = read_text_file(path)?;
    let games = parse_located(&text).map_err(|e| anyhow::anyhow!("{name}: {e}"))?;
    anyhow::ensure!(!games.is_empty(), "no games in {name}");
    Ok(games)
}

/// [`parse_records`] with the lines of each game.
pub fn parse_located(text: &str) -> Result<Vec<Located>, String> {
    let text = text.strip_prefix('\u{feff}').unwrap_or(text);
    let mut games = Vec::new();
    let mut cur: Option<Partial> = None;
    let mut start_line = 0;
    for (i, raw) in text.lines().enumerate() {
        let lineno = i + 1;
        let line = raw.trim();
        if line.is_empty() || line.starts_with('#') {
            continue;
        }
        let (key, rest) = line.split_once(' ').unwrap_or((line, ""));
        let rest = rest.trim();
        let fail = |m: String| format!("line {lineno}: {}", short_message(m));
        if key == "game" {
            if cur.is_some() {
                return Err(fail("'game' before the previous game's 'end'".into()));
            }
            let number = rest
                .parse()
                .map_err(|_| fail(format!("bad game number '{rest}'")))?;
            cur = Some(Partial::new(number));
            start_line = lineno;
            continue;
        }
        let Some(g) = cur.as_mut() else {
            return Err(fail(format!("'{key}' outside a game")));
        };
        match key {
            "seed" => {
                g.seed = Some(
                    u64::from_str_radix(rest, 16)
                        .map_err(|_| fail(format!("bad seed '{rest}'")))?,
                );
            }
            "match" => {
                if rest.is_empty() || rest.contains(char::is_whitespace) {
                    return Err(fail(format!("bad match id '{rest}'")));
                }
                g.match_id = Some(rest.to_string());
            }
            "date" => {
                if !valid_date(rest) {
                    return Err(fail(format!("bad date '{rest}': expected YYYY-MM-DD")));
                }
                g.date = rest.to_string();
            }
            "red" | "blue" => {
                if rest.chars().count() > MAX_NAME {
                    return Err(fail(format!("a name longer than {MAX_NAME} characters")));
                }
                if key == "red" {
                    g.red = rest.to_string();
                } else {
                    g.blue = rest.to_string();
                }
            }
            "variant" => {
                if g.setups.is_some() || g.position.is_some() || !g.plies.is_empty() {
                    return Err(fail(
                        "'variant' must come before the start and the moves".into(),
                    ));
                }
                g.variant = if rest.contains('=') {
                    let vs = variant_file::parse_variants("the record", rest).map_err(fail)?;
                    vs.first()
                        .copied()
                        .ok_or_else(|| fail("an empty variant definition".into()))?
                } else {
                    Variant::preset(rest).ok_or_else(|| {
                        fail(format!(
                            "unknown variant '{rest}' (a record of a custom variant carries its definition)"
                        ))
                    })?
                };
            }
            "setup" => {
                let parts: Vec<&str> = rest.split_whitespace().collect();
                let [r, b] = parts[..] else {
                    return Err(fail("setup needs Red's and Blue's setups".into()));
                };
                g.setups = Some((
                    parse_setup_in(g.variant, r).map_err(|e| fail(e.0))?,
                    parse_setup_in(g.variant, b).map_err(|e| fail(e.0))?,
                ));
            }
            "position" => {
                g.position = Some(parse_fen_in(g.variant, rest).map_err(|e| fail(e.0))?);
            }
            "first" => {
                g.first = Some(parse_side(rest).ok_or_else(|| fail(format!("bad side '{rest}'")))?);
            }
            "move" => {
                let parts: Vec<&str> = rest.split_whitespace().collect();
                let (side, die, mv, ms) = match parts[..] {
                    [side, die, mv] => (side, die, mv, None),
                    [side, die, mv, ms] => (side, die, mv, Some(ms)),
                    _ => {
                        return Err(fail(
                            "move needs side, die and move (and optionally its time in ms)".into(),
                        ));
                    }
                };
                let side = parse_side(side).ok_or_else(|| fail(format!("bad side '{side}'")))?;
                let die: u8 = die
                    .parse()
                    .ok()
                    .filter(|&d| g.variant.is_outcome(d))
                    .ok_or_else(|| fail(format!("bad die '{die}'")))?;
                let mv = parse_move_in(g.variant, mv).map_err(|e| fail(e.0))?;
                let us = match ms {
                    None => None,
                    Some(ms) => Some(
                        parse_ms(ms)
                            .ok_or_else(|| fail(format!("bad time '{ms}' (milliseconds)")))?,
                    ),
                };
                g.plies.push(Ply { side, die, mv, us });
                g.move_lines.push(lineno);
            }
            "result" => {
                let (w, more) = rest.split_once(' ').unwrap_or((rest, ""));
                if w == Reason::Unfinished.name() {
                    g.result = Some((None, Reason::Unfinished, more.trim().to_string()));
                    g.result_line = lineno;
                    continue;
                }
                let winner = parse_side(w).ok_or_else(|| fail(format!("bad winner '{w}'")))?;
                let (r, detail) = more.trim().split_once(' ').unwrap_or((more.trim(), ""));
                let reason = Reason::parse(r)
                    .filter(|&r| r != Reason::Unfinished)
                    .ok_or_else(|| fail(format!("bad reason '{r}'")))?;
                g.result = Some((Some(winner), reason, detail.trim().to_string()));
                g.result_line = lineno;
            }
            "graph" => {
                let points: Option<Graph> = rest
                    .split_whitespace()
                    .map(|w| match w {
                        "-" => Some(None),
                        _ => w
                            .parse::<f64>()
                            .ok()
                            .filter(|p| (0.0..=1.0).contains(p))
                            .map(Some),
                    })
                    .collect();
                g.graph = Some(points.ok_or_else(|| {
                    fail("graph needs win chances 0..1 or '-', one a position".into())
                })?);
            }
            "end" => {
                let mut g = cur.take().expect("checked above");
                let graph = g.graph.take();
                if graph.as_ref().is_some_and(|v| v.len() != g.plies.len() + 1) {
                    return Err(fail(
                        "graph needs one win chance a position: one more than the moves".into(),
                    ));
                }
                let (move_lines, result_line) = (g.move_lines.clone(), g.result_line);
                let game = g
                    .finish()
                    .map_err(|e| format!("line {lineno}: game from line {start_line}: {e}"))?;
                games.push(Located {
                    game,
                    line: start_line,
                    move_lines,
                    result_line,
                    graph,
                });
            }
            _ => return Err(fail(format!("unknown line '{key}'"))),
        }
    }
    if cur.is_some() {
        return Err(format!(
            "line {start_line}: the game starting here has no 'end'"
        ));
    }
    Ok(games)
}

struct Partial {
    variant: &'static Variant,
    number: u64,
    match_id: Option<String>,
    seed: Option<u64>,
    date: String,
    red: String,
    blue: String,
    setups: Option<(Vec<u8>, Vec<u8>)>,
    position: Option<Board>,
    first: Option<Color>,
    plies: Vec<Ply>,
    result: Option<(Option<Color>, Reason, String)>,
    graph: Option<Graph>,
    move_lines: Vec<usize>,
    result_line: usize,
}

impl Partial {
    fn new(number: u64) -> Partial {
        Partial {
            variant: Variant::standard(),
            number,
            match_id: None,
            seed: None,
            date: String::new(),
            red: String::new(),
            blue: String::new(),
            setups: None,
            position: None,
            first: None,
            plies: Vec::new(),
            result: None,
            graph: None,
            move_lines: Vec::new(),
            result_line: 0,
        }
    }

    fn finish(self) -> Result<GameRecord, String> {
        let start = match (self.setups, self.position) {
            (Some((red, blue)), None) => Start::Setups {
                red,
                blue,
                first: self.first.ok_or("game without 'first'")?,
                variant: self.variant,
            },
            (None, Some(b)) => {
                if self.first.is_some_and(|f| f != b.side_to_move()) {
                    return Err("'first' is not the side to move of 'position'".into());
                }
                Start::Position(b)
            }
            (Some(_), Some(_)) => return Err("game with both 'setup' and 'position'".into()),
            (None, None) => return Err("game without 'setup' or 'position'".into()),
        };
        let (winner, reason, detail) = self.result.ok_or("game without 'result'")?;
        Ok(GameRecord {
            number: self.number,
            match_id: self.match_id,
            seed: self.seed,
            date: self.date,
            red: self.red,
            blue: self.blue,
            start,
            plies: self.plies,
            winner,
            reason,
            detail,
        })
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

#[cfg(test)]
mod tests {
    use super::*;
    use crate::rules::notation::standard::{move_name, parse_fen, parse_move};

    /// A short game played out from a fixed position with the first legal move each time.
    pub(crate) fn sample() -> GameRecord {
        let red_setup = [1, 2, 3, 4, 5, 6];
        let blue_setup = [6, 5, 4, 3, 2, 1];
        let mut b = Board::from_setups(red_setup, blue_setup, Color::Blue);
        let mut plies = Vec::new();
        let mut rng = crate::rules::rng::MatchRng::new(3);
        while !b.is_over() {
            let die = rng.die();
            let moves = b.moves_for_die(die);
            // The diagonal step first: games end quickly.
            let mv = moves.as_slice()[0];
            plies.push(Ply {
                side: b.side_to_move(),
                die,
                mv,
                us: Some(100 * (10 + u64::from(die))),
            });
            b.make(mv);
        }
        let winner = b.winner().unwrap();
        let reason = if b.alive(winner.other()) == 0 {
            Reason::Capture
        } else {
            Reason::Goal
        };
        GameRecord {
            number: 7,
            match_id: Some("00ff00ff00ff00ff".into()),
            seed: Some(0xabc),
            date: "2026-01-02".into(),
            red: "ewn 0.1".into(),
            blue: "random".into(),
            start: Start::standard(red_setup, blue_setup, Color::Blue),
            plies,
            winner: Some(winner),
            reason,
            detail: String::new(),
        }
    }

    #[test]
    fn round_trip_and_replay() {
        let g = sample();
        let text = g.to_text();
        let back = parse_records(&format!("# header\n\n{text}\n{text}")).unwrap();
        assert_eq!(back.len(), 2);
        assert_eq!(back[0], g);
        let end = back[0].replay().unwrap();
        assert_eq!(end.winner(), g.winner);
    }

    #[test]
    fn a_graph_line_is_optional_and_round_trips() {
        let g = sample();
        let mut graph: Graph = vec![None; g.plies.len() + 1];
        graph[0] = Some(0.5);
        graph[1] = Some(0.61234);
        let text = g.to_text_with_graph(&graph);
        assert!(text.contains("\ngraph 0.5000 0.6123 -"), "{text}");
        let back = parse_records_with_graphs(&text).unwrap();
        assert_eq!(back[0].0, g);
        let read = back[0].1.as_ref().unwrap();
        assert_eq!(read.len(), graph.len());
        assert_eq!(read[1], Some(0.6123));
        assert_eq!(read[2], None);
        // Without known chances nothing is written; old records read without a graph.
        assert_eq!(
            g.to_text_with_graph(&vec![None; g.plies.len() + 1]),
            g.to_text()
        );
        assert_eq!(parse_records_with_graphs(&g.to_text()).unwrap()[0].1, None);
        for bad in ["graph 0.5", "graph 1.5 - -", "graph x"] {
            let t = text.replace(text.lines().find(|l| l.starts_with("graph")).unwrap(), bad);
            assert!(parse_records(&t).is_err(), "{bad}");
        }
    }

    #[test]
    fn move_times_are_optional_tenths_of_a_millisecond() {
        let g = sample();
        let text = g.to_text();
        let first = &g.plies[0];
        let line = format!(
            "move {} {} {} {}",
            side_letter(first.side),
            first.die,
            move_name(first.mv),
            ms_text(first.us.unwrap())
        );
        assert!(text.contains(&line), "{text}");
        assert_eq!(ms_text(12_345), "12.3");
        assert_eq!(ms_text(12_350), "12.4");
        assert_eq!(ms_text(40), "0.0");
        assert_eq!(parse_ms("12.3"), Some(12_300));
        assert_eq!(parse_ms("7"), Some(7000));
        for bad in ["-1", "1e3", "inf", "NaN", "", "x", "3600001"] {
            assert_eq!(parse_ms(bad), None, "{bad}");
        }
        // A record without times reads as before; a bad time names itself.
        let untimed: String = text
            .lines()
            .map(|l| match l.strip_prefix("move ") {
                Some(m) => format!("move {}\n", m.rsplit_once(' ').unwrap().0),
                None => format!("{l}\n"),
            })
            .collect();
        let back = parse_records(&untimed).unwrap();
        assert!(back[0].plies.iter().all(|p| p.us.is_none()));
        assert_eq!(back[0].replay().unwrap(), g.replay().unwrap());
        let bad = text.replacen(&line, &format!("{line}x"), 1);
        let e = parse_records(&bad).unwrap_err();
        assert!(e.contains("bad time"), "{e}");
    }

    /// A game from a position string, resigned or stopped: the forms `ewn play` writes.
    #[test]
    fn position_start_resignation_and_unfinished() {
        let b = parse_fen("5/5/B11R12/5/5 r").unwrap();
        assert_eq!(Start::from_board(&b), Start::Position(b.clone()));
        let mut g = GameRecord {
            number: 1,
            match_id: None,
            seed: None,
            date: "2026-01-02".into(),
            red: "human".into(),
            blue: "engine level 10".into(),
            start: Start::Position(b),
            plies: vec![Ply::new(Color::Red, 1, parse_move("c3d2").unwrap())],
            winner: Some(Color::Red),
            reason: Reason::Resign,
            detail: String::new(),
        };
        let text = g.to_text();
        assert!(text.contains("\nposition 5/5/B11R12/5/5 r\n"), "{text}");
        assert!(!text.contains("setup") && !text.contains("first") && !text.contains("seed"));
        assert!(text.ends_with("result r resign\nend\n"), "{text}");
        assert_eq!(parse_records(&text).unwrap(), vec![g.clone()]);
        // Blue was to move after c3d2, so only Blue can have resigned: Red wins.
        assert_eq!(to_fen(&g.replay().unwrap()), "5/5/B14/3R11/5 b");
        g.winner = Some(Color::Blue);
        assert!(g.replay().is_err());

        g.winner = None;
        g.reason = Reason::Unfinished;
        g.detail = "stopped".into();
        let text = g.to_text();
        assert!(text.ends_with("result unfinished stopped\nend\n"), "{text}");
        assert_eq!(parse_records(&text).unwrap(), vec![g.clone()]);
        assert!(g.replay().is_ok());
        // A winner with 'unfinished', or no winner with another reason, is refused.
        assert!(parse_records(&text.replace("result unfinished", "result r unfinished")).is_err());
        g.reason = Reason::Resign;
        assert!(g.replay().is_err());
        // 'first' may repeat the side to move of 'position', not contradict it.
        let with_first = text.replace("\nposition", "\nfirst r\nposition");
        assert!(parse_records(&with_first).is_ok());
        assert!(parse_records(&with_first.replace("first r", "first b")).is_err());
        assert!(
            parse_records(&text.replace("\nposition", "\nsetup 123456 123456\nposition")).is_err()
        );
    }

    #[test]
    fn a_game_from_the_setups_keeps_its_setups() {
        let b = Board::from_setups([1, 5, 2, 6, 3, 4], [6, 5, 4, 3, 2, 1], Color::Blue);
        assert_eq!(
            Start::from_board(&b),
            Start::standard([1, 5, 2, 6, 3, 4], [6, 5, 4, 3, 2, 1], Color::Blue)
        );
        assert_eq!(Start::from_board(&b).board(), b);
    }

    #[test]
    fn replay_rejects_a_doctored_record() {
        let mut g = sample();
        g.winner = g.winner.map(Color::other);
        assert!(g.replay().is_err());
        let mut g = sample();
        g.plies[0].die = if g.plies[0].die == 1 { 2 } else { 1 };
        // Setups differ per side, so the first mover's cube for another die sits elsewhere.
        assert!(g.replay().unwrap_err().contains("illegal"));
        let mut g = sample();
        g.plies.pop();
        g.reason = Reason::Time;
        // Without its winning move the winner is the side to move: a time loss can only be its.
        assert!(g.replay().is_err());
        g.winner = g.winner.map(Color::other);
        assert!(g.replay().is_ok());
    }

    #[test]
    fn parse_errors_name_the_line() {
        let e = parse_records("game 1\nsetup 123456\nend\n").unwrap_err();
        assert!(e.starts_with("line 2:"), "{e}");
        assert!(parse_records("move r 1 a5b4\n").is_err());
        assert!(
            parse_records("game 1\nfirst r\n")
                .unwrap_err()
                .contains("no 'end'")
        );
        let e = parse_records("game 1\nsetup 123456 123456\nfirst r\nresult r nope\nend\n")
            .unwrap_err();
        assert!(e.contains("bad reason"), "{e}");
    }

    #[test]
    fn dates() {
        assert_eq!(civil_from_days(0), (1970, 1, 1));
        assert_eq!(civil_from_days(20_454), (2026, 1, 1));
        assert_eq!(civil_from_days(11_016), (2000, 2, 29));
    }
}
