"""The checks of what the twenty-fifth new player reported: one click could take one's own cube
though the rules of the page ask for a second. With a cube picked by a click, a click on another
own cube that can move asked for a second click, and then one click on an own cube that could
not move took it at once; a click on the picked cube, then one on an own cube, took it at once
too. A first click on any own cube the picked cube can take only asks, whatever came before."""

import time

from selenium.webdriver.common.by import By

from .driver import wait, js, ply_count, note_shown, type_die, in_arena
from .variants import load_position

# Red's 1 on a5, 3 on b5, 5 on a4; die 2 moves 1 and 3, not 5: a5 can take b5 and a4.
THREE_OWN = "R1R33/R54/5/5/4B1 r"


def press(d, square):
    d.find_element(By.ID, f"sq-{square}").click()
    time.sleep(0.6)  # clicks apart, never a double click


def first_click_asks(d, prefix, before):
    """From the position, die 2: the clicks of `before`, then one click on a4 (Red's 5, which
    cannot move): nothing is taken, a4 waits for its second click, and that one takes it."""
    load_position(d, THREE_OWN)
    type_die(d, 2)
    for square in before:
        press(d, square)
    press(d, "a4")
    taken = ply_count(d)
    said = note_shown(d)
    print(f"{prefix}: clicks {' '.join(before)} then a4 once: {taken} moves played; the note {said!r}")
    assert taken == 0, f"after {' '.join(before)} one click on a4 took one's own cube ({taken} moves played)"
    assert d.find_elements(By.CSS_SELECTOR, "#sq-a4.armed"), "a4's capture does not wait for a second click"
    assert "a4 again" in said, f"the note does not ask for a second click on a4: {said!r}"
    press(d, "a4")
    wait(d, "a5 takes a4 on the second click", lambda d: ply_count(d) == 1 and js(d, "S.plies[0].move") == "a5a4")


def own_cube_asks_first(d):
    for before in (["a5", "b5"], ["a5", "a5"], ["a5"]):
        first_click_asks(d, "1280", before)


def twentyfifth_players_report():
    in_arena(1280, 800, own_cube_asks_first)
