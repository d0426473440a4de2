"""The checks of what the twenty-third new player reported, each at the size where it was seen:
unticking "analysis" in Settings left its bar, line, badges and arrow and the "live" switch on, and Hint
greyed without a reason; after "Save this game" a loaded file kept the saved game's message;
on a phone Resume stood 16 px left of Pause; at 1280x800 Load's question pushed the record's
game picker off the screen and "Turn board" moved the board 16 px up; after a link a phone
showed the keyboard's ring on a5, and the position field's example was cut."""

import time

from selenium.webdriver.common.by import By

from .driver import (wait, click, js, idle, in_arena, board_still, shot, new_game, open_form,
                     record_file, load_file_asked)
from .records import MATCH6
from .eighteenth import load_file
from .sixteenth import rect, play_a_move


def analysis_off_is_off(d):
    """Settings' analysis unticked: no win bar, no expected line, no badges, no arrow; the switch
    above the board selects neither; Hint stays offered (a hint is a request for analysis)."""
    new_game(d, ("human",), ("ewn", 2, 50), 7)
    d.execute_script("setMode('analyse')")
    click(d, "roll")
    wait(d, "the die's analysis", lambda d: js(d, "Boolean(S.analysis.moves && S.analysis.moves.length && S.analysis.die === S.die)") and idle(d))
    d.execute_script("const c = $('set-analysis'); c.scrollIntoView({block: 'center'}); c.click()")
    wait(d, "the analysis off", lambda d: js(d, "S.settings.analysis") is False and idle(d))
    time.sleep(0.3)
    d.execute_script("window.scrollTo(0, 0)")
    shown = {i: d.find_element(By.ID, i).is_displayed() for i in ("winbar", "pv-line", "analysis-die")}
    badges = js(d, "document.querySelectorAll('#board .badge.danger, #board .badge.chance').length")
    arrows = js(d, "document.querySelectorAll('#board svg.arrows line, #board svg.arrows path').length")
    live = js(d, "$('mode-analyse').getAttribute('aria-pressed')")
    hint = js(d, "$('hint').disabled")
    shot(d, "1280-23-analysis-off.png")
    print(f"analysis off: shown {shown}, {badges} badges, {arrows} arrows, live pressed {live}, Hint greyed {hint}")
    try:
        assert not any(shown.values()), f"the analysis shows while off: {shown}"
        assert badges == 0 and arrows == 0, f"{badges} badges and {arrows} arrows on the board with the analysis off"
        assert live != "true", "the 'live' switch stays selected with the analysis off"
        assert not hint, "Hint is greyed with the analysis off"
    finally:
        d.execute_script("const c = $('set-analysis'); if (!c.checked) c.click(); setMode('play')")
        wait(d, "the analysis on again", lambda d: js(d, "S.settings.analysis") is True)


def record_message_current(d):
    """"Save this game", then a six-game file loaded: no message of the saved game stays."""
    play_a_move(d)
    d.execute_script("$('save').scrollIntoView({block: 'center'})")
    click(d, "save")
    wait(d, "the saved game's message", lambda d: d.find_element(By.ID, "record-said").is_displayed())
    load_file(d, MATCH6)
    time.sleep(0.3)
    said = js(d, "$('record-said').hidden ? '' : $('record-said').textContent")
    print(f"after a file loaded over a saved game the Record card says {said!r}")
    assert "Saved" not in said, f"the Record card keeps the saved game's message: {said!r}"


def load_question_keeps_the_picker(d):
    """1280x800: a record loaded over an unfinished game asks first; the record's game picker
    stays on the screen whole (pushed to 786 px of 800 before)."""
    play_a_move(d)
    load_record_text(d, MATCH6)
    wait(d, "the record's first game", lambda d: js(d, "S.source && S.source.count") == 6 and idle(d))
    play_a_move(d)
    with record_file(MATCH6) as path:
        load_file_asked(d, path)
        pick = rect(d, "record-pick")
        shot(d, "1280-23-load-ask.png", top=False)
        print(f"Load's question: the record's picker at {pick}")
        assert pick["top"] >= 0 and pick["bottom"] <= js(d, "innerHeight"), f"the picker is off the screen: {pick}"
        click(d, "replace-no")


def load_record_text(d, text):
    box = d.find_element(By.ID, "record-text")
    d.execute_script("arguments[0].value = arguments[1]; arguments[0].dispatchEvent(new Event('input'));", box, text)
    d.execute_script("$('load-text-btn').click()")
    if d.find_element(By.ID, "replace-ask").is_displayed():
        click(d, "replace-yes")


def turning_keeps_the_board(d):
    """1280x800: "Turn board" moved the board from 143 to 127 px: it stays."""
    d.execute_script("document.activeElement.blur(); window.scrollTo(0, 0)")
    board_still(d)
    before = rect(d, "board")
    click(d, "flip")
    wait(d, "the board turned", lambda d: js(d, "$('flip').getAttribute('aria-pressed')") == "true")
    time.sleep(0.3)
    after = rect(d, "board")
    shot(d, "1280-23-turned.png")
    click(d, "flip")
    print(f"Turn board: the board's top {before['top']:.0f} -> {after['top']:.0f}")
    assert abs(after["top"] - before["top"]) <= 1, f"turning the board moved it: {before} -> {after}"


def phone_pause_resume_same_place(d):
    """390x844: Resume takes Pause's place and size (Pause x=262 w=62, Resume x=246 w=78 before)."""
    new_game(d, ("ewn", 2, 50), ("ewn", 2, 50), 3)
    d.execute_script("document.activeElement.blur(); $('pause').scrollIntoView({block: 'center'})")
    wait(d, "Pause", lambda d: js(d, "$('pause').textContent") == "Pause")
    p = rect(d, "pause")
    click(d, "pause")
    wait(d, "Resume", lambda d: js(d, "$('pause').textContent") == "Resume")
    r = rect(d, "pause")
    shot(d, "phone-23-resume.png", top=False)
    click(d, "pause")
    print(f"phone: Pause {p}, Resume {r}")
    assert abs(p["left"] - r["left"]) <= 1 and abs(p["right"] - r["right"]) <= 1, f"Resume is not in Pause's place: {p} {r}"


def phone_link_without_ring(d):
    """390x844: a link opened shows no keyboard ring on a5 (it read as a selection); the
    position field's example text fits in the field."""
    play_a_move(d)
    click(d, "copy-link")
    wait(d, "the link copied", lambda d: "position=" in (js(d, "document.body.dataset.copied") or ""))
    link = js(d, "document.body.dataset.copied")
    fen = js(d, "S.fen")
    new_game(d, ("human",), ("human",), 9)
    d.get(link)
    wait(d, "the linked position", lambda d: js(d, "S && S.fen") == fen and idle(d))
    time.sleep(0.5)
    ring = js(d, "(() => { const e = document.activeElement; if (!e || !e.classList.contains('cell')) return 'none';"
                 " return getComputedStyle(e).backgroundImage; })()")
    shot(d, "phone-23-link.png")
    print(f"phone: after a link the focused square's ring {ring[:40]!r}")
    assert ring == "none", "a link opened shows the keyboard's ring on a square of a touch screen"
    open_form(d)
    fits = js(d, "(() => { const i = $('ng-position'); const c = document.createElement('canvas').getContext('2d');"
                 " const s = getComputedStyle(i); c.font = s.font;"
                 " const room = i.clientWidth - parseFloat(s.paddingLeft) - parseFloat(s.paddingRight);"
                 " return [Math.ceil(c.measureText(i.placeholder).width), Math.floor(room)]; })()")
    d.execute_script("$('ng-position').scrollIntoView({block: 'center'})")
    shot(d, "phone-23-position-field.png", top=False)
    print(f"phone: the position field's example {fits[0]} px in {fits[1]} px")
    assert fits[0] <= fits[1], f"the position field's example is cut: {fits[0]} px in {fits[1]} px"


def twentythird_players_report():
    in_arena(1280, 800, analysis_off_is_off, record_message_current,
             load_question_keeps_the_picker, turning_keeps_the_board)
    in_arena(390, 844, phone_pause_resume_same_place, phone_link_without_ring)
