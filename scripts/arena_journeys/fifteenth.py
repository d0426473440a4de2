"""The checks of what the fifteenth new player reported: an address with a token that is not this
run's (watch-only at once, with words about the address; a good token the browser kept stays
and plays), Rematch drawing new setups and dice each time, Start game asking before it drops an
unfinished side line, Load's question naming the variant, and on a phone the seat's label on one
line."""

from selenium.webdriver.common.by import By

from . import driver
from .driver import (click_review, pick_record_game, browser, close, wait, click, js, idle, new_game, enabled, note_shown, open_arena,
    first_state, load_record_text, ply_count, navigate_to, open_form)
from .records import MATCH6, REVIEWED


def base():
    return driver.URL.split("?")[0]


def wrong_token():
    """A wrong token in the address: beside a good one kept, ignored (the page plays, and says
    so); in a fresh browser, watch-only at once with words about the address, never kept."""
    good = driver.URL.split("token=")[1]
    d = browser(1280, 800)
    try:
        open_arena(d)
        assert js(d, "localStorage.getItem('ewn-token')") == good, "the good token was not kept"
        d.get(base() + "?token=0000")
        first_state(d)
        assert js(d, "TOKEN") == good, f"the page plays with {js(d, 'TOKEN')!r}, not the kept token"
        assert js(d, "localStorage.getItem('ewn-token')") == good, "a bad token replaced the good one"
        assert not js(d, "document.body.classList.contains('watch-only')"), "the page watches though a good token was kept"
        wait(d, "the note that the address's token was ignored", lambda d: "was ignored" in note_shown(d))
        print("wrong token beside a kept one: ignored, the page plays:", note_shown(d))
    finally:
        close(d)
    d = browser(1280, 800)
    try:
        d.get(base() + "?token=0000")
        first_state(d)
        assert js(d, "document.body.classList.contains('watch-only')"), "a page with a wrong token does not watch at once"
        text = d.find_element(By.ID, "watch-note").text
        assert "the token in this address is not this run's" in text, f"the watch note says {text!r}"
        assert js(d, "localStorage.getItem('ewn-token')") is None, "the wrong token was kept"
        assert not d.find_element(By.ID, "roll").is_displayed() or not enabled(d, "roll"), "Roll is offered to a watching page"
        print("wrong token in a fresh browser: watch-only at once:", text)
        d.get(base())
        first_state(d)
        text = d.find_element(By.ID, "watch-note").text
        assert "opened without its token" in text, f"the plain address's note says {text!r}"
    finally:
        close(d)


def rematch_draws_new_dice(d):
    """Two rematches of a game with seed 7: each has a seed of its own, shown on the page."""
    new_game(d, ("human",), ("human",), 7)
    seeds = ["7"]
    for n in (1, 2):
        before = js(d, "S.version")
        click(d, "rematch") if d.find_element(By.ID, "rematch").is_displayed() else \
            d.execute_script("post('/api/rematch', {})")
        wait(d, f"rematch {n}", lambda d: js(d, "S.version") > before and js(d, "S.rematch") == n and idle(d))
        seed = js(d, "S.dice.seed")
        assert seed not in seeds, f"rematch {n} repeats a seed: {seed} after {seeds}"
        wait(d, "the seed shown", lambda d: f"seed {seed}" in d.find_element(By.ID, "seed").text)
        seeds.append(seed)
    print("rematches: seeds", seeds)


def side_line_asks(d):
    """Game 3 of a record, stepped back and played on in a side line: Start game asks first, and
    No keeps the side line."""
    load_record_text(d, MATCH6)
    wait(d, "game 1 of the record", lambda d: ply_count(d) > 0 and idle(d))
    pick_record_game(d, "3")
    wait(d, "game 3", lambda d: d.find_element(By.ID, "rec-pos").text == "Game 3 of 6" and idle(d))
    navigate_to(d, 5)
    wait(d, "the die rolled there", lambda d: js(d, "S.die") is not None and idle(d))
    other = js(d, "S.legal.find((m) => m !== S.plies[S.ply].move)")
    d.execute_script(f"playMove('{other}')")
    wait(d, "the side line", lambda d: js(d, "Boolean(S.main)") and idle(d))
    open_form(d)
    click(d, "ng-start")
    wait(d, "the question", lambda d: d.find_element(By.ID, "replace-ask").is_displayed())
    text = d.find_element(By.ID, "replace-ask-text").text
    assert "side line not finished" in text, f"the question says {text!r}"
    click(d, "replace-no")
    wait(d, "the question gone", lambda d: not d.find_element(By.ID, "replace-ask").is_displayed())
    assert js(d, "Boolean(S.main)"), "No dropped the side line"
    print("Start game over a side line asks:", text)


def load_question_names_variant(d):
    """A 7x7 game with moves, then Load of a standard record: the question names 7x7."""
    new_game(d, ("human",), ("ewn", 2, 50), 7, variant="7x7")
    wait(d, "Roll offered", lambda d: enabled(d, "roll"))
    click(d, "roll")
    wait(d, "the die", lambda d: js(d, "S.legal.length") > 0 and idle(d))
    d.execute_script("playMove(S.legal[0])")
    wait(d, "the engine's answer", lambda d: ply_count(d) >= 2 and idle(d))
    box = d.find_element(By.ID, "record-text")
    d.execute_script("arguments[0].value = arguments[1]; arguments[0].dispatchEvent(new Event('input'));", box, REVIEWED)
    click(d, "load-text-btn")
    wait(d, "the question", lambda d: d.find_element(By.ID, "replace-ask").is_displayed())
    text = d.find_element(By.ID, "replace-ask-text").text
    assert "(7x7, " in text, f"Load's question leaves out the variant: {text!r}"
    click(d, "replace-no")
    print("Load's question:", text)


def phone_engine_label_one_line(d):
    """390x844, a record's ewn on Red's bar: "Red: ewn (level 10)", on one line beside "to
    move" (the seats not taken for two lines), the whole in its title."""
    load_record_text(d, MATCH6)
    wait(d, "the record's ewn seated", lambda d: ply_count(d) > 0 and js(d, "S.players.red.label") == "ewn" and idle(d))
    pname = d.find_element(By.CSS_SELECTOR, "#bar-red .pname")
    assert pname.text == "Red: ewn (level 10)", f"Red's bar on a phone says {pname.text!r}"
    assert "this engine" in pname.get_attribute("title"), f"Red's title: {pname.get_attribute('title')!r}"
    assert not js(d, "document.body.classList.contains('long-seats')"), "the seats take two lines on a phone"
    print("phone: Red's bar says", pname.text)


def finished_game_stepped_back(d):
    """A record's finished game, reviewed, then stepped back: Undo and Pause are disabled there
    (they did nothing), the step buttons not."""
    load_record_text(d, REVIEWED)
    wait(d, "the loaded record", lambda d: ply_count(d) == 19 and idle(d))
    click_review(d)
    wait(d, "the review", lambda d: js(d, "Boolean(S.review.moves) && !S.review.busy") and idle(d))
    navigate_to(d, 10)
    wait(d, "the page redrawn", idle)
    assert js(d, "S.line_over && !S.live"), "not a finished game stepped back"
    states = js(d, "[$('undo').disabled, $('pause').disabled]")
    assert states == [True, True], f"stepped back in a finished game: Undo, Pause disabled: {states}"
    assert enabled(d, "nav-back"), "the step back went with them"
    print("a finished game stepped back after a review: Undo and Pause disabled")


def fifteenth_players_report():
    wrong_token()
    d = browser(1280, 800)
    try:
        open_arena(d)
        rematch_draws_new_dice(d)
        side_line_asks(d)
        load_question_names_variant(d)
        finished_game_stepped_back(d)
    finally:
        close(d)
    d = browser(390, 844)
    try:
        open_arena(d)
        phone_engine_label_one_line(d)
    finally:
        close(d)
