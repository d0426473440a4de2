//! The result of a match or tournament, computed from its game records alone, so that `ewn match`
//! and `ewn stats` (which merges record files) print the same thing for the same games.
//!
//! Every game belongs to an encounter of two players, `A` and `B`, and to a pair: games `2p + 1`
//! and `2p + 2` (by game number) share setups and dice with the colours swapped, `A` being Red in
//! the odd-numbered game. Pair statistics (see `stats`) are per encounter, from `A`'s side; the
//! ratings of a tournament are fitted from all games (see `ratings`).

use std::collections::BTreeMap;
use std::fmt::Write as _;

use serde::Serialize;
use serde::ser::SerializeMap;

use super::error::ReportError;
use super::ratings::{self, Rating};
use super::stats::{self, Pairs, Sprt, Verdict};
use crate::record::{GameRecord, Reason};
use crate::rules::board::Color;

const FAULTS: [Reason; 4] = [
    Reason::Illegal,
    Reason::Malformed,
    Reason::Time,
    Reason::Crash,
];

/// One player's losses by fault, by reason.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Faults {
    pub illegal: u64,
    pub malformed: u64,
    pub time: u64,
    pub crash: u64,
}

impl Faults {
    /// Counts a loss by `reason`, if it is a fault.
    fn add(&mut self, reason: Reason) {
        match reason {
            Reason::Illegal => self.illegal += 1,
            Reason::Malformed => self.malformed += 1,
            Reason::Time => self.time += 1,
            Reason::Crash => self.crash += 1,
            _ => {}
        }
    }

    /// The count of each fault reason, in the order of `FAULTS`.
    fn by_reason(&self) -> [(Reason, u64); 4] {
        [
            (Reason::Illegal, self.illegal),
            (Reason::Malformed, self.malformed),
            (Reason::Time, self.time),
            (Reason::Crash, self.crash),
        ]
    }
}

/// Said under the faults when a game was lost on time.
const TIME_HINT: &str = "A move later than its time plus the grace loses on time; on a machine \
busy with other work, answers come late: give a larger --grace (in ms) or fewer --concurrency\n";

/// Two players' games against each other, from the first-named player's side.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct Encounter {
    pub a: usize,
    pub b: usize,
    pub wins: u64,
    pub losses: u64,
    pub pairs: Pairs,
    /// Games whose partner is not among the records (a match stopped early, a missing shard).
    pub unpaired: u64,
}

#[derive(Clone, Debug, Default, PartialEq)]
pub struct Report {
    pub names: Vec<String>,
    pub anchor: usize,
    pub games: u64,
    /// `wins[i][j]`: games player `i` won against player `j`.
    pub wins: Vec<Vec<u64>>,
    pub encounters: Vec<Encounter>,
    pub first_mover_wins: u64,
    /// Losses by fault, per player.
    pub faults: Vec<Faults>,
    pub ratings: Vec<Rating>,
    pub sprt: Option<(Sprt, f64, Option<Verdict>)>,
    /// How long each player took to answer, from the times in the records.
    pub times: Vec<Times>,
    /// Games that ended without a winner (`unfinished`): scored for nobody, left out of the
    /// games, the pairs and the ratings, and counted here.
    pub unfinished: u64,
}

/// One player's answering times over the timed moves of a set of records.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Times {
    /// Moves with a time.
    pub moves: u64,
    /// Games with at least one timed move of the player.
    pub games: u64,
    pub total_us: u64,
    pub max_us: u64,
}

impl Times {
    fn add_game(&mut self, us: impl Iterator<Item = u64>) {
        let before = self.moves;
        for t in us {
            self.moves += 1;
            self.total_us += t;
            self.max_us = self.max_us.max(t);
        }
        if self.moves > before {
            self.games += 1;
        }
    }

    /// Mean milliseconds a move (`None` without timed moves).
    pub fn mean_ms(&self) -> Option<f64> {
        (self.moves > 0).then(|| self.total_us as f64 / 1000.0 / self.moves as f64)
    }

    /// Mean seconds a game, over the games in which the player had timed moves.
    pub fn per_game_s(&self) -> Option<f64> {
        (self.games > 0).then(|| self.total_us as f64 / 1e6 / self.games as f64)
    }
}

/// The players of a set of records in the order they first appear (by game number, `A` before
/// `B`): for the records of one match, the order of its command line.
pub fn players_in(records: &[GameRecord]) -> Vec<String> {
    let mut sorted: Vec<&GameRecord> = records.iter().collect();
    sorted.sort_by_key(|g| g.number);
    let mut names: Vec<String> = Vec::new();
    for g in sorted {
        let (a, b) = first_named(g);
        for n in [a, b] {
            if !names.iter().any(|x| x == n) {
                names.push(n.to_string());
            }
        }
    }
    names
}

/// `(A, B)` of a game: `A` is Red in the first game of a pair (odd number) and Blue in the second.
fn first_named(g: &GameRecord) -> (&str, &str) {
    if g.number % 2 == 1 {
        (&g.red, &g.blue)
    } else {
        (&g.blue, &g.red)
    }
}

/// Refuses records of different matches, then games numbered twice (`sorted` by number).
fn one_match_each_number_once(sorted: &[&GameRecord]) -> Result<(), ReportError> {
    if let Some(first) = sorted.first()
        && let Some(g) = sorted.iter().find(|g| g.match_id != first.match_id)
    {
        let id = |g: &GameRecord| g.match_id.as_deref().unwrap_or("no match line").to_string();
        return Err(ReportError::MixedMatches {
            first: first.number,
            other: g.number,
            first_match: id(first),
            other_match: id(g),
        });
    }
    // After the matches: two files of two matches both hold a game 1, and that they are of
    // two matches is the telling fault.
    if let Some(w) = sorted.windows(2).find(|w| w[0].number == w[1].number) {
        return Err(ReportError::Twice(w[0].number));
    }
    Ok(())
}

impl Report {
    /// Builds the report of `records` for the players `names` (the anchor of the ratings is
    /// `anchor`). Counts unfinished games apart (scored for nobody); refuses games numbered twice, games of different
    /// matches, players not named, and two games of one pair that do not mirror each other.
    pub fn build(
        names: Vec<String>,
        records: &[GameRecord],
        anchor: usize,
        sprt: Option<Sprt>,
    ) -> Result<Report, ReportError> {
        let n = names.len();
        if anchor >= n {
            return Err(ReportError::NoAnchor);
        }
        let index = |s: &str| -> Result<usize, ReportError> {
            names
                .iter()
                .position(|x| x == s)
                .ok_or_else(|| ReportError::UnknownPlayer(s.to_string()))
        };
        let mut sorted: Vec<&GameRecord> = records.iter().collect();
        sorted.sort_by_key(|g| g.number);
        one_match_each_number_once(&sorted)?;
        let mut r = Report {
            names: names.clone(),
            anchor,
            wins: vec![vec![0; n]; n],
            faults: vec![Faults::default(); n],
            sprt: None,
            times: vec![Times::default(); n],
            ..Report::default()
        };
        // Per pair: the players and the first game's result, until the partner comes.
        let mut open: BTreeMap<u64, (&GameRecord, bool)> = BTreeMap::new();
        let mut enc: BTreeMap<(usize, usize), Encounter> = BTreeMap::new();
        for g in &sorted {
            let Some(winner) = g.winner else {
                // No winner: scored for nobody. Its partner, if any, stays unpaired.
                r.unfinished += 1;
                continue;
            };
            if g.number == 0 {
                return Err(ReportError::GameZero);
            }
            let (an, bn) = first_named(g);
            let (a, b) = (index(an)?, index(bn)?);
            if a == b {
                return Err(ReportError::PlaysItself {
                    number: g.number,
                    name: an.to_string(),
                });
            }
            let (a_won, e) = r.tally(g, winner, a, b, &mut enc);
            let pair = (g.number - 1) / 2;
            match open.remove(&pair) {
                None => {
                    open.insert(pair, (g, a_won));
                }
                Some((first, first_won)) => {
                    // Setups may differ (engines that choose their own); the dice may not.
                    if first_named(first) != (an, bn) || first.seed != g.seed {
                        return Err(ReportError::NotAPair(first.number, g.number));
                    }
                    e.pairs.add(usize::from(first_won) + usize::from(a_won));
                }
            }
        }
        for (g, _) in open.values() {
            let (an, bn) = first_named(g);
            if let Some(e) = enc.get_mut(&(index(an)?, index(bn)?)) {
                e.unpaired += 1;
            }
        }
        r.encounters = enc.into_values().collect();
        r.ratings = ratings::fit(&r.wins, anchor);
        r.sprt = sprt.map(|t| {
            let pairs = r.encounters.first().map(|e| e.pairs).unwrap_or_default();
            (t, t.llr(&pairs), t.verdict(&pairs))
        });
        Ok(r)
    }

    /// Counts the finished game `g` (won by `winner`, first named `a`, then `b`) in the wins,
    /// times, faults and the pair's encounter; returns whether `a` won.
    fn tally<'e>(
        &mut self,
        g: &GameRecord,
        winner: Color,
        a: usize,
        b: usize,
        enc: &'e mut BTreeMap<(usize, usize), Encounter>,
    ) -> (bool, &'e mut Encounter) {
        let a_color = if g.number % 2 == 1 {
            Color::Red
        } else {
            Color::Blue
        };
        for (who, side) in [(a, a_color), (b, a_color.other())] {
            let timed = g.plies.iter().filter(|p| p.side == side);
            self.times[who].add_game(timed.filter_map(|p| p.us));
        }
        let a_won = winner == a_color;
        let (w, l) = if a_won { (a, b) } else { (b, a) };
        self.games += 1;
        self.wins[w][l] += 1;
        if winner == g.first() {
            self.first_mover_wins += 1;
        }
        self.faults[l].add(g.reason);
        let e = enc.entry((a, b)).or_insert(Encounter {
            a,
            b,
            ..Encounter::default()
        });
        if a_won {
            e.wins += 1;
        } else {
            e.losses += 1;
        }
        (a_won, e)
    }

    fn games_of(&self, i: usize) -> u64 {
        (0..self.names.len())
            .map(|j| self.wins[i][j] + self.wins[j][i])
            .sum()
    }

    fn wins_of(&self, i: usize) -> u64 {
        self.wins[i].iter().sum()
    }

    /// Each player's losses by fault, and the knob that helps when some were on time.
    fn faults_text(&self, out: &mut String) {
        for (p, name) in self.names.iter().enumerate() {
            let parts: Vec<String> = self.faults[p]
                .by_reason()
                .into_iter()
                .filter(|&(_, k)| k > 0)
                .map(|(r, k)| format!("{r} {k}"))
                .collect();
            if !parts.is_empty() {
                let _ = writeln!(out, "{name} lost by fault: {}", parts.join(", "));
            }
        }
        if self.faults.iter().any(|f| f.time > 0) {
            // A loss on time is most often the machine, not the engine: say which knob helps.
            out.push_str(TIME_HINT);
        }
    }

    /// The report as text, as `ewn match` and `ewn stats` print it.
    pub fn text(&self) -> String {
        let mut out = String::new();
        let n = self.games;
        if self.names.len() == 2 && self.encounters.len() <= 1 {
            let e = self.encounters.first().cloned().unwrap_or(Encounter {
                a: 0,
                b: 1,
                ..Encounter::default()
            });
            let _ = writeln!(
                out,
                "Games {n}: {} {} - {} {}",
                self.names[e.a], e.wins, e.losses, self.names[e.b]
            );
            out.push_str(&pair_lines(&e, &self.names[e.a]));
        } else {
            self.tournament_text(&mut out);
        }
        if self.unfinished > 0 {
            let _ = writeln!(
                out,
                "Unfinished {}: no winner, scored for nobody (not in the games, pairs or ratings)",
                self.unfinished
            );
        }
        let _ = writeln!(
            out,
            "First mover won {:.1}% ({} of {n})",
            if n > 0 {
                100.0 * self.first_mover_wins as f64 / n as f64
            } else {
                0.0
            },
            self.first_mover_wins,
        );
        for (t, name) in self.times.iter().zip(&self.names) {
            if let (Some(mean), Some(game)) = (t.mean_ms(), t.per_game_s()) {
                let _ = writeln!(
                    out,
                    "{name} took {mean:.1} ms a move (at most {:.1}), {game:.2} s a game",
                    t.max_us as f64 / 1000.0
                );
            }
        }
        self.faults_text(&mut out);
        if let Some((t, llr, verdict)) = &self.sprt {
            let (lo, hi) = t.bounds();
            let pairs = self.encounters.first().map_or(0, |e| e.pairs.total());
            let first = &self.names[0];
            let verdict = match verdict {
                Some(Verdict::H1) => format!(
                    "H1 accepted after {pairs} pairs: {first} is at least {} Elo stronger",
                    t.elo1
                ),
                Some(Verdict::H0) => format!(
                    "H0 accepted after {pairs} pairs: {first} is not {} Elo stronger",
                    t.elo1
                ),
                None => format!("undecided after {pairs} pairs"),
            };
            let _ = writeln!(
                out,
                "SPRT elo0 {} elo1 {} alpha {} beta {}: LLR {llr:.3} [{lo:.3}, {hi:.3}] {verdict}",
                t.elo0, t.elo1, t.alpha, t.beta
            );
        }
        out
    }

    /// The width of the names column: the longest name, at least six characters.
    fn name_width(&self) -> usize {
        self.names
            .iter()
            .map(|s| s.chars().count())
            .max()
            .unwrap_or(0)
            .max(6)
    }

    /// The players in the order of the ratings table: highest rating first; ratings equal as
    /// printed (players of equal points in a round robin) by name, the order of the live page's
    /// standings. A player without a game yet (a report written while a match runs) comes last:
    /// its rating says nothing.
    fn rank_order(&self) -> Vec<usize> {
        let shown = |i: usize| (self.ratings[i].elo * 10.0).round() as i64;
        let mut order: Vec<usize> = (0..self.names.len()).collect();
        order.sort_by(|&x, &y| {
            (self.games_of(x) == 0)
                .cmp(&(self.games_of(y) == 0))
                .then_with(|| shown(y).cmp(&shown(x)))
                .then_with(|| super::hall::by_name(&self.names[x], &self.names[y]))
        });
        order
    }

    /// The crosstable: the wins and losses of each row's player against each column's, rows
    /// and columns in the order of the ratings (so that the first row and column are the
    /// leader's, as on the live page's standings; they were in the order the players were
    /// named, which put a column numbered 3 beside a player ranked 4).
    pub fn crosstable(&self) -> String {
        let mut out = String::new();
        let width = self.name_width();
        let _ = writeln!(
            out,
            "Crosstable (wins-losses of the row's player against the column's):"
        );
        // Columns as wide as the names, up to a limit; a longer name is cut with an ellipsis,
        // so that a cut name never reads as another player's (mcts:2000 is not mcts:200).
        let cell = self
            .names
            .iter()
            .map(|s| s.chars().count() + 1)
            .max()
            .unwrap_or(0)
            .clamp(9, 17);
        let order = self.rank_order();
        let mut head = format!("  {:<width$}", "");
        for name in order.iter().map(|&i| &self.names[i]) {
            let short: String = if name.chars().count() < cell {
                name.clone()
            } else {
                name.chars().take(cell - 2).chain(['…']).collect()
            };
            let _ = write!(head, "  {short:<cell$}");
        }
        let _ = writeln!(out, "{}", head.trim_end());
        for &i in &order {
            let mut line = format!("  {:<width$}", self.names[i]);
            for &j in &order {
                let c = if i == j {
                    ".".to_string()
                } else if self.wins[i][j] + self.wins[j][i] == 0 {
                    "-".to_string()
                } else {
                    format!("{}-{}", self.wins[i][j], self.wins[j][i])
                };
                let _ = write!(line, "  {c:<cell$}");
            }
            let _ = writeln!(out, "{}", line.trim_end());
        }
        out
    }

    fn tournament_text(&self, out: &mut String) {
        let np = self.names.len();
        let _ = writeln!(out, "Games {}, {np} players", self.games);
        let width = self.name_width();
        let _ = writeln!(
            out,
            "Ratings (Bradley-Terry maximum likelihood of all games, anchor {} = 0):",
            self.names[self.anchor]
        );
        let _ = writeln!(
            out,
            "  {:>2}  {:<width$}  {:>7}  {:>8}  {:>5}  {:>5}",
            "#", "player", "rating", "95%", "games", "score"
        );
        let order = self.rank_order();
        let shown = |i: usize| (self.ratings[i].elo * 10.0).round() as i64;
        // Players whose ratings print the same share a rank ("3" twice, then "5"), as equal
        // points share one in the live page's standings.
        let key = |i: usize| (self.games_of(i) == 0, shown(i));
        let mut rank = 0;
        for (k, &i) in order.iter().enumerate() {
            if k == 0 || key(order[k - 1]) != key(i) {
                rank = k + 1;
            }
            let g = self.games_of(i);
            let margin = if i == self.anchor {
                "anchor".to_string()
            } else {
                format!("±{:.1}", self.ratings[i].margin)
            };
            let _ = writeln!(
                out,
                "  {:>2}  {:<width$}  {:>7}  {:>8}  {:>5}  {:>5}",
                rank,
                self.names[i],
                stats::fmt_elo(self.ratings[i].elo),
                margin,
                g,
                if g > 0 {
                    format!("{:.3}", self.wins_of(i) as f64 / g as f64)
                } else {
                    "-".into()
                }
            );
        }
        out.push_str(&self.crosstable());
        let _ = writeln!(
            out,
            "Encounters (pair statistics, from the first-named player's side):"
        );
        for e in &self.encounters {
            let (a, b) = (&self.names[e.a], &self.names[e.b]);
            let _ = writeln!(out, "  {a} vs {b}: {} - {}", e.wins, e.losses);
            for l in pair_lines(e, a).lines() {
                let _ = writeln!(out, "    {l}");
            }
        }
    }

    /// The report as one JSON object (`--json`), with a newline. Numbers are rounded to four
    /// decimals; infinite Elo values are `null`, with the words of the text report beside them.
    pub fn json(&self) -> String {
        let players = (0..self.names.len()).map(|i| self.player_json(i)).collect();
        let encounters = self
            .encounters
            .iter()
            .map(|e| self.encounter_json(e))
            .collect();
        let sprt = self.sprt.as_ref().map(|(t, llr, v)| {
            let (lo, hi) = t.bounds();
            SprtJson {
                elo0: t.elo0,
                elo1: t.elo1,
                alpha: t.alpha,
                beta: t.beta,
                llr: num(*llr),
                lower: num(lo),
                upper: num(hi),
                verdict: v.map(|v| match v {
                    Verdict::H1 => "H1",
                    Verdict::H0 => "H0",
                }),
            }
        });
        let report = ReportJson {
            games: self.games,
            first_mover_wins: self.first_mover_wins,
            anchor: &self.names[self.anchor],
            players,
            encounters,
            wins: &self.wins,
            sprt,
            unfinished: self.unfinished,
        };
        let mut text = serde_json::to_string(&report).expect("a report always serialises");
        text.push('\n');
        text
    }

    /// Player `i`'s part of [`Report::json`].
    fn player_json(&self, i: usize) -> PlayerJson<'_> {
        let name = &self.names[i];
        let t = self.times[i];
        PlayerJson {
            name,
            games: self.games_of(i),
            wins: self.wins_of(i),
            rating: num(self.ratings[i].elo),
            rating_margin: num(self.ratings[i].margin),
            anchor: i == self.anchor,
            faults: FaultsJson(self.faults[i]),
            time: match (t.mean_ms(), t.per_game_s()) {
                (Some(mean), Some(game)) => Some(TimeJson {
                    moves: t.moves,
                    mean_ms: num(mean),
                    max_ms: num(t.max_us as f64 / 1000.0),
                    per_game_s: num(game),
                }),
                _ => None,
            },
        }
    }

    /// One encounter's part of [`Report::json`].
    fn encounter_json<'a>(&'a self, e: &Encounter) -> EncounterJson<'a> {
        let s = e.pairs.score();
        let el = e.pairs.elo();
        EncounterJson {
            player: &self.names[e.a],
            opponent: &self.names[e.b],
            wins: e.wins,
            losses: e.losses,
            pairs: PairsJson {
                won: e.pairs.n[2],
                split: e.pairs.n[1],
                lost: e.pairs.n[0],
            },
            unpaired_games: e.unpaired,
            score: ScoreJson {
                value: num(s.value),
                low: num(s.low),
                high: num(s.high),
            },
            elo: EloJson {
                value: num(el.value),
                low: num(el.low),
                high: num(el.high),
                text: stats::describe_elo(&el),
            },
        }
    }
}

/// A finite number rounded to four decimals, or `null`.
fn num(x: f64) -> Option<f64> {
    x.is_finite().then(|| (x * 1e4).round() / 1e4)
}

/// The JSON shape of a [`Report`]; fields in the documented order.
#[derive(Serialize)]
struct ReportJson<'a> {
    games: u64,
    first_mover_wins: u64,
    anchor: &'a str,
    players: Vec<PlayerJson<'a>>,
    encounters: Vec<EncounterJson<'a>>,
    wins: &'a [Vec<u64>],
    sprt: Option<SprtJson>,
    /// Games without a winner, scored for nobody (not in `games`).
    unfinished: u64,
}

#[derive(Serialize)]
struct PlayerJson<'a> {
    name: &'a str,
    games: u64,
    wins: u64,
    rating: Option<f64>,
    rating_margin: Option<f64>,
    anchor: bool,
    faults: FaultsJson,
    time: Option<TimeJson>,
}

/// Losses by fault as an object keyed by reason, in the order of `FAULTS`.
struct FaultsJson(Faults);

impl Serialize for FaultsJson {
    fn serialize<S: serde::Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        let mut m = s.serialize_map(Some(FAULTS.len()))?;
        for (r, k) in self.0.by_reason() {
            m.serialize_entry(&r.to_string(), &k)?;
        }
        m.end()
    }
}

#[derive(Serialize)]
struct TimeJson {
    moves: u64,
    mean_ms: Option<f64>,
    max_ms: Option<f64>,
    per_game_s: Option<f64>,
}

#[derive(Serialize)]
struct EncounterJson<'a> {
    player: &'a str,
    opponent: &'a str,
    wins: u64,
    losses: u64,
    pairs: PairsJson,
    unpaired_games: u64,
    score: ScoreJson,
    elo: EloJson,
}

#[derive(Serialize)]
struct PairsJson {
    won: u64,
    split: u64,
    lost: u64,
}

#[derive(Serialize)]
struct ScoreJson {
    value: Option<f64>,
    low: Option<f64>,
    high: Option<f64>,
}

#[derive(Serialize)]
struct EloJson {
    value: Option<f64>,
    low: Option<f64>,
    high: Option<f64>,
    text: String,
}

#[derive(Serialize)]
struct SprtJson {
    elo0: f64,
    elo1: f64,
    alpha: f64,
    beta: f64,
    llr: Option<f64>,
    lower: Option<f64>,
    upper: Option<f64>,
    verdict: Option<&'static str>,
}

/// The pair lines of one encounter, from `a`'s side.
fn pair_lines(e: &Encounter, a: &str) -> String {
    let mut out = String::new();
    let p = &e.pairs;
    let _ = writeln!(
        out,
        "Pairs {}: {a} won {}, split {}, lost {}",
        p.total(),
        p.n[2],
        p.n[1],
        p.n[0]
    );
    if e.unpaired > 0 {
        let _ = writeln!(
            out,
            "{} game(s) without their partner: counted in the games, not in the pairs",
            e.unpaired
        );
    }
    let s = p.score();
    if p.total() == 0 {
        let _ = writeln!(out, "Score: no complete pair yet");
    } else {
        let _ = writeln!(
            out,
            "Score {:.3} [{:.3}, {:.3}] (95%, from the pairs)",
            s.value, s.low, s.high
        );
        let _ = writeln!(out, "Elo {}", stats::describe_elo(&p.elo()));
    }
    out
}

#[cfg(test)]
#[path = "report_tests.rs"]
mod tests;
