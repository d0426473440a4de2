"""Real-browser test of `ewn gui`: headless Chromium plays the arena by clicking and by keys.

Usage: gui_browser.py URL OUTDIR AXE_JS   (scripts/gui-browser.sh starts the server and calls this)

First the journey of a new player from an untouched page, at 1280x800 by clicks and at 390x844 by
keys: the game the arena opens with is played to its end (the engine answers every move), four
quick arrow presses step four plies (the status line then says "After move k of n", as the step
counter reads k / n), the game is reviewed, and Rematch swaps the colours, while New game still
offers the person's own seats (also on the page opened again).
Then flows, on a 1280x800 window: a full game against the engine (a move typed on the keyboard, one
made with the arrow keys and Enter, steps back and forward after which the engine answers on its
own, a take-back that is announced), Rematch (where Undo has nothing of the person's to take
back), a watched engine game with pause and step, a typed die corrected, the review of a loaded
record that marks mistakes and fills the graph; then what a new player trips over: a move at a
past position of the finished game starts a side line and the game, its result and review stay;
a click on one's own cube never takes it by accident; double clicks do nothing twice; notes show
right under the board, in view, clear of the bars; Pause shows and voids an engine's choice; graph and review list select the
same decision, where the game's die and the played move are shown; boards of other sizes draw;
a 3x3 and a 6x6 game (typed setups of ten cubes, two dice) picked in the form, a few moves each,
and a forced pass in backrank played with the Pass button.
New journeys: play mode holds the analysis until asked and shows it at the end; the address bar's
address opened in a new tab keeps control, and in another browser says it only watches and how
to play; the third game of a record of three is picked and loaded; arrow keys pressed as fast as
a held key repeats step through a whole game and back, a ply a press; a 6x6 roll shows both dice;
a record's game lost on time opens over (who won, how, the referee's words, no roll) and its other
game loads without asking; How to play names the game's first side and never speaks of passing in
the standard game; Start game and a loaded record keep the status line in view with the board.
Then a game on a 390x844 phone window that asks for reduced motion (nothing may animate), where a
review entry brings the board into view (and the review is a link away, right after the board), the
status keeps within its two lines while an arrow key steps through a game (the board never jumps), and the
3x3 and 6x6 games again. Screenshots and checks that read where things are wait until nothing on
the board moves. axe-core scans the page on both: no serious or critical
violation may remain.

What a new player reported, each from a fresh page at the size where it was seen: the legend
names the cube the last move took, as its badge does (game 3 of a six-game match record: ✕6, not
cube 2); a record of six games says "Game k of 6" by the board, in view after loading,
with previous, next and a list that load games; Rematch after a record of two engines says what
each seat became, waits, and Play Blue gives the person a seat; Show analysis lasts for one game
and never turns the switch (nor does V); on a phone the status line is whole (never an
ellipsis) with the board still, and Review keeps its card's heading in view while it runs.

What a second new player reported, at the size where it was seen: on a phone a hint's note moves
neither Roll nor Blue's bar, Start game and a loaded record leave the page at its top with the
focus on Roll (or the board), and the board stays put through a reviewed game (status on two
lines, bars on one) with the legend naming only the arrows drawn; at 1280x800 the same focus and
scroll, Copy link on a record's game says the link holds the position, not the record, and a side
line played from a review shows its analysis in view.

Between them, journeys with a record: at 1280x800 board, die, move list and step buttons in view
without scrolling; Rematch of a record whose engine the arena does not know keeps it an engine;
the New game form offers a playable game after a record (also on a page opened afresh); the
game's own move replayed at a step back steps forward. A watch-only page shows a banner above
the board and nothing to move, and neither a rematch's note nor the prompt to show the analysis.

And from a later report: at 1280x800 a link's question over an unfinished game stands beside
the board, which stays whole in view; on a phone a loaded finished game leaves the keyboard on
Review game (no frame on an empty square), and Tab goes through the controls in the order they
are seen (Roll before the record's games).

And from the next report, at 1280x800: a link copied at a record's game 3 and opened in a new tab
over its game 5 asks beside the board (rank 1 and Blue's bar in view); a side line keeps the
game's later captures in the move list ("×", "took …"); Enter on a move-list entry of a finished
game leaves the keyboard on it; at a marked decision the green arrow and the analysis table's
highlighted row are the same best move; a record's engine seat is whole on its bar.

And from the ninth, at 390x844 and 1280x800: a record of twenty games says "Game 12 of 20" whole
between ‹ and ›; a nodice game starts with the keyboard on a cube that can move, and Enter on an
empty square says what to pick; after a 6x6 roll the win-chance bar says the table's best move's
chance; while "Replace it?" is open a click on Roll or a cube does nothing and the question names
the 3x3 game it replaces; End and Home on a move-list entry go to the game's end and start.

And from the tenth, at 1280x800 and 390x844: a link's "Replace it?" says its position in words
(who moves, each side's cubes), the position string only in its tooltip; on a phone no empty band
is kept above the move list (a note stands over the screen's foot, over neither the board nor a
bar nor the turn's buttons) and the list's first entry is on the first screen; Analysis ↓ on the
Move row brings the analysis to the screen's top; How to play says that taking one's own cube can
be best, and a note says so when the engine does it; the own capture's ✕ covers no label.

It waits for elements instead of sleeping, fails with a message that says what it waited for
(and a screenshot of that moment), and saves screenshots to OUTDIR.
The journeys live in scripts/arena_journeys/: `driver` (the browser, waits, clicks, screenshots,
axe-core, the layout checks, and URL, OUT and AXE_JS), `records` (the records loaded), `opening`,
`reports` and `later_reports` (the new players' reports), `desktop`, `variants` and `phone`.
"""

import sys

from arena_journeys import driver
from arena_journeys.desktop import desktop
from arena_journeys.later_reports import (eighth_players_report, fourth_players_report,
    ninth_players_report, seventh_players_report)
from arena_journeys.opening import opening, record_journeys
from arena_journeys.phone import phone
from arena_journeys.reports import new_players_report, second_players_report


def review_steps_keep_their_place(d, width):
    """Stepping through a reviewed game moves neither the step buttons nor Blue's bar: the
    marked decision's line stands over the bar above the board (in the page's flow it pushed
    them 48 px down and back, the step buttons off a phone's first screen)."""
    load_record_text(d, REVIEWED)
    wait(d, "the loaded record", lambda d: ply_count(d) == 19 and idle(d))
    click(d, "review")
    wait(d, "the review's marked moves", lambda d: d.find_elements(By.CSS_SELECTOR, "#review-marked li") and idle(d))
    # The review's card is kept in view a moment after the review: then the page is the person's.
    wait(d, "the review's heading let go", lambda d: js(d, "reviewPin === 0 || Date.now() > reviewPin + 100"))
    # Every decision of the game (its last position, the game's end, has the end bar instead
    # of the turn's row), with the page at its top, where the steps are seen.
    places, marked = set(), 0
    d.execute_script("window.scrollTo(0, 0)")
    for ply in range(ply_count(d)):
        navigate_to(d, ply)
        wait(d, f"move {ply} drawn", idle)
        board_still(d)
        wait(d, "the page at its top", lambda d: js(d, "scrollY") == 0 or d.execute_script("window.scrollTo(0, 0)"))
        marked += d.find_element(By.ID, "decision").is_displayed()
        places.add(tuple(round(js(d, f"document.getElementById('{id_}').getBoundingClientRect().top + scrollY"))
                         for id_ in ("nav-first", "bar-blue", "board")))
        bottom = js(d, "document.getElementById('nav-first').getBoundingClientRect().bottom")
        assert bottom <= js(d, "innerHeight"), f"at move {ply} of the review the step buttons end at {bottom}, below the first screen"
    assert marked, "no marked decision's line was shown while stepping through the review"
    assert len(places) == 1, f"the step buttons, Blue's bar or the board moved while stepping at {width}: {sorted(places)}"
    print(f"review at {width}: the step buttons and the bars stay put through {ply_count(d)} steps, "
          f"{marked} marked lines shown (step row at {places.pop()[0]} px)")


def enter_on_empty_square_in_standard(d):
    """Standard game, rolled, nothing picked by the person: Enter on an empty square that is no
    target says what can move (it said nothing when the die left one cube, picked for one)."""
    new_game(d, ("human",), ("ewn", 2, 50), 5)
    wait(d, "Roll offered", lambda d: enabled(d, "roll"))
    click(d, "roll")
    wait(d, "the die rolled", lambda d: js(d, "S.die") is not None and js(d, "mayMove()") and idle(d))
    empty = js(d, "[...Array(S.squares.length).keys()].find((i) => !S.squares[i]"
                  " && !S.legal.some((m) => m.slice(2) === sqName(i)))")
    d.execute_script("focusSquare(arguments[0])", empty)
    d.switch_to.active_element.send_keys(Keys.ENTER)
    said = wait(d, "the note on Enter on an empty square", lambda d: "Nothing to pick" in note_shown(d) and note_shown(d))
    assert ply_count(d) == 0, "Enter on an empty square played a move"
    print(f"keys: Enter on an empty square of the standard game says {said!r}")


def keys_at_the_end_and_on_steps(d):
    """A game ended from the board by keys leaves the keyboard on Rematch; End and Home on a
    step button go to the end and the start; on a move-list entry the focus follows."""
    load_position(d, "5/5/5/4B1/3R11 r", "nodice")
    focus_square_named = "focusSquare(geo().index(arguments[0]))"
    d.execute_script(focus_square_named, "d1")
    d.switch_to.active_element.send_keys(Keys.ENTER)
    wait(d, "d1 picked", lambda d: js(d, "selected") == "d1")
    d.execute_script(focus_square_named, "e1")
    d.switch_to.active_element.send_keys(Keys.ENTER)
    wait(d, "the game's end", over)
    wait(d, "the keyboard on Rematch", lambda d: js(d, "document.activeElement.id") in ("rematch", "review-end"))
    load_record_text(d, REVIEWED)
    wait(d, "the loaded record", lambda d: ply_count(d) == 19 and idle(d))
    navigate_to(d, 5)
    d.execute_script("document.getElementById('nav-fwd').focus()")
    d.switch_to.active_element.send_keys(Keys.END)
    wait(d, "End on a step button: the end, the focus on a step", lambda d: ply_pos(d) == 19 and idle(d)
         and js(d, "document.activeElement.id") == "nav-back")
    d.switch_to.active_element.send_keys(Keys.HOME)
    wait(d, "Home on a step button: the start", lambda d: ply_pos(d) == 0 and idle(d)
         and js(d, "document.activeElement.id") == "nav-fwd")
    navigate_to(d, 5)
    entry = d.find_element(By.CSS_SELECTOR, "#moves li button[data-ply='5']")
    d.execute_script("arguments[0].focus()", entry)
    d.switch_to.active_element.send_keys(Keys.END)
    wait(d, "End on an entry: the focus on the last entry", lambda d: ply_pos(d) == 19 and idle(d)
         and js(d, "document.activeElement.dataset.ply") == "19")
    print("keys: Rematch after a game ended by keys; End and Home on the steps; the list's focus follows End")


def phone_rows_stay_put(d):
    """390x844: a 6x6 roll keeps the turn's row one line (the dice's box no wider than one
    die's); How to play keeps one line in every variant, the board where it is; a note keeps
    clear of the Copy button just pressed at the screen's foot."""
    new_game(d, ("human",), ("ewn", 2, 50), 11, variant="6x6")
    wait(d, "Roll offered", lambda d: enabled(d, "roll"))
    before = d.find_element(By.ID, "turnbar").rect["height"]
    click(d, "roll")
    wait(d, "the two dice", lambda d: js(d, "S.die") is not None and "+" in d.find_element(By.ID, "die").text)
    board_still(d)
    after = d.find_element(By.ID, "turnbar").rect["height"]
    assert after <= before + 1, f"a 6x6 roll made the turn's row {after} px high, not {before}"
    tops = {}
    for name in ("standard", "nodice", "blackhole", "backrank"):
        new_game(d, ("human",), ("human",), variant=name)
        d.execute_script("window.scrollTo(0, 0)")
        board_still(d)
        tops[name] = round(d.find_element(By.ID, "board").rect["y"])
        summary = d.find_element(By.CSS_SELECTOR, "#rules summary")
        assert name == "standard" or name in summary.text, f"How to play does not name {name}: {summary.text!r}"
    assert len(set(tops.values())) == 1, f"the board's top differs by variant: {tops}"
    load_record_text(d, REVIEWED)
    wait(d, "the loaded record", lambda d: ply_count(d) == 19 and idle(d))
    navigate_to(d, 3)
    board_still(d)
    for id_ in ("copy-link", "copy-pos"):
        button = d.find_element(By.ID, id_)
        d.execute_script("window.scrollTo(0, arguments[0].getBoundingClientRect().bottom + scrollY - innerHeight + 12)", button)
        wait(d, "the page to stop scrolling", scroll_settled)
        button.click()
        wait(d, f"the note on {id_}", lambda d: "Copied" in note_shown(d))
        n, b = (js(d, f"(() => {{ const r = document.getElementById('{x}').getBoundingClientRect(); return [r.top, r.bottom]; }})()")
                for x in ("error", id_))
        assert n[1] <= b[0] or b[1] <= n[0], f"the note {n} covers {id_} {b} just pressed"
    print(f"phone: one turn row after a 6x6 roll ({after} px), the board at {tops['standard']} px in every variant, "
          "the note clear of the Copy buttons")


def eleventh_players_report():
    """What an eleventh new player reported, at 1280x800 and 390x844: stepping through a
    review never moves the step buttons; Enter on an empty square of the standard game says
    what can move; a game ended by keys leaves the keyboard on Rematch, End and Home work on
    the step buttons and the move list's focus follows End; on a phone a 6x6 roll keeps the
    turn's row one line, How to play keeps one line in every variant and a note keeps clear of
    the Copy button just pressed. Leaves a loaded standard game."""
    for width, height in ((1280, 800), (390, 844)):
        d = browser(width, height)
        try:
            open_arena(d)
            review_steps_keep_their_place(d, width)
            if width == 1280:
                enter_on_empty_square_in_standard(d)
                keys_at_the_end_and_on_steps(d)
            else:
                phone_rows_stay_put(d)
        finally:
            close(d)


if __name__ == "__main__":
    driver.configure(sys.argv[1], sys.argv[2], sys.argv[3])
    opening()
    record_journeys()
    new_players_report()
    second_players_report()
    fourth_players_report()
    seventh_players_report()
    eighth_players_report()
    eleventh_players_report()
    ninth_players_report()
    desktop()
    phone()
    print("browser test passed")
