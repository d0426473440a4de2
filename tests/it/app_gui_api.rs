//! `ewn gui` driven through its HTTP API, as the page drives it: the built binary is started on a
//! free port and spoken to with plain HTTP/1.1 requests.
//!
//! Waits are bounded by a generous deadline only so that a hang fails the test instead of blocking
//! the suite; nothing here depends on how fast anything is.

use crate::common;

use std::io::{Read, Write};
use std::net::TcpStream;
use std::process::{Child, Command, Stdio};
use std::time::{Duration, Instant};

use ewn::brain::setup::ENGINE_SETUP;
use ewn::record::parse_records;
use ewn::rules::board::{Board, Color, piece_of};
use ewn::rules::notation::{parse_fen_in, to_fen};
use ewn::rules::variant::Variant;
use serde_json::{Value, json};

const HANG: Duration = Duration::from_secs(180);

struct Gui {
    child: Child,
    port: u16,
    token: String,
}

impl Gui {
    fn start() -> Gui {
        Gui::with_engines(&[])
    }

    /// The arena with these `--engine` arguments (each `NAME=COMMAND [KEY=VALUE]...`).
    fn with_engines(engines: &[&str]) -> Gui {
        let mut args = vec!["gui".to_string(), "--port".into(), "0".into()];
        for e in engines {
            args.push("--engine".into());
            args.extend(e.split_whitespace().map(String::from));
        }
        let mut child = Command::new(common::EWN)
            .args(&args)
            .stdout(Stdio::piped())
            .stderr(Stdio::null())
            .spawn()
            .expect("start ewn gui");
        let (port, token) = common::gui_address(&mut child);
        assert!(
            token.len() >= 32 && token.chars().all(|c| c.is_ascii_hexdigit()),
            "{token}"
        );
        Gui { child, port, token }
    }

    /// One request, with the run's token; `extra` replaces the default headers of the same
    /// name (an empty value removes one).
    fn raw(&self, method: &str, path: &str, body: &[u8], extra: &[(&str, &str)]) -> (u16, Value) {
        let mut s = TcpStream::connect(("127.0.0.1", self.port)).unwrap();
        let mut headers = vec![
            ("Host".to_string(), format!("127.0.0.1:{}", self.port)),
            ("Content-Type".to_string(), "application/json".to_string()),
            ("X-Ewn-Token".to_string(), self.token.clone()),
        ];
        for (k, v) in extra {
            headers.retain(|(h, _)| !h.eq_ignore_ascii_case(k));
            if !v.is_empty() {
                headers.push((k.to_string(), v.to_string()));
            }
        }
        let mut req = format!("{method} {path} HTTP/1.1\r\nConnection: close\r\n");
        for (k, v) in &headers {
            req.push_str(&format!("{k}: {v}\r\n"));
        }
        req.push_str(&format!("Content-Length: {}\r\n\r\n", body.len()));
        s.write_all(req.as_bytes()).unwrap();
        s.write_all(body).unwrap();
        let mut resp = Vec::new();
        s.read_to_end(&mut resp).unwrap();
        let text = String::from_utf8_lossy(&resp);
        let (head, payload) = text.split_once("\r\n\r\n").expect("a whole response");
        let code: u16 = head.split_whitespace().nth(1).unwrap().parse().unwrap();
        let v = serde_json::from_str(payload).unwrap_or(Value::String(payload.to_string()));
        (code, v)
    }

    fn get(&self, path: &str) -> Value {
        let (code, v) = self.raw("GET", path, b"", &[]);
        assert_eq!(code, 200, "GET {path}: {v}");
        v
    }

    fn state(&self) -> Value {
        self.get("/api/state")
    }

    fn post(&self, path: &str, body: Value) -> Value {
        let (code, v) = self.raw("POST", path, body.to_string().as_bytes(), &[]);
        assert_eq!(code, 200, "POST {path} {body}: {v}");
        v
    }

    fn post_code(&self, path: &str, body: Value) -> (u16, Value) {
        self.raw("POST", path, body.to_string().as_bytes(), &[])
    }

    /// Polls the state until `done` holds.
    fn wait(&self, what: &str, done: impl Fn(&Value) -> bool) -> Value {
        let start = Instant::now();
        loop {
            let s = self.state();
            if done(&s) {
                return s;
            }
            assert!(start.elapsed() < HANG, "waited too long for {what}: {s}");
            std::thread::sleep(Duration::from_millis(20));
        }
    }

    fn quiet(&self) {
        self.post(
            "/api/settings",
            json!({"analysis": false, "delay_ms": 0, "analysis_ms": 50}),
        );
    }
}

impl Drop for Gui {
    fn drop(&mut self) {
        let _ = self.child.kill();
        let _ = self.child.wait();
    }
}

fn plies(s: &Value) -> usize {
    s["plies"].as_array().unwrap().len()
}

fn legal(s: &Value) -> Vec<String> {
    s["legal"]
        .as_array()
        .unwrap()
        .iter()
        .map(|m| m.as_str().unwrap().to_string())
        .collect()
}

/// The saved record parses, replays, and has the state's moves.
fn check_record(g: &Gui, s: &Value) -> String {
    let text = g.get("/api/record")["text"].as_str().unwrap().to_string();
    let games = parse_records(&text).unwrap();
    assert_eq!(games.len(), 1);
    let end = games[0].replay().unwrap();
    assert_eq!(to_fen(&end), s["fen"].as_str().unwrap(), "{text}");
    assert_eq!(games[0].plies.len(), plies(s));
    text
}

#[test]
fn the_page_and_its_files_are_served() {
    let g = Gui::start();
    let (code, page) = g.raw("GET", "/", b"", &[]);
    assert_eq!(code, 200);
    let page = page.as_str().unwrap();
    assert!(page.contains("<script src=\"/board.js\">"));
    assert!(page.contains("<script src=\"/app.js\">"));
    assert!(
        !page.contains("http://") && !page.contains("https://"),
        "no CDN"
    );
    // Every script the page names is served, and the ones it is made of are among them.
    let scripts: Vec<&str> = page
        .split("<script src=\"")
        .skip(1)
        .map(|s| s.split('"').next().unwrap())
        .collect();
    for f in [
        "/board.js",
        "/app.js",
        "/panel.js",
        "/controls.js",
        "/rules.js",
        "/records.js",
    ] {
        assert!(scripts.contains(&f), "{f} not in the page: {scripts:?}");
    }
    for f in scripts.iter().copied().chain(["/app.css"]) {
        let (code, body) = g.raw("GET", f, b"", &[]);
        assert_eq!(code, 200, "{f}");
        assert!(body.as_str().unwrap().len() > 1000, "{f}");
    }
    // The watch-only page's own rules.
    assert!(page.contains("<link rel=\"stylesheet\" href=\"/watch.css\">"));
    let (code, body) = g.raw("GET", "/watch.css", b"", &[]);
    assert_eq!(code, 200);
    assert!(body.as_str().unwrap().contains("watch-only"));
}

#[test]
fn a_person_plays_the_engine_to_the_end() {
    let g = Gui::start();
    g.quiet();
    let s = g.post(
        "/api/new",
        json!({
            "red": {"type": "human"},
            "blue": {"type": "ewn", "level": 2, "movetime": 20},
            "red_setup": "123456", "blue_setup": "654321", "first": "r", "seed": 42,
        }),
    );
    assert_eq!(s["dice"]["seed"], "2a");
    assert_eq!(
        s["fen"],
        to_fen(&Board::from_setups(
            [1, 2, 3, 4, 5, 6],
            [6, 5, 4, 3, 2, 1],
            Color::Red
        ))
    );
    // Before the roll no move is accepted.
    let (code, _) = g.post_code("/api/move", json!({"move": "a5b4"}));
    assert_eq!(code, 409);
    let mut human_moves = 0;
    let start = Instant::now();
    let end = loop {
        assert!(start.elapsed() < HANG, "the game did not end");
        let s = g.state();
        if !s["winner"].is_null() {
            break s;
        }
        if s["side"] != "r" {
            // The engine's turn: a person's move is refused while it plays.
            if s["die"].is_u64() {
                let m = legal(&s)[0].clone();
                let (code, v) = g.post_code("/api/move", json!({ "move": m }));
                assert!(code == 409 || code == 422, "{code} {v}");
            }
            std::thread::sleep(Duration::from_millis(10));
            continue;
        }
        let s = if s["die"].is_null() {
            g.post("/api/roll", json!({}))
        } else {
            s
        };
        let moves = legal(&s);
        assert!(!moves.is_empty());
        // A move of another cube is illegal for this die and changes nothing.
        let all: Vec<String> = ["a5a4", "a5b5", "a5b4", "b5c5", "c5d5", "a3b3"]
            .iter()
            .map(|m| m.to_string())
            .collect();
        if let Some(bad) = all.iter().find(|m| !moves.contains(m)) {
            let (code, v) = g.post_code("/api/move", json!({ "move": bad }));
            assert_eq!(code, 422, "{v}");
        }
        let after = g.post("/api/move", json!({ "move": moves[0] }));
        assert_eq!(plies(&after), plies(&s) + 1);
        human_moves += 1;
    };
    assert!(human_moves > 0);
    let text = check_record(&g, &end);
    assert!(text.contains("red human"), "{text}");
    assert!(text.contains("seed 2a\n"), "{text}");
    let reason = end["reason"].as_str().unwrap();
    assert!(reason == "goal" || reason == "capture");
    assert!(text.contains(&format!(
        "result {} {reason}",
        end["winner"].as_str().unwrap()
    )));
    // The graph has one point per position and the final one is certain.
    let graph = end["graph"].as_array().unwrap();
    assert_eq!(graph.len(), plies(&end) + 1);
    let last = graph.last().unwrap().as_f64().unwrap();
    assert_eq!(last, if end["winner"] == "r" { 1.0 } else { 0.0 });
}

#[test]
fn engine_programs_play_each_other_to_the_end_with_pause_and_step() {
    let g = Gui::with_engines(&["native=self", "tcg=tcg:self"]);
    g.quiet();
    assert_eq!(g.state()["engines"], json!(["native", "tcg"]));
    g.post(
        "/api/new",
        json!({
            "red": {"type": "engine", "name": "native", "movetime": 20},
            "blue": {"type": "engine", "name": "tcg", "movetime": 20},
            "seed": 5,
        }),
    );
    g.post("/api/control", json!({"action": "pause"}));
    // Whatever move was in flight lands or is void; then nothing moves while paused.
    let s = g.wait("the pause", |s| s["thinking"].is_null());
    assert_eq!(s["running"], false);
    let before = plies(&s);
    g.post("/api/control", json!({"action": "step"}));
    let s = g.wait("one step", |s| {
        plies(s) > before || !s["winner"].is_null() || !s["error"].is_null()
    });
    assert!(s["error"].is_null(), "{s}");
    assert_eq!(plies(&s), before + 1);
    let s = g.wait("the step to settle", |s| s["thinking"].is_null());
    assert_eq!(plies(&s), before + 1, "paused after one step");
    g.post("/api/control", json!({"action": "run"}));
    let end = g.wait("the end of the game", |s| {
        !s["winner"].is_null() || !s["error"].is_null()
    });
    assert!(end["error"].is_null(), "{end}");
    let text = check_record(&g, &end);
    assert!(
        text.contains("red native") && text.contains("blue tcg"),
        "{text}"
    );
}

#[test]
fn a_hint_with_the_analysis_off_searches_its_die_alone() {
    let g = Gui::start();
    g.post(
        "/api/settings",
        json!({"analysis": false, "analysis_ms": 60, "delay_ms": 0}),
    );
    g.post(
        "/api/new",
        json!({"red": {"type": "human"}, "blue": {"type": "human"}, "seed": 9}),
    );
    let s = g.post("/api/roll", json!({}));
    let moves = legal(&s);
    let first = g.post("/api/hint", json!({}));
    assert_eq!(first["searching"], true, "{first}");
    let start = Instant::now();
    let hint = loop {
        let h = g.post("/api/hint", json!({}));
        if h["move"].is_string() {
            break h;
        }
        assert!(start.elapsed() < Duration::from_secs(20), "no hint: {h}");
        std::thread::sleep(Duration::from_millis(50));
    };
    assert!(
        moves.contains(&hint["move"].as_str().unwrap().to_string()),
        "{hint}"
    );
    // Nothing else of the analysis ran: no chances before the roll.
    assert!(g.state()["analysis"]["preroll"].is_null());
}

/// Asks for the hint until it comes.
fn wait_hint(g: &Gui) -> Value {
    let start = Instant::now();
    loop {
        let h = g.post("/api/hint", json!({}));
        if h["move"].is_string() {
            return h;
        }
        assert!(start.elapsed() < Duration::from_secs(30), "no hint: {h}");
        std::thread::sleep(Duration::from_millis(50));
    }
}

/// A learner asked for a hint in the same position twice and was told c1b2 at 44.1%, then c1c2
/// at 45.0%: the analysis searches for a time, so its depth followed the machine's load. The
/// hint searches by depth: the same position and die give the same hint whatever the analysis
/// does, and a second move within a point of the best is named with it.
#[test]
fn the_hint_is_the_same_for_a_position_and_die_and_names_a_close_second() {
    let g = Gui::start();
    let start = "R1R2R32/R4R53/R63B6/3B5B4/2B3B2B1 r";
    let mut seen = Vec::new();
    for (analysis, ms) in [(true, 10), (false, 400), (true, 1500)] {
        g.post(
            "/api/settings",
            json!({"analysis": analysis, "analysis_ms": ms, "delay_ms": 0}),
        );
        g.post(
            "/api/new",
            json!({"red": {"type": "human"}, "blue": {"type": "human"}, "seed": 9,
                   "dice": "manual", "position": start}),
        );
        g.post("/api/roll", json!({"die": 3}));
        seen.push(wait_hint(&g));
    }
    assert!(seen.iter().all(|h| *h == seen[0]), "{seen:?}");
    let h = &seen[0];
    assert_eq!(h["depth"], 6, "{h}");
    assert_eq!(h["move"], "c5d4", "{h}");
    // Its second best, c5c4, is within a point: named "about as good".
    assert_eq!(h["also"]["move"], "c5c4", "{h}");
    let gap = h["wp"].as_f64().unwrap() - h["also"]["wp"].as_f64().unwrap();
    assert!((0.0..0.01).contains(&gap), "{h}");
}

#[test]
fn the_analysis_panel_and_the_hint_follow_the_game() {
    let g = Gui::start();
    g.post(
        "/api/settings",
        json!({"analysis": true, "analysis_ms": 60, "delay_ms": 0}),
    );
    g.post(
        "/api/new",
        json!({"red": {"type": "human"}, "blue": {"type": "human"}, "seed": 9,
               "position": "R1R2R32/R4R53/R63B6/3B5B4/2B3B2B1 r"}),
    );
    let (code, _) = g.post_code("/api/hint", json!({}));
    assert_eq!(code, 409, "no hint before the roll");
    let s = g.wait("the pre-roll analysis", |s| {
        !s["analysis"]["preroll"].is_null()
    });
    let faces = s["analysis"]["preroll"]["faces"].as_array().unwrap();
    assert_eq!(faces.len(), 6);
    assert!(s["graph"][0].is_f64());
    let s = g.post("/api/roll", json!({}));
    let die = s["die"].as_u64().unwrap();
    let s = g.wait("the move analysis", |s| !s["analysis"]["moves"].is_null());
    assert_eq!(s["analysis"]["die"].as_u64(), Some(die));
    let rows = s["analysis"]["moves"].as_array().unwrap();
    let mut listed: Vec<String> = rows
        .iter()
        .map(|r| r["move"].as_str().unwrap().to_string())
        .collect();
    let mut moves = legal(&s);
    listed.sort();
    moves.sort();
    assert_eq!(listed, moves, "every legal move has a row");
    for r in rows {
        let wp = r["wp"].as_f64().unwrap();
        assert!((0.0..=1.0).contains(&wp));
    }
    assert!(!s["analysis"]["pv"].as_array().unwrap().is_empty());
    // The hint searches on its own, by depth: its move is one of the rows (the table's best
    // may differ, the analysis searching for a time).
    let hint = wait_hint(&g);
    assert!(rows.iter().any(|r| r["move"] == hint["move"]), "{hint}");
    // A capture threat: Red's c3 cube can be taken by Blue's cubes around it.
    g.post(
        "/api/new",
        json!({"red": {"type": "human"}, "blue": {"type": "human"}, "seed": 9,
               "position": "5/5/2R12/2B1B21/5 b"}),
    );
    let s = g.state();
    let threats = s["threats"].as_array().unwrap();
    let on_c3 = threats.iter().find(|t| t["square"] == "c3").expect("c3");
    assert_eq!(on_c3["cube"], "R1");
    assert!(on_c3["chance"].as_f64().unwrap() > 0.99, "{threats:?}");
    // The start position is no endgame: nothing there is exact.
    assert!(rows.iter().all(|r| r["exact"] == false), "{rows:?}");
    // Three cubes: the built-in endgame table values the position and every move exactly.
    g.post(
        "/api/new",
        json!({"red": {"type": "human"}, "blue": {"type": "human"}, "seed": 9,
               "position": "R14/5/2R22/5/3B11 r"}),
    );
    let s = g.wait("the exact pre-roll value", |s| {
        s["analysis"]["preroll"]["exact"] == true
    });
    assert!(s["analysis"]["preroll"]["wp"].as_f64().is_some());
    g.post("/api/roll", json!({}));
    let s = g.wait("the exact move values", |s| {
        !s["analysis"]["moves"].is_null()
    });
    let rows = s["analysis"]["moves"].as_array().unwrap();
    assert!(!rows.is_empty());
    assert!(rows.iter().all(|r| r["exact"] == true), "{rows:?}");
}

#[test]
fn records_save_and_load_back() {
    let g = Gui::start();
    g.quiet();
    g.post(
        "/api/new",
        json!({"red": {"type": "ewn", "level": 1, "movetime": 5},
               "blue": {"type": "ewn", "level": 1, "movetime": 5}, "seed": 77}),
    );
    let end = g.wait("the end of the game", |s| !s["winner"].is_null());
    let text = check_record(&g, &end);
    // Something else, then the record back.
    g.post(
        "/api/new",
        json!({"red": {"type": "human"}, "blue": {"type": "human"}}),
    );
    let s = g.post("/api/record", json!({ "text": text }));
    assert_eq!(s["fen"], end["fen"]);
    assert_eq!(s["plies"], end["plies"]);
    assert_eq!(s["winner"], end["winner"]);
    assert_eq!(s["dice"]["seed"], "4d");
    // Step through it.
    let s = g.post("/api/navigate", json!({"ply": 0}));
    assert_eq!(s["fen"], end["start"]);
    assert_eq!(s["live"], false);
    let s = g.post("/api/navigate", json!({"ply": 1}));
    assert_eq!(s["ply"], 1);
    let s = g.post("/api/navigate", json!({"ply": plies(&end)}));
    assert_eq!(s["fen"], end["fen"]);
    // A record from a position, with typed dice, goes on from where it stops.
    let rec = "game 1\ndate 2026-01-02\nred a\nblue b\nposition 5/5/B11R12/5/5 r\nmove r 1 c3d2\nresult unfinished\nend\n";
    let s = g.post("/api/record", json!({ "text": rec }));
    assert_eq!(s["fen"], "5/5/B14/3R11/5 b");
    assert_eq!(s["dice"]["mode"], "manual");
    assert_eq!(plies(&s), 1);
    let s = g.post("/api/roll", json!({"die": 1}));
    assert_eq!(s["die"], 1);
    let s = g.post("/api/move", json!({"move": "a3a4"}));
    assert_eq!(plies(&s), 2);
    // Stepping back and playing another move replaces the rest of the line.
    g.post("/api/navigate", json!({"ply": 0}));
    g.post("/api/roll", json!({"die": 1}));
    let s = g.post("/api/move", json!({"move": "c3d3"}));
    assert_eq!(plies(&s), 1);
    assert_eq!(s["plies"][0]["move"], "c3d3");
    assert_eq!(s["live"], true);
}

/// The record a game was loaded from is kept with the game, for every tab: its game and count
/// in the state, its text at `/api/source`, until another game is started.
#[test]
fn the_loaded_record_is_kept_for_every_tab() {
    let g = Gui::start();
    g.quiet();
    assert!(g.get("/api/state")["source"].is_null());
    assert!(g.get("/api/source").is_null());
    let one = |n: u32, mv: &str| {
        format!(
            "game {n}\ndate 2026-01-02\nred a\nblue b\nposition 5/5/B11R12/5/5 r\nmove r 1 {mv}\nresult unfinished\nend\n"
        )
    };
    let text = format!("{}{}{}", one(1, "c3d2"), one(2, "c3d3"), one(3, "c3c2"));
    let s = g.post("/api/record", json!({ "text": text, "game": 2 }));
    assert_eq!(s["source"]["game"], 2);
    assert_eq!(s["source"]["count"], 3);
    assert_eq!(s["source"]["plies"], 1);
    let serial = s["source"]["serial"].clone();
    assert_eq!(serial, s["game"]);
    // Another tab sees it.
    let src = g.get("/api/source");
    assert_eq!(src["text"], text.as_str());
    assert_eq!(src["game"], 2);
    assert_eq!(src["serial"], serial);
    // Another game of it is another load.
    let s = g.post("/api/record", json!({ "text": text, "game": 3 }));
    assert_eq!(s["source"]["game"], 3);
    assert_ne!(s["source"]["serial"], serial);
    // Stepping keeps it; a new game ends it.
    let s = g.post("/api/navigate", json!({"ply": 0}));
    assert_eq!(s["source"]["game"], 3);
    let s = g.post(
        "/api/new",
        json!({"red": {"type": "human"}, "blue": {"type": "human"}}),
    );
    assert!(s["source"].is_null());
    assert!(g.get("/api/source").is_null());
}

/// A record's game lost on time opens over where it stopped, with the referee's words, nothing
/// to roll, and is saved back with its result; a die whose cube is gone says which cubes move.
#[test]
fn a_record_lost_on_time_opens_over() {
    let g = Gui::start();
    g.quiet();
    let rec = "game 1\nseed 910a2dec89025cc1\ndate 2026-12-04\nred late\nblue ewn\n\
               setup 456123 162453\nfirst r\nmove r 3 a3b3\nmove b 2 c1b2\n\
               result b time red: no bestmove within 150 ms; engine killed\nend\n";
    let s = g.post("/api/record", json!({ "text": rec }));
    assert_eq!(
        (s["winner"].as_str(), s["reason"].as_str()),
        (Some("b"), Some("time")),
        "{s}"
    );
    assert_eq!(s["detail"], "red: no bestmove within 150 ms; engine killed");
    let status = s["status"].as_str().unwrap();
    assert_eq!(
        status,
        "Blue wins: Red ran out of time (no bestmove within 150 ms; engine killed)"
    );
    assert_eq!(legal(&s), Vec::<String>::new());
    assert_eq!(s["graph"][2], 0.0, "Blue won: Red's chance is 0 at the end");
    let (code, _) = g.post_code("/api/roll", json!({}));
    assert_eq!(code, 409, "a roll in a game that is over");
    let saved = g.get("/api/record")["text"].as_str().unwrap().to_string();
    assert!(
        saved.contains("result b time red: no bestmove within 150 ms; engine killed"),
        "{saved}"
    );
    // An earlier position of it is no end: no result there.
    let s = g.post("/api/navigate", json!({"ply": 1}));
    assert!(s["winner"].is_null() && s["detail"].is_null(), "{s}");
    // Red's cube 3 is gone: die 3 moves cube 1, and the status says so.
    let rec = "game 1\ndate 2026-01-02\nred a\nblue b\nposition 5/5/B11R12/5/5 r\nresult unfinished\nend\n";
    g.post("/api/record", json!({ "text": rec }));
    let s = g.post("/api/roll", json!({"die": 3}));
    let status = s["status"].as_str().unwrap();
    assert!(
        status.ends_with("die 3: cube 3 is gone: move cube 1"),
        "{status}"
    );
}

#[test]
fn engine_setups_are_asked_for() {
    let g = Gui::with_engines(&["me=self"]);
    g.quiet();
    g.post(
        "/api/new",
        json!({"red": {"type": "ewn", "movetime": 10}, "blue": {"type": "engine", "name": "me", "movetime": 10},
               "red_setup": "engine", "blue_setup": "engine", "first": "b"}),
    );
    g.post("/api/control", json!({"action": "pause"}));
    let s = g.wait("the setups", |s| s["awaiting_setup"] == false);
    assert!(s["error"].is_null(), "{s}");
    assert_eq!(
        s["start"],
        to_fen(&Board::from_setups(ENGINE_SETUP, ENGINE_SETUP, Color::Blue))
    );
}

#[test]
fn a_crashed_engine_is_reported_and_another_player_takes_over() {
    // It passes the start check, then dies when asked for a move.
    let script = common::temp_path("gui", "crash-on-go");
    std::fs::write(
        &script,
        "#!/bin/sh\nwhile read l; do case \"$l\" in ugi) echo ugiok;; isready) echo readyok;; \
         go*) exit 1;; esac; done\n",
    )
    .unwrap();
    let mut perm = std::fs::metadata(&script).unwrap().permissions();
    std::os::unix::fs::PermissionsExt::set_mode(&mut perm, 0o755);
    std::fs::set_permissions(&script, perm).unwrap();
    let g = Gui::with_engines(&[&format!("crash={}", script.display())]);
    g.quiet();
    g.post(
        "/api/new",
        json!({"red": {"type": "engine", "name": "crash", "movetime": 50},
               "blue": {"type": "human"}, "seed": 3}),
    );
    let s = g.wait("the crash report", |s| !s["error"].is_null());
    let err = s["error"].as_str().unwrap();
    assert!(err.contains("red") && err.contains("crash"), "{err}");
    assert_eq!(s["running"], false);
    assert_eq!(plies(&s), 0);
    // The server still serves, and the game goes on with this engine for Red.
    g.post(
        "/api/players",
        json!({"red": {"type": "ewn", "level": 1, "movetime": 10}}),
    );
    g.post("/api/control", json!({"action": "run"}));
    let s = g.wait("Red's move", |s| plies(s) >= 1);
    assert!(s["error"].is_null());
    assert_eq!(s["players"]["red"]["type"], "ewn");
}

/// An engine that greets but never answers a move: the server goes on serving while it is
/// waited for, then reports it, kills it, and the game goes on with another player.
#[cfg(unix)]
#[test]
fn a_silent_engine_is_reported_while_the_server_serves() {
    use std::os::unix::fs::PermissionsExt;
    let script = common::temp_path("gui", "silent-engine");
    std::fs::write(
        &script,
        "#!/bin/sh\nwhile read l; do case \"$l\" in ugi) echo ugiok;; isready) echo readyok;; quit) exit 0;; esac; done\n",
    )
    .unwrap();
    std::fs::set_permissions(&script, std::fs::Permissions::from_mode(0o755)).unwrap();
    let g = Gui::with_engines(&[&format!("silent={}", script.display())]);
    g.quiet();
    g.post(
        "/api/new",
        json!({"red": {"type": "engine", "name": "silent", "movetime": 20},
               "blue": {"type": "human"}, "seed": 3}),
    );
    // While Red's engine is waited for, every request is still answered.
    let s = g.wait("Red's engine to be asked", |s| s["thinking"] == "r");
    assert!(s["error"].is_null());
    g.post("/api/settings", json!({"analysis_ms": 30}));
    let s = g.wait("the time fault", |s| !s["error"].is_null());
    let err = s["error"].as_str().unwrap();
    assert!(err.contains("in time"), "{err}");
    assert_eq!(plies(&s), 0);
    assert!(s["thinking"].is_null());
    g.post(
        "/api/players",
        json!({"red": {"type": "ewn", "level": 1, "movetime": 10}}),
    );
    g.post("/api/control", json!({"action": "run"}));
    g.wait("Red's move", |s| plies(s) >= 1);
    let _ = std::fs::remove_file(&script);
}

#[test]
fn engines_on_the_command_line_are_checked_before_serving() {
    // One that dies after its greeting is started once, as `ewn match` does, and refused.
    let dies = common::temp_path("gui", "dies-after-ugiok");
    std::fs::write(&dies, "#!/bin/sh\nread l; echo ugiok; exit 0\n").unwrap();
    let mut perm = std::fs::metadata(&dies).unwrap().permissions();
    std::os::unix::fs::PermissionsExt::set_mode(&mut perm, 0o755);
    std::fs::set_permissions(&dies, perm).unwrap();
    let dies_cmd = format!("cmd={}", dies.display());
    for (args, says) in [
        (
            vec!["--engine", "name=dies", &dies_cmd],
            "engine 'dies' could not be started",
        ),
        (vec!["--engine", "./engine"], "NAME=COMMAND"),
        (
            vec!["--engine", "a=greedy", "--engine", "a=random"],
            "twice",
        ),
        (vec!["--engine", "a b=greedy"], "name"),
        (vec!["--engine", "a=greedy", "option.Hash=1"], "option"),
        // A program that is not there is said at start, not at its first move.
        (
            vec!["--engine", "name=x", "cmd=./no-such-engine-here"],
            "no program",
        ),
        (
            vec!["--engine", "name=x", "cmd=tcg:no-such-engine-on-the-path"],
            "no program",
        ),
    ] {
        let mut all = vec!["gui", "--port", "0"];
        all.extend(&args);
        let out = common::run(&all, "");
        assert!(!out.ok, "{args:?}");
        assert!(out.stdout.is_empty(), "{args:?}: {}", out.stdout);
        assert!(out.stderr.contains(says), "{args:?}: {}", out.stderr);
    }
}

#[test]
fn a_taken_port_is_a_clear_error() {
    let g = Gui::start();
    let out = common::run(&["gui", "--port", &g.port.to_string()], "");
    assert!(!out.ok);
    assert!(out.stdout.is_empty());
    let err = out.stderr;
    assert!(err.contains("already in use"), "{err}");
}

/// Method, path, body, headers to replace, the expected status.
type BadCase<'a> = (&'a str, &'a str, &'a [u8], Vec<(&'a str, &'a str)>, u16);

#[test]
fn bad_requests_get_4xx_and_the_server_goes_on() {
    let g = Gui::start();
    g.quiet();
    g.post(
        "/api/new",
        json!({"red": {"type": "human"}, "blue": {"type": "human"}, "seed": 1}),
    );
    let before = g.state();
    let port = g.port.to_string();
    let evil_host = "evil.example:80".to_string();
    let cases: Vec<BadCase> = vec![
        ("GET", "/api/nothing", b"", vec![], 404),
        ("GET", "/nothing.html", b"", vec![], 404),
        ("DELETE", "/api/state", b"", vec![], 405),
        ("GET", "/api/move", b"", vec![], 405),
        ("POST", "/", b"{}", vec![], 405),
        ("POST", "/api/move", b"{not json", vec![], 400),
        ("POST", "/api/move", b"[1,2]", vec![], 400),
        ("POST", "/api/move", br#"{"move": 5}"#, vec![], 400),
        ("POST", "/api/move", br#"{"move": "z9z8"}"#, vec![], 400),
        ("POST", "/api/move", br#"{"move": "a5b4", "x": 1}"#, vec![], 400),
        ("POST", "/api/move", br#"{}"#, vec![], 400),
        ("POST", "/api/move", &[0xff, 0xfe, 0x00], vec![], 400),
        ("POST", "/api/move", br#"{"move": "a5b4"}"#, vec![], 409),
        ("POST", "/api/roll", br#"{"die": 7}"#, vec![], 400),
        ("POST", "/api/roll", br#"{"die": -1}"#, vec![], 400),
        ("POST", "/api/roll", br#"{"die": 3}"#, vec![], 409),
        ("POST", "/api/new", br#"{}"#, vec![], 400),
        ("POST", "/api/new", br#"{"red": {"type": "robot"}, "blue": {"type": "human"}}"#, vec![], 400),
        ("POST", "/api/new", br#"{"red": {"type": "ewn", "level": 0}, "blue": {"type": "human"}}"#, vec![], 400),
        ("POST", "/api/new", br#"{"red": {"type": "ewn", "movetime": 0}, "blue": {"type": "human"}}"#, vec![], 400),
        ("POST", "/api/new", br#"{"red": {"type": "command", "command": ""}, "blue": {"type": "human"}}"#, vec![], 400),
        ("POST", "/api/new", br#"{"red": {"type": "human"}, "blue": {"type": "human"}, "red_setup": "112345"}"#, vec![], 400),
        ("POST", "/api/new", br#"{"red": {"type": "human"}, "blue": {"type": "human"}, "red_setup": "engine"}"#, vec![], 400),
        ("POST", "/api/new", br#"{"red": {"type": "human"}, "blue": {"type": "human"}, "position": "R7/5/5/5/5 r"}"#, vec![], 400),
        ("POST", "/api/new", br#"{"red": {"type": "human"}, "blue": {"type": "human"}, "first": "x"}"#, vec![], 400),
        ("POST", "/api/new", br#"{"red": {"type": "human"}, "blue": {"type": "human"}, "seed": -4}"#, vec![], 400),
        ("POST", "/api/new", br#"{"red": {"type": "human"}, "blue": {"type": "human"}, "seed": "xyz"}"#, vec![], 400),
        ("POST", "/api/new", br#"{"red": {"type": "human"}, "blue": {"type": "human"}, "dice": "loaded"}"#, vec![], 400),
        ("POST", "/api/players", br#"{"blue": {"type": "ewn", "level": 99}}"#, vec![], 400),
        ("POST", "/api/control", br#"{"action": "dance"}"#, vec![], 400),
        ("POST", "/api/navigate", br#"{"ply": 5}"#, vec![], 400),
        ("POST", "/api/navigate", br#"{"ply": -1}"#, vec![], 400),
        ("POST", "/api/settings", br#"{"analysis_ms": 0}"#, vec![], 400),
        ("POST", "/api/settings", br#"{"delay_ms": 99999999}"#, vec![], 400),
        ("POST", "/api/hint", br#"{}"#, vec![], 409),
        ("POST", "/api/record", br#"{"text": "nonsense"}"#, vec![], 400),
        ("POST", "/api/record", br#"{"text": "game 1\nred a\nblue b\nsetup 123456 123456\nfirst r\nresult r goal\nend\n"}"#, vec![], 422),
        ("POST", "/api/record", br#"{"text": "game 1\nred a\nblue b\nsetup 123456 123456\nfirst r\nmove r 1 a5b4\nresult unfinished\nend\n", "game": 2}"#, vec![], 400),
        ("POST", "/api/roll", br#"{}"#, vec![("Content-Type", "text/plain")], 415),
        ("POST", "/api/roll", br#"{}"#, vec![("Content-Type", "")], 415),
        ("POST", "/api/roll", br#"{}"#, vec![("Origin", "http://evil.example")], 403),
        ("GET", "/api/state", b"", vec![("Origin", "http://evil.example")], 403),
        ("POST", "/api/mainline", br#"{}"#, vec![], 409),
        ("GET", "/api/state", b"", vec![("Host", &evil_host)], 403),
    ];
    for (method, path, body, headers, want) in &cases {
        let (code, v) = g.raw(method, path, body, headers);
        assert_eq!(
            code,
            *want,
            "{method} {path} {} -> {v}",
            String::from_utf8_lossy(body)
        );
        assert!(v["error"].as_str().is_some_and(|e| !e.is_empty()), "{v}");
    }
    // An oversized body is refused before it is read.
    let big = vec![b' '; (1 << 20) + 10];
    let (code, _) = g.raw("POST", "/api/record", &big, &[]);
    assert_eq!(code, 413);
    // Nothing changed, and the server still answers, also with localhost as its name.
    let (code, after) = g.raw(
        "GET",
        "/api/state",
        b"",
        &[("Host", &format!("localhost:{port}"))],
    );
    assert_eq!(code, 200);
    for k in ["fen", "plies", "die", "players", "dice"] {
        assert_eq!(after[k], before[k], "{k}");
    }
    let (code, _) = g.raw(
        "POST",
        "/api/roll",
        b"{}",
        &[("Origin", &format!("http://127.0.0.1:{port}"))],
    );
    assert_eq!(code, 200);
}

/// A game of this engine (Red) against greedy in which greedy gives away win chance: a depth-6
/// review marks Blue's 8th, 12th and 18th plies.
const REVIEWED: &str = "game 1\nseed 910a2dec89025cc1\ndate 2026-12-01\nred ewn\nblue greedy\n\
setup 456123 162453\nfirst r\nmove r 3 a3b3\nmove b 2 c1c2\nmove r 3 b3c2\nmove b 3 e3d3\n\
move r 3 c2d1\nmove b 1 e1d1\nmove r 4 a5b5\nmove b 2 d3c3\nmove r 5 c5d4\nmove b 1 d1c2\n\
move r 5 d4e3\nmove b 3 c3b4\nmove r 4 b5b4\nmove b 6 d2c3\nmove r 6 e3e2\nmove b 1 c2b3\n\
move r 2 a4b4\nmove b 4 c3b4\nmove r 6 e2e1\nresult r goal\nend\n";

/// The page may only name the engines given on the command line: a command in a request is
/// refused and runs nothing. Every request that changes something needs the run's token.
#[test]
fn only_listed_engines_start_and_changes_need_the_token() {
    let g = Gui::with_engines(&["g=greedy"]);
    g.quiet();
    let marker = common::temp_path("gui", "marker");
    let _ = std::fs::remove_file(&marker);
    let touch = format!("touch {}", marker.display());
    let human = json!({"type": "human"});
    let before = g.state();
    for (path, body) in [
        (
            "/api/new",
            json!({"red": {"type": "command", "command": touch}, "blue": human}),
        ),
        (
            "/api/new",
            json!({"red": {"type": "engine", "name": touch}, "blue": human}),
        ),
        (
            "/api/new",
            json!({"red": {"type": "engine", "name": "self"}, "blue": human}),
        ),
        (
            "/api/players",
            json!({"red": {"type": "command", "command": touch}}),
        ),
        (
            "/api/players",
            json!({"blue": {"type": "engine", "name": "other"}}),
        ),
    ] {
        let (code, v) = g.post_code(path, body.clone());
        assert!((400..500).contains(&code), "{path} {body} -> {code} {v}");
        assert!(v["error"].as_str().is_some_and(|e| !e.is_empty()), "{v}");
    }
    let after = g.state();
    for k in ["fen", "plies", "players", "dice"] {
        assert_eq!(after[k], before[k], "{k}");
    }
    // A listed engine is taken.
    let s = g.post(
        "/api/new",
        json!({"red": {"type": "engine", "name": "g"}, "blue": human, "seed": 4}),
    );
    assert_eq!(s["players"]["red"]["label"], "g");

    // Without the token, or with another one, nothing changes; reading needs none.
    let before = g.wait("Greedy's first move", |s| plies(s) == 1);
    let posts: [(&str, &[u8]); 13] = [
        ("/api/token", b"{}"),
        (
            "/api/new",
            br#"{"red": {"type": "human"}, "blue": {"type": "human"}}"#,
        ),
        ("/api/roll", b"{}"),
        ("/api/move", br#"{"move": "e1d1"}"#),
        ("/api/players", br#"{"red": {"type": "human"}}"#),
        ("/api/control", br#"{"action": "pause"}"#),
        ("/api/navigate", br#"{"ply": 0}"#),
        ("/api/settings", br#"{"analysis": true}"#),
        ("/api/hint", b"{}"),
        ("/api/record", br#"{"text": "x"}"#),
        ("/api/undo", b"{}"),
        ("/api/rematch", b"{}"),
        ("/api/review", b"{}"),
    ];
    let wrong = "0".repeat(g.token.len());
    for (path, body) in posts {
        for token in ["", wrong.as_str()] {
            let (code, v) = g.raw("POST", path, body, &[("X-Ewn-Token", token)]);
            assert_eq!(code, 403, "{path} with token '{token}': {v}");
        }
    }
    let after = g.state();
    for k in [
        "fen", "plies", "players", "die", "running", "settings", "review",
    ] {
        assert_eq!(after[k], before[k], "{k}");
    }
    assert!(!marker.exists(), "a command from a request was run");
    // The page asks once whether its token is this run's: yes with it, and nothing changes.
    let (code, v) = g.raw("POST", "/api/token", b"{}", &[]);
    assert_eq!(code, 200, "{v}");
    assert_eq!(v["token"], "this run's", "{v}");
    assert_eq!(g.state()["fen"], after["fen"]);
    // The page itself: HEAD as GET, an icon.
    let (code, _) = g.raw("HEAD", "/", b"", &[]);
    assert_eq!(code, 200);
    let (code, icon) = g.raw("GET", "/favicon.ico", b"", &[]);
    assert_eq!(code, 200);
    assert!(icon.as_str().unwrap().starts_with("<svg"));
}

/// Plays the person's (Red's) turn: rolls when needed, then the first legal move.
fn play_red(g: &Gui) -> Value {
    let s = g.wait("Red's turn", |s| {
        s["side"] == "r" && s["thinking"].is_null()
    });
    let s = if s["die"].is_null() {
        g.post("/api/roll", json!({}))
    } else {
        s
    };
    g.post("/api/move", json!({ "move": legal(&s)[0] }))
}

/// Stepping back and forward, taking back and correcting a typed die all leave the engine
/// answering on its own; a rematch swaps the colours.
#[test]
fn the_play_flow_never_sticks() {
    let g = Gui::start();
    g.quiet();
    g.post(
        "/api/new",
        json!({"red": {"type": "human"}, "blue": {"type": "ewn", "level": 1, "movetime": 5},
               "red_setup": "123456", "blue_setup": "654321", "seed": 8}),
    );
    let mut n = 0;
    while n < 4 {
        let s = play_red(&g);
        n = plies(&s) + 1;
        g.wait("Blue's answer", |s| plies(s) >= n || !s["winner"].is_null());
    }
    let s = g.state();
    assert!(s["winner"].is_null(), "{s}");
    let n = plies(&s);
    // Back two plies and forward again: the person plays, and the engine answers by itself.
    let s = g.post("/api/navigate", json!({"ply": n - 2}));
    assert_eq!(s["live"], false);
    let s = g.post("/api/navigate", json!({"ply": n}));
    assert_eq!(
        (s["live"].clone(), s["running"].clone()),
        (json!(true), json!(true))
    );
    play_red(&g);
    let s = g.wait("Blue's answer after the steps", |s| {
        plies(s) == n + 2 || !s["winner"].is_null()
    });
    assert!(s["error"].is_null(), "{s}");
    if s["winner"].is_null() {
        // Take-back: to before the person's last move, the person to move, and on it goes.
        g.wait("Red's turn", |s| {
            s["side"] == "r" && s["thinking"].is_null()
        });
        let s = g.post("/api/undo", json!({}));
        assert_eq!(plies(&s), n);
        assert_eq!(
            (s["side"].clone(), s["live"].clone()),
            (json!("r"), json!(true))
        );
        play_red(&g);
        g.wait("Blue's answer after the take-back", |s| {
            plies(s) == n + 2 || !s["winner"].is_null()
        });
    }
    // A rematch: colours swapped, new setups and dice (a new seed each time), so that no
    // rematch replays an earlier game and no roll can be foretold.
    let s = g.post("/api/rematch", json!({}));
    assert_eq!(s["players"]["red"]["type"], "ewn");
    assert_eq!(s["players"]["blue"]["type"], "human");
    let first_seed = s["dice"]["seed"].clone();
    assert!(first_seed.is_string() && first_seed != "8", "{}", s["dice"]);
    assert_eq!(plies(&s), 0);
    // Counted, so that every tab offers the seats of the game it answers.
    assert_eq!(s["rematch"], 1, "{s}");
    let s = g.post("/api/rematch", json!({}));
    assert_eq!(s["players"]["red"]["type"], "human");
    assert!(
        s["dice"]["seed"] != first_seed && s["dice"]["seed"] != "8",
        "the second rematch's seed {} repeats one",
        s["dice"]["seed"]
    );
    assert_eq!(
        s["rematch"], 2,
        "a rematch of a rematch is the second in a row"
    );

    // Typed dice: a mistyped die is corrected, for the person and for the engine.
    let s = g.post(
        "/api/new",
        json!({"red": {"type": "human"}, "blue": {"type": "ewn", "level": 1, "movetime": 5},
               "red_setup": "123456", "blue_setup": "123456", "dice": "manual"}),
    );
    assert_eq!(s["rematch"], 0, "a new game is no rematch");
    g.post("/api/roll", json!({"die": 3}));
    let s = g.post("/api/roll", json!({"die": 1}));
    assert_eq!(s["die"], 1);
    assert_eq!(
        legal(&s),
        ["a5b4", "a5a4", "a5b5"].map(String::from).to_vec()
    );
    g.post("/api/control", json!({"action": "pause"}));
    g.post("/api/move", json!({"move": "a5b4"}));
    g.post("/api/roll", json!({"die": 2}));
    g.post("/api/roll", json!({"die": 6}));
    g.post("/api/control", json!({"action": "run"}));
    let s = g.wait("Blue's move for the corrected die", |s| plies(s) == 2);
    assert_eq!(s["plies"][1]["die"], 6);
}

/// Between two people Undo takes back one move; with nothing to take back it is refused.
#[test]
fn undo_between_people_takes_back_one_move() {
    let g = Gui::start();
    g.quiet();
    let s = g.post(
        "/api/new",
        json!({"red": {"type": "human"}, "blue": {"type": "human"}, "seed": 3}),
    );
    assert_eq!(s["can_undo"], false);
    let (code, _) = g.post_code("/api/undo", json!({}));
    assert_eq!(code, 409);
    for _ in 0..3 {
        let s = g.post("/api/roll", json!({}));
        g.post("/api/move", json!({ "move": legal(&s)[0] }));
    }
    let s = g.post("/api/undo", json!({}));
    assert_eq!(plies(&s), 2);
    assert_eq!(
        (s["side"].clone(), s["live"].clone()),
        (json!("r"), json!(true))
    );
    assert_eq!(s["can_undo"], true);
}

/// The review values every decision of a loaded record, marks the moves that gave win chance
/// away, fills the graph, and a saved record brings the graph back at once.
#[test]
fn a_review_marks_mistakes_and_records_keep_the_graph() {
    let g = Gui::start();
    g.quiet();
    let s = g.post("/api/record", json!({ "text": REVIEWED }));
    assert_eq!(s["players"]["blue"]["label"], "greedy");
    assert!(s["review"]["moves"].is_null());
    g.post("/api/review", json!({}));
    let s = g.wait("the review", |s| !s["review"]["moves"].is_null());
    let moves = s["review"]["moves"].as_array().unwrap();
    assert_eq!(moves.len(), 19);
    let marked: Vec<(u64, &str)> = moves
        .iter()
        .filter_map(|m| Some((m["ply"].as_u64()?, m["mark"].as_str()?)))
        .collect();
    assert!(
        marked
            .iter()
            .any(|&(_, k)| k == "mistake" || k == "blunder"),
        "{marked:?}"
    );
    for m in moves {
        if m["mark"].is_string() {
            assert_eq!(m["side"], "b", "{m}");
            assert_ne!(m["best"], m["played"], "{m}");
            assert!(m["loss"].as_f64().unwrap() >= 0.02, "{m}");
        }
    }
    assert!(s["review"]["blue"]["lost"].as_f64().unwrap() > 0.05);
    // Every roll's luck, on the review's moves and the move list; each side's accuracy and luck.
    let luck: Vec<f64> = moves.iter().map(|m| m["luck"].as_f64().unwrap()).collect();
    assert!(luck.iter().any(|&l| l != 0.0), "{luck:?}");
    assert_eq!(s["plies"][3]["luck"].as_f64(), Some(luck[3]));
    let side_luck: f64 = [&s["review"]["red"], &s["review"]["blue"]]
        .iter()
        .map(|t| t["luck"].as_f64().unwrap())
        .sum();
    assert!((side_luck - luck.iter().sum::<f64>()).abs() < 1e-9);
    assert!(s["review"]["blue"]["accuracy"].as_f64().unwrap() < 100.0);
    let graph = s["graph"].as_array().unwrap().clone();
    assert!(graph[0].is_f64() && graph[19] == 1.0, "{graph:?}");
    for m in moves.iter().filter(|m| m["choices"] != 1) {
        assert!(
            graph[m["ply"].as_u64().unwrap() as usize].is_f64(),
            "{m} {graph:?}"
        );
    }
    // The record keeps the graph; loaded elsewhere, the graph is there before any analysis.
    let text = g.get("/api/record")["text"].as_str().unwrap().to_string();
    assert!(text.contains("\ngraph "), "{text}");
    let h = Gui::start();
    h.quiet();
    let s = h.post("/api/record", json!({ "text": text }));
    for (a, b) in s["graph"].as_array().unwrap().iter().zip(&graph) {
        match (a.as_f64(), b.as_f64()) {
            (Some(a), Some(b)) => assert!((a - b).abs() < 1e-4, "{a} {b}"),
            (a, b) => assert_eq!(a, b),
        }
    }
    assert_eq!(s["players"]["red"]["label"], "ewn");
}

/// A finished game is never lost: a move at a past position (where the real die is shown) starts
/// a side line, the record and the review keep the game, and the game comes back whole.
#[test]
fn a_side_line_keeps_the_finished_game() {
    let g = Gui::start();
    g.quiet();
    g.post("/api/record", json!({ "text": REVIEWED }));
    g.post("/api/review", json!({}));
    g.wait("the review", |s| !s["review"]["moves"].is_null());
    let s = g.post("/api/navigate", json!({"ply": 8}));
    assert_eq!(s["die"], 5, "the die rolled at move 9, not a roll to make");
    assert_eq!(s["live"], false);
    let game = s["plies"].as_array().unwrap().clone();
    let other = legal(&s)
        .into_iter()
        .find(|m| m != "c5d4")
        .expect("another move for die 5");
    let s = g.post("/api/move", json!({ "move": other }));
    assert_eq!(plies(&s), 9);
    assert_eq!(s["main"]["branch"], 8);
    assert_eq!(s["main"]["length"], 19);
    assert_eq!(s["main"]["winner"], "r");
    assert_eq!(s["main"]["plies"][0]["move"], "c5d4");
    // The game's later moves keep the cubes they took, as the game's own plies said.
    let rest = s["main"]["plies"].as_array().unwrap();
    assert_eq!(rest.len(), 11);
    for (p, q) in rest.iter().zip(&game[8..]) {
        assert_eq!(
            (&p["move"], &p["took"], &p["fell"]),
            (&q["move"], &q["took"], &q["fell"])
        );
    }
    assert!(
        rest.iter().any(|p| p["took"].is_string()),
        "no capture after move 8: {s}"
    );
    assert!(
        s["status"].as_str().unwrap().starts_with("Side line"),
        "{s}"
    );
    assert_eq!(s["review"]["moves"].as_array().unwrap().len(), 19);
    let text = g.get("/api/record")["text"].as_str().unwrap().to_string();
    assert!(
        text.contains("move r 5 c5d4") && text.contains("result r goal"),
        "{text}"
    );
    // Back to the game, where the side line left it; then at its end.
    let s = g.post("/api/mainline", json!({}));
    assert_eq!((plies(&s), s["ply"].clone()), (19, json!(8)));
    assert!(s["main"].is_null());
    let (code, _) = g.post_code("/api/mainline", json!({}));
    assert_eq!(code, 409);
    // A take-back from the finished game keeps it too.
    let s = g.post("/api/navigate", json!({"ply": 19}));
    assert_eq!(s["winner"], "r");
    g.post(
        "/api/players",
        json!({"red": {"type": "human"}, "blue": {"type": "human"}}),
    );
    let die = s["plies"][18]["die"].clone();
    let s = g.post("/api/undo", json!({}));
    // The turn taken back keeps its die: another move for it at once.
    assert!(die.is_u64(), "{s}");
    assert_eq!((plies(&s), s["die"].clone()), (18, die));
    assert_eq!(s["main"]["length"], 19);
    let s = g.post("/api/mainline", json!({"ply": 19}));
    assert_eq!((plies(&s), s["winner"].clone()), (19, json!("r")));
}

/// Undo takes back to the person's own previous move only: with the engine's move alone before
/// the shown position there is nothing to take back.
#[test]
fn undo_never_takes_back_only_the_engines_move() {
    let g = Gui::start();
    g.quiet();
    g.post(
        "/api/new",
        json!({"red": {"type": "ewn", "level": 1, "movetime": 5}, "blue": {"type": "human"},
               "first": "r", "seed": 4}),
    );
    let s = g.wait("the engine's first move", |s| plies(s) == 1);
    assert_eq!(s["can_undo"], false);
    let (code, v) = g.post_code("/api/undo", json!({}));
    assert_eq!(code, 409, "{v}");
    assert!(v["error"].as_str().unwrap().contains("yours"), "{v}");
    assert_eq!(plies(&g.state()), 1);
}

/// Pause shows, voids an engine's choice in progress, and offers no roll for an engine.
#[test]
fn pause_is_shown_and_stops_a_choice_in_progress() {
    let g = Gui::start();
    g.quiet();
    // A long delay before each engine move, so that the pause comes during the choice.
    g.post("/api/settings", json!({"delay_ms": 3000}));
    g.post(
        "/api/new",
        json!({"red": {"type": "ewn", "level": 1, "movetime": 5},
               "blue": {"type": "ewn", "level": 1, "movetime": 5}, "seed": 9}),
    );
    let s = g.wait("Red choosing", |s| s["thinking"] == "r");
    assert_eq!(plies(&s), 0);
    let s = g.post("/api/control", json!({"action": "pause"}));
    assert!(s["thinking"].is_null(), "the choice is void: {s}");
    assert!(s["status"].as_str().unwrap().starts_with("Paused"), "{s}");
    g.post("/api/settings", json!({"delay_ms": 0}));
    g.post("/api/control", json!({"action": "step"}));
    let s = g.wait("one step", |s| plies(s) == 1 && s["thinking"].is_null());
    assert!(s["status"].as_str().unwrap().starts_with("Paused"), "{s}");
    assert!(s["die"].is_null());
    let (code, v) = g.post_code("/api/roll", json!({}));
    assert_eq!(code, 409, "no roll for an engine's side: {v}");
    assert_eq!(plies(&g.state()), 1, "the voided choice never lands");
}

/// A step back in a game of two engines pauses it where it is (the page offers Resume, not a
/// Pause that does nothing); Step and Resume go on from the game's end, not from the shown move.
#[test]
fn a_step_back_pauses_a_game_of_engines_and_resume_goes_on_from_its_end() {
    let g = Gui::start();
    g.quiet();
    // A delay before each engine move, so that the game is still going when it is stepped back
    // (at full speed two engines of level 1 finish a game before a busy test polls it).
    g.post("/api/settings", json!({"delay_ms": 1500}));
    g.post(
        "/api/new",
        json!({"red": {"type": "ewn", "level": 1, "movetime": 5},
               "blue": {"type": "ewn", "level": 1, "movetime": 5}, "seed": 11}),
    );
    let s = g.wait("two moves", |s| plies(s) >= 2 || !s["winner"].is_null());
    assert!(
        s["winner"].is_null(),
        "the game ended in under two moves: {s}"
    );
    let s = g.post("/api/navigate", json!({"ply": 1}));
    assert_eq!(
        (s["ply"].clone(), s["running"].clone()),
        (json!(1), json!(false)),
        "{s}"
    );
    assert!(s["status"].as_str().unwrap().contains("aused"), "{s}");
    let s = g.wait("the engines stopped", |s| s["thinking"].is_null());
    let n = plies(&s);
    assert_eq!(s["ply"], 1, "the view stays where it was stepped to: {s}");
    g.post("/api/settings", json!({"delay_ms": 0}));
    g.post("/api/control", json!({"action": "step"}));
    let s = g.wait("one step from the end", |s| {
        (plies(s) > n && s["thinking"].is_null()) || !s["winner"].is_null()
    });
    assert!(s["error"].is_null(), "{s}");
    if s["winner"].is_null() {
        assert_eq!(
            plies(&s),
            n + 1,
            "Step plays one move at the game's end: {s}"
        );
        assert_eq!(
            s["ply"],
            json!(n + 1),
            "the view follows the game's end: {s}"
        );
        assert_eq!(s["running"], false, "{s}");
    }
    g.post("/api/navigate", json!({"ply": 0}));
    g.post("/api/control", json!({"action": "run"}));
    let end = g.wait("the end of the game", |s| {
        !s["winner"].is_null() || !s["error"].is_null()
    });
    assert!(end["error"].is_null(), "{end}");
    assert_eq!(
        end["ply"],
        json!(plies(&end)),
        "Resume played on from the end: {end}"
    );
}

/// A move that comes before its position's analysis is done leaves no gap in the graph: the
/// analysis comes back for that position once the shown one is done.
#[test]
fn the_graph_fills_the_points_the_game_passed() {
    let g = Gui::start();
    g.post(
        "/api/settings",
        json!({"analysis": true, "analysis_ms": 200, "delay_ms": 0}),
    );
    g.post(
        "/api/new",
        json!({"red": {"type": "human"}, "blue": {"type": "human"}, "seed": 6}),
    );
    for _ in 0..3 {
        let s = g.post("/api/roll", json!({}));
        g.post("/api/move", json!({ "move": legal(&s)[0] }));
    }
    let s = g.wait("every point of the graph", |s| {
        s["graph"].as_array().unwrap().iter().all(Value::is_f64)
    });
    assert_eq!(s["graph"].as_array().unwrap().len(), 4);
    assert_eq!(s["graph_gaps"], 0, "{s}");
}

/// A loaded record's graph is worked out from its last move back, and the state says how many
/// points are still missing (none with the analysis off); at an earlier position of a finished
/// game the state says that its line is over, though the shown position is not.
#[test]
fn the_state_says_what_the_graph_lacks_and_that_the_line_is_over() {
    let g = Gui::start();
    g.quiet();
    let text = REVIEWED
        .lines()
        .filter(|l| !l.starts_with("graph "))
        .collect::<Vec<_>>()
        .join("\n");
    let s = g.post("/api/record", json!({ "text": text }));
    assert_eq!(s["graph_gaps"], 0, "the analysis is off: {s}");
    assert_eq!(
        (s["winner"].clone(), s["line_over"].clone()),
        (json!("r"), json!(true))
    );
    let s = g.post("/api/navigate", json!({"ply": 5}));
    assert_eq!(
        (s["winner"].clone(), s["line_over"].clone()),
        (Value::Null, json!(true))
    );
    let s = g.post(
        "/api/settings",
        json!({"analysis": true, "analysis_ms": 20}),
    );
    let gaps = s["graph_gaps"].as_u64().unwrap();
    let unknown = s["graph"]
        .as_array()
        .unwrap()
        .iter()
        .filter(|p| p.is_null())
        .count() as u64;
    assert!(
        gaps > 0 && gaps <= unknown,
        "{gaps} gaps of {unknown} unknown points"
    );
    let s = g.wait("the whole graph", |s| s["graph_gaps"] == 0);
    let known = s["graph"]
        .as_array()
        .unwrap()
        .iter()
        .filter(|p| p.is_f64())
        .count();
    assert!(known >= 19, "{known} points known once no gap is left: {s}");
    // A new game with no move: its line is not over.
    let s = g.post(
        "/api/new",
        json!({"red": {"type": "human"}, "blue": {"type": "human"}, "seed": 6}),
    );
    assert_eq!(s["line_over"], false);
}

/// The state once the analysis of the typed die `die` is done (the analysis switched on).
fn analysed(g: &Gui, die: u64) -> Value {
    g.post(
        "/api/settings",
        json!({"analysis": true, "analysis_ms": 50}),
    );
    g.post("/api/roll", json!({ "die": die }));
    g.wait(&format!("the analysis of die {die}"), |s| {
        !s["analysis"]["moves"].is_null() && !s["analysis"]["preroll"].is_null()
    })
}

/// A person's game in a variant: `setups` typed, dice typed in.
fn new_variant_game(g: &Gui, variant: &str, red: &str, blue: &str) -> Value {
    g.post(
        "/api/new",
        json!({
            "variant": variant,
            "red": {"type": "human"}, "blue": {"type": "human"},
            "red_setup": red, "blue_setup": blue, "dice": "manual",
        }),
    )
}

#[test]
fn a_3x3_game_is_drawn_and_played_at_its_size() {
    let g = Gui::start();
    g.quiet();
    let s = g.state();
    assert_eq!(s["variant"]["name"], "standard", "the default variant");
    assert_eq!((s["rows"].as_u64(), s["cols"].as_u64()), (Some(5), Some(5)));
    let offered: Vec<&Value> = s["variants"]
        .as_array()
        .unwrap()
        .iter()
        .map(|v| &v["name"])
        .collect();
    for name in ["3x3", "6x6", "backrank", "nodice"] {
        assert!(offered.contains(&&json!(name)), "{s}");
    }
    let s = new_variant_game(&g, "3x3", "321", "123");
    assert_eq!((s["rows"].as_u64(), s["cols"].as_u64()), (Some(3), Some(3)));
    assert_eq!(s["variant"]["name"], "3x3");
    assert_eq!(s["variant"]["outcomes"], json!([[1, 1], [2, 1], [3, 1]]));
    assert_eq!(s["squares"].as_array().unwrap().len(), 9);
    assert_eq!(s["squares"][0], "R3", "{s}");
    assert_eq!(s["setup"]["red_setup"], "321");
    // A die beyond the variant's, a setup of the standard game and an unknown variant are refused.
    let (code, v) = g.post_code("/api/roll", json!({"die": 4}));
    assert_eq!(code, 400, "{v}");
    assert!(v["error"].as_str().unwrap().contains("1..3"), "{v}");
    for (variant, setup) in [("3x3", "123456"), ("3x3", "124"), ("9x9", "123")] {
        let (code, v) = g.post_code(
            "/api/new",
            json!({"variant": variant, "red": {"type": "human"}, "blue": {"type": "human"},
                   "red_setup": setup}),
        );
        assert_eq!(code, 400, "{variant} {setup}: {v}");
    }
    let s = g.post("/api/roll", json!({"die": 3}));
    let mut moves = legal(&s);
    moves.sort();
    assert_eq!(moves, ["a3a2", "a3b2", "a3b3"], "cube 3 stands on a3");
    let (code, v) = g.post_code("/api/move", json!({"move": "a3d3"}));
    assert_eq!(code, 400, "no file d on a 3x3 board: {v}");
    let s = g.post("/api/move", json!({"move": "a3b2"}));
    assert_eq!((plies(&s), s["side"].as_str()), (1, Some("b")));
    let text = check_record(&g, &s);
    assert!(text.contains("variant 3x3"), "{text}");
    let h = Gui::start();
    let loaded = h.post("/api/record", json!({ "text": text }));
    assert_eq!(
        (loaded["variant"]["name"].as_str(), loaded["rows"].as_u64()),
        (Some("3x3"), Some(3))
    );
    assert_eq!(loaded["fen"], s["fen"]);
    // The analysis speaks of the variant's three faces, and the review values its moves.
    let s = analysed(&g, 1);
    assert_eq!(
        s["analysis"]["preroll"]["faces"].as_array().unwrap().len(),
        3,
        "{s}"
    );
    let m = s["analysis"]["moves"][0]["move"]
        .as_str()
        .unwrap()
        .to_string();
    assert!(legal(&s).contains(&m), "{s}");
    g.post("/api/move", json!({ "move": m }));
    g.post("/api/review", json!({}));
    let s = g.wait("the review", |s| !s["review"]["moves"].is_null());
    assert_eq!(s["review"]["moves"].as_array().unwrap().len(), 2, "{s}");
    assert_eq!(s["review"]["moves"][1]["played"], json!(m));
}

#[test]
fn a_6x6_game_takes_two_dice_and_its_ten_cubes() {
    let g = Gui::start();
    g.quiet();
    let s = new_variant_game(&g, "6x6", "CBA9865432", "2345689ABC");
    assert_eq!((s["rows"].as_u64(), s["cols"].as_u64()), (Some(6), Some(6)));
    assert_eq!(s["squares"].as_array().unwrap().len(), 36);
    assert_eq!(s["squares"][0], "R12", "{s}");
    assert_eq!(s["squares"][35], "B2");
    assert_eq!(s["variant"]["outcome_range"], "2..12");
    for bad in [1, 13] {
        let (code, v) = g.post_code("/api/roll", json!({ "die": bad }));
        assert_eq!(code, 400, "{bad}: {v}");
    }
    let s = g.post("/api/roll", json!({"die": 12}));
    let mut moves = legal(&s);
    moves.sort();
    assert_eq!(moves, ["a6a5", "a6b5", "a6b6"], "cube 12 stands on a6");
    let s = g.post("/api/move", json!({"move": "a6b5"}));
    assert_eq!(s["plies"][0]["die"], 12);
    // The analysis of a roll of two dice, with a face per outcome before the roll.
    let s = analysed(&g, 7);
    assert_eq!(
        s["analysis"]["preroll"]["faces"].as_array().unwrap().len(),
        11,
        "{s}"
    );
    g.quiet();
    // Two dice rolled from a seed, and this engine answering in the variant.
    let s = g.post(
        "/api/new",
        json!({"variant": "6x6", "red": {"type": "human"},
               "blue": {"type": "ewn", "level": 2, "movetime": 20}, "seed": 5}),
    );
    assert_eq!(s["variant"]["name"], "6x6");
    let s = g.post("/api/roll", json!({}));
    let d = s["die"].as_u64().unwrap();
    assert!((2..=12).contains(&d), "{d}");
    g.post("/api/move", json!({"move": legal(&s)[0]}));
    let s = g.wait("the engine's move", |s| plies(s) >= 2);
    assert_eq!(s["plies"][1]["side"], "b");
    assert!(
        (2..=12).contains(&s["plies"][1]["die"].as_u64().unwrap()),
        "{s}"
    );
    check_record(&g, &s);
}

#[test]
fn a_forced_pass_is_played_and_nodice_needs_no_roll() {
    let g = Gui::start();
    g.quiet();
    // Backrank: Red has only cubes 1 and 2, so a 5 moves nothing and Red must pass.
    let s = g.post(
        "/api/new",
        json!({"variant": "backrank", "red": {"type": "human"}, "blue": {"type": "human"},
               "position": "R1R23/5/5/2B62/B1B2B3B4B5 r", "dice": "manual"}),
    );
    assert_eq!(s["variant"]["goal"], "rank");
    let s = g.post("/api/roll", json!({"die": 5}));
    assert_eq!(legal(&s), ["0000"], "{s}");
    assert!(s["status"].as_str().unwrap().contains("passes"), "{s}");
    let (code, _) = g.post_code("/api/move", json!({"move": "a5a4"}));
    assert_eq!(code, 422);
    let s = g.post("/api/move", json!({"move": "0000"}));
    assert_eq!((plies(&s), s["side"].as_str()), (1, Some("b")));
    assert_eq!(s["plies"][0]["move"], "0000");
    check_record(&g, &s);
    // Without dice the mover picks any cube at once; a typed die is refused.
    let s = g.post(
        "/api/new",
        json!({"variant": "nodice", "red": {"type": "human"}, "blue": {"type": "human"},
               "red_setup": "123456", "blue_setup": "123456"}),
    );
    assert_eq!(s["die"], 0, "{s}");
    assert_eq!(legal(&s).len(), 18, "every cube's moves: {s}");
    let (code, v) = g.post_code("/api/roll", json!({"die": 3}));
    assert_eq!(code, 400, "{v}");
    let s = g.post("/api/move", json!({"move": "a3b2"}));
    assert_eq!(
        (s["side"].as_str(), s["die"].as_u64()),
        (Some("b"), Some(0))
    );
}

/// A person resigns (an engine's side cannot), the record says so and loads back resigned; a
/// cube falling into a hole is named in its ply; Pause on a person's turn says so; a review
/// counts its plies and is cancelled.
#[test]
fn resign_holes_pause_and_a_cancelled_review() {
    let g = Gui::start();
    g.quiet();
    g.post(
        "/api/new",
        json!({"red": {"type": "human"}, "blue": {"type": "ewn", "level": 1, "movetime": 5},
               "seed": 4}),
    );
    let s = g.post("/api/control", json!({"action": "pause"}));
    assert!(s["status"].as_str().unwrap().starts_with("Paused"), "{s}");
    g.post("/api/control", json!({"action": "run"}));
    let s = g.post("/api/resign", json!({}));
    assert_eq!(
        (s["winner"].as_str(), s["reason"].as_str()),
        (Some("b"), Some("resign"))
    );
    assert!(
        s["status"]
            .as_str()
            .unwrap()
            .contains("Blue wins: Red resigned"),
        "{s}"
    );
    let (code, _) = g.post_code("/api/roll", json!({}));
    assert_eq!(code, 409, "a roll after the resignation");
    let text = check_record(&g, &s);
    assert!(text.contains("result b resign"), "{text}");
    let s = g.post("/api/record", json!({ "text": text }));
    assert_eq!(s["reason"], "resign", "{s}");
    // Blue (the engine) to move: only a person resigns.
    let s = g.post(
        "/api/new",
        json!({"red": {"type": "human"}, "blue": {"type": "ewn", "level": 1, "movetime": 5},
               "position": "R1R23/5/5/5/4B1 b", "dice": "manual"}),
    );
    assert_eq!(s["side"], "b");
    let (code, v) = g.post_code("/api/resign", json!({}));
    assert_eq!(code, 409, "{v}");
    // blackhole: Red's only cube steps into the hole c3 and falls; Blue wins.
    g.post(
        "/api/new",
        json!({"variant": "blackhole", "red": {"type": "human"}, "blue": {"type": "human"},
               "position": "5/1R13/5/5/4B1 r", "dice": "manual"}),
    );
    g.post("/api/roll", json!({"die": 1}));
    let s = g.post("/api/move", json!({"move": "b4c3"}));
    assert_eq!(s["plies"][0]["fell"], "R1", "{s}");
    assert_eq!(s["plies"][0]["took"], Value::Null);
    assert_eq!(s["winner"], "b");
    // A review in progress counts its plies and stops when cancelled. The seed typed as
    // 4242 is the record's `seed 4242`.
    let s = g.post(
        "/api/new",
        json!({"red": {"type": "human"}, "blue": {"type": "human"}, "seed": "4242"}),
    );
    assert_eq!(s["dice"]["seed"], "4242");
    let text = g.get("/api/record")["text"].as_str().unwrap().to_string();
    assert!(text.contains("seed 4242\n"), "{text}");
    let mut s = s;
    for _ in 0..6 {
        if !s["winner"].is_null() {
            break;
        }
        s = g.post("/api/roll", json!({}));
        s = g.post("/api/move", json!({ "move": legal(&s)[0] }));
    }
    let s = g.post("/api/review", json!({}));
    assert_eq!(s["review"]["total"].as_u64(), Some(plies(&s) as u64), "{s}");
    assert!(s["review"]["done"].as_u64().unwrap() <= plies(&s) as u64);
    let (code, v) = g.post_code("/api/review", json!({"cancel": true}));
    // The review may have finished already: then there is nothing to cancel.
    assert!(code == 200 || code == 409, "{v}");
    let s = g.wait("no review running", |s| s["review"]["busy"] == false);
    let (code, _) = g.post_code("/api/review", json!({"cancel": true}));
    assert_eq!(code, 409, "{s}");
}

/// The game the arena shows as it opens is an ordinary game: a person rolls and moves, and the
/// engine in the other seat answers, to the end, with no New game first.
#[test]
fn the_opening_game_is_answered_by_the_engine() {
    let g = Gui::start();
    g.quiet();
    let s = g.state();
    assert_eq!(s["players"]["red"]["type"], "human", "{s}");
    assert_eq!(s["players"]["blue"]["type"], "ewn", "{s}");
    assert_eq!(plies(&s), 0);
    assert!(s["error"].is_null(), "{s}");
    let mut engine_moves = 0;
    let start = Instant::now();
    let end = loop {
        assert!(start.elapsed() < HANG, "the opening game did not end");
        let s = g.wait("the person's turn or the end", |s| {
            !s["winner"].is_null() || !s["error"].is_null() || s["side"] == "r"
        });
        assert!(s["error"].is_null(), "{s}");
        if !s["winner"].is_null() {
            break s;
        }
        let s = if s["die"].is_null() {
            g.post("/api/roll", json!({}))
        } else {
            s
        };
        let n = plies(&s) + 1;
        let after = g.post("/api/move", json!({ "move": legal(&s)[0] }));
        assert_eq!(plies(&after), n);
        if !after["winner"].is_null() {
            break after;
        }
        // The engine's reply: one more ply, by Blue, with no request of ours.
        let s = g.wait("the engine's reply", |s| {
            plies(s) > n || !s["error"].is_null() || !s["winner"].is_null()
        });
        assert!(s["error"].is_null(), "the engine did not answer: {s}");
        assert_eq!(s["plies"][n]["side"], "b", "{s}");
        engine_moves += 1;
    };
    assert!(engine_moves > 0);
    let text = check_record(&g, &end);
    assert!(text.contains("red human"), "{text}");
    assert!(text.contains("blue ewn level 10"), "{text}");
}

/// A match with its live page (`ewn --variant V match --live 0`), while it plays.
struct LiveMatch {
    child: Child,
    port: u16,
}

impl LiveMatch {
    fn start(variant: &str) -> LiveMatch {
        LiveMatch::start_with(&[
            "--variant",
            variant,
            "match",
            "--engine",
            "self",
            "--opponent",
            "greedy",
            "--games",
            "400",
            "--movetime",
            "100",
        ])
    }

    /// `ewn ARGS --quiet --live 0`.
    fn start_with(args: &[&str]) -> LiveMatch {
        let mut child = Command::new(common::EWN)
            .args(args)
            .args(["--quiet", "--live", "0"])
            .stdout(Stdio::null())
            .stderr(Stdio::piped())
            .spawn()
            .expect("start ewn match");
        let port = common::live_address(&mut child);
        LiveMatch { child, port }
    }

    fn live(&self) -> Value {
        let mut s = TcpStream::connect(("127.0.0.1", self.port)).unwrap();
        let rq = format!(
            "GET /api/live HTTP/1.1\r\nHost: 127.0.0.1:{}\r\nConnection: close\r\n\r\n",
            self.port
        );
        s.write_all(rq.as_bytes()).unwrap();
        let mut resp = String::new();
        s.read_to_string(&mut resp).unwrap();
        let (head, body) = resp.split_once("\r\n\r\n").expect("a whole response");
        assert!(head.starts_with("HTTP/1.1 200"), "{head}");
        serde_json::from_str(body).unwrap()
    }

    /// The first game in progress with at least one move played.
    fn game_with_moves(&self) -> Value {
        let start = Instant::now();
        loop {
            let v = self.live();
            if let Some(g) = v["games"]
                .as_array()
                .unwrap()
                .iter()
                .find(|g| !g["moves"].as_array().unwrap().is_empty())
            {
                return g.clone();
            }
            assert!(start.elapsed() < HANG, "no game in progress: {v}");
            std::thread::sleep(Duration::from_millis(20));
        }
    }
}

impl Drop for LiveMatch {
    fn drop(&mut self) {
        let _ = self.child.kill();
        let _ = self.child.wait();
    }
}

/// A paced match (`--pace`) is accepted with the live page, whose view says its pace; a game
/// in progress says how long its side to move has been thinking (so that the page runs its
/// clock), or null while its clock is not running.
#[test]
fn a_paced_match_says_its_pace_and_the_thinking_time() {
    let m = LiveMatch::start_with(&[
        "--variant",
        "3x3",
        "match",
        "--engine",
        "self",
        "--opponent",
        "greedy",
        "--games",
        "400",
        "--tc",
        "600+0",
        "--pace",
        "40",
    ]);
    let v = m.live();
    assert_eq!(v["pace_ms"], 40, "{v}");
    let g = m.game_with_moves();
    let t = &g["thinking_ms"];
    assert!(t.is_null() || t.is_u64(), "{g}");
}

/// `/api/live` carries each game's variant: its size, holes, goals and start squares, every
/// square of the board, the die as null without dice, and moves named as the variant names them.
#[test]
fn the_live_view_carries_the_variant() {
    for (variant, rows, cols) in [("6x6", 6, 6), ("3x3", 3, 3), ("blackhole", 5, 5)] {
        let m = LiveMatch::start(variant);
        let g = m.game_with_moves();
        assert_eq!(
            (g["rows"].as_u64(), g["cols"].as_u64()),
            (Some(rows), Some(cols)),
            "{g}"
        );
        assert_eq!(g["variant"]["name"], variant, "{g}");
        assert_eq!(g["variant"]["rows"], rows, "{g}");
        let squares = g["squares"].as_array().unwrap();
        assert_eq!(squares.len() as u64, rows * cols, "{variant}: {g}");
        // The squares agree with the position string, cube for cube.
        let v = Variant::preset(variant).unwrap();
        let b = parse_fen_in(v, g["position"].as_str().unwrap()).unwrap();
        for (sq, shown) in squares.iter().enumerate() {
            let want = match b.piece_at(sq as u8) {
                0 => String::new(),
                code => {
                    let (c, n) = piece_of(code);
                    format!("{}{n}", if c == Color::Red { 'R' } else { 'B' })
                }
            };
            assert_eq!(shown, &want, "{variant}: square {sq} of {g}");
        }
        let starts = g["variant"]["start_red"].as_array().unwrap().len();
        assert_eq!(starts, g["variant"]["start_blue"].as_array().unwrap().len());
        assert!(starts >= 3, "{g}");
        let holes: Vec<&str> = g["variant"]["holes"]
            .as_array()
            .unwrap()
            .iter()
            .map(|h| h.as_str().unwrap())
            .collect();
        if variant == "blackhole" {
            assert_eq!(holes, ["c3"], "{g}");
        } else {
            assert!(holes.is_empty(), "{g}");
        }
        // Dice: every move is `<die>:<move>`, and the last one's squares are named.
        let last = g["moves"]
            .as_array()
            .unwrap()
            .last()
            .unwrap()
            .as_str()
            .unwrap();
        let (die, mv) = last.split_once(':').expect("die:move");
        assert!(die.parse::<u8>().is_ok_and(|d| d >= 1), "{last}");
        if let Some([from, to]) = g["last"].as_array().map(|a| a.as_slice()) {
            assert_eq!(
                format!("{}{}", from.as_str().unwrap(), to.as_str().unwrap()),
                mv
            );
        }
    }
    // Without dice: no die, and moves without a die.
    let m = LiveMatch::start("nodice");
    let g = m.game_with_moves();
    assert_eq!(g["variant"]["has_dice"], false, "{g}");
    assert!(g["die"].is_null(), "{g}");
    for mv in g["moves"].as_array().unwrap() {
        assert!(!mv.as_str().unwrap().contains(':'), "{g}");
    }
}

/// Every player of the match is in the live standings, and the report's crosstable never cuts
/// a name into another one: `mcts:2000` is not shown as `mcts:200`.
#[test]
fn the_live_standings_name_every_player_whole() {
    let m = LiveMatch::start_with(&[
        "match",
        "--engine",
        "name=mcts:2000",
        "cmd=random",
        "--engine",
        "name=mcts:200",
        "cmd=random",
        "--engine",
        "greedy",
        "--tournament",
        "round-robin",
        "--games",
        "200",
    ]);
    let names = |v: &Value| -> Vec<String> {
        let mut n: Vec<String> = v["table"]
            .as_array()
            .unwrap()
            .iter()
            .map(|s| s["name"].as_str().unwrap().to_string())
            .collect();
        n.sort();
        n
    };
    let v = m.live();
    assert_eq!(names(&v), ["greedy", "mcts:200", "mcts:2000"], "{v}");
    let start = Instant::now();
    let v = loop {
        let v = m.live();
        if v["standings"].as_str().unwrap().contains("Crosstable") {
            break v;
        }
        assert!(start.elapsed() < HANG, "no crosstable: {v}");
        std::thread::sleep(Duration::from_millis(20));
    };
    let text = v["standings"].as_str().unwrap();
    let head = text
        .lines()
        .skip_while(|l| !l.starts_with("Crosstable"))
        .nth(1)
        .unwrap();
    let mut cols: Vec<&str> = head.split_whitespace().collect();
    cols.sort();
    assert_eq!(cols, ["greedy", "mcts:200", "mcts:2000"], "{text}");
}

/// A bad table in `--tables DIR` is an error before the address is printed: no address that
/// stops answering a moment later.
#[test]
fn bad_tables_stop_the_arena_before_its_address() {
    let dir = common::temp_path("gui-tables", "tables");
    std::fs::create_dir_all(&dir).unwrap();
    std::fs::write(dir.join("ewn-solved-3x3.tbl"), b"not a table\n").unwrap();
    let r = common::run(
        &["--tables", dir.to_str().unwrap(), "gui", "--port", "0"],
        "",
    );
    assert!(!r.ok, "ewn gui served with a bad table: {}", r.stdout);
    assert!(r.stdout.is_empty(), "an address was printed: {}", r.stdout);
    assert!(
        r.stderr
            .lines()
            .any(|l| l.starts_with("error:") && l.contains("3x3")),
        "{}",
        r.stderr
    );
}

/// A loaded record names its players and seats them as the arena can: this engine's `ewn` is
/// this engine (it answers a person's moves in a side line from the record), an engine the
/// arena does not run (`greedy` here, started without `--engine`) is a person, marked as the
/// record's. A rematch keeps those seats, colours swapped, and the page is told what each seat
/// is; with no person seated the rematch waits until one takes a seat.
#[test]
fn a_loaded_record_seats_this_engine_and_the_rematch_keeps_the_seats() {
    let g = Gui::start();
    g.quiet();
    let s = g.post("/api/record", json!({ "text": REVIEWED }));
    assert_eq!(s["players"]["red"]["type"], "ewn", "{}", s["players"]);
    assert_eq!(s["players"]["red"]["label"], "ewn");
    assert_eq!(s["players"]["red"]["recorded"], true);
    assert_eq!(s["players"]["blue"]["label"], "greedy");
    assert_eq!(s["players"]["blue"]["type"], "human", "not run here");
    assert_eq!(s["players"]["blue"]["recorded"], true);
    assert!(s["notice"].is_null(), "{}", s["notice"]);
    // A side line: Blue (the person) plays another move at ply 7; this engine answers as Red.
    g.post("/api/navigate", json!({"ply": 7}));
    let s = g.state();
    let other = legal(&s)
        .into_iter()
        .find(|m| m != "d3c3")
        .expect("another move for Blue");
    let s = g.post("/api/move", json!({ "move": other }));
    assert_eq!(s["main"]["branch"], 7, "a side line: {}", s["main"]);
    let s = g.wait("this engine's answer in the side line", |s| {
        plies(s) >= 9 || !s["error"].is_null()
    });
    assert!(s["error"].is_null(), "{}", s["error"]);
    assert_eq!(s["plies"][8]["side"], "r", "{}", s["plies"][8]);
    // The rematch: the same seats, colours swapped, the record's setups (swapped) and dice.
    let record = s.clone();
    let s = g.post("/api/rematch", json!({}));
    assert!(
        record["dice"]["seed"].is_string() && record["setup"]["red_setup"].is_string(),
        "{} {}",
        record["dice"],
        record["setup"]
    );
    assert_eq!(s["dice"], record["dice"], "the record's dice");
    assert_eq!(
        (&s["setup"]["red_setup"], &s["setup"]["blue_setup"]),
        (
            &record["setup"]["blue_setup"],
            &record["setup"]["red_setup"]
        ),
        "the record's setups, swapped"
    );
    assert_eq!(s["players"]["red"]["type"], "human", "{}", s["players"]);
    assert_eq!(s["players"]["blue"]["type"], "ewn", "{}", s["players"]);
    let notice = s["notice"].as_str().expect("a notice").to_string();
    assert!(
        notice.starts_with("Rematch, colours swapped, on the record's setups and dice. Red: a person in place of greedy (not in this arena; ewn gui --engine adds it)")
            && notice.ends_with("Blue: this engine (level 10, 500 ms)."),
        "{notice}"
    );
    assert_eq!(s["running"], true, "a person plays: the rematch goes on");
    // The person's first move: the note is read before it and goes with it.
    assert_eq!(s["side"], "r");
    let s = g.post("/api/roll", json!({}));
    assert!(
        s["notice"].is_string(),
        "a roll keeps the note: {}",
        s["notice"]
    );
    let m = legal(&s)[0].clone();
    let s = g.post("/api/move", json!({ "move": m }));
    assert!(
        s["notice"].is_null(),
        "the first move keeps the note: {}",
        s["notice"]
    );
    // Engines only (this engine by both of `ewn match`'s names): the rematch waits.
    let engines = REVIEWED.replace("blue greedy", "blue self");
    let s = g.post("/api/record", json!({ "text": engines }));
    assert_eq!(s["players"]["blue"]["type"], "ewn", "{}", s["players"]);
    let s = g.post("/api/rematch", json!({}));
    for side in ["red", "blue"] {
        assert_eq!(s["players"][side]["type"], "ewn", "{side}");
        assert_eq!(s["players"][side]["recorded"], false);
    }
    assert_eq!(
        s["running"], false,
        "a rematch of engines only plays on unasked"
    );
    // Taking a seat: the note on the seats goes with it.
    let s = g.post("/api/players", json!({"blue": {"type": "human"}}));
    assert_eq!(s["players"]["blue"]["type"], "human");
    assert!(s["notice"].is_null(), "{}", s["notice"]);
    // A person in the record stays a person, and the notice says no word of its name.
    let person = REVIEWED.replace("red ewn", "red human");
    g.post("/api/record", json!({ "text": person }));
    let s = g.post("/api/rematch", json!({}));
    assert_eq!(s["players"]["blue"]["type"], "human");
    let notice = s["notice"].as_str().expect("a notice");
    assert!(
        notice.contains("in place of greedy")
            && notice.ends_with("Blue: a person.")
            && !notice.contains("human"),
        "{notice}"
    );
    // The next game starts without it.
    let s = g.post(
        "/api/new",
        json!({"red": {"type": "human"}, "blue": {"type": "human"}}),
    );
    assert!(s["notice"].is_null());
}

/// At a past position of a reviewed game, the game's own next move steps forward along it: no
/// side line that repeats the game. From a side line, the game's move where it left the game
/// goes back to the game.
#[test]
fn replaying_the_games_own_move_steps_forward() {
    let g = Gui::start();
    g.quiet();
    g.post("/api/record", json!({ "text": REVIEWED }));
    let s = g.post("/api/navigate", json!({"ply": 8}));
    assert_eq!(s["die"], 5);
    let s = g.post("/api/move", json!({"move": "c5d4"}));
    assert!(s["main"].is_null(), "a side line: {}", s["main"]);
    assert_eq!((s["ply"].clone(), plies(&s)), (json!(9), 19));
    assert_eq!(s["winner"], Value::Null);
    // Another move starts a side line; at its branch point, the game's move goes back.
    g.post("/api/navigate", json!({"ply": 8}));
    let other = legal(&g.state())
        .into_iter()
        .find(|m| m != "c5d4")
        .expect("another move for die 5");
    let s = g.post("/api/move", json!({ "move": other }));
    assert_eq!(s["main"]["branch"], 8);
    let s = g.post("/api/navigate", json!({"ply": 8}));
    assert_eq!(s["die"], 5);
    let s = g.post("/api/move", json!({"move": "c5d4"}));
    assert!(s["main"].is_null(), "still in the side line: {}", s["main"]);
    assert_eq!((s["ply"].clone(), plies(&s)), (json!(9), 19));
    assert_eq!(s["plies"][8]["move"], "c5d4");
}
