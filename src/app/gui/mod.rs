//! `ewn gui`: a local web arena. A small HTTP server on 127.0.0.1 serves one page (embedded in
//! the binary) on which people play, watch engines play and read the analysis.
//!
//! - `game`: the game line, dice, cursor and record; rules only.
//! - `engines`: this engine and the engine programs named on the command line, as players.
//! - `state`: the server's state, the engine and analysis threads, the page's view.
//! - `api`: the JSON endpoints (`protocol/gui.md`). `server`: HTTP, files, request checks.
//! - `error`: what the API refuses and why, as types, and the one place they become statuses.

pub mod api;
pub mod engines;
pub mod error;
pub mod game;
pub mod server;
pub mod state;

use std::io::Write;
use std::sync::{Arc, Mutex};

use crate::rules::variant::Variant;

use error::GuiError;

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
    /// An engine program the page may start, as `ewn match --engine` names a player, with a
    /// name: `name=NAME cmd=COMMAND` (`tcg:<command>` for a TCG engine, `self`, `greedy`, ...;
    /// the short `NAME=COMMAND` is read the same), then the other `key=value` settings
    /// (`movetime=`, `option.<Name>=`, `arg=`, `dir=`). Repeat for more engines. The page
    /// chooses among these names only.
    #[arg(long = "engine", num_args = 1.., value_name = "name=NAME cmd=COMMAND [KEY=VALUE]...")]
    pub engine_words: Vec<String>,
    /// The words of each `--engine`, one list per occurrence (see [`GuiArgs::group_engines`]).
    #[arg(skip)]
    pub engine: Vec<Vec<String>>,
    /// Exact endgame tables for the analysis and the review (`ewn --tables DIR gui`); without
    /// them the analysis uses the built-in three-cube table.
    #[arg(skip)]
    pub tables: Option<Arc<crate::brain::tables::Tables>>,
    /// A directory of exact tables for the analysis and the review: endgame tables (`ewn tables
    /// build`) and the solved tables of the variants offered (`ewn solve --out`).
    #[arg(long = "tables", value_name = "DIR")]
    pub tables_dir: Option<std::path::PathBuf>,
    /// The variant a new game starts in unless the page picks another (`ewn --variant NAME gui`).
    #[arg(skip)]
    pub variant: Option<&'static Variant>,
    /// The variants of `--variants FILE`, offered beside the presets.
    #[arg(skip)]
    pub variants: Vec<&'static Variant>,
}

impl GuiArgs {
    /// Splits the words of `--engine` by occurrence, as `ewn match` does.
    pub fn group_engines(&mut self, m: &clap::ArgMatches) {
        self.engine = m
            .get_occurrences::<String>("engine_words")
            .map(|occ| occ.map(|o| o.cloned().collect()).collect())
            .unwrap_or_default();
    }
}

/// A secret for this run, asked of every request that changes something: 128 bits from the
/// operating system's generator, as hex.
fn new_token() -> Result<String, GuiError> {
    let mut bytes = [0u8; 16];
    getrandom::fill(&mut bytes).map_err(|e| GuiError::Token(e.to_string()))?;
    Ok(bytes.iter().map(|b| format!("{b:02x}")).collect())
}

/// Starts the server, prints its address (with the run's token) and serves until the process is
/// stopped.
pub fn run(args: GuiArgs) -> Result<(), GuiError> {
    let roster = engines::Roster::parse(&args.engine)?;
    roster.check_starts()?;
    // Everything that can fail is checked before the address is printed: an address that
    // stops answering a moment later is worse than none.
    let mut st = state::State::new(roster, args.tables.clone());
    st.set_variants(args.variant.unwrap_or(Variant::standard()), &args.variants);
    if let Some(dir) = &args.tables_dir {
        st.load_solved(dir)?;
    }
    let listener = server::bind(args.port)?;
    let port = listener.local_addr()?.port();
    let token = new_token()?;
    let shared = Arc::new(Mutex::new(st));
    {
        let mut st = state::lock(&shared);
        st.start_opening(&shared)?;
        st.pump(&shared);
    }
    let url = format!("http://127.0.0.1:{port}/?token={token}");
    let mut out = std::io::stdout();
    writeln!(out, "{url}")?;
    out.flush()?;
    if args.open {
        open_browser(&url);
    }
    server::serve(listener, shared, &token)
}

/// Asks the desktop to open `url`. The address is printed anyway; when no browser could be
/// opened (no opener, or the opener gave up: a machine without a desktop) one line on standard
/// error says so and to open the printed address.
fn open_browser(url: &str) {
    let opener = if cfg!(target_os = "macos") {
        "open"
    } else if cfg!(windows) {
        "explorer"
    } else {
        "xdg-open"
    };
    let failed = move |why: String| {
        log::debug!("could not open a browser with {opener}");
        eprintln!("could not open a browser ({why}): open the address above in one");
    };
    match std::process::Command::new(opener)
        .arg(url)
        .stdout(std::process::Stdio::null())
        .stderr(std::process::Stdio::null())
        .spawn()
    {
        Ok(mut child) => {
            log::info!("asked {opener} to open {url}");
            // The opener may wait for the browser it started: its answer is awaited aside
            // (explorer's exit code says nothing: it is 1 even when the page opened).
            std::thread::spawn(move || match child.wait() {
                Ok(status) if !status.success() && !cfg!(windows) => {
                    failed(format!("{opener} exited with {status}"))
                }
                Ok(_) => {}
                Err(e) => log::debug!("{opener}'s exit status is unknown: {e}"),
            });
        }
        Err(e) => failed(format!("{opener}: {e}")),
    }
}
