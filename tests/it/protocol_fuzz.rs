//! Random input, seeded: thousands of lines built from protocol words, numbers, moves and stray
//! characters. The engine must answer, keep running and exit cleanly: nothing on input may make
//! it panic or hang.

use crate::common;

use ewn::rules::zobrist::splitmix64;

const WORDS: &[&str] = &[
    "ugi",
    "uci",
    "isready",
    "setoption",
    "name",
    "value",
    "Hash",
    "MoveOverhead",
    "Threads",
    "Level",
    "uginewgame",
    "position",
    "startpos",
    "fen",
    "setup",
    "moves",
    "go",
    "die",
    "movetime",
    "depth",
    "nodes",
    "rtime",
    "btime",
    "rinc",
    "binc",
    "movestogo",
    "multipv",
    "all",
    "stop",
    "query",
    "legal",
    "gameover",
    "result",
    "turn",
    "d",
    "analyse",
    "threats",
    "a5b4",
    "e1d2",
    "a3b2",
    "d2c3",
    "c5c4",
    "0",
    "1",
    "3",
    "6",
    "7",
    "-1",
    "99999999999999999999",
    "R1R2R32/R4R53/R63B6/3B5B4/2B3B2B1",
    "4R1/1B13/5/5/5",
    "r",
    "b",
    "123456",
    "654321",
    "112345",
    "x",
    "é",
    "UCI_Variant",
    "VariantPath",
    "3x3",
    "6x6",
    "backrank",
    "blackhole",
    "nodice",
    "0000",
    "12",
    "RA",
    "2345689ABC",
    "R1R21/R31B3/1B2B1",
];

fn session(seed: u64, n: usize) -> String {
    let mut state = seed;
    let mut next = |m: usize| {
        let (s, v) = splitmix64(state);
        state = s;
        (v % m as u64) as usize
    };
    let mut input = String::new();
    for _ in 0..n {
        let mut line: Vec<String> = (0..next(8))
            .map(|_| WORDS[next(WORDS.len())].to_string())
            .collect();
        if next(20) == 0 {
            // Stray characters, control characters and non-ASCII included.
            line = vec![
                (0..next(16))
                    .filter_map(|_| char::from_u32(1 + next(0x2ff) as u32))
                    .filter(|&c| c != '\n' && c != '\r')
                    .collect(),
            ];
        }
        let mut text = line.join(" ");
        if next(25) == 0 {
            // Switch variants now and then, so that every variant's parser and search is hit.
            let v = [
                "standard",
                "3x3",
                "6x6",
                "backrank",
                "blackhole",
                "nodice",
                "7x7",
            ][next(7)];
            text = format!("setoption name UCI_Variant value {v}");
        }
        // Keep every search short and bounded: the point is the parser and the state.
        if text.starts_with("go") {
            text.push_str(" depth 2");
        }
        if text.starts_with("analyse") {
            text.push_str(" depth 1");
        }
        if text.trim_start().starts_with("quit") || text.contains("perft") {
            continue;
        }
        input.push_str(&text);
        input.push('\n');
    }
    input.push_str("stop\nisready\n");
    input
}

#[test]
fn random_input_never_crashes_the_engine() {
    for seed in 1..=3 {
        let input = session(seed, 1500);
        let common::Ran { ok, stdout, stderr } = common::run(&["--protocol", "native"], &input);
        assert!(ok, "seed {seed}: {stderr}");
        assert!(!stderr.contains("panicked"), "seed {seed}: {stderr}");
        assert!(
            stdout.lines().any(|l| l.starts_with("error ")),
            "seed {seed}"
        );
        assert!(
            stdout.lines().all(|l| !l.is_empty()),
            "seed {seed}: an empty reply line"
        );
    }
}

#[test]
fn random_input_never_crashes_the_tcg_front_end() {
    // The contest's commands (but `exit`, which would end the session) and their arguments.
    let mut words: Vec<&str> = ewn::protocol::TCG_COMMANDS
        .iter()
        .copied()
        .filter(|&w| w != "exit")
        .collect();
    words.extend([
        "R", "B", "5", "6", "2", "0", "1", "7", "A1", "B2", "C3", "E5", "F9", "x", "10",
    ]);
    let mut state = 77u64;
    let mut next = |m: usize| {
        let (s, v) = splitmix64(state);
        state = s;
        (v % m as u64) as usize
    };
    let mut input = String::from("name\n");
    for _ in 0..1000 {
        let line: Vec<&str> = (0..next(16)).map(|_| words[next(words.len())]).collect();
        input.push_str(&line.join(" "));
        input.push('\n');
    }
    input.push_str("version\nexit\n");
    let common::Ran { ok, stdout, stderr } = common::run(&["--protocol", "tcg"], &input);
    assert!(ok, "{stderr}");
    assert!(!stderr.contains("panicked"), "{stderr}");
    assert_eq!(stdout.lines().next(), Some("ewn"));
    assert_eq!(stdout.lines().last(), Some(env!("CARGO_PKG_VERSION")));
}
