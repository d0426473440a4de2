"""Checks of a hall screen, called by live_browser.py (which passes itself, `lb`, for its helpers:
`live_match`, `all_running`, `hold_still`, `let_go`, `wait_for`, `OUT`).

- `hall_reads_from_afar` (five and eight games at once at 1280x800): the boards take the
  screen's width (eight games' boards 260 px or more, their digits 20 px or more: 226 and 17.6
  beside the side panel), the status line 16 px or more, a card's last move and clocks 14 px
  or more, and the standings on the first screen, each player with its points.
- `six_cards_whole` (six games of names of 10 to 16 letters at 1280x800): nothing on a card
  cut by its box, a name on two lines at most.
"""

import os

from selenium.webdriver.common.by import By

HALL_MEASURE = (
    "const cs = [...document.querySelectorAll('#games .game')];"
    "const px = (e) => e ? parseFloat(getComputedStyle(e).fontSize) : 0;"
    "const leaves = (root) => [...root.querySelectorAll('*')].filter((e) => !e.children.length && e.textContent.trim()"
    " && e.getBoundingClientRect().height > 0);"
    "const st = document.getElementById('status');"
    "const strip = document.getElementById('standings-strip');"
    "const shown = (e) => { if (!e) return false; const r = e.getBoundingClientRect();"
    " return r.height > 0 && r.top >= 0 && r.bottom <= window.innerHeight; };"
    "const rows = [...document.querySelectorAll('#table tr')].map((r) => [r.querySelector('th').title, r.children[5].textContent]);"
    "const stripText = strip && shown(strip) ? strip.textContent : '';"
    "const tableShown = shown(document.getElementById('table-wrap'));"
    "return {boards: cs.map((c) => Math.round(c.querySelector('.board').getBoundingClientRect().width)),"
    " digit: px(document.querySelector('#games .cube')),"
    " coord: px(document.querySelector('#games .coord')),"
    " status: Math.min(...[st, ...leaves(st)].filter((e) => e.textContent.trim()).map(px)),"
    " moves: Math.min(...cs.map((c) => px(c.querySelector('.moves')))),"
    " clocks: Math.min(...cs.flatMap((c) => [...c.querySelectorAll('.side .clock')].map(px))),"
    " rows, tableShown, stripText,"
    " cut: cs.filter((c) => [...c.querySelectorAll('.board, .side, .roll, h3, .moves')].some((e) => {"
    "  const r = e.getBoundingClientRect(), k = c.getBoundingClientRect();"
    "  return r.bottom > k.bottom + 1 || r.right > k.right + 1; })).map((c) => c.id),"
    " offScreen: cs.filter((c) => c.getBoundingClientRect().bottom > window.innerHeight).map((c) => c.id)};")


def hall_reads_from_afar(lb):
    for games in (8, 5):
        where = f"{games} games of standard at 1280x800"
        args = ["match", "--engine", "self", "name=Alphonse", "--engine", "self", "name=Beatrix",
                "--engine", "greedy", "--tournament", "round-robin", "--games", str(2 * games),
                "--concurrency", str(games), "--movetime", "150", "--pace", "250", "--live-linger", "2"]
        with lb.live_match(args, 1280, 800) as (d, _, _match):
            lb.wait_for(f"{where}: a finished game", lambda: d.find_elements(By.CSS_SELECTOR, "#finished button.mv"))
            lb.all_running(d, games, where)
            seen = d.execute_script(HALL_MEASURE)
            d.save_screenshot(os.path.join(lb.OUT, f"live-hall-{games}-1280.png"))
            lb.let_go(d)
        print(f"live page, {where}: boards {min(seen['boards'])} px, digits {seen['digit']:.1f} px,"
              f" coordinates {seen['coord']:.1f} px, status {seen['status']:.1f} px, last move {seen['moves']:.1f} px,"
              f" clocks {seen['clocks']:.1f} px, standings on the first screen: table {seen['tableShown']},"
              f" strip {seen['stripText']!r}")
        assert not seen["cut"] and not seen["offScreen"], f"{where}: cards cut or off the screen: {seen}"
        if games == 8:
            assert min(seen["boards"]) >= 260 and seen["digit"] >= 20, \
                f"{where}: boards of {min(seen['boards'])} px, digits {seen['digit']:.1f} px (260 and 20 or more)"
        assert seen["status"] >= 16 and seen["moves"] >= 14 and seen["clocks"] >= 14, \
            f"{where}: small type: status {seen['status']} px, last move {seen['moves']} px, clocks {seen['clocks']} px"
        # The standings on the first screen: the table, or the strip naming each player with
        # its points.
        strip = " ".join(seen["stripText"].split())
        whole = seen["tableShown"] or all(name in strip and pts in strip for name, pts in seen["rows"])
        assert seen["rows"] and whole, f"{where}: the standings are not on the first screen: {seen['rows']} / {strip!r}"


def six_cards_whole(lb):
    """Six games at once at 1280x800 among players of 10 to 16 letters: nothing on a card cut by
    its box (its moves line too: "8 moves" was cut), a name on two lines at most (one wrapped to
    three in a names' column of ~100 px)."""
    where = "six games of long names at 1280x800"
    args = ["match", "--engine", "self", "name=Alessandro_Volta", "--engine", "self", "name=Wilhelmina",
            "--engine", "greedy", "name=Maximiliane", "--tournament", "round-robin", "--games", "4",
            "--concurrency", "6", "--movetime", "150", "--pace", "300", "--live-linger", "2"]
    with lb.live_match(args, 1280, 800) as (d, _, _match):
        lb.all_running(d, 6, where)
        seen = d.execute_script(HALL_MEASURE + "")
        names = d.execute_script(
            "return [...document.querySelectorAll('#games .game .side .who b')].map((b) => {"
            " const lh = parseFloat(getComputedStyle(b).lineHeight) || parseFloat(getComputedStyle(b).fontSize) * 1.2;"
            " return [b.textContent, Math.round(b.getBoundingClientRect().height / lh)]; });")
        d.save_screenshot(os.path.join(lb.OUT, "live-hall-6-long-1280.png"))
        lb.let_go(d)
    print(f"live page, {where}: boards {min(seen['boards'])} px, cards cut {seen['cut']}, names' lines {sorted(set(n[1] for n in names))}")
    assert not seen["cut"] and not seen["offScreen"], f"{where}: cards cut or off the screen: {seen}"
    assert all(lines <= 2 for _, lines in names), f"{where}: a name on more than two lines: {names}"


def all_checks(lb):
    hall_reads_from_afar(lb)
    six_cards_whole(lb)
