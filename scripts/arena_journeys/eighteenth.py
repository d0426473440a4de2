"""The checks of what the eighteenth new player reported, each at the size where it was seen: on
a phone, game 3 of a six-game record loaded from a file and stepped to its end had the step
buttons (|< < > >|) below the first screen, under the record's games."""

import os
import tempfile
import time

from selenium.webdriver.common.by import By

from .driver import wait, click, js, idle, in_arena, board_still, shot, ply_count, ply_pos, over
from .records import MATCH6
from .sixteenth import rect


def load_file(d, text):
    """Loads a record through Load file, as a person picks a file."""
    fd, path = tempfile.mkstemp(prefix="ewn-record-", suffix=".txt")
    with os.fdopen(fd, "w") as f:
        f.write(text)
    try:
        d.find_element(By.ID, "load-file").send_keys(path)
        # Over a game in progress the page asks first, and is told yes.
        time.sleep(0.3)
        if d.find_element(By.ID, "replace-ask").is_displayed():
            click(d, "replace-yes")
        wait(d, "the record's first game", lambda d: ply_count(d) > 0 and idle(d)
             and d.find_element(By.ID, "rec-pos").text.startswith("Game 1 of"))
    finally:
        os.remove(path)


def phone_record_game_end_steps(d):
    """390x844: game 3 of a six-game record loaded from a file and stepped to its end put the step
    buttons at 883-919 px, below the screen of 844, with the record's games above them. The step
    buttons and the record's games are on the first screen."""
    load_file(d, MATCH6)
    d.execute_script("const p = $('rec-game'); p.value = '3'; p.dispatchEvent(new Event('change'));")
    wait(d, "game 3", lambda d: d.find_element(By.ID, "rec-pos").text == "Game 3 of 6" and idle(d))
    click(d, "nav-last")
    wait(d, "the game's end", lambda d: ply_pos(d) == ply_count(d) and over(d) and idle(d))
    d.execute_script("document.activeElement.blur(); window.scrollTo(0, 0)")
    board_still(d)
    h = js(d, "innerHeight")
    where = {i: rect(d, i) for i in ("nav-first", "nav-last", "record-bar", "result")}
    shot(d, "phone-18-record-game-end.png")
    out = [i for i, r in where.items() if not (r["top"] >= 0 and r["bottom"] <= h)]
    print(f"phone: game 3 of 6 at its end, the step row at {round(where['nav-first']['top'])}-"
          f"{round(where['nav-first']['bottom'])} px, the record's games at {round(where['record-bar']['top'])}-"
          f"{round(where['record-bar']['bottom'])} of {h}")
    assert not out, f"a record's game at its end on a phone: out of the first screen {out} ({where})"


def eighteenth_players_report():
    in_arena(390, 844, phone_record_game_end_steps)
