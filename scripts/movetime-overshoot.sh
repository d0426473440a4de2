#!/usr/bin/env bash
# How late does the engine answer a fixed-time search? Runs COUNT searches of
# `go die <d> movetime <MOVETIME>` over the native protocol and reports, per search, the time from
# writing the `go` line to reading `bestmove`, minus the movetime. A negative lateness is an early
# answer (the search does not start an iteration it cannot finish). This is a measurement for
# reports, not a test: the numbers depend on the machine and its load.
#
# Usage: scripts/movetime-overshoot.sh [count] [movetime_ms]
# The engine is `target/release/ewn` unless EWN names another binary. Needs bash 5 (EPOCHREALTIME
# gives microseconds without starting a process per reading).
set -euo pipefail

COUNT=${1:-200}
MOVETIME=${2:-50}
EWN=${EWN:-target/release/ewn}

if [[ ! -x $EWN ]]; then
    echo "no engine at $EWN (build with cargo build --release, or set EWN)" >&2
    exit 1
fi
if [[ -z ${EPOCHREALTIME:-} ]]; then
    echo "bash 5 or later is needed" >&2
    exit 1
fi

# Openings, middlegames and races; the die cycles through 1..6 so every cube gets searched.
POSITIONS=(
    "R1R2R32/R4R53/R63B6/3B5B4/2B3B2B1 r"
    "R3R6R12/R2R53/R43B1/3B2B3/2B4B5B6 b"
    "1R2R32/1R1R42/R64/2B5B21/2B3B61 r"
    "2R22/R41R52/1R6B52/3B3B6/4B1 b"
    "5/1R3R22/2R41B5/B1R52B3/5 r"
    "5/2R32/1B2R22/5/3B4B1 b"
)

coproc ENGINE { "$EWN" --protocol native; }
send() { printf '%s\n' "$1" >&"${ENGINE[1]}"; }
wait_for() {
    local line
    while IFS= read -r line <&"${ENGINE[0]}"; do
        [[ $line == "$1"* ]] && return 0
    done
    echo "engine ended before '$1'" >&2
    exit 1
}
now_us() { local t=${EPOCHREALTIME/[.,]/}; echo $((10#$t)); }

send "isready"
wait_for "readyok"

late=()
for ((i = 0; i < COUNT; i++)); do
    fen=${POSITIONS[i % ${#POSITIONS[@]}]}
    die=$((i % 6 + 1))
    send "position fen $fen"
    # Make sure the position is taken before the clock starts.
    send "isready"
    wait_for "readyok"
    t0=$(now_us)
    send "go die $die movetime $MOVETIME"
    wait_for "bestmove"
    t1=$(now_us)
    late+=($((t1 - t0 - MOVETIME * 1000)))
done
send "quit"
wait "$ENGINE_PID" 2>/dev/null || true

printf '%s\n' "${late[@]}" | awk -v n="$COUNT" -v mt="$MOVETIME" '
    { x = $1 / 1000.0; sum += x; if (NR == 1 || x > max) max = x; if (NR == 1 || x < min) min = x;
      if (x > 0) over++ }
    END {
        printf "searches %d, movetime %d ms\n", n, mt
        printf "lateness ms: max %.2f mean %.2f min %.2f (late in %d of %d)\n", max, sum / n, min, over, n
    }'
