"""Checks of the live page for players told apart at a glance, called by live_browser.py (which
passes itself, `lb`, for its helpers: `live_match`, `wait_for`, `OUT`).

- `names_told_apart` (four names of 18 letters sharing their first 16, "Univ_Leiden_Team_A" to
  "..._D", a round robin of 3x3 games, one at a time at 390x844 and six at once at 1280x800):
  sampled every 100 ms, no two different players read as the same text anywhere on the screen
  (cards, results, standings, finished games), a name cut by its box's ellipsis read as what the
  box shows. The build before showed "Univ_Leiden_Tea…" for two players on one card.
- `news_stays` (3x3, four games at once, paced, at 1280x800 and 390x844): the line announcing a
  game's end is in the status text's type or larger, on one line where it fits (a wide screen),
  and each end stays on it 6 s or until a newer end comes. The build before: 14 px, gone in
  2.5-4 s.
- `names_never_box_cut` (the same four names, six at once at 1280x800 and 390x844, eight at
  1280x800, the screen 60 px narrower for a moment): no place that shows a name is ever cut by
  its box's ellipsis, which keeps a name's start alone. The build before: a narrow card's result
  "U…" for Team_B and for Team_C (22 px of name on a card 147 px wide).
- `names_break_between_words` (names of long words, eight at once at 1280x800, six at
  390x844): names wrap only between words, the final boards of a row at one height, and the full
  report opened during play fits the side panel.
"""

import os
import time

# What a name's box shows: its text, or (cut by the box's ellipsis) the letters left of the
# ellipsis and "…".
SHOWN = """
window.shownText = (el) => {
  const box = el.closest('.who, td, th, .res-who') || el;
  if (box.scrollWidth <= box.clientWidth + 1 || getComputedStyle(box).textOverflow !== 'ellipsis') return el.textContent;
  const right = box.getBoundingClientRect().right - 10;
  let out = '';
  for (let w = document.createTreeWalker(el, NodeFilter.SHOW_TEXT), t = w.nextNode(); t; t = w.nextNode()) {
    for (let i = 0; i < t.length; i += 1) {
      const r = document.createRange(); r.setStart(t, i); r.setEnd(t, i + 1);
      if (r.getBoundingClientRect().right > right) return `${out}…`;
      out += t.data[i];
    }
  }
  return `${out}…`;
};
window.apart = {same: {}, cut: {}, samples: 0, timer: setInterval(() => {
  const seen = new Map();
  const places = [...document.querySelectorAll('#games .side .who b, #games .res-name, #table th, #finished tr:not(.movesrow) td:nth-child(2), #finished tr:not(.movesrow) td:nth-child(3)')];
  for (const el of places) {
    const r = el.getBoundingClientRect();
    if (!r.width || r.bottom < 0 || r.top > innerHeight) continue;
    const full = el.title || el.textContent;
    const text = window.shownText(el).trim();
    if (text !== full) window.apart.cut[text] = full;
    const other = seen.get(text);
    if (other && other !== full) window.apart.same[text] = [other, full];
    seen.set(text, full);
  }
  window.apart.samples += 1;
}, 100)};
"""

NAMES = ("Univ_Leiden_Team_A", "Univ_Leiden_Team_B", "Univ_Leiden_Team_C", "Univ_Leiden_Team_D")


def names_told_apart(lb):
    for width, height, games in ((390, 844, 1), (1280, 800, 6), (1280, 800, 1)):
        where = f"four names alike but their last letter, {games} at once, at {width}x{height}"
        args = lb.round_robin(NAMES, games, 300)
        with lb.live_match(args, width, height) as (d, _, _match):
            d.execute_script(SHOWN)
            # Four finished games (or the end) and more than ten looks: a busy machine delays the
            # page's timer, and four games of six at once ended after ten looks.
            lb.wait_for(f"{where}: four finished games", lambda: d.execute_script(
                "return (document.querySelectorAll('#finished tr:not(.movesrow)').length >= 4"
                " || document.body.classList.contains('ended')) && window.apart.samples > 10;"))
            d.save_screenshot(os.path.join(lb.OUT, f"live-apart-{games}-{width}.png"))
            seen = d.execute_script("clearInterval(window.apart.timer); return window.apart;")
        print(f"live page, {where}: {seen['samples']} samples, names as shown where cut {seen['cut']},"
              f" one text for two players {seen['same']}")
        assert seen["samples"] > 10, f"{where}: too few samples ({seen['samples']})"
        assert not seen["same"], f"{where}: two players shown as the same text (text: players): {seen['same']}"
        # A name cut at its end where another begins alike ("Univ_Leiden_Team…"): which of them?
        alike = {t: full for t, full in seen["cut"].items()
                 if t.endswith("…") and any(n != full and n.startswith(t[:-1]) for n in NAMES)}
        assert not alike, f"{where}: names cut where another player's begins alike (text: player): {alike}"


# Sampled every 100 ms: the status line's news (its text after the counts), since when, its
# type's size and its lines.
NEWS = """
window.nw = {runs: [], size: [], lines: [], timer: setInterval(() => {
  // (The final screen's line says the match's end, not news.)
  if (document.body.classList.contains('ended')) return;
  const st = document.getElementById('status');
  const m = st.textContent.match(/ · (games? .*)$/);
  const news = m ? m[1] : null;
  const runs = window.nw.runs, t = performance.now();
  const lastRun = runs[runs.length - 1];
  if (!lastRun || lastRun[0] !== news) runs.push([news, t, t]); else lastRun[2] = t;
  if (news) {
    // The news's own element where it has one, else the line's text.
    const el = st.querySelector('.news') || st;
    window.nw.size.push(parseFloat(getComputedStyle(el).fontSize));
    if (el === st) window.nw.small = news;
    const t0 = el.firstChild;
    if (t0 && t0.nodeType === 3) {
      const start = t0.data.indexOf(news);
      const r = document.createRange(); r.setStart(t0, start); r.setEnd(t0, start + news.length);
      const tops = new Set([...r.getClientRects()].filter((x) => x.width > 0).map((x) => Math.round(x.top)));
      // A line cut by its box is not one line whole.
      const cut = el !== st && el.scrollWidth > el.clientWidth + 1;
      window.nw.lines.push([cut ? 9 : tops.size, news]);
    }
  }
}, 100)};
"""


def news_stays(lb):
    for width, height in ((1280, 800), (390, 844)):
        where = f"3x3, four games at once, paced, at {width}x{height}"
        args = ["--variant", "3x3", "match", "--engine", "self", "--opponent", "greedy", "--games", "10",
                "--concurrency", "4", "--movetime", "20", "--pace", "700", "--live-linger", "3"]
        with lb.live_match(args, width, height) as (d, _, _match):
            d.execute_script(NEWS)
            lb.wait_for(f"{where}: a game's end told", lambda: d.execute_script(
                "return / ended: /.test(document.getElementById('status').textContent);"))
            d.save_screenshot(os.path.join(lb.OUT, f"live-news-told-{width}.png"))
            lb.wait_for(f"{where}: the final screen", lambda: d.execute_script(
                "return document.body.classList.contains('ended');"))
            nw = d.execute_script("clearInterval(window.nw.timer); return window.nw;")
            d.save_screenshot(os.path.join(lb.OUT, f"live-news-{width}.png"))
        runs = nw["runs"]
        # Each piece of news: how long it stayed, and whether a newer end replaced it (the next
        # piece names a game it did not) or it went with nothing after it.
        short = []
        for k, (news, t0, t1) in enumerate(runs[:-1]):
            if not news:
                continue
            nxt = runs[k + 1][0]
            if (t1 - t0) < 5900 and not nxt:
                short.append((news, round(t1 - t0)))
        sizes = sorted(set(nw["size"]))
        two = [x for x in nw["lines"] if x[0] > 1]
        print(f"live page, {where}: {len([r for r in runs if r[0]])} pieces of news, sizes {sizes} px,"
              f" gone with nothing newer before 6 s {short[:4]}, on two lines or more {two[:3]}")
        assert runs and any(r[0] for r in runs), f"{where}: no news seen"
        assert not short, f"{where}: news gone before 6 s with no newer end (news, ms): {short[:4]}"
        assert min(sizes) >= 15, f"{where}: the news in {sizes} px type, e.g. {nw.get('small')!r}"
        if width >= 700:
            # One line where it fits: a single game's end ("game 7 ended: Red (ewn) won (goal)").
            singles = [x for x in two if x[1].startswith("game ")]
            assert not singles, f"{where}: one game's end on more than one line: {singles[:3]}"


# Sampled every 100 ms: every place that shows a player's name and is cut by its box's own
# ellipsis (its text drawn past the box, `text-overflow: ellipsis`), which keeps a name's start
# alone ("Univ_Leiden_…" for Team_C and Team_D): where, the name, the box's width. A cut counts
# when two samples in a row see it: a sample may fall between a new screen size's layout and the
# page's handler that fits the names again (on a busy machine the whole live check once saw the
# phone's four standings names cut at 113 px, a run of this check alone on the same build none).
BOX_CUTS = """
window.boxCuts = {seen: {}, prev: {}, samples: 0, timer: setInterval(() => {
  const now = {};
  const places = {card: '#games .side .who b', result: '#games .res-name', standings: '#table th',
    finished: '#finished tr:not(.movesrow) td:nth-child(2), #finished tr:not(.movesrow) td:nth-child(3)',
    final: '#last-boards .names b, #last-boards .res-name'};
  for (const [where, sel] of Object.entries(places)) {
    for (const el of document.querySelectorAll(sel)) {
      const r = el.getBoundingClientRect();
      if (!r.width) continue;
      for (let box = el; box && box !== document.body; box = box.parentElement) {
        const cs = getComputedStyle(box);
        if (cs.textOverflow === 'ellipsis' && cs.overflowX !== 'visible' && box.scrollWidth > box.clientWidth + 1) {
          const key = `${where}: ${el.title || el.textContent}`;
          now[key] = Math.round(box.clientWidth);
          if (key in window.boxCuts.prev) window.boxCuts.seen[key] = now[key];
          break;
        }
        if (box.matches('.game, td, th')) break;
      }
    }
  }
  window.boxCuts.prev = now;
  window.boxCuts.samples += 1;
}, 100)};
"""


def names_never_box_cut(lb):
    """No place that shows a player's name is cut by its box's ellipsis, while four names alike
    but for their end play six games at once at 1280x800 (and eight, and on a phone), and while
    the screen narrows by 60 px and widens again mid-match (a box's size changed after its name
    was fitted). The build before: the standings' names cut at their end ("Univ_Leiden_…")."""
    for width, height, games in ((1280, 800, 6), (390, 844, 6), (1280, 800, 8)):
        where = f"four names alike but their last letter, {games} at once, at {width}x{height}"
        args = lb.round_robin(NAMES, games, 300)
        with lb.live_match(args, width, height) as (d, _, _match):
            d.execute_script(BOX_CUTS)
            lb.wait_for(f"{where}: two finished games", lambda: d.execute_script(
                "return document.querySelectorAll('#finished tr:not(.movesrow)').length >= 2"
                " || document.body.classList.contains('ended');"))
            for w in (width - 60, width):
                d.execute_cdp_cmd("Emulation.setDeviceMetricsOverride",
                                  {"width": w, "height": height, "deviceScaleFactor": 1, "mobile": w < 600})
                time.sleep(2)
            lb.wait_for(f"{where}: four finished games", lambda: d.execute_script(
                "return (document.querySelectorAll('#finished tr:not(.movesrow)').length >= 4"
                " || document.body.classList.contains('ended')) && window.boxCuts.samples > 30;"))
            d.save_screenshot(os.path.join(lb.OUT, f"live-box-cuts-{games}-{width}.png"))
            seen = d.execute_script("clearInterval(window.boxCuts.timer); return window.boxCuts;")
        print(f"live page, {where}: {seen['samples']} samples, names cut by their box's ellipsis"
              f" (place: name -> box px) {seen['seen']}")
        assert not seen["seen"], f"{where}: names cut at their end by their box's ellipsis: {seen['seen']}"


# Sampled every 200 ms: each name in the standings and the finished games that goes on to a
# new line anywhere but after an underscore or a space or before a word's capital ("Papadopo" /
# "ulos"), unless that word alone is wider than its cell; on the final screen, the last boards of one row at different heights; and, with the
# full report open while the match runs, how far its tables reach past the side panel.
WORD_BREAKS = """
window.breaks = {mid: {}, rows: {}, report: [], samples: 0, timer: setInterval(() => {
  const cells = document.querySelectorAll('#table th, #finished tr:not(.movesrow) td:nth-child(2), #finished tr:not(.movesrow) td:nth-child(3), #last-boards .names b');
  for (const el of cells) {
    if (!el.getBoundingClientRect().width) continue;
    let prev = null;
    for (let w = document.createTreeWalker(el, NodeFilter.SHOW_TEXT), t = w.nextNode(); t; t = w.nextNode()) {
      for (let i = 0; i < t.length; i += 1) {
        const r = document.createRange(); r.setStart(t, i); r.setEnd(t, i + 1);
        const box = r.getBoundingClientRect();
        if (!box.width) continue;
        const c = t.data[i];
        // (A word alone wider than its cell, marked `wide`, breaks between its letters, whole.)
        const wide = t.parentElement && t.parentElement.closest('.word.wide');
        if (prev && !wide && box.top > prev.top + 2 && !/[_ ]/.test(prev.c) && !(/[a-z]/.test(prev.c) && /[A-Z]/.test(c))) {
          window.breaks.mid[el.title || el.textContent] = `${prev.c}/${c}`;
        }
        prev = { top: box.top, c };
      }
    }
  }
  const cards = [...document.querySelectorAll('#last-boards .final-game')];
  for (const a of cards) for (const b of cards) {
    const ra = a.getBoundingClientRect(), rb = b.getBoundingClientRect();
    const ba = a.querySelector('.board').getBoundingClientRect(), bb = b.querySelector('.board').getBoundingClientRect();
    if (Math.abs(ra.top - rb.top) < 1 && Math.abs(ba.top - bb.top) > 1) window.breaks.rows[`${a.id} ${b.id}`] = Math.round(Math.abs(ba.top - bb.top));
  }
  const rep = document.getElementById('report');
  if (rep.open && !document.body.classList.contains('ended')) {
    const panel = document.querySelector('.side-panel').getBoundingClientRect();
    const st = document.getElementById('standings');
    const right = Math.max(0, ...[...st.querySelectorAll('table, pre')].map((t) => t.getBoundingClientRect().right));
    window.breaks.report.push([Math.round(right), Math.round(panel.right), st.scrollWidth - st.clientWidth]);
  }
  window.breaks.samples += 1;
}, 200)};
"""

WORDY = ("Konstantinos_Papadopoulos", "Oberlandesgerichtsrat", "Maximilian_Oberhauser_Jr", "Li")


def names_break_between_words(lb):
    """Names of long words (one of 21 letters, "Oberlandesgerichtsrat"), a round robin of 3x3
    games, eight at once at 1280x800 and six on a phone: no name in the standings or the finished
    games goes on to a new line inside a word (the build before: "Konstantin" / "os_" /
    "Papadopo" / "ulos", "Oberlandesgeri" / "chtsrat"); on the final screen the last boards of
    a row at one height (a name wrapped on two lines put one 21 px lower than its neighbours);
    and at 1280x800 the full report opened while the match runs fits the side panel, its tables
    within it (they reached x 1326 in a panel ending at 1272)."""
    for width, height, games in ((1280, 800, 8), (390, 844, 6)):
        where = f"names of long words, {games} at once at {width}x{height}"
        args = lb.round_robin(WORDY, games, 300)
        with lb.live_match(args, width, height) as (d, _, _match):
            d.execute_script(WORD_BREAKS)
            lb.wait_for(f"{where}: four finished games", lambda: d.execute_script(
                "return document.querySelectorAll('#finished tr:not(.movesrow)').length >= 4"
                " || document.body.classList.contains('ended');"))
            if width > 900:
                d.execute_script("const r = document.getElementById('report'); if (!r.hidden) r.open = true;")
                time.sleep(2)
                d.save_screenshot(os.path.join(lb.OUT, f"live-words-report-{width}.png"))
                d.execute_script("document.getElementById('report').open = false;")
            lb.wait_for(f"{where}: the final screen", lambda: d.execute_script(
                "return document.body.classList.contains('ended') && window.breaks.samples > 20;"))
            time.sleep(1)
            d.save_screenshot(os.path.join(lb.OUT, f"live-words-final-{width}.png"))
            seen = d.execute_script("clearInterval(window.breaks.timer); return window.breaks;")
        over = [r for r in seen["report"] if r[0] > r[1] or r[2] > 1]
        print(f"live page, {where}: {seen['samples']} samples, names broken inside a word {seen['mid']},"
              f" final boards of a row at other heights {seen['rows']}, report looks {len(seen['report'])},"
              f" past the panel (table right, panel right, sideways scroll) {over[:3]}")
        assert not seen["mid"], f"{where}: names broken inside a word (name: letters either side): {seen['mid']}"
        assert not seen["rows"], f"{where}: final boards of one row at other heights (px): {seen['rows']}"
        if width > 900:
            assert seen["report"], f"{where}: the report was not seen open"
            assert not over, f"{where}: the report reaches past the side panel: {over[:3]}"
