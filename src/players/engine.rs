//! Engines as child processes: the native protocol and the TCG protocol, client side. This is the
//! one client for engine programs: `ewn match` and `ewn gui` both drive engines through it.
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
//! Each engine runs in a process group of its own, so that killing it also kills what it started,
//! and so that a Ctrl-C at the terminal reaches the runner only; the runner kills every group it
//! started when it gets SIGINT, SIGTERM, SIGHUP (a closed ssh session) or SIGQUIT, and
//! [`super::reaper`] sees to the rest: a runner killed outright (SIGKILL) and descendants that
//! leave their engine's group. An engine is killed on a timeout, on a fault, at the
//! end of its use, and when dropped, with every process it started. Its standard error goes to a log file or is dropped
//! ([`Settings::stderr`]), never into the runner's output. On Linux a memory limit
//! (`RLIMIT_AS`) and a CPU set can be given per engine.

use std::collections::VecDeque;
use std::fs::OpenOptions;
use std::io::{Read, Write};
use std::os::unix::process::CommandExt;
use std::path::PathBuf;
use std::process::{Child, ChildStdin, Command, Stdio};
use std::sync::atomic::{AtomicI32, Ordering};
use std::sync::{Arc, Condvar, Mutex, Once};
use std::time::{Duration, Instant};

use crate::rules::board::{Color, Move};
use crate::rules::notation::{parse_move_in, parse_setup_in, to_fen};
use crate::rules::tcg_notation as tcg;
use crate::rules::variant::Variant;
use crate::rules::variant_file;

use crate::players::{Fault, Player, TimeControl, Turn};

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
/// How long an ended engine's killed descendants are waited for, to be reaped.
const SWEEP_WAIT: Duration = Duration::from_millis(100);
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

/// One line as the reader saw it.
enum Line {
    Text(String),
    /// A line longer than [`MAX_LINE`] bytes (the rest of it is discarded).
    Overlong,
}

#[derive(Default)]
struct Inbox {
    lines: VecDeque<Line>,
    bytes: usize,
    /// The engine's output closed.
    closed: bool,
    /// The process is gone: the reader stops.
    gone: bool,
}

#[derive(Default)]
struct Shared {
    inbox: Mutex<Inbox>,
    changed: Condvar,
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
    fn log_line(&self, dir: char, line: &str) {
        let mut g = self.log.lock().unwrap_or_else(|e| e.into_inner());
        if let Some(l) = g.as_mut() {
            let t = l.start.elapsed().as_secs_f64();
            if writeln!(l.file, "{t:.4} {dir} {line}").is_err() {
                log::warn!("an engine log could not be written; it is stopped");
                *g = None;
            }
        }
    }

    /// Sends what follows to the log file `path` (created or emptied), or nowhere.
    fn set_log(&self, path: Option<&std::path::Path>) {
        let log = path.and_then(|p| match std::fs::File::create(p) {
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

impl Shared {
    fn lock(&self) -> std::sync::MutexGuard<'_, Inbox> {
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
fn read_lines(mut out: impl Read, shared: &Shared) {
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

// Process groups to kill when the runner is interrupted or terminated. A signal handler may only
// do what is async-signal-safe, so the groups sit in a fixed table of atomics, not a collection.
const GROUP_SLOTS: usize = 512;
#[allow(clippy::declare_interior_mutable_const)]
const EMPTY_SLOT: AtomicI32 = AtomicI32::new(0);
static GROUPS: [AtomicI32; GROUP_SLOTS] = [EMPTY_SLOT; GROUP_SLOTS];
static HANDLER: Once = Once::new();

extern "C" fn on_signal(sig: libc::c_int) {
    for slot in &GROUPS {
        let g = slot.load(Ordering::SeqCst);
        if g > 0 {
            // SAFETY: kill, signal and raise are async-signal-safe.
            unsafe {
                libc::kill(-g, libc::SIGKILL);
            }
        }
    }
    unsafe {
        libc::signal(sig, libc::SIG_DFL);
        libc::raise(sig);
    }
}

/// Installs the handler that kills the engines' groups on SIGINT, SIGTERM, SIGHUP and SIGQUIT,
/// once, unless the signal is ignored (as SIGHUP under `nohup`), in which case it stays ignored;
/// and makes the runner a subreaper of what the engines leave behind.
fn install_handler() {
    HANDLER.call_once(|| {
        super::reaper::become_subreaper();
        for sig in [libc::SIGINT, libc::SIGTERM, libc::SIGHUP, libc::SIGQUIT] {
            // SAFETY: the handler only calls async-signal-safe functions; the old action is
            // read first so that an ignored signal is left ignored.
            unsafe {
                let mut old: libc::sigaction = std::mem::zeroed();
                if libc::sigaction(sig, std::ptr::null(), &mut old) != 0
                    || old.sa_sigaction == libc::SIG_IGN
                {
                    continue;
                }
                let mut act: libc::sigaction = std::mem::zeroed();
                act.sa_sigaction = on_signal as *const () as libc::sighandler_t;
                libc::sigemptyset(&mut act.sa_mask);
                libc::sigaction(sig, &act, std::ptr::null_mut());
            }
        }
    });
}

fn register_group(g: i32) -> Option<usize> {
    GROUPS.iter().position(|slot| {
        slot.compare_exchange(0, g, Ordering::SeqCst, Ordering::SeqCst)
            .is_ok()
    })
}

/// Limits applied in the child between fork and exec.
fn limit_child(command: &mut Command, mem_mib: Option<u64>, cpus: Option<Vec<usize>>) {
    let mem = mem_mib.filter(|&m| m > 0 && m <= MAX_MEM_MIB);
    if mem.is_none() && cpus.is_none() {
        return;
    }
    #[cfg(target_os = "linux")]
    let set = cpus.map(|cpus| {
        // SAFETY: a zeroed cpu_set_t is the empty set; CPU_SET only writes inside it.
        let mut set: libc::cpu_set_t = unsafe { std::mem::zeroed() };
        for c in cpus {
            if c < libc::CPU_SETSIZE as usize {
                unsafe { libc::CPU_SET(c, &mut set) };
            }
        }
        set
    });
    #[cfg(not(target_os = "linux"))]
    let _ = cpus;
    // SAFETY: the closure runs between fork and exec and only makes the async-signal-safe
    // system calls setrlimit and sched_setaffinity on values prepared before the fork.
    unsafe {
        command.pre_exec(move || {
            if let Some(m) = mem {
                let bytes = (m << 20) as libc::rlim_t;
                let lim = libc::rlimit {
                    rlim_cur: bytes,
                    rlim_max: bytes,
                };
                if libc::setrlimit(libc::RLIMIT_AS, &lim) != 0 {
                    return Err(std::io::Error::last_os_error());
                }
            }
            #[cfg(target_os = "linux")]
            if let Some(set) = &set
                && libc::sched_setaffinity(0, std::mem::size_of::<libc::cpu_set_t>(), set) != 0
            {
                return Err(std::io::Error::last_os_error());
            }
            Ok(())
        });
    }
}

/// The CPUs this process may run on (Linux); empty where that cannot be known or set.
pub fn usable_cpus() -> Vec<usize> {
    #[cfg(target_os = "linux")]
    {
        // SAFETY: sched_getaffinity writes only into `set`, whose size it is given.
        unsafe {
            let mut set: libc::cpu_set_t = std::mem::zeroed();
            if libc::sched_getaffinity(0, std::mem::size_of::<libc::cpu_set_t>(), &mut set) != 0 {
                return Vec::new();
            }
            (0..libc::CPU_SETSIZE as usize)
                .filter(|&c| libc::CPU_ISSET(c, &set))
                .collect()
        }
    }
    #[cfg(not(target_os = "linux"))]
    Vec::new()
}

enum Wait {
    Timeout,
    /// The engine read none of what it was sent before the deadline.
    Unread,
    Closed,
    /// Too much output while one answer was awaited: lines and bytes seen.
    Flood(u64, u64),
    Overlong,
}

/// A running engine process.
pub struct Proc {
    child: Child,
    stdin: ChildStdin,
    shared: Arc<Shared>,
    /// Its slot in the table of groups to kill on a signal.
    slot: Option<usize>,
    /// Told to quit: the next stop waits a little for it to exit.
    quitting: bool,
}

impl Proc {
    /// Starts the program `argv[0]` with the arguments `argv[1..]` as `settings` say.
    pub fn spawn(argv: &[String], settings: &Settings) -> Result<Proc, String> {
        let (prog, args) = argv.split_first().ok_or("empty engine command")?;
        let cmd = argv.join(" ");
        install_handler();
        let mut command = Command::new(prog);
        if let Some(d) = &settings.dir {
            command.current_dir(d);
        }
        let stderr = match &settings.stderr {
            None => Stdio::null(),
            Some(path) => Stdio::from(
                OpenOptions::new()
                    .create(true)
                    .append(true)
                    .open(path)
                    .map_err(|e| format!("cannot open the log {}: {e}", path.display()))?,
            ),
        };
        command
            .args(args)
            .stdin(Stdio::piped())
            .stdout(Stdio::piped())
            .stderr(stderr)
            .process_group(0);
        limit_child(&mut command, settings.mem_mib, settings.cpus.clone());
        let mut slot = None;
        let mut child = super::reaper::spawn(command, |pid| slot = register_group(pid))
            .map_err(|e| format!("cannot start '{cmd}': {e}"))?;
        let stdin = child.stdin.take().ok_or("no stdin")?;
        super::reaper::set_nonblocking(&stdin);
        let stdout = child.stdout.take().ok_or("no stdout")?;
        let shared = Arc::new(Shared::default());
        let reader = Arc::clone(&shared);
        std::thread::spawn(move || read_lines(stdout, &reader));
        Ok(Proc {
            child,
            stdin,
            shared,
            slot,
            quitting: false,
        })
    }

    /// The process id, which is also its group's id.
    pub fn id(&self) -> u32 {
        self.child.id()
    }

    /// Writes `line` before `deadline`. The pipe does not block: an engine that does not read
    /// (its pipe full) fails the send at the deadline instead of holding the runner.
    fn send(&mut self, line: &str, deadline: Instant) -> Result<(), Wait> {
        log::debug!("> {line}");
        self.shared.log_line('>', line);
        let mut bytes = Vec::with_capacity(line.len() + 1);
        bytes.extend_from_slice(line.as_bytes());
        bytes.push(b'\n');
        let mut rest = &bytes[..];
        while !rest.is_empty() {
            match self.stdin.write(rest) {
                Ok(0) => return Err(Wait::Closed),
                Ok(n) => rest = &rest[n..],
                Err(e) if e.kind() == std::io::ErrorKind::Interrupted => {}
                Err(e) if e.kind() == std::io::ErrorKind::WouldBlock => {
                    if !super::reaper::wait_writable(&self.stdin, deadline) {
                        return Err(Wait::Unread);
                    }
                }
                Err(_) => return Err(Wait::Closed),
            }
        }
        Ok(())
    }

    /// Sends the engine's quit command (errors ignored): the next stop gives it a moment.
    fn quit(&mut self, line: &str) {
        let _ = self.send(line, Instant::now() + QUIT_WAIT);
        self.quitting = true;
    }

    /// The next line before `deadline`. The deadline is checked before every line, so a
    /// flood of lines cannot keep a wait going past it.
    fn next_line(&self, deadline: Instant) -> Result<Line, Wait> {
        let mut g = self.shared.lock();
        let mut exited_at: Option<Instant> = None;
        loop {
            let now = Instant::now();
            if now >= deadline {
                return Err(Wait::Timeout);
            }
            if let Some(line) = g.lines.pop_front() {
                g.bytes -= match &line {
                    Line::Text(s) => s.len() + 1,
                    Line::Overlong => 1,
                };
                self.shared.changed.notify_all();
                return Ok(line);
            }
            if g.closed {
                return Err(Wait::Closed);
            }
            // A process that exited has crashed even when a child of its still holds the pipe
            // open (its output then never closes); what it printed before it exited is read
            // first, for which the reader gets a moment.
            if exited_at.is_none() && self.exited() {
                exited_at = Some(now);
            }
            if exited_at.is_some_and(|t| now - t >= 2 * EXIT_POLL) {
                return Err(Wait::Closed);
            }
            g = self
                .shared
                .changed
                .wait_timeout(g, (deadline - now).min(EXIT_POLL))
                .unwrap_or_else(|e| e.into_inner())
                .0;
        }
    }

    /// The next line that `accept` takes (others are skipped), before `deadline`.
    fn wait_for(
        &mut self,
        deadline: Instant,
        accept: &dyn Fn(&str) -> bool,
    ) -> Result<String, Wait> {
        let (mut lines, mut bytes) = (0u64, 0u64);
        loop {
            let line = match self.next_line(deadline)? {
                Line::Text(s) => s,
                Line::Overlong => return Err(Wait::Overlong),
            };
            lines += 1;
            bytes += line.len() as u64 + 1;
            if lines > FLOOD_LINES || bytes > FLOOD_BYTES {
                return Err(Wait::Flood(lines, bytes));
            }
            let line = line.trim();
            log::debug!("< {line}");
            if accept(line) {
                return Ok(line.to_string());
            }
        }
    }

    /// Discards lines left over from an earlier request.
    fn drain(&mut self) {
        let mut g = self.shared.lock();
        g.lines.clear();
        g.bytes = 0;
        self.shared.changed.notify_all();
    }

    /// True once the process has exited (without reaping it, so that its id, and so its group's,
    /// cannot be taken by another process while the group is killed).
    fn exited(&self) -> bool {
        // SAFETY: waitid only writes into `info`.
        unsafe {
            let mut info: libc::siginfo_t = std::mem::zeroed();
            let r = libc::waitid(
                libc::P_PID,
                self.child.id() as libc::id_t,
                &mut info,
                libc::WEXITED | libc::WNOHANG | libc::WNOWAIT,
            );
            r != 0 || info.si_pid() != 0
        }
    }
}

impl Drop for Proc {
    /// Kills the engine's whole group (after a moment to quit, if it was told to) and reaps it.
    fn drop(&mut self) {
        if self.quitting {
            let until = Instant::now() + QUIT_WAIT;
            while !self.exited() && Instant::now() < until {
                std::thread::sleep(Duration::from_millis(2));
            }
        }
        let g = self.child.id() as i32;
        // Found before the kill, while they are still linked to the engine by their parents.
        let tree = super::reaper::descendants(g);
        // SAFETY: kill with a negative id signals the group; the leader is not reaped yet, so
        // the id is still this group's.
        unsafe {
            libc::kill(-g, libc::SIGKILL);
        }
        super::reaper::kill_all(&tree);
        // Out of the signal handler's table and the guardian's before the reap frees the id for
        // another process.
        if let Some(s) = self.slot {
            GROUPS[s].store(0, Ordering::SeqCst);
        }
        super::reaper::guardian_remove(g);
        let _ = self.child.wait();
        let engines = || {
            GROUPS
                .iter()
                .map(|s| s.load(Ordering::SeqCst))
                .filter(|&g| g > 0)
                .collect()
        };
        super::reaper::sweep(engines, SWEEP_WAIT);
        let mut inbox = self.shared.lock();
        inbox.gone = true;
        inbox.lines.clear();
        self.shared.changed.notify_all();
    }
}

fn fault(w: Wait, what: &str, wait: Duration) -> Fault {
    match w {
        Wait::Timeout => Fault::Time(format!(
            "no {what} within {} ms; engine killed",
            wait.as_millis()
        )),
        Wait::Unread => Fault::Time(format!(
            "read nothing of {what} for {} ms (its input full); engine killed",
            wait.as_millis()
        )),
        Wait::Closed => Fault::Crash(format!("engine exited while asked for {what}")),
        Wait::Flood(lines, bytes) => Fault::Malformed(format!(
            "flooded: {lines} lines, {bytes} bytes without {what}; engine killed"
        )),
        Wait::Overlong => Fault::Malformed(format!(
            "a line longer than {MAX_LINE} bytes while asked for {what}; engine killed"
        )),
    }
}

/// Drops the process after a failed wait (killing its group) so that the next game starts a
/// fresh one.
fn lost<T>(
    proc: &mut Option<Proc>,
    r: Result<T, Wait>,
    what: &str,
    wait: Duration,
) -> Result<T, Fault> {
    r.map_err(|w| {
        *proc = None;
        fault(w, what, wait)
    })
}

/// An engine speaking the native protocol.
pub struct Native {
    argv: Vec<String>,
    label: String,
    /// Sent as `setoption name <name> value <value>` after each start.
    options: Vec<(String, String)>,
    settings: Settings,
    proc: Option<Proc>,
    /// The variant of the games, when not the standard game (`UCI_Variant` at every new game).
    variant: Option<&'static Variant>,
    /// The current engine log (`Player::log_to`).
    log: Option<PathBuf>,
    /// The last `wp` of an `info` line while a move was awaited.
    wp: Option<f64>,
}

impl Native {
    pub fn new(argv: Vec<String>, label: &str) -> Native {
        Native::with_settings(argv, label, Vec::new(), Settings::default())
    }

    /// An engine that gets `options` after its handshake and is started as `settings` say.
    pub fn with_settings(
        argv: Vec<String>,
        label: &str,
        options: Vec<(String, String)>,
        settings: Settings,
    ) -> Native {
        Native {
            argv,
            label: label.to_string(),
            options,
            settings,
            proc: None,
            variant: None,
            log: None,
            wp: None,
        }
    }

    /// The running process, started, greeted and given its options if needed. An option the
    /// engine refuses (an `error` line before `readyok`) is logged, not held against it: engines
    /// differ in the options they know, as under cutechess-cli.
    fn proc(&mut self) -> Result<&mut Proc, Fault> {
        if self.proc.is_none() {
            let mut p = Proc::spawn(&self.argv, &self.settings).map_err(Fault::Crash)?;
            p.shared.set_log(self.log.as_deref());
            let deadline = Instant::now() + HANDSHAKE;
            p.send("ugi", deadline)
                .and_then(|_| p.wait_for(deadline, &|l| l == "ugiok"))
                .map_err(|w| fault(w, "ugiok", HANDSHAKE))?;
            if !self.options.is_empty() {
                let deadline = Instant::now() + HANDSHAKE;
                for (name, value) in &self.options {
                    p.send(&format!("setoption name {name} value {value}"), deadline)
                        .map_err(|w| fault(w, "setoption", HANDSHAKE))?;
                }
                let label = &self.label;
                p.send("isready", deadline)
                    .and_then(|_| {
                        p.wait_for(deadline, &|l| {
                            if l.starts_with("error") {
                                log::warn!("{label}: {l}");
                            }
                            l == "readyok"
                        })
                    })
                    .map_err(|w| fault(w, "readyok", HANDSHAKE))?;
            }
            self.proc = Some(p);
        }
        Ok(self.proc.as_mut().expect("just started"))
    }

    /// Chooses variant `v` in the engine (a custom variant's definition first, from a file): an
    /// engine that answers with an error cannot play it, and loses the game by that fault.
    fn tell_variant(&mut self, v: &'static Variant) -> Result<(), Fault> {
        let mut lines = Vec::new();
        if Variant::preset(v.name()).is_none_or(|p| !std::ptr::eq(p, v)) {
            let path = std::env::temp_dir().join(format!(
                "ewn-variant-{}-{}.toml",
                std::process::id(),
                v.name()
            ));
            std::fs::write(&path, variant_file::to_toml(v)).map_err(|e| {
                Fault::Crash(format!("writing the definition of {}: {e}", v.name()))
            })?;
            lines.push(format!(
                "setoption name VariantPath value {}",
                path.display()
            ));
        }
        lines.push(format!("setoption name UCI_Variant value {}", v.name()));
        lines.push("isready".into());
        let p = self.proc()?;
        let deadline = Instant::now() + HANDSHAKE;
        let mut r = Ok(String::new());
        for l in &lines {
            r = p.send(l, deadline).map(|_| String::new());
            if r.is_err() {
                break;
            }
        }
        let r = r.and_then(|_| p.wait_for(deadline, &|l| l == "readyok" || l.starts_with("error")));
        let line = self.check(r, "readyok", HANDSHAKE)?;
        if line.starts_with("error") {
            self.proc = None;
            return Err(Fault::Malformed(format!(
                "refuses variant {}: {line}",
                v.name()
            )));
        }
        Ok(())
    }

    fn ready(&mut self) -> Result<(), Fault> {
        let p = self.proc()?;
        let deadline = Instant::now() + HANDSHAKE;
        let r = p
            .send("isready", deadline)
            .and_then(|_| p.wait_for(deadline, &|l| l == "readyok"));
        self.check(r.map(|_| ()), "readyok", HANDSHAKE)
    }

    fn check<T>(&mut self, r: Result<T, Wait>, what: &str, wait: Duration) -> Result<T, Fault> {
        lost(&mut self.proc, r, what, wait)
    }

    fn position_line(turn: &Turn) -> String {
        let mut s = format!("position fen {}", to_fen(turn.start));
        if !turn.history.is_empty() {
            s.push_str(" moves");
            for m in turn.history {
                s.push(' ');
                s.push_str(&m.display(turn.start.variant()).to_string());
            }
        }
        s
    }

    fn go_line(turn: &Turn) -> String {
        // Without dice there is no roll to give: the mover picks any cube.
        let die = if turn.board.variant().has_dice() {
            format!("die {} ", turn.die)
        } else {
            String::new()
        };
        match turn.tc {
            TimeControl::MoveTime { ms } => format!("go {die}movetime {ms}"),
            TimeControl::Game { .. } => format!(
                "go {die}rtime {} btime {} rinc {} binc {}",
                turn.clock_ms[Color::Red.idx()],
                turn.clock_ms[Color::Blue.idx()],
                turn.inc_ms[Color::Red.idx()],
                turn.inc_ms[Color::Blue.idx()]
            ),
        }
    }
}

impl Player for Native {
    fn name(&self) -> String {
        self.label.clone()
    }

    fn set_variant(&mut self, v: &'static Variant) -> Result<(), Fault> {
        self.variant = Some(v);
        Ok(())
    }

    fn log_to(&mut self, path: Option<PathBuf>) {
        if let Some(p) = &self.proc {
            p.shared.set_log(path.as_deref());
        }
        self.log = path;
    }

    fn win_chance(&self) -> Option<f64> {
        self.wp
    }

    fn new_game(&mut self, _tc: TimeControl, _side: Color, _seed: u64) -> Result<(), Fault> {
        let p = self.proc()?;
        p.drain();
        let r = p.send("uginewgame", Instant::now() + HANDSHAKE);
        self.check(r, "uginewgame", HANDSHAKE)?;
        if let Some(v) = self.variant {
            self.tell_variant(v)?;
        }
        self.ready()
    }

    fn setup(&mut self, side: Color, wait: Duration) -> Result<[u8; 6], Fault> {
        let p = self.proc()?;
        let deadline = Instant::now() + wait;
        let side = if side == Color::Red { "r" } else { "b" };
        // `go setup` answers for the side to move.
        let r = p
            .send(&format!("position setup 123456 123456 {side}"), deadline)
            .and_then(|_| p.send("go setup", deadline))
            .and_then(|_| p.wait_for(deadline, &|l| l.starts_with("bestmove")));
        let line = self.check(r, "setup", wait)?;
        let word = line.split_whitespace().nth(1).unwrap_or("");
        // The standard game's setup question: six cubes, 1 to 6.
        let v = crate::rules::variant::Variant::standard();
        let s = parse_setup_in(v, word)
            .map_err(|e| Fault::Malformed(format!("setup '{line}': {e}")))?;
        let mut out = [0u8; 6];
        out.copy_from_slice(&s);
        Ok(out)
    }

    fn choose(&mut self, turn: &Turn) -> Result<Move, Fault> {
        let p = self.proc()?;
        let deadline = Instant::now() + turn.wait;
        let wp = std::cell::Cell::new(None);
        let r = p
            .send(&Self::position_line(turn), deadline)
            .and_then(|_| p.send(&Self::go_line(turn), deadline))
            .and_then(|_| {
                p.wait_for(deadline, &|l| {
                    let mut w = l.split_whitespace();
                    let first = w.next();
                    if first == Some("info") {
                        let mut w = w.skip_while(|&t| t != "wp").skip(1);
                        if let Some(v) = w.next().and_then(|v| v.parse::<f64>().ok())
                            && (0.0..=1.0).contains(&v)
                        {
                            wp.set(Some(v));
                        }
                    }
                    first == Some("bestmove")
                })
            });
        self.wp = wp.get();
        let line = self.check(r, "bestmove", turn.wait)?;
        let word = line.split_whitespace().nth(1).unwrap_or("");
        parse_move_in(turn.board.variant(), word)
            .map_err(|e| Fault::Malformed(format!("'{line}': {e}")))
    }
}

impl Drop for Native {
    fn drop(&mut self) {
        if let Some(p) = self.proc.as_mut() {
            p.quit("quit");
        }
    }
}

/// An engine speaking the TCG contest protocol.
pub struct Tcg {
    argv: Vec<String>,
    label: String,
    settings: Settings,
    /// Keep one process for many games; by default every game gets a fresh one.
    reuse: bool,
    proc: Option<Proc>,
    /// The variant of the games (`board_setting`), when not the standard game.
    variant: Option<&'static Variant>,
    /// The current engine log (`Player::log_to`).
    log: Option<PathBuf>,
}

/// TCG only knows a game clock: under a per-move control a TCG engine gets this many moves' worth
/// of time for the whole game, and the referee holds it to that clock.
pub const TCG_MOVES_PER_GAME: u64 = 15;

impl Tcg {
    pub fn new(argv: Vec<String>, label: &str) -> Tcg {
        Tcg::with_settings(argv, label, Settings::default(), false)
    }

    /// An engine started as `settings` say (TCG has no options to give). With `reuse` one
    /// process plays game after game; without, every game starts a fresh process, as the
    /// contest judges run TCG engines (many keep their game clock for the life of the process).
    pub fn with_settings(argv: Vec<String>, label: &str, settings: Settings, reuse: bool) -> Tcg {
        Tcg {
            argv,
            label: label.to_string(),
            settings,
            reuse,
            proc: None,
            variant: None,
            log: None,
        }
    }

    /// Ends the running process, if any: told to exit, then its group killed.
    fn stop(&mut self) {
        if let Some(mut p) = self.proc.take() {
            p.quit("exit");
        }
    }

    fn proc(&mut self) -> Result<&mut Proc, Fault> {
        if self.proc.is_none() {
            let p = Proc::spawn(&self.argv, &self.settings).map_err(Fault::Crash)?;
            p.shared.set_log(self.log.as_deref());
            self.proc = Some(p);
        }
        Ok(self.proc.as_mut().expect("just started"))
    }

    /// Sends one command and returns its one-line reply.
    fn ask(&mut self, line: &str, what: &str, wait: Duration) -> Result<String, Fault> {
        let p = self.proc()?;
        p.drain();
        let deadline = Instant::now() + wait;
        let r = p
            .send(line, deadline)
            .and_then(|_| p.wait_for(deadline, &|_| true));
        lost(&mut self.proc, r, what, wait)
    }

    /// A malformed reply: the process, out of step with the referee, is dropped like a failed
    /// one, so that even with `reuse` the next game starts a fresh one.
    fn malformed(&mut self, why: String) -> Fault {
        self.proc = None;
        Fault::Malformed(why)
    }
}

impl Player for Tcg {
    fn name(&self) -> String {
        self.label.clone()
    }

    fn log_to(&mut self, path: Option<PathBuf>) {
        if let Some(p) = &self.proc {
            p.shared.set_log(path.as_deref());
        }
        self.log = path;
    }

    fn time_control(&self, tc: TimeControl) -> TimeControl {
        match tc {
            TimeControl::MoveTime { ms } => TimeControl::Game {
                base_ms: ms * TCG_MOVES_PER_GAME,
                inc_ms: 0,
            },
            g => g,
        }
    }

    fn new_game(&mut self, tc: TimeControl, _side: Color, _seed: u64) -> Result<(), Fault> {
        if !self.reuse {
            self.stop();
        }
        let base_ms = match self.time_control(tc) {
            TimeControl::Game { base_ms, .. } => base_ms,
            TimeControl::MoveTime { ms } => ms,
        };
        // Whole seconds are the common form; a fraction is sent only when needed.
        let secs = if base_ms % 1000 == 0 {
            format!("{}", base_ms / 1000)
        } else {
            format!("{:.3}", base_ms as f64 / 1000.0)
        };
        self.ask(&format!("time_setting {secs}"), "time_setting", HANDSHAKE)?;
        let v = self.variant.unwrap_or(Variant::standard());
        let Some(setting) = tcg::board_setting_line(v) else {
            return Err(Fault::Malformed(format!(
                "the TCG protocol has no board_setting for variant {}",
                v.name()
            )));
        };
        let reply = self.ask(&setting, "board_setting", HANDSHAKE)?;
        if !v.standard && reply.trim() != "1" {
            return Err(self.malformed(format!(
                "refuses variant {} ('{setting}' answered '{}')",
                v.name(),
                reply.trim()
            )));
        }
        Ok(())
    }

    fn set_variant(&mut self, v: &'static Variant) -> Result<(), Fault> {
        self.variant = Some(v);
        Ok(())
    }

    fn setup(&mut self, side: Color, wait: Duration) -> Result<[u8; 6], Fault> {
        let line = self.ask(
            &format!("ini {}", tcg::side_letter(side)),
            "arrangement",
            wait,
        )?;
        tcg::standard_parse_tcg_setup(side, &line).map_err(|e| self.malformed(format!("ini: {e}")))
    }

    fn choose(&mut self, turn: &Turn) -> Result<Move, Fault> {
        let line = format!(
            "get {} {} {}",
            tcg::side_letter(turn.board.side_to_move()),
            turn.die,
            tcg::board_tokens(turn.board)
        );
        let reply = self.ask(&line, "move", turn.wait)?;
        tcg::parse_tcg_move_in(turn.board.variant(), &reply)
            .map_err(|e| self.malformed(format!("'{reply}': {e}")))
    }
}

impl Drop for Tcg {
    fn drop(&mut self) {
        self.stop();
    }
}
