"""One engine program driven over the native protocol, for the measuring scripts.

`Session(cmd, options)` starts the program, completes the handshake with the given options
(name -> value, sent as `setoption`), and offers `send`, `until` and `fresh` (an emptied table and
a position, answered with `readyok` before any clock starts). Used by movetime-use.py,
time-to-depth.py and threads-depth.py, so that the three read an engine the same way.
"""

import subprocess
import sys


class Session:
    def __init__(self, cmd, options):
        self.p = subprocess.Popen(
            cmd, stdin=subprocess.PIPE, stdout=subprocess.PIPE, text=True, bufsize=1
        )
        self.send("ugi")
        self.until("ugiok")
        for name, value in options.items():
            if value is not None:
                self.send(f"setoption name {name} value {value}")
        self.send("isready")
        self.until("readyok")

    def send(self, line):
        self.p.stdin.write(line + "\n")
        self.p.stdin.flush()

    def until(self, word):
        """Reads lines until one starts with `word`; returns it and the last `info depth` line."""
        last_info = None
        while True:
            line = self.p.stdout.readline()
            if not line:
                sys.exit(f"error: the engine ended while {word} was awaited")
            line = line.strip()
            if line.startswith("error"):
                sys.exit(f"error: the engine said: {line}")
            if line.startswith("info depth"):
                last_info = line
            if line.split(" ", 1)[0] == word:
                return line, last_info

    def fresh(self, position):
        """An emptied table and `position` (a full `position ...` line), ready before returning."""
        self.send("uginewgame")
        self.send(position)
        self.send("isready")
        self.until("readyok")
