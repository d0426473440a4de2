#!/usr/bin/env python3
"""A bridge between ewn and OpenSpiel's `einstein_wurfelt_nicht` game, both ways.

    openspiel_bridge.py play --ewn "target/release/ewn" [--opponent random|mcts:<sims>|pymcts:<sims>]
                             [--games N] [--movetime MS] [--seed S]
        Plays ewn as an OpenSpiel bot (`EwnBot`, a `pyspiel.Bot`) inside OpenSpiel's game against
        an OpenSpiel bot, OpenSpiel rolling the setups and the dice and judging every move.

    openspiel_bridge.py engine [--bot random|mcts:<sims>|pymcts:<sims>] [--seed S]
        Runs an OpenSpiel bot as an engine of the native protocol (protocol/native.md), so that
        `ewn match --engine "python3 scripts/openspiel_bridge.py engine --bot mcts:200"` plays it.

An OpenSpiel user imports `EwnBot` from this file to use ewn in their own code:

    bot = EwnBot(["target/release/ewn"], movetime_ms=100)
    action = bot.step(state)          # at a player node of einstein_wurfelt_nicht

It needs the Python package `open_spiel` (pip install open_spiel) and nothing else.

Bots: `random`; `mcts:<sims>`, OpenSpiel's C++ `pyspiel.MCTSBot` with one random rollout per leaf
(about 144,000 simulations a second on the first move, measured on a shared 2-core machine); and
`pymcts:<sims>`, the same search in OpenSpiel's Python (about 4,200 a second), only when named.

How the two games' conventions meet. OpenSpiel's board has row 0 at the top (our rank 5) and
column 0 on the left (file a). Its player 0, "black" (`b` cubes), is our Red in the top-left
corner; player 1, "white" (`w`), is our Blue, and white always moves first. The game begins with
two chance nodes that place black's and then white's cubes: the outcome is the rank of a
permutation of 1..6 in lexicographic order, its digits laid on the corner triangle row by row.
For black that is our setup order (a5 b5 c5 a4 b4 a3); for white it is our order reversed
(e3 d2 e2 c1 d1 e1). Then each turn is a die roll (outcome 0..5 for faces 1..6) and a move,
encoded as ((row * 5 + column) * 6 + direction) * 2 + capture.

A game in which Red moves first cannot be set up in OpenSpiel, so the engine plays it turned half
a circle with the colours swapped (a symmetry of the rules) and turns its answers back. A position
that is not reached from two setups (a middlegame from `--positions`) cannot be built in OpenSpiel
at all: the engine then answers `bestmove none` at once, which the referee scores as a loss.
"""

import argparse
import itertools
import random
import re
import subprocess
import sys

import numpy as np
import pyspiel
from open_spiel.python.algorithms import evaluate_bots

GAME = "einstein_wurfelt_nicht"
FILES = "abcde"
# OpenSpiel's directions as (row, column) steps: black's three, then white's three.
DIRECTIONS = [(1, 1), (1, 0), (0, 1), (-1, 0), (-1, -1), (0, -1)]
PERMUTATIONS = [tuple(p) for p in itertools.permutations(range(1, 7))]
RED_TRIANGLE = ["a5", "b5", "c5", "a4", "b4", "a3"]
BLUE_TRIANGLE = ["e1", "d1", "c1", "e2", "d2", "e3"]


def square(row, col):
    return FILES[col] + str(5 - row)


def decode(action):
    """An OpenSpiel move action as our move name, e.g. `c1c2`."""
    rest = action // 2
    direction = rest % 6
    rest //= 6
    col, row = rest % 5, rest // 5
    dr, dc = DIRECTIONS[direction]
    return square(row, col) + square(row + dr, col + dc)


def mirror_square(sq):
    return FILES[4 - FILES.index(sq[0])] + str(6 - int(sq[1]))


def mirror_move(mv):
    return mirror_square(mv[:2]) + mirror_square(mv[2:])


def board_of(state):
    """Square -> (side letter 'R' or 'B', cube number), read from OpenSpiel's board drawing."""
    board = {}
    rows = [l for l in str(state).splitlines() if l.startswith("|")]
    for r, line in enumerate(rows[:5]):
        for c, cell in enumerate(re.findall(r"\|(..)\|", line)):
            if cell[0] in "bw":
                board[square(r, c)] = ("R" if cell[0] == "b" else "B", int(cell[1]))
    return board


def fen_of(state):
    """Our position string of an OpenSpiel state at a player node."""
    board = board_of(state)
    ranks = []
    for rank in "54321":
        out, empty = "", 0
        for f in FILES:
            piece = board.get(f + rank)
            if piece is None:
                empty += 1
                continue
            if empty:
                out, empty = out + str(empty), 0
            out += "%s%d" % piece
        ranks.append(out + (str(empty) if empty else ""))
    return "/".join(ranks) + " " + ("r" if state.current_player() == 0 else "b")


class EwnBot(pyspiel.Bot):
    """ewn (or any engine of the native protocol) as an OpenSpiel bot."""

    def __init__(self, command, movetime_ms=100):
        pyspiel.Bot.__init__(self)
        self.movetime_ms = movetime_ms
        self.proc = subprocess.Popen(
            command, stdin=subprocess.PIPE, stdout=subprocess.PIPE, text=True, bufsize=1
        )
        self._send("ugi")
        self._wait(lambda l: l == "ugiok")

    def _send(self, line):
        self.proc.stdin.write(line + "\n")
        self.proc.stdin.flush()

    def _wait(self, accept):
        while True:
            line = self.proc.stdout.readline()
            if not line:
                raise RuntimeError("the engine exited")
            line = line.strip()
            if accept(line):
                return line

    def restart_at(self, state):
        self._send("uginewgame")

    def inform_action(self, state, player, action):
        pass

    def inform_actions(self, state, actions):
        pass

    def provides_policy(self):
        return False

    def step(self, state):
        die = state.history()[-1] + 1
        self._send("position fen " + fen_of(state))
        self._send("go die %d movetime %d" % (die, self.movetime_ms))
        move = self._wait(lambda l: l.startswith("bestmove")).split()[1]
        for action in state.legal_actions():
            if decode(action) == move:
                return action
        raise RuntimeError("the engine answered %s, not legal for die %d" % (move, die))

    def close(self):
        try:
            self._send("quit")
        except OSError:
            pass
        self.proc.wait(timeout=10)


def make_bot(spec, game, player, seed):
    """An OpenSpiel bot: `random`, `mcts:<simulations>` (OpenSpiel's C++ `pyspiel.MCTSBot` with
    one random rollout per leaf, what OpenSpiel's users run) or `pymcts:<simulations>` (the same
    search in OpenSpiel's Python, `open_spiel.python.algorithms.mcts`, tens of times slower)."""
    if spec == "random":
        return pyspiel.make_uniform_random_bot(player, seed + player)
    if spec.startswith("mcts:"):
        sims = int(spec[5:])
        evaluator = pyspiel.RandomRolloutEvaluator(1, seed + player)
        return pyspiel.MCTSBot(game, evaluator, 2.0, sims, 1000, False, seed + player, False)
    if spec.startswith("pymcts:"):
        from open_spiel.python.algorithms import mcts

        sims = int(spec[7:])
        rng = np.random.RandomState(seed + player)
        evaluator = mcts.RandomRolloutEvaluator(n_rollouts=1, random_state=rng)
        return mcts.MCTSBot(
            game, uct_c=2.0, max_simulations=sims, evaluator=evaluator, random_state=rng
        )
    raise ValueError(
        "unknown bot '%s': expected random, mcts:<simulations> or pymcts:<simulations>" % spec
    )


def play(args):
    """ewn against an OpenSpiel bot inside OpenSpiel; ewn takes each colour in turn."""
    game = pyspiel.load_game(GAME)
    rng = np.random.RandomState(args.seed)
    ewn = EwnBot(args.ewn.split(), args.movetime)
    wins = 0
    try:
        for g in range(args.games):
            ewn_player = g % 2
            other = make_bot(args.opponent, game, 1 - ewn_player, args.seed + g)
            bots = [ewn, other] if ewn_player == 0 else [other, ewn]
            state = game.new_initial_state()
            returns = evaluate_bots.evaluate_bots(state, bots, rng)
            won = returns[ewn_player] > 0
            wins += won
            # After the two setups the history alternates a die roll and a move.
            plies = (len(state.history()) - 2) // 2
            print(
                "game %d: ewn (%s) %s against %s in %d moves"
                % (
                    g + 1,
                    "red" if ewn_player == 0 else "blue",
                    "won" if won else "lost",
                    args.opponent,
                    plies,
                ),
                flush=True,
            )
    finally:
        ewn.close()
    print("ewn won %d of %d games against OpenSpiel's %s bot" % (wins, args.games, args.opponent))


class Engine:
    """An OpenSpiel bot behind the native protocol."""

    def __init__(self, bot, seed):
        self.game = pyspiel.load_game(GAME)
        self.bots = [make_bot(bot, self.game, p, seed) for p in (0, 1)]
        self.name = bot
        self.rng = random.Random(seed)
        self.base = ("123456", "123456", "r")
        self.moves = []

    def reply(self, line):
        sys.stdout.write(line + "\n")
        sys.stdout.flush()

    def set_position(self, words):
        """`startpos | fen <board> <side> | setup <red> <blue> <side>`, then `moves ...`."""
        if "moves" in words:
            i = words.index("moves")
            words, moves = words[:i], words[i + 1 :]
        else:
            moves = []
        if words == ["startpos"]:
            base = ("123456", "123456", "r")
        elif len(words) == 4 and words[0] == "setup" and words[3] in ("r", "b"):
            base = (words[1], words[2], words[3])
        elif len(words) == 3 and words[0] == "fen" and words[2] in ("r", "b"):
            base = setups_of(words[1], words[2])
        else:
            raise ValueError("position: expected startpos, fen or setup")
        self.base, self.moves = base, moves

    def state_for(self, die):
        """The OpenSpiel state of the position with `die` rolled, and whether it is mirrored."""
        if self.base is None:
            return None, False
        red, blue, first = self.base
        mirror = first == "r"
        if mirror:
            red, blue = blue, red
        state = self.game.new_initial_state()
        state.apply_action(PERMUTATIONS.index(tuple(int(d) for d in red)))
        state.apply_action(PERMUTATIONS.index(tuple(int(d) for d in reversed(blue))))
        for mv in self.moves:
            mv = mirror_move(mv) if mirror else mv
            if state.is_terminal() or mv[:2] not in board_of(state):
                raise ValueError("move %s: no cube there" % mv)
            # The moved cube's own number as the die always allows the move.
            state.apply_action(board_of(state)[mv[:2]][1] - 1)
            action = [a for a in state.legal_actions() if decode(a) == mv]
            if not action:
                raise ValueError("move %s is not legal" % mv)
            state.apply_action(action[0])
        if state.is_terminal():
            raise ValueError("the game is over")
        state.apply_action(die - 1)
        return state, mirror

    def go(self, words):
        if words[:1] == ["setup"]:
            digits = list("123456")
            self.rng.shuffle(digits)
            return self.reply("bestmove " + "".join(digits))
        if len(words) < 2 or words[0] != "die" or words[1] not in "123456":
            raise ValueError("go: expected go die <1-6>")
        state, mirror = self.state_for(int(words[1]))
        if state is None:
            self.reply("info string OpenSpiel's game starts from two setups; not this position")
            return self.reply("bestmove none")
        move = decode(self.bots[state.current_player()].step(state))
        self.reply("bestmove " + (mirror_move(move) if mirror else move))

    def run(self):
        for raw in sys.stdin:
            words = raw.split()
            if not words:
                continue
            cmd, rest = words[0], words[1:]
            try:
                if cmd in ("ugi", "uci"):
                    self.reply("id name openspiel-" + self.name)
                    self.reply("id author OpenSpiel bridge")
                    self.reply("ugiok" if cmd == "ugi" else "uciok")
                elif cmd == "isready":
                    self.reply("readyok")
                elif cmd in ("uginewgame", "ucinewgame"):
                    self.base, self.moves = ("123456", "123456", "r"), []
                elif cmd == "position":
                    self.set_position(rest)
                elif cmd == "go":
                    self.go(rest)
                elif cmd == "quit":
                    return
                elif cmd in ("setoption", "stop"):
                    pass
                else:
                    self.reply("error unknown command " + cmd)
            except (ValueError, IndexError) as e:
                self.reply("error %s" % e)


def setups_of(board, side):
    """(red, blue, first) of a position string with every cube on its own triangle, else None."""
    cubes = {}
    for rank, text in zip("54321", board.split("/")):
        f = 0
        for tok in re.findall(r"[RB][1-6]|[1-5]", text):
            if tok[0] in "RB":
                cubes[FILES[f] + rank] = tok
                f += 1
            else:
                f += int(tok)
    if len(board.split("/")) != 5:
        raise ValueError("fen: expected five ranks")
    red = [cubes.get(sq, "") for sq in RED_TRIANGLE]
    blue = [cubes.get(sq, "") for sq in BLUE_TRIANGLE]
    if len(cubes) != 12 or any(c[:1] != "R" for c in red) or any(c[:1] != "B" for c in blue):
        return None
    return ("".join(c[1] for c in red), "".join(c[1] for c in blue), side)


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    sub = ap.add_subparsers(dest="mode", required=True)
    p = sub.add_parser("play", help="ewn as a bot inside OpenSpiel's game")
    p.add_argument("--ewn", default="target/release/ewn", help="the engine command")
    p.add_argument("--opponent", default="random", help="random, mcts:<simulations> (C++) or pymcts:<simulations> (Python)")
    p.add_argument("--games", type=int, default=2)
    p.add_argument("--movetime", type=int, default=100, help="ewn's milliseconds per move")
    p.add_argument("--seed", type=int, default=1)
    e = sub.add_parser("engine", help="an OpenSpiel bot as a native-protocol engine")
    e.add_argument("--bot", default="random", help="random, mcts:<simulations> (C++) or pymcts:<simulations> (Python)")
    e.add_argument("--seed", type=int, default=1)
    args = ap.parse_args()
    if args.mode == "play":
        play(args)
    else:
        Engine(args.bot, args.seed).run()


if __name__ == "__main__":
    main()
