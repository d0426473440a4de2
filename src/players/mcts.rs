//! `mcts:<simulations>`: a sparring partner that shares nothing with the engine's evaluation.
//!
//! It is plain UCT in the manner of OpenSpiel's `MCTSBot`: a tree of decision nodes (a position
//! after its roll, one child per legal move) and chance nodes (a position before its roll, one
//! child per die face, sampled with probability 1/6), grown by one node per simulation and valued
//! by uniformly random playouts to the end of the game. Selection maximises
//! `wins / visits + C * sqrt(ln(parent visits) / visits)` with `C = sqrt(2)` (about 1.4), visiting
//! every move once first, in a random order; the move played is the most visited one. Its random
//! choices come from the pair's seed, so a match replays exactly.
//!
//! The tree lives in one vector, reused from search to search; [`simulations_per_second`] measures
//! its speed.

use std::time::Duration;

use crate::rules::board::{Board, Color, Move, MoveList};

use crate::players::{Fault, Player, TimeControl, Turn};
use crate::rules::rng::MatchRng;

/// The exploration constant: sqrt(2), the textbook UCB1 value.
pub const EXPLORATION: f64 = std::f64::consts::SQRT_2;

const NONE: u32 = u32::MAX;

/// A node of the tree. A decision node's children are the positions after each move (chance
/// nodes, stored contiguously); a chance node's children are one decision node per die face,
/// created when the face is first drawn.
#[derive(Clone, Copy)]
struct Node {
    /// Games through this node won by the side that moved into it (for a chance node, the side
    /// that just moved; decision nodes keep no statistics of their own).
    wins: f64,
    visits: u32,
    /// Decision node: index of its first child and the number of children (0: not expanded).
    /// Chance node: index of the first of its six face slots (`NONE`: none drawn yet).
    first: u32,
    len: u8,
    mv: Move,
}

impl Node {
    fn new(mv: Move) -> Node {
        Node {
            wins: 0.0,
            visits: 0,
            first: NONE,
            len: 0,
            mv,
        }
    }
}

/// A reusable UCT searcher.
pub struct Mcts {
    nodes: Vec<Node>,
    rng: MatchRng,
}

impl Mcts {
    pub fn new(seed: u64) -> Mcts {
        Mcts {
            nodes: Vec::new(),
            rng: MatchRng::new(seed),
        }
    }

    pub fn reseed(&mut self, seed: u64) {
        self.rng = MatchRng::new(seed);
    }

    /// The most visited move after `sims` simulations from `board` with `die` rolled.
    pub fn search(&mut self, board: &Board, die: u8, sims: u32) -> Move {
        let moves = board.moves_for_die(die);
        let s = moves.as_slice();
        assert!(!s.is_empty(), "mcts asked to move in a finished game");
        // A move that ends the game at once needs no statistics.
        if let Some(&m) = s.iter().find(|&&m| board.is_winning_move(m)) {
            return m;
        }
        if s.len() == 1 {
            return s[0];
        }
        self.nodes.clear();
        self.nodes.push(Node::new(Move::NONE));
        let mut b = board.clone();
        for _ in 0..sims {
            self.decision(0, &mut b, die);
        }
        let root = self.nodes[0];
        let children = &self.nodes[root.first as usize..(root.first + root.len as u32) as usize];
        // Most visits, then most wins; the first such child in the (shuffled) order.
        let mut best = &children[0];
        for c in children {
            if (c.visits, c.wins) > (best.visits, best.wins) {
                best = c;
            }
        }
        best.mv
    }

    /// One simulation through the decision node `id` (the position `b` with `die` rolled).
    /// Returns the winner; `b` is restored.
    fn decision(&mut self, id: usize, b: &mut Board, die: u8) -> Color {
        if self.nodes[id].len == 0 {
            let mut list = MoveList::default();
            b.gen_moves(b.movable(die), &mut list);
            // A random order, so that ties among unvisited moves are broken at random.
            let ms = list.as_mut_slice();
            for i in (1..ms.len()).rev() {
                let j = self.rng.below(i as u64 + 1) as usize;
                ms.swap(i, j);
            }
            let first = self.nodes.len() as u32;
            for &m in list.as_slice() {
                self.nodes.push(Node::new(m));
            }
            self.nodes[id].first = first;
            self.nodes[id].len = list.len() as u8;
        }
        let parent = self.nodes[id];
        self.nodes[id].visits += 1;
        let ln_n = ((parent.visits + 1) as f64).ln();
        let mut pick = parent.first as usize;
        let mut pick_score = f64::NEG_INFINITY;
        for c in parent.first as usize..(parent.first + parent.len as u32) as usize {
            let n = &self.nodes[c];
            if n.visits == 0 {
                pick = c;
                break;
            }
            let score = n.wins / n.visits as f64 + EXPLORATION * (ln_n / n.visits as f64).sqrt();
            if score > pick_score {
                pick_score = score;
                pick = c;
            }
        }
        let mover = b.side_to_move();
        let mv = self.nodes[pick].mv;
        let u = b.make(mv);
        let winner = if let Some(w) = b.winner() {
            w
        } else if self.nodes[pick].visits == 0 {
            self.playout(b)
        } else {
            self.chance(pick, b)
        };
        b.unmake(mv, u);
        let n = &mut self.nodes[pick];
        n.visits += 1;
        if winner == mover {
            n.wins += 1.0;
        }
        winner
    }

    /// Through the chance node `id`: draw a face, go on in its decision node.
    fn chance(&mut self, id: usize, b: &mut Board) -> Color {
        if self.nodes[id].first == NONE {
            let first = self.nodes.len() as u32;
            for _ in 0..b.variant().outcomes.len() {
                self.nodes.push(Node::new(Move::NONE));
            }
            self.nodes[id].first = first;
        }
        let v = b.variant();
        let i = self.rng.outcome_index(v);
        let child = self.nodes[id].first as usize + i;
        self.decision(child, b, v.outcomes[i].0)
    }

    /// A uniformly random game from `b` (not finished); `b` is left as it was.
    fn playout(&mut self, b: &Board) -> Color {
        let mut p = b.clone();
        let mut list = MoveList::default();
        let v = p.variant();
        loop {
            let die = self.rng.outcome(v);
            p.gen_moves(p.movable(die), &mut list);
            let m = list.as_slice()[self.rng.below(list.len() as u64) as usize];
            p.make(m);
            if let Some(w) = p.winner() {
                return w;
            }
        }
    }
}

/// The built-in UCT player for `ewn match`.
pub struct MctsPlayer {
    sims: u32,
    mcts: Mcts,
    setup_rng: MatchRng,
}

impl MctsPlayer {
    pub fn new(sims: u32) -> MctsPlayer {
        MctsPlayer {
            sims: sims.max(1),
            mcts: Mcts::new(0),
            setup_rng: MatchRng::new(0),
        }
    }
}

impl Player for MctsPlayer {
    fn name(&self) -> String {
        format!("mcts:{}", self.sims)
    }

    fn new_game(&mut self, _tc: TimeControl, side: Color, seed: u64) -> Result<(), Fault> {
        let s = seed ^ (side.idx() as u64 + 1).wrapping_mul(0x5A5A_A5A5_0F0F);
        self.mcts.reseed(s);
        self.setup_rng = MatchRng::new(s ^ 0x5E7);
        Ok(())
    }

    fn setup(&mut self, _side: Color, _wait: Duration) -> Result<[u8; 6], Fault> {
        Ok(self.setup_rng.setup())
    }

    fn choose(&mut self, turn: &Turn) -> Result<Move, Fault> {
        if turn.board.is_over() {
            return Err(Fault::Malformed("asked to move in a finished game".into()));
        }
        Ok(self.mcts.search(turn.board, turn.die, self.sims))
    }
}

/// Simulations per second of a `sims`-simulation search from the start position, averaged over
/// the six dice (a measurement, not a test).
pub fn simulations_per_second(sims: u32) -> f64 {
    let mut m = Mcts::new(1);
    let b = Board::startpos();
    let start = std::time::Instant::now();
    for die in 1..=6 {
        m.search(&b, die, sims);
    }
    6.0 * sims as f64 / start.elapsed().as_secs_f64().max(1e-9)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::rules::notation::standard::{move_name, parse_fen};

    #[test]
    fn takes_a_win_in_one() {
        let b = parse_fen("5/B14/5/3R11/5 r").unwrap();
        assert_eq!(move_name(Mcts::new(3).search(&b, 1, 50)), "d2e1");
    }

    #[test]
    fn same_seed_same_moves() {
        let b = Board::startpos();
        for die in 1..=6 {
            let a = Mcts::new(9).search(&b, die, 300);
            let c = Mcts::new(9).search(&b, die, 300);
            assert_eq!(a, c);
        }
    }

    #[test]
    fn captures_a_runner_about_to_win() {
        // Blue's cube 1 on b4 reaches a5 next turn on half the faces; Red's cube 1 on a5 can take
        // it (Blue keeps cube 2, so this is no immediate win and the playouts must tell).
        let b = parse_fen("R13R2/1B13/5/5/3B21 r").unwrap();
        let m = Mcts::new(5).search(&b, 1, 2000);
        assert_eq!(move_name(m), "a5b4");
    }
}
