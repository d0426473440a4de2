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
within --timeout seconds is reported as HANG and killed with its process group.
"""

import argparse
import os
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


def run_one(ewn, folder, name, body, words, extra, games, timeout):
    path = os.path.join(folder, name + ".sh")
    with open(path, "w") as f:
        f.write("#!/bin/sh\n" + body)
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
    return (f"{name:26} {verdict:22} replay {'ok ' if replay else 'BAD'} "
            f"{per_game:6.2f} s/game  exit {code:3}  peak {mem}")


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--ewn", default="target/release/ewn")
    ap.add_argument("--games", type=int, default=2)
    ap.add_argument("--timeout", type=float, default=120.0)
    ap.add_argument("--only", help="run only the faults whose name contains this")
    a = ap.parse_args()
    ewn = os.path.abspath(a.ewn)
    if not os.access(ewn, os.X_OK):
        sys.exit(f"no program {ewn}: build it with cargo build --release")
    with tempfile.TemporaryDirectory(prefix="ewn-faults-") as folder:
        for name, body, words, extra in faults(ewn):
            if a.only and a.only not in name:
                continue
            print(run_one(ewn, folder, name, body, words, extra, a.games, a.timeout), flush=True)


if __name__ == "__main__":
    main()
