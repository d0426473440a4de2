#!/bin/sh
# Solves a variant and prints its time and peak memory: the figures protocol/solved.md quotes.
#
#   scripts/solve-memory.sh [VARIANT] [THREADS] [EWN]
#
# VARIANT defaults to 5x5-3, THREADS to 2, EWN to target/release/ewn (build it first with
# `cargo build --release`). The table is written to a temporary directory, removed afterwards;
# with KEEP=FILE the solver's whole JSON report (every start position's exact value) is kept in
# FILE, to compare two builds, and with OUT=DIR the table is written to DIR and kept.
# Prints one line of the solve (positions, slots, start and equilibrium values, table size) and
# one of its cost:
#   solve VARIANT: wall S s, cpu S s (user + system), peak RSS N KiB (M MB)
set -eu
variant=${1:-5x5-3}
threads=${2:-2}
ewn=${3:-target/release/ewn}
dir=$(mktemp -d)
trap 'rm -rf "$dir"' EXIT
/usr/bin/time -v "$ewn" --variant "$variant" solve --threads "$threads" --out "${OUT:-$dir/tb}" --json \
    >"$dir/out" 2>"$dir/err"
if [ -n "${KEEP:-}" ]; then cp "$dir/out" "$KEEP"; fi
python3 -c '
import json, sys
r = json.load(open(sys.argv[1]))
print("variant %s: %d positions, %d slots, start value %.12f, equilibrium value %.12f, table %d bytes"
      % (r["variant"], r["positions"], r["slots"], r["start_value"], r["equilibrium"]["value"],
         r["table_bytes"]))
' "$dir/out"
awk -v variant="$variant" -v dir="$dir" '
    /Elapsed \(wall clock\)/ { n = split($NF, t, ":"); wall = 0
        for (i = 1; i <= n; i++) wall = wall * 60 + t[i] }
    /User time \(seconds\)/ { user = $NF }
    /System time \(seconds\)/ { sys = $NF }
    /Maximum resident set size/ { rss = $NF }
    END {
        printf "solve %s: wall %.1f s, cpu %.1f s (user + system), peak RSS %d KiB (%.0f MB)\n",
            variant, wall, user + sys, rss, rss * 1024 / 1e6
    }' "$dir/err"
