"""Checks of the live page's type for a hall and of long names where the match plays, called by
live_browser.py (which passes itself, `lb`, for its helpers: `live_match`, `all_running`,
`hold_still`, `let_go`, `wait_for`, `OUT`).

- `large_boards_large_type` (one and two games at once at 1280x800, a name of 20 letters): beside
  a board of 400 px or more a card's names, clocks, die line and last move are 18 px or more
  (they were 16, 16, 17 and 14 px beside two boards of 404, the last move 17 px beside one of
  557), every name whole on its card (a lone card's name of 24 letters in its large type, wrapped
  between its words: it was shrunk to 15 px), and the status line's news of an end 18 px or more
  (17), each die on its line's first line; a lone card's board 580 px or more, at most 110 px empty below it (557, 134 px).
- `die_line_never_bare` (6x6, one and two games at once, paced, at 1280x800), sampled every 50
  ms: a running card's die line says the dice are being rolled between two moves ("Blue to
  move, rolling…"), never "Blue to move" alone, as if its dice were lost.
"""

import os

LONG = "Alexandrina_Longname"
LONGER = "Magdalena_Kowalczykowska"

TYPE = """
const px = (e) => e ? parseFloat(getComputedStyle(e).fontSize) : 0;
return [...document.querySelectorAll('#games .game:not(.ended-game)')].map((c) => ({
  board: Math.round(c.querySelector('.board').getBoundingClientRect().width),
  below: Math.round(window.innerHeight - c.getBoundingClientRect().bottom),
  dieOnItsLine: (() => { const r = c.querySelector('.roll'), f = r.querySelector('.die-face');
    return !f || f.getBoundingClientRect().top - r.getBoundingClientRect().top < 0.8 * parseFloat(getComputedStyle(r).lineHeight); })(),
  names: [...c.querySelectorAll('.side b')].map((b) => { const w = b.closest('.who');
    return [b.textContent, b.title, b.scrollWidth <= b.clientWidth + 1 && w.scrollWidth <= w.clientWidth, px(b), w.scrollWidth, w.clientWidth]; }),
  clock: Math.min(...[...c.querySelectorAll('.side .clock')].map(px)),
  roll: px(c.querySelector('.roll')), moves: px(c.querySelector('.moves'))}));
"""

NEWS = """
window.newsType = [];
setInterval(() => { const n = document.querySelector('#status .news');
  if (n && n.textContent.trim()) window.newsType.push([parseFloat(getComputedStyle(n).fontSize), n.textContent]); }, 100);
"""


def large_boards_large_type(lb):
    for games, name in ((1, LONGER), (1, LONG), (2, LONG)):
        where = f"{games} game(s) at once at 1280x800, a name of {len(name)} letters"
        args = ["match", "--engine", "self", f"name={name}", "--engine", "self", "name=Bo",
                "--games", str(2 * games + 1), "--concurrency", str(games), "--movetime", "100", "--pace", "300"]
        with lb.live_match(args, 1280, 800) as (d, _, _match):
            d.execute_script(NEWS)
            lb.wait_for(f"{where}: a finished game", lambda: d.execute_script(
                "return document.querySelectorAll('#finished tr').length;"))

            def running():
                lb.hold_still(d)
                seen = d.execute_script(TYPE)
                if len(seen) == games and all(c["names"] for c in seen):
                    return seen
                lb.let_go(d)
                return None
            cards = lb.wait_for(f"{where}: every card in progress", running)
            d.save_screenshot(os.path.join(lb.OUT, f"live-type-{games}-1280.png"))
            lb.let_go(d)
            lb.time.sleep(1)
            news = d.execute_script("return window.newsType;")
        print(f"live page, {where}: boards {[c['board'] for c in cards]} px ({min(c['below'] for c in cards)} px empty below), names"
              f" {sorted(set(n[3] for c in cards for n in c['names']))} px, clocks {[c['clock'] for c in cards]},"
              f" die lines {[c['roll'] for c in cards]}, last moves {[c['moves'] for c in cards]} px;"
              f" the status line's news {sorted(set(t for t, _ in news))} px")
        assert cards, f"{where}: no card in progress"
        for c in cards:
            for text, title, whole, size, _, _ in c["names"]:
                assert text == title and whole, f"{where}: {title!r} not whole on its card ({text!r}): {c}"
            if c["board"] >= 400:
                least = min(min(n[3] for n in c["names"]), c["clock"], c["roll"], c["moves"])
                assert least >= 18, f"{where}: type of {least} px beside a board of {c['board']} px: {c}"
        # The die on its line's first line ("Red to move, die" with the die alone below it, at 22 px in 240).
        assert all(c["dieOnItsLine"] for c in cards), f"{where}: a die wrapped below its line: {cards}"
        # A lone card's board takes the room its names leave (557 px, 134 px empty below it).
        if games == 1:
            assert cards[0]["board"] >= 580 and cards[0]["below"] <= 110, \
                f"{where}: a lone board of {cards[0]['board']} px, {cards[0]['below']} px empty below its card"
        assert news, f"{where}: no end told on the status line"
        small = [(t, w) for t, w in news if t < 18]
        assert not small, f"{where}: the status line's news in {small[0][0]} px: {small[0][1]!r}"


BARE = """
window.bare = {looks: 0, seen: {}, timer: setInterval(() => {
  for (const r of document.querySelectorAll('#games .game:not(.ended-game) .roll:not(.game-over)')) {
    const t = r.innerText.replace(/\\s+/g, ' ').trim();
    if (!t) continue;
    window.bare.looks += 1;
    if (/to move,?$/.test(t) || !/\\b(die|dice|rolling)\\b/.test(t)) window.bare.seen[t] = (window.bare.seen[t] || 0) + 1;
  } }, 50)};
"""


def die_line_never_bare(lb):
    for games in (1, 2):
        where = f"6x6, {games} at once, paced, at 1280x800"
        args = ["--variant", "6x6", "match", "--engine", "self", "--opponent", "greedy", "--games", str(games + 1),
                "--concurrency", str(games), "--movetime", "100", "--pace", "800"]
        seen = lb.sampled_match(args, 1280, 800, where, BARE, "clearInterval(window.bare.timer); return window.bare;")
        print(f"live page, {where}: {seen['looks']} looks at running die lines, bare: {seen['seen']}")
        assert seen["looks"] > 0, f"{where}: no running die line seen"
        assert not seen["seen"], f"{where}: a die line with no die: {seen['seen']}"


def all_checks(lb):
    large_boards_large_type(lb)
    die_line_never_bare(lb)
