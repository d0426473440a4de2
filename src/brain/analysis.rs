//! Analysis a person can read: the win chance of every candidate move for a die, the win chance
//! of a position before its roll, and the immediate threats a move leaves behind.
//!
//! Win chances come from the search in multipv mode, where every root move is searched with a
//! full window and so gets its exact value at the depth reached. The pre-roll value is the chance
//! node of the search: the face-weighted mean over the faces of the best move value for each face,
//! with faces that move the same cubes searched once.
//!
//! Threats need no search. They answer "what can the opponent do to me on its very next turn":
//! - `oppwin`: the fraction of the opponent's six faces for which some legal move wins at once
//!   (reaches its goal or takes the last cube);
//! - `capture <cube>`: for each of the threatened side's cubes, the fraction of the opponent's faces
//!   for which some move legal for that face lands on the cube. This counts what the opponent *can*
//!   do, not what its best reply would be: an upper bound on the real danger, exact when capturing
//!   is the opponent's best choice, and checkable by hand.

use std::fmt::Write as _;
use std::sync::atomic::Ordering;
use std::time::Instant;

use crate::brain::search::{
    EvalKind, Info, Limits, RootMove, SearchResult, Searcher, WIN, chance_value, to_prob,
};
use crate::rules::board::{Board, Color, Move, MoveList};
use crate::rules::notation::to_fen;
use crate::rules::variant::Variant;

/// Every candidate for one die face, best first, with exact values at the depth reached.
#[derive(Clone, Debug, PartialEq)]
pub struct DieAnalysis {
    pub die: u8,
    pub result: SearchResult,
}

impl DieAnalysis {
    pub fn moves(&self) -> &[RootMove] {
        &self.result.root_moves
    }
}

/// Limits for a multipv search of every root move.
fn all_moves_limits(limits: &Limits) -> Limits {
    Limits {
        multipv: usize::MAX,
        ..limits.clone()
    }
}

/// Searches every legal move for `die`. The position must not be finished; `die` must be 1..=6.
pub fn analyse_die(
    searcher: &mut Searcher,
    board: &Board,
    die: u8,
    limits: &Limits,
    on_info: &mut dyn FnMut(&Info),
) -> DieAnalysis {
    let result = search_at_least_one_ply(searcher, board, die, &all_moves_limits(limits), on_info);
    DieAnalysis { die, result }
}

/// A search that completed no iteration (a tiny node or time limit, or a stop) has no values to
/// show; one ply costs a few nodes, so it is searched instead. After a stop a search would end at
/// once again, so the ply is looked at without the searcher.
fn search_at_least_one_ply(
    searcher: &mut Searcher,
    board: &Board,
    die: u8,
    limits: &Limits,
    on_info: &mut dyn FnMut(&Info),
) -> SearchResult {
    let r = searcher.search(board, die, limits, on_info);
    if r.depth > 0 {
        return r;
    }
    if searcher.stop_flag().load(Ordering::Relaxed) {
        let mut one = one_ply(searcher.eval, board, die);
        one.nodes += r.nodes;
        return one;
    }
    let one = Limits {
        depth: Some(1),
        multipv: limits.multipv,
        ..Limits::default()
    };
    let mut again = searcher.search(board, die, &one, on_info);
    again.nodes += r.nodes;
    again
}

/// Every move for `die` valued one ply deep, best first: a winning move wins, any other is worth
/// what the evaluation gives the opponent after it. This is what a depth-1 search finds.
fn one_ply(eval: EvalKind, board: &Board, die: u8) -> SearchResult {
    let start = Instant::now();
    // The search's own evaluation for this board (the general one outside the standard game).
    let eval = eval.for_board(board);
    let mut b = board.clone();
    let mover = b.side_to_move();
    let list = b.moves_for_die(die);
    let mut root_moves: Vec<RootMove> = list
        .as_slice()
        .iter()
        .map(|&mv| {
            let value = if b.is_winning_move(mv) {
                WIN
            } else {
                let u = b.make(mv);
                let v = match b.winner() {
                    // A cube lost into a hole can end the game against the mover.
                    Some(w) => {
                        if w == mover {
                            WIN
                        } else {
                            0
                        }
                    }
                    None => WIN - eval.evaluate(&b),
                };
                b.unmake(mv, u);
                v
            };
            RootMove { mv, value }
        })
        .collect();
    // Stable: among equal values the first in generation order leads.
    root_moves.sort_by_key(|r| std::cmp::Reverse(r.value));
    let best = root_moves[0];
    SearchResult {
        best: best.mv,
        value: best.value,
        depth: 1,
        nodes: root_moves.len() as u64,
        time_ms: start.elapsed().as_millis() as u64,
        exact: best.value == 0 || best.value == WIN,
        table: false,
        pv: vec![best.mv],
        root_moves,
    }
}

/// The best move for one face.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct FaceBest {
    pub die: u8,
    pub best: Move,
    pub value: i64,
    pub depth: u32,
}

/// The position before its roll.
#[derive(Clone, Debug, PartialEq)]
pub struct PreRoll {
    /// Win value of the side to move before the roll (a chance-node value).
    pub value: i64,
    /// Per outcome of the roll, in the variant's order (faces 1..=6 in the standard game; in a
    /// variant without dice the single outcome 0, "any cube", whose value is the position's);
    /// empty when the game is over.
    pub faces: Vec<FaceBest>,
    pub nodes: u64,
    pub time_ms: u64,
}

/// Analyses the position before the roll. A `movetime` is shared out among the distinct sets of
/// movable cubes; depth and node limits apply to each of them. `on_face` is called once per face,
/// in face order, as soon as its best move is known.
pub fn analyse_preroll(
    searcher: &mut Searcher,
    board: &Board,
    limits: &Limits,
    on_face: &mut dyn FnMut(&FaceBest),
) -> PreRoll {
    if let Some(w) = board.winner() {
        let value = if w == board.side_to_move() { WIN } else { 0 };
        return PreRoll {
            value,
            faces: Vec::new(),
            nodes: 0,
            time_ms: 0,
        };
    }
    let start = Instant::now();
    let v = board.variant();
    let outcomes = &v.outcomes;
    let masks: Vec<u16> = outcomes.iter().map(|&(o, _)| board.movable(o)).collect();
    let groups = v.groups(board.alive(board.side_to_move())).len;
    let mut per = limits.clone();
    per.multipv = 0;
    if let Some(mt) = limits.movetime {
        per.movetime = Some((mt / groups as u64).max(1));
    }
    let mut faces: Vec<FaceBest> = Vec::with_capacity(6);
    let mut nodes = 0;
    for (i, &mask) in masks.iter().enumerate() {
        let die = outcomes[i].0;
        let same = masks[..i].iter().position(|&m| m == mask);
        let fb = match same {
            Some(j) => FaceBest { die, ..faces[j] },
            None => {
                let r = search_at_least_one_ply(searcher, board, die, &per, &mut |_| {});
                nodes += r.nodes;
                FaceBest {
                    die,
                    best: r.best,
                    value: r.value,
                    depth: r.depth,
                }
            }
        };
        on_face(&fb);
        faces.push(fb);
    }
    let value = chance_value(
        faces
            .iter()
            .zip(outcomes)
            .map(|(f, &(_, w))| w as i64 * f.value)
            .sum(),
        v.weight(),
    );
    PreRoll {
        value,
        faces,
        nodes,
        time_ms: start.elapsed().as_millis() as u64,
    }
}

/// What the side to move in a position can do at once to the other side (see the module text).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Threats {
    /// The move that led to the position, when threats of a candidate move are asked for.
    pub mv: Option<Move>,
    /// The threatened side: the one that is not to move.
    pub side: Color,
    /// Outcome weight (out of `total`: faces out of six in the standard game) on which the side
    /// to move wins at once.
    pub win_faces: u8,
    /// Per surviving cube of the threatened side: (cube number, outcome weight on which it can be
    /// taken).
    pub capture_faces: Vec<(u8, u8)>,
    /// The weight of all outcomes of a roll (6 for one die, 36 for two).
    pub total: u8,
}

impl Threats {
    pub fn win_prob(&self) -> f64 {
        self.chance(self.win_faces)
    }

    /// A weight of outcomes as a probability.
    pub fn chance(&self, weight: u8) -> f64 {
        weight as f64 / self.total.max(1) as f64
    }

    /// One parsable line:
    /// `threats [move <m>] oppwin <p> capture <cube> <p> ...` with cubes written `R1`, `B6`.
    /// The move is named on the board of `v`, the game's variant.
    pub fn line(&self, v: &Variant) -> String {
        let mut s = String::from("threats");
        if let Some(m) = self.mv {
            let _ = write!(s, " move {}", m.display(v));
        }
        let _ = write!(s, " oppwin {:.4} capture", self.win_prob());
        for &(n, f) in &self.capture_faces {
            let _ = write!(s, " {} {:.4}", cube_name(self.side, n), self.chance(f));
        }
        s
    }
}

/// `R1`, `B6` (`RA`..`RC` for cubes 10..12, as in position strings).
pub fn cube_name(c: Color, n: u8) -> String {
    format!(
        "{}{}",
        if c == Color::Red { 'R' } else { 'B' },
        crate::rules::variant::cube_char(n)
    )
}

/// Threats against the side not to move, from the side to move's next roll. When the game is over
/// nothing is threatened any more: every count is zero.
pub fn threats_now(board: &Board) -> Threats {
    let side = board.side_to_move().other();
    let v = board.variant();
    let mut win_faces = 0;
    let mut cap = [0u8; 12];
    let mut list = MoveList::default();
    for &(die, w) in &v.outcomes {
        board.gen_moves(board.movable(die), &mut list);
        if list.as_slice().iter().any(|&m| board.is_winning_move(m)) {
            win_faces += w as u8;
        }
        for (i, c) in cap.iter_mut().enumerate() {
            if let Some(s) = board.cube_square(side, i as u8 + 1)
                && list.as_slice().iter().any(|m| m.to == s)
            {
                *c += w as u8;
            }
        }
    }
    let capture_faces = v
        .cubes()
        .iter()
        .copied()
        .filter(|&n| board.cube_square(side, n).is_some())
        .map(|n| (n, cap[n as usize - 1]))
        .collect();
    Threats {
        mv: None,
        side,
        win_faces,
        capture_faces,
        total: v.weight() as u8,
    }
}

/// Threats the mover faces after playing `m` (which must be legal for some face). A move that
/// wins at once leaves no threat.
pub fn threats_after(board: &Board, m: Move) -> Threats {
    let mut b = board.clone();
    b.make(m);
    let mut t = threats_now(&b);
    t.mv = Some(m);
    t
}

/// The readable table for one die: every candidate best first with its win chance and threats.
pub fn die_table(board: &Board, a: &DieAnalysis) -> String {
    let mut s = String::new();
    let side = board.side_to_move();
    let _ = writeln!(
        s,
        "Position {}  ({} to move, die {})",
        to_fen(board),
        side.name(),
        a.die
    );
    let _ = writeln!(
        s,
        "Searched to depth {}: {} nodes in {} ms",
        a.result.depth, a.result.nodes, a.result.time_ms
    );
    let _ = writeln!(
        s,
        "{:<6} {:>8} {:>8}  cubes the opponent can take next turn",
        "move", "win", "oppwin"
    );
    for rm in a.moves() {
        let t = threats_after(board, rm.mv);
        let caps: Vec<String> = t
            .capture_faces
            .iter()
            .filter(|&&(_, f)| f > 0)
            .map(|&(n, f)| format!("{} {:.4}", cube_name(t.side, n), t.chance(f)))
            .collect();
        let _ = writeln!(
            s,
            "{:<6} {:>8.4} {:>8.4}  {}",
            rm.mv.display(board.variant()).to_string(),
            to_prob(rm.value),
            t.win_prob(),
            if caps.is_empty() {
                "-".to_string()
            } else {
                caps.join(", ")
            }
        );
    }
    s
}

/// The readable table before the roll: the win chance and each face's best move.
pub fn preroll_table(board: &Board, p: &PreRoll) -> String {
    let mut s = String::new();
    let side = board.side_to_move();
    let _ = writeln!(
        s,
        "Position {}  ({} to move, before the roll)",
        to_fen(board),
        side.name()
    );
    let _ = writeln!(
        s,
        "Win chance of {}: {:.4}  ({} nodes in {} ms)",
        side.name(),
        to_prob(p.value),
        p.nodes,
        p.time_ms
    );
    if p.faces.is_empty() {
        let _ = writeln!(s, "The game is over.");
        return s;
    }
    let _ = writeln!(s, "{:<4} {:<6} {:>8} {:>6}", "die", "best", "win", "depth");
    for f in &p.faces {
        let _ = writeln!(
            s,
            "{:<4} {:<6} {:>8.4} {:>6}",
            f.die,
            f.best.display(board.variant()).to_string(),
            to_prob(f.value),
            f.depth
        );
    }
    s
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::rules::notation::standard::{parse_fen, parse_move};

    #[test]
    fn two_attackers_of_six_give_one_third() {
        let b = parse_fen("R24/5/2R1B2B5/3B1B4/3B6B3 b").unwrap();
        let t = threats_now(&b);
        assert_eq!(
            t.line(Variant::standard()),
            "threats oppwin 0.0000 capture R1 0.3333 R2 0.0000"
        );
    }

    #[test]
    fn a_stopped_analysis_still_values_every_move() {
        let b = parse_fen("R24/1R13/3B2B5/3B1B4/3B6B3 r").unwrap();
        let mut s = Searcher::new(1);
        s.stop_flag().store(true, Ordering::Relaxed);
        let a = analyse_die(&mut s, &b, 1, &Limits::default(), &mut |_| {});
        assert_eq!(a.result.depth, 1);
        let mut plain = b.clone();
        assert_eq!(
            a.result.value,
            crate::brain::search::reference_value_with(s.eval, &mut plain, 1, 1)
        );
        assert_eq!(a.moves().len(), b.moves_for_die(1).len());
        let p = analyse_preroll(&mut s, &b, &Limits::default(), &mut |_| {});
        assert_eq!(p.faces.len(), 6);
        assert!(p.faces.iter().all(|f| f.depth == 1));
    }

    #[test]
    fn a_winning_move_leaves_no_threat() {
        let b = parse_fen("5/5/B14/3R11/5 r").unwrap();
        let t = threats_after(&b, parse_move("d2e1").unwrap());
        assert_eq!(t.win_faces, 0);
        assert!(t.capture_faces.iter().all(|&(_, f)| f == 0));
    }
}
