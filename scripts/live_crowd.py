"""Checks of the live page when many short games run at once, called by live_browser.py (which
passes itself, `lb`, for its helpers: `live_match`, `wait_for`, `OUT`).

- `ended_give_way` (3x3, eight games at once, --pace 1000, at 1280x800): sampled every 100 ms,
  the playing games the page does not show (the status line's "(N shown next)") stay few: an
  ended card is held a short fixed time and then gives its place to a waiting game, never until
  the waiting game's first move while several games wait. The build before showed 2-7 of the
  eight cards on ended games while "7 playing (6 shown next)".
"""

import os
import re

SAMPLE = """
window.crowd = {samples: [], games: {}, timer: setInterval(async () => {
  if (document.body.classList.contains('ended')) return;
  const st = document.getElementById('status').textContent;
  const m = st.match(/(\\d+) playing(?: \\((?:(\\d+) shown next|(its board|their boards) next)\\))?/);
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
    slow = {n: w for n, w in waits.items() if w > 3000}
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
    assert not slow, f"{where}: games playing off the screen for more than 3 s (game: ms): {slow}"
    assert mean <= 1.8, f"{where}: on average {mean:.2f} playing games not shown"
    assert longest <= 3000, f"{where}: two or more playing games off the screen for {longest / 1000:.1f} s"

