"""Checks of the live page for a late page, long names on a phone and small boards' coordinates, called by
live_browser.py (which passes itself, `lb`, for its helpers: `live_match`, `wait_for`, `OUT`).

- `late_page_big_board` (at 1280x800 and 390x844): a page opened when one game of a match of
  eight at once is left shows it on a board for one game (it showed it at an eighth of the
  screen, 75% of the screen empty).
- `names_unbroken_on_phone` (a name of 38 letters, 390x844): no text of the final screen is
  broken across lines inside a word (the result said "...Grandmaster_Extra" / "ordinaire").
- `phone_coordinates_readable` (four 6x6 games at once, 390x844): the boards' coordinates are
  9 px or more (7 px on boards two a row).
"""

import os


def late_page_big_board(lb):
    for width, height, least in ((1280, 800, 450), (390, 844, 300)):
        where = f"a page opened with one game of ten left (eight at once) at {width}x{height}"
        for attempt in range(3):
            args = ["--variant", "3x3", "match", "--engine", "self", "name=Alice", "--engine", "greedy", "name=Bob",
                    "--games", "10", "--concurrency", "8", "--movetime", "20", "--pace", "1500", "--live-linger", "3"]
            with lb.live_match(args, width, height) as (d, url, match):
                # The view as the server gives it, until one game is left.
                lb.wait_for(f"{where}: one game left", lambda: d.execute_async_script(
                    "const done = arguments[arguments.length - 1];"
                    "fetch('/api/live', {cache: 'no-store'}).then((r) => r.json())"
                    ".then((v) => done(v.over || (v.games_done === 9 && v.games.length === 1 && !v.games[0].over)))"
                    ".catch(() => done(true));"))
                d.get(url)
                try:
                    lb.wait_for(f"{where}: its card", lambda: d.execute_script(
                        "return document.querySelector('#games .game .board .cube') || document.body.classList.contains('ended');"))
                    seen = d.execute_script(
                        "const b = document.querySelector('#games .game .board');"
                        "return b && !document.body.classList.contains('ended') ? {board: Math.round(b.getBoundingClientRect().width),"
                        " cards: document.querySelectorAll('#games .game').length} : null;")
                except SystemExit:
                    seen = None
                if seen:
                    d.save_screenshot(os.path.join(lb.OUT, f"live-late-one-left-{width}.png"))
                    break
            print(f"live page, {where}: the match ended before the page saw its last game; again")
        print(f"live page, {where}: {seen}")
        assert seen, f"{where}: never seen with one game left"
        assert seen["board"] >= least, f"{where}: its board {seen['board']} px, not {least} or more"


# Every text on the page broken across lines inside a word: a line break in a text node after a
# letter and before a letter (spaces, '-', '_' and the <wbr> between two text nodes are places to
# break). Each as [text around the break, the element's class]. A table's word wider than its
# cell alone (`.word.wide`, "Extraordinaire" in a phone's standings) breaks between its letters,
# the one place where a name is broken, so as to stay whole (as live_apart.py's word-break check allows).
BROKEN = """
const bad = [];
for (let w = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT), t = w.nextNode(); t; t = w.nextNode()) {
  const el = t.parentElement;
  if (!el || !el.getClientRects().length || getComputedStyle(el).visibility === 'hidden') continue;
  if (el.closest('.word.wide')) continue;
  let top = null;
  for (let i = 0; i < t.length; i += 1) {
    const r = document.createRange(); r.setStart(t, i); r.setEnd(t, i + 1);
    const b = r.getBoundingClientRect();
    if (!b.width) continue;
    if (top !== null && b.top > top + 2 && /[\\p{L}\\p{N}]/u.test(t.data[i]) && i > 0 && /[\\p{L}\\p{N}]/u.test(t.data[i - 1]))
      bad.push([t.data.slice(Math.max(0, i - 12), i) + '|' + t.data.slice(i, i + 12), el.tagName + '.' + el.className]);
    top = b.top;
  }
}
return bad;
"""


def names_unbroken_on_phone(lb):
    name = "Bartholomew_Grandmaster_Extraordinaire"
    where = f"a name of {len(name)} letters on a phone's final screen (390x844)"
    args = ["--variant", "3x3", "match", "--engine", "self", f"name={name}", "--engine", "greedy", "name=Bob",
            "--games", "4", "--concurrency", "2", "--movetime", "20", "--pace", "200", "--live-linger", "20"]
    with lb.live_match(args, 390, 844) as (d, _, match):
        lb.until_the_end(d, match, where)
        lb.time.sleep(0.5)
        bad = d.execute_script(BROKEN)
        d.save_screenshot(os.path.join(lb.OUT, "live-final-long-name-390.png"))
    print(f"live page, {where}: words broken across lines {bad}")
    assert not bad, f"{where}: words broken inside across lines (text|text, element): {bad[:6]}"


# The smallest board coordinates seen, sampled every 200 ms, the final boards too.
COORDS = """
window.coords = {least: 99, samples: 0, timer: setInterval(() => {
  for (const c of document.querySelectorAll('#games .coord, #last-boards .coord')) {
    if (!c.getClientRects().length || !c.textContent.trim()) continue;
    window.coords.least = Math.min(window.coords.least, parseFloat(getComputedStyle(c).fontSize));
    window.coords.samples += 1;
  }
}, 200)};
"""


def phone_coordinates_readable(lb):
    where = "four 6x6 games at once on a phone (390x844)"
    args = ["--variant", "6x6", "match", "--engine", "self", "name=Alice", "--engine", "greedy", "name=Bob",
            "--games", "4", "--concurrency", "4", "--movetime", "20", "--pace", "150", "--live-linger", "5"]
    seen = lb.sampled_match(args, 390, 844, where, COORDS, "clearInterval(window.coords.timer); return window.coords;")
    print(f"live page, {where}: the smallest coordinate {seen['least']} px ({seen['samples']} looks)")
    assert seen["samples"], f"{where}: no coordinate seen"
    assert seen["least"] >= 9, f"{where}: coordinates of {seen['least']} px, not 9 or more"


def all_checks(lb):
    late_page_big_board(lb)
    names_unbroken_on_phone(lb)
    phone_coordinates_readable(lb)
