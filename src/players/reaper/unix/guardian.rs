//! The guardian: this program started again with [`GUARDIAN_ARG`] beside a runner, told of its
//! engines and looking at its process tree, that kills what the runner's engines left when the
//! runner dies in any way (see the module above for the whole mechanism).

use super::*;

/// The pipe to the guardian, if it runs.
static GUARDIAN: Mutex<Option<ChildStdin>> = Mutex::new(None);
pub(super) static GUARDIAN_PID: AtomicI32 = AtomicI32::new(0);

/// Starts the guardian (once): this program again, in a group of its own, its input a pipe
/// from the runner and its output nowhere.
pub(super) fn guardian() {
    let exe = if cfg!(target_os = "linux") {
        std::path::PathBuf::from("/proc/self/exe")
    } else {
        match std::env::current_exe() {
            Ok(p) => p,
            Err(_) => return,
        }
    };
    // The runner's id as an argument: a guardian that starts after the runner died
    // (a loaded machine can take that long to start a program) must not take the
    // adopter for the runner.
    let started = Command::new(exe)
        .arg(GUARDIAN_ARG)
        .arg(std::process::id().to_string())
        .env_clear()
        .stdin(Stdio::piped())
        .stdout(Stdio::null())
        .stderr(Stdio::null())
        .process_group(0)
        .spawn();
    match started {
        Ok(mut child) => {
            GUARDIAN_PID.store(child.id() as i32, Ordering::SeqCst);
            let stdin = child.stdin.take();
            if let Some(s) = &stdin {
                // A full pipe must never block the runner: a lost message only leaves a
                // group the runner kills itself anyway.
                set_nonblocking(s);
            }
            *GUARDIAN.lock().unwrap_or_else(|e| e.into_inner()) = stdin;
            // Never waited for: it outlives the runner.
            std::mem::forget(child);
        }
        Err(e) => log::warn!("cannot start the guardian of the engines: {e}"),
    }
}

pub(super) fn guardian_send(line: &str) {
    if let Some(s) = GUARDIAN.lock().unwrap_or_else(|e| e.into_inner()).as_mut() {
        // One short line: a pipe write that small is whole or nothing.
        let _ = s.write_all(format!("{line}\n").as_bytes());
    }
}

/// The guardian's program: keeps the engines' groups it is told of and every process of the
/// runner's tree it has seen, and kills them all when the runner's end of the pipe closes.
pub fn run_guardian() -> ! {
    let runner = std::env::args()
        .nth(2)
        .and_then(|p| p.parse().ok())
        .unwrap_or_else(|| nix::unistd::getppid().as_raw());
    // Still the runner's session until the next call, also when the runner is gone.
    let runner_sid = nix::unistd::getsid(None).ok().map(|s| s.as_raw());
    let _ = nix::unistd::setsid();
    let (tx, rx) = mpsc::channel::<String>();
    std::thread::spawn(move || {
        for line in io::stdin().lock().lines() {
            let Ok(line) = line else { break };
            if tx.send(line).is_err() {
                break;
            }
        }
    });
    let mut watch = Watch::new(runner, runner_sid);
    loop {
        match rx.recv_timeout(GUARDIAN_SCAN) {
            Ok(line) => {
                watch.told(&line);
                continue;
            }
            Err(mpsc::RecvTimeoutError::Timeout) => {}
            Err(mpsc::RecvTimeoutError::Disconnected) => break,
        }
        if nix::unistd::getppid().as_raw() != runner || !watch.scan() {
            break;
        }
    }
    watch.kill_everything();
    std::process::exit(0)
}

/// What the guardian knows of the runner's engines.
struct Watch {
    runner: i32,
    me: i32,
    /// The runner's session: what its own code starts stays there, and is none of ours.
    runner_sid: Option<i32>,
    /// The engines' groups, as the runner told.
    engines: HashSet<i32>,
    /// Every process of the engines' trees seen, with its start time.
    known: HashMap<i32, u64>,
    /// Engines being started, not yet named (`~` told, neither `+` nor `!` yet).
    starting: u32,
    /// When the last look at the runner's tree began, in clock ticks after boot.
    last_scan: u64,
    /// When the look before it began: a process started since may not be known. One look
    /// can miss a process that started before it: one orphaned while the look went down
    /// the tree moves up to the runner, above where the look was; the next look sees it
    /// where it stays (a process is orphaned to the runner once).
    seen_until: u64,
}

impl Watch {
    /// Watches `runner`, whose session is `runner_sid`. Nothing it started before this
    /// guardian was forked is an engine's: the first look counts from that fork (a process's
    /// start time is its fork's), however late this program got to run.
    fn new(runner: i32, runner_sid: Option<i32>) -> Watch {
        let me = std::process::id() as i32;
        let forked = stat(me).map_or_else(ticks_now, |s| s.start);
        Watch {
            runner,
            me,
            runner_sid: runner_sid.or_else(|| stat(runner).map(|s| s.sid)),
            engines: HashSet::new(),
            known: HashMap::new(),
            starting: 0,
            last_scan: forked,
            seen_until: forked,
        }
    }

    /// A line from the runner: `~` an engine is being started, `!` that start failed, `+G T`
    /// it started as group `G` (at `T` clock ticks after boot), `-G` it ended. A new
    /// engine may have started (and orphaned) processes before a look that did not know
    /// of it: the last look counts from the engine's own start at the latest.
    fn told(&mut self, line: &str) {
        if line == "~" {
            self.starting += 1;
        } else if line == "!" {
            self.starting = self.starting.saturating_sub(1);
        } else if let Some(rest) = line.strip_prefix('+') {
            self.starting = self.starting.saturating_sub(1);
            let mut words = rest.split_whitespace();
            let Some(p) = words.next().and_then(|p| p.parse().ok()) else {
                return;
            };
            self.engines.insert(p);
            let start = words.next().and_then(|t| t.parse().ok());
            if let Some(start) = start.or_else(|| stat(p).map(|s| s.start)) {
                self.last_scan = self.last_scan.min(start);
                self.seen_until = self.seen_until.min(start);
            }
        } else if let Some(p) = line.strip_prefix('-').and_then(|p| p.parse().ok()) {
            self.engines.remove(&p);
        }
    }

    /// Looks at the runner's tree below it, in other sessions than the runner's (the
    /// engines and what they started), and keeps every process there. False when the
    /// runner is gone, also when it died during the look: what its death orphaned had
    /// left the tree before the look reached it, so that look does not count and the
    /// orphans are sought from the look before.
    fn scan(&mut self) -> bool {
        let began = ticks_now();
        self.known
            .retain(|&p, start| stat(p).is_some_and(|s| s.start == *start && !s.zombie));
        if self.idle() {
            self.looked(began);
            return true;
        }
        let Some(runner_sid) = stat(self.runner).map(|s| s.sid) else {
            return false;
        };
        self.runner_sid = Some(runner_sid);
        let mut todo = vec![self.runner];
        let mut seen = HashSet::from([self.runner, self.me]);
        while let Some(p) = todo.pop() {
            for c in children(p) {
                if seen.insert(c)
                    && let Some(s) = stat(c)
                    && (p != self.runner || s.sid != runner_sid)
                {
                    self.known.insert(c, s.start);
                    todo.push(c);
                }
            }
        }
        // The guardian is the runner's child until the runner exits: a parent still the
        // runner now means the runner lived through the whole look.
        if nix::unistd::getppid().as_raw() != self.runner {
            return false;
        }
        self.looked(began);
        true
    }

    /// True when the runner has no engine, none is being started, and nothing the engines
    /// started is left: there is nothing of the runner's to look for.
    fn idle(&self) -> bool {
        self.engines.is_empty() && self.known.is_empty() && self.starting == 0
    }

    /// A look that began at `began` is done, and the runner lived through it.
    fn looked(&mut self, began: u64) {
        self.seen_until = self.last_scan;
        self.last_scan = began;
    }

    /// The runner is gone: everything it left is killed, until nothing is left. Besides
    /// what was seen, the runner's orphans that no look saw (started and orphaned since the
    /// last one) are found where they went: the runner's orphans and the guardian were
    /// adopted by the same process, so they are its children that started since that look,
    /// outside the runner's session.
    fn kill_everything(&self) {
        // The pipe closes as the runner exits, a moment before its children are given away.
        let until = Instant::now() + Duration::from_secs(1);
        while nix::unistd::getppid().as_raw() == self.runner && Instant::now() < until {
            std::thread::sleep(Duration::from_millis(5));
        }
        let adopter = nix::unistd::getppid().as_raw();
        let adopter_env = std::fs::read(format!("/proc/{adopter}/environ")).unwrap_or_default();
        for round in 0..50 {
            let table = Table::read();
            let mut roots: Vec<i32> = self
                .known
                .iter()
                .filter(|&(p, start)| table.0.get(p).is_some_and(|s| s.start == *start))
                .map(|(&p, _)| p)
                .collect();
            // A child not yet known to be another runner's is waited for a few rounds.
            let unseen = self.unseen_orphans(&table, adopter, &adopter_env);
            let patient = round < UNDECIDED_ROUNDS;
            let waiting = patient && unseen.iter().any(|&(_, o)| o == Owner::Undecided);
            roots.extend(
                unseen
                    .iter()
                    .filter(|&&(_, o)| o == Owner::This || !patient)
                    .map(|&(p, _)| p),
            );
            if round == 0 {
                for &g in &self.engines {
                    let _ = killpg(Pid::from_raw(g), Signal::SIGKILL);
                }
                roots.extend(self.engines.iter().filter(|p| table.0.contains_key(p)));
            }
            let mut all = table.descendants(&roots);
            all.extend(&roots);
            all.retain(|&p| p != self.me);
            if all.is_empty() && !waiting {
                break;
            }
            for p in all {
                let _ = kill(Pid::from_raw(p), Signal::SIGKILL);
            }
            std::thread::sleep(Duration::from_millis(20));
        }
    }

    /// The adopter's children started since the look before the last (a tick of margin), in another
    /// session than the runner's, that are no guardian and not another runner's: the
    /// runner's orphans no look saw, each with what its environment says of it (never
    /// [`Owner::Another`]).
    fn unseen_orphans(&self, table: &Table, adopter: i32, adopter_env: &[u8]) -> Vec<(i32, Owner)> {
        if adopter == self.runner || self.idle() {
            return Vec::new();
        }
        let since = self.seen_until.saturating_sub(1);
        table
            .0
            .iter()
            .filter(|&(&p, s)| {
                p != self.me
                    && s.ppid == adopter
                    && s.start >= since
                    && Some(s.sid) != self.runner_sid
                    && !is_guardian(p)
            })
            .map(|(&p, _)| (p, owner(p, self.runner, adopter_env)))
            .filter(|&(_, o)| o != Owner::Another)
            .collect()
    }
}

/// Rounds of the guardian's last kill (20 ms apart) in which a process whose environment
/// does not yet say whose it is is left alone: a process in the middle of its exec shows
/// an empty environment for a moment, and the adopter's fork before its exec the adopter's.
const UNDECIDED_ROUNDS: usize = 10;

/// Whose a child of the adopter is, as far as its environment says.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Owner {
    /// Another runner's engine, or a descendant of one that kept its environment.
    Another,
    /// Not yet known: its environment reads empty (it is in the middle of an exec, or
    /// dropped its environment) or is the adopter's own (a fork of the adopter that has
    /// not reached its exec: another runner's engine on its way, or a program the adopter
    /// starts). Without this, a runner killed while the adopter starts an engine of its
    /// own took that engine for an orphan.
    Undecided,
    /// Untagged or tagged with this runner: the runner's own, as far as can be told.
    This,
}

fn owner(pid: i32, runner: i32, adopter_env: &[u8]) -> Owner {
    match std::fs::read(format!("/proc/{pid}/environ")) {
        Err(_) => Owner::This,
        Ok(env) if env.is_empty() || env == adopter_env => Owner::Undecided,
        Ok(env) if env_tags_another(&env, runner) => Owner::Another,
        Ok(_) => Owner::This,
    }
}

/// True when the environment `env` (as `/proc/<pid>/environ` holds it) carries a
/// [`RUNNER_TAG`] naming a runner other than `runner`.
fn env_tags_another(env: &[u8], runner: i32) -> bool {
    let key = format!("{RUNNER_TAG}=");
    env.split(|&b| b == 0)
        .find_map(|kv| kv.strip_prefix(key.as_bytes()))
        .is_some_and(|v| v != runner.to_string().as_bytes())
}

/// Now, in the clock ticks after boot that `/proc/<pid>/stat` counts start times in; the
/// largest value where that cannot be read, so that no orphan is taken for the runner's.
fn ticks_now() -> u64 {
    let hz = nix::unistd::sysconf(nix::unistd::SysconfVar::CLK_TCK)
        .ok()
        .flatten()
        .unwrap_or(100) as f64;
    std::fs::read_to_string("/proc/uptime")
        .ok()
        .and_then(|s| s.split_whitespace().next()?.parse::<f64>().ok())
        .map_or(u64::MAX, |secs| (secs * hz) as u64)
}

#[cfg(all(test, target_os = "linux"))]
mod tests {
    use super::*;

    /// The guardian keeps looking from the moment an engine is being started, before the
    /// runner names it: a runner killed in between leaves an engine the guardian must find.
    #[test]
    fn an_engine_being_started_keeps_the_guardian_looking() {
        let mut w = Watch::new(std::process::id() as i32, None);
        assert!(w.idle());
        w.told("~");
        assert!(!w.idle(), "an engine being started");
        w.told("!");
        assert!(w.idle(), "its start failed");
        w.told("~");
        w.told("+4242 7");
        assert_eq!(w.starting, 0);
        assert!(w.engines.contains(&4242));
        assert!(
            w.seen_until <= 7 && w.last_scan <= 7,
            "counted from its start"
        );
        w.told("-4242");
        assert!(w.idle());
    }

    /// Another runner's engine is told apart by its tag; a process without one is not.
    #[test]
    fn another_runners_engine_is_known_by_its_tag() {
        let mut tagged = Command::new("sleep")
            .arg("30")
            .env(RUNNER_TAG, "1")
            .spawn()
            .unwrap();
        let mut bare = Command::new("sleep")
            .arg("30")
            .env_remove(RUNNER_TAG)
            .spawn()
            .unwrap();
        let (t, b) = (tagged.id() as i32, bare.id() as i32);
        // The environment shows once the new program's memory is set up, a moment after
        // the start returns (the parent resumes within the exec).
        for p in [t, b] {
            let until = Instant::now() + Duration::from_secs(10);
            while std::fs::read(format!("/proc/{p}/environ")).is_ok_and(|e| e.is_empty())
                && Instant::now() < until
            {
                std::thread::sleep(Duration::from_millis(1));
            }
        }
        let tagged_by_another = |pid: i32, runner: i32| {
            let env = std::fs::read(format!("/proc/{pid}/environ")).unwrap();
            env_tags_another(&env, runner)
        };
        let seen = (
            tagged_by_another(t, 2),
            tagged_by_another(t, 1),
            tagged_by_another(b, 2),
        );
        for c in [&mut tagged, &mut bare] {
            let _ = c.kill();
            let _ = c.wait();
        }
        assert_eq!(seen, (true, false, false));
    }

    /// The guardian's last kill waits before taking a process whose environment does not
    /// yet say whose it is: empty (in the middle of an exec) or the adopter's own (the
    /// adopter's fork before its exec). Another runner's engine is never taken; an
    /// untagged program with an environment of its own is.
    #[test]
    fn a_process_that_cannot_yet_say_whose_it_is_is_undecided() {
        let spawn = |c: &mut Command| c.arg("30").spawn().unwrap();
        let mut tagged = spawn(Command::new("sleep").env(RUNNER_TAG, "1"));
        let mut bare = spawn(
            Command::new("sleep")
                .env_remove(RUNNER_TAG)
                .env("EWN_REAPER_TEST", "bare"),
        );
        let mut empty = spawn(Command::new("sleep").env_clear());
        // Until each has set up its new program's environment (see the test above).
        for c in [&tagged, &bare] {
            let until = Instant::now() + Duration::from_secs(10);
            while std::fs::read(format!("/proc/{}/environ", c.id())).is_ok_and(|e| e.is_empty())
                && Instant::now() < until
            {
                std::thread::sleep(Duration::from_millis(1));
            }
        }
        let me = std::process::id() as i32;
        let mine = std::fs::read(format!("/proc/{me}/environ")).unwrap();
        let seen = [
            owner(tagged.id() as i32, 2, &mine),
            owner(bare.id() as i32, 2, &mine),
            owner(empty.id() as i32, 2, &mine),
            // This process stands for a fork of the adopter before its exec.
            owner(me, 2, &mine),
        ];
        for c in [&mut tagged, &mut bare, &mut empty] {
            let _ = c.kill();
            let _ = c.wait();
        }
        assert_eq!(
            seen,
            [
                Owner::Another,
                Owner::This,
                Owner::Undecided,
                Owner::Undecided
            ]
        );
    }
}
