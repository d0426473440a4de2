"""The checks of what the twenty-ninth new player reported, each at the size where it was seen:
after a record of six games loaded from a file a new 6x6 game left the Record card headed
"Record file: ewn-record-....txt (6 games)", its box still holding the old record; the page was
815 px tall at 1280x800 (the Settings card cut); on a phone Show analysis scrolled the board off
the screen (to 836 px); a note over a phone's status line cut the status to one line of 12 px
and the note to one or two lines; at 1280x800 How to play opened over the panel, at 840-1263 px,
280 px from the board and far from its line."""

import time

from selenium.webdriver.common.by import By

from .driver import wait, js, new_game, in_arena, open_arena, roll_if_needed, shot, enabled, note_shown, board_still
from .eighteenth import load_file
from .records import MATCH6


def record_card_is_the_new_games(d):
    """1280x800, a record of six games loaded from a file, then a new 6x6 game: the Record card
    no longer describes the record (its heading named the file and its six games)."""
    load_file(d, MATCH6)
    wait(d, "the record's bar", lambda d: d.find_element(By.ID, "record-bar").is_displayed())
    new_game(d, ("human",), ("human",), 5, variant="6x6")
    wait(d, "the record's bar gone", lambda d: not d.find_element(By.ID, "record-bar").is_displayed())
    card = js(d, "({title: $('record-title').textContent, text: $('record-text').value.length,"
                 " games: $('record-game').options.length, picker: !$('record-pick').hidden})")
    print(f"1280: the Record card after a new 6x6 game: {card}")
    assert "games" not in card["title"] and "Record file" not in card["title"] and card["text"] == 0 \
        and not card["picker"], f"the Record card still describes the record loaded before: {card}"


def page_fits_the_screen(d):
    """1280x800, the page opened over a new game: it is no taller than the screen (815 px, the
    Settings card's foot cut)."""
    d.execute_script("setMode('play')")
    new_game(d, ("human",), ("ewn", 2, 50), 31)
    wait(d, "Roll offered", lambda d: enabled(d, "roll"))
    open_arena(d)
    wait(d, "Roll offered again", lambda d: enabled(d, "roll"))
    h = js(d, "document.documentElement.scrollHeight")
    print(f"1280: the page as it opens is {h} px tall")
    assert h <= 800, f"the page at 1280x800 is {h} px tall: its foot is cut"


def show_analysis_keeps_the_board(d):
    """390x844, a game against the engine with the analysis held: Show analysis, tapped with the
    page scrolled just enough to see it, brings the card up and keeps the board whole on the
    screen (scrolled to 836 px, the board at -676)."""
    d.execute_script("setMode('play')")
    new_game(d, ("human",), ("ewn", 2, 50), 31)
    roll_if_needed(d)
    wait(d, "the analysis held", lambda d: d.find_element(By.ID, "held-msg").is_displayed())
    # Tapped where a person sees it first, the page scrolled just far enough (the driver's click
    # centres it first, which takes the board off before the tap).
    d.execute_script("$('show-analysis').scrollIntoView({block: 'end'})")
    time.sleep(0.3)
    d.execute_script("$('show-analysis').click()")
    wait(d, "the analysis shown", lambda d: d.find_element(By.ID, "analysis-die").is_displayed())
    seen = js(d, "(() => { const b = $('board').getBoundingClientRect(), c = $('analysis-card').getBoundingClientRect();"
                 " return {y: Math.round(scrollY), board: [Math.round(b.top), Math.round(b.bottom)], card: Math.round(c.top), h: innerHeight}; })()")
    shot(d, "phone-29-show-analysis.png", top=False)
    print(f"390: after Show analysis {seen}")
    assert seen["board"][0] >= 0 and seen["board"][1] <= seen["h"], f"Show analysis took the board off the screen: {seen}"
    assert seen["card"] < seen["h"] - 100, f"Show analysis left its card below the screen: {seen}"


def note_keeps_the_status_whole(d):
    """390x844, Roll then Hint: the note stands over the status line and says the status's words
    at the status's own size (they were 12 px on one line, the status 14 px on two), its own on
    two lines at least under them, or, where its own lines need the top bar, the note alone,
    never over the board."""
    new_game(d, ("human",), ("ewn", 2, 50), 31)
    roll_if_needed(d)
    d.execute_script("document.activeElement.blur(); window.scrollTo(0, 0)")
    board_still(d)
    d.execute_script("$('hint').click()")
    wait(d, "the hint's note", lambda d: note_shown(d).startswith("Hint:"))
    time.sleep(0.3)
    seen = js(d, "(() => { const n = $('error').getBoundingClientRect(), s = $('status'), e = $('error-status'), t = $('error-text');"
                 " const px = (x) => getComputedStyle(x).fontSize, lh = parseFloat(getComputedStyle(t).lineHeight);"
                 " return {up: $('error').classList.contains('up'), status: [px(s), s.getBoundingClientRect().height],"
                 " said: [px(e), e.getBoundingClientRect().height, e.scrollHeight <= e.clientHeight + 1],"
                 " lines: Math.round(t.clientHeight / lh), note: [Math.round(n.top), Math.round(n.bottom)],"
                 " board: Math.round($('board').getBoundingClientRect().top), alone: $('error').classList.contains('short-status')}; })()")
    shot(d, "phone-29-hint-note.png")
    print(f"390: a hint's note over the status line {seen}")
    assert seen["up"], f"the hint's note is not over the status line: nothing to check {seen}"
    # Where the note's own lines need the top bar's room (the thirty-fourth report's rule: the
    # note read whole), the status says whose turn and the die alone, on one line (the
    # thirty-sixth's rule: never left out), else its words whole at their own size.
    if seen["alone"]:
        assert seen["said"][0] == seen["status"][0] and seen["said"][1] >= 16, f"the note hides whose turn it is: {seen}"
    else:
        assert seen["said"][0] == seen["status"][0] and seen["said"][2] and seen["said"][1] >= seen["status"][1] - 2, \
            f"the note says the status's words smaller or cut: {seen}"
    assert seen["lines"] >= 2 and seen["note"][1] <= seen["board"], f"the note's own lines cut, or it covers the board: {seen}"
    d.execute_script("localError = null; render(S)")


def rules_open_by_their_line(d):
    """1280x800: How to play opens near its line (its sheet began at 840 px, the board ending at
    560; since the forty-first report right under the line, over the board: beside it they were
    312 px below the line), Roll uncovered and the sheet whole on the screen."""
    d.execute_script("window.scrollTo(0, 0); $('rules').querySelector('summary').click()")
    wait(d, "the rules open", lambda d: js(d, "$('rules').open"))
    time.sleep(0.3)
    seen = js(d, "(() => { const r = (e) => { const b = e.getBoundingClientRect(); return [Math.round(b.left), Math.round(b.top), Math.round(b.right), Math.round(b.bottom)]; };"
                 " return {sheet: r($('rules-sheet')), board: r($('board')), roll: r($('roll')), line: r($('rules-summary')), h: innerHeight}; })()")
    shot(d, "desktop-29-rules.png")
    d.execute_script("closeRules()")
    print(f"1280: How to play opened at {seen}")
    s, b, roll = seen["sheet"], seen["board"], seen["roll"]
    line = seen["line"]
    assert 0 <= s[1] - line[3] <= 12 and abs(s[0] - line[0]) <= 20, f"the rules open far from their line: {seen}"
    assert s[3] <= seen["h"] and (s[1] >= roll[3] or s[0] >= roll[2] or s[2] <= roll[0]), f"the rules cover Roll or are cut: {seen}"


def twentyninth_players_report():
    in_arena(1280, 800, page_fits_the_screen, rules_open_by_their_line, record_card_is_the_new_games)
    in_arena(390, 844, note_keeps_the_status_whole, show_analysis_keeps_the_board)
