//! The engine client against engines that misbehave on purpose: tiny native and TCG engines written
//! as shell scripts into a temporary directory, some of them wrapped around this program so that
//! they play legal moves until they misbehave. Each test fails when the fix it guards is removed:
//! the runner then hangs (caught by a watchdog), judges the wrong fault, writes a record that does
//! not replay, leaves processes behind, or mixes an engine's standard error into its own output.
//!
//! Deadlines are generous and nothing is timed: a verdict is checked, never how fast it came.

use crate::common;

use std::path::{Path, PathBuf};
use std::sync::mpsc;
use std::time::{Duration, Instant};

use crate::common::EWN;
use ewn::players::TimeControl;
use ewn::players::baseline::Kind;
use ewn::players::spec::Entrant;
use ewn::players::{PlayerSpec, engine::MAX_LINE};
use ewn::record::{GameRecord, Reason, parse_records};
use ewn::referee::plan::{Tournament, labels};
use ewn::referee::{Summary, run_match};
use ewn::rules::board::Color;

/// A match that has not finished in this time hangs.
const WATCHDOG: Duration = Duration::from_secs(120);

/// Writes an executable shell script `name` and returns its path.
fn script(name: &str, body: &str) -> PathBuf {
    let path = common::temp_path("misbehaving", name);
    std::fs::write(&path, format!("#!/bin/sh\n{body}")).unwrap();
    path
}

/// A native engine: `pre` runs first, then each `ugi` gets `ugi` and each `go` gets `go`.
fn native(name: &str, pre: &str, ugi: &str, go: &str) -> PathBuf {
    script(
        name,
        &format!(
            "{pre}\n\
             while read -r cmd rest; do\n\
               case \"$cmd\" in\n\
                 ugi) {ugi} ;;\n\
                 isready) echo readyok ;;\n\
                 go) {go} ;;\n\
                 quit) exit 0 ;;\n\
               esac\n\
             done\n"
        ),
    )
}

const GREET: &str = "echo 'id name fake'; echo ugiok";

/// Runs `f` on a thread and fails the test if it does not end within [`WATCHDOG`].
fn within<T: Send + 'static>(what: &str, f: impl FnOnce() -> T + Send + 'static) -> T {
    let (tx, rx) = mpsc::channel();
    std::thread::spawn(move || {
        let _ = tx.send(f());
    });
    match rx.recv_timeout(WATCHDOG) {
        Ok(v) => v,
        Err(mpsc::RecvTimeoutError::Timeout) => {
            panic!("{what}: the match did not finish in {WATCHDOG:?}: the runner hangs")
        }
        Err(mpsc::RecvTimeoutError::Disconnected) => panic!("{what}: failed (see above)"),
    }
}

/// Two games (one pair) of the engine `words` (as `--engine` reads them) against greedy.
fn play(words: &str, tc: TimeControl, tune: impl FnOnce(&mut Tournament)) -> Played {
    let words: Vec<String> = words.split_whitespace().map(String::from).collect();
    let entrant = Entrant::parse(&words).unwrap();
    let mut t = Tournament {
        games: 2,
        seed: 11,
        tc,
        grace_ms: 100,
        concurrency: 2,
        ..Tournament::two_players(
            [
                PlayerSpec::Baseline(Kind::Random),
                PlayerSpec::Baseline(Kind::Greedy),
            ],
            ["fake", "greedy"],
        )
    };
    t.entrants[0] = entrant;
    t.entrants[0].name = Some("fake".into());
    t.names = labels(&t.entrants);
    tune(&mut t);
    within("match", move || {
        let mut out = Vec::new();
        let mut rec = Vec::new();
        let sum = run_match(&t, &mut out, Some(&mut rec)).unwrap();
        let text = String::from_utf8(rec).unwrap();
        let games = parse_records(&text).unwrap();
        // Every record the runner writes replays, whoever failed and whenever.
        for g in &games {
            g.replay()
                .unwrap_or_else(|e| panic!("game {} does not replay: {e}\n{text}", g.number));
        }
        Played {
            sum,
            games,
            out: String::from_utf8_lossy(&out).into_owned(),
        }
    })
}

struct Played {
    sum: Summary,
    games: Vec<GameRecord>,
    out: String,
}

impl Played {
    /// Every game was lost by the engine with `reason`, its detail containing `detail`.
    fn all_lost(&self, reason: Reason, detail: &str) {
        assert_eq!(self.games.len(), 2, "{}", self.out);
        for g in &self.games {
            let fake = if g.red == "fake" {
                Color::Red
            } else {
                Color::Blue
            };
            assert_eq!(g.winner, Some(fake.other()), "{}", self.out);
            assert_eq!(g.reason, reason, "game {}: {}", g.number, g.detail);
            assert!(g.detail.contains(detail), "game {}: {}", g.number, g.detail);
        }
    }

    /// The plies the engine played in game `g`.
    fn fake_plies(g: &GameRecord) -> usize {
        let fake = if g.red == "fake" {
            Color::Red
        } else {
            Color::Blue
        };
        g.plies.iter().filter(|p| p.side == fake).count()
    }
}

fn sh(path: &Path) -> String {
    format!("cmd=sh arg={}", path.display())
}

const MOVE_100: TimeControl = TimeControl::MoveTime { ms: 100 };

#[test]
fn a_flood_before_the_first_move_loses_and_ends() {
    // Prints as fast as it can from the start and never reads: the handshake is flooded.
    let p = native("flood-early.sh", "exec yes 'info string flood'", GREET, "");
    play(&sh(&p), MOVE_100, |_| {}).all_lost(Reason::Malformed, "flooded");
}

#[test]
fn a_flood_after_the_first_move_loses_and_ends() {
    // This program, until its first move; then an endless flood of info lines.
    let p = script(
        "flood-late.sh",
        &format!(
            "'{EWN}' | while IFS= read -r line; do\n\
               printf '%s\\n' \"$line\"\n\
               case \"$line\" in bestmove*) exec yes 'info string flood' ;; esac\n\
             done\n"
        ),
    );
    // A generous grace, so that the first move, honest, is not lost to a busy machine.
    let played = play(&sh(&p), MOVE_100, |t| t.grace_ms = 30_000);
    // Judged as a flood, or on time when a busy machine reads the flood slowly: the wait ends at
    // its deadline however fast the engine prints.
    for g in &played.games {
        assert!(
            g.reason == Reason::Malformed || g.reason == Reason::Time,
            "{}",
            g.detail
        );
    }
    assert_eq!(played.sum.wins, 0, "{}", played.out);
    // Red moves first in pair 0, so the engine moved once before it flooded in its Red game.
    assert!(played.games.iter().any(|g| Played::fake_plies(g) >= 1));
}

#[test]
fn one_huge_line_without_a_newline_is_malformed() {
    // 40 MB of one line, then silence: the line is cut and judged, not waited for.
    let p = native(
        "huge-line.sh",
        "",
        GREET,
        "head -c 40000000 /dev/zero | tr '\\000' x; sleep 60",
    );
    let played = play(&sh(&p), TimeControl::MoveTime { ms: 20_000 }, |_| {});
    played.all_lost(Reason::Malformed, &format!("longer than {MAX_LINE} bytes"));
}

#[test]
fn bytes_that_are_not_utf8_are_read_leniently() {
    // A Latin-1 author line before the handshake: harmless, the engine plays normally.
    let p = script(
        "latin1.sh",
        &format!("printf 'id author J\\351r\\364me\\n'\nexec '{EWN}'\n"),
    );
    // An honest engine: a generous grace, so that a busy machine cannot make it lose on time.
    let played = play(&sh(&p), MOVE_100, |t| t.grace_ms = 30_000);
    assert!(played.sum.faults.is_empty(), "{}", played.out);
    // A stray byte in the move: malformed, not a crash.
    let p = native("stray-byte.sh", "", GREET, "printf 'bestmove c3\\377d2\\n'");
    play(&sh(&p), MOVE_100, |_| {}).all_lost(Reason::Malformed, "bestmove");
}

#[test]
fn an_engine_that_exits_at_once_loses_both_games_by_crash() {
    // In one game of the pair it is not the side to move: the record still replays.
    let p = script("exit-at-once.sh", "exit 0\n");
    play(&sh(&p), MOVE_100, |_| {}).all_lost(Reason::Crash, "exited");
    let p = script("tcg-exit-at-once.sh", "exit 0\n");
    play(&format!("{} proto=tcg", sh(&p)), MOVE_100, |_| {}).all_lost(Reason::Crash, "exited");
}

#[test]
fn no_handshake_loses_on_time() {
    let p = native("mute.sh", "", ":", "");
    play(&sh(&p), MOVE_100, |_| {}).all_lost(Reason::Time, "ugiok");
}

#[test]
fn a_hang_loses_on_time() {
    let p = native("hang.sh", "", GREET, "sleep 60");
    play(&sh(&p), MOVE_100, |_| {}).all_lost(Reason::Time, "killed");
}

#[test]
fn a_bad_setup_loses_whoever_moves_first() {
    let p = script(
        "tcg-bad-setup.sh",
        "while read -r cmd rest; do\n\
           case \"$cmd\" in\n\
             ini) echo nonsense ;;\n\
             exit) exit 0 ;;\n\
             *) echo 1 ;;\n\
           esac\n\
         done\n",
    );
    play(&format!("{} proto=tcg", sh(&p)), MOVE_100, |t| {
        t.engine_setups = true
    })
    .all_lost(Reason::Malformed, "ini");
}

#[test]
fn a_malformed_tcg_reply_costs_the_process_even_with_reuse() {
    // Each start writes its pid: a process that replied nonsense is out of step with the
    // referee, so the next game starts a fresh one although reuse=1 keeps well-behaved ones.
    let starts = common::temp_path("misbehaving", "tcg-malformed-starts");
    let p = script(
        "tcg-malformed.sh",
        &format!(
            "echo $$ >> '{}'\n\
             while read -r cmd rest; do\n\
               case \"$cmd\" in\n\
                 ini) echo nonsense ;;\n\
                 exit) exit 0 ;;\n\
                 *) echo 1 ;;\n\
               esac\n\
             done\n",
            starts.display()
        ),
    );
    let played = play(&format!("{} proto=tcg reuse=1", sh(&p)), MOVE_100, |t| {
        t.engine_setups = true;
        t.concurrency = 1;
    });
    played.all_lost(Reason::Malformed, "ini");
    let n = std::fs::read_to_string(&starts).unwrap().lines().count();
    assert_eq!(n, 2, "processes started for two games");
}

#[test]
fn the_game_clock_grace_is_given_once_per_game() {
    // This program, each `go` forwarded 80 ms late, on a 0.05+0 clock with 100 ms grace: 80 ms a
    // move fits the grace of one move, but not of two.
    let p = script(
        "slow.sh",
        &format!(
            "while IFS= read -r line; do\n\
               case \"$line\" in go*) sleep 0.08 ;; esac\n\
               printf '%s\\n' \"$line\"\n\
             done | exec '{EWN}'\n"
        ),
    );
    let tc = TimeControl::Game {
        base_ms: 50,
        inc_ms: 0,
    };
    // The verdict comes from the clock or from the wait that ends at it: either way, time.
    play(&sh(&p), tc, |_| {}).all_lost(Reason::Time, "ms");
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

/// Waits until none of the processes listed in `file` is alive; false if some still are after
/// a generous time.
fn all_gone(file: &Path) -> bool {
    let until = Instant::now() + Duration::from_secs(20);
    loop {
        let pids = std::fs::read_to_string(file).unwrap_or_default();
        if !pids.split_whitespace().any(alive) {
            return true;
        }
        if Instant::now() > until {
            return false;
        }
        std::thread::sleep(Duration::from_millis(50));
    }
}

#[test]
fn a_child_that_holds_the_pipe_is_killed_with_its_engine() {
    // The engine starts a child that inherits its output, then exits at its first `go`.
    let pids = common::temp_path("misbehaving", "child-pids");
    let p = native(
        "child.sh",
        &format!("sleep 300 &\necho $! >> '{}'", pids.display()),
        GREET,
        "exit 3",
    );
    // The verdict is the crash, although the pipe stays open, not a timeout after 20 s.
    play(&sh(&p), TimeControl::MoveTime { ms: 20_000 }, |_| {}).all_lost(Reason::Crash, "exited");
    assert!(
        all_gone(&pids),
        "orphans left: {}",
        std::fs::read_to_string(&pids).unwrap()
    );
}

#[test]
fn tcg_engines_get_a_fresh_process_every_game() {
    // This program's TCG front end, behind a wrapper that, like many contest engines, can play
    // one game per process only (it keeps its clock for its life): it exits at the second
    // `time_setting`.
    let p = script(
        "one-game.sh",
        &format!(
            "n=0\n\
             while IFS= read -r line; do\n\
               case \"$line\" in time_setting*) n=$((n+1)); [ $n -gt 1 ] && exit 5 ;; esac\n\
               printf '%s\\n' \"$line\"\n\
             done | exec '{EWN}' --protocol tcg\n"
        ),
    );
    let words = format!("{} proto=tcg", sh(&p));
    let fresh = play(&words, MOVE_100, |t| {
        t.concurrency = 1;
        t.grace_ms = 30_000;
    });
    assert!(fresh.sum.faults.is_empty(), "{}", fresh.out);
    // With reuse=1 the second game meets the used process, which gives up. The same grace as
    // above: a first game lost on time on a busy machine has its engine killed, and the second
    // then met a fresh process.
    let reused = play(&format!("{words} reuse=1"), MOVE_100, |t| {
        t.concurrency = 1;
        t.grace_ms = 30_000;
    });
    assert_eq!(reused.sum.faults_of(0, Reason::Crash), 1, "{}", reused.out);
}

#[cfg(target_os = "linux")]
#[test]
fn memory_limit_and_cpu_pinning_reach_the_engine() {
    let seen = common::temp_path("misbehaving", "limits");
    let p = script(
        "limits.sh",
        &format!(
            "ulimit -v >> '{0}'\ngrep Cpus_allowed_list /proc/self/status >> '{0}'\nexit 0\n",
            seen.display()
        ),
    );
    play(&format!("{} mem=64", sh(&p)), MOVE_100, |t| {
        t.affinity = true;
        t.concurrency = 1
    })
    .all_lost(Reason::Crash, "exited");
    let text = std::fs::read_to_string(&seen).unwrap();
    assert!(text.lines().any(|l| l.trim() == "65536"), "{text}");
    for l in text.lines().filter(|l| l.starts_with("Cpus_allowed_list")) {
        let cpus = l.split(':').nth(1).unwrap().trim();
        assert!(cpus.parse::<usize>().is_ok(), "not one CPU: {l}");
    }
}

#[test]
fn engine_stderr_goes_to_its_log_not_to_the_runner() {
    let log = common::temp_path("misbehaving", "engine.log");
    let p = script(
        "noisy.sh",
        &format!("echo NOISE-FROM-ENGINE >&2\nexec '{EWN}'\n"),
    );
    let p = p.display().to_string();
    let r = common::run(
        &[
            "match",
            "--engine",
            "sh",
            &format!("arg={p}"),
            "--games",
            "2",
            "--movetime",
            "20",
            "--opponent",
            "greedy",
            "--quiet",
        ],
        "",
    );
    assert!(r.ok, "{}", r.stderr);
    assert!(!r.stdout.contains("NOISE") && !r.stderr.contains("NOISE"));
    let r = common::run(
        &[
            "match",
            "--engine",
            "sh",
            &format!("arg={p}"),
            &format!("stderr={}", log.display()),
            "--games",
            "2",
            "--movetime",
            "20",
            "--quiet",
        ],
        "",
    );
    assert!(r.ok, "{}", r.stderr);
    assert!(!r.stdout.contains("NOISE") && !r.stderr.contains("NOISE"));
    assert!(
        std::fs::read_to_string(&log)
            .unwrap()
            .contains("NOISE-FROM-ENGINE")
    );
}

#[test]
fn a_terminated_runner_kills_its_engines() {
    // An engine (and its child) that never answers the handshake: the runner waits for it when
    // it is terminated.
    let pids = common::temp_path("misbehaving", "term-pids");
    let p = script(
        "stuck.sh",
        &format!(
            "sleep 300 &\necho $! >> '{0}'\necho $$ >> '{0}'\nwait\n",
            pids.display()
        ),
    );
    let mut runner = std::process::Command::new(EWN)
        .args(["match", "--engine", "sh"])
        .arg(format!("arg={}", p.display()))
        .args(["--games", "2", "--quiet"])
        .stdout(std::process::Stdio::null())
        .stderr(std::process::Stdio::null())
        .spawn()
        .unwrap();
    let until = Instant::now() + Duration::from_secs(30);
    while std::fs::read_to_string(&pids)
        .unwrap_or_default()
        .lines()
        .count()
        < 2
    {
        assert!(Instant::now() < until, "the engine did not start");
        std::thread::sleep(Duration::from_millis(20));
    }
    let status = std::process::Command::new("kill")
        .args(["-TERM", &runner.id().to_string()])
        .status()
        .unwrap();
    assert!(status.success());
    runner.wait().unwrap();
    assert!(
        all_gone(&pids),
        "left running: {}",
        std::fs::read_to_string(&pids).unwrap()
    );
}

#[test]
fn an_engine_that_stops_reading_loses_on_time_instead_of_hanging_the_runner() {
    // It greets, then never reads again: a 100 kB option fills its input pipe. The write ends at
    // the handshake's deadline and the engine loses the game, whichever colour it has.
    let p = script(
        "deaf.sh",
        "read -r line\necho 'id name deaf'\necho ugiok\nexec sleep 300\n",
    );
    let big = "x".repeat(100_000);
    play(&format!("{} option.Big={big}", sh(&p)), MOVE_100, |_| {})
        .all_lost(Reason::Time, "read nothing of setoption");
}

#[test]
fn a_child_in_its_own_session_dies_with_its_engine() {
    // Each engine start leaves a `sleep` in a session of its own (out of the engine's process
    // group): one engine hangs and is killed while the child's parent still lives, the other
    // exits and leaves the child an orphan. Neither child may outlive the match. The exiting
    // engine's games are lost as a crash, or on time where a busy machine reaches the move's
    // deadline before the exit is read (both cores busy, the suite once saw Time there): what
    // is asserted of it is its child, not the clock.
    for (name, go, reasons) in [
        ("setsid-hang.sh", "sleep 60", &[Reason::Time][..]),
        (
            "setsid-exit.sh",
            "exit 3",
            &[Reason::Crash, Reason::Time][..],
        ),
    ] {
        let pids = common::temp_path("misbehaving", &format!("{name}.pids"));
        let p = native(
            name,
            &format!("setsid sleep 120 &\necho $! >> '{}'", pids.display()),
            GREET,
            go,
        );
        let played = play(&sh(&p), MOVE_100, |t| t.games = 4);
        for g in &played.games {
            assert!(
                reasons.contains(&g.reason),
                "{name}: {:?}: {}",
                g.reason,
                g.detail
            );
        }
        let started = std::fs::read_to_string(&pids).unwrap();
        assert!(started.lines().count() >= 2, "{started}");
        assert!(all_gone(&pids), "{name}: left running: {started}");
    }
}

/// Starts `ewn match` with an engine that never answers its handshake and has a child, waits until
/// both have written their ids to `pids`, and sends the runner `signal`.
fn signal_a_runner_with_a_stuck_engine(signal: &str, pids: &Path) {
    let p = script(
        &format!("stuck-{signal}.sh"),
        &format!(
            "sleep 300 &\necho $! >> '{0}'\necho $$ >> '{0}'\nwait\n",
            pids.display()
        ),
    );
    let mut runner = std::process::Command::new(EWN)
        .args(["match", "--engine", "sh"])
        .arg(format!("arg={}", p.display()))
        .args(["--games", "2", "--quiet"])
        .stdout(std::process::Stdio::null())
        .stderr(std::process::Stdio::null())
        .spawn()
        .unwrap();
    let until = Instant::now() + Duration::from_secs(30);
    while std::fs::read_to_string(pids)
        .unwrap_or_default()
        .lines()
        .count()
        < 2
    {
        assert!(Instant::now() < until, "the engine did not start");
        std::thread::sleep(Duration::from_millis(20));
    }
    let status = std::process::Command::new("kill")
        .args([&format!("-{signal}"), &runner.id().to_string()])
        .status()
        .unwrap();
    assert!(status.success());
    runner.wait().unwrap();
}

#[test]
fn engines_die_with_the_runner_however_it_ends() {
    // SIGHUP (a closed ssh session) and SIGQUIT are handled like SIGTERM; SIGKILL cannot be
    // handled, and the parent-death signal and the guardian process end the engines then.
    for signal in ["HUP", "QUIT", "KILL"] {
        let pids = common::temp_path("misbehaving", &format!("{signal}-pids"));
        signal_a_runner_with_a_stuck_engine(signal, &pids);
        assert!(
            all_gone(&pids),
            "after SIG{signal}, left running: {}",
            std::fs::read_to_string(&pids).unwrap()
        );
    }
}
