// The live page's final screen (loaded after live-tables.js, before live.js): the match's
// result in words and the last games' final positions. `EwnLiveFinal()` makes them for live.js,
// which calls `matchResult` and `variantOf` for the final line and `finalBoards` with the last
// view once the match is over. Nothing here polls or keeps state between views.
'use strict';

window.EwnLiveFinal = () => {
  const $ = (id) => document.getElementById(id);
  const {
    esc, SIDE, plural, fitNames, lastWords, winnerName, sentence,
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
    if (t.length === 2) {
      return a.points === b.points
        ? `${a.name} and ${b.name} drew, ${a.points}–${b.points}`
        : `${a.name} won ${a.points}–${b.points} against ${b.name}`;
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
      // A long name ends in an ellipsis (whole in the line's title), never wraps over lines:
      // cut to the room it has (`fitNames`, below).
      const res = f.winner
        ? `<span class="res-head">${SIDE[f.winner]} (<b class="res-name" title="${esc(winnerName(f))}">${esc(winnerName(f))}</b>)</span> won (${esc(f.reason)})`
        : `No winner (${esc(f.reason)})`;
      el.dataset.reason = f.reason || '';
      el.dataset.side = f.winner || '';
      const resText = f.winner ? `${SIDE[f.winner]} (${winnerName(f)}) won (${f.reason})` : `No winner (${f.reason})`;
      const why = f.detail ? `<p class="end-detail" title="${esc(sentence(f.detail))}">${esc(sentence(f.detail))}</p>` : '';
      el.innerHTML = `<h3>Game ${f.number}${f.variant && f.variant !== 'standard' ? ` · ${esc(f.variant)}` : ''}</h3>` +
        `<p class="names"><b class="red-name" title="${esc(f.red)}">${esc(f.red)}</b><span class="vs"> – </span><b class="blue-name" title="${esc(f.blue)}">${esc(f.blue)}</b></p>` +
        `<div class="board" role="grid" aria-label="game ${f.number}'s final position"></div>` +
        `<p class="roll result-line ${f.winner === 'r' ? 'red' : f.winner === 'b' ? 'blue' : ''}" title="${esc(resText)}">${res}</p>${why}<p class="moves"></p>`;
      grid.appendChild(el);
      endBoard(el, f);
    }
    // Both players named, each cut to its share where the two are too long for the line: once
    // every card is placed, and again from the whole names whenever a card's width changes (a
    // card fitted as it was placed was narrower on the screen as it settled, and the line's own
    // ellipsis then cut the short name too: "Grandmaster_De… – gree…").
    // The cards say a result in one form: if one's name is too long for the long form, every
    // card says it short ("Blue (random) won (goal)" stood beside "▪ Grandmaster_Delu… won").
    const fits = [];
    const fitAll = () => {
      let short = false;
      for (const f of fits) short = f(false) || short;
      if (short) for (const f of fits) f(true);
    };
    for (const el of grid.querySelectorAll('.final-game')) {
      const names = el.querySelector('.names');
      const line = el.querySelector('.result-line');
      const long = line.innerHTML;
      const fit = (allShort) => {
        line.innerHTML = long;
        el.querySelector('.moves .why')?.remove();
        for (const b of el.querySelectorAll('.red-name, .blue-name, .res-name')) b.textContent = b.title || b.textContent;
        fitNames(names, [el.querySelector('.red-name'), el.querySelector('.blue-name')]);
        // A name too long for "Blue (name) won (capture)" is said as a narrow card says it:
        // "▪ name won", the colour a square, how it ended before the last move ("Blue (Tenlet… )
        // won (capture)" on a phone cut the name and left a gap before its bracket).
        const shortLine = () => {
          const name = line.querySelector('.res-name');
          line.innerHTML = `<span class="res-head"><span class="dot ${el.dataset.side === 'r' ? 'red' : 'blue'}" role="img" aria-label="${SIDE[el.dataset.side]}"></span>` +
            `<b class="res-name" title="${esc(name.title)}">${esc(name.title)}</b></span> won`;
          el.querySelector('.moves').insertAdjacentHTML('afterbegin', `<span class="why">${esc(el.dataset.reason)} · </span>`);
        };
        const head = line.querySelector('.res-head');
        let short = false;
        if (head) {
          fitNames(head, [head.querySelector('.res-name')]);
          const cut = head.querySelector('.res-name');
          short = cut.textContent !== cut.title;
          if (short || allShort) {
            shortLine();
            fitNames(line.querySelector('.res-head'), [line.querySelector('.res-name')]);
          }
        }
        names.dataset.w = names.clientWidth;
        return short;
      };
      fits.push(fit);
      if (window.ResizeObserver) {
        new ResizeObserver(() => { if (names.isConnected && String(names.clientWidth) !== names.dataset.w) fitAll(); }).observe(names);
      }
    }
    fitAll();
    // Again once the fonts are in (the box keeps its width as its words grow).
    if (document.fonts && document.fonts.ready) document.fonts.ready.then(() => { if (grid.isConnected) fitAll(); });
  }

  return { matchResult, variantOf, finalBoards };
};
