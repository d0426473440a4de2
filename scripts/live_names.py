"""Checks of the live page for an organiser whose players have long names, called by
live_browser.py (which passes itself, `lb`, for its helpers: `browser`, `live_address`,
`wait_for`, `OUT`, `LONG_NAMES`, `EWN`).

- `long_names_read` (a round robin of four names of 17 to 25 letters, one game at a time at
  1280x800, its names beside its board, and three at once at 390x844), sampled every 100 ms
  from the first card to the final screen: each name whole in the finished games (cut to
  "Grandmas…" in a cell of 89 px) and in the report's tables (cut at 8 em while the match ran),
  never a stub of a name (fewer than eight letters) on the status line ("Greed… won game 1"); a
  card's last-move line keeps its place as the line above it turns into the game's result (a
  result on two lines moved it 26 px on a card alone; a result's line shorter than the die's,
  8 px); the report, opened and scrolled to, stays still as new games' rows come (the panel
  scrolled by itself, 154 px); and once the match is over, the page's report is the summary
  the match printed, to its last line ("Wall time ..." was missing), and each last board names
  its players and its winner whole.
- `one_space_to_move` (one game at a time, its card alone at 1280x800): "Red to move" with one
  space's room between the side and its words (the box kept as wide as "Blue" showed
  "Red  to move").
"""

import contextlib
import json
import os
import shutil
import subprocess
import tempfile
import time
import urllib.request

# Sampled every 100 ms while the match runs.
SAMPLE = """
window.nm = {cutNames: {}, stubs: {}, moved: {}, jumps: [], rows: 0, anchor: null, reportCut: {}};
// A word too wide for its cell even in 11 px may be cut in its middle, its start and its end
// kept ("Grand…ster_" and "Alpha", the whole name in the cell's title): never cut at its end.
const middleCut = (td) => [...td.querySelectorAll('.word')].every((w) => {
  const [head, tail, more] = w.textContent.split('…');
  return !w.dataset.full ? !w.textContent.includes('…')
    : more === undefined && tail !== undefined && head.length >= 2 && tail.length >= 2
      && w.dataset.full.startsWith(head) && w.dataset.full.endsWith(tail);
});
window.nmTimer = setInterval(() => {
  if (document.body.classList.contains('ended')) return;
  const nm = window.nm, cut = (e) => e.scrollWidth > e.clientWidth + 1;
  for (const td of document.querySelectorAll('#finished tr:not(.movesrow) td:nth-child(2), #finished tr:not(.movesrow) td:nth-child(3)'))
    if (cut(td) || (td.textContent !== td.title && !middleCut(td))) nm.cutNames[td.title] = [td.textContent, td.scrollWidth, td.clientWidth];
  for (const th of document.querySelectorAll('#standings tbody th'))
    if (th.getBoundingClientRect().width && cut(th)) nm.reportCut[th.title] = [th.scrollWidth, th.clientWidth];
  const st = document.getElementById('status').textContent;
  if (/(^|[\\s:;(])[^\\s(]{1,7}… won/.test(st)) nm.stubs[st] = 1;
  // The last-move line's place in its card, per card, while it runs and as it is held on its end.
  for (const c of document.querySelectorAll('#games .game')) {
    const m = c.querySelector('.moves');
    if (!m.getBoundingClientRect().height) continue;
    const at = Math.round(m.getBoundingClientRect().top - c.getBoundingClientRect().top);
    (nm.moved[c.id] || (nm.moved[c.id] = {}))[at] = c.querySelector('.roll').textContent;
  }
  // The report's first piece where the reader put it, as new rows come (the reader never
  // scrolls again).
  const rows = document.querySelectorAll('#finished tr:not(.movesrow)').length;
  const piece = document.querySelector('#report[open] #standings > *');
  const top = piece ? Math.round(piece.getBoundingClientRect().top) : null;
  if (nm.anchor !== null && top !== null && Math.abs(top - nm.anchor) > 2)
    nm.jumps.push([nm.rows, rows, nm.anchor, top]);
  nm.rows = rows;
  nm.anchor = top;
}, 100);
"""


@contextlib.contextmanager
def match_with_summary(lb, args, width, height):
    """`ewn ARGS --live 0 --quiet` watched at width x height, as `live_match` does, its standard
    output kept: yields (driver, address, the output's file)."""
    err = tempfile.NamedTemporaryFile(prefix="ewn-live-", suffix=".log", delete=False)
    out = tempfile.NamedTemporaryFile(prefix="ewn-live-", suffix=".out", delete=False)
    match = subprocess.Popen([lb.EWN, *lb.steady(args), "--live", "0", "--quiet"], stdout=out, stderr=err)
    profile = tempfile.mkdtemp(prefix="ewn-live-chromium-")
    d = None
    try:
        url = lb.live_address(err.name)
        d = lb.browser(width, height, profile)
        d.get(url)
        yield d, url, out.name
    finally:
        if d:
            d.quit()
        match.kill()
        match.wait()
        for f in (err, out):
            f.close()
            os.unlink(f.name)
        shutil.rmtree(profile, ignore_errors=True)


def long_names_read(lb):
    long_names_read_wide(lb)
    long_names_read_phone(lb)


def long_names_read_wide(lb):
    """One game at a time: its card alone, the names beside the board, where a result wraps."""
    long_names_read_at(lb, 1280, 800, 1)


def long_names_read_phone(lb):
    long_names_read_at(lb, 390, 844, 3)


def long_names_read_at(lb, width, height, games):
    where = f"four long names, {games} at once, at {width}x{height}"
    args = lb.long_name_round_robin(1, 50, 400, 20, concurrency=games)
    with match_with_summary(lb, args, width, height) as (d, url, out):
        d.execute_script(SAMPLE)
        lb.wait_for(f"{where}: a finished game", lambda: d.execute_script(
            "return document.querySelectorAll('#finished tr:not(.movesrow)').length >= 1;"))
        # The report opened and scrolled to, as a reader does, in the panel or the page.
        d.execute_script(
            "document.getElementById('report').open = true;"
            "document.getElementById('standings').scrollIntoView({block: 'start'});")
        lb.wait_for(f"{where}: the final screen", lambda: d.execute_script(
            "return document.body.classList.contains('ended');"))
        time.sleep(1)
        nm = d.execute_script("clearInterval(window.nmTimer); return window.nm;")
        # The report closed: the last boards back in its place.
        d.execute_script("document.getElementById('report').open = false; window.scrollTo(0, 0);")
        time.sleep(0.3)
        final = d.execute_script(
            "return [...document.querySelectorAll('#last-boards .res-name, #last-boards .result-line, #last-boards .names b')]"
            ".filter((e) => e.scrollWidth > e.clientWidth + 1 || /…/.test(e.textContent)).map((e) => e.textContent);")
        d.save_screenshot(os.path.join(lb.OUT, f"live-names-final-{width}.png"))
        with urllib.request.urlopen(url.rstrip("/") + "/api/live") as r:
            report = json.load(r)["standings"]
        time.sleep(0.5)
        with open(out) as f:
            printed = f.read()
    # Every fault found, each said (a first one hid the others).
    moved = {c: at for c, at in nm["moved"].items() if len(at) > 1}
    faults = [
        (nm["cutNames"], f"names cut in the finished games (text, px needed, px): {nm['cutNames']}"),
        (nm["reportCut"], f"names cut in the report's tables (px needed, px): {nm['reportCut']}"),
        (nm["stubs"], f"stubs of names on the status line: {list(nm['stubs'])[:3]}"),
        (moved, f"last-move lines moved in their cards (card: {{px: the line above}}): {moved}"),
        (width >= 700 and nm["rows"] < 3, f"only {nm['rows']} rows seen with the report open"),
        (nm["jumps"], f"the opened report moved as rows came (rows before, after, px before, after): {nm['jumps']}"),
        ("\nWall time " not in report, f"the page's report has no wall time: ...{report[-120:]!r}"),
        (not printed.endswith(report),
         f"the page's report is not the summary printed: page ...{report[-120:]!r}, printed ...{printed[-120:]!r}"),
        (final, f"final boards' results cut: {final}"),
    ]
    said = [words for fault, words in faults if fault]
    assert not said, f"{where}:\n  " + "\n  ".join(said)
    print(f"live page, {where}: names whole in the tables and the status line, last-move lines kept,"
          f" the report still through {nm['rows']} rows, the page's report the printed summary")


def one_space_to_move(lb):
    """A card alone: between the side's name and "to move" the room of one space, whichever
    side is to move."""
    where = "one game at a time at 1280x800"
    args = ["match", "--engine", "self", "--engine", "greedy", "--games", "2", "--concurrency", "1",
            "--movetime", "50", "--pace", "300", "--live-linger", "2"]
    with lb.live_match(args, 1280, 800) as (d, _, _match):
        d.execute_script(
            "window.gaps = {}; window.gapTimer = setInterval(() => {"
            " const slot = document.querySelector('#games .game .roll .mv-slot'); if (!slot) return;"
            " const name = slot.firstElementChild.firstChild, tm = slot.closest('.roll').querySelector('.tm');"
            " if (!tm || !name) return;"
            " const r = document.createRange(); r.selectNodeContents(name);"
            " const end = r.getBoundingClientRect().right;"
            " r.selectNodeContents(tm.firstChild); const rects = [...r.getClientRects()];"
            " const t = document.createRange(); t.setStart(tm.firstChild, 1); t.setEnd(tm.firstChild, 2);"
            " const start = t.getBoundingClientRect().left, space = t.getBoundingClientRect().left - rects[0].left;"
            " if (rects.length) window.gaps[name.textContent] = [Math.round(start - end), Math.round(space)]; }, 50);")
        lb.wait_for(f"{where}: both sides to move", lambda: d.execute_script(
            "return Object.keys(window.gaps).length >= 2 || document.body.classList.contains('ended');"))
        gaps = d.execute_script("clearInterval(window.gapTimer); return window.gaps;")
        single = d.execute_script("return document.getElementById('games').classList.contains('single');")
    assert single, f"{where}: the card is not alone"
    assert set(gaps) == {"Red", "Blue"}, f"{where}: seen to move: {gaps}"
    wide = {side: g for side, g in gaps.items() if g[0] > g[1] + 1}
    assert not wide, f"{where}: more than a space between the side and 'to move' (px, a space's px): {wide}"
    print(f"live page, {where}: one space after the side to move ({gaps})")


def all_checks(lb):
    one_space_to_move(lb)
    long_names_read(lb)
