//! Running a gauntlet or a round robin (what they are is `plan`'s; an event in rounds is
//! `rounds`'s): the seeded list of games, this run's shard of it, and a resume that plays only the
//! games a record lacks, on the workers of `pool`.
//!
//! The game list. A schedule names the encounters: a gauntlet pits the first player against each
//! of the others, a round robin every player against every other (with two players both are the
//! one match). Each encounter plays `games` games, in pairs. The pairs of all encounters are
//! interleaved: global pair `p` belongs to encounter `p mod E` and is that encounter's pair
//! `k = p div E`, so a tournament stopped halfway has played every encounter about equally. Pair
//! `k` of every encounter uses the `k mod P`-th start position of `--positions`, if given. In a
//! gauntlet it uses the generator stream `pair_seed(seed, k)`: the same setups and dice for every
//! encounter, each opponent meeting the first player on equal luck. In a round robin global pair
//! `p` uses the stream `pair_seed(seed, p)`: every pairing on setups and dice of its own (on the
//! same dice, deterministic players replayed one game in several pairings), the two games of a
//! pair still on the same ones. Its games
//! are numbered `2p + 1` (the encounter's first player is Red) and `2p + 2` (colours swapped).
//! With two players this is exactly the list of a two-player match.
//!
//! Shards. `--shard K/N` plays the pairs `p` with `p mod N = K - 1`: whole pairs, disjoint, all
//! of them over the N shards, each game with the number, seed and players it has in the whole list.
//! The records of the shards merged (`ewn stats`) are therefore the records of one run.

use std::io::Write;

use super::error::RunError;
use super::plan::{Outcome, Progress, Schedule, Tournament};
use super::pool::{Run, SIGNAL, Slot, finish, play_slots, preload};
use super::report::Report;
use crate::record::{self, GameRecord};

/// Plays the tournament (or this run's shard of it). Progress goes to `out`; every finished game
/// is appended to `record`.
pub fn run(
    t: &Tournament,
    progress: Progress,
    out: &mut (dyn Write + Send),
    record: Option<&mut (dyn Write + Send)>,
) -> Result<Outcome, RunError> {
    run_resumed(t, progress, out, record, Vec::new())
}

/// The games of a schedule with a fixed list (gauntlet, round robin) that this run plays.
fn fixed_slots(t: &Tournament) -> Vec<Slot> {
    let encounters = t.encounters();
    let e_count = encounters.len() as u64;
    t.pairs_to_play()
        .into_iter()
        .flat_map(|pair| {
            let (a, b) = encounters[(pair % e_count) as usize];
            // A round robin's every pairing on dice of its own: on the same dice, deterministic
            // players replayed one game in several pairings. A gauntlet's opponents all meet the
            // first player on the same dice, so that they are compared on equal luck.
            let k = pair / e_count;
            let stream = if t.schedule == Schedule::RoundRobin {
                pair
            } else {
                k
            };
            [0, 1].map(|j| Slot {
                number: 2 * pair + j + 1,
                a,
                b,
                k,
                stream,
                j,
                counts: pair % e_count == 0,
            })
        })
        .collect()
}

/// [`run`] after an interruption: `done` are the games the record already holds (of this match,
/// as [`super::record_file::RecordFile::open`] checked); only the others are played, each with the
/// number, seed, players and colours it has in the whole list, so that the records and the report
/// come out as those of an uninterrupted run.
pub fn run_resumed(
    t: &Tournament,
    progress: Progress,
    out: &mut (dyn Write + Send),
    record: Option<&mut (dyn Write + Send)>,
    done: Vec<GameRecord>,
) -> Result<Outcome, RunError> {
    t.validate()?;
    if matches!(t.schedule, Schedule::Swiss { .. } | Schedule::Knockout) {
        return super::rounds::run_event(t, progress, out, record, done);
    }
    let slots = fixed_slots(t);
    let planned = slots.len() as u64;
    let mut live = preload(t, &slots, done)?;
    if let Some(test) = &t.sprt
        && let Some(v) = test.verdict(&live.pairs)
    {
        live.sprt_stop = Some((v, live.done));
    }
    let decided = live.sprt_stop.is_some() || live.first_to_stop.is_some();
    let todo = if decided { Vec::new() } else { slots };
    let mut record = record;
    let run = Run {
        all_games: t.total_pairs() * 2,
        planned,
        match_id: t.match_id(),
        date: record::today(),
        hall_text: report_text,
        signal: SIGNAL,
    };
    let live = play_slots(t, &run, todo, progress, out, &mut record, live)?;
    finish(t, live, planned)
}

/// Checks, before anything is played or said, that every game of `done` (a resumed record's)
/// is one this run plays with the same players: for an event in rounds that is known only round
/// by round, so it passes here and is checked as the rounds are paired.
pub fn check_resumed(t: &Tournament, done: &[GameRecord]) -> Result<(), RunError> {
    if matches!(t.schedule, Schedule::Swiss { .. } | Schedule::Knockout) {
        return Ok(());
    }
    preload(t, &fixed_slots(t), done.to_vec()).map(|_| ())
}

#[cfg(test)]
#[path = "tourney_tests.rs"]
mod tests;

/// What the live page shows of a gauntlet's or round robin's games so far: the report.
fn report_text(t: &Tournament, records: &[GameRecord]) -> String {
    Report::build(t.names.clone(), records, t.anchor, t.sprt)
        .map(|r| r.text())
        .unwrap_or_else(|e| format!("(no standings: {e})"))
}
