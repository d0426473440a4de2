//! The referee's front door as an organiser meets it: a resume with other settings names the
//! setting that differs, a resume says what it keeps, Ctrl-C says what the record holds and how to
//! resume it, an option that the schedule does not take is refused, the help and the format's
//! description say the same, and commands and paths with spaces work as a shell user writes them.

use std::path::{Path, PathBuf};
use std::process::{Command, Stdio};
use std::time::{Duration, Instant};

use crate::common::{self, EWN};

/// The finished games of a record file (its `end` lines).
fn finished(path: &Path) -> usize {
    std::fs::read_to_string(path)
        .unwrap_or_default()
        .lines()
        .filter(|l| *l == "end")
        .count()
}

/// A match of the built-in players, `--games games --seed 3`, recorded to `record`, with `more`.
fn builtin_match(record: &Path, games: &str, more: &[&str]) -> Vec<String> {
    let mut a: Vec<String> = [
        "match",
        "--engine",
        "greedy",
        "--opponent",
        "random",
        "--games",
        games,
        "--seed",
        "3",
        "--quiet",
        "--record",
    ]
    .iter()
    .map(|s| s.to_string())
    .collect();
    a.push(record.display().to_string());
    a.extend(more.iter().map(|s| s.to_string()));
    a
}

fn run(args: &[String]) -> common::Ran {
    let args: Vec<&str> = args.iter().map(String::as_str).collect();
    common::run(&args, "")
}

#[test]
fn a_resume_with_other_settings_names_the_first_that_differs_and_both_values() {
    let rec = common::temp_path("front-door", "settings.txt");
    let ran = run(&builtin_match(&rec, "20", &[]));
    assert!(ran.ok, "{}", ran.stderr);
    let before = std::fs::read(&rec).unwrap();
    for (args, says) in [
        (
            builtin_match(&rec, "40", &["--resume"]),
            "--games 40 here, 20 in the record",
        ),
        (
            builtin_match(&rec, "20", &["--resume", "--grace", "50"]),
            "--grace 50 here, 100 in the record",
        ),
        (
            builtin_match(&rec, "20", &["--resume", "--movetime", "30"]),
            "the time control: --movetime 30 here, --movetime 100 in the record",
        ),
        (
            builtin_match(&rec, "20", &["--resume", "--opponent-name", "rnd"]),
            "player 2: name=rnd here, name=random in the record",
        ),
        (
            builtin_match(&rec, "20", &["--resume", "--first-to", "3"])
                .into_iter()
                .filter(|a| a != "--games" && a != "20")
                .collect(),
            "--first-to 3 here, not given in the record",
        ),
        // The variant is not in the fingerprint: the header still tells it.
        (
            builtin_match(&rec, "20", &["--resume", "--variant", "4x4"]),
            "--variant 4x4 here, standard in the record",
        ),
    ] {
        let r = run(&args);
        assert!(!r.ok, "{args:?}");
        assert!(r.stderr.contains(says), "{args:?}: {}", r.stderr);
        assert_eq!(r.stderr.trim().lines().count(), 1, "{}", r.stderr);
        assert_eq!(
            std::fs::read(&rec).unwrap(),
            before,
            "the record was changed"
        );
    }
    // The same settings resume it (nothing left to play).
    let same = run(&builtin_match(&rec, "20", &["--resume"]));
    assert!(same.ok, "{}", same.stderr);
}

#[test]
fn a_resume_says_how_many_games_it_kept_and_how_many_it_plays() {
    let rec = common::temp_path("front-door", "kept.txt");
    let ran = run(&builtin_match(&rec, "6", &[]));
    assert!(ran.ok, "{}", ran.stderr);
    // Cut after the second game's `end`, and a little of the third.
    let text = std::fs::read_to_string(&rec).unwrap();
    let second = text.match_indices("\nend\n").nth(1).unwrap().0 + "\nend\n".len();
    std::fs::write(&rec, &text[..second + 10]).unwrap();
    let r = run(&builtin_match(&rec, "6", &["--resume"]));
    assert!(r.ok, "{}", r.stderr);
    let name = rec.display().to_string();
    let line = format!("resuming: 2 games kept from {name}, 4 to play");
    assert!(r.stderr.lines().any(|l| l == line), "{}", r.stderr);
    assert_eq!(finished(&rec), 6);
    // A first-to match may end sooner: it says so.
    let ft = common::temp_path("front-door", "kept-first-to.txt");
    let args = |more: &[&str]| -> Vec<String> {
        let mut a: Vec<String> = builtin_match(&ft, "2", more)
            .into_iter()
            .filter(|a| a != "--games" && a != "2")
            .collect();
        a.extend(["--first-to".to_string(), "3".to_string()]);
        a
    };
    assert!(run(&args(&[])).ok);
    let kept = finished(&ft);
    let r = run(&args(&["--resume"]));
    assert!(r.ok, "{}", r.stderr);
    let line = format!(
        "resuming: {kept} games kept from {}, at most {} to play",
        ft.display(),
        5 - kept
    );
    assert!(r.stderr.lines().any(|l| l == line), "{}", r.stderr);
}

#[test]
fn games_per_round_without_rounds_and_games_with_rounds_are_refused() {
    let e = common::run_fails(&[
        "match",
        "--engine",
        "greedy",
        "--opponent",
        "random",
        "--games-per-round",
        "4",
    ]);
    assert!(
        e.contains("--games-per-round 4 is for --tournament swiss or knockout")
            && e.contains("give --games instead"),
        "{e}"
    );
    assert_eq!(e.trim().lines().count(), 1, "{e}");
    let e = common::run_fails(&[
        "match",
        "--engine",
        "greedy",
        "--engine",
        "random",
        "--engine",
        "greedy",
        "--tournament",
        "knockout",
        "--games",
        "10",
    ]);
    assert!(
        e.contains("--games 10 is not for --tournament knockout")
            && e.contains("--games-per-round"),
        "{e}"
    );
    assert_eq!(e.trim().lines().count(), 1, "{e}");
}

/// Runs of spaces as one, for text wrapped differently in two places.
fn flat(s: &str) -> String {
    s.replace('`', "")
        .split_whitespace()
        .collect::<Vec<_>>()
        .join(" ")
}

#[test]
fn match_help_and_the_record_format_say_the_same_of_rounds_and_first_to() {
    let help = flat(&common::run_ok(&["match", "--help"]));
    let doc = flat(
        &std::fs::read_to_string(Path::new(env!("CARGO_MANIFEST_DIR")).join("protocol/records.md"))
            .unwrap(),
    );
    for said in [
        "--rounds (only with --tournament swiss): at most N - 1 for N players, N with an odd \
         number (each player sitting out one round with its bye), so that no pairing repeats",
        "ends as soon as one side has N wins (1..500000): at most 2N - 1 games",
    ] {
        let said = flat(said);
        // The help says it of its option, without the option's name before it.
        let in_help = said.strip_prefix("--rounds ").unwrap_or(&said);
        assert!(
            help.contains(in_help),
            "the help lacks {in_help:?}:\n{help}"
        );
        assert!(doc.contains(&said), "records.md lacks {said:?}");
    }
}

/// A folder with a space in its name, for this test's files.
fn spaced_dir(name: &str) -> PathBuf {
    let dir = common::temp_path("front-door", name);
    std::fs::create_dir_all(&dir).unwrap();
    dir
}

/// An engine script at a path with a space: this program, its answers `delay` late, searching to
/// depth 2 (so that it plays the same moves from the same seed), with the script's arguments.
fn spaced_engine(dir: &Path, delay: &str) -> PathBuf {
    let path = dir.join("my engine.sh");
    std::fs::write(
        &path,
        format!(
            "#!/bin/sh\n\
             while IFS= read -r line; do\n\
               case \"$line\" in go\\ die*) sleep {delay}; line=\"${{line%% movetime*}} depth 2\" ;; esac\n\
               printf '%s\\n' \"$line\"\n\
             done | exec '{EWN}' \"$@\"\n"
        ),
    )
    .unwrap();
    let mut perm = std::fs::metadata(&path).unwrap().permissions();
    std::os::unix::fs::PermissionsExt::set_mode(&mut perm, 0o755);
    std::fs::set_permissions(&path, perm).unwrap();
    path
}

#[test]
fn commands_and_paths_with_spaces_work_as_in_a_shell_and_errors_quote_them() {
    let dir = spaced_dir("with space");
    let engine = spaced_engine(&dir, "0");
    let e = engine.display().to_string();
    let rec = dir.join("my games.txt");
    let r = rec.display().to_string();
    // The path alone (`cmd="./my engine"`), and quoted inside a command with arguments.
    for cmd in [format!("cmd={e}"), format!("cmd='{e}' --threads 1")] {
        let _ = std::fs::remove_file(&rec);
        let out = common::run_ok(&[
            "match",
            "--engine",
            &cmd,
            "--opponent",
            "greedy",
            "--games",
            "2",
            "--quiet",
            "--record",
            &r,
        ]);
        assert!(out.contains("Games 2"), "{cmd}: {out}");
        assert_eq!(finished(&rec), 2, "{cmd}");
    }
    // A record with a space that holds games: named in quotes.
    let err = common::run_fails(&[
        "match", "--engine", "greedy", "--games", "2", "--record", &r,
    ]);
    assert!(
        err.contains(&format!("the record '{r}' already holds 2 games")),
        "{err}"
    );
    // An engine with a space that is not there: its command quoted.
    let missing = dir.join("no such engine").display().to_string();
    let err = common::run_fails(&[
        "match",
        "--engine",
        &format!("cmd='{missing}' --threads 1"),
        "--games",
        "2",
    ]);
    assert!(
        err.contains(&format!("(command: '{missing}' --threads 1)")),
        "{err}"
    );
    // A quote left open is refused with one line that names it.
    let err = common::run_fails(&[
        "match",
        "--engine",
        &format!("cmd='{e} --threads 1"),
        "--games",
        "2",
    ]);
    assert!(err.contains("a quote that is not closed"), "{err}");
    assert_eq!(err.trim().lines().count(), 1, "{err}");
}

#[test]
fn ctrl_c_says_what_the_record_holds_and_the_command_that_resumes_it() {
    let dir = spaced_dir("ctrl c");
    let engine = spaced_engine(&dir, "0.03");
    let rec = dir.join("the games.txt");
    let args: Vec<String> = [
        "match".to_string(),
        "--engine".into(),
        format!("cmd={}", engine.display()),
        "name=slow".into(),
        "--opponent".into(),
        "greedy".into(),
        "--games".into(),
        "200".into(),
        "--seed".into(),
        "5".into(),
        "--quiet".into(),
        "--record".into(),
        rec.display().to_string(),
    ]
    .to_vec();
    let mut runner = Command::new(EWN)
        .args(&args)
        .stdout(Stdio::null())
        .stderr(Stdio::piped())
        .spawn()
        .unwrap();
    let until = Instant::now() + Duration::from_secs(120);
    while finished(&rec) < 2 {
        assert!(Instant::now() < until, "no two games in {}", rec.display());
        if let Some(status) = runner.try_wait().unwrap() {
            let mut err = String::new();
            std::io::Read::read_to_string(runner.stderr.as_mut().unwrap(), &mut err).unwrap();
            panic!("the match ended by itself ({status}): {err}");
        }
        std::thread::sleep(Duration::from_millis(10));
    }
    let pid = nix::unistd::Pid::from_raw(runner.id() as i32);
    nix::sys::signal::kill(pid, nix::sys::signal::Signal::SIGINT).unwrap();
    let out = runner.wait_with_output().unwrap();
    assert!(!out.status.success());
    let err = String::from_utf8_lossy(&out.stderr);
    let held = finished(&rec);
    let name = rec.display().to_string();
    let said = format!("interrupted: {held} games in '{name}', each on the disk");
    assert!(err.contains(&said), "{said:?} not in:\n{err}");
    // The command on the next line, read back by a shell, is this command line with --resume.
    let command = err
        .lines()
        .skip_while(|l| !l.starts_with("interrupted:"))
        .nth(1)
        .unwrap_or_default()
        .trim()
        .to_string();
    let words = Command::new("sh")
        .arg("-c")
        .arg(format!("printf '%s\\n' {command}"))
        .output()
        .unwrap();
    let words: Vec<String> = String::from_utf8_lossy(&words.stdout)
        .lines()
        .map(String::from)
        .collect();
    let mut expected = vec![EWN.to_string()];
    expected.extend(args.iter().cloned());
    expected.push("--resume".into());
    assert_eq!(words, expected, "{command}");
    // The record is whole: every game in it replays, and a resume continues from it.
    let replay = common::run_ok(&["replay", &name]);
    assert!(
        replay.contains(&format!("{held} games replayed, all valid")),
        "{replay}"
    );
    // Resumed with a shorter match the record is refused as another's, and left as it was: the
    // games it holds are of this one.
    let before = std::fs::read(&rec).unwrap();
    let mut other = args.clone();
    other[7] = "4".into();
    other.push("--resume".into());
    let r = run(&other);
    assert!(
        r.stderr.contains("--games 4 here, 200 in the record"),
        "{}",
        r.stderr
    );
    assert_eq!(std::fs::read(&rec).unwrap(), before);
}

#[test]
fn ctrl_c_without_a_record_says_that_nothing_can_be_resumed() {
    // Built-in players only: no engine program, and still the signal is taken and answered.
    let mut runner = Command::new(EWN)
        .args([
            "match",
            "--engine",
            "greedy",
            "--opponent",
            "random",
            "--games",
            "100000",
            "--quiet",
        ])
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .unwrap();
    let mut stdout = std::io::BufReader::new(runner.stdout.take().unwrap());
    let mut first = String::new();
    std::io::BufRead::read_line(&mut stdout, &mut first).unwrap();
    assert!(first.starts_with("game 1/"), "{first}");
    let pid = nix::unistd::Pid::from_raw(runner.id() as i32);
    nix::sys::signal::kill(pid, nix::sys::signal::Signal::SIGINT).unwrap();
    std::io::copy(&mut stdout, &mut std::io::sink()).unwrap();
    let out = runner.wait_with_output().unwrap();
    assert!(!out.status.success());
    let err = String::from_utf8_lossy(&out.stderr);
    assert!(
        err.contains("interrupted: no --record was given, so the games played are not kept"),
        "{err}"
    );
}
