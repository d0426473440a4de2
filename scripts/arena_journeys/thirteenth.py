"""The checks of what the thirteenth new player reported, at 1280x800 and 390x844: a reload
mid-turn leaves the keyboard on the cube it was on (the picked one) and Tab enters the board
there; a note never moves Blue's bar beside the board; a reviewed decision's re-searched table
labels its figure and shows the review's beside it; on a phone a note can be closed (✕) and an
informational one goes by itself, a game's end is on the first screen, the rules' line reads
alike in every variant and Paused covers neither the board nor Red's bar."""

from selenium.webdriver.common.by import By
from selenium.webdriver.common.keys import Keys

from .driver import (click_review, press, browser, click_first, close, board_still, wait, click, js, idle, new_game, enabled, note_shown,
    open_arena, first_state, load_record_text, ply_count, navigate_to)
from .records import REVIEWED


def reload_keeps_the_turns_focus(d):
    """Standard game against the engine, rolled, a cube picked, the page reloaded: the keyboard
    is on the picked cube (the board's focus where it was), and Tab from the control before the
    board enters it on that cube (it went to the board's empty middle square, the page's
    keyboard on nothing)."""
    new_game(d, ("human",), ("ewn", 2, 50), 7)
    wait(d, "Roll offered", lambda d: enabled(d, "roll"))
    click(d, "roll")
    wait(d, "the die rolled", lambda d: js(d, "S.die") is not None and js(d, "mayMove()") and idle(d))
    froms = sorted(set(js(d, "S.legal.map((m) => m.slice(0, 2))")))
    board_still(d)
    pick = froms[-1]
    click_first(d, f"a click on {pick}", "#sq-" + pick)
    wait(d, f"{pick} picked", lambda d: js(d, "selected") == pick or len(froms) == 1)
    d.refresh()
    first_state(d)
    wait(d, "the keyboard back on the board", lambda d: js(d, "document.activeElement.id").startswith("sq-"))
    on = js(d, "document.activeElement.id")[3:]
    tab0 = js(d, "document.querySelector('#board .cell[tabindex=\"0\"]').id")[3:]
    assert on == pick and tab0 == pick, f"after a reload the keyboard is on {on} (Tab enters at {tab0}), the picked cube was {pick}"
    d.execute_script("$('mode-analyse').focus()")
    press(d, Keys.TAB)
    while js(d, "!$('board').contains(document.activeElement) && document.activeElement.closest('.board-col') !== null"):
        press(d, Keys.TAB)
    tabbed = js(d, "document.activeElement.id")
    assert tabbed == "sq-" + pick, f"Tab after a reload enters the board at {tabbed}, not the picked cube {pick}"
    print(f"reload: the keyboard stays on the picked cube {pick} (of {froms}), and Tab enters the board there")


def note_moves_no_bar(d):
    """1280x800: a note under the board moves neither Blue's bar nor the board (its room is kept:
    it pushed the bar 34 px down)."""
    d.execute_script("window.scrollTo(0, 0)")
    board_still(d)
    where = lambda d: js(d, "['board', 'bar-blue'].map((i) => Math.round($(i).getBoundingClientRect().top))")
    before = where(d)
    d.execute_script("flash('A note for the test: it moves nothing below it.', 'info')")
    wait(d, "the note", lambda d: note_shown(d).startswith("A note for the test"))
    shown = where(d)
    d.execute_script("flash('A long note. '.repeat(20), 'info')")
    wait(d, "the long note", lambda d: note_shown(d).startswith("A long note."))
    long = where(d)
    assert before == shown == long, f"a note moved the board and Blue's bar (tops): {before} -> {shown}, long {long}"
    click(d, "note-close")
    wait(d, "the note closed", lambda d: not note_shown(d))
    d.execute_script("window.scrollTo(0, 0)")
    assert where(d) == before, f"a closed note moved the board and Blue's bar: {before} -> {where(d)}"
    print(f"desktop: a note (short, long, closed) leaves the board and Blue's bar at {before} px")


def phone_note_closes(d):
    """390x844: a note over the screen's foot is closed by its ✕ (it hid the move list's lines
    for good), and an informational note goes by itself after a few seconds."""
    new_game(d, ("human",), ("ewn", 2, 50), 7)
    d.execute_script("flash('An error for the test: it stays until closed or the next change.')")
    wait(d, "the note", lambda d: note_shown(d).startswith("An error for the test"))
    close_btn = d.find_element(By.ID, "note-close")
    r = close_btn.rect
    assert r["width"] >= 24 and r["height"] >= 24, f"the note's ✕ is {r}"
    hit = js(d, f"document.elementFromPoint({r['x'] + r['width'] / 2}, {r['y'] + r['height'] / 2 - js(d, 'scrollY')}).id")
    assert hit == "note-close", f"a tap on the note's ✕ lands on #{hit}"
    close_btn.click()
    wait(d, "the note closed by its ✕", lambda d: not note_shown(d))
    d.execute_script("flash('Copied for the test.', 'info')")
    wait(d, "the info note", lambda d: note_shown(d).startswith("Copied for the test"))
    wait(d, "the info note gone by itself", lambda d: not note_shown(d))
    print("phone: a note's ✕ closes it, an informational note goes by itself")


def phone_game_end_on_first_screen(d):
    """390x844, a finished game of 19 moves: its result and its last moves are on the first
    screen, the move list at its end (one line of it showed, below the step buttons; now two
    lines at least there, the step buttons where they were in play)."""
    load_record_text(d, REVIEWED)
    wait(d, "the loaded game", lambda d: ply_count(d) == 19 and idle(d) and js(d, "S.winner"))
    d.execute_script("document.activeElement.blur(); window.scrollTo(0, 0)")
    board_still(d)
    seen = js(d, "(() => { const l = $('moves').getBoundingClientRect(), bottom = Math.min(l.bottom, innerHeight);"
                 " const shown = [...document.querySelectorAll('#moves li')].filter((e) => { const r = e.getBoundingClientRect();"
                 " return r.top >= Math.max(l.top, 0) - 1 && r.bottom <= bottom + 1; });"
                 " return {lines: new Set(shown.map((e) => Math.round(e.getBoundingClientRect().top))).size,"
                 " last: shown.some((e) => e === $('moves').lastElementChild),"
                 " result: $('result').getBoundingClientRect().bottom <= innerHeight}; })()")
    assert seen["result"] and seen["last"] and seen["lines"] >= 2, \
        f"at a game's end on a phone's first screen: {seen} (the result, the last move and 2 lines of the list wanted)"
    print(f"phone: a game's end shows its result and {seen['lines']} lines of the move list, to its last move, on the first screen")


def phone_rules_and_paused(d):
    """390x844: the rules' line reads "Rules · <variant>" for every variant, on one line, "How
    to play <variant>" in its title (it read "Rules blackhole" and "How to play 6x6"); a paused
    game of engines leaves the board's top edge and Red's bar clear (a "Paused" badge sat over
    them), the status line saying Paused."""
    said = {}
    for name in ("standard", "nodice", "blackhole", "backrank", "6x6"):
        new_game(d, ("human",), ("human",), variant=name)
        d.execute_script("window.scrollTo(0, 0)")
        summary = d.find_element(By.CSS_SELECTOR, "#rules summary")
        said[name] = summary.text
        assert summary.text == f"Rules · {name}", f"the rules' line of {name} reads {summary.text!r}"
        assert summary.get_attribute("title") == f"How to play {name}", f"its title: {summary.get_attribute('title')!r}"
        assert summary.rect["height"] < 30, f"the rules' line of {name} takes {summary.rect['height']} px"
    new_game(d, ("ewn", 2, 50), ("ewn", 2, 50), 5)
    click(d, "pause")
    wait(d, "paused", lambda d: d.find_element(By.ID, "status").text.startswith("Paused") and idle(d))
    d.execute_script("window.scrollTo(0, 0)")
    board_still(d)
    over = js(d, "(() => { const t = $('paused-tag'); if (t.offsetParent === null) return [];"
                 " const a = t.getBoundingClientRect(); return ['board', 'bar-red'].filter((i) => { const b = $(i).getBoundingClientRect();"
                 " return a.bottom > b.top && a.top < b.bottom && a.right > b.left && a.left < b.right; }); })()")
    assert not over, f"on a phone the Paused badge covers {over}"
    click(d, "pause")
    print(f"phone: the rules' line reads {sorted(said.values())}; Paused covers neither the board nor Red's bar")


def review_figures_labelled(d):
    """1280x800, a reviewed record: at a decision where the analysis table, searched again, gives
    the played move another chance than the review's card, the table shows the card's figure
    beside its own ("review 53.1%") and its column says it is the deeper search's."""
    load_record_text(d, REVIEWED)
    wait(d, "the loaded record", lambda d: ply_count(d) == 19 and idle(d))
    click_review(d)
    wait(d, "the review's marked moves", lambda d: d.find_elements(By.CSS_SELECTOR, "#review-marked li") and idle(d))
    d.execute_script("setMode('analyse')")
    seen = 0
    for ply in range(ply_count(d)):
        navigate_to(d, ply)
        wait(d, f"move {ply}'s table", lambda d: idle(d) and not js(d, "S.analysis.busy") and js(d, "S.analysis.moves !== null"))
        rv = js(d, "reviewedHere()")
        if not rv or not js(d, "Boolean(document.getElementById('review-said'))"):
            continue
        seen += 1
        head = d.find_element(By.CSS_SELECTOR, "#analysis-moves thead th.num").text
        assert "deeper search" in head or "searched again" in head, f"at move {ply + 1} the re-searched column says {head!r}"
        row = d.find_element(By.CSS_SELECTOR, f"#analysis-moves tr[data-move='{rv['played']}']").text
        card = js(d, "pct(reviewedHere().played_wp)")
        assert f"review {card}" in row, f"at move {ply + 1} the played row {row!r} lacks the review's {card}"
    assert seen, "no reviewed decision whose table differs from the review was found"
    print(f"review: at {seen} decisions the re-searched table shows the review's figure beside its own, labelled")


def thirteenth_players_report():
    """What a thirteenth new player reported, at 1280x800 and 390x844: a reload mid-turn keeps
    the keyboard on the turn's cube; notes move no bar and can be closed."""
    for width, height in ((1280, 800), (390, 844)):
        d = browser(width, height)
        try:
            open_arena(d)
            if width == 1280:
                reload_keeps_the_turns_focus(d)
                note_moves_no_bar(d)
                review_figures_labelled(d)
            else:
                phone_game_end_on_first_screen(d)
                phone_note_closes(d)
                phone_rules_and_paused(d)
        finally:
            close(d)
