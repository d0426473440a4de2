"""The variants' checks, on the desktop and on the phone: arranged setups, 3x3 and 6x6 games, the
solved table's values, two dice, a forced pass, own captures, holes and falls, and How to play."""

import time

from selenium.webdriver.common.action_chains import ActionChains
from selenium.webdriver.common.by import By
from selenium.webdriver.support.ui import Select

from .driver import (board_still, shot, wait, click_first, click, status, js, ply_count, over,
    open_form, form_choose, start_game, new_game, red_turn_or_end, roll_if_needed, click_move,
    check_layout, load_text, note_shown, idle, type_die, status_and_board_in_view)


def arrange_variant(d, variant, red):
    """Arranging on the board follows the picked variant: its board, its start squares."""
    open_form(d)
    Select(d.find_element(By.ID, "ng-variant")).select_by_value(variant)
    setup = d.find_element(By.CSS_SELECTOR, "#p-red .p-setup input")
    setup.clear()
    setup.send_keys(red)
    click(d, "ng-arrange")
    wait(d, "the setups on the board", lambda d: "Arranging" in status(d))
    v = js(d, f"S.variants.find(v => v.name === '{variant}')")
    wait(d, f"the {variant} board", lambda d: len(d.find_elements(By.CSS_SELECTOR, "#board .cell")) == v["rows"] * v["cols"])
    got = [d.find_element(By.CSS_SELECTOR, f"#sq-{sq} .cube").text for sq in v["start_red"]]
    assert got == list(red), f"arranged {got} on {v['start_red']}, not {red}"
    click(d, "ng-arrange")
    wait(d, "the end of arranging", lambda d: "Arranging" not in status(d))


def variant_game(d, variant, width, name, setups=None):
    """A person against this engine in a variant picked in the form: the board at its size,
    a few moves with the variant's dice, the analysis of its moves, then a screenshot."""
    new_game(d, ("human",), ("ewn", 2, 50), 11, variant=variant, setups=setups)
    rows, cols = js(d, "S.rows"), js(d, "S.cols")
    wait(d, f"the {rows}x{cols} board", lambda d: len(d.find_elements(By.CSS_SELECTOR, "#board .cell")) == rows * cols)
    if setups:
        assert js(d, "S.setup.red_setup") == setups[0], "the typed setup was not used"
    wait(d, f"the status line and the {variant} board in view after Start game", status_and_board_in_view)
    faces = [o[0] for o in js(d, "S.variant.outcomes")]
    d.execute_script("window.scrollTo(0, 0)")
    for turn in range(3):
        wait(d, "Red's turn or the end of the game", red_turn_or_end)
        if over(d):
            break
        roll_if_needed(d)
        assert js(d, "S.die") in faces, f"die {js(d, 'S.die')} is not one of {faces}"
        if turn == 2:
            wait(d, "the analysis of the rolled die", lambda d: d.find_elements(By.CSS_SELECTOR, "#analysis-moves tbody tr"))
            # Two dice show as "4+5 = 9": the box ends with the roll.
            wait(d, "the die box to show the rolled die",
                 lambda d: d.find_element(By.ID, "die").text.replace("\n", " ").endswith(str(js(d, "S.die"))))
            check_layout(d, width)
            shot(d, name)
        click_move(d)
    print(f"{variant} at {width}px: {status(d)!r} after {ply_count(d)} plies")


def pass_button(d):
    """A forced pass (backrank: cube 5 is gone and nothing stands in for it) is played with Pass."""
    open_form(d)
    Select(d.find_element(By.ID, "ng-variant")).select_by_value("backrank")
    pos = d.find_element(By.ID, "ng-position")
    pos.clear()
    pos.send_keys("R1R23/5/5/2B62/B1B2B3B4B5 r")
    new_game(d, ("human",), ("human",), dice="manual", variant="backrank")
    click_first(d, "die 5", "#typed-dice button[data-die='5']")
    wait(d, "the Pass button", lambda d: d.find_element(By.ID, "pass").is_displayed())
    assert "passes" in status(d), status(d)
    click(d, "pass")
    wait(d, "the pass played", lambda d: ply_count(d) == 1 and js(d, "S.plies[0].move") == "0000")
    assert not d.find_element(By.ID, "pass").is_displayed(), "Pass stays after the pass"
    print("backrank: a forced pass is played with the Pass button")


def load_position(d, fen, variant=None):
    """Loads a record of a game between two people from a position, with typed dice."""
    box = d.find_element(By.ID, "record-text")
    head = f"variant {variant}\n" if variant else ""
    d.execute_script("arguments[0].value = arguments[1]", box,
                     f"game 1\nred a\nblue b\n{head}position {fen}\nresult unfinished\nend\n")
    load_text(d)
    wait(d, f"the position {fen}", lambda d: js(d, "S.fen") == fen)
    # A loaded game is paused; people move at once.
    if not js(d, "S.running"):
        click(d, "pause")
        wait(d, "the game running", lambda d: js(d, "S.running"))


def mark_clear_of_labels(d, square):
    """The own capture's ✕ on `square` covers neither its file letter nor its rank number (it sat
    on the file letter of a bottom-rank square)."""
    bad = d.execute_script(
        "const c = $(arguments[0]), st = getComputedStyle(c, '::before'), r = c.getBoundingClientRect();"
        "const m = {left: r.left + parseFloat(st.left), top: r.top + parseFloat(st.top)};"
        "m.right = r.right - parseFloat(st.right); m.bottom = r.bottom - parseFloat(st.bottom);"
        "return [...c.querySelectorAll('.coord')].map((k) => k.getBoundingClientRect())"
        ".filter((b) => b.left < m.right && m.left < b.right && b.top < m.bottom && m.top < b.bottom)"
        ".map((b) => [b.left, b.top, m]);", square)
    assert d.execute_script("return $(arguments[0]).querySelectorAll('.coord').length", square) > 0, f"{square} has no label"
    assert not bad, f"the own capture's mark on {square} covers its label: {bad}"


def phone_own_capture_mark(d):
    """390x844: the own capture's mark on a bottom-rank square is clear of its file letter."""
    load_position(d, "R2B13/1B51R11/5/5/2R3R51 r")
    type_die(d, 4)
    d.find_element(By.ID, "sq-c1").click()
    wait(d, "c1 picked", lambda d: js(d, "selected") == "c1")
    wait(d, "d1 drawn as a capture", lambda d: d.find_elements(By.CSS_SELECTOR, "#sq-d1.take-own"))
    mark_clear_of_labels(d, "sq-d1")
    d.execute_script("arguments[0].scrollIntoView({block: 'center'})", d.find_element(By.ID, "board"))
    shot(d, "phone-own-capture-mark.png", top=False)
    print("phone: the own capture's mark is clear of the file letter")


def own_capture_by_click(d):
    """An own cube that can move too is taken by a second click on it after the taking cube
    was picked (issue: c1 then d1 with die 4 picked d1); in nodice likewise."""
    load_position(d, "R2B13/1B51R11/5/5/2R3R51 r")
    type_die(d, 4)
    # Looked up again if a redraw (the analysis' badges arriving) replaced the square.
    click_first(d, "c1", "#sq-c1")
    wait(d, "c1 picked", lambda d: js(d, "selected") == "c1")
    click_first(d, "d1", "#sq-d1")
    wait(d, "d1 armed to be taken", lambda d: d.find_elements(By.CSS_SELECTOR, "#sq-d1.take-own.armed"))
    mark_clear_of_labels(d, "sq-d1")
    assert ply_count(d) == 0, "the first click on an own cube took it"
    assert "again" in note_shown(d), f"the note does not say to click again: {note_shown(d)!r}"
    # The legend explains the mark of a move that takes one's own cube whenever it is drawn.
    assert d.find_element(By.ID, "lg-own").is_displayed(), "the own cube's mark is drawn but not in the legend"
    time.sleep(0.6)  # two clicks apart, not a double click
    click_first(d, "d1 again", "#sq-d1")
    wait(d, "c1 takes its own cube on d1", lambda d: ply_count(d) == 1 and js(d, "S.plies[0].move") == "c1d1"
         and js(d, "S.plies[0].took") == "R5")
    # A double click on the cube to take never takes it.
    load_position(d, "R1R23/5/5/5/4B1 r", "nodice")
    assert d.find_element(By.ID, "die").text == "any"
    click_first(d, "a5", "#sq-a5")
    wait(d, "a5 picked", lambda d: js(d, "selected") == "a5")
    ActionChains(d).double_click(d.find_element(By.ID, "sq-b5")).perform()
    wait(d, "the double click's answer", idle)
    time.sleep(0.3)
    assert ply_count(d) == 0, "a double click on an own cube took it"
    d.find_element(By.ID, "sq-b5").click()
    wait(d, "a5 takes b5 in nodice", lambda d: ply_count(d) == 1 and js(d, "S.plies[0].took") == "R2")
    # Nodice is never "die 0" on the page.
    wait(d, "Blue's turn analysed", lambda d: d.find_elements(By.CSS_SELECTOR, "#analysis-moves tbody tr"))
    text = d.find_element(By.TAG_NAME, "body").text
    for bad in ("Die 0", "die 0", "per face", " 0:"):
        assert bad not in text, f"nodice shows {bad!r}"
    assert "Any cube" in d.find_element(By.ID, "analysis-die").text
    print("own capture: a second click on an own cube takes it (standard and nodice); nodice says 'any cube'")


def hole_and_fall(d, width):
    """blackhole: the hole is drawn, a cube falling in is shown in the move list and announced."""
    load_position(d, "5/1R13/5/5/4B1 r", "blackhole")
    assert d.find_elements(By.CSS_SELECTOR, "#sq-c3.hole .hole-mark"), "the hole c3 is not drawn"
    assert "hole" in d.find_element(By.CSS_SELECTOR, "#sq-c3 .sr-only").get_attribute("textContent")
    type_die(d, 1)
    d.find_element(By.ID, "sq-b4").click()
    wait(d, "b4 picked", lambda d: js(d, "selected") == "b4")
    d.find_element(By.ID, "sq-c3").click()
    wait(d, "the fall", lambda d: ply_count(d) == 1 and js(d, "S.plies[0].fell") == "R1")
    wait(d, "the announcement", lambda d: "fell into the hole" in d.find_element(By.ID, "announce").get_attribute("textContent"))
    item = d.find_element(By.CSS_SELECTOR, "#moves li button").get_attribute("textContent")
    assert "fell into the hole" in item and "↓" in item, f"the move list says {item!r}"
    assert over(d), "Red's last cube fell in: Blue wins"
    assert d.find_element(By.ID, "lg-fell").is_displayed(), "the legend does not name the fall into the hole"
    shot(d, f"gui-{'desktop' if width > 500 else 'phone'}-blackhole.png")
    print("blackhole: the hole drawn, the fall announced and in the move list")


def variants_explained(d, width):
    """Each variant drawn from its definition, How to play from its rules, in view."""
    for name, goals, starts, words, banned in (
        # Corner goals: each side's corner start square is drawn as the other side's goal, so
        # 10 of the 12 start squares are shaded (the old 7x7 drawing shaded 14 a side).
        ("backrank", 10, 12, ("far rank", "passes", "no legal move passes"), ("triangle", "corner (Red")),
        ("7x7", 2, 10, ("7x7", "a die of 6 faces"), ()),
        ("nodice", 2, 10, ("no dice", "any one of your cubes"), ("Roll",)),
        ("blackhole", 2, 10, ("hole", "c3"), ()),
        # In the standard game every turn has a move: no word of passing.
        ("standard", 2, 10, ("Roll a die of 6 faces", "corner", "Red moves first"), ("passes",)),
    ):
        new_game(d, ("human",), ("human",), variant=name)
        wait(d, f"the {name} board", lambda d: len(d.find_elements(By.CSS_SELECTOR, "#board .cell")) == js(d, "S.rows * S.cols"))
        got_goals = len(d.find_elements(By.CSS_SELECTOR, "#board .goal-red, #board .goal-blue, #board .goal-rank-red, #board .goal-rank-blue"))
        assert got_goals == goals, f"{name}: {got_goals} goal squares, not {goals}"
        shaded = len(d.find_elements(By.CSS_SELECTOR, "#board .tri-red, #board .tri-blue"))
        assert shaded == starts, f"{name}: {shaded} start squares shaded, not {starts}"
        # As the page opens on a new game: its top.
        d.execute_script("window.scrollTo(0, 0)")
        summary = d.find_element(By.CSS_SELECTOR, "#rules summary")
        r = summary.rect
        assert summary.is_displayed() and 0 <= r["y"] - js(d, "window.scrollY") and r["y"] + r["height"] - js(d, "window.scrollY") <= js(d, "window.innerHeight"), f"How to play is out of view: {r}"
        # Named on a phone too, when it is not the standard game.
        if name != "standard":
            assert name in summary.text, f"How to play at {width} does not name {name}: {summary.text!r}"
            # Whole, not "How to play bl…" (on a phone it takes two lines rather than cut).
            assert js(d, "(() => { const s = document.querySelector('#rules summary'); return s.scrollWidth <= s.clientWidth + 1; })()"), \
                f"How to play at {width} cuts the name {name}"
        if not d.find_element(By.ID, "rules").get_attribute("open"):
            summary.click()
        text = d.find_element(By.ID, "rules").text
        for w in words:
            assert w in text, f"{name}: How to play lacks {w!r}: {text!r}"
        for w in banned:
            assert w not in text, f"{name}: How to play says {w!r}: {text!r}"
        # Its words whether the form is open or not (Start game folds it away).
        label = d.find_element(By.CSS_SELECTOR, f"#ng-variant option[value='{name}']").get_attribute("textContent")
        assert name in label and "x" in label, label
        if name == "backrank":
            assert "far rank" in label, f"the picker does not say what backrank is: {label!r}"
            open_form(d)
            click(d, "ng-arrange")
            wait(d, "arranging", lambda d: "Arranging" in status(d))
            assert "triangle" not in status(d), status(d)
            click(d, "ng-arrange")
            wait(d, "the end of arranging", lambda d: "Arranging" not in status(d))
        if name == "7x7":
            shot(d, f"{'desktop' if width > 500 else 'phone'}-7x7.png")
        summary.click()
    print(f"variants at {width}px: goals, start squares and How to play from each definition, in view")


def rules_name_the_first_side(d):
    """How to play names the side that moves first in the game on the board, not the variant's."""
    new_game(d, ("human",), ("human",))
    form_choose(d, "#ng-first", "b")
    start_game(d)
    wait(d, "a game with Blue first", lambda d: js(d, "S.setup.first") == "b" and js(d, "S.side") == "b")
    text = d.execute_script("return document.getElementById('rules-text').textContent")
    assert "Blue moves first" in text and "Red moves first" not in text, f"How to play with Blue first: {text!r}"
    # Open, it closes when another game starts: the new board comes in view.
    d.execute_script("window.scrollTo(0, 0)")
    d.find_element(By.CSS_SELECTOR, "#rules summary").click()
    wait(d, "How to play open", lambda d: d.find_element(By.ID, "rules").get_attribute("open") is not None)
    # Started as Start game does (opened beside the board, the rules stand over the form).
    before = js(d, "S.game")
    d.execute_script("startGame(true)")
    wait(d, "the new game", lambda d: js(d, "S.game") != before and idle(d))
    wait(d, "How to play closed by the new game", lambda d: d.find_element(By.ID, "rules").get_attribute("open") is None)
    print("How to play: Blue moves first in a game set so; closed by a new game")


def coords_clear_of_cubes(d):
    """Rank and file labels are not covered by cubes (a 6x6 board on a phone)."""
    board_still(d)
    bad = d.execute_script(
        "const out = [];"
        "for (const c of document.querySelectorAll('#board .cell')) {"
        "  const cube = c.querySelector('.cube:not(.ghost)'); if (!cube) continue;"
        "  const a = cube.getBoundingClientRect();"
        "  for (const k of c.querySelectorAll('.coord')) { const b = k.getBoundingClientRect();"
        "    if (b.left < a.right && a.left < b.right && b.top < a.bottom && a.top < b.bottom) out.push(c.id); } }"
        "return out;")
    assert not bad, f"labels covered by cubes on {bad}"


def badges_clear_of_numbers(d):
    """On a 6x6 board on a phone, the percentage badges in the squares' corners never cover a
    cube's number, nor more than a sliver of its cube (11 and 10 side by side, each can take the
    other)."""
    load_position(d, "RC5/6/2RBBA2/6/6/5BC r", "6x6")
    wait(d, "the badges of the cubes that can be taken",
         lambda d: len(d.find_elements(By.CSS_SELECTOR, "#board .badge.danger, #board .badge.chance")) >= 2)
    board_still(d)
    bad = d.execute_script(
        "const out = [];"
        "for (const c of document.querySelectorAll('#board .cell')) {"
        "  const cube = c.querySelector('.cube:not(.ghost)'); if (!cube || !cube.firstChild) continue;"
        "  const r = document.createRange(); r.selectNodeContents(cube); const a = r.getBoundingClientRect();"
        "  const q = cube.getBoundingClientRect();"
        "  for (const k of c.querySelectorAll('.badge')) { const b = k.getBoundingClientRect();"
        "    if (b.left < a.right && a.left < b.right && b.top < a.bottom && a.top < b.bottom) out.push(c.id + ' number');"
        "    const h = Math.min(b.bottom, q.bottom) - Math.max(b.top, q.top), w = Math.min(b.right, q.right) - Math.max(b.left, q.left);"
        "    if (h > 3 && w > 3) out.push(`${c.id} cube (${h.toFixed(1)} px)`); } }"
        "return out;")
    shot(d, "phone-6x6-badges.png", top=False)
    assert not bad, f"badges cover the cube's number on {bad}"


def solved_shown(d):
    """A solved variant (its table given with --tables): exact values and the equilibrium setups."""
    wait(d, "the solved variant's card", lambda d: d.find_element(By.ID, "solved").is_displayed())
    text = d.find_element(By.ID, "solved").text
    assert "Best setups (equilibrium)" in text and "%" in text, text
    if not over(d):
        assert "perfect play" in text, text
    print(f"solved 3x3: {text!r}")


def two_dice_shown(d):
    """A game of two dice shows both dice and their sum, not the sum alone."""
    if js(d, "S.die") is None and js(d, "canRoll()"):
        click(d, "roll")
        wait(d, "the two dice rolled", lambda d: js(d, "S.die") is not None)
    # The dice and the box read together: an engine's turn goes on meanwhile, and a move landing
    # between two reads left the pair of one turn beside the box of the next ('–', not rolled).
    seen = wait(d, "a roll of two dice", lambda d: js(d, "S.die === null ? null : [S.dice_pair, $('die').innerText]"))
    assert seen[0] is not None, "no two dice in a 6x6 game rolled from its seed"
    (a, b), text = seen[0], seen[1].replace("\n", " ")
    assert f"{a}+{b}" in text and str(a + b) in text, f"the die box says {text!r} for dice {a} and {b}"
    print(f"two dice: the die box says {text!r}")
