"""Checks of the live page's header and cards for an organiser whose players have long names,
called by live_browser.py (which passes itself, `lb`, for its helpers: `live_match`, `wait_for`,
`OUT`, `LONG_NAMES`).

- `header_and_cards_whole` (a round robin of four names of 17 to 25 letters, three games at once
  at 1280x800), sampled every 100 ms from the page's first view to the final screen: the
  header's title whole ("standard · Grandmaster_Alpha a…" was cut) and the header as tall
  from the first view on (so that no board moves when the match starts); each running card's
  names whole (cut with an ellipsis at 17 letters and more) while its board keeps its size; and
  the report, opened during the match and closed on the final screen, gives the last boards
  back at the size a fresh look at the final screen shows (two of 150 px, where three of 220
  px and more belonged).
- `finished_fit_the_panel` (sixty quick 3x3 games at 1280x800): while the match runs the side
  panel shows the most recent finished games that fit above the screen's foot, and a line how
  many earlier ones there are; the final screen lists every game.
"""

import os
import time

SAMPLE = """
window.hc = {titles: {}, heads: {}, cutNames: {}, boards: {}, cards: 0};
window.hcTimer = setInterval(() => {
  const hc = window.hc, cut = (e) => e.scrollWidth > e.clientWidth + 1 || e.scrollHeight > e.clientHeight + 1;
  // The header from the first view through the final screen.
  const h1 = document.querySelector('.top h1');
  if (cut(h1) || /…/.test(h1.textContent)) hc.titles[h1.textContent] = [h1.scrollWidth, h1.clientWidth, h1.scrollHeight, h1.clientHeight];
  hc.heads[Math.round(document.querySelector('.top').getBoundingClientRect().height)] = h1.textContent;
  if (document.body.classList.contains('ended')) return;
  const cards = document.querySelectorAll('#games .game');
  hc.cards = Math.max(hc.cards, cards.length);
  for (const w of document.querySelectorAll('#games .game .side .who'))
    if (w.getBoundingClientRect().width && (cut(w) || /…/.test(w.textContent))) hc.cutNames[w.textContent] = [w.scrollWidth, w.clientWidth];
  if (cards.length === 3)
    for (const b of document.querySelectorAll('#games .game .board'))
      hc.boards[Math.round(b.getBoundingClientRect().width)] = 1;
}, 100);
"""

LAST_BOARDS = ("return [...document.querySelectorAll('#last-boards .board')]"
               ".map((b) => Math.round(b.getBoundingClientRect().width));")


def header_and_cards_whole(lb):
    where = "four long names, three at once, at 1280x800"
    args = lb.long_name_round_robin(1, 50, 400, 20, concurrency=3)
    with lb.live_match(args, 1280, 800) as (d, url, _match):
        d.execute_script(SAMPLE)
        lb.wait_for(f"{where}: three cards", lambda: d.execute_script(
            "return document.querySelectorAll('#games .game').length === 3;"))
        time.sleep(1)
        d.save_screenshot(os.path.join(lb.OUT, "live-cards-1280.png"))
        lb.wait_for(f"{where}: a finished game", lambda: d.execute_script(
            "return document.querySelectorAll('#finished tr:not(.movesrow)').length >= 1;"))
        d.execute_script("document.getElementById('report').open = true;")
        lb.wait_for(f"{where}: the final screen", lambda: d.execute_script(
            "return document.body.classList.contains('ended');"))
        time.sleep(1)
        hc = d.execute_script("clearInterval(window.hcTimer); return window.hc;")
        d.find_element("id", "report-close").click()
        time.sleep(0.5)
        closed = d.execute_script(LAST_BOARDS)
        d.save_screenshot(os.path.join(lb.OUT, "live-cards-final-closed-1280.png"))
        d.get(url)
        lb.wait_for(f"{where}: the final screen again", lambda: d.execute_script(
            "return document.body.classList.contains('ended') && document.querySelectorAll('#last-boards .board').length;"))
        time.sleep(0.5)
        fresh = d.execute_script(LAST_BOARDS)
    boards = sorted(int(w) for w in hc["boards"])
    faults = [
        (hc["titles"], f"the header's title cut (text: px needed, px; lines needed, px): {hc['titles']}"),
        (len(hc["heads"]) > 1, f"the header's height changed (px: title): {hc['heads']}"),
        (hc["cards"] < 3, f"only {hc['cards']} cards at once"),
        (hc["cutNames"], f"names cut on the running cards (text: px needed, px): {hc['cutNames']}"),
        # As large as before the names were whole (271 to 276 px).
        (not boards or boards[0] < 266, f"three cards' boards {boards} px, smaller than 266"),
        (closed != fresh, f"the last boards after the report closed {closed} px, on a fresh look {fresh} px"),
    ]
    said = [words for fault, words in faults if fault]
    print(f"live page, {where}: header {hc['heads']}, boards {boards} px, last boards {closed} / {fresh} px")
    assert not said, f"{where}:\n  " + "\n  ".join(said)
    print(f"live page, {where}: the title and the cards' names whole, the header still, the last boards"
          f" back at their size after the report")


PANEL = """
const rows = [...document.querySelectorAll('#finished tr:not(.movesrow)')];
const shown = rows.filter((tr) => tr.getBoundingClientRect().height > 0);
const p = document.querySelector('.side-panel'), more = document.getElementById('finished-more');
return {rows: rows.length, shown: shown.length, ended: document.body.classList.contains('ended'),
  bottom: Math.round(Math.max(0, ...shown.map((tr) => tr.getBoundingClientRect().bottom))), screen: window.innerHeight,
  scrolls: p.scrollHeight > p.clientHeight + 1, more: more && more.offsetHeight ? more.textContent : '',
  newest: shown.map((tr) => Number(tr.firstElementChild.textContent)), all: rows.map((tr) => Number(tr.firstElementChild.textContent))};
"""


def finished_fit_the_panel(lb):
    """Many finished games while the match runs at 1280x800 (3x3, quick games): the side panel
    shows the most recent that fit, above the screen's foot, without scrolling inside itself,
    and a line says how many earlier ones there are ("and 12 earlier games"); on the final
    screen every game is listed again. (Before: every game listed, the panel scrolling, its last
    rows past the foot.)"""
    where = "many finished 3x3 games at 1280x800"
    args = ["--variant", "3x3", "match", "--engine", "self", "--opponent", "greedy", "--games", "60",
            "--concurrency", "2", "--movetime", "20", "--pace", "150", "--live-linger", "2"]
    with lb.live_match(args, 1280, 800) as (d, _url, match):
        lb.wait_for(f"{where}: 30 finished games", lambda: d.execute_script(PANEL)["rows"] >= 30 or match.poll() is not None)
        seen = d.execute_script(PANEL)
        d.save_screenshot(os.path.join(lb.OUT, "live-finished-panel-1280.png"))
        lb.wait_for(f"{where}: the final screen", lambda: d.execute_script("return document.body.classList.contains('ended');"))
        final = d.execute_script(PANEL)
    print(f"live page, {where}: {seen['shown']} of {seen['rows']} finished games shown, ending at {seen['bottom']} px"
          f" on {seen['screen']}, {seen['more']!r}; on the final screen {final['shown']} of {final['rows']}")
    assert not seen["ended"], f"{where}: the match ended before 30 games were seen: {seen}"
    assert seen["bottom"] <= seen["screen"] and not seen["scrolls"], f"{where}: the finished games run past the foot: {seen}"
    hidden = seen["rows"] - seen["shown"]
    assert hidden > 0 and seen["more"].startswith(f"and {hidden} earlier game"), f"{where}: no line for the earlier games: {seen}"
    assert seen["newest"] == sorted(seen["all"], reverse=True)[:seen["shown"]], f"{where}: not the most recent shown: {seen}"
    assert final["shown"] == final["rows"] and not final["more"], f"{where}: the final screen lists not every game: {final}"


def all_checks(lb):
    header_and_cards_whole(lb)
    finished_fit_the_panel(lb)
