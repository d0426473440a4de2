// The live page of `ewn match --live`: polls the read-only view (GET /api/live) and draws each
// game in progress with the arena's board drawing (board.js), its clocks, die and the engines'
// reported win chances, and the standings text. It sends nothing that changes anything.
'use strict';

(() => {
  const $ = (id) => document.getElementById(id);
  let shown = -1;

  const esc = (s) => String(s).replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
  const clock = (ms) => {
    const s = Math.max(0, ms) / 1000;
    return s >= 60 ? `${Math.floor(s / 60)}:${String(Math.floor(s % 60)).padStart(2, '0')}` : `${s.toFixed(1)} s`;
  };
  const chance = (p) => (p === null || p === undefined ? '' : ` ${(100 * p).toFixed(1)}%`);

  function gameCard(g) {
    let card = document.getElementById(`game-${g.number}`);
    if (!card) {
      card = document.createElement('article');
      card.id = `game-${g.number}`;
      card.className = 'game';
      // Red starts at the top left (a5), so its player is named above the board.
      card.innerHTML = '<h3></h3><div class="side red"></div><div class="board" role="grid"></div>' +
        '<div class="side blue"></div><p class="roll"></p><p class="moves"></p>';
      $('games').appendChild(card);
    }
    card.querySelector('h3').textContent = `Game ${g.number}`;
    const side = (cls, name, ms, p, moving) => {
      const el = card.querySelector(`.side.${cls}`);
      el.classList.toggle('to-move', moving);
      el.innerHTML = `<b>${esc(name)}</b><span class="clock">${clock(ms)}</span>` +
        `<span class="wp" title="its own reported win chance">${chance(p)}</span>`;
    };
    side('blue', g.blue, g.clock_ms[1], g.win_chance[1], g.to_move === 'b');
    side('red', g.red, g.clock_ms[0], g.win_chance[0], g.to_move === 'r');
    EwnBoard.draw(card.querySelector('.board'), { squares: g.squares });
    const mover = g.to_move === 'r' ? 'Red' : 'Blue';
    card.querySelector('.roll').textContent = g.die ? `${mover} to move, die ${g.die}` : `${mover} to move`;
    card.querySelector('.moves').textContent = g.moves.join(' ');
    return card;
  }

  function draw(v) {
    $('title').textContent = v.title || 'match';
    $('status').textContent = `${v.games_done} games finished, ${v.games.length} in progress`;
    if (v.standings) $('standings').textContent = v.standings;
    const keep = new Set(v.games.map((g) => `game-${g.number}`));
    for (const el of [...$('games').children]) if (!keep.has(el.id)) el.remove();
    v.games.forEach(gameCard);
    $('no-games').hidden = v.games.length > 0;
  }

  async function poll() {
    try {
      const r = await fetch('/api/live', { cache: 'no-store' });
      if (r.ok) {
        const v = await r.json();
        if (v.version !== shown) {
          shown = v.version;
          draw(v);
        }
      } else $('status').textContent = `the server answered ${r.status}`;
    } catch (e) {
      $('status').textContent = 'the match has ended or the server is gone';
    }
    setTimeout(poll, 400);
  }
  poll();
})();
