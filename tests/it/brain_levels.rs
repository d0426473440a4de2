//! Levels: full strength is deterministic, weaker levels are reproducible from their seed, and the
//! weakest level loses clearly to full strength over paired games on the same dice.

use crate::common::standard::parse_fen;
use ewn::brain::level::{Level, choose};
use ewn::brain::search::{Limits, Searcher};
use ewn::rules::board::{Board, Color};
use ewn::rules::zobrist::splitmix64;

#[test]
fn full_strength_is_deterministic() {
    for (fen, die) in [
        ("R1R2R32/R4R53/R63B6/3B5B4/2B3B2B1 r", 4u8),
        ("5/1R3R22/2R41B5/B1R52B3/5 r", 5),
    ] {
        let b = parse_fen(fen).unwrap();
        let run = || {
            let mut s = Searcher::new(8);
            let c = choose(
                &mut s,
                &b,
                die,
                &Limits::to_depth(5),
                Level::FULL,
                123,
                &mut |_| {},
            );
            (c.mv, c.result.nodes, c.value)
        };
        let first = run();
        assert_eq!(first, run());
        // The seed plays no part at full strength.
        let mut s = Searcher::new(8);
        let other = choose(
            &mut s,
            &b,
            die,
            &Limits::to_depth(5),
            Level::FULL,
            999,
            &mut |_| {},
        );
        assert_eq!((other.mv, other.result.nodes, other.value), first);
        assert_eq!(other.mv, other.result.best);
    }
}

#[test]
fn weak_levels_are_reproducible_and_choose_near_best() {
    let b = Board::startpos();
    let weak = Level::new(1).unwrap();
    let mut seen = std::collections::HashSet::new();
    for seed in 0..40u64 {
        let pick = || {
            choose(
                &mut Searcher::new(1),
                &b,
                3,
                &Limits::to_depth(8),
                weak,
                seed,
                &mut |_| {},
            )
        };
        let (c1, c2) = (pick(), pick());
        assert_eq!(c1.mv, c2.mv);
        assert_eq!(c1.result.depth, 1, "level 1 searches one ply");
        assert!(c1.exact_values);
        assert!(c1.value >= c1.result.root_moves[0].value - weak.margin());
        seen.insert(c1.mv);
    }
    assert!(seen.len() > 1, "different seeds should vary the choice");
}

/// Plays one game; `strong` is the side at full strength. Returns the winner.
fn game(dice_seed: u64, strong: Color, weak: Level) -> Color {
    let mut b = Board::startpos();
    let mut state = dice_seed;
    let mut s = [Searcher::new(4), Searcher::new(4)];
    let limits = Limits::to_depth(3);
    loop {
        if let Some(w) = b.winner() {
            return w;
        }
        let (ns, r) = splitmix64(state);
        state = ns;
        let die = (r % 6) as u8 + 1;
        let side = b.side_to_move();
        let level = if side == strong { Level::FULL } else { weak };
        let c = choose(
            &mut s[side.idx()],
            &b,
            die,
            &limits,
            level,
            dice_seed,
            &mut |_| {},
        );
        b.make(c.mv);
    }
}

/// Pairs of games (the same dice, colours swapped).
const PAIRS: usize = 50;

#[test]
fn weakest_level_loses_clearly() {
    let weak = Level::new(1).unwrap();
    let mut strong_wins = 0;
    let mut games = 0;
    let mut seeds = 0x5EED_u64;
    for _ in 0..PAIRS {
        let (ns, seed) = splitmix64(seeds);
        seeds = ns;
        // Paired games: the same dice with the colours swapped.
        for strong in [Color::Red, Color::Blue] {
            games += 1;
            if game(seed, strong, weak) == strong {
                strong_wins += 1;
            }
        }
    }
    eprintln!("full strength won {strong_wins} of {games} against level 1");
    assert!(
        strong_wins >= 15,
        "full strength won only {strong_wins} of {games}"
    );
}
