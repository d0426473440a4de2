"""The checks of what the twenty-eighth new player reported, each at the size where it was seen:
at 1280x800 a step back from a reviewed game's end put the Analysis card above the Review
card's graph (a jump of the column at every step); Resign went while the engine thought, an empty
gap in its place, and the step buttons rose from 246 to 208 px at the game's end; on a phone the
step buttons went down from 683 to 805 px at the game's end, Copy link off the first screen;
with the analysis off in Settings the Analysis card still offered "Show analysis (V)"."""

import time

from selenium.webdriver.common.by import By

from .driver import (wait, js, idle, click, enabled, new_game, shot, load_text, ply_count, ply_pos, navigate_to,
    in_arena, board_still)
from .records import REVIEWED

COLUMN = "['graph-card', 'review-card', 'analysis-card'].map((i) => Math.round($(i).getBoundingClientRect().top))"


def review_column_keeps_its_order(d):
    """1280x800, a loaded record reviewed: at its end and at earlier moves the review's cards keep
    their tops, Review above Analysis (one step back put the analysis first: the graph's heading
    from 79 to 256 px)."""
    box = d.find_element(By.ID, "record-text")
    d.execute_script("arguments[0].value = arguments[1]", box, REVIEWED)
    load_text(d)
    wait(d, "the record at its end", lambda d: ply_count(d) == 19 and ply_pos(d) == 19 and idle(d))
    click(d, "review-end")
    wait(d, "the review done", lambda d: js(d, "Boolean(S.review.moves) && !S.review.busy") and idle(d))
    seen_at = {}
    for k in (19, 18, 17, 14, 18, 19):
        navigate_to(d, k)
        wait(d, "idle", lambda d: idle(d))
        board_still(d)
        time.sleep(0.3)
        d.execute_script("window.scrollTo(0, 0)")
        seen_at.setdefault(k, js(d, COLUMN))
        if k == 18:
            shot(d, "desktop-28-one-back.png")
    print(f"1280: graph, review and analysis cards' tops by move: {seen_at}")
    assert len({tuple(t) for t in seen_at.values()}) == 1, f"the review's cards move as the game is stepped: {seen_at}"
    assert all(v[1] < v[2] for v in seen_at.values()), f"the Analysis card stands above the Review card: {seen_at}"


# Where the step buttons and Resign are, and whether Resign shows and is offered.
PLACES = """return (() => { const r = (i) => Math.round($(i).getBoundingClientRect().top);
  const rs = $('resign');
  return {back: r('nav-back'), link: r('copy-link'), resign: [rs.offsetParent !== null && getComputedStyle(rs).visibility === 'visible', rs.disabled, r('resign')]}; })()"""


def resign_greyed_while_engine_thinks(d):
    """1280x800, a game against the engine: while the engine thinks Resign is there, greyed, in
    its place (it went, an empty gap at 160-196 px)."""
    new_game(d, ("human",), ("ewn", 4, 3000), 7)
    wait(d, "Roll offered", lambda d: enabled(d, "roll"))
    d.execute_script("document.activeElement.blur(); window.scrollTo(0, 0)")
    in_play = d.execute_script(PLACES)
    click(d, "roll")
    wait(d, "the die rolled", lambda d: js(d, "S.die") is not None and idle(d))
    d.execute_script("playMove(S.legal[0])")
    wait(d, "the engine thinking", lambda d: js(d, "S.side === 'b' && S.live && !S.winner"))
    thinking = d.execute_script(PLACES)
    shot(d, "desktop-28-engine-thinks.png")
    print(f"1280: in play {in_play}; the engine thinking {thinking}")
    assert thinking["resign"][0] and thinking["resign"][1], f"Resign is not shown greyed while the engine thinks: {thinking}"
    assert thinking["resign"][2] == in_play["resign"][2], f"Resign moved while the engine thinks: {in_play} -> {thinking}"


def step_row_keeps_its_place(d):
    """1280x800, a game against the engine played to its end: the step buttons stand where they
    were in play, at the end and one move back (246 px in play, 208 at the end). At 390x844
    they stood at 683 px in play and 805 at the end: there too they stay, with Copy link and the
    list's last move on the first screen."""
    new_game(d, ("human",), ("ewn", 1, 20), 7)
    wait(d, "Roll offered", lambda d: enabled(d, "roll"))
    d.execute_script("document.activeElement.blur(); window.scrollTo(0, 0)")
    in_play = d.execute_script(PLACES)
    while not js(d, "Boolean(S.winner)"):
        if enabled(d, "roll"):
            click(d, "roll")
        wait(d, "a move to make or the end", lambda d: idle(d) and (js(d, "Boolean(S.winner)") or js(d, "mayMove()") or enabled(d, "roll")))
        if js(d, "!S.winner && mayMove()"):
            d.execute_script("playMove(S.legal[0])")
            wait(d, "the move made", idle)
    board_still(d)
    d.execute_script("document.activeElement.blur(); window.scrollTo(0, 0)")
    at_end = d.execute_script(PLACES)
    navigate_to(d, js(d, "S.plies.length") - 1)
    board_still(d)
    back = d.execute_script(PLACES)
    navigate_to(d, js(d, "S.plies.length"))
    board_still(d)
    d.execute_script("window.scrollTo(0, 0)")
    size = js(d, "innerWidth")
    shot(d, f"{'phone' if size < 600 else 'desktop'}-28-game-end.png")
    print(f"{size}: the step buttons in play at {in_play['back']}, at the end {at_end['back']}, one back {back['back']}")
    assert in_play["back"] == at_end["back"] == back["back"], \
        f"the step buttons move at the game's end: in play {in_play}, at the end {at_end}, one back {back}"
    seen = js(d, "(() => { const l = $('moves').lastElementChild.getBoundingClientRect();"
                 " return {link: Math.round($('copy-link').getBoundingClientRect().bottom), last: Math.round(l.bottom), h: innerHeight}; })()")
    print(f"{size}: at the end Copy link and the last move end at {seen}")
    assert seen["link"] <= seen["h"] and seen["last"] <= seen["h"], f"at the end Copy link or the last move is off the first screen: {seen}"


def analysis_off_says_where(d):
    """1280x800, a person playing, the analysis off in Settings: the Analysis card offered "Show
    analysis (V)", which showed nothing. It says the analysis is off and where to turn it on."""
    new_game(d, ("human",), ("ewn", 1, 20), 7)
    d.execute_script("const c = $('set-analysis'); if (c.checked) c.click()")
    try:
        wait(d, "the analysis off", lambda d: js(d, "S.settings.analysis") is False and idle(d))
        card = js(d, "(() => { const c = $('analysis-card'); const shown = (i) => $(i) && $(i).offsetParent !== null;"
                     " return {show: shown('show-analysis'), said: c.innerText.replace(/\\s+/g, ' ').trim()}; })()")
        shot(d, "desktop-28-analysis-off.png")
        print(f"1280: the analysis off in Settings, the card: {card}")
        assert not card["show"], f"with the analysis off the card offers Show analysis: {card}"
        assert "off" in card["said"] and "Settings" in card["said"], f"the card does not say the analysis is off and where: {card}"
    finally:
        d.execute_script("const c = $('set-analysis'); if (!c.checked) c.click()")
        wait(d, "the analysis on again", lambda d: js(d, "S.settings.analysis") is True)


def twentyeighth_players_report():
    in_arena(1280, 800, review_column_keeps_its_order, resign_greyed_while_engine_thinks,
             step_row_keeps_its_place)
    in_arena(390, 844, step_row_keeps_its_place)
    in_arena(1280, 800, analysis_off_says_where)
