//! The game record: one game per block of lines, written by `ewn match`, read by `ewn replay` and
//! `ewn export`. The format is described in `protocol/records.md`.
//!
//! ```text
//! game 1
//! seed 9c2d...        (the pair's generator seed, hex; informative)
//! date 2026-11-29
//! red ewn
//! blue random
//! setup 123456 654321 (Red's then Blue's, in setup order)
//! first r
//! move r 3 c5d4       (side, die, move)
//! result r goal       (winner, reason, optional detail)
//! end
//! ```

use std::fmt;
use std::fmt::Write as _;

use crate::board::{Board, Color, Move};
use crate::notation::{move_name, parse_move, parse_setup, setup_string};

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
            _ => return None,
        })
    }

    /// Ended by the rules rather than by a player's fault.
    pub fn is_normal(self) -> bool {
        matches!(self, Reason::Goal | Reason::Capture)
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
}

#[derive(Clone, Debug, PartialEq, Eq)]
pub struct GameRecord {
    pub number: u64,
    pub seed: u64,
    pub date: String,
    pub red: String,
    pub blue: String,
    pub red_setup: [u8; 6],
    pub blue_setup: [u8; 6],
    pub first: Color,
    pub plies: Vec<Ply>,
    pub winner: Color,
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

impl GameRecord {
    pub fn start_board(&self) -> Board {
        Board::from_setups(self.red_setup, self.blue_setup, self.first)
    }

    pub fn to_text(&self) -> String {
        let mut s = String::new();
        let _ = writeln!(s, "game {}", self.number);
        let _ = writeln!(s, "seed {:016x}", self.seed);
        let _ = writeln!(s, "date {}", one_line(&self.date));
        let _ = writeln!(s, "red {}", one_line(&self.red));
        let _ = writeln!(s, "blue {}", one_line(&self.blue));
        let _ = writeln!(
            s,
            "setup {} {}",
            setup_string(&self.red_setup),
            setup_string(&self.blue_setup)
        );
        let _ = writeln!(s, "first {}", side_letter(self.first));
        for p in &self.plies {
            let _ = writeln!(
                s,
                "move {} {} {}",
                side_letter(p.side),
                p.die,
                move_name(p.mv)
            );
        }
        let detail = one_line(&self.detail);
        if detail.is_empty() {
            let _ = writeln!(s, "result {} {}", side_letter(self.winner), self.reason);
        } else {
            let _ = writeln!(
                s,
                "result {} {} {detail}",
                side_letter(self.winner),
                self.reason
            );
        }
        s.push_str("end\n");
        s
    }

    /// Plays the record through and checks every move and the result; returns the final position.
    pub fn replay(&self) -> Result<Board, String> {
        let mut b = self.start_board();
        for (i, p) in self.plies.iter().enumerate() {
            let n = i + 1;
            if b.is_over() {
                return Err(format!("ply {n}: the game was already over"));
            }
            if p.side != b.side_to_move() {
                return Err(format!(
                    "ply {n}: {} moved but {} was to move",
                    p.side.name(),
                    b.side_to_move().name()
                ));
            }
            if !(1..=6).contains(&p.die) {
                return Err(format!("ply {n}: die {} is not 1..6", p.die));
            }
            if !b.is_legal(p.mv, Some(p.die)) {
                return Err(format!(
                    "ply {n}: {} is illegal for die {}",
                    move_name(p.mv),
                    p.die
                ));
            }
            b.make(p.mv);
        }
        if self.reason.is_normal() {
            if b.winner() != Some(self.winner) {
                return Err(format!(
                    "the record says {} won by {} but the final position does not",
                    self.winner.name(),
                    self.reason
                ));
            }
            let loser = self.winner.other();
            let by_capture = b.alive(loser) == 0;
            if by_capture != (self.reason == Reason::Capture) {
                return Err(format!(
                    "the record says {} but the game ended otherwise",
                    self.reason
                ));
            }
        } else {
            if b.is_over() {
                return Err(format!(
                    "the record says {} but the game was over by the rules",
                    self.reason
                ));
            }
            if b.side_to_move() == self.winner {
                return Err(format!(
                    "the record says {} lost by {} but it was not {}'s turn",
                    self.winner.other().name(),
                    self.reason,
                    self.winner.other().name()
                ));
            }
        }
        Ok(b)
    }
}

/// Reads every game of a record file. Blank lines and lines starting with `#` are ignored.
pub fn parse_records(text: &str) -> Result<Vec<GameRecord>, String> {
    let mut games = Vec::new();
    let mut cur: Option<Partial> = None;
    for (i, raw) in text.lines().enumerate() {
        let lineno = i + 1;
        let line = raw.trim();
        if line.is_empty() || line.starts_with('#') {
            continue;
        }
        let (key, rest) = line.split_once(' ').unwrap_or((line, ""));
        let rest = rest.trim();
        let fail = |m: String| format!("line {lineno}: {m}");
        if key == "game" {
            if cur.is_some() {
                return Err(fail("'game' before the previous game's 'end'".into()));
            }
            let number = rest
                .parse()
                .map_err(|_| fail(format!("bad game number '{rest}'")))?;
            cur = Some(Partial {
                number,
                ..Partial::default()
            });
            continue;
        }
        let Some(g) = cur.as_mut() else {
            return Err(fail(format!("'{key}' outside a game")));
        };
        match key {
            "seed" => {
                g.seed = u64::from_str_radix(rest, 16)
                    .map_err(|_| fail(format!("bad seed '{rest}'")))?;
            }
            "date" => g.date = rest.to_string(),
            "red" => g.red = rest.to_string(),
            "blue" => g.blue = rest.to_string(),
            "setup" => {
                let parts: Vec<&str> = rest.split_whitespace().collect();
                let [r, b] = parts[..] else {
                    return Err(fail("setup needs Red's and Blue's setups".into()));
                };
                g.setups = Some((
                    parse_setup(r).map_err(|e| fail(e.0))?,
                    parse_setup(b).map_err(|e| fail(e.0))?,
                ));
            }
            "first" => {
                g.first = Some(parse_side(rest).ok_or_else(|| fail(format!("bad side '{rest}'")))?);
            }
            "move" => {
                let parts: Vec<&str> = rest.split_whitespace().collect();
                let [side, die, mv] = parts[..] else {
                    return Err(fail("move needs side, die and move".into()));
                };
                let side = parse_side(side).ok_or_else(|| fail(format!("bad side '{side}'")))?;
                let die: u8 = die
                    .parse()
                    .ok()
                    .filter(|d| (1..=6).contains(d))
                    .ok_or_else(|| fail(format!("bad die '{die}'")))?;
                let mv = parse_move(mv).map_err(|e| fail(e.0))?;
                g.plies.push(Ply { side, die, mv });
            }
            "result" => {
                let mut it = rest.splitn(3, ' ');
                let w = it.next().unwrap_or("");
                let winner = parse_side(w).ok_or_else(|| fail(format!("bad winner '{w}'")))?;
                let r = it.next().unwrap_or("");
                let reason = Reason::parse(r).ok_or_else(|| fail(format!("bad reason '{r}'")))?;
                g.result = Some((winner, reason, it.next().unwrap_or("").trim().to_string()));
            }
            "end" => {
                let g = cur.take().expect("checked above");
                games.push(g.finish().map_err(fail)?);
            }
            _ => return Err(fail(format!("unknown line '{key}'"))),
        }
    }
    if cur.is_some() {
        return Err("the last game has no 'end'".into());
    }
    Ok(games)
}

#[derive(Default)]
struct Partial {
    number: u64,
    seed: u64,
    date: String,
    red: String,
    blue: String,
    setups: Option<([u8; 6], [u8; 6])>,
    first: Option<Color>,
    plies: Vec<Ply>,
    result: Option<(Color, Reason, String)>,
}

impl Partial {
    fn finish(self) -> Result<GameRecord, String> {
        let (red_setup, blue_setup) = self.setups.ok_or("game without 'setup'")?;
        let first = self.first.ok_or("game without 'first'")?;
        let (winner, reason, detail) = self.result.ok_or("game without 'result'")?;
        Ok(GameRecord {
            number: self.number,
            seed: self.seed,
            date: self.date,
            red: self.red,
            blue: self.blue,
            red_setup,
            blue_setup,
            first,
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

    /// A short game played out from a fixed position with the first legal move each time.
    pub(crate) fn sample() -> GameRecord {
        let red_setup = [1, 2, 3, 4, 5, 6];
        let blue_setup = [6, 5, 4, 3, 2, 1];
        let mut b = Board::from_setups(red_setup, blue_setup, Color::Blue);
        let mut plies = Vec::new();
        let mut rng = super::super::rng::MatchRng::new(3);
        while !b.is_over() {
            let die = rng.die();
            let moves = b.moves_for_die(die);
            // The diagonal step first: games end quickly.
            let mv = moves.as_slice()[0];
            plies.push(Ply {
                side: b.side_to_move(),
                die,
                mv,
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
            seed: 0xabc,
            date: "2026-01-02".into(),
            red: "ewn 0.1".into(),
            blue: "random".into(),
            red_setup,
            blue_setup,
            first: Color::Blue,
            plies,
            winner,
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
        assert_eq!(end.winner(), Some(g.winner));
    }

    #[test]
    fn replay_rejects_a_doctored_record() {
        let mut g = sample();
        g.winner = g.winner.other();
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
        g.winner = g.winner.other();
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
