'use strict';
// The live page's ends kept in view: where a new game takes the place of a card that ended a
// moment ago (six to eight games at once end about a second apart, and an end stayed on its
// board only until the next game's first move, 1-2 s), the end stays as a banner across the
// middle of the new game's board, where its cubes are not yet, "Game 3: Red (alice) won (goal)",
// until the time its own card would have kept it, so that every end is read. The banners of the
// card that gave its place go with it to the new card (a quick game's end took an older end's
// banner away with its card: 2.8 s). `EwnLiveEnds()` makes it for live.js: `pass(el, card, v,
// until, now)` puts `card` in `el`'s place and `el`'s end (its time up at `until(n)`) on it,
// `tidy(now)` places the banners again (the boards' size may change), takes away those whose
// time is up and says when the next one's is, `clear()` takes all (the final and stopped screens
// show their own).
window.EwnLiveEnds = () => {
  const { esc, SIDE, breakable } = window.EwnLiveText;
  // Said as the card said it; a long name breaks only between its words (`breakable`).
  const words = (f, html) => {
    const who = f.winner === 'r' ? f.red : f.blue;
    const name = html ? breakable(who) : esc(who);
    return f.winner ? `${SIDE[f.winner]} (${name}) won (${esc(f.reason)})` : `no winner (${esc(f.reason)})`;
  };
  // The banners of a card, in one box across the middle of its board.
  function place(box) {
    const board = box.parentElement && box.parentElement.querySelector('.board');
    if (!board) return;
    box.style.left = `${board.offsetLeft}px`;
    box.style.width = `${board.offsetWidth}px`;
    box.style.top = `${Math.max(0, board.offsetTop + (board.offsetHeight - box.offsetHeight) / 2)}px`;
  }
  function pass(el, card, v, until, now) {
    const kept = [...el.querySelectorAll('.end-banner')];
    el.replaceWith(card);
    const n = Number((el.id || '').replace('game-', ''));
    const f = (v.finished || []).find((x) => x.number === n);
    let box = null;
    if (f && until(n) - now > 500) {
      const b = document.createElement('p');
      b.className = `end-banner ${f.winner === 'r' ? 'red' : f.winner === 'b' ? 'blue' : ''}`;
      b.dataset.game = f.number;
      b.dataset.until = until(n);
      b.title = `Game ${f.number}, which had this place, ended: ${words(f).replace(/<wbr>/g, '')}`;
      b.innerHTML = `<span class="dot" aria-hidden="true"></span><b>Game ${f.number}:</b> ${words(f, true)}`;
      kept.push(b);
    }
    for (const b of kept) {
      if (Number(b.dataset.until) <= now) continue;
      if (!box) {
        box = document.createElement('div');
        box.className = 'end-banners';
        card.appendChild(box);
      }
      box.appendChild(b);
    }
    if (box) place(box);
  }
  function tidy(now) {
    let next = Infinity;
    for (const b of document.querySelectorAll('#games .end-banner')) {
      const until = Number(b.dataset.until);
      if (until <= now) b.remove();
      else next = Math.min(next, until);
    }
    for (const box of document.querySelectorAll('#games .end-banners')) {
      if (!box.children.length) box.remove();
      else place(box);
    }
    return next;
  }
  const clear = () => { for (const b of document.querySelectorAll('#games .end-banners')) b.remove(); };
  return { pass, tidy, clear };
};
