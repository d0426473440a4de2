"""Real-browser test of `ewn gui`: headless Chromium plays a game against the engine by clicking.

Usage: gui_browser.py URL OUTDIR   (scripts/gui-browser.sh starts the server and calls this)

It waits for elements instead of sleeping, fails with a message that says what it waited for
(and a screenshot of that moment), and saves screenshots of a 1280x800 window and of a 390x844
phone window to OUTDIR.
"""

import os
import shutil
import sys
import tempfile
import time

from selenium import webdriver
from selenium.common.exceptions import StaleElementReferenceException, WebDriverException
from selenium.webdriver.chrome.service import Service
from selenium.webdriver.common.action_chains import ActionChains
from selenium.webdriver.common.by import By
from selenium.webdriver.support.ui import Select

URL, OUT = sys.argv[1], sys.argv[2]
os.makedirs(OUT, exist_ok=True)
CHROMIUM = os.environ.get("CHROMIUM", "/usr/bin/chromium")
CHROMEDRIVER = os.environ.get("CHROMEDRIVER", "/usr/bin/chromedriver")
# Only a guard against a hang: a whole game normally takes well under a minute.
WAIT_S = 90


def browser(width, height):
    """A headless Chromium with a profile of its own; `close` removes both."""
    profile = tempfile.mkdtemp(prefix="ewn-gui-chromium-")
    opts = webdriver.ChromeOptions()
    opts.binary_location = CHROMIUM
    for flag in [
        "--headless",
        "--no-sandbox",
        "--disable-gpu",
        "--disable-quic",
        "--no-first-run",
        "--disable-background-networking",
        "--disable-component-update",
        "--disable-sync",
        "--disable-dev-shm-usage",
        "--hide-scrollbars",
        f"--user-data-dir={profile}",
        f"--window-size={width},{height}",
    ]:
        opts.add_argument(flag)
    d = webdriver.Chrome(service=Service(executable_path=CHROMEDRIVER), options=opts)
    d.profile_dir = profile
    # The page's viewport is exactly the size asked for (a window's frame would take a part).
    d.execute_cdp_cmd(
        "Emulation.setDeviceMetricsOverride",
        {"width": width, "height": height, "deviceScaleFactor": 1, "mobile": width < 600},
    )
    return d


def close(d):
    d.quit()
    shutil.rmtree(d.profile_dir, ignore_errors=True)


def shot(d, name, top=True):
    if top:
        d.execute_script("window.scrollTo(0, 0)")
    path = os.path.join(OUT, name)
    d.save_screenshot(path)
    print(f"screenshot {path}")


def wait(d, what, cond):
    """Polls cond(d) until it returns something true; fails saying what was awaited."""
    end = time.time() + WAIT_S
    last = None
    while time.time() < end:
        try:
            v = cond(d)
            if v:
                return v
        except (StaleElementReferenceException, WebDriverException) as e:
            last = e
        time.sleep(0.05)
    shot(d, "failure.png", top=False)
    status = d.find_element(By.ID, "status").text
    shown = d.find_element(By.ID, "error").text
    raise AssertionError(
        f"timed out waiting for {what} (status: {status!r}; error shown: {shown!r}; last exception: {last})"
    )


def click_first(d, what, css):
    """Clicks the first element matching css, looking it up again if a redraw replaced it."""

    def attempt(d):
        found = d.find_elements(By.CSS_SELECTOR, css)
        if not found:
            return False
        found[0].click()
        return True

    wait(d, what, attempt)


def click(d, id_):
    """Clicks a button once it has stopped moving: the panel above it grows when an analysis
    arrives, and a click during that shift lands beside the button."""
    el = d.find_element(By.ID, id_)
    d.execute_script("arguments[0].scrollIntoView({block: 'center'})", el)
    last = None

    def steady(d):
        nonlocal last
        r = d.find_element(By.ID, id_).rect
        r = (r["x"], r["y"], r["width"], r["height"])
        same = r == last
        last = r
        if not same:
            time.sleep(0.25)
        return same

    wait(d, f"the button {id_} to stay in place", steady)
    d.find_element(By.ID, id_).click()


def status(d):
    return d.find_element(By.ID, "status").text


def ply_count(d):
    return int(d.find_element(By.ID, "nav-pos").text.split("/")[1])


def enabled(d, id_):
    el = d.find_element(By.ID, id_)
    return el.is_displayed() and el.is_enabled()


def new_game(d, red, blue, seed):
    """Fills the New game form: each side is ('human',) or ('ewn', level, ms)."""
    for side, p in (("red", red), ("blue", blue)):
        fs = d.find_element(By.ID, f"p-{side}")
        Select(fs.find_element(By.CSS_SELECTOR, ".p-type")).select_by_value(p[0])
        if p[0] == "ewn":
            for css, v in ((".p-level input", p[1]), (".p-time input", p[2])):
                el = fs.find_element(By.CSS_SELECTOR, css)
                el.clear()
                el.send_keys(str(v))
    seed_el = d.find_element(By.ID, "ng-seed")
    seed_el.clear()
    seed_el.send_keys(str(seed))
    click(d, "ng-start")
    wait(d, f"the new game with seed {seed}", lambda d: f"seed {seed}" in d.find_element(By.ID, "seed").text)


def graph_points(d):
    path = d.find_element(By.ID, "graph-line").get_attribute("d") or ""
    return path.count("M") + path.count("L")


def play_by_clicking(d, on_turn=None):
    """Plays Red by clicking until the game ends; returns the number of moves clicked."""
    moves = 0
    while True:
        wait(d, "Red's turn or the end of the game",
             lambda d: "wins" in status(d) or enabled(d, "roll") or d.find_elements(By.CSS_SELECTOR, ".cube.movable"))
        if "wins" in status(d):
            return moves
        if enabled(d, "roll"):
            click(d, "roll")
        wait(d, "a movable red cube", lambda d: d.find_elements(By.CSS_SELECTOR, ".cube.red.movable"))
        if on_turn:
            on_turn(d, moves)
        before = ply_count(d)
        click_first(d, "a movable red cube to click", ".cube.red.movable")
        click_first(d, "a highlighted target square", ".cell.target")
        wait(d, "the clicked move on the move list", lambda d: ply_count(d) > before)
        moves += 1


def check_layout(d, width):
    """Nothing runs off the side of the window, and the board and the panel do not overlap."""
    overflow = d.execute_script("return document.documentElement.scrollWidth")
    assert overflow <= width + 1, f"page is {overflow}px wide in a {width}px window"
    board = d.find_element(By.ID, "board").rect
    panel = d.find_element(By.CSS_SELECTOR, ".panel").rect
    side_by_side = board["x"] + board["width"] <= panel["x"] + 1
    stacked = board["y"] + board["height"] <= panel["y"] + 1
    assert side_by_side or stacked, f"board {board} overlaps panel {panel}"
    cell = d.find_element(By.ID, "sq-c3").rect
    assert cell["width"] >= 50, f"squares are only {cell['width']}px wide"


def desktop():
    d = browser(1280, 800)
    try:
        d.get(URL)
        wait(d, "the board's 25 squares", lambda d: len(d.find_elements(By.CSS_SELECTOR, "#board .cell")) == 25)
        wait(d, "the first state from the server", lambda d: status(d) not in ("", "Connecting…"))
        check_layout(d, 1280)
        # Arrange Red's cubes by dragging: a5 onto c5 swaps cubes 1 and 3.
        setup = d.find_element(By.CSS_SELECTOR, "#p-red .p-setup input")
        setup.clear()
        setup.send_keys("123456")
        click(d, "ng-arrange")
        wait(d, "the setups on the board", lambda d: "Arranging" in status(d))
        # By offset: the board is redrawn while a cube is dragged, so squares found before go stale.
        a5, c5 = d.find_element(By.ID, "sq-a5").rect, d.find_element(By.ID, "sq-c5").rect
        ActionChains(d).click_and_hold(d.find_element(By.CSS_SELECTOR, "#sq-a5 .cube")).move_by_offset(
            (c5["x"] - a5["x"]) // 2, 0
        ).move_by_offset((c5["x"] - a5["x"]) - (c5["x"] - a5["x"]) // 2, 0).release().perform()
        wait(d, "the dragged setup in the digits", lambda d: setup.get_attribute("value") == "321456")
        new_game(d, ("human",), ("ewn", 3, 100), 2024)
        a5 = d.find_element(By.CSS_SELECTOR, "#sq-a5 .cube").text
        assert a5 == "3", f"the game did not start with the dragged setup: a5 holds {a5!r}"
        seen = {}

        def on_turn(d, n):
            # Every turn: the analysis of every move for this die and the graph; from the third
            # turn a hint and a screenshot (the last one kept shows the longest graph).
            die = d.find_element(By.ID, "die").text
            wait(d, f"the analysis table of every move for die {die}",
                 lambda d: d.find_elements(By.CSS_SELECTOR, "#analysis-moves tbody tr")
                 and f"Die {die}:" in d.find_element(By.ID, "analysis-die").text)
            wait(d, "the per-face table", lambda d: d.find_elements(By.CSS_SELECTOR, "#analysis-faces-table tbody tr"))
            wait(d, "a win-chance graph with points", lambda d: graph_points(d) >= 1)
            if n < 2:
                return
            click(d, "hint")
            wait(d, "the hint on the board", lambda d: d.find_elements(By.CSS_SELECTOR, ".cell.hint-from"))
            assert graph_points(d) >= 2, "the graph has fewer than two points on the third turn"
            seen["analysis"] = True
            shot(d, "desktop-analysis.png")

        moves = play_by_clicking(d, on_turn)
        assert seen.get("analysis"), "the game ended before the analysis was checked"
        assert moves >= 1
        wait(d, "the graph of the whole game", lambda d: graph_points(d) >= 3)
        print(f"desktop: {status(d)} after {ply_count(d)} plies, {moves} clicked")
        click(d, "save")
        wait(d, "the saved record", lambda d: d.find_element(By.ID, "record-text").get_attribute("value").startswith("game 1"))
        check_layout(d, 1280)
        shot(d, "desktop-end.png")
        # Step back through the game with the arrows.
        click(d, "nav-first")
        wait(d, "the start position", lambda d: d.find_element(By.ID, "nav-pos").text.startswith("0 /"))
        click(d, "nav-fwd")
        wait(d, "one ply forward", lambda d: d.find_element(By.ID, "nav-pos").text.startswith("1 /"))
        # Engines against each other: pause, one step, then to the end.
        new_game(d, ("ewn", 1, 20), ("ewn", 1, 20), 7)
        click(d, "pause")
        wait(d, "the pause", lambda d: "on" in d.find_element(By.ID, "pause").get_attribute("class"))
        before = ply_count(d)
        click(d, "step")
        wait(d, "one engine step", lambda d: ply_count(d) >= before + 1 or "wins" in status(d))
        click(d, "run")
        wait(d, "the end of the engine game", lambda d: "wins" in status(d))
        print(f"engines: {status(d)} after {ply_count(d)} plies")
    finally:
        close(d)


def phone():
    d = browser(390, 844)
    try:
        d.get(URL)
        wait(d, "the board's 25 squares", lambda d: len(d.find_elements(By.CSS_SELECTOR, "#board .cell")) == 25)
        new_game(d, ("human",), ("ewn", 2, 50), 99)
        d.execute_script("window.scrollTo(0, 0)")
        moves = 0

        def on_turn(d, n):
            if n == 1:
                wait(d, "the analysis table on the phone",
                     lambda d: d.find_elements(By.CSS_SELECTOR, "#analysis-moves tbody tr"))
                shot(d, "phone-board.png")
                d.execute_script("document.getElementById('analysis-card').scrollIntoView()")
                shot(d, "phone-analysis.png", top=False)
                d.execute_script("window.scrollTo(0, 0)")

        moves = play_by_clicking(d, on_turn)
        check_layout(d, 390)
        print(f"phone: {status(d)} after {moves} clicked moves")
        shot(d, "phone-end.png")
    finally:
        close(d)


if __name__ == "__main__":
    desktop()
    phone()
    print("browser test passed")
