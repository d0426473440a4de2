"""The checks of what the fourth, seventh, eighth and ninth new players reported, each from a
fresh page at the size where it was seen."""

import time

from selenium.webdriver.common.action_chains import ActionChains
from selenium.webdriver.common.by import By
from selenium.webdriver.common.keys import Keys
from selenium.webdriver.support.ui import Select

from .driver import (click_review, pick_record_game, press, browser, close, board_still, shot, wait, click, js, ply_count, ply_pos,
    enabled, over, open_form, new_game, roll_if_needed, click_move, load_text, note_shown, idle,
    navigate_to, link_question_in_words, open_arena, load_record_text)
from .records import REVIEWED, FOREIGN, MATCH6, MATCH20


def record_in_every_tab(d):
    """A loaded record's game, its address opened in a new tab: the record's bar ("Game 3
    of 6") and its previous, next and all games are there too (the server keeps the record)."""
    load_record_text(d, MATCH6)
    wait(d, "game 1 of the record", lambda d: js(d, "S.players.red.label") == "ewn"
         and d.find_element(By.ID, "rec-pos").text == "Game 1 of 6")
    pick_record_game(d, "3")
    wait(d, "game 3 picked by the board", lambda d: ply_count(d) == 13
         and d.find_element(By.ID, "rec-pos").text == "Game 3 of 6")
    address = d.current_url
    d.switch_to.new_window("tab")
    try:
        d.get(address)
        wait(d, "the record's bar in the new tab", lambda d: js(d, "S") and d.find_element(By.ID, "record-bar").is_displayed()
             and d.find_element(By.ID, "rec-pos").text == "Game 3 of 6")
        assert enabled(d, "rec-prev") and enabled(d, "rec-next"), "the new tab offers no previous or next game"
        n = js(d, "$('rec-game').options.length")
        assert n == 6, f"the new tab's bar lists {n} games"
        click(d, "rec-next")
        wait(d, "game 4 from the new tab", lambda d: d.find_element(By.ID, "rec-pos").text == "Game 4 of 6")
    finally:
        d.close()
        d.switch_to.window(d.window_handles[0])
    # The first tab follows: the game the other tab loaded, and its place in the record.
    wait(d, "game 4 in the first tab", lambda d: d.find_element(By.ID, "rec-pos").text == "Game 4 of 6")
    print("record in every tab: a new tab shows 'Game 3 of 6' and its games; the first tab follows")


def fresh_load_opens_game_one(d):
    """After game 4 of a record and a new game, the same record loaded again opens game 1."""
    new_game(d, ("human",), ("ewn", 2, 50))
    wait(d, "the record's bar gone with the new game", lambda d: not d.find_element(By.ID, "record-bar").is_displayed())
    load_record_text(d, MATCH6)
    wait(d, "the record loaded again", lambda d: d.find_element(By.ID, "record-bar").is_displayed()
         and ply_count(d) > 0 and idle(d))
    said = d.find_element(By.ID, "rec-pos").text
    assert said == "Game 1 of 6" and js(d, "S.players.red.label") == "ewn", \
        f"the record loaded again opens at {said!r}"
    click(d, "rec-next")
    click(d, "rec-next")
    wait(d, "two games on", lambda d: d.find_element(By.ID, "rec-pos").text == "Game 3 of 6")
    # The Record card's picker: a game picked there loads, and Load text below then keeps it
    # (it loaded game 1 whatever the picker showed); the same text pasted again starts at game 1,
    # so that picking the game shown before loads it.
    picker = d.find_element(By.ID, "record-game")
    d.execute_script("arguments[0].scrollIntoView({block: 'center'});"
                     "arguments[0].value = '5'; arguments[0].dispatchEvent(new Event('change'));", picker)
    wait(d, "game 5 from the Record card's picker",
         lambda d: d.find_element(By.ID, "rec-pos").text == "Game 5 of 6" and idle(d))
    load_text(d)
    time.sleep(0.5)
    wait(d, "the load settled", idle)
    said = d.find_element(By.ID, "rec-pos").text
    assert said == "Game 5 of 6", f"Load text below after picking game 5 opened {said!r}"
    box = d.find_element(By.ID, "record-text")
    d.execute_script("arguments[0].dispatchEvent(new Event('input'));", box)
    assert js(d, "document.getElementById('record-game').value") == "1", \
        "a record pasted again does not start its picker at game 1"
    print("record loaded again: game 1, and two › make game 3; the picker's game is what Load loads")


def focus_after_roll(d):
    """R pressed with the focus on a square of the board (the last move's): after the roll the
    focus is on the cube to move, the one picked for the person or the first that can move."""
    new_game(d, ("human",), ("ewn", 2, 50), 31)
    wait(d, "the roll offered", lambda d: enabled(d, "roll") and js(d, "S.side") == "r")
    d.execute_script("focusSquare(Number($('sq-e3').dataset.i))")
    assert js(d, "document.activeElement.id") == "sq-e3"
    press(d, "r")
    wait(d, "the die rolled", lambda d: js(d, "S.die") is not None and idle(d))
    froms = js(d, "[...new Set(S.legal.map((m) => m.slice(0, 2)))]")
    on = js(d, "document.activeElement.id")
    assert on.startswith("sq-") and on[3:] in froms, f"after R the focus is on {on!r}, the cubes to move are {froms}"
    if len(froms) == 1:
        assert on == f"sq-{froms[0]}", f"the die leaves only {froms[0]}, the focus is on {on!r}"
    print(f"focus after R: on {on[3:]} (cubes to move: {froms})")


def marked_move_leads_to_its_decision(d):
    """After a review, a marked move in the move list shows the decision it marks: the position
    before it, the move played and the best framed, as the review's entry does."""
    load_record_text(d, REVIEWED)
    wait(d, "the loaded record", lambda d: ply_count(d) == 19 and js(d, "S.players.blue.label") == "greedy")
    click_review(d)
    wait(d, "the move list's marks", lambda d: d.find_elements(By.CSS_SELECTOR, "#moves li .mk") and idle(d))
    button = d.find_element(By.CSS_SELECTOR, "#moves li:has(.mk) button")
    n = int(button.get_attribute("textContent").split(".")[0].strip())
    d.execute_script("arguments[0].scrollIntoView({block: 'center'})", button)
    button.click()
    wait(d, f"the decision of move {n}", lambda d: ply_pos(d) == n - 1 and idle(d))
    wait(d, "the played and the best move framed", lambda d: d.find_elements(By.CSS_SELECTOR, ".cell.best-to"))
    kinds = js(d, "drawnArrows.map((a) => a.kind)")
    assert "played" in kinds and "best" in kinds, f"at the marked decision the arrows are {kinds}"
    # One best move on the page: the green arrow's is the analysis table's highlighted row (the
    # table, searched again deeper, once highlighted its own first move beside the review's arrow).
    best = js(d, "S.review.moves[S.ply].best")
    arrow = js(d, "drawnArrows.filter((a) => a.kind === 'best').map((a) => a.from + a.to)")
    assert arrow == [best], f"the green arrow draws {arrow}, the review's best is {best}"
    rows = lambda d: js(d, "[...document.querySelectorAll('#analysis-moves tr.best')].map((r) => r.dataset.move)")
    wait(d, f"the table's highlighted row on the review's best {best}", lambda d: rows(d) == [best])
    print(f"move list: the marked move {n} shows its decision (arrows {kinds}, one best: {best})")


def side_line_waits_for_the_analysis(d):
    """In play mode (analysis when asked), a side line played on from a finished record's game
    holds the analysis as a live game does: no win bar's numbers, table or badges until V."""
    d.execute_script("setMode('play')")
    load_record_text(d, MATCH6)
    wait(d, "game 1 of the record", lambda d: js(d, "S.players.red.label") == "ewn" and ply_count(d) > 0)
    pick_record_game(d, "3")
    wait(d, "game 3", lambda d: ply_count(d) == 13 and d.find_element(By.ID, "rec-pos").text == "Game 3 of 6")
    assert not js(d, "held()"), "a finished game's analysis is held"
    for ply in (11, 10, 9, 8):
        navigate_to(d, ply)
        wait(d, "the die rolled there", lambda d: js(d, "S.die") is not None and idle(d))
        other = js(d, "S.legal.find((m) => m !== S.plies[S.ply].move) || null")
        if other:
            break
    assert other, "no other move at moves 9 to 12 of game 3"
    d.execute_script(f"playMove('{other}')")
    wait(d, "a side line", lambda d: js(d, "Boolean(S.main)") and idle(d))
    assert js(d, "held()"), "a side line played against the engine shows the analysis unasked"
    assert d.find_element(By.ID, "held-msg").is_displayed(), "the side line does not say the analysis waits for V"
    badges = d.find_elements(By.CSS_SELECTOR, "#board .badge.danger, #board .badge.chance")
    assert not badges, f"{len(badges)} chance badges on the board in a held side line"
    shot(d, "desktop-side-line-held.png")
    d.find_element(By.TAG_NAME, "body").send_keys("v")
    wait(d, "the analysis shown on V", lambda d: not js(d, "held()"))
    print(f"side line ({other} at move {ply + 1}): the analysis waits for V")


def rematch_note_goes_and_reads_whole(d, width):
    """A rematch's note after a loaded record: on a phone it is cut at whole lines (no part of a
    third line shows) and a tap opens it whole over what follows, moving nothing; a newer note
    replaces it for good, and the person's first move ends it, also after a reload."""
    load_record_text(d, FOREIGN)
    wait(d, "the loaded record", lambda d: ply_count(d) == 19 and js(d, "S.players.blue.label") == "mcts:400000")
    click(d, "rematch")
    wait(d, "the rematch", lambda d: js(d, "S.plies.length") == 0 and js(d, "S.players.red.type") == "human"
         and idle(d))
    said = wait(d, "the rematch's note", lambda d: "Rematch" in note_shown(d) and note_shown(d))
    # What follows is about where the note stands, not how long it lasts: on a loaded machine its
    # steps took more than the notice's 15 s, and it went by itself under them.
    d.execute_script("clearTimeout(noticeTimer.id)")
    if width < 600:
        d.execute_script("window.scrollTo(0, 0)")
        place = ("(() => { const e = $('error').getBoundingClientRect(), t = $('error-text').getBoundingClientRect();"
                            " return {e: [e.top, e.bottom], t: [t.top, t.bottom], cut: $('error').classList.contains('cut'),"
                            " whole: $('error-text').scrollHeight <= $('error-text').clientHeight + 1,"
                            " blue: $('bar-blue').getBoundingClientRect().top, roll: $('roll').getBoundingClientRect().top,"
                            " right: [t.right, e.right, parseFloat(getComputedStyle($('error'), '::after').width)],"
                            " over: overMore()}; })()")
        # The note's text lines that "more" (the note's ::after, positioned in it) stands over.
        d.execute_script(
            "window.overMore = () => { const n = $('error'), a = getComputedStyle(n, '::after'), e = n.getBoundingClientRect();"
            " const cs = getComputedStyle(n), x = e.left + parseFloat(cs.borderLeftWidth) + parseFloat(a.left),"
            "  y = e.top + parseFloat(cs.borderTopWidth) + parseFloat(a.top), w = parseFloat(a.width), h = parseFloat(a.height);"
            " const r = document.createRange(), tb = $('error-text').getBoundingClientRect(); r.selectNodeContents($('error-text'));"
            " return [...r.getClientRects()].filter((l) => l.width > 0 && l.top < e.bottom - 4 && l.top < tb.bottom - 1"
            "  && l.right > x + 1 && l.left < x + w - 1 && l.bottom > y + 1 && l.top < y + h - 1)"
            "  .map((l) => [Math.round(l.left), Math.round(l.top), Math.round(l.right), Math.round(x), Math.round(y)]); };")
        box = lambda: js(d, place)
        # The note measured and tapped at once (in one script: no state from the server is drawn
        # between the two), then the server's next state drawn over the opened note, as a poll
        # that finds a new version does at any moment: the note stays where the tap opened it.
        cut = js(d, f"((cut) => {{ $('error').click(); return cut; }})({place})")
        # "more" beside the text, not drawn over its last words: the text keeps clear of it.
        assert not cut["over"], f"'more' covers the cut note's text: {cut}"
        # The text ends inside the note's padding: no part of a further line shows.
        assert cut["t"][1] <= cut["e"][1] - 4, f"the cut note's text runs into its edge: {cut}"
        assert cut["cut"] and not cut["whole"], f"the long note is not marked as cut: {cut}"
        wait(d, "the note opened whole", lambda d: js(d, "$('error').classList.contains('open')"))
        d.execute_script("window.drawnAgain = false;"
                         " api('GET', '/api/state').then((s) => { render(s); window.drawnAgain = true; })")
        wait(d, "the next state drawn", lambda d: js(d, "window.drawnAgain"))
        opened = box()
        assert opened["whole"], f"the opened note is still cut: {opened}"
        assert (opened["e"], opened["blue"], opened["roll"]) == (cut["e"], cut["blue"], cut["roll"]), \
            f"opening the note moved the page: {cut} then {opened}"
        shot(d, "phone-note-opened.png")
        # Over the status line (since the twenty-ninth report) the opened note lets taps on its
        # text through to the Rules row under it: a tap on the status's words in it closes it.
        # Elsewhere its box lets taps through to the control under it (since the thirty-first):
        # a tap on it where no control is under it is the note's own click. Either tap reaches
        # the note's own listener and the page's (which takes taps passed through the note's box):
        # counted twice, the note closed and opened again at once (seen when it stood over the
        # status line). Off the status line the tap is made on the note's text, at its place on
        # the screen, as a finger's would be.
        on_status = js(d, "$('error').classList.contains('on-status')")
        if on_status:
            d.find_element(By.ID, "error-status").click()
        else:
            d.execute_script("const t = $('error-text'), r = t.getBoundingClientRect();"
                             " t.dispatchEvent(new MouseEvent('click', {bubbles: true,"
                             " clientX: r.left + r.width / 2, clientY: r.top + r.height / 2}))")
        wait(d, "the note cut again", lambda d: js(d, "$('error').classList.contains('cut')"))
    # A newer note replaces it; when that one goes, the rematch's does not come back.
    roll_if_needed(d)
    assert "Rematch" in note_shown(d), "a roll took the rematch's note away"
    d.execute_script("flash('a newer note', 'info')")
    wait(d, "the newer note", lambda d: note_shown(d) == "a newer note")
    d.execute_script("localError = null; render(S)")
    assert "Rematch" not in note_shown(d), f"the rematch's note came back: {note_shown(d)!r}"
    # The first move ends it on the server too: a reload does not bring it back.
    d.execute_script("playMove(S.legal[0])")
    wait(d, "the first move", lambda d: ply_count(d) >= 1 and idle(d))
    assert js(d, "S.notice") is None, "the rematch's note outlives the first move"
    d.refresh()
    wait(d, "the page again", lambda d: js(d, "S") and ply_count(d) >= 1)
    assert "Rematch" not in note_shown(d), f"the rematch's note is back after a reload: {note_shown(d)!r}"
    print(f"rematch's note at {width}: {said[:40]!r}…, read whole, replaced for good, gone with the first move")


def pause_keeps_the_controls(d):
    """On a phone Pause shows Step in room kept for it: the move row, the step buttons and Copy
    link stay where they were."""
    new_game(d, ("human",), ("ewn", 2, 50), 99)
    d.execute_script("window.scrollTo(0, 0)")
    ids = ["roll", "move-input", "nav-first", "copy-link"]
    where = lambda: js(d, "arguments_ids.map((id) => Math.round($(id).getBoundingClientRect().top + scrollY))"
                       .replace("arguments_ids", str(ids)))
    before = where()
    click(d, "pause")
    wait(d, "Step shown", lambda d: d.find_element(By.ID, "step").is_displayed())
    after = where()
    assert before == after, f"Pause moved the controls: {dict(zip(ids, before))} then {dict(zip(ids, after))}"
    click(d, "pause")
    wait(d, "the game going on", lambda d: js(d, "S.running"))
    print("phone: Pause shows Step without moving the controls")


def seventh_players_report():
    """What a seventh new player reported, at 390x844 and at 1280x800."""
    for w, h in ((390, 844), (1280, 800)):
        d = browser(w, h)
        try:
            open_arena(d)
            rematch_note_goes_and_reads_whole(d, w)
            if w < 600:
                pause_keeps_the_controls(d)
        finally:
            close(d)


def fourth_players_report():
    """What a fourth new player reported, at 1280x800."""
    d = browser(1280, 800)
    try:
        open_arena(d)
        record_in_every_tab(d)
        fresh_load_opens_game_one(d)
        focus_after_roll(d)
        marked_move_leads_to_its_decision(d)
        side_line_waits_for_the_analysis(d)
    finally:
        close(d)


def a_records_link_asks_beside_the_board(d):
    """A link copied at move 5 of a record's game 3, opened in a new tab while game 5 of the
    record is on the board: its question (naming game 5 of 6) stands beside the board, whose
    bottom rank and Blue's bar stay in view at 1280x800."""
    load_record_text(d, MATCH6)
    wait(d, "game 1 of the record", lambda d: ply_count(d) > 0 and d.find_element(By.ID, "rec-pos").text == "Game 1 of 6")
    pick_record_game(d, "3")
    wait(d, "game 3 of the record", lambda d: ply_count(d) == 13 and d.find_element(By.ID, "rec-pos").text == "Game 3 of 6")
    navigate_to(d, 5)
    link, fen = js(d, "positionLink()"), js(d, "S.fen")
    pick_record_game(d, "5")
    wait(d, "game 5 of the record", lambda d: d.find_element(By.ID, "rec-pos").text == "Game 5 of 6" and idle(d))
    first = d.current_window_handle
    d.execute_script("window.open(arguments[0])", link)
    d.switch_to.window([h for h in d.window_handles if h != first][0])
    try:
        wait(d, "the link's question over game 5", lambda d: js(d, "S") and d.find_element(By.ID, "replace-ask").is_displayed())
        board_still(d)
        asked = link_question_in_words(d, fen)
        assert "This link opens another position" in asked and "game 5 of 6" in asked, f"the link's question: {asked!r}"
        where = d.execute_script(
            "const r = (id) => $(id).getBoundingClientRect().toJSON(); return [r('board'), r('bar-blue'), r('replace-ask'), innerHeight]")
        board, blue, ask, height = where
        shot(d, "1280-record-link-asks.png", top=False)
        assert board["top"] >= 0 and board["bottom"] <= height and blue["bottom"] <= height, \
            f"with the link's question the board ({board['top']}..{board['bottom']}) or Blue's bar (to {blue['bottom']}) is out of view of {height}"
        assert ask["left"] >= board["right"] or ask["top"] >= board["bottom"], "the link's question covers the board"
        click(d, "replace-no")
        wait(d, "the game kept", lambda d: "Kept this game" in note_shown(d) and js(d, "S.fen") != fen)
    finally:
        d.close()
        d.switch_to.window(first)
    print("a record's link: its question beside the board, rank 1 and Blue's bar in view")


def side_line_keeps_the_games_captures(d):
    """While a side line is shown, the game's own later moves in the move list keep their
    capture marks and words ("×", "took …"), as they read before the side line."""
    load_record_text(d, REVIEWED)
    wait(d, "the loaded record", lambda d: ply_count(d) == 19 and idle(d))
    navigate_to(d, 8)
    game = js(d, "S.plies")
    assert any(p["took"] for p in game[8:]), "no capture after move 8: nothing to check"
    other = js(d, "S.legal.find(m => m !== 'c5d4' && !ownCubeAt(m.slice(2))) || S.legal.find(m => m !== 'c5d4')")
    d.execute_script(f"playMove('{other}')")
    wait(d, "the side line", lambda d: js(d, "S.main") is not None and d.find_elements(By.CSS_SELECTOR, "#moves li.game button"))
    seen = 0
    for b in d.find_elements(By.CSS_SELECTOR, "#moves li.game button"):
        k = int(b.get_attribute("data-main"))
        p = game[k - 1]
        shown = b.find_element(By.CSS_SELECTOR, "[aria-hidden]").get_attribute("textContent")
        said = b.find_element(By.CSS_SELECTOR, ".sr-only").get_attribute("textContent")
        assert shown.startswith(f"{k}. ") and p["move"] in shown, f"the game's move {k} reads {shown!r}, not {p['move']}"
        if p["took"]:
            seen += 1
            assert shown.endswith("×") and ", took " in said, \
                f"in a side line the game's move {k} lost its capture: {shown!r} / {said!r}"
        else:
            assert "×" not in shown and "took" not in said, f"the game's move {k} took nothing: {shown!r} / {said!r}"
    assert seen, "no capture among the game's moves shown after the side line"
    print(f"side line: the game's later moves keep their {seen} captures in the move list")


def move_entry_keeps_the_focus(d):
    """After a game ends, Enter on a move-list entry steps the board there and the keyboard
    stays on that entry (the list is drawn anew: it once fell to the page's body)."""
    load_record_text(d, REVIEWED)
    wait(d, "the loaded record", lambda d: ply_count(d) == 19 and js(d, "S.line_over") and idle(d))
    entry = d.find_element(By.CSS_SELECTOR, "#moves li button[data-ply='1']")
    d.execute_script("arguments[0].focus()", entry)
    said = entry.find_element(By.CSS_SELECTOR, ".sr-only").get_attribute("textContent")
    assert said.startswith("1. Red, die 3, a3b3"), f"the first entry says {said!r}"
    press(d, Keys.ENTER)
    wait(d, "move 1 on the board", lambda d: ply_pos(d) == 1 and idle(d))
    time.sleep(0.3)
    focus = js(d, "(document.activeElement.closest('#moves') && document.activeElement.dataset.ply) || "
                  "(document.activeElement.closest('#board') && 'board') || document.activeElement.tagName")
    assert focus in ("1", "board"), f"after Enter on move 1's entry the keyboard is on {focus!r}"
    press(d, Keys.TAB)
    after = js(d, "document.activeElement.closest('#moves') ? 'moves' : document.activeElement.id || document.activeElement.tagName")
    assert after == "moves", f"Tab after the entry went to {after!r}, not on through the list"
    print("move list: Enter on an entry keeps the keyboard there")


def eighth_players_report():
    """What an eighth new player reported, at 1280x800: a record's link asks beside the board,
    a side line keeps the game's captures in the list, Enter on an entry keeps the focus."""
    d = browser(1280, 800)
    try:
        open_arena(d)
        a_records_link_asks_beside_the_board(d)
        side_line_keeps_the_games_captures(d)
        move_entry_keeps_the_focus(d)
    finally:
        close(d)


def record_of_twenty(d, width):
    """A record of twenty games, game 12 picked by the board: "Game 12 of 20" whole between ‹
    and › (not cut, not under ›)."""
    load_record_text(d, MATCH20)
    wait(d, "the record's bar by the board", lambda d: d.find_element(By.ID, "record-bar").is_displayed()
         and d.find_element(By.ID, "rec-pos").text == "Game 1 of 20")
    pick_record_game(d, "12")
    wait(d, "game 12 picked by the board", lambda d: d.find_element(By.ID, "rec-pos").text == "Game 12 of 20"
         and js(d, "S.players.red.label") == "mcts:3000" and idle(d))
    fit = js(d, "(() => { const p = $('rec-pos'), n = $('rec-next').getBoundingClientRect(), b = $('rec-prev').getBoundingClientRect();"
                " const r = document.createRange(); r.selectNodeContents(p); const t = r.getBoundingClientRect();"
                " return {scroll: p.scrollWidth, client: p.clientWidth, textLeft: Math.round(t.left), textRight: Math.round(t.right),"
                " prevRight: Math.round(b.right), nextLeft: Math.round(n.left)}; })()")
    assert fit["scroll"] <= fit["client"] and fit["textRight"] <= fit["nextLeft"] and fit["textLeft"] >= fit["prevRight"], \
        f"at {width} wide 'Game 12 of 20' is cut or under ‹ ›: {fit}"
    shot(d, f"record-of-twenty-{width}.png")
    print(f"record of twenty games at {width}: 'Game 12 of 20' whole between ‹ and › ({fit})")


def nodice_focus_on_a_cube(d, width):
    """nodice, Start game: the keyboard on a cube that can move (no roll to press), and Enter on
    an empty square with nothing picked says what to pick."""
    new_game(d, ("human",), ("ewn", 2, 50), variant="nodice")
    wait(d, "the nodice board", lambda d: len(d.find_elements(By.CSS_SELECTOR, "#board .cell")) == js(d, "S.rows * S.cols")
         and js(d, "S.side") == "r" and js(d, "S.legal.length") > 0)
    on = wait(d, "the keyboard on a cube that can move", lambda d: js(d,
              "(() => { const a = document.activeElement; return a && a.id.startsWith('sq-')"
              " && S.legal.some((m) => m.startsWith(a.id.slice(3))) && a.id; })()"))
    # An empty square, reached by the keyboard: Enter there says what can be picked.
    empty = js(d, "[...document.querySelectorAll('#board .cell')].find((c) => !c.querySelector('.cube')).id")
    d.execute_script("focusSquare(Number(arguments[0].dataset.i))", d.find_element(By.ID, empty))
    press(d, Keys.ENTER)
    said = wait(d, "a note after Enter on an empty square", lambda d: note_shown(d))
    assert "Nothing to pick" in said and on[3:] in said, f"Enter on the empty {empty} says {said!r}"
    assert ply_count(d) == 0, "Enter on an empty square played a move"
    shot(d, f"nodice-focus-{width}.png")
    print(f"nodice at {width}: the keyboard starts on {on}; Enter on {empty}: {said!r}")


def bar_follows_the_roll(d, width):
    """6x6 with the analysis live: once the dice are rolled, the win-chance bar says the rolled
    die's best move's chance, as the table's first row (not the chance before the roll)."""
    d.execute_script("setMode('analyse')")
    new_game(d, ("human",), ("ewn", 1, 20), 11, variant="6x6")
    wait(d, "Red's turn", lambda d: js(d, "S.side") == "r" and js(d, "S.die") is None and enabled(d, "roll"))
    click(d, "roll")
    said = wait(d, "the bar and the rolled die's table saying the same", lambda d: js(d,
                "(() => { const a = S.analysis; const row = document.querySelector('#analysis-moves tbody tr');"
                " if (!a.moves || a.die !== S.die || !row) return false;"
                " const bar = $('winbar-rl').textContent, best = row.querySelectorAll('td')[1].firstChild.textContent.trim();"
                " return bar === 'Red ' + best && $('winbar').getAttribute('aria-label').includes('after the roll') && [bar, best, $('winbar').getAttribute('aria-label')]; })()"))
    shot(d, f"bar-follows-the-roll-{width}.png")
    print(f"6x6 at {width}: after the roll the bar says {said[0]!r}, the best move {said[1]!r} ({said[2]!r})")


def question_holds_the_board(d, width):
    """A 3x3 game with moves, 4x4 picked in the form, Start game: while "Replace it?" is open the
    board and the turn's buttons are held (a click on Roll or a cube does nothing), and the
    question names the 3x3 game it would replace."""
    new_game(d, ("human",), ("ewn", 1, 20), 3, variant="3x3")
    wait(d, "Red's turn", lambda d: js(d, "S.side") == "r" and enabled(d, "roll"))
    roll_if_needed(d)
    click_move(d)
    wait(d, "the engine's answer", lambda d: ply_count(d) >= 2 and js(d, "S.side") == "r" and idle(d))
    assert not over(d), "the 3x3 game ended in two moves"
    open_form(d)
    Select(d.find_element(By.ID, "ng-variant")).select_by_value("4x4")
    click(d, "ng-start")
    wait(d, "the question", lambda d: d.find_element(By.ID, "replace-ask").is_displayed())
    text = d.find_element(By.ID, "replace-ask-text").text
    assert "(3x3, Person v ewn" in text and "2 moves, not finished" in text, f"the question says {text!r}"
    held = js(d, "['board', 'roll', 'nav-back', 'moves'].filter((id) => !$(id).closest('[inert]'))")
    assert not held, f"while the question is open these are not held: {held}"
    before = (ply_count(d), js(d, "S.version"))
    # Real clicks where Roll and a red cube are (unless the question covers them).
    for css in ("#roll", "#board .cube.red"):
        el = d.find_element(By.CSS_SELECTOR, css)
        d.execute_script("arguments[0].scrollIntoView({block: 'center'})", el)
        covered = d.execute_script("const r = arguments[0].getBoundingClientRect();"
                                   " const e = document.elementFromPoint(r.left + r.width / 2, r.top + r.height / 2);"
                                   " return !e || Boolean(e.closest('#replace-ask'))", el)
        if not covered:
            ActionChains(d).move_to_element(el).click().perform()
    time.sleep(1.0)
    assert d.find_element(By.ID, "replace-ask").is_displayed(), "a click by the board closed the question"
    assert js(d, "S.die") is None and ply_count(d) == before[0] and js(d, "selected") is None, \
        f"a click by the board played on while the question was open: die {js(d, 'S.die')}, {ply_count(d)} plies"
    shot(d, f"question-holds-the-board-{width}.png")
    click(d, "replace-no")
    wait(d, "the board free again", lambda d: not d.find_element(By.ID, "replace-ask").is_displayed()
         and js(d, "!$('board').closest('[inert]') && !$('roll').closest('[inert]')"))
    roll_if_needed(d)
    print(f"question at {width}: names the 3x3 game, the board and Roll held while it is open, free after")


def move_list_home_end(d):
    """End and Home on a focused move-list entry go to the game's end and start, as on the graph."""
    load_record_text(d, REVIEWED)
    wait(d, "the loaded record", lambda d: ply_count(d) == 19 and js(d, "S.line_over") and idle(d))
    navigate_to(d, 5)
    entry = d.find_element(By.CSS_SELECTOR, "#moves li button[data-ply='5']")
    d.execute_script("arguments[0].focus()", entry)
    press(d, Keys.END)
    wait(d, "End on an entry: the game's end", lambda d: ply_pos(d) == 19 and idle(d))
    press(d, Keys.HOME)
    wait(d, "Home on an entry: the game's start", lambda d: ply_pos(d) == 0 and idle(d))
    print("move list: End and Home on an entry go to the end and the start")


def ninth_players_report():
    """What a ninth new player reported, at both sizes: a record of twenty games says "Game 12
    of 20" whole by the board; a nodice game starts with the keyboard on a cube that can move,
    and Enter on an empty square says what to pick; after a roll the win-chance bar says the
    rolled die's best move's chance, as the table; "Replace it?" holds the board and names the
    game's variant; End and Home on a move-list entry go to the game's end and start."""
    # The phone first: the desktop's last check leaves a loaded standard game, as the checks
    # after these expect.
    for width, height in ((390, 844), (1280, 800)):
        d = browser(width, height)
        try:
            open_arena(d)
            record_of_twenty(d, width)
            nodice_focus_on_a_cube(d, width)
            bar_follows_the_roll(d, width)
            question_holds_the_board(d, width)
            if width == 1280:
                move_list_home_end(d)
        finally:
            close(d)
