//! Events played in rounds: a Swiss system and a seeded knockout. Each pairing of a round plays a
//! mini-match of `G` games (`--games-per-round`, even): pairs of games on the same dice with the
//! colours swapped, the first mover alternating between pairs, as in every match.
//!
//! Everything here is a function of the players' order and the records of the rounds before, so a
//! resumed event pairs exactly as the interrupted one did, and `ewn stats` rebuilds the standings
//! from the records alone. Game numbers follow from the round and the pairing's place
//! ([`swiss_number`], [`knockout_number`]); how pairings, byes and tie-breaks are chosen is stated
//! in `protocol/records.md`.

use std::collections::{BTreeMap, HashSet};
use std::fmt::Write as _;

use crate::record::GameRecord;
use crate::rules::board::Color;

/// Tie-break pairs a tied knockout mini-match may add before the higher seed goes through.
pub const MAX_TIEBREAK_PAIRS: u64 = 4;

/// The number of game `g` (0-based) of pairing `p` in Swiss round `r` (0-based) of `n` players.
pub fn swiss_number(n: usize, games: u64, r: u64, p: u64, g: u64) -> u64 {
    r * (n as u64 / 2) * games + p * games + g + 1
}

/// Games a knockout pairing may take: its mini-match and its tie-break pairs.
pub fn knockout_stride(games: u64) -> u64 {
    games + 2 * MAX_TIEBREAK_PAIRS
}

/// The number of game `g` (0-based, tie-breaks after the mini-match) of the pairing at place `p`
/// of knockout round `r` in a bracket of `size` places.
pub fn knockout_number(size: usize, games: u64, r: u64, p: u64, g: u64) -> u64 {
    (r * (size as u64 / 2) + p) * knockout_stride(games) + g + 1
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
    /// Per round: the opponent (None: a bye) and the games won and lost against it.
    pub rounds: Vec<Option<(usize, u64, u64)>>,
}

/// The result of each mini-match of the Swiss rounds in `records`: `(round, a, b, a's wins, b's
/// wins)` with `a` the pairing's first-named player, and the players without a game in a round
/// (their bye) per round.
type Rounds = (Vec<(u64, usize, usize, u64, u64)>, Vec<Vec<usize>>);

fn swiss_rounds(n: usize, games: u64, records: &[GameRecord], names: &[String]) -> Rounds {
    let per_round = (n as u64 / 2) * games;
    let mut mm: BTreeMap<(u64, u64), (usize, usize, u64, u64)> = BTreeMap::new();
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
        let e = mm.entry((r, p)).or_insert((a, b, 0, 0));
        let a_won = (w == Color::Red) == (a == red);
        if a_won {
            e.2 += 1;
        } else {
            e.3 += 1;
        }
    }
    let played: Vec<(u64, usize, usize, u64, u64)> = mm
        .into_iter()
        .map(|((r, _), (a, b, wa, wb))| (r, a, b, wa, wb))
        .collect();
    let last = played.iter().map(|m| m.0 + 1).max().unwrap_or(0);
    let byes = (0..last)
        .map(|r| {
            let seen: HashSet<usize> = played
                .iter()
                .filter(|m| m.0 == r)
                .flat_map(|m| [m.1, m.2])
                .collect();
            (0..n).filter(|i| !seen.contains(i)).collect()
        })
        .collect();
    (played, byes)
}

/// The Swiss standings after the rounds in `records` (only whole rounds should be given),
/// best first: match points, then Buchholz, then Sonneborn-Berger, then games won, then the
/// order of entry.
pub fn swiss_standings(names: &[String], games: u64, records: &[GameRecord]) -> Vec<Standing> {
    let n = names.len();
    let (played, byes) = swiss_rounds(n, games, records, names);
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
    for &(r, a, b, wa, wb) in &played {
        let pa = match wa.cmp(&wb) {
            std::cmp::Ordering::Greater => 1.0,
            std::cmp::Ordering::Equal => 0.5,
            std::cmp::Ordering::Less => 0.0,
        };
        for (i, j, w, l, p) in [(a, b, wa, wb, pa), (b, a, wb, wa, 1.0 - pa)] {
            s[i].points += p;
            s[i].games_won += w;
            s[i].games += w + l;
            s[i].rounds[r as usize] = Some((j, w, l));
            against[i][j] += p;
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
        for &(j, _, _) in x.rounds.iter().flatten() {
            x.buchholz += points[j];
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
pub fn swiss_met(names: &[String], games: u64, records: &[GameRecord]) -> HashSet<(usize, usize)> {
    let (played, _) = swiss_rounds(names.len(), games, records, names);
    played
        .iter()
        .flat_map(|m| [(m.1, m.2), (m.2, m.1)])
        .collect()
}

/// A round's pairings `(first-named, second)` and the player with the bye, if any.
pub type Pairings = (Vec<(usize, usize)>, Option<usize>);

/// The pairings of the next Swiss round and its bye, from the standings so far: the bye goes to
/// the lowest-placed player who has had none; then, from the top, each player meets, within its
/// score group, the player half a group below (the top half against the bottom half), else the
/// nearest below it, never one it has met. None if no pairing without a repeat exists.
pub fn swiss_pairings(standings: &[Standing], met: &HashSet<(usize, usize)>) -> Option<Pairings> {
    let order: Vec<usize> = standings.iter().map(|s| s.player).collect();
    let points: BTreeMap<usize, f64> = standings.iter().map(|s| (s.player, s.points)).collect();
    let had_bye = |p: usize| {
        standings
            .iter()
            .find(|s| s.player == p)
            .is_some_and(|s| s.rounds.iter().any(Option::is_none))
    };
    let mut budget = 200_000u64;
    if order.len().is_multiple_of(2) {
        return pair_rest(&order, &points, met, &mut budget).map(|p| (p, None));
    }
    for &bye in order.iter().rev().filter(|&&p| !had_bye(p)) {
        let rest: Vec<usize> = order.iter().copied().filter(|&p| p != bye).collect();
        if let Some(p) = pair_rest(&rest, &points, met, &mut budget) {
            return Some((p, Some(bye)));
        }
    }
    None
}

fn pair_rest(
    rest: &[usize],
    points: &BTreeMap<usize, f64>,
    met: &HashSet<(usize, usize)>,
    budget: &mut u64,
) -> Option<Vec<(usize, usize)>> {
    let Some((&top, others)) = rest.split_first() else {
        return Some(Vec::new());
    };
    if *budget == 0 {
        return None;
    }
    *budget -= 1;
    let group: Vec<usize> = others
        .iter()
        .copied()
        .filter(|p| points[p] == points[&top])
        .collect();
    // The group with `top` in it has group.len() + 1 players; its partner is half of it below.
    let half = group.len().div_ceil(2);
    let mut candidates: Vec<usize> = group[half.saturating_sub(1).min(group.len())..].to_vec();
    candidates.extend(&group[..half.saturating_sub(1).min(group.len())]);
    candidates.extend(others.iter().copied().filter(|p| !group.contains(p)));
    for c in candidates {
        if met.contains(&(top, c)) {
            continue;
        }
        let left: Vec<usize> = others.iter().copied().filter(|&p| p != c).collect();
        if let Some(mut p) = pair_rest(&left, points, met, budget) {
            p.insert(0, (top, c));
            return Some(p);
        }
    }
    None
}

/// The places of the seeds in a knockout bracket of `size` places (a power of two): seed 1 and
/// seed 2 can meet only in the final, 1 meets `size` first, and so on. 0-based seeds.
pub fn bracket(size: usize) -> Vec<usize> {
    let mut order = vec![0usize];
    while order.len() < size {
        let m = order.len() * 2;
        order = order.iter().flat_map(|&s| [s, m - 1 - s]).collect();
    }
    order
}

/// A knockout game still to play: `(round, place, game index)`.
pub type Todo = (u64, u64, u64);

/// One knockout pairing as played: its players (None: a bye), the games each won, and who went
/// through.
#[derive(Clone, Debug, PartialEq)]
pub struct Tie {
    pub a: Option<usize>,
    pub b: Option<usize>,
    pub wins: (u64, u64),
    pub through: Option<usize>,
}

/// The knockout so far, round by round, from the records: each round's pairings with their
/// results. A pairing is decided when its mini-match is played and not tied, or its tie-break pair
/// broke the tie, or all [`MAX_TIEBREAK_PAIRS`] were played (then the higher seed goes through).
/// Returns the rounds and, for the first undecided round, the games still to play per pairing:
/// `(round, place, game index)`.
pub fn knockout(
    n: usize,
    games: u64,
    records: &[GameRecord],
    names: &[String],
) -> (Vec<Vec<Tie>>, Vec<Todo>) {
    let size = n.next_power_of_two().max(2);
    let by_number: BTreeMap<u64, &GameRecord> = records.iter().map(|g| (g.number, g)).collect();
    let index = |s: &str| names.iter().position(|x| x == s);
    let mut entrants: Vec<Option<usize>> = bracket(size)
        .into_iter()
        .map(|s| (s < n).then_some(s))
        .collect();
    let mut rounds = Vec::new();
    let mut r = 0u64;
    while entrants.len() >= 2 {
        let mut ties = Vec::new();
        let mut todo = Vec::new();
        for (p, two) in entrants.chunks(2).enumerate() {
            let (a, b) = (two[0], two[1]);
            let mut tie = Tie {
                a,
                b,
                wins: (0, 0),
                through: None,
            };
            match (a, b) {
                (Some(x), None) | (None, Some(x)) => tie.through = Some(x),
                (None, None) => {}
                (Some(a), Some(b)) => {
                    // The mini-match, then a tie-break pair at a time while it is tied.
                    let (mut g, mut end) = (0, games);
                    loop {
                        let mut missing = false;
                        while g < end {
                            let number = knockout_number(size, games, r, p as u64, g);
                            match by_number.get(&number).filter(|rec| rec.winner.is_some()) {
                                Some(rec) => {
                                    let a_red = index(&rec.red) == Some(a);
                                    if (rec.winner == Some(Color::Red)) == a_red {
                                        tie.wins.0 += 1;
                                    } else {
                                        tie.wins.1 += 1;
                                    }
                                }
                                None => {
                                    missing = true;
                                    todo.push((r, p as u64, g));
                                }
                            }
                            g += 1;
                        }
                        if missing {
                            break;
                        }
                        if tie.wins.0 != tie.wins.1 {
                            tie.through = Some(if tie.wins.0 > tie.wins.1 { a } else { b });
                            break;
                        }
                        if end >= knockout_stride(games) {
                            // Still tied: the higher seed (entered earlier) goes through.
                            tie.through = Some(a.min(b));
                            break;
                        }
                        end += 2;
                    }
                }
            }
            ties.push(tie);
        }
        let decided = ties.iter().all(|t| t.through.is_some() || t.a.is_none());
        rounds.push(ties);
        if !decided {
            return (rounds, todo);
        }
        entrants = rounds
            .last()
            .expect("just pushed")
            .iter()
            .map(|t| t.through)
            .collect();
        r += 1;
    }
    (rounds, Vec::new())
}

/// The Swiss standings as text: rank, player, points, tie-breaks, games, and each round's
/// opponent (by rank) with the games won and lost.
pub fn swiss_text(names: &[String], standings: &[Standing]) -> String {
    let width = names
        .iter()
        .map(|s| s.chars().count())
        .max()
        .unwrap_or(0)
        .max(6);
    let rank_of: BTreeMap<usize, usize> = standings
        .iter()
        .enumerate()
        .map(|(k, s)| (s.player, k + 1))
        .collect();
    let mut out = String::from(
        "Standings (match points; tie-breaks Buchholz, Sonneborn-Berger, games won):\n",
    );
    let _ = writeln!(
        out,
        "  {:>2}  {:<width$}  {:>6}  {:>6}  {:>6}  {:>7}  rounds (opponent's rank: won-lost)",
        "#", "player", "points", "buch", "sb", "games"
    );
    for (k, s) in standings.iter().enumerate() {
        let rounds: Vec<String> = s
            .rounds
            .iter()
            .map(|r| match r {
                None => "bye".to_string(),
                Some((j, w, l)) => format!("{}:{w}-{l}", rank_of[j]),
            })
            .collect();
        let _ = writeln!(
            out,
            "  {:>2}  {:<width$}  {:>6.1}  {:>6.1}  {:>6.2}  {:>7}  {}",
            k + 1,
            names[s.player],
            s.points,
            s.buchholz,
            s.sonneborn,
            format!("{}/{}", s.games_won, s.games),
            rounds.join(" ")
        );
    }
    out
}

/// The knockout as text: each round's pairings, their games and who went through.
pub fn knockout_text(names: &[String], rounds: &[Vec<Tie>]) -> String {
    let mut out = String::from("Knockout:\n");
    for (r, ties) in rounds.iter().enumerate() {
        let _ = writeln!(out, "  round {}:", r + 1);
        for t in ties {
            let name = |p: Option<usize>| p.map_or("(bye)", |i| names[i].as_str());
            let line = match (t.a, t.b) {
                (Some(_), Some(_)) => {
                    format!("{} {}-{} {}", name(t.a), t.wins.0, t.wins.1, name(t.b))
                }
                _ => format!("{} vs {}", name(t.a), name(t.b)),
            };
            let through = match t.through {
                Some(p) => format!(": {} through", names[p]),
                None if t.a.is_some() && t.b.is_some() => ": playing".to_string(),
                None => String::new(),
            };
            let _ = writeln!(out, "    {line}{through}");
        }
    }
    out
}

/// The players of an event's records in their order of entry, which the pairings and the
/// tie-breaks depend on, read from its first round: Swiss pairing `p` of round 1 is entry `p`
/// against entry `p + m` (`m` the pairings of a round; with an odd number of players the last
/// entry had the bye), and knockout place `p` holds the seeds of [`bracket`]. `seen` are the
/// players in any order. None when the records do not read as such an event.
pub fn entry_order(
    knockout: bool,
    games: u64,
    records: &[GameRecord],
    seen: &[String],
) -> Option<Vec<String>> {
    let n = seen.len();
    let by_number: BTreeMap<u64, &GameRecord> = records.iter().map(|g| (g.number, g)).collect();
    let mut order: Vec<Option<String>> = vec![None; n];
    // The first-named player of a pairing is Red in its first game.
    let first = |number: u64| {
        by_number
            .get(&number)
            .map(|g| (g.red.clone(), g.blue.clone()))
    };
    if !knockout {
        let m = n / 2;
        for p in 0..m {
            let (a, b) = first(swiss_number(n, games, 0, p as u64, 0))?;
            order[p] = Some(a);
            order[p + m] = Some(b);
        }
    } else {
        let size = n.next_power_of_two().max(2);
        let seeds = bracket(size);
        for p in 0..size / 2 {
            let (s1, s2) = (seeds[2 * p], seeds[2 * p + 1]);
            match first(knockout_number(size, games, 0, p as u64, 0)) {
                Some((a, b)) => {
                    *order.get_mut(s1)? = Some(a);
                    *order.get_mut(s2)? = Some(b);
                }
                None => {
                    // A bye: its player is the one coming from this place in round 2.
                    let (a, b) = first(knockout_number(size, games, 1, p as u64 / 2, 0))?;
                    *order.get_mut(s1.min(s2))? = Some(if p % 2 == 0 { a } else { b });
                }
            }
        }
    }
    let placed: HashSet<&String> = order.iter().flatten().collect();
    let missing: Vec<&String> = seen.iter().filter(|s| !placed.contains(s)).collect();
    // The Swiss bye of round 1, with an odd number of players.
    if let ([one], Some(slot)) = (&missing[..], order.iter_mut().find(|o| o.is_none())) {
        *slot = Some((*one).clone());
    }
    order.into_iter().collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_bracket_keeps_the_top_seeds_apart() {
        assert_eq!(bracket(2), vec![0, 1]);
        assert_eq!(bracket(4), vec![0, 3, 1, 2]);
        assert_eq!(bracket(8), vec![0, 7, 3, 4, 1, 6, 2, 5]);
    }

    fn standing(player: usize, points: f64) -> Standing {
        Standing {
            player,
            points,
            ..Standing::default()
        }
    }

    #[test]
    fn swiss_pairs_the_top_half_of_a_group_with_its_bottom_half_without_repeats() {
        let s: Vec<Standing> = (0..4).map(|p| standing(p, 1.0)).collect();
        let (p, bye) = swiss_pairings(&s, &HashSet::new()).unwrap();
        assert_eq!((p, bye), (vec![(0, 2), (1, 3)], None));
        // 0 met 2: it meets 3 (then 1 meets 2).
        let met = HashSet::from([(0, 2), (2, 0)]);
        assert_eq!(swiss_pairings(&s, &met).unwrap().0, vec![(0, 3), (1, 2)]);
        // Everyone met everyone: no pairing.
        let all: HashSet<(usize, usize)> = (0..4)
            .flat_map(|i| (0..4).filter(move |&j| j != i).map(move |j| (i, j)))
            .collect();
        assert!(swiss_pairings(&s, &all).is_none());
    }

    #[test]
    fn the_bye_goes_to_the_lowest_placed_player_without_one() {
        let mut s: Vec<Standing> = (0..5).map(|p| standing(p, (5 - p) as f64)).collect();
        let (_, bye) = swiss_pairings(&s, &HashSet::new()).unwrap();
        assert_eq!(bye, Some(4));
        s[4].rounds = vec![None];
        let (p, bye) = swiss_pairings(&s, &HashSet::new()).unwrap();
        assert_eq!(bye, Some(3));
        assert_eq!(p.len(), 2);
        assert!(p.iter().all(|&(a, b)| a != 3 && b != 3));
    }

    fn game(number: u64, red: &str, blue: &str, red_wins: bool) -> GameRecord {
        use crate::record::{Reason, Start};
        GameRecord {
            number,
            match_id: None,
            seed: None,
            date: String::new(),
            red: red.into(),
            blue: blue.into(),
            start: Start::standard([1, 2, 3, 4, 5, 6], [1, 2, 3, 4, 5, 6], Color::Red),
            plies: Vec::new(),
            winner: Some(if red_wins { Color::Red } else { Color::Blue }),
            reason: Reason::Time,
            detail: String::new(),
        }
    }

    #[test]
    fn standings_and_tie_breaks_as_documented() {
        let names: Vec<String> = ["A", "B", "C", "D"].map(String::from).to_vec();
        // Round 1, two games a pairing: A beats C twice; B and D win one each.
        let records = [
            game(1, "A", "C", true),
            game(2, "C", "A", false),
            game(3, "B", "D", true),
            game(4, "D", "B", true),
        ];
        let s = swiss_standings(&names, 2, &records);
        let order: Vec<&str> = s.iter().map(|x| names[x.player].as_str()).collect();
        // B and D are level on everything: the order of entry decides.
        assert_eq!(order, ["A", "B", "D", "C"]);
        let of = |p: &str| s.iter().find(|x| names[x.player] == p).unwrap().clone();
        assert_eq!(
            (of("A").points, of("A").buchholz, of("A").sonneborn),
            (1.0, 0.0, 0.0)
        );
        assert_eq!(
            (of("B").points, of("B").buchholz, of("B").sonneborn),
            (0.5, 0.5, 0.25)
        );
        assert_eq!(
            (of("C").points, of("C").buchholz, of("C").sonneborn),
            (0.0, 1.0, 0.0)
        );
        assert_eq!(of("C").rounds, vec![Some((0, 0, 2))]);
        // Round 2 pairs the score groups: A (1) meets the top of the 0.5 group it has not met,
        // then the rest; nobody meets an earlier opponent.
        let met = swiss_met(&names, 2, &records);
        let (pairs, bye) = swiss_pairings(&s, &met).unwrap();
        assert_eq!(bye, None);
        assert_eq!(pairs, vec![(0, 1), (3, 2)]);
        assert_eq!(
            entry_order(false, 2, &records, &["C", "A", "D", "B"].map(String::from)),
            Some(names.clone())
        );
    }

    #[test]
    fn a_tied_knockout_mini_match_goes_to_tie_break_pairs() {
        let names: Vec<String> = ["A", "B"].map(String::from).to_vec();
        let mut records = vec![game(1, "A", "B", true), game(2, "B", "A", true)];
        let (rounds, todo) = knockout(2, 2, &records, &names);
        assert_eq!(rounds[0][0].wins, (1, 1));
        assert_eq!(rounds[0][0].through, None);
        assert_eq!(todo, vec![(0, 0, 2), (0, 0, 3)]);
        // A tie-break pair split again: one more; B wins the next pair outright.
        records.extend([game(3, "A", "B", false), game(4, "B", "A", false)]);
        records.extend([game(5, "A", "B", false), game(6, "B", "A", true)]);
        let (rounds, todo) = knockout(2, 2, &records, &names);
        assert!(todo.is_empty());
        assert_eq!((rounds[0][0].wins, rounds[0][0].through), ((2, 4), Some(1)));
        // Every tie-break pair split: the higher seed (A, entered first) goes through.
        let split: Vec<GameRecord> = (0..knockout_stride(2))
            .map(|g| {
                let (red, blue) = if g % 2 == 0 { ("A", "B") } else { ("B", "A") };
                game(g + 1, red, blue, true)
            })
            .collect();
        let (rounds, todo) = knockout(2, 2, &split, &names);
        assert!(todo.is_empty());
        assert_eq!(rounds[0][0].through, Some(0));
    }
}
