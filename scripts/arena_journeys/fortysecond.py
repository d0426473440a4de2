"""The checks of what the forty-second new player reported: the Hint named c1b2 at 44.1% on one
screen and c1c2 at 45.0% on another for the same position (the analysis searches for a time, so
its depth followed the machine's load); a keyboard player taking their own cube with the arrows and Enter was told "click d2 again to confirm"; the
watch-only page, with no step buttons, said over its graph "use ← → Home End"."""

import json

from selenium.webdriver.common.action_chains import ActionChains
from selenium.webdriver.common.keys import Keys

from . import driver
from .driver import ask_hint, browser, close, idle, in_arena, js, new_game, note_shown, shot, status, wait

# The standard start with both setups 123456.
START = "R1R2R32/R4R53/R63B6/3B5B4/2B3B2B1 r"


def start_at(d, fen):
    """A game of two people from `fen`, the die typed."""
    game = {"red": {"type": "human"}, "blue": {"type": "human"}, "seed": 9, "dice": "manual", "position": fen}
    before = js(d, "S.version")
    d.execute_script(f"post('/api/new', {json.dumps(game)})")
    wait(d, "the new game", lambda d: js(d, "S.version") > before and js(d, "S.fen") == fen and idle(d))


def typed_die(d, n):
    d.execute_script(f"post('/api/roll', {{die: {n}}})")
    wait(d, f"die {n}", lambda d: js(d, "S.die") == n and idle(d))


def hint_same_and_close_second(d):
    """The start, die 3: the hint is c5d4, and c5c4 (within a point) is named with it; asked
    again with the analysis timed otherwise, the same words."""
    w = js(d, "innerWidth")
    said = []
    for ms in (10, 1500):
        d.execute_script(f"post('/api/settings', {{analysis: true, analysis_ms: {ms}}})")
        wait(d, f"analysis {ms} ms", lambda d: js(d, "S.settings.analysis_ms") == ms and idle(d))
        start_at(d, START)
        typed_die(d, 3)
        ask_hint(d)
        said.append(note_shown(d))
    shot(d, f"{w}-42-hint.png")
    d.execute_script("post('/api/settings', {analysis_ms: 400})")
    print(f"{w}: the hint at the start, die 3, the analysis at 10 and 1500 ms: {said}")
    assert said[0] == said[1], f"the same position and die got two hints: {said}"
    assert "c5d4" in said[0] and "c5c4 is about as good" in said[0], \
        f"the hint does not name the move within a point of the best: {said[0]!r}"


def enter_asks_enter(d):
    """Red's 2 on a5 takes its own 4 on b5 by the arrows and Enter: the status asks for Enter
    again, not a click."""
    w = js(d, "innerWidth")
    start_at(d, "R2R43/5/5/5/4B1 r")
    typed_die(d, 2)
    d.execute_script("focusSquare(0)")  # a5
    ActionChains(d).send_keys(Keys.ENTER, Keys.ARROW_RIGHT, Keys.ENTER).perform()
    wait(d, "b5's capture waiting", lambda d: js(d, "Boolean(liveArm(S))"))
    said = status(d)
    shot(d, f"{w}-42-enter-own-cube.png")
    print(f"{w}: the own cube taken by Enter: {said!r}")
    assert "Enter on b5 again" in said and "click" not in said.lower(), f"a keyboard player is told to click: {said!r}"
    ActionChains(d).send_keys(Keys.ENTER).perform()
    wait(d, "the capture", lambda d: js(d, "S.plies.length") == 1 and idle(d))


def engines_play(d):
    """A game of two engines to its end, for a watcher to see whole (a person's game holds the
    graph back)."""
    new_game(d, ("ewn", 1, 20), ("ewn", 1, 20), 3)
    wait(d, "the engines' game's end", lambda d: js(d, "Boolean(S.winner)") and idle(d))


def watch_only_graph_words():
    """A page without the token, a game of engines over: the graph's heading offers no keys it
    cannot use."""
    d = browser(1280, 800)
    try:
        d.get(driver.URL.split("?")[0])
        wait(d, "the watch-only page", lambda d: js(d, "S") and status(d).startswith("Watching"))
        wait(d, "the graph", lambda d: js(d, "$('graph-card').offsetParent !== null"))
        said = js(d, "$('graph-card').querySelector('h2').innerText")
        shot(d, "1280-42-watch-graph.png")
        print(f"watch-only: the graph's heading {said!r}")
        assert "Home End" not in said and "←" not in said, f"a watch-only page offers keys that cannot step: {said!r}"
    finally:
        close(d)


def fortysecond_players_report():
    in_arena(1280, 800, hint_same_and_close_second, enter_asks_enter, engines_play)
    watch_only_graph_words()
