"""The checks of what the thirtieth new player reported, each at the size where it was seen:
Home and End stepped through the game only with a step button or a move-list entry focused,
elsewhere End scrolled the page (810 px on a desktop, 1141 on a phone) and the game stayed at
5 of 19; the page as it opened at 1280x800 in a browser with scroll bars was 834 px tall (the
Record card's buttons on two rows beside the bar, the Settings card cut); the typed move's box
showed "a5b4" as its example on every board, also 3x3, which has no a5; a record of several
games loaded over an unfinished game asked with its game picker under the question's buttons
(at 773-800 px of 800)."""

import time

from selenium.webdriver.common.keys import Keys

from .driver import (wait, js, new_game, in_arena, open_arena, enabled, press, ply_pos, ply_count,
                     navigate_to, load_record_text, browser, close, first_state, click, shot,
                     record_file, load_file_asked)
from . import driver
from .records import MATCH6, REVIEWED
from .sixteenth import play_a_move, rect


def home_and_end_anywhere(d):
    """A finished game of a record stepped back to move 5, the focus on nothing (the page's
    body): End goes to the game's end and Home to its start, and the page does not scroll."""
    load_record_text(d, REVIEWED)
    wait(d, "the record's game", lambda d: ply_count(d) > 6 and js(d, "inFlight") == 0)
    navigate_to(d, 5)
    d.execute_script("document.activeElement.blur(); window.scrollTo(0, 0)")
    time.sleep(0.3)
    w = js(d, "innerWidth")
    press(d, Keys.END)
    time.sleep(0.5)
    seen = {"at": ply_pos(d), "of": ply_count(d), "y": js(d, "Math.round(scrollY)")}
    print(f"{w}: End with the focus on nothing {seen}")
    assert seen["at"] == seen["of"] and seen["y"] == 0, f"End did not go to the game's end, or scrolled: {seen}"
    press(d, Keys.HOME)
    wait(d, "Home at the start", lambda d: ply_pos(d) == 0)
    y = js(d, "Math.round(scrollY)")
    print(f"{w}: Home with the focus on nothing: at move {ply_pos(d)}, the page at {y}")
    assert y == 0, f"Home scrolled the page to {y}"


def fresh_page_fits_beside_a_scroll_bar():
    """1280x800 with a scroll bar as a desktop browser draws one, a page opened over a new game:
    it is no taller than the screen (834 px: the bar shown while it loads narrowed the panel,
    the Record card's buttons took two rows and the bar stayed)."""
    d = browser(1280, 800, scrollbars=True)
    try:
        open_arena(d)
        new_game(d, ("human",), ("ewn", 2, 50), 31)
        wait(d, "Roll offered", lambda d: enabled(d, "roll"))
        d.get(driver.URL)
        first_state(d)
        wait(d, "Roll offered again", lambda d: enabled(d, "roll"))
        time.sleep(0.5)
        seen = js(d, "({h: document.documentElement.scrollHeight, w: document.documentElement.clientWidth,"
                     " record: Math.round($('save').parentElement.getBoundingClientRect().height)})")
        print(f"1280 with a scroll bar: the page as it opens {seen}")
        assert seen["h"] <= 800, f"the page at 1280x800 is {seen['h']} px tall: its foot is cut {seen}"
    finally:
        close(d)


def example_move_of_the_board(d):
    """The typed move's example is a move of the board's own squares: a5b4 on 5x5, none of a5
    on 3x3."""
    seen = {}
    for variant in ("3x3", "standard"):
        new_game(d, ("human",), ("human",), 5, variant=variant)
        seen[variant] = js(d, "$('move-input').placeholder")
    print(f"390: the typed move's example {seen}")
    assert seen["standard"] == "a5b4" and seen["3x3"] == "a3b2", f"the example is not a move of the board: {seen}"


def load_question_under_the_picker(d):
    """1280x800 and 390x844: a record of six games loaded from a file over an unfinished game asks first,
    its game picker above the question's buttons (it stood under them, at 773-800 px), both
    whole on the screen."""
    play_a_move(d)
    with record_file(MATCH6) as path:
        load_file_asked(d, path)
        pick, yes = rect(d, "record-pick"), rect(d, "replace-yes")
        shot(d, "1280-30-load-ask.png", top=False)
        print(f"{js(d, 'innerWidth')}: Load's question: the picker at {round(pick['top'])}-{round(pick['bottom'])},"
              f" Load the record at {round(yes['top'])}-{round(yes['bottom'])}")
        assert pick["bottom"] <= yes["top"], f"the record's game picker is under the question's buttons: {pick} {yes}"
        assert pick["top"] >= 0 and yes["bottom"] <= js(d, "innerHeight"), f"the picker or the buttons off the screen: {pick} {yes}"
        click(d, "replace-no")


def thirtieth_players_report():
    in_arena(1280, 800, home_and_end_anywhere, load_question_under_the_picker)
    fresh_page_fits_beside_a_scroll_bar()
    in_arena(390, 844, home_and_end_anywhere, example_move_of_the_board, load_question_under_the_picker)
