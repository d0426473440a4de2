"""The checks of what the thirty-seventh new player reported: a move onto one's own cube left
armed (its second click not given) in a game with no moves came back in the next game started
from the form, which asks nothing then: after the first roll the status said "a3 takes your own
b3: tap b3 again to confirm" with b3 empty in a 4x4 game, and a new nodice game opened with it;
a game picked in a record's picker kept the focus there, and the step keys ← → then loaded the
game before or after (each with its win chances worked out anew) instead of stepping."""

import time

from selenium.webdriver.common.by import By
from selenium.webdriver.common.keys import Keys

from .driver import click, idle, in_arena, js, new_game, wait, load_record_text, pick_record_game, ply_count
from .records import MATCH6
from .thirtyfourth import arm_take_own


def arm_ends_with_its_game(d):
    """a4b4 armed in a game of seed 7 (die 4); a new game of the same seed, started before the
    second click, rolls the same die, where a4b4 is legal again: nothing is armed there."""
    w = js(d, "innerWidth")
    arm_take_own(d)
    new_game(d, ("human",), ("ewn", 1, 20), 7)
    wait(d, "the new game", lambda d: js(d, "S.ply") == 0 and js(d, "S.die") is None and idle(d))
    click(d, "roll")
    wait(d, "the die", lambda d: js(d, "S.legal.length") > 0 and idle(d))
    assert js(d, "S.legal.includes('a4b4')"), f"seed 7's first die does not allow a4b4: {js(d, 'S.legal')}"
    time.sleep(0.4)
    armed = [e.get_attribute("id") for e in d.find_elements(By.CSS_SELECTOR, ".armed")]
    st = js(d, "$('status').textContent")
    print(f"{w}: a new game after a4b4 was armed: armed squares {armed}, status {st!r}")
    assert not armed, f"a new game shows the last game's armed capture on {armed}"
    assert "takes your own" not in st, f"a new game's status speaks of the last game's armed capture: {st!r}"


def picker_leaves_the_steps(d):
    """A record of six games, game 3 picked in the picker (the focus on it): ← steps one move
    back in game 3, → one forward, and the picker still says game 3."""
    load_record_text(d, MATCH6)
    wait(d, "game 1 of the record", lambda d: ply_count(d) > 0 and d.find_element(By.ID, "rec-pos").text == "Game 1 of 6")
    pick_record_game(d, "3")
    wait(d, "game 3 of the record", lambda d: ply_count(d) == 13 and d.find_element(By.ID, "rec-pos").text == "Game 3 of 6" and idle(d))
    picker = d.find_element(By.ID, "rec-game")
    d.execute_script("arguments[0].focus()", picker)
    start = js(d, "S.ply")
    seen = []
    for key, step in ((Keys.ARROW_LEFT, -1), (Keys.ARROW_RIGHT, 0)):
        d.switch_to.active_element.send_keys(key)
        wait(d, f"the step to {start + step}", lambda d: js(d, "S.ply") == start + step and idle(d)
             or d.find_element(By.ID, "rec-pos").text != "Game 3 of 6")
        seen.append((js(d, "S.ply"), d.find_element(By.ID, "rec-pos").text, picker.get_attribute("value")))
    print(f"{js(d, 'innerWidth')}: ← and → from the record's picker at move {start} of game 3: {seen}")
    assert seen == [(start - 1, "Game 3 of 6", "3"), (start, "Game 3 of 6", "3")], f"← → from the picker: {seen}"


def thirtyseventh_players_report():
    in_arena(390, 844, arm_ends_with_its_game)
    in_arena(1280, 800, arm_ends_with_its_game, picker_leaves_the_steps)
