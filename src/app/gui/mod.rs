//! `ewn gui`: a local web arena. A small HTTP server on 127.0.0.1 serves one page (embedded in
//! the binary) on which people play, watch engines play and read the analysis.
//!
//! - `game`: the game line, dice, cursor and record; rules only.
//! - `engines`: this engine and engine programs as players, through the referee's process code.
//! - `state`: the server's state, the engine and analysis threads, the page's view.
//! - `api`: the JSON endpoints (`protocol/gui.md`). `server`: HTTP, files, request checks.

pub mod api;
pub mod engines;
pub mod game;
pub mod server;
pub mod state;

use std::io::Write;
use std::sync::{Arc, Mutex};

use anyhow::Result;

/// The port used when none is given.
pub const DEFAULT_PORT: u16 = 7360;

#[derive(clap::Args, Debug)]
pub struct GuiArgs {
    /// Port on 127.0.0.1 (0 picks a free one).
    #[arg(long, default_value_t = DEFAULT_PORT)]
    pub port: u16,
    /// Open the page in the system's web browser.
    #[arg(long)]
    pub open: bool,
}

/// Starts the server, prints its address and serves until the process is stopped.
pub fn run(args: GuiArgs) -> Result<()> {
    let listener = server::bind(args.port)?;
    let port = listener.local_addr()?.port();
    let url = format!("http://127.0.0.1:{port}/");
    let mut out = std::io::stdout();
    writeln!(out, "{url}")?;
    out.flush()?;
    if args.open {
        open_browser(&url);
    }
    let shared = Arc::new(Mutex::new(state::State::new()));
    state::lock(&shared).pump(&shared);
    server::serve(listener, shared)
}

/// Asks the desktop to open `url`; a failure is only logged, the address is printed anyway.
fn open_browser(url: &str) {
    let opener = if cfg!(target_os = "macos") {
        "open"
    } else if cfg!(windows) {
        "explorer"
    } else {
        "xdg-open"
    };
    match std::process::Command::new(opener)
        .arg(url)
        .stdout(std::process::Stdio::null())
        .stderr(std::process::Stdio::null())
        .spawn()
    {
        Ok(_) => log::info!("asked {opener} to open {url}"),
        Err(e) => log::warn!("could not open a browser ({opener}: {e}); open {url} by hand"),
    }
}
