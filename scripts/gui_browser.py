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

And from the thirteenth, at 1280x800 and 390x844: a page reloaded on the person's turn, rolled
and a cube picked, has the keyboard on that cube and Tab enters the board there; beside the board
a note (short, long, closed) moves neither the board nor Blue's bar; a reviewed decision's
re-searched table shows the review's figure beside its own, its column labelled the deeper
search's; on a phone a note's ✕ closes it and an informational note goes by itself, a finished
game shows its result and at least four lines of its move list, to its last move, on the first
screen, the rules' line reads "Rules · <variant>" for every variant, and Paused covers neither
the board nor Red's bar.

And from the sixteenth, at 390x844 and 1280x800: on a phone a tap on a control under an opened
note reaches it and closes the note, a note covers neither the move list's first line nor a
control of the first screen, and a finished game shows its result, the list's first lines and the
step buttons on the first screen; at 1280x800 Blue's bar is right under the board and a note
under it, short or long, moves no bar or button.

And from the seventeenth: at 390x844 a note put over the status line is opaque and carries the
status's words on its first line, so that what to do stays readable while it shows; without
dice the threats' legend and badges speak of the next move, with no share of rolls; at
1280x800 the turn's buttons share one row and a one-line note has a box of one line; the save
button says it saves the board's game alone.

And from the eighteenth: at 390x844 game 3 of a six-game record loaded from a file and stepped
to its end keeps the step buttons on the first screen with the record's games, and Review game
keeps the board and the list's marked moves in view; at 1280x800 "Replace it?" over a game in
progress hides neither the move list nor the form, and a record a new game replaced is no longer
in the Record card (it was headed "Record file: ... (6 games) - pick one to load"); a 6x6 roll of
two dice and, in backrank at both sizes, a forced pass's button move nothing on the turn's row.

And from the nineteenth: at 390x844 a finished game of a four-game record is laid out the same
(the step buttons and Copy link on the first screen, before the move list) whether stepped to
or reloaded; a note shows the hint's move and win chance, the status's words whole when it
stands over them, and covers neither the board nor a control (Copy link with the page
scrolled, the New game form's buttons); at 1280x800 the New game form, opened from the top's
button or its own heading, shows Start game on the screen; Save this game says what it saved,
and a record pasted over the saved text replaces it; Undo at a game's end reads "Undo last move";
the result shows once the last move has landed, and a capture leaves one cube on its square
once the slide is over; the first hint or engine move of a game that takes its own cube says
why the rules allow it, and the next ones do not repeat it.

And from the twenty-first: at 1280x800 a step back and Pause move no step button (Resume keeps
Pause's place and size, Step shows under it), New game opens its form beside the board, which
stays in view, and a press on a cube across a redraw of the board picks it (its square and
targets marked); a badge stays above a review's arrows; at 390x844 a reviewed game's end shows
the link to the review, the step buttons and the list's first marked move on the first screen,
a link's "Replace it?" stands over the page's top without
moving the board, and Save says what it saved whole in the Record card.

And from the twenty-second, at 1280x800 and 390x844: opening How to play moves no board (beside
it over the panel on a wide screen, a sheet over a phone's lower screen, shut by Close and by
Escape); Start game folds the New game form away; on a phone a note never stands over the form's
field in use, the move list starts at the same place in every variant (the seed's line kept
short), and the live analysis' one-line summary is on the first screen; a record's load draws
its game picker once. The analysis off in Settings shows none of it, Resume takes Pause's
place on a phone, Load's question keeps the record's picker on the screen, and Turn board keeps
the board in place.

And from the twenty-fourth, at 1280x800 and 390x844: from a finished game's end (a loaded
record's and one played to it) five steps back and five forward, each clicked where the step
button was at the end, leave the step buttons' row where it was; one control reads "Review
game" at the end, by the result; an earlier move of a finished game says "Game over: Red won
(move 19) - End to see it" without moving the step row.

And from the twenty-fifth: a first click on one's own cube that the picked cube can take only
asks for a second, whatever was clicked before (another own cube waiting to be taken, or the
picked cube itself), and the second takes it; opening the New game form clears the game's notes
(390x844); 6x6's status says "roll the dice"; at 1280x800 the page arrives with the New game form
folded, and the first move moves no card of the column beside the board.

And from the twenty-sixth: on a phone with a touch screen a hint's note reads at 14 px on up to
three lines, its move and win chance whole, and stays until the next action (another note at
least 8 s), and Resign asks to tap again; at 1280x800 a finished record of two programs offers
no Undo and names no seat "you".

And from the twenty-seventh: on a phone with a touch screen a second tap 0.3 s after the first
(the second on one's own cube, which takes it) acts as a slow one; at 1280x800 Hint works with
the analysis off in Settings (one press, the analysis still hidden), a finished record of ewn and
greedy offers no Undo and names its seats by their players ("Blue: greedy"), and Undo returns to
the turn with its die; at 390x844 "Arrange on the board" brings the board whole into view.

And from the twenty-eighth: at 1280x800 a reviewed record's cards keep their places at its end
and at earlier moves (Review above Analysis); Resign stays in its place, greyed, while the engine
thinks; the step buttons stand at one height in play, at the game's end and one move back (at
390x844 too, Copy link and the last move on the first screen); with the analysis off in Settings
the Analysis card says so and where to turn it on, not Show analysis.

And from the twenty-ninth: at 1280x800 a new game (6x6) after a record of six games loaded from a
file empties the Record card of that record, whose heading read as the new game's, the page is no
taller than the screen, and How to play opens right beside the board; at 390x844 a hint's note
over the status line says the status's words at their own size, its own lines under them, and
Show analysis keeps the board on the screen.

And from the thirtieth: at 1280x800 and 390x844 Home and End go to a game's start and end with
the focus on nothing (they scrolled the page, the game left at move 5 of 19); at 1280x800 in a
browser with scroll bars the page as it opens is no taller than the screen; the typed move's
example is a move of the board's own squares (a3b2 on 3x3); a record of several games loaded
over an unfinished game asks under its game picker, not over it.

And from the thirty-first: at 1280x800 and 390x844 a move at a step back in an unfinished game
against the engine asks "Replace the moves after move N?" (Keep leaves them, Replace plays it);
at 1280x800 stepped back to the engine's turn the board takes no move for it (a note says why)
and paused at its turn with its die typed, Hint and Play are greyed for it; at 390x844 a note
over the status line lets taps through to the Rules row and the analysis switch and goes
sooner, a hint's note over Review game lets a tap reach it, and every control is at least 24 x
24 px (a checkbox by its label).

And from the thirty-second: at 1280x800 and 390x844 a die rolled at the game's end is there again
after a step back and forward (with its move targets), and a typed move is cleared at the step;
at 1280x800 after Rematch the New game form shows the rematch's seats; a record of four games
loaded leaves the step row where it is without one (its games under it), no control over
another, the picker's entry whole or whole in its title; with the die's cube gone the only cube
that can move is picked, or the status names the cubes that can; in a browser with scroll bars
the right column stays put at a game's end, a reviewed game's Review card keeps no empty band,
and Roll is 44 px wide; at 390x844 a note over the status line stays in the top bar and covers
no control.

And from the thirty-fourth: at 390x844 a note over the top bar (the take-own-cube note, a
hint's) reads whole, beside and under New game, over no control, the board not moved; at
1280x800 and 390x844 a move onto one's own cube armed is said in the status (what it does, how
to confirm or cancel it) and its square has a dashed frame, not a played move's; a loaded
record of two engines shows no Undo stub and its Review card names the Review again button; on
6x6 the dice's sum has digits at least 11 px tall; at 1280x800 a link's "Replace it?" stands at
the middle column's top (Load's by Load at both sizes); at 390x844 New game opens its form under
the top bar without a long scroll, the board back in its place once it closes.

And from the thirty-sixth: at 390x844 a note over the top bar leaves whose turn and the die
readable, its close x 44 x 44 px and 8 px at least from every control, and the Settings row's
targets are 44 px tall; at both sizes a reviewed decision's line still says who plays the bar it
stands over and covers no board, the opened rules cover neither Roll nor a step button and
their line says how to close them, and a capture's badge is 12 px, over no cube's number; at
1280x800 a hint's note reads whole where the window's foot has the room; a record's game opened
from a link in a new tab shows its move list's rows whole at the list's top.

And from the thirty-ninth: in 6x6 every roll's faces and sum each on one line inside the die's
44 px box; a reviewed decision's line stands over the bar of the side that moved, over neither
the board nor a control; on a phone a move at a step back asks with the status in view (the
take-own-cube note from the click before cleared), its question over no control, the step
buttons where they were; Copy link with the die rolled says the link leaves out the die and the
players; Undo after a lost game says what it took back; a roll shows no face but the rolled one;
blackhole's "falls" label is 12 px at least.

And from the forty-first: at 390x844 a note over the top bar leaves the status's words whole
(its own lines cut at whole lines with "more" where both do not fit); at 1280x800 How to play
opens right under its line, moving neither the board nor the step row; the result box shows as
the status says who wins; playing Blue the die shows Red's roll after its move and the move
box's example is Blue's; the analysis tables' headers stand at their columns at both sizes.

It waits for elements instead of sleeping, fails with a message that says what it waited for
(and a screenshot of that moment), and saves screenshots to OUTDIR.
The journeys live in scripts/arena_journeys/: `driver` (the browser, waits, clicks, screenshots,
axe-core, the layout checks, and URL, OUT and AXE_JS), `records` (the records loaded), `opening`,
`reports`, `later_reports`, `eleventh`, `twelfth`, `thirteenth`, `fourteenth`, `fifteenth`, `sixteenth`, `seventeenth`, `eighteenth`, `nineteenth`, `twentyfirst`, `twentysecond`, `twentythird`, `twentyfourth`, `twentyfifth`, `twentysixth`, `twentyseventh`, `twentyeighth`, `twentyninth`, `thirtieth`, `thirtyfirst`, `thirtysecond`, `thirtythird`, `thirtyfourth`, `thirtyfifth`, `thirtysixth`, `thirtyseventh`, `thirtyeighth`, `thirtyninth`, `fortieth`, `fortyfirst` and `fortysecond` (the new players' reports), `desktop`, `variants` and `phone`.
"""

import sys

from arena_journeys import driver
from arena_journeys.desktop import desktop
from arena_journeys.eleventh import eleventh_players_report
from arena_journeys.twelfth import twelfth_players_report
from arena_journeys.thirteenth import thirteenth_players_report
from arena_journeys.fourteenth import fourteenth_players_report
from arena_journeys.fifteenth import fifteenth_players_report
from arena_journeys.sixteenth import sixteenth_players_report
from arena_journeys.seventeenth import seventeenth_players_report
from arena_journeys.eighteenth import eighteenth_players_report
from arena_journeys.nineteenth import nineteenth_players_report
from arena_journeys.twentyfirst import twentyfirst_players_report
from arena_journeys.twentysecond import twentysecond_players_report
from arena_journeys.twentythird import twentythird_players_report
from arena_journeys.twentyfourth import twentyfourth_players_report
from arena_journeys.twentyfifth import twentyfifth_players_report
from arena_journeys.twentysixth import twentysixth_players_report
from arena_journeys.twentyseventh import twentyseventh_players_report
from arena_journeys.twentyeighth import twentyeighth_players_report
from arena_journeys.twentyninth import twentyninth_players_report
from arena_journeys.thirtieth import thirtieth_players_report
from arena_journeys.thirtyfirst import thirtyfirst_players_report
from arena_journeys.thirtysecond import thirtysecond_players_report
from arena_journeys.thirtythird import thirtythird_players_report
from arena_journeys.thirtyfourth import thirtyfourth_players_report
from arena_journeys.thirtyfifth import thirtyfifth_players_report
from arena_journeys.thirtysixth import thirtysixth_players_report
from arena_journeys.thirtyseventh import thirtyseventh_players_report
from arena_journeys.thirtyeighth import thirtyeighth_players_report
from arena_journeys.thirtyninth import thirtyninth_players_report
from arena_journeys.fortieth import fortieth_players_report
from arena_journeys.fortyfirst import fortyfirst_players_report
from arena_journeys.fortysecond import fortysecond_players_report
from arena_journeys.later_reports import (eighth_players_report, fourth_players_report,
    ninth_players_report, seventh_players_report)
from arena_journeys.opening import opening, record_journeys
from arena_journeys.phone import phone
from arena_journeys.reports import new_players_report, second_players_report


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
    twelfth_players_report()
    thirteenth_players_report()
    ninth_players_report()
    desktop()
    phone()
    fourteenth_players_report()
    fifteenth_players_report()
    sixteenth_players_report()
    seventeenth_players_report()
    eighteenth_players_report()
    nineteenth_players_report()
    twentyfirst_players_report()
    twentysecond_players_report()
    twentythird_players_report()
    twentyfourth_players_report()
    twentyfifth_players_report()
    twentysixth_players_report()
    twentyseventh_players_report()
    twentyeighth_players_report()
    twentyninth_players_report()
    thirtieth_players_report()
    thirtyfirst_players_report()
    thirtysecond_players_report()
    thirtythird_players_report()
    thirtyfourth_players_report()
    thirtyfifth_players_report()
    thirtysixth_players_report()
    thirtyseventh_players_report()
    thirtyeighth_players_report()
    thirtyninth_players_report()
    fortieth_players_report()
    fortyfirst_players_report()
    fortysecond_players_report()
    print("browser test passed")
