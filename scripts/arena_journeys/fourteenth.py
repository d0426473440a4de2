"""The checks of what the fourteenth new player reported, at 1280x800 and 390x844: a side line's
bar within an 800 px window and the die in one place whether a record's games show or not; on a
phone the turn's row right after the board and Blue's bar; one's own cube taken by keys with the
taking cube the one picked; a long note whole beside the board; and the keyboard on Roll when
the page opens."""

from selenium.webdriver.common.by import By
from selenium.webdriver.common.keys import Keys

from .driver import (pick_record_game, press, browser, close, board_still, wait, click, js, idle, new_game, enabled, note_shown,
    open_arena, first_state, load_record_text, ply_count, navigate_to)
from .records import MATCH6
from .variants import load_position


def focus_on_roll_at_open(d):
    """A page opened on the person's turn has the keyboard on Roll (it was on the page's body, Tab
    starting from the top), the page not scrolled."""
    new_game(d, ("human",), ("ewn", 2, 50), 7)
    wait(d, "Roll offered", lambda d: enabled(d, "roll"))
    d.refresh()
    first_state(d)
    wait(d, "the keyboard on Roll", lambda d: js(d, "document.activeElement.id") == "roll")
    assert js(d, "scrollY") == 0, f"the page opened scrolled to {js(d, 'scrollY')}"
    print("open: the keyboard is on Roll, the page at its top")


def side_line_in_view(d, width, height):
    """Game 3 of a record of six, stepped back to move 5 and played on: the side line's bar is
    within the window (at 1280x800 it ran to 809 px) and the die stays where it was at move 5 and
    in a game without a record (a record's games above it pushed it 80 px down). On a phone the
    turn's row comes right after the board and Blue's bar, the side line's way back below it, the
    record's games under the step buttons."""
    die_top = lambda d: round(js(d, "$('die').getBoundingClientRect().top + scrollY"))
    new_game(d, ("human",), ("ewn", 2, 50), 7)
    wait(d, "Roll offered", lambda d: enabled(d, "roll"))
    plain = die_top(d)
    load_record_text(d, MATCH6)
    wait(d, "game 1 of the record", lambda d: ply_count(d) > 0 and idle(d))
    pick_record_game(d, "3")
    wait(d, "game 3", lambda d: ply_count(d) == 13 and d.find_element(By.ID, "rec-pos").text == "Game 3 of 6" and idle(d))
    navigate_to(d, 5)
    wait(d, "the die rolled there", lambda d: js(d, "S.die") is not None and idle(d))
    stepped = die_top(d)
    other = js(d, "S.legal.find((m) => m !== S.plies[S.ply].move)")
    d.execute_script(f"playMove('{other}')")
    wait(d, "the side line", lambda d: js(d, "Boolean(S.main)") and idle(d) and d.find_element(By.ID, "mainline").is_displayed())
    d.execute_script("document.activeElement.blur(); window.scrollTo(0, 0)")
    board_still(d)
    side = die_top(d)
    assert plain == stepped == side, f"the die's top moves: {plain} in a game, {stepped} at a record's move 5, {side} in a side line"
    tops = js(d, "Object.fromEntries(['bar-blue', 'turnbar', 'record-bar', 'mainline', 'navbar'].map((i) => [i, Math.round($(i).getBoundingClientRect().top)]))")
    # Beside the board (a column of its own) Blue's bar is not above the turn's row. The record's
    # games and the side line's bar come under the step buttons (since the thirty-second and
    # thirty-third reports: above them they moved the step row).
    first = tops["bar-blue"] if width < 900 else tops["turnbar"] - 1
    assert first < tops["turnbar"] < tops["navbar"] < tops["mainline"] < tops["record-bar"], \
        f"the order is not Blue's bar, the turn's row, the step row, the side line's bar, the record's games: {tops}"
    if width > 1000:
        bottom = js(d, "Math.max(...['mainline', 'bar-blue', 'moves'].map((i) => $(i).getBoundingClientRect().bottom))")
        assert bottom <= height, f"at {width}x{height} the side line's bar, Blue's bar or the move list ends at {bottom} px"
        below = js(d, "Math.round($('controls').lastElementChild.getBoundingClientRect().bottom)")
        assert below <= height, f"the column beside the board runs to {below} px"
    print(f"side line at {width}x{height}: the die at {side} px in every state; order {tops}")


def own_cube_by_keys(d):
    """nodice, a5 picked by Enter, then → and Enter on b5 (one's own cube): a5 stays the one
    picked and b5 is marked as its capture only (b5 was picked too, its targets drawn), the note
    and the screen reader's words the same; Enter on b5 again takes it."""
    load_position(d, "R1R23/5/5/5/4B1 r", "nodice")
    d.execute_script("focusSquare(Number($('sq-a5').dataset.i))")
    press(d, Keys.ENTER)
    wait(d, "a5 picked", lambda d: js(d, "selected") == "a5")
    press(d, Keys.ARROW_RIGHT)
    wait(d, "the keyboard on b5", lambda d: js(d, "document.activeElement.id") == "sq-b5")
    press(d, Keys.ENTER)
    wait(d, "b5's capture waiting", lambda d: d.find_elements(By.CSS_SELECTOR, "#sq-b5.take-own.armed") and note_shown(d))
    assert js(d, "selected") == "a5", f"after Enter on b5 the picked cube is {js(d, 'selected')}"
    picked = js(d, "[...document.querySelectorAll('#board [aria-selected=\"true\"]')].map((e) => e.id)")
    assert picked == ["sq-a5"], f"the squares shown as picked: {picked}"
    shown = note_shown(d)
    # The words are read out a moment after the note shows (the live region is emptied first).
    said = wait(d, "the words read out", lambda d: js(d, "$('announce').textContent"))
    assert said == shown and "b5 again" in shown and "a5" in shown, f"the note {shown!r} and the words read out {said!r}"
    press(d, Keys.ENTER)
    wait(d, "a5 takes b5", lambda d: ply_count(d) == 1 and js(d, "S.plies[0].took") == "R2")
    print(f"nodice by keys: a5 stays picked, b5 its capture; {shown!r}")


def hint_says_own_capture(d):
    """A hint's note says "(takes your own cube)" exactly when its move takes one (the note
    read like any move); in this game (seed 7) the first hint is a4a3 onto Red's own 6."""
    new_game(d, ("human",), ("ewn", 2, 50), 7)
    wait(d, "Roll offered", lambda d: enabled(d, "roll"))
    click(d, "roll")
    wait(d, "the die rolled", lambda d: js(d, "S.die") is not None and idle(d) and enabled(d, "hint"))
    click(d, "hint")
    wait(d, "the hint's note", lambda d: note_shown(d).startswith("Hint:") and js(d, "hintMove"))
    own = js(d, "ownCubeAt(hintMove.slice(2))")
    said = note_shown(d)
    assert ("(takes your own cube)" in said) == own, f"the hint {js(d, 'hintMove')} (own cube taken: {own}) reads {said!r}"
    print(f"hint: {said!r}")


def long_note_whole(d):
    """1280x800: a note of three lines (a rematch's seats) reads whole under the board, with no
    "more", and moves neither the board nor Blue's bar."""
    d.execute_script("window.scrollTo(0, 0)")
    where = lambda d: js(d, "['board', 'bar-blue'].map((i) => Math.round($(i).getBoundingClientRect().top))")
    before = where(d)
    text = ("Rematch, colours swapped. Red: a person in place of mcts:3000 (not in this arena; ewn gui --engine adds it). "
            "Blue: this engine (level 10, 500 ms a move) in place of ewn, as the record had it.")
    d.execute_script(f"flash({text!r}, 'info')")
    wait(d, "the long note", lambda d: note_shown(d).startswith("Rematch, colours"))
    cut = js(d, "$('error').classList.contains('cut')")
    assert not cut, "a note of three lines is cut beside the board"
    assert where(d) == before, f"the note moved the board and Blue's bar: {before} -> {where(d)}"
    click(d, "note-close")
    print(f"desktop: a note of {len(text)} characters whole under the board, the bars at {before}")


def fourteenth_players_report():
    """What a fourteenth new player reported, at 1280x800 and 390x844."""
    for width, height in ((1280, 800), (390, 844)):
        d = browser(width, height)
        try:
            open_arena(d)
            side_line_in_view(d, width, height)
            if width == 1280:
                focus_on_roll_at_open(d)
                own_cube_by_keys(d)
                hint_says_own_capture(d)
                long_note_whole(d)
        finally:
            close(d)
