//! Rule sets as data: one [`Variant`] value describes a game of the EinStein family (board size,
//! cube numbers, start squares, dice, what a missing cube means, own captures, move directions,
//! goals, holes, who moves first), and precomputes the tables move generation reads (step
//! destinations per square, goal and hole masks, distances, movable cubes and grouped outcomes per
//! set of survivors, Zobrist keys). Nothing in the inner loop branches on a rule's name.
//!
//! Variants are built once (at start-up, from a preset or a file, or on `setoption`) and interned:
//! [`Variant::intern`] returns a `&'static Variant` shared by every board of that rule set, so a
//! board carries one pointer and comparing variants is comparing pointers.
//!
//! Squares are numbered row by row from the top-left corner (Red's corner): index
//! `row * cols + col`, row 0 is rank `rows`, col 0 is file `a`. The standard game's squares are
//! therefore the same numbers as ever (a5 = 0, e1 = 24), and so are its keys and move order.
//!
//! Cube numbers are their own slots: cube `n` of a side lives in slot `n - 1` of its position
//! array and bit `n - 1` of its survivor mask, whatever the variant's cube set, so masks, records
//! and displays all speak of real cube numbers.

use std::collections::HashMap;
use std::fmt;
use std::sync::{Mutex, OnceLock};

use crate::rules::color::Color;
use crate::rules::error::{RulesError, SquareError};
use crate::rules::zobrist::{self, splitmix64};

/// The most squares a board has (8x8).
pub const MAX_SQ: usize = 64;
pub use crate::rules::{MAX_CUBE, MAX_SIDE, MIN_SIDE};
/// Outcome numbers are 0 (no dice: any cube) to 12.
pub const OUTCOME_SLOTS: usize = 13;
/// The most distinct outcomes of one roll (2..=12 for two dice).
pub const MAX_OUTCOMES: usize = 12;
/// Survivor masks: every subset of cubes 1..=12.
const MASKS: usize = 1 << MAX_CUBE;

#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Dice {
    /// One die with faces 1..=n.
    Die(u8),
    /// The sum of two dice with faces 1..=n (n <= 6).
    Two(u8),
    /// No dice: the mover picks any of its cubes.
    None,
}

#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Substitute {
    /// A missing cube's number moves the nearest higher or lower survivor.
    Nearest,
    /// A missing cube's number moves nothing: the side passes.
    Pass,
}

#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Moves {
    /// Red steps right, down or down-right; Blue the mirror.
    Corner,
    /// Red steps down-left, down or down-right; Blue the mirror.
    Forward,
}

#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Goal {
    /// The opposite corner.
    Corner,
    /// Any square of the far rank.
    Rank,
}

/// A rule set as written: the keys of a variant definition, validated by [`Variant::new`].
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct Rules {
    pub name: String,
    pub rows: u8,
    pub cols: u8,
    /// Each side's cube numbers, increasing.
    pub cubes: Vec<u8>,
    /// Red's start squares in setup order.
    pub start_red: Vec<u8>,
    /// Blue's start squares in setup order.
    pub start_blue: Vec<u8>,
    pub dice: Dice,
    pub substitute: Substitute,
    pub own_capture: bool,
    pub moves: Moves,
    pub goal: Goal,
    pub holes: Vec<u8>,
    pub first: Color,
}

/// Outcomes of one roll with identical movable cubes, merged.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Groups {
    /// `(movable mask, weight)`, in order of the first outcome giving the set.
    pub items: [(u16, u8); MAX_OUTCOMES],
    pub len: u8,
}

impl Groups {
    pub fn iter(&self) -> impl Iterator<Item = (u16, u8)> + '_ {
        self.items[..self.len as usize].iter().copied()
    }
}

/// A validated rule set with the tables move generation reads.
pub struct Variant {
    pub rules: Rules,
    pub n_sq: u8,
    /// Up to three destinations per side and square.
    pub dest: [[([u8; 3], u8); MAX_SQ]; 2],
    /// Goal squares per side.
    pub goal_mask: [u64; 2],
    pub hole_mask: u64,
    /// Fewest steps from each square to each side's goal (avoiding holes; 31 when none leads).
    pub dist: [[u8; MAX_SQ]; 2],
    /// The distinct outcomes of a roll and their weights.
    pub outcomes: Vec<(u8, u32)>,
    /// The sum of the outcome weights (the denominator of every chance node).
    pub total_weight: u32,
    /// Movable cubes per survivor mask (12 bits) and outcome number (0..=12; 13..16 move
    /// nothing). Fixed sizes and masked indices: the inner loop reads them without bounds checks.
    movable: Box<[[u16; 16]; MASKS]>,
    /// Outcomes grouped by movable set, per survivor mask.
    groups: Box<[Groups; MASKS]>,
    /// Zobrist keys per piece code (0..=24, padded to 32) and square.
    keys: Box<[[u64; MAX_SQ]; 32]>,
    /// Mixed into every key, so that no two rule sets share table entries (0 for `standard`).
    pub salt: u64,
    /// The rules are exactly the standard game's (its network and endgame tables apply).
    pub standard: bool,
    /// All cubes of a side, as a mask.
    pub full_mask: u16,
}

impl fmt::Debug for Variant {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "Variant({})", self.rules.name)
    }
}

impl PartialEq for Variant {
    fn eq(&self, other: &Variant) -> bool {
        std::ptr::eq(self, other) || self.rules == other.rules
    }
}

impl Eq for Variant {}

/// The names of the built-in variants, in the order they are listed.
pub const PRESETS: [&str; 10] = [
    "standard",
    "3x3",
    "4x4",
    "5x5-3",
    "4x4-6",
    "6x6",
    "7x7",
    "backrank",
    "blackhole",
    "nodice",
];

fn range(a: u8, b: u8) -> Vec<u8> {
    (a..=b).collect()
}

/// The preset named `name` as rules (not yet validated), or `None`.
pub fn preset_rules(name: &str) -> Option<Rules> {
    let base = |rows: u8, cols: u8, cubes: Vec<u8>, dice: Dice| {
        Rules::basic(name, rows, cols, cubes, dice)
    };
    let mut r = match name {
        "standard" => base(5, 5, range(1, 6), Dice::Die(6)),
        "3x3" => base(3, 3, range(1, 3), Dice::Die(3)),
        "4x4" => base(4, 4, range(1, 3), Dice::Die(6)),
        "5x5-3" => base(5, 5, range(1, 3), Dice::Die(3)),
        "4x4-6" => base(4, 4, range(1, 6), Dice::Die(6)),
        "6x6" => base(6, 6, vec![2, 3, 4, 5, 6, 8, 9, 10, 11, 12], Dice::Two(6)),
        "7x7" => base(7, 7, range(1, 6), Dice::Die(6)),
        "backrank" => {
            let mut r = base(5, 5, range(1, 6), Dice::Die(6));
            let sq = |s: &str| parse_square_dims(5, 5, s).expect("preset square");
            r.start_red = ["a5", "b5", "c5", "d5", "e5", "c4"].map(sq).to_vec();
            r.start_blue = ["a1", "b1", "c1", "d1", "e1", "c2"].map(sq).to_vec();
            r.substitute = Substitute::Pass;
            r.own_capture = false;
            r.moves = Moves::Forward;
            r.goal = Goal::Rank;
            r
        }
        "blackhole" => {
            let mut r = base(5, 5, range(1, 6), Dice::Die(6));
            r.holes = vec![parse_square_dims(5, 5, "c3").expect("preset square")];
            r
        }
        "nodice" => base(5, 5, range(1, 6), Dice::None),
        _ => return None,
    };
    if r.start_blue.is_empty() {
        r.start_blue = half_turn(r.rows, r.cols, &r.start_red);
    }
    Some(r)
}

/// The triangle of `count` squares nearest Red's corner: a row of n, then n - 1, ..., in
/// row-major order from the corner, where n is the smallest size whose triangle holds them all.
pub fn triangle(rows: u8, cols: u8, count: usize) -> Result<Vec<u8>, String> {
    let mut n = 1usize;
    while n * (n + 1) / 2 < count {
        n += 1;
    }
    let mut out = Vec::with_capacity(count);
    'rows: for row in 0..n {
        for col in 0..n - row {
            if out.len() == count {
                break 'rows;
            }
            if row >= rows as usize || col >= cols as usize {
                return Err(format!(
                    "{count} cubes need a triangle of side {n}, which does not fit a {rows}x{cols} board"
                ));
            }
            out.push((row * cols as usize + col) as u8);
        }
    }
    Ok(out)
}

/// The half-turn images of squares (Red's start squares to Blue's).
pub fn half_turn(rows: u8, cols: u8, squares: &[u8]) -> Vec<u8> {
    let n = rows as u16 * cols as u16;
    squares.iter().map(|&s| (n - 1 - s as u16) as u8).collect()
}

/// `a5` on a board of `rows` x `cols` to its index.
pub fn parse_square_dims(rows: u8, cols: u8, s: &str) -> Result<u8, SquareError> {
    let b = s.as_bytes();
    let bad = || SquareError {
        text: s.to_string(),
        last: format!("{}{rows}", (b'a' + cols - 1) as char),
    };
    let [f, r] = b[..] else {
        return Err(bad());
    };
    if !(b'a'..b'a' + cols).contains(&f) || !(b'1'..b'1' + rows).contains(&r) {
        return Err(bad());
    }
    let col = f - b'a';
    let row = rows - 1 - (r - b'1');
    Ok(row * cols + col)
}

/// The name of square `s` on a board `cols` wide and `rows` high.
pub fn square_name_dims(rows: u8, cols: u8, s: u8) -> String {
    let col = (b'a' + s % cols) as char;
    let rank = (b'0' + rows - s / cols) as char;
    format!("{col}{rank}")
}

/// A cube number as one character: `1`..`9`, then `A`, `B`, `C` for 10, 11, 12.
pub fn cube_char(n: u8) -> char {
    match n {
        1..=9 => (b'0' + n) as char,
        10..=12 => (b'A' + n - 10) as char,
        _ => '?',
    }
}

/// The cube number of one character (`1`..`9`, `A`..`C` or `a`..`c`).
pub fn parse_cube_char(c: u8) -> Option<u8> {
    match c {
        b'1'..=b'9' => Some(c - b'0'),
        b'A'..=b'C' => Some(c - b'A' + 10),
        b'a'..=b'c' => Some(c - b'a' + 10),
        _ => None,
    }
}

impl Rules {
    /// The standard game's rules on another board, with other cubes and dice: triangles in the
    /// corners (Blue's the half turn of Red's), the nearest cube for a missing one, own captures,
    /// corner steps and goals, no holes, Red first.
    pub fn basic(name: &str, rows: u8, cols: u8, cubes: Vec<u8>, dice: Dice) -> Rules {
        let start_red = triangle(rows, cols, cubes.len()).unwrap_or_default();
        Rules {
            name: name.to_string(),
            rows,
            cols,
            start_blue: half_turn(rows, cols, &start_red),
            start_red,
            cubes,
            dice,
            substitute: Substitute::Nearest,
            own_capture: true,
            moves: Moves::Corner,
            goal: Goal::Corner,
            holes: Vec::new(),
            first: Color::Red,
        }
    }

    /// The outcomes of a roll with their weights (each distinct number once).
    pub fn outcomes(&self) -> Vec<(u8, u32)> {
        match self.dice {
            Dice::None => vec![(0, 1)],
            Dice::Die(n) => (1..=n).map(|f| (f, 1)).collect(),
            Dice::Two(n) => (2..=2 * n)
                .map(|s| {
                    let w = (1..=n).filter(|&a| s > a && s - a <= n).count() as u32;
                    (s, w)
                })
                .collect(),
        }
    }

    /// The dice as written in a definition.
    pub fn dice_name(&self) -> String {
        match self.dice {
            Dice::None => "none".into(),
            Dice::Die(n) => format!("d{n}"),
            Dice::Two(n) => format!("2d{n}"),
        }
    }

    /// Checks the rules for a playable game: every fault named.
    pub fn validate(&self) -> Result<(), RulesError> {
        self.check_name()?;
        self.check_sizes()?;
        self.check_never_stuck()?;
        self.check_start_squares()?;
        self.check_holes_and_goals()
    }

    /// The name: what a record line and a file table can carry.
    fn check_name(&self) -> Result<(), RulesError> {
        let name = &self.name;
        if name.is_empty()
            || name.len() > 64
            || !name
                .bytes()
                .all(|c| c.is_ascii_alphanumeric() || c == b'-' || c == b'_' || c == b'.')
        {
            return Err(RulesError::Name(name.escape_debug().to_string()));
        }
        Ok(())
    }

    /// The board's sides, the cube numbers and the dice, each within its range.
    fn check_sizes(&self) -> Result<(), RulesError> {
        for (key, value) in [("rows", self.rows), ("cols", self.cols)] {
            if !(MIN_SIDE..=MAX_SIDE).contains(&value) {
                return Err(RulesError::Side { key, value });
            }
        }
        if self.cubes.is_empty() {
            return Err(RulesError::NoCubes);
        }
        let mut seen = 0u16;
        for &c in &self.cubes {
            if !(1..=MAX_CUBE).contains(&c) {
                return Err(RulesError::CubeOutOfRange(c));
            }
            if seen & (1 << (c - 1)) != 0 {
                return Err(RulesError::CubeTwice(c));
            }
            seen |= 1 << (c - 1);
        }
        match self.dice {
            Dice::Die(n) if !(1..=12).contains(&n) => Err(RulesError::DieFaces(n)),
            Dice::Two(n) if !(1..=6).contains(&n) => Err(RulesError::TwoDiceFaces(n)),
            _ => Ok(()),
        }
    }

    /// The cube numbers the dice never roll: the first, if any.
    fn never_rolled(&self) -> Option<u8> {
        let rolled = self.outcomes();
        self.cubes
            .iter()
            .copied()
            .find(|&c| !rolled.iter().any(|o| o.0 == c))
    }

    /// The shapes of rules where a side can be stuck for good, so that a game never ends.
    fn check_never_stuck(&self) -> Result<(), RulesError> {
        // With "pass", a cube whose number is never rolled never moves: a side left with only
        // such cubes could never move again, and a game between two such sides never ends.
        if self.substitute == Substitute::Pass
            && self.dice != Dice::None
            && let Some(cube) = self.never_rolled()
        {
            return Err(RulesError::NeverMoves {
                cube,
                dice: self.dice_name(),
            });
        }
        // With "nearest" and no own captures, a cube whose number is never rolled moves only
        // for another number's missing cube: while those live and are blocked by their own side
        // (their steps all onto own cubes), the side passes for good (e09: 4x4, cubes 1 2 3 in one
        // file, a d2). Such a side can freeze from the start, so the rule set is refused.
        if self.substitute == Substitute::Nearest
            && !self.own_capture
            && self.dice != Dice::None
            && self.cubes.len() > 1
            && let Some(cube) = self.never_rolled()
        {
            return Err(RulesError::NeverRolled {
                cube,
                dice: self.dice_name(),
            });
        }
        // Forward steps never leave the far rank: with only its corner a goal, a cube that
        // reaches the far rank elsewhere can never move again.
        if self.moves == Moves::Forward && self.goal == Goal::Corner && self.cols > 1 {
            return Err(RulesError::ForwardToCorner);
        }
        Ok(())
    }

    /// One start square per cube on each side, on the board, none used twice.
    fn check_start_squares(&self) -> Result<(), RulesError> {
        let k = self.cubes.len();
        let sides = [("start", &self.start_red), ("start_blue", &self.start_blue)];
        for (key, sq) in sides {
            if sq.len() != k {
                return Err(RulesError::StartCount {
                    key,
                    squares: sq.len(),
                    cubes: k,
                });
            }
        }
        let n_sq = self.rows as usize * self.cols as usize;
        let mut used = 0u64;
        for (key, sq) in sides {
            for &square in sq {
                if square as usize >= n_sq {
                    return Err(RulesError::OffBoard { key, square });
                }
                if used & (1 << square) != 0 {
                    let name = square_name_dims(self.rows, self.cols, square);
                    return Err(RulesError::StartTwice { key, name });
                }
                used |= 1 << square;
            }
        }
        Ok(())
    }

    /// Holes on the board, each once, on no start square and no goal; no cube starting home.
    fn check_holes_and_goals(&self) -> Result<(), RulesError> {
        let n_sq = self.rows as usize * self.cols as usize;
        let name = |s: u8| square_name_dims(self.rows, self.cols, s);
        let used = self
            .start_red
            .iter()
            .chain(&self.start_blue)
            .fold(0u64, |m, &s| m | 1 << s);
        let mut holes = 0u64;
        for &h in &self.holes {
            if h as usize >= n_sq {
                return Err(RulesError::OffBoard {
                    key: "holes",
                    square: h,
                });
            }
            if used & (1 << h) != 0 {
                return Err(RulesError::HoleOnStart(name(h)));
            }
            if holes & (1 << h) != 0 {
                return Err(RulesError::HoleTwice(name(h)));
            }
            holes |= 1 << h;
        }
        let goals = goal_masks(self);
        if let Some(&h) = self
            .holes
            .iter()
            .find(|&&h| (goals[0] | goals[1]) & (1 << h) != 0)
        {
            return Err(RulesError::HoleOnGoal(name(h)));
        }
        for (c, key, sq) in [
            (0, "start", &self.start_red),
            (1, "start_blue", &self.start_blue),
        ] {
            if let Some(&s) = sq.iter().find(|&&s| goals[c] & (1 << s) != 0) {
                return Err(RulesError::StartOnGoal { key, name: name(s) });
            }
        }
        Ok(())
    }
}

fn goal_masks(r: &Rules) -> [u64; 2] {
    let n = r.rows as u32 * r.cols as u32;
    let cols = r.cols as u32;
    match r.goal {
        Goal::Corner => [1u64 << (n - 1), 1],
        Goal::Rank => {
            let row = |row: u32| (0..cols).fold(0u64, |m, c| m | 1 << (row * cols + c));
            [row(r.rows as u32 - 1), row(0)]
        }
    }
}

/// The registry of interned variants: every distinct rule set once, for the program's life.
fn registry() -> &'static Mutex<HashMap<Rules, &'static Variant>> {
    static R: OnceLock<Mutex<HashMap<Rules, &'static Variant>>> = OnceLock::new();
    R.get_or_init(|| Mutex::new(HashMap::new()))
}

impl Variant {
    /// The standard game.
    pub fn standard() -> &'static Variant {
        static S: OnceLock<&'static Variant> = OnceLock::new();
        S.get_or_init(|| {
            Variant::intern(preset_rules("standard").expect("the standard preset"))
                .expect("the standard rules are valid")
        })
    }

    /// A built-in variant by name.
    pub fn preset(name: &str) -> Option<&'static Variant> {
        if name == "standard" {
            return Some(Variant::standard());
        }
        preset_rules(name).map(|r| Variant::intern(r).expect("presets are valid"))
    }

    /// Validates `rules` and returns the one shared variant with exactly these rules.
    pub fn intern(rules: Rules) -> Result<&'static Variant, RulesError> {
        let mut reg = registry().lock().unwrap_or_else(|e| e.into_inner());
        if let Some(v) = reg.get(&rules) {
            return Ok(v);
        }
        let v: &'static Variant = Box::leak(Box::new(Variant::build(rules.clone())?));
        reg.insert(rules, v);
        Ok(v)
    }

    fn build(rules: Rules) -> Result<Variant, RulesError> {
        rules.validate()?;
        let n_sq = rules.rows as usize * rules.cols as usize;
        let dest = step_tables(&rules);
        let goal_mask = goal_masks(&rules);
        let hole_mask = rules.holes.iter().fold(0u64, |m, &h| m | 1 << h);
        let dist = goal_distances(&dest, goal_mask, hole_mask, n_sq);
        let outcomes = rules.outcomes();
        let total_weight = outcomes.iter().map(|&(_, w)| w).sum();
        let full_mask = rules.cubes.iter().fold(0u16, |m, &c| m | 1 << (c - 1));
        let (movable, groups) = outcome_tables(&rules, &outcomes, full_mask);
        // The standard game's rules under any name (its network and tables apply).
        let standard = Rules {
            name: "standard".into(),
            ..rules.clone()
        } == preset_rules("standard").expect("the standard preset");
        let salt = if standard { 0 } else { rules_hash(&rules) };
        Ok(Variant {
            n_sq: n_sq as u8,
            dest,
            goal_mask,
            hole_mask,
            dist,
            outcomes,
            total_weight,
            movable,
            groups,
            keys: key_table(),
            salt,
            standard,
            full_mask,
            rules,
        })
    }

    #[inline]
    pub fn name(&self) -> &str {
        &self.rules.name
    }
    #[inline]
    pub fn rows(&self) -> u8 {
        self.rules.rows
    }
    #[inline]
    pub fn cols(&self) -> u8 {
        self.rules.cols
    }
    #[inline]
    pub fn cubes(&self) -> &[u8] {
        &self.rules.cubes
    }
    /// A side's start squares in setup order.
    pub fn start_squares(&self, c: Color) -> &[u8] {
        match c {
            Color::Red => &self.rules.start_red,
            Color::Blue => &self.rules.start_blue,
        }
    }
    /// The cubes that may move for outcome `o` (0 with no dice) given the survivors `alive`.
    #[inline]
    pub fn movable(&self, alive: u16, o: u8) -> u16 {
        self.movable[alive as usize & (MASKS - 1)][o as usize & 15]
    }
    /// Outcomes grouped by movable set, for the survivors `alive`.
    #[inline]
    pub fn groups(&self, alive: u16) -> &Groups {
        &self.groups[alive as usize & (MASKS - 1)]
    }
    /// The weight of the outcomes on which one of `cubes` may move, given the survivors `alive`.
    pub fn weight_moving(&self, alive: u16, cubes: u16) -> i64 {
        self.groups(alive)
            .iter()
            .filter(|&(m, _)| m & cubes != 0)
            .map(|(_, w)| w as i64)
            .sum()
    }
    #[inline]
    pub fn key(&self, code: u8, s: u8) -> u64 {
        self.keys[code as usize & 31][s as usize & (MAX_SQ - 1)]
    }
    /// Is `o` an outcome a roll can give (`None`: no dice, nothing to give)?
    pub fn is_outcome(&self, o: u8) -> bool {
        self.outcomes.iter().any(|&(x, _)| x == o)
    }
    /// Does a roll exist in this variant (false with no dice)?
    pub fn has_dice(&self) -> bool {
        self.rules.dice != Dice::None
    }
    /// The outcome a request without a roll stands for: 0 with no dice.
    pub fn outcome_range(&self) -> String {
        match self.rules.dice {
            Dice::None => "none (no dice)".into(),
            Dice::Die(n) => format!("1..{n}"),
            Dice::Two(n) => format!("2..{}", 2 * n),
        }
    }
    pub fn square_name(&self, s: u8) -> String {
        square_name_dims(self.rows(), self.cols(), s)
    }
    pub fn parse_square(&self, s: &str) -> Result<u8, SquareError> {
        parse_square_dims(self.rows(), self.cols(), s)
    }
    /// The number of distinct setups of one side (k!).
    pub fn setup_count(&self) -> u64 {
        (1..=self.cubes().len() as u64).product()
    }
    /// The setup with the cubes in increasing number.
    pub fn default_setup(&self) -> Vec<u8> {
        self.rules.cubes.clone()
    }
    /// Chance nodes weight outcomes out of this total.
    #[inline]
    pub fn weight(&self) -> i64 {
        self.total_weight as i64
    }
}

/// The squares one step reaches, per side and square: Red's steps diagonal first (the standard
/// game's order), Blue's their half turn.
fn step_tables(rules: &Rules) -> [[([u8; 3], u8); MAX_SQ]; 2] {
    let (rows, cols) = (rules.rows as usize, rules.cols as usize);
    let mut dest = [[([0u8; 3], 0u8); MAX_SQ]; 2];
    for (c, table) in dest.iter_mut().enumerate() {
        for (s, entry) in table.iter_mut().enumerate().take(rows * cols) {
            let (row, col) = ((s / cols) as i32, (s % cols) as i32);
            let steps: [(i32, i32); 3] = match rules.moves {
                Moves::Corner => [(1, 1), (1, 0), (0, 1)],
                Moves::Forward => [(1, 1), (1, 0), (1, -1)],
            };
            let mut d = [0u8; 3];
            let mut n = 0;
            for (dr, dc) in steps {
                let (dr, dc) = if c == 0 { (dr, dc) } else { (-dr, -dc) };
                let (r2, c2) = (row + dr, col + dc);
                if (0..rows as i32).contains(&r2) && (0..cols as i32).contains(&c2) {
                    d[n] = (r2 * cols as i32 + c2) as u8;
                    n += 1;
                }
            }
            *entry = (d, n as u8);
        }
    }
    dest
}

/// The fewest steps from each square to each side's goal, avoiding holes (31 when none leads),
/// by relaxing backwards from the goals until nothing changes.
fn goal_distances(
    dest: &[[([u8; 3], u8); MAX_SQ]; 2],
    goal_mask: [u64; 2],
    hole_mask: u64,
    n_sq: usize,
) -> [[u8; MAX_SQ]; 2] {
    let mut dist = [[31u8; MAX_SQ]; 2];
    for c in 0..2 {
        for (s, d) in dist[c].iter_mut().enumerate().take(n_sq) {
            if goal_mask[c] & (1 << s) != 0 {
                *d = 0;
            }
        }
        let mut changed = true;
        while changed {
            changed = false;
            for s in 0..n_sq {
                if hole_mask & (1 << s) != 0 || dist[c][s] == 0 {
                    continue;
                }
                let (d, n) = dest[c][s];
                let best = d[..n as usize]
                    .iter()
                    .filter(|&&t| hole_mask & (1 << t) == 0)
                    .map(|&t| dist[c][t as usize])
                    .min()
                    .unwrap_or(31);
                if best < 31 && best + 1 < dist[c][s] {
                    dist[c][s] = best + 1;
                    changed = true;
                }
            }
        }
    }
    dist
}

/// Movable cubes per survivor mask and outcome, and the outcomes grouped by the cubes they move.
#[allow(clippy::type_complexity)]
fn outcome_tables(
    rules: &Rules,
    outcomes: &[(u8, u32)],
    full_mask: u16,
) -> (Box<[[u16; 16]; MASKS]>, Box<[Groups; MASKS]>) {
    let mut movable: Box<[[u16; 16]; MASKS]> = vec![[0u16; 16]; MASKS]
        .into_boxed_slice()
        .try_into()
        .expect("sized");
    let mut groups: Box<[Groups; MASKS]> = vec![Groups::default(); MASKS]
        .into_boxed_slice()
        .try_into()
        .expect("sized");
    for alive in 1..MASKS {
        // Only subsets of the variant's cubes occur.
        if alive as u16 & !full_mask != 0 {
            continue;
        }
        let alive16 = alive as u16;
        for (o, slot) in movable[alive].iter_mut().enumerate().take(OUTCOME_SLOTS) {
            *slot = movable_for(alive16, o as u8, rules.substitute);
        }
        let mut g = Groups::default();
        for &(o, w) in outcomes {
            let m = movable[alive][o as usize];
            match g.items[..g.len as usize].iter_mut().find(|(x, _)| *x == m) {
                Some(item) => item.1 += w as u8,
                None => {
                    g.items[g.len as usize] = (m, w as u8);
                    g.len += 1;
                }
            }
        }
        groups[alive] = g;
    }
    (movable, groups)
}

/// Zobrist keys per piece code and square: the standard game's own on its 25 squares for cubes
/// 1..6, generated from a fixed seed beyond them. The rule set's salt is mixed in elsewhere.
fn key_table() -> Box<[[u64; MAX_SQ]; 32]> {
    let mut keys: Box<[[u64; MAX_SQ]; 32]> = Box::new([[0u64; MAX_SQ]; 32]);
    for (code, row) in keys.iter_mut().enumerate().take(25).skip(1) {
        let (c, n) = if code <= MAX_CUBE as usize {
            (0, code)
        } else {
            (1, code - MAX_CUBE as usize)
        };
        for (s, k) in row.iter_mut().enumerate() {
            *k = if n <= 6 && s < 25 {
                zobrist::PIECE_SQ[c * 6 + n][s]
            } else {
                splitmix64(zobrist::EXTRA_SEED ^ ((code * MAX_SQ + s) as u64) << 8).1
            };
        }
    }
    keys
}

fn movable_for(alive: u16, o: u8, sub: Substitute) -> u16 {
    if o == 0 {
        return alive;
    }
    if o <= MAX_CUBE && alive & (1 << (o - 1)) != 0 {
        return 1 << (o - 1);
    }
    if sub == Substitute::Pass {
        return 0;
    }
    let mut m = 0u16;
    for h in o..MAX_CUBE {
        if alive & (1 << h) != 0 {
            m |= 1 << h;
            break;
        }
    }
    for l in (0..(o - 1).min(MAX_CUBE)).rev() {
        if alive & (1 << l) != 0 {
            m |= 1 << l;
            break;
        }
    }
    m
}

/// A stable hash of a rule set (not `std`'s, which may change between versions): it salts the keys.
fn rules_hash(r: &Rules) -> u64 {
    let mut h = zobrist::EXTRA_SEED;
    let mut mix = |x: u64| h = splitmix64(h ^ x).1;
    mix(r.rows as u64);
    mix(r.cols as u64);
    for &c in &r.cubes {
        mix(100 + c as u64);
    }
    for &s in r.start_red.iter().chain(&r.start_blue) {
        mix(200 + s as u64);
    }
    mix(match r.dice {
        Dice::Die(n) => 300 + n as u64,
        Dice::Two(n) => 400 + n as u64,
        Dice::None => 500,
    });
    mix(r.substitute as u64 + 600);
    mix(r.own_capture as u64 + 700);
    mix(r.moves as u64 + 800);
    mix(r.goal as u64 + 900);
    for &s in &r.holes {
        mix(1000 + s as u64);
    }
    mix(r.first as u64 + 1100);
    h | 1
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_preset_is_valid_and_standard_is_standard() {
        for p in PRESETS {
            let v = Variant::preset(p).unwrap_or_else(|| panic!("{p}"));
            assert_eq!(v.name(), p);
            assert_eq!(v.standard, p == "standard", "{p}");
        }
        let s = Variant::standard();
        assert_eq!(s.rules.start_red, vec![0, 1, 2, 5, 6, 10]);
        assert_eq!(s.rules.start_blue, vec![24, 23, 22, 19, 18, 14]);
        assert_eq!(s.salt, 0);
        assert!(std::ptr::eq(s, Variant::preset("standard").unwrap()));
    }

    #[test]
    fn triangles() {
        assert_eq!(triangle(3, 3, 3).unwrap(), vec![0, 1, 3]);
        assert_eq!(triangle(6, 6, 10).unwrap().len(), 10);
        assert_eq!(triangle(5, 5, 4).unwrap(), vec![0, 1, 2, 5]);
        assert!(triangle(2, 2, 6).is_err());
    }

    #[test]
    fn two_dice_weights() {
        let v = Variant::preset("6x6").unwrap();
        assert_eq!(v.total_weight, 36);
        assert_eq!(v.outcomes.iter().find(|o| o.0 == 7).unwrap().1, 6);
        // 7 is not a cube: the nearest survivors 6 and 8 may move.
        assert_eq!(v.movable(v.full_mask, 7), 1 << 5 | 1 << 7);
    }

    #[test]
    fn pass_substitution_moves_nothing() {
        let v = Variant::preset("backrank").unwrap();
        assert_eq!(v.movable(0b111110, 1), 0);
        assert_eq!(v.movable(0b111110, 2), 0b10);
    }

    #[test]
    fn invalid_rules_are_named() {
        let mut r = preset_rules("3x3").unwrap();
        r.cubes = vec![1, 2, 3, 4];
        assert!(
            r.validate()
                .unwrap_err()
                .to_string()
                .contains("start squares")
        );
        let mut r = preset_rules("standard").unwrap();
        r.holes = vec![24];
        assert!(
            r.validate()
                .unwrap_err()
                .to_string()
                .contains("e1 is a start square")
        );
        // Blue starting elsewhere frees e1, which is still Red's goal.
        r.start_blue = vec![23, 22, 21, 19, 18, 17];
        assert!(
            r.validate()
                .unwrap_err()
                .to_string()
                .contains("holes: e1 is a goal square")
        );
        let mut r = preset_rules("standard").unwrap();
        r.rows = 9;
        assert!(r.validate().unwrap_err().to_string().contains("rows"));
        // A side that can never move: one cube 2, a die that only rolls 1, no substitute.
        let mut r = preset_rules("backrank").unwrap();
        (r.cubes, r.dice, r.start_red, r.start_blue) = (vec![2], Dice::Die(1), vec![2], vec![22]);
        let e = r.validate().unwrap_err().to_string();
        assert!(e.contains("cube 2 could never move"), "{e}");
        // With "nearest" the roll moves the cube there is.
        r.substitute = Substitute::Nearest;
        r.validate().unwrap();
        // Too many start squares is said the right way round.
        let mut r = preset_rules("3x3").unwrap();
        r.start_red.push(8);
        let e = r.validate().unwrap_err().to_string();
        assert!(e.contains("more start squares than cubes"), "{e}");
    }

    #[test]
    fn rule_sets_that_can_stick_a_side_for_good_are_refused() {
        // e09: nearest, no own captures, a d2 that never rolls cube 3: refused.
        let mut r = preset_rules("4x4").unwrap();
        (r.cubes, r.dice, r.own_capture) = (vec![1, 2, 3], Dice::Die(2), false);
        let e = r.validate().unwrap_err().to_string();
        assert!(
            e.contains("cube 3 is never rolled") && e.contains("own_capture"),
            "{e}"
        );
        // Own captures, or dice that roll every cube, unblock it.
        r.own_capture = true;
        r.validate().unwrap();
        (r.own_capture, r.dice) = (false, Dice::Die(3));
        r.validate().unwrap();
        // Forward steps with only the corner a goal strand a cube on the far rank.
        let mut r = preset_rules("standard").unwrap();
        r.moves = Moves::Forward;
        let e = r.validate().unwrap_err().to_string();
        assert!(
            e.contains("forward") && e.contains("goal = \"rank\""),
            "{e}"
        );
        r.goal = Goal::Rank;
        r.validate().unwrap();
    }
}
