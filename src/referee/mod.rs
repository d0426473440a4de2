//! The referee: matches and tournaments between engines and baselines, game records, statistics.
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
pub mod ratings;
pub mod record;
pub mod report;
pub mod rng;
pub mod settings;
pub mod stats;
pub mod tourney;

use std::io::Write;
use std::time::{Duration, Instant};

use anyhow::{Context, Result};

use crate::board::{Color, Move};
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
    /// The time control of the Red and of the Blue player.
    pub tc: [TimeControl; 2],
    pub grace_ms: u64,
    /// Ask the players for their setups instead of drawing them from the seed.
    pub engine_setups: bool,
    pub date: String,
    /// A given start instead of the setups drawn from the seed (whose first mover then is
    /// `first`); the dice still come from the seed.
    pub start: Option<Start>,
    /// The fingerprint of the match, written into the record.
    pub match_id: Option<String>,
}

/// Plays one game between `red` and `blue` and returns its record.
pub fn play_game(red: &mut dyn Player, blue: &mut dyn Player, spec: &GameSpec) -> GameRecord {
    let players: [&mut dyn Player; 2] = [red, blue];
    let mut rng = MatchRng::new(spec.seed);
    // Drawn even when the start is given, so that the dice never depend on where games start.
    let mut setups = [rng.setup(), rng.setup()];
    let tcs = [
        players[0].time_control(spec.tc[0]),
        players[1].time_control(spec.tc[1]),
    ];
    let incs = tcs.map(|tc| match tc {
        TimeControl::MoveTime { .. } => 0,
        TimeControl::Game { inc_ms, .. } => inc_ms,
    });
    let mut rec = GameRecord {
        number: spec.number,
        match_id: spec.match_id.clone(),
        seed: Some(spec.seed),
        date: spec.date.clone(),
        red: players[0].name(),
        blue: players[1].name(),
        start: spec.start.clone().unwrap_or(Start::Setups {
            red: setups[0],
            blue: setups[1],
            first: spec.first,
        }),
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
    if spec.engine_setups && spec.start.is_none() {
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

    let start = rec.start.board();
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
            inc_ms: incs,
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
            us: Some(used.as_micros() as u64),
        });
        history.push(m);
        b.make(m);
    }
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

/// The tally of a two-player match, from the first player's side.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct Summary {
    pub wins: u64,
    pub losses: u64,
    pub first_mover_wins: u64,
    /// Losses by a fault, per player: `(player, reason)`.
    pub faults: Vec<(usize, Reason)>,
    /// The SPRT's verdict and the games finished when it stopped the match.
    pub sprt: Option<(stats::Verdict, u64)>,
    pub names: [String; 2],
    /// The pairs, from the first player's side.
    pub pairs: stats::Pairs,
    /// The full report (also what `ewn stats` prints for the match's records).
    pub full: report::Report,
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

    /// The report text, with the SPRT line of `sprt` (or of the match's own test).
    pub fn report(&self, sprt: Option<&stats::Sprt>) -> String {
        let mut r = self.full.clone();
        if let Some(t) = sprt {
            r.sprt = Some((*t, t.llr(&self.pairs), t.verdict(&self.pairs)));
        }
        r.text()
    }
}

/// Runs a match (usually [`tourney::Tournament::two_players`]), writing a progress line per
/// game to `out` and every record to `record`. An odd number of games is rounded up to whole
/// pairs.
pub fn run_match(
    t: &tourney::Tournament,
    out: &mut (dyn Write + Send),
    record: Option<&mut (dyn Write + Send)>,
) -> Result<Summary> {
    let t = tourney::Tournament {
        games: t.games.div_ceil(2).max(1) * 2,
        ..t.clone()
    };
    let o = tourney::run(&t, tourney::Progress::Lines, out, record)?;
    Ok(summary(&o))
}

/// The two-player view of a run's outcome.
pub fn summary(o: &tourney::Outcome) -> Summary {
    let r = &o.report;
    let e = r.encounters.first().cloned().unwrap_or_default();
    let mut faults = Vec::new();
    for g in &o.records {
        if g.reason.is_fault()
            && let Some(w) = g.winner
        {
            let loser_name = if w == Color::Red { &g.blue } else { &g.red };
            let p = usize::from(loser_name != &r.names[0]);
            faults.push((p, g.reason));
        }
    }
    Summary {
        wins: e.wins,
        losses: e.losses,
        first_mover_wins: r.first_mover_wins,
        faults,
        sprt: o.sprt_stop,
        names: [r.names[0].clone(), r.names[1].clone()],
        pairs: e.pairs,
        full: r.clone(),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use baseline::{Baseline, Kind};
    use tourney::Tournament;

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
            tc: [TimeControl::MoveTime { ms: 1000 }; 2],
            grace_ms: 1000,
            engine_setups: false,
            date: "2026-01-01".into(),
            start: None,
            match_id: None,
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

    /// Greedy against random, a second per move and a second of grace.
    fn greedy_v_random() -> Tournament {
        let players = [
            PlayerSpec::Baseline(Kind::Greedy),
            PlayerSpec::Baseline(Kind::Random),
        ];
        Tournament {
            tc: TimeControl::MoveTime { ms: 1000 },
            grace_ms: 1000,
            ..Tournament::two_players(players, ["greedy", "random"])
        }
    }

    #[test]
    fn greedy_beats_random_in_a_small_match() {
        let t = Tournament {
            games: 200,
            seed: 1,
            concurrency: 2,
            engine_setups: true,
            ..greedy_v_random()
        };
        let mut out = Vec::new();
        let mut rec = Vec::new();
        let sum = run_match(&t, &mut out, Some(&mut rec)).unwrap();
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
        let t = Tournament {
            games: 10_000,
            seed: 2,
            sprt: Some("0,50,0.05,0.05".parse().unwrap()),
            ..greedy_v_random()
        };
        let mut out = Vec::new();
        let sum = run_match(&t, &mut out, None).unwrap();
        let (verdict, at) = sum.sprt.unwrap();
        assert_eq!(verdict, stats::Verdict::H1);
        assert!(at < 1000 && sum.games() == at, "{at}");
        assert!(sum.report(t.sprt.as_ref()).contains("H1 accepted"));
    }
}
