//! The worker pool: plays a list of games on `--concurrency` threads, each keeping its players'
//! processes between games, and feeds every finished game, in the order it finishes, to the
//! tally, the record, the progress output and the live page.

use std::collections::{BTreeMap, HashSet};
use std::io::Write;
use std::sync::Mutex;
use std::sync::atomic::{AtomicBool, Ordering};
use std::time::Instant;

use super::error::RunError;
use super::game::{GameSpec, pairing, play_game};
use super::plan::{MAX_CONCURRENCY, Opening, Outcome, Progress, Tournament};
use super::report::Report;
use super::stats::{self, Pairs, Verdict};
use crate::players::Player;
use crate::record::{GameRecord, Start};
use crate::rules::board::Color;
use crate::rules::rng;

/// The live tally behind the progress output.
pub(super) struct Live {
    pub(super) done: u64,
    /// Per encounter `(a, b)`: a's wins and losses.
    pub(super) tally: BTreeMap<(usize, usize), (u64, u64)>,
    /// Pairs of the first encounter (the two-player match) so far, and half-played pairs.
    pub(super) pairs: Pairs,
    pub(super) half: BTreeMap<u64, bool>,
    pub(super) records: Vec<GameRecord>,
    pub(super) sprt_stop: Option<(Verdict, u64)>,
    /// A first-to match was decided when this many games had finished.
    pub(super) first_to_stop: Option<u64>,
    /// A first-to match counts its games in the order of their numbers: the number it counts
    /// next, and the games finished ahead of it, held until those before them are counted.
    next_in_order: u64,
    held: BTreeMap<u64, Finished>,
}

/// A finished game on its way to the tally: its slot, its record, and whether the record file
/// holds it already (a resumed run's game).
pub(super) struct Finished {
    pub(super) slot: Slot,
    pub(super) rec: GameRecord,
    pub(super) recorded: bool,
}

/// A game the tally has just counted, with its encounter's tally after it.
pub(super) struct Counted {
    pub(super) finished: Finished,
    pub(super) tally: (u64, u64),
}

struct Queue {
    /// The games to play, in order.
    slots: Vec<Slot>,
    next: usize,
    started: HashSet<u64>,
}

/// `1h02m`, `3m12s`, `45s`.
pub(super) fn fmt_duration(secs: f64) -> String {
    let s = secs.max(0.0).round() as u64;
    if s >= 3600 {
        format!("{}h{:02}m", s / 3600, (s % 3600) / 60)
    } else if s >= 60 {
        format!("{}m{:02}s", s / 60, s % 60)
    } else {
        format!("{s}s")
    }
}

/// One game to play: its number, its players (`a` the first-named, Red in the first game of its
/// pair), `k` its pair in its encounter (its start position and first mover), `stream` its
/// generator stream (setups and dice: `pair_seed(seed, stream)`), `j` 0 or 1 its place in the
/// pair, and whether its pair counts for the match's pair statistics (the first encounter's
/// pairs).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(super) struct Slot {
    pub(super) number: u64,
    pub(super) a: usize,
    pub(super) b: usize,
    pub(super) k: u64,
    pub(super) stream: u64,
    pub(super) j: u64,
    pub(super) counts: bool,
}

impl Slot {
    fn pair(&self) -> u64 {
        (self.number - 1) / 2
    }

    fn a_color(&self) -> Color {
        pairing(2 * self.k + self.j).0
    }

    fn red_blue(&self) -> (usize, usize) {
        if self.a_color() == Color::Red {
            (self.a, self.b)
        } else {
            (self.b, self.a)
        }
    }
}

impl Live {
    /// Takes a finished game and counts what it can: at once in most runs; in a first-to match
    /// in the order of the games' numbers, so that the deciding game is the first, by number, after
    /// which one side has its wins, whichever games happened to finish first. Two games at a time
    /// may finish out of order, and a run killed in between leaves the record of the later one
    /// only; counted by number, the match is the games up to the deciding one however it was run
    /// or resumed. A game after the deciding one (begun before the decision was known) is dropped:
    /// neither counted nor recorded.
    pub(super) fn accept(&mut self, t: &Tournament, game: Finished) -> Vec<Counted> {
        if t.first_to.is_none() {
            let tally = self.count(t, &game.rec, &game.slot);
            return vec![Counted {
                finished: game,
                tally,
            }];
        }
        self.held.insert(game.slot.number, game);
        let mut out = Vec::new();
        while let Some(game) = self.held.remove(&self.next_in_order) {
            self.next_in_order += 1;
            if self.first_to_stop.is_some() {
                log::info!(
                    "game {} was begun before the match was decided; it is not counted",
                    game.slot.number
                );
                continue;
            }
            let tally = self.count(t, &game.rec, &game.slot);
            out.push(Counted {
                finished: game,
                tally,
            });
        }
        out
    }

    /// The numbers of the games held back, finished but not counted yet.
    pub(super) fn held_numbers(&self) -> impl Iterator<Item = u64> + '_ {
        self.held.keys().copied()
    }

    /// Counts a finished game of `slot`. The tally of its encounter after it.
    fn count(&mut self, t: &Tournament, rec: &GameRecord, slot: &Slot) -> (u64, u64) {
        let (pair, a, b, a_color) = (slot.pair(), slot.a, slot.b, slot.a_color());
        let a_won = rec.winner == Some(a_color);
        self.done += 1;
        let tally = self.tally.entry((a, b)).or_insert((0, 0));
        // An unfinished game has no winner: it scores for nobody, and its pair is no pair.
        if rec.winner.is_none() {
            let tally = *tally;
            if slot.counts {
                self.half.remove(&pair);
            }
            return tally;
        }
        if a_won {
            tally.0 += 1;
        } else {
            tally.1 += 1;
        }
        let tally = *tally;
        if slot.counts {
            match self.half.remove(&pair) {
                Some(other) => self.pairs.add(usize::from(other) + usize::from(a_won)),
                None => {
                    self.half.insert(pair, a_won);
                }
            }
        }
        if let Some(n) = t.first_to
            && self.first_to_stop.is_none()
            && (tally.0 >= n || tally.1 >= n)
        {
            self.first_to_stop = Some(self.done);
        }
        tally
    }
}

/// The records and the report of a run that has played.
pub(super) fn finish(t: &Tournament, live: Live, planned: u64) -> Result<Outcome, RunError> {
    let mut records = live.records;
    records.sort_by_key(|g| g.number);
    let report = Report::build(t.names.clone(), &records, t.anchor, t.sprt)?;
    Ok(Outcome {
        records,
        report,
        sprt_stop: live.sprt_stop,
        planned,
        event: None,
    })
}

impl Live {
    pub(super) fn new() -> Live {
        Live {
            done: 0,
            tally: BTreeMap::new(),
            pairs: Pairs::default(),
            half: BTreeMap::new(),
            records: Vec::new(),
            sprt_stop: None,
            first_to_stop: None,
            next_in_order: 1,
            held: BTreeMap::new(),
        }
    }
}

/// The tally of the games a record already holds, each checked to be one of `slots` with its
/// players in their colours.
pub(super) fn preload(
    t: &Tournament,
    slots: &[Slot],
    mut done: Vec<GameRecord>,
) -> Result<Live, RunError> {
    let mut live = Live::new();
    preload_into(t, &mut live, slots, &mut done)?;
    if let Some(g) = done.first() {
        return Err(RunError::NotPlayed {
            number: g.number,
            of: "run",
            hint: "another --shard, --games or players?",
        });
    }
    Ok(live)
}

/// Moves the games of `done` that are among `slots` into `live`, checking their players.
pub(super) fn preload_into(
    t: &Tournament,
    live: &mut Live,
    slots: &[Slot],
    done: &mut Vec<GameRecord>,
) -> Result<(), RunError> {
    done.sort_by_key(|g| g.number);
    let by_number: BTreeMap<u64, &Slot> = slots.iter().map(|s| (s.number, s)).collect();
    let (mine, rest): (Vec<GameRecord>, Vec<GameRecord>) = std::mem::take(done)
        .into_iter()
        .partition(|g| by_number.contains_key(&g.number));
    *done = rest;
    for g in mine {
        let slot = by_number[&g.number];
        let (red, blue) = slot.red_blue();
        if g.red != t.names[red] || g.blue != t.names[blue] {
            return Err(RunError::OtherPlayers {
                number: g.number,
                record_red: g.red,
                record_blue: g.blue,
                red: t.names[red].clone(),
                blue: t.names[blue].clone(),
            });
        }
        let game = Finished {
            slot: *slot,
            rec: g,
            recorded: true,
        };
        for c in live.accept(t, game) {
            live.records.push(c.finished.rec);
        }
    }
    Ok(())
}

/// What every game of a run shares.
pub(super) struct Run {
    /// Games of the whole match, as the progress lines count them.
    pub(super) all_games: u64,
    /// Games this run is to play in all, as the status line counts them.
    pub(super) planned: u64,
    pub(super) match_id: String,
    pub(super) date: String,
    /// What the live page shows of the games so far.
    pub(super) hall_text: fn(&Tournament, &[GameRecord]) -> String,
    /// The runner's termination signal ([`SIGNAL`]; a stand-in in tests).
    pub(super) signal: Signal,
}

/// A termination signal (Ctrl-C) as a run sees it: whether one was `taken`, and the `wait` for
/// the end its thread brings. A game that finishes once it is taken is not counted, written nor
/// shown, as the runner's last words told the match without it; and a run stopped by it waits
/// for that end instead of returning (ending on its own, a match of built-in players exited 0
/// before the signal's thread could say its last words and exit with the signal's status).
#[derive(Clone, Copy)]
pub(super) struct Signal {
    pub(super) taken: fn() -> bool,
    pub(super) wait: fn(),
}

/// The process's own termination signal.
pub(super) const SIGNAL: Signal = Signal {
    taken: crate::players::reaper::terminating,
    wait: crate::players::reaper::await_termination,
};

/// Plays `slots` (those `live` does not hold yet) on the workers and returns the tally with
/// them added.
pub(super) fn play_slots(
    t: &Tournament,
    run: &Run,
    slots: Vec<Slot>,
    progress: Progress,
    out: &mut (dyn Write + Send),
    record: &mut Option<&mut (dyn Write + Send)>,
    live: Live,
) -> Result<Live, RunError> {
    let resumed: HashSet<u64> = live
        .records
        .iter()
        .map(|g| g.number)
        .chain(live.held_numbers())
        .collect();
    let slots: Vec<Slot> = slots
        .into_iter()
        .filter(|s| !resumed.contains(&s.number))
        .collect();
    let to_play = slots.len();
    let pool = Pool {
        t,
        run,
        progress,
        queue: Mutex::new(Queue {
            next: 0,
            started: resumed.iter().map(|n| (n - 1) / 2).collect(),
            slots,
        }),
        stop: AtomicBool::new(false),
        first_to_done: AtomicBool::new(false),
        failure: Mutex::new(None),
        started_at: Instant::now(),
        already: live.done,
        sink: Mutex::new((live, out, record)),
    };
    let workers = t.concurrency.clamp(1, MAX_CONCURRENCY).min(to_play.max(1));
    if let Some(h) = &t.hall {
        h.set_concurrency(workers);
    }
    let cpus = if t.affinity {
        let cpus = crate::players::engine::usable_cpus();
        if cpus.is_empty() {
            log::warn!("--affinity: CPU pinning is not available here; engines run unpinned");
        }
        cpus
    } else {
        Vec::new()
    };
    std::thread::scope(|scope| {
        for w in 0..workers {
            // Game slot w runs on CPU w (mod the CPUs this process may use): the two engines of
            // a game take turns, so they share it.
            let pin = (!cpus.is_empty()).then(|| vec![cpus[w % cpus.len()]]);
            let pool = &pool;
            scope.spawn(move || pool.work(pin));
        }
    });
    if (run.signal.taken)() {
        (run.signal.wait)();
    }
    if let Some(e) = pool.failure.into_inner().unwrap_or_else(|e| e.into_inner()) {
        return Err(e);
    }
    let (live, out, _) = pool.sink.into_inner().unwrap_or_else(|e| e.into_inner());
    if progress == Progress::Status {
        out.write_all(b"\r\x1b[K")
            .and_then(|_| out.flush())
            .map_err(|error| RunError::Write {
                what: "the progress",
                error,
            })?;
    }
    Ok(live)
}

/// What the workers of one [`play_slots`] share.
struct Pool<'a, 'o, 'r, 'i> {
    t: &'a Tournament,
    run: &'a Run,
    progress: Progress,
    queue: Mutex<Queue>,
    /// No pair is begun once set (a failure, the SPRT or a first-to decision).
    stop: AtomicBool,
    first_to_done: AtomicBool,
    failure: Mutex<Option<RunError>>,
    started_at: Instant,
    /// Games the tally held before this call.
    already: u64,
    sink: Mutex<Sink<'o, 'r, 'i>>,
}

/// The tally and the outputs, taken by one worker at a time.
type Sink<'o, 'r, 'i> = (
    Live,
    &'o mut (dyn Write + Send + 'o),
    &'r mut Option<&'i mut (dyn Write + Send + 'i)>,
);

impl Pool<'_, '_, '_, '_> {
    /// One worker: takes games off the queue until it is empty, its players kept between games.
    fn work(&self, pin: Option<Vec<usize>>) {
        let t = self.t;
        let mut players: Vec<Option<Box<dyn Player>>> =
            (0..t.entrants.len()).map(|_| None).collect();
        while let Some(slot) = self.next_slot() {
            let rec = self.play(&slot, &mut players, &pin);
            self.finished(&slot, rec);
        }
    }

    /// The next game to play, or None when there is none left.
    fn next_slot(&self) -> Option<Slot> {
        let mut q = self.queue.lock().unwrap_or_else(|e| e.into_inner());
        loop {
            let slot = *q.slots.get(q.next)?;
            q.next += 1;
            // Once stopped, no pair is begun, but a begun pair is finished; a first-to match
            // ends at once.
            if self.stop.load(Ordering::SeqCst)
                && (self.first_to_done.load(Ordering::SeqCst)
                    || !(slot.j == 1 && q.started.contains(&slot.pair())))
            {
                continue;
            }
            q.started.insert(slot.pair());
            return Some(slot);
        }
    }

    /// Plays the game of `slot`, starting its players if they are not running yet.
    fn play(
        &self,
        slot: &Slot,
        players: &mut [Option<Box<dyn Player>>],
        pin: &Option<Vec<usize>>,
    ) -> GameRecord {
        let t = self.t;
        let (red, blue) = slot.red_blue();
        let spec = game_spec(t, self.run, slot);
        for i in [red, blue] {
            if players[i].is_none() {
                players[i] = Some(t.entrants[i].make_on(&t.names[i], pin.clone()));
            }
        }
        let rec = {
            let (lo, hi) = players.split_at_mut(red.max(blue));
            let (x, y) = (lo[red.min(blue)].as_mut(), hi[0].as_mut());
            let (x, y) = (x.expect("made above"), y.expect("made above"));
            if red < blue {
                play_game(x.as_mut(), y.as_mut(), &spec)
            } else {
                play_game(y.as_mut(), x.as_mut(), &spec)
            }
        };
        // The spec gave the record (and the live page) the tournament's names.
        rec
    }

    /// Takes a finished game to the tally; each game that counts now (see [`Live::accept`]) is
    /// written to the record and the progress and told to the live page, and the run stops if
    /// that decided it.
    fn finished(&self, slot: &Slot, rec: GameRecord) {
        let t = self.t;
        let mut guard = self.sink.lock().unwrap_or_else(|e| e.into_inner());
        // Past a stop the terminal, the record and the live page all leave the game out.
        if (self.run.signal.taken)() {
            self.stop.store(true, Ordering::SeqCst);
            return;
        }
        let (live, out, record) = &mut *guard;
        let game = Finished {
            slot: *slot,
            rec,
            recorded: false,
        };
        for counted in live.accept(t, game) {
            self.publish(live, out, record, counted);
        }
        if live.first_to_stop.is_some() {
            self.stop.store(true, Ordering::SeqCst);
            self.first_to_done.store(true, Ordering::SeqCst);
        }
    }

    /// Writes a counted game to the record and the progress, tells the live page, and stops the
    /// run if the SPRT has decided.
    fn publish(
        &self,
        live: &mut Live,
        out: &mut (dyn Write + Send),
        record: &mut Option<&mut (dyn Write + Send)>,
        counted: Counted,
    ) {
        let t = self.t;
        let Counted { finished, tally } = counted;
        let Finished {
            slot,
            rec,
            recorded,
        } = finished;
        let line = match self.progress {
            Progress::Lines => progress_line(t, self.run, &slot, &rec, tally),
            Progress::Status => format!(
                "\r{}\x1b[K",
                status(t, live, self.run.planned, self.started_at, self.already)
            ),
        };
        let text = rec.to_text();
        live.records.push(rec);
        if let Some(h) = &t.hall
            && let Some(rec) = live.records.last()
        {
            h.finished(rec, (self.run.hall_text)(t, &live.records), live.done);
        }
        // The record first: it is what a resume reads. A game the record holds already (held
        // back on a resume until the games before it were played) is not written twice.
        let mut io = || -> Result<(), RunError> {
            let failed = |what| move |error| RunError::Write { what, error };
            if let Some(r) = record.as_deref_mut()
                && !recorded
            {
                r.write_all(text.as_bytes())
                    .and_then(|_| r.flush())
                    .map_err(failed("the record"))?;
            }
            if !recorded {
                out.write_all(line.as_bytes())
                    .and_then(|_| out.flush())
                    .map_err(failed("the progress"))?;
            }
            Ok(())
        };
        if let Err(e) = io() {
            *self.failure.lock().unwrap_or_else(|e| e.into_inner()) = Some(e);
            self.stop.store(true, Ordering::SeqCst);
        }
        if let Some(test) = &t.sprt
            && live.sprt_stop.is_none()
            && let Some(v) = test.verdict(&live.pairs)
        {
            live.sprt_stop = Some((v, live.done));
            self.stop.store(true, Ordering::SeqCst);
        }
    }
}

/// The game of `slot`: its seed, first mover, start position and clocks.
fn game_spec(t: &Tournament, run: &Run, slot: &Slot) -> GameSpec {
    let (k, j) = (slot.k, slot.j);
    let (_, alternating_first) = pairing(2 * k + j);
    let (start, first) = match t
        .openings
        .get((k % t.openings.len().max(1) as u64) as usize)
    {
        None => (None, alternating_first),
        Some(Opening::Setups { red, blue }) => (
            Some(Start::Setups {
                red: red.clone(),
                blue: blue.clone(),
                first: alternating_first,
                variant: t.variant,
            }),
            alternating_first,
        ),
        Some(Opening::Fixed(s)) => (Some(s.clone()), s.first()),
    };
    let (red, blue) = slot.red_blue();
    let tc_of = |i: usize| t.entrants[i].tc.unwrap_or(t.tc);
    GameSpec {
        number: slot.number,
        seed: rng::pair_seed(t.seed, slot.stream),
        first,
        tc: [tc_of(red), tc_of(blue)],
        grace_ms: t.grace_ms,
        engine_setups: t.engine_setups,
        date: run.date.clone(),
        start,
        match_id: Some(run.match_id.clone()),
        variant: t.variant,
        engine_log: t.engine_log.clone(),
        hall: t.hall.clone(),
        names: Some([t.names[red].clone(), t.names[blue].clone()]),
    }
}

/// The progress line of a finished game: who beat whom, how, and the encounter's tally.
fn progress_line(
    t: &Tournament,
    run: &Run,
    slot: &Slot,
    rec: &GameRecord,
    tally: (u64, u64),
) -> String {
    let (a, b) = (slot.a, slot.b);
    let a_won = rec.winner == Some(slot.a_color());
    if rec.winner.is_none() {
        let of = if run.all_games > 0 {
            format!("/{}", run.all_games)
        } else {
            String::new()
        };
        let (red, blue) = if slot.a_color() == Color::Red {
            (&t.names[a], &t.names[b])
        } else {
            (&t.names[b], &t.names[a])
        };
        return format!(
            "game {}{of}: {red} (red) and {blue} unfinished ({}) in {}, scored for nobody; \
             {} {}-{} {}\n",
            rec.number,
            rec.detail,
            plies(rec.plies.len()),
            t.names[a],
            tally.0,
            tally.1,
            t.names[b]
        );
    }
    let (wn, ln) = if a_won {
        (&t.names[a], &t.names[b])
    } else {
        (&t.names[b], &t.names[a])
    };
    let detail = if rec.detail.is_empty() {
        String::new()
    } else {
        format!(" ({})", rec.detail)
    };
    // A knockout's numbers have gaps: they are shown alone.
    let of = if run.all_games > 0 {
        format!("/{}", run.all_games)
    } else {
        String::new()
    };
    format!(
        "game {}{of}: {wn} ({}) beat {ln} by {}{detail} in {}; {} {}-{} {}\n",
        rec.number,
        rec.winner.map_or("nobody", Color::name),
        rec.reason,
        plies(rec.plies.len()),
        t.names[a],
        tally.0,
        tally.1,
        t.names[b]
    )
}

/// The status line: games done, the score so far with its interval (or each player's score in a
/// tournament), the SPRT ratio, and an estimate of the time left.
fn status(t: &Tournament, live: &Live, planned: u64, started: Instant, already: u64) -> String {
    let mut s = format!("games {}/{planned}", live.done);
    if t.entrants.len() == 2 {
        let (w, l) = live.tally.get(&(0, 1)).copied().unwrap_or((0, 0));
        s.push_str(&format!(" | {} {w}-{l} {}", t.names[0], t.names[1]));
        // Most telling first: a line cut to the terminal's width loses the end.
        if let Some(test) = &t.sprt {
            let (lo, hi) = test.bounds();
            s.push_str(&format!(
                " | LLR {:.2} [{lo:.2}, {hi:.2}]",
                test.llr(&live.pairs)
            ));
        }
        if live.pairs.total() > 0 {
            let sc = live.pairs.score();
            let e = live.pairs.elo().value;
            let elo = if e.is_finite() {
                stats::fmt_elo(e)
            } else {
                "not finite".to_string()
            };
            s.push_str(&format!(
                " | {:.3} [{:.3}, {:.3}] | Elo {elo}",
                sc.value, sc.low, sc.high,
            ));
        }
    } else {
        let mut score = vec![(0u64, 0u64); t.entrants.len()];
        for (&(a, b), &(w, l)) in &live.tally {
            score[a].0 += w;
            score[a].1 += w + l;
            score[b].0 += l;
            score[b].1 += w + l;
        }
        for (i, (w, g)) in score.iter().enumerate() {
            s.push_str(&format!(" | {} {w}/{g}", t.names[i]));
        }
    }
    let left = if live.done > already && live.done < planned {
        let per = started.elapsed().as_secs_f64() / (live.done - already) as f64;
        format!(
            " | {} left",
            fmt_duration(per * (planned - live.done) as f64)
        )
    } else {
        String::new()
    };
    // A line longer than the terminal wraps, and `\r` then rewrites only its last row: keep it
    // within the width (COLUMNS when the shell exports it, else 80), the time left always shown.
    let width = std::env::var("COLUMNS")
        .ok()
        .and_then(|c| c.parse::<usize>().ok())
        .unwrap_or(80)
        .max(20)
        - 1;
    let room = width.saturating_sub(left.chars().count());
    if s.chars().count() > room {
        s = s.chars().take(room.saturating_sub(1)).collect::<String>() + "~";
    }
    s + &left
}

/// A count of plies in words, each side's turn one move as on the live page: "1 move", "17 moves"
/// (the terminal said "16 plies" where the page said "16 moves" of the same game).
pub(crate) fn plies(n: usize) -> String {
    if n == 1 {
        "1 move".to_string()
    } else {
        format!("{n} moves")
    }
}
