//! Learning: the offline work that makes the brain's data. Fast in-process self-play and paired
//! duels (`selfplay`), training data, network training and evaluation statistics (`train`), and
//! computing the setup table (`setup_table`). Every run is reproducible from its seed.
//!
//! Layer: uses the rules and the brain; nothing below uses it.

pub mod error;
pub mod selfplay;
pub mod setup_table;
pub mod train;
