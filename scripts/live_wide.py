"""Checks of long names while two to four games play at once at 1280x800, called by
live_browser.py (which passes itself, `lb`, for its helpers: `live_match`, `wait_for`, `OUT`).

- `finished_names_roomy` (three games at once, names of 20 and 42 letters): a name in the
  finished games takes two lines at most and is cut once at most (its column was about 85 px:
  "Universität-Hamburg-Einstein-Team-Longname" ran over five lines, each word cut in its middle).
- `cards_names_large` (three and four games at once, names of 20 and 21 letters): a card's names
  16 px or more (13 px in a column of 110-120 px), broken only between words ("Alexandri" /
  "na_Longname").
"""

import os

NAMES = ("Alexandrina_Longname", "Universität-Hamburg-Einstein-Team-Longname", "Bo")

# Sampled every 200 ms: each name's cell in the finished games (its lines, its ellipses, whether
# its box cuts it) and each running card's name (its type, a line broken inside a word).
SAMPLE = """
window.wide = {cells: {}, cards: {}, samples: 0, timer: setInterval(() => {
  const lines = (el) => { const tops = new Set();
    for (let w = document.createTreeWalker(el, NodeFilter.SHOW_TEXT), t = w.nextNode(); t; t = w.nextNode())
      for (let i = 0; i < t.length; i += 1) { const r = document.createRange(); r.setStart(t, i); r.setEnd(t, i + 1);
        const b = r.getBoundingClientRect(); if (b.width) tops.add(Math.round(b.top / 4)); }
    return tops.size; };
  const mid = (el) => { let prev = null, found = '';
    for (let w = document.createTreeWalker(el, NodeFilter.SHOW_TEXT), t = w.nextNode(); t; t = w.nextNode())
      for (let i = 0; i < t.length; i += 1) { const r = document.createRange(); r.setStart(t, i); r.setEnd(t, i + 1);
        const b = r.getBoundingClientRect(); if (!b.width) continue; const c = t.data[i];
        if (prev && b.top > prev.top + 2 && !/[_ \\-]/.test(prev.c) && !(/[a-z]/.test(prev.c) && /[A-Z]/.test(c))) found = `${prev.c}/${c}`;
        prev = {top: b.top, c}; }
    return found; };
  for (const td of document.querySelectorAll('#finished tr:not(.movesrow) td:nth-child(2), #finished tr:not(.movesrow) td:nth-child(3)')) {
    if (!td.getBoundingClientRect().width) continue;
    const name = td.title || td.textContent;
    const seen = {text: td.textContent, lines: lines(td), cuts: (td.textContent.match(/\u2026/g) || []).length,
      boxCut: td.scrollWidth > td.clientWidth + 1, width: Math.round(td.clientWidth), px: parseFloat(getComputedStyle(td).fontSize)};
    const was = window.wide.cells[name];
    if (!was || seen.lines > was.lines || seen.cuts > was.cuts || seen.boxCut) window.wide.cells[name] = seen;
  }
  if (!document.body.classList.contains('ended')) {
    for (const b of document.querySelectorAll('#games .game:not(.ended-game) .side .who b')) {
      if (!b.getBoundingClientRect().width) continue;
      const name = b.title || b.textContent, px = parseFloat(getComputedStyle(b).fontSize), m = mid(b);
      const was = window.wide.cards[name] || {px: 99, mid: '', width: 9999, board: 9999};
      const board = Math.round(b.closest('.game').querySelector('.board').getBoundingClientRect().width);
      window.wide.cards[name] = {px: Math.min(was.px, px), mid: was.mid || m, text: m ? b.textContent : was.text,
        width: Math.min(was.width, Math.round(b.closest('.who').clientWidth)), board: Math.min(was.board, board)};
    }
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
    where = "three games at once of names of 20 and 42 letters at 1280x800"
    seen = _watch(lb, 3, where, 4)
    cells = seen["cells"]
    print(f"live page, {where}: {seen['samples']} samples, the finished games' names (name: lines, ellipses,"
          f" box cut, cell px, type px) { {n: (c['lines'], c['cuts'], c['boxCut'], c['width'], c['px']) for n, c in cells.items()} }")
    assert all(n in cells for n in NAMES[:2]), f"{where}: a long name never seen in the finished games: {list(cells)}"
    bad = {n: c for n, c in cells.items() if c["lines"] > 2 or c["cuts"] > 1 or c["boxCut"]}
    assert not bad, f"{where}: names on more than two lines or cut more than once: {bad}"


def cards_names_large(lb):
    for games in (3, 4):
        where = f"{games} games at once of names of 20 and 42 letters at 1280x800"
        seen = _watch(lb, games, where, 2)
        cards = seen["cards"]
        print(f"live page, {where}: {seen['samples']} samples, the cards' names (name: type px, broken inside a word,"
              f" name's box px, board px) { {n: (c['px'], c['mid'], c['width'], c['board']) for n, c in cards.items()} }")
        assert all(n in cards for n in NAMES[:2]), f"{where}: a long name never seen on a card: {list(cards)}"
        small = {n: c["px"] for n, c in cards.items() if c["px"] < 16}
        assert not small, f"{where}: a card's names in type under 16 px: {small}"
        broken = {n: (c["mid"], c["text"]) for n, c in cards.items() if c["mid"]}
        assert not broken, f"{where}: a card's names broken inside a word (letters either side): {broken}"


def all_checks(lb):
    finished_names_roomy(lb)
    cards_names_large(lb)
