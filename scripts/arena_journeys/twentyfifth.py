"""The checks of what the twenty-fifth new player reported: one click could take one's own cube
though the rules of the page ask for a second. With a cube picked by a click, a click on another
own cube that can move asked for a second click, and then one click on an own cube that could
not move took it at once; a click on the picked cube, then one on an own cube, took it at once
too. A first click on any own cube the picked cube can take only asks, whatever came before.
Also: a note of the game before stayed over the New game form's heading on a phone, and 6x6,
played with two dice, said "roll the die"."""

import time

from selenium.webdriver.common.by import By

from .driver import wait, js, idle, board_still, click, ply_count, note_shown, type_die, in_arena, new_game, shot, status
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




def form_clears_notes(d):
    """390x844: a note of the game before (an engine took its own cube) stood over the New game
    form's heading once the form opened. Opening the form clears the game's notes."""
    d.execute_script("$('newgame').open = false; window.scrollTo(0, 0); document.activeElement.blur()")
    time.sleep(0.3)
    d.execute_script("flash('ewn took its own cube 1: allowed, and sometimes best.', 'info')")
    wait(d, "the note", lambda d: note_shown(d))
    d.find_element(By.CSS_SELECTOR, "#newgame summary").click()
    wait(d, "the form open", lambda d: js(d, "$('newgame').open"))
    time.sleep(0.3)
    left = note_shown(d)
    shot(d, "phone-25-form-open.png")
    print(f"phone: the New game form opened, the note left: {left!r}")
    assert left == "", f"a note of the game before stays with the New game form open: {left!r}"


def two_dice_said(d):
    """6x6 throws two dice: its status says "roll the dice", not "roll the die"."""
    new_game(d, ("human",), ("ewn", 1, 30), variant="6x6")
    wait(d, "the person's roll", lambda d: js(d, "S.side === 'r' && S.die === null") and idle(d))
    said = status(d)
    print(f"1280: 6x6 before the roll the status reads {said!r}")
    assert "roll the dice" in said, f"6x6's status does not say to roll the dice: {said!r}"


def arrival_form_folded(d):
    """1280x800: on arrival the New game form was open (its Start game at y = 1013, below the
    screen) and folded after the first move, moving the column beside the board. It arrives
    folded, and the first move moves no card of the column."""
    is_open = js(d, "$('newgame').open")
    start = js(d, "Math.round($('ng-start').getBoundingClientRect().top)")
    where = "['analysis-card', 'graph-card', 'review-card'].map((i) => Math.round($(i).getBoundingClientRect().top))"
    board_still(d)
    before = js(d, where)
    shot(d, "desktop-25-arrival.png")
    if js(d, "S.die === null && !S.winner"):
        click(d, "roll")
    wait(d, "the die", lambda d: js(d, "S.legal.length") > 0 and idle(d))
    d.execute_script("playMove(S.legal[0])")
    wait(d, "the first move", lambda d: ply_count(d) >= 1 and idle(d))
    board_still(d)
    after = js(d, where)
    print(f"1280: on arrival the New game form open: {is_open} (Start game at y = {start}); the column's cards at {before}, after the first move at {after}")
    assert not is_open, "the New game form is open on arrival"
    assert before == after, f"the first move moved the column's cards: {before} -> {after}"


def twentyfifth_players_report():
    in_arena(1280, 800, own_cube_asks_first, two_dice_said)
    in_arena(390, 844, form_clears_notes)
    in_arena(1280, 800, arrival_form_folded)

