"""The checks of what the thirty-sixth new player reported, each at the size where it was seen:
on a phone a note over the top bar hid the status line for its whole life (whose turn, the die)
and its close x was 24 px wide, 12 px from New game; a review's decision line stood over Red's
bar, so that the page no longer said who plays Red, and on a phone ran 5 px over the board; the
opened rules covered Roll (on a phone) or the step buttons (at 1280x800) and their line still
said "(open for the rules)"; a capture's badge on the board was 9 px on a phone; a record's game
opened from a link in a new tab showed the move list scrolled 29 px, its first row 2 px of
itself under the game picker; at 1280x800 a hint's note was cut behind "more" over an empty
window foot; on a phone the Settings row's targets were 24 to 32 px tall."""

import time

from selenium.webdriver.common.by import By

from .driver import wait, js, in_arena, shot, idle, note_shown, ply_count, ply_pos, load_record_text, click_review, board_still, pick_record_game, navigate_to
from .records import MATCH6, REVIEWED
from .thirtyfourth import arm_take_own, overlap
from .thirtysecond import boxes, settle

# Every control shown on the screen: [id or tag, left, top, right, bottom].
CONTROLS = """return [...document.querySelectorAll('button, input, select, textarea, summary, a[href]')]
  .filter((e) => e.offsetParent !== null && getComputedStyle(e).visibility !== 'hidden')
  .map((e) => { const r = e.getBoundingClientRect(); return [e.id || e.tagName, r.left, r.top, r.right, r.bottom]; })
  .filter((r) => r[3] > r[1] && r[4] > r[2] && r[4] > 0 && r[2] < innerHeight);"""


def gap(a, b):
    """The distance between two boxes (0 when they touch or overlap)."""
    return max(0, a[0] - b[2], b[0] - a[2], a[1] - b[3], b[1] - a[3])


def status_seen(d):
    """The status's words a person sees: the status line if nothing covers it, else the copy of
    them a note over it carries (shown, not cut)."""
    return js(d, """(() => { const s = $('status').getBoundingClientRect(), n = $('error').getBoundingClientRect();
      const over = !$('error').hidden && n.top < s.bottom - 1 && s.top < n.bottom - 1 && n.left < s.right - 1 && s.left < n.right - 1;
      if (!over) return $('status').textContent;
      const c = $('error-status');
      if (c.offsetHeight < 12 || c.scrollWidth > c.clientWidth + 1 || c.scrollHeight > c.clientHeight + 1) return '';
      return c.textContent; })()""")


def note_keeps_whose_turn(d, what):
    seen = status_seen(d)
    die = js(d, "S.die")
    x = boxes(d, ["note-close"])["note-close"]
    near = [(c[0], round(gap(x, c[1:]))) for c in d.execute_script(CONTROLS) if c[0] != "note-close"]
    close = min(near, key=lambda c: c[1])
    print(f"390: {what}: the status seen {seen!r}; the note's x {x} ({x[2] - x[0]} x {x[3] - x[1]} px), the nearest control {close}")
    assert "Red" in seen and f"die {die}" in seen, f"{what}: the note hides whose turn and the die (seen: {seen!r})"
    assert x[2] - x[0] >= 44 and x[3] - x[1] >= 44, f"{what}: the note's close x is {x[2] - x[0]} x {x[3] - x[1]} px"
    assert close[1] >= 8, f"{what}: the note's close x is {close[1]} px from {close[0]}"


def phone_note_keeps_the_status(d):
    """390x844: the take-own-cube note and a hint's note over the top bar leave whose turn and
    the die readable, their x 44 x 44 px, 8 px at least from every control."""
    arm_take_own(d)
    shot(d, "phone-36-take-own-note.png")
    note_keeps_whose_turn(d, "the take-own-cube note")
    d.execute_script("flash(\"Hint: a4b4, Red's win chance 56% (takes your own cube). Allowed: a cube may take one of its own.\", 'info', true)")
    wait(d, "the hint's note", lambda d: note_shown(d).startswith("Hint:"))
    time.sleep(0.5)
    shot(d, "phone-36-hint-note.png")
    note_keeps_whose_turn(d, "a hint's note")
    d.execute_script("localError = null; takeArm = null; render(S)")


def to_marked_decision(d):
    load_record_text(d, REVIEWED)
    wait(d, "the loaded record", lambda d: ply_count(d) == 19 and idle(d))
    click_review(d)
    wait(d, "the move list's marks", lambda d: d.find_elements(By.CSS_SELECTOR, "#moves li .mk") and idle(d))
    button = d.find_element(By.CSS_SELECTOR, "#moves li:has(.mk) button")
    n = int(button.get_attribute("textContent").split(".")[0].strip())
    d.execute_script("arguments[0].scrollIntoView({block: 'center'})", button)
    button.click()
    wait(d, f"the decision of move {n}", lambda d: ply_pos(d) == n - 1 and idle(d) and d.find_element(By.ID, "decision").is_displayed())
    settle(d)


def decision_keeps_the_seat(d):
    """A reviewed decision's line over the bar above the board still says who plays there, and
    stays off the board."""
    w = js(d, "innerWidth")
    to_marked_decision(d)
    b = boxes(d, ["decision", "bar-red", "board"])
    name = js(d, "$('bar-red').querySelector('.pname').textContent")
    said = d.find_element(By.ID, "decision").text
    bare = js(d, "(() => { const r = $('bar-red').querySelector('.pname').getBoundingClientRect(); const e = document.elementFromPoint(r.left + 4, r.top + r.height / 2); return Boolean(e && e.closest('#bar-red')); })()")
    shot(d, f"{w}-36-decision.png")
    print(f"{w}: the decision {b['decision']}, Red's bar {b['bar-red']}, the board from {b['board'][1]}: {said!r}; Red's bar's name {name!r} (uncovered: {bare})")
    assert bare or name in said, f"the decision's line hides who plays Red ({name!r}): {said!r}"
    # Over the bar above the board or, for a move of the side below it, the bar below it.
    assert b["decision"][3] <= b["board"][1] or b["decision"][1] >= b["board"][3], f"the decision's line covers the board: {b}"


def rules_clear_of_the_turn(d):
    """How to play opened covers neither Roll nor a step button, and its line says how to close
    it (not "open for the rules")."""
    w = js(d, "innerWidth")
    settle(d)
    d.execute_script("$('rules').querySelector('summary').click()")
    wait(d, "the rules open", lambda d: js(d, "$('rules').open"))
    time.sleep(0.4)
    ids = ["rules-sheet", "roll", "nav-first", "nav-back", "nav-fwd", "nav-last"]
    b = boxes(d, ids)
    line = d.find_element(By.ID, "rules-summary").text
    shot(d, f"{w}-36-rules.png", top=False)
    d.execute_script("closeRules()")
    hit = [k for k in ids[1:] if overlap(b["rules-sheet"], b[k])]
    print(f"{w}: the rules open at {b['rules-sheet']}, Roll {b['roll']}, steps {b['nav-first']}..{b['nav-last']}; their line {line!r}")
    assert not hit, f"the opened rules cover {hit}: {b}"
    assert "open for the rules" not in line and "close" in line, f"the opened rules' line says {line!r}"


def capture_badge_legible(d):
    """The last move's capture badge at 12 px at least, over no part of a cube's number."""
    w = js(d, "innerWidth")
    load_record_text(d, REVIEWED)
    wait(d, "the loaded record", lambda d: ply_count(d) == 19 and idle(d))
    k = max(p for p in range(1, 20) if js(d, f"Boolean(S.plies[{p - 1}].took)"))
    navigate_to(d, k)
    wait(d, "the capture's badge", lambda d: idle(d) and d.find_elements(By.CSS_SELECTOR, "#board .badge.took"))
    settle(d)
    seen = js(d, """(() => { const b = document.querySelector('#board .badge.took'), r = b.getBoundingClientRect();
      const nums = [...document.querySelectorAll('#board .cube:not(.ghost)')].map((c) => {
        const g = document.createRange(); g.selectNodeContents(c); const t = g.getBoundingClientRect();
        return [c.textContent, t.left, t.top, t.right, t.bottom]; });
      return {px: parseFloat(getComputedStyle(b).fontSize), badge: [r.left, r.top, r.right, r.bottom], nums}; })()""")
    hit = [n[0] for n in seen["nums"] if overlap(seen["badge"], n[1:])]
    shot(d, f"{w}-36-capture-badge.png")
    print(f"{w}: the capture's badge at move {k}: {seen['px']} px at {[round(v) for v in seen['badge']]}, over the numbers of {hit}")
    assert seen["px"] >= 12, f"the capture's badge is {seen['px']} px"
    assert not hit, f"the capture's badge covers the number of cube {hit}"


def rows_whole(d, what):
    cut = js(d, """(() => { const l = $('moves'), r = l.getBoundingClientRect(), top = r.top + l.clientTop;
      return [...l.children].map((li) => li.getBoundingClientRect())
        .filter((b) => b.top < top - 0.5 && b.bottom > top + 0.5).map((b) => [Math.round(b.top), Math.round(b.bottom), Math.round(top)]); })()""")
    print(f"{js(d, 'innerWidth')}: {what}: the move list scrolled {js(d, '$(`moves`).scrollTop')} px, rows cut at its top: {cut}")
    assert not cut, f"{what}: a row of the move list is cut at the list's top (top, bottom, the list's top): {cut}"


def link_tab_rows_whole(d):
    """A link copied at a record's game 3, opened in a new tab over its game 5: every row shown
    in the move list is whole at its top, asked and after Keep."""
    load_record_text(d, MATCH6)
    wait(d, "game 1 of the record", lambda d: ply_count(d) > 0 and d.find_element(By.ID, "rec-pos").text == "Game 1 of 6")
    pick_record_game(d, "3")
    wait(d, "game 3 of the record", lambda d: ply_count(d) == 13 and d.find_element(By.ID, "rec-pos").text == "Game 3 of 6")
    navigate_to(d, 5)
    link = js(d, "positionLink()")
    pick_record_game(d, "5")
    wait(d, "game 5 of the record", lambda d: d.find_element(By.ID, "rec-pos").text == "Game 5 of 6" and idle(d))
    first = d.current_window_handle
    d.execute_script("window.open(arguments[0])", link)
    d.switch_to.window([h for h in d.window_handles if h != first][0])
    try:
        wait(d, "the link's question", lambda d: js(d, "S") and d.find_element(By.ID, "replace-ask").is_displayed())
        board_still(d)
        time.sleep(0.4)
        shot(d, f"{js(d, 'innerWidth')}-36-link-tab.png", top=False)
        rows_whole(d, "the link's question")
        d.execute_script("$('replace-no').click()")
        wait(d, "the game kept", lambda d: not d.find_element(By.ID, "replace-ask").is_displayed() and idle(d))
        time.sleep(0.4)
        rows_whole(d, "the game kept")
    finally:
        d.close()
        d.switch_to.window(first)


def desktop_hint_whole(d):
    """1280x800: a hint's note with its rule reads whole under Blue's bar, where the window's foot
    has the room, and stays within the window."""
    settle(d)
    # The hint's words as the Hint button says them at a game's first own capture.
    d.execute_script("ownWhyGame = null; flash(`Hint: a4×b4, Red's win chance 56.0% (takes your own cube). Allowed: ${ownCaptureRule(S.variant)}.`, 'info', true)")
    wait(d, "the hint's note", lambda d: note_shown(d).startswith("Hint:"))
    time.sleep(0.4)
    seen = js(d, "(() => { const n = $('error').getBoundingClientRect(), t = $('error-text');"
                 " return {cut: $('error').classList.contains('cut') || t.scrollHeight > t.clientHeight + 1, note: [Math.round(n.top), Math.round(n.bottom)],"
                 " whole: Math.round(n.top + t.scrollHeight + 12), h: innerHeight}; })()")
    shot(d, "1280-36-hint-note.png")
    print(f"1280: a hint's note with its rule: {seen}")
    assert seen["note"][1] <= seen["h"], f"the note runs past the window's foot: {seen}"
    assert not seen["cut"] or seen["whole"] > seen["h"], f"the note is cut behind 'more' though it fits whole above the window's foot: {seen}"
    d.execute_script("localError = null; render(S)")


def phone_settings_targets(d):
    """390x844: the Settings row's checkboxes (by their labels) and number fields 44 px tall."""
    small = js(d, """[...document.querySelectorAll('#settings-card input')].map((i) => {
        const t = i.type === 'checkbox' ? i.closest('label') : i; const r = t.getBoundingClientRect();
        return [i.id, Math.round(r.width), Math.round(r.height)]; }).filter((r) => r[2] < 44)""")
    print(f"390: Settings' targets under 44 px tall: {small}")
    assert not small, f"Settings' targets under 44 px tall (id, width, height): {small}"


def thirtysixth_players_report():
    in_arena(390, 844, phone_note_keeps_the_status, phone_settings_targets, rules_clear_of_the_turn,
             decision_keeps_the_seat, capture_badge_legible)
    in_arena(1280, 800, rules_clear_of_the_turn, desktop_hint_whole, decision_keeps_the_seat, capture_badge_legible)
    in_arena(390, 844, link_tab_rows_whole)
