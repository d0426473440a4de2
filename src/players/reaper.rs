//! The one place of the program's process handling: starting engine programs in process groups of
//! their own with their limits, the signals that end a runner, and that engines and everything they
//! start end with their game and with the runner, however either ends and whatever the engines'
//! descendants do to their session or environment. [`super::engine`] uses it; nothing else does,
//! but for the words `ewn match` leaves with it to say when a signal ends it ([`at_termination`]).
//!
//! It is Unix only (Linux for the parent-death signal, the subreaper, `/proc` and CPU sets);
//! elsewhere the same functions exist and starting an engine program is refused, so that the
//! engine itself (the rules, the search, the protocol front ends) builds on any platform.
//!
//! The mechanism, and why: a descendant can leave its engine's process group and session
//! (`setsid`) and drop its environment (`env -i`), so neither a group nor an inherited tag finds
//! it; cgroups would, but they are seldom writable by an ordinary user. What no process can
//! escape is its parent link, and where an orphan goes:
//!
//! - The runner is a child subreaper (`PR_SET_CHILD_SUBREAPER`): a descendant whose parent dies
//!   becomes the runner's child, never init's, in whatever session. The runner's children are
//!   only the engines it started and its guardian, so any other child is an escaped descendant,
//!   and [`end`] kills it (the *sweep*) each time an engine ends.
//! - When an engine ends, its whole tree is found by parent links in `/proc` and killed with its
//!   group.
//! - Engines are started by one long-lived thread: each asks the kernel for SIGKILL when that
//!   thread dies (`PR_SET_PDEATHSIG`, which follows the thread that forked).
//! - SIGINT, SIGTERM, SIGHUP and SIGQUIT are taken by a thread (not a handler, so it may read
//!   `/proc`): it says the runner's last words if it has any ([`at_termination`]: a match names
//!   its record and how to resume it), kills every engine's tree and the escaped children, then
//!   ends the runner by the signal's default action. A signal the runner ignores (as SIGHUP
//!   under `nohup`) stays ignored.
//! - A guardian (this program started again with [`GUARDIAN_ARG`], in a session of its own, so
//!   that `kill -9 -<runner's group>` and the terminal's signals miss it) is told of every engine
//!   and looks at the runner's process tree every [`GUARDIAN_SCAN`], keeping each process it saw
//!   by id and start time. When the runner dies in any way, even by SIGKILL, its end of the pipe
//!   closes, and the guardian kills every process it knew (that is still the same process), the
//!   engines' groups and all their descendants. A process that no scan saw went where the
//!   guardian went when the runner died (the same adopter, the nearest subreaper or init), and
//!   started after the second-last scan that the runner lived through began (a scan can miss a
//!   process that moves up the tree as it walks down, and one during which the runner died
//!   misses what the death orphaned; before its first scan the guardian counts from its own
//!   fork, however late it got to run): the guardian kills the adopter's children that started
//!   since then outside the runner's session. So only a process that an engine's
//!   descendant orphans after the runner's death and before the guardian's last kill round, or
//!   one that leaves the adopter again in that moment, can escape; and a process of someone
//!   else's, started in that same tick and orphaned to the same adopter, would be killed too,
//!   unless it carries another runner's [`RUNNER_TAG`] (another runner's engine, started by a
//!   program that runs matches itself and is also the adopter).

#[cfg(unix)]
pub use unix::*;

#[cfg(not(unix))]
pub use other::*;

/// Set when a termination signal (Ctrl-C) is taken, before the runner's last words: a game that
/// ends from then on (its engines killed, or its last move played meanwhile) is not the match's,
/// which the last words have told as it stood (see [`terminating`]).
static TERMINATING: std::sync::atomic::AtomicBool = std::sync::atomic::AtomicBool::new(false);

/// True once a termination signal has been taken: the runner is ending, and a game that ends now
/// is neither counted, written nor shown (the terminal once printed and counted "game 13/16 ... by
/// goal" after the stop, which the record and the live page left out).
pub fn terminating() -> bool {
    TERMINATING.load(std::sync::atomic::Ordering::SeqCst)
}

/// Waits, once a termination signal has been taken, for the end its thread brings (the last
/// words, the engines ended, the exit with the signal's status); returns at once otherwise. For
/// a runner whose games stopped because of the signal: ending on its own it exited with success
/// before that thread could (a match of built-in players stopped by Ctrl-C exited 0).
pub fn await_termination() {
    while terminating() {
        std::thread::park();
    }
}

/// The argument that starts this program as a runner's guardian.
pub const GUARDIAN_ARG: &str = "__ewn-guardian";

/// The environment variable every engine is started with, naming the runner's process id: a
/// process that carries another runner's id in its environment belongs to that runner, and the
/// guardian of a runner that died never takes it for one of its own unseen orphans (two runners
/// can share an adopter: a program that runs matches itself and starts other runners).
pub const RUNNER_TAG: &str = "EWN_RUNNER_PID";

/// How often the guardian looks at the runner's process tree.
pub const GUARDIAN_SCAN: std::time::Duration = std::time::Duration::from_millis(100);

/// How an engine process is limited, besides its command.
#[derive(Clone, Debug, Default)]
pub struct Limits {
    /// Its address-space limit in bytes (`RLIMIT_AS`).
    pub mem_bytes: Option<u64>,
    /// The CPUs it may run on (Linux).
    pub cpus: Option<Vec<usize>>,
}

#[cfg(unix)]
mod unix {
    use std::collections::{HashMap, HashSet};
    use std::io::{self, BufRead, Write};
    use std::os::fd::AsFd;
    use std::os::unix::process::CommandExt;
    use std::process::{Child, ChildStdin, Command, Stdio};
    use std::sync::atomic::{AtomicI32, Ordering};
    use std::sync::{Mutex, Once, OnceLock, mpsc};
    use std::time::{Duration, Instant};

    use nix::sys::signal::{Signal, kill, killpg};
    use nix::sys::wait::{Id, WaitPidFlag, WaitStatus, waitid, waitpid};
    use nix::unistd::Pid;

    use super::{GUARDIAN_ARG, GUARDIAN_SCAN, Limits, RUNNER_TAG};

    /// Guards starting a process and registering it against a sweep that runs meanwhile.
    static PROCS: Mutex<()> = Mutex::new(());
    /// Killed descendants not reaped yet (they become the runner's children, as it is a
    /// subreaper).
    static PENDING: Mutex<Vec<(i32, Instant)>> = Mutex::new(Vec::new());
    /// How long a killed process is waited for to become the runner's child and be reaped.
    const PENDING_FOR: Duration = Duration::from_secs(10);
    /// How long an ended engine's killed descendants are waited for, to be reaped.
    const SWEEP_WAIT: Duration = Duration::from_millis(100);

    /// The engines' groups (each the id of its leader, the engine), for the signal thread and the
    /// sweep.
    const GROUP_SLOTS: usize = 512;
    #[allow(clippy::declare_interior_mutable_const)]
    const EMPTY_SLOT: AtomicI32 = AtomicI32::new(0);
    static GROUPS: [AtomicI32; GROUP_SLOTS] = [EMPTY_SLOT; GROUP_SLOTS];

    fn groups() -> Vec<i32> {
        GROUPS
            .iter()
            .map(|s| s.load(Ordering::SeqCst))
            .filter(|&g| g > 0)
            .collect()
    }

    type Job = (Command, mpsc::Sender<io::Result<Child>>);

    /// Starts `command` as an engine: in a process group of its own, with `limits`, on the one
    /// thread that starts engines (so that the parent-death signal, which follows the spawning
    /// thread, comes only when the runner ends), registered with the signal thread and the
    /// guardian before any sweep can see it.
    pub fn spawn(mut command: Command, limits: &Limits) -> io::Result<Child> {
        static KEEPER: OnceLock<Mutex<mpsc::Sender<Job>>> = OnceLock::new();
        install();
        let keeper = KEEPER.get_or_init(|| {
            let (tx, rx) = mpsc::channel::<Job>();
            std::thread::Builder::new()
                .name("engine-starter".into())
                .spawn(move || {
                    for (mut c, reply) in rx {
                        let _ = reply.send(c.spawn());
                    }
                })
                .expect("starting the engine starter thread");
            Mutex::new(tx)
        });
        command.env(RUNNER_TAG, std::process::id().to_string());
        prepare_child(&mut command, limits);
        let _g = PROCS.lock().unwrap_or_else(|e| e.into_inner());
        // Told before the start: on a loaded machine an engine can start its own children,
        // and the runner die, before the runner gets to say which engine it started.
        guardian_send("~");
        let started = (|| {
            let (tx, rx) = mpsc::channel();
            keeper
                .lock()
                .unwrap_or_else(|e| e.into_inner())
                .send((command, tx))
                .map_err(|_| io::Error::other("the engine starter thread is gone"))?;
            rx.recv()
                .map_err(|_| io::Error::other("the engine starter thread is gone"))?
        })();
        let child = match started {
            Ok(child) => child,
            Err(e) => {
                guardian_send("!");
                return Err(e);
            }
        };
        let pid = child.id() as i32;
        // A runner with more engines than slots still kills the others at their end.
        let _ = GROUPS.iter().position(|slot| {
            slot.compare_exchange(0, pid, Ordering::SeqCst, Ordering::SeqCst)
                .is_ok()
        });
        // With its start time: the guardian counts what it may have missed from there.
        // Without it (no `/proc`) the guardian reads it itself: a made-up 0 would have it take
        // every orphan since boot for the runner's.
        match stat(pid) {
            Some(s) => guardian_send(&format!("+{pid} {}", s.start)),
            None => guardian_send(&format!("+{pid}")),
        }
        Ok(child)
    }

    /// What runs in the child between fork and exec: the parent-death signal (Linux), the memory
    /// limit and the CPU set, all prepared before the fork.
    fn prepare_child(command: &mut Command, limits: &Limits) {
        let parent = std::process::id() as i32;
        let mem = limits.mem_bytes;
        #[cfg(target_os = "linux")]
        let set = limits.cpus.as_ref().map(|cpus| {
            let mut set = nix::sched::CpuSet::new();
            for &c in cpus {
                let _ = set.set(c);
            }
            set
        });
        let hook = move || -> io::Result<()> {
            // A session of its own (and so a group of its own, with the engine's id): whatever
            // it starts stays in that session or a newer one, never the runner's.
            nix::unistd::setsid()?;
            #[cfg(target_os = "linux")]
            {
                nix::sys::prctl::set_pdeathsig(Signal::SIGKILL)?;
                // The runner died before the request: the parent is another process already.
                if nix::unistd::getppid().as_raw() != parent {
                    return Err(io::Error::other("the runner is gone"));
                }
                if let Some(set) = &set {
                    nix::sched::sched_setaffinity(Pid::from_raw(0), set)?;
                }
            }
            if let Some(bytes) = mem {
                use nix::sys::resource::{Resource, setrlimit};
                setrlimit(Resource::RLIMIT_AS, bytes, bytes)?;
            }
            let _ = parent;
            Ok(())
        };
        // SAFETY: the hook runs between fork and exec in the child of a process with threads, so
        // it must not allocate or take a lock: it makes only the system calls setsid, prctl,
        // getppid, sched_setaffinity and setrlimit (async-signal-safe) on values prepared before
        // the fork.
        unsafe {
            command.pre_exec(hook);
        }
    }

    /// The CPUs this process may run on (Linux); empty where that cannot be known.
    pub fn usable_cpus() -> Vec<usize> {
        #[cfg(target_os = "linux")]
        if let Ok(set) = nix::sched::sched_getaffinity(Pid::from_raw(0)) {
            return (0..nix::sched::CpuSet::count())
                .filter(|&c| set.is_set(c).unwrap_or(false))
                .collect();
        }
        Vec::new()
    }

    /// Once: makes the runner a subreaper, starts the guardian and the signal thread.
    fn install() {
        static ONCE: Once = Once::new();
        ONCE.call_once(|| {
            #[cfg(target_os = "linux")]
            let _ = nix::sys::prctl::set_child_subreaper(true);
            guardian();
            signal_thread();
        });
    }

    /// What the runner has to say when a termination signal ends it (see [`at_termination`]).
    type LastWords = Box<dyn FnOnce() + Send>;
    static LAST_WORDS: Mutex<Option<LastWords>> = Mutex::new(None);

    /// Has `words` run on the signal thread when SIGINT, SIGTERM, SIGHUP or SIGQUIT ends the
    /// runner, before its engines are killed (so that a game they were playing is not yet a
    /// forfeit): a match says there what its record holds and how to resume it. The signals are
    /// taken from now on, also when no engine program is ever started; `None` takes the words
    /// back.
    pub fn at_termination(words: Option<LastWords>) {
        *LAST_WORDS.lock().unwrap_or_else(|e| e.into_inner()) = words;
        signal_thread();
    }

    /// Once: the thread that takes the termination signals, says the last words, kills every
    /// engine and ends the runner by the signal's default action.
    fn signal_thread() {
        static ONCE: Once = Once::new();
        ONCE.call_once(|| {
            let wanted = [libc::SIGINT, libc::SIGTERM, libc::SIGHUP, libc::SIGQUIT];
            let ignored = ignored_signals();
            let sigs: Vec<i32> = wanted
                .into_iter()
                .filter(|&s| ignored & (1u64 << (s - 1)) == 0)
                .collect();
            match signal_hook::iterator::Signals::new(&sigs) {
                Ok(mut signals) => {
                    let _ = std::thread::Builder::new()
                        .name("engine-signals".into())
                        .spawn(move || {
                            if let Some(sig) = signals.forever().next() {
                                super::TERMINATING.store(true, Ordering::SeqCst);
                                let words =
                                    LAST_WORDS.lock().unwrap_or_else(|e| e.into_inner()).take();
                                if let Some(words) = words {
                                    words();
                                }
                                end_everything();
                                let _ = signal_hook::low_level::emulate_default_handler(sig);
                                std::process::exit(128 + sig);
                            }
                        });
                }
                Err(e) => log::warn!("cannot take the termination signals: {e}"),
            }
        });
    }

    /// The signals this process ignores, as a mask (bit `n - 1` for signal `n`), from
    /// `/proc/self/status`; none where that cannot be read.
    fn ignored_signals() -> u64 {
        std::fs::read_to_string("/proc/self/status")
            .ok()
            .and_then(|s| {
                let line = s.lines().find(|l| l.starts_with("SigIgn:"))?;
                u64::from_str_radix(line["SigIgn:".len()..].trim(), 16).ok()
            })
            .unwrap_or(0)
    }

    /// Kills every engine with its whole tree and every escaped descendant (the runner is about
    /// to end).
    fn end_everything() {
        let _g = PROCS.lock().unwrap_or_else(|e| e.into_inner());
        let engines = groups();
        let table = Table::read();
        let mut tree = table.descendants(&engines);
        tree.extend(&engines);
        for &g in &engines {
            let _ = killpg(Pid::from_raw(g), Signal::SIGKILL);
        }
        kill_all(&tree);
        // What the kills orphaned comes to the runner: a few rounds catch what was in flight.
        for _ in 0..10 {
            let strays = foreign_children(&engines, false);
            if strays.is_empty() {
                break;
            }
            let table = Table::read();
            let mut more = table.descendants(&strays);
            more.extend(&strays);
            kill_all(&more);
            std::thread::sleep(Duration::from_millis(10));
        }
    }

    /// Ends the engine `child`: its whole tree (found before the kill, while the links hold, in
    /// any group or session) and its group are killed, it is reaped, and the runner's escaped
    /// children are swept.
    pub fn end(child: &mut Child) {
        let g = child.id() as i32;
        let tree = Table::read().descendants(&[g]);
        // The leader is not reaped yet, so the id is still this group's.
        let _ = killpg(Pid::from_raw(g), Signal::SIGKILL);
        kill_all(&tree);
        // Out of the tables before the reap frees the id for another process.
        if let Some(slot) = GROUPS.iter().find(|s| s.load(Ordering::SeqCst) == g) {
            slot.store(0, Ordering::SeqCst);
        }
        guardian_send(&format!("-{g}"));
        let _ = child.wait();
        sweep(SWEEP_WAIT);
    }

    /// True once the process `pid` (a child) has exited, without reaping it, so that its id, and
    /// so its group's, cannot be taken by another process while the group is killed.
    pub fn exited(pid: u32) -> bool {
        let flags = WaitPidFlag::WEXITED | WaitPidFlag::WNOHANG | WaitPidFlag::WNOWAIT;
        !matches!(
            waitid(Id::Pid(Pid::from_raw(pid as i32)), flags),
            Ok(WaitStatus::StillAlive)
        )
    }

    /// Kills `pids` and remembers them for reaping.
    fn kill_all(pids: &[i32]) {
        for &p in pids {
            let _ = kill(Pid::from_raw(p), Signal::SIGKILL);
        }
        let now = Instant::now();
        PENDING
            .lock()
            .unwrap_or_else(|e| e.into_inner())
            .extend(pids.iter().map(|&p| (p, now)));
    }

    /// The runner's children that came from an engine, live or (`dead`) defunct: those it did
    /// not start (neither engines nor a guardian) in another session than its own. Every engine starts a session of
    /// its own and no process can join an older one, so whatever an engine starts is in some
    /// other session, while what the runner's own code starts (a browser, in a test the programs
    /// it runs) stays in the runner's.
    fn foreign_children(engines: &[i32], dead: bool) -> Vec<i32> {
        let me = std::process::id() as i32;
        let Some(mine) = stat(me) else {
            return Vec::new();
        };
        children(me)
            .into_iter()
            .filter(|&p| !engines.contains(&p))
            .filter(|&p| {
                stat(p).is_some_and(|s| s.zombie == dead && s.ppid == me && s.sid != mine.sid)
            })
            .filter(|&p| !is_guardian(p))
            .collect()
    }

    /// True when `pid` is a guardian: the runner's own, or one that a runner this process started
    /// left behind (it then becomes this process's child, and is still ending that runner's
    /// engines). Known by its argument, since the program may be another build of this one.
    fn is_guardian(pid: i32) -> bool {
        pid == GUARDIAN_PID.load(Ordering::SeqCst)
            || std::fs::read(format!("/proc/{pid}/cmdline"))
                .is_ok_and(|c| c.split(|&b| b == 0).nth(1) == Some(GUARDIAN_ARG.as_bytes()))
    }

    /// Reaps, without waiting, what engines left behind: descendants killed with their engine
    /// that ended after the last wait for them, and orphans of an engine that ended on their
    /// own and were adopted by the runner. Neither is anyone's `Child`, so reaping them frees
    /// no id that an engine's group still stands for. For a runner that outlives its engines
    /// (the live page's final screen), where no engine's end sweeps any more.
    pub fn reap_strays() {
        sweep(Duration::ZERO);
    }

    /// Kills (with their trees) the runner's children that came from an engine (orphans that
    /// lost their parent), and reaps them and the descendants killed before, waiting up to
    /// `wait` for those still on their way to becoming the runner's children.
    fn sweep(wait: Duration) {
        if !cfg!(target_os = "linux") {
            return;
        }
        {
            let _g = PROCS.lock().unwrap_or_else(|e| e.into_inner());
            let engines = groups();
            let strays = foreign_children(&engines, false);
            let mut all = Table::read().descendants(&strays);
            all.extend(&strays);
            // Orphans that ended on their own after adoption: nobody's `Child`, reaped with the
            // rest (a kill of a defunct process changes nothing).
            all.extend(foreign_children(&engines, true));
            if !all.is_empty() {
                kill_all(&all);
            }
        }
        let until = Instant::now() + wait;
        let mut pending = PENDING.lock().unwrap_or_else(|e| e.into_inner());
        loop {
            pending.retain(|&(p, since)| {
                let r = waitpid(Pid::from_raw(p), Some(WaitPidFlag::WNOHANG));
                // Reaped, gone without being ours to reap, or never coming.
                let reaped = matches!(r, Ok(s) if s != WaitStatus::StillAlive);
                !(reaped || (r.is_err() && stat(p).is_none()) || since.elapsed() > PENDING_FOR)
            });
            if pending.is_empty() || Instant::now() >= until {
                break;
            }
            std::thread::sleep(Duration::from_millis(5));
        }
    }

    /// Makes a child's pipe non-blocking.
    pub fn set_nonblocking(fd: &impl AsFd) {
        use nix::fcntl::{FcntlArg, OFlag, fcntl};
        if let Ok(flags) = fcntl(fd.as_fd(), FcntlArg::F_GETFL) {
            let flags = OFlag::from_bits_truncate(flags) | OFlag::O_NONBLOCK;
            let _ = fcntl(fd.as_fd(), FcntlArg::F_SETFL(flags));
        }
    }

    /// Waits until `fd` can take more bytes or `deadline` passes; false on the deadline.
    pub fn wait_writable(fd: &impl AsFd, deadline: Instant) -> bool {
        use nix::poll::{PollFd, PollFlags, PollTimeout, poll};
        let now = Instant::now();
        if now >= deadline {
            return false;
        }
        let ms = (deadline - now).as_millis().clamp(1, 1000) as u16;
        let mut fds = [PollFd::new(fd.as_fd(), PollFlags::POLLOUT)];
        let _ = poll(&mut fds, PollTimeout::from(ms));
        true
    }

    // ----- The process table ------------------------------------------------------------------

    /// One process as `/proc/<pid>/stat` shows it.
    #[derive(Clone, Copy, Debug)]
    struct Stat {
        ppid: i32,
        /// Its session.
        sid: i32,
        zombie: bool,
        /// When it started, in clock ticks after boot: with the id, it names one process.
        start: u64,
    }

    fn stat(pid: i32) -> Option<Stat> {
        let s = std::fs::read_to_string(format!("/proc/{pid}/stat")).ok()?;
        // The name in parentheses may hold anything; the fields follow the last ')'.
        let rest = s.rsplit_once(')')?.1;
        let w: Vec<&str> = rest.split_whitespace().collect();
        Some(Stat {
            zombie: *w.first()? == "Z",
            ppid: w.get(1)?.parse().ok()?,
            sid: w.get(3)?.parse().ok()?,
            // Field 22 of the line, the 20th after the name.
            start: w.get(19)?.parse().ok()?,
        })
    }

    /// The children of `pid` (from its threads' `children` lists, else from the whole table).
    fn children(pid: i32) -> Vec<i32> {
        let mut out = Vec::new();
        let Ok(tasks) = std::fs::read_dir(format!("/proc/{pid}/task")) else {
            return out;
        };
        for t in tasks.flatten() {
            match std::fs::read_to_string(t.path().join("children")) {
                Ok(s) => out.extend(s.split_whitespace().filter_map(|w| w.parse::<i32>().ok())),
                Err(_) => return Table::read().children(pid),
            }
        }
        out.sort_unstable();
        out.dedup();
        out
    }

    /// Every live process with its parent, read from `/proc` at once.
    struct Table(HashMap<i32, Stat>);

    impl Table {
        fn read() -> Table {
            let pids: Vec<i32> = std::fs::read_dir("/proc")
                .map(|d| {
                    d.filter_map(|e| e.ok()?.file_name().to_str()?.parse().ok())
                        .collect()
                })
                .unwrap_or_default();
            Table(
                pids.into_iter()
                    .filter_map(|p| Some((p, stat(p).filter(|s| !s.zombie)?)))
                    .collect(),
            )
        }

        fn children(&self, pid: i32) -> Vec<i32> {
            self.0
                .iter()
                .filter(|(_, s)| s.ppid == pid)
                .map(|(&p, _)| p)
                .collect()
        }

        /// Every live descendant of `roots` (not the roots), in any group or session.
        fn descendants(&self, roots: &[i32]) -> Vec<i32> {
            let mut by_parent: HashMap<i32, Vec<i32>> = HashMap::new();
            for (&p, s) in &self.0 {
                by_parent.entry(s.ppid).or_default().push(p);
            }
            let mut seen: HashSet<i32> = roots.iter().copied().collect();
            let mut todo: Vec<i32> = roots.to_vec();
            let mut found = Vec::new();
            while let Some(p) = todo.pop() {
                for &c in by_parent.get(&p).map(|v| &v[..]).unwrap_or(&[]) {
                    if seen.insert(c) {
                        found.push(c);
                        todo.push(c);
                    }
                }
            }
            found
        }
    }

    mod guardian;
    pub use guardian::run_guardian;
    use guardian::{GUARDIAN_PID, guardian, guardian_send};
}

#[cfg(not(unix))]
mod other {
    use std::io;
    use std::process::{Child, Command};
    use std::time::Instant;

    use super::Limits;

    /// Engine programs need a Unix system here: process groups and the reaper are Unix only.
    pub fn spawn(_command: Command, _limits: &Limits) -> io::Result<Child> {
        Err(io::Error::new(
            io::ErrorKind::Unsupported,
            "engine programs are only run on Unix systems",
        ))
    }

    pub fn usable_cpus() -> Vec<usize> {
        Vec::new()
    }

    pub fn end(child: &mut Child) {
        let _ = child.kill();
        let _ = child.wait();
    }

    pub fn exited(_pid: u32) -> bool {
        false
    }

    pub fn set_nonblocking<T>(_fd: &T) {}

    pub fn wait_writable<T>(_fd: &T, deadline: Instant) -> bool {
        Instant::now() < deadline
    }

    pub fn run_guardian() -> ! {
        std::process::exit(0)
    }

    /// No signals are taken here: a signal ends the runner by its default action.
    pub fn at_termination(_words: Option<Box<dyn FnOnce() + Send>>) {}

    /// Nothing is adopted here.
    pub fn reap_strays() {}
}
