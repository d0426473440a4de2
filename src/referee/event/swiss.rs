//! The Swiss system's standings, from the records alone: each mini-match's result, match points
//! and the tie-breaks (Buchholz, Sonneborn-Berger, games won), who met whom, and where a game of a
//! Swiss event is numbered. How the next round is paired from them is `swiss_pairing`'s.

use std::collections::{BTreeMap, HashSet};

use super::GameAt;
use crate::record::GameRecord;
use crate::rules::board::Color;

/// The number of the game `at` in a Swiss event of `n` players with `games` games a pairing.
pub fn number(n: usize, games: u64, at: GameAt) -> u64 {
    at.round * (n as u64 / 2) * games + at.pairing * games + at.game + 1
}

/// The most rounds `n` players can play without a repeat: a round robin's (with an odd number,
/// each player sits one round out).
pub fn max_rounds(n: usize) -> u64 {
    (n.saturating_sub(1) + n % 2) as u64
}

/// One player's line of the standings.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct Standing {
    pub player: usize,
    /// Match points: a mini-match won 1, tied 1/2, lost 0; a bye 1.
    pub points: f64,
    /// The sum of the opponents' match points.
    pub buchholz: f64,
    /// Sonneborn-Berger: the sum of each opponent's match points times the points scored
    /// against it.
    pub sonneborn: f64,
    /// Games won, over all mini-matches.
    pub games_won: u64,
    pub games: u64,
    /// Per round: the mini-match played, or None for a bye.
    pub rounds: Vec<Option<RoundResult>>,
}

/// One player's mini-match of a round: its opponent and the games it won and lost against it.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct RoundResult {
    pub opponent: usize,
    pub won: u64,
    pub lost: u64,
}

/// One mini-match of a Swiss round as played: `a` the pairing's first-named player.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
struct MiniMatch {
    round: u64,
    a: usize,
    b: usize,
    a_wins: u64,
    b_wins: u64,
}

/// The Swiss rounds in some records: each mini-match's result, and per round the players
/// without a game (their bye).
struct Rounds {
    played: Vec<MiniMatch>,
    byes: Vec<Vec<usize>>,
}

fn rounds_played(n: usize, games: u64, records: &[GameRecord], names: &[String]) -> Rounds {
    let per_round = (n as u64 / 2) * games;
    let mut mm: BTreeMap<(u64, u64), MiniMatch> = BTreeMap::new();
    let index = |s: &str| names.iter().position(|x| x == s);
    for g in records {
        let (Some(red), Some(blue), Some(w)) = (index(&g.red), index(&g.blue), g.winner) else {
            continue;
        };
        let k = g.number - 1;
        let (r, p) = (k / per_round.max(1), (k % per_round.max(1)) / games);
        // The first-named player is Red in the pairing's first game, and in every odd game.
        let (a, b) = if (k % games).is_multiple_of(2) {
            (red, blue)
        } else {
            (blue, red)
        };
        let e = mm.entry((r, p)).or_insert(MiniMatch {
            round: r,
            a,
            b,
            a_wins: 0,
            b_wins: 0,
        });
        let a_won = (w == Color::Red) == (a == red);
        if a_won {
            e.a_wins += 1;
        } else {
            e.b_wins += 1;
        }
    }
    let played: Vec<MiniMatch> = mm.into_values().collect();
    let last = played.iter().map(|m| m.round + 1).max().unwrap_or(0);
    let byes = (0..last)
        .map(|r| {
            let seen: HashSet<usize> = played
                .iter()
                .filter(|m| m.round == r)
                .flat_map(|m| [m.a, m.b])
                .collect();
            (0..n).filter(|i| !seen.contains(i)).collect()
        })
        .collect();
    Rounds { played, byes }
}

/// The Swiss standings after the rounds in `records` (only whole rounds should be given),
/// best first: match points, then Buchholz, then Sonneborn-Berger, then games won, then the
/// order of entry.
pub fn standings(names: &[String], games: u64, records: &[GameRecord]) -> Vec<Standing> {
    let n = names.len();
    let Rounds { played, byes } = rounds_played(n, games, records, names);
    let rounds = byes.len();
    let mut s: Vec<Standing> = (0..n)
        .map(|player| Standing {
            player,
            rounds: vec![None; rounds],
            ..Standing::default()
        })
        .collect();
    // Points scored by i against j, summed over their mini-matches.
    let mut against: Vec<Vec<f64>> = vec![vec![0.0; n]; n];
    for m in &played {
        let a_points = match m.a_wins.cmp(&m.b_wins) {
            std::cmp::Ordering::Greater => 1.0,
            std::cmp::Ordering::Equal => 0.5,
            std::cmp::Ordering::Less => 0.0,
        };
        // Each side of the mini-match, as its player saw it.
        let sides = [
            (m.a, m.b, m.a_wins, m.b_wins, a_points),
            (m.b, m.a, m.b_wins, m.a_wins, 1.0 - a_points),
        ];
        for (player, opponent, won, lost, points) in sides {
            let x = &mut s[player];
            x.points += points;
            x.games_won += won;
            x.games += won + lost;
            x.rounds[m.round as usize] = Some(RoundResult {
                opponent,
                won,
                lost,
            });
            against[player][opponent] += points;
        }
    }
    for (r, bye) in byes.iter().enumerate() {
        for &i in bye {
            s[i].points += 1.0;
            s[i].rounds[r] = None;
        }
    }
    let points: Vec<f64> = s.iter().map(|x| x.points).collect();
    for x in s.iter_mut() {
        for r in x.rounds.iter().flatten() {
            x.buchholz += points[r.opponent];
        }
        x.sonneborn = (0..n).map(|j| against[x.player][j] * points[j]).sum();
    }
    s.sort_by(|x, y| {
        y.points
            .total_cmp(&x.points)
            .then(y.buchholz.total_cmp(&x.buchholz))
            .then(y.sonneborn.total_cmp(&x.sonneborn))
            .then(y.games_won.cmp(&x.games_won))
            .then(x.player.cmp(&y.player))
    });
    s
}

/// Who met whom in the rounds of `records`.
pub fn met(names: &[String], games: u64, records: &[GameRecord]) -> HashSet<(usize, usize)> {
    rounds_played(names.len(), games, records, names)
        .played
        .iter()
        .flat_map(|m| [(m.a, m.b), (m.b, m.a)])
        .collect()
}
