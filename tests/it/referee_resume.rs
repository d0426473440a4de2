//! An interrupted match resumed: the record is locked against a second runner, a runner killed
//! at any moment leaves a record that `--resume` completes, and the result is that of an
//! uninterrupted run: the same games (numbers, players, colours, dice and moves) and the same
//! report.

use crate::common;

use std::path::Path;
use std::process::{Command, Stdio};
use std::time::{Duration, Instant};

use crate::common::EWN;
use ewn::record::{GameRecord, parse_records};

/// A record's games without what differs from run to run (the measured times and the date),
/// by number.
fn games_of(path: &Path) -> Vec<String> {
    let mut games = parse_records(&std::fs::read_to_string(path).unwrap()).unwrap();
    games.sort_by_key(|g| g.number);
    games
        .into_iter()
        .map(|mut g: GameRecord| {
            g.date.clear();
            for p in &mut g.plies {
                p.us = None;
            }
            g.to_text()
        })
        .collect()
}

/// The report of `ewn match`, without what is measured (the wall time, the time per move) and the
/// progress lines.
fn report(stdout: &str) -> String {
    stdout
        .lines()
        .filter(|l| !l.starts_with("Wall time") && !l.starts_with("game ") && !l.contains(" took "))
        .collect::<Vec<_>>()
        .join("\n")
}

/// A deterministic, slowed-down engine: this program searching to depth 2 instead of for a
/// time, 30 ms late on each move, so that a runner can be killed in the middle of a game.
fn slow_engine() -> String {
    let path = common::temp_path("resume", "slow.sh");
    std::fs::write(
        &path,
        format!(
            "#!/bin/sh\n\
             while IFS= read -r line; do\n\
               case \"$line\" in go\\ die*) sleep 0.03; line=\"${{line%% movetime*}} depth 2\" ;; esac\n\
               printf '%s\\n' \"$line\"\n\
             done | exec '{EWN}'\n"
        ),
    )
    .unwrap();
    path.display().to_string()
}

fn match_args(engine: &str, record: &Path) -> Vec<String> {
    let mut a: Vec<String> = ["match", "--engine", "sh"]
        .iter()
        .map(|s| s.to_string())
        .collect();
    a.push(format!("arg={engine}"));
    a.extend(
        [
            "name=slow",
            "--opponent",
            "greedy",
            "--games",
            "8",
            "--seed",
            "7",
            "--movetime",
            "1000",
            "--concurrency",
            "2",
            "--quiet",
            "--record",
        ]
        .iter()
        .map(|s| s.to_string()),
    );
    a.push(record.display().to_string());
    a
}

fn run(args: &[String]) -> common::Ran {
    let args: Vec<&str> = args.iter().map(String::as_str).collect();
    common::run(&args, "")
}

/// Waits until `path` holds at least `n` finished games.
fn wait_for_games(path: &Path, n: usize) {
    let until = Instant::now() + Duration::from_secs(120);
    while std::fs::read_to_string(path)
        .unwrap_or_default()
        .lines()
        .filter(|l| *l == "end")
        .count()
        < n
    {
        assert!(Instant::now() < until, "no {n} games in {}", path.display());
        std::thread::sleep(Duration::from_millis(10));
    }
}

#[test]
fn a_match_killed_and_resumed_ends_as_an_uninterrupted_one() {
    let engine = slow_engine();
    let whole = common::temp_path("resume", "whole.txt");
    let ran = run(&match_args(&engine, &whole));
    assert!(ran.ok, "{}", ran.stderr);

    // Killed (SIGKILL) at three moments: after one game, after three, and in a resumed run.
    let cut = common::temp_path("resume", "cut.txt");
    let args = match_args(&engine, &cut);
    let mut resume = args.clone();
    resume.push("--resume".into());
    for (i, after) in [1usize, 3, 5].into_iter().enumerate() {
        let run_args = if i == 0 { &args } else { &resume };
        let mut runner = Command::new(EWN)
            .args(run_args)
            .stdout(Stdio::null())
            .stderr(Stdio::null())
            .spawn()
            .unwrap();
        wait_for_games(&cut, after);
        // A moment later, so that the kill may fall in the middle of writing a game.
        std::thread::sleep(Duration::from_millis(37 * i as u64));
        runner.kill().unwrap();
        runner.wait().unwrap();
    }
    let resumed = run(&resume);
    assert!(resumed.ok, "{}", resumed.stderr);
    assert_eq!(games_of(&cut), games_of(&whole));
    assert_eq!(report(&resumed.stdout), report(&ran.stdout));
    // Resumed once more, there is nothing left to play and the report is the same.
    let again = run(&resume);
    assert!(again.ok, "{}", again.stderr);
    assert!(!again.stdout.contains("game "), "{}", again.stdout);
    assert_eq!(report(&again.stdout), report(&ran.stdout));
}

#[test]
fn a_record_in_use_is_refused_and_another_match_is_not_resumed() {
    let engine = slow_engine();
    let rec = common::temp_path("resume", "locked.txt");
    let mut args = match_args(&engine, &rec);
    // Long enough to be running still when the other runs have started their engines, however
    // busy the machine: it is killed below.
    let games = args.iter().position(|a| a == "--games").unwrap();
    args[games + 1] = "400".into();
    let mut first = Command::new(EWN)
        .args(&args)
        .stdout(Stdio::null())
        .stderr(Stdio::null())
        .spawn()
        .unwrap();
    wait_for_games(&rec, 1);
    // A new match on it is refused as on any record with games; a resume by the lock.
    let fresh = run(&args);
    assert!(!fresh.ok);
    assert!(fresh.stderr.contains("already holds"), "{}", fresh.stderr);
    let mut resume = args.clone();
    resume.push("--resume".into());
    let second = run(&resume);
    assert!(!second.ok);
    assert!(
        second.stderr.contains("in use by another runner") && second.stderr.contains("locked.txt"),
        "{}",
        second.stderr
    );
    first.kill().unwrap();
    first.wait().unwrap();
    // Another seed is another match: its games are not mixed with these.
    let mut other = args.clone();
    let seed = other.iter().position(|a| a == "--seed").unwrap();
    other[seed + 1] = "8".into();
    other.push("--resume".into());
    let r = run(&other);
    assert!(!r.ok);
    assert!(r.stderr.contains("of another match"), "{}", r.stderr);
}

#[test]
fn a_first_to_match_ends_at_n_wins_and_resumes() {
    let rec = common::temp_path("resume", "first-to.txt");
    let r = common::run_ok(&[
        "match",
        "--engine",
        "greedy",
        "--opponent",
        "random",
        "--first-to",
        "3",
        "--seed",
        "4",
        "--quiet",
        "--record",
        rec.to_str().unwrap(),
    ]);
    let games = parse_records(&std::fs::read_to_string(&rec).unwrap()).unwrap();
    let wins = |name: &str| {
        games
            .iter()
            .filter(|g| {
                g.winner
                    .is_some_and(|w| (if w.name() == "red" { &g.red } else { &g.blue }) == name)
            })
            .count()
    };
    let (a, b) = (wins("greedy"), wins("random"));
    assert_eq!(a.max(b), 3, "{r}");
    assert!(a.min(b) < 3 && games.len() == a + b, "{r}");
    // The deciding game is the last one.
    let mut numbers: Vec<u64> = games.iter().map(|g| g.number).collect();
    numbers.sort_unstable();
    assert_eq!(numbers, (1..=games.len() as u64).collect::<Vec<_>>());
    assert!(r.contains("First to 3: "), "{r}");
    let again = common::run_ok(&[
        "match",
        "--engine",
        "greedy",
        "--opponent",
        "random",
        "--first-to",
        "3",
        "--seed",
        "4",
        "--quiet",
        "--record",
        rec.to_str().unwrap(),
        "--resume",
    ]);
    assert_eq!(report(&again), report(&r));
}

#[test]
fn a_swiss_event_killed_and_resumed_pairs_and_ends_as_an_uninterrupted_one() {
    // Five players (a bye each round), three rounds of two-game mini-matches; the slowed engine
    // twice so that the runner can be killed in the middle of a round.
    let engine = slow_engine();
    let args = |record: &Path| -> Vec<String> {
        let mut a: Vec<String> = Vec::new();
        for (i, p) in ["slow-a", "greedy", "slow-b", "random", "greedy"]
            .iter()
            .enumerate()
        {
            a.push("--engine".into());
            if p.starts_with("slow") {
                a.extend(["sh".into(), format!("arg={engine}"), format!("name={p}")]);
            } else {
                a.extend([p.to_string(), format!("name={p}-{i}")]);
            }
        }
        let mut all: Vec<String> = vec!["match".into()];
        all.extend(a);
        all.extend(
            [
                "--tournament",
                "swiss",
                "--rounds",
                "3",
                "--games-per-round",
                "2",
                "--movetime",
                "1000",
                "--seed",
                "9",
                "--quiet",
                "--record",
            ]
            .map(String::from),
        );
        all.push(record.display().to_string());
        all
    };
    let whole = common::temp_path("resume", "swiss-whole.txt");
    let ran = run(&args(&whole));
    assert!(ran.ok, "{}", ran.stderr);
    assert!(ran.stdout.contains("After round 2 of 3:"), "{}", ran.stdout);
    let cut = common::temp_path("resume", "swiss-cut.txt");
    let mut resume = args(&cut);
    for (i, after) in [3usize, 7].into_iter().enumerate() {
        let mut a = resume.clone();
        if i > 0 {
            a.push("--resume".into());
        }
        let mut runner = Command::new(EWN)
            .args(&a)
            .stdout(Stdio::null())
            .stderr(Stdio::null())
            .spawn()
            .unwrap();
        wait_for_games(&cut, after);
        runner.kill().unwrap();
        runner.wait().unwrap();
    }
    resume.push("--resume".into());
    let resumed = run(&resume);
    assert!(resumed.ok, "{}", resumed.stderr);
    assert_eq!(games_of(&cut), games_of(&whole));
    let standings = |s: &str| s[s.rfind("Standings").unwrap()..].to_string();
    assert_eq!(
        report(&standings(&resumed.stdout)),
        report(&standings(&ran.stdout))
    );
    // `ewn stats` gives the same standings and crosstable from the records.
    let stats = common::run_ok(&[
        "stats",
        cut.to_str().unwrap(),
        "--tournament",
        "swiss",
        "--games-per-round",
        "2",
    ]);
    assert_eq!(report(&standings(&stats)), report(&standings(&ran.stdout)));
}

#[test]
fn a_knockout_seeds_byes_and_reports_the_same_from_its_records() {
    let rec = common::temp_path("resume", "knockout.txt");
    let r = rec.to_str().unwrap();
    let out = common::run_ok(&[
        "match",
        "--engine",
        "greedy",
        "--engine",
        "random",
        "--engine",
        "greedy",
        "name=g2",
        "--engine",
        "random",
        "name=r2",
        "--engine",
        "greedy",
        "name=g3",
        "--tournament",
        "knockout",
        "--games-per-round",
        "2",
        "--seed",
        "5",
        "--quiet",
        "--record",
        r,
    ]);
    // Five players in a bracket of eight: seeds 1 to 3 have a bye, 4 meets 5.
    let bracket = &out[out.rfind("Knockout:").unwrap()..];
    for l in [
        "greedy vs (bye): greedy through",
        "random vs (bye): random through",
        "g2 vs (bye): g2 through",
    ] {
        assert!(bracket.contains(l), "{bracket}");
    }
    assert!(
        bracket.contains("r2 ") && bracket.contains(" g3"),
        "{bracket}"
    );
    assert!(bracket.contains("  round 3:"), "{bracket}");
    let stats = common::run_ok(&[
        "stats",
        r,
        "--tournament",
        "knockout",
        "--games-per-round",
        "2",
    ]);
    assert_eq!(
        report(bracket),
        report(&stats[stats.find("Knockout:").unwrap()..])
    );
}

/// A first-to match played two games at a time: the uninterrupted run and a run resumed from its
/// record cut at every line boundary and inside every line end with the same games and the same
/// report, which are also those of one game at a time. (Games finish out of order with two at a
/// time; the match is decided in the order of the games' numbers, so what it holds is a function
/// of the results, not of which game happened to finish first.)
#[test]
fn a_first_to_match_two_at_a_time_resumes_the_same_from_every_cut() {
    let args = |record: &Path, concurrency: &str| -> Vec<String> {
        [
            "match",
            "--engine",
            "greedy",
            "--opponent",
            "mcts:30",
            "--first-to",
            "4",
            "--seed",
            "3",
            "--concurrency",
            concurrency,
            "--quiet",
            "--record",
        ]
        .iter()
        .map(|s| s.to_string())
        .chain([record.display().to_string()])
        .collect()
    };
    let whole = common::temp_path("resume", "first-to-whole.txt");
    let ran = run(&args(&whole, "2"));
    assert!(ran.ok, "{}", ran.stderr);
    let one = common::temp_path("resume", "first-to-one.txt");
    let one_at_a_time = run(&args(&one, "1"));
    assert!(one_at_a_time.ok, "{}", one_at_a_time.stderr);
    assert_eq!(report(&ran.stdout), report(&one_at_a_time.stdout));
    assert_eq!(games_of(&whole), games_of(&one));

    let text = std::fs::read(&whole).unwrap();
    // Every line boundary, and a cut one byte before each (inside the line).
    let mut cuts: Vec<usize> = vec![0];
    for (i, &b) in text.iter().enumerate() {
        if b == b'\n' {
            cuts.extend([i, i + 1]);
        }
    }
    let cut = common::temp_path("resume", "first-to-cut.txt");
    let mut resume = args(&cut, "2");
    resume.push("--resume".into());
    for &at in &cuts {
        std::fs::write(&cut, &text[..at]).unwrap();
        let again = run(&resume);
        assert!(again.ok, "cut at byte {at}: {}", again.stderr);
        assert_eq!(
            report(&again.stdout),
            report(&ran.stdout),
            "cut at byte {at} of {}",
            text.len()
        );
        assert_eq!(games_of(&cut), games_of(&whole), "cut at byte {at}");
    }
}

#[test]
fn a_file_that_is_not_a_record_is_never_resumed_nor_offered_a_resume() {
    let readme =
        std::fs::read_to_string(concat!(env!("CARGO_MANIFEST_DIR"), "/README.md")).unwrap();
    for (name, text) in [("junk.txt", "junk\n"), ("readme.md", readme.as_str())] {
        let rec = common::temp_path("resume", name);
        std::fs::write(&rec, text).unwrap();
        let mut args: Vec<String> = ["match", "--engine", "random", "--opponent", "greedy"]
            .iter()
            .map(|s| s.to_string())
            .collect();
        args.extend(["--games", "2", "--quiet", "--record"].map(String::from));
        args.push(rec.display().to_string());
        let fresh = run(&args);
        assert!(!fresh.ok);
        assert!(
            fresh.stderr.contains("not a record of games") && !fresh.stderr.contains("--resume"),
            "{}",
            fresh.stderr
        );
        args.push("--resume".into());
        let r = run(&args);
        assert!(!r.ok, "{name}: {}", r.stderr);
        assert!(
            r.stderr.contains(name) && r.stderr.contains("line ") && r.stdout.is_empty(),
            "{}",
            r.stderr
        );
        assert_eq!(
            std::fs::read_to_string(&rec).unwrap(),
            text,
            "{name} changed"
        );
    }
}
