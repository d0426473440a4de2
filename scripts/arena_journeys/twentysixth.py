"""The checks of what the twenty-sixth new player reported, each at the size where it was seen:
on a phone a note (a hint's) stood over the status line at 13 px on one line, cut ("Hint: a4a3,
Red's win chance 58.1% (tak…"), said "Click (or press Ente…" on a touch screen and went after
6 s, before it could be read; a loaded record of two programs offered "Undo last move" and named
its seats "you, for …"."""

import time

from selenium.webdriver.common.by import By

from .driver import (ask_hint, wait, js, idle, click, enabled, new_game, note_shown, shot, browser, close, open_arena,
    load_text, ply_count, ply_pos, in_arena, board_still)
from .nineteenth import seen, COVERS
from .records import REVIEWED

# The note's text: its size, its lines, and whether it is cut.
NOTE = """return (() => {
  const t = $('error-text'), cs = getComputedStyle(t), r = t.getBoundingClientRect();
  return {px: parseFloat(cs.fontSize), lines: Math.round(r.height / parseFloat(cs.lineHeight)),
          up: $('error').classList.contains('up'), cut: $('error').classList.contains('cut')};
})();"""


def phone_hint_note_readable(d):
    """390x844 with a touch screen: the hint's note at 14 px or more, on up to four lines (the top
    bar's room, the thirty-fourth report's) that show its move and win chance whole, covering no
    control nor the board, and still there 11 s later (it goes with the next action); another note still shows at 8 s."""
    new_game(d, ("human",), ("ewn", 2, 50), 7)
    wait(d, "Roll offered", lambda d: enabled(d, "roll"))
    click(d, "roll")
    wait(d, "the die rolled", lambda d: js(d, "S.die") is not None and idle(d) and enabled(d, "hint"))
    d.execute_script("document.activeElement.blur(); window.scrollTo(0, 0)")
    ask_hint(d)
    since = time.time()
    time.sleep(0.3)
    text = note_shown(d)
    head = text.split(" (")[0].rstrip(".")
    looks = d.execute_script(NOTE)
    shown = seen(d, "error-text", [head])
    where = d.execute_script(COVERS)
    shot(d, "phone-26-hint-note.png", top=False)
    print(f"phone: the hint's note {looks}, {head!r} whole {shown}; covers {where['out']} at {where['note']}")
    assert looks["px"] >= 14, f"the note's text is {looks['px']} px"
    assert 2 <= looks["lines"] <= 4, f"the note shows {looks['lines']} lines"
    assert all(shown), f"the hint's move and win chance are cut: {text!r}"
    assert "board" not in where["out"], f"the note covers the board: {where}"
    time.sleep(max(0, 11 - (time.time() - since)))
    left = note_shown(d)
    print(f"phone: the hint's note 11 s later: {left[:40]!r}")
    assert left.startswith("Hint:"), "the hint's note went by itself before the next action"
    d.execute_script("flash('A note for the test, of one line.', 'info')")
    time.sleep(8)
    left = note_shown(d)
    print(f"phone: a note 8 s later: {left!r}")
    assert left.startswith("A note"), "a note went before 8 s"
    d.execute_script("localError = null; render(S)")


def phone_touch_words(d):
    """390x844 with a touch screen: Resign's note asking for a second press said "Click Resign?
    again". It says "Tap"."""
    d.execute_script("$('resign').scrollIntoView({block: 'center'})")
    click(d, "resign")
    wait(d, "Resign's question", lambda d: "Resign? again" in note_shown(d))
    said = note_shown(d)
    print(f"phone (touch): Resign's note {said!r}")
    assert said.startswith("Tap Resign? again"), f"a touch screen's note does not say to tap: {said!r}"
    d.execute_script("resignArmed = 0; $('resign').textContent = 'Resign'; localError = null; render(S)")


def on_touch_phone(*steps):
    """A 390x844 browser with a touch screen (a coarse pointer)."""
    d = browser(390, 844)
    try:
        d.execute_cdp_cmd("Emulation.setTouchEmulationEnabled", {"enabled": True, "maxTouchPoints": 5})
        open_arena(d)
        for step in steps:
            step(d)
    finally:
        close(d)


def record_nobody_plays(d, text, png, what):
    """1280x800: the finished record `text` loaded and shown at its end has no Undo and no seat
    "you"; returns the bars' names for the caller's own assertions."""
    box = d.find_element(By.ID, "record-text")
    d.execute_script("arguments[0].value = arguments[1]", box, text)
    load_text(d)
    wait(d, "the record at its end", lambda d: ply_count(d) == 19 and ply_pos(d) == 19 and idle(d))
    board_still(d)
    bars = js(d, "[...document.querySelectorAll('.playerbar .pname')].map((e) => e.textContent)")
    undo = js(d, "[$('undo').textContent, $('undo').disabled, Boolean($('undo').offsetParent)]")
    shot(d, png)
    print(f"1280: a record of {what}: bars {bars}, Undo {undo}")
    assert not any("you" in b for b in bars), f"a record nobody plays names a seat 'you': {bars}"
    assert undo[1] or not undo[2], f"a record nobody plays offers {undo[0]!r}"
    return bars


def program_record_nobody_plays(d):
    """A finished record of two programs the arena does not run: no Undo, and the bars name the
    seats ("Blue: beta"), never "you"."""
    text = REVIEWED.replace("red ewn", "red alpha").replace("blue greedy", "blue beta")
    record_nobody_plays(d, text, "desktop-26-programs-record.png", "two programs")


def twentysixth_players_report():
    on_touch_phone(phone_hint_note_readable, phone_touch_words)
    in_arena(1280, 800, program_record_nobody_plays)
