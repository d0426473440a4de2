// The page's panel (loaded after app.js, whose state it reads): the analysis, the solved values,
// the graph, the move list, the review, the players, the forms, and render(), which draws
// everything from a new state (the variant's rules in words are in rules.js).

// ---------- panel ----------

function shownRow() {
  if (!shownMove || !S || !S.analysis.moves) return null;
  return S.analysis.moves.find((m) => m.move === shownMove) || null;
}

// The review's entry for the move played at the shown position (marked or not), or null.
function reviewedHere() {
  if (!S || setupMode || !S.review.moves || S.review.busy || S.ply >= S.plies.length) return null;
  if (S.main && S.review.line === 'main' && S.ply >= S.main.branch) return null;
  return S.review.moves[S.ply] || null;
}

// At a reviewed decision the table searches the moves again, for the analysis' time, and its
// values can differ from the review's (a fixed depth): it says so, with both, so that a
// move never shows two chances unexplained.
function reviewSaid(a, played) {
  const rv = reviewedHere();
  if (!rv || rv.die !== a.die || rv.played !== played || rv.choices < 2) return '';
  const row = (mv) => a.moves.find((m) => m.move === mv);
  const differs = [[rv.played, rv.played_wp], [rv.best, rv.best_wp]]
    .some(([mv, wp]) => row(mv) && pct(row(mv).wp) !== pct(wp));
  if (!differs) return '';
  const best = rv.best !== rv.played ? `, best ${moveShown(rv.best)} ${pct(rv.best_wp)}` : '';
  // A marked decision's best is the review's (the green arrow, the highlighted row); the table's
  // own first move, when another, is named as the deeper search's.
  const first = a.moves.length && rv.mark && a.moves[0].move !== rv.best
    ? ` It puts ${moveShown(a.moves[0].move)} first; the green arrow and the highlighted row are the review's best.` : '';
  return `<p class="hint-text" id="review-said">The review (depth ${S.review.depth}) valued played ${moveShown(rv.played)} ${pct(rv.played_wp)}${best}; ` +
    `this table searched them again to depth ${a.depth}, so its values differ.${first}</p>`;
}

// The analysis in one line by the step buttons (shown on a phone only, app.css), while it is
// live and the game goes on: the side to move's chance and, once rolled, its best move.
function drawMiniAnalysis(a, red, rolled) {
  const el = $('mini-analysis');
  const on = a.enabled && !analysisHidden() && !S.winner && mode !== 'play' && red !== null;
  el.hidden = !on;
  document.body.classList.toggle('mini-on', on);
  if (!on) return;
  const side = rolled ? a.side : S.side;
  const wp = side === 'r' ? red : 1 - red;
  const best = rolled ? ` · best ${moveShown(a.moves[0].move)}` : '';
  const text = `${SIDE_NAME[side]} ${Math.round(wp * 100)}%${best}`;
  if (el.textContent !== text) el.textContent = text;
  el.title = `Analysis: ${SIDE_NAME[side]}'s win chance ${pct(wp)}${rolled ? `, best move ${moveShown(a.moves[0].move)}` : ''} (every move in the Analysis card below)`;
}

function drawAnalysis() {
  const a = S.analysis;
  let note = '';
  if (!a.enabled) note = 'off';
  // Held back while the person plays: the heading says it waits, whatever runs behind it.
  else if (held()) note = '(hidden until you ask: V)';
  else if (a.busy) note = 'searching…';
  else if (a.depth) note = `depth ${a.depth}`;
  $('analysis-note').textContent = note;
  // Red's chance: once a die is rolled, the rolled die's best move (the table's first row), so
  // that the bar and the table say the same; before the roll, the chance before the roll; else
  // the graph's point for this position.
  let red = null;
  let when = 'before the roll';
  // Without dice the turn's move table is the position's value (searched deeper than the
  // pre-move estimate), so the bar, the table and the graph say the same.
  const rolled = a.moves && a.moves.length && (!hasDice() || (S.die !== null && a.die === S.die));
  if (rolled) {
    red = a.side === 'r' ? a.moves[0].wp : 1 - a.moves[0].wp;
    when = hasDice() ? `after the roll (${dieWords(a.die)}), its best move` : 'its best move';
  } else if (a.preroll) red = a.side === 'r' ? a.preroll.wp : 1 - a.preroll.wp;
  else if (S.graph[S.ply] !== null && S.graph[S.ply] !== undefined) red = S.graph[S.ply];
  if (S.winner) { red = S.winner === 'r' ? 1 : 0; when = 'the game is over'; }
  $('winbar-red').style.width = red === null ? '50%' : (red * 100).toFixed(1) + '%';
  $('winbar-rl').textContent = 'Red ' + (red === null ? '…' : pct(red));
  $('winbar-bl').textContent = 'Blue ' + (red === null ? '…' : pct(1 - red));
  $('winbar').setAttribute('aria-label', red === null ? 'win chance not known yet' : `win chance ${when}: Red ${pct(red)}, Blue ${pct(1 - red)}`);
  $('winbar').title = red === null ? '' : `win chance ${when}`;
  drawMiniAnalysis(a, red, rolled);

  const side = SIDE_NAME[a.side];
  // At a past position: the move the game played there, with the die rolled there.
  const next = !S.live && S.ply < S.plies.length ? S.plies[S.ply] : null;
  let die = '';
  if (S.winner) die = '<p>The game is over.</p>';
  else if (a.moves) {
    const played = next && next.die === a.die ? next.move : null;
    const rank = played ? a.moves.findIndex((m) => m.move === played) + 1 : 0;
    // While a review mark is shown, one best move on the page: the review's, which the green
    // arrow draws, is the table's highlighted row, labelled as the review's (the table's own
    // order, searched again, may put another first; the note under the heading says so).
    const rvMark = reviewedNext();
    const rvBest = rvMark && played && rvMark.played === played && rvMark.die === a.die
      && a.moves.some((m) => m.move === rvMark.best) ? rvMark.best : null;
    // At a reviewed decision whose table, searched again, gives the played or the best move
    // another chance than the review: the review's figure stands beside it, labelled, and the
    // column says it is the deeper search's (two bare figures read as a contradiction).
    const rvHere = played && reviewedHere();
    const rvWp = new Map(rvHere && rvHere.die === a.die && rvHere.played === played
      ? [[rvHere.played, rvHere.played_wp], [rvHere.best, rvHere.best_wp]] : []);
    const again = a.moves.some((m) => rvWp.has(m.move) && pct(rvWp.get(m.move)) !== pct(m.wp));
    const rows = a.moves.map((m, k) => {
      const caps = m.captures.map((c) => `${c.cube} ${pct(c.chance)}`).join(', ') || '–';
      const cls = ['mv'];
      if (rvBest ? m.move === rvBest : k === 0) cls.push('best');
      if (m.move === played) cls.push('played');
      let tag = m.move === played ? ' <span class="tag played" title="the move the game played here">played</span>' : '';
      if (rvBest && m.move === rvBest && rvBest !== played) tag += ` <span class="tag best" title="the review's best move here (depth ${S.review.depth}), the green arrow on the board">review's best</span>`;
      return `<tr class="${cls.join(' ')}" data-move="${m.move}"><td class="mono">${moveShown(m.move)}${tag}</td>` +
        `<td class="num">${pct(m.wp)}${exactTag(m.exact)} <span class="bar" style="width:${Math.round(m.wp * 50)}px"></span>` +
        (again && rvWp.has(m.move) ? ` <small class="rv-wp" title="the review's value (depth ${S.review.depth})">review ${pct(rvWp.get(m.move))}</small>` : '') + '</td>' +
        `<td class="num">${pct(m.oppwin)}</td><td>${caps}</td></tr>`;
    }).join('');
    const asIn = hasDice() ? `Die ${a.die}, as rolled in the game` : 'Any cube, in the game';
    const head = played
      ? `${asIn}: ${side} played ${played}, ${rank === 1 ? 'the best' : `${ordinal(rank)} of ${a.moves.length}`}`
      : `${DieWords(a.die)}: every move, ${side}'s win chance`;
    die = `<h3>${head} <small>depth ${a.depth}</small></h3>` + (played ? reviewSaid(a, played) : '') +
      `<table class="an" id="analysis-moves"><thead><tr><th scope="col">move</th><th scope="col" class="num">${again ? `win <small>${a.depth > S.review.depth ? 'deeper search' : 'searched again'} (depth ${a.depth})</small>` : 'win'}</th><th scope="col" class="num" title="chance the opponent wins on its next roll">opp. wins</th><th scope="col" title="own cubes the opponent can take on its next roll">can be taken</th></tr></thead><tbody>${rows}</tbody></table>`;
  } else if (S.die !== null && a.enabled) die = `<h3>${DieWords(S.die)}${next && next.die === S.die && hasDice() ? ', as rolled in the game' : ''}</h3><p>Analysing every move…</p>`;
  else if (a.enabled) {
    die = S.dice.mode === 'manual' ? '<p>Type the die to see every move\'s win chance.</p>'
      : (humanToMove() || !S.live ? '<p>Roll the die to see every move\'s win chance.</p>' : '<p>The engine rolls for itself.</p>');
  }
  $('analysis-die').innerHTML = die;

  let faces = '';
  // Without dice there is no roll: the move table above is the whole story.
  if (a.preroll && a.preroll.faces.length && !S.winner && hasDice()) {
    // The rolled face's row takes the rolled die's table (searched deeper), so that a move shows
    // one chance on the page.
    const rolled = a.moves && a.moves.length && a.die === S.die ? a.moves[0] : null;
    const rows = a.preroll.faces.map((f) => (S.die === f.die && rolled
      ? `<tr class="best" title="as the rolled die's table above says it (depth ${a.depth})"><td>${f.die}</td><td class="mono">${moveShown(rolled.move)}</td><td class="num">${pct(rolled.wp)}</td></tr>`
      : `<tr${S.die === f.die ? ' class="best"' : ''}><td>${f.die}</td><td class="mono">${f.best}</td><td class="num">${pct(f.wp)}</td></tr>`)).join('');
    const depths = [...new Set(a.preroll.faces.map((f) => f.depth))].sort((x, y) => x - y).join('–');
    faces = `<h3>Before the roll: ${side} ${pct(a.preroll.wp)}${exactTag(a.preroll.exact)}; per face <small title="before the roll the six faces share the search time, so each is searched less deeply than the rolled die's table, and its value can differ from it by a little">depth ${depths}</small></h3>` +
      `<table class="an" id="analysis-faces-table"><thead><tr><th scope="col">die</th><th scope="col">best</th><th scope="col" class="num">win</th></tr></thead><tbody>${rows}</tbody></table>`;
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
    const lucky = p.luck === null || p.luck === undefined ? '' : luckWords(p.luck);
    const label = `${k + 1}. ${SIDE_NAME[p.side]}, ${dieWords(p.die)}, ${moveShown(p.move)}${p.took ? ', took ' + cubeWords(p.took) : ''}${p.fell ? ', ' + cubeWords(p.fell) + ' fell into the hole' : ''}${p.mark ? ', ' + p.mark + ' (shows the decision)' : ''}${lucky ? ', ' + lucky : ''}${side ? ', side line' : ''}`;
    // A marked move leads to the decision it marks (the position before it, the move played
    // and the best framed), as the review's entry does.
    const tips = [p.mark ? `${p.mark}: see the decision, the move played (red) and the best (green)` : '',
      p.fell ? `${cubeWords(p.fell)} fell into the hole` : '', lucky].filter(Boolean).join('; ');
    const title = tips ? ` title="${tips}"` : '';
    return `<li class="${cls.join(' ')}"><button type="button" data-ply="${p.mark ? k : k + 1}"${title}${k === S.ply - 1 ? ' aria-current="step"' : ''}><span class="sr-only">${label}</span><span aria-hidden="true">${k + 1}. ${dieShort(p.die)}${moveShown(p.move)}${took}${mark}</span></button></li>`;
  };
  // The game's own moves keep their capture marks and words, as before the side line.
  const gameMove = (p, k) => {
    const took = p.took ? '×' : p.fell ? '↓' : '';
    const lost = `${p.took ? ', took ' + cubeWords(p.took) : ''}${p.fell ? ', ' + cubeWords(p.fell) + ' fell into the hole' : ''}`;
    return `<li class="${p.side} game"><button type="button" data-main="${branch + k + 1}"><span class="sr-only">the game's move ${branch + k + 1}, ${SIDE_NAME[p.side]}, ${dieWords(p.die)}, ${p.move}${lost}: back to the game there</span><span aria-hidden="true">${branch + k + 1}. ${dieShort(p.die)}${moveShown(p.move)}${took}</span></button></li>`;
  };
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
    // An entry chosen by keyboard keeps the focus: the list is drawn anew, so the same entry
    // (by its place in the list) takes it back, else the board, never the page's body.
    const buttons = () => [...list.querySelectorAll('button')];
    const had = list.contains(document.activeElement) ? buttons().indexOf(document.activeElement) : -1;
    const count = buttons().length;
    list.innerHTML = html;
    list.dataset.html = html;
    const cur = list.querySelector('.current');
    // A reviewed game at its end shows the list from its first marked move: on a phone the
    // list at its last moves was past all but one of the marks.
    const atEnd = gameOver() && !m && S.ply === S.plies.length;
    const first = atEnd ? list.querySelector('li:has(.mk)') : null;
    if (cur) scrollList(list, (first || cur).offsetTop - list.offsetTop - (first ? 6 : 30), first || cur);
    if (had >= 0) {
      const again = buttons().length === count ? buttons()[had] : list.querySelector('.current button');
      if (again) again.focus({ preventScroll: true });
      else focusBoard();
    }
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
  // The end bar's button is the same action: the same words, and at the end, where it stands
  // by the result, the only one (two read "Review game" there, and players clicked either).
  $('review-end').textContent = $('review').textContent;
  $('review').hidden = Boolean(S.winner) && !setupMode;
  $('review-cancel').hidden = !rv.busy;
  // On a phone the review's card is far below the board: a link to it under the move list.
  const nMarked = rv.moves ? rv.moves.filter((m) => m.mark).length : 0;
  const jump = rv.busy ? `Review under way: move ${rv.done} of ${rv.total} ↓`
    : rv.moves ? `See the review: ${nMarked} marked ${nMarked === 1 ? 'move' : 'moves'}, accuracy ↓` : '';
  $('to-review').hidden = !jump;
  if ($('to-review').textContent !== jump) $('to-review').textContent = jump;
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
  // The players as the bars above and below the board name them ("Person", not "human").
  const names = { r: describePlayer(S.players.red), b: describePlayer(S.players.blue) };
  const row = (k, t) => `<tr><td><span class="swatch ${k === 'r' ? 'red' : 'blue'}" aria-hidden="true"></span>${SIDE_NAME[k]} (${esc(names[k])})</td>` +
    `<td class="num">${pct(t.lost)}</td><td class="num">${t.inaccuracies}</td><td class="num">${t.mistakes}</td><td class="num">${t.blunders}</td>` +
    `<td class="num">${t.accuracy.toFixed(1)}%</td><td class="num">${t.luck === null || t.luck === undefined ? '' : (t.luck >= 0 ? '+' : '−') + pct(Math.abs(t.luck))}</td></tr>`;
  const marked = rv.moves.filter((m) => m.mark).map((m) =>
    `<li><button type="button" class="rv ${m.mark}" data-ply="${m.ply - 1}"><span class="mk ${m.mark}">${MARK_SIGN[m.mark]}</span> ${m.ply}. ${SIDE_NAME[m.side]} ${dieWords(m.die)}: played <b class="mono">${moveShown(m.played)}</b> ${pct(m.played_wp)}, best <b class="mono">${moveShown(m.best)}</b> ${pct(m.best_wp)} <span class="loss">−${lossPct(m.best_wp, m.played_wp)} ${m.mark}</span></button></li>`).join('');
  setHtml($('review-out'),
    `<table class="an" id="review-table"><thead><tr><th scope="col">side</th><th scope="col" class="num" title="win chance given away over the game">gave away</th><th scope="col" class="num"><abbr title="inaccuracies">?!</abbr></th><th scope="col" class="num"><abbr title="mistakes">?</abbr></th><th scope="col" class="num"><abbr title="blunders">??</abbr></th><th scope="col" class="num" title="mean accuracy over the decisions with a choice (lichess's curve)">accuracy</th><th scope="col" class="num" title="the luck of the side's rolls: win chance the dice gave (+) or took (−)">luck</th></tr></thead>` +
    `<tbody>${row('r', rv.red)}${row('b', rv.blue)}</tbody></table>` +
    `<p class="hint-text">?! inaccuracy, ? mistake, ?? blunder; win chances at the review's depth ${rv.depth}. Pick a move to see it: red frame the move played, green the best.</p>` +
    (marked ? `<ul class="marked" id="review-marked">${marked}</ul>` : '<p>No move gave away 2% or more.</p>'));
}

// At a reviewed decision: what was played, what was best, and what it cost, as the review's
// list says it. It stands over the bar above the board (the board's other side), in that bar's
// box, so that nothing below moves as one steps on and off a marked move (in the page's flow it
// pushed Blue's bar and the step buttons 48 px down and back, off a phone's first screen).
function drawDecision() {
  const rv = reviewedNext();
  const el = $('decision');
  el.hidden = !rv;
  if (!rv) return;
  // The bar's seat first (it replaced the bar, and the page no longer said who plays Red).
  const h = `<span class="dec-who"><span class="swatch" aria-hidden="true"></span><span class="dec-name"></span></span> <span class="mk ${rv.mark}">${MARK_SIGN[rv.mark]}</span> ${rv.ply}. ${SIDE_NAME[rv.side]} ${dieWords(rv.die)}: played <b class="mono played" title="red frame">${moveShown(rv.played)}</b> ${pct(rv.played_wp)}, best <b class="mono best" title="green frame">${moveShown(rv.best)}</b> ${pct(rv.best_wp)}: −${lossPct(rv.best_wp, rv.played_wp)} ${rv.mark}`;
  if (el.dataset.html !== h) { el.innerHTML = h; el.dataset.html = h; }
  el.dataset.side = rv.side;
  placeDecision();
}

// The decision's line over the bar of the side that moved (over Red's bar a line on Blue's move
// read as Red's blunder), in that bar's box: above the board down to its top at most (on a phone
// its two lines ran 5 px over the board's frame); below it up into the gap over the bar.
function placeDecision() {
  const el = $('decision');
  if (el.hidden) return;
  const bar = $(el.dataset.side === 'b' ? 'bar-blue' : 'bar-red');
  const wrap = document.querySelector('.board-wrap');
  const boardTop = wrap.offsetTop + $('board').offsetTop;
  const above = bar.nextElementSibling === wrap;
  el.style.left = `${bar.offsetLeft}px`;
  el.style.width = `${bar.offsetWidth}px`;
  el.style.minHeight = `${bar.offsetHeight}px`;
  el.style.maxHeight = '';
  if (above) {
    el.style.top = `${bar.offsetTop}px`;
    el.style.maxHeight = `${boardTop - bar.offsetTop - 2}px`;
  } else {
    const boardEnd = boardTop + $('board').offsetHeight;
    const bottom = bar.offsetTop + bar.offsetHeight;
    el.style.top = `${Math.max(boardEnd + 2, Math.min(bar.offsetTop, bottom - el.offsetHeight))}px`;
  }
  el.querySelector('.swatch').className = `swatch ${bar.classList.contains('red') ? 'red' : 'blue'}`;
  const who = bar.querySelector('.pname').textContent;
  if (el.querySelector('.dec-name').textContent !== who) el.querySelector('.dec-name').textContent = who;
}

// The legend names only the marks that can appear on this board: the last move's frame, its
// capture and its fall into a hole while they are drawn; the threats while their badges are (they
// go with the analysis, also in app.css); the best move's and the played move's arrows while
// the board draws them.
function drawLegend() {
  const last = S.ply > 0 && S.plies[S.ply - 1].move !== '0000' ? S.plies[S.ply - 1] : null;
  $('lg-last').hidden = !last;
  $('lg-took').hidden = !(last && last.took);
  $('lg-fell').hidden = !(last && last.fell);
  // The cube the last move took (or lost into a hole), as its badge on the board shows it.
  if (last && last.took) legendMark('lg-took', `✕${last.took.slice(1)}`, `the last move took ${cubeWords(last.took)} there`);
  if (last && last.fell) legendMark('lg-fell', `↓${last.fell.slice(1)}`, `${cubeWords(last.fell)} fell into the hole`);
  const mine = S.side === 'r' ? 'R' : 'B';
  const threats = analysisHidden() ? [] : S.threats;
  $('lg-danger').hidden = !threats.some((t) => t.cube[0] === mine);
  $('lg-chance').hidden = !threats.some((t) => t.cube[0] !== mine);
  $('lg-you').hidden = $('lg-danger').hidden && $('lg-chance').hidden;
  // Without dice a threat is certain: the next move, not the next roll, and no share of rolls.
  const next = hasDice() ? 'next roll' : 'next move';
  $('lg-danger-text').textContent = `your cube can be taken ${next}`;
  $('lg-chance-text').textContent = `you can take this cube ${next}`;
  // The arrows as drawn on the board (drawBoard runs first): a hint's arrow is the best move's
  // too; no arrow, no entry (a finished game's last position, a paused rematch).
  const kinds = new Set(drawnArrows.map((a) => a.kind));
  $('lg-best').hidden = !(kinds.has('best') || kinds.has('hint'));
  $('lg-played').hidden = !kinds.has('played');
}

// A legend entry's mark and words, set only when they changed.
function legendMark(id, mark, words) {
  const el = $(id);
  const i = el.querySelector('i'), w = el.querySelector('.lg-words');
  if (i.textContent !== mark) i.textContent = mark;
  if (w.textContent !== words) w.textContent = words;
}

// Replaces an element's content only when it changed, so that a click is never lost to a redraw.
function setHtml(el, html) {
  if (el.dataset.html !== html) { el.innerHTML = html; el.dataset.html = html; }
}

function esc(s) {
  return String(s).replace(/[&<>"]/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;' }[c]));
}

// A move as the page shows it: a pass is the word, not the record's `0000`.
const moveShown = (m) => (m === '0000' ? 'pass' : m);

function describePlayer(p) {
  if (p.type === 'ewn') return `ewn · level ${p.level} · ${p.movetime} ms`;
  if (p.type === 'engine') return `engine ${p.name}`;
  return p.label && p.label !== 'human' ? p.label : 'Person';
}

function drawPlayers() {
  // A long seat (a record's player) takes two lines on a phone, both bars alike, for the whole
  // game: the board keeps its place as the notes change. Long is a name that does not fit one
  // line beside "to move" (bold, as on the side to move), measured: a count of letters took
  // "Red: ewn (this engine, level 10)" for two lines where it fits one. (Beside an engine's
  // "thinking…" a name may end in an ellipsis a moment: the bar keeps its height.)
  for (const side of ['r', 'b']) {
    const p = playerOf(side);
    const bar = $('bar-' + (side === 'r' ? 'red' : 'blue'));
    const pname = bar.querySelector('.pname');
    // A record's player the arena seats as a person (a program it does not run) says so: the
    // person plays it here, and nothing answers for it.
    // A record's player the arena runs as this engine (its `ewn`, `self`) says so too.
    const yours = p.recorded && p.type === 'human' && !['', 'human', 'person', 'you', 'player'].includes(String(p.label || '').trim().toLowerCase());
    const ours = p.recorded && p.type === 'ewn' && !/^ewn level /.test(String(p.label || ''));
    // It answers only in side lines, at its own level and time (not the record's): the bar says
    // it short enough to stay whole beside "to move" (on a phone only its level), its title
    // says it all.
    const who = ours ? `${p.label} (${window.innerWidth < 600 ? '' : 'this engine, '}level ${p.level})`
      : p.recorded && nobodyPlays() ? p.label : yours ? `you, for ${p.label}` : describePlayer(p);
    pname.textContent = `${SIDE_NAME[side]}: ${who}`;
    pname.title = ours ? `${SIDE_NAME[side]}: ${p.label}, this engine here at level ${p.level}, ${p.movetime} ms a move, answering in side lines from the record` : pname.textContent;
    let note = '';
    if (S.winner === side) note = 'wins';
    else if (!S.winner && S.side === side) note = S.thinking === side ? 'thinking…' : 'to move';
    // Pause stops the engines: an engine's bar says so (a phone has no Paused tag on the board).
    if (p.type !== 'human' && !S.running && !gameOver() && !S.awaiting_setup && !S.main) note = 'paused';
    bar.querySelector('.pnote').textContent = note;
    bar.classList.toggle('active', !S.winner && S.side === side);
    bar.classList.toggle('won', S.winner === side);
  }
  document.body.classList.toggle('long-seats', seatsLong());
}

function seatsLong() {
  document.body.classList.remove('long-seats');
  return ['bar-red', 'bar-blue'].some((id) => {
    const bar = $(id), note = bar.querySelector('.pnote'), pname = bar.querySelector('.pname');
    const [text, active] = [note.textContent, bar.classList.contains('active')];
    note.textContent = 'to move';
    bar.classList.add('active');
    const over = pname.scrollWidth > pname.clientWidth + 1;
    note.textContent = text;
    bar.classList.toggle('active', active);
    return over;
  });
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
  // A loaded record's players (the page's own load, or one this page opened on).
  const recorded = Boolean(s.players.red.recorded || s.players.blue.recorded);
  // After a rematch the form shows the rematch's own seats (the colours swapped), as on the
  // board: offering the game before's, Start game swapped the person back.
  if (formFromRecord || recorded) {
    // A loaded record's players are not a choice of the person's: the form goes back to the
    // last game started here, or to a person against the engine, Red first.
    formFromRecord = false;
    const f = lastStarted || { red: { type: 'human' }, blue: { type: 'ewn' }, first: 'r', dice: 'auto' };
    for (const side of ['red', 'blue']) {
      const p = f[side];
      const fs = $('p-' + side);
      fs.querySelector('.p-type').value = p.type;
      if (p.level) fs.querySelector('.p-level input').value = p.level;
      if (p.movetime) fs.querySelector('.p-time input').value = p.movetime;
      if (p.name && names.includes(p.name)) fs.querySelector('.p-name select').value = p.name;
      showPlayerFields(fs);
    }
    $('ng-first').value = f.first;
    $('ng-dice').value = f.dice;
  }
}


// Why taking one's own cube can be good, where a roll of a cube that is gone moves another:
// fewer cubes, each moved by more rolls.
const ownCaptureWhy = (v) => (v.has_dice && v.substitute !== 'pass' ? 'fewer cubes, more rolls each' : '');
// Why the rules allow it, in a newcomer's words, said once a game (a hint's note or an engine's
// move that takes its own cube, a newcomer read as a bug); '' once said in this game.
let ownWhyGame = null;
function ownCaptureRule(v) {
  if (!S || ownWhyGame === S.start) return '';
  ownWhyGame = S.start;
  return 'the rules let a cube take whatever cube stands on its target square, its own side\'s too' +
    (ownCaptureWhy(v) ? '; with fewer cubes left, each one moves on more of the rolls' : '');
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
    // An engine taking its own cube looks like a bug to a newcomer: the note says it is a move.
    const seat = p.side === 'r' ? s.players.red : s.players.blue;
    const mine = sentMove && sentMove.start === s.start && sentMove.ply === s.ply - 1 && sentMove.move === p.move;
    if (p.took && p.took[0] === p.side.toUpperCase() && seat.type !== 'human' && TOKEN && !mine) {
      // Named by its side first: a side line's engines answer for either colour.
      const who = `${SIDE_NAME[p.side]} (${seat.type === 'engine' ? seat.name : 'ewn'})`;
      // As flash() does, drawn here: this is within a render already.
      const why = ownCaptureWhy(s.variant), rule = ownCaptureRule(s.variant);
      localError = `${who} took its own cube ${p.took.slice(1)}: allowed, and sometimes best${rule ? ` (${rule})` : why ? ` (${why})` : ''}.`;
      noteKind = 'info';
      dropNotice();
      noteGoes(false);
      drawNote(s);
    }
    return true;
  }
  if (rolled) {
    say(`${SIDE_NAME[s.side]} rolled ${s.die}.`);
    sound('roll');
  }
  return false;
}

// How a record's game was lost by a fault ("Red ran out of time"), with the referee's words
// under it when it has them ("no bestmove within 150 ms; engine killed"), or null.
function faultHow(s) {
  const loser = SIDE_NAME[s.winner === 'r' ? 'b' : 'r'];
  const what = { time: `${loser} ran out of time`, crash: `${loser}'s engine stopped`,
    illegal: `${loser} played an illegal move`, malformed: `${loser} sent something that is not a move` }[s.reason];
  if (!what) return null;
  const detail = String(s.detail || '').replace(/^(red|blue):\s*/i, '');
  return esc(what) + (detail ? `<span class="why">${esc(detail)}</span>` : '');
}

// Set when the keyboard was to go on from Roll while Roll was not offered yet (see render).
let rollFocusWanted = false;
let rollWidth = 0; // Roll's width as last shown, which Pass takes in its place

// On a phone in a finished game the move list stays under the step buttons (put above them, it
// pushed them from 683 px in play to 805 at the end, Copy link off the first screen) and keeps
// to the room left on the first screen, two lines at least, so that its last moves show there
// (under a record's games it is below the first screen: its own height there).
// Called again when a reloaded page learns of its record after its first render.
function orderEndRows(s) {
  const list = $('moves'), cur = list.querySelector('.current') || list.lastElementChild;
  // Whole lines (of 4 px apart) within the box's padding and top border, 13 px.
  const pitch = (cur ? cur.offsetHeight : 24) + 4;
  const lines = Math.floor((innerHeight - list.getBoundingClientRect().top - scrollY - 9) / pitch);
  const h = Boolean(s.line_over) && !setupMode && innerWidth <= 900 && !recordBarOn(s) ? `${9 + pitch * Math.min(4, Math.max(2, lines))}px` : '';
  if (list.style.maxHeight === h) return;
  list.style.maxHeight = h;
  if (cur) scrollList(list, cur.offsetTop - list.offsetTop - list.clientHeight + cur.offsetHeight + 6, cur);
}

// The move list scrolled near `y` so that its first row shows whole, `cur` still in view (a
// record's game scrolled to its end showed 1 px of its first row under the game picker): at a
// row's start with the gap above it; where the list cannot scroll that far, a little room is
// added under its last row.
function scrollList(list, y, cur) {
  list.style.paddingBottom = '';
  const box = list.getBoundingClientRect().top + list.clientTop - list.scrollTop;
  const tops = [...new Set([...list.children].map((li) => Math.round(li.getBoundingClientRect().top - box) - 4))];
  const max = list.scrollHeight - list.clientHeight, want = Math.max(0, Math.min(y, max));
  const end = cur.getBoundingClientRect().bottom - box;
  // Within 2 px: a row asked for at its top, 1 px over its gap, is that row.
  const down = Math.max(0, ...tops.filter((t) => t <= want + 2));
  const up = Math.min(...tops.filter((t) => t >= want - 2));
  const to = end <= down + list.clientHeight || !Number.isFinite(up) ? down : up;
  if (to > max) list.style.paddingBottom = `${parseFloat(getComputedStyle(list).paddingBottom) + to - max}px`;
  list.scrollTop = to;
}

// The status line's words: what to do now, or, on a page that only watches, whose turn it is.
// On a phone it wraps within room kept for two lines, so that the board below it never jumps as
// it changes; its title holds it too.
function showStatus(s) {
  $('status').textContent = setupMode ? 'Arranging the setups: drag cubes within their start squares, then Start game'
    : TOKEN ? (replaceAnswer && replaceAnswer.status) || armedStatus(s) || turnWords(s) : `Watching: ${s.status.replace(/(to move[^:.]*)[:.] .*$/, '$1')}`;
  $('status').title = $('status').textContent;
}

function render(s) {
  const prev = S;
  // A note about the last action goes with the next change of the game (not with the analysis'
  // progress, which changes the version too).
  const gameKey = (x) => [x.fen, x.die, x.ply, x.plies.length, x.running, Boolean(x.main), x.winner].join('|');
  if (prev && localError && gameKey(s) !== gameKey(prev)) { localError = null; clearTimeout(noteTimer); }
  if (prev && s.fen !== prev.fen) { selected = null; shownMove = null; typed = ''; }
  // A move typed for one position is not offered at another (it stayed in the greyed box at a
  // step back).
  if (prev && (s.fen !== prev.fen || s.ply !== prev.ply)) $('move-input').value = '';
  if (prev && s.die !== prev.die) selected = null;
  if (hintMove && hintAt !== hintKey(s)) { hintMove = null; hintAt = null; }
  // "How to play", open above the board, closes when another game is started, loaded or
  // rematched: the new board comes in view.
  if (prev && s.game !== prev.game) $('rules').open = false;
  S = s;
  syncRecord(s);
  const key = s.variant.name + '|' + s.start + '|' + s.dice.seed + '|' + JSON.stringify(s.players) + '|' + s.engines.join(',');
  const editing = $('newgame').contains(document.activeElement) || setupMode;
  if (key !== formKey && !editing) { fillForms(s); formKey = key; }
  const playing = s.plies.length > 0 && !s.winner;
  // The form folds away when a game begins to move, unless a person is filling it in.
  if (playing && !wasPlaying && !editing) $('newgame').open = false;
  wasPlaying = playing;
  $('ng-now').textContent = 'now: ' + settingsText(s);
  document.body.classList.toggle('arranging', setupMode);
  document.body.classList.toggle('reviewing', Boolean(s.review.moves || s.review.busy));
  // At a reviewed decision the analysis of that position comes first (app.css, wide screens).
  document.body.classList.toggle('at-decision', Boolean(reviewedHere()));
  // A side line played from a reviewed game: its analysis comes first too (app.css).
  document.body.classList.toggle('side-line', Boolean(s.main));
  $('ng-arrange').textContent = setupMode ? 'Done arranging' : 'Arrange on the board';
  document.title = (s.winner ? s.status : `${SIDE_NAME[s.side]} to move`) + ' · ewn arena';
  // The game's end is said as its result shows, once the last move has landed (app.js:
  // animateMove; said before, the result box came 0.3-1 s after the status's "wins").
  const ending = s.winner && prev && !prev.winner && s.start === prev.start && s.ply === s.plies.length && s.ply > prev.ply;
  if (!(s.winner && document.body.classList.contains('landing')) && !ending) showStatus(s);
  drawRules(setupMode ? formVariant() : s.variant, setupMode ? $('ng-first').value : s.setup.first);
  const die = $('die');
  const rolled = prev && s.die !== null && prev.die === null && s.fen === prev.fen;
  const dice = s.variant.has_dice;
  const pair = dice && s.die !== null && Array.isArray(s.dice_pair) ? s.dice_pair : null;
  // Two dice: both faces and their sum (the sum is the cube that moves).
  // Not rolled yet, the box shows "–" (a faint last roll of the other side's was read as the
  // player's own roll); that roll is told in its label and tooltip.
  const lastPly = s.ply > 0 ? s.plies[s.ply - 1] : null;
  const last = dice && s.die === null && lastPly && lastPly.side !== s.side && lastPly.die ? lastPly : null;
  if (pair) die.innerHTML = `${pair[0]}+${pair[1]}<small>=${s.die}</small>`;
  else die.textContent = !dice ? 'any' : s.die === null ? '–' : s.die;
  die.className = 'die ' + (s.side === 'r' ? 'red' : 'blue') + (dice ? '' : ' nodice') + (pair ? ' pair' : '');
  const lastWords = last ? ` (${SIDE_NAME[last.side]} rolled ${last.die})` : '';
  die.setAttribute('aria-label', !dice ? 'no dice: any cube' : s.die === null ? 'die not rolled' + lastWords
    : pair ? `dice ${pair[0]} and ${pair[1]}, sum ${s.die}` : `die ${s.die}`);
  die.title = last ? `${SIDE_NAME[last.side]} rolled ${last.die}; ${SIDE_NAME[s.side]} has not rolled yet` : '';
  // Play mode: the analysis waits; said on the switch above the board.
  const isHeld = held();
  document.body.classList.toggle('held', isHeld);
  // The prompt to show it is for the person playing: a page that only watches is not offered it.
  // Off in Settings: the switch is neither (it waits, greyed, for the analysis to be on again),
  // and the card says where to turn it on instead of offering Show analysis, which showed nothing.
  const off = analysisOff();
  $('held-msg').hidden = !isHeld || !TOKEN || off;
  $('off-msg').hidden = !off || !TOKEN;
  document.body.classList.toggle('analysis-off', off);
  $('mode-play').setAttribute('aria-pressed', String(!off && mode === 'play'));
  $('mode-analyse').setAttribute('aria-pressed', String(!off && mode !== 'play'));
  $('mode-play').disabled = off;
  $('mode-analyse').disabled = off;
  $('mode-note').textContent = mode !== 'play' ? '' : isHeld ? 'until you ask (V) or the game ends'
    : lineOver() ? 'game over: shown' : revealed() ? 'shown for this game, as asked (V hides it again)' : 'shown: no person plays';
  die.hidden = Boolean(s.winner);
  if (rolled && dice && !pair) animateDie();
  const manual = s.dice.mode === 'manual';
  const over = Boolean(s.winner);
  // A forced pass, the only legal move, played with Pass, which takes Roll's place in its width
  // (Roll has nothing more to do), so that nothing on the turn's row moves as it shows (beside
  // Roll it pushed Hint, Undo and Pause 47-57 px along, at 1280 wide Pause to a row of its own).
  const pass = mayMove() && s.legal.length === 1 && s.legal[0] === '0000';
  const passForRoll = pass && !manual && dice && !over;
  if (!$('roll').hidden && $('roll').offsetWidth > 0) rollWidth = $('roll').offsetWidth;
  const rollFocused = document.activeElement === $('roll');
  $('roll').hidden = manual || over || !dice || passForRoll;
  $('pass').style.width = passForRoll && rollWidth ? `${rollWidth}px` : '';
  $('pass').classList.toggle('for-roll', passForRoll);
  // The keys that apply: no R without dice to roll, digits for typed dice.
  const keys = `Keys: ${!dice ? '' : manual ? 'digits type the die, ' : 'R roll, '}arrows + Enter on the board, or type a move; ← → step; V analysis`;
  const keysEl = document.querySelector('.moverow .keys');
  if (keysEl.textContent !== keys) keysEl.textContent = keys;
  // Offered only when the person can roll now (not while an engine thinks: R then is kept).
  $('roll').disabled = !canRoll();
  // After Start game, Rematch or a load with an engine to move first the keyboard waited on the
  // board; once the person's Roll is offered it goes on from there (unless taken elsewhere).
  if (rollFocusWanted && !$('roll').hidden && !$('roll').disabled) {
    rollFocusWanted = false;
    const a = document.activeElement;
    if (!a || a === document.body || $('board').contains(a)) $('roll').focus({ preventScroll: true });
  }
  // A roll asked for during the engine's move is made once the move has landed.
  if (rollWanted !== null && (s.start !== rollWanted || s.winner || (!canRoll() && !canQueueRoll()))) rollWanted = null;
  if (rollWanted !== null && canRoll() && inFlight === 0) { rollWanted = null; setTimeout(() => roll(), 0); }
  drawTypedDice(s);
  $('typed-dice').hidden = !manual || over || !dice;
  $('pass').hidden = !pass;
  if (pass && rollFocused) $('pass').focus({ preventScroll: true });
  document.querySelectorAll('#typed-dice button').forEach((b) => {
    b.disabled = !canType();
    b.setAttribute('aria-pressed', String(Number(b.dataset.die) === s.die));
    b.setAttribute('aria-label', `die ${b.dataset.die}` + (s.die !== null ? ' (corrects the typed die)' : ''));
  });
  $('hint').hidden = over;
  // A person resigns on its turn; on an engine's turn or at a past position Resign is greyed,
  // not removed (it left an empty gap at 160-196 px as the engine thought).
  const seated = ['r', 'b'].some((c) => playerOf(c).type === 'human');
  $('resign').hidden = over || !seated || s.awaiting_setup || setupMode;
  $('resign').disabled = !s.live || !humanToMove();
  // A hint is a request for analysis: with the analysis off it searches that one die (its
  // title, the page's own, never changes).
  $('hint').disabled = !(s.die !== null && mayMove());
  // An engine's seat, paused or stepped back to: greyed, the tooltip says why.
  const seat = programSeat() ? `${SIDE_NAME[s.side]} is an engine's seat: it plays its own moves` : '';
  $('hint').title = seat || "the analysis' best move (key H)";
  $('move-go').title = $('move-input').title = seat;
  // Stepped back in a finished game nothing plays on and the steps go back: Undo and Pause do
  // nothing there (a move starts a side line, where they work again).
  const pastOfFinished = Boolean(s.line_over) && !s.live;
  // With no person in the game there is no move of one's own to take back.
  $('undo').disabled = !s.can_undo || pastOfFinished || nobodyPlays() || !seated;
  // Where it takes nothing back (a finished game with nobody seated, as a loaded record of two
  // engines, or any game's end) no greyed Undo stub by the result: its room kept, nothing moves.
  $('undo').style.visibility = (s.line_over && !seated) || (over && $('undo').disabled) ? 'hidden' : '';
  // At a game's end, beside Rematch, Undo says what it takes back: "Undo" alone read as undoing
  // the end itself.
  const undoEnd = over && s.can_undo && !pastOfFinished && !nobodyPlays();
  const undoLabel = undoEnd ? 'Undo last move' : 'Undo';
  if ($('undo').textContent !== undoLabel) {
    $('undo').textContent = undoLabel;
    $('undo').title = undoEnd ? 'the game is over: take back your last move (and the answer to it) and play on from before it (key U)'
      : 'take back your last move and the answers to it (key U)';
  }
  $('pause').textContent = s.running ? 'Pause' : 'Resume';
  $('pause').setAttribute('aria-pressed', String(!s.running));
  $('pause').disabled = over || pastOfFinished;
  // At an earlier move of a game of engines (paused there) Step goes on from the game's end.
  const backInEngines = !s.live && !s.main && !s.line_over && !personPlays();
  $('step').disabled = over || s.running || humanToMove() || (!s.live && !backInEngines);
  // Paused: said in the status line (from the server) and shown on the board's frame.
  const paused = !s.running && !over && !s.awaiting_setup &&
    (s.players.red.type !== 'human' || s.players.blue.type !== 'human');
  document.body.classList.toggle('paused', paused);
  $('paused-tag').hidden = !paused;
  // Step only means something while paused: otherwise it is not shown (on a phone its room is
  // kept, so that Pause moves nothing).
  $('step').hidden = !paused || Boolean(s.line_over);
  $('move-input').disabled = !mayMove();
  // The example is a move of this board for the side of the person (a5b4 on 5x5, a3b2 on 3x3 for
  // Red; e1d2 for Blue, who read Red's a5b4 as a move of theirs): a legal move when there is one.
  const g = EwnBoard.geometry(s);
  const seats = ['r', 'b'].filter((c) => playerOf(c).type === 'human');
  const mine = seats.length === 1 ? seats[0] : s.side;
  const legal = mine === s.side && s.legal.find((m) => m !== '0000');
  $('move-input').placeholder = legal || (mine === 'r' ? g.name(0) + g.name(Math.min(g.n - 1, g.cols + 1))
    : g.name(g.n - 1) + g.name(Math.max(0, g.n - g.cols - 2)));
  $('move-go').disabled = !mayMove();
  // A finished game keeps one layout at its end and at every earlier move, so that a step
  // never moves the step buttons (a step back from the end moved them 25 px up beside the
  // board, 120 on a phone): the turn's row where it is in any game, the result in it at the
  // end where the die and Roll were, and under it the end's buttons, or before the end a line
  // that says how the game ended, in a box of the same height (app.css: .endbar).
  const finished = Boolean(s.line_over) && !setupMode;
  $('endbar').hidden = !finished;
  $('end-acts').hidden = !over;
  $('past-end').hidden = over || !finished;
  $('result').hidden = !over || setupMode;
  // Written at the end too, where it is not seen, so that the box is as tall at every move.
  const pastEnd = finished && s.line_winner
    ? `Game over: ${SIDE_NAME[s.line_winner]} won (move ${s.plies.length}) · End to see it` : '';
  if ($('past-end').textContent !== pastEnd) $('past-end').textContent = pastEnd;
  $('past-end').className = 'past-end' + (s.line_winner === 'r' ? ' red' : s.line_winner === 'b' ? ' blue' : '');
  // There is no move to type in a finished game: the row goes (the end bar takes its place).
  document.body.classList.toggle('game-end', over && !setupMode);
  document.body.classList.toggle('finished', finished);
  orderEndRows(s);
  keepMoveRowRoom();
  if (over) {
    const goal = s.variant.goal === 'rank' ? 'reached the far rank' : 'reached the corner';
    const lastPly = s.ply > 0 ? s.plies[s.ply - 1] : null;
    const how = s.reason === 'resign' ? `${SIDE_NAME[s.winner === 'r' ? 'b' : 'r']} resigned`
      : faultHow(s) || (s.reason === 'capture' && lastPly && lastPly.fell ? 'the last cube fell in'
        : s.reason === 'capture' ? 'took the last cube' : goal);
    $('result').innerHTML = `${SIDE_NAME[s.winner]} wins <small>${how}</small>`;
    $('result').title = s.detail || '';
    $('result').className = 'result ' + (s.winner === 'r' ? 'red' : 'blue');
  }
  $('pv-line').hidden = !S.analysis.pv.length;
  // The variant's name (a phone leaves it out, app.css: the rules' line names it) and the dice.
  const seedHtml = `<span class="seed-variant">${s.variant.standard ? '' : esc(s.variant.name) + ' · '}</span>` +
    (!dice ? 'no dice' : s.dice.mode === 'auto' ? 'seed ' + esc(String(s.dice.seed)) : 'dice typed in');
  setHtml($('seed'), seedHtml);
  const watch = tokenRefused === 'address'
    ? "This page can only watch: the token in this address is not this run's. Open the whole address that ewn gui printed in its terminal (it ends in ?token=…) to play."
    : tokenRefused
    ? "This page can only watch: the token it kept is not this run's (an earlier run of ewn gui printed it). Open the whole address that ewn gui printed in its terminal this time (it ends in ?token=…) to play."
    : 'This page can only watch: it was opened without its token. Open the whole address that ewn gui printed in its terminal (it ends in ?token=…) to play; this browser then keeps it.';
  document.body.classList.toggle('watch-only', !TOKEN);
  $('watch-note').hidden = Boolean(TOKEN) || watchNoteClosed;
  if ($('watch-text').textContent !== watch) $('watch-text').textContent = watch;
  drawNote(s);
  // A rematch of a record with engines only waits for a person to take a seat (or Resume).
  $('seat-offer').hidden = !(TOKEN && s.notice && !personPlays() && !over && !setupMode && !s.running);
  drawRecordBar(s);
  // The shown position as the status line and the move list count it: after move k of n.
  $('nav-pos').textContent = `${s.ply} / ${s.plies.length}`;
  $('nav-pos').title = s.ply === 0 ? `the start, 0 of ${s.plies.length} moves` : `after move ${s.ply} of ${s.plies.length}`;
  $('nav-first').disabled = $('nav-back').disabled = s.ply === 0;
  $('nav-last').disabled = $('nav-fwd').disabled = s.ply === s.plies.length;
  drawPlayers();
  // After the bars: the decision's line stands over one and names its seat.
  drawDecision();
  drawBoard();
  drawLegend();
  drawMoves();
  drawAnalysis();
  drawSolved();
  drawGraph();
  drawReview();
  const moved = announceChanges(prev, s, rolled);
  if (prev && prev.main && !s.main && s.start === prev.start) say(`Back to the game, after move ${s.ply}.`);
  else if (prev && !prev.main && s.main && s.start === prev.start) say(`A side line starts at move ${s.main.branch + 1}; the game is kept.`);
  if (moved) animateMove(s.plies[s.ply - 1].move, s.plies[s.ply - 1].took);
  if (!document.body.classList.contains('landing')) showStatus(s);
  if (reviewPin) pinReview();
  askCount();
  if (!prev) resumeTurn(s);
  // A game that ended just now with the keyboard on its board (the last move made by keys, or
  // the engine's answer to it): the keyboard goes on from the end bar, Rematch, not from a
  // square six Tabs away.
  if (prev && over && !prev.winner && prev.game === s.game && TOKEN && !setupMode) {
    const a = document.activeElement;
    if (!a || a === document.body || $('board').contains(a)) {
      const next = ['rematch', 'review-end'].map($).find((b) => b.offsetParent !== null && !b.disabled);
      if (next) next.focus({ preventScroll: true });
    }
  }
}
