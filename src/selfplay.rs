//! Fast in-process self-play: whole games between two depth-limited searches, with setups, the
//! first mover and the dice fixed by a seed. It is the workhorse of the setup table and of the
//! training data for the evaluation; no processes, no clocks, so a seed replays a game exactly.

use crate::board::{Board, Color};
use crate::referee::rng::MatchRng;
use crate::search::{EvalKind, Limits, Searcher};

/// How one side of a self-play game searches.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Budget {
    pub depth: u32,
    pub eval: EvalKind,
}

/// A finished self-play game.
#[derive(Clone, Debug)]
pub struct Game {
    pub winner: Color,
    pub plies: u32,
}

/// Plays a game from the setups with `first` to move, dice from `dice_seed`. `searchers` are
/// indexed by colour and cleared first, so the game depends on its arguments only. `on_position`
/// sees every position before its roll.
pub fn play(
    setups: [[u8; 6]; 2],
    first: Color,
    dice_seed: u64,
    budget: Budget,
    searchers: &mut [Searcher; 2],
    mut on_position: impl FnMut(&Board),
) -> Game {
    let mut b = Board::from_setups(setups[0], setups[1], first);
    let mut dice = MatchRng::new(dice_seed);
    for s in searchers.iter_mut() {
        s.clear();
        s.eval = budget.eval;
    }
    let limits = Limits {
        depth: Some(budget.depth),
        ..Limits::default()
    };
    let mut plies = 0;
    loop {
        if let Some(w) = b.winner() {
            return Game { winner: w, plies };
        }
        on_position(&b);
        let die = dice.die();
        let stm = b.side_to_move().idx();
        let r = searchers[stm].search(&b, die, &limits, &mut |_| {});
        b.make(r.best);
        plies += 1;
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_seed_replays_its_game() {
        let mut s = [Searcher::new(1), Searcher::new(1)];
        let setups = [[1, 2, 3, 4, 5, 6], [6, 5, 4, 3, 2, 1]];
        let budget = Budget {
            depth: 2,
            eval: EvalKind::Heuristic,
        };
        let mut seen_a = Vec::new();
        let a = play(setups, Color::Blue, 77, budget, &mut s, |b| {
            seen_a.push(b.key())
        });
        let mut seen_b = Vec::new();
        let b = play(setups, Color::Blue, 77, budget, &mut s, |b| {
            seen_b.push(b.key())
        });
        assert_eq!(a.winner, b.winner);
        assert_eq!(seen_a, seen_b);
        assert_eq!(seen_a.len() as u32, a.plies);
        assert!(a.plies >= 4, "a game needs at least four plies");
    }
}
