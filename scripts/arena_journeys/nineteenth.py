"""The checks of what the nineteenth new player reported, each at the size where it was seen: on
a phone, a finished game of a loaded record was laid out one way when stepped to and another
after a reload (the move list first, past the screen's foot, the step buttons below it); notes
cut the words that matter (a hint's win chance, the status's instruction) or covered the board's
edge or a button of the New game form; at 1280x800 the New game form opened from its heading
had Start game below the screen; Save this game said nothing, and a record pasted after it was
added to its text; Undo beside Rematch at a game's end said not what it takes back; the result showed while the
last cube slid, and a capture showed two cubes on one square after the slide; a hint or an engine
taking its own cube read as a bug."""

import re
import time

from selenium.webdriver.common.by import By

from .driver import (ask_hint, wait, click, js, idle, in_arena, board_still, shot, ply_count, ply_pos, over, first_state,
    note_shown, new_game, open_form, enabled, type_die, scroll_settled)
from .eighteenth import load_file
from .records import MATCH6
from .sixteenth import rect, play_a_move

# The first four games of MATCH6, as a match of four games writes them.
MATCH4 = MATCH6[:MATCH6.index("game 5\n")].replace("--games: 6", "--games: 4")


def end_layout(d):
    """Where the step buttons, Copy link, the record's games and the move list are, at the top."""
    d.execute_script("document.activeElement.blur(); window.scrollTo(0, 0)")
    board_still(d)
    out = {i: rect(d, i) for i in ("nav-first", "copy-link", "record-bar", "moves")}
    out = {k: [round(v["top"]), round(v["bottom"])] for k, v in out.items()}
    out["moves-scroll"] = js(d, "[$('moves').scrollTop, $('moves').scrollHeight]")
    return out


def phone_record_end_same_after_reload(d):
    """390x844: game 3 of a four-game record stepped to its end had the step buttons at y~770,
    above the list; after a reload the same game and position showed the move list first (754,
    past the screen's foot, scrolled to its end), |< at 884 and Copy link at 928. One layout
    whatever the path: the step buttons on the first screen, before the list."""
    load_file(d, MATCH4)
    d.execute_script("const p = $('rec-game'); p.value = '3'; p.dispatchEvent(new Event('change'));")
    wait(d, "game 3", lambda d: d.find_element(By.ID, "rec-pos").text == "Game 3 of 4" and idle(d))
    click(d, "nav-last")
    wait(d, "the game's end", lambda d: ply_pos(d) == ply_count(d) and over(d) and idle(d))
    stepped = end_layout(d)
    shot(d, "phone-19-record-end-stepped.png")
    d.refresh()
    first_state(d)
    wait(d, "the same game after the reload", lambda d: over(d) and idle(d) and ply_pos(d) == ply_count(d))
    reloaded = end_layout(d)
    shot(d, "phone-19-record-end-reloaded.png")
    h = js(d, "innerHeight")
    print(f"phone: game 3 of 4 at its end, stepped to {stepped}, after a reload {reloaded} (screen {h})")
    for name, where in (("stepped to", stepped), ("reloaded", reloaded)):
        assert where["nav-first"][1] <= h and where["copy-link"][1] <= h, f"{name}: the step buttons or Copy link below the screen: {where}"
        assert where["nav-first"][1] <= where["moves"][0], f"{name}: the move list before the step buttons: {where}"
    assert abs(stepped["nav-first"][0] - reloaded["nav-first"][0]) <= 2, f"the layout differs after a reload: {stepped} vs {reloaded}"




# Whether each of `words` shows whole in the element of id `id_`: its text's boxes inside the
# element's box (a line cut by "…" or past two lines lies outside it).
SEEN = """return ((id, words) => {
  const el = $(id), box = el.getBoundingClientRect(), text = el.textContent;
  return words.map((w) => {
    const at = text.indexOf(w);
    if (at < 0) return false;
    const walker = document.createTreeWalker(el, NodeFilter.SHOW_TEXT);
    let n, seen = 0;
    while ((n = walker.nextNode()) && seen + n.length <= at) seen += n.length;
    if (!n) return false;
    const r = document.createRange();
    r.setStart(n, at - seen);
    r.setEnd(n, Math.min(n.length, at - seen + w.length));
    return [...r.getClientRects()].every((q) => q.right <= box.right + 1 && q.bottom <= box.bottom + 1 && q.top >= box.top - 1);
  });
})(arguments[0], arguments[1]);"""


def seen(d, id_, words):
    return d.execute_script(SEEN, id_, words)


# What a shown note covers: the board, or any control in view (its own close button aside).
COVERS = """return (() => {
  const n = $('error').getBoundingClientRect();
  const hit = (b) => b.width > 0 && b.height > 0 && b.left < n.right - 1 && n.left < b.right - 1 && b.top < n.bottom - 1 && n.top < b.bottom - 1;
  const out = [];
  if (hit($('board').getBoundingClientRect())) out.push('board');
  // Over the status line the note may lie over the page's top row (Rules, the analysis switch),
  // the status at its own size and the note's lines under it (since the twenty-ninth report).
  const up = $('error').classList.contains('up');
  for (const c of document.querySelectorAll('button, input, select, textarea, a[href], summary')) {
    if ($('error').contains(c) || !c.offsetParent || $('copy-box').contains(c) || (up && c.closest('.topline'))) continue;
    // Drawn over the note (New game in the top bar, since the thirty-second report): not covered.
    if (Number(getComputedStyle(c).zIndex) > Number(getComputedStyle($('error')).zIndex)) continue;
    if (hit(c.getBoundingClientRect())) out.push(c.id || c.textContent.trim().slice(0, 20));
  }
  return {out, note: [Math.round(n.left), Math.round(n.top), Math.round(n.width), Math.round(n.height)], scrollY};
})();"""


def phone_hint_note_says_chance(d):
    """390x844: the Hint's note read "Hint: b5c5 (takes your own cube), Red's…", its win chance
    behind "more". The note shows the move and its win chance."""
    # In this game (seed 7) the first hint is a4a3, onto Red's own 6.
    new_game(d, ("human",), ("ewn", 2, 50), 7)
    wait(d, "Roll offered", lambda d: enabled(d, "roll"))
    click(d, "roll")
    wait(d, "the die rolled", lambda d: js(d, "S.die") is not None and idle(d) and enabled(d, "hint"))
    ask_hint(d)
    # Hint at the screen's foot, as with the board in view whole on a phone: the note goes over
    # the status line.
    d.execute_script("$('hint').scrollIntoView({block: 'end'}); window.scrollBy(0, -4); render(S)")
    board_still(d)
    text = note_shown(d)
    move = re.search(r"Hint: (\S+?)[,. ]", text).group(1)
    chance = re.search(r"\d+(\.\d+)?%", text).group(0)
    shown = seen(d, "error-text", [move, chance])
    shot(d, "phone-19-hint-note.png", top=False)
    up = js(d, "$('error').classList.contains('up')")
    print(f"phone: the hint's note (over the status: {up}) {text!r}: the move {move} seen {shown[0]}, the chance {chance} seen {shown[1]}")
    assert all(shown), f"the hint's note hides its move or win chance: {text!r} {shown}"
    d.execute_script("localError = null; render(S)")


def phone_note_over_status_whole(d):
    """6x6 at 390x844: a note put over the status line cut the instruction ("Red to move, die 7:
    no cube is numbered 7, mo…"). The status's words show whole in it."""
    new_game(d, ("human",), ("human",), dice="manual", variant="6x6")
    type_die(d, 7)
    d.execute_script("document.activeElement.blur(); window.scrollTo(0, 0)")
    board_still(d)
    said = js(d, "$('status').textContent")
    d.execute_script("$('move-input').focus({preventScroll: true}); flash('A note for the test, of one line.', 'info')")
    wait(d, "the note", lambda d: "A note" in note_shown(d))
    up = js(d, "$('error').classList.contains('up')")
    shown = seen(d, "error-status", [said]) if up else [True]
    where = d.execute_script(COVERS)
    shot(d, "phone-19-note-over-status.png", top=False)
    print(f"phone 6x6: the status {said!r}; the note over it {up}, its words whole {shown}; covers {where}")
    assert up, "the note is not over the status line: nothing to check"
    assert all(shown), f"the note over the status cuts its words: {said!r}"
    assert not where["out"], f"the note covers {where}"
    d.execute_script("localError = null; render(S)")


def phone_copy_link_scrolled(d):
    """390x844: Copy link with the page scrolled by 120 px put the note at (8,8) 374x40, over the
    board's top edge by 8 px. The note covers neither the board nor a control."""
    play_a_move(d)
    d.execute_script("window.scrollTo(0, 120)")
    time.sleep(0.3)
    d.find_element(By.ID, "copy-link").click()
    wait(d, "the link's note", lambda d: "link" in note_shown(d))
    time.sleep(0.3)
    where = d.execute_script(COVERS)
    shot(d, "phone-19-copy-link-scrolled.png", top=False)
    print(f"phone: Copy link scrolled: the note {where}")
    assert not where["out"], f"the link's note covers {where}"
    d.execute_script("localError = null; closeCopyBox && closeCopyBox(); render(S)")


def phone_form_note_clear(d):
    """390x844, the New game form open: the note at the foot overlapped "Load text below" by 9 px.
    A note covers no control of the form."""
    open_form(d)
    d.execute_script("$('load-text-btn').scrollIntoView({block: 'end'}); window.scrollBy(0, 20)")
    time.sleep(0.3)
    d.execute_script("flash('A note for the test, of one line.', 'info')")
    wait(d, "the note", lambda d: "A note" in note_shown(d))
    where = d.execute_script(COVERS)
    shot(d, "phone-19-form-note.png", top=False)
    print(f"phone: a note with the form open {where}")
    assert not where["out"], f"the note covers {where}"
    d.execute_script("localError = null; render(S)")


def desktop_form_start_in_view(d):
    """1280x800: New game opened the form with Start game at y 1013, below the screen of 800. The
    form opened from the top's New game, or from its own heading, shows Start game on the screen."""
    for how in ("top-new", "summary"):
        d.execute_script("$('newgame').open = false; window.scrollTo(0, 0)")
        time.sleep(0.2)
        if how == "top-new":
            click(d, "top-new")
        else:
            d.execute_script("$('newgame').scrollIntoView({block: 'end'})")
            time.sleep(0.2)
            d.find_element(By.CSS_SELECTOR, "#newgame > summary").click()
        wait(d, "the form open", lambda d: js(d, "$('newgame').open"))
        wait(d, "the page to stop scrolling", scroll_settled)
        time.sleep(0.3)
        start = rect(d, "ng-start")
        h = js(d, "innerHeight")
        shot(d, f"desktop-19-form-{how}.png", top=False)
        print(f"desktop: the form opened by {how}: Start game at {round(start['top'])}-{round(start['bottom'])} of {h}")
        assert 0 <= start["top"] and start["bottom"] <= h, f"the form opened by {how}: Start game out of view: {start}"



def save_says_and_paste_replaces(d):
    """Save this game said nothing beyond the record appearing in the text box, and a record
    pasted afterwards was appended to it, so that the picker offered "1. –, 0 moves". Save says
    what it saved and where; a record pasted over the saved text replaces it, and the picker
    lists the pasted record's games only."""
    play_a_move(d)
    click(d, "save")
    wait(d, "the saved text", lambda d: js(d, "$('record-text').value").startswith("game"))
    time.sleep(0.3)
    said = js(d, "$('record-said').hidden ? '' : $('record-said').textContent")
    print(f"Save this game: the card says {said!r}")
    # A paste into the box, as a person's Ctrl+V at its end (the caret where a click leaves it).
    d.execute_script("""const f = $('record-text'); f.focus(); f.setSelectionRange(f.value.length, f.value.length);
      const dt = new DataTransfer(); dt.setData('text/plain', arguments[0]);
      const ev = new ClipboardEvent('paste', {clipboardData: dt, bubbles: true, cancelable: true});
      if (f.dispatchEvent(ev)) { f.setRangeText(arguments[0], f.selectionStart, f.selectionEnd, 'end');
        f.dispatchEvent(new InputEvent('input', {bubbles: true, inputType: 'insertFromPaste'})); }""", MATCH4)
    time.sleep(0.2)
    games = js(d, "[...$('record-game').options].map((o) => o.textContent)")
    text = js(d, "$('record-text').value")
    shot(d, "desktop-19-save-paste.png", top=False)
    print(f"after a paste over the saved text: the picker {games}; the box {len(text)} chars (the record {len(MATCH4)})")
    assert "Saved" in said and ".txt" in said, f"Save said {said!r}"
    assert text.strip() == MATCH4.strip(), "the pasted record was mixed with the saved text"
    assert len(games) == 4 and not any("0 moves" in g for g in games), f"the picker after the paste: {games}"
    # A text cut short after a game's line lists no game for it.
    cut = js(d, "listGames(arguments[0])".replace("arguments[0]", repr(MATCH4 + "game 5\n")))
    print(f"a record of four games and a last game line alone: {cut} games listed")
    assert cut == 4, f"a game line with nothing after it was listed: {cut} games"
    d.execute_script("listGames($('record-text').value)")


def desktop_undo_says_what_at_end(d):
    """1280x800: after the game's end Undo stayed enabled beside Rematch, "Undo" alone, and what
    it would take back was unclear. Offered at the end, it says it takes back the last move and
    plays on."""
    open_form(d)
    d.execute_script("$('ng-position').value = '5/5/5/3R11/B1B2B3B4B5 r';")
    new_game(d, ("human",), ("ewn", 1, 30), dice="manual")
    type_die(d, 1)
    d.execute_script("playMove('d2e1')")
    wait(d, "the game's end", lambda d: over(d) and idle(d))
    board_still(d)
    undo = js(d, "[$('undo').disabled, $('undo').textContent, $('undo').title, $('undo').offsetParent !== null]")
    shot(d, "desktop-19-undo-at-end.png")
    print(f"desktop: at the game's end Undo (disabled, label, title, shown): {undo}")
    assert undo[0] or not undo[3] or (undo[1] != "Undo" and "last move" in undo[1]), f"Undo at the game's end says not what it undoes: {undo}"
    if not undo[0] and undo[3]:
        click(d, "undo")
        wait(d, "the move taken back", lambda d: not over(d) and idle(d))
        label = js(d, "$('undo').textContent")
        print(f"after it, the game goes on and Undo reads {label!r}")
        assert label == "Undo", f"Undo in play reads {label!r}"


def desktop_result_after_landing(d):
    """The result ("Red wins") showed while the last cube still slid, and a capture showed the
    taken cube and the taker on one square (10 and 11 on c1 in 6x6). The result shows once the
    move has landed, and once the slide is over the square holds one cube."""
    open_form(d)
    d.execute_script("$('ng-position').value = '5/5/5/3R11/B1B2B3B4B5 r';")
    new_game(d, ("human",), ("ewn", 1, 30), dice="manual")
    type_die(d, 1)
    samples = d.execute_async_script("""const done = arguments[0];
      const out = [], t0 = performance.now();
      playMove('d2e1');
      const look = () => {
        const cell = $('sq-e1'), r = $('result');
        const sliding = document.getAnimations().some((a) => a.playState === 'running' && a.effect && a.effect.target
          && a.effect.target.classList && a.effect.target.classList.contains('cube') && !a.effect.target.classList.contains('ghost'));
        const shown = Boolean(S.winner) && r.offsetParent !== null && parseFloat(getComputedStyle(r).opacity) > 0.5;
        out.push([Math.round(performance.now() - t0), sliding, cell ? cell.querySelectorAll('.cube').length : 0, shown]);
        if (performance.now() - t0 < 1200) requestAnimationFrame(look); else done(out);
      };
      requestAnimationFrame(look);""")
    slid = [s for s in samples if s[1]]
    early = [s for s in samples if s[1] and s[3]]
    two = [s for s in samples if s[0] > 0 and not s[1] and s[2] > 1 and any(x[1] for x in samples if x[0] < s[0])]
    print(f"desktop: the last move slid for {len(slid)} frames ({slid[0][0] if slid else '-'}-{slid[-1][0] if slid else '-'} ms);"
          f" the result shown while sliding in {len(early)}, two cubes on e1 after the slide in {len(two)}"
          f" (first {two[0] if two else '-'})")
    assert slid, f"no slide seen: {samples[:10]}"
    assert not early, f"the result shows while the cube slides: {early[:5]}"
    assert not two, f"two cubes on one square once the slide is over: {two[:5]}"
    wait(d, "the result", lambda d: js(d, "parseFloat(getComputedStyle($('result')).opacity)") > 0.99)


def own_capture_rule_once(d):
    """Hints and the engine often take the player's own cube, which a newcomer reads as a bug.
    The first hint or engine move of a game that takes its own cube says why the rules allow
    it, in plain words; the next ones of the same game do not repeat it."""
    new_game(d, ("human",), ("ewn", 2, 50), 7)
    wait(d, "Roll offered", lambda d: enabled(d, "roll"))
    click(d, "roll")
    wait(d, "the die rolled", lambda d: js(d, "S.die") is not None and idle(d) and enabled(d, "hint"))
    notes = []
    for _ in range(2):
        d.execute_script("localError = null; render(S)")

        def hinted(d):
            if not note_shown(d).startswith("Hint:"):
                click(d, "hint")
                time.sleep(0.5)
            return note_shown(d).startswith("Hint:")
        wait(d, "the hint's note", hinted)
        notes.append(note_shown(d))
    print(f"the hint's note, asked twice: {notes}")
    assert "(takes your own cube)" in notes[0], f"the first hint takes no own cube: nothing to check ({notes[0]!r})"
    assert "the rules let" in notes[0], f"the first hint onto an own cube says not why it is allowed: {notes[0]!r}"
    assert "the rules let" not in notes[1], f"the second hint of the game says it again: {notes[1]!r}"
    # Blue's 1 on a3 can only step up onto Blue's 2 on a4: the engine must take its own cube.
    open_form(d)
    d.execute_script("$('ng-position').value = '2R12/B24/B14/5/5 r';")
    new_game(d, ("human",), ("ewn", 1, 20), dice="manual")
    d.execute_script("$('ng-position').value = '';")
    type_die(d, 1)
    d.execute_script("playMove(S.legal[0])")
    type_die(d, 1)
    said = wait(d, "the note on the engine's own capture", lambda d: "took its own cube 2" in note_shown(d) and note_shown(d))
    print(f"the engine's own capture, first of its game: {said!r}")
    assert "the rules let" in said, f"the engine's first own capture says not why it is allowed: {said!r}"


def nineteenth_players_report():
    in_arena(390, 844, phone_record_end_same_after_reload)
    in_arena(390, 844, phone_hint_note_says_chance, phone_note_over_status_whole)
    in_arena(390, 844, phone_copy_link_scrolled, phone_form_note_clear)
    in_arena(1280, 800, desktop_form_start_in_view, save_says_and_paste_replaces, desktop_undo_says_what_at_end)
    in_arena(1280, 800, desktop_result_after_landing, own_capture_rule_once)
