"""Checks of long names while two to four games play at once at 1280x800, called by
live_browser.py (which passes itself, `lb`, for its helpers: `live_match`, `wait_for`, `OUT`).

- `finished_names_roomy` (three and four games at once, names of 20 and 42 letters): a name in
  the finished games takes two lines at most and is cut once at most, never by its box, in 14 px
  or more (four games: a column of 72 px, 11 px, "Universität-Hamburg-Einstein-Team-Longname"
  over five lines, "Alexandrina_Longname" cut).
"""

import os

NAMES = ("Alexandrina_Longname", "Universität-Hamburg-Einstein-Team-Longname", "Bo")

# Sampled every 200 ms: each name's cell in the finished games (its lines, its ellipses, whether
# its box cuts it), the worst seen of each name kept.
SAMPLE = """
window.wide = {cells: {}, samples: 0, timer: setInterval(() => {
  const lines = (el) => { const tops = new Set();
    for (let w = document.createTreeWalker(el, NodeFilter.SHOW_TEXT), t = w.nextNode(); t; t = w.nextNode())
      for (let i = 0; i < t.length; i += 1) { const r = document.createRange(); r.setStart(t, i); r.setEnd(t, i + 1);
        const b = r.getBoundingClientRect(); if (b.width) tops.add(Math.round(b.top / 4)); }
    return tops.size; };
  for (const td of document.querySelectorAll('#finished tr:not(.movesrow) td:nth-child(2), #finished tr:not(.movesrow) td:nth-child(3)')) {
    if (!td.getBoundingClientRect().width) continue;
    const name = td.title || td.textContent;
    const seen = {text: td.textContent, lines: lines(td), cuts: (td.textContent.match(/\u2026/g) || []).length,
      boxCut: td.scrollWidth > td.clientWidth + 1, width: Math.round(td.clientWidth), px: parseFloat(getComputedStyle(td).fontSize)};
    const was = window.wide.cells[name];
    if (!was || seen.lines > was.lines || seen.cuts > was.cuts || seen.boxCut || seen.px < was.px) window.wide.cells[name] = seen;
  }
  window.wide.samples += 1;
}, 200)};
"""


def _watch(lb, games, where, finished):
    args = ["match"]
    for name in NAMES:
        args += ["--engine", "self", f"name={name}"]
    args += ["--tournament", "round-robin", "--games", "2", "--concurrency", str(games),
             "--movetime", "150", "--pace", "300", "--live-linger", "2"]
    with lb.live_match(args, 1280, 800) as (d, _, match):
        d.execute_script(SAMPLE)
        lb.wait_for(f"{where}: {finished} finished games", lambda: d.execute_script(
            f"return document.querySelectorAll('#finished tr:not(.movesrow)').length >= {finished}"
            " || document.body.classList.contains('ended');") or match.poll() is not None)
        d.save_screenshot(os.path.join(lb.OUT, f"live-wide-{games}-1280.png"))
        return d.execute_script("clearInterval(window.wide.timer); return window.wide;")


def finished_names_roomy(lb):
    for games in (3, 4):
        where = f"{games} games at once of names of 20 and 42 letters at 1280x800"
        seen = _watch(lb, games, where, 4)
        cells = seen["cells"]
        print(f"live page, {where}: {seen['samples']} samples, the finished games' names (name: lines, ellipses,"
              f" box cut, cell px, type px) { {n: (c['lines'], c['cuts'], c['boxCut'], c['width'], c['px']) for n, c in cells.items()} }")
        assert all(n in cells for n in NAMES[:2]), f"{where}: a long name never seen in the finished games: {list(cells)}"
        bad = {n: c for n, c in cells.items() if c["lines"] > 2 or c["cuts"] > 1 or c["boxCut"] or c["px"] < 14}
        assert not bad, f"{where}: names on more than two lines, cut more than once or under 14 px: {bad}"


def all_checks(lb):
    finished_names_roomy(lb)
