"""The checks of what the twenty-seventh new player reported: on a phone a second tap 0.3 s after
the first, on a square holding one's own cube, was taken for a double tap and ignored (0.6 s
apart it worked, and with a mouse 0.3 s did too); with the analysis off in Settings Hint was
greyed, a tooltip its only word why; a finished record of ewn and greedy (both run here, as
`ewn match` writes it) offered Undo, which went back two moves into a side line; Undo went back
to before the roll, though it takes the move back "with the same die"."""

import time

from selenium.webdriver.common.by import By

from .driver import open_form, ply_count, board_still, wait, js, idle, new_game, click, enabled, in_arena, note_shown, type_die, shot
from .twentyfifth import THREE_OWN
from .records import REVIEWED
from .variants import load_position
from .twentysixth import on_touch_phone, record_nobody_plays


def tap(d, square):
    """A finger's tap on the middle of `square`, as a touch screen sends it (its taps counted)."""
    r = d.execute_script(f"const r = $('sq-{square}').getBoundingClientRect();"
                         " return [r.left + r.width / 2, r.top + r.height / 2];")
    point = [{"x": r[0], "y": r[1]}]
    d.execute_cdp_cmd("Input.dispatchTouchEvent", {"type": "touchStart", "touchPoints": point})
    time.sleep(0.04)
    d.execute_cdp_cmd("Input.dispatchTouchEvent", {"type": "touchEnd", "touchPoints": []})


def phone_quick_taps(d, gap=0.3):
    """390x844 with a touch screen, die 2: taps on a5 (Red's 1), then a4 (Red's own 5) 0.3 s
    later, then a4 again 0.3 s later: a5 picked, a4 asked for again, then a5 takes a4, as the
    same taps 0.6 s apart do."""
    load_position(d, THREE_OWN)
    type_die(d, 2)
    d.execute_script("$('board').scrollIntoView({block: 'center'})")
    time.sleep(0.3)
    tap(d, "a5")
    time.sleep(gap)
    picked = js(d, "selected === 'a5'")
    tap(d, "a4")
    time.sleep(gap)
    armed = bool(d.find_elements(By.CSS_SELECTOR, "#sq-a4.armed"))
    said = note_shown(d)
    tap(d, "a4")
    time.sleep(0.6)
    played = js(d, "S.plies.map((p) => p.move)")
    shot(d, "phone-27-quick-taps.png", top=False)
    print(f"phone (touch): taps a5, a4, a4 {gap} s apart: a5 picked {picked}, a4 asked again {armed} ({said!r}), moves played {played}")
    assert armed, f"a tap on one's own cube 0.3 s after picking was ignored (the note {said!r})"
    assert played == ["a5a4"], f"the second tap on a4 0.3 s later did not take it: {played}"


def hint_with_analysis_off(d):
    """1280x800, the analysis off in Settings, the die rolled: Hint is offered and one press
    shows the hint's note (that one search), while the analysis itself stays hidden."""
    new_game(d, ("human",), ("ewn", 2, 50), 7)
    d.execute_script("const c = $('set-analysis'); if (c.checked) c.click()")
    wait(d, "the analysis off", lambda d: js(d, "S.settings.analysis") is False and idle(d))
    wait(d, "Roll offered", lambda d: enabled(d, "roll"))
    click(d, "roll")
    wait(d, "the die rolled", lambda d: js(d, "S.die") is not None and idle(d))
    greyed, why = js(d, "[$('hint').disabled, $('hint').title]")
    print(f"1280: the analysis off, the die rolled: Hint greyed {greyed} ({why!r})")
    try:
        assert not greyed, "Hint is greyed with the analysis off"
        d.execute_script("document.activeElement.blur(); $('hint').click()")
        since = time.time()
        wait(d, "the hint's note", lambda d: note_shown(d).startswith("Hint:"))
        took = time.time() - since
        shown = {i: d.find_element(By.ID, i).is_displayed() for i in ("winbar", "pv-line", "analysis-die")}
        shot(d, "desktop-27-hint-analysis-off.png")
        print(f"1280: one press on Hint, the analysis off: {note_shown(d)!r} after {took:.1f} s; the analysis shown {shown}")
        assert not any(shown.values()), f"a hint with the analysis off shows the analysis: {shown}"
    finally:
        d.execute_script("const c = $('set-analysis'); if (!c.checked) c.click()")
        wait(d, "the analysis on again", lambda d: js(d, "S.settings.analysis") is True)


def engines_record_nobody_plays(d):
    """1280x800: a finished record of ewn and greedy, both engines the arena runs: no Undo, no
    seat "you", the bars named by seat and player ("Blue: greedy")."""
    bars = record_nobody_plays(d, REVIEWED, "desktop-27-engines-record.png", "ewn and greedy")
    assert "Blue: greedy" in bars, f"the bar does not name greedy by its seat: {bars}"


def undo_keeps_the_die(d):
    """1280x800: a move, the engine's answer, Undo: the person is to move again with the die of
    that turn shown (not "-", "roll the die"), and another move for it plays at once."""
    new_game(d, ("human",), ("ewn", 1, 20), 13)
    wait(d, "Roll offered", lambda d: enabled(d, "roll"))
    click(d, "roll")
    wait(d, "the die rolled", lambda d: js(d, "S.die") is not None and idle(d))
    die = js(d, "S.die")
    d.execute_script("playMove(S.legal[0])")
    wait(d, "the engine's answer", lambda d: (ply_count(d) == 2 and js(d, "S.side === 'r'") or js(d, "Boolean(S.winner)")) and idle(d))
    click(d, "undo")
    wait(d, "the take-back", lambda d: ply_count(d) == 0 and idle(d))
    board_still(d)
    after = js(d, "[S.die, $('die').innerText.trim(), $('roll').disabled, S.legal.length, $('status').textContent]")
    shot(d, "desktop-27-undo-same-die.png")
    print(f"1280: rolled {die}, moved, Undo: die {after[0]} (shown {after[1]!r}), Roll greyed {after[2]}, {after[3]} moves offered; {after[4]!r}")
    assert after[0] == die, f"Undo went back to before the roll (die {after[0]}, was {die})"
    assert str(die) in after[1] and after[2] and after[3] > 0, f"the die's moves are not offered after Undo: {after}"
    d.execute_script("playMove(S.legal[S.legal.length - 1])")
    wait(d, "another move for the same die", lambda d: ply_count(d) >= 1 and js(d, "S.plies[0].die") == die)


ARRANGE = """return (() => {
  const top = (i) => Math.round($(i).getBoundingClientRect().top), bottom = (i) => Math.round($(i).getBoundingClientRect().bottom);
  return {board: top('board'), boardEnd: bottom('board'), status: top('status'), start: top('ng-start'), arrange: top('ng-arrange'),
          arranging: setupMode, h: innerHeight, doc: document.documentElement.scrollHeight, y: Math.round(scrollY)};
})();"""


def phone_arrange_in_view(d):
    """390x844: the New game form's "Arrange on the board" left the page scrolled at the form
    (the board's top at -384, Start game at 1207). Arranging brings the board whole into view,
    the status above it, and Start game is on the screen or a scroll away below the board."""
    open_form(d)
    d.execute_script("$('ng-arrange').scrollIntoView({block: 'center'})")
    time.sleep(0.3)
    d.find_element(By.ID, "ng-arrange").click()
    wait(d, "arranging", lambda d: js(d, "setupMode"))
    time.sleep(0.8)
    at = d.execute_script(ARRANGE)
    shot(d, "phone-27-arranging.png", top=False)
    print(f"phone: Arrange on the board: {at}")
    assert at["board"] >= 0 and at["boardEnd"] <= at["h"], f"the board is not whole in view for arranging: {at}"
    assert at["status"] >= 0, f"the status line (what to do) is above the screen: {at}"
    assert at["start"] > at["boardEnd"] and at["start"] + at["y"] < at["doc"], f"Start game is not reachable below the board: {at}"
    d.execute_script("$('ng-arrange').click()")


def twentyseventh_players_report():
    on_touch_phone(phone_quick_taps)
    in_arena(390, 844, phone_arrange_in_view)
    in_arena(1280, 800, hint_with_analysis_off, engines_record_nobody_plays, undo_keeps_the_die)
