//! The referee: matches and tournaments between engines and baselines, game records, statistics.
//!
//! Games come in pairs that share a seed: the same setups and the same die for every ply, with
//! the players' colours swapped, so luck of the dice cancels within a pair. The side that moves
//! first is the same within a pair and alternates between pairs. The referee keeps the clocks,
//! validates every move and records every game; a player that sends an illegal or malformed move,
//! runs out of time beyond the grace, crashes or stops answering loses that game, and its process
//! is restarted for the next one.
//!
//! Where things are: one game and its faults in `game`; what a tournament is (players, schedule,
//! limits) in `plan`; a gauntlet or round robin run in `tourney`, an event in rounds in `rounds`,
//! with Swiss pairings and knockout brackets in `event`; the worker threads in `pool`; the record
//! file and `--resume` in `record_file`; scores, intervals and the SPRT in `stats`, Elo in
//! `ratings`, the printed and JSON report in `report`; the hall's view of a running match in
//! `hall`; the contest-style export in `ccgc`; `ewn serve --battle` in `battle`; what goes wrong
//! before a game in `error`.
//!
//! Layer: uses the rules, the record and the players; knows nothing of front ends, learning or
//! the applications.

pub mod battle;
pub mod ccgc;
pub mod error;
pub mod event;
pub mod game;
pub mod hall;
pub mod plan;
mod pool;
pub mod ratings;
pub mod record_file;
pub mod report;
pub mod rounds;
pub mod stats;
pub mod tourney;

use std::io::Write;

pub use game::{GameSpec, pairing, play_game};

use crate::record::Reason;
use crate::rules::board::Color;

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

/// Runs a match (usually [`plan::Tournament::two_players`]), writing a progress line per
/// game to `out` and every record to `record`. An odd number of games is rounded up to whole
/// pairs.
pub fn run_match(
    t: &plan::Tournament,
    out: &mut (dyn Write + Send),
    record: Option<&mut (dyn Write + Send)>,
) -> Result<Summary, error::RunError> {
    let t = plan::Tournament {
        games: t.games.div_ceil(2).max(1) * 2,
        ..t.clone()
    };
    let o = tourney::run(&t, plan::Progress::Lines, out, record)?;
    Ok(summary(&o))
}

/// The two-player view of a run's outcome.
pub fn summary(o: &plan::Outcome) -> Summary {
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
    use crate::players::baseline::{Baseline, Kind};
    use crate::players::{PlayerSpec, TimeControl};
    use crate::record;
    use crate::rules::rng::{self, pair_seed};
    use plan::Tournament;

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
            variant: crate::rules::variant::Variant::standard(),
            engine_log: None,
            hall: None,
            names: None,
        }
    }

    /// A built-in player does not know the name the tournament gave it (`name=`): the record
    /// and the hall's boards carry the tournament's names, the same as its standings.
    #[test]
    fn the_hall_and_the_record_name_players_as_the_tournament_does() {
        let hall = hall::Hall::default();
        let names = ["a-rather-long-engine-name".to_string(), "Bob".to_string()];
        let mut s = spec(1);
        s.hall = Some(hall.clone());
        s.names = Some(names.clone());
        let mut red = Baseline::new(Kind::Random);
        let mut blue = Baseline::new(Kind::Greedy);
        let rec = play_game(&mut red, &mut blue, &s);
        assert_eq!(
            [rec.red.as_str(), rec.blue.as_str()],
            ["a-rather-long-engine-name", "Bob"]
        );
        let v = hall.snapshot();
        assert_eq!(v.games.len(), 1);
        assert_eq!(v.games[0].names, names);
        // Without names from a tournament, each player's own.
        let rec = play_game(&mut red, &mut blue, &spec(2));
        assert_eq!([rec.red.as_str(), rec.blue.as_str()], ["random", "greedy"]);
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

    #[test]
    fn mcts_beats_random_clearly() {
        let mut wins = 0;
        let games = 40;
        for g in 0..games {
            let mut a = crate::players::mcts::MctsPlayer::new(300);
            let mut r = Baseline::new(Kind::Random);
            let spec = GameSpec {
                number: g + 1,
                seed: pair_seed(11, g / 2),
                first: if g % 4 < 2 { Color::Red } else { Color::Blue },
                tc: [TimeControl::MoveTime { ms: 1000 }; 2],
                grace_ms: 1000,
                engine_setups: false,
                date: String::new(),
                start: None,
                match_id: None,
                variant: crate::rules::variant::Variant::standard(),
                engine_log: None,
                hall: None,
                names: None,
            };
            let rec = if g % 2 == 0 {
                play_game(&mut a, &mut r, &spec)
            } else {
                play_game(&mut r, &mut a, &spec)
            };
            let mcts_color = if g % 2 == 0 { Color::Red } else { Color::Blue };
            wins += u32::from(rec.winner == Some(mcts_color));
        }
        assert!(wins >= 30, "mcts won only {wins} of {games} against random");
    }
}
