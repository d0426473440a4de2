// The live page's tables (loaded after live-text.js, before live.js): the standings, with the
// phone's line naming the leader and the full report, and the finished games, each row opening
// its moves. `EwnLiveTables(endedAt, HOLD_MS)` makes them for live.js, which calls `standings`
// and `finished` with each view it draws (and `fitResults` when the screen changes); `endedAt`
// is live.js's map of when this page saw each game end, `HOLD_MS` how long such a row is
// marked. The rows remember which games' moves are open, across views.
'use strict';

window.EwnLiveTables = (endedAt, HOLD_MS) => {
  const JUST_N = 3; // at most this many rows marked as just ended
  const $ = (id) => document.getElementById(id);
  const {
    esc, SIDE, plural, fitNames, moveText, reportHtml, endWords, reveal, nameWords, wrapWordsIn, holdPanel,
  } = window.EwnLiveText;
  let reportText = '';
  let summaryShown = null; // the screen's width and the leader's line as last drawn
  const open = new Set(); // the finished games whose moves are open, by number

  function standings(v) {
    const table = v.table || [];
    const rows = table.map((s) => {
      // In per cent, said so ("66.7%"; a bare "100.0" had no unit); "–" before its first game.
      const pct = s.games ? `${Number((100 * s.points / s.games).toFixed(1))}%` : '–';
      // Equal points share a rank (the table comes most points first).
      const rank = 1 + table.filter((o) => o.points > s.points).length;
      return `<tr><td>${rank}</td><th scope="row" title="${esc(s.name)}">${nameWords(s.name)}</th><td>${s.games}</td><td>${s.wins}</td>` +
        `<td>${s.losses}</td><td>${s.points}</td><td>${pct}</td></tr>`;
    });
    $('table').innerHTML = rows.join('');
    fitStandings();
    // One line for a phone, above the boards: who leads, and a link to the whole table.
    const top = table.filter((s) => table.length && s.points === table[0].points).map((s) => s.name);
    const played = table.some((s) => s.games > 0);
    // The link from the start: before the first end the line says how many play.
    $('summary').hidden = table.length === 0;
    const summary = table.length
      ? (played
        // The names give way to an ellipsis, never the points ("Leading: Grandmaster_De… with
        // 2 points"; the points were cut at the line's end).
        ? `<span class="lead" title="${esc(top.join(', '))}"><span class="names">${v.over ? 'First' : 'Leading'}: ` +
          `${top.map((n) => `<span class="nm">${esc(n)}</span>`).join(', ')}</span>` +
          `<span class="pts"> with ${plural(table[0].points, 'point', 'points')}</span></span>`
        : `<span class="lead">${plural(table.length, 'player', 'players')}, no game finished yet</span>`) +
        '<span class="to-table"> · <a href="#standings-h">standings ↓</a></span>'
      : '';
    // Drawn again only when its words or the width change (or it was not laid out to fit): drawn
    // on every view, about twice a second, the link under a finger was replaced and a tap lost.
    if (`${window.innerWidth} ${summary}` !== summaryShown) {
      summaryShown = $('summary').clientWidth ? `${window.innerWidth} ${summary}` : null;
      $('summary').innerHTML = summary;
      // Each name whole where the line has room, the longest cut first, letter by letter, only
      // as much as needed (the box's ellipsis cut "ewn, …" with room to spare before "with").
      // "Leading: ewn, greedy with 1 point" whole on a phone ("Leading together:" left no room
      // for the second name: the list of names says that they share the lead).
      const names = $('summary').querySelector('.names');
      const nms = () => [...names.querySelectorAll('.nm')];
      // Each leader named keeps eight letters at the least, also cut in its middle (a phone
      // read "Leading: Gr…ha, Gra…ta with 3 points"); where they cannot, the first ones named
      // and the others counted ("Leading: Grandmaster_Alpha and 1 more"), else their count.
      const cut = () => nms().some((n) => n.textContent.includes('…') && n.textContent.length - 1 < 8) || names.scrollWidth > names.clientWidth;
      if (names) fitNames(names, nms());
      for (let k = top.length - 1; names && k >= 1 && cut(); k -= 1) {
        names.innerHTML = `${v.over ? 'First' : 'Leading'}: ${top.slice(0, k).map((n) => `<span class="nm">${esc(n)}</span>`).join(', ')} and ${top.length - k} more`;
        fitNames(names, nms());
      }
      // Shorter where even that is cut ("2 players share the leac" on a phone, no ellipsis).
      if (names && top.length > 1 && cut()) {
        for (const w of [`${top.length} players share the lead`, `${top.length} share the lead`, `${top.length} lead`]) {
          names.textContent = w;
          if (names.scrollWidth <= names.clientWidth) break;
        }
      }
    }
    fitStrip(table);
    $('table-wrap').hidden = rows.length === 0;
    $('no-standings').hidden = rows.length > 0;
    if (v.standings && v.standings !== reportText) {
      reportText = v.standings;
      $('standings').innerHTML = reportHtml(v.standings);
      fitReport();
    }
    $('report').hidden = !v.standings;
  }


  // Each finished game is a row (its title says how it ended, with the referee's word); its
  // moves open in a row of their own below it, across the whole table, and stay open when the
  // table is drawn again. Only what changed is drawn: a row stays the same element while its
  // game's line is the same, so that a click on its button is never lost to a redraw.
  const finishedRows = new Map(); // game number -> { html, rows: [tr, tr] }
  let revealed = null; // the game whose moves were opened last, kept in view (`reveal`)
  function finishedHtml(f, isOpen) {
    const said = endWords(f);
    // The winner's colour as a square (its name is bold in its column), the way it ended in a
    // word: short, so that the names have room to be read whole. The colour is the square's
    // alone on the screen (a reader hears "Blue, capture"), so that the result keeps to one
    // line: "Blue, capture" wrapped in its column.
    const result = f.winner
      ? `<span class="dot ${f.winner === 'r' ? 'red' : 'blue'}" aria-hidden="true"></span><span class="sr-only">${SIDE[f.winner]}, </span>${esc(f.reason)}`
      : `no winner, ${esc(f.reason)}`;
    const won = (c) => (f.winner === c ? ' class="won"' : '');
    const fell = new Set(f.fell || []);
    const moves = f.moves.map((m, i) => moveText(m, i, (f.geometry || {}).dice) + (fell.has(i) ? ' ↓ into the hole' : '')).join(' · ');
    return `<tr><td>${f.number}</td><td${won('r')} title="${esc(f.red)}">${words(f.red)}</td><td${won('b')} title="${esc(f.blue)}">${words(f.blue)}</td>` +
      `<td class="res" title="${esc(said)}">${result}</td>` +
      `<td class="mv"><button type="button" class="mv" data-game="${f.number}" aria-expanded="${isOpen}" ` +
      `aria-controls="moves-${f.number}" aria-label="game ${f.number}'s ${plural(f.moves.length, 'move', 'moves')}" ` +
      `title="show or hide game ${f.number}'s moves">` +
      `<span aria-hidden="true">${isOpen ? '▾' : '▸'}</span> ${f.moves.length}</button></td></tr>` +
      `<tr class="movesrow" id="moves-${f.number}"${isOpen ? '' : ' hidden'}><td colspan="5">` +
      `<p class="movelist">Game ${f.number}, ${plural(f.moves.length, 'move', 'moves')}: ${esc(moves)}` +
      `${f.detail ? `<br><span class="end-detail">${esc(said)}</span>` : ''}</p></td></tr>`;
  }
  function finished(v) {
    // By number, the highest first (the view lists them as they ended).
    const list = [...(v.finished || [])].sort((a, b) => b.number - a.number);
    const body = $('finished');
    // Games no longer listed are forgotten.
    const listed = new Set(list.map((f) => f.number));
    for (const n of [...open]) if (!listed.has(n)) open.delete(n);
    for (const [n, r] of [...finishedRows]) {
      if (!listed.has(n)) {
        r.rows.forEach((tr) => tr.remove());
        finishedRows.delete(n);
      }
    }
    // In the view's order, each row kept, replaced when its game's line changed, or inserted.
    let at = body.firstElementChild;
    // The games that ended in the last `HOLD_MS` as this page saw them, the last `JUST_N` of
    // them at most (in a busy match most rows of the table were marked at once).
    const just = new Set([...endedAt].filter(([, t]) => Date.now() - t < HOLD_MS)
      .sort((a, b) => b[1] - a[1] || b[0] - a[0]).slice(0, JUST_N).map(([n]) => n));
    for (const f of list) {
      const html = finishedHtml(f, false);
      let r = finishedRows.get(f.number);
      if (r && r.html !== html) {
        r.rows.forEach((tr) => tr.remove());
        r = null;
      }
      if (!r) {
        const t = document.createElement('tbody');
        t.innerHTML = finishedHtml(f, open.has(f.number));
        r = { html, rows: [...t.children] };
        finishedRows.set(f.number, r);
      }
      if (at !== r.rows[0]) for (const tr of r.rows) body.insertBefore(tr, at);
      at = r.rows[r.rows.length - 1].nextElementSibling;
      // A game that just ended is marked for a few seconds, also without a new view.
      const tr = r.rows[0];
      if (just.has(f.number) && !tr.classList.contains('just-ended')) {
        tr.classList.add('just-ended');
        setTimeout(() => tr.classList.remove('just-ended'), Math.max(0, endedAt.get(f.number) + HOLD_MS - Date.now()));
      } else if (!just.has(f.number)) tr.classList.remove('just-ended');
    }
    $('finished-wrap').hidden = list.length === 0;
    $('no-finished').hidden = list.length > 0;
    fitResults();
    fitWords();
    fitFinished();
    if (revealed !== null && open.has(revealed) && $(`moves-${revealed}`)) reveal($(`moves-${revealed}`));
  }
  // While the match runs on a wide screen, the finished games the side panel has room for, the
  // most recent first, and a line saying how many earlier ones there are: the list ran past the
  // screen's foot (a panel that scrolls inside itself, ~40 games of 3x3 at 1280x800). An opened
  // game's moves stay shown; with the full report open in the panel every game is listed.
  function fitFinished() {
    const rows = [...$('finished').querySelectorAll('tr:not(.movesrow)')];
    for (const tr of $('finished').children) tr.classList.remove('earlier');
    const more = $('finished-more');
    const final = document.body.classList.contains('ended') && !document.body.classList.contains('cut');
    if (window.innerWidth < 700 || final || $('report').open || !rows.length) {
      more.hidden = true;
      return;
    }
    const say = (n) => `and ${plural(n, 'earlier game', 'earlier games')}, counted in the standings`;
    more.hidden = false;
    more.textContent = say(rows.length);
    // The panel ends 8 px above the screen's foot (`fitPanel`); the line, its margins and the
    // table's border above it.
    const foot = window.innerHeight - 8 - more.offsetHeight - 8 - 2;
    const first = rows.findIndex((tr, i) => i > 0 && tr.getBoundingClientRect().bottom > foot);
    const hide = first < 0 ? [] : rows.slice(first).filter((tr) => !open.has(Number(tr.querySelector('button.mv').dataset.game)));
    for (const tr of hide) {
      tr.classList.add('earlier');
      tr.nextElementSibling.classList.add('earlier');
    }
    more.hidden = hide.length === 0;
    more.textContent = say(hide.length);
  }
  const words = nameWords;
  // A word wider than its cell: the cell's letters a pixel or two smaller (to 14 px, never less:
  // a name of 40 letters was cut in 11-13 px), and a word wider still (alone wider than the
  // cell) breaks between its letters, whole (`wrapWordsIn`).
  function fitWords() {
    for (const td of document.querySelectorAll('#finished tr:not(.movesrow) td:nth-child(2), #finished tr:not(.movesrow) td:nth-child(3)')) {
      const ws = [...td.querySelectorAll('.word')];
      if (!ws.length || !td.clientWidth) continue;
      // Measured afresh each time: a word marked wide in a narrower cell kept breaking
      // ("Alexandra_Papadopoulo" / "u", "Grandmaster" / "_" / "Bartholomew") once it fitted.
      td.style.fontSize = '';
      wrapWordsIn(td, Infinity);
      const cs = getComputedStyle(td);
      const room = td.clientWidth - parseFloat(cs.paddingLeft) - parseFloat(cs.paddingRight);
      const over = () => ws.some((w) => w.getBoundingClientRect().width > room + 0.5);
      let size = parseFloat(cs.fontSize);
      while (over() && size > 14) {
        size -= 1;
        td.style.fontSize = `${size}px`;
      }
      wrapWordsIn(td, room);
    }
  }
  // The result column as wide as "Blue, capture" where the names leave room (short names: it
  // wrapped "Blue, goal" beside empty name columns), never narrower than its 6 em, never at the
  // cost of a name (each name column keeps the room of the longest name, bold).
  function fitResults() {
    const t = document.querySelector('.finished-table');
    const td = t && t.querySelector('#finished td.res');
    if (!td || !t.clientWidth) return;
    const c = document.createElement('canvas').getContext('2d');
    const cs = getComputedStyle(td);
    c.font = `400 ${cs.fontSize} ${cs.fontFamily}`;
    const pad = parseFloat(cs.paddingLeft) + parseFloat(cs.paddingRight);
    const want = Math.ceil(c.measureText('Blue, capture').width + parseFloat(cs.fontSize) + pad + 4);
    const nameTd = t.querySelector('#finished td:nth-child(2)');
    const ns = getComputedStyle(nameTd);
    c.font = `700 ${ns.fontSize} ${ns.fontFamily}`;
    const names = [...t.querySelectorAll('#finished tr:not(.movesrow) td:nth-child(2), #finished tr:not(.movesrow) td:nth-child(3)')]
      .map((x) => x.title || x.textContent);
    const nameW = Math.ceil(Math.max(0, ...names.map((n) => c.measureText(n).width))) + pad + 6;
    const cols = t.querySelectorAll('col');
    const row = td.parentElement;
    const fixed = row.children[0].getBoundingClientRect().width + row.children[4].getBoundingClientRect().width;
    const min = 6 * parseFloat(getComputedStyle(t).fontSize);
    const w = Math.max(min, Math.min(want, t.clientWidth - fixed - 2 * nameW));
    const key = `${Math.round(w)}`;
    if (cols[3].dataset.w !== key) {
      cols[3].dataset.w = key;
      cols[3].style.width = `${Math.round(w)}px`;
    }
  }

  // Opening a finished game's moves: remembered by game, so that the next view keeps it open.
  $('finished').addEventListener('click', (e) => {
    const b = e.target.closest('button.mv');
    if (!b) return;
    const n = Number(b.dataset.game);
    const isOpen = !open.has(n);
    if (isOpen) open.add(n); else open.delete(n);
    b.setAttribute('aria-expanded', String(isOpen));
    b.querySelector('span').textContent = isOpen ? '▾' : '▸';
    $(`moves-${n}`).hidden = !isOpen;
    // Opened below the panel's visible edge it is scrolled into view, and kept there as new
    // games' rows come above it, until the reader scrolls or clicks elsewhere (see `reveal`).
    revealed = isOpen ? n : null;
    if (isOpen) for (const later of [(f) => f(), requestAnimationFrame]) later(() => reveal($(`moves-${n}`)));
  });
  for (const e of ['wheel', 'touchmove', 'mousedown', 'keydown']) window.addEventListener(e, () => { revealed = null; }, { passive: true });
  // Each name of the standings on one line where the table has room, its letters smaller by a
  // pixel or a few (to 14 px) where that makes it so; else it wraps where it allows (the final
  // standings at 1280 broke every name of 16-19 letters over two lines, "Extraordinary_ Delta").
  // A hall of five games or more on a wide screen has its standings below the boards (live.css,
  // `hall`): a line above the boards names each player with its points, as many as fit, the rest
  // counted, with a link to the whole table (the table beside eight boards left them 226 px).
  let stripTable = [];
  function fitStrip(table) {
    if (table) stripTable = table;
    const strip = $('standings-strip');
    const t = stripTable;
    strip.hidden = !t.length;
    if (!t.length || !strip.clientWidth) return;
    const rank = (s) => 1 + t.filter((o) => o.points > s.points).length;
    const said = (k) => '<span class="lbl">Standings:</span> ' + t.slice(0, k).map((s) =>
      `<span class="pl"><span class="rk">${rank(s)}.</span> <span class="nm" title="${esc(s.name)}">${esc(s.name)}</span> <b>${s.points}</b></span>`).join(' · ') +
      (k < t.length ? ` · ${t.length - k} more` : '') + ' <a href="#standings-h">table ↓</a>';
    for (let k = t.length; k >= 1; k -= 1) {
      strip.innerHTML = said(k);
      if (strip.scrollWidth <= strip.clientWidth + 1) break;
    }
  }
  window.addEventListener('resize', () => fitStrip());
  function fitStandings() {
    fitStrip();
    const table = $('table').closest('table');
    if (!table) return;
    table.style.fontSize = '';
    table.classList.add('one-line');
    // (Without the places it may wrap at, which Chromium takes also in a line that may not wrap.)
    const cells = [...table.querySelectorAll('tbody th')];
    // (From the names, not the cells: a table fitted on one line before holds no such places.)
    const wraps = cells.map((th) => nameWords(th.title));
    for (const th of cells) th.textContent = th.title;
    const over = () => cells.some((th) => th.scrollWidth > th.clientWidth);
    let size = parseFloat(getComputedStyle(table).fontSize);
    while (over() && size > 14) {
      size -= 1;
      table.style.fontSize = `${size}px`;
    }
    if (over()) {
      table.style.fontSize = '';
      table.classList.remove('one-line');
      cells.forEach((th, i) => { th.innerHTML = wraps[i]; });
      // A word wider than its cell: the letters smaller by a pixel or a few (to 14 px, never
      // less: two games at once left the standings in 12 px, "Supercalifra…ciousengine"), then
      // broken between its letters, whole (`wrapWordsIn`).
      const room = (th) => th.clientWidth - parseFloat(getComputedStyle(th).paddingLeft) - parseFloat(getComputedStyle(th).paddingRight);
      const wide = () => cells.some((th) => [...th.querySelectorAll('.word')].some((w) => w.getBoundingClientRect().width > room(th) + 0.5));
      for (let px = parseFloat(getComputedStyle(table).fontSize); wide() && px > 14; px -= 1) table.style.fontSize = `${px - 1}px`;
      for (const th of cells) wrapWordsIn(th, room(th));
    }
  }

  // The report's players' names fitted to their cells, each word whole, a word wider than its
  // cell broken between its letters (`wrapWordsIn`, never cut): opened in the side panel while the match ran, its ratings reached 54 px past
  // the panel's edge, "Konstantinos" / "_" / "Papadopoulo" / "s" broken where it must.
  function fitReport() {
    const inPanel = $('report-box').classList.contains('in-panel');
    const st = $('standings');
    const cells = [...st.querySelectorAll('tbody th')];
    if (!cells.length || !cells[0].clientWidth) return;
    // A word of 6 em at the most (a table's cell takes the width of its content, not one given
    // to it), less by what the box still scrolls sideways; elsewhere (as wide as the boards)
    // every name whole. (The crosstable's number beside its name.)
    // (Never below 3 em: a crosstable of many players scrolls sideways, its names kept.)
    const em = parseFloat(getComputedStyle(cells[0]).fontSize);
    let room = inPanel ? 6 * em : Infinity;
    for (let i = 0; i < 4 && room >= 3 * em; i += 1) {
      for (const th of cells) {
        const n = th.querySelector('.n');
        wrapWordsIn(th, room - (n ? n.offsetWidth + 4 : 0));
      }
      const over = st.scrollWidth - st.clientWidth;
      if (!inPanel || over <= 0) return;
      room = Math.max(3 * em, room - over - 1) - (room <= 3 * em ? 1 : 0);
    }
  }
  $('report').addEventListener('toggle', () => requestAnimationFrame(fitReport));
  if (window.ResizeObserver) new ResizeObserver(() => fitReport()).observe($('standings'));

  // Fitted again whenever the table's width changes, before the screen is drawn: the side
  // panel's scroll bar, come with a longer list of finished games, narrowed a name fitted on one
  // line just before, and its box's ellipsis cut it at its end until the next view
  // ("Univ_Leiden_…" for Team_C and for Team_D).
  // The same for the table's own width: a scroll bar that comes with a longer page took 8 px
  // from a phone's column and left a name fitted on one line cut ("GreedyBaselinePlayer" 181 px
  // in 173). Each refit outside a view's drawing holds what is read in the panel below the
  // table where it was (the open report moved 54 px with no new row).
  let tableW = 0, ownW = 0;
  const refit = () => {
    const back = holdPanel(true);
    fitStandings();
    back();
  };
  if (window.ResizeObserver) {
    new ResizeObserver(() => {
      const w = $('table-wrap').clientWidth;
      if (w && w !== tableW) {
        tableW = w;
        refit();
      }
    }).observe($('table-wrap'));
    new ResizeObserver(([e]) => {
      const w = Math.round(e.contentRect.width);
      if (w !== ownW) {
        ownW = w;
        refit();
      }
    }).observe($('table').closest('table'));
  }

  return { standings, finished, fitResults, fitStandings, fitWords };
};
