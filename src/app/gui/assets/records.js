// The records (loaded after rules.js, before controls.js): their games listed, the bar of a
// record's games by the board, loading a game of a record, the record kept with the game and
// saving the board's game.

// The games of a record text, for the picker: `game N` and its players, in file order.
function listGames(text) {
  const games = [];
  let cur = null;
  for (const line of String(text).split('\n')) {
    const w = line.trim().split(/\s+/);
    if (w[0] === 'game' && /^\d+$/.test(w[1] || '')) { cur = { n: w[1], red: '', blue: '', result: '', moves: 0, lines: 0 }; games.push(cur); }
    else if (cur && w[0]) cur.lines += 1;
    if (!cur || w[0] === 'game') continue;
    if (w[0] === 'red' || w[0] === 'blue') cur[w[0]] = w.slice(1).join(' ');
    else if (w[0] === 'move') cur.moves += 1;
    else if (w[0] === 'result') {
      const how = w.slice(2).join(' ');
      cur.result = w[1] === 'r' || w[1] === 'b' ? `${SIDE_NAME[w[1]]} won${how ? ` (${how})` : ''}` : w.slice(1).join(' ');
    }
  }
  // A game line with nothing after it (the end of a text cut short) is no game to pick.
  if (games.length && games[games.length - 1].lines === 0) games.pop();
  const sel = $('record-game');
  const keep = sel.value;
  // Short, so that a whole entry fits the picker: "3. ewn–mcts:3000, Red won (goal), 41 moves".
  // Drawn only when its games change: drawn anew by every load and by the server's answer to
  // it (three times a load), it replaced the options a person (or a test) was choosing from.
  const html = games.map((g, i) => `<option value="${i + 1}">${esc(g.n)}. ${esc(g.red)}–${esc(g.blue)}` +
    `${g.result ? `, ${esc(g.result)}` : ''}, ${g.moves} move${g.moves === 1 ? '' : 's'}</option>`).join('');
  setHtml(sel, html);
  if (keep && Number(keep) <= games.length) sel.value = keep;
  $('record-pick').hidden = games.length < 2;
  return games.length;
}

// The Record card's heading once the record loaded last is no longer on the board: what the
// text below is and what to do with it ("Record file: match.txt (6 games) - pick one to load").
let loadedFileName = null; // the file the record text came from, while the text is the file's
function recordFileTitle() {
  const n = $('record-game').options.length || 1;
  const what = loadedFileName ? `Record file: ${loadedFileName}` : 'Record text';
  return `${what} (${n} game${n === 1 ? '' : 's'}) - ${n > 1 ? 'pick one to load' : 'Load text below to load it again'}`;
}

// A new game started from the form: the Record card no longer holds the record loaded before,
// whose heading ("Record file: five.txt (6 games)") read as the new game's. Its box is emptied,
// unless the person typed in it, and says how this game's record gets there.
function recordForNewGame() {
  const field = $('record-text');
  if (!field.value || (field.value !== lastLoadedText && field.value !== savedText)) return;
  field.value = '';
  savedText = lastLoadedText = loadedFileName = null;
  listGames('');
  $('record-title').textContent = 'Record';
  $('record-said').textContent = 'A new game: Save this game puts its record in the box below.';
  $('record-said').hidden = false;
}

// Whether the record's games show by the board: a game of a loaded record of several is on it.
const recordBarOn = (s) => Boolean(loadedFrom && loadedFrom.count > 1 && s.start === loadedFrom.start &&
  (s.players.red.recorded || s.players.blue.recorded));

// The record's games by the board: which one is shown ("Game 3 of 6"), the previous and next
// ones, and all of them to pick from, while a game of a loaded record of several is on the board
// (the Record card's chooser is far below it).
function drawRecordBar(s) {
  // The Record card's text, once another game has replaced the record's on the board, says it
  // is only the last record loaded.
  const shown = Boolean(loadedFrom && s.start === loadedFrom.start &&
    (s.players.red.recorded || s.players.blue.recorded));
  const stale = !shown && lastLoadedText !== null && $('record-text').value === lastLoadedText;
  const title = stale ? recordFileTitle() : 'Record';
  if ($('record-title').textContent !== title) $('record-title').textContent = title;
  const bar = $('record-bar');
  placeRecordBar(bar);
  const on = recordBarOn(s);
  bar.hidden = !on;
  if (!on) return;
  const n = loadedFrom.count, k = loadedFrom.game;
  // Short, so that it fits between ‹ and › in the column beside the board even with a record of
  // hundreds of games (the bar is the loaded record's, as its label and list say).
  const pos = `Game ${k} of ${n}`;
  if ($('rec-pos').textContent !== pos) {
    $('rec-pos').textContent = pos;
    $('rec-pos').title = `game ${k} of the loaded record's ${n}`;
  }
  const list = $('record-game');
  const pick = $('rec-game');
  if (pick.dataset.text !== loadedFrom.text) {
    pick.dataset.text = loadedFrom.text;
    // Narrower than the Record card's: each entry its players and result, the rest in its title
    // (the column by the board has no room for the whole entry).
    pick.innerHTML = [...list.options].map((o) => `<option value="${o.value}" title="${esc(o.textContent)}">` +
      `${esc(o.textContent.replace(/ \([^)]*\), \d+ moves?$|, \d+ moves?$/, ''))}</option>`).join('');
  }
  if (pick.value !== String(k) && document.activeElement !== pick) pick.value = String(k);
  const picked = pick.options[pick.selectedIndex];
  pick.title = picked ? picked.title || picked.textContent : '';
  $('rec-prev').disabled = k <= 1;
  $('rec-next').disabled = k >= n;
}

// The record's bar in the page's order where it is seen, so that Tab follows the eye: below the
// step buttons, so that the die, Roll and the step row stay in one place whether it shows or
// not (under the end bar it pushed the step row from 246 to 327 px beside the board, 682 to 763
// on a phone, and Pause's Step lay over its ›). The focus stays on its control if it had it.
function placeRecordBar(bar) {
  // Under the side line's way back and the review's link, themselves under the step row.
  const after = $('to-review');
  if (after.nextElementSibling === bar) return;
  const focused = bar.contains(document.activeElement) ? document.activeElement : null;
  after.after(bar);
  if (focused) focused.focus({ preventScroll: true });
}

// Loads game `k` of the record on the board (from the bar by the board).
function loadRecordGame(k) {
  if (!loadedFrom || k < 1 || k > loadedFrom.count) return;
  const text = loadedFrom.text;
  listGames(text);
  $('record-game').value = String(k);
  loadRecord(text);
}

// The record a game was loaded from, and that game as loaded: picking another game of the same
// record replaces nothing of the person's, so it never asks.
let loadedFrom = null;
let lastLoadedText = null; // the text of the record loaded last, kept after another game replaces it
const asLoaded = () => Boolean(S && loadedFrom && S.start === loadedFrom.start &&
  S.plies.length === loadedFrom.plies && !S.main);

// Loads the game picked in the record (the first when it has one game). An unfinished game with
// moves is replaced only when the person says so (as for a link), unless it is another game of
// the record on the board, untouched.
async function loadRecord(text, asked) {
  const many = listGames(text) > 1;
  const game = many ? Number($('record-game').value) || 1 : 1;
  const sameRecord = loadedFrom && loadedFrom.text === text && asLoaded();
  if (!asked && !sameRecord && replacesGame(false)) {
    const entry = $('record-game').options[game - 1];
    askReplace({
      at: 'load-ask-at',
      // The game named as its picker's entry names it ("3. ewn–mcts:3000, Blue won (goal), 41 moves").
      lead: many ? `Load opens game ${game} of the record${entry ? ` (${entry.textContent})` : ''}.` : 'Load opens the record\'s game.',
      yes: 'Load the record',
      onYes: () => loadRecord(text, true),
      onNo: () => say('The game goes on; the record was not loaded.'),
    });
    return null;
  }
  // The New game form then offers the last game started (or the usual one), not the record's.
  formFromRecord = true;
  // The server keeps the record with the game (for every tab); this page has its text.
  loadingText = text;
  const s = await post('/api/record', { text, game }).finally(() => { loadingText = null; });
  if (s) {
    render(S);
    say(many ? `Loaded game ${game} of the record.` : 'Loaded the record.');
    // The field or picker far below keeps no focus (a phone scrolls back to a focused field),
    // and the board comes into view, once now and once the page has settled.
    if ($('newgame').contains(document.activeElement) || document.activeElement.closest('.card')) document.activeElement.blur();
    showBoard();
    // The keyboard goes on from the game (the record's bar by the board keeps its own focus): a
    // finished game's from its next action, the review (else Rematch), not from an empty square.
    if (!document.activeElement || document.activeElement === document.body) {
      const next = ['review-end', 'rematch'].map($).find((b) => b.offsetParent !== null && !b.disabled);
      if (gameOver() && next) next.focus({ preventScroll: true });
      else focusPlay();
    }
    requestAnimationFrame(() => showBoard());
  }
  return s;
}

// A fresh load of a record (a file) opens its first game, as the first time, not the game last
// picked in the same record.
function loadFresh(text) {
  listGames(text);
  $('record-game').value = '1';
  return loadRecord(text);
}

// The record the server keeps with the game (the state's `source`, its text apart): the
// choosers by the board and in the Record card, at the game loaded.
function keepSource(text, src) {
  loadedFrom = { text, start: S ? S.start : null, plies: src.plies, game: src.game, count: src.count, serial: src.serial };
  lastLoadedText = text;
  // A text being typed in the Record card is left alone, and its games with it.
  const field = $('record-text');
  if (field.value !== text && document.activeElement !== field) {
    field.value = text;
    // A message about the box's earlier content ("Saved this game as …") goes with it.
    $('record-said').hidden = true;
  }
  if (field.value === text && listGames(text) > 1) $('record-game').value = String(src.game);
}

// Every tab shows the record the game was loaded from (a load in another tab, a copied address
// opened in a new tab, a reload): its text is asked for once per load.
let sourceAsked = null;
let loadingText = null;
function syncRecord(s) {
  if (!s.source) { loadedFrom = null; return; }
  if (loadedFrom && loadedFrom.serial === s.source.serial) { loadedFrom.start = s.start; return; }
  if (loadingText !== null) { keepSource(loadingText, s.source); loadedFrom.start = s.start; return; }
  if (sourceAsked === s.source.serial) return;
  sourceAsked = s.source.serial;
  api('GET', '/api/source').then((r) => {
    if (!r || typeof r.text !== 'string' || !S || !S.source || S.source.serial !== r.serial) return;
    keepSource(r.text, r);
    loadedFrom.start = S.start;
    drawRecordBar(S);
    orderEndRows(S);
  }).catch(() => { sourceAsked = null; });
}

// The text the page itself put in the Record card's box (a game saved): a record pasted over it
// replaces it rather than being added to it.
let savedText = null;
async function saveRecord() {
  try {
    const r = await api('GET', '/api/record');
    const field = $('record-text');
    field.value = savedText = r.text;
    loadedFileName = null;
    listGames(r.text);
    // Selected, so that a paste or typing replaces it.
    field.setSelectionRange(0, r.text.length);
    const url = URL.createObjectURL(new Blob([r.text], { type: 'text/plain' }));
    const a = document.createElement('a');
    a.href = url;
    a.download = 'ewn-game.txt';
    document.body.appendChild(a);
    a.click();
    a.remove();
    setTimeout(() => URL.revokeObjectURL(url), 1000);
    // Said in the card, under its buttons: as a note over the status line on a phone it was cut
    // to one line and stood over the card's heading.
    $('record-said').textContent = `Saved this game as ${a.download} (in your downloads); its record is also in the box below, where a record pasted replaces it.`;
    $('record-said').hidden = false;
  } catch (e) { flash(e.message); }
}
