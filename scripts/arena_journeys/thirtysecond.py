"""The checks of what the thirty-second new player reported, each at the size where it was seen:
a die rolled at the game's end went back to unrolled after a step back and forward (the box "–",
no move targets) and a typed move stayed in the greyed box at the step back; after Rematch the
New game form offered the game before's seats, so that Start game swapped the person back; a
loaded record's games pushed the step row down (246 -> 327 px beside the board, 682 -> 763 on a
phone) and Pause's Step lay over its ›; on a phone a note over the status line covered the Rules
row and the analysis switch; with the die's own cube gone nothing was picked and nothing said
which cubes may move; at a game's end a scroll bar came and shifted the right column, the Review
card kept an empty band, and Roll was 35 px wide."""

import time

from selenium.webdriver.common.by import By

from .driver import (wait, js, new_game, in_arena, ply_pos, ply_count, click, shot,
                     red_turn_or_end, click_move, idle, note_shown, type_die, over, board_still,
                     open_form, form_type, start_game)
from .eighteenth import load_file
from .nineteenth import MATCH4

BOXES = """return Object.fromEntries(arguments[0].map((i) => { const e = $(i); if (!e || !e.getClientRects().length) return [i, null];
  const r = e.getBoundingClientRect(); return [i, [Math.round(r.left), Math.round(r.top), Math.round(r.right), Math.round(r.bottom)]]; }))"""


def boxes(d, ids):
    return d.execute_script(BOXES, ids)


def settle(d):
    d.execute_script("document.activeElement.blur(); window.scrollTo(0, 0)")
    board_still(d)
    time.sleep(0.3)


def die_survives_steps(d):
    """A die rolled at the game's end is there again after < and > (it went back to "–", the move
    targets gone), and a move typed into the move box is cleared at the step back (it stayed in
    the greyed box)."""
    new_game(d, ("human",), ("ewn", 1, 20), 7)
    wait(d, "Red's turn", red_turn_or_end)
    click(d, "roll")
    wait(d, "the die", lambda d: js(d, "S.die") is not None and idle(d))
    click_move(d)
    wait(d, "the engine's answer", lambda d: js(d, "S.side === 'r' && S.thinking === null") and idle(d) and ply_count(d) == 2)
    click(d, "roll")
    wait(d, "the die", lambda d: js(d, "S.die") is not None and idle(d))
    die = js(d, "S.die")
    move = js(d, "S.legal[0]")
    box = d.find_element(By.ID, "move-input")
    box.clear()
    box.send_keys(move)
    click(d, "nav-back")
    wait(d, "the step back", lambda d: ply_pos(d) == 1 and idle(d))
    typed = js(d, "[$('move-input').value, $('move-input').disabled]")
    click(d, "nav-fwd")
    wait(d, "the step forward", lambda d: ply_pos(d) == 2 and idle(d))
    time.sleep(0.3)
    seen = js(d, "({die: S.die, box: $('die').textContent, movable: document.querySelectorAll('#board .cube.movable').length})")
    print(f"{js(d, 'innerWidth')}: rolled {die}; typed {move!r}, at the step back the box holds {typed};"
          f" back at the end: {seen}")
    assert typed[0] == "", f"the typed move {typed[0]!r} stayed in the box at another position"
    assert seen["die"] == die and seen["box"].strip() == str(die) and seen["movable"] > 0, \
        f"the die rolled at the end ({die}) is gone after a step back and forward: {seen}"


FORM = "[document.querySelector('#p-red .p-type').value, document.querySelector('#p-blue .p-type').value]"


def rematch_form_shows_its_seats(d):
    """After Rematch the New game form shows the rematch's seats (the engine Red, the person
    Blue), and Start game keeps them (it offered the game before's and swapped the person back)."""
    new_game(d, ("human",), ("ewn", 1, 20), 7)
    wait(d, "Red's turn", red_turn_or_end)
    d.execute_script("$('resign').click()")
    time.sleep(0.3)
    d.execute_script("$('resign').click()")
    wait(d, "the resignation", lambda d: over(d) and idle(d))
    click(d, "rematch")
    wait(d, "the rematch", lambda d: js(d, "S.players.red.type") == "ewn" and js(d, "S.players.blue.type") == "human")
    time.sleep(0.5)
    click(d, "top-new")
    time.sleep(0.3)
    form = js(d, FORM)
    print(f"{js(d, 'innerWidth')}: after Rematch (Red ewn, Blue the person) the form offers {form}")
    assert form == ["ewn", "human"], f"the New game form after a rematch offers {form}, not its seats"
    start_game(d)
    wait(d, "the new game", lambda d: js(d, "S.plies.length") <= 1 and idle(d))
    seats = js(d, "[S.players.red.type, S.players.blue.type]")
    assert seats == ["ewn", "human"], f"Start game after a rematch swapped the seats: {seats}"


CONTROLS = "#controls button, #controls select, #controls a[href], #controls input, #controls summary"
OVERLAPS = """return (() => {
  const cs = [...document.querySelectorAll(arguments[0])].filter((c) => c.offsetParent && getComputedStyle(c).visibility !== 'hidden')
    .map((c) => [c.id || c.textContent.trim().slice(0, 12), c.getBoundingClientRect()]);
  const out = [];
  for (let i = 0; i < cs.length; i++) for (let j = i + 1; j < cs.length; j++) {
    const a = cs[i][1], b = cs[j][1];
    if (a.left < b.right - 1 && b.left < a.right - 1 && a.top < b.bottom - 1 && b.top < a.bottom - 1) out.push([cs[i][0], cs[j][0]]);
  }
  return out; })()"""
# Each entry of the record's picker whole in its box, or whole in the picker's title.
PICKER = """return (() => {
  const s = $('rec-game'), c = document.createElement('canvas').getContext('2d'), st = getComputedStyle(s);
  c.font = `${st.fontWeight} ${st.fontSize} ${st.fontFamily}`;
  const room = s.clientWidth - parseFloat(st.paddingLeft) - parseFloat(st.paddingRight) - 20;
  const o = s.options[s.selectedIndex];
  return {room: Math.round(room), text: o.textContent, width: Math.round(c.measureText(o.textContent).width),
          whole: o.title || o.textContent, title: s.title}; })()"""


def record_keeps_step_row(d):
    """A record of four games loaded, game 3: the step row where it is without a record (246 ->
    327 px beside the board, 682 -> 763 on a phone), no control over another (paused in a side
    line, Step over ›), and the picker's entry whole (or whole in its title)."""
    w = js(d, "innerWidth")
    new_game(d, ("human",), ("ewn", 1, 20), 7)
    settle(d)
    plain = boxes(d, ["nav-first"])["nav-first"]
    load_file(d, MATCH4)
    d.execute_script("const p = $('rec-game'); p.value = '3'; p.dispatchEvent(new Event('change'));")
    wait(d, "game 3", lambda d: d.find_element(By.ID, "rec-pos").text == "Game 3 of 4" and idle(d))
    settle(d)
    ids = ["nav-first", "copy-link", "record-bar", "rec-next", "moves"]
    end = boxes(d, ids)
    pick = d.execute_script(PICKER)
    shot(d, f"{w}-32-record-end.png")
    over_end = d.execute_script(OVERLAPS, CONTROLS)
    # A side line from a step back, paused: Step shows under Pause.
    click(d, "nav-back")
    wait(d, "the step back", lambda d: ply_pos(d) == ply_count(d) - 1 and idle(d))
    m = js(d, "S.legal.find((m) => m !== S.plies[S.ply].move)")
    if m:
        d.execute_script(f"playMove({m!r}, true)")
        wait(d, "the side line", lambda d: js(d, "Boolean(S.main)") and idle(d))
        if js(d, "S.running") and not js(d, "$('pause').disabled"):
            click(d, "pause")
            time.sleep(0.5)
    settle(d)
    side = boxes(d, ids + ["pause", "step"])
    over_side = d.execute_script(OVERLAPS, CONTROLS)
    shot(d, f"{w}-32-record-side-line.png")
    h = js(d, "innerHeight")
    print(f"{w}: the step row at {plain[1]} without a record, {end['nav-first'][1]} with game 3 of 4 loaded,"
          f" {side['nav-first'][1]} in a side line from it; {end}; side line {side}; overlaps {over_end} / {over_side};"
          f" picker {pick}")
    assert abs(end["nav-first"][1] - plain[1]) <= 2, f"a loaded record moved the step row {plain[1]} -> {end['nav-first'][1]}"
    assert not over_end and not over_side, f"controls over one another: {over_end} {over_side}"
    assert end["copy-link"][3] <= h - 4 and end["record-bar"][3] <= h, f"Copy link or the record's games at the screen's foot: {end}"
    fits = pick["width"] <= pick["room"]
    assert fits or pick["title"] == pick["whole"], f"the picker's entry is cut and not whole in its title: {pick}"


# The controls the note hides a part of (a point of theirs shows the note, not them).
UNDER = """return (() => {
  // What is drawn on top, the note's parts counted though they let taps through.
  const see = document.createElement('style');
  see.textContent = '#error, #error * { pointer-events: auto !important; }';
  document.head.append(see);
  try { return under(); } finally { see.remove(); }
  function under() {
  const n = $('error').getBoundingClientRect();
  return [...document.querySelectorAll('button, summary, a[href], input, select, label')]
    .filter((c) => c.offsetParent && !$('error').contains(c) && getComputedStyle(c).visibility !== 'hidden')
    .map((c) => [c.id || c.textContent.trim().slice(0, 20), c.getBoundingClientRect()])
    .filter(([c, b]) => b.height > 0 && b.left < n.right - 1 && n.left < b.right - 1 && b.top < n.bottom - 1 && n.top < b.bottom - 1)
    .filter(([c, b]) => { const el = document.getElementById(c) || [...document.querySelectorAll('button, summary, a[href], input, select, label')]
        .find((e) => (e.id || e.textContent.trim().slice(0, 20)) === c);
      return [[0.5, 0.5], [0.1, 0.2], [0.9, 0.2], [0.1, 0.8], [0.9, 0.8]].some(([fx, fy]) => {
        const h = document.elementFromPoint(b.left + fx * b.width, b.top + fy * b.height);
        return !h || !(el.contains(h) || h.contains(el) || (el.htmlFor && h.id === el.htmlFor)); }); })
    .map(([c, b]) => [c, Math.round(b.top), Math.round(b.bottom)]); } })()"""


def phone_note_covers_no_control(d):
    """390x844: a note put over the status line covered the Rules row and the analysis switch (note
    at 40-113, the row at 91-116). Short or long, it covers no control."""
    new_game(d, ("human",), ("ewn", 1, 20), 7)
    click(d, "roll")
    wait(d, "the die", lambda d: js(d, "S.legal.length") > 0 and idle(d))
    for text in ("Blue is an engine: Resume, or Step for its move.",
                 "Blue is an engine: Resume, or Step for its move. " + "A long note, cut at its lines. " * 6):
        settle(d)
        d.execute_script(f"flash({text!r})")
        wait(d, "the note", lambda d: note_shown(d))
        time.sleep(0.4)
        under = d.execute_script(UNDER)
        box = boxes(d, ["error"])["error"]
        cls = js(d, "$('error').className")
        shot(d, f"phone-32-note-{len(text)}.png")
        print(f"390: a note of {len(text)} letters ({cls}) at {box}: controls under it {under}")
        assert not under, f"a note of {len(text)} letters covers {under}"
        d.execute_script("localError = null; render(S)")
        time.sleep(0.3)


# The square drawn picked on the board, and the cubes drawn movable.
PICKED = "(document.querySelector('#board .cube.selected') || {closest: () => ({id: null})}).closest('[id^=sq-]').id"


def one_cube_picked(d):
    """The die's own cube gone: with one cube to move it is picked; with two the status or a note
    names them (nothing was picked and nothing said which)."""
    open_form(d)
    form_type(d, "#ng-position", "R1R53/5/5/5/3B6B1 r")
    new_game(d, ("human",), ("ewn", 1, 20), dice="manual")
    wait(d, "the position", lambda d: js(d, "S.fen") == "R1R53/5/5/5/3B6B1 r")
    open_form(d)
    form_type(d, "#ng-position", "")
    d.execute_script("$('newgame').open = false")
    type_die(d, 6)
    time.sleep(0.5)
    picked = js(d, PICKED)
    said6 = js(d, "$('status').textContent") + " | " + note_shown(d)
    type_die(d, 3)
    time.sleep(0.5)
    said3 = js(d, "$('status').textContent") + " | " + note_shown(d)
    picked3 = js(d, PICKED)
    print(f"{js(d, 'innerWidth')}: die 6, cube 6 gone, only cube 5 can move: picked {picked!r}, said {said6!r};"
          f" die 3, cubes 1 and 5 can: picked {picked3!r}, said {said3!r}")
    assert picked == "sq-b5", f"with one cube to move for die 6 nothing was picked ({picked!r})"
    assert picked3 is None and "cube 1" in said3 and "cube 5" in said3 and "cube 3 is gone" in said3, \
        f"with cube 3 gone nothing says cubes 1 and 5 may move: {said3!r}"


def play_to_end(d):
    new_game(d, ("human",), ("ewn", 1, 20), 7)
    while not over(d):
        wait(d, "Red's turn", red_turn_or_end)
        if over(d):
            break
        if js(d, "S.die") is None:
            click(d, "roll")
            wait(d, "the die", lambda d: js(d, "S.die") is not None and idle(d))
        if js(d, "S.legal.length") and not over(d):
            d.execute_script("playMove(S.legal[0], true)")
        wait(d, "the engine's answer", lambda d: over(d) or (js(d, "S.side === 'r' && S.thinking === null") and idle(d)))
    wait(d, "the end", lambda d: over(d) and idle(d))


def end_no_shift(d):
    """1280x800 with scroll bars: the right column stays in place at a game's end (a scroll bar
    came and moved it 15 px), the Review card keeps no empty band (50 px), Roll at least 44 px wide."""
    d.execute_script("localError = null")
    new_game(d, ("human",), ("ewn", 1, 20), 7)
    settle(d)
    roll = boxes(d, ["roll"])["roll"]
    before = boxes(d, ["analysis-card", "review-card"])
    play_to_end(d)
    settle(d)
    time.sleep(1)
    after = boxes(d, ["analysis-card", "review-card"])
    click(d, "review-end")
    wait(d, "the review", lambda d: js(d, "S.review.moves") and not js(d, "S.review.busy") and idle(d))
    settle(d)
    # The widest band of the card with nothing drawn in it, between its heading and its foot.
    gap = js(d, """(() => { const c = $('review-card'), b = c.getBoundingClientRect();
      const rs = [...c.querySelectorAll('*')].filter((e) => e.getClientRects().length && getComputedStyle(e).visibility !== 'hidden'
          && (e.children.length === 0 || /^(BUTTON|TABLE|TR|H2|P|SPAN)$/.test(e.tagName)) && e.textContent.trim())
        .map((e) => e.getBoundingClientRect()).filter((r) => r.height > 0).sort((x, y) => x.top - y.top);
      let edge = b.top, band = 0;
      for (const r of rs) { band = Math.max(band, r.top - edge); edge = Math.max(edge, r.bottom); }
      return Math.round(Math.max(band, b.bottom - edge)); })()""")
    scroll = js(d, "[document.documentElement.scrollHeight, innerHeight, document.documentElement.clientWidth]")
    shot(d, "1280-32-end.png")
    d.execute_script("$('review-card').scrollIntoView()")
    shot(d, "1280-32-end-review.png", top=False)
    print(f"{js(d, 'innerWidth')}: Roll {roll[2] - roll[0]} px wide; the analysis and review cards {before} in play,"
          f" {after} at the end; page {scroll}; the reviewed Review card's widest empty band {gap} px")
    assert after["analysis-card"][0::2] == before["analysis-card"][0::2], f"the right column moved at the end: {before} -> {after}"
    assert gap <= 20, f"the Review card keeps an empty band of {gap} px"
    assert roll[2] - roll[0] >= 44, f"Roll is {roll[2] - roll[0]} px wide"


def phone_roll_wide(d):
    new_game(d, ("human",), ("ewn", 1, 20), 7)
    settle(d)
    b = boxes(d, ["die", "roll", "hint", "undo", "pause", "step", "turnbar"])
    print(f"390: the turn's row {b}")
    assert b["roll"][2] - b["roll"][0] >= 44, f"Roll is {b['roll'][2] - b['roll'][0]} px wide"
    assert all(v is None or v[2] <= 390 for v in b.values()), f"a control off the screen: {b}"


def thirtysecond_players_report():
    in_arena(1280, 800, die_survives_steps, rematch_form_shows_its_seats, record_keeps_step_row, one_cube_picked)
    in_arena(1280, 800, end_no_shift, scrollbars=True)
    in_arena(390, 844, die_survives_steps, record_keeps_step_row, phone_note_covers_no_control, phone_roll_wide)

