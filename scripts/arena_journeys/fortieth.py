"""The checks of what the fortieth new player reported: a step back in a game of two engines
stopped it unsaid (the game sat at "3 / 4" with Pause reading active; paused, stepped back and
resumed, nothing moved for 90 s, and the status named the greyed Step); the Hint's win chance
was gone after 6.1 s beside the board, and Undo during play showed no note at all; in the New
game form "first: Blue" from a Blue-first game stuck for every variant picked later, unsaid; the
question before replacing a game said "3 moves" while the list showed 4."""

import re
import time

from .driver import form_choose, click, click_move, idle, in_arena, js, new_game, note_shown, ply_count, ply_pos, roll_if_needed, \
    shot, status, wait, ask_hint


def named_buttons_work(d):
    """Every button the status line names by its word is shown and enabled."""
    said = status(d)
    for word, id_ in (("Resume", "pause"), ("Pause", "pause"), ("Step", "step")):
        if f"{word} " in said + " " or f"{word}," in said:
            ok = js(d, f"$('{id_}').offsetParent !== null && !$('{id_}').disabled && $('{id_}').textContent.trim() === '{word}'")
            assert ok, f"the status names {word}, which is greyed, hidden or reads otherwise " \
                f"({js(d, f'$({chr(39)}{id_}{chr(39)}).textContent')!r}): {said!r}"


def engines_step_back(d):
    """Two engines at 100 ms: one step back either goes on with the game or says it is paused
    (the button reads Resume, the status says so); Resume there goes on within 8 s. Paused
    first, stepped back and resumed: the game goes on too."""
    w = js(d, "innerWidth")
    for paused_first in (False, True):
        new_game(d, ("ewn", 1, 100), ("ewn", 1, 100), 11)
        wait(d, "four moves", lambda d: ply_count(d) >= 4 or js(d, "Boolean(S.winner)"))
        if js(d, "Boolean(S.winner)"):
            continue
        if paused_first:
            click(d, "pause")
            wait(d, "Resume", lambda d: js(d, "$('pause').textContent") == "Resume" and idle(d))
        click(d, "nav-back")
        wait(d, "the step back", lambda d: ply_pos(d) < ply_count(d) and idle(d))
        n = ply_count(d)
        time.sleep(2)
        label, said = js(d, "$('pause').textContent"), status(d)
        moved = ply_count(d) > n
        shot(d, f"{w}-40-engines-back-{int(paused_first)}.png")
        print(f"{w}: engines, paused first {paused_first}: stepped back to {ply_pos(d)} of {n}; 2 s later "
              f"{ply_count(d)} moves, the button {label!r}, the status {said!r}")
        assert moved or (label == "Resume" and "aused" in said), \
            f"stepped back, the game stopped unsaid: the button {label!r}, the status {said!r}"
        named_buttons_work(d)
        if not moved:
            click(d, "pause")
            wait(d, "the game going on after Resume",
                 lambda d: ply_count(d) > n or js(d, "Boolean(S.winner)"))
            assert js(d, "S.ply === S.plies.length"), "Resume did not bring the game's end into view"
        click(d, "pause") if js(d, "S.running && !S.winner") else None


def notes_stay(d):
    """Hint's note shows still 8 s later (it stays until the next action); Undo during play
    shows a note saying what it took back."""
    w = js(d, "innerWidth")
    new_game(d, ("human",), ("ewn", 1, 20), 5)
    roll_if_needed(d)
    wait(d, "the legal moves", lambda d: js(d, "S.legal.length > 0") and idle(d))
    ask_hint(d)
    time.sleep(8)
    hint = note_shown(d)
    print(f"{w}: the hint's note 8 s on: {hint!r}")
    assert hint.startswith("Hint:"), f"the hint's note is gone 8 s on: {hint!r}"
    click_move(d)
    wait(d, "the engine's answer", lambda d: ply_count(d) >= 2 and idle(d) and js(d, "S.side") == "r")
    click(d, "undo")
    wait(d, "the take-back", lambda d: ply_count(d) == 0 and idle(d))
    time.sleep(0.5)
    note = note_shown(d)
    shot(d, f"{w}-40-undo-note.png")
    print(f"{w}: Undo during play: the note {note!r}")
    assert note.startswith("Took back"), f"Undo during play showed no note: {note!r}"


def variant_sets_first(d):
    """The form holding Blue first (as after a Blue-first game), a variant picked sets Red first,
    and the form says what it keeps from the last game."""
    w = js(d, "innerWidth")
    form_choose(d, "#ng-first", "b")
    form_choose(d, "#ng-variant", "3x3")
    first, about = js(d, "$('ng-first').value"), js(d, "$('ng-variant-about').textContent")
    print(f"{w}: Blue first, then 3x3 picked: first {first!r}; the form says {about!r}")
    form_choose(d, "#ng-variant", "standard")
    js(d, "document.getElementById('newgame').open = false")
    assert first == "r", f"a variant picked kept Blue first: {first!r}"
    assert "Kept from the last game" in about, f"the form does not say what it keeps: {about!r}"


def question_counts_moves(d):
    """Engines playing on while the question before replacing the game is open: its count of
    moves is the game's."""
    w = js(d, "innerWidth")
    new_game(d, ("ewn", 1, 100), ("ewn", 1, 100), 13)
    wait(d, "two moves", lambda d: ply_count(d) >= 2)
    d.execute_script("askReplace({ at: 'start-ask-at', lead: 'Start a new game?', yes: 'Replace it', onYes() {}, onNo() {} })")
    n = ply_count(d)
    wait(d, "the engines' next moves", lambda d: ply_count(d) >= n + 2 or js(d, "Boolean(S.winner)"))
    time.sleep(0.5)
    said, now = js(d, "[$('replace-ask-text').textContent, S.plies.length]")
    d.execute_script("answerReplace(false)")
    if js(d, "S.running && !S.winner"):
        click(d, "pause")
    print(f"{w}: asked at {n} moves, the game now at {now}: {said!r}")
    m = re.search(r", (\d+) moves?[,)]", said)
    assert m and int(m.group(1)) == now, f"the question counts other moves than the game's {now}: {said!r}"


def fortieth_players_report():
    in_arena(390, 844, engines_step_back, notes_stay)
    in_arena(1280, 800, variant_sets_first, question_counts_moves, engines_step_back, notes_stay)
