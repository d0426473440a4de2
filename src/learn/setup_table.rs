//! The setup table: every arrangement of the cubes scored by fast self-play, so that the engine
//! can choose the one that wins most.
//!
//! The game is symmetric under the reflection of the board in its a5-e1 diagonal (files become
//! ranks), which maps a setup onto its mirror (the squares b5/a4 and c5/a3 swap), so 360 classes
//! cover all 720 setups. Each class plays `games` self-play games at a fixed depth against seeded
//! random opposing setups, colours and first mover alternating. Every candidate meets the same
//! opposing setups with the same dice (common random numbers), so the differences between
//! candidates carry less noise than their scores. The best `refine_top` then play
//! `refine_games` fresh games each, and are ranked by those alone: the first phase's best are
//! lucky as well as good, and fresh games remove that bias.
//!
//! The committed table is `src/brain/setup_table.txt`, made by the command in its header.

use std::sync::atomic::{AtomicUsize, Ordering};

use crate::brain::search::EvalKind;
use crate::brain::setup::Entry;
use crate::learn::selfplay::{self, Budget};
use crate::rules::board::Color;
use crate::rules::rng::{MatchRng, pair_seed};

/// The reflection in the a5-e1 diagonal, in setup order (a5 b5 c5 a4 b4 a3).
pub fn mirror(s: [u8; 6]) -> [u8; 6] {
    [s[0], s[3], s[5], s[1], s[4], s[2]]
}

/// One representative (the smaller of a setup and its mirror) of each of the 360 classes.
pub fn canonical_setups() -> Vec<[u8; 6]> {
    let mut all = Vec::new();
    permute(&mut [1, 2, 3, 4, 5, 6], 0, &mut all);
    all.sort_unstable();
    all.retain(|&s| s <= mirror(s));
    all
}

fn permute(a: &mut [u8; 6], k: usize, out: &mut Vec<[u8; 6]>) {
    if k == 6 {
        out.push(*a);
        return;
    }
    for i in k..6 {
        a.swap(k, i);
        permute(a, k + 1, out);
        a.swap(k, i);
    }
}

#[derive(Clone, Copy, Debug)]
pub struct TableConfig {
    pub games: u32,
    pub refine_top: usize,
    pub refine_games: u32,
    pub depth: u32,
    pub eval: EvalKind,
    pub seed: u64,
    pub threads: usize,
}

/// Plays `games` games for every candidate; game `g` is the same for every candidate except for
/// the candidate's own arrangement. Returns the entries in the candidates' order.
pub fn score_setups(
    candidates: &[[u8; 6]],
    games: u32,
    depth: u32,
    eval: EvalKind,
    seed: u64,
    threads: usize,
    progress: &(dyn Fn(usize, usize) + Sync),
) -> Vec<Entry> {
    let done = AtomicUsize::new(0);
    selfplay::par_map(candidates.len() as u64, threads, 1, |searchers, i| {
        let ours = candidates[i as usize];
        let mut wins = 0;
        for g in 0..games as u64 {
            let mut rng = MatchRng::new(pair_seed(seed, g));
            let theirs = rng.setup();
            let dice_seed = rng.next_u64();
            let us = if g % 2 == 0 { Color::Red } else { Color::Blue };
            let first = if (g / 2) % 2 == 0 {
                Color::Red
            } else {
                Color::Blue
            };
            let setups = if us == Color::Red {
                [ours, theirs]
            } else {
                [theirs, ours]
            };
            let budget = Budget { depth, eval };
            let r = selfplay::play(setups, first, dice_seed, budget, searchers, |_| {});
            wins += u32::from(r.winner == us);
        }
        progress(done.fetch_add(1, Ordering::SeqCst) + 1, candidates.len());
        Entry {
            setup: ours,
            wins,
            games,
        }
    })
}

/// Both phases: the refined candidates first (ranked by their fresh games), then the rest
/// (ranked by the first phase).
pub fn compute(cfg: &TableConfig, progress: &(dyn Fn(&str, usize, usize) + Sync)) -> Vec<Entry> {
    let cands = canonical_setups();
    let mut first = score_setups(
        &cands,
        cfg.games,
        cfg.depth,
        cfg.eval,
        cfg.seed,
        cfg.threads,
        &|d, n| progress("scoring", d, n),
    );
    first.sort_by(|a, b| b.wins.cmp(&a.wins).then(a.setup.cmp(&b.setup)));
    let k = cfg.refine_top.min(first.len());
    if k == 0 || cfg.refine_games == 0 {
        return first;
    }
    let top: Vec<[u8; 6]> = first[..k].iter().map(|e| e.setup).collect();
    let mut refined = score_setups(
        &top,
        cfg.refine_games,
        cfg.depth,
        cfg.eval,
        cfg.seed ^ 0x5EF1_0E5E_7AB1_E000,
        cfg.threads,
        &|d, n| progress("refining", d, n),
    );
    refined.sort_by(|a, b| b.wins.cmp(&a.wins).then(a.setup.cmp(&b.setup)));
    refined.extend_from_slice(&first[k..]);
    refined
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn classes_cover_every_setup_once() {
        let c = canonical_setups();
        assert_eq!(c.len(), 360);
        let mut all: Vec<[u8; 6]> = c.iter().flat_map(|&s| [s, mirror(s)]).collect();
        all.sort_unstable();
        all.dedup();
        assert_eq!(all.len(), 720);
        assert_eq!(mirror(mirror([1, 5, 2, 6, 3, 4])), [1, 5, 2, 6, 3, 4]);
    }

    #[test]
    fn mirrored_setups_play_mirrored_games() {
        use crate::brain::search::Searcher;
        // The reflection maps the game onto itself, so a setup and its mirror meet a mirrored
        // opponent in identical games.
        let a = [3, 1, 6, 2, 5, 4];
        let o = [2, 6, 1, 5, 3, 4];
        let mut s = [Searcher::new(1), Searcher::new(1)];
        let budget = Budget {
            depth: 2,
            eval: EvalKind::Heuristic,
        };
        let g1 = selfplay::play([a, o], Color::Red, 5, budget, &mut s, |_| {});
        let g2 = selfplay::play(
            [mirror(a), mirror(o)],
            Color::Red,
            5,
            budget,
            &mut s,
            |_| {},
        );
        assert_eq!((g1.winner, g1.plies), (g2.winner, g2.plies));
    }

    #[test]
    fn scores_do_not_depend_on_threads() {
        let cands = [[1, 2, 3, 4, 5, 6], [6, 5, 4, 3, 2, 1], [3, 1, 6, 2, 5, 4]];
        let a = score_setups(&cands, 40, 1, EvalKind::Heuristic, 3, 2, &|_, _| {});
        let b = score_setups(&cands, 40, 1, EvalKind::Heuristic, 3, 1, &|_, _| {});
        assert_eq!(a, b, "threads must not change the result");
        assert!(a.iter().all(|e| e.games == 40 && e.wins <= 40));
    }
}
