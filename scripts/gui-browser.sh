#!/usr/bin/env bash
# Real-browser test of `ewn gui`: starts the server on a free port and has headless Chromium
# play a game against the engine by clicking (scripts/gui_browser.py). Screenshots go to the
# directory given (default target/gui-screenshots).
#
# Installs what it lacks: Debian's chromium and chromium-driver (with apt-get, as root), and
# Python's selenium in a throwaway virtual environment that is removed afterwards.
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

cargo build --release --quiet
RUST_LOG=${RUST_LOG:-info} target/release/ewn gui --port 0 >"$work/address" 2>"$work/server.log" &
server=$!
for _ in $(seq 100); do
    [ -s "$work/address" ] && break
    kill -0 "$server" 2>/dev/null || { echo "error: ewn gui exited:" >&2; cat "$work/server.log" >&2; exit 1; }
    sleep 0.1
done
url=$(head -n 1 "$work/address")
case "$url" in
    http://127.0.0.1:*) ;;
    *) echo "error: ewn gui printed no address (got '$url')" >&2; cat "$work/server.log" >&2; exit 1 ;;
esac
echo "ewn gui at $url" >&2

if ! SE_OFFLINE=true "$work/venv/bin/python" scripts/gui_browser.py "$url" "$out"; then
    echo "error: the browser test failed; the server's log follows" >&2
    cat "$work/server.log" >&2
    exit 1
fi
