"""Checks of the cards' words, called by live_browser.py (which passes itself, `lb`, for its
helpers: `live_match`, `all_running`, `wait_for`).

- `words_alike` (6x6, one and two games at once at 1280x800, paced), sampled every 100 ms: a
  card's win chance reads "est. 60%" in both layouts (one game said "est. 53%", two "own est.
  60%"), and the die line has one space's room between "to move," and the die ("Red to move,  die
  2": a lone card kept the room of "Blue" after "Red", 14 px).
  A time a move reads "0.1 s/move" on every card (a lone card said "0.1 s a move").
- `final_top_as_large` (3x3, eight at once at 1280x800, four at 390x844): the final screen's status
  line is as large as the running page's (14 px where the running counts were 16).
- `final_never_sideways` (a name of 42 letters with no place to break, 3x3, one game at a time, at
  390x844): the final screen never makes the page wider than the phone ("The last game, game 2:
  Red (TheVeryLong…" ran to 400 px, the page 400 px wide).
- `score_never_broken` (two players, 3x3, the final screen at 1280x800): the match's score in
  the final result stays on one line at every width its box is given from 120 to 600 px ("won
  4–" ended a line and "0 against" began the next).
"""

WORDS = """
window.words = {looks: 0, chances: {}, times: {}, gaps: [], timer: setInterval(() => {
  for (const c of document.querySelectorAll('#games .game:not(.ended-game)')) {
    for (const k of c.querySelectorAll('.side .clock')) {
      const t = k.innerText.replace(/\s+/g, ' ').trim();
      if (k.querySelector('.per-move')) window.words.times[t.replace(/[\d.]+/, 'N')] = t;
    }
    for (const w of c.querySelectorAll('.side .wp')) {
      const t = w.innerText.replace(/\\s+/g, ' ').trim();
      if (t) window.words.chances[t.replace(/\\d+/, 'N')] = t;
    }
    const r = c.querySelector('.roll:not(.game-over)'), slot = r && r.querySelector('.mv-slot > span');
    const after = slot && slot.parentElement.nextSibling;
    if (!slot || !after || after.nodeType !== 3 || !/^ /.test(after.data)) continue;
    // The next word: in this text ("die") or the element after it ("dice", "rolling…").
    let left;
    if (/^ \\S/.test(after.data)) { const range = document.createRange(); range.setStart(after, 1); range.setEnd(after, 2); left = range.getBoundingClientRect().left; }
    else if (after.data === ' ' && after.nextSibling && after.nextSibling.nodeType === 1) left = after.nextSibling.getBoundingClientRect().left;
    else continue;
    window.words.looks += 1;
    const space = parseFloat(getComputedStyle(r).fontSize) * 0.4;
    // (The words' own right edge: the grid's cell of a lone card is as wide as its widest.)
    const words = document.createRange(); words.selectNodeContents(slot);
    const gap = left - Math.max(...[...words.getClientRects()].map((x) => x.right));
    if (gap > space) window.words.gaps.push([Math.round(gap), Math.round(space), r.innerText.replace(/\\s+/g, ' ')]);
  } }, 100)};
"""


def words_alike(lb):
    forms, times = {}, {}
    for games in (1, 2):
        where = f"6x6, {games} at once, paced, at 1280x800"
        args = ["--variant", "6x6", "match", "--engine", "self", "--opponent", "greedy", "--games", str(games + 1),
                "--concurrency", str(games), "--movetime", "100", "--pace", "600"]
        seen = lb.sampled_match(args, 1280, 800, where, WORDS, "clearInterval(window.words.timer); return window.words;")
        print(f"live page, {where}: {seen['looks']} looks at die lines, gaps wider than a space {seen['gaps'][:2]},"
              f" win chances said {sorted(seen['chances'])}")
        assert seen["looks"] > 0, f"{where}: no die line seen"
        assert not seen["gaps"], f"{where}: more than a space after 'to move,' (px, a space's px, line): {seen['gaps'][:3]}"
        forms.update(seen["chances"])
        times.update(seen["times"])
    assert set(forms) == {"est. N%"}, f"win chances worded apart: {forms}"
    # A time a move in one form, whatever the card ("0.1 s a move" on a lone card, "0.1 s/move"
    # on narrow ones).
    print(f"live page, a time a move said {sorted(times.values())}")
    assert set(times) == {"N s/move"}, f"a time a move worded apart: {times}"


# The status line's type while the match runs (its counts) and on the final screen.
TOP = """
window.topType = {running: 0, final: 0, timer: setInterval(() => {
  const s = document.getElementById('status'), px = (e) => parseFloat(getComputedStyle(e).fontSize);
  if (!s.textContent.trim()) return;
  if (document.body.classList.contains('ended')) window.topType.final = px(s);
  else window.topType.running = Math.max(window.topType.running, px(s.querySelector('.counts') || s));
}, 100)};
"""


def final_top_as_large(lb):
    for games, width, height in ((8, 1280, 800), (4, 390, 844)):
        where = f"3x3, {games} at once, paced, at {width}x{height}"
        args = ["--variant", "3x3", "match", "--engine", "self", "--opponent", "greedy", "--games", str(games + 2),
                "--concurrency", str(games), "--movetime", "20", "--pace", "400", "--live-linger", "3"]
        with lb.live_match(args, width, height) as (d, _, _match):
            d.execute_script(TOP)
            lb.wait_for(f"{where}: the final screen", lambda: d.execute_script(
                "return document.body.classList.contains('ended');"))
            lb.time.sleep(0.5)
            seen = d.execute_script("clearInterval(window.topType.timer); return window.topType;")
        print(f"live page, {where}: the status line {seen['running']} px while the match ran, {seen['final']} px on the final screen")
        assert seen["running"] and seen["final"] >= seen["running"], \
            f"{where}: the final screen's status line {seen['final']} px, smaller than the running page's {seen['running']} px"


def final_never_sideways(lb):
    name = "TheVeryLongEngineNameWithoutAnyBreaksAtAll"
    where = f"a name of {len(name)} letters with no break, the final screen at 390x844"
    # Both players so named (the second with its last letters changed): whoever wins the last game, its line names it.
    args = ["--variant", "3x3", "match", "--engine", "self", f"name={name}", "--engine", "greedy",
            f"name={name[:-3]}Two", "--games", "2", "--movetime", "20", "--live-linger", "4"]
    with lb.live_match(args, 390, 844) as (d, _, match):
        lb.wait_for(f"{where}: the final screen", lambda: d.execute_script(
            "return document.body.classList.contains('ended') && !document.getElementById('final-last').hidden;"))
        seen = d.execute_script(
            "const doc = document.documentElement, l = document.getElementById('final-last').getBoundingClientRect();"
            "return {page: doc.scrollWidth, screen: doc.clientWidth, last: Math.round(l.right),"
            " text: document.getElementById('final-last').textContent};")
    print(f"live page, {where}: the page {seen['page']} px wide on {seen['screen']}, the last game's line to"
          f" {seen['last']} px: {seen['text']!r}")
    assert seen["page"] <= seen["screen"] and seen["last"] <= seen["screen"], f"{where}: the page scrolls sideways: {seen}"


# The final result's box at each width from 120 to 600 px: the widths where the score's first
# and last characters stand on different lines.
SCORE_LINES = """
const t = document.getElementById('final-text'), node = t.firstChild, text = node.data;
const m = / (\\d+(?:\\.\\d+)?)\\W*–\\W*(\\d+(?:\\.\\d+)?)/.exec(text);
if (!m) return {text, broken: null};
const top = (i) => { const r = document.createRange(); r.setStart(node, i); r.setEnd(node, i + 1); return r.getBoundingClientRect().top; };
const first = m.index + 1, last = m.index + m[0].length - 1, broken = [];
for (let w = 120; w <= 600; w += 4) {
  t.style.width = `${w}px`;
  if (Math.abs(top(first) - top(last)) > 2) broken.push(w);
}
t.style.width = '';
return {text, broken};
"""


def score_never_broken(lb):
    where = "two players, the final screen at 1280x800"
    args = ["--variant", "3x3", "match", "--engine", "self", "--opponent", "greedy", "--games", "4",
            "--movetime", "20", "--live-linger", "6"]
    with lb.live_match(args, 1280, 800) as (d, _, _match):
        lb.wait_for(f"{where}: the final screen", lambda: d.execute_script(
            "return document.body.classList.contains('ended') && !document.getElementById('final').hidden;"))
        seen = d.execute_script(SCORE_LINES)
    print(f"live page, {where}: {seen['text']!r}, the score over two lines at widths {seen['broken']}")
    assert seen["broken"] is not None, f"{where}: no score in the final result: {seen['text']!r}"
    assert not seen["broken"], f"{where}: the score broken over two lines at widths {seen['broken'][:8]} px"


def all_checks(lb):
    words_alike(lb)
    final_top_as_large(lb)
    final_never_sideways(lb)
    score_never_broken(lb)
