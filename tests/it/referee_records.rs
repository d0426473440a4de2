//! Records written by `ewn match` replay with `ewn replay` to the positions the games ended in,
//! a doctored record is rejected, and `ewn export --ccgc` writes one contest record per game.

use crate::common;

use crate::common::{argv, run, run_fails, run_ok};
use ewn::record::parse_records;
use ewn::rules::notation::to_fen;

fn tmp(name: &str) -> std::path::PathBuf {
    common::temp_path("records", name)
}

/// `ewn match` of greedy against random with `settings`, its records written to `record`.
fn greedy_v_random(settings: &str, record: &str) -> String {
    let line = format!("match --engine greedy --opponent random {settings} --record");
    run_ok(&argv(&line, &[record]))
}

#[test]
fn match_records_replay_and_export() {
    let path = tmp("games.txt");
    let p = path.to_str().unwrap();
    let stdout = greedy_v_random("--games 10 --seed 11", p);
    assert_eq!(
        stdout.lines().filter(|l| l.starts_with("game ")).count(),
        10
    );
    assert!(stdout.contains("Games 10: greedy"), "{stdout}");

    let text = std::fs::read_to_string(&path).unwrap();
    let games = parse_records(&text).unwrap();
    assert_eq!(games.len(), 10);
    // Round trip: parsing and writing again gives the same text (after the match's header of
    // comment lines, which every reader skips).
    let again: String = games.iter().map(|g| g.to_text()).collect();
    let body = text.find("game 1\n").unwrap();
    assert!(text[..body].lines().all(|l| l.starts_with("# ")), "{text}");
    assert_eq!(again, text[body..]);

    let replayed = run_ok(&["replay", p]);
    for g in &games {
        let end = g.replay().unwrap();
        assert_eq!(end.winner(), g.winner);
        let line = format!("game {}: ", g.number);
        let l = replayed.lines().find(|l| l.starts_with(&line)).unwrap();
        assert!(l.ends_with(&to_fen(&end)), "{l}");
    }
    assert!(replayed.contains("10 games replayed, all valid"));

    let ccgc = run_ok(&["export", "--ccgc", "--event", "Test", p]);
    assert_eq!(ccgc.matches("#[WTN][").count(), 10);
    assert_eq!(ccgc.matches("\nR:").count(), 10);
    let plies: usize = games.iter().map(|g| g.plies.len()).sum();
    assert_eq!(ccgc.lines().filter(|l| l.contains(";(")).count(), plies);

    // Give the first Red move to Blue: the record no longer replays.
    let doctored = text.replacen("move r ", "move b ", 1);
    std::fs::write(&path, doctored).unwrap();
    let out = run(&["replay", p], "");
    assert!(!out.ok);
    assert!(out.stdout.contains("INVALID"));
    let _ = std::fs::remove_file(&path);
}

#[test]
fn the_same_seed_replays_the_same_match() {
    let run = |name: &str| {
        let path = tmp(name);
        greedy_v_random(
            "--games 6 --seed 99 --concurrency 2",
            path.to_str().unwrap(),
        );
        let mut games = parse_records(&std::fs::read_to_string(&path).unwrap()).unwrap();
        let _ = std::fs::remove_file(&path);
        games.sort_by_key(|g| g.number);
        // Every move carries its answering time, which is measured and so left out of the
        // comparison.
        for p in games.iter_mut().flat_map(|g| g.plies.iter_mut()) {
            assert!(p.us.is_some());
            p.us = None;
        }
        games
    };
    assert_eq!(run("a.txt"), run("b.txt"));
}

/// `ewn review` of a match's records: a line per player, the same totals whatever the number of
/// jobs, every move with a choice listed at threshold 0, and clear errors.
#[test]
fn match_records_can_be_reviewed() {
    let path = tmp("review.txt");
    let p = path.to_str().unwrap();
    greedy_v_random("--games 10 --seed 11", p);
    let games = parse_records(&std::fs::read_to_string(&path).unwrap()).unwrap();

    let one = run_ok(&argv("review --summary --depth 2 --jobs 1", &[p]));
    let two = run_ok(&argv("review --summary --depth 2 --jobs 2", &[p]));
    assert_eq!(one, two);
    assert!(one.starts_with("Reviewed 10 games"), "{one}");
    // player games moves choices inferior mistakes lost/mv lost/gm
    let row = |name: &str| -> Vec<String> {
        let l = one.lines().find(|l| l.starts_with(name)).unwrap();
        l.split_whitespace().map(str::to_string).collect()
    };
    let (greedy, random) = (row("greedy"), row("random"));
    assert_eq!(greedy[1], "10");
    let moves: usize = games.iter().map(|g| g.plies.len()).sum();
    let counted: usize = greedy[2].parse::<usize>().unwrap() + random[2].parse::<usize>().unwrap();
    assert_eq!(counted, moves);
    // Random play gives away more than greedy's (a depth-2 reviewer sees that much).
    let lost = |r: &[String]| r[7].parse::<f64>().unwrap();
    assert!(lost(&random) > lost(&greedy), "{one}");

    let all = run_ok(&argv("review --depth 2 --threshold 0", &[p]));
    let choices: usize = greedy[3].parse::<usize>().unwrap() + random[3].parse::<usize>().unwrap();
    let listed = all
        .lines()
        .filter(|l| {
            l.split_whitespace()
                .nth(1)
                .is_some_and(|w| w == "red" || w == "blue")
        })
        .count();
    assert_eq!(listed, choices, "{all}");

    let out = run(&argv("review --game 99", &[p]), "");
    assert!(
        !out.ok && out.stderr.contains("no game 99"),
        "{}",
        out.stderr
    );
    let out = run(&argv("review --threshold 2", &[p]), "");
    assert!(
        !out.ok && out.stderr.contains("--threshold"),
        "{}",
        out.stderr
    );
    let _ = std::fs::remove_file(&path);
}

#[test]
fn bad_files_are_refused_with_their_name_and_line_and_a_short_excerpt() {
    // One line of a megabyte: refused at once, quoted by an excerpt only.
    let big = tmp("one-line.txt");
    std::fs::write(&big, "x".repeat(1 << 20)).unwrap();
    let b = big.to_str().unwrap();
    for args in [
        vec!["replay", b],
        vec!["stats", b],
        vec!["match", "--engine", "greedy", "--positions", b],
    ] {
        let err = common::run_fails(&args);
        assert!(err.len() < 400, "{} bytes: {err}", err.len());
        assert!(err.contains("one-line.txt: line 1: longer than"), "{err}");
    }
    // A positions file names itself and the line, also for bytes that are not UTF-8.
    let pos = tmp("positions.txt");
    let p = pos.to_str().unwrap();
    std::fs::write(&pos, "123456 654321\nfoo\n").unwrap();
    let err = common::run_fails(&["match", "--engine", "greedy", "--positions", p]);
    assert!(err.contains("positions.txt: line 2: 'foo'"), "{err}");
    std::fs::write(&pos, b"123456 654321\n\xff\n").unwrap();
    let err = common::run_fails(&["match", "--engine", "greedy", "--positions", p]);
    assert!(err.contains("positions.txt: line 2: not UTF-8"), "{err}");
    // A device as the record is named, not "match output".
    let err = common::run_fails(&["match", "--engine", "greedy", "--record", "/dev/full"]);
    assert!(err.contains("the record /dev/full"), "{err}");
}

#[test]
fn a_fifo_is_refused_not_waited_on() {
    let fifo = tmp("fifo");
    let made = std::process::Command::new("mkfifo")
        .arg(&fifo)
        .status()
        .unwrap();
    assert!(made.success());
    let f = fifo.to_str().unwrap();
    for args in [
        vec!["replay", f],
        vec!["review", f],
        vec!["match", "--engine", "greedy", "--positions", f],
        vec!["match", "--engine", "greedy", "--record", f],
    ] {
        let err = common::run_fails(&args);
        assert!(err.contains("not a regular file"), "{args:?}: {err}");
    }
}

#[test]
fn engine_logs_keep_every_line_of_every_game() {
    let dir = tmp("engine-logs");
    let _ = std::fs::remove_dir_all(&dir);
    let d = dir.to_str().unwrap();
    run_ok(&argv(
        "match --engine self --opponent tcg:self --games 2 --movetime 20 --grace 30000 --quiet --engine-log",
        &[d],
    ));
    let mut files: Vec<String> = std::fs::read_dir(&dir)
        .unwrap()
        .map(|e| e.unwrap().file_name().into_string().unwrap())
        .collect();
    files.sort();
    assert_eq!(
        files,
        [
            "game-1-blue-ewn-tcg.log",
            "game-1-red-ewn.log",
            "game-2-blue-ewn.log",
            "game-2-red-ewn-tcg.log"
        ]
    );
    let native = std::fs::read_to_string(dir.join("game-1-red-ewn.log")).unwrap();
    let tcg = std::fs::read_to_string(dir.join("game-1-blue-ewn-tcg.log")).unwrap();
    for (text, sent, got) in [
        (&native, "> go die ", "< bestmove "),
        (&tcg, "> get ", "< "),
    ] {
        assert!(text.contains(sent) && text.contains(got), "{text}");
        // Every line: seconds, a direction, the line.
        for l in text.lines() {
            let mut w = l.splitn(3, ' ');
            assert!(w.next().unwrap().parse::<f64>().is_ok(), "{l}");
            assert!(matches!(w.next(), Some(">") | Some("<")), "{l}");
        }
    }
    // A second match into the same folder would replace these logs: refused before any game.
    let again = run(
        &argv(
            "match --engine self --opponent tcg:self --games 2 --movetime 20 --quiet --engine-log",
            &[d],
        ),
        "",
    );
    assert!(!again.ok && again.stdout.is_empty(), "{}", again.stdout);
    assert!(
        again.stderr.contains("already holds logs"),
        "{}",
        again.stderr
    );
    let native_after = std::fs::read_to_string(dir.join("game-1-red-ewn.log")).unwrap();
    assert_eq!(native_after, native);
}

#[test]
fn a_variant_of_the_standard_board_is_not_exported_as_the_standard_game() {
    for (variant, lacks) in [("blackhole", "holes (c3)"), ("backrank", "passes")] {
        let rec = crate::common::temp_path("records", &format!("{variant}.txt"));
        let p = rec.display().to_string();
        crate::common::run_ok(&[
            "match",
            "--variant",
            variant,
            "--engine",
            "greedy",
            "--opponent",
            "random",
            "--games",
            "20",
            "--quiet",
            "--record",
            &p,
        ]);
        let r = crate::common::run(&["export", "--ccgc", &p], "");
        assert!(!r.ok, "{variant}: exported:\n{}", r.stdout);
        assert!(r.stdout.is_empty(), "{variant}: {}", r.stdout);
        assert!(
            r.stderr.contains(&format!("variant {variant}")) && r.stderr.contains(lacks),
            "{variant}: {}",
            r.stderr
        );
    }
}

/// A new match on a record that already holds games is refused before anything is played: the
/// file keeps every byte, the error names it, its games and the two ways on.
#[test]
fn a_record_with_games_is_never_cut() {
    let path = tmp("precious.txt");
    let p = path.to_str().unwrap();
    greedy_v_random("--games 4 --seed 3", p);
    let before = std::fs::read(&path).unwrap();
    assert_eq!(
        parse_records(&String::from_utf8_lossy(&before))
            .unwrap()
            .len(),
        4
    );
    let line = "match --engine self --opponent greedy --games 2 --movetime 10 --record";
    let err = run_fails(&argv(line, &[p]));
    assert_eq!(
        std::fs::read(&path).unwrap(),
        before,
        "the record was changed"
    );
    assert!(err.contains(p) && err.contains("4 games"), "{err}");
    assert!(
        err.contains("--resume") && err.contains("another --record"),
        "{err}"
    );
    assert_eq!(err.trim().lines().count(), 1, "{err}");
    // Any other content is kept as well, and --resume is not offered for it (it would refuse
    // it); an empty file is a new record.
    std::fs::write(&path, "notes\n").unwrap();
    let err = run_fails(&argv("match --engine greedy --games 2 --record", &[p]));
    assert!(
        err.contains("not a record of games") && !err.contains("--resume"),
        "{err}"
    );
    assert_eq!(std::fs::read_to_string(&path).unwrap(), "notes\n");
    std::fs::write(&path, "").unwrap();
    greedy_v_random("--games 2", p);
    assert_eq!(
        parse_records(&std::fs::read_to_string(&path).unwrap())
            .unwrap()
            .len(),
        2
    );
    let _ = std::fs::remove_file(&path);
}
