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
    /// crosstable too, as `ewn match` did.
    #[arg(long, value_enum)]
    pub tournament: Option<ScheduleArg>,
    /// The games of each mini-match of that event, as given to `ewn match`.
    #[arg(long, default_value_t = 2)]
    pub games_per_round: u64,
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
fn read_games(files: &[std::path::PathBuf]) -> Result<Vec<GameRecord>> {
    let mut games = Vec::new();
    for f in files {
        for g in read_record_file(f)? {
            g.replay()
                .map_err(|e| anyhow::anyhow!("{}: {e}", f.display()))?;
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

/// `ewn stats FILE...`: the result of the games in any number of record files, as one match.
pub fn run_stats(args: StatsArgs) -> Result<()> {
    let games = read_games(&args.files)?;
    let mut names = players_in(&games);
    let event = match args.tournament {
        Some(s @ (ScheduleArg::Swiss | ScheduleArg::Knockout)) => {
            let per_round = args.games_per_round.div_ceil(2) * 2;
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
    if args.luck {
        luck_needs_two(names.len(), "these records have")?;
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
