// The live page of `ewn match --live`: polls the read-only view (GET /api/live) and draws each
// game in progress with the arena's board drawing (board.js) from the game's variant (size,
// holes, goals, start squares), its last move marked, the clocks, the die and the engines'
// reported win chances (none once a game is over), and a cube that fell into a hole on the last
// move; a game that ends keeps its card on its final position for a moment (a new game waits
// for its place rather than push a running one out of view) and goes to the table of finished
// games, its row marked for a moment (each opens its moves, which stay open as the view
// changes), and the
// standings as a table, every player listed from the start. The games fill the screen (see
// `layout`), the side to move's game clock runs down between two views, and only what changed is
// drawn again. When the match ends (its server goes away) the last view stays, as the final
// screen. It sends nothing that changes anything.
'use strict';

(() => {
  const $ = (id) => document.getElementById(id);
  // The page's words: times, moves, results and the report's text (live-text.js).
  const {
    esc, clock, moveTime, chance, SIDE, plural, fitNames, fitApart, cutName, fitFlow, fitTitle, fitNews, players, cubeWords, moveText, lastWords, endWords, numberRuns, newsForms,
    sentence, holdPanel, breakable, spills, holeEndings,
  } = window.EwnLiveText;
  let shown = -1;
  let last = null; // the last view drawn
  let failures = 0;
  const endedAt = new Map(); // game number -> when this page saw it end (its board was shown)
  // The status line's news: the games that ended since the page's first view, each announced
  // once, at once (a game over before the first view is not news). An end stays on the line
  // `NEWS_MS` (at 2.5-4 s an end was gone before a hall's reader looked up from a board); newer
  // ends join it there, and replace it only once it has been told `MIN_NEWS_MS`
  // (eight games at once often end one a second: an end is never replaced within the second,
  // and never waits for its turn, which once left the line minutes behind the finished games).
  const announced = new Set();
  let news = []; // [{ f, at }], the ends on the line and since when
  const MIN_NEWS_MS = 2500;
  const NEWS_MS = 6000;
  let firstView = true, late = false; // (late: opened once games had finished)
  // How long a game that just ended is marked in the finished games, and how often the view is
  // asked for: often enough that a match at 100 ms a move is followed move by move, not in jumps.
  const HOLD_MS = 4000;
  // How long a game that ended keeps its card on its final position (see `draw`): a time a
  // person sees, whatever the pace (it was one pace: 0.8 s at --pace 500). Shorter only while
  // more games wait for a place than two (one where more than four games run at once, whose
  // ends come often: held in full, eight 3x3 games at once kept four off the screen), never under `END_MIN_MS`.
  const END_MS = 4500;
  const END_MIN_MS = 1000;
  const overSince = new Map(); // game number -> when this page first saw it over
  const seenGames = new Map(); // game number -> its last view in progress
  const POLL_MS = 200;
  // The standings and the finished games (live-tables.js).
  const { standings, finished, fitResults, fitStandings, fitWords } = window.EwnLiveTables(endedAt, HOLD_MS);
  // The final screen: the match's result and the last games' boards (live-final.js).
  const { matchResult, variantOf, finalBoards } = window.EwnLiveFinal(); // (a late card's game played from its start: live-replay.js)
  const replay = window.EwnLiveReplay((g) => { gameCard(g); fitCardNames(); }, () => last);

  // How the games in progress share the screen: of every number of columns, and of cards with
  // the board above the names (tall) or beside them (wide), the one with the largest boards such
  // that every card fits the screen's height and each name has room. A phone shows one column
  // and scrolls. The layout is for the most games seen at once (`slots`), so that a board does
  // not jump in size when another game ends.
  const GAP = 12; // the grid's gap
  const PAD = 18; // a card's padding and border
  // The names' column beside a board: its rows wrap (a name above its clock, the die line on
  // two lines), in the narrow cards' type (13 px, bold; live.css), so that four games at once on
  // a 1280x800 screen get boards of ~250 px, not 210; narrower where every player's name is
  // short (measured once the players are known, so that it never changes during the match),
  // down to 90 px ("0.05 s/move" and "Blue to move," whole): four games get boards of ~310 px,
  // as tall as their rows (at 120 px they were 280 px, 60 px empty below each row).
  const INFO_W = 150;
  const INFO_MIN = 90;
  let infoW = INFO_W;
  let widestName = 0; // the widest player's name, bold in the narrow cards' type
  function fitInfo(names) {
    if (!names.length || fitInfo.done) return;
    fitInfo.done = true;
    const c = document.createElement('canvas').getContext('2d');
    c.font = `700 13px ${getComputedStyle(document.body).fontFamily}`;
    // The name, its colour's square and a little room.
    widestName = Math.max(...names.map((n) => c.measureText(n).width));
    const widest = widestName + 20;
    infoW = Math.max(INFO_MIN, Math.min(INFO_W, Math.ceil(widest)));
  }
  // The names' column beside one game alone, in its larger type: the die of the roll, the names
  // and their clocks whole (at 200 px a 1280x800 screen cut the names and wrapped the die away).
  // 240 px: the names' rows wrap their clocks below them (a long name between its words), and the
  // board takes the rest (at 330 a 1280x800 screen left ~160 px empty below a 530 px board, at 270 134 px below 557).
  const INFO_W_SINGLE = 240;
  const NAME_ROW = 180; // the least width of a row with a name, its clock and win chance
  // The card's height besides its board, its padding and border included (measured once drawn;
  // the layout took them off twice, leaving ~18 px empty below each row of cards).
  let infoV = 150;
  let infoStacked = false; // whether infoV was measured on a card with its sides on two lines
  const STACK_H = 40; // what those two lines add to a card (36 px measured), a little more
  // Four games or more at once on a wide screen (`many`), cards with their names above and below
  // the board are packed (live.css, `packed`): the game's number beside its die line, the lines
  // closer and in smaller type, ~86 px of card besides the board, not ~128 (six games at once at
  // 1280x800 had 211 px boards, their digits 16 px). Measured as infoV is.
  let infoPacked = 90;
  let slots = 0;
  let layoutTop = 0; // where the boards began when they were last sized
  const gridTop = () => $('games').getBoundingClientRect().top + window.scrollY;
  function layout(n) {
    const grid = $('games');
    layoutTop = gridTop();
    // A phone with four games or more shows two a row, narrow cards: one board filled the
    // screen, and eight games made a page of 2600 px to scroll through.
    if (window.innerWidth < 700 && n >= 4) {
      return { cols: 2, wide: false, board: 0, row: (grid.clientWidth - GAP) / 2 - PAD };
    }
    if (window.innerWidth < 700 || n === 0) return { cols: 1, wide: false, board: 0, row: window.innerWidth };
    const W = grid.clientWidth;
    const top = layoutTop;
    // Narrow cards (live.css, `dense`) have 2 px of padding each side, not 8.
    const padX = (cw) => (cw - 6 < 300 ? 6 : PAD);
    // (Below the boards the page's padding: 4 px where the games are `many`, live.css.)
    const H = Math.max(200, window.innerHeight - top - (document.body.classList.contains('many') ? 5 : 10));
    let best = null;
    const info = n === 1 ? INFO_W_SINGLE : infoW;
    const many = document.body.classList.contains('many');
    // A hall's names' column beside a board (its type 15 px, live.css) as wide as the widest
    // name, up to INFO_W (six games had a column of ~100 px, a name on three lines in it and
    // the card's moves line cut by its box); where that leaves smaller boards, the names go above
    // and below them.
    const hall = document.body.classList.contains('hall');
    const least = hall ? Math.min(INFO_W, Math.max(INFO_MIN, Math.ceil(widestName * 15 / 13) + 24)) : INFO_MIN;
    for (let c = 1; c <= n; c += 1) {
      const r = Math.ceil(n / c);
      const cw = (W - (c - 1) * GAP) / c, ch = (H - (r - 1) * GAP) / r;
      for (const wide of [false, true]) {
        // Beside a board the names' column gives the board the room it lacks to be as tall as
        // its row, down to INFO_MIN (a long name wraps there, live.css): four games of long
        // names at 1280x800 had boards of 250 px beside a column of 150, 155 px empty below.
        const col = wide && n > 1 ? Math.max(least, Math.min(info, Math.floor(cw - PAD - GAP - (ch - PAD)))) : info;
        const row = wide ? col : cw - padX(cw);
        // Beside a board the names' rows wrap: a name has the column's whole width.
        if (row < (wide ? Math.min(infoW, col) : NAME_ROW)) continue;
        // Packed only where the height limits the boards even so: eight games' cards, as wide as
        // their boards (220 px), were packed too, their die cut beside the game's number and
        // 44 px left empty below them.
        const packed = !wide && many && cw - padX(cw) > ch - infoPacked;
        const board = Math.floor(wide ? Math.min(cw - PAD - col - GAP, ch - PAD) : Math.min(cw - padX(cw), ch - (packed ? infoPacked : infoV)));
        if (board > 0 && (!best || board > best.board)) {
          // Beside a board narrowed by long names a row is as tall as its board (and a little):
          // four games left ~87 px empty between their rows. (Where less is left, the rows
          // keep their share of the height: the room below them would be too much.)
          best = { cols: c, wide, packed, board, row: wide ? cw - PAD - board - GAP : row, height: Math.floor(wide && ch - board - PAD > 40 && !hall ? board + PAD + 6 : ch) };
        }
      }
    }
    return best || { cols: 1, wide: false, board: Math.max(120, W - PAD), row: W - PAD };
  }
  let infoRow = 0; // the width of the names' column (or row) of the layout applied
  function applyLayout(n) {
    const grid = $('games');
    // Seven games or more at once on a wide screen: a narrower side panel and less room around
    // the boards (live.css), which were 186 px at 1280x800 beside a side panel of 360.
    document.body.classList.toggle('many', window.innerWidth > 900 && n >= 4);
    // Five or more: the boards across the whole width, the standings in a line above them, the
    // tables below (live.css, `hall`); not on a final or stopped screen, laid out as before.
    document.body.classList.toggle('hall', window.innerWidth > 900 && n >= 5 && !document.body.classList.contains('ended'));
    const l = layout(n);
    infoRow = l.row;
    grid.style.setProperty('--gcols', l.cols);
    grid.style.setProperty('--bsize', l.board ? `${l.board}px` : '100%');
    // Each row of cards as tall as the layout gave it, whatever its cards say (a result on two
    // lines, more moves): no board moves when another card changes.
    if (l.height) grid.style.setProperty('--rowh', `${l.height}px`);
    else grid.style.removeProperty('--rowh');
    grid.classList.toggle('wide', l.wide);
    grid.classList.toggle('packed', Boolean(l.packed));
    // One game alone beside a large board: its names, clocks and moves in larger type, with
    // their labels (the side column wraps them).
    const single = n === 1 && l.board >= 400;
    grid.classList.toggle('single', single);
    grid.classList.toggle('dense', l.row < 300 && !single);
    // Beside boards of 250 px or more the names' column has height to spare (live.css).
    grid.classList.toggle('roomy', l.wide && l.board >= 250 && !single);
    // Too narrow for "last move d1c2 (die 1) · 10 moves" on one line (a phone's cards are not).
    grid.classList.toggle('narrow', l.row < 250 && !l.wide && (window.innerWidth >= 700 || l.cols > 1));
    // Cards side by side, their names above and below the board: each side on two lines, the
    // name alone on the first, where the widest name does not fit beside its time and win chance
    // (~108 px in their type): every card alike, for the whole match ("Alphabe…" was cut beside
    // "0.05 s/move 93%" on a phone, "RandomMoverExtra…" on three cards across at 1280x800).
    // On a wider screen only where the boards are as wide as their cards and the rows have the
    // height of the two lines to spare: eight cards at 1280x800 lost 20 px of board to them.
    const flat = (grid.classList.contains('packed') ? infoPacked : infoV) - (infoStacked ? STACK_H : 0);
    const spare = window.innerWidth < 700 || (l.height || 0) - flat - STACK_H >= l.row;
    // (The time and chance are 13 px on a phone, 16 in a hall, its names too: ~120 and ~135 px.)
    const phone = window.innerWidth < 700, hallType = document.body.classList.contains('hall');
    const need = hallType ? widestName * 16 / 13 + 135 : widestName + (phone ? 120 : 108);
    grid.classList.toggle('stack', l.cols > 1 && !l.wide && need > l.row && spare);
    // The side panel's width follows the layout: the standings' names fitted again to it.
    fitStandings();
    return l;
  }
  // The card's height besides its board, as drawn: the layout is made again if it differs from
  // the one assumed (the fonts decide it, not the board, so once is enough).
  function measureInfo(n) {
    // A running card: a card held on its end says its result, which is not what the layout
    // is for.
    const card = $('games').querySelector('.game:not(.ended-game)');
    if (!card || $('games').classList.contains('wide') || window.innerWidth < 700) return;
    // (Its content's height: a row's height caps the card's, and a guess too low was kept.)
    const h = Math.max(card.offsetHeight, card.scrollHeight + 2) - card.querySelector('.board').offsetHeight;
    infoStacked = $('games').classList.contains('stack');
    const packed = $('games').classList.contains('packed');
    if (Math.abs(h - (packed ? infoPacked : infoV)) > 2) {
      if (packed) infoPacked = h;
      else infoV = h;
      applyLayout(n);
    }
  }

  // A narrow card's end, "▪ ewn won (goal)" ("Red (e…) won (capture)" lost the name), in the
  // line's own type: where it does not fit, short, "▪ Alphabetic won" (how it ended in the line's
  // title), and only then the name cut: always who won. (Shrunk to 13 px to fit, the result read
  // smaller than the lines around it.) Again once placed: one short, all (`fitCardNames`).
  function sayEnd(roll, brief = false) {
    const { who, side, colour, reason } = roll.dataset;
    const said = (name, how) => `<span class="dot ${colour}" role="img" aria-label="${side}"></span>` +
      `<span class="res-who"><b class="res-name" title="${esc(who)}">${esc(name)}</b><span> </span></span><span class="res-won">${how}</span>`;
    // (The line measured too: a name whole in a line that overflowed was cut, "Alphabe…  won".)
    const cut = () => {
      const n = roll.querySelector('.res-name');
      return n.scrollWidth > n.clientWidth + 1 || roll.scrollWidth > roll.clientWidth + 1;
    };
    roll.innerHTML = said(who, brief ? 'won' : `won (${esc(reason)})`);
    // Beside a board, in its line's room (`fitFlow`): short only where the name is not whole.
    if (roll.classList.contains('flow')) {
      if (fitFlow(roll) || brief) return brief;
      roll.innerHTML = said(who, 'won');
      fitFlow(roll);
      return true;
    }
    const short = brief || (cut() && (roll.innerHTML = said(who, 'won')));
    fitNames(roll, [roll.querySelector('.res-name')]);
    return short;
  }

  // Narrow cards with their names above the board say a result short, "bob won" (beside a board
  // the line wraps: "Red (bob) won (goal)" there), and so do cards whose names' column beside
  // the board is narrower than "won (capture)" (119 px in its type; four games of short names).
  // Cards whose result wraps in its line's room beside the board (`fitFlow`): not a hall's packed cards.
  const flows = () => $('games').classList.contains('wide') && !$('games').classList.contains('packed');
  const shortResult = () => $('games').classList.contains('dense') &&
    (!$('games').classList.contains('wide') || infoRow < 120);
  // A game's card made or drawn again; a new card is not yet on the page (`draw` places it).
  function gameCard(g) {
    let card = document.getElementById(`game-${g.number}`);
    if (!card) {
      card = document.createElement('article');
      card.id = `game-${g.number}`;
      card.className = 'game';
      // Red starts at the top left, so its player is named above the board.
      card.innerHTML = '<h3></h3><div class="side red"></div><div class="board" role="grid"></div>' +
        '<div class="side blue"></div><p class="roll"></p><p class="fell-note"></p><p class="moves"></p>';
    }
    const v = g.variant || {};
    // The game's number alone: the variant is the page's header's, and a heading of a narrow
    // card ("Game 15 · 4x4 · in 1's place") was cut.
    card.querySelector('h3').textContent = `Game ${g.number}`;
    // Each side's own time control: a time per move, or a clock that runs down (the two sides
    // of a game may differ; an older view says it only for the whole match).
    const perMove = (i) => (Array.isArray(g.per_move) ? Boolean(g.per_move[i]) : Boolean(last && last.per_move));
    const side = (cls, name, ms, p, moving, fixed) => {
      const el = card.querySelector(`.side.${cls}`);
      el.classList.toggle('to-move', moving);
      // The name's box is what the ellipsis cuts: the whole name in its title.
      el.innerHTML = `<span class="who" title="${esc(name)}"><span class="dot" aria-hidden="true"></span><b title="${esc(name)}">${esc(name)}</b>` +
        `${moving ? '<span class="sr-only"> (to move)</span>' : ''}</span>` +
        (fixed
          ? `<span class="clock" title="the time it has for each move">${moveTime(ms)}<span class="lbl per-move">/move</span></span>`
          : `<span class="clock" title="time left on its clock"><span class="lbl">clock</span> <span class="t">${clock(ms)}</span></span>`) +
        `<span class="wp" title="${esc(name)}'s own estimate of its chance to win (each engine judges for itself: the two need not add up to 100%)">` +
        // (The space inside the label: a narrow card, which hides the label, had it before "66%".)
        // One wording wherever the label shows, "est. 60%" ("own est." beside two boards, "est."
        // beside one): its title says whose estimate.
        `${chance(p) ? `<span class="lbl">est. </span>${chance(p)}` : '<span class="ghost" aria-hidden="true"><span class="lbl"><span data-g="est. "></span></span><span data-g="50%"></span></span>'}</span>`;
    };
    // Once the game is over its engines' last win chances are stale: not shown.
    const over = Boolean(g.over);
    side('red', g.red, g.clock_ms[0], over ? null : g.win_chance[0], !over && g.to_move === 'r', perMove(0));
    side('blue', g.blue, g.clock_ms[1], over ? null : g.win_chance[1], !over && g.to_move === 'b', perMove(1));
    const cls = new Map();
    if (g.last) {
      cls.set(g.last[0], ['last', 'last-from']);
      cls.set(g.last[1], ['last', 'last-to']);
    }
    const board = card.querySelector('.board');
    board.setAttribute('aria-label', `Game ${g.number}: ${g.red} (Red) against ${g.blue} (Blue)`);
    const changed = EwnBoard.draw(board, { squares: g.squares, rows: g.rows, cols: g.cols, variant: v }, { cls });
    // The cube of a new last move slides from its square, so that each move can be followed.
    const key = g.last ? g.last.join('') + g.moves.length : '';
    if (changed && key && card.dataset.last !== key && !REDUCED) slide(board, g.last);
    card.dataset.last = key;
    // The side's name in a box as wide as the wider of the two (live.css: a single card), so that the die keeps its place.
    // The words after the name inside the box, its room to spare after the comma: the room
    // after "Red" read as a double space ("Red  to move", 5 px more than a space).
    const mover = (after) => `<span class="mv-slot"><span>${SIDE[g.to_move]}<span class="tm"> to move</span>${after}</span>` +
      `<span class="mv-ghost" aria-hidden="true">${g.to_move === 'r' ? 'Blue' : 'Red'} to move${after}</span></span>`;
    const roll = card.querySelector('.roll');
    roll.className = over ? 'roll game-over' : `roll ${g.to_move === 'r' ? 'red' : 'blue'}`;
    // Two dice's faces beside their sum ("Red, dice 7 (5 + 2)": small cards leave "to move" out).
    if (!over && g.faces && /^2d/.test(v.dice || '')) roll.classList.add('two-dice');
    roll.title = '';
    // The final position says who won, in full, until the game leaves the boards.
    if (over && g.winner) {
      roll.className = `roll game-over ${g.winner === 'r' ? 'red' : 'blue'}${flows() ? ' flow' : ''}`; // (`fitFlow`: wrapped beside a board)
      // On one line: a long name ends in an ellipsis (whole in the title), never wraps the
      // line and so never makes the card taller than its place.
      const who = g.winner === 'r' ? g.red : g.blue;
      const full = `${SIDE[g.winner]} (${who}) won (${g.reason})`;
      // Narrow cards (eight across a 1280-wide screen) say the winner's name with its colour
      // as a square and how the game ended, on one line (`sayEnd`).
      if (shortResult()) {
        Object.assign(roll.dataset, { who, side: SIDE[g.winner], colour: g.winner === 'r' ? 'red' : 'blue', reason: g.reason });
        roll.classList.add('short-end');
        sayEnd(roll);
      } else {
        // "Blue (name) " is one piece and "won (reason)" another (as "name " and "won" above, so
        // that a line that wraps starts "won", not " won"): beside a board the line wraps
        // between the two only ("Blue" / "(Grandmaster_…)" / "won (goal)" took three lines).
        roll.innerHTML = `<span class="res-who"><span>${SIDE[g.winner]} (</span><b class="res-name" title="${esc(who)}">${esc(who)}</b>` +
          `<span>) </span></span><span class="res-how">won (${esc(g.reason)})</span>`;
      }
      if (!roll.classList.contains('flow')) fitNames(roll, [roll.querySelector('.res-name')]);
      else if (!roll.classList.contains('short-end')) fitFlow(roll);
      roll.title = full;
    } else if (over) roll.textContent = g.reason ? `No winner (${g.reason})` : 'Game over';
    // " to move" is for a screen reader alone on a phone's narrow cards ("Blue, dice 12"), where
    // it cut the die ("Blue to move, dice …").
    else if (v.has_dice === false) roll.innerHTML = `${mover(':')} any cube`;
    else if (g.die !== null && g.die !== undefined && /^2d/.test(v.dice || '')) {
      roll.innerHTML = `${mover(',')} <span title="the sum of two dice">dice</span> <span class="die-face">${g.die}</span> <span class="lbl${g.faces ? ' faces' : ''}">(${g.faces ? g.faces.join(' + ') : 'sum of two'})</span>`;
    } else if (g.die !== null && g.die !== undefined) roll.innerHTML = `${mover(',')} die <span class="die-face">${g.die}</span>`;
    else roll.innerHTML = `${mover(',')} <span class="lbl rolling" title="the next roll comes with the move's turn">rolling…</span>`; // (a paced pause said "Blue to move" alone)
    // A cube that fell into a hole on the last move, on a line of its own (kept, empty, in a
    // variant with holes, so that the card keeps its height).
    const note = card.querySelector('.fell-note');
    note.hidden = !(v.holes && v.holes.length);
    note.textContent = g.fell ? `↓ ${cubeWords(g.fell)} fell into the hole` : '';
    note.title = note.textContent;
    // A move into a hole is a fall: marked in the earlier moves too ("14. d2c3↓ (die 6)"), where
    // it read as an ordinary move (the last one's fall has its line above).
    const holes = new Set(Array.isArray(v.holes) ? v.holes : []);
    const fall = (m) => {
      const mv = m.includes(':') ? m.split(':')[1] : m;
      return holes.has(mv.slice(2));
    };
    const moves = g.moves.map((m, i) => moveText(m, i, v.dice).replace(/^(\d+\. \S+)/, fall(m) ? '$1↓' : '$1'));
    const earlier = moves.slice(-9, -1).reverse();
    // Narrow cards say it short, whole: "10. d1c2 (die 1)", the move's number as in every move
    // list, after a square of the colour of the side that played it while the game runs ("last
    // move d1c2 (die 1) · 10 moves" lost its count to an ellipsis on eight cards across a
    // 1280-wide screen).
    const lastMove = moves.length ? esc(lastWords(g.moves[g.moves.length - 1], v.dice)) : '';
    card.querySelector('.moves').innerHTML = moves.length
      ? `<span class="full">last move <b>${lastMove}</b> · ${plural(moves.length, 'move', 'moves')}` +
        (earlier.length ? `<span class="earlier"> · before: ${esc(earlier.join(' · '))}</span>` : '') +
        `</span><span class="brief">${over ? '' : `<span class="dot ${g.to_move === 'r' ? 'blue' : 'red'}" role="img" aria-label="${g.to_move === 'r' ? 'Blue' : 'Red'}"></span>`}` +
        `${moves.length}. <b>${lastMove}</b></span>`
      : 'no move yet';
    return card;
  }

  // A game that left the games in progress: its card drawn on its final position from its
  // finished view (the last poll may not have seen its last move), with who won, its clocks
  // as last seen, and marked as ended.
  function holdCard(f) {
    const seen = seenGames.get(f.number) || {};
    const g = f.geometry || seen.variant || {};
    const card = gameCard({
      number: f.number, red: f.red, blue: f.blue, squares: f.squares && f.squares.length ? f.squares : seen.squares,
      rows: g.rows, cols: g.cols, variant: g, last: f.last || null, moves: f.moves, over: true,
      winner: f.winner, reason: f.reason, clock_ms: seen.clock_ms || [0, 0], per_move: seen.per_move,
      win_chance: [null, null], to_move: seen.to_move || 'r', die: null, fell: null,
    });
    card.classList.add('ended-game');
    // A fault says what was missed (the referee's word, as in the terminal), in place of the moves.
    if (f.detail) {
      const m = card.querySelector('.moves');
      m.textContent = sentence(f.detail);
      m.title = m.textContent;
    }
    return card;
  }

  const REDUCED = window.matchMedia && window.matchMedia('(prefers-reduced-motion: reduce)').matches;
  function slide(board, [from, to]) {
    const a = board.querySelector(`#sq-${from}`), b = board.querySelector(`#sq-${to}`);
    const cube = b && b.querySelector('.cube');
    if (!a || !cube || !cube.animate) return;
    const ra = a.getBoundingClientRect(), rb = b.getBoundingClientRect();
    cube.animate([{ transform: `translate(${ra.left - rb.left}px, ${ra.top - rb.top}px)` }, { transform: 'none' }],
      { duration: 180, easing: 'ease-out' });
  }

  // The page draws its last view again at `t` (a held card's time is up), also when no new view
  // comes; one timer, for the earliest time asked.
  let wake = null;
  function wakeAt(t) {
    if (wake && wake.t <= t) return;
    if (wake) clearTimeout(wake.id);
    // Once the page has ended (the server stopped, or the final view) its last view stays as it
    // was left: no card's time runs out, no card is drawn again from a running game's view.
    wake = { t, id: setTimeout(() => { wake = null; if (last && !document.body.classList.contains('ended')) draw(last); }, Math.max(0, t - Date.now()) + 20) };
  }

  const variants = new Set(); // the variants of the games seen, for the header
  function draw(v) {
    last = v;
    // The header names the variant (the cards' headings do not): "4x4 · ewn, greedy", from the
    // first view, which says it before any game has begun (the header once said "ewn, greedy"
    // until the first game came, some 3.5 s); the games' own for an older view.
    if (v.variant) variants.add(v.variant);
    for (const g of v.games) if (g.variant && g.variant.name) variants.add(g.variant.name);
    for (const f of v.finished || []) if (f.variant) variants.add(f.variant);
    // The variant first, so that a long list of names cut by the ellipsis never hides it.
    const named = variants.size ? `${[...variants].join(', ')} · ` : '';
    fitTitle($('title'), named, v.title);
    document.title = `ewn live: ${named}${v.title || 'match'}`;
    // A phone's status line is one line: its words short.
    const narrowTop = window.innerWidth < 700;
    const now = Date.now();
    // A goal rank is drawn as a bar along the board's edge: said once, in the heading.
    // The key whole, on a second line where it needs one (cut to "the row that colo…" at 1280),
    // the heading's room for the note that may come later kept, so that no board moves.
    if (v.games.some((g) => (g.variant || {}).goal === 'rank')) {
      $('goal-legend').hidden = false;
      $('games-h').classList.add('keyed');
    }
    // Every player's name, so that a cut name is told apart from the others (`cutName`).
    for (const x of [...(v.table || []), ...v.games.flatMap((g) => [{ name: g.red }, { name: g.blue }])]) if (x.name) players.add(x.name);
    for (const g of v.games) {
      seenGames.set(g.number, g);
      if (g.over && !overSince.has(g.number)) overSince.set(g.number, now);
    }
    const running = new Set(v.games.map((g) => g.number));
    // A game that ended keeps its card on its final position for a moment (`END_MS` from when
    // the page first saw it over, less while games wait, see `END_MS`), so that each end is seen:
    // display only, the match never waits for it. Its card counts against the screen's
    // capacity (the most games seen at once), so it never pushes a running game out of view: a
    // new game waits off the screen until the card's time is up, and then takes its place.
    // Until a game needs it, an ended card stays in its place with its result (its place was
    // left blank: the top row empty beside a match's last two games).
    const gone = []; // cards whose time is up, in place until a new game takes their place
    const held = []; // [card, when it ended], cards still in their time
    for (const el of [...$('games').children]) {
      // An empty place a card left: the next new game takes it.
      if (el.classList.contains('slot')) {
        gone.push(el);
        continue;
      }
      const n = Number(el.id.replace('game-', ''));
      if (running.has(n)) continue;
      const f = (v.finished || []).find((x) => x.number === n);
      if (f && !overSince.has(n)) overSince.set(n, now);
      if (f && !el.classList.contains('ended-game')) holdCard(f);
      if (f && !v.over && overSince.get(n) + END_MS > now) held.push([el, overSince.get(n)]);
      else gone.push(el);
    }
    // More games waiting than that, or one that has played half a game (as long as the finished
    // games, and four moves short of the shortest, two moves at least; 3x3 at --pace 1500 played
    // one start to end unseen): the cards that ended first give way early. (At a third of a
    // game, 6 of 17 moves at --pace 500, an end gave way after 2.9 s.)
    const queued = v.games.filter((g) => !document.getElementById(`game-${g.number}`)).map((g) => (g.moves || []).length);
    const plies = (v.finished || []).map((f) => (f.moves || []).length);
    const half = Math.ceil(plies.reduce((a, b) => a + b, 0) / Math.max(1, plies.length) / 2);
    // One game at a time (one place): the end stays only until the next game's first move, which
    // its card then plays from the start position: held 4 s while the next game ran unseen, that
    // game's card came late and went on by 2, 5 and 7 moves in 2 s. The end is told on the
    // status line and in the finished games meanwhile.
    const alone = slots <= 1;
    const soon = alone ? 1 : Math.max(2, Math.min(half, Math.min(...plies) - 4));
    let excess = Math.max(queued.length - (slots > 4 ? 1 : 2), queued.filter((m) => m >= soon).length) - gone.length;
    for (const [el, t] of held.sort((a, b) => a[1] - b[1])) {
      if (excess > 0 && (alone || now - t >= END_MIN_MS)) {
        gone.push(el);
        excess -= 1;
      } else wakeAt(Math.max(excess > 0 ? t + END_MIN_MS : t + END_MS, now + POLL_MS));
    }
    // The place of the card that ended first is taken first.
    const endedSince = (el) => (el.classList.contains('slot') ? -1 : overSince.get(Number(el.id.replace('game-', ''))) || 0);
    gone.sort((a, b) => endedSince(a) - endedSince(b));
    for (const [n, t] of [...endedAt]) if (Date.now() - t > 10 * HOLD_MS) endedAt.delete(n);
    for (const n of [...overSince.keys()]) if (!running.has(n) && !document.getElementById(`game-${n}`)) { overSince.delete(n); seenGames.delete(n); }
    // Every game that ended in the last few seconds is named, with its result: several games
    // can end between two views.
    // Each game once, in the first view that lists it finished: the games that ended since the
    // previous news replace it (never older news again); none is news after `NEWS_MS`.
    if (firstView) {
      for (const f of v.finished || []) announced.add(f.number);
      for (const g of v.games) if (g.over) announced.add(g.number);
      // (Late: games done and fewer playing than at once, the match's last games; a page opened
      // mid-match keeps the layout for all it plays at once, so that no card shrinks later.)
      [late, firstView] = [(v.games_done || 0) > 0 && v.games.length < (v.concurrency || 0), false];
    }
    const fresh = (v.finished || []).filter((x) => !announced.has(x.number));
    if (fresh.length) {
      // The ends told long enough give way to the new ones; the others stay beside them.
      news = news.filter((e) => now - e.at < MIN_NEWS_MS);
      for (const f of fresh) {
        announced.add(f.number);
        endedAt.set(f.number, now);
        news.push({ f, at: now });
      }
    }
    news = news.filter((e) => now - e.at < NEWS_MS);
    const recent = news.map((e) => e.f).sort((a, b) => a.number - b.number);
    if (news.length) wakeAt(Math.min(...news.map((e) => e.at)) + NEWS_MS);
    // The screen is laid out from the first view for the games the match plays at once (the
    // view says how many, never more than it has games), so that no board shrinks as more games
    // start; and for the most seen at once.
    // A page opened late (games done) for the games it shows: one game left took 1/8 of the screen.
    slots = Math.max(slots, v.games.length, late ? 0 : v.concurrency || 0);
    // The layout below refits the standings to the panel's width: held from here where the
    // panel scrolls (the open report moved 54 px in it with no new row).
    const holdLayout = holdPanel(true);
    fitInfo((v.table || []).map((s) => s.name));
    // "No game in progress" goes before the layout reads where the boards begin: a match's
    // first view (no game yet) showed it, and the next view's boards were sized below it, then
    // grew by its height a view later.
    if (v.games.length) $('no-games').hidden = true;
    applyLayout(slots);
    // The cards of running games stay where they are; a new game takes the place of a card
    // whose time is up, or else joins them, while the screen has room for it.
    const cards = $('games');
    const waiting = [];
    for (const g of v.games) {
      if (document.getElementById(`game-${g.number}`)) gameCard(replay.view(g));
      else waiting.push(g);
    }
    // The first games take the places of their numbers (game 3 the third), whichever shows
    // up first, so that every screen shows them in one order, the order they start (a phone
    // and a wide screen each put them as they came: 2, 1, 3, 4 on one, 1, 2, 4, 3 on another).
    // A place kept for a game not shown yet is as tall as a card (a phone's one column).
    for (const g of [...waiting]) {
      if (g.number > slots || overSince.size || (v.games_done || 0) > 0) continue;
      while (cards.children.length < g.number - 1) {
        const keep = document.createElement('div');
        keep.className = 'slot kept';
        // Never a blank place: it says which game it waits for.
        keep.textContent = `game ${cards.children.length + 1} starting`;
        cards.appendChild(keep);
      }
      const at = cards.children[g.number - 1];
      if (at && !at.classList.contains('kept')) continue;
      const card = gameCard(replay.begin(g));
      if (at) at.replaceWith(card); else cards.appendChild(card);
      waiting.splice(waiting.indexOf(g), 1);
    }
    const one = cards.querySelector('.game');
    for (const k of cards.querySelectorAll('.slot.kept')) k.style.minHeight = one ? `${one.getBoundingClientRect().height}px` : '';
    // A card whose time is up gives its place to a waiting game; with none waiting it stays.
    for (const el of gone) {
      // (Taken by its game above; or kept for it until a game ends.)
      if (!el.isConnected || (el.classList.contains('kept') && !overSince.size && !(v.games_done > 0))) continue;
      if (waiting.length) el.replaceWith(gameCard(replay.begin(waiting.shift())));
    }
    // A new card that takes no other's place joins the others at the end, in the order the
    // games appear: a card once shown keeps its place (sorted by number, a game that started
    // late pushed the cards after it one place on, at the start and on a phone as games ended).
    while (waiting.length && cards.children.length < slots) cards.appendChild(gameCard(replay.begin(waiting.shift())));
    // Cards out of the order of numbers (a new game took an ended game's place, so that no
    // board moved): the section's heading says so once, not each card.
    const placed = [...cards.querySelectorAll('.game')].map((el) => Number(el.id.replace('game-', '')));
    $('order-hint').hidden = window.innerWidth < 700 || document.body.classList.contains('cut') || placed.every((n, i) => i === 0 || placed[i - 1] < n);
    statusLine(v, recent, narrowTop);
    measureInfo(slots);
    $('no-games').hidden = $('games').querySelector('.game') !== null;
    // Before the first game the match is starting (its engines take a moment), not empty.
    $('no-games').textContent = started(v) ? 'No game in progress.' : 'The match is starting: waiting for its first game.';
    // Whatever above the boards changed in this view, they are sized from where they begin.
    if (Math.abs(gridTop() - layoutTop) > 1) applyLayout(slots);
    fitCardNames();
    receivedAt = performance.now();
    tick();
    const putBack = holdPanel();
    standings(v);
    finished(v);
    fitPanel();
    putBack();
    holdLayout();
    document.body.dataset.version = v.version;
    if (v.over) ended(true);
  }

  // Each card's names fitted to their boxes, cut apart (`fitApart`), once the cards are placed
  // and laid out (again when the page ends or the screen changes size).
  // Beside a board (alone too: shrunk to 15 px it read small by spare room) a name wraps at an underscore or a capital instead, whole.
  function fitCardNames() {
    const wraps = $('games').classList.contains('wide');
    // A card alone (on a phone) tries a smaller type (down to 14 px) before it cuts a name.
    // A hall's cards (their names 16 px) try 15 px, their type before, before they cut a name.
    const smallest = $('games').querySelectorAll('.game').length === 1 ? 14 : document.body.classList.contains('hall') ? 15 : 0;
    const fit = (card) => {
      for (const who of card.querySelectorAll('.side .who')) {
        const b = who.querySelector('b');
        if (b && wraps) b.innerHTML = breakable(b.title);
        else if (b) fitApart(who, b, b.title, smallest);
      }
    };
    // A card whose name would be cut says its times and chances short ("0.1 s/move", "est.
    // 54%", no room kept for a chance not given), and only then cuts the name: a card alone on
    // a phone cut "Bartholomew_Q…" beside "0.1 s a move" and "own est. 54%".
    for (const card of $('games').querySelectorAll('.game')) {
      card.classList.remove('terse', 'snug');
      fit(card);
      if (wraps && spills(card)) card.classList.add('snug');
      if ([...card.querySelectorAll('.side .who b')].some((b) => b.textContent !== b.title)) {
        card.classList.add('terse');
        fit(card);
      }
    }
    for (const roll of $('games').querySelectorAll('.roll.flow:not(.short-end)')) fitFlow(roll);
    const ends = [...$('games').querySelectorAll('.roll.short-end')];
    if (ends.map((roll) => sayEnd(roll)).some(Boolean)) for (const roll of ends) sayEnd(roll, true);
  }

  // Whether any game of the match has begun (or the match is over).
  const started = (v) => v.over || v.games.length > 0 || v.games_done > 0 || (v.finished || []).length > 0;

  // The status line: the counts as the screen shows them (a card held on its end is not a
  // game playing: "2 finished · 2 in progress" once stood over two cards saying "won"), then the
  // news. Once the cards are placed: a started game without a card yet is waiting.
  function statusLine(v, recent, narrowTop) {
    if (!started(v)) {
      $('status').classList.remove('news-big');
      $('status').textContent = narrowTop ? 'starting: waiting for the first game' : 'the match is starting: waiting for its first game';
      $('status').title = $('status').textContent;
      return;
    }
    const recorded = new Set((v.finished || []).map((f) => f.number));
    const done = v.games_done + v.games.filter((g) => g.over && !recorded.has(g.number)).length;
    const live = v.games.filter((g) => !g.over);
    const waits = live.filter((g) => !document.getElementById(`game-${g.number}`)).length;
    // Short, for the news's room, in plain words: "4 finished · 8 playing, 1 not shown yet" (a
    // hall read "8 playing (1 shown next)" and "2 playing (their boards next)" as riddles). A
    // started game without a card yet is playing, its card shown as soon as a place is free
    // ("0 playing · 2 waiting" over four ended boards read as if nothing ran); every game
    // playing without one: "1 playing, not shown yet".
    const next = waits === live.length ? 'not shown yet' : `${waits} not shown yet`;
    $('status').textContent = `${done} finished · ${live.length} playing` + (waits ? `, ${next}` : '');
    // The line keeps to its room (two lines on a wide screen, cut only at its end, and on a
    // phone) and never moves the boards. It names each winner: one game with
    // its result ("game 7 ended: Red (greedy) won (goal)"; on a phone without the referee's
    // word), several by winner, each winner once with the games it won, without how ("games
    // ended: ewn won games 1, 3 and 7; mcts won game 2"): a hall screen cannot hover, and each
    // game's own words ran past the line's end after the first. Also marked in the finished
    // games; the line's title holds every result whole.
    // On a phone the news follows the counts, whole, in a box of two lines (a phone has no
    // tooltips: on the line's one line several ends were cut to "1 G…"; a box of three left an
    // empty band under the counts alone, and the second row of boards below the first screen).
    const sep = `${$('status').textContent} · `;
    // Shorter where the line has no room, always a sentence with "won" (`newsForms`). A wide
    // screen's line ends in an ellipsis only where even the shortest is too long, the results
    // whole in its title.
    const line = $('status');
    const forms = newsForms(recent, narrowTop);
    // Each form in larger type on a line of its own, else run on after the counts (`fitNews`).
    fitNews(line, sep, forms, window.innerWidth > 900);
    if (!forms.length) line.classList.remove('news-big');
    $('status').title = [$('status').textContent,
      ...(recent.length > 1 || narrowTop ? recent.map((x) => `game ${x.number}: ${endWords(x)}`) : [])].join('\n');
  }

  // The side to move's game clock runs on the page between two views: the view says how long
  // it has thought, and the page counts on from when it got the view.
  let receivedAt = 0;
  function tick() {
    // Not once the match is over or its server gone: the last view's clocks stand.
    if (!last || last.over || document.body.classList.contains('ended')) return;
    const since = performance.now() - receivedAt;
    for (const g of last.games) {
      if (g.over || g.thinking_ms === null || g.thinking_ms === undefined) continue;
      const i = g.to_move === 'r' ? 0 : 1;
      const el = document.querySelector(`#game-${g.number} .side.${i ? 'blue' : 'red'} .clock .t`);
      if (el) el.textContent = clock(g.clock_ms[i] - g.thinking_ms - since);
    }
  }
  setInterval(tick, 100);

  // On a wide screen the side panel keeps to the screen's height and scrolls inside itself, so
  // that a long list of finished games never makes the page scroll away from the boards.
  function fitPanel() {
    const p = document.querySelector('.side-panel');
    // (A stopped server's last view keeps it so: its banner stands above the standings.)
    const final = document.body.classList.contains('ended') && !document.body.classList.contains('cut');
    if (window.innerWidth < 700 || final || document.body.classList.contains('hall')) {
      p.style.maxHeight = '';
      return;
    }
    const top = p.getBoundingClientRect().top + window.scrollY;
    p.style.maxHeight = `${Math.max(200, window.innerHeight - top - 8)}px`;
  }

  // The match is over (the view says so), or the server is gone: the match has ended or its
  // runner stopped. The last view stays.
  function ended(over) {
    document.body.classList.add('ended');
    document.body.classList.remove('hall');
    fitStandings();
    const v = last;
    const done = v ? v.games_done : 0;
    // The games left unfinished: those of the last view not among the finished (a card held on
    // its recorded end is not one), and of them those with a card on the page (a new game
    // waiting for a card's place has none): the count says both when they differ.
    const recorded = new Set(((v && v.finished) || []).map((f) => f.number));
    const unfinished = v ? v.games.filter((g) => !recorded.has(g.number)).map((g) => g.number).sort((a, b) => a - b) : [];
    const cut = !over && v && v.games.length > 0;
    // ... and the boards shown, the unfinished and those held on a recorded end, each named, so
    // that the words and the boards agree: "4 games finished · 2 games unfinished (1 shown, and 1
    // finished)" read as a contradiction and named no game.
    const boards = [...$('games').querySelectorAll('.game')].map((el) => Number(el.id.replace('game-', '')));
    const boardsLeft = boards.filter((n) => !recorded.has(n));
    const heldCards = boards.length - boardsLeft.length;
    const named = (ns) => `${ns.length > 1 ? 'games' : 'game'} ${numberRuns(ns)}`;
    const allShown = boardsLeft.length === unfinished.length && !heldCards;
    // "Server stopped: 4 games finished, 2 unfinished (games 5 and 6; the boards show game 5 and
    // game 4, which finished)"; on a phone, in two lines, only the boards that finished (each
    // unfinished board says so): "Server stopped: 4 finished, 2 unfinished (games 5 and 6; game 4 finished)".
    const held = boards.filter((n) => recorded.has(n));
    const stoppedWords = (narrow) => {
      const shown = [boardsLeft.length ? named(boardsLeft) : '', heldCards ? `${named(held)}, which finished` : ''];
      const which = narrow ? (heldCards ? `; ${named(held)} finished` : '')
        : allShown || !boards.length ? '' : `; the boards show ${shown.filter(Boolean).join(' and ')}`;
      return `Server stopped: ${narrow ? done : plural(done, 'game', 'games')} finished, ${unfinished.length} unfinished` + (unfinished.length ? ` (${named(unfinished)}${which})` : '');
    };
    document.body.classList.toggle('cut', Boolean(cut));
    fitPanel();
    $('final').hidden = false;
    $('final-h').textContent = cut ? 'The last view' : 'Final result';
    // (Short on a phone: its box two lines at most, the boards not pushed down.)
    $('final-text').textContent = cut ? `${stoppedWords(window.innerWidth < 700)}.`
      : `The match is over: ${matchResult(v) ? `${matchResult(v)}, in ${plural(done, 'game', 'games')}` : `${plural(done, 'game', 'games')} played`}${variantOf(v)}.`;
    // The last game's end is told in one sentence, whatever the status line said before (at one
    // size "The last games: ..." and at another "The last game, ..." as the news's timing fell):
    // the last game to end (the view lists them so); the others that ended with it are on the
    // last boards below.
    const lastEnds = v && !cut ? (v.finished || []).slice(0, 1) : [];
    $('final-last').hidden = lastEnds.length === 0;
    $('final-last').textContent = lastEnds.length === 1
      ? `The last game, game ${lastEnds[0].number}: ${endWords(lastEnds[0])}.`
      : lastEnds.length ? `The last games: ${lastEnds.map((f) => `game ${f.number}, ${endWords(f, false)}`).join('; ')}.` : '';
    for (const id of ['final-text', 'final-last']) $(id).innerHTML = breakable($(id).textContent); // (a long name broke mid-word on a phone)
    $('final-more').hidden = Boolean(cut);
    // On a wide screen the banner stands at the top of the side panel (live.css), so that the
    // boards keep their size; on a phone it comes above them, and they are fitted again.
    if (cut) {
      applyLayout(slots);
      fitPanel();
    }
    // A card whose game the record did not count says so, whatever its last view showed: the
    // final line and the standings count only the finished games.
    if (cut) {
      for (const el of $('games').querySelectorAll('.game')) {
        const n = Number(el.id.replace('game-', ''));
        if (recorded.has(n)) continue;
        const g = v.games.find((x) => x.number === n);
        const roll = el.querySelector('.roll');
        roll.className = 'roll game-over cut-note';
        // Short enough for a narrow card; a line too long still ends in an ellipsis (whole in
        // its title).
        const why = g && g.over ? 'Not recorded: server stopped' : 'Unfinished: server stopped';
        roll.innerHTML = `<span class="why">${why}</span>`;
        roll.title = g && g.over ? 'Ended, not recorded: the server stopped' : 'Unfinished: the server stopped';
        // Nobody is to move any more, and the engines' win chances are of a game that stopped.
        for (const side of el.querySelectorAll('.side')) {
          side.classList.remove('to-move');
          for (const x of side.querySelectorAll('.sr-only')) x.remove();
          const wp = side.querySelector('.wp');
          if (wp) wp.textContent = '';
        }
      }
    }
    // The section says its games were left so (one line, as before: the boards keep their size).
    // A card held on its recorded end may still be there: then the heading says when, true of
    // every card ("Games left unfinished" headed a finished game's card).
    const heldShown = cut && heldCards > 0;
    $('games-h-text').textContent = cut ? (heldShown ? 'Games when the server stopped' : 'Games left unfinished') : 'Games in progress';
    $('wp-legend').hidden = Boolean(cut);
    // A stopped match starts no game: no new game takes an ended game's place.
    if (cut) $('order-hint').hidden = true;
    // Nothing is in progress any more: the section goes.
    $('games-h').parentElement.hidden = !cut && (!v || v.games.length === 0);
    // The header counts what the banner says, in short words on one line: the banner says it
    // in full, once (at 1280 the header said it too, its third line hidden in the 44 px bar).
    const narrowTop = window.innerWidth < 700;
    $('status').classList.remove('news-big');
    if (narrowTop || cut) {
      $('status').textContent = cut
        ? `stopped · ${done} finished · ${unfinished.length} unfinished`
        : `${done} finished · match over`;
    } else {
      // (In the counts' words of the running match: "12 finished · the match is over", never
      // "the match is over · 12 games played" after "11 finished · 1 playing".)
      $('status').textContent = `${done} finished · the match is over` +
          (lastEnds.length === 1 ? ` · game ${lastEnds[0].number} ended: ${endWords(lastEnds[0], false)}` : '');
    }
    // Its tooltip said the last games' ends: now what the line says.
    $('status').title = $('status').textContent;
    const prefix = variants.size ? `${[...variants].join(', ')} · ` : '';
    // The title gives way to the status line, but never its players: where they no longer fit,
    // the line leaves out the last game's end, which the final result says below ("3x3 ·
    // Thi…aks, Al" was cut to "…aks,…" beside the end of a game won by a name of 54 letters).
    if (last && !fitTitle($('title'), prefix, last.title) && !cut && lastEnds.length === 1) {
      $('status').textContent = `${done} finished · the match is over`;
      $('status').title = $('status').textContent;
      fitTitle($('title'), prefix, last.title);
    }
    if (v && !cut) $('standings-h').textContent = 'Final standings';
    if (v && !cut) finalBoards(v);
    // The final screen's finished games are wider: their results take the room.
    fitResults();
    fitWords();
    placeReport();
    // The screen's last layout may leave a name less room than when the match ran.
    fitStandings();
    fitCardNames();
  }

  const next = window.EwnLiveNext; // the next match on the same address (live-replay.js)
  async function poll() {
    try {
      const r = await fetch('/api/live', { cache: 'no-store' });
      if (r.ok) {
        failures = 0;
        const v = await r.json();
        if (next.other(v)) return;
        holeEndings(v);
        if (v.version !== shown) {
          shown = v.version;
          draw(v);
        }
        if (v.over) { next.follow(); return; } // the final view: nothing more will change
      } else $('status').textContent = `the server answered ${r.status}`;
    } catch (e) {
      failures += 1;
      // Twice in a row, so that one lost request is not taken for the end.
      if (failures >= 2) { ended(false); next.follow(); return; }
    }
    setTimeout(poll, POLL_MS);
  }
  // The full report: on the final screen of a wide screen it opens below the last boards
  // (beside the side panel it hid them), and goes back into its summary when closed; its own
  // button closes it wherever it is.
  // While the match runs it opens where it is, in the side panel, its own box scrolling both
  // ways: over the boards it covered seven of eight, and below them the page scrolled them out
  // of view.
  const reportBox = $('report-box');
  function placeReport() {
    const r = $('report');
    const final = document.body.classList.contains('ended') && !document.body.classList.contains('cut');
    const home = $('final-boards');
    const wide = window.innerWidth > 900;
    const below = r.open && wide && final && !home.hidden;
    reportBox.classList.toggle('below', below);
    reportBox.classList.toggle('in-panel', wide && !final);
    // On the final screen it takes the last boards' place, below the result, until closed:
    // the page does not move (opened below the boards it scrolled the result out of view), and
    // its box ends at the screen's foot, scrolling inside itself.
    home.classList.toggle('report-open', below);
    const text = $('standings');
    if (below && reportBox.parentElement !== home) home.appendChild(reportBox);
    else if (!below && reportBox.parentElement !== r) r.appendChild(reportBox);
    if (below) {
      text.style.maxHeight = '';
      const room = window.innerHeight - text.getBoundingClientRect().top - 12;
      text.style.maxHeight = `${Math.max(200, Math.floor(room))}px`;
    } else text.style.maxHeight = '';
    // In the side panel: the panel scrolls to show it, never the page (a hall's, below the boards, does not).
    if (r.open && wide && !final) {
      const panel = document.querySelector('.side-panel'), b = reportBox.getBoundingClientRect(), p = panel.getBoundingClientRect();
      if (document.body.classList.contains('hall')) reportBox.scrollIntoView({ block: 'nearest' });
      else if (b.bottom > p.bottom) panel.scrollTop += Math.min(b.bottom - p.bottom, b.top - p.top);
    }
  }
  // Closed on the final screen, the report gives the last boards back their room: sized while
  // it stood in their place they were two of 150 px at 1280x800, where three of 312 belonged.
  $('report').addEventListener('toggle', () => {
    placeReport();
    const b = document.body.classList;
    if (!$('report').open && last && b.contains('ended') && !b.contains('cut')) finalBoards(last);
  });
  $('report-close').addEventListener('click', () => {
    $('report').open = false;
    placeReport();
    $('report').querySelector('summary').focus();
  });
  // A stopped server's last view is drawn again for the new size with its cards' notes.
  window.addEventListener('resize', () => {
    if (!last) return;
    draw(last);
    if (document.body.classList.contains('cut')) ended(false);
  });
  poll();
})();
