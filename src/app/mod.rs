//! Applications a person uses: the browser arena (`gui`), a game in the terminal (`play`), the
//! review of recorded games (`review`), recorded games against the endgame tables (`endgames`)
//! and the search benchmark (`bench`).
//!
//! Layer: may use every layer below (rules, record, brain, players, referee); nothing below uses
//! it. The command line (`cli`) starts these.

pub mod bench;
pub mod connect;
pub mod endgames;
pub mod gui;
pub mod http;
pub mod live;
pub mod play;
pub mod review;
