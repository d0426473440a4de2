//! The native protocol against the built binary: every transcript in `protocol/transcripts/` is
//! replayed and compared line by line, and the behaviours a transcript cannot express (stopping,
//! quitting during a search, the end of input) are driven directly.
//!
//! Transcript format (also described in `protocol/native.md`):
//! - `> text`: a line sent to the engine, once every expectation before it has been met;
//! - `< text`: the next reply line is exactly `text`;
//! - `~ text`: the next reply line starts with `text`;
//! - `* text`: any number of reply lines (zero or more) that start with `text`;
//! - blank lines and lines starting with `#` are comments.
//!
//! After the last line the input is closed; the engine must then exit successfully without
//! printing anything more.

use std::io::{BufRead, BufReader, Write};
use std::path::{Path, PathBuf};
use std::process::{Child, ChildStdin, Command, Stdio};
use std::sync::mpsc::{self, Receiver, RecvTimeoutError};
use std::thread;
use std::time::{Duration, Instant};

/// Generous: a reply that takes this long means a hang, not a slow machine.
const REPLY_TIMEOUT: Duration = Duration::from_secs(30);

struct Engine {
    child: Child,
    stdin: Option<ChildStdin>,
    lines: Receiver<String>,
}

impl Engine {
    fn start(args: &[&str]) -> Engine {
        let mut child = Command::new(env!("CARGO_BIN_EXE_ewn"))
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

    fn send(&mut self, line: &str) {
        let stdin = self.stdin.as_mut().expect("input still open");
        writeln!(stdin, "{line}").expect("writing to the engine");
        stdin.flush().unwrap();
    }

    fn send_bytes(&mut self, bytes: &[u8]) {
        let stdin = self.stdin.as_mut().expect("input still open");
        stdin.write_all(bytes).unwrap();
        stdin.flush().unwrap();
    }

    /// The next reply line, or `None` when the engine closed its output.
    fn next(&self) -> Option<String> {
        match self.lines.recv_timeout(REPLY_TIMEOUT) {
            Ok(l) => Some(l),
            Err(RecvTimeoutError::Disconnected) => None,
            Err(RecvTimeoutError::Timeout) => panic!("no reply within {REPLY_TIMEOUT:?}"),
        }
    }

    /// Reads replies until one starts with `prefix`; returns them all.
    fn until(&self, prefix: &str) -> Vec<String> {
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

    fn close_input(&mut self) {
        self.stdin = None;
    }

    /// Waits for the process to end and returns what it printed meanwhile and how long it took.
    fn wait_exit(&mut self, limit: Duration) -> (Vec<String>, Duration) {
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

enum Step {
    Send(String),
    Exact(String),
    Prefix(String),
    Many(String),
}

fn parse_transcript(path: &Path) -> Vec<(usize, Step)> {
    let text = std::fs::read_to_string(path).unwrap();
    let mut steps = Vec::new();
    for (i, line) in text.lines().enumerate() {
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
    steps
}

fn replay(path: &Path) {
    let name = path.display();
    let mut e = Engine::start(&[]);
    // A reply read while skipping `*` lines that belongs to the next expectation.
    let mut ahead: Option<String> = None;
    let take = |e: &Engine, ahead: &mut Option<String>, at: usize| -> String {
        ahead
            .take()
            .or_else(|| e.next())
            .unwrap_or_else(|| panic!("{name}:{at}: output ended early"))
    };
    for (at, step) in parse_transcript(path) {
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

fn transcript_dir() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("protocol/transcripts")
}

/// Every transcript with its own test, so a failure names the session.
const TRANSCRIPTS: [&str; 6] = [
    "01-handshake.txt",
    "02-positions.txt",
    "03-search.txt",
    "04-errors.txt",
    "05-finished.txt",
    "06-analysis.txt",
];

#[test]
fn every_transcript_is_replayed() {
    let mut files: Vec<String> = std::fs::read_dir(transcript_dir())
        .unwrap()
        .map(|e| e.unwrap().file_name().to_string_lossy().into_owned())
        // `tcg-*.txt` are TCG sessions, replayed by `tests/tcg_transcripts.rs`.
        .filter(|n| n.ends_with(".txt") && !n.starts_with("tcg-"))
        .collect();
    files.sort();
    assert_eq!(files, TRANSCRIPTS, "add new transcripts to TRANSCRIPTS");
}

#[test]
fn transcript_handshake() {
    replay(&transcript_dir().join(TRANSCRIPTS[0]));
}

#[test]
fn transcript_positions() {
    replay(&transcript_dir().join(TRANSCRIPTS[1]));
}

#[test]
fn transcript_search() {
    replay(&transcript_dir().join(TRANSCRIPTS[2]));
}

#[test]
fn transcript_errors() {
    replay(&transcript_dir().join(TRANSCRIPTS[3]));
}

#[test]
fn transcript_finished() {
    replay(&transcript_dir().join(TRANSCRIPTS[4]));
}

#[test]
fn transcript_analysis() {
    replay(&transcript_dir().join(TRANSCRIPTS[5]));
}

fn bestmove_of(lines: &[String]) -> &str {
    let last = lines.last().unwrap();
    last.strip_prefix("bestmove ")
        .unwrap_or_else(|| panic!("no bestmove in {lines:?}"))
}

#[test]
fn stop_ends_an_infinite_search_with_a_bestmove() {
    let mut e = Engine::start(&[]);
    e.send("go die 2 infinite");
    // The first iteration's report shows the search has started.
    e.until("info depth 1 ");
    e.send("stop");
    let lines = e.until("bestmove");
    let m = bestmove_of(&lines).to_string();
    e.send("query legal die 2");
    let legal = e.until("response");
    assert!(legal[0].split_whitespace().any(|w| w == m), "{m} {legal:?}");
}

#[test]
fn infinite_search_that_ends_early_waits_for_stop() {
    let mut e = Engine::start(&[]);
    // One Red cube that can only walk along rank 1 into Blue's waiting cube: proven at once.
    e.send("position fen 5/5/5/5/R13B1 r");
    e.send("go die 1 infinite");
    e.until("info depth 4 ");
    // No bestmove yet: `isready` is answered first.
    e.send("isready");
    assert_eq!(e.next().unwrap(), "readyok");
    e.send("stop");
    assert_eq!(e.next().unwrap(), "bestmove a1b1");
}

#[test]
fn quit_during_a_search_exits_promptly() {
    let mut e = Engine::start(&[]);
    e.send("go die 1 infinite");
    e.until("info depth 1 ");
    e.send("quit");
    let (_, took) = e.wait_exit(Duration::from_secs(5));
    assert!(took < Duration::from_secs(5));
}

#[test]
fn end_of_input_during_a_search_exits() {
    let mut e = Engine::start(&[]);
    e.send("go die 5 infinite");
    e.until("info depth 1 ");
    e.close_input();
    e.wait_exit(Duration::from_secs(5));
}

#[test]
fn end_of_input_exits() {
    let mut e = Engine::start(&[]);
    e.close_input();
    let (rest, _) = e.wait_exit(Duration::from_secs(5));
    assert!(rest.is_empty());
}

#[test]
fn movetime_search_answers() {
    let mut e = Engine::start(&[]);
    e.send("go die 3 movetime 100");
    let lines = e.until("bestmove");
    assert!(!bestmove_of(&lines).is_empty());
}

#[test]
fn clock_search_answers() {
    let mut e = Engine::start(&[]);
    e.send("position startpos moves a3b2");
    e.send("go die 6 rtime 1000 btime 500 binc 10");
    let lines = e.until("bestmove");
    assert!(bestmove_of(&lines).starts_with("e3"), "{lines:?}");
}

#[test]
fn isready_is_answered_during_a_search() {
    let mut e = Engine::start(&[]);
    e.send("go die 4 infinite");
    e.until("info depth 1 ");
    e.send("isready");
    e.until("readyok");
    e.send("stop");
    e.until("bestmove");
}

#[test]
fn a_tcg_first_line_is_not_taken_for_native() {
    // What the TCG front end answers is its own business; the native side must stay silent.
    let mut e = Engine::start(&[]);
    e.send("name");
    e.close_input();
    let (rest, _) = e.wait_exit(REPLY_TIMEOUT);
    assert!(
        !rest.iter().any(|l| l.starts_with("error unknown command")),
        "{rest:?}"
    );
}

#[test]
fn tcg_words_are_native_errors_when_native_is_forced() {
    let mut e = Engine::start(&["--protocol", "native"]);
    e.send("name");
    assert_eq!(e.next().unwrap(), "error unknown command 'name'");
}

#[test]
fn bytes_that_are_not_text_get_an_error() {
    let mut e = Engine::start(&[]);
    e.send_bytes(b"go die \xff\xfe\n");
    assert!(e.next().unwrap().starts_with("error "));
    e.send("isready");
    assert_eq!(e.next().unwrap(), "readyok");
}

#[test]
fn windows_line_ends_are_accepted() {
    let mut e = Engine::start(&[]);
    e.send_bytes(b"isready\r\n");
    assert_eq!(e.next().unwrap(), "readyok");
}
