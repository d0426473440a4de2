//! The record format's unit tests: writing, reading, and every refusal of the reader.

use super::*;
use crate::rules::notation::standard::{move_name, parse_fen, parse_move};

/// A short game played out from a fixed position with the first legal move each time.
pub(crate) fn sample() -> GameRecord {
    let red_setup = [1, 2, 3, 4, 5, 6];
    let blue_setup = [6, 5, 4, 3, 2, 1];
    let mut b = Board::from_setups(red_setup, blue_setup, Color::Blue);
    let mut plies = Vec::new();
    let mut rng = crate::rules::rng::MatchRng::new(3);
    while !b.is_over() {
        let die = rng.die();
        let moves = b.moves_for_die(die);
        // The diagonal step first: games end quickly.
        let mv = moves.as_slice()[0];
        plies.push(Ply {
            side: b.side_to_move(),
            die,
            mv,
            us: Some(100 * (10 + u64::from(die))),
        });
        b.make(mv);
    }
    let winner = b.winner().unwrap();
    let reason = if b.alive(winner.other()) == 0 {
        Reason::Capture
    } else {
        Reason::Goal
    };
    GameRecord {
        number: 7,
        match_id: Some("00ff00ff00ff00ff".into()),
        seed: Some(0xabc),
        date: "2026-01-02".into(),
        red: "ewn 0.1".into(),
        blue: "random".into(),
        start: Start::standard(red_setup, blue_setup, Color::Blue),
        plies,
        winner: Some(winner),
        reason,
        detail: String::new(),
    }
}

#[test]
fn round_trip_and_replay() {
    let g = sample();
    let text = g.to_text();
    let back = parse_records(&format!("# header\n\n{text}\n{text}")).unwrap();
    assert_eq!(back.len(), 2);
    assert_eq!(back[0], g);
    let end = back[0].replay().unwrap();
    assert_eq!(end.winner(), g.winner);
}

#[test]
fn a_graph_line_is_optional_and_round_trips() {
    let g = sample();
    let mut graph: Graph = vec![None; g.plies.len() + 1];
    graph[0] = Some(0.5);
    graph[1] = Some(0.61234);
    let text = g.to_text_with_graph(&graph);
    assert!(text.contains("\ngraph 0.5000 0.6123 -"), "{text}");
    let back = parse_records_with_graphs(&text).unwrap();
    assert_eq!(back[0].0, g);
    let read = back[0].1.as_ref().unwrap();
    assert_eq!(read.len(), graph.len());
    assert_eq!(read[1], Some(0.6123));
    assert_eq!(read[2], None);
    // Without known chances nothing is written; old records read without a graph.
    assert_eq!(
        g.to_text_with_graph(&vec![None; g.plies.len() + 1]),
        g.to_text()
    );
    assert_eq!(parse_records_with_graphs(&g.to_text()).unwrap()[0].1, None);
    for bad in ["graph 0.5", "graph 1.5 - -", "graph x"] {
        let t = text.replace(text.lines().find(|l| l.starts_with("graph")).unwrap(), bad);
        assert!(parse_records(&t).is_err(), "{bad}");
    }
}

#[test]
fn move_times_are_optional_tenths_of_a_millisecond() {
    let g = sample();
    let text = g.to_text();
    let first = &g.plies[0];
    let line = format!(
        "move {} {} {} {}",
        side_letter(first.side),
        first.die,
        move_name(first.mv),
        ms_text(first.us.unwrap())
    );
    assert!(text.contains(&line), "{text}");
    assert_eq!(ms_text(12_345), "12.3");
    assert_eq!(ms_text(12_350), "12.4");
    assert_eq!(ms_text(40), "0.0");
    assert_eq!(parse_ms("12.3"), Some(12_300));
    assert_eq!(parse_ms("7"), Some(7000));
    for bad in ["-1", "1e3", "inf", "NaN", "", "x", "3600001"] {
        assert_eq!(parse_ms(bad), None, "{bad}");
    }
    // A record without times reads as before; a bad time names itself.
    let untimed: String = text
        .lines()
        .map(|l| match l.strip_prefix("move ") {
            Some(m) => format!("move {}\n", m.rsplit_once(' ').unwrap().0),
            None => format!("{l}\n"),
        })
        .collect();
    let back = parse_records(&untimed).unwrap();
    assert!(back[0].plies.iter().all(|p| p.us.is_none()));
    assert_eq!(back[0].replay().unwrap(), g.replay().unwrap());
    let bad = text.replacen(&line, &format!("{line}x"), 1);
    let e = parse_records(&bad).unwrap_err().to_string();
    assert!(e.contains("bad time"), "{e}");
}

/// A game from a position string, resigned or stopped: the forms `ewn play` writes.
#[test]
fn position_start_resignation_and_unfinished() {
    let b = parse_fen("5/5/B11R12/5/5 r").unwrap();
    assert_eq!(Start::from_board(&b), Start::Position(b.clone()));
    let mut g = GameRecord {
        number: 1,
        match_id: None,
        seed: None,
        date: "2026-01-02".into(),
        red: "human".into(),
        blue: "engine level 10".into(),
        start: Start::Position(b),
        plies: vec![Ply::new(Color::Red, 1, parse_move("c3d2").unwrap())],
        winner: Some(Color::Red),
        reason: Reason::Resign,
        detail: String::new(),
    };
    let text = g.to_text();
    assert!(text.contains("\nposition 5/5/B11R12/5/5 r\n"), "{text}");
    assert!(!text.contains("setup") && !text.contains("first") && !text.contains("seed"));
    assert!(text.ends_with("result r resign\nend\n"), "{text}");
    assert_eq!(parse_records(&text).unwrap(), vec![g.clone()]);
    // Blue was to move after c3d2, so only Blue can have resigned: Red wins.
    assert_eq!(to_fen(&g.replay().unwrap()), "5/5/B14/3R11/5 b");
    g.winner = Some(Color::Blue);
    assert!(g.replay().is_err());

    g.winner = None;
    g.reason = Reason::Unfinished;
    g.detail = "stopped".into();
    let text = g.to_text();
    assert!(text.ends_with("result unfinished stopped\nend\n"), "{text}");
    assert_eq!(parse_records(&text).unwrap(), vec![g.clone()]);
    assert!(g.replay().is_ok());
    // A winner with 'unfinished', or no winner with another reason, is refused.
    assert!(parse_records(&text.replace("result unfinished", "result r unfinished")).is_err());
    g.reason = Reason::Resign;
    assert!(g.replay().is_err());
    // 'first' may repeat the side to move of 'position', not contradict it.
    let with_first = text.replace("\nposition", "\nfirst r\nposition");
    assert!(parse_records(&with_first).is_ok());
    assert!(parse_records(&with_first.replace("first r", "first b")).is_err());
    assert!(parse_records(&text.replace("\nposition", "\nsetup 123456 123456\nposition")).is_err());
}

#[test]
fn a_game_from_the_setups_keeps_its_setups() {
    let b = Board::from_setups([1, 5, 2, 6, 3, 4], [6, 5, 4, 3, 2, 1], Color::Blue);
    assert_eq!(
        Start::from_board(&b),
        Start::standard([1, 5, 2, 6, 3, 4], [6, 5, 4, 3, 2, 1], Color::Blue)
    );
    assert_eq!(Start::from_board(&b).board(), b);
}

#[test]
fn replay_rejects_a_doctored_record() {
    let mut g = sample();
    g.winner = g.winner.map(Color::other);
    assert!(g.replay().is_err());
    let mut g = sample();
    g.plies[0].die = if g.plies[0].die == 1 { 2 } else { 1 };
    // Setups differ per side, so the first mover's cube for another die sits elsewhere.
    assert!(g.replay().unwrap_err().to_string().contains("illegal"));
    let mut g = sample();
    g.plies.pop();
    g.reason = Reason::Time;
    // Without its winning move the winner is the side to move: a time loss can only be its.
    assert!(g.replay().is_err());
    g.winner = g.winner.map(Color::other);
    assert!(g.replay().is_ok());
}

#[test]
fn parse_errors_name_the_line() {
    let e = parse_records("game 1\nsetup 123456\nend\n")
        .unwrap_err()
        .to_string();
    assert!(e.starts_with("line 2:"), "{e}");
    assert!(parse_records("move r 1 a5b4\n").is_err());
    assert!(
        parse_records("game 1\nfirst r\n")
            .unwrap_err()
            .to_string()
            .contains("no 'end'")
    );
    let e = parse_records("game 1\nsetup 123456 123456\nfirst r\nresult r nope\nend\n")
        .unwrap_err()
        .to_string();
    assert!(e.contains("bad reason"), "{e}");
}

#[test]
fn dates() {
    assert_eq!(civil_from_days(0), (1970, 1, 1));
    assert_eq!(civil_from_days(20_454), (2026, 1, 1));
    assert_eq!(civil_from_days(11_016), (2000, 2, 29));
}
