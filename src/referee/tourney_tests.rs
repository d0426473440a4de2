//! Tests of the fixed schedules, shards, labels, positions files, round robins and the status
//! line (a file of their own so that `tourney.rs` stays short).
use super::*;
use crate::players::baseline::Kind;
use crate::players::spec::Entrant;
use crate::players::{PlayerSpec, TimeControl};
use crate::record::Start;
use crate::referee::plan::{Opening, Shard, labels, parse_openings};
use crate::referee::pool::{Signal, fmt_duration};
use crate::rules::board::Color;
use crate::rules::notation::to_fen;

fn entrant(k: Kind, name: &str) -> Entrant {
    Entrant::plain(PlayerSpec::Baseline(k), name)
}

fn tournament(n: usize, schedule: Schedule) -> Tournament {
    let entrants: Vec<Entrant> = [Kind::Greedy, Kind::Random, Kind::Random]
        .into_iter()
        .take(n)
        .enumerate()
        .map(|(i, k)| entrant(k, &format!("p{i}")))
        .collect();
    Tournament {
        names: labels(&entrants),
        entrants,
        schedule,
        games: 4,
        seed: 5,
        tc: TimeControl::MoveTime { ms: 1000 },
        grace_ms: 1000,
        concurrency: 2,
        engine_setups: false,
        openings: Vec::new(),
        sprt: None,
        shard: None,
        anchor: 0,
        affinity: false,
        first_to: None,
        engine_log: None,
        hall: None,
        variant: crate::rules::variant::Variant::standard(),
    }
}

#[test]
fn schedules_and_shards() {
    let t = tournament(3, Schedule::RoundRobin);
    assert_eq!(t.encounters(), vec![(0, 1), (0, 2), (1, 2)]);
    assert_eq!(t.total_pairs(), 6);
    let g = tournament(3, Schedule::Gauntlet);
    assert_eq!(g.encounters(), vec![(0, 1), (0, 2)]);
    let mut all = Vec::new();
    for k in 1..=4 {
        let mut s = t.clone();
        s.shard = Some(Shard { k, n: 4 });
        let mine = s.pairs_to_play();
        assert!(mine.iter().all(|p| p % 4 == k - 1));
        all.extend(mine);
    }
    all.sort_unstable();
    assert_eq!(all, t.pairs_to_play());
    assert_eq!("2/3".parse::<Shard>(), Ok(Shard { k: 2, n: 3 }));
    for bad in ["0/3", "4/3", "1", "a/b", "1/0"] {
        assert!(bad.parse::<Shard>().is_err(), "{bad}");
    }
    // Shards of a match share its fingerprint; another seed does not.
    let mut s = t.clone();
    s.shard = Some(Shard { k: 1, n: 2 });
    assert_eq!(s.match_id(), t.match_id());
    s.seed += 1;
    assert_ne!(s.match_id(), t.match_id());
}

#[test]
fn labels_are_distinct() {
    let e = [
        entrant(Kind::Random, "random"),
        entrant(Kind::Random, "random"),
        entrant(Kind::Random, "self"),
        entrant(Kind::Random, "random"),
    ];
    assert_eq!(labels(&e), ["random", "random (2)", "ewn", "random (3)"]);
}

#[test]
fn positions_files() {
    let text = "# suite\n\nR1R2R32/R4R53/R63B6/3B5B4/2B3B2B1 b\n451623 123456\n\
                451623 123456 r\n5/5/B11R12/5/5 r\n";
    let o = parse_openings(text, crate::rules::variant::Variant::standard()).unwrap();
    assert_eq!(o.len(), 4);
    assert_eq!(
        o[0],
        Opening::Fixed(Start::standard(
            [1, 2, 3, 4, 5, 6],
            [1, 2, 3, 4, 5, 6],
            Color::Blue
        ))
    );
    assert!(matches!(o[1], Opening::Setups { .. }));
    assert!(matches!(o[3], Opening::Fixed(Start::Position(_))));
    for (bad, why) in [
        ("123456\n", "line 1: '123456'"),
        ("# only\n", "no position"),
        ("123456 123455\n", "line 1"),
        ("123456 654321 x\n", "bad first mover"),
        ("5/5/5/5/4R1 b\n", "already over"),
    ] {
        let e = parse_openings(bad, crate::rules::variant::Variant::standard())
            .unwrap_err()
            .to_string();
        assert!(e.contains(why), "{bad}: {e}");
    }
}

#[test]
fn a_three_player_round_robin_plays_every_encounter() {
    let t = tournament(3, Schedule::RoundRobin);
    let mut out = Vec::new();
    let o = run(&t, Progress::Lines, &mut out, None).unwrap();
    assert_eq!(o.records.len(), 12);
    assert_eq!(o.report.encounters.len(), 3);
    for e in &o.report.encounters {
        assert_eq!(e.wins + e.losses, 4);
        assert_eq!(e.pairs.total(), 2);
    }
    let out = String::from_utf8(out).unwrap();
    assert_eq!(out.lines().count(), 12);
    assert!(
        out.lines()
            .all(|l| l.starts_with("game ") && l.contains("/12: "))
    );
    for g in &o.records {
        g.replay().unwrap();
    }
    // Each encounter on dice of its own (games 1, 3 and 5 are each encounter's first), global
    // pair p on the seed of pair p; a pair's two games on the same.
    let seed = |g: usize| o.records[g].seed.unwrap();
    for p in 0..6 {
        assert_eq!(seed(2 * p), crate::rules::rng::pair_seed(t.seed, p as u64));
        assert_eq!(seed(2 * p), seed(2 * p + 1));
    }
    assert_ne!(seed(0), seed(2));
    assert_ne!(seed(0), seed(4));
    assert_ne!(seed(2), seed(4));
    // A gauntlet's opponents meet the first player on the same dice: pair k of each encounter
    // (global pairs 0 and 1 with two encounters) on one stream.
    let g = fixed_slots(&tournament(3, Schedule::Gauntlet));
    assert_eq!((g[0].a, g[2].a, g[0].b, g[2].b), (0, 0, 1, 2));
    assert_eq!((g[0].stream, g[2].stream, g[4].stream), (0, 0, 1));
}

#[test]
fn positions_are_played_as_pairs() {
    let mut t = tournament(2, Schedule::Gauntlet);
    t.openings = parse_openings(
        "5/5/B11R12/5/5 r\n451623 123456\n",
        crate::rules::variant::Variant::standard(),
    )
    .unwrap();
    t.games = 6;
    let o = run(&t, Progress::Lines, &mut Vec::new(), None).unwrap();
    let starts: Vec<String> = o.records.iter().map(|g| to_fen(&g.start_board())).collect();
    assert_eq!(starts[0], "5/5/B11R12/5/5 r");
    assert_eq!(starts[1], starts[0]);
    assert_eq!(starts[4], starts[0]);
    assert!(
        starts[2].starts_with("R4R5R1") && starts[2].ends_with(" b"),
        "{starts:?}"
    );
    assert_eq!(starts[3], starts[2]);
}

#[test]
fn status_line_estimates_the_time_left() {
    assert_eq!(fmt_duration(45.2), "45s");
    assert_eq!(fmt_duration(192.0), "3m12s");
    assert_eq!(fmt_duration(3720.0), "1h02m");
    let t = tournament(2, Schedule::Gauntlet);
    let mut out = Vec::new();
    run(&t, Progress::Status, &mut out, None).unwrap();
    let out = String::from_utf8(out).unwrap();
    assert!(!out.contains('\n'), "{out:?}");
    assert!(
        out.contains("\rgames 1/4 | p0 ") && out.contains(" left"),
        "{out:?}"
    );
    assert!(
        out.contains("\rgames 4/4 | p0 ") && out.contains(" | Elo "),
        "{out:?}"
    );
    assert!(out.ends_with("\r\x1b[K"), "{out:?}");
}

#[test]
fn validate_names_each_refusal_by_its_kind() {
    use crate::referee::error::SettingsError as E;
    assert_eq!(tournament(3, Schedule::RoundRobin).validate(), Ok(()));
    let with = |f: &dyn Fn(&mut Tournament)| {
        let mut t = tournament(3, Schedule::RoundRobin);
        f(&mut t);
        t.validate()
    };
    assert_eq!(with(&|t| t.games = 3), Err(E::OddGames));
    assert_eq!(with(&|t| t.games = 0), Err(E::Games { max: 1_000_000 }));
    assert_eq!(
        with(&|t| t.concurrency = 0),
        Err(E::Concurrency { max: 64 })
    );
    assert_eq!(with(&|t| t.anchor = 3), Err(E::Anchor));
    assert_eq!(
        with(&|t| t.shard = Some(Shard { k: 7, n: 7 })),
        Err(E::EmptyShard {
            k: 7,
            n: 7,
            pairs: 6
        })
    );
    assert_eq!(
        with(&|t| t.schedule = Schedule::Swiss { rounds: 9 }),
        Err(E::SwissRounds {
            rounds: 9,
            players: 3,
            max: 3
        })
    );
    // Two players, a first-to that the games cannot reach; and with none at all, no panic.
    let mut t = tournament(2, Schedule::RoundRobin);
    t.first_to = Some(3);
    let e = t.validate().unwrap_err();
    assert_eq!(e, E::FirstToGames { n: 3, needed: 5 });
    assert_eq!(
        e.to_string(),
        "--first-to 3: the match needs at least 5 games"
    );
    t.first_to = Some(0);
    assert!(t.validate().is_err());
    assert_eq!(
        with(&|t| t.engine_setups = true).map(|_| ()),
        Ok(()),
        "the standard game without --positions takes --engine-setups"
    );
}

/// Ctrl-C: a game that ends after the stop (its last move played while the runner ends) is
/// neither printed nor counted, written to the record nor told to the live page, so that the
/// terminal agrees with the record and the page (the terminal once printed "game 13/16 ... by
/// goal" and counted it, 10-4, where the record left it out and the page said it unfinished).
#[test]
fn a_game_that_ends_after_the_stop_is_left_out() {
    use std::sync::atomic::{AtomicUsize, Ordering};
    static ENDS: AtomicUsize = AtomicUsize::new(0);
    // The stop comes as the fourth game ends.
    fn stopping() -> bool {
        ENDS.fetch_add(1, Ordering::SeqCst) >= 3
    }
    let mut t = tournament(3, Schedule::RoundRobin);
    t.concurrency = 1;
    let hall = crate::referee::hall::Hall::default();
    t.hall = Some(hall.clone());
    let slots = fixed_slots(&t);
    let planned = slots.len() as u64;
    let live = preload(&t, &slots, Vec::new()).unwrap();
    let run = Run {
        all_games: planned,
        planned,
        match_id: t.match_id(),
        date: record::today(),
        hall_text: report_text,
        signal: Signal {
            taken: stopping,
            wait: || {},
        },
    };
    let (mut out, mut file) = (Vec::new(), Vec::new());
    let mut record: Option<&mut (dyn Write + Send)> = Some(&mut file);
    let live = play_slots(
        &t,
        &run,
        slots,
        Progress::Lines,
        &mut out,
        &mut record,
        live,
    )
    .unwrap();
    let out = String::from_utf8(out).unwrap();
    let file = String::from_utf8(file).unwrap();
    assert_eq!(live.done, 3, "{out}");
    assert_eq!(live.records.len(), 3);
    assert_eq!(out.lines().count(), 3, "{out}");
    assert_eq!(file.lines().filter(|l| l.trim() == "end").count(), 3);
    let view = hall.snapshot();
    assert_eq!((view.games_done, view.finished.len()), (3, 3));
    // The fourth game was played to its end, and is in none of them.
    assert!(ENDS.load(Ordering::SeqCst) >= 4);
    assert!(!out.contains("game 4/"), "{out}");
}
