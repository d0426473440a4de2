// The page of `ewn gui`. It keeps no game of its own: it polls /api/state, draws what the
// server says, and sends the person's clicks and keys as API requests (protocol/gui.md).
'use strict';

const $ = (id) => document.getElementById(id);
// Squares are numbered row by row from the top (a5 = 0, e1 = 24 on 5x5), as in the engine; the
// board's size comes from the state (board.js).
const geo = () => EwnBoard.geometry(S);
// The variant picked in the New game form (its board, cubes and start squares), else the game's.
function formVariant() {
  if (!S) return null;
  const name = $('ng-variant').value;
  return S.variants.find((v) => v.name === name) || S.variant;
}
// The board of the form's variant, with its start squares in setup order (for arranging).
function setupGeo() {
  const v = formVariant();
  const g = EwnBoard.geometry(v);
  if (v) g.tri = { r: v.start_red.map(g.index), b: v.start_blue.map(g.index) };
  return g;
}
// A cube's character in a setup (1..9, A..C for 10..12) to its number, and back.
const cubeNum = (c) => (/^[1-9]$/.test(c) ? Number(c) : 'ABC'.indexOf(String(c).toUpperCase()) + 10);
const cubeChar = (n) => (n <= 9 ? String(n) : 'ABC'[n - 10]);
// A typed setup as cube numbers when it is the variant's cubes in some order, else null.
function readSetup(v, text) {
  const t = text.trim().toUpperCase();
  const want = v.cubes.join('');
  if (t.length !== want.length || [...t].sort().join('') !== [...want].sort().join('')) return null;
  return [...t].map(cubeNum);
}
const hasDice = () => !S || S.variant.has_dice;
// Two dice thrown (6x6's "2d6"), whose sum moves.
const twoDice = () => Boolean(S) && S.variant.has_dice && String(S.variant.dice).startsWith('2d');
const SIDE_NAME = { r: 'Red', b: 'Blue' };
const MARK_SIGN = { inaccuracy: '?!', mistake: '?', blunder: '??' };
const REDUCED_MOTION = window.matchMedia && window.matchMedia('(prefers-reduced-motion: reduce)').matches;

// A link to a position (?position=...&variant=...) opens it: read before the address is cleaned.
const LINKED = (() => {
  const q = new URLSearchParams(location.search);
  const pos = q.get('position');
  return pos ? { position: pos, variant: q.get('variant') || '' } : null;
})();
// The run's secret, from the address ewn gui printed; every change is sent with it. It is kept
// in this browser for this address (so a copied address, a bookmark or a reopened tab keeps
// control while the same run serves) and taken out of the address bar, so that it does not show
// in screenshots or the history. The page asks the server once, as it opens, whether the token
// is this run's (checkToken): one that is not is never kept (a good one kept stays and plays),
// and the page says plainly that it can only watch.
const OPENED_TOKENS = (() => {
  const q = new URLSearchParams(location.search);
  const t = q.get('token');
  let kept = null;
  try {
    if (t || q.get('position')) history.replaceState(null, '', location.pathname);
    kept = localStorage.getItem('ewn-token');
  } catch (e) { /* no storage */ }
  return { address: t, kept };
})();
let TOKEN = OPENED_TOKENS.address || OPENED_TOKENS.kept;
// Why the page has no token though it was given one: 'address' (the address's is not this
// run's), 'kept' (the one this browser kept is not this run's), or null.
let tokenRefused = null;
async function tokenGood(t) {
  try {
    const r = await fetch('/api/token', { method: 'POST', headers: { 'Content-Type': 'application/json', 'X-Ewn-Token': t }, body: '{}' });
    return r.ok ? true : r.status === 403 ? false : null;
  } catch (e) { return null; }
}
async function checkToken() {
  const { address, kept } = OPENED_TOKENS;
  const keep = (t) => { try { if (t) localStorage.setItem('ewn-token', t); else localStorage.removeItem('ewn-token'); } catch (e) { /* private mode */ } };
  if (address) {
    const ok = await tokenGood(address);
    if (ok !== false) { if (ok) keep(address); return; }
    tokenRefused = 'address';
    TOKEN = null;
    if (kept && kept !== address) {
      const keptOk = await tokenGood(kept);
      if (keptOk !== false) {
        TOKEN = kept;
        tokenRefused = null;
        flash("The token in this address is not this run's: it was ignored, and this page plays with the token this browser kept.", 'info');
        return;
      }
    }
    if (kept) keep(null);
  } else if (kept && (await tokenGood(kept)) === false) {
    tokenRefused = 'kept';
    TOKEN = null;
    keep(null);
  }
}
let watchNoteClosed = false; // the watch-only note dismissed
let formFromRecord = false; // a record was loaded: the form offers lastStarted, not its players
let lastStarted = null; // the players, first side and dice of the last game started here

let S = null; // the last state from the server
let selected = null; // square name of the cube picked to move
let shownMove = null; // a move of the analysis table shown on the board
let hintMove = null;
// A hint belongs to one position and die: the key of the state it was asked at (hintKey), and it
// goes as soon as the game shows another (a move, an undo, a step, a new or loaded game).
let hintAt = null;
const hintKey = (s) => [s.start, s.fen, s.die, s.ply, s.live].join('|');
let localError = null;
let setupMode = false;
let draft = { r: [1, 2, 3, 4, 5, 6], b: [1, 2, 3, 4, 5, 6] }; // cube numbers in setup order
let drag = null; // {from: index} while a setup cube is dragged
let swapFrom = null; // setup square picked by a click, waiting for the second click
let lastBoardHtml = '';
let focusIdx = 12; // the board square that takes the keyboard focus (c3 at first)
let typed = ''; // a move being typed on the keyboard
// A typed move was just played: an Enter right after it (as after typing anything) is taken as
// part of it, not as a press on the board, which would say the die is not rolled yet.
let typedJustPlayed = false;
let formKey = null; // the game whose settings the New game form shows
let wasPlaying = false;
let inFlight = 0; // requests sent and not answered yet: a second click meanwhile is ignored
let noteTimer = null;
let reviewSince = null; // when the running review began, for its progress line
let takeArm = null; // {move, square, at}: an own cube's capture waiting for a second click on it
// Where an armed capture was armed: the game, its ply and position. It holds only there (one left
// armed in a game with no moves came back in the next game, on an empty square of another variant).
const armPlace = (s) => `${s.game}|${s.ply}|${s.fen}`;
const liveArm = (s) => (takeArm && s && takeArm.at === armPlace(s) && mayMove() && s.legal.includes(takeArm.move) ? takeArm : null);
let flipped = false; // the board turned half a turn: Blue's side at the bottom
let dieBuf = ''; // digits of a typed die of two digits (10..12) being typed
let dieTimer = null;
let resignArmed = 0; // until when a second click on Resign resigns
let noteKind = 'error'; // 'error' or 'info' (a neutral note: something copied)
// 'play': while a person plays an unfinished game, the analysis (win chances, best moves, the
// engine's line, the graph) waits until asked or until the game ends; 'analyse': shown live.
let mode = (() => { try { return localStorage.getItem('ewn-mode') || 'play'; } catch (e) { return 'play'; } })();
const personPlays = () => S && (S.players.red.type === 'human' || S.players.blue.type === 'human');
// The game has ended: at its last position, at any earlier one (a step back), or in a side line
// from a finished game.
const gameOver = () => Boolean(S) && Boolean(S.winner || S.line_over || (S.main && S.main.winner));
// The game (the state's `game`, raised by every game started or loaded) in which the person
// asked to see the analysis (Show analysis, key V): shown for the rest of that game only; the
// next game is held again, and the switch above the board stays as it was clicked.
let revealedIn = null;
const revealed = () => Boolean(S) && revealedIn === S.game;
// The analysis is held back now: play mode, not asked for in this game, a person in the game,
// and the game not over.
// A side line played on from a finished game is a game being played: held as a live one, until
// its own end (the line shown over).
const lineOver = () => Boolean(S) && Boolean(S.winner || S.line_over);
const held = () => Boolean(S) && mode === 'play' && !revealed() && !lineOver() && personPlays() && !setupMode;
// The analysis turned off in Settings: none of it shows (its bar, line, badges and arrow stayed,
// stale, when only the card said "off").
const analysisOff = () => Boolean(S) && !S.settings.analysis;
const analysisHidden = () => held() || analysisOff();
function setMode(m) {
  mode = m;
  revealedIn = null;
  try { localStorage.setItem('ewn-mode', m); } catch (e) { /* no storage */ }
  say(m === 'play' ? 'The analysis waits until you ask or the game ends.' : 'The analysis is shown live.');
  if (S) render(S);
}
// Show analysis (V): for this game only. V again hides it until the end of the game; with the
// switch on live, V says where the switch is rather than turning it.
function toggleReveal() {
  if (!S) return;
  if (held()) {
    revealedIn = S.game;
    say('The analysis is shown for this game; the next game waits again.');
    // On a phone the card is below the board and its controls: brought up to the screen's lower
    // part, so that the press shows what it did, but never further than the board's top (to the
    // screen's top, the board went off it: scrolled to 836 px).
    if (window.innerWidth <= 900) {
      render(S);
      const card = $('analysis-card').getBoundingClientRect(), board = $('board').getBoundingClientRect();
      const by = Math.min(card.top - (innerHeight - 240), Math.max(0, board.top - 8));
      if (by > 0) window.scrollBy({ top: by, behavior: 'auto' });
      return;
    }
  } else if (mode === 'play' && revealed() && !lineOver() && personPlays()) {
    revealedIn = null;
    say('The analysis waits again until you ask or the game ends.');
  } else if (mode !== 'play') {
    flash('The analysis is live: the switch above the board (when asked) holds it back while you play.', 'info');
    return;
  } else return;
  render(S);
}

const sqName = (i) => geo().name(i);
const pct = (p) => (p * 100).toFixed(1) + '%';
// A loss from two win chances as shown (rounded to 0.1%), so that it agrees with them.
const lossPct = (best, played) => ((Math.round(best * 1000) - Math.round(played * 1000)) / 10).toFixed(1) + '%';
// A small mark for a value the endgame tables give exactly (no estimate).
const exactTag = (exact) => (exact ? ' <span class="exact" title="exact: the endgame tables value this position">exact</span>' : '');
const cubeWords = (c) => `${c[0] === 'R' ? 'Red' : 'Blue'} ${c.slice(1)}`;
// A turn's die in words: "die 4", or "any cube" without dice (never "die 0").
// Two dice are said as their sum: "dice 8".
const dieWords = (d) => (!hasDice() ? 'any cube' : `${twoDice() ? 'dice' : 'die'} ${d}`);
const DieWords = (d) => (hasDice() ? `Die ${d}` : 'Any cube');

// Answers are applied in the order their requests were sent: a poll sent before a step but
// answered after it would otherwise draw the older position again, and the next step would start
// from there (a held arrow key lost a ply that way).
let sentSeq = 0;
let appliedSeq = 0;
// Whether the state answering request `seq` is older than one already drawn.
function stale(seq) {
  if (seq < appliedSeq) return true;
  appliedSeq = seq;
  return false;
}

async function api(method, path, body) {
  const seq = ++sentSeq;
  const opt = { method, headers: {} };
  if (body !== undefined) {
    opt.headers['Content-Type'] = 'application/json';
    opt.body = JSON.stringify(body);
  }
  if (method !== 'GET' && TOKEN) opt.headers['X-Ewn-Token'] = TOKEN;
  const r = await fetch(path, opt);
  let data = null;
  try { data = await r.json(); } catch (e) { data = null; }
  if (r.status === 403 && data && /token/.test(data.error || '') && TOKEN) {
    // Another run's token: from now on this page watches, and says so.
    TOKEN = null;
    tokenRefused = 'kept';
    try { localStorage.removeItem('ewn-token'); } catch (e) { /* private mode */ }
  }
  if (!r.ok) throw new Error((data && data.error) || ('HTTP ' + r.status));
  if (data && data.version !== undefined && stale(seq)) data.stale = true;
  return data;
}

// A notice from the server (a rematch's note) that a newer note or an action of the person has
// replaced: it is not shown again, even while the server still holds it (keyed by the game).
let noticeGone = null;
function dropNotice() {
  if (S && S.notice && noticeGone !== S.game + '|' + S.notice) {
    noticeGone = S.game + '|' + S.notice;
    drawNote(S);
  }
}
// A notice is its Rematch's: shown by the page that asked for it, in the game that began then
// (another tab's rematch note showed on a page loaded afresh).
let rematchOf = null;
const shownNotice = (s) => (s.notice && rematchOf !== null && s.game === rematchOf + 1 && noticeGone !== s.game + '|' + s.notice ? s.notice : null);

async function post(path, body) {
  inFlight += 1;
  // Rolling, pausing or a setting leaves a rematch's note up; anything that changes the game
  // (a move, a new game, a step, a load) replaces it at once.
  if (!/\/api\/(roll|control|settings|review)$/.test(path)) dropNotice();
  try {
    const s = await api('POST', path, body || {});
    localError = null;
    if (s && s.version !== undefined && !s.stale) render(s);
    return s;
  } catch (e) {
    flash(e.message);
    return null;
  } finally {
    inFlight -= 1;
  }
}

// A note by the board (read by screen readers, never in the way of a click); it goes with the
// next change of the game, or after a while (noteGoes). `untilAction` (a hint, an Undo's): it
// stays until then (or its ✕), since it is read while the move is looked for (gone after 6.1 s
// beside the board, a hint's win chance could not be read).
function flash(msg, kind, untilAction) {
  localError = msg;
  noteKind = kind || 'error';
  dropNotice();
  noteGoes(untilAction);
  if (S) render(S);
}

// The note's own time: 6 s beside the board, 10 s on a phone, where it is read at 14 px over
// up to three lines (gone after 6 s, a new player could not read a hint's note to its end);
// none when it is `held` (it goes with the next change of the game or its ✕).
// A note put over a phone's status line (and its Rules row) goes sooner, after 8.5 s (drawNote):
// long enough to read three lines (gone after 6 s one could not), and taps pass through it.
let noteHeld = false;
function noteGoes(held, ms) {
  clearTimeout(noteTimer);
  noteHeld = Boolean(held);
  if (held) return;
  noteTimer = setTimeout(() => { localError = null; if (S) render(S); }, ms || (window.innerWidth <= 900 ? 10000 : 6000));
}

// The second click of a double click, or a click while the first one's request is on its way,
// does nothing: a double click is never two actions.
const repeated = (ev) => (ev && ev.detail > 1) || inFlight > 0;

function say(text) {
  // Cleared first, so that the same words twice are announced twice.
  const el = $('announce');
  el.textContent = '';
  setTimeout(() => { el.textContent = text; }, 30);
}

// ---------- sounds (made here, off by default) ----------

let audio = null;
function soundOn() { return $('set-sound').checked; }
function tone(freq, start, dur, type, gain) {
  if (!audio) {
    const AC = window.AudioContext || window.webkitAudioContext;
    if (!AC) return;
    audio = new AC();
  }
  const t0 = audio.currentTime + start;
  const o = audio.createOscillator();
  const g = audio.createGain();
  o.type = type || 'sine';
  o.frequency.value = freq;
  g.gain.setValueAtTime(gain || 0.15, t0);
  g.gain.exponentialRampToValueAtTime(0.001, t0 + dur);
  o.connect(g).connect(audio.destination);
  o.start(t0);
  o.stop(t0 + dur + 0.02);
}
function sound(kind) {
  if (!soundOn()) return;
  try {
    if (kind === 'roll') [0, 0.05, 0.1, 0.16].forEach((t, k) => tone(900 + 120 * k, t, 0.04, 'square', 0.05));
    else if (kind === 'move') tone(520, 0, 0.08, 'triangle', 0.2);
    else if (kind === 'capture') { tone(300, 0, 0.1, 'sawtooth', 0.12); tone(180, 0.08, 0.16, 'sawtooth', 0.12); }
    else if (kind === 'win') [523, 659, 784, 1047].forEach((f, k) => tone(f, 0.1 * k, 0.2, 'triangle', 0.15));
  } catch (e) { /* sound is optional */ }
}

// ---------- who may do what ----------

function playerOf(side) { return S.players[side === 'r' ? 'red' : 'blue']; }
function humanToMove() { return S && playerOf(S.side).type === 'human'; }
// An engine moves by itself: its turn, in the live position, not paused.
function engineOnTurn() { return S && !humanToMove() && S.live && S.running; }
// A program's seat in a game played on (paused, or stepped back to its turn): nobody moves or
// asks a hint for it. A finished game's past and its side lines are the person's to explore.
function programSeat() { return S && !humanToMove() && !gameOver() && !S.main; }

// A person may move when it is a person's turn, or for any side while engines wait.
function mayMove() {
  return S && Boolean(TOKEN) && S.legal.length > 0 && !S.awaiting_setup && !engineOnTurn() && !programSeat();
}
// What a page without the token says when asked to change something.
const WATCH_ONLY = 'This page only watches: open the whole address that ewn gui printed in its terminal (it ends in ?token=…) to play.';
// An engine rolls for itself, also while paused (Resume or Step); at a past position the die
// rolled there is shown, so there is nothing to roll.
function canRoll() {
  return S && S.dice.mode === 'auto' && S.die === null && !S.winner && !S.awaiting_setup &&
    (humanToMove() || !S.live);
}
// A roll asked for (key R) while an engine makes its move before a person's turn: kept, and made
// as soon as the move lands (R in that moment is never lost). The Roll button itself is offered
// only when the person can roll, so that it never looks live while the engine thinks.
function canQueueRoll() {
  return S && S.dice.mode === 'auto' && !S.winner && !S.awaiting_setup && engineOnTurn() &&
    playerOf(S.side === 'r' ? 'b' : 'r').type === 'human';
}
let rollWanted = null; // the game (its start) whose next roll was asked for early
// Typed dice: for the side to move, also an engine's; a typed die may be corrected until its move.
function canType() {
  return S && S.dice.mode === 'manual' && !S.winner && !S.awaiting_setup;
}

// ---------- board ----------

function boardPieces() {
  if (!setupMode) return S ? S.squares : new Array(25).fill('');
  const g = setupGeo();
  const sq = new Array(g.n).fill('');
  for (const side of ['r', 'b']) {
    g.tri[side].forEach((s, i) => { sq[s] = (side === 'r' ? 'R' : 'B') + draft[side][i]; });
  }
  return sq;
}

// The review's verdict on the move played from the shown position, when it was marked.
function reviewedNext() {
  if (!S || setupMode || !S.review.moves || S.ply >= S.plies.length) return null;
  // A review of the game's own line marks a side line only where the two are the same.
  if (S.main && S.review.line === 'main' && S.ply >= S.main.branch) return null;
  const m = S.review.moves[S.ply];
  return m && m.mark ? m : null;
}

// The cube picked among `legal`'s: the one the person picked, else the die's only cube on a
// person's turn (an engine's, paused, is never shown picked; a pass is no cube).
function pickedCube(legal) {
  if (selected) return selected;
  const froms = new Set(legal.filter((m) => m !== '0000').map((m) => m.slice(0, 2)));
  return froms.size === 1 && humanToMove() ? [...froms][0] : null;
}

function drawBoard() {
  const board = $('board');
  const pieces = boardPieces();
  // A pass is played with its button; the board shows cube moves only.
  const legal = (!setupMode && S && mayMove()) ? S.legal.filter((m) => m !== '0000') : [];
  const froms = new Set(legal.map((m) => m.slice(0, 2)));
  const sel = pickedCube(legal);
  const targets = new Set(sel ? legal.filter((m) => m.startsWith(sel)).map((m) => m.slice(2)) : []);
  const lastPly = (!setupMode && S && S.ply > 0 && S.plies[S.ply - 1].move !== '0000') ? S.plies[S.ply - 1] : null;
  const last = lastPly ? lastPly.move : null;
  const hint = (!setupMode && hintMove && S && hintAt === hintKey(S)) ? hintMove : null;
  const rv = reviewedNext();
  const mine = S ? (S.side === 'r' ? 'R' : 'B') : 'R';
  const threats = new Map();
  const after = new Map();
  // The chances of taking and being taken are analysis too: held back in play mode.
  if (!setupMode && S && !analysisHidden()) {
    for (const t of S.threats) threats.set(t.square, t);
    const row = shownRow();
    if (row) for (const c of row.captures) if (c.square) after.set(c.square, c.chance);
  }
  const g = setupMode ? setupGeo() : geo();
  if (focusIdx >= g.n) focusIdx = Math.floor(g.n / 2);
  const deco = { cls: new Map(), cubeCls: new Map(), words: new Map(), badges: new Map(), focus: focusIdx, selected: sel };
  const add = (m, k, v) => { if (!m.has(k)) m.set(k, []); m.get(k).push(v); };
  const mark = (mv, from, to) => { if (mv) { add(deco.cls, mv.slice(0, 2), from); add(deco.cls, mv.slice(2), to); } };
  for (let i = 0; i < g.n; i++) {
    const name = g.name(i);
    if (last && (last.slice(0, 2) === name || last.slice(2) === name)) add(deco.cls, name, 'last');
    if (targets.has(name)) {
      add(deco.cls, name, 'target');
      // A step onto a cube of one's own takes it: drawn as a capture, never as a pick.
      if (ownCubeAt(name)) { add(deco.cls, name, 'take-own'); add(deco.words, name, 'takes your own cube'); }
      // A step onto a hole loses the cube: never drawn as a plain target.
      if (g.holes.has(i)) { add(deco.cls, name, 'into-hole'); add(deco.words, name, 'the cube falls into the hole'); }
    }
  }
  // An own cube's capture waiting for its second click: drawn as a capture on the picked cube.
  const arm = liveArm(S);
  if (arm) {
    add(deco.cls, arm.square, 'take-own');
    add(deco.cls, arm.square, 'armed');
    add(deco.cls, arm.move.slice(0, 2), 'arm-from');
    add(deco.words, arm.square, `${againWord()} again to take your own cube with ${arm.move.slice(0, 2)}`);
  }
  // The legend names this mark whenever it is drawn (a move onto one's own cube takes it).
  const ownShown = [...deco.cls.values()].some((v) => v.includes('take-own'));
  if ($('lg-own').hidden === ownShown) $('lg-own').hidden = !ownShown;
  mark(hint, 'hint-from', 'hint-to');
  mark(shownMove, 'show-from', 'show-to');
  if (rv) { mark(rv.played, 'played-from', 'played-to'); mark(rv.best, 'best-from', 'best-to'); }
  for (let i = 0; i < g.n; i++) {
    const name = g.name(i);
    if (setupMode && (g.tri.r.includes(i) || g.tri.b.includes(i))) add(deco.cls, name, 'setup-cell');
    const p = pieces[i];
    if (p) {
      if (froms.has(name)) { add(deco.cubeCls, name, 'movable'); add(deco.words, name, 'can move'); }
      if (sel === name && froms.has(name)) { add(deco.cubeCls, name, 'selected'); add(deco.cls, name, 'picked'); }
      if (setupMode && swapFrom === i) add(deco.cubeCls, name, 'selected');
      if (drag && drag.from === i) add(deco.cubeCls, name, 'dragging');
    }
    if (targets.has(name)) add(deco.words, name, 'target');
    if (after.has(name)) {
      add(deco.badges, name, `<span aria-hidden="true" class="badge after" title="can be taken next turn after the shown move">${Math.round(after.get(name) * 100)}%</span>`);
    } else if (threats.has(name) && !shownMove) {
      const t = threats.get(name);
      const own = t.cube[0] === mine;
      const n = Math.round(t.chance * 100);
      // Without dice a take is there or not: no share of rolls is shown.
      const dice = hasDice(), pc = dice ? `${n}%` : '', words = dice ? `, ${n}%` : '';
      const when = dice ? `next roll (${n}% of rolls)` : 'next move';
      if (own) {
        add(deco.badges, name, `<span aria-hidden="true" class="badge danger" title="${SIDE_NAME[S.side]}'s cube can be taken on the opponent's ${when}"><b aria-hidden="true">!</b>${pc}</span>`);
        add(deco.words, name, `can be taken${words}`);
      } else {
        add(deco.badges, name, `<span aria-hidden="true" class="badge chance" title="${SIDE_NAME[S.side]} can take this cube on its ${when}"><b aria-hidden="true">◎</b>${pc}</span>`);
        add(deco.words, name, `can be taken by ${SIDE_NAME[S.side]}${words}`);
      }
    }
    if (lastPly && lastPly.fell && last.slice(2) === name) {
      add(deco.badges, name, `<span aria-hidden="true" class="badge took fell" title="${cubeWords(lastPly.fell)} fell into the hole">↓${lastPly.fell.slice(1)}</span>`);
      add(deco.words, name, `${cubeWords(lastPly.fell)} fell into the hole`);
    }
    if (lastPly && lastPly.took && last.slice(2) === name) {
      add(deco.badges, name, `<span aria-hidden="true" class="badge took" title="the last move took ${cubeWords(lastPly.took)}">✕${lastPly.took.slice(1)}</span>`);
      add(deco.words, name, `took ${cubeWords(lastPly.took)}`);
    }
  }
  deco.arrows = boardArrows(rv, hint);
  drawnArrows = deco.arrows;
  // Rebuilt only when something changed, so a click is never lost to a redraw.
  const hadFocus = board.contains(document.activeElement);
  // Smaller squares, smaller badges: they keep to the corners, off the cube's number.
  const side = Math.max(g.rows, g.cols);
  board.classList.toggle('dense', side === 6);
  board.classList.toggle('denser', side >= 7);
  // At a reviewed decision (its two move arrows drawn), a phone's threat badges keep to their
  // mark (the share of rolls in the title).
  board.classList.toggle('with-arrows', Boolean(rv) && deco.arrows.length > 0);
  const variant = setupMode ? formVariant() : (S && S.variant);
  if (EwnBoard.draw(board, { squares: pieces, rows: g.rows, cols: g.cols, variant, flip: flipped }, deco) && hadFocus) focusSquare(focusIdx);
}

// The arrows on the board: at a reviewed decision the move played (red) and the best (green);
// with the analysis shown, the best move of the rolled die (green) and, at an earlier position of
// the game, the move the game played there (red); a hint (green: the best move); a move of the
// table pointed at.
// The arrows last drawn, for the legend.
let drawnArrows = [];
function boardArrows(rv, hint) {
  if (setupMode || !S) return [];
  const out = [];
  const add = (mv, kind) => { if (mv && mv !== '0000' && mv.length === 4) out.push({ from: mv.slice(0, 2), to: mv.slice(2), kind }); };
  if (rv) {
    add(rv.played, 'played');
    if (rv.best !== rv.played) add(rv.best, 'best');
  } else if (!analysisHidden()) {
    const a = S.analysis;
    const next = !S.live && S.ply < S.plies.length ? S.plies[S.ply] : null;
    if (next && next.die === S.die) add(next.move, 'played');
    if (a.moves && a.moves.length && a.die === S.die && !S.winner && (!next || a.moves[0].move !== next.move)) add(a.moves[0].move, 'best');
  }
  add(hint, 'hint');
  if (shownMove) add(shownMove, 'shown');
  return out;
}

// Whether the side to move has a cube on the square.
function ownCubeAt(name) {
  if (!S || setupMode) return false;
  const i = geo().index(name);
  const c = i >= 0 ? EwnBoard.cubeOf(S.squares[i]) : null;
  return Boolean(c) && c.side === (S.side === 'r' ? 'red' : 'blue');
}

function focusSquare(i) {
  focusIdx = i;
  document.querySelectorAll('#board .cell').forEach((c) => { c.tabIndex = Number(c.dataset.i) === i ? 0 : -1; });
  const el = $('sq-' + sqName(i));
  if (el) el.focus();
}

// Slides the cube of the move just played from its square, and shows the cube it took going.
// What waits for the landing (the taken cube's going, a game's result) waits for the slide's own
// end, not for a timer: on a busy machine the slide's first frame comes late, and a timer of the
// slide's length then showed the result, and the taken cube on the taker's square, while the
// cube still slid.
const SLIDE_MS = 260;
let landingSerial = 0;
function animateMove(mv, took) {
  const from = $('sq-' + mv.slice(0, 2)), to = $('sq-' + mv.slice(2));
  if (!from || !to) return;
  let ghost = null;
  if (took) {
    ghost = document.createElement('div');
    ghost.className = `cube ${took[0] === 'R' ? 'red' : 'blue'} ghost`;
    ghost.textContent = took.slice(1);
    ghost.setAttribute('aria-hidden', 'true');
    to.appendChild(ghost);
  }
  const serial = ++landingSerial;
  // Gone as the taker lands: at rest a square never shows two cubes; and a game's result shows
  // once its last move has landed (a later move's landing is its own).
  const landed = () => {
    if (ghost) ghost.remove();
    if (serial !== landingSerial) return;
    document.body.classList.remove('landing');
    if (S) showStatus(S);
  };
  const cube = to.querySelector('.cube:not(.ghost)');
  if (REDUCED_MOTION || !cube) { landed(); return; }
  if (S && S.winner) document.body.classList.add('landing');
  const a = from.getBoundingClientRect(), b = to.getBoundingClientRect();
  cube.animate([
    { transform: `translate(${a.left - b.left}px, ${a.top - b.top}px)` },
    { transform: 'translate(0, 0)' },
  ], { duration: SLIDE_MS, easing: 'ease-out' }).finished.then(landed, landed);
}

// The box shakes with the rolled face in it: faces flicked through for a third of a second read
// as the roll (a new player saw a wrong face for about 0.5 s before it settled).
function animateDie() {
  const die = $('die');
  if (REDUCED_MOTION || !hasDice()) return;
  die.classList.remove('rolling');
  void die.offsetWidth;
  die.classList.add('rolling');
  setTimeout(() => die.classList.remove('rolling'), 340);
}

function cellIndexAt(x, y) {
  const el = document.elementFromPoint(x, y);
  const cell = el && el.closest ? el.closest('.cell') : null;
  return cell ? Number(cell.dataset.i) : null;
}

// A move at a step back in an unfinished game (played on, not reviewed: a side line is a
// finished game's) goes on from there and throws the game's later moves away, as a take-back
// does: asked first, as Load, New game and a link ask before they replace a game. The game's
// own next move just steps forward and asks nothing.
// The move this page sent last: a move the person played for an engine's seat (a side line, a
// paused game) is the person's, never announced as the engine's.
let sentMove = null;
function playMove(m, asked) {
  const next = S && !S.live && !gameOver() && S.ply < S.plies.length ? S.plies[S.ply] : null;
  if (next && next.move !== m && asked !== true) {
    const later = S.plies.length - S.ply;
    askReplace({
      at: 'move-ask-at',
      text: `${moveShown(m)} goes on from move ${S.ply} and removes the ${later} later move${later === 1 ? '' : 's'} of this game (to move ${S.plies.length}). Replace the moves after move ${S.ply}?`,
      yes: `Replace them, play ${moveShown(m)}`,
      no: 'Keep the moves',
      status: `Replace the moves after move ${S.ply} with ${moveShown(m)}? Answer by the board`,
      onYes: () => playMove(m, true),
      onNo: () => { selected = null; render(S); say('The game\'s moves are kept.'); },
    });
    return null;
  }
  selected = null;
  typed = '';
  $('move-input').value = '';
  sentMove = { start: S.start, ply: S.ply, move: m };
  return post('/api/move', { move: m });
}

// A loaded finished record of programs (ewn and greedy of `ewn match`, run here or seated as
// people so that a side line can be played from it): nobody plays its own line, so nothing of
// it is undone and its bars name the programs by their seats ("Blue: greedy"), not "you, for
// greedy". A seat is a person's when it is not the record's or a person is named there. In a
// side line, or an unfinished record played on, the person plays them.
function nobodyPlays() {
  const person = (p) => !p.recorded || (p.type === 'human' && ['', 'human', 'person', 'you', 'player'].includes(String(p.label || '').trim().toLowerCase()));
  return Boolean(S) && !S.main && Boolean(S.winner || S.line_over) && !person(S.players.red) && !person(S.players.blue);
}

// On a phone a note shows as many whole lines as stand clear of the board, the controls in view
// and the move list's first line, three at most, one at least ("more" opens it whole): placed by
// `place` (its top for its height, undefined where it would cover something) at three, else two,
// else one line. Returns its height and top (undefined when even one line covers something).
function noteLines(el, place) {
  for (let k = 3; ; k--) {
    el.style.setProperty('--note-lines', k);
    const h = el.getBoundingClientRect().height;
    const top = place(h);
    if (top !== undefined || k === 1) return { h, top };
  }
}

// How the person presses a square: a tap on a touch screen, else a click or Enter.
// While a move onto one's own cube waits for its second click, the status says what that move
// does and how to confirm or cancel it (it said "pick a cube" with the move armed).
function armedStatus(s) {
  const a = liveArm(s);
  if (!a) return null;
  const w = againWord();
  // Short enough for a phone's two lines at 360 px ("Blue, die 12: …").
  return `${s.status.split(':')[0].replace(' to move', '')}: ${a.move.slice(0, 2)} takes your own ${a.square}: ${w} ${a.square} again to confirm, another square to cancel`;
}

// The server's status, as this page sees the turn. Paused on a person's turn it said only
// "Paused: Red to move": it names what waits (the engine) and how it goes on. With a cube picked
// (or the only one the die moves) it said "pick a cube": it asks for the target.
function turnWords(s) {
  const e = ['r', 'b'].find((x) => playerOf(x).type !== 'human');
  let t = s.status;
  if (t.startsWith('Paused: ') && humanToMove() && e) t = `Paused: ${SIDE_NAME[e]}'s engine waits for Resume. ${t.slice(8)}`;
  const sel = pickedCube(s.legal);
  return sel && mayMove() ? t.replace(/: pick a cube, then its target$/, `: ${sel} is picked, pick its target`) : t;
}

// On a phone's width the keys' words are left out: with them the take-own-cube note needed four
// lines of the top bar, where the status's whose turn and die must stay in view too.
function pressWord() {
  return matchMedia('(pointer: coarse)').matches ? 'tap' : innerWidth <= 600 ? 'click' : 'click (or press Enter on)';
}

function capital(words) {
  return words.charAt(0).toUpperCase() + words.slice(1);
}

// The last press on the board was a key's (Enter): the words that ask for the next press say
// Enter (a keyboard player was told "click d2 again to confirm").
let pressedByKey = false;
const againWord = () => (pressedByKey ? 'press Enter on' : pressWord().split(' ')[0]);

function onBoardClick(i, byKey) {
  if (!S || setupMode) return;
  focusIdx = i;
  pressedByKey = !!byKey;
  if (!TOKEN) { flash(WATCH_ONLY, 'info'); return; }
  const name = sqName(i);
  if (!mayMove()) {
    if (S.winner) flash(`The game is over: ${S.status}. Rematch, New game or Review.`);
    else if (S.awaiting_setup) flash('The engines are still choosing their setups.');
    else if (engineOnTurn()) flash(`${SIDE_NAME[S.side]} is an engine and plays by itself.`);
    else if (programSeat() && S.legal.length) {
      flash(`${SIDE_NAME[S.side]} is an engine's seat: it plays its own moves (${S.live ? 'Resume or Step' : 'End, or step to a move of yours'}).`);
    }
    else if (S.die === null) {
      if (S.dice.mode === 'manual') flash('Type the die first.');
      else if (humanToMove() || !S.live) flash('Roll the die first (key R).');
      else flash(`${SIDE_NAME[S.side]} is an engine: Resume, or Step for its move.`);
    }
    return;
  }
  const froms = new Set(S.legal.map((m) => m.slice(0, 2)));
  const sel = pickedCube(S.legal);
  const own = ownCubeAt(name) && name !== sel;
  // The second click on an own cube that the picked cube can take takes it.
  const arm = liveArm(S);
  takeArm = null;
  if (arm && arm.square === name) {
    playMove(arm.move);
    return;
  }
  // The taking cube clicked while the capture waits: it is put down, so that the other can be
  // picked.
  if (arm && name === selected && arm.move.startsWith(name)) {
    selected = null;
    say(`${name} put down; pick a cube`);
    render(S);
    return;
  }
  // A click on one's own cube picks it. Taking one's own cube needs the taking cube picked by
  // a click first (not just picked for the person because the die leaves only it); when the
  // cube to take can move too, the first click on it picks it and a second click takes it.
  if (own && froms.has(name)) {
    if (sel && selected === sel && S.legal.includes(sel + name)) {
      // The taking cube stays the one picked, the cube to take marked as its capture only.
      takeArm = { move: sel + name, square: name, at: armPlace(S) };
      const words = `${capital((pressedByKey ? 'press Enter on' : pressWord()))} ${name} again to take your own cube with ${sel}, or ${sel} to put it down and pick ${name}.`;
      say(words);
      flash(words, 'info');
      return;
    }
    selected = name;
    say(`${name} picked; choose its target`);
    render(S);
    return;
  }
  if (sel && S.legal.includes(sel + name)) {
    if (own) {
      // A first click on an own cube the picked cube can take, whatever was clicked before:
      // never refused, but taken only on a second click on this square, with the reason.
      takeArm = { move: sel + name, square: name, at: armPlace(S) };
      const only = selected !== sel ? (hasDice() ? `${DieWords(S.die)} moves only ${sel}` : `${sel} is picked`) : `${name} holds your own cube`;
      say(`${only}; ${(pressedByKey ? 'press Enter on' : pressWord())} ${name} again to take your own cube with ${sel}`);
      // Short enough for the phone's top bar, with whose turn and the die under it ("with a4"
      // said again what the first sentence says).
      flash(`${only}. ${capital((pressedByKey ? 'press Enter on' : pressWord()))} ${name} again to take your own cube, or pick another target.`, 'info');
      return;
    }
    playMove(sel + name);
    return;
  }
  selected = froms.has(name) ? name : null;
  if (selected) say(`${name} picked; choose its target`);
  else if (own) flash(`Your cube on ${name} cannot move with ${dieWords(S.die)}: ${[...froms].join(' or ')} can.`);
  else if (!sel) {
    // A click or Enter on a square with nothing to pick, nothing picked: say what can be picked.
    const can = [...froms].sort().join(', ');
    const words = `Nothing to pick on ${name}: pick a cube that can move (${can}), then its target.`;
    say(words);
    flash(words, 'info');
  } else if ((byKey || froms.size === 1) && sel && !selected) {
    // The die leaves one cube, picked for the person: a click or Enter elsewhere says so, and where it goes.
    const to = S.legal.filter((m) => m.startsWith(sel)).map((m) => m.slice(2)).sort().join(', ');
    const words = `Nothing to pick on ${name}: ${dieWords(S.die)} moves only ${sel}, to ${to}.`;
    say(words);
    flash(words, 'info');
  }
  render(S);
}

function onBoardKey(ev) {
  if (setupMode || replaceAnswer) return;
  const g = geo();
  const r = Math.floor(focusIdx / g.cols), c = focusIdx % g.cols;
  const moves = { ArrowUp: [-1, 0], ArrowDown: [1, 0], ArrowLeft: [0, -1], ArrowRight: [0, 1] };
  if (moves[ev.key]) {
    const [dr, dc] = moves[ev.key].map((x) => (flipped ? -x : x));
    const nr = Math.min(g.rows - 1, Math.max(0, r + dr)), nc = Math.min(g.cols - 1, Math.max(0, c + dc));
    focusSquare(nr * g.cols + nc);
    typedJustPlayed = false;
    ev.preventDefault();
    ev.stopPropagation();
  } else if (ev.key === 'Enter' && typedJustPlayed) {
    typedJustPlayed = false;
    ev.preventDefault();
    ev.stopPropagation();
  } else if (ev.key === 'Enter' || ev.key === ' ') {
    onBoardClick(focusIdx, true);
    ev.preventDefault();
    ev.stopPropagation();
  }
}

// Setup arrangement: drag a cube onto another square of its triangle (or click one, then the
// other) to swap them.
function swapSetup(a, b) {
  const tri = setupGeo().tri;
  for (const side of ['r', 'b']) {
    const ia = tri[side].indexOf(a), ib = tri[side].indexOf(b);
    if (ia >= 0 && ib >= 0 && ia !== ib) {
      const d = draft[side];
      [d[ia], d[ib]] = [d[ib], d[ia]];
      setupField(side).value = d.map(cubeChar).join('');
      return true;
    }
  }
  return false;
}

const setupField = (side) => document.querySelector(`#p-${side === 'r' ? 'red' : 'blue'} .p-setup input`);

function setupPointerDown(ev) {
  if (!setupMode) return;
  const i = cellIndexAt(ev.clientX, ev.clientY);
  const tri = setupGeo().tri;
  if (i === null || !(tri.r.includes(i) || tri.b.includes(i))) return;
  drag = { from: i };
  $('board').setPointerCapture(ev.pointerId);
  ev.preventDefault();
  drawBoard();
}

function setupPointerMove(ev) {
  if (!drag) return;
  const i = cellIndexAt(ev.clientX, ev.clientY);
  document.querySelectorAll('.cell.drop-ok').forEach((c) => c.classList.remove('drop-ok'));
  if (i !== null && i !== drag.from) {
    const g = setupGeo();
    const side = g.tri.r.includes(drag.from) ? 'r' : 'b';
    if (g.tri[side].includes(i)) $('sq-' + g.name(i)).classList.add('drop-ok');
  }
}

function setupPointerUp(ev) {
  if (!drag) return;
  const from = drag.from;
  drag = null;
  const i = cellIndexAt(ev.clientX, ev.clientY);
  if (i === from) {
    if (swapFrom === null) swapFrom = from;
    else { swapSetup(swapFrom, from); swapFrom = null; }
  } else if (i !== null) {
    swapSetup(from, i);
    swapFrom = null;
  }
  drawBoard();
}

function enterSetupMode() {
  const v = formVariant();
  for (const side of ['r', 'b']) {
    draft[side] = readSetup(v, setupField(side).value) || v.cubes.map(cubeNum);
    setupField(side).value = draft[side].map(cubeChar).join('');
  }
  setupMode = true;
  swapFrom = null;
  render(S);
  // On a phone the form is below the board: the board comes into view whole with the page's
  // top (else the status line, what to do) above it, Start game a scroll below.
  const b = $('board').getBoundingClientRect(), st = $('status').getBoundingClientRect();
  const y = b.bottom + scrollY + 16 <= innerHeight ? 0 : (b.bottom - st.top + 16 <= innerHeight ? st.top : b.top) + scrollY - 8;
  if (b.top < 0 || b.bottom > innerHeight) window.scrollTo({ top: y, behavior: 'instant' });
}

// A reload mid-turn: the keyboard goes on where it was before, on the cube picked then (kept for
// the reload) or else a cube that can move, so that Tab into the board lands there too (not on
// the board's middle square, empty). Roll not rolled yet: nothing to resume.
const PICKED_KEY = 'ewn-picked';
const pickedAt = (s) => [s.game, s.fen, s.die, s.ply].join('|');
window.addEventListener('pagehide', () => {
  try {
    if (S && selected) sessionStorage.setItem(PICKED_KEY, JSON.stringify({ at: pickedAt(S), square: selected }));
    else sessionStorage.removeItem(PICKED_KEY);
  } catch (e) { /* no storage */ }
});
function resumeTurn(s) {
  let kept = null;
  try { kept = JSON.parse(sessionStorage.getItem(PICKED_KEY) || 'null'); sessionStorage.removeItem(PICKED_KEY); } catch (e) { /* none */ }
  if (!TOKEN || setupMode) return;
  const a = document.activeElement;
  if (s.winner || !s.live || !humanToMove() || !s.legal.length || !mayMove()) {
    // A first open with nothing picked: the keyboard starts on Roll as after Start game (when
    // it can be pressed, or once it can when a person plays), not from the page's top; a game
    // of engines leaves it where it is.
    if (!s.winner && s.live && (!a || a === document.body)) {
      const roll = $('roll');
      if (roll.offsetParent !== null && !roll.disabled) roll.focus({ preventScroll: true });
      else rollFocusWanted = ['r', 'b'].some((side) => playerOf(side).type === 'human');
    }
    return;
  }
  if (a && a !== document.body && !$('board').contains(a)) return;
  if (kept && kept.at === pickedAt(s) && s.legal.some((m) => m.startsWith(kept.square))) {
    selected = kept.square;
    drawBoard();
  }
  focusMovable();
}

// The note's ✕: the note goes (a server's error until it changes, a notice for good), so that
// nothing under it stays hidden. A notice (information) also goes by itself after a while.
let errorGone = null; // the server's error closed by the person, not shown again
let noticeTimer = { at: null, id: null };
function closeNote() {
  localError = null;
  clearTimeout(noteTimer);
  if (S && S.error) errorGone = S.error;
  dropNotice();
  $('error').classList.remove('open');
  if (S) render(S);
}
$('note-close').addEventListener('click', (ev) => { ev.stopPropagation(); closeNote(); });
function noticeGoesLater(s, notice) {
  const at = notice ? s.game + '|' + notice : null;
  if (at === noticeTimer.at) return;
  clearTimeout(noticeTimer.id);
  noticeTimer = { at, id: at ? setTimeout(() => { if (S && S.game + '|' + S.notice === at) dropNotice(); }, NOTICE_MS) : null };
}
const NOTICE_MS = 15000;
