//! Matches and tournaments of any number of players: the seeded list of games, its shards, the
//! workers that play it, and the progress shown while they do.
//!
//! The game list. A schedule names the encounters: a gauntlet pits the first player against each
//! of the others, a round robin every player against every other (with two players both are the
//! one match). Each encounter plays `games` games, in pairs. The pairs of all encounters are
//! interleaved: global pair `p` belongs to encounter `p mod E` and is that encounter's pair
//! `k = p div E`, so a tournament stopped halfway has played every encounter about equally. Pair
//! `k` of every encounter uses the generator stream `pair_seed(seed, k)` (the same setups and dice
//! for every encounter) and the `k mod P`-th start position of `--positions`, if given. Its games
//! are numbered `2p + 1` (the encounter's first player is Red) and `2p + 2` (colours swapped).
//! With two players this is exactly the list of a two-player match.
//!
//! Shards. `--shard K/N` plays the pairs `p` with `p mod N = K - 1`: whole pairs, disjoint, all
//! of them over the N shards, each game with the number, seed and players it has in the whole list.
//! The records of the shards merged (`ewn stats`) are therefore the records of one run.

use std::collections::{BTreeMap, HashSet};
use std::io::Write;
use std::sync::Mutex;
use std::sync::atomic::{AtomicBool, Ordering};
use std::time::Instant;

use anyhow::{Context, Result, bail, ensure};

use super::game::{GameSpec, pairing, play_game};
use super::report::Report;
pub use super::rounds::event_text;
use super::stats::{self, Pairs, Sprt, Verdict};
use crate::players::PlayerSpec;
use crate::players::spec::Entrant;
use crate::players::{Player, TimeControl};
use crate::record::{self, GameRecord, Start};
use crate::rules::board::Color;
use crate::rules::notation::{parse_fen_in, parse_setup_in, to_fen};
use crate::rules::rng;
use crate::rules::variant::Variant;

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Schedule {
    Gauntlet,
    RoundRobin,
    /// A Swiss system of this many rounds; `games` is each pairing's mini-match.
    Swiss {
        rounds: u64,
    },
    /// A seeded knockout in the order of entry; `games` is each pairing's mini-match.
    Knockout,
}

impl Schedule {
    pub fn name(self) -> &'static str {
        match self {
            Schedule::Gauntlet => "gauntlet",
            Schedule::RoundRobin => "round-robin",
            Schedule::Swiss { .. } => "swiss",
            Schedule::Knockout => "knockout",
        }
    }
}

/// A start for the games of a pair, from `--positions`.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Opening {
    /// Two setups; the first mover alternates between pairs as in a match with drawn setups.
    Setups { red: Vec<u8>, blue: Vec<u8> },
    /// A fixed start: setups with a first mover, or any position (its side to move moves first).
    Fixed(Start),
}

/// Reads a positions file: one start per line, either a position string or two setups with an
/// optional first mover (`451623 123456` or `451623 123456 b`). Blank lines and `#` lines are
/// skipped.
pub fn parse_openings(text: &str, v: &'static Variant) -> Result<Vec<Opening>> {
    let mut out = Vec::new();
    for (i, raw) in text.lines().enumerate() {
        let line = raw.trim();
        if line.is_empty() || line.starts_with('#') {
            continue;
        }
        let fail = |m: String| anyhow::anyhow!("line {}: {}", i + 1, record::short_message(m));
        if line.contains('/') {
            let b = parse_fen_in(v, line).map_err(|e| fail(e.0))?;
            if b.is_over() {
                return Err(fail("the game is already over".into()));
            }
            out.push(Opening::Fixed(Start::from_board(&b)));
            continue;
        }
        let words: Vec<&str> = line.split_whitespace().collect();
        let (red, blue, first) = match words[..] {
            [r, b] => (r, b, None),
            [r, b, f] => (r, b, Some(f)),
            _ => {
                return Err(fail(format!(
                    "'{}': expected a position string or two setups",
                    record::excerpt(line)
                )));
            }
        };
        let red = parse_setup_in(v, red).map_err(|e| fail(e.0))?;
        let blue = parse_setup_in(v, blue).map_err(|e| fail(e.0))?;
        out.push(match first {
            None => Opening::Setups { red, blue },
            Some("r") => Opening::Fixed(Start::Setups {
                red,
                blue,
                first: Color::Red,
                variant: v,
            }),
            Some("b") => Opening::Fixed(Start::Setups {
                red,
                blue,
                first: Color::Blue,
                variant: v,
            }),
            Some(f) => {
                return Err(fail(format!(
                    "bad first mover '{}': expected r or b",
                    record::excerpt(f)
                )));
            }
        });
    }
    ensure!(!out.is_empty(), "the positions file has no position");
    Ok(out)
}

/// The most games per encounter (`--games`).
pub const MAX_GAMES: u64 = 1_000_000;
/// The longest grace, in ms (`--grace`).
pub const MAX_GRACE_MS: u64 = 60_000;
/// The most games played at once (`--concurrency`).
pub const MAX_CONCURRENCY: usize = 64;
/// The most players of a tournament.
pub const MAX_PLAYERS: usize = 64;

/// `K/N`: this run plays the K-th of N slices (1-based).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Shard {
    pub k: u64,
    pub n: u64,
}

impl std::str::FromStr for Shard {
    type Err = String;
    fn from_str(s: &str) -> Result<Shard, String> {
        let bad = || format!("bad shard '{s}': expected K/N with 1 <= K <= N");
        let (k, n) = s.split_once('/').ok_or_else(bad)?;
        let k: u64 = k.trim().parse().map_err(|_| bad())?;
        let n: u64 = n.trim().parse().map_err(|_| bad())?;
        if k == 0 || n == 0 || k > n {
            return Err(bad());
        }
        Ok(Shard { k, n })
    }
}

/// Everything a tournament (or a two-player match) needs.
#[derive(Clone, Debug)]
pub struct Tournament {
    pub entrants: Vec<Entrant>,
    /// Distinct names, one per entrant (see [`labels`]).
    pub names: Vec<String>,
    pub schedule: Schedule,
    /// Games per encounter, even.
    pub games: u64,
    pub seed: u64,
    /// The time control of players that have none of their own.
    pub tc: TimeControl,
    pub grace_ms: u64,
    pub concurrency: usize,
    pub engine_setups: bool,
    pub openings: Vec<Opening>,
    pub sprt: Option<Sprt>,
    pub shard: Option<Shard>,
    pub anchor: usize,
    /// Pin the engines of each concurrent game to a CPU of their own (`--affinity`).
    pub affinity: bool,
    /// The variant of every game.
    pub variant: &'static Variant,
    /// A two-player match that ends when one side has this many wins (`--first-to`).
    pub first_to: Option<u64>,
    /// A folder for every engine's lines of every game (`--engine-log`).
    pub engine_log: Option<std::path::PathBuf>,
    /// The view the live page shows (`--live`), kept up to date while games are played.
    pub hall: Option<super::hall::Hall>,
}

/// Names for the players: their `name=`, else their command (`self` reads `ewn`), made distinct
/// by a number when two are equal.
pub fn labels(entrants: &[Entrant]) -> Vec<String> {
    let mut out: Vec<String> = Vec::new();
    for e in entrants {
        let base = match &e.name {
            Some(n) => n.clone(),
            None => match e.source.trim() {
                "self" => "ewn".to_string(),
                "tcg:self" => "ewn-tcg".to_string(),
                other => other.to_string(),
            },
        };
        let base = record::record_name(&base);
        let mut name = base.clone();
        let mut k = 2;
        while out.contains(&name) {
            name = format!("{base} ({k})");
            k += 1;
        }
        out.push(name);
    }
    out
}

impl Tournament {
    /// A match of two players with the defaults of `ewn match` (100 games, seed 1, 100 ms per
    /// move, 100 ms grace, one game at a time, setups drawn from the seed, no SPRT); callers
    /// change what they need with `Tournament { games: 4, ..Tournament::two_players(..) }`.
    pub fn two_players(players: [PlayerSpec; 2], names: [&str; 2]) -> Tournament {
        let entrants: Vec<Entrant> = players
            .into_iter()
            .zip(names)
            .map(|(p, n)| Entrant::plain(p, n))
            .collect();
        Tournament {
            names: labels(&entrants),
            entrants,
            schedule: Schedule::Gauntlet,
            games: 100,
            seed: 1,
            tc: TimeControl::MoveTime { ms: 100 },
            grace_ms: 100,
            concurrency: 1,
            engine_setups: false,
            openings: Vec::new(),
            sprt: None,
            shard: None,
            anchor: 0,
            affinity: false,
            variant: Variant::standard(),
            first_to: None,
            engine_log: None,
            hall: None,
        }
    }

    /// The encounters `(a, b)` in schedule order.
    pub fn encounters(&self) -> Vec<(usize, usize)> {
        let n = self.entrants.len();
        match self.schedule {
            Schedule::Gauntlet => (1..n).map(|j| (0, j)).collect(),
            Schedule::RoundRobin => (0..n)
                .flat_map(|i| (i + 1..n).map(move |j| (i, j)))
                .collect(),
            // Paired round by round from the results (see `run_event`).
            Schedule::Swiss { .. } | Schedule::Knockout => Vec::new(),
        }
    }

    pub fn total_pairs(&self) -> u64 {
        self.encounters().len() as u64 * (self.games / 2)
    }

    /// The global pairs this run plays, in order.
    pub fn pairs_to_play(&self) -> Vec<u64> {
        (0..self.total_pairs())
            .filter(|p| self.shard.is_none_or(|s| p % s.n == s.k - 1))
            .collect()
    }

    /// A fingerprint of what makes the games of this match what they are: seed, schedule,
    /// games, players' names, settings and time controls, start positions. Shards of one match
    /// share it (the shard, the concurrency and the engines' paths do not enter it).
    pub fn match_id(&self) -> String {
        let schedule = match self.schedule {
            Schedule::Swiss { rounds } => format!("swiss {rounds}"),
            s => s.name().to_string(),
        };
        let mut text = format!(
            "{}|{}|{}|{:?}|{}|{}",
            self.seed, schedule, self.games, self.tc, self.engine_setups, self.grace_ms
        );
        for (e, name) in self.entrants.iter().zip(&self.names) {
            text.push_str(&format!("|{name}:{:?}:{:?}", e.options, e.tc));
        }
        if let Some(n) = self.first_to {
            text.push_str(&format!("|first-to {n}"));
        }
        for o in &self.openings {
            match o {
                Opening::Setups { red, blue } => text.push_str(&format!("|{red:?}{blue:?}")),
                Opening::Fixed(s) => text.push_str(&format!("|{}{:?}", to_fen(&s.board()), s)),
            }
        }
        // FNV-1a, then one splitmix64 step to spread it.
        let mut h: u64 = 0xcbf2_9ce4_8422_2325;
        for b in text.bytes() {
            h = (h ^ u64::from(b)).wrapping_mul(0x0000_0100_0000_01b3);
        }
        format!("{:016x}", crate::rules::zobrist::splitmix64(h).1)
    }

    /// Checks what the command line cannot: enough players, an SPRT only for two, numbers in
    /// their ranges, a shard with games.
    pub fn validate(&self) -> Result<()> {
        ensure!(
            (2..=MAX_GAMES).contains(&self.games),
            "games per encounter must be 2..{MAX_GAMES} (whole pairs)"
        );
        ensure!(
            self.grace_ms <= MAX_GRACE_MS,
            "the grace must be 0..{MAX_GRACE_MS} ms"
        );
        ensure!(
            (1..=MAX_CONCURRENCY).contains(&self.concurrency),
            "the concurrency must be 1..{MAX_CONCURRENCY}"
        );
        ensure!(
            self.entrants.len() <= MAX_PLAYERS,
            "at most {MAX_PLAYERS} players"
        );
        if let Some(s) = self.shard {
            let pairs = self.total_pairs();
            ensure!(
                s.k <= pairs,
                "shard {}/{}: the match has only {pairs} pairs of games, so this shard has none; \
                 use at most {pairs} shards",
                s.k,
                s.n
            );
        }
        ensure!(
            self.entrants.len() >= 2,
            "a match needs at least two players"
        );
        ensure!(
            self.names.len() == self.entrants.len(),
            "one name per player"
        );
        ensure!(
            self.games >= 2 && self.games.is_multiple_of(2),
            "games come in pairs"
        );
        ensure!(self.anchor < self.entrants.len(), "no such anchor player");
        if self.sprt.is_some() {
            ensure!(
                self.entrants.len() == 2,
                "--sprt is for a match of two players"
            );
            ensure!(
                self.shard.is_none(),
                "--sprt cannot stop a shard early (it does not see the other shards); \
                 run the shards without it and apply it with `ewn stats --sprt`"
            );
        }
        if let Schedule::Swiss { rounds } = self.schedule {
            ensure!(
                (1..=self.entrants.len() as u64).contains(&rounds),
                "--rounds {rounds}: a Swiss event of {} players plays 1..{} rounds",
                self.entrants.len(),
                self.entrants.len()
            );
        }
        if matches!(self.schedule, Schedule::Swiss { .. } | Schedule::Knockout) {
            ensure!(
                self.sprt.is_none() && self.shard.is_none() && self.first_to.is_none(),
                "a {} event takes no --sprt, --shard or --first-to",
                self.schedule.name()
            );
        }
        if let Some(n) = self.first_to {
            ensure!(
                self.entrants.len() == 2,
                "--first-to is for a match of two players"
            );
            ensure!(
                n >= 1 && self.games >= 2 * n - 1,
                "--first-to {n}: the match needs at least {} games",
                2 * n - 1
            );
            ensure!(
                self.sprt.is_none() && self.shard.is_none(),
                "--first-to ends the match itself: it takes no --sprt or --shard"
            );
        }
        if self.engine_setups && !self.openings.is_empty() {
            bail!("--engine-setups and --positions both choose the start: give one");
        }
        if self.engine_setups && !self.variant.standard {
            bail!(
                "--engine-setups is for the standard game; in {} the setups are drawn from the seed or given with --positions",
                self.variant.name()
            );
        }
        Ok(())
    }
}

/// How a run shows its progress.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Progress {
    /// One line per finished game (for logs, pipes and `--quiet`).
    Lines,
    /// One status line rewritten in place (on a terminal).
    Status,
}

/// What a run produced.
#[derive(Clone, Debug)]
pub struct Outcome {
    /// The records of the games played, by game number.
    pub records: Vec<GameRecord>,
    pub report: Report,
    /// The SPRT decided: its verdict and the games finished at that moment.
    pub sprt_stop: Option<(Verdict, u64)>,
    /// Games this run was to play.
    pub planned: u64,
    /// An event's standings (Swiss) or bracket (knockout) and crosstable.
    pub event: Option<String>,
}

/// The live tally behind the progress output.
pub(super) struct Live {
    done: u64,
    /// Per encounter `(a, b)`: a's wins and losses.
    tally: BTreeMap<(usize, usize), (u64, u64)>,
    /// Pairs of the first encounter (the two-player match) so far, and half-played pairs.
    pairs: Pairs,
    half: BTreeMap<u64, bool>,
    pub(super) records: Vec<GameRecord>,
    sprt_stop: Option<(Verdict, u64)>,
    /// A first-to match was decided when this many games had finished.
    first_to_stop: Option<u64>,
}

struct Queue {
    /// The games to play, in order.
    slots: Vec<Slot>,
    next: usize,
    started: HashSet<u64>,
}

/// `1h02m`, `3m12s`, `45s`.
fn fmt_duration(secs: f64) -> String {
    let s = secs.max(0.0).round() as u64;
    if s >= 3600 {
        format!("{}h{:02}m", s / 3600, (s % 3600) / 60)
    } else if s >= 60 {
        format!("{}m{:02}s", s / 60, s % 60)
    } else {
        format!("{s}s")
    }
}

/// Plays the tournament (or this run's shard of it). Progress goes to `out`; every finished game
/// is appended to `record`.
pub fn run(
    t: &Tournament,
    progress: Progress,
    out: &mut (dyn Write + Send),
    record: Option<&mut (dyn Write + Send)>,
) -> Result<Outcome> {
    run_resumed(t, progress, out, record, Vec::new())
}

/// One game to play: its number, its players (`a` the first-named, Red in the first game of its
/// pair), `k` its generator stream (and start position), `j` 0 or 1 its place in the pair, and
/// whether its pair counts for the match's pair statistics (the first encounter's pairs).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(super) struct Slot {
    pub(super) number: u64,
    pub(super) a: usize,
    pub(super) b: usize,
    pub(super) k: u64,
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
    /// Counts a finished game of `slot`. The tally of its encounter after it.
    fn count(&mut self, t: &Tournament, rec: &GameRecord, slot: &Slot) -> (u64, u64) {
        let (pair, a, b, a_color) = (slot.pair(), slot.a, slot.b, slot.a_color());
        let a_won = rec.winner == Some(a_color);
        self.done += 1;
        let tally = self.tally.entry((a, b)).or_insert((0, 0));
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

/// The games of a schedule with a fixed list (gauntlet, round robin) that this run plays.
fn fixed_slots(t: &Tournament) -> Vec<Slot> {
    let encounters = t.encounters();
    let e_count = encounters.len() as u64;
    t.pairs_to_play()
        .into_iter()
        .flat_map(|pair| {
            let (a, b) = encounters[(pair % e_count) as usize];
            [0, 1].map(|j| Slot {
                number: 2 * pair + j + 1,
                a,
                b,
                k: pair / e_count,
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
) -> Result<Outcome> {
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
    };
    let live = play_slots(t, &run, todo, progress, out, &mut record, live)?;
    finish(t, live, planned)
}

/// The records and the report of a run that has played.
pub(super) fn finish(t: &Tournament, live: Live, planned: u64) -> Result<Outcome> {
    let mut records = live.records;
    records.sort_by_key(|g| g.number);
    let report =
        Report::build(t.names.clone(), &records, t.anchor, t.sprt).map_err(anyhow::Error::msg)?;
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
        }
    }
}

/// The tally of the games a record already holds, each checked to be one of `slots` with its
/// players in their colours.
fn preload(t: &Tournament, slots: &[Slot], mut done: Vec<GameRecord>) -> Result<Live> {
    let mut live = Live::new();
    preload_into(t, &mut live, slots, &mut done)?;
    if let Some(g) = done.first() {
        bail!(
            "the record holds game {}, which this run does not play (another --shard, --games \
             or players?)",
            g.number
        );
    }
    Ok(live)
}

/// Moves the games of `done` that are among `slots` into `live`, checking their players.
pub(super) fn preload_into(
    t: &Tournament,
    live: &mut Live,
    slots: &[Slot],
    done: &mut Vec<GameRecord>,
) -> Result<()> {
    done.sort_by_key(|g| g.number);
    let by_number: BTreeMap<u64, &Slot> = slots.iter().map(|s| (s.number, s)).collect();
    let (mine, rest): (Vec<GameRecord>, Vec<GameRecord>) = std::mem::take(done)
        .into_iter()
        .partition(|g| by_number.contains_key(&g.number));
    *done = rest;
    for g in mine {
        let slot = by_number[&g.number];
        let (red, blue) = slot.red_blue();
        ensure!(
            g.red == t.names[red] && g.blue == t.names[blue],
            "the record's game {} is between {} and {}, this run's between {} and {}",
            g.number,
            record::excerpt(&g.red),
            record::excerpt(&g.blue),
            t.names[red],
            t.names[blue]
        );
        live.count(t, &g, slot);
        live.records.push(g);
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
}

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
) -> Result<Live> {
    let resumed: HashSet<u64> = live.records.iter().map(|g| g.number).collect();
    let slots: Vec<Slot> = slots
        .into_iter()
        .filter(|s| !resumed.contains(&s.number))
        .collect();
    let (all_games, planned) = (run.all_games, run.planned);
    let queue = Mutex::new(Queue {
        next: 0,
        started: resumed.iter().map(|n| (n - 1) / 2).collect(),
        slots,
    });
    let stop = AtomicBool::new(false);
    let first_to_done = AtomicBool::new(false);
    let failure: Mutex<Option<anyhow::Error>> = Mutex::new(None);
    let started_at = Instant::now();
    let already = live.done;
    let to_play = queue.lock().unwrap_or_else(|e| e.into_inner()).slots.len();
    let sink = Mutex::new((live, out, record));
    let tc_of = |i: usize| t.entrants[i].tc.unwrap_or(t.tc);
    let workers = t.concurrency.clamp(1, MAX_CONCURRENCY).min(to_play.max(1));
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
        // Borrowed by the workers, which take their slot number by value.
        let (queue, stop, failure, sink) = (&queue, &stop, &failure, &sink);
        let first_to_done = &first_to_done;
        let (date, match_id, tc_of) = (&run.date, &run.match_id, &tc_of);
        for w in 0..workers {
            // Game slot w runs on CPU w (mod the CPUs this process may use): the two engines of
            // a game take turns, so they share it.
            let pin = (!cpus.is_empty()).then(|| vec![cpus[w % cpus.len()]]);
            scope.spawn(move || {
                let mut players: Vec<Option<Box<dyn Player>>> =
                    (0..t.entrants.len()).map(|_| None).collect();
                loop {
                    let slot = {
                        let mut q = queue.lock().unwrap_or_else(|e| e.into_inner());
                        let Some(&slot) = q.slots.get(q.next) else {
                            break;
                        };
                        q.next += 1;
                        // Once stopped, no pair is begun, but a begun pair is finished; a
                        // first-to match ends at once.
                        if stop.load(Ordering::SeqCst)
                            && (first_to_done.load(Ordering::SeqCst)
                                || !(slot.j == 1 && q.started.contains(&slot.pair())))
                        {
                            continue;
                        }
                        q.started.insert(slot.pair());
                        slot
                    };
                    let (a, b, k, j) = (slot.a, slot.b, slot.k, slot.j);
                    let (a_color, alternating_first) = pairing(2 * k + j);
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
                    let (red, blue) = if a_color == Color::Red {
                        (a, b)
                    } else {
                        (b, a)
                    };
                    let spec = GameSpec {
                        number: slot.number,
                        seed: rng::pair_seed(t.seed, k),
                        first,
                        tc: [tc_of(red), tc_of(blue)],
                        grace_ms: t.grace_ms,
                        engine_setups: t.engine_setups,
                        date: date.clone(),
                        start,
                        match_id: Some(match_id.clone()),
                        variant: t.variant,
                        engine_log: t.engine_log.clone(),
                        hall: t.hall.clone(),
                    };
                    for i in [red, blue] {
                        if players[i].is_none() {
                            players[i] = Some(t.entrants[i].make_on(&t.names[i], pin.clone()));
                        }
                    }
                    let mut rec = {
                        let (lo, hi) = players.split_at_mut(red.max(blue));
                        let (x, y) = (lo[red.min(blue)].as_mut(), hi[0].as_mut());
                        let (x, y) = (x.expect("made above"), y.expect("made above"));
                        if red < blue {
                            play_game(x.as_mut(), y.as_mut(), &spec)
                        } else {
                            play_game(y.as_mut(), x.as_mut(), &spec)
                        }
                    };
                    // The tournament's names, also for players that do not know theirs.
                    rec.red = t.names[red].clone();
                    rec.blue = t.names[blue].clone();

                    let mut guard = sink.lock().unwrap_or_else(|e| e.into_inner());
                    let (live, out, record) = &mut *guard;
                    let a_won = rec.winner == Some(a_color);
                    let tally = live.count(t, &rec, &slot);
                    if live.first_to_stop.is_some() {
                        stop.store(true, Ordering::SeqCst);
                        first_to_done.store(true, Ordering::SeqCst);
                    }
                    let line = match progress {
                        Progress::Lines => {
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
                            let of = if all_games > 0 {
                                format!("/{all_games}")
                            } else {
                                String::new()
                            };
                            format!(
                                "game {}{of}: {wn} ({}) beat {ln} by {}{detail} in {} \
                                 plies; {} {}-{} {}\n",
                                rec.number,
                                rec.winner.map_or("nobody", Color::name),
                                rec.reason,
                                rec.plies.len(),
                                t.names[a],
                                tally.0,
                                tally.1,
                                t.names[b]
                            )
                        }
                        Progress::Status => {
                            format!("\r{}\x1b[K", status(t, live, planned, started_at, already))
                        }
                    };
                    let text = rec.to_text();
                    let number = rec.number;
                    live.records.push(rec);
                    if let Some(h) = &t.hall {
                        h.finished(
                            number,
                            super::rounds::hall_text(t, &live.records),
                            live.done,
                        );
                    }
                    // The record first: it is what a resume reads.
                    let mut io = || -> Result<()> {
                        if let Some(r) = record.as_deref_mut() {
                            r.write_all(text.as_bytes())
                                .and_then(|_| r.flush())
                                .context("writing the record")?;
                        }
                        out.write_all(line.as_bytes())
                            .and_then(|_| out.flush())
                            .context("writing the progress")?;
                        Ok(())
                    };
                    if let Err(e) = io() {
                        *failure.lock().unwrap_or_else(|e| e.into_inner()) = Some(e);
                        stop.store(true, Ordering::SeqCst);
                    }
                    if let Some(test) = &t.sprt
                        && live.sprt_stop.is_none()
                        && let Some(v) = test.verdict(&live.pairs)
                    {
                        live.sprt_stop = Some((v, live.done));
                        stop.store(true, Ordering::SeqCst);
                    }
                }
            });
        }
    });
    if let Some(e) = failure.into_inner().unwrap_or_else(|e| e.into_inner()) {
        return Err(e);
    }
    let (live, out, _) = sink.into_inner().unwrap_or_else(|e| e.into_inner());
    if progress == Progress::Status {
        out.write_all(b"\r\x1b[K")?;
        out.flush()?;
    }
    Ok(live)
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

#[cfg(test)]
#[path = "tourney_tests.rs"]
mod tests;
