//! Tests of the match report: its tables, intervals, ratings and their order (a file of its own
//! so that `report.rs` stays short).
use super::*;
use crate::record::{GameRecord, Start};

fn game(number: u64, red: &str, blue: &str, red_won: bool) -> GameRecord {
    GameRecord {
        number,
        match_id: Some("m".into()),
        seed: Some((number - 1) / 2),
        date: "2026-01-01".into(),
        red: red.into(),
        blue: blue.into(),
        start: Start::standard([1, 2, 3, 4, 5, 6], [1, 2, 3, 4, 5, 6], Color::Red),
        plies: Vec::new(),
        winner: Some(if red_won { Color::Red } else { Color::Blue }),
        reason: Reason::Goal,
        detail: String::new(),
    }
}

/// A pair between `a` and `b` numbered from `2p + 1`, in which `a` scores `points`.
fn pair(p: u64, a: &str, b: &str, points: u8) -> [GameRecord; 2] {
    // Game 1: A red; game 2: A blue.
    [
        game(2 * p + 1, a, b, points >= 1),
        game(2 * p + 2, b, a, points < 2),
    ]
}

fn names(v: &[&str]) -> Vec<String> {
    v.iter().map(|s| s.to_string()).collect()
}

#[test]
fn pairs_are_counted_from_the_records() {
    let mut recs = Vec::new();
    for (p, pts) in [2u8, 1, 1, 0, 2].into_iter().enumerate() {
        recs.extend(pair(p as u64, "x", "y", pts));
    }
    let r = Report::build(names(&["x", "y"]), &recs, 0, None).unwrap();
    assert_eq!(r.encounters.len(), 1);
    assert_eq!(r.encounters[0].pairs, Pairs::new(1, 2, 2));
    assert_eq!((r.encounters[0].wins, r.encounters[0].losses), (6, 4));
    let text = r.text();
    assert!(
        text.starts_with("Games 10: x 6 - 4 y\nPairs 5: x won 2, split 2, lost 1\n"),
        "{text}"
    );
    assert!(text.contains("Score 0.600 ["), "{text}");
}

#[test]
fn mixed_duplicated_and_broken_pairs_are_refused() {
    let mut recs: Vec<GameRecord> = pair(0, "x", "y", 1).into();
    let mut dup = recs.clone();
    dup.push(recs[0].clone());
    let e = Report::build(names(&["x", "y"]), &dup, 0, None).unwrap_err();
    assert!(e.to_string().contains("appears twice"), "{e}");
    let mut other = pair(1, "x", "y", 1);
    other[0].match_id = Some("n".into());
    let mut mixed = recs.clone();
    mixed.extend(other);
    let e = Report::build(names(&["x", "y"]), &mixed, 0, None).unwrap_err();
    assert!(e.to_string().contains("different matches"), "{e}");
    // Two matches' files, each with a game 1: said to be of two matches, not a repeat.
    let mut two = recs.clone();
    let mut second: Vec<GameRecord> = pair(0, "x", "y", 1).into();
    second
        .iter_mut()
        .for_each(|g| g.match_id = Some("n".into()));
    two.extend(second);
    let e = Report::build(names(&["x", "y"]), &two, 0, None).unwrap_err();
    assert!(e.to_string().contains("different matches"), "{e}");
    recs[1].seed = Some(77);
    let e = Report::build(names(&["x", "y"]), &recs, 0, None).unwrap_err();
    assert!(e.to_string().contains("should be a pair"), "{e}");
    let e = Report::build(names(&["x"]), &pair(0, "x", "y", 1), 0, None).unwrap_err();
    assert!(e.to_string().contains("'y' is not in this match"), "{e}");
    let e = Report::build(Vec::new(), &[], 0, None).unwrap_err();
    assert!(e.to_string().contains("no anchor"), "{e}");
    let mut selfplay: Vec<GameRecord> = pair(0, "x", "x", 1).into();
    let e = Report::build(names(&["x"]), &selfplay, 0, None).unwrap_err();
    assert!(e.to_string().contains("'x' plays itself"), "{e}");
    selfplay[0].winner = None;
    selfplay[0].reason = Reason::Unfinished;
    let e = Report::build(names(&["x"]), &selfplay, 0, None).unwrap_err();
    assert!(e.to_string().contains("plays itself"), "{e}");
}

#[test]
fn an_unfinished_game_is_scored_for_nobody_and_never_breaks_the_report() {
    let mut recs: Vec<GameRecord> = Vec::new();
    for (p, pts) in [2u8, 1].into_iter().enumerate() {
        recs.extend(pair(p as u64, "x", "y", pts));
    }
    recs[2].winner = None;
    recs[2].reason = Reason::Unfinished;
    let r = Report::build(names(&["x", "y"]), &recs, 0, None).unwrap();
    assert_eq!((r.games, r.unfinished), (3, 1));
    assert_eq!((r.encounters[0].wins, r.encounters[0].losses), (2, 1));
    // Its partner is left unpaired: one whole pair remains.
    assert_eq!(r.encounters[0].pairs, Pairs::new(0, 0, 1));
    assert_eq!(r.encounters[0].unpaired, 1);
    let text = r.text();
    assert!(text.contains("Unfinished 1: no winner"), "{text}");
    assert!(r.json().contains("\"unfinished\":1"), "{}", r.json());
    // Every game unfinished: a report all the same.
    for g in &mut recs {
        g.winner = None;
        g.reason = Reason::Unfinished;
    }
    let r = Report::build(names(&["x", "y"]), &recs, 0, None).unwrap();
    assert_eq!((r.games, r.unfinished), (0, 4));
    assert!(r.text().contains("Unfinished 4"));
    assert!(r.json().ends_with("\"unfinished\":4}\n"), "{}", r.json());
}

#[test]
fn answering_times_are_summed_per_player_over_their_own_moves() {
    use crate::record::Ply;
    let mut recs: Vec<GameRecord> = pair(0, "x", "y", 1).into();
    let mv = crate::rules::board::Move::new(0, 6);
    // Game 1: x is Red (2 and 4 ms), y is Blue (10 ms); game 2: x is Blue (6 ms), y untimed.
    recs[0].plies = vec![
        Ply {
            us: Some(2000),
            ..Ply::new(Color::Red, 1, mv)
        },
        Ply {
            us: Some(10_000),
            ..Ply::new(Color::Blue, 1, mv)
        },
        Ply {
            us: Some(4000),
            ..Ply::new(Color::Red, 1, mv)
        },
    ];
    recs[1].plies = vec![
        Ply::new(Color::Red, 1, mv),
        Ply {
            us: Some(6000),
            ..Ply::new(Color::Blue, 1, mv)
        },
    ];
    let r = Report::build(names(&["x", "y"]), &recs, 0, None).unwrap();
    assert_eq!(
        r.times,
        vec![
            Times {
                moves: 3,
                games: 2,
                total_us: 12_000,
                max_us: 6000
            },
            Times {
                moves: 1,
                games: 1,
                total_us: 10_000,
                max_us: 10_000
            },
        ]
    );
    let text = r.text();
    assert!(
        text.contains("\nx took 4.0 ms a move (at most 6.0), 0.01 s a game\n"),
        "{text}"
    );
    assert!(
        text.contains("\ny took 10.0 ms a move (at most 10.0), 0.01 s a game\n"),
        "{text}"
    );
    let json = r.json();
    assert!(
        json.contains("\"time\":{\"moves\":3,\"mean_ms\":4.0,\"max_ms\":6.0,\"per_game_s\":0.006}"),
        "{json}"
    );
    // Records without times print no time line and a null time.
    let plain = Report::build(names(&["x", "y"]), &pair(0, "x", "y", 1), 0, None).unwrap();
    assert!(!plain.text().contains(" took "));
    assert!(plain.json().contains("\"time\":null"));
}

#[test]
fn a_game_without_its_partner_counts_only_as_a_game() {
    let mut recs: Vec<GameRecord> = pair(0, "x", "y", 2).into();
    recs.push(game(3, "x", "y", true));
    let r = Report::build(names(&["x", "y"]), &recs, 0, None).unwrap();
    assert_eq!(r.games, 3);
    assert_eq!(r.encounters[0].pairs, Pairs::new(0, 0, 1));
    assert_eq!(r.encounters[0].unpaired, 1);
    assert!(r.text().contains("1 game(s) without their partner"));
}

/// `rounds` pairs of each encounter `(x, y, points of x)`, interleaved over the encounters as
/// the runner numbers them (x-y, then the next encounter, ...).
fn round_robin(enc: &[(&str, &str, u8)], rounds: u64) -> Vec<GameRecord> {
    let mut recs = Vec::new();
    for k in 0..rounds {
        for (e, &(x, y, pts)) in enc.iter().enumerate() {
            recs.extend(pair(enc.len() as u64 * k + e as u64, x, y, pts));
        }
    }
    recs
}

#[test]
fn a_three_player_round_robin_has_a_crosstable_and_ratings() {
    let recs = round_robin(&[("a", "b", 2), ("a", "c", 2), ("b", "c", 1)], 4);
    let players = players_in(&recs);
    assert_eq!(players, names(&["a", "b", "c"]));
    let r = Report::build(players, &recs, 2, None).unwrap();
    assert_eq!(r.wins, vec![vec![0, 8, 8], vec![0, 0, 4], vec![0, 4, 0]]);
    let text = r.text();
    assert!(text.contains("anchor c = 0"), "{text}");
    assert!(
        text.contains("\n  a       .          8-0        8-0\n"),
        "{text}"
    );
    assert!(
        text.contains("\n  b       0-8        .          4-4\n"),
        "{text}"
    );
    assert!(
        text.contains("  b vs c: 4 - 4\n    Pairs 4: b won 0, split 4, lost 0\n"),
        "{text}"
    );
    assert!(r.ratings[0].elo > r.ratings[1].elo);
    let json = r.json();
    assert!(
        json.contains("\"wins\":[[0,8,8],[0,0,4],[0,4,0]]"),
        "{json}"
    );
    assert!(json.contains("\"elo\":{\"value\":null"), "{json}");
}

#[test]
fn players_of_equal_ratings_are_listed_by_name_as_the_live_standings_are() {
    // z beats both; m and d split their games: m and d tie on points and on rating, and
    // m is named first in the records.
    let recs = round_robin(&[("z", "m", 2), ("z", "d", 2), ("m", "d", 1)], 3);
    let players = players_in(&recs);
    assert_eq!(players, names(&["z", "m", "d"]));
    let r = Report::build(players, &recs, 0, None).unwrap();
    let text = r.text();
    let at = |name: &str| {
        text.lines()
            .position(|l| l.trim_start().starts_with(&format!("2  {name} ")))
            .or_else(|| {
                text.lines()
                    .position(|l| l.trim_start().starts_with(&format!("3  {name} ")))
            })
    };
    assert!(at("d").is_some() && at("m").is_some(), "{text}");
    assert!(at("d") < at("m"), "{text}");
}

/// A report written while a match runs: a player without a game yet is listed last in the
/// ratings (its fitted rating says nothing), as on the live page's standings.
#[test]
fn a_player_without_games_is_rated_last() {
    let mut recs = Vec::new();
    for k in 0..2u64 {
        recs.extend(pair(k, "a", "b", 1));
    }
    let r = Report::build(names(&["a", "b", "idle"]), &recs, 0, None).unwrap();
    let text = r.text();
    let rank = |name: &str| rank_in(&text, name);
    assert_eq!(rank("idle").as_deref(), Some("3"), "{text}");
}

/// Players of equal points in a round robin share their rank in the ratings, as in the live
/// page's standings ("2, 2, 4", not "2, 3, 4").
#[test]
fn equal_ratings_share_a_rank() {
    let mut recs = Vec::new();
    for (k, (a, b, points)) in [
        ("a", "b", 2),
        ("a", "c", 1),
        ("a", "d", 1),
        ("b", "c", 1),
        ("b", "d", 1),
        ("c", "d", 1),
    ]
    .into_iter()
    .enumerate()
    {
        recs.extend(pair(k as u64, a, b, points));
    }
    let r = Report::build(names(&["a", "b", "c", "d"]), &recs, 0, None).unwrap();
    let text = r.text();
    let rank = |name: &str| rank_in(&text, name);
    assert_eq!(rank("a").as_deref(), Some("1"), "{text}");
    assert_eq!(rank("c").as_deref(), Some("2"), "{text}");
    assert_eq!(rank("d").as_deref(), Some("2"), "{text}");
    assert_eq!(rank("b").as_deref(), Some("4"), "{text}");
}

/// The rank the ratings table of a report's `text` gives player `name`.
fn rank_in(text: &str, name: &str) -> Option<String> {
    text.lines()
        .find(|l| l.split_whitespace().nth(1) == Some(name) && l.contains('.'))
        .and_then(|l| l.split_whitespace().next())
        .map(str::to_string)
}
