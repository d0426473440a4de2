//! Matches in variants: the records name the variant (and carry a custom variant's definition,
//! so they replay anywhere), engines are told the variant, and an engine that refuses it loses
//! by forfeit with that reason.

use crate::common;

use crate::common::{argv, run, run_ok};
use ewn::record::parse_records;

fn tmp(name: &str) -> std::path::PathBuf {
    common::temp_path("variants", name)
}

#[test]
fn a_preset_match_records_its_variant_and_replays() {
    let rec = tmp("6x6.txt");
    let out = run_ok(&argv(
        "--variant 6x6 match --engine self --opponent tcg:self --games 4 --movetime 20 --grace 30000 --record",
        &[rec.to_str().unwrap()],
    ));
    assert!(out.contains("Games 4:"), "{out}");
    let text = std::fs::read_to_string(&rec).unwrap();
    let games = parse_records(&text).unwrap();
    assert_eq!(games.len(), 4);
    for g in &games {
        assert_eq!(g.variant().name(), "6x6");
        assert!(g.reason.is_normal(), "no engine fault: {}", g.to_text());
        // Two dice: every recorded roll is a sum 2..12.
        assert!(g.plies.iter().all(|p| (2..=12).contains(&p.die)));
        g.replay().unwrap();
    }
    assert!(text.contains("\nvariant 6x6\n"));
    let replayed = run_ok(&["replay", rec.to_str().unwrap()]);
    assert!(
        replayed.contains("4 games replayed, all valid"),
        "{replayed}"
    );
}

#[test]
fn a_custom_variant_travels_with_its_records() {
    let def = tmp("defs.toml");
    std::fs::write(
        &def,
        "[corridor]\nparent = \"5x5-3\"\nrows = 6\ncols = 3\nholes = [\"b3\"]\n",
    )
    .unwrap();
    let rec = tmp("corridor.txt");
    run_ok(&argv(
        "match --engine self --opponent mcts:50 --games 2 --movetime 10 --grace 30000 --record",
        &[
            rec.to_str().unwrap(),
            "--variants",
            def.to_str().unwrap(),
            "--variant",
            "corridor",
        ],
    ));
    let text = std::fs::read_to_string(&rec).unwrap();
    assert!(
        text.contains("\nvariant corridor = { rows = 6, cols = 3"),
        "{text}"
    );
    // Read back without the definition file: the record carries it.
    std::fs::remove_file(&def).unwrap();
    let games = parse_records(&text).unwrap();
    assert_eq!(games[0].variant().rows(), 6);
    let replayed = run_ok(&["replay", rec.to_str().unwrap()]);
    assert!(
        replayed.contains("2 games replayed, all valid"),
        "{replayed}"
    );
}

#[test]
fn an_engine_that_refuses_the_variant_is_refused_before_any_game() {
    let dir = tmp("fake");
    std::fs::create_dir_all(&dir).unwrap();
    let fake = dir.join("novariants.sh");
    // It lists the variant, then answers the choice with an error.
    std::fs::write(
        &fake,
        "#!/bin/sh\nwhile read -r line; do\n  case \"$line\" in\n    ugi) echo 'id name fake'; echo 'option name UCI_Variant type combo default standard var standard var 3x3'; echo ugiok ;;\n    isready) echo readyok ;;\n    'setoption name UCI_Variant'*) echo 'error unknown option' ;;\n    quit) exit 0 ;;\n  esac\ndone\n",
    )
    .unwrap();
    std::process::Command::new("chmod")
        .args(["+x", fake.to_str().unwrap()])
        .status()
        .unwrap();
    let rec = tmp("refused.txt");
    let r = run(
        &argv(
            "--variant 3x3 match --opponent greedy --games 2 --movetime 50 --record",
            &[rec.to_str().unwrap(), "--engine", fake.to_str().unwrap()],
        ),
        "",
    );
    assert!(!r.ok, "{}", r.stdout);
    assert!(r.stderr.contains("refuses variant 3x3"), "{}", r.stderr);
    assert!(
        !std::fs::read_to_string(&rec)
            .unwrap_or_default()
            .contains("\nend"),
        "no game is played"
    );
    // TCG names only the square presets: a TCG engine cannot be told about backrank.
    let r = run(
        &argv(
            "--variant backrank match --engine tcg:self --opponent greedy --games 2 --movetime 50",
            &[],
        ),
        "",
    );
    assert!(!r.ok, "{}", r.stdout);
    assert!(
        r.stderr.contains("could not be started (command: tcg:")
            && r.stderr
                .contains("): the TCG protocol has no board_setting for variant backrank"),
        "{}",
        r.stderr
    );
}
