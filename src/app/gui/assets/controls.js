// The page's controls (loaded last, after app.js, panel.js, rules.js and records.js): new games,
// stepping, rolling, keys, flipping, copying, resigning, wiring every button, and the poll of the
// state that starts it all.

function readPlayer(side) {
  const fs = $('p-' + side);
  const type = fs.querySelector('.p-type').value;
  const movetime = Number(fs.querySelector('.p-time input').value);
  if (type === 'human') return { type };
  if (type === 'ewn') return { type, level: Number(fs.querySelector('.p-level input').value), movetime };
  return { type, name: fs.querySelector('.p-name select').value, movetime };
}

function showPlayerFields(fs) {
  const type = fs.querySelector('.p-type').value;
  fs.querySelector('.p-level').hidden = type !== 'ewn';
  fs.querySelector('.p-time').hidden = type === 'human';
  fs.querySelector('.p-name').hidden = type !== 'engine';
}

// The one question before anything replaces the game on the board (a link, Start game, Load).
// Asked when the game has moves and is not finished; for a link, opened without a click on this
// page, also when it is finished, since a finished game is still there to review. It says what
// would be replaced, by the control that asked (`at`: a marker where the question shows), and
// the answer runs `onYes` or `onNo`.
let replaceAnswer = null;
// A side line played on from a finished game is unfinished play too: asked as any other.
const sideLineOpen = () => Boolean(S && S.main && !S.winner && !S.line_over);
function replacesGame(evenFinished) {
  return Boolean(S) && S.plies.length > 0 && (evenFinished || !gameOver() || sideLineOpen());
}
function askReplace({ at, lead, yes, onYes, onNo, title, text, no, status }) {
  const box = $('replace-ask');
  // The raw text behind the words (a link's position string) only as a tooltip.
  if (title) $('replace-ask-text').title = title;
  else $('replace-ask-text').removeAttribute('title');
  $(at).after(box);
  const over = gameOver();
  const n = S.plies.length;
  const won = S.winner || (S.main && S.main.winner);
  const end = sideLineOpen() ? `, in a side line not finished${won ? ` (the game: ${SIDE_NAME[won]} won)` : ''}`
    : over ? (won ? `, ${SIDE_NAME[won]} won` : ', finished') : ', not finished';
  // A loaded record's game says which of the record's games it is.
  const src = S.source && S.source.serial === S.game && S.source.count > 1
    ? `game ${S.source.game} of ${S.source.count} of the loaded record, ` : '';
  // Its variant when it is not the standard game, or when the form's is another (3x3 on the
  // board, 4x4 in the form), for every question (Load's too).
  const variant = !S.variant.standard || S.variant.name !== $('ng-variant').value ? `${S.variant.name}, ` : '';
  $('replace-ask-text').textContent = `${lead} This replaces the game on the board ` +
    `(${src}${variant}${describePlayer(S.players.red)} v ${describePlayer(S.players.blue)}, ${n} move${n === 1 ? '' : 's'}${end}). Replace it?`;
  // A move at a step back asks its own question (the game's later moves, not the game).
  if (text) $('replace-ask-text').textContent = text;
  $('replace-yes').textContent = yes;
  $('replace-no').textContent = no || 'Keep this game';
  // Kept, the keyboard goes back to where the question was asked from (the board after a link).
  const from = document.activeElement && document.activeElement !== document.body ? document.activeElement : null;
  replaceAnswer = { counted: !text, status, onYes, onNo: () => { onNo(); if (from && from.offsetParent !== null) from.focus({ preventScroll: true }); else focusPlay(); } };
  // A new question clears an older action's note (on a phone the take-own-cube note hid it).
  if (localError) { localError = null; clearTimeout(noteTimer); render(S); }
  holdPlay(true);
  box.hidden = false;
  // On a wide screen Start game's and a link's question stand beside the board, under the move
  // list, so that both are seen together and the board keeps its place (the form is far
  // below the board; above the board, a link's question pushed its bottom rank out of view).
  // Load's stays by the Load button in the Record card, beside the board.
  const float = (at === 'start-ask-at' || at === 'link-ask-at' || at === 'move-ask-at') && window.innerWidth > 900;
  box.classList.toggle('floating', float);
  // On a phone a link's question (and a move's at a step back) stands over the page's top, as a
  // dialog: above the board it pushed the board 171 px down.
  box.classList.toggle('over-top', (at === 'link-ask-at' || at === 'move-ask-at') && window.innerWidth <= 900);
  // The status says what is asked (it said "click c4 again to confirm" under the question).
  if (status) $('status').textContent = $('status').title = status;
  // A move's question on a phone: right under the board, the board in view (at the page's top
  // it stood over the board's visible rows, the board 168 px above the screen).
  // Its answers side by side, so that it ends above the step buttons (over them it hid them), and
  // the turn's buttons it stands over, which wait for the answer, are not drawn under it.
  if (at === 'move-ask-at' && window.innerWidth <= 900) {
    showBoard();
    box.classList.add('under-board');
    const r = $('board').getBoundingClientRect();
    if (r.bottom + 4 + box.offsetHeight <= window.innerHeight - 8) box.style.top = `${Math.round(r.bottom + 4)}px`;
    const b = box.getBoundingClientRect();
    for (const css of HELD_BY_ASK.slice(1)) {
      const el = document.querySelector(css), e = el && el.getBoundingClientRect();
      if (e && e.height > 0 && e.top < b.bottom && b.top < e.bottom && css !== '#navbar') el.classList.add('under-ask');
    }
  }
  if (float) {
    showBoard();
    const r = $('board').getBoundingClientRect();
    // Within the column between the board and the form, when the form stands beside it (as at
    // 1280 wide), so that the question hides none of the form.
    const f = $('newgame').getBoundingClientRect();
    const room = f.left - 12 - (r.right + 12);
    box.style.width = f.left > r.right && room >= 220 && room < 380 ? `${Math.floor(room)}px` : '';
    const left = Math.round(Math.min(r.right + 12, window.innerWidth - box.offsetWidth - 8));
    box.style.left = `${left}px`;
    let top = Math.max(8, Math.min(r.bottom, window.innerHeight - 8) - box.offsetHeight);
    // A link's question (asked as the page opens, the eye at its top) at the column's top, under
    // the top bar: at the column's foot (551-792 px of 800) it was far from where one looks.
    const head = $('status').closest('header').getBoundingClientRect().bottom;
    if (at === 'link-ask-at') top = Math.max(8, Math.round(head) + 12);
    // Below the move list when that stands in the same column, so that the moves the answer
    // would throw away stay in sight (at the board's lower edge it stood over them).
    const m = $('moves').getBoundingClientRect();
    if (at !== 'link-ask-at' && m.height > 0 && m.left < left + box.offsetWidth && left < m.right) {
      top = Math.max(top, Math.min(m.bottom + 8, window.innerHeight - 8 - box.offsetHeight));
    }
    box.style.top = `${Math.round(top)}px`;
  }
  $('replace-yes').focus({ preventScroll: float });
  // Load's question in the Record card stands under its game picker (under the answers the
  // picker was at 773-800 px of 800): the picker, whose game it names, comes on the screen too.
  if (at === 'load-ask-at' && !$('record-pick').hidden) $('record-pick').scrollIntoView({ block: 'nearest' });
}
// The question's count of moves follows the game while it is open: engines playing on made it
// read "3 moves" beside a move list of 4.
function askCount() {
  if (!replaceAnswer || !replaceAnswer.counted || !S) return;
  const t = $('replace-ask-text'), n = S.plies.length;
  const said = t.textContent.replace(/, \d+ moves?(?=[,)])/, `, ${n} move${n === 1 ? '' : 's'}`);
  if (said !== t.textContent) t.textContent = said;
}
// While the question is open the board and the game's buttons by it wait (inert: neither clicks
// nor keys reach them), as the keys do: nothing plays on in the game the question counts.
const HELD_BY_ASK = ['.board-wrap', '#turnbar', '.moverow', '#navbar', '#moves', '#endbar', '#seat-offer', '#record-bar', '#mainline'];
function holdPlay(on) {
  for (const css of HELD_BY_ASK) {
    const el = document.querySelector(css);
    if (el) el.inert = on;
  }
  document.body.classList.toggle('asking', on);
}
function answerReplace(yes) {
  const a = replaceAnswer;
  replaceAnswer = null;
  holdPlay(false);
  $('replace-ask').hidden = true;
  $('replace-ask').classList.remove('floating', 'over-top', 'under-board');
  document.querySelectorAll('.under-ask').forEach((e) => e.classList.remove('under-ask'));
  $('replace-ask').style.left = $('replace-ask').style.top = $('replace-ask').style.width = '';
  if (a) (yes ? a.onYes : a.onNo)();
}

async function startGame(asked) {
  if (asked !== true && replacesGame(false)) {
    askReplace({
      at: 'start-ask-at',
      lead: 'Start game begins a new game.',
      yes: 'Start the new game',
      onYes: () => startGame(true),
      onNo: () => say('The game goes on; no new game was started.'),
    });
    return null;
  }
  const body = {
    red: readPlayer('red'),
    blue: readPlayer('blue'),
    variant: $('ng-variant').value,
    red_setup: setupField('r').value.trim(),
    blue_setup: setupField('b').value.trim(),
    first: $('ng-first').value,
    dice: $('ng-dice').value,
  };
  const seed = $('ng-seed').value.trim();
  if (seed) body.seed = seed;
  const pos = $('ng-position').value.trim();
  if (pos) body.position = pos;
  const s = await post('/api/new', body);
  if (s) {
    setupMode = false;
    hintMove = null;
    formKey = null;
    formFromRecord = false;
    lastStarted = { red: body.red, blue: body.blue, first: body.first, dice: body.dice };
    recordForNewGame();
    $('ng-start').blur();
    // The form folds away: the new game's board, status and Roll are what comes next (open, it
    // pushed the Analysis heading to 763 px until the first move). Its place goes back at once
    // (on a phone it stood over the board), before the board is brought into view.
    document.body.classList.remove('form-first');
    $('newgame').open = false;
    render(s);
    say(`New game: ${settingsText(s)}`);
    // The game is on the board: bring it into view (on a phone the form is far below it).
    showBoard();
    focusPlay();
  }
  return s;
}

// Where stepping is heading while its requests are on their way: each press steps from there,
// so that four quick presses step four plies, and only the latest target is asked for.
let navTarget = null;
let navBusy = false;
const stepFrom = () => (navTarget !== null ? navTarget : S.ply);

// Shows the position after `ply` plies. From the panel (the graph, the review's list, the
// move list), the board is brought into view when it is out of sight, as on a phone.
async function navigate(ply, fromPanel) {
  if (!S) return;
  if (!TOKEN) { flash(WATCH_ONLY, 'info'); return; }
  navTarget = Math.max(0, Math.min(S.plies.length, ply));
  if (!navBusy) {
    navBusy = true;
    try {
      while (navTarget !== null && navTarget !== S.ply) {
        const s = await post('/api/navigate', { ply: navTarget });
        if (!s) break;
      }
    } finally {
      navBusy = false;
      navTarget = null;
    }
  }
  if (fromPanel) showBoard();
}

function showBoard() {
  // At once, not smoothly: a click aimed at the board or the die while the page still glides lands
  // beside its target (the browser journeys missed Roll that way). The player's bar above the
  // board comes into view with it, so that its top edge (and the Paused tag on it) is not cut.
  // The status line above comes too whenever it fits with the board: it says whose turn it is,
  // or how the game ended, and a scroll that cut it off would hide just that.
  const r = $('board').getBoundingClientRect();
  const st = $('status').getBoundingClientRect();
  const withStatus = r.bottom - st.top + 8 <= window.innerHeight;
  const statusOut = st.top < 0 || st.bottom > window.innerHeight;
  // When the page's top (its title and New game) fits with the board, it stays: no stray scroll.
  if (window.scrollY + r.bottom + 8 <= window.innerHeight) {
    if (window.scrollY > 0) window.scrollTo({ top: 0, behavior: 'auto' });
    return;
  }
  if (r.top < 0 || r.bottom > window.innerHeight || (withStatus && statusOut)) {
    const above = document.querySelector('.board-wrap').previousElementSibling;
    const top = withStatus ? st.top : Math.min(r.top, above ? above.getBoundingClientRect().top : r.top);
    window.scrollTo({ top: Math.max(0, window.scrollY + top - 4), behavior: 'auto' });
  }
}

// After Start game, Rematch or a load the keyboard goes on from the game: Roll when it can be
// pressed, else a cube that can move when the person is to move (a game without dice, or a
// die already rolled), else the board's square that takes the focus (not the page's top, a
// dozen Tabs away).
function focusPlay() {
  const roll = $('roll');
  if (roll.offsetParent !== null && !roll.disabled) { roll.focus({ preventScroll: true }); return; }
  // An engine moves first: Roll takes the keyboard once it is offered (render).
  rollFocusWanted = Boolean(S) && !S.winner;
  if (S && !S.winner && S.live && humanToMove() && S.legal.length && mayMove()) {
    focusMovable();
    if ($('board').contains(document.activeElement)) return;
  }
  focusBoard();
}

// The focus on the cube picked for the person (the die leaves only it), else on the first
// cube that can move, in the board's order as drawn.
function focusMovable() {
  if (!S || S.winner || !humanToMove()) return;
  const froms = new Set(S.legal.map((m) => m.slice(0, 2)));
  const cell = (selected && froms.has(selected) && $('sq-' + selected)) || [...document.querySelectorAll('#board .cell')].find((c) => froms.has(c.id.slice(3)));
  if (!cell) return;
  // As focusSquare, without scrolling (on a phone the page stays where the roll left it).
  focusIdx = Number(cell.dataset.i);
  document.querySelectorAll('#board .cell').forEach((c) => { c.tabIndex = c === cell ? 0 : -1; });
  cell.focus({ preventScroll: true });
}

function focusBoard() {
  const el = document.querySelector('#board .cell[tabindex="0"]') || document.querySelector('#board .cell');
  if (el) el.focus({ preventScroll: true });
}

// The review's card in view: beside the board the least scroll that shows it; on a phone (from
// the link to it), where it is below the board and its controls, its heading at the top of the screen, focused for the
// keyboard. While the review runs the page above the card changes (the card moves up the panel,
// the link to it appears, the list's marks), and a scroll made once would leave the heading
// above the screen: the card is kept there until the review is done and the page has settled,
// or until the person scrolls.
let reviewPin = 0; // until when the review's card is kept at the top of a phone's screen
function showReview() {
  const card = $('review-card');
  if (window.innerWidth > 900) { card.scrollIntoView({ block: 'nearest' }); return; }
  reviewPin = Date.now() + 20000;
  pinReview();
  card.querySelector('h2').focus({ preventScroll: true });
  for (const ms of [50, 200, 500, 1000]) setTimeout(pinReview, ms);
}
function pinReview() {
  if (!reviewPin) return;
  // Kept while the review runs, and a moment after it ends.
  if (S && !S.review.busy && reviewPin > Date.now() + 1500) reviewPin = Date.now() + 1500;
  if (Date.now() > reviewPin) { reviewPin = 0; return; }
  const top = $('review-card').getBoundingClientRect().top;
  if (Math.abs(top - 8) > 2) window.scrollTo({ top: Math.max(0, window.scrollY + top - 8), behavior: 'auto' });
}
// The person's own scrolling ends the pin.
['wheel', 'touchstart', 'keydown', 'pointerdown'].forEach((t) => window.addEventListener(t, () => { reviewPin = 0; }, { passive: true }));

async function undo() {
  if (!S || !S.can_undo) return;
  const ended = gameOver() && !S.main, from = S.ply;
  const s = await post('/api/undo', {});
  if (!s) return;
  const back = `${s.ply === 0 ? 'the start' : `after move ${s.ply}`}, ${SIDE_NAME[s.side]} to move${s.die ? ` with ${dieWords(s.die)}` : ''}`;
  // After the game's end it says what it took back (a new player read it as a side line opened).
  const n = from - s.ply;
  // During play too (only read aloud, a new player saw no note): it stays until the next action.
  const took = `Took back ${n === 1 ? 'the last move' : `the last ${n} moves`}: play on from ${back}.`;
  flash(ended ? `${took} The finished game is kept (Back to the game).` : took, 'info', true);
}

function roll(ev) {
  if (repeated(ev)) return;
  if (canRoll()) {
    rollWanted = null;
    // Roll is disabled once rolled: the keyboard goes on from the board, not from the page,
    // at the cube to move (R pressed on the board too, not the square of the last move).
    const from = document.activeElement;
    const fromRoll = from === $('roll');
    const keyboard = fromRoll || !from || from === document.body || $('board').contains(from);
    if (fromRoll) focusBoard();
    post('/api/roll', {}).then((s) => { if (s && keyboard) focusMovable(); });
  } else if (canQueueRoll()) {
    rollWanted = S.start;
    flash(`Rolling as soon as ${SIDE_NAME[S.side]} has moved.`, 'info');
  }
}

function showNewGame() {
  // Opened beside the board, the rules would stand over the form.
  $('rules').open = false;
  $('newgame').open = true;
  // Beside the board, the form goes to the panel's top, so that the board stays in view; on a
  // phone to the page's top, under the top bar (far below the board, it took a jump of 1173 px).
  document.body.classList.add('form-first');
  formInView();
  $('ng-start').focus({ preventScroll: true });
}

// The opened New game form is brought into view from its heading, on a wide screen only as far
// down as keeps Start game on the screen (opened from its heading, Start game was at 1013 px of
// 800); on a phone, taller than the screen, from its heading.
function formInView() {
  const f = $('newgame').getBoundingClientRect(), b = $('ng-start').getBoundingClientRect();
  const by = innerWidth <= 900 ? f.top : Math.min(f.top - 8, Math.max(0, b.bottom + 12 - innerHeight));
  if (Math.abs(by) > 1) window.scrollBy({ top: by, behavior: REDUCED_MOTION ? 'auto' : 'smooth' });
}

// Keys anywhere but in a form field: R roll, U undo, H hint, P pause, 1-9 a typed die, the
// squares of a move typed as a5b4, Escape to clear it, arrows to step through the game.
function onKey(ev) {
  if (!S || ev.ctrlKey || ev.metaKey || ev.altKey) return;
  // While the question before replacing the game is open, the keys go to it only (Escape keeps
  // the game): a key must not play on in the game the question counts.
  if (replaceAnswer) {
    if (ev.key === 'Escape') { answerReplace(false); ev.preventDefault(); }
    // Tab goes between the two answers only, as in a dialog.
    if (ev.key === 'Tab') {
      const next = document.activeElement === $('replace-yes') ? $('replace-no') : $('replace-yes');
      next.focus({ preventScroll: true });
      ev.preventDefault();
    }
    return;
  }
  if (ev.target.closest('#copy-box')) return;
  // The record's game picker leaves ← and → to the steps (↑ ↓ still pick a game): picked with
  // the mouse it kept the focus, and ← then loaded the game before, its win chances worked out anew.
  if (ev.target.id === 'rec-game' && (ev.key === 'ArrowLeft' || ev.key === 'ArrowRight')) ev.preventDefault();
  else if (ev.target.closest('input, textarea, select')) return;
  // Anywhere but in a form field, as on the graph: Home the start, End the end (← → step
  // below), never a scroll of the page. On a move-list entry the focus follows to the entry
  // shown; on the step buttons it goes to the step back (after End) or forward (after Home),
  // which stays enabled; elsewhere it stays.
  const onStep = ['nav-first', 'nav-back', 'nav-fwd', 'nav-last'].includes(ev.target.id);
  if (ev.key === 'Home' || ev.key === 'End') {
    const home = ev.key === 'Home', follow = ev.target.closest('#moves') || onStep;
    Promise.resolve(navigate(home ? 0 : S.plies.length)).then(() => {
      if (!follow) return;
      const list = $('moves');
      const to = onStep ? $(home ? 'nav-fwd' : 'nav-back')
        : list.querySelector('.current button') || list.querySelector(home ? 'li button' : 'li:last-of-type button');
      if (to && !to.disabled) to.focus({ preventScroll: true });
    });
    ev.preventDefault();
    return;
  }
  const k = ev.key.toLowerCase();
  typedJustPlayed = false;
  if (k === 'r' && (canRoll() || canQueueRoll())) { roll(); ev.preventDefault(); return; }
  if (k === 'u' && S.can_undo) { undo(); ev.preventDefault(); return; }
  if (k === 'h' && !$('hint').disabled) { $('hint').click(); ev.preventDefault(); return; }
  if (k === 'v') { toggleReveal(); ev.preventDefault(); return; }
  if (k === 'p' && !S.winner) { post('/api/control', { action: S.running ? 'pause' : 'run' }); ev.preventDefault(); return; }
  // A move starts with a letter, so a digit first is a typed die (or its correction); 10..12
  // are typed as two digits.
  if (/^[0-9]$/.test(k) && typed.length === 0 && canType() && typeDieKey(k)) {
    ev.preventDefault();
    return;
  }
  if (k === 'escape') { typed = ''; $('move-input').value = ''; selected = null; render(S); return; }
  const g = geo();
  const ok = typed.length % 2 === 0 ? g.files.includes(k) && k.length === 1 : /^[1-8]$/.test(k) && Number(k) <= g.rows;
  if (ok && mayMove()) {
    typed += k;
    $('move-input').value = typed;
    if (typed.length === 2) {
      selected = S.legal.some((m) => m.startsWith(typed)) ? typed : null;
      render(S);
    }
    if (typed.length === 4) {
      const m = typed;
      typed = '';
      if (S.legal.includes(m)) { playMove(m); typedJustPlayed = true; }
      else { $('move-input').value = ''; flash(`${m} is not legal for ${dieWords(S.die)}: ${S.legal.join(', ')}`); }
    }
    ev.preventDefault();
    return;
  }
  if (!ev.target.closest('#board')) {
    if (ev.key === 'ArrowLeft') navigate(stepFrom() - 1);
    if (ev.key === 'ArrowRight') navigate(stepFrom() + 1);
  }
}

// A digit of a typed die: a whole outcome is entered at once, unless a longer outcome starts
// with it (1 of 10..12), which waits a moment for its second digit.
function typeDieKey(k) {
  const outs = S.variant.outcomes.map((o) => String(o[0]));
  clearTimeout(dieTimer);
  let buf = dieBuf + k;
  if (!outs.some((o) => o.startsWith(buf))) buf = k;
  if (!outs.some((o) => o.startsWith(buf))) { dieBuf = ''; return false; }
  const longer = outs.some((o) => o.length > buf.length && o.startsWith(buf));
  const enter = (b) => { dieBuf = ''; post('/api/roll', { die: Number(b) }); };
  if (outs.includes(buf) && !longer) { enter(buf); return true; }
  dieBuf = buf;
  dieTimer = setTimeout(() => { if (outs.includes(dieBuf)) enter(dieBuf); else dieBuf = ''; }, 900);
  return true;
}

// The players' bars follow the board: the side drawn at the top has its bar above it.
function placeBars() {
  const wrap = document.querySelector('.board-wrap');
  wrap.before(flipped ? $('bar-blue') : $('bar-red'));
  $('decision').after(flipped ? $('bar-red') : $('bar-blue'));
  placeDecision();
}

function flipBoard() {
  flipped = !flipped;
  placeBars();
  try { localStorage.setItem('ewn-flip', flipped ? 'on' : 'off'); } catch (e) { /* no storage */ }
  $('flip').setAttribute('aria-pressed', String(flipped));
  say(flipped ? "Board turned: Blue's side at the bottom." : "Board turned back: Red's side at the top.");
  lastBoardHtml = '';
  if (S) render(S);
}

// Copies text to the clipboard, with a fallback for browsers that refuse the clipboard API.
async function copyText(text, what, also) {
  let ok = false;
  try { await navigator.clipboard.writeText(text); ok = true; } catch (e) {
    const t = document.createElement('textarea');
    t.value = text;
    t.setAttribute('aria-hidden', 'true');
    t.style.position = 'fixed';
    t.style.opacity = '0';
    document.body.appendChild(t);
    t.select();
    try { ok = document.execCommand('copy'); } catch (e2) { ok = false; }
    t.remove();
  }
  document.body.dataset.copied = text;
  // Refused, the text waits in a box of its own, selected, until closed: a note under the board
  // would take lines the buttons below need, and go after a few seconds.
  if (!ok) showCopyBox(text, what);
  flash((ok ? `Copied the ${what}.` : `Copy the ${what} from the box.`) + (also ? ` ${also}` : ''), 'info');
  say((ok ? `Copied the ${what}.` : `The ${what} is in the box, selected, to copy.`) + (also ? ` ${also}` : ''));
}
let copyBoxFrom = null;
function showCopyBox(text, what) {
  copyBoxFrom = document.activeElement && document.activeElement !== document.body ? document.activeElement : null;
  $('copy-box-text').textContent = `Copy the ${what}:`;
  const f = $('copy-box-field');
  f.value = text;
  $('copy-box').hidden = false;
  // On a phone the note stands over the screen's foot: above the box, not under it.
  document.body.style.setProperty('--copy-h', `${$('copy-box').offsetHeight + 8}px`);
  f.focus({ preventScroll: true });
  f.select();
}
function closeCopyBox() {
  if ($('copy-box').hidden) return;
  $('copy-box').hidden = true;
  document.body.style.removeProperty('--copy-h');
  if (copyBoxFrom && copyBoxFrom.offsetParent !== null) copyBoxFrom.focus({ preventScroll: true });
  copyBoxFrom = null;
}

// A link to the shown position. It carries this page's token, so that it opens the position in
// any browser on this machine while this run of ewn gui serves (a fresh browser has no token of
// its own); the page takes the token out of the address bar again as it opens.
const positionLink = () => `${location.origin}/?` + (TOKEN ? `token=${encodeURIComponent(TOKEN)}&` : '') +
  `position=${encodeURIComponent(S.fen)}&variant=${encodeURIComponent(S.variant.name)}`;

// Opens the position of a link (?position=...): a game from it with the form's players. The
// person is asked whenever a game with moves (finished too: it may still be reviewed) would be
// replaced by another position; a link to the position on the board changes nothing. Kept, the
// game goes on and the linked position waits in the New game form's position field. A position
// that does not start is taken out of the form again, so that the next Start game is not
// refused for it.
async function openLinked() {
  const l = LINKED;
  if (!l || !S) return;
  if (!TOKEN) { flash('This link opens a position, but the page has no token: open the address ewn gui printed (it ends in ?token=…), then the link again.'); return; }
  const variant = l.variant || S.default_variant;
  if (S.fen === l.position && S.variant.name === variant) {
    say('The linked position is the one on the board.');
    return;
  }
  if (replacesGame(true)) {
    askReplace({
      at: 'link-ask-at',
      lead: `This link opens another position: ${describePosition(l.position, variant)}.`,
      yes: 'Open the linked position',
      title: `The link's position: ${l.position}${l.variant ? ` (${l.variant})` : ''}`,
      onYes: startLinked,
      onNo: keepForLink,
    });
    return;
  }
  await startLinked();
}

// A link's position string in plain words, for a person who cannot read the string: who is to
// move and each side's cubes, and its rule set when it is not the one on the board. Text that
// is not a position string is only said to be one the page cannot read.
function describePosition(fen, variant) {
  const m = /^\s*(\S+)\s+([rb])\s*$/.exec(String(fen));
  const rules = variant && variant !== S.variant.name ? `, in ${variant}` : '';
  if (!m) return `a position the page cannot read${rules}`;
  const cubes = { R: [], B: [] };
  for (const [, side, c] of m[1].matchAll(/([RB])([1-9ABC])/g)) cubes[side].push(cubeNum(c));
  const v = S.variants.find((x) => x.name === variant) || S.variant;
  const all = v.cubes.length;
  const count = (n) => `${n} cube${n === 1 ? '' : 's'}`;
  // A side's cubes: "all 6 cubes", else how many and which ("4 cubes (1, 3, 5, 6)").
  const has = (nums) => (nums.length === all ? `all ${count(all)}` : nums.length === 0 ? 'no cubes'
    : `${count(nums.length)} (${[...nums].sort((a, b) => a - b).join(', ')})`);
  const who = `${SIDE_NAME[m[2]]} to move`;
  if (cubes.R.length === all && cubes.B.length === all) return `${who}, both sides with all ${count(all)}${rules}`;
  return `${who}, Red with ${has(cubes.R)}, Blue with ${has(cubes.B)}${rules}`;
}

// The game stays; the linked position waits in the New game form, to start later.
function keepForLink() {
  const l = LINKED;
  const v = S.variants.find((x) => x.name === l.variant) || S.variant;
  open_form_for(v.name, l.position);
  const how = 'The linked position is in New game\'s position field: Start game opens it (empty the field for a usual start), or open the link again.';
  flash(`Kept this game. ${how}`, 'info');
  say(`Kept this game. ${how}`);
}

async function startLinked() {
  const l = LINKED;
  const v = S.variants.find((x) => x.name === l.variant) || S.variant;
  open_form_for(v.name, l.position);
  const s = await startGame(true);
  $('ng-position').value = '';
  if (!s) flash(`The linked position did not start (${localError || 'refused'}); the game goes on.`);
}

function open_form_for(variant, position) {
  $('ng-variant').value = variant;
  variantPicked();
  $('ng-position').value = position;
}

async function resign(ev) {
  if (repeated(ev) || !S) return;
  // Two clicks, apart: the first asks, the second resigns.
  if (Date.now() > resignArmed) {
    resignArmed = Date.now() + 4000;
    $('resign').textContent = 'Resign?';
    flash(`${capital(pressWord().split(' ')[0])} Resign? again to resign: ${SIDE_NAME[S.side === 'r' ? 'b' : 'r']} wins.`, 'info');
    setTimeout(() => {
      if (resignArmed && Date.now() > resignArmed) {
        resignArmed = 0;
        $('resign').textContent = 'Resign';
        if (S && !S.winner) flash('Resign not confirmed: the game goes on.', 'info');
      }
    }, 4100);
    return;
  }
  resignArmed = 0;
  $('resign').textContent = 'Resign';
  const s = await post('/api/resign', {});
  if (s) say(`${SIDE_NAME[s.winner === 'r' ? 'b' : 'r']} resigned: ${SIDE_NAME[s.winner]} wins.`);
}

function wire() {
  const board = $('board');
  // A tap is a step of its own (pick, target, the second tap that takes one's own cube): a
  // quick second tap, counted by a touch screen as a double tap, acts as a slow one. A mouse's
  // double click stays one action (it never takes one's own cube).
  board.addEventListener('click', (ev) => {
    const cell = ev.target.closest('.cell');
    const double = ev.pointerType === 'touch' ? inFlight > 0 : repeated(ev);
    if (cell && !double) onBoardClick(Number(cell.dataset.i));
  });
  // A square drawn anew between press and release (the engine's answer, the die or the
  // analysis arriving) took no click, and the first click on a cube showed nothing: the square
  // under the release, the same as pressed, takes it.
  // The second press of a mouse's double click is left out here too: the move of the first click
  // redraws the board under it, and its release said "Blue is an engine and plays by itself."
  let pressed = null;
  let pressCount = 0;
  board.addEventListener('mousedown', (ev) => { pressCount = ev.detail; });
  board.addEventListener('pointerdown', (ev) => { pressed = ev.button === 0 ? ev.target.closest('.cell') : null; });
  board.addEventListener('pointerup', (ev) => {
    const was = pressed;
    pressed = null;
    if (!was || was.isConnected || setupMode) return;
    if (ev.pointerType === 'touch' ? inFlight > 0 : pressCount > 1 || inFlight > 0) return;
    const hit = document.elementFromPoint(ev.clientX, ev.clientY);
    const cell = hit && hit.closest('#board .cell');
    if (cell && cell.dataset.i === was.dataset.i) onBoardClick(Number(cell.dataset.i));
  });
  board.addEventListener('keydown', onBoardKey);
  board.addEventListener('focusin', (ev) => {
    const cell = ev.target.closest('.cell');
    if (cell) focusIdx = Number(cell.dataset.i);
  });
  board.addEventListener('pointerdown', setupPointerDown);
  board.addEventListener('pointermove', setupPointerMove);
  board.addEventListener('pointerup', setupPointerUp);
  board.addEventListener('pointercancel', () => { drag = null; drawBoard(); });
  $('roll').addEventListener('click', roll);
  $('watch-close').addEventListener('click', () => { watchNoteClosed = true; if (S) render(S); });
  $('typed-dice').addEventListener('click', (ev) => {
    const b = ev.target.closest('button');
    if (b && !repeated(ev)) post('/api/roll', { die: Number(b.dataset.die) });
  });
  $('pass').addEventListener('click', (ev) => { if (!repeated(ev)) playMove('0000'); });
  // A variant picked sets its own first side, Red (a Blue-first rematch's "first: Blue" stuck
  // for every later variant); the players are the last game's, as the variant's line says.
  $('ng-variant').addEventListener('change', () => { $('ng-first').value = 'r'; variantPicked(); });
  $('hint').addEventListener('click', async () => {
    try {
      const at = hintKey(S);
      let h = await api('POST', '/api/hint', {});
      // Searched for this press (with the analysis off, or not done yet): asked again until
      // it comes, for as long as the position stays.
      for (let n = 0; h.searching && n < 75 && hintKey(S) === at; n += 1) {
        await new Promise((ok) => setTimeout(ok, 200));
        h = await api('POST', '/api/hint', {});
      }
      if (hintKey(S) !== at) return;
      if (h.searching) { flash('The hint is still being searched: press Hint again in a moment.', 'info'); return; }
      hintMove = h.move;
      hintAt = hintKey(S);
      localError = null;
      // A move onto one's own cube says so: it looks like a slip otherwise.
      const own = h.move && h.move.length === 4 && ownCubeAt(h.move.slice(2)) ? ' (takes your own cube)' : '';
      // Two moves within a point of each other are both named: the search cannot tell them apart.
      const also = h.also ? `; ${moveShown(h.also.move)} is about as good, ${pct(h.also.wp)}` : '';
      say(`Hint: ${h.move}${own}, ${pct(h.wp)}${also}`);
      const rule = own ? ownCaptureRule(S.variant) : '';
      flash(`Hint: ${moveShown(h.move)}, ${SIDE_NAME[S.side]}'s win chance ${pct(h.wp)}${own}${also}.${rule ? ` Allowed: ${rule}.` : ''}`, 'info', true);
    } catch (e) { flash(e.message); }
  });
  $('undo').addEventListener('click', (ev) => { if (!repeated(ev)) undo(); });
  // A note cut at two lines (on a phone) opens whole over what follows it, moving nothing, by a
  // tap on it; a second tap closes it.
  // On a phone its box lets taps through (app.css): a tap inside it that reached no control
  // is the note's.
  const noteTap = (ev) => {
    const el = $('error');
    // A tap on the note itself (the status's words in it) was its own listener's: toggled
    // again here, the opened note closed and opened at once.
    if (el.hidden || el.contains(ev.target)) return;
    if (getComputedStyle(el).pointerEvents !== 'none' || el.classList.contains('shutting')) return;
    const r = el.getBoundingClientRect();
    const inside = ev.clientX >= r.left && ev.clientX <= r.right && ev.clientY >= r.top && ev.clientY <= r.bottom;
    if (inside && !ev.target.closest('button, a[href], input, select, textarea, summary, label, .cell')) toggleNote();
  };
  document.addEventListener('click', noteTap);
  const toggleNote = () => {
    const el = $('error');
    if (!el.classList.contains('cut') && !el.classList.contains('open')) return;
    // Its box kept as it was: the opened text leaves the flow, and the box as tall as its lines
    // shrank by 28 px on a phone.
    el.style.height = el.classList.contains('open') ? '' : el.getBoundingClientRect().height + 'px';
    el.classList.toggle('open');
    el.classList.toggle('cut', !el.classList.contains('open'));
  };
  $('error').addEventListener('click', toggleNote);
  // An opened note closes as soon as something else is used (a tap, the keyboard's focus): a tap
  // on its text reaches the control under it, so that it never keeps one hidden.
  // Until the tap is over it lets taps through (over the status line its box lies over the Rules
  // row: cut at once, it took the tap's click for itself and opened again).
  const shutNote = (ev) => {
    const el = $('error');
    if (!el.classList.contains('open') || el.contains(ev.target)) return;
    el.classList.remove('open'); el.classList.add('cut', 'shutting');
    setTimeout(() => el.classList.remove('shutting'), 700);
  };
  document.addEventListener('pointerdown', shutNote, true);
  document.addEventListener('focusin', shutNote, true);
  $('pause').addEventListener('click', (ev) => { if (!repeated(ev)) post('/api/control', { action: S && S.running ? 'pause' : 'run' }); });
  $('step').addEventListener('click', (ev) => { if (!repeated(ev)) post('/api/control', { action: 'step' }); });
  $('mainline').addEventListener('click', async (ev) => {
    const b = ev.target.closest('button');
    if (!b || repeated(ev)) return;
    // The game as it ended, with its result (and Rematch, Review), not where the side line left it.
    await post('/api/mainline', S && S.main ? { ply: S.main.length } : {});
    showBoard();
  });
  $('rematch').addEventListener('click', async (ev) => {
    if (repeated(ev) || !S) return;
    rematchOf = S.game;
    const s = await post('/api/rematch', {});
    if (s) {
      // The form shows the rematch's seats: render fills it from the game on the board.
      say(`Rematch: ${settingsText(s)}`);
      focusPlay();
      // Once the new game is drawn, Roll (shown only then) takes the focus from the board.
      requestAnimationFrame(() => { if ($('board').contains(document.activeElement)) focusPlay(); });
    }
  });
  $('again').addEventListener('click', showNewGame);
  $('top-new').addEventListener('click', showNewGame);
  wireRules();
  let noteCheck = null;
  const noteAside = () => { if (noteCheck === null) noteCheck = requestAnimationFrame(() => { noteCheck = null; noteOffFocus(); }); };
  window.addEventListener('scroll', noteAside, { passive: true });
  document.addEventListener('focusin', noteAside);
  // Opened from its own heading, the form shows its Start game too.
  $('newgame').querySelector('summary').addEventListener('click', () => {
    if (!$('newgame').open) requestAnimationFrame(formInView);
  });
  // Opened, the form starts another game: the game's notes go (one left from the game before
  // stood over the form's heading on a phone).
  $('newgame').addEventListener('toggle', () => {
    if (!$('newgame').open) { document.body.classList.remove('form-first'); return; }
    if (!localError && !(S && shownNotice(S))) return;
    localError = null;
    clearTimeout(noteTimer);
    dropNotice();
    if (S) render(S);
  });
  // Review (by the board, or on its card, which a review moves up the panel) brings the review's
  // card into view once it has moved, so that the press shows what it started. On a phone, where
  // the card is far below the board, Review by the board keeps the board, the result and the
  // list's marks in view instead (scrolled to the card, the board went far above the screen);
  // the card is a link away.
  const reviewAsked = async (ev) => {
    if (repeated(ev)) return;
    const byBoard = ev.currentTarget.id === 'review-end';
    if (!(await post('/api/review', {}))) return;
    if (window.innerWidth > 900 || !byBoard) showReview();
    else showBoard();
  };
  $('review').addEventListener('click', reviewAsked);
  $('review-cancel').addEventListener('click', (ev) => { if (!repeated(ev)) post('/api/review', { cancel: true }); });
  $('review-end').addEventListener('click', reviewAsked);
  $('review-out').addEventListener('click', async (ev) => {
    const b = ev.target.closest('button[data-ply]');
    if (!b) return;
    // A review of the game's own line, seen from a side line: its entries are the game's.
    if (S && S.main && S.review.line === 'main') {
      await post('/api/mainline', { ply: Number(b.dataset.ply) });
      showBoard();
    } else navigate(Number(b.dataset.ply), true);
  });
  $('flip').addEventListener('click', flipBoard);
  $('to-review').addEventListener('click', (ev) => {
    ev.preventDefault();
    showReview();
  });
  // On a phone: to the analysis below, the keyboard on its heading.
  $('to-analysis').addEventListener('click', (ev) => {
    ev.preventDefault();
    $('analysis-card').scrollIntoView({ block: 'start', behavior: REDUCED_MOTION ? 'auto' : 'smooth' });
    $('analysis-card').querySelector('h2').focus({ preventScroll: true });
  });
  $('mode-play').addEventListener('click', () => setMode('play'));
  $('mode-analyse').addEventListener('click', () => setMode('analyse'));
  $('show-analysis').addEventListener('click', toggleReveal);
  $('copy-pos').addEventListener('click', () => { if (S) copyText(S.fen, 'position'); });
  // A link holds the position, not a loaded record's games: the note says so where it matters.
  $('copy-link').addEventListener('click', () => {
    if (!S) return;
    const record = !$('record-bar').hidden || Boolean(loadedFrom && asLoaded());
    // What it leaves out, said (a new player found the die and the players gone when it opened).
    const out = `Left out: ${S.die !== null ? 'the die rolled and ' : ''}the players (it opens with New game's).`;
    copyText(positionLink(), record ? 'link to this position (not the record)' : 'link to this position', out);
  });
  $('copy-box-close').addEventListener('click', closeCopyBox);
  $('copy-box').addEventListener('keydown', (ev) => { if (ev.key === 'Escape') { closeCopyBox(); ev.preventDefault(); } });
  $('copy-box-field').addEventListener('focus', (ev) => ev.target.select());
  $('resign').addEventListener('click', resign);
  $('move-input').addEventListener('keydown', (ev) => {
    if (replaceAnswer) return;
    if (ev.key === 'Enter') { $('move-go').click(); ev.preventDefault(); }
  });
  $('move-go').addEventListener('click', () => {
    const m = $('move-input').value.trim().toLowerCase();
    if (S && S.legal.includes(m)) playMove(m);
    else if (S) flash(`${m || 'nothing'} is not a legal move here` + (S.die !== null ? ` for ${dieWords(S.die)}: ${S.legal.join(', ')}` : ''));
  });
  $('nav-first').addEventListener('click', () => navigate(0));
  $('nav-back').addEventListener('click', () => navigate(stepFrom() - 1));
  $('nav-fwd').addEventListener('click', () => navigate(stepFrom() + 1));
  $('nav-last').addEventListener('click', () => navigate(S.plies.length));
  $('moves').addEventListener('click', async (ev) => {
    const b = ev.target.closest('button[data-ply]');
    if (b) navigate(Number(b.dataset.ply), true);
    const g = ev.target.closest('button[data-main]');
    if (g && !repeated(ev)) {
      await post('/api/mainline', { ply: Number(g.dataset.main) });
      showBoard();
    }
  });
  $('graph').addEventListener('click', graphClick);
  $('graph').addEventListener('keydown', graphKey);
  document.addEventListener('keydown', onKey);
  // The board's keyboard ring shows from the first key pressed (app.css), until a touch.
  document.addEventListener('keydown', () => document.body.classList.add('keyed'), true);
  document.addEventListener('pointerdown', (ev) => { if (ev.pointerType === 'touch') document.body.classList.remove('keyed'); }, true);
  const table = $('analysis-die');
  table.addEventListener('mouseover', (ev) => {
    const tr = ev.target.closest('tr.mv');
    const m = tr ? tr.dataset.move : null;
    if (m !== shownMove) { shownMove = m; drawBoard(); }
  });
  table.addEventListener('mouseleave', () => { shownMove = null; drawBoard(); });
  table.addEventListener('click', (ev) => {
    const tr = ev.target.closest('tr.mv');
    shownMove = tr && shownMove !== tr.dataset.move ? tr.dataset.move : null;
    drawBoard();
  });
  document.querySelectorAll('fieldset.player').forEach((fs) => {
    fs.querySelector('.p-type').addEventListener('change', () => showPlayerFields(fs));
    showPlayerFields(fs);
  });
  $('ng-start').addEventListener('click', () => startGame());
  $('ng-arrange').addEventListener('click', () => {
    if (setupMode) { setupMode = false; render(S); } else enterSetupMode();
  });
  $('ng-players').addEventListener('click', () => post('/api/players', { red: readPlayer('red'), blue: readPlayer('blue') }));
  document.querySelectorAll('.p-setup input').forEach((inp) => {
    inp.addEventListener('input', () => {
      if (!setupMode) return;
      const side = inp.closest('#p-red') ? 'r' : 'b';
      const d = readSetup(formVariant(), inp.value);
      if (d) { draft[side] = d; drawBoard(); }
    });
  });
  $('save').addEventListener('click', saveRecord);
  $('load-file').addEventListener('change', async (ev) => {
    const f = ev.target.files[0];
    if (!f) return;
    const text = await f.text();
    $('record-text').value = text;
    $('record-said').hidden = true; // it spoke of the box's earlier content
    loadedFileName = f.name;
    await loadFresh(text);
    ev.target.value = '';
  });
  // The button loads the game the picker shows: the first of a text just typed or pasted (so a
  // record pasted again starts at game 1, and picking any game loads it), or the one picked.
  $('load-text-btn').addEventListener('click', () => loadRecord($('record-text').value));
  // A record pasted into the box while it holds the text the page put there (a game saved or a
  // record loaded) replaces that text: added to it, the picker listed both records' games.
  $('record-text').addEventListener('paste', (ev) => {
    const f = ev.target, pasted = ev.clipboardData ? ev.clipboardData.getData('text/plain') : '';
    if (!/^\s*game\s+\d+/m.test(pasted) || (f.value !== savedText && f.value !== lastLoadedText) || !f.value) return;
    ev.preventDefault();
    f.value = pasted;
    f.dispatchEvent(new Event('input', { bubbles: true }));
  });
  $('record-text').addEventListener('input', () => {
    $('record-said').hidden = true;
    loadedFileName = null;
    listGames($('record-text').value);
    $('record-game').value = '1';
  });
  $('record-game').addEventListener('change', () => loadRecord($('record-text').value));
  $('rec-game').addEventListener('change', () => loadRecordGame(Number($('rec-game').value)));
  $('rec-prev').addEventListener('click', (ev) => { if (!repeated(ev) && loadedFrom) loadRecordGame(loadedFrom.game - 1); });
  $('rec-next').addEventListener('click', (ev) => { if (!repeated(ev) && loadedFrom) loadRecordGame(loadedFrom.game + 1); });
  // A rematch of a record with engines only waits: a person takes a seat, and the game goes on.
  document.querySelectorAll('#seat-offer button').forEach((b) => b.addEventListener('click', async (ev) => {
    if (repeated(ev) || !S) return;
    const side = b.dataset.side;
    if (!(await post('/api/players', { [side]: { type: 'human' } }))) return;
    if (!S.running) await post('/api/control', { action: 'run' });
    say(`You play ${side === 'red' ? 'Red' : 'Blue'}; the engine plays the other side.`);
    showBoard();
  }));
  $('replace-yes').addEventListener('click', () => answerReplace(true));
  $('replace-no').addEventListener('click', () => answerReplace(false));
  const settings = () => post('/api/settings', {
    analysis: $('set-analysis').checked,
    analysis_ms: Number($('set-analysis-ms').value),
    delay_ms: Number($('set-delay').value),
  });
  ['set-analysis', 'set-analysis-ms', 'set-delay'].forEach((id) => $(id).addEventListener('change', settings));
  try { $('set-sound').checked = localStorage.getItem('ewn-sound') === 'on'; } catch (e) { /* no storage */ }
  $('set-sound').addEventListener('change', () => {
    try { localStorage.setItem('ewn-sound', $('set-sound').checked ? 'on' : 'off'); } catch (e) { /* no storage */ }
    if ($('set-sound').checked) sound('move');
  });
  let resize = null;
  window.addEventListener('resize', () => {
    clearTimeout(resize);
    resize = setTimeout(() => { if (S) { drawGraph(); drawPlayers(); } placeDecision(); }, 100);
  });
}

let linkedDone = false;
async function poll() {
  try {
    const s = await api('GET', '/api/state');
    if (!s.stale && (!S || s.version !== S.version)) render(s);
    if (!linkedDone && LINKED) { linkedDone = true; openLinked(); }
    else if (s.review.busy) drawReview(); // its seconds go on

  } catch (e) {
    $('status').textContent = 'The server does not answer: is `ewn gui` still running?';
  } finally {
    // Faster while an engine is on its turn, so that its move shows (and Roll is live) at once.
    setTimeout(poll, engineOnTurn() ? 100 : 300);
  }
}

// At a game's end the end's buttons take the move row's place: their box keeps that row's
// height, so that the step buttons under them stay where they were in play (at 1280x800 they
// rose from 246 to 208 px at the end). Measured while the row shows, or unseen once if the page
// opened on a finished game.
function keepMoveRowRoom() {
  const row = document.querySelector('.moverow');
  if (!row.offsetParent) {
    if (moveRowH || document.body.classList.contains('watch-only')) return;
    row.style.display = 'flex'; row.style.visibility = 'hidden';
  }
  const margin = (el) => parseFloat(getComputedStyle(el).marginTop) || 0;
  if (row.offsetParent) moveRowH = row.offsetHeight + margin(row);
  row.style.display = row.style.visibility = '';
  $('endbar').style.minHeight = moveRowH ? `${moveRowH - margin($('endbar'))}px` : '';
}
let moveRowH = 0;

try { flipped = localStorage.getItem('ewn-flip') === 'on'; } catch (e) { /* no storage */ }
wire();
$('flip').setAttribute('aria-pressed', String(flipped));
placeBars();
checkToken().then(poll);
