//! `ewn match` and `ewn stats` as a tester uses them: per-engine settings reaching the engine,
//! a three-player round robin with its crosstable, start positions, honest statistics for a
//! one-sided match, and shards whose merged records give exactly the result of one run.

use crate::common;

use std::path::{Path, PathBuf};

use crate::common::{EWN, argv, run_fails as fails, run_ok as ok, words};
use ewn::record::parse_records;
use ewn::rules::notation::to_fen;

fn tmp(name: &str) -> PathBuf {
    common::temp_path("runner", name)
}

/// A native engine that writes every line it receives to `log` and passes it on to `ewn`.
fn spy(name: &str, log: &Path) -> PathBuf {
    let path = tmp(&format!("{name}.sh"));
    std::fs::write(
        &path,
        format!("#!/bin/sh\ntee -a '{}' | '{EWN}'\n", log.display()),
    )
    .unwrap();
    path
}

#[test]
fn per_engine_options_and_time_controls_reach_the_engine() {
    let log_a = tmp("spy-a.log");
    let log_b = tmp("spy-b.log");
    let (a, b) = (spy("a", &log_a), spy("b", &log_b));
    let a_cmd = format!("arg={}", a.display());
    let b_cmd = format!("arg={}", b.display());
    let out = ok(&[
        "match",
        "--engine",
        "cmd=sh",
        &a_cmd,
        "name=new",
        "option.Hash=8",
        "option.MoveOverhead=5",
        "tc=3+0.05",
        "--engine",
        "cmd=sh",
        &b_cmd,
        "name=base",
        "movetime=20",
        "--games",
        "2",
        "--seed",
        "4",
        // Honest engines: a grace that absorbs a busy machine's stalls, so that no game is
        // lost on time and the options are what is tested.
        "--grace",
        "30000",
    ]);
    assert!(out.contains("Games 2: new "), "{out}");
    assert!(!out.contains("lost by fault"), "{out}");
    let a_log = std::fs::read_to_string(&log_a).unwrap();
    let b_log = std::fs::read_to_string(&log_b).unwrap();
    assert!(a_log.contains("setoption name Hash value 8\n"), "{a_log}");
    assert!(
        a_log.contains("setoption name MoveOverhead value 5\n"),
        "{a_log}"
    );
    // Its own clock: 3 s with 50 ms a move, the other side's per-move control has none.
    let go: Vec<&str> = a_log.lines().filter(|l| l.starts_with("go die")).collect();
    assert!(!go.is_empty(), "{a_log}");
    for l in &go {
        assert!(l.contains(" rtime ") && l.contains(" btime "), "{l}");
        assert!(
            l.ends_with("rinc 50 binc 0") || l.ends_with("rinc 0 binc 50"),
            "{l}"
        );
    }
    assert!(!b_log.contains("setoption"), "{b_log}");
    let go: Vec<&str> = b_log.lines().filter(|l| l.starts_with("go die")).collect();
    assert!(
        !go.is_empty() && go.iter().all(|l| l.ends_with(" movetime 20")),
        "{b_log}"
    );
}

#[test]
fn options_for_a_baseline_are_refused_in_one_line() {
    let err = fails(&["match", "--engine", "greedy", "option.Hash=8"]);
    assert!(err.contains("only for native-protocol engines"), "{err}");
    assert_eq!(err.trim().lines().count(), 1, "{err}");
    let err = fails(&["match", "--engine", "greedy", "--shard", "4/3"]);
    assert!(err.contains("bad shard '4/3'"), "{err}");
    let line = "match --engine greedy --engine random --engine random --sprt 0,10,0.05,0.05";
    let err = fails(&words(line));
    assert!(err.contains("two players"), "{err}");
}

#[test]
fn a_three_player_round_robin_prints_a_crosstable() {
    let out = ok(&words(
        "match --engine greedy --engine random --engine greedy name=greedy-b \
         --tournament round-robin --games 6 --anchor random --seed 8",
    ));
    let games = out.lines().filter(|l| l.starts_with("game ")).count();
    assert_eq!(games, 18, "{out}");
    assert!(out.contains("Games 18, 3 players\n"), "{out}");
    assert!(out.contains("anchor random = 0"), "{out}");
    let table: Vec<&str> = out
        .lines()
        .skip_while(|l| !l.starts_with("Crosstable"))
        .skip(1)
        .take(4)
        .collect();
    // Rows and columns in the order of the ratings table, the leader first.
    let ranked: Vec<&str> = out
        .lines()
        .skip_while(|l| !l.starts_with("Ratings"))
        .skip(2)
        .take(3)
        .map(|l| l.split_whitespace().nth(1).unwrap())
        .collect();
    let mut names = ranked.clone();
    names.sort();
    assert_eq!(names, ["greedy", "greedy-b", "random"], "{out}");
    assert!(
        table[0].split_whitespace().eq(ranked.iter().copied()),
        "{out}"
    );
    for (row, name) in table[1..].iter().zip(&ranked) {
        assert_eq!(row.split_whitespace().next(), Some(*name), "{out}");
    }
    // Each row: a dot on the diagonal and w-l cells of six games elsewhere.
    for (i, row) in table[1..].iter().enumerate() {
        let cells: Vec<&str> = row.split_whitespace().skip(1).collect();
        assert_eq!(cells.len(), 3, "{row}");
        for (j, c) in cells.iter().enumerate() {
            if i == j {
                assert_eq!(*c, ".");
            } else {
                let (w, l) = c.split_once('-').unwrap();
                assert_eq!(
                    w.parse::<u32>().unwrap() + l.parse::<u32>().unwrap(),
                    6,
                    "{row}"
                );
            }
        }
    }
    assert!(out.contains("  greedy vs random: "), "{out}");
    assert!(out.contains("  greedy vs greedy-b: "), "{out}");
    assert!(out.contains("  random vs greedy-b: "), "{out}");
}

#[test]
fn a_one_sided_match_says_so_in_words() {
    // An engine that greets, then exits at its first move, loses every game by a crash (one
    // that cannot even start is refused before the match: see below).
    let crasher = script(
        "greets-then-exits.sh",
        "while read -r cmd rest; do
           case \"$cmd\" in
             ugi) echo ugiok ;;
             isready) echo readyok ;;
             *) exit 3 ;;
           esac
         done
",
    );
    let one_sided = |more: &str| {
        ok(&words(&format!(
            "match --engine name=true cmd={} --opponent greedy {more}",
            crasher.display()
        )))
    };
    let out = one_sided("--games 10");
    assert!(out.contains("Games 10: true 0 - 10 greedy"), "{out}");
    assert!(
        out.contains("Pairs 5: true won 0, split 0, lost 5"),
        "{out}"
    );
    assert!(
        out.contains("Elo not finite: every game lost, so no lower bound; at most -"),
        "{out}"
    );
    assert!(!out.contains("inf"), "{out}");
    let score = out.lines().find(|l| l.starts_with("Score ")).unwrap();
    assert!(score.starts_with("Score 0.000 [0.000, 0.3"), "{score}");
    assert!(out.contains("true lost by fault: crash 10"), "{out}");
    let json = one_sided("--games 4 --json");
    assert!(
        json.starts_with("{\"games\":4,") && json.ends_with("}\n"),
        "{json}"
    );
    assert_eq!(json.lines().count(), 1, "{json}");
    // Four games cannot exclude a small edge: the upper bound is finite, and above zero, and
    // the words say what that means.
    assert!(
        json.contains("\"elo\":{\"value\":null,\"low\":null,\"high\":1"),
        "{json}"
    );
    assert!(
        json.contains("\"text\":\"not finite: every game lost, so no lower bound; at most +"),
        "{json}"
    );
    assert!(
        json.contains("(95%), too few games to tell it is the weaker\""),
        "{json}"
    );
}

#[test]
fn start_positions_are_played_as_pairs() {
    let positions = tmp("positions.txt");
    std::fs::write(
        &positions,
        "# two starts\n5/5/B11R12/5/5 b\n451623 123456 r\n",
    )
    .unwrap();
    let rec = tmp("positions-games.txt");
    let p = positions.to_str().unwrap();
    let r = rec.to_str().unwrap();
    ok(&argv(
        "match --engine greedy --games 8 --positions",
        &[p, "--record", r],
    ));
    let games = parse_records(&std::fs::read_to_string(&rec).unwrap()).unwrap();
    assert_eq!(games.len(), 8);
    let starts: Vec<String> = games.iter().map(|g| to_fen(&g.start_board())).collect();
    for (i, s) in starts.iter().enumerate() {
        let want = if (i / 2) % 2 == 0 {
            "5/5/B11R12/5/5 b"
        } else {
            "R4R5R12/R6R23/R33B6/3B5B4/2B3B2B1 r"
        };
        assert_eq!(s, want, "game {}", i + 1);
    }
    let replay = ok(&["replay", r]);
    assert!(replay.contains("8 games replayed, all valid"));
    std::fs::write(&positions, "5/5/5/5/4R1 b\n").unwrap();
    let err = fails(&["match", "--engine", "greedy", "--positions", p]);
    assert!(
        err.contains("positions.txt: line 1: the game is already over"),
        "{err}"
    );
}

/// The report of a match's output: everything from its `Games` line up to the wall time, without
/// the players' answering times (measured, so they differ from run to run).
fn report_of(out: &str) -> String {
    out.lines()
        .skip_while(|l| !l.starts_with("Games "))
        .take_while(|l| !l.starts_with("Wall time") && !l.starts_with("Shard "))
        .filter(|l| !is_time_line(l))
        .map(|l| format!("{l}\n"))
        .collect()
}

fn is_time_line(l: &str) -> bool {
    l.contains(" took ") && l.contains(" ms a move (at most ")
}

/// A JSON report without the players' answering times.
fn json_without_times(out: &str) -> serde_json::Value {
    let mut v: serde_json::Value = serde_json::from_str(out).unwrap();
    for p in v["players"].as_array_mut().unwrap() {
        let time = p.as_object_mut().unwrap().remove("time");
        assert!(time.is_some_and(|t| t.is_null() || t["moves"].as_u64() > Some(0)));
    }
    v
}

fn shards_equal_one_run(label: &str, players: &[&str]) {
    let full = tmp(&format!("{label}-full.txt"));
    let full_s = full.to_str().unwrap();
    // `ewn match` of `players` with `extra`, its records written to `record`: its output.
    let run = |extra: &[&str], record: &str| -> String {
        let mut args = vec!["match"];
        args.extend(players);
        args.extend(["--games", "10", "--concurrency", "2"]);
        args.extend(extra);
        args.extend(["--record", record]);
        ok(&args)
    };
    let one_run = report_of(&run(&["--seed", "21"], full_s));
    assert!(one_run.starts_with("Games "), "{one_run}");

    let mut shard_files = Vec::new();
    for k in 1..=3 {
        let f = tmp(&format!("{label}-shard{k}.txt"));
        let shard = format!("{k}/3");
        let out = run(&["--seed", "21", "--shard", &shard], f.to_str().unwrap());
        assert!(out.contains(&format!("Shard {k}/3: ")), "{out}");
        shard_files.push(f.to_str().unwrap().to_string());
    }
    let mut merged_args = vec!["stats"];
    merged_args.extend(shard_files.iter().map(String::as_str));
    let merged = ok(&merged_args);
    assert_eq!(report_of(&merged), one_run);
    assert_eq!(report_of(&ok(&["stats", full_s])), one_run);
    // The times merged are the times of the shards' records; the rest is the one run's report.
    let entrants = players
        .iter()
        .filter(|w| **w == "--engine" || **w == "--opponent")
        .count();
    assert_eq!(merged.lines().filter(|l| is_time_line(l)).count(), entrants);
    let mut json_args = merged_args.clone();
    json_args.push("--json");
    assert_eq!(
        json_without_times(&ok(&json_args)),
        json_without_times(&ok(&["stats", full_s, "--json"]))
    );

    // The same game twice, or games of another match, are refused.
    let err = fails(&["stats", full_s, &shard_files[0]]);
    assert!(err.contains("appears twice"), "{err}");
    let other = tmp(&format!("{label}-other.txt"));
    run(&["--seed", "22", "--shard", "2/3"], other.to_str().unwrap());
    let err = fails(&["stats", &shard_files[0], other.to_str().unwrap()]);
    assert!(err.contains("different matches"), "{err}");
}

#[test]
fn shards_merged_equal_one_run() {
    shards_equal_one_run("two", &["--engine", "greedy", "--opponent", "random"]);
}

#[test]
fn shards_of_a_round_robin_merged_equal_one_run() {
    shards_equal_one_run(
        "rr",
        &[
            "--engine",
            "greedy",
            "--engine",
            "random",
            "--engine",
            "random",
            "name=r2",
            "--tournament",
            "round-robin",
        ],
    );
}

#[test]
fn stats_applies_an_sprt_to_merged_records() {
    let f = tmp("sprt-games.txt");
    let fs = f.to_str().unwrap();
    ok(&[
        "match", "--engine", "greedy", "--games", "200", "--seed", "5", "--record", fs,
    ]);
    let out = ok(&["stats", fs, "--sprt", "0,50,0.05,0.05"]);
    let line = out.lines().find(|l| l.starts_with("SPRT ")).unwrap();
    assert!(line.contains("H1 accepted after 100 pairs"), "{out}");
    let err = fails(&["stats", fs, "--sprt", "10,0,0.05,0.05"]);
    assert!(err.contains("bad SPRT"), "{err}");
}

/// Writes an executable shell script `name` with `body` and returns its path.
fn script(name: &str, body: &str) -> PathBuf {
    use std::os::unix::fs::PermissionsExt;
    let path = tmp(name);
    std::fs::write(&path, format!("#!/bin/sh\n{body}")).unwrap();
    std::fs::set_permissions(&path, std::fs::Permissions::from_mode(0o755)).unwrap();
    path
}

/// `ewn match` with `engine` (one word list) against greedy, two games into a record: it must
/// fail before any game, name the program in one line, and leave no record of forfeits.
fn refused_at_start(case: &str, engine: &[&str], says: &str) {
    let record = tmp(&format!("start-{case}.txt"));
    let mut args = vec!["match", "--engine"];
    args.extend_from_slice(engine);
    let record_arg = record.display().to_string();
    args.extend_from_slice(&[
        "--opponent",
        "greedy",
        "--games",
        "4",
        "--movetime",
        "20",
        "--quiet",
        "--record",
        &record_arg,
    ]);
    let r = common::run(&args, "");
    assert!(!r.ok, "{case}: the match ran: {}", r.stdout);
    let lines: Vec<&str> = r
        .stderr
        .lines()
        .filter(|l| l.starts_with("error"))
        .collect();
    assert_eq!(lines.len(), 1, "{case}: {}", r.stderr);
    assert!(
        lines[0].contains("could not be started"),
        "{case}: {}",
        r.stderr
    );
    assert!(lines[0].contains(says), "{case}: {}", r.stderr);
    assert!(
        r.stdout.is_empty(),
        "{case}: games were played: {}",
        r.stdout
    );
    let kept = std::fs::read_to_string(&record).unwrap_or_default();
    assert!(
        !kept.contains("result"),
        "{case}: forfeits recorded:\n{kept}"
    );
}

#[test]
fn an_engine_that_cannot_start_stops_the_match_before_any_game() {
    let missing = tmp("no-such-engine");
    let missing = missing.display().to_string();
    refused_at_start("missing", &[&missing], "no-such-engine");
    let text = tmp("not-executable");
    std::fs::write(&text, "not a program\n").unwrap();
    refused_at_start(
        "not-executable",
        &[&text.display().to_string()],
        "not-executable",
    );
    refused_at_start(
        "not-executable-hint",
        &[&text.display().to_string()],
        "chmod +x",
    );
    let dies = script("dies-at-once.sh", "exit 3\n");
    refused_at_start("dies", &[&dies.display().to_string()], "dies-at-once.sh");
    // Two broken engines: both named in the one line, so one run finds both mistakes.
    let both = format!("{missing} --engine {}", dies.display());
    let words: Vec<&str> = both.split(' ').collect();
    refused_at_start("two", &words, "no-such-engine");
    refused_at_start("two-second", &words, "dies-at-once.sh");
    // One that reads its input and never answers the handshake is refused after the
    // handshake's wait: `referee_front_door`'s silent program.
    // Sends back what it is sent: refused at its echo of `ugi`, with the hint of `proto=`.
    refused_at_start("cat", &["cat"], "echoes its input");
    refused_at_start("cat-hint", &["cat"], "proto=tcg");
    // A UCI engine's answer to a command it does not know: refused at that line, the same hint.
    let uci = script(
        "uci-like.sh",
        "echo 'Fishy 1 by the Fish developers'\n\
         while read -r line; do echo \"Unknown command: '$line'. Type help for more information.\"; done\n",
    );
    refused_at_start("uci", &[&uci.display().to_string()], "Unknown command");
    refused_at_start("uci-hint", &[&uci.display().to_string()], "proto=tcg");
    let tcg = script("tcg-dies.sh", "exit 0\n");
    refused_at_start(
        "tcg-dies",
        &[&format!("tcg:{}", tcg.display())],
        "tcg-dies.sh",
    );
    // TCG has no handshake; the start of a game stands for one: `cat` echoes `time_setting`.
    refused_at_start("tcg-cat", &["tcg:cat"], "'time_setting 60' answered");
    // The arena's NAME=COMMAND form: a name and a command, never a program of that name.
    let arena = format!("prog={missing}");
    refused_at_start("arena-form", &[&arena], "engine 'prog'");
}

#[test]
fn a_crash_after_the_start_stays_a_forfeit() {
    // Greets, then dies at its first move: the start check passes, the games are forfeits.
    let p = script(
        "crash-on-go.sh",
        "while read -r cmd rest; do\n\
           case \"$cmd\" in\n\
             ugi) echo ugiok ;;\n\
             isready) echo readyok ;;\n\
             go) exit 3 ;;\n\
             quit) exit 0 ;;\n\
           esac\n\
         done\n",
    );
    let record = tmp("crash-on-go.txt");
    let out = ok(&[
        "match",
        "--engine",
        "name=crasher",
        &format!("cmd={}", p.display()),
        "--opponent",
        "greedy",
        "--games",
        "2",
        "--movetime",
        "50",
        "--quiet",
        "--record",
        &record.display().to_string(),
    ]);
    let games = parse_records(&std::fs::read_to_string(&record).unwrap()).unwrap();
    assert_eq!(games.len(), 2, "{out}");
    for g in &games {
        assert_eq!(g.reason, ewn::record::Reason::Crash, "{out}");
        assert!(g.red == "crasher" || g.blue == "crasher", "{out}");
    }
}

#[test]
fn both_forms_of_a_named_engine_play_the_same_match() {
    let mut outs = Vec::new();
    for form in [
        vec!["name=me".to_string(), format!("cmd={EWN}")],
        vec![format!("me={EWN}")],
    ] {
        let mut args = vec!["match", "--engine"];
        args.extend(form.iter().map(String::as_str));
        args.extend_from_slice(&[
            "--opponent",
            "greedy",
            "--games",
            "2",
            "--movetime",
            "10",
            "--quiet",
        ]);
        let out = ok(&args);
        assert!(!out.contains(EWN), "the command became the name: {out}");
        outs.push(out.lines().filter(|l| l.starts_with("game ")).count());
        assert!(out.contains("Games 2: me "), "{out}");
    }
    assert_eq!(outs, [2, 2]);
}

/// A closed standard output (`ewn match ... | head -2`) ends the run with its one error line,
/// never a panic: the game lines of `--quiet` and the summary of `--json` (progress on standard
/// error) alike.
#[test]
fn a_closed_standard_output_is_an_error_not_a_panic() {
    use std::process::{Command, Stdio};
    for mode in ["--quiet", "--json"] {
        // The reader is gone before the runner starts: a pipe whose reading end is closed, so
        // that its first write fails however fast it runs (closing the end after the start
        // raced with a runner that finished first on a loaded machine).
        let (reader, writer) = std::io::pipe().unwrap();
        drop(reader);
        let out = Command::new(EWN)
            .args(words(
                "match --engine greedy --opponent random --games 2 --seed 5",
            ))
            .arg(mode)
            .env_remove("RUST_BACKTRACE")
            .stdin(Stdio::null())
            .stdout(writer)
            .stderr(Stdio::piped())
            .output()
            .unwrap();
        let err = String::from_utf8_lossy(&out.stderr);
        assert!(!out.status.success(), "{mode}: {err}");
        assert!(!err.contains("panicked"), "{mode}: {err}");
        assert!(
            err.contains("error") && err.contains("standard output") || err.contains("progress"),
            "{mode}: {err}"
        );
    }
}

/// The full form of a player in one quoted argument reads as its words one by one, and an
/// `--engine` that cannot be read is named by its place.
#[test]
fn the_full_form_in_one_argument_plays_and_errors_name_the_engine_by_place() {
    let one = format!("name=ext cmd={EWN} option.Hash=16");
    let out = ok(&[
        "match",
        "--engine",
        &one,
        "--opponent",
        "greedy",
        "--games",
        "2",
        "--movetime",
        "5",
    ]);
    assert!(out.contains("Games 2: ext"), "{out}");
    let err = fails(&[
        "match",
        "--engine",
        "greedy",
        "--engine",
        "name=x movetime=5",
    ]);
    assert!(err.contains("--engine #2 (name=x movetime=5)"), "{err}");
    assert!(err.contains("no command"), "{err}");
}

/// An option the engine answers with `error` at the start check (a mistyped name, a value out of
/// range) stops the match before any game, naming the engine, the option and the engine's words;
/// the options it accepts are no error.
#[test]
fn an_option_the_engine_refuses_stops_the_match_before_any_game() {
    let fake = script(
        "picky.sh",
        "while read -r l; do case \"$l\" in ugi) echo ugiok;; isready) echo readyok;; \
         'setoption name Hsh '*) echo 'error unknown option Hsh';; quit) exit 0;; esac; done\n",
    );
    let cmd = format!("cmd={}", fake.display());
    refused_at_start(
        "option",
        &[&cmd, "name=picky", "option.Hash=16", "option.Hsh=16"],
        "engine 'picky' could not be started",
    );
    let r = common::run(
        &[
            "match",
            "--engine",
            &cmd,
            "option.Hash=16",
            "option.Hsh=16",
            "--games",
            "2",
        ],
        "",
    );
    assert!(!r.ok);
    assert!(
        r.stderr
            .contains("option.Hsh=16 refused: error unknown option Hsh"),
        "{}",
        r.stderr
    );
    assert!(!r.stderr.contains("option.Hash"), "{}", r.stderr);
    // The refusal is the engine's own words, not a broken handshake.
    assert!(!r.stderr.contains("handshake broken"), "{}", r.stderr);
}

#[test]
fn a_round_robins_pairings_each_play_on_dice_of_their_own() {
    // Three players, two pairs per pairing: global pairs 0..6, pair p of pairing p mod 3.
    let run = |name: &str| {
        let f = tmp(name);
        ok(&[
            "match",
            "--engine",
            "greedy",
            "--engine",
            "random",
            "--engine",
            "random",
            "name=r2",
            "--tournament",
            "round-robin",
            "--games",
            "4",
            "--seed",
            "5",
            "--record",
            f.to_str().unwrap(),
        ]);
        let mut games = parse_records(&std::fs::read_to_string(&f).unwrap()).unwrap();
        games.sort_by_key(|g| g.number);
        assert_eq!(games.len(), 12);
        games
            .into_iter()
            .map(|g| {
                (
                    g.seed.unwrap(),
                    g.plies.iter().map(|p| p.die).collect::<Vec<u8>>(),
                )
            })
            .collect::<Vec<_>>()
    };
    let games = run("rr-dice-1.txt");
    // The two games of a pair (colours swapped) on the same seed and the same die ply by ply.
    for pair in games.chunks(2) {
        let ((s1, d1), (s2, d2)) = (&pair[0], &pair[1]);
        assert_eq!(s1, s2);
        let n = d1.len().min(d2.len());
        assert!(n > 0 && d1[..n] == d2[..n], "{d1:?} / {d2:?}");
    }
    // Each pairing's first pair (global pairs 0, 1 and 2) on dice of its own.
    let firsts: Vec<&(u64, Vec<u8>)> = (0..3).map(|p| &games[2 * p]).collect();
    for i in 0..3 {
        for j in i + 1..3 {
            assert_ne!(
                firsts[i].0, firsts[j].0,
                "pairings {i} and {j} share a seed"
            );
            let n = firsts[i].1.len().min(firsts[j].1.len());
            assert_ne!(
                firsts[i].1[..n],
                firsts[j].1[..n],
                "pairings {i} and {j} share their dice"
            );
        }
    }
    // The same seed, the same dice.
    assert_eq!(run("rr-dice-2.txt"), games);
}
