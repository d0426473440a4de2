"""Checks of the boards' size in a crowded hall, called by live_browser.py (which passes itself,
`lb`, for its helpers: `live_match`, `all_running`, `hold_still`, `OUT`).

- `boards_use_the_screen` (4, 6 and 8 games at once at 1280x800, standard and 6x6): every board
  as large as the screen allows (six games' boards 260 px or more: 211 before), no card cut (its
  moves line too) or overlapping another, and no band of more than
  40 px left empty below the last row of cards.
- `end_reads_whole` (eight games at once among players of ten letters, at 390x844 and
  1280x800): a card held on its game's end says who won and how on one line ("Alphabetic won
  (goal)", "Alphab… won (goal)" where the name leaves no room, never "Red won (goal)"), the move
  on the next, the line whole in its box (a phone's card said "Alphabetic won", then "goal · 17. d1e1 (die 2)"),
  in the line's own type (a narrow card's result was shrunk to 13 px in a line of 15 or 17).
"""

import os
import re


def hall(lb, variant, games):
    """`games` at once in `variant`; "long" is the standard game among four players of long
    names (17 to 25 letters)."""
    if variant == "long":
        args = ["match"]
        for name in lb.LONG_NAMES:
            args += ["--engine", "self", f"name={name}"]
        args += ["--tournament", "round-robin", "--games", "2"]
    else:
        args = ["--variant", variant, "match", "--engine", "self", "--opponent", "greedy", "--games", str(2 * games)]
    return args + ["--concurrency", str(games), "--movetime", "300", "--pace", "400", "--live-linger", "2"]


MEASURE = (
    "const cs = [...document.querySelectorAll('#games .game')];"
    "const rs = cs.map((c) => c.getBoundingClientRect());"
    "const overlap = rs.some((a, i) => rs.some((b, j) => i < j && a.left < b.right - 1 && b.left < a.right - 1"
    " && a.top < b.bottom - 1 && b.top < a.bottom - 1));"
    "const cut = cs.filter((c) => [...c.querySelectorAll('.board, .side, .roll, h3, .moves')].some((e) => {"
    " const r = e.getBoundingClientRect(), k = c.getBoundingClientRect();"
    " return r.bottom > k.bottom + 1 || r.right > k.right + 1; })).length;"
    "const doc = document.documentElement;"
    "return {boards: cs.map((c) => Math.round(c.querySelector('.board').getBoundingClientRect().width)),"
    " digit: parseFloat(getComputedStyle(document.querySelector('#games .cube')).fontSize),"
    " empty: Math.round(window.innerHeight - Math.max(...rs.map((r) => r.bottom))),"
    " panel: Math.round(document.querySelector('.side-panel').getBoundingClientRect().width),"
    " overlap, cut, hall: document.body.classList.contains('hall'), height: doc.scrollHeight, screen: window.innerHeight,"
    " width: doc.scrollWidth, inner: doc.clientWidth};")


# The least board for (variant, games) at 1280x800. Before: four games of long names 250 px
# beside a names' column of 150 (155 px empty below them), of short names 310 (side panel 360);
# six games 206 px (two across, each beside its names, beside a side panel of 360), then 211
# beside one of 310, eight 220. Six games' cards packed, their names above and below the board:
# 264 px. Eight games' boards 220 px beside a side panel of 310, mostly empty below the
# standings: 226 beside one of 280.
LEAST = {("long", 4): 320, **{(v, g): b for v in ("standard", "6x6") for g, b in ((4, 330), (6, 260), (8, 224))}}


def boards_use_the_screen(lb):
    for variant, games in [("long", 4), *((v, g) for v in ("standard", "6x6") for g in (4, 6, 8))]:
        where = f"{games} games of {variant} at 1280x800"
        with lb.live_match(hall(lb, variant, games), 1280, 800) as (d, _, _match):
            lb.all_running(d, games, where)
            seen = d.execute_script(MEASURE)
            d.save_screenshot(os.path.join(lb.OUT, f"live-sizes-{variant}-{games}-1280.png"))
            lb.let_go(d)
        print(f"live page, {where}: boards {sorted(set(seen['boards']))} px, digits {seen['digit']:.1f} px,"
              f" {seen['empty']} px empty below the cards, side panel {seen['panel']} px,"
              f" page {seen['height']}x{seen['width']} on {seen['screen']}x{seen['inner']}")
        assert not seen["overlap"] and not seen["cut"], f"{where}: cards overlap or cut: {seen}"
        # (Five games or more: the tables below the boards, every card on the first screen.)
        assert (seen["height"] <= seen["screen"] or seen["hall"]) and seen["width"] <= seen["inner"], f"{where}: the page scrolls: {seen}"
        assert seen["empty"] >= 0, f"{where}: a card below the first screen: {seen}"
        assert min(seen["boards"]) >= LEAST[(variant, games)], \
            f"{where}: boards of {seen['boards']} px, not {LEAST[(variant, games)]} or more"
        # (Five games or more: the tables' headings follow the boards there.)
        assert seen["empty"] <= 40 or seen["hall"], f"{where}: {seen['empty']} px empty below the cards"


HELD = """
window.heldEnds = {};
setInterval(() => { for (const c of document.querySelectorAll('#games .game.ended-game')) {
  const r = c.querySelector('.roll'), m = c.querySelector('.moves');
  const lines = new Set([...r.querySelectorAll('*')].filter((e) => !e.children.length && e.textContent.trim())
    .map((e) => Math.round(e.getBoundingClientRect().top))).size;
  const px = (e) => parseFloat(getComputedStyle(e).fontSize);
  const least = Math.min(...[...r.querySelectorAll('*')].filter((e) => !e.children.length && e.textContent.trim()).map(px));
  window.heldEnds[c.id] = {roll: r.innerText.replace(/\\n/g, ' '), moves: m.innerText, title: r.title, lines,
    type: [least, px(r)],
    cut: r.scrollWidth > r.clientWidth + 1 || r.scrollHeight > r.clientHeight + 1}; } }, 100);
"""


def end_reads_whole(lb):
    names = ("Alphabetic", "Bravissimo")
    for width, height in ((390, 844), (1280, 800)):
        where = f"eight games of names of ten letters at {width}x{height}, their ends"
        args = ["match", "--engine", "self", f"name={names[0]}", "--engine", "self", f"name={names[1]}",
                "--games", "16", "--concurrency", "8", "--movetime", "100", "--live-linger", "2"]
        with lb.live_match(args, width, height) as (d, _, match):
            d.execute_script(HELD)
            lb.wait_for(f"{where}: a card held on its end", lambda: d.execute_script("return Object.keys(window.heldEnds).length;"))
            d.save_screenshot(os.path.join(lb.OUT, f"live-ends-{width}.png"))
            lb.until_the_end(d, match, where)
            held = d.execute_script("return window.heldEnds;")
        assert held, f"{where}: no card held on its end"
        for k, e in held.items():
            # The whole line in the title: "Red (Alphabetic) won (goal)".
            why = re.fullmatch(r"(Red|Blue) \((.+)\) won \((.+)\)", e["title"])
            assert why, f"{where}: {k}: the result's title {e['title']!r}"
            # The winner by name, cut with an ellipsis where it leaves no room (never the colour
            # alone: "Red won (goal)" beside "Alphabetic won (goal)").
            # (Where the line is narrow, short: "Alphabetic won", how in the title.)
            said = re.fullmatch(rf"(.+) won( \({re.escape(why.group(3))}\))?", " ".join(e["roll"].split()))
            head, _, tail = said.group(1).partition("…") if said else ("", "", "")
            # (A page that opened with one game left lays it out alone, its result in full.)
            named = said and (said.group(1) in (why.group(2), f"{why.group(1)} ({why.group(2)})") or (
                "…" in said.group(1) and len(head) >= 3 and why.group(2).startswith(head) and why.group(2).endswith(tail)))
            assert named and e["lines"] == 1 and not e["cut"], \
                f"{where}: {k} held on its end does not say who won and how on one line: {e}"
            assert not e["moves"].startswith(why.group(3)), f"{where}: {k}: how it ended on the moves line: {e}"
            # In the line's own type: a result shrunk to fit read smaller than the lines around it.
            assert e["type"][0] >= e["type"][1], f"{where}: {k}: its result in smaller type than its line: {e}"
        print(f"live page, {where}: {len(held)} held cards, each end on one line:"
              f" {sorted(set(' '.join(e['roll'].split()) for e in held.values()))[:4]}")


def all_checks(lb):
    boards_use_the_screen(lb)
    end_reads_whole(lb)
