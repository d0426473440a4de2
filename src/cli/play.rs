//! `ewn play`: a game in the terminal against the engine, or with the engine as adviser.

use std::io::IsTerminal;
use std::path::PathBuf;

use anyhow::Result;
use clap::ValueEnum;

use super::{parse_position, threads_parser};
use crate::app::play::{Dice, PlayOptions};
use crate::brain::level::Level;
use crate::brain::search::Limits;
use crate::rules::variant::Variant;

/// Play a game in the terminal against the engine, or with the engine as adviser.
#[derive(clap::Args)]
pub struct PlayArgs {
    /// The side(s) the person moves; the engine moves the others.
    #[arg(long, value_enum, default_value_t = Human::Red)]
    pub human: Human,
    /// The person enters the moves of both sides (a real board) and the engine advises.
    #[arg(long)]
    pub advise: bool,
    /// Start position string or `startpos`.
    #[arg(long, default_value = "startpos")]
    pub position: String,
    #[arg(long, value_enum, default_value_t = DiceArg::Auto)]
    pub dice: DiceArg,
    /// Seed of the program's dice and of the weaker levels' choices (default: the clock).
    #[arg(long)]
    pub seed: Option<u64>,
    /// Engine time per move in milliseconds.
    #[arg(long, default_value_t = 1000)]
    pub movetime: u64,
    /// Engine depth limit per move.
    #[arg(long, value_parser = clap::value_parser!(u32).range(1..=64))]
    pub depth: Option<u32>,
    /// Engine strength, 1 (weakest) to 10 (full strength).
    #[arg(long, default_value_t = crate::brain::level::MAX_LEVEL as u32)]
    pub level: u32,
    /// Save the game record to this file at the end.
    #[arg(long)]
    pub record: Option<PathBuf>,
    /// Append the engine's decisions as JSON lines to this file.
    #[arg(long)]
    pub decision_log: Option<PathBuf>,
    #[arg(long, value_enum, default_value_t = ColorArg::Auto)]
    pub color: ColorArg,
    #[arg(long, default_value_t = 64)]
    pub hash: usize,
    /// The engine's search threads.
    #[arg(long, default_value_t = 1, value_parser = threads_parser())]
    pub threads: u64,
}

/// `ewn play`, a game of variant `v`.
pub fn run_play(args: PlayArgs, v: &'static Variant) -> Result<()> {
    let PlayArgs {
        human,
        advise,
        position,
        dice,
        seed,
        movetime,
        depth,
        level,
        record,
        decision_log,
        color,
        hash,
        threads,
    } = args;
    let seed = seed.unwrap_or_else(|| {
        std::time::SystemTime::now()
            .duration_since(std::time::UNIX_EPOCH)
            .map_or(1, |d| d.as_nanos() as u64)
    });
    let opts = PlayOptions {
        start: parse_position(v, &position)?,
        human: match (advise, human) {
            (true, _) | (_, Human::Both) => [true, true],
            (_, Human::Red) => [true, false],
            (_, Human::Blue) => [false, true],
            (_, Human::None) => [false, false],
        },
        advise,
        limits: Limits {
            depth,
            movetime: Some(movetime),
            ..Limits::default()
        },
        level: Level::new(level).map_err(anyhow::Error::msg)?,
        seed,
        dice: match dice {
            DiceArg::Auto => Dice::Auto { seed },
            DiceArg::Manual => Dice::Manual,
        },
        color: match color {
            ColorArg::Auto => std::io::stdout().is_terminal(),
            ColorArg::Always => true,
            ColorArg::Never => false,
        },
        record,
        decision_log,
        hash_mb: hash,
        threads: threads as usize,
        echo: !std::io::stdin().is_terminal(),
    };
    let stdin = std::io::stdin();
    crate::app::play::run(&opts, &mut stdin.lock(), &mut std::io::stdout().lock())?;
    Ok(())
}

#[derive(Clone, Copy, ValueEnum)]
pub enum Human {
    Red,
    Blue,
    Both,
    None,
}

#[derive(Clone, Copy, ValueEnum)]
pub enum DiceArg {
    Auto,
    Manual,
}

#[derive(Clone, Copy, ValueEnum)]
pub enum ColorArg {
    Auto,
    Always,
    Never,
}
