//! Engines as child processes: the native protocol and the TCG protocol, client side. This is the
//! one client for engine programs: `ewn match` and `ewn gui` both drive engines through it. Its
//! parts: `io` (the reader and the engine log), `process` (a running engine), `native` and
//! `tcg` (the two protocols).
//!
//! What an engine prints is read as bytes by a reader thread, decoded leniently (a byte that is
//! not UTF-8 becomes U+FFFD, so a stray byte makes a line malformed, never a crash) and cut into
//! lines of at most [`MAX_LINE`] bytes; a longer line is cut and judged malformed. The lines wait
//! in a queue bounded in lines and bytes ([`QUEUE_LINES`], [`QUEUE_BYTES`]): when it is full the
//! reader stops reading and the engine blocks on its own output, so an engine cannot make the
//! runner's memory grow. Every wait ends at its deadline however fast the engine prints, and an
//! engine that prints more than [`FLOOD_LINES`] lines or [`FLOOD_BYTES`] bytes while one answer is
//! awaited has flooded: it loses (malformed) and is killed.
//!
//! What the runner writes to an engine is written without blocking and waited for with the same
//! deadline as the answer: an engine that stops reading loses on time, it cannot hang the runner.
//!
//! Each engine runs in a session and process group of its own, so that killing it also kills what
//! it started, and so that a Ctrl-C at the terminal reaches the runner only; [`super::reaper`]
//! starts it and sees to it that the engine and all it started end with its game and with the
//! runner, however either ends (signals, SIGKILL, descendants that leave the engine's group or
//! session). An engine is killed on a timeout, on a fault, at the end of its use, and when
//! dropped, with every process it started. Its standard error goes to a log file or is dropped
//! ([`Settings::stderr`]), never into the runner's output. On Linux a memory limit
//! (`RLIMIT_AS`) and a CPU set can be given per engine.

mod io;
mod native;
mod process;
mod tcg;

use std::path::PathBuf;
use std::time::Duration;

pub use io::open_no_link;
pub use native::Native;
pub use process::{Proc, SpawnError, windows_script_hint};
pub use tcg::{TCG_MOVES_PER_GAME, Tcg};

/// The CPUs this process may run on (Linux); empty where that cannot be known or set.
pub fn usable_cpus() -> Vec<usize> {
    crate::players::reaper::usable_cpus()
}

/// How long an engine may take to start, to answer a handshake or to set up its cubes.
pub const HANDSHAKE: Duration = Duration::from_secs(10);
/// The longest line an engine may print, in bytes; a longer one is cut and judged malformed.
pub const MAX_LINE: usize = 64 * 1024;
/// Lines read but not yet taken, at most (the reader waits when the queue is full).
pub const QUEUE_LINES: usize = 1024;
/// Bytes of lines read but not yet taken, at most.
pub const QUEUE_BYTES: usize = 1024 * 1024;
/// Lines an engine may print while one answer is awaited; more is a flood.
pub const FLOOD_LINES: u64 = 100_000;
/// Bytes an engine may print while one answer is awaited; more is a flood.
pub const FLOOD_BYTES: u64 = 16 * 1024 * 1024;
/// How long an engine told to quit may take to exit before its group is killed.
const QUIT_WAIT: Duration = Duration::from_millis(200);
/// How often a wait with nothing to read checks whether the engine has exited.
const EXIT_POLL: Duration = Duration::from_millis(50);
/// The largest memory limit, in MiB (1 TiB): more is no limit.
pub const MAX_MEM_MIB: u64 = 1 << 20;

/// How an engine process is started, besides its command.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Settings {
    /// The folder it runs in.
    pub dir: Option<PathBuf>,
    /// A file its standard error is appended to; `None`: its standard error is dropped.
    pub stderr: Option<PathBuf>,
    /// Its address-space limit in MiB (`RLIMIT_AS`, set before it starts).
    pub mem_mib: Option<u64>,
    /// The CPUs it may run on (Linux only; elsewhere ignored).
    pub cpus: Option<Vec<usize>>,
}
