"""Checks of a hall screen, called by live_browser.py (which passes itself, `lb`, for its helpers:
`live_match`, `all_running`, `hold_still`, `let_go`, `wait_for`, `OUT`).

- `hall_reads_from_afar` (five and eight games at once at 1280x800): the boards take the
  screen's width (eight games' boards 260 px or more, their digits 20 px or more: 226 and 17.6
  beside the side panel), the status line 16 px or more, a card's last move and clocks 14 px
  or more, and the standings on the first screen, each player with its points.
- `six_cards_whole` (six games of names of 10 to 16 letters at 1280x800): nothing on a card
  cut by its box, a name on two lines at most.
- `names_read_on_cards` (eight games on a phone, one at 1280x800, names of 11 and 21
  letters): a name on a card cut only where its line is full, never to fewer than six letters;
  a space after the leader line's "Leading:"; the header's counts in one form to the end.
- `follows_the_next_match` (1280x800): a page left on a match's final screen shows the next
  match served on the same port by itself.
"""

import os
import re
import shutil
import socket
import subprocess
import tempfile
import time

from selenium.webdriver.common.by import By

HALL_MEASURE = (
    "const cs = [...document.querySelectorAll('#games .game')];"
    "const px = (e) => e ? parseFloat(getComputedStyle(e).fontSize) : 0;"
    "const leaves = (root) => [...root.querySelectorAll('*')].filter((e) => !e.children.length && e.textContent.trim()"
    " && e.getBoundingClientRect().height > 0);"
    "const st = document.getElementById('status');"
    "const strip = document.getElementById('standings-strip');"
    "const shown = (e) => { if (!e) return false; const r = e.getBoundingClientRect();"
    " return r.height > 0 && r.top >= 0 && r.bottom <= window.innerHeight; };"
    "const rows = [...document.querySelectorAll('#table tr')].map((r) => [r.querySelector('th').title, r.children[5].textContent]);"
    "const stripText = strip && shown(strip) ? strip.textContent : '';"
    "const tableShown = shown(document.getElementById('table-wrap'));"
    "return {boards: cs.map((c) => Math.round(c.querySelector('.board').getBoundingClientRect().width)),"
    " digit: px(document.querySelector('#games .cube')),"
    " coord: px(document.querySelector('#games .coord')),"
    " status: Math.min(...[st, ...leaves(st)].filter((e) => e.textContent.trim()).map(px)),"
    " moves: Math.min(...cs.map((c) => px(c.querySelector('.moves')))),"
    " clocks: Math.min(...cs.flatMap((c) => [...c.querySelectorAll('.side .clock')].map(px))),"
    " rows, tableShown, stripText,"
    " cut: cs.filter((c) => [...c.querySelectorAll('.board, .side, .roll, h3, .moves')].some((e) => {"
    "  const r = e.getBoundingClientRect(), k = c.getBoundingClientRect();"
    "  return r.bottom > k.bottom + 1 || r.right > k.right + 1; })).map((c) => c.id),"
    " offScreen: cs.filter((c) => c.getBoundingClientRect().bottom > window.innerHeight).map((c) => c.id)};")


def hall_reads_from_afar(lb):
    for games in (8, 5):
        where = f"{games} games of standard at 1280x800"
        args = ["match", "--engine", "self", "name=Alphonse", "--engine", "self", "name=Beatrix",
                "--engine", "greedy", "--tournament", "round-robin", "--games", str(2 * games),
                "--concurrency", str(games), "--movetime", "150", "--pace", "250", "--live-linger", "2"]
        with lb.live_match(args, 1280, 800) as (d, _, _match):
            lb.wait_for(f"{where}: a finished game", lambda: d.find_elements(By.CSS_SELECTOR, "#finished button.mv"))
            lb.all_running(d, games, where)
            seen = d.execute_script(HALL_MEASURE)
            d.save_screenshot(os.path.join(lb.OUT, f"live-hall-{games}-1280.png"))
            lb.let_go(d)
        print(f"live page, {where}: boards {min(seen['boards'])} px, digits {seen['digit']:.1f} px,"
              f" coordinates {seen['coord']:.1f} px, status {seen['status']:.1f} px, last move {seen['moves']:.1f} px,"
              f" clocks {seen['clocks']:.1f} px, standings on the first screen: table {seen['tableShown']},"
              f" strip {seen['stripText']!r}")
        assert not seen["cut"] and not seen["offScreen"], f"{where}: cards cut or off the screen: {seen}"
        if games == 8:
            assert min(seen["boards"]) >= 260 and seen["digit"] >= 20, \
                f"{where}: boards of {min(seen['boards'])} px, digits {seen['digit']:.1f} px (260 and 20 or more)"
        assert seen["status"] >= 16 and seen["moves"] >= 14 and seen["clocks"] >= 14, \
            f"{where}: small type: status {seen['status']} px, last move {seen['moves']} px, clocks {seen['clocks']} px"
        # The standings on the first screen: the table, or the strip naming each player with
        # its points.
        strip = " ".join(seen["stripText"].split())
        whole = seen["tableShown"] or all(name in strip and pts in strip for name, pts in seen["rows"])
        assert seen["rows"] and whole, f"{where}: the standings are not on the first screen: {seen['rows']} / {strip!r}"


def six_cards_whole(lb):
    """Six games at once at 1280x800 among players of 10 to 16 letters: nothing on a card cut by
    its box (its moves line too: "8 moves" was cut), a name on two lines at most (one wrapped to
    three in a names' column of ~100 px)."""
    where = "six games of long names at 1280x800"
    args = ["match", "--engine", "self", "name=Alessandro_Volta", "--engine", "self", "name=Wilhelmina",
            "--engine", "greedy", "name=Maximiliane", "--tournament", "round-robin", "--games", "4",
            "--concurrency", "6", "--movetime", "150", "--pace", "300", "--live-linger", "2"]
    with lb.live_match(args, 1280, 800) as (d, _, _match):
        lb.all_running(d, 6, where)
        seen = d.execute_script(HALL_MEASURE + "")
        names = d.execute_script(
            "return [...document.querySelectorAll('#games .game .side .who b')].map((b) => {"
            " const lh = parseFloat(getComputedStyle(b).lineHeight) || parseFloat(getComputedStyle(b).fontSize) * 1.2;"
            " return [b.textContent, Math.round(b.getBoundingClientRect().height / lh)]; });")
        d.save_screenshot(os.path.join(lb.OUT, "live-hall-6-long-1280.png"))
        lb.let_go(d)
    print(f"live page, {where}: boards {min(seen['boards'])} px, cards cut {seen['cut']}, names' lines {sorted(set(n[1] for n in names))}")
    assert not seen["cut"] and not seen["offScreen"], f"{where}: cards cut or off the screen: {seen}"
    assert all(lines <= 2 for _, lines in names), f"{where}: a name on more than two lines: {names}"


WATCH = """
window.hallSeen = {cut: [], gaps: [], status: []};
setInterval(() => {
  const seen = window.hallSeen;
  for (const b of document.querySelectorAll('#games .game .side .who b, #games .game .roll .res-name')) {
    const full = b.title || b.textContent;
    if (b.textContent === full || !b.getBoundingClientRect().width) continue;
    const shown = b.textContent.replace('…', '').length;
    // The room the name's line leaves empty: its row's width less what is drawn in it.
    const line = b.closest('.side, .roll');
    let drawn = 0;
    const walk = document.createTreeWalker(line, NodeFilter.SHOW_TEXT);
    for (let t = walk.nextNode(); t; t = walk.nextNode()) {
      const e = t.parentElement;
      if (!t.textContent.trim() || e.closest('.ghost, .mv-ghost, .sr-only') || getComputedStyle(e).visibility === 'hidden') continue;
      const r = document.createRange(); r.selectNodeContents(t); drawn += r.getBoundingClientRect().width;
    }
    const spare = Math.round(line.clientWidth - drawn - 40);
    // Words beside it that have a short form: "a move", "own est.", room kept for a chance.
    const long = [...line.querySelectorAll('.lbl .long, .ghost')].filter((e) => e.getBoundingClientRect().width > 0).length;
    if (seen.cut.length < 200) seen.cut.push([b.textContent, full, shown, spare, long, line.className,
      [...line.children].map((e) => `${e.className}:${Math.round(e.getBoundingClientRect().width)}`).join(' ') + ` of ${line.clientWidth}`]);
  }
  const s = document.getElementById('summary'), names = s && s.querySelector('.names');
  if (names && names.firstChild && names.firstChild.nodeType === 3 && names.querySelector('.nm')) {
    const t = names.firstChild, r = document.createRange();
    r.setStart(t, 0); r.setEnd(t, t.textContent.trimEnd().length);
    const text = r.getBoundingClientRect(), nm = names.querySelector('.nm').getBoundingClientRect();
    if (text.width && seen.gaps.length < 100) seen.gaps.push([s.innerText, Math.round((nm.left - text.right) * 10) / 10]);
  }
  const st = document.getElementById('status').textContent;
  if (seen.status[seen.status.length - 1] !== st && seen.status.length < 400) seen.status.push(st);
}, 100);
"""


def names_read_on_cards(lb):
    """Eight games at once on a phone (390x844) and one on a wide screen (1280x800), among
    players of 8 and 18 letters, watched to the end of the match: a name on a card (its side's
    line or its result) is cut only where its line has no room for more (12 px or less left
    empty) and its times and chances are said short, and never to fewer than six letters (a
    phone's card cut names to four; a card alone on a phone cut "Bartholomew_Q…" beside "0.1 s
    a move" and "own est. 54%"). On the phone too the leader line has a space after
    "Leading:" (it read "Leading:Alphonse"), and at both the header's counts keep their words
    from the first game to the final screen ("N finished · ...": the final screen said "the
    match is over · N games played")."""
    names = ("Alphonse", "Bartholomew_Quincy")
    for width, height, games in ((390, 844, 1), (390, 844, 4), (1280, 800, 1), (390, 844, 8)):
        where = f"{games} games of names of 8 and 18 letters at {width}x{height}"
        args = ["match", "--engine", "self", f"name={names[0]}", "--engine", "self", f"name={names[1]}",
                "--games", str(2 * games), "--concurrency", str(games), "--movetime", "100",
                "--pace", "150", "--live-linger", "4"]
        with lb.live_match(args, width, height) as (d, _, match):
            d.execute_script(WATCH)
            lb.until_the_end(d, match, where)
            seen = d.execute_script("return window.hallSeen;")
            d.save_screenshot(os.path.join(lb.OUT, f"live-hall-names-{width}.png"))
        worst = sorted({tuple(c) for c in seen["cut"]}, key=lambda c: (-c[3], c[2]))[:6]
        gaps = sorted({g[1] for g in seen["gaps"]})
        print(f"live page, {where}: names cut {len(seen['cut'])} times, the shortest {worst[:3]};"
              f" the leader line's gap after its word {gaps}; the header said {seen['status'][-1]!r} at the end")
        for shown, full, letters, spare, long, *_ in seen["cut"]:
            assert letters >= min(6, len(full)), f"{where}: {full!r} cut to {shown!r}"
            assert spare <= 12 and not long, f"{where}: {full!r} cut to {shown!r} beside {spare} px of room, {long} words with a short form"
        assert all(g >= 2 for g in gaps), f"{where}: no space after the leader line's word: {seen['gaps'][:3]}"
        counts = [s for s in seen["status"] if "finished" in s]
        assert counts and all(re.match(r"\d+ finished · ", s) for s in counts), \
            f"{where}: the header's counts change their words: {counts[:2]} ... {counts[-2:]}"


def follows_the_next_match(lb):
    """A page left open on a match's final screen (at 1280x800) shows the next match served on
    the same address by itself, without a reload by hand (it stayed on the last match's final
    screen)."""
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        port = s.getsockname()[1]
    where = f"the next match on port {port}"

    def start(name, linger):
        args = ["--variant", "3x3", "match", "--engine", "self", f"name={name}", "--opponent", "greedy",
                "--games", "2", "--movetime", "20", "--pace", "200", "--live-linger", str(linger)]
        return subprocess.Popen([lb.EWN, *args, "--live", f"127.0.0.1:{port}", "--quiet"],
                                stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)

    profile = tempfile.mkdtemp(prefix="ewn-live-chromium-")
    first = start("Firstmatch", 2)
    d, second = None, None
    try:
        d = lb.browser(1280, 800, profile)
        lb.wait_for(f"{where}: the first match's page", lambda: _opened(d, port))
        lb.wait_for(f"{where}: the first match's end", lambda: d.execute_script(
            "return document.body.classList.contains('ended');"))
        first.wait(timeout=60)
        second = start("Secondmatch", 2)
        until = time.monotonic() + 30
        title = ""
        while time.monotonic() < until and "Secondmatch" not in title:
            time.sleep(0.3)
            title = d.execute_script("return document.getElementById('title').textContent;") or ""
        d.save_screenshot(os.path.join(lb.OUT, "live-next-match-1280.png"))
        print(f"live page, {where}: the open page's title {title!r}")
        assert "Secondmatch" in title, f"{where}: the page open on the first match still shows it: {title!r}"
    finally:
        if d:
            d.quit()
        for m in (first, second):
            if m:
                m.kill()
                m.wait()
        shutil.rmtree(profile, ignore_errors=True)


def _opened(d, port):
    try:
        d.get(f"http://127.0.0.1:{port}/")
        return d.execute_script("return Boolean(document.getElementById('title'));")
    except Exception:  # noqa: BLE001 (the server not up yet)
        return False


def all_checks(lb):
    hall_reads_from_afar(lb)
    six_cards_whole(lb)
    names_read_on_cards(lb)
    follows_the_next_match(lb)
