"""Checks of the room the live page gives its boards, called by live_browser.py (which passes
itself, `lb`, for its helpers: `live_match`, `all_running`, `wait_for`, `hold_still`,
`let_go`, `OUT`, `LONG_NAMES`).

- `final_boards_beside_long_names` (a round robin of four players of 17 to 25 letters, four
  games at once, at 1280x800): the final screen shows at least three last boards, each whole on
  the first screen, the standings' names whole (the standings took the room: two boards were
  left).
- `phone_header_fits_status` (the same players, four games at once, at 390x844): while the
  games run the header is no taller than its title and two lines of status, never changes
  height, the status always whole in its box; the second row's boards and die lines are on the
  first screen (the status kept a box of three lines, an empty band under a line of one, and
  the second row's die lines were below the first screen).
- `news_says_who_won` (the page's words for several games ending at once, two long names among
  them): every form of the status line's news, down to the shortest that names the winners, says
  who won which games with its verb ("games ended: Grandmaster_Alpha won games 10 and 13;
  Extraordinaire_Beta won game 12"), the names cut ever shorter, two players of one head told
  apart by a cut in the middle; never "games 10, 13 Grandmaster_Alpha" (no verb) nor "also Blue
  won game 12" (a colour for a name), as the build before said them on a wide screen.
"""

import re

import os
import time



def long_round_robin(lb, games, movetime, pace=None):
    args = ["match"]
    for name in lb.LONG_NAMES:
        args += ["--engine", "self", f"name={name}"]
    args += ["--tournament", "round-robin", "--games", str(games), "--concurrency", "4",
             "--movetime", str(movetime), "--live-linger", "30"]
    return args + (["--pace", str(pace)] if pace else [])


def final_boards_beside_long_names(lb):
    where = "four long names, the final screen at 1280x800"
    with lb.live_match(long_round_robin(lb, 1, 20), 1280, 800) as (d, _, _match):
        lb.wait_for(f"{where}: the final screen", lambda: d.execute_script(
            "return document.body.classList.contains('ended') && document.querySelectorAll('#last-boards .board .cube').length > 0;"))
        time.sleep(0.5)
        d.save_screenshot(os.path.join(lb.OUT, "live-final-long-names-1280.png"))
        seen = d.execute_script(
            "window.scrollTo(0, 0); const cards = [...document.querySelectorAll('#last-boards .game')];"
            "return {boards: cards.map((c) => Math.round(c.querySelector('.board').getBoundingClientRect().width)),"
            " bottom: Math.max(...cards.map((c) => c.getBoundingClientRect().bottom)),"
            " right: Math.max(...cards.map((c) => c.getBoundingClientRect().right)),"
            " screen: window.innerHeight, inner: document.documentElement.clientWidth,"
            " finished: document.querySelectorAll('#finished tr:not(.movesrow)').length,"
            " names: [...document.querySelectorAll('#table th')].map((c) => [c.title || c.textContent.trim(),"
            "  c.textContent, c.scrollWidth, c.clientWidth])};")
    assert seen["finished"] >= 3, f"{where}: fewer than three finished games: {seen}"
    assert len(seen["boards"]) >= 3, f"{where}: {len(seen['boards'])} last boards shown ({seen['boards']} px), not 3"
    assert min(seen["boards"]) >= 220, f"{where}: last boards of {seen['boards']} px, not 220 or more"
    assert seen["bottom"] <= seen["screen"] and seen["right"] <= seen["inner"], f"{where}: a last board off the screen: {seen}"
    assert len(seen["names"]) == 4, f"{where}: the standings name {seen['names']}"
    for full, text, scroll, client in seen["names"]:
        assert text.replace("\u200b", "") == full and scroll <= client, \
            f"{where}: {full} cut in the final standings: {text!r} ({scroll} > {client} px)"
    print(f"live page, {where}: {len(seen['boards'])} last boards of {seen['boards']} px,"
          f" {seen['screen'] - seen['bottom']:.0f} px above the foot, the standings' names whole")


def phone_header_fits_status(lb):
    where = "four long names, four games at 390x844"
    with lb.live_match(long_round_robin(lb, 2, 100, 400), 390, 844) as (d, _, _match):
        lb.all_running(d, 4, where)
        first = d.execute_script(
            "const cs = [...document.querySelectorAll('#games .game')].map((c) => c.getBoundingClientRect());"
            "const tops = [...new Set(cs.map((c) => Math.round(c.top + window.scrollY)))].sort((a, b) => a - b);"
            "const t = document.querySelector('.top'), s = document.getElementById('status');"
            "const second = [...document.querySelectorAll('#games .game')].filter((c) => Math.round(c.getBoundingClientRect().top + window.scrollY) === tops[1]);"
            "return {rows: tops, screen: window.innerHeight, top: t.offsetHeight,"
            " dies: second.map((c) => Math.round(c.querySelector('.roll').getBoundingClientRect().bottom + window.scrollY)),"
            " h1: document.querySelector('.top h1').offsetHeight, status: s.offsetHeight,"
            " line: parseFloat(getComputedStyle(s).lineHeight)};")
        d.save_screenshot(os.path.join(lb.OUT, "live-phone-header-390.png"))
        # Sampled every 0.1 s while the games run: the header's height, the status's box and
        # the lines its words take, and whether they are whole in it.
        d.execute_script(
            "window.topSeen = {heights: {}, cut: [], lines: {}, band: 0};"
            "setInterval(() => { if (document.body.classList.contains('ended')) return;"
            " const t = document.querySelector('.top'), s = document.getElementById('status');"
            " window.topSeen.heights[t.offsetHeight] = s.textContent;"
            " const r = document.createRange(); r.selectNodeContents(s);"
            " const lines = new Set([...r.getClientRects()].map((x) => Math.round(x.top))).size;"
            " window.topSeen.lines[lines] = s.textContent;"
            " if (s.scrollHeight > s.clientHeight + 1) window.topSeen.cut.push(s.textContent); }, 100);")
        lb.let_go(d)
        lb.wait_for(f"{where}: three games finished", lambda: d.execute_script(
            "return document.querySelectorAll('#finished tr:not(.movesrow)').length >= 3"
            " || document.body.classList.contains('ended');"))
        seen = d.execute_script("return window.topSeen;")
    line = first["line"]
    assert len(first["rows"]) >= 2, f"{where}: the cards in one row: {first}"
    assert len(seen["heights"]) == 1, f"{where}: the header changed height as the status changed: {seen['heights']}"
    assert not seen["cut"], f"{where}: the status cut in its box: {seen['cut'][:3]}"
    assert first["status"] <= 2 * line + 1, \
        f"{where}: the status's box {first['status']} px, room for more than two lines of {line} px: {first}"
    assert first["dies"] and max(first["dies"]) <= first["screen"], \
        f"{where}: the second row's boards and die lines not on the first screen of {first['screen']} px: {first}"
    print(f"live page, {where}: header {first['top']} px (status {first['status']} px) throughout,"
          f" status on {sorted(seen['lines'])} lines, never cut, rows of boards at {first['rows']} px,"
          f" the second row's die lines ending at {first['dies']} px")


NEWS = """
const T = window.EwnLiveText;
for (const n of arguments[0]) T.players.add(n);
const f = (number, winner, red, blue) => ({number, winner, red, blue, reason: 'goal'});
const [a, b, c, d] = arguments[0];
const recent = [f(10, 'r', a, b), f(13, 'b', a, c), f(12, 'b', a, b), f(14, 'r', d, c), f(15, 'b', a, d)];
return [false, true].map((narrow) => T.newsForms(recent, narrow));
"""


def news_says_who_won(lb):
    where = "the news of five games ended at once"
    names = [*lb.LONG_NAMES[:2], "Univ_Leiden_Team_A", "Univ_Leiden_Team_B"]
    args = ["--variant", "3x3", "match", "--engine", "self", "--opponent", "greedy", "--games", "1", "--movetime", "20",
            "--live-linger", "5"]
    with lb.live_match(args, 1280, 800) as (d, _, _match):
        lb.wait_for(f"{where}: the page's words", lambda: d.execute_script("return Boolean(window.EwnLiveText);"))
        forms = d.execute_script(NEWS, names)
    for narrow, said in zip(("wide", "phone"), forms):
        *named, last = said
        assert named and last == "games 10 and 12–15 ended", f"{where} ({narrow}): {said}"
        for words in named:
            each = r"\S+ won games? \d+((, | and )\d+)*"
            assert re.fullmatch(rf"games ended: {each}(; {each})*", words), f"{where} ({narrow}): no verb for each winner: {words!r}"
        # Cut ever shorter, the two players of one head told apart.
        last_named = named[-1]
        assert "…" in last_named and len(set(re.findall(r"(\S+) won", last_named))) == 4, f"{where} ({narrow}): {last_named!r}"
    print(f"live page, {where}: each form says who won which games: {forms[0][0]!r} ... {forms[0][-2]!r}")


def all_checks(lb):
    news_says_who_won(lb)
    final_boards_beside_long_names(lb)
    phone_header_fits_status(lb)
