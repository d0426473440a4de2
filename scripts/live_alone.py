"""Checks of the live page with one game at a time, called by live_browser.py (which passes
itself, `lb`, for its helpers: `live_match`, `wait_for`, `OUT`).

- `next_game_never_hidden` (3x3, one game at a time, --pace 800, at 1280x800), sampled every
  100 ms against the server's view: a game that has played a move always has its card on the
  page within a view or so (0.6 s at most: the last game's end was held on the one card 4 s, or
  until the next game's second move, while that game played unseen, and its card then came on
  its start position and went on by several moves at once), its card goes on by one move at a
  time, and the games' ends are still told on the status line ("game 2 ended: ...").
"""

import os
import re

# The longest a game with a move played may be without its card: a view (0.2 s), the page's
# drawing and this sampler's own request, with a margin for a busy machine.
HIDDEN_MAX_MS = 600

WATCH = """
window.alone = {hidden: {}, since: {}, jump: {}, moves: {}, status: [], looks: 0};
window.alone.timer = setInterval(async () => {
  if (document.body.classList.contains('ended')) return;
  const a = window.alone;
  a.looks += 1;
  const st = document.getElementById('status').textContent;
  if (a.status[a.status.length - 1] !== st) a.status.push(st);
  for (const c of document.querySelectorAll('#games .game:not(.ended-game)')) {
    const n = c.id.replace('game-', ''), b = c.querySelector('.moves .brief');
    const m = b ? Number((b.textContent.match(/^(\\d+)\\./) || [0, 0])[1]) : 0;
    if (n in a.moves) a.jump[n] = Math.max(a.jump[n] || 0, m - a.moves[n]);
    a.moves[n] = m;
  }
  try {
    const v = await (await fetch('/api/live', {cache: 'no-store'})).json();
    const t = performance.now();
    for (const g of v.games) {
      const card = document.getElementById(`game-${g.number}`);
      const shown = card && !card.classList.contains('ended-game');
      if (g.over || !g.moves.length || shown) { delete a.since[g.number]; continue; }
      if (!(g.number in a.since)) a.since[g.number] = t;
      a.hidden[g.number] = Math.max(a.hidden[g.number] || 0, Math.round(t - a.since[g.number]));
    }
  } catch (e) { /* the server stopped */ }
}, 100);
"""


def next_game_never_hidden(lb):
    where = "3x3, one game at a time, --pace 800, at 1280x800"
    args = ["--variant", "3x3", "match", "--engine", "self", "--opponent", "greedy", "--games", "3",
            "--concurrency", "1", "--movetime", "20", "--pace", "800", "--live-linger", "3"]
    with lb.live_match(args, 1280, 800) as (d, _, _match):
        d.execute_script(WATCH)
        lb.wait_for(f"{where}: the final screen", lambda: d.execute_script(
            "return document.body.classList.contains('ended');"))
        seen = d.execute_script("clearInterval(window.alone.timer); return window.alone;")
        d.save_screenshot(os.path.join(lb.OUT, "live-alone-next-1280.png"))
    told = sorted({int(n) for s in seen["status"] if "ended" in s for n in re.findall(r"\bgame (\d+)", s)})
    print(f"live page, {where}: {seen['looks']} looks; longest a game with a move played had no card (game: ms):"
          f" {seen['hidden']}; most moves a card went on by between two looks: {seen['jump']}; ends told: {told}")
    long = {n: t for n, t in seen["hidden"].items() if t > HIDDEN_MAX_MS}
    assert not long, f"{where}: games played with no card for more than {HIDDEN_MAX_MS} ms (game: ms): {long}"
    jumps = {n: j for n, j in seen["jump"].items() if j > 1}
    assert not jumps, f"{where}: cards that went on by more than a move at once (game: moves): {jumps}"
    # (The page may open after the first game's end: two ends or more told while watched.)
    assert len(told) >= 2, f"{where}: the ends of two games or more not told on the status line: {seen['status']}"


def all_checks(lb):
    next_game_never_hidden(lb)
