//! A log of the engine's decisions, one JSON object per line, for reading a game back afterwards:
//! what the position and die were, how every candidate move was valued, what was chosen and how
//! much search it took.
//!
//! The JSON is written by `serde_json` from a view struct whose fields are in the documented order.
//! Each line is flushed at once so that a log survives a crash or a kill.

use std::fs::File;
use std::io::{self, BufWriter, Write};
use std::path::Path;

use serde::Serialize;

use crate::brain::search::{RootMove, to_prob};
use crate::rules::board::Move;
use crate::rules::variant::Variant;

/// One decision of the engine.
#[derive(Clone, Debug, PartialEq)]
pub struct Decision {
    /// Position string before the move.
    pub position: String,
    pub die: u8,
    /// Candidate moves with their values, best first.
    pub candidates: Vec<RootMove>,
    pub chosen: Move,
    pub depth: u32,
    pub nodes: u64,
    pub time_ms: u64,
    /// Playing level (see `level`), the maximum for full strength.
    pub level: u8,
    /// Every candidate's value is exact (multipv search); otherwise only the best move's is, and
    /// the others are upper bounds.
    pub exact_values: bool,
    /// The game's variant, whose square names the moves are written with.
    pub variant: &'static Variant,
}

impl Decision {
    /// The decision to play `chosen` in `board` with `die` after the search `r`.
    pub fn new(
        board: &crate::rules::board::Board,
        die: u8,
        r: &crate::brain::search::SearchResult,
        chosen: Move,
        level: u8,
        exact_values: bool,
    ) -> Decision {
        Decision {
            position: crate::rules::notation::to_fen(board),
            die,
            candidates: r.root_moves.clone(),
            chosen,
            depth: r.depth,
            nodes: r.nodes,
            time_ms: r.time_ms,
            level,
            exact_values,
            variant: board.variant(),
        }
    }

    /// The decision as one line of JSON (no newline). Probabilities are rounded to six decimals;
    /// `value` is the integer the search works with, so nothing is lost to rounding.
    pub fn to_json(&self) -> String {
        let view = DecisionJson {
            position: &self.position,
            die: self.die,
            candidates: self
                .candidates
                .iter()
                .map(|r| CandidateJson {
                    mv: r.mv.display(self.variant).to_string(),
                    wp: round_to(to_prob(r.value), 6),
                    value: r.value,
                })
                .collect(),
            chosen: self.chosen.display(self.variant).to_string(),
            depth: self.depth,
            nodes: self.nodes,
            time_ms: self.time_ms,
            level: self.level,
            exact_values: self.exact_values,
        };
        serde_json::to_string(&view).expect("a decision always serialises")
    }
}

/// `x` rounded to `places` decimals, for JSON numbers that should not print noise digits.
pub fn round_to(x: f64, places: i32) -> f64 {
    let k = 10f64.powi(places);
    (x * k).round() / k
}

/// The JSON shape of a [`Decision`]: field order as written.
#[derive(Serialize)]
struct DecisionJson<'a> {
    position: &'a str,
    die: u8,
    candidates: Vec<CandidateJson>,
    chosen: String,
    depth: u32,
    nodes: u64,
    time_ms: u64,
    level: u8,
    exact_values: bool,
}

#[derive(Serialize)]
struct CandidateJson {
    #[serde(rename = "move")]
    mv: String,
    wp: f64,
    value: i64,
}

/// Appends decisions to a writer, one JSON line each.
pub struct DecisionLog {
    out: Box<dyn Write + Send>,
}

impl DecisionLog {
    /// Opens `path` for appending (created if missing), so that several games can share one log.
    pub fn open(path: impl AsRef<Path>) -> io::Result<DecisionLog> {
        let f: File = crate::text_file::open_for_writing(path.as_ref(), false)?;
        Ok(DecisionLog {
            out: Box::new(BufWriter::new(f)),
        })
    }

    pub fn from_writer(out: Box<dyn Write + Send>) -> DecisionLog {
        DecisionLog { out }
    }

    pub fn record(&mut self, d: &Decision) -> io::Result<()> {
        writeln!(self.out, "{}", d.to_json())?;
        self.out.flush()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn json_is_one_parseable_line_in_the_documented_order() {
        let d = Decision {
            position: "a\"b\\c\nd".to_string(),
            die: 3,
            candidates: vec![RootMove {
                mv: Move::new(2, 8),
                value: 550732855,
            }],
            chosen: Move::new(2, 8),
            depth: 3,
            nodes: 796,
            time_ms: 1,
            level: 10,
            exact_values: false,
            variant: Variant::standard(),
        };
        let j = d.to_json();
        assert!(!j.contains('\n'), "{j}");
        assert!(
            j.starts_with("{\"position\":\"a\\\"b\\\\c\\nd\",\"die\":3,\"candidates\":[{\"move\":"),
            "{j}"
        );
        let v: serde_json::Value = serde_json::from_str(&j).unwrap();
        assert_eq!(v["position"], "a\"b\\c\nd");
        assert_eq!(v["candidates"][0]["value"], 550732855);
        assert_eq!(v["candidates"][0]["wp"], round_to(to_prob(550732855), 6));
        assert!(j.ends_with(",\"level\":10,\"exact_values\":false}"), "{j}");
    }

    #[test]
    fn rounding_keeps_the_places_asked_for() {
        assert_eq!(round_to(0.5129104, 6), 0.51291);
        assert_eq!(round_to(2.0 / 3.0, 4), 0.6667);
    }
}
