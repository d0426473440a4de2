"""Checks of the live page's keys and short forms, called by live_browser.py (which passes
itself, `lb`, for its helpers: `live_match`, `all_running`, `wait_for`, `hold_still`,
`let_go`, `OUT`).

- `goal_key` (backrank, four games at 1280x800 and 390x844): the goal ranks' bars on the
  boards are said once, in the games' heading (they had no key).
- `dice_faces_on_small_cards` (6x6, eight games at 1280x800, four at 390x844): each small card's die line names
  both faces of its two dice, "dice 7 (5 + 2)", whole on its line (only the sum was shown).
- `few_rows_marked` (eight quick games at once at 1280x800): at most three rows of the finished
  games are marked as just ended at any moment (most rows were in a busy match), and their key
  says which ("just ended (in the last 4 s, 3 at most)").
- `names_whole_while_running` (four players of 17 to 25 letters, four games at once, at
  1280x800 and 390x844): while the match runs each name in the standings is whole (wrapped
  where long; "Grandmaster_…" in a cell of 145 px), and the header's list of players ends at a
  name's end ("A, B and 2 more"), never cut by its box mid-name; and the boards, narrowed by
  the names beside them, leave no band of more than 30 px between their rows.
- `one_order` (eight games at once, at 1280x800 and 390x844): the first games are placed in
  the order they start, game n in the n-th place, whichever showed up first (each screen put
  them as they came, so a phone and a wide screen showed them in different orders).
- `status_ends_whole` (four players of 17 to 25 letters, eight quick games at once at
  1280x800): every end the status line names reads whole, in its room of two lines (one line
  cut several ends to "Gra…"), each winner with its verb, a name cut where four long names won
  at once as the page cuts names (five letters at the least), and the top bar keeps its height.
- `die_box_still` (one game at 1280x800): the die box keeps its place in the card whichever
  side is to move (it moved 7 px, "Red" being narrower than "Blue").
"""

import os
import re

from selenium.webdriver.common.by import By


def goal_key(lb):
    for width, height in ((1280, 800), (390, 844)):
        where = f"backrank, four games at {width}x{height}"
        args = ["--variant", "backrank", "match", "--engine", "self", "--engine", "greedy",
                "--games", "8", "--concurrency", "4", "--movetime", "100", "--pace", "400", "--live-linger", "2"]
        with lb.live_match(args, width, height) as (d, _, _match):
            lb.all_running(d, 4, where)
            seen = d.execute_script(
                "const k = document.getElementById('goal-legend');"
                "return {bars: document.querySelectorAll('#games .goal-line').length,"
                " key: k ? k.textContent : null, shown: Boolean(k && k.getClientRects().length && k.offsetWidth),"
                " keys: k ? k.querySelectorAll('.goal-key').length : 0};")
            d.save_screenshot(os.path.join(lb.OUT, f"live-backrank-key-{width}.png"))
            lb.let_go(d)
        assert seen["bars"] > 0, f"{where}: no goal bar drawn: {seen}"
        assert seen["shown"] and "must reach" in (seen["key"] or "") and seen["keys"] == 2, \
            f"{where}: the goal bars have no key: {seen}"
        print(f"live page, {where}: {seen['bars']} goal bars, their key shown: {seen['key'].strip()!r}")


def dice_faces_on_small_cards(lb):
    for games, width, height in ((8, 1280, 800), (4, 390, 844)):
        dice_faces_at(lb, games, width, height)


def dice_faces_at(lb, games, width, height):
    where = f"6x6, {games} games at {width}x{height}"
    args = ["--variant", "6x6", "match", "--engine", "self", "--engine", "greedy", "--games", str(games),
            "--concurrency", str(games), "--movetime", "100", "--pace", "600", "--live-linger", "2"]
    with lb.live_match(args, width, height) as (d, _, _match):
        lb.all_running(d, games, where)
        lb.let_go(d)

        # Four cards' die lines, gathered over the views: on a busy machine the engines may be
        # thinking ("rolling…") on most cards at any one view.
        seen = {}

        def lines():
            lb.hold_still(d)
            got = d.execute_script(
                "const cards = [...document.querySelectorAll('#games .game')];"
                "return [...document.querySelectorAll('#games .game .roll')].filter((r) => r.querySelector('.die-face'))"
                ".map((r) => ({card: cards.indexOf(r.closest('.game')), text: r.innerText,"
                " whole: r.scrollWidth <= r.clientWidth + 1,"
                " dense: document.getElementById('games').classList.contains('dense')}));")
            for r in got:
                seen.setdefault(r["card"], r)
            if len(seen) >= 4:
                return list(seen.values())
            lb.let_go(d)
            return None
        got = lb.wait_for(f"{where}: four cards with their dice", lines)
        d.save_screenshot(os.path.join(lb.OUT, f"live-6x6-faces-{width}.png"))
        lb.let_go(d)
    for r in got:
        assert re.search(r"dice \d+ \(\d \+ \d\)", r["text"]) and r["whole"], \
            f"{where}: a card's die line does not name both faces whole: {r}"
    print(f"live page, {where}: {len(got)} die lines each with both faces, e.g. {got[0]['text']!r}"
          f" (cards {'dense' if got[0]['dense'] else 'not dense'})")


def few_rows_marked(lb):
    where = "eight quick games at once at 1280x800"
    args = ["--variant", "3x3", "match", "--engine", "self", "--engine", "greedy", "--games", "40",
            "--concurrency", "8", "--movetime", "20", "--pace", "100", "--live-linger", "2"]
    with lb.live_match(args, 1280, 800) as (d, _, _match):
        d.execute_script(
            "window.marked = 0; window.markedTimer = setInterval(() => {"
            " window.marked = Math.max(window.marked, document.querySelectorAll('#finished tr.just-ended').length); }, 50);")
        lb.wait_for(f"{where}: the final screen", lambda: d.execute_script(
            "return document.body.classList.contains('ended');"))
        seen = d.execute_script(
            "return {most: window.marked, key: document.getElementById('finished-h').textContent,"
            " rows: document.querySelectorAll('#finished tr:not(.movesrow)').length};")
    assert seen["most"] <= 3 and "4 s" in seen["key"] and "3 at most" in seen["key"], \
        f"{where}: too many rows marked at once, or the key does not say which: {seen}"
    print(f"live page, {where}: at most {seen['most']} of {seen['rows']} rows marked at once; key {seen['key']!r}")


def names_whole_while_running(lb):
    for width, height in ((1280, 800), (390, 844)):
        where = f"four long names, four games at {width}x{height}"
        args = lb.long_name_round_robin("2", "200", "400", "2")
        with lb.live_match(args, width, height) as (d, _, _match):
            lb.all_running(d, 4, where)
            lb.wait_for(f"{where}: the standings", lambda: d.find_elements(By.CSS_SELECTOR, "#table th"))
            seen = d.execute_script(
                "const h = document.querySelector('.top h1');"
                "return {names: [...document.querySelectorAll('#table th')].map((c) => [c.title, c.textContent,"
                "  c.scrollWidth, c.clientWidth, Math.round(c.getBoundingClientRect().width)]),"
                " title: h.textContent, cut: h.scrollWidth > h.clientWidth + 1 || h.scrollHeight > h.clientHeight + 1,"
                " boards: [...document.querySelectorAll('#games .game .board')].map((b) => Math.round(b.getBoundingClientRect().width)),"
                " cards_cut: [...document.querySelectorAll('#games .game')].filter((c) => c.scrollHeight > c.clientHeight + 1).map((c) => c.id),"
                " between: (() => { const cs = [...document.querySelectorAll('#games .game')].map((c) => c.getBoundingClientRect());"
                "  const tops = [...new Set(cs.map((c) => Math.round(c.top)))].sort((a, b) => a - b);"
                "  return tops.length > 1 ? Math.round(tops[1] - Math.max(...cs.filter((c) => Math.round(c.top) === tops[0]).map((c) => c.bottom))) : 0; })()};")
            d.save_screenshot(os.path.join(lb.OUT, f"live-long-names-running-{width}.png"))
            lb.let_go(d)
        assert len(seen["names"]) == 4, f"{where}: the standings name {seen['names']}"
        for full, text, scroll, client, _w in seen["names"]:
            assert text == full and scroll <= client, f"{where}: {full} cut in the standings: {text!r} ({scroll} > {client} px)"
        assert not seen["cut"] and not seen["title"].endswith("…"), f"{where}: the header's players cut: {seen['title']!r}"
        # Boards narrowed by long names leave no band between their rows (~87 px once), and no
        # card's content is cut for it.
        assert seen["between"] <= 30 and not seen["cards_cut"], \
            f"{where}: {seen['between']} px empty between the rows of boards, cards cut: {seen['cards_cut']}"
        print(f"live page, {where}: standings names whole (cells {[n[4] for n in seen['names']]} px),"
              f" header {seen['title']!r}, boards {seen['boards']} px, {seen['between']} px between rows")


def one_order(lb):
    for width, height in ((1280, 800), (390, 844)):
        where = f"eight games at once at {width}x{height}"
        # (Games of the standard board, some 30 moves at 1.5 s each: on a busy machine the
        # sixteen programs started one by one, and 3x3's games of a few moves ended before the
        # last began, so that eight never ran at once.)
        args = ["match", "--engine", "self", "--engine", "greedy", "--games", "8",
                "--concurrency", "8", "--movetime", "50", "--pace", "1500", "--live-linger", "2"]
        with lb.live_match(args, width, height) as (d, _, _match):
            lb.all_running(d, 8, where)
            order = d.execute_script(
                "return [...document.querySelectorAll('#games .game')].map((c) => [c.getBoundingClientRect().top,"
                " c.getBoundingClientRect().left, Number(c.id.replace('game-', ''))])"
                ".sort((a, b) => a[0] - b[0] || a[1] - b[1]).map((x) => x[2]);")
            lb.let_go(d)
        assert order == sorted(order), f"{where}: the games are placed out of the order they start: {order}"
        print(f"live page, {where}: games placed in the order they start: {order}")


def status_ends_whole(lb):
    where = "long names, eight quick games at once at 1280x800"
    args = ["--variant", "3x3", "match"]
    for name in lb.LONG_NAMES:
        args += ["--engine", "self", f"name={name}"]
    args += ["--tournament", "round-robin", "--games", "3", "--concurrency", "8",
             "--movetime", "30", "--pace", "150", "--live-linger", "2"]
    with lb.live_match(args, 1280, 800) as (d, _, _match):
        d.execute_script(
            "window.endsSeen = []; window.topsSeen = new Set(); const s = document.getElementById('status');"
            "new MutationObserver(() => { window.topsSeen.add(document.querySelector('.top').offsetHeight);"
            " if (/ ended/.test(s.textContent)) window.endsSeen.push({text: s.textContent,"
            "  fits: s.scrollWidth <= s.clientWidth + 1 && s.scrollHeight <= s.clientHeight + 1}); })"
            ".observe(s, {subtree: true, childList: true, characterData: true});")
        lb.wait_for(f"{where}: the final screen", lambda: d.execute_script(
            "return document.body.classList.contains('ended');"))
        seen = d.execute_script("return {ends: window.endsSeen, tops: [...window.topsSeen]};")
    ends = [e for e in seen["ends"] if not e["text"].startswith("Match over")]
    # Whole in its room, each winner with its verb; a name cut where the line is full, as the page
    # cuts names (its start, "Grandmas…", or its start and end), never cut to under five letters.
    cut = [re.escape(n) for n in lb.LONG_NAMES] + [r"\w[\w_]{3,}…[\w_]*"]
    who = "(" + "|".join(cut) + ")"
    nums = r"(game \d+|games \d+((, | and )\d+)+)"
    each = rf"({who} won {nums}|no winner in {nums})"
    said = rf".* · (game \d+ ended: .+|games ended: {each}(; {each})*|games [\d–, and]+ ended)"
    bad = [e["text"] for e in ends if not e["fits"] or not re.fullmatch(said, e["text"])]
    # Every game said ended is said with its winner ("also ended: games 14 and 17" named none).
    unnamed = [e["text"] for e in ends if "also ended" in e["text"]]
    print(f"live page, {where}: status lines naming games with no winner: {len(unnamed)} of {len(ends)}, e.g. {unnamed[:2]}")
    assert not unnamed, f"{where}: {len(unnamed)} status lines name games ended with no winner, e.g. {unnamed[:2]}"
    assert ends, f"{where}: no end seen on the status line"
    assert not bad and len(seen["tops"]) == 1, \
        f"{where}: {len(bad)} of {len(ends)} status lines cut a name or their room, e.g. {bad[:3]}; top bar heights {seen['tops']}"
    print(f"live page, {where}: {len(ends)} status lines with ends, each winner named with its verb in two lines;"
          f" the longest {max(len(e['text']) for e in ends)} letters; top bar {seen['tops']} px")


def die_box_still(lb):
    where = "one game at 1280x800"
    args = ["match", "--engine", "self", "--engine", "greedy", "--games", "1",
            "--movetime", "100", "--pace", "500", "--live-linger", "2"]
    with lb.live_match(args, 1280, 800) as (d, _, _match):
        d.execute_script(
            "window.dieAt = new Set(); window.dieTimer = setInterval(() => {"
            " const f = document.querySelector('#games .game .roll .die-face'); if (!f) return;"
            " const c = f.closest('.game').getBoundingClientRect(), r = f.getBoundingClientRect();"
            " window.dieAt.add([Math.round(r.left - c.left), Math.round(r.top - c.top), Math.round(r.width), Math.round(r.height),"
            "  f.closest('.roll').textContent].join('|')); }, 50);")
        lb.wait_for(f"{where}: the final screen", lambda: d.execute_script(
            "return document.body.classList.contains('ended');"))
        seen = d.execute_script("return [...window.dieAt];")
    places = sorted({tuple(x.split("|")[:4]) for x in seen})
    sides = {x.split("|")[4].split()[0] for x in seen}
    assert len(sides) == 2 and len(places) == 1, \
        f"{where}: the die box moved as the side to move changed (left, top, width, height in the card): {places}"
    print(f"live page, {where}: the die box kept its place through {len(seen)} lines of both sides: {places}")


def all_checks(lb):
    die_box_still(lb)
    status_ends_whole(lb)
    one_order(lb)
    names_whole_while_running(lb)
    goal_key(lb)
    dice_faces_on_small_cards(lb)
    few_rows_marked(lb)
