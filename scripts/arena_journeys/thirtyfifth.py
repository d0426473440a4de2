"""The checks of what the thirty-fifth new player reported: stepped back to a position where the
engine's side moves, the status said "Blue to move, die 2. Play a move to go on from here", a
move it then refused; at a game's end the result and "Undo last move" stood 3 px apart on a
desktop, Undo's text at its border; on 6x6 with two dice the status said "die 8"."""

import time

from .driver import wait, js, new_game, in_arena, click, shot, idle, ply_count, ply_pos, navigate_to, status, over, roll_if_needed, click_move
from .thirtysecond import boxes


def engine_seat_says_so(d):
    """Human Red v engine Blue, stepped back to a position with Blue to move: the status says at
    once that the engine moves there and how to go on, never "Play a move"."""
    w = js(d, "innerWidth")
    new_game(d, ("human",), ("ewn", 1, 20), 7)
    while ply_count(d) < 4 and not over(d):
        before = ply_count(d)
        roll_if_needed(d)
        click_move(d)
        wait(d, "the engine's answer", lambda d: over(d) or (ply_count(d) >= before + 2 and idle(d)))
    # A position with Blue to move: after each of Red's moves (Red moved first).
    k = max(p for p in range(1, ply_count(d)) if js(d, f"S.plies[{p - 1}].side") == "r")
    navigate_to(d, k)
    wait(d, "the position", lambda d: idle(d) and js(d, "S.side") == "b")
    time.sleep(0.3)
    said = status(d)
    shot(d, f"{w}-35-engine-seat.png")
    print(f"{w}: stepped back to move {ply_pos(d)} of {ply_count(d)}, Blue (engine) to move: {said!r}")
    assert "Play a move" not in said and "A move here" not in said, f"the status invites a refused move: {said!r}"
    assert "engine" in said and "End" in said, f"the status does not say the engine moves here: {said!r}"
    cut = js(d, "$('status').scrollHeight > $('status').clientHeight + 1 || $('status').scrollWidth > $('status').clientWidth + 1")
    assert not cut, f"the status is cut: {said!r}"


def end_row_roomy(d):
    """Desktop: at a game's end the result and "Undo last move" at least 8 px apart, Undo's text
    at least 6 px from its border each side."""
    new_game(d, ("human",), ("ewn", 1, 20), 7)
    for _ in range(80):
        if over(d):
            break
        wait(d, "Red's turn or the end", lambda d: over(d) or (js(d, "S.side === 'r' && S.thinking === null") and idle(d)))
        if over(d):
            break
        before = ply_count(d)
        roll_if_needed(d)
        click_move(d)
        wait(d, "the engine's answer", lambda d: over(d) or ply_count(d) >= before + 2)
    wait(d, "the end", lambda d: over(d) and idle(d))
    time.sleep(0.5)
    b = boxes(d, ["result", "undo"])
    pad = js(d, "(() => { const u = $('undo'), r = document.createRange(); r.selectNodeContents(u); const t = r.getBoundingClientRect(), o = u.getBoundingClientRect(); return [Math.round(t.left - o.left), Math.round(o.right - t.right)]; })()")
    shot(d, "1280-35-end-row.png")
    gap = b["undo"][0] - b["result"][2]
    print(f"1280: the end: the result {b['result']}, Undo {b['undo']} ({js(d, '$(`undo`).textContent')!r}): {gap} px apart, its text {pad} px from its border")
    assert b["undo"][1] < b["result"][3] and b["result"][1] < b["undo"][3], f"Undo wrapped under the result: {b}"
    assert b["result"][3] - b["result"][1] <= 46, f"the result wrapped to a taller row: {b}"
    assert gap >= 8, f"the result and Undo are {gap} px apart: {b}"
    assert min(pad) >= 6, f"Undo's text {pad} px from its border"


def two_dice_said(d):
    """6x6 with two dice: the status says "dice 8", not "die 8"."""
    w = js(d, "innerWidth")
    new_game(d, ("human",), ("ewn", 1, 20), 7, variant="6x6")
    click(d, "roll")
    wait(d, "the dice", lambda d: js(d, "S.die") is not None and idle(d))
    said = status(d)
    print(f"{w}: 6x6, two dice rolled: {said!r}")
    assert f"die {js(d, 'S.die')}" not in said and "dice" in said, f"two dice said as one die: {said!r}"


def thirtyfifth_players_report():
    in_arena(1280, 800, engine_seat_says_so, two_dice_said, end_row_roomy)
    in_arena(390, 844, engine_seat_says_so)
