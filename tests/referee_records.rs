//! Records written by `ewn match` replay with `ewn replay` to the positions the games ended in,
//! a doctored record is rejected, and `ewn export --ccgc` writes one contest record per game.

use std::process::Command;

use ewn::notation::to_fen;
use ewn::referee::record::parse_records;

const EWN: &str = env!("CARGO_BIN_EXE_ewn");

fn tmp(name: &str) -> std::path::PathBuf {
    std::env::temp_dir().join(format!("ewn-records-{}-{name}", std::process::id()))
}

#[test]
fn match_records_replay_and_export() {
    let path = tmp("games.txt");
    let out = Command::new(EWN)
        .args(["match", "--engine", "greedy", "--opponent", "random"])
        .args(["--games", "10", "--seed", "11", "--record"])
        .arg(&path)
        .output()
        .unwrap();
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    let stdout = String::from_utf8(out.stdout).unwrap();
    assert_eq!(
        stdout.lines().filter(|l| l.starts_with("game ")).count(),
        10
    );
    assert!(stdout.contains("Games 10: greedy"), "{stdout}");

    let text = std::fs::read_to_string(&path).unwrap();
    let games = parse_records(&text).unwrap();
    assert_eq!(games.len(), 10);
    // Round trip: parsing and writing again gives the same text.
    let again: String = games.iter().map(|g| g.to_text()).collect();
    assert_eq!(again, text);

    let out = Command::new(EWN).arg("replay").arg(&path).output().unwrap();
    assert!(out.status.success());
    let replayed = String::from_utf8(out.stdout).unwrap();
    for g in &games {
        let end = g.replay().unwrap();
        assert_eq!(end.winner(), g.winner);
        let line = format!("game {}: ", g.number);
        let l = replayed.lines().find(|l| l.starts_with(&line)).unwrap();
        assert!(l.ends_with(&to_fen(&end)), "{l}");
    }
    assert!(replayed.contains("10 games replayed, all valid"));

    let out = Command::new(EWN)
        .args(["export", "--ccgc", "--event", "Test"])
        .arg(&path)
        .output()
        .unwrap();
    assert!(out.status.success());
    let ccgc = String::from_utf8(out.stdout).unwrap();
    assert_eq!(ccgc.matches("#[WTN][").count(), 10);
    assert_eq!(ccgc.matches("\nR:").count(), 10);
    let plies: usize = games.iter().map(|g| g.plies.len()).sum();
    assert_eq!(ccgc.lines().filter(|l| l.contains(";(")).count(), plies);

    // Give the first Red move to Blue: the record no longer replays.
    let doctored = text.replacen("move r ", "move b ", 1);
    std::fs::write(&path, doctored).unwrap();
    let out = Command::new(EWN).arg("replay").arg(&path).output().unwrap();
    assert!(!out.status.success());
    assert!(String::from_utf8(out.stdout).unwrap().contains("INVALID"));
    let _ = std::fs::remove_file(&path);
}

#[test]
fn the_same_seed_replays_the_same_match() {
    let run = |name: &str| {
        let path = tmp(name);
        let out = Command::new(EWN)
            .args(["match", "--engine", "greedy", "--opponent", "random"])
            .args([
                "--games",
                "6",
                "--seed",
                "99",
                "--concurrency",
                "2",
                "--record",
            ])
            .arg(&path)
            .output()
            .unwrap();
        assert!(out.status.success());
        let mut games = parse_records(&std::fs::read_to_string(&path).unwrap()).unwrap();
        let _ = std::fs::remove_file(&path);
        games.sort_by_key(|g| g.number);
        games
    };
    assert_eq!(run("a.txt"), run("b.txt"));
}
