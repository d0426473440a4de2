//! Luck and skill, valued by one fixed evaluator (see `protocol/analysis.md`, "Luck and skill").
//!
//! The **luck of a roll** is what the roll gave the side to move: the value of the position after
//! the roll, with the best move for the rolled outcome, minus the value before the roll, the mean
//! of those values over the variant's outcomes with their weights. Both come from the same
//! numbers (one search per set of outcomes that move the same cubes, [`analyse_preroll`]), so the
//! luck of a position's outcomes, weighted as the dice weight them, sums to zero by construction,
//! whatever the evaluator's errors: subtracting it from a result keeps the result's expectation.
//! In a variant without dice there is one outcome and its luck is zero.
//!
//! The evaluator is a search at a fixed depth (or node limit), deterministic because each game's
//! rolls are valued by a searcher whose table is cleared first; where exact tables cover a
//! position (the searcher's endgame or solved tables) the values are exact.
//!
//! **Accuracy** is skill in lichess's spirit: a move that gives away `loss` of win chance scores
//! `103.1668 * exp(-4.354 * loss) - 3.1669` percent, clipped to 0..100 (lichess's curve, with win
//! chance in 0..1 where lichess uses percent), so a best move scores 100 and a move that gives away
//! a tenth of the game about 64.

use thiserror::Error;

use crate::brain::analysis::analyse_preroll;
use crate::brain::search::{Limits, Searcher, to_prob};
use crate::rules::board::{Board, Color, Move};

/// The evaluator's depth when no other is given: the review's and `ewn stats --luck`'s.
pub const DEFAULT_LUCK_DEPTH: u32 = 3;

/// Why the rolls of a game could not be valued.
#[derive(Debug, Error, Clone, PartialEq, Eq)]
pub enum LuckError {
    #[error("ply {ply}: the game is already over")]
    GameOver { ply: usize },
    #[error("ply {ply}: {die} is not an outcome of this variant's roll")]
    NotAnOutcome { ply: usize, die: u8 },
    #[error("ply {ply}: the move is not legal for the roll {die}")]
    Illegal { ply: usize, die: u8 },
}

/// The luck of one roll, for the side that rolled.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct RollLuck {
    /// 1-based ply number in the game.
    pub ply: usize,
    pub side: Color,
    pub die: u8,
    /// The mover's win chance before the roll: the weighted mean over the outcomes.
    pub before: f64,
    /// The mover's win chance after this roll, with the best move for it.
    pub after: f64,
}

impl RollLuck {
    /// What the roll gave the mover (negative: what it took), in win chance.
    pub fn luck(&self) -> f64 {
        self.after - self.before
    }
}

/// The mover's win chance for every outcome of the roll at `board` (in the variant's outcome
/// order, with its weight), and their weighted mean: the value before the roll. A finished game
/// has no outcomes, and its value is its result for the side to move.
pub fn outcome_values(
    searcher: &mut Searcher,
    board: &Board,
    limits: &Limits,
) -> (Vec<(u8, u32, f64)>, f64) {
    let pre = analyse_preroll(searcher, board, limits, &mut |_| {});
    let outcomes = &board.variant().outcomes;
    let values: Vec<(u8, u32, f64)> = pre
        .faces
        .iter()
        .zip(outcomes)
        .map(|(f, &(o, w))| (o, w, to_prob(f.value)))
        .collect();
    if values.is_empty() {
        // The game is over: no roll, and the value is the result.
        return (values, to_prob(pre.value));
    }
    let total: f64 = values.iter().map(|&(_, w, _)| f64::from(w)).sum();
    let mean = values
        .iter()
        .map(|&(_, w, v)| f64::from(w) * v)
        .sum::<f64>()
        / total;
    (values, mean)
}

/// The luck of every roll of a game from `start`, whose plies are `(outcome, move)`. The
/// searcher's table is cleared first, so the values do not depend on what it searched before.
pub fn game_luck(
    searcher: &mut Searcher,
    start: &Board,
    plies: &[(u8, Move)],
    limits: &Limits,
) -> Result<Vec<RollLuck>, LuckError> {
    searcher.clear();
    let mut b = start.clone();
    let mut out = Vec::with_capacity(plies.len());
    for (i, &(die, mv)) in plies.iter().enumerate() {
        let ply = i + 1;
        if b.winner().is_some() {
            return Err(LuckError::GameOver { ply });
        }
        if !b.variant().outcomes.iter().any(|&(o, _)| o == die) {
            return Err(LuckError::NotAnOutcome { ply, die });
        }
        if !b.moves_for_die(die).as_slice().contains(&mv) {
            return Err(LuckError::Illegal { ply, die });
        }
        let (values, before) = outcome_values(searcher, &b, limits);
        let after = values
            .iter()
            .find(|&&(o, _, _)| o == die)
            .map_or(before, |&(_, _, v)| v);
        out.push(RollLuck {
            ply,
            side: b.side_to_move(),
            die,
            before,
            after,
        });
        b.make(mv);
    }
    Ok(out)
}

/// One side's luck over the rolls of a game (or of several).
#[derive(Clone, Copy, Debug, Default, PartialEq)]
pub struct SideLuck {
    /// The sum of the side's own rolls' luck.
    pub total: f64,
    pub rolls: usize,
    /// The luckiest and unluckiest of its rolls.
    pub best: Option<RollLuck>,
    pub worst: Option<RollLuck>,
}

impl SideLuck {
    pub fn of(rolls: &[RollLuck], side: Color) -> SideLuck {
        let mut s = SideLuck::default();
        for r in rolls.iter().filter(|r| r.side == side) {
            s.total += r.luck();
            s.rolls += 1;
            if s.best.is_none_or(|b| r.luck() > b.luck()) {
                s.best = Some(*r);
            }
            if s.worst.is_none_or(|w| r.luck() < w.luck()) {
                s.worst = Some(*r);
            }
        }
        s
    }
}

/// `side`'s net luck in a game: its rolls' luck minus its opponent's (each in its own win
/// chance, and one side's gain is the other's loss).
pub fn net_luck(rolls: &[RollLuck], side: Color) -> f64 {
    SideLuck::of(rolls, side).total - SideLuck::of(rolls, side.other()).total
}

/// `side`'s luck-adjusted result of a game it scored `result` in (1 a win, 0 a loss): the result
/// minus its net luck. Every roll's luck has mean zero under the dice, so the adjusted result has
/// the expectation of the result, with the dice's share of its spread taken out.
pub fn adjusted_result(rolls: &[RollLuck], side: Color, result: f64) -> f64 {
    result - net_luck(rolls, side)
}

/// The accuracy of one decision that gave away `loss` of win chance, in percent (see the module
/// text).
pub fn move_accuracy(loss: f64) -> f64 {
    (103.166_8 * (-4.354 * loss.max(0.0)).exp() - 3.166_9).clamp(0.0, 100.0)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::rules::notation::parse_fen_in;
    use crate::rules::variant::Variant;

    #[test]
    fn accuracy_is_100_for_the_best_move_and_falls_with_the_loss() {
        assert!((move_accuracy(0.0) - 100.0).abs() < 1e-3);
        let a = move_accuracy(0.1);
        assert!(a > 60.0 && a < 67.0, "{a}");
        assert!(move_accuracy(0.02) > move_accuracy(0.05));
        assert_eq!(move_accuracy(1.0), 0.0);
    }

    #[test]
    fn outcomes_weigh_to_the_value_before_the_roll() {
        // Red's cube 1 on d2 wins with face 1 (it steps into e1); faces 2 to 6 move cube 2, on
        // a5, which takes Blue's last cube on a4 only by stepping down.
        let b = parse_fen_in(Variant::standard(), "R24/5/B14/3R11/5 r").unwrap();
        let mut s = Searcher::new(1);
        let (values, before) = outcome_values(&mut s, &b, &Limits::to_depth(2));
        assert_eq!(values.len(), 6);
        let luck: f64 = values
            .iter()
            .map(|&(_, w, v)| f64::from(w) * (v - before))
            .sum();
        assert!(luck.abs() < 1e-12, "{luck}");
        assert_eq!(values[0].2, 1.0);
        assert!(before < 1.0 && before > 1.0 / 6.0, "{values:?} {before}");
        // Blue has lost its last cube: no roll, and the value is the result.
        let over = parse_fen_in(Variant::standard(), "R24/5/5/3R11/5 b").unwrap();
        assert_eq!(
            outcome_values(&mut s, &over, &Limits::to_depth(2)),
            (Vec::new(), 0.0)
        );
    }
}
