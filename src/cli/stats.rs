//! `ewn stats`: the result of the games in record files, merged as one match.

use std::path::PathBuf;

use anyhow::{Context, Result, bail};

use super::luck_report::{json_with_luck, luck_needs_two, luck_report};
use super::referee::{ScheduleArg, anchor_index, parse_sprt};
use crate::brain::luck::DEFAULT_LUCK_DEPTH;
use crate::players::baseline::Kind;
use crate::players::spec::Entrant;
use crate::record::{GameRecord, read_record_file};
use crate::referee::event;
use crate::referee::plan::{Schedule, Tournament};
use crate::referee::report::{Report, players_in};
use crate::referee::rounds;

#[derive(clap::Args, Debug)]
pub struct StatsArgs {
    /// Record files written by `ewn match` (for example by its shards).
    #[arg(required = true)]
    pub files: Vec<PathBuf>,
    /// The player the ratings are relative to (default: the first).
    #[arg(long)]
    pub anchor: Option<String>,
    /// Apply an SPRT `elo0,elo1,alpha,beta` to the pairs of a two-player match.
    #[arg(long)]
    pub sprt: Option<String>,
    /// Print the summary as one JSON object.
    #[arg(long)]
    pub json: bool,
    /// The records are of a `swiss` event or a `knockout`: print its standings or bracket and
    /// crosstable too, as `ewn match` did. Taken from the records' header when not given (a
    /// value that contradicts it is refused).
    #[arg(long, value_enum)]
    pub tournament: Option<ScheduleArg>,
    /// The games of each mini-match of that event, as given to `ewn match` (default 2); taken
    /// from the records' header when not given. Only with a swiss or knockout event.
    #[arg(long)]
    pub games_per_round: Option<u64>,
    /// Value every roll's luck and print the luck-adjusted score of a two-player match beside
    /// the plain one (with `--sprt`, the SPRT on the adjusted pair scores too).
    #[arg(long)]
    pub luck: bool,
    /// Depth of the fixed search that values the luck.
    #[arg(long, default_value_t = DEFAULT_LUCK_DEPTH, value_parser = clap::value_parser!(u32).range(1..=64))]
    pub luck_depth: u32,
    /// Games whose luck is valued at once, each by its own single-threaded search.
    #[arg(long, default_value_t = 1, value_parser = clap::value_parser!(u64).range(1..=256))]
    pub jobs: u64,
}

/// Every game of the record files, each replayed by the rules; at least one.
/// Files of different matches are refused naming both files (the report alone could only name
/// game numbers, which each file starts again).
fn read_games(files: &[std::path::PathBuf]) -> Result<Vec<GameRecord>> {
    use crate::referee::record_file::quoted_path;
    let mut games = Vec::new();
    // The first game with a match fingerprint: its file, number and fingerprint.
    let mut first: Option<(&std::path::PathBuf, u64, String)> = None;
    for f in files {
        for g in read_record_file(f)? {
            g.replay()
                .map_err(|e| anyhow::anyhow!("{}: {e}", f.display()))?;
            if let Some(id) = &g.game.match_id {
                match &first {
                    Some((ff, n, fid)) if fid != id => bail!(
                        "{} game {} and {} game {n} are of different matches (fingerprints {id} \
                         and {fid}): stats reads the records of one match (its shards, a \
                         resumed run), never of two",
                        quoted_path(f),
                        g.game.number,
                        quoted_path(ff),
                    ),
                    Some(_) => {}
                    None => first = Some((f, g.game.number, id.clone())),
                }
            }
            games.push(g.game);
        }
    }
    if games.is_empty() {
        bail!("no games in the record files");
    }
    Ok(games)
}

/// Prints the rounds, pairings and standings of an event the records were played in, as
/// `ewn match` prints them.
fn print_event(
    names: &[String],
    schedule: Schedule,
    per_round: u64,
    anchor: usize,
    games: &[GameRecord],
) -> Result<()> {
    let entrants = names
        .iter()
        .map(|n| Entrant::plain(crate::players::PlayerSpec::Baseline(Kind::Random), n))
        .collect();
    let t = Tournament {
        entrants,
        names: names.to_vec(),
        schedule,
        games: per_round,
        anchor,
        ..Tournament::two_players(
            [
                crate::players::PlayerSpec::Baseline(Kind::Random),
                crate::players::PlayerSpec::Baseline(Kind::Random),
            ],
            ["a", "b"],
        )
    };
    print!("{}", rounds::event_text(&t, games)?);
    Ok(())
}

/// What the first record file with a header says of the event: its `--tournament` and its
/// `--games-per-round` (only an event's header has one), and the file that says it.
struct Header {
    file: PathBuf,
    tournament: Option<ScheduleArg>,
    games_per_round: Option<u64>,
}

/// The header of the first of `files` that has one (none for records written without).
fn header(files: &[PathBuf]) -> Result<Option<Header>> {
    use clap::ValueEnum;
    for f in files {
        let text = crate::record::read_text_file(f)?;
        let settings = crate::referee::record_file::read_header(&text);
        if settings.is_empty() {
            continue;
        }
        let value = |key: &str| {
            settings
                .iter()
                .find(|s| s.key == key)
                .map(|s| s.value.as_str())
        };
        return Ok(Some(Header {
            file: f.clone(),
            tournament: value("--tournament").and_then(|v| ScheduleArg::from_str(v, false).ok()),
            games_per_round: value("--games-per-round").and_then(|v| v.parse().ok()),
        }));
    }
    Ok(None)
}

/// A schedule's name as `--tournament` takes it.
fn schedule_name(s: ScheduleArg) -> String {
    use clap::ValueEnum;
    s.to_possible_value()
        .map_or_else(String::new, |v| v.get_name().to_string())
}

/// `--tournament` and `--games-per-round` as given, or as the records' header says when not
/// given; a flag that contradicts the header is refused, naming both values.
fn event_flags(args: &StatsArgs) -> Result<(Option<ScheduleArg>, Option<u64>)> {
    let Some(h) = header(&args.files)? else {
        return Ok((args.tournament, args.games_per_round));
    };
    let name = crate::referee::record_file::quoted_path(&h.file);
    let tournament = match (args.tournament, h.tournament) {
        (Some(ours), Some(theirs)) if ours != theirs => bail!(
            "--tournament {} here, {} in the header of {name}: give the record's, or leave \
             --tournament out to take it from the record",
            schedule_name(ours),
            schedule_name(theirs)
        ),
        (Some(ours), _) => Some(ours),
        // A gauntlet's or round robin's records print no event: as without the flag.
        (None, t) => t.filter(|t| matches!(t, ScheduleArg::Swiss | ScheduleArg::Knockout)),
    };
    let per_round = match (args.games_per_round, h.games_per_round) {
        (Some(ours), Some(theirs)) if ours.div_ceil(2) * 2 != theirs => bail!(
            "--games-per-round {ours} here, {theirs} in the header of {name}: give the record's, \
             or leave --games-per-round out to take it from the record"
        ),
        (ours, theirs) => ours.or(theirs),
    };
    Ok((tournament, per_round))
}

/// `ewn stats FILE...`: the result of the games in any number of record files, as one match.
pub fn run_stats(args: StatsArgs) -> Result<()> {
    let (tournament, games_per_round) = event_flags(&args)?;
    if let Some(n) = args.games_per_round
        && !matches!(tournament, Some(ScheduleArg::Swiss | ScheduleArg::Knockout))
    {
        bail!(
            "--games-per-round {n} is for --tournament swiss or knockout (the games of each \
             pairing's mini-match), as in `ewn match`; these records are read as {}",
            tournament.map_or(
                "one match (no --tournament, given or in a header)".to_string(),
                |t| { format!("--tournament {}", schedule_name(t)) }
            )
        );
    }
    let games = read_games(&args.files)?;
    let mut names = players_in(&games);
    let event = match tournament {
        Some(s @ (ScheduleArg::Swiss | ScheduleArg::Knockout)) => {
            let per_round = games_per_round.unwrap_or(2).div_ceil(2) * 2;
            let knockout = s == ScheduleArg::Knockout;
            let kind = if knockout {
                event::EventKind::Knockout
            } else {
                event::EventKind::Swiss
            };
            names = event::entry_order(kind, per_round, &games, &names).with_context(|| {
                format!(
                    "these records are not of a {} event with {per_round} games a round",
                    if knockout { "knockout" } else { "Swiss" }
                )
            })?;
            Some((
                if knockout {
                    Schedule::Knockout
                } else {
                    Schedule::Swiss { rounds: 0 }
                },
                per_round,
            ))
        }
        Some(_) => bail!("--tournament here is only for swiss and knockout records"),
        None => None,
    };
    if args.luck {
        luck_needs_two(names.len(), "these records have")?;
    }
    let anchor = anchor_index(&names, args.anchor.as_deref())?;
    let sprt = parse_sprt(args.sprt.as_deref())?;
    if sprt.is_some() && names.len() != 2 {
        bail!(
            "--sprt is for a match of two players; these records have {}",
            names.len()
        );
    }
    if let Some((schedule, per_round)) = event
        && !args.json
    {
        print_event(&names, schedule, per_round, anchor, &games)?;
    }
    let report = Report::build(names, &games, anchor, sprt).map_err(anyhow::Error::msg)?;
    let luck = if args.luck {
        Some(luck_report(&games, &report, args.luck_depth, args.jobs)?)
    } else {
        None
    };
    if args.json {
        print!("{}", json_with_luck(&report, luck.as_ref())?);
    } else {
        print!("{}", report.text());
        if let Some(l) = &luck {
            print!("{}", l.text());
        }
    }
    Ok(())
}
