"""The checks of what the eighteenth new player reported, each at the size where it was seen: on
a phone, game 3 of a six-game record loaded from a file and stepped to its end had the step
buttons (|< < > >|) below the first screen, under the record's games, and Review game scrolled
the board far above the screen; at 1280x800 "Replace it?" stood over the move list it would
throw away, and a record replaced by a new game was headed "Last loaded record (not on the
board)", which did not say what it was or what to do with it; in 6x6 a roll of two dice moved
Roll from under the pointer, and in backrank a forced pass's button pushed the turn's row along."""

import time

from selenium.webdriver.common.by import By

from .driver import (wait, click, js, idle, in_arena, board_still, shot, ply_count, ply_pos, over, open_form,
    load_record_text, new_game, enabled, record_file)
from .records import MATCH6, REVIEWED
from .sixteenth import rect, play_a_move


def load_file(d, text):
    """Loads a record through Load file, as a person picks a file."""
    with record_file(text) as path:
        d.find_element(By.ID, "load-file").send_keys(path)
        # Over a game in progress the page asks first, and is told yes.
        time.sleep(0.3)
        if d.find_element(By.ID, "replace-ask").is_displayed():
            click(d, "replace-yes")
        wait(d, "the record's first game", lambda d: ply_count(d) > 0 and idle(d)
             and d.find_element(By.ID, "rec-pos").text.startswith("Game 1 of"))


def phone_record_game_end_steps(d):
    """390x844: game 3 of a six-game record loaded from a file and stepped to its end put the step
    buttons at 883-919 px, below the screen of 844, with the record's games above them. The step
    buttons and the record's games are on the first screen."""
    load_file(d, MATCH6)
    d.execute_script("const p = $('rec-game'); p.value = '3'; p.dispatchEvent(new Event('change'));")
    wait(d, "game 3", lambda d: d.find_element(By.ID, "rec-pos").text == "Game 3 of 6" and idle(d))
    click(d, "nav-last")
    wait(d, "the game's end", lambda d: ply_pos(d) == ply_count(d) and over(d) and idle(d))
    d.execute_script("document.activeElement.blur(); window.scrollTo(0, 0)")
    board_still(d)
    h = js(d, "innerHeight")
    where = {i: rect(d, i) for i in ("nav-first", "nav-last", "record-bar", "result")}
    shot(d, "phone-18-record-game-end.png")
    out = [i for i, r in where.items() if not (r["top"] >= 0 and r["bottom"] <= h)]
    print(f"phone: game 3 of 6 at its end, the step row at {round(where['nav-first']['top'])}-"
          f"{round(where['nav-first']['bottom'])} px, the record's games at {round(where['record-bar']['top'])}-"
          f"{round(where['record-bar']['bottom'])} of {h}")
    assert not out, f"a record's game at its end on a phone: out of the first screen {out} ({where})"


def overlap(a, b):
    return a["left"] < b["right"] - 1 and b["left"] < a["right"] - 1 and a["top"] < b["bottom"] - 1 and b["top"] < a["bottom"] - 1


def desktop_replace_hides_no_moves(d):
    """1280x800: Start game over a game in progress asked "Replace it?" over the move list, so
    that the moves it would throw away were hidden. The question hides neither the move list
    nor the New game form, and the board stays whole in view."""
    play_a_move(d)
    open_form(d)
    click(d, "ng-start")
    wait(d, "the question", lambda d: d.find_element(By.ID, "replace-ask").is_displayed())
    board_still(d)
    where = {i: rect(d, i) for i in ("replace-ask", "moves", "newgame", "board", "navbar")}
    shot(d, "desktop-18-replace-ask.png", top=False)
    print("desktop: 'Replace it?' at", {k: [round(v["left"]), round(v["top"]), round(v["right"]), round(v["bottom"])] for k, v in where.items()})
    hidden = [i for i in ("moves", "newgame", "board", "navbar") if overlap(where["replace-ask"], where[i])]
    h = js(d, "innerHeight")
    assert not hidden, f"the question over a game in progress hides {hidden}: {where}"
    assert where["board"]["top"] >= -1 and where["board"]["bottom"] <= h + 1, f"the board is not whole in view: {where['board']}"
    assert 0 <= where["replace-ask"]["top"] and where["replace-ask"]["bottom"] <= h, f"the question is out of view: {where['replace-ask']}"
    click(d, "replace-no")
    wait(d, "the question gone", lambda d: not d.find_element(By.ID, "replace-ask").is_displayed())


def phone_review_keeps_board(d):
    """390x844: Review game scrolled the page to the review's card, the board far above the
    screen. The board stays whole in view while the review runs and once it is done, with the
    move list's first marked entries."""
    load_record_text(d, REVIEWED)
    wait(d, "the loaded game", lambda d: ply_count(d) == 19 and idle(d) and over(d))
    d.execute_script("document.activeElement.blur(); window.scrollTo(0, 0)")
    board_still(d)
    click(d, "review-end")
    seen = []
    end = time.time() + 3
    while time.time() < end:
        seen.append(js(d, "[Math.round($('board').getBoundingClientRect().top), Math.round($('board').getBoundingClientRect().bottom)]"))
        time.sleep(0.1)
    wait(d, "the review done", lambda d: js(d, "Boolean(S.review.moves) && !S.review.busy") and idle(d))
    time.sleep(1.7)
    seen.append(js(d, "[Math.round($('board').getBoundingClientRect().top), Math.round($('board').getBoundingClientRect().bottom)]"))
    marked = js(d, "[...document.querySelectorAll('#moves li')].filter((l) => /[?!]/.test(l.textContent))"
                   ".map((l) => Math.round(l.getBoundingClientRect().top))")
    shot(d, "phone-18-review-board.png", top=False)
    h = js(d, "innerHeight")
    print(f"phone: through Review the board at {seen[0]}..{seen[-1]}; marked moves in the list at {marked}")
    out = [s for s in seen[3:] if s[0] < -1 or s[1] > h + 1]
    assert not out, f"Review took the board out of view: {seen}"
    assert any(0 <= t < h - 20 for t in marked), f"no marked move of the list in view after Review: {marked}"


def desktop_record_title_says_what(d):
    """A record loaded from a file and replaced by a new game: the Record card's heading said
    "Last loaded record (not on the board)". The card is emptied of the record (the twenty-ninth
    report read "Record file: ... (6 games)" as the new game's), and the bar by the board is gone."""
    load_file(d, MATCH6)
    new_game(d, ("human",), ("human",), 5)
    wait(d, "the record's bar gone", lambda d: not d.find_element(By.ID, "record-bar").is_displayed())
    title = js(d, "$('record-title').textContent")
    print(f"the Record card after a new game: {title!r}")
    # Since the twenty-ninth report a new game empties the card of the record (its heading read
    # as the new game's): what it says then is the card's own plain heading.
    assert title == "Record" and not js(d, "$('record-text').value"), \
        f"the Record card's heading after a new game: {title!r}"


def desktop_two_dice_move_nothing(d):
    """1280x800, a 6x6 game played from the New game form: each roll widened the die's box for
    its two dice, so that Roll, just clicked, moved 41 px from under the pointer and Pause went
    to a row of its own. A roll moves none of the turn's buttons."""
    new_game(d, ("human",), ("ewn", 1, 30), variant="6x6")
    wait(d, "the person's roll", lambda d: js(d, "S.side === 'r' && S.die === null") and enabled(d, "roll") and idle(d))
    where = "['die', 'roll', 'hint', 'undo', 'pause'].map((i) => { const r = $(i).getBoundingClientRect(); return [Math.round(r.left), Math.round(r.top), Math.round(r.right)]; })"
    before = js(d, where)
    click(d, "roll")
    wait(d, "both dice", lambda d: js(d, "S.die !== null") and idle(d))
    board_still(d)
    after = js(d, where)
    shot(d, "desktop-18-two-dice.png")
    die = js(d, "$('die').textContent")
    print(f"desktop: 6x6, the turn's row before a roll {before}, after {after} (the die {die!r})")
    assert before == after, f"a roll of two dice moved the turn's buttons: {before} -> {after}"


def forced_pass_moves_nothing(d):
    """backrank, at both sizes: a roll that leaves no legal move showed Pass beside Roll, which
    pushed Hint, Undo and Pause 47-57 px along (at 1280x800 Pause to a row of its own). Pass
    takes Roll's place and width: nothing else on the turn's row moves."""
    width = js(d, "innerWidth")
    where = ("['die', 'roll', 'pass', 'hint', 'undo', 'pause'].map((i) => { const r = $(i).getBoundingClientRect();"
             " return r.width ? [Math.round(r.left), Math.round(r.top + scrollY), Math.round(r.right)] : null; })")
    for seed in range(1, 30):
        open_form(d)
        d.execute_script("$('ng-variant').value = 'backrank'; $('ng-variant').dispatchEvent(new Event('change'));"
                         "$('ng-position').value = 'R1R23/5/5/2B62/B1B2B3B4B5 r';")
        new_game(d, ("human",), ("ewn", 1, 30), seed=seed, variant="backrank")
        wait(d, "the person's roll", lambda d: js(d, "S.side === 'r' && S.die === null") and enabled(d, "roll") and idle(d))
        d.execute_script("document.activeElement.blur()")
        board_still(d)
        before = js(d, where)
        click(d, "roll")
        wait(d, "the die", lambda d: js(d, "S.die !== null") and idle(d))
        board_still(d)
        if d.find_element(By.ID, "pass").is_displayed():
            break
    else:
        raise AssertionError("no roll in 29 games left Red without a move: nothing to check")
    after = js(d, where)
    shot(d, f"{width}-18-forced-pass.png", top=False)
    print(f"backrank at {width}: the turn's row before the roll {before}, with Pass {after}")
    assert after[1] is None and after[2] == before[1], f"Pass is not in Roll's place: Roll {before[1]}, Pass {after[2]}"
    moved = [i for i in (0, 3, 4, 5) if before[i] != after[i]]
    assert not moved, f"a forced pass moved the turn's buttons: {before} -> {after}"
    click(d, "pass")
    wait(d, "the pass played", lambda d: js(d, "S.plies.length") >= 1 and js(d, "S.plies[0].move") == "0000")


def eighteenth_players_report():
    in_arena(1280, 800, desktop_replace_hides_no_moves, desktop_record_title_says_what)
    in_arena(1280, 800, desktop_two_dice_move_nothing, forced_pass_moves_nothing)
    in_arena(390, 844, phone_record_game_end_steps)
    in_arena(390, 844, phone_review_keeps_board, forced_pass_moves_nothing)
