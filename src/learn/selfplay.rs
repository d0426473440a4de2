//! Fast in-process self-play: whole games between two depth-limited searches, with setups, the
//! first mover and the dice fixed by a seed. It is the workhorse of the setup table and of the
//! training data for the evaluation; no processes, no clocks, so a seed replays a game exactly.

use crate::brain::search::{EvalKind, Limits, Searcher};
use crate::rules::board::{Board, Color};
use crate::rules::rng::MatchRng;

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
    on_position: impl FnMut(&Board),
) -> Game {
    play_with(
        setups,
        first,
        dice_seed,
        [budget, budget],
        searchers,
        on_position,
    )
}

/// [`play`] with a budget per colour (index `Color::idx`).
pub fn play_with(
    setups: [[u8; 6]; 2],
    first: Color,
    dice_seed: u64,
    budgets: [Budget; 2],
    searchers: &mut [Searcher; 2],
    mut on_position: impl FnMut(&Board),
) -> Game {
    let mut b = Board::from_setups(setups[0], setups[1], first);
    let mut dice = MatchRng::new(dice_seed);
    for (s, bd) in searchers.iter_mut().zip(budgets) {
        s.clear();
        s.eval = bd.eval;
    }
    let limits = budgets.map(|bd| Limits::to_depth(bd.depth));
    let mut plies = 0;
    loop {
        if let Some(w) = b.winner() {
            return Game { winner: w, plies };
        }
        on_position(&b);
        let die = dice.die();
        let stm = b.side_to_move().idx();
        let r = searchers[stm].search(&b, die, &limits[stm], &mut |_| {});
        b.make(r.best);
        plies += 1;
    }
}

/// Runs `job(searchers, i)` for every `i` in `0..n` on `threads` workers, each with its own
/// pair of searchers of `hash_mb` MiB, and returns the results in the order of `i`: the same
/// whatever the number of threads, since every job fixes its game by its index.
pub fn par_map<T: Send>(
    n: u64,
    threads: usize,
    hash_mb: usize,
    job: impl Fn(&mut [Searcher; 2], u64) -> T + Sync,
) -> Vec<T> {
    use std::sync::atomic::{AtomicU64, Ordering};
    let next = AtomicU64::new(0);
    let mut done: Vec<(u64, T)> = std::thread::scope(|scope| {
        let workers: Vec<_> = (0..threads.max(1))
            .map(|_| {
                scope.spawn(|| {
                    let mut searchers = [Searcher::new(hash_mb), Searcher::new(hash_mb)];
                    let mut out = Vec::new();
                    loop {
                        let i = next.fetch_add(1, Ordering::SeqCst);
                        if i >= n {
                            return out;
                        }
                        out.push((i, job(&mut searchers, i)));
                    }
                })
            })
            .collect();
        workers
            .into_iter()
            .flat_map(|w| w.join().expect("a self-play worker panicked"))
            .collect()
    });
    done.sort_unstable_by_key(|&(i, _)| i);
    done.into_iter().map(|(_, t)| t).collect()
}

/// Paired games between two budgets, in-process: pair `p` draws setups, first mover and dice
/// from `pair_seed(seed, p)`, and its two games swap colours. Returns the number of pairs in
/// which the first budget scored 0, 1 and 2 points.
pub fn duel(budgets: [Budget; 2], games: u64, seed: u64, threads: usize) -> [u64; 3] {
    use crate::rules::rng::pair_seed;
    let points = par_map(games.div_ceil(2), threads, 4, |searchers, p| {
        let mut rng = MatchRng::new(pair_seed(seed, p));
        let setups = [rng.setup(), rng.setup()];
        let first = if p.is_multiple_of(2) {
            Color::Red
        } else {
            Color::Blue
        };
        let dice_seed = rng.next_u64();
        let mut points = 0;
        for a in [Color::Red, Color::Blue] {
            let bd = if a == Color::Red {
                budgets
            } else {
                [budgets[1], budgets[0]]
            };
            let g = play_with(setups, first, dice_seed, bd, searchers, |_| {});
            points += usize::from(g.winner == a);
        }
        points
    });
    let mut counts = [0u64; 3];
    for p in points {
        counts[p] += 1;
    }
    counts
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

    #[test]
    fn duels_are_reproducible_and_deeper_search_wins() {
        let shallow = Budget {
            depth: 1,
            eval: EvalKind::Heuristic,
        };
        let deep = Budget {
            depth: 3,
            eval: EvalKind::Heuristic,
        };
        let a = duel([deep, shallow], 200, 7, 2);
        assert_eq!(
            a,
            duel([deep, shallow], 200, 7, 1),
            "threads change nothing"
        );
        assert_eq!(a.iter().sum::<u64>(), 100);
        // Against itself a pair is one game played twice with the colours swapped: the same
        // colour wins both, so every pair is split.
        assert_eq!(duel([shallow, shallow], 200, 7, 1), [0, 100, 0]);
        // Three plies beat one: more pairs won than lost.
        assert!(a[2] > a[0], "{a:?}");
    }
}
