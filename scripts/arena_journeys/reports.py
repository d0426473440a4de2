"""The checks of what the first and the second new players reported, each from a fresh page at
the size where it was seen."""

import time

from selenium.webdriver.common.action_chains import ActionChains
from selenium.webdriver.common.by import By
from selenium.webdriver.common.keys import Keys

from .driver import (pick_record_game, press, browser, close, shot, wait, click_first, click, status, js, ply_count, enabled,
    open_form, new_game, scroll_settled, roll_if_needed, note_shown, idle, navigate_to, open_arena,
    all_in_view, load_record_text, doc_top, focus_on_play)
from .records import REVIEWED, MATCH6


def legend_names_the_cube_taken(d):
    """At every move of the game on the board that took a cube, the legend names that cube, as
    its badge on the board does (it once said cube 2 whatever was taken)."""
    n = ply_count(d)
    seen = 0
    for k in range(1, n + 1):
        if not js(d, f"Boolean(S.plies[{k - 1}].took)"):
            continue
        navigate_to(d, k)
        took = js(d, "S.plies[S.ply - 1].took")
        badge = js(d, "(document.querySelector('#board .badge.took:not(.fell)') || {}).textContent || ''")
        legend = d.find_element(By.ID, "lg-took").text
        assert badge == "✕" + took[1:], f"move {k}: the badge says {badge!r} for {took}"
        assert legend.startswith(badge) and f"{'Red' if took[0] == 'R' else 'Blue'} {took[1:]} there" in legend, \
            f"move {k} took {took}: the legend says {legend!r}, the badge {badge!r}"
        seen += 1
    assert seen, "no move of the game took a cube: nothing to check"
    return seen


def record_bar_by_the_board(d, width):
    """A loaded record of six games: by the board, "Game k of 6" with the previous and
    next games and the list of all of them (the Record card's chooser is far below), in view
    with the board; each way of choosing loads that game."""
    load_record_text(d, MATCH6)
    wait(d, "game 1 of the record", lambda d: ply_count(d) > 0 and js(d, "S.players.red.label") == "ewn")
    wait(d, "the record's bar by the board", lambda d: d.find_element(By.ID, "record-bar").is_displayed())
    said = d.find_element(By.ID, "rec-pos").text
    assert said == "Game 1 of 6", f"the bar by the board says {said!r}"
    assert not enabled(d, "rec-prev") and enabled(d, "rec-next"), "at game 1 the previous game is offered"
    # In view with the loaded game's board, where the page put it (no scrolling by the test).
    where = js(d, "(() => { const r = $('record-bar').getBoundingClientRect(), b = $('board').getBoundingClientRect();"
                  " return [r.top >= 0 && r.bottom <= innerHeight, b.top >= -1 && b.bottom <= innerHeight + 1, Math.round(r.top)]; })()")
    assert where[0] and where[1], f"at {width} wide the record's bar or the board is out of view after loading: {where}"
    click(d, "rec-next")
    wait(d, "game 2 by the next button", lambda d: js(d, "S.players.red.label") == "mcts:3000"
         and d.find_element(By.ID, "rec-pos").text == "Game 2 of 6")
    pick_record_game(d, "3")
    wait(d, "game 3 picked by the board", lambda d: js(d, "S.players.red.label") == "ewn" and ply_count(d) == 13
         and d.find_element(By.ID, "rec-pos").text == "Game 3 of 6")
    # The picked entry readable whole: its players and its result, not cut.
    fit = d.execute_script(
        "const s = $('rec-game'); const cs = getComputedStyle(s); const c = document.createElement('canvas').getContext('2d');"
        "c.font = cs.font; const text = s.options[s.selectedIndex].text;"
        "return {text, width: c.measureText(text).width, room: s.clientWidth - parseFloat(cs.paddingLeft) - parseFloat(cs.paddingRight) - 16};")
    assert fit["text"] == "3. ewn–mcts:3000, Blue won" and fit["width"] <= fit["room"], \
        f"at {width} wide the picked game is cut by the board: {fit}"
    # The previous and next games on either side of "Game 3 of 6", one line, nothing wrapping.
    tops = js(d, "['rec-prev', 'rec-pos', 'rec-next'].map((id) => Math.round($(id).getBoundingClientRect().top + $(id).getBoundingClientRect().height / 2))")
    assert max(tops) - min(tops) <= 4, f"at {width} wide ‹, the game's number and › are not on one line: {tops}"
    fits = js(d, "$('rec-pos').scrollWidth <= $('rec-pos').clientWidth + 1")
    assert fits, f"at {width} wide 'Game 3 of 6' is cut"
    print(f"record of six games at {width}: 'game k of 6' by the board, next and list load games")


def a_loaded_records_engine_answers(d):
    """A record of `ewn match` (game 3: ewn against mcts:3000): its ewn is this engine and the
    bars say so, mcts:3000 (not run by this arena) is the person's seat, said as such in a side
line (at the finished record's end nobody plays: "Blue: mcts:3000"). In a side
    line from the record this engine answers the person's move; Rematch keeps the same seats,
    colours swapped, and says so."""
    assert js(d, "[S.players.red.type, S.players.red.label, S.players.blue.type, S.players.blue.label]") == \
        ["ewn", "ewn", "human", "mcts:3000"], js(d, "S.players")
    bars = [d.find_element(By.ID, i).text for i in ("bar-red", "bar-blue")]
    # At the finished record's end nobody plays its line: the seats are named by their players.
    assert "Red: ewn (this engine, level " in bars[0] and "Blue: mcts:3000" in bars[1] and "you" not in bars[1], \
        f"the bars of a loaded record's players: {bars}"
    cut = js(d, "[...document.querySelectorAll('.playerbar .pname')].filter((e) => e.scrollWidth > e.clientWidth + 1).map((e) => e.textContent)")
    assert not cut, f"a seat's words are cut on its bar: {cut}"
    # A side line: at a step back where Blue (the person's seat) moves, another move than the
    # record's; this engine answers as Red.
    k = next(i for i in range(1, ply_count(d)) if js(d, f"S.plies[{i}].side") == "b")
    navigate_to(d, k)
    played = js(d, f"S.plies[{k}].move")
    d.execute_script("playMove(S.legal.find((m) => m !== arguments[0]))", played)
    wait(d, "a side line", lambda d: js(d, "Boolean(S.main)"))
    # In the side line the person plays mcts:3000's seat, and its bar says so.
    wait(d, "the person's seat named in the side line", lambda d: "Blue: you, for mcts:3000" in d.find_element(By.ID, "bar-blue").text)
    wait(d, "this engine's answer in the side line",
         lambda d: js(d, "S.plies.length") >= k + 2 or js(d, "Boolean(S.winner)"))
    if js(d, "S.plies.length") >= k + 2:
        assert js(d, f"S.plies[{k + 1}].side") == "r", js(d, "S.plies")
    shot(d, "desktop-record-side-line-answered.png")
    click(d, "to-main")
    wait(d, "the game again", lambda d: js(d, "S.main") is None and idle(d))
    navigate_to(d, ply_count(d))
    click(d, "rematch")
    wait(d, "the rematch", lambda d: js(d, "S.plies.length") == 0 and js(d, "S.players.red.type") == "human"
         and js(d, "S.players.blue.type") == "ewn")
    said = wait(d, "the note on the seats", lambda d: "Rematch" in note_shown(d) and note_shown(d))
    assert "Red: a person in place of mcts:3000" in said and "Blue: this engine" in said, \
        f"the rematch's note does not say what each seat is: {said!r}"
    assert js(d, "S.running") is True, "a person plays: the rematch waits"
    print("a record's ewn: this engine, answering in a side line; the rematch keeps the seats")


def replaced_record_says_so(d):
    """A new game replaces a loaded record's game: the Record card no longer shows the record's
    text under a heading that could be read as the new game's ("Record text (1 game)")."""
    new_game(d, ("human",), ("human",), 5)
    wait(d, "the record's bar gone", lambda d: not d.find_element(By.ID, "record-bar").is_displayed())
    title = js(d, "$('record-title').textContent")
    assert title == "Record" and not js(d, "$('record-text').value"), f"the Record card after a new game: {title!r}"
    print("a record replaced by a new game: the Record card is emptied of it")


def rematch_of_engines_takes_a_seat(d):
    """Rematch after a record of two engines (this engine by `ewn match`'s two names): the note
    says what each seat became, the game waits instead of letting the engines play unasked, and
    Play Blue by the board gives the person a seat; the game then goes on, the note gone."""
    load_record_text(d, REVIEWED.replace("blue greedy", "blue self"))
    wait(d, "the record of engines", lambda d: ply_count(d) == 19 and js(d, "S.players.blue.label") == "self")
    click(d, "rematch")
    wait(d, "the rematch", lambda d: js(d, "S.plies.length") == 0 and js(d, "S.players.red.type") == "ewn"
         and js(d, "S.players.blue.type") == "ewn")
    said = wait(d, "the note on the seats", lambda d: "Rematch" in note_shown(d) and note_shown(d))
    assert "Red: this engine" in said and "Blue: this engine" in said, \
        f"the rematch's note does not say what each seat became: {said!r}"
    assert js(d, "S.running") is False and ply_count(d) == 0, "the engines play the rematch unasked"
    wait(d, "the offer of a seat", lambda d: d.find_element(By.ID, "seat-offer").is_displayed())
    out = all_in_view(d, ["seat-red", "seat-blue", "board"])
    assert not out, f"out of view with the offer of a seat: {out}"
    shot(d, "desktop-rematch-take-a-seat.png")
    click(d, "seat-blue")
    wait(d, "Blue a person, the game going on", lambda d: js(d, "S.players.blue.type") == "human" and js(d, "S.running"))
    wait(d, "the note and the offer gone", lambda d: note_shown(d) == "" and not d.find_element(By.ID, "seat-offer").is_displayed())
    wait(d, "the person's turn as Blue (after Red's engine move when Red is first)",
         lambda d: js(d, "S.side") == "b" and enabled(d, "roll"))
    print("rematch of two engines: the note says each seat, the game waits, Play Blue takes a seat")


def start_game_asks(d):
    """Start game over an unfinished game asks first, as Load and a link do, saying what it
    replaces; kept, the game goes on; told yes, the new game starts."""
    new_game(d, ("human",), ("human",), 5)
    roll_if_needed(d)
    d.execute_script("playMove(S.legal[0])")
    wait(d, "a move of the game", lambda d: ply_count(d) == 1 and idle(d))
    open_form(d)
    click(d, "ng-start")
    wait(d, "the question before replacing it", lambda d: d.find_element(By.ID, "replace-ask").is_displayed())
    asked = d.find_element(By.ID, "replace-ask-text").text
    assert asked.startswith("Start game begins a new game.") and "1 move, not finished" in asked, asked
    # The form is far below the board: the board it would replace and the question are seen
    # together (the page scrolled the board's top rows away, the question at its bottom right).
    time.sleep(0.3)
    both = js(d, "['board', 'replace-ask'].filter((id) => { const r = $(id).getBoundingClientRect();"
                 " return !(r.top >= 0 && r.bottom <= innerHeight && r.right <= innerWidth); })")
    assert not both, f"out of view with Start game's question: {both}"
    # It hides none of the form: no overlap with the New game card.
    over = js(d, "(() => { const a = $('replace-ask').getBoundingClientRect(), f = $('newgame').getBoundingClientRect();"
                 " return a.left < f.right && f.left < a.right && a.top < f.bottom && f.top < a.bottom; })()")
    assert not over, "Start game's question lies over the New game form"
    shot(d, "desktop-start-game-asks.png")
    # By the button pressed, in view where it was pressed.
    seen = js(d, "['replace-yes', 'replace-no'].every((id) => { const r = $(id).getBoundingClientRect();"
                 " return r.top >= 0 && r.bottom <= innerHeight; })")
    assert seen, "the question's answers are out of view"
    click(d, "replace-no")
    time.sleep(0.5)
    assert ply_count(d) == 1 and not d.find_element(By.ID, "replace-ask").is_displayed(), "Keep this game lost it"
    click(d, "ng-start")
    wait(d, "the question again", lambda d: d.find_element(By.ID, "replace-ask").is_displayed())
    # While it is open the keys go to the question only: R and a typed move do not play on in
    # the game it counts ("1 move").
    ActionChains(d).send_keys("r").perform()
    time.sleep(0.5)
    ActionChains(d).send_keys(js(d, "S.legal[0] || 'e1d1'")).perform()
    time.sleep(0.5)
    assert ply_count(d) == 1 and js(d, "S.die") is None, \
        f"keys played on while the question was open: {ply_count(d)} moves, die {js(d, 'S.die')}"
    assert d.find_element(By.ID, "replace-ask").is_displayed() and "1 move, not finished" in \
        d.find_element(By.ID, "replace-ask-text").text, "the question went or counts another game"
    # Tab, too, stays with the two answers (it used to leave for the Record card and Settings).
    for _ in range(3):
        ActionChains(d).send_keys(Keys.TAB).perform()
        at = js(d, "document.activeElement.id")
        assert at in ("replace-yes", "replace-no"), f"Tab left the question for {at!r}"
    click(d, "replace-yes")
    wait(d, "the new game", lambda d: ply_count(d) == 0 and idle(d))
    print("Start game over an unfinished game asks, as Load and a link do; Tab stays with its answers")


def phone_actions_show_their_result(d):
    """At 390x844, Show analysis and Review bring their card's top onto the first screen (they
    were two to three screens below the board, and the press seemed to do nothing)."""
    mode = js(d, "mode")
    d.execute_script("setMode('play')")
    new_game(d, ("human",), ("ewn", 2, 50), 31)
    roll_if_needed(d)
    wait(d, "the analysis held", lambda d: d.find_element(By.ID, "held-msg").is_displayed())
    d.execute_script("window.scrollTo(0, 0)")
    d.find_element(By.TAG_NAME, "body").send_keys("v")
    wait(d, "the analysis shown", lambda d: d.find_element(By.ID, "analysis-die").is_displayed())
    time.sleep(0.3)
    top = js(d, "Math.round($('analysis-card').getBoundingClientRect().top)")
    assert 0 <= top < 844 - 100, f"after Show analysis the analysis card's top is at {top} px"
    shot(d, "phone-show-analysis.png", top=False)
    d.execute_script(f"setMode({mode!r})")
    print(f"phone: Show analysis brings its card up (top at {top} px)")


def show_analysis_once(d):
    """Show analysis (V) shows it for the game on the board only: the switch above the board stays
    on 'when asked', and the next game holds the analysis again; V shows and hides it."""
    assert js(d, "mode") == "play", "a fresh page is not in play mode"
    new_game(d, ("human",), ("ewn", 2, 50))
    roll_if_needed(d)
    wait(d, "the analysis held", lambda d: d.find_element(By.ID, "held-msg").is_displayed())
    # Its heading says it waits, never that it searches (while the search behind it runs too).
    for _ in range(10):
        note = d.find_element(By.ID, "analysis-note").text
        assert note == "(hidden until you ask: V)", f"the held analysis' heading says {note!r}"
        time.sleep(0.05)
    click(d, "show-analysis")
    wait(d, "the analysis once asked", lambda d: d.find_elements(By.CSS_SELECTOR, "#analysis-moves tbody tr")
         and d.find_element(By.ID, "analysis-die").is_displayed())
    pressed = js(d, "[$('mode-play').getAttribute('aria-pressed'), $('mode-analyse').getAttribute('aria-pressed'), mode]")
    assert pressed == ["true", "false", "play"], f"Show analysis turned the switch: {pressed}"
    new_game(d, ("human",), ("ewn", 2, 50))
    roll_if_needed(d)
    wait(d, "the next game's analysis held", lambda d: d.find_element(By.ID, "held-msg").is_displayed()
         and not d.find_element(By.ID, "analysis-die").is_displayed())
    assert js(d, "mode") == "play", "the switch changed"
    body = d.find_element(By.TAG_NAME, "body")
    body.send_keys("v")
    wait(d, "V shows it", lambda d: not d.find_element(By.ID, "held-msg").is_displayed()
         and d.find_element(By.ID, "analysis-die").is_displayed())
    body.send_keys("v")
    wait(d, "V again holds it", lambda d: d.find_element(By.ID, "held-msg").is_displayed())
    assert js(d, "mode") == "play", "V turned the switch"
    print("Show analysis: for this game only; the switch stays as clicked")


def status_whole_on_a_phone(d):
    """On a phone the status line is whole (wrapped, never cut with an ellipsis), at the record's
    steps too, and the board stays where it was."""
    tops = set()
    for k in (0, 3, 8, ply_count(d)):
        navigate_to(d, k)
        wait(d, f"the status after move {k}", lambda d: status(d) == js(d, "S.status"))
        fit = js(d, "(() => { const e = $('status'); return [e.scrollWidth <= e.clientWidth + 1,"
                    " e.scrollHeight <= e.clientHeight + 1, Math.round(e.getBoundingClientRect().height)]; })()")
        assert fit[0] and fit[1], f"the status is cut after move {k}: {status(d)!r} ({fit})"
        tops.add(js(d, "Math.round($('board').getBoundingClientRect().top + scrollY)"))
    navigate_to(d, 3)
    assert status(d).endswith("A move here starts a side line"), status(d)
    shot(d, "phone-status-whole.png")
    # In a side line (the longest statuses) too.
    d.execute_script("playMove(S.legal.find((m) => m !== S.plies[3].move))")
    wait(d, "a side line", lambda d: js(d, "Boolean(S.main)") and idle(d))
    navigate_to(d, 3)
    wait(d, "the side line's status", lambda d: status(d).startswith("Side line, after move 3"))
    fit = js(d, "(() => { const e = $('status'); return [e.scrollWidth <= e.clientWidth + 1, e.scrollHeight <= e.clientHeight + 1]; })()")
    assert all(fit), f"the status is cut in a side line: {status(d)!r} ({fit})"
    tops.add(js(d, "Math.round($('board').getBoundingClientRect().top + scrollY)"))
    click(d, "to-main")
    wait(d, "the game again", lambda d: js(d, "S.main") is None and ply_count(d) == 13 and idle(d))
    assert len(tops) == 1, f"the board moved as the status changed: its top at {sorted(tops)}"
    print("phone: the status is whole, on two lines, the board still")


def review_heading_stays_on_a_phone(d):
    """The link to the review on a phone brings the review's card to the top of the screen and
    keeps its heading there while the review runs and the page above it changes (it was left
    158 px above the screen). (Review itself keeps the board in view: see eighteenth.)"""
    navigate_to(d, ply_count(d))
    d.execute_script("window.scrollTo(0, 0)")
    click(d, "review-end")
    wait(d, "the link to the review", lambda d: d.find_element(By.ID, "to-review").is_displayed())
    click(d, "to-review")
    tops = []
    end = time.time() + 4
    while time.time() < end:
        tops.append(js(d, "Math.round($('review-card').querySelector('h2').getBoundingClientRect().top)"))
        time.sleep(0.1)
    wait(d, "the review done", lambda d: js(d, "Boolean(S.review.moves) && !S.review.busy"))
    time.sleep(1.7)
    tops.append(js(d, "Math.round($('review-card').querySelector('h2').getBoundingClientRect().top)"))
    # The first few tenths of a second may still be the way there.
    late = tops[4:]
    assert all(0 <= t < 844 / 3 for t in late), f"the review's heading left the screen's top third: {tops}"
    assert d.find_element(By.CSS_SELECTOR, "#review-table thead").is_displayed()
    shot(d, "phone-review-heading.png", top=False)
    print(f"phone: Review keeps its card's heading in view (tops {min(late)}..{max(late)} px)")


def new_players_report():
    """What a new player who played from the README alone reported, each at the size where it
    was seen, from fresh pages: the legend's captured cube, the record's games by the board,
    a rematch of two engines, Show analysis for one game, the phone's status line and Review."""
    d = browser(1280, 800)
    try:
        open_arena(d)
        show_analysis_once(d)
        start_game_asks(d)
        record_bar_by_the_board(d, 1280)
        seen = legend_names_the_cube_taken(d)
        navigate_to(d, 5)
        assert js(d, "S.plies[4].move") == "b2a3" and d.find_element(By.ID, "lg-took").text.startswith("✕6"), \
            f"game 3, move 5: the legend says {d.find_element(By.ID, 'lg-took').text!r}"
        shot(d, "desktop-legend-took-6.png")
        print(f"legend: the cube taken named as its badge at {seen} captures")
        a_loaded_records_engine_answers(d)
        replaced_record_says_so(d)
        rematch_of_engines_takes_a_seat(d)
    finally:
        close(d)
    d = browser(390, 844)
    try:
        open_arena(d)
        record_bar_by_the_board(d, 390)
        status_whole_on_a_phone(d)
        review_heading_stays_on_a_phone(d)
        phone_actions_show_their_result(d)
    finally:
        close(d)


def legend_only_for_drawn_arrows(d, where):
    """The legend's arrow entries show exactly while the board draws such an arrow."""
    got = js(d, "[!$('lg-best').hidden, Boolean(document.querySelector('#board line.best, #board line.hint')),"
                " !$('lg-played').hidden, Boolean(document.querySelector('#board line.played'))]")
    assert got[0] == got[1] and got[2] == got[3], \
        f"{where}: legend best/played shown {got[0]}/{got[2]}, arrows drawn {got[1]}/{got[3]}"


def phone_controls_stay(d):
    """390x844: Start game leaves the page at its top with the focus on Roll; a hint's note
    appears without moving Roll or Blue's bar (it pushed them 34 px down and back)."""
    new_game(d, ("human",), ("ewn", 10, 50))
    wait(d, "the page to stop scrolling", scroll_settled)
    assert js(d, "scrollY") == 0, f"Start game left the page scrolled {js(d, 'scrollY')} px"
    assert focus_on_play(d), f"after Start game the focus is on {js(d, 'document.activeElement.tagName')}"
    press(d, "r")
    wait(d, "a movable red cube", lambda d: d.find_elements(By.CSS_SELECTOR, ".cube.red.movable") and idle(d))
    before = (doc_top(d, "roll"), doc_top(d, "bar-blue"), doc_top(d, "board"))
    wait(d, "Hint to be offered", lambda d: enabled(d, "hint"))

    def hinted(d):
        # Asked again while the analysis behind it still runs (the note then says so).
        if not note_shown(d).startswith("Hint:"):
            d.find_element(By.TAG_NAME, "body").send_keys("h")
            time.sleep(0.5)
        return note_shown(d).startswith("Hint:")
    wait(d, "the hint's note", hinted)
    after = (doc_top(d, "roll"), doc_top(d, "bar-blue"), doc_top(d, "board"))
    shot(d, "phone-hint-note.png")
    assert before == after, f"the hint's note moved Roll, Blue's bar or the board: {before} -> {after}"
    # It covers neither the board nor a bar nor the turn's buttons; over the status line (since
    # the twenty-ninth report) the status keeps its size and the note's lines come under it, over
    # Red's bar, whose words the status says too.
    covered = js(d, "['board', 'bar-red', 'bar-blue', 'turnbar'].filter((id) => id !== 'bar-red' || !$('error').classList.contains('up'))"
                    ".filter((id) => { const a = $('error').getBoundingClientRect(),"
                    " b = $(id).getBoundingClientRect(); return a.top < b.bottom - 1 && b.top < a.bottom - 1; })")
    assert not covered, f"the hint's note covers {covered}"
    print(f"phone: Start game at the page's top, focus on Roll; a note moves nothing (Roll at {after[0]} px)")


def phone_board_still_in_review(d):
    """390x844, a record's game reviewed: stepping and review entries leave the board where it
    was (the status wrapped to three lines and the bars to two, moving it 20 px)."""
    load_record_text(d, MATCH6)
    wait(d, "game 1 of the record", lambda d: ply_count(d) > 0 and js(d, "S.players.red.label") == "ewn")
    wait(d, "the page to stop scrolling", scroll_settled)
    assert js(d, "scrollY") == 0, f"loading a record left the page scrolled {js(d, 'scrollY')} px"
    legend_only_for_drawn_arrows(d, "a loaded record's last position")
    # The record's ewn is this engine, its mcts:3000 a program: at the finished record's end
    # nobody plays, and the bars name the players by their seats.
    bars = [d.find_element(By.ID, i).text for i in ("bar-red", "bar-blue")]
    engine = d.find_element(By.CSS_SELECTOR, "#bar-red .pname").get_attribute("title")
    assert "Red: ewn (level " in bars[0] and "this engine" in engine and "Blue: mcts:3000" in bars[1] and "you" not in bars[1], \
        f"the bars of a record's players: {bars}, Red's title {engine!r}"
    click(d, "review-end")
    wait(d, "the review done", lambda d: js(d, "Boolean(S.review.moves) && !S.review.busy") and idle(d))
    tops = {}
    heights = set()
    for k in range(0, ply_count(d) + 1):
        navigate_to(d, k)
        wait(d, f"the status after move {k}", lambda d: status(d) == js(d, "S.status") and idle(d))
        bars = js(d, "['bar-red', 'bar-blue'].map((i) => Math.round($(i).getBoundingClientRect().height))")
        heights.add(tuple(bars))
        cut = js(d, "[...document.querySelectorAll('.playerbar .pname')].filter((e) => e.scrollHeight > e.clientHeight + 1 || e.scrollWidth > e.clientWidth + 1).map((e) => e.textContent)")
        assert not cut, f"after move {k} a player's name is cut: {cut}"
        fit = js(d, "(() => { const e = $('status'); return e.scrollHeight <= e.clientHeight + 1; })()")
        assert fit, f"the status is cut after move {k}: {status(d)!r}"
        tops.setdefault(doc_top(d, "board"), k)
        legend_only_for_drawn_arrows(d, f"review, after move {k}")
    click_first(d, "a review entry", "#review-marked button")
    wait(d, "at the entry", lambda d: idle(d) and scroll_settled(d))
    tops.setdefault(doc_top(d, "board"), "entry")
    shot(d, "phone-review-board-still.png")
    assert len(tops) == 1, f"the board moved while stepping through the review: tops {tops}"
    assert len(heights) == 1, f"the players' bars changed height: {heights}"
    print(f"phone: the board stays at {list(tops)[0]} px through a reviewed game, the bars whole at {heights}")


def desktop_second_report(d):
    """1280x800: the focus goes on from Roll or the board after Start game and Rematch; a side
    line played from a review is on the first screen, its analysis under the review's cards (held
    until V in play mode); Copy link on a record's game says the link holds the position only."""
    new_game(d, ("human",), ("ewn", 2, 50))
    wait(d, "the page to stop scrolling", scroll_settled)
    assert focus_on_play(d), f"after Start game the focus is on {js(d, 'document.activeElement.tagName')}"
    assert js(d, "scrollY") == 0, f"Start game left the page scrolled {js(d, 'scrollY')} px"
    load_record_text(d, MATCH6)
    wait(d, "game 1 of the record", lambda d: ply_count(d) > 0 and js(d, "S.players.red.label") == "ewn")
    wait(d, "the page to stop scrolling", scroll_settled)
    assert js(d, "scrollY") == 0, f"loading a record left the page scrolled {js(d, 'scrollY')} px"
    click(d, "copy-link")
    wait(d, "the copy's note", lambda d: note_shown(d).startswith("Copied") or note_shown(d).startswith("Copy this"))
    assert "not the record" in note_shown(d), f"Copy link on a record's game says {note_shown(d)!r}"
    click(d, "review-end")
    wait(d, "the review done", lambda d: js(d, "Boolean(S.review.moves) && !S.review.busy") and idle(d))
    click_first(d, "a review entry", "#review-marked button")
    wait(d, "at the entry", lambda d: idle(d) and js(d, "S.ply < S.plies.length"))
    d.execute_script("playMove(S.legal.find((m) => m !== S.plies[S.ply].move) || S.legal[0])")
    wait(d, "a side line", lambda d: js(d, "Boolean(S.main)") and idle(d))
    d.execute_script("window.scrollTo(0, 0)")
    # The side line on the first screen: its line and its way back to the game in view, and its
    # analysis right under the review's cards, which keep their place (no card jumps as the
    # review's moves are stepped), its top still on the first screen.
    where = js(d, "(() => { const r = (i) => $(i).getBoundingClientRect(); return {main: [Math.round(r('mainline').top), Math.round(r('mainline').bottom)],"
                  " review: Math.round(r('review-card').top), analysis: Math.round(r('analysis-card').top)}; })()")
    shot(d, "desktop-side-line-analysis.png")
    assert 0 <= where["main"][0] and where["main"][1] <= 800, f"in a side line after a review its line is not on the first screen: {where}"
    assert where["analysis"] < 800 - 100, f"in a side line after a review the analysis card starts at {where['analysis']} px: {where}"
    assert where["review"] < where["analysis"], f"in a side line the analysis card stands above the review's: {where}"
    print(f"desktop: focus on play after Start game; Copy link says the record stays; the side line {where}")


def second_players_report():
    """What a second new player reported, each at the size where it was seen."""
    d = browser(390, 844)
    try:
        open_arena(d)
        phone_controls_stay(d)
        phone_board_still_in_review(d)
    finally:
        close(d)
    d = browser(1280, 800)
    try:
        open_arena(d)
        desktop_second_report(d)
    finally:
        close(d)
