//! Applications a person uses: the browser arena (`gui`), the hall's live page of a running match
//! (`live`), the small HTTP server both stand on (`http`), a game in the terminal (`play`), the
//! review of recorded games (`review`), recorded games against the endgame tables (`endgames`),
//! playing this engine as a client of a battle server (`connect`) and the search benchmark
//! (`bench`).
//!
//! Layer: may use every layer below (rules, record, brain, players, referee); nothing below uses
//! it. The command line (`cli`) starts these.

pub mod bench;
pub mod connect;
pub mod endgames;
pub mod error;
pub mod gui;
pub mod http;
pub mod live;
pub mod play;
pub mod review;
