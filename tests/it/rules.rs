//! Rules: perft tables, a naive independent move generator as a cross-check, Zobrist keys and
//! notation round trips over random games.

use crate::common::Rng;

use crate::common::standard::{parse_fen, parse_move};
use ewn::rules::board::{Board, Color, Move};
use ewn::rules::notation::{STARTPOS, to_fen};
use ewn::rules::perft::perft;

#[test]
fn perft_startpos_table() {
    let expected = [1u64, 18, 324, 6162, 117369, 2328378];
    for (d, &n) in expected.iter().enumerate() {
        let mut b = Board::startpos();
        assert_eq!(perft(&mut b, d as u32), n, "red to move, depth {d}");
        let mut b = parse_fen("R1R2R32/R4R53/R63B6/3B5B4/2B3B2B1 b").unwrap();
        assert_eq!(perft(&mut b, d as u32), n, "blue to move, depth {d}");
    }
}

/// A deliberately different implementation of the rules: a grid of `(side, cube)` with row and
/// column arithmetic, used only to cross-check the real move generator.
#[derive(Clone)]
struct Naive {
    grid: [[Option<(u8, u8)>; 5]; 5],
    stm: u8,
}

impl Naive {
    fn from_fen(fen: &str) -> Naive {
        let b = parse_fen(fen).unwrap();
        let mut grid = [[None; 5]; 5];
        for (r, row) in grid.iter_mut().enumerate() {
            for (c, cell) in row.iter_mut().enumerate() {
                let code = b.piece_at((r * 5 + c) as u8);
                if code != 0 {
                    let (side, n) = ewn::rules::board::piece_of(code);
                    *cell = Some((side as u8, n));
                }
            }
        }
        Naive {
            grid,
            stm: b.side_to_move() as u8,
        }
    }
    fn over(&self) -> bool {
        let cubes = |s: u8| {
            self.grid
                .iter()
                .flatten()
                .filter(|x| matches!(x, Some((t, _)) if *t == s))
                .count()
        };
        matches!(self.grid[4][4], Some((0, _)))
            || matches!(self.grid[0][0], Some((1, _)))
            || cubes(0) == 0
            || cubes(1) == 0
    }
    fn find(&self, n: u8) -> Option<(usize, usize)> {
        for r in 0..5 {
            for c in 0..5 {
                if self.grid[r][c] == Some((self.stm, n)) {
                    return Some((r, c));
                }
            }
        }
        None
    }
    fn moves(&self, die: u8) -> Vec<((usize, usize), (usize, usize))> {
        let mut cubes = vec![];
        if self.find(die).is_some() {
            cubes.push(die);
        } else {
            if let Some(h) = (die + 1..=6).find(|&n| self.find(n).is_some()) {
                cubes.push(h);
            }
            if let Some(l) = (1..die).rev().find(|&n| self.find(n).is_some()) {
                cubes.push(l);
            }
        }
        let dirs: [(i32, i32); 3] = if self.stm == 0 {
            [(0, 1), (1, 0), (1, 1)]
        } else {
            [(0, -1), (-1, 0), (-1, -1)]
        };
        let mut out = vec![];
        for n in cubes {
            let (r, c) = self.find(n).unwrap();
            for (dr, dc) in dirs {
                let (nr, nc) = (r as i32 + dr, c as i32 + dc);
                if (0..5).contains(&nr) && (0..5).contains(&nc) {
                    out.push(((r, c), (nr as usize, nc as usize)));
                }
            }
        }
        out
    }
    fn perft(&self, depth: u32) -> u64 {
        if depth == 0 {
            return 1;
        }
        if self.over() {
            return 0;
        }
        let mut total = 0;
        for die in 1..=6 {
            for (f, t) in self.moves(die) {
                let mut n = self.clone();
                n.grid[t.0][t.1] = n.grid[f.0][f.1].take();
                n.stm ^= 1;
                total += n.perft(depth - 1);
            }
        }
        total
    }
}

const POSITIONS: [&str; 6] = [
    STARTPOS,
    "R3R6R12/R2R53/R43B1/3B2B3/2B4B5B6 b",
    "1R2R32/1R1R42/R64/2B5B21/2B3B61 r",
    "5/1R3R22/2R41B5/B1R52B3/5 r",
    "R14/5/2B62/1R63/4B2 r",
    "5/1R2B22/5/3R51/B11B32 b",
];

#[test]
fn perft_matches_naive_generator() {
    for fen in POSITIONS {
        let naive = Naive::from_fen(fen);
        for d in 1..=4 {
            let mut b = parse_fen(fen).unwrap();
            assert_eq!(perft(&mut b, d), naive.perft(d), "{fen} depth {d}");
        }
    }
}

#[test]
fn perft_pinned_counts_of_other_positions() {
    // Derived with this engine and confirmed by the naive generator above.
    let table: [(&str, [u64; 4]); 3] = [
        (
            "R3R6R12/R2R53/R43B1/3B2B3/2B4B5B6 b",
            [18, 324, 6162, 116328],
        ),
        ("5/1R3R22/2R41B5/B1R52B3/5 r", [18, 360, 6367, 122728]),
        ("R14/5/2B62/1R63/4B2 r", [30, 810, 21360, 561870]),
    ];
    for (fen, counts) in table {
        for (i, &n) in counts.iter().enumerate() {
            let mut b = parse_fen(fen).unwrap();
            assert_eq!(perft(&mut b, i as u32 + 1), n, "{fen} depth {}", i + 1);
        }
    }
}

fn random_game(rng: &mut Rng, mut visit: impl FnMut(&Board, Move)) -> Board {
    let mut b = Board::startpos();
    while !b.is_over() {
        let die = rng.below(6) as u8 + 1;
        let moves = b.moves_for_die(die);
        let m = moves.as_slice()[rng.below(moves.len() as u64) as usize];
        visit(&b, m);
        b.make(m);
    }
    b
}

#[test]
fn zobrist_incremental_equals_scratch_and_unmake_restores() {
    let mut rng = Rng(7);
    for _ in 0..300 {
        let end = random_game(&mut rng, |b, m| {
            let mut c = b.clone();
            let u = c.make(m);
            assert_eq!(c.key(), c.compute_key(), "after {m:?} from {}", to_fen(b));
            assert_eq!(b.key_after(m), c.key());
            c.unmake(m, u);
            assert_eq!(&c, b);
        });
        assert_eq!(end.key(), end.compute_key());
        assert!(end.winner().is_some());
    }
}

#[test]
fn transpositions_share_one_key() {
    // Two moves of different cubes in either order.
    let play = |moves: &[&str]| {
        let mut b = Board::startpos();
        for m in moves {
            let m = parse_move(m).unwrap();
            assert!(b.is_legal(m, None), "{m:?}");
            b.make(m);
        }
        b
    };
    let a = play(&["b4c3", "d2c2", "a3b3", "e3e4"]);
    let b = play(&["a3b3", "d2c2", "b4c3", "e3e4"]);
    assert_eq!(to_fen(&a), to_fen(&b));
    assert_eq!(a.key(), b.key());
    // One diagonal step each, or two orthogonal steps each: the same position after 2 or 4 plies.
    let short = play(&["a3b2", "d2c3"]);
    let long = play(&["a3a2", "d2d3", "a2b2", "d3c3"]);
    assert_eq!(to_fen(&short), to_fen(&long));
    assert_eq!(short.key(), long.key());
    assert_ne!(a.key(), Board::startpos().key());
}

#[test]
fn notation_round_trips_over_random_games() {
    let mut rng = Rng(99);
    for _ in 0..200 {
        random_game(&mut rng, |b, m| {
            let fen = to_fen(b);
            assert_eq!(&parse_fen(&fen).unwrap(), b, "{fen}");
            assert_eq!(
                parse_move(&crate::common::standard::move_name(m)).unwrap(),
                m
            );
        });
    }
}

#[test]
fn winner_rules() {
    // Reaching the goal wins.
    let mut b = parse_fen("5/5/5/3R1B1/4B2 r").unwrap();
    let m = parse_move("d2e1").unwrap();
    assert!(b.is_legal(m, Some(1)));
    b.make(m);
    assert_eq!(b.winner(), Some(Color::Red));
    // Taking the last enemy cube wins.
    let mut b = parse_fen("R14/1B13/5/5/5 r").unwrap();
    b.make(parse_move("a5b4").unwrap());
    assert_eq!(b.winner(), Some(Color::Red));
    // Taking an own cube is allowed and does not end the game.
    let mut b = parse_fen("R1R23/5/5/5/4B1 r").unwrap();
    let m = parse_move("a5b5").unwrap();
    assert!(b.is_legal(m, Some(1)));
    b.make(m);
    assert_eq!(b.winner(), None);
    assert_eq!(b.alive(Color::Red), 0b000001);
    // A finished game has no moves.
    assert!(b.clone().all_moves().is_empty() == b.is_over());
}
