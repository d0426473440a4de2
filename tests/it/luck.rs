//! Luck and skill: every roll's luck has mean zero under the variant's dice, a variant without
//! dice has none, the adjusted results add up, and `ewn review` and `ewn stats --luck` report
//! them. Tiny games and a depth-1 or depth-2 evaluator; nothing here is timed.

use crate::common::{self, Rng, argv, run_ok};
use ewn::brain::luck::{
    RollLuck, SideLuck, adjusted_result, game_luck, move_accuracy, net_luck, outcome_values,
};
use ewn::brain::search::{Limits, Searcher};
use ewn::rules::board::{Board, Color, Move};
use ewn::rules::variant::Variant;

/// Positions of random games in `v` from its start: every position before a roll, with the
/// game's plies so far.
fn random_positions(v: &'static Variant, seed: u64, games: usize) -> Vec<Board> {
    let mut rng = Rng(seed);
    let mut out = Vec::new();
    for _ in 0..games {
        let mut b = Board::startpos_in(v);
        while b.winner().is_none() && out.len() < 400 {
            out.push(b.clone());
            let (o, _) = v.outcomes[rng.below(v.outcomes.len() as u64) as usize];
            let list = b.moves_for_die(o);
            let mv = list.as_slice()[rng.below(list.len() as u64) as usize];
            b.make(mv);
        }
    }
    out
}

/// For each outcome of the roll at `b`, the luck `game_luck` gives a one-ply game that rolled
/// it, with the outcome's weight; and whether some outcome had no move but a pass.
fn luck_of_each_outcome(s: &mut Searcher, b: &Board, limits: &Limits) -> (Vec<(u32, f64)>, bool) {
    let mut passed = false;
    let lucks = b
        .variant()
        .outcomes
        .iter()
        .map(|&(o, w)| {
            let mv = b.moves_for_die(o).as_slice()[0];
            passed |= mv == Move::PASS;
            let r = game_luck(s, b, &[(o, mv)], limits).unwrap();
            assert_eq!((r.len(), r[0].ply, r[0].die), (1, 1, o));
            assert_eq!(r[0].side, b.side_to_move());
            (w, r[0].luck())
        })
        .collect();
    (lucks, passed)
}

#[test]
fn the_luck_of_a_roll_has_mean_zero_under_the_dice_of_each_variant() {
    let limits = Limits::to_depth(1);
    let mut s = Searcher::new(1);
    let mut passes = 0;
    for name in ["standard", "6x6", "backrank", "blackhole"] {
        let v = Variant::preset(name).unwrap();
        let positions = random_positions(v, 41, 4);
        assert!(positions.len() > 20, "{name}");
        let mut spread = 0.0f64;
        for b in positions.iter().step_by(3) {
            let (lucks, passed) = luck_of_each_outcome(&mut s, b, &limits);
            passes += usize::from(passed);
            let total: f64 = lucks.iter().map(|&(w, _)| f64::from(w)).sum();
            let mean: f64 = lucks.iter().map(|&(w, l)| f64::from(w) * l).sum::<f64>() / total;
            assert!(mean.abs() < 1e-9, "{name}: mean luck {mean} at {b:?}");
            spread = lucks.iter().fold(spread, |m, &(_, l)| m.max(l.abs()));
        }
        // The dice matter in these variants: some roll was lucky or unlucky.
        assert!(spread > 0.01, "{name}: {spread}");
    }
    // Backrank substitutes a pass for an outcome without a move: such rolls were valued too.
    assert!(passes > 0);
}

#[test]
fn two_dice_weigh_their_sums_as_the_dice_do() {
    let v = Variant::preset("6x6").unwrap();
    let b = Board::startpos_in(v);
    let mut s = Searcher::new(1);
    let (values, before) = outcome_values(&mut s, &b, &Limits::to_depth(1));
    let weights: Vec<(u8, u32)> = values.iter().map(|&(o, w, _)| (o, w)).collect();
    assert_eq!(weights, v.outcomes);
    assert_eq!(weights.iter().map(|&(_, w)| w).sum::<u32>(), 36);
    let mean = values
        .iter()
        .map(|&(_, w, x)| f64::from(w) * x)
        .sum::<f64>()
        / 36.0;
    assert!((mean - before).abs() < 1e-12);
}

#[test]
fn without_dice_no_roll_is_lucky() {
    let v = Variant::preset("nodice").unwrap();
    let mut rng = Rng(7);
    let mut b = Board::startpos_in(v);
    let mut plies = Vec::new();
    while b.winner().is_none() && plies.len() < 12 {
        let list = b.moves_for_die(0);
        let mv = list.as_slice()[rng.below(list.len() as u64) as usize];
        plies.push((0, mv));
        b.make(mv);
    }
    let mut s = Searcher::new(1);
    let rolls = game_luck(&mut s, &Board::startpos_in(v), &plies, &Limits::to_depth(2)).unwrap();
    assert_eq!(rolls.len(), plies.len());
    assert!(rolls.iter().all(|r| r.luck() == 0.0), "{rolls:?}");
    assert_eq!(adjusted_result(&rolls, Color::Red, 1.0), 1.0);
}

#[test]
fn a_winning_roll_is_lucky_and_the_others_unlucky_by_the_same_weight() {
    // Red's cube 1 on d2 steps into e1 on face 1 and wins; faces 2 to 6 move cube 2 on a5.
    let b = common::standard::parse_fen("R24/5/B14/3R11/5 r").unwrap();
    let mut s = Searcher::new(1);
    let (lucks, _) = luck_of_each_outcome(&mut s, &b, &Limits::to_depth(2));
    let before = 1.0 - lucks[0].1;
    assert!(lucks[0].1 > 0.0 && before < 1.0, "{lucks:?}");
    assert!(lucks[1..].iter().all(|&(_, l)| l < 0.0), "{lucks:?}");
    // A side with a single cube moves it on every face: no roll is lucky.
    let one = common::standard::parse_fen("5/2R12/5/1B23/5 r").unwrap();
    let (lucks, _) = luck_of_each_outcome(&mut s, &one, &Limits::to_depth(2));
    assert!(lucks.iter().all(|&(_, l)| l.abs() < 1e-12), "{lucks:?}");
}

#[test]
fn luck_totals_adjusted_results_and_errors() {
    let v = Variant::standard();
    let start = Board::startpos_in(v);
    let mut rng = Rng(3);
    let mut b = start.clone();
    let mut plies = Vec::new();
    while b.winner().is_none() {
        let o = 1 + rng.below(6) as u8;
        let list = b.moves_for_die(o);
        let mv = list.as_slice()[rng.below(list.len() as u64) as usize];
        plies.push((o, mv));
        b.make(mv);
    }
    let mut s = Searcher::new(1);
    let limits = Limits::to_depth(2);
    let rolls = game_luck(&mut s, &start, &plies, &limits).unwrap();
    // The same values from a searcher that valued another game first.
    let mut used = Searcher::new(1);
    game_luck(&mut used, &start, &plies[..3], &limits).unwrap();
    assert_eq!(
        game_luck(&mut used, &start, &plies, &limits).unwrap(),
        rolls
    );

    let red = SideLuck::of(&rolls, Color::Red);
    let blue = SideLuck::of(&rolls, Color::Blue);
    assert_eq!(red.rolls + blue.rolls, plies.len());
    let luck = |r: Option<RollLuck>| r.unwrap().luck();
    assert!(luck(red.best) >= luck(red.worst));
    assert!(
        rolls
            .iter()
            .filter(|r| r.side == Color::Red)
            .all(|r| r.luck() <= luck(red.best) && r.luck() >= luck(red.worst))
    );
    assert!((net_luck(&rolls, Color::Red) + net_luck(&rolls, Color::Blue)).abs() < 1e-12);
    let w = b.winner().unwrap();
    let adj = adjusted_result(&rolls, w, 1.0) + adjusted_result(&rolls, w.other(), 0.0);
    assert!((adj - 1.0).abs() < 1e-12, "{adj}");

    // A record that does not follow the rules is an error, not a panic.
    let bad = [(1u8, Move::PASS)];
    assert!(game_luck(&mut s, &start, &bad, &limits).is_err());
    let e = game_luck(&mut s, &start, &[(7, plies[0].1)], &limits).unwrap_err();
    assert!(e.to_string().contains("ply 1"), "{e}");
    let mut over = plies.clone();
    over.push(plies[0]);
    assert!(game_luck(&mut s, &start, &over, &limits).is_err());
    assert!(move_accuracy(0.0) > 99.99 && move_accuracy(0.05) < move_accuracy(0.02));
}

fn record(name: &str, line: &str) -> String {
    let path = common::temp_path("luck", name);
    let p = path.to_str().unwrap().to_string();
    run_ok(&argv(line, &["--record", &p]));
    p
}

#[test]
fn review_names_each_players_luck_and_accuracy() {
    let p = record(
        "review.txt",
        "match --engine greedy --opponent random --games 4 --seed 5",
    );
    let one = run_ok(&argv("review --game 1 --depth 2 --luck-depth 1", &[&p]));
    for want in [
        "accuracy: greedy ",
        "%), random ",
        "luck: ",
        "luckiest ply ",
        "unluckiest ply ",
        "luck-adjusted result: ",
        "Skill: accuracy",
        "Luck (means a game)",
    ] {
        assert!(one.contains(want), "{want}: {one}");
    }
    let json = run_ok(&argv("review --depth 1 --luck-depth 1 --json", &[&p]));
    let v: serde_json::Value = serde_json::from_str(&json).unwrap();
    let games = v["games"].as_array().unwrap();
    assert_eq!(games.len(), 4);
    for g in games {
        let plies = g["moves"].as_array().unwrap().len();
        assert_eq!(g["rolls"].as_array().unwrap().len(), plies);
        let (r, b) = (&g["red"], &g["blue"]);
        let sum = r["adjusted"].as_f64().unwrap() + b["adjusted"].as_f64().unwrap();
        assert!((sum - 1.0).abs() < 1e-9, "{g}");
        for side in [r, b] {
            let a = side["accuracy"].as_f64().unwrap();
            assert!((0.0..=100.0).contains(&a), "{side}");
            assert!(side["luck"].is_f64(), "{side}");
        }
    }
    let players = v["players"].as_array().unwrap();
    assert_eq!(players.len(), 2);
    let score: f64 = players
        .iter()
        .map(|p| p["adjusted"].as_f64().unwrap())
        .sum();
    assert!((score - 4.0).abs() < 1e-9, "{score}");
    let none = run_ok(&argv("review --depth 1 --luck-depth 0 --summary", &[&p]));
    assert!(
        none.contains("luck not valued") && !none.contains("Luck (means"),
        "{none}"
    );
}

#[test]
fn stats_luck_prints_the_adjusted_score_beside_the_plain_one() {
    let p = record(
        "stats.txt",
        "match --engine greedy --opponent random --games 20 --seed 9",
    );
    let out = run_ok(&argv(
        "stats --luck --luck-depth 1 --sprt 0,50,0.05,0.05",
        &[&p],
    ));
    let line = out
        .lines()
        .find(|l| l.starts_with("Luck-adjusted score "))
        .unwrap_or_else(|| panic!("{out}"));
    let nums: Vec<f64> = line["Luck-adjusted score ".len()..]
        .split(|c: char| !(c.is_ascii_digit() || c == '.'))
        .filter(|w| !w.is_empty())
        .take(3)
        .filter_map(|w| w.parse().ok())
        .collect();
    assert!(nums[1] <= nums[0] && nums[0] <= nums[2], "{line}");
    assert!(out.contains("Variance ratio "), "{out}");
    assert!(out.contains("SPRT on luck-adjusted pair scores"), "{out}");
    let json = run_ok(&argv("stats --luck --luck-depth 1 --json", &[&p]));
    let v: serde_json::Value = serde_json::from_str(&json).unwrap();
    let l = &v["luck"];
    assert_eq!(
        (l["pairs"].as_u64(), l["player"].as_str()),
        (Some(10), Some("greedy"))
    );
    assert!((l["score"].as_f64().unwrap() - nums[0]).abs() < 5e-4, "{l}");
    let ratio = l["variance_ratio"].as_f64().unwrap();
    let want = l["adjusted_variance"].as_f64().unwrap() / l["plain_variance"].as_f64().unwrap();
    assert!((ratio - want).abs() < 1e-9, "{l}");
    // Without dice there is no luck: the adjusted score is the plain one.
    let nd = record(
        "nodice.txt",
        "--variant nodice match --engine greedy --opponent random --games 4 --seed 2",
    );
    let json = run_ok(&argv("stats --luck --luck-depth 1 --json", &[&nd]));
    let v: serde_json::Value = serde_json::from_str(&json).unwrap();
    let plain = v["encounters"][0]["score"]["value"].as_f64();
    assert!(plain.is_some(), "{v}");
    assert!(
        (v["luck"]["score"].as_f64().unwrap() - plain.unwrap()).abs() < 1e-4,
        "{v}"
    );
    let e = common::run_fails(&argv("stats --luck --luck-depth 0", &[&p]));
    assert!(e.contains("--luck-depth"), "{e}");
}

/// The line of `out` that begins with `start`.
fn line_of<'a>(out: &'a str, start: &str) -> &'a str {
    out.lines()
        .find(|l| l.starts_with(start))
        .unwrap_or_else(|| panic!("no '{start}' line: {out}"))
}

#[test]
fn match_luck_prints_what_stats_luck_prints_of_its_record() {
    let path = common::temp_path("luck", "match.txt");
    let p = path.to_str().unwrap().to_string();
    let out = run_ok(&argv(
        "match --engine random --opponent greedy --games 4 --seed 3 --luck --luck-depth 1",
        &["--record", &p],
    ));
    let stats = run_ok(&argv("stats --luck --luck-depth 1", &[&p]));
    for start in ["Score ", "Luck-adjusted score ", "Variance ratio "] {
        assert_eq!(line_of(&out, start), line_of(&stats, start), "{out}");
    }
    let json = run_ok(&argv(
        "match --engine random --opponent greedy --games 4 --seed 3 --luck --luck-depth 1 --json",
        &[],
    ));
    let v: serde_json::Value = serde_json::from_str(&json).unwrap();
    assert_eq!(v["luck"]["pairs"].as_u64(), Some(2), "{v}");
    let e = common::run_fails(&argv(
        "match --engine random --engine greedy --engine random --games 2 --luck",
        &[],
    ));
    assert!(e.contains("--luck is for a match of two players"), "{e}");
}
