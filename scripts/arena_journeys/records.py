"""The records the journeys load: a reviewed game, a person against an engine the arena does not
know, a match of two games lost on time, and match records of six and of twenty games; and the
checks of a loaded record that the desktop and the phone both run (its review, its third game,
an arrow key held through it)."""

from selenium.webdriver.common.by import By
from selenium.webdriver.common.keys import Keys
from selenium.webdriver.support.ui import Select

from .driver import (click_review, wait, click_first, click, js, ply_count, ply_pos, graph_points, load_text,
    idle, navigate_to, status_and_board_in_view, board_and_bar_in_view)


# A game of this engine (Red) against greedy in which greedy gives away win chance.
REVIEWED = """game 1
seed 910a2dec89025cc1
date 2026-12-01
red ewn
blue greedy
setup 456123 162453
first r
move r 3 a3b3
move b 2 c1c2
move r 3 b3c2
move b 3 e3d3
move r 3 c2d1
move b 1 e1d1
move r 4 a5b5
move b 2 d3c3
move r 5 c5d4
move b 1 d1c2
move r 5 d4e3
move b 3 c3b4
move r 4 b5b4
move b 6 d2c3
move r 6 e3e2
move b 1 c2b3
move r 2 a4b4
move b 4 c3b4
move r 6 e2e1
result r goal
end
"""


def review_loaded(d, prefix):
    """Loads the record, reviews it, and checks the marks and the graph."""
    box = d.find_element(By.ID, "record-text")
    d.execute_script("arguments[0].value = arguments[1]", box, REVIEWED)
    load_text(d)
    wait(d, "the loaded record", lambda d: ply_count(d) == 19 and js(d, "S.players.blue.label") == "greedy")
    if prefix == "phone":
        # The keyboard goes on from the finished game's next action, not from a frame left on
        # an empty square of the board.
        focus = wait(d, "the focus on the loaded game's next action", lambda d: js(
            d, "document.activeElement.id") in ("review-end", "rematch") and js(d, "document.activeElement.id"))
        assert js(d, "!document.activeElement.closest('#board')"), f"the focus is left on the board: {focus}"
    # The graph's points still being worked out are said under it, until there are none.
    gaps = js(d, "S.graph_gaps")
    assert isinstance(gaps, int), f"the state does not say how much of the graph is missing: {gaps!r}"
    if gaps > 1 and js(d, "S.analysis.enabled") and not js(d, "held()"):
        wait(d, "the note that the graph is being worked out",
             lambda d: "Working out the win chances" in d.find_element(By.ID, "graph-note").text
             or js(d, "S.graph_gaps") == 0)
    click_review(d)
    wait(d, "the review's marked moves", lambda d: d.find_elements(By.CSS_SELECTOR, "#review-marked li"))
    marks = js(d, "S.review.moves.filter(m => m.mark).map(m => m.mark)")
    assert any(m in ("mistake", "blunder") for m in marks), f"no mistake marked: {marks}"
    assert d.find_elements(By.CSS_SELECTOR, "#moves .mk"), "the move list shows no marks"
    assert d.find_elements(By.CSS_SELECTOR, "#graph .gmark"), "the graph shows no marks"
    wait(d, "the review's graph", lambda d: graph_points(d) >= 15)
    wait(d, "the whole graph, its note gone", lambda d: js(d, "S.graph_gaps") == 0
         and not d.find_element(By.ID, "graph-note").is_displayed())
    # The luck diamonds are said in words under the graph while there are any.
    diamonds = d.find_elements(By.CSS_SELECTOR, "#graph .gluck")
    said = d.find_element(By.ID, "graph-luck").is_displayed()
    assert said == bool(diamonds) or not d.find_element(By.ID, "graph").is_displayed(), f"{len(diamonds)} diamonds on the graph, their words shown: {said}"
    # A marked move shows its position with the played and the best move.
    click_first(d, "a marked move of the review", "#review-marked button")
    wait(d, "the position before the marked move", lambda d: d.find_elements(By.CSS_SELECTOR, ".cell.best-to"))
    if js(d, "window.innerWidth") > 900:
        # On a wide screen the picked decision's analysis (every move for the game's die,
        # ranked) stands under the review's cards, which keep their place as the review is
        # stepped; brought into view it lists the moves.
        order = js(d, "['review-card', 'analysis-card'].map((i) => Math.round($(i).getBoundingClientRect().top))")
        assert order[0] < order[1], f"the analysis card stands above the review's: {order}"
        d.execute_script("$('analysis-card').scrollIntoView({block: 'start'})")
        wait(d, "the decision's analysis in view", lambda d: d.execute_script(
            "const t = document.getElementById('analysis-moves'); if (!t) return false;"
            "const r = t.getBoundingClientRect(); return r.top >= 0 && r.top < window.innerHeight - 60;"))
    print(f"{prefix}: review marked {marks}, graph of {graph_points(d)} points")


def third_game_of_a_record(d):
    """A record of several games: the picker lists them and the third one loads."""
    games = "".join(REVIEWED.replace("game 1", f"game {n}").replace("red ewn", f"red player{n}")
                    for n in (1, 2, 3))
    field = d.find_element(By.ID, "record-text")
    field.clear()
    d.execute_script("arguments[0].value = arguments[1]; arguments[0].dispatchEvent(new Event('input'));", field, games)
    wait(d, "the record's game picker", lambda d: d.find_element(By.ID, "record-pick").is_displayed())
    options = d.find_elements(By.CSS_SELECTOR, "#record-game option")
    assert len(options) == 3, f"{len(options)} games listed"
    entry = js(d, "$('record-game').options[2].text")
    assert entry == "3. player3–greedy, Red won (goal), 19 moves", f"the picker's third entry: {entry!r}"
    Select(d.find_element(By.ID, "record-game")).select_by_value("3")
    if d.find_element(By.ID, "replace-ask").is_displayed():
        click(d, "replace-yes")
    wait(d, "the third game loaded", lambda d: js(d, "S.players.red.label") == "player3" and ply_count(d) == 19)
    # The picker fits the page's width, and the loaded game's board comes into view (on a phone
    # the record's card is far below it).
    picker = d.execute_script(
        "const s = document.getElementById('record-game'); const r = s.getBoundingClientRect();"
        "const cs = getComputedStyle(s); const c = document.createElement('canvas').getContext('2d');"
        "c.font = cs.font; const text = c.measureText(s.options[s.selectedIndex].text).width;"
        "const room = s.clientWidth - parseFloat(cs.paddingLeft) - parseFloat(cs.paddingRight) - 16;"
        "return {left: r.left, right: r.right, page: document.documentElement.clientWidth, text, room};")
    assert picker["left"] >= 0 and picker["right"] <= picker["page"], f"the record's game picker is off the page: {picker}"
    assert picker["text"] <= picker["room"], f"the picked game's name is cut off in the picker: {picker}"
    wait(d, "the loaded game's board in view", board_and_bar_in_view)
    wait(d, "the status line in view with the loaded game's board", status_and_board_in_view)
    # The form offers the last game started here (or a person against the engine, Red first),
    # not the record's players.
    want = js(d, "lastStarted ? [lastStarted.first, lastStarted.red.type] : ['r', 'human']")
    got = js(d, "[$('ng-first').value, document.querySelector('#p-red .p-type').value]")
    assert got == want, f"the New game form after loading a record: {got}, expected {want}"
    print("record of three games: the third one picked and loaded")


# Two games of a match that an engine lost on time (it answered its handshake, then went quiet):
# the record's result line names the loser and the referee's words.
LOST_ON_TIME = """game 1
match 06b7513a8865568f
seed 910a2dec89025cc1
date 2026-12-04
red ewn
blue late
setup 456123 162453
first r
move r 3 a3b3 49.3
move b 2 c1b2 49.3
move r 3 b3c2 51.7
move b 3 e3d3 49.5
move r 3 c2d1 51.5
move b 1 e1d1 59.5
move r 4 a5b4 57.4
move b 2 b2a3 59.7
move r 5 b5b4 49.2
move b 1 d1c2 58.3
move r 5 b4c3 53.4
result r time blue: no bestmove within 150 ms; engine killed
end
game 2
match 06b7513a8865568f
seed 910a2dec89025cc1
date 2026-12-04
red late
blue ewn
setup 456123 162453
first r
move r 3 a3b3 49.2
move b 2 c1b2 49.1
move r 3 b3c2 49.3
move b 3 e3d3 51.9
move r 3 c2d1 49.3
move b 1 e1d1 49.1
move r 4 a5b4 54.6
move b 2 b2a3 49.1
move r 5 b5b4 49.3
move b 1 d1c2 53.6
result b time red: no bestmove within 150 ms; engine killed
end
"""


def hold_an_arrow_through_a_game(d):
    """An arrow key held down (a press every few milliseconds) steps through the whole game,
    one ply a press, and ends exactly at the end."""
    n = ply_count(d)
    navigate_to(d, 0)
    # Where the board stands (from the page's top) at every status line shown meanwhile: the
    # status keeps within the room of its lines, so that the board never jumps as it changes.
    d.execute_script(
        "window.ewnTops = new Set(); window.ewnObs = new MutationObserver(() => {"
        " window.ewnTops.add(Math.round(document.getElementById('board').getBoundingClientRect().top + window.scrollY)); });"
        "window.ewnObs.observe(document.getElementById('status'), {childList: true, characterData: true, subtree: true});")
    body = d.find_element(By.TAG_NAME, "body")
    for _ in range(n):
        body.send_keys(Keys.ARROW_RIGHT)
    wait(d, f"all {n} plies stepped", lambda d: ply_pos(d) == n and idle(d))
    for _ in range(n + 5):
        body.send_keys(Keys.ARROW_LEFT)
    wait(d, "back at the start", lambda d: ply_pos(d) == 0 and idle(d))
    tops = js(d, "(window.ewnObs.disconnect(), [...window.ewnTops])")
    assert len(tops) == 1, f"the board moved up and down while stepping through the game: its top at {sorted(tops)}"
    print(f"held arrow keys: {n} plies forward and back, a ply a press, the board still")


# The same game as REVIEWED between a person and an engine this arena was not started with.
FOREIGN = REVIEWED.replace("red ewn", "red human").replace("blue greedy", "blue mcts:400000")


# A record of six games as `ewn match --engine self --opponent mcts:3000 --games 6 --seed 1
# --movetime 20 --record games.txt` wrote it, its header of settings included. In game 3 (ewn
# against mcts:3000, Blue won) the fifth move, 2:b2a3, takes Red's cube 6.
MATCH6 = """# ewn match 1877e767b09e3d0a: its settings, as --resume compares them
# setting --seed: 1
# setting --tournament: gauntlet
# setting --first-to: not given
# setting --games: 6
# setting the time control: --movetime 20
# setting --engine-setups: not given
# setting --grace: 100
# setting players: 2
# setting player 1: name=ewn
# setting player 2: name=mcts:3000
# setting --positions: none
# setting --variant: standard
# command player 1 (ewn): self
# command player 2 (mcts:3000): mcts:3000
game 1
match 1877e767b09e3d0a
seed 910a2dec89025cc1
date 2026-12-05
red ewn
blue mcts:3000
setup 456123 162453
first r
move r 3 a3b2 19.2
move b 2 c1b2 1.9
move r 3 a5b4 21.3
move b 3 e3d4 1.6
move r 3 b4c3 22.4
move b 1 e1e2 1.4
move r 4 c3c2 22.7
move b 2 b2a3 1.1
move r 5 b5c4 19.1
move b 1 e2d2 1.1
move r 5 c4d3 19.2
move b 3 d4c4 0.9
move r 4 c2d2 19.2
move b 6 d1d2 0.8
move r 6 c5d4 19.2
move b 1 a3a4 0.0
move r 2 d3e2 1.1
move b 4 c4b5 0.3
move r 6 d4e3 0.4
move b 6 d2c2 0.2
move r 5 e2e1 0.2
result r goal
end
game 2
match 1877e767b09e3d0a
seed 910a2dec89025cc1
date 2026-12-05
red mcts:3000
blue ewn
setup 456123 162453
first r
move r 3 a3b2 1.8
move b 2 c1b2 22.9
move r 3 a5a4 1.6
move b 3 e3d3 19.2
move r 3 a4b4 1.4
move b 1 e1e2 21.8
move r 4 b4c3 1.1
move b 2 b2b3 19.2
move r 5 b5c4 1.0
move b 1 e2d3 19.2
move r 5 c4c3 0.9
move b 3 b3b4 22.7
move r 4 c3c2 0.6
move b 6 d1c2 7.5
move r 6 c5d4 0.5
move b 1 d3d4 0.3
result b capture
end
game 3
match 1877e767b09e3d0a
seed 48416938ef0dcf6f
date 2026-12-05
red ewn
blue mcts:3000
setup 423516 652314
first b
move b 3 e2d2 1.7
move r 4 a5b5 22.2
move b 2 c1b2 1.4
move r 2 c5c4 22.6
move b 2 b2a3 1.2
move r 4 b5c4 19.2
move b 3 d2c3 1.0
move r 4 c4d3 22.0
move b 2 a3a4 0.0
move r 1 b4c4 20.5
move b 5 d1c2 0.6
move r 3 d3e2 19.4
move b 1 a4a5 0.0
result b goal
end
game 4
match 1877e767b09e3d0a
seed 48416938ef0dcf6f
date 2026-12-05
red mcts:3000
blue ewn
setup 423516 652314
first b
move b 3 e2e3 19.2
move r 4 a5b5 1.7
move b 2 c1c2 23.1
move r 2 c5d4 1.5
move b 2 c2b3 19.2
move r 4 b5b4 1.2
move b 3 e3d4 21.9
move r 4 b4c3 1.0
move b 2 b3a4 27.0
move r 1 c3d3 0.6
move b 5 d1d2 23.5
move r 3 d3e2 0.4
move b 1 a4a5 0.2
result b goal
end
game 5
match 1877e767b09e3d0a
seed 9a23c3a0ffedfe9
date 2026-12-05
red ewn
blue mcts:3000
setup 342165 425316
first r
move r 4 b5c5 24.1
move b 5 c1b2 1.7
move r 4 c5d4 22.3
move b 6 e3d3 1.6
move r 4 d4e3 22.3
move b 5 b2b3 1.3
move r 4 e3e2 0.3
move b 5 b3a4 0.9
move r 3 a5a4 21.5
move b 5 e1e2 1.2
move r 4 a4a3 22.9
move b 1 d2d3 1.1
move r 2 a3b3 22.9
move b 4 e2d3 0.9
move r 1 b3c3 19.2
move b 4 d3c4 0.7
move r 4 b4c4 8.2
move b 5 d1c2 0.5
move r 5 c3c2 0.2
result r capture
end
game 6
match 1877e767b09e3d0a
seed 9a23c3a0ffedfe9
date 2026-12-05
red mcts:3000
blue ewn
setup 342165 425316
first r
move r 4 b5b4 1.7
move b 5 c1b2 21.3
move r 4 b4c3 1.6
move b 6 e3d3 19.3
move r 4 c3d2 1.4
move b 5 b2b3 19.2
move r 4 d2e1 0.0
result r goal
end
"""


# A record of twenty games: MATCH6's games over and over, numbered 1 to 20 (game 12 is MATCH6's
# sixth, mcts:3000 against ewn).
def _match20():
    head, _, rest = MATCH6.partition("game 1\n")
    games = [g for g in ("game 1\n" + rest).split("end\n") if g.strip()]
    out = []
    for k in range(20):
        body = games[k % len(games)].split("\n", 1)[1]
        out.append(f"game {k + 1}\n{body}end\n")
    return head + "".join(out)


MATCH20 = _match20()
