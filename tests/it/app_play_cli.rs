//! `ewn play` and `ewn analyse` driven through the built binary with piped input.

use crate::common;

use ewn::record::{GameRecord, Reason, parse_records};
use ewn::rules::board::Color;
use ewn::rules::notation::to_fen;

/// `ewn <args>` on `input`: its standard output and whether it succeeded.
fn run(args: &[&str], input: &str) -> (String, bool) {
    let r = common::run(args, input);
    (r.stdout, r.ok)
}

/// The position `play` printed at the end of its game.
fn final_position(out: &str) -> &str {
    out.lines()
        .find_map(|l| l.strip_prefix("final position: "))
        .unwrap_or_else(|| panic!("no final position in {out}"))
}

/// Reads the saved record with the referee's parser, checks that it replays to the position the
/// game ended in, and that `ewn replay` accepts it too.
fn saved_game(path: &std::path::Path, out: &str) -> GameRecord {
    let text = std::fs::read_to_string(path).unwrap();
    let mut games = parse_records(&text).unwrap_or_else(|e| panic!("{e}\n{text}"));
    assert_eq!(games.len(), 1, "{text}");
    let g = games.pop().unwrap();
    let end = g.replay().unwrap_or_else(|e| panic!("{e}\n{text}"));
    assert_eq!(to_fen(&end), final_position(out));
    let (replayed, ok) = run(&["replay", path.to_str().unwrap()], "");
    assert!(ok, "{replayed}");
    assert!(
        replayed.contains(&format!("final {}\n", final_position(out))),
        "{replayed}"
    );
    g
}

fn temp(name: &str) -> std::path::PathBuf {
    common::temp_path("play", name)
}

/// `ewn play <args> --record <rec>` on `input`.
fn play_recorded(args: &[&str], rec: &std::path::Path, input: &str) -> (String, bool) {
    let mut all = vec!["play"];
    all.extend(args);
    all.extend(["--record", rec.to_str().unwrap()]);
    run(&all, input)
}

/// Red (the person) and Blue (the engine) race single cubes; every die is typed. Red goes c3 d2
/// e1 while Blue's only cube can only step a3 a4. Bad dice and bad moves are answered and asked
/// again.
#[test]
fn complete_game_with_typed_dice_saves_the_record() {
    let rec = temp("manual.txt");
    let input = "7\nx\n1\nzz\nc3c4\nd2e1\nc3d2\n4\n6\nd2e1\n";
    let args = [
        "--position",
        "5/5/B11R12/5/5 r",
        "--dice",
        "manual",
        "--depth",
        "2",
    ];
    let (out, ok) = play_recorded(&args, &rec, input);
    assert!(ok, "{out}");
    assert!(out.contains("'7' is not a die face"), "{out}");
    assert!(out.contains("'x' is not a die face"), "{out}");
    assert!(out.contains("bad move 'zz'"), "{out}");
    assert!(out.contains("c3c4 is not a legal move here"), "{out}");
    assert!(out.contains("legal moves: c3d2 c3c2 c3d3"), "{out}");
    assert!(out.contains("engine plays a3a4 for blue"), "{out}");
    assert!(
        out.contains("win chance after c3d2: red 1.0000, blue 0.0000"),
        "{out}"
    );
    assert!(out.contains("red wins"), "{out}");
    assert!(!out.contains('\x1b'), "no colours when not on a terminal");
    assert!(out.contains("final position: 5/B14/5/5/4R1 b"), "{out}");
    let g = saved_game(&rec, &out);
    assert_eq!((g.winner, g.reason), (Some(Color::Red), Reason::Goal));
    let text = std::fs::read_to_string(&rec).unwrap();
    let date = text.lines().find(|l| l.starts_with("date ")).unwrap();
    assert_eq!(
        text,
        format!(
            "game 1\n{date}\nred human\nblue engine level 10\nposition 5/5/B11R12/5/5 r\n\
             move r 1 c3d2\nmove b 4 a3a4\nmove r 6 d2e1\nresult r goal\nend\n"
        )
    );
}

#[test]
fn end_of_input_stops_the_game_cleanly() {
    let rec = temp("eof.txt");
    let (out, ok) = play_recorded(&["--dice", "manual", "--depth", "2"], &rec, "3\n");
    assert!(ok, "{out}");
    assert!(out.contains("input ended: game stopped"), "{out}");
    let g = saved_game(&rec, &out);
    assert_eq!((g.winner, g.reason), (None, Reason::Unfinished));
    assert!(g.plies.is_empty());
    assert!(
        std::fs::read_to_string(&rec)
            .unwrap()
            .contains("\nsetup 123456 123456\nfirst r\n"),
        "a game from the start keeps the setups"
    );
}

#[test]
fn resignation_is_recorded_for_the_other_side() {
    let rec = temp("resign.txt");
    let args = ["--human", "both", "--dice", "manual", "--depth", "1"];
    let (out, ok) = play_recorded(&args, &rec, "1\na5b4\n2\nresign\n");
    assert!(ok, "{out}");
    assert!(out.contains("blue resigns"), "{out}");
    let g = saved_game(&rec, &out);
    assert_eq!((g.winner, g.reason), (Some(Color::Red), Reason::Resign));
    assert_eq!(g.plies.len(), 1);
    // A whole game from the setups exports to the contest style; an unfinished one would not.
    let (ccgc, ok) = run(&["export", "--ccgc", rec.to_str().unwrap()], "");
    assert!(ok, "{ccgc}");
    assert!(ccgc.contains("1:1;(R1,B4)"), "{ccgc}");
}

#[test]
fn engine_against_itself_with_rolled_dice_is_reproducible() {
    let rec1 = temp("auto1.txt");
    let rec2 = temp("auto2.txt");
    let args = common::words("--human none --seed 42 --depth 2 --level 4 --color always");
    let (out, ok) = play_recorded(&args, &rec1, "");
    assert!(ok, "{out}");
    assert!(out.contains(" wins"), "{out}");
    assert!(
        out.contains("\x1b[1;31mR1\x1b[0m"),
        "colours when asked for"
    );
    let (_, ok) = play_recorded(&args, &rec2, "");
    assert!(ok);
    let g = saved_game(&rec1, &out);
    assert_eq!(g.seed, Some(42));
    assert!(g.winner.is_some() && g.reason.is_normal(), "{g:?}");
    // The same seed gives the same game; the date line is left out of the comparison, since
    // the two runs may fall either side of midnight.
    let without_date = |p: &std::path::Path| -> String {
        std::fs::read_to_string(p)
            .unwrap()
            .lines()
            .filter(|l| !l.starts_with("date "))
            .collect::<Vec<_>>()
            .join("\n")
    };
    assert_eq!(without_date(&rec1), without_date(&rec2));
}

#[test]
fn advise_shows_every_move_with_its_chance() {
    let (out, ok) = run(
        &["play", "--advise", "--dice", "manual", "--depth", "3"],
        "1\nresign\n",
    );
    assert!(ok, "{out}");
    assert!(out.contains("red: human, blue: human"), "{out}");
    for m in ["a5b4", "a5a4", "a5b5"] {
        assert!(out.contains(&format!("  {m}  0.")), "{out}");
    }
    assert!(out.contains("red resigns"), "{out}");
}

#[test]
fn analyse_prints_the_tables() {
    let (out, ok) = run(
        &[
            "analyse",
            "5/5/B14/3R11/5",
            "r",
            "--die",
            "1",
            "--depth",
            "3",
        ],
        "",
    );
    assert!(ok, "{out}");
    assert!(
        out.lines()
            .any(|l| l.starts_with("d2e1 ") && l.contains(" 1.0000 ")),
        "{out}"
    );
    let (out, ok) = run(&["analyse", "startpos", "--depth", "2"], "");
    assert!(ok, "{out}");
    assert!(out.contains("Win chance of red: 0."), "{out}");
    assert_eq!(
        out.lines()
            .filter(|l| l.starts_with(char::is_numeric))
            .count(),
        6
    );
    let (out, ok) = run(
        &[
            "analyse",
            "R24/1R13/3B2B5/3B1B4/3B6B3 r",
            "--die",
            "1",
            "--depth",
            "2",
        ],
        "",
    );
    assert!(ok);
    assert!(out.contains("R1 0.3333"), "{out}");
    let (_, ok) = run(&["analyse", "not a position"], "");
    assert!(!ok);
}

#[test]
fn analyse_and_play_take_a_thread_count() {
    let (out, ok) = run(
        &["analyse", "startpos", "--depth", "2", "--threads", "2"],
        "",
    );
    assert!(ok, "{out}");
    assert!(out.contains("Win chance of red: 0."), "{out}");
    let (out, ok) = run(
        &[
            "play",
            "--human",
            "none",
            "--seed",
            "5",
            "--depth",
            "1",
            "--threads",
            "2",
        ],
        "",
    );
    assert!(ok, "{out}");
    assert!(out.contains(" wins"), "{out}");
    for bad in [
        &["analyse", "startpos", "--threads", "0"][..],
        &["play", "--threads", "257"],
    ] {
        let r = common::run(bad, "");
        assert!(
            !r.ok && r.stderr.contains("--threads"),
            "{bad:?}: {}",
            r.stderr
        );
    }
    // Before a subcommand the flag is the protocol loop's, and would be lost: refused.
    let r = common::run(&["--threads", "2", "perft", "1"], "");
    assert!(
        !r.ok && r.stderr.contains("after the subcommand"),
        "{}",
        r.stderr
    );
}
