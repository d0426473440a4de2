#!/usr/bin/env python3
"""How much faster do more threads reach a fixed depth? Time to depth 9, seen from outside.

Starts the engine once per thread count, sets `Threads`, and searches five fixed middlegame
positions to a fixed depth (`go die <d> depth 9`), each after `uginewgame` so that no search
inherits another's table. The time from writing each `go` line to reading its `bestmove` is
measured; every position is searched --repeat times per thread count, alternating the thread
counts, and the median is kept. Prints a table of the times and the speed-up of each thread
count over the first, and the mean speed-up over the positions.

It also reads the CPU time the engine spent on each search (Linux: /proc/<pid>/stat) and prints a
second speed-up, `cpu`: the base's CPU time over the CPU time per thread of the other count, what
the wall time speed-up would be if every thread ran at the same speed all the time (the helpers
search until the main thread is done, so none of them waits). On a machine whose cores are busy
with other work the wall time speed-up says mostly how much CPU the scheduler gave the engine (on
Linux with autogroups a session's threads share one session's share, so a second thread may get
no more CPU at all); the `cpu` figure still says how well the threads divide the work.

Node counts say how much work the threads repeat: `nodes` is the other count's total nodes over
the base's (medians), which on an idle machine with the threads at equal speed bounds the
speed-up at threads / nodes. The spread of the speed-up over the repeats (each repeat's mean over
the positions) and the share of the machine's CPU time that other programs took meanwhile
(Linux: /proc/stat) say how far the wall times can be trusted.

This is a measurement, not a test: the numbers depend on the machine and its load, and with
more than one thread the node counts (and sometimes the move) vary from run to run. Run it on
an otherwise idle machine with at least as many cores as the largest thread count.

With --ceiling it also measures what the machine allows: as many one-thread engines as the
largest thread count, each in its own process with its own table, search the same position at
the same time, and each one's CPU time is set against one engine's alone. Independent programs
share nothing a search could save, so their slowdown (memory, caches, a virtual machine's
cores) is a bound no parallel search can beat: the `ceiling` is the thread count times that
speed, the speed-up of a search that divided its work perfectly and repeated nothing.

The table is the engine's default size (the `Hash` option's default, what a user gets) unless
--hash gives another (at 64 MiB the largest of the positions fills about half the table by
depth 9, and two threads, which store more between them, lose more entries than one).

Usage: scripts/threads-depth.py [--threads 1,2] [--depth 9] [--repeat 3] [--hash MIB] [--ceiling]
The engine is target/release/ewn unless EWN names another program.
"""

import argparse
import os
import statistics
import sys
import time

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from engine_session import Session  # noqa: E402

# Middlegames from engine games: several cubes taken, captures and races both in reach.
POSITIONS = [
    ("1R2R32/1R1R42/R64/2B5B21/2B3B61 r", 3),
    ("2R22/R41R52/1R6B52/3B3B6/4B1 b", 2),
    ("1R12R3/R42R21/2R6B31/1B52B4/3B2B1 r", 6),
    ("R21R32/1R41B11/R51B4B31/5/4B6 r", 2),
    ("2R1R21/R32R41/1B61R51/2B21B5/2B32 b", 1),
]


class Engine(Session):
    def __init__(self, cmd, threads, hash_mb):
        super().__init__(cmd, {"Threads": threads, "Hash": hash_mb})

    def cpu_seconds(self):
        """The engine's user and system time so far (0 where /proc is not there)."""
        try:
            with open(f"/proc/{self.p.pid}/stat") as f:
                # The fields after the command's parenthesis: utime and stime are the 12th and 13th.
                fields = f.read().rsplit(")", 1)[1].split()
            return (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK")
        except (OSError, ValueError, IndexError):
            return 0.0

    def time_to_depth(self, fen, die, depth):
        self.fresh(f"position fen {fen}")
        cpu_start = self.cpu_seconds()
        start = time.perf_counter()
        self.send(f"go die {die} depth {depth}")
        best, info = self.until("bestmove")
        took = time.perf_counter() - start
        cpu = self.cpu_seconds() - cpu_start
        words = (info or "").split()
        reached = int(words[words.index("depth") + 1]) if "depth" in words else 0
        nodes = int(words[words.index("nodes") + 1]) if "nodes" in words else 0
        return took, cpu, reached, nodes, best.split()[1]

    def start_search(self, fen, die, depth):
        """`go` without waiting for the answer; [`finish_search`] reads it and the CPU time."""
        self.fresh(f"position fen {fen}")
        self.cpu_start = self.cpu_seconds()
        self.send(f"go die {die} depth {depth}")

    def finish_search(self):
        self.until("bestmove")
        return self.cpu_seconds() - self.cpu_start

    def quit(self):
        self.send("quit")
        self.p.wait(timeout=10)


def machine_ticks():
    """The busy and total CPU time of the machine so far, in clock ticks (zeros without /proc)."""
    try:
        with open("/proc/stat") as f:
            t = [int(x) for x in f.readline().split()[1:]]
        # user nice system idle iowait irq softirq steal: idle and iowait are not busy.
        return sum(t[:8]) - t[3] - t[4], sum(t[:8])
    except (OSError, ValueError, IndexError):
        return 0, 0


def load_average():
    """The one-minute load average, as text ("?" where /proc is not there)."""
    try:
        with open("/proc/loadavg") as f:
            return f.read().split()[0]
    except (OSError, IndexError):
        return "?"


def main():
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--threads", default="1,2", help="thread counts to compare, the first the base")
    ap.add_argument("--depth", type=int, default=9)
    ap.add_argument("--repeat", type=int, default=3, help="searches per position and thread count")
    ap.add_argument(
        "--hash", type=int, default=None, help="table size in MiB (default: the engine's)"
    )
    ap.add_argument(
        "--ceiling",
        action="store_true",
        help="also run one-thread engines side by side: the speed-up no search can beat here",
    )
    opts = ap.parse_args()
    counts = [int(t) for t in opts.threads.split(",")]
    cmd = [os.environ.get("EWN", "target/release/ewn")]
    engines = {t: Engine(cmd, t, opts.hash) for t in counts}
    keys = [(t, i) for t in counts for i in range(len(POSITIONS))]
    times = {k: [] for k in keys}
    cpus = {k: [] for k in keys}
    nodes = {k: [] for k in keys}
    busy0, total0 = machine_ticks()
    own = 0.0
    load_before = load_average()
    for _ in range(opts.repeat):
        for i, (fen, die) in enumerate(POSITIONS):
            for t in counts:
                took, cpu, reached, n, move = engines[t].time_to_depth(fen, die, opts.depth)
                if reached < opts.depth:
                    # A proven value ends the search early: the position says nothing about speed.
                    print(f"note: position {i + 1} stopped at depth {reached} (proven)", file=sys.stderr)
                times[(t, i)].append(took)
                cpus[(t, i)].append(cpu)
                nodes[(t, i)].append(n)
                own += cpu
                print(
                    f"position {i + 1} threads {t}: {took * 1000:.0f} ms, cpu {cpu * 1000:.0f} ms, "
                    f"depth {reached}, {n} nodes, {move}",
                    file=sys.stderr,
                )
    busy1, total1 = machine_ticks()
    for e in engines.values():
        e.quit()
    base = counts[0]
    header = "position  " + "  ".join(f"{t:>2} threads" for t in counts)
    header += "".join(f"  speed-up {t}  cpu {t}  nodes {t}" for t in counts[1:])
    print(header)
    speedups = {t: [] for t in counts[1:]}
    cpu_speedups = {t: [] for t in counts[1:]}
    node_ratios = {t: [] for t in counts[1:]}
    for i, (fen, die) in enumerate(POSITIONS):
        med = {t: statistics.median(times[(t, i)]) for t in counts}
        cpu = {t: statistics.median(cpus[(t, i)]) for t in counts}
        n = {t: statistics.median(nodes[(t, i)]) for t in counts}
        row = f"{i + 1:>8}  " + "  ".join(f"{med[t] * 1000:>7.0f} ms" for t in counts)
        for t in counts[1:]:
            s = med[base] / med[t]
            speedups[t].append(s)
            # The CPU time per thread stands for the time with every thread at full speed.
            c = cpu[base] / (cpu[t] / t * base) if cpu[t] > 0 else float("nan")
            cpu_speedups[t].append(c)
            r = n[t] / n[base] if n[base] > 0 else float("nan")
            node_ratios[t].append(r)
            row += f"  {s:>10.2f}  {c:>5.2f}  {r:>7.3f}"
        print(row)
    for t in counts[1:]:
        print(f"mean speed-up of {t} threads over {base}: {statistics.mean(speedups[t]):.2f}")
        # Each repeat's own figure: the spread says how much the wall times moved meanwhile.
        per_repeat = [
            statistics.mean(
                times[(base, i)][r] / times[(t, i)][r] for i in range(len(POSITIONS))
            )
            for r in range(opts.repeat)
        ]
        print(
            f"  per repeat: {' '.join(f'{x:.2f}' for x in per_repeat)} "
            f"(min {min(per_repeat):.2f}, max {max(per_repeat):.2f})"
        )
        print(
            f"mean cpu speed-up of {t} threads over {base} (threads at equal speed): "
            f"{statistics.mean(cpu_speedups[t]):.2f}"
        )
        print(f"mean nodes of {t} threads over {base}: {statistics.mean(node_ratios[t]):.3f}")
    if opts.ceiling:
        alone = [statistics.median(cpus[(base, i)]) for i in range(len(POSITIONS))]
        ceiling(cmd, opts, max(counts), alone, base)
    if total1 > total0:
        others = max(0.0, (busy1 - busy0) / os.sysconf("SC_CLK_TCK") - own)
        span = (total1 - total0) / os.sysconf("SC_CLK_TCK")
        print(
            f"other programs used {100 * others / span:.0f}% of the machine's CPU time meanwhile "
            f"(load average before {load_before}, after {load_average()})"
        )


def ceiling(cmd, opts, n, alone, base):
    """Prints the speed of `n` one-thread engines searching at once against one alone (`alone`:
    the base count's median CPU time per position; the base must be one thread)."""
    if base != 1 or n < 2:
        print("ceiling: needs a base of 1 thread and a larger count", file=sys.stderr)
        return
    engines = [Engine(cmd, 1, opts.hash) for _ in range(n)]
    ratios = []
    for i, (fen, die) in enumerate(POSITIONS):
        together = []
        for _ in range(opts.repeat):
            for e in engines:
                e.start_search(fen, die, opts.depth)
            together += [e.finish_search() for e in engines]
        ratios.append(alone[i] / statistics.median(together))
    for e in engines:
        e.quit()
    speed = statistics.mean(ratios)
    print(
        f"ceiling: {n} one-thread engines searching at once ran at {speed:.2f} of one alone "
        f"(per position {' '.join(f'{r:.2f}' for r in ratios)}): no {n}-thread search beats "
        f"{n * speed:.2f}x here"
    )


if __name__ == "__main__":
    main()
