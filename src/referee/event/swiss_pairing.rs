//! How the next round of a Swiss event is paired: from the standings and who met whom, the bye
//! first, then each player against the one half a score group below, searched in the order of
//! preference with a look ahead that keeps the rounds still to come pairable without a repeat.
//! A function of the records alone (its search counted in steps, not timed), so a resumed event
//! pairs as the interrupted one did.

use std::collections::{BTreeMap, HashSet};

use super::swiss::Standing;

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

/// The pairings of the next Swiss round and its bye, from the standings so far, with `later`
/// rounds still to be paired after it. The bye goes to the lowest-placed player who has had none;
/// then, from the top, each player meets, within its score group, the player half a group below
/// (the top half against the bottom half), else the nearest below it, never one it has met. Of
/// the pairings so made, in that order of preference, the first after which the `later` rounds
/// can still all be paired without a repeat is taken; if the search finds none, the first without
/// a repeat; if there is none, the one with the fewest repeats (a repeat is the last resort, and
/// [`Pairings::repeats`] names it).
pub fn next_round(standings: &[Standing], met: &HashSet<(usize, usize)>, later: u64) -> Pairings {
    let n = standings.len();
    let order: Vec<usize> = standings.iter().map(|s| s.player).collect();
    let points: BTreeMap<usize, f64> = standings.iter().map(|s| (s.player, s.points)).collect();
    let had_bye = had_bye(standings, n);
    let byes = bye_candidates(&order, &had_bye, n);
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

/// Which players have had a bye (a round without a game).
fn had_bye(standings: &[Standing], n: usize) -> Vec<bool> {
    let mut had = vec![false; n];
    for s in standings {
        if s.rounds.iter().any(Option::is_none) {
            had[s.player] = true;
        }
    }
    had
}

/// The byes to try, in order of preference: none with an even number of players, else the
/// lowest-placed players (in standings `order`) who have had none; when everyone has had one
/// (more rounds than players), a second is the last resort, again from the bottom.
fn bye_candidates(order: &[usize], had_bye: &[bool], n: usize) -> Vec<Option<usize>> {
    if n.is_multiple_of(2) {
        return vec![None];
    }
    let fresh: Vec<Option<usize>> = order
        .iter()
        .rev()
        .filter(|&&p| !had_bye[p])
        .map(|&p| Some(p))
        .collect();
    if fresh.is_empty() {
        order.iter().rev().map(|&p| Some(p)).collect()
    } else {
        fresh
    }
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
