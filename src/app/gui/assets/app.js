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
// for this tab and taken out of the address bar, so that it does not show in screenshots or the
// history.
const TOKEN = (() => {
  const q = new URLSearchParams(location.search);
  const t = q.get('token');
  try {
    if (t) sessionStorage.setItem('ewn-token', t);
    if (t || q.get('position')) history.replaceState(null, '', location.pathname);
    return t || sessionStorage.getItem('ewn-token');
  } catch (e) { return t; }
})();

let S = null; // the last state from the server
let selected = null; // square name of the cube picked to move
let shownMove = null; // a move of the analysis table shown on the board
let hintMove = null;
let hintFen = null;
let localError = null;
let setupMode = false;
let draft = { r: [1, 2, 3, 4, 5, 6], b: [1, 2, 3, 4, 5, 6] }; // cube numbers in setup order
let drag = null; // {from: index} while a setup cube is dragged
let swapFrom = null; // setup square picked by a click, waiting for the second click
let lastBoardHtml = '';
let focusIdx = 12; // the board square that takes the keyboard focus (c3 at first)
let typed = ''; // a move being typed on the keyboard
let formKey = null; // the game whose settings the New game form shows
let wasPlaying = false;
let inFlight = 0; // requests sent and not answered yet: a second click meanwhile is ignored
let noteTimer = null;
let reviewSince = null; // when the running review began, for its progress line
let takeArm = null; // {move, square}: an own cube's capture waiting for a second click on it
let flipped = false; // the board turned half a turn: Blue's side at the bottom
let dieBuf = ''; // digits of a typed die of two digits (10..12) being typed
let dieTimer = null;
let resignArmed = 0; // until when a second click on Resign resigns
let noteKind = 'error'; // 'error' or 'info' (a neutral note: something copied)

const sqName = (i) => geo().name(i);
const pct = (p) => (p * 100).toFixed(1) + '%';
// A small mark for a value the endgame tables give exactly (no estimate).
const exactTag = (exact) => (exact ? ' <span class="exact" title="exact: the endgame tables value this position">exact</span>' : '');
const cubeWords = (c) => `${c[0] === 'R' ? 'Red' : 'Blue'} ${c.slice(1)}`;
// A turn's die in words: "die 4", or "any cube" without dice (never "die 0").
const dieWords = (d) => (hasDice() ? `die ${d}` : 'any cube');
const DieWords = (d) => (hasDice() ? `Die ${d}` : 'Any cube');

async function api(method, path, body) {
  const opt = { method, headers: {} };
  if (body !== undefined) {
    opt.headers['Content-Type'] = 'application/json';
    opt.body = JSON.stringify(body);
  }
  if (method !== 'GET' && TOKEN) opt.headers['X-Ewn-Token'] = TOKEN;
  const r = await fetch(path, opt);
  let data = null;
  try { data = await r.json(); } catch (e) { data = null; }
  if (!r.ok) throw new Error((data && data.error) || ('HTTP ' + r.status));
  return data;
}

async function post(path, body) {
  inFlight += 1;
  try {
    const s = await api('POST', path, body || {});
    localError = null;
    if (s && s.version !== undefined) render(s);
    return s;
  } catch (e) {
    flash(e.message);
    return null;
  } finally {
    inFlight -= 1;
  }
}

// A note by the board (read by screen readers, never in the way of a click); it goes with the
// next change of the game, or after a few seconds.
function flash(msg, kind) {
  localError = msg;
  noteKind = kind || 'error';
  clearTimeout(noteTimer);
  noteTimer = setTimeout(() => { localError = null; if (S) render(S); }, 6000);
  if (S) render(S);
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

// A person may move when it is a person's turn, or for any side while engines wait.
function mayMove() {
  return S && S.legal.length > 0 && !S.awaiting_setup && !engineOnTurn();
}
// An engine rolls for itself, also while paused (Resume or Step); at a past position the die
// rolled there is shown, so there is nothing to roll.
function canRoll() {
  return S && S.dice.mode === 'auto' && S.die === null && !S.winner && !S.awaiting_setup &&
    (humanToMove() || !S.live);
}
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

function drawBoard() {
  const board = $('board');
  const pieces = boardPieces();
  // A pass is played with its button; the board shows cube moves only.
  const legal = (!setupMode && S && mayMove()) ? S.legal.filter((m) => m !== '0000') : [];
  const froms = new Set(legal.map((m) => m.slice(0, 2)));
  let sel = selected;
  if (!sel && froms.size === 1) sel = [...froms][0];
  const targets = new Set(sel ? legal.filter((m) => m.startsWith(sel)).map((m) => m.slice(2)) : []);
  const lastPly = (!setupMode && S && S.ply > 0 && S.plies[S.ply - 1].move !== '0000') ? S.plies[S.ply - 1] : null;
  const last = lastPly ? lastPly.move : null;
  const hint = (!setupMode && hintMove && S && hintFen === S.fen) ? hintMove : null;
  const rv = reviewedNext();
  const mine = S ? (S.side === 'r' ? 'R' : 'B') : 'R';
  const threats = new Map();
  const after = new Map();
  if (!setupMode && S) {
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
  const arm = takeArm && S && mayMove() && S.legal.includes(takeArm.move) ? takeArm : null;
  if (arm) {
    add(deco.cls, arm.square, 'take-own');
    add(deco.cls, arm.square, 'armed');
    add(deco.cls, arm.move.slice(0, 2), 'arm-from');
    add(deco.words, arm.square, `click again to take your own cube with ${arm.move.slice(0, 2)}`);
  }
  mark(hint, 'hint-from', 'hint-to');
  mark(shownMove, 'show-from', 'show-to');
  if (rv) { mark(rv.played, 'played-from', 'played-to'); mark(rv.best, 'best-from', 'best-to'); }
  for (let i = 0; i < g.n; i++) {
    const name = g.name(i);
    if (setupMode && (g.tri.r.includes(i) || g.tri.b.includes(i))) add(deco.cls, name, 'setup-cell');
    const p = pieces[i];
    if (p) {
      if (froms.has(name)) { add(deco.cubeCls, name, 'movable'); add(deco.words, name, 'can move'); }
      if (sel === name && froms.has(name)) add(deco.cubeCls, name, 'selected');
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
      if (own) {
        add(deco.badges, name, `<span aria-hidden="true" class="badge danger" title="${SIDE_NAME[S.side]}'s cube can be taken on the opponent's next roll (${n}% of rolls)"><b aria-hidden="true">!</b>${n}%</span>`);
        add(deco.words, name, `can be taken, ${n}%`);
      } else {
        add(deco.badges, name, `<span aria-hidden="true" class="badge chance" title="${SIDE_NAME[S.side]} can take this cube on a roll (${n}% of rolls)"><b aria-hidden="true">◎</b>${n}%</span>`);
        add(deco.words, name, `can be taken by ${SIDE_NAME[S.side]}, ${n}%`);
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
  // Rebuilt only when something changed, so a click is never lost to a redraw.
  const hadFocus = board.contains(document.activeElement);
  // Smaller squares, smaller badges: they keep to the corners, off the cube's number.
  const side = Math.max(g.rows, g.cols);
  board.classList.toggle('dense', side === 6);
  board.classList.toggle('denser', side >= 7);
  const variant = setupMode ? formVariant() : (S && S.variant);
  if (EwnBoard.draw(board, { squares: pieces, rows: g.rows, cols: g.cols, variant, flip: flipped }, deco) && hadFocus) focusSquare(focusIdx);
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
function animateMove(mv, took) {
  const from = $('sq-' + mv.slice(0, 2)), to = $('sq-' + mv.slice(2));
  if (!from || !to) return;
  if (took) {
    const ghost = document.createElement('div');
    ghost.className = `cube ${took[0] === 'R' ? 'red' : 'blue'} ghost`;
    ghost.textContent = took.slice(1);
    ghost.setAttribute('aria-hidden', 'true');
    to.appendChild(ghost);
    setTimeout(() => ghost.remove(), REDUCED_MOTION ? 0 : 600);
  }
  if (REDUCED_MOTION) return;
  const cube = to.querySelector('.cube:not(.ghost)');
  if (!cube) return;
  const a = from.getBoundingClientRect(), b = to.getBoundingClientRect();
  cube.animate([
    { transform: `translate(${a.left - b.left}px, ${a.top - b.top}px)` },
    { transform: 'translate(0, 0)' },
  ], { duration: 260, easing: 'ease-out' });
}

function animateDie(d) {
  const die = $('die');
  if (REDUCED_MOTION || !hasDice()) return;
  const faces = S.variant.outcomes.map((o) => o[0]);
  let k = 0;
  die.classList.add('rolling');
  const spin = setInterval(() => {
    k += 1;
    if (k >= 6) { clearInterval(spin); die.textContent = d; die.classList.remove('rolling'); return; }
    die.textContent = faces[(d + k * 5) % faces.length];
  }, 55);
}

function cellIndexAt(x, y) {
  const el = document.elementFromPoint(x, y);
  const cell = el && el.closest ? el.closest('.cell') : null;
  return cell ? Number(cell.dataset.i) : null;
}

function playMove(m) {
  selected = null;
  typed = '';
  $('move-input').value = '';
  return post('/api/move', { move: m });
}

function onBoardClick(i) {
  if (!S || setupMode) return;
  focusIdx = i;
  const name = sqName(i);
  if (!mayMove()) {
    if (S.winner) flash(`The game is over: ${S.status}. Rematch, New game or Review.`);
    else if (S.awaiting_setup) flash('The engines are still choosing their setups.');
    else if (engineOnTurn()) flash(`${SIDE_NAME[S.side]} is an engine and plays by itself; Pause to move for it.`);
    else if (S.die === null) {
      if (S.dice.mode === 'manual') flash('Type the die first.');
      else if (humanToMove() || !S.live) flash('Roll the die first (key R).');
      else flash(`${SIDE_NAME[S.side]} is an engine: Resume, or Step for its move.`);
    }
    return;
  }
  const froms = new Set(S.legal.map((m) => m.slice(0, 2)));
  const sel = selected || (froms.size === 1 ? [...froms][0] : null);
  const own = ownCubeAt(name) && name !== sel;
  // The second click on an own cube that the picked cube can take takes it.
  const arm = takeArm;
  takeArm = null;
  if (arm && arm.square === name && S.legal.includes(arm.move)) {
    playMove(arm.move);
    return;
  }
  // A click on one's own cube picks it. Taking one's own cube needs the taking cube picked by
  // a click first (not just picked for the person because the die leaves only it); when the
  // cube to take can move too, the first click on it picks it and a second click takes it.
  if (own && froms.has(name)) {
    if (sel && selected === sel && S.legal.includes(sel + name)) {
      takeArm = { move: sel + name, square: name };
      selected = name;
      say(`${name} picked; click ${name} again to take it with ${sel}, or choose its target`);
      flash(`${name} picked. Click ${name} again to take your own cube with ${sel}.`, 'info');
      return;
    }
    selected = name;
    say(`${name} picked; choose its target`);
    render(S);
    return;
  }
  if (sel && S.legal.includes(sel + name)) {
    if (own && selected !== sel) {
      flash(`${name} holds your own cube: click ${sel} first, then ${name}, to take it.`);
      return;
    }
    playMove(sel + name);
    return;
  }
  selected = froms.has(name) ? name : null;
  if (selected) say(`${name} picked; choose its target`);
  else if (own) flash(`Your cube on ${name} cannot move with ${dieWords(S.die)}: ${[...froms].join(' or ')} can.`);
  render(S);
}

function onBoardKey(ev) {
  if (setupMode) return;
  const g = geo();
  const r = Math.floor(focusIdx / g.cols), c = focusIdx % g.cols;
  const moves = { ArrowUp: [-1, 0], ArrowDown: [1, 0], ArrowLeft: [0, -1], ArrowRight: [0, 1] };
  if (moves[ev.key]) {
    const [dr, dc] = moves[ev.key].map((x) => (flipped ? -x : x));
    const nr = Math.min(g.rows - 1, Math.max(0, r + dr)), nc = Math.min(g.cols - 1, Math.max(0, c + dc));
    focusSquare(nr * g.cols + nc);
    ev.preventDefault();
    ev.stopPropagation();
  } else if (ev.key === 'Enter' || ev.key === ' ') {
    onBoardClick(focusIdx);
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
}

// ---------- panel ----------

function shownRow() {
  if (!shownMove || !S || !S.analysis.moves) return null;
  return S.analysis.moves.find((m) => m.move === shownMove) || null;
}

function drawAnalysis() {
  const a = S.analysis;
  let note = '';
  if (!a.enabled) note = 'off';
  else if (a.busy) note = 'searching…';
  else if (a.depth) note = `depth ${a.depth}`;
  $('analysis-note').textContent = note;
  // Red's chance before the roll, else the graph's point for this position.
  let red = null;
  // Without dice the turn's move table is the position's value (searched deeper than the
  // pre-move estimate), so the bar, the table and the graph say the same.
  if (!hasDice() && a.moves && a.moves.length) red = a.side === 'r' ? a.moves[0].wp : 1 - a.moves[0].wp;
  else if (a.preroll) red = a.side === 'r' ? a.preroll.wp : 1 - a.preroll.wp;
  else if (S.graph[S.ply] !== null && S.graph[S.ply] !== undefined) red = S.graph[S.ply];
  if (S.winner) red = S.winner === 'r' ? 1 : 0;
  $('winbar-red').style.width = red === null ? '50%' : (red * 100).toFixed(1) + '%';
  $('winbar-rl').textContent = 'Red ' + (red === null ? '…' : pct(red));
  $('winbar-bl').textContent = 'Blue ' + (red === null ? '…' : pct(1 - red));
  $('winbar').setAttribute('aria-label', red === null ? 'win chance not known yet' : `Red ${pct(red)}, Blue ${pct(1 - red)}`);

  const side = SIDE_NAME[a.side];
  // At a past position: the move the game played there, with the die rolled there.
  const next = !S.live && S.ply < S.plies.length ? S.plies[S.ply] : null;
  let die = '';
  if (S.winner) die = '<p>The game is over.</p>';
  else if (a.moves) {
    const played = next && next.die === a.die ? next.move : null;
    const rank = played ? a.moves.findIndex((m) => m.move === played) + 1 : 0;
    const rows = a.moves.map((m, k) => {
      const caps = m.captures.map((c) => `${c.cube} ${pct(c.chance)}`).join(', ') || '–';
      const cls = ['mv'];
      if (k === 0) cls.push('best');
      if (m.move === played) cls.push('played');
      const tag = m.move === played ? ' <span class="tag played" title="the move the game played here">played</span>' : '';
      return `<tr class="${cls.join(' ')}" data-move="${m.move}"><td class="mono">${m.move}${tag}</td>` +
        `<td class="num">${pct(m.wp)}${exactTag(m.exact)} <span class="bar" style="width:${Math.round(m.wp * 50)}px"></span></td>` +
        `<td class="num">${pct(m.oppwin)}</td><td>${caps}</td></tr>`;
    }).join('');
    const asIn = hasDice() ? `Die ${a.die}, as rolled in the game` : 'Any cube, in the game';
    const head = played
      ? `${asIn}: ${side} played ${played}, ${rank === 1 ? 'the best' : `${ordinal(rank)} of ${a.moves.length}`}`
      : `${DieWords(a.die)}: every move, ${side}'s win chance`;
    die = `<h3>${head} <small>depth ${a.depth}</small></h3>` +
      `<table class="an" id="analysis-moves"><thead><tr><th scope="col">move</th><th scope="col" class="num">win</th><th scope="col" class="num" title="chance the opponent wins on its next roll">opp. wins</th><th scope="col" title="own cubes the opponent can take on its next roll">can be taken</th></tr></thead><tbody>${rows}</tbody></table>`;
  } else if (S.die !== null && a.enabled) die = `<h3>${DieWords(S.die)}${next && next.die === S.die && hasDice() ? ', as rolled in the game' : ''}</h3><p>Analysing every move…</p>`;
  else if (a.enabled) {
    die = S.dice.mode === 'manual' ? '<p>Type the die to see every move\'s win chance.</p>'
      : (humanToMove() || !S.live ? '<p>Roll the die to see every move\'s win chance.</p>' : '<p>The engine rolls for itself.</p>');
  }
  $('analysis-die').innerHTML = die;

  let faces = '';
  // Without dice there is no roll: the move table above is the whole story.
  if (a.preroll && a.preroll.faces.length && !S.winner && hasDice()) {
    const rows = a.preroll.faces.map((f) => `<tr${S.die === f.die ? ' class="best"' : ''}><td>${f.die}</td><td class="mono">${f.best}</td><td class="num">${pct(f.wp)}</td></tr>`).join('');
    const depths = [...new Set(a.preroll.faces.map((f) => f.depth))].sort((x, y) => x - y).join('–');
    faces = `<h3>Before the roll: ${side} ${pct(a.preroll.wp)}${exactTag(a.preroll.exact)}; per face <small title="before the roll the six faces share the search time, so each is searched less deeply than the rolled die's table, and its value can differ from it by a little">depth ${depths}</small></h3>` +
      `<table class="an" id="analysis-faces-table"><thead><tr><th scope="col">die</th><th scope="col">best</th><th scope="col">win</th></tr></thead><tbody>${rows}</tbody></table>`;
  }
  $('analysis-faces').innerHTML = faces;
  $('pv').textContent = a.pv.length ? a.pv.join(' ') : '–';
}

// A solved variant (its table loaded with --tables): the shown position's exact value and the
// optimal mixed setups of both sides.
function drawSolved() {
  const sv = S.solved;
  const el = $('solved');
  el.hidden = !sv;
  if (!sv) return;
  const mix = (xs) => xs.map((x) => `<span class="mono">${esc(x.setup)}</span> ${pct(x.p)}`).join(', ');
  const first = SIDE_NAME[sv.first], second = SIDE_NAME[sv.first === 'r' ? 'b' : 'r'];
  let h = `<h3>Solved exactly <small>the variant's table</small></h3>`;
  if (S.winner) h += '';
  else h += sv.wp === null || sv.wp === undefined ? '<p>This position is not reached in any game from the start.</p>'
    : `<p>This position: ${SIDE_NAME[sv.side]} wins ${pct(sv.wp)} with perfect play${exactTag(true)}.</p>`;
  if (sv.equilibrium) {
    const e = sv.equilibrium;
    h += `<p id="solved-eq">Best setups (equilibrium): ${first}, moving first, wins ${pct(e.value)}. ` +
      `${first} plays ${mix(e.first)}; ${second} plays ${mix(e.second)}.</p>`;
  }
  setHtml(el, h);
}

function drawGraph() {
  const svg = $('graph');
  const g = S.graph;
  const W = Math.max(200, Math.round(svg.clientWidth || 400)), H = 170;
  const L = 38, R = 10, T = 16, B = 26;
  svg.setAttribute('viewBox', `0 0 ${W} ${H}`);
  const n = Math.max(g.length - 1, 1);
  const x = (i) => L + (W - L - R) * i / n;
  const y = (p) => T + (H - T - B) * (1 - p);
  // Positions whose chance is unknown are bridged: the line joins the known points.
  const known = [];
  g.forEach((p, i) => { if (p !== null && p !== undefined) known.push([x(i), y(p)]); });
  const d = known.map(([px, py], k) => (k ? 'L' : 'M') + px.toFixed(1) + ' ' + py.toFixed(1)).join(' ');
  const dots = known.map(([px, py]) => `<circle cx="${px.toFixed(1)}" cy="${py.toFixed(1)}" r="2.2" fill="#1d2228"/>`).join('');
  const marks = [];
  S.plies.forEach((p, k) => {
    if (!p.mark || g[k + 1] === null || g[k + 1] === undefined) return;
    marks.push(`<circle class="gmark ${p.mark}" cx="${x(k + 1).toFixed(1)}" cy="${y(g[k + 1]).toFixed(1)}" r="5"><title>${k + 1}. ${p.move}: ${p.mark}</title></circle>`);
  });
  const step = Math.max(1, Math.ceil(n / Math.max(2, Math.floor((W - L - R) / 36))));
  const ticks = [];
  for (let i = 0; i <= n; i += step) {
    ticks.push(`<line x1="${x(i)}" y1="${H - B}" x2="${x(i)}" y2="${H - B + 4}" stroke="#9aa3ad"/><text x="${x(i)}" y="${H - B + 15}" text-anchor="middle">${i}</text>`);
  }
  svg.innerHTML =
    `<rect x="${L}" y="${T}" width="${W - L - R}" height="${(H - T - B) / 2}" fill="#fbeeed"/>` +
    `<rect x="${L}" y="${T + (H - T - B) / 2}" width="${W - L - R}" height="${(H - T - B) / 2}" fill="#edf2fb"/>` +
    `<line x1="${L}" y1="${y(0.5)}" x2="${W - R}" y2="${y(0.5)}" stroke="#9aa3ad" stroke-dasharray="4 4"/>` +
    `<g class="axis"><text x="${L - 4}" y="${y(1) + 4}" text-anchor="end">100%</text><text x="${L - 4}" y="${y(0.5) + 4}" text-anchor="end">50%</text><text x="${L - 4}" y="${y(0) + 4}" text-anchor="end">0%</text>` +
    `<text x="${L}" y="${T - 4}">Red's win chance</text><text x="${W - R}" y="${H - 2}" text-anchor="end">move</text>${ticks.join('')}</g>` +
    `<line x1="${x(S.ply)}" y1="${T}" x2="${x(S.ply)}" y2="${H - B}" stroke="#e2a21b" stroke-width="2"/>` +
    `<path id="graph-line" d="${d}" fill="none" stroke="#1d2228" stroke-width="2" stroke-linejoin="round"/>` +
    dots + marks.join('');
  svg.dataset.n = n;
  svg.dataset.l = L;
  svg.dataset.r = R;
  const last = known.length ? g.filter((p) => p !== null && p !== undefined).slice(-1)[0] : null;
  const here = g[S.ply];
  svg.setAttribute('aria-valuemin', '0');
  svg.setAttribute('aria-valuemax', String(S.plies.length));
  svg.setAttribute('aria-valuenow', String(S.ply));
  svg.setAttribute('aria-valuetext', `move ${S.ply} of ${S.plies.length}` + (here !== null && here !== undefined ? `, Red ${pct(here)}` : ''));
  svg.setAttribute('aria-label', `Red's win chance after each move: ${known.length} of ${g.length} positions known` +
    (last !== null ? `, last ${pct(last)}` : '') + `; shown: move ${S.ply}` + (here !== null && here !== undefined ? `, ${pct(here)}` : '') +
    '. Left and right arrows step through the game');
}

function graphClick(ev) {
  if (!S) return;
  const svg = $('graph');
  const rect = svg.getBoundingClientRect();
  const vb = svg.viewBox.baseVal;
  const px = (ev.clientX - rect.left) * (vb.width / rect.width);
  const n = Number(svg.dataset.n), L = Number(svg.dataset.l), R = Number(svg.dataset.r);
  const i = Math.max(0, Math.min(S.plies.length, Math.round((px - L) / ((vb.width - L - R) / n))));
  // A marked point is a decision: the position before the marked move, with its played and
  // best moves framed, as the review's list shows it.
  const p = i > 0 ? S.plies[i - 1] : null;
  navigate(p && p.mark ? i - 1 : i, true);
}

function graphKey(ev) {
  if (!S) return;
  const to = { ArrowLeft: S.ply - 1, ArrowRight: S.ply + 1, Home: 0, End: S.plies.length }[ev.key];
  if (to === undefined) return;
  navigate(to, true);
  ev.preventDefault();
  ev.stopPropagation();
}

// The move list. While a side line is shown it reads as on an analysis board: the game's moves
// up to where the side line leaves it, the game's next move, the side line in brackets, then the
// rest of the game (a click on one of the game's moves goes back to the game there).
function drawMoves() {
  const m = S.main;
  const branch = m ? m.branch : null;
  const item = (p, k) => {
    const side = branch !== null && k >= branch;
    const cls = [p.side];
    if (side) cls.push('side');
    if (k === S.ply - 1) cls.push('current');
    if (k >= S.ply) cls.push('after');
    const mark = p.mark ? `<span class="mk ${p.mark}" title="${p.mark}">${MARK_SIGN[p.mark]}</span>` : '';
    const took = p.took ? '×' : p.fell ? '↓' : '';
    const label = `${k + 1}. ${SIDE_NAME[p.side]}, ${dieWords(p.die)}, ${p.move}${p.took ? ', took ' + cubeWords(p.took) : ''}${p.fell ? ', ' + cubeWords(p.fell) + ' fell into the hole' : ''}${p.mark ? ', ' + p.mark : ''}${side ? ', side line' : ''}`;
    const title = p.fell ? ` title="${cubeWords(p.fell)} fell into the hole"` : '';
    return `<li class="${cls.join(' ')}"><button type="button" data-ply="${k + 1}"${title}${k === S.ply - 1 ? ' aria-current="step"' : ''}><span class="sr-only">${label}</span><span aria-hidden="true">${k + 1}. ${dieShort(p.die)}${p.move}${took}${mark}</span></button></li>`;
  };
  const gameMove = (p, k) => `<li class="${p.side} game"><button type="button" data-main="${branch + k + 1}"><span class="sr-only">the game's move ${branch + k + 1}, ${SIDE_NAME[p.side]}, ${dieWords(p.die)}, ${p.move}: back to the game there</span><span aria-hidden="true">${branch + k + 1}. ${dieShort(p.die)}${p.move}</span></button></li>`;
  let items;
  if (!m) items = S.plies.map(item);
  else {
    items = S.plies.slice(0, branch).map(item);
    if (m.plies.length) items.push(gameMove(m.plies[0], 0));
    items.push('<li class="paren" aria-hidden="true">(</li>');
    S.plies.slice(branch).forEach((p, j) => items.push(item(p, branch + j)));
    items.push('<li class="paren" aria-hidden="true">)</li>');
    m.plies.slice(1).forEach((p, j) => items.push(gameMove(p, j + 1)));
  }
  if (!items.length) items.push('<li class="empty">No moves yet: the list fills as the game goes.</li>');
  const list = $('moves');
  const html = items.join('');
  if (list.dataset.html !== html) {
    list.innerHTML = html;
    list.dataset.html = html;
    const cur = list.querySelector('.current');
    if (cur) list.scrollTop = cur.offsetTop - list.offsetTop - 30;
  }
  // One line under the board while a side line is shown: what it is, and the way back.
  const bar = $('mainline');
  bar.hidden = !m;
  if (m) {
    const res = m.winner ? `${SIDE_NAME[m.winner]} won in ${m.length}` : `${m.length} moves`;
    setHtml(bar, `<span class="ml-head">Side line from move ${m.branch + 1} · the game: ${res}</span> <button type="button" id="to-main" class="primary">Back to the game</button>`);
  }
}

// The die before a move in the move list ("4:"), nothing without dice.
const dieShort = (d) => (hasDice() ? `${d}:` : '');

const ordinal = (n) => n + (n % 10 === 1 && n % 100 !== 11 ? 'st' : n % 10 === 2 && n % 100 !== 12 ? 'nd' : n % 10 === 3 && n % 100 !== 13 ? 'rd' : 'th');

function drawReview() {
  const rv = S.review;
  $('review-depth').textContent = rv.depth;
  const none = S.plies.length === 0;
  $('review').disabled = rv.busy || none || setupMode;
  $('review-end').disabled = rv.busy || none;
  // In a side line, Review values the side line.
  $('review').textContent = S.main ? 'Review side line' : rv.moves ? 'Review again' : 'Review game';
  $('review-cancel').hidden = !rv.busy;
  if (rv.busy && reviewSince === null) reviewSince = Date.now();
  if (!rv.busy) reviewSince = null;
  const secs = reviewSince === null ? 0 : Math.round((Date.now() - reviewSince) / 1000);
  const what = S.main ? 'side line' : 'game';
  const progress = `move ${rv.done} of ${rv.total} valued (depth ${rv.depth}, ${secs} s)`;
  $('review-note').textContent = rv.busy ? progress : (rv.moves ? `${rv.moves.length} moves valued` + (rv.line === 'side' ? ' (side line)' : '') : '');
  if (!rv.moves || rv.busy) {
    const pctDone = rv.total ? Math.round(100 * rv.done / rv.total) : 0;
    setHtml($('review-out'), rv.busy ? `<p class="busy"><span class="spinner" aria-hidden="true"></span> Valuing the ${what}: move ${rv.done} of ${rv.total} <progress id="review-progress" max="${rv.total}" value="${rv.done}" aria-label="review progress">${pctDone}%</progress> ${secs} s; the rest of the page goes on.</p>` : '');
    return;
  }
  const names = { r: S.players.red.label, b: S.players.blue.label };
  const row = (k, t) => `<tr><td><span class="swatch ${k === 'r' ? 'red' : 'blue'}" aria-hidden="true"></span>${SIDE_NAME[k]} (${esc(names[k])})</td>` +
    `<td class="num">${pct(t.lost)}</td><td class="num">${t.inaccuracies}</td><td class="num">${t.mistakes}</td><td class="num">${t.blunders}</td></tr>`;
  const marked = rv.moves.filter((m) => m.mark).map((m) =>
    `<li><button type="button" class="rv ${m.mark}" data-ply="${m.ply - 1}"><span class="mk ${m.mark}">${MARK_SIGN[m.mark]}</span> ${m.ply}. ${SIDE_NAME[m.side]} ${dieWords(m.die)}: played <b class="mono">${m.played}</b> ${pct(m.played_wp)}, best <b class="mono">${m.best}</b> ${pct(m.best_wp)} <span class="loss">−${pct(m.loss)} ${m.mark}</span></button></li>`).join('');
  setHtml($('review-out'),
    `<table class="an" id="review-table"><thead><tr><th scope="col">side</th><th scope="col" class="num" title="win chance given away over the game">gave away</th><th scope="col" class="num"><abbr title="inaccuracies">?!</abbr></th><th scope="col" class="num"><abbr title="mistakes">?</abbr></th><th scope="col" class="num"><abbr title="blunders">??</abbr></th></tr></thead>` +
    `<tbody>${row('r', rv.red)}${row('b', rv.blue)}</tbody></table>` +
    '<p class="hint-text">?! inaccuracy, ? mistake, ?? blunder. Pick a move to see it: red frame the move played, green the best.</p>' +
    (marked ? `<ul class="marked" id="review-marked">${marked}</ul>` : '<p>No move gave away 2% or more.</p>'));
}

// Under the board at a reviewed decision: what was played, what was best, and what it cost, as
// the review's list says it.
function drawDecision() {
  const rv = reviewedNext();
  const el = $('decision');
  el.hidden = !rv;
  if (!rv) return;
  const h = `<span class="mk ${rv.mark}">${MARK_SIGN[rv.mark]}</span> ${rv.ply}. ${SIDE_NAME[rv.side]} ${dieWords(rv.die)}: played <b class="mono played" title="red frame">${rv.played}</b> ${pct(rv.played_wp)}, best <b class="mono best" title="green frame">${rv.best}</b> ${pct(rv.best_wp)}: −${pct(rv.loss)} ${rv.mark}`;
  if (el.dataset.html !== h) { el.innerHTML = h; el.dataset.html = h; }
}

// Replaces an element's content only when it changed, so that a click is never lost to a redraw.
function setHtml(el, html) {
  if (el.dataset.html !== html) { el.innerHTML = html; el.dataset.html = html; }
}

function esc(s) {
  return String(s).replace(/[&<>"]/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;' }[c]));
}

function describePlayer(p) {
  if (p.type === 'ewn') return `ewn · level ${p.level} · ${p.movetime} ms`;
  if (p.type === 'engine') return `engine ${p.name}`;
  return p.label && p.label !== 'human' ? p.label : 'Person';
}

function drawPlayers() {
  for (const side of ['r', 'b']) {
    const p = playerOf(side);
    const bar = $('bar-' + (side === 'r' ? 'red' : 'blue'));
    bar.querySelector('.pname').textContent = `${SIDE_NAME[side]}: ${describePlayer(p)}`;
    let note = '';
    if (S.winner === side) note = 'wins';
    else if (!S.winner && S.side === side) note = S.thinking === side ? 'thinking…' : 'to move';
    bar.querySelector('.pnote').textContent = note;
    bar.classList.toggle('active', !S.winner && S.side === side);
    bar.classList.toggle('won', S.winner === side);
  }
}

function settingsText(s) {
  const parts = [`${describePlayer(s.players.red)} v ${describePlayer(s.players.blue)}`];
  if (!s.variant.standard) parts.push(s.variant.name);
  if (s.setup.position) parts.push('from a position');
  else parts.push(`setups ${s.setup.red_setup} / ${s.setup.blue_setup}`, `${SIDE_NAME[s.setup.first]} first`);
  if (!s.variant.has_dice) parts.push('no dice');
  else parts.push(s.dice.mode === 'auto' ? `seed ${s.dice.seed}` : 'typed dice');
  return parts.join(' · ');
}

// The form shows the game being played; refilled when another game begins, unless the person is
// editing it.
function fillForms(s) {
  const names = s.engines;
  for (const side of ['red', 'blue']) {
    const p = s.players[side];
    const fs = $('p-' + side);
    const sel = fs.querySelector('.p-name select');
    sel.innerHTML = names.map((n) => `<option value="${esc(n)}">${esc(n)}</option>`).join('');
    fs.querySelector('.p-type option[value=engine]').disabled = names.length === 0;
    fs.querySelector('.p-type').value = p.type;
    if (p.level) fs.querySelector('.p-level input').value = p.level;
    if (p.movetime) fs.querySelector('.p-time input').value = p.movetime;
    if (p.name) sel.value = p.name;
    // The game's arrangements are in the "now:" line; a new game draws new ones unless the
    // person types digits (Rematch keeps each side's arrangement).
    fs.querySelector('.p-setup input').value = 'random';
    showPlayerFields(fs);
  }
  $('no-engines').hidden = names.length > 0;
  $('ng-variant').innerHTML = s.variants.map((v) => `<option value="${esc(v.name)}">${esc(variantLabel(v))}</option>`).join('');
  $('ng-variant').value = s.variant.name;
  variantPicked();
  $('ng-first').value = s.setup.first;
  $('ng-dice').value = s.dice.mode;
  $('ng-position').value = ''; // a new game starts from setups unless a position is typed
  $('ng-seed').value = '';
  $('ng-seed').placeholder = 'new';
  $('set-analysis').checked = s.settings.analysis;
  $('set-analysis-ms').value = s.settings.analysis_ms;
  $('set-delay').value = s.settings.delay_ms;
}

// Announces the move just played (true) or the die just rolled.
function announceChanges(prev, s, rolled) {
  if (!prev) return false;
  const sameLine = prev.start === s.start && s.plies.length >= prev.plies.length;
  if (sameLine && s.ply === prev.ply + 1 && s.live) {
    const p = s.plies[s.ply - 1];
    say(`${SIDE_NAME[p.side]} played ${p.move}${hasDice() ? ' with die ' + p.die : ''}${p.took ? ', took ' + cubeWords(p.took) : ''}` +
      (p.fell ? `; ${cubeWords(p.fell)} fell into the hole at ${p.move.slice(2)}.` : '.') +
      (s.winner ? ` ${s.status}.` : ''));
    sound(p.took ? 'capture' : 'move');
    if (s.winner) sound('win');
    return true;
  }
  if (rolled) {
    say(`${SIDE_NAME[s.side]} rolled ${s.die}.`);
    sound('roll');
  }
  return false;
}

// A variant's dice in words.
function diceWords(v) {
  if (!v.has_dice) return 'no dice';
  const m = /^(\d*)d(\d+)$/.exec(v.dice || '');
  if (m && m[1] === '2') return `two dice (sum ${v.outcome_range.replace('..', '–')})`;
  return `a die of ${v.outcomes.length} faces (${v.outcome_range.replace('..', '–')})`;
}

// What sets a variant apart from the standard game, in a few words each.
function variantTraits(v) {
  const t = [];
  if (v.goal === 'rank') t.push('goal: the far rank');
  if (v.moves === 'forward') t.push('moves straight or diagonally forward');
  if (v.holes.length) t.push(`${v.holes.length > 1 ? 'holes' : 'a hole'} on ${v.holes.join(' ')}`);
  if (v.has_dice && v.substitute === 'pass') t.push("a missing cube's number passes");
  if (!v.own_capture) t.push('no taking of own cubes');
  if (!v.has_dice) t.push('any cube each turn');
  return t;
}

// A variant as the picker lists it: its name, board, cubes, dice and what else it changes.
function variantLabel(v) {
  const dice = v.has_dice ? (v.dice === '2d6' ? `2 dice ${v.outcome_range}` : `die ${v.outcome_range}`) : 'no dice';
  const extra = variantTraits(v).filter((x) => x !== 'any cube each turn');
  return `${v.name}: ${v.rows}x${v.cols}, ${v.cubes.length} cubes, ${dice}${extra.length ? ', ' + extra.join(', ') : ''}`;
}

// The rules of a variant, from its definition, for "How to play".
function rulesHtml(v) {
  const g = EwnBoard.geometry({ rows: v.rows, cols: v.cols });
  const redGoal = v.goal === 'rank' ? 'rank 1' : g.name(g.n - 1);
  const blueGoal = v.goal === 'rank' ? `rank ${v.rows}` : g.name(0);
  const p = [];
  p.push(`<b>${esc(v.name)}</b>: a ${v.rows}x${v.cols} board, ${v.cubes.length} cubes a side numbered ${v.cubes.join(' ')}. ` +
    `Red starts on ${v.start_red.join(' ')}, Blue on ${v.start_blue.join(' ')} (the shaded squares); ${SIDE_NAME[v.first] || 'Red'} moves first.`);
  if (v.has_dice) {
    p.push(`Roll ${diceWords(v)} and move the cube with that number; ` +
      (v.substitute === 'pass' ? 'if that cube is gone, nothing moves and the turn passes (the Pass button).'
        : 'if that cube is gone, move the nearest cube above or below it.'));
  } else p.push('There are no dice: on every turn move any one of your cubes.');
  p.push(v.moves === 'forward'
    ? 'A cube steps one square forward: Red down, or diagonally down-left or down-right; Blue up, or diagonally up-left or up-right.'
    : "A cube steps one square towards the opponent's corner: Red right, down or diagonally down-right; Blue left, up or diagonally up-left.");
  p.push(v.own_capture
    ? 'It takes whatever stands there, even a cube of its own side (click the target twice when that cube could move too).'
    : "It takes an opponent's cube standing there; it never steps onto its own cubes.");
  if (v.holes.length) p.push(`A cube that steps onto the hole${v.holes.length > 1 ? 's' : ''} (${v.holes.join(' ')}, drawn dark) falls in and is gone.`);
  p.push(`Win by reaching ${v.goal === 'rank' ? 'the far rank' : "the opponent's corner"} (Red ${redGoal}, Blue ${blueGoal}) or by taking all the opponent's cubes. A side with no legal move passes.`);
  return p.map((x) => `<p>${x}</p>`).join('');
}

function rulesShort(v) {
  const goal = v.goal === 'rank' ? 'reach the far rank' : 'reach the far corner';
  const turn = v.has_dice ? 'roll, move that cube' : 'move any cube';
  const extra = variantTraits(v).filter((x) => !x.startsWith('goal') && x !== 'any cube each turn');
  return `${v.name}: ${turn}, ${goal} or take every cube${extra.length ? '; ' + extra.join('; ') : ''}`;
}

function drawRules(v) {
  const key = v.name;
  const el = $('rules');
  if (el.dataset.variant === key) return;
  el.dataset.variant = key;
  $('rules-short').textContent = rulesShort(v);
  $('rules-text').innerHTML = rulesHtml(v);
}

// The form follows the picked variant: its setups' hint, and engine setups only in the standard
// game.
function variantPicked() {
  const v = formVariant();
  if (!v) return;
  $('ng-variant-about').textContent = variantLabel(v);
  for (const side of ['r', 'b']) {
    const f = setupField(side);
    const squares = side === 'r' ? v.start_red : v.start_blue;
    f.title = `${v.cubes.length} cubes of ${v.cubes.join('')} in some order (on ${squares.join(' ')}), random` + (v.standard ? ' or engine' : '');
    if (!v.standard && f.value.trim() === 'engine') f.value = 'random';
    if (f.value.trim() !== 'random' && f.value.trim() !== 'engine' && !readSetup(v, f.value)) f.value = 'random';
  }
  $('ng-position').placeholder = v.standard ? 'optional, e.g. R1R2R32/R4R53/R63B6/3B5B4/2B3B2B1 r' : `optional, a ${v.name} position`;
  if (setupMode) enterSetupMode();
}

// The typed-dice buttons of the game's variant (none without dice).
function drawTypedDice(s) {
  const faces = s.variant.outcomes.map((o) => o[0]).join(',');
  const box = $('typed-dice');
  if (box.dataset.faces === faces) return;
  box.dataset.faces = faces;
  box.innerHTML = s.variant.outcomes.map((o) => `<button type="button" data-die="${o[0]}">${o[0]}</button>`).join('');
}

function render(s) {
  const prev = S;
  // A note about the last action goes with the next change of the game (not with the analysis'
  // progress, which changes the version too).
  const gameKey = (x) => [x.fen, x.die, x.ply, x.plies.length, x.running, Boolean(x.main), x.winner].join('|');
  if (prev && localError && gameKey(s) !== gameKey(prev)) { localError = null; clearTimeout(noteTimer); }
  if (prev && s.fen !== prev.fen) { selected = null; shownMove = null; typed = ''; }
  if (prev && s.die !== prev.die) selected = null;
  S = s;
  const key = s.variant.name + '|' + s.start + '|' + s.dice.seed + '|' + JSON.stringify(s.players) + '|' + s.engines.join(',');
  const editing = $('newgame').contains(document.activeElement) || setupMode;
  if (key !== formKey && !editing) { fillForms(s); formKey = key; }
  const playing = s.plies.length > 0 && !s.winner;
  if (playing && !wasPlaying) $('newgame').open = false;
  wasPlaying = playing;
  $('ng-now').textContent = 'now: ' + settingsText(s);
  document.body.classList.toggle('arranging', setupMode);
  document.body.classList.toggle('reviewing', Boolean(s.review.moves || s.review.busy));
  $('ng-arrange').textContent = setupMode ? 'Done arranging' : 'Arrange on the board';
  document.title = (s.winner ? s.status : `${SIDE_NAME[s.side]} to move`) + ' · ewn arena';
  $('status').textContent = setupMode ? 'Arranging the setups: drag cubes within their start squares, then Start game' : s.status;
  drawRules(setupMode ? formVariant() : s.variant);
  const die = $('die');
  const rolled = prev && s.die !== null && prev.die === null && s.fen === prev.fen;
  const dice = s.variant.has_dice;
  die.textContent = !dice ? 'any' : s.die === null ? '–' : s.die;
  die.className = 'die ' + (s.side === 'r' ? 'red' : 'blue') + (dice ? '' : ' nodice');
  die.setAttribute('aria-label', !dice ? 'no dice: any cube' : s.die === null ? 'die not rolled' : `die ${s.die}`);
  die.hidden = Boolean(s.winner);
  if (rolled && dice) animateDie(s.die);
  const manual = s.dice.mode === 'manual';
  const over = Boolean(s.winner);
  $('roll').hidden = manual || over || !dice;
  $('roll').disabled = !canRoll();
  drawTypedDice(s);
  $('typed-dice').hidden = !manual || over || !dice;
  // A forced pass: the only legal move, played with this button.
  const pass = mayMove() && s.legal.length === 1 && s.legal[0] === '0000';
  $('pass').hidden = !pass;
  document.querySelectorAll('#typed-dice button').forEach((b) => {
    b.disabled = !canType();
    b.setAttribute('aria-pressed', String(Number(b.dataset.die) === s.die));
    b.setAttribute('aria-label', `die ${b.dataset.die}` + (s.die !== null ? ' (corrects the typed die)' : ''));
  });
  $('hint').hidden = over;
  // A person resigns on its turn at the end of the game.
  $('resign').hidden = over || !s.live || !humanToMove() || s.awaiting_setup || setupMode;
  $('hint').disabled = !(s.die !== null && mayMove() && s.settings.analysis);
  $('undo').disabled = !s.can_undo;
  $('pause').textContent = s.running ? 'Pause' : 'Resume';
  $('pause').setAttribute('aria-pressed', String(!s.running));
  $('pause').disabled = over;
  $('step').disabled = over || s.running || humanToMove() || !s.live;
  // Paused: said in the status line (from the server) and shown on the board's frame.
  const paused = !s.running && !over && !s.awaiting_setup &&
    (s.players.red.type !== 'human' || s.players.blue.type !== 'human');
  document.body.classList.toggle('paused', paused);
  $('paused-tag').hidden = !paused;
  // Step only means something while paused: otherwise it is left out (the turn's buttons then
  // fit one line on a phone too).
  $('step').hidden = !paused;
  $('move-input').disabled = !mayMove();
  $('move-go').disabled = !mayMove();
  $('endbar').hidden = !over || setupMode;
  if (over) {
    const goal = s.variant.goal === 'rank' ? 'reached the far rank' : 'reached the corner';
    const lastPly = s.ply > 0 ? s.plies[s.ply - 1] : null;
    const how = s.reason === 'resign' ? `${SIDE_NAME[s.winner === 'r' ? 'b' : 'r']} resigned`
      : s.reason === 'capture' && lastPly && lastPly.fell ? 'the last cube fell in'
        : s.reason === 'capture' ? 'took the last cube' : goal;
    $('result').innerHTML = `${SIDE_NAME[s.winner]} wins <small>${how}</small>`;
    $('result').className = 'result ' + (s.winner === 'r' ? 'red' : 'blue');
  }
  $('pv-line').hidden = !S.analysis.pv.length;
  $('seed').textContent = (s.variant.standard ? '' : s.variant.name + ' · ') +
    (!dice ? 'no dice' : s.dice.mode === 'auto' ? 'seed ' + s.dice.seed : 'dice typed in');
  const err = localError || s.error || (TOKEN ? null : 'This page can only watch: it was opened without its token. Open the whole address that ewn gui printed in its terminal (it ends in ?token=…) to play.');
  $('error').hidden = !err;
  $('error').classList.toggle('info', Boolean(localError) && noteKind === 'info');
  if ($('error').textContent !== (err || '')) $('error').textContent = err || '';
  drawDecision();
  $('nav-pos').textContent = `${s.ply} / ${s.plies.length}`;
  $('nav-first').disabled = $('nav-back').disabled = s.ply === 0;
  $('nav-last').disabled = $('nav-fwd').disabled = s.ply === s.plies.length;
  drawPlayers();
  drawBoard();
  drawMoves();
  drawAnalysis();
  drawSolved();
  drawGraph();
  drawReview();
  const moved = announceChanges(prev, s, rolled);
  if (prev && prev.main && !s.main && s.start === prev.start) say(`Back to the game, at move ${s.ply}.`);
  else if (prev && !prev.main && s.main && s.start === prev.start) say(`A side line starts at move ${s.main.branch + 1}; the game is kept.`);
  if (moved) animateMove(s.plies[s.ply - 1].move, s.plies[s.ply - 1].took);
}

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

async function startGame() {
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
    $('ng-start').blur();
    render(s);
    say(`New game: ${settingsText(s)}`);
  }
}

async function saveRecord() {
  try {
    const r = await api('GET', '/api/record');
    $('record-text').value = r.text;
    const url = URL.createObjectURL(new Blob([r.text], { type: 'text/plain' }));
    const a = document.createElement('a');
    a.href = url;
    a.download = 'ewn-game.txt';
    document.body.appendChild(a);
    a.click();
    a.remove();
    setTimeout(() => URL.revokeObjectURL(url), 1000);
  } catch (e) { flash(e.message); }
}

// Shows the position after `ply` plies. From the panel (the graph, the review's list, the
// move list), the board is brought into view when it is out of sight, as on a phone.
async function navigate(ply, fromPanel) {
  if (!S) return;
  const p = Math.max(0, Math.min(S.plies.length, ply));
  if (p !== S.ply) await post('/api/navigate', { ply: p });
  if (fromPanel) showBoard();
}

function showBoard() {
  const r = $('board').getBoundingClientRect();
  if (r.top < 0 || r.bottom > window.innerHeight) {
    $('board').scrollIntoView({ block: 'start', behavior: REDUCED_MOTION ? 'auto' : 'smooth' });
  }
}

async function undo() {
  if (!S || !S.can_undo) return;
  const s = await post('/api/undo', {});
  if (s) say(`Took back to move ${s.ply}: ${SIDE_NAME[s.side]} to move.`);
}

function roll(ev) {
  if (repeated(ev)) return;
  if (canRoll()) post('/api/roll', {});
}

function showNewGame() {
  $('newgame').open = true;
  $('newgame').scrollIntoView({ block: 'start', behavior: REDUCED_MOTION ? 'auto' : 'smooth' });
  $('ng-start').focus({ preventScroll: true });
}

// Keys anywhere but in a form field: R roll, U undo, H hint, P pause, 1-9 a typed die, the
// squares of a move typed as a5b4, Escape to clear it, arrows to step through the game.
function onKey(ev) {
  if (!S || ev.ctrlKey || ev.metaKey || ev.altKey) return;
  if (ev.target.closest('input, textarea, select')) return;
  const k = ev.key.toLowerCase();
  if (k === 'r' && canRoll()) { roll(); ev.preventDefault(); return; }
  if (k === 'u' && S.can_undo) { undo(); ev.preventDefault(); return; }
  if (k === 'h' && !$('hint').disabled) { $('hint').click(); ev.preventDefault(); return; }
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
      if (S.legal.includes(m)) playMove(m);
      else { $('move-input').value = ''; flash(`${m} is not legal for ${dieWords(S.die)}: ${S.legal.join(', ')}`); }
    }
    ev.preventDefault();
    return;
  }
  if (!ev.target.closest('#board')) {
    if (ev.key === 'ArrowLeft') navigate(S.ply - 1);
    if (ev.key === 'ArrowRight') navigate(S.ply + 1);
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
}

function flipBoard() {
  flipped = !flipped;
  placeBars();
  try { localStorage.setItem('ewn-flip', flipped ? 'on' : 'off'); } catch (e) { /* no storage */ }
  $('flip').setAttribute('aria-pressed', String(flipped));
  say(flipped ? "Board flipped: Blue's side at the bottom." : "Board turned back: Red's side at the top.");
  lastBoardHtml = '';
  if (S) render(S);
}

// Copies text to the clipboard, with a fallback for browsers that refuse the clipboard API.
async function copyText(text, what) {
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
  flash(ok ? `Copied the ${what}.` : `Copy this ${what}: ${text}`, 'info');
  say(ok ? `Copied the ${what}.` : `The ${what} is in the note under the board.`);
}

const positionLink = () => `${location.origin}/?position=${encodeURIComponent(S.fen)}&variant=${encodeURIComponent(S.variant.name)}`;

// Opens the position of a link (?position=...): a game from it with the form's players.
async function openLinked() {
  const l = LINKED;
  if (!l || !S) return;
  const v = S.variants.find((x) => x.name === l.variant) || S.variant;
  open_form_for(v.name, l.position);
  if (!TOKEN) { flash('This link opens a position; open the arena with its token to play it.'); return; }
  await startGame();
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
    flash(`Click Resign? again to resign: ${SIDE_NAME[S.side === 'r' ? 'b' : 'r']} wins.`, 'info');
    setTimeout(() => { if (Date.now() > resignArmed) { $('resign').textContent = 'Resign'; } }, 4100);
    return;
  }
  resignArmed = 0;
  $('resign').textContent = 'Resign';
  const s = await post('/api/resign', {});
  if (s) say(`${SIDE_NAME[s.winner === 'r' ? 'b' : 'r']} resigned: ${SIDE_NAME[s.winner]} wins.`);
}

function wire() {
  const board = $('board');
  board.addEventListener('click', (ev) => {
    const cell = ev.target.closest('.cell');
    if (cell && !repeated(ev)) onBoardClick(Number(cell.dataset.i));
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
  $('typed-dice').addEventListener('click', (ev) => {
    const b = ev.target.closest('button');
    if (b && !repeated(ev)) post('/api/roll', { die: Number(b.dataset.die) });
  });
  $('pass').addEventListener('click', (ev) => { if (!repeated(ev)) playMove('0000'); });
  $('ng-variant').addEventListener('change', variantPicked);
  $('hint').addEventListener('click', async () => {
    try {
      const h = await api('POST', '/api/hint', {});
      hintMove = h.move;
      hintFen = S.fen;
      localError = null;
      say(`Hint: ${h.move}, ${pct(h.wp)}`);
      render(S);
    } catch (e) { flash(e.message); }
  });
  $('undo').addEventListener('click', (ev) => { if (!repeated(ev)) undo(); });
  $('pause').addEventListener('click', (ev) => { if (!repeated(ev)) post('/api/control', { action: S && S.running ? 'pause' : 'run' }); });
  $('step').addEventListener('click', (ev) => { if (!repeated(ev)) post('/api/control', { action: 'step' }); });
  $('mainline').addEventListener('click', async (ev) => {
    const b = ev.target.closest('button');
    if (!b || repeated(ev)) return;
    await post('/api/mainline', {});
    showBoard();
  });
  $('rematch').addEventListener('click', async (ev) => {
    if (repeated(ev)) return;
    const s = await post('/api/rematch', {});
    if (s) say(`Rematch: ${settingsText(s)}`);
  });
  $('again').addEventListener('click', showNewGame);
  $('top-new').addEventListener('click', showNewGame);
  $('review').addEventListener('click', (ev) => { if (!repeated(ev)) post('/api/review', {}); });
  $('review-cancel').addEventListener('click', (ev) => { if (!repeated(ev)) post('/api/review', { cancel: true }); });
  $('review-end').addEventListener('click', (ev) => {
    if (repeated(ev)) return;
    post('/api/review', {});
    $('review-card').scrollIntoView({ block: 'nearest' });
  });
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
  $('copy-pos').addEventListener('click', () => { if (S) copyText(S.fen, 'position'); });
  $('copy-link').addEventListener('click', () => { if (S) copyText(positionLink(), 'link to this position'); });
  $('resign').addEventListener('click', resign);
  $('move-input').addEventListener('keydown', (ev) => {
    if (ev.key === 'Enter') { $('move-go').click(); ev.preventDefault(); }
  });
  $('move-go').addEventListener('click', () => {
    const m = $('move-input').value.trim().toLowerCase();
    if (S && S.legal.includes(m)) playMove(m);
    else if (S) flash(`${m || 'nothing'} is not a legal move here` + (S.die !== null ? ` for ${dieWords(S.die)}: ${S.legal.join(', ')}` : ''));
  });
  $('nav-first').addEventListener('click', () => navigate(0));
  $('nav-back').addEventListener('click', () => navigate(S.ply - 1));
  $('nav-fwd').addEventListener('click', () => navigate(S.ply + 1));
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
  $('ng-start').addEventListener('click', startGame);
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
    await post('/api/record', { text });
    ev.target.value = '';
  });
  $('load-text-btn').addEventListener('click', () => post('/api/record', { text: $('record-text').value }));
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
    resize = setTimeout(() => { if (S) drawGraph(); }, 100);
  });
}

let linkedDone = false;
async function poll() {
  try {
    const s = await api('GET', '/api/state');
    if (!S || s.version !== S.version) render(s);
    if (!linkedDone && LINKED) { linkedDone = true; openLinked(); }
    else if (s.review.busy) drawReview(); // its seconds go on

  } catch (e) {
    $('status').textContent = 'The server does not answer: is `ewn gui` still running?';
  } finally {
    setTimeout(poll, 300);
  }
}

try { flipped = localStorage.getItem('ewn-flip') === 'on'; } catch (e) { /* no storage */ }
wire();
$('flip').setAttribute('aria-pressed', String(flipped));
placeBars();
poll();
