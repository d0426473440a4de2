#!/usr/bin/env bash
# Real-browser test of `ewn gui`: starts the server on a free port and has headless Chromium
# play it by clicking and by keys, with an axe-core accessibility scan (scripts/gui_browser.py,
# its journeys in scripts/arena_journeys/).
# Screenshots go to the directory given (default target/gui-screenshots).
#
# Installs what it lacks: Debian's chromium, chromium-driver and npm (with apt-get, as root),
# Python's selenium in a throwaway virtual environment and axe-core from npm in a throwaway
# folder, both removed afterwards.
set -euo pipefail
cd "$(dirname "$0")/.."
out=${1:-target/gui-screenshots}

if ! command -v chromium >/dev/null 2>&1 || ! command -v chromedriver >/dev/null 2>&1; then
    if [ "$(id -u)" -ne 0 ]; then
        echo "error: chromium and chromedriver are missing; install Debian's chromium and chromium-driver" >&2
        exit 1
    fi
    echo "installing chromium and chromium-driver" >&2
    apt-get update -qq
    DEBIAN_FRONTEND=noninteractive apt-get install -y -qq chromium chromium-driver >/dev/null
fi

work=$(mktemp -d)
server=""
cleanup() {
    if [ -n "$server" ]; then kill "$server" 2>/dev/null || true; wait "$server" 2>/dev/null || true; fi
    rm -rf "$work"
}
trap cleanup EXIT

python3 -m venv "$work/venv"
"$work/venv/bin/pip" install -q --disable-pip-version-check selenium

# axe-core, the accessibility checker injected into the page, from the npm registry.
if ! command -v npm >/dev/null 2>&1; then
    if [ "$(id -u)" -ne 0 ]; then
        echo "error: npm is missing (for axe-core); install Debian's npm" >&2
        exit 1
    fi
    echo "installing npm" >&2
    apt-get update -qq
    DEBIAN_FRONTEND=noninteractive apt-get install -y -qq npm >/dev/null
fi
npm install --silent --no-audit --no-fund --prefix "$work/npm" axe-core@4 >/dev/null
axe="$work/npm/node_modules/axe-core/axe.min.js"
[ -s "$axe" ] || { echo "error: axe-core did not install" >&2; exit 1; }

cargo build --release --quiet
# The solved table of 3x3, so that the page shows a solved variant's exact values and setups.
target/release/ewn solve --variant 3x3 --out "$work/tables" >/dev/null
RUST_LOG=${RUST_LOG:-info} target/release/ewn --tables "$work/tables" gui --port 0 --engine greedy=greedy >"$work/address" 2>"$work/server.log" &
server=$!
for _ in $(seq 100); do
    [ -s "$work/address" ] && break
    kill -0 "$server" 2>/dev/null || { echo "error: ewn gui exited:" >&2; cat "$work/server.log" >&2; exit 1; }
    sleep 0.1
done
url=$(head -n 1 "$work/address")
case "$url" in
    http://127.0.0.1:*/?token=*) ;;
    *) echo "error: ewn gui printed no address (got '$url')" >&2; cat "$work/server.log" >&2; exit 1 ;;
esac
echo "ewn gui at $url" >&2

if ! SE_OFFLINE=true "$work/venv/bin/python" scripts/gui_browser.py "$url" "$out" "$axe"; then
    echo "error: the browser test failed; the server's log follows" >&2
    cat "$work/server.log" >&2
    exit 1
fi

# The live page of `ewn match --live`, watched in the same browser.
if ! "$work/venv/bin/python" scripts/live_browser.py target/release/ewn "$out"; then
    echo "error: the live page's browser test failed" >&2
    exit 1
fi
