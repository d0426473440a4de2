// The board of an EWN position, drawn into an element from a view's data. It keeps no state of
// its own and knows nothing of the game's flow: the arena page (app.js) decorates squares with
// targets, hints and badges, and a read-only page can draw a position with no decoration at all.
//
//   EwnBoard.draw(el, view, deco) -> true when the element was rebuilt
//   EwnBoard.geometry(view)       -> rows, cols, square names and the corners of the view
//
// `view` is the state's position: `squares` (row by row from the top, files a.. left to right,
// ranks 1..rows bottom to top; '' or null for an empty square, else "R3", "B12" or
// {side: 'r'|'b', label: 12 or "12"}), and `rows`/`cols` (3..8 each, 5 when absent). Red starts
// at the top left and runs to the bottom right corner; Blue the other way. Optional: `variant`
// (the state's variant: its start squares, goal and holes are drawn from it) and `flip` (the
// board turned half a turn, Blue's side at the bottom).
'use strict';

const EwnBoard = (() => {
  const FILES = 'abcdefgh';
  // The start triangles of the standard 5x5 game (a5 b5 c5 a4 b4 a3 and their mirror), in the
  // order the six setup digits fill them.
  const TRI5 = { r: [0, 1, 2, 5, 6, 10], b: [24, 23, 22, 19, 18, 14] };

  const dim = (v) => {
    const n = Number(v);
    return Number.isInteger(n) && n >= 3 && n <= 8 ? n : 5;
  };

  function geometry(view) {
    const rows = dim(view && view.rows), cols = dim(view && view.cols);
    const n = rows * cols;
    const name = (i) => FILES[i % cols] + (rows - Math.floor(i / cols));
    const index = (s) => {
      const c = FILES.indexOf(String(s)[0]), r = Number(String(s).slice(1));
      if (c < 0 || c >= cols || !Number.isInteger(r) || r < 1 || r > rows) return -1;
      return (rows - r) * cols + c;
    };
    let tri;
    const v = view && view.variant;
    if (v && Array.isArray(v.start_red) && Array.isArray(v.start_blue)) {
      // Exactly the variant's start squares.
      tri = { r: v.start_red.map(index).filter((i) => i >= 0), b: v.start_blue.map(index).filter((i) => i >= 0) };
    } else if (rows === 5 && cols === 5) tri = TRI5;
    else {
      // Other sizes: the corner triangle that is two squares short of the shorter side (the 5x5
      // rule), shading only; the cubes themselves come from `squares`.
      const d = Math.max(1, Math.min(rows, cols) - 2);
      tri = { r: [], b: [] };
      for (let i = 0; i < n; i++) {
        const r = Math.floor(i / cols), c = i % cols;
        if (r + c < d) tri.r.push(i);
        if ((rows - 1 - r) + (cols - 1 - c) < d) tri.b.push(i);
      }
    }
    // Red's goal is the bottom right corner (or the whole bottom rank), Blue's the top left (or
    // the top rank).
    const rank = Boolean(v && v.goal === 'rank');
    const goalOf = (i) => {
      const r = Math.floor(i / cols);
      if (rank) return r === rows - 1 ? 'r' : r === 0 ? 'b' : null;
      return i === n - 1 ? 'r' : i === 0 ? 'b' : null;
    };
    const holes = new Set(v && Array.isArray(v.holes) ? v.holes.map(index).filter((i) => i >= 0) : []);
    return { rows, cols, n, files: FILES.slice(0, cols), name, index, tri, goalRed: n - 1, goalBlue: 0, goalOf, holes, rank };
  }

  // A square's cube as {side: 'red'|'blue', label: '1'..'12'}, or null.
  function cubeOf(p) {
    if (p === null || p === undefined || p === '') return null;
    if (typeof p === 'object') {
      const s = String(p.side || '').toLowerCase();
      return { side: s === 'r' || s === 'red' ? 'red' : 'blue', label: String(p.label) };
    }
    const t = String(p);
    return { side: t[0] === 'R' || t[0] === 'r' ? 'red' : 'blue', label: t.slice(1) };
  }

  // Arrows over the board, from square centre to square centre: deco.arrows, a list of
  // {from: 'a5', to: 'b4', kind: 'best' | 'played' | 'hint' | 'shown'}. Drawn in the board's own
  // units (one square each way), so they follow any size and the flip.
  function arrows(g, list, flip) {
    const ok = (list || []).filter((a) => a && g.index(a.from) >= 0 && g.index(a.to) >= 0 && a.from !== a.to);
    if (!ok.length) return '';
    const at = (s) => {
      let i = g.index(s);
      if (flip) i = g.n - 1 - i;
      return [i % g.cols + 0.5, Math.floor(i / g.cols) + 0.5];
    };
    const kinds = [...new Set(ok.map((a) => a.kind))];
    const heads = kinds.map((k) => `<marker id="ah-${k}" class="${k}" viewBox="0 0 10 10" refX="6" refY="5" markerWidth="3" markerHeight="3" orient="auto"><path d="M0 0L10 5L0 10z" class="head ${k}"/></marker>`).join('');
    const lines = ok.map((a) => {
      const [x1, y1] = at(a.from), [x2, y2] = at(a.to);
      const len = Math.hypot(x2 - x1, y2 - y1);
      // Starts and ends off the squares' centres, so that the cubes' numbers stay readable.
      const k0 = 0.3 / len, k1 = (len - 0.28) / len;
      const px = (k) => (x1 + (x2 - x1) * k).toFixed(3), py = (k) => (y1 + (y2 - y1) * k).toFixed(3);
      return `<line class="${a.kind}" x1="${px(k0)}" y1="${py(k0)}" x2="${px(k1)}" y2="${py(k1)}" stroke-width="0.11" marker-end="url(#ah-${a.kind})"/>`;
    }).join('');
    return `<svg class="arrows" aria-hidden="true" viewBox="0 0 ${g.cols} ${g.rows}" preserveAspectRatio="none"><defs>${heads}</defs>${lines}</svg>`;
  }

  const last = new WeakMap(); // element -> the html it shows, so an unchanged board is not rebuilt

  // deco (all optional): cls / cubeCls / words / badges: Map square name -> list of classes,
  // classes of the cube, words for screen readers, html of badges; arrows: see arrows(); focus: the square index that
  // takes the keyboard focus; selected: the picked square's name; cubeWords(cube, name): extra
  // words for a cube.
  function draw(el, view, deco) {
    const g = geometry(view);
    const d = deco || {};
    const pieces = (view && view.squares) || [];
    const get = (m, k) => (m && m.get(k)) || [];
    const html = [];
    const flip = Boolean(view && view.flip);
    for (let k = 0; k < g.n; k++) {
      // Turned half a turn, the last square comes first.
      const i = flip ? g.n - 1 - k : k;
      const name = g.name(i);
      const r = Math.floor(i / g.cols), c = i % g.cols;
      const first = flip ? c === g.cols - 1 : c === 0; // the column drawn at the left
      const bottom = flip ? r === 0 : r === g.rows - 1; // the row drawn at the bottom
      const cls = ['cell'];
      if (first) html.push('<div role="row" class="row-wrap">');
      if ((r + c) % 2) cls.push('alt');
      const goal = g.goalOf(i);
      const words = [name];
      let line = '';
      if (g.holes.has(i)) { cls.push('hole'); words.push('hole'); }
      else if (g.rank) {
        // A goal rank: a line along the board's edge, over the start shading (backrank starts
        // on the rank the other side aims for).
        if (g.tri.r.includes(i)) { cls.push('tri-red'); words.push('Red start'); }
        else if (g.tri.b.includes(i)) { cls.push('tri-blue'); words.push('Blue start'); }
        if (goal) {
          cls.push(goal === 'r' ? 'goal-rank-red' : 'goal-rank-blue');
          words.push(goal === 'r' ? "Red's goal rank" : "Blue's goal rank");
          line = `<span class="goal-line ${goal === 'r' ? 'red' : 'blue'} ${bottom ? 'at-bottom' : 'at-top'}" aria-hidden="true"></span>`;
          // Its labels move clear of the band.
          cls.push(bottom ? 'band-bottom' : 'band-top');
        }
      } else if (goal === 'b') { cls.push('goal-blue'); words.push("Blue's goal"); }
      else if (goal === 'r') { cls.push('goal-red'); words.push("Red's goal"); }
      else if (g.tri.r.includes(i)) cls.push('tri-red');
      else if (g.tri.b.includes(i)) cls.push('tri-blue');
      const cube = cubeOf(pieces[i]);
      if (cube) cls.push('has-cube');
      cls.push(...get(d.cls, name));
      let inner = line;
      if (g.holes.has(i)) inner += '<span class="hole-mark" aria-hidden="true"></span>';
      if (first) inner += `<span class="coord rank" aria-hidden="true">${g.rows - r}</span>`;
      if (bottom) inner += `<span class="coord file" aria-hidden="true">${g.files[c]}</span>`;
      if (cube) {
        const cc = ['cube', cube.side, ...get(d.cubeCls, name)];
        if (cube.label.length > 1) cc.push('wide');
        const label = cube.label.replace(/[^0-9A-Za-z]/g, '');
        inner += `<div class="${cc.join(' ')}" aria-hidden="true">${label}</div>`;
        words.push(`${cube.side} ${label}`);
      } else words.push('empty');
      words.push(...get(d.words, name));
      inner += get(d.badges, name).join('');
      const tab = d.focus === undefined ? '' : ` tabindex="${i === d.focus ? 0 : -1}"`;
      const sel = d.selected === name ? ' aria-selected="true"' : '';
      html.push(`<div id="sq-${name}" class="${cls.join(' ')}" data-i="${i}" role="gridcell"${tab}${sel}><span class="sr-only">${words.join(', ')}</span>${inner}</div>`);
      if (flip ? c === 0 : c === g.cols - 1) html.push('</div>');
    }
    const text = html.join('');
    const rebuilt = last.get(el) !== text;
    if (rebuilt) {
      el.style.setProperty('--rows', g.rows);
      el.style.setProperty('--cols', g.cols);
      el.innerHTML = text;
      last.set(el, text);
    }
    // The arrows are a layer of their own, redrawn alone: a new arrow (an analysis arriving)
    // never rebuilds the squares, so a click aimed at one is never lost.
    const svg = arrows(g, d.arrows, flip);
    let layer = el.querySelector(':scope > .arrows-layer');
    if (!layer) {
      layer = document.createElement('div');
      layer.className = 'arrows-layer';
      layer.setAttribute('aria-hidden', 'true');
      el.appendChild(layer);
    }
    if (layer.dataset.svg !== svg) { layer.innerHTML = svg; layer.dataset.svg = svg; }
    return rebuilt;
  }

  return { geometry, draw, cubeOf };
})();
