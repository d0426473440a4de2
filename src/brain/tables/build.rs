//! Solving every position of a table: a memoised expectimax to the end of the game.
//!
//! The table's slots are visited in order, smaller materials first; an unsolved slot is solved by
//! averaging, over the groups of faces that move the same cubes, the best move's value, where a
//! move that ends the game is worth 1 and any other is worth one minus the value of the position
//! it leads to (solved first if it is not yet). The game has no cycles, so the recursion ends:
//! with cube `(row, col)` and Red moving, `row + col` grows with every move and shrinks with none,
//! Blue's the other way, and a capture removes a cube. Values are kept in `f64` while solving and
//! rounded once, when the table is made.

use std::io::IsTerminal;
use std::time::{Duration, Instant};

use super::Tables;
use super::codec::quantise;
use super::index::{self, Layout};
use crate::rules::board::{Board, MoveList};
use crate::rules::dice::GROUPS;

/// Progress on standard error while a table is built.
pub struct Progress {
    shown: bool,
    terminal: bool,
    start: Instant,
    last: Instant,
}

impl Progress {
    /// Reports nothing (the built-in table, tests).
    pub fn silent() -> Progress {
        Progress {
            shown: false,
            terminal: false,
            start: Instant::now(),
            last: Instant::now(),
        }
    }

    /// Reports on standard error: a line rewritten in place on a terminal, otherwise a line every
    /// ten seconds.
    pub fn stderr() -> Progress {
        Progress {
            shown: true,
            terminal: std::io::stderr().is_terminal(),
            start: Instant::now(),
            last: Instant::now(),
        }
    }

    fn update(&mut self, done: usize, total: usize, ku: usize, kt: usize, force: bool) {
        if !self.shown {
            return;
        }
        let every = if self.terminal {
            Duration::from_millis(250)
        } else {
            Duration::from_secs(10)
        };
        if !force && self.last.elapsed() < every {
            return;
        }
        self.last = Instant::now();
        let line = format!(
            "solving {ku} against {kt} cubes: {done} of {total} positions ({:.1}%), {:.0} s",
            100.0 * done as f64 / total.max(1) as f64,
            self.start.elapsed().as_secs_f64()
        );
        if self.terminal {
            eprint!("\r{line}\x1b[K");
        } else {
            eprintln!("{line}");
        }
    }

    fn finish(&mut self) {
        if self.shown && self.terminal {
            eprintln!();
        }
    }
}

struct Solver {
    values: Vec<f64>,
    solved: usize,
}

impl Solver {
    /// The value of a covered, unfinished position for the side to move.
    fn solve(&mut self, b: &mut Board) -> f64 {
        let groups = GROUPS[b.alive6(b.side_to_move()) as usize];
        let mut sum = 0.0;
        let mut list = MoveList::default();
        for (mask, count) in groups.iter() {
            b.gen_moves(mask as u16, &mut list);
            let mut best = 0.0f64;
            for &m in list.as_slice() {
                if b.is_winning_move(m) {
                    best = 1.0;
                    break;
                }
                let undo = b.make(m);
                let i = index::index_of(b);
                let mut v = self.values[i];
                if v.is_nan() {
                    v = self.solve(b);
                    self.values[i] = v;
                    self.solved += 1;
                }
                b.unmake(m, undo);
                best = best.max(1.0 - v);
            }
            sum += count as f64 * best;
        }
        sum / 6.0
    }
}

/// The table of every position with at most `cubes` cubes, solved.
pub fn build(cubes: usize, progress: &mut Progress) -> Tables {
    let layout = Layout::new(cubes);
    let total = layout.len();
    let mut s = Solver {
        values: vec![f64::NAN; total],
        solved: 0,
    };
    for (ku, kt, range) in layout.blocks() {
        for i in range.clone() {
            if s.values[i].is_nan() {
                let v = match index::position_in_block(ku, kt, i - range.start) {
                    Err(v) => v,
                    Ok(b) if b.is_over() => {
                        if b.winner() == Some(b.side_to_move()) {
                            1.0
                        } else {
                            0.0
                        }
                    }
                    Ok(mut b) => s.solve(&mut b),
                };
                s.values[i] = v;
                s.solved += 1;
            }
            if i % 4096 == 0 {
                progress.update(s.solved, total, ku, kt, false);
            }
        }
        progress.update(s.solved, total, ku, kt, true);
    }
    progress.finish();
    let values = s.values.iter().map(|&v| quantise(v)).collect();
    Tables::from_values(cubes, values).expect("the layout's length")
}
