//! The native protocol against the built binary: every transcript in `protocol/transcripts/` is
//! replayed and compared line by line (the format is in `protocol/README.md`, the replay in
//! `common`), and the behaviours a transcript cannot express (stopping, quitting during a search,
//! the end of input) are driven directly.

use crate::common;

use std::time::{Duration, Instant};

use crate::common::{Engine, REPLY_TIMEOUT, replay_transcript as replay, transcript_dir};

/// Every transcript with its own test, so a failure names the session.
const TRANSCRIPTS: [&str; 8] = [
    "01-handshake.txt",
    "02-positions.txt",
    "03-search.txt",
    "04-errors.txt",
    "05-finished.txt",
    "06-analysis.txt",
    "07-variants.txt",
    "08-help.txt",
];

#[test]
fn every_transcript_is_replayed() {
    let mut files: Vec<String> = std::fs::read_dir(transcript_dir())
        .unwrap()
        .map(|e| e.unwrap().file_name().to_string_lossy().into_owned())
        // `tcg-*.txt` are TCG sessions, replayed by `tests/it/protocol_tcg.rs`.
        .filter(|n| n.ends_with(".txt") && !n.starts_with("tcg-"))
        .collect();
    files.sort();
    assert_eq!(files, TRANSCRIPTS, "add new transcripts to TRANSCRIPTS");
}

#[test]
fn transcript_variants() {
    replay(&transcript_dir().join(TRANSCRIPTS[6]));
}

#[test]
fn transcript_help() {
    replay(&transcript_dir().join(TRANSCRIPTS[7]));
}

/// The engine started on a terminal greets the person on standard error, naming the protocols and
/// `help`; `help` typed there is answered on standard output.
#[cfg(unix)]
#[test]
fn a_terminal_is_greeted_and_help_answers() {
    use std::io::{Read, Write};
    use std::process::{Command, Stdio};
    let pty = nix::pty::openpty(None, None).expect("a pseudo-terminal");
    let child = Command::new(common::EWN)
        .stdin(Stdio::from(pty.slave))
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .env_remove("RUST_LOG")
        .spawn()
        .expect("starting the engine");
    let mut master = std::fs::File::from(pty.master);
    master.write_all(b"help\nquit\n").unwrap();
    // The terminal echoes what was typed back to the master side; drain it so it never fills.
    let echo = std::thread::spawn(move || {
        let mut sink = Vec::new();
        let _ = master.read_to_end(&mut sink);
    });
    let out = child.wait_with_output().unwrap();
    drop(echo);
    assert!(out.status.success());
    let err = String::from_utf8_lossy(&out.stderr);
    let greeting = err.lines().next().unwrap_or("");
    assert!(
        greeting.contains("native protocol")
            && greeting.contains("TCG protocol")
            && greeting.contains("help")
            // Ctrl-C is not taken at a terminal: the greeting says how to leave.
            && greeting.contains("quit"),
        "{err}"
    );
    let stdout = String::from_utf8(out.stdout).unwrap();
    assert!(
        stdout.lines().count() >= 10 && stdout.lines().all(|l| l.starts_with("info string ")),
        "{stdout}"
    );
    assert!(stdout.contains("protocol/native.md"), "{stdout}");
}

/// A controller's pipe gets no greeting: standard error stays empty.
#[test]
fn a_pipe_is_not_greeted() {
    let r = common::run(&[], "isready\nquit\n");
    assert!(r.ok);
    assert_eq!(r.stdout, "readyok\n");
    assert_eq!(r.stderr, "", "a greeting or a log on a pipe");
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
    // One Red cube that can only walk along rank 1 into Blue's waiting cube: a certain loss,
    // which the built-in endgame table knows at once (ready once `readyok` has come).
    e.send("isready");
    e.until("readyok");
    e.send("position fen 5/5/5/5/R13B1 r");
    e.send("go die 1 infinite");
    let info = e.until("info depth 1 ");
    assert!(
        info.last()
            .unwrap()
            .contains(" wp 0.0000 proven exact pv a1b1")
    );
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

/// How long a stopped job may take to give its last line. Generous, so that a loaded machine does
/// not fail the test, and still far below the minute the analysis below would take unstopped.
const STOP_BOUND: Duration = Duration::from_secs(30);

#[test]
fn isready_is_answered_during_an_analysis() {
    let mut e = Engine::start(&[]);
    // A minute in all: ten seconds per face at the start (six sets of movable cubes).
    e.send("analyse movetime 60000");
    e.send("isready");
    let seen = e.until("readyok");
    assert!(
        seen[..seen.len() - 1]
            .iter()
            .all(|l| l.starts_with("info face ")),
        "readyok only after the analysis: {seen:?}"
    );
    e.send("stop");
    e.until("analysisdone ");
}

#[test]
fn stop_ends_an_analysis_promptly_with_its_last_line() {
    let mut e = Engine::start(&[]);
    e.send("analyse movetime 60000");
    // Once readyok is out the analysis has started.
    e.send("isready");
    let mut lines = e.until("readyok");
    lines.pop();
    let stopped = Instant::now();
    e.send("stop");
    lines.extend(e.until("analysisdone "));
    let took = stopped.elapsed();
    assert!(took < STOP_BOUND, "stop took {took:?}");
    // Every face is still reported, in order, before the last line.
    assert_eq!(lines.len(), 7, "{lines:?}");
    for (i, l) in lines[..6].iter().enumerate() {
        assert!(
            l.starts_with(&format!("info face {} depth ", i + 1)),
            "{lines:?}"
        );
    }
    // The engine goes on: the next command is answered.
    e.send("isready");
    assert_eq!(e.next().unwrap(), "readyok");
}

#[test]
fn stop_ends_a_perft_promptly() {
    let mut e = Engine::start(&[]);
    // The deepest perft allowed: years of counting.
    e.send("perft 12");
    e.send("isready");
    assert_eq!(e.next().unwrap(), "readyok");
    let stopped = Instant::now();
    e.send("stop");
    let line = e.next().unwrap();
    let took = stopped.elapsed();
    assert!(took < STOP_BOUND, "stop took {took:?}");
    let count = line
        .strip_prefix("perft 12 stopped ")
        .unwrap_or_else(|| panic!("{line}"));
    assert!(count.parse::<u64>().is_ok(), "{line}");
    // A perft that ends by itself gives its count as before.
    e.send("perft 3");
    assert_eq!(e.next().unwrap(), "perft 3 6162");
}

#[test]
fn a_search_needs_the_analysis_to_end_first() {
    let mut e = Engine::start(&[]);
    e.send("analyse movetime 60000");
    e.send("go die 3 depth 1");
    let seen = e.until("error ");
    assert_eq!(
        seen.last().unwrap(),
        "error an analysis is running (send stop first)"
    );
    e.send("stop");
    e.until("analysisdone ");
    e.send("go die 3 depth 1");
    e.until("bestmove ");
}

#[test]
fn a_search_with_two_threads_answers_a_legal_move() {
    let mut e = Engine::start(&[]);
    e.send("setoption name Threads value 2");
    e.send("position startpos moves a4b4");
    e.send("go die 3 depth 3");
    let lines = e.until("bestmove");
    let m = bestmove_of(&lines).to_string();
    e.send("query legal die 3");
    let legal = e.next().unwrap();
    assert!(
        legal.split_whitespace().skip(1).any(|w| w == m),
        "{m} {legal}"
    );
}

#[test]
fn the_threads_flag_sets_where_the_option_starts() {
    let mut e = Engine::start(&["--threads", "2"]);
    e.send("ugi");
    let lines = e.until("ugiok");
    assert!(
        lines
            .iter()
            .any(|l| l == "option name Threads type spin default 2 min 1 max 256"),
        "{lines:?}"
    );
    e.send("go die 1 depth 2");
    e.until("bestmove ");
}

/// A new game and a `Hash` setting empty the table, also when the size stays the same: a search
/// from an empty table always counts the same nodes, one on a table left by another fewer.
#[test]
fn new_game_and_hash_empty_the_table() {
    let mut e = Engine::start(&[]);
    let nodes = |e: &mut Engine, before: &str| -> u64 {
        if !before.is_empty() {
            e.send(before);
        }
        e.send("go die 3 depth 5");
        let lines = e.until("bestmove ");
        let info = &lines[lines.len() - 2];
        let n = info.split_whitespace().skip_while(|w| *w != "nodes").nth(1);
        n.unwrap_or_else(|| panic!("{info}")).parse().unwrap()
    };
    let fresh = nodes(&mut e, "");
    let warm = nodes(&mut e, "");
    assert!(
        warm < fresh,
        "the second search reuses the table: {warm} {fresh}"
    );
    for empties in [
        "uginewgame",
        "setoption name Hash value 64",
        "setoption name Hash value 16",
    ] {
        assert_eq!(nodes(&mut e, empties), fresh, "after {empties}");
        assert_eq!(nodes(&mut e, ""), warm, "after {empties}");
    }
}

#[test]
fn table_path_gives_exact_values_and_bad_tables_are_refused() {
    let dir = common::temp_path("native-tables", "t");
    let d = dir.to_str().unwrap();
    common::run_ok(&["tables", "build", "--cubes", "3", "--out", d]);
    let mut e = Engine::start(&[]);
    // Three cubes: with the directory's table even a depth-limited search is exact.
    e.send("position fen 5/1R3B22/5/2B42/5 r");
    e.send(&format!("setoption name TablePath value {d}"));
    e.send("go die 6 depth 3");
    let seen = e.until("bestmove");
    assert!(seen[0].starts_with("info depth 1 nodes"), "{seen:?}");
    assert!(seen[0].contains(" exact pv "), "{seen:?}");
    assert_eq!(seen.len(), 2, "one report, then the move: {seen:?}");
    // Without tables the same search is the plain one, reported at every depth.
    e.send("setoption name TablePath value none");
    e.send("go die 6 depth 3");
    let seen = e.until("bestmove");
    assert!(seen.iter().all(|l| !l.contains("exact")), "{seen:?}");
    assert!(seen[2].starts_with("info depth 3 "), "{seen:?}");
    // A directory without a table is refused with the reason; the engine keeps going.
    e.send("setoption name TablePath value /nonexistent-table-dir");
    assert!(
        e.next()
            .unwrap()
            .starts_with("error TablePath: no table in")
    );
    std::fs::write(dir.join("ewn-4cubes.tbl"), b"EWNTABLE rubbish").unwrap();
    e.send(&format!("setoption name TablePath value {d}"));
    let l = e.next().unwrap();
    assert!(l.starts_with("error TablePath:"), "{l}");
    e.send("isready");
    assert_eq!(e.next().unwrap(), "readyok");
}

/// A variant defined in a file: loaded with VariantPath, offered by the next handshake, played with
/// UCI_Variant; a faulty file is refused with its name, line and key, and the engine carries on.
#[test]
fn variants_from_a_file() {
    let path = common::temp_path("native-variants", "mine.toml");
    std::fs::write(
        &path,
        "# two variants\n[tiny]\nparent = \"3x3\"\ncols = 4\n\n[tinyhole]\nparent = \"tiny\"\nholes = [\"b2\"]\n",
    )
    .unwrap();
    let bad = common::temp_path("native-variants", "bad.toml");
    std::fs::write(&bad, "[broken]\nrows = 3\ncubes = [1, 2, 3, 4, 5, 6, 7]\n").unwrap();
    let mut e = Engine::start(&[]);
    e.send(&format!(
        "setoption name VariantPath value {}",
        bad.display()
    ));
    let err = e.next().unwrap();
    assert!(
        err.starts_with("error VariantPath: ") && err.contains("bad.toml:3: [broken] cubes"),
        "{err}"
    );
    e.send(&format!(
        "setoption name VariantPath value {}",
        path.display()
    ));
    e.send("ugi");
    let hello = e.until("ugiok");
    let combo = hello
        .iter()
        .find(|l| l.starts_with("option name UCI_Variant "))
        .unwrap();
    assert!(
        combo.ends_with("var nodice var tiny var tinyhole"),
        "{combo}"
    );
    e.send("setoption name UCI_Variant value tinyhole");
    e.send("position startpos");
    e.send("query fen");
    assert_eq!(e.next().unwrap(), "response R1R22/R32B3/2B2B1 r");
    e.send("d");
    let board = e.until("Key:");
    assert!(
        board.iter().any(|l| l.contains("()")),
        "the hole is drawn: {board:?}"
    );
    e.send("go die 1 depth 3");
    let lines = e.until("bestmove");
    let m = bestmove_of(&lines).to_string();
    e.send("query legal die 1");
    let legal = e.next().unwrap();
    assert!(legal.split_whitespace().any(|w| w == m), "{m} {legal}");
}

/// Input that ends (or says `quit`) while a search runs: the search is stopped and its best move
/// printed before the program exits, as engines of other games do.
#[test]
fn end_of_input_or_quit_during_a_search_prints_the_best_move() {
    for input in [
        "ugi\nposition startpos\ngo die 4 depth 7\n",
        "ugi\nposition startpos\ngo die 4 depth 30\nquit\n",
        "ugi\nposition startpos\ngo die 4 infinite\n",
    ] {
        let r = crate::common::run(&[], input);
        assert!(r.ok, "{input:?}: {}", r.stderr);
        let last = r.stdout.lines().last().unwrap_or("");
        assert!(last.starts_with("bestmove "), "{input:?}: {}", r.stdout);
    }
    // The TCG front end answers `get` before it reads on.
    let r = crate::common::run(
        &["--protocol", "tcg"],
        "name\nget R 6 E5 0 0 0 0 0 0 0 0 0 D5 0\n",
    );
    assert!(r.ok, "{}", r.stderr);
    assert_eq!(r.stdout.lines().last(), Some("D5 E5"), "{}", r.stdout);
}
