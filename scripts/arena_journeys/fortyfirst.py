"""The checks of what the forty-first new player reported: on a phone a note over the top bar
(the take-own-cube note, a side line's) hid the status's instruction ("roll the die", "pick its
target"), the status cut to "Red to move"; Copy link's note over the top bar was cut through
the letters of its fifth line beside "more"; beside the board How to play opened at 574-1133 x
398-645, its line at 16-348 x 58-86; the result box came about 0.3-1 s after the status's
"wins"; playing Blue the move box's example was Red's a5b4 (and the die, "–" after the engine's
move, stays so: the engine's roll kept faint in it was read by the next new player as their own); the analysis tables' headers stood off their
columns (the faces' "win" 93 px left of its figures)."""

import time

from .driver import click, enabled, in_arena, idle, js, new_game, note_shown, roll_if_needed, shot, wait
from .thirtysecond import boxes, settle
from .thirtyfourth import overlap

# The status's words a person can read: the status line where no note covers it, else the copy
# of them in the note over it, when it shows whole (not cut, not squeezed).
STATUS_SEEN = """return (() => { const s = $('status').getBoundingClientRect(), n = $('error').getBoundingClientRect();
  const over = !$('error').hidden && n.top < s.bottom - 1 && s.top < n.bottom - 1 && n.left < s.right - 1 && s.left < n.right - 1;
  if (!over) return $('status').textContent;
  const c = $('error-status'), b = c.getBoundingClientRect();
  if (b.height < 12 || c.scrollWidth > c.clientWidth + 1 || c.scrollHeight > c.clientHeight + 1 || b.bottom > n.bottom + 1) return '';
  return c.textContent; })()"""

# Where the note's text is cut (by its own box or the note's): the part of a line shown there,
# in px (0: it is cut between two lines, or not cut at all).
CUT_THROUGH = """return (() => { const t = $('error-text'), tb = t.getBoundingClientRect(), lh = parseFloat(getComputedStyle(t).lineHeight);
  let clip = tb.top + t.scrollHeight;
  for (let e = t; e; e = e.parentElement) {
    const cs = getComputedStyle(e);
    if (cs.overflowY !== 'visible' || cs.overflow !== 'visible') {
      const r = e.getBoundingClientRect(); clip = Math.min(clip, r.top + e.clientTop + e.clientHeight);
    }
    if (e.id === 'error') break;
  }
  const shown = clip - tb.top, part = shown % lh;
  return {shown: Math.round(shown), whole: t.scrollHeight, lh, part: Math.round(part * 10) / 10,
          through: t.scrollHeight > shown + 1 && part > 1.5 && part < lh - 1.5}; })()"""


def instruction_seen(d, what):
    """The status's whole words are readable while the note shows."""
    said = js(d, "$('status').textContent")
    seen = d.execute_script(STATUS_SEEN)
    b = boxes(d, ["error", "status", "error-status", "board"])
    print(f"390: {what}: the status {said!r}, seen {seen!r}; the note {note_shown(d)!r} at {b['error']}")
    assert seen == said, f"{what}: the note hides the status's words {said!r} (seen: {seen!r})"
    assert b["error"][3] <= b["board"][1], f"{what}: the note covers the board: {b}"


def phone_note_keeps_the_instruction(d):
    """390x844: a note over the top bar, before the roll and with a cube picked, leaves the
    status's words whole ("roll the die", "pick its target")."""
    new_game(d, ("human",), ("ewn", 1, 20), 5)
    settle(d)
    d.execute_script("flash('A side line starts at move 3; the game is kept: Back to the game under the moves.', 'info', true)")
    wait(d, "the note", lambda d: note_shown(d).startswith("A side line"))
    time.sleep(0.5)
    shot(d, "phone-41-note-before-roll.png")
    instruction_seen(d, "a note before the roll")
    assert "roll the die" in js(d, "$('status').textContent")
    d.execute_script("localError = null; render(S)")
    roll_if_needed(d)
    settle(d)
    d.execute_script("flash('This move takes your own cube 3: click b4 again to take it, or pick another cube of yours and its target.', 'info', true)")
    wait(d, "the note", lambda d: note_shown(d).startswith("This move"))
    time.sleep(0.5)
    shot(d, "phone-41-note-picked.png")
    instruction_seen(d, "a note with a cube picked")
    d.execute_script("localError = null; render(S)")


def phone_copy_link_note_whole_lines(d):
    """390x844, the die rolled, a note a line longer than Copy link's over the top bar: it is cut,
    if at all, between two lines (its fifth was cut through the letters at the note's foot, y 78)."""
    new_game(d, ("human",), ("ewn", 1, 20), 5)
    roll_if_needed(d)
    settle(d)
    d.execute_script("flash(\"Copied the link to this position. Left out: the die rolled and the players (it opens with New game's). The game's moves are not in it.\", 'info', true)")
    wait(d, "the note", lambda d: "Copied" in note_shown(d))
    time.sleep(0.5)
    cut = d.execute_script(CUT_THROUGH)
    shot(d, "phone-41-copy-link-note.png")
    print(f"390: Copy link's note {note_shown(d)!r}: {cut}; classes {js(d, '$(`error`).className')!r}")
    assert js(d, "$('error').classList.contains('up')"), "the note is not over the top bar: nothing to check"
    assert not cut["through"], f"Copy link's note is cut through a line's letters: {cut}"
    d.execute_script("localError = null; render(S)")


def rules_open_under_their_line(d):
    """1280x800: How to play opens right under its line (it opened 312 px below it and 226 px to
    its right), moving neither the board nor the step row, covering neither Roll nor a step
    button."""
    new_game(d, ("human",), ("ewn", 1, 20), 5)
    settle(d)
    ids = ["rules", "board", "roll", "navbar", "nav-first", "nav-last", "turnbar"]
    before = boxes(d, ids)
    d.execute_script("$('rules').querySelector('summary').click()")
    wait(d, "the rules open", lambda d: js(d, "$('rules').open"))
    time.sleep(0.4)
    after = boxes(d, ids + ["rules-sheet"])
    shot(d, "1280-41-rules.png")
    d.execute_script("closeRules()")
    s, line = after["rules-sheet"], before["rules"]
    print(f"1280: How to play's line at {line}, opened at {s}; the board {before['board']} -> {after['board']},"
          f" the step row {before['navbar']} -> {after['navbar']}")
    assert 0 <= s[1] - line[3] <= 12 and abs(s[0] - line[0]) <= 12, f"the rules open away from their line {line}: {s}"
    assert after["board"] == before["board"] and after["navbar"] == before["navbar"], "opening the rules moved the board or the step row"
    hit = [k for k in ("roll", "nav-first", "nav-last", "turnbar") if overlap(s, after[k])]
    assert not hit, f"the opened rules cover {hit}: {after}"
    assert s[3] <= 800, f"the opened rules are cut by the screen: {s}"


def result_with_the_status(d):
    """Two engines to the end: the result box shows as the status says who wins (it came 0.27 s
    after here, about 1 s on a busy machine)."""
    w = js(d, "innerWidth")
    new_game(d, ("ewn", 1, 50), ("ewn", 1, 50), 3)
    d.execute_script("""window.endSeen = []; window.endSpy = setInterval(() => { const r = $('result');
      const shown = !r.hidden && r.offsetParent !== null && getComputedStyle(r).opacity === '1';
      endSeen.push([Math.round(performance.now()), /wins/.test($('status').textContent), shown]); }, 10)""")
    wait(d, "the game's end", lambda d: js(d, "Boolean(S.winner)"))
    time.sleep(2)
    seen = js(d, "(() => { clearInterval(endSpy); return endSeen; })()")
    said = next((t for t, w_, r in seen if w_), None)
    shown = next((t for t, w_, r in seen if r), None)
    print(f"{w}: the status says who wins at {said} ms, the result shows at {shown} ms")
    assert said is not None and shown is not None, f"no end seen: the status {said}, the result {shown}"
    assert abs(shown - said) <= 60, f"the result box and the status's end {shown - said} ms apart"


def die_and_example_for_blue(d):
    """Playing Blue: after Red's engine moved, the die shows "–" until Blue rolls (a faint "5" of
    Red's was read by a new player as their own roll), its label naming Red's roll; the move box's
    example is a move of Blue's (it was Red's a5b4), after the roll a legal one."""
    w = js(d, "innerWidth")
    new_game(d, ("ewn", 1, 20), ("human",), 5)
    wait(d, "Red's engine's move", lambda d: js(d, "S.plies.length >= 1 && S.side === 'b'") and idle(d))
    time.sleep(0.5)
    seen = js(d, "({die: $('die').textContent.trim(), label: $('die').getAttribute('aria-label'), rolled: S.plies[S.plies.length - 1].die,"
                 " example: $('move-input').placeholder})")
    shot(d, f"{w}-41-blue-die.png")
    print(f"{w}: playing Blue after Red's move: {seen}")
    assert seen["die"] == "–" and f"rolled {seen['rolled']}" in seen["label"], f"the die before Blue's roll: {seen}"
    blue = js(d, f"Boolean(document.querySelector('#sq-{seen['example'][:2]} .cube.blue'))")
    assert blue, f"the move box's example is not a move of Blue's: {seen}"
    wait(d, "Roll offered", lambda d: enabled(d, "roll"))
    click(d, "roll")
    wait(d, "Blue's moves", lambda d: js(d, "S.legal.length > 0") and idle(d))
    after = js(d, "[$('move-input').placeholder, S.legal]")
    print(f"{w}: rolled: the example {after[0]!r}, legal {after[1]}")
    assert after[0] in after[1], f"after the roll the example {after[0]!r} is not a legal move: {after[1]}"


# For each analysis table, each header beside its column's first figures: [header, its text's
# left and right, the cell's text's left and right, right-aligned or not].
TABLE_ALIGN = """return [...document.querySelectorAll('table.an')].filter((t) => t.offsetParent && t.tBodies[0].rows.length).map((t) => {
  const text = (e) => { const w = document.createTreeWalker(e, NodeFilter.SHOW_TEXT); let n, box = null;
    while ((n = w.nextNode())) { if (!n.textContent.trim() || n.parentElement.closest('.tag, .rv-wp, abbr.ex, .exact')) continue;
      const r = document.createRange(); r.selectNodeContents(n); const b = r.getBoundingClientRect();
      box = box ? {left: Math.min(box.left, b.left), right: Math.max(box.right, b.right)} : {left: b.left, right: b.right}; }
    return box; };
  const row = t.tBodies[0].rows[0];
  return [t.id, [...t.tHead.rows[0].cells].map((h, i) => { const c = row.cells[i], hb = text(h), cb = c && text(c);
    if (!hb || !cb) return null;
    return [h.textContent.trim().slice(0, 12), Math.round(hb.left), Math.round(hb.right), Math.round(cb.left), Math.round(cb.right),
            getComputedStyle(c).textAlign === 'right']; }).filter(Boolean)]; })"""


def table_headers_aligned(d):
    """The analysis tables (every move; per face): each header stands at its column's figures,
    right-aligned over right-aligned figures, left over left (the faces' "win" stood 93 px left
    of its figures, the moves' "win" over the bar beside the figure)."""
    w = js(d, "innerWidth")
    new_game(d, ("human",), ("ewn", 1, 20), 5)
    click(d, "mode-analyse")
    roll_if_needed(d)
    wait(d, "both tables", lambda d: js(d, "Boolean(document.querySelector('#analysis-moves tbody tr'))"
                                          " && Boolean(document.querySelector('#analysis-faces-table tbody tr'))"))
    time.sleep(0.5)
    seen = d.execute_script(TABLE_ALIGN)
    d.execute_script("$('analysis-card').scrollIntoView()")
    shot(d, f"{w}-41-tables.png", top=False)
    print(f"{w}: the analysis tables' headers and figures {seen}")
    off = [(t, c) for t, cols in seen for c in cols if (abs(c[2] - c[4]) if c[5] else abs(c[1] - c[3])) > 3]
    assert len(seen) == 2 and not off, f"headers off their columns: {off}"
    click(d, "mode-play")


def fortyfirst_players_report():
    in_arena(390, 844, phone_note_keeps_the_instruction, phone_copy_link_note_whole_lines, die_and_example_for_blue,
             table_headers_aligned)
    in_arena(1280, 800, rules_open_under_their_line, result_with_the_status, die_and_example_for_blue, table_headers_aligned)
