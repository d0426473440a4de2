#!/usr/bin/env python3
"""How long do engines take to reach a fixed depth? Side by side, alternating.

Every engine is started once; each round searches the position (the start position and die 3
unless told otherwise) to the depth (`go die <d> depth <n>`) after `uginewgame` and `isready`, so
that no search inherits a table and the table is emptied before the clock starts. The engines take
turns within a round, so that a busy machine weighs on both alike. The time is from writing the
`go` line to reading `bestmove`. Prints each engine's median time, its node count (one thread: the
same in every round), its move, and the ratio of each engine's median time to the first's.

Node counts are the figure to trust on a busy machine: with one thread they are deterministic,
while wall time is not.

Usage: scripts/time-to-depth.py [--engines OLD,NEW] [--depth 8] [--die 3] [--fen FEN]
                                [--rounds 3] [--hash MB] [-- ARGS]
The engine is target/release/ewn unless EWN (or --engines) names another; ARGS go to every engine.
"""

import argparse
import os
import statistics
import sys
import time

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from engine_session import Session  # noqa: E402


class Engine(Session):
    def __init__(self, cmd, hash_mb):
        super().__init__(cmd, {"Hash": hash_mb})

    def search(self, position, die, depth):
        self.fresh(position)
        start = time.perf_counter()
        self.send(f"go die {die} depth {depth}")
        best, info = self.until("bestmove")
        took = time.perf_counter() - start
        words = (info or "").split()
        nodes = int(words[words.index("nodes") + 1]) if "nodes" in words else 0
        return took, nodes, best.split()[1]

    def quit(self):
        self.send("quit")
        self.p.wait(timeout=10)


def main():
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--engines", default=None, help="programs to compare, the first the base")
    ap.add_argument("--depth", type=int, default=8)
    ap.add_argument("--die", type=int, default=3)
    ap.add_argument("--fen", default=None, help="position (the start position if not given)")
    ap.add_argument("--rounds", type=int, default=3)
    ap.add_argument("--hash", type=int, default=None, help="Hash in MiB (each engine's default)")
    ap.add_argument("args", nargs="*", help="arguments for every engine")
    opts = ap.parse_args()
    exes = (opts.engines or os.environ.get("EWN", "target/release/ewn")).split(",")
    for exe in exes:
        if not os.access(exe, os.X_OK):
            sys.exit(f"error: no engine at {exe} (build with cargo build --release)")
    position = f"position fen {opts.fen}" if opts.fen else "position startpos"
    engines = [Engine([exe, "--protocol", "native", *opts.args], opts.hash) for exe in exes]
    runs = [[] for _ in exes]
    for r in range(opts.rounds):
        # Alternate who goes first, so that neither always follows the other's cache traffic.
        order = list(range(len(exes)))
        if r % 2:
            order.reverse()
        for e in order:
            took, nodes, move = engines[e].search(position, opts.die, opts.depth)
            runs[e].append((took, nodes, move))
            print(f"round {r + 1} {exes[e]}: {took:.3f} s, {nodes} nodes, {move}", file=sys.stderr)
    for eng in engines:
        eng.quit()
    base = statistics.median(t for t, _, _ in runs[0])
    print(f"depth {opts.depth}, die {opts.die}, {position}")
    for e, exe in enumerate(exes):
        med = statistics.median(t for t, _, _ in runs[e])
        nodes = sorted({n for _, n, _ in runs[e]})
        moves = sorted({m for _, _, m in runs[e]})
        print(
            f"{exe}: median {med:.3f} s (of {len(runs[e])}), nodes {','.join(map(str, nodes))}, "
            f"move {','.join(moves)}, time ratio {med / base:.2f}"
        )


if __name__ == "__main__":
    main()
