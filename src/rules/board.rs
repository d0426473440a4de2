//! The position: cubes on the board of a variant, the side to move, the Zobrist key and the game
//! result, with move generation and make/unmake.
//!
//! Every board carries its [`Variant`] (one shared pointer) and reads the variant's precomputed
//! tables: step destinations, goal and hole masks, movable cubes per outcome, keys. Squares are
//! numbered row by row from the top: index `row * cols + col`, row 0 is the top rank and col 0 is
//! file a, so in the standard game Red's corner a5 is 0 and Blue's corner e1 is 24, as always.
//! Red moves towards higher indices, Blue towards lower ones. Nothing here allocates.
//!
//! A side with no legal move for its outcome passes: move generation then yields the single move
//! [`Move::PASS`] (written `0000`), so every consumer (search, perft, referee) treats a pass as
//! one move. The standard game never passes.

pub use crate::rules::color::Color;
use crate::rules::error::PositionError;
use crate::rules::variant::{MAX_CUBE, MAX_SQ, Variant};
use crate::rules::zobrist;

pub const NO_SQ: u8 = 255;

/// A move: from-square and to-square (0..64), or a pass.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Default)]
pub struct Move {
    pub from: u8,
    pub to: u8,
}

/// A move named on a variant's board: what [`Move::display`] returns. Writes the two square
/// names (or `0000` for a pass) straight to the formatter, allocating nothing.
#[derive(Clone, Copy)]
pub struct MoveName<'a> {
    m: Move,
    v: &'a Variant,
}

impl std::fmt::Display for MoveName<'_> {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        if self.m.is_pass() {
            return f.write_str("0000");
        }
        let (rows, cols) = (self.v.rows(), self.v.cols());
        for s in [self.m.from, self.m.to] {
            let file = (b'a' + s % cols) as char;
            let rank = (b'0' + rows - s / cols) as char;
            write!(f, "{file}{rank}")?;
        }
        Ok(())
    }
}

impl Move {
    /// The move named with the square names of `v`'s board (`a5b4`, `0000` for a pass). A move
    /// does not know its board, so the caller says which one: there is no default board.
    #[inline]
    pub fn display(self, v: &Variant) -> MoveName<'_> {
        MoveName { m: self, v }
    }
    pub const NONE: Move = Move { from: 0, to: 0 };
    /// The move of a side that has no legal move for its outcome.
    pub const PASS: Move = Move {
        from: NO_SQ,
        to: NO_SQ - 1,
    };
    #[inline]
    pub fn new(from: u8, to: u8) -> Move {
        Move { from, to }
    }
    #[inline]
    pub fn is_none(self) -> bool {
        self.from == self.to
    }
    /// A pass is the only move from `NO_SQ` (a one-byte test: it sits in the inner loop).
    #[inline]
    pub fn is_pass(self) -> bool {
        self.from == NO_SQ
    }
    /// Packed into 16 bits for the transposition table.
    #[inline]
    pub fn pack(self) -> u16 {
        (self.from as u16) << 8 | self.to as u16
    }
    #[inline]
    pub fn unpack(v: u16) -> Move {
        Move {
            from: (v >> 8) as u8,
            to: v as u8,
        }
    }
}

/// The standard game's tables, for the code that only ever sees the standard game (its network
/// and heuristic evaluation): up to three destinations per (side, square); Red's first entry is
/// the diagonal step.
const fn dest_table(red: bool) -> [([u8; 3], u8); 25] {
    let mut t = [([0u8; 3], 0u8); 25];
    let mut s = 0;
    while s < 25 {
        let row = s / 5;
        let col = s % 5;
        let mut d = [0u8; 3];
        let mut n = 0;
        if red {
            if row < 4 && col < 4 {
                d[n] = (s + 6) as u8;
                n += 1;
            }
            if row < 4 {
                d[n] = (s + 5) as u8;
                n += 1;
            }
            if col < 4 {
                d[n] = (s + 1) as u8;
                n += 1;
            }
        } else {
            if row > 0 && col > 0 {
                d[n] = (s - 6) as u8;
                n += 1;
            }
            if row > 0 {
                d[n] = (s - 5) as u8;
                n += 1;
            }
            if col > 0 {
                d[n] = (s - 1) as u8;
                n += 1;
            }
        }
        t[s] = (d, n as u8);
        s += 1;
    }
    t
}

pub const DEST: [[([u8; 3], u8); 25]; 2] = [dest_table(true), dest_table(false)];

/// Chebyshev distance of every square to each side's goal: the number of moves a cube needs.
pub const DIST: [[u8; 25]; 2] = {
    let mut t = [[0u8; 25]; 2];
    let mut s = 0;
    while s < 25 {
        let row = s / 5;
        let col = s % 5;
        let r_red = 4 - row;
        let c_red = 4 - col;
        t[0][s] = if r_red > c_red { r_red } else { c_red } as u8;
        t[1][s] = if row > col { row } else { col } as u8;
        s += 1;
    }
    t
};

/// The most moves of one outcome: every one of twelve cubes with three steps (no dice).
pub const MAX_MOVES: usize = 36;

/// A fixed-capacity move list.
#[derive(Clone, Copy, Debug)]
pub struct MoveList {
    moves: [Move; MAX_MOVES],
    len: usize,
}

impl Default for MoveList {
    fn default() -> Self {
        MoveList {
            moves: [Move::NONE; MAX_MOVES],
            len: 0,
        }
    }
}

impl MoveList {
    #[inline]
    pub fn push(&mut self, m: Move) {
        self.moves[self.len] = m;
        self.len += 1;
    }
    #[inline]
    pub fn len(&self) -> usize {
        self.len
    }
    #[inline]
    pub fn is_empty(&self) -> bool {
        self.len == 0
    }
    #[inline]
    pub fn as_slice(&self) -> &[Move] {
        &self.moves[..self.len]
    }
    #[inline]
    pub fn as_mut_slice(&mut self) -> &mut [Move] {
        &mut self.moves[..self.len]
    }
    pub fn contains(&self, m: Move) -> bool {
        self.as_slice().contains(&m)
    }
}

/// What make needs to undo a move.
#[derive(Clone, Copy, Debug)]
pub struct Undo {
    pub captured: u8,
    /// The number of the mover's cube that fell into a hole (0: none).
    pub fell: u8,
    pub winner: Option<Color>,
}

#[derive(Clone)]
pub struct Board {
    v: &'static Variant,
    /// Piece code per square: 0 empty, 1..=12 Red cube n, 13..=24 Blue cube n-12.
    sq: [u8; MAX_SQ],
    /// Square of each cube per side (index cube-1), `NO_SQ` when captured.
    pos: [[u8; MAX_CUBE as usize]; 2],
    /// Surviving cubes per side, bit n-1 for cube n.
    alive: [u16; 2],
    stm: Color,
    key: u64,
    winner: Option<Color>,
}

impl PartialEq for Board {
    fn eq(&self, o: &Board) -> bool {
        std::ptr::eq(self.v, o.v)
            && self.sq == o.sq
            && self.stm == o.stm
            && self.winner == o.winner
            && self.alive == o.alive
            && self.pos == o.pos
            && self.key == o.key
    }
}

impl Eq for Board {}

#[inline]
pub fn piece_code(c: Color, n: u8) -> u8 {
    c.idx() as u8 * MAX_CUBE + n
}

/// The side and number of a non-zero piece code.
#[inline]
pub fn piece_of(code: u8) -> (Color, u8) {
    if code <= MAX_CUBE {
        (Color::Red, code)
    } else {
        (Color::Blue, code - MAX_CUBE)
    }
}

impl Board {
    /// An empty standard board with `stm` to move. Cubes are added with [`Board::put`]; call
    /// [`Board::finish_setup`] afterwards to compute the result.
    pub fn empty(stm: Color) -> Board {
        Board::empty_in(Variant::standard(), stm)
    }

    /// An empty board of variant `v`.
    pub fn empty_in(v: &'static Variant, stm: Color) -> Board {
        let mut b = Board {
            v,
            sq: [0; MAX_SQ],
            pos: [[NO_SQ; MAX_CUBE as usize]; 2],
            alive: [0; 2],
            stm,
            key: v.salt,
            winner: None,
        };
        if stm == Color::Blue {
            b.key ^= zobrist::BLUE_TO_MOVE;
        }
        b
    }

    /// The standard position with both setups given as cube numbers in setup order.
    pub fn from_setups(red: [u8; 6], blue: [u8; 6], stm: Color) -> Board {
        Board::from_setups_in(Variant::standard(), &red, &blue, stm)
            .expect("a standard setup is a position")
    }

    /// The start position of variant `v` with both setups (cube numbers in setup order).
    pub fn from_setups_in(
        v: &'static Variant,
        red: &[u8],
        blue: &[u8],
        stm: Color,
    ) -> Result<Board, PositionError> {
        let mut b = Board::empty_in(v, stm);
        for (c, setup) in [(Color::Red, red), (Color::Blue, blue)] {
            check_setup(v, setup)?;
            for (&s, &n) in v.start_squares(c).iter().zip(setup) {
                b.put(s, c, n);
            }
        }
        b.finish_setup()?;
        Ok(b)
    }

    /// The standard start position.
    pub fn startpos() -> Board {
        Board::startpos_in(Variant::standard())
    }

    /// The start position of `v`: cubes in increasing number on the start squares, the variant's
    /// first side to move.
    pub fn startpos_in(v: &'static Variant) -> Board {
        let s = v.default_setup();
        Board::from_setups_in(v, &s, &s, v.rules.first).expect("a variant's start is a position")
    }

    #[inline]
    pub fn variant(&self) -> &'static Variant {
        self.v
    }

    /// Places cube `n` of side `c` on the empty square `s` (setup only).
    pub fn put(&mut self, s: u8, c: Color, n: u8) {
        debug_assert!(self.sq[s as usize] == 0 && (1..=MAX_CUBE).contains(&n));
        let code = piece_code(c, n);
        self.sq[s as usize] = code;
        self.pos[c.idx()][n as usize - 1] = s;
        self.alive[c.idx()] |= 1 << (n - 1);
        self.key ^= self.v.key(code, s);
    }

    /// Computes the result of a position given square by square. Returns an error when both sides
    /// would have won, which no game can reach.
    pub fn finish_setup(&mut self) -> Result<(), PositionError> {
        let on_goal = |c: Color| {
            let mut m = self.alive[c.idx()];
            let mut hit = false;
            while m != 0 {
                let i = m.trailing_zeros() as usize;
                m &= m - 1;
                hit |= self.v.goal_mask[c.idx()] >> self.pos[c.idx()][i] & 1 != 0;
            }
            hit
        };
        let red_won = on_goal(Color::Red) || self.alive[1] == 0;
        let blue_won = on_goal(Color::Blue) || self.alive[0] == 0;
        self.winner = match (red_won, blue_won) {
            (true, true) => return Err(PositionError::BothWon),
            (true, false) => Some(Color::Red),
            (false, true) => Some(Color::Blue),
            _ => None,
        };
        Ok(())
    }

    /// The standard position reflected in the a5-e1 diagonal (files become ranks), which maps
    /// the game onto itself: the corners and starting triangles stay, and so does every value.
    pub fn reflected(&self) -> Board {
        debug_assert!(self.v.rows() == self.v.cols());
        let w = self.v.cols();
        let mut r = Board::empty_in(self.v, self.stm);
        for s in 0..self.v.n_sq {
            let code = self.sq[s as usize];
            if code != 0 {
                let (c, n) = piece_of(code);
                r.put((s % w) * w + s / w, c, n);
            }
        }
        r.finish_setup()
            .expect("a reflection keeps the corners, so it is a position when the original is");
        r
    }

    #[inline]
    pub fn side_to_move(&self) -> Color {
        self.stm
    }
    #[inline]
    pub fn key(&self) -> u64 {
        self.key
    }
    #[inline]
    pub fn winner(&self) -> Option<Color> {
        self.winner
    }
    #[inline]
    pub fn is_over(&self) -> bool {
        self.winner.is_some()
    }
    #[inline]
    pub fn alive(&self, c: Color) -> u16 {
        self.alive[c.idx()]
    }
    /// The survivors of a game whose cubes are numbered 1..6 (the standard game's tables, which
    /// index by a 6-bit mask).
    #[inline]
    pub fn alive6(&self, c: Color) -> u8 {
        debug_assert!(self.alive[c.idx()] < 64);
        self.alive[c.idx()] as u8
    }
    /// Square of cube `n` (1..=12) of side `c`, or `None` if captured or not in the game.
    #[inline]
    pub fn cube_square(&self, c: Color, n: u8) -> Option<u8> {
        let s = self.pos[c.idx()][n as usize - 1];
        (s != NO_SQ).then_some(s)
    }
    /// Square of the cube with index `i` (cube `i + 1`), which must be alive.
    #[inline]
    pub fn cube_square_raw(&self, c: Color, i: usize) -> u8 {
        self.pos[c.idx()][i]
    }
    /// Piece code on square `s` (0 empty, and 0 off the board: a pass's squares hold nothing).
    #[inline]
    pub fn piece_at(&self, s: u8) -> u8 {
        self.sq.get(s as usize).copied().unwrap_or(0)
    }

    /// Movable cubes (mask) of the side to move for an outcome (a die face; 0 with no dice).
    #[inline]
    pub fn movable(&self, die: u8) -> u16 {
        self.v.movable(self.alive[self.stm.idx()], die)
    }

    /// Moves of the side to move's cubes in `mask`; empty when the game is over, the single
    /// [`Move::PASS`] when none of them can move.
    #[inline]
    pub fn gen_moves(&self, mask: u16, list: &mut MoveList) {
        list.len = 0;
        if self.winner.is_some() {
            return;
        }
        let c = self.stm.idx();
        let dest = &self.v.dest[c];
        let mut m = mask & self.alive[c];
        // Two copies of the loop on purpose: the standard game (own captures allowed) keeps a
        // loop without a test per target, which it always passes.
        if self.v.rules.own_capture {
            while m != 0 {
                let i = m.trailing_zeros() as usize;
                m &= m - 1;
                let from = self.pos[c][i];
                let (d, n) = dest[from as usize & (MAX_SQ - 1)];
                for &to in &d[..n as usize] {
                    list.push(Move { from, to });
                }
            }
        } else {
            while m != 0 {
                let i = m.trailing_zeros() as usize;
                m &= m - 1;
                let from = self.pos[c][i];
                let (d, n) = dest[from as usize & (MAX_SQ - 1)];
                for &to in &d[..n as usize] {
                    let t = self.sq[to as usize];
                    if t == 0 || piece_of(t).0 != self.stm {
                        list.push(Move { from, to });
                    }
                }
            }
        }
        if list.len == 0 {
            list.push(Move::PASS);
        }
    }

    /// Legal moves for an outcome (a die face; 0 with no dice).
    pub fn moves_for_die(&self, die: u8) -> MoveList {
        let mut l = MoveList::default();
        self.gen_moves(self.movable(die), &mut l);
        l
    }

    /// Every move legal for some outcome, passes included where an outcome forces one.
    pub fn all_moves(&self) -> MoveList {
        let mut l = MoveList::default();
        if self.is_over() {
            return l;
        }
        let mut pass = false;
        for &(o, _) in &self.v.outcomes {
            for &m in self.moves_for_die(o).as_slice() {
                if m.is_pass() {
                    pass = true;
                } else if !l.contains(m) {
                    l.push(m);
                }
            }
        }
        if pass {
            l.push(Move::PASS);
        }
        l
    }

    /// Does this move end the game at once in the mover's favour (goal reached or last enemy
    /// cube taken)?
    #[inline]
    pub fn is_winning_move(&self, m: Move) -> bool {
        if m.is_pass() {
            return false;
        }
        if self.v.goal_mask[self.stm.idx()] >> m.to & 1 != 0 {
            return true;
        }
        let target = self.sq[m.to as usize];
        if target == 0 {
            return false;
        }
        let (tc, tn) = piece_of(target);
        tc != self.stm && self.alive[tc.idx()] == 1 << (tn - 1)
    }

    /// Plays a legal move of the side to move (a cube of its own on `from`, or a pass).
    #[inline]
    pub fn make(&mut self, m: Move) -> Undo {
        if m.is_pass() {
            let undo = Undo {
                captured: 0,
                fell: 0,
                winner: self.winner,
            };
            self.key ^= zobrist::BLUE_TO_MOVE;
            self.stm = self.stm.other();
            return undo;
        }
        let mut undo = Undo {
            captured: self.sq[m.to as usize],
            fell: 0,
            winner: self.winner,
        };
        let code = self.sq[m.from as usize];
        debug_assert!(code != 0);
        let (c, n) = piece_of(code);
        debug_assert!(c == self.stm);
        if undo.captured != 0 {
            let (cc, cn) = piece_of(undo.captured);
            self.pos[cc.idx()][cn as usize - 1] = NO_SQ;
            self.alive[cc.idx()] &= !(1 << (cn - 1));
            self.key ^= self.v.key(undo.captured, m.to);
        }
        self.sq[m.from as usize] = 0;
        self.key ^= self.v.key(code, m.from) ^ zobrist::BLUE_TO_MOVE;
        if self.v.hole_mask >> m.to & 1 != 0 {
            // Into a hole: the cube is gone.
            undo.fell = n;
            self.pos[c.idx()][n as usize - 1] = NO_SQ;
            self.alive[c.idx()] &= !(1 << (n - 1));
            if self.alive[c.idx()] == 0 {
                self.winner = Some(c.other());
            }
        } else {
            self.sq[m.to as usize] = code;
            self.pos[c.idx()][n as usize - 1] = m.to;
            self.key ^= self.v.key(code, m.to);
            if self.v.goal_mask[c.idx()] >> m.to & 1 != 0 || self.alive[c.other().idx()] == 0 {
                self.winner = Some(c);
            }
        }
        self.stm = c.other();
        undo
    }

    #[inline]
    pub fn unmake(&mut self, m: Move, undo: Undo) {
        let c = self.stm.other();
        self.stm = c;
        self.winner = undo.winner;
        self.key ^= zobrist::BLUE_TO_MOVE;
        if m.is_pass() {
            return;
        }
        let code;
        if undo.fell != 0 {
            code = piece_code(c, undo.fell);
            self.alive[c.idx()] |= 1 << (undo.fell - 1);
        } else {
            code = self.sq[m.to as usize];
            self.key ^= self.v.key(code, m.to);
        }
        let (_, n) = piece_of(code);
        self.key ^= self.v.key(code, m.from);
        self.sq[m.from as usize] = code;
        self.pos[c.idx()][n as usize - 1] = m.from;
        self.sq[m.to as usize] = undo.captured;
        if undo.captured != 0 {
            let (cc, cn) = piece_of(undo.captured);
            self.pos[cc.idx()][cn as usize - 1] = m.to;
            self.alive[cc.idx()] |= 1 << (cn - 1);
            self.key ^= self.v.key(undo.captured, m.to);
        }
    }

    /// The key of the position after `m`, without playing it (for prefetching table entries).
    #[inline]
    pub fn key_after(&self, m: Move) -> u64 {
        if m.is_pass() {
            return self.key ^ zobrist::BLUE_TO_MOVE;
        }
        let code = self.sq[m.from as usize];
        let cap = self.sq[m.to as usize];
        let mut k = self.key ^ self.v.key(code, m.from) ^ zobrist::BLUE_TO_MOVE;
        if self.v.hole_mask >> m.to & 1 == 0 {
            k ^= self.v.key(code, m.to);
        }
        if cap != 0 {
            k ^= self.v.key(cap, m.to);
        }
        k
    }

    /// The key computed from scratch, for checking the incremental one.
    pub fn compute_key(&self) -> u64 {
        let mut k = self.v.salt;
        for (s, &code) in self.sq.iter().enumerate().take(self.v.n_sq as usize) {
            if code != 0 {
                k ^= self.v.key(code, s as u8);
            }
        }
        if self.stm == Color::Blue {
            k ^= zobrist::BLUE_TO_MOVE;
        }
        k
    }

    /// Checks that a move is legal for the outcome (or for some outcome when `die` is `None`).
    pub fn is_legal(&self, m: Move, die: Option<u8>) -> bool {
        match die {
            Some(d) => self.moves_for_die(d).contains(m),
            None => self.all_moves().contains(m),
        }
    }
}

/// Checks that `setup` is the variant's cube numbers in some order.
pub fn check_setup(v: &Variant, setup: &[u8]) -> Result<(), PositionError> {
    if setup.len() != v.cubes().len() {
        return Err(PositionError::SetupLength);
    }
    let mut seen = 0u16;
    for &n in setup {
        if !v.cubes().contains(&n) {
            return Err(PositionError::NotACube);
        }
        if seen & (1 << (n - 1)) != 0 {
            return Err(PositionError::CubeTwice);
        }
        seen |= 1 << (n - 1);
    }
    Ok(())
}

#[cfg(test)]
fn piece_of_sq(code: u8) -> Option<Color> {
    (code != 0).then(|| piece_of(code).0)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_reflection_is_an_involution_that_keeps_the_triangles() {
        let b = Board::startpos();
        let r = b.reflected();
        assert_eq!(r.reflected().key(), b.key());
        for c in [Color::Red, Color::Blue] {
            for s in Variant::standard().start_squares(c).iter().copied() {
                assert_eq!(piece_of_sq(r.piece_at(s)), Some(c));
            }
        }
        // a5 b5 c5 a4 b4 a3 hold 1..6 at the start; b5 (1) and a4 (5) swap.
        assert_eq!(r.piece_at(1), b.piece_at(5));
        assert_eq!(r.piece_at(5), b.piece_at(1));
    }

    #[test]
    fn start_moves() {
        let b = Board::startpos();
        assert_eq!(b.winner(), None);
        // Cube 1 on a5 has three moves; cube 6 on a3 has three; cube 3 on c5 too.
        for die in 1..=6 {
            assert_eq!(b.moves_for_die(die).len(), 3, "die {die}");
        }
        assert_eq!(b.compute_key(), b.key());
    }

    #[test]
    fn make_unmake_restores() {
        let mut b = Board::startpos();
        let before = b.clone();
        let m = b.moves_for_die(1).as_slice()[0];
        let u = b.make(m);
        assert_ne!(b, before);
        assert_eq!(b.side_to_move(), Color::Blue);
        b.unmake(m, u);
        assert_eq!(b, before);
    }

    #[test]
    fn dist_table() {
        assert_eq!(DIST[0][0], 4);
        assert_eq!(DIST[0][24], 0);
        assert_eq!(DIST[1][0], 0);
        assert_eq!(DIST[1][24], 4);
        assert_eq!(DIST[0][4], 4); // e5: four rows down
    }
}
