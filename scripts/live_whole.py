"""Checks of the live page's tables, title bar, leader line and status words, as a new organiser
reads them, called by live_browser.py (which passes itself, `lb`, for its helpers:
`sampled_match`, `live_match`, `wait_for`, `OUT`).

- `tables_whole` (two players of 35 and 40 letters, one with accents and a dash, two games at
  once, at 1280x800 and 390x844, sampled every 150 ms to the final screen): every name in the
  standings and the finished games whole (wrapped, never cut: "Superca…engine" and "Supe…ine"
  were cut), in 14 px or more (the standings shrank to 12 px), and no table heading cut by its
  box ("P…", "W.").
- `title_once` (two players of 38 and 22 letters at 1280x800, of 29 and 28 in blackhole at
  390x844, wide capitals first, sampled to the final screen): the title bar cut once at most, in the middle of a name, never again by its box at
  its end ("7x7 · Univer…l_EWN, KTH_St…lm_…"), each name 8 letters or more.
- `stopped_once` (a hall of four stopped at 1280x800): the top bar holds its words whole (its
  third line was hidden in the 44 px bar) and the stopped match is told once on the page (the
  bar and "The last view" box said it twice).
- `leader_and_status` (four players whose names begin alike, four games at once, 390x844, and
  eight at once at 1280x800): the phone's leader line gives each leader 8 letters or more, or
  says how many share the lead ("Leading: Gr…ha, Gra…ta"); the status line says in plain words
  what plays ("8 playing (1 shown next)", "2 playing (their boards next)" read as riddles).
"""

import re
import signal

TWO = ("Équipe Montréal — Deep Cube Crusher", "Supercalifragilisticexpialidociousengine")

TABLES = """
window.tw = {looks: 0, bad: {}, seen: {}, timer: setInterval(() => {
  const cells = [...document.querySelectorAll('#table th[title], #finished tr:not(.movesrow) td[title]:not(.res)')];
  const heads = [...document.querySelectorAll('.standings-table thead th, .finished-table thead th')];
  if (!cells.length || !cells[0].clientWidth) return;
  window.tw.looks += 1;
  const phase = document.body.classList.contains('ended') ? 'final' : 'running';
  for (const c of cells) {
    const text = c.textContent.replace(/\\s+/g, ' ').trim(), px = parseFloat(getComputedStyle(c).fontSize);
    const over = c.scrollWidth > c.clientWidth + 1 || [...c.querySelectorAll('.word')].some((w) => w.getBoundingClientRect().right > c.getBoundingClientRect().right + 1);
    window.tw.seen[text] = px;
    if (text !== c.title || px < 14 || over) window.tw.bad[`${phase} ${c.closest('table').className}: ${text}`] = [c.title, px, over, c.clientWidth];
  }
  for (const h of heads) {
    if (!h.clientWidth) continue;
    if (h.scrollWidth > h.clientWidth + 1) window.tw.bad[`${phase} heading ${h.textContent}`] = [h.scrollWidth, h.clientWidth];
  }
}, 150)};
"""


def tables_whole(lb):
    for width, height in ((1280, 800), (390, 844)):
        where = f"names of {len(TWO[0])} and {len(TWO[1])} letters, two games at once at {width}x{height}"
        args = ["--variant", "3x3", "match", "--engine", "self", f"name={TWO[0]}", "--engine", "greedy", f"name={TWO[1]}",
                "--games", "6", "--concurrency", "2", "--movetime", "20", "--pace", "300", "--live-linger", "4"]
        seen = lb.sampled_match(args, width, height, where, TABLES, "clearInterval(window.tw.timer); return window.tw;")
        print(f"live page, {where}: {seen['looks']} looks, names in the tables (text: px) {seen['seen']}")
        assert seen["looks"], f"{where}: no table seen"
        assert not seen["bad"], f"{where}: names cut or small, or headings cut (where: name, px, over, cell px): {seen['bad']}"


TITLES = """
window.tt = {looks: 0, seen: {}, timer: setInterval(() => {
  const h = document.querySelector('.top h1'), t = document.getElementById('title');
  if (!h || !t.textContent || !h.clientWidth) return;
  window.tt.looks += 1;
  window.tt.seen[t.textContent] = [h.scrollWidth, h.clientWidth, h.scrollHeight, h.clientHeight, document.body.classList.contains('ended')];
}, 100)};
"""


def cut_once(text, full):
    """Whether `text` is `full`, or `full` cut once in its middle keeping 8 letters or more."""
    if text == full:
        return True
    head, cut, tail = text.partition("…")
    return (cut and "…" not in tail and len(head) >= 3 and len(tail) >= 3 and len(head) + len(tail) >= 8
            and full.startswith(head) and full.endswith(tail))


def title_once(lb):
    for width, height, variant, red, blue in ((1280, 800, "3x3", "MonteCarlo_Sparring_Partner_Extra_Long", "University_of_Oslo_EWN"),
                                              (390, 844, "blackhole", "MWMW_Monster_Machine_Works_v2", "WMWM_World_Master_Mind_Works")):
        where = f"{variant}, two players of {len(red)} and {len(blue)} letters at {width}x{height}"
        args = ["--variant", variant, "match", "--engine", "self", f"name={red}", "--engine", "greedy", f"name={blue}",
                "--games", "14", "--concurrency", "2", "--movetime", "20", "--pace", "300", "--live-linger", "10"]
        # To the final screen and a moment on it (its longer lists may bring a scroll bar).
        with lb.live_match(args, width, height) as (d, _, match):
            d.execute_script(TITLES)
            lb.until_the_end(d, match, where)
            lb.time.sleep(2)
            d.save_screenshot(lb.os.path.join(lb.OUT, f"live-title-once-{width}.png"))
            seen = d.execute_script("clearInterval(window.tt.timer); return window.tt;")
        bad = {}
        for text, (sw, cw, sh, ch, ended) in seen["seen"].items():
            names = text.split(" · ", 1)[-1].split(", ")
            boxed = sw <= cw + 1 and sh <= ch + 1
            if not boxed or len(names) != 2 or not all(cut_once(n, f) for n, f in zip(names, (red, blue))):
                bad[text] = [sw, cw, sh, ch, "final" if ended else "running"]
        print(f"live page, {where}: {seen['looks']} looks, the title bar said {list(seen['seen'])}")
        assert seen["looks"] and any(e[4] for e in seen["seen"].values()), f"{where}: the final screen's title not seen: {seen}"
        assert not bad, f"{where}: the title bar cut twice, by its box, or a name under 8 letters: {bad}"


def stopped_once(lb):
    width, height = 1280, 800
    where = f"a hall stopped at {width}x{height}"
    args = ["--variant", "3x3", "match", "--engine", "self", "--opponent", "greedy", "--games", "8",
            "--movetime", "50", "--concurrency", "4", "--pace", "1500"]
    with lb.live_match(args, width, height) as (d, _, match):
        lb.wait_for(f"{where}: a finished game", lambda: d.find_elements(lb.By.CSS_SELECTOR, "#finished button.mv"))
        match.send_signal(signal.SIGINT)
        lb.wait_for(f"{where}: the page sees the server gone", lambda: d.execute_script(
            "return document.body.classList.contains('cut');"))
        lb.time.sleep(1)
        r = d.execute_script(
            "const s = document.getElementById('status'), top = document.querySelector('.top');"
            "return {status: s.textContent, sw: s.scrollWidth, cw: s.clientWidth, sh: s.scrollHeight, ch: s.clientHeight,"
            " top: top.getBoundingClientRect().height, text: document.body.innerText};")
        d.save_screenshot(lb.os.path.join(lb.OUT, "live-stopped-once-1280.png"))
    told = len(re.findall(r"unfinished \(game", r["text"]))
    views = len(re.findall(r"last view", r["text"], re.I))
    print(f"live page, {where}: the top bar says {r['status']!r} ({r['sw']} px of {r['cw']}, {r['sh']} px high of {r['ch']}),"
          f" the unfinished games named {told} times, 'last view' {views} times")
    assert r["sw"] <= r["cw"] + 1 and r["sh"] <= r["ch"] + 1, f"{where}: the top bar cuts its words: {r['status']!r}"
    assert told == 1 and views <= 1, f"{where}: the stopped match told {told} times ('last view' {views}): {r['text'][:600]!r}"


LEADS = """
window.ls = {looks: 0, leads: {}, status: {}, timer: setInterval(() => {
  window.ls.looks += 1;
  const st = document.querySelector('#status .counts') || document.getElementById('status');
  const counts = (document.querySelector('#status .counts') ? st.textContent : st.textContent.split(' · ').slice(0, 2).join(' · '));
  window.ls.status[counts] = (window.ls.status[counts] || 0) + 1;
  const s = document.getElementById('summary'), n = s.querySelector('.names');
  if (!n || !s.clientWidth || document.body.classList.contains('ended')) return;
  window.ls.leads[n.textContent] = [...n.querySelectorAll('.nm')].map((x) => [x.textContent, x.title || x.textContent]);
}, 100)};
"""

ALIKE = ("Grandmaster_Alpha", "Grandmaster_Delta", "Grandmaster_Sigma", "Grandmaster_Omega")
# The counts as the status line may say them: games finished, games playing, and how many of
# those have no card yet, in plain words.
PLAIN = re.compile(r"\d+ finished · \d+ playing(?:, (?:\d+ )?not shown yet)?|stopped .*|\d+ finished · (?:the )?match (?:is )?over|.*starting.*")


def leader_and_status(lb):
    for width, height, at_once, names in ((390, 844, 4, ALIKE), (1280, 800, 8, ALIKE + ("Wilhelmina", "Alessandro"))):
        where = f"{len(names)} players whose names begin alike, {at_once} games at once at {width}x{height}"
        args = lb.round_robin(names, at_once, 300)
        seen = lb.sampled_match(args, width, height, where, LEADS, "clearInterval(window.ls.timer); return window.ls;")
        short = {}
        for line, nms in seen["leads"].items():
            for shown, full in nms:
                if shown != full and len(shown.replace("…", "")) < 8:
                    short[line] = nms
        odd = {c: k for c, k in seen["status"].items() if not PLAIN.fullmatch(c)}
        print(f"live page, {where}: {seen['looks']} looks, leader lines {list(seen['leads'])[:12]}, counts {seen['status']}")
        assert not short, f"{where}: a leader shown with fewer than 8 letters: {short}"
        assert not odd, f"{where}: the status line's counts not in plain words: {odd}"


def all_checks(lb):
    tables_whole(lb)
    title_once(lb)
    stopped_once(lb)
    leader_and_status(lb)
