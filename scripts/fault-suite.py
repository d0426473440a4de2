#!/usr/bin/env python3
"""The fault suite: `ewn match` against small fake engines that misbehave on purpose.

    scripts/fault-suite.py [--ewn target/release/ewn] [--games 2] [--timeout 120]

Each fake engine (a shell script written into a temporary folder; some wrap the build itself so
that they play legal moves until they misbehave) plays a short match against `greedy`. One line per
fault: the verdict of its games (the reasons the fake lost by, from the record), whether every game
replays (`ewn replay`), the wall time of the match divided by its games (the time to a verdict), and
the runner's peak memory (VmHWM from /proc, sampled every 20 ms, so a very short run may show
less; Linux), with beside it the kernel's peak (ru_maxrss), which also counts the engines the runner
reaped. A match that does not end
within --timeout seconds is reported as HANG and killed with its process group. A fake that cannot
start (`exit-at-once`, `no-handshake`, and one that stops reading before its options are sent) is the
organiser's error, not a game: the runner starts every engine once before the first game and stops
there, so those lines read `no-record` with exit 1, by design (protocol/records.md). Fakes that start
children report how many of them are still alive after the match (`left`).

Then the runner itself is ended by SIGKILL, SIGHUP, SIGTERM, SIGINT and SIGQUIT, and its whole
process group by SIGKILL, while an engine hangs and its child has escaped (in its group, in a session
of its own, or that and with an empty environment; `left` counts what survived it); records and
logs that are FIFOs and records another process holds are given to every writer (each must refuse,
never hang); and a match is killed (SIGKILL) at a random moment, resumed with
`--resume`, and compared with an uninterrupted run: the same games and the same report.
"""

import argparse
import os
import random
import signal
import subprocess
import sys
import tempfile
import time

GREET = "echo 'id name fake'; echo ugiok"


def native(pre, ugi, go):
    return (f"{pre}\n"
            "while read -r cmd rest; do\n"
            "  case \"$cmd\" in\n"
            f"    ugi) {ugi} ;;\n"
            "    isready) echo readyok ;;\n"
            f"    go) {go} ;;\n"
            "    quit) exit 0 ;;\n"
            "  esac\n"
            "done\n")


# A daemon's double fork with an empty environment: the grandchild lists its id in {PIDS}.
PY_DOUBLE_FORK = ("python3 -c '\nimport os\nif os.fork() == 0:\n    os.setsid()\n"
                  "    if os.fork() == 0:\n"
                  "        open(\"{PIDS}\", \"a\").write(\"%d\\n\" % os.getpid())\n"
                  "        os.execve(\"/bin/sleep\", [\"sleep\", \"120\"], {})\n"
                  "    os._exit(0)\nos.wait()\n' </dev/null >/dev/null 2>&1")

# How the runner's escaping child leaves: its session, then its environment too.
ESCAPES = {
    "plain": "sleep 300 &\necho $! >> '{PIDS}'",
    "setsid": "setsid sh -c 'echo $$ >> \"{PIDS}\"; exec sleep 300' </dev/null >/dev/null 2>&1 &",
    "env-i": "( env -i setsid sh -c 'echo $$ >> \"{PIDS}\"; exec sleep 300' "
             "</dev/null >/dev/null 2>&1 & )",
}


def faults(ewn):
    """(name, script body, extra --engine words, extra match arguments)."""
    q = f"'{ewn}'"
    return [
        ("crash", native("", GREET, "exit 3"), [], []),
        ("hang", native("", GREET, "sleep 600"), [], []),
        ("exit-at-once", "exit 0\n", [], []),
        ("no-handshake", native("", ":", ""), [], []),
        ("flood-before-first-move", native("exec yes 'info string flood'", GREET, ""), [], []),
        ("flood-after-first-move",
         f"{q} | while IFS= read -r line; do\n  printf '%s\\n' \"$line\"\n"
         "  case \"$line\" in bestmove*) exec yes 'info string flood' ;; esac\ndone\n", [], []),
        ("flood-forever-yes", "exec yes e1e2\n", [], []),
        ("one-huge-line", native("", GREET, "head -c 400000000 /dev/zero | tr '\\000' x; sleep 600"),
         [], ["--movetime", "30000"]),
        ("non-utf8-author", f"printf 'id author J\\351r\\364me\\n'\nexec {q}\n", [], []),
        ("non-utf8-move", native("", GREET, "printf 'bestmove c3\\377d2\\n'"), [], []),
        ("bad-setup-tcg",
         "while read -r cmd rest; do case \"$cmd\" in ini) echo nonsense ;; exit) exit 0 ;;"
         " *) echo 1 ;; esac; done\n", ["proto=tcg"], ["--engine-setups"]),
        ("bad-setup-tcg-reused",
         "while read -r cmd rest; do case \"$cmd\" in ini) echo nonsense ;; exit) exit 0 ;;"
         " *) echo 1 ;; esac; done\n", ["proto=tcg", "reuse=1"], ["--engine-setups"]),
        ("slow-on-game-clock",
         "while IFS= read -r line; do case \"$line\" in go*) sleep 0.08 ;; esac;"
         f" printf '%s\\n' \"$line\"; done | exec {q}\n", [], ["--tc", "0.05+0"]),
        ("child-holds-pipe", native("sleep 600 &", GREET, "exit 3"), [], ["--movetime", "30000"]),
        ("stops-reading-big-option", "read -r line\necho ugiok\nexec sleep 600\n",
         ["option.Big=" + "x" * 100000], []),
        ("setsid-child-then-crash", native("setsid sleep 120 &\necho $! >> '{PIDS}'", GREET,
                                           "exit 3"), [], []),
        ("setsid-child-then-hang", native("setsid sleep 120 &\necho $! >> '{PIDS}'", GREET,
                                          "sleep 600"), [], []),
        ("env-i-setsid-child-then-crash",
         native("( env -i setsid sh -c 'echo $$ >> \"{PIDS}\"; exec sleep 120' "
                "</dev/null >/dev/null 2>&1 & )", GREET, "exit 3"), [], []),
        ("python-double-fork-then-hang",
         native(PY_DOUBLE_FORK, GREET, "sleep 600"), [], []),
        ("tcg-one-game-per-process",
         "n=0\nwhile IFS= read -r line; do case \"$line\" in time_setting*) n=$((n+1));"
         " [ $n -gt 1 ] && exit 5 ;; esac; printf '%s\\n' \"$line\"; done"
         f" | exec {q} --protocol tcg\n", ["proto=tcg"], []),
    ]


def peak_kib(pid):
    try:
        with open(f"/proc/{pid}/status") as f:
            for line in f:
                if line.startswith("VmHWM:"):
                    return int(line.split()[1])
    except OSError:
        pass
    return None


def alive(pid):
    try:
        with open(f"/proc/{pid}/stat") as f:
            return f.read().rsplit(")", 1)[1].split()[0] != "Z"
    except (OSError, IndexError):
        return False


def left_alive(pids_file):
    """How many of the processes listed in `pids_file` are alive, after a moment to die."""
    try:
        with open(pids_file) as f:
            pids = f.read().split()
    except OSError:
        return 0
    for _ in range(100):
        n = sum(alive(p) for p in pids)
        if n == 0:
            break
        time.sleep(0.05)
    for p in pids:
        if alive(p):
            os.kill(int(p), signal.SIGKILL)
    return n


def run_one(ewn, folder, name, body, words, extra, games, timeout):
    path = os.path.join(folder, name + ".sh")
    pids_file = os.path.join(folder, name + ".pids")
    with open(path, "w") as f:
        f.write("#!/bin/sh\n" + body.replace("{PIDS}", pids_file))
    record = os.path.join(folder, name + ".txt")
    cmd = [ewn, "match", "--engine", "sh", f"arg={path}", "name=fake", *words,
           "--opponent", "greedy", "--games", str(games), "--movetime", "100",
           "--concurrency", "2", "--quiet", "--record", record]
    if "--movetime" in extra or "--tc" in extra:
        i = cmd.index("--movetime")
        del cmd[i:i + 2]
    cmd += extra
    start = time.monotonic()
    p = subprocess.Popen(cmd, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL,
                         start_new_session=True)
    peak = 0
    hung = False
    code = None
    while True:
        kib = peak_kib(p.pid)
        if kib:
            peak = max(peak, kib)
        pid, status, usage = os.wait4(p.pid, os.WNOHANG)
        if pid:
            code = os.waitstatus_to_exitcode(status)
            break
        if time.monotonic() - start > timeout:
            hung = True
            os.killpg(p.pid, signal.SIGKILL)
            _, status, usage = os.wait4(p.pid, 0)
            break
        time.sleep(0.02)
    p.returncode = code
    wall = time.monotonic() - start
    # Sampled, so a very short run may show less than it used; the kernel's own peak for the
    # runner (ru_maxrss) also counts the engines it reaped, so it is shown beside it.
    mem = f"{peak / 1024:6.1f} MB (rusage {usage.ru_maxrss / 1024:6.1f} MB)"
    if hung:
        return f"{name:26} HANG after {wall:.1f} s, peak {mem}"
    verdicts = []
    try:
        with open(record) as f:
            red = blue = None
            for line in f:
                w = line.split()
                if not w:
                    continue
                if w[0] == "red":
                    red = line[4:].strip()
                elif w[0] == "blue":
                    blue = line[5:].strip()
                elif w[0] == "result":
                    winner = {"r": red, "b": blue}.get(w[1], "nobody")
                    verdicts.append(f"{w[2]}" if winner != "fake" else f"won-{w[2]}")
    except OSError:
        verdicts.append("no-record")
    replay = subprocess.run([ewn, "replay", record], stdout=subprocess.DEVNULL,
                            stderr=subprocess.DEVNULL).returncode == 0
    tally = {}
    for v in verdicts:
        tally[v] = tally.get(v, 0) + 1
    verdict = ",".join(f"{k}x{n}" for k, n in sorted(tally.items())) or "none"
    per_game = wall / max(1, len(verdicts))
    left = f"  left {left_alive(pids_file)}" if "{PIDS}" in body else ""
    return (f"{name:26} {verdict:22} replay {'ok ' if replay else 'BAD'} "
            f"{per_game:6.2f} s/game  exit {code:3}  peak {mem}{left}")


def runner_killed(ewn, folder, sig, style, group=False):
    """The runner (or, with `group`, its whole process group) ended by `sig` while its engine
    hangs and the engine's child has escaped as `style` says: what is left."""
    name = f"runner-{'group-' if group else ''}{signal.Signals(sig).name}-{style}"
    pids_file = os.path.join(folder, name + ".pids")
    path = os.path.join(folder, name + ".sh")
    escape = ESCAPES[style].replace("{PIDS}", pids_file)
    with open(path, "w") as f:
        f.write(f"#!/bin/sh\n{escape}\necho $$ >> '{pids_file}'\nexec sleep 300\n")
    p = subprocess.Popen([ewn, "match", "--engine", "sh", f"arg={path}", "--games", "2", "--quiet"],
                         stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL,
                         start_new_session=group)
    until = time.monotonic() + 30
    while time.monotonic() < until:
        try:
            with open(pids_file) as f:
                if len(f.read().split()) >= 2:
                    break
        except OSError:
            pass
        time.sleep(0.02)
    time.sleep(0.5)
    if group:
        os.killpg(p.pid, sig)
    else:
        p.send_signal(sig)
    p.wait()
    return f"{name:34} engine and child left alive: {left_alive(pids_file)}"


def files_check(ewn, folder):
    """Records and logs that are FIFOs, and a record another process holds: each writer must
    refuse (or work) within the timeout, never hang. One line each: the verdict."""
    lines = []

    def attempt(name, args, stdin=""):
        try:
            r = subprocess.run([ewn] + args, input=stdin, capture_output=True, text=True,
                               timeout=60)
            err = (r.stderr.strip().splitlines() or [""])[-1]
            return f"{name:34} exit {r.returncode:3}  {err[:90]}"
        except subprocess.TimeoutExpired:
            return f"{name:34} HANG"

    fifo = os.path.join(folder, "record.fifo")
    writers = {
        "play": (["play", "--human", "red", "--record"], "quit\n"),
        "serve": (["serve", "--battle", "0", "--players", "1", "--judge", "--record"], ""),
        "connect": (["connect", "127.0.0.1:1", "--record"], ""),
        "match": (["match", "--engine", "greedy", "--games", "2", "--quiet", "--record"], ""),
    }
    for w, (args, stdin) in writers.items():
        if os.path.exists(fifo):
            os.unlink(fifo)
        os.mkfifo(fifo)
        lines.append(attempt(f"fifo-record-{w}", args + [fifo], stdin))
    os.unlink(fifo)
    os.mkfifo(fifo)
    lines.append(attempt("fifo-engine-stderr",
                         ["match", "--engine", "self", f"stderr={fifo}", "--games", "2", "--quiet"]))
    record = os.path.join(folder, "locked.txt")
    holder = subprocess.Popen([ewn, "match", "--engine", "greedy", "--games", "100000", "--quiet",
                               "--record", record], stdout=subprocess.DEVNULL,
                              stderr=subprocess.DEVNULL)
    time.sleep(1)
    for w, (args, stdin) in writers.items():
        lines.append(attempt(f"locked-record-{w}", args + [record], stdin))
    holder.kill()
    holder.wait()
    return "\n".join(lines)


def comparable(record):
    """A record's games by number, without the measured times and the date."""
    games, cur = {}, []
    with open(record) as f:
        for line in f:
            w = line.split()
            if not w or w[0] == "date" or w[0].startswith("#"):
                continue
            if w[0] == "move" and len(w) == 5:
                line = " ".join(w[:4]) + "\n"
            cur.append(line)
            if w[0] == "end":
                games[int(cur[0].split()[1])] = "".join(cur)
                cur = []
    return games


def report_of(text):
    return [l for l in text.splitlines()
            if not l.startswith(("game ", "Wall time")) and " took " not in l]


def resume_check(ewn, folder, seed):
    """A match killed (SIGKILL) at a random moment and resumed, against an uninterrupted one."""
    slow = os.path.join(folder, "slow.sh")
    with open(slow, "w") as f:
        f.write("#!/bin/sh\nwhile IFS= read -r line; do\n"
                "  case \"$line\" in go\\ die*) sleep 0.03; line=\"${line%% movetime*} depth 2\" ;; esac\n"
                f"  printf '%s\\n' \"$line\"\ndone | exec '{ewn}'\n")

    def cmd(record):
        return [ewn, "match", "--engine", "sh", f"arg={slow}", "name=slow", "--opponent", "greedy",
                "--games", "12", "--seed", str(seed), "--movetime", "1000", "--concurrency", "2",
                "--quiet", "--record", record]
    whole = os.path.join(folder, "whole.txt")
    start = time.monotonic()
    full = subprocess.run(cmd(whole), capture_output=True, text=True)
    wall = time.monotonic() - start
    cut = os.path.join(folder, "cut.txt")
    at = random.uniform(0.1, wall)
    p = subprocess.Popen(cmd(cut), stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    time.sleep(at)
    p.kill()
    p.wait()
    kept = len(comparable(cut)) if os.path.exists(cut) else 0
    resumed = subprocess.run(cmd(cut) + ["--resume"], capture_output=True, text=True)
    same_games = comparable(cut) == comparable(whole)
    same_report = report_of(resumed.stdout) == report_of(full.stdout)
    return (f"{'resume-after-kill-9':26} killed at {at:.2f} s of {wall:.2f} s with {kept} games "
            f"kept; games {'same' if same_games else 'DIFFER'}, report "
            f"{'same' if same_report else 'DIFFERS'}, exit {resumed.returncode}")


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--ewn", default="target/release/ewn")
    ap.add_argument("--games", type=int, default=2)
    ap.add_argument("--timeout", type=float, default=120.0)
    ap.add_argument("--only", help="run only the faults whose name contains this")
    ap.add_argument("--seed", type=int, default=1, help="the resume check's match seed")
    a = ap.parse_args()
    ewn = os.path.abspath(a.ewn)
    if not os.access(ewn, os.X_OK):
        sys.exit(f"no program {ewn}: build it with cargo build --release")
    with tempfile.TemporaryDirectory(prefix="ewn-faults-") as folder:
        for name, body, words, extra in faults(ewn):
            if a.only and a.only not in name:
                continue
            print(run_one(ewn, folder, name, body, words, extra, a.games, a.timeout), flush=True)
        if a.only:
            return
        for sig in [signal.SIGKILL, signal.SIGHUP, signal.SIGTERM, signal.SIGINT, signal.SIGQUIT]:
            for style in ESCAPES:
                print(runner_killed(ewn, folder, sig, style), flush=True)
        for style in ESCAPES:
            print(runner_killed(ewn, folder, signal.SIGKILL, style, group=True), flush=True)
        print(files_check(ewn, folder), flush=True)
        print(resume_check(ewn, folder, a.seed), flush=True)


if __name__ == "__main__":
    main()
