"""The checks of what the thirty-third new player reported, each at the size where it was seen:
the step row moved though it is said to stay (on a phone 682 -> 706 px once a game's review
gave its link, 728 in a side line; beside the board a side line's way back pushed it 246 ->
318); in a game of two engines Undo stayed enabled though it took nothing back, and paused, Step
was 40 px wide."""

import time

from selenium.webdriver.common.by import By

from .driver import note_shown, navigate_to, wait, js, new_game, in_arena, ply_count, click, shot, idle
from .thirtysecond import boxes, settle, play_to_end


def side_line(d):
    """A step back to a move of Red's with another move open, and that move: a side line, its
    way back shown."""
    for k in range(ply_count(d) - 1, -1, -1):
        if js(d, f"S.plies[{k}].side") != "r":
            continue
        navigate_to(d, k)
        wait(d, "the step back", idle)
        if js(d, "S.legal.length") > 1:
            break
    d.execute_script("playMove(S.legal.find((m) => m !== S.plies[S.ply].move), true)")
    wait(d, "the side line", lambda d: js(d, "Boolean(S.main)") and idle(d) and d.find_element(By.ID, "mainline").is_displayed())


def step_row_stays(d):
    """A finished game: the step row where it is at the end after the game's review (on a phone
    682 -> 706 px, the review's link over it) and in a side line from it (728 on a phone; beside
    the board the side line's way back pushed it 246 -> 318)."""
    w = js(d, "innerWidth")
    play_to_end(d)
    settle(d)
    time.sleep(1)
    end = boxes(d, ["nav-first"])["nav-first"]
    click(d, "review-end")
    wait(d, "the review", lambda d: js(d, "S.review.moves") and not js(d, "S.review.busy") and idle(d))
    settle(d)
    time.sleep(1)
    reviewed = boxes(d, ["nav-first", "to-review"])
    shot(d, f"{w}-33-reviewed.png")
    side_line(d)
    settle(d)
    side = boxes(d, ["nav-first", "mainline"])
    shot(d, f"{w}-33-side-line.png")
    h = js(d, "innerHeight")
    print(f"{w}: the step row at {end[1]} at the end, {reviewed['nav-first'][1]} reviewed (link {reviewed['to-review']}),"
          f" {side['nav-first'][1]} in a side line (way back {side['mainline']})")
    assert abs(reviewed["nav-first"][1] - end[1]) <= 2, f"the review's link moved the step row {end[1]} -> {reviewed['nav-first'][1]}"
    assert abs(side["nav-first"][1] - end[1]) <= 2, f"a side line moved the step row {end[1]} -> {side['nav-first'][1]}"
    if w <= 900:
        assert reviewed["to-review"] and reviewed["to-review"][3] <= h, f"the review's link is off the first screen: {reviewed}"
    assert side["mainline"][3] <= h, f"the side line's way back is off the first screen: {side}"


def engines_only(d):
    """Two engines, paused: Undo disabled (it took nothing back), Step a comfortable width (40 px
    beside a disabled Play)."""
    new_game(d, ("ewn", 1, 20), ("ewn", 1, 20), 7)
    wait(d, "a few moves", lambda d: ply_count(d) >= 3)
    if js(d, "S.running"):
        click(d, "pause")
    wait(d, "paused", lambda d: not js(d, "S.running") and idle(d) and d.find_element(By.ID, "step").is_displayed())
    time.sleep(0.5)
    undo = js(d, "$('undo').disabled || !$('undo').offsetParent")
    b = boxes(d, ["step", "move-go", "pause"])
    shot(d, f"{js(d, 'innerWidth')}-33-engines.png")
    print(f"{js(d, 'innerWidth')}: two engines paused: Undo disabled or hidden {undo}; Step {b['step']}, Play {b['move-go']}")
    assert undo, "in a game of two engines Undo is enabled"
    assert b["step"][2] - b["step"][0] >= 44, f"Step is {b['step'][2] - b['step'][0]} px wide"
    click(d, "pause")


def note_close_clear(d):
    """390x844: a note over the status line (a hint, the take-own-cube note): its close x at least
    8 px from New game (it was 6: x 248-272 beside 278)."""
    new_game(d, ("human",), ("ewn", 1, 20), 7)
    click(d, "roll")
    wait(d, "the die", lambda d: js(d, "S.legal.length") > 0 and idle(d))
    settle(d)
    d.execute_script("flash('Die 5 moves only e1. Tap e2 again to take your own cube there, or pick another cube.')")
    wait(d, "the note", note_shown)
    time.sleep(0.4)
    b = boxes(d, ["note-close", "top-new"])
    cls = js(d, "$('error').className")
    shot(d, "phone-33-note.png")
    print(f"390: a note ({cls}): its x at {b['note-close']}, New game at {b['top-new']}")
    x, n = b["note-close"], b["top-new"]
    gap = max(n[0] - x[2], x[0] - n[2], n[1] - x[3], x[1] - n[3])
    assert gap >= 8, f"the note's x is {gap} px from New game: {b}"
    d.execute_script("localError = null; render(S)")


def thirtythird_players_report():
    in_arena(1280, 800, step_row_stays, engines_only)
    in_arena(390, 844, step_row_stays, engines_only, note_close_clear)
