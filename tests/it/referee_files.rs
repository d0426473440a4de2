//! The files the tools write and read: every writer of a record honours the lock `ewn match`
//! takes, and a FIFO given as a record, an engine's standard error or an engine log is refused or
//! worked around, never waited on for ever.
//!
//! Each command runs under a watchdog of a minute: a command that hangs fails its test (and is
//! killed) instead of hanging the suite. Nothing else is timed.

use crate::common;

use std::fs::File;
use std::io::Write;
use std::path::{Path, PathBuf};
use std::process::{Command, Stdio};
use std::time::{Duration, Instant};

use crate::common::EWN;

/// A command still running after this hangs.
const WATCHDOG: Duration = Duration::from_secs(60);

struct Ran {
    ok: bool,
    stdout: String,
    stderr: String,
}

/// Runs `ewn args` with `input` on its standard input, failing the test if it has not ended
/// within [`WATCHDOG`].
fn run(what: &str, args: &[&str], input: &str) -> Ran {
    let out = common::temp_path("files", &format!("{what}.out"));
    let err = common::temp_path("files", &format!("{what}.err"));
    let mut child = Command::new(EWN)
        .args(args)
        .stdin(Stdio::piped())
        .stdout(File::create(&out).unwrap())
        .stderr(File::create(&err).unwrap())
        .spawn()
        .unwrap();
    {
        let mut stdin = child.stdin.take().unwrap();
        let _ = stdin.write_all(input.as_bytes());
    }
    let until = Instant::now() + WATCHDOG;
    let status = loop {
        if let Some(s) = child.try_wait().unwrap() {
            break s;
        }
        if Instant::now() > until {
            let _ = child.kill();
            let _ = child.wait();
            panic!(
                "{what}: `ewn {}` still runs after {WATCHDOG:?}: it hangs",
                args.join(" ")
            );
        }
        std::thread::sleep(Duration::from_millis(50));
    };
    Ran {
        ok: status.success(),
        stdout: std::fs::read_to_string(&out).unwrap_or_default(),
        stderr: std::fs::read_to_string(&err).unwrap_or_default(),
    }
}

fn fifo(name: &str) -> PathBuf {
    let p = common::temp_path("files", name);
    let _ = std::fs::remove_file(&p);
    let ok = Command::new("mkfifo").arg(&p).status().unwrap().success();
    assert!(ok, "mkfifo {}", p.display());
    p
}

fn s(p: &Path) -> &str {
    p.to_str().unwrap()
}

#[test]
fn every_writer_of_a_record_honours_its_lock() {
    let path = common::temp_path("files", "locked-record.txt");
    std::fs::write(&path, "kept\n").unwrap();
    // Another process holds the record's lock as `ewn match --record` does (an exclusive flock
    // on the open file).
    let holder = File::options().read(true).write(true).open(&path).unwrap();
    holder.try_lock().unwrap();
    let tries: [(&str, Vec<&str>, &str); 3] = [
        (
            "play",
            vec!["play", "--human", "red", "--record", s(&path)],
            "quit\n",
        ),
        (
            "serve",
            vec![
                "serve",
                "--battle",
                "0",
                "--players",
                "1",
                "--judge",
                "--record",
                s(&path),
            ],
            "",
        ),
        (
            "connect",
            vec!["connect", "127.0.0.1:1", "--record", s(&path)],
            "",
        ),
    ];
    for (what, args, input) in tries {
        let r = run(&format!("lock-{what}"), &args, input);
        assert!(!r.ok, "{what} wrote a record another process holds");
        assert!(
            r.stderr.contains("in use by another runner"),
            "{what}: {}",
            r.stderr
        );
        assert!(
            !r.stdout.contains("listening"),
            "{what} started before it had the record: {}",
            r.stdout
        );
        assert_eq!(
            std::fs::read_to_string(&path).unwrap(),
            "kept\n",
            "{what} touched a record another process holds"
        );
    }
    drop(holder);
    // Free again: play writes it.
    let r = run(
        "lock-free",
        &["play", "--human", "red", "--record", s(&path)],
        "quit\n",
    );
    assert!(r.ok, "{}", r.stderr);
    assert!(std::fs::read_to_string(&path).unwrap().contains("result"));
}

#[test]
fn a_fifo_as_a_record_is_refused_not_waited_on() {
    let cases: [(&str, Vec<&str>, &str); 4] = [
        ("play", vec!["play", "--human", "red", "--record"], "quit\n"),
        (
            "serve",
            vec![
                "serve",
                "--battle",
                "0",
                "--players",
                "1",
                "--judge",
                "--record",
            ],
            "",
        ),
        ("connect", vec!["connect", "127.0.0.1:1", "--record"], ""),
        (
            "match",
            vec![
                "match", "--engine", "greedy", "--games", "2", "--quiet", "--record",
            ],
            "",
        ),
    ];
    for (what, args, input) in cases {
        let f = fifo(&format!("record-{what}.fifo"));
        let mut args = args;
        args.push(s(&f));
        let r = run(&format!("fifo-{what}"), &args, input);
        assert!(!r.ok, "{what}: a FIFO taken as a record");
        assert!(
            r.stderr.contains("not a regular file"),
            "{what}: {}",
            r.stderr
        );
    }
}

#[test]
fn a_fifo_as_an_engines_standard_error_is_refused() {
    let f = fifo("stderr.fifo");
    let stderr = format!("stderr={}", s(&f));
    let r = run(
        "fifo-stderr",
        &[
            "match", "--engine", "self", &stderr, "--games", "2", "--quiet",
        ],
        "",
    );
    assert!(!r.ok);
    assert!(r.stderr.contains("not a regular file"), "{}", r.stderr);
}

#[test]
fn a_fifo_in_place_of_an_engine_log_is_skipped_with_a_warning() {
    let dir = common::temp_path("files", "fifo-logs");
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).unwrap();
    let args = [
        "match",
        "--engine",
        "self",
        "--games",
        "2",
        "--movetime",
        "20",
        "--quiet",
        "--engine-log",
        s(&dir),
    ];
    // A first run names the logs; then one of them is replaced by a FIFO.
    let r = run("fifo-log-names", &args, "");
    assert!(r.ok, "{}", r.stderr);
    let mut logs: Vec<PathBuf> = std::fs::read_dir(&dir)
        .unwrap()
        .map(|e| e.unwrap().path())
        .collect();
    logs.sort();
    assert!(!logs.is_empty());
    let taken = &logs[0];
    // The earlier run's logs removed (a folder holding logs is refused), one name a FIFO.
    for l in &logs {
        std::fs::remove_file(l).unwrap();
    }
    assert!(
        Command::new("mkfifo")
            .arg(taken)
            .status()
            .unwrap()
            .success()
    );
    let r = run("fifo-log", &args, "");
    assert!(r.ok, "{}", r.stderr);
    assert!(r.stderr.contains("not a regular file"), "{}", r.stderr);
    for other in &logs[1..] {
        assert!(other.is_file(), "{} not written", other.display());
    }
}

#[test]
fn a_symlink_in_the_engine_log_folder_leaves_its_target_unchanged() {
    let dir = common::temp_path("files", "link-logs");
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).unwrap();
    // A file outside the folder that the user can write, and a link to it under the name the
    // first game's log will take (`game-1-red-me.log`), and one for the record too.
    let target = common::temp_path("files", "precious.txt");
    std::fs::write(&target, "precious\n").unwrap();
    let planted = dir.join("game-1-red-me.log");
    std::os::unix::fs::symlink(&target, &planted).unwrap();
    let args = [
        "match",
        "--engine",
        "name=me",
        "cmd=self",
        "--games",
        "2",
        "--movetime",
        "20",
        "--quiet",
        "--engine-log",
        s(&dir),
    ];
    let r = run("link-log", &args, "");
    assert!(r.ok, "{}", r.stderr);
    assert!(r.stderr.contains("symbolic link"), "{}", r.stderr);
    assert_eq!(std::fs::read_to_string(&target).unwrap(), "precious\n");
    assert!(
        std::fs::symlink_metadata(&planted)
            .unwrap()
            .file_type()
            .is_symlink()
    );
    // The other game's log is written as usual.
    let other = std::fs::read_to_string(dir.join("game-2-blue-me.log")).unwrap();
    assert!(other.contains("> ugi"), "{other}");
    // A record that is a link is refused, its target untouched.
    let record = common::temp_path("files", "link-record.txt");
    std::os::unix::fs::symlink(&target, &record).unwrap();
    let r = run(
        "link-record",
        &[
            "match",
            "--engine",
            "greedy",
            "--games",
            "2",
            "--quiet",
            "--record",
            s(&record),
        ],
        "",
    );
    assert!(!r.ok, "{}", r.stdout);
    assert!(r.stderr.contains("symbolic link"), "{}", r.stderr);
    assert_eq!(std::fs::read_to_string(&target).unwrap(), "precious\n");
}
