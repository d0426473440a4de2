"""The checks of what the twenty-fourth new player reported, at 1280x800 and 390x844: the first
step back from a finished game moved the step buttons' row (271 -> 246 px at 1280x800, 794 ->
684 at 390x844), so that the second click landed on another control; "Review game" showed twice
at a game's end; and a finished game seen at an earlier move gave no sign that it was over."""

import time

from selenium.webdriver.common.by import By

from .driver import wait, js, idle, board_still, shot, load_text, ply_count, ply_pos, new_game, over, in_arena, click
from .records import REVIEWED


def row_top(d):
    return round(js(d, "$('navbar').getBoundingClientRect().top"), 1)


def press_at(d, where, id_):
    """Clicks `id_`; says what a click where it was first seen would have hit, as a player's
    mouse does without looking again."""
    x, y = where
    hit = js(d, f"((document.elementFromPoint({x}, {y}) || document.body).closest('button, a, input, select') || {{}}).id || ''")
    d.find_element(By.ID, id_).click()
    return hit


def steps_keep_the_row(d, prefix, steps=5):
    """From the game's end five steps back and five forward, each clicked where the step button
    was at the end: the step buttons' row stays exactly where it was."""
    d.execute_script("document.activeElement.blur(); window.scrollTo(0, 0)")
    board_still(d)
    time.sleep(0.3)
    tops = [row_top(d)]
    missed = []
    shot(d, f"{prefix}-24-end.png")
    for id_, sign in (("nav-back", -1), ("nav-fwd", 1)):
        r = js(d, f"(() => {{ const r = $('{id_}').getBoundingClientRect(); return [Math.round(r.left + r.width / 2), Math.round(r.top + r.height / 2)]; }})()")
        for i in range(steps):
            at = ply_pos(d)
            hit = press_at(d, r, id_)
            if hit != id_:
                missed.append(f"{id_} {i + 1}: {hit or 'nothing'}")
            wait(d, f"move {at + sign}", lambda d: ply_pos(d) == at + sign and idle(d))
            board_still(d)
            time.sleep(0.15)
            tops.append(row_top(d))
            if id_ == "nav-back" and i == 0:
                shot(d, f"{prefix}-24-one-back.png")
    print(f"{prefix}: the step row's top, then after each of {steps} steps back and {steps} forward: {tops}")
    assert len(set(tops)) == 1, f"the step buttons' row moves as the game is stepped: {tops}"
    assert not missed, f"clicks where the step buttons were land elsewhere: {missed}"


def one_review_at_the_end(d, prefix):
    """At a game's end one control reads "Review game", by the result."""
    shown = js(d, "[...document.querySelectorAll('button, a')].filter((b) => b.offsetParent !== null"
                  " && /review (game|again)/i.test(b.textContent)).map((b) => b.id)")
    print(f"{prefix}: at the end the controls that read Review game: {shown}")
    assert shown == ["review-end"], f"at the game's end {len(shown)} controls read Review game: {shown}"


def game_over_line_at_an_earlier_move(d, prefix):
    """Stepped back from a finished game, a line says the game is over, who won, and how to see it."""
    n = ply_count(d)
    top = row_top(d)
    d.execute_script(f"navigate({n - 3})")
    wait(d, f"move {n - 3}", lambda d: ply_pos(d) == n - 3 and idle(d))
    board_still(d)
    line = js(d, "$('endbar').offsetParent ? $('past-end').offsetParent && $('past-end').textContent : ''") or ""
    shot(d, f"{prefix}-24-earlier-move.png")
    print(f"{prefix}: at move {n - 3} of a finished game the line reads {line!r}, the step row at {row_top(d)} (at the end {top})")
    assert "Game over" in line and "won" in line and "End" in line, f"an earlier move of a finished game says nothing of its end: {line!r}"
    assert row_top(d) == top, f"the game-over line moved the step row: {top} -> {row_top(d)}"
    d.execute_script(f"navigate({n})")
    wait(d, "the end again", lambda d: ply_pos(d) == n and idle(d))


def a_loaded_game(d, prefix):
    box = d.find_element(By.ID, "record-text")
    d.execute_script("arguments[0].value = arguments[1]", box, REVIEWED)
    load_text(d)
    wait(d, "the loaded record at its end", lambda d: ply_count(d) == 19 and ply_pos(d) == 19 and idle(d))
    steps_keep_the_row(d, prefix + "-record")
    one_review_at_the_end(d, prefix)
    game_over_line_at_an_earlier_move(d, prefix)


def a_played_game(d, prefix):
    """A game of two engines played to its end, then stepped."""
    new_game(d, ("ewn", 1, 20), ("ewn", 1, 20), 11)
    wait(d, "the game's end", lambda d: over(d) and idle(d))
    steps_keep_the_row(d, prefix + "-played")


def a_running_game(d, prefix):
    """A game against the engine, three moves each played: three steps back and three forward
    leave the step row in place too."""
    new_game(d, ("human",), ("ewn", 2, 50), 7)
    for n in (2, 4, 6):
        click(d, "roll")
        wait(d, "the die", lambda d: js(d, "S.legal.length") > 0 and idle(d))
        d.execute_script("playMove(S.legal[0])")
        wait(d, "the engine's answer", lambda d: (ply_count(d) >= n and idle(d) and js(d, "S.side") == "r") or over(d))
        if over(d):
            break
    steps_keep_the_row(d, prefix + "-running", steps=3)


def twentyfourth_players_report():
    in_arena(1280, 800, lambda d: a_loaded_game(d, "1280"), lambda d: a_played_game(d, "1280"),
             lambda d: a_running_game(d, "1280"))
    in_arena(390, 844, lambda d: a_loaded_game(d, "phone"), lambda d: a_played_game(d, "phone"),
             lambda d: a_running_game(d, "phone"))
