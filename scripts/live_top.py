"""Checks of the live page's top bar, called by live_browser.py (which passes itself, `lb`, for
its helpers: `live_match`, `wait_for`, `OUT`).

- `news_one_line` (two and eight games at once at 1280x800, names of 17 and 20 letters, 3x3,
  paced), sampled every 100 ms: the status line's news of games' ends is 18 px or more, on one
  line, never cut by its box (two ends ran on after the counts in 15 px over two lines, 16 px in
  a hall of eight, where a shorter form fitted one line).
"""

import collections

NEWS = """
window.nn = []; setInterval(() => { const n = document.querySelector('#status .news');
  if (n && n.textContent.trim()) { const r = document.createRange(); r.selectNodeContents(n);
    const tops = new Set([...r.getClientRects()].filter((x) => x.width > 0).map((x) => Math.round(x.top)));
    window.nn.push([parseFloat(getComputedStyle(n).fontSize), tops.size, n.scrollWidth > n.clientWidth + 1, n.textContent]); } }, 100);
"""


def news_one_line(lb):
    for games in (2, 8):
        where = f"{games} games at once at 1280x800, names of 17 and 20 letters"
        args = ["--variant", "3x3", "match", "--engine", "self", "name=Grandmaster_Alpha", "--engine", "greedy",
                "name=GreedyBaselinePlayer", "--games", str(2 * games + 2), "--concurrency", str(games),
                "--movetime", "20", "--pace", "700", "--live-linger", "1"]
        seen = lb.sampled_match(args, 1280, 800, where, NEWS, "return window.nn;")
        forms = collections.Counter((px, lines, cut) for px, lines, cut, _ in seen)
        bad = sorted({(px, lines, cut, text) for px, lines, cut, text in seen if px < 18 or lines > 1 or cut})
        print(f"live page, {where}: the news (px, lines, cut: samples) {dict(forms)}")
        assert seen, f"{where}: no news of an end seen"
        assert not bad, f"{where}: news small, on two lines or cut (px, lines, cut, text): {bad[:4]}"


def all_checks(lb):
    news_one_line(lb)
