//! The review's unit tests.

use super::*;
use crate::record::{Ply, Reason, Start};
use crate::rules::board::Board;
use crate::rules::notation::{parse_fen_in, parse_move_in};
use crate::rules::variant::Variant;

fn parse_fen(s: &str) -> Result<Board, crate::rules::notation::NotationError> {
    parse_fen_in(Variant::standard(), s)
}
fn parse_move(s: &str) -> Result<Move, crate::rules::notation::NotationError> {
    parse_move_in(Variant::standard(), s)
}

fn record(start: Board, plies: &[(u8, &str)]) -> GameRecord {
    let mut b = start.clone();
    let mut ps = Vec::new();
    for &(die, mv) in plies {
        let mv = parse_move(mv).unwrap();
        ps.push(Ply::new(b.side_to_move(), die, mv));
        b.make(mv);
    }
    let winner = b.winner();
    GameRecord {
        number: 1,
        match_id: None,
        seed: None,
        date: String::new(),
        red: "a".into(),
        blue: "b".into(),
        start: Start::Position(start),
        plies: ps,
        winner,
        reason: match winner {
            None => Reason::Unfinished,
            Some(w) if b.alive(w.other()) == 0 => Reason::Capture,
            Some(_) => Reason::Goal,
        },
        detail: String::new(),
    }
}

#[test]
fn a_missed_win_loses_what_the_winning_move_was_worth() {
    // Red's cube 1 on d2 can step into e1 and win; it steps to d1 instead, and Blue's cube 1
    // on a4 may then reach a5.
    let b = parse_fen("R24/B14/5/3R11/5 r").unwrap();
    let g = record(b, &[(1, "d2d1")]);
    let mut s = Searcher::new(1);
    let review = review_game(&mut s, &g, &Limits::to_depth(3)).unwrap();
    let r = &review.moves;
    assert_eq!(r.len(), 1);
    assert_eq!(move_name_in(Variant::standard(), r[0].best), "d2e1");
    assert_eq!(r[0].best_value, 1.0);
    assert!(r[0].played_value < 1.0);
    assert!((r[0].loss() - (1.0 - r[0].played_value)).abs() < 1e-12);

    let mut sum = Summary::new(0.02);
    sum.add(&g, &review);
    let a = &sum.players[0];
    assert_eq!(
        (a.name.as_str(), a.games, a.moves, a.choices),
        ("a", 1, 1, 1)
    );
    assert_eq!((a.inferior, a.mistakes), (1, 1));
    assert_eq!(sum.players[1].moves, 0);
    // Red could win at once (on face 1 at least), so it starts above what the game ended at.
    assert!(review.start_red > r[0].played_value);
    let text = game_text(&g, &review, 0.02);
    assert!(text.contains("  d2d1"), "{text}");
    assert!(text.contains("d2e1    1.0000"), "{text}");
    assert_eq!(r[0].mark(), Mark::of(r[0].loss()));
    assert!(text.contains(r[0].mark().unwrap().name()), "{text}");
}

#[test]
fn marks_follow_the_thresholds() {
    assert_eq!(Mark::of(0.0), None);
    assert_eq!(Mark::of(0.019), None);
    assert_eq!(Mark::of(INACCURACY), Some(Mark::Inaccuracy));
    assert_eq!(Mark::of(0.049), Some(Mark::Inaccuracy));
    assert_eq!(Mark::of(MISTAKE), Some(Mark::Mistake));
    assert_eq!(Mark::of(BLUNDER), Some(Mark::Blunder));
    assert_eq!(Mark::of(1.0), Some(Mark::Blunder));
}

#[test]
fn the_best_move_loses_nothing_and_forced_moves_are_not_searched() {
    let b = parse_fen("R24/B14/5/3R11/5 r").unwrap();
    let g = record(b.clone(), &[(1, "d2e1")]);
    let mut s = Searcher::new(1);
    let r = review_game(&mut s, &g, &Limits::to_depth(3)).unwrap().moves;
    assert_eq!(r[0].loss(), 0.0);
    // Red's cube on a1 can only step right (and takes Blue's last cube).
    let forced = parse_fen("5/5/5/5/R1B13 r").unwrap();
    let list = forced.moves_for_die(1);
    assert_eq!(list.len(), 1);
    let g = record(
        forced,
        &[(1, &move_name_in(Variant::standard(), list.as_slice()[0]))],
    );
    let review = review_game(&mut s, &g, &Limits::to_depth(3)).unwrap();
    let r = &review.moves;
    assert_eq!((r[0].choices, r[0].loss()), (1, 0.0));
    let mut sum = Summary::new(0.02);
    sum.add(&g, &review);
    assert_eq!((sum.players[0].moves, sum.players[0].choices), (1, 0));
}

#[test]
fn the_review_of_a_game_does_not_depend_on_what_was_reviewed_before() {
    let start = Board::startpos();
    let g = record(start, &[(3, "c5d4"), (2, "d1c2"), (5, "b4c3"), (1, "e1d2")]);
    let other = record(parse_fen("R24/B14/5/3R11/5 r").unwrap(), &[(1, "d2d1")]);
    let mut fresh = Searcher::new(1);
    let a = review_game(&mut fresh, &g, &Limits::to_depth(4)).unwrap();
    let mut used = Searcher::new(1);
    review_game(&mut used, &other, &Limits::to_depth(4)).unwrap();
    let b = review_game(&mut used, &g, &Limits::to_depth(4)).unwrap();
    assert_eq!(a, b);
    assert!(
        a.moves
            .iter()
            .all(|m| m.loss() >= 0.0 && m.played_value <= m.best_value)
    );
}

#[test]
fn start_and_losses_explain_scores_that_add_up_to_one() {
    let start = Board::startpos();
    // Red resigns with its move to play.
    let plies = [(3, "c5d4"), (2, "d1c2"), (5, "b4c3"), (1, "e1d2")];
    let mut g = record(start, &plies);
    g.winner = Some(Color::Blue);
    g.reason = Reason::Resign;
    let mut s = Searcher::new(1);
    let review = review_game(&mut s, &g, &Limits::to_depth(4)).unwrap();
    assert!(review.start_red > 0.0 && review.start_red < 1.0);
    let mut sum = Summary::new(0.02);
    sum.add(&g, &review);
    sum.add(&g, &review);
    let (a, b) = (&sum.players[0], &sum.players[1]);
    assert_eq!((a.games, a.score, b.score), (2, 0.0, 2.0));
    assert!((a.explained() + b.explained() - 1.0).abs() < 1e-9);
    let (red_lost, _) = review.lost(Color::Red);
    let (blue_lost, _) = review.lost(Color::Blue);
    let expect = review.start_red - red_lost + blue_lost;
    assert!((a.explained() - expect).abs() < 1e-9);
    assert!(sum.text().contains("Score = start - lost"));
}

#[test]
fn a_game_lost_on_time_is_named_a_fault_not_put_down_to_the_dice() {
    let plies = [(3, "c5d4"), (2, "d1c2"), (5, "b4c3"), (1, "e1d2")];
    let mut lost = record(Board::startpos(), &plies);
    lost.winner = Some(Color::Blue);
    lost.reason = Reason::Time;
    let mut resigned = lost.clone();
    resigned.reason = Reason::Resign;
    let mut s = Searcher::new(1);
    let mut review = review_game(&mut s, &lost, &Limits::to_depth(3)).unwrap();
    let (red_lost, _) = review.lost(Color::Red);
    let (blue_lost, _) = review.lost(Color::Blue);
    let explained_red = review.start_red - red_lost + blue_lost;
    let mut sum = Summary::new(0.02);
    sum.add(&lost, &review);
    sum.add(&resigned, &review);
    let a = &sum.players[0];
    // The game lost on time: its whole leftover is the fault's, a game in two; the resigned
    // game's leftover stays in `other`.
    assert_eq!(a.faults, 1);
    assert!((a.fault() - (0.0 - explained_red) / 2.0).abs() < 1e-9);
    assert!((a.other() - (0.0 - explained_red) / 2.0).abs() < 1e-9);
    assert!((a.explained() + a.fault() + a.other() - a.score / 2.0).abs() < 1e-9);
    let text = sum.text();
    assert!(text.contains("fault") && text.contains("other"), "{text}");
    assert!(!text.contains(" dice\n"), "{text}");
    // Blue's roll took 0.4 of its win chance, yet it won: its adjusted result is above 1.
    review.luck = vec![RollLuck {
        ply: 2,
        side: Color::Blue,
        die: 2,
        before: 0.5,
        after: 0.1,
    }];
    let text = game_text(&lost, &review, 0.02);
    assert!(text.contains("decided by a fault: time"), "{text}");
    assert!(
        text.contains("luck-adjusted result: a -0.4000, b 1.4000"),
        "{text}"
    );
    assert!(text.contains("can fall outside 0..1"), "{text}");
    let text = game_text(&resigned, &review, 0.02);
    assert!(!text.contains("decided by a fault"), "{text}");
    review.luck[0].after = 0.6;
    let text = game_text(&resigned, &review, 0.02);
    assert!(!text.contains("can fall outside 0..1"), "{text}");
}
