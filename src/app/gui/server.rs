//! The HTTP side: one listening socket on 127.0.0.1, the page's files from the binary, and
//! `/api/` handed to [`super::api`].
//!
//! Requests are answered one after another on the calling thread; none of them waits for an
//! engine (engines and the analysis run on threads of their own), so one thread serves the page
//! while engines think. A POST must be JSON and, when the browser says where it comes from, come
//! from this page: another web site open in the same browser cannot then drive the server (which
//! can start programs), and a `Host` other than this address (DNS rebinding) is refused too. Every
//! POST must also carry the run's secret token (printed in the address, as Jupyter does) in the
//! `X-Ewn-Token` header, so that another user or a script on the same machine cannot drive the
//! game: reading the state needs no token, changing it does.

use std::io::Read;
use std::net::TcpListener;
use std::panic::{AssertUnwindSafe, catch_unwind};

use anyhow::{Context, Result, bail};
use serde_json::json;
use tiny_http::{Header, Request, Response, Server};

use super::api;
use super::state::Shared;

/// Largest request body accepted (a record file of a long match fits easily).
pub const MAX_BODY: usize = 1 << 20;

const INDEX_HTML: &str = include_str!("assets/index.html");
const APP_JS: &str = include_str!("assets/app.js");
/// The board drawing alone, shared by every page that shows a position.
const BOARD_JS: &str = include_str!("assets/board.js");
const APP_CSS: &str = include_str!("assets/app.css");
/// The page's icon, also linked inline from the page, for clients that ask for the usual path.
const FAVICON: &str = "<svg xmlns='http://www.w3.org/2000/svg' viewBox='0 0 16 16'><rect x='1' y='1' width='14' height='14' rx='3' fill='#c0392b'/><circle cx='5' cy='5' r='1.6' fill='#fff'/><circle cx='11' cy='11' r='1.6' fill='#fff'/><circle cx='8' cy='8' r='1.6' fill='#fff'/></svg>";
/// The header that carries the run's token.
pub const TOKEN_HEADER: &str = "X-Ewn-Token";

/// Binds 127.0.0.1:`port` (0: any free port), with a clear error when the port is taken.
pub fn bind(port: u16) -> Result<TcpListener> {
    match TcpListener::bind(("127.0.0.1", port)) {
        Ok(l) => Ok(l),
        Err(e) if e.kind() == std::io::ErrorKind::AddrInUse => bail!(
            "port {port} on 127.0.0.1 is already in use (another `ewn gui`?); choose another with --port"
        ),
        Err(e) => Err(e).with_context(|| format!("listening on 127.0.0.1:{port}")),
    }
}

/// Serves until the process ends.
pub fn serve(listener: TcpListener, shared: Shared, token: &str) -> Result<()> {
    let port = listener.local_addr()?.port();
    let server = Server::from_listener(listener, None)
        .map_err(|e| anyhow::anyhow!("starting the HTTP server: {e}"))?;
    for rq in server.incoming_requests() {
        let answer = catch_unwind(AssertUnwindSafe(|| respond(rq, &shared, port, token)));
        if answer.is_err() {
            log::error!("a request handler panicked; the server goes on");
        }
    }
    Ok(())
}

fn header(name: &str, value: &str) -> Header {
    Header::from_bytes(name.as_bytes(), value.as_bytes()).expect("valid header")
}

fn get_header<'a>(rq: &'a Request, name: &str) -> Option<&'a str> {
    rq.headers()
        .iter()
        .find(|h| h.field.as_str().as_str().eq_ignore_ascii_case(name))
        .map(|h| h.value.as_str())
}

fn send(rq: Request, code: u16, content_type: &str, body: Vec<u8>) {
    // Always a Content-Length, never chunked: the simplest answer for any client.
    let resp = Response::from_data(body)
        .with_chunked_threshold(usize::MAX)
        .with_status_code(code)
        .with_header(header("Content-Type", content_type))
        .with_header(header("Cache-Control", "no-store"))
        .with_header(header("X-Content-Type-Options", "nosniff"));
    if let Err(e) = rq.respond(resp) {
        log::debug!("answer not delivered: {e}");
    }
}

fn send_json(rq: Request, code: u16, v: &serde_json::Value) {
    send(rq, code, "application/json", v.to_string().into_bytes());
}

fn send_error(rq: Request, code: u16, msg: &str) {
    send_json(rq, code, &json!({ "error": msg }));
}

/// Compares without stopping at the first difference, so the answer's timing tells nothing.
fn same_secret(a: &str, b: &str) -> bool {
    a.len() == b.len() && a.bytes().zip(b.bytes()).fold(0u8, |d, (x, y)| d | (x ^ y)) == 0
}

fn respond(mut rq: Request, shared: &Shared, port: u16, token: &str) {
    // HEAD is answered as GET; the HTTP layer leaves the body out.
    let method = match rq.method().as_str() {
        "HEAD" => "GET".to_string(),
        m => m.to_string(),
    };
    let url = rq.url().to_string();
    let path = url.split(['?', '#']).next().unwrap_or("").to_string();
    log::debug!("{method} {url}");
    let local = [format!("127.0.0.1:{port}"), format!("localhost:{port}")];
    if let Some(host) = get_header(&rq, "Host")
        && !local.iter().any(|l| l.eq_ignore_ascii_case(host.trim()))
    {
        return send_error(
            rq,
            403,
            "this server answers only to 127.0.0.1 and localhost",
        );
    }
    if !path.starts_with("/api/") {
        let (ct, body) = match (method.as_str(), path.as_str()) {
            ("GET", "/" | "/index.html") => ("text/html; charset=utf-8", INDEX_HTML),
            ("GET", "/app.js") => ("text/javascript; charset=utf-8", APP_JS),
            ("GET", "/board.js") => ("text/javascript; charset=utf-8", BOARD_JS),
            ("GET", "/app.css") => ("text/css; charset=utf-8", APP_CSS),
            ("GET", "/favicon.ico" | "/favicon.svg") => ("image/svg+xml", FAVICON),
            ("GET", _) => return send_error(rq, 404, &format!("no such page: {path}")),
            _ => return send_error(rq, 405, "only GET is allowed on pages"),
        };
        return send(rq, 200, ct, body.as_bytes().to_vec());
    }
    // Any API request a browser says comes from another site is refused, reads too.
    if let Some(origin) = get_header(&rq, "Origin").map(str::to_string) {
        let ok = local
            .iter()
            .any(|l| origin.trim().eq_ignore_ascii_case(&format!("http://{l}")));
        if !ok {
            return send_error(rq, 403, &format!("requests from {origin} are refused"));
        }
    }
    let mut body = Vec::new();
    if method == "POST" {
        if !get_header(&rq, TOKEN_HEADER).is_some_and(|t| same_secret(t.trim(), token)) {
            return send_error(
                rq,
                403,
                "this request needs the token of the address ewn gui printed: open that address",
            );
        }
        let json_type = get_header(&rq, "Content-Type").is_some_and(|ct| {
            ct.split(';')
                .next()
                .is_some_and(|t| t.trim().eq_ignore_ascii_case("application/json"))
        });
        if !json_type {
            return send_error(rq, 415, "send the request body as application/json");
        }
        if rq.body_length().is_some_and(|n| n > MAX_BODY) {
            return send_error(rq, 413, &format!("request body over {MAX_BODY} bytes"));
        }
        let read = rq
            .as_reader()
            .take(MAX_BODY as u64 + 1)
            .read_to_end(&mut body);
        if read.is_err() {
            return send_error(rq, 400, "the request body could not be read");
        }
        if body.len() > MAX_BODY {
            return send_error(rq, 413, &format!("request body over {MAX_BODY} bytes"));
        }
    }
    let (code, v) = api::handle(shared, &method, &path, &body);
    send_json(rq, code, &v);
}
