// The live page's final screen (loaded after live-tables.js, before live.js): the match's
// result in words and the last games' final positions. `EwnLiveFinal()` makes them for live.js,
// which calls `matchResult` and `variantOf` for the final line and `finalBoards` with the last
// view once the match is over. Nothing here polls or keeps state between views.
'use strict';

window.EwnLiveFinal = () => {
  const $ = (id) => document.getElementById(id);
  const {
    esc, SIDE, plural, breakable, lastWords, winnerName, sentence, nameWords, fitWordsIn,
  } = window.EwnLiveText;

  // The variant of the match, from its finished games: " (standard)".
  const variantOf = (v) => {
    const names = [...new Set(((v && v.finished) || []).map((f) => f.variant).filter(Boolean))];
    return names.length ? ` (${names.join(', ')})` : '';
  };

  // The match's result in words, from the standings (most points first): "ewn won 4.5–1.5
  // against greedy", "ewn came first with 5 points", or a tie.
  function matchResult(v) {
    const t = (v && v.table) || [];
    if (!t.length || !v.games_done) return '';
    const [a, b] = t;
    // The score never broken over two lines ("won 4–" and "0 against" did): word joiners
    // around its dash.
    const score = `${a.points}\u2060–\u2060${b.points}`;
    if (t.length === 2) {
      return a.points === b.points
        ? `${a.name} and ${b.name} drew, ${score}`
        : `${a.name} won ${score} against ${b.name}`;
    }
    const top = t.filter((s) => s.points === a.points).map((s) => s.name);
    return top.length > 1
      ? `${top.length > 2 ? `${top.slice(0, -1).join(', ')} and ${top[top.length - 1]}` : top.join(' and ')} share first place with ${plural(a.points, 'point', 'points')}`
      : `${a.name} came first with ${plural(a.points, 'point', 'points')}`;
  }

  // The final position of a game that ended, which the last poll may not have seen.
  function endBoard(el, f) {
    if (!f.squares || !f.geometry) return;
    const cls = new Map();
    if (f.last) {
      cls.set(f.last[0], ['last', 'last-from']);
      cls.set(f.last[1], ['last', 'last-to']);
    }
    const g = f.geometry;
    EwnBoard.draw(el.querySelector('.board'), { squares: f.squares, rows: g.rows, cols: g.cols, variant: g }, { cls });
    const n = f.moves.length;
    if (n) {
      el.querySelector('.moves').innerHTML = `last move <b>${esc(lastWords(f.moves[n - 1], g.dice))}</b> · ${plural(n, 'move', 'moves')}`;
    }
  }

  // The final screen shows how the last games ended: their final positions, with the result
  // (and the referee's word on a fault), the last to end first (the view lists them so): the
  // last three on a phone and a wide screen alike (four left a 1280x800 screen's boards too
  // small to read, so it showed three where a phone showed four), fewer where a wide screen
  // has no room for boards large enough to read.
  const FINAL_BOARDS = 3;
  function finalBoards(v) {
    const list = (v.finished || []).filter((f) => f.squares && f.geometry).slice(0, FINAL_BOARDS);
    const box = $('final-boards');
    box.hidden = list.length === 0;
    const grid = $('last-boards');
    // On a wide screen the boards as large as the room below the result allows: in one row, or
    // in two of two where that makes them larger (measured: each card's words take ~130 px).
    let cols = window.innerWidth < 700 ? Math.min(2, list.length) : Math.max(2, list.length);
    grid.style.removeProperty('--fbsize');
    document.body.classList.remove('boards-beside');
    if (window.innerWidth >= 700 && list.length) {
      // The boards' size in `c` columns, in the room the grid has where it stands now.
      const sizer = () => {
        const W = grid.clientWidth || box.clientWidth;
        const H = window.innerHeight - (grid.getBoundingClientRect().top + window.scrollY) - 12;
        return (c) => {
          const r = Math.ceil(list.length / c);
          return Math.floor(Math.min((W - (c - 1) * 12) / c - 18, (H - (r - 1) * 12) / r - 18 - 130));
        };
      };
      const best = (size) => Math.max(size(cols), list.length > 2 ? size(2) : 0);
      let size = sizer();
      // Standings taller than the result (long names wrapped on two lines each) pushed the
      // boards down below both, and left room for two (194 px at 1280x800): the boards then go
      // below the result alone, beside the standings (live.css), where that fits more of them.
      if (window.innerWidth > 900 && list.length > 2 && best(size) < 220) {
        document.body.classList.add('boards-beside');
        const beside = sizer();
        if (best(beside) > best(size)) size = beside;
        else document.body.classList.remove('boards-beside');
      }
      if (list.length > 2 && size(2) > size(cols)) cols = 2;
      // Boards read from across a room: fewer of them (at least two) rather than small ones.
      while (list.length > 2 && size(cols) < 220) {
        list.pop();
        cols = Math.max(2, list.length);
      }
      grid.style.setProperty('--fbsize', `${Math.max(150, size(cols))}px`);
    }
    grid.style.setProperty('--gcols', cols);
    grid.style.setProperty('--grows', 1);
    grid.innerHTML = '';
    for (const f of list) {
      const el = document.createElement('article');
      el.className = 'game final-game';
      el.id = `final-${f.number}`;
      // A long name too long for this line: the short form (`shortLine`, below).
      const res = f.winner
        ? `<span class="res-head">${SIDE[f.winner]} (<b class="res-name" title="${esc(winnerName(f))}">${esc(winnerName(f))}</b>)</span> won (${esc(f.reason)})`
        : `No winner (${esc(f.reason)})`;
      el.dataset.reason = f.reason || '';
      el.dataset.side = f.winner || '';
      const resText = f.winner ? `${SIDE[f.winner]} (${winnerName(f)}) won (${f.reason})` : `No winner (${f.reason})`;
      const why = f.detail ? `<p class="end-detail" title="${esc(sentence(f.detail))}">${esc(sentence(f.detail))}</p>` : '';
      el.innerHTML = `<h3>Game ${f.number}${f.variant && f.variant !== 'standard' ? ` · ${esc(f.variant)}` : ''}</h3>` +
        `<p class="names"><b class="red-name" title="${esc(f.red)}">${nameWords(f.red)}</b><span class="vs"> – </span><b class="blue-name" title="${esc(f.blue)}">${nameWords(f.blue)}</b></p>` +
        `<div class="board" role="grid" aria-label="game ${f.number}'s final position"></div>` +
        `<p class="roll result-line ${f.winner === 'r' ? 'red' : f.winner === 'b' ? 'blue' : ''}" title="${esc(resText)}">${res}</p>${why}<p class="moves"></p>`;
      grid.appendChild(el);
      endBoard(el, f);
    }
    // Both players named whole, a long name wrapped (at an underscore or a capital where it has
    // one) rather than cut: "Random… – MonteC…" on a phone named no one. Again whenever a card's
    // width changes (a card fitted as it was placed was narrower on the screen as it settled).
    // The cards say a result in one form: if one's name is too long for the long form's line,
    // every card says it short, "▪ name won", the name whole on as many lines as it needs
    // ("Blue (random) won (goal)" stood beside "▪ Grandmaster_Delu… won").
    const fits = [];
    const fitAll = () => {
      let short = false;
      for (const f of fits) short = f(false) || short;
      if (short) for (const f of fits) f(true);
      // The players' lines of one height, so that the boards of a row stand at one y (a name
      // wrapped on two lines put its board 21 px lower than its neighbours').
      const lines = [...grid.querySelectorAll('.final-game .names')];
      for (const n of lines) n.style.minHeight = '';
      const h = Math.max(0, ...lines.map((n) => n.getBoundingClientRect().height));
      for (const n of lines) n.style.minHeight = `${h}px`;
    };
    for (const el of grid.querySelectorAll('.final-game')) {
      const names = el.querySelector('.names');
      const line = el.querySelector('.result-line');
      const long = line.innerHTML;
      const fit = (allShort) => {
        line.innerHTML = long;
        line.classList.remove('short');
        el.querySelector('.moves .why')?.remove();
        // The colour a square, how it ended before the last move ("Blue (Tenlet… ) won
        // (capture)" on a phone cut the name and left a gap before its bracket).
        const shortLine = () => {
          const name = line.querySelector('.res-name');
          line.classList.add('short');
          line.innerHTML = `<span class="res-head"><span class="dot ${el.dataset.side === 'r' ? 'red' : 'blue'}" role="img" aria-label="${SIDE[el.dataset.side]}"></span>` +
            `<b class="res-name" title="${esc(name.title)}">${breakable(name.title)}</b></span> won`;
          el.querySelector('.moves').insertAdjacentHTML('afterbegin', `<span class="why">${esc(el.dataset.reason)} · </span>`);
        };
        const head = line.querySelector('.res-head');
        let short = false;
        if (head) {
          const name = head.querySelector('.res-name');
          short = name.scrollWidth > name.clientWidth + 1 || head.scrollWidth > head.clientWidth + 1;
          if (short || allShort) shortLine();
        }
        names.dataset.w = names.clientWidth;
        // A word wider than its line cut in its middle ("Oberlandesgerichtsr" / "at" broke it).
        for (const b of names.querySelectorAll('b')) fitWordsIn(b, names.clientWidth);
        return short;
      };
      fits.push(fit);
      if (window.ResizeObserver) {
        new ResizeObserver(() => { if (names.isConnected && String(names.clientWidth) !== names.dataset.w) fitAll(); }).observe(names);
      }
    }
    fitAll();
    if (window.innerWidth >= 700 && list.length) keepOnScreen(grid, Math.ceil(list.length / cols));
    // Again once the fonts are in (the box keeps its width as its words grow).
    if (document.fonts && document.fonts.ready) document.fonts.ready.then(() => { if (grid.isConnected) fitAll(); });
  }

  // The boards smaller by what their words took beyond the room the layout gave them (names
  // wrapped on two lines put the last boards' foot 9 px below a 1280x800 screen), so that they
  // end on the first screen; `rows` of them.
  function keepOnScreen(grid, rows) {
    for (let i = 0; i < 3; i += 1) {
      const size = parseFloat(grid.style.getPropertyValue('--fbsize'));
      const over = grid.getBoundingClientRect().bottom + window.scrollY - (window.innerHeight - 12);
      if (!(size > 150) || over <= 0) return;
      grid.style.setProperty('--fbsize', `${Math.max(150, Math.floor(size - over / rows - 1))}px`);
    }
  }

  return { matchResult, variantOf, finalBoards };
};
