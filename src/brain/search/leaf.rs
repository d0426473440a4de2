//! The search's leaves: which static evaluation values them, the cheap terms a depth-1 node
//! keeps to value its quiet children without playing them, and the captures that resolve a leaf
//! of a variant without dice.

use super::{WIN, Worker, chance_value};
use crate::brain::eval::{self, evaluate};
use crate::brain::general;
use crate::brain::net;
use crate::rules::board::{Board, Move, MoveList, piece_of};
use crate::rules::variant::Substitute;

/// Which static evaluation the search uses at its leaves.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, clap::ValueEnum)]
pub enum EvalKind {
    /// The race, material and immediate-win heuristic of `eval`.
    Heuristic,
    /// The learned network of `net`.
    #[default]
    Net,
    /// The rule-driven race evaluation of `general`, which every variant can use (and the one
    /// variants other than the standard game always use).
    General,
}

impl EvalKind {
    #[inline]
    pub fn evaluate(self, b: &Board) -> i64 {
        match self {
            EvalKind::Heuristic => evaluate(b),
            EvalKind::Net => net::evaluate(b),
            EvalKind::General => general::evaluate(b),
        }
    }

    /// The evaluation a search of `b` uses: the chosen one for the standard game, where all
    /// apply, and the general one for every other variant.
    #[inline]
    pub fn for_board(self, b: &Board) -> EvalKind {
        if b.variant().standard {
            self
        } else {
            EvalKind::General
        }
    }
}

/// A depth-1 node's terms for evaluating its quiet children without playing them.
pub(super) enum LeafTerms {
    Heuristic(eval::Sides),
    Net(net::ChildTerms),
    /// The general evaluation: the side not moving worked out once for the quiet children.
    General(general::ChildTerms),
    /// The general evaluation where the children must be played (holes, back-rank play): every
    /// child is played and evaluated. Either way the depth-1 node is valued at once, without
    /// windows and without a table entry for each of its move nodes (in the small variants those
    /// entries took a quarter of the search's time).
    Played,
}

impl LeafTerms {
    /// `None` where a depth-1 node cannot be valued cube by cube (the general evaluation where a
    /// pass may arise, or without dice): its move nodes are searched and their leaves played.
    #[inline]
    pub(super) fn new(kind: EvalKind, b: &Board) -> Option<LeafTerms> {
        match kind {
            EvalKind::Heuristic => Some(LeafTerms::Heuristic(eval::sides(b))),
            EvalKind::Net => Some(LeafTerms::Net(net::child_terms(b))),
            EvalKind::General if by_cube(b) => {
                Some(general::child_terms(b).map_or(LeafTerms::Played, LeafTerms::General))
            }
            EvalKind::General => None,
        }
    }

    /// Whether the quiet move `m` is valued from the terms without being played.
    #[inline]
    fn values_quiet(&self, m: Move) -> bool {
        match self {
            LeafTerms::Heuristic(_) | LeafTerms::Net(_) => true,
            LeafTerms::General(_) => !m.is_pass(),
            LeafTerms::Played => false,
        }
    }

    /// What the quiet moves of the cube on `from` share.
    #[inline]
    pub(super) fn cube(&self, b: &Board, from: u8) -> CubeTerms {
        match self {
            LeafTerms::Heuristic(_) | LeafTerms::General(_) | LeafTerms::Played => {
                CubeTerms::Heuristic
            }
            LeafTerms::Net(t) => CubeTerms::Net(net::cube_terms(b, t, from)),
        }
    }

    /// The evaluation of the position after the quiet move `m` of the cube `c` was made for, in
    /// parts (see [`Quiet`]).
    #[inline]
    pub(super) fn quiet_child(&self, b: &Board, c: &CubeTerms, m: Move) -> Quiet {
        match (self, c) {
            (LeafTerms::Net(t), CubeTerms::Net(c)) => {
                let q = net::quiet_child_of(b, t, c, m);
                Quiet {
                    now: q.now,
                    key: q.z,
                }
            }
            (LeafTerms::Heuristic(t), _) => Quiet {
                now: Quiet::FINAL,
                key: eval::evaluate_after_quiet(b, t, m),
            },
            (LeafTerms::General(t), _) => Quiet {
                now: Quiet::FINAL,
                key: general::evaluate_after_quiet(b, t, m),
            },
            // Never asked (`values_quiet`): these children are played.
            (LeafTerms::Played, _) => unreachable!("a played child has no terms"),
            (LeafTerms::Net(t), CubeTerms::Heuristic) => {
                let q = net::quiet_child(b, t, m);
                Quiet {
                    now: q.now,
                    key: q.z,
                }
            }
        }
    }

    /// The evaluation of `b`, just after the capture `m` that did not end the game (with the
    /// general evaluation, after any move `m`).
    #[inline]
    pub(super) fn capture_child(&self, b: &Board, m: Move) -> i64 {
        match self {
            LeafTerms::Heuristic(_) => evaluate(b),
            LeafTerms::Net(t) => net::evaluate_after_capture(b, t, m),
            LeafTerms::General(_) | LeafTerms::Played => general::evaluate(b),
        }
    }
}

/// Whether a depth-1 node of `b` may be valued cube by cube ([`Worker::chance_leaves`]): only
/// where no roll can leave the side to move without a move, so that every group's moves are the
/// union of its cubes' and no pass arises. That needs dice (without them a leaf is resolved by
/// its captures, `Worker::captures`), a missing cube's number passed on to the nearest, own
/// captures allowed (no cube blocks another) and a step for every cube of the side to move.
fn by_cube(b: &Board) -> bool {
    let v = b.variant();
    if !v.has_dice() || v.rules.substitute != Substitute::Nearest || !v.rules.own_capture {
        return false;
    }
    let c = b.side_to_move();
    let mut m = b.alive(c);
    while m != 0 {
        let i = m.trailing_zeros() as usize;
        m &= m - 1;
        if v.dest[c.idx()][b.cube_square_raw(c, i) as usize].1 == 0 {
            return false;
        }
    }
    true
}

/// What the quiet children of one cube share: for the network, the node's accumulator without
/// the cube's input (its quiet moves differ only in the input they add back).
pub(super) enum CubeTerms {
    Heuristic,
    Net(net::CubeTerms),
}

/// A quiet child's evaluation before its last steps. For the network: the faces on which the
/// child wins at once and the network's sum, which the evaluation does not decrease with when
/// `now` is the same; for the heuristic: the evaluation itself. So the children of a node are
/// compared by `key` where their `now` agrees, and only the best one's value is computed.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(super) struct Quiet {
    now: u8,
    key: i64,
}

impl Quiet {
    /// `now` of a key that is the evaluation already.
    const FINAL: u8 = u8::MAX;

    /// The child's evaluation.
    #[inline]
    pub(super) fn value(self) -> i64 {
        match self.now {
            Quiet::FINAL => self.key,
            now => net::quiet_value(net::QuietChild { now, z: self.key }),
        }
    }

    /// Whether `self` is worth less than `other` to the side to move in them (so more to the
    /// parent). Without computing either value when their `now` agrees; ties are not less.
    #[inline]
    pub(super) fn less(self, other: Quiet) -> bool {
        if self.now == other.now {
            self.key < other.key
        } else {
            self.value() < other.value()
        }
    }
}

/// The search's leaves: the depth-1 chance nodes valued from their leaves, and the leaves of a
/// variant without dice, resolved by captures.
impl Worker<'_> {
    /// The value of a leaf of a variant without dice: the better of its static value (the side
    /// to move may play a quiet move) and each capture of an opposing cube, resolved the same way
    /// (fail-soft alpha-beta, so within the window it is the value of the plain maximum). Every
    /// capture removes a cube, so the recursion ends.
    pub(super) fn captures(&mut self, b: &mut Board, mut alpha: i64, beta: i64) -> i64 {
        if let Some(w) = b.winner() {
            return if w == b.side_to_move() { WIN } else { 0 };
        }
        let mut list = MoveList::default();
        b.gen_moves(b.movable(0), &mut list);
        for &m in list.as_slice() {
            if b.is_winning_move(m) {
                self.nodes += 1;
                return WIN;
            }
        }
        let mut best = self.eval.evaluate(b);
        if best >= beta {
            return best;
        }
        alpha = alpha.max(best);
        let them = b.side_to_move().other();
        for &m in list.as_slice() {
            let code = if m.is_pass() { 0 } else { b.piece_at(m.to) };
            if code == 0 || piece_of(code).0 != them {
                continue;
            }
            self.nodes += 1;
            let u = b.make(m);
            let v = WIN - self.captures(b, WIN - beta, WIN - alpha);
            b.unmake(m, u);
            if v > best {
                best = v;
                if v > alpha {
                    alpha = v;
                    if v >= beta {
                        break;
                    }
                }
            }
        }
        best
    }

    /// The exact value of a depth-1 chance node whose leaves have cheap terms (`t`): each
    /// movable cube's best move found once, from the position's terms, and each group worth its
    /// best cube. Every leaf is valued, so no window and no table entry of a move node is needed,
    /// and a cube that several groups move is valued once.
    pub(super) fn chance_leaves(
        &mut self,
        b: &mut Board,
        groups: &crate::rules::variant::Groups,
        total: i64,
        t: &LeafTerms,
    ) -> i64 {
        let mut cube = [-1i64; 16];
        let mut sum = 0;
        for (mask, cnt) in groups.iter() {
            let mut best = -1;
            let mut m = mask;
            while m != 0 {
                let i = m.trailing_zeros() as usize;
                m &= m - 1;
                if cube[i] < 0 {
                    cube[i] = self.cube_leaves(b, 1 << i, t);
                    if self.aborted {
                        return 0;
                    }
                }
                best = best.max(cube[i]);
            }
            sum += cnt as i64 * best;
        }
        chance_value(sum, total)
    }

    /// The value of the best move of the cubes in `mask` when every child is a leaf valued from
    /// `t` (`WIN` for a move that ends the game).
    #[inline]
    fn cube_leaves(&mut self, b: &mut Board, mask: u16, t: &LeafTerms) -> i64 {
        let mut list = MoveList::default();
        b.gen_moves(mask, &mut list);
        if list.as_slice().iter().any(|&m| b.is_winning_move(m)) {
            self.nodes += 1;
            return WIN;
        }
        self.leaf_moves(b, &list, t).0
    }

    /// The best move of one cube of a depth-1 node (`list`: its moves) and its value, exactly:
    /// every child valued from the node's terms, quiet moves without being played (from what
    /// they share, [`CubeTerms`]), captures with only the captured side's inputs afresh. Quiet
    /// children are compared before their last steps (see [`Quiet`]), so that only the best
    /// one's value is computed; a cutoff would save little at this depth, and the exact value
    /// serves every later window.
    #[inline]
    pub(super) fn leaf_moves(
        &mut self,
        b: &mut Board,
        list: &MoveList,
        t: &LeafTerms,
    ) -> (i64, Move) {
        let mut best = -1;
        let mut best_move = Move::NONE;
        // The best quiet child so far (the least for its side to move).
        let mut quiet: Option<(Quiet, Move)> = None;
        // Taken out whether or not the cube has a quiet move: nearly every cube has one, and a
        // lazy one cost more than it saved.
        let cube = t.cube(b, list.as_slice()[0].from);
        // A solved variant's table may know a quiet child (it covers positions, not cube counts).
        let from_terms = self.solved.is_none();
        for &m in list.as_slice() {
            self.nodes += 1;
            self.poll();
            if self.aborted {
                break;
            }
            debug_assert_eq!(m.from, list.as_slice()[0].from);
            if b.piece_at(m.to) == 0 && from_terms && t.values_quiet(m) {
                let q = t.quiet_child(b, &cube, m);
                if quiet.is_none_or(|(c, _)| q.less(c)) {
                    quiet = Some((q, m));
                }
            } else {
                let v = self.leaf_child(b, m, t);
                if v > best {
                    (best, best_move) = (v, m);
                }
            }
        }
        if let Some((q, m)) = quiet {
            let v = WIN - q.value();
            if v > best {
                (best, best_move) = (v, m);
            }
        }
        (best, best_move)
    }

    /// The value of the leaf a capture of a depth-1 node leads to (with the general evaluation,
    /// any move's), from the node's terms: played, since it may bring the position into the
    /// tables (or, in a variant with holes, end the game).
    #[inline]
    fn leaf_child(&self, b: &mut Board, m: Move, t: &LeafTerms) -> i64 {
        let mover = b.side_to_move();
        let u = b.make(m);
        let v = if let Some(w) = b.winner() {
            if w == mover { WIN } else { 0 }
        } else if let Some(x) = self.tables.and_then(|tb| tb.probe(b)) {
            WIN - x
        } else if let Some(x) = self.solved.and_then(|s| s.probe(b)) {
            WIN - x
        } else {
            WIN - t.capture_child(b, m)
        };
        b.unmake(m, u);
        v
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::rules::board::Board;

    /// Every quiet child of positions of random games: the one `less` finds least has the least
    /// value, for both evaluations with terms.
    #[test]
    fn the_least_quiet_child_by_its_parts_has_the_least_value() {
        let mut state = 23u64;
        let mut rnd = |k: usize| {
            let (s, v) = crate::rules::zobrist::splitmix64(state);
            state = s;
            (v % k as u64) as usize
        };
        let mut compared = 0;
        for _ in 0..200 {
            let mut b = Board::startpos();
            while !b.is_over() {
                let moves = b.all_moves();
                let quiet: Vec<Move> = moves
                    .as_slice()
                    .iter()
                    .copied()
                    .filter(|&m| b.piece_at(m.to) == 0 && !b.is_winning_move(m))
                    .collect();
                for kind in [EvalKind::Net, EvalKind::Heuristic] {
                    let t = LeafTerms::new(kind, &b).unwrap();
                    let Some(&first) = quiet.first() else { break };
                    let child = |m: Move| t.quiet_child(&b, &t.cube(&b, m.from), m);
                    let mut least = child(first);
                    for &m in &quiet[1..] {
                        let q = child(m);
                        if q.less(least) {
                            least = q;
                        }
                    }
                    let min = quiet.iter().map(|&m| t.quiet_value(&b, m)).min().unwrap();
                    assert_eq!(least.value(), min);
                    compared += 1;
                }
                let die = rnd(6) as u8 + 1;
                let list = b.moves_for_die(die);
                b.make(list.as_slice()[rnd(list.len())]);
            }
        }
        assert!(compared > 2000, "{compared}");
    }

    impl LeafTerms {
        /// The child's evaluation the plain way.
        fn quiet_value(&self, b: &Board, m: Move) -> i64 {
            match self {
                LeafTerms::Heuristic(t) => eval::evaluate_after_quiet(b, t, m),
                LeafTerms::Net(t) => net::evaluate_after_quiet(b, t, m),
                LeafTerms::General(t) => general::evaluate_after_quiet(b, t, m),
                LeafTerms::Played => unreachable!(),
            }
        }
    }
}
