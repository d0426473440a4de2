"""The checks of what the eleventh new player reported, at 1280x800 and 390x844: a review's
steps that stay put, Enter on an empty square of the standard game, the keyboard at a game's end
and on the step buttons, and a phone's rows that do not move."""

from selenium.webdriver.common.by import By
from selenium.webdriver.common.keys import Keys

from .driver import (click_review, press, browser, close, board_still, wait, click, js, ply_count, ply_pos, enabled, over,
    new_game, load_record_text, note_shown, idle, navigate_to, open_arena, scroll_settled)
from .records import REVIEWED
from .variants import load_position


def review_steps_keep_their_place(d, width):
    """Stepping through a reviewed game moves neither the step buttons nor Blue's bar: the
    marked decision's line stands over the bar above the board (in the page's flow it pushed
    them 48 px down and back, the step buttons off a phone's first screen)."""
    load_record_text(d, REVIEWED)
    wait(d, "the loaded record", lambda d: ply_count(d) == 19 and idle(d))
    click_review(d)
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
    press(d, Keys.ENTER)
    said = wait(d, "the note on Enter on an empty square", lambda d: "Nothing to pick" in note_shown(d) and note_shown(d))
    assert ply_count(d) == 0, "Enter on an empty square played a move"
    print(f"keys: Enter on an empty square of the standard game says {said!r}")


def keys_at_the_end_and_on_steps(d):
    """A game ended from the board by keys leaves the keyboard on Rematch; End and Home on a
    step button go to the end and the start; on a move-list entry the focus follows."""
    load_position(d, "5/5/5/4B1/3R11 r", "nodice")
    focus_square_named = "focusSquare(geo().index(arguments[0]))"
    d.execute_script(focus_square_named, "d1")
    press(d, Keys.ENTER)
    wait(d, "d1 picked", lambda d: js(d, "selected") == "d1")
    d.execute_script(focus_square_named, "e1")
    press(d, Keys.ENTER)
    wait(d, "the game's end", over)
    wait(d, "the keyboard on Rematch", lambda d: js(d, "document.activeElement.id") in ("rematch", "review-end"))
    load_record_text(d, REVIEWED)
    wait(d, "the loaded record", lambda d: ply_count(d) == 19 and idle(d))
    navigate_to(d, 5)
    d.execute_script("document.getElementById('nav-fwd').focus()")
    press(d, Keys.END)
    wait(d, "End on a step button: the end, the focus on a step", lambda d: ply_pos(d) == 19 and idle(d)
         and js(d, "document.activeElement.id") == "nav-back")
    press(d, Keys.HOME)
    wait(d, "Home on a step button: the start", lambda d: ply_pos(d) == 0 and idle(d)
         and js(d, "document.activeElement.id") == "nav-fwd")
    navigate_to(d, 5)
    entry = d.find_element(By.CSS_SELECTOR, "#moves li button[data-ply='5']")
    d.execute_script("arguments[0].focus()", entry)
    press(d, Keys.END)
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
