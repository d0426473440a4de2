"""The journeys that open the run: the arena as a new player meets it (the opening game at
1280x800 by clicks and at 390x844 by keys) and the journeys with a record at 1280x800 and on a
phone (in view, Rematch keeps the seats, the New game form offers a playable game)."""

from selenium.webdriver.common.by import By
from selenium.webdriver.common.keys import Keys

from . import driver
from .driver import (click_review, browser, close, shot, wait, click, status, js, ply_count, ply_pos, enabled,
    over, open_form, new_game, red_turn_or_end, roll_if_needed, click_move, type_move,
    typed_then_enter, engine_answers, note_shown, idle, navigate_to, first_state, open_arena,
    all_in_view, load_record_text, board_and_bar_in_view)
from .records import FOREIGN


def opening_game(d, width, by_key):
    """From an untouched page: the game the arena opens with is played to its end, by clicks or
    by keys, and the engine answers every move by itself; then Review, then Rematch. Four quick
    presses of the left arrow key step four plies."""
    first_state(d)
    assert js(d, "S.players.red.type") == "human" and js(d, "S.players.blue.type") == "ewn", \
        "the arena did not open on a person against the engine"
    assert js(d, "S.error") is None, f"the opening game shows an error: {js(d, 'S.error')}"
    turns = 0
    while True:
        wait(d, "Red's turn or the end of the opening game", red_turn_or_end)
        if over(d):
            break
        assert js(d, "S.error") is None, f"an engine fault: {js(d, 'S.error')}"
        turns += 1
        roll_if_needed(d, by_key=by_key)
        if turns == 1 and not by_key:
            play_mode_holds_the_analysis(d)
        elif js(d, "held()"):
            badges = js(d, "document.querySelectorAll('#board .badge.danger, #board .badge.chance').length")
            assert badges == 0, f"{badges} percentage badges on the board before the analysis is asked for"
        n = ply_count(d) + 1
        if by_key and turns == 1:
            typed_then_enter(d)
        elif by_key:
            type_move(d)
        else:
            click_move(d)
        # While the engine moves, Roll is not offered (R is kept for after its move).
        assert js(d, "!engineOnTurn() || document.getElementById('roll').disabled"), "Roll looks live while the engine moves"
        if not over(d):
            engine_answers(d, n + 1)
    assert turns > 0 and js(d, "S.plies.some(p => p.side === 'b')"), "the engine never answered"
    # The game is over: what play mode held back is shown by itself.
    wait(d, "the analysis shown at the game's end", lambda d: d.find_element(By.ID, "winbar").is_displayed()
         and not d.find_element(By.ID, "held-msg").is_displayed())
    assert d.find_element(By.ID, "graph").is_displayed(), "the graph stays hidden after the game"
    plies = ply_count(d)
    print(f"opening game at {width}: {status(d)} after {plies} plies, {turns} turns of the person")
    if width > 600 and plies >= 5:
        # Quick presses each step one ply, as on an analysis board.
        body = d.find_element(By.TAG_NAME, "body")
        for _ in range(4):
            body.send_keys(Keys.ARROW_LEFT)
        wait(d, "four plies back after four quick presses", lambda d: ply_pos(d) == plies - 4)
        # The step counter and the status line count the same: the position after move k of n.
        wait(d, "the status saying which position is shown",
             lambda d: status(d).startswith(f"After move {plies - 4} of {plies}:"))
        counter = d.find_element(By.ID, "nav-pos")
        assert counter.text.replace(" ", "") == f"{plies - 4}/{plies}" \
            and counter.get_attribute("title") == f"after move {plies - 4} of {plies}", \
            f"the step counter {counter.text!r} ({counter.get_attribute('title')!r}) against the status {status(d)!r}"
        # An earlier position of the finished game: the analysis is no longer held back.
        wait(d, "the analysis shown at an earlier position of the finished game",
             lambda d: d.find_element(By.ID, "winbar").is_displayed()
             and not d.find_element(By.ID, "held-msg").is_displayed())
        for _ in range(4):
            body.send_keys(Keys.ARROW_RIGHT)
        wait(d, "back at the end", lambda d: ply_pos(d) == plies)
    if width < 600:
        # Review by the board: on a phone the board stays in view (with the list's marks), and
        # the link under the list brings the review's card into view (it glides there).
        d.execute_script("window.scrollTo(0, document.body.scrollHeight)")
        click(d, "review-end")
        wait(d, "the board in view after Review", board_and_bar_in_view)
        click(d, "to-review")
        wait(d, "the review's card at the top of the screen after its link", review_card_on_top)
    else:
        click_review(d)
    wait(d, "the review of the opening game", lambda d: js(d, "S.review.moves") and not js(d, "S.review.busy"))
    shot(d, f"opening-{width}-reviewed.png")
    click(d, "rematch")
    wait(d, "the rematch with colours swapped",
         lambda d: js(d, "S.players.red.type") == "ewn" and js(d, "S.players.blue.type") == "human")
    wait(d, "the engine's first move of the rematch", lambda d: ply_count(d) >= 1 or over(d))
    # New game after the rematch shows the rematch's seats (the engine Red, the person Blue), as
    # the board has them, so that Start game plays them again; also on the page opened again.
    form = "[document.querySelector('#p-red .p-type').value, document.querySelector('#p-blue .p-type').value]"
    click(d, "top-new")
    assert js(d, form) == ["ewn", "human"], f"the New game form after a rematch offers {js(d, form)}"
    d.refresh()
    wait(d, "the rematch after reopening the page", lambda d: js(d, "S") and js(d, "S.players.red.type") == "ewn")
    open_form(d)
    assert js(d, form) == ["ewn", "human"], f"the New game form of a page opened on a rematch offers {js(d, form)}"
    # A new tab, with nothing the first page kept in the browser (as another browser would be):
    # the same seats.
    first, address = d.current_window_handle, d.current_url
    d.switch_to.new_window("tab")
    try:
        d.get(address)
        d.execute_script("localStorage.removeItem('ewn-rematch')")
        d.refresh()
        wait(d, "the rematch in a new tab", lambda d: js(d, "S") and js(d, "S.players.red.type") == "ewn")
        assert js(d, "S.rematch") == 1, f"the state counts {js(d, 'S.rematch')} rematches in a row"
        open_form(d)
        assert js(d, form) == ["ewn", "human"], f"the New game form of a new tab on a rematch offers {js(d, form)}"
    finally:
        d.close()
        d.switch_to.window(first)
    print(f"opening game at {width}: the New game form after the rematch shows its seats, in every tab")


def play_mode_holds_the_analysis(d):
    """A new player plays without help: after the roll no win chance, best move or arrow shows
    until asked; Show analysis shows the table and the best move's arrow, and the switch back
    hides them again."""
    assert js(d, "mode") == "play", "the page does not open in play mode"
    assert d.find_element(By.ID, "held-msg").is_displayed(), "play mode does not say the analysis waits"
    assert not d.find_element(By.ID, "winbar").is_displayed(), "the win bar shows in play mode"
    assert not d.find_element(By.ID, "graph").is_displayed(), "the graph shows in play mode"
    assert not d.find_elements(By.CSS_SELECTOR, "#board .arrows .best"), "a best-move arrow shows in play mode"
    # The legend names only what can appear: no hole here, no arrow before the analysis shows.
    # Nor the last move's frame or capture before any move, nor a threat's badge.
    marks = ("lg-fell", "lg-best", "lg-played", "lg-danger", "lg-chance", "lg-you")
    marks += ("lg-last", "lg-took") if ply_count(d) == 0 else ()
    legend = [i for i in marks if d.find_element(By.ID, i).is_displayed()]
    assert not legend, f"the legend names marks that cannot appear yet: {legend}"
    badges = d.find_elements(By.CSS_SELECTOR, "#board .badge.danger, #board .badge.chance, #board .badge.after")
    assert not badges, f"{len(badges)} percentage badges show on the board in play mode"
    assert d.find_element(By.ID, "mode-play").get_attribute("aria-pressed") == "true"
    click(d, "show-analysis")
    wait(d, "the analysis table once asked", lambda d: d.find_elements(By.CSS_SELECTOR, "#analysis-moves tbody tr")
         and d.find_element(By.ID, "analysis-die").is_displayed())
    wait(d, "the best move's arrow on the board", lambda d: d.find_elements(By.CSS_SELECTOR, "#board .arrows line.best"))
    assert d.find_element(By.ID, "lg-best").is_displayed(), "the legend does not name the best move's arrow"
    shot(d, "opening-analysis-asked.png")
    click(d, "mode-play")
    wait(d, "the analysis held again", lambda d: d.find_element(By.ID, "held-msg").is_displayed()
         and not d.find_elements(By.CSS_SELECTOR, "#board .arrows .best"))
    print("play mode: the analysis waits until asked, and shows when asked")


def review_card_on_top(d):
    """The review's card is in view, its heading near the top of the screen."""
    return d.execute_script(
        "const r = document.getElementById('review-card').getBoundingClientRect();"
        "return r.top >= -1 && r.top < window.innerHeight / 3;")


def watcher_not_told_the_controllers_notes(address):
    """A page opened without the token while a rematch's note stands and a person plays: it
    shows neither the note (meant for whoever is in control) nor the prompt to show the held
    analysis with its button."""
    assert "token" not in address, address
    other = browser(1280, 800)
    try:
        other.get(address)
        wait(other, "the watch-only page's state", lambda o: js(o, "S") and status(o).startswith("Watching"))
        assert js(other, "S.notice"), "the state carries no rematch note: nothing to check"
        assert js(other, "held()"), "the analysis is not held: nothing to check"
        said = note_shown(other)
        assert "arena" not in said and "--engine" not in said, f"a watch-only page shows the controller's note: {said!r}"
        for i in ("held-msg", "show-analysis"):
            assert not other.find_element(By.ID, i).is_displayed(), f"a watch-only page shows {i}"
    finally:
        close(other)
    print("watch-only: no rematch note, no prompt to show the analysis")


def record_journeys():
    """What a new player did with a record and a reviewed game, each from an untouched page:
    at 1280x800 the board, the die and the controls, the move list and the step buttons are in
    view without scrolling, at the start and with a loaded record; Rematch after loading a record
    of a person against an engine the arena does not know keeps the seats as loaded (a person
    in the engine's seat, said under the board); the New game form then and after reopening the page offers a
    person against the engine, not the record's names; replaying the game's own next move at a
    step back steps forward along it, with no side line; Turn board says what it does."""
    d = browser(1280, 800)
    try:
        open_arena(d)
        new_game(d, ("human",), ("ewn", 10, 500))
        d.execute_script("document.activeElement.blur(); window.scrollTo(0, 0)")
        wait(d, "the roll offered", lambda d: enabled(d, "roll"))
        out = all_in_view(d, ["board", "die", "roll", "moves", "nav-first", "nav-back", "nav-fwd", "nav-last", "bar-red", "bar-blue"])
        assert not out, f"at 1280x800 out of view at the start: {out}"
        flip = d.find_element(By.ID, "flip")
        assert flip.text == "Turn board" and "Turn the board" in flip.get_attribute("title"), \
            f"the board's turn button says {flip.text!r} ({flip.get_attribute('title')!r})"
        load_record_text(d, FOREIGN)
        wait(d, "the loaded record", lambda d: ply_count(d) == 19 and js(d, "S.players.blue.label") == "mcts:400000")
        out = all_in_view(d, ["board", "result", "rematch", "moves", "nav-first", "nav-back", "nav-fwd", "nav-last"])
        assert not out, f"at 1280x800 out of view with a loaded record: {out}"
        shot(d, "desktop-record-in-view.png")
        # The game's own next move at a step back: a step forward, no side line.
        navigate_to(d, 8)
        assert js(d, "S.die") == 5, "the die rolled at move 9"
        d.find_element(By.ID, "sq-c5").click()
        d.find_element(By.ID, "sq-d4").click()
        wait(d, "a step forward along the game", lambda d: ply_pos(d) == 9 and idle(d))
        assert js(d, "S.main") is None and ply_count(d) == 19, "replaying the game's move made a side line"
        assert not d.find_elements(By.CSS_SELECTOR, "#moves li.side"), "a side line in the move list"
        navigate_to(d, 19)
        # Rematch: the same seats as loaded (the record's engine is not one of this arena's, so
        # a person plays it), colours swapped, and the note says so.
        click(d, "rematch")
        wait(d, "the rematch", lambda d: js(d, "S.plies.length") == 0 and js(d, "S.players.red.type") == "human"
             and js(d, "S.players.blue.type") == "human")
        said = wait(d, "the note on the seats", lambda d: "mcts:400000" in note_shown(d) and note_shown(d))
        assert "Red: a person in place of mcts:400000" in said, f"the rematch's note: {said!r}"
        assert "Red: Person" in d.find_element(By.ID, "bar-red").text and "Blue: Person" in d.find_element(By.ID, "bar-blue").text
        shot(d, "desktop-rematch-of-a-record.png")
        watcher_not_told_the_controllers_notes(d.current_url)
        # The New game form offers a person against the engine.
        load_record_text(d, FOREIGN)
        wait(d, "the record loaded again", lambda d: ply_count(d) == 19 and js(d, "S.players.blue.label") == "mcts:400000")
        form = lambda d: js(d, "[document.querySelector('#p-red .p-type').value, document.querySelector('#p-blue .p-type').value]")
        assert form(d) == ["human", "ewn"], f"the New game form after a record: {form(d)}"
    finally:
        close(d)
    # The same record on a phone, and the page opened again: the form still offers a playable game.
    d = browser(390, 844)
    try:
        d.get(driver.URL)
        wait(d, "the recorded game", lambda d: js(d, "S") and js(d, "S.players.blue.label") == "mcts:400000")
        open_form(d)
        form = lambda d: js(d, "[document.querySelector('#p-red .p-type').value, document.querySelector('#p-blue .p-type').value]")
        assert form(d) == ["human", "ewn"], f"the New game form of a page opened on a record: {form(d)}"
    finally:
        close(d)
    print("records: in view at 1280x800, rematch keeps the seats, the form offers a playable game, "
          "the game's own move steps forward")


def opening():
    """The arena as a new player meets it, at both sizes, before anything else touched it."""
    for width, height, by_key in ((1280, 800, False), (390, 844, True)):
        d = browser(width, height)
        try:
            d.get(driver.URL)
            if width == 390:
                # The desktop's rematch is on: a fresh opening game, as the page starts one.
                new_game(d, ("human",), ("ewn", 10, 500))
            opening_game(d, width, by_key)
        finally:
            close(d)
