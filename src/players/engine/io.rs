//! What passes between the runner and an engine's pipes: the reader that cuts an engine's output
//! into bounded lines and queues them, and the engine log (`--engine-log`).

use std::collections::VecDeque;
use std::io::{Read, Write};
use std::sync::{Condvar, Mutex};
use std::time::Instant;

use super::{MAX_LINE, QUEUE_BYTES, QUEUE_LINES};

/// One line as the reader saw it.
pub(super) enum Line {
    Text(String),
    /// A line longer than [`MAX_LINE`] bytes (the rest of it is discarded).
    Overlong,
}

#[derive(Default)]
pub(super) struct Inbox {
    pub(super) lines: VecDeque<Line>,
    pub(super) bytes: usize,
    /// The engine's output closed.
    pub(super) closed: bool,
    /// The process is gone: the reader stops.
    pub(super) gone: bool,
}

#[derive(Default)]
pub(super) struct Shared {
    inbox: Mutex<Inbox>,
    pub(super) changed: Condvar,
    /// Where the lines sent and received are kept (`--engine-log`), if anywhere.
    log: Mutex<Option<EngineLog>>,
}

/// A file of every line sent to and received from an engine, each with its time in seconds since
/// the file was opened: `0.0123 > go die 3 movetime 100`, `0.1145 < bestmove a5b4`. Each line is
/// written at once, so a crash or a kill loses none of it.
struct EngineLog {
    file: std::fs::File,
    start: Instant,
}

impl Shared {
    pub(super) fn log_line(&self, dir: char, line: &str) {
        let mut g = self.log.lock().unwrap_or_else(|e| e.into_inner());
        if let Some(l) = g.as_mut() {
            let t = l.start.elapsed().as_secs_f64();
            if writeln!(l.file, "{t:.4} {dir} {line}").is_err() {
                log::warn!("an engine log could not be written; it is stopped");
                *g = None;
            }
        }
    }

    /// Sends what follows to the log file `path` (created or emptied), or nowhere. A link at
    /// `path` is refused (with a warning, the game goes on unlogged), its target left alone.
    pub(super) fn set_log(&self, path: Option<&std::path::Path>) {
        let log = path.and_then(|p| match create_no_link(p, true) {
            Ok(file) => Some(EngineLog {
                file,
                start: Instant::now(),
            }),
            Err(e) => {
                log::warn!("cannot create the engine log {}: {e}", p.display());
                None
            }
        });
        *self.log.lock().unwrap_or_else(|e| e.into_inner()) = log;
    }
}

/// Opens a file the runner writes (an engine log, an engine's standard error, a record, a variant
/// definition for an engine) without following a symbolic link: a link at `path`, even one made
/// between the check and the open, is refused (`O_NOFOLLOW`), so that a link planted under the
/// name a file will take cannot make the runner truncate or write its target. Only a regular file
/// is taken, checked without blocking, as [`crate::text_file::open_regular`] does.
pub fn open_no_link(
    path: &std::path::Path,
    options: &mut std::fs::OpenOptions,
) -> std::io::Result<std::fs::File> {
    use std::io::{Error, ErrorKind};
    let not_regular = || {
        Error::new(
            ErrorKind::InvalidInput,
            "not a regular file (a FIFO, a device or a folder)",
        )
    };
    let link = || {
        Error::new(
            ErrorKind::InvalidInput,
            "a symbolic link: refused, a file the runner writes is never reached through a link",
        )
    };
    match std::fs::symlink_metadata(path) {
        Ok(m) if m.file_type().is_symlink() => return Err(link()),
        Ok(m) if !m.is_file() => return Err(not_regular()),
        _ => {}
    }
    #[cfg(unix)]
    {
        use std::os::unix::fs::OpenOptionsExt;
        options.custom_flags(libc::O_NONBLOCK | libc::O_NOFOLLOW);
    }
    let file = options.open(path).map_err(|e| match e.raw_os_error() {
        Some(libc::ELOOP) => link(),
        // A FIFO made between the check and the open, with no reader.
        Some(libc::ENXIO) => not_regular(),
        _ => e,
    })?;
    if !file.metadata()?.is_file() {
        return Err(not_regular());
    }
    Ok(file)
}

/// [`open_no_link`] for appending, created if needed and emptied first when `empty`.
pub(super) fn create_no_link(
    path: &std::path::Path,
    empty: bool,
) -> std::io::Result<std::fs::File> {
    let file = open_no_link(path, std::fs::OpenOptions::new().create(true).append(true))?;
    if empty {
        file.set_len(0)?;
    }
    Ok(file)
}

impl Shared {
    pub(super) fn lock(&self) -> std::sync::MutexGuard<'_, Inbox> {
        self.inbox.lock().unwrap_or_else(|e| e.into_inner())
    }

    /// Queues a line, waiting while the queue is full. False once nobody reads any more.
    fn push(&self, line: Line) -> bool {
        let size = match &line {
            Line::Text(s) => s.len() + 1,
            Line::Overlong => 1,
        };
        let mut g = self.lock();
        while !g.gone && (g.lines.len() >= QUEUE_LINES || g.bytes + size > QUEUE_BYTES) {
            g = self.changed.wait(g).unwrap_or_else(|e| e.into_inner());
        }
        if g.gone {
            return false;
        }
        g.bytes += size;
        g.lines.push_back(line);
        self.changed.notify_all();
        true
    }

    fn close(&self) {
        self.lock().closed = true;
        self.changed.notify_all();
    }
}

/// Reads `out` to its end, cutting it into lines for `shared`.
pub(super) fn read_lines(mut out: impl Read, shared: &Shared) {
    let mut buf = vec![0u8; 16 * 1024];
    let mut cur: Vec<u8> = Vec::new();
    // The current line went past MAX_LINE: its rest is skipped up to the next newline.
    let mut skipping = false;
    let text = |cur: &mut Vec<u8>| {
        let mut s = String::from_utf8_lossy(cur).into_owned();
        if s.ends_with('\r') {
            s.pop();
        }
        cur.clear();
        Line::Text(s)
    };
    loop {
        let n = match out.read(&mut buf) {
            Ok(0) => break,
            Ok(n) => n,
            Err(e) if e.kind() == std::io::ErrorKind::Interrupted => continue,
            Err(_) => break,
        };
        let mut chunk = &buf[..n];
        while !chunk.is_empty() {
            let nl = chunk.iter().position(|&b| b == b'\n');
            let (part, rest) = match nl {
                Some(i) => (&chunk[..i], &chunk[i + 1..]),
                None => (chunk, &[][..]),
            };
            chunk = rest;
            if !skipping {
                if cur.len() + part.len() > MAX_LINE {
                    cur.clear();
                    skipping = true;
                    if !shared.push(Line::Overlong) {
                        return;
                    }
                } else {
                    cur.extend_from_slice(part);
                }
            }
            if nl.is_some() {
                if !skipping {
                    let line = text(&mut cur);
                    if let Line::Text(s) = &line {
                        shared.log_line('<', s);
                    }
                    if !shared.push(line) {
                        return;
                    }
                } else {
                    shared.log_line('<', "(a line longer than the limit, cut)");
                }
                skipping = false;
            }
        }
    }
    if !skipping && !cur.is_empty() {
        shared.push(text(&mut cur));
    }
    shared.close();
}
