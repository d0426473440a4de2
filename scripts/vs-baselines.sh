#!/bin/sh
# The current build against the built-in baselines `random` and `greedy`: paired games at a fixed
# time per move, two games at a time, records in target/.
# Usage: scripts/vs-baselines.sh [games=200] [movetime_ms=100] [seed=1]
set -eu
cd "$(dirname "$0")/.."
games=${1:-200}
movetime=${2:-100}
seed=${3:-1}
cargo build --release --quiet
for opponent in random greedy; do
    echo "== ewn vs $opponent: $games games, $movetime ms per move"
    ./target/release/ewn match --engine self --opponent "$opponent" --games "$games" \
        --movetime "$movetime" --concurrency 2 --seed "$seed" --record "target/vs-$opponent.txt"
done
