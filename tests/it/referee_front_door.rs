//! The referee's front door as an organiser meets it: a resume with other settings names the
//! setting that differs, a resume says what it keeps, Ctrl-C says what the record holds and how to
//! resume it, an option that the schedule does not take is refused, the help and the format's
//! description say the same, and commands and paths with spaces work as a shell user writes them;
//! the start check does the whole handshake and its refusals say where to look, the record keeps
//! each player's command (a resume with another warns), and `stats` reads the record's header.

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
            "--grace 50 here, 500 in the record",
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
fn an_odd_number_of_games_says_that_it_is_rounded_up_to_pairs() {
    let record = common::temp_path("front-door", "odd.txt");
    let _ = std::fs::remove_file(&record);
    let r = run(&builtin_match(&record, "3", &[]));
    assert!(r.ok, "{}", r.stderr);
    assert_eq!(
        finished(&record),
        4,
        "three games asked are played as two pairs"
    );
    assert!(
        r.stderr.contains("3 games asked") && r.stderr.contains("so 4 are played"),
        "nothing said of the rounding: {}",
        r.stderr
    );
    let even = common::temp_path("front-door", "even.txt");
    let _ = std::fs::remove_file(&even);
    let r = run(&builtin_match(&even, "4", &[]));
    assert!(r.ok && !r.stderr.contains("games asked"), "{}", r.stderr);
    let _ = std::fs::remove_file(&record);
    let _ = std::fs::remove_file(&even);
}

#[test]
fn games_per_round_without_rounds_and_games_with_rounds_are_refused() {
    let e = refused_in_one_line(&[
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
    let e = refused_in_one_line(&[
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
}

/// The error of a command that must fail, checked to be one line.
fn refused_in_one_line(args: &[&str]) -> String {
    let e = common::run_fails(args);
    assert_eq!(e.trim().lines().count(), 1, "{e}");
    e
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
    let err = refused_in_one_line(&[
        "match",
        "--engine",
        &format!("cmd='{e} --threads 1"),
        "--games",
        "2",
    ]);
    assert!(err.contains("a quote that is not closed"), "{err}");
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
    let mut runner = common::interruptible_ewn()
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
    let mut runner = common::interruptible_ewn()
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

/// Writes an executable file `name` holding `text` in this test's scratch folder.
fn executable(name: &str, text: &str) -> PathBuf {
    let path = common::temp_path("front-door", name);
    std::fs::write(&path, text).unwrap();
    let mut perm = std::fs::metadata(&path).unwrap().permissions();
    std::os::unix::fs::PermissionsExt::set_mode(&mut perm, 0o755);
    std::fs::set_permissions(&path, perm).unwrap();
    path
}

/// `ewn match` of `engine` (its words) against greedy, recorded: it must be refused before any
/// game with one line, which it returns; the record holds no game.
fn refused(case: &str, engine: &[&str]) -> String {
    refused_in(case, &[], engine)
}

/// As [`refused`], with options before `match` (`--variant 6x6`).
fn refused_in(case: &str, global: &[&str], engine: &[&str]) -> String {
    let rec = common::temp_path("front-door", &format!("refused-{case}.txt"));
    let r = rec.display().to_string();
    let mut args = global.to_vec();
    args.extend_from_slice(&["match", "--engine"]);
    args.extend_from_slice(engine);
    args.extend_from_slice(&[
        "--opponent",
        "greedy",
        "--games",
        "2",
        "--movetime",
        "20",
        "--quiet",
        "--record",
        &r,
    ]);
    let ran = common::run(&args, "");
    assert!(!ran.ok, "{case}: the match ran: {}", ran.stdout);
    assert_eq!(
        ran.stderr.trim().lines().count(),
        1,
        "{case}: {}",
        ran.stderr
    );
    assert!(
        ran.stderr.contains("could not be started"),
        "{case}: {}",
        ran.stderr
    );
    assert_eq!(finished(&rec), 0, "{case}: games recorded");
    ran.stderr
}

#[test]
fn an_engine_that_dies_after_ugiok_is_refused_at_the_start_check() {
    // Greets, then exits at `isready`: before, the check passed and every game was a forfeit.
    let dies = executable(
        "dies-at-isready.sh",
        "#!/bin/sh\n\
         while read -r l; do case \"$l\" in ugi) echo ugiok;; isready) exit 0;; esac; done\n",
    );
    let err = refused("dies-at-isready", &[&dies.display().to_string()]);
    assert!(err.contains("readyok"), "{err}");
    // Its standard error was dropped: the line says where to keep it.
    assert!(
        err.contains("(its standard error is dropped: add stderr=FILE to the player to keep it)"),
        "{err}"
    );
    // With stderr= given, no such hint.
    let log = common::temp_path("front-door", "dies.log");
    let err = refused(
        "dies-with-log",
        &[
            &format!("cmd={}", dies.display()),
            &format!("stderr={}", log.display()),
        ],
    );
    assert!(!err.contains("standard error is dropped"), "{err}");
    assert!(
        err.contains(&format!("(its standard error is in {})", log.display())),
        "{err}"
    );
}

#[test]
fn a_silent_program_is_told_of_tcg_and_of_its_dropped_standard_error() {
    // Reads its input and never answers (after the handshake's whole wait).
    let mute = executable("mute.sh", "#!/bin/sh\nwhile read -r l; do :; done\n");
    let err = refused("mute", &[&mute.display().to_string()]);
    assert!(err.contains("no ugiok within"), "{err}");
    assert!(err.contains("a TCG engine"), "{err}");
    assert!(err.contains("tcg:COMMAND"), "{err}");
    assert!(err.contains("add stderr=FILE"), "{err}");
}

#[test]
fn a_script_with_windows_line_endings_a_folder_and_a_relative_dir_command_get_hints() {
    let crlf = executable(
        "crlf.sh",
        "#!/bin/sh\r\nwhile read -r l; do echo ugiok; done\r\n",
    );
    let err = refused("crlf", &[&crlf.display().to_string()]);
    assert!(err.contains("carriage return"), "{err}");
    assert!(err.contains("Windows line endings"), "{err}");
    assert!(!err.contains("standard error is dropped"), "{err}");
    // `#!/usr/bin/env sh` with Windows line endings: `env` starts, finds no `sh\r` and exits.
    let env_crlf = executable(
        "env-crlf.sh",
        "#!/usr/bin/env sh\r\nwhile read -r l; do echo ugiok; done\r\n",
    );
    let err = refused("env-crlf", &[&env_crlf.display().to_string()]);
    assert!(err.contains("carriage return"), "{err}");
    assert!(err.contains("sed -i"), "{err}");
    // A folder given as the engine.
    let folder = spaced_dir("engine-folder");
    let err = refused("folder", &[&format!("cmd={}", folder.display())]);
    assert!(err.contains("is a folder"), "{err}");
    assert!(!err.contains("chmod"), "{err}");
    // A relative command with dir=: the folder it was looked for in.
    let err = refused(
        "dir",
        &["cmd=./no-such-engine", &format!("dir={}", folder.display())],
    );
    let named = format!("looked for in the dir= folder {}", folder.display());
    assert!(err.contains(&named), "{err}");
    // A command with a space: quoted alike in both places.
    let missing = folder.join("no such").display().to_string();
    let err = refused("spaced", &[&format!("cmd='{missing}' --threads 1")]);
    let quoted = format!("'{missing}' --threads 1");
    assert!(
        err.contains(&format!("(command: {quoted}): cannot start {quoted}:")),
        "{err}"
    );
}

/// A match of this program as player `e` (`cmd` its command) against greedy, two games.
fn self_match(cmd: &str, rec: &Path, more: &[&str]) -> common::Ran {
    let r = rec.display().to_string();
    let mut args = vec![
        "match",
        "--engine",
        "name=e",
        cmd,
        "option.Level=1",
        "--opponent",
        "greedy",
        "--games",
        "2",
        "--movetime",
        "5",
        "--quiet",
        "--record",
        &r,
    ];
    args.extend_from_slice(more);
    common::run(&args, "")
}

#[test]
fn the_record_keeps_each_command_and_a_resume_with_another_warns() {
    let rec = common::temp_path("front-door", "commands.txt");
    let first = format!("cmd={EWN}");
    let ran = self_match(&first, &rec, &[]);
    assert!(ran.ok, "{}", ran.stderr);
    let text = std::fs::read_to_string(&rec).unwrap();
    assert!(
        text.contains(&format!("# command player 1 (e): {EWN}\n")),
        "{text}"
    );
    assert!(
        text.contains("# command player 2 (greedy): greedy\n"),
        "{text}"
    );
    // The same program: no warning.
    let same = self_match(&first, &rec, &["--resume"]);
    assert!(same.ok, "{}", same.stderr);
    assert!(!same.stderr.contains("warning"), "{}", same.stderr);
    // Another program under the same name: kept, with one warning line naming both.
    let other = executable(
        "other-engine.sh",
        &format!("#!/bin/sh\nexec '{EWN}' \"$@\"\n"),
    );
    let ran = self_match(&format!("cmd={}", other.display()), &rec, &["--resume"]);
    assert!(ran.ok, "{}", ran.stderr);
    let warned: Vec<&str> = ran
        .stderr
        .lines()
        .filter(|l| l.starts_with("warning:"))
        .collect();
    assert_eq!(warned.len(), 1, "{}", ran.stderr);
    assert!(
        warned[0].contains(&format!(
            "player 1 (e) is started as {} here, as {EWN} in the record",
            other.display()
        )),
        "{}",
        ran.stderr
    );
    assert_eq!(finished(&rec), 2);
}

#[test]
fn stats_takes_the_event_from_the_record_header_and_refuses_flags_against_it() {
    let cup = common::temp_path("front-door", "cup.txt");
    let c = cup.display().to_string();
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
        "--tournament",
        "swiss",
        "--rounds",
        "2",
        "--games-per-round",
        "4",
        "--quiet",
        "--record",
        &c,
    ]);
    assert!(out.contains("Standings"), "{out}");
    // No flags: the header's swiss event of 4 games a round.
    let stats = common::run_ok(&["stats", &c]);
    assert!(stats.contains("Standings"), "{stats}");
    for (flags, says) in [
        (
            vec!["--games-per-round", "2"],
            format!("--games-per-round 2 here, 4 in the header of {c}"),
        ),
        (
            vec!["--tournament", "knockout"],
            format!("--tournament knockout here, swiss in the header of {c}"),
        ),
    ] {
        let mut args = vec!["stats", c.as_str()];
        args.extend_from_slice(&flags);
        let e = refused_in_one_line(&args);
        assert!(e.contains(&says), "{flags:?}: {e}");
    }
    // The same values as the header's: accepted.
    let stats = common::run_ok(&[
        "stats",
        &c,
        "--tournament",
        "swiss",
        "--games-per-round",
        "4",
    ]);
    assert!(stats.contains("Standings"), "{stats}");
    // A two-player match's record: --games-per-round refused as `match` refuses it.
    let two = common::temp_path("front-door", "two.txt");
    assert!(run(&builtin_match(&two, "2", &[])).ok);
    let e = refused_in_one_line(&[
        "stats",
        &two.display().to_string(),
        "--games-per-round",
        "4",
    ]);
    assert!(
        e.contains("--games-per-round 4 is for --tournament swiss or knockout"),
        "{e}"
    );
    // Without a header the cup's record reads as before: one match, no standings.
    let bare = common::temp_path("front-door", "cup-bare.txt");
    let text = std::fs::read_to_string(&cup).unwrap();
    let games: String = text
        .lines()
        .filter(|l| !l.starts_with('#'))
        .map(|l| format!("{l}\n"))
        .collect();
    std::fs::write(&bare, games).unwrap();
    let stats = common::run_ok(&["stats", &bare.display().to_string()]);
    assert!(!stats.contains("Standings"), "{stats}");
}

#[test]
fn opponent_given_twice_says_to_use_engine() {
    let e = refused_in_one_line(&[
        "match",
        "--engine",
        "greedy",
        "--opponent",
        "random",
        "--opponent",
        "greedy",
    ]);
    assert!(e.contains("--opponent is given 2 times"), "{e}");
    assert!(e.contains("--engine"), "{e}");
}

#[test]
fn a_resume_of_another_shard_is_refused_before_it_is_announced() {
    let rec = common::temp_path("front-door", "shard.txt");
    assert!(run(&builtin_match(&rec, "8", &["--shard", "1/2"])).ok);
    let before = std::fs::read(&rec).unwrap();
    let r = run(&builtin_match(&rec, "8", &["--shard", "2/2", "--resume"]));
    assert!(!r.ok);
    assert!(!r.stderr.contains("resuming:"), "{}", r.stderr);
    assert!(r.stderr.contains("another --shard"), "{}", r.stderr);
    assert_eq!(r.stderr.trim().lines().count(), 1, "{}", r.stderr);
    assert_eq!(std::fs::read(&rec).unwrap(), before);
}

#[test]
fn a_dropped_unfinished_game_is_said_in_a_plain_line() {
    let rec = common::temp_path("front-door", "dropped.txt");
    assert!(run(&builtin_match(&rec, "4", &[])).ok);
    let text = std::fs::read_to_string(&rec).unwrap();
    let second = text.match_indices("\nend\n").nth(1).unwrap().0 + "\nend\n".len();
    std::fs::write(&rec, &text[..second + 20]).unwrap();
    let r = run(&builtin_match(&rec, "4", &["--resume"]));
    assert!(r.ok, "{}", r.stderr);
    let line = r
        .stderr
        .lines()
        .find(|l| l.contains("an unfinished game"))
        .unwrap_or_else(|| panic!("no line of the dropped game: {}", r.stderr));
    assert!(
        line.starts_with(&format!("{}: line ", rec.display())),
        "{line}"
    );
    assert!(line.ends_with("dropped; it is played again"), "{line}");
    assert_eq!(finished(&rec), 4);
}

#[test]
fn ctrl_c_during_the_start_check_says_nothing_was_recorded() {
    // Says it started (a file), then never answers: the start check waits for it.
    let started = common::temp_path("front-door", "started");
    let mute = executable(
        "mute-marker.sh",
        &format!(
            "#!/bin/sh\ntouch '{}'\nwhile read -r l; do :; done\n",
            started.display()
        ),
    );
    let rec = common::temp_path("front-door", "interrupted-start.txt");
    let runner = common::interruptible_ewn()
        .args([
            "match",
            "--engine",
            &mute.display().to_string(),
            "--opponent",
            "greedy",
            "--games",
            "2",
            "--quiet",
            "--record",
            &rec.display().to_string(),
        ])
        .stdout(Stdio::null())
        .stderr(Stdio::piped())
        .spawn()
        .unwrap();
    let until = Instant::now() + Duration::from_secs(60);
    while !started.exists() {
        assert!(Instant::now() < until, "the engine was never started");
        std::thread::sleep(Duration::from_millis(10));
    }
    let pid = nix::unistd::Pid::from_raw(runner.id() as i32);
    nix::sys::signal::kill(pid, nix::sys::signal::Signal::SIGINT).unwrap();
    let out = runner.wait_with_output().unwrap();
    assert!(!out.status.success());
    let err = String::from_utf8_lossy(&out.stderr);
    assert_eq!(
        err.trim(),
        "interrupted before the first game; nothing was recorded",
        "{err}"
    );
    assert_eq!(finished(&rec), 0);
}

#[test]
fn match_help_speaks_of_the_match_variant_and_the_format_of_match_luck() {
    let help = flat(&common::run_ok(&["match", "--help"]));
    assert!(
        help.contains("The variant every game of the match is played in"),
        "{help}"
    );
    assert!(!help.contains("the protocol loop starts in it"), "{help}");
    let doc = flat(
        &std::fs::read_to_string(Path::new(env!("CARGO_MANIFEST_DIR")).join("protocol/records.md"))
            .unwrap(),
    );
    assert!(!doc.contains("ewn match does not compute it"), "records.md");
    assert!(
        doc.contains("ewn match --luck prints the same"),
        "records.md"
    );
}

#[test]
fn a_folder_named_without_a_slash_is_called_a_folder() {
    // Run from the scratch folder, where `engine-dir` is a folder: not "not on PATH".
    let dir = spaced_dir("bare-folder");
    std::fs::create_dir_all(dir.join("engine-dir")).unwrap();
    let out = Command::new(EWN)
        .args(["match", "--engine", "engine-dir", "--games", "2"])
        .current_dir(&dir)
        .output()
        .unwrap();
    let err = String::from_utf8_lossy(&out.stderr);
    assert!(!out.status.success());
    assert!(
        err.contains("engine-dir is a folder, not a program"),
        "{err}"
    );
}

#[test]
fn a_variant_match_refuses_an_engine_that_does_not_list_the_variant() {
    // Answers the handshake and every `isready`, lists no options, would play any game.
    let silent = executable(
        "no-variants.sh",
        "#!/bin/sh\nwhile read -r l; do case \"$l\" in ugi) echo ugiok;; isready) echo readyok;; \
         quit) exit 0;; esac; done\n",
    );
    let small = executable(
        "small-variants.sh",
        "#!/bin/sh\nwhile read -r l; do case \"$l\" in ugi) echo 'option name UCI_Variant type \
         combo default standard var standard var 3x3'; echo ugiok;; isready) echo readyok;; \
         quit) exit 0;; esac; done\n",
    );
    for (case, engine, says) in [
        ("no-variants", &silent, "lists no option UCI_Variant"),
        (
            "small-variants",
            &small,
            "does not play 6x6: its UCI_Variant lists only standard 3x3",
        ),
    ] {
        let cmd = format!("cmd={}", engine.display());
        let err = refused_in(case, &["--variant", "6x6"], &["name=e", &cmd]);
        assert!(err.contains("engine 'e' could not be started"), "{err}");
        assert!(err.contains(says), "{err}");
    }
}

#[test]
fn a_resume_of_a_record_that_is_not_there_is_refused_not_started_anew() {
    let rec = common::temp_path("front-door", "never-written.txt");
    let args = builtin_match(&rec, "4", &["--resume"]);
    let args: Vec<&str> = args.iter().map(String::as_str).collect();
    let err = refused_in_one_line(&args);
    assert!(err.contains("no record"), "{err}");
    assert!(err.contains("leave out --resume"), "{err}");
    assert!(!rec.exists(), "{err}");
}

#[test]
fn stats_names_the_files_of_two_matches_and_refuses_luck_of_many_before_printing() {
    let a = common::temp_path("front-door", "stats-a.txt");
    let b = common::temp_path("front-door", "stats-b.txt");
    assert!(run(&builtin_match(&a, "2", &[])).ok);
    assert!(run(&builtin_match(&b, "2", &["--movetime", "30"])).ok);
    let (an, bn) = (a.display().to_string(), b.display().to_string());
    let err = refused_in_one_line(&["stats", &an, &bn]);
    assert!(
        err.contains(&format!(
            "{bn} game 1 and {an} game 1 are of different matches"
        )),
        "{err}"
    );
    // Three players: --luck is refused before anything is printed.
    let three = common::temp_path("front-door", "stats-three.txt");
    let t = three.display().to_string();
    let ran = common::run(
        &[
            "match", "--engine", "random", "--engine", "greedy", "--engine", "random", "--games",
            "2", "--quiet", "--record", &t,
        ],
        "",
    );
    assert!(ran.ok, "{}", ran.stderr);
    let ran = common::run(&["stats", "--luck", &t], "");
    assert!(!ran.ok && ran.stderr.contains("--luck is for a match of two players"));
    assert_eq!(ran.stdout, "", "nothing printed before the refusal");
}

#[test]
fn an_engine_named_as_other_tools_name_it_gets_the_words_that_work() {
    let engine = executable(
        "named.sh",
        "#!/bin/sh\nwhile read -r l; do case \"$l\" in ugi) echo ugiok;; isready) echo readyok;; \
         quit) exit 0;; esac; done\n",
    );
    let e = engine.display().to_string();
    let err = refused("colon", &[&format!("mine:{e}")]);
    assert!(err.contains(&format!("write name=mine cmd={e}")), "{err}");
    let joined = format!("name=mine,cmd={e}");
    let err = refused_in_one_line(&["match", "--engine", &joined, "--opponent", "greedy"]);
    assert!(err.contains("separate words"), "{err}");
    let mixed = format!("name=mine={e}");
    let err = refused_in_one_line(&["match", "--engine", &mixed, "--opponent", "greedy"]);
    assert!(
        err.contains("write name=NAME cmd=COMMAND, or NAME=COMMAND"),
        "{err}"
    );
    // A native engine named as a TCG one: the hint names the native protocol.
    let err = refused("tcg-native", &[&format!("tcg:{e}")]);
    assert!(err.contains("named without tcg:"), "{err}");
}

#[test]
fn stats_of_a_swiss_event_cut_inside_a_round_stands_after_the_last_whole_round() {
    let rec = common::temp_path("front-door", "swiss-cut-full.txt");
    let r = rec.display().to_string();
    common::run_ok(&[
        "match",
        "--engine",
        "greedy",
        "--engine",
        "random",
        "--engine",
        "mcts:50",
        "--engine",
        "greedy",
        "name=g2",
        "--tournament",
        "swiss",
        "--rounds",
        "3",
        "--games-per-round",
        "2",
        "--seed",
        "3",
        "--quiet",
        "--record",
        &r,
    ]);
    // The record as a match stopped after game 6 (round 1's four games and two of round 2's).
    let text = std::fs::read_to_string(&rec).unwrap();
    let sixth = text.match_indices("\nend\n").nth(5).unwrap().0 + "\nend\n".len();
    let cut = common::temp_path("front-door", "swiss-cut-6.txt");
    std::fs::write(&cut, &text[..sixth]).unwrap();
    let out = common::run_ok(&["stats", &cut.display().to_string()]);
    assert!(
        out.contains("Round 2 is not finished (2 of its 4 games in the records)"),
        "{out}"
    );
    // No pairing still to play reads as a bye: after round 1 every player has one result.
    let standings: Vec<&str> = out
        .lines()
        .skip_while(|l| !l.starts_with("Standings"))
        .skip(2)
        .take(4)
        .collect();
    for row in &standings {
        assert!(!row.contains("bye"), "{out}");
        assert!(
            row.trim_end().ends_with(|c: char| c.is_ascii_digit()),
            "{out}"
        );
        assert!(row.contains("/2"), "{row}: {out}");
    }
}

#[test]
fn a_name_given_to_two_players_is_refused_and_one_command_twice_is_numbered() {
    let err = refused_in_one_line(&[
        "match",
        "--engine",
        "name=a",
        "cmd=greedy",
        "--opponent",
        "name=a",
        "cmd=random",
        "--games",
        "2",
    ]);
    assert!(err.contains("the name a is given twice"), "{err}");
    let out = common::run_ok(&[
        "match",
        "--engine",
        "greedy",
        "--opponent",
        "greedy",
        "--games",
        "2",
        "--quiet",
    ]);
    assert!(out.contains("Games 2: greedy "), "{out}");
    assert!(out.contains(" greedy (2)"), "{out}");
}

/// `--pace`, which paces a match for the hall's spectators, is in the help (what it does, and
/// that no engine's clock pays for it) and in the README's line on the live page; it takes the
/// live page, and a pace beyond a minute is refused in one line that names it.
#[test]
fn pace_is_documented_and_its_mistakes_refused() {
    let help = flat(&common::run_ok(&["match", "--help"]));
    assert!(
        help.contains("--pace <MS>")
            && help.contains("between two moves of a game")
            && help.contains("never on an engine's clock"),
        "{help}"
    );
    let readme =
        std::fs::read_to_string(Path::new(env!("CARGO_MANIFEST_DIR")).join("README.md")).unwrap();
    assert!(
        readme.contains("--pace"),
        "the README does not tell of --pace"
    );
    let e = common::run_fails(&["match", "--engine", "greedy", "--pace", "300"]);
    assert!(e.contains("--live"), "{e}");
    let e = refused_in_one_line(&[
        "match", "--engine", "greedy", "--games", "2", "--live", "0", "--pace", "60001",
    ]);
    assert!(e.contains("--pace 60001"), "{e}");
}
