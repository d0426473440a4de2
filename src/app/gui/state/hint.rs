//! The hint: the best move for the rolled die from a search bounded by depth (the review's), on a
//! fresh searcher of its own. The analysis searches for a time, so the depth it reaches (and
//! its best move when two are close) varies with the machine's load; a hint must not: the same
//! position and die always get the same hint. When the second best move is within
//! [`ABOUT_AS_GOOD`] of the best, the hint names it too.

use super::*;

/// Two moves whose win chances differ by less than this are "about as good".
pub const ABOUT_AS_GOOD: f64 = 0.01;

/// The hint's search: the position and die being searched, and the last result.
#[derive(Default)]
pub(super) struct HintSearch {
    running: Option<(u64, u8)>,
    result: Option<(u64, u8, Hint)>,
}

/// What a hint says.
#[derive(Clone, Debug, PartialEq)]
pub struct Hint {
    pub best: Move,
    /// The mover's win chance after the best move.
    pub wp: f64,
    /// The second best move and its chance, when within [`ABOUT_AS_GOOD`] of the best.
    pub also: Option<(Move, f64)>,
    /// The depth searched.
    pub depth: u32,
}

impl State {
    /// The hint for the rolled die; `None` while it is being searched (asked again, it comes).
    pub fn hint(&mut self, shared: &Shared) -> Result<Option<Hint>, GuiError> {
        let die = self.game.die.ok_or_else(|| {
            GuiError::not_now("roll the die first: the hint is for the rolled die")
        })?;
        let board = self.game.board().clone();
        let pos = board.key();
        if let Some((p, d, h)) = &self.analysis.hint.result
            && (*p, *d) == (pos, die)
        {
            return Ok(Some(h.clone()));
        }
        if self.game.over() {
            return Err(GuiError::not_now("the game is over"));
        }
        if board.moves_for_die(die).as_slice().is_empty() {
            return Err(GuiError::not_now("no legal move"));
        }
        // One search at a time: a hint asked for another position waits for it to end.
        if self.analysis.hint.running.is_some() {
            return Ok(None);
        }
        self.analysis.hint.running = Some((pos, die));
        let depth = review_depth(board.variant());
        let mut searcher = self.depth_searcher(board.variant());
        let shared = shared.clone();
        std::thread::spawn(move || {
            let a = analyse_die(
                &mut searcher,
                &board,
                die,
                &Limits::to_depth(depth),
                &mut |_| {},
            );
            let hint = hint_of(&a);
            let mut st = lock(&shared);
            st.analysis.hint.running = None;
            if let Some(h) = hint {
                st.analysis.hint.result = Some((pos, die, h));
            }
        });
        Ok(None)
    }
}

/// The hint a finished search gives: its best move, and the second when about as good.
fn hint_of(a: &DieAnalysis) -> Option<Hint> {
    let moves = a.moves();
    let best = moves.first()?;
    let wp = to_prob(best.value);
    let also = moves
        .get(1)
        .map(|r| (r.mv, to_prob(r.value)))
        .filter(|(_, p)| wp - p < ABOUT_AS_GOOD);
    Some(Hint {
        best: best.mv,
        wp,
        also,
        depth: a.result.depth,
    })
}
