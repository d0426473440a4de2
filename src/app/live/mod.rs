//! The live page of a match for the hall (`ewn match --live ADDR`): one read-only page that shows
//! the standings and every game in progress (board, clocks, die, the engines' reported win
//! chances), drawn with the arena's board drawing and updated as moves are played.
//!
//! It serves only GET (and HEAD): the page, its files and `/api/live`, the view the referee keeps
//! in a [`Hall`]. Nothing it accepts changes anything, so it needs no token; it listens on the
//! loopback address unless the organiser names another one.

use std::net::{SocketAddr, TcpListener, ToSocketAddrs};

use anyhow::{Context, Result};
use tiny_http::{Header, Request, Response, Server};

use crate::referee::hall::Hall;

const LIVE_HTML: &str = include_str!("assets/live.html");
const LIVE_JS: &str = include_str!("assets/live.js");
const LIVE_CSS: &str = include_str!("assets/live.css");
const BOARD_JS: &str = include_str!("../gui/assets/board.js");
const APP_CSS: &str = include_str!("../gui/assets/app.css");
const FAVICON: &str = "<svg xmlns='http://www.w3.org/2000/svg' viewBox='0 0 16 16'><rect x='1' y='1' width='14' height='14' rx='3' fill='#2a62c4'/><circle cx='8' cy='8' r='1.6' fill='#fff'/></svg>";

/// `PORT` (on 127.0.0.1) or `HOST:PORT` as the organiser gives it.
pub fn address(s: &str) -> Result<SocketAddr> {
    let s = s.trim();
    if let Ok(port) = s.parse::<u16>() {
        return Ok(SocketAddr::from(([127, 0, 0, 1], port)));
    }
    s.to_socket_addrs()
        .with_context(|| format!("--live '{s}': expected PORT or HOST:PORT"))?
        .next()
        .with_context(|| format!("--live '{s}': no such address"))
}

/// Binds `addr` and serves the page on a thread of its own for as long as the process lives.
/// The address it listens on (with the port chosen when 0 was given).
pub fn start(addr: SocketAddr, hall: Hall) -> Result<SocketAddr> {
    let listener =
        TcpListener::bind(addr).with_context(|| format!("--live: listening on {addr}"))?;
    let bound = listener.local_addr()?;
    let server = Server::from_listener(listener, None)
        .map_err(|e| anyhow::anyhow!("starting the live page's server: {e}"))?;
    std::thread::Builder::new()
        .name("live-page".into())
        .spawn(move || {
            for rq in server.incoming_requests() {
                respond(rq, &hall);
            }
        })
        .context("starting the live page's thread")?;
    Ok(bound)
}

fn header(name: &str, value: &str) -> Header {
    Header::from_bytes(name.as_bytes(), value.as_bytes()).expect("valid header")
}

fn respond(rq: Request, hall: &Hall) {
    let method = rq.method().as_str().to_string();
    let url = rq.url().to_string();
    let path = url.split(['?', '#']).next().unwrap_or("");
    let (code, ct, body) = if method != "GET" && method != "HEAD" {
        (
            405,
            "text/plain; charset=utf-8",
            "the live page is read-only: only GET\n".to_string(),
        )
    } else {
        match path {
            "/" | "/index.html" => (200, "text/html; charset=utf-8", LIVE_HTML.to_string()),
            "/live.js" => (200, "text/javascript; charset=utf-8", LIVE_JS.to_string()),
            "/board.js" => (200, "text/javascript; charset=utf-8", BOARD_JS.to_string()),
            "/live.css" => (200, "text/css; charset=utf-8", LIVE_CSS.to_string()),
            "/app.css" => (200, "text/css; charset=utf-8", APP_CSS.to_string()),
            "/favicon.svg" | "/favicon.ico" => (200, "image/svg+xml", FAVICON.to_string()),
            "/api/live" => (
                200,
                "application/json",
                serde_json::to_string(&hall.view()).unwrap_or_else(|_| "{}".into()),
            ),
            _ => (
                404,
                "text/plain; charset=utf-8",
                "no such page\n".to_string(),
            ),
        }
    };
    let mut resp = Response::from_data(body.into_bytes())
        .with_chunked_threshold(usize::MAX)
        .with_status_code(code)
        .with_header(header("Content-Type", ct))
        .with_header(header("Cache-Control", "no-store"))
        .with_header(header("X-Content-Type-Options", "nosniff"));
    if code == 405 {
        resp = resp.with_header(header("Allow", "GET, HEAD"));
    }
    if let Err(e) = rq.respond(resp) {
        log::debug!("live page: answer not delivered: {e}");
    }
}
