//! How the live page sees the hall: the referee's [`Snapshot`] turned into the JSON of
//! `GET /api/live` (`protocol/gui.md`): squares named on each game's own board, the variant's
//! drawing (size, holes, goals, start squares, dice), moves as `<die>:<move>`, cubes as `"R3"`.

use serde::Serialize;

use crate::record::side_letter;
use crate::referee::hall::{DoneGame, LiveGame, Snapshot, StandingView};
use crate::rules::board::{Board, Color, Move, piece_of};
use crate::rules::notation::to_fen;
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
    /// The dice as variants name them: `d6`, `2d6` (a roll is the sum of two), `none`.
    pub dice: String,
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
            dice: v.rules.dice_name(),
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
    /// With two dice, the two faces behind `die` (their sum), else null.
    pub faces: Option<[u8; 2]>,
    /// The moves so far, `<die>:<move>` each (just `<move>` without dice).
    pub moves: Vec<String>,
    /// The last move's squares, from and to (null before the first move and after a pass).
    pub last: Option<[String; 2]>,
    /// The start position (squares as `squares`; empty when the hall did not see the game
    /// before its first move) and each move's squares, from and to (null for a pass): a page
    /// that gives the game its card late plays it from its start, so that no move goes unseen.
    pub start: Vec<String>,
    pub steps: Vec<Option<[String; 2]>>,
    /// Time left on each clock (Red, Blue) in ms when the side to move was asked; under a time
    /// per move, that time.
    pub clock_ms: [i64; 2],
    /// How long the side to move has been thinking on its clock, in ms (a page counts its
    /// clock down by it, and on by its own time until the next view); null when its clock is
    /// not running (before its die, or while a paced match waits).
    pub thinking_ms: Option<u64>,
    /// Whether each side's `clock_ms` is a fixed time per move (its own time control).
    pub per_move: [bool; 2],
    /// Each side's last reported win chance (its own), when its engine reports one.
    pub win_chance: [Option<f64>; 2],
    /// The cube that the last move dropped into a hole (`"R5"`), or null.
    pub fell: Option<String>,
    /// The position ends the game (its result is on its way to the finished games): the page
    /// shows no win chance for it any more.
    pub over: bool,
    /// Once `over`, who won (`"r"` or `"b"`) and how (`"goal"` or `"capture"`), so that the
    /// card can say it on the final position before the result reaches the finished games.
    pub winner: Option<String>,
    pub reason: Option<String>,
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
    /// The referee's word on the end, naming the side that lost by a fault (`red: no bestmove
    /// within 300 ms; engine killed`); empty when the board ended the game.
    pub detail: String,
    /// Its moves, named as in [`GameView::moves`].
    pub moves: Vec<String>,
    /// The variant it was played in (its name).
    pub variant: String,
    /// The indices in `moves` of the moves that dropped a cube into a hole.
    pub fell: Vec<usize>,
    /// The final position, square by square as [`GameView::squares`], its geometry and its
    /// last move: a game can end between two polls, and its card then shows how it ended
    /// rather than the last position a poll saw.
    pub squares: Vec<String>,
    pub geometry: Geometry,
    pub last: Option<[String; 2]>,
}

/// The whole view, as the live page gets it.
#[derive(Clone, Debug, Default, Serialize)]
pub struct HallView {
    /// Raised on every change, so that a page can tell a new view from the one it shows.
    pub version: u64,
    pub title: String,
    /// The variant of the match (its name; empty if the runner did not say), from the first view.
    pub variant: String,
    /// The standings, crosstable or score so far, as the text report prints them.
    pub standings: String,
    /// The same standings as a table: every player, most points first.
    pub table: Vec<StandingView>,
    pub games_done: u64,
    pub games: Vec<GameView>,
    /// The most recent finished games, the last to end first.
    pub finished: Vec<FinishedView>,
    /// The match is over: this is the final view.
    pub over: bool,
    /// Each game's `clock_ms` is a fixed time per move (`--movetime`), not time left.
    pub per_move: bool,
    /// The least time between two moves of a game (`--pace`), in ms; 0 when not paced.
    pub pace_ms: u64,
    /// How many games the match plays at once (0 before its games start).
    pub concurrency: u64,
    /// This runner's own mark, the same in every view it serves: a page left open when the next
    /// match is served on the same address sees another mark and loads that match.
    pub run: String,
}

/// The mark of this runner ([`HallView::run`]): when it started and its process id.
fn run_mark() -> String {
    static MARK: std::sync::OnceLock<String> = std::sync::OnceLock::new();
    MARK.get_or_init(|| {
        let t = std::time::SystemTime::now()
            .duration_since(std::time::UNIX_EPOCH)
            .map(|d| d.as_nanos())
            .unwrap_or(0);
        format!("{t:x}-{:x}", std::process::id())
    })
    .clone()
}

/// A cube as the page names it: its side's letter and its number (`R3`, `B12`).
fn cube_label((c, n): (Color, u8)) -> String {
    format!("{}{n}", side_letter(c).to_ascii_uppercase())
}

/// The cubes of a position, square by square row by row from the top left.
fn squares(b: &Board) -> Vec<String> {
    (0..b.variant().n_sq)
        .map(|sq| match b.piece_at(sq) {
            0 => String::new(),
            code => cube_label(piece_of(code)),
        })
        .collect()
}

/// A game's moves as the view names them: `<die>:<move>`, or the move alone without dice.
fn move_names(v: &Variant, moves: &[(u8, Move)]) -> Vec<String> {
    moves
        .iter()
        .map(|(d, m)| {
            if v.has_dice() {
                format!("{d}:{}", m.display(v))
            } else {
                m.display(v).to_string()
            }
        })
        .collect()
}

fn game_view(g: &LiveGame) -> GameView {
    let v = g.board.variant();
    let step = |m: &Move| (!m.is_pass()).then(|| [v.square_name(m.from), v.square_name(m.to)]);
    let steps: Vec<Option<[String; 2]>> = g.moves.iter().map(|(_, m)| step(m)).collect();
    GameView {
        last: steps.last().cloned().flatten(),
        start: g.start.as_ref().map(squares).unwrap_or_default(),
        steps,
        number: g.number,
        red: g.names[0].clone(),
        blue: g.names[1].clone(),
        rows: v.rows(),
        cols: v.cols(),
        variant: Geometry::of(v),
        position: to_fen(&g.board),
        squares: squares(&g.board),
        to_move: side_letter(g.board.side_to_move()).to_string(),
        die: g.die,
        faces: g.faces,
        moves: move_names(v, &g.moves),
        clock_ms: g.clock_ms,
        thinking_ms: g
            .thinking_since
            .filter(|_| !g.board.is_over())
            .map(|t| t.elapsed().as_millis() as u64),
        per_move: g.per_move,
        win_chance: g.win_chance,
        fell: g.fell.map(cube_label),
        over: g.board.is_over(),
        winner: g.board.winner().map(|w| side_letter(w).to_string()),
        reason: g.board.winner().map(|w| {
            // The position's own ending: the loser has no cube left, or a cube reached a goal.
            let r = if g.board.alive(w.other()) == 0 {
                crate::record::Reason::Capture
            } else {
                crate::record::Reason::Goal
            };
            r.name().to_string()
        }),
    }
}

fn finished_view(g: &DoneGame) -> FinishedView {
    let v = g.start.variant();
    let mut end = g.start.clone();
    for &(_, m) in &g.moves {
        end.make(m);
    }
    FinishedView {
        squares: squares(&end),
        geometry: Geometry::of(v),
        last: g
            .moves
            .last()
            .map(|&(_, m)| m)
            .filter(|m| !m.is_pass())
            .map(|m| [v.square_name(m.from), v.square_name(m.to)]),
        number: g.number,
        red: g.names[0].clone(),
        blue: g.names[1].clone(),
        winner: g.winner.map(|w| side_letter(w).to_string()),
        reason: g.reason.name().to_string(),
        detail: g.detail.clone(),
        moves: move_names(g.start.variant(), &g.moves),
        variant: g.start.variant().name().to_string(),
        fell: g
            .moves
            .iter()
            .enumerate()
            .filter(|(_, (_, m))| !m.is_pass() && g.start.variant().rules.holes.contains(&m.to))
            .map(|(i, _)| i)
            .collect(),
    }
}

/// The view of `GET /api/live`.
pub fn hall_view(s: &Snapshot) -> HallView {
    HallView {
        version: s.version,
        title: s.title.clone(),
        variant: s.variant.clone(),
        standings: s.standings.clone(),
        table: s.table.clone(),
        games_done: s.games_done,
        games: s.games.iter().map(game_view).collect(),
        finished: s.finished.iter().map(finished_view).collect(),
        over: s.over,
        per_move: s.per_move,
        pace_ms: s.pace.as_millis() as u64,
        concurrency: s.concurrency,
        run: run_mark(),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::referee::hall::Hall;
    use crate::rules::rng::Roll;

    #[test]
    fn each_board_is_named_on_its_variant() {
        let v = Variant::preset("6x6").expect("the 6x6 preset");
        let b = Board::startpos_in(v);
        let m = b.all_moves().as_slice()[0];
        let mut after = b.clone();
        after.make(m);
        let hall = Hall::default();
        let moves = [(4, m.display(v).to_string())];
        hall.update(
            3,
            ["a", "b"],
            &after,
            &moves,
            Some(Roll {
                value: 9,
                faces: Some([4, 5]),
            }),
            [5, 6],
            [true, false],
            [None, Some(0.5)],
            true,
        );
        let view = hall_view(&hall.snapshot());
        let g = &view.games[0];
        assert_eq!(g.squares.len(), 36);
        assert_eq!((g.rows, g.cols), (6, 6));
        // Each side's own time control.
        assert_eq!(g.per_move, [true, false]);
        assert_eq!(g.moves, [format!("4:{}", m.display(v))]);
        let last = g.last.clone().expect("the last move's squares");
        assert_eq!(last, [v.square_name(m.from), v.square_name(m.to)]);
        assert_eq!(g.die, Some(9));
        assert_eq!(g.faces, Some([4, 5]), "the two dice behind the sum");
        assert_eq!(g.to_move, side_letter(after.side_to_move()).to_string());
        assert!(!g.over);
        // The hall did not see this game before its first move: no start to play it from.
        assert!(g.start.is_empty());
        assert_eq!(g.steps, [Some(last.clone())]);
        // Seen from its start, it keeps that start as it moves on.
        let begun = Hall::default();
        let show = |board: &Board, moves: &[(u8, String)]| {
            begun.update(
                3,
                ["a", "b"],
                board,
                moves,
                None,
                [5, 6],
                [true, true],
                [None, None],
                false,
            )
        };
        show(&b, &[]);
        show(&after, &moves);
        let g = &hall_view(&begun.snapshot()).games[0];
        assert_eq!(g.start, squares(&b));
        assert_eq!(g.steps, [Some(last)]);
    }

    /// The view says how many games run at once from before the first game starts, so that a
    /// page lays out its screen for them all at once.
    #[test]
    fn the_view_says_how_many_games_run_at_once() {
        let hall = Hall::default();
        assert_eq!(hall_view(&hall.snapshot()).concurrency, 0);
        hall.set_concurrency(4);
        let view = hall_view(&hall.snapshot());
        assert_eq!(view.concurrency, 4);
        assert!(view.games.is_empty());
    }

    /// The view names the match's variant before any game has begun, so that a page's header
    /// says it from its first view.
    #[test]
    fn the_view_names_the_variant_before_the_first_game() {
        let hall = Hall::default();
        assert_eq!(hall_view(&hall.snapshot()).variant, "");
        hall.set_variant("3x3");
        let view = hall_view(&hall.snapshot());
        assert_eq!(view.variant, "3x3");
        assert!(view.games.is_empty() && view.finished.is_empty());
    }

    /// A game whose position has ended is said to be over, so that the page drops its stale
    /// win chances.
    #[test]
    fn a_game_at_its_end_is_over() {
        let v = Variant::preset("3x3").expect("the 3x3 preset");
        let mut b = Board::startpos_in(v);
        let mut moves = Vec::new();
        while !b.is_over() {
            let m = b.all_moves().as_slice()[0];
            moves.push((1, m.display(v).to_string()));
            b.make(m);
        }
        let hall = Hall::default();
        hall.update(
            1,
            ["a", "b"],
            &b,
            &moves,
            None,
            [5, 6],
            [true, true],
            [Some(0.9), Some(0.1)],
            false,
        );
        let view = hall_view(&hall.snapshot());
        let g = &view.games[0];
        assert!(g.over);
        let w = b.winner().expect("a winner");
        assert_eq!(
            g.winner.as_deref(),
            Some(side_letter(w).to_string().as_str())
        );
        let how = if b.alive(w.other()) == 0 {
            "capture"
        } else {
            "goal"
        };
        assert_eq!(g.reason.as_deref(), Some(how));
    }

    /// A game can end between two polls: its finished view carries the position after its last
    /// move, not the start or the last one a poll saw.
    #[test]
    fn a_finished_game_carries_its_final_position() {
        let v = Variant::preset("3x3").expect("the 3x3 preset");
        let start = Board::startpos_in(v);
        let mut end = start.clone();
        let mut moves = Vec::new();
        for _ in 0..3 {
            let m = end.all_moves().as_slice()[0];
            moves.push((1, m));
            end.make(m);
        }
        let done = DoneGame {
            number: 5,
            names: ["a".into(), "b".into()],
            winner: None,
            reason: crate::record::Reason::Unfinished,
            detail: "stopped after 3 moves".into(),
            start: start.clone(),
            moves: moves.clone(),
            ended: std::time::Instant::now(),
        };
        let f = finished_view(&done);
        assert_eq!(f.detail, "stopped after 3 moves");
        assert_eq!(f.squares, squares(&end));
        assert_ne!(f.squares, squares(&start));
        assert_eq!((f.geometry.rows, f.geometry.cols), (3, 3));
        let m = moves[2].1;
        assert_eq!(f.last, Some([v.square_name(m.from), v.square_name(m.to)]));
    }
}
