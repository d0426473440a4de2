//! The brain: how the engine values positions and chooses moves. Evaluation (the heuristic in
//! `eval`, the network in `net` with its weights `net_weights.bin`, the rules-only evaluation of
//! other variants in `general` and of back-rank play in `backrank`), the luck of each roll and
//! the accuracy of each move (`luck`), the search with its
//! transposition table and clock (`search`), playing levels (`level`), analysis a person reads
//! (`analysis`, and `decision_log` for machines), the engine's setup with the setup table it
//! comes from (`setup`), the exact endgame tables the search, the review and the tools consult
//! (`tables`), and solved variants with their equilibrium setups (`solve`). `eval.md` records how the evaluation was made and measured.
//!
//! Layer: uses the rules only. Knows no protocol text, no records, no players and no processes;
//! the front ends, the referee and the applications call it.

pub mod analysis;
pub mod backrank;
pub mod decision_log;
pub mod eval;
pub mod general;
pub mod level;
pub mod luck;
pub mod net;
pub mod search;
pub mod setup;
pub mod solve;
pub mod tables;
