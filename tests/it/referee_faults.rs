//! The referee against misbehaving engines: tiny TCG engines written as shell scripts into a
//! temporary directory. Each loses every game it plays, with the right reason, and the match goes
//! on (a killed or crashed engine is restarted for the next game).

use crate::common;

use std::path::PathBuf;

use ewn::players::PlayerSpec;
use ewn::players::TimeControl;
use ewn::players::baseline::Kind;
use ewn::record::{Reason, parse_records};
use ewn::referee::plan::Tournament;
use ewn::referee::run_match;

/// A TCG engine that answers everything sensibly except `get`, where it runs `on_get`.
fn script(name: &str, on_get: &str) -> PathBuf {
    let path = common::temp_path("referee", &format!("{name}.sh"));
    let body = format!(
        "#!/bin/sh\n\
         while read -r cmd rest; do\n\
           case \"$cmd\" in\n\
             name) echo {name} ;;\n\
             get) {on_get} ;;\n\
             exit) exit 0 ;;\n\
             *) echo 1 ;;\n\
           esac\n\
         done\n"
    );
    std::fs::write(&path, body).unwrap();
    path
}

fn play(name: &str, on_get: &str, games: u64) -> (ewn::referee::Summary, String) {
    let path = script(name, on_get);
    let engine = PlayerSpec::Tcg(vec!["sh".into(), path.to_string_lossy().into_owned()]);
    let t = Tournament {
        games,
        seed: 3,
        // A TCG engine gets 15 moves' worth for the game: 300 ms, plus 100 ms grace.
        tc: TimeControl::MoveTime { ms: 20 },
        grace_ms: 100,
        concurrency: 2,
        ..Tournament::two_players(
            [engine, PlayerSpec::Baseline(Kind::Random)],
            [name, "random"],
        )
    };
    let mut out = Vec::new();
    let mut rec = Vec::new();
    let sum = run_match(&t, &mut out, Some(&mut rec)).unwrap();
    let _ = std::fs::remove_file(&path);
    (sum, String::from_utf8(rec).unwrap())
}

fn check(name: &str, on_get: &str, reason: Reason, games: u64, detail: &str) {
    let (sum, rec) = play(name, on_get, games);
    assert_eq!(sum.games(), games);
    assert_eq!(sum.wins, 0, "{}", sum.report(None));
    assert_eq!(sum.faults_of(0, reason), games as usize, "{sum:?}");
    let records = parse_records(&rec).unwrap();
    assert_eq!(records.len(), games as usize);
    for g in &records {
        assert_eq!(g.reason, reason);
        assert!(g.detail.contains(detail), "{}", g.detail);
        // A forfeit is a valid record: the loser was the side to move.
        g.replay().unwrap();
    }
}

#[test]
fn illegal_move_loses() {
    check("illegal", "echo A1 E5", Reason::Illegal, 2, "for die");
}

#[test]
fn malformed_move_loses() {
    check("malformed", "echo hello", Reason::Malformed, 2, "hello");
}

#[test]
fn late_move_loses_and_the_engine_is_replaced() {
    check("late", "sleep 2; echo A1 B2", Reason::Time, 4, "killed");
}

#[test]
fn crash_loses_and_the_engine_is_restarted() {
    check("crash", "exit 3", Reason::Crash, 4, "exited");
}

/// One pair, seed 1, one game at a time, of `engine` against `greedy`.
fn against_greedy(engine: PlayerSpec, name: &str) -> Tournament {
    Tournament {
        games: 2,
        seed: 1,
        ..Tournament::two_players(
            [engine, PlayerSpec::Baseline(Kind::Greedy)],
            [name, "greedy"],
        )
    }
}

#[test]
fn native_illegal_move_loses() {
    // A native engine that greets properly and always answers a move from the empty c3.
    let path = common::temp_path("referee", "native.sh");
    std::fs::write(
        &path,
        "#!/bin/sh\n\
         while read -r cmd rest; do\n\
           case \"$cmd\" in\n\
             ugi) echo 'id name bad'; echo ugiok ;;\n\
             isready) echo readyok ;;\n\
             go) echo 'info depth 1'; echo 'bestmove c3c2' ;;\n\
             quit) exit 0 ;;\n\
           esac\n\
         done\n",
    )
    .unwrap();
    let engine = PlayerSpec::Native(vec!["sh".into(), path.to_string_lossy().into_owned()]);
    let t = Tournament {
        tc: TimeControl::Game {
            base_ms: 1000,
            inc_ms: 10,
        },
        grace_ms: 100,
        ..against_greedy(engine, "bad")
    };
    let mut out = Vec::new();
    let sum = run_match(&t, &mut out, None).unwrap();
    let _ = std::fs::remove_file(&path);
    assert_eq!(sum.faults_of(0, Reason::Illegal), 2, "{sum:?}");
    assert!(String::from_utf8(out).unwrap().contains("c3c2 for die"));
}

#[test]
fn a_missing_program_loses_by_crash() {
    let t = Tournament {
        tc: TimeControl::MoveTime { ms: 10 },
        grace_ms: 10,
        ..against_greedy(
            PlayerSpec::Native(vec!["/nonexistent/engine".into()]),
            "missing",
        )
    };
    let mut out = Vec::new();
    let sum = run_match(&t, &mut out, None).unwrap();
    assert_eq!(sum.faults_of(0, Reason::Crash), 2);
}
