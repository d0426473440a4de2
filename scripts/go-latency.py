#!/usr/bin/env python3
"""How long does the engine take to answer `go ... movetime`, seen from outside?

Starts the engine, sends `ugi` and `isready`, and once `readyok` is in plays games against
itself: for each move `position startpos moves ...` and at once `go die <d> movetime <ms>`, the
die from a seeded generator. The time from writing each `go` line to reading its `bestmove` is
measured. No `isready` is sent between searches, so whatever the engine does for the lines before a
`go` is inside the measurement: the first search comes right after start-up, and each game after
the first opens with `uginewgame` directly followed by its first search.

Prints the maximum and the mean, the searches slower than the limit (by default 10 ms over the
movetime) and exits with status 1 if there were any. This is a measurement, not a test: the
numbers depend on the machine and its load.

Usage: scripts/go-latency.py [--count 200] [--movetime 50] [--limit 60] [--seed 1] [-- ARGS]
The engine is target/release/ewn unless EWN names another program; ARGS are passed to it (for
example `-- --threads 2`).
"""

import argparse
import os
import queue
import random
import subprocess
import sys
import threading
import time

# Only a guard against a hang: no reply should take anywhere near this long.
HANG_S = 30


def main():
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--count", type=int, default=200, help="searches to time")
    ap.add_argument("--movetime", type=int, default=50, help="ms per search")
    ap.add_argument("--limit", type=int, default=None, help="slow above this (ms)")
    ap.add_argument("--seed", type=int, default=1, help="seed of the dice")
    ap.add_argument("args", nargs="*", help="arguments for the engine")
    opts = ap.parse_args()
    limit = opts.limit if opts.limit is not None else opts.movetime + 10
    exe = os.environ.get("EWN", "target/release/ewn")
    if not os.access(exe, os.X_OK):
        sys.exit(f"no engine at {exe} (build with cargo build --release, or set EWN)")

    engine = subprocess.Popen(
        [exe, "--protocol", "native", *opts.args],
        stdin=subprocess.PIPE,
        stdout=subprocess.PIPE,
        bufsize=0,
    )
    # Lines are read on a thread and stamped when they arrive, so the main thread's own pace
    # does not enter the measurement.
    lines = queue.Queue()

    def read():
        for raw in engine.stdout:
            lines.put((time.perf_counter(), raw.decode().rstrip("\r\n")))
        lines.put((time.perf_counter(), None))

    threading.Thread(target=read, daemon=True).start()

    def send(*cmds):
        engine.stdin.write("".join(c + "\n" for c in cmds).encode())
        engine.stdin.flush()

    def wait_for(prefix):
        while True:
            try:
                t, line = lines.get(timeout=HANG_S)
            except queue.Empty:
                sys.exit(f"no '{prefix}' within {HANG_S} s")
            if line is None:
                sys.exit(f"the engine ended before '{prefix}'")
            if line.startswith("error"):
                sys.exit(f"the engine said: {line}")
            if line.startswith(prefix):
                return t, line

    send("ugi", "isready")
    wait_for("ugiok")
    wait_for("readyok")

    rng = random.Random(opts.seed)
    times = []  # (ms, what came just before the go)
    moves = []
    games = 1
    before = "the first search after start-up"
    while len(times) < opts.count:
        die = rng.randint(1, 6)
        position = "position startpos" + (" moves " + " ".join(moves) if moves else "")
        send(position)
        t0 = time.perf_counter()
        send(f"go die {die} movetime {opts.movetime}")
        t1, line = wait_for("bestmove ")
        times.append(((t1 - t0) * 1000.0, before))
        before = ""
        moves.append(line.split()[1])
        send("position startpos moves " + " ".join(moves), "query gameover")
        _, over = wait_for("response ")
        if over == "response true":
            # A new game, and its first search at once, without isready in between.
            send("uginewgame")
            moves = []
            games += 1
            before = "the first search after uginewgame"
    send("quit")
    engine.wait(timeout=HANG_S)

    ms = [t for t, _ in times]
    slow = [(i, t, b) for i, (t, b) in enumerate(times) if t > limit]
    print(f"{len(ms)} searches of movetime {opts.movetime} ms in {games} games")
    print(f"go to bestmove ms: max {max(ms):.1f} mean {sum(ms) / len(ms):.1f} min {min(ms):.1f}")
    firsts = [t for t, b in times if b]
    print(
        f"first searches (after start-up or uginewgame): {len(firsts)}, "
        f"max {max(firsts):.1f} ms"
    )
    print(f"slower than {limit} ms: {len(slow)}")
    for i, t, b in slow:
        print(f"  search {i + 1}: {t:.1f} ms" + (f" ({b})" if b else ""))
    sys.exit(1 if slow else 0)


if __name__ == "__main__":
    main()
