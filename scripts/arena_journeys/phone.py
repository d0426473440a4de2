"""The phone game at 390x844 with reduced motion: a game played to its end with nothing animating,
a reviewed record near the board, a record's side line, the variants again."""

from selenium.webdriver.common.by import By

from . import driver
from .driver import (browser, close, board_still, shot, wait, click_first, click, status, js,
    ply_count, ply_pos, over, new_game, scroll_settled, red_turn_or_end, roll_if_needed, click_move,
    axe, check_layout, note_shown, idle, navigate_to, status_and_board_in_view, all_in_view,
    load_record_text)
from .records import review_loaded, third_game_of_a_record, hold_an_arrow_through_a_game, MATCH6
from .variants import (variant_game, phone_own_capture_mark, hole_and_fall, variants_explained,
    coords_clear_of_cubes, badges_clear_of_numbers)


def review_near_the_board(d):
    """On a phone a reviewed game's review is near the board: a link under the move list says
    what it found and brings its card into view, and the card comes right after the board's
    controls, before the rest of the panel."""
    link = wait(d, "the link to the review", lambda d: d.find_element(By.ID, "to-review").is_displayed()
                and d.find_element(By.ID, "to-review"))
    assert "marked" in link.text, f"the review's link says {link.text!r}"
    order = d.execute_script(
        "const y = (id) => document.getElementById(id).getBoundingClientRect().top;"
        "return [y('controls'), y('review-card'), y('analysis-card'), y('newgame')];")
    assert order[1] < order[2] and order[1] < order[3], f"the review's card is not first after the board: {order}"
    d.execute_script("arguments[0].scrollIntoView({block: 'center'})", link)
    link.click()
    wait(d, "the review's card in view", lambda d: d.execute_script(
        "const r = document.getElementById('review-card').getBoundingClientRect();"
        "return r.top >= -1 && r.top < window.innerHeight / 2;"))
    print("phone: the review is a link away, right after the board")


def review_brings_the_board(d):
    """On a phone, a review entry far below the board brings the board into view."""
    d.execute_script("document.getElementById('review-card').scrollIntoView({block: 'end'})")
    wait(d, "the board out of view", lambda d: d.find_element(By.ID, "board").rect["y"] + 50 < js(d, "window.scrollY"))
    navigate_to(d, 19)
    d.execute_script("document.getElementById('review-card').scrollIntoView({block: 'end'})")
    click_first(d, "a review entry below the board", "#review-marked button")

    def board_in_view(d):
        r = d.execute_script("return document.getElementById('board').getBoundingClientRect().toJSON()")
        # The player's bar above the board too: the board's top edge is never cut.
        bar = d.execute_script("return document.querySelector('.board-wrap').previousElementSibling.getBoundingClientRect().top")
        return ply_pos(d) < 19 and r["top"] >= -1 and bar >= -1 and r["bottom"] <= 844 + 1

    wait(d, "the board in view after a review entry", board_in_view)
    wait(d, "the decision's frames", lambda d: d.find_elements(By.CSS_SELECTOR, ".cell.best-to"))


def phone_link_to_analysis(d):
    """390x844: the move row's "Analysis ↓" brings the analysis (far below the board on a
    phone) to the screen's top, the keyboard on its heading."""
    d.execute_script("window.scrollTo(0, 0)")
    link = d.find_element(By.ID, "to-analysis")
    assert link.is_displayed(), "no link to the analysis by the board's controls"
    start = js(d, "Math.round($('analysis-card').getBoundingClientRect().top)")
    click(d, "to-analysis")
    wait(d, "the analysis at the screen's top", lambda d: scroll_settled(d)
         and -2 <= js(d, "document.querySelector('#analysis-card h2').getBoundingClientRect().top") <= 60)
    assert js(d, "document.activeElement === document.querySelector('#analysis-card h2')"), \
        "the keyboard is not on the analysis' heading"
    d.execute_script("window.scrollTo(0, 0)")
    print(f"phone: Analysis ↓ brings the analysis (at {start} px) to the screen's top")


def phone_no_empty_bands(d, lines):
    """390x844, a game against the engine at rest: no room is kept empty above the move
    list (a note's room under the board cost 46 px and pushed the list below the first screen),
    and the list's first entry is whole on the first screen."""
    d.execute_script("window.scrollTo(0, 0)")
    board_still(d)
    blocks = d.execute_script(
        "const ids = ['board', 'bar-red', 'bar-blue', 'error', 'decision', 'mainline', 'endbar', 'record-bar',"
        " 'seat-offer', 'turnbar', 'navbar', 'moves'];"
        "const els = ids.map((id) => $(id)).concat([document.querySelector('.moverow')]);"
        "return els.filter((e) => e.offsetParent !== null && getComputedStyle(e).visibility !== 'hidden'"
        " && getComputedStyle(e).position !== 'fixed')"
        ".map((e) => { const r = e.getBoundingClientRect(); return [e.id || e.className, Math.round(r.top), Math.round(r.bottom)]; })"
        ".sort((a, b) => a[1] - b[1]);")
    upto = [b for b in blocks if b[1] <= next(x[1] for x in blocks if x[0] == "moves")]
    for a, b in zip(upto, upto[1:]):
        assert b[1] - a[2] <= 16, f"an empty band of {b[1] - a[2]} px between {a[0]} and {b[0]}: {upto}"
    first = d.execute_script("const e = document.querySelector('#moves li'); return e ? Math.round(e.getBoundingClientRect().bottom) : null")
    height = js(d, "innerHeight")
    if lines:
        assert first is not None and first <= height, f"the move list's first entry ends at {first}, below the screen ({height})"
    top = next(x[1] for x in blocks if x[0] == "moves")
    assert top < height, f"the move list starts at {top}, below the first screen ({height})"
    print(f"phone: no empty band above the move list (its top at {top} px of {height}; first entry to {first})")


def phone_side_line_of_a_record(d):
    """On a phone, a side line from a loaded record of six games: Roll in view without scrolling
    (the record's games and the side line's way back do not push it off the screen); a long note
    keeps to the room kept for it, and the buttons below never move; Copy link's note on a
    record's game fits that room whole."""
    load_record_text(d, "# a record of six games\n" + MATCH6)
    wait(d, "game 1 of the record", lambda d: ply_count(d) > 8 and idle(d) and d.find_element(By.ID, "record-bar").is_displayed()
         and d.find_element(By.ID, "rec-pos").text == "Game 1 of 6")
    # Another move a few moves back, until the side line waits for the person's roll (the
    # engine's answer may end it at once).
    for back in range(8, 16):
        navigate_to(d, ply_count(d) - back)
        at = js(d, "S.ply")
        mv = js(d, f"S.legal.find((m) => m !== S.plies[{at}].move)")
        if not mv:
            continue
        d.execute_script("playMove(arguments[0])", mv)
        wait(d, "the side line, the person to roll or its end", lambda d: js(d, "S.main") is not None and idle(d)
             and ("roll the die" in status(d) or over(d)))
        if not over(d):
            break
        click(d, "to-main")
        wait(d, "the game again", lambda d: js(d, "S.main") is None and idle(d))
    assert "roll the die" in status(d), f"no side line waited for a roll: {status(d)!r}"
    board_still(d)
    out = all_in_view(d, ["board", "bar-blue", "roll", "die", "mainline"])
    assert not out, f"on a phone, in a record's side line out of view: {out} (Roll at " \
        f"{js(d, 'Math.round($(`roll`).getBoundingClientRect().bottom)')} of {js(d, 'innerHeight')})"
    shot(d, "phone-record-side-line.png")
    tab_follows_the_eye(d)
    where = lambda d: js(d, "['bar-blue', 'turnbar'].map((id) => Math.round($(id).getBoundingClientRect().top))")
    before = where(d)
    d.execute_script("flash('A long note. '.repeat(30), 'info')")
    wait(d, "the long note", lambda d: note_shown(d).startswith("A long note."))
    assert where(d) == before, f"a long note moved the bar and the buttons below: {before} -> {where(d)}"
    click(d, "to-main")
    wait(d, "the game again", lambda d: js(d, "S.main") is None and idle(d))
    click(d, "copy-link")
    said = wait(d, "Copy link's note", lambda d: "not the record" in note_shown(d) and note_shown(d))
    fits = js(d, "$('error').scrollHeight <= $('error').clientHeight + 1")
    assert fits, f"Copy link's note on a record's game is cut in its room: {said!r}"
    # The note goes (the next flows read a shown note as a refusal).
    d.execute_script("closeCopyBox(); clearTimeout(noteTimer); localError = null; render(S)")
    wait(d, "the note gone", lambda d: not note_shown(d))
    print("phone: Roll in view in a record's side line; notes keep to their room")


def tab_follows_the_eye(d):
    """The keyboard's Tab goes through the controls under the board in the order they are seen
    (on a phone Roll is drawn above the record's games: it comes first for Tab too). Only what
    can be seen counts: a move-list entry scrolled out of the list's box is not seen there."""
    seen = d.execute_script(
        "const inBox = (e) => { const l = e.closest('#moves'); if (!l) return true;"
        " const r = e.getBoundingClientRect(), b = l.getBoundingClientRect();"
        " return r.bottom > b.top + 1 && r.top < b.bottom - 1; };"
        "return [...document.querySelectorAll('#controls :is(button, select, input, a[href])')]"
        ".filter((e) => e.offsetParent !== null && !e.disabled && e.tabIndex >= 0 && inBox(e))"
        ".map((e) => { const r = e.getBoundingClientRect(); return [e.id || e.textContent, Math.round(r.top), Math.round(r.left)]; })")
    order = [s[0] for s in seen]
    assert "roll" in order and "rec-game" in order, f"no Roll or record bar to tab through: {order}"
    # In the page's order (Tab's), each control is on a lower line, or on the same line further right.
    for a, b in zip(seen, seen[1:]):
        assert b[1] > a[1] + 8 or (abs(b[1] - a[1]) <= 8 and b[2] > a[2]), \
            f"Tab goes from {a[0]} to {b[0]}, against the order they are seen in: {seen}"
    print("phone: Tab goes through the controls in the order they are seen")


def phone():
    d = browser(390, 844)
    try:
        # This phone asks for reduced motion: nothing on the page may animate.
        d.execute_cdp_cmd("Emulation.setEmulatedMedia",
                          {"features": [{"name": "prefers-reduced-motion", "value": "reduce"}]})
        d.get(driver.URL)
        d.execute_script("setMode('analyse')")
        # The desktop left a variant's game: its board at its size.
        wait(d, "the board's squares", lambda d: js(d, "S") and len(d.find_elements(By.CSS_SELECTOR, "#board .cell")) == js(d, "S.rows * S.cols"))
        new_game(d, ("human",), ("ewn", 2, 50), 99)
        wait(d, "the board's 25 squares", lambda d: len(d.find_elements(By.CSS_SELECTOR, "#board .cell")) == 25)
        wait(d, "the status line and the board in view after Start game", status_and_board_in_view)
        phone_no_empty_bands(d, False)
        d.execute_script("window.scrollTo(0, 0)")
        turns = 0
        while True:
            wait(d, "Red's turn or the end of the game", red_turn_or_end)
            if over(d):
                break
            turns += 1
            roll_if_needed(d)
            if turns == 2:
                wait(d, "the analysis table on the phone", lambda d: d.find_elements(By.CSS_SELECTOR, "#analysis-moves tbody tr"))
                check_layout(d, 390)
                phone_no_empty_bands(d, True)
                shot(d, "gui-phone-play.png")
                phone_link_to_analysis(d)
            click_move(d)
            moving = js(d, "document.getAnimations().length")
            assert moving == 0, f"{moving} animations run although reduced motion is asked for"
        check_layout(d, 390)
        print(f"phone: {status(d)} after {turns} turns")
        shot(d, "gui-phone-end.png")
        axe(d, "the phone page at the end of a game")
        review_loaded(d, "phone")
        hold_an_arrow_through_a_game(d)
        review_near_the_board(d)
        review_brings_the_board(d)
        shot(d, "gui-phone-review.png", top=False)
        print("phone: a review entry brings the board into view")
        third_game_of_a_record(d)
        shot(d, "phone-record-loaded.png", top=False)
        phone_side_line_of_a_record(d)
        variant_game(d, "3x3", 390, "gui-phone-3x3.png")
        variant_game(d, "6x6", 390, "gui-phone-6x6.png")
        coords_clear_of_cubes(d)
        badges_clear_of_numbers(d)
        variants_explained(d, 390)
        hole_and_fall(d, 390)
        axe(d, "the phone page in a blackhole game")
        phone_own_capture_mark(d)
    finally:
        close(d)
