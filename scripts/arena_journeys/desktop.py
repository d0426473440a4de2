"""The desktop game at 1280x800: a full game against the engine by every way of moving, Rematch,
a watched engine game, typed dice, a loaded record's review, and what a new player trips over
(side lines, own cubes, double clicks, notes, Pause, links, records, held arrow keys); the
variants' checks it runs are in `variants`."""

import time

from selenium.webdriver.common.action_chains import ActionChains
from selenium.webdriver.common.by import By
from selenium.webdriver.common.keys import Keys

from . import driver
from .driver import (click_review, browser, close, shot, wait, click_first, click, status, js, ply_count, ply_pos,
    enabled, over, open_form, form_type, new_game, graph_points, red_turn_or_end, roll_if_needed,
    click_move, type_move, arrow_move, engine_answers, axe, check_layout, load_text, note_shown,
    idle, navigate_to, type_die, link_question_in_words, all_in_view, load_record_text,
    pick_record_game)
from .records import (REVIEWED, review_loaded, third_game_of_a_record, LOST_ON_TIME,
    hold_an_arrow_through_a_game)
from .variants import (arrange_variant, variant_game, pass_button, own_capture_by_click,
    hole_and_fall, variants_explained, rules_name_the_first_side, solved_shown, two_dice_shown)


FLOWS = {"typed", "arrows", "steps", "undo", "hint"}


def play_desktop_game(d, done):
    """Plays Red to the end of the game, trying each flow not yet done on the turn that suits it.
    Returns the number of turns played."""
    turns = 0
    while True:
        wait(d, "Red's turn or the end of the game", red_turn_or_end)
        if over(d):
            break
        turns += 1
        if "typed" not in done:
            roll_if_needed(d, by_key=True)
            type_move(d)
            done.add("typed")
        elif "arrows" not in done:
            roll_if_needed(d)
            arrow_move(d)
            done.add("arrows")
        elif "steps" not in done and ply_count(d) >= 2:
            # Back two moves and forward again, then the engine answers on its own.
            n = ply_count(d)
            click(d, "nav-back")
            wait(d, "one move back", lambda d: ply_pos(d) == n - 1)
            click(d, "nav-back")
            wait(d, "two moves back", lambda d: ply_pos(d) == n - 2)
            click(d, "nav-last")
            wait(d, "the live position again", lambda d: ply_pos(d) == n and js(d, "S.live"))
            assert d.find_element(By.ID, "pause").text == "Pause", "stepping paused the engines"
            roll_if_needed(d)
            click_move(d)
            engine_answers(d, n + 2)
            done.add("steps")
        elif "undo" not in done and ply_count(d) >= 2:
            # Take-back: to before Red's previous move, and the game goes on.
            n = ply_count(d)
            click(d, "undo")
            wait(d, "the take-back", lambda d: ply_count(d) == n - 2 and js(d, "S.side") == "r")
            # Said in the live announcement or in the note (a role="status" region), which
            # shows it during play too.
            wait(d, "the take-back said to screen readers",
                 lambda d: "Took back" in d.find_element(By.ID, "announce").get_attribute("textContent")
                 or "Took back" in js(d, "$('error').hidden ? '' : $('error-text').textContent"))
            roll_if_needed(d)
            click_move(d)
            engine_answers(d, n)
            done.add("undo")
        else:
            roll_if_needed(d)
            wait(d, "the analysis table", lambda d: d.find_elements(By.CSS_SELECTOR, "#analysis-moves tbody tr")
                 or js(d, "!S.analysis.enabled"))
            if "hint" not in done:
                wait(d, "the per-face table", lambda d: d.find_elements(By.CSS_SELECTOR, "#analysis-faces-table tbody tr"))
                click(d, "hint")
                wait(d, "the hint on the board", lambda d: d.find_elements(By.CSS_SELECTOR, ".cell.hint-from"))
                # The hint is framed and said under the board: no label over the target's cube.
                label = js(d, "getComputedStyle(document.querySelector('.cell.hint-to'), '::before').content")
                assert "hint" not in label, f"a label {label} covers the hint's target square"
                wait(d, "the hint in words under the board", lambda d: "Hint:" in note_shown(d))
                check_layout(d, 1280)
                shot(d, "gui-desktop-play.png")
                axe(d, "the desktop page during a game")
                assert d.find_element(By.ID, "lg-last").is_displayed(), "the legend does not name the last move's frame"
                # A hint belongs to its position and die: after a move, the engine's answer and
                # Undo the position is the hint's again, with its die, and the hint is gone.
                n = ply_count(d)
                die = js(d, "S.die")
                click_move(d)
                engine_answers(d, n + 2)
                wait(d, "Red's turn or the end of the game", red_turn_or_end)
                if not over(d):
                    click(d, "undo")
                    wait(d, "the take-back to the hint's position", lambda d: ply_count(d) == n and js(d, "S.die") == die)
                    hinted = d.find_elements(By.CSS_SELECTOR, "#board .cell.hint-from, #board .cell.hint-to, #board .arrows .hint")
                    assert not hinted, f"the hint stays on the board after Undo ({len(hinted)} marks)"
                    roll_if_needed(d)
                done.add("hint")
                if over(d):
                    break
            click_move(d)
    return turns


def nothing_of_yours_to_undo(d):
    """After the engine's first move (Red, in a rematch) Undo has nothing of the person's to take
    back: it must not take back the engine's move."""
    wait(d, "Red's (the engine's) first move", lambda d: ply_count(d) >= 1)
    wait(d, "Blue's turn", lambda d: js(d, "S.side") == "b" and js(d, "S.thinking") is None)
    assert ply_count(d) == 1 and not enabled(d, "undo"), "Undo offers to take back the engine's move"


def new_player_checks(d):
    """On the reviewed record: the graph and the review list select the same decision, which
    shows the game's die with the played move ranked; a move there starts a side line, and the
    game, its result and review stay, and come back."""
    mark = graph_and_list_agree(d)
    played = the_games_die_ranked(d, mark)
    a_side_line_keeps_the_game(d, mark, played)


def graph_and_list_agree(d):
    """A marked dot of the graph shows the decision, framed and explained, as the list does."""
    mark = js(d, "S.plies.findIndex(p => p.mark)")
    assert mark >= 0, "no marked move to click"
    navigate_to(d, 19)
    d.execute_script("document.getElementById('graph').scrollIntoView({block: 'center'})")
    dot = d.find_elements(By.CSS_SELECTOR, "#graph .gmark")[0]
    ActionChains(d).move_to_element(dot).click().perform()
    wait(d, "the marked dot's decision", lambda d: ply_pos(d) == mark and d.find_elements(By.CSS_SELECTOR, ".cell.best-to"))
    assert d.find_element(By.ID, "decision").is_displayed(), "the graph's decision has no text"
    by_graph = js(d, "S.fen")
    navigate_to(d, 19)
    click_first(d, "the same mark in the review list", "#review-marked button")
    wait(d, "the list's decision", lambda d: ply_pos(d) == mark)
    assert js(d, "S.fen") == by_graph, "the graph and the review list show different positions"
    return mark


def the_games_die_ranked(d, mark):
    """At the decision: the game's die, every move for it ranked, the played one marked; nothing
    to roll."""
    played = js(d, f"S.plies[{mark}]")
    assert js(d, "S.die") == played["die"], f"the die shown is not the game's {played['die']}"
    assert not enabled(d, "roll"), "Roll is offered where the game's die is known"
    wait(d, "the played move in the analysis table",
         lambda d: d.find_elements(By.CSS_SELECTOR, f"#analysis-moves tr.played[data-move='{played['move']}']"))
    assert "as rolled in the game" in d.find_element(By.ID, "analysis-die").text
    return played


def a_side_line_keeps_the_game(d, mark, played):
    """Another move at the decision starts a side line; the game, its result and review stay."""
    other = js(d, f"S.legal.find(m => m !== '{played['move']}' && !ownCubeAt(m.slice(2)))"
                  f" || S.legal.find(m => m !== '{played['move']}')")
    assert other, "no other move to try"
    click_first(d, f"a click on {other[:2]}", "#sq-" + other[:2])
    wait(d, "the picked cube", lambda d: js(d, "selected") == other[:2])
    click_first(d, f"a click on {other[2:]}", "#sq-" + other[2:])
    wait(d, "the side line", lambda d: js(d, "S.main") is not None and ply_count(d) == mark + 1)
    assert d.find_element(By.ID, "mainline").is_displayed(), "the side line shows no way back"
    assert js(d, "S.main.length") == 19 and js(d, "S.main.winner") == "r", "the game's result is gone"
    assert d.find_elements(By.CSS_SELECTOR, "#review-marked li"), "the review is gone"
    assert d.find_elements(By.CSS_SELECTOR, "#moves li.side"), "the move list does not show the side line"
    d.execute_script("window.scrollTo(0, 0)")
    bottom = js(d, "document.getElementById('turnbar').getBoundingClientRect().bottom")
    assert bottom <= 800, f"in a side line the turn's buttons run below the fold ({bottom}px)"
    click(d, "save")
    wait(d, "the saved main line", lambda d: "move r 6 e2e1" in d.find_element(By.ID, "record-text").get_attribute("value"))
    check_layout(d, 1280)
    print(f"side line: from move {mark + 1}, {other} instead of {played['move']}; the game is kept")


def back_to_game(d):
    click(d, "to-main")
    wait(d, "the game again", lambda d: js(d, "S.main") is None and ply_count(d) == 19 and idle(d))
    # At its end, with its result and the end's buttons, not where the side line left it.
    assert ply_pos(d) == 19, f"Back to the game shows move {ply_pos(d)} of 19, not the end"
    assert over(d) and js(d, "S.winner") == "r", "the game's result did not come back"
    wait(d, "Rematch by the board", lambda d: d.find_element(By.ID, "rematch").is_displayed())


def engine_takes_its_own_cube(d):
    """How to play says that taking one's own cube is allowed and sometimes best, and when the
    engine does it the note says so (a newcomer took it for a bug)."""
    rules = js(d, "$('rules-text').textContent")
    assert "sometimes the best move" in rules, f"How to play does not say an own capture can be good: {rules!r}"
    # Blue's 1 on a3 can only step up onto Blue's 2 on a4: the engine must take its own cube.
    open_form(d)
    form_type(d, "#ng-position", "2R12/B24/B14/5/5 r")
    new_game(d, ("human",), ("ewn", 1, 20), dice="manual")
    wait(d, "the position", lambda d: js(d, "S.fen") == "2R12/B24/B14/5/5 r")
    open_form(d)
    form_type(d, "#ng-position", "")
    type_die(d, 1)
    click_move(d)
    type_die(d, 1)
    wait(d, "the engine's own capture", lambda d: ply_count(d) == 2 and js(d, "S.plies[1].took") == "B2")
    said = wait(d, "the note on the engine's own capture", lambda d: "took its own cube 2" in note_shown(d) and note_shown(d))
    assert "allowed" in said and "sometimes best" in said, f"the note on the engine's own capture: {said!r}"
    shot(d, f"{d.get_window_size()['width']}-engine-own-capture.png", top=False)
    print(f"own capture by the engine: {said!r}")


def own_cube_and_notes(d):
    """A click on one's own cube next to the only movable one never takes it, nor is it refused:
    the capture waits for a second click, and the note says why, on the board and in view, and
    goes away with the next change. A second click takes it, the taking cube picked on purpose too."""
    box = d.find_element(By.ID, "record-text")
    d.execute_script("arguments[0].value = arguments[1]", box,
                     "game 1\nred a\nblue b\nposition R1R23/5/5/5/4B1 r\nresult unfinished\nend\n")
    load_text(d)
    wait(d, "the two-cube position", lambda d: js(d, "S.fen") == "R1R23/5/5/5/4B1 r")
    # Typed dice (no seed in the record): die 1 leaves only a5, whose target b5 holds Red's 2.
    click_first(d, "die 1", "#typed-dice button[data-die='1']")
    wait(d, "die 1", lambda d: js(d, "S.die") == 1 and idle(d))
    d.find_element(By.ID, "sq-b5").click()
    wait(d, "the click's answer", idle)
    assert js(d, "S.plies.length") == 0, "a click on one's own cube took it"
    assert d.find_elements(By.CSS_SELECTOR, "#sq-b5.target.take-own"), "b5 is not drawn as a capture"
    wait(d, "the note about the own cube", lambda d: "own cube" in note_shown(d))
    # Not refused ("click a5 first"): the capture waits for a second click on b5.
    assert "first" not in note_shown(d), f"the first click on b5 is refused: {note_shown(d)!r}"
    assert d.find_elements(By.CSS_SELECTOR, "#sq-b5.armed"), "b5's capture does not wait for a second click"
    note = d.find_element(By.ID, "error").rect
    board = d.find_element(By.ID, "board").rect
    scroll = js(d, "window.scrollY")
    assert note["y"] - scroll >= 0 and note["y"] + note["height"] - scroll <= 800, f"the note is out of view: {note}"
    bottom = board["y"] + board["height"]
    assert bottom - 1 <= note["y"] <= bottom + 40, f"the note {note} is not right under the board (to {bottom})"
    note_clear_of_bottom_rank(d)
    note_clear_of_bars(d)
    shot(d, "desktop-own-cube.png", top=False)
    # Picked on purpose, the capture too waits for a second click on b5.
    d.find_element(By.ID, "sq-a5").click()
    wait(d, "a5 picked", lambda d: js(d, "selected") == "a5")
    d.find_element(By.ID, "sq-b5").click()
    wait(d, "b5's capture waiting", lambda d: d.find_elements(By.CSS_SELECTOR, "#sq-b5.armed"))
    assert ply_count(d) == 0, "one click on one's own cube took it, a5 picked before"
    time.sleep(0.6)  # two clicks apart, not a double click
    d.find_element(By.ID, "sq-b5").click()
    wait(d, "the capture of one's own cube", lambda d: ply_count(d) == 1 and js(d, "S.plies[0].took") == "R2")
    wait(d, "the note gone with the change", lambda d: note_shown(d) == "")
    # From the same position again: a second click on b5 takes it.
    load_text(d)
    wait(d, "the two-cube position again", lambda d: js(d, "S.fen") == "R1R23/5/5/5/4B1 r" and ply_count(d) == 0)
    type_die(d, 1)
    d.find_element(By.ID, "sq-b5").click()
    wait(d, "b5's capture waiting", lambda d: d.find_elements(By.CSS_SELECTOR, "#sq-b5.armed"))
    time.sleep(0.6)  # two clicks apart, not a double click
    d.find_element(By.ID, "sq-b5").click()
    wait(d, "a5 takes b5 on the second click", lambda d: ply_count(d) == 1 and js(d, "S.plies[0].took") == "R2")
    print("own cube: one click never takes it nor is refused, a second does, also picked on purpose; the note shows right under the board")


def double_clicks(d):
    """A double click on Roll or on a target is one action, with no false note."""
    new_game(d, ("human",), ("ewn", 1, 20), 31)
    wait(d, "Red's turn", red_turn_or_end)
    ActionChains(d).double_click(d.find_element(By.ID, "roll")).perform()
    wait(d, "the roll", lambda d: js(d, "S.die") is not None and idle(d))
    assert note_shown(d) == "", f"a double click on Roll says {note_shown(d)!r}"
    before = ply_count(d)
    click_first(d, "a movable red cube", ".cube.red.movable")
    target = d.find_elements(By.CSS_SELECTOR, ".cell.target:not(.take-own)") or d.find_elements(By.CSS_SELECTOR, ".cell.target")
    ActionChains(d).double_click(target[0]).perform()
    wait(d, "the double-clicked move", lambda d: ply_count(d) > before and idle(d))
    assert note_shown(d) == "", f"a double click on a target says {note_shown(d)!r}"
    print("double clicks: one roll, one move, no note")
    double_click_across_a_redraw(d)


def double_click_across_a_redraw(d):
    """The second press of a double click on a target, with the board drawn anew between its
    press and its release (as the engine's answer or the analysis can): no note. Before, the
    release on the redrawn square counted as a click of its own, at Blue's turn: "Blue is an
    engine and plays by itself." (a CI run saw it once after a real double click.)"""
    delay = d.find_element(By.ID, "set-delay")
    delay.clear()
    delay.send_keys("3000", Keys.TAB)
    wait(d, "the engine delay", lambda d: js(d, "S.settings.delay_ms") == 3000)
    try:
        new_game(d, ("human",), ("ewn", 1, 20), 31)
        wait(d, "Red's turn", red_turn_or_end)
        click(d, "roll")
        wait(d, "the roll", lambda d: js(d, "S.die") is not None and idle(d))
        before = ply_count(d)
        click_first(d, "a movable red cube", ".cube.red.movable")
        target = d.find_elements(By.CSS_SELECTOR, ".cell.target:not(.take-own)") or d.find_elements(By.CSS_SELECTOR, ".cell.target")
        d.execute_script("window.pressesSeen = []; $('board').addEventListener('mousedown', (e) => pressesSeen.push(e.detail))")
        box = js(d, "(() => { const r = arguments[0].getBoundingClientRect(); return [r.x + r.width / 2, r.y + r.height / 2]; })()"
                 .replace("arguments[0]", f"document.getElementById('{target[0].get_attribute('id')}')"))

        def mouse(kind, count):
            d.execute_cdp_cmd("Input.dispatchMouseEvent", {"type": kind, "x": box[0], "y": box[1], "button": "left",
                                                            "buttons": 1 if kind == "mousePressed" else 0, "clickCount": count})
        # The browser's own double click, its second press and release held apart by a redraw.
        mouse("mousePressed", 1)
        mouse("mouseReleased", 1)
        wait(d, "the clicked move", lambda d: ply_count(d) > before and js(d, "inFlight") == 0)
        mouse("mousePressed", 2)
        d.execute_script("focusIdx = (focusIdx + 1) % 25; drawBoard()")  # the squares drawn anew
        mouse("mouseReleased", 2)
        time.sleep(0.3)
        note = note_shown(d)
        presses = js(d, "window.pressesSeen")
        print(f"a double click's second press across a redraw: presses {presses}, note {note!r}")
        assert presses == [1, 2], f"the two presses were not one double click: {presses}"
        assert note == "", f"a double click's second press, the board redrawn under it, says {note!r}"
    finally:
        delay = d.find_element(By.ID, "set-delay")
        delay.clear()
        delay.send_keys("300", Keys.TAB)
        wait(d, "the engine delay back", lambda d: js(d, "S.settings.delay_ms") == 300)


def pause_shows(d):
    """Pause says Paused, offers no roll for the engine, and voids the choice it was making."""
    delay = d.find_element(By.ID, "set-delay")
    delay.clear()
    delay.send_keys("3000", Keys.TAB)
    wait(d, "the engine delay", lambda d: js(d, "S.settings.delay_ms") == 3000)
    new_game(d, ("ewn", 1, 20), ("ewn", 1, 20), 12)
    wait(d, "Red choosing", lambda d: js(d, "S.thinking") == "r")
    click(d, "pause")
    wait(d, "the pause", lambda d: d.find_element(By.ID, "pause").text == "Resume")
    assert js(d, "S.thinking") is None, "the engine goes on choosing after Pause"
    assert status(d).startswith("Paused"), f"the status does not say Paused: {status(d)!r}"
    assert d.find_element(By.ID, "paused-tag").is_displayed(), "the board does not show Paused"
    # Between Red's bar and the board's frame: over neither the bar's edge nor the top row's
    # rank number and badges (it covered the bar's last 6 px and the row's top).
    where = js(d, "(() => { const r = (id) => { const b = $(id).getBoundingClientRect(); return [b.top, b.bottom]; };"
                  " return {tag: r('paused-tag'), bar: r('bar-red'), board: r('board'),"
                  " frame: parseFloat(getComputedStyle($('board')).borderTopWidth)}; })()")
    assert where["tag"][0] >= where["bar"][1] and where["tag"][1] <= where["board"][0] + where["frame"], \
        f"the Paused tag covers Red's bar or the board's top row: {where}"
    assert not enabled(d, "roll"), "Roll is offered for an engine while paused"
    assert ply_count(d) == 0
    picked = js(d, "document.querySelectorAll('#board .cube.selected, #board .cell.target').length")
    assert picked == 0, f"the paused engine's cube is shown picked ({picked} marks)"
    shot(d, "desktop-paused.png")
    delay.clear()
    delay.send_keys("300", Keys.TAB)
    wait(d, "the engine delay back", lambda d: js(d, "S.settings.delay_ms") == 300)
    print(f"pause: {status(d)!r}")


def other_sizes(d):
    """board.js draws boards of other sizes, with square names from their rows and columns."""
    for rows, cols in ((3, 3), (8, 8), (4, 7)):
        got = d.execute_script(
            "const el = document.createElement('div');"
            "const n = arguments[0] * arguments[1];"
            "const sq = new Array(n).fill(''); sq[0] = 'R12'; sq[n - 1] = {side: 'b', label: '11'};"
            "EwnBoard.draw(el, {rows: arguments[0], cols: arguments[1], squares: sq});"
            "const cells = [...el.querySelectorAll('.cell')];"
            "return {n: cells.length, first: cells[0].id, last: cells[n - 1].id,"
            " top: el.querySelector('.cube.red').textContent, bottom: el.querySelector('.cube.blue').textContent,"
            " cols: el.style.getPropertyValue('--cols')};", rows, cols)
        files = "abcdefgh"
        want = {"n": rows * cols, "first": f"sq-a{rows}", "last": f"sq-{files[cols - 1]}1",
                "top": "12", "bottom": "11", "cols": str(cols)}
        assert got == want, f"a {rows}x{cols} board drew {got}, not {want}"
    print("board.js: 3x3, 8x8 and 4x7 boards draw with their square names")


def flip_and_copy(d):
    """Flip the board; copy the position and a link that opens it."""
    new_game(d, ("human",), ("human",), 8)
    first = d.find_element(By.CSS_SELECTOR, "#board .cell").get_attribute("id")
    assert first == "sq-a5", first
    click(d, "flip")
    wait(d, "the board flipped", lambda d: d.find_element(By.CSS_SELECTOR, "#board .cell").get_attribute("id") == "sq-e1")
    shot(d, "desktop-flipped.png")
    click(d, "flip")
    wait(d, "the board back", lambda d: d.find_element(By.CSS_SELECTOR, "#board .cell").get_attribute("id") == "sq-a5")
    roll_if_needed(d)
    click_move(d)
    fen = js(d, "S.fen")
    click(d, "copy-pos")
    wait(d, "the position copied", lambda d: js(d, "document.body.dataset.copied") == fen)
    click(d, "copy-link")
    wait(d, "the link copied", lambda d: "position=" in (js(d, "document.body.dataset.copied") or ""))
    link = js(d, "document.body.dataset.copied")
    new_game(d, ("human",), ("human",), 9)
    assert js(d, "S.fen") != fen
    d.get(link)
    wait(d, "the linked position opened", lambda d: js(d, "S && S.fen") == fen and js(d, "S.plies.length") == 0)
    assert "position=" not in d.current_url and "token" not in d.current_url, d.current_url
    a_link_asks_only_when_it_replaces(d, link, fen)
    print(f"flip and copy: the board turns; the link {link} opens its position")


def a_link_asks_only_when_it_replaces(d, link, fen):
    """A copied link opens its position in a fresh browser too (it carries the token), asks only
    when it would replace an unfinished game with moves that differs, and never for the position
    on the board or a finished game."""
    assert "token=" in link, f"the copied link has no token: {link}"
    # The same position again: nothing to ask, nothing replaced.
    d.get(link)
    wait(d, "the page of the same link", lambda d: js(d, "S") and js(d, "linkedDone") and idle(d))
    time.sleep(0.5)
    assert not d.find_element(By.ID, "replace-ask").is_displayed(), "a link to the position on the board asks to replace it"
    assert js(d, "S.fen") == fen
    # A finished game (still there to review): the link asks, saying what it replaces; kept,
    # the game stays in every tab and the page says how to open the linked position later.
    d.execute_script("arguments[0].value = arguments[1]", d.find_element(By.ID, "record-text"), REVIEWED)
    load_text(d)
    wait(d, "the finished record", lambda d: ply_count(d) == 19 and js(d, "S.line_over"))
    navigate_to(d, 10)
    d.get(link)
    wait(d, "the question before replacing the finished game",
         lambda d: js(d, "S") and d.find_element(By.ID, "replace-ask").is_displayed())
    asked = link_question_in_words(d, fen)
    assert "This link opens another position" in asked and "not finished" not in asked and "19 moves" in asked, \
        f"the question does not say what the link replaces: {asked!r}"
    shot(d, f"{d.get_window_size()['width']}-link-asks.png")
    click(d, "replace-no")
    wait(d, "the note on how to open it later", lambda d: "Kept this game" in note_shown(d))
    assert "position field" in note_shown(d), note_shown(d)
    time.sleep(0.5)
    assert ply_count(d) == 19 and js(d, "$('ng-position').value") == fen, "keeping the game lost it or the link"
    d.get(link)
    wait(d, "the question again", lambda d: js(d, "S") and d.find_element(By.ID, "replace-ask").is_displayed())
    click(d, "replace-yes")
    wait(d, "the link opened over a finished game, once asked",
         lambda d: js(d, "S && S.fen") == fen and js(d, "S.plies.length") == 0)
    # An unfinished game with a move: a fresh browser (no token of its own) asks, then opens it.
    if js(d, "S.die") is None:
        click(d, "roll")
    wait(d, "the die", lambda d: js(d, "S.legal.length") > 0)
    d.execute_script("playMove(S.legal[0])")
    wait(d, "a move of the game", lambda d: ply_count(d) == 1)
    fresh = browser(1280, 800)
    try:
        fresh.get(link)
        wait(fresh, "the question before replacing the unfinished game",
             lambda f: f.find_element(By.ID, "replace-ask").is_displayed())
        assert "not finished" in fresh.find_element(By.ID, "replace-ask-text").text
        # The question stands beside the board, which stays whole in view (above it, the
        # question pushed the bottom rank below the screen's edge).
        board, ask, height = fresh.execute_script(
            "const r = (id) => $(id).getBoundingClientRect().toJSON(); return [r('board'), r('replace-ask'), innerHeight]")
        assert board["top"] >= 0 and board["bottom"] <= height, \
            f"the board is not whole in view with the link's question: {board['top']}..{board['bottom']} of {height}"
        assert ask["left"] >= board["right"] or ask["top"] >= board["bottom"], "the link's question covers the board"
        shot(fresh, "1280-link-asks-unfinished.png", top=False)
        fresh.find_element(By.ID, "replace-yes").click()
        # The game from the link starts at its position; the engine to move there may answer
        # before a look catches the position itself.
        wait(fresh, "the link opened in a fresh browser",
             lambda f: js(f, "S && S.start") == fen and js(f, "S.plies.length") <= 1)
        assert "token" not in fresh.current_url, fresh.current_url
    finally:
        close(fresh)
    print("links: open in a fresh browser; asked before replacing any game with moves, finished too")


def minors(d):
    """Pause on a person's turn, a click in the engine's turn, resign, Rematch double-clicked,
    typed dice 10..12 by keys."""
    new_game(d, ("human",), ("ewn", 1, 20), 21)
    wait(d, "Red's turn", red_turn_or_end)
    click(d, "pause")
    wait(d, "paused", lambda d: d.find_element(By.ID, "pause").text == "Resume")
    assert status(d).startswith("Paused"), f"the status after Pause on a person's turn: {status(d)!r}"
    click(d, "pause")
    wait(d, "running", lambda d: d.find_element(By.ID, "pause").text == "Pause")
    # Resign: two clicks apart; a question left unanswered says so when it lapses.
    click(d, "resign")
    wait(d, "the resign question", lambda d: d.find_element(By.ID, "resign").text == "Resign?")
    wait(d, "the lapsed question", lambda d: d.find_element(By.ID, "resign").text == "Resign"
         and "Resign not confirmed" in d.find_element(By.ID, "error").text)
    assert not over(d), "an unanswered question resigned"
    click(d, "resign")
    wait(d, "the resign question", lambda d: d.find_element(By.ID, "resign").text == "Resign?")
    assert not over(d), "one click resigned"
    click(d, "resign")
    wait(d, "the resignation", lambda d: js(d, "S.winner") == "b" and js(d, "S.reason") == "resign")
    assert "Red resigned" in status(d), status(d)
    click(d, "save")
    wait(d, "the record of the resignation", lambda d: "result b resign" in d.find_element(By.ID, "record-text").get_attribute("value"))
    # A double click on Rematch plays one rematch: colours swapped once.
    wait(d, "the end bar", lambda d: d.find_element(By.ID, "rematch").is_displayed())
    ActionChains(d).double_click(d.find_element(By.ID, "rematch")).perform()
    wait(d, "the rematch", lambda d: js(d, "S.players.red.type") == "ewn" and idle(d))
    time.sleep(0.5)
    assert js(d, "S.players.red.type") == "ewn" and js(d, "S.players.blue.type") == "human", "a double click played two rematches"
    # The engine's turn: a click on the board says why nothing happens.
    delay = d.find_element(By.ID, "set-delay")
    delay.clear()
    delay.send_keys("3000", Keys.TAB)
    wait(d, "the engine delay", lambda d: js(d, "S.settings.delay_ms") == 3000)
    new_game(d, ("ewn", 1, 20), ("human",), 22)
    wait(d, "Red choosing", lambda d: js(d, "S.thinking") == "r")
    d.find_element(By.ID, "sq-c3").click()
    wait(d, "the note on the engine's turn", lambda d: "engine" in note_shown(d))
    delay = d.find_element(By.ID, "set-delay")
    delay.clear()
    delay.send_keys("300", Keys.TAB)
    wait(d, "the engine delay back", lambda d: js(d, "S.settings.delay_ms") == 300)
    # 6x6 typed dice 10..12 from the keyboard; the pressed die highlighted.
    new_game(d, ("human",), ("human",), dice="manual", variant="6x6")
    body = d.find_element(By.TAG_NAME, "body")
    body.send_keys("1")
    body.send_keys("1")
    wait(d, "die 11 typed", lambda d: js(d, "S.die") == 11)
    b = d.find_element(By.CSS_SELECTOR, "#typed-dice button[data-die='11']")
    assert b.get_attribute("aria-pressed") == "true"
    bg = b.value_of_css_property("background-color")
    other = d.find_element(By.CSS_SELECTOR, "#typed-dice button[data-die='7']").value_of_css_property("background-color")
    assert bg != other, f"the pressed die is not highlighted ({bg} vs {other})"
    body.send_keys("1")
    body.send_keys("2")
    wait(d, "die corrected to 12", lambda d: js(d, "S.die") == 12)
    body.send_keys("7")
    wait(d, "die corrected to 7", lambda d: js(d, "S.die") == 7)
    print("minors: paused status, resign, one rematch, engine-turn note, typed 11 and 12")


def review_counts_and_cancels(d):
    """The review counts its moves (k of n) and can be cancelled."""
    new_game(d, ("ewn", 1, 20), ("ewn", 1, 20), 23, variant="6x6")
    wait(d, "a few engine moves", lambda d: ply_count(d) >= 8 or over(d))
    click(d, "pause")
    wait(d, "paused", lambda d: js(d, "!S.running && S.thinking === null"))
    click_review(d)
    wait(d, "the review's count", lambda d: js(d, "S.review.busy") and " of " in d.find_element(By.ID, "review-note").text)
    assert d.find_element(By.ID, "review-cancel").is_displayed()
    click(d, "review-cancel")
    wait(d, "the review cancelled", lambda d: not js(d, "S.review.busy"))
    assert not d.find_element(By.ID, "review-cancel").is_displayed()
    print("review: counts its moves and is cancelled")


def note_clear_of_bottom_rank(d):
    """A note never covers the bottom rank's cubes."""
    note = d.find_element(By.ID, "error").rect
    cubes = [c.rect for c in d.find_elements(By.CSS_SELECTOR, "#board .cube")]
    bottom = max((c["y"] + c["height"] for c in cubes), default=0)
    assert note["y"] >= bottom - 1, f"the note ({note}) covers the lowest cubes (to {bottom})"


def note_clear_of_bars(d):
    """A note under the board covers neither player's bar nor the review's line (it is in the
    page's flow, not over it)."""
    note = d.find_element(By.ID, "error")
    if not note.is_displayed():
        return
    a = note.rect
    for id_ in ("bar-red", "bar-blue", "decision", "mainline"):
        el = d.find_element(By.ID, id_)
        if not el.is_displayed():
            continue
        b = el.rect
        apart = (a["y"] + a["height"] <= b["y"] + 1 or b["y"] + b["height"] <= a["y"] + 1 or
                 a["x"] + a["width"] <= b["x"] + 1 or b["x"] + b["width"] <= a["x"] + 1)
        assert apart, f"the note {a} covers #{id_} {b}"


def copied_address_keeps_control(d):
    """The address bar's address (the token taken out), opened in a new tab of the same browser,
    keeps control; in another browser it says plainly that it only watches and how to play, shows
    no control that cannot act, and its note can be dismissed."""
    address = d.current_url
    assert "token" not in address, address
    d.switch_to.new_window("tab")
    d.get(address)
    wait(d, "the copied address's page", lambda d: js(d, "S") and status(d) not in ("", "Connecting…"))
    assert js(d, "Boolean(TOKEN)"), "the new tab lost the token"
    assert not js(d, "document.body.classList.contains('watch-only')"), "the new tab is watch-only"
    before = js(d, "S.version")
    d.execute_script("post('/api/control', {action: S.running ? 'run' : 'pause'})")
    wait(d, "a change accepted from the new tab", lambda d: js(d, "S.version") != before and note_shown(d) == "")
    d.close()
    d.switch_to.window(d.window_handles[0])
    other = browser(1280, 800)
    try:
        other.get(address)
        def watch_note(o):
            el = o.find_element(By.ID, "watch-note")
            return el.text if el.is_displayed() else ""
        wait(other, "the watch-only note", lambda o: "only watch" in watch_note(o))
        said = watch_note(other)
        assert "?token=" in said, f"the watch-only note does not say how to get control: {said!r}"
        assert status(other).startswith("Watching"), f"the status of a watch-only page: {status(other)!r}"
        shown = [i for i in ("roll", "pause", "resign", "top-new", "move-go", "nav-first", "nav-back",
                             "nav-fwd", "nav-last", "settings-card", "newgame")
                 if other.find_element(By.ID, i).is_displayed()]
        assert not shown, f"a watch-only page shows controls that cannot act: {shown}"
        # Plainly watch-only: the banner above the board, no cube drawn as one to move, and a
        # click on the board says why nothing moves.
        top = other.execute_script(
            "return [document.getElementById('watch-note').getBoundingClientRect().bottom,"
            " document.getElementById('board').getBoundingClientRect().top];")
        assert top[0] <= top[1], f"the watch-only banner is not above the board: {top}"
        movable = other.find_elements(By.CSS_SELECTOR, "#board .cube.movable, #board .cell.target")
        assert not movable, f"a watch-only page offers {len(movable)} cubes or squares to move"
        other.find_element(By.ID, "sq-c3").click()
        wait(other, "the note that the page only watches", lambda o: "only watches" in note_shown(o))
        shot(other, "desktop-watch-only.png")
        other.find_element(By.ID, "watch-close").click()
        wait(other, "the watch-only note dismissed", lambda o: watch_note(o) == "")
    finally:
        close(other)
    print("copied address: a new tab keeps control; another browser says it watches and how to play")


def a_record_lost_on_time(d):
    """A record's game lost on time is shown over: who won and how, with the referee's words, no
    roll, no win chances still being worked out; picking the record's other game never asks."""
    new_game(d, ("human",), ("ewn", 2, 50))
    roll_if_needed(d)
    click_move(d)
    wait(d, "a game under way", lambda d: ply_count(d) >= 1 and not over(d))
    load_record_text(d, LOST_ON_TIME)
    wait(d, "the record's game picker", lambda d: d.find_element(By.ID, "record-pick").is_displayed())
    pick_record_game(d, "2", "record-game")
    wait(d, "game 2, lost on time", lambda d: js(d, "S.players.red.label") == "late" and ply_count(d) == 10)
    said = status(d)
    assert said.startswith("Blue wins: Red ran out of time") and "no bestmove within 150 ms" in said, \
        f"the status of a game lost on time: {said!r}"
    result = d.find_element(By.ID, "result").text
    assert "Blue wins" in result and "ran out of time" in result and "no bestmove" in result, \
        f"the result of a game lost on time: {result!r}"
    assert not enabled(d, "roll"), "Roll is offered in a game lost on time"
    wait(d, "the graph worked out", lambda d: js(d, "S.graph_gaps") == 0 and js(d, "S.graph[S.graph.length - 1]") == 0)
    # The record's other game: loaded at once, never "Replace it?".
    pick_record_game(d, "1", "record-game")
    wait(d, "game 1, lost on time by Blue", lambda d: js(d, "S.players.blue.label") == "late" and ply_count(d) == 11)
    assert not d.find_element(By.ID, "replace-ask").is_displayed(), "switching games of a loaded record asks"
    assert status(d).startswith("Red wins: Blue ran out of time"), status(d)
    shot(d, f"{d.get_window_size()['width']}-record-lost-on-time.png")
    print("record lost on time: shown over, with the referee's words; its other game loads without asking")


def desktop():
    d = browser(1280, 800)
    try:
        d.get(driver.URL)
        wait(d, "the board's 25 squares", lambda d: len(d.find_elements(By.CSS_SELECTOR, "#board .cell")) == 25)
        wait(d, "the first state from the server", lambda d: status(d) not in ("", "Connecting…"))
        # The flows below read the analysis as it comes: shown live.
        d.execute_script("setMode('analyse')")
        copied_address_keeps_control(d)
        # The opening journeys left a rematch on: the form as a fresh page shows it.
        open_form(d)
        check_layout(d, 1280)
        shot(d, "desktop-start.png")
        axe(d, "the desktop page at the start, with the New game form")
        assert "token" not in d.current_url, "the token stays in the address bar"
        # Arrange Red's cubes by dragging: a5 onto c5 swaps cubes 1 and 3.
        setup = d.find_element(By.CSS_SELECTOR, "#p-red .p-setup input")
        setup.clear()
        setup.send_keys("123456")
        click(d, "ng-arrange")
        wait(d, "the setups on the board", lambda d: "Arranging" in status(d))
        assert not d.find_element(By.ID, "roll").is_displayed(), "Roll is offered while arranging"
        a5, c5 = d.find_element(By.ID, "sq-a5").rect, d.find_element(By.ID, "sq-c5").rect
        ActionChains(d).click_and_hold(d.find_element(By.CSS_SELECTOR, "#sq-a5 .cube")).move_by_offset(
            (c5["x"] - a5["x"]) // 2, 0
        ).move_by_offset((c5["x"] - a5["x"]) - (c5["x"] - a5["x"]) // 2, 0).release().perform()
        wait(d, "the dragged setup in the digits", lambda d: setup.get_attribute("value") == "321456")
        shot(d, "desktop-arrange.png")
        new_game(d, ("human",), ("ewn", 3, 100), 2024)
        a5 = d.find_element(By.CSS_SELECTOR, "#sq-a5 .cube").text
        assert a5 == "3", f"the game did not start with the dragged setup: a5 holds {a5!r}"
        assert "Red: Person" in d.find_element(By.ID, "bar-red").text
        assert "ewn · level 3 · 100 ms" in d.find_element(By.ID, "bar-blue").text
        done = set()
        turns = play_desktop_game(d, done)
        while FLOWS - done:
            # The engine's moves depend on its search time, so a game may end early: another one.
            print(f"desktop: the game ended before {FLOWS - done} were tried; one more game")
            new_game(d, ("human",), ("ewn", 3, 100))
            turns = play_desktop_game(d, done)
        wait(d, "the graph of the whole game", lambda d: graph_points(d) >= 3)
        print(f"desktop: {status(d)} after {ply_count(d)} plies, {turns} turns; "
              f"up to {driver.ANIMATIONS_SEEN[0]} animations running just after a move")
        # The end: result, Rematch and New game by the board; no engine controls.
        wait(d, "the end bar", lambda d: d.find_element(By.ID, "endbar").is_displayed())
        assert not enabled(d, "pause") and not enabled(d, "step"), "engine controls stay enabled after the end"
        click(d, "save")
        wait(d, "the saved record", lambda d: d.find_element(By.ID, "record-text").get_attribute("value").startswith("game 1"))
        check_layout(d, 1280)
        shot(d, "gui-desktop-end.png")
        click(d, "rematch")
        wait(d, "the rematch with colours swapped",
             lambda d: js(d, "S.players.red.type") == "ewn" and js(d, "S.players.blue.type") == "human")
        assert "Blue: Person" in d.find_element(By.ID, "bar-blue").text
        nothing_of_yours_to_undo(d)
        # A watched engine game: pause, one step, resume, to the end.
        new_game(d, ("ewn", 1, 20), ("ewn", 1, 20), 7)
        click(d, "pause")
        wait(d, "the pause", lambda d: d.find_element(By.ID, "pause").text == "Resume")
        wait(d, "the last engine move to land", lambda d: js(d, "S.thinking") is None)
        before = ply_count(d)
        click(d, "step")
        wait(d, "one engine step", lambda d: ply_count(d) >= before + 1 or over(d))
        click(d, "pause")
        wait(d, "the end of the engine game", over)
        print(f"engines: {status(d)} after {ply_count(d)} plies")
        # Typed dice: a mistyped die corrected, for the person and for the engine.
        new_game(d, ("human",), ("ewn", 1, 20), dice="manual")
        wait(d, "the typed-dice buttons", lambda d: d.find_element(By.ID, "typed-dice").is_displayed())
        click_first(d, "die 3", "#typed-dice button[data-die='3']")
        wait(d, "die 3", lambda d: js(d, "S.die") == 3)
        click_first(d, "die 5 to correct it", "#typed-dice button[data-die='5']")
        wait(d, "die 5", lambda d: js(d, "S.die") == 5 and d.find_element(By.CSS_SELECTOR, "#typed-dice button[data-die='5']").get_attribute("aria-pressed") == "true")
        click(d, "pause")
        wait(d, "the pause", lambda d: d.find_element(By.ID, "pause").text == "Resume")
        mid = lambda id_: (lambda r: r["y"] + r["height"] / 2)(d.find_element(By.ID, id_).rect)
        # Step stays by the die: on its line, or (in the controls' column beside the board at
        # 1280 wide) a line or two below it, in view.
        assert abs(mid("step") - mid("die")) < 100 and not all_in_view(d, ["step", "die"]), \
            "with typed dice, Step is far from the die or out of view"
        click_move(d)
        d.find_element(By.TAG_NAME, "body").send_keys("2")
        wait(d, "Blue's die 2, typed", lambda d: js(d, "S.die") == 2)
        d.find_element(By.TAG_NAME, "body").send_keys("6")
        wait(d, "Blue's die corrected to 6", lambda d: js(d, "S.die") == 6)
        click(d, "pause")
        wait(d, "Blue's move with the corrected die", lambda d: ply_count(d) == 2)
        assert js(d, "S.plies[1].die") == 6, "the engine moved with the mistyped die"
        print("typed dice: corrected for the person and for the engine")
        # The review of a loaded record.
        review_loaded(d, "desktop")
        wait(d, "the decision's moves ranked", lambda d: d.find_elements(By.CSS_SELECTOR, "#analysis-moves tr.played"))
        shot(d, "gui-desktop-review.png")
        axe(d, "the desktop page with a review")
        new_player_checks(d)
        shot(d, "gui-desktop-sideline.png")
        axe(d, "the desktop page with a side line")
        back_to_game(d)
        own_cube_and_notes(d)
        engine_takes_its_own_cube(d)
        double_clicks(d)
        pause_shows(d)
        other_sizes(d)
        arrange_variant(d, "3x3", "312")
        variant_game(d, "3x3", 1280, "gui-desktop-3x3.png")
        solved_shown(d)
        variant_game(d, "6x6", 1280, "gui-desktop-6x6.png", ("CBA9865432", "2345689ABC"))
        two_dice_shown(d)
        axe(d, "the desktop page in a 6x6 game")
        pass_button(d)
        own_capture_by_click(d)
        hole_and_fall(d, 1280)
        variants_explained(d, 1280)
        rules_name_the_first_side(d)
        flip_and_copy(d)
        minors(d)
        review_counts_and_cancels(d)
        third_game_of_a_record(d)
        a_record_lost_on_time(d)
        hold_an_arrow_through_a_game(d)
        axe(d, "the desktop page after the variants' checks")
    finally:
        close(d)
