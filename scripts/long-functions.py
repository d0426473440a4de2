#!/usr/bin/env python3
"""Functions of src/ by length: every `fn` with a body, its length in lines from the `fn` line to
its closing brace, the longest first. Prints those over the limit (80 by default) and the totals
over 80 and over 120, so the house's bar ("no function over 120 lines, a few over 80") can be
checked by anyone:

    python3 scripts/long-functions.py [--limit N] [DIR]

Braces are counted outside strings, chars and comments; test modules count too (they are code a
reader holds as well)."""

import argparse
import os
import re
import sys

FN = re.compile(r"^\s*(pub(\([^)]*\))?\s+)?(const\s+)?(async\s+)?(unsafe\s+)?(extern\s+\"[^\"]*\"\s+)?fn\s+(\w+)")


def code_chars(text):
    """The text with strings, chars and comments blanked (newlines kept), so braces count."""
    out = []
    i, n = 0, len(text)
    while i < n:
        c = text[i]
        if text.startswith("//", i):
            j = text.find("\n", i)
            j = n if j < 0 else j
            out.append(" " * (j - i))
            i = j
        elif text.startswith("/*", i):
            j = text.find("*/", i + 2)
            j = n if j < 0 else j + 2
            out.append("".join(ch if ch == "\n" else " " for ch in text[i:j]))
            i = j
        elif c == "r" and re.match(r'r#*"', text[i:i + 10]) and (i == 0 or not (text[i - 1].isalnum() or text[i - 1] == "_")):
            m = re.match(r'r(#*)"', text[i:])
            end = '"' + m.group(1)
            j = text.find(end, i + len(m.group(0)))
            j = n if j < 0 else j + len(end)
            out.append("".join(ch if ch == "\n" else " " for ch in text[i:j]))
            i = j
        elif c == '"':
            j = i + 1
            while j < n and text[j] != '"':
                j += 2 if text[j] == "\\" else 1
            j = min(j + 1, n)
            out.append("".join(ch if ch == "\n" else " " for ch in text[i:j]))
            i = j
        elif c == "'":
            # A char literal ('x', '\n', '\u{..}') or a lifetime ('a): blank only the literal.
            m = re.match(r"'(\\.[^']*|[^\\'])'", text[i:])
            if m:
                out.append(" " * len(m.group(0)))
                i += len(m.group(0))
            else:
                out.append(c)
                i += 1
        else:
            out.append(c)
            i += 1
    return "".join(out)


def functions(path):
    """(name, first line, length in lines) of every fn with a body in the file."""
    text = open(path, encoding="utf-8").read()
    code = code_chars(text)
    lines = code.split("\n")
    offsets = [0]
    for l in lines:
        offsets.append(offsets[-1] + len(l) + 1)
    found = []
    for no, line in enumerate(lines):
        m = FN.match(line)
        if not m:
            continue
        # The body opens at the first `{` after the signature, unless a `;` ends it first.
        start = offsets[no] + m.end()
        depth_paren = 0
        k = start
        while k < len(code):
            ch = code[k]
            if ch in "(<[":
                depth_paren += 1
            elif ch in ")>]":
                depth_paren -= 1
            elif ch == ";" and depth_paren <= 0:
                k = -1
                break
            elif ch == "{" and depth_paren <= 0:
                break
            k += 1
        if k < 0 or k >= len(code):
            continue
        depth = 0
        j = k
        while j < len(code):
            if code[j] == "{":
                depth += 1
            elif code[j] == "}":
                depth -= 1
                if depth == 0:
                    break
            j += 1
        end_line = code.count("\n", 0, j)
        found.append((m.group(7), no + 1, end_line - no + 1))
    return found


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("dir", nargs="?", default=os.path.join(os.path.dirname(__file__), "..", "src"))
    ap.add_argument("--limit", type=int, default=80)
    args = ap.parse_args()
    rows = []
    for root, _, files in os.walk(args.dir):
        for f in files:
            if f.endswith(".rs"):
                p = os.path.join(root, f)
                rel = os.path.relpath(p, args.dir)
                rows += [(n, rel, name, line) for name, line, n in functions(p)]
    rows.sort(reverse=True)
    for n, rel, name, line in rows:
        if n > args.limit:
            print(f"{n:5}  {rel}:{line}  {name}")
    over80 = sum(1 for r in rows if r[0] > 80)
    over120 = sum(1 for r in rows if r[0] > 120)
    print(f"{len(rows)} functions; {over80} over 80 lines, {over120} over 120")
    return 0


if __name__ == "__main__":
    sys.exit(main())
