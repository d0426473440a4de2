//! The seeded knockout: where the seeds stand in the bracket, how a game of it is numbered, and
//! the bracket so far from the records alone: each pairing's mini-match, its tie-break pairs
//! while it is tied, and who went through.

use std::collections::BTreeMap;

use super::GameAt;
use crate::record::GameRecord;
use crate::rules::board::Color;

/// Tie-break pairs a tied knockout mini-match may add before the higher seed goes through.
pub const MAX_TIEBREAK_PAIRS: u64 = 4;

/// Games a knockout pairing may take: its mini-match and its tie-break pairs.
pub fn stride(games: u64) -> u64 {
    games + 2 * MAX_TIEBREAK_PAIRS
}

/// The number of the game `at` (the pairing is its place in the round) in a knockout bracket
/// of `size` places with `games` games a pairing.
pub fn number(size: usize, games: u64, at: GameAt) -> u64 {
    (at.round * (size as u64 / 2) + at.pairing) * stride(games) + at.game + 1
}

/// The places of the seeds in a knockout bracket of `size` places (a power of two): seed 1 and
/// seed 2 can meet only in the final, 1 meets `size` first, and so on. 0-based seeds.
pub fn seed_places(size: usize) -> Vec<usize> {
    let mut order = vec![0usize];
    while order.len() < size {
        let m = order.len() * 2;
        order = order.iter().flat_map(|&s| [s, m - 1 - s]).collect();
    }
    order
}

/// One knockout pairing as played: its players (None: a bye), the games each won, and who went
/// through.
#[derive(Clone, Debug, PartialEq)]
pub struct Tie {
    pub a: Option<usize>,
    pub b: Option<usize>,
    pub a_wins: u64,
    pub b_wins: u64,
    pub through: Option<usize>,
}

/// The knockout so far: each round's pairings with their results, and the games of the first
/// undecided round still to play (none once a champion is known).
#[derive(Clone, Debug, PartialEq)]
pub struct Bracket {
    pub rounds: Vec<Vec<Tie>>,
    pub to_play: Vec<GameAt>,
}

/// The knockout of `n` players with `games` games a pairing, round by round, from the records.
/// A pairing is decided when its mini-match is played and not tied, or its tie-break pair broke
/// the tie, or all [`MAX_TIEBREAK_PAIRS`] were played (then the higher seed goes through).
pub fn bracket(n: usize, games: u64, records: &[GameRecord], names: &[String]) -> Bracket {
    let size = n.next_power_of_two().max(2);
    let played = Played {
        size,
        games,
        by_number: records.iter().map(|g| (g.number, g)).collect(),
        names,
    };
    let mut entrants: Vec<Option<usize>> = seed_places(size)
        .into_iter()
        .map(|s| (s < n).then_some(s))
        .collect();
    let mut rounds: Vec<Vec<Tie>> = Vec::new();
    let mut r = 0u64;
    while entrants.len() >= 2 {
        let mut to_play = Vec::new();
        let ties: Vec<Tie> = entrants
            .chunks(2)
            .enumerate()
            .map(|(p, two)| played.tie(GameAt::new(r, p as u64, 0), two[0], two[1], &mut to_play))
            .collect();
        let decided = ties.iter().all(|t| t.through.is_some() || t.a.is_none());
        entrants = ties.iter().map(|t| t.through).collect();
        rounds.push(ties);
        if !decided {
            return Bracket { rounds, to_play };
        }
        r += 1;
    }
    Bracket {
        rounds,
        to_play: Vec::new(),
    }
}

/// The records of a knockout by game number, and what numbers its games.
struct Played<'a> {
    size: usize,
    games: u64,
    by_number: BTreeMap<u64, &'a GameRecord>,
    names: &'a [String],
}

impl Played<'_> {
    /// The pairing of `a` and `b` at `at` (its first game): a bye goes through; two players play
    /// the mini-match, then a tie-break pair at a time while it is tied. Its games not played
    /// yet are added to `to_play`.
    fn tie(
        &self,
        at: GameAt,
        a: Option<usize>,
        b: Option<usize>,
        to_play: &mut Vec<GameAt>,
    ) -> Tie {
        let mut tie = Tie {
            a,
            b,
            a_wins: 0,
            b_wins: 0,
            through: None,
        };
        let (a, b) = match (a, b) {
            (Some(x), None) | (None, Some(x)) => {
                tie.through = Some(x);
                return tie;
            }
            (None, None) => return tie,
            (Some(a), Some(b)) => (a, b),
        };
        let (mut g, mut end) = (0, self.games);
        loop {
            let mut missing = false;
            while g < end {
                let game = GameAt::new(at.round, at.pairing, g);
                match self.a_won(game, a) {
                    Some(true) => tie.a_wins += 1,
                    Some(false) => tie.b_wins += 1,
                    None => {
                        missing = true;
                        to_play.push(game);
                    }
                }
                g += 1;
            }
            if missing {
                return tie;
            }
            if tie.a_wins != tie.b_wins {
                tie.through = Some(if tie.a_wins > tie.b_wins { a } else { b });
                return tie;
            }
            if end >= stride(self.games) {
                // Still tied: the higher seed (entered earlier) goes through.
                tie.through = Some(a.min(b));
                return tie;
            }
            end += 2;
        }
    }

    /// Whether `a` won the game `at`, if it was played and won: `a` is Red there or Blue (a game
    /// whose Red is not `a` counts as `a`'s Blue).
    fn a_won(&self, at: GameAt, a: usize) -> Option<bool> {
        let rec = self.by_number.get(&number(self.size, self.games, at))?;
        let a_red = self.names.iter().position(|x| *x == rec.red) == Some(a);
        Some((rec.winner? == Color::Red) == a_red)
    }
}
