//! Command line: with no subcommand the engine speaks its protocol on stdin/stdout. Each
//! subcommand's arguments and entry point live in `ewn::cli`; this file parses and dispatches.

use anyhow::Result;
use clap::{CommandFactory, FromArgMatches, Parser, Subcommand};

use ewn::cli;

#[derive(Parser)]
#[command(
    name = "ewn",
    version,
    about = "A tournament engine for EinStein würfelt nicht!"
)]
struct Cli {
    /// Protocol spoken on stdin/stdout: `auto` decides from the first line.
    #[arg(long, default_value_t = ewn::protocol::Mode::Auto)]
    protocol: ewn::protocol::Mode,
    /// Search threads of the protocol loop: for the TCG protocol, which has no options, and where
    /// the native `Threads` option starts (default 1). Subcommands take their own `--threads`.
    #[arg(long, value_parser = cli::threads_parser())]
    threads: Option<u64>,
    /// A directory of exact tables (`ewn tables build`, `ewn solve --out`) for the protocol loop
    /// (the TCG front end has no options). `review`, `analyse`, `gui` and `connect` take their own
    /// `--tables` (given here, before them, it reaches them too).
    #[arg(long, value_name = "DIR")]
    tables: Option<std::path::PathBuf>,
    /// The variant played (a preset or one of `--variants`): the protocol loop starts in it, and
    /// every subcommand that plays uses it. `ewn variants list` names them.
    #[arg(long, global = true)]
    variant: Option<String>,
    /// A file of variant definitions (TOML; `protocol/variants.md`) whose variants join the presets.
    #[arg(long, global = true)]
    variants: Option<std::path::PathBuf>,
    #[command(subcommand)]
    command: Option<Command>,
}

#[derive(Subcommand)]
enum Command {
    /// Count (die, move) paths to a depth, summed over all die faces.
    Perft(cli::bench::PerftArgs),
    /// Search a fixed suite of positions; prints `<nodes> nodes <nps> nps`.
    Bench(cli::bench::BenchArgs),
    /// Compute the setup table: every arrangement scored by fast self-play at a fixed depth.
    Setups(cli::learn::SetupsArgs),
    /// Paired in-process games between two fixed-depth players (evaluation and depth each).
    Duel(cli::learn::DuelArgs),
    /// Write self-play training positions: `<position> <result> <ply>` per line.
    Datagen(cli::learn::DatagenArgs),
    /// Train the evaluation network on data files and write its weights.
    Train(cli::learn::TrainArgs),
    /// Log-loss and Brier score of the evaluations and of searches on a data file.
    Evalstats(cli::learn::EvalstatsArgs),
    /// Play a match or a tournament between engines and baselines.
    Match(Box<cli::referee::MatchArgs>),
    /// The result of the games in record files, merged as one match (for example its shards).
    Stats(cli::stats::StatsArgs),
    /// Replay a record file, checking every move and result.
    Replay(cli::referee::ReplayArgs),
    /// Convert a record file to a contest record style.
    Export(cli::referee::ExportArgs),
    /// The win chance each player gave away in recorded games, move by move, by the engine's search
    Review(ewn::app::review::ReviewArgs),
    /// Win chances of every move for a die, or before the roll the win chance and each face's
    /// best move.
    Analyse(cli::analyse::AnalyseArgs),
    /// Start the browser arena on 127.0.0.1 and print its address.
    Gui(ewn::app::gui::GuiArgs),
    /// Play a game in the terminal against the engine, or with the engine as adviser.
    Play(cli::play::PlayArgs),
    /// Exact endgame tables: build, verify, probe, and recorded games against them (stats).
    Tables(cli::tables::TablesArgs),
    /// The variants: list them, or check a file of definitions.
    Variants(cli::variants::VariantsArgs),
    /// Play every game a battle server (the courses' `map|die` TCP protocol) offers.
    Connect(cli::battle::ConnectArgs),
    /// Host an event for battle clients (`--battle ADDR`): round robin, knockout or judge.
    Serve(cli::battle::ServeArgs),
    /// Solve a small variant exactly (`--variant NAME`): start value, setup matrix, equilibrium
    /// setups and the table; or the one-cube game on every board (`--one-cube`).
    Solve(cli::solve::SolveArgs),
}

fn main() -> std::process::ExitCode {
    // Started again as the guardian of a runner's engines (`players::reaper`): nothing else.
    if std::env::args_os()
        .nth(1)
        .is_some_and(|a| a == ewn::players::reaper::GUARDIAN_ARG)
    {
        ewn::players::reaper::run_guardian();
    }
    cli::quiet_on_closed_pipe();
    env_logger::Builder::from_env(env_logger::Env::default().default_filter_or("warn"))
        .target(env_logger::Target::Stderr)
        .init();
    // One line per error, its causes joined with ': ', whatever RUST_BACKTRACE says.
    match run() {
        Ok(()) => std::process::ExitCode::SUCCESS,
        Err(e) => {
            eprintln!("error: {e:#}");
            std::process::ExitCode::FAILURE
        }
    }
}

fn run() -> Result<()> {
    let matches = cli::referee::with_match_help(Cli::command()).get_matches();
    let mut cli = Cli::from_arg_matches(&matches).unwrap_or_else(|e| e.exit());
    if let (Some(Command::Match(args)), Some(("match", m))) =
        (cli.command.as_mut(), matches.subcommand())
    {
        args.group_engines(m);
    }
    if let (Some(Command::Gui(args)), Some(("gui", m))) =
        (cli.command.as_mut(), matches.subcommand())
    {
        args.group_engines(m);
    }
    if cli.threads.is_some() && cli.command.is_some() {
        // Silently searching with one thread would be worse than saying so.
        anyhow::bail!(
            "--threads before a subcommand is for the protocol loop; give it after the subcommand"
        );
    }
    let tables_dir = cli::tables_dir(
        cli.tables.clone(),
        own_tables(&cli.command),
        cli.command.is_some(),
    )?;
    let chosen = cli::variants::choose(cli.variant.as_deref(), cli.variants.as_deref())?;
    let v = chosen.variant;
    let tables = cli::load_tables(tables_dir.as_deref())?;
    let Some(command) = cli.command else {
        let threads = cli.threads.unwrap_or(1) as usize;
        let (loaded, dir) = (chosen.loaded, tables_dir);
        let (p, t) = (cli.protocol, tables);
        return Ok(ewn::protocol::run_stdio(p, threads, t, dir, v, loaded)?);
    };
    match command {
        Command::Perft(args) => cli::bench::run_perft(args, v),
        Command::Bench(args) => cli::bench::run_bench(args),
        Command::Setups(args) => cli::learn::run_setups(args),
        Command::Duel(args) => cli::learn::run_duel(args),
        Command::Datagen(args) => cli::learn::run_datagen(args),
        Command::Train(args) => cli::learn::run_train(args),
        Command::Evalstats(args) => cli::learn::run_evalstats(args),
        Command::Match(args) => cli::referee::run_match_cli(*args, v),
        Command::Stats(args) => cli::stats::run_stats(args),
        Command::Replay(args) => cli::referee::run_replay(args),
        Command::Export(args) => cli::referee::run_export(args),
        Command::Review(mut args) => {
            args.tables = tables;
            args.table_dir = tables_dir;
            Ok(ewn::app::review::run_review(args)?)
        }
        Command::Analyse(mut args) => {
            args.tables = tables;
            if let Some(d) = tables_dir.as_deref() {
                args.solved = cli::solve::load_solved(d, v)?;
            }
            cli::analyse::run_analyse(args, v)
        }
        Command::Gui(mut args) => {
            args.tables = tables;
            args.tables_dir = tables_dir;
            args.variant = Some(v);
            args.variants = chosen.loaded;
            Ok(ewn::app::gui::run(args)?)
        }
        Command::Play(args) => cli::play::run_play(args, v),
        Command::Tables(args) => cli::tables::run_tables(args, v),
        Command::Variants(args) => cli::variants::run_variants(args, &chosen.loaded),
        Command::Connect(mut args) => {
            args.tables = tables;
            cli::battle::run_connect(args)
        }
        Command::Serve(args) => cli::battle::run_serve(args),
        Command::Solve(args) => cli::solve::run_solve(args, v),
    }
}

/// The `--tables` a subcommand that uses tables was given after its name.
fn own_tables(command: &Option<Command>) -> Option<&Option<std::path::PathBuf>> {
    match command {
        Some(Command::Review(a)) => Some(&a.table_dir),
        Some(Command::Analyse(a)) => Some(&a.tables_dir),
        Some(Command::Gui(a)) => Some(&a.tables_dir),
        Some(Command::Connect(a)) => Some(&a.tables_dir),
        _ => None,
    }
}
