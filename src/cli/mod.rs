//! The command line, one file per subcommand or family of subcommands (in the way cargo keeps
//! its commands): each holds the subcommand's arguments (clap) and its entry point. `main.rs`
//! only parses and dispatches.
//!
//! Layer: the highest; uses any layer below and nothing uses it but `main`.

pub mod analyse;
pub mod battle;
pub mod bench;
pub mod learn;
mod luck_report;
pub mod play;
pub mod referee;
pub mod solve;
pub mod stats;
pub mod tables;
pub mod variants;

use std::path::{Path, PathBuf};
use std::sync::Arc;

use anyhow::{Context, Result, bail};

use crate::brain::tables::Tables;

use crate::rules::board::Board;
use crate::rules::notation;
use crate::rules::variant::Variant;

/// The table directory of this run: `top`, the `--tables` given before the subcommand (where it
/// reaches the protocol loop and, as it always has, the subcommands that use tables), or `own`,
/// the one given after such a subcommand (`None` when the subcommand takes no tables).
pub fn tables_dir(
    top: Option<PathBuf>,
    own: Option<&Option<PathBuf>>,
    has_command: bool,
) -> Result<Option<PathBuf>> {
    match (top, own) {
        (Some(_), Some(Some(_))) => {
            bail!("--tables is given twice, before the subcommand and after it")
        }
        // Quietly ignoring the tables would be worse than saying so.
        (Some(_), None) if has_command => {
            bail!("--tables is for the protocol loop, review, analyse, gui and connect only")
        }
        (top, own) => Ok(top.or(own.cloned().flatten())),
    }
}

/// The standard endgame tables of `dir`. A directory may hold only solved tables (`ewn solve
/// --out`), of the variant played or of one chosen later: then there is no standard table to load.
pub fn load_tables(dir: Option<&Path>) -> Result<Option<Arc<Tables>>> {
    match dir {
        Some(d) if !solve::has_standard_tables(d) && crate::brain::solve::file::any_in(d) => {
            Ok(None)
        }
        d => d.map(tables::load).transpose(),
    }
}

/// A thread count, 1 to the most a searcher runs.
pub fn threads_parser() -> clap::builder::RangedU64ValueParser {
    clap::value_parser!(u64).range(1..=crate::brain::search::MAX_THREADS as u64)
}

/// A tool's output piped into a reader that stops early (`ewn replay r.txt | head -1`): the next
/// print finds the pipe closed and `println!` panics. That is no fault of the program, so the
/// process ends at once and quietly, with success, as the reader asked. SIGPIPE itself stays
/// ignored (Rust's default): a write to an engine that has died must be an error the referee
/// handles, not the end of the referee.
pub fn quiet_on_closed_pipe() {
    let default = std::panic::take_hook();
    std::panic::set_hook(Box::new(move |info| {
        let payload = info.payload();
        let msg = payload
            .downcast_ref::<String>()
            .map(String::as_str)
            .or_else(|| payload.downcast_ref::<&str>().copied())
            .unwrap_or("");
        if msg.contains("os error 32") {
            // The reader of standard output stopped early: success, as it asked for no more.
            if msg.starts_with("failed printing to stdout") {
                std::process::exit(0);
            }
            // Standard error closed as well (`2>&1 | head -1`): the error line that could not
            // be printed still ends the run as a failure, quietly rather than with a panic.
            if msg.starts_with("failed printing to stderr") {
                std::process::exit(1);
            }
        }
        default(info);
    }));
}

/// A command-line value that is not a number from 0 to 1.
#[derive(Debug, thiserror::Error)]
#[error("'{0}' is not a number from 0 to 1")]
pub struct NotUnit(String);

/// A number from 0 to 1.
pub fn unit_interval(s: &str) -> Result<f32, NotUnit> {
    match s.parse::<f32>() {
        Ok(x) if (0.0..=1.0).contains(&x) => Ok(x),
        _ => Err(NotUnit(s.to_string())),
    }
}

/// How the self-play games of `setups` and `datagen` are played.
#[derive(clap::Args)]
pub struct SelfPlayArgs {
    /// Search depth of both sides in every game.
    #[arg(long, default_value_t = 3)]
    pub depth: u32,
    /// Leaf evaluation of the players.
    #[arg(long, value_enum, default_value_t = crate::brain::search::EvalKind::Net)]
    pub eval: crate::brain::search::EvalKind,
    #[arg(long, default_value_t = 1)]
    pub seed: u64,
    /// Worker threads (the result does not depend on them).
    #[arg(long, default_value_t = 2)]
    pub threads: usize,
}

/// A position string or `startpos` of variant `v`, for `--position`.
pub fn parse_position(v: &'static Variant, s: &str) -> Result<Board> {
    if s == "startpos" {
        return Ok(Board::startpos_in(v));
    }
    notation::parse_fen_in(v, s).context("reading --position")
}
