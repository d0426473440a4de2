"""The checks of what the seventeenth new player reported, each at the size where it was seen: on
a phone a note put over the status line (a hint, a refused typed move, a copied link) hid the
only line that says what to do, and pieces of the status showed through it; without dice the
threats spoke of the next roll; at 1280x800 Pause wrapped to a row of its own and a one-line note
had a box of 59 px; Save record did not say it saves the board's game alone."""

from .driver import wait, click, js, idle, in_arena, note_shown, board_still, shot
from .sixteenth import play_a_move
from .variants import load_position


def phone_note_keeps_instruction(d):
    """390x844: after Roll then Hint the note stood over the status line ("Red to move, die 2:
    pick a cube, then its target"), which showed through it in pieces. The note put there is
    opaque, nothing of the status shows around it, and it carries the status's words itself."""
    play_a_move(d)
    click(d, "roll")
    wait(d, "the die", lambda d: js(d, "S.legal.length") > 0 and idle(d))
    d.execute_script("document.activeElement.blur(); window.scrollTo(0, 0)")
    board_still(d)
    said = js(d, "$('status').textContent")
    # With the typed move's field in use (as after a refused typed move) the note goes over the
    # status line, clear of the field.
    # The note as the hint's (its words, its kind), put by the page itself: the check waits on
    # no engine's answer.
    d.execute_script("$('move-input').focus({preventScroll: true});"
                     " flash('Hint: c5c4, Red\\'s win chance 58.5%.', 'info')")
    wait(d, "the hint", lambda d: "Hint" in note_shown(d))
    shot(d, "phone-17-hint-note.png")
    assert js(d, "$('error').classList.contains('up')"), "the hint's note is not over the status line: nothing to check"
    probe = js(d, """(() => {
      const n = $('error').getBoundingClientRect(), s = $('status').getBoundingClientRect();
      const bg = getComputedStyle($('error')).backgroundColor;
      const alpha = bg.startsWith('rgba') ? parseFloat(bg.split(',')[3]) : 1;
      // A point of the status's box outside the note's, where the status's text would show.
      const peeks = s.top < n.top - 1 || s.bottom > n.bottom + 1;
      const seen = $('error').innerText;
      return {alpha, peeks, seen, note: [n.top, n.bottom], status: [s.top, s.bottom],
              hidden: getComputedStyle($('status')).visibility};
    })()""")
    print("phone: a note over the status line:", probe)
    assert probe["alpha"] >= 1 or probe["hidden"] == "hidden", f"the status shows through the note: {probe}"
    assert not probe["peeks"] or probe["hidden"] == "hidden", f"parts of the status show around the note: {probe}"
    assert said.split(":")[0] in probe["seen"], f"the note over the status hides what to do ({said!r}): {probe}"
    d.execute_script("localError = null; render(S)")
    wait(d, "the note gone", lambda d: not note_shown(d))
    assert js(d, "getComputedStyle($('status')).visibility") == "visible", "the status stays hidden once the note goes"


def nodice_threats_in_words(d):
    """nodice: the legend said "your cube can be taken next roll" and the badges read 100% where
    no die is rolled. Without dice the legend speaks of the next move and the badges of no
    share of rolls."""
    load_position(d, "R14/1B13/5/5/5 r", "nodice")
    # The threats are marked with the analysis live.
    click(d, "mode-analyse")
    wait(d, "the threats drawn", lambda d: js(d, "!$('lg-danger').hidden || !$('lg-chance').hidden"))
    shot(d, "phone-17-nodice-threats.png", top=False)
    words = js(d, "[...document.querySelectorAll('#lg-danger, #lg-chance')].filter((e) => !e.hidden).map((e) => e.textContent.trim())")
    badges = js(d, "[...document.querySelectorAll('#board .badge.danger, #board .badge.chance')].map((b) => b.textContent + ' | ' + b.title)")
    print("nodice: the legend", words, "; the badges", badges)
    assert badges, "no threat's badge on the board: nothing to check"
    assert not any("roll" in w for w in words), f"without dice the legend speaks of a roll: {words}"
    assert not any("%" in b or "roll" in b for b in badges), f"without dice a badge gives a share of rolls: {badges}"


def desktop_turn_row_and_short_note(d):
    """1280x800: Pause stood alone on a second row (top 116) under Roll, Hint and Undo (top 70),
    and a note of one line took a box of 59 px. The turn's buttons share one row, and a note's
    box is as tall as its lines (up to three)."""
    tops = js(d, "['die', 'roll', 'hint', 'undo', 'pause'].map((i) => Math.round($(i).getBoundingClientRect().top))")
    d.execute_script("flash('A short note for the test.')")
    wait(d, "the note", lambda d: note_shown(d).startswith("A short"))
    box = js(d, "Math.round($('error').getBoundingClientRect().height)")
    shot(d, "desktop-17-turn-row.png")
    print(f"desktop: the turn's buttons at tops {tops}; a note of one line in a box of {box} px")
    assert max(tops[1:]) - min(tops[1:]) <= 2, f"the turn's buttons on more than one row: {tops}"
    assert box <= 36, f"a note of one line in a box of {box} px"
    d.execute_script("localError = null; render(S)")


def save_says_what_it_saves(d):
    """Save record, with a record's game 3 of 6 on the board, downloaded that game alone headed
    "game 1", which its name did not say. The button says it saves the board's game alone."""
    label, title = js(d, "[$('save').textContent, $('save').title]")
    print(f"the save button: {label!r}, {title!r}")
    assert "game" in label.lower() and "record" not in label.lower(), f"the save button is named {label!r}"
    assert "alone" in title, f"the save button does not say it saves the board's game alone: {title!r}"


def seventeenth_players_report():
    in_arena(1280, 800, play_a_move, desktop_turn_row_and_short_note, save_says_what_it_saves)
    in_arena(390, 844, phone_note_keeps_instruction, nodice_threats_in_words)
