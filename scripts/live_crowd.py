"""Checks of the live page when many short games run at once, called by live_browser.py (which
passes itself, `lb`, for its helpers: `live_match`, `wait_for`, `OUT`).

- `ended_give_way` (3x3, eight games at once, --pace 1000, at 1280x800): sampled every 100 ms,
  the playing games the page does not show (the status line's ", N not shown yet") stay few (1.8
  on average): an ended card is held 4.5 s while one game waits, less (1 s or more, the first
  ended first) while more wait; no game waits more than 5 s. The build before showed 2-7 of the
  eight cards on ended games while "7 playing (6 shown next)".
- `phone_opens_at_top` (one game at 390x844): the page stays at its top (it opened 36 px down).
- `long_names_cut_cleanly` (three names of 22-24 letters at both sizes): the finished games
  break a name only between its words, a cut name on a card is not cut again by its box, and
  the stopped server's standings end a name they cut in an ellipsis and break it only between
  words.
"""

import os
import signal
import time

SAMPLE = """
window.crowd = {samples: [], games: {}, timer: setInterval(async () => {
  if (document.body.classList.contains('ended')) return;
  const st = document.getElementById('status').textContent;
  const m = st.match(/(\\d+) playing(?:, (?:(\\d+) )?(not shown yet))?/);
  const t = performance.now();
  if (m) {
    const playing = Number(m[1]);
    const hidden = m[2] ? Number(m[2]) : m[3] ? playing : 0;
    const ended = document.querySelectorAll('#games .game.ended-game').length;
    window.crowd.samples.push([t, playing, hidden, ended]);
  }
  // Each game in progress by the server's view: when first seen playing, when its card came.
  const v = await (await fetch('/api/live', {cache: 'no-store'})).json();
  for (const g of v.games) {
    if (g.over) continue;
    const e = window.crowd.games[g.number] || (window.crowd.games[g.number] = {seen: t, shown: null, last: t});
    e.last = t;
    if (e.shown === null && document.getElementById(`game-${g.number}`)) e.shown = t;
  }
}, 100)};
"""


def ended_give_way(lb):
    where = "3x3, eight games at once, --pace 1000, at 1280x800"
    args = ["--variant", "3x3", "match", "--engine", "self", "--opponent", "greedy", "--games", "40",
            "--concurrency", "8", "--movetime", "20", "--pace", "1000", "--live-linger", "3"]
    with lb.live_match(args, 1280, 800) as (d, _, _match):
        d.execute_script(SAMPLE)
        lb.wait_for(f"{where}: 40 s of the match", lambda: d.execute_script(
            "return window.crowd.samples.length >= 300 || document.body.classList.contains('ended');"))
        d.save_screenshot(os.path.join(lb.OUT, "live-crowd-3x3-8.png"))
        samples = d.execute_script("clearInterval(window.crowd.timer); return window.crowd.samples;")
        games = d.execute_script("return window.crowd.games;")
    # How long each game played before its card was on the screen (a game never shown: all
    # the time it was seen playing).
    waits = {int(n): round((e["shown"] if e["shown"] is not None else e["last"]) - e["seen"]) for n, e in games.items()}
    # An ended card is held up to 4.5 s while one game waits (more than 3 s is allowed since ends
    # are held a fixed time a person sees, not one pace).
    slow = {n: w for n, w in waits.items() if w > 5000}
    # Only while the match runs eight games at once (not its last games).
    full = [s for s in samples if s[1] >= 6]
    hidden = [s[2] for s in full]
    mean = sum(hidden) / max(1, len(hidden))
    # The longest stretch with two or more playing games off the screen.
    longest, start = 0.0, None
    for t, _, h, _ in full:
        if h >= 2:
            start = t if start is None else start
            longest = max(longest, t - start)
        else:
            start = None
    most = max(hidden, default=0)
    print(f"live page, {where}: {len(full)} samples, playing games not shown: mean {mean:.2f}, most {most},"
          f" two or more for {longest / 1000:.1f} s at the longest; ended cards at most {max((s[3] for s in full), default=0)}")
    print(f"live page, {where}: the longest waits of a playing game for its card (game: ms):"
          f" {dict(sorted(waits.items(), key=lambda x: -x[1])[:6])} of {len(waits)} games")
    assert full, f"{where}: no sample with six or more games playing"
    assert not slow, f"{where}: games playing off the screen for more than 5 s (game: ms): {slow}"
    assert mean <= 1.8, f"{where}: on average {mean:.2f} playing games not shown"
    assert longest <= 3000, f"{where}: two or more playing games off the screen for {longest / 1000:.1f} s"


SCROLL = """
window.sc = {ys: {}, timer: setInterval(() => { const y = Math.round(window.scrollY); window.sc.ys[y] = (window.sc.ys[y] || 0) + 1; }, 50)};
"""


def phone_opens_at_top(lb):
    """A one-game match at 390x844: the page opens at its top (the title in view) and never
    scrolls itself while the game runs, nor as its report is opened (the build before opened
    36 px down and stayed there)."""
    where = "one game at 390x844"
    args = ["match", "--engine", "self", "--opponent", "greedy", "--games", "1", "--movetime", "50",
            "--pace", "300", "--live-linger", "3"]
    with lb.live_match(args, 390, 844) as (d, _, _match):
        d.execute_script(SCROLL)
        lb.wait_for(f"{where}: a card", lambda: d.execute_script(
            "return document.querySelectorAll('#games .game').length > 0;"))
        time.sleep(3)
        d.save_screenshot(os.path.join(lb.OUT, "live-phone-one-game-top.png"))
        ys = d.execute_script("return window.sc.ys;")
        title = d.execute_script("return Math.round(document.querySelector('h1').getBoundingClientRect().top);")
    print(f"live page, {where}: scroll positions seen (px: samples) {ys}, the title's top at {title} px")
    assert set(ys) == {"0"}, f"{where}: the page scrolled by itself: {ys}"
    assert title >= 0, f"{where}: the title above the screen's top ({title} px)"


NAMES3 = ("Alexandra_Kowalczyk_Team", "Maximilian_Oberhauser_Jr", "Christopher_Vandenberg")

# Sampled every 100 ms: where the finished games' names break (a break inside a word that fits
# its cell), and the room after a name cut on a card's result line.
BREAKS = """
// A name's lines, where one breaks inside a word that fits its cell (else null).
window.brokenWord = (td) => {
    const lines = [];
    let top = null;
    const texts = [];
    for (let w = document.createTreeWalker(td, NodeFilter.SHOW_TEXT), t = w.nextNode(); t; t = w.nextNode()) texts.push(t);
    for (const t of texts) {
      for (let i = 0; i < t.length; i += 1) {
        const r = document.createRange(); r.setStart(t, i); r.setEnd(t, i + 1);
        const y = Math.round(r.getBoundingClientRect().top);
        if (top === null || Math.abs(y - top) > 3) { lines.push(''); top = y; }
        lines[lines.length - 1] += t.data[i];
      }
    }
    const room = td.clientWidth - parseFloat(getComputedStyle(td).paddingLeft) - parseFloat(getComputedStyle(td).paddingRight);
    const probe = document.createElement('span');
    probe.style.cssText = 'position:absolute;visibility:hidden;white-space:nowrap';
    td.appendChild(probe);
    for (let k = 1; k < lines.length; k += 1) {
      const a = lines[k - 1], b = lines[k];
      // An underscore apart from the letter before it ("Bartholomew" / "_" / "Grandmaster").
      if (b.startsWith('_')) { probe.remove(); return lines.join(' / '); }
      if (a.endsWith('_') || (/[a-z]$/.test(a) && /^[A-Z]/.test(b))) continue;
      // The word broken: from the last place it may break to the next.
      const word = a.split(/_/).pop() + b.match(/^[^_]*_?/)[0]; // with its underscore
      probe.textContent = word;
      if (probe.getBoundingClientRect().width > room) continue;
      probe.remove();
      return lines.join(' / ');
    }
    probe.remove();
    return null;
};
window.nb = {breaks: {}, gaps: {}, timer: setInterval(() => {
  for (const td of document.querySelectorAll('#finished tr:not(.movesrow) td:nth-child(2), #finished tr:not(.movesrow) td:nth-child(3)')) {
    const b = window.brokenWord(td);
    if (b) window.nb.breaks[td.title] = b;
  }
  // A name cut to its ellipsis and cut again by its box's: the box's ellipsis hides the end of
  // the text ("…" and a letter), leaving a gap before what follows ("Alexandra_Kowal…  ) won").
  for (const n of document.querySelectorAll('#games .roll .res-name'))
    if (n.textContent.endsWith('…') && n.scrollWidth > n.clientWidth && getComputedStyle(n).textOverflow === 'ellipsis') window.nb.gaps[n.textContent] = n.scrollWidth - n.clientWidth;
}, 100)};
"""


def long_names_cut_cleanly(lb):
    """Three names of 22 to 24 letters, a round robin of 3x3 games, three at once, at 1280x800
    and 390x844: the finished games break a name only after an underscore or between words
    ("Maximilian / _ / Oberhause / r_Jr" before), a name cut on a card's result is followed by
    one space's room, not a stray gap ("Maximilian_Ober…   won"), and when the server stops the
    standings end a name they cut in an ellipsis ("Alexandra_Kowal" before)."""
    for width, height in ((1280, 800), (390, 844)):
        where = f"three long names at {width}x{height}"
        args = ["--variant", "3x3", "match"]
        for name in NAMES3:
            args += ["--engine", "self", f"name={name}"]
        args += ["--tournament", "round-robin", "--games", "4", "--concurrency", "3", "--movetime", "20",
                 "--pace", "400"]
        with lb.live_match(args, width, height) as (d, _, match):
            d.execute_script(BREAKS)
            lb.wait_for(f"{where}: five finished games", lambda: d.execute_script(
                "return document.querySelectorAll('#finished tr:not(.movesrow)').length >= 5;"))
            seen = d.execute_script("clearInterval(window.nb.timer); return window.nb;")
            match.send_signal(signal.SIGINT)
            lb.wait_for(f"{where}: the page sees the server gone", lambda: d.execute_script(
                "return document.body.classList.contains('cut');"))
            time.sleep(1)
            d.save_screenshot(os.path.join(lb.OUT, f"live-long-names-stopped-{width}.png"))
            cut = d.execute_script(
                "return [...document.querySelectorAll('#table th')].filter((th) => th.getBoundingClientRect().width"
                " && th.scrollWidth > th.clientWidth + 1 && getComputedStyle(th).textOverflow !== 'ellipsis'"
                " && !th.textContent.endsWith('…')).map((th) => [th.textContent, th.scrollWidth, th.clientWidth]);")
            broken = d.execute_script(
                "return [...document.querySelectorAll('#table th')].map((th) => window.brokenWord(th)).filter(Boolean);")
        gaps = seen["gaps"]
        assert not broken, f"{where}: the stopped server's standings break a name inside a word: {broken}"
        print(f"live page, {where}: names broken inside a word {seen['breaks']}, names cut twice (px over)"
              f" {seen['gaps']}, standings cut with no ellipsis when the server stopped {cut}")
        assert not seen["breaks"], f"{where}: finished games' names broken inside a word: {seen['breaks']}"
        assert not gaps, f"{where}: a cut name cut again by its box, a gap after it (px over): {gaps}"
        assert not cut, f"{where}: the stopped server's standings cut names with no ellipsis: {cut}"
