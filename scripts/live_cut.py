"""Checks of where the live page cuts long names, called by live_browser.py (which passes itself,
`lb`, for its helpers: `live_match`, `wait_for`, `OUT`, `LONG_NAMES`).

- `title_names_both` (two players of 25 and 26 letters, at 1280x800 and 390x844): the title bar
  shows both players, each cut in its middle if need be (its start and end kept), never one
  alone (the bar's ellipsis left "standard · Grandmaster_Alpha_Centauri, Gree…").
- `title_names_both_throughout` (two players of 56 and 2 letters, and of 26 and 3, at 1280x800
  and 390x844, sampled every 100 ms to the final screen): at every look the title bar is not
  cut by its box and names both players, a short one whole (a new organiser saw "B…" for
  "Bob" on a phone, and "…WithoutBreaks,…" where "Al" was lost).
- `ended_names_use_room` (four long names, three games at once at 1280x800, cards of ~430 px
  with their names beside the board), sampled every 50 ms: an ended card's result names its
  winner whole or cut in its middle, its start and end kept, ten letters at least (it said
  "Grandma… won", 7 letters, its second line empty), within the room its line keeps (the last
  move never moved down).
"""

import os

TWO = ("Grandmaster_Alpha_Centauri", "GreedyBaselinePlayerExtra")


def shown_apart(text, full, least):
    """Whether `text` is `full`, or `full` cut in its middle to `least` letters or more."""
    if text == full:
        return True
    head, _, tail = text.partition("…")
    return (len(head) >= 3 and len(tail) >= 3 and len(head) + len(tail) >= least
            and full.startswith(head) and full.endswith(tail))


def title_names_both(lb):
    for width, height in ((1280, 800), (390, 844)):
        where = f"two players of {len(TWO[0])} and {len(TWO[1])} letters at {width}x{height}"
        args = ["match", "--engine", "self", f"name={TWO[0]}", "--engine", "self", f"name={TWO[1]}",
                "--games", "2", "--movetime", "50", "--pace", "200", "--live-linger", "2"]
        with lb.live_match(args, width, height) as (d, _, _match):
            lb.wait_for(f"{where}: a card", lambda: d.find_elements(lb.By.CSS_SELECTOR, "#games .game"))
            lb.time.sleep(1)
            h1 = d.execute_script(
                "const h = document.querySelector('.top h1');"
                "return [document.getElementById('title').textContent, h.scrollWidth, h.clientWidth, h.scrollHeight, h.clientHeight];")
            d.save_screenshot(os.path.join(lb.OUT, f"live-title-two-{width}.png"))
        text, sw, cw, sh, ch = h1
        print(f"live page, {where}: the title bar says {text!r} ({sw} px of {cw}, {sh} px high of {ch})")
        assert sw <= cw + 1 and sh <= ch + 1, f"{where}: the title bar cut by its box ({sw} px of {cw}, {sh} of {ch}): {text!r}"
        names = text.split(" · ", 1)[-1].split(", ")
        assert len(names) == 2 and all(shown_apart(n, full, 8) for n, full in zip(names, TWO)), \
            f"{where}: the title bar does not show both players: {text!r}"


TITLES = """
window.titles = {looks: 0, seen: {}, timer: setInterval(() => {
  const h = document.querySelector('.top h1'), t = document.getElementById('title');
  if (!h || !t.textContent) return;
  window.titles.looks += 1;
  window.titles.seen[t.textContent] = [h.scrollWidth, h.clientWidth, h.scrollHeight, h.clientHeight, document.body.classList.contains('ended')];
}, 100)};
"""


def title_names_both_throughout(lb):
    pairs = (("ThisIsAnExtremelyLongSingleWordEngineNameWithoutBreaks", "Al", "3x3"),
             ("Team Alpha Centauri United", "Bob", "6x6"))
    for red, blue, variant in pairs:
        for width, height in ((1280, 800), (390, 844)):
            where = f"{variant}, two players of {len(red)} and {len(blue)} letters at {width}x{height}"
            args = ["--variant", variant, "match", "--engine", "self", f"name={red}", "--engine", "greedy", f"name={blue}",
                    "--games", "3", "--concurrency", "2", "--movetime", "20", "--pace", "150", "--live-linger", "30"]
            seen = lb.sampled_match(args, width, height, where, TITLES,
                                    "clearInterval(window.titles.timer); return window.titles;")
            bad = {}
            for text, (sw, cw, sh, ch, ended) in seen["seen"].items():
                names = text.split(" · ", 1)[-1].split(", ")
                whole = sw <= cw + 1 and sh <= ch + 1
                if not whole or len(names) != 2 or not all(shown_apart(n, f, min(8, len(f))) for n, f in zip(names, (red, blue))):
                    bad[text] = [sw, cw, sh, ch, "final" if ended else "running"]
            print(f"live page, {where}: {seen['looks']} looks, the title bar said {list(seen['seen'])}")
            assert seen["looks"] and any(e[4] for e in seen["seen"].values()), f"{where}: the final screen's title not seen: {seen}"
            assert not bad, f"{where}: the title bar cut by its box or not naming both players whole enough: {bad}"


ENDS = """
window.ends = {looks: 0, bad: {}, seen: {}, timer: setInterval(() => {
  for (const r of document.querySelectorAll('#games.wide .game .roll.game-over')) {
    const n = r.querySelector('.res-name');
    if (!n || !r.clientWidth) continue;
    window.ends.looks += 1;
    const room = parseFloat(getComputedStyle(r).minHeight) + 1;
    window.ends.seen[n.textContent] = [n.title, Math.round(r.getBoundingClientRect().width), r.scrollHeight, Math.round(room)];
    if (r.scrollHeight > room) window.ends.bad[n.textContent] = ['over its room', r.scrollHeight, room];
  } }, 50)};
"""


def ended_names_use_room(lb):
    where = "four long names, three games at once at 1280x800"
    args = lb.long_name_round_robin(1, 50, 300, 2, concurrency=3)
    ends = lb.sampled_match(args, 1280, 800, where, ENDS, "clearInterval(window.ends.timer); return window.ends;")
    cut = {text: seen for text, seen in ends["seen"].items() if not shown_apart(text, seen[0], 10)}
    print(f"live page, {where}: {ends['looks']} looks at ended cards' results, names shown (text: name, line px,"
          f" its height px, room px): {ends['seen']}")
    assert ends["seen"], f"{where}: no ended card beside its board seen"
    assert not cut, f"{where}: winners' names cut short or at their end: {cut}"
    assert not ends["bad"], f"{where}: results over their line's room: {ends['bad']}"


def all_checks(lb):
    title_names_both(lb)
    title_names_both_throughout(lb)
    ended_names_use_room(lb)
