//! Hostile clients against both HTTP servers, the arena (`ewn gui`) and the hall's live page
//! (`ewn match --live`): a huge declared body, a body promised and never sent, headers half
//! sent, duplicate `Host` and `Origin` headers, a client that pipelines requests and reads nothing, a few hundred idle connections and
//! huge header lines. After each, the server must still answer an ordinary request, and the
//! match behind the live page must still finish without a forfeit.
//!
//! The servers run with a limit of 512 file descriptors, so that connections which held
//! descriptors without bound would show here as they would in a hall (where ~600 idle
//! connections took a runner's 1024 and its engines could not start).
//!
//! An answer is waited for up to [`ANSWER`]: the servers answer within milliseconds, and the
//! bound only tells a server that stopped answering from a busy machine. The times seen are
//! printed (`--nocapture`).

use crate::common;

use std::io::{Read, Write};
use std::net::TcpStream;
use std::os::unix::process::CommandExt;
use std::process::{Child, Command, Stdio};
use std::time::{Duration, Instant};

use ewn::record::{Reason, parse_records};

/// Longest wait for an ordinary answer while the server is under attack.
const ANSWER: Duration = Duration::from_secs(10);
/// The servers' descriptor limit in these tests.
const FD_LIMIT: libc::rlim_t = 512;
/// Idle connections opened at once.
const IDLE: usize = 300;

/// A server under test: its process and where it listens.
struct Target {
    child: Child,
    port: u16,
    /// The arena's token (empty for the live page).
    token: String,
    name: &'static str,
}

impl Drop for Target {
    fn drop(&mut self) {
        let _ = self.child.kill();
        let _ = self.child.wait();
    }
}

/// `ewn <args>` with at most [`FD_LIMIT`] descriptors.
fn command(args: &[&str]) -> Command {
    let mut cmd = Command::new(common::EWN);
    cmd.args(args);
    // SAFETY: setrlimit is async-signal-safe and touches only the child.
    unsafe {
        cmd.pre_exec(|| {
            let lim = libc::rlimit {
                rlim_cur: FD_LIMIT,
                rlim_max: FD_LIMIT,
            };
            if libc::setrlimit(libc::RLIMIT_NOFILE, &lim) != 0 {
                return Err(std::io::Error::last_os_error());
            }
            Ok(())
        });
    }
    cmd
}

fn start_gui() -> Target {
    let mut child = command(&["gui", "--port", "0"])
        .stdout(Stdio::piped())
        .stderr(Stdio::null())
        .spawn()
        .expect("start ewn gui");
    let (port, token) = common::gui_address(&mut child);
    Target {
        child,
        port,
        token,
        name: "gui",
    }
}

/// A match of this engine's program (a process per game, which needs descriptors) against
/// greedy, with its live page; `record` receives the games.
fn start_match(games: u32, record: &std::path::Path) -> Target {
    let games = games.to_string();
    let mut child = command(&[
        "match",
        "--engine",
        "self",
        "--opponent",
        "greedy",
        "--games",
        &games,
        "--movetime",
        "60",
        "--grace",
        "20000",
        "--quiet",
        "--record",
        record.to_str().unwrap(),
        "--live",
        "0",
        "--live-linger",
        "0",
    ])
    .stdout(Stdio::null())
    .stderr(Stdio::piped())
    .spawn()
    .expect("start ewn match");
    let port = common::live_address(&mut child);
    Target {
        child,
        port,
        token: String::new(),
        name: "live",
    }
}

fn connect(port: u16) -> TcpStream {
    let s = TcpStream::connect(("127.0.0.1", port)).expect("connect");
    s.set_read_timeout(Some(ANSWER)).unwrap();
    s.set_write_timeout(Some(ANSWER)).unwrap();
    s
}

/// The status of the answer on `s` (reads to the end of the connection or `ANSWER`).
fn status(s: &mut TcpStream) -> Option<u16> {
    let mut resp = Vec::new();
    let _ = s.read_to_end(&mut resp);
    let text = String::from_utf8_lossy(&resp);
    text.split_whitespace().nth(1)?.parse().ok()
}

/// An ordinary request on a new connection must be answered with 200 within [`ANSWER`]. The
/// time it took.
fn answers(t: &Target, after: &str, times: &mut Vec<(String, Duration)>) {
    let path = if t.name == "gui" {
        "/api/state"
    } else {
        "/api/live"
    };
    let start = Instant::now();
    let code = TcpStream::connect(("127.0.0.1", t.port))
        .ok()
        .and_then(|mut s| {
            s.set_read_timeout(Some(ANSWER)).unwrap();
            let rq = format!(
                "GET {path} HTTP/1.1\r\nHost: 127.0.0.1:{}\r\nConnection: close\r\n\r\n",
                t.port
            );
            s.write_all(rq.as_bytes()).ok()?;
            status(&mut s)
        });
    let took = start.elapsed();
    assert_eq!(
        code,
        Some(200),
        "{}: no answer to GET {path} after {after} ({took:?})",
        t.name
    );
    assert!(
        took < ANSWER,
        "{}: {after}: answered after {took:?}",
        t.name
    );
    times.push((after.to_string(), took));
}

/// The resident memory of the server, in KiB.
fn rss_kib(t: &Target) -> u64 {
    let status = std::fs::read_to_string(format!("/proc/{}/status", t.child.id())).unwrap();
    status
        .lines()
        .find_map(|l| l.strip_prefix("VmRSS:"))
        .and_then(|v| v.split_whitespace().next()?.parse().ok())
        .unwrap_or(0)
}

/// True when the server closed `s` (an end of stream or a reset) within `wait`.
fn closed_within(s: &mut TcpStream, wait: Duration) -> bool {
    s.set_read_timeout(Some(wait)).unwrap();
    let mut buf = [0u8; 4096];
    loop {
        match s.read(&mut buf) {
            Ok(0) => return true,
            Ok(_) => continue,
            Err(e)
                if matches!(
                    e.kind(),
                    std::io::ErrorKind::WouldBlock | std::io::ErrorKind::TimedOut
                ) =>
            {
                return false;
            }
            Err(_) => return true,
        }
    }
}

/// True when `attack` is to run: all of them, unless `EWN_HOSTILE` names some (comma-separated:
/// `idle`, `duplicate-headers`, `huge-body`, `stalled-body`, `half-headers`, `pipeliner`, `huge-headers`,
/// `idle-close`), to try one attack against another build.
fn chosen(attack: &str) -> bool {
    std::env::var("EWN_HOSTILE")
        .ok()
        .is_none_or(|v| v.split(',').any(|a| a.trim() == attack))
}

/// Every attack in turn against `t`; each leaves its connections open while the server is
/// asked for an ordinary answer.
fn attack(t: &Target) {
    let port = t.port;
    let host = format!("Host: 127.0.0.1:{port}\r\n");
    let post_path = if t.name == "gui" {
        "/api/roll"
    } else {
        "/api/live"
    };
    let token = format!("X-Ewn-Token: {}\r\n", t.token);
    let mut times = Vec::new();
    answers(t, "nothing", &mut times);
    let rss_before = rss_kib(t);
    // Connections left open until the end.
    let mut keep: Vec<TcpStream> = Vec::new();

    if chosen("idle") {
        // A few hundred idle connections, all open at once.
        let idle: Vec<TcpStream> = (0..IDLE)
            .filter_map(|_| TcpStream::connect(("127.0.0.1", port)).ok())
            .collect();
        assert!(
            idle.len() > IDLE / 2,
            "{}: only {} connections opened",
            t.name,
            idle.len()
        );
        answers(t, "a few hundred idle connections", &mut times);
    }

    // Idle connections watched from here on: the server must close them by itself.
    let mut watched: Vec<TcpStream> = Vec::new();
    if chosen("idle-close") {
        watched = (0..4).map(|_| connect(port)).collect();
    }
    let watched_since = Instant::now();

    if chosen("duplicate-headers") {
        // A second `Host` or `Origin` after a good one: refused with 400 (RFC 9110), never
        // judged by the first alone.
        let get_path = if t.name == "gui" {
            "/api/state"
        } else {
            "/api/live"
        };
        let origin = format!("Origin: http://127.0.0.1:{port}\r\n");
        let twice = [
            format!("{host}Host: evil.example\r\n"),
            format!("{host}{origin}Origin: http://evil.example\r\n"),
        ];
        for extra in &twice {
            for (method, path, more) in [
                ("GET", get_path, String::new()),
                (
                    "POST",
                    post_path,
                    format!("{token}Content-Type: application/json\r\n"),
                ),
            ] {
                let mut s = connect(port);
                let rq = format!(
                    "{method} {path} HTTP/1.1\r\n{extra}{more}Content-Length: 2\r\nConnection: close\r\n\r\n{{}}"
                );
                s.write_all(rq.as_bytes()).unwrap();
                let code = status(&mut s);
                assert_eq!(
                    code,
                    Some(400),
                    "{}: {method} {path} with {extra:?} got {code:?}",
                    t.name
                );
            }
        }
        answers(t, "duplicate Host and Origin headers", &mut times);
    }

    if chosen("huge-body") {
        // A huge declared body, without the token: the answer comes and nothing is allocated.
        let mut s = connect(port);
        let rq = format!(
            "POST {post_path} HTTP/1.1\r\n{host}Content-Type: application/json\r\nContent-Length: 99999999999\r\n\r\n{{}}"
        );
        s.write_all(rq.as_bytes()).unwrap();
        let code = status(&mut s);
        assert!(
            code.is_some_and(|c| (400..500).contains(&c)),
            "{}: a huge declared body got {code:?}",
            t.name
        );
        answers(t, "a huge declared body", &mut times);
    }

    if chosen("stalled-body") {
        // A body promised (with the token, so the arena reads it) and never sent.
        let mut s = connect(port);
        let rq = format!(
            "POST {post_path} HTTP/1.1\r\n{host}{token}Content-Type: application/json\r\nContent-Length: 100000\r\n\r\n{{"
        );
        s.write_all(rq.as_bytes()).unwrap();
        keep.push(s);
        answers(t, "a stalled body", &mut times);
    }

    if chosen("half-headers") {
        // Headers half sent, on several connections.
        for _ in 0..16 {
            let mut s = connect(port);
            s.write_all(format!("GET / HTTP/1.1\r\n{host}X-Slow: aaaa").as_bytes())
                .unwrap();
            keep.push(s);
        }
        answers(t, "half-sent headers", &mut times);
    }

    let mut pipeliner = None;
    if chosen("pipeliner") {
        // A client that pipelines requests for the board drawing and reads nothing.
        let mut s = connect(port);
        s.set_write_timeout(Some(Duration::from_secs(3))).unwrap();
        let batch = format!("GET /board.js HTTP/1.1\r\n{host}\r\n").repeat(100);
        pipeliner = Some(std::thread::spawn(move || {
            // Until the server stops reading (its buffers and ours are full) or 2000 requests.
            for _ in 0..20 {
                if s.write_all(batch.as_bytes()).is_err() {
                    break;
                }
            }
            s
        }));
        std::thread::sleep(Duration::from_millis(500));
        answers(t, "a non-reading pipeliner", &mut times);
    }

    if chosen("huge-headers") {
        // Huge header lines, on 8 connections at once.
        let line = vec![b'a'; 1 << 20];
        let writers: Vec<_> = (0..8)
            .map(|_| {
                let mut s = connect(port);
                s.set_write_timeout(Some(Duration::from_secs(3))).unwrap();
                let head = format!("GET / HTTP/1.1\r\n{host}X-Huge: ");
                let line = line.clone();
                std::thread::spawn(move || {
                    if s.write_all(head.as_bytes()).is_ok() {
                        // Up to 16 MiB each, until the server refuses more.
                        for _ in 0..16 {
                            if s.write_all(&line).is_err() {
                                break;
                            }
                        }
                    }
                    s
                })
            })
            .collect();
        keep.extend(writers.into_iter().map(|w| w.join().unwrap()));
        answers(t, "huge header lines", &mut times);
    }
    let rss_after = rss_kib(t);

    // The idle connections are closed by the server, not kept for ever.
    for s in &mut watched {
        let left = Duration::from_secs(40).saturating_sub(watched_since.elapsed());
        assert!(
            closed_within(s, left),
            "{}: an idle connection is still open after {:?}",
            t.name,
            watched_since.elapsed()
        );
    }
    let idle_closed_after = watched_since.elapsed();
    answers(t, "all of it", &mut times);
    drop(keep);
    if let Some(p) = pipeliner {
        drop(p.join().unwrap());
    }

    for (after, took) in &times {
        eprintln!("{}: answered in {took:?} after {after}", t.name);
    }
    if !watched.is_empty() {
        eprintln!(
            "{}: idle connections closed within {idle_closed_after:?}",
            t.name
        );
    }
    eprintln!(
        "{}: memory {} MiB before, {} MiB after",
        t.name,
        rss_before / 1024,
        rss_after / 1024
    );
    assert!(
        rss_after < rss_before + 100 * 1024,
        "{}: memory grew from {rss_before} KiB to {rss_after} KiB",
        t.name
    );
}

#[test]
fn hostile_clients_leave_the_arena_serving() {
    let t = start_gui();
    attack(&t);
}

#[test]
fn hostile_clients_leave_the_live_page_serving_and_the_match_playing() {
    let record = common::temp_path("hostile", "live-record");
    let _ = std::fs::remove_file(&record);
    let games = 80;
    let mut t = start_match(games, &record);
    attack(&t);
    assert!(
        t.child.try_wait().unwrap().is_none(),
        "the match ended during the attacks: make it longer"
    );
    // The match goes on to its end, every game played out.
    let start = Instant::now();
    let status = loop {
        if let Some(st) = t.child.try_wait().unwrap() {
            break st;
        }
        assert!(
            start.elapsed() < Duration::from_secs(180),
            "the match did not finish"
        );
        std::thread::sleep(Duration::from_millis(100));
    };
    assert!(status.success(), "the match failed: {status:?}");
    let text = std::fs::read_to_string(&record).unwrap();
    let played = parse_records(&text).unwrap();
    assert_eq!(played.len(), games as usize);
    for g in &played {
        assert!(
            matches!(g.reason, Reason::Goal | Reason::Capture),
            "a game ended by {:?}",
            g.reason
        );
    }
}
