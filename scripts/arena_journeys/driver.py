"""The browser test's driver and the helpers every journey shares: Chromium started and closed,
waits that say what they waited for, the page read through `js` (status, plies, the die), clicks,
moves by click, by keys and typed, the New game form, screenshots, the axe-core scan and the
layout checks.

URL, OUT and AXE_JS are set once by `configure`, from the command line, before any journey runs;
the other modules read them here (`driver.URL`), never as copies taken at import.
"""

import contextlib
import os
import re
import shutil
import tempfile
import time

from selenium import webdriver
from selenium.common.exceptions import StaleElementReferenceException, WebDriverException
from selenium.webdriver.chrome.service import Service
from selenium.webdriver.common.action_chains import ActionChains
from selenium.webdriver.common.by import By
from selenium.webdriver.common.keys import Keys
from selenium.webdriver.support.ui import Select


# Set by `configure`; read as driver.URL, driver.OUT and driver.AXE_JS.
URL = OUT = AXE_JS = None


def configure(url, out, axe_js):
    """The page's address with its token, the screenshots' folder (made here) and axe-core's file."""
    global URL, OUT, AXE_JS
    URL, OUT, AXE_JS = url, out, axe_js
    os.makedirs(OUT, exist_ok=True)


CHROMIUM = os.environ.get("CHROMIUM", "/usr/bin/chromium")
CHROMEDRIVER = os.environ.get("CHROMEDRIVER", "/usr/bin/chromedriver")
# Only a guard against a hang: a whole game normally takes well under a minute.
WAIT_S = 90


def browser(width, height, scrollbars=False):
    """A headless Chromium with a profile of its own; `close` removes both. With `scrollbars` a
    page taller than the window has a scroll bar that takes its width, as in a desktop browser."""
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
        *([] if scrollbars else ["--hide-scrollbars"]),
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


def press(d, *keys):
    """Sends keys to whatever holds the focus when they arrive, as a person's keys go. Sent to
    an element looked up first, they failed now and then as "element not interactable": a
    redraw of the board (the engine's slide landing, the analysis arriving) replaced the focused
    square between the lookup and the keys, and the page moved the focus to the new square."""
    ActionChains(d).send_keys(*keys).perform()


def pick_record_game(d, value, select_id="rec-game"):
    """Picks game `value` in a record's picker (by the board, or the Record card's) once it can
    be used: it is drawn with the record's first render, and a pick before that finds it hidden.
    Found and chosen again until the picker holds the game: a picker drawn anew between finding
    it and choosing failed the pick as a stale element."""

    def attempt(d):
        el = d.find_element(By.ID, select_id)
        if not (el.is_displayed() and el.is_enabled()):
            return False
        if el.get_attribute("value") != value:
            Select(el).select_by_value(value)
        return d.find_element(By.ID, select_id).get_attribute("value") == value

    wait(d, f"the record's picker {select_id}, to pick game {value}", attempt)


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
    click_first(d, f"a click on {id_}", "#" + id_)


def click_review(d):
    """Clicks Review: at a game's end the button by the result (the Review card's gives way to
    it there), elsewhere the card's."""
    click(d, "review-end" if d.find_element(By.ID, "review-end").is_displayed() else "review")


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
        # Its text, shown or not: a phone with the analysis live shows its summary in the seed's place.
        wait(d, f"the new game with seed {seed}", lambda d: f"seed {seed}" in js(d, "$('seed').textContent"))
    # Start game brings the board into view with a smooth scroll: a click aimed while the page
    # still moves lands beside its target, so the next action waits for the page to stand still.
    wait(d, "the page to stop scrolling", scroll_settled)


def scroll_settled(d):
    """The page's scroll position is the same twice, 150 ms apart."""
    before = js(d, "window.scrollY")
    time.sleep(0.15)
    return js(d, "window.scrollY") == before


def graph_points(d):
    # Read in the page in one step: the graph redrawn between finding its line and reading it
    # failed the check as a stale element.
    path = js(d, "($('graph-line') && $('graph-line').getAttribute('d')) || ''")
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
        if js(d, f"ownCubeAt('{m[2:]}')"):
            # One's own cube is taken by a second click on it.
            wait(d, f"{m[2:]}'s capture waiting", lambda d: d.find_elements(By.CSS_SELECTOR, f"#sq-{m[2:]}.armed"))
            time.sleep(0.6)
            d.find_element(By.ID, f"sq-{m[2:]}").click()
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
    # The roll's answer redraws the board: keys sent before it may go to the replaced squares.
    wait(d, "the page settled after the roll", idle)
    d.execute_script("focusBoard()")
    press(d, m)
    wait(d, f"the typed move {m}", lambda d: ply_count(d) > before)
    press(d, Keys.ENTER)
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
    own = js(d, f"ownCubeAt('{m[2:]}')")
    go(idx(m[:2]), idx(m[2:]))
    if own:
        # One's own cube is taken by a second Enter on it.
        wait(d, f"{m[2:]}'s capture waiting", lambda d: d.find_elements(By.CSS_SELECTOR, f"#sq-{m[2:]}.armed"))
        time.sleep(0.6)
        ActionChains(d).send_keys(Keys.ENTER).perform()
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


@contextlib.contextmanager
def record_file(text):
    """A record written to a file for Load file, as a person's download is; removed after."""
    fd, path = tempfile.mkstemp(prefix="ewn-record-", suffix=".txt")
    with os.fdopen(fd, "w") as f:
        f.write(text)
    try:
        yield path
    finally:
        os.remove(path)


def load_file_asked(d, path):
    """Picks `path` with Load file over an unfinished game and waits for the question asked before
    the game is replaced."""
    d.find_element(By.ID, "load-file").send_keys(path)
    wait(d, "Replace it?", lambda d: d.find_element(By.ID, "replace-ask").is_displayed())
    time.sleep(0.5)


def load_text(d):
    """Loads the record text; when the game on the board is unfinished the page asks first, and
    is told yes."""
    click(d, "load-text-btn")
    if d.find_element(By.ID, "replace-ask").is_displayed():
        click(d, "replace-yes")


def note_shown(d):
    """The note's own text while it shows (over the status line on a phone it also repeats the
    status's words, on a line of their own)."""
    el = d.find_element(By.ID, "error")
    return d.execute_script("return $('error-text').textContent") if el.is_displayed() else ""


def ask_hint(d):
    """Presses Hint until its note shows: asked again while the analysis behind it still runs
    (the note then says so)."""
    def hinted(d):
        if not note_shown(d).startswith("Hint:"):
            d.find_element(By.ID, "hint").click()
            time.sleep(0.5)
        return note_shown(d).startswith("Hint:")
    wait(d, "the hint's note", hinted)


def idle(d):
    """No request of the page is on its way."""
    return js(d, "inFlight") == 0


def navigate_to(d, ply):
    d.execute_script(f"navigate({ply})")
    wait(d, f"move {ply}", lambda d: ply_pos(d) == ply)


def type_die(d, n):
    click_first(d, f"die {n}", f"#typed-dice button[data-die='{n}']")
    wait(d, f"die {n}", lambda d: js(d, "S.die") == n and idle(d))


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


def first_state(d):
    """Waits for the page's first state from the server (the status no longer "Connecting…")."""
    wait(d, "the first state from the server", lambda d: js(d, "S") and status(d) not in ("", "Connecting…"))


def open_arena(d):
    """Opens the arena's address in `d` and waits for its first state."""
    d.get(URL)
    first_state(d)


def in_arena(width, height, *steps, scrollbars=False):
    """Opens the arena in a new browser of `width` x `height` (with `scrollbars`, as `browser`
    has them), runs each of `steps` on it in turn, and closes the browser whatever happens."""
    d = browser(width, height, scrollbars)
    try:
        open_arena(d)
        for step in steps:
            step(d)
    finally:
        close(d)


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


def doc_top(d, id_):
    """Where an element's top is on the page (not on the screen), in whole pixels."""
    return js(d, f"Math.round($('{id_}').getBoundingClientRect().top + scrollY)")


def focus_on_play(d):
    """The focus is on Roll or on a square of the board (not the page's body)."""
    return js(d, "document.activeElement.id === 'roll' || Boolean(document.activeElement.closest('#board'))")
