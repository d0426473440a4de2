#!/bin/sh
# SPRT of the current build against another build: a git revision (built in a temporary worktree)
# or the path of an `ewn` program. Stops when the test decides and says which way.
# Usage: scripts/sprt.sh [revision-or-program=main] [elo0,elo1,alpha,beta=0,10,0.05,0.05]
#                        [movetime_ms=100] [max_games=20000]
set -eu
root=$(cd "$(dirname "$0")/.." && pwd)
base=${1:-main}
sprt=${2:-0,10,0.05,0.05}
movetime=${3:-100}
games=${4:-20000}
cd "$root"
cargo build --release --quiet
tmp=$(mktemp -d)
cleanup() {
    if [ -d "$tmp/base" ]; then
        git -C "$root" worktree remove --force "$tmp/base" >/dev/null 2>&1 || true
    fi
    rm -rf "$tmp"
}
trap cleanup EXIT INT TERM
if [ -x "$base" ] && [ -f "$base" ]; then
    cp "$base" "$tmp/ewn-base"
else
    git -C "$root" worktree add --detach "$tmp/base" "$base" >/dev/null
    # A target directory kept between runs saves rebuilding the dependencies.
    (cd "$tmp/base" && CARGO_TARGET_DIR="$root/target/sprt-base" cargo build --release --quiet)
    cp "$root/target/sprt-base/release/ewn" "$tmp/ewn-base"
fi
echo "== SPRT $sprt: this build vs $base, $movetime ms per move"
./target/release/ewn match --engine self --opponent "$tmp/ewn-base" --games "$games" \
    --movetime "$movetime" --concurrency 2 --sprt "$sprt" --record "target/sprt-games.txt" \
    --engine-name ewn-new --opponent-name "ewn-$(basename "$base")"
