// The page of `ewn gui`. It keeps no game of its own: it polls /api/state, draws what the
// server says, and sends the person's clicks as API requests (protocol/gui.md).
'use strict';

const $ = (id) => document.getElementById(id);
const FILES = 'abcde';
// Squares are numbered 0..24 row by row from the top (a5 = 0, e1 = 24), as in the engine.
const TRI = { r: [0, 1, 2, 5, 6, 10], b: [24, 23, 22, 19, 18, 14] };
const SIDE_NAME = { r: 'Red', b: 'Blue' };

let S = null; // the last state from the server
let selected = null; // square name of the cube picked to move
let shownMove = null; // a move of the analysis table shown on the board
let hintMove = null;
let hintFen = null;
let localError = null;
let formFilled = false;
let setupMode = false;
let draft = { r: [1, 2, 3, 4, 5, 6], b: [1, 2, 3, 4, 5, 6] };
let drag = null; // {from: index} while a setup cube is dragged
let swapFrom = null; // setup square picked by a click, waiting for the second click
let lastBoardHtml = '';

const sqName = (i) => FILES[i % 5] + (5 - Math.floor(i / 5));
const sqIndex = (n) => (5 - Number(n[1])) * 5 + FILES.indexOf(n[0]);
const pct = (p) => (p * 100).toFixed(1) + '%';

async function api(method, path, body) {
  const opt = { method, headers: {} };
  if (body !== undefined) {
    opt.headers['Content-Type'] = 'application/json';
    opt.body = JSON.stringify(body);
  }
  const r = await fetch(path, opt);
  let data = null;
  try { data = await r.json(); } catch (e) { data = null; }
  if (!r.ok) throw new Error((data && data.error) || ('HTTP ' + r.status));
  return data;
}

async function post(path, body) {
  try {
    const s = await api('POST', path, body || {});
    localError = null;
    if (s && s.version !== undefined) render(s);
    return s;
  } catch (e) {
    flash(e.message);
    return null;
  }
}

function flash(msg) {
  localError = msg;
  if (S) render(S);
}

function humanToMove() {
  return S && S.players[S.side === 'r' ? 'red' : 'blue'].type === 'human';
}

// A person may move when it is a person's turn, or for any side while engines are paused.
function mayMove() {
  return S && S.legal.length > 0 && !S.awaiting_setup && (humanToMove() || !S.running || !S.live);
}

// ---------- board ----------

function boardPieces() {
  if (!setupMode) return S ? S.squares : new Array(25).fill('');
  const sq = new Array(25).fill('');
  for (const side of ['r', 'b']) {
    TRI[side].forEach((s, i) => { sq[s] = (side === 'r' ? 'R' : 'B') + draft[side][i]; });
  }
  return sq;
}

function drawBoard() {
  const board = $('board');
  const pieces = boardPieces();
  const legal = (!setupMode && S && mayMove()) ? S.legal : [];
  const froms = new Set(legal.map((m) => m.slice(0, 2)));
  let sel = selected;
  if (!sel && froms.size === 1) sel = [...froms][0];
  const targets = new Set(sel ? legal.filter((m) => m.startsWith(sel)).map((m) => m.slice(2)) : []);
  const last = (!setupMode && S && S.ply > 0) ? S.plies[S.ply - 1].move : null;
  const hint = (!setupMode && hintMove && S && hintFen === S.fen) ? hintMove : null;
  const threats = new Map();
  const after = new Map();
  if (!setupMode && S) {
    for (const t of S.threats) threats.set(t.square, t.chance);
    const row = shownRow();
    if (row) for (const c of row.captures) if (c.square) after.set(c.square, c.chance);
  }
  const html = [];
  for (let i = 0; i < 25; i++) {
    const name = sqName(i);
    const cls = ['cell'];
    const r = Math.floor(i / 5), c = i % 5;
    if ((r + c) % 2) cls.push('alt');
    if (i === 0) cls.push('goal-blue'); else if (i === 24) cls.push('goal-red');
    else if (TRI.r.includes(i)) cls.push('tri-red'); else if (TRI.b.includes(i)) cls.push('tri-blue');
    if (last && (last.slice(0, 2) === name || last.slice(2) === name)) cls.push('last');
    if (targets.has(name)) cls.push('target');
    if (pieces[i]) cls.push('has-cube');
    if (hint && hint.slice(0, 2) === name) cls.push('hint-from');
    if (hint && hint.slice(2) === name) cls.push('hint-to');
    if (shownMove && shownMove.slice(0, 2) === name) cls.push('show-from');
    if (shownMove && shownMove.slice(2) === name) cls.push('show-to');
    if (setupMode && (TRI.r.includes(i) || TRI.b.includes(i))) cls.push('setup-cell');
    let inner = '';
    if (c === 0) inner += `<span class="coord rank">${5 - r}</span>`;
    if (r === 4) inner += `<span class="coord file">${FILES[c]}</span>`;
    const p = pieces[i];
    if (p) {
      const side = p[0] === 'R' ? 'red' : 'blue';
      const cc = ['cube', side];
      if (froms.has(name)) cc.push('movable');
      if (sel === name && froms.has(name)) cc.push('selected');
      if (setupMode && swapFrom === i) cc.push('selected');
      if (drag && drag.from === i) cc.push('dragging');
      inner += `<div class="${cc.join(' ')}" aria-label="${side} ${p[1]} on ${name}">${p[1]}</div>`;
    }
    if (after.has(name)) {
      inner += `<span class="threat after" title="can be taken next turn after the shown move">${pct(after.get(name))}</span>`;
    } else if (threats.has(name) && !shownMove) {
      inner += `<span class="threat" title="chance this cube can be taken on the opponent's next roll">⚔ ${Math.round(threats.get(name) * 100)}%</span>`;
    }
    html.push(`<div id="sq-${name}" class="${cls.join(' ')}" data-i="${i}">${inner}</div>`);
  }
  // Rebuilt only when something changed, so a click is never lost to a redraw.
  const text = html.join('');
  if (text !== lastBoardHtml) {
    board.innerHTML = text;
    lastBoardHtml = text;
  }
}

function cellIndexAt(x, y) {
  const el = document.elementFromPoint(x, y);
  const cell = el && el.closest ? el.closest('.cell') : null;
  return cell ? Number(cell.dataset.i) : null;
}

function onBoardClick(i) {
  if (!S || setupMode) return;
  const name = sqName(i);
  if (!mayMove()) {
    if (S.die === null && !S.winner && humanToMove()) flash('Roll the die first.');
    return;
  }
  const froms = new Set(S.legal.map((m) => m.slice(0, 2)));
  const sel = selected || (froms.size === 1 ? [...froms][0] : null);
  if (sel && S.legal.includes(sel + name)) {
    selected = null;
    post('/api/move', { move: sel + name });
    return;
  }
  selected = froms.has(name) ? name : null;
  render(S);
}

// Setup arrangement: drag a cube onto another square of its triangle (or click one, then the
// other) to swap them.
function swapSetup(a, b) {
  for (const side of ['r', 'b']) {
    const ia = TRI[side].indexOf(a), ib = TRI[side].indexOf(b);
    if (ia >= 0 && ib >= 0 && ia !== ib) {
      const d = draft[side];
      [d[ia], d[ib]] = [d[ib], d[ia]];
      const field = document.querySelector(`#p-${side === 'r' ? 'red' : 'blue'} .p-setup input`);
      field.value = d.join('');
      return true;
    }
  }
  return false;
}

function setupPointerDown(ev) {
  if (!setupMode) return;
  const i = cellIndexAt(ev.clientX, ev.clientY);
  if (i === null || !(TRI.r.includes(i) || TRI.b.includes(i))) return;
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
    const side = TRI.r.includes(drag.from) ? 'r' : 'b';
    if (TRI[side].includes(i)) $('sq-' + sqName(i)).classList.add('drop-ok');
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
  for (const side of ['r', 'b']) {
    const v = document.querySelector(`#p-${side === 'r' ? 'red' : 'blue'} .p-setup input`).value.trim();
    draft[side] = /^[1-6]{6}$/.test(v) && new Set(v).size === 6 ? v.split('').map(Number) : [1, 2, 3, 4, 5, 6];
    document.querySelector(`#p-${side === 'r' ? 'red' : 'blue'} .p-setup input`).value = draft[side].join('');
  }
  setupMode = true;
  swapFrom = null;
  $('ng-arrange').textContent = 'Done arranging';
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
  // Red's chance before the roll, else the last point of the graph.
  let red = null;
  if (a.preroll) red = a.side === 'r' ? a.preroll.wp : 1 - a.preroll.wp;
  else if (S.graph[S.ply] !== null && S.graph[S.ply] !== undefined) red = S.graph[S.ply];
  if (S.winner) red = S.winner === 'r' ? 1 : 0;
  $('winbar-red').style.width = red === null ? '50%' : (red * 100).toFixed(1) + '%';
  $('winbar-rl').textContent = 'Red ' + (red === null ? '…' : pct(red));
  $('winbar-bl').textContent = 'Blue ' + (red === null ? '…' : pct(1 - red));

  const side = SIDE_NAME[a.side];
  let die = '';
  if (S.winner) die = '<p>The game is over.</p>';
  else if (a.moves) {
    const rows = a.moves.map((m, k) => {
      const caps = m.captures.map((c) => `${c.cube} ${pct(c.chance)}`).join(', ') || '–';
      const best = k === 0 ? ' best' : '';
      return `<tr class="mv${best}" data-move="${m.move}"><td class="mono">${m.move}</td>` +
        `<td class="num">${pct(m.wp)} <span class="bar" style="width:${Math.round(m.wp * 50)}px"></span></td>` +
        `<td class="num">${pct(m.oppwin)}</td><td>${caps}</td></tr>`;
    }).join('');
    die = `<h3>Die ${a.die}: every move, ${side}'s win chance</h3>` +
      `<table class="an" id="analysis-moves"><thead><tr><th>move</th><th>win</th><th title="chance the opponent wins on its next roll">opp. wins</th><th title="own cubes the opponent can take on its next roll">can be taken</th></tr></thead><tbody>${rows}</tbody></table>`;
  } else if (S.die !== null && a.enabled) die = `<h3>Die ${S.die}</h3><p>Analysing every move…</p>`;
  else if (a.enabled) die = '<p>Roll the die to see every move\'s win chance.</p>';
  $('analysis-die').innerHTML = die;

  let faces = '';
  if (a.preroll && a.preroll.faces.length) {
    const rows = a.preroll.faces.map((f) => `<tr${S.die === f.die ? ' class="best"' : ''}><td>${f.die}</td><td class="mono">${f.best}</td><td class="num">${pct(f.wp)}</td></tr>`).join('');
    faces = `<h3>Before the roll: ${side} ${pct(a.preroll.wp)}; per face</h3>` +
      `<table class="an" id="analysis-faces-table"><thead><tr><th>die</th><th>best</th><th>win</th></tr></thead><tbody>${rows}</tbody></table>`;
  }
  $('analysis-faces').innerHTML = faces;
  $('pv').textContent = a.pv.length ? a.pv.join(' ') : '–';
  const res = $('result');
  res.hidden = !S.winner || setupMode;
  if (S.winner) {
    res.textContent = `${SIDE_NAME[S.winner]} wins`;
    res.className = 'result ' + (S.winner === 'r' ? 'red' : 'blue');
  }
}

function drawGraph() {
  const g = S.graph;
  const W = 400, H = 130, P = 8;
  const n = Math.max(g.length - 1, 1);
  const x = (i) => P + (W - 2 * P) * i / n;
  const y = (p) => P + (H - 2 * P) * (1 - p);
  // Positions whose chance is unknown (the game moved on before their analysis finished) are
  // bridged: the line joins the known points, and a dot marks each of them.
  const known = [];
  g.forEach((p, i) => { if (p !== null && p !== undefined) known.push([x(i), y(p)]); });
  const d = known.map(([px, py], k) => (k ? 'L' : 'M') + px.toFixed(1) + ' ' + py.toFixed(1)).join(' ');
  const dots = known.map(([px, py]) => 'M' + px.toFixed(1) + ' ' + py.toFixed(1) + ' l0 0').join(' ');
  $('graph').innerHTML =
    `<rect x="0" y="0" width="${W}" height="${H / 2}" fill="#fbeeed"/>` +
    `<rect x="0" y="${H / 2}" width="${W}" height="${H / 2}" fill="#edf2fb"/>` +
    `<line x1="0" y1="${H / 2}" x2="${W}" y2="${H / 2}" stroke="#9aa3ad" stroke-dasharray="4 4" vector-effect="non-scaling-stroke"/>` +
    `<line x1="${x(S.ply)}" y1="0" x2="${x(S.ply)}" y2="${H}" stroke="#e2a21b" stroke-width="2" vector-effect="non-scaling-stroke"/>` +
    `<path id="graph-line" d="${d}" fill="none" stroke="#1d2228" stroke-width="2" stroke-linejoin="round" vector-effect="non-scaling-stroke"/>` +
    `<path d="${dots}" fill="none" stroke="#1d2228" stroke-width="6" stroke-linecap="round" vector-effect="non-scaling-stroke"/>`;
}

function drawMoves() {
  const items = S.plies.map((p, k) => {
    const cls = [p.side];
    if (k === S.ply - 1) cls.push('current');
    if (k >= S.ply) cls.push('after');
    return `<li class="${cls.join(' ')}" data-ply="${k + 1}" title="${SIDE_NAME[p.side]} rolled ${p.die}">${k + 1}. ${p.die}:${p.move}</li>`;
  });
  const list = $('moves');
  list.innerHTML = items.join('');
  const cur = list.querySelector('.current');
  if (cur) list.scrollTop = cur.offsetTop - list.offsetTop - 30;
}

function fillForms() {
  for (const side of ['red', 'blue']) {
    const p = S.players[side];
    const fs = $('p-' + side);
    fs.querySelector('.p-type').value = p.type;
    if (p.level) fs.querySelector('.p-level input').value = p.level;
    if (p.movetime) fs.querySelector('.p-time input').value = p.movetime;
    if (p.command) fs.querySelector('.p-cmd input').value = p.command;
    showPlayerFields(fs);
  }
  $('set-analysis').checked = S.settings.analysis;
  $('set-analysis-ms').value = S.settings.analysis_ms;
  $('set-delay').value = S.settings.delay_ms;
  if (S.dice.seed) $('ng-seed').placeholder = 'from the clock';
}

function render(s) {
  if (S && s.fen !== S.fen) { selected = null; shownMove = null; }
  if (S && s.die !== S.die) selected = null;
  S = s;
  $('ng-arrange').textContent = setupMode ? 'Done arranging' : 'Arrange on the board';
  if (!formFilled) { fillForms(); formFilled = true; }
  $('status').textContent = setupMode ? 'Arranging the setups: drag cubes within their triangle, then Start game' : s.status;
  const die = $('die');
  die.textContent = s.die === null ? '–' : s.die;
  die.className = 'die ' + (s.side === 'r' ? 'red' : 'blue');
  const manual = s.dice.mode === 'manual';
  const canRoll = s.die === null && !s.winner && !s.awaiting_setup && (humanToMove() || !s.running || !s.live || manual);
  const over = Boolean(s.winner);
  die.hidden = over;
  $('roll').hidden = manual || over;
  $('hint').hidden = over;
  $('roll').disabled = !canRoll;
  $('typed-dice').hidden = !manual || over;
  document.querySelectorAll('#typed-dice button').forEach((b) => { b.disabled = !canRoll; });
  $('hint').disabled = !(s.die !== null && mayMove() && s.settings.analysis);
  $('run').classList.toggle('on', s.running);
  $('pause').classList.toggle('on', !s.running);
  $('seed').textContent = s.dice.mode === 'auto' ? 'seed ' + s.dice.seed : 'dice typed in';
  const err = localError || s.error;
  $('error').hidden = !err;
  $('error').textContent = err || '';
  $('nav-pos').textContent = `${s.ply} / ${s.plies.length}`;
  $('nav-first').disabled = $('nav-back').disabled = s.ply === 0;
  $('nav-last').disabled = $('nav-fwd').disabled = s.ply === s.plies.length;
  drawBoard();
  drawMoves();
  drawAnalysis();
  drawGraph();
}

function readPlayer(side) {
  const fs = $('p-' + side);
  const type = fs.querySelector('.p-type').value;
  const movetime = Number(fs.querySelector('.p-time input').value);
  if (type === 'human') return { type };
  if (type === 'ewn') return { type, level: Number(fs.querySelector('.p-level input').value), movetime };
  return { type, command: fs.querySelector('.p-cmd input').value, movetime };
}

function showPlayerFields(fs) {
  const type = fs.querySelector('.p-type').value;
  fs.querySelector('.p-level').hidden = type !== 'ewn';
  fs.querySelector('.p-time').hidden = type === 'human';
  fs.querySelector('.p-cmd').hidden = type !== 'command';
}

async function startGame() {
  const body = {
    red: readPlayer('red'),
    blue: readPlayer('blue'),
    red_setup: document.querySelector('#p-red .p-setup input').value.trim(),
    blue_setup: document.querySelector('#p-blue .p-setup input').value.trim(),
    first: $('ng-first').value,
    dice: $('ng-dice').value,
  };
  const seed = $('ng-seed').value.trim();
  if (seed) body.seed = seed;
  const pos = $('ng-position').value.trim();
  if (pos) body.position = pos;
  const s = await post('/api/new', body);
  if (s) { setupMode = false; hintMove = null; render(s); }
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

function navigate(ply) {
  if (!S) return;
  const p = Math.max(0, Math.min(S.plies.length, ply));
  if (p !== S.ply) post('/api/navigate', { ply: p });
}

function wire() {
  const board = $('board');
  board.addEventListener('click', (ev) => {
    const cell = ev.target.closest('.cell');
    if (cell) onBoardClick(Number(cell.dataset.i));
  });
  board.addEventListener('pointerdown', setupPointerDown);
  board.addEventListener('pointermove', setupPointerMove);
  board.addEventListener('pointerup', setupPointerUp);
  board.addEventListener('pointercancel', () => { drag = null; drawBoard(); });
  $('roll').addEventListener('click', () => post('/api/roll', {}));
  document.querySelectorAll('#typed-dice button').forEach((b) => {
    b.addEventListener('click', () => post('/api/roll', { die: Number(b.dataset.die) }));
  });
  $('hint').addEventListener('click', async () => {
    try {
      const h = await api('POST', '/api/hint', {});
      hintMove = h.move;
      hintFen = S.fen;
      localError = null;
      render(S);
    } catch (e) { flash(e.message); }
  });
  $('run').addEventListener('click', () => post('/api/control', { action: 'run' }));
  $('pause').addEventListener('click', () => post('/api/control', { action: 'pause' }));
  $('step').addEventListener('click', () => post('/api/control', { action: 'step' }));
  $('nav-first').addEventListener('click', () => navigate(0));
  $('nav-back').addEventListener('click', () => navigate(S.ply - 1));
  $('nav-fwd').addEventListener('click', () => navigate(S.ply + 1));
  $('nav-last').addEventListener('click', () => navigate(S.plies.length));
  $('moves').addEventListener('click', (ev) => {
    const li = ev.target.closest('li');
    if (li) navigate(Number(li.dataset.ply));
  });
  document.addEventListener('keydown', (ev) => {
    if (ev.target.closest('input, textarea, select') || !S) return;
    if (ev.key === 'ArrowLeft') navigate(S.ply - 1);
    if (ev.key === 'ArrowRight') navigate(S.ply + 1);
  });
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
      const v = inp.value.trim();
      if (/^[1-6]{6}$/.test(v) && new Set(v).size === 6) { draft[side] = v.split('').map(Number); drawBoard(); }
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
}

async function poll() {
  try {
    const s = await api('GET', '/api/state');
    if (!S || s.version !== S.version) render(s);
  } catch (e) {
    $('status').textContent = 'The server does not answer: is `ewn gui` still running?';
  } finally {
    setTimeout(poll, 300);
  }
}

wire();
poll();
