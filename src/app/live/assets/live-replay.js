'use strict';
// The live page's catch-up: a game that gets its card late (its place was held by an ended
// game, so that the end could be read) is shown from its start position, and its moves are
// played on the card one every `STEP_MS` (or half the match's pace, so that it gains on the game)
// until it has caught up, then it follows the game live; unpaced games, too fast to follow, not,
// nor the games of the page's first view (a page opened late shows them as they are).
// (A new card came with 2 or 3 of a 3x3 game's 6 or 7 moves already played: the moves it
// missed were never seen.) `EwnLiveReplay(draw)` makes it for live.js: `begin(g)` for a game
// whose card is made now, `view(g)` for a game's view as its card is to show it (the step the
// catch-up has reached, or the game as it is); `draw(g)` draws a card, `current()` is the view.
window.EwnLiveReplay = (draw, current) => {
  const STEP_MS = 280;
  const stepMs = () => Math.min(STEP_MS, ((current() || {}).pace_ms || 0) / 2);
  let first = null; // the version of the first view that made a card
  const playing = new Map(); // game number -> { step, g: its latest view, timer }

  // The game `g` after its first `k` moves, from its start and the squares of each move: what
  // its card shows then (the die of the move that followed, no engine's estimate, no clock run).
  function at(g, k) {
    const sq = [...g.start];
    // The board's own square names and holes (board.js), the ones the card is drawn with.
    const { index, holes } = EwnBoard.geometry({ rows: g.rows, cols: g.cols, variant: g.variant });
    let fell = null;
    for (const s of g.steps.slice(0, k)) {
      fell = null;
      if (!s) continue;
      const [from, to] = s.map(index);
      if (from < 0 || to < 0) continue;
      if (holes.has(to)) fell = sq[from];
      sq[to] = holes.has(to) ? '' : sq[from];
      sq[from] = '';
    }
    const other = { r: 'b', b: 'r' };
    const next = g.moves[k] || '';
    return {
      ...g, squares: sq, moves: g.moves.slice(0, k), last: k ? g.steps[k - 1] : null, fell,
      to_move: (g.moves.length - k) % 2 ? other[g.to_move] : g.to_move,
      // (The sum of two dice without its faces: none said.)
      die: next.includes(':') && !/^2d/.test((g.variant && g.variant.dice) || '') ? Number(next.split(':')[0]) : null, faces: null,
      win_chance: [null, null], thinking_ms: null, over: false, winner: null, reason: null,
    };
  }

  // Whether the page can play `g` from its start: the server saw it begin, said each move, and
  // its moves played here end on the position it says (else the card shows the game as it is).
  const known = (g) => Array.isArray(g.start) && g.start.length === g.rows * g.cols
    && Array.isArray(g.steps) && g.steps.length === g.moves.length
    && at(g, g.moves.length).squares.join() === g.squares.join();

  function step(n) {
    const p = playing.get(n);
    const card = document.getElementById(`game-${n}`);
    // Its card gone or on its end (the game ended meanwhile: its final position is shown).
    if (!card || card.classList.contains('ended-game') || document.body.classList.contains('ended')) {
      playing.delete(n);
      return;
    }
    p.step += 1;
    if (p.step >= p.g.moves.length) {
      playing.delete(n);
      draw(p.g);
      return;
    }
    draw(at(p.g, p.step));
    p.timer = setTimeout(() => step(n), stepMs());
  }

  function begin(g) {
    const v = current() || {};
    if (first === null) first = v.version;
    if (v.version === first || playing.has(g.number) || !(g.moves || []).length || !known(g) || g.over || stepMs() < 80) return g;
    playing.set(g.number, { step: 0, g, timer: setTimeout(() => step(g.number), stepMs()) });
    return at(g, 0);
  }

  function view(g) {
    const p = playing.get(g.number);
    if (!p) return g;
    if (known(g)) p.g = g;
    return at(p.g, p.step);
  }

  return { begin, view };
};

// The runner's mark (`run`) of the match shown: once the match is over or its server gone, the
// page keeps asking, and loads the next match served on the same address (a page left open on
// the hall's screen stayed on the last match's final screen).
window.EwnLiveNext = (() => {
  let run = null;
  // Whether view `v` is another runner's: then the page loads its match.
  const other = (v) => {
    if (v.run && run && v.run !== run) {
      window.location.reload();
      return true;
    }
    if (v.run) run = v.run;
    return false;
  };
  async function ask() {
    try {
      const r = await fetch('/api/live', { cache: 'no-store' });
      if (r.ok && other(await r.json())) return;
    } catch (e) {
      // No server yet: asked again.
    }
    setTimeout(ask, 2000);
  }
  return { other, follow: () => setTimeout(ask, 2000) };
})();
