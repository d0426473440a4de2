//! `ewn`: a tournament engine for EinStein würfelt nicht!
//!
//! Rules (`board`, `dice`, `zobrist`, `notation`, `perft`) know nothing of search; `search` and
//! `eval` know nothing of protocol text; `protocol` only parses lines, calls the engine and formats
//! the replies.

pub mod analysis;
pub mod bench;
pub mod board;
pub mod decision_log;
pub mod dice;
pub mod eval;
pub mod gui;
pub mod level;
pub mod net;
pub mod notation;
pub mod perft;
pub mod play;
pub mod protocol;
pub mod referee;
pub mod review;
pub mod search;
pub mod selfplay;
pub mod setup;
pub mod setup_table;
pub mod train;
pub mod zobrist;
