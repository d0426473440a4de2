"""Checks that the live page uses its room, called by live_browser.py (which passes itself,
`lb`, for its helpers: `live_match`, `round_robin`, `all_running`, `let_go`, `OUT`).

- `six_as_large_as_eight` (a round robin of four names of 10-11 letters, standard, four, six and
  eight games at once at 1280x800, and eight at 390x844): six games' boards are as large as
  eight's or larger (239 px where eight had 260: six cards' moves took two lines), each card
  whole on the first screen; the names and clocks of the games in progress are 16 px or more
  on the wide screen (they were 13-15 and 14-15) and 13 px or more on the phone (clocks 11),
  no name cut.
- `title_uses_room` (four players of 17-25 letters, eight at once at 1280x800): the title bar
  names two players or more ("standard · Grandmaster_Alpha and 3 more" with ~500 px free beside
  it), the status line beside it still whole.
- `long_names_in_their_cards` (3x3, three players of 5-30 letters, two of them words with no
  break, four games at once at 1280x800, watched to the match's end): no card's heading is
  squeezed and none of its lines reaches below its foot. With the names in 16 px type beside
  four boards, "GreedyGreedyGreedyGreedy" broke over four lines, squeezed "Game 8" to 6 px under
  the red name and ran the last move past the card (a new organiser saw it in half the samples).
"""

import os
import time

NAMES = ("Wilhelmina", "Alessandro", "Maximiliane", "Bartholomew")

# What a card of a game in progress shows: its board's width, where it ends, the type of its
# names and clocks, and whether each name is whole.
LOOK = """
const px = (e) => e ? parseFloat(getComputedStyle(e).fontSize) : 0;
const cards = [...document.querySelectorAll('#games .game:not(.ended-game)')].map((c) => {
  const r = c.getBoundingClientRect();
  return {board: Math.round(c.querySelector('.board').getBoundingClientRect().width), bottom: Math.round(r.bottom),
    right: Math.round(r.right), names: Math.min(...[...c.querySelectorAll('.side .who b')].map(px)),
    cut: [...c.querySelectorAll('.side .who b')].filter((b) => b.textContent !== b.title
      || b.closest('.who').scrollWidth > b.closest('.who').clientWidth + 1).map((b) => b.textContent),
    clocks: Math.min(...[...c.querySelectorAll('.side .clock')].map(px))}; });
return {cards, screen: window.innerHeight, width: document.documentElement.clientWidth};
"""


def look(lb, games, width, height):
    where = f"{games} games at once of names of 10-11 letters at {width}x{height}"
    args = lb.round_robin(NAMES, games, 400, variant="standard", movetime=100)
    with lb.live_match(args, width, height) as (d, _, _match):
        lb.all_running(d, games, where)
        seen = d.execute_script(LOOK)
        d.save_screenshot(os.path.join(lb.OUT, f"live-larger-{games}-{width}.png"))
        lb.let_go(d)
    c = seen["cards"]
    boards = sorted({x["board"] for x in c})
    names, clocks = min(x["names"] for x in c), min(x["clocks"] for x in c)
    cut = sorted({n for x in c for n in x["cut"]})
    print(f"live page, {where}: boards {boards} px, names {names} px, clocks {clocks} px, cut {cut},"
          f" cards' bottoms to {max(x['bottom'] for x in c)} of {seen['screen']}")
    least = 16 if width > 900 else 13
    assert names >= least and clocks >= least, f"{where}: names {names} px, clocks {clocks} px, not {least} or more"
    assert not cut, f"{where}: names cut on the cards: {cut}"
    if width > 900:
        off = [x for x in c if x["bottom"] > seen["screen"] or x["right"] > seen["width"]]
        assert not off, f"{where}: cards off the first screen: {off}"
    return boards[0]


def six_as_large_as_eight(lb):
    look(lb, 4, 1280, 800)
    six = look(lb, 6, 1280, 800)
    eight = look(lb, 8, 1280, 800)
    print(f"live page, 1280x800: six games' boards {six} px, eight games' {eight} px")
    assert six >= eight, f"six games' boards {six} px, smaller than eight games' {eight} px"
    look(lb, 8, 390, 844)


def title_uses_room(lb):
    where = "four long names, eight at once at 1280x800"
    with lb.live_match(lb.long_name_round_robin(4, 300, 400, 2, concurrency=8), 1280, 800) as (d, _, _match):
        lb.all_running(d, 8, where)
        seen = d.execute_script(
            "const t = document.getElementById('title'), h = t.parentElement, s = document.getElementById('status');"
            "return {title: t.textContent, width: Math.round(h.getBoundingClientRect().width),"
            " status: Math.round(s.getBoundingClientRect().width), statusWhole: s.scrollWidth <= s.clientWidth};")
        lb.let_go(d)
    named = [n for n in lb.LONG_NAMES if n in seen["title"]]
    print(f"live page, {where}: the title {seen['title']!r} in {seen['width']} px, the status beside it {seen['status']} px,"
          f" whole: {seen['statusWhole']}")
    assert len(named) >= 2, f"{where}: the title names {len(named)} player(s): {seen}"
    assert seen["statusWhole"], f"{where}: the status cut: {seen}"


# Each card that needs more height than it has: its heading squeezed, or a line of it below
# its foot.
SPILLS = """
return [...document.querySelectorAll('#games .game')].map((c) => {
  const foot = c.getBoundingClientRect().bottom + 1, h = c.querySelector('h3');
  const below = [...c.querySelectorAll(':scope > *')].filter((e) => e.getBoundingClientRect().height > 1
    && e.getBoundingClientRect().bottom > foot).map((e) => e.className);
  return {card: c.id, heading: Math.round(h.getBoundingClientRect().height), squeezed: h.scrollHeight > h.clientHeight + 1, below};
}).filter((c) => c.squeezed || c.below.length);
"""


def long_names_in_their_cards(lb):
    where = "3x3, names of 5-30 letters, four games at once at 1280x800"
    args = ["--variant", "3x3", "match", "--engine", "name=Supercalifragilistic_Engine_v2", "cmd=self",
            "--engine", "name=GreedyGreedyGreedyGreedy", "cmd=greedy", "--engine", "name=Randy", "cmd=random",
            "--tournament", "round-robin", "--games", "6", "--concurrency", "4", "--movetime", "30", "--seed", "1",
            "--pace", "1000", "--live-linger", "3"]
    samples, bad, spilt = 0, 0, []
    with lb.live_match(args, 1280, 800) as (d, _, match):
        while match.poll() is None and not d.execute_script("return document.body.classList.contains('ended');"):
            seen = d.execute_script(SPILLS)
            samples += 1
            if seen and not spilt or samples == 20:
                d.save_screenshot(os.path.join(lb.OUT, "live-spilt-card.png" if seen else "live-long-names-4.png"))
            bad += bool(seen)
            spilt += seen
            time.sleep(0.3)
    print(f"live page, {where}: {bad} of {samples} samples with a card needing more than its height, e.g. {spilt[:2]}")
    assert samples >= 10, f"{where}: the match ended before the page was watched ({samples} samples)"
    assert not spilt, f"{where}: cards squeezed or run past their foot in {bad} of {samples} samples: {spilt[:3]}"


def all_checks(lb):
    six_as_large_as_eight(lb)
    title_uses_room(lb)
    long_names_in_their_cards(lb)
