"""The checks of what the twenty-second new player reported, each at the size where it was seen:
opening "How to play" (on a phone "Rules") pushed the board from 143 to 452 px at 1280x800 and
from 160 to 547 px on a phone; on a phone a note stood over the New game form's variant field
while it was being filled; the New game form stayed open after Start game; a blackhole or
backrank game's "variant · seed" line took a line of its own and pushed the move list 26 px
down; with the analysis live nothing of it showed on a phone's first screen; and a record's game
picked right after loading the record failed now and then on a picker drawn anew meanwhile."""

import time

from selenium.webdriver.common.keys import Keys

from .driver import (wait, click, js, idle, in_arena, board_still, shot, ply_count, over, new_game, press,
    load_record_text, note_shown, open_form, status_and_board_in_view, pick_record_game)
from .records import LOST_ON_TIME
from .sixteenth import rect


def board_top(d):
    return js(d, "Math.round($('board').getBoundingClientRect().top + scrollY)")


def overlap(a, b):
    return a["top"] < b["bottom"] - 1 and b["top"] < a["bottom"] - 1 and a["left"] < b["right"] - 1 and b["left"] < a["right"] - 1


def rules_keep_the_board(d):
    """Opening the rules moves nothing: the board's top stays; the rules show whole on the screen
    (scrolling within their box), clear of the board and of Roll at 1280x800; their Close button
    and Escape close them."""
    d.execute_script("document.activeElement.blur(); window.scrollTo(0, 0)")
    board_still(d)
    w, h = js(d, "innerWidth"), js(d, "innerHeight")
    before = board_top(d)
    roll_before = rect(d, "roll")
    d.execute_script("$('rules').querySelector('summary').click()")
    wait(d, "the rules open", lambda d: js(d, "$('rules').open"))
    time.sleep(0.3)
    after = board_top(d)
    sheet = js(d, "(() => { const r = ($('rules-sheet') || $('rules-text')).getBoundingClientRect();"
                   " return {top: r.top, bottom: r.bottom, left: r.left, right: r.right}; })()")
    board, roll = rect(d, "board"), rect(d, "roll")
    shot(d, f"{w}-22-rules-open.png", top=False)
    print(f"{w}: the rules opened: the board's top {before} -> {after}; the rules at {sheet}")
    assert abs(after - before) <= 1, f"opening the rules moved the board: {before} -> {after}"
    assert sheet["top"] >= 0 and sheet["bottom"] <= h + 1, f"the rules are cut by the screen: {sheet}"
    assert abs(roll["top"] - roll_before["top"]) <= 1, f"opening the rules moved Roll: {roll_before} -> {roll}"
    if w > 900:
        # Over the board, right under their line (the forty-first report: beside the board they
        # opened 312 px below their line), never over Roll.
        line = rect(d, "rules-summary")
        assert not overlap(sheet, roll) and sheet["top"] >= line["bottom"] - 1, f"the rules cover Roll or their line: {sheet}"
    close = rect(d, "rules-close")
    assert close["top"] >= 0 and close["bottom"] <= h and close["bottom"] > close["top"], f"no Close in view: {close}"
    press(d, Keys.ESCAPE)
    wait(d, "Escape to close the rules", lambda d: not js(d, "$('rules').open"))
    d.execute_script("$('rules').querySelector('summary').click()")
    wait(d, "the rules open again", lambda d: js(d, "$('rules').open"))
    click(d, "rules-close")
    wait(d, "Close to close the rules", lambda d: not js(d, "$('rules').open"))
    assert board_top(d) == before, "closing the rules moved the board"


def start_closes_the_form(d):
    """Start game closes the New game form (it stayed open until the first move, the Analysis
    heading pushed down to 763 px beside the board): the board, the status and Roll in view,
    and beside the board the Analysis heading back at the panel's top."""
    # Opened from the top's button, as a person does (beside the board the form then goes first).
    click(d, "top-new")
    wait(d, "the form", lambda d: js(d, "$('newgame').open"))
    new_game(d, ("human",), ("ewn", 2, 50), 5)
    board_still(d)
    is_open = js(d, "$('newgame').open")
    head = js(d, "Math.round(document.querySelector('#analysis-card h2').getBoundingClientRect().top)")
    roll = rect(d, "roll")
    w = js(d, "innerWidth")
    shot(d, f"{w}-22-started.png", top=False)
    print(f"{w}: after Start game the form open {is_open}, the Analysis heading at {head}, Roll {roll}")
    assert not is_open, "the New game form stays open after Start game"
    if w > 900:
        assert head < 200, f"the Analysis heading stays pushed down to {head} px after Start game"
    assert status_and_board_in_view(d), "Start game left the board or the status out of view"
    assert 0 <= roll["top"] and roll["bottom"] <= js(d, "innerHeight"), f"Roll out of view: {roll}"


def phone_note_clear_of_the_form(d):
    """390x844: a note stood over the New game form's variant field while it was being filled.
    A note, new or already shown, never covers the field in use."""
    open_form(d)
    d.execute_script("flash('A note for the test, of one line.', 'info')")
    wait(d, "the note", lambda d: "A note" in note_shown(d))
    # The person scrolls the form so that the variant field is at the screen's top, then at its
    # foot, and takes it.
    for where, by in (("top", "e.getBoundingClientRect().top - 44"), ("foot", "e.getBoundingClientRect().bottom - innerHeight + 12")):
        d.execute_script(f"const e = $('ng-variant'); window.scrollBy(0, {by}); e.focus({{preventScroll: true}});")
        time.sleep(0.4)
        field, note = rect(d, "ng-variant"), rect(d, "error")
        shown = bool(note_shown(d)) and note["bottom"] > note["top"]
        shot(d, f"phone-22-note-and-form-{where}.png", top=False)
        print(f"phone: the variant field at the screen's {where} {field}; the note shown {shown} at {note}")
        assert not (shown and overlap(field, note)), f"the note covers the variant field in use: {field} {note}"
    # A new note while the field is in use.
    d.execute_script("flash('Another note for the test.', 'info')")
    wait(d, "the second note", lambda d: "Another" in note_shown(d))
    field, note = rect(d, "ng-variant"), rect(d, "error")
    print(f"phone: a new note at {note}; the field {field}")
    assert not overlap(field, note), f"a new note covers the variant field in use: {field} {note}"
    d.execute_script("document.activeElement.blur(); window.scrollTo(0, 0)")


def list_top(d):
    d.execute_script("document.activeElement.blur(); window.scrollTo(0, 0)")
    board_still(d)
    return js(d, "Math.round($('moves').getBoundingClientRect().top)")


def phone_seed_line_compact(d):
    """390x844: in blackhole (and backrank) "blackhole · seed 44d2b" took a line of its own and
    the move list began at 799 px, 26 px below the standard game's 773. The list begins at the
    same place in every variant."""
    tops = {}
    for v in ("standard", "blackhole", "backrank"):
        new_game(d, ("human",), ("ewn", 2, 50), None, variant=v)
        tops[v] = list_top(d)
        shot(d, f"phone-22-{v}-start.png")
    print(f"phone: the move list's top by variant {tops}")
    assert len(set(tops.values())) == 1, f"the move list starts lower in some variant: {tops}"


def phone_live_analysis_in_view(d):
    """390x844: with the analysis live nothing of it was on the first screen (its card began at
    844). Its one-line summary (a win chance, after the roll the best move) is there."""
    new_game(d, ("human",), ("ewn", 2, 50), 7)
    d.execute_script("setMode('analyse')")
    click(d, "roll")
    wait(d, "the die's analysis", lambda d: js(d, "Boolean(S.analysis.moves && S.analysis.moves.length && S.analysis.die === S.die)") and idle(d))
    time.sleep(0.3)
    d.execute_script("document.activeElement.blur(); window.scrollTo(0, 0)")
    board_still(d)
    line = rect(d, "mini-analysis")
    text = js(d, "$('mini-analysis').textContent")
    best = js(d, "S.analysis.moves[0].move")
    tops = list_top(d)
    shot(d, "phone-22-live-summary.png")
    print(f"phone: the analysis' summary {text!r} at {line}; the move list at {tops}")
    assert 0 <= line["top"] and line["bottom"] <= js(d, "innerHeight") and line["bottom"] > line["top"], \
        f"the analysis' summary is off the first screen: {line}"
    assert "%" in text and best in text.replace("-", "").replace("×", ""), f"the summary lacks the chance or the best move: {text!r}"
    d.execute_script("setMode('play')")


def record_picker_drawn_once(d):
    """A record's game picked right after loading the record failed now and then: the picker's
    list was drawn anew when the server's state of the load came back. Loading draws it once."""
    new_game(d, ("human",), ("ewn", 2, 50))
    d.execute_script("window.pickerDrawn = 0; new MutationObserver((m) => { window.pickerDrawn += m.length; })"
                     ".observe($('record-game'), {childList: true});")
    load_record_text(d, LOST_ON_TIME)
    wait(d, "the record loaded", lambda d: js(d, "S.players.blue.label") == "late" and idle(d))
    time.sleep(1.0)
    drawn = js(d, "window.pickerDrawn")
    print(f"a record loaded: its game picker drawn {drawn} times")
    assert drawn <= 1, f"the record's picker was drawn {drawn} times by one load"
    pick_record_game(d, "2", "record-game")
    wait(d, "game 2, lost on time", lambda d: js(d, "S.players.red.label") == "late" and ply_count(d) == 10 and over(d))


def twentysecond_players_report():
    in_arena(1280, 800, rules_keep_the_board, start_closes_the_form, record_picker_drawn_once)
    in_arena(390, 844, rules_keep_the_board, start_closes_the_form, phone_note_clear_of_the_form)
    in_arena(390, 844, phone_seed_line_compact, phone_live_analysis_in_view)
