"""Checks of how the live page's cards say a finished game's result, called by live_browser.py
(which passes itself, `lb`, for its helpers: `live_match`, `wait_for`, `OUT`).

- `results_say_who` (a round robin of 3x3 among names of 6 to 25 letters, six and eight games at
  once at 1280x800, eight at 390x844), sampled every 100 ms: every card held on its end keeps
  its game's number in view ("Li_Wei won (goal)" with no "Game 5" on six cards at once before),
  says who won by name, cut with an ellipsis where it must be (never only "Red won", which
  stood beside "Oskar_Lindqvist won (goal)" before), and the cards of one grid say results in
  one form; on a phone the leader line's words are never cut by their box ("2 players share the
  leac with 5 points" before); the finished games break a name only after an underscore or
  between words, inside a word only where it alone is wider than its cell, and never with the
  underscore alone on its line ("Bartholomew" / "_" / "Grandmaster" before).
- `alone_names_whole` (one game at once, a name of 24 letters, at 1280x800 and 390x844): sampled
  every 100 ms, the card's names are in a smaller type where they need it (14 px at least) before
  they are cut, and at 1280x800 whole ("Magdalena_Kowalcz…" at 20 px in a box of 270 px beside
  the board before; "Magdalena_K…" at 16 px on a phone).
"""

import os

import live_crowd

NAMES = ("Oskar_Lindqvist", "Li_Wei", "Magdalena_Kowalczykowska", "Bartholomew_Grandmaster_X")

SAMPLE = """
window.rs = {bad: {}, forms: {}, cards: 0, leader: {}, timer: setInterval(() => {
  if (document.body.classList.contains('ended')) return;
  // The phone's leader line: its words within their box (clipped with no ellipsis before).
  const n = document.querySelector('#summary .names');
  if (n && n.getBoundingClientRect().width) {
    const rg = document.createRange(); rg.selectNodeContents(n);
    const w = rg.getBoundingClientRect().width, box = n.getBoundingClientRect().width;
    if (w > box + 0.5) window.rs.leader[document.getElementById('summary').textContent] = [Math.round(w), Math.round(box)];
  }
  const forms = new Set();
  for (const c of document.querySelectorAll('#games .game.ended-game')) {
    const roll = c.querySelector('.roll'), h = c.querySelector('h3');
    if (!roll.classList.contains('game-over') || !roll.title || /^No winner/.test(roll.title)) continue;
    window.rs.cards += 1;
    const who = (/\\((.*)\\) won/.exec(roll.title) || [])[1] || '';
    const text = roll.innerText.replace(/\\s+/g, ' ').trim();
    const name = (roll.querySelector('.res-name') || {}).textContent || '';
    const r = h.getBoundingClientRect();
    const numbered = r.width > 0 && h.textContent === c.id.replace('game-', 'Game ');
    const named = name === who || (name.endsWith('…') && who.startsWith(name.slice(0, -1).split('…')[0]) && name.length > 2);
    const colourOnly = /^(Red|Blue) won/.test(text);
    if (!numbered || !named || colourOnly) window.rs.bad[c.id + ' ' + text] = {numbered, named, name, who, head: h.textContent, w: Math.round(r.width)};
    forms.add(/^(Red|Blue) \\(/.test(text) ? 'Colour (name) won' : 'name won');
  }
  if (forms.size > 1) window.rs.forms[[...document.querySelectorAll('#games .game.ended-game .roll')].map((r) => r.innerText.replace(/\\s+/g, ' ')).join(' | ')] = 1;
}, 100)};
"""


def results_say_who(lb):
    for conc, width, height in ((6, 1280, 800), (8, 1280, 800), (8, 390, 844)):
        where = f"3x3, {conc} at once, names of 6 to 25 letters, at {width}x{height}"
        args = lb.round_robin(NAMES, conc, 600)
        with lb.live_match(args, width, height) as (d, _, _match):
            d.execute_script(SAMPLE)
            d.execute_script(live_crowd.BREAKS)
            shot = False
            while not d.execute_script("return document.body.classList.contains('ended');"):
                if not shot and d.execute_script("return document.querySelectorAll('#games .ended-game').length >= 2;"):
                    d.save_screenshot(os.path.join(lb.OUT, f"live-results-{conc}-{width}.png"))
                    shot = True
                lb.time.sleep(0.3)
            seen = d.execute_script("clearInterval(window.rs.timer); return window.rs;")
            breaks = d.execute_script("clearInterval(window.nb.timer); return window.nb.breaks;")
        print(f"live page, {where}: {seen['cards']} looks at held cards, {len(seen['bad'])} without a number or"
              f" a name, {len(seen['forms'])} grids with two forms")
        assert seen["cards"] > 0, f"{where}: no card held on a win seen"
        assert not seen["bad"], f"{where}: held cards without their number or winner's name: {dict(list(seen['bad'].items())[:4])}"
        assert not breaks, f"{where}: finished games' names broken inside a word or before an underscore: {breaks}"
        assert not seen["leader"], f"{where}: the leader line's words cut by their box (words, box px): {seen['leader']}"
        assert not seen["forms"], f"{where}: one grid says results in two forms: {list(seen['forms'])[:2]}"


ALONE = """
window.an = {looks: 0, cut: {}, short: {}, sizes: {}, timer: setInterval(() => {
  if (document.body.classList.contains('ended') || document.querySelectorAll('#games .game').length !== 1) return;
  for (const b of document.querySelectorAll('#games .game .side .who b')) {
    if (!b.title) continue;
    window.an.looks += 1;
    const who = b.closest('.who'), px = parseFloat(getComputedStyle(b).fontSize);
    window.an.sizes[px] = (window.an.sizes[px] || 0) + 1;
    // Cut only in the smallest type (14 px), never below it.
    if (((b.textContent !== b.title || who.scrollWidth > who.clientWidth + 1) && px > 14) || px < 14) window.an.cut[b.textContent] = [px, who.clientWidth];
    if (b.textContent !== b.title) window.an.short[b.textContent] = [px, who.clientWidth];
  }
}, 100)};
"""


def alone_names_whole(lb):
    for width, height in ((1280, 800), (390, 844)):
        where = f"one game at once, a name of 24 letters, at {width}x{height}"
        args = ["--variant", "3x3", "match", "--engine", "self", f"name={NAMES[2]}", "--engine", "self", f"name={NAMES[1]}",
                "--games", "4", "--concurrency", "1", "--movetime", "20", "--pace", "500", "--live-linger", "2"]
        with lb.live_match(args, width, height) as (d, _, _match):
            d.execute_script(ALONE)
            shot, until = False, lb.time.monotonic() + 180
            while not d.execute_script("return document.body.classList.contains('ended');"):
                assert lb.time.monotonic() < until, f"{where}: no final screen in 180 s"
                if not shot and d.execute_script("return window.an.looks > 10;"):
                    d.save_screenshot(os.path.join(lb.OUT, f"live-alone-name-{width}.png"))
                    shot = True
                lb.time.sleep(0.3)
            seen = d.execute_script("clearInterval(window.an.timer); return window.an;")
        print(f"live page, {where}: {seen['looks']} looks at a name, in type of (px: looks) {seen['sizes']},"
              f" cut in the smallest type (px, box px): {seen['short']}, cut before it: {seen['cut']}")
        assert seen["looks"] > 10, f"{where}: the names seen {seen['looks']} times"
        assert not seen["cut"], f"{where}: names cut on a card alone before a smaller type (shown: px, box px): {seen['cut']}"
        assert width < 700 or not seen["short"], f"{where}: names cut beside a board (shown: px, box px): {seen['short']}"
