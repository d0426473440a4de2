//! Numbers out of range and bad record files: a clear error that says where, never a panic, an
//! overflow, a huge allocation or a silent default.

use crate::common::{run, run_fails, run_ok, temp_path};

#[test]
fn numeric_arguments_out_of_range_are_refused() {
    for (args, why) in [
        (vec!["--games", "0"], "--games 0"),
        (vec!["--games", "18446744073709551614"], "1..1000000"),
        (vec!["--movetime", "9223372036854775808"], "1..3600000"),
        (vec!["--movetime", "0"], "1..3600000"),
        (vec!["--tc", "1e300+0"], "at most 86400 s"),
        (vec!["--tc", "10+1e300"], "at most 3600 s"),
        (vec!["--shard", "2/18446744073709551615"], "has none"),
        (vec!["--shard", "0/3"], "bad shard"),
        (vec!["--concurrency", "0"], "concurrency"),
        (vec!["--grace", "18446744073709551615"], "grace"),
    ] {
        let mut all = vec!["match", "--engine", "greedy", "--games", "2"];
        if args[0] == "--games" {
            all.truncate(3);
        }
        all.extend(&args);
        let err = run_fails(&all);
        assert!(err.contains(why), "{args:?}: {err}");
        assert!(!err.contains("panicked"), "{args:?}: {err}");
    }
    let long = format!("name={}", "x".repeat(70_000));
    let err = run_fails(&["match", "--engine", "greedy", &long]);
    assert!(err.contains("longer than 256"), "{err}");
    // The same limit for the names given apart from the players.
    let long = "x".repeat(70_000);
    for flag in ["--engine-name", "--opponent-name"] {
        let err = run_fails(&["match", "--engine", "greedy", "--games", "2", flag, &long]);
        assert!(err.contains(&format!("{flag} is longer than 256")), "{err}");
    }
}

/// A record of one short match, as the runner writes it.
fn a_record() -> String {
    let path = temp_path("limits", "one.txt");
    let p = path.to_string_lossy().into_owned();
    run_ok(&[
        "match", "--engine", "greedy", "--games", "2", "--quiet", "--record", &p,
    ]);
    // The games, without the header's comment lines: the line numbers below are a game's.
    let text = std::fs::read_to_string(&path).unwrap();
    let at = text.find("game 1\n").unwrap();
    text[at..].to_string()
}

fn write(name: &str, bytes: &[u8]) -> String {
    let path = temp_path("limits", name);
    std::fs::write(&path, bytes).unwrap();
    path.to_string_lossy().into_owned()
}

#[test]
fn record_files_are_checked_and_errors_say_where() {
    let good = a_record();
    for cmd in ["replay", "stats", "review"] {
        // Empty, or comments only: no games is an error that names the file.
        for (name, text) in [("empty.txt", ""), ("comments.txt", "# nothing\n\n")] {
            let f = write(name, text.as_bytes());
            let err = run_fails(&[cmd, &f]);
            assert!(
                err.contains(&format!("no finished game in {f}")),
                "{cmd}: {err}"
            );
        }
        // A byte that is not UTF-8: the file and the line.
        let mut bytes = good.clone().into_bytes();
        let at = good.find("\nred").unwrap() + 5;
        bytes[at] = 0xff;
        let f = write("flipped.txt", &bytes);
        let err = run_fails(&[cmd, &f]);
        assert!(
            err.contains(&f) && err.contains("line 5") && err.contains("not UTF-8"),
            "{cmd}: {err}"
        );
        // A byte-order mark is accepted.
        let f = write("bom.txt", format!("\u{feff}{good}").as_bytes());
        let args: Vec<&str> = if cmd == "review" {
            vec![cmd, &f, "--depth", "1"]
        } else {
            vec![cmd, &f]
        };
        let r = run(&args, "");
        assert!(r.ok, "{cmd}: {}", r.stderr);
        // An impossible date is refused, with its line.
        let bad = good.replacen("\ndate ", "\ndate 2026-13-45\n#", 1);
        let f = write("date.txt", bad.as_bytes());
        let err = run_fails(&[cmd, &f]);
        assert!(
            err.contains("bad date") && err.contains("line 4"),
            "{cmd}: {err}"
        );
        // A name too long for a report column.
        let bad = good.replacen("\nred ", &format!("\nred {}\n#", "n".repeat(1_000)), 1);
        let f = write("name.txt", bad.as_bytes());
        let err = run_fails(&[cmd, &f]);
        assert!(
            err.contains("longer than 256"),
            "{cmd}: {}",
            &err[..err.len().min(300)]
        );
    }
    // A move by the wrong side: the file, the line, the game and the ply.
    let mut lines: Vec<String> = good.lines().map(String::from).collect();
    let i = lines.iter().position(|l| l.starts_with("move ")).unwrap();
    let swapped = if lines[i].starts_with("move r") {
        lines[i].replacen("move r", "move b", 1)
    } else {
        lines[i].replacen("move b", "move r", 1)
    };
    lines[i] = swapped;
    let f = write("wrong-side.txt", (lines.join("\n") + "\n").as_bytes());
    let line = format!("{f}: line {}: game 1: ply 1:", i + 1);
    for args in [
        vec!["stats", &f],
        vec!["export", "--ccgc", &f],
        vec!["replay", &f],
    ] {
        let r = run(&args, "");
        assert!(!r.ok, "{args:?}");
        assert!(
            r.stderr.contains(&line) || r.stdout.contains(&line[f.len() + 2..]),
            "{args:?}: {} {}",
            r.stdout,
            r.stderr
        );
    }
}
