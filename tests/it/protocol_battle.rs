//! The battle servers' protocol against the built program: `ewn connect` with small servers
//! written here (one splits its messages into bytes, one joins two, one sends garbage, one
//! drops the connection), and `ewn serve --battle` with small clients written here (one splits
//! its answers, one joins extra bytes to them, one sends garbage, one floods, one stalls, one
//! disconnects). Ports are chosen by the system; every wait has a generous bound that only turns
//! a hang into a failure.

use crate::common;

use std::io::{BufRead, Read, Write};
use std::net::{TcpListener, TcpStream};
use std::process::{Command, Output, Stdio};
use std::thread;
use std::time::{Duration, Instant};

use crate::common::standard::parse_fen;
use crate::common::{EWN, Engine, argv, temp_path};
use ewn::players::battle::{
    Decoded, ServerMsg, answer_text, decode_answer, decode_server, turn_text,
};
use ewn::record::{Reason, parse_records};
use ewn::rules::board::{Board, Color, Move};

const LONG: Duration = Duration::from_secs(60);

/// `ewn connect` to `port`, run to its end on a thread.
fn connect(port: u16, extra: &[&str]) -> thread::JoinHandle<Output> {
    let mut args: Vec<String> = vec![
        "connect".into(),
        format!("127.0.0.1:{port}"),
        "--movetime".into(),
        "20".into(),
        "--hash".into(),
        "8".into(),
    ];
    args.extend(extra.iter().map(|s| s.to_string()));
    thread::spawn(move || {
        Command::new(EWN)
            .args(&args)
            .stdin(Stdio::null())
            .output()
            .expect("starting ewn connect")
    })
}

/// The server side of a fake server's connection.
struct Conn {
    s: TcpStream,
    buf: Vec<u8>,
}

impl Conn {
    fn accept(l: &TcpListener) -> Conn {
        let (s, _) = l.accept().unwrap();
        s.set_read_timeout(Some(LONG)).unwrap();
        let mut c = Conn { s, buf: Vec::new() };
        let name = c.line();
        assert_eq!(name, "tester");
        c
    }

    fn line(&mut self) -> String {
        loop {
            if let Some(i) = self.buf.iter().position(|&b| b == b'\n') {
                let l = String::from_utf8_lossy(&self.buf[..i]).into_owned();
                self.buf.drain(..=i);
                return l;
            }
            self.fill();
        }
    }

    fn fill(&mut self) {
        let mut tmp = [0u8; 1024];
        let n = self.s.read(&mut tmp).expect("the client answers in time");
        assert!(n > 0, "the client left");
        self.buf.extend_from_slice(&tmp[..n]);
    }

    fn send(&mut self, text: &str) {
        self.s.write_all(text.as_bytes()).unwrap();
    }

    /// Sends `text` one byte at a time.
    fn send_in_pieces(&mut self, text: &str) {
        for b in text.as_bytes() {
            self.s.write_all(&[*b]).unwrap();
            self.s.flush().unwrap();
            thread::sleep(Duration::from_millis(1));
        }
    }

    /// The client's answer on `b`, which must be a legal move for `die`.
    fn answer(&mut self, b: &Board, die: u8) -> Move {
        loop {
            match decode_answer(&self.buf) {
                Decoded::Done(a, used) => {
                    self.buf.drain(..used);
                    let m = a.to_move(b).expect("the answer names a move");
                    assert!(b.is_legal(m, Some(die)), "{a:?} on {b:?} die {die}");
                    return m;
                }
                Decoded::Bad(why, _) => panic!("a bad answer: {why}"),
                Decoded::Need => self.fill(),
            }
        }
    }
}

fn finished(h: thread::JoinHandle<Output>) -> (String, String) {
    let out = h.join().unwrap();
    let stdout = String::from_utf8(out.stdout).unwrap();
    let stderr = String::from_utf8_lossy(&out.stderr).into_owned();
    assert!(out.status.success(), "{stdout}\n{stderr}");
    (stdout, stderr)
}

#[test]
fn connect_follows_games_through_pieces_joins_and_garbage() {
    let l = TcpListener::bind("127.0.0.1:0").unwrap();
    let port = l.local_addr().unwrap().port();
    let rec = temp_path("battle", "connect.txt");
    let h = connect(
        port,
        &["--name", "tester", "--record", rec.to_str().unwrap()],
    );
    let mut c = Conn::accept(&l);

    // Garbage first: reported, never fatal.
    c.send("hello there ");
    // Game 1, sent a byte at a time: the client is Red with a win in one (d2e1 for die 1; the
    // message ends in `|1`, which could still become 10..12).
    let win = parse_fen("5/5/5/3R1B1/B2B5B62 r").unwrap();
    c.send_in_pieces(&turn_text(&win, 1));
    let m = c.answer(&win, 1);
    assert_eq!(m, crate::common::standard::parse_move("d2e1").unwrap());

    // Game 2: a stale board and the real one at once; the client plays Blue (die 4: `|10`).
    let stale = Board::startpos();
    let mut b = parse_fen("R1R2R32/R4R53/R63B6/3B5B4/2B3B2B1 b").unwrap();
    c.send(&format!("{}{}", turn_text(&stale, 2), turn_text(&b, 4)));
    let m = c.answer(&b, 4);
    b.make(m);
    // Red answers on the server's side, then the client moves again.
    let red = b.moves_for_die(3).as_slice()[0];
    b.make(red);
    c.send(&turn_text(&b, 6));
    let m = c.answer(&b, 6);
    b.make(m);
    c.send("close");
    let (stdout, stderr) = finished(h);

    let lines: Vec<&str> = stdout.lines().collect();
    assert!(
        lines[0].starts_with("game 1: tester (red) won by goal after 1 plies"),
        "{stdout}"
    );
    assert!(
        lines[1].starts_with("game 2: tester (blue) won (inferred: "),
        "{stdout}"
    );
    assert!(
        lines[2].starts_with("the server closed the session; 2 games: 2 won (1 inferred)")
            && !lines[2].contains("; 0 malformed"),
        "{stdout}"
    );
    assert!(stderr.contains("malformed message"), "{stderr}");
    assert!(stderr.contains("2 boards came at once"), "{stderr}");
    let games = parse_records(&std::fs::read_to_string(&rec).unwrap()).unwrap();
    assert_eq!(games.len(), 2);
    assert_eq!(games[0].winner, Some(Color::Red));
    assert_eq!(games[1].plies.len(), 3);
    assert_eq!(games[1].reason, Reason::Unfinished);
    for g in &games {
        g.replay().unwrap();
    }
}

#[test]
fn connect_without_a_game_leaves_no_empty_record() {
    let l = TcpListener::bind("127.0.0.1:0").unwrap();
    let port = l.local_addr().unwrap().port();
    let rec = temp_path("battle", "no-game.txt");
    let _ = std::fs::remove_file(&rec);
    let h = connect(
        port,
        &["--name", "tester", "--record", rec.to_str().unwrap()],
    );
    let mut c = Conn::accept(&l);
    c.send("close");
    let (stdout, _) = finished(h);
    assert!(stdout.contains("0 games"), "{stdout}");
    assert!(!rec.exists(), "an empty record was left behind");
}

#[test]
fn connect_counts_a_stream_of_garbage_instead_of_logging_each_message() {
    let l = TcpListener::bind("127.0.0.1:0").unwrap();
    let port = l.local_addr().unwrap().port();
    let h = connect(port, &["--name", "tester"]);
    let mut c = Conn::accept(&l);
    // Thousands of messages that are not boards, in pieces.
    for _ in 0..200 {
        c.send(&"[1|".repeat(1000));
    }
    c.send("close");
    let (stdout, stderr) = finished(h);
    let shown = stderr.lines().filter(|l| l.contains("malformed")).count();
    assert!((1..=10).contains(&shown), "{shown} lines:\n{stderr}");
    assert!(stderr.contains("more"), "{stderr}");
    assert!(stdout.contains("malformed"), "{stdout}");
}

#[test]
fn connect_ends_cleanly_when_the_connection_drops_or_on_ctrl_c() {
    // The server leaves in the middle of a game.
    let l = TcpListener::bind("127.0.0.1:0").unwrap();
    let port = l.local_addr().unwrap().port();
    let h = connect(port, &["--name", "tester"]);
    let mut c = Conn::accept(&l);
    let b = Board::startpos();
    c.send(&turn_text(&b, 5));
    c.answer(&b, 5);
    drop(c);
    let (stdout, _) = finished(h);
    assert!(
        stdout.contains("game 1: tester (red) unfinished (the connection ended)")
            && stdout.contains("the connection ended; 1 games: 0 won"),
        "{stdout}"
    );

    // Ctrl-C while waiting for the server.
    let l = TcpListener::bind("127.0.0.1:0").unwrap();
    let port = l.local_addr().unwrap().port();
    let child = Command::new(EWN)
        .args(["connect", &format!("127.0.0.1:{port}"), "--name", "tester"])
        .args(["--movetime", "20", "--hash", "8"])
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .unwrap();
    let pid = child.id() as libc::pid_t;
    let mut c = Conn::accept(&l);
    c.send(&turn_text(&b, 2));
    c.answer(&b, 2);
    // SAFETY: sends SIGINT to the child this test started.
    unsafe {
        libc::kill(pid, libc::SIGINT);
    }
    let out = child.wait_with_output().unwrap();
    let stdout = String::from_utf8(out.stdout).unwrap();
    assert!(out.status.success(), "{stdout}");
    assert!(
        stdout.contains("unfinished (interrupted)") && stdout.contains("interrupted; 1 games"),
        "{stdout}"
    );
}

/// How a fake client of `ewn serve --battle` behaves.
#[derive(Clone, Copy, Debug, PartialEq)]
enum Client {
    /// Answers with a legal move, each answer in two writes.
    Splits,
    /// Answers with a legal move and a stray line end and junk in the same write.
    Joins,
    /// Sends its name and each answer with a NUL and NUL padding to 1024 bytes, as the courses'
    /// published C++ client does.
    Pads,
    /// Answers garbage to its first board, then plays.
    Garbage,
    /// Sends 100 KiB of line ends unasked after its first answer, then plays.
    Floods,
    /// Does not answer its first board, then plays.
    StallsOnce,
    /// Answers its first board, then leaves.
    Leaves,
}

/// Plays as `how` until `close` or the end of the connection; the boards it was sent.
fn client(port: u16, name: &str, how: Client) -> thread::JoinHandle<usize> {
    let name = name.to_string();
    thread::spawn(move || {
        let mut s = TcpStream::connect(("127.0.0.1", port)).unwrap();
        s.set_read_timeout(Some(Duration::from_millis(100)))
            .unwrap();
        let padded = |text: &str| {
            let mut v = text.as_bytes().to_vec();
            v.resize(1024, 0);
            v
        };
        if how == Client::Pads {
            s.write_all(&padded(&name)).unwrap();
        } else {
            s.write_all(format!("{name}\n").as_bytes()).unwrap();
        }
        let mut buf = Vec::new();
        let mut boards = 0;
        let mut settled = false;
        let started = Instant::now();
        loop {
            assert!(
                started.elapsed() < Duration::from_secs(300),
                "the event hangs"
            );
            match decode_server(&buf, settled) {
                Decoded::Done(ServerMsg::Close, _) => return boards,
                Decoded::Done(ServerMsg::Turn { board, die }, used) => {
                    buf.drain(..used);
                    boards += 1;
                    let m = board.moves_for_die(die).as_slice()[0];
                    let text = answer_text(&board, m);
                    let first = boards == 1;
                    match how {
                        Client::Splits => {
                            let (a, b) = text.split_at(2);
                            s.write_all(a.as_bytes()).unwrap();
                            thread::sleep(Duration::from_millis(5));
                            s.write_all(b.as_bytes()).unwrap();
                        }
                        Client::Joins => {
                            s.write_all(format!("{text}\r\nzz").as_bytes()).unwrap();
                        }
                        Client::Pads => s.write_all(&padded(text.trim_end())).unwrap(),
                        Client::Garbage if first => s.write_all(b"what is this?\n").unwrap(),
                        Client::StallsOnce if first => {}
                        Client::Floods if first => {
                            s.write_all(text.as_bytes()).unwrap();
                            let _ = s.write_all(&vec![b'\n'; 100 * 1024]);
                        }
                        Client::Leaves if !first => return boards,
                        _ => s.write_all(text.as_bytes()).unwrap(),
                    }
                    continue;
                }
                Decoded::Bad(why, _) => panic!("the server sent a bad message: {why}"),
                Decoded::Need => {}
            }
            let mut tmp = [0u8; 4096];
            match s.read(&mut tmp) {
                Ok(0) => return boards,
                Ok(n) => {
                    buf.extend_from_slice(&tmp[..n]);
                    settled = false;
                }
                Err(_) => settled = true,
            }
        }
    })
}

/// `ewn serve --battle <addr>` with `args`; its port, which must be on loopback.
fn serve(addr: &str, args: &[&str]) -> (Engine, u16) {
    let mut all = vec!["serve", "--battle", addr];
    all.extend_from_slice(args);
    let e = Engine::start(&all);
    let first = e.next().expect("the address");
    let port = first
        .strip_prefix("listening on 127.0.0.1:")
        .unwrap_or_else(|| panic!("not on loopback: {first}"))
        .parse()
        .unwrap();
    (e, port)
}

/// Starts the clients one at a time, each after the previous one has joined, so that they join
/// in this order; their threads.
fn join(e: &Engine, port: u16, clients: &[(&str, Client)]) -> Vec<thread::JoinHandle<usize>> {
    clients
        .iter()
        .map(|&(name, how)| {
            let h = client(port, name, how);
            let line = e.next().unwrap();
            assert!(line.contains(&format!(": {name}")), "{line}");
            h
        })
        .collect()
}

/// Every line the server prints until it exits.
fn rest(e: &mut Engine) -> String {
    let (lines, _) = e.wait_exit(Duration::from_secs(300));
    lines.join("\n")
}

#[test]
fn a_round_robin_survives_clients_that_misbehave() {
    let rec = temp_path("battle", "rr.txt");
    let path = rec.to_str().unwrap();
    let args = argv("--players 6 --games 2 --movetime 3000 --record", &[path]);
    let (mut e, port) = serve("127.0.0.1:0", &args);
    let kinds = [
        ("splits", Client::Splits),
        ("joins", Client::Joins),
        ("garbage", Client::Garbage),
        ("floods", Client::Floods),
        ("stalls", Client::StallsOnce),
        ("leaves", Client::Leaves),
    ];
    let clients: Vec<_> = kinds
        .iter()
        .map(|&(name, how)| {
            let h = client(port, name, how);
            // One at a time, so that the names join in this order.
            let line = e.next().unwrap();
            assert!(
                line.contains(&format!(": {name} from 127.0.0.1:")),
                "{line}"
            );
            h
        })
        .collect();
    // No seventh client: the listener is gone once six have joined.
    let deadline = Instant::now() + LONG;
    while TcpStream::connect(("127.0.0.1", port)).is_ok() {
        assert!(Instant::now() < deadline, "a seventh client was accepted");
        thread::sleep(Duration::from_millis(20));
    }
    for h in clients {
        h.join().unwrap();
    }
    let out = rest(&mut e);
    assert_eq!(
        out.lines().filter(|l| l.starts_with("game ")).count(),
        30,
        "{out}"
    );
    assert!(
        out.contains("Standings") && out.contains("Games 30, 6 players"),
        "{out}"
    );
    let games = parse_records(&std::fs::read_to_string(&rec).unwrap()).unwrap();
    assert_eq!(games.len(), 30);
    let lost_by = |name: &str, r: Reason| {
        games
            .iter()
            .filter(|g| {
                g.reason == r
                    && g.winner
                        .is_some_and(|w| (if w == Color::Red { &g.blue } else { &g.red }) == name)
            })
            .count()
    };
    assert!(lost_by("garbage", Reason::Malformed) >= 1, "{out}");
    assert!(lost_by("floods", Reason::Malformed) >= 1, "{out}");
    assert_eq!(lost_by("stalls", Reason::Time), 1, "{out}");
    // A loss on time comes with the knob that helps on a busy machine.
    assert!(out.contains("give a larger --grace"), "{out}");
    assert!(lost_by("leaves", Reason::Crash) >= 1, "{out}");
    for good in ["splits", "joins"] {
        for r in [
            Reason::Malformed,
            Reason::Time,
            Reason::Crash,
            Reason::Illegal,
        ] {
            assert_eq!(lost_by(good, r), 0, "{good} {r}: {out}");
        }
    }
    for g in &games {
        g.replay().unwrap();
    }
    // The records are a match `ewn stats` reads.
    let stats = common::run_ok(&["stats", rec.to_str().unwrap()]);
    assert!(stats.contains("Games 30, 6 players"), "{stats}");
}

#[test]
fn silent_connections_keep_no_client_waiting() {
    // Ten minutes for a name: before names were waited for concurrently, each silent
    // connection held the door that long.
    let args = ["--players", "2", "--games", "2", "--name-wait", "600000"];
    let (mut e, port) = serve("127.0.0.1:0", &args);
    let silent: Vec<TcpStream> = (0..3)
        .map(|_| TcpStream::connect(("127.0.0.1", port)).unwrap())
        .collect();
    for h in join(&e, port, &[("a", Client::Splits), ("b", Client::Splits)]) {
        assert!(h.join().unwrap() > 0);
    }
    let out = rest(&mut e);
    assert!(out.contains("Games 2: "), "{out}");
    drop(silent);
}

#[test]
fn knockout_and_judge_events() {
    let args = ["--players", "3", "--games", "2", "--tournament", "knockout"];
    let (mut e, port) = serve("127.0.0.1:0", &args);
    let abc = [
        ("a", Client::Splits),
        ("b", Client::Splits),
        ("c", Client::Splits),
    ];
    for h in join(&e, port, &abc) {
        assert!(h.join().unwrap() > 0);
    }
    let out = rest(&mut e);
    assert!(
        out.contains("knockout round 1") && out.contains("c has a bye"),
        "{out}"
    );
    assert!(out.contains("Knockout winner: "), "{out}");

    // Each client against this engine, which wins against first-move clients.
    let rec = temp_path("battle", "judge.txt");
    // A bare port is on loopback.
    let args = argv(
        "--players 2 --judge --judge-movetime 20 --record",
        &[rec.to_str().unwrap()],
    );
    let (mut e, port) = serve("0", &args);
    for h in join(&e, port, &[("x", Client::Joins), ("y", Client::Pads)]) {
        assert!(h.join().unwrap() > 0);
    }
    let out = rest(&mut e);
    let games = parse_records(&std::fs::read_to_string(&rec).unwrap()).unwrap();
    assert_eq!(games.len(), 4, "{out}");
    for g in &games {
        assert!(g.red == "ewn" || g.blue == "ewn");
        // Padded and joined answers are answers.
        assert!(g.reason.is_normal(), "{g:?}");
        g.replay().unwrap();
    }
    assert!(out.contains("ewn "), "{out}");

    // Another judge, named as given.
    let args = ["--players", "1", "--judge", "--judge-engine", "greedy"];
    let (mut e, port) = serve("127.0.0.1:0", &args);
    for h in join(&e, port, &[("greedy", Client::Splits)]) {
        h.join().unwrap();
    }
    let out = rest(&mut e);
    assert!(
        out.contains("Games 2: greedy (2) ") && out.contains(" greedy\n"),
        "{out}"
    );
}

#[test]
fn connect_against_serve_agrees_on_every_result() {
    let rec = temp_path("battle", "both.txt");
    let args = argv("--players 2 --games 4 --record", &[rec.to_str().unwrap()]);
    let (mut e, port) = serve("127.0.0.1:0", &args);
    let a = connect(port, &["--name", "alice"]);
    e.next().unwrap();
    let b = connect(port, &["--name", "bob"]);
    e.next().unwrap();
    let (a_out, _) = finished(a);
    let (b_out, _) = finished(b);
    rest(&mut e);
    let games = parse_records(&std::fs::read_to_string(&rec).unwrap()).unwrap();
    assert_eq!(games.len(), 4);
    // Without faults every inferred result is the true one.
    for (out, name) in [(&a_out, "alice"), (&b_out, "bob")] {
        let lines: Vec<&str> = out.lines().filter(|l| l.starts_with("game ")).collect();
        assert_eq!(lines.len(), 4, "{out}");
        for (g, line) in games.iter().zip(&lines) {
            assert!(g.reason.is_normal(), "{g:?}");
            let won = g
                .winner
                .is_some_and(|w| (if w == Color::Red { &g.red } else { &g.blue }) == name);
            assert_eq!(line.contains(") won"), won, "{name}: {line}");
            assert!(!line.contains("unfinished"), "{line}");
        }
    }
}

#[test]
fn more_silent_connections_than_handshakes_keep_no_client_waiting() {
    // More silent connections than the server reads names at once (64), then two clients. The
    // silent ones are held apart from the name wait, so the clients are admitted while every
    // silent connection still waits: no name wait runs out before them (when connections waited
    // in batches of 64, the first batch's 64 waits ran out first).
    let log = temp_path("battle", "silent-log.txt");
    let mut child = Command::new(EWN)
        .args([
            "serve",
            "--battle",
            "127.0.0.1:0",
            "--players",
            "2",
            "--games",
            "2",
            "--name-wait",
            "60000",
        ])
        .env("RUST_LOG", "warn")
        .stdin(Stdio::null())
        .stdout(Stdio::piped())
        .stderr(std::fs::File::create(&log).unwrap())
        .spawn()
        .unwrap();
    let mut lines = std::io::BufReader::new(child.stdout.take().unwrap()).lines();
    let first = lines.next().unwrap().unwrap();
    let port: u16 = first
        .strip_prefix("listening on 127.0.0.1:")
        .unwrap()
        .parse()
        .unwrap();
    let silent: Vec<TcpStream> = (0..100)
        .map(|_| TcpStream::connect(("127.0.0.1", port)).unwrap())
        .collect();
    let mut clients = Vec::new();
    for name in ["a", "b"] {
        clients.push(client(port, name, Client::Splits));
        let line = lines.next().unwrap().unwrap();
        assert!(line.contains(&format!(": {name} from")), "{line}");
    }
    for h in clients {
        assert!(h.join().unwrap() > 0);
    }
    let out: Vec<String> = lines.map(Result::unwrap).collect();
    assert!(child.wait().unwrap().success());
    assert!(out.iter().any(|l| l.starts_with("Games 2: ")), "{out:?}");
    drop(silent);
    let log = std::fs::read_to_string(&log).unwrap();
    assert_eq!(log.matches("sent no name").count(), 0, "{log}");
}
