// The rules of the variants in words (loaded after panel.js): the picker's labels, "How to
// play", the form that follows the picked variant and the typed-dice buttons.

// A variant's dice in words.
function diceWords(v) {
  if (!v.has_dice) return 'no dice';
  const m = /^(\d*)d(\d+)$/.exec(v.dice || '');
  if (m && m[1] === '2') return `two dice (sum ${v.outcome_range.replace('..', '–')})`;
  return `a die of ${v.outcomes.length} faces (${v.outcome_range.replace('..', '–')})`;
}

// What sets a variant apart from the standard game, in a few words each.
function variantTraits(v) {
  const t = [];
  if (v.goal === 'rank') t.push('goal: the far rank');
  if (v.moves === 'forward') t.push('moves straight or diagonally forward');
  if (v.holes.length) t.push(`${v.holes.length > 1 ? 'holes' : 'a hole'} on ${v.holes.join(' ')}`);
  if (v.has_dice && v.substitute === 'pass') t.push("a missing cube's number passes");
  if (!v.own_capture) t.push('no taking of own cubes');
  if (!v.has_dice) t.push('any cube each turn');
  return t;
}

// A variant as the picker lists it: its name, board, cubes, dice and what else it changes.
function variantLabel(v) {
  const dice = v.has_dice ? (v.dice === '2d6' ? `2 dice ${v.outcome_range}` : `die ${v.outcome_range}`) : 'no dice';
  const extra = variantTraits(v).filter((x) => x !== 'any cube each turn');
  return `${v.name}: ${v.rows}x${v.cols}, ${v.cubes.length} cubes, ${dice}${extra.length ? ', ' + extra.join(', ') : ''}`;
}

// Whether a side can be left with no legal move in a variant: a missing cube's number that
// passes, cubes that never take their own (a cube boxed in by its own), or forward steps towards
// a corner goal (a cube on the far rank). In the standard game every turn has a move.
const mayPass = (v) => v.substitute === 'pass' || !v.own_capture || (v.moves === 'forward' && v.goal !== 'rank');

// The rules of a variant, from its definition, for "How to play"; `first` is the side the game
// on the board (or the one being set up) starts with.
function rulesHtml(v, first) {
  const g = EwnBoard.geometry({ rows: v.rows, cols: v.cols });
  const redGoal = v.goal === 'rank' ? 'rank 1' : g.name(g.n - 1);
  const blueGoal = v.goal === 'rank' ? `rank ${v.rows}` : g.name(0);
  const p = [];
  const nums = v.cubes.map(cubeNum);
  p.push(`<b>${esc(v.name)}</b>: a ${v.rows}x${v.cols} board, ${v.cubes.length} cubes a side numbered ${nums.join(' ')}` +
    (nums.some((n) => n > 9) ? ` (${nums.filter((n) => n > 9).map((n) => `${n} is ${cubeChar(n)}`).join(', ')} in typed setups)` : '') + '. ' +
    `Red starts on ${v.start_red.join(' ')}, Blue on ${v.start_blue.join(' ')} (the shaded squares); ${SIDE_NAME[first || v.first] || 'Red'} moves first.`);
  if (v.has_dice) {
    p.push(`Roll ${diceWords(v)} and move the cube with that number; ` +
      (v.substitute === 'pass' ? 'if that cube is gone, nothing moves and the turn passes (the Pass button).'
        : 'if that cube is gone, move the nearest cube above or below it.'));
    // Rolls with no cube of their own number (7 in 6x6, 4–6 in 4x4) say what they move.
    const spare = v.outcomes.map((o) => o[0]).filter((o) => !nums.includes(o));
    if (spare.length) {
      const list = spare.length > 1 ? `${spare.slice(0, -1).join(', ')} and ${spare[spare.length - 1]}` : String(spare[0]);
      p.push(`No cube is numbered ${list}: ${spare.length > 1 ? 'those rolls' : 'that roll'} ` +
        (v.substitute === 'pass' ? 'pass.' : 'move the nearest cube above or below, as for a cube that is gone.'));
    }
  } else p.push('There are no dice: on every turn move any one of your cubes.');
  p.push(v.moves === 'forward'
    ? 'A cube steps one square forward: Red down, or diagonally down-left or down-right; Blue up, or diagonally up-left or up-right.'
    : "A cube steps one square towards the opponent's corner: Red right, down or diagonally down-right; Blue left, up or diagonally up-left.");
  p.push(v.own_capture
    ? `It takes whatever stands there, even a cube of its own side: that is allowed, and sometimes the best move${ownCaptureWhy(v) ? `: ${ownCaptureWhy(v)}` : ''}. On the page a cube of your own is taken by a second click on it, never by one.`
    : "It takes an opponent's cube standing there; it never steps onto its own cubes.");
  if (v.holes.length) p.push(`A cube that steps onto the hole${v.holes.length > 1 ? 's' : ''} (${v.holes.join(' ')}, drawn dark) falls in and is gone.`);
  p.push(`Win by reaching ${v.goal === 'rank' ? 'the far rank' : "the opponent's corner"} (Red ${redGoal}, Blue ${blueGoal}) or by taking all the opponent's cubes.${mayPass(v) ? ' A side with no legal move passes.' : ''}`);
  return p.map((x) => `<p>${x}</p>`).join('');
}

function rulesShort(v) {
  const goal = v.goal === 'rank' ? 'reach the far rank' : 'reach the far corner';
  const turn = v.has_dice ? 'roll, move that cube' : 'move any cube';
  const extra = variantTraits(v).filter((x) => !x.startsWith('goal') && x !== 'any cube each turn');
  return `${v.name}: ${turn}, ${goal} or take every cube${extra.length ? '; ' + extra.join('; ') : ''}`;
}

function drawRules(v, first) {
  const key = `${v.name} ${first}`;
  const el = $('rules');
  if (el.dataset.variant === key) return;
  el.dataset.variant = key;
  $('rules-short').textContent = rulesShort(v);
  $('rules-variant').textContent = S && v.name !== S.default_variant ? v.name : '';
  // One line, never cut mid-word: the variant's name alone when the summary does not fit; when
  // even that is cut (a phone, beside the analysis switch), "Rules" for "How to play", so that
  // the line stays one and the board is where it is in every variant (two lines moved it 18 px
  // down); only a name too long for that takes two lines, whole.
  const sum = el.querySelector('summary');
  el.classList.remove('wrap');
  sum.title = `How to play ${v.name}`;
  $('rules-title').textContent = 'How to play';
  // A phone shows no summary: one wording for every variant, "Rules · blackhole" (it read
  // "Rules blackhole" for one and "How to play 6x6" for another), the whole in its title.
  const phone = getComputedStyle($('rules-short')).display === 'none';
  if (phone) $('rules-variant').textContent = `· ${v.name}`;
  if (phone) $('rules-title').textContent = 'Rules';
  if (!phone && sum.scrollWidth > sum.clientWidth + 1) $('rules-short').textContent = `${v.name} (open for the rules)`;
  if (!phone && sum.scrollWidth > sum.clientWidth + 1) $('rules-short').textContent = v.name;
  if (sum.scrollWidth > sum.clientWidth + 1) $('rules-title').textContent = 'Rules';
  if (sum.scrollWidth > sum.clientWidth + 1) el.classList.add('wrap');
  $('rules-text').innerHTML = rulesHtml(v, first);
}

// The opened rules on a wide screen: right under their own line, as wide as the board under it,
// over the board (beside the board, under the turn's buttons, they opened at 574-1133 x 398-645
// while their line was at 16-348 x 58-86: far from what opened them). Fixed, they move nothing;
// the turn's buttons and the step buttons beside the board stay in view and usable. On a phone
// app.css makes them a sheet over the screen's lower part.
function placeRules() {
  const el = $('rules');
  if (el.open) $('rules-shut').textContent = innerWidth <= 900 ? '· tap to close' : '· click here or Escape to close';
  if (el.open && innerWidth <= 900) placeRulesSheet();
  if (!el.open || innerWidth <= 900) return;
  const box = el.getBoundingClientRect(), b = $('board').getBoundingClientRect();
  const top = Math.max(8, Math.round(box.bottom) + 4);
  const width = Math.min(Math.max(b.right - box.left, 420), 560, innerWidth - box.left - 16);
  el.style.setProperty('--rules-left', `${Math.round(Math.max(8, box.left))}px`);
  el.style.setProperty('--rules-width', `${Math.round(width)}px`);
  el.style.setProperty('--rules-top', `${top}px`);
}

// On a phone the sheet takes the screen's tallest band clear of Roll and the step buttons (over
// the screen's lower part it covered both, at 588 and 682 px of 844).
function placeRulesSheet() {
  const keep = ['roll', 'nav-first', 'nav-back', 'nav-fwd', 'nav-last'].map((id) => $(id))
    .filter((e) => e.offsetParent !== null).map((e) => e.getBoundingClientRect())
    .filter((r) => r.bottom > 0 && r.top < innerHeight).sort((a, b) => a.top - b.top);
  // Over the screen's lower part, as before, where that covers neither.
  const el = $('rules');
  for (const v of ['--rules-top', '--rules-bottom', '--rules-max']) el.style.removeProperty(v);
  if (!keep.some((r) => r.bottom > innerHeight * 0.38 - 8)) return;
  // Under the rules' own line (which says how to close them) when it is on the screen.
  const line = $('rules-summary').getBoundingClientRect();
  let y = line.bottom > 0 ? Math.max(8, line.bottom + 4) : 8, best = [y, innerHeight - 8];
  best.h = -1;
  for (const r of [...keep, { top: innerHeight - 2, bottom: innerHeight }]) {
    const h = r.top - 6 - y;
    if (h > best.h) { best = [y, r.top - 6]; best.h = h; }
    y = Math.max(y, r.bottom + 6);
  }
  // As tall as their text within that band, from its top under their line (filling the band
  // they covered the board with 108 px of it empty).
  el.style.setProperty('--rules-top', `${Math.round(best[0])}px`);
  el.style.setProperty('--rules-bottom', 'auto');
  el.style.setProperty('--rules-max', `${Math.round(best[1] - best[0])}px`);
}

// Close, and Escape wherever the focus is, shut the rules; the focus goes back to their line.
function closeRules() {
  $('rules').open = false;
  $('rules-summary').focus({ preventScroll: true });
}
function wireRules() {
  $('rules-summary').addEventListener('click', () => requestAnimationFrame(placeRules));
  $('rules').addEventListener('toggle', placeRules);
  window.addEventListener('resize', placeRules);
  window.addEventListener('scroll', () => $('rules').open && placeRules(), { passive: true });
  $('rules-close').addEventListener('click', closeRules);
  document.addEventListener('keydown', (ev) => {
    if (ev.key !== 'Escape' || !$('rules').open) return;
    closeRules();
    ev.preventDefault();
    ev.stopImmediatePropagation();
  }, true);
}

// The form follows the picked variant: its setups' hint, and engine setups only in the standard
// game.
function variantPicked() {
  const v = formVariant();
  if (!v) return;
  $('ng-variant-about').textContent = `${variantLabel(v)}. Kept from the last game: the players, levels and ms a move.`;
  for (const side of ['r', 'b']) {
    const f = setupField(side);
    const squares = side === 'r' ? v.start_red : v.start_blue;
    f.title = `${v.cubes.length} cubes of ${v.cubes.join('')} in some order (on ${squares.join(' ')}), random` + (v.standard ? ' or engine' : '');
    if (!v.standard && f.value.trim() === 'engine') f.value = 'random';
    if (f.value.trim() !== 'random' && f.value.trim() !== 'engine' && !readSetup(v, f.value)) f.value = 'random';
  }
  // Short enough for a phone's field (the example string was cut at 390 px wide): the example
  // is in its tooltip.
  $('ng-position').placeholder = v.standard ? 'optional: a copied position' : `optional: a ${v.name} position`;
  $('ng-position').title = 'optional: a position string, as Copy position gives' +
    (v.standard ? ', e.g. R1R2R32/R4R53/R63B6/3B5B4/2B3B2B1 r' : '');
  if (setupMode) enterSetupMode();
}

// The typed-dice buttons of the game's variant (none without dice).
function drawTypedDice(s) {
  const faces = s.variant.outcomes.map((o) => o[0]).join(',');
  const box = $('typed-dice');
  if (box.dataset.faces === faces) return;
  box.dataset.faces = faces;
  box.innerHTML = s.variant.outcomes.map((o) => `<button type="button" data-die="${o[0]}">${o[0]}</button>`).join('');
}
