//! Events played in rounds: a Swiss system and a seeded knockout. Each pairing of a round plays a
//! mini-match of `G` games (`--games-per-round`, even): pairs of games on the same dice with the
//! colours swapped, the first mover alternating between pairs, as in every match.
//!
//! Everything here is a function of the players' order and the records of the rounds before, so a
//! resumed event pairs exactly as the interrupted one did, and `ewn stats` rebuilds the standings
//! from the records alone. Game numbers follow from the round and the pairing's place
//! ([`swiss::number`], [`knockout::number`]); how pairings, byes and tie-breaks are chosen is
//! stated in `protocol/records.md`.
//!
//! The rooms: `swiss.rs` the standings and tie-breaks, `swiss_pairing.rs` how the next Swiss
//! round is paired, `knockout.rs` the bracket and its tie-breaks, `text.rs` both as text; here,
//! where a game stands and the order of entry read back from the records.

pub mod knockout;
pub mod swiss;
pub mod swiss_pairing;
pub mod text;

use std::collections::{BTreeMap, HashSet};

use crate::record::GameRecord;

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

/// The players of an event's records in their order of entry, which the pairings and the
/// tie-breaks depend on, read from its first round: Swiss pairing `p` of round 1 is entry `p`
/// against entry `p + m` (`m` the pairings of a round; with an odd number of players the last
/// entry had the bye), and knockout place `p` holds the seeds of [`knockout::seed_places`]. `seen` are the
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
            let (a, b) = first(swiss::number(n, games, GameAt::new(0, p as u64, 0)))?;
            order[p] = Some(a);
            order[p + m] = Some(b);
        }
    } else {
        let size = n.next_power_of_two().max(2);
        let seeds = knockout::seed_places(size);
        for p in 0..size / 2 {
            let (s1, s2) = (seeds[2 * p], seeds[2 * p + 1]);
            match first(knockout::number(size, games, GameAt::new(0, p as u64, 0))) {
                Some((a, b)) => {
                    *order.get_mut(s1)? = Some(a);
                    *order.get_mut(s2)? = Some(b);
                }
                None => {
                    // A bye: its player is the one coming from this place in round 2.
                    let at = GameAt::new(1, p as u64 / 2, 0);
                    let (a, b) = first(knockout::number(size, games, at))?;
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
mod tests;
