"""Checks of the live page's edges, called by live_browser.py (which passes itself, `lb`, for its
helpers: `live_match`, `wait_for`, `OUT`).

- `no_strip_at_edge` (one game and four at once at 1280x800, paced, sampled every 100 ms to the
  final screen): where the page does not scroll, it is as wide as the screen: no empty strip
  down its right edge (the arena's stable scroll bar gutter left 15 px there on every desktop
  screen), and its root keeps no stable scroll bar gutter (a desktop browser with classic scroll
  bars reserves the strip with it even where the page does not scroll; headless Chromium here
  leaves it out, so the style is read too).
"""

import os

SAMPLE = """
window.edge = {looks: 0, strips: {}, timer: setInterval(() => {
  const html = document.documentElement;
  if (html.scrollHeight > window.innerHeight) return;
  window.edge.looks += 1;
  const strip = window.innerWidth - html.clientWidth;
  if (strip > 0) window.edge.strips[strip] = (window.edge.strips[strip] || 0) + 1;
}, 100)};
"""


def no_strip_at_edge(lb):
    looks = 0
    for games in (1, 4):
        where = f"{games} game(s) at once at 1280x800"
        args = ["--variant", "3x3", "match", "--engine", "self", "--engine", "greedy", "--games", str(games + 1),
                "--concurrency", str(games), "--movetime", "50", "--pace", "300", "--live-linger", "2"]
        with lb.live_match(args, 1280, 800) as (d, _, match):
            d.execute_script(SAMPLE)
            lb.wait_for(f"{where}: the final screen", lambda: d.execute_script(
                "return document.body.classList.contains('ended');") or match.poll() is not None)
            d.save_screenshot(os.path.join(lb.OUT, f"live-edge-{games}-1280.png"))
            seen = d.execute_script("clearInterval(window.edge.timer); return window.edge;")
            gutter = d.execute_script("return getComputedStyle(document.documentElement).scrollbarGutter;")
        print(f"live page, {where}: {seen['looks']} looks at a page that does not scroll, strips at its right edge"
              f" (px: looks): {seen['strips']}, its scroll bar gutter {gutter!r}")
        assert gutter == "auto", f"{where}: the page keeps a scroll bar gutter ({gutter!r}): a strip down its right edge"
        looks += seen["looks"]
        assert not seen["strips"], f"{where}: an empty strip down the right edge (px: looks): {seen['strips']}"
    # (One game's page scrolls most of the time, at times throughout: four games' does not.)
    assert looks > 0, "1 and 4 games at 1280x800: the page always scrolled"


def all_checks(lb):
    no_strip_at_edge(lb)
