//! The HTTP side: one listening socket on 127.0.0.1, the page's files from the binary, and
//! `/api/` handed to [`super::api`].
//!
//! The transport is [`crate::app::http`]: requests are served concurrently, each connection
//! with deadlines and bounds (`protocol/gui.md`, "Limits"), and the game's calls run on blocking
//! threads; none of them waits for an engine (engines and the analysis run on threads of their
//! own). A POST must be JSON and, when the browser says where it comes from, come
//! from this page: another web site open in the same browser cannot then drive the server (which
//! can start programs), and a `Host` other than this address (DNS rebinding) is refused too. Every
//! POST must also carry the run's secret token (printed in the address, as Jupyter does) in the
//! `X-Ewn-Token` header, so that another user or a script on the same machine cannot drive the
//! game: reading the state needs no token, changing it does.

use std::net::TcpListener;
use std::sync::Arc;

use serde_json::json;

use super::api;
use super::error::GuiError;
use super::state::Shared;
use crate::app::http::{self, Head, Limits, Reply, Site, Step};

/// Largest request body accepted (a record file of a long match fits easily).
pub const MAX_BODY: usize = 1 << 20;

const INDEX_HTML: &str = include_str!("assets/index.html");
/// The page's script in parts, loaded in this order: state and board, panel, the note by the
/// board, graph, the variants' rules in words, records, controls.
const APP_JS: &str = include_str!("assets/app.js");
const PANEL_JS: &str = include_str!("assets/panel.js");
const NOTES_JS: &str = include_str!("assets/notes.js");
const RULES_JS: &str = include_str!("assets/rules.js");
const RECORDS_JS: &str = include_str!("assets/records.js");
const GRAPH_JS: &str = include_str!("assets/graph.js");
const CONTROLS_JS: &str = include_str!("assets/controls.js");
/// The board drawing alone, shared by every page that shows a position.
const BOARD_JS: &str = include_str!("assets/board.js");
const APP_CSS: &str = include_str!("assets/app.css");
/// What the watch-only page (no token) leaves out.
const WATCH_CSS: &str = include_str!("assets/watch.css");
/// The page's icon, also linked inline from the page, for clients that ask for the usual path.
const FAVICON: &str = "<svg xmlns='http://www.w3.org/2000/svg' viewBox='0 0 16 16'><rect x='1' y='1' width='14' height='14' rx='3' fill='#c0392b'/><circle cx='5' cy='5' r='1.6' fill='#fff'/><circle cx='11' cy='11' r='1.6' fill='#fff'/><circle cx='8' cy='8' r='1.6' fill='#fff'/></svg>";
/// The header that carries the run's token.
pub const TOKEN_HEADER: &str = "X-Ewn-Token";

/// Binds 127.0.0.1:`port` (0: any free port), with a clear error when the port is taken.
pub fn bind(port: u16) -> Result<TcpListener, GuiError> {
    TcpListener::bind(("127.0.0.1", port)).map_err(|e| match e.kind() {
        std::io::ErrorKind::AddrInUse => GuiError::PortTaken(port),
        _ => GuiError::Listen { port, source: e },
    })
}

/// What the arena accepts: one person's browser needs a handful of connections.
pub fn limits() -> Limits {
    Limits {
        max_connections: 64,
        max_body: MAX_BODY,
        ..Limits::default()
    }
}

/// Serves until the process ends.
pub fn serve(listener: TcpListener, shared: Shared, token: &str) -> Result<(), GuiError> {
    let port = listener.local_addr()?.port();
    let limits = limits();
    let rt = http::runtime(&limits, "gui-http")?;
    let site = Arc::new(Arena {
        shared,
        local: [format!("127.0.0.1:{port}"), format!("localhost:{port}")],
        token: token.to_string(),
    });
    Ok(http::serve(&rt, listener, limits, site)?)
}

/// The arena as the transport sees it.
struct Arena {
    shared: Shared,
    /// The names this server answers to (`Host`), with its port.
    local: [String; 2],
    token: String,
}

fn json_reply(code: u16, v: &serde_json::Value) -> Reply {
    Reply::new(code, "application/json", v.to_string())
}

fn error_reply(code: u16, msg: &str) -> Reply {
    json_reply(code, &json!({ "error": msg }))
}

/// Compares without stopping at the first difference, so the answer's timing tells nothing.
fn same_secret(a: &str, b: &str) -> bool {
    a.len() == b.len() && a.bytes().zip(b.bytes()).fold(0u8, |d, (x, y)| d | (x ^ y)) == 0
}

/// HEAD is answered as GET; the transport leaves the body out.
fn method(rq: &Head) -> &str {
    match rq.method.as_str() {
        "HEAD" => "GET",
        m => m,
    }
}

impl Site for Arena {
    fn head(&self, rq: &Head) -> Step {
        let method = method(rq);
        let path = rq.path.as_str();
        if let Some(host) = rq.header("Host")
            && !self
                .local
                .iter()
                .any(|l| l.eq_ignore_ascii_case(host.trim()))
        {
            return Step::Reply(error_reply(
                403,
                "this server answers only to 127.0.0.1 and localhost",
            ));
        }
        if !path.starts_with("/api/") {
            let (ct, body) = match (method, path) {
                ("GET", "/" | "/index.html") => ("text/html; charset=utf-8", INDEX_HTML),
                ("GET", "/app.js") => ("text/javascript; charset=utf-8", APP_JS),
                ("GET", "/panel.js") => ("text/javascript; charset=utf-8", PANEL_JS),
                ("GET", "/rules.js") => ("text/javascript; charset=utf-8", RULES_JS),
                ("GET", "/records.js") => ("text/javascript; charset=utf-8", RECORDS_JS),
                ("GET", "/graph.js") => ("text/javascript; charset=utf-8", GRAPH_JS),
                ("GET", "/notes.js") => ("text/javascript; charset=utf-8", NOTES_JS),
                ("GET", "/controls.js") => ("text/javascript; charset=utf-8", CONTROLS_JS),
                ("GET", "/board.js") => ("text/javascript; charset=utf-8", BOARD_JS),
                ("GET", "/app.css") => ("text/css; charset=utf-8", APP_CSS),
                ("GET", "/watch.css") => ("text/css; charset=utf-8", WATCH_CSS),
                ("GET", "/favicon.ico" | "/favicon.svg") => ("image/svg+xml", FAVICON),
                ("GET", _) => {
                    return Step::Reply(error_reply(404, &format!("no such page: {path}")));
                }
                _ => return Step::Reply(error_reply(405, "only GET is allowed on pages")),
            };
            return Step::Reply(Reply::new(200, ct, body));
        }
        // Any API request a browser says comes from another site is refused, reads too.
        if let Some(origin) = rq.header("Origin") {
            let ok = self
                .local
                .iter()
                .any(|l| origin.trim().eq_ignore_ascii_case(&format!("http://{l}")));
            if !ok {
                return Step::Reply(error_reply(
                    403,
                    &format!("requests from {origin} are refused"),
                ));
            }
        }
        if method != "POST" {
            return Step::NoBody;
        }
        if !rq
            .header(TOKEN_HEADER)
            .is_some_and(|t| same_secret(t.trim(), &self.token))
        {
            return Step::Reply(error_reply(
                403,
                "this request needs the token of the address ewn gui printed: open that address",
            ));
        }
        let json_type = rq.header("Content-Type").is_some_and(|ct| {
            ct.split(';')
                .next()
                .is_some_and(|t| t.trim().eq_ignore_ascii_case("application/json"))
        });
        if !json_type {
            return Step::Reply(error_reply(
                415,
                "send the request body as application/json",
            ));
        }
        if rq.content_length().is_some_and(|n| n > MAX_BODY as u64) {
            return Step::Reply(error_reply(
                413,
                &format!("request body over {MAX_BODY} bytes"),
            ));
        }
        Step::Body
    }

    fn answer(&self, rq: &Head, body: &[u8]) -> Reply {
        let (code, v) = api::handle(&self.shared, method(rq), &rq.path, body);
        json_reply(code, &v)
    }

    fn error(&self, code: u16, msg: &str) -> Reply {
        error_reply(code, msg)
    }
}
