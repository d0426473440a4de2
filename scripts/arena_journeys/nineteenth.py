"""The checks of what the nineteenth new player reported, each at the size where it was seen: on
a phone, a finished game of a loaded record was laid out one way when stepped to and another
after a reload (the move list first, past the screen's foot, the step buttons below it)."""

from selenium.webdriver.common.by import By

from .driver import wait, click, js, idle, in_arena, board_still, shot, ply_count, ply_pos, over, first_state
from .eighteenth import load_file
from .records import MATCH6
from .sixteenth import rect

# The first four games of MATCH6, as a match of four games writes them.
MATCH4 = MATCH6[:MATCH6.index("game 5\n")].replace("--games: 6", "--games: 4")


def end_layout(d):
    """Where the step buttons, Copy link, the record's games and the move list are, at the top."""
    d.execute_script("document.activeElement.blur(); window.scrollTo(0, 0)")
    board_still(d)
    out = {i: rect(d, i) for i in ("nav-first", "copy-link", "record-bar", "moves")}
    out = {k: [round(v["top"]), round(v["bottom"])] for k, v in out.items()}
    out["moves-scroll"] = js(d, "[$('moves').scrollTop, $('moves').scrollHeight]")
    return out


def phone_record_end_same_after_reload(d):
    """390x844: game 3 of a four-game record stepped to its end had the step buttons at y~770,
    above the list; after a reload the same game and position showed the move list first (754,
    past the screen's foot, scrolled to its end), |< at 884 and Copy link at 928. One layout
    whatever the path: the step buttons on the first screen, before the list."""
    load_file(d, MATCH4)
    d.execute_script("const p = $('rec-game'); p.value = '3'; p.dispatchEvent(new Event('change'));")
    wait(d, "game 3", lambda d: d.find_element(By.ID, "rec-pos").text == "Game 3 of 4" and idle(d))
    click(d, "nav-last")
    wait(d, "the game's end", lambda d: ply_pos(d) == ply_count(d) and over(d) and idle(d))
    stepped = end_layout(d)
    shot(d, "phone-19-record-end-stepped.png")
    d.refresh()
    first_state(d)
    wait(d, "the same game after the reload", lambda d: over(d) and idle(d) and ply_pos(d) == ply_count(d))
    reloaded = end_layout(d)
    shot(d, "phone-19-record-end-reloaded.png")
    h = js(d, "innerHeight")
    print(f"phone: game 3 of 4 at its end, stepped to {stepped}, after a reload {reloaded} (screen {h})")
    for name, where in (("stepped to", stepped), ("reloaded", reloaded)):
        assert where["nav-first"][1] <= h and where["copy-link"][1] <= h, f"{name}: the step buttons or Copy link below the screen: {where}"
        assert where["nav-first"][1] <= where["moves"][0], f"{name}: the move list before the step buttons: {where}"
    assert abs(stepped["nav-first"][0] - reloaded["nav-first"][0]) <= 2, f"the layout differs after a reload: {stepped} vs {reloaded}"


def nineteenth_players_report():
    in_arena(390, 844, phone_record_end_same_after_reload)
