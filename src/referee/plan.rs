//! What a tournament is: its players, its schedule (gauntlet, round robin, Swiss, knockout), its
//! start positions, shards and limits, checked once by [`Tournament::validate`] before any game.
//! Running it is the business of `tourney` (a gauntlet or round robin) and `rounds` (an event).

use super::error::{OpeningsError, SettingsError};
use super::report::Report;
use super::stats::{Sprt, Verdict};
use crate::players::PlayerSpec;
use crate::players::TimeControl;
use crate::players::spec::Entrant;
use crate::record::{self, GameRecord, Start};
use crate::rules::board::Color;
use crate::rules::notation::{parse_fen_in, parse_setup_in, to_fen};
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
pub fn parse_openings(text: &str, v: &'static Variant) -> Result<Vec<Opening>, OpeningsError> {
    let mut out = Vec::new();
    for (i, raw) in text.lines().enumerate() {
        let line = raw.trim();
        if line.is_empty() || line.starts_with('#') {
            continue;
        }
        let n = i + 1;
        let notation = |error| OpeningsError::Notation { line: n, error };
        if line.contains('/') {
            let b = parse_fen_in(v, line).map_err(notation)?;
            if b.is_over() {
                return Err(OpeningsError::Over { line: n });
            }
            out.push(Opening::Fixed(Start::from_board(&b)));
            continue;
        }
        let words: Vec<&str> = line.split_whitespace().collect();
        let (red, blue, first) = match words[..] {
            [r, b] => (r, b, None),
            [r, b, f] => (r, b, Some(f)),
            _ => {
                return Err(OpeningsError::Form {
                    line: n,
                    text: line.to_string(),
                });
            }
        };
        let red = parse_setup_in(v, red).map_err(notation)?;
        let blue = parse_setup_in(v, blue).map_err(notation)?;
        let first = match first {
            None => None,
            Some("r") => Some(Color::Red),
            Some("b") => Some(Color::Blue),
            Some(f) => {
                return Err(OpeningsError::FirstMover {
                    line: n,
                    word: f.to_string(),
                });
            }
        };
        out.push(match first {
            None => Opening::Setups { red, blue },
            Some(first) => Opening::Fixed(Start::Setups {
                red,
                blue,
                first,
                variant: v,
            }),
        });
    }
    if out.is_empty() {
        return Err(OpeningsError::Empty);
    }
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
    type Err = super::error::ValueError;
    fn from_str(s: &str) -> Result<Shard, Self::Err> {
        let bad = || super::error::ValueError::Shard(s.to_string());
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

    /// Starts every engine program once, as its first game would, and ends it again: a program
    /// that cannot be started, dies before its handshake or never completes it stops the run
    /// here, before any game is played or recorded (a crash in a game is that game's forfeit).
    /// The programs are started side by side, so the wait is one handshake at most.
    pub fn check_starts(&self) -> Result<(), super::error::StartError> {
        use crate::players::Fault;
        let checks: Vec<(usize, Result<(), Fault>)> = std::thread::scope(|s| {
            let handles: Vec<_> = self
                .entrants
                .iter()
                .enumerate()
                .filter(|(_, e)| matches!(e.spec, PlayerSpec::Native(_) | PlayerSpec::Tcg(_)))
                .map(|(i, e)| {
                    let label = &self.names[i];
                    let variant = (!self.variant.standard).then_some(self.variant);
                    (
                        i,
                        s.spawn(move || {
                            let mut p = e.make(label);
                            if let Some(v) = variant {
                                p.set_variant(v)?;
                            }
                            p.check_start()
                        }),
                    )
                })
                .collect();
            handles
                .into_iter()
                .map(|(i, h)| {
                    let r = h.join().unwrap_or_else(|_| {
                        Err(Fault::Crash("the start check failed".to_string()))
                    });
                    (i, r)
                })
                .collect()
        });
        let mut failed = checks
            .into_iter()
            .filter_map(|(i, r)| Some(self.start_failure(i, r.err()?)));
        // Every engine that failed is named, so that one run finds all the organiser's mistakes.
        match (failed.next(), failed.collect::<Vec<_>>()) {
            (None, _) => Ok(()),
            (Some(first), more) if more.is_empty() => Err(first),
            (Some(first), more) => Err(super::error::StartError::Several {
                first: Box::new(first),
                more: more.iter().map(ToString::to_string).collect(),
            }),
        }
    }

    /// Player `i`'s failed start check in the organiser's words: the fault, and where to look.
    fn start_failure(&self, i: usize, f: crate::players::Fault) -> super::error::StartError {
        use crate::players::Fault;
        // A program that started and then failed may have said why on its standard error:
        // where that went, unless the system refused to start it at all.
        let e = &self.entrants[i];
        let dropped = match &e.stderr {
            None => " (its standard error is dropped: add stderr=FILE to the player to keep it)"
                .to_string(),
            Some(f) => format!(
                " (its standard error is in {})",
                crate::players::spec::shell_quote(&f.display().to_string())
            ),
        };
        let script = match &e.spec {
            PlayerSpec::Native(argv) | PlayerSpec::Tcg(argv) => {
                crate::players::engine::windows_script_hint(argv, e.dir.as_deref())
            }
            _ => None,
        };
        let reason = match f {
            // Words that say all themselves: the system's refusal or the stderr= file not opened
            // (`SpawnError`'s), an option or a variant the engine refused.
            Fault::NotStarted(s) | Fault::Refused(s) => s,
            // Started, and ended at once by its interpreter: the script's line endings.
            Fault::Crash(s) if script.is_some() => format!("{s}{}", script.unwrap_or_default()),
            Fault::Crash(s) => format!("{s}{dropped}"),
            Fault::Time(s) => format!("no handshake: {s}{dropped}"),
            Fault::Malformed(s) => format!("handshake broken: {s}"),
        };
        super::error::StartError::Engine {
            player: self.names[i].clone(),
            command: self.command(i),
            reason,
        }
    }

    /// Player `i`'s command as a shell reads it (`tcg:` before a TCG engine's), or the built-in
    /// player as named.
    pub fn command(&self, i: usize) -> String {
        match &self.entrants[i].spec {
            PlayerSpec::Native(argv) => crate::players::spec::shell_line(argv),
            PlayerSpec::Tcg(argv) => format!("tcg:{}", crate::players::spec::shell_line(argv)),
            _ => self.entrants[i].source.clone(),
        }
    }

    /// Each player's command, keyed `player N (NAME)` (see [`Tournament::command`]): kept in a record's
    /// header beside the settings but not compared as they are, since the same engine has
    /// another path on another machine; a resume only warns when one differs.
    /// `self` is named so, not by this program's path, which a build elsewhere does not share.
    pub fn commands(&self) -> Vec<Setting> {
        use crate::players::spec::shell_line;
        (0..self.entrants.len())
            .map(|i| {
                let e = &self.entrants[i];
                let value = match (&e.spec, e.source.as_str()) {
                    (PlayerSpec::Native(argv), "self") => {
                        shell_line(&[&["self".to_string()], &argv[1..]].concat())
                    }
                    (PlayerSpec::Tcg(argv), "tcg:self") if argv.len() >= 3 => {
                        format!(
                            "tcg:{}",
                            shell_line(&[&["self".to_string()], &argv[3..]].concat())
                        )
                    }
                    _ => self.command(i),
                };
                Setting {
                    key: format!("player {} ({})", i + 1, self.names[i]),
                    value,
                }
            })
            .collect()
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
        if matches!(self.schedule, Schedule::RoundRobin) && self.entrants.len() > 2 {
            // Each pairing has had dice of its own since builds whose records lack this: such a
            // record is another match, not one to resume on other dice.
            text.push_str("|dice by pairing");
        }
        for o in &self.openings {
            text.push_str(&opening_text(o));
        }
        fingerprint(&text)
    }

    /// The settings the fingerprint ([`Tournament::match_id`]) is made of, as the command line
    /// gives them, in that order, and the variant: what a record's header keeps so that a resume
    /// with other settings can name the first that differs (see `record_file`).
    pub fn settings(&self) -> Vec<Setting> {
        let mut out = Vec::new();
        let mut set = |key: &str, value: String| {
            out.push(Setting {
                key: key.to_string(),
                value,
            })
        };
        set("--seed", self.seed.to_string());
        set("--tournament", self.schedule.name().to_string());
        if let Schedule::Swiss { rounds } = self.schedule {
            set("--rounds", rounds.to_string());
        }
        // Before the games, which a first-to match does not name (it plays up to 2N).
        let first_to = self
            .first_to
            .map_or("not given".to_string(), |n| n.to_string());
        set("--first-to", first_to);
        match (self.first_to, self.schedule) {
            (Some(_), _) => {}
            (None, Schedule::Swiss { .. } | Schedule::Knockout) => {
                set("--games-per-round", self.games.to_string())
            }
            (None, _) => set("--games", self.games.to_string()),
        }
        set(
            "the time control",
            tc_words(&self.tc, "--movetime ", "--tc "),
        );
        let setups = if self.engine_setups {
            "given"
        } else {
            "not given"
        };
        set("--engine-setups", setups.to_string());
        set("--grace", self.grace_ms.to_string());
        set("players", self.entrants.len().to_string());
        for (i, (e, name)) in self.entrants.iter().zip(&self.names).enumerate() {
            let mut words = vec![format!("name={name}")];
            words.extend(e.options.iter().map(|(k, v)| format!("option.{k}={v}")));
            if let Some(tc) = &e.tc {
                words.push(tc_words(tc, "movetime=", "tc="));
            }
            set(&format!("player {}", i + 1), words.join(" "));
        }
        let positions = match self.openings.len() {
            0 => "none".to_string(),
            n => {
                let mut text = String::new();
                for o in &self.openings {
                    text.push_str(&opening_text(o));
                }
                format!("{n} starts (fingerprint {})", fingerprint(&text))
            }
        };
        set("--positions", positions);
        set("--variant", self.variant.name().to_string());
        out
    }

    /// Two players of one command are told apart by a number; a name given twice is a mistake
    /// (the record and the report could not tell the two apart), as in `ewn gui`.
    fn names_once(&self) -> Result<(), SettingsError> {
        for (i, e) in self.entrants.iter().enumerate() {
            if let Some(n) = &e.name
                && self.entrants[..i]
                    .iter()
                    .any(|o| o.name.as_ref() == Some(n))
            {
                return Err(SettingsError::NameTwice(n.clone()));
            }
        }
        Ok(())
    }

    /// Checks what the command line cannot: enough players, an SPRT only for two, numbers in
    /// their ranges, a shard with games.
    pub fn validate(&self) -> Result<(), SettingsError> {
        use SettingsError as E;
        let need = |ok: bool, e: E| if ok { Ok(()) } else { Err(e) };
        let players = self.entrants.len();
        let games_ok = (2..=MAX_GAMES).contains(&self.games);
        need(games_ok, E::Games { max: MAX_GAMES })?;
        let max_ms = MAX_GRACE_MS;
        need(self.grace_ms <= max_ms, E::Grace { max_ms })?;
        let concurrency_ok = (1..=MAX_CONCURRENCY).contains(&self.concurrency);
        need(
            concurrency_ok,
            E::Concurrency {
                max: MAX_CONCURRENCY,
            },
        )?;
        need(
            players <= MAX_PLAYERS,
            E::TooManyPlayers { max: MAX_PLAYERS },
        )?;
        if let Some(Shard { k, n }) = self.shard {
            let pairs = self.total_pairs();
            need(k <= pairs, E::EmptyShard { k, n, pairs })?;
        }
        need(players >= 2, E::TooFewPlayers)?;
        need(self.names.len() == players, E::Names)?;
        self.names_once()?;
        need(self.games.is_multiple_of(2), E::OddGames)?;
        need(self.anchor < players, E::Anchor)?;
        if self.sprt.is_some() {
            need(players == 2, E::SprtPlayers)?;
            need(self.shard.is_none(), E::SprtShard)?;
        }
        if let Schedule::Swiss { rounds } = self.schedule {
            let max = super::event::swiss::max_rounds(players);
            need(
                (1..=max).contains(&rounds),
                E::SwissRounds {
                    rounds,
                    players,
                    max,
                },
            )?;
        }
        if matches!(self.schedule, Schedule::Swiss { .. } | Schedule::Knockout) {
            need(
                self.sprt.is_none() && self.shard.is_none() && self.first_to.is_none(),
                E::EventOptions {
                    schedule: self.schedule.name(),
                },
            )?;
        }
        if let Some(n) = self.first_to {
            need(players == 2, E::FirstToPlayers)?;
            let needed = (2 * n).saturating_sub(1);
            need(
                n >= 1 && self.games >= needed,
                E::FirstToGames { n, needed },
            )?;
            need(
                self.sprt.is_none() && self.shard.is_none(),
                E::FirstToOptions,
            )?;
        }
        if self.engine_setups {
            need(self.openings.is_empty(), E::SetupsAndPositions)?;
            need(
                self.variant.standard,
                E::EngineSetups {
                    variant: self.variant.name().to_string(),
                },
            )?;
        }
        Ok(())
    }
}

/// One setting of a match as the command line names it (`--games`, `player 2`) and its value in
/// command-line words (`40`, `name=base option.Hash=16`).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Setting {
    pub key: String,
    pub value: String,
}

/// A time control in command-line words, after `movetime` or `tc` (`--movetime 100`, `tc=5+0.05`).
fn tc_words(tc: &TimeControl, movetime: &str, clock: &str) -> String {
    match *tc {
        TimeControl::MoveTime { ms } => format!("{movetime}{ms}"),
        TimeControl::Game { base_ms, inc_ms } => {
            let s = |ms: u64| (ms as f64 / 1000.0).to_string();
            format!("{clock}{}+{}", s(base_ms), s(inc_ms))
        }
    }
}

/// A start position's part of the fingerprint's text.
fn opening_text(o: &Opening) -> String {
    match o {
        Opening::Setups { red, blue } => format!("|{red:?}{blue:?}"),
        Opening::Fixed(s) => format!("|{}{:?}", to_fen(&s.board()), s),
    }
}

/// FNV-1a of `text`, then one splitmix64 step to spread it, in 16 hex digits.
fn fingerprint(text: &str) -> String {
    let mut h: u64 = 0xcbf2_9ce4_8422_2325;
    for b in text.bytes() {
        h = (h ^ u64::from(b)).wrapping_mul(0x0000_0100_0000_01b3);
    }
    format!("{:016x}", crate::rules::zobrist::splitmix64(h).1)
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
