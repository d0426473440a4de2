//! Protocol front ends: the engine talks to a controller over standard input and output.
//!
//! Two protocols are spoken: the native line protocol (`native`, specified in `protocol/native.md`)
//! and the TCG contest protocol (`tcg`). Unless told which, the engine looks at the first non-empty
//! line: the TCG protocol's commands share no first word with the native ones, so one line decides.
//!
//! Layer: uses the rules and the brain; knows nothing of players, the referee or the applications.

pub mod analysis;
pub mod command;
pub mod error;
pub mod native;
pub mod options;
pub mod reply;
pub mod tcg;

use std::fmt;
use std::io::{BufRead, IsTerminal, Write};
use std::str::FromStr;
use std::sync::Arc;
use std::sync::mpsc::{self, Sender};
use std::thread;
use std::time::Instant;

use crate::brain::search::Searcher;
use crate::brain::tables::Tables;
use crate::rules::variant::Variant;
use error::ServeError;
use native::{Engine, Event};

/// Which protocol to speak.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub enum Mode {
    /// Decide from the first non-empty input line.
    #[default]
    Auto,
    Native,
    Tcg,
}

impl FromStr for Mode {
    type Err = error::UnknownProtocol;

    fn from_str(s: &str) -> Result<Mode, error::UnknownProtocol> {
        match s {
            "auto" => Ok(Mode::Auto),
            "native" => Ok(Mode::Native),
            "tcg" => Ok(Mode::Tcg),
            _ => Err(error::UnknownProtocol(s.to_string())),
        }
    }
}

impl fmt::Display for Mode {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(match self {
            Mode::Auto => "auto",
            Mode::Native => "native",
            Mode::Tcg => "tcg",
        })
    }
}

/// The first words of the TCG contest protocol's commands.
pub const TCG_COMMANDS: [&str; 7] = [
    "name",
    "version",
    "time_setting",
    "board_setting",
    "ini",
    "get",
    "exit",
];

/// Does this line open a TCG session?
pub fn is_tcg_line(line: &str) -> bool {
    line.split_whitespace()
        .next()
        .is_some_and(|w| TCG_COMMANDS.contains(&w))
}

/// Reads standard input line by line on its own thread, so the loop can wait on input and on the
/// search at once. Each line carries the moment it was read: a move's time counts from there, not
/// from when a busy loop gets to it. Bytes that are not UTF-8 are replaced rather than ending the
/// session: they make a bad command, which gets an error reply like any other.
fn spawn_reader(tx: Sender<Event>) -> Result<(), ServeError> {
    thread::Builder::new()
        .name("stdin".into())
        .spawn(move || {
            let stdin = std::io::stdin();
            let mut input = stdin.lock();
            let mut buf = Vec::new();
            loop {
                buf.clear();
                match input.read_until(b'\n', &mut buf) {
                    Ok(0) => break,
                    Ok(_) => {
                        let read_at = Instant::now();
                        let line = String::from_utf8_lossy(&buf);
                        let line = line.trim_end_matches(['\n', '\r']).to_string();
                        if tx.send(Event::Line(line, read_at)).is_err() {
                            return;
                        }
                    }
                    Err(e) => {
                        log::warn!("reading standard input: {e}");
                        break;
                    }
                }
            }
            let _ = tx.send(Event::InputClosed);
        })
        .map_err(|error| ServeError::Thread {
            what: "the input thread",
            error,
        })?;
    Ok(())
}

/// The line said on standard error when a person starts the engine at a terminal: which protocols
/// it speaks, that `help` lists the commands and how to end the session (Ctrl-C is not taken, so
/// the line says `quit`). A controller's pipe never gets it.
pub fn greeting(mode: Mode) -> String {
    let quit = match mode {
        Mode::Auto => "quit (exit in the TCG protocol)",
        Mode::Native => "quit",
        Mode::Tcg => "exit",
    };
    let speaks = match mode {
        Mode::Auto => {
            "the native protocol (ugi, position, go ...) or the TCG protocol (name, ini, get ...), told apart by the first line"
        }
        Mode::Native => "the native protocol (ugi, position, go ...)",
        Mode::Tcg => "the TCG protocol (name, ini, get ...)",
    };
    format!(
        "ewn {}: speaks {speaks}; type help for the commands; {quit} or Ctrl-D ends the session",
        env!("CARGO_PKG_VERSION")
    )
}

/// Speaks `mode` on standard input and output until `quit` or the end of input, searching with
/// `threads` threads (where the native `Threads` option starts) and the endgame tables given (or
/// else the built-in three-cube table in timed searches, where the native `TablePath` starts).
pub fn run_stdio(
    mode: Mode,
    threads: usize,
    tables: Option<Arc<Tables>>,
    table_dir: Option<std::path::PathBuf>,
    variant: &'static Variant,
    loaded: Vec<&'static Variant>,
) -> Result<(), ServeError> {
    if std::io::stdin().is_terminal() {
        eprintln!("{}", greeting(mode));
    }
    let (tx, rx) = mpsc::channel();
    spawn_reader(tx.clone())?;
    // Both front ends search with a table of the native default size. It is made while the first
    // line is awaited, not after it has come.
    let mut searcher = Searcher::new(options::HASH.default as usize);
    searcher.set_threads(threads);
    if tables.is_none() {
        // The built-in table is made in the background now, so no search waits for it.
        std::thread::spawn(|| {
            crate::brain::tables::builtin();
        });
    }
    searcher.set_builtin_tables(tables.is_none());
    searcher.set_tables(tables);
    // A solved table of the variant in the table directory serves both front ends.
    if let Some(p) = table_dir
        .as_deref()
        .and_then(|d| crate::brain::solve::file::find(d, variant))
    {
        searcher.set_solved(Some(Arc::new(crate::brain::solve::file::read(
            variant, &p,
        )?)));
    }
    let stdout = std::io::stdout();
    let mut out = stdout.lock();

    // Lines from the reader until the end of input; used for detection and by the TCG front end.
    let mut lines = rx.iter().map_while(|ev| match ev {
        Event::Line(l, read_at) => Some((l, read_at)),
        _ => None,
    });
    let first = match mode {
        Mode::Native => None,
        Mode::Auto | Mode::Tcg => match lines.by_ref().find(|(l, _)| !l.trim().is_empty()) {
            Some(l) => Some(l),
            // Nothing but blank lines: a session with nothing to answer.
            None => return Ok(()),
        },
    };
    let tcg = match mode {
        Mode::Tcg => true,
        Mode::Native => false,
        Mode::Auto => first.as_ref().is_some_and(|(l, _)| is_tcg_line(l)),
    };
    if tcg {
        log::info!("speaking the TCG protocol");
        drop(tx);
        let first = first.expect("a first line was read");
        tcg::serve(first, &mut lines, &mut out, searcher, variant)?;
        out.flush().map_err(ServeError::Write)?;
        return Ok(());
    }
    log::info!("speaking the native protocol");
    drop(lines);
    let mut engine = Engine::new(out, tx, rx, searcher);
    engine.add_loaded(loaded);
    engine.set_table_dir(table_dir);
    engine
        .set_variant(variant.name())
        .map_err(ServeError::Command)?;
    engine.run(first)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn tcg_detection() {
        for l in [
            "name",
            "version",
            "ini 1 2",
            "get 3",
            "exit",
            "board_setting 5 5 6",
        ] {
            assert!(is_tcg_line(l), "{l}");
        }
        for l in [
            "ugi",
            "isready",
            "position startpos",
            "go die 1",
            "names",
            "",
        ] {
            assert!(!is_tcg_line(l), "{l}");
        }
    }

    #[test]
    fn mode_round_trip() {
        for m in [Mode::Auto, Mode::Native, Mode::Tcg] {
            assert_eq!(m.to_string().parse::<Mode>(), Ok(m));
        }
        assert!("ugi".parse::<Mode>().is_err());
    }
}
