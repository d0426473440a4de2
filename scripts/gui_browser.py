"""Real-browser test of `ewn gui`: headless Chromium plays the arena by clicking and by keys.

Usage: gui_browser.py URL OUTDIR AXE_JS   (scripts/gui-browser.sh starts the server and calls this)

First the journey of a new player from an untouched page, at 1280x800 by clicks and at 390x844 by
keys: the game the arena opens with is played to its end (the engine answers every move), four
quick arrow presses step four plies (the status line then says "After move k of n", as the step
counter reads k / n), the game is reviewed, and Rematch swaps the colours, while New game still
offers the person's own seats (also on the page opened again).
Then flows, on a 1280x800 window: a full game against the engine (a move typed on the keyboard, one
made with the arrow keys and Enter, steps back and forward after which the engine answers on its
own, a take-back that is announced), Rematch (where Undo has nothing of the person's to take
back), a watched engine game with pause and step, a typed die corrected, the review of a loaded
record that marks mistakes and fills the graph; then what a new player trips over: a move at a
past position of the finished game starts a side line and the game, its result and review stay;
a click on one's own cube never takes it by accident; double clicks do nothing twice; notes show
right under the board, in view, clear of the bars; Pause shows and voids an engine's choice; graph and review list select the
same decision, where the game's die and the played move are shown; boards of other sizes draw;
a 3x3 and a 6x6 game (typed setups of ten cubes, two dice) picked in the form, a few moves each,
and a forced pass in backrank played with the Pass button.
New journeys: play mode holds the analysis until asked and shows it at the end; the address bar's
address opened in a new tab keeps control, and in another browser says it only watches and how
to play; the third game of a record of three is picked and loaded; arrow keys pressed as fast as
a held key repeats step through a whole game and back, a ply a press; a 6x6 roll shows both dice;
a record's game lost on time opens over (who won, how, the referee's words, no roll) and its other
game loads without asking; How to play names the game's first side and never speaks of passing in
the standard game; Start game and a loaded record keep the status line in view with the board.
Then a game on a 390x844 phone window that asks for reduced motion (nothing may animate), where a
review entry brings the board into view (and the review is a link away, right after the board), the
status keeps within its two lines while an arrow key steps through a game (the board never jumps), and the
3x3 and 6x6 games again. Screenshots and checks that read where things are wait until nothing on
the board moves. axe-core scans the page on both: no serious or critical
violation may remain.

What a new player reported, each from a fresh page at the size where it was seen: the legend
names the cube the last move took, as its badge does (game 3 of a six-game match record: ✕6, not
cube 2); a record of six games says "Game k of 6" by the board, in view after loading,
with previous, next and a list that load games; Rematch after a record of two engines says what
each seat became, waits, and Play Blue gives the person a seat; Show analysis lasts for one game
and never turns the switch (nor does V); on a phone the status line is whole (never an
ellipsis) with the board still, and Review keeps its card's heading in view while it runs.

What a second new player reported, at the size where it was seen: on a phone a hint's note moves
neither Roll nor Blue's bar, Start game and a loaded record leave the page at its top with the
focus on Roll (or the board), and the board stays put through a reviewed game (status on two
lines, bars on one) with the legend naming only the arrows drawn; at 1280x800 the same focus and
scroll, Copy link on a record's game says the link holds the position, not the record, and a side
line played from a review shows its analysis in view.

Between them, journeys with a record: at 1280x800 board, die, move list and step buttons in view
without scrolling; Rematch of a record whose engine the arena does not know keeps it an engine;
the New game form offers a playable game after a record (also on a page opened afresh); the
game's own move replayed at a step back steps forward. A watch-only page shows a banner above
the board and nothing to move, and neither a rematch's note nor the prompt to show the analysis.

And from a later report: at 1280x800 a link's question over an unfinished game stands beside
the board, which stays whole in view; on a phone a loaded finished game leaves the keyboard on
Review game (no frame on an empty square), and Tab goes through the controls in the order they
are seen (Roll before the record's games).

And from the next report, at 1280x800: a link copied at a record's game 3 and opened in a new tab
over its game 5 asks beside the board (rank 1 and Blue's bar in view); a side line keeps the
game's later captures in the move list ("×", "took …"); Enter on a move-list entry of a finished
game leaves the keyboard on it; at a marked decision the green arrow and the analysis table's
highlighted row are the same best move; a record's engine seat is whole on its bar.

And from the ninth, at 390x844 and 1280x800: a record of twenty games says "Game 12 of 20" whole
between ‹ and ›; a nodice game starts with the keyboard on a cube that can move, and Enter on an
empty square says what to pick; after a 6x6 roll the win-chance bar says the table's best move's
chance; while "Replace it?" is open a click on Roll or a cube does nothing and the question names
the 3x3 game it replaces; End and Home on a move-list entry go to the game's end and start.

And from the tenth, at 1280x800 and 390x844: a link's "Replace it?" says its position in words
(who moves, each side's cubes), the position string only in its tooltip; on a phone no empty band
is kept above the move list (a note stands over the screen's foot, over neither the board nor a
bar nor the turn's buttons) and the list's first entry is on the first screen; Analysis ↓ on the
Move row brings the analysis to the screen's top; How to play says that taking one's own cube can
be best, and a note says so when the engine does it; the own capture's ✕ covers no label.

It waits for elements instead of sleeping, fails with a message that says what it waited for
(and a screenshot of that moment), and saves screenshots to OUTDIR.
"""

import os
import re
import shutil
import sys
import tempfile
import time

from selenium import webdriver
from selenium.common.exceptions import StaleElementReferenceException, WebDriverException
from selenium.webdriver.chrome.service import Service
from selenium.webdriver.common.action_chains import ActionChains
from selenium.webdriver.common.by import By
from selenium.webdriver.common.keys import Keys
from selenium.webdriver.support.ui import Select

URL, OUT, AXE_JS = sys.argv[1], sys.argv[2], sys.argv[3]
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


# The board's animations running now: a cube sliding, a taken cube going, the die rolling.
BOARD_MOVING = (
    "return document.getAnimations().filter((a) => a.playState === 'running' && a.effect"
    " && a.effect.target && a.effect.target.closest && a.effect.target.closest('.board, .die')).length"
    " + document.querySelectorAll('.die.rolling, .cube.ghost').length;")


def board_still(d, limit_s=5):
    """Waits (a few seconds at most: the next move may start another) until nothing on the board
    moves, so that a screenshot or a check that reads positions never catches a cube mid-slide."""
    end = time.time() + limit_s
    while time.time() < end:
        try:
            if d.execute_script(BOARD_MOVING) == 0:
                return True
        except WebDriverException:
            return False
        time.sleep(0.03)
    return False


def shot(d, name, top=True):
    if top:
        d.execute_script("window.scrollTo(0, 0)")
    board_still(d)
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


def js(d, expr):
    """The value of a JavaScript expression in the page (its state `S` is a global)."""
    return d.execute_script(f"return {expr};")


def ply_count(d):
    return int(d.find_element(By.ID, "nav-pos").text.split("/")[1])


def ply_pos(d):
    return int(d.find_element(By.ID, "nav-pos").text.split("/")[0])


def enabled(d, id_):
    el = d.find_element(By.ID, id_)
    return el.is_displayed() and el.is_enabled()


def over(d):
    return bool(js(d, "S && S.winner"))


def open_form(d):
    d.execute_script("document.getElementById('newgame').open = true")


def form_field(d, css):
    """A field of the New game form once a person could use it: the form open, the field shown
    and scrolled into view (a state arriving from the server may re-fill the form meanwhile)."""
    def shown(d):
        open_form(d)
        el = d.find_element(By.CSS_SELECTOR, css)
        d.execute_script("arguments[0].scrollIntoView({block: 'center'})", el)
        return el if el.is_displayed() and el.is_enabled() else None
    return wait(d, f"the form's {css}", shown)


def form_choose(d, css, value):
    """Chooses `value` in a select of the New game form as a person would, and tries again until
    the field holds it: a state arriving from the server may re-draw or re-fill the form between
    finding the field and clicking its option."""
    def chosen(d):
        Select(form_field(d, css)).select_by_value(value)
        return d.find_element(By.CSS_SELECTOR, css).get_attribute("value") == value
    wait(d, f"the form's {css} to hold {value!r}", chosen)


def form_type(d, css, text):
    """Types `text` into a field of the New game form, again until the field holds it."""
    def typed(d):
        el = form_field(d, css)
        el.clear()
        el.send_keys(text)
        return d.find_element(By.CSS_SELECTOR, css).get_attribute("value") == text
    wait(d, f"the form's {css} to hold {text!r}", typed)


def start_game(d):
    """Clicks Start game once it stands still, and again if the form was closed meanwhile (the
    game on the board may begin to move while the form is filled). Over an unfinished game the
    page asks first, and is told yes."""
    def clicked(d):
        open_form(d)
        click(d, "ng-start")
        return True
    wait(d, "Start game clicked", clicked)
    if d.find_element(By.ID, "replace-ask").is_displayed():
        click(d, "replace-yes")


def new_game(d, red, blue, seed=None, dice="auto", variant="standard", setups=None):
    """Fills the New game form: each side is ('human',) or ('ewn', level, ms); `setups` are
    typed as (red, blue) strings."""
    open_form(d)
    Select(d.find_element(By.ID, "ng-variant")).select_by_value(variant)
    if setups:
        for side, text in zip(("red", "blue"), setups):
            el = d.find_element(By.CSS_SELECTOR, f"#p-{side} .p-setup input")
            el.clear()
            el.send_keys(text)
    for side, p in (("red", red), ("blue", blue)):
        form_choose(d, f"#p-{side} .p-type", p[0])
        if p[0] == "ewn":
            for css, v in ((".p-level input", p[1]), (".p-time input", p[2])):
                form_type(d, f"#p-{side} {css}", str(v))
    # As for the players: the form may be re-drawn or closed by a state from the server meanwhile.
    form_choose(d, "#ng-dice", dice)
    # Red first (a game from a position with Blue to move leaves Blue in the form).
    form_choose(d, "#ng-first", "r")
    form_type(d, "#ng-seed", "" if seed is None else str(seed))
    before = js(d, "S.version")
    start_game(d)

    def started(d):
        # A refusal is an error's note (an earlier action's info note, "Copied the link…", may
        # still show for its few seconds).
        note = d.find_element(By.ID, "error")
        if note.is_displayed() and "info" not in (note.get_attribute("class") or "").split():
            raise AssertionError("the new game was refused: " + d.find_element(By.ID, "error").text)
        return js(d, "S.version") > before and js(d, "S.players.red.type") == red[0] \
            and js(d, "S.players.blue.type") == blue[0] and js(d, "S.variant.name") == variant

    wait(d, "the new game", started)
    if seed is not None:
        wait(d, f"the new game with seed {seed}", lambda d: f"seed {seed}" in d.find_element(By.ID, "seed").text)
    # Start game brings the board into view with a smooth scroll: a click aimed while the page
    # still moves lands beside its target, so the next action waits for the page to stand still.
    wait(d, "the page to stop scrolling", scroll_settled)


def scroll_settled(d):
    """The page's scroll position is the same twice, 150 ms apart."""
    before = js(d, "window.scrollY")
    time.sleep(0.15)
    return js(d, "window.scrollY") == before


def graph_points(d):
    path = d.find_element(By.ID, "graph-line").get_attribute("d") or ""
    return path.count("M") + path.count("L")


def red_turn_or_end(d):
    return over(d) or js(d, "S.side === 'r' && S.live && !S.awaiting_setup && S.thinking === null")


def roll_if_needed(d, by_key=False):
    if js(d, "S.die") is None:
        if by_key:
            d.find_element(By.TAG_NAME, "body").send_keys("r")
        else:
            click(d, "roll")
    wait(d, "a movable red cube", lambda d: d.find_elements(By.CSS_SELECTOR, ".cube.red.movable"))


ANIMATIONS_SEEN = [0]


def click_move(d):
    """Clicks a cube, then its target: a move that takes none of Red's own cubes when there is one
    (a click on an own cube that can move picks it instead; then the move is typed)."""
    before = ply_count(d)
    m = js(d, "S.legal.find(m => !ownCubeAt(m.slice(2))) || S.legal[0]")
    click_first(d, f"the movable cube on {m[:2]}", f"#sq-{m[:2]} .cube.red.movable")
    wait(d, f"{m[:2]} picked", lambda d: js(d, "selected") == m[:2])
    if js(d, f"S.legal.some(x => x.startsWith('{m[2:]}'))"):
        d.find_element(By.TAG_NAME, "body").send_keys(m)
    else:
        click_first(d, f"the highlighted target {m[2:]}", f"#sq-{m[2:]}.target")
    wait(d, "the clicked move on the move list", lambda d: ply_count(d) > before)
    ANIMATIONS_SEEN[0] = max(ANIMATIONS_SEEN[0], js(d, "document.getAnimations().length"))


def type_move(d):
    """Types the first legal move as four keys, as a person would on the page."""
    m = js(d, "S.legal[0]")
    before = ply_count(d)
    d.find_element(By.TAG_NAME, "body").send_keys(m)
    wait(d, f"the typed move {m}", lambda d: ply_count(d) > before)


def typed_then_enter(d):
    """A move typed on the board and then Enter, as after typing anything: the move is played
    and the Enter taken as part of it, with no note about the die or the engine's turn."""
    m = js(d, "S.legal[0]")
    before = ply_count(d)
    d.execute_script("focusBoard()")
    d.switch_to.active_element.send_keys(m)
    wait(d, f"the typed move {m}", lambda d: ply_count(d) > before)
    d.switch_to.active_element.send_keys(Keys.ENTER)
    note = js(d, "document.getElementById('error').textContent")
    assert "Roll the die first" not in note and "plays by itself" not in note, f"Enter after a typed move: {note!r}"


def arrow_move(d):
    """Moves with the arrow keys and Enter: to the cube's square, Enter, to the target, Enter."""
    m = js(d, "S.legal[S.legal.length - 1]")
    before = ply_count(d)
    d.execute_script("focusSquare(12)")  # c3

    def go(frm, to):
        keys = []
        (fr, fc), (tr, tc) = divmod(frm, 5), divmod(to, 5)
        keys += [Keys.ARROW_DOWN] * max(0, tr - fr) + [Keys.ARROW_UP] * max(0, fr - tr)
        keys += [Keys.ARROW_RIGHT] * max(0, tc - fc) + [Keys.ARROW_LEFT] * max(0, fc - tc)
        keys.append(Keys.ENTER)
        ActionChains(d).send_keys(*keys).perform()

    idx = lambda n: (5 - int(n[1])) * 5 + "abcde".index(n[0])
    go(12, idx(m[:2]))
    go(idx(m[:2]), idx(m[2:]))
    wait(d, f"the move {m} made with the arrow keys", lambda d: ply_count(d) > before)
    assert js(d, f"S.plies[{before}].move") == m, "the arrow keys played another move"


def engine_answers(d, plies):
    """The engine answers by itself: nobody presses anything."""
    wait(d, "the engine's answer, unprompted", lambda d: ply_count(d) >= plies or over(d))


def axe(d, where):
    """Runs axe-core on the page; fails on any serious or critical violation."""
    with open(AXE_JS, encoding="utf-8") as f:
        d.execute_script(f.read())
    d.set_script_timeout(60)
    found = d.execute_async_script(
        "const done = arguments[arguments.length - 1];"
        "axe.run(document, {resultTypes: ['violations']}).then("
        "r => done(r.violations.map(v => ({id: v.id, impact: v.impact, n: v.nodes.length,"
        " where: v.nodes.slice(0, 3).map(x => x.target.join(' '))}))),"
        " e => done([{id: 'axe-error', impact: 'critical', n: 1, where: [String(e)]}]));"
    )
    bad = [v for v in found if v["impact"] in ("serious", "critical")]
    print(f"axe {where}: {len(found)} violations, {len(bad)} serious or critical: "
          + (", ".join(f"{v['id']} ({v['impact']}, {v['n']})" for v in found) or "none"))
    assert not bad, f"axe found serious or critical violations on {where}: {bad}"


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
    board_still(d)
    # Badges keep to the squares' corners: none covers the middle of its cube.
    for badge in d.find_elements(By.CSS_SELECTOR, "#board .badge"):
        cube = badge.find_elements(By.XPATH, "../div[contains(@class,'cube')]")
        if not cube:
            continue
        b, c = badge.rect, cube[0].rect
        cx, cy = c["x"] + c["width"] / 2, c["y"] + c["height"] / 2
        inside = b["x"] - 8 <= cx <= b["x"] + b["width"] + 8 and b["y"] - 10 <= cy <= b["y"] + b["height"] + 10
        assert not inside, f"a badge {b} covers the number of the cube {c}"


# A game of this engine (Red) against greedy in which greedy gives away win chance.
REVIEWED = """game 1
seed 910a2dec89025cc1
date 2026-12-01
red ewn
blue greedy
setup 456123 162453
first r
move r 3 a3b3
move b 2 c1c2
move r 3 b3c2
move b 3 e3d3
move r 3 c2d1
move b 1 e1d1
move r 4 a5b5
move b 2 d3c3
move r 5 c5d4
move b 1 d1c2
move r 5 d4e3
move b 3 c3b4
move r 4 b5b4
move b 6 d2c3
move r 6 e3e2
move b 1 c2b3
move r 2 a4b4
move b 4 c3b4
move r 6 e2e1
result r goal
end
"""


def review_loaded(d, prefix):
    """Loads the record, reviews it, and checks the marks and the graph."""
    box = d.find_element(By.ID, "record-text")
    d.execute_script("arguments[0].value = arguments[1]", box, REVIEWED)
    load_text(d)
    wait(d, "the loaded record", lambda d: ply_count(d) == 19 and js(d, "S.players.blue.label") == "greedy")
    if prefix == "phone":
        # The keyboard goes on from the finished game's next action, not from a frame left on
        # an empty square of the board.
        focus = wait(d, "the focus on the loaded game's next action", lambda d: js(
            d, "document.activeElement.id") in ("review-end", "rematch") and js(d, "document.activeElement.id"))
        assert js(d, "!document.activeElement.closest('#board')"), f"the focus is left on the board: {focus}"
    # The graph's points still being worked out are said under it, until there are none.
    gaps = js(d, "S.graph_gaps")
    assert isinstance(gaps, int), f"the state does not say how much of the graph is missing: {gaps!r}"
    if gaps > 1 and js(d, "S.analysis.enabled") and not js(d, "held()"):
        wait(d, "the note that the graph is being worked out",
             lambda d: "Working out the win chances" in d.find_element(By.ID, "graph-note").text
             or js(d, "S.graph_gaps") == 0)
    click(d, "review")
    wait(d, "the review's marked moves", lambda d: d.find_elements(By.CSS_SELECTOR, "#review-marked li"))
    marks = js(d, "S.review.moves.filter(m => m.mark).map(m => m.mark)")
    assert any(m in ("mistake", "blunder") for m in marks), f"no mistake marked: {marks}"
    assert d.find_elements(By.CSS_SELECTOR, "#moves .mk"), "the move list shows no marks"
    assert d.find_elements(By.CSS_SELECTOR, "#graph .gmark"), "the graph shows no marks"
    wait(d, "the review's graph", lambda d: graph_points(d) >= 15)
    wait(d, "the whole graph, its note gone", lambda d: js(d, "S.graph_gaps") == 0
         and not d.find_element(By.ID, "graph-note").is_displayed())
    # The luck diamonds are said in words under the graph while there are any.
    diamonds = d.find_elements(By.CSS_SELECTOR, "#graph .gluck")
    said = d.find_element(By.ID, "graph-luck").is_displayed()
    assert said == bool(diamonds) or not d.find_element(By.ID, "graph").is_displayed(), f"{len(diamonds)} diamonds on the graph, their words shown: {said}"
    # A marked move shows its position with the played and the best move.
    click_first(d, "a marked move of the review", "#review-marked button")
    wait(d, "the position before the marked move", lambda d: d.find_elements(By.CSS_SELECTOR, ".cell.best-to"))
    if js(d, "window.innerWidth") > 900:
        # On a wide screen the picked decision's analysis (every move for the game's die,
        # ranked) is in view, as before a review, not under the review's card.
        wait(d, "the decision's analysis in view", lambda d: d.execute_script(
            "const t = document.getElementById('analysis-moves'); if (!t) return false;"
            "const r = t.getBoundingClientRect(); return r.top >= 0 && r.top < window.innerHeight - 60;"))
    print(f"{prefix}: review marked {marks}, graph of {graph_points(d)} points")


FLOWS = {"typed", "arrows", "steps", "undo", "hint"}


def play_desktop_game(d, done):
    """Plays Red to the end of the game, trying each flow not yet done on the turn that suits it.
    Returns the number of turns played."""
    turns = 0
    while True:
        wait(d, "Red's turn or the end of the game", red_turn_or_end)
        if over(d):
            break
        turns += 1
        if "typed" not in done:
            roll_if_needed(d, by_key=True)
            type_move(d)
            done.add("typed")
        elif "arrows" not in done:
            roll_if_needed(d)
            arrow_move(d)
            done.add("arrows")
        elif "steps" not in done and ply_count(d) >= 2:
            # Back two moves and forward again, then the engine answers on its own.
            n = ply_count(d)
            click(d, "nav-back")
            wait(d, "one move back", lambda d: ply_pos(d) == n - 1)
            click(d, "nav-back")
            wait(d, "two moves back", lambda d: ply_pos(d) == n - 2)
            click(d, "nav-last")
            wait(d, "the live position again", lambda d: ply_pos(d) == n and js(d, "S.live"))
            assert d.find_element(By.ID, "pause").text == "Pause", "stepping paused the engines"
            roll_if_needed(d)
            click_move(d)
            engine_answers(d, n + 2)
            done.add("steps")
        elif "undo" not in done and ply_count(d) >= 2:
            # Take-back: to before Red's previous move, and the game goes on.
            n = ply_count(d)
            click(d, "undo")
            wait(d, "the take-back", lambda d: ply_count(d) == n - 2 and js(d, "S.side") == "r")
            wait(d, "the take-back said to screen readers",
                 lambda d: "Took back" in d.find_element(By.ID, "announce").get_attribute("textContent"))
            roll_if_needed(d)
            click_move(d)
            engine_answers(d, n)
            done.add("undo")
        else:
            roll_if_needed(d)
            wait(d, "the analysis table", lambda d: d.find_elements(By.CSS_SELECTOR, "#analysis-moves tbody tr")
                 or js(d, "!S.analysis.enabled"))
            if "hint" not in done:
                wait(d, "the per-face table", lambda d: d.find_elements(By.CSS_SELECTOR, "#analysis-faces-table tbody tr"))
                click(d, "hint")
                wait(d, "the hint on the board", lambda d: d.find_elements(By.CSS_SELECTOR, ".cell.hint-from"))
                # The hint is framed and said under the board: no label over the target's cube.
                label = js(d, "getComputedStyle(document.querySelector('.cell.hint-to'), '::before').content")
                assert "hint" not in label, f"a label {label} covers the hint's target square"
                wait(d, "the hint in words under the board", lambda d: "Hint:" in note_shown(d))
                check_layout(d, 1280)
                shot(d, "gui-desktop-play.png")
                axe(d, "the desktop page during a game")
                assert d.find_element(By.ID, "lg-last").is_displayed(), "the legend does not name the last move's frame"
                # A hint belongs to its position and die: after a move, the engine's answer and
                # Undo the position is the hint's again, with no die, and the hint is gone.
                n = ply_count(d)
                click_move(d)
                engine_answers(d, n + 2)
                wait(d, "Red's turn or the end of the game", red_turn_or_end)
                if not over(d):
                    click(d, "undo")
                    wait(d, "the take-back to the hint's position", lambda d: ply_count(d) == n and js(d, "S.die") is None)
                    hinted = d.find_elements(By.CSS_SELECTOR, "#board .cell.hint-from, #board .cell.hint-to, #board .arrows .hint")
                    assert not hinted, f"the hint stays on the board after Undo ({len(hinted)} marks)"
                    roll_if_needed(d)
                done.add("hint")
                if over(d):
                    break
            click_move(d)
    return turns


def nothing_of_yours_to_undo(d):
    """After the engine's first move (Red, in a rematch) Undo has nothing of the person's to take
    back: it must not take back the engine's move."""
    wait(d, "Red's (the engine's) first move", lambda d: ply_count(d) >= 1)
    wait(d, "Blue's turn", lambda d: js(d, "S.side") == "b" and js(d, "S.thinking") is None)
    assert ply_count(d) == 1 and not enabled(d, "undo"), "Undo offers to take back the engine's move"


def review_near_the_board(d):
    """On a phone a reviewed game's review is near the board: a link under the move list says
    what it found and brings its card into view, and the card comes right after the board's
    controls, before the rest of the panel."""
    link = wait(d, "the link to the review", lambda d: d.find_element(By.ID, "to-review").is_displayed()
                and d.find_element(By.ID, "to-review"))
    assert "marked" in link.text, f"the review's link says {link.text!r}"
    order = d.execute_script(
        "const y = (id) => document.getElementById(id).getBoundingClientRect().top;"
        "return [y('controls'), y('review-card'), y('analysis-card'), y('newgame')];")
    assert order[1] < order[2] and order[1] < order[3], f"the review's card is not first after the board: {order}"
    d.execute_script("arguments[0].scrollIntoView({block: 'center'})", link)
    link.click()
    wait(d, "the review's card in view", lambda d: d.execute_script(
        "const r = document.getElementById('review-card').getBoundingClientRect();"
        "return r.top >= -1 && r.top < window.innerHeight / 2;"))
    print("phone: the review is a link away, right after the board")


def review_brings_the_board(d):
    """On a phone, a review entry far below the board brings the board into view."""
    d.execute_script("document.getElementById('review-card').scrollIntoView({block: 'end'})")
    wait(d, "the board out of view", lambda d: d.find_element(By.ID, "board").rect["y"] + 50 < js(d, "window.scrollY"))
    navigate_to(d, 19)
    d.execute_script("document.getElementById('review-card').scrollIntoView({block: 'end'})")
    click_first(d, "a review entry below the board", "#review-marked button")

    def board_in_view(d):
        r = d.execute_script("return document.getElementById('board').getBoundingClientRect().toJSON()")
        # The player's bar above the board too: the board's top edge is never cut.
        bar = d.execute_script("return document.querySelector('.board-wrap').previousElementSibling.getBoundingClientRect().top")
        return ply_pos(d) < 19 and r["top"] >= -1 and bar >= -1 and r["bottom"] <= 844 + 1

    wait(d, "the board in view after a review entry", board_in_view)
    wait(d, "the decision's frames", lambda d: d.find_elements(By.CSS_SELECTOR, ".cell.best-to"))


def load_text(d):
    """Loads the record text; when the game on the board is unfinished the page asks first, and
    is told yes."""
    click(d, "load-text-btn")
    if d.find_element(By.ID, "replace-ask").is_displayed():
        click(d, "replace-yes")


def note_shown(d):
    el = d.find_element(By.ID, "error")
    return el.text if el.is_displayed() else ""


def idle(d):
    """No request of the page is on its way."""
    return js(d, "inFlight") == 0


def new_player_checks(d):
    """On the reviewed record: the graph and the review list select the same decision, which
    shows the game's die with the played move ranked; a move there starts a side line, and the
    game, its result and review stay, and come back."""
    mark = graph_and_list_agree(d)
    played = the_games_die_ranked(d, mark)
    a_side_line_keeps_the_game(d, mark, played)


def graph_and_list_agree(d):
    """A marked dot of the graph shows the decision, framed and explained, as the list does."""
    mark = js(d, "S.plies.findIndex(p => p.mark)")
    assert mark >= 0, "no marked move to click"
    navigate_to(d, 19)
    d.execute_script("document.getElementById('graph').scrollIntoView({block: 'center'})")
    dot = d.find_elements(By.CSS_SELECTOR, "#graph .gmark")[0]
    ActionChains(d).move_to_element(dot).click().perform()
    wait(d, "the marked dot's decision", lambda d: ply_pos(d) == mark and d.find_elements(By.CSS_SELECTOR, ".cell.best-to"))
    assert d.find_element(By.ID, "decision").is_displayed(), "the graph's decision has no text"
    by_graph = js(d, "S.fen")
    navigate_to(d, 19)
    click_first(d, "the same mark in the review list", "#review-marked button")
    wait(d, "the list's decision", lambda d: ply_pos(d) == mark)
    assert js(d, "S.fen") == by_graph, "the graph and the review list show different positions"
    return mark


def the_games_die_ranked(d, mark):
    """At the decision: the game's die, every move for it ranked, the played one marked; nothing
    to roll."""
    played = js(d, f"S.plies[{mark}]")
    assert js(d, "S.die") == played["die"], f"the die shown is not the game's {played['die']}"
    assert not enabled(d, "roll"), "Roll is offered where the game's die is known"
    wait(d, "the played move in the analysis table",
         lambda d: d.find_elements(By.CSS_SELECTOR, f"#analysis-moves tr.played[data-move='{played['move']}']"))
    assert "as rolled in the game" in d.find_element(By.ID, "analysis-die").text
    return played


def a_side_line_keeps_the_game(d, mark, played):
    """Another move at the decision starts a side line; the game, its result and review stay."""
    other = js(d, f"S.legal.find(m => m !== '{played['move']}' && !ownCubeAt(m.slice(2)))"
                  f" || S.legal.find(m => m !== '{played['move']}')")
    assert other, "no other move to try"
    cube = d.find_element(By.ID, "sq-" + other[:2])
    cube.click()
    wait(d, "the picked cube", lambda d: js(d, "selected") == other[:2])
    d.find_element(By.ID, "sq-" + other[2:]).click()
    wait(d, "the side line", lambda d: js(d, "S.main") is not None and ply_count(d) == mark + 1)
    assert d.find_element(By.ID, "mainline").is_displayed(), "the side line shows no way back"
    assert js(d, "S.main.length") == 19 and js(d, "S.main.winner") == "r", "the game's result is gone"
    assert d.find_elements(By.CSS_SELECTOR, "#review-marked li"), "the review is gone"
    assert d.find_elements(By.CSS_SELECTOR, "#moves li.side"), "the move list does not show the side line"
    d.execute_script("window.scrollTo(0, 0)")
    bottom = js(d, "document.getElementById('turnbar').getBoundingClientRect().bottom")
    assert bottom <= 800, f"in a side line the turn's buttons run below the fold ({bottom}px)"
    click(d, "save")
    wait(d, "the saved main line", lambda d: "move r 6 e2e1" in d.find_element(By.ID, "record-text").get_attribute("value"))
    check_layout(d, 1280)
    print(f"side line: from move {mark + 1}, {other} instead of {played['move']}; the game is kept")


def navigate_to(d, ply):
    d.execute_script(f"navigate({ply})")
    wait(d, f"move {ply}", lambda d: ply_pos(d) == ply)


def back_to_game(d):
    click(d, "to-main")
    wait(d, "the game again", lambda d: js(d, "S.main") is None and ply_count(d) == 19 and idle(d))
    # At its end, with its result and the end's buttons, not where the side line left it.
    assert ply_pos(d) == 19, f"Back to the game shows move {ply_pos(d)} of 19, not the end"
    assert over(d) and js(d, "S.winner") == "r", "the game's result did not come back"
    wait(d, "Rematch by the board", lambda d: d.find_element(By.ID, "rematch").is_displayed())


def engine_takes_its_own_cube(d):
    """How to play says that taking one's own cube is allowed and sometimes best, and when the
    engine does it the note says so (a newcomer took it for a bug)."""
    rules = js(d, "$('rules-text').textContent")
    assert "sometimes the best move" in rules, f"How to play does not say an own capture can be good: {rules!r}"
    # Blue's 1 on a3 can only step up onto Blue's 2 on a4: the engine must take its own cube.
    open_form(d)
    form_type(d, "#ng-position", "2R12/B24/B14/5/5 r")
    new_game(d, ("human",), ("ewn", 1, 20), dice="manual")
    wait(d, "the position", lambda d: js(d, "S.fen") == "2R12/B24/B14/5/5 r")
    open_form(d)
    form_type(d, "#ng-position", "")
    type_die(d, 1)
    click_move(d)
    type_die(d, 1)
    wait(d, "the engine's own capture", lambda d: ply_count(d) == 2 and js(d, "S.plies[1].took") == "B2")
    said = wait(d, "the note on the engine's own capture", lambda d: "took its own cube 2" in note_shown(d) and note_shown(d))
    assert "allowed" in said and "sometimes best" in said, f"the note on the engine's own capture: {said!r}"
    shot(d, f"{d.get_window_size()['width']}-engine-own-capture.png", top=False)
    print(f"own capture by the engine: {said!r}")


def own_cube_and_notes(d):
    """A click on one's own cube next to the only movable one never takes it, nor is it refused:
    the capture waits for a second click, and the note says why, on the board and in view, and
    goes away with the next change. A second click takes it; picked on purpose, one click does."""
    box = d.find_element(By.ID, "record-text")
    d.execute_script("arguments[0].value = arguments[1]", box,
                     "game 1\nred a\nblue b\nposition R1R23/5/5/5/4B1 r\nresult unfinished\nend\n")
    load_text(d)
    wait(d, "the two-cube position", lambda d: js(d, "S.fen") == "R1R23/5/5/5/4B1 r")
    # Typed dice (no seed in the record): die 1 leaves only a5, whose target b5 holds Red's 2.
    click_first(d, "die 1", "#typed-dice button[data-die='1']")
    wait(d, "die 1", lambda d: js(d, "S.die") == 1 and idle(d))
    d.find_element(By.ID, "sq-b5").click()
    wait(d, "the click's answer", idle)
    assert js(d, "S.plies.length") == 0, "a click on one's own cube took it"
    assert d.find_elements(By.CSS_SELECTOR, "#sq-b5.target.take-own"), "b5 is not drawn as a capture"
    wait(d, "the note about the own cube", lambda d: "own cube" in note_shown(d))
    # Not refused ("click a5 first"): the capture waits for a second click on b5.
    assert "first" not in note_shown(d), f"the first click on b5 is refused: {note_shown(d)!r}"
    assert d.find_elements(By.CSS_SELECTOR, "#sq-b5.armed"), "b5's capture does not wait for a second click"
    note = d.find_element(By.ID, "error").rect
    board = d.find_element(By.ID, "board").rect
    scroll = js(d, "window.scrollY")
    assert note["y"] - scroll >= 0 and note["y"] + note["height"] - scroll <= 800, f"the note is out of view: {note}"
    bottom = board["y"] + board["height"]
    assert bottom - 1 <= note["y"] <= bottom + 40, f"the note {note} is not right under the board (to {bottom})"
    note_clear_of_bottom_rank(d)
    note_clear_of_bars(d)
    shot(d, "desktop-own-cube.png", top=False)
    # Picked on purpose, the capture is played.
    d.find_element(By.ID, "sq-a5").click()
    wait(d, "a5 picked", lambda d: js(d, "selected") == "a5")
    d.find_element(By.ID, "sq-b5").click()
    wait(d, "the capture of one's own cube", lambda d: ply_count(d) == 1 and js(d, "S.plies[0].took") == "R2")
    wait(d, "the note gone with the change", lambda d: note_shown(d) == "")
    # From the same position again: a second click on b5 takes it.
    load_text(d)
    wait(d, "the two-cube position again", lambda d: js(d, "S.fen") == "R1R23/5/5/5/4B1 r" and ply_count(d) == 0)
    type_die(d, 1)
    d.find_element(By.ID, "sq-b5").click()
    wait(d, "b5's capture waiting", lambda d: d.find_elements(By.CSS_SELECTOR, "#sq-b5.armed"))
    time.sleep(0.6)  # two clicks apart, not a double click
    d.find_element(By.ID, "sq-b5").click()
    wait(d, "a5 takes b5 on the second click", lambda d: ply_count(d) == 1 and js(d, "S.plies[0].took") == "R2")
    print("own cube: one click never takes it nor is refused, a second does; picked on purpose one does; the note shows right under the board")


def double_clicks(d):
    """A double click on Roll or on a target is one action, with no false note."""
    new_game(d, ("human",), ("ewn", 1, 20), 31)
    wait(d, "Red's turn", red_turn_or_end)
    ActionChains(d).double_click(d.find_element(By.ID, "roll")).perform()
    wait(d, "the roll", lambda d: js(d, "S.die") is not None and idle(d))
    assert note_shown(d) == "", f"a double click on Roll says {note_shown(d)!r}"
    before = ply_count(d)
    click_first(d, "a movable red cube", ".cube.red.movable")
    target = d.find_elements(By.CSS_SELECTOR, ".cell.target:not(.take-own)") or d.find_elements(By.CSS_SELECTOR, ".cell.target")
    ActionChains(d).double_click(target[0]).perform()
    wait(d, "the double-clicked move", lambda d: ply_count(d) > before and idle(d))
    assert note_shown(d) == "", f"a double click on a target says {note_shown(d)!r}"
    print("double clicks: one roll, one move, no note")


def pause_shows(d):
    """Pause says Paused, offers no roll for the engine, and voids the choice it was making."""
    delay = d.find_element(By.ID, "set-delay")
    delay.clear()
    delay.send_keys("3000", Keys.TAB)
    wait(d, "the engine delay", lambda d: js(d, "S.settings.delay_ms") == 3000)
    new_game(d, ("ewn", 1, 20), ("ewn", 1, 20), 12)
    wait(d, "Red choosing", lambda d: js(d, "S.thinking") == "r")
    click(d, "pause")
    wait(d, "the pause", lambda d: d.find_element(By.ID, "pause").text == "Resume")
    assert js(d, "S.thinking") is None, "the engine goes on choosing after Pause"
    assert status(d).startswith("Paused"), f"the status does not say Paused: {status(d)!r}"
    assert d.find_element(By.ID, "paused-tag").is_displayed(), "the board does not show Paused"
    assert not enabled(d, "roll"), "Roll is offered for an engine while paused"
    assert ply_count(d) == 0
    picked = js(d, "document.querySelectorAll('#board .cube.selected, #board .cell.target').length")
    assert picked == 0, f"the paused engine's cube is shown picked ({picked} marks)"
    shot(d, "desktop-paused.png")
    delay.clear()
    delay.send_keys("300", Keys.TAB)
    wait(d, "the engine delay back", lambda d: js(d, "S.settings.delay_ms") == 300)
    print(f"pause: {status(d)!r}")


def other_sizes(d):
    """board.js draws boards of other sizes, with square names from their rows and columns."""
    for rows, cols in ((3, 3), (8, 8), (4, 7)):
        got = d.execute_script(
            "const el = document.createElement('div');"
            "const n = arguments[0] * arguments[1];"
            "const sq = new Array(n).fill(''); sq[0] = 'R12'; sq[n - 1] = {side: 'b', label: '11'};"
            "EwnBoard.draw(el, {rows: arguments[0], cols: arguments[1], squares: sq});"
            "const cells = [...el.querySelectorAll('.cell')];"
            "return {n: cells.length, first: cells[0].id, last: cells[n - 1].id,"
            " top: el.querySelector('.cube.red').textContent, bottom: el.querySelector('.cube.blue').textContent,"
            " cols: el.style.getPropertyValue('--cols')};", rows, cols)
        files = "abcdefgh"
        want = {"n": rows * cols, "first": f"sq-a{rows}", "last": f"sq-{files[cols - 1]}1",
                "top": "12", "bottom": "11", "cols": str(cols)}
        assert got == want, f"a {rows}x{cols} board drew {got}, not {want}"
    print("board.js: 3x3, 8x8 and 4x7 boards draw with their square names")


def arrange_variant(d, variant, red):
    """Arranging on the board follows the picked variant: its board, its start squares."""
    open_form(d)
    Select(d.find_element(By.ID, "ng-variant")).select_by_value(variant)
    setup = d.find_element(By.CSS_SELECTOR, "#p-red .p-setup input")
    setup.clear()
    setup.send_keys(red)
    click(d, "ng-arrange")
    wait(d, "the setups on the board", lambda d: "Arranging" in status(d))
    v = js(d, f"S.variants.find(v => v.name === '{variant}')")
    wait(d, f"the {variant} board", lambda d: len(d.find_elements(By.CSS_SELECTOR, "#board .cell")) == v["rows"] * v["cols"])
    got = [d.find_element(By.CSS_SELECTOR, f"#sq-{sq} .cube").text for sq in v["start_red"]]
    assert got == list(red), f"arranged {got} on {v['start_red']}, not {red}"
    click(d, "ng-arrange")
    wait(d, "the end of arranging", lambda d: "Arranging" not in status(d))


def variant_game(d, variant, width, name, setups=None):
    """A person against this engine in a variant picked in the form: the board at its size,
    a few moves with the variant's dice, the analysis of its moves, then a screenshot."""
    new_game(d, ("human",), ("ewn", 2, 50), 11, variant=variant, setups=setups)
    rows, cols = js(d, "S.rows"), js(d, "S.cols")
    wait(d, f"the {rows}x{cols} board", lambda d: len(d.find_elements(By.CSS_SELECTOR, "#board .cell")) == rows * cols)
    if setups:
        assert js(d, "S.setup.red_setup") == setups[0], "the typed setup was not used"
    wait(d, f"the status line and the {variant} board in view after Start game", status_and_board_in_view)
    faces = [o[0] for o in js(d, "S.variant.outcomes")]
    d.execute_script("window.scrollTo(0, 0)")
    for turn in range(3):
        wait(d, "Red's turn or the end of the game", red_turn_or_end)
        if over(d):
            break
        roll_if_needed(d)
        assert js(d, "S.die") in faces, f"die {js(d, 'S.die')} is not one of {faces}"
        if turn == 2:
            wait(d, "the analysis of the rolled die", lambda d: d.find_elements(By.CSS_SELECTOR, "#analysis-moves tbody tr"))
            # Two dice show as "4+5 = 9": the box ends with the roll.
            wait(d, "the die box to show the rolled die",
                 lambda d: d.find_element(By.ID, "die").text.replace("\n", " ").endswith(str(js(d, "S.die"))))
            check_layout(d, width)
            shot(d, name)
        click_move(d)
    print(f"{variant} at {width}px: {status(d)!r} after {ply_count(d)} plies")


def pass_button(d):
    """A forced pass (backrank: cube 5 is gone and nothing stands in for it) is played with Pass."""
    open_form(d)
    Select(d.find_element(By.ID, "ng-variant")).select_by_value("backrank")
    pos = d.find_element(By.ID, "ng-position")
    pos.clear()
    pos.send_keys("R1R23/5/5/2B62/B1B2B3B4B5 r")
    new_game(d, ("human",), ("human",), dice="manual", variant="backrank")
    click_first(d, "die 5", "#typed-dice button[data-die='5']")
    wait(d, "the Pass button", lambda d: d.find_element(By.ID, "pass").is_displayed())
    assert "passes" in status(d), status(d)
    click(d, "pass")
    wait(d, "the pass played", lambda d: ply_count(d) == 1 and js(d, "S.plies[0].move") == "0000")
    assert not d.find_element(By.ID, "pass").is_displayed(), "Pass stays after the pass"
    print("backrank: a forced pass is played with the Pass button")


def load_position(d, fen, variant=None):
    """Loads a record of a game between two people from a position, with typed dice."""
    box = d.find_element(By.ID, "record-text")
    head = f"variant {variant}\n" if variant else ""
    d.execute_script("arguments[0].value = arguments[1]", box,
                     f"game 1\nred a\nblue b\n{head}position {fen}\nresult unfinished\nend\n")
    load_text(d)
    wait(d, f"the position {fen}", lambda d: js(d, "S.fen") == fen)
    # A loaded game is paused; people move at once.
    if not js(d, "S.running"):
        click(d, "pause")
        wait(d, "the game running", lambda d: js(d, "S.running"))


def type_die(d, n):
    click_first(d, f"die {n}", f"#typed-dice button[data-die='{n}']")
    wait(d, f"die {n}", lambda d: js(d, "S.die") == n and idle(d))


def mark_clear_of_labels(d, square):
    """The own capture's ✕ on `square` covers neither its file letter nor its rank number (it sat
    on the file letter of a bottom-rank square)."""
    bad = d.execute_script(
        "const c = $(arguments[0]), st = getComputedStyle(c, '::before'), r = c.getBoundingClientRect();"
        "const m = {left: r.left + parseFloat(st.left), top: r.top + parseFloat(st.top)};"
        "m.right = r.right - parseFloat(st.right); m.bottom = r.bottom - parseFloat(st.bottom);"
        "return [...c.querySelectorAll('.coord')].map((k) => k.getBoundingClientRect())"
        ".filter((b) => b.left < m.right && m.left < b.right && b.top < m.bottom && m.top < b.bottom)"
        ".map((b) => [b.left, b.top, m]);", square)
    assert d.execute_script("return $(arguments[0]).querySelectorAll('.coord').length", square) > 0, f"{square} has no label"
    assert not bad, f"the own capture's mark on {square} covers its label: {bad}"


def phone_own_capture_mark(d):
    """390x844: the own capture's mark on a bottom-rank square is clear of its file letter."""
    load_position(d, "R2B13/1B51R11/5/5/2R3R51 r")
    type_die(d, 4)
    d.find_element(By.ID, "sq-c1").click()
    wait(d, "c1 picked", lambda d: js(d, "selected") == "c1")
    wait(d, "d1 drawn as a capture", lambda d: d.find_elements(By.CSS_SELECTOR, "#sq-d1.take-own"))
    mark_clear_of_labels(d, "sq-d1")
    d.execute_script("arguments[0].scrollIntoView({block: 'center'})", d.find_element(By.ID, "board"))
    shot(d, "phone-own-capture-mark.png", top=False)
    print("phone: the own capture's mark is clear of the file letter")


def own_capture_by_click(d):
    """An own cube that can move too is taken by a second click on it after the taking cube
    was picked (issue: c1 then d1 with die 4 picked d1); in nodice likewise."""
    load_position(d, "R2B13/1B51R11/5/5/2R3R51 r")
    type_die(d, 4)
    # Looked up again if a redraw (the analysis' badges arriving) replaced the square.
    click_first(d, "c1", "#sq-c1")
    wait(d, "c1 picked", lambda d: js(d, "selected") == "c1")
    click_first(d, "d1", "#sq-d1")
    wait(d, "d1 armed to be taken", lambda d: d.find_elements(By.CSS_SELECTOR, "#sq-d1.take-own.armed"))
    mark_clear_of_labels(d, "sq-d1")
    assert ply_count(d) == 0, "the first click on an own cube took it"
    assert "again" in note_shown(d), f"the note does not say to click again: {note_shown(d)!r}"
    # The legend explains the mark of a move that takes one's own cube whenever it is drawn.
    assert d.find_element(By.ID, "lg-own").is_displayed(), "the own cube's mark is drawn but not in the legend"
    time.sleep(0.6)  # two clicks apart, not a double click
    click_first(d, "d1 again", "#sq-d1")
    wait(d, "c1 takes its own cube on d1", lambda d: ply_count(d) == 1 and js(d, "S.plies[0].move") == "c1d1"
         and js(d, "S.plies[0].took") == "R5")
    # A double click on the cube to take never takes it.
    load_position(d, "R1R23/5/5/5/4B1 r", "nodice")
    assert d.find_element(By.ID, "die").text == "any"
    d.find_element(By.ID, "sq-a5").click()
    wait(d, "a5 picked", lambda d: js(d, "selected") == "a5")
    ActionChains(d).double_click(d.find_element(By.ID, "sq-b5")).perform()
    wait(d, "the double click's answer", idle)
    time.sleep(0.3)
    assert ply_count(d) == 0, "a double click on an own cube took it"
    d.find_element(By.ID, "sq-b5").click()
    wait(d, "a5 takes b5 in nodice", lambda d: ply_count(d) == 1 and js(d, "S.plies[0].took") == "R2")
    # Nodice is never "die 0" on the page.
    wait(d, "Blue's turn analysed", lambda d: d.find_elements(By.CSS_SELECTOR, "#analysis-moves tbody tr"))
    text = d.find_element(By.TAG_NAME, "body").text
    for bad in ("Die 0", "die 0", "per face", " 0:"):
        assert bad not in text, f"nodice shows {bad!r}"
    assert "Any cube" in d.find_element(By.ID, "analysis-die").text
    print("own capture: a second click on an own cube takes it (standard and nodice); nodice says 'any cube'")


def hole_and_fall(d, width):
    """blackhole: the hole is drawn, a cube falling in is shown in the move list and announced."""
    load_position(d, "5/1R13/5/5/4B1 r", "blackhole")
    assert d.find_elements(By.CSS_SELECTOR, "#sq-c3.hole .hole-mark"), "the hole c3 is not drawn"
    assert "hole" in d.find_element(By.CSS_SELECTOR, "#sq-c3 .sr-only").get_attribute("textContent")
    type_die(d, 1)
    d.find_element(By.ID, "sq-b4").click()
    wait(d, "b4 picked", lambda d: js(d, "selected") == "b4")
    d.find_element(By.ID, "sq-c3").click()
    wait(d, "the fall", lambda d: ply_count(d) == 1 and js(d, "S.plies[0].fell") == "R1")
    wait(d, "the announcement", lambda d: "fell into the hole" in d.find_element(By.ID, "announce").get_attribute("textContent"))
    item = d.find_element(By.CSS_SELECTOR, "#moves li button").get_attribute("textContent")
    assert "fell into the hole" in item and "↓" in item, f"the move list says {item!r}"
    assert over(d), "Red's last cube fell in: Blue wins"
    assert d.find_element(By.ID, "lg-fell").is_displayed(), "the legend does not name the fall into the hole"
    shot(d, f"gui-{'desktop' if width > 500 else 'phone'}-blackhole.png")
    print("blackhole: the hole drawn, the fall announced and in the move list")


def variants_explained(d, width):
    """Each variant drawn from its definition, How to play from its rules, in view."""
    for name, goals, starts, words, banned in (
        # Corner goals: each side's corner start square is drawn as the other side's goal, so
        # 10 of the 12 start squares are shaded (the old 7x7 drawing shaded 14 a side).
        ("backrank", 10, 12, ("far rank", "passes", "no legal move passes"), ("triangle", "corner (Red")),
        ("7x7", 2, 10, ("7x7", "a die of 6 faces"), ()),
        ("nodice", 2, 10, ("no dice", "any one of your cubes"), ("Roll",)),
        ("blackhole", 2, 10, ("hole", "c3"), ()),
        # In the standard game every turn has a move: no word of passing.
        ("standard", 2, 10, ("Roll a die of 6 faces", "corner", "Red moves first"), ("passes",)),
    ):
        new_game(d, ("human",), ("human",), variant=name)
        wait(d, f"the {name} board", lambda d: len(d.find_elements(By.CSS_SELECTOR, "#board .cell")) == js(d, "S.rows * S.cols"))
        got_goals = len(d.find_elements(By.CSS_SELECTOR, "#board .goal-red, #board .goal-blue, #board .goal-rank-red, #board .goal-rank-blue"))
        assert got_goals == goals, f"{name}: {got_goals} goal squares, not {goals}"
        shaded = len(d.find_elements(By.CSS_SELECTOR, "#board .tri-red, #board .tri-blue"))
        assert shaded == starts, f"{name}: {shaded} start squares shaded, not {starts}"
        # As the page opens on a new game: its top.
        d.execute_script("window.scrollTo(0, 0)")
        summary = d.find_element(By.CSS_SELECTOR, "#rules summary")
        r = summary.rect
        assert summary.is_displayed() and 0 <= r["y"] - js(d, "window.scrollY") and r["y"] + r["height"] - js(d, "window.scrollY") <= js(d, "window.innerHeight"), f"How to play is out of view: {r}"
        # Named on a phone too, when it is not the standard game.
        if name != "standard":
            assert name in summary.text, f"How to play at {width} does not name {name}: {summary.text!r}"
            # Whole, not "How to play bl…" (on a phone it takes two lines rather than cut).
            assert js(d, "(() => { const s = document.querySelector('#rules summary'); return s.scrollWidth <= s.clientWidth + 1; })()"), \
                f"How to play at {width} cuts the name {name}"
        if not d.find_element(By.ID, "rules").get_attribute("open"):
            summary.click()
        text = d.find_element(By.ID, "rules").text
        for w in words:
            assert w in text, f"{name}: How to play lacks {w!r}: {text!r}"
        for w in banned:
            assert w not in text, f"{name}: How to play says {w!r}: {text!r}"
        label = d.find_element(By.CSS_SELECTOR, f"#ng-variant option[value='{name}']").text
        assert name in label and "x" in label, label
        if name == "backrank":
            assert "far rank" in label, f"the picker does not say what backrank is: {label!r}"
            open_form(d)
            click(d, "ng-arrange")
            wait(d, "arranging", lambda d: "Arranging" in status(d))
            assert "triangle" not in status(d), status(d)
            click(d, "ng-arrange")
            wait(d, "the end of arranging", lambda d: "Arranging" not in status(d))
        if name == "7x7":
            shot(d, f"{'desktop' if width > 500 else 'phone'}-7x7.png")
        summary.click()
    print(f"variants at {width}px: goals, start squares and How to play from each definition, in view")


def rules_name_the_first_side(d):
    """How to play names the side that moves first in the game on the board, not the variant's."""
    new_game(d, ("human",), ("human",))
    form_choose(d, "#ng-first", "b")
    start_game(d)
    wait(d, "a game with Blue first", lambda d: js(d, "S.setup.first") == "b" and js(d, "S.side") == "b")
    text = d.execute_script("return document.getElementById('rules-text').textContent")
    assert "Blue moves first" in text and "Red moves first" not in text, f"How to play with Blue first: {text!r}"
    # Open, it closes when another game starts: the new board comes in view.
    d.execute_script("window.scrollTo(0, 0)")
    d.find_element(By.CSS_SELECTOR, "#rules summary").click()
    wait(d, "How to play open", lambda d: d.find_element(By.ID, "rules").get_attribute("open") is not None)
    new_game(d, ("human",), ("human",))
    wait(d, "How to play closed by the new game", lambda d: d.find_element(By.ID, "rules").get_attribute("open") is None)
    print("How to play: Blue moves first in a game set so; closed by a new game")


def flip_and_copy(d):
    """Flip the board; copy the position and a link that opens it."""
    new_game(d, ("human",), ("human",), 8)
    first = d.find_element(By.CSS_SELECTOR, "#board .cell").get_attribute("id")
    assert first == "sq-a5", first
    click(d, "flip")
    wait(d, "the board flipped", lambda d: d.find_element(By.CSS_SELECTOR, "#board .cell").get_attribute("id") == "sq-e1")
    shot(d, "desktop-flipped.png")
    click(d, "flip")
    wait(d, "the board back", lambda d: d.find_element(By.CSS_SELECTOR, "#board .cell").get_attribute("id") == "sq-a5")
    roll_if_needed(d)
    click_move(d)
    fen = js(d, "S.fen")
    click(d, "copy-pos")
    wait(d, "the position copied", lambda d: js(d, "document.body.dataset.copied") == fen)
    click(d, "copy-link")
    wait(d, "the link copied", lambda d: "position=" in (js(d, "document.body.dataset.copied") or ""))
    link = js(d, "document.body.dataset.copied")
    new_game(d, ("human",), ("human",), 9)
    assert js(d, "S.fen") != fen
    d.get(link)
    wait(d, "the linked position opened", lambda d: js(d, "S && S.fen") == fen and js(d, "S.plies.length") == 0)
    assert "position=" not in d.current_url and "token" not in d.current_url, d.current_url
    a_link_asks_only_when_it_replaces(d, link, fen)
    print(f"flip and copy: the board turns; the link {link} opens its position")


def link_question_in_words(d, fen):
    """A link's question says its position in plain words (who moves, each side's cubes); the
    position string, unreadable to a new player, is at most in the tooltip."""
    el = d.find_element(By.ID, "replace-ask-text")
    asked = el.text
    board = fen.split()[0]
    assert board not in asked and not re.search(r"[RB][1-9A-C][0-9RB/]*/", asked), \
        f"the link's question shows the raw position string: {asked!r}"
    side = "Red to move" if fen.split()[1] == "r" else "Blue to move"
    assert side in asked and "cube" in asked, f"the link's question does not say the position in words: {asked!r}"
    assert board in (el.get_attribute("title") or ""), "the position string is not in the question's tooltip"
    return asked


def a_link_asks_only_when_it_replaces(d, link, fen):
    """A copied link opens its position in a fresh browser too (it carries the token), asks only
    when it would replace an unfinished game with moves that differs, and never for the position
    on the board or a finished game."""
    assert "token=" in link, f"the copied link has no token: {link}"
    # The same position again: nothing to ask, nothing replaced.
    d.get(link)
    wait(d, "the page of the same link", lambda d: js(d, "S") and js(d, "linkedDone") and idle(d))
    time.sleep(0.5)
    assert not d.find_element(By.ID, "replace-ask").is_displayed(), "a link to the position on the board asks to replace it"
    assert js(d, "S.fen") == fen
    # A finished game (still there to review): the link asks, saying what it replaces; kept,
    # the game stays in every tab and the page says how to open the linked position later.
    d.execute_script("arguments[0].value = arguments[1]", d.find_element(By.ID, "record-text"), REVIEWED)
    load_text(d)
    wait(d, "the finished record", lambda d: ply_count(d) == 19 and js(d, "S.line_over"))
    navigate_to(d, 10)
    d.get(link)
    wait(d, "the question before replacing the finished game",
         lambda d: js(d, "S") and d.find_element(By.ID, "replace-ask").is_displayed())
    asked = link_question_in_words(d, fen)
    assert "This link opens another position" in asked and "not finished" not in asked and "19 moves" in asked, \
        f"the question does not say what the link replaces: {asked!r}"
    shot(d, f"{d.get_window_size()['width']}-link-asks.png")
    click(d, "replace-no")
    wait(d, "the note on how to open it later", lambda d: "Kept this game" in note_shown(d))
    assert "position field" in note_shown(d), note_shown(d)
    time.sleep(0.5)
    assert ply_count(d) == 19 and js(d, "$('ng-position').value") == fen, "keeping the game lost it or the link"
    d.get(link)
    wait(d, "the question again", lambda d: js(d, "S") and d.find_element(By.ID, "replace-ask").is_displayed())
    click(d, "replace-yes")
    wait(d, "the link opened over a finished game, once asked",
         lambda d: js(d, "S && S.fen") == fen and js(d, "S.plies.length") == 0)
    # An unfinished game with a move: a fresh browser (no token of its own) asks, then opens it.
    if js(d, "S.die") is None:
        click(d, "roll")
    wait(d, "the die", lambda d: js(d, "S.legal.length") > 0)
    d.execute_script("playMove(S.legal[0])")
    wait(d, "a move of the game", lambda d: ply_count(d) == 1)
    fresh = browser(1280, 800)
    try:
        fresh.get(link)
        wait(fresh, "the question before replacing the unfinished game",
             lambda f: f.find_element(By.ID, "replace-ask").is_displayed())
        assert "not finished" in fresh.find_element(By.ID, "replace-ask-text").text
        # The question stands beside the board, which stays whole in view (above it, the
        # question pushed the bottom rank below the screen's edge).
        board, ask, height = fresh.execute_script(
            "const r = (id) => $(id).getBoundingClientRect().toJSON(); return [r('board'), r('replace-ask'), innerHeight]")
        assert board["top"] >= 0 and board["bottom"] <= height, \
            f"the board is not whole in view with the link's question: {board['top']}..{board['bottom']} of {height}"
        assert ask["left"] >= board["right"] or ask["top"] >= board["bottom"], "the link's question covers the board"
        shot(fresh, "1280-link-asks-unfinished.png", top=False)
        fresh.find_element(By.ID, "replace-yes").click()
        wait(fresh, "the link opened in a fresh browser",
             lambda f: js(f, "S && S.fen") == fen and js(f, "S.plies.length") == 0)
        assert "token" not in fresh.current_url, fresh.current_url
    finally:
        close(fresh)
    print("links: open in a fresh browser; asked before replacing any game with moves, finished too")


def minors(d):
    """Pause on a person's turn, a click in the engine's turn, resign, Rematch double-clicked,
    typed dice 10..12 by keys."""
    new_game(d, ("human",), ("ewn", 1, 20), 21)
    wait(d, "Red's turn", red_turn_or_end)
    click(d, "pause")
    wait(d, "paused", lambda d: d.find_element(By.ID, "pause").text == "Resume")
    assert status(d).startswith("Paused"), f"the status after Pause on a person's turn: {status(d)!r}"
    click(d, "pause")
    wait(d, "running", lambda d: d.find_element(By.ID, "pause").text == "Pause")
    # Resign: two clicks apart; a question left unanswered says so when it lapses.
    click(d, "resign")
    wait(d, "the resign question", lambda d: d.find_element(By.ID, "resign").text == "Resign?")
    wait(d, "the lapsed question", lambda d: d.find_element(By.ID, "resign").text == "Resign"
         and "Resign not confirmed" in d.find_element(By.ID, "error").text)
    assert not over(d), "an unanswered question resigned"
    click(d, "resign")
    wait(d, "the resign question", lambda d: d.find_element(By.ID, "resign").text == "Resign?")
    assert not over(d), "one click resigned"
    click(d, "resign")
    wait(d, "the resignation", lambda d: js(d, "S.winner") == "b" and js(d, "S.reason") == "resign")
    assert "Red resigned" in status(d), status(d)
    click(d, "save")
    wait(d, "the record of the resignation", lambda d: "result b resign" in d.find_element(By.ID, "record-text").get_attribute("value"))
    # A double click on Rematch plays one rematch: colours swapped once.
    wait(d, "the end bar", lambda d: d.find_element(By.ID, "rematch").is_displayed())
    ActionChains(d).double_click(d.find_element(By.ID, "rematch")).perform()
    wait(d, "the rematch", lambda d: js(d, "S.players.red.type") == "ewn" and idle(d))
    time.sleep(0.5)
    assert js(d, "S.players.red.type") == "ewn" and js(d, "S.players.blue.type") == "human", "a double click played two rematches"
    # The engine's turn: a click on the board says why nothing happens.
    delay = d.find_element(By.ID, "set-delay")
    delay.clear()
    delay.send_keys("3000", Keys.TAB)
    wait(d, "the engine delay", lambda d: js(d, "S.settings.delay_ms") == 3000)
    new_game(d, ("ewn", 1, 20), ("human",), 22)
    wait(d, "Red choosing", lambda d: js(d, "S.thinking") == "r")
    d.find_element(By.ID, "sq-c3").click()
    wait(d, "the note on the engine's turn", lambda d: "engine" in note_shown(d))
    delay = d.find_element(By.ID, "set-delay")
    delay.clear()
    delay.send_keys("300", Keys.TAB)
    wait(d, "the engine delay back", lambda d: js(d, "S.settings.delay_ms") == 300)
    # 6x6 typed dice 10..12 from the keyboard; the pressed die highlighted.
    new_game(d, ("human",), ("human",), dice="manual", variant="6x6")
    body = d.find_element(By.TAG_NAME, "body")
    body.send_keys("1")
    body.send_keys("1")
    wait(d, "die 11 typed", lambda d: js(d, "S.die") == 11)
    b = d.find_element(By.CSS_SELECTOR, "#typed-dice button[data-die='11']")
    assert b.get_attribute("aria-pressed") == "true"
    bg = b.value_of_css_property("background-color")
    other = d.find_element(By.CSS_SELECTOR, "#typed-dice button[data-die='7']").value_of_css_property("background-color")
    assert bg != other, f"the pressed die is not highlighted ({bg} vs {other})"
    body.send_keys("1")
    body.send_keys("2")
    wait(d, "die corrected to 12", lambda d: js(d, "S.die") == 12)
    body.send_keys("7")
    wait(d, "die corrected to 7", lambda d: js(d, "S.die") == 7)
    print("minors: paused status, resign, one rematch, engine-turn note, typed 11 and 12")


def review_counts_and_cancels(d):
    """The review counts its moves (k of n) and can be cancelled."""
    new_game(d, ("ewn", 1, 20), ("ewn", 1, 20), 23, variant="6x6")
    wait(d, "a few engine moves", lambda d: ply_count(d) >= 8 or over(d))
    click(d, "pause")
    wait(d, "paused", lambda d: js(d, "!S.running && S.thinking === null"))
    click(d, "review")
    wait(d, "the review's count", lambda d: js(d, "S.review.busy") and " of " in d.find_element(By.ID, "review-note").text)
    assert d.find_element(By.ID, "review-cancel").is_displayed()
    click(d, "review-cancel")
    wait(d, "the review cancelled", lambda d: not js(d, "S.review.busy"))
    assert not d.find_element(By.ID, "review-cancel").is_displayed()
    print("review: counts its moves and is cancelled")


def note_clear_of_bottom_rank(d):
    """A note never covers the bottom rank's cubes."""
    note = d.find_element(By.ID, "error").rect
    cubes = [c.rect for c in d.find_elements(By.CSS_SELECTOR, "#board .cube")]
    bottom = max((c["y"] + c["height"] for c in cubes), default=0)
    assert note["y"] >= bottom - 1, f"the note ({note}) covers the lowest cubes (to {bottom})"


def note_clear_of_bars(d):
    """A note under the board covers neither player's bar nor the review's line (it is in the
    page's flow, not over it)."""
    note = d.find_element(By.ID, "error")
    if not note.is_displayed():
        return
    a = note.rect
    for id_ in ("bar-red", "bar-blue", "decision", "mainline"):
        el = d.find_element(By.ID, id_)
        if not el.is_displayed():
            continue
        b = el.rect
        apart = (a["y"] + a["height"] <= b["y"] + 1 or b["y"] + b["height"] <= a["y"] + 1 or
                 a["x"] + a["width"] <= b["x"] + 1 or b["x"] + b["width"] <= a["x"] + 1)
        assert apart, f"the note {a} covers #{id_} {b}"


def coords_clear_of_cubes(d):
    """Rank and file labels are not covered by cubes (a 6x6 board on a phone)."""
    board_still(d)
    bad = d.execute_script(
        "const out = [];"
        "for (const c of document.querySelectorAll('#board .cell')) {"
        "  const cube = c.querySelector('.cube:not(.ghost)'); if (!cube) continue;"
        "  const a = cube.getBoundingClientRect();"
        "  for (const k of c.querySelectorAll('.coord')) { const b = k.getBoundingClientRect();"
        "    if (b.left < a.right && a.left < b.right && b.top < a.bottom && a.top < b.bottom) out.push(c.id); } }"
        "return out;")
    assert not bad, f"labels covered by cubes on {bad}"


def badges_clear_of_numbers(d):
    """On a 6x6 board on a phone, the percentage badges in the squares' corners never cover a
    cube's number, nor more than a sliver of its cube (11 and 10 side by side, each can take the
    other)."""
    load_position(d, "RC5/6/2RBBA2/6/6/5BC r", "6x6")
    wait(d, "the badges of the cubes that can be taken",
         lambda d: len(d.find_elements(By.CSS_SELECTOR, "#board .badge.danger, #board .badge.chance")) >= 2)
    board_still(d)
    bad = d.execute_script(
        "const out = [];"
        "for (const c of document.querySelectorAll('#board .cell')) {"
        "  const cube = c.querySelector('.cube:not(.ghost)'); if (!cube || !cube.firstChild) continue;"
        "  const r = document.createRange(); r.selectNodeContents(cube); const a = r.getBoundingClientRect();"
        "  const q = cube.getBoundingClientRect();"
        "  for (const k of c.querySelectorAll('.badge')) { const b = k.getBoundingClientRect();"
        "    if (b.left < a.right && a.left < b.right && b.top < a.bottom && a.top < b.bottom) out.push(c.id + ' number');"
        "    const h = Math.min(b.bottom, q.bottom) - Math.max(b.top, q.top), w = Math.min(b.right, q.right) - Math.max(b.left, q.left);"
        "    if (h > 3 && w > 3) out.push(`${c.id} cube (${h.toFixed(1)} px)`); } }"
        "return out;")
    shot(d, "phone-6x6-badges.png", top=False)
    assert not bad, f"badges cover the cube's number on {bad}"


def solved_shown(d):
    """A solved variant (its table given with --tables): exact values and the equilibrium setups."""
    wait(d, "the solved variant's card", lambda d: d.find_element(By.ID, "solved").is_displayed())
    text = d.find_element(By.ID, "solved").text
    assert "Best setups (equilibrium)" in text and "%" in text, text
    if not over(d):
        assert "perfect play" in text, text
    print(f"solved 3x3: {text!r}")


def first_state(d):
    """Waits for the page's first state from the server (the status no longer "Connecting…")."""
    wait(d, "the first state from the server", lambda d: js(d, "S") and status(d) not in ("", "Connecting…"))


def open_arena(d):
    """Opens the arena's address in `d` and waits for its first state."""
    d.get(URL)
    first_state(d)


def opening_game(d, width, by_key):
    """From an untouched page: the game the arena opens with is played to its end, by clicks or
    by keys, and the engine answers every move by itself; then Review, then Rematch. Four quick
    presses of the left arrow key step four plies."""
    first_state(d)
    assert js(d, "S.players.red.type") == "human" and js(d, "S.players.blue.type") == "ewn", \
        "the arena did not open on a person against the engine"
    assert js(d, "S.error") is None, f"the opening game shows an error: {js(d, 'S.error')}"
    turns = 0
    while True:
        wait(d, "Red's turn or the end of the opening game", red_turn_or_end)
        if over(d):
            break
        assert js(d, "S.error") is None, f"an engine fault: {js(d, 'S.error')}"
        turns += 1
        roll_if_needed(d, by_key=by_key)
        if turns == 1 and not by_key:
            play_mode_holds_the_analysis(d)
        elif js(d, "held()"):
            badges = js(d, "document.querySelectorAll('#board .badge.danger, #board .badge.chance').length")
            assert badges == 0, f"{badges} percentage badges on the board before the analysis is asked for"
        n = ply_count(d) + 1
        if by_key and turns == 1:
            typed_then_enter(d)
        elif by_key:
            type_move(d)
        else:
            click_move(d)
        # While the engine moves, Roll is not offered (R is kept for after its move).
        assert js(d, "!engineOnTurn() || document.getElementById('roll').disabled"), "Roll looks live while the engine moves"
        if not over(d):
            engine_answers(d, n + 1)
    assert turns > 0 and js(d, "S.plies.some(p => p.side === 'b')"), "the engine never answered"
    # The game is over: what play mode held back is shown by itself.
    wait(d, "the analysis shown at the game's end", lambda d: d.find_element(By.ID, "winbar").is_displayed()
         and not d.find_element(By.ID, "held-msg").is_displayed())
    assert d.find_element(By.ID, "graph").is_displayed(), "the graph stays hidden after the game"
    plies = ply_count(d)
    print(f"opening game at {width}: {status(d)} after {plies} plies, {turns} turns of the person")
    if width > 600 and plies >= 5:
        # Quick presses each step one ply, as on an analysis board.
        body = d.find_element(By.TAG_NAME, "body")
        for _ in range(4):
            body.send_keys(Keys.ARROW_LEFT)
        wait(d, "four plies back after four quick presses", lambda d: ply_pos(d) == plies - 4)
        # The step counter and the status line count the same: the position after move k of n.
        wait(d, "the status saying which position is shown",
             lambda d: status(d).startswith(f"After move {plies - 4} of {plies}:"))
        counter = d.find_element(By.ID, "nav-pos")
        assert counter.text.replace(" ", "") == f"{plies - 4}/{plies}" \
            and counter.get_attribute("title") == f"after move {plies - 4} of {plies}", \
            f"the step counter {counter.text!r} ({counter.get_attribute('title')!r}) against the status {status(d)!r}"
        # An earlier position of the finished game: the analysis is no longer held back.
        wait(d, "the analysis shown at an earlier position of the finished game",
             lambda d: d.find_element(By.ID, "winbar").is_displayed()
             and not d.find_element(By.ID, "held-msg").is_displayed())
        for _ in range(4):
            body.send_keys(Keys.ARROW_RIGHT)
        wait(d, "back at the end", lambda d: ply_pos(d) == plies)
    if width < 600:
        # Review by the board: on a phone the review's card comes into view (it glides there).
        d.execute_script("window.scrollTo(0, document.body.scrollHeight)")
        click(d, "review-end")
        wait(d, "the review's card at the top of the screen after Review", review_card_on_top)
    else:
        click(d, "review")
    wait(d, "the review of the opening game", lambda d: js(d, "S.review.moves") and not js(d, "S.review.busy"))
    shot(d, f"opening-{width}-reviewed.png")
    click(d, "rematch")
    wait(d, "the rematch with colours swapped",
         lambda d: js(d, "S.players.red.type") == "ewn" and js(d, "S.players.blue.type") == "human")
    wait(d, "the engine's first move of the rematch", lambda d: ply_count(d) >= 1 or over(d))
    # New game after the rematch offers the seats the person chose (a person as Red against the
    # engine), not the rematch's swapped colours; also on the page opened again.
    form = "[document.querySelector('#p-red .p-type').value, document.querySelector('#p-blue .p-type').value]"
    click(d, "top-new")
    assert js(d, form) == ["human", "ewn"], f"the New game form after a rematch offers {js(d, form)}"
    d.refresh()
    wait(d, "the rematch after reopening the page", lambda d: js(d, "S") and js(d, "S.players.red.type") == "ewn")
    open_form(d)
    assert js(d, form) == ["human", "ewn"], f"the New game form of a page opened on a rematch offers {js(d, form)}"
    # A new tab, with nothing the first page kept in the browser (as another browser would be):
    # the same seats, from the server's count of rematches.
    first, address = d.current_window_handle, d.current_url
    d.switch_to.new_window("tab")
    try:
        d.get(address)
        d.execute_script("localStorage.removeItem('ewn-rematch')")
        d.refresh()
        wait(d, "the rematch in a new tab", lambda d: js(d, "S") and js(d, "S.players.red.type") == "ewn")
        assert js(d, "S.rematch") == 1, f"the state counts {js(d, 'S.rematch')} rematches in a row"
        open_form(d)
        assert js(d, form) == ["human", "ewn"], f"the New game form of a new tab on a rematch offers {js(d, form)}"
    finally:
        d.close()
        d.switch_to.window(first)
    print(f"opening game at {width}: the New game form after the rematch offers the person's own seats, in every tab")


def play_mode_holds_the_analysis(d):
    """A new player plays without help: after the roll no win chance, best move or arrow shows
    until asked; Show analysis shows the table and the best move's arrow, and the switch back
    hides them again."""
    assert js(d, "mode") == "play", "the page does not open in play mode"
    assert d.find_element(By.ID, "held-msg").is_displayed(), "play mode does not say the analysis waits"
    assert not d.find_element(By.ID, "winbar").is_displayed(), "the win bar shows in play mode"
    assert not d.find_element(By.ID, "graph").is_displayed(), "the graph shows in play mode"
    assert not d.find_elements(By.CSS_SELECTOR, "#board .arrows .best"), "a best-move arrow shows in play mode"
    # The legend names only what can appear: no hole here, no arrow before the analysis shows.
    # Nor the last move's frame or capture before any move, nor a threat's badge.
    marks = ("lg-fell", "lg-best", "lg-played", "lg-danger", "lg-chance", "lg-you")
    marks += ("lg-last", "lg-took") if ply_count(d) == 0 else ()
    legend = [i for i in marks if d.find_element(By.ID, i).is_displayed()]
    assert not legend, f"the legend names marks that cannot appear yet: {legend}"
    badges = d.find_elements(By.CSS_SELECTOR, "#board .badge.danger, #board .badge.chance, #board .badge.after")
    assert not badges, f"{len(badges)} percentage badges show on the board in play mode"
    assert d.find_element(By.ID, "mode-play").get_attribute("aria-pressed") == "true"
    click(d, "show-analysis")
    wait(d, "the analysis table once asked", lambda d: d.find_elements(By.CSS_SELECTOR, "#analysis-moves tbody tr")
         and d.find_element(By.ID, "analysis-die").is_displayed())
    wait(d, "the best move's arrow on the board", lambda d: d.find_elements(By.CSS_SELECTOR, "#board .arrows line.best"))
    assert d.find_element(By.ID, "lg-best").is_displayed(), "the legend does not name the best move's arrow"
    shot(d, "opening-analysis-asked.png")
    click(d, "mode-play")
    wait(d, "the analysis held again", lambda d: d.find_element(By.ID, "held-msg").is_displayed()
         and not d.find_elements(By.CSS_SELECTOR, "#board .arrows .best"))
    print("play mode: the analysis waits until asked, and shows when asked")


def copied_address_keeps_control(d):
    """The address bar's address (the token taken out), opened in a new tab of the same browser,
    keeps control; in another browser it says plainly that it only watches and how to play, shows
    no control that cannot act, and its note can be dismissed."""
    address = d.current_url
    assert "token" not in address, address
    d.switch_to.new_window("tab")
    d.get(address)
    wait(d, "the copied address's page", lambda d: js(d, "S") and status(d) not in ("", "Connecting…"))
    assert js(d, "Boolean(TOKEN)"), "the new tab lost the token"
    assert not js(d, "document.body.classList.contains('watch-only')"), "the new tab is watch-only"
    before = js(d, "S.version")
    d.execute_script("post('/api/control', {action: S.running ? 'run' : 'pause'})")
    wait(d, "a change accepted from the new tab", lambda d: js(d, "S.version") != before and note_shown(d) == "")
    d.close()
    d.switch_to.window(d.window_handles[0])
    other = browser(1280, 800)
    try:
        other.get(address)
        def watch_note(o):
            el = o.find_element(By.ID, "watch-note")
            return el.text if el.is_displayed() else ""
        wait(other, "the watch-only note", lambda o: "only watch" in watch_note(o))
        said = watch_note(other)
        assert "?token=" in said, f"the watch-only note does not say how to get control: {said!r}"
        assert status(other).startswith("Watching"), f"the status of a watch-only page: {status(other)!r}"
        shown = [i for i in ("roll", "pause", "resign", "top-new", "move-go", "nav-first", "nav-back",
                             "nav-fwd", "nav-last", "settings-card", "newgame")
                 if other.find_element(By.ID, i).is_displayed()]
        assert not shown, f"a watch-only page shows controls that cannot act: {shown}"
        # Plainly watch-only: the banner above the board, no cube drawn as one to move, and a
        # click on the board says why nothing moves.
        top = other.execute_script(
            "return [document.getElementById('watch-note').getBoundingClientRect().bottom,"
            " document.getElementById('board').getBoundingClientRect().top];")
        assert top[0] <= top[1], f"the watch-only banner is not above the board: {top}"
        movable = other.find_elements(By.CSS_SELECTOR, "#board .cube.movable, #board .cell.target")
        assert not movable, f"a watch-only page offers {len(movable)} cubes or squares to move"
        other.find_element(By.ID, "sq-c3").click()
        wait(other, "the note that the page only watches", lambda o: "only watches" in note_shown(o))
        shot(other, "desktop-watch-only.png")
        other.find_element(By.ID, "watch-close").click()
        wait(other, "the watch-only note dismissed", lambda o: watch_note(o) == "")
    finally:
        close(other)
    print("copied address: a new tab keeps control; another browser says it watches and how to play")


def review_card_on_top(d):
    """The review's card is in view, its heading near the top of the screen."""
    return d.execute_script(
        "const r = document.getElementById('review-card').getBoundingClientRect();"
        "return r.top >= -1 && r.top < window.innerHeight / 3;")


def status_and_board_in_view(d):
    """The status line (whose turn, or how the game ended) and the board are both in view: what
    the page scrolled to by itself never hides the status."""
    return d.execute_script(
        "const s = document.getElementById('status').getBoundingClientRect();"
        "const b = document.getElementById('board').getBoundingClientRect();"
        "return s.top >= -1 && s.bottom <= window.innerHeight + 1 && b.top >= -1 && b.bottom <= window.innerHeight + 1;")


def board_and_bar_in_view(d):
    """The board is in view whole, with the player's bar above it."""
    return d.execute_script(
        "const r = document.getElementById('board').getBoundingClientRect();"
        "const bar = document.querySelector('.board-wrap').previousElementSibling.getBoundingClientRect();"
        "return bar.top >= -1 && r.bottom <= window.innerHeight + 1;")


def third_game_of_a_record(d):
    """A record of several games: the picker lists them and the third one loads."""
    games = "".join(REVIEWED.replace("game 1", f"game {n}").replace("red ewn", f"red player{n}")
                    for n in (1, 2, 3))
    field = d.find_element(By.ID, "record-text")
    field.clear()
    d.execute_script("arguments[0].value = arguments[1]; arguments[0].dispatchEvent(new Event('input'));", field, games)
    wait(d, "the record's game picker", lambda d: d.find_element(By.ID, "record-pick").is_displayed())
    options = d.find_elements(By.CSS_SELECTOR, "#record-game option")
    assert len(options) == 3, f"{len(options)} games listed"
    entry = js(d, "$('record-game').options[2].text")
    assert entry == "3. player3–greedy, Red won (goal), 19 moves", f"the picker's third entry: {entry!r}"
    Select(d.find_element(By.ID, "record-game")).select_by_value("3")
    if d.find_element(By.ID, "replace-ask").is_displayed():
        click(d, "replace-yes")
    wait(d, "the third game loaded", lambda d: js(d, "S.players.red.label") == "player3" and ply_count(d) == 19)
    # The picker fits the page's width, and the loaded game's board comes into view (on a phone
    # the record's card is far below it).
    picker = d.execute_script(
        "const s = document.getElementById('record-game'); const r = s.getBoundingClientRect();"
        "const cs = getComputedStyle(s); const c = document.createElement('canvas').getContext('2d');"
        "c.font = cs.font; const text = c.measureText(s.options[s.selectedIndex].text).width;"
        "const room = s.clientWidth - parseFloat(cs.paddingLeft) - parseFloat(cs.paddingRight) - 16;"
        "return {left: r.left, right: r.right, page: document.documentElement.clientWidth, text, room};")
    assert picker["left"] >= 0 and picker["right"] <= picker["page"], f"the record's game picker is off the page: {picker}"
    assert picker["text"] <= picker["room"], f"the picked game's name is cut off in the picker: {picker}"
    wait(d, "the loaded game's board in view", board_and_bar_in_view)
    wait(d, "the status line in view with the loaded game's board", status_and_board_in_view)
    # The form offers the last game started here (or a person against the engine, Red first),
    # not the record's players.
    want = js(d, "lastStarted ? [lastStarted.first, lastStarted.red.type] : ['r', 'human']")
    got = js(d, "[$('ng-first').value, document.querySelector('#p-red .p-type').value]")
    assert got == want, f"the New game form after loading a record: {got}, expected {want}"
    print("record of three games: the third one picked and loaded")


# Two games of a match that an engine lost on time (it answered its handshake, then went quiet):
# the record's result line names the loser and the referee's words.
LOST_ON_TIME = """game 1
match 06b7513a8865568f
seed 910a2dec89025cc1
date 2026-12-04
red ewn
blue late
setup 456123 162453
first r
move r 3 a3b3 49.3
move b 2 c1b2 49.3
move r 3 b3c2 51.7
move b 3 e3d3 49.5
move r 3 c2d1 51.5
move b 1 e1d1 59.5
move r 4 a5b4 57.4
move b 2 b2a3 59.7
move r 5 b5b4 49.2
move b 1 d1c2 58.3
move r 5 b4c3 53.4
result r time blue: no bestmove within 150 ms; engine killed
end
game 2
match 06b7513a8865568f
seed 910a2dec89025cc1
date 2026-12-04
red late
blue ewn
setup 456123 162453
first r
move r 3 a3b3 49.2
move b 2 c1b2 49.1
move r 3 b3c2 49.3
move b 3 e3d3 51.9
move r 3 c2d1 49.3
move b 1 e1d1 49.1
move r 4 a5b4 54.6
move b 2 b2a3 49.1
move r 5 b5b4 49.3
move b 1 d1c2 53.6
result b time red: no bestmove within 150 ms; engine killed
end
"""


def a_record_lost_on_time(d):
    """A record's game lost on time is shown over: who won and how, with the referee's words, no
    roll, no win chances still being worked out; picking the record's other game never asks."""
    new_game(d, ("human",), ("ewn", 2, 50))
    roll_if_needed(d)
    click_move(d)
    wait(d, "a game under way", lambda d: ply_count(d) >= 1 and not over(d))
    load_record_text(d, LOST_ON_TIME)
    wait(d, "the record's game picker", lambda d: d.find_element(By.ID, "record-pick").is_displayed())
    Select(d.find_element(By.ID, "record-game")).select_by_value("2")
    wait(d, "game 2, lost on time", lambda d: js(d, "S.players.red.label") == "late" and ply_count(d) == 10)
    said = status(d)
    assert said.startswith("Blue wins: Red ran out of time") and "no bestmove within 150 ms" in said, \
        f"the status of a game lost on time: {said!r}"
    result = d.find_element(By.ID, "result").text
    assert "Blue wins" in result and "ran out of time" in result and "no bestmove" in result, \
        f"the result of a game lost on time: {result!r}"
    assert not enabled(d, "roll"), "Roll is offered in a game lost on time"
    wait(d, "the graph worked out", lambda d: js(d, "S.graph_gaps") == 0 and js(d, "S.graph[S.graph.length - 1]") == 0)
    # The record's other game: loaded at once, never "Replace it?".
    Select(d.find_element(By.ID, "record-game")).select_by_value("1")
    wait(d, "game 1, lost on time by Blue", lambda d: js(d, "S.players.blue.label") == "late" and ply_count(d) == 11)
    assert not d.find_element(By.ID, "replace-ask").is_displayed(), "switching games of a loaded record asks"
    assert status(d).startswith("Red wins: Blue ran out of time"), status(d)
    shot(d, f"{d.get_window_size()['width']}-record-lost-on-time.png")
    print("record lost on time: shown over, with the referee's words; its other game loads without asking")


def two_dice_shown(d):
    """A game of two dice shows both dice and their sum, not the sum alone."""
    if js(d, "S.die") is None and js(d, "canRoll()"):
        click(d, "roll")
        wait(d, "the two dice rolled", lambda d: js(d, "S.die") is not None)
    assert js(d, "S.dice_pair") is not None, "no two dice in a 6x6 game rolled from its seed"
    a, b = js(d, "S.dice_pair")
    text = d.find_element(By.ID, "die").text.replace("\n", " ")
    assert f"{a}+{b}" in text and str(a + b) in text, f"the die box says {text!r} for dice {a} and {b}"
    print(f"two dice: the die box says {text!r}")


def hold_an_arrow_through_a_game(d):
    """An arrow key held down (a press every few milliseconds) steps through the whole game,
    one ply a press, and ends exactly at the end."""
    n = ply_count(d)
    navigate_to(d, 0)
    # Where the board stands (from the page's top) at every status line shown meanwhile: the
    # status keeps within the room of its lines, so that the board never jumps as it changes.
    d.execute_script(
        "window.ewnTops = new Set(); window.ewnObs = new MutationObserver(() => {"
        " window.ewnTops.add(Math.round(document.getElementById('board').getBoundingClientRect().top + window.scrollY)); });"
        "window.ewnObs.observe(document.getElementById('status'), {childList: true, characterData: true, subtree: true});")
    body = d.find_element(By.TAG_NAME, "body")
    for _ in range(n):
        body.send_keys(Keys.ARROW_RIGHT)
    wait(d, f"all {n} plies stepped", lambda d: ply_pos(d) == n and idle(d))
    for _ in range(n + 5):
        body.send_keys(Keys.ARROW_LEFT)
    wait(d, "back at the start", lambda d: ply_pos(d) == 0 and idle(d))
    tops = js(d, "(window.ewnObs.disconnect(), [...window.ewnTops])")
    assert len(tops) == 1, f"the board moved up and down while stepping through the game: its top at {sorted(tops)}"
    print(f"held arrow keys: {n} plies forward and back, a ply a press, the board still")


def all_in_view(d, ids):
    """The elements of `ids` that are not wholly in the window at the page's top (hidden ones
    count as not in view)."""
    d.execute_script("window.scrollTo(0, 0)")
    return d.execute_script(
        "return arguments[0].filter((id) => { const el = document.getElementById(id);"
        " const r = el.getBoundingClientRect();"
        " return !(el.offsetParent && r.top >= 0 && r.bottom <= window.innerHeight && r.right <= window.innerWidth); });",
        list(ids))


def load_record_text(d, text):
    """Types a record into the Record card's text and loads it, as a person pastes one."""
    box = d.find_element(By.ID, "record-text")
    d.execute_script("arguments[0].scrollIntoView({block: 'center'})", box)
    d.execute_script("arguments[0].value = arguments[1]; arguments[0].dispatchEvent(new Event('input'));", box, text)
    load_text(d)


# The same game as REVIEWED between a person and an engine this arena was not started with.
FOREIGN = REVIEWED.replace("red ewn", "red human").replace("blue greedy", "blue mcts:400000")


def watcher_not_told_the_controllers_notes(address):
    """A page opened without the token while a rematch's note stands and a person plays: it
    shows neither the note (meant for whoever is in control) nor the prompt to show the held
    analysis with its button."""
    assert "token" not in address, address
    other = browser(1280, 800)
    try:
        other.get(address)
        wait(other, "the watch-only page's state", lambda o: js(o, "S") and status(o).startswith("Watching"))
        assert js(other, "S.notice"), "the state carries no rematch note: nothing to check"
        assert js(other, "held()"), "the analysis is not held: nothing to check"
        said = note_shown(other)
        assert "arena" not in said and "--engine" not in said, f"a watch-only page shows the controller's note: {said!r}"
        for i in ("held-msg", "show-analysis"):
            assert not other.find_element(By.ID, i).is_displayed(), f"a watch-only page shows {i}"
    finally:
        close(other)
    print("watch-only: no rematch note, no prompt to show the analysis")


# A record of six games as `ewn match --engine self --opponent mcts:3000 --games 6 --seed 1
# --movetime 20 --record games.txt` wrote it, its header of settings included. In game 3 (ewn
# against mcts:3000, Blue won) the fifth move, 2:b2a3, takes Red's cube 6.
MATCH6 = """# ewn match 1877e767b09e3d0a: its settings, as --resume compares them
# setting --seed: 1
# setting --tournament: gauntlet
# setting --first-to: not given
# setting --games: 6
# setting the time control: --movetime 20
# setting --engine-setups: not given
# setting --grace: 100
# setting players: 2
# setting player 1: name=ewn
# setting player 2: name=mcts:3000
# setting --positions: none
# setting --variant: standard
# command player 1 (ewn): self
# command player 2 (mcts:3000): mcts:3000
game 1
match 1877e767b09e3d0a
seed 910a2dec89025cc1
date 2026-12-05
red ewn
blue mcts:3000
setup 456123 162453
first r
move r 3 a3b2 19.2
move b 2 c1b2 1.9
move r 3 a5b4 21.3
move b 3 e3d4 1.6
move r 3 b4c3 22.4
move b 1 e1e2 1.4
move r 4 c3c2 22.7
move b 2 b2a3 1.1
move r 5 b5c4 19.1
move b 1 e2d2 1.1
move r 5 c4d3 19.2
move b 3 d4c4 0.9
move r 4 c2d2 19.2
move b 6 d1d2 0.8
move r 6 c5d4 19.2
move b 1 a3a4 0.0
move r 2 d3e2 1.1
move b 4 c4b5 0.3
move r 6 d4e3 0.4
move b 6 d2c2 0.2
move r 5 e2e1 0.2
result r goal
end
game 2
match 1877e767b09e3d0a
seed 910a2dec89025cc1
date 2026-12-05
red mcts:3000
blue ewn
setup 456123 162453
first r
move r 3 a3b2 1.8
move b 2 c1b2 22.9
move r 3 a5a4 1.6
move b 3 e3d3 19.2
move r 3 a4b4 1.4
move b 1 e1e2 21.8
move r 4 b4c3 1.1
move b 2 b2b3 19.2
move r 5 b5c4 1.0
move b 1 e2d3 19.2
move r 5 c4c3 0.9
move b 3 b3b4 22.7
move r 4 c3c2 0.6
move b 6 d1c2 7.5
move r 6 c5d4 0.5
move b 1 d3d4 0.3
result b capture
end
game 3
match 1877e767b09e3d0a
seed 48416938ef0dcf6f
date 2026-12-05
red ewn
blue mcts:3000
setup 423516 652314
first b
move b 3 e2d2 1.7
move r 4 a5b5 22.2
move b 2 c1b2 1.4
move r 2 c5c4 22.6
move b 2 b2a3 1.2
move r 4 b5c4 19.2
move b 3 d2c3 1.0
move r 4 c4d3 22.0
move b 2 a3a4 0.0
move r 1 b4c4 20.5
move b 5 d1c2 0.6
move r 3 d3e2 19.4
move b 1 a4a5 0.0
result b goal
end
game 4
match 1877e767b09e3d0a
seed 48416938ef0dcf6f
date 2026-12-05
red mcts:3000
blue ewn
setup 423516 652314
first b
move b 3 e2e3 19.2
move r 4 a5b5 1.7
move b 2 c1c2 23.1
move r 2 c5d4 1.5
move b 2 c2b3 19.2
move r 4 b5b4 1.2
move b 3 e3d4 21.9
move r 4 b4c3 1.0
move b 2 b3a4 27.0
move r 1 c3d3 0.6
move b 5 d1d2 23.5
move r 3 d3e2 0.4
move b 1 a4a5 0.2
result b goal
end
game 5
match 1877e767b09e3d0a
seed 9a23c3a0ffedfe9
date 2026-12-05
red ewn
blue mcts:3000
setup 342165 425316
first r
move r 4 b5c5 24.1
move b 5 c1b2 1.7
move r 4 c5d4 22.3
move b 6 e3d3 1.6
move r 4 d4e3 22.3
move b 5 b2b3 1.3
move r 4 e3e2 0.3
move b 5 b3a4 0.9
move r 3 a5a4 21.5
move b 5 e1e2 1.2
move r 4 a4a3 22.9
move b 1 d2d3 1.1
move r 2 a3b3 22.9
move b 4 e2d3 0.9
move r 1 b3c3 19.2
move b 4 d3c4 0.7
move r 4 b4c4 8.2
move b 5 d1c2 0.5
move r 5 c3c2 0.2
result r capture
end
game 6
match 1877e767b09e3d0a
seed 9a23c3a0ffedfe9
date 2026-12-05
red mcts:3000
blue ewn
setup 342165 425316
first r
move r 4 b5b4 1.7
move b 5 c1b2 21.3
move r 4 b4c3 1.6
move b 6 e3d3 19.3
move r 4 c3d2 1.4
move b 5 b2b3 19.2
move r 4 d2e1 0.0
result r goal
end
"""


def legend_names_the_cube_taken(d):
    """At every move of the game on the board that took a cube, the legend names that cube, as
    its badge on the board does (it once said cube 2 whatever was taken)."""
    n = ply_count(d)
    seen = 0
    for k in range(1, n + 1):
        if not js(d, f"Boolean(S.plies[{k - 1}].took)"):
            continue
        navigate_to(d, k)
        took = js(d, "S.plies[S.ply - 1].took")
        badge = js(d, "(document.querySelector('#board .badge.took:not(.fell)') || {}).textContent || ''")
        legend = d.find_element(By.ID, "lg-took").text
        assert badge == "✕" + took[1:], f"move {k}: the badge says {badge!r} for {took}"
        assert legend.startswith(badge) and f"{'Red' if took[0] == 'R' else 'Blue'} {took[1:]} there" in legend, \
            f"move {k} took {took}: the legend says {legend!r}, the badge {badge!r}"
        seen += 1
    assert seen, "no move of the game took a cube: nothing to check"
    return seen


def record_bar_by_the_board(d, width):
    """A loaded record of six games: by the board, "Game k of 6" with the previous and
    next games and the list of all of them (the Record card's chooser is far below), in view
    with the board; each way of choosing loads that game."""
    load_record_text(d, MATCH6)
    wait(d, "game 1 of the record", lambda d: ply_count(d) > 0 and js(d, "S.players.red.label") == "ewn")
    wait(d, "the record's bar by the board", lambda d: d.find_element(By.ID, "record-bar").is_displayed())
    said = d.find_element(By.ID, "rec-pos").text
    assert said == "Game 1 of 6", f"the bar by the board says {said!r}"
    assert not enabled(d, "rec-prev") and enabled(d, "rec-next"), "at game 1 the previous game is offered"
    # In view with the loaded game's board, where the page put it (no scrolling by the test).
    where = js(d, "(() => { const r = $('record-bar').getBoundingClientRect(), b = $('board').getBoundingClientRect();"
                  " return [r.top >= 0 && r.bottom <= innerHeight, b.top >= -1 && b.bottom <= innerHeight + 1, Math.round(r.top)]; })()")
    assert where[0] and where[1], f"at {width} wide the record's bar or the board is out of view after loading: {where}"
    click(d, "rec-next")
    wait(d, "game 2 by the next button", lambda d: js(d, "S.players.red.label") == "mcts:3000"
         and d.find_element(By.ID, "rec-pos").text == "Game 2 of 6")
    Select(d.find_element(By.ID, "rec-game")).select_by_value("3")
    wait(d, "game 3 picked by the board", lambda d: js(d, "S.players.red.label") == "ewn" and ply_count(d) == 13
         and d.find_element(By.ID, "rec-pos").text == "Game 3 of 6")
    # The picked entry readable whole: its players and its result, not cut.
    fit = d.execute_script(
        "const s = $('rec-game'); const cs = getComputedStyle(s); const c = document.createElement('canvas').getContext('2d');"
        "c.font = cs.font; const text = s.options[s.selectedIndex].text;"
        "return {text, width: c.measureText(text).width, room: s.clientWidth - parseFloat(cs.paddingLeft) - parseFloat(cs.paddingRight) - 16};")
    assert fit["text"] == "3. ewn–mcts:3000, Blue won" and fit["width"] <= fit["room"], \
        f"at {width} wide the picked game is cut by the board: {fit}"
    # The previous and next games on either side of "Game 3 of 6", one line, nothing wrapping.
    tops = js(d, "['rec-prev', 'rec-pos', 'rec-next'].map((id) => Math.round($(id).getBoundingClientRect().top + $(id).getBoundingClientRect().height / 2))")
    assert max(tops) - min(tops) <= 4, f"at {width} wide ‹, the game's number and › are not on one line: {tops}"
    fits = js(d, "$('rec-pos').scrollWidth <= $('rec-pos').clientWidth + 1")
    assert fits, f"at {width} wide 'Game 3 of 6' is cut"
    print(f"record of six games at {width}: 'game k of 6' by the board, next and list load games")


def a_loaded_records_engine_answers(d):
    """A record of `ewn match` (game 3: ewn against mcts:3000): its ewn is this engine and the
    bars say so, mcts:3000 (not run by this arena) is the person's seat, said as such. In a side
    line from the record this engine answers the person's move; Rematch keeps the same seats,
    colours swapped, and says so."""
    assert js(d, "[S.players.red.type, S.players.red.label, S.players.blue.type, S.players.blue.label]") == \
        ["ewn", "ewn", "human", "mcts:3000"], js(d, "S.players")
    bars = [d.find_element(By.ID, i).text for i in ("bar-red", "bar-blue")]
    assert "Red: ewn (this engine, level " in bars[0] and "Blue: you, for mcts:3000" in bars[1], \
        f"the bars of a loaded record's players: {bars}"
    cut = js(d, "[...document.querySelectorAll('.playerbar .pname')].filter((e) => e.scrollWidth > e.clientWidth + 1).map((e) => e.textContent)")
    assert not cut, f"a seat's words are cut on its bar: {cut}"
    # A side line: at a step back where Blue (the person's seat) moves, another move than the
    # record's; this engine answers as Red.
    k = next(i for i in range(1, ply_count(d)) if js(d, f"S.plies[{i}].side") == "b")
    navigate_to(d, k)
    played = js(d, f"S.plies[{k}].move")
    d.execute_script("playMove(S.legal.find((m) => m !== arguments[0]))", played)
    wait(d, "a side line", lambda d: js(d, "Boolean(S.main)"))
    wait(d, "this engine's answer in the side line",
         lambda d: js(d, "S.plies.length") >= k + 2 or js(d, "Boolean(S.winner)"))
    if js(d, "S.plies.length") >= k + 2:
        assert js(d, f"S.plies[{k + 1}].side") == "r", js(d, "S.plies")
    shot(d, "desktop-record-side-line-answered.png")
    click(d, "to-main")
    wait(d, "the game again", lambda d: js(d, "S.main") is None and idle(d))
    navigate_to(d, ply_count(d))
    click(d, "rematch")
    wait(d, "the rematch", lambda d: js(d, "S.plies.length") == 0 and js(d, "S.players.red.type") == "human"
         and js(d, "S.players.blue.type") == "ewn")
    said = wait(d, "the note on the seats", lambda d: "Rematch" in note_shown(d) and note_shown(d))
    assert "Red: a person in place of mcts:3000" in said and "Blue: this engine" in said, \
        f"the rematch's note does not say what each seat is: {said!r}"
    assert js(d, "S.running") is True, "a person plays: the rematch waits"
    print("a record's ewn: this engine, answering in a side line; the rematch keeps the seats")


def replaced_record_says_so(d):
    """A new game replaces a loaded record's game: the Record card, which keeps the record's
    text, says it is the last loaded record and not the game on the board."""
    new_game(d, ("human",), ("human",), 5)
    wait(d, "the record's bar gone", lambda d: not d.find_element(By.ID, "record-bar").is_displayed())
    title = js(d, "$('record-title').textContent")
    assert title == "Last loaded record (not on the board)", f"the Record card's heading after a new game: {title!r}"
    print("a record replaced by a new game: the Record card says it is the last loaded one")


def rematch_of_engines_takes_a_seat(d):
    """Rematch after a record of two engines (this engine by `ewn match`'s two names): the note
    says what each seat became, the game waits instead of letting the engines play unasked, and
    Play Blue by the board gives the person a seat; the game then goes on, the note gone."""
    load_record_text(d, REVIEWED.replace("blue greedy", "blue self"))
    wait(d, "the record of engines", lambda d: ply_count(d) == 19 and js(d, "S.players.blue.label") == "self")
    click(d, "rematch")
    wait(d, "the rematch", lambda d: js(d, "S.plies.length") == 0 and js(d, "S.players.red.type") == "ewn"
         and js(d, "S.players.blue.type") == "ewn")
    said = wait(d, "the note on the seats", lambda d: "Rematch" in note_shown(d) and note_shown(d))
    assert "Red: this engine" in said and "Blue: this engine" in said, \
        f"the rematch's note does not say what each seat became: {said!r}"
    assert js(d, "S.running") is False and ply_count(d) == 0, "the engines play the rematch unasked"
    wait(d, "the offer of a seat", lambda d: d.find_element(By.ID, "seat-offer").is_displayed())
    out = all_in_view(d, ["seat-red", "seat-blue", "board"])
    assert not out, f"out of view with the offer of a seat: {out}"
    shot(d, "desktop-rematch-take-a-seat.png")
    click(d, "seat-blue")
    wait(d, "Blue a person, the game going on", lambda d: js(d, "S.players.blue.type") == "human" and js(d, "S.running"))
    wait(d, "the note and the offer gone", lambda d: note_shown(d) == "" and not d.find_element(By.ID, "seat-offer").is_displayed())
    wait(d, "the person's turn as Blue (after Red's engine move when Red is first)",
         lambda d: js(d, "S.side") == "b" and enabled(d, "roll"))
    print("rematch of two engines: the note says each seat, the game waits, Play Blue takes a seat")


def start_game_asks(d):
    """Start game over an unfinished game asks first, as Load and a link do, saying what it
    replaces; kept, the game goes on; told yes, the new game starts."""
    new_game(d, ("human",), ("human",), 5)
    roll_if_needed(d)
    d.execute_script("playMove(S.legal[0])")
    wait(d, "a move of the game", lambda d: ply_count(d) == 1 and idle(d))
    open_form(d)
    click(d, "ng-start")
    wait(d, "the question before replacing it", lambda d: d.find_element(By.ID, "replace-ask").is_displayed())
    asked = d.find_element(By.ID, "replace-ask-text").text
    assert asked.startswith("Start game begins a new game.") and "1 move, not finished" in asked, asked
    # The form is far below the board: the board it would replace and the question are seen
    # together (the page scrolled the board's top rows away, the question at its bottom right).
    time.sleep(0.3)
    both = js(d, "['board', 'replace-ask'].filter((id) => { const r = $(id).getBoundingClientRect();"
                 " return !(r.top >= 0 && r.bottom <= innerHeight && r.right <= innerWidth); })")
    assert not both, f"out of view with Start game's question: {both}"
    # It hides none of the form: no overlap with the New game card.
    over = js(d, "(() => { const a = $('replace-ask').getBoundingClientRect(), f = $('newgame').getBoundingClientRect();"
                 " return a.left < f.right && f.left < a.right && a.top < f.bottom && f.top < a.bottom; })()")
    assert not over, "Start game's question lies over the New game form"
    shot(d, "desktop-start-game-asks.png")
    # By the button pressed, in view where it was pressed.
    seen = js(d, "['replace-yes', 'replace-no'].every((id) => { const r = $(id).getBoundingClientRect();"
                 " return r.top >= 0 && r.bottom <= innerHeight; })")
    assert seen, "the question's answers are out of view"
    click(d, "replace-no")
    time.sleep(0.5)
    assert ply_count(d) == 1 and not d.find_element(By.ID, "replace-ask").is_displayed(), "Keep this game lost it"
    click(d, "ng-start")
    wait(d, "the question again", lambda d: d.find_element(By.ID, "replace-ask").is_displayed())
    # While it is open the keys go to the question only: R and a typed move do not play on in
    # the game it counts ("1 move").
    ActionChains(d).send_keys("r").perform()
    time.sleep(0.5)
    ActionChains(d).send_keys(js(d, "S.legal[0] || 'e1d1'")).perform()
    time.sleep(0.5)
    assert ply_count(d) == 1 and js(d, "S.die") is None, \
        f"keys played on while the question was open: {ply_count(d)} moves, die {js(d, 'S.die')}"
    assert d.find_element(By.ID, "replace-ask").is_displayed() and "1 move, not finished" in \
        d.find_element(By.ID, "replace-ask-text").text, "the question went or counts another game"
    # Tab, too, stays with the two answers (it used to leave for the Record card and Settings).
    for _ in range(3):
        ActionChains(d).send_keys(Keys.TAB).perform()
        at = js(d, "document.activeElement.id")
        assert at in ("replace-yes", "replace-no"), f"Tab left the question for {at!r}"
    click(d, "replace-yes")
    wait(d, "the new game", lambda d: ply_count(d) == 0 and idle(d))
    print("Start game over an unfinished game asks, as Load and a link do; Tab stays with its answers")


def phone_actions_show_their_result(d):
    """At 390x844, Show analysis and Review bring their card's top onto the first screen (they
    were two to three screens below the board, and the press seemed to do nothing)."""
    mode = js(d, "mode")
    d.execute_script("setMode('play')")
    new_game(d, ("human",), ("ewn", 2, 50), 31)
    roll_if_needed(d)
    wait(d, "the analysis held", lambda d: d.find_element(By.ID, "held-msg").is_displayed())
    d.execute_script("window.scrollTo(0, 0)")
    d.find_element(By.TAG_NAME, "body").send_keys("v")
    wait(d, "the analysis shown", lambda d: d.find_element(By.ID, "analysis-die").is_displayed())
    time.sleep(0.3)
    top = js(d, "Math.round($('analysis-card').getBoundingClientRect().top)")
    assert 0 <= top < 844 - 100, f"after Show analysis the analysis card's top is at {top} px"
    shot(d, "phone-show-analysis.png", top=False)
    d.execute_script(f"setMode({mode!r})")
    print(f"phone: Show analysis brings its card up (top at {top} px)")


def show_analysis_once(d):
    """Show analysis (V) shows it for the game on the board only: the switch above the board stays
    on 'when asked', and the next game holds the analysis again; V shows and hides it."""
    assert js(d, "mode") == "play", "a fresh page is not in play mode"
    new_game(d, ("human",), ("ewn", 2, 50))
    roll_if_needed(d)
    wait(d, "the analysis held", lambda d: d.find_element(By.ID, "held-msg").is_displayed())
    # Its heading says it waits, never that it searches (while the search behind it runs too).
    for _ in range(10):
        note = d.find_element(By.ID, "analysis-note").text
        assert note == "(hidden until you ask: V)", f"the held analysis' heading says {note!r}"
        time.sleep(0.05)
    click(d, "show-analysis")
    wait(d, "the analysis once asked", lambda d: d.find_elements(By.CSS_SELECTOR, "#analysis-moves tbody tr")
         and d.find_element(By.ID, "analysis-die").is_displayed())
    pressed = js(d, "[$('mode-play').getAttribute('aria-pressed'), $('mode-analyse').getAttribute('aria-pressed'), mode]")
    assert pressed == ["true", "false", "play"], f"Show analysis turned the switch: {pressed}"
    new_game(d, ("human",), ("ewn", 2, 50))
    roll_if_needed(d)
    wait(d, "the next game's analysis held", lambda d: d.find_element(By.ID, "held-msg").is_displayed()
         and not d.find_element(By.ID, "analysis-die").is_displayed())
    assert js(d, "mode") == "play", "the switch changed"
    body = d.find_element(By.TAG_NAME, "body")
    body.send_keys("v")
    wait(d, "V shows it", lambda d: not d.find_element(By.ID, "held-msg").is_displayed()
         and d.find_element(By.ID, "analysis-die").is_displayed())
    body.send_keys("v")
    wait(d, "V again holds it", lambda d: d.find_element(By.ID, "held-msg").is_displayed())
    assert js(d, "mode") == "play", "V turned the switch"
    print("Show analysis: for this game only; the switch stays as clicked")


def status_whole_on_a_phone(d):
    """On a phone the status line is whole (wrapped, never cut with an ellipsis), at the record's
    steps too, and the board stays where it was."""
    tops = set()
    for k in (0, 3, 8, ply_count(d)):
        navigate_to(d, k)
        wait(d, f"the status after move {k}", lambda d: status(d) == js(d, "S.status"))
        fit = js(d, "(() => { const e = $('status'); return [e.scrollWidth <= e.clientWidth + 1,"
                    " e.scrollHeight <= e.clientHeight + 1, Math.round(e.getBoundingClientRect().height)]; })()")
        assert fit[0] and fit[1], f"the status is cut after move {k}: {status(d)!r} ({fit})"
        tops.add(js(d, "Math.round($('board').getBoundingClientRect().top + scrollY)"))
    navigate_to(d, 3)
    assert status(d).endswith("A move here starts a side line"), status(d)
    shot(d, "phone-status-whole.png")
    # In a side line (the longest statuses) too.
    d.execute_script("playMove(S.legal.find((m) => m !== S.plies[3].move))")
    wait(d, "a side line", lambda d: js(d, "Boolean(S.main)") and idle(d))
    navigate_to(d, 3)
    wait(d, "the side line's status", lambda d: status(d).startswith("Side line, after move 3"))
    fit = js(d, "(() => { const e = $('status'); return [e.scrollWidth <= e.clientWidth + 1, e.scrollHeight <= e.clientHeight + 1]; })()")
    assert all(fit), f"the status is cut in a side line: {status(d)!r} ({fit})"
    tops.add(js(d, "Math.round($('board').getBoundingClientRect().top + scrollY)"))
    click(d, "to-main")
    wait(d, "the game again", lambda d: js(d, "S.main") is None and ply_count(d) == 13 and idle(d))
    assert len(tops) == 1, f"the board moved as the status changed: its top at {sorted(tops)}"
    print("phone: the status is whole, on two lines, the board still")


def review_heading_stays_on_a_phone(d):
    """Review on a phone brings the review's card to the top of the screen and keeps its heading
    there while the review runs and the page above it changes (it was left 158 px above the
    screen)."""
    navigate_to(d, ply_count(d))
    d.execute_script("window.scrollTo(0, 0)")
    click(d, "review-end")
    tops = []
    end = time.time() + 4
    while time.time() < end:
        tops.append(js(d, "Math.round($('review-card').querySelector('h2').getBoundingClientRect().top)"))
        time.sleep(0.1)
    wait(d, "the review done", lambda d: js(d, "Boolean(S.review.moves) && !S.review.busy"))
    time.sleep(1.7)
    tops.append(js(d, "Math.round($('review-card').querySelector('h2').getBoundingClientRect().top)"))
    # The first few tenths of a second may still be the way there.
    late = tops[4:]
    assert all(0 <= t < 844 / 3 for t in late), f"the review's heading left the screen's top third: {tops}"
    assert d.find_element(By.CSS_SELECTOR, "#review-table thead").is_displayed()
    shot(d, "phone-review-heading.png", top=False)
    print(f"phone: Review keeps its card's heading in view (tops {min(late)}..{max(late)} px)")


def new_players_report():
    """What a new player who played from the README alone reported, each at the size where it
    was seen, from fresh pages: the legend's captured cube, the record's games by the board,
    a rematch of two engines, Show analysis for one game, the phone's status line and Review."""
    d = browser(1280, 800)
    try:
        open_arena(d)
        show_analysis_once(d)
        start_game_asks(d)
        record_bar_by_the_board(d, 1280)
        seen = legend_names_the_cube_taken(d)
        navigate_to(d, 5)
        assert js(d, "S.plies[4].move") == "b2a3" and d.find_element(By.ID, "lg-took").text.startswith("✕6"), \
            f"game 3, move 5: the legend says {d.find_element(By.ID, 'lg-took').text!r}"
        shot(d, "desktop-legend-took-6.png")
        print(f"legend: the cube taken named as its badge at {seen} captures")
        a_loaded_records_engine_answers(d)
        replaced_record_says_so(d)
        rematch_of_engines_takes_a_seat(d)
    finally:
        close(d)
    d = browser(390, 844)
    try:
        open_arena(d)
        record_bar_by_the_board(d, 390)
        status_whole_on_a_phone(d)
        review_heading_stays_on_a_phone(d)
        phone_actions_show_their_result(d)
    finally:
        close(d)


def doc_top(d, id_):
    """Where an element's top is on the page (not on the screen), in whole pixels."""
    return js(d, f"Math.round($('{id_}').getBoundingClientRect().top + scrollY)")


def focus_on_play(d):
    """The focus is on Roll or on a square of the board (not the page's body)."""
    return js(d, "document.activeElement.id === 'roll' || Boolean(document.activeElement.closest('#board'))")


def legend_only_for_drawn_arrows(d, where):
    """The legend's arrow entries show exactly while the board draws such an arrow."""
    got = js(d, "[!$('lg-best').hidden, Boolean(document.querySelector('#board line.best, #board line.hint')),"
                " !$('lg-played').hidden, Boolean(document.querySelector('#board line.played'))]")
    assert got[0] == got[1] and got[2] == got[3], \
        f"{where}: legend best/played shown {got[0]}/{got[2]}, arrows drawn {got[1]}/{got[3]}"


def phone_link_to_analysis(d):
    """390x844: the move row's "Analysis ↓" brings the analysis (far below the board on a
    phone) to the screen's top, the keyboard on its heading."""
    d.execute_script("window.scrollTo(0, 0)")
    link = d.find_element(By.ID, "to-analysis")
    assert link.is_displayed(), "no link to the analysis by the board's controls"
    start = js(d, "Math.round($('analysis-card').getBoundingClientRect().top)")
    click(d, "to-analysis")
    wait(d, "the analysis at the screen's top", lambda d: scroll_settled(d)
         and -2 <= js(d, "document.querySelector('#analysis-card h2').getBoundingClientRect().top") <= 60)
    assert js(d, "document.activeElement === document.querySelector('#analysis-card h2')"), \
        "the keyboard is not on the analysis' heading"
    d.execute_script("window.scrollTo(0, 0)")
    print(f"phone: Analysis ↓ brings the analysis (at {start} px) to the screen's top")


def phone_no_empty_bands(d, lines):
    """390x844, a game against the engine at rest: no room is kept empty above the move
    list (a note's room under the board cost 46 px and pushed the list below the first screen),
    and the list's first entry is whole on the first screen."""
    d.execute_script("window.scrollTo(0, 0)")
    board_still(d)
    blocks = d.execute_script(
        "const ids = ['board', 'bar-red', 'bar-blue', 'error', 'decision', 'mainline', 'endbar', 'record-bar',"
        " 'seat-offer', 'turnbar', 'navbar', 'moves'];"
        "const els = ids.map((id) => $(id)).concat([document.querySelector('.moverow')]);"
        "return els.filter((e) => e.offsetParent !== null && getComputedStyle(e).visibility !== 'hidden'"
        " && getComputedStyle(e).position !== 'fixed')"
        ".map((e) => { const r = e.getBoundingClientRect(); return [e.id || e.className, Math.round(r.top), Math.round(r.bottom)]; })"
        ".sort((a, b) => a[1] - b[1]);")
    upto = [b for b in blocks if b[1] <= next(x[1] for x in blocks if x[0] == "moves")]
    for a, b in zip(upto, upto[1:]):
        assert b[1] - a[2] <= 16, f"an empty band of {b[1] - a[2]} px between {a[0]} and {b[0]}: {upto}"
    first = d.execute_script("const e = document.querySelector('#moves li'); return e ? Math.round(e.getBoundingClientRect().bottom) : null")
    height = js(d, "innerHeight")
    if lines:
        assert first is not None and first <= height, f"the move list's first entry ends at {first}, below the screen ({height})"
    top = next(x[1] for x in blocks if x[0] == "moves")
    assert top < height, f"the move list starts at {top}, below the first screen ({height})"
    print(f"phone: no empty band above the move list (its top at {top} px of {height}; first entry to {first})")


def phone_controls_stay(d):
    """390x844: Start game leaves the page at its top with the focus on Roll; a hint's note
    appears without moving Roll or Blue's bar (it pushed them 34 px down and back)."""
    new_game(d, ("human",), ("ewn", 10, 50))
    wait(d, "the page to stop scrolling", scroll_settled)
    assert js(d, "scrollY") == 0, f"Start game left the page scrolled {js(d, 'scrollY')} px"
    assert focus_on_play(d), f"after Start game the focus is on {js(d, 'document.activeElement.tagName')}"
    d.switch_to.active_element.send_keys("r")
    wait(d, "a movable red cube", lambda d: d.find_elements(By.CSS_SELECTOR, ".cube.red.movable") and idle(d))
    before = (doc_top(d, "roll"), doc_top(d, "bar-blue"), doc_top(d, "board"))
    wait(d, "Hint to be offered", lambda d: enabled(d, "hint"))

    def hinted(d):
        # Asked again while the analysis behind it still runs (the note then says so).
        if not note_shown(d).startswith("Hint:"):
            d.find_element(By.TAG_NAME, "body").send_keys("h")
            time.sleep(0.5)
        return note_shown(d).startswith("Hint:")
    wait(d, "the hint's note", hinted)
    after = (doc_top(d, "roll"), doc_top(d, "bar-blue"), doc_top(d, "board"))
    shot(d, "phone-hint-note.png")
    assert before == after, f"the hint's note moved Roll, Blue's bar or the board: {before} -> {after}"
    # Over the screen's foot, it covers neither the board nor a bar nor the turn's buttons.
    covered = js(d, "['board', 'bar-red', 'bar-blue', 'turnbar'].filter((id) => { const a = $('error').getBoundingClientRect(),"
                    " b = $(id).getBoundingClientRect(); return a.top < b.bottom - 1 && b.top < a.bottom - 1; })")
    assert not covered, f"the hint's note covers {covered}"
    print(f"phone: Start game at the page's top, focus on Roll; a note moves nothing (Roll at {after[0]} px)")


def phone_board_still_in_review(d):
    """390x844, a record's game reviewed: stepping and review entries leave the board where it
    was (the status wrapped to three lines and the bars to two, moving it 20 px)."""
    load_record_text(d, MATCH6)
    wait(d, "game 1 of the record", lambda d: ply_count(d) > 0 and js(d, "S.players.red.label") == "ewn")
    wait(d, "the page to stop scrolling", scroll_settled)
    assert js(d, "scrollY") == 0, f"loading a record left the page scrolled {js(d, 'scrollY')} px"
    legend_only_for_drawn_arrows(d, "a loaded record's last position")
    # The record's ewn is this engine, its mcts:3000 the person's seat: the bars say which.
    bars = [d.find_element(By.ID, i).text for i in ("bar-red", "bar-blue")]
    assert "(this engine, level" in bars[0] and "you, for mcts:3000" in bars[1], f"the bars of a record's players: {bars}"
    click(d, "review-end")
    wait(d, "the review done", lambda d: js(d, "Boolean(S.review.moves) && !S.review.busy") and idle(d))
    tops = {}
    heights = set()
    for k in range(0, ply_count(d) + 1):
        navigate_to(d, k)
        wait(d, f"the status after move {k}", lambda d: status(d) == js(d, "S.status") and idle(d))
        bars = js(d, "['bar-red', 'bar-blue'].map((i) => Math.round($(i).getBoundingClientRect().height))")
        heights.add(tuple(bars))
        cut = js(d, "[...document.querySelectorAll('.playerbar .pname')].filter((e) => e.scrollHeight > e.clientHeight + 1 || e.scrollWidth > e.clientWidth + 1).map((e) => e.textContent)")
        assert not cut, f"after move {k} a player's name is cut: {cut}"
        fit = js(d, "(() => { const e = $('status'); return e.scrollHeight <= e.clientHeight + 1; })()")
        assert fit, f"the status is cut after move {k}: {status(d)!r}"
        tops.setdefault(doc_top(d, "board"), k)
        legend_only_for_drawn_arrows(d, f"review, after move {k}")
    click_first(d, "a review entry", "#review-marked button")
    wait(d, "at the entry", lambda d: idle(d) and scroll_settled(d))
    tops.setdefault(doc_top(d, "board"), "entry")
    shot(d, "phone-review-board-still.png")
    assert len(tops) == 1, f"the board moved while stepping through the review: tops {tops}"
    assert len(heights) == 1, f"the players' bars changed height: {heights}"
    print(f"phone: the board stays at {list(tops)[0]} px through a reviewed game, the bars whole at {heights}")


def desktop_second_report(d):
    """1280x800: the focus goes on from Roll or the board after Start game and Rematch; a side
    line played from a review has its analysis card in view (held until V in play mode); Copy link on a record's game says the
    link holds the position only."""
    new_game(d, ("human",), ("ewn", 2, 50))
    wait(d, "the page to stop scrolling", scroll_settled)
    assert focus_on_play(d), f"after Start game the focus is on {js(d, 'document.activeElement.tagName')}"
    assert js(d, "scrollY") == 0, f"Start game left the page scrolled {js(d, 'scrollY')} px"
    load_record_text(d, MATCH6)
    wait(d, "game 1 of the record", lambda d: ply_count(d) > 0 and js(d, "S.players.red.label") == "ewn")
    wait(d, "the page to stop scrolling", scroll_settled)
    assert js(d, "scrollY") == 0, f"loading a record left the page scrolled {js(d, 'scrollY')} px"
    click(d, "copy-link")
    wait(d, "the copy's note", lambda d: note_shown(d).startswith("Copied") or note_shown(d).startswith("Copy this"))
    assert "not the record" in note_shown(d), f"Copy link on a record's game says {note_shown(d)!r}"
    click(d, "review-end")
    wait(d, "the review done", lambda d: js(d, "Boolean(S.review.moves) && !S.review.busy") and idle(d))
    click_first(d, "a review entry", "#review-marked button")
    wait(d, "at the entry", lambda d: idle(d) and js(d, "S.ply < S.plies.length"))
    d.execute_script("playMove(S.legal.find((m) => m !== S.plies[S.ply].move) || S.legal[0])")
    wait(d, "a side line", lambda d: js(d, "Boolean(S.main)") and idle(d))
    d.execute_script("window.scrollTo(0, 0)")
    top = js(d, "Math.round($('analysis-card').getBoundingClientRect().top)")
    shot(d, "desktop-side-line-analysis.png")
    assert 0 <= top < 800 - 100, f"in a side line after a review the analysis card starts at {top} px"
    print(f"desktop: focus on play after Start game; Copy link says the record stays; side line's analysis at {top} px")


def second_players_report():
    """What a second new player reported, each at the size where it was seen."""
    d = browser(390, 844)
    try:
        open_arena(d)
        phone_controls_stay(d)
        phone_board_still_in_review(d)
    finally:
        close(d)
    d = browser(1280, 800)
    try:
        open_arena(d)
        desktop_second_report(d)
    finally:
        close(d)


def record_in_every_tab(d):
    """A loaded record's game, its address opened in a new tab: the record's bar ("Game 3
    of 6") and its previous, next and all games are there too (the server keeps the record)."""
    load_record_text(d, MATCH6)
    wait(d, "game 1 of the record", lambda d: js(d, "S.players.red.label") == "ewn"
         and d.find_element(By.ID, "rec-pos").text == "Game 1 of 6")
    Select(d.find_element(By.ID, "rec-game")).select_by_value("3")
    wait(d, "game 3 picked by the board", lambda d: ply_count(d) == 13
         and d.find_element(By.ID, "rec-pos").text == "Game 3 of 6")
    address = d.current_url
    d.switch_to.new_window("tab")
    try:
        d.get(address)
        wait(d, "the record's bar in the new tab", lambda d: js(d, "S") and d.find_element(By.ID, "record-bar").is_displayed()
             and d.find_element(By.ID, "rec-pos").text == "Game 3 of 6")
        assert enabled(d, "rec-prev") and enabled(d, "rec-next"), "the new tab offers no previous or next game"
        n = js(d, "$('rec-game').options.length")
        assert n == 6, f"the new tab's bar lists {n} games"
        click(d, "rec-next")
        wait(d, "game 4 from the new tab", lambda d: d.find_element(By.ID, "rec-pos").text == "Game 4 of 6")
    finally:
        d.close()
        d.switch_to.window(d.window_handles[0])
    # The first tab follows: the game the other tab loaded, and its place in the record.
    wait(d, "game 4 in the first tab", lambda d: d.find_element(By.ID, "rec-pos").text == "Game 4 of 6")
    print("record in every tab: a new tab shows 'Game 3 of 6' and its games; the first tab follows")


def fresh_load_opens_game_one(d):
    """After game 4 of a record and a new game, the same record loaded again opens game 1."""
    new_game(d, ("human",), ("ewn", 2, 50))
    wait(d, "the record's bar gone with the new game", lambda d: not d.find_element(By.ID, "record-bar").is_displayed())
    load_record_text(d, MATCH6)
    wait(d, "the record loaded again", lambda d: d.find_element(By.ID, "record-bar").is_displayed()
         and ply_count(d) > 0 and idle(d))
    said = d.find_element(By.ID, "rec-pos").text
    assert said == "Game 1 of 6" and js(d, "S.players.red.label") == "ewn", \
        f"the record loaded again opens at {said!r}"
    click(d, "rec-next")
    click(d, "rec-next")
    wait(d, "two games on", lambda d: d.find_element(By.ID, "rec-pos").text == "Game 3 of 6")
    # The Record card's picker: a game picked there loads, and Load text below then keeps it
    # (it loaded game 1 whatever the picker showed); the same text pasted again starts at game 1,
    # so that picking the game shown before loads it.
    picker = d.find_element(By.ID, "record-game")
    d.execute_script("arguments[0].scrollIntoView({block: 'center'});"
                     "arguments[0].value = '5'; arguments[0].dispatchEvent(new Event('change'));", picker)
    wait(d, "game 5 from the Record card's picker",
         lambda d: d.find_element(By.ID, "rec-pos").text == "Game 5 of 6" and idle(d))
    load_text(d)
    time.sleep(0.5)
    wait(d, "the load settled", idle)
    said = d.find_element(By.ID, "rec-pos").text
    assert said == "Game 5 of 6", f"Load text below after picking game 5 opened {said!r}"
    box = d.find_element(By.ID, "record-text")
    d.execute_script("arguments[0].dispatchEvent(new Event('input'));", box)
    assert js(d, "document.getElementById('record-game').value") == "1", \
        "a record pasted again does not start its picker at game 1"
    print("record loaded again: game 1, and two › make game 3; the picker's game is what Load loads")


def focus_after_roll(d):
    """R pressed with the focus on a square of the board (the last move's): after the roll the
    focus is on the cube to move, the one picked for the person or the first that can move."""
    new_game(d, ("human",), ("ewn", 2, 50), 31)
    wait(d, "the roll offered", lambda d: enabled(d, "roll") and js(d, "S.side") == "r")
    d.execute_script("focusSquare(Number($('sq-e3').dataset.i))")
    assert js(d, "document.activeElement.id") == "sq-e3"
    d.switch_to.active_element.send_keys("r")
    wait(d, "the die rolled", lambda d: js(d, "S.die") is not None and idle(d))
    froms = js(d, "[...new Set(S.legal.map((m) => m.slice(0, 2)))]")
    on = js(d, "document.activeElement.id")
    assert on.startswith("sq-") and on[3:] in froms, f"after R the focus is on {on!r}, the cubes to move are {froms}"
    if len(froms) == 1:
        assert on == f"sq-{froms[0]}", f"the die leaves only {froms[0]}, the focus is on {on!r}"
    print(f"focus after R: on {on[3:]} (cubes to move: {froms})")


def marked_move_leads_to_its_decision(d):
    """After a review, a marked move in the move list shows the decision it marks: the position
    before it, the move played and the best framed, as the review's entry does."""
    load_record_text(d, REVIEWED)
    wait(d, "the loaded record", lambda d: ply_count(d) == 19 and js(d, "S.players.blue.label") == "greedy")
    click(d, "review")
    wait(d, "the move list's marks", lambda d: d.find_elements(By.CSS_SELECTOR, "#moves li .mk") and idle(d))
    button = d.find_element(By.CSS_SELECTOR, "#moves li:has(.mk) button")
    n = int(button.get_attribute("textContent").split(".")[0].strip())
    d.execute_script("arguments[0].scrollIntoView({block: 'center'})", button)
    button.click()
    wait(d, f"the decision of move {n}", lambda d: ply_pos(d) == n - 1 and idle(d))
    wait(d, "the played and the best move framed", lambda d: d.find_elements(By.CSS_SELECTOR, ".cell.best-to"))
    kinds = js(d, "drawnArrows.map((a) => a.kind)")
    assert "played" in kinds and "best" in kinds, f"at the marked decision the arrows are {kinds}"
    # One best move on the page: the green arrow's is the analysis table's highlighted row (the
    # table, searched again deeper, once highlighted its own first move beside the review's arrow).
    best = js(d, "S.review.moves[S.ply].best")
    arrow = js(d, "drawnArrows.filter((a) => a.kind === 'best').map((a) => a.from + a.to)")
    assert arrow == [best], f"the green arrow draws {arrow}, the review's best is {best}"
    rows = lambda d: js(d, "[...document.querySelectorAll('#analysis-moves tr.best')].map((r) => r.dataset.move)")
    wait(d, f"the table's highlighted row on the review's best {best}", lambda d: rows(d) == [best])
    print(f"move list: the marked move {n} shows its decision (arrows {kinds}, one best: {best})")


def side_line_waits_for_the_analysis(d):
    """In play mode (analysis when asked), a side line played on from a finished record's game
    holds the analysis as a live game does: no win bar's numbers, table or badges until V."""
    d.execute_script("setMode('play')")
    load_record_text(d, MATCH6)
    wait(d, "game 1 of the record", lambda d: js(d, "S.players.red.label") == "ewn" and ply_count(d) > 0)
    Select(d.find_element(By.ID, "rec-game")).select_by_value("3")
    wait(d, "game 3", lambda d: ply_count(d) == 13 and d.find_element(By.ID, "rec-pos").text == "Game 3 of 6")
    assert not js(d, "held()"), "a finished game's analysis is held"
    for ply in (11, 10, 9, 8):
        navigate_to(d, ply)
        wait(d, "the die rolled there", lambda d: js(d, "S.die") is not None and idle(d))
        other = js(d, "S.legal.find((m) => m !== S.plies[S.ply].move) || null")
        if other:
            break
    assert other, "no other move at moves 9 to 12 of game 3"
    d.execute_script(f"playMove('{other}')")
    wait(d, "a side line", lambda d: js(d, "Boolean(S.main)") and idle(d))
    assert js(d, "held()"), "a side line played against the engine shows the analysis unasked"
    assert d.find_element(By.ID, "held-msg").is_displayed(), "the side line does not say the analysis waits for V"
    badges = d.find_elements(By.CSS_SELECTOR, "#board .badge.danger, #board .badge.chance")
    assert not badges, f"{len(badges)} chance badges on the board in a held side line"
    shot(d, "desktop-side-line-held.png")
    d.find_element(By.TAG_NAME, "body").send_keys("v")
    wait(d, "the analysis shown on V", lambda d: not js(d, "held()"))
    print(f"side line ({other} at move {ply + 1}): the analysis waits for V")


def phone_side_line_of_a_record(d):
    """On a phone, a side line from a loaded record of six games: Roll in view without scrolling
    (the record's games and the side line's way back do not push it off the screen); a long note
    keeps to the room kept for it, and the buttons below never move; Copy link's note on a
    record's game fits that room whole."""
    load_record_text(d, "# a record of six games\n" + MATCH6)
    wait(d, "game 1 of the record", lambda d: ply_count(d) > 8 and idle(d) and d.find_element(By.ID, "record-bar").is_displayed()
         and d.find_element(By.ID, "rec-pos").text == "Game 1 of 6")
    # Another move a few moves back, until the side line waits for the person's roll (the
    # engine's answer may end it at once).
    for back in range(8, 16):
        navigate_to(d, ply_count(d) - back)
        at = js(d, "S.ply")
        mv = js(d, f"S.legal.find((m) => m !== S.plies[{at}].move)")
        if not mv:
            continue
        d.execute_script("playMove(arguments[0])", mv)
        wait(d, "the side line, the person to roll or its end", lambda d: js(d, "S.main") is not None and idle(d)
             and ("roll the die" in status(d) or over(d)))
        if not over(d):
            break
        click(d, "to-main")
        wait(d, "the game again", lambda d: js(d, "S.main") is None and idle(d))
    assert "roll the die" in status(d), f"no side line waited for a roll: {status(d)!r}"
    board_still(d)
    out = all_in_view(d, ["board", "bar-blue", "roll", "die", "mainline"])
    assert not out, f"on a phone, in a record's side line out of view: {out} (Roll at " \
        f"{js(d, 'Math.round($(`roll`).getBoundingClientRect().bottom)')} of {js(d, 'innerHeight')})"
    shot(d, "phone-record-side-line.png")
    tab_follows_the_eye(d)
    where = lambda d: js(d, "['bar-blue', 'turnbar'].map((id) => Math.round($(id).getBoundingClientRect().top))")
    before = where(d)
    d.execute_script("flash('A long note. '.repeat(30), 'info')")
    wait(d, "the long note", lambda d: note_shown(d).startswith("A long note."))
    assert where(d) == before, f"a long note moved the bar and the buttons below: {before} -> {where(d)}"
    click(d, "to-main")
    wait(d, "the game again", lambda d: js(d, "S.main") is None and idle(d))
    click(d, "copy-link")
    said = wait(d, "Copy link's note", lambda d: "not the record" in note_shown(d) and note_shown(d))
    fits = js(d, "$('error').scrollHeight <= $('error').clientHeight + 1")
    assert fits, f"Copy link's note on a record's game is cut in its room: {said!r}"
    # The note goes (the next flows read a shown note as a refusal).
    d.execute_script("closeCopyBox(); clearTimeout(noteTimer); localError = null; render(S)")
    wait(d, "the note gone", lambda d: not note_shown(d))
    print("phone: Roll in view in a record's side line; notes keep to their room")


def tab_follows_the_eye(d):
    """The keyboard's Tab goes through the controls under the board in the order they are seen
    (on a phone Roll is drawn above the record's games: it comes first for Tab too)."""
    seen = d.execute_script(
        "return [...document.querySelectorAll('#controls :is(button, select, input, a[href])')]"
        ".filter((e) => e.offsetParent !== null && !e.disabled && e.tabIndex >= 0)"
        ".map((e) => { const r = e.getBoundingClientRect(); return [e.id || e.textContent, Math.round(r.top), Math.round(r.left)]; })")
    order = [s[0] for s in seen]
    assert "roll" in order and "rec-game" in order, f"no Roll or record bar to tab through: {order}"
    # In the page's order (Tab's), each control is on a lower line, or on the same line further right.
    for a, b in zip(seen, seen[1:]):
        assert b[1] > a[1] + 8 or (abs(b[1] - a[1]) <= 8 and b[2] > a[2]), \
            f"Tab goes from {a[0]} to {b[0]}, against the order they are seen in: {seen}"
    print("phone: Tab goes through the controls in the order they are seen")


def rematch_note_goes_and_reads_whole(d, width):
    """A rematch's note after a loaded record: on a phone it is cut at whole lines (no part of a
    third line shows) and a tap opens it whole over what follows, moving nothing; a newer note
    replaces it for good, and the person's first move ends it, also after a reload."""
    load_record_text(d, FOREIGN)
    wait(d, "the loaded record", lambda d: ply_count(d) == 19 and js(d, "S.players.blue.label") == "mcts:400000")
    click(d, "rematch")
    wait(d, "the rematch", lambda d: js(d, "S.plies.length") == 0 and js(d, "S.players.red.type") == "human"
         and idle(d))
    said = wait(d, "the rematch's note", lambda d: "Rematch" in note_shown(d) and note_shown(d))
    if width < 600:
        d.execute_script("window.scrollTo(0, 0)")
        box = lambda: js(d, "(() => { const e = $('error').getBoundingClientRect(), t = $('error-text').getBoundingClientRect();"
                            " return {e: [e.top, e.bottom], t: [t.top, t.bottom], cut: $('error').classList.contains('cut'),"
                            " whole: $('error-text').scrollHeight <= $('error-text').clientHeight + 1,"
                            " blue: $('bar-blue').getBoundingClientRect().top, roll: $('roll').getBoundingClientRect().top,"
                            " right: [t.right, e.right, parseFloat(getComputedStyle($('error'), '::after').width)]}; })()")
        cut = box()
        # "more" beside the text, not drawn over its last words: the text keeps clear of it.
        assert cut["right"][0] <= cut["right"][1] - 4 - cut["right"][2], f"'more' covers the cut note's text: {cut}"
        # The text ends inside the note's padding: no part of a further line shows.
        assert cut["t"][1] <= cut["e"][1] - 4, f"the cut note's text runs into its edge: {cut}"
        assert cut["cut"] and not cut["whole"], f"the long note is not marked as cut: {cut}"
        d.find_element(By.ID, "error").click()
        wait(d, "the note opened whole", lambda d: js(d, "$('error').classList.contains('open')"))
        opened = box()
        assert opened["whole"], f"the opened note is still cut: {opened}"
        assert (opened["e"], opened["blue"], opened["roll"]) == (cut["e"], cut["blue"], cut["roll"]), \
            f"opening the note moved the page: {cut} then {opened}"
        shot(d, "phone-note-opened.png")
        d.find_element(By.ID, "error").click()
        wait(d, "the note cut again", lambda d: js(d, "$('error').classList.contains('cut')"))
    # A newer note replaces it; when that one goes, the rematch's does not come back.
    roll_if_needed(d)
    assert "Rematch" in note_shown(d), "a roll took the rematch's note away"
    d.execute_script("flash('a newer note', 'info')")
    wait(d, "the newer note", lambda d: note_shown(d) == "a newer note")
    d.execute_script("localError = null; render(S)")
    assert "Rematch" not in note_shown(d), f"the rematch's note came back: {note_shown(d)!r}"
    # The first move ends it on the server too: a reload does not bring it back.
    d.execute_script("playMove(S.legal[0])")
    wait(d, "the first move", lambda d: ply_count(d) >= 1 and idle(d))
    assert js(d, "S.notice") is None, "the rematch's note outlives the first move"
    d.refresh()
    wait(d, "the page again", lambda d: js(d, "S") and ply_count(d) >= 1)
    assert "Rematch" not in note_shown(d), f"the rematch's note is back after a reload: {note_shown(d)!r}"
    print(f"rematch's note at {width}: {said[:40]!r}…, read whole, replaced for good, gone with the first move")


def pause_keeps_the_controls(d):
    """On a phone Pause shows Step in room kept for it: the move row, the step buttons and Copy
    link stay where they were."""
    new_game(d, ("human",), ("ewn", 2, 50), 99)
    d.execute_script("window.scrollTo(0, 0)")
    ids = ["roll", "move-input", "nav-first", "copy-link"]
    where = lambda: js(d, "arguments_ids.map((id) => Math.round($(id).getBoundingClientRect().top + scrollY))"
                       .replace("arguments_ids", str(ids)))
    before = where()
    click(d, "pause")
    wait(d, "Step shown", lambda d: d.find_element(By.ID, "step").is_displayed())
    after = where()
    assert before == after, f"Pause moved the controls: {dict(zip(ids, before))} then {dict(zip(ids, after))}"
    click(d, "pause")
    wait(d, "the game going on", lambda d: js(d, "S.running"))
    print("phone: Pause shows Step without moving the controls")


def seventh_players_report():
    """What a seventh new player reported, at 390x844 and at 1280x800."""
    for w, h in ((390, 844), (1280, 800)):
        d = browser(w, h)
        try:
            open_arena(d)
            rematch_note_goes_and_reads_whole(d, w)
            if w < 600:
                pause_keeps_the_controls(d)
        finally:
            close(d)


def fourth_players_report():
    """What a fourth new player reported, at 1280x800."""
    d = browser(1280, 800)
    try:
        open_arena(d)
        record_in_every_tab(d)
        fresh_load_opens_game_one(d)
        focus_after_roll(d)
        marked_move_leads_to_its_decision(d)
        side_line_waits_for_the_analysis(d)
    finally:
        close(d)


def a_records_link_asks_beside_the_board(d):
    """A link copied at move 5 of a record's game 3, opened in a new tab while game 5 of the
    record is on the board: its question (naming game 5 of 6) stands beside the board, whose
    bottom rank and Blue's bar stay in view at 1280x800."""
    load_record_text(d, MATCH6)
    wait(d, "game 1 of the record", lambda d: ply_count(d) > 0 and d.find_element(By.ID, "rec-pos").text == "Game 1 of 6")
    Select(d.find_element(By.ID, "rec-game")).select_by_value("3")
    wait(d, "game 3 of the record", lambda d: ply_count(d) == 13 and d.find_element(By.ID, "rec-pos").text == "Game 3 of 6")
    navigate_to(d, 5)
    link, fen = js(d, "positionLink()"), js(d, "S.fen")
    Select(d.find_element(By.ID, "rec-game")).select_by_value("5")
    wait(d, "game 5 of the record", lambda d: d.find_element(By.ID, "rec-pos").text == "Game 5 of 6" and idle(d))
    first = d.current_window_handle
    d.execute_script("window.open(arguments[0])", link)
    d.switch_to.window([h for h in d.window_handles if h != first][0])
    try:
        wait(d, "the link's question over game 5", lambda d: js(d, "S") and d.find_element(By.ID, "replace-ask").is_displayed())
        board_still(d)
        asked = link_question_in_words(d, fen)
        assert "This link opens another position" in asked and "game 5 of 6" in asked, f"the link's question: {asked!r}"
        where = d.execute_script(
            "const r = (id) => $(id).getBoundingClientRect().toJSON(); return [r('board'), r('bar-blue'), r('replace-ask'), innerHeight]")
        board, blue, ask, height = where
        shot(d, "1280-record-link-asks.png", top=False)
        assert board["top"] >= 0 and board["bottom"] <= height and blue["bottom"] <= height, \
            f"with the link's question the board ({board['top']}..{board['bottom']}) or Blue's bar (to {blue['bottom']}) is out of view of {height}"
        assert ask["left"] >= board["right"] or ask["top"] >= board["bottom"], "the link's question covers the board"
        click(d, "replace-no")
        wait(d, "the game kept", lambda d: "Kept this game" in note_shown(d) and js(d, "S.fen") != fen)
    finally:
        d.close()
        d.switch_to.window(first)
    print("a record's link: its question beside the board, rank 1 and Blue's bar in view")


def side_line_keeps_the_games_captures(d):
    """While a side line is shown, the game's own later moves in the move list keep their
    capture marks and words ("×", "took …"), as they read before the side line."""
    load_record_text(d, REVIEWED)
    wait(d, "the loaded record", lambda d: ply_count(d) == 19 and idle(d))
    navigate_to(d, 8)
    game = js(d, "S.plies")
    assert any(p["took"] for p in game[8:]), "no capture after move 8: nothing to check"
    other = js(d, "S.legal.find(m => m !== 'c5d4' && !ownCubeAt(m.slice(2))) || S.legal.find(m => m !== 'c5d4')")
    d.execute_script(f"playMove('{other}')")
    wait(d, "the side line", lambda d: js(d, "S.main") is not None and d.find_elements(By.CSS_SELECTOR, "#moves li.game button"))
    seen = 0
    for b in d.find_elements(By.CSS_SELECTOR, "#moves li.game button"):
        k = int(b.get_attribute("data-main"))
        p = game[k - 1]
        shown = b.find_element(By.CSS_SELECTOR, "[aria-hidden]").get_attribute("textContent")
        said = b.find_element(By.CSS_SELECTOR, ".sr-only").get_attribute("textContent")
        assert shown.startswith(f"{k}. ") and p["move"] in shown, f"the game's move {k} reads {shown!r}, not {p['move']}"
        if p["took"]:
            seen += 1
            assert shown.endswith("×") and ", took " in said, \
                f"in a side line the game's move {k} lost its capture: {shown!r} / {said!r}"
        else:
            assert "×" not in shown and "took" not in said, f"the game's move {k} took nothing: {shown!r} / {said!r}"
    assert seen, "no capture among the game's moves shown after the side line"
    print(f"side line: the game's later moves keep their {seen} captures in the move list")


def move_entry_keeps_the_focus(d):
    """After a game ends, Enter on a move-list entry steps the board there and the keyboard
    stays on that entry (the list is drawn anew: it once fell to the page's body)."""
    load_record_text(d, REVIEWED)
    wait(d, "the loaded record", lambda d: ply_count(d) == 19 and js(d, "S.line_over") and idle(d))
    entry = d.find_element(By.CSS_SELECTOR, "#moves li button[data-ply='1']")
    d.execute_script("arguments[0].focus()", entry)
    said = entry.find_element(By.CSS_SELECTOR, ".sr-only").get_attribute("textContent")
    assert said.startswith("1. Red, die 3, a3b3"), f"the first entry says {said!r}"
    d.switch_to.active_element.send_keys(Keys.ENTER)
    wait(d, "move 1 on the board", lambda d: ply_pos(d) == 1 and idle(d))
    time.sleep(0.3)
    focus = js(d, "(document.activeElement.closest('#moves') && document.activeElement.dataset.ply) || "
                  "(document.activeElement.closest('#board') && 'board') || document.activeElement.tagName")
    assert focus in ("1", "board"), f"after Enter on move 1's entry the keyboard is on {focus!r}"
    d.switch_to.active_element.send_keys(Keys.TAB)
    after = js(d, "document.activeElement.closest('#moves') ? 'moves' : document.activeElement.id || document.activeElement.tagName")
    assert after == "moves", f"Tab after the entry went to {after!r}, not on through the list"
    print("move list: Enter on an entry keeps the keyboard there")


def eighth_players_report():
    """What an eighth new player reported, at 1280x800: a record's link asks beside the board,
    a side line keeps the game's captures in the list, Enter on an entry keeps the focus."""
    d = browser(1280, 800)
    try:
        open_arena(d)
        a_records_link_asks_beside_the_board(d)
        side_line_keeps_the_games_captures(d)
        move_entry_keeps_the_focus(d)
    finally:
        close(d)


# A record of twenty games: MATCH6's games over and over, numbered 1 to 20 (game 12 is MATCH6's
# sixth, mcts:3000 against ewn).
def _match20():
    head, _, rest = MATCH6.partition("game 1\n")
    games = [g for g in ("game 1\n" + rest).split("end\n") if g.strip()]
    out = []
    for k in range(20):
        body = games[k % len(games)].split("\n", 1)[1]
        out.append(f"game {k + 1}\n{body}end\n")
    return head + "".join(out)


MATCH20 = _match20()


def record_of_twenty(d, width):
    """A record of twenty games, game 12 picked by the board: "Game 12 of 20" whole between ‹
    and › (not cut, not under ›)."""
    load_record_text(d, MATCH20)
    wait(d, "the record's bar by the board", lambda d: d.find_element(By.ID, "record-bar").is_displayed()
         and d.find_element(By.ID, "rec-pos").text == "Game 1 of 20")
    Select(d.find_element(By.ID, "rec-game")).select_by_value("12")
    wait(d, "game 12 picked by the board", lambda d: d.find_element(By.ID, "rec-pos").text == "Game 12 of 20"
         and js(d, "S.players.red.label") == "mcts:3000" and idle(d))
    fit = js(d, "(() => { const p = $('rec-pos'), n = $('rec-next').getBoundingClientRect(), b = $('rec-prev').getBoundingClientRect();"
                " const r = document.createRange(); r.selectNodeContents(p); const t = r.getBoundingClientRect();"
                " return {scroll: p.scrollWidth, client: p.clientWidth, textLeft: Math.round(t.left), textRight: Math.round(t.right),"
                " prevRight: Math.round(b.right), nextLeft: Math.round(n.left)}; })()")
    assert fit["scroll"] <= fit["client"] and fit["textRight"] <= fit["nextLeft"] and fit["textLeft"] >= fit["prevRight"], \
        f"at {width} wide 'Game 12 of 20' is cut or under ‹ ›: {fit}"
    shot(d, f"record-of-twenty-{width}.png")
    print(f"record of twenty games at {width}: 'Game 12 of 20' whole between ‹ and › ({fit})")


def nodice_focus_on_a_cube(d, width):
    """nodice, Start game: the keyboard on a cube that can move (no roll to press), and Enter on
    an empty square with nothing picked says what to pick."""
    new_game(d, ("human",), ("ewn", 2, 50), variant="nodice")
    wait(d, "the nodice board", lambda d: len(d.find_elements(By.CSS_SELECTOR, "#board .cell")) == js(d, "S.rows * S.cols")
         and js(d, "S.side") == "r" and js(d, "S.legal.length") > 0)
    on = wait(d, "the keyboard on a cube that can move", lambda d: js(d,
              "(() => { const a = document.activeElement; return a && a.id.startsWith('sq-')"
              " && S.legal.some((m) => m.startsWith(a.id.slice(3))) && a.id; })()"))
    # An empty square, reached by the keyboard: Enter there says what can be picked.
    empty = js(d, "[...document.querySelectorAll('#board .cell')].find((c) => !c.querySelector('.cube')).id")
    d.execute_script("focusSquare(Number(arguments[0].dataset.i))", d.find_element(By.ID, empty))
    d.switch_to.active_element.send_keys(Keys.ENTER)
    said = wait(d, "a note after Enter on an empty square", lambda d: note_shown(d))
    assert "Nothing to pick" in said and on[3:] in said, f"Enter on the empty {empty} says {said!r}"
    assert ply_count(d) == 0, "Enter on an empty square played a move"
    shot(d, f"nodice-focus-{width}.png")
    print(f"nodice at {width}: the keyboard starts on {on}; Enter on {empty}: {said!r}")


def bar_follows_the_roll(d, width):
    """6x6 with the analysis live: once the dice are rolled, the win-chance bar says the rolled
    die's best move's chance, as the table's first row (not the chance before the roll)."""
    d.execute_script("setMode('analyse')")
    new_game(d, ("human",), ("ewn", 1, 20), 11, variant="6x6")
    wait(d, "Red's turn", lambda d: js(d, "S.side") == "r" and js(d, "S.die") is None and enabled(d, "roll"))
    click(d, "roll")
    said = wait(d, "the bar and the rolled die's table saying the same", lambda d: js(d,
                "(() => { const a = S.analysis; const row = document.querySelector('#analysis-moves tbody tr');"
                " if (!a.moves || a.die !== S.die || !row) return false;"
                " const bar = $('winbar-rl').textContent, best = row.querySelectorAll('td')[1].firstChild.textContent.trim();"
                " return bar === 'Red ' + best && $('winbar').getAttribute('aria-label').includes('after the roll') && [bar, best, $('winbar').getAttribute('aria-label')]; })()"))
    shot(d, f"bar-follows-the-roll-{width}.png")
    print(f"6x6 at {width}: after the roll the bar says {said[0]!r}, the best move {said[1]!r} ({said[2]!r})")


def question_holds_the_board(d, width):
    """A 3x3 game with moves, 4x4 picked in the form, Start game: while "Replace it?" is open the
    board and the turn's buttons are held (a click on Roll or a cube does nothing), and the
    question names the 3x3 game it would replace."""
    new_game(d, ("human",), ("ewn", 1, 20), 3, variant="3x3")
    wait(d, "Red's turn", lambda d: js(d, "S.side") == "r" and enabled(d, "roll"))
    roll_if_needed(d)
    click_move(d)
    wait(d, "the engine's answer", lambda d: ply_count(d) >= 2 and js(d, "S.side") == "r" and idle(d))
    assert not over(d), "the 3x3 game ended in two moves"
    open_form(d)
    Select(d.find_element(By.ID, "ng-variant")).select_by_value("4x4")
    click(d, "ng-start")
    wait(d, "the question", lambda d: d.find_element(By.ID, "replace-ask").is_displayed())
    text = d.find_element(By.ID, "replace-ask-text").text
    assert "(3x3, Person v ewn" in text and "2 moves, not finished" in text, f"the question says {text!r}"
    held = js(d, "['board', 'roll', 'nav-back', 'moves'].filter((id) => !$(id).closest('[inert]'))")
    assert not held, f"while the question is open these are not held: {held}"
    before = (ply_count(d), js(d, "S.version"))
    # Real clicks where Roll and a red cube are (unless the question covers them).
    for css in ("#roll", "#board .cube.red"):
        el = d.find_element(By.CSS_SELECTOR, css)
        d.execute_script("arguments[0].scrollIntoView({block: 'center'})", el)
        covered = d.execute_script("const r = arguments[0].getBoundingClientRect();"
                                   " const e = document.elementFromPoint(r.left + r.width / 2, r.top + r.height / 2);"
                                   " return !e || Boolean(e.closest('#replace-ask'))", el)
        if not covered:
            ActionChains(d).move_to_element(el).click().perform()
    time.sleep(1.0)
    assert d.find_element(By.ID, "replace-ask").is_displayed(), "a click by the board closed the question"
    assert js(d, "S.die") is None and ply_count(d) == before[0] and js(d, "selected") is None, \
        f"a click by the board played on while the question was open: die {js(d, 'S.die')}, {ply_count(d)} plies"
    shot(d, f"question-holds-the-board-{width}.png")
    click(d, "replace-no")
    wait(d, "the board free again", lambda d: not d.find_element(By.ID, "replace-ask").is_displayed()
         and js(d, "!$('board').closest('[inert]') && !$('roll').closest('[inert]')"))
    roll_if_needed(d)
    print(f"question at {width}: names the 3x3 game, the board and Roll held while it is open, free after")


def move_list_home_end(d):
    """End and Home on a focused move-list entry go to the game's end and start, as on the graph."""
    load_record_text(d, REVIEWED)
    wait(d, "the loaded record", lambda d: ply_count(d) == 19 and js(d, "S.line_over") and idle(d))
    navigate_to(d, 5)
    entry = d.find_element(By.CSS_SELECTOR, "#moves li button[data-ply='5']")
    d.execute_script("arguments[0].focus()", entry)
    d.switch_to.active_element.send_keys(Keys.END)
    wait(d, "End on an entry: the game's end", lambda d: ply_pos(d) == 19 and idle(d))
    d.switch_to.active_element.send_keys(Keys.HOME)
    wait(d, "Home on an entry: the game's start", lambda d: ply_pos(d) == 0 and idle(d))
    print("move list: End and Home on an entry go to the end and the start")


def ninth_players_report():
    """What a ninth new player reported, at both sizes: a record of twenty games says "Game 12
    of 20" whole by the board; a nodice game starts with the keyboard on a cube that can move,
    and Enter on an empty square says what to pick; after a roll the win-chance bar says the
    rolled die's best move's chance, as the table; "Replace it?" holds the board and names the
    game's variant; End and Home on a move-list entry go to the game's end and start."""
    # The phone first: the desktop's last check leaves a loaded standard game, as the checks
    # after these expect.
    for width, height in ((390, 844), (1280, 800)):
        d = browser(width, height)
        try:
            open_arena(d)
            record_of_twenty(d, width)
            nodice_focus_on_a_cube(d, width)
            bar_follows_the_roll(d, width)
            question_holds_the_board(d, width)
            if width == 1280:
                move_list_home_end(d)
        finally:
            close(d)


def record_journeys():
    """What a new player did with a record and a reviewed game, each from an untouched page:
    at 1280x800 the board, the die and the controls, the move list and the step buttons are in
    view without scrolling, at the start and with a loaded record; Rematch after loading a record
    of a person against an engine the arena does not know keeps the seats as loaded (a person
    in the engine's seat, said under the board); the New game form then and after reopening the page offers a
    person against the engine, not the record's names; replaying the game's own next move at a
    step back steps forward along it, with no side line; Turn board says what it does."""
    d = browser(1280, 800)
    try:
        open_arena(d)
        new_game(d, ("human",), ("ewn", 10, 500))
        d.execute_script("document.activeElement.blur(); window.scrollTo(0, 0)")
        wait(d, "the roll offered", lambda d: enabled(d, "roll"))
        out = all_in_view(d, ["board", "die", "roll", "moves", "nav-first", "nav-back", "nav-fwd", "nav-last", "bar-red", "bar-blue"])
        assert not out, f"at 1280x800 out of view at the start: {out}"
        flip = d.find_element(By.ID, "flip")
        assert flip.text == "Turn board" and "Turn the board" in flip.get_attribute("title"), \
            f"the board's turn button says {flip.text!r} ({flip.get_attribute('title')!r})"
        load_record_text(d, FOREIGN)
        wait(d, "the loaded record", lambda d: ply_count(d) == 19 and js(d, "S.players.blue.label") == "mcts:400000")
        out = all_in_view(d, ["board", "result", "rematch", "moves", "nav-first", "nav-back", "nav-fwd", "nav-last"])
        assert not out, f"at 1280x800 out of view with a loaded record: {out}"
        shot(d, "desktop-record-in-view.png")
        # The game's own next move at a step back: a step forward, no side line.
        navigate_to(d, 8)
        assert js(d, "S.die") == 5, "the die rolled at move 9"
        d.find_element(By.ID, "sq-c5").click()
        d.find_element(By.ID, "sq-d4").click()
        wait(d, "a step forward along the game", lambda d: ply_pos(d) == 9 and idle(d))
        assert js(d, "S.main") is None and ply_count(d) == 19, "replaying the game's move made a side line"
        assert not d.find_elements(By.CSS_SELECTOR, "#moves li.side"), "a side line in the move list"
        navigate_to(d, 19)
        # Rematch: the same seats as loaded (the record's engine is not one of this arena's, so
        # a person plays it), colours swapped, and the note says so.
        click(d, "rematch")
        wait(d, "the rematch", lambda d: js(d, "S.plies.length") == 0 and js(d, "S.players.red.type") == "human"
             and js(d, "S.players.blue.type") == "human")
        said = wait(d, "the note on the seats", lambda d: "mcts:400000" in note_shown(d) and note_shown(d))
        assert "Red: a person in place of mcts:400000" in said, f"the rematch's note: {said!r}"
        assert "Red: Person" in d.find_element(By.ID, "bar-red").text and "Blue: Person" in d.find_element(By.ID, "bar-blue").text
        shot(d, "desktop-rematch-of-a-record.png")
        watcher_not_told_the_controllers_notes(d.current_url)
        # The New game form offers a person against the engine.
        load_record_text(d, FOREIGN)
        wait(d, "the record loaded again", lambda d: ply_count(d) == 19 and js(d, "S.players.blue.label") == "mcts:400000")
        form = lambda d: js(d, "[document.querySelector('#p-red .p-type').value, document.querySelector('#p-blue .p-type').value]")
        assert form(d) == ["human", "ewn"], f"the New game form after a record: {form(d)}"
    finally:
        close(d)
    # The same record on a phone, and the page opened again: the form still offers a playable game.
    d = browser(390, 844)
    try:
        d.get(URL)
        wait(d, "the recorded game", lambda d: js(d, "S") and js(d, "S.players.blue.label") == "mcts:400000")
        open_form(d)
        form = lambda d: js(d, "[document.querySelector('#p-red .p-type').value, document.querySelector('#p-blue .p-type').value]")
        assert form(d) == ["human", "ewn"], f"the New game form of a page opened on a record: {form(d)}"
    finally:
        close(d)
    print("records: in view at 1280x800, rematch keeps the seats, the form offers a playable game, "
          "the game's own move steps forward")


def opening():
    """The arena as a new player meets it, at both sizes, before anything else touched it."""
    for width, height, by_key in ((1280, 800, False), (390, 844, True)):
        d = browser(width, height)
        try:
            d.get(URL)
            if width == 390:
                # The desktop's rematch is on: a fresh opening game, as the page starts one.
                new_game(d, ("human",), ("ewn", 10, 500))
            opening_game(d, width, by_key)
        finally:
            close(d)


def desktop():
    d = browser(1280, 800)
    try:
        d.get(URL)
        wait(d, "the board's 25 squares", lambda d: len(d.find_elements(By.CSS_SELECTOR, "#board .cell")) == 25)
        wait(d, "the first state from the server", lambda d: status(d) not in ("", "Connecting…"))
        # The flows below read the analysis as it comes: shown live.
        d.execute_script("setMode('analyse')")
        copied_address_keeps_control(d)
        # The opening journeys left a rematch on: the form as a fresh page shows it.
        open_form(d)
        check_layout(d, 1280)
        shot(d, "desktop-start.png")
        axe(d, "the desktop page at the start, with the New game form")
        assert "token" not in d.current_url, "the token stays in the address bar"
        # Arrange Red's cubes by dragging: a5 onto c5 swaps cubes 1 and 3.
        setup = d.find_element(By.CSS_SELECTOR, "#p-red .p-setup input")
        setup.clear()
        setup.send_keys("123456")
        click(d, "ng-arrange")
        wait(d, "the setups on the board", lambda d: "Arranging" in status(d))
        assert not d.find_element(By.ID, "roll").is_displayed(), "Roll is offered while arranging"
        a5, c5 = d.find_element(By.ID, "sq-a5").rect, d.find_element(By.ID, "sq-c5").rect
        ActionChains(d).click_and_hold(d.find_element(By.CSS_SELECTOR, "#sq-a5 .cube")).move_by_offset(
            (c5["x"] - a5["x"]) // 2, 0
        ).move_by_offset((c5["x"] - a5["x"]) - (c5["x"] - a5["x"]) // 2, 0).release().perform()
        wait(d, "the dragged setup in the digits", lambda d: setup.get_attribute("value") == "321456")
        shot(d, "desktop-arrange.png")
        new_game(d, ("human",), ("ewn", 3, 100), 2024)
        a5 = d.find_element(By.CSS_SELECTOR, "#sq-a5 .cube").text
        assert a5 == "3", f"the game did not start with the dragged setup: a5 holds {a5!r}"
        assert "Red: Person" in d.find_element(By.ID, "bar-red").text
        assert "ewn · level 3 · 100 ms" in d.find_element(By.ID, "bar-blue").text
        done = set()
        turns = play_desktop_game(d, done)
        while FLOWS - done:
            # The engine's moves depend on its search time, so a game may end early: another one.
            print(f"desktop: the game ended before {FLOWS - done} were tried; one more game")
            new_game(d, ("human",), ("ewn", 3, 100))
            turns = play_desktop_game(d, done)
        wait(d, "the graph of the whole game", lambda d: graph_points(d) >= 3)
        print(f"desktop: {status(d)} after {ply_count(d)} plies, {turns} turns; "
              f"up to {ANIMATIONS_SEEN[0]} animations running just after a move")
        # The end: result, Rematch and New game by the board; no engine controls.
        wait(d, "the end bar", lambda d: d.find_element(By.ID, "endbar").is_displayed())
        assert not enabled(d, "pause") and not enabled(d, "step"), "engine controls stay enabled after the end"
        click(d, "save")
        wait(d, "the saved record", lambda d: d.find_element(By.ID, "record-text").get_attribute("value").startswith("game 1"))
        check_layout(d, 1280)
        shot(d, "gui-desktop-end.png")
        click(d, "rematch")
        wait(d, "the rematch with colours swapped",
             lambda d: js(d, "S.players.red.type") == "ewn" and js(d, "S.players.blue.type") == "human")
        assert "Blue: Person" in d.find_element(By.ID, "bar-blue").text
        nothing_of_yours_to_undo(d)
        # A watched engine game: pause, one step, resume, to the end.
        new_game(d, ("ewn", 1, 20), ("ewn", 1, 20), 7)
        click(d, "pause")
        wait(d, "the pause", lambda d: d.find_element(By.ID, "pause").text == "Resume")
        wait(d, "the last engine move to land", lambda d: js(d, "S.thinking") is None)
        before = ply_count(d)
        click(d, "step")
        wait(d, "one engine step", lambda d: ply_count(d) >= before + 1 or over(d))
        click(d, "pause")
        wait(d, "the end of the engine game", over)
        print(f"engines: {status(d)} after {ply_count(d)} plies")
        # Typed dice: a mistyped die corrected, for the person and for the engine.
        new_game(d, ("human",), ("ewn", 1, 20), dice="manual")
        wait(d, "the typed-dice buttons", lambda d: d.find_element(By.ID, "typed-dice").is_displayed())
        click_first(d, "die 3", "#typed-dice button[data-die='3']")
        wait(d, "die 3", lambda d: js(d, "S.die") == 3)
        click_first(d, "die 5 to correct it", "#typed-dice button[data-die='5']")
        wait(d, "die 5", lambda d: js(d, "S.die") == 5 and d.find_element(By.CSS_SELECTOR, "#typed-dice button[data-die='5']").get_attribute("aria-pressed") == "true")
        click(d, "pause")
        wait(d, "the pause", lambda d: d.find_element(By.ID, "pause").text == "Resume")
        mid = lambda id_: (lambda r: r["y"] + r["height"] / 2)(d.find_element(By.ID, id_).rect)
        # Step stays by the die: on its line, or (in the controls' column beside the board at
        # 1280 wide) a line or two below it, in view.
        assert abs(mid("step") - mid("die")) < 100 and not all_in_view(d, ["step", "die"]), \
            "with typed dice, Step is far from the die or out of view"
        click_move(d)
        d.find_element(By.TAG_NAME, "body").send_keys("2")
        wait(d, "Blue's die 2, typed", lambda d: js(d, "S.die") == 2)
        d.find_element(By.TAG_NAME, "body").send_keys("6")
        wait(d, "Blue's die corrected to 6", lambda d: js(d, "S.die") == 6)
        click(d, "pause")
        wait(d, "Blue's move with the corrected die", lambda d: ply_count(d) == 2)
        assert js(d, "S.plies[1].die") == 6, "the engine moved with the mistyped die"
        print("typed dice: corrected for the person and for the engine")
        # The review of a loaded record.
        review_loaded(d, "desktop")
        wait(d, "the decision's moves ranked", lambda d: d.find_elements(By.CSS_SELECTOR, "#analysis-moves tr.played"))
        shot(d, "gui-desktop-review.png")
        axe(d, "the desktop page with a review")
        new_player_checks(d)
        shot(d, "gui-desktop-sideline.png")
        axe(d, "the desktop page with a side line")
        back_to_game(d)
        own_cube_and_notes(d)
        engine_takes_its_own_cube(d)
        double_clicks(d)
        pause_shows(d)
        other_sizes(d)
        arrange_variant(d, "3x3", "312")
        variant_game(d, "3x3", 1280, "gui-desktop-3x3.png")
        solved_shown(d)
        variant_game(d, "6x6", 1280, "gui-desktop-6x6.png", ("CBA9865432", "2345689ABC"))
        two_dice_shown(d)
        axe(d, "the desktop page in a 6x6 game")
        pass_button(d)
        own_capture_by_click(d)
        hole_and_fall(d, 1280)
        variants_explained(d, 1280)
        rules_name_the_first_side(d)
        flip_and_copy(d)
        minors(d)
        review_counts_and_cancels(d)
        third_game_of_a_record(d)
        a_record_lost_on_time(d)
        hold_an_arrow_through_a_game(d)
        axe(d, "the desktop page after the variants' checks")
    finally:
        close(d)


def phone():
    d = browser(390, 844)
    try:
        # This phone asks for reduced motion: nothing on the page may animate.
        d.execute_cdp_cmd("Emulation.setEmulatedMedia",
                          {"features": [{"name": "prefers-reduced-motion", "value": "reduce"}]})
        d.get(URL)
        d.execute_script("setMode('analyse')")
        # The desktop left a variant's game: its board at its size.
        wait(d, "the board's squares", lambda d: js(d, "S") and len(d.find_elements(By.CSS_SELECTOR, "#board .cell")) == js(d, "S.rows * S.cols"))
        new_game(d, ("human",), ("ewn", 2, 50), 99)
        wait(d, "the board's 25 squares", lambda d: len(d.find_elements(By.CSS_SELECTOR, "#board .cell")) == 25)
        wait(d, "the status line and the board in view after Start game", status_and_board_in_view)
        phone_no_empty_bands(d, False)
        d.execute_script("window.scrollTo(0, 0)")
        turns = 0
        while True:
            wait(d, "Red's turn or the end of the game", red_turn_or_end)
            if over(d):
                break
            turns += 1
            roll_if_needed(d)
            if turns == 2:
                wait(d, "the analysis table on the phone", lambda d: d.find_elements(By.CSS_SELECTOR, "#analysis-moves tbody tr"))
                check_layout(d, 390)
                phone_no_empty_bands(d, True)
                shot(d, "gui-phone-play.png")
                phone_link_to_analysis(d)
            click_move(d)
            moving = js(d, "document.getAnimations().length")
            assert moving == 0, f"{moving} animations run although reduced motion is asked for"
        check_layout(d, 390)
        print(f"phone: {status(d)} after {turns} turns")
        shot(d, "gui-phone-end.png")
        axe(d, "the phone page at the end of a game")
        review_loaded(d, "phone")
        hold_an_arrow_through_a_game(d)
        review_near_the_board(d)
        review_brings_the_board(d)
        shot(d, "gui-phone-review.png", top=False)
        print("phone: a review entry brings the board into view")
        third_game_of_a_record(d)
        shot(d, "phone-record-loaded.png", top=False)
        phone_side_line_of_a_record(d)
        variant_game(d, "3x3", 390, "gui-phone-3x3.png")
        variant_game(d, "6x6", 390, "gui-phone-6x6.png")
        coords_clear_of_cubes(d)
        badges_clear_of_numbers(d)
        variants_explained(d, 390)
        hole_and_fall(d, 390)
        axe(d, "the phone page in a blackhole game")
        phone_own_capture_mark(d)
    finally:
        close(d)


def review_steps_keep_their_place(d, width):
    """Stepping through a reviewed game moves neither the step buttons nor Blue's bar: the
    marked decision's line stands over the bar above the board (in the page's flow it pushed
    them 48 px down and back, the step buttons off a phone's first screen)."""
    load_record_text(d, REVIEWED)
    wait(d, "the loaded record", lambda d: ply_count(d) == 19 and idle(d))
    click(d, "review")
    wait(d, "the review's marked moves", lambda d: d.find_elements(By.CSS_SELECTOR, "#review-marked li") and idle(d))
    # The review's card is kept in view a moment after the review: then the page is the person's.
    wait(d, "the review's heading let go", lambda d: js(d, "reviewPin === 0 || Date.now() > reviewPin + 100"))
    # Every decision of the game (its last position, the game's end, has the end bar instead
    # of the turn's row), with the page at its top, where the steps are seen.
    places, marked = set(), 0
    d.execute_script("window.scrollTo(0, 0)")
    for ply in range(ply_count(d)):
        navigate_to(d, ply)
        wait(d, f"move {ply} drawn", idle)
        board_still(d)
        wait(d, "the page at its top", lambda d: js(d, "scrollY") == 0 or d.execute_script("window.scrollTo(0, 0)"))
        marked += d.find_element(By.ID, "decision").is_displayed()
        places.add(tuple(round(js(d, f"document.getElementById('{id_}').getBoundingClientRect().top + scrollY"))
                         for id_ in ("nav-first", "bar-blue", "board")))
        bottom = js(d, "document.getElementById('nav-first').getBoundingClientRect().bottom")
        assert bottom <= js(d, "innerHeight"), f"at move {ply} of the review the step buttons end at {bottom}, below the first screen"
    assert marked, "no marked decision's line was shown while stepping through the review"
    assert len(places) == 1, f"the step buttons, Blue's bar or the board moved while stepping at {width}: {sorted(places)}"
    print(f"review at {width}: the step buttons and the bars stay put through {ply_count(d)} steps, "
          f"{marked} marked lines shown (step row at {places.pop()[0]} px)")


def enter_on_empty_square_in_standard(d):
    """Standard game, rolled, nothing picked by the person: Enter on an empty square that is no
    target says what can move (it said nothing when the die left one cube, picked for one)."""
    new_game(d, ("human",), ("ewn", 2, 50), 5)
    wait(d, "Roll offered", lambda d: enabled(d, "roll"))
    click(d, "roll")
    wait(d, "the die rolled", lambda d: js(d, "S.die") is not None and js(d, "mayMove()") and idle(d))
    empty = js(d, "[...Array(S.squares.length).keys()].find((i) => !S.squares[i]"
                  " && !S.legal.some((m) => m.slice(2) === sqName(i)))")
    d.execute_script("focusSquare(arguments[0])", empty)
    d.switch_to.active_element.send_keys(Keys.ENTER)
    said = wait(d, "the note on Enter on an empty square", lambda d: "Nothing to pick" in note_shown(d) and note_shown(d))
    assert ply_count(d) == 0, "Enter on an empty square played a move"
    print(f"keys: Enter on an empty square of the standard game says {said!r}")


def keys_at_the_end_and_on_steps(d):
    """A game ended from the board by keys leaves the keyboard on Rematch; End and Home on a
    step button go to the end and the start; on a move-list entry the focus follows."""
    load_position(d, "5/5/5/4B1/3R11 r", "nodice")
    focus_square_named = "focusSquare(geo().index(arguments[0]))"
    d.execute_script(focus_square_named, "d1")
    d.switch_to.active_element.send_keys(Keys.ENTER)
    wait(d, "d1 picked", lambda d: js(d, "selected") == "d1")
    d.execute_script(focus_square_named, "e1")
    d.switch_to.active_element.send_keys(Keys.ENTER)
    wait(d, "the game's end", over)
    wait(d, "the keyboard on Rematch", lambda d: js(d, "document.activeElement.id") in ("rematch", "review-end"))
    load_record_text(d, REVIEWED)
    wait(d, "the loaded record", lambda d: ply_count(d) == 19 and idle(d))
    navigate_to(d, 5)
    d.execute_script("document.getElementById('nav-fwd').focus()")
    d.switch_to.active_element.send_keys(Keys.END)
    wait(d, "End on a step button: the end, the focus on a step", lambda d: ply_pos(d) == 19 and idle(d)
         and js(d, "document.activeElement.id") == "nav-back")
    d.switch_to.active_element.send_keys(Keys.HOME)
    wait(d, "Home on a step button: the start", lambda d: ply_pos(d) == 0 and idle(d)
         and js(d, "document.activeElement.id") == "nav-fwd")
    navigate_to(d, 5)
    entry = d.find_element(By.CSS_SELECTOR, "#moves li button[data-ply='5']")
    d.execute_script("arguments[0].focus()", entry)
    d.switch_to.active_element.send_keys(Keys.END)
    wait(d, "End on an entry: the focus on the last entry", lambda d: ply_pos(d) == 19 and idle(d)
         and js(d, "document.activeElement.dataset.ply") == "19")
    print("keys: Rematch after a game ended by keys; End and Home on the steps; the list's focus follows End")


def phone_rows_stay_put(d):
    """390x844: a 6x6 roll keeps the turn's row one line (the dice's box no wider than one
    die's); How to play keeps one line in every variant, the board where it is; a note keeps
    clear of the Copy button just pressed at the screen's foot."""
    new_game(d, ("human",), ("ewn", 2, 50), 11, variant="6x6")
    wait(d, "Roll offered", lambda d: enabled(d, "roll"))
    before = d.find_element(By.ID, "turnbar").rect["height"]
    click(d, "roll")
    wait(d, "the two dice", lambda d: js(d, "S.die") is not None and "+" in d.find_element(By.ID, "die").text)
    board_still(d)
    after = d.find_element(By.ID, "turnbar").rect["height"]
    assert after <= before + 1, f"a 6x6 roll made the turn's row {after} px high, not {before}"
    tops = {}
    for name in ("standard", "nodice", "blackhole", "backrank"):
        new_game(d, ("human",), ("human",), variant=name)
        d.execute_script("window.scrollTo(0, 0)")
        board_still(d)
        tops[name] = round(d.find_element(By.ID, "board").rect["y"])
        summary = d.find_element(By.CSS_SELECTOR, "#rules summary")
        assert name == "standard" or name in summary.text, f"How to play does not name {name}: {summary.text!r}"
    assert len(set(tops.values())) == 1, f"the board's top differs by variant: {tops}"
    load_record_text(d, REVIEWED)
    wait(d, "the loaded record", lambda d: ply_count(d) == 19 and idle(d))
    navigate_to(d, 3)
    board_still(d)
    for id_ in ("copy-link", "copy-pos"):
        button = d.find_element(By.ID, id_)
        d.execute_script("window.scrollTo(0, arguments[0].getBoundingClientRect().bottom + scrollY - innerHeight + 12)", button)
        wait(d, "the page to stop scrolling", scroll_settled)
        button.click()
        wait(d, f"the note on {id_}", lambda d: "Copied" in note_shown(d))
        n, b = (js(d, f"(() => {{ const r = document.getElementById('{x}').getBoundingClientRect(); return [r.top, r.bottom]; }})()")
                for x in ("error", id_))
        assert n[1] <= b[0] or b[1] <= n[0], f"the note {n} covers {id_} {b} just pressed"
    print(f"phone: one turn row after a 6x6 roll ({after} px), the board at {tops['standard']} px in every variant, "
          "the note clear of the Copy buttons")


def eleventh_players_report():
    """What an eleventh new player reported, at 1280x800 and 390x844: stepping through a
    review never moves the step buttons; Enter on an empty square of the standard game says
    what can move; a game ended by keys leaves the keyboard on Rematch, End and Home work on
    the step buttons and the move list's focus follows End; on a phone a 6x6 roll keeps the
    turn's row one line, How to play keeps one line in every variant and a note keeps clear of
    the Copy button just pressed. Leaves a loaded standard game."""
    for width, height in ((1280, 800), (390, 844)):
        d = browser(width, height)
        try:
            open_arena(d)
            review_steps_keep_their_place(d, width)
            if width == 1280:
                enter_on_empty_square_in_standard(d)
                keys_at_the_end_and_on_steps(d)
            else:
                phone_rows_stay_put(d)
        finally:
            close(d)


if __name__ == "__main__":
    opening()
    record_journeys()
    new_players_report()
    second_players_report()
    fourth_players_report()
    seventh_players_report()
    eighth_players_report()
    eleventh_players_report()
    ninth_players_report()
    desktop()
    phone()
    print("browser test passed")
