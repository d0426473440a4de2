//! `ewn review`: how much win chance each player gave away in recorded games, by the engine's
//! judgement.
//!
//! Every move with a choice is searched with all its alternatives (the multipv mode of
//! [`crate::brain::analysis::analyse_die`], so each has an exact value at the depth reached). A move's
//! *loss* is the best alternative's win chance minus the played move's. Summed over a player's
//! moves, the losses estimate what the player gave away against playing the reviewer's moves: the
//! win chance of a game is the starting value minus both sides' losses plus the luck of the dice,
//! which averages to nothing. So the mean loss a game bounds, to first order, what a player could
//! still gain by playing better *as the reviewer sees it*; a reviewer that shares the player's
//! evaluation sees fewer of its mistakes, so for the engine itself this is a lower bound.
//!
//! With endgame tables (`ewn --tables DIR review ...`) a position they cover is valued exactly, so
//! a move's loss there is the exact win chance given away; the summary counts those moves and
//! losses apart, for each player.
//!
//! The review is deterministic at a depth or node limit: games are independent, each reviewed by
//! its own single-threaded searcher, and `jobs` only spreads them over threads.

mod error;
mod json;

use std::fmt::Write as _;
use std::path::PathBuf;
use std::sync::atomic::{AtomicUsize, Ordering};
use std::sync::{Arc, Mutex};

use crate::brain::analysis::{analyse_die, analyse_preroll};
use crate::brain::luck::{
    DEFAULT_LUCK_DEPTH, RollLuck, SideLuck, adjusted_result, game_luck, move_accuracy, net_luck,
};
use crate::brain::search::{Limits, Searcher, to_prob};
use crate::brain::tables::Tables;
use crate::record::GameRecord;
use crate::rules::board::{Color, Move};
use crate::rules::notation::move_name_in;
pub use error::{ReviewError, ReviewRunError};

/// What a move gave away, named as backgammon and chess programs name it (gnubg's "doubtful",
/// "bad", "very bad"; lichess's inaccuracy, mistake, blunder): at least [`INACCURACY`],
/// [`MISTAKE`] or [`BLUNDER`] of win chance lost against the best move. `ewn review` and the
/// arena's review use the same lines.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord)]
pub enum Mark {
    Inaccuracy,
    Mistake,
    Blunder,
}

/// A loss of at least this much win chance is an inaccuracy (and `ewn review`'s default threshold).
pub const INACCURACY: f64 = 0.02;
/// At least this much is a mistake.
pub const MISTAKE: f64 = 0.05;
/// At least this much is a blunder.
pub const BLUNDER: f64 = 0.10;
/// Search depth of every move's alternatives when no other limit is given (also the arena's).
pub const DEFAULT_DEPTH: u32 = 6;

impl Mark {
    /// The mark of a move that lost `loss` win chance; `None` below [`INACCURACY`].
    pub fn of(loss: f64) -> Option<Mark> {
        if loss >= BLUNDER {
            Some(Mark::Blunder)
        } else if loss >= MISTAKE {
            Some(Mark::Mistake)
        } else if loss >= INACCURACY {
            Some(Mark::Inaccuracy)
        } else {
            None
        }
    }

    pub fn name(self) -> &'static str {
        match self {
            Mark::Inaccuracy => "inaccuracy",
            Mark::Mistake => "mistake",
            Mark::Blunder => "blunder",
        }
    }
}

/// One move of a game, valued.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct MoveReview {
    /// 1-based ply number in the game.
    pub ply: usize,
    pub side: Color,
    pub die: u8,
    pub played: Move,
    /// Legal moves for the die; with one, nothing was chosen and nothing searched.
    pub choices: usize,
    /// The played move's win chance for the mover (1 when forced: nothing to compare).
    pub played_value: f64,
    pub best: Move,
    pub best_value: f64,
    /// The position was in the endgame tables: both values are exact.
    pub exact: bool,
}

impl MoveReview {
    /// The win chance given away: best minus played, never negative.
    pub fn loss(&self) -> f64 {
        (self.best_value - self.played_value).max(0.0)
    }

    /// Inaccuracy, mistake or blunder; `None` for a good or forced move.
    pub fn mark(&self) -> Option<Mark> {
        if self.choices > 1 {
            Mark::of(self.loss())
        } else {
            None
        }
    }
}

/// A reviewed game.
#[derive(Clone, Debug, PartialEq)]
pub struct GameReview {
    /// Red's win chance in the start position, before the first roll.
    pub start_red: f64,
    pub moves: Vec<MoveReview>,
    /// The luck of every roll, by the luck evaluator (empty when it was not valued).
    pub luck: Vec<RollLuck>,
}

impl GameReview {
    /// The win chance `side` started with.
    pub fn start(&self, side: Color) -> f64 {
        match side {
            Color::Red => self.start_red,
            Color::Blue => 1.0 - self.start_red,
        }
    }

    /// What `side` gave away over its moves, and how many moves had a choice.
    pub fn lost(&self, side: Color) -> (f64, usize) {
        let t = SideTotals::of(&self.moves, side);
        (t.lost, t.choices)
    }
}

/// One side's totals over some reviewed moves.
#[derive(Clone, Copy, Debug, Default, PartialEq)]
pub struct SideTotals {
    /// Win chance given away.
    pub lost: f64,
    /// Moves with a choice.
    pub choices: usize,
    /// Moves of each [`Mark`], in its order (inaccuracies, mistakes, blunders).
    pub marks: [usize; 3],
    /// The sum of the moves' accuracies ([`move_accuracy`]), over the moves with a choice.
    pub accuracy_sum: f64,
}

impl SideTotals {
    pub fn of(moves: &[MoveReview], side: Color) -> SideTotals {
        let mut t = SideTotals::default();
        for m in moves.iter().filter(|m| m.side == side && m.choices > 1) {
            t.lost += m.loss();
            t.choices += 1;
            t.accuracy_sum += move_accuracy(m.loss());
            if let Some(k) = m.mark() {
                t.marks[k as usize] += 1;
            }
        }
        t
    }

    /// The error rate: mean win chance given away a move with a choice.
    pub fn error_rate(&self) -> f64 {
        self.lost / self.choices.max(1) as f64
    }

    /// The accuracy in percent: the mean of the moves' accuracies (100 with no choice).
    pub fn accuracy(&self) -> f64 {
        if self.choices == 0 {
            100.0
        } else {
            self.accuracy_sum / self.choices as f64
        }
    }
}

/// Reviews every ply of `game` with `limits`, clearing the searcher's table first so that a
/// game's review does not depend on the games before it. Errors if the record does not replay.
pub fn review_game(
    searcher: &mut Searcher,
    game: &GameRecord,
    limits: &Limits,
) -> Result<GameReview, ReviewError> {
    review_game_counted(searcher, game, limits, &mut |_| {})
}

/// [`review_game`], telling `done` how many plies are valued so far (after the start position
/// and after each ply), so that a page can show the review's progress.
pub fn review_game_counted(
    searcher: &mut Searcher,
    game: &GameRecord,
    limits: &Limits,
    done: &mut dyn FnMut(usize),
) -> Result<GameReview, ReviewError> {
    game.replay()?;
    searcher.clear();
    let mut b = game.start_board();
    let pre = analyse_preroll(searcher, &b, limits, &mut |_| {});
    let start_red = match b.side_to_move() {
        Color::Red => to_prob(pre.value),
        Color::Blue => 1.0 - to_prob(pre.value),
    };
    let mut out = Vec::with_capacity(game.plies.len());
    for (i, p) in game.plies.iter().enumerate() {
        let choices = b.moves_for_die(p.die).len();
        let mut r = MoveReview {
            ply: i + 1,
            side: p.side,
            die: p.die,
            played: p.mv,
            choices,
            played_value: 1.0,
            best: p.mv,
            best_value: 1.0,
            exact: searcher.tables().is_some_and(|t| t.covers(&b))
                || searcher.solved().is_some_and(|t| t.probe(&b).is_some()),
        };
        if choices > 1 {
            let a = analyse_die(searcher, &b, p.die, limits, &mut |_| {});
            let best = a.moves()[0];
            let played = a.moves().iter().find(|m| m.mv == p.mv).ok_or_else(|| {
                ReviewError::NotSearched {
                    ply: i + 1,
                    mv: move_name_in(b.variant(), p.mv),
                }
            })?;
            r.best = best.mv;
            r.best_value = to_prob(best.value);
            r.played_value = to_prob(played.value);
        }
        out.push(r);
        b.make(p.mv);
        done(i + 1);
    }
    Ok(GameReview {
        start_red,
        moves: out,
        luck: Vec::new(),
    })
}

/// Values the luck of every roll of `game` with `limits` (see [`crate::brain::luck`]).
pub fn luck_of_game(
    searcher: &mut Searcher,
    game: &GameRecord,
    limits: &Limits,
) -> Result<Vec<RollLuck>, ReviewError> {
    game.replay()?;
    let plies: Vec<(u8, Move)> = game.plies.iter().map(|p| (p.die, p.mv)).collect();
    Ok(game_luck(searcher, &game.start_board(), &plies, limits)?)
}

/// The result `side` scored in `game`: 1 a win, 0 a loss, 1/2 unfinished.
pub fn result_of(game: &GameRecord, side: Color) -> f64 {
    match game.winner {
        Some(w) if w == side => 1.0,
        Some(_) => 0.0,
        None => 0.5,
    }
}

/// One player's totals over the reviewed games.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct Tally {
    pub name: String,
    pub games: u64,
    pub moves: u64,
    /// Moves with more than one legal choice.
    pub choices: u64,
    /// Choices that lost win chance (the played move valued below the best).
    pub inferior: u64,
    /// Choices that lost at least the threshold.
    pub mistakes: u64,
    pub lost: f64,
    /// Choices in positions the endgame tables cover, and the exact win chance lost in them.
    pub exact_choices: u64,
    pub exact_lost: f64,
    /// Sums over the games of the win chance at the start, of what the opponents lost, and of
    /// the result (1 a win).
    pub start: f64,
    pub opponents_lost: f64,
    pub score: f64,
    /// Sums over the choices of the moves' accuracies.
    pub accuracy_sum: f64,
    /// Games whose rolls were valued, the player's own rolls' luck, its net luck (own minus the
    /// opponents') and its luck-adjusted results, summed over them.
    pub luck_games: u64,
    pub luck: f64,
    pub net_luck: f64,
    pub adjusted: f64,
    /// Games decided by a fault (time, crash, illegal or malformed move), and the sum over them
    /// of what the result differs from what the start and the losses explain: the fault's share,
    /// kept apart from the dice's.
    pub faults: u64,
    pub fault_share: f64,
}

impl Tally {
    /// Adds the game `review` in which the player had `side` and `winner` won (by a fault of the
    /// loser when `fault`).
    fn add(
        &mut self,
        review: &GameReview,
        side: Color,
        winner: Option<Color>,
        fault: bool,
        threshold: f64,
    ) {
        self.games += 1;
        self.start += review.start(side);
        self.opponents_lost += review.lost(side.other()).0;
        let result = match winner {
            Some(w) if w == side => 1.0,
            Some(_) => 0.0,
            None => 0.5,
        };
        self.score += result;
        if fault {
            self.faults += 1;
            self.fault_share +=
                result - (review.start(side) - review.lost(side).0 + review.lost(side.other()).0);
        }
        if !review.luck.is_empty() {
            self.luck_games += 1;
            self.luck += SideLuck::of(&review.luck, side).total;
            self.net_luck += net_luck(&review.luck, side);
            self.adjusted += adjusted_result(&review.luck, side, result);
        }
        for m in review.moves.iter().filter(|m| m.side == side) {
            self.moves += 1;
            if m.choices > 1 {
                self.choices += 1;
                let l = m.loss();
                self.lost += l;
                self.accuracy_sum += move_accuracy(l);
                self.inferior += u64::from(l > 0.0);
                self.mistakes += u64::from(l >= threshold && l > 0.0);
                if m.exact {
                    self.exact_choices += 1;
                    self.exact_lost += l;
                }
            }
        }
    }

    /// Mean loss a move with a choice.
    pub fn per_choice(&self) -> f64 {
        if self.choices == 0 {
            0.0
        } else {
            self.lost / self.choices as f64
        }
    }

    /// The accuracy in percent over the player's choices (100 with none).
    pub fn accuracy(&self) -> f64 {
        if self.choices == 0 {
            100.0
        } else {
            self.accuracy_sum / self.choices as f64
        }
    }

    /// Mean of a sum over the games whose luck was valued.
    pub fn luck_mean(&self, sum: f64) -> f64 {
        if self.luck_games == 0 {
            0.0
        } else {
            sum / self.luck_games as f64
        }
    }

    /// Mean loss a game.
    pub fn per_game(&self) -> f64 {
        self.mean(self.lost)
    }

    fn mean(&self, sum: f64) -> f64 {
        if self.games == 0 {
            0.0
        } else {
            sum / self.games as f64
        }
    }

    /// The score the start and the losses of both sides explain: start value, minus own losses,
    /// plus the opponents'. What the result differs by is the faults' share ([`Tally::fault`])
    /// and the rest ([`Tally::other`]).
    pub fn explained(&self) -> f64 {
        self.mean(self.start - self.lost + self.opponents_lost)
    }

    /// The share of the games decided by a fault in what the score differs from the explained
    /// score, a game.
    pub fn fault(&self) -> f64 {
        self.mean(self.fault_share)
    }

    /// The rest of what the score differs from the explained score, a game: the dice and the
    /// reviewer's errors.
    pub fn other(&self) -> f64 {
        self.mean(self.score) - self.explained() - self.fault()
    }
}

/// Per-player totals over reviewed games, players in the order they first appear.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct Summary {
    pub threshold: f64,
    pub players: Vec<Tally>,
}

impl Summary {
    pub fn new(threshold: f64) -> Summary {
        Summary {
            threshold,
            players: Vec::new(),
        }
    }

    pub fn add(&mut self, game: &GameRecord, review: &GameReview) {
        for (name, side) in [(&game.red, Color::Red), (&game.blue, Color::Blue)] {
            let i = match self.players.iter().position(|t| &t.name == name) {
                Some(i) => i,
                None => {
                    self.players.push(Tally {
                        name: name.clone(),
                        ..Tally::default()
                    });
                    self.players.len() - 1
                }
            };
            self.players[i].add(
                review,
                side,
                game.winner,
                game.reason.is_fault(),
                self.threshold,
            );
        }
    }

    pub fn text(&self) -> String {
        let width = self
            .players
            .iter()
            .map(|t| t.name.chars().count())
            .max()
            .unwrap_or(0)
            .max(6);
        let mut out = String::new();
        self.write_moves(&mut out, width);
        self.write_scores(&mut out, width);
        self.write_skill_and_luck(&mut out, width);
        self.write_exact(&mut out, width);
        out
    }

    /// Each player's moves, choices and the win chance they lost.
    fn write_moves(&self, out: &mut String, width: usize) {
        let _ = writeln!(
            out,
            "{:<width$}  {:>5}  {:>6}  {:>7}  {:>8}  {:>8}  {:>8}  {:>8}",
            "player", "games", "moves", "choices", "inferior", "mistakes", "lost/mv", "lost/gm"
        );
        for t in &self.players {
            let _ = writeln!(
                out,
                "{:<width$}  {:>5}  {:>6}  {:>7}  {:>8}  {:>8}  {:>8.4}  {:>8.4}",
                t.name,
                t.games,
                t.moves,
                t.choices,
                t.inferior,
                t.mistakes,
                t.per_choice(),
                t.per_game()
            );
        }
    }

    /// How each player's score is made up.
    fn write_scores(&self, out: &mut String, width: usize) {
        let _ = writeln!(
            out,
            "Score = start - lost + opponents' lost + fault + other (means a game; fault: the \
             share of games lost on time, by a crash or an illegal move; other: the dice and the \
             reviewer's errors, not the luck below):"
        );
        let _ = writeln!(
            out,
            "{:<width$}  {:>6}  {:>6}  {:>6}  {:>6}  {:>9}  {:>7}  {:>7}",
            "player", "start", "lost", "opp", "score", "explained", "fault", "other"
        );
        for t in &self.players {
            let _ = writeln!(
                out,
                "{:<width$}  {:>6.4}  {:>6.4}  {:>6.4}  {:>6.4}  {:>9.4}  {:>+7.4}  {:>+7.4}",
                t.name,
                t.mean(t.start),
                t.per_game(),
                t.mean(t.opponents_lost),
                t.mean(t.score),
                t.explained(),
                t.fault(),
                t.other()
            );
        }
    }

    /// Accuracy and error rate, and the luck when it was valued.
    fn write_skill_and_luck(&self, out: &mut String, width: usize) {
        let _ = writeln!(
            out,
            "Skill: accuracy (percent, mean over choices) and error rate (win chance lost a choice):"
        );
        for t in &self.players {
            let _ = writeln!(
                out,
                "{:<width$}  {:>6.1}%  {:>8.4}",
                t.name,
                t.accuracy(),
                t.per_choice()
            );
        }
        if !self.players.iter().any(|t| t.luck_games > 0) {
            return;
        }
        let _ = writeln!(
            out,
            "Luck (means a game): own rolls, net (own minus the opponents'), score, luck-adjusted score:"
        );
        let _ = writeln!(out, "{ADJUSTED_NOTE}");
        for t in &self.players {
            let _ = writeln!(
                out,
                "{:<width$}  {:>+7.4}  {:>+7.4}  {:>6.4}  {:>7.4}",
                t.name,
                t.luck_mean(t.luck),
                t.luck_mean(t.net_luck),
                t.mean(t.score),
                t.luck_mean(t.adjusted)
            );
        }
    }

    /// The exact losses, where the endgame tables cover a position.
    fn write_exact(&self, out: &mut String, width: usize) {
        if !self.players.iter().any(|t| t.exact_choices > 0) {
            return;
        }
        let _ = writeln!(
            out,
            "Exact, in positions the endgame tables cover (lost a game, choices, lost/mv):"
        );
        for t in &self.players {
            let _ = writeln!(
                out,
                "{:<width$}  {:>8.4}  {:>7}  {:>8.4}",
                t.name,
                t.mean(t.exact_lost),
                t.exact_choices,
                t.exact_lost / t.exact_choices.max(1) as f64
            );
        }
    }
}

/// The line that says what a luck-adjusted result is.
const ADJUSTED_NOTE: &str = "  (a luck-adjusted result is the result minus the net luck: an \
                             unbiased estimate, which in one game can fall outside 0..1)";

/// The text of one reviewed game: a head line, every move that lost at least `threshold`, and
/// each side's total.
pub fn game_text(game: &GameRecord, review: &GameReview, threshold: f64) -> String {
    let mut out = String::new();
    let how = match game.winner {
        Some(w) => format!("{} won by {}", w.name(), game.reason),
        None => "unfinished".to_string(),
    };
    let _ = writeln!(
        out,
        "game {}: {} (red) - {} (blue), {how} after {} plies; red's win chance at the start {:.4}",
        game.number,
        game.red,
        game.blue,
        game.plies.len(),
        review.start_red
    );
    write_lost_moves(&mut out, game, review, threshold);
    write_game_totals(&mut out, game, review);
    if !review.luck.is_empty() {
        write_game_luck(&mut out, game, review);
    }
    if game.reason.is_fault() {
        let _ = writeln!(
            out,
            "  decided by a fault: {}; the result is not the dice's doing, and the luck and \
             losses above value the rolls and moves only",
            game.reason
        );
    }
    out
}

/// The moves of a game that lost at least `threshold`, as a table.
fn write_lost_moves(out: &mut String, game: &GameRecord, review: &GameReview, threshold: f64) {
    let v = game.start_board().variant();
    let shown: Vec<&MoveReview> = review
        .moves
        .iter()
        .filter(|m| m.choices > 1 && m.loss() >= threshold)
        .collect();
    if shown.is_empty() {
        return;
    }
    let _ = writeln!(
        out,
        "  {:>4}  {:<4}  {:>3}  {:<6}  {:>6}  {:<6}  {:>6}  {:>6}  mark",
        "ply", "side", "die", "played", "win", "best", "win", "lost"
    );
    for m in shown {
        let line = format!(
            "  {:>4}  {:<4}  {:>3}  {:<6}  {:>6.4}  {:<6}  {:>6.4}  {:>6.4}  {}",
            m.ply,
            m.side.name(),
            m.die,
            move_name_in(v, m.played),
            m.played_value,
            move_name_in(v, m.best),
            m.best_value,
            m.loss(),
            m.mark().map_or("", Mark::name)
        );
        let _ = writeln!(out, "{}", line.trim_end());
    }
}

/// Each side's loss and accuracy over a game.
fn write_game_totals(out: &mut String, game: &GameRecord, review: &GameReview) {
    let moves = &review.moves;
    let (rl, rn) = review.lost(Color::Red);
    let (bl, bn) = review.lost(Color::Blue);
    let _ = writeln!(
        out,
        "  lost: {} {rl:.4} over {rn} choices, {} {bl:.4} over {bn} choices",
        game.red, game.blue
    );
    let (rt, bt) = (
        SideTotals::of(moves, Color::Red),
        SideTotals::of(moves, Color::Blue),
    );
    let _ = writeln!(
        out,
        "  accuracy: {} {:.1}% (error rate {:.4}), {} {:.1}% (error rate {:.4})",
        game.red,
        rt.accuracy(),
        rt.error_rate(),
        game.blue,
        bt.accuracy(),
        bt.error_rate()
    );
}

/// Each side's luck over a game, its luckiest and unluckiest roll and the luck-adjusted result.
fn write_game_luck(out: &mut String, game: &GameRecord, review: &GameReview) {
    let roll = |r: Option<RollLuck>| {
        r.map_or("none".to_string(), |r| {
            format!("ply {} roll {} {:+.1}%", r.ply, r.die, 100.0 * r.luck())
        })
    };
    let mut parts = Vec::new();
    for (name, side) in [(&game.red, Color::Red), (&game.blue, Color::Blue)] {
        let l = SideLuck::of(&review.luck, side);
        parts.push(format!(
            "{name} {:+.4} (luckiest {}, unluckiest {})",
            l.total,
            roll(l.best),
            roll(l.worst)
        ));
    }
    let _ = writeln!(out, "  luck: {}", parts.join(", "));
    let (ra, ba) = (
        adjusted_result(&review.luck, Color::Red, result_of(game, Color::Red)),
        adjusted_result(&review.luck, Color::Blue, result_of(game, Color::Blue)),
    );
    let _ = writeln!(
        out,
        "  luck-adjusted result: {} {ra:.4}, {} {ba:.4}",
        game.red, game.blue
    );
    if !(0.0..=1.0).contains(&ra) || !(0.0..=1.0).contains(&ba) {
        let _ = writeln!(out, "{ADJUSTED_NOTE}");
    }
}

/// `ewn review`.
#[derive(clap::Args, Debug)]
pub struct ReviewArgs {
    /// A record file written by `ewn match` or `ewn play`.
    pub file: PathBuf,
    /// Review only the game with this number.
    #[arg(long)]
    pub game: Option<u64>,
    /// Search depth of every move's alternatives (the default, 6, when no other limit is given).
    #[arg(long, value_parser = clap::value_parser!(u32).range(1..=64))]
    pub depth: Option<u32>,
    /// Node limit a move instead (deterministic, like the depth).
    #[arg(long)]
    pub nodes: Option<u64>,
    /// Milliseconds a move instead (not reproducible).
    #[arg(long)]
    pub movetime: Option<u64>,
    /// List the moves that lost at least this much win chance (0 lists every move with a choice);
    /// also the line between an inferior move and a mistake in the summary. Listed moves are
    /// marked inaccuracy (loss at least 0.02), mistake (0.05) or blunder (0.10).
    #[arg(long, default_value_t = INACCURACY)]
    pub threshold: f64,
    /// Print only the per-player summary.
    #[arg(long)]
    pub summary: bool,
    /// Depth of the fixed search that values every roll's luck (0: no luck).
    #[arg(long, default_value_t = DEFAULT_LUCK_DEPTH, value_parser = clap::value_parser!(u32).range(0..=64))]
    pub luck_depth: u32,
    /// Print the review as one JSON object (every game and the per-player totals).
    #[arg(long)]
    pub json: bool,
    /// Games reviewed at once, each by its own single-threaded search.
    #[arg(long, default_value_t = 1, value_parser = clap::value_parser!(u64).range(1..=256))]
    pub jobs: u64,
    /// Hash table of each job, in MiB.
    #[arg(long, default_value_t = 16)]
    pub hash: usize,
    /// Endgame tables (from `--tables DIR`): exact values where they cover the position.
    #[arg(skip)]
    pub tables: Option<Arc<Tables>>,
    /// A directory of exact tables: endgame tables (`ewn tables build`) and solved variants'
    /// tables (`ewn solve --out`); positions they cover are valued exactly.
    #[arg(long = "tables", value_name = "DIR")]
    pub table_dir: Option<PathBuf>,
}

pub fn run_review(args: ReviewArgs) -> Result<(), ReviewRunError> {
    if !(0.0..=1.0).contains(&args.threshold) {
        return Err(ReviewRunError::Threshold(args.threshold));
    }
    let games = chosen_games(&args)?;
    let limits = Limits {
        depth: args
            .depth
            .or((args.nodes.is_none() && args.movetime.is_none()).then_some(DEFAULT_DEPTH)),
        nodes: args.nodes,
        movetime: args.movetime,
        ..Limits::default()
    };
    let luck_limits = (args.luck_depth > 0).then(|| Limits::to_depth(args.luck_depth));
    let reviews = for_each_game(
        &games,
        args.jobs as usize,
        args.hash,
        args.tables.as_ref(),
        args.table_dir.as_deref(),
        &|s, g| {
            let mut r = review_game(s, g, &limits)?;
            if let Some(l) = &luck_limits {
                r.luck = luck_of_game(s, g, l)?;
            }
            Ok(r)
        },
    )?;
    let mut summary = Summary::new(args.threshold);
    let mut out = String::new();
    for (g, r) in games.iter().zip(&reviews) {
        summary.add(g, r);
        if !args.summary && !args.json {
            out.push_str(&game_text(g, r, args.threshold));
        }
    }
    if args.json {
        println!(
            "{}",
            json::json(&games, &reviews, &summary, args.luck_depth)
        );
        return Ok(());
    }
    let _ = writeln!(out, "{}", summary_head(&args, games.len(), &limits));
    out.push_str(&summary.text());
    print!("{out}");
    Ok(())
}

/// The games of the record file to review: all, or the one `--game` names.
fn chosen_games(args: &ReviewArgs) -> Result<Vec<GameRecord>, ReviewRunError> {
    // Names the file and the line of any error; a file without games is one. Names are at most
    // `record::MAX_NAME` characters, which bounds the report's column width.
    let mut games: Vec<GameRecord> = crate::record::read_record_file(&args.file)?
        .into_iter()
        .map(|g| g.game)
        .collect();
    if let Some(n) = args.game {
        games.retain(|g| g.number == n);
        if games.is_empty() {
            return Err(ReviewRunError::NoGame {
                game: n,
                file: args.file.clone(),
            });
        }
    }
    if games.is_empty() {
        return Err(ReviewRunError::NoGames(args.file.clone()));
    }
    Ok(games)
}

/// The line before the summary: how many games, how each move was searched and the luck valued.
fn summary_head(args: &ReviewArgs, games: usize, limits: &Limits) -> String {
    let mut how = Vec::new();
    if let Some(d) = limits.depth {
        how.push(format!("depth {d}"));
    }
    if let Some(n) = limits.nodes {
        how.push(format!("{n} nodes"));
    }
    if let Some(ms) = limits.movetime {
        how.push(format!("{ms} ms"));
    }
    format!(
        "Reviewed {games} games, every move with a choice searched with all its alternatives ({}); \
         win chance lost a move with a choice and a game, mistakes losing at least {}; {}:",
        how.join(", "),
        args.threshold,
        match args.luck_depth {
            0 => "luck not valued".to_string(),
            d => format!("every roll's luck valued by a depth-{d} search"),
        }
    )
}

/// Reviews `games` on `jobs` threads, each with its own searcher; results in the games' order.
pub fn review_all(
    games: &[GameRecord],
    limits: &Limits,
    jobs: usize,
    hash_mb: usize,
    tables: Option<&Arc<Tables>>,
    table_dir: Option<&std::path::Path>,
) -> Result<Vec<GameReview>, ReviewRunError> {
    for_each_game(games, jobs, hash_mb, tables, table_dir, &|s, g| {
        review_game(s, g, limits)
    })
}

/// The luck of every roll of `games` (see [`luck_of_game`]), on `jobs` threads.
pub fn luck_all(
    games: &[GameRecord],
    limits: &Limits,
    jobs: usize,
    hash_mb: usize,
    tables: Option<&Arc<Tables>>,
) -> Result<Vec<Vec<RollLuck>>, ReviewRunError> {
    for_each_game(games, jobs, hash_mb, tables, None, &|s, g| {
        luck_of_game(s, g, limits)
    })
}

type GameJob<'a, T> = dyn Fn(&mut Searcher, &GameRecord) -> Result<T, ReviewError> + Sync + 'a;

/// Runs `job` on every game on `jobs` threads, each with its own searcher (with the endgame
/// tables and, for each game's variant, its solved table from `table_dir`); results in the
/// games' order.
pub fn for_each_game<T: Send + Clone>(
    games: &[GameRecord],
    jobs: usize,
    hash_mb: usize,
    tables: Option<&Arc<Tables>>,
    table_dir: Option<&std::path::Path>,
    job: &GameJob<'_, T>,
) -> Result<Vec<T>, ReviewRunError> {
    // Each variant's solved table, read once, for the games of that variant.
    let mut solved = std::collections::HashMap::new();
    if let Some(dir) = table_dir {
        for g in games {
            let v = g.start_board().variant();
            if v.standard || solved.contains_key(v.name()) {
                continue;
            }
            if let Some(p) = crate::brain::solve::file::find(dir, v) {
                let t = crate::brain::solve::file::read(v, &p)
                    .map_err(|error| ReviewRunError::SolvedTable { path: p, error })?;
                solved.insert(v.name().to_string(), Arc::new(t));
            }
        }
    }
    let next = AtomicUsize::new(0);
    let results: Mutex<Vec<Option<Result<T, ReviewError>>>> =
        Mutex::new((0..games.len()).map(|_| None).collect());
    std::thread::scope(|scope| {
        for _ in 0..jobs.max(1).min(games.len()) {
            scope.spawn(|| {
                let mut s = Searcher::new(hash_mb);
                s.set_tables(tables.cloned());
                loop {
                    let i = next.fetch_add(1, Ordering::Relaxed);
                    let Some(g) = games.get(i) else { break };
                    let v = g.start_board().variant();
                    s.set_solved(solved.get(v.name()).cloned());
                    let r = job(&mut s, g);
                    log::info!("valued game {} ({} of {})", g.number, i + 1, games.len());
                    results.lock().expect("no panics while holding")[i] = Some(r);
                }
            });
        }
    });
    let results = results.into_inner().expect("no panics while holding");
    games
        .iter()
        .zip(results)
        .map(|(g, r)| {
            r.expect("every game was reviewed")
                .map_err(|error| ReviewRunError::Game {
                    game: g.number,
                    error,
                })
        })
        .collect()
}

#[cfg(test)]
mod tests;
