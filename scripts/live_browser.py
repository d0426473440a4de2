"""Real-browser test of `ewn match --live`: headless Chromium watches a match on the live page.

Usage: live_browser.py EWN OUTDIR   (scripts/gui-browser.sh calls it with its selenium)

For 6x6, 3x3 and blackhole (at 1280x800 and 390x844) it starts a short match of this engine
against greedy with the live page on a free port, and checks in the browser that a game in
progress is drawn at its variant's size (36, 9 or 25 squares, the hole), with its last move
marked, digits inside their cubes and a board large enough to read; that the board changes as
moves are played; that a card kept on a game's final position says who won, and that a game
that ended is marked for a moment in the finished games; that a card never shows a win chance once its game is over; that the
standings and the finished games appear as tables of fixed columns, a long name (mcts:1500000)
whole, wrapped, with the whole name in its title; that the page
refuses a request that would change something (POST: 405); that at 1280x800 no table scrolls
sideways and a finished game's opened moves stay open as the page polls; that a cube that fell into
the hole is named on the last-move line; that each side's clock is labelled by its own time
control (a time a move, or a game clock); and that once the match is over the final screen stays
with the final standings and the final positions of the last games, its tables fitting the
screen's width at both sizes; and that the page opened only once the match is over (a 3x3 match
is over in seconds) is whole on its own: the match's result at the top, the final standings and
every finished game opening its moves. Screenshots go to OUTDIR/live-*.png, each taken with the
page's polls held and no cube sliding. Waits are for elements, bounded only against a hang.

A hall of 8 and of 3 games at once at 1280x800 (`crowd`): every card on the screen with both
names whole and no scrolling, a finished game's row the same element across new views while the
match runs (so that a click is never lost to a redraw) and opened by a real click, and the winner
named in the status line; and a long name on a phone (`long_name_on_a_phone`): no sideways scroll
whichever side is to move.

An unpaced match (`ends_are_seen`, three games at once at 1280x800): a game's end stays on its
card, said whole, for a moment (4.5 s, 1 s or more while games wait), every game shown while it plays, and the cards never outnumber the games that run at once.
Eight games at once on a phone (`boards_first_on_a_phone`): the first board and its die line on
the first screen, each card in the place it was given (`places_kept`), a line naming the leader above them (its names cut only
where the line is full, in the text, never by their box: `leader_line_fits`), the standings and
the finished games after them. A round robin with a long name at both sizes (`long_name_hall`):
boards and columns never change, cards whole, a finished game's row wraps only a long name, whole. Every match is started, and its page opened, by
one helper (`live_match`).

Built-in players named by the match (`names_and_endings`, 4x4, random and greedy, four games at
once, paced) at 1280x800 and 390x844: the cards carry the given names; a game's card says on its
final position who won and how, whole; each finished game's result reads in full ("Rita (Red),
goal"), as does each final board's, with no heading cut; and every game that ended while the match
ran is named in the status line.

A hall of four games at once at 1280x800 (`steady_hall`, 3x3 among four players, paced): the top
bar keeps its height and no board moves or changes size as games end while others run, the
finished games are listed by number, and the final screen shows the result and the whole final
standings without scrolling (`final_fits_the_screen`, also after each 1280-wide match). Wherever
the tables are checked, the opened report is whole in its box, its lines wrapped and its
crosstable a table of every player, nothing scrolling sideways (`report_keeps_its_lines`). That hall's boards are 290 px or more
(four games beside their names), with no band of more than 30 px empty between or below their
rows; on its final screen players of equal points come in one order in
the standings and the report (`same_order_for_equal_points`), and the opened report is whole where
it opens, wider than the side column and off its summary (`report_is_readable`). The eight-game
hall uses names of ten letters, each whole on its card. The long name on a phone also keeps the
leader line's link to the standings whole, and on the final screen each last board's result on
at most three lines, the name short (whole in the line's title), with no gap before its bracket.

The runner stopped (Ctrl-C) with the page open (`server_stops`, at both sizes): the card's reason
whole or in an ellipsis, the board still on the screen below the banner, the section headed
"Games left unfinished", no card with a side to move or a win chance, every board of its size. The halls also check
that each game's end is news once in the status line, staying while newer ends join it (`news_once`), that a card held on its end
shows the winner's name on eight narrow cards, and that each card's moves line is whole; the
final screen's report opens below the last boards (never over them) and closes by its own
button; on a phone too it keeps its lines (its crosstable once came apart there). The final
screen tells the last game's end (`last_end_told`); names of ten letters are whole, bold too, in
both tables of the eight-game hall at 1280x800 (`names_whole_in_tables`); a stopped hall names
its unfinished games and, where the boards show others, the games they show, each said finished
or not (`stopped_halls` runs it at both sizes).

A paced hall of four, its view polled (`ends_together`): no game is over on its card before it
is among the finished games, and the count, the finished games and the standings agree. The
same hall stopped just after a game ended (`stopped_hall`, at both sizes): seconds later every
unrecorded card says "Unfinished: server stopped" whole, the header counts what the banner
counts, and (wide) the page does not scroll. On eight cards a held card's winner's name is whole
("ewn won (capture)" after a square of its colour), and the report opened while the match runs
covers no board and scrolls no board out of view (`report_off_the_boards`). Each end stays on the status line 2.4 s or more
before newer ends replace it (`news_held`), and with three engines eight at once each end is told as its row appears,
and a finished game's moves opened low in the side panel come into its view (`news_keeps_up`); a bold name of ten letters stays whole beside a win chance of
100% on eight cards (`names_whole_at_their_widest`); a final board names both players, a long
name cut to its share (`final_names_shown`); and the standings keep their order throughout
(equal points by name, case aside; a player without a game last: `standings_order`).

A new viewer's final screen (`final_screen_room`): at 1280x800 a 3-game match's last boards use
the screen (300 px or more, at most 60 px empty below them) and the full report opened there
leaves the result in view, the page unmoved; at 390x844 a four-player round robin's header is
one line of title and one of status; at both a finished game's opened moves are read whole, in
no box of their own cut mid-line (`moves_read_whole`), and every page script is well under the
house's 1000 lines (`scripts_well_under_the_limit`). A page opened before the first game names
the variant in its header and says the match is starting, never "No game in progress".

A hall screen (live_hall.py, run next): five and eight games at 1280x800 across the width, in
type read from afar, the standings on the first screen; six cards whole; names on cards cut only
where needed; the header's counts in one form to the end; the next match followed.
The keys and short forms (live_keys.py, run first): the goal ranks' bars have a key, small
cards name both faces of two dice, and at most three finished games are marked as just ended.
The boards' room (live_room.py, run next): three last boards beside standings of long names, and
a phone's header no taller than two lines of status while games run. The games' places
(live_places.py): every game playing gets a card within about a second, and no place is ever
blank; the page as served says the match is starting. Long names (live_names.py): whole in the
tables and the status line, the report still as rows come and the summary printed, one space
after the side to move. The header and cards (live_cards.py): the title whole from the first
view to the final screen, running cards' long names whole at their boards' size, and the last
boards at their size once the report is closed. A crowded hall (live_crowd.py): ended cards give
their places to playing games. The boards' size (live_sizes.py): 4, 6 and 8 games at once at
1280x800 take the screen, and a narrow card says its game's end on one line. One grid, one
form of ends; the per cent explained on a phone; a hall's labels and coordinates readable; the
status line's names of eight letters at least (live_legible.py). Type and long names where the match plays (live_type.py):
one or two games' names, clocks, die line and last move 18 px or more, the status line's news too, a lone
card's long name whole in that type; a running card's die line never bare between two moves.
Both players in the title bar; an ended card's winner whole in its line's room, else cut in its middle (live_cut.py).
The top bar (live_top.py): news of ends in 18 px or more, on one line, on a wide screen. The cards' words
(live_words.py): the win chance said alike with one game or two, one space before the die.
A page opened for a match's last game shows it on a large board; no name broken inside a word on a
phone's final screen; a phone's board coordinates 9 px or more (live_ends.py).
Whole words (live_whole.py): names whole in the tables in 14 px or more and no heading cut, the
title bar cut once at most, a stopped match told once, the leader line's names of eight letters
or more, the status line's counts in plain words.
LIVE_ONLY=a,b runs only the checks named (of this script,
live_keys.py, live_room.py, live_places.py, live_names.py, live_cards.py, live_crowd.py, live_sizes.py, live_hall.py, live_legible.py, live_type.py, live_wide.py, live_cut.py, live_top.py, live_words.py, live_ends.py or live_whole.py). Every
match with a time a move gets the referee's grace of 5 s (`steady`), so that a busy machine's
late answer ends no game on time.
"""

import contextlib
import json
import os
import re
import shutil
import signal
import subprocess
import sys
import tempfile
import time

from selenium import webdriver
from selenium.webdriver.chrome.service import Service
from selenium.common.exceptions import (
    ElementClickInterceptedException,
    ElementNotInteractableException,
    StaleElementReferenceException,
)
from selenium.webdriver.common.by import By

import live_alone
import live_apart
import live_cards
import live_keys
import live_larger
import live_legible
import live_names
import live_crowd
import live_hall
import live_places
import live_results
import live_room
import live_sizes
import live_cut
import live_ends
import live_top
import live_words
import live_type
import live_wide
import live_whole

EWN, OUT = sys.argv[1], sys.argv[2]
os.makedirs(OUT, exist_ok=True)
WAIT_S = 90


def wait_for(what, check):
    until = time.monotonic() + WAIT_S
    while time.monotonic() < until:
        try:
            v = check()
        except StaleElementReferenceException:
            v = None  # the page redrew what the check was reading: read again
        if v:
            return v
        time.sleep(0.1)
    raise SystemExit(f"live page: timed out waiting for {what}")


def hold_still(d):
    """Holds the page's next poll (its timers wait) and waits until the poll under way has been
    drawn and no cube slides any more: the page as it stands, for a screenshot or a check that
    reads positions, never a cube caught mid-slide. `let_go` lets it poll again."""
    d.execute_script(
        "if (!window.ewnHeld) { window.ewnHeld = []; window.ewnTimeout = window.setTimeout;"
        " window.setTimeout = (f, ms) => { window.ewnHeld.push([f, ms]); return 0; }; }")
    wait_for("the page's poll to land and its cubes to stop sliding", lambda: d.execute_script(
        "const polled = window.ewnHeld.some(([f]) => f.name === 'poll') || document.body.classList.contains('ended');"
        "const moving = document.getAnimations().filter((a) => a.playState === 'running' && a.effect"
        " && a.effect.target && a.effect.target.closest && a.effect.target.closest('.board')).length;"
        "return polled && moving === 0;"))


def let_go(d):
    """The page polls again, and the timers held meanwhile run."""
    d.execute_script(
        "if (window.ewnHeld) { const held = window.ewnHeld; window.ewnHeld = null;"
        " window.setTimeout = window.ewnTimeout; for (const [f, ms] of held) setTimeout(f, ms); }")


def live_address(log):
    """The live page's address, once the match has printed it to its standard error (`log`)."""
    def address():
        with open(log) as f:
            m = re.search(r"live page at (http://\S+)", f.read())
        return m and m.group(1)
    return wait_for("the live page's address", address)


# The referee's grace for a check's match with a time a move and no grace of its own: the
# built-in engines answer in time, but on a busy machine a move of 50 ms was sometimes answered
# after the default grace ("no bestmove within 550 ms") and the game ended on time, which no
# check is about. The engines' own use of their time stays as set.
GRACE_MS = "5000"


def steady(args):
    """ARGS (`ewn` arguments) with `--grace GRACE_MS` where they set a time a move and no grace."""
    if "--movetime" in args and "--grace" not in args:
        return [*args, "--grace", GRACE_MS]
    return list(args)


def round_robin(names, at_once, pace, variant="3x3", movetime=20):
    """The arguments of a paced round robin of built-in engines named `names`, two games a
    pairing, `at_once` at a time, the page lingering 3 s after the end (for `live_match`)."""
    args = ["--variant", variant, "match"]
    for name in names:
        args += ["--engine", "self", f"name={name}"]
    return args + ["--tournament", "round-robin", "--games", "2", "--concurrency", str(at_once),
                   "--movetime", str(movetime), "--pace", str(pace), "--live-linger", "3"]


@contextlib.contextmanager
def live_match(args, width, height):
    """Starts `ewn ARGS --live 0 --quiet` (ARGS from the global options on, e.g. `--variant 3x3
    match ...`), reads the live page's address from its standard error and opens it in headless
    Chromium at width x height. Yields (driver, address, process); the browser, the match, its
    log and the browser's profile go afterwards."""
    err = tempfile.NamedTemporaryFile(prefix="ewn-live-", suffix=".log", delete=False)
    match = subprocess.Popen([EWN, *steady(args), "--live", "0", "--quiet"], stdout=subprocess.DEVNULL, stderr=err)
    profile = tempfile.mkdtemp(prefix="ewn-live-chromium-")
    d = None
    try:
        url = live_address(err.name)
        d = browser(width, height, profile)
        d.get(url)
        yield d, url, match
    finally:
        if d:
            d.quit()
        match.kill()
        match.wait()
        err.close()
        os.unlink(err.name)
        shutil.rmtree(profile, ignore_errors=True)


def until_the_end(d, match, where):
    """Waits for the live page's final screen, or for the match to end."""
    wait_for(f"{where}: the end of the match", lambda: d.execute_script(
        "return document.body.classList.contains('ended');") or match.poll() is not None)


def sampled_match(args, width, height, where, sampler, collect):
    """A match watched to its end at width x height with `sampler` (a script that records what
    the page shows as it changes) run on its page; returns what the script `collect` returns
    at the end."""
    with live_match(args, width, height) as (d, _, match):
        d.execute_script(sampler)
        until_the_end(d, match, where)
        return d.execute_script(collect)


SQUARES = {"6x6": 36, "3x3": 9, "blackhole": 25}
# Each variant's match: games, opponent and time a move. This engine answers a 3x3 position at
# once and its games last a few plies, so there the opponent is mcts with 1.5 million playouts (a
# fraction of a second a move; mcts counts playouts, not time, so its time allowed is generous),
# for a game to be seen in progress. Blackhole's games are quick: six of them, for one to be seen
# in progress between the moments the page keeps each end on the board.
# In 6x6 greedy plays under a game clock of its own (tc=) while this engine has a time a move:
# each side's clock is labelled by its own time control.
# A 3x3 match is also paced (--pace), so that a game in progress is there to be seen even when
# mcts answers faster than usual: without it, a run of quick games once left none to see.
MATCH = {"6x6": (4, ["greedy", "tc=600+0"], 100), "3x3": (6, ["mcts:1500000"], 5000),
         "blackhole": (6, ["greedy"], 150)}
PACE = {"3x3": 400}


def all_running(d, games, where):
    """Waits until `games` cards are on the page, each with its cubes drawn, and leaves the page
    held still (`hold_still`) for the checks that follow."""
    def running():
        hold_still(d)
        n = d.execute_script("return document.querySelectorAll('#games .game .board .cube').length"
                             " && document.querySelectorAll('#games .game').length;")
        if n == games:
            return True
        let_go(d)
        return False
    wait_for(f"{where}: every game in progress", running)


def watch(variant, width, height, check_post):
    """A short match in `variant` watched at width x height: each board drawn at its variant's
    size (the hole too), the last move marked, the standings and the finished games as tables,
    and the final screen that stays once the match is over; at 1280 wide, that the tables fit without
    scrolling sideways and that a finished game's opened moves stay open across polls."""
    games, opponent_words, movetime = MATCH[variant]
    opponent = opponent_words[0]
    args = ["--variant", variant, "match", "--engine", "self", "--opponent", *opponent_words,
            "--games", str(games), "--movetime", str(movetime), "--pace", str(PACE.get(variant, 0))]
    with live_match(args, width, height) as (d, url, match):
        where = f"{variant} at {width}x{height}"
        # What a card kept on its final position said once its game had left the games in
        # progress (who won), whether a card showed a win chance once its game was over, and
        # whether a game that ended was marked in the finished games.
        d.execute_script(
            "window.heldSeen = []; window.staleSeen = ''; window.justSeen = '';"
            "new MutationObserver(() => {"
            " for (const c of document.querySelectorAll('#games .game.ended-game'))"
            "   window.heldSeen.push(c.querySelector('.roll').textContent);"
            " for (const c of document.querySelectorAll('#games .game')) {"
            "   const over = c.querySelector('.roll.game-over');"
            "   if (over && c.querySelector('.wp').textContent.trim()) window.staleSeen = c.textContent; } })"
            ".observe(document.getElementById('games'), {subtree: true, childList: true, attributes: true, characterData: true});"
            "new MutationObserver(() => { const r = document.querySelector('#finished tr.just-ended');"
            " if (r) window.justSeen = r.textContent; })"
            ".observe(document.getElementById('finished'), {subtree: true, childList: true, attributes: true});")

        def board():
            # Read in one script, so that a card removed meanwhile (its game over) cannot be
            # half read.
            cards = d.execute_script(
                "return [...document.querySelectorAll('#games .game')].map((c) => ({id: c.id,"
                " cells: c.querySelectorAll('.board .cell').length,"
                " holes: c.querySelectorAll('.board .cell.hole').length,"
                " cubes: c.querySelectorAll('.board .cube').length,"
                " last: c.querySelectorAll('.board .cell.last-to').length,"
                " intoHole: c.querySelectorAll('.board .cell.last-to.hole').length,"
                " movesLine: c.querySelector('.moves').textContent,"
                " fellNote: (c.querySelector('.fell-note') || {}).textContent || '',"
                " roll: c.querySelector('.roll').textContent,"
                " names: c.querySelector('.side.red').textContent + ' '"
                " + c.querySelector('.side.blue').textContent,"
                " clocks: [...c.querySelectorAll('.side')].map((s) => [s.querySelector('b').textContent,"
                "   s.querySelector('.clock').textContent]),"
                " width: c.querySelector('.board').getBoundingClientRect().width,"
                " cube: (c.querySelector('.board .cube') || {}).offsetHeight || 0,"
                " digit: (() => { const q = c.querySelector('.board .cube');"
                "   return q ? parseFloat(getComputedStyle(q).fontSize) : 0; })(),"
                " board: c.querySelector('.board').innerHTML}));")
            for c in cards:
                # A move onto the hole: the line under the roll names the cube that fell in.
                if c["intoHole"]:
                    assert "fell into the hole" in c["fellNote"], (c["fellNote"], c["movesLine"])
                # "die 4", or with two dice (6x6) "dice 7 (3 + 4)".
                if c["cubes"] and c["last"] and re.search(r"\b(die|dice)\b", c["roll"]):
                    assert "ewn" in c["names"] and opponent in c["names"], c["names"]
                    return c
            return None
        def still_board():
            # The page held still (no poll, no slide), so that what is read and shot is one
            # settled view; let go again when no game in progress shows.
            hold_still(d)
            c = board()
            if not c:
                let_go(d)
            return c
        first = wait_for(f"{where}: a game in progress with its last move marked", still_board)
        assert first["cells"] == SQUARES[variant], f"{where}: {first['cells']} squares drawn"
        if variant == "6x6":
            # Two dice: their sum and the two faces behind it ("dice 7 (3 + 4)").
            two = re.search(r"dice (\d+) \((\d) \+ (\d)\)", first["roll"])
            assert two and int(two[1]) == int(two[2]) + int(two[3]), f"{where}: the roll reads {first['roll']!r}"
        # Each side's clock as its own time control has it.
        for name, clock in first["clocks"]:
            game_clock = "tc=" in " ".join(opponent_words) and name == opponent
            if game_clock:
                assert "clock" in clock and "a move" not in clock, f"{where}: {name}'s game clock shown as {clock!r}"
            else:
                # As set, never rounded down: 150 ms is 0.15 s; in one form on every card ("0.15 s
                # a move" on a lone card was "0.15 s/move" on narrow ones).
                assert clock == f"{movetime / 1000:g} s/move", f"{where}: {name}'s time a move shown as {clock!r}"
        assert first["holes"] == (1 if variant == "blackhole" else 0), f"{where}: {first['holes']} holes"
        # Digits inside the cubes, and boards large enough to read across a hall.
        assert first["digit"] < first["cube"], f"{where}: digits {first['digit']} px in {first['cube']} px cubes"
        assert first["width"] >= min(width - 60, 300), f"{where}: a board {first['width']} px wide"
        d.save_screenshot(os.path.join(OUT, f"live-{variant}-{width}.png"))
        let_go(d)
        # A move on the board; or, when the match ended meanwhile (a quick one), the game first
        # seen ended with more moves than it had then.
        seen = int(re.match(r"\d+", first["movesLine"]).group(0)) if re.match(r"\d+", first["movesLine"]) else 0
        number = first["id"].removeprefix("game-")

        def moved():
            b = board()
            if b and b["board"] != first["board"]:
                return True
            return d.execute_script(
                "const b = document.querySelector(`#finished button.mv[data-game=\"${arguments[0]}\"]`);"
                "return document.body.classList.contains('ended') && !!b && parseInt(b.textContent.replace(/\\D+/g, ' ').trim()) > arguments[1];",
                number, seen)
        wait_for(f"{where}: a move on the board", moved)
        wait_for(f"{where}: the standings table after a game",
                 lambda: d.find_elements(By.CSS_SELECTOR, "#table tr"))
        wait_for(f"{where}: the finished games with results",
                 lambda: d.find_elements(By.CSS_SELECTOR, "#finished tr"))
        if width >= 1280:
            fits(d, where)
            moves_stay_open(d, where)
        if check_post:
            status = d.execute_async_script(
                "const done = arguments[arguments.length - 1];"
                "fetch('/api/live', {method: 'POST', body: '{}'}).then(r => done(r.status))"
                ".catch(e => done(String(e)));")
            if status != 405:
                raise SystemExit(f"live page: a POST was answered {status}, not 405")
        # The match is over once the page says so (the runner then still serves the final
        # screen for a while, so that it can be opened afresh below).
        until_the_end(d, match, where)
        held = d.execute_script("return window.heldSeen;")
        odd = [h for h in held if not re.fullmatch(r"((Red|Blue) \(.+\)|.+) won \(\w+\)|.+ won|No winner \(\w+\)", h)]
        assert not odd, f"{where}: a card kept on its final position does not say who won: {odd[:3]}"
        stale = d.execute_script("return window.staleSeen;")
        assert not stale, f"{where}: a finished card showed a win chance: {stale!r}"
        just = d.execute_script("return window.justSeen;")
        assert just and ("Red" in just or "Blue" in just or "none" in just), \
            f"{where}: no game that ended was marked in the finished games ({just!r})"
        wait_for(f"{where}: the final screen", lambda: d.find_element(By.ID, "final").is_displayed())
        final = d.find_element(By.ID, "final-text").text
        assert "over" in final, f"{where}: the final screen says {final!r}"
        last_end_told(d, where)
        # Read in one script: the page may redraw the table between two element reads.
        games_column = d.execute_script(
            "return [...document.querySelectorAll('#table tr')]"
            ".map((r) => r.querySelectorAll('td')[1].textContent);")
        assert games_column, f"{where}: the final standings are gone"
        counted = sum(int(g) for g in games_column)
        assert counted == 2 * games, \
            f"{where}: the final standings count {counted} player-games, not {2 * games}"
        # The final screen shows how the last games ended: their final positions.
        finals = d.execute_script(
            "return [...document.querySelectorAll('#final-boards .game')].map((c) => ({"
            " cells: c.querySelectorAll('.board .cell').length,"
            " cubes: c.querySelectorAll('.board .cube').length,"
            " result: c.querySelector('.result-line').textContent,"
            " width: c.querySelector('.board').getBoundingClientRect().width}));")
        assert finals, f"{where}: the final screen shows no board"
        for f in finals:
            assert f["cells"] == SQUARES[variant] and f["cubes"] > 0, f"{where}: a final board: {f}"
            assert "won" in f["result"] or "No winner" in f["result"], f"{where}: a final board's result {f}"
            assert f["width"] >= 150, f"{where}: a final board {f['width']} px wide"
        fits(d, where)
        if width >= 1280:
            final_fits_the_screen(d, where)
        hold_still(d)
        d.save_screenshot(os.path.join(OUT, f"live-{variant}-{width}-final.png"))
        if match.poll() is None:
            opened_after_the_end(d, url, where, games)
        print(f"live page, {where}: boards at the variant's size, last move, tables, final screen")


def opened_after_the_end(d, url, where, games):
    """The page opened only once the match is over (a quick match is over in seconds) is useful
    on its own: a line at the top that says the match is over and its result, the final
    standings, and every finished game, each opening its moves."""
    d.get(url)
    wait_for(f"{where}: the final screen of a page opened after the match",
             lambda: d.find_element(By.ID, "final").is_displayed() and d.find_elements(By.CSS_SELECTOR, "#finished button.mv"))
    said = d.find_element(By.ID, "final-text").text
    assert "The match is over" in said and re.search(r" won \S+–\S+ against | drew, | first ", said), \
        f"{where}: the final line does not say the result: {said!r}"
    top = d.execute_script("return document.getElementById('final').getBoundingClientRect().bottom;")
    assert top <= d.execute_script("return window.innerHeight;"), f"{where}: the final line is out of view"
    assert not d.find_element(By.ID, "games-h").is_displayed(), f"{where}: a section of games in progress on the final screen"
    rows = d.find_elements(By.CSS_SELECTOR, "#table tr")
    assert len(rows) == 2, f"{where}: {len(rows)} players in the final standings"
    listed = d.find_elements(By.CSS_SELECTOR, "#finished button.mv")
    assert len(listed) == min(games, 64), f"{where}: {len(listed)} finished games listed, not {games}"
    button = listed[-1]
    d.execute_script("arguments[0].scrollIntoView({block: 'center'})", button)
    button.click()
    n = button.get_attribute("data-game")
    row = d.find_element(By.ID, f"moves-{n}")
    assert row.is_displayed() and "move" in row.text, f"{where}: game {n}'s moves did not open: {row.text!r}"
    fits(d, where)
    d.execute_script("window.scrollTo(0, 0)")
    d.save_screenshot(os.path.join(OUT, f"live-{where.split()[0]}-{where.split()[-1].split('x')[0]}-opened-after.png"))
    print(f"live page, {where}: opened after the match: {said}")


def fits(d, where):
    """The standings, the finished games and the opened report fit the side panel: no table
    scrolls sideways, nor the page; the report scrolls only inside its own box."""
    d.execute_script("document.getElementById('report').open = true;")
    over = d.execute_script(
        "const out = [];"
        "for (const el of document.querySelectorAll('.table-wrap, .side-panel')) {"
        "  if (!el.hidden && el.scrollWidth > el.clientWidth)"
        "    out.push(`${el.id || el.className}: ${el.scrollWidth} > ${el.clientWidth}`); }"
        "const doc = document.documentElement;"
        "if (doc.scrollWidth > doc.clientWidth) out.push(`page: ${doc.scrollWidth} > ${doc.clientWidth}`);"
        "return out;")
    assert not over, f"{where}: overflows sideways: {over}"
    report_keeps_its_lines(d, where)
    # Results written out in full, wrapped on at most three lines and never cut; move counts on
    # one line each.
    tall = d.execute_script(
        "const line = parseFloat(getComputedStyle(document.querySelector('#finished td')).lineHeight) || 20;"
        "return [...document.querySelectorAll('#finished td.res')]"
        ".filter((td) => td.getBoundingClientRect().height > 3.2 * line + 10 || td.scrollWidth > td.clientWidth)"
        ".concat([...document.querySelectorAll('#finished button.mv')]"
        ".filter((b) => b.getBoundingClientRect().height > 1.6 * line + 10)).map((e) => e.textContent);")
    assert not tall, f"{where}: cut or wrapped cells in the finished games: {tall}"
    # Fixed columns: a long name is cut with an ellipsis, whole in its title, and the columns
    # are as wide in every row.
    names = d.execute_script(
        "const t = document.querySelector('.finished-table');"
        "const cells = [...document.querySelectorAll('#finished tr:not(.movesrow) td:nth-child(2),"
        " #finished tr:not(.movesrow) td:nth-child(3), #table th')];"
        "return {layout: getComputedStyle(t).tableLayout,"
        " standings: getComputedStyle(document.querySelector('.standings-table')).tableLayout,"
        " table: t.getBoundingClientRect().width, wrap: t.parentElement.clientWidth,"
        " bad: cells.filter((c) => c.title !== c.textContent"
        "   || (c.scrollWidth > c.clientWidth && getComputedStyle(c).textOverflow !== 'ellipsis'))"
        "   .map((c) => [c.textContent, c.title]),"
        " widths: [...new Set([...document.querySelectorAll('#finished tr:not(.movesrow) td:nth-child(2)')]"
        "   .map((c) => Math.round(c.getBoundingClientRect().width)))]};")
    assert names["layout"] == "fixed" and names["standings"] == "fixed", f"{where}: tables not of fixed columns: {names}"
    assert names["table"] <= names["wrap"] + 1, f"{where}: the finished games are wider than their box: {names}"
    assert not names["bad"], f"{where}: names not whole in their titles or cut without an ellipsis: {names['bad']}"
    assert len(names["widths"]) <= 1, f"{where}: the Red column changes width from row to row: {names['widths']}"
    d.execute_script("document.getElementById('report').open = false;")


def last_end_told(d, where):
    """The final screen tells the last game's end as every other game's end was told (the page
    once went straight to it without that news): the banner names the last game and its result,
    one of the finished games, and on a wide screen so does the status line."""
    r = d.execute_script(
        "const last = document.getElementById('final-last');"
        "return {last: last && !last.hidden ? last.textContent : '', status: document.getElementById('status').textContent,"
        " finished: [...document.querySelectorAll('#finished button.mv')].map((b) => Number(b.dataset.game)),"
        " wide: window.innerWidth >= 700};")
    m = re.fullmatch(r"The last game, game (\d+): ((Red|Blue) \(.+\) won|no winner) \([\w ]+\)(: .+)?\.|The last games: .+\.", r["last"])
    assert m, f"{where}: the final screen does not tell the last game's end: {r}"
    if m.group(1):
        assert int(m.group(1)) in r["finished"], f"{where}: the last game told is not a finished game: {r}"
        if r["wide"]:
            assert f"game {m.group(1)} ended: " in r["status"], f"{where}: the status line does not tell the last end: {r}"


def names_whole_in_tables(d, where):
    """A name of ten letters or fewer is whole in the standings and in the finished games, bold
    (the winner's) too, also beside the side panel's scroll bar; only longer ones may end in an
    ellipsis (whole in the title)."""
    cut = d.execute_script(
        "return [...document.querySelectorAll('#table th, #finished tr:not(.movesrow) td:nth-child(2),"
        " #finished tr:not(.movesrow) td:nth-child(3)')].filter((c) => c.textContent.length <= 10"
        " && c.scrollWidth > c.clientWidth).map((c) => [c.textContent, c.scrollWidth, c.clientWidth]);")
    assert not cut, f"{where}: names of ten letters cut in the tables: {cut}"


def report_keeps_its_lines(d, where):
    """The opened report is read whole where it opens, never cut at its edge: its lines wrap to
    its box and, up to six players, nothing in it scrolls sideways (in the side panel a hall
    screen showed the crosstable's first column only); its crosstable is a table of every player
    (numbered rows and columns, each cell whole), and the page no wider than the screen."""
    d.execute_script("document.getElementById('report').open = true;")
    r = d.execute_script(
        "const box = document.getElementById('standings');"
        "if (!box.textContent.trim()) return null;"
        "const xt = box.querySelector('table.xt');"
        "return {wide: box.scrollWidth > box.clientWidth + 1, box: [box.scrollWidth, box.clientWidth],"
        " players: xt ? xt.querySelectorAll('tbody tr').length : 0,"
        " cols: xt ? xt.querySelectorAll('thead th').length : 0,"
        " cut: [...box.querySelectorAll('td, th')].filter((c) => c.scrollWidth > c.clientWidth + 1"
        "   && getComputedStyle(c).textOverflow !== 'ellipsis').map((c) => c.textContent),"
        " crosstable: /Crosstable \\(/.test(box.textContent),"
        " page: document.documentElement.scrollWidth, screen: document.documentElement.clientWidth};")
    if r:
        assert r["page"] <= r["screen"], f"{where}: the report widens the page: {r}"
        assert not r["cut"], f"{where}: the report's cells are cut: {r}"
        if r["crosstable"]:
            assert r["players"] >= 2 and r["cols"] == r["players"] + 1, f"{where}: the crosstable is not a table of every player: {r}"
        if r["players"] <= 6:
            assert not r["wide"], f"{where}: the report scrolls sideways: {r}"


def final_fits_the_screen(d, where):
    """The final screen on a hall's screen: the result and the whole final standings are seen
    at once, without scrolling."""
    r = d.execute_script(
        "window.scrollTo(0, 0);"
        "const rows = [...document.querySelectorAll('#table tr')];"
        "return {result: document.getElementById('final-text').getBoundingClientRect().bottom,"
        " last: rows.length ? rows[rows.length - 1].getBoundingClientRect().bottom : 1e9,"
        " screen: window.innerHeight};")
    assert r["result"] <= r["screen"] and r["last"] <= r["screen"], \
        f"{where}: the final result and standings do not fit the screen: {r}"


def steady_hall():
    """Four games at once at 1280x800, twelve games of 3x3 among four players, paced: while
    games end and others run, the top bar keeps its height and no board moves or changes size
    (the status line is short and of fixed room; each row of cards keeps its height), the layout
    is right from the first view (the view says how many games run at once), the finished games
    are listed by number, and the final screen shows the result and the whole standings."""
    where = "a hall of four games at 1280x800"
    args = ["--variant", "3x3", "match", "--engine", "self", "--engine", "greedy", "--engine", "random",
            "--engine", "mcts:300", "--tournament", "round-robin", "--games", "2", "--concurrency", "4",
            "--movetime", "50", "--pace", "800", "--live-linger", "10"]
    with live_match(args, 1280, 800) as (d, _, match):
        wait_for(f"{where}: a card", lambda: d.find_elements(By.CSS_SELECTOR, "#games .game .board .cube"))
        # Every 100 ms, the top bar's height and the boards' sizes from the first card on, and
        # each card's board (place and size) once a game has ended (the first games show up
        # in any order, and their cards are put in order of number meanwhile).
        d.execute_script(
            "window.steady = {tops: new Set(), sizes: new Set(), boards: {}, ends: 0};"
            "window.steadyTimer = setInterval(() => {"
            " if (document.body.classList.contains('ended')) return;"
            " window.steady.tops.add(document.querySelector('.top').offsetHeight);"
            " const done = !/^0 (games )?finished/.test(document.getElementById('status').textContent);"
            " if (/ ended/.test(document.getElementById('status').textContent)) window.steady.ends += 1;"
            " for (const c of document.querySelectorAll('#games .game')) {"
            "  const r = c.querySelector('.board').getBoundingClientRect();"
            "  window.steady.sizes.add(Math.round(r.width));"
            "  const k = `${Math.round(r.x)},${Math.round(r.y)},${Math.round(r.width)}`;"
            "  if (done) (window.steady.boards[c.id] = window.steady.boards[c.id] || new Set()).add(k); } }, 100);")
        all_running(d, 4, where)
        # The boards take the screen's height: no band of more than 30 px empty between the two
        # rows of cards or below them (boards of 280 px left 60 px).
        bands = d.execute_script(
            "const cards = [...document.querySelectorAll('#games .game')].map((c) => c.getBoundingClientRect());"
            "const tops = [...new Set(cards.map((c) => Math.round(c.top)))].sort((a, b) => a - b);"
            "const bottom = (t) => Math.max(...cards.filter((c) => Math.round(c.top) === t).map((c) => c.bottom));"
            "return {between: tops.length > 1 ? tops[1] - bottom(tops[0]) : 0,"
            " below: window.innerHeight - bottom(tops[tops.length - 1]), rows: tops.length};")
        assert bands["rows"] == 2 and bands["between"] <= 30 and bands["below"] <= 30, \
            f"{where}: empty bands between or below the rows of boards: {bands}"
        let_go(d)
        wait_for(f"{where}: the final screen", lambda: d.execute_script(
            "return document.body.classList.contains('ended');"))
        seen = d.execute_script(
            "clearInterval(window.steadyTimer); const s = window.steady;"
            "return {tops: [...s.tops], ends: s.ends, sizes: [...s.sizes],"
            " moved: Object.entries(s.boards).filter(([, v]) => v.size > 1).map(([k, v]) => [k, [...v]])};")
        assert seen["ends"], f"{where}: no game's end was seen in the status line"
        assert len(seen["tops"]) == 1, f"{where}: the top bar changed height: {seen['tops']}"
        assert len(seen["sizes"]) == 1, f"{where}: the boards changed size: {seen['sizes']}"
        # Boards that fill the room (beside their names, 210 px left space unused; 280 px left
        # 60 px empty below each row).
        assert seen["sizes"][0] >= 290, f"{where}: boards of {seen['sizes'][0]} px"
        assert not seen["moved"], f"{where}: boards moved or changed size: {seen['moved'][:4]}"
        numbers = d.execute_script(
            "return [...document.querySelectorAll('#finished tr:not(.movesrow)')].map((r) => +r.cells[0].textContent);")
        assert numbers == sorted(numbers, reverse=True) and len(numbers) == 12, \
            f"{where}: the finished games are not listed by number: {numbers}"
        final_fits_the_screen(d, where)
        same_order_for_equal_points(d, where)
        report_is_readable(d, where)
        hold_still(d)
        d.save_screenshot(os.path.join(OUT, "live-hall-1280-final.png"))
        print(f"live page, {where}: nothing moved as {len(numbers)} games ended; final screen whole")


def standings_order(rows):
    """The standings' order: a player without a game yet last, then most points first, equal
    points by name with case aside ("Grandmaster" between "alpha" and "greedy")."""
    return sorted(rows, key=lambda x: (x[2] == 0, -x[1], x[0].lower(), x[0]))


STANDINGS_ROWS = ("return [...document.querySelectorAll('#table tr')].map((tr) =>"
                  " [tr.querySelector('th').title, Number(tr.children[5].textContent), Number(tr.children[2].textContent)]);")


def same_order_for_equal_points(d, where):
    """Players of equal points come in one order in the standings and in the full report's
    ratings (by name), and share their rank in both (the report ranked a tie 3 and 4 where the
    standings said 3 and 3)."""
    r = d.execute_script(
        f"return {{rows: (() => {{ {STANDINGS_ROWS} }})(),"
        " report: [...document.querySelectorAll('#standings table.rt tbody th')].map((th) => th.textContent),"
        " ranks: Object.fromEntries([...document.querySelectorAll('#standings table.rt tbody tr')]"
        "  .map((tr) => [tr.querySelector('th').textContent, tr.cells[0].textContent.trim()])),"
        " shown: Object.fromEntries([...document.querySelectorAll('#table tr')]"
        "  .map((tr) => [tr.querySelector('th').title, tr.cells[0].textContent.trim()]))};")
    ranked = r["report"]
    rows = r["rows"]
    assert r["ranks"] == r["shown"], \
        f"{where}: the report's ranks {r['ranks']} are not the standings' {r['shown']}"
    for (a, pa, _), (b, pb, _) in zip(rows, rows[1:]):
        if pa == pb and a in ranked and b in ranked:
            assert ranked.index(a) < ranked.index(b), \
                f"{where}: {a} and {b} of equal points in another order in the report: {ranked}"
    assert rows == standings_order(rows), f"{where}: the standings' order: {rows}"


def report_is_readable(d, where):
    """The full report opened (by a real click on its summary) on the final screen of a wide
    screen is read whole where it opens: wider than the side column, on the screen, its
    crosstable's lines whole (in the side column they were cut), off its summary and off every
    last board (it once opened over them); its own button closes it."""
    d.execute_script("window.scrollTo(0, 0);")
    d.find_element(By.CSS_SELECTOR, "#report > summary").click()
    wait_for(f"{where}: the report placed", lambda: d.execute_script(
        "return document.getElementById('report-box').classList.contains('below');"))
    r = d.execute_script(
        "const p = document.getElementById('standings').getBoundingClientRect();"
        "const pre = document.getElementById('standings');"
        "const box = document.getElementById('report-box').getBoundingClientRect();"
        "const over = (a) => !(a.left >= box.right || a.right <= box.left || a.top >= box.bottom || a.bottom <= box.top);"
        "return {width: p.width, left: p.left, right: p.right, top: p.top, bottom: p.bottom,"
        " screen: window.innerWidth, height: window.innerHeight, cut: pre.scrollWidth > pre.clientWidth,"
        " side: document.querySelector('.side-panel').getBoundingClientRect().width,"
        " boards: [...document.querySelectorAll('#last-boards .game')].filter((g) => over(g.getBoundingClientRect())).map((g) => g.id),"
        " summary: document.querySelector('#report > summary').getBoundingClientRect()};")
    assert r["width"] > r["side"] + 100 and not r["cut"], f"{where}: the report is cut in a narrow box: {r}"
    assert r["left"] >= 0 and r["right"] <= r["screen"] and r["bottom"] <= r["height"], f"{where}: the report off the screen: {r}"
    assert not r["boards"], f"{where}: the opened report covers the last boards {r['boards']}: {r}"
    s = r["summary"]
    assert s["left"] >= r["right"] or s["right"] <= r["left"] or s["top"] >= r["bottom"] or s["bottom"] <= r["top"], \
        f"{where}: the opened report covers its summary: {r}"
    d.find_element(By.ID, "report-close").click()
    closed = d.execute_script(
        "const r = document.getElementById('report');"
        "return !r.open && document.getElementById('report-box').parentElement === r;")
    assert closed, f"{where}: the report's own button does not close it"
    d.execute_script("window.scrollTo(0, 0);")


def moves_stay_open(d, where):
    """A finished game's moves, once opened, stay open when the next view redraws the table."""
    n = d.execute_script(
        "const b = document.querySelector('#finished button.mv'); b.click();"
        "window.ewnOldVersion = document.body.dataset.version; return b.dataset.game;")
    wait_for(f"{where}: the page drawn again",
             lambda: d.execute_script("return document.body.dataset.version !== window.ewnOldVersion;")
             or d.execute_script("return document.body.classList.contains('ended');"))
    state = d.execute_script(
        f"const row = document.getElementById('moves-{n}');"
        f"const b = document.querySelector('#finished button.mv[data-game=\"{n}\"]');"
        "return {shown: !!row && !row.hidden, expanded: b && b.getAttribute('aria-expanded'),"
        " text: row ? row.textContent : ''};")
    assert state["shown"] and state["expanded"] == "true", f"{where}: game {n}'s moves closed: {state}"
    assert "move" in state["text"], f"{where}: game {n}'s moves: {state['text']!r}"


def browser(width, height, profile):
    opts = webdriver.ChromeOptions()
    opts.binary_location = os.environ.get("CHROMIUM", "/usr/bin/chromium")
    for flag in ["--headless", "--no-sandbox", "--disable-gpu", "--no-first-run",
                 "--disable-dev-shm-usage", f"--user-data-dir={profile}",
                 f"--window-size={width},{height}"]:
        opts.add_argument(flag)
    d = webdriver.Chrome(service=Service(
        executable_path=os.environ.get("CHROMEDRIVER", "/usr/bin/chromedriver")), options=opts)
    d.execute_cdp_cmd("Emulation.setDeviceMetricsOverride",
                      {"width": width, "height": height, "deviceScaleFactor": 1,
                       "mobile": width < 600})
    return d


def crowd(games, width, height, names=("alice", "bob")):
    """A hall of `games` games at once (--concurrency as many) watched at width x height: while
    all of them are in progress every card is on the screen with both players' names whole, and
    the page scrolls neither down nor sideways. Then, while the match still runs, a finished
    game's row stays the same element across new views (a click on it is never lost to a
    redraw) and a real click opens its moves; and the status line names the winner of a game
    that ended, by name and colour."""
    where = f"{games} games at {width}x{height}"
    args = ["match", "--engine", "self", f"name={names[0]}", "--engine", "self", f"name={names[1]}",
            "--games", str(2 * games), "--concurrency", str(games),
            # Twice as many games as run at once, and a grace that a loaded machine never uses
            # up: every slot busy again after one ends.
            "--movetime", "250", "--grace", "5000", "--live-linger", "2"]
    with live_match(args, width, height) as (d, _, match):
        d.execute_script(
            "window.statusSeen = []; window.newsSeen = [];"
            "new MutationObserver(() => { const t = document.getElementById('status').textContent;"
            " window.statusSeen.push(t); const m = / · (games?(?: [^:·]+)? ended(?:: .*)?)$/.exec(t);"
            " const n = window.newsSeen, news = m ? m[1] : '';"
            " if (!n.length || n[n.length - 1][1] !== news) n.push([performance.now(), news]); })"
            ".observe(document.getElementById('status'), {subtree: true, childList: true, characterData: true});")

        # What a card held on its game's end shows (not only holds in its text): the winner's
        # name, also on narrow cards (eight across a 1280-wide screen once left it out).
        d.execute_script(
            "window.heldSeen = {};"
            "setInterval(() => { for (const c of document.querySelectorAll('#games .game.ended-game')) {"
            " const n = c.querySelector('.roll .res-name');"
            " if (n) window.heldSeen[c.id] = {text: c.querySelector('.roll').innerText, title: c.querySelector('.roll').title,"
            "  shown: n.getBoundingClientRect().width > 0 && n.scrollWidth <= n.clientWidth + 1}; } }, 100);")
        all_running(d, games, where)
        seen = d.execute_script(
            "const doc = document.documentElement;"
            "return {height: doc.scrollHeight, screen: window.innerHeight, width: doc.scrollWidth,"
            " hall: document.body.classList.contains('hall'), inner: doc.clientWidth, cards: [...document.querySelectorAll('#games .game')].map((c) => ({"
            "  bottom: c.getBoundingClientRect().bottom, right: c.getBoundingClientRect().right,"
            "  moves: c.querySelector('.moves').innerText, movesCut: c.querySelector('.moves').scrollHeight"
            "   > c.querySelector('.moves').clientHeight + 1 || c.querySelector('.moves').scrollWidth > c.querySelector('.moves').clientWidth + 1,"
            "  names: [...c.querySelectorAll('.side .who')].map((w) => ({text: w.querySelector('b').textContent,"
            "   whole: w.scrollWidth <= w.clientWidth, width: w.querySelector('b').getBoundingClientRect().width}))}))};")
        # (Five games or more: the tables below the boards, every card on the first screen.)
        assert seen["height"] <= seen["screen"] or seen["hall"], f"{where}: the page scrolls down: {seen['height']} > {seen['screen']} px"
        assert seen["width"] <= seen["inner"], f"{where}: the page scrolls sideways: {seen['width']} > {seen['inner']} px"
        for c in seen["cards"]:
            assert c["bottom"] <= seen["screen"] and c["right"] <= seen["inner"], f"{where}: a card off the screen: {c}"
            got = sorted(n["text"] for n in c["names"])
            assert got == sorted(names), f"{where}: a card names {got}"
            for n in c["names"]:
                assert n["whole"] and n["width"] > 0, f"{where}: a name cut or hidden: {n}"
            # The moves line says what it says whole (on eight cards each once ended in "…").
            assert not c["movesCut"], f"{where}: a card's moves line is cut: {c['moves']!r}"
        d.save_screenshot(os.path.join(OUT, f"live-{games}-games-{width}.png"))
        names_whole_at_their_widest(d, where)
        let_go(d)
        # A finished game's row, while the match still runs: the same element view after view.
        wait_for(f"{where}: a finished game", lambda: d.find_elements(By.CSS_SELECTOR, "#finished button.mv"))
        names_whole_in_tables(d, where)
        d.execute_script("window.ewnButton = document.querySelector('#finished button.mv');"
                         "window.ewnVersion = Number(document.body.dataset.version);")
        wait_for(f"{where}: three more views", lambda: d.execute_script(
            "return Number(document.body.dataset.version) >= window.ewnVersion + 3"
            " || document.body.classList.contains('ended');"))
        if not d.execute_script("return document.body.classList.contains('ended');"):
            kept = d.execute_script("return document.body.contains(window.ewnButton);")
            assert kept, f"{where}: a finished game's button was replaced by a new view"
        n = open_finished_row(d, d.execute_script("return window.ewnButton;"))
        if n:
            # The row opens on the click; on a busy machine the view after it (or the match's
            # end, whose final screen lists the games anew) may come first: look again until then.
            wait_for(f"{where}: game {n}'s moves open", lambda: d.execute_script(
                "const r = document.getElementById(arguments[0]);"
                " return document.body.classList.contains('ended')"
                " || Boolean(r && r.offsetParent && r.textContent.includes('move'));", f"moves-{n}"))
        # The status line named the winner of every game that ended, in either form: one game
        # ("game 7 ended: Red (alice) won (goal)") or several at once, by winner ("games ended:
        # alice won games 3 and 5; bob won game 4"), which a busy machine often shows; where that
        # is too long, the same with the names shortened. Each number is said to be a game's
        # ("alice 3, 5; bob 4" read as a score).
        wait_for(f"{where}: a game's end in the status line", lambda: d.execute_script(
            "return window.statusSeen.some((s) => / ended: /.test(s));"))
        said = [s for s in d.execute_script("return window.statusSeen;") if " ended: " in s]
        # A name may be shortened where the line is full ("Wil… won games 1, 4 and 5"), the
        # sentence kept whole.
        # (In the middle, "Wil…na", where another name begins alike.) Always with its verb, never
        # "games 3, 5 alice" nor "also Red won game 4".
        pattern = "|".join(f"{re.escape(n)}|{re.escape(n[:2])}\\w*…\\w*" for n in names)
        one = rf" game \d+ ended: ((Red|Blue) \(({pattern})\) won \([\w ]+\)|no winner \([\w ]+\))"
        nums = r"(game \d+|games \d+((, | and )\d+)+)"
        each = rf"(({pattern}) won {nums}|no winner in {nums})"
        several = rf" games ended: {each}(; {each})*$"
        for s in said:
            assert re.search(one, s) or re.search(several, s), f"{where}: the status line does not name each winner: {s!r}"
        news_once(said, where)
        news_held(d.execute_script("return window.newsSeen;"), where)
        held = d.execute_script("return window.heldSeen;")
        pattern = "|".join(re.escape(n) for n in names)
        for k, e in held.items():
            # Wide cards say "Red (alice) won (goal)"; narrow ones "alice won", the colour a square
            # and the reason in the line's title ("Red (alice) won (goal)"), one space before "won".
            text = e["text"].replace("\n", "").strip()
            ok = re.fullmatch(rf"((Red|Blue) \(({pattern})\)|({pattern})) won \([\w ]+\)", text) or (
                re.fullmatch(rf"({pattern}) won", text)
                and re.fullmatch(rf"(Red|Blue) \({re.escape(text[:-4])}\) won \([\w ]+\)", e["title"]))
            assert ok and e["shown"], f"{where}: {k} held on its end does not show the winner's name whole: {e}"
        if games == 8:
            report_off_the_boards(d, where)
        print(f"live page, {where}: every card and name on the screen, rows kept, winner named"
              f" (on {len(held)} held cards too), each end announced once")


def open_finished_row(d, button):
    """Clicks a finished game's row that is shown, the given one while it is; returns the row
    clicked's game number, or None where none is left on the page (the match's final screen came first).

    In a hall's layout (the tables below the boards) the finished table shows the rows that fit:
    a row pushed out by newer ones is not there to click, and a view may push out the row aimed
    at between finding it and the click, or move it under a card between the scroll and the
    click; then a row shown in the new view is clicked."""
    for _ in range(5):
        if not (button and d.execute_script("return document.body.contains(arguments[0]) && Boolean(arguments[0].offsetParent);", button)):
            button = d.execute_script("return [...document.querySelectorAll('#finished button.mv')].find((b) => b.offsetParent);")
        if not button:
            return None
        try:
            n = button.get_attribute("data-game")
            d.execute_script("arguments[0].scrollIntoView({block: 'center'})", button)
            button.click()
            return n
        except (ElementClickInterceptedException, ElementNotInteractableException, StaleElementReferenceException):
            button = None
    raise AssertionError("no finished game's row stayed on the page for a click in five tries")


def report_off_the_boards(d, where):
    """While the match runs on a wide screen the full report, opened by a real click on its
    summary, covers no board of a game in progress (beside the side panel it once covered seven
    of eight) and does not scroll the page (below the boards it once scrolled them out of view):
    it opens in the side panel, on the screen; its own button closes it. In a hall's layout (five
    games or more across the width) the side panel is below the boards: the report opens there,
    the page scrolled to show it whole (it opened off the screen's foot)."""
    wait_for(f"{where}: the report's summary", lambda: d.execute_script(
        "return !document.getElementById('report').hidden && !document.body.classList.contains('ended');"))
    d.execute_script("window.scrollTo(0, 0);")
    d.find_element(By.CSS_SELECTOR, "#report > summary").click()
    # The page places it on the details' toggle event, which comes after the click.
    wait_for(f"{where}: the report placed", lambda: d.execute_script(
        "return document.getElementById('report-box').classList.contains('in-panel')"
        " || document.body.classList.contains('ended');"))
    r = d.execute_script(
        "const box = document.getElementById('report-box').getBoundingClientRect();"
        "const over = (a) => !(a.left >= box.right || a.right <= box.left || a.top >= box.bottom || a.bottom <= box.top);"
        "return {box: [box.left, box.top, box.right, box.bottom], ended: document.body.classList.contains('ended'),"
        " boards: [...document.querySelectorAll('#games .game')].filter((g) => over(g.getBoundingClientRect())).map((g) => g.id),"
        " scrolled: window.scrollY, height: window.innerHeight, width: box.width,"
        " hall: document.body.classList.contains('hall')};")
    if not r["ended"]:
        assert not r["boards"], f"{where}: the opened report covers the boards of {r['boards']}: {r}"
        if r["hall"]:
            assert r["box"][1] >= -1 and r["box"][3] <= r["height"] + 1, \
                f"{where}: the opened report is not whole in the screen's view: {r}"
        else:
            assert r["scrolled"] == 0, f"{where}: opening the report scrolled the page: {r}"
        assert r["width"] > 0 and r["box"][1] < r["height"], f"{where}: the opened report is off the screen: {r}"
    d.find_element(By.ID, "report-close").click()
    d.execute_script("window.scrollTo(0, 0);")
    print(f"live page, {where}: the opened report covers no board")


def news_held(seen, where):
    """Each game's end stays on the status line a few seconds (2.4 s or more) before newer ends
    replace it; newer ends may join it sooner (several told together). With eight games at once
    an end was once replaced by the next within a second. `seen` lists [time in ms, news] as the
    news changed ("" for none)."""
    since = {}
    for t, a in seen:
        nums = ended_games(a)
        for n in list(since):
            if n not in nums:
                assert t - since[n] >= 2400, f"{where}: game {n}'s end left the status line after {t - since[n]:.0f} ms: {a!r}"
                del since[n]
        for n in nums:
            since.setdefault(n, t)


def ended_games(s):
    """The games a status line names as ended, as a set: one ("game 7 ended: Red (bob) won
    (goal)", or on a phone where the names are too long "game 7 ended"), several by winner ("games ended: bob won games 3, 5 and 8; ewn won game 4", or
    where that is too long for the line "games 3, 5, 8 bob; game 4 ewn"), or the games alone
    ("games 3–5 and 8 ended")."""
    s = s or ""
    m = re.search(r"(?:^| )game (\d+) ended(: |$)", s)
    if m:
        return {int(m.group(1))}
    nums = set()
    m = re.search(r"(?:^| )games ended: (.*)$", s)
    if m:
        for part in m.group(1).split("; "):
            grp = re.search(r"\bgames? (\d+(?:(?:, | and )\d+)*)", part)
            if grp:
                nums.update(int(x) for x in re.findall(r"\d+", grp.group(1)))
        return nums
    m = re.search(r"(?:^| )games (\d[\d–, and]*) ended$", s)
    if m:
        for a, b in re.findall(r"(\d+)(?:–(\d+))?", m.group(1)):
            nums.update(range(int(a), int(b or a) + 1))
    return nums


def names_whole_at_their_widest(d, where):
    """Each card's rows at their widest: the side to move's (bold, highlighted) with a win
    chance of "100%": a name of ten letters still whole ("Alphabe… 0.05 s/move 100%" once). The
    page is held (`hold_still`); its next view draws the rows again as they are."""
    rows = d.execute_script(
        "const out = [];"
        "for (const s of document.querySelectorAll('#games .game .side')) {"
        " s.classList.add('to-move');"
        " s.querySelector('.wp').innerHTML = '<span class=\"lbl\"><span class=\"long\">own </span>est.</span> 100%';"
        " const w = s.querySelector('.who');"
        " out.push({name: w.querySelector('b').textContent, whole: w.scrollWidth <= w.clientWidth}); }"
        "return out;")
    cut = [r["name"] for r in rows if not r["whole"]]
    assert rows and not cut, f"{where}: bold names beside a 100% win chance cut: {cut}"


def final_names_shown(d, where):
    """Each final board names both players, each whole or cut to its share ("Grandmaster_D…",
    whole in its title), never one hiding the other; and its result has no gap before a
    bracket ("Blue (Grandmaster_… ) won" once); and the final standings (`final_standings_whole`)."""
    boards = d.execute_script(
        "return [...document.querySelectorAll('#final-boards .final-game')].map((g) => {"
        " const line = g.querySelector('.names').getBoundingClientRect();"
        " return {result: g.querySelector('.result-line').textContent,"
        "  names: [...g.querySelectorAll('.names b')].map((b) => ({text: b.textContent, title: b.title,"
        "   width: b.getBoundingClientRect().width, inside: b.getBoundingClientRect().right <= line.right + 1}))}; });")
    assert boards, f"{where}: no final board"
    for b in boards:
        assert len(b["names"]) == 2, f"{where}: a final board names {b['names']}"
        for n in b["names"]:
            shown = n["text"] == n["title"] or (n["text"].endswith("…") and n["title"].startswith(n["text"][:-1])
                                                 and len(n["text"]) >= 4)
            assert shown and n["width"] > 0 and n["inside"], f"{where}: a final board's player hidden: {b}"
        # The shorter name is cut only once the longer one is cut to its length ("Grandmaster_De…
        # – gree…" once, a line a pixel over cut by its box's ellipsis).
        short, long_ = sorted(b["names"], key=lambda n: len(n["title"]))
        assert short["text"] == short["title"] or len(long_["text"]) <= len(short["text"]) + 1, \
            f"{where}: a final board cut the shorter name first: {b}"
        assert not re.search(r"\s\)", b["result"]), f"{where}: a gap before a bracket: {b['result']!r}"
    final_standings_whole(d, where)


def final_standings_whole(d, where):
    """The final standings name each player whole, a long name wrapped rather than cut (the
    winner was "Grandmaster_…" in a cell of 145 px)."""
    cut = d.execute_script(
        "return [...document.querySelectorAll('#table th')].filter((th) => th.scrollWidth > th.clientWidth + 1"
        " || th.textContent !== th.title).map((th) => [th.title, th.clientWidth, th.scrollWidth]);")
    assert not cut, f"{where}: a name cut in the final standings: {cut}"


def news_once(said, where):
    """Each game's end is news in one status line only: the lines that name ends, with the
    repeats of one line (each view draws it again) taken once, never name a game twice (the
    line once named the older games again, and games that had ended before the page opened)."""
    sets = []
    for s in said:
        nums = ended_games(s)
        if not nums:
            continue
        if not sets or sets[-1] != nums:
            sets.append(nums)
    # A game stays on the line while newer ends join it, and never comes back once it left.
    left = set()
    for i, a in enumerate(sets):
        back = a & left
        assert not back, f"{where}: games {sorted(back)} announced again in the status line: {sets}"
        if i + 1 < len(sets):
            left |= a - sets[i + 1]


def names_and_endings():
    """An unpaced match (`ends_are_seen`, three games at once at 1280x800): a game's end stays on its
card, said whole, for a moment (4.5 s, 1 s or more while games wait), every game shown while it plays, and the cards never outnumber the games that run at once.
Eight games at once on a phone (`boards_first_on_a_phone`): the first board and its die line on
the first screen, each card in the place it was given (`places_kept`), a line naming the leader above them (its names cut only
where the line is full, in the text, never by their box: `leader_line_fits`), the standings and
the finished games after them. A round robin with a long name at both sizes (`long_name_hall`):
boards and columns never change, cards whole, a finished game's row wraps only a long name, whole. Every match is started, and its page opened, by
one helper (`live_match`).

Built-in players named by the match (`random name=Rita`, `greedy name=Bob`) keep those
    names on the boards (and in /api/live); a game that ends says on its own card, on its final
    position, who won and how ("Red (Rita) won (goal)"); a finished game's result reads in full
    ("Rita (Red), capture") without being cut; and every game that ended is named in the status
    line, also when several end between two views. At 1280x800 and 390x844."""
    names = ("Rita", "Bob")
    pattern = "|".join(names)
    for width, height in [(1280, 800), (390, 844)]:
        where = f"named built-in players at {width}x{height}"
        args = ["--variant", "4x4", "match", "--engine", "random", f"name={names[0]}", "--engine", "greedy",
                f"name={names[1]}", "--games", "4", "--concurrency", "4", "--movetime", "100",
                "--pace", "1200", "--live-linger", "4"]
        with live_match(args, width, height) as (d, _, match):
            # Every text the status line and the cards' die lines show, as they change.
            # Seeded with the line as it stands: a game that ended before the page's first view is
            # never news (on a loaded machine the page opened after three of the four games had
            # ended, and the check counted them as ends the line never named).
            d.execute_script(
                "window.statusSeen = [document.getElementById('status').textContent]; window.rollsSeen = [];"
                "new MutationObserver(() => window.statusSeen.push(document.getElementById('status').textContent))"
                ".observe(document.getElementById('status'), {subtree: true, childList: true, characterData: true});"
                "new MutationObserver(() => document.querySelectorAll('#games .game .roll.game-over')"
                ".forEach((r) => window.rollsSeen.push({text: r.textContent, title: r.title, whole: r.scrollWidth <= r.clientWidth"
                " && r.scrollHeight <= r.clientHeight + 1})))"
                ".observe(document.getElementById('games'), {subtree: true, childList: true, characterData: true});")
            wait_for(f"{where}: a card", lambda: d.find_elements(By.CSS_SELECTOR, "#games .game .board .cube"))
            on_cards = d.execute_script(
                "return [...document.querySelectorAll('#games .game .side b')].map((b) => b.textContent);")
            assert on_cards and set(on_cards) <= set(names), f"{where}: the cards name {on_cards}, not {names}"
            wait_for(f"{where}: the final screen", lambda: d.execute_script(
                "return document.body.classList.contains('ended');"))
            # The pace (1.2 s) keeps a game's final position on its card for several polls, also
            # on a loaded machine.
            rolls = d.execute_script("return window.rollsSeen;")
            # Narrow cards may leave the reason to the line's title where it would cut the name.
            said = [r for r in rolls if re.fullmatch(rf"((Red|Blue) \(({pattern})\)|({pattern})) won \((goal|capture)\)", r["text"])
                    or re.fullmatch(rf"({pattern}) won", r["text"])
                    and re.fullmatch(rf"(Red|Blue) \({re.escape(r['text'][:-4])}\) won \((goal|capture)\)", r["title"])]
            assert said, f"{where}: no card said who won on its final position: {rolls[:4]}"
            assert all(r["whole"] for r in said), f"{where}: a card's result is cut: {said[:4]}"
            cells = d.execute_script(
                "return [...document.querySelectorAll('#finished td.res')].map((c) => ({text: c.textContent,"
                " whole: c.scrollWidth <= c.clientWidth}));")
            assert len(cells) == 4, f"{where}: {len(cells)} finished games listed"
            for c in cells:
                ok = re.fullmatch(r"(Red|Blue), (goal|capture)|no winner, \w+", c["text"])
                assert ok and c["whole"], f"{where}: a finished game's result is not readable in full: {c}"
            finals = d.execute_script(
                "return [...document.querySelectorAll('#final-boards .result-line')].map((r) => ({text: r.textContent,"
                " whole: r.scrollWidth <= r.clientWidth}));")
            assert finals, f"{where}: the final screen shows no board"
            for f in finals:
                ok = re.fullmatch(rf"(Red|Blue) \(({pattern})\) won \((goal|capture)\)|No winner \(\w+\)", f["text"])
                assert ok and f["whole"], f"{where}: a final board's result is not readable in full: {f}"
            heads = d.execute_script(
                "return [...document.querySelectorAll('.finished-table thead th')].map((h) =>"
                " h.scrollWidth <= h.clientWidth);")
            assert all(heads), f"{where}: a heading of the finished games is cut"
            # Every game that ended while the match ran is named in the status line (those that
            # end with the match are on the final screen: its last game and its last boards).
            ended, done = set(), 0
            seen = d.execute_script("return window.statusSeen;")
            before = re.match(r"(\d+) (?:games? )?finished", seen[0])
            before = int(before.group(1)) if before else 0
            for st in seen:
                if re.match(r"(the )?match (is )?over", st):
                    continue
                m = re.match(r"(\d+) (?:games? )?finished", st)
                done = max(done, int(m.group(1))) if m else done
                ended |= ended_games(st)
            assert ended, f"{where}: no game's end was named in the status line"
            last = d.execute_script("const l = document.getElementById('final-last'); return l.hidden ? '' : l.textContent;")
            # (The games that ended with the match are on its last boards.)
            boards = d.execute_script("return [...document.querySelectorAll('#last-boards .game')].map((g) => Number(g.id.replace('final-', '')));")
            told = ended | {int(n) for n in re.findall(r"game (\d+)", last)} | set(boards)
            assert len(ended) <= done <= len(told) + before, \
                f"{where}: {done} games ended ({before} before the page was watched), the status line named {sorted(ended)}, the final screen {last!r}"
            d.save_screenshot(os.path.join(OUT, f"live-named-{width}.png"))
            print(f"live page, {where}: given names on the cards, results said in full, every end named")


def long_name_on_a_phone():
    """A player with a long name (Team-Alpha-Monte-Carlo-Deluxe-2026) on a phone: the page never
    scrolls sideways, whoever is to move, and the win chance stays on the screen."""
    name = "Team-Alpha-Monte-Carlo-Deluxe-2026"
    where = "a long name at 390x844"
    args = ["match", "--engine", "self", f"name={name}", "--engine", "self", "name=bob",
            # Four games: a game's card stays on its end for a moment before the next one's.
            "--games", "4", "--movetime", "150", "--live-linger", "2"]
    with live_match(args, 390, 844) as (d, _, match):
        movers = set()

        def both_moved():
            # Read while the long name's side is to move and while the other is.
            s = d.execute_script(
                "const doc = document.documentElement;"
                "const c = document.querySelector('#games .game:not(.ended-game)');"
                "if (!c || !c.querySelector('.board .cube')) return null;"
                "return {width: doc.scrollWidth, inner: doc.clientWidth, screen: window.innerWidth,"
                # (The name's title: a long name is cut in its text.)
                " mover: (c.querySelector('.side.to-move b') || {}).title || '',"
                " wp: Math.max(...[...c.querySelectorAll('.side .wp')].map((w) => w.getBoundingClientRect().right))};")
            if not s:
                return False
            assert s["width"] <= s["inner"] and s["screen"] <= 390, f"{where}: the page scrolls sideways: {s}"
            assert s["wp"] <= 390, f"{where}: a win chance off the screen: {s}"
            movers.add(s["mover"] == name)
            return len(movers) == 2
        wait_for(f"{where}: each side to move once", both_moved)
        d.save_screenshot(os.path.join(OUT, "live-long-name-390.png"))
        # The leader line (the long name may lead): the link to the standings always whole.
        wait_for(f"{where}: the leader line or the end", lambda: d.execute_script(
            "return document.body.classList.contains('ended')"
            " || /^Leading/.test(document.getElementById('summary').textContent);"))
        line = d.execute_script(
            "const s = document.getElementById('summary'), a = s.querySelector('a');"
            "if (document.body.classList.contains('ended') || !a) return null;"
            "return {line: s.getBoundingClientRect().right, link: a.getBoundingClientRect().right,"
            " width: a.getBoundingClientRect().width, text: s.textContent};")
        if line:
            assert line["width"] > 0 and line["link"] <= line["line"] + 0.5, f"{where}: the leader line cuts its link: {line}"
        # The final screen: a final board's result keeps the long name to one line (an
        # ellipsis, whole in the line's title).
        wait_for(f"{where}: the final screen", lambda: d.execute_script(
            "return document.body.classList.contains('ended') && document.querySelector('#final-boards .result-line');"))
        finals = d.execute_script(
            "return [...document.querySelectorAll('#final-boards .result-line')].map((r) => ({text: r.textContent,"
            " title: r.title, boxCut: !!r.querySelector('.res-name') && r.querySelector('.res-name').scrollWidth"
            "  > r.querySelector('.res-name').clientWidth, lines: Math.round(r.getBoundingClientRect().height / (parseFloat(getComputedStyle(r).lineHeight)"
            " || 1.2 * parseFloat(getComputedStyle(r).fontSize)))}));")
        for f in finals:
            # The whole result in the title, the line the same or with the name shortened (no gap
            # before its bracket: "Blue (abcdef… )" once).
            # Or, where the name is too long for that line, the name alone before "won" (its
            # colour a square, how it ended on the line below): "Blue (Tenlet… ) won" once.
            m = (re.fullmatch(r"(Red|Blue) \((.+)\) won \((.+)\)", f["text"])
                 or re.fullmatch(r"()(.+) won()", f["text"]))
            whole = m and re.fullmatch(rf"(?:Red|Blue) \((.+)\) won \({re.escape(m.group(3)) if m.group(3) else '.+'}\)", f["title"])
            short = whole and (m.group(2) == whole.group(1)
                               or (m.group(2).endswith("…") and whole.group(1).startswith(m.group(2)[:-1])))
            assert f["lines"] <= 3 and (f["title"] == f["text"] or short), f"{where}: a final board's result: {f}"
            assert not re.search(r"\s\)", f["text"]) and not f["boxCut"], f"{where}: a gap before a bracket: {f}"
        final_names_shown(d, where)
        d.save_screenshot(os.path.join(OUT, "live-long-name-390-final.png"))
        print(f"live page, {where}: no sideways scroll")


def opened_before_the_games(width, height):
    """The page opened before the match's first game (its engines take a moment to start): its
    first views have no game, "No game in progress" stands above where the boards go. The boards
    are sized once, where they begin when the games come, and keep that size: the next view's
    boards were sized below that line, then grew by its height a view later (164 then 187 px).
    The engine waits (up to 8 s, within the referee's 10 s for its greeting) until the page has
    shown a view without games, and the browser is started before the match, so that a slow
    machine decides nothing."""
    where = f"a page opened before the first game at {width}x{height}"
    work = tempfile.mkdtemp(prefix="ewn-late-")
    late, gate = os.path.join(work, "late-engine"), os.path.join(work, "gate")
    with open(late, "w") as f:
        f.write(f'#!/bin/sh\nn=0\nwhile [ ! -e "{gate}" ] && [ $n -lt 80 ]; do sleep 0.1; n=$((n + 1)); done\n'
                f'exec "{os.path.abspath(EWN)}" "$@"\n')
    os.chmod(late, 0o755)
    args = ["--variant", "4x4", "match", "--engine", f"name=Late cmd={late}", "--engine", "greedy",
            "--games", "16", "--concurrency", "8", "--movetime", "100", "--pace", "500"]
    d = browser(width, height, os.path.join(work, "profile"))
    err = open(os.path.join(work, "err.log"), "w")
    match = subprocess.Popen([EWN, *steady(args), "--live", "0", "--quiet"], stdout=subprocess.DEVNULL, stderr=err)
    try:
        d.get(live_address(err.name))
        d.execute_script(
            "window.sizes = []; window.empty = false; setInterval(() => {"
            " const g = document.getElementById('games');"
            " if (!g.querySelector('.game') && !document.getElementById('no-games').hidden) { window.empty = true;"
            "  window.before = {title: document.getElementById('title').textContent, note: document.getElementById('no-games').textContent,"
            "   status: document.getElementById('status').textContent}; }"
            " for (const b of g.querySelectorAll('.game .board')) if (b.querySelector('.cube'))"
            "  window.sizes.push(Math.round(b.getBoundingClientRect().width)); }, 50);")
        empty = wait_for(f"{where}: a view without games", lambda: d.execute_script("return window.empty;"))
        open(gate, "w").close()
        wait_for(f"{where}: four games with moves", lambda: d.execute_script(
            "return [...document.querySelectorAll('#games .game .moves')].filter((m) => !/no move/.test(m.innerText)).length >= 4"
            " && window.sizes.length > 40;"))
        sizes = d.execute_script("return window.sizes;")
        before = d.execute_script("return window.before;")
    finally:
        d.quit()
        match.kill()
        match.wait()
        err.close()
        shutil.rmtree(work, ignore_errors=True)
    assert empty and sizes
    # Before the first game the header names the variant, and the page says that the match is
    # starting, never "No game in progress" (it said so, under "Live: Late, greedy", for ~3.5 s).
    assert "4x4" in before["title"], f"{where}: the header does not name the variant before the first game: {before}"
    assert "no game in progress" not in before["note"].lower() and "starting" in before["note"] \
        and "starting" in before["status"], f"{where}: the page does not say the match is starting: {before}"
    assert max(sizes) - min(sizes) <= 1, f"{where}: the boards changed size: {min(sizes)} to {max(sizes)} px"
    print(f"live page, {where}: boards {sizes[0]} px from the first")


def scripts_well_under_the_limit(d, where):
    """Every script the page loads is well under the house's 1000 lines (live.js was at 995)."""
    lines = d.execute_script(
        "return [...document.scripts].filter((s) => s.src).map((s) => { const x = new XMLHttpRequest();"
        " x.open('GET', s.src, false); x.send(); return [s.src.replace(/.*\\//, ''), x.responseText.split('\\n').length]; });")
    long = [x for x in lines if x[1] > 900]
    assert len(lines) >= 3 and not long, f"{where}: page scripts of more than 900 lines: {long} (of {lines})"


def moves_read_whole(d, where):
    """A finished game's moves, opened by a real click, are read whole in the room there is: no
    box of their own scrolling inside itself (the arena's 120 px move list cut a line in half
    with room below), and the opened row on the screen. The game of the most moves."""
    d.execute_script("window.scrollTo(0, 0);")
    # The game of the most moves, its list the longest.
    b = d.execute_script(
        "return [...document.querySelectorAll('#finished button.mv')].sort((x, y) =>"
        " parseInt(y.textContent.replace(/\\D/g, '')) - parseInt(x.textContent.replace(/\\D/g, '')))[0];")
    n = b.get_attribute("data-game")
    d.execute_script("arguments[0].scrollIntoView({block: 'center'});", b)
    b.click()
    wait_for(f"{where}: game {n}'s moves open", lambda: d.execute_script(
        f"const r = document.getElementById('moves-{n}'); return r && !r.hidden && r.getBoundingClientRect().height > 0;"))
    time.sleep(0.3)
    r = d.execute_script(
        f"const row = document.getElementById('moves-{n}'), list = row.querySelector('.movelist');"
        "const boxes = []; for (let e = list; e && e !== document.body; e = e.parentElement) {"
        " const cs = getComputedStyle(e); if (/(auto|scroll|hidden)/.test(cs.overflowY) && e.scrollHeight > e.clientHeight + 1"
        "  && e.contains(list) && e.clientHeight < 400) boxes.push([e.tagName, e.className, e.clientHeight, e.scrollHeight]); }"
        "const q = list.getBoundingClientRect();"
        "return {boxes, top: q.top, bottom: q.bottom, height: q.height, screen: window.innerHeight, text: list.textContent.length};")
    assert not r["boxes"], f"{where}: game {n}'s moves in a box cut mid-line: {r}"
    assert r["top"] >= 0 and r["bottom"] <= r["screen"] + 1, f"{where}: game {n}'s opened moves off the screen: {r}"
    d.execute_script(f"document.querySelector('#finished button.mv[data-game=\"{n}\"]').click(); window.scrollTo(0, 0);")
    return r


def final_screen_room(width, height, args):
    """The final screen of a new viewer at width x height. At 1280x800 (three games): the last
    boards use the screen (300 px or more each, no band of more than 60 px empty below them:
    beside the side column they were 231 px with 146 px empty), and the full report opened on
    it leaves the result in view, the page unmoved (it scrolled the result away), taking the
    last boards' place until closed, the boards then back. At 390x844 (a
    round robin of four): the header is compact, one line of title and one of status (it was
    118 px: the title on two lines, the status box of three), and the opened report is read in
    the page, not in a box that scrolls inside it. At both, a finished game's moves
    are read whole (`moves_read_whole`) and every page script is well under 1000 lines."""
    where = f"the final screen at {width}x{height}"
    with live_match(args, width, height) as (d, _, match):
        wait_for(f"{where}: the final screen", lambda: d.execute_script(
            "return document.body.classList.contains('ended') && document.querySelectorAll('#last-boards .board .cube').length > 0;"))
        time.sleep(0.5)
        d.save_screenshot(os.path.join(OUT, f"live-final-room-{width}.png"))
        scripts_well_under_the_limit(d, where)
        top = d.execute_script(
            "const t = document.querySelector('.top'), h = t.querySelector('h1'), s = document.getElementById('status');"
            "return {top: t.offsetHeight, h1: h.getBoundingClientRect().height, status: s.getBoundingClientRect().height,"
            " line: parseFloat(getComputedStyle(s).lineHeight) || 20};")
        boards = d.execute_script(
            "window.scrollTo(0, 0); const cards = [...document.querySelectorAll('#last-boards .game')];"
            "return {sizes: cards.map((c) => Math.round(c.querySelector('.board').getBoundingClientRect().width)),"
            " bottom: Math.max(...cards.map((c) => c.getBoundingClientRect().bottom)), screen: window.innerHeight};")
        moves = moves_read_whole(d, where)
        if width > 900:
            assert min(boards["sizes"]) >= 300 and boards["screen"] - boards["bottom"] <= 60, \
                f"{where}: the last boards leave the screen unused: {boards}"
            d.execute_script("window.scrollTo(0, 0);")
            d.find_element(By.CSS_SELECTOR, "#report > summary").click()
            time.sleep(0.5)
            rep = d.execute_script(
                "const f = document.getElementById('final-text').getBoundingClientRect(), s = document.getElementById('standings').getBoundingClientRect();"
                "return {scrolled: window.scrollY, result: [f.top, f.bottom], report: [s.top, s.bottom], screen: window.innerHeight};")
            d.save_screenshot(os.path.join(OUT, f"live-final-report-{width}.png"))
            assert rep["scrolled"] == 0 and rep["result"][0] >= 0 and rep["result"][1] <= rep["screen"], \
                f"{where}: opening the report scrolled the result away: {rep}"
            assert rep["report"][0] >= rep["result"][1] and rep["report"][1] <= rep["screen"], \
                f"{where}: the opened report is not on the screen below the result: {rep}"
            d.find_element(By.ID, "report-close").click()
            # Closed, the last boards are back where they were (the report took their place).
            back = d.execute_script(
                "return [...document.querySelectorAll('#last-boards .game')].map((c) => Math.round(c.querySelector('.board').getBoundingClientRect().width));")
            assert back == boards["sizes"], f"{where}: the last boards not back once the report closed: {back}"
        else:
            assert top["h1"] <= 1.6 * 28 - 10 and top["top"] <= 72, f"{where}: the header is not compact: {top}"
            # The opened report is read in the page, not in an inner box that scrolls.
            summary = d.find_element(By.CSS_SELECTOR, "#report > summary")
            d.execute_script("arguments[0].scrollIntoView({block: 'start'})", summary)
            summary.click()
            time.sleep(0.5)
            box = d.execute_script(
                "const s = document.getElementById('standings'); return {scroll: s.scrollHeight, client: s.clientHeight};")
            d.save_screenshot(os.path.join(OUT, f"live-final-report-{width}.png"))
            assert box["scroll"] <= box["client"] + 1, f"{where}: the report in a box that scrolls: {box}"
    print(f"live page, {where}: boards {boards['sizes']} px ending {boards['screen'] - boards['bottom']:.0f} px above the"
          f" foot, header {top['top']} px, moves {moves['height']:.0f} px whole")


def long_name_hall(width, height):
    """An organiser's round robin of five players at once on eight boards, one of them with a long
    name (an engine given by its command): the layout never depends on a name's length. While the
    match runs, every board keeps its size and the number of columns stays; every card is whole
    (nothing cut at its bottom, a held result on one line); a finished game's row of short names
    keeps one line ("mcts:200" whole), the long name whole, wrapped in its cell;
    narrow cards keep their labels short ("/move") and the last move's die."""
    long = "Universität-Hamburg-Einstein-Team-Longname"
    where = f"a long name in a round robin at {width}x{height}"
    args = ["--variant", "4x4", "match", "--engine", "self", "--engine", "greedy", "--engine", "random",
            "--engine", "mcts:200", "--engine", f"name={long} cmd={os.path.abspath(EWN)}",
            "--tournament", "round-robin", "--games", "2", "--concurrency", "8", "--movetime", "100",
            "--pace", "700", "--live-linger", "2"]
    with live_match(args, width, height) as (d, _, match):
        # Sampled in the page every 0.1 s while the match runs: each board's width, the columns,
        # cards cut at their bottom, the finished games' tallest row and their names' cells.
        d.execute_script(
            "window.hall = {boards: [], cols: [], cut: [], rowH: 0, cells: {}, moves: [], clocks: [], heads: [], cutNames: [], orders: [],"
            " tops: {}, ends: {}};"
            "setInterval(() => { if (document.body.classList.contains('ended')) return;"
            # The first card's top in the page, once a game has ended (the first games show up
            # in any order), with the news the status line gives meanwhile.
            " const st = document.getElementById('status').textContent, first = document.querySelector('#games .game');"
            " if (first && !/^0 finished/.test(st)) { const t = Math.round(first.getBoundingClientRect().top + window.scrollY);"
            "  window.hall.tops[t] = st; if (/ ended/.test(st)) window.hall.ends[st] = 1; }"
            f" const order = JSON.stringify((() => {{ {STANDINGS_ROWS} }})());"
            " if (window.hall.orders[window.hall.orders.length - 1] !== order) window.hall.orders.push(order);"
            " const g = document.getElementById('games');"
            " for (const c of g.querySelectorAll('.game')) {"
            "  const b = c.querySelector('.board .cube') && c.querySelector('.board').getBoundingClientRect().width;"
            "  if (b) window.hall.boards.push(Math.round(b));"
            "  if (window.innerWidth > 700 && c.scrollHeight > c.clientHeight + 1) window.hall.cut.push(c.id + ': ' + c.textContent.slice(0, 160));"
            "  const r = c.querySelector('.roll'); if (r.scrollHeight > r.clientHeight + 1) window.hall.cut.push(c.id + ' result: ' + r.textContent);"
            "  const m = c.querySelector('.moves'); if (/^(last move|move \\d)/.test(m.innerText)) window.hall.moves.push(m.innerText);"
            "  const h = c.querySelector('h3'); if (!/^Game \\d+$/.test(h.textContent) || h.scrollWidth > h.clientWidth) window.hall.heads.push(h.textContent);"
            # A name cut by its box's ellipsis, or in its text ("…", the page's own cut).
            "  for (const n of c.querySelectorAll('.side .who, .roll .res-name')) { const b = n.querySelector('b') || n;"
            "   if (n.scrollWidth > n.clientWidth || b.textContent.includes('…'))"
            "    window.hall.cutNames.push({name: b.textContent.includes('…') ? b.title : b.textContent, title: n.title, shown: b.textContent}); }"
            "  for (const k of c.querySelectorAll('.side .clock')) { const l = k.querySelector('.per-move');"
            "   window.hall.clocks.push(k.innerText + (l ? getComputedStyle(l, '::after').content.replace(/^none$|\\x22/g, '') : '')); } }"
            " if (g.querySelector('.game')) window.hall.cols.push(getComputedStyle(g).gridTemplateColumns.split(' ').length);"
            " for (const tr of document.querySelectorAll('#finished tr:not(.movesrow)')) {"
            "  if (tr.children[1].title.length <= 10 && tr.children[2].title.length <= 10)"
            "   window.hall.rowH = Math.max(window.hall.rowH, tr.getBoundingClientRect().height);"
            "  for (const td of [tr.children[1], tr.children[2]]) window.hall.cells[td.title] ="
            "   {text: td.textContent, cut: td.scrollWidth > td.clientWidth, height: td.getBoundingClientRect().height,"
            # Each word whole or cut in its middle, its start and end kept (too wide for the
            # cell even in 11 px): never cut at its end.
            "    middle: [...td.querySelectorAll('.word')].every((w) => { const f = w.dataset.full || w.textContent;"
            "     const [a, b, more] = w.textContent.split('\u2026'); return w.textContent === f || (more === undefined"
            "      && b !== undefined && a.length >= 2 && b.length >= 2 && f.startsWith(a) && f.endsWith(b)); })}; } }, 100);")
        wait_for(f"{where}: ten finished games", lambda: d.execute_script(
            "return document.querySelectorAll('#finished tr:not(.movesrow)').length >= 10"
            " || document.body.classList.contains('ended');"))
        d.save_screenshot(os.path.join(OUT, f"live-long-round-robin-{width}.png"))
        h = d.execute_script("return window.hall;")
        assert h["boards"], f"{where}: no board seen"
        # The standings in their order throughout: equal points by name, case aside (the long
        # name starts with a capital), a player without a game yet last.
        for rows in map(json.loads, h["orders"]):
            assert rows == standings_order(rows), f"{where}: the standings' order: {rows}"
        assert max(h["boards"]) - min(h["boards"]) <= 1, \
            f"{where}: the boards changed size: {min(h['boards'])} to {max(h['boards'])} px"
        assert len(set(h["cols"])) == 1, f"{where}: the columns changed: {sorted(set(h['cols']))}"
        assert not h["cut"], f"{where}: cards cut: {h['cut'][:3]}"
        # The boards stay where they are whatever the news on the status line (on a phone its
        # line grew from three lines to four and back, every board jumping).
        assert len(h["ends"]) >= 2, f"{where}: fewer than two ends seen in the status line: {h['ends']}"
        assert len(h["tops"]) == 1, f"{where}: the first card moved as games ended: {h['tops']}"
        # A card's heading is its game's number alone, whole ("Game 15 · 4x4 · in 1's place" was
        # cut on eight cards): the variant is in the page's header, the order explained once.
        assert not h["heads"], f"{where}: card headings not 'Game N' or cut: {sorted(set(h['heads']))[:4]}"
        # Every name a card cuts with an ellipsis is whole in its title.
        untitled = [n for n in h["cutNames"] if n["title"] != n["name"]]
        assert not untitled, f"{where}: names cut without the whole name in a title: {untitled[:3]}"
        if width >= 700:
            assert any(n["name"] == long for n in h["cutNames"]), f"{where}: the long name never cut on a card"
        # A row of short names: two lines at most (a result may wrap: "Blue, capture"), never a
        # name letter by letter.
        assert h["rowH"] < 50, f"{where}: a finished game's row of short names {h['rowH']} px tall (a name wraps)"
        cells = h["cells"]
        # The long name wrapped in its cell between its words, each word whole or, too wide for
        # the cell even in 11 px, cut in its middle (cut at its end to "Universit…" it named no
        # one); the whole name in the cell's title.
        assert long in cells and not cells[long]["cut"] and cells[long]["middle"], \
            f"{where}: the long name's cell: {cells.get(long)}"
        for name in ("mcts:200", "greedy", "random"):
            if name in cells:
                assert not cells[name]["cut"], f"{where}: {name} cut in the finished games: {cells[name]}"
        # The last move with its die, whatever the card's width: "last move b4b3 (die 5)".
        # Or, on narrow cards, short and whole: "10. d1c2 (die 1)" (the number a move's, as in
        # every move list, never the die's).
        assert all(re.match(r"(last move |\d+\. )(\S+ \((die|dice) \d+\)|pass)", m) for m in h["moves"]), \
            f"{where}: a last move without its die: {[m for m in h['moves'] if 'die' not in m][:3]}"
        assert all(re.fullmatch(r"[\d.]+ s( a move|/move)", c) for c in h["clocks"]), \
            f"{where}: a time a move without its label: {sorted(set(h['clocks']))[:4]}"
        print(f"live page, {where}: boards {h['boards'][0]} px throughout, {h['cols'][0]} columns, rows of one line,"
              f" the first card at {list(h['tops'])[0]} px through {len(h['ends'])} news")


def long_name_round_robin(games, movetime, pace, linger, concurrency=4):
    """A round robin of the four long names, `concurrency` games at once, as `ewn match` arguments."""
    args = ["match"]
    for name in LONG_NAMES:
        args += ["--engine", "self", f"name={name}"]
    return args + ["--tournament", "round-robin", "--games", str(games), "--concurrency", str(concurrency),
                   "--movetime", str(movetime), "--pace", str(pace), "--live-linger", str(linger)]

def ends_are_seen(width=1280, height=800):
    """An unpaced match (no --pace) of three games at once: a game that ends keeps its card on
    its final position, saying who won ("Red (alice) won (goal)"), for a moment that a spectator
    can read (4.5 s; while games wait for its place, 1 s or more), the match going on meanwhile:
    every end but the match's last two read, each game shown while it plays; and the cards never
    outnumber the games that run at once (a card kept on its end never pushes a running game off
    the screen)."""
    where = f"the ends of an unpaced match at {width}x{height}"
    names = ("alice", "bob")
    args = ["match", "--engine", "self", f"name={names[0]}", "--engine", "self", f"name={names[1]}",
            # Four games for each place, so that several end while others still run.
            "--games", "12", "--concurrency", "3", "--movetime", "250", "--grace", "5000",
            "--live-linger", "2"]
    with live_match(args, width, height) as (d, _, match):
        # Sampled in the page every 0.1 s (not a timer the page's own code uses): for each card
        # on its final position, what it said and for how long; and the most cards at once.
        d.execute_script(
            "window.endsSeen = {}; window.mostCards = 0; window.movesNow = {}; window.movesAtShow = {}; window.firstOnEnd = {};"
            "setInterval(() => { fetch('/api/live', {cache: 'no-store'}).then((r) => r.json()).then((v) => {"
            "  for (const g of v.games) window.movesNow[g.id || g.number] = g.moves.length; }).catch(() => {}); }, 100);"
            "setInterval(() => { const cards = document.querySelectorAll('#games .game');"
            " window.mostCards = Math.max(window.mostCards, cards.length);"
            " for (const c of cards) { const n = c.id.replace('game-', '');"
            "  if (!(n in window.movesAtShow)) { window.movesAtShow[n] = window.movesNow[n] || 0;"
            "   window.firstOnEnd[n] = !!c.querySelector('.roll.game-over'); } }"
            " for (const c of cards) { const r = c.querySelector('.roll.game-over');"
            "  if (!r || !c.querySelector('.board .cube')) continue;"
            "  const e = window.endsSeen[c.id] || (window.endsSeen[c.id] = {text: r.textContent, first: performance.now(),"
            "   whole: r.scrollWidth <= r.clientWidth && r.scrollHeight <= r.clientHeight + 1});"
            "  e.last = performance.now(); } }, 100);")
        until_the_end(d, match, where)
        ends = d.execute_script("return window.endsSeen;")
        most = d.execute_script("return window.mostCards;")
        shown_at = d.execute_script("return window.movesAtShow;")
        first_on_end = d.execute_script("return window.firstOnEnd;")
        pattern = "|".join(names)
        # Each end held a time a person reads (1 s or more while games wait), seen by two samples
        # in a row: 0.1 s apart by the timer, which a busy page delays or brings forward by a few
        # ms (99 ms between two samples was seen). Every game shown, and shown playing, so that
        # every end but the match's last two (the final screen comes with the last, the one
        # before may end with it) is seen; a count of six fell short on a busy machine, when
        # an end was held until a waiting game's second move (0.2-0.4 s).
        read = {k: e for k, e in ends.items() if e["last"] - e["first"] >= 80}
        assert len(shown_at) == 12, f"{where}: {len(shown_at)} of 12 games shown: {shown_at}"
        late = [n for n, over in first_on_end.items() if over]
        assert not late, f"{where}: games shown only on their end: {late}"
        assert len(read) >= 10, f"{where}: {len(read)} of 12 ends seen on two samples in a row (~0.1 s): {ends}"
        for k, e in ends.items():
            # Narrow cards say "alice won" (the reason in the line's title).
            ok = re.fullmatch(rf"((Red|Blue) \(({pattern})\)|({pattern})) won \(\w+\)|({pattern}) won|No winner \(\w+\)", e["text"])
            assert ok and e["whole"], f"{where}: {k}'s end is not said whole: {e}"
        assert most <= 3, f"{where}: {most} cards at once for three games at once"
        print(f"live page, {where}: ends on their cards (ms): {sorted(round(e['last'] - e['first']) for e in ends.values())},"
              f" moves when a card came: {shown_at}, at most {most} cards")


def ends_together():
    """A paced match of four games at once, its view polled (GET /api/live) all along: a game is
    never shown over on its card before it is among the finished games, so that the card's
    result, the count, the standings and the finished games change together; and the count, the
    finished games and the standings' games always agree."""
    import json
    import urllib.request
    where = "the ends of a paced match"
    args = ["--variant", "3x3", "match", "--engine", "self", "--opponent", "greedy", "--games", "8",
            "--movetime", "50", "--concurrency", "4", "--pace", "600"]
    err = tempfile.NamedTemporaryFile(prefix="ewn-live-", suffix=".log", delete=False)
    match = subprocess.Popen([EWN, *steady(args), "--live", "0", "--quiet"], stdout=subprocess.DEVNULL, stderr=err)
    try:
        url = live_address(err.name).rstrip("/")
        views, seen_over = 0, 0
        until = time.monotonic() + WAIT_S
        while time.monotonic() < until:
            with urllib.request.urlopen(f"{url}/api/live", timeout=10) as r:
                v = json.load(r)
            views += 1
            done = {f["number"] for f in v["finished"]}
            early = [g["number"] for g in v["games"] if g.get("over") and g["number"] not in done]
            assert not early, f"{where}: game(s) {early} over on their cards before they are finished: {v['games_done']} done"
            seen_over += sum(1 for g in v["games"] if g.get("over"))
            assert len(done) == v["games_done"], f"{where}: {v['games_done']} games finished, {len(done)} listed"
            played = sum(s["games"] for s in v["table"])
            assert played == 2 * v["games_done"], f"{where}: the standings count {played} sides for {v['games_done']} games"
            if v["over"]:
                break
            time.sleep(0.05)
        assert v["over"] and v["games_done"] == 8, f"{where}: the match did not end: {v['games_done']} games"
        print(f"live page, {where}: {views} views, no game over before it was finished")
    finally:
        match.kill()
        match.wait()
        err.close()
        os.unlink(err.name)


def server_stops(width, height):
    """One game at a time, paced, its runner stopped (Ctrl-C) while the page is open: the card
    says so whole or in an ellipsis (never cut at its edge), with the whole reason in its title,
    and the banner that comes above the boards leaves the board on the screen."""
    where = f"the server stopped at {width}x{height}"
    args = ["match", "--engine", "self", "--opponent", "greedy", "--games", "4", "--movetime", "100",
            "--pace", "500"]
    with live_match(args, width, height) as (d, _, match):
        wait_for(f"{where}: a card", lambda: d.find_elements(By.CSS_SELECTOR, "#games .game .board .cube"))
        sizes = d.execute_script(
            "return [...document.querySelectorAll('#games .game .board')].map((b) => Math.round(b.getBoundingClientRect().width));")
        match.send_signal(signal.SIGINT)
        wait_for(f"{where}: the page sees the server gone", lambda: d.execute_script(
            "return document.body.classList.contains('cut');"))
        # Nobody is to move and no engine's win chance stands on a stopped game, the section says
        # its games were left unfinished, and the boards keep their size (its heading one line).
        stopped = d.execute_script(
            "const h = document.getElementById('games-h');"
            "return {heading: h.textContent, toMove: document.querySelectorAll('#games .side.to-move').length,"
            " chances: [...document.querySelectorAll('#games .wp')].map((w) => w.textContent).filter(Boolean),"
            " sizes: [...document.querySelectorAll('#games .game .board')].map((b) => Math.round(b.getBoundingClientRect().width))};")
        # (A card held on its recorded end may still be shown: the heading then says when.)
        assert re.match(r"Games (left unfinished|when the server stopped)", stopped["heading"]) and not stopped["toMove"] \
            and not stopped["chances"], f"{where}: a stopped game still shown as running: {stopped}"
        assert stopped["sizes"] == sizes, f"{where}: the boards changed size when the server stopped: {sizes} to {stopped['sizes']}"
        r = d.execute_script(
            "const c = document.querySelector('#games .game'); const roll = c.querySelector('.roll');"
            "const why = roll.querySelector('.why') || roll;"
            "return {title: roll.title, text: roll.innerText, cut: why.scrollWidth > why.clientWidth"
            "  && getComputedStyle(why).textOverflow !== 'ellipsis', rollCut: roll.scrollWidth > roll.clientWidth + 1"
            "  && why === roll, board: c.querySelector('.board').getBoundingClientRect().bottom,"
            " screen: window.innerHeight, page: document.documentElement.scrollHeight};")
        assert r["title"].endswith("the server stopped") and not r["cut"] and not r["rollCut"], \
            f"{where}: the card's reason is cut: {r}"
        if width >= 700:
            assert r["board"] <= r["screen"] and r["page"] <= r["screen"], f"{where}: the board off the screen: {r}"
        hold_still(d)
        d.save_screenshot(os.path.join(OUT, f"live-stopped-{width}.png"))
        print(f"live page, {where}: '{r['text']}' whole, the board on the screen")


def stopped_halls():
    """`stopped_hall` at both sizes."""
    stopped_hall(1280, 800)
    stopped_hall(390, 844)


def stopped_hall(width, height):
    """Four paced games at once, the runner stopped (Ctrl-C) just after a game ended (its card
    held on its end): seconds later, when the held card's time would be up, the last view is
    still as it was left: every card of a game not among the finished says "Unfinished: server
    stopped" (or "Not recorded: ...") whole, the header counts what the banner counts, and
    (wide) the page does not scroll."""
    where = f"a hall stopped at {width}x{height}"
    args = ["--variant", "3x3", "match", "--engine", "self", "--opponent", "greedy", "--games", "8",
            "--movetime", "50", "--concurrency", "4", "--pace", "1500"]
    with live_match(args, width, height) as (d, _, match):
        wait_for(f"{where}: a finished game", lambda: d.find_elements(By.CSS_SELECTOR, "#finished button.mv"))
        match.send_signal(signal.SIGINT)
        wait_for(f"{where}: the page sees the server gone", lambda: d.execute_script(
            "return document.body.classList.contains('cut');"))
        time.sleep(4)  # past the time a held card keeps its place (END_MS)
        r = d.execute_script(
            "const done = new Set([...document.querySelectorAll('#finished button.mv')].map((b) => b.dataset.game));"
            "const cards = [...document.querySelectorAll('#games .game')].map((c) => {"
            "  const roll = c.querySelector('.roll'); const why = roll.querySelector('.why');"
            "  return {n: c.id.replace('game-', ''), text: roll.textContent, recorded: done.has(c.id.replace('game-', '')),"
            "   whole: !why || why.scrollWidth <= why.clientWidth, w: why && [why.scrollWidth, why.clientWidth, roll.clientWidth, c.clientWidth, getComputedStyle(roll).fontSize]}; });"
            "return {cards, status: document.getElementById('status').textContent,"
            " banner: document.getElementById('final-text').textContent,"
            " screen: window.innerHeight, page: document.documentElement.scrollHeight};")
        for c in r["cards"]:
            if not c["recorded"]:
                assert re.fullmatch(r"(Unfinished|Not recorded): server stopped", c["text"]) and c["whole"], \
                    f"{where}: game {c['n']}'s card is not said unfinished, whole: {c}"
        unrecorded = sum(1 for c in r["cards"] if not c["recorded"])
        assert unrecorded, f"{where}: no card left unfinished: {r}"
        # The banner names the unfinished games and, when the boards show other than those, the
        # games they show, each said finished or not: "4 games finished · 2 games unfinished (1
        # shown, and 1 finished): the server stopped" contradicted itself and named no game.
        # (A phone's names only the boards that finished, each unfinished board saying so.)
        m = re.fullmatch(r"Server stopped: (\d+) (?:games? )?finished, (\d+) unfinished(?: \(games? ([^;)]+)"
                         r"(?:; (?:the boards show )?(.*))?\))?\.", r["banner"])
        assert m, f"{where}: the banner does not say plainly what stopped: {r['banner']!r}"
        nums = lambda words: {n for a, b in re.findall(r"(\d+)(?:–(\d+))?", words or "")
                              for n in range(int(a), int(b or a) + 1)}
        left = nums(m.group(3))
        assert len(left) == int(m.group(2)), f"{where}: the banner counts {m.group(2)} unfinished, names {left}"
        cards_left = {int(c["n"]) for c in r["cards"] if not c["recorded"]}
        cards_done = {int(c["n"]) for c in r["cards"] if c["recorded"]}
        assert cards_left <= left, f"{where}: cards {cards_left} unfinished, the banner names {left}"
        if m.group(4) and width < 700:
            assert nums(m.group(4)) == cards_done and m.group(4).endswith(" finished"), \
                f"{where}: the banner says {m.group(4)!r} of the boards: {cards_done} finished"
        elif m.group(4):
            assert nums(m.group(4)) == cards_left | cards_done and (not cards_done or "finished" in m.group(4)), \
                f"{where}: the banner says the boards show {m.group(4)!r}: {cards_left} unfinished, {cards_done} finished"
        else:
            assert (width < 700 or cards_left == left) and not cards_done, \
                f"{where}: the banner names no board, which show {cards_left} unfinished, {cards_done} finished: {r['banner']!r}"
        # The header counts the same, short at every size (the banner says it in full, once).
        short = f"stopped · {m.group(1)} finished · {m.group(2)} unfinished"
        assert r["status"] == short, \
            f"{where}: the header does not match the banner: {r['status']!r} / {r['banner']!r}"
        if width >= 700:
            assert r["page"] <= r["screen"], f"{where}: the page scrolls: {r['page']} > {r['screen']}"
        # A stopped match starts no game: the heading no longer says that a new game takes an
        # ended game's place.
        hint = d.execute_script("const h = document.getElementById('order-hint'); return h.hidden ? '' : h.textContent;")
        assert not hint, f"{where}: a stopped page still says {hint!r}"
        if width < 700:
            # A phone keeps its leader line, and the stopped match's box is a line or two (one
            # of five lines pushed the boards down 133 px).
            box = d.execute_script(
                "const s = document.getElementById('summary'), f = document.getElementById('final');"
                "return {lead: s.hidden ? '' : s.innerText, shown: s.getBoundingClientRect().height,"
                " box: Math.round(f.getBoundingClientRect().height),"
                " lines: (() => { const t = document.getElementById('final-text'), c = getComputedStyle(t);"
                "  return Math.round(t.getBoundingClientRect().height / (parseFloat(c.lineHeight) || 1.2 * parseFloat(c.fontSize))); })()};")
            assert box["lead"] and box["shown"] > 0 and box["lines"] <= 2 and box["box"] <= 70, \
                f"{where}: the stopped view's leader line or box: {box}"
        hold_still(d)
        d.save_screenshot(os.path.join(OUT, f"live-stopped-hall-{width}.png"))
        print(f"live page, {where}: {unrecorded} cards unfinished, header '{r['status']}'")


def leader_line_fits(d, where):
    """The phone's leader line: its names whole in their box (never cut by the box's own
    ellipsis, which left a gap before "with"), and a name cut only where the line is full."""
    r = d.execute_script(
        "const s = document.getElementById('summary'), n = s.querySelector('.names');"
        "if (!n) return null; const range = document.createRange(); range.selectNodeContents(n);"
        "const to = s.querySelector('.to-table').getBoundingClientRect();"
        "return {text: s.textContent, words: range.getBoundingClientRect().width, box: n.getBoundingClientRect().width,"
        " cut: [...n.querySelectorAll('.nm')].some((x) => x.textContent.endsWith('…')),"
        " least: Math.min(99, ...[...n.querySelectorAll('.nm')].filter((x) => x.textContent.endsWith('…')).map((x) => x.textContent.length - 1)),"
        " room: s.getBoundingClientRect().right - to.right};")
    if r:
        assert r["words"] <= r["box"] + 0.5, f"{where}: the leader line's names are cut by their box: {r}"
        assert not r["cut"] or r["room"] < 8, f"{where}: a leader's name cut with room to spare: {r}"
        # Leaders whose names cannot each keep four letters are counted ("4 players share the
        # lead"), never listed as "bob, ewn, gr…, r".
        assert r["least"] >= 4, f"{where}: a leader's name cut to fewer than four letters: {r}"


def boards_first_on_a_phone(games=8):
    """Eight games at once on a phone (390x844): the boards come first, the top of the first and
    its die line on the first screen, above them one line
    naming the leader with a link to the standings, which come after the cards with the
    finished games; an opened move list is whole in the page (no box of its own that scrolls);
    and no sideways scroll."""
    where = f"{games} games at 390x844"
    args = ["match", "--engine", "self", "name=alice", "--engine", "self", "name=bob",
            "--games", str(2 * games), "--concurrency", str(games), "--movetime", "250",
            "--grace", "5000", "--live-linger", "2"]
    with live_match(args, 390, 844) as (d, _, match):
        all_running(d, games, where)
        seen = d.execute_script(
            "const doc = document.documentElement;"
            "const box = (id) => document.getElementById(id).getBoundingClientRect();"
            "const card = document.querySelector('#games .game');"
            "return {screen: window.innerHeight, width: doc.scrollWidth, inner: doc.clientWidth,"
            " standings: box('standings-h').top, finished: box('finished-h').top,"
            " lastCard: [...document.querySelectorAll('#games .game')].pop().getBoundingClientRect().bottom,"
            " boardTop: card.querySelector('.board').getBoundingClientRect().top,"
            " numbers: [...document.querySelectorAll('#games .game')].map((c) => Number(c.id.replace('game-', '')))};")
        assert seen["boardTop"] <= seen["screen"] / 2, f"{where}: the first board starts low: {seen}"
        assert seen["standings"] >= seen["lastCard"] and seen["finished"] >= seen["lastCard"], \
            f"{where}: the standings come before a card: {seen}"
        assert seen["width"] <= seen["inner"], f"{where}: the page scrolls sideways: {seen}"
        d.save_screenshot(os.path.join(OUT, f"live-{games}-games-390.png"))
        let_go(d)
        # Once a game has finished: the leader's line with its link, and the first card's die
        # line still on the first screen.
        wait_for(f"{where}: a finished game", lambda: d.find_elements(By.CSS_SELECTOR, "#finished button.mv"))
        wait_for(f"{where}: the leader's line", lambda: d.execute_script(
            "const s = document.getElementById('summary');"
            "return s.getBoundingClientRect().height > 0 && /^Leading/.test(s.textContent)"
            " && s.querySelector('a[href=\"#standings-h\"]');"))
        roll = d.execute_script("return document.querySelector('#games .game .roll').getBoundingClientRect().bottom;")
        assert roll <= 844, f"{where}: the first card's die line is below the first screen ({roll} px)"
        leader_line_fits(d, where)
        # The leader's line is drawn again only when its words change (drawn on every view, its
        # link was replaced about twice a second and a tap on it lost): over four views, each
        # drawing says something new.
        d.execute_script(
            "window.leadDrawn = []; window.ewnVersion = Number(document.body.dataset.version);"
            "new MutationObserver(() => window.leadDrawn.push(document.getElementById('summary').textContent))"
            ".observe(document.getElementById('summary'), {childList: true});")
        wait_for(f"{where}: four more views", lambda: d.execute_script(
            "return Number(document.body.dataset.version) >= window.ewnVersion + 4"
            " || document.body.classList.contains('ended');"))
        drawn = d.execute_script("return window.leadDrawn;")
        again = [a for a, b in zip(drawn, drawn[1:]) if a == b]
        assert not again, f"{where}: the leader's line drawn again unchanged: {again[:2]} ({len(drawn)} drawings)"
        # An opened move list is whole in the page.
        button = d.find_element(By.CSS_SELECTOR, "#finished button.mv")
        d.execute_script("arguments[0].scrollIntoView({block: 'center'})", button)
        button.click()
        n = button.get_attribute("data-game")
        box = d.execute_script(
            "const w = document.getElementById('finished-wrap');"
            "return {scroll: w.scrollHeight, client: w.clientHeight};")
        assert box["scroll"] <= box["client"] + 1, f"{where}: game {n}'s moves in a box that scrolls: {box}"
        d.save_screenshot(os.path.join(OUT, f"live-{games}-games-390-moves.png"))
        print(f"live page, {where}: the first board and its die line on the first screen,"
              " standings after them")


def news_keeps_up():
    """Three engines, eight games at once, paced, at 1280x800 (`news_keeps_up`): each game's end
    is on the status line within a second of its row in the finished games (the line once told
    game 1 while the table already marked games 8, 5 and 2), each end stays there 2.4 s or more
    unless newer ends join it, none told twice; and a finished game's moves opened low in the
    side panel are scrolled into its view, the boards not moving. In a hall's layout (five games
    or more across the width, the tables below the boards: no panel of its own to scroll) the
    finished table shows the rows that fit, and a shown row's opened moves come into the
    screen's view and stay there as new rows come above it."""
    width, height = 1280, 800
    where = f"the news of a hall of eight at {width}x{height}"
    args = ["match", "--engine", "self", "name=Alphabetic", "--engine", "greedy", "name=Brilliance",
            "--engine", "random", "name=Chancellor", "--tournament", "round-robin", "--games", "8",
            "--concurrency", "8", "--movetime", "50", "--pace", "1500", "--live-linger", "2"]
    with live_match(args, width, height) as (d, _, match):
        d.execute_script(
            "window.samples = []; window.newsSeen = [];"
            "setInterval(() => { const t = document.getElementById('status').textContent;"
            " window.samples.push([performance.now(), t, [...document.querySelectorAll('#finished button.mv')]"
            "  .map((b) => Number(b.dataset.game))]);"
            " const m = / · (games?(?: [^:·]+)? ended(?:: .*)?)$/.exec(t); const n = window.newsSeen, news = m ? m[1] : '';"
            " if (!n.length || n[n.length - 1][1] !== news) n.push([performance.now(), news]); }, 50);")
        wait_for(f"{where}: six games finished", lambda: d.execute_script(
            "return document.querySelectorAll('#finished button.mv').length >= 6;"))
        time.sleep(3)
        # The last row's moves opened: in the side panel's view, the boards where they were.
        boards = d.execute_script(
            "return [...document.querySelectorAll('#games .board')].map((b) => Math.round(b.getBoundingClientRect().top));")
        hold_still(d)
        hall = d.execute_script("return document.body.classList.contains('hall');")
        # The view the opened moves must stay in: the side panel's, or in a hall the screen's.
        view = ("const p = [0, window.innerHeight];" if hall else
                "const q = document.querySelector('.side-panel').getBoundingClientRect(), p = [q.top, q.bottom];")
        buttons = [b for b in d.find_elements(By.CSS_SELECTOR, "#finished button.mv") if b.is_displayed()]
        d.execute_script("const p = document.querySelector('.side-panel'); p.scrollTop = p.scrollHeight;")
        n = buttons[-1].get_attribute("data-game")
        buttons[-1].click()
        r = d.execute_script(
            f"const row = document.getElementById('moves-{n}').getBoundingClientRect(); {view}"
            "return {row: [row.top, row.bottom], panel: p, page: window.scrollY,"
            " boards: [...document.querySelectorAll('#games .board')].map((b) => Math.round(b.getBoundingClientRect().top))};")
        let_go(d)
        assert r["row"][1] <= r["panel"][1] + 1 and r["row"][0] >= r["panel"][0] - 1, f"{where}: game {n}'s opened moves out of the panel's view: {r}"
        assert hall or (r["page"] == 0 and r["boards"] == boards), f"{where}: opening the moves moved the boards: {boards} to {r}"
        # ... and kept in view while new games' rows come above it (each pushed it down a row,
        # under the panel's bottom edge), as long as the reader does not scroll.
        d.execute_script("window.ewnVersion = Number(document.body.dataset.version);")
        wait_for(f"{where}: three more views", lambda: d.execute_script(
            "return Number(document.body.dataset.version) >= window.ewnVersion + 3 || document.body.classList.contains('ended');"))
        r = d.execute_script(
            f"const row = document.getElementById('moves-{n}').getBoundingClientRect(); {view}"
            "return {row: [row.top, row.bottom], panel: p, ended: document.body.classList.contains('ended')};")
        if not r["ended"]:
            assert r["row"][1] <= r["panel"][1] + 1 and r["row"][0] >= r["panel"][0] - 1, \
                f"{where}: game {n}'s opened moves pushed out of the panel's view: {r}"
        samples = d.execute_script("return window.samples;")
        seen = d.execute_script("return window.newsSeen;")
    in_table, told = {}, {}
    for t, status, nums in samples:
        for g in nums:
            in_table.setdefault(g, t)
        for g in ended_games(status.split(" · ", 2)[-1]):
            told.setdefault(g, t)
    first = samples[0][2] if samples else []
    late = {g: round(told.get(g, 1e12) - t) for g, t in in_table.items() if g not in first and told.get(g, 1e12) - t > 1000}
    assert not late, f"{where}: ends told late or never on the status line (ms after their row): {late}"
    news_held(seen, where)
    news_once([x for _, x in seen], where)
    print(f"live page, {where}: {len(in_table)} ends each told as its row came, opened moves in view")

LONG_NAMES = ("Grandmaster_Alpha", "GreedyBaselinePlayer", "RandomMoverExtraordinaire", "MonteCarloTreeSearch")


def places_kept(width, height, args, where):
    """A hall watched at width x height, every 100 ms from its first card to its final screen:
    a game's card keeps its place in the grid (left and top from the grid's own corner) from
    when it appears until it goes; no card moves as games start late (eight at once once put
    Game 3 before Game 5, which moved), as games end (a phone sorted its cards by number: Game 5
    went from 867 px to 178 px) or as a card's moves line wraps onto a second line and back (the
    cards below moved by a line). And each end on the status line is a sentence with its verb, a
    game without its card yet is counted as playing, and the finished games' marked rows have
    a key. Nor does a board change its size (six blackhole games: a card that said a cube fell
    into the hole grew by that line, and every board shrank from 239 to 228 px and moved beside
    its names for the rest of the match)."""
    with live_match(args, width, height) as (d, _, match):
        d.execute_script(
            "window.placeSeen = {}; window.placeMoved = []; window.placeHigh = {};"
            "window.placeTimer = setInterval(() => {"
            " if (document.body.classList.contains('ended')) return;"
            " const grid = document.getElementById('games').getBoundingClientRect();"
            " for (const c of document.querySelectorAll('#games .game')) {"
            "  const r = c.getBoundingClientRect(), b = c.querySelector('.board').getBoundingClientRect();"
            "  const at = [Math.round(r.left - grid.left), Math.round(r.top - grid.top), Math.round(b.width)];"
            "  const was = window.placeSeen[c.id];"
            "  if (was && (Math.abs(was[0] - at[0]) > 1 || Math.abs(was[1] - at[1]) > 1 || Math.abs(was[2] - at[2]) > 1))"
            "   window.placeMoved.push([Math.round(performance.now()), c.id, was, at]);"
            "  window.placeSeen[c.id] = at;"
            # The card's and its die line's heights while it plays and once ended: a line said in
            # smaller type made an ended card 2 px shorter, moving the cards below it.
            "  const roll = c.querySelector('.roll'), k = c.classList.contains('ended-game') ? 'end' : 'play';"
            "  if (roll) (window.placeHigh[c.id] = window.placeHigh[c.id] || {})[k] ="
            "   [Math.round(r.height * 10) / 10, Math.round(roll.getBoundingClientRect().height * 10) / 10]; } }, 100);"
            "window.endsSaid = new Set(); new MutationObserver(() => {"
            " const t = document.getElementById('status').textContent; if (/ ended: /.test(t)) window.endsSaid.add(t);"
            " if (/ waiting/.test(t)) window.waitingSaid = t; })"
            ".observe(document.getElementById('status'), {subtree: true, childList: true, characterData: true});")
        wait_for(f"{where}: the final screen", lambda: d.execute_script(
            "return document.body.classList.contains('ended');"))
        time.sleep(0.5)
        final_standings_whole(d, where)
        moved = d.execute_script("return window.placeMoved;")
        said = d.execute_script("return [...window.endsSaid];")
        waiting = d.execute_script("return window.waitingSaid || '';")
        key = d.execute_script("return document.getElementById('finished-h').textContent;")
        seen = d.execute_script("return Object.keys(window.placeSeen).length;")
        high = d.execute_script("return window.placeHigh;")
        d.save_screenshot(os.path.join(OUT, f"live-places-{width}.png"))
    assert seen >= 2, f"{where}: only {seen} cards seen"
    # A card as high, and its die line as high, once its game ended as while it played.
    ended = {c: h for c, h in high.items() if "play" in h and "end" in h}
    grown = {c: h for c, h in ended.items() if any(abs(a - b) > 0.5 for a, b in zip(h["play"], h["end"]))}
    print(f"live page, {where}: {len(ended)} cards seen playing and ended, {len(grown)} of another height ended"
          f" (card, die line px): {dict(list(grown.items())[:4])}")
    assert ended and not grown, f"{where}: cards of another height once ended (card, die line px): {grown}"
    # The status line tells each end as a sentence with "won" (or "no winner"), long names
    # shortened rather than the verb dropped ("games ended: games 2, 7, 8 Grandmaster_Alpha").
    verbless = [t for t in said if not all(" won" in part or part.startswith("no winner")
                                           for part in t.split(" ended: ", 1)[1].split("; "))]
    # A game without its card yet is counted playing, shown next ("0 playing · 2 waiting" over
    # four ended boards read as if nothing ran); the finished games' heading says what their
    # marked rows are.
    assert not waiting, f"{where}: the counts say a game is waiting: {waiting!r}"
    assert "just ended" in key, f"{where}: no key to the finished games' marked rows: {key!r}"
    assert not moved and not verbless and said, (
        f"{where}: {len(moved)} moves of a card in the grid (ms, card, from, to), e.g. {moved[:4]};"
        f" {len(verbless)} of {len(said)} ends told without their verb, e.g. {verbless[:2]}")
    print(f"live page, {where}: each of {seen} cards kept its place while shown; {len(said)} ends told, each with its verb")


def places_kept_all():
    """Places kept on a phone (blackhole, games quick to end) and on a wide screen."""
    places_kept_phone()
    places_kept_wide()
    places_kept_falls()


def places_kept_falls():
    places_kept(1280, 800, ["--variant", "blackhole", "match", "--engine", "greedy", f"name={LONG_NAMES[1]}",
                            "--engine", "self", f"name={LONG_NAMES[0]}", "--games", "12", "--concurrency", "6",
                            "--movetime", "100", "--pace", "250", "--live-linger", "2"], "blackhole, six at once at 1280x800")


def places_kept_phone():
    places_kept(390, 844, ["--variant", "blackhole", "match", "--engine", "greedy", f"name={LONG_NAMES[1]}",
                           "--engine", "self", f"name={LONG_NAMES[0]}", "--games", "16", "--concurrency", "8",
                           "--movetime", "100", "--pace", "250", "--live-linger", "2"], "blackhole, eight at once at 390x844")


def places_kept_wide():
    places_kept(1280, 800, ["match", "--engine", "greedy", f"name={LONG_NAMES[1]}", "--engine", "self",
                            f"name={LONG_NAMES[0]}", "--games", "16", "--concurrency", "8",
                            "--movetime", "100", "--pace", "300", "--live-linger", "2"], "standard, eight at once at 1280x800")


def eight_boards_readable():
    """Eight games at once at 1280x800 among players of 17 to 25 letters: the boards take the
    room (220 px or more; beside a side panel of 360 px they were 186 px, their digits 14.5 px),
    every card whole on the screen, the page scrolling neither way, and each name in the
    standings whole (wrapped where it is long, never cut)."""
    where = "eight games of long names at 1280x800"
    args = long_name_round_robin(4, 300, 400, 2, concurrency=8)
    with live_match(args, 1280, 800) as (d, _, _match):
        all_running(d, 8, where)
        wait_for(f"{where}: the standings", lambda: d.find_elements(By.CSS_SELECTOR, "#table th"))
        seen = d.execute_script(
            "const doc = document.documentElement;"
            "return {height: doc.scrollHeight, screen: window.innerHeight, width: doc.scrollWidth, inner: doc.clientWidth,"
            " hall: document.body.classList.contains('hall'), cards: [...document.querySelectorAll('#games .game')].map((c) => ({bottom: c.getBoundingClientRect().bottom,"
            "  right: c.getBoundingClientRect().right, board: c.querySelector('.board').getBoundingClientRect().width})),"
            " names: [...document.querySelectorAll('#table th')].map((c) => [c.textContent, c.scrollWidth, c.clientWidth])};")
        d.save_screenshot(os.path.join(OUT, "live-8-long-names-1280.png"))
        # (The tables below the boards, every card on the first screen.)
        assert (seen["height"] <= seen["screen"] or seen["hall"]) and seen["width"] <= seen["inner"], f"{where}: the page scrolls: {seen}"
        for c in seen["cards"]:
            assert c["bottom"] <= seen["screen"] and c["right"] <= seen["inner"], f"{where}: a card off the screen: {c}"
            assert c["board"] >= 220, f"{where}: a board of {c['board']:.0f} px, not 220 or more"
        assert len(seen["names"]) == 4, f"{where}: the standings name {seen['names']}"
        for name, scroll, client in seen["names"]:
            assert scroll <= client, f"{where}: {name} cut in the standings ({scroll} > {client} px)"


def main():
    only = os.environ.get('LIVE_ONLY')
    if only:
        for name in only.split(","):
            module = next((m for m in (live_keys, live_alone, live_larger, live_room, live_places, live_names, live_cards, live_crowd, live_apart, live_sizes,
                                        live_results, live_hall, live_legible, live_type, live_wide, live_cut, live_top, live_words, live_ends, live_whole) if hasattr(m, name)), None)
            if module:
                getattr(module, name)(sys.modules[__name__])
            else:
                globals()[name]()
        return
    live_keys.all_checks(sys.modules[__name__])
    live_hall.all_checks(sys.modules[__name__])
    live_room.all_checks(sys.modules[__name__])
    live_names.all_checks(sys.modules[__name__])
    live_cards.all_checks(sys.modules[__name__])
    live_crowd.ended_give_way(sys.modules[__name__])
    live_crowd.phone_opens_at_top(sys.modules[__name__])
    live_crowd.long_names_cut_cleanly(sys.modules[__name__])
    live_apart.names_told_apart(sys.modules[__name__])
    live_apart.news_stays(sys.modules[__name__])
    live_apart.names_never_box_cut(sys.modules[__name__])
    live_apart.names_break_between_words(sys.modules[__name__])
    live_sizes.all_checks(sys.modules[__name__])
    live_places.every_game_shown(sys.modules[__name__])
    live_places.paced_ends_seen(sys.modules[__name__])
    live_alone.all_checks(sys.modules[__name__])
    live_larger.all_checks(sys.modules[__name__])
    live_places.ends_held(sys.modules[__name__])
    live_places.long_names_whole(sys.modules[__name__])
    live_places.backrank_key_whole(sys.modules[__name__])
    live_places.phone_final_boards(sys.modules[__name__])
    live_places.eight_boards_headers(sys.modules[__name__])
    live_places.first_words_starting(sys.modules[__name__])
    live_results.results_say_who(sys.modules[__name__])
    live_results.alone_names_whole(sys.modules[__name__])
    live_legible.all_checks(sys.modules[__name__])
    live_type.all_checks(sys.modules[__name__])
    live_wide.all_checks(sys.modules[__name__])
    live_cut.all_checks(sys.modules[__name__])
    live_top.all_checks(sys.modules[__name__])
    live_words.all_checks(sys.modules[__name__])
    live_ends.all_checks(sys.modules[__name__])
    live_whole.all_checks(sys.modules[__name__])
    eight_boards_readable()
    places_kept_all()
    final_screen_room(1280, 800, ["match", "--engine", "self", "--opponent", "greedy", "--games", "3",
                                  "--movetime", "20", "--live-linger", "20"])
    final_screen_room(390, 844, ["match", "--engine", "self", "--engine", "greedy", "--engine", "random",
                                 "--engine", "mcts:300", "--tournament", "round-robin", "--games", "1",
                                 "--movetime", "20", "--live-linger", "20"])
    news_keeps_up()
    ends_together()
    stopped_halls()
    server_stops(1280, 800)
    server_stops(390, 844)
    opened_before_the_games(1280, 800)
    long_name_hall(1280, 800)
    long_name_hall(390, 844)
    steady_hall()
    ends_are_seen(1280, 800)
    boards_first_on_a_phone()
    names_and_endings()
    # Names of ten letters, whole on eight cards across a 1280-wide screen.
    crowd(8, 1280, 800, names=("Wilhelmina", "Alessandro"))
    crowd(3, 1280, 800)
    long_name_on_a_phone()
    watch("6x6", 1280, 800, True)
    watch("3x3", 390, 844, False)
    watch("3x3", 1280, 800, False)
    watch("blackhole", 1280, 800, False)
    watch("blackhole", 390, 844, False)
    print("live page: every variant drawn at its size, updated move by move, final screen kept")


main()
