//! The rules of the game, and nothing above them: the two sides (`color`), the rule sets
//! (`variant`, `variant_file`), the board with move generation and make/unmake
//! (`board`), the die and which cubes a face moves (`dice`), the seeded dice and setups of matches
//! (`rng`), Zobrist keys (`zobrist`), our notation (`notation`) and the TCG contests' notation
//! (`tcg_notation`), and move-path counts (`perft`).
//!
//! Layer: the lowest. Uses no other module of the crate; everything else may use it. The inner
//! loop lives here (move generation, make/unmake, hashing) and allocates nothing.

pub mod board;
pub mod color;
pub mod dice;
pub mod error;
pub mod notation;
pub mod perft;
pub mod rng;
pub mod tcg_notation;
pub mod variant;
pub mod variant_file;
pub mod zobrist;

/// The highest cube number.
pub const MAX_CUBE: u8 = 12;
/// Smallest and largest board side.
pub const MIN_SIDE: u8 = 2;
pub const MAX_SIDE: u8 = 8;

/// The longest player name, in characters, anywhere a name is kept: a record cuts a longer one
/// when written and refuses it when read (so that reports can lay names out in columns), and a
/// player's settings refuse it. Here, in the lowest layer, so that records and players share it
/// without one reaching into the other.
pub const MAX_NAME: usize = 256;
