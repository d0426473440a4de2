"""The checks of what the sixteenth new player reported, each at the size where it was seen: on a
phone an opened note never keeps a control from being used (a tap on it reaches the control and
closes the note), no note covers the move list's first line or a control, and a finished game
shows its result, the list's first lines and the step buttons on the first screen; at 1280x800
Blue's bar is right under the board (a band of 65 px was kept for notes) and a note, short or
long, moves no bar or button."""

from selenium.webdriver.common.action_chains import ActionChains
from selenium.webdriver.common.by import By

from .driver import (wait, click, js, idle, new_game, note_shown, board_still, in_arena,
    load_record_text, ply_count, shot, navigate_to)
from .records import REVIEWED

LONG = "A long note for the test, read to its end only when opened. " * 6

# The controls (and the move list's entries) a rectangle covers, each with what a tap at its
# middle reaches: the control itself, or what lies over it.
COVERED = (
    "((r) => [...document.querySelectorAll('#controls :is(button, input, select, a[href]), .topline :is(button, summary)')]"
    ".filter((c) => c.offsetParent && !$('error').contains(c)).map((c) => [c, c.getBoundingClientRect()])"
    ".filter(([c, b]) => b.height > 0 && b.top < r.bottom - 1 && r.top < b.bottom - 1 && b.left < r.right - 1 && r.left < b.right - 1)"
    ".map(([c, b]) => { const hit = document.elementFromPoint((b.left + b.right) / 2, (b.top + b.bottom) / 2);"
    " return [c.id || c.textContent.trim(), Boolean(hit && (hit === c || c.contains(hit)))]; }))")


def rect(d, id_):
    return js(d, f"(() => {{ const r = $('{id_}').getBoundingClientRect(); return {{top: r.top, bottom: r.bottom, left: r.left, right: r.right}}; }})()")


def covered_by_note(d):
    """Whether the note stands over the status line, and the controls it covers. There (since the
    twenty-ninth report) the status keeps its size and the note's lines come under it, over the
    page's top row (Rules, the analysis switch) and Red's bar: those do not count."""
    up = js(d, "$('error').classList.contains('up')")
    top_row = js(d, "[...document.querySelectorAll('.topline :is(button, summary)')].map((c) => c.id || c.textContent.trim())") if up else []
    return up, [c for c, _ in js(d, f"{COVERED}($('error').getBoundingClientRect())") if c not in top_row]


def play_a_move(d):
    """A game against the engine, one move played and answered: the move list has entries."""
    new_game(d, ("human",), ("ewn", 2, 50), 7)
    click(d, "roll")
    wait(d, "the die", lambda d: js(d, "S.legal.length") > 0 and idle(d))
    d.execute_script("playMove(S.legal[0])")
    wait(d, "the engine's answer", lambda d: ply_count(d) >= 2 and idle(d) and js(d, "S.side") == "r")
    d.execute_script("document.activeElement.blur(); window.scrollTo(0, 0)")
    board_still(d)


def phone_opened_note_hides_no_control(d):
    """390x844: a long note opened by its "more ▾" lay over Copy position and Copy link, and a
    tap there opened nothing. Every control under the opened text is reached by a tap, and the
    tap closes the note."""
    d.execute_script(f"flash({LONG!r})")
    wait(d, "the long note cut", lambda d: js(d, "$('error').classList.contains('cut')"))
    ActionChains(d).move_to_element(d.find_element(By.ID, "error")).click().perform()
    wait(d, "the note opened", lambda d: js(d, "$('error').classList.contains('open')"))
    shot(d, "phone-16-note-opened.png", top=False)
    covered = js(d, f"{COVERED}($('error-text').getBoundingClientRect())")
    assert covered, "the opened note covers no control: nothing to check"
    hidden = [c for c, reached in covered if not reached]
    assert not hidden, f"the opened note keeps a tap from {hidden} (under it: {covered})"
    # A tap on one of them is the control's, and the note closes: the control is in view again.
    names = [c for c, _ in covered]
    if "copy-link" in names:
        target = d.find_element(By.ID, "copy-link")
    else:
        target = d.find_element(By.CSS_SELECTOR, "#rules > summary")
    print("phone: an opened note lies over", names, "; a tap on", target.get_attribute("id") or "How to play")
    target.click()
    wait(d, "the note closed to its two lines", lambda d: not js(d, "$('error').classList.contains('open')"))
    if target.tag_name == "summary":
        assert js(d, "$('rules').open"), "the tap through the opened note did not open How to play"
        d.execute_script("$('rules').open = false")
    d.execute_script("localError = null; render(S)")


def phone_note_clear_of_list(d):
    """390x844: a note at the screen's foot lay over the move list's first line until closed. A
    note covers neither the list's first line nor a control of the first screen (over the status
    line it may lie over the page's top row, Rules and the analysis switch, and Red's bar)."""
    d.execute_script("window.scrollTo(0, 0)")
    d.execute_script(f"flash({LONG!r})")
    wait(d, "the note", lambda d: note_shown(d))
    first = js(d, "(() => { const r = document.querySelector('#moves li').getBoundingClientRect(); return {top: r.top, bottom: r.bottom, left: r.left, right: r.right}; })()")
    note = rect(d, "error")
    shot(d, "phone-16-note.png")
    assert first["bottom"] <= note["top"] + 1 or note["bottom"] <= first["top"] + 1, \
        f"the note {note} covers the move list's first line {first}"
    up, covered = covered_by_note(d)
    assert not covered, f"the note {note} covers {covered}"
    for id_ in ("board", "bar-blue", "turnbar") + (() if up else ("bar-red",)):
        b = rect(d, id_)
        assert b["bottom"] <= note["top"] + 1 or note["bottom"] <= b["top"] + 1, f"the note {note} covers #{id_} {b}"
    print(f"phone: a note at {round(note['top'])}-{round(note['bottom'])} px, the list's first line at "
          f"{round(first['top'])}-{round(first['bottom'])} px, no control under it")
    d.execute_script("localError = null; render(S)")


def phone_game_end_steps(d):
    """390x844: at a finished game's end the step buttons (|< < > >|) were below the first screen.
    The result, the move list's first lines and the step row are all on it."""
    load_record_text(d, REVIEWED)
    wait(d, "the loaded game", lambda d: ply_count(d) == 19 and idle(d) and js(d, "S.winner"))
    d.execute_script("document.activeElement.blur(); window.scrollTo(0, 0)")
    board_still(d)
    h = js(d, "innerHeight")
    where = {i: rect(d, i) for i in ("result", "nav-first", "nav-back", "nav-fwd", "nav-last", "moves")}
    out = [i for i, r in where.items() if i != "moves" and not (r["top"] >= 0 and r["bottom"] <= h)]
    lines = js(d, "(() => { const l = $('moves').getBoundingClientRect(), bottom = Math.min(l.bottom, innerHeight);"
                  " return new Set([...document.querySelectorAll('#moves li')].map((e) => e.getBoundingClientRect())"
                  ".filter((r) => r.top >= l.top - 1 && r.bottom <= bottom + 1).map((r) => Math.round(r.top))).size; })()")
    shot(d, "phone-16-game-end.png")
    assert not out and lines >= 2, f"at a game's end on a phone's first screen ({h} px): out of it {out}, " \
        f"{lines} lines of the move list ({where})"
    # A note there covers none of them either.
    d.execute_script(f"flash({LONG!r})")
    wait(d, "the note", lambda d: note_shown(d))
    covered = covered_by_note(d)[1]
    assert not covered, f"at a game's end the note covers {covered}"
    d.execute_script("localError = null; render(S)")
    # Stepped back into the game, the turn's row is again right under the board's bars, for
    # the eye and for Tab.
    navigate_to(d, 5)
    wait(d, "the page redrawn", idle)
    assert js(d, "$('turnbar').previousElementSibling === $('seat-offer')"
                 " && $('turnbar').getBoundingClientRect().top < $('navbar').getBoundingClientRect().top"), \
        "stepped back from a game's end, the turn's row stays below the step buttons"
    print(f"phone: a game's end shows its result, {lines} lines of the move list and the step row "
          f"(to {round(where['nav-last']['bottom'])} px of {h}) on the first screen")


def desktop_no_band(d):
    """1280x800: a band of 65 px was kept between the board and Blue's bar for a note. Blue's bar
    is right under the board, and a note (short, long, opened, closed) moves no bar or button
    and stands whole on the screen, over neither the board nor a bar."""
    d.execute_script("window.scrollTo(0, 0)")
    board_still(d)
    ids = ["board", "bar-red", "bar-blue", "roll", "nav-back", "copy-link", "moves"]
    # At the page's top (a click may scroll it, and the column beside the board is sticky).
    where = lambda d: js(d, f"(() => {{ scrollTo(0, 0); return {ids!r}.map((i) => Math.round($(i).getBoundingClientRect().top)); }})()")
    board, blue = rect(d, "board"), rect(d, "bar-blue")
    gap = blue["top"] - board["bottom"]
    assert gap <= 8, f"{gap:.0f} px between the board (to {board['bottom']}) and Blue's bar ({blue['top']}) with no note"
    before = where(d)
    for text in ("A short note for the test.", LONG):
        d.execute_script(f"flash({text!r})")
        wait(d, "the note", lambda d: note_shown(d).startswith(text[:10]))
        assert where(d) == before, f"a note moved {ids}: {before} -> {where(d)}"
        note = rect(d, "error")
        assert note["bottom"] <= js(d, "innerHeight"), f"the note {note} ends below the screen"
        for id_ in ("board", "bar-red", "bar-blue"):
            b = rect(d, id_)
            assert b["bottom"] <= note["top"] + 1 or note["bottom"] <= b["top"] + 1, f"the note {note} covers #{id_} {b}"
    shot(d, "desktop-16-note.png")
    d.find_element(By.ID, "error").click()
    wait(d, "the note opened", lambda d: js(d, "$('error').classList.contains('open')"))
    assert where(d) == before, f"an opened note moved {ids}: {before} -> {where(d)}"
    click(d, "note-close")
    wait(d, "the note closed", lambda d: not note_shown(d))
    assert where(d) == before, f"a closed note moved {ids}: {before} -> {where(d)}"
    print(f"desktop: Blue's bar {gap:.0f} px under the board; a note (short, long, opened, closed) moves nothing at {before}")


def sixteenth_players_report():
    in_arena(1280, 800, play_a_move, desktop_no_band)
    in_arena(390, 844, play_a_move, phone_note_clear_of_list, phone_opened_note_hides_no_control,
             phone_game_end_steps)
