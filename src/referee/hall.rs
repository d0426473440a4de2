//! What a match shows the hall while it plays (`ewn match --live`): the standings so far and every
//! game in progress with its position, dice, clocks and the engines' reported win chances. The
//! referee writes it as games move; the live page's server (`app::live`) reads a [`Snapshot`] and
//! decides how a page sees it (square names, the variant's drawing, move texts).

use std::collections::{BTreeMap, VecDeque};
use std::sync::{Arc, Mutex};
use std::time::{Duration, Instant};

use serde::Serialize;

use crate::record::{GameRecord, Reason};
use crate::rules::board::{Board, Color, Move, piece_of};
use crate::rules::notation::parse_move_in;
use crate::rules::rng::Roll;

/// One game in progress, as the referee last showed it.
#[derive(Clone)]
pub struct LiveGame {
    pub number: u64,
    /// Red's and Blue's names.
    pub names: [String; 2],
    /// The position now (it carries its variant).
    pub board: Board,
    /// The position the game started from, when the hall saw it before its first move: a page
    /// that shows the game late plays its moves from there.
    pub start: Option<Board>,
    /// The moves so far with their dice (the die is 0 without dice).
    pub moves: Vec<(u8, Move)>,
    /// The die rolled for the side to move, once rolled.
    pub die: Option<u8>,
    /// With two dice, the faces behind `die` (their sum).
    pub faces: Option<[u8; 2]>,
    /// Time left on each clock (Red, Blue) in ms; under a time per move, that time.
    pub clock_ms: [i64; 2],
    /// Whether each side's clock is a fixed time per move (its own time control: the two
    /// sides of a game may play under different ones).
    pub per_move: [bool; 2],
    /// Each side's last reported win chance (its own), when its engine reports one.
    pub win_chance: [Option<f64>; 2],
    /// The cube that the last move dropped into a hole, if it did.
    pub fell: Option<(Color, u8)>,
    /// Since when the side to move has been thinking on its clock (its die shown, the question
    /// asked), so that a page counts its clock down; none while a paced match waits (`--pace`)
    /// or before the die.
    pub thinking_since: Option<Instant>,
}

/// A finished game, for the table of results.
#[derive(Clone)]
pub struct DoneGame {
    pub number: u64,
    pub names: [String; 2],
    pub winner: Option<Color>,
    pub reason: Reason,
    /// What the referee said about the end, as the record's result line has it (`Red: no
    /// bestmove within 300 ms; engine killed`); empty when the board ended the game.
    pub detail: String,
    /// The start position (for its variant) and the moves with their dice.
    pub start: Board,
    pub moves: Vec<(u8, Move)>,
    /// When it ended, as near as the hall can tell: games can be told to the hall in another
    /// order than they ended (a first-to match counts them by number), and the view lists them
    /// by their end.
    pub ended: Instant,
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

/// A copy of everything the hall shows.
#[derive(Clone, Default)]
pub struct Snapshot {
    /// Raised on every change, so that a page can tell a new view from the one it shows.
    pub version: u64,
    pub title: String,
    /// The variant every game of the match is played in (its name; empty if not told), so that
    /// a page names it from its first view, before any game has begun.
    pub variant: String,
    /// The standings, crosstable or score so far, as the text report prints them.
    pub standings: String,
    /// The same standings as a table: every player, most points first.
    pub table: Vec<StandingView>,
    pub games_done: u64,
    /// The games in progress, by number.
    pub games: Vec<LiveGame>,
    /// The most recent finished games, the last to end first (at most [`FINISHED_SHOWN`]).
    pub finished: Vec<DoneGame>,
    /// The match is over: this is the final view.
    pub over: bool,
    /// The clocks shown are a fixed time per move (`--movetime`), not time left.
    pub per_move: bool,
    /// The least time between two moves of a game (`--pace`).
    pub pace: Duration,
    /// How many games the match plays at once (0 until its games start), so that a page lays
    /// out its screen for them all from the first view.
    pub concurrency: u64,
}

#[derive(Default)]
struct State {
    version: u64,
    title: String,
    variant: String,
    standings: String,
    table: Vec<StandingView>,
    games_done: u64,
    games: BTreeMap<u64, LiveGame>,
    finished: VecDeque<DoneGame>,
    over: bool,
    per_move: bool,
    /// When each game in progress was last shown, with how many moves.
    shown_at: BTreeMap<u64, (Instant, usize)>,
    /// The least time between two moves of a game, for spectators (`--pace`).
    pace: Duration,
    concurrency: u64,
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

/// Most points first, then by name, case aside ("Grandmaster" between "alpha" and "greedy", not
/// before both); a player without a game yet last, whatever its name.
fn sort_table(table: &mut [StandingView]) {
    table.sort_by(|a, b| {
        (a.games == 0)
            .cmp(&(b.games == 0))
            .then(b.points.total_cmp(&a.points))
            .then_with(|| by_name(&a.name, &b.name))
    });
}

/// Names in the order a reader expects: case aside, then as written (so that the order is total).
pub(crate) fn by_name(a: &str, b: &str) -> std::cmp::Ordering {
    a.to_lowercase()
        .cmp(&b.to_lowercase())
        .then_with(|| a.cmp(b))
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

    /// The variant the match is played in (its name), for the page's header from the start.
    pub fn set_variant(&self, name: &str) {
        self.with(|s| s.variant = name.to_string());
    }

    /// Whether the clocks are a fixed time per move (`--movetime`), which never runs down.
    pub fn set_per_move(&self, per_move: bool) {
        self.with(|s| s.per_move = per_move);
    }

    /// Paces every game for spectators: at least `pace` between two of its moves, waited
    /// before the question is asked, so that no engine's clock pays for it.
    pub fn set_pace(&self, pace: Duration) {
        self.with(|s| s.pace = pace);
    }

    /// How many games are played at once: the workers of the match's pool.
    pub fn set_concurrency(&self, games: usize) {
        self.with(|s| s.concurrency = games as u64);
    }

    /// The least time between two moves of a game (zero unless the match is paced).
    pub fn pace(&self) -> Duration {
        self.0.lock().unwrap_or_else(|e| e.into_inner()).pace
    }

    /// The match is over: what the view shows now is final, its report `summary` (the text the
    /// match prints at its end, so that the page's report and the terminal's agree).
    pub fn over(&self, summary: String) {
        self.with(|s| {
            s.over = true;
            s.standings = summary;
            s.games.clear();
            s.shown_at.clear();
        });
    }

    /// A finished game: it leaves the games in progress for the table of results, and the
    /// standings (as the text report prints them) are those after it.
    pub fn finished(&self, rec: &GameRecord, standings: String, done: u64) {
        self.finished_at(rec, standings, done, Instant::now());
    }

    /// [`Hall::finished`], told at `now`.
    fn finished_at(&self, rec: &GameRecord, standings: String, done: u64, now: Instant) {
        let mut game = DoneGame {
            number: rec.number,
            names: [rec.red.clone(), rec.blue.clone()],
            winner: rec.winner,
            reason: rec.reason,
            detail: rec.detail.clone(),
            start: rec.start_board(),
            moves: rec.plies.iter().map(|p| (p.die, p.mv)).collect(),
            ended: now,
        };
        self.with(|s| {
            s.games.remove(&rec.number);
            s.standings = standings;
            s.games_done = done;
            count(&mut s.table, rec);
            // A game whose last move came after it was last shown ended when that move was
            // made (the time its mover took after the showing); else (a forfeit) it ends now.
            game.ended = match s.shown_at.remove(&rec.number) {
                Some((at, shown)) if rec.plies.len() == shown + 1 => rec
                    .plies
                    .last()
                    .and_then(|p| p.us)
                    .map_or(now, |us| (at + Duration::from_micros(us)).min(now)),
                _ => now,
            };
            let at = s
                .finished
                .iter()
                .position(|f| f.ended < game.ended)
                .unwrap_or(s.finished.len());
            s.finished.insert(at, game);
            s.finished.truncate(FINISHED_SHOWN);
        });
    }

    /// Game `number`'s position, moves (named in the board's variant), die about to be
    /// answered, clocks (and whether each is a time per move) and win chances; `thinking`
    /// when the side to move's clock starts now (its question is being asked).
    #[allow(clippy::too_many_arguments)]
    pub fn update(
        &self,
        number: u64,
        names: [&str; 2],
        board: &Board,
        moves: &[(u8, String)],
        die: Option<Roll>,
        clock_ms: [i64; 2],
        per_move: [bool; 2],
        win_chance: [Option<f64>; 2],
        thinking: bool,
    ) {
        let v = board.variant();
        // Moves the referee played were checked as they were played: a name that does not
        // read back is left out rather than shown wrong.
        let moves: Vec<(u8, Move)> = moves
            .iter()
            .filter_map(|(d, m)| parse_move_in(v, m).ok().map(|m| (*d, m)))
            .collect();
        let game = LiveGame {
            number,
            names: names.map(str::to_string),
            board: board.clone(),
            start: moves.is_empty().then(|| board.clone()),
            moves,
            die: die.map(|r| r.value).filter(|_| v.has_dice()),
            faces: die.and_then(|r| r.faces),
            clock_ms,
            per_move,
            win_chance,
            fell: None,
            thinking_since: thinking.then(Instant::now),
        };
        self.with(|s| {
            let mut game = game;
            if let Some(prev) = s.games.get(&number) {
                game.fell = fallen(prev, &game);
                game.start = prev.start.clone().or(game.start);
            }
            s.shown_at
                .insert(number, (Instant::now(), game.moves.len()));
            s.games.insert(number, game);
        });
    }

    /// A copy of the view.
    pub fn snapshot(&self) -> Snapshot {
        let g = self.0.lock().unwrap_or_else(|e| e.into_inner());
        Snapshot {
            version: g.version,
            title: g.title.clone(),
            variant: g.variant.clone(),
            standings: g.standings.clone(),
            table: g.table.clone(),
            games_done: g.games_done,
            games: g.games.values().cloned().collect(),
            finished: g.finished.iter().cloned().collect(),
            over: g.over,
            per_move: g.per_move,
            pace: g.pace,
            concurrency: g.concurrency,
        }
    }
}

/// The cube the last move of `now` dropped into a hole, judged from the game as shown before
/// (`prev`): the same moves shown again (with a die or a clock) keep what they said; one move
/// more onto a hole names the cube that stood on its from square.
fn fallen(prev: &LiveGame, now: &LiveGame) -> Option<(Color, u8)> {
    if prev.moves.len() == now.moves.len() {
        return prev.fell;
    }
    if prev.moves.len() + 1 != now.moves.len() {
        return None;
    }
    let (_, m) = *now.moves.last()?;
    let v = now.board.variant();
    if m.is_pass() || !v.rules.holes.contains(&m.to) {
        return None;
    }
    match prev.board.piece_at(m.from) {
        0 => None,
        code => Some(piece_of(code)),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::rules::variant::Variant;

    fn show(hall: &Hall, b: &Board, moves: &[(u8, String)], die: Option<u8>) {
        hall.update(
            7,
            ["a", "b"],
            b,
            moves,
            die.map(Roll::one),
            [1000, 1000],
            [true, true],
            [None, None],
            true,
        );
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
        let cube = piece_of(start.piece_at(into.from));
        let hall = Hall::default();
        show(&hall, &start, &[], Some(1));
        assert_eq!(hall.snapshot().games[0].fell, None);
        let mut b = start.clone();
        b.make(into);
        let mut moves = vec![(cube.1, into.display(v).to_string())];
        show(&hall, &b, &moves, None);
        assert_eq!(hall.snapshot().games[0].fell, Some(cube));
        // Shown again with the next die: still the last move's fall.
        show(&hall, &b, &moves, Some(2));
        assert_eq!(hall.snapshot().games[0].fell, Some(cube));
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
        assert_eq!(hall.snapshot().games[0].fell, None);
    }

    fn record(
        number: u64,
        start: &Board,
        plies: Vec<crate::record::Ply>,
        reason: Reason,
        detail: &str,
    ) -> GameRecord {
        GameRecord {
            number,
            match_id: None,
            seed: None,
            date: String::new(),
            red: "a".into(),
            blue: "b".into(),
            start: crate::record::Start::Position(start.clone()),
            plies,
            winner: Some(Color::Red),
            reason,
            detail: detail.into(),
        }
    }

    /// Equal points by name whatever its case, a player without a game yet last.
    #[test]
    fn standings_put_equal_points_by_name_and_the_unplayed_last() {
        let row = |name: &str, games: u64, points: f64| StandingView {
            name: name.into(),
            games,
            points,
            ..StandingView::default()
        };
        let mut table = vec![
            row("greedy", 1, 0.0),
            row("Grandmaster_Deluxe", 0, 0.0),
            row("random", 1, 1.0),
            row("alpha", 1, 0.0),
            row("Beta", 1, 0.0),
        ];
        sort_table(&mut table);
        let names: Vec<&str> = table.iter().map(|s| s.name.as_str()).collect();
        assert_eq!(
            names,
            ["random", "alpha", "Beta", "greedy", "Grandmaster_Deluxe"]
        );
    }

    /// A first-to match tells the hall its games by number: a game whose last move ended it
    /// before an earlier game was lost on time is still listed as the older end, and the
    /// referee's word on a forfeit travels with the game.
    #[test]
    fn finished_games_are_listed_by_their_end() {
        let v = Variant::preset("3x3").expect("the 3x3 preset");
        let start = Board::startpos_in(v);
        let m = start.all_moves().as_slice()[0];
        let hall = Hall::default();
        // Game 2 is shown before its last move, which took its mover 1 ms.
        hall.update(
            2,
            ["a", "b"],
            &start,
            &[],
            Some(Roll::one(1)),
            [5, 6],
            [true, true],
            [None, None],
            true,
        );
        let two = GameRecord {
            number: 2,
            plies: vec![crate::record::Ply {
                side: start.side_to_move(),
                die: 1,
                mv: m,
                us: Some(1000),
            }],
            ..record(2, &start, Vec::new(), Reason::Goal, "")
        };
        let later = Instant::now() + Duration::from_secs(60);
        let why = "Blue: no bestmove within 300 ms; engine killed";
        let one = record(1, &start, Vec::new(), Reason::Time, why);
        hall.finished_at(&one, String::new(), 1, later);
        hall.finished_at(&two, String::new(), 2, later + Duration::from_secs(1));
        let numbers =
            |h: &Hall| -> Vec<u64> { h.snapshot().finished.iter().map(|f| f.number).collect() };
        assert_eq!(numbers(&hall), [1, 2]);
        assert_eq!(hall.snapshot().finished[0].detail, why);
        let three = record(3, &start, Vec::new(), Reason::Crash, "Blue: crashed");
        hall.finished_at(&three, String::new(), 3, later + Duration::from_secs(2));
        assert_eq!(numbers(&hall), [3, 1, 2]);
    }

    #[test]
    fn every_player_is_in_the_standings_before_its_first_game() {
        let hall = Hall::default();
        hall.set_players(&["ewn".to_string(), "greedy".to_string()]);
        let v = hall.snapshot();
        assert_eq!(v.title, "ewn, greedy");
        let names: Vec<(&str, u64)> = v.table.iter().map(|s| (s.name.as_str(), s.games)).collect();
        assert_eq!(names, [("ewn", 0), ("greedy", 0)]);
    }
}
