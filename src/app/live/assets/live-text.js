// The live page's words (loaded before live.js, which draws the page): times, win chances,
// moves and results as the page says them, names fitted to their line, and the match report's
// text turned into HTML. Pure functions of their arguments (`fitNames` and `fitApart` alone
// measure the elements they are given, `reveal` scrolls to the one it is given); nothing here
// reads the view, and the only state kept is the players' names (`players`, filled by the page).
'use strict';

window.EwnLiveText = (() => {
  const esc = (s) => String(s).replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
  const clock = (ms) => {
    const s = Math.max(0, ms) / 1000;
    return s >= 60 ? `${Math.floor(s / 60)}:${String(Math.floor(s % 60)).padStart(2, '0')}` : `${s.toFixed(1)} s`;
  };
  // A time a move is given as set, never rounded down (`--movetime 150` is 0.15 s, not 0.1 s).
  const moveTime = (ms) => (ms >= 60000 ? clock(ms) : `${Number((Math.max(0, ms) / 1000).toFixed(3))} s`);
  const chance = (p) => (p === null || p === undefined ? '' : `${Math.round(100 * p)}%`);
  const SIDE = { r: 'Red', b: 'Blue' };
  const plural = (n, one, many) => `${n} ${n === 1 ? one : many}`;
  // Names cut to fit their line, letter by letter, each ending in "…" (whole in its title): the
  // longest as shown is cut first, so that each name keeps its share and a short one stays
  // whole ("Grandmaster_Deluxe_Edi…" once hid its opponent). Cut in the text, not by the box's
  // ellipsis, which left a gap before a bracket ("Grandmaster_… )"). `els` hold the names.
  // A line over by a pixel is over: the box's own ellipsis cut it there ("Grandmaster_De… –
  // gree…" on a final board, 232 px of names in 231).
  // A name cut to `k` letters and "…", told apart from every other player's (`players`, the
  // page fills it): at its end ("Grandmaster_Al…") where no other name begins so, else in its
  // middle with the end that differs ("Univ_Leid…Team_B": two players on one card both read
  // "Univ_Leiden_Tea…"). A form names a player alone when no other name begins with its head and
  // ends with its tail, so two players never read alike.
  const players = new Set();
  function cutName(full, k) {
    if (k >= full.length) return full;
    const others = [...players].filter((n) => n !== full);
    const clash = (head, tail) => others.some((n) => n.length >= head.length + tail.length && n.startsWith(head) && n.endsWith(tail));
    if (!clash(full.slice(0, k), '')) return `${full.slice(0, k)}…`;
    const tails = [...Array(Math.max(0, k - 1)).keys()].map((t) => t + 1).sort((a, b) => Math.abs(a - 0.45 * k) - Math.abs(b - 0.45 * k));
    const t = tails.find((n) => !clash(full.slice(0, k - n), full.slice(-n)));
    return t ? `${full.slice(0, k - t)}…${full.slice(-t)}` : `${full.slice(0, k)}…`;
  }
  // A name cut to `k` letters in its middle, its start and its end kept ("Grandm…Alpha"): both
  // ends tell apart names that begin alike.
  function midCut(full, k) {
    if (k >= full.length) return full;
    const tail = Math.floor(k / 2);
    return `${full.slice(0, k - tail)}…${full.slice(full.length - tail)}`;
  }
  // A name whole in its box (`el` in `box`), else cut by `cutName` to the most letters that fit
  // (never by the box's ellipsis, which cut alike what began alike); the whole name in its title.
  // (Each fit remembered by the name and its box's width: the cards are drawn again on every view.)
  // With `smallest` (px), a smaller type first, a pixel at a time, where the name is then whole
  // (a card alone cut "Magdalena_Kowalcz…" at 20 px in a column of 270 px it fits at 15 px).
  // Whole means not a pixel over: the box's ellipsis cuts at any overflow ("Alexandrina_Longna…"
  // at 19 px, 271 px in a box of 270, was taken for whole).
  const fitted = new Map();
  function fitApart(box, el, full, smallest) {
    el.textContent = full;
    el.style.fontSize = '';
    box.style.textOverflow = '';
    if (!box.isConnected || box.scrollWidth <= box.clientWidth) return;
    const size = parseFloat(getComputedStyle(el).fontSize);
    for (let px = size - 1; smallest && px >= smallest && box.scrollWidth > box.clientWidth; px -= 1) el.style.fontSize = `${px}px`;
    // (Where it is still too long, cut in that smaller type: more of it shown.)
    if (box.scrollWidth <= box.clientWidth) return;
    const key = `${full}|${box.clientWidth}|${players.size}|${el.style.fontSize}`;
    if (fitted.has(key)) el.textContent = fitted.get(key);
    else {
      for (let k = full.length - 1; k >= 3; k -= 1) {
        el.textContent = cutName(full, k);
        if (box.scrollWidth <= box.clientWidth) break;
      }
      if (fitted.size > 500) fitted.clear();
      fitted.set(key, el.textContent);
    }
    el.title = full;
    box.style.textOverflow = 'clip';
  }
  function fitNames(line, els) {
    if (!line.isConnected || !line.clientWidth) return;
    const full = els.map((el) => el.textContent);
    const len = full.map((n) => n.length);
    const over = () => line.scrollWidth > line.clientWidth || els.some((el) => el.scrollWidth > el.clientWidth + 1);
    for (let guard = 0; guard < 200 && over(); guard += 1) {
      let i = 0;
      for (let j = 1; j < els.length; j += 1) if (len[j] > len[i]) i = j;
      if (len[i] <= 3) break;
      len[i] -= 1;
      els[i].textContent = cutName(full[i], len[i] - 1);
      els[i].title = full[i];
    }
    // A name cut here has its own "…" (at its end, or in its middle where another name begins
    // alike): its box's ellipsis, for a pixel over, hid that and a letter more and left a gap
    // before what follows ("Alexandra_Kowal…  ) won"), and cut "U…B" to "U…", its start alone.
    for (const el of els) el.style.textOverflow = el.textContent.includes('…') ? 'clip' : '';
  }
  // Players that do not fit are counted, never cut mid-name ("Grandmaster_Alpha,
  // GreedyBaselinePlayer, Ran…" read as if the list stopped there): "A, B and 2 more", or
  // "4 players" where even one name leaves no room. Again on the final screen, whose status
  // takes more of the line (the title fitted while the match ran was cut there to
  // "standard · Grandmaster_Alpha a…"). Says whether the title then fits.
  // Fitted again whenever the bar's width changes (a scroll bar come with the final screen left
  // a title fitted before cut a second time by the box's ellipsis: "7x7 · Univer…l_EWN,
  // KTH_St…lm_…").
  // The same for the title's own box, which the final screen's status line sizes.
  let titleArgs = null, titleKey = null;
  const titleBoxes = (el) => `${el.parentElement.parentElement.clientWidth}|${el.parentElement.clientWidth}`;
  function fitTitle(el, named, title) {
    const fits = fitTitleNow(el, named, title);
    titleArgs = [el, named, title];
    if (titleKey === null && window.ResizeObserver) {
      const again = () => {
        if (titleArgs && titleBoxes(titleArgs[0]) !== titleKey) fitTitle(...titleArgs);
      };
      new ResizeObserver(again).observe(el.parentElement.parentElement);
      new ResizeObserver(again).observe(el.parentElement);
    }
    titleKey = titleBoxes(el);
    return fits;
  }
  function fitTitleNow(el, named, title) {
    el.textContent = named + (title || 'match');
    const h1 = el.parentElement;
    // A phone's title is one line, two where two players' names cannot keep eight letters each
    // on one (a phone read "Greedy…_Na…" and "Gran…_v2").
    h1.classList.remove('two-lines');
    h1.title = `Live: ${el.textContent}`;
    const players = (title || '').split(', ');
    const over = () => h1.scrollWidth > h1.clientWidth + 1 || h1.scrollHeight > h1.clientHeight + 1;
    // Two players: both named, the longer cut in its middle first where they do not fit (the
    // box's ellipsis left the first alone: "standard · Grandmaster_Alpha_Centauri, Gree…"),
    // each keeping 8 letters at the least ("Gran…_v2" kept 7).
    if (players.length === 2) {
      const len = players.map((p) => p.length);
      const cut = () => {
        for (let guard = 0; guard < 100 && over(); guard += 1) {
          const i = len[0] >= len[1] ? 0 : 1;
          if (len[i] <= 8) break;
          len[i] -= 1;
          el.textContent = named + players.map((p, j) => midCut(p, len[j])).join(', ');
        }
      };
      cut();
      if (over() && window.innerWidth <= 700) {
        h1.classList.add('two-lines');
        players.forEach((p, j) => { len[j] = p.length; });
        el.textContent = named + title;
        cut();
      }
    }
    for (let k = players.length - 1; k >= 0 && players.length > 2 && over(); k -= 1) {
      el.textContent = named + (k ? `${players.slice(0, k).join(', ')} and ${players.length - k} more` : `${players.length} players`);
    }
    return !over();
  }
  // The status `line`'s news: each of its `forms` (longest first) in larger type on a line of
  // its own below the counts (`sep`, live.css `news-big`: at 14 px, run on after the counts, an
  // end wrapped and was hard to read), else run on after the counts (still larger than they),
  // on two lines where it needs them. A `wide` screen tries every form on its own line first,
  // the shorter words rather than a smaller type: two ends with names of 17 and 20 letters ran
  // on in 15 px over two lines (16 px in a hall) where their short form fitted one line at 18.
  function fitNews(line, sep, forms, wide) {
    const fits = () => line.scrollWidth <= line.clientWidth && line.scrollHeight <= line.clientHeight + 1;
    const big = (words) => {
      line.classList.add('news-big');
      line.innerHTML = `<span class="counts">${esc(sep.slice(0, -3))}</span><span class="sep"> · </span><span class="news">${esc(words)}</span>`;
      const n = line.querySelector('.news');
      return fits() && n.scrollWidth <= n.clientWidth + 1;
    };
    const run = (words) => {
      line.classList.remove('news-big');
      line.innerHTML = `<span class="run">${esc(sep)}<span class="news">${esc(words)}</span></span>`;
      return fits();
    };
    if (wide) {
      if (!forms.some(big)) forms.some(run);
    } else for (const words of forms) if (big(words) || run(words)) break;
  }
  // A result beside a board in the room its line keeps (two lines): the winner's name whole,
  // wrapped between its words, and cut in its middle (both ends kept) only where it does not fit
  // there (three games at once, cards of 423 px, said "Grandma… won" on one line, a line below
  // empty). Says whether the name is whole. (A line with no room kept below: fitted to one line.)
  function fitFlow(roll) {
    const n = roll.querySelector('.res-name');
    if (!n || !roll.isConnected || !roll.clientWidth) return true;
    const full = n.title;
    n.innerHTML = breakable(full);
    // "won (capture)" kept on one line where the line holds it, else wrapped after "won": kept
    // whole in a column of 103 px, it ran 16 px past it ("alice won (capt").
    roll.classList.remove('loose');
    if (roll.scrollWidth > roll.clientWidth) roll.classList.add('loose');
    const style = getComputedStyle(roll);
    const room = parseFloat(style.minHeight) + 1;
    const twoLines = room >= 2 * parseFloat(style.lineHeight);
    // (Too wide counts as well as too tall: the line's box cuts either.)
    const over = () => roll.scrollWidth > roll.clientWidth ||
      (twoLines ? roll.scrollHeight > room : roll.scrollHeight > roll.clientHeight + 1);
    if (!over()) return true;
    for (let k = full.length - 1; k >= 4 && over(); k -= 1) n.textContent = midCut(full, k);
    return false;
  }

  // An opened move list (`row`, in the side panel) whole in view, its end shown, its start too
  // where it fits: opened on the last row it was cut by the panel's bottom edge, and rows of
  // new games above pushed it down again. On a wide screen inside the panel's own scroll (never
  // the page, which would move the boards); on a phone, where the panel is the page, the page.
  function reveal(row) {
    const r = row.getBoundingClientRect();
    if (!r.height) return;
    const panel = row.closest('.side-panel');
    // (On a wide final screen the panel is no box of its own, its tables in the page's grid.)
    const own = getComputedStyle(panel).display !== 'contents';
    const scrolls = window.innerWidth >= 700 && own && panel.scrollHeight > panel.clientHeight;
    const p = scrolls ? panel.getBoundingClientRect() : { top: 0, bottom: window.innerHeight };
    const by = Math.min(r.bottom - p.bottom + 8, r.top - p.top - 40);
    if (r.bottom > p.bottom && by > 0) {
      if (scrolls) panel.scrollTop += by; else if (window.innerWidth < 700 || !own || document.body.classList.contains('hall')) window.scrollBy(0, by);
    }
  }
  // What the reader looks at in the side panel stays still while its tables are drawn again:
  // the first of its pieces in view (an opened move list first), by its place on the screen.
  // With the report open in the panel, a new game's row scrolled the panel up by 154 px. Returns
  // the function that puts it back where it was, called once the tables are drawn.
  // `ownOnly`: held only where the panel scrolls on its own (never the page's scroll).
  function holdPanel(ownOnly = false) {
    const panel = document.querySelector('.side-panel');
    const own = getComputedStyle(panel).display !== 'contents';
    const scrolls = window.innerWidth >= 700 && own && panel.scrollHeight > panel.clientHeight;
    if (ownOnly && !scrolls) return () => {};
    // A page at its top stays there (a phone's page is its panel): held by the first piece in
    // view, a one-game match opened 36 px down, its title out of sight.
    if (!scrolls && window.scrollY < 1) return () => {};
    const view = scrolls ? panel.getBoundingClientRect() : { top: 0, bottom: window.innerHeight };
    // The report's pieces are drawn anew with each new text: found again by their place in it.
    // An open report's pieces before the standings' rows above it: held by a row, the report
    // moved 53 px when the rows refit to one line each (four long names).
    const pieces = () => [...panel.querySelectorAll('#finished tr.movesrow:not([hidden]), #report[open] #standings > *'),
      ...panel.querySelectorAll('h2, #table tr, #report > summary, #report-close, #standings > *, #finished tr')];
    const seen = (el) => { const r = el.getBoundingClientRect(); return r.height > 0 && r.bottom > view.top + 1 && r.top < view.bottom - 1; };
    const at = pieces().find(seen);
    if (!at) return () => {};
    const report = [...document.getElementById('standings').children].indexOf(at);
    const top = at.getBoundingClientRect().top;
    return () => {
      const now = report >= 0 ? document.getElementById('standings').children[report] : at;
      if (!now || !now.isConnected) return;
      const by = now.getBoundingClientRect().top - top;
      if (Math.abs(by) < 1) return;
      if (scrolls) panel.scrollTop += by; else window.scrollBy(0, by);
    };
  }
  // A cube as the view names it (`R5`) in words.
  const cubeWords = (c) => `${c[0] === 'R' ? 'Red' : 'Blue'} ${c.slice(1)}`;
  // A move as the view sends it (`4:a5b4`, or `a5b4` without dice) in words for the page, with
  // its number in the game: "12. a5b4 (die 4)". "N." is always a move's number and the die is
  // always said as such ("4: a5b4", the die first, read as a move's number beside a narrow
  // card's "move 10:").
  const moveText = (m, i, dice) => `${i + 1}. ${lastWords(m, dice)}`;

  // The last move in words: `d6c6 (die 5)`, so that the die is not read as a count of moves;
  // `(dice 8)` where two dice are summed (`dice` is the variant's, e.g. "2d6").
  const lastWords = (m, dice) => {
    const [d, mv] = m.includes(':') ? m.split(':') : [null, m];
    const name = mv === '0000' || mv === 'pass' ? 'pass' : mv;
    return d === null ? name : `${name} (${/^2d/.test(dice || '') ? 'dice' : 'die'} ${d})`;
  };


  // A name with its places to wrap, where the standings, the finished games and the report's
  // tables wrap it rather than cut it: after an underscore and between a word's end and the next
  // capital ("Grandmaster_ Alpha", "MonteCarlo TreeSearch").
  const breakable = (name) => esc(name).replace(/_/g, '_<wbr>').replace(/([a-z])([A-Z])/g, '$1<wbr>$2');

  // A name as its words, each kept whole with its underscore, the line breaking only between
  // them (after an underscore, a hyphen, a space, or between a word's end and the next capital), its
  // underscore kept with the letter before it ("Bartholomew" / "_" / "Grandmaster" put it alone
  // on a line). `fitWordsIn` makes a word fit its cell.
  // A hyphen ends a word as an underscore does ("Universität-" / "Hamburg-").
  const tail = (w) => (/[_-]$/.test(w) && w.length > 2 ? `${esc(w.slice(0, -2))}<span class="tail">${esc(w.slice(-2))}</span>` : esc(w));
  const nameWords = (name) => name.split(/(?<=[_ -])|(?<=[a-z])(?=[A-Z])/).map((w) => `<span class="word">${tail(w)}</span>`).join('<wbr>');
  // Each word (`.word` in `cell`) wider than the cell's room cut in its middle to fit, with an
  // ellipsis ("Oberlan…ichtsrat"), the whole name in the cell's title: a word broken where it
  // must read as two ("Oberlandesgeri" / "chtsrat", "Papadopo" / "ulos").
  function fitWordsIn(cell, room) {
    for (const w of cell.querySelectorAll('.word')) {
      const full = w.dataset.full || w.textContent;
      if (w.dataset.full) w.innerHTML = tail(full);
      if (w.getBoundingClientRect().width <= room + 0.5) continue;
      w.dataset.full = full;
      for (let k = full.length - 1; k >= 3; k -= 1) {
        const head = Math.ceil(k / 2);
        w.textContent = `${full.slice(0, head)}…${full.slice(full.length - (k - head))}`;
        if (w.getBoundingClientRect().width <= room + 0.5) break;
      }
    }
  }

  // In the tables (standings, finished games, the report) a name is never cut: each word
  // (`.word` in `cell`) wider than the cell's room alone is marked `wide` and breaks between
  // its letters (live.css), the others stay whole ("Supercalifra…ciousengine" was cut in the
  // standings, "Supe…ine" in the finished games).
  function wrapWordsIn(cell, room) {
    for (const w of cell.querySelectorAll('.word')) {
      if (w.dataset.full) {
        w.innerHTML = tail(w.dataset.full);
        delete w.dataset.full;
      }
      w.classList.remove('wide');
      if (w.getBoundingClientRect().width > room + 0.5) w.classList.add('wide');
    }
  }

  // The report as the text output prints it, its lines wrapped to its box (a hall screen cannot
  // scroll sideways: in the side panel lines were cut and the crosstable showed one column), its
  // two tables as tables: the ratings, and the crosstable with the players as numbered rows and
  // the columns by their numbers (each column's player in its title), so that a round robin's
  // every result is read in a narrow box.
  function reportHtml(text) {
    const lines = text.replace(/\n$/, '').split('\n');
    const out = [];
    let plain = [];
    const flush = () => {
      if (plain.length) out.push(`<pre class="report-text">${esc(plain.join('\n'))}</pre>`);
      plain = [];
    };
    // The block of indented lines after line `at`.
    const block = (at) => {
      let end = at + 1;
      while (end < lines.length && lines[end].startsWith('  ')) end += 1;
      return end;
    };
    for (let i = 0; i < lines.length; i += 1) {
      const l = lines[i];
      if (l.startsWith('Crosstable (') && i + 1 < lines.length) {
        const end = block(i);
        const head = lines[i + 1];
        // The heading starts with the names column's room and two spaces; each cell is one word.
        const room = head.length - head.trimStart().length - 2;
        const rows = lines.slice(i + 2, end).map((r) => ({ name: r.slice(0, room).trim(), cells: r.slice(room).trim().split(/\s+/) }));
        if (room > 0 && rows.length && rows.every((r) => r.name && r.cells.length === rows.length)) {
          plain.push(l);
          flush();
          const num = rows.map((r, k) => `<th scope="col" title="${esc(r.name)}"><abbr title="${esc(r.name)}">${k + 1}</abbr></th>`).join('');
          const body = rows.map((r, k) => `<tr><th scope="row" title="${esc(r.name)}"><span class="n">${k + 1}</span> ${nameWords(r.name)}</th>` +
            r.cells.map((c, j) => `<td${j === k ? ' class="self"' : ''}>${esc(c)}</td>`).join('') + '</tr>').join('');
          out.push(`<table class="xt"><thead><tr><th scope="col"><span class="sr-only">player</span></th>${num}</tr></thead><tbody>${body}</tbody></table>`);
          i = end - 1;
          continue;
        }
      }
      if (l.startsWith('Ratings (') && i + 1 < lines.length) {
        const end = block(i);
        const rowRe = /^\s*(\d+)\s{2}(.+?)\s+(\S+)\s+(\S+)\s+(\S+)\s+(\S+)$/;
        const rows = lines.slice(i + 2, end).map((r) => rowRe.exec(r));
        if (rows.length && rows.every(Boolean)) {
          plain.push(l);
          flush();
          const heads = ['#', 'player', 'rating', '95%', 'games', 'score'];
          out.push(`<table class="rt"><thead><tr>${heads.map((h) => `<th scope="col">${h}</th>`).join('')}</tr></thead><tbody>` +
            rows.map((m) => `<tr><td>${esc(m[1])}</td><th scope="row" title="${esc(m[2])}">${nameWords(m[2])}</th>` +
              [3, 4, 5, 6].map((k) => `<td>${esc(m[k])}</td>`).join('') + '</tr>').join('') + '</tbody></table>');
          i = end - 1;
          continue;
        }
      }
      plain.push(l);
    }
    flush();
    return out.join('');
  }

  // How a game ended in words, with the referee's word on a fault, which names the side that
  // lost by it: "Blue won (time): Red: no bestmove within 300 ms; engine killed".
  // One form with the cards': "Red (ewn) won (capture)".
  const endWords = (f, detail = true) => (f.winner ? `${SIDE[f.winner]} (${winnerName(f)}) won (${f.reason})` : `no winner (${f.reason})`) +
    (detail && f.detail ? `: ${sentence(f.detail)}` : '');
  // Game numbers in order as runs: [5, 6, 7, 8, 10] is "5–8 and 10".
  const numberRuns = (nums) => {
    const runs = [];
    for (const n of nums) {
      const r = runs[runs.length - 1];
      if (r && n === r[1] + 1) r[1] = n; else runs.push([n, n]);
    }
    const words = runs.flatMap(([a, b]) => (b - a >= 2 ? [`${a}–${b}`] : a === b ? [`${a}`] : [`${a}`, `${b}`]));
    return words.length > 1 ? `${words.slice(0, -1).join(', ')} and ${words[words.length - 1]}` : words[0];
  };
  const winnerName = (f) => (f.winner === 'r' ? f.red : f.blue);
  // Several games' ends by winner, each winner once with the games it won, in order of their
  // first game, each number said to be a game's (a bare "greedy 2; ewn 1" read as a score):
  // "ewn won games 1, 3 and 7; mcts won game 2; no winner in game 5"; `brief`, where that is
  // too long for its line: "games 1, 3, 7 ewn; game 2 mcts; game 5 no winner". `short` shortens a
  // name said (each winner grouped by its whole name).
  const winnersByName = (ends, brief = false, short = (who) => who) => {
    const by = new Map();
    for (const f of [...ends].sort((a, b) => a.number - b.number)) {
      const who = f.winner ? winnerName(f) : '';
      if (!by.has(who)) by.set(who, []);
      by.get(who).push(f.number);
    }
    const games = (ns) => `${ns.length > 1 ? 'games' : 'game'} ` +
      (ns.length > 1 && !brief ? `${ns.slice(0, -1).join(', ')} and ${ns[ns.length - 1]}` : ns.join(', '));
    return [...by].map(([who, ns]) => (brief ? `${games(ns)} ${short(who) || 'no winner'}` : who ? `${short(who)} won ${games(ns)}` : `no winner in ${games(ns)}`)).join('; ');
  };
  // The shortest: the games alone, their winners on their cards and in the finished games:
  // "games 1–3 and 7 ended".
  const endedRuns = (ends) => `games ${numberRuns(ends.map((f) => f.number).sort((a, b) => a - b))} ended`;
  // The status line's news of games that just ended, longest first, the page taking the first
  // that fits its line (live.js): one game with its result ("game 7 ended: Red (greedy) won
  // (goal)"; on a phone, `narrow`, without the colour), then without the referee's word, the
  // winner's name cut ever shorter; several by winner, always in one form with its verb ("games
  // ended: Bob won games 10 and 13; Ann won game 12"), the names cut ever shorter by `cutName`
  // (a wide screen's line said "games 10, 13 Bob; ..." with no verb, or "also Red won game 25",
  // the winner by colour); at the last the games alone ("games 1–3 and 7 ended"). A name keeps
  // eight letters at the least (a phone read "Grandm… won games 2, 4 and 5").
  const newsForms = (recent, narrow) => {
    const cut = (n) => (who) => (who.length > n ? cutName(who, n - 1) : who);
    const shortNames = (f, n) => ({ ...f, red: cut(n)(f.red || ''), blue: cut(n)(f.blue || '') });
    const shortEnd = (f) => `${f.winner ? `${winnerName(f)} won` : 'no winner'} (${f.reason})`;
    const one = (f) => (narrow ? shortEnd(f) : endWords(f, false));
    const byColour = (f) => (f.winner ? `${SIDE[f.winner]} won (${f.reason})` : `no winner (${f.reason})`);
    if (recent.length === 1) {
      const f = recent[0];
      return [`game ${f.number} ended: ${narrow ? shortEnd(f) : endWords(f)}`,
        ...[99, 12, 9].map((n) => `game ${f.number} ended: ${one(shortNames(f, n))}`), `game ${f.number} ended: ${byColour(f)}`];
    }
    if (!recent.length) return [];
    return [...[99, 16, 12, 9].map((n) => `games ended: ${winnersByName(recent, false, cut(n))}`), endedRuns(recent)];
  };
  // The referee's word as a sentence: records name the side in lower case ("blue: no bestmove
  // within 200 ms"), the page as everywhere else ("Blue: ...").
  const sentence = (d) => (d ? d[0].toUpperCase() + d.slice(1) : '');

  // Whether a card's lines need more than its height: beside four boards the names wrap in
  // 16 px type, and long ones (24-30 letters, 3x3) squeezed a card's heading to 6 px, the red
  // name drawn over it, and ran its last move past its foot; such a card takes the names' 13 px
  // type again (live.js, fitCardNames).
  function spills(card) {
    const foot = card.getBoundingClientRect().bottom + 1, heading = card.querySelector('h3');
    return heading.scrollHeight > heading.clientHeight + 1 ||
      [...card.querySelectorAll('.side, .roll, .moves')].some((e) => e.getBoundingClientRect().bottom > foot);
  }

  // A game won because the loser's last cube fell into a hole is a "capture" to the referee (the
  // loser has no cube left); the page says what happened (live.js, for each view).
  function holeEndings(v) {
    const HOLE = 'into the hole';
    for (const g of v.games || []) if (g.over && g.reason === 'capture' && g.fell) g.reason = HOLE;
    for (const f of v.finished || []) {
      if (f.reason === 'capture' && (f.fell || []).includes(f.moves.length - 1)) f.reason = HOLE;
    }
  }

  return {
    esc, clock, moveTime, chance, SIDE, plural, fitNames, fitApart, cutName, midCut, fitFlow, fitTitle, fitNews, players, cubeWords, moveText, lastWords, reportHtml, endWords, numberRuns, reveal, nameWords, fitWordsIn, wrapWordsIn, winnerName, winnersByName, newsForms, endedRuns, sentence, holdPanel, breakable, spills, holeEndings,
  };
})();
