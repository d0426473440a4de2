//! An event's standings and bracket as the text `ewn match` and `ewn stats` print.

use std::collections::BTreeMap;
use std::fmt::Write as _;

use super::knockout::Bracket;
use super::swiss::Standing;

/// The Swiss standings as text: rank, player, points, tie-breaks, games, and each round's
/// opponent (by rank) with the games won and lost.
pub fn standings(names: &[String], standings: &[Standing]) -> String {
    let width = names
        .iter()
        .map(|s| s.chars().count())
        .max()
        .unwrap_or(0)
        .max(6);
    let rank_of: BTreeMap<usize, usize> = standings
        .iter()
        .enumerate()
        .map(|(k, s)| (s.player, k + 1))
        .collect();
    let mut out = String::from(
        "Standings (match points; tie-breaks Buchholz, Sonneborn-Berger, games won):\n",
    );
    let _ = writeln!(
        out,
        "  {:>2}  {:<width$}  {:>6}  {:>6}  {:>6}  {:>7}  rounds (opponent's rank: won-lost)",
        "#", "player", "points", "buch", "sb", "games"
    );
    for (k, s) in standings.iter().enumerate() {
        let rounds: Vec<String> = s
            .rounds
            .iter()
            .map(|r| match r {
                None => "bye".to_string(),
                Some(r) => format!("{}:{}-{}", rank_of[&r.opponent], r.won, r.lost),
            })
            .collect();
        let _ = writeln!(
            out,
            "  {:>2}  {:<width$}  {:>6.1}  {:>6.1}  {:>6.2}  {:>7}  {}",
            k + 1,
            names[s.player],
            s.points,
            s.buchholz,
            s.sonneborn,
            format!("{}/{}", s.games_won, s.games),
            rounds.join(" ")
        );
    }
    out
}

/// The knockout as text: each round's pairings, their games and who went through.
pub fn bracket(names: &[String], bracket: &Bracket) -> String {
    let mut out = String::from("Knockout:\n");
    for (r, ties) in bracket.rounds.iter().enumerate() {
        let _ = writeln!(out, "  round {}:", r + 1);
        for t in ties {
            let name = |p: Option<usize>| p.map_or("(bye)", |i| names[i].as_str());
            let line = match (t.a, t.b) {
                (Some(_), Some(_)) => {
                    format!("{} {}-{} {}", name(t.a), t.a_wins, t.b_wins, name(t.b))
                }
                _ => format!("{} vs {}", name(t.a), name(t.b)),
            };
            let through = match t.through {
                Some(p) => format!(": {} through", names[p]),
                None if t.a.is_some() && t.b.is_some() => ": playing".to_string(),
                None => String::new(),
            };
            let _ = writeln!(out, "    {line}{through}");
        }
    }
    out
}
