//! The native protocol's options: what each one is called and which values it takes (read by the
//! parser of `setoption` and announced by the handshake), and the state of the options that shape
//! what `go` answers and record why (`Level`, `LevelSeed`, `DecisionLog`; see
//! `protocol/analysis.md`).

use crate::brain::decision_log::{Decision, DecisionLog};
use crate::brain::level::{Level, MAX_LEVEL};
use crate::brain::search::{Limits, MAX_THREADS, SearchResult};
use crate::protocol::error::{CommandError, ParseError};
use crate::rules::board::{Board, Move};

/// An option whose value is an integer in a range ("spin" in the handshake).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct SpinOption {
    pub name: &'static str,
    pub default: u64,
    pub min: u64,
    pub max: u64,
}

impl SpinOption {
    /// Does `name` (in any case: controllers of this protocol family send names in any case)
    /// name this option?
    pub fn is(&self, name: &str) -> bool {
        self.name.eq_ignore_ascii_case(name)
    }

    /// The value of `setoption ... value <value>`, or what is wrong with it.
    pub fn parse(&self, value: &str) -> Result<u64, ParseError> {
        match value.parse::<u64>() {
            Ok(v) if (self.min..=self.max).contains(&v) => Ok(v),
            _ => Err(ParseError::OptionValue {
                option: self.name,
                value: value.into(),
                min: self.min,
                max: self.max,
            }),
        }
    }
}

pub const HASH: SpinOption = SpinOption {
    name: "Hash",
    // Depth 8 from the start (die 3) takes 29 M nodes in 256 MiB, 42 M in 64 (the table
    // full) and 28 M in 512; a new game empties it in constant time, whatever its size.
    default: 256,
    min: 1,
    max: 1024,
};

pub const MOVE_OVERHEAD: SpinOption = SpinOption {
    name: "MoveOverhead",
    // A local pipe costs about 0.1 ms each way and the search stops within a tenth of a
    // millisecond of its deadline (scripts/movetime-use.py --overhead 0 measures both).
    default: 1,
    min: 0,
    max: 5000,
};

/// Search threads sharing the table. The handshake announces as its default the value the engine
/// started with (1 unless `--threads` said otherwise).
pub const THREADS: SpinOption = SpinOption {
    name: "Threads",
    default: 1,
    min: 1,
    max: MAX_THREADS as u64,
};

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

/// The integer options in the order the handshake announces them.
pub const SPIN_OPTIONS: [SpinOption; 5] = [HASH, MOVE_OVERHEAD, THREADS, LEVEL, LEVEL_SEED];

/// A string option: a path, announced after the integer options.
pub const DECISION_LOG: &str = "DecisionLog";

/// A string option: the directory of the endgame tables, announced after `DecisionLog`.
pub const TABLE_PATH: &str = "TablePath";

/// A combo option: the variant played (presets and the variants loaded from files).
pub const UCI_VARIANT: &str = "UCI_Variant";

/// A string option: a file of variant definitions to load (they join `UCI_Variant`'s list).
pub const VARIANT_PATH: &str = "VariantPath";

/// Which endgame tables the searches use (`TablePath`).
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum TableChoice {
    /// Empty, the default: the built-in three-cube table, in searches without a depth or node
    /// limit (those stay the search's reproducible signature).
    Builtin,
    /// `none`: no tables at all.
    Off,
    /// The largest table in this directory, in every search.
    Dir(String),
}

impl TableChoice {
    /// The choice a `setoption ... value <v>` names; `<empty>`, how the handshake spells the
    /// empty default, is taken back as such.
    pub fn parse(value: &str) -> TableChoice {
        match value {
            "" | "<empty>" => TableChoice::Builtin,
            v if v.eq_ignore_ascii_case("none") => TableChoice::Off,
            v => TableChoice::Dir(v.to_string()),
        }
    }
}

/// How `go` turns a search into its answer: the level, its seed and the decision log.
#[derive(Default)]
pub struct MoveChoice {
    pub level: Level,
    pub seed: u64,
    log: Option<DecisionLog>,
}

impl MoveChoice {
    /// Opens the decision log at `path` for appending (`None`: no log), or says why not.
    pub fn set_log(&mut self, path: Option<&str>) -> Result<(), CommandError> {
        self.log = match path {
            None => None,
            Some(p) => Some(
                DecisionLog::open(p).map_err(|error| CommandError::DecisionLog {
                    path: p.to_string(),
                    error,
                })?,
            ),
        };
        Ok(())
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

    #[test]
    fn values_are_checked() {
        assert_eq!(HASH.parse("1"), Ok(1));
        assert_eq!(
            HASH.parse("0").map_err(|e| e.to_string()),
            Err("bad value '0' for option Hash (an integer 1..1024)".to_string())
        );
        assert!(LEVEL.parse("11").is_err());
        assert!(LEVEL_SEED.parse("-1").is_err());
        assert_eq!(LEVEL_SEED.parse("4294967295"), Ok(u32::MAX as u64));
        assert_eq!(THREADS.parse("256"), Ok(256));
        assert_eq!(
            THREADS.parse("257").map_err(|e| e.to_string()),
            Err("bad value '257' for option Threads (an integer 1..256)".to_string())
        );
        assert!(MOVE_OVERHEAD.is("moveoverhead"));
        assert!(!MOVE_OVERHEAD.is("Move"));
    }

    #[test]
    fn table_choices() {
        assert_eq!(TableChoice::parse("<empty>"), TableChoice::Builtin);
        assert_eq!(TableChoice::parse(""), TableChoice::Builtin);
        assert_eq!(TableChoice::parse("None"), TableChoice::Off);
        assert_eq!(
            TableChoice::parse("tb/4"),
            TableChoice::Dir("tb/4".to_string())
        );
    }

    #[test]
    fn the_log_can_be_turned_off() {
        let mut c = MoveChoice::default();
        assert!(c.set_log(None).is_ok());
        assert!(c.set_log(Some("/nonexistent/dir/log")).is_err());
    }
}
