//! That engines and everything they start end with the runner, however the runner ends and however
//! the engine's descendants try to get away. [`super::engine::Proc`] uses it; nothing else does.
//!
//! - Engines are started by one long-lived thread ([`spawn`]): on Linux each engine asks the
//!   kernel for SIGKILL when its parent dies (`PR_SET_PDEATHSIG`), and the kernel means the
//!   *thread* that forked it, so a short-lived thread must not start engines.
//! - A guardian process, forked once, holds the read end of a pipe from the runner and the list of
//!   engine groups; when the runner dies in any way (even SIGKILL) the pipe closes and the
//!   guardian kills the groups, so the engines' children die too.
//! - The runner is a child subreaper (`PR_SET_CHILD_SUBREAPER`): a descendant that leaves its
//!   engine's process group (`setsid`) and whose parent dies becomes the runner's child instead
//!   of init's. Every engine carries [`TAG`] in its environment, which its descendants inherit, so
//!   [`sweep`] knows the runner's orphaned children that came from an engine and kills them.
//! - When an engine ends, [`descendants`] finds its whole process tree by parent ids, in any
//!   session, and each is killed with the group.

use std::collections::HashSet;
use std::io;
use std::os::fd::AsRawFd;
use std::os::unix::process::CommandExt;
use std::process::{Child, Command};
use std::sync::mpsc;
use std::sync::{Mutex, OnceLock};
use std::time::{Duration, Instant};

/// The environment variable every engine gets (the runner's process id): its descendants keep it.
pub const TAG: &str = "EWN_REFEREE";

/// Guards starting a process and registering it against a sweep that runs meanwhile.
static PROCS: Mutex<()> = Mutex::new(());
/// Killed descendants not reaped yet (they become the runner's children, as it is a subreaper).
static PENDING: Mutex<Vec<(i32, Instant)>> = Mutex::new(Vec::new());
/// How long a killed process is waited for to become the runner's child and be reaped.
const PENDING_FOR: Duration = Duration::from_secs(10);

type Job = (Command, mpsc::Sender<io::Result<Child>>);

/// Starts `command` on the one thread that starts engines, so that the parent-death signal,
/// which follows the spawning thread, comes only when the runner ends. `register` runs with the
/// new process's id before any sweep can see it.
pub fn spawn(mut command: Command, register: impl FnOnce(i32)) -> io::Result<Child> {
    static KEEPER: OnceLock<Mutex<mpsc::Sender<Job>>> = OnceLock::new();
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
    command.env(TAG, std::process::id().to_string());
    die_with_parent(&mut command);
    let _g = PROCS.lock().unwrap_or_else(|e| e.into_inner());
    let (tx, rx) = mpsc::channel();
    keeper
        .lock()
        .unwrap_or_else(|e| e.into_inner())
        .send((command, tx))
        .map_err(|_| io::Error::other("the engine starter thread is gone"))?;
    let child = rx
        .recv()
        .map_err(|_| io::Error::other("the engine starter thread is gone"))??;
    register(child.id() as i32);
    guardian_add(child.id() as i32);
    Ok(child)
}

#[cfg(target_os = "linux")]
fn die_with_parent(command: &mut Command) {
    let parent = std::process::id() as libc::pid_t;
    // SAFETY: runs between fork and exec and makes only the async-signal-safe calls prctl and
    // getppid. If the runner died before prctl, getppid already names another process.
    unsafe {
        command.pre_exec(move || {
            if libc::prctl(libc::PR_SET_PDEATHSIG, libc::SIGKILL) != 0 || libc::getppid() != parent
            {
                return Err(io::Error::other("the runner is gone"));
            }
            Ok(())
        });
    }
}

#[cfg(not(target_os = "linux"))]
fn die_with_parent(_command: &mut Command) {}

/// Makes the runner a child subreaper (Linux), once.
pub fn become_subreaper() {
    #[cfg(target_os = "linux")]
    {
        static ONCE: std::sync::Once = std::sync::Once::new();
        // SAFETY: prctl with integer arguments changes only this process's attribute.
        ONCE.call_once(|| unsafe {
            libc::prctl(libc::PR_SET_CHILD_SUBREAPER, 1);
        });
    }
}

/// The write end of the pipe to the guardian; -1 when it could not be started.
static GUARDIAN: OnceLock<i32> = OnceLock::new();
/// The most groups the guardian keeps (more are still killed by the runner itself).
const GUARDIAN_SLOTS: usize = 1024;

#[cfg(not(target_os = "linux"))]
fn guardian() -> i32 {
    -1
}

#[cfg(target_os = "linux")]
fn guardian() -> i32 {
    *GUARDIAN.get_or_init(|| {
        let mut fds = [0i32; 2];
        // SAFETY: pipe2 writes two descriptors into `fds`.
        if unsafe { libc::pipe2(fds.as_mut_ptr(), libc::O_CLOEXEC) } != 0 {
            return -1;
        }
        let (rd, wr) = (fds[0], fds[1]);
        // SAFETY: after fork the child runs only async-signal-safe calls (signal, close, read,
        // kill, _exit) on a fixed array on its stack: it allocates nothing and takes no lock, as
        // the child of a process with threads must.
        unsafe {
            match libc::fork() {
                -1 => {
                    libc::close(rd);
                    libc::close(wr);
                    -1
                }
                0 => guard(rd),
                _ => {
                    libc::close(rd);
                    // A full pipe must never block the runner: a lost message only leaves a
                    // group the runner kills itself anyway.
                    libc::fcntl(wr, libc::F_SETFL, libc::O_NONBLOCK);
                    wr
                }
            }
        }
    })
}

/// The guardian: keeps the groups it is told of and kills them when the runner's end of the pipe
/// closes. Never returns.
#[cfg(target_os = "linux")]
unsafe fn guard(rd: i32) -> ! {
    unsafe {
        for sig in [libc::SIGINT, libc::SIGTERM, libc::SIGHUP, libc::SIGQUIT] {
            libc::signal(sig, libc::SIG_IGN);
        }
        // Nothing of the runner's is kept open: not its output, its record or its sockets.
        for fd in 0..4096 {
            if fd != rd {
                libc::close(fd);
            }
        }
        let mut groups = [0i32; GUARDIAN_SLOTS];
        let mut buf = [0u8; 4];
        loop {
            let mut got = 0;
            while got < 4 {
                let n = libc::read(rd, buf.as_mut_ptr().add(got).cast(), 4 - got);
                if n <= 0 {
                    if n < 0 && io::Error::last_os_error().raw_os_error() == Some(libc::EINTR) {
                        continue;
                    }
                    for &g in &groups {
                        if g > 0 {
                            libc::kill(-g, libc::SIGKILL);
                        }
                    }
                    libc::_exit(0);
                }
                got += n as usize;
            }
            let v = i32::from_ne_bytes(buf);
            if v > 0 {
                if let Some(s) = groups.iter_mut().find(|s| **s == 0) {
                    *s = v;
                }
            } else if let Some(s) = groups.iter_mut().find(|s| **s == -v) {
                *s = 0;
            }
        }
    }
}

fn guardian_send(v: i32) {
    let fd = guardian();
    if fd >= 0 {
        // SAFETY: writes four bytes from a local array; a pipe write that small is atomic.
        unsafe {
            libc::write(fd, v.to_ne_bytes().as_ptr().cast(), 4);
        }
    }
}

fn guardian_add(g: i32) {
    guardian_send(g);
}

/// Tells the guardian that group `g` is gone (before its id can be reused).
pub fn guardian_remove(g: i32) {
    guardian_send(-g);
}

/// One process as `/proc/<pid>/stat` shows it: its parent and whether it is a zombie.
fn stat(pid: i32) -> Option<(i32, bool)> {
    let s = std::fs::read_to_string(format!("/proc/{pid}/stat")).ok()?;
    // The name in parentheses may hold anything; the fields follow the last ')'.
    let rest = s.rsplit_once(')')?.1;
    let mut w = rest.split_whitespace();
    let state = w.next()?;
    let ppid = w.next()?.parse().ok()?;
    Some((ppid, state == "Z"))
}

fn all_pids() -> Vec<i32> {
    std::fs::read_dir("/proc")
        .map(|d| {
            d.filter_map(|e| e.ok()?.file_name().to_str()?.parse().ok())
                .collect()
        })
        .unwrap_or_default()
}

/// Every live descendant of `root`, in any process group or session (from `/proc`; empty
/// elsewhere).
pub fn descendants(root: i32) -> Vec<i32> {
    let parents: Vec<(i32, i32)> = all_pids()
        .into_iter()
        .filter_map(|p| stat(p).filter(|s| !s.1).map(|s| (p, s.0)))
        .collect();
    let mut found: Vec<i32> = vec![root];
    let mut seen: HashSet<i32> = HashSet::from([root]);
    let mut i = 0;
    while i < found.len() {
        let p = found[i];
        for &(c, pp) in &parents {
            if pp == p && seen.insert(c) {
                found.push(c);
            }
        }
        i += 1;
    }
    found.remove(0);
    found
}

/// Kills `pids` and remembers them for reaping.
pub fn kill_all(pids: &[i32]) {
    for &p in pids {
        // SAFETY: kill has no memory effects.
        unsafe {
            libc::kill(p, libc::SIGKILL);
        }
    }
    let now = Instant::now();
    PENDING
        .lock()
        .unwrap_or_else(|e| e.into_inner())
        .extend(pids.iter().map(|&p| (p, now)));
}

fn tagged(pid: i32, tag: &[u8]) -> bool {
    std::fs::read(format!("/proc/{pid}/environ"))
        .is_ok_and(|env| env.split(|&b| b == 0).any(|kv| kv == tag))
}

/// Kills the runner's children that came from an engine and are no engine it runs (orphans that
/// left their group and lost their parent), and reaps them and the descendants killed before,
/// waiting up to `wait` for those still on their way to becoming the runner's children.
/// `engines` gives the groups in use; it is read under the lock that starting an engine holds,
/// so that an engine started meanwhile is never taken for an orphan.
pub fn sweep(engines: impl Fn() -> Vec<i32>, wait: Duration) {
    if !cfg!(target_os = "linux") {
        return;
    }
    let _g = PROCS.lock().unwrap_or_else(|e| e.into_inner());
    let engines = engines();
    let me = std::process::id() as i32;
    let tag = format!("{TAG}={me}").into_bytes();
    let orphans: Vec<i32> = all_pids()
        .into_iter()
        .filter(|&p| {
            !engines.contains(&p)
                && stat(p).is_some_and(|(pp, zombie)| pp == me && !zombie)
                && tagged(p, &tag)
        })
        .collect();
    kill_all(&orphans);
    let until = Instant::now() + wait;
    let mut pending = PENDING.lock().unwrap_or_else(|e| e.into_inner());
    loop {
        pending.retain(|&(p, since)| {
            let mut status = 0;
            // SAFETY: waitpid writes only `status`; only pids this module killed are reaped.
            let r = unsafe { libc::waitpid(p, &mut status, libc::WNOHANG) };
            // Reaped, gone without being ours to reap, or never coming.
            !(r == p || (r < 0 && stat(p).is_none()) || since.elapsed() > PENDING_FOR)
        });
        if pending.is_empty() || Instant::now() >= until {
            break;
        }
        std::thread::sleep(Duration::from_millis(5));
    }
}

/// The raw descriptor of a child's pipe, to make it non-blocking.
pub fn set_nonblocking(fd: &impl AsRawFd) {
    // SAFETY: fcntl on a descriptor the caller owns, changing only its status flags.
    unsafe {
        let fd = fd.as_raw_fd();
        let flags = libc::fcntl(fd, libc::F_GETFL);
        if flags >= 0 {
            libc::fcntl(fd, libc::F_SETFL, flags | libc::O_NONBLOCK);
        }
    }
}

/// Waits until `fd` can take more bytes or `deadline` passes; false on the deadline.
pub fn wait_writable(fd: &impl AsRawFd, deadline: Instant) -> bool {
    let now = Instant::now();
    if now >= deadline {
        return false;
    }
    let ms = (deadline - now).as_millis().clamp(1, 1000) as libc::c_int;
    let mut p = libc::pollfd {
        fd: fd.as_raw_fd(),
        events: libc::POLLOUT,
        revents: 0,
    };
    // SAFETY: poll reads and writes one pollfd on the stack.
    unsafe { libc::poll(&mut p, 1, ms) };
    true
}
