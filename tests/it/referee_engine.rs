//! Short matches of the built engine against `random`, over the native protocol (per-move time
//! and a game clock) and over TCG: every game ends by the rules, with no illegal move and no time
//! loss, and every record replays.

use crate::common::EWN;
use ewn::players::PlayerSpec;
use ewn::players::TimeControl;
use ewn::players::baseline::Kind;
use ewn::record::parse_records;
use ewn::referee::plan::Tournament;
use ewn::referee::run_match;

fn short_match(engine: PlayerSpec, tc: TimeControl, engine_setups: bool) {
    let t = Tournament {
        games: 4,
        seed: 7,
        tc,
        // The engines keep to their 20 ms; the grace only absorbs a busy machine's stalls, so
        // that the test checks play, not the machine's speed.
        grace_ms: 30_000,
        concurrency: 2,
        engine_setups,
        ..Tournament::two_players(
            [engine, PlayerSpec::Baseline(Kind::Random)],
            ["ewn", "random"],
        )
    };
    let mut out = Vec::new();
    let mut rec = Vec::new();
    let sum = run_match(&t, &mut out, Some(&mut rec)).unwrap();
    let report = sum.report(None);
    assert_eq!(sum.games(), 4, "{report}");
    assert!(
        sum.faults.is_empty(),
        "{report}\n{}",
        String::from_utf8_lossy(&out)
    );
    let games = parse_records(&String::from_utf8(rec).unwrap()).unwrap();
    assert_eq!(games.len(), 4);
    for g in &games {
        assert!(g.reason.is_normal(), "{g:?}");
        g.replay().unwrap();
    }
}

#[test]
fn native_protocol_with_movetime() {
    short_match(
        PlayerSpec::Native(vec![EWN.into()]),
        TimeControl::MoveTime { ms: 20 },
        false,
    );
}

#[test]
fn native_protocol_with_a_game_clock_and_own_setups() {
    short_match(
        PlayerSpec::Native(vec![EWN.into()]),
        TimeControl::Game {
            base_ms: 600,
            inc_ms: 20,
        },
        true,
    );
}

#[test]
fn tcg_protocol() {
    short_match(
        PlayerSpec::Tcg(vec![EWN.into(), "--protocol".into(), "tcg".into()]),
        TimeControl::MoveTime { ms: 20 },
        true,
    );
}
