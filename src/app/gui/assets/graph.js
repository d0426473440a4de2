// The win-chance graph of the game (loaded after panel.js, whose render() draws it): Red's
// chance at every position, the review's marks and the rolls that gave or took much.

// A roll's luck in words: "lucky roll +12.0%", "unlucky roll −8.5%".
function luckWords(l) {
  return `${l >= 0 ? 'lucky' : 'unlucky'} roll ${l >= 0 ? '+' : '−'}${pct(Math.abs(l))}`;
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
  // A roll that gave or took a tenth of the game or more: a diamond on the roll's move.
  S.plies.forEach((p, k) => {
    if (p.luck === null || p.luck === undefined || Math.abs(p.luck) < 0.1 || g[k + 1] === null || g[k + 1] === undefined) return;
    const cx = x(k + 1), cy = y(g[k + 1]) + (p.side === 'r' ? -9 : 9);
    marks.push(`<path class="gluck ${p.luck > 0 ? 'lucky' : 'unlucky'}" d="M${cx.toFixed(1)} ${(cy - 4).toFixed(1)}l4 4l-4 4l-4 -4z"><title>${k + 1}. ${SIDE_NAME[p.side]}: ${luckWords(p.luck)}</title></path>`);
  });
  // The diamonds are said in words under the graph while there are any.
  $('graph-luck').hidden = !marks.some((m) => m.startsWith('<path class="gluck'));
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
  // The points still being worked out (a loaded record's, filled from the latest back): said,
  // with the share known so far, so that a half-drawn line is never taken for the whole game.
  // (One point missing is the position just reached, whose analysis is under way: not said.)
  const gaps = (S.graph_gaps || 0) > 1 ? S.graph_gaps : 0;
  const gnote = $('graph-note');
  gnote.hidden = gaps === 0;
  if (gaps) {
    const text = `Working out the win chances: ${g.length - gaps} of ${g.length} positions done, from the last move back.`;
    if (gnote.dataset.text !== text) {
      gnote.dataset.text = text;
      gnote.innerHTML = `<span class="spinner" aria-hidden="true"></span> ${text}`;
    }
  }
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
