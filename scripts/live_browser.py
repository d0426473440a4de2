"""Real-browser test of `ewn match --live`: headless Chromium watches a match on the live page.

Usage: live_browser.py EWN OUTDIR   (scripts/gui-browser.sh calls it with its selenium)

It starts a short match of this engine against greedy with the live page on a free port, and
checks in the browser that a game in progress is drawn (cubes on the board, both players, a die),
that the board changes as moves are played, that the standings appear once a game is finished,
and that the page refuses a request that would change something (POST: 405). A screenshot goes to
OUTDIR/live.png. Waits are for elements, bounded only against a hang.
"""

import os
import re
import subprocess
import sys
import tempfile
import time

from selenium import webdriver
from selenium.webdriver.chrome.service import Service
from selenium.webdriver.common.by import By

EWN, OUT = sys.argv[1], sys.argv[2]
os.makedirs(OUT, exist_ok=True)
WAIT_S = 90


def wait_for(what, check):
    until = time.monotonic() + WAIT_S
    while time.monotonic() < until:
        v = check()
        if v:
            return v
        time.sleep(0.1)
    raise SystemExit(f"live page: timed out waiting for {what}")


def main():
    err = tempfile.NamedTemporaryFile(prefix="ewn-live-", suffix=".log", delete=False)
    match = subprocess.Popen([EWN, "match", "--engine", "self", "--opponent", "greedy",
                              "--games", "6", "--movetime", "150", "--live", "0", "--quiet"],
                             stdout=subprocess.DEVNULL, stderr=err)
    profile = tempfile.mkdtemp(prefix="ewn-live-chromium-")
    d = None
    try:
        def address():
            with open(err.name) as f:
                m = re.search(r"live page at (http://\S+)", f.read())
            return m and m.group(1)
        url = wait_for("the live page's address", address)
        opts = webdriver.ChromeOptions()
        opts.binary_location = os.environ.get("CHROMIUM", "/usr/bin/chromium")
        for flag in ["--headless", "--no-sandbox", "--disable-gpu", "--no-first-run",
                     "--disable-dev-shm-usage", f"--user-data-dir={profile}",
                     "--window-size=1280,800"]:
            opts.add_argument(flag)
        d = webdriver.Chrome(service=Service(
            executable_path=os.environ.get("CHROMEDRIVER", "/usr/bin/chromedriver")), options=opts)
        d.get(url)

        def board():
            # Read in one script, so that a card removed meanwhile (its game over) cannot be
            # half read.
            cards = d.execute_script(
                "return [...document.querySelectorAll('.game')].map((c) => ({id: c.id,"
                " cubes: c.querySelectorAll('.board .cube').length,"
                " roll: c.querySelector('.roll').textContent,"
                " names: c.querySelector('.side.red').textContent + ' '"
                " + c.querySelector('.side.blue').textContent,"
                " board: c.querySelector('.board').innerHTML}));")
            for c in cards:
                if c["cubes"] and "die" in c["roll"]:
                    assert "ewn" in c["names"] and "greedy" in c["names"], c["names"]
                    return (c["id"], c["board"])
            return None
        first = wait_for("a game in progress with its board", board)
        d.save_screenshot(os.path.join(OUT, "live.png"))
        wait_for("a move on the board", lambda: (b := board()) and b != first)
        wait_for("the standings after a game",
                 lambda: "Games " in d.find_element(By.ID, "standings").text)
        status = d.execute_async_script(
            "const done = arguments[arguments.length - 1];"
            "fetch('/api/live', {method: 'POST', body: '{}'}).then(r => done(r.status))"
            ".catch(e => done(String(e)));")
        if status != 405:
            raise SystemExit(f"live page: a POST was answered {status}, not 405")
        print("live page: a game drawn and updated move by move, standings shown, POST refused")
    finally:
        if d:
            d.quit()
        match.kill()
        match.wait()
        os.unlink(err.name)


main()
