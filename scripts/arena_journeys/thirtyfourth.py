"""The checks of what the thirty-fourth new player reported, each at the size where it was seen:
on a phone the take-own-cube note (and a hint's) over the top bar was cut at two lines ("Die 4
moves only a4. Click … more"), the sentence that says how to move needing a tap; with a move
onto one's own cube armed the status still said "pick a cube" and the armed square wore the
review's red frame of a played move; a loaded record of two engines kept a greyed Undo stub
by its result and said "Review again: the button by the game's result."; on 6x6 the dice's
sum ("= 7") was 11 px, its digits 8 px tall; beside the board a link's "Replace it?" stood at
the middle column's foot; on a phone New game jumped the page 1173 px down to its form."""

import time

from selenium.webdriver.common.by import By

from .driver import click_first, wait, js, new_game, in_arena, click, shot, idle, note_shown, ply_count, load_record_text, click_review
from .records import REVIEWED
from .thirtysecond import boxes, settle


def overlap(a, b):
    return a and b and a[0] < b[2] - 1 and b[0] < a[2] - 1 and a[1] < b[3] - 1 and b[1] < a[3] - 1


def arm_take_own(d):
    """Seed 7, die 4: a4 is the only cube that moves; a click on b4 (Red's own 6) arms a4b4."""
    new_game(d, ("human",), ("ewn", 1, 20), 7)
    click(d, "roll")
    wait(d, "the die", lambda d: js(d, "S.legal.length") > 0 and idle(d))
    assert js(d, "S.legal.includes('a4b4')"), f"seed 7's first die does not allow a4b4: {js(d, 'S.legal')}"
    settle(d)
    before = boxes(d, ["board"])["board"]
    click_first(d, "the square b4", "#sq-b4")
    wait(d, "a4b4 armed", lambda d: d.find_elements(By.CSS_SELECTOR, "#sq-b4.armed") and note_shown(d))
    time.sleep(0.6)
    return before


def note_whole(d, what):
    """How to move reads without a tap: the note whole (no "more"), or, where the top bar has no
    room for both, the status's words whole in it, which say it (with the move armed: "b4 again
    to confirm"; the forty-first report: the note whole, the status's own instruction was cut
    away). In the top bar, over no control, the board not moved."""
    b = boxes(d, ["error", "board", "roll", "hint", "undo", "pause", "move-input", "top-new"])
    cut = js(d, "$('error').classList.contains('cut') || $('error-text').scrollHeight > $('error-text').clientHeight + 1")
    said = js(d, "(() => { const c = $('error-status'); return c.offsetHeight >= 12 && c.scrollHeight <= c.clientHeight + 1 ? c.textContent : ''; })()")
    top = js(d, "Math.round(document.querySelector('header').getBoundingClientRect().bottom)")
    print(f"390: {what}: {note_shown(d)!r} cut {cut}, the status's words in it {said!r}, the note at {b['error']}, the top bar's foot {top}")
    assert not cut or (said == js(d, "$('status').textContent") and "again to confirm" in said), \
        f"{what}: the note is cut and the status's words do not say how to move: {note_shown(d)!r} {said!r}"
    assert b["error"][3] <= top + 1, f"{what}: the note reaches below the top bar ({b['error']}, the bar's foot {top})"
    hit = [k for k in b if k not in ("error", "top-new") and overlap(b["error"], b[k])]
    assert not hit, f"{what}: the note covers {hit}: {b}"
    # New game stands over the note, whole and tappable.
    n = b["top-new"]
    over = d.execute_script("const e = document.elementFromPoint(arguments[0], arguments[1]); return e && e.closest('#top-new') !== null",
                            (n[0] + n[2]) // 2, (n[1] + n[3]) // 2)
    assert over, f"{what}: the note covers New game"
    return b["board"]


def phone_note_whole(d):
    """390x844: the take-own-cube note and a hint's note over the top bar read whole, covering
    no control, the board where it was."""
    before = arm_take_own(d)
    shot(d, "phone-34-take-own-note.png")
    after = note_whole(d, "the take-own-cube note")
    assert after == before, f"the board moved {before} -> {after}"
    d.execute_script("flash(\"Hint: a4b4, Red's win chance 56% (takes your own cube). Allowed: a cube may take one of its own.\", 'info', true)")
    wait(d, "the hint's note", lambda d: note_shown(d).startswith("Hint:"))
    time.sleep(0.5)
    shot(d, "phone-34-hint-note.png")
    after = note_whole(d, "a hint's note")
    assert after == before, f"the board moved {before} -> {after}"
    d.execute_script("localError = null; takeArm = null; render(S)")


def armed_says_so(d):
    """A move onto one's own cube armed: the status says what it does and how to confirm or
    cancel it; the armed square a dashed frame, never the review's solid red frame."""
    w = js(d, "innerWidth")
    arm_take_own(d)
    d.execute_script("localError = null; render(S)")
    time.sleep(0.3)
    st = js(d, "$('status').textContent")
    cut = js(d, "$('status').scrollHeight > $('status').clientHeight + 1")
    look = d.execute_script("const c = getComputedStyle($('sq-b4')); return [c.outlineStyle, c.boxShadow]")
    shot(d, f"{w}-34-armed.png")
    print(f"{w}: armed a4b4: status {st!r} (cut {cut}); the square's outline {look[0]}, box-shadow {look[1]}")
    assert "pick a cube" not in st and "b4 again" in st and "cancel" in st, f"the status with a4b4 armed: {st!r}"
    assert not cut, f"the status is cut: {st!r}"
    assert look[0] == "dashed" and "inset" not in look[1], f"the armed square's look: {look}"
    click_first(d, "the square b4", "#sq-b4")
    wait(d, "a4b4 played", lambda d: ply_count(d) >= 1)


def record_leftovers(d):
    """A loaded record of ewn v greedy: no Undo stub by its result; reviewed, the Review card
    names the button that reviews again."""
    w = js(d, "innerWidth")
    load_record_text(d, REVIEWED)
    wait(d, "the loaded record", lambda d: ply_count(d) == 19 and idle(d))
    time.sleep(0.5)
    undo = js(d, "$('undo').offsetParent !== null && getComputedStyle($('undo')).visibility !== 'hidden'")
    click_review(d)
    wait(d, "the review", lambda d: js(d, "S.review.moves") and not js(d, "S.review.busy") and idle(d))
    words = js(d, "$('review-elsewhere').textContent")
    shot(d, f"{w}-34-record.png")
    print(f"{w}: a record of two engines: Undo shown {undo}; the Review card says {words!r}")
    assert not undo, "a loaded record of two engines shows an Undo stub"
    assert "Review again button" in words, f"the Review card's line: {words!r}"


def dice_sum_readable(d):
    """6x6: the dice's sum ("= 7") drawn with digits at least 11 px tall (8 at 11 px)."""
    w = js(d, "innerWidth")
    new_game(d, ("human",), ("ewn", 1, 20), 7, variant="6x6")
    click(d, "roll")
    wait(d, "the dice", lambda d: js(d, "S.die") is not None and idle(d))
    ink = d.execute_script("""const e = document.querySelector('#die small'), c = getComputedStyle(e);
      const x = document.createElement('canvas').getContext('2d');
      x.font = `${c.fontWeight} ${c.fontSize} ${c.fontFamily}`;
      const m = x.measureText(e.textContent.replace(/[^0-9]/g, ''));
      return [c.fontSize, Math.round(m.actualBoundingBoxAscent + m.actualBoundingBoxDescent)]""")
    shot(d, f"{w}-34-6x6-sum.png")
    print(f"{w}: 6x6: the sum {js(d, 'document.querySelector(`#die small`).textContent')!r} at {ink[0]}, its digits {ink[1]} px tall")
    assert ink[1] >= 11, f"the dice's sum: digits {ink[1]} px tall at {ink[0]}"


def questions_where_the_eye_is(d):
    """A link opened over an unfinished game asks at the top (beside the board, the middle
    column's top under the top bar: it stood at its foot, 551-792 px of 800); Load's question
    stands right under the Load button that asked."""
    w = js(d, "innerWidth")
    new_game(d, ("human",), ("ewn", 1, 20), 7)
    click(d, "copy-link")
    wait(d, "the link copied", lambda d: "position=" in (js(d, "document.body.dataset.copied") or ""))
    link = js(d, "document.body.dataset.copied")
    click(d, "roll")
    wait(d, "the die", lambda d: js(d, "S.legal.length") > 0 and idle(d))
    d.execute_script("playMove(S.legal[0])")
    wait(d, "a move", lambda d: ply_count(d) >= 1 and idle(d))
    box = d.find_element(By.ID, "record-text")
    d.execute_script("arguments[0].scrollIntoView({block: 'center'}); arguments[0].value = arguments[1];"
                     " arguments[0].dispatchEvent(new Event('input'));", box, REVIEWED)
    click(d, "load-text-btn")
    wait(d, "Load's question", lambda d: d.find_element(By.ID, "replace-ask").is_displayed())
    time.sleep(0.5)
    load = boxes(d, ["replace-ask", "load-text-btn"])
    click(d, "replace-no")
    d.get(link)
    wait(d, "the link's question", lambda d: js(d, "S") and d.find_element(By.ID, "replace-ask").is_displayed())
    time.sleep(0.5)
    ask = boxes(d, ["replace-ask", "board"])
    head = js(d, "Math.round(document.querySelector('header').getBoundingClientRect().bottom)")
    shot(d, f"{w}-34-link-asks.png")
    print(f"{w}: Load's question at {load['replace-ask']} (Load at {load['load-text-btn']}); the link's at {ask['replace-ask']}, the top bar's foot {head}")
    a, b = load["replace-ask"], load["load-text-btn"]
    assert 0 <= a[1] - b[3] <= 24, f"Load's question is not by Load: {load}"
    assert ask["replace-ask"][1] <= max(head, 0) + 24, f"the link's question is not at the top: {ask} (the bar's foot {head})"
    click(d, "replace-no")


def phone_form_near(d):
    """390x844: New game at the top opened the form 1173 px down the page (the page jumped
    there); it opens under the top bar, and closed, the board is back where it was."""
    new_game(d, ("human",), ("ewn", 1, 20), 7)
    d.execute_script("$('newgame').open = false; window.scrollTo(0, 0)")
    time.sleep(0.5)
    before = boxes(d, ["board"])["board"]
    click(d, "top-new")
    wait(d, "the form", lambda d: js(d, "$('newgame').open"))
    time.sleep(1.5)
    y = js(d, "scrollY")
    f = boxes(d, ["newgame", "ng-variant"])
    shot(d, "phone-34-new-game.png")
    print(f"390: New game: scrolled to {y}, the form at {f['newgame']}")
    assert y <= 200, f"New game jumped the page to {y}"
    assert -1 <= f["newgame"][1] <= 100, f"the form's top is not at the screen's top: {f}"
    d.execute_script("$('newgame').open = false")
    wait(d, "the form closed", lambda d: not js(d, "document.body.classList.contains('form-first')"))
    d.execute_script("window.scrollTo(0, 0)")
    time.sleep(0.5)
    after = boxes(d, ["board"])["board"]
    assert after == before, f"the board is not back: {before} -> {after}"


def thirtyfourth_players_report():
    in_arena(390, 844, phone_note_whole, armed_says_so, record_leftovers, dice_sum_readable, phone_form_near)
    in_arena(390, 844, questions_where_the_eye_is)
    in_arena(1280, 800, armed_says_so, record_leftovers, dice_sum_readable)
    in_arena(1280, 800, questions_where_the_eye_is)
