//! The native protocol against the built binary: every transcript in `protocol/transcripts/` is
//! replayed and compared line by line (the format is in `protocol/README.md`, the replay in
//! `common`), and the behaviours a transcript cannot express (stopping, quitting during a search,
//! the end of input) are driven directly.

mod common;

use std::time::Duration;

use common::{Engine, REPLY_TIMEOUT, replay_transcript as replay, transcript_dir};

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
