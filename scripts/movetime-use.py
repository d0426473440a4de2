#!/usr/bin/env python3
"""How much of a fixed move time does the engine use, and how deep does it get?

For each move time (`--movetimes 10,20,50`) the engine searches eight middlegame decisions with
`go die <d> movetime <ms>` over the native protocol. For each search it measures the time from
writing the `go` line to reading `bestmove` (seen from outside, so the pipe is inside it) and takes
the depth of the last `info depth` line before `bestmove` (0 when there was none). Prints, per
move time, the median and the range of both, per engine.

Several engines can be compared side by side (`--engines old,new`): their searches alternate,
so that a busy machine weighs on both alike. Every engine is started once and answers `readyok`
before the first search; the first search of each engine is its first after start-up. Each
decision starts from an empty table (`uginewgame`, then `isready` before the clock starts).
`--overhead N` sets the `MoveOverhead` option (the engine's default otherwise); with 0 the time
used over the move time is what the pipe and the engine's stopping cost.

This is a measurement, not a test: the numbers depend on the machine and its load.

Usage: scripts/movetime-use.py [--movetimes 10,20,50] [--repeat 1] [--engines PATH,PATH]
                               [--overhead MS] [-- ARGS]
The engine is target/release/ewn unless EWN (or --engines) names another program; ARGS are passed
to every engine (for example `-- --threads 2`).
"""

import argparse
import os
import statistics
import sys
import time

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from engine_session import Session  # noqa: E402

# Middlegames from engine games (as in threads-depth.py), each with two dice: eight decisions.
DECISIONS = [
    ("1R2R32/1R1R42/R64/2B5B21/2B3B61 r", 3),
    ("2R22/R41R52/1R6B52/3B3B6/4B1 b", 2),
    ("1R12R3/R42R21/2R6B31/1B52B4/3B2B1 r", 6),
    ("R21R32/1R41B11/R51B4B31/5/4B6 r", 2),
    ("2R1R21/R32R41/1B61R51/2B21B5/2B32 b", 1),
    ("1R2R32/1R1R42/R64/2B5B21/2B3B61 r", 5),
    ("2R22/R41R52/1R6B52/3B3B6/4B1 b", 4),
    ("1R12R3/R42R21/2R6B31/1B52B4/3B2B1 r", 1),
]


class Engine(Session):
    def __init__(self, cmd, overhead):
        super().__init__(cmd, {"MoveOverhead": overhead})

    def search(self, fen, die, movetime):
        # A fresh table for every decision (emptied before the clock starts): the decisions
        # repeat positions, and a table left by the last one would make the depth meaningless.
        self.fresh(f"position fen {fen}")
        start = time.perf_counter()
        self.send(f"go die {die} movetime {movetime}")
        _, info = self.until("bestmove")
        took = (time.perf_counter() - start) * 1000.0
        words = (info or "").split()
        depth = int(words[words.index("depth") + 1]) if "depth" in words else 0
        return took, depth

    def quit(self):
        self.send("quit")
        self.p.wait(timeout=10)


def main():
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--movetimes", default="10,20,50", help="move times in ms")
    ap.add_argument("--repeat", type=int, default=1, help="rounds over the eight decisions")
    ap.add_argument("--engines", default=None, help="programs to compare, comma-separated")
    ap.add_argument("--overhead", type=int, default=None, help="MoveOverhead in ms")
    ap.add_argument("args", nargs="*", help="arguments for every engine")
    opts = ap.parse_args()
    exes = (opts.engines or os.environ.get("EWN", "target/release/ewn")).split(",")
    for exe in exes:
        if not os.access(exe, os.X_OK):
            sys.exit(f"error: no engine at {exe} (build with cargo build --release)")
    movetimes = [int(m) for m in opts.movetimes.split(",")]
    engines = [Engine([exe, "--protocol", "native", *opts.args], opts.overhead) for exe in exes]
    runs = {(e, m): [] for e in range(len(exes)) for m in movetimes}
    for _ in range(opts.repeat):
        for m in movetimes:
            for fen, die in DECISIONS:
                for e, eng in enumerate(engines):
                    runs[(e, m)].append(eng.search(fen, die, m))
    for eng in engines:
        eng.quit()
    print("engine  movetime  used ms: median (min-max)  depth: median (min-max)")
    for m in movetimes:
        for e, exe in enumerate(exes):
            used = [t for t, _ in runs[(e, m)]]
            depth = [d for _, d in runs[(e, m)]]
            print(
                f"{exe}  {m:>4} ms  {statistics.median(used):6.1f} ({min(used):.1f}-{max(used):.1f})"
                f"  {statistics.median(depth):4.1f} ({min(depth)}-{max(depth)})"
            )


if __name__ == "__main__":
    main()
