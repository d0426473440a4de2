//! The event's tests: the bracket, Swiss pairings over every size the command line accepts,
//! standings and tie-breaks as documented, and a knockout's tie-break pairs.

use std::collections::HashSet;

use super::knockout::{bracket, seed_places, stride};
use super::swiss::{RoundResult, Standing, max_rounds, met, standings};
use super::swiss_pairing::{Pairings, next_round};
use super::*;
use crate::rules::board::Color;

#[test]
fn the_bracket_keeps_the_top_seeds_apart() {
    assert_eq!(seed_places(2), vec![0, 1]);
    assert_eq!(seed_places(4), vec![0, 3, 1, 2]);
    assert_eq!(seed_places(8), vec![0, 7, 3, 4, 1, 6, 2, 5]);
}

fn standing(player: usize, points: f64) -> Standing {
    Standing {
        player,
        points,
        ..Standing::default()
    }
}

#[test]
fn swiss_pairs_the_top_half_of_a_group_with_its_bottom_half_without_repeats() {
    let s: Vec<Standing> = (0..4).map(|p| standing(p, 1.0)).collect();
    let p = next_round(&s, &HashSet::new(), 0);
    assert_eq!((p.pairs, p.bye), (vec![(0, 2), (1, 3)], None));
    // 0 met 2: it meets 3 (then 1 meets 2).
    let met = HashSet::from([(0, 2), (2, 0)]);
    assert_eq!(next_round(&s, &met, 0).pairs, vec![(0, 3), (1, 2)]);
    // Everyone met everyone: the first choice, its repeats named.
    let all: HashSet<(usize, usize)> = (0..4)
        .flat_map(|i| (0..4).filter(move |&j| j != i).map(move |j| (i, j)))
        .collect();
    let p = next_round(&s, &all, 0);
    assert_eq!(p.pairs, vec![(0, 2), (1, 3)]);
    assert_eq!(p.repeats, p.pairs);
}

/// Plays Swiss events from their records alone, as `ewn match` does: results from a seeded
/// generator, each round paired from the standings and meetings so far.
fn simulate(n: usize, rounds: u64, seed: u64) -> Vec<Pairings> {
    let names: Vec<String> = (0..n).map(|i| format!("p{i}")).collect();
    let mut records = Vec::new();
    let mut state = seed;
    let mut out = Vec::new();
    for r in 0..rounds {
        let s = standings(&names, 2, &records);
        let met = met(&names, 2, &records);
        let p = next_round(&s, &met, rounds - r - 1);
        for (i, &(a, b)) in p.pairs.iter().enumerate() {
            for g in 0..2 {
                let (next, x) = crate::rules::zobrist::splitmix64(state);
                state = next;
                let (red, blue) = if g == 0 { (a, b) } else { (b, a) };
                let number = swiss::number(n, 2, GameAt::new(r, i as u64, g));
                records.push(game(number, &names[red], &names[blue], x % 3 != 0));
            }
        }
        out.push(p);
    }
    out
}

#[test]
fn every_round_a_swiss_accepts_is_paired_without_a_repeat() {
    // The events that once stopped part-way, then every size and length the command line
    // accepts up to 10 players, on several seeds.
    let mut cases = vec![(6, 5, 9), (5, 5, 3), (8, 7, 1)];
    for n in 3..=10 {
        for rounds in 1..=max_rounds(n) {
            for seed in [1, 2, 3, 9, 77] {
                cases.push((n, rounds, seed));
            }
        }
    }
    for (n, rounds, seed) in cases {
        let played = simulate(n, rounds, seed);
        let mut seen = HashSet::new();
        let mut byes = HashSet::new();
        for (r, p) in played.iter().enumerate() {
            let what = format!("{n} players, {rounds} rounds, seed {seed}, round {}", r + 1);
            assert!(p.repeats.is_empty(), "{what}: repeats {:?}", p.repeats);
            assert_eq!(p.pairs.len(), n / 2, "{what}");
            for &(a, b) in &p.pairs {
                assert!(seen.insert((a.min(b), a.max(b))), "{what}: {a}-{b} again");
            }
            assert_eq!(p.bye.is_some(), n % 2 == 1, "{what}");
            if let Some(b) = p.bye {
                assert!(byes.insert(b), "{what}: a second bye for {b}");
            }
        }
    }
}

#[test]
fn the_bye_goes_to_the_lowest_placed_player_without_one() {
    let mut s: Vec<Standing> = (0..5).map(|p| standing(p, (5 - p) as f64)).collect();
    let bye = next_round(&s, &HashSet::new(), 0).bye;
    assert_eq!(bye, Some(4));
    s[4].rounds = vec![None];
    let Pairings { pairs: p, bye, .. } = next_round(&s, &HashSet::new(), 0);
    assert_eq!(bye, Some(3));
    assert_eq!(p.len(), 2);
    assert!(p.iter().all(|&(a, b)| a != 3 && b != 3));
}

fn game(number: u64, red: &str, blue: &str, red_wins: bool) -> GameRecord {
    use crate::record::{Reason, Start};
    GameRecord {
        number,
        match_id: None,
        seed: None,
        date: String::new(),
        red: red.into(),
        blue: blue.into(),
        start: Start::standard([1, 2, 3, 4, 5, 6], [1, 2, 3, 4, 5, 6], Color::Red),
        plies: Vec::new(),
        winner: Some(if red_wins { Color::Red } else { Color::Blue }),
        reason: Reason::Time,
        detail: String::new(),
    }
}

#[test]
fn standings_and_tie_breaks_as_documented() {
    let names: Vec<String> = ["A", "B", "C", "D"].map(String::from).to_vec();
    // Round 1, two games a pairing: A beats C twice; B and D win one each.
    let records = [
        game(1, "A", "C", true),
        game(2, "C", "A", false),
        game(3, "B", "D", true),
        game(4, "D", "B", true),
    ];
    let s = standings(&names, 2, &records);
    let order: Vec<&str> = s.iter().map(|x| names[x.player].as_str()).collect();
    // B and D are level on everything: the order of entry decides.
    assert_eq!(order, ["A", "B", "D", "C"]);
    let of = |p: &str| s.iter().find(|x| names[x.player] == p).unwrap().clone();
    assert_eq!(
        (of("A").points, of("A").buchholz, of("A").sonneborn),
        (1.0, 0.0, 0.0)
    );
    assert_eq!(
        (of("B").points, of("B").buchholz, of("B").sonneborn),
        (0.5, 0.5, 0.25)
    );
    assert_eq!(
        (of("C").points, of("C").buchholz, of("C").sonneborn),
        (0.0, 1.0, 0.0)
    );
    assert_eq!(
        of("C").rounds,
        vec![Some(RoundResult {
            opponent: 0,
            won: 0,
            lost: 2
        })]
    );
    // Round 2 pairs the score groups: A (1) meets the top of the 0.5 group it has not met,
    // then the rest; nobody meets an earlier opponent.
    let met = met(&names, 2, &records);
    let p = next_round(&s, &met, 0);
    assert_eq!(p.bye, None);
    assert_eq!(p.pairs, vec![(0, 1), (3, 2)]);
    assert_eq!(
        entry_order(
            EventKind::Swiss,
            2,
            &records,
            &["C", "A", "D", "B"].map(String::from)
        ),
        Some(names.clone())
    );
}

#[test]
fn a_tied_knockout_mini_match_goes_to_tie_break_pairs() {
    let names: Vec<String> = ["A", "B"].map(String::from).to_vec();
    let mut records = vec![game(1, "A", "B", true), game(2, "B", "A", true)];
    let b = bracket(2, 2, &records, &names);
    let tie = &b.rounds[0][0];
    assert_eq!((tie.a_wins, tie.b_wins, tie.through), (1, 1, None));
    assert_eq!(b.to_play, vec![GameAt::new(0, 0, 2), GameAt::new(0, 0, 3)]);
    // A tie-break pair split again: one more; B wins the next pair outright.
    records.extend([game(3, "A", "B", false), game(4, "B", "A", false)]);
    records.extend([game(5, "A", "B", false), game(6, "B", "A", true)]);
    let b = bracket(2, 2, &records, &names);
    assert!(b.to_play.is_empty());
    let tie = &b.rounds[0][0];
    assert_eq!((tie.a_wins, tie.b_wins, tie.through), (2, 4, Some(1)));
    // Every tie-break pair split: the higher seed (A, entered first) goes through.
    let split: Vec<GameRecord> = (0..stride(2))
        .map(|g| {
            let (red, blue) = if g % 2 == 0 { ("A", "B") } else { ("B", "A") };
            game(g + 1, red, blue, true)
        })
        .collect();
    let b = bracket(2, 2, &split, &names);
    assert!(b.to_play.is_empty());
    assert_eq!(b.rounds[0][0].through, Some(0));
}
