"""Checks that the live page reads the same across a grid and from a hall's distance, called by
live_browser.py (which passes itself, `lb`, for its helpers: `live_match`, `round_robin`, `OUT`).

- `one_form_a_grid` (3x3 four at once and blackhole eight at once at 1280x800, blackhole eight at
  once at 390x844, names of 2 to 18 letters), sampled every 100 ms: the narrow cards held on
  their ends say them in one form, all "name won (how)" or all "name won" ("Grandmast… won"
  stood beside "Bo won (goal)").
- `phone_says_what_percent_is` (3x3 four at once at 390x844): while a card shows a win chance, the
  note that a per cent is each engine's own estimate is on the screen, whole (it was hidden on a
  phone, two cards' "51%" and "80%" unexplained).
- `hall_type_legible` (6x6 two, four and eight at once, blackhole four and eight, at 1280x800): a board 230 px or
  more wide has coordinates of 11 px or more (9 and 10 px before), and a card's "est." and a die
  line's faces "(6 + 4)" are 13 px or more (12 before).
- `status_names_keep_eight` (390x844): the status line's news of several games ends cuts a
  winner's name to eight letters at the least, as the README says ("Grandm… won games 2, 4 and
  5" before), the games alone where even that does not fit.
"""

import os

NAMES = ("Grandmaster_Deluxe", "Bo", "Alice", "Tenletters")

FORMS = """
window.fg = {looks: 0, mixed: {}, timer: setInterval(() => {
  if (document.body.classList.contains('ended')) return;
  const forms = new Set(), said = [];
  for (const r of document.querySelectorAll('#games .game .roll.game-over.short-end')) {
    const won = r.querySelector('.res-won');
    if (!won || !r.getBoundingClientRect().width) continue;
    forms.add(won.textContent.trim() === 'won' ? 'short' : 'with how');
    said.push(r.innerText.replace(/\\s+/g, ' ').trim());
  }
  if (said.length > 1) window.fg.looks += 1;
  if (forms.size > 1) window.fg.mixed[said.join(' | ')] = 1;
}, 100)};
"""


def one_form_a_grid(lb):
    for variant, conc, width, height in (("3x3", 4, 1280, 800), ("blackhole", 8, 1280, 800), ("blackhole", 8, 390, 844)):
        where = f"{variant}, {conc} at once, names of 2 to 18 letters, at {width}x{height}"
        args = lb.round_robin(NAMES, conc, 500, variant)
        with lb.live_match(args, width, height) as (d, _, _match):
            d.execute_script(FORMS)
            until = lb.time.monotonic() + 300
            while not d.execute_script("return document.body.classList.contains('ended');"):
                assert lb.time.monotonic() < until, f"{where}: no final screen in 300 s"
                lb.time.sleep(0.3)
            seen = d.execute_script("clearInterval(window.fg.timer); return window.fg;")
        print(f"live page, {where}: {seen['looks']} looks at two held narrow cards or more,"
              f" {len(seen['mixed'])} grids in two forms")
        assert seen["looks"] > 0, f"{where}: never two narrow cards held on their ends at once"
        assert not seen["mixed"], f"{where}: one grid says its ends in two forms: {list(seen['mixed'])[:3]}"


NOTE = """
window.pn = {looks: 0, unexplained: {}, timer: setInterval(() => {
  if (document.body.classList.contains('ended')) return;
  const shown = [...document.querySelectorAll('#games .game .side .wp')].filter((w) => w.getBoundingClientRect().width && /%/.test(w.innerText));
  if (!shown.length) return;
  window.pn.looks += 1;
  const note = document.getElementById('wp-legend'), r = note.getBoundingClientRect();
  const labelled = shown.every((w) => /est/.test(w.innerText));
  const whole = r.width > 0 && r.left >= -0.5 && r.right <= window.innerWidth + 0.5 && note.scrollWidth <= note.clientWidth + 1 &&
    /own estimate/.test(note.innerText);
  if (!whole && !labelled) window.pn.unexplained[shown.map((w) => w.innerText.trim()).join(' ')] = [Math.round(r.width), note.innerText];
}, 100)};
"""


def phone_says_what_percent_is(lb):
    where = "3x3, four at once, at 390x844"
    with lb.live_match(lb.round_robin(NAMES, 4, 500), 390, 844) as (d, _, _match):
        d.execute_script(NOTE)
        until = lb.time.monotonic() + 60
        while d.execute_script("return window.pn.looks;") < 20 and lb.time.monotonic() < until:
            lb.time.sleep(0.3)
        d.save_screenshot(os.path.join(lb.OUT, "live-percent-note-390.png"))
        seen = d.execute_script("clearInterval(window.pn.timer); return window.pn;")
    print(f"live page, {where}: {seen['looks']} looks at cards with a per cent, {len(seen['unexplained'])} without the note")
    assert seen["looks"] > 0, f"{where}: no win chance seen on a card"
    assert not seen["unexplained"], f"{where}: per cents on the screen with no note saying what they are (note px, text): {dict(list(seen['unexplained'].items())[:3])}"


TYPE = """
window.ht = {looks: 0, small: {}, timer: setInterval(() => {
  if (document.body.classList.contains('ended')) return;
  window.ht.looks += 1;
  const px = (el) => parseFloat(getComputedStyle(el).fontSize);
  const seen = (el) => el.getBoundingClientRect().width > 0 && getComputedStyle(el).visibility !== 'hidden';
  for (const b of document.querySelectorAll('#games .game .board')) {
    const w = b.getBoundingClientRect().width;
    if (w < 230) continue;
    for (const c of b.querySelectorAll('.coord')) if (seen(c) && px(c) < 11) window.ht.small[`coordinate on a ${Math.round(w)} px board`] = px(c);
  }
  for (const l of document.querySelectorAll('#games .game .wp .lbl, #games .game .roll .lbl.faces, #games .game .roll .lbl')) {
    if (seen(l) && l.textContent.trim() && px(l) < 13) window.ht.small[l.classList.contains('faces') ? 'dice faces' : `"${l.textContent.trim()}"`] = px(l);
  }
}, 100)};
"""


def hall_type_legible(lb):
    for variant, conc in (("6x6", 2), ("6x6", 4), ("blackhole", 4), ("blackhole", 8), ("6x6", 8)):
        where = f"{variant}, {conc} at once, at 1280x800"
        with lb.live_match(lb.round_robin(NAMES, conc, 500, variant), 1280, 800) as (d, _, _match):
            d.execute_script(TYPE)
            until = lb.time.monotonic() + 60
            while d.execute_script("return window.ht.looks;") < 30 and lb.time.monotonic() < until:
                lb.time.sleep(0.3)
            d.save_screenshot(os.path.join(lb.OUT, f"live-type-{variant}-{conc}.png"))
            seen = d.execute_script("clearInterval(window.ht.timer); return window.ht;")
        print(f"live page, {where}: {seen['looks']} looks, type below 11 px (coordinates) or 13 px (labels): {seen['small']}")
        assert seen["looks"] > 0, f"{where}: no card seen"
        assert not seen["small"], f"{where}: type too small for a hall (px): {seen['small']}"


NEWS = """
const T = window.EwnLiveText, names = ['Grandmaster_Deluxe', 'Magdalena_Kowalczykowska', 'Bartholomew_Quincy'];
for (const n of names) T.players.add(n);
const ends = [2, 4, 5, 7, 9].map((n, i) => ({number: n, red: names[i % 3], blue: names[(i + 1) % 3], winner: i % 2 ? 'b' : 'r', reason: 'goal'}));
const bad = [];
for (const k of [2, 3, 5]) for (const f of T.newsForms(ends.slice(0, k), true)) {
  for (const m of f.matchAll(/(\\S*)…(\\S*)/g)) if (m[1].length + m[2].length < 8) bad.push(f);
}
return bad;
"""


def status_names_keep_eight(lb):
    where = "the status line's news of several ends, at 390x844"
    with lb.live_match(lb.round_robin(NAMES, 4, 500), 390, 844) as (d, _, _match):
        bad = d.execute_script(NEWS)
    print(f"live page, {where}: {len(bad)} forms with a name cut below eight letters")
    assert not bad, f"{where}: names cut below eight letters: {bad[:3]}"


def all_checks(lb):
    status_names_keep_eight(lb)
    phone_says_what_percent_is(lb)
    hall_type_legible(lb)
    one_form_a_grid(lb)
