//! The OpenSpiel bridge (`scripts/openspiel_bridge.py`) both ways: ewn as a bot inside OpenSpiel's
//! `einstein_wurfelt_nicht`, and an OpenSpiel bot as a native engine in `ewn match`.
//!
//! These tests need a Python with the `open_spiel` package, named by `EWN_OPENSPIEL_PYTHON`;
//! `.ci/run` installs one into a throwaway virtual environment and runs them with `--ignored`.

use crate::common;

use std::path::PathBuf;
use std::process::{Command, Output};

use crate::common::{EWN, argv, run_ok};
use ewn::record::parse_records;

fn python() -> String {
    std::env::var("EWN_OPENSPIEL_PYTHON")
        .expect("set EWN_OPENSPIEL_PYTHON to a Python that has open_spiel (see .ci/run)")
}

fn bridge() -> String {
    PathBuf::from(env!("CARGO_MANIFEST_DIR"))
        .join("scripts/openspiel_bridge.py")
        .to_string_lossy()
        .into_owned()
}

/// `ewn match` of greedy against the engine command `bot`, then the words of `more` and `whole`.
fn greedy_against(bot: &str, more: &str, whole: &[&str]) -> String {
    let mut args = vec!["match", "--engine", "greedy", "--opponent", bot];
    args.extend(argv(more, whole));
    run_ok(&args)
}

fn check(out: Output) -> String {
    assert!(
        out.status.success(),
        "{}\n{}",
        String::from_utf8_lossy(&out.stdout),
        String::from_utf8_lossy(&out.stderr)
    );
    String::from_utf8(out.stdout).unwrap()
}

#[test]
#[ignore = "needs OpenSpiel: .ci/run installs it and runs this"]
fn openspiel_plays_whole_games_with_ewn_as_a_bot() {
    let out = check(
        Command::new(python())
            .arg(bridge())
            .args(["play", "--ewn", EWN, "--games", "4", "--movetime", "20"])
            .args(["--opponent", "mcts:20", "--seed", "7"])
            .output()
            .unwrap(),
    );
    // OpenSpiel checked every move of ewn against its own rules (an illegal one raises), and
    // every game ran to OpenSpiel's terminal state.
    let games: Vec<&str> = out.lines().filter(|l| l.starts_with("game ")).collect();
    assert_eq!(games.len(), 4, "{out}");
    for (i, g) in games.iter().enumerate() {
        let colour = if i % 2 == 0 { "red" } else { "blue" };
        assert!(g.contains(&format!("ewn ({colour}) ")), "{g}");
        assert!(g.contains(" won ") || g.contains(" lost "), "{g}");
    }
    assert!(
        out.contains("of 4 games against OpenSpiel's mcts:20 bot"),
        "{out}"
    );
}

#[test]
#[ignore = "needs OpenSpiel: .ci/run installs it and runs this"]
fn ewn_match_plays_an_openspiel_bot_as_an_engine() {
    // Blue first (OpenSpiel's own order) and Red first (played mirrored by the bridge).
    let positions = common::temp_path("openspiel", "positions.txt");
    std::fs::write(&positions, "451623 123456 b\n451623 123456 r\n").unwrap();
    let record = common::temp_path("openspiel", "games.txt");
    let bot = format!("{} {} engine --bot random --seed 3", python(), bridge());
    let (p, r) = (positions.to_str().unwrap(), record.to_str().unwrap());
    let files = ["--positions", p, "--record", r];
    let out = greedy_against(&bot, "name=openspiel --games 8 --seed 2", &files);
    assert!(out.contains("Games 8: greedy "), "{out}");
    assert!(!out.contains("lost by fault"), "{out}");
    let games = parse_records(&std::fs::read_to_string(&record).unwrap()).unwrap();
    assert_eq!(games.len(), 8);
    for g in &games {
        assert!(g.reason.is_normal(), "{g:?}");
        g.replay().unwrap();
    }
    // The bot also answers `go setup` when engines choose their own arrangements.
    let out = greedy_against(&bot, "--games 2 --engine-setups", &[]);
    assert!(
        out.contains("Games 2: greedy ") && !out.contains("lost by fault"),
        "{out}"
    );
    let _ = std::fs::remove_dir_all(record.parent().unwrap());
}
