"""The checks of what the thirty-ninth new player reported: in 6x6 the turn bar's die box showed
"6+5 = 11" on three lines, spilling out of its 44 px box; in a review the decision line of
Blue's move stood in Red's bar ("Red: ewn · ?? 9. Blue die 5: …"), as if Red had blundered; on a
phone a move at a step back asked "Replace the moves after move N?" under the take-own-cube note
left from the click before, and the question covered the step buttons; Copy link with the die
rolled reopened the position without the die and the players, unsaid; Undo last move after a
lost game read as a side line opened, nothing said; after Roll the die flicked through wrong
faces for about 0.5 s; blackhole's "falls" label was 10 px."""

import time

from selenium.webdriver.common.by import By

from .driver import click, enabled, idle, in_arena, js, load_record_text, new_game, note_shown, navigate_to, ply_count, \
    shot, wait, click_review
from .records import REVIEWED
from .thirtyeighth import clicks, lost_in_two_moves, six_moves_back_to_four
from .thirtysecond import boxes, settle
from .thirtysixth import CONTROLS, status_seen
from .thirtyfourth import overlap


def two_dice_on_one_line(d):
    """6x6: every roll of two dice (1+1 to 6+6) shows its faces and its sum each on one line,
    inside the die's box."""
    w = js(d, "innerWidth")
    new_game(d, ("human",), ("human",), 7, variant="6x6")
    click(d, "roll")
    wait(d, "the dice", lambda d: js(d, "S.die") is not None and idle(d))
    # Each roll drawn as the page draws a state with it, then the real state again.
    seen = d.execute_script("""const real = S, out = [];
      for (let a = 1; a <= 6; a++) for (let b = 1; b <= 6; b++) {
        render(Object.assign({}, real, { die: a + b, dice_pair: [a, b] }));
        const die = $('die'), box = die.getBoundingClientRect(), bw = die.clientLeft;
        const lines = [...die.childNodes].map((n) => { const r = document.createRange(); r.selectNodeContents(n);
          return new Set([...r.getClientRects()].filter((q) => q.width > 0).map((q) => Math.round(q.top))).size; });
        const all = document.createRange(); all.selectNodeContents(die);
        const ink = all.getBoundingClientRect();
        const out_ = ink.left < box.left + bw - 0.5 || ink.right > box.right - bw + 0.5 || ink.top < box.top + bw - 0.5 || ink.bottom > box.bottom - bw + 0.5;
        out.push([die.textContent, lines, out_, Math.round(box.width), Math.round(box.height)]);
      }
      render(real);
      return out;""")
    shot(d, f"{w}-39-dice.png")
    bad = [s for s in seen if any(n != 1 for n in s[1]) or s[2] or s[3] > 44 or s[4] > 44]
    print(f"{w}: 6x6 dice: {seen[-2]} (6+5); {len(bad)} of 36 rolls off one line or out of the box: {bad[:4]}")
    assert not bad, f"rolls of two dice not on one line each inside the 44 px box: {bad[:6]}"


def blue_decision_in_blues_bar(d):
    """A reviewed record: a marked move of Blue's shows its line over Blue's bar (or one that
    names Blue, not over Red's bar), as any marked move over its own side's; neither over the
    board nor over a control."""
    w = js(d, "innerWidth")
    load_record_text(d, REVIEWED)
    wait(d, "the loaded record", lambda d: ply_count(d) == 19 and idle(d))
    click_review(d)
    wait(d, "the review's marks", lambda d: js(d, "S.review.moves && S.plies.some((p) => p.mark)") and idle(d))
    marked = js(d, "S.plies.map((p, k) => p.mark ? [k, p.side] : null).filter(Boolean)")
    sides = {}
    for k, side in marked:
        sides.setdefault(side, k)
    assert "b" in sides, f"no marked move of Blue's in the reviewed record: {marked}"
    for side, k in sorted(sides.items()):
        navigate_to(d, k)
        wait(d, f"the decision of move {k + 1}", lambda d: d.find_element(By.ID, "decision").is_displayed() and idle(d))
        settle(d)
        mine, other = ("bar-red", "bar-blue") if side == "r" else ("bar-blue", "bar-red")
        b = boxes(d, ["decision", mine, other, "board"])
        said = d.find_element(By.ID, "decision").text
        covered = [c[0] for c in d.execute_script(CONTROLS) if overlap(b["decision"], c[1:])]
        shot(d, f"{w}-39-decision-{side}.png")
        print(f"{w}: move {k + 1} ({side}): the decision {b['decision']}, {mine} {b[mine]}, {other} {b[other]}: {said[:60]!r}…; covers {covered}")
        name = "Red" if side == "r" else "Blue"
        assert not overlap(b["decision"], b[other]), f"{name}'s move's decision line stands over the other side's bar: {b}"
        assert said.startswith(name) or overlap(b["decision"], b[mine]), f"{name}'s decision line neither names {name} first nor stands in its bar: {said!r}"
        assert not overlap(b["decision"], b["board"]), f"the decision line covers the board: {b}"
        assert not covered, f"the decision line covers {covered}"


def phone_question_clear(d):
    """390x844: a move at a step back that takes one's own cube (its note shown at the first
    click) asks with the status in view (no older note over it), the question over no control,
    the step buttons where they were."""
    six_moves_back_to_four(d)
    settle(d)
    nav = boxes(d, ["navbar"])["navbar"]
    click_first_c5(d)
    wait(d, "the question", lambda d: js(d, "!$('replace-ask').hidden"))
    time.sleep(0.6)
    seen = status_seen(d)
    b = boxes(d, ["replace-ask", "navbar", "board"])
    covered = [c[0] for c in d.execute_script(CONTROLS) if c[0] not in ("replace-yes", "replace-no") and overlap(b["replace-ask"], c[1:])]
    shot(d, "phone-39-question.png")
    print(f"390: a move at a step back: the status seen {seen!r}, the note {note_shown(d)[:40]!r}; the question {b['replace-ask']},"
          f" the step row {nav} -> {b['navbar']}, the board {b['board']}; covers {covered}")
    assert "Replace" in seen, f"the status's question is hidden (seen: {seen!r}, note {note_shown(d)!r})"
    assert not covered, f"the question covers {covered}: {b}"
    assert nav == b["navbar"], f"the step row moved: {nav} -> {b['navbar']}"
    click(d, "replace-no")
    wait(d, "the question gone", lambda d: js(d, "$('replace-ask').hidden"))


def click_first_c5(d):
    assert js(d, "S.legal.includes('c5c4') && S.plies[4].move !== 'c5c4'"), f"c5c4 is not another move at move 4: {js(d, 'S.legal')}"
    clicks(d, "c5c4")


def undo_after_end_says_so(d):
    """A person's game lost to the engine, then Undo last move: the move is taken back and a
    note says so (it read as a side line opened, nothing said)."""
    w = js(d, "innerWidth")
    lost_in_two_moves(d)
    label = js(d, "$('undo').textContent")
    click(d, "undo")
    wait(d, "the take-back", lambda d: js(d, "S.ply") == 0 and idle(d))
    time.sleep(0.6)
    said = note_shown(d)
    print(f"{w}: {label!r} after the game's end: at {js(d, 'S.ply')} of {js(d, 'S.plies.length')}, the note {said!r}")
    assert "Took back" in said and "the last" in said, f"Undo after the game's end says nothing of what it took back: {said!r}"
    d.execute_script("clearTimeout(noteTimer); localError = null; render(S)")


def die_shows_its_face(d):
    """Roll: from the moment the die shows a face it is the rolled one (for about 0.5 s the box
    flicked through other faces first)."""
    w = js(d, "innerWidth")
    new_game(d, ("human",), ("ewn", 1, 20), 9)
    wait(d, "Red's roll", lambda d: js(d, "S.side === 'r' && S.die === null") and enabled(d, "roll") and idle(d))
    d.execute_script("window.dieSeen = []; window.dieSpy = setInterval(() => dieSeen.push($('die').textContent), 20)")
    click(d, "roll")
    wait(d, "the die", lambda d: js(d, "S.die") is not None and idle(d))
    time.sleep(0.8)
    seen = js(d, "(() => { clearInterval(dieSpy); return dieSeen; })()")
    faces = [f for i, f in enumerate(seen) if f != "–" and (i == 0 or seen[i - 1] != f)]
    die = js(d, "String(S.die)")
    print(f"{w}: Roll: the die {die}, the faces shown in turn {faces}")
    assert faces == [die], f"the die showed other faces than the rolled {die}: {faces}"


def falls_label_readable(d):
    """blackhole: the "falls" label on a target square over the hole is 12 px at least (10 px,
    tiny)."""
    w = js(d, "innerWidth")
    new_game(d, ("human",), ("human",), 3, variant="blackhole")
    size = js(d, """(() => { const c = document.createElement('div'); c.className = 'cell target into-hole';
      $('board').appendChild(c); const s = getComputedStyle(c, '::before'); const out = [s.content, parseFloat(s.fontSize)];
      c.remove(); return out; })()""")
    print(f"{w}: blackhole: the label of a move into the hole {size}")
    assert size[0] == '"falls"' and size[1] >= 12, f"the 'falls' label is {size[1]} px"


def link_says_what_it_leaves_out(d):
    """Copy link with the die rolled: the note says the link leaves out the die and the players
    (opened, the position came without them, unsaid)."""
    w = js(d, "innerWidth")
    new_game(d, ("human",), ("ewn", 1, 20), 5)
    click(d, "roll")
    wait(d, "the die", lambda d: js(d, "S.die") is not None and idle(d))
    d.execute_script("$('copy-link').scrollIntoView({block: 'center'})")
    click(d, "copy-link")
    said = wait(d, "Copy link's note", lambda d: "link" in note_shown(d) and note_shown(d))
    cut = js(d, "$('error').classList.contains('cut')")
    print(f"{w}: Copy link with die {js(d, 'S.die')} rolled: {said!r} (cut: {cut})")
    assert "die" in said and "players" in said, f"Copy link's note does not say the link leaves out the die and the players: {said!r}"
    d.execute_script("closeCopyBox(); clearTimeout(noteTimer); localError = null; render(S)")


def thirtyninth_players_report():
    in_arena(1280, 800, two_dice_on_one_line, blue_decision_in_blues_bar, link_says_what_it_leaves_out,
             undo_after_end_says_so, die_shows_its_face, falls_label_readable)
    in_arena(390, 844, two_dice_on_one_line, blue_decision_in_blues_bar, phone_question_clear, link_says_what_it_leaves_out,
             falls_label_readable)
