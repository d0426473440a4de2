//! Each option is shown where it applies: `--protocol` only for the protocol loop, `--tables` for
//! the protocol loop and the subcommands that search with tables, and nowhere else.

use crate::common;

fn help(args: &[&str]) -> String {
    let r = common::run(args, "");
    assert!(r.ok, "{args:?} --help failed: {}", r.stderr);
    r.stdout
}

#[test]
fn protocol_and_tables_are_shown_only_where_they_apply() {
    let top = help(&["--help"]);
    assert!(
        top.contains("--protocol") && top.contains("--tables"),
        "{top}"
    );
    for sub in ["review", "analyse", "gui", "connect"] {
        let h = help(&[sub, "--help"]);
        assert!(h.contains("--tables"), "{sub} --help lacks --tables:\n{h}");
        assert!(
            !h.contains("--protocol"),
            "{sub} --help shows --protocol:\n{h}"
        );
    }
    for sub in [
        "match", "stats", "replay", "export", "bench", "perft", "play", "serve", "solve", "tables",
        "variants",
    ] {
        let h = help(&[sub, "--help"]);
        assert!(
            !h.contains("--protocol"),
            "{sub} --help shows --protocol:\n{h}"
        );
        assert!(
            !h.contains("--tables "),
            "{sub} --help shows --tables:\n{h}"
        );
    }
}

#[test]
fn tables_where_they_do_not_apply_are_refused() {
    // After the subcommand clap refuses it; before it, the program says where it applies.
    let r = common::run(&["match", "--tables", "tb"], "");
    assert!(!r.ok && r.stderr.contains("--tables"), "{}", r.stderr);
    let r = common::run(&["--tables", "tb", "replay", "x.txt"], "");
    assert!(!r.ok, "{}", r.stdout);
    assert!(
        r.stderr
            .contains("--tables is for the protocol loop, review, analyse, gui and connect"),
        "{}",
        r.stderr
    );
    let r = common::run(&["--tables", "a", "review", "--tables", "b", "x.txt"], "");
    assert!(!r.ok && r.stderr.contains("given twice"), "{}", r.stderr);
}

/// `ewn replay r.txt | head -1`: the reader stops after one line and closes the pipe. The next
/// line finds it closed; the program ends quietly and with success, never with a panic's text.
#[test]
fn a_reader_that_stops_early_ends_the_output_quietly() {
    use std::io::{BufRead, BufReader};
    let path = common::temp_path("pipe", "many.txt");
    // Enough games that their lines cannot all wait in the pipe's buffer.
    let mut text = String::new();
    for n in 1..=20_000 {
        text.push_str(&format!(
            "game {n}\nsetup 123456 123456\nfirst r\nresult b resign\nend\n"
        ));
    }
    std::fs::write(&path, text).unwrap();
    let mut child = std::process::Command::new(common::EWN)
        .args(["replay", path.to_str().unwrap()])
        .env("RUST_BACKTRACE", "0")
        .stdout(std::process::Stdio::piped())
        .stderr(std::process::Stdio::piped())
        .spawn()
        .unwrap();
    let mut first = String::new();
    BufReader::new(child.stdout.take().unwrap())
        .read_line(&mut first)
        .unwrap();
    assert!(first.starts_with("game 1: blue won by resign"), "{first}");
    // The reader is gone: the pipe is closed.
    let out = child.wait_with_output().unwrap();
    let err = String::from_utf8_lossy(&out.stderr);
    assert!(!err.contains("panicked"), "{err}");
    assert!(out.status.success(), "{:?}: {err}", out.status);
    let _ = std::fs::remove_file(&path);
}
