// The note by the board (a refused action, something copied, a hint; the server's error or
// notice): what it says, and where it stands so that it covers neither the board nor a control,
// nor, on a phone, the status's words. Drawn by render (panel.js).

// The note by the board: the page's own (a refused action, something copied), else the server's
// error, else its notice. A notice from the server (a record's player a rematch could not keep)
// is information. Both are meant for whoever is in control: a page that only watches is told
// what happened (an engine's fault paused the game), never what to do about it, nor a rematch's
// note. A notice replaced by a newer note or by the person's action is not shown again.
// Whether the note, between `top` and `bottom` in the window, would cover the board, a control
// in view (the whole page's: the New game form's too) or the move list's first line.
function noteBlocks(el) {
  const n = el.getBoundingClientRect(), m = $('moves').getBoundingClientRect();
  const a = document.activeElement;
  const boxes = [...document.querySelectorAll('button, input, select, textarea, a[href], summary'), ...(a && a !== document.body ? [a] : [])]
    .filter((c) => !el.contains(c) && !$('copy-box').contains(c) && c.offsetParent)
    .map((c) => c.getBoundingClientRect())
    .concat([$('board').getBoundingClientRect(), { left: m.left, right: m.right, top: m.top, bottom: m.top + 34, height: m.height }])
    .filter((b) => b.height > 0 && b.bottom > 0 && b.top < innerHeight && b.left < n.right - 1 && n.left < b.right - 1);
  return (top, bottom) => boxes.some((b) => b.top < bottom - 1 && top < b.bottom - 1);
}

// The box of the control in use (the focus), when it is one and outside the note.
function focusBox(el) {
  const a = document.activeElement;
  if (!a || a === document.body || el.contains(a) || !a.offsetParent) return null;
  return a.getBoundingClientRect();
}

// On a phone a note shown as the page scrolls or the focus moves is placed again when it stands
// over the control in use (placed at the status line, it stayed over the New game form's variant
// field scrolled under it).
function noteOffFocus() {
  const el = $('error');
  if (!S || el.hidden || getComputedStyle(el).position !== 'fixed') return;
  const f = focusBox(el), n = el.getBoundingClientRect();
  if (!f || !(f.top < n.bottom - 1 && n.top < f.bottom - 1 && f.left < n.right - 1 && n.left < f.right - 1)) return;
  el.classList.remove('open');
  drawNote(S);
}

function drawNote(s) {
  if (errorGone && s.error !== errorGone) errorGone = null;
  const raw = s.error === errorGone ? null : s.error;
  const serverError = raw && !TOKEN ? raw.replace(/(the game is paused)[:,;].*$/, '$1') : raw;
  const notice = TOKEN ? shownNotice(s) : null;
  noticeGoesLater(s, notice);
  const err = localError || serverError || notice;
  const info = localError ? noteKind === 'info' : !serverError && Boolean(notice);
  const el = $('error');
  el.hidden = !err;
  el.classList.toggle('info', info);
  const fresh = $('error-text').textContent !== (err || '');
  if (fresh) {
    $('error-text').textContent = el.title = err || '';
    el.classList.remove('open');
  }
  // On a phone the note keeps to two lines; one cut there is opened whole by a tap on it.
  const t = $('error-text');
  el.classList.toggle('cut', Boolean(err) && !el.classList.contains('open') && t.scrollHeight > t.clientHeight + 1);
  // On a phone the note stands over the screen's foot; when a control is there (Copy link, the
  // step buttons, a field of the New game form), the board or the move list's first line, over
  // the status line instead (the nearest place clear of all those above the foot once that is
  // scrolled away), so that nothing one uses or reads stays hidden under it. Put there, it is
  // opaque and carries the status's words first (what to do, whole), the note after them.
  // An opened note, its text the same, stays where the tap opened it: placed again, opened, it
  // covered the move list's first line and jumped up over the status line.
  if (!fresh && el.classList.contains('open')) return;
  el.classList.remove('up', 'on-status', 'on-top', 'kept-status', 'tall');
  el.style.removeProperty('--note-lines'); el.style.height = '';
  $('error-status').textContent = '';
  if (err && getComputedStyle(el).position === 'absolute') wideNoteLines(el, t);
  if (!err || getComputedStyle(el).position !== 'fixed') return;
  const blocks = noteBlocks(el);
  if (noteLines(el, () => { const b = el.getBoundingClientRect(); return blocks(b.top, b.bottom) ? undefined : b.top; }).top !== undefined) return;
  const n = el.getBoundingClientRect();
  el.classList.add('up');
  if (fresh && localError && !noteHeld) noteGoes(false, 8500);
  $('error-status').textContent = $('status').textContent;
  const st = $('status').getBoundingClientRect(), bd = $('board').getBoundingClientRect();
  // Over the status line the status keeps its size and lines, the note's lines under it, over the
  // Rules row and Red's bar if need be but never the board (squeezed to stay clear of every
  // control there, the status was cut to one line of 12 px and the note to one line).
  let { h, top } = noteLines(el, (h) => {
    const y = Math.round(st.top) - 2;
    if (st.top >= 0 && !(bd.top < y + h - 1 && y < bd.bottom - 1)) return y;
    for (let y = Math.round(n.bottom - h); y >= 8; y -= 4) if (!blocks(y, y + h)) return y;
    return undefined;
  });
  if (top === undefined && fresh && st.top < 0 && st.top > -innerHeight / 3) {
    // Nowhere clear, the status line just above the screen: a new note brings it back into view
    // and stands over it (over the screen's top it covered the board's edge).
    window.scrollBy(0, Math.round(st.top) - 8);
    top = Math.round($('status').getBoundingClientRect().top) - 2;
  }
  if (top === undefined) top = st.top >= 0 ? Math.round(st.top) - 2 : 8;
  // Never over the control in use (a field of the New game form filled near the screen's top):
  // at the foot instead, or else right under or above it.
  const f = focusBox(el);
  const onFocus = (y) => f && f.top < y + h - 1 && y < f.bottom - 1;
  if (onFocus(top) && !onFocus(n.top)) { el.classList.remove('up'); $('error-status').textContent = ''; return; }
  if (onFocus(top)) top = f.bottom + h + 4 <= innerHeight ? Math.round(f.bottom) + 4 : Math.max(0, Math.round(f.top - h - 4));
  el.style.setProperty('--up-top', top + 'px');
  el.classList.toggle('on-status', st.top >= 0 && top === Math.round(st.top) - 2);
  if (el.classList.contains('on-status')) noteOnTop(el, st);
  el.classList.toggle('cut', !el.classList.contains('open') && t.scrollHeight > t.clientHeight + 1);
}

// Beside the board on a wide screen the note under Blue's bar takes the lines it needs, as many
// as the window's foot has room for (cut at three, a hint's rule hid behind "more" there).
function wideNoteLines(el, t) {
  const lh = parseFloat(getComputedStyle(t).lineHeight) || 16;
  const room = Math.floor((innerHeight - el.getBoundingClientRect().top - 10) / lh);
  if (room > 3 && t.scrollHeight > t.clientHeight + 1) {
    el.style.setProperty('--note-lines', Math.min(room, 8));
    el.classList.add('tall');
  }
  el.classList.toggle('cut', !el.classList.contains('open') && t.scrollHeight > t.clientHeight + 1);
}

// Over the status line the note keeps within the page's top bar (reaching down over the Rules
// row, at 40-113 px over 91-116, it hid the row and the analysis switch): its own two lines
// beside New game (which stays over it, whole and tappable), the status's words where the
// status line has them.
function noteOnTop(el, st) {
  const top = $('status').closest('header').getBoundingClientRect(), b = $('top-new').getBoundingClientRect();
  if (top.top < -1) return;
  el.classList.add('on-top');
  el.classList.remove('kept-status');
  const y0 = Math.max(0, top.top), h = Math.round(Math.min(top.bottom, st.bottom + 3) - y0);
  // The note's lines fill the bar (beside New game, then under it: cut at two lines, the
  // instruction needed a tap to be read); the status's words under them when they fit too.
  el.style.setProperty('--note-lines', Math.max(2, Math.floor((h - 6) / 17.5)));
  el.style.setProperty('--up-top', Math.round(y0) + 'px');
  el.style.setProperty('--new-w', Math.max(0, Math.round(innerWidth - 8 - b.left + 4)) + 'px');
  el.style.setProperty('--new-h', Math.round(b.bottom - y0) + 'px');
  el.style.height = h + 'px';
  const t = $('error-text');
  if (t.scrollHeight + $('error-status').offsetHeight <= h - 5) return;
  // Both do not fit: the status's words stay whole under the note (cut to whose turn and the
  // die, "Red to move", the instruction "roll the die" was hidden while the note showed), the
  // note cut at whole lines above them, "more" beside the status's words.
  el.classList.add('kept-status');
  el.style.setProperty('--note-lines', Math.max(1, Math.floor((h - 6 - $('error-status').offsetHeight) / 17.5)));
}
