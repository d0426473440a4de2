//! `ewn match`, `replay` and `export` (`stats` is in `stats.rs`): argument structs and their entry points, so that
//! `main` stays a dispatcher.

use std::io::{IsTerminal, Write};
use std::path::PathBuf;

use anyhow::{Context, Result, bail};

use crate::players::spec::{Entrant, checked_name};
use crate::players::{MAX_MOVE_MS, TimeControl, parse_tc};
use crate::record::{read_record_file, read_text_file};
use crate::referee::ccgc;
use crate::referee::plan::{
    self, Outcome, Progress, Schedule, Shard, Tournament, labels, parse_openings,
};
use crate::referee::record_file::{RecordFile, quoted_path};
use crate::referee::stats::Sprt;
use crate::referee::tourney;
use crate::rules::notation::to_fen;

#[derive(clap::Args, Debug)]
pub struct MatchArgs {
    /// A player, as every command names one: `name=NAME cmd=COMMAND` and other `key=value`
    /// words, or the player alone first. The player: a native-protocol engine command,
    /// `tcg:<command>` for a TCG engine, `random`, `greedy`, `mcts` or `mcts:<simulations>`
    /// (built-in UCT with random playouts; 3000 simulations when not given), or `self` (this
    /// program; `tcg:self` speaks TCG). The short `NAME=COMMAND` is read as `name=NAME
    /// cmd=COMMAND`. The other words: `option.<Name>=`, `tc=`, `movetime=`, `st=`,
    /// `proto=`, `arg=`, `dir=`, `stderr=<file>` (the engine's standard error; default dropped),
    /// `mem=<MiB>` (its memory limit), `reuse=1` (TCG: one process for many games; default a
    /// fresh process per game). Repeat `--engine` for more players. Every engine program is
    /// started once before the first game: one that cannot start, or answers an
    /// `option.` with `error`, stops the match. The words may also come in one quoted argument.
    #[arg(long = "engine", required = true, num_args = 1.., value_name = "name=NAME cmd=COMMAND [KEY=VALUE]...")]
    pub engine_words: Vec<String>,
    /// The words of each `--engine`, one list per occurrence (see [`MatchArgs::group_engines`]).
    #[arg(skip)]
    pub engine: Vec<Vec<String>>,
    /// How many times `--opponent` was given (its words are merged into one list).
    #[arg(skip)]
    pub opponents: usize,
    /// One more player, in the same forms (the default opponent of a single --engine: random).
    #[arg(long, num_args = 1.., value_name = "PLAYER [KEY=VALUE]...")]
    pub opponent: Option<Vec<String>>,
    /// With more than two players: `gauntlet` (the first against each other), `round-robin`,
    /// `swiss` (with --rounds) or `knockout` (seeded in the order of the --engine options); the
    /// last two play a mini-match of --games-per-round games for each pairing.
    #[arg(long, value_enum, default_value_t = ScheduleArg::Gauntlet)]
    pub tournament: ScheduleArg,
    /// Rounds of a Swiss event (only with --tournament swiss): at most N - 1 for N players, N
    /// with an odd number (each player sitting out one round with its bye), so that no pairing
    /// repeats.
    #[arg(long)]
    pub rounds: Option<u64>,
    /// Games of each pairing's mini-match, 1..1000 (rounded up to whole pairs; default 2); only
    /// with --tournament swiss or knockout, which take it instead of --games.
    #[arg(long)]
    pub games_per_round: Option<u64>,
    /// Games per encounter, 1..1000000 (rounded up to whole pairs; default 100); not with
    /// --tournament swiss or knockout, which play --games-per-round for each pairing.
    #[arg(long)]
    pub games: Option<u64>,
    /// Milliseconds per move, 1..3600000 (the default when no --tc is given: 100).
    #[arg(long, conflicts_with = "tc")]
    pub movetime: Option<u64>,
    /// Game clock `base+increment` in seconds, e.g. `10+0.1`; base 0.001..86400, increment
    /// 0..3600.
    #[arg(long)]
    pub tc: Option<String>,
    /// Milliseconds, 0..60000, a player may exceed its time before it loses: under a game clock
    /// once in the game (the clock may fall to minus the grace), under --movetime on every move.
    /// The default, 500, lets an honest engine on a busy machine answer late without losing;
    /// a hung engine is judged half a second later.
    #[arg(long, default_value_t = 500)]
    pub grace: u64,
    /// Games played at once (1..64); each engine process serves one game at a time.
    #[arg(long, default_value_t = 1)]
    pub concurrency: usize,
    /// Pin the engines of each concurrent game to one CPU: game slot k runs on the k-th CPU this
    /// process may use (modulo their number). Linux only; elsewhere a warning, no pinning.
    #[arg(long)]
    pub affinity: bool,
    /// Match seed: the same seed replays the same setups and dice.
    #[arg(long, default_value_t = 1)]
    pub seed: u64,
    /// Ask each player for its setup (`go setup`, TCG `ini`) instead of drawing it from the seed.
    #[arg(long)]
    pub engine_setups: bool,
    /// Start positions, one per line: a position string, or two setups with an optional first
    /// mover (`451623 123456 b`). Pair k plays the (k mod count)-th.
    #[arg(long)]
    pub positions: Option<PathBuf>,
    /// Stop when decided: `elo0,elo1,alpha,beta`, e.g. `0,10,0.05,0.05` (two players).
    #[arg(long)]
    pub sprt: Option<String>,
    /// Play only the K-th of N disjoint slices of the game list (whole pairs), e.g. `3/8`.
    #[arg(long)]
    pub shard: Option<String>,
    /// The player the ratings are relative to (default: the first).
    #[arg(long)]
    pub anchor: Option<String>,
    /// Write every game to this record file, flushed to the disk game by game. The file is locked:
    /// a second runner given it is refused. A file that already holds something is refused before
    /// any game (never emptied): continue it with --resume, or give another file.
    #[arg(long)]
    pub record: Option<PathBuf>,
    /// Continue an interrupted match: keep the games the --record file holds (an unfinished last
    /// one is dropped) and play only the missing ones, with the same seeds, players and colours.
    /// Give the same settings as the first run.
    #[arg(long, requires = "record")]
    pub resume: bool,
    /// Serve a read-only live page of the match for the hall at this address: `PORT` (on
    /// 127.0.0.1) or `HOST:PORT` (another address only when given; port 0 picks a free one).
    #[arg(long, value_name = "ADDR")]
    pub live: Option<String>,
    /// With --live: how long the final screen is still served once the match is over (after the
    /// summary is printed), so that it can be opened or reloaded; Ctrl-C ends it sooner. At least
    /// 2 s, so that open screens get the final view.
    #[arg(long, value_name = "SECONDS", default_value_t = 60, requires = "live")]
    pub live_linger: u64,
    /// With --live: paces the match for spectators, at least MS milliseconds (0..60000) between
    /// two moves of a game (and after its last), waited before the engine is asked, so never
    /// on an engine's clock. For small variants, whose games are otherwise over at once.
    #[arg(long, value_name = "MS", default_value_t = 0, requires = "live")]
    pub pace: u64,
    /// Keep every line sent to and received from each engine, with its time, in this folder: one
    /// file per game and engine, `game-<number>-<red|blue>-<name>.log`. A folder that already
    /// holds such logs is refused before any game (with --resume, a game played again replaces
    /// its logs).
    #[arg(long, value_name = "DIR")]
    pub engine_log: Option<PathBuf>,
    /// A two-player match that ends as soon as one side has N wins (1..500000): at most 2N - 1
    /// games.
    #[arg(long, value_name = "N", conflicts_with = "games")]
    pub first_to: Option<u64>,
    /// Name of the first player (as `name=` on the first --engine).
    #[arg(long)]
    pub engine_name: Option<String>,
    /// Name of the second player (as `name=` on --opponent).
    #[arg(long)]
    pub opponent_name: Option<String>,
    /// No status line on a terminal: one plain line per game, as in a log.
    #[arg(long)]
    pub quiet: bool,
    /// Print the summary as one JSON object on standard output (progress goes to standard error).
    #[arg(long)]
    pub json: bool,
    /// Two players: print the luck-adjusted score and variance ratio beside the plain score, as
    /// `ewn stats --luck` does. Every roll's luck is valued when the last game is over (on
    /// --concurrency threads), which adds that time to the end of the match.
    #[arg(long)]
    pub luck: bool,
    /// Depth of the fixed search that values the luck (with --luck).
    #[arg(long, default_value_t = crate::brain::luck::DEFAULT_LUCK_DEPTH, value_parser = clap::value_parser!(u32).range(1..=64))]
    pub luck_depth: u32,
}

impl MatchArgs {
    /// Splits the words of `--engine` by occurrence, which clap's derive does not do itself:
    /// `--engine self name=a --engine greedy` is two players.
    pub fn group_engines(&mut self, m: &clap::ArgMatches) {
        self.engine = m
            .get_occurrences::<String>("engine_words")
            .map(|occ| occ.map(|o| o.cloned().collect()).collect())
            .unwrap_or_default();
        self.opponents = m
            .get_occurrences::<String>("opponent")
            .map_or(0, |occ| occ.count());
    }
}

#[derive(Clone, Copy, Debug, PartialEq, Eq, clap::ValueEnum)]
pub enum ScheduleArg {
    Gauntlet,
    RoundRobin,
    Swiss,
    Knockout,
}

/// The most games of a mini-match (`--games-per-round`).
const MAX_GAMES_PER_ROUND: u64 = 1000;

/// The default of `--games-per-round`.
const GAMES_PER_ROUND: u64 = 2;
/// The default of `--games`.
const GAMES: u64 = 100;

/// The schedule of `--tournament`, `--rounds` and `--games-per-round` (and `--games`, which
/// only the schedules without rounds take).
fn schedule(args: &MatchArgs) -> Result<Schedule> {
    let (s, rounds) = (args.tournament, args.rounds);
    if s != ScheduleArg::Swiss && rounds.is_some() {
        bail!("--rounds is for --tournament swiss");
    }
    let in_rounds = matches!(s, ScheduleArg::Swiss | ScheduleArg::Knockout);
    let name = |s: ScheduleArg| match s {
        ScheduleArg::Gauntlet => "gauntlet",
        ScheduleArg::RoundRobin => "round-robin",
        ScheduleArg::Swiss => "swiss",
        ScheduleArg::Knockout => "knockout",
    };
    if let Some(n) = args.games_per_round
        && !in_rounds
    {
        bail!(
            "--games-per-round {n} is for --tournament swiss or knockout (the games of each \
             pairing's mini-match); this match (--tournament {}) plays --games games per \
             encounter: give --games instead",
            name(s)
        );
    }
    if let Some(n) = args.games
        && in_rounds
    {
        bail!(
            "--games {n} is not for --tournament {}: each pairing of its rounds plays \
             --games-per-round games (default {GAMES_PER_ROUND})",
            name(s)
        );
    }
    if in_rounds {
        let per_round = args.games_per_round.unwrap_or(GAMES_PER_ROUND);
        anyhow::ensure!(
            (1..=MAX_GAMES_PER_ROUND).contains(&per_round),
            "--games-per-round {per_round}: must be 1..{MAX_GAMES_PER_ROUND}"
        );
    }
    Ok(match s {
        ScheduleArg::Gauntlet => Schedule::Gauntlet,
        ScheduleArg::RoundRobin => Schedule::RoundRobin,
        ScheduleArg::Swiss => Schedule::Swiss {
            rounds: rounds.context("--tournament swiss needs --rounds N")?,
        },
        ScheduleArg::Knockout => Schedule::Knockout,
    })
}

#[derive(clap::Args, Debug)]
pub struct ReplayArgs {
    /// A record file written by `ewn match` or `ewn play`.
    pub file: PathBuf,
}

#[derive(clap::Args, Debug)]
pub struct ExportArgs {
    /// A record file written by `ewn match` (or by `ewn play`, for a whole game from the setups).
    pub file: PathBuf,
    /// Write the contest (CCGC) record style; the only export format so far.
    #[arg(long)]
    pub ccgc: bool,
    #[arg(long, default_value = "Online")]
    pub place: String,
    #[arg(long, default_value = "Match")]
    pub event: String,
}

pub(crate) fn anchor_index(names: &[String], anchor: Option<&str>) -> Result<usize> {
    match anchor {
        None => Ok(0),
        Some(a) => names.iter().position(|n| n == a).with_context(|| {
            format!(
                "--anchor '{a}' is none of the players: {}",
                names.join(", ")
            )
        }),
    }
}

pub(crate) fn parse_sprt(s: Option<&str>) -> Result<Option<Sprt>> {
    s.map(|s| s.parse::<Sprt>().map_err(anyhow::Error::msg))
        .transpose()
}

/// `ewn match`: the tournament from the command line, checked and its engines started once;
/// then the record opened (or resumed), the games played, and the summary printed.
pub fn run_match_cli(args: MatchArgs, v: &'static crate::rules::variant::Variant) -> Result<()> {
    anyhow::ensure!(
        args.pace <= MAX_PACE_MS,
        "--pace {}: the least time between two moves must be 0..{MAX_PACE_MS} ms",
        args.pace
    );
    let mut t = tournament(&args, v)?;
    // Ctrl-C while the engines are started once (up to the handshake's wait for each): one
    // line, since no game has begun.
    crate::players::reaper::at_termination(Some(Box::new(|| {
        eprintln!("interrupted before the first game; nothing was recorded");
    })));
    let prepared = prepare(&args, &t);
    if prepared.is_err() {
        crate::players::reaper::at_termination(None);
    }
    prepared?;
    if let Some(addr) = &args.live {
        let hall = crate::referee::hall::Hall::default();
        hall.set_players(&t.names);
        hall.set_variant(v.name());
        hall.set_per_move(matches!(t.tc, TimeControl::MoveTime { .. }));
        hall.set_pace(std::time::Duration::from_millis(args.pace));
        let bound = crate::app::live::start(crate::app::live::address(addr)?, hall.clone())?;
        // The address is for the organiser, like the progress: on standard error.
        eprintln!("{}", crate::app::live::where_to_open(bound));
        t.hall = Some(hall);
    }
    let (record, done) = open_record(&args, &t)?;
    let start = std::time::Instant::now();
    let mut stdout = std::io::stdout();
    let mut stderr = std::io::stderr();
    let terminal = if args.json {
        stderr.is_terminal()
    } else {
        stdout.is_terminal()
    };
    let progress = if terminal && !args.quiet {
        Progress::Status
    } else {
        Progress::Lines
    };
    let out: &mut (dyn Write + Send) = if args.json { &mut stderr } else { &mut stdout };
    let mut record = record.map(|f| SharedRecord::new(f, done.len()));
    say_at_termination(&args, record.as_ref(), progress);
    let o = tourney::run_resumed(
        &t,
        progress,
        out,
        record.as_mut().map(|r| r as &mut (dyn Write + Send)),
        done,
    );
    // Over (or failed): a signal from now on has no match to tell of.
    crate::players::reaper::at_termination(None);
    let o = o?;
    print_summary(&args, &t, &o, start)?;
    if t.hall.is_some() {
        // After the summary, so that nothing waits for it: the final screen can still be
        // opened or reloaded for a while.
        crate::app::live::linger(std::time::Duration::from_secs(args.live_linger));
    }
    Ok(())
}

/// The longest `--pace`: a minute between two moves.
const MAX_PACE_MS: u64 = 60_000;

/// The time control of `--tc` or `--movetime` (100 ms a move when neither is given).
fn time_control(args: &MatchArgs) -> Result<TimeControl> {
    Ok(match (&args.tc, args.movetime) {
        (Some(tc), _) => parse_tc(tc)?,
        (None, Some(ms)) => {
            anyhow::ensure!(
                (1..=MAX_MOVE_MS).contains(&ms),
                "--movetime {ms}: the time per move must be 1..{MAX_MOVE_MS} ms"
            );
            TimeControl::MoveTime { ms }
        }
        (None, None) => TimeControl::MoveTime { ms: 100 },
    })
}

/// The players of `--engine` and `--opponent` (random when one engine has no opponent), named
/// by `--engine-name` and `--opponent-name` if given.
fn entrants(args: &MatchArgs) -> Result<Vec<Entrant>> {
    if args.opponents > 1 {
        bail!(
            "--opponent is given {} times: it names the one opponent of the first --engine; give \
             every player with --engine (repeat it for each) to play more than two",
            args.opponents
        );
    }
    let mut entrants = Vec::new();
    for (i, words) in args.engine.iter().enumerate() {
        // By its place, as the user counts them: "--engine #2 (greedy name=x)".
        entrants.push(Entrant::parse(words).with_context(|| {
            format!(
                "--engine #{} ({})",
                i + 1,
                crate::record::excerpt(&words.join(" "))
            )
        })?);
    }
    match &args.opponent {
        Some(words) => entrants.push(Entrant::parse(words).with_context(|| {
            format!("--opponent ({})", crate::record::excerpt(&words.join(" ")))
        })?),
        None if entrants.len() == 1 => {
            entrants.push(Entrant::parse(&["random".to_string()])?);
        }
        None => {}
    }
    for (i, name, what) in [
        (0, &args.engine_name, "--engine-name"),
        (1, &args.opponent_name, "--opponent-name"),
    ] {
        if let Some(n) = name
            && let Some(e) = entrants.get_mut(i)
        {
            e.name = Some(checked_name(n, what)?);
        }
    }
    Ok(entrants)
}

/// The tournament the command line describes, its numbers in range (not yet validated as a
/// whole).
fn tournament(args: &MatchArgs, v: &'static crate::rules::variant::Variant) -> Result<Tournament> {
    let tc = time_control(args)?;
    let per_encounter = args.games.unwrap_or(GAMES);
    anyhow::ensure!(
        (1..=plan::MAX_GAMES).contains(&per_encounter),
        "--games {per_encounter}: must be 1..{} games per encounter",
        plan::MAX_GAMES
    );
    let entrants = entrants(args)?;
    let openings = match &args.positions {
        Some(p) => parse_openings(&read_text_file(p)?, v)
            .with_context(|| format!("the positions file {}", quoted_path(p)))?,
        None => Vec::new(),
    };
    if let Some(n) = args.first_to {
        anyhow::ensure!(
            (1..=plan::MAX_GAMES / 2).contains(&n),
            "--first-to {n}: must be 1..{} wins",
            plan::MAX_GAMES / 2
        );
    }
    let schedule = schedule(args)?;
    // The games of a pairing as asked (none with --first-to), whole pairs of them played.
    let asked = match (args.first_to, schedule) {
        (Some(n), _) => 2 * n,
        (None, Schedule::Swiss { .. } | Schedule::Knockout) => {
            args.games_per_round.unwrap_or(GAMES_PER_ROUND)
        }
        (None, _) => per_encounter,
    };
    let games = asked.div_ceil(2) * 2;
    // An odd number is rounded up, said once: "--games 3" that played 4 games surprised.
    if asked != games {
        log::warn!(
            "{asked} games asked: games come in pairs (the same dice, colours swapped), so {games} are played"
        );
    }
    let names = labels(&entrants);
    Ok(Tournament {
        anchor: anchor_index(&names, args.anchor.as_deref())?,
        names,
        entrants,
        schedule,
        games,
        seed: args.seed,
        tc,
        grace_ms: args.grace,
        concurrency: args.concurrency,
        engine_setups: args.engine_setups,
        openings,
        sprt: parse_sprt(args.sprt.as_deref())?,
        shard: args
            .shard
            .as_deref()
            .map(str::parse::<Shard>)
            .transpose()
            .map_err(anyhow::Error::msg)?,
        affinity: args.affinity,
        variant: v,
        first_to: args.first_to,
        engine_log: args.engine_log.clone(),
        hall: None,
    })
}

/// Everything checked before a game: the engine log folder made, the tournament valid, a record
/// that holds games refused without `--resume`, and every engine program started once.
fn prepare(args: &MatchArgs, t: &Tournament) -> Result<()> {
    if let Some(d) = &args.engine_log {
        std::fs::create_dir_all(d)
            .with_context(|| format!("creating the engine log folder {}", quoted_path(d)))?;
        if !args.resume {
            refuse_old_logs(d)?;
        }
    }
    t.validate()?;
    if args.luck {
        super::luck_report::luck_needs_two(t.names.len(), "this match has")?;
    }
    // A record that holds games is never cut, nor a file that is not a record resumed: refused
    // before any engine is started.
    if let Some(p) = &args.record {
        if args.resume {
            crate::referee::record_file::check_resumable(p)?;
        } else {
            crate::referee::record_file::refuse_existing(p)?;
        }
    }
    // Before the record is opened, so that a program that cannot start leaves no forfeits.
    t.check_starts()?;
    Ok(())
}

/// Refuses an engine log folder that already holds a game's log (a regular file `game-*.log`): a new match
/// would replace an earlier run's logs game by game. `--resume` continues into it (the logs of
/// the games played again are replaced).
fn refuse_old_logs(dir: &std::path::Path) -> Result<()> {
    let entries = std::fs::read_dir(dir)
        .with_context(|| format!("reading the engine log folder {}", quoted_path(dir)))?;
    for e in entries.flatten() {
        let name = e.file_name();
        let name = name.to_string_lossy();
        // Only regular files: a link or a FIFO under a log's name is refused game by game.
        let file = e.file_type().is_ok_and(|t| t.is_file());
        if file && name.starts_with("game-") && name.ends_with(".log") {
            anyhow::bail!(
                "the engine log folder {} already holds logs of an earlier run ({name}); nothing \
                 was played: give another --engine-log folder (or empty this one), or --resume \
                 to continue that match",
                quoted_path(dir)
            );
        }
    }
    Ok(())
}

/// The record file, locked, and the games it holds when resumed.
fn open_record(
    args: &MatchArgs,
    t: &Tournament,
) -> Result<(Option<RecordFile>, Vec<crate::record::GameRecord>)> {
    let Some(p) = &args.record else {
        return Ok((None, Vec::new()));
    };
    let opened = RecordFile::open(p, &t.match_id(), &t.settings(), &t.commands(), args.resume)?;
    let (f, done) = (opened.file, opened.games);
    if args.resume {
        // A record of this match that this run would not play (another --shard) is refused
        // before the resume is announced.
        tourney::check_resumed(t, &done)?;
        // For the organiser, as the live page's address: what the resume keeps and plays.
        eprintln!(
            "resuming: {} kept from {}, {}",
            games(done.len() as u64),
            quoted_path(p),
            to_play(t, done.len() as u64)
        );
    }
    for note in &opened.notes {
        eprintln!("{note}");
    }
    Ok((Some(f), done))
}

/// `n games`, or `1 game`.
fn games(n: u64) -> String {
    if n == 1 {
        "1 game".to_string()
    } else {
        format!("{n} games")
    }
}

/// What a resume with `kept` games still plays, in words: `26 to play`; `at most` where a
/// first-to or an SPRT may end it sooner, and the tie-breaks of a knockout besides.
fn to_play(t: &Tournament, kept: u64) -> String {
    let players = t.entrants.len() as u64;
    match t.schedule {
        Schedule::Swiss { rounds } => {
            let all = rounds * (players / 2) * t.games;
            format!("{} to play", all.saturating_sub(kept))
        }
        Schedule::Knockout => {
            let all = (players - 1) * t.games;
            format!("{} to play and any tie-breaks", all.saturating_sub(kept))
        }
        _ => {
            let all = t.pairs_to_play().len() as u64 * 2;
            match t.first_to {
                Some(n) => format!("at most {} to play", (2 * n - 1).saturating_sub(kept)),
                None if t.sprt.is_some() => {
                    format!("at most {} to play", all.saturating_sub(kept))
                }
                None => format!("{} to play", all.saturating_sub(kept)),
            }
        }
    }
}

/// The record as the match writes it: each game (written, then flushed) goes to the file whole,
/// under a lock that the words said on a termination signal take, so that they count every game
/// the file holds and no game is written after them (nor the forfeit of an engine the signal
/// then kills).
struct SharedRecord {
    state: std::sync::Arc<std::sync::Mutex<RecordState>>,
    /// The game being written, until it is flushed.
    game: Vec<u8>,
}

struct RecordState {
    file: RecordFile,
    /// Finished games in the file.
    games: u64,
    /// Set by a termination signal: nothing more is written.
    closed: bool,
}

impl SharedRecord {
    fn new(file: RecordFile, kept: usize) -> SharedRecord {
        SharedRecord {
            state: std::sync::Arc::new(std::sync::Mutex::new(RecordState {
                file,
                games: kept as u64,
                closed: false,
            })),
            game: Vec::new(),
        }
    }
}

impl Write for SharedRecord {
    fn write(&mut self, buf: &[u8]) -> std::io::Result<usize> {
        self.game.extend_from_slice(buf);
        Ok(buf.len())
    }

    /// Writes the game to the file and flushes it to the disk, unless a signal is ending the
    /// match.
    fn flush(&mut self) -> std::io::Result<()> {
        let game = std::mem::take(&mut self.game);
        let mut s = self.state.lock().unwrap_or_else(|e| e.into_inner());
        if s.closed {
            return Err(std::io::Error::other("the match was stopped by a signal"));
        }
        s.file.write_all(&game)?;
        s.file.flush()?;
        let text = String::from_utf8_lossy(&game);
        s.games += text.lines().filter(|l| l.trim() == "end").count() as u64;
        Ok(())
    }
}

/// Has the match say, when a signal (Ctrl-C) ends it, how many games its record holds and the
/// command that resumes it; the record then takes no more games.
fn say_at_termination(args: &MatchArgs, record: Option<&SharedRecord>, progress: Progress) {
    // After a status line, on a line of its own.
    let lead = if progress == Progress::Status {
        "\n"
    } else {
        ""
    };
    let words: Box<dyn FnOnce() + Send> = match (record, &args.record) {
        (Some(r), Some(path)) => {
            let state = r.state.clone();
            let name = quoted_path(path);
            let command = resume_command();
            Box::new(move || {
                let mut s = state.lock().unwrap_or_else(|e| e.into_inner());
                s.closed = true;
                eprintln!(
                    "{lead}interrupted: {} in {name}, each on the disk (a game in progress is \
                     played again); resume with:\n  {command}",
                    games(s.games)
                );
            })
        }
        _ => Box::new(move || {
            eprintln!(
                "{lead}interrupted: no --record was given, so the games played are not kept and \
                 nothing can be resumed"
            );
        }),
    };
    crate::players::reaper::at_termination(Some(words));
}

/// This command line, quoted for a shell, with `--resume` (added if it is not there).
fn resume_command() -> String {
    let mut argv: Vec<String> = std::env::args_os()
        .map(|a| a.to_string_lossy().into_owned())
        .collect();
    if !argv.iter().any(|a| a == "--resume") {
        argv.push("--resume".to_string());
    }
    crate::players::spec::shell_line(&argv)
}

/// The summary on standard output (text, or `--json`), with the luck-adjusted statistics of
/// `--luck`. Written at once: a closed standard output (`... | head`) is the usual one-line
/// error, not a panic.
fn print_summary(
    args: &MatchArgs,
    t: &Tournament,
    o: &Outcome,
    start: std::time::Instant,
) -> Result<()> {
    let luck = args
        .luck
        .then(|| {
            super::luck_report::luck_report(
                &o.records,
                &o.report,
                args.luck_depth,
                args.concurrency as u64,
            )
        })
        .transpose()?;
    let mut said = String::new();
    summary(&mut said, t, o, luck.as_ref(), start)?;
    if let Some(h) = &t.hall {
        // The hall's screens keep the final view, its report the summary's words to the line
        // (the page's lacked the wall time): told that the match is over.
        h.over(said.clone());
    }
    let text = if args.json {
        super::luck_report::json_with_luck(&o.report, luck.as_ref())?
    } else {
        said
    };
    let mut stdout = std::io::stdout().lock();
    stdout
        .write_all(text.as_bytes())
        .and_then(|_| stdout.flush())
        .context("writing the summary to standard output")?;
    Ok(())
}

/// The text summary of a finished match: the event, the report and the closing lines.
fn summary(
    w: &mut String,
    t: &Tournament,
    o: &Outcome,
    luck: Option<&super::luck_report::LuckReport>,
    start: std::time::Instant,
) -> std::fmt::Result {
    use std::fmt::Write;
    if let Some(e) = &o.event {
        write!(w, "{e}")?;
    }
    write!(w, "{}", o.report.text())?;
    if let Some(l) = luck {
        write!(w, "{}", l.text())?;
    }
    if let Some((_, at)) = o.sprt_stop {
        writeln!(
            w,
            "The SPRT stopped the match after {at} games (begun pairs were finished); {} of {} \
             games played",
            o.records.len(),
            o.planned
        )?;
    }
    if let Some(n) = t.first_to {
        let names = &o.report.names;
        let e = o.report.encounters.first().cloned().unwrap_or_default();
        let winner = if e.wins >= n { &names[0] } else { &names[1] };
        writeln!(
            w,
            "First to {n}: {winner} after {} games ({} {}-{} {})",
            o.records.len(),
            names[0],
            e.wins,
            e.losses,
            names[1]
        )?;
    }
    if let Some(s) = t.shard {
        writeln!(
            w,
            "Shard {}/{}: {} of {} games of the match; merge the shards' records with `ewn stats`",
            s.k,
            s.n,
            o.records.len(),
            t.total_pairs() * 2
        )?;
    }
    writeln!(w, "Wall time {:.1} s", start.elapsed().as_secs_f64())?;
    Ok(())
}

pub fn run_replay(args: ReplayArgs) -> Result<()> {
    let games = read_record_file(&args.file)?;
    let mut bad = 0;
    for located in &games {
        let g = &located.game;
        match located.replay() {
            Ok(b) => {
                let how = match g.winner {
                    Some(w) => format!("{} won by {}", w.name(), g.reason),
                    None => "unfinished".to_string(),
                };
                println!(
                    "game {}: {how} after {} plies; final {}",
                    g.number,
                    g.plies.len(),
                    to_fen(&b)
                );
            }
            Err(e) => {
                bad += 1;
                println!("game {}: INVALID: {}: {e}", g.number, args.file.display());
            }
        }
    }
    if bad > 0 {
        bail!(
            "{bad} of {} games in {} are invalid",
            games.len(),
            args.file.display()
        );
    }
    println!("{} games replayed, all valid", games.len());
    Ok(())
}

pub fn run_export(args: ExportArgs) -> Result<()> {
    if !args.ccgc {
        bail!("choose an export format (--ccgc)");
    }
    let games = read_record_file(&args.file)?;
    let name = args.file.display();
    let h = ccgc::Header {
        place: &args.place,
        event: &args.event,
    };
    // Every game is checked and written out first: a game the style cannot say refuses the
    // export before a byte reaches standard output.
    let mut all = String::new();
    for (i, located) in games.iter().enumerate() {
        let g = &located.game;
        located
            .replay()
            .map_err(|e| anyhow::anyhow!("{name}: {e}"))?;
        if i > 0 {
            all.push('\n');
        }
        let text = ccgc::export(g, &h).map_err(|e| {
            anyhow::anyhow!("{name}: line {}: game {}: {e}", located.line, g.number)
        })?;
        all.push_str(&text);
    }
    let mut out = std::io::stdout().lock();
    out.write_all(all.as_bytes())?;
    Ok(())
}

/// `ewn match --help` says what `--variant` is to a match (the global option's text speaks of the
/// protocol loop): a copy of the option in the subcommand, which the global one then skips; its
/// value reaches `Cli::variant` as the global's does.
pub fn with_match_help(cmd: clap::Command) -> clap::Command {
    let Some(variant) = cmd
        .get_arguments()
        .find(|a| a.get_id() == "variant")
        .cloned()
    else {
        return cmd;
    };
    cmd.mut_subcommand("match", |m| {
        m.arg(variant.help(
            "The variant every game of the match is played in (a preset or one of `--variants`; \
             `ewn variants list` names them): each engine is told it at every new game (native: \
             UCI_Variant, TCG: board_setting)",
        ))
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn time_controls() {
        assert_eq!(
            parse_tc("10+0.1").unwrap(),
            TimeControl::Game {
                base_ms: 10_000,
                inc_ms: 100
            }
        );
        assert_eq!(
            parse_tc("2").unwrap(),
            TimeControl::Game {
                base_ms: 2000,
                inc_ms: 0
            }
        );
        assert!(parse_tc("x+1").is_err());
        assert!(parse_tc("0+1").is_err());
        assert!(parse_tc("-1").is_err());
    }
}
