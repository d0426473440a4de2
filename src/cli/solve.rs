//! `ewn solve`: a variant small enough solved exactly (the start value, every pair of setups, the
//! equilibrium over setups, the table file), or the one-cube game on every board.

use std::path::{Path, PathBuf};

use anyhow::{Context, Result, bail};
use serde_json::json;

use crate::brain::solve::{
    self, Progress, SetupMatrix, equilibrium, file, one_cube::one_cube, slots_estimate,
};
use crate::record::GameRecord;
use crate::rules::board::Color;
use crate::rules::notation::setup_string;
use crate::rules::variant::Variant;

/// Solver time per index slot for one thread: `5x5-3` took 41 s of processor time for its
/// 75,534,750 slots on this project's 2-core machine. The basis of every time estimated.
const NS_PER_SLOT: f64 = 550.0;

/// Bytes per slot while solving (one `f64`).
const BYTES_PER_SLOT: f64 = 8.0;

/// Bytes per slot while solving a variant that passes: the `f64` values, a `u32` position
/// number while exploring, and the graph and two bounds of the reachable positions (the
/// back-rank boards of protocol/solved.md peaked at 12 to 19 bytes a slot).
const BYTES_PER_SLOT_CYCLIC: f64 = 20.0;

/// Solver time per slot of a variant that passes, on one thread (the iteration is not
/// threaded): the 4x4 back-rank board took 6.5 s of processor time for 19,257,120 slots, the
/// 4x3 one 1.6 s for 2,877,336.
const NS_PER_SLOT_CYCLIC: f64 = 600.0;

#[derive(clap::Args)]
pub struct SolveArgs {
    /// The one-cube game on every board from 2x2 to 8x8 instead: the winner and the length.
    #[arg(long)]
    pub one_cube: bool,
    /// Write the table to DIR/ewn-solved-<variant>.tbl (the directory is created if missing).
    #[arg(long)]
    pub out: Option<PathBuf>,
    /// Solver threads (the values do not depend on them).
    #[arg(long, default_value_t = 1, value_parser = super::threads_parser())]
    pub threads: u64,
    /// Refuse when the solve needs more memory than this many MiB (default: the memory this
    /// machine has available).
    #[arg(long)]
    pub max_memory: Option<u64>,
    /// Everything as one JSON object.
    #[arg(long)]
    pub json: bool,
    /// Also replay the games of this record file (those of the solved variant) and give each
    /// player's exact loss: per game, and per choice (a roll with more than one legal move).
    #[arg(long, value_name = "FILE")]
    pub loss: Option<PathBuf>,
}

/// One player's exact losses over the games of a record file.
#[derive(Default)]
struct Loss {
    games: u64,
    choices: u64,
    /// Choices where the move played was not exactly best (lost more than 1e-9).
    inferior: u64,
    lost: f64,
}

/// The games of the record file `file` played in `v`, read before the solve so that a file
/// without any is refused at once, saying which variants it holds.
fn games_of(file: &Path, v: &'static Variant) -> Result<Vec<GameRecord>> {
    let all = crate::record::read_record_file(file)?;
    let total = all.len();
    let mut others: Vec<String> = Vec::new();
    let mut games = Vec::new();
    for g in all.into_iter().map(|l| l.game) {
        let gv = g.start.board().variant();
        if std::ptr::eq(gv, v) {
            games.push(g);
        } else if !others.iter().any(|n| n == gv.name()) {
            others.push(gv.name().to_string());
        }
    }
    if games.is_empty() {
        bail!(
            "{}: none of its {total} games is of variant {} (they are of {}), so there is no \
             loss to give: choose the record's variant with --variant",
            file.display(),
            v.name(),
            others.join(", ")
        );
    }
    Ok(games)
}

/// Every player's exact loss in `games` (of `sol`'s variant), by name.
fn exact_losses(sol: &solve::Solution, games: &[GameRecord]) -> Result<Vec<(String, Loss)>> {
    let mut by: Vec<(String, Loss)> = Vec::new();
    let mut entry = |name: &str| -> usize {
        match by.iter().position(|(n, _)| n == name) {
            Some(i) => i,
            None => {
                by.push((name.to_string(), Loss::default()));
                by.len() - 1
            }
        }
    };
    let players: Vec<[usize; 2]> = games
        .iter()
        .map(|g| [entry(&g.red), entry(&g.blue)])
        .collect();
    for (g, players) in games.iter().zip(players) {
        for &i in &players {
            by[i].1.games += 1;
        }
        game_losses(sol, g, |mover, lost| {
            let l = &mut by[players[usize::from(mover == Color::Blue)]].1;
            l.choices += 1;
            l.lost += lost;
            l.inferior += u64::from(lost > 1e-9);
        })?;
    }
    Ok(by)
}

/// Replays one game against the exact values, handing each choice (a roll with more than one
/// legal move) to `each` with the side that chose and what its move lost.
fn game_losses(
    sol: &solve::Solution,
    g: &GameRecord,
    mut each: impl FnMut(Color, f64),
) -> Result<()> {
    let mut b = g.start.board();
    for ply in &g.plies {
        let moves = b.moves_for_die(ply.die);
        if moves.len() > 1 {
            let mover = b.side_to_move();
            let value = |m| {
                let mut c = b.clone();
                c.make(m);
                match c.winner() {
                    Some(w) => Some(f64::from(u8::from(w == mover))),
                    None => sol.value(&c).map(|x| 1.0 - x),
                }
            };
            let mut best = 0.0f64;
            for &m in moves.as_slice() {
                best = best.max(value(m).context("a position the solve did not reach")?);
            }
            let played = value(ply.mv).context("a move the solve did not reach")?;
            each(mover, best - played);
        }
        b.make(ply.mv);
    }
    Ok(())
}

/// The memory available on this machine, in bytes (Linux), if known.
fn available_memory() -> Option<f64> {
    let text = std::fs::read_to_string("/proc/meminfo").ok()?;
    let line = text.lines().find(|l| l.starts_with("MemAvailable:"))?;
    let kb: f64 = line.split_whitespace().nth(1)?.parse().ok()?;
    Some(kb * 1024.0)
}

/// What solving `v` would take: index slots, bytes of memory and seconds with `threads` threads.
pub fn estimate(v: &Variant, threads: u64) -> (f64, f64, f64) {
    let slots = slots_estimate(v);
    if solve::passes(v).is_some() {
        return (
            slots,
            slots * BYTES_PER_SLOT_CYCLIC,
            slots * NS_PER_SLOT_CYCLIC * 1e-9,
        );
    }
    (
        slots,
        slots * BYTES_PER_SLOT,
        slots * NS_PER_SLOT * 1e-9 / threads as f64,
    )
}

fn mb(bytes: f64) -> String {
    format!("{:.0} MB", bytes / 1e6)
}

fn seconds(s: f64) -> String {
    if s < 120.0 {
        format!("{s:.1} s")
    } else if s < 2.0 * 86400.0 {
        format!("{:.1} h", s / 3600.0)
    } else if s < 1e6 * 86400.0 {
        format!("{:.0} days", s / 86400.0)
    } else {
        format!("{:.1e} days", s / 86400.0)
    }
}

/// The solved table of the variant of this run in `dir`, if the directory has one.
pub fn load_solved(
    dir: &Path,
    v: &'static crate::rules::variant::Variant,
) -> Result<Option<std::sync::Arc<crate::brain::solve::Solved>>> {
    match file::find(dir, v) {
        Some(p) => Ok(Some(std::sync::Arc::new(file::read(v, &p)?))),
        None => Ok(None),
    }
}

/// Does `dir` hold a standard endgame table?
pub fn has_standard_tables(dir: &Path) -> bool {
    (2..=crate::brain::tables::MAX_CUBES)
        .any(|n| dir.join(crate::brain::tables::file_name(n)).is_file())
}

pub fn run_solve(args: SolveArgs, v: &'static crate::rules::variant::Variant) -> Result<()> {
    if args.one_cube {
        return run_one_cube(args.json);
    }
    // The iteration of a variant that passes runs on one thread.
    let threads = if solve::passes(v).is_some() {
        1
    } else {
        args.threads
    };
    let games = match &args.loss {
        Some(f) => Some(games_of(f, v)?),
        None => None,
    };
    let bytes = check_fits(v, threads, args.max_memory, !args.json)?;
    let sol = solve::solve(v, args.threads as usize, &Progress { shown: !args.json })?;
    let m = solve::setup_matrix(v, |b| sol.value(b).expect("a start position is reached"));
    let start = solve::start_position(v, v.rules.first, &v.default_setup(), &v.default_setup());
    let start_value = match start.winner() {
        Some(w) => f64::from(u8::from(w == v.rules.first)),
        None => sol.value(&start).expect("the start position is reached"),
    };
    let eq = equilibrium(&m.values)?;
    let exploit = solve::nash::exploitability(&m.values, &eq);
    let losses = match &games {
        Some(g) => Some(exact_losses(&sol, g)?),
        None => None,
    };
    let table = match &args.out {
        Some(dir) => Some(write_table(&sol, dir)?),
        None => None,
    };
    let r = Report {
        v,
        sol,
        threads,
        bytes,
        m,
        start_value,
        eq,
        exploit,
        losses,
        table,
    };
    if args.json {
        println!("{}", r.json());
    } else {
        r.print();
    }
    Ok(())
}

/// Refuses a variant whose solve would not fit in memory (`max_memory` in MiB, else what the
/// machine has free); the bytes it will take, said on standard error when `shown`.
fn check_fits(v: &Variant, threads: u64, max_memory: Option<u64>, shown: bool) -> Result<f64> {
    let (slots, bytes, secs) = estimate(v, threads);
    let limit = match max_memory {
        Some(m) => m as f64 * 1024.0 * 1024.0,
        None => available_memory().unwrap_or(4e9),
    };
    if bytes > limit || slots > solve::index::MAX_SLOTS {
        bail!(
            "variant {} will not fit this machine: about {slots:.3e} positions (index slots), \
             {} of memory against {} available, about {} with {} threads",
            v.name(),
            mb(bytes),
            mb(limit),
            seconds(secs),
            threads
        );
    }
    if shown {
        eprintln!(
            "solving {}: at most {slots:.0} positions, {} of memory, about {}",
            v.name(),
            mb(bytes),
            seconds(secs)
        );
    }
    Ok(bytes)
}

/// Writes the solution's table into `dir`: its path and size.
fn write_table(sol: &solve::Solution, dir: &Path) -> Result<(PathBuf, u64)> {
    std::fs::create_dir_all(dir).with_context(|| format!("creating {}", dir.display()))?;
    let path = dir.join(file::file_name(sol.layout.v));
    file::write(sol, &path)?;
    let size = std::fs::metadata(&path)?.len();
    Ok((path, size))
}

/// Everything `ewn solve` says about a solved variant.
struct Report {
    v: &'static Variant,
    sol: solve::Solution,
    threads: u64,
    bytes: f64,
    m: SetupMatrix,
    start_value: f64,
    eq: solve::Equilibrium,
    exploit: f64,
    losses: Option<Vec<(String, Loss)>>,
    table: Option<(PathBuf, u64)>,
}

impl Report {
    /// The setups a mix plays (their probabilities), most likely first.
    fn strategy(&self, probs: &[f64]) -> Vec<(String, f64)> {
        let mut s: Vec<(String, f64)> = probs
            .iter()
            .enumerate()
            .filter(|&(_, &p)| p > 0.0)
            .map(|(i, &p)| (setup_string(&self.m.setups[i]), p))
            .collect();
        s.sort_by(|a, b| b.1.total_cmp(&a.1).then(a.0.cmp(&b.0)));
        s
    }

    fn json(&self) -> serde_json::Value {
        let (sol, eq) = (&self.sol, &self.eq);
        let mix = |probs: &[f64]| {
            self.strategy(probs)
                .into_iter()
                .map(|(s, p)| json!({"setup": s, "p": p}))
                .collect::<Vec<_>>()
        };
        json!({
            "variant": self.v.name(),
            "positions": sol.positions,
            "slots": sol.layout.len(),
            "symmetric": sol.layout.symmetric,
            "mirror": sol.layout.mirror,
            "seconds": sol.seconds,
            "threads": self.threads,
            "sweeps": sol.sweeps,
            "error_bound": sol.bound,
            "memory_bytes": self.bytes,
            "first": self.m.first.name(),
            "start_value": self.start_value,
            "setups": self.m.setups.iter().map(|s| setup_string(s)).collect::<Vec<_>>(),
            "matrix": self.m.values,
            "equilibrium": {
                "value": eq.value,
                "first": mix(&eq.first),
                "second": mix(&eq.second),
                "exploitability": self.exploit,
            },
            "table": self.table.as_ref().map(|(p, _)| p.display().to_string()),
            "table_bytes": self.table.as_ref().map(|(_, s)| *s),
            "loss": self.losses.as_ref().map(|l| l.iter().map(|(n, l)| json!({
                "player": n, "games": l.games, "choices": l.choices, "inferior": l.inferior,
                "lost": l.lost,
            })).collect::<Vec<_>>()),
        })
    }

    fn print(&self) {
        let (v, sol, eq) = (self.v, &self.sol, &self.eq);
        let first = self.m.first.name();
        let second = self.m.first.other().name();
        println!(
            "variant {}: {} reachable positions solved in {:.2} s with {} threads ({} index \
             slots{}{})",
            v.name(),
            sol.positions,
            sol.seconds,
            self.threads,
            sol.layout.len(),
            if sol.layout.symmetric {
                ", Blue to move stored as Red turned half a circle"
            } else {
                ""
            },
            if sol.layout.mirror {
                ", a position and its mirror image in one"
            } else {
                ""
            }
        );
        if sol.sweeps > 0 {
            println!(
                "positions can repeat ({}): value iteration, {} sweeps, every value within \
                 {:.1e} of the exact one",
                solve::passes(v).unwrap_or_default(),
                sol.sweeps,
                sol.bound
            );
        }
        println!(
            "start value {:.12} ({first} first, setups {} against {}, before the roll)",
            self.start_value,
            setup_string(&v.default_setup()),
            setup_string(&v.default_setup())
        );
        print_matrix(&self.m);
        println!("equilibrium value {:.12} ({first}'s win chance)", eq.value);
        for (side, probs) in [(first, &eq.first), (second, &eq.second)] {
            let s: Vec<String> = self
                .strategy(probs)
                .iter()
                .map(|(s, p)| format!("{s} {p:.9}"))
                .collect();
            println!("equilibrium setups of {side}: {}", s.join(", "));
        }
        println!(
            "largest gain of a pure setup against the other's mix {:.1e}",
            self.exploit
        );
        if let Some((path, size)) = &self.table {
            println!("table {} {size} bytes", path.display());
        }
        if let Some(losses) = &self.losses {
            print_losses(losses);
        }
    }
}

fn print_losses(losses: &[(String, Loss)]) {
    println!("exact loss: player, games, choices, inferior choices, lost a game, lost a choice");
    for (name, l) in losses {
        println!(
            "{name:<16} {:>6} {:>7} {:>6} {:>9.5} {:>9.6}",
            l.games,
            l.choices,
            l.inferior,
            l.lost / l.games.max(1) as f64,
            l.lost / l.choices.max(1) as f64
        );
    }
}

fn print_matrix(m: &SetupMatrix) {
    println!(
        "setup matrix: {}'s win chance (first to move), rows {} setups, columns {} setups",
        m.first.name(),
        m.first.name(),
        m.first.other().name()
    );
    let w = m.setups[0].len().max(6);
    let mut head = format!("{:w$}", "");
    for s in &m.setups {
        head.push_str(&format!(" {:>12}", setup_string(s)));
    }
    println!("{head}");
    for (s, row) in m.setups.iter().zip(&m.values) {
        let mut line = format!("{:w$}", setup_string(s));
        for x in row {
            line.push_str(&format!(" {x:>12.9}"));
        }
        println!("{line}");
    }
}

fn run_one_cube(as_json: bool) -> Result<()> {
    let mut results = Vec::new();
    for rows in 2..=8u8 {
        for cols in 2..=8u8 {
            results.push(one_cube(rows, cols)?);
        }
    }
    if as_json {
        let out: Vec<_> = results
            .iter()
            .map(|r| {
                json!({
                    "rows": r.rows,
                    "cols": r.cols,
                    "winner": if r.first_wins { "first" } else { "second" },
                    "plies": r.plies,
                })
            })
            .collect();
        println!("{}", json!({ "one_cube": out }));
        return Ok(());
    }
    println!(
        "one-cube game: the winner with perfect play (1st or 2nd to move) and the plies played"
    );
    let mut head = "rows\\cols".to_string();
    for cols in 2..=8 {
        head.push_str(&format!(" {cols:>6}"));
    }
    println!("{head}");
    for rows in 2..=8u8 {
        let mut line = format!("{rows:>9}");
        for r in results.iter().filter(|r| r.rows == rows) {
            let who = if r.first_wins { "1st" } else { "2nd" };
            line.push_str(&format!(" {who:>3}{:>3}", r.plies));
        }
        println!("{line}");
    }
    Ok(())
}
