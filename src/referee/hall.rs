//! What a match shows the hall while it plays (`ewn match --live`): the standings so far and every
//! game in progress with its position, dice, clocks and the engines' reported win chances. The
//! referee writes it as games move; the live page's server (in the applications) only reads it.

use std::collections::BTreeMap;
use std::sync::{Arc, Mutex};

use serde::Serialize;

use crate::record::{GameRecord, side_letter};
use crate::rules::board::{Board, Color, piece_of};
use crate::rules::notation::{parse_move_in, to_fen};
use crate::rules::variant::{Goal, Variant};

/// What a page needs to draw a variant's board: the same names as the arena's variant view, so
/// that one drawing code serves both pages.
#[derive(Clone, Debug, Default, Serialize)]
pub struct Geometry {
    pub name: String,
    pub rows: u8,
    pub cols: u8,
    /// Squares a cube falls into, by name.
    pub holes: Vec<String>,
    /// `"corner"` (each side aims at the far corner) or `"rank"` (the far rank).
    pub goal: String,
    /// Each side's start squares, in setup order.
    pub start_red: Vec<String>,
    pub start_blue: Vec<String>,
    /// False in a variant without dice, where the mover picks any cube.
    pub has_dice: bool,
}

impl Geometry {
    pub fn of(v: &Variant) -> Geometry {
        let names = |sq: &[u8]| sq.iter().map(|&s| v.square_name(s)).collect();
        Geometry {
            name: v.name().to_string(),
            rows: v.rows(),
            cols: v.cols(),
            holes: names(&v.rules.holes),
            goal: if v.rules.goal == Goal::Rank {
                "rank"
            } else {
                "corner"
            }
            .into(),
            start_red: names(v.start_squares(Color::Red)),
            start_blue: names(v.start_squares(Color::Blue)),
            has_dice: v.has_dice(),
        }
    }
}

/// One game in progress.
#[derive(Clone, Debug, Default, Serialize)]
pub struct GameView {
    pub number: u64,
    pub red: String,
    pub blue: String,
    /// The board's size (also in `variant`, and here for a drawing that reads only these).
    pub rows: u8,
    pub cols: u8,
    pub variant: Geometry,
    /// The position string, and the squares row by row from the top left (`""`, `"R3"`,
    /// `"B12"`), `rows * cols` of them.
    pub position: String,
    pub squares: Vec<String>,
    /// `"r"` or `"b"`.
    pub to_move: String,
    /// The die rolled for the side to move, once rolled; always null without dice.
    pub die: Option<u8>,
    /// The moves so far, `<die>:<move>` each (just `<move>` without dice).
    pub moves: Vec<String>,
    /// The last move's squares, from and to (null before the first move and after a pass).
    pub last: Option<[String; 2]>,
    /// Time left on each clock (Red, Blue) in ms; under a time per move, that time.
    pub clock_ms: [i64; 2],
    /// Each side's last reported win chance (its own), when its engine reports one.
    pub win_chance: [Option<f64>; 2],
    /// The cube that the last move dropped into a hole (`"R5"`), or null.
    pub fell: Option<String>,
}

/// A finished game, for the table of results.
#[derive(Clone, Debug, Default, Serialize)]
pub struct FinishedView {
    pub number: u64,
    pub red: String,
    pub blue: String,
    /// `"r"`, `"b"`, or null when the game ended without a winner.
    pub winner: Option<String>,
    /// How it ended (`goal`, `capture`, `time`, ...), as records name it.
    pub reason: String,
    /// Its moves, named as in [`GameView::moves`].
    pub moves: Vec<String>,
}

/// One player's line of the standings.
#[derive(Clone, Debug, Default, Serialize, PartialEq)]
pub struct StandingView {
    pub name: String,
    pub games: u64,
    pub wins: u64,
    pub losses: u64,
    /// Wins, and half a point for a game without a winner.
    pub points: f64,
}

/// How many finished games the view lists (the most recent); the standings count them all.
pub const FINISHED_SHOWN: usize = 64;

/// The whole view, as the live page gets it.
#[derive(Clone, Debug, Default, Serialize)]
pub struct HallView {
    /// Raised on every change, so that a page can tell a new view from the one it shows.
    pub version: u64,
    pub title: String,
    /// The standings, crosstable or score so far, as the text report prints them.
    pub standings: String,
    /// The same standings as a table: every player, most points first.
    pub table: Vec<StandingView>,
    pub games_done: u64,
    pub games: Vec<GameView>,
    /// The most recent finished games, newest first (at most [`FINISHED_SHOWN`]).
    pub finished: Vec<FinishedView>,
    /// The match is over: this is the final view.
    pub over: bool,
}

#[derive(Default)]
struct State {
    version: u64,
    title: String,
    standings: String,
    table: Vec<StandingView>,
    games_done: u64,
    games: BTreeMap<u64, GameView>,
    finished: std::collections::VecDeque<FinishedView>,
    over: bool,
}

/// A game's moves as the view names them: `<die>:<move>`, or the move alone without dice.
fn move_names(v: &Variant, moves: impl Iterator<Item = (u8, String)>) -> Vec<String> {
    let dice = v.has_dice();
    moves
        .map(|(d, m)| if dice { format!("{d}:{m}") } else { m })
        .collect()
}

/// Adds a finished game to the standings table, kept with most points first (then by name).
fn count(table: &mut Vec<StandingView>, rec: &GameRecord) {
    for (c, name) in [(Color::Red, &rec.red), (Color::Blue, &rec.blue)] {
        let i = match table.iter().position(|s| &s.name == name) {
            Some(i) => i,
            None => {
                table.push(StandingView {
                    name: name.clone(),
                    ..StandingView::default()
                });
                table.len() - 1
            }
        };
        let s = &mut table[i];
        s.games += 1;
        match rec.winner {
            Some(w) if w == c => {
                s.wins += 1;
                s.points += 1.0;
            }
            Some(_) => s.losses += 1,
            None => s.points += 0.5,
        }
    }
    sort_table(table);
}

/// Most points first, then by name.
fn sort_table(table: &mut [StandingView]) {
    table.sort_by(|a, b| b.points.total_cmp(&a.points).then(a.name.cmp(&b.name)));
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

    /// The match's players: the title names them, and each is in the standings from the start,
    /// with no game yet.
    pub fn set_players(&self, names: &[String]) {
        self.with(|s| {
            s.title = names.join(", ");
            for name in names {
                if !s.table.iter().any(|t| &t.name == name) {
                    s.table.push(StandingView {
                        name: name.clone(),
                        ..StandingView::default()
                    });
                }
            }
            sort_table(&mut s.table);
        });
    }

    /// The match is over: what the view shows now is final.
    pub fn over(&self) {
        self.with(|s| {
            s.over = true;
            s.games.clear();
        });
    }

    /// A finished game: it leaves the games in progress for the table of results, and the
    /// standings (as the text report prints them) are those after it.
    pub fn finished(&self, rec: &GameRecord, standings: String, done: u64) {
        let v = rec.start_board().variant();
        let view = FinishedView {
            number: rec.number,
            red: rec.red.clone(),
            blue: rec.blue.clone(),
            winner: rec.winner.map(|w| side_letter(w).to_string()),
            reason: rec.reason.name().to_string(),
            moves: move_names(
                v,
                rec.plies
                    .iter()
                    .map(|p| (p.die, p.mv.display(v).to_string())),
            ),
        };
        self.with(|s| {
            s.games.remove(&rec.number);
            s.standings = standings;
            s.games_done = done;
            count(&mut s.table, rec);
            s.finished.push_front(view);
            s.finished.truncate(FINISHED_SHOWN);
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
        let v = board.variant();
        let squares = (0..v.n_sq)
            .map(|sq| match board.piece_at(sq) {
                0 => String::new(),
                code => {
                    let (c, n) = piece_of(code);
                    format!("{}{n}", if c == Color::Red { 'R' } else { 'B' })
                }
            })
            .collect();
        let dice = v.has_dice();
        let last_move = moves
            .last()
            .and_then(|(_, m)| parse_move_in(v, m).ok())
            .filter(|m| !m.is_pass());
        let last = last_move.map(|m| [v.square_name(m.from), v.square_name(m.to)]);
        // A move onto a hole: the cube that stood on its from square before it is gone.
        let into_hole = last_move
            .filter(|m| v.rules.holes.contains(&m.to))
            .map(|m| m.from as usize);
        let view = GameView {
            number,
            red: names[0].to_string(),
            blue: names[1].to_string(),
            rows: v.rows(),
            cols: v.cols(),
            variant: Geometry::of(v),
            position: to_fen(board),
            squares,
            to_move: if board.side_to_move() == Color::Red {
                "r"
            } else {
                "b"
            }
            .into(),
            die: die.filter(|_| dice),
            moves: move_names(v, moves.iter().cloned()),
            last,
            clock_ms,
            win_chance,
            fell: None,
        };
        self.with(|s| {
            let mut view = view;
            // The board before the move is the view before it: the same game one move shorter
            // (or the same moves, shown again with a die or a clock).
            view.fell = s.games.get(&number).and_then(|prev| {
                if prev.moves.len() == view.moves.len() {
                    prev.fell.clone()
                } else if prev.moves.len() + 1 == view.moves.len() {
                    into_hole
                        .and_then(|from| prev.squares.get(from))
                        .filter(|c| !c.is_empty())
                        .cloned()
                } else {
                    None
                }
            });
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
            table: g.table.clone(),
            games_done: g.games_done,
            games: g.games.values().cloned().collect(),
            finished: g.finished.iter().cloned().collect(),
            over: g.over,
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn show(hall: &Hall, b: &Board, moves: &[(u8, String)], die: Option<u8>) {
        hall.update(7, ["a", "b"], b, moves, die, [1000, 1000], [None, None]);
    }

    #[test]
    fn a_cube_that_falls_into_a_hole_is_named_until_the_next_move() {
        let v = Variant::preset("blackhole").expect("the blackhole preset");
        let start = Board::startpos_in(v);
        let into = start
            .all_moves()
            .as_slice()
            .iter()
            .copied()
            .find(|m| !m.is_pass() && v.rules.holes.contains(&m.to))
            .expect("a first move onto the hole");
        let (c, n) = piece_of(start.piece_at(into.from));
        let cube = format!("{}{n}", if c == Color::Red { 'R' } else { 'B' });
        let hall = Hall::default();
        show(&hall, &start, &[], Some(1));
        assert_eq!(hall.view().games[0].fell, None);
        let mut b = start.clone();
        b.make(into);
        let mut moves = vec![(n, into.display(v).to_string())];
        show(&hall, &b, &moves, None);
        assert_eq!(hall.view().games[0].fell.as_deref(), Some(cube.as_str()));
        // Shown again with the next die: still the last move's fall.
        show(&hall, &b, &moves, Some(2));
        assert_eq!(hall.view().games[0].fell.as_deref(), Some(cube.as_str()));
        let plain = b
            .all_moves()
            .as_slice()
            .iter()
            .copied()
            .find(|m| !m.is_pass() && !v.rules.holes.contains(&m.to))
            .expect("a reply beside the hole");
        b.make(plain);
        moves.push((2, plain.display(v).to_string()));
        show(&hall, &b, &moves, None);
        assert_eq!(hall.view().games[0].fell, None);
    }

    #[test]
    fn every_player_is_in_the_standings_before_its_first_game() {
        let hall = Hall::default();
        hall.set_players(&["ewn".to_string(), "greedy".to_string()]);
        let v = hall.view();
        assert_eq!(v.title, "ewn, greedy");
        let names: Vec<(&str, u64)> = v.table.iter().map(|s| (s.name.as_str(), s.games)).collect();
        assert_eq!(names, [("ewn", 0), ("greedy", 0)]);
    }
}
