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

/// Where a game stands in an event, every part 0-based: its round, its pairing's place in the
/// round, and its index in the pairing's games (a knockout's tie-breaks after its mini-match).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct GameAt {
    pub round: u64,
    pub pairing: u64,
    pub game: u64,
}

impl GameAt {
    pub fn new(round: u64, pairing: u64, game: u64) -> GameAt {
        GameAt {
            round,
            pairing,
            game,
        }
    }
}

/// Which kind of event in rounds.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum EventKind {
    Swiss,
    Knockout,
}

/// The number of the game `at` in a Swiss event of `n` players with `games` games a pairing.
pub fn swiss_number(n: usize, games: u64, at: GameAt) -> u64 {
    at.round * (n as u64 / 2) * games + at.pairing * games + at.game + 1
}

/// Games a knockout pairing may take: its mini-match and its tie-break pairs.
pub fn knockout_stride(games: u64) -> u64 {
    games + 2 * MAX_TIEBREAK_PAIRS
}

/// The number of the game `at` (the pairing is its place in the round) in a knockout bracket
/// of `size` places with `games` games a pairing.
pub fn knockout_number(size: usize, games: u64, at: GameAt) -> u64 {
    (at.round * (size as u64 / 2) + at.pairing) * knockout_stride(games) + at.game + 1
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

fn swiss_rounds(n: usize, games: u64, records: &[GameRecord], names: &[String]) -> Rounds {
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
pub fn swiss_standings(names: &[String], games: u64, records: &[GameRecord]) -> Vec<Standing> {
    let n = names.len();
    let Rounds { played, byes } = swiss_rounds(n, games, records, names);
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
        let (r, a, b, wa, wb) = (m.round, m.a, m.b, m.a_wins, m.b_wins);
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
    swiss_rounds(names.len(), games, records, names)
        .played
        .iter()
        .flat_map(|m| [(m.a, m.b), (m.b, m.a)])
        .collect()
}

/// A round's pairings `(first-named, second)`, the player with the bye, if any, and the
/// pairings among them that repeat an earlier one (empty unless no other pairing exists).
#[derive(Clone, Debug, Default, PartialEq)]
pub struct Pairings {
    pub pairs: Vec<(usize, usize)>,
    pub bye: Option<usize>,
    pub repeats: Vec<(usize, usize)>,
}

/// Search steps the pairing of one round may take. Counted, not timed, so that the pairing is
/// a function of the records alone and a resumed event pairs as the interrupted one did.
const PAIRING_STEPS: u64 = 400_000;

/// The most rounds `n` players can play without a repeat: a round robin's (with an odd number,
/// each player sits one round out).
pub fn swiss_max_rounds(n: usize) -> u64 {
    (n.saturating_sub(1) + n % 2) as u64
}

/// The pairings of the next Swiss round and its bye, from the standings so far, with `later`
/// rounds still to be paired after it. The bye goes to the lowest-placed player who has had none;
/// then, from the top, each player meets, within its score group, the player half a group below
/// (the top half against the bottom half), else the nearest below it, never one it has met. Of
/// the pairings so made, in that order of preference, the first after which the `later` rounds
/// can still all be paired without a repeat is taken; if the search finds none, the first without
/// a repeat; if there is none, the one with the fewest repeats (a repeat is the last resort, and
/// [`Pairings::repeats`] names it).
pub fn swiss_pairings(
    standings: &[Standing],
    met: &HashSet<(usize, usize)>,
    later: u64,
) -> Pairings {
    let n = standings.len();
    let order: Vec<usize> = standings.iter().map(|s| s.player).collect();
    let points: BTreeMap<usize, f64> = standings.iter().map(|s| (s.player, s.points)).collect();
    let mut had_bye = vec![false; n];
    for s in standings {
        if s.rounds.iter().any(Option::is_none) {
            had_bye[s.player] = true;
        }
    }
    let byes: Vec<Option<usize>> = if n.is_multiple_of(2) {
        vec![None]
    } else {
        let fresh: Vec<Option<usize>> = order
            .iter()
            .rev()
            .filter(|&&p| !had_bye[p])
            .map(|&p| Some(p))
            .collect();
        // Everyone has had a bye (more rounds than players): a second one is the last resort.
        if fresh.is_empty() {
            order.iter().rev().map(|&p| Some(p)).collect()
        } else {
            fresh
        }
    };
    let mut met_m = vec![vec![false; n]; n];
    for &(a, b) in met {
        if a < n && b < n {
            met_m[a][b] = true;
        }
    }
    // Preference order with a look ahead, then without, then with ever more repeats allowed.
    for (allowed, look) in [(0, true), (0, false)]
        .into_iter()
        .chain((1..=n / 2).map(|k| (k, false)))
    {
        let mut steps = PAIRING_STEPS;
        let mut look_left = 8 * PAIRING_STEPS;
        for &bye in &byes {
            let rest: Vec<usize> = order.iter().copied().filter(|&p| Some(p) != bye).collect();
            let mut accept = |pairs: &[(usize, usize)]| {
                if !look || later == 0 {
                    return true;
                }
                let mut m = met_m.clone();
                for &(a, b) in pairs {
                    m[a][b] = true;
                    m[b][a] = true;
                }
                let mut bye_ok: Vec<bool> = (0..n).map(|p| !had_bye[p] && Some(p) != bye).collect();
                // Each check gets a share of the pass's steps, so a pass ends however it goes.
                let mut mine = look_left.min(PAIRING_STEPS / 8);
                let before = mine;
                let ok = completable(&mut m, &mut bye_ok, later, &mut mine);
                look_left -= before - mine;
                ok
            };
            let mut stack = Vec::new();
            let mut ctx = PairRest {
                points: &points,
                met: &met_m,
                allowed,
                steps: &mut steps,
            };
            if pair_rest(&rest, &mut ctx, &mut stack, &mut accept) {
                let repeats = stack
                    .iter()
                    .copied()
                    .filter(|&(a, b)| met_m[a][b])
                    .collect();
                return Pairings {
                    pairs: stack,
                    bye,
                    repeats,
                };
            }
        }
    }
    unreachable!("with every pairing allowed to repeat, the first choice is taken")
}

struct PairRest<'a> {
    points: &'a BTreeMap<usize, f64>,
    met: &'a [Vec<bool>],
    /// Repeats still allowed.
    allowed: usize,
    steps: &'a mut u64,
}

/// What takes or turns down a complete pairing.
type Accept<'a> = dyn FnMut(&[(usize, usize)]) -> bool + 'a;

/// Pairs `rest` (in the order of the standings) after `stack` in the order of preference, and
/// stops at the first complete pairing `accept` takes, left in `stack`.
fn pair_rest(
    rest: &[usize],
    cx: &mut PairRest,
    stack: &mut Vec<(usize, usize)>,
    accept: &mut Accept,
) -> bool {
    let Some((&top, others)) = rest.split_first() else {
        return accept(stack);
    };
    if *cx.steps == 0 {
        return false;
    }
    *cx.steps -= 1;
    let group: Vec<usize> = others
        .iter()
        .copied()
        .filter(|p| cx.points[p] == cx.points[&top])
        .collect();
    // The group with `top` in it has group.len() + 1 players; its partner is half of it below.
    let half = group.len().div_ceil(2);
    let mut candidates: Vec<usize> = group[half.saturating_sub(1).min(group.len())..].to_vec();
    candidates.extend(&group[..half.saturating_sub(1).min(group.len())]);
    candidates.extend(others.iter().copied().filter(|p| !group.contains(p)));
    for c in candidates {
        let repeat = cx.met[top][c];
        if repeat && cx.allowed == 0 {
            continue;
        }
        cx.allowed -= usize::from(repeat);
        let left: Vec<usize> = others.iter().copied().filter(|&p| p != c).collect();
        stack.push((top, c));
        if pair_rest(&left, cx, stack, accept) {
            return true;
        }
        stack.pop();
        cx.allowed += usize::from(repeat);
        if *cx.steps == 0 {
            return false;
        }
    }
    false
}

/// Whether `later` more rounds can be paired without a repeat, given who met whom (`met`, a
/// matrix) and who may still have a bye (with an odd number of players). Any order will do here:
/// the most constrained player is paired first, and the search stops after `steps`.
fn completable(met: &mut [Vec<bool>], bye_ok: &mut [bool], later: u64, steps: &mut u64) -> bool {
    if later == 0 {
        return true;
    }
    let n = met.len();
    let odd = n % 2 == 1;
    // Each player needs an opponent it has not met for every later round (but one, with a bye).
    for p in 0..n {
        let fresh = (0..n).filter(|&q| q != p && !met[p][q]).count() as u64;
        if fresh + u64::from(odd && bye_ok[p]) < later {
            return false;
        }
    }
    if odd && bye_ok.iter().filter(|&&b| b).count() < later as usize {
        return false;
    }
    let mut free = vec![true; n];
    if !odd {
        return fill(met, &mut free, bye_ok, later, steps);
    }
    for b in (0..n).rev() {
        if !bye_ok[b] {
            continue;
        }
        bye_ok[b] = false;
        free[b] = false;
        let ok = fill(met, &mut free, bye_ok, later, steps);
        free[b] = true;
        bye_ok[b] = true;
        if ok || *steps == 0 {
            return ok;
        }
    }
    false
}

/// Pairs the `free` players of one round (the most constrained first), then the rounds after it.
fn fill(
    met: &mut [Vec<bool>],
    free: &mut [bool],
    bye_ok: &mut [bool],
    later: u64,
    steps: &mut u64,
) -> bool {
    if *steps == 0 {
        return false;
    }
    *steps -= 1;
    let n = met.len();
    let options = |p: usize, met: &[Vec<bool>], free: &[bool]| {
        (0..n).filter(|&q| q != p && free[q] && !met[p][q]).count()
    };
    let Some(p) = (0..n)
        .filter(|&p| free[p])
        .min_by_key(|&p| options(p, met, free))
    else {
        return completable(met, bye_ok, later - 1, steps);
    };
    free[p] = false;
    for q in 0..n {
        if q == p || !free[q] || met[p][q] {
            continue;
        }
        free[q] = false;
        met[p][q] = true;
        met[q][p] = true;
        let ok = fill(met, free, bye_ok, later, steps);
        met[p][q] = false;
        met[q][p] = false;
        free[q] = true;
        if ok {
            free[p] = true;
            return true;
        }
        if *steps == 0 {
            break;
        }
    }
    free[p] = true;
    false
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

/// A knockout game still to play.
pub type Todo = GameAt;

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
/// where each stands.
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
                            let at = GameAt::new(r, p as u64, g);
                            let number = knockout_number(size, games, at);
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
                                    todo.push(at);
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
    kind: EventKind,
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
    if kind == EventKind::Swiss {
        let m = n / 2;
        for p in 0..m {
            let (a, b) = first(swiss_number(n, games, GameAt::new(0, p as u64, 0)))?;
            order[p] = Some(a);
            order[p + m] = Some(b);
        }
    } else {
        let size = n.next_power_of_two().max(2);
        let seeds = bracket(size);
        for p in 0..size / 2 {
            let (s1, s2) = (seeds[2 * p], seeds[2 * p + 1]);
            match first(knockout_number(size, games, GameAt::new(0, p as u64, 0))) {
                Some((a, b)) => {
                    *order.get_mut(s1)? = Some(a);
                    *order.get_mut(s2)? = Some(b);
                }
                None => {
                    // A bye: its player is the one coming from this place in round 2.
                    let at = GameAt::new(1, p as u64 / 2, 0);
                    let (a, b) = first(knockout_number(size, games, at))?;
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
        let p = swiss_pairings(&s, &HashSet::new(), 0);
        assert_eq!((p.pairs, p.bye), (vec![(0, 2), (1, 3)], None));
        // 0 met 2: it meets 3 (then 1 meets 2).
        let met = HashSet::from([(0, 2), (2, 0)]);
        assert_eq!(swiss_pairings(&s, &met, 0).pairs, vec![(0, 3), (1, 2)]);
        // Everyone met everyone: the first choice, its repeats named.
        let all: HashSet<(usize, usize)> = (0..4)
            .flat_map(|i| (0..4).filter(move |&j| j != i).map(move |j| (i, j)))
            .collect();
        let p = swiss_pairings(&s, &all, 0);
        assert_eq!(p.pairs, vec![(0, 2), (1, 3)]);
        assert_eq!(p.repeats, p.pairs);
    }

    /// Plays Swiss events from their records alone, as `ewn match` does: results from a seeded
    /// generator, each round paired from the standings and meetings so far.
    fn simulate(n: usize, rounds: u64, seed: u64) -> Vec<Pairings> {
        let names: Vec<String> = (0..n).map(|i| format!("p{i}")).collect();
        let mut records = Vec::new();
        let mut state = seed;
        let mut out = Vec::new();
        for r in 0..rounds {
            let s = swiss_standings(&names, 2, &records);
            let met = swiss_met(&names, 2, &records);
            let p = swiss_pairings(&s, &met, rounds - r - 1);
            for (i, &(a, b)) in p.pairs.iter().enumerate() {
                for g in 0..2 {
                    let (next, x) = crate::rules::zobrist::splitmix64(state);
                    state = next;
                    let (red, blue) = if g == 0 { (a, b) } else { (b, a) };
                    let number = swiss_number(n, 2, GameAt::new(r, i as u64, g));
                    records.push(game(number, &names[red], &names[blue], x % 3 != 0));
                }
            }
            out.push(p);
        }
        out
    }

    #[test]
    fn every_round_a_swiss_accepts_is_paired_without_a_repeat() {
        // The events that once stopped part-way, then every size and length the command line
        // accepts up to 10 players, on several seeds.
        let mut cases = vec![(6, 5, 9), (5, 5, 3), (8, 7, 1)];
        for n in 3..=10 {
            for rounds in 1..=swiss_max_rounds(n) {
                for seed in [1, 2, 3, 9, 77] {
                    cases.push((n, rounds, seed));
                }
            }
        }
        for (n, rounds, seed) in cases {
            let played = simulate(n, rounds, seed);
            let mut seen = HashSet::new();
            let mut byes = HashSet::new();
            for (r, p) in played.iter().enumerate() {
                let what = format!("{n} players, {rounds} rounds, seed {seed}, round {}", r + 1);
                assert!(p.repeats.is_empty(), "{what}: repeats {:?}", p.repeats);
                assert_eq!(p.pairs.len(), n / 2, "{what}");
                for &(a, b) in &p.pairs {
                    assert!(seen.insert((a.min(b), a.max(b))), "{what}: {a}-{b} again");
                }
                assert_eq!(p.bye.is_some(), n % 2 == 1, "{what}");
                if let Some(b) = p.bye {
                    assert!(byes.insert(b), "{what}: a second bye for {b}");
                }
            }
        }
    }

    #[test]
    fn the_bye_goes_to_the_lowest_placed_player_without_one() {
        let mut s: Vec<Standing> = (0..5).map(|p| standing(p, (5 - p) as f64)).collect();
        let bye = swiss_pairings(&s, &HashSet::new(), 0).bye;
        assert_eq!(bye, Some(4));
        s[4].rounds = vec![None];
        let Pairings { pairs: p, bye, .. } = swiss_pairings(&s, &HashSet::new(), 0);
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
        let p = swiss_pairings(&s, &met, 0);
        assert_eq!(p.bye, None);
        assert_eq!(p.pairs, vec![(0, 1), (3, 2)]);
        assert_eq!(
            entry_order(
                EventKind::Swiss,
                2,
                &records,
                &["C", "A", "D", "B"].map(String::from)
            ),
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
        assert_eq!(todo, vec![GameAt::new(0, 0, 2), GameAt::new(0, 0, 3)]);
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
