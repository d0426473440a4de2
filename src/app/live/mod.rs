//! The live page of a match for the hall (`ewn match --live ADDR`): one read-only page that shows
//! the standings and every game in progress (board, clocks, die, the engines' reported win
//! chances), drawn with the arena's board drawing and updated as moves are played.
//!
//! It serves only GET (and HEAD): the page, its files and `/api/live`, the view the referee keeps
//! in a [`Hall`], as `view` shows it to a page. Nothing it accepts changes anything, so it needs no token; it listens on the
//! loopback address unless the organiser names another one.
//!
//! The transport is [`crate::app::http`], with the limits below: a hall of spectators, and
//! connections kept well inside the runner's file descriptors, which its engines need. A client,
//! however hostile, costs the match nothing but a few of these connections.

pub mod view;

use std::io;
use std::net::{IpAddr, SocketAddr, TcpListener, ToSocketAddrs, UdpSocket};
use std::sync::Arc;

use crate::app::http::{self, Head, Limits, Reply, Site, Step};
use crate::referee::hall::Hall;

const LIVE_HTML: &str = include_str!("assets/live.html");
const LIVE_JS: &str = include_str!("assets/live.js");
const LIVE_TEXT_JS: &str = include_str!("assets/live-text.js");
const LIVE_TABLES_JS: &str = include_str!("assets/live-tables.js");
const LIVE_FINAL_JS: &str = include_str!("assets/live-final.js");
const LIVE_REPLAY_JS: &str = include_str!("assets/live-replay.js");
const LIVE_CSS: &str = include_str!("assets/live.css");
const BOARD_JS: &str = include_str!("../gui/assets/board.js");
const APP_CSS: &str = include_str!("../gui/assets/app.css");
const FAVICON: &str = "<svg xmlns='http://www.w3.org/2000/svg' viewBox='0 0 16 16'><rect x='1' y='1' width='14' height='14' rx='3' fill='#2a62c4'/><circle cx='8' cy='8' r='1.6' fill='#fff'/></svg>";

/// What stops the live page before the match: its address or its server.
#[derive(Debug, thiserror::Error)]
pub enum LiveError {
    #[error("--live '{given}': expected PORT or HOST:PORT ({error})")]
    Address { given: String, error: io::Error },
    #[error("--live '{0}': no such address")]
    NoAddress(String),
    #[error("--live: listening on {addr}: {error}")]
    Listen { addr: SocketAddr, error: io::Error },
    #[error("--live: starting the live page's thread: {0}")]
    Thread(io::Error),
    #[error("--live: {0}")]
    Serve(#[from] http::ServeError),
}

/// `PORT` (on 127.0.0.1) or `HOST:PORT` as the organiser gives it.
pub fn address(s: &str) -> Result<SocketAddr, LiveError> {
    let s = s.trim();
    if let Ok(port) = s.parse::<u16>() {
        return Ok(SocketAddr::from(([127, 0, 0, 1], port)));
    }
    s.to_socket_addrs()
        .map_err(|error| LiveError::Address {
            given: s.to_string(),
            error,
        })?
        .next()
        .ok_or_else(|| LiveError::NoAddress(s.to_string()))
}

/// What the live page accepts: no bodies at all, and connections well inside the runner's
/// descriptors (further capped at a quarter of its limit), for a hall of screens and phones.
pub fn limits() -> Limits {
    Limits {
        max_connections: 128,
        max_body: 0,
        ..Limits::default()
    }
}

/// The least time the page is still served after the match, so that every open screen polls
/// the final view a few times (it polls every 0.2 s) before the process ends.
pub const MIN_LINGER: std::time::Duration = std::time::Duration::from_secs(2);

/// Waits `how_long` (at least [`MIN_LINGER`]) after the match, the page still served, so that
/// the final view reaches every open screen (which then keeps it) and can still be opened or
/// reloaded; the organiser is told on standard error, and Ctrl-C ends it sooner. Meanwhile any
/// engine process that ended without being waited for is reaped, so that the runner keeps no
/// defunct children while it shows the final screen.
pub fn linger(how_long: std::time::Duration) {
    let how_long = how_long.max(MIN_LINGER);
    eprintln!(
        "the live page shows the final screen for {} s more (Ctrl-C ends it)",
        how_long.as_secs()
    );
    let until = std::time::Instant::now() + how_long;
    loop {
        crate::players::reaper::reap_strays();
        let left = until.saturating_duration_since(std::time::Instant::now());
        if left.is_zero() {
            break;
        }
        std::thread::sleep(left.min(std::time::Duration::from_millis(500)));
    }
}

/// The line that tells the organiser where the page is. An address that stands for every
/// address of the machine (`0.0.0.0`, `::`) is no address to open: the line names the
/// machine's own network address, as another machine opens it, and this machine's loopback.
pub fn where_to_open(bound: SocketAddr) -> String {
    if !bound.ip().is_unspecified() {
        return format!("live page at http://{bound}/");
    }
    let port = bound.port();
    let here = SocketAddr::new(
        if bound.is_ipv4() {
            IpAddr::from([127, 0, 0, 1])
        } else {
            IpAddr::from(std::net::Ipv6Addr::LOCALHOST)
        },
        port,
    );
    match network_address(bound.ip()) {
        Some(ip) => format!(
            "live page at http://{}/ (listening on {bound}, every address of this machine; \
             on this machine also http://{here}/)",
            SocketAddr::new(ip, port)
        ),
        None => format!(
            "live page at http://{here}/ (listening on {bound}, every address of this machine: \
             from another machine open this machine's network address, port {port})"
        ),
    }
}

/// The machine's own address on the network, of `unspecified`'s family: the local address of
/// a UDP socket "connected" to an address outside (one of the ranges kept for documentation),
/// which only chooses a route; no packet is sent.
fn network_address(unspecified: IpAddr) -> Option<IpAddr> {
    let (local, outside): (SocketAddr, SocketAddr) = if unspecified.is_ipv4() {
        (([0, 0, 0, 0], 0).into(), ([192, 0, 2, 1], 9).into())
    } else {
        (
            (std::net::Ipv6Addr::UNSPECIFIED, 0).into(),
            ("2001:db8::1".parse::<std::net::Ipv6Addr>().ok()?, 9).into(),
        )
    };
    let socket = UdpSocket::bind(local).ok()?;
    socket.connect(outside).ok()?;
    let ip = socket.local_addr().ok()?.ip();
    (!ip.is_unspecified() && !ip.is_loopback()).then_some(ip)
}

/// Binds `addr` and serves the page on a thread of its own for as long as the process lives.
/// The address it listens on (with the port chosen when 0 was given).
pub fn start(addr: SocketAddr, hall: Hall) -> Result<SocketAddr, LiveError> {
    let listen = |error| LiveError::Listen { addr, error };
    let listener = TcpListener::bind(addr).map_err(listen)?;
    let bound = listener.local_addr().map_err(listen)?;
    let limits = limits();
    let rt = http::runtime(&limits, "live-http")?;
    std::thread::Builder::new()
        .name("live-page".into())
        .spawn(move || {
            if let Err(e) = http::serve(&rt, listener, limits, Arc::new(LivePage { hall })) {
                log::error!("the live page stopped: {e:#}");
            }
        })
        .map_err(LiveError::Thread)?;
    Ok(bound)
}

struct LivePage {
    hall: Hall,
}

fn text(code: u16, msg: &str) -> Reply {
    Reply::new(code, "text/plain; charset=utf-8", format!("{msg}\n"))
}

impl Site for LivePage {
    fn head(&self, rq: &Head) -> Step {
        if rq.method != "GET" && rq.method != "HEAD" {
            return Step::Reply(
                text(405, "the live page is read-only: only GET").with_header("Allow", "GET, HEAD"),
            );
        }
        let (ct, body) = match rq.path.as_str() {
            "/" | "/index.html" => ("text/html; charset=utf-8", LIVE_HTML),
            "/live.js" => ("text/javascript; charset=utf-8", LIVE_JS),
            "/live-text.js" => ("text/javascript; charset=utf-8", LIVE_TEXT_JS),
            "/live-tables.js" => ("text/javascript; charset=utf-8", LIVE_TABLES_JS),
            "/live-final.js" => ("text/javascript; charset=utf-8", LIVE_FINAL_JS),
            "/live-replay.js" => ("text/javascript; charset=utf-8", LIVE_REPLAY_JS),
            "/board.js" => ("text/javascript; charset=utf-8", BOARD_JS),
            "/live.css" => ("text/css; charset=utf-8", LIVE_CSS),
            "/app.css" => ("text/css; charset=utf-8", APP_CSS),
            "/favicon.svg" | "/favicon.ico" => ("image/svg+xml", FAVICON),
            // The view takes the hall's lock: on a blocking thread.
            "/api/live" => return Step::NoBody,
            _ => return Step::Reply(text(404, "no such page")),
        };
        Step::Reply(Reply::new(200, ct, body))
    }

    fn answer(&self, _rq: &Head, _body: &[u8]) -> Reply {
        Reply::new(
            200,
            "application/json",
            serde_json::to_string(&view::hall_view(&self.hall.snapshot()))
                .unwrap_or_else(|_| "{}".into()),
        )
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_named_address_is_printed_as_given() {
        let a: SocketAddr = "127.0.0.1:4321".parse().unwrap();
        assert_eq!(where_to_open(a), "live page at http://127.0.0.1:4321/");
    }

    /// `0.0.0.0` is no address to open: the line's link names a real one (the machine's own, or
    /// the loopback when it has no route out), and still says what it listens on.
    #[test]
    fn every_address_is_printed_as_one_to_open() {
        let a: SocketAddr = "0.0.0.0:4321".parse().unwrap();
        let line = where_to_open(a);
        let url = line
            .strip_prefix("live page at http://")
            .and_then(|r| r.split('/').next())
            .expect("a link first");
        let ip: SocketAddr = url.parse().expect("an address in the link");
        assert!(!ip.ip().is_unspecified(), "{line}");
        assert_eq!(ip.port(), 4321);
        assert!(line.contains("listening on 0.0.0.0:4321"), "{line}");
    }
}
