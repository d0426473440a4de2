//! A log of the engine's decisions, one JSON object per line, for reading a game back afterwards:
//! what the position and die were, how every candidate move was valued, what was chosen and how
//! much search it took.
//!
//! The JSON is written by hand (the objects are small and flat); [`json_string`] escapes every
//! character JSON requires. Each line is flushed at once so that a log survives a crash or a kill.

use std::fs::{File, OpenOptions};
use std::io::{self, BufWriter, Write};
use std::path::Path;

use crate::brain::search::{RootMove, to_prob};
use crate::rules::board::Move;

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
}

/// A JSON string literal for `s`, quotes included.
pub fn json_string(s: &str) -> String {
    let mut out = String::with_capacity(s.len() + 2);
    out.push('"');
    for c in s.chars() {
        match c {
            '"' => out.push_str("\\\""),
            '\\' => out.push_str("\\\\"),
            '\n' => out.push_str("\\n"),
            '\r' => out.push_str("\\r"),
            '\t' => out.push_str("\\t"),
            c if (c as u32) < 0x20 => out.push_str(&format!("\\u{:04x}", c as u32)),
            c => out.push(c),
        }
    }
    out.push('"');
    out
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
        }
    }

    /// The decision as one line of JSON (no newline). Probabilities have six decimals; `value` is
    /// the integer the search works with, so nothing is lost to rounding.
    pub fn to_json(&self) -> String {
        let candidates: Vec<String> = self
            .candidates
            .iter()
            .map(|r| {
                format!(
                    "{{\"move\":{},\"wp\":{:.6},\"value\":{}}}",
                    json_string(&r.mv.to_string()),
                    to_prob(r.value),
                    r.value
                )
            })
            .collect();
        format!(
            "{{\"position\":{},\"die\":{},\"candidates\":[{}],\"chosen\":{},\"depth\":{},\"nodes\":{},\"time_ms\":{},\"level\":{},\"exact_values\":{}}}",
            json_string(&self.position),
            self.die,
            candidates.join(","),
            json_string(&self.chosen.to_string()),
            self.depth,
            self.nodes,
            self.time_ms,
            self.level,
            self.exact_values
        )
    }
}

/// Appends decisions to a writer, one JSON line each.
pub struct DecisionLog {
    out: Box<dyn Write + Send>,
}

impl DecisionLog {
    /// Opens `path` for appending (created if missing), so that several games can share one log.
    pub fn open(path: impl AsRef<Path>) -> io::Result<DecisionLog> {
        let f: File = OpenOptions::new().create(true).append(true).open(path)?;
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
    fn escapes_what_json_requires() {
        assert_eq!(json_string("a\"b\\c"), "\"a\\\"b\\\\c\"");
        assert_eq!(json_string("x\ny\u{1}"), "\"x\\ny\\u0001\"");
        assert_eq!(json_string("würfelt"), "\"würfelt\"");
    }
}
