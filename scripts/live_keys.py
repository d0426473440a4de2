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
"""

import os
import re


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

        def lines():
            lb.hold_still(d)
            got = d.execute_script(
                "return [...document.querySelectorAll('#games .game .roll')].filter((r) => r.querySelector('.die-face'))"
                ".map((r) => ({text: r.innerText, whole: r.scrollWidth <= r.clientWidth + 1,"
                " dense: document.getElementById('games').classList.contains('dense')}));")
            if len(got) >= 4:
                return got
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


def all_checks(lb):
    goal_key(lb)
    dice_faces_on_small_cards(lb)
    few_rows_marked(lb)
