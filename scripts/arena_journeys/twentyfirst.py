"""The checks of what the twenty-first new player reported, each at the size where it was seen: at
1280x800 a step back pulled the step row up 42 px (Resign went), so that a second click on "<"
hit Turn board; Resume and Step on a row of their own pushed everything below down 44 px; New
game scrolled the board 224 px away to show its form; on a phone, a reviewed game's link to the
review stood at 989 px of 844 and its list showed its last moves, past the marks; a link's
"Replace it?" pushed the board 171 px down; Save's note was cut to one line over the Record
card; a review's arrow ran over a badge's number; and a press on a cube while the board was
drawn anew picked nothing."""

import time

from selenium.webdriver.common.action_chains import ActionChains
from selenium.webdriver.common.by import By

from . import driver
from .driver import (wait, click, js, idle, in_arena, board_still, shot, ply_count, over, first_state,
    load_record_text, note_shown, new_game)
from .records import REVIEWED
from .sixteenth import rect, play_a_move

STEPS = ("nav-first", "nav-back", "nav-fwd", "nav-last", "flip", "copy-pos", "copy-link")


def places(d, ids):
    return js(d, "arguments[0].map((i) => { const r = $(i).getBoundingClientRect();"
                 " return [Math.round(r.left), Math.round(r.top), Math.round(r.width)]; })".replace("arguments[0]", repr(list(ids))))


def desktop_steps_and_pause_stay(d):
    """1280x800: "<" clicked at a game in progress moved the step row up 42 px (Resign, on the
    move row above it, went), and Pause turned Resume with Step on a new row, moving everything
    below 44 px down. Stepping and pausing move no step button, and Resume keeps Pause's place
    and size on the turn's row."""
    play_a_move(d)
    before = places(d, STEPS + ("pause",))
    click(d, "nav-back")
    wait(d, "a step back", lambda d: js(d, "S.ply") == ply_count(d) - 1 and idle(d))
    board_still(d)
    back = places(d, STEPS + ("pause",))
    click(d, "pause")
    wait(d, "paused", lambda d: js(d, "!S.running") and idle(d))
    board_still(d)
    paused = places(d, STEPS + ("pause", "roll"))
    step_hit = js(d, "(() => { const r = $('step').getBoundingClientRect();"
                     " const e = document.elementFromPoint((r.left + r.right) / 2, (r.top + r.bottom) / 2);"
                     " return Boolean(e && $('step').contains(e)) && r.height > 0; })()")
    shot(d, "desktop-21-paused.png")
    print(f"desktop: step row and Pause {before}; after a step back {back}; paused {paused}; Step reached {step_hit}")
    moved = lambda a, b: any(abs(x - y) > 1 for p, q in zip(a, b) for x, y in zip(p, q))
    assert not moved(back, before), f"a step back moved the step row: {before} -> {back}"
    assert not moved(paused[:-1], before), f"Resume moved a button: {before} -> {paused[:-1]}"
    assert abs(paused[-2][1] - paused[-1][1]) <= 2, f"Resume is not on the turn's row: {paused}"
    assert step_hit, "Step is hidden under something while paused"
    click(d, "pause")
    wait(d, "running again", lambda d: js(d, "S.running") and idle(d))


def desktop_new_game_keeps_board(d):
    """1280x800: New game at the top scrolled the page 224 px, the board's top out of view, to
    show the form below the analysis. The form opens beside the board, which stays whole in view,
    with Start game on the screen."""
    play_a_move(d)
    click(d, "top-new")
    wait(d, "the form", lambda d: js(d, "$('newgame').open"))
    time.sleep(0.8)
    board = rect(d, "board")
    start = rect(d, "ng-start")
    h = js(d, "innerHeight")
    shot(d, "desktop-21-new-game.png", top=False)
    print(f"desktop: New game: scrolled {js(d, 'scrollY')} px, the board {round(board['top'])}..{round(board['bottom'])}, Start game to {round(start['bottom'])} of {h}")
    assert board["top"] >= -1 and board["bottom"] <= h + 1, f"New game took the board out of view: {board}"
    assert start["bottom"] <= h, f"Start game below the screen: {start}"
    d.execute_script("$('newgame').open = false")


def phone_review_link_first_screen(d):
    """390x844: a reviewed game's link to the review stood at 989 px (below the screen) and its
    move list showed the game's last moves, past all marks but one. At the game's end the link, the
    step buttons and the list's first marked move are on the first screen."""
    load_record_text(d, REVIEWED)
    wait(d, "the loaded game", lambda d: ply_count(d) == 19 and idle(d) and over(d))
    d.execute_script("document.activeElement.blur(); window.scrollTo(0, 0)")
    board_still(d)
    click(d, "review-end")
    wait(d, "the review done", lambda d: js(d, "Boolean(S.review.moves) && !S.review.busy") and idle(d))
    time.sleep(1.7)
    d.execute_script("document.activeElement.blur(); window.scrollTo(0, 0)")
    board_still(d)
    h = js(d, "innerHeight")
    link, last = rect(d, "to-review"), rect(d, "nav-last")
    marks = js(d, "(() => { const l = $('moves').getBoundingClientRect();"
                  " return [...document.querySelectorAll('#moves li')].filter((e) => e.querySelector('.mk')).map((e) => {"
                  " const r = e.getBoundingClientRect(); return r.top >= l.top - 1 && r.bottom <= Math.min(l.bottom, innerHeight) + 1; }); })()")
    shot(d, "phone-21-review-end.png")
    print(f"phone: a reviewed game's end: the link at {round(link['top'])}..{round(link['bottom'])}, >| to {round(last['bottom'])} of {h}, marks seen {marks}")
    assert 0 <= link["top"] and link["bottom"] <= h, f"the review's link is off the first screen: {link}"
    assert last["bottom"] <= h, f"the step buttons are off the first screen: {last}"
    assert marks and marks[0], f"the list's first marked move is out of view: {marks}"


def phone_link_question_moves_nothing(d):
    """390x844: a ?position= link over a game in progress asked "Replace it?" above the board,
    which went 171 px down. The question stands over the page's top and the board stays."""
    play_a_move(d)
    top = js(d, "Math.round($('board').getBoundingClientRect().top + scrollY)")
    d.get(driver.URL + "&position=R14/1B13/5/5/5%20r")
    first_state(d)
    wait(d, "the question", lambda d: d.find_element(By.ID, "replace-ask").is_displayed())
    board_still(d)
    after = js(d, "Math.round($('board').getBoundingClientRect().top + scrollY)")
    ask = rect(d, "replace-ask")
    shot(d, "phone-21-link-question.png")
    print(f"phone: a link's question at {round(ask['top'])}..{round(ask['bottom'])}; the board's top {top} -> {after}")
    assert abs(after - top) <= 1, f"the link's question moved the board: {top} -> {after}"
    assert ask["top"] >= 0 and ask["bottom"] <= js(d, "innerHeight"), f"the question is out of view: {ask}"
    click(d, "replace-no")
    wait(d, "the question gone", lambda d: not d.find_element(By.ID, "replace-ask").is_displayed())


def phone_save_said_in_card(d):
    """390x844: Save this game's note was cut to one line ("Saved this game as ewn-game.txt (in
    yo…") over the Record card's heading. What Save did is said whole in the card, under its
    buttons, and no note covers the card."""
    play_a_move(d)
    save = d.find_element(By.ID, "save")
    d.execute_script("arguments[0].scrollIntoView({block: 'center'})", save)
    save.click()
    wait(d, "the saved text", lambda d: js(d, "$('record-text').value").startswith("game"))
    time.sleep(0.3)
    said = js(d, "(() => { const e = $('record-said'), r = e.getBoundingClientRect(), s = $('save').getBoundingClientRect(),"
                 " h = $('record-title').getBoundingClientRect();"
                 " return {text: e.hidden ? '' : e.textContent, whole: e.scrollHeight <= e.clientHeight + 1 && e.scrollWidth <= e.clientWidth + 1,"
                 " top: Math.round(r.top), below_save: r.top >= s.bottom - 1, head: [Math.round(h.top), Math.round(h.bottom)]}; })()")
    note = note_shown(d)
    shot(d, "phone-21-saved.png", top=False)
    print(f"phone: Save said {said}; a note {note!r}")
    assert "Saved" in said["text"] and said["whole"] and said["below_save"], f"Save's words: {said}"
    assert not note, f"Save's note still covers the page: {note!r}"


def badges_over_arrows(d):
    """A reviewed decision's arrow ran over a badge's number (the arrows' layer was above the
    badges). Every badge drawn with the arrows is above their layer."""
    load_record_text(d, REVIEWED)
    wait(d, "the loaded game", lambda d: ply_count(d) == 19 and idle(d) and over(d))
    click(d, "mode-analyse")
    click(d, "review-end")
    wait(d, "the review done", lambda d: js(d, "Boolean(S.review.moves) && !S.review.busy") and idle(d))
    # The decision of the first marked move: its two arrows, and the threats' badges.
    js(d, "$('moves').querySelector('li:has(.mk) button').click(), true")
    wait(d, "the arrows", lambda d: js(d, "document.querySelectorAll('#board .arrows line').length") > 0 and idle(d))
    board_still(d)
    found = js(d, "(() => { const a = getComputedStyle(document.querySelector('#board .arrows-layer')).zIndex;"
                  " return [Number(a), [...document.querySelectorAll('#board .badge')].map((b) => Number(getComputedStyle(b).zIndex))]; })()")
    shot(d, "desktop-21-arrows-badges.png")
    print(f"arrows' layer at z {found[0]}; badges at {found[1]}")
    assert all(z > found[0] for z in found[1]), f"a badge under the arrows: {found}"


def desktop_pick_survives_redraw(d):
    """1280x800: a press on one's own cube while the board was drawn anew (the die or the
    analysis arriving) picked nothing and showed nothing. The press picks the cube, whose
    square and targets are marked at once."""
    new_game(d, ("human",), ("ewn", 2, 50), 11)
    click(d, "roll")
    wait(d, "the die", lambda d: js(d, "S.legal.length") > 0 and idle(d))
    board_still(d)
    sq = js(d, "S.legal[0].slice(0, 2)")
    # Pressed on the square looked up again where a render replaced it between the lookup and
    # the press (the analysis arriving): `wait` tries again on a stale element.
    wait(d, f"a press on {sq}", lambda d: ActionChains(d).move_to_element(
        d.find_element(By.ID, f"sq-{sq}")).click_and_hold().perform() or True)
    # The board drawn anew under the pressed button, as a render does when something arrives.
    d.execute_script("const b = $('board'); b.innerHTML = b.innerHTML;")
    ActionChains(d).release().perform()
    time.sleep(0.3)
    got = js(d, f"[selected, $('sq-{sq}').classList.contains('picked'), document.querySelectorAll('#board .cell.target').length]")
    shot(d, "desktop-21-picked.png")
    print(f"desktop: a press on {sq} across a redraw: picked {got}")
    assert got[0] == sq and got[1] and got[2] > 0, f"the press picked nothing or showed nothing: {got}"


def twentyfirst_players_report():
    in_arena(1280, 800, desktop_steps_and_pause_stay, desktop_new_game_keeps_board)
    in_arena(1280, 800, desktop_pick_survives_redraw, badges_over_arrows)
    in_arena(390, 844, phone_review_link_first_screen)
    in_arena(390, 844, phone_save_said_in_card, phone_link_question_moves_nothing)
