//! The position: cubes on a 5x5 board, the side to move, the Zobrist key and the game result,
//! with move generation and make/unmake.
//!
//! Squares are numbered 0..25 row by row from the top: index `row * 5 + col`, row 0 is rank 5 and
//! col 0 is file a, so Red's corner a5 is 0 and Blue's corner e1 is 24. Red moves towards higher
//! indices (+1, +5, +6), Blue towards lower ones. Nothing here allocates.

use crate::rules::dice::MOVABLE;
use crate::rules::zobrist;

pub const NO_SQ: u8 = 255;

#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Color {
    Red = 0,
    Blue = 1,
}

impl Color {
    #[inline]
    pub fn other(self) -> Color {
        match self {
            Color::Red => Color::Blue,
            Color::Blue => Color::Red,
        }
    }
    #[inline]
    pub fn idx(self) -> usize {
        self as usize
    }
    /// The corner square this side must reach.
    #[inline]
    pub fn goal(self) -> u8 {
        match self {
            Color::Red => 24,
            Color::Blue => 0,
        }
    }
    /// The six squares of this side's starting triangle, in setup order.
    pub fn triangle(self) -> [u8; 6] {
        match self {
            Color::Red => [0, 1, 2, 5, 6, 10],
            Color::Blue => [24, 23, 22, 19, 18, 14],
        }
    }
    pub fn name(self) -> &'static str {
        match self {
            Color::Red => "red",
            Color::Blue => "blue",
        }
    }
}

/// A move: from-square and to-square (0..25).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Default)]
pub struct Move {
    pub from: u8,
    pub to: u8,
}

impl Move {
    pub const NONE: Move = Move { from: 0, to: 0 };
    #[inline]
    pub fn new(from: u8, to: u8) -> Move {
        Move { from, to }
    }
    #[inline]
    pub fn is_none(self) -> bool {
        self.from == self.to
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

/// Up to three destinations per (side, square); Red's first entry is the diagonal step.
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

/// A fixed-capacity move list; no move set in this game exceeds 18 moves.
#[derive(Clone, Copy, Debug)]
pub struct MoveList {
    moves: [Move; 18],
    len: usize,
}

impl Default for MoveList {
    fn default() -> Self {
        MoveList {
            moves: [Move::NONE; 18],
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
    pub winner: Option<Color>,
}

#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Board {
    /// Piece code per square: 0 empty, 1..=6 Red cube n, 7..=12 Blue cube n-6.
    sq: [u8; 25],
    /// Square of each cube per side (index cube-1), `NO_SQ` when captured.
    pos: [[u8; 6]; 2],
    /// Surviving cubes per side, bit n-1 for cube n.
    alive: [u8; 2],
    stm: Color,
    key: u64,
    winner: Option<Color>,
}

#[inline]
pub fn piece_code(c: Color, n: u8) -> u8 {
    c.idx() as u8 * 6 + n
}

/// The side and number of a non-zero piece code.
#[inline]
pub fn piece_of(code: u8) -> (Color, u8) {
    if code <= 6 {
        (Color::Red, code)
    } else {
        (Color::Blue, code - 6)
    }
}

impl Board {
    /// An empty board with `stm` to move. Cubes are added with [`Board::put`]; call
    /// [`Board::finish_setup`] afterwards to compute the result.
    pub fn empty(stm: Color) -> Board {
        let mut b = Board {
            sq: [0; 25],
            pos: [[NO_SQ; 6]; 2],
            alive: [0; 2],
            stm,
            key: 0,
            winner: None,
        };
        if stm == Color::Blue {
            b.key ^= zobrist::BLUE_TO_MOVE;
        }
        b
    }

    /// The position with both setups given as cube numbers in setup order.
    pub fn from_setups(red: [u8; 6], blue: [u8; 6], stm: Color) -> Board {
        let mut b = Board::empty(stm);
        for (i, s) in Color::Red.triangle().into_iter().enumerate() {
            b.put(s, Color::Red, red[i]);
        }
        for (i, s) in Color::Blue.triangle().into_iter().enumerate() {
            b.put(s, Color::Blue, blue[i]);
        }
        b.finish_setup().expect("a setup position has no winner");
        b
    }

    pub fn startpos() -> Board {
        Board::from_setups([1, 2, 3, 4, 5, 6], [1, 2, 3, 4, 5, 6], Color::Red)
    }

    /// Places cube `n` of side `c` on the empty square `s` (setup only).
    pub fn put(&mut self, s: u8, c: Color, n: u8) {
        debug_assert!(self.sq[s as usize] == 0 && (1..=6).contains(&n));
        let code = piece_code(c, n);
        self.sq[s as usize] = code;
        self.pos[c.idx()][n as usize - 1] = s;
        self.alive[c.idx()] |= 1 << (n - 1);
        self.key ^= zobrist::PIECE_SQ[code as usize][s as usize];
    }

    /// Computes the result of a position given square by square. Returns an error when both sides
    /// would have won, which no game can reach.
    pub fn finish_setup(&mut self) -> Result<(), &'static str> {
        let red_home = piece_of_sq(self.sq[24]) == Some(Color::Red);
        let blue_home = piece_of_sq(self.sq[0]) == Some(Color::Blue);
        let red_won = red_home || self.alive[1] == 0;
        let blue_won = blue_home || self.alive[0] == 0;
        self.winner = match (red_won, blue_won) {
            (true, true) => return Err("both sides have won"),
            (true, false) => Some(Color::Red),
            (false, true) => Some(Color::Blue),
            _ => None,
        };
        Ok(())
    }

    /// The position reflected in the a5-e1 diagonal (files become ranks), which maps the game
    /// onto itself: the corners and starting triangles stay, and so does every value.
    pub fn reflected(&self) -> Board {
        let mut r = Board::empty(self.stm);
        for s in 0..25u8 {
            let code = self.sq[s as usize];
            if code != 0 {
                let (c, n) = piece_of(code);
                r.put((s % 5) * 5 + s / 5, c, n);
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
    pub fn alive(&self, c: Color) -> u8 {
        self.alive[c.idx()]
    }
    /// Square of cube `n` (1..=6) of side `c`, or `None` if captured.
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
    /// Piece code on square `s` (0 empty).
    #[inline]
    pub fn piece_at(&self, s: u8) -> u8 {
        self.sq[s as usize]
    }

    /// Movable cubes (mask) of the side to move for a die face 1..=6.
    #[inline]
    pub fn movable(&self, die: u8) -> u8 {
        MOVABLE[self.alive[self.stm.idx()] as usize][die as usize - 1]
    }

    /// Moves of the side to move's cubes in `mask`; empty when the game is over.
    #[inline]
    pub fn gen_moves(&self, mask: u8, list: &mut MoveList) {
        list.len = 0;
        if self.winner.is_some() {
            return;
        }
        let c = self.stm.idx();
        let mut m = mask & self.alive[c];
        while m != 0 {
            let i = m.trailing_zeros() as usize;
            m &= m - 1;
            let from = self.pos[c][i];
            let (d, n) = DEST[c][from as usize];
            for &to in &d[..n as usize] {
                list.push(Move { from, to });
            }
        }
    }

    /// Legal moves for a die face.
    pub fn moves_for_die(&self, die: u8) -> MoveList {
        let mut l = MoveList::default();
        self.gen_moves(self.movable(die), &mut l);
        l
    }

    /// Every move legal for some die face (moves of all surviving cubes).
    pub fn all_moves(&self) -> MoveList {
        let mut l = MoveList::default();
        self.gen_moves(0x3f, &mut l);
        l
    }

    /// Does this move end the game at once (goal reached or last enemy cube taken)?
    #[inline]
    pub fn is_winning_move(&self, m: Move) -> bool {
        if m.to == self.stm.goal() {
            return true;
        }
        let target = self.sq[m.to as usize];
        if target == 0 {
            return false;
        }
        let (tc, tn) = piece_of(target);
        tc != self.stm && self.alive[tc.idx()] == 1 << (tn - 1)
    }

    /// Plays a pseudo-legal move of the side to move (a cube of its own on `from`).
    #[inline]
    pub fn make(&mut self, m: Move) -> Undo {
        let undo = Undo {
            captured: self.sq[m.to as usize],
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
            self.key ^= zobrist::PIECE_SQ[undo.captured as usize][m.to as usize];
        }
        self.sq[m.from as usize] = 0;
        self.sq[m.to as usize] = code;
        self.pos[c.idx()][n as usize - 1] = m.to;
        self.key ^= zobrist::PIECE_SQ[code as usize][m.from as usize]
            ^ zobrist::PIECE_SQ[code as usize][m.to as usize]
            ^ zobrist::BLUE_TO_MOVE;
        if m.to == c.goal() || self.alive[c.other().idx()] == 0 {
            self.winner = Some(c);
        }
        self.stm = c.other();
        undo
    }

    #[inline]
    pub fn unmake(&mut self, m: Move, undo: Undo) {
        let code = self.sq[m.to as usize];
        let (c, n) = piece_of(code);
        self.stm = c;
        self.winner = undo.winner;
        self.key ^= zobrist::PIECE_SQ[code as usize][m.from as usize]
            ^ zobrist::PIECE_SQ[code as usize][m.to as usize]
            ^ zobrist::BLUE_TO_MOVE;
        self.sq[m.from as usize] = code;
        self.pos[c.idx()][n as usize - 1] = m.from;
        self.sq[m.to as usize] = undo.captured;
        if undo.captured != 0 {
            let (cc, cn) = piece_of(undo.captured);
            self.pos[cc.idx()][cn as usize - 1] = m.to;
            self.alive[cc.idx()] |= 1 << (cn - 1);
            self.key ^= zobrist::PIECE_SQ[undo.captured as usize][m.to as usize];
        }
    }

    /// The key of the position after `m`, without playing it (for prefetching table entries).
    #[inline]
    pub fn key_after(&self, m: Move) -> u64 {
        let code = self.sq[m.from as usize] as usize;
        let cap = self.sq[m.to as usize] as usize;
        let mut k = self.key
            ^ zobrist::PIECE_SQ[code][m.from as usize]
            ^ zobrist::PIECE_SQ[code][m.to as usize]
            ^ zobrist::BLUE_TO_MOVE;
        if cap != 0 {
            k ^= zobrist::PIECE_SQ[cap][m.to as usize];
        }
        k
    }

    /// The key computed from scratch, for checking the incremental one.
    pub fn compute_key(&self) -> u64 {
        let mut k = 0;
        for (s, &code) in self.sq.iter().enumerate() {
            if code != 0 {
                k ^= zobrist::PIECE_SQ[code as usize][s];
            }
        }
        if self.stm == Color::Blue {
            k ^= zobrist::BLUE_TO_MOVE;
        }
        k
    }

    /// Checks that a move is legal for the die face (or for some face when `die` is `None`).
    pub fn is_legal(&self, m: Move, die: Option<u8>) -> bool {
        match die {
            Some(d) => self.moves_for_die(d).contains(m),
            None => self.all_moves().contains(m),
        }
    }
}

#[inline]
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
            for s in c.triangle() {
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
