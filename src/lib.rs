//! `ewn`: a tournament engine for EinStein würfelt nicht!
//!
//! The crate is layered, lowest first; a module uses only the layers listed above it, never one
//! below (`ARCHITECTURE.md` has the map and where to start for common changes).

/// The rules: board, dice, seeded match dice, Zobrist keys, notations, perft.
pub mod rules;

/// Text files as every reader takes them: regular files, bounded lines, named errors.
pub mod text_file;

/// The game record: its text format, read and written by every tool.
pub mod record;

/// The brain: evaluation, search, levels, analysis, the engine's setup.
pub mod brain;

/// Players behind one interface: baselines, `mcts`, engine programs (the client side).
pub mod players;

/// The engine's front ends: the native and TCG protocol loops on stdin/stdout.
pub mod protocol;

/// The referee: games, matches and tournaments, statistics, ratings, reports, exports.
pub mod referee;

/// Learning: self-play, training data and networks, the setup table.
pub mod learn;

/// Applications: the browser arena, terminal play, review, bench.
pub mod app;

/// The command line: one file per subcommand or family of subcommands.
pub mod cli;
