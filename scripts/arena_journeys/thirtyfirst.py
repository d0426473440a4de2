"""The checks of what the thirty-first new player reported, each at the size where it was seen:
a click on a move at a step back in an unfinished game against the engine replaced the game's
later moves without asking (6 moves became 5); at a step back to the engine's turn the board
took a move for the engine's seat (mayMove true, the move played); paused at the engine's turn
with its die typed, Hint and the typed move's Play were offered for the engine's seat. At
390x844 a note put over the status line (at 38-133 px) lay over the Rules row and the analysis
switch for 10 s, a tap there landing on the note (one cut at its lines: "more"); a hint's note at the foot lay
over Review game.""" 

import time

from selenium.webdriver.common.by import By

from .driver import (wait, js, new_game, in_arena, ply_pos, ply_count, navigate_to, click, shot,
                     red_turn_or_end, roll_if_needed, click_move, idle, note_shown, type_die,
                     click_first, enabled, ask_hint)


def play_three_turns(d):
    """A game of a person (Red) against the engine (Blue), three turns each."""
    new_game(d, ("human",), ("ewn", 2, 50), 7)
    for _ in range(3):
        wait(d, "Red's turn", red_turn_or_end)
        roll_if_needed(d)
        click_move(d)
        wait(d, "the engine's answer", lambda d: js(d, "S.side === 'r' && S.thinking === null") and idle(d))


def other_move(d):
    """A legal move at the shown position other than the game's own next one, that takes no own
    cube (one click on its cube, one on its target)."""
    return js(d, "S.legal.find((m) => m !== S.plies[S.ply].move && m !== '0000' && !ownCubeAt(m.slice(2)))")


def click_squares(d, m):
    click_first(d, f"the cube on {m[:2]}", f"#sq-{m[:2]} .cube")
    wait(d, f"{m[:2]} picked", lambda d: js(d, "selected") == m[:2])
    click_first(d, f"the target {m[2:]}", f"#sq-{m[2:]}")


def step_back_asks(d):
    """At a step back to the person's turn a click on another move asks first: Keep leaves the
    game's moves, Replace plays the move from there (it replaced them without asking)."""
    play_three_turns(d)
    n = ply_count(d)
    for k in range(n - 2, -1, -2):
        navigate_to(d, k)
        m = other_move(d)
        if m:
            break
    assert m, "no other move at any step back to Red's turn"
    click_squares(d, m)
    time.sleep(0.8)
    asked = js(d, "!$('replace-ask').hidden && $('replace-ask-text').textContent")
    print(f"{js(d, 'innerWidth')}: {m} clicked at move {k} of {n}: {ply_count(d)} moves, question {asked!r}")
    shot(d, f"{js(d, 'innerWidth')}-31-step-back-ask.png", top=False)
    assert ply_count(d) == n and asked and f"after move {k}" in asked, \
        f"a move at a step back replaced the later moves without asking ({n} -> {ply_count(d)} moves)"
    box, board = (js(d, f"(() => {{ const r = $('{i}').getBoundingClientRect(); return [r.top, r.bottom, r.left, r.right]; }})()")
                  for i in ("replace-ask", "board"))
    assert box[0] >= 0 and box[1] <= js(d, "innerHeight"), f"the question is off the screen: {box}"
    click(d, "replace-no")
    time.sleep(0.5)
    assert ply_count(d) == n and ply_pos(d) == k, f"Keep the moves lost them: {ply_count(d)} of {n}"
    click_squares(d, m)
    wait(d, "the question again", lambda d: not js(d, "$('replace-ask').hidden"))
    click(d, "replace-yes")
    wait(d, "the move played from the step back", lambda d: ply_count(d) >= k + 1 and js(d, f"S.plies[{k}].move") == m)
    print(f"{js(d, 'innerWidth')}: Replace played {m} as move {k + 1}")


def no_move_for_the_engines_seat(d):
    """Stepped back to the engine's turn (its die shown, the one rolled there), a click on its
    cube plays nothing and says why (the board took the move for the engine)."""
    play_three_turns(d)
    n = ply_count(d)
    navigate_to(d, n - 1)
    time.sleep(0.4)
    die, rolled = js(d, "S.die"), js(d, f"S.plies[{n - 1}].die")
    may = js(d, "mayMove()")
    m = other_move(d) or js(d, "S.legal[0]")
    d.find_element(By.ID, f"sq-{m[:2]}").click()
    time.sleep(0.3)
    d.find_element(By.ID, f"sq-{m[2:]}").click()
    time.sleep(0.8)
    said = note_shown(d)
    hint = js(d, "[$('hint').disabled, $('hint').title]")
    print(f"{js(d, 'innerWidth')}: at the engine's turn (move {n - 1} of {n}) die {die} (rolled {rolled}),"
          f" mayMove {may}, after a click {ply_count(d)} moves, at {ply_pos(d)}, note {said!r}, hint {hint}")
    assert die == rolled, f"the die shown ({die}) is not the one rolled there ({rolled})"
    assert not may and ply_count(d) == n and ply_pos(d) == n - 1, "the board took a move for the engine's seat"
    assert "engine" in said, f"the click on the engine's cube says nothing of why: {said!r}"
    assert hint[0] and "engine" in hint[1], f"Hint is offered for the engine's seat: {hint}"


def paused_engine_turn(d):
    """Paused at the engine's turn with its die typed: Hint, the typed move and the board are
    greyed for the engine's seat, the reason in the tooltip (they were offered)."""
    new_game(d, ("human",), ("ewn", 1, 20), dice="manual")
    type_die(d, 3)
    click(d, "pause")
    wait(d, "the pause", lambda d: d.find_element(By.ID, "pause").text == "Resume")
    click_move(d)
    type_die(d, 4)
    time.sleep(0.4)
    seen = js(d, "({side: S.side, hint: $('hint').disabled, go: $('move-go').disabled, input: $('move-input').disabled,"
                 " title: $('hint').title, movable: document.querySelectorAll('#board .cube.movable').length})")
    print(f"{js(d, 'innerWidth')}: paused at the engine's turn, its die typed: {seen}")
    assert seen["side"] == "b" and seen["hint"] and seen["go"] and seen["input"] and seen["movable"] == 0, \
        f"the engine's seat can be played or hinted while paused: {seen}"
    assert "engine" in seen["title"], f"Hint's tooltip says not why it is greyed: {seen}"
    click(d, "pause")
    wait(d, "the engine's move once resumed", lambda d: ply_count(d) == 2)


# The controls whose middle lies under the note, and whether a tap there reaches each.
UNDER_NOTE = """(() => {
  const n = $('error').getBoundingClientRect();
  return [...document.querySelectorAll('button, summary, a[href], input, select, label')]
    .filter((c) => c.offsetParent && !$('error').contains(c))
    .map((c) => [c, c.getBoundingClientRect()])
    .filter(([c, b]) => { const x = (b.left + b.right) / 2, y = (b.top + b.bottom) / 2;
      return b.height > 0 && x > n.left && x < n.right && y > n.top && y < n.bottom; })
    .map(([c, b]) => { const hit = document.elementFromPoint((b.left + b.right) / 2, (b.top + b.bottom) / 2);
      return [c.id || c.textContent.trim().slice(0, 20), Boolean(hit) && (c.contains(hit) || hit.contains(c) || Boolean(c.htmlFor && hit.id === c.htmlFor))]; });
})()"""


def phone_note_lets_taps_through(d):
    """390x844: a note over the status line lets a tap reach the Rules row and the analysis
    switch under it, and goes within 9 s (it stayed 10 s); a hint's note at the foot lets a tap reach what is
    under it (Review game scrolled there)."""
    new_game(d, ("human",), ("ewn", 2, 50), 7)
    click(d, "roll")
    wait(d, "the die", lambda d: js(d, "S.legal.length") > 0 and idle(d))
    d.execute_script("document.activeElement.blur(); window.scrollTo(0, 0)")
    time.sleep(0.3)
    d.execute_script("flash('Blue is an engine: Resume, or Step for its move. ' + 'A long note, cut at its lines. '.repeat(6))")
    wait(d, "the note over the status line, cut", lambda d: js(d, "$('error').classList.contains('up') && $('error').classList.contains('cut')"))
    since = time.time()
    under = js(d, UNDER_NOTE)
    box = js(d, "(() => { const r = $('error').getBoundingClientRect(); return [Math.round(r.top), Math.round(r.bottom)]; })()")
    shot(d, "phone-31-note-up.png")
    print(f"390: a note over the status line at {box}: the controls under it, reached by a tap: {under}")
    assert under and all(ok for _, ok in under), f"the note takes taps meant for {under}"
    # A tap on the analysis switch under it is the switch's.
    before = js(d, "mode")
    d.execute_script("const b = $('mode-analyse').getBoundingClientRect();"
                     " document.elementFromPoint(b.left + b.width / 2, b.top + b.height / 2).click()")
    time.sleep(0.5)
    after = js(d, "mode")
    print(f"390: a tap on the analysis switch under the note: mode {before} -> {after}")
    assert after != before, "a tap on the analysis switch under the note did not reach it"
    d.execute_script(f"setMode({before!r})")
    d.execute_script("flash('Another note over the status line, long enough to stand there on two lines or three.')")
    wait(d, "the note over the status line", lambda d: js(d, "$('error').classList.contains('up')"))
    since = time.time()
    wait(d, "the note gone", lambda d: not note_shown(d) or time.time() - since > 11)
    gone = time.time() - since
    print(f"390: the note over the status line went after {gone:.1f} s")
    assert gone <= 9.2, f"the note over the status line stayed {gone:.1f} s"
    # The hint's note at the foot, then the page scrolled so that Review game is under it.
    d.execute_script("localError = null; render(S); const r = $('review').getBoundingClientRect();"
                     " window.scrollBy(0, r.bottom - innerHeight + 20)")
    time.sleep(0.3)
    d.execute_script("$('hint').click()")
    wait(d, "the hint's note", lambda d: note_shown(d).startswith("Hint:"))
    d.execute_script("const r = $('review').getBoundingClientRect(), n = $('error').getBoundingClientRect();"
                     " window.scrollBy(0, Math.round((r.top + r.bottom - n.top - n.bottom) / 2))")
    time.sleep(0.4)
    under = js(d, UNDER_NOTE)
    kind = js(d, "$('error').className")
    print(f"390: the hint's note ({kind}): the controls under it, reached by a tap: {under}")
    shot(d, "phone-31-hint-note.png", top=False)
    assert under and all(ok for _, ok in under), f"the hint's note takes taps meant for {under}"


# The visible controls smaller than 24 px in either dimension; a checkbox counts by its label.
SMALL_TARGETS = """(() => [...document.querySelectorAll('button, summary, a[href], input, select, textarea')]
  .filter((c) => c.offsetParent && !c.closest('#error') && getComputedStyle(c).visibility !== 'hidden')
  .map((c) => [c, (c.type === 'checkbox' && c.closest('label') ? c.closest('label') : c).getBoundingClientRect()])
  .filter(([c, b]) => b.width < 23.5 || b.height < 23.5)
  .map(([c, b]) => [c.id || c.textContent.trim().slice(0, 16) || c.className, Math.round(b.width), Math.round(b.height)]))()"""


def phone_targets_big_enough(d):
    """390x844: every control at least 24 x 24 px, a checkbox by its label (the checkboxes were
    13 x 13, the rules' toggle 18 px tall), and the board still whole on the first screen."""
    play_three_turns(d)
    d.execute_script("document.activeElement.blur(); window.scrollTo(0, 0)")
    d.execute_script("$('newgame').open = true")
    time.sleep(0.3)
    small = js(d, SMALL_TARGETS)
    d.execute_script("$('newgame').open = false; window.scrollTo(0, 0)")
    time.sleep(0.3)
    board = js(d, "Math.round($('board').getBoundingClientRect().bottom)")
    print(f"390: controls under 24 x 24 px: {small}; the board's foot at {board}")
    assert not small, f"controls smaller than 24 x 24 px on a phone: {small}"
    assert board <= 844, f"the board's foot is below the first screen ({board})"


def thirtyfirst_players_report():
    in_arena(1280, 800, step_back_asks, no_move_for_the_engines_seat, paused_engine_turn)
    in_arena(390, 844, step_back_asks, phone_note_lets_taps_through, phone_targets_big_enough)
