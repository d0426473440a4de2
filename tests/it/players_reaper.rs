//! That no descendant of an engine outlives its game or its runner, whatever it does to get away:
//! fake engines (shell scripts written here) start a `sleep` that leaves their session
//! (`setsid`), or also drops its environment (`env -i`), or is a Python double fork with an empty
//! environment, and then hang or exit. The runner (`ewn match`, `ewn serve --judge`) ends
//! normally, or by SIGKILL, SIGHUP, SIGTERM, SIGINT or SIGQUIT, or its whole process group is
//! killed; every process the engine started must be gone after it.
//!
//! Nothing is timed: each check polls for up to tens of seconds for the processes to be gone.

use crate::common;

use std::io::{BufRead, BufReader};
use std::path::{Path, PathBuf};
use std::process::{Command, Stdio};
use std::time::{Duration, Instant};

use crate::common::EWN;

/// How long processes that should die are given to be gone.
const GONE_WITHIN: Duration = Duration::from_secs(30);

/// The ways a descendant tries to get away; each writes its process id to `$PIDS`.
fn escapes(pids: &Path) -> [(&'static str, String); 3] {
    let pids = pids.display();
    [
        (
            "setsid",
            format!(
                "setsid sh -c 'echo $$ >> \"{pids}\"; exec sleep 300' </dev/null >/dev/null 2>&1 &"
            ),
        ),
        (
            "env-i",
            format!(
                "( env -i setsid sh -c 'echo $$ >> \"{pids}\"; exec sleep 300' </dev/null >/dev/null 2>&1 & )"
            ),
        ),
        (
            "python",
            format!(
                "python3 -c '\nimport os\nif os.fork() == 0:\n    os.setsid()\n    if os.fork() == 0:\n        \
                 open(\"{pids}\", \"a\").write(\"%d\\n\" % os.getpid())\n        \
                 os.execve(\"/bin/sleep\", [\"sleep\", \"300\"], {{}})\n    os._exit(0)\nos.wait()\n' \
                 </dev/null >/dev/null 2>&1"
            ),
        ),
    ]
}

/// Writes an executable shell script and returns its path.
fn script(name: &str, body: &str) -> PathBuf {
    let path = common::temp_path("reaper", name);
    std::fs::write(&path, format!("#!/bin/sh\n{body}")).unwrap();
    path
}

/// True while `pid` names a live process (not a zombie).
fn alive(pid: &str) -> bool {
    match std::fs::read_to_string(format!("/proc/{pid}/stat")) {
        Ok(stat) => !stat
            .rsplit_once(')')
            .is_some_and(|(_, rest)| rest.trim_start().starts_with('Z')),
        Err(_) => false,
    }
}

fn listed(file: &Path) -> Vec<String> {
    std::fs::read_to_string(file)
        .unwrap_or_default()
        .split_whitespace()
        .map(str::to_string)
        .collect()
}

/// Waits until at least `n` ids are listed in `file`.
fn wait_listed(file: &Path, n: usize) {
    let until = Instant::now() + GONE_WITHIN;
    while listed(file).len() < n {
        assert!(
            Instant::now() < until,
            "the engine did not start its children: {:?}",
            listed(file)
        );
        std::thread::sleep(Duration::from_millis(20));
    }
}

/// Asserts that every process listed in `file` is gone, polling for a generous time; kills the
/// survivors (so that a failure leaves nothing behind) before failing.
fn assert_all_gone(file: &Path, what: &str) {
    let until = Instant::now() + GONE_WITHIN;
    loop {
        let left: Vec<String> = listed(file).into_iter().filter(|p| alive(p)).collect();
        if left.is_empty() {
            return;
        }
        if Instant::now() > until {
            for p in &left {
                let _ = Command::new("kill").args(["-KILL", p]).status();
            }
            panic!("{what}: left running: {left:?}");
        }
        std::thread::sleep(Duration::from_millis(50));
    }
}

/// An engine that starts an escaping child (`escape`), lists its own id, and never answers.
fn stuck_engine(name: &str, escape: &str, pids: &Path) -> PathBuf {
    script(
        name,
        &format!(
            "{escape}\necho $$ >> '{}'\nexec sleep 300\n",
            pids.display()
        ),
    )
}

fn kill(signal: &str, target: &str) {
    let status = Command::new("kill")
        .args([&format!("-{signal}"), "--", target])
        .status()
        .unwrap();
    assert!(status.success(), "kill -{signal} {target}");
}

/// `ewn match` with the engine `engine` (which never answers), in a process group of its own.
fn start_match(engine: &Path) -> std::process::Child {
    use std::os::unix::process::CommandExt;
    Command::new(EWN)
        .args(["match", "--engine", "sh"])
        .arg(format!("arg={}", engine.display()))
        .args(["--games", "2", "--quiet"])
        .stdout(Stdio::null())
        .stderr(Stdio::null())
        .process_group(0)
        .spawn()
        .unwrap()
}

#[test]
fn escaped_descendants_die_with_a_signalled_runner() {
    for signal in ["KILL", "HUP", "TERM", "INT", "QUIT"] {
        let pids = common::temp_path("reaper", &format!("sig-{signal}.pids"));
        let _ = std::fs::remove_file(&pids);
        for (style, escape) in escapes(&pids) {
            let engine = stuck_engine(&format!("sig-{signal}-{style}.sh"), &escape, &pids);
            let before = listed(&pids).len();
            let mut runner = start_match(&engine);
            wait_listed(&pids, before + 2);
            // The guardian looks at the runner's processes every 100 ms: it has seen them.
            std::thread::sleep(Duration::from_millis(500));
            kill(signal, &runner.id().to_string());
            runner.wait().unwrap();
            assert_all_gone(&pids, &format!("SIG{signal}, {style}"));
        }
    }
}

#[test]
fn escaped_descendants_die_when_the_runners_group_is_killed() {
    // The guardian is in a session of its own: a kill of the runner's whole group misses it.
    let pids = common::temp_path("reaper", "group.pids");
    let _ = std::fs::remove_file(&pids);
    for (style, escape) in escapes(&pids) {
        let engine = stuck_engine(&format!("group-{style}.sh"), &escape, &pids);
        let before = listed(&pids).len();
        let mut runner = start_match(&engine);
        wait_listed(&pids, before + 2);
        std::thread::sleep(Duration::from_millis(500));
        kill("KILL", &format!("-{}", runner.id()));
        runner.wait().unwrap();
        assert_all_gone(&pids, &format!("kill -9 -group, {style}"));
    }
}

#[test]
fn escaped_descendants_die_at_the_end_of_each_game() {
    // A native engine that escapes at its start, waits until its escaped child has listed
    // itself, then hangs at its first `go` or exits.
    let pids = common::temp_path("reaper", "end.pids");
    let _ = std::fs::remove_file(&pids);
    for (style, escape) in escapes(&pids) {
        for (how, go) in [("hang", "sleep 60"), ("exit", "exit 3")] {
            let engine = script(
                &format!("end-{style}-{how}.sh"),
                &format!(
                    "n0=$(cat '{list}' 2>/dev/null | wc -l)\n\
                     {escape}\n\
                     while [ \"$(cat '{list}' 2>/dev/null | wc -l)\" -le \"$n0\" ]; do sleep 0.01; done\n\
                     while read -r cmd rest; do\n\
                       case \"$cmd\" in\n\
                         ugi) echo ugiok ;;\n\
                         isready) echo readyok ;;\n\
                         go) {go} ;;\n\
                         quit) exit 0 ;;\n\
                       esac\n\
                     done\n",
                    list = pids.display()
                ),
            );
            let before = listed(&pids).len();
            let out = Command::new(EWN)
                .args(["match", "--engine", "sh"])
                .arg(format!("arg={}", engine.display()))
                .args(["--games", "4", "--movetime", "100", "--quiet"])
                .stdout(Stdio::null())
                .stderr(Stdio::null())
                .status()
                .unwrap();
            assert!(out.success(), "{style} {how}: the match failed");
            // An escaped child per engine start, listed before the engine answers its handshake:
            // the start check's and at least the first game's (an engine that hangs or exits is
            // started again for the next game), so that the check below has them to find.
            assert!(
                listed(&pids).len() >= before + 2,
                "{style} {how}: {:?}",
                listed(&pids)
            );
            assert_all_gone(&pids, &format!("{style} {how}, normal end"));
        }
    }
}

#[test]
fn escaped_descendants_of_a_judge_die_with_serve() {
    // `serve --judge` runs the judge engine; one client connects and plays, and the server is
    // killed while the judge hangs.
    for signal in ["TERM", "KILL"] {
        let pids = common::temp_path("reaper", &format!("judge-{signal}.pids"));
        let _ = std::fs::remove_file(&pids);
        let (_, escape) = &escapes(&pids)[1];
        let judge = stuck_engine(&format!("judge-{signal}.sh"), escape, &pids);
        let mut server = Command::new(EWN)
            .args(["serve", "--battle", "0", "--players", "1", "--judge"])
            .arg("--judge-engine")
            .arg(format!("sh {}", judge.display()))
            .stdout(Stdio::piped())
            .stderr(Stdio::null())
            .spawn()
            .unwrap();
        let mut out = BufReader::new(server.stdout.take().unwrap());
        let mut line = String::new();
        out.read_line(&mut line).unwrap();
        let addr = line
            .trim()
            .strip_prefix("listening on ")
            .unwrap_or_else(|| panic!("no address: {line}"))
            .to_string();
        let client = Command::new(EWN)
            .args(["connect", &addr, "--name", "c", "--movetime", "20"])
            .stdout(Stdio::null())
            .stderr(Stdio::null())
            .spawn()
            .unwrap();
        wait_listed(&pids, 2);
        std::thread::sleep(Duration::from_millis(500));
        kill(signal, &server.id().to_string());
        server.wait().unwrap();
        assert_all_gone(&pids, &format!("serve --judge, SIG{signal}"));
        let mut client = client;
        let _ = client.kill();
        let _ = client.wait();
    }
}

#[test]
fn escaped_descendants_started_just_before_a_sigkill_of_the_runner_die_too() {
    // The runner is killed as soon as the escaped child has listed itself, before the guardian
    // has looked at the runner's tree again: the guardian finds it where the runner's orphans
    // went, beside itself.
    let pids = common::temp_path("reaper", "late.pids");
    let _ = std::fs::remove_file(&pids);
    for round in 0..3 {
        for (style, escape) in escapes(&pids) {
            let engine = stuck_engine(&format!("late-{style}.sh"), &escape, &pids);
            let before = listed(&pids).len();
            let mut runner = start_match(&engine);
            // The engine and its escaped child.
            wait_listed(&pids, before + 2);
            kill("KILL", &runner.id().to_string());
            runner.wait().unwrap();
            assert_all_gone(&pids, &format!("SIGKILL at once, {style}, round {round}"));
        }
    }
}
