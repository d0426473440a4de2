//! A running engine process: started through [`crate::players::reaper`], written to without
//! blocking, its lines waited for with deadlines, and ended with everything it started.

use std::io::Write;
use std::path::Path;
use std::process::{Child, ChildStdin, Command, Stdio};
use std::sync::Arc;
use std::time::{Duration, Instant};

use super::io::{Line, Shared, read_lines};
use super::{EXIT_POLL, FLOOD_BYTES, FLOOD_LINES, MAX_LINE, MAX_MEM_MIB, QUIT_WAIT, Settings};
use crate::players::Fault;
use crate::players::reaper;

pub(super) enum Wait {
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
    pub(super) shared: Arc<Shared>,
    /// Told to quit: the next stop waits a little for it to exit.
    quitting: bool,
}

impl Proc {
    /// Starts the program `argv[0]` with the arguments `argv[1..]` as `settings` say.
    pub fn spawn(argv: &[String], settings: &Settings) -> Result<Proc, SpawnError> {
        let (prog, args) = argv.split_first().ok_or(SpawnError::Empty)?;
        let cmd = crate::players::spec::shell_line(argv);
        let mut command = Command::new(prog);
        if let Some(d) = &settings.dir {
            command.current_dir(d);
        }
        let stderr = match &settings.stderr {
            None => Stdio::null(),
            Some(path) => Stdio::from(open_log(path, true)?),
        };
        command
            .args(args)
            .stdin(Stdio::piped())
            .stdout(Stdio::piped())
            .stderr(stderr);
        let limits = reaper::Limits {
            mem_bytes: settings
                .mem_mib
                .filter(|&m| m > 0 && m <= MAX_MEM_MIB)
                .map(|m| m << 20),
            cpus: settings.cpus.clone(),
        };
        let mut child = reaper::spawn(command, &limits).map_err(|source| SpawnError::Start {
            command: cmd,
            argv: argv.to_vec(),
            dir: settings.dir.clone(),
            source,
        })?;
        let stdin = child.stdin.take().ok_or(SpawnError::Pipe("stdin"))?;
        reaper::set_nonblocking(&stdin);
        let stdout = child.stdout.take().ok_or(SpawnError::Pipe("stdout"))?;
        let shared = Arc::new(Shared::default());
        let reader = Arc::clone(&shared);
        std::thread::spawn(move || read_lines(stdout, &reader));
        Ok(Proc {
            child,
            stdin,
            shared,
            quitting: false,
        })
    }

    /// The process id, which is also its group's id.
    pub fn id(&self) -> u32 {
        self.child.id()
    }

    /// Writes `line` before `deadline`. The pipe does not block: an engine that does not read
    /// (its pipe full) fails the send at the deadline instead of holding the runner.
    pub(super) fn send(&mut self, line: &str, deadline: Instant) -> Result<(), Wait> {
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
                    if !reaper::wait_writable(&self.stdin, deadline) {
                        return Err(Wait::Unread);
                    }
                }
                Err(_) => return Err(Wait::Closed),
            }
        }
        Ok(())
    }

    /// Sends the engine's quit command (errors ignored): the next stop gives it a moment.
    pub(super) fn quit(&mut self, line: &str) {
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
    pub(super) fn wait_for(
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
    pub(super) fn drain(&mut self) {
        let mut g = self.shared.lock();
        g.lines.clear();
        g.bytes = 0;
        self.shared.changed.notify_all();
    }

    /// True once the process has exited (without reaping it, so that its id, and so its group's,
    /// cannot be taken by another process while the group is killed).
    pub(super) fn exited(&self) -> bool {
        reaper::exited(self.child.id())
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
        reaper::end(&mut self.child);
        let mut inbox = self.shared.lock();
        inbox.gone = true;
        inbox.lines.clear();
        self.shared.changed.notify_all();
    }
}

pub(super) fn fault(w: Wait, what: &str, wait: Duration) -> Fault {
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
pub(super) fn lost<T>(
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

/// Opens an engine's log file `path` for writing (appended to, or emptied first): only a regular
/// file, checked without blocking, since a FIFO with no reader would hold the runner for ever.
pub(super) fn open_log(path: &Path, append: bool) -> Result<std::fs::File, SpawnError> {
    super::io::create_no_link(path, !append).map_err(|source| SpawnError::Log {
        path: path.to_path_buf(),
        source,
    })
}

/// The hint after a refused start, from the program `argv[0]` as it was looked for (in the
/// `dir=` folder when one is given): a folder, a program without its execute permission (the
/// usual mistake with a freshly copied or built engine), a relative path not in the `dir=`
/// folder, a script whose `#!` line names no interpreter there (a carriage return at its end:
/// Windows line endings), a name that is neither a built-in player nor on `PATH`.
fn start_hint(argv: &[String], dir: Option<&Path>, e: &std::io::Error) -> String {
    use crate::players::spec::shell_quote;
    let program = argv.first().map(String::as_str).unwrap_or("");
    let path = program_path(argv, dir);
    let shown = shell_quote(&path.display().to_string());
    if let Some(d) = dir
        && !d.is_dir()
    {
        return format!(
            " (the dir= folder {} is not there)",
            shell_quote(&d.display().to_string())
        );
    }
    if path.is_dir() {
        format!(" ({shown} is a folder, not a program: name the engine's program in it)")
    } else if e.kind() == std::io::ErrorKind::PermissionDenied {
        format!(" (is it executable? chmod +x {shown})")
    } else if let Some((name, cmd)) = program.split_once(':')
        && e.kind() == std::io::ErrorKind::NotFound
        && !name.is_empty()
        && !name.contains('/')
        && Path::new(cmd).exists()
    {
        // `mine:./engine`, as some tools name an engine.
        format!(
            " (to name the engine, write name={} cmd={})",
            shell_quote(name),
            shell_quote(cmd)
        )
    } else if e.kind() == std::io::ErrorKind::NotFound && !program.contains('/') {
        let players = ["random", "greedy", "mcts", "self"];
        match crate::players::spec::nearest(program, &players) {
            Some(near) => format!(" (did you mean the built-in player {near}?)"),
            None => format!(
                " (not a built-in player ({}) nor a program on PATH; for a program in this folder write ./{program})",
                players.join(", ")
            ),
        }
    } else if e.kind() == std::io::ErrorKind::NotFound && path.is_file() {
        interpreter_hint(&path)
    } else if e.kind() == std::io::ErrorKind::NotFound {
        match dir {
            Some(d) if !Path::new(program).is_absolute() => format!(
                " (looked for in the dir= folder {}, where a relative command is found)",
                shell_quote(&d.display().to_string())
            ),
            _ => String::new(),
        }
    } else {
        String::new()
    }
}

/// The file of program `argv[0]`, in the `dir=` folder when one is given.
fn program_path(argv: &[String], dir: Option<&Path>) -> std::path::PathBuf {
    let program = argv.first().map(String::as_str).unwrap_or("");
    match dir {
        Some(d) if !Path::new(program).is_absolute() => {
            d.join(program.strip_prefix("./").unwrap_or(program))
        }
        _ => Path::new(program).to_path_buf(),
    }
}

/// The hint for a program that started and exited at once, when it is a script whose `#!` line
/// ends in a carriage return: `#!/usr/bin/env python3` saved with Windows line endings starts
/// `env`, which then finds no `python3\r` and exits, so the system's refusal never comes.
pub fn windows_script_hint(argv: &[String], dir: Option<&Path>) -> Option<String> {
    let path = program_path(argv, dir);
    let hint = interpreter_hint(&path);
    hint.contains("carriage return").then_some(hint)
}

/// Why a program file that is there is "not found": the interpreter its `#!` line names is not,
/// most often because the line ends in a carriage return (a script saved with Windows line
/// endings).
fn interpreter_hint(path: &Path) -> String {
    use std::io::Read;
    let mut head = [0u8; 256];
    let n = std::fs::File::open(path)
        .and_then(|mut f| f.read(&mut head))
        .unwrap_or(0);
    let head = &head[..n];
    if !head.starts_with(b"#!") {
        return String::new();
    }
    let line = head.split(|&b| b == b'\n').next().unwrap_or(head);
    let shown = crate::players::spec::shell_quote(&path.display().to_string());
    if line.ends_with(b"\r") {
        format!(
            " (its #! line ends in a carriage return: the file has Windows line endings, so the \
             interpreter looked for is not there; convert it, e.g. sed -i 's/\\r$//' {shown})"
        )
    } else {
        let interpreter = String::from_utf8_lossy(&line[2..]);
        format!(
            " (its #! line names the interpreter {}, which is not there)",
            interpreter.trim()
        )
    }
}

/// Why an engine program could not be started.
#[derive(Debug, thiserror::Error)]
pub enum SpawnError {
    #[error("empty engine command")]
    Empty,
    /// Its `stderr=` file could not be opened (a link, a FIFO, no such folder, ...).
    #[error("cannot open its standard-error file (stderr=) {}: {source}", path.display())]
    Log {
        path: std::path::PathBuf,
        source: std::io::Error,
    },
    /// The system refused to start it (no such file, not executable, ...): `command` as a shell
    /// would read it, `argv` and `dir` as it was started.
    #[error("cannot start {command}: {source}{hint}", hint = start_hint(argv, dir.as_deref(), source))]
    Start {
        command: String,
        argv: Vec<String>,
        dir: Option<std::path::PathBuf>,
        source: std::io::Error,
    },
    /// A pipe to it is missing (never, as it is started).
    #[error("no {0}")]
    Pipe(&'static str),
}
