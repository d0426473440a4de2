"""Checks of the places the live page gives its games, called by live_browser.py (which passes
itself, `lb`, for its helpers: `live_match`, `wait_for`, `OUT`, `LONG_NAMES`).

- `every_game_shown` (a round robin of four, four games at once, --pace 200, at 1280x800 and
  390x844): every game the server says is playing gets a card before it ends (an ended card kept
  its place while a new game played unseen: game 8 ran 1.7 s and was never shown); while a game
  waits for a place, no card stays on its end longer than the page's hold (4.5 s) and a margin
  (6 s); and no place in the grid is ever blank: a place kept for a game not shown yet says "game
  3 starting", and an ended card stays in its place until a game needs it (the top row was blank
  while the last two games played, the left half blank at the start). An end is held a time a
  person sees, whatever the pace, and a game that played meanwhile comes on its start position
  and is played on its card up to where it is (cards came with moves already played).
- `paced_ends_seen` (one game at a time, 3x3, --pace 1500, at both sizes): a game's end stays
  on its board until the next game's first move (1 s or more), and the next game's card comes on
  its start position, its moves played there one by one (games 2 and 3 came with 2 of their 6-7
  moves played).
- `ends_held` (standard, four at once, --pace 500, at 1280x800): an end stays on its card 3.5 s
  or more before a waiting game takes its place (0.8 s, one pace, before).
- `first_words_starting` (the page as served, before its script has asked for a view): its
  status says the match is starting (it said "connecting...", under "Live: match").
"""

import os
import re
import urllib.request

# The longest a card may stay on its end while a game waits for a place: the page's hold (4.5 s)
# and a margin for a busy page.
HOLD_MAX_MS = 6000

# Every 100 ms: the server's view (the games playing) against the cards on the page, and the
# grid's places that say nothing.
WATCH = """
window.placeLog = {seen: {}, shown: {}, blank: [], ticks: 0, moves: {}, movesAtShow: {}, ends: {}, over: {}, heldWaiting: {},
  cardAtShow: {}, cardMoves: {}, cardJump: {}};
window.placeTimer = setInterval(async () => {
  if (document.body.classList.contains('ended')) return;
  const now = performance.now(), log = window.placeLog;
  log.ticks += 1;
  for (const c of document.querySelectorAll('#games .game')) {
    const n = c.id.replace('game-', '');
    // The moves the card itself shows ("3. c2b2", or "no move yet"): when it first came, and
    // the most it went on by between two looks (a game caught up on its card goes one by one).
    const b = c.querySelector('.moves .brief'), m = b ? Number((b.textContent.match(/^(\d+)\./) || [0, 0])[1]) : 0;
    // (Not a card already there at the first look: it may have played on since it came.)
    if (!(n in log.shown)) { log.shown[n] = now; log.movesAtShow[n] = log.moves[n] || 0; if (log.ticks > 1) log.cardAtShow[n] = m; }
    if (!c.classList.contains('ended-game')) {
      if (n in log.cardMoves) log.cardJump[n] = Math.max(log.cardJump[n] || 0, m - log.cardMoves[n]);
      log.cardMoves[n] = m;
    }
    // A card on its final position: since when and until when.
    if (c.querySelector('.roll.game-over') && c.querySelector('.board .cube')) {
      const e = log.ends[n] || (log.ends[n] = {first: now});
      e.last = now;
    }
  }
  (log.status || (log.status = [])).push(document.getElementById('status').textContent);
  const grid = document.getElementById('games');
  const blank = [...grid.children].filter((el) => !el.classList.contains('game') && !el.textContent.trim()
    && el.getBoundingClientRect().height > 0).length;
  if (blank) log.blank.push([Math.round(now), blank]);
  try {
    const v = await (await fetch('/api/live', {cache: 'no-store'})).json();
    const t = performance.now();
    for (const g of v.games) if (!g.over && !(g.number in log.seen)) log.seen[g.number] = t;
    for (const g of v.games) log.moves[g.number] = g.moves.length;
    // When the server first said a game over (or no longer listed it).
    const on = new Set(v.games.filter((g) => !g.over).map((g) => g.number));
    for (const n of Object.keys(log.seen)) if (!on.has(Number(n)) && !(n in log.over)) log.over[n] = t;
    // While a game has played half a second with no card (not one the next poll places): how
    // long each card on its end has been so.
    if (v.games.some((g) => !g.over && !document.getElementById(`game-${g.number}`) && t - log.seen[g.number] > 500)) {
      for (const [n, e] of Object.entries(log.ends)) {
        if (t - e.last < 150) log.heldWaiting[n] = Math.max(log.heldWaiting[n] || 0, Math.round(t - e.first));
      }
    }
  } catch (e) { /* the server stopped */ }
}, 100);
"""


def every_game_shown(lb):
    for width, height in ((1280, 800), (390, 844)):
        every_game_shown_at(lb, width, height)


def every_game_shown_at(lb, width, height):
    where = f"a round robin of four, four at once, --pace 200, at {width}x{height}"
    args = lb.long_name_round_robin("1", "20", "200", "5")
    with lb.live_match(args, width, height) as (d, _, _match):
        d.execute_script(WATCH)
        lb.wait_for(f"{where}: the final screen", lambda: d.execute_script(
            "return document.body.classList.contains('ended');"))
        log = d.execute_script("clearInterval(window.placeTimer); return window.placeLog;")
        d.save_screenshot(os.path.join(lb.OUT, f"live-every-game-{width}.png"))
    waits = sorted(round(log["shown"][n] - t) if n in log["shown"] else 99999 for n, t in log["seen"].items())
    print(f"live page, {where}: waits from a game's start to its card (ms, 99999 never): {waits},"
          f" moves when a card came: {log['movesAtShow']}, ends held while a game waited (ms): {log['heldWaiting']}")
    assert len(log["seen"]) >= 8, f"{where}: only {len(log['seen'])} games seen playing: {log}"
    # Each game's card before its end (the server's view polled every 0.1 s: its end seen late
    # by a poll at most).
    unseen = {n: (round(log["shown"][n] - log["over"][n]) if n in log["shown"] else None)
              for n in log["seen"] if n not in log["shown"] or log["shown"][n] > log["over"].get(n, 1e12)}
    assert not unseen, f"{where}: games shown only after their end (game: ms after it, None never): {unseen}"
    # An end held about 4.5 s, and no longer while a game waits (a margin for a busy page).
    long = {n: t for n, t in log["heldWaiting"].items() if t > HOLD_MAX_MS}
    assert not long, f"{where}: cards on their end more than {HOLD_MAX_MS} ms while a game waited (game: ms): {long}"
    assert not log["blank"], \
        f"{where}: {len(log['blank'])} of {log['ticks']} looks found a blank place (ms, places): {log['blank'][:6]}"
    # Each game seen from its first move: its card comes on its start position, and a game that
    # played while its place was held is played on the card from there.
    print(f"live page, {where}: moves on a card when it came: {log['cardAtShow']}, most between two looks: {log['cardJump']}")
    late = {n: m for n, m in log["cardAtShow"].items() if m > 0}
    assert not late, f"{where}: cards that came with moves already played (game: moves): {late}"
    print(f"live page, {where}: each of {len(waits)} games shown before its end (within {max(waits)} ms of its start),"
          f" no end held past {HOLD_MAX_MS} ms while a game waited, no blank place in {log['ticks']} looks")


def first_words_starting(lb):
    where = "the page as served"
    args = ["match", "--engine", "self", "--engine", "greedy", "--games", "1", "--movetime", "20"]
    with lb.live_match(args, 390, 844) as (_d, url, _match):
        with urllib.request.urlopen(url, timeout=10) as r:
            page = r.read().decode()
    status = re.search(r'id="status"[^>]*>([^<]*)<', page)
    assert status and "starting" in status.group(1) and "connecting" not in status.group(1), \
        f"{where}: its first status line is {status.group(1) if status else None!r}"
    print(f"live page, {where}: its first status line is {status.group(1)!r}")


def paced_ends_seen(lb):
    for width, height in ((1280, 800), (390, 844)):
        paced_ends_seen_at(lb, width, height)


def paced_ends_seen_at(lb, width, height):
    """One game at a time, --pace 1500: each game's end stays on its board until the next game's
    first move, a pace after its start (1 s or more), not the 0.4-1.3 s an end was on its board
    when it gave way 0.9 s after it."""
    where = f"one game at a time, --pace 1500, at {width}x{height}"
    args = ["--variant", "3x3", "match", "--engine", "self", "--opponent", "greedy", "--games", "3",
            "--concurrency", "1", "--movetime", "20", "--pace", "1500", "--live-linger", "5"]
    with lb.live_match(args, width, height) as (d, _, _match):
        d.execute_script(WATCH)
        lb.wait_for(f"{where}: the final screen", lambda: d.execute_script(
            "return document.body.classList.contains('ended');"))
        log = d.execute_script("clearInterval(window.placeTimer); return window.placeLog;")
    # The ends of the games another game followed (the last one's card stays to the end).
    ends = {n: round(e["last"] - e["first"]) for n, e in log["ends"].items() if int(n) < 3}
    print(f"live page, {where}: ends on their boards (ms): {ends}, moves when a card came: {log['movesAtShow']}")
    assert len(ends) == 2, f"{where}: the ends of games 1 and 2 not both seen: {log['ends']}"
    # (Held until the next game's first move, a pace after its start, less a view's delay: the
    # next game never plays unseen, live_alone.py.)
    short = {n: t for n, t in ends.items() if t < 1000}
    assert not short, f"{where}: ends on their boards less than a pace (game: ms): {short}"
    # Every game seen from its start: its card comes on move 0 (2 of a 3x3 game's 6 or 7 moves
    # were played before its card came, while the game before held the place on its end), and
    # the moves it missed are played there one by one.
    print(f"live page, {where}: moves on a card when it came: {log['cardAtShow']}, most moves between two looks: {log['cardJump']}")
    far = {n: m for n, m in log["cardAtShow"].items() if m > 0}
    assert not far, f"{where}: games shown only after their first moves (game: moves on its card): {far}"
    jumps = {n: j for n, j in log["cardJump"].items() if j > 1}
    assert not jumps, f"{where}: cards that went on by more than a move at once (game: moves): {jumps}"
    # One game at a time: the game waiting for its card is not counted as if another played.
    odd = sorted({t for t in log["status"] if "1 playing, 1 not shown yet" in t})
    assert not odd, f"{where}: the status says {odd}"


LONG4 = ("Grandmaster_Alpha", "Superlongname_Beta", "Maximilian_Gamma", "Extraordinary_Delta")


def long_names_whole(lb):
    """Four names of 16-19 letters, a round robin, 3x3, four at once: at 1280x800 the final
    standings name each on one line (they broke each over two lines, "Extraordinary_ Delta", in
    a table of 460 px); at 390x844 the leader line keeps 8 letters of a name it cuts, or counts
    the leaders ("Leading: Extr…, Maxim…")."""
    args = ["--variant", "3x3", "match"]
    for name in LONG4:
        args += ["--engine", "self", f"name={name}"]
    args += ["--tournament", "round-robin", "--games", "1", "--concurrency", "4", "--movetime", "20",
             "--pace", "300", "--live-linger", "10"]
    where = "four long names at 1280x800"
    with lb.live_match(args, 1280, 800) as (d, _, _match):
        lb.wait_for(f"{where}: the final screen", lambda: d.execute_script(
            "return document.body.classList.contains('ended');"))
        cells = d.execute_script(
            "return [...document.querySelectorAll('.standings-table tbody th')].map((th) => {"
            " const r = document.createRange(); r.selectNodeContents(th);"
            " const tops = new Set([...r.getClientRects()].map((x) => Math.round(x.top)));"
            " return {name: th.textContent, lines: tops.size, whole: th.scrollWidth <= th.clientWidth}; });")
        d.save_screenshot(os.path.join(lb.OUT, "live-long-names-final-1280.png"))
    print(f"live page, {where}: the final standings' names: {cells}")
    assert len(cells) == 4, f"{where}: the final standings name {cells}"
    bad = [c for c in cells if c["lines"] != 1 or not c["whole"]]
    assert not bad, f"{where}: names not whole on one line in the final standings: {bad}"
    where = "four long names at 390x844"
    with lb.live_match(args, 390, 844) as (d, _, _match):
        seen = set()
        while not d.execute_script("return document.body.classList.contains('ended');"):
            seen |= set(d.execute_script(
                "return [...document.querySelectorAll('#summary .nm')].map((n) => n.textContent);"))
            lb.time.sleep(0.2)
    print(f"live page, {where}: names on the leader line: {sorted(seen)}")
    stubs = [n for n in seen if n.endswith("…") and len(n) < 9]
    assert not stubs, f"{where}: the leader line names stubs: {stubs}"


def backrank_key_whole(lb):
    """backrank at 1280x800, two games at once, paced: the heading's key of a goal row ("a bar
    along an edge: the row that colour must reach") is whole (it was cut to "the row that
    colo…", the heading 938 px wide in 872), and so is the note that comes once a game has
    ended ("a new game takes the place of one that ended", hidden by the cut); the boards stay
    where they were."""
    where = "backrank at 1280x800"
    args = ["--variant", "backrank", "match", "--engine", "self", "--opponent", "greedy", "--games", "10",
            "--concurrency", "2", "--movetime", "20", "--pace", "150", "--live-linger", "5"]
    look = ("const h = document.getElementById('games-h'), hr = h.getBoundingClientRect();"
            "const inside = (id) => { const el = document.getElementById(id); if (el.hidden) return null;"
            " const r = el.getBoundingClientRect(); return r.width > 0 && r.right <= hr.right + 1 && r.bottom <= hr.bottom + 1; };"
            "return {scroll: h.scrollWidth, client: h.clientWidth, key: inside('goal-legend'), note: inside('order-hint'),"
            " boards: [...document.querySelectorAll('#games .game .board')].map((b) => { const r = b.getBoundingClientRect();"
            "  return [Math.round(r.left), Math.round(r.top), Math.round(r.width)]; })};")
    with lb.live_match(args, 1280, 800) as (d, _, _match):
        lb.wait_for(f"{where}: the key", lambda: d.execute_script(look)["key"] is not None
                    and len(d.execute_script(look)["boards"]) == 2)
        first = d.execute_script(look)
        lb.wait_for(f"{where}: the note of a new game's place", lambda: d.execute_script(look)["note"] is not None
                    or d.execute_script("return document.body.classList.contains('ended');"))
        then = d.execute_script(look)
        d.save_screenshot(os.path.join(lb.OUT, "live-backrank-key-1280.png"))
    print(f"live page, {where}: {first}, then {then}")
    print(f"live page, {where}: heading {first['scroll']} px in {first['client']}, key whole: {first['key']},"
          f" later note whole: {then['note']}, boards {first['boards']} then {then['boards']}")
    assert first["key"] and first["scroll"] <= first["client"], f"{where}: the key is cut: {first}"
    assert then["note"], f"{where}: the note of a new game's place not whole: {then}"
    assert then["boards"] == first["boards"], f"{where}: the boards moved: {first['boards']} then {then['boards']}"


def phone_final_boards(lb):
    """Eight games, four at once, at 390x844: the final screen's first screen, as README says:
    the result and the final standings whole, the last three boards after them, reached by the
    result's link (the boards came first: the standings two screens down, the third board below
    the first screen)."""
    where = "the final screen at 390x844"
    args = ["--variant", "3x3", "match", "--engine", "self", "--opponent", "greedy", "--games", "8",
            "--concurrency", "4", "--movetime", "20", "--pace", "100", "--live-linger", "10"]
    with lb.live_match(args, 390, 844) as (d, _, _match):
        lb.wait_for(f"{where}: the final screen", lambda: d.execute_script(
            "return document.body.classList.contains('ended');"))
        lb.time.sleep(1)
        seen = d.execute_script(
            "window.scrollTo(0, 0); const box = (el) => { const r = el.getBoundingClientRect(); return [Math.round(r.top), Math.round(r.bottom)]; };"
            "return {result: box(document.getElementById('final')), standings: box(document.getElementById('table-wrap')),"
            " boards: [...document.querySelectorAll('.final-game')].map(box),"
            " link: document.querySelector('#final-more a[href=\"#final-boards-h\"]') !== null};")
        d.save_screenshot(os.path.join(lb.OUT, "live-final-boards-390.png"))
    print(f"live page, {where}: the result, the standings and the last boards from/to (px): {seen}")
    assert len(seen["boards"]) == 3, f"{where}: {len(seen['boards'])} last boards"
    assert seen["result"][1] <= seen["standings"][0] and seen["standings"][1] <= 844, \
        f"{where}: the result and the whole standings not first on the first screen: {seen}"
    assert all(b[0] >= seen["standings"][1] for b in seen["boards"]) and seen["link"], \
        f"{where}: the boards not after the standings, or no link to them: {seen}"
    # What README says shows.
    readme = open(os.path.join(os.path.dirname(__file__), "..", "README.md")).read()
    said = "on a phone the result and the final standings first, the boards after them" in " ".join(readme.replace("#", " ").split())
    assert said, f"{where}: README does not say the phone's final screen's order"


def eight_boards_headers(lb):
    """Eight games at once at 1280x800: each heading of the standings whole (W was clipped)."""
    where = "eight at once at 1280x800"
    args = ["--variant", "3x3", "match", "--engine", "self", "--opponent", "greedy", "--games", "16",
            "--concurrency", "8", "--movetime", "20", "--pace", "300", "--live-linger", "2"]
    with lb.live_match(args, 1280, 800) as (d, _, _match):
        lb.wait_for(f"{where}: eight boards", lambda: len(d.find_elements(By_CSS, "#games .game .board")) == 8)
        heads = d.execute_script(
            "return [...document.querySelectorAll('.standings-table thead th')].map((th) => {"
            " const r = document.createRange(); r.selectNodeContents(th); const t = r.getBoundingClientRect(), c = th.getBoundingClientRect();"
            " const pad = parseFloat(getComputedStyle(th).paddingRight);"
            " return [th.textContent, Math.round(t.width), Math.round(c.width), t.left >= c.left - 0.5 && t.right <= c.right - pad + 0.5]; });")
    print(f"live page, {where}: the standings' headings (text, its width, the cell's, whole): {heads}")
    cut = [h for h in heads if not h[3]]
    assert heads and not cut, f"{where}: headings cut in the standings: {cut}"


By_CSS = "css selector"


def ends_held(lb):
    """Standard, four games at once, --pace 500, at 1280x800: a game's end stays on its card about
    4 s before a waiting game takes its place, whatever the pace (the build before gave it up
    after one pace: game 1's end was on its board 0.8 s)."""
    where = "standard, four at once, --pace 500, at 1280x800"
    args = ["match", "--engine", "self", "--opponent", "greedy", "--games", "6", "--concurrency", "4",
            "--movetime", "20", "--pace", "500", "--live-linger", "3"]
    with lb.live_match(args, 1280, 800) as (d, _, _match):
        d.execute_script(WATCH)
        lb.wait_for(f"{where}: the final screen", lambda: d.execute_script(
            "return document.body.classList.contains('ended');"))
        log = d.execute_script("clearInterval(window.placeTimer); return window.placeLog;")
    # The ends whose cards another game took (the last ones stay to the final screen).
    last = max((e["last"] for e in log["ends"].values()), default=0)
    ends = {n: round(e["last"] - e["first"]) for n, e in log["ends"].items() if e["last"] < last - 1000}
    print(f"live page, {where}: ends on their boards before another game took the place (ms): {ends}")
    assert ends, f"{where}: no card given to another game: {log['ends']}"
    short = {n: t for n, t in ends.items() if t < 3500}
    assert not short, f"{where}: ends on their boards less than 3.5 s (game: ms): {short}"
