//! Every tool in every variant: for each preset (as `ewn variants list` names them) and a variant
//! from a TOML file written here, a short match records its games; `replay` accepts the record,
//! `review` names exactly the record's moves, `stats` and `analyse` run, terminal `play` plays a
//! game that replays, and the arena loads the record and gives back the same moves.
//!
//! Depths and games are tiny, and no step depends on how fast the machine is.

use crate::common;

use std::io::{Read, Write};
use std::net::TcpStream;
use std::process::{Command, Stdio};

use ewn::record::parse_records;
use ewn::rules::notation::{move_name_in, to_fen};
use serde_json::{Value, json};

const CUSTOM: &str = "[strip]\nparent = \"5x5-3\"\nrows = 6\ncols = 3\nholes = [\"b3\"]\n";

fn run_ok(args: &[&str]) -> String {
    let r = common::run(args, "");
    assert!(r.ok, "ewn {}: {}{}", args.join(" "), r.stdout, r.stderr);
    r.stdout
}

/// The record's moves, game by game, as `move` lines name them.
fn record_moves(text: &str) -> Vec<Vec<String>> {
    let mut games = Vec::new();
    for line in text.lines() {
        if line.starts_with("game ") {
            games.push(Vec::new());
        }
        if let Some(rest) = line.strip_prefix("move ") {
            let w: Vec<&str> = rest.split_whitespace().collect();
            games.last_mut().unwrap().push(w[2].to_string());
        }
    }
    games
}

/// The arena, started on a free port; its token and port.
struct Arena {
    child: std::process::Child,
    port: u16,
    token: String,
}

impl Arena {
    fn start(extra: &[&str]) -> Arena {
        let mut child = Command::new(common::EWN)
            .args(["gui", "--port", "0"])
            .args(extra)
            .stdout(Stdio::piped())
            .stderr(Stdio::null())
            .spawn()
            .expect("start ewn gui");
        let (port, token) = common::gui_address(&mut child);
        Arena { child, port, token }
    }

    fn call(&self, method: &str, path: &str, body: &Value) -> Value {
        let body = if method == "GET" {
            String::new()
        } else {
            body.to_string()
        };
        let mut s = TcpStream::connect(("127.0.0.1", self.port)).unwrap();
        let req = format!(
            "{method} {path} HTTP/1.1\r\nConnection: close\r\nHost: 127.0.0.1:{}\r\n\
             Content-Type: application/json\r\nX-Ewn-Token: {}\r\nContent-Length: {}\r\n\r\n{body}",
            self.port,
            self.token,
            body.len()
        );
        s.write_all(req.as_bytes()).unwrap();
        let mut resp = Vec::new();
        s.read_to_end(&mut resp).unwrap();
        let text = String::from_utf8_lossy(&resp);
        let (head, payload) = text.split_once("\r\n\r\n").expect("a whole response");
        assert!(head.contains(" 200 "), "{method} {path}: {text}");
        serde_json::from_str(payload).unwrap()
    }
}

impl Drop for Arena {
    fn drop(&mut self) {
        let _ = self.child.kill();
        let _ = self.child.wait();
    }
}

fn check_variant(name: &str, defs: &[&str]) {
    let rec = common::temp_path("matrix", &format!("{name}.txt"));
    let rec_s = rec.to_str().unwrap();
    let mut args = vec![
        "match",
        "--variant",
        name,
        "--engine",
        "self",
        "--opponent",
        "greedy",
        "--games",
        "1",
        "--movetime",
        "10",
        "--seed",
        "5",
        "--record",
        rec_s,
    ];
    args.extend(defs);
    run_ok(&args);
    let text = std::fs::read_to_string(&rec).unwrap();
    assert!(
        name == "standard" || text.contains(&format!("variant {name}")),
        "{text}"
    );
    let games = parse_records(&text).unwrap();
    let want = record_moves(&text);
    assert_eq!(games.len(), want.len());

    // replay
    let out = run_ok(&["replay", rec_s]);
    assert!(out.contains("all valid"), "{name}: {out}");

    // review names exactly the record's moves
    let out = run_ok(&[
        "review",
        rec_s,
        "--game",
        "1",
        "--depth",
        "1",
        "--threshold",
        "0",
    ]);
    let v = games[0].start_board().variant();
    let reviewed: Vec<&str> = out
        .lines()
        .filter(|l| l.trim_start().starts_with(|c: char| c.is_ascii_digit()))
        .filter_map(|l| l.split_whitespace().nth(3))
        .collect();
    let with_choice: Vec<String> = {
        let mut b = games[0].start_board();
        let mut named = Vec::new();
        for p in &games[0].plies {
            if b.moves_for_die(p.die).len() > 1 {
                named.push(move_name_in(v, p.mv));
            }
            b.make(p.mv);
        }
        named
    };
    assert_eq!(reviewed, with_choice, "{name}: {out}");
    for m in &with_choice {
        assert!(want[0].contains(m), "{name}: {m} not in the record");
    }

    // stats and analyse
    let out = run_ok(&["stats", rec_s]);
    assert!(!out.is_empty(), "{name}");
    let mut a = vec!["analyse", "--variant", name, "--depth", "2", "startpos"];
    a.extend(defs);
    let out = run_ok(&a);
    assert!(out.contains("Win chance"), "{name}: {out}");

    // terminal play, the engine against itself
    let played = common::temp_path("matrix", &format!("{name}-play.txt"));
    let mut p = vec![
        "play",
        "--variant",
        name,
        "--human",
        "none",
        "--depth",
        "1",
        "--seed",
        "3",
        "--color",
        "never",
        "--record",
    ];
    p.push(played.to_str().unwrap());
    p.extend(defs);
    let r = common::run(&p, "");
    assert!(r.ok, "{name}: {}{}", r.stdout, r.stderr);
    let out = run_ok(&["replay", played.to_str().unwrap()]);
    assert!(out.contains("all valid"), "{name}: {out}");

    // the arena loads the record and gives back the same game
    let mut extra = vec![];
    extra.extend(defs);
    let arena = Arena::start(&extra);
    let s = arena.call("POST", "/api/record", &json!({ "text": text, "game": 1 }));
    assert_eq!(s["variant"]["name"], name, "{s}");
    let end = games[0].replay().unwrap();
    assert_eq!(s["fen"].as_str(), Some(to_fen(&end).as_str()), "{name}");
    let shown: Vec<String> = s["plies"]
        .as_array()
        .unwrap()
        .iter()
        .map(|p| p["move"].as_str().unwrap().to_string())
        .collect();
    assert_eq!(shown, want[0], "{name}");
    let back = arena.call("GET", "/api/record", &json!({}));
    let again = record_moves(back["text"].as_str().unwrap());
    assert_eq!(again[0], want[0], "{name}");
}

#[test]
fn every_tool_speaks_every_preset_and_a_file_variant() {
    let list = run_ok(&["variants", "list"]);
    let names: Vec<&str> = list
        .lines()
        .filter_map(|l| l.split_whitespace().next())
        .collect();
    assert!(names.len() >= 10, "{list}");
    for name in names {
        check_variant(name, &[]);
    }
    let defs = common::temp_path("matrix", "defs.toml");
    std::fs::write(&defs, CUSTOM).unwrap();
    check_variant("strip", &["--variants", defs.to_str().unwrap()]);
}

/// A directory holding only a solved variant's table serves whatever variant the run starts in:
/// choosing the variant later gives an exact search, and a review of its games is valued from it.
#[test]
fn a_directory_of_solved_tables_alone_serves_the_variant_chosen_later() {
    let dir = common::temp_path("matrix", "solved");
    std::fs::create_dir_all(&dir).unwrap();
    let d = dir.to_str().unwrap();
    run_ok(&["--variant", "3x3", "solve", "--out", d]);
    let r = common::run(
        &["--tables", d],
        "ugi\nsetoption name UCI_Variant value 3x3\nposition startpos\ngo die 2 depth 3\n",
    );
    assert!(r.ok, "{}", r.stderr);
    let info = r.stdout.lines().rfind(|l| l.starts_with("info")).unwrap();
    assert!(info.contains(" exact "), "{}", r.stdout);
    assert!(r.stdout.lines().last().unwrap().starts_with("bestmove "));
    let rec = common::temp_path("matrix", "solved-3x3.txt");
    let rec_s = rec.to_str().unwrap();
    run_ok(&[
        "match",
        "--variant",
        "3x3",
        "--engine",
        "self",
        "--opponent",
        "greedy",
        "--games",
        "1",
        "--movetime",
        "10",
        "--seed",
        "3",
        "--record",
        rec_s,
    ]);
    let exact = run_ok(&["--tables", d, "review", rec_s, "--depth", "1", "--summary"]);
    let searched = run_ok(&["review", rec_s, "--depth", "1", "--summary"]);
    assert_ne!(
        exact, searched,
        "the table's values differ from a depth-1 search"
    );
}
