#!/usr/bin/env python3
"""The exact loss of fixed-depth searches on the choices of recorded games of a solved variant.

A measure of an evaluation's strength that does not depend on the machine's load: for every
choice (a roll with more than one legal move) of the games in a record file, the engine under
test searches the position to a fixed depth (`go die <d> depth <n>`, a fresh search each time)
and a table engine (`--tables DIR`, the variant's solved table) gives every legal move's exact
value (`go die <d> multipv all`). The loss of a choice is the best move's exact value less the
chosen move's; the report gives, per engine, the choices, those not exactly best, and the loss
a choice and a game (the sum over a game's choices, both sides' alike, averaged over the games;
the same count `ewn solve --loss` gives each player, here for both players of a game at once).
Same records, same depth, same build: the same numbers on any machine.

    # the games: the solved table plays both sides (its choices are exact), seeded dice
    ewn --variant 4x4 match --engine self name=a option.TablePath=tb \\
        --opponent self name=b option.TablePath=tb --games 200 --movetime 20 --seed 11 \\
        --record games-4x4.txt
    scripts/depth-loss.py --variant 4x4 --tables tb --records games-4x4.txt --depth 4 \\
        --engine ./ewn-old --engine ./ewn-new

Options: `--env NAME:VAR=VALUE` sets an environment variable for one engine; `--plies N` counts only the first N plies of every game (the opening, where most of
the loss is); `--variants FILE` for the back-rank boards and other files of definitions;
`--json` prints one object. Engines are paths to `ewn` builds; `name=PATH` names one.
The values exchanged are the engine's four decimals, so a choice's loss is exact to 1e-4.
"""

import argparse
import json
import os
import subprocess
import sys


def parse_records(path):
    """The games of a record file: (variant line or None, start words, [(side, die, move)])."""
    games = []
    cur = None
    with open(path, encoding="utf-8") as f:
        for raw in f:
            line = raw.strip()
            if not line or line.startswith("#"):
                continue
            w = line.split()
            if w[0] == "game":
                cur = {"setup": None, "first": None, "position": None, "moves": []}
            elif cur is None:
                continue
            elif w[0] == "setup":
                cur["setup"] = (w[1], w[2])
            elif w[0] == "first":
                cur["first"] = w[1]
            elif w[0] == "position":
                cur["position"] = " ".join(w[1:3])
            elif w[0] == "move":
                cur["moves"].append((w[1], w[2], w[3]))
            elif w[0] == "end":
                games.append(cur)
                cur = None
    return games


class Engine:
    def __init__(self, cmd, env=None):
        self.p = subprocess.Popen(
            cmd,
            env=env,
            stdin=subprocess.PIPE,
            stdout=subprocess.PIPE,
            stderr=subprocess.DEVNULL,
            text=True,
            bufsize=1,
        )
        self.send("ugi")
        self.until(lambda l: l == "ugiok")

    def send(self, line):
        self.p.stdin.write(line + "\n")
        self.p.stdin.flush()

    def until(self, done):
        lines = []
        while True:
            line = self.p.stdout.readline()
            if not line:
                raise RuntimeError("engine ended: " + " ".join(self.p.args))
            line = line.strip()
            lines.append(line)
            if done(line):
                return lines

    def go(self, position, die, limits):
        self.send("position " + position)
        self.send("go die %s %s" % (die, limits))
        lines = self.until(lambda l: l.startswith("bestmove") or l.startswith("error"))
        if lines[-1].startswith("error"):
            raise RuntimeError(lines[-1] + " at " + position)
        return lines

    def close(self):
        try:
            self.send("quit")
            self.p.wait(timeout=10)
        except Exception:
            self.p.kill()


def exact_values(lines):
    """Every root move's exact value from a `multipv all` search: {move: wp}."""
    vals = {}
    for l in lines:
        w = l.split()
        if w[:1] != ["info"] or "multipv" not in w or "pv" not in w:
            continue
        wp = float(w[w.index("wp") + 1])
        vals[w[w.index("pv") + 1]] = wp
    return vals


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--variant", required=True)
    ap.add_argument("--variants")
    ap.add_argument("--tables", required=True)
    ap.add_argument("--records", required=True)
    ap.add_argument("--depth", type=int, required=True)
    ap.add_argument("--engine", action="append", required=True)
    ap.add_argument("--env", action="append", default=[], help="NAME:VAR=VALUE, set for that engine")
    ap.add_argument("--plies", type=int, default=0)
    ap.add_argument("--hash", type=int, default=16)
    ap.add_argument("--json", action="store_true")
    a = ap.parse_args()

    base = []
    if a.variants:
        base += ["--variants", a.variants]
    base += ["--variant", a.variant]
    names, paths = [], []
    for e in a.engine:
        n, _, p = e.rpartition("=")
        names.append(n or p)
        paths.append(p)
    table = Engine([paths[0]] + base + ["--tables", a.tables])
    envs = []
    for n in names:
        env = dict(os.environ)
        for e in a.env:
            who, _, kv = e.partition(":")
            if who == n:
                k, _, v = kv.partition("=")
                env[k] = v
        envs.append(env)
    tested = [Engine([p] + base, env) for p, env in zip(paths, envs)]
    for t in tested:
        t.send("setoption name Hash value %d" % a.hash)
    games = parse_records(a.records)
    stats = [{"engine": n, "games": 0, "choices": 0, "inferior": 0, "lost": 0.0} for n in names]
    for g in games:
        if g["position"]:
            start = "fen " + g["position"]
        elif g["setup"]:
            start = "setup %s %s %s" % (g["setup"][0], g["setup"][1], g["first"])
        else:
            continue
        for s in stats:
            s["games"] += 1
        played = []
        for ply, (_, die, move) in enumerate(g["moves"]):
            if a.plies and ply >= a.plies:
                break
            pos = start + (" moves " + " ".join(played) if played else "")
            vals = exact_values(table.go(pos, die, "multipv all"))
            if len(vals) > 1:
                best = max(vals.values())
                for t, s in zip(tested, stats):
                    t.send("uginewgame")
                    lines = t.go(pos, die, "depth %d" % a.depth)
                    m = lines[-1].split()[1]
                    loss = best - vals.get(m, 0.0)
                    s["choices"] += 1
                    if loss > 1e-9:
                        s["inferior"] += 1
                        s["lost"] += loss
            played.append(move)
    for t in tested + [table]:
        t.close()
    for s in stats:
        s["per_game"] = s["lost"] / max(1, s["games"])
        s["per_choice"] = s["lost"] / max(1, s["choices"])
    if a.json:
        print(json.dumps({"variant": a.variant, "depth": a.depth, "plies": a.plies, "engines": stats}))
    else:
        print("variant %s depth %d%s" % (a.variant, a.depth, " plies %d" % a.plies if a.plies else ""))
        for s in stats:
            print(
                "%-12s games %d choices %d inferior %d lost %.4f a game %.5f a choice %.5f"
                % (s["engine"], s["games"], s["choices"], s["inferior"], s["lost"], s["per_game"], s["per_choice"])
            )


if __name__ == "__main__":
    sys.exit(main())
