//! What the integration tests share: running the built `ewn` to its end on a given input, a
//! session with it line by line, the replay of a protocol transcript and scratch files.
//!
//! Waits are bounded only so that a hang fails a test instead of blocking the suite; the bounds
//! are generous, because the machine running the tests may be busy with other work.

// Each test file uses its own part of this module.
#![allow(dead_code)]

use std::io::{BufRead, BufReader, Write};
use std::path::{Path, PathBuf};
use std::process::{Child, ChildStdin, Command, Stdio};
use std::sync::mpsc::{self, Receiver, RecvTimeoutError};
use std::thread;
use std::time::{Duration, Instant};

/// The program under test.
pub const EWN: &str = env!("CARGO_BIN_EXE_ewn");

/// A reply that takes this long means a hang, not a slow machine.
pub const REPLY_TIMEOUT: Duration = Duration::from_secs(30);

/// `ewn` with SIGINT at its default action, as a program started from a terminal has it. A
/// test runner started in the background by a script has SIGINT ignored, and its children
/// inherit that; the referee rightly leaves an ignored SIGINT ignored, so a test of what Ctrl-C
/// does must give its child the terminal's disposition back.
pub fn interruptible_ewn() -> Command {
    use std::os::unix::process::CommandExt;
    let mut cmd = Command::new(EWN);
    // SAFETY: between fork and exec only an async-signal-safe call is made (sigaction through
    // `signal`), on the child's own copy of the dispositions.
    unsafe {
        cmd.pre_exec(|| {
            nix::sys::signal::signal(
                nix::sys::signal::Signal::SIGINT,
                nix::sys::signal::SigHandler::SigDfl,
            )
            .map(|_| ())
            .map_err(std::io::Error::from)
        });
    }
    cmd
}

/// What a finished run of the program left.
pub struct Ran {
    pub ok: bool,
    pub stdout: String,
    pub stderr: String,
}

/// Runs `ewn <args>` with `input` on its standard input until it exits. The input is written
/// from a thread, so a full output pipe cannot block the writer. Backtraces are turned off, so
/// that an error is the program's own one line.
pub fn run(args: &[&str], input: &str) -> Ran {
    let mut child = Command::new(EWN)
        .args(args)
        .env_remove("RUST_BACKTRACE")
        .env_remove("RUST_LIB_BACKTRACE")
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .expect("starting the engine");
    let mut stdin = child.stdin.take().unwrap();
    let input = input.to_string();
    // The program may exit without reading everything: a broken pipe is no failure here.
    let writer = thread::spawn(move || {
        let _ = stdin.write_all(input.as_bytes());
    });
    let out = child.wait_with_output().unwrap();
    writer.join().unwrap();
    Ran {
        ok: out.status.success(),
        stdout: String::from_utf8(out.stdout).expect("standard output is UTF-8"),
        stderr: String::from_utf8_lossy(&out.stderr).into_owned(),
    }
}

/// Runs `ewn <args>` without input; it must succeed. Its standard output.
pub fn run_ok(args: &[&str]) -> String {
    let r = run(args, "");
    assert!(r.ok, "ewn {args:?}: {}", r.stderr);
    r.stdout
}

/// Runs `ewn <args>` without input; it must fail. Its standard error.
pub fn run_fails(args: &[&str]) -> String {
    let r = run(args, "");
    assert!(!r.ok, "ewn {args:?} should fail");
    r.stderr
}

/// A scratch file `name` in a directory of this test process for `group`, removed if it is left
/// from before. Scratch directories live under Cargo's temporary directory for this target, not
/// the system's, and those of earlier test runs are removed by the first call of a run, so runs
/// leave nothing behind but the last one's files.
pub fn temp_path(group: &str, name: &str) -> PathBuf {
    static SWEEP: std::sync::Once = std::sync::Once::new();
    let root = Path::new(env!("CARGO_TARGET_TMPDIR")).join("ewn-tests");
    let pid = std::process::id().to_string();
    SWEEP.call_once(|| remove_other_runs(&root, &pid));
    let dir = root.join(&pid).join(group);
    std::fs::create_dir_all(&dir).unwrap();
    let p = dir.join(name);
    let _ = std::fs::remove_file(&p);
    p
}

/// Removes the scratch directories under `root` of test runs whose process has ended.
fn remove_other_runs(root: &Path, own: &str) {
    let Ok(entries) = std::fs::read_dir(root) else {
        return;
    };
    for entry in entries.flatten() {
        let name = entry.file_name();
        let name = name.to_string_lossy();
        let alive = Path::new("/proc").join(name.as_ref()).exists();
        if name != own && !alive {
            let _ = std::fs::remove_dir_all(entry.path());
        }
    }
}

/// A running engine spoken to line by line; killed when dropped.
pub struct Engine {
    child: Child,
    stdin: Option<ChildStdin>,
    lines: Receiver<String>,
}

impl Engine {
    pub fn start(args: &[&str]) -> Engine {
        let mut child = Command::new(EWN)
            .args(args)
            .stdin(Stdio::piped())
            .stdout(Stdio::piped())
            .stderr(Stdio::null())
            .spawn()
            .expect("starting the engine");
        let stdin = child.stdin.take();
        let stdout = child.stdout.take().unwrap();
        let (tx, rx) = mpsc::channel();
        thread::spawn(move || {
            for line in BufReader::new(stdout).lines() {
                let Ok(line) = line else { break };
                if tx.send(line).is_err() {
                    break;
                }
            }
        });
        Engine {
            child,
            stdin,
            lines: rx,
        }
    }

    pub fn send(&mut self, line: &str) {
        let stdin = self.stdin.as_mut().expect("input still open");
        writeln!(stdin, "{line}").expect("writing to the engine");
        stdin.flush().unwrap();
    }

    pub fn send_bytes(&mut self, bytes: &[u8]) {
        let stdin = self.stdin.as_mut().expect("input still open");
        stdin.write_all(bytes).unwrap();
        stdin.flush().unwrap();
    }

    /// The next reply line, or `None` when the engine closed its output.
    pub fn next(&self) -> Option<String> {
        match self.lines.recv_timeout(REPLY_TIMEOUT) {
            Ok(l) => Some(l),
            Err(RecvTimeoutError::Disconnected) => None,
            Err(RecvTimeoutError::Timeout) => panic!("no reply within {REPLY_TIMEOUT:?}"),
        }
    }

    /// Reads replies until one starts with `prefix`; returns them all.
    pub fn until(&self, prefix: &str) -> Vec<String> {
        let mut seen = Vec::new();
        loop {
            let l = self
                .next()
                .unwrap_or_else(|| panic!("output ended before '{prefix}': {seen:?}"));
            let done = l.starts_with(prefix);
            seen.push(l);
            if done {
                return seen;
            }
        }
    }

    pub fn close_input(&mut self) {
        self.stdin = None;
    }

    /// Waits for the process to end, which it must do successfully within `limit`; returns what
    /// it printed meanwhile and how long it took.
    pub fn wait_exit(&mut self, limit: Duration) -> (Vec<String>, Duration) {
        let start = Instant::now();
        loop {
            if let Some(status) = self.child.try_wait().unwrap() {
                assert!(status.success(), "engine exited with {status}");
                let took = start.elapsed();
                // The output is read on another thread: drain it to its end, not just what has
                // arrived so far.
                let mut rest = Vec::new();
                while let Ok(l) = self.lines.recv_timeout(REPLY_TIMEOUT) {
                    rest.push(l);
                }
                return (rest, took);
            }
            if start.elapsed() > limit {
                let _ = self.child.kill();
                panic!("engine still running {limit:?} after it was told to end");
            }
            thread::sleep(Duration::from_millis(5));
        }
    }
}

impl Drop for Engine {
    fn drop(&mut self) {
        let _ = self.child.kill();
        let _ = self.child.wait();
    }
}

/// The directory of the example sessions.
pub fn transcript_dir() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("protocol/transcripts")
}

enum Step {
    Send(String),
    Exact(String),
    Prefix(String),
    Many(String),
}

/// A transcript's command-line arguments (a first comment `# args: ...`) and its steps with their
/// line numbers.
fn parse_transcript(path: &Path) -> (Vec<String>, Vec<(usize, Step)>) {
    let text = std::fs::read_to_string(path).unwrap();
    let mut args = Vec::new();
    let mut steps = Vec::new();
    for (i, line) in text.lines().enumerate() {
        if let Some(a) = line.strip_prefix("# args:") {
            args = a.split_whitespace().map(String::from).collect();
            continue;
        }
        if line.trim().is_empty() || line.starts_with('#') {
            continue;
        }
        let (tag, rest) = line.split_at(line.find(' ').unwrap_or(line.len()));
        let rest = rest.strip_prefix(' ').unwrap_or(rest).to_string();
        let step = match tag {
            ">" => Step::Send(rest),
            "<" => Step::Exact(rest),
            "~" => Step::Prefix(rest),
            "*" => Step::Many(rest),
            _ => panic!("{}:{}: unknown line kind '{tag}'", path.display(), i + 1),
        };
        steps.push((i + 1, step));
    }
    (args, steps)
}

/// Replays a transcript (the format is in `protocol/README.md`): each `>` line is sent once every
/// expectation above it has been met, and the replies must match line by line. After the last
/// line the input is closed; the engine must then exit successfully without printing anything
/// more.
pub fn replay_transcript(path: &Path) {
    let name = path.display();
    let (args, steps) = parse_transcript(path);
    let args: Vec<&str> = args.iter().map(String::as_str).collect();
    let mut e = Engine::start(&args);
    // A reply read while skipping `*` lines that belongs to the next expectation.
    let mut ahead: Option<String> = None;
    let take = |e: &Engine, ahead: &mut Option<String>, at: usize| -> String {
        ahead
            .take()
            .or_else(|| e.next())
            .unwrap_or_else(|| panic!("{name}:{at}: output ended early"))
    };
    for (at, step) in steps {
        match step {
            Step::Send(l) => {
                assert!(ahead.is_none(), "{name}:{at}: unexpected reply {ahead:?}");
                e.send(&l);
            }
            Step::Exact(want) => {
                let got = take(&e, &mut ahead, at);
                assert_eq!(got, want, "{name}:{at}");
            }
            Step::Prefix(want) => {
                let got = take(&e, &mut ahead, at);
                assert!(
                    got.starts_with(&want),
                    "{name}:{at}: '{got}' does not start with '{want}'"
                );
            }
            Step::Many(want) => loop {
                let got = take(&e, &mut ahead, at);
                if !got.starts_with(&want) {
                    ahead = Some(got);
                    break;
                }
            },
        }
    }
    e.close_input();
    let (mut rest, _) = e.wait_exit(REPLY_TIMEOUT);
    if let Some(l) = ahead {
        rest.insert(0, l);
    }
    assert!(
        rest.is_empty(),
        "{name}: unexpected replies at the end: {rest:?}"
    );
}

/// The words of a command line, split at spaces.
pub fn words(line: &str) -> Vec<&str> {
    line.split_whitespace().collect()
}

/// The words of `line`, then `whole`, each one argument even with spaces in it (paths, engine
/// commands).
pub fn argv<'a>(line: &'a str, whole: &[&'a str]) -> Vec<&'a str> {
    let mut v = words(line);
    v.extend(whole);
    v
}

/// A seeded generator for random positions and games in tests (splitmix64, as the engine's own).
pub struct Rng(pub u64);

impl Rng {
    pub fn next(&mut self) -> u64 {
        let (s, v) = ewn::rules::zobrist::splitmix64(self.0);
        self.0 = s;
        v
    }

    /// A number below `n`.
    pub fn below(&mut self, n: u64) -> u64 {
        self.next() % n
    }
}

/// The standard game's notation under short names, for tests written on its board.
pub mod standard {
    use ewn::rules::board::{Board, Move};
    use ewn::rules::notation::{self, NotationError};
    use ewn::rules::variant::Variant;

    pub fn parse_fen(s: &str) -> Result<Board, NotationError> {
        notation::parse_fen_in(Variant::standard(), s)
    }
    pub fn parse_move(s: &str) -> Result<Move, NotationError> {
        notation::parse_move_in(Variant::standard(), s)
    }
    pub fn move_name(m: Move) -> String {
        notation::move_name_in(Variant::standard(), m)
    }
}

/// The address `ewn gui` prints first (`http://127.0.0.1:PORT/?token=HEX`), read from the piped
/// standard output of `child`: its port and token.
pub fn gui_address(child: &mut Child) -> (u16, String) {
    let mut line = String::new();
    BufReader::new(
        child
            .stdout
            .take()
            .expect("the arena's standard output is piped"),
    )
    .read_line(&mut line)
    .unwrap();
    line.trim()
        .strip_prefix("http://127.0.0.1:")
        .and_then(|r| r.split_once("/?token="))
        .and_then(|(p, t)| Some((p.parse().ok()?, t.to_string())))
        .unwrap_or_else(|| panic!("address line '{line}'"))
}

/// The port of the live page that `ewn match --live` announces on its standard error
/// (`live page at http://127.0.0.1:PORT/`), read from the piped standard error of `child`; the
/// rest of that output is read on in the background, so that the match never blocks on a full
/// pipe.
pub fn live_address(child: &mut Child) -> u16 {
    use std::io::Read;
    let mut err = BufReader::new(
        child
            .stderr
            .take()
            .expect("the match's standard error is piped"),
    );
    let mut line = String::new();
    let port = loop {
        line.clear();
        assert!(
            err.read_line(&mut line).unwrap() > 0,
            "the match ended before its live page started"
        );
        if let Some(p) = line
            .trim()
            .strip_prefix("live page at http://127.0.0.1:")
            .and_then(|r| r.trim_end_matches('/').parse::<u16>().ok())
        {
            break p;
        }
    };
    thread::spawn(move || {
        let mut sink = Vec::new();
        let _ = err.read_to_end(&mut sink);
    });
    port
}
