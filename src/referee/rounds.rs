//! Events played in rounds, run: each round of a Swiss event or a knockout is paired from the
//! records of the rounds before (see [`super::event`]), played on the workers of
//! [`super::pool`], and followed by its standings and crosstable.

use std::io::Write;

use super::error::{ReportError, RunError};
use super::event;
use super::plan::{Outcome, Progress, Schedule, Tournament};
use super::pool::{Live, Run, SIGNAL, Slot, finish, play_slots, preload_into};
use super::report::Report;
use crate::record::{self, GameRecord};

/// A Swiss event or a knockout, round by round: each round is paired from the records of the
/// rounds before (so a resumed event pairs as the interrupted one did), played, and followed by
/// its standings and crosstable on `out`.
pub(super) fn run_event(
    t: &Tournament,
    progress: Progress,
    out: &mut (dyn Write + Send),
    record: Option<&mut (dyn Write + Send)>,
    mut done: Vec<GameRecord>,
) -> Result<Outcome, RunError> {
    let n = t.entrants.len();
    let g = t.games;
    let size = n.next_power_of_two();
    let (rounds, planned) = match t.schedule {
        Schedule::Swiss { rounds } => (rounds, rounds * (n as u64 / 2) * g),
        _ => (size.trailing_zeros() as u64, (n as u64 - 1) * g),
    };
    let run = Run {
        all_games: if t.schedule == Schedule::Knockout {
            0
        } else {
            planned
        },
        planned,
        match_id: t.match_id(),
        date: record::today(),
        hall_text,
        signal: SIGNAL,
    };
    let mut record = record;
    let mut live = Live::new();
    let mut text = String::new();
    for r in 0..rounds {
        if matches!(t.schedule, Schedule::Swiss { .. }) {
            let slots = swiss_slots(t, &live, r, rounds);
            preload_into(t, &mut live, &slots, &mut done)?;
            live = play_slots(t, &run, slots, progress, out, &mut record, live)?;
        } else {
            // The knockout's games are known a wave at a time: the mini-matches, then a
            // tie-break pair for each tied one.
            loop {
                let wave = knockout_wave(t, &live, r);
                if wave.is_empty() {
                    break;
                }
                preload_into(t, &mut live, &wave, &mut done)?;
                live = play_slots(t, &run, wave, progress, out, &mut record, live)?;
            }
        }
        text = event_text(t, &live.records)?;
        // The last round's standings are the summary's.
        if r + 1 < rounds {
            let head = format!("After round {} of {rounds}:\n", r + 1);
            out.write_all(head.as_bytes())
                .and_then(|_| out.write_all(text.as_bytes()))
                .and_then(|_| out.flush())
                .map_err(|error| RunError::Write {
                    what: "the progress",
                    error,
                })?;
        }
    }
    if let Some(g) = done.first() {
        return Err(RunError::NotPlayed {
            number: g.number,
            of: "event",
            hint: "other players, rounds or --games-per-round?",
        });
    }
    let mut o = finish(t, live, planned)?;
    o.event = Some(text);
    Ok(o)
}

/// Game `gi` of a pairing of `a` and `b`, numbered `number`, on the dice of stream `k`.
fn slot(number: u64, a: usize, b: usize, k: u64, gi: u64) -> Slot {
    Slot {
        number,
        a,
        b,
        k,
        stream: k,
        j: gi % 2,
        counts: false,
    }
}

/// The games of Swiss round `r` (of `rounds`), paired from the standings and meetings of the
/// rounds before (a repeated pairing, the last resort, is logged).
fn swiss_slots(t: &Tournament, live: &Live, r: u64, rounds: u64) -> Vec<Slot> {
    let (n, g) = (t.entrants.len(), t.games);
    let standings = event::swiss::standings(&t.names, g, &live.records);
    let met = event::swiss::met(&t.names, g, &live.records);
    let p = event::swiss_pairing::next_round(&standings, &met, rounds - r - 1);
    if !p.repeats.is_empty() {
        let names: Vec<String> = p
            .repeats
            .iter()
            .map(|&(a, b)| format!("{}-{}", t.names[a], t.names[b]))
            .collect();
        log::warn!(
            "round {}: no pairing without a repeat; repeated: {}",
            r + 1,
            names.join(", ")
        );
    }
    p.pairs
        .iter()
        .enumerate()
        .flat_map(|(p, &(a, b))| {
            (0..g).map(move |gi| {
                let at = event::GameAt::new(r, p as u64, gi);
                let number = event::swiss::number(n, g, at);
                slot(number, a, b, r * (g / 2) + gi / 2, gi)
            })
        })
        .collect()
}

/// The knockout games of round `r` still to play after the records so far: the mini-matches
/// first, then a tie-break pair for each tie still level. Empty when the round is decided.
fn knockout_wave(t: &Tournament, live: &Live, r: u64) -> Vec<Slot> {
    let (n, g) = (t.entrants.len(), t.games);
    let size = n.next_power_of_two();
    let bracket = event::knockout::bracket(n, g, &live.records, &t.names);
    bracket
        .to_play
        .iter()
        .filter(|w| w.round == r)
        .filter_map(|&at| {
            let (p, gi) = (at.pairing, at.game);
            let tie = &bracket.rounds[r as usize][p as usize];
            let (a, b) = (tie.a?, tie.b?);
            let number = event::knockout::number(size, g, at);
            let stride = event::knockout::stride(g);
            let k = (r * size as u64 / 2 + p) * stride / 2 + gi / 2;
            Some(slot(number, a, b, k, gi))
        })
        .collect()
}

/// What the live page shows of an event's games so far: its standings and crosstable.
fn hall_text(t: &Tournament, records: &[GameRecord]) -> String {
    event_text(t, records).unwrap_or_else(|e| format!("(no standings: {e})"))
}

/// The standings (Swiss) or the bracket (knockout) of an event's records, and the crosstable.
/// A Swiss event's standings after its whole rounds: a round the records end inside (a match
/// stopped, a record cut) is said to be unfinished and left out, since a pairing not yet played
/// would read as two byes.
fn swiss_text(t: &Tournament, records: &[GameRecord]) -> String {
    let per_round = (t.names.len() as u64 / 2) * t.games;
    let numbers: std::collections::HashSet<u64> = records.iter().map(|g| g.number).collect();
    let mut whole = 0;
    while per_round > 0
        && ((whole * per_round + 1)..=((whole + 1) * per_round)).all(|k| numbers.contains(&k))
    {
        whole += 1;
    }
    let done: Vec<GameRecord> = records
        .iter()
        .filter(|g| g.number <= whole * per_round)
        .cloned()
        .collect();
    let mut s =
        event::text::standings(&t.names, &event::swiss::standings(&t.names, t.games, &done));
    let later = records.len() - done.len();
    if later > 0 {
        s.push_str(&format!(
            "Round {} is not finished ({later} of its {per_round} games in the records): the \
             standings are after round {whole}; its games are in the crosstable\n",
            whole + 1
        ));
    }
    s
}

pub fn event_text(t: &Tournament, records: &[GameRecord]) -> Result<String, ReportError> {
    let mut s = match t.schedule {
        Schedule::Swiss { .. } => swiss_text(t, records),
        _ => {
            let bracket = event::knockout::bracket(t.entrants.len(), t.games, records, &t.names);
            event::text::bracket(&t.names, &bracket)
        }
    };
    let report = Report::build(t.names.clone(), records, t.anchor, None)?;
    s.push_str(&report.crosstable());
    Ok(s)
}
