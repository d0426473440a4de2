"""The checks of what the twelfth new player reported, at 1280x800 and 390x844: a loaded
record's player bars keep one line's height on a phone, a click on a square with nothing to
pick says what can move, and a review's loss agrees with the two win chances shown."""

import re

from selenium.webdriver.common.by import By

from .driver import (click_review, browser, click_first, close, board_still, wait, click, js, ply_count, idle, new_game, enabled,
    load_record_text, note_shown, open_arena, doc_top)
from .records import MATCH6, REVIEWED


def phone_record_bars_one_line(d):
    """390x844: the bars of a record's players ("Red: ewn (this engine, level 10)", one line)
    stay as high as a new game's and the board where it was (a count of letters took the name
    for two lines: the bars grew 33 to 51 px, the board 18 px down)."""
    new_game(d, ("human",), ("human",))
    d.execute_script("window.scrollTo(0, 0)")
    board_still(d)
    before = js(d, "['bar-red', 'bar-blue'].map((i) => Math.round($(i).getBoundingClientRect().height))")
    top = doc_top(d, "board")
    load_record_text(d, MATCH6)
    wait(d, "the record's ewn seated", lambda d: ply_count(d) > 0 and js(d, "S.players.red.label") == "ewn" and idle(d))
    d.execute_script("window.scrollTo(0, 0)")
    board_still(d)
    bars = js(d, "['bar-red', 'bar-blue'].map((i) => Math.round($(i).getBoundingClientRect().height))")
    names = [d.find_element(By.ID, i).text for i in ("bar-red", "bar-blue")]
    assert bars == before, f"a loaded record's bars {names} are {bars} px high, a new game's {before}"
    assert doc_top(d, "board") == top, f"the board's top moved from {top} to {doc_top(d, 'board')} px after loading a record"
    cut = js(d, "[...document.querySelectorAll('.playerbar .pname')].filter((e) => e.scrollWidth > e.clientWidth + 1).map((e) => e.textContent)")
    assert not cut, f"a seat's words are cut on its bar: {cut}"
    print(f"phone: a loaded record's bars {names} stay {bars} px high, the board at {top} px")


def click_on_empty_square_says(d):
    """Standard game, rolled, nothing picked by the person: a click on an empty square that is
    no target says what can move, as Enter does (a click said nothing)."""
    new_game(d, ("human",), ("ewn", 2, 50), 5)
    wait(d, "Roll offered", lambda d: enabled(d, "roll"))
    click(d, "roll")
    wait(d, "the die rolled", lambda d: js(d, "S.die") is not None and js(d, "mayMove()") and idle(d))
    board_still(d)
    empty = js(d, "[...Array(S.squares.length).keys()].find((i) => !S.squares[i]"
                  " && !S.legal.some((m) => m.slice(2) === sqName(i)))")
    square = f"#board .cell[data-i='{empty}']"
    d.execute_script("arguments[0].scrollIntoView({block: 'center'})", d.find_element(By.CSS_SELECTOR, square))
    # Looked up again at the click: a redraw of the board in between (the analysis arriving)
    # replaces its squares.
    click_first(d, "a click on the empty square", square)
    said = wait(d, "the note on a click on an empty square", lambda d: "Nothing to pick" in note_shown(d) and note_shown(d))
    assert ply_count(d) == 0, "a click on an empty square played a move"
    print(f"click: an empty square of the standard game says {said!r}")


def review_loss_agrees(d):
    """A reviewed record: each marked move's loss is its best win chance minus the played
    one's as shown (56.8% - 53.1% was shown as -3.8%)."""
    load_record_text(d, REVIEWED)
    wait(d, "the loaded record", lambda d: ply_count(d) == 19 and idle(d))
    click_review(d)
    wait(d, "the review's marked moves", lambda d: d.find_elements(By.CSS_SELECTOR, "#review-marked li") and idle(d))
    lines = [e.get_attribute("textContent") for e in d.find_elements(By.CSS_SELECTOR, "#review-marked li")]
    for line in lines:
        m = re.search(r"played \S+ ([\d.]+)%, best \S+ ([\d.]+)%:? −([\d.]+)%", line)
        assert m, f"a marked move without its figures: {line!r}"
        played, best, loss = (round(float(x) * 10) for x in m.groups())
        assert best - played == loss, f"the loss disagrees with the figures shown: {line!r}"
    print(f"review: the loss of {len(lines)} marked moves agrees with the two win chances shown")


def twelfth_players_report():
    """What a twelfth new player reported, at 1280x800 and 390x844: a loaded record's bars
    keep their height on a phone, a click on an empty square says what can move, a review's
    loss agrees with the figures shown."""
    for width, height in ((1280, 800), (390, 844)):
        d = browser(width, height)
        try:
            open_arena(d)
            if width == 1280:
                click_on_empty_square_says(d)
                review_loss_agrees(d)
            else:
                phone_record_bars_one_line(d)
        finally:
            close(d)
