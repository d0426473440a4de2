//! What a match shows the hall while it plays (`ewn match --live`): the standings so far and every
//! game in progress with its position, dice, clocks and the engines' reported win chances. The
//! referee writes it as games move; the live page's server (in the applications) only reads it.

use std::collections::BTreeMap;
use std::sync::{Arc, Mutex};

use serde::Serialize;

use crate::rules::board::{Board, Color, piece_of};
use crate::rules::notation::to_fen;

/// One game in progress.
#[derive(Clone, Debug, Default, Serialize)]
pub struct GameView {
    pub number: u64,
    pub red: String,
    pub blue: String,
    /// The position string, and the squares row by row from a5 (`""`, `"R3"`, `"B6"`).
    pub position: String,
    pub squares: Vec<String>,
    /// `"r"` or `"b"`.
    pub to_move: String,
    /// The die rolled for the side to move, once rolled.
    pub die: Option<u8>,
    /// The moves so far, `<die>:<move>` each.
    pub moves: Vec<String>,
    /// Time left on each clock (Red, Blue) in ms; under a time per move, that time.
    pub clock_ms: [i64; 2],
    /// Each side's last reported win chance (its own), when its engine reports one.
    pub win_chance: [Option<f64>; 2],
}

/// The whole view, as the live page gets it.
#[derive(Clone, Debug, Default, Serialize)]
pub struct HallView {
    /// Raised on every change, so that a page can tell a new view from the one it shows.
    pub version: u64,
    pub title: String,
    /// The standings, crosstable or score so far, as the text report prints them.
    pub standings: String,
    pub games_done: u64,
    pub games: Vec<GameView>,
}

#[derive(Default)]
struct State {
    version: u64,
    title: String,
    standings: String,
    games_done: u64,
    games: BTreeMap<u64, GameView>,
}

/// The shared view; cheap to clone. A poisoned lock is taken over: the view is only shown.
#[derive(Clone, Default)]
pub struct Hall(Arc<Mutex<State>>);

impl std::fmt::Debug for Hall {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str("Hall")
    }
}

impl Hall {
    fn with(&self, f: impl FnOnce(&mut State)) {
        let mut g = self.0.lock().unwrap_or_else(|e| e.into_inner());
        f(&mut g);
        g.version += 1;
    }

    pub fn set_title(&self, title: &str) {
        self.with(|s| s.title = title.to_string());
    }

    /// The standings after a finished game, which leaves the games in progress.
    pub fn finished(&self, number: u64, standings: String, done: u64) {
        self.with(|s| {
            s.games.remove(&number);
            s.standings = standings;
            s.games_done = done;
        });
    }

    /// Game `number`'s position, moves, die about to be answered, clocks and win chances.
    #[allow(clippy::too_many_arguments)]
    pub fn update(
        &self,
        number: u64,
        names: [&str; 2],
        board: &Board,
        moves: &[(u8, String)],
        die: Option<u8>,
        clock_ms: [i64; 2],
        win_chance: [Option<f64>; 2],
    ) {
        let squares = (0..25)
            .map(|sq| match board.piece_at(sq) {
                0 => String::new(),
                code => {
                    let (c, n) = piece_of(code);
                    format!("{}{n}", if c == Color::Red { 'R' } else { 'B' })
                }
            })
            .collect();
        let view = GameView {
            number,
            red: names[0].to_string(),
            blue: names[1].to_string(),
            position: to_fen(board),
            squares,
            to_move: if board.side_to_move() == Color::Red {
                "r"
            } else {
                "b"
            }
            .into(),
            die,
            moves: moves.iter().map(|(d, m)| format!("{d}:{m}")).collect(),
            clock_ms,
            win_chance,
        };
        self.with(|s| {
            s.games.insert(number, view);
        });
    }

    /// A copy of the view.
    pub fn view(&self) -> HallView {
        let g = self.0.lock().unwrap_or_else(|e| e.into_inner());
        HallView {
            version: g.version,
            title: g.title.clone(),
            standings: g.standings.clone(),
            games_done: g.games_done,
            games: g.games.values().cloned().collect(),
        }
    }
}
