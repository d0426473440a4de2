//! The referee: head-to-head matches between engines and baselines, game records, statistics.
//!
//! Games come in pairs that share a seed: the same setups and the same die for every ply, with
//! the players' colours swapped, so luck of the dice cancels within a pair. The side that moves
//! first is the same within a pair and alternates between pairs. The referee keeps the clocks,
//! validates every move and records every game; a player that sends an illegal or malformed move,
//! runs out of time beyond the grace, crashes or stops answering loses that game, and its process
//! is restarted for the next one.

pub mod baseline;
pub mod ccgc;
pub mod cli;
pub mod engine_proc;
pub mod mcts;
pub mod player;
pub mod record;
pub mod rng;
pub mod stats;

use std::io::Write;
use std::sync::Mutex;
use std::sync::atomic::{AtomicBool, AtomicU64, Ordering};
use std::time::{Duration, Instant};

use anyhow::{Context, Result};

use crate::board::{Board, Color, Move};
use player::{Fault, Player, TimeControl, Turn};
use record::{GameRecord, Ply, Reason, Start};
use rng::MatchRng;

/// A player as named on the command line.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum PlayerSpec {
    Baseline(baseline::Kind),
    /// The built-in UCT player with this many simulations per move.
    Mcts(u32),
    /// A native-protocol engine: program and arguments.
    Native(Vec<String>),
    /// A TCG-protocol engine: program and arguments.
    Tcg(Vec<String>),
}

impl PlayerSpec {
    /// `random`, `greedy`, `mcts:<simulations>`, `tcg:<command>` or a native engine command. `self` (alone, or after
    /// `tcg:`) is this program, so a build can play against baselines without naming its path.
    pub fn parse(s: &str) -> Result<PlayerSpec> {
        let s = s.trim();
        let this = || -> Result<String> {
            Ok(std::env::current_exe()
                .context("finding this program for 'self'")?
                .to_string_lossy()
                .into_owned())
        };
        let argv = |cmd: &str| -> Result<Vec<String>> {
            let v: Vec<String> = cmd.split_whitespace().map(String::from).collect();
            anyhow::ensure!(!v.is_empty(), "empty engine command");
            Ok(v)
        };
        Ok(match s {
            "random" => PlayerSpec::Baseline(baseline::Kind::Random),
            "greedy" => PlayerSpec::Baseline(baseline::Kind::Greedy),
            "self" => PlayerSpec::Native(vec![this()?]),
            _ if s.starts_with("mcts:") => {
                let n = &s["mcts:".len()..];
                let sims: u32 = n.parse().ok().filter(|&v| v > 0).with_context(|| {
                    format!("'{n}' is not a positive simulation count in '{s}'")
                })?;
                PlayerSpec::Mcts(sims)
            }
            _ => match s.strip_prefix("tcg:") {
                Some("self") => PlayerSpec::Tcg(vec![this()?, "--protocol".into(), "tcg".into()]),
                Some(cmd) => PlayerSpec::Tcg(argv(cmd)?),
                None => PlayerSpec::Native(argv(s.strip_prefix("native:").unwrap_or(s))?),
            },
        })
    }

    pub fn make(&self, label: &str) -> Box<dyn Player> {
        match self {
            PlayerSpec::Baseline(k) => Box::new(baseline::Baseline::new(*k)),
            PlayerSpec::Mcts(sims) => Box::new(mcts::MctsPlayer::new(*sims)),
            PlayerSpec::Native(argv) => Box::new(engine_proc::Native::new(argv.clone(), label)),
            PlayerSpec::Tcg(argv) => Box::new(engine_proc::Tcg::new(argv.clone(), label)),
        }
    }
}

/// What one game needs besides its players.
#[derive(Clone, Debug)]
pub struct GameSpec {
    pub number: u64,
    pub seed: u64,
    pub first: Color,
    pub tc: TimeControl,
    pub grace_ms: u64,
    /// Ask the players for their setups instead of drawing them from the seed.
    pub engine_setups: bool,
    pub date: String,
}

/// Plays one game between `red` and `blue` and returns its record.
pub fn play_game(red: &mut dyn Player, blue: &mut dyn Player, spec: &GameSpec) -> GameRecord {
    let players: [&mut dyn Player; 2] = [red, blue];
    let mut rng = MatchRng::new(spec.seed);
    let mut setups = [rng.setup(), rng.setup()];
    let tcs = [
        players[0].time_control(spec.tc),
        players[1].time_control(spec.tc),
    ];
    let mut rec = GameRecord {
        number: spec.number,
        seed: Some(spec.seed),
        date: spec.date.clone(),
        red: players[0].name(),
        blue: players[1].name(),
        start: Start::Setups {
            red: setups[0],
            blue: setups[1],
            first: spec.first,
        },
        plies: Vec::new(),
        winner: None,
        reason: Reason::Goal,
        detail: String::new(),
    };
    let forfeit = |mut rec: GameRecord, loser: Color, f: Fault| {
        let (reason, why) = match f {
            Fault::Malformed(s) => (Reason::Malformed, s),
            Fault::Time(s) => (Reason::Time, s),
            Fault::Crash(s) => (Reason::Crash, s),
        };
        rec.winner = Some(loser.other());
        rec.reason = reason;
        rec.detail = format!("{}: {why}", loser.name());
        rec
    };

    for c in [Color::Red, Color::Blue] {
        if let Err(f) = players[c.idx()].new_game(tcs[c.idx()], c, spec.seed) {
            return forfeit(rec, c, f);
        }
    }
    if spec.engine_setups {
        for c in [Color::Red, Color::Blue] {
            match players[c.idx()].setup(c, engine_proc::HANDSHAKE) {
                Ok(s) => setups[c.idx()] = s,
                Err(f) => return forfeit(rec, c, f),
            }
        }
        rec.start = Start::Setups {
            red: setups[0],
            blue: setups[1],
            first: spec.first,
        };
    }

    let start = Board::from_setups(setups[0], setups[1], spec.first);
    let mut b = start.clone();
    let mut history: Vec<Move> = Vec::new();
    let mut clock_ms: [i64; 2] = [0, 1].map(|i| match tcs[i] {
        TimeControl::MoveTime { ms } => ms as i64,
        TimeControl::Game { base_ms, .. } => base_ms as i64,
    });
    loop {
        if let Some(w) = b.winner() {
            rec.winner = Some(w);
            rec.reason = if b.alive(w.other()) == 0 {
                Reason::Capture
            } else {
                Reason::Goal
            };
            return rec;
        }
        let die = rng.die();
        let c = b.side_to_move();
        let tc = tcs[c.idx()];
        let allowed = clock_ms[c.idx()].max(0) as u64;
        let wait = Duration::from_millis(allowed + spec.grace_ms);
        let turn = Turn {
            start: &start,
            history: &history,
            board: &b,
            die,
            tc,
            clock_ms: clock_ms.map(|t| t.max(0) as u64),
            wait,
        };
        let t0 = Instant::now();
        let answer = players[c.idx()].choose(&turn);
        let used = t0.elapsed();
        let m = match answer {
            Ok(m) => m,
            Err(f) => return forfeit(rec, c, f),
        };
        if used > wait {
            let f = Fault::Time(format!(
                "answered after {} ms; {allowed} ms + {} ms grace allowed",
                used.as_millis(),
                spec.grace_ms
            ));
            return forfeit(rec, c, f);
        }
        if !b.is_legal(m, Some(die)) {
            rec.winner = Some(c.other());
            rec.reason = Reason::Illegal;
            rec.detail = format!("{}: {m} for die {die}", c.name());
            return rec;
        }
        if let TimeControl::Game { inc_ms, .. } = tc {
            clock_ms[c.idx()] += inc_ms as i64 - used.as_millis() as i64;
        }
        rec.plies.push(Ply {
            side: c,
            die,
            mv: m,
        });
        history.push(m);
        b.make(m);
    }
}

#[derive(Clone, Debug)]
pub struct MatchConfig {
    pub players: [PlayerSpec; 2],
    pub games: u64,
    pub seed: u64,
    pub tc: TimeControl,
    pub grace_ms: u64,
    pub concurrency: usize,
    pub engine_setups: bool,
    pub sprt: Option<stats::Sprt>,
}

/// Which colour the first player has, and who moves first, in game `index` (0-based).
pub fn pairing(index: u64) -> (Color, Color) {
    let pair = index / 2;
    let a_color = if index.is_multiple_of(2) {
        Color::Red
    } else {
        Color::Blue
    };
    let first = if pair.is_multiple_of(2) {
        Color::Red
    } else {
        Color::Blue
    };
    (a_color, first)
}

/// The tally of a match, from the first player's side.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct Summary {
    pub wins: u64,
    pub losses: u64,
    pub first_mover_wins: u64,
    /// Losses by a fault, per player: `(player, reason)`.
    pub faults: Vec<(usize, Reason)>,
    pub sprt: Option<(stats::Verdict, u64)>,
    pub names: [String; 2],
}

impl Summary {
    pub fn games(&self) -> u64 {
        self.wins + self.losses
    }

    pub fn faults_of(&self, player: usize, reason: Reason) -> usize {
        self.faults
            .iter()
            .filter(|&&(p, r)| p == player && r == reason)
            .count()
    }

    pub fn report(&self, sprt: Option<&stats::Sprt>) -> String {
        let n = self.games();
        let s = stats::score(self.wins, self.losses);
        let e = stats::elo_interval(self.wins, self.losses);
        let mut out = format!(
            "Games {n}: {} {} - {} {}\n\
             Score {:.3} [{:.3}, {:.3}] (95%)\n\
             Elo {} [{}, {}] (95%)\n\
             First mover won {:.1}% ({} of {n})\n",
            self.names[0],
            self.wins,
            self.losses,
            self.names[1],
            s.value,
            s.low,
            s.high,
            stats::fmt_elo(e.value),
            stats::fmt_elo(e.low),
            stats::fmt_elo(e.high),
            if n > 0 {
                100.0 * self.first_mover_wins as f64 / n as f64
            } else {
                0.0
            },
            self.first_mover_wins,
        );
        for (p, name) in self.names.iter().enumerate() {
            let mut parts = Vec::new();
            for r in [
                Reason::Illegal,
                Reason::Malformed,
                Reason::Time,
                Reason::Crash,
            ] {
                let k = self.faults_of(p, r);
                if k > 0 {
                    parts.push(format!("{r} {k}"));
                }
            }
            if !parts.is_empty() {
                out.push_str(&format!("{name} lost by fault: {}\n", parts.join(", ")));
            }
        }
        if let Some(t) = sprt {
            let (lo, hi) = t.bounds();
            let llr = t.llr(self.wins, self.losses);
            let verdict = match self.sprt {
                Some((stats::Verdict::H1, at)) => format!(
                    "H1 accepted after {at} games: {} is at least {} Elo stronger",
                    self.names[0], t.elo1
                ),
                Some((stats::Verdict::H0, at)) => format!(
                    "H0 accepted after {at} games: {} is not {} Elo stronger",
                    self.names[0], t.elo1
                ),
                None => "undecided".to_string(),
            };
            out.push_str(&format!(
                "SPRT elo0 {} elo1 {} alpha {} beta {}: LLR {llr:.3} [{lo:.3}, {hi:.3}] {verdict}\n",
                t.elo0, t.elo1, t.alpha, t.beta
            ));
        }
        out
    }
}

/// Labels for the two players: their specs (`self` reads `ewn`), made distinct when equal.
fn labels(raw: [&str; 2]) -> [String; 2] {
    let short = |s: &str| -> String {
        match s.trim() {
            "self" => "ewn".to_string(),
            "tcg:self" => "ewn-tcg".to_string(),
            other => other.to_string(),
        }
    };
    let a = short(raw[0]);
    let mut b = short(raw[1]);
    if a == b {
        b.push_str(" (2)");
    }
    [a, b]
}

/// Runs a match, writing a progress line per game to `out` and every record to `record`.
pub fn run_match(
    cfg: &MatchConfig,
    names: [&str; 2],
    out: &mut (dyn Write + Send),
    record: Option<&mut (dyn Write + Send)>,
) -> Result<Summary> {
    let names = labels(names);
    let next = AtomicU64::new(0);
    let stop = AtomicBool::new(false);
    let date = record::today();
    let sink = Mutex::new((
        Summary {
            names: names.clone(),
            ..Summary::default()
        },
        out,
        record,
    ));
    let workers = cfg.concurrency.clamp(1, 64);
    let failure: Mutex<Option<anyhow::Error>> = Mutex::new(None);
    std::thread::scope(|scope| {
        for _ in 0..workers {
            scope.spawn(|| {
                let mut a = cfg.players[0].make(&names[0]);
                let mut b = cfg.players[1].make(&names[1]);
                loop {
                    if stop.load(Ordering::SeqCst) {
                        break;
                    }
                    let i = next.fetch_add(1, Ordering::SeqCst);
                    if i >= cfg.games {
                        break;
                    }
                    let (a_color, first) = pairing(i);
                    let spec = GameSpec {
                        number: i + 1,
                        seed: rng::pair_seed(cfg.seed, i / 2),
                        first,
                        tc: cfg.tc,
                        grace_ms: cfg.grace_ms,
                        engine_setups: cfg.engine_setups,
                        date: date.clone(),
                    };
                    let rec = if a_color == Color::Red {
                        play_game(a.as_mut(), b.as_mut(), &spec)
                    } else {
                        play_game(b.as_mut(), a.as_mut(), &spec)
                    };
                    let mut guard = sink.lock().unwrap_or_else(|e| e.into_inner());
                    let (sum, out, record) = &mut *guard;
                    let a_won = rec.winner == Some(a_color);
                    if a_won {
                        sum.wins += 1;
                    } else {
                        sum.losses += 1;
                    }
                    if rec.winner == Some(rec.first()) {
                        sum.first_mover_wins += 1;
                    }
                    if rec.reason.is_fault() {
                        sum.faults.push((usize::from(a_won), rec.reason));
                    }
                    let (wn, ln) = if a_won {
                        (&names[0], &names[1])
                    } else {
                        (&names[1], &names[0])
                    };
                    let detail = if rec.detail.is_empty() {
                        String::new()
                    } else {
                        format!(" ({})", rec.detail)
                    };
                    let line = format!(
                        "game {}/{}: {wn} ({}) beat {ln} by {}{detail} in {} plies; {} {}-{} {}",
                        rec.number,
                        cfg.games,
                        rec.winner.map_or("nobody", Color::name),
                        rec.reason,
                        rec.plies.len(),
                        names[0],
                        sum.wins,
                        sum.losses,
                        names[1]
                    );
                    let mut io = || -> std::io::Result<()> {
                        writeln!(out, "{line}")?;
                        out.flush()?;
                        if let Some(r) = record.as_mut() {
                            r.write_all(rec.to_text().as_bytes())?;
                            r.flush()?;
                        }
                        Ok(())
                    };
                    if let Err(e) = io() {
                        *failure.lock().unwrap_or_else(|e| e.into_inner()) =
                            Some(anyhow::Error::new(e).context("writing match output"));
                        stop.store(true, Ordering::SeqCst);
                    }
                    if let Some(t) = &cfg.sprt
                        && sum.sprt.is_none()
                        && let Some(v) = t.verdict(sum.wins, sum.losses)
                    {
                        sum.sprt = Some((v, sum.games()));
                        stop.store(true, Ordering::SeqCst);
                    }
                }
            });
        }
    });
    if let Some(e) = failure.into_inner().unwrap_or_else(|e| e.into_inner()) {
        return Err(e);
    }
    let (sum, _, _) = sink.into_inner().unwrap_or_else(|e| e.into_inner());
    Ok(sum)
}

#[cfg(test)]
mod tests {
    use super::*;
    use baseline::{Baseline, Kind};

    #[test]
    fn pairs_swap_colours_and_alternate_the_first_mover() {
        assert_eq!(pairing(0), (Color::Red, Color::Red));
        assert_eq!(pairing(1), (Color::Blue, Color::Red));
        assert_eq!(pairing(2), (Color::Red, Color::Blue));
        assert_eq!(pairing(3), (Color::Blue, Color::Blue));
    }

    fn spec(n: u64) -> GameSpec {
        GameSpec {
            number: n,
            seed: rng::pair_seed(5, n),
            first: Color::Red,
            tc: TimeControl::MoveTime { ms: 1000 },
            grace_ms: 1000,
            engine_setups: false,
            date: "2026-01-01".into(),
        }
    }

    #[test]
    fn a_pair_shares_setups_and_dice() {
        let s = spec(1);
        let g1 = play_game(
            &mut Baseline::new(Kind::Greedy),
            &mut Baseline::new(Kind::Random),
            &s,
        );
        let g2 = play_game(
            &mut Baseline::new(Kind::Random),
            &mut Baseline::new(Kind::Greedy),
            &s,
        );
        assert_eq!(g1.start, g2.start);
        let n = g1.plies.len().min(g2.plies.len());
        for i in 0..n {
            assert_eq!(g1.plies[i].die, g2.plies[i].die, "ply {i}");
        }
        for g in [g1, g2] {
            assert!(g.reason.is_normal());
            let end = g.replay().unwrap();
            assert_eq!(end.winner(), g.winner);
        }
    }

    #[test]
    fn greedy_beats_random_in_a_small_match() {
        let cfg = MatchConfig {
            players: [
                PlayerSpec::Baseline(Kind::Greedy),
                PlayerSpec::Baseline(Kind::Random),
            ],
            games: 200,
            seed: 1,
            tc: TimeControl::MoveTime { ms: 1000 },
            grace_ms: 1000,
            concurrency: 2,
            engine_setups: true,
            sprt: None,
        };
        let mut out = Vec::new();
        let mut rec = Vec::new();
        let sum = run_match(&cfg, ["greedy", "random"], &mut out, Some(&mut rec)).unwrap();
        assert_eq!(sum.games(), 200);
        assert!(sum.wins > 120, "{}", sum.report(None));
        let games = record::parse_records(&String::from_utf8(rec).unwrap()).unwrap();
        assert_eq!(games.len(), 200);
        for g in &games {
            g.replay().unwrap();
        }
        assert_eq!(String::from_utf8(out).unwrap().lines().count(), 200);
    }

    #[test]
    fn sprt_stops_a_decided_match() {
        let cfg = MatchConfig {
            players: [
                PlayerSpec::Baseline(Kind::Greedy),
                PlayerSpec::Baseline(Kind::Random),
            ],
            games: 10_000,
            seed: 2,
            tc: TimeControl::MoveTime { ms: 1000 },
            grace_ms: 1000,
            concurrency: 1,
            engine_setups: false,
            sprt: Some("0,50,0.05,0.05".parse().unwrap()),
        };
        let mut out = Vec::new();
        let sum = run_match(&cfg, ["greedy", "random"], &mut out, None).unwrap();
        let (verdict, at) = sum.sprt.unwrap();
        assert_eq!(verdict, stats::Verdict::H1);
        assert!(at < 1000 && sum.games() == at, "{at}");
        assert!(sum.report(cfg.sprt.as_ref()).contains("H1 accepted"));
    }
}
