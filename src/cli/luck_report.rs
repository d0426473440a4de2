//! The luck-adjusted statistics of a two-player match, which `ewn stats --luck` and `ewn match
//! --luck` both print (see `protocol/analysis.md`, "Luck-adjusted match statistics").

use std::collections::BTreeMap;
use std::fmt::Write as _;

use anyhow::{Result, bail};

use crate::app::review::result_of;
use crate::brain::luck::adjusted_result;
use crate::brain::search::Limits;
use crate::record::GameRecord;
use crate::referee::report::Report;
use crate::referee::stats::{PairScores, Pairs, Sprt, Verdict};
use crate::rules::board::Color;

/// The report's JSON object (one line), with the luck report as its `luck` member when there is
/// one.
pub(crate) fn json_with_luck(
    report: &Report,
    luck: Option<&LuckReport>,
) -> Result<String, serde_json::Error> {
    let Some(l) = luck else {
        return Ok(report.json());
    };
    let mut v: serde_json::Value = serde_json::from_str(&report.json())?;
    v["luck"] = l.json();
    Ok(format!("{v}\n"))
}

/// `--luck` of `ewn stats` and `ewn match` is for two players: `have` says whose count `n` is.
pub(crate) fn luck_needs_two(n: usize, have: &str) -> Result<()> {
    if n != 2 {
        bail!("--luck is for a match of two players; {have} {n}");
    }
    Ok(())
}

/// The luck-adjusted statistics of a two-player match.
pub(crate) struct LuckReport {
    /// The first-named player (Red in the odd-numbered games), from whose side the scores are.
    player: String,
    depth: u32,
    plain: Pairs,
    scores: PairScores,
    sprt: Option<Sprt>,
    seconds: f64,
    plies: usize,
    games: usize,
}

/// Values the luck of every game and pairs the adjusted results as the report pairs the plain
/// ones: games `2p + 1` and `2p + 2`, from the side of the player who is Red in the odd one.
/// `ewn stats --luck` and `ewn match --luck` both print this.
pub(crate) fn luck_report(
    games: &[GameRecord],
    report: &Report,
    depth: u32,
    jobs: u64,
) -> Result<LuckReport> {
    let start = std::time::Instant::now();
    let limits = Limits::to_depth(depth);
    let luck = crate::app::review::luck_all(games, &limits, jobs as usize, 16, None)?;
    let mut open: BTreeMap<u64, (f64, f64)> = BTreeMap::new();
    let mut scores = PairScores::default();
    let mut plain = Pairs::default();
    let mut order: Vec<usize> = (0..games.len()).collect();
    order.sort_by_key(|&i| games[i].number);
    for i in order {
        let g = &games[i];
        let a = if g.number % 2 == 1 {
            Color::Red
        } else {
            Color::Blue
        };
        let result = result_of(g, a);
        let adjusted = adjusted_result(&luck[i], a, result);
        let pair = (g.number - 1) / 2;
        match open.remove(&pair) {
            None => {
                open.insert(pair, (result, adjusted));
            }
            Some((r, adj)) => {
                scores.add((r + result) / 2.0, (adj + adjusted) / 2.0);
                plain.add((r + result) as usize);
            }
        }
    }
    // The report checked and built the same pairs, from the same player's side.
    let player = report
        .encounters
        .first()
        .map_or_else(String::new, |e| report.names[e.a].clone());
    Ok(LuckReport {
        player,
        depth,
        plain,
        scores,
        sprt: report.sprt.map(|(t, _, _)| t),
        seconds: start.elapsed().as_secs_f64(),
        plies: games.iter().map(|g| g.plies.len()).sum(),
        games: games.len(),
    })
}

impl LuckReport {
    fn llr(&self) -> Option<(Sprt, f64, Option<Verdict>)> {
        self.sprt.map(|t| {
            let llr = t.llr_normal(
                self.scores.total(),
                self.scores.mean(true),
                self.scores.adjusted_variance(&self.plain),
            );
            (t, llr, t.verdict_of(llr))
        })
    }

    pub(crate) fn text(&self) -> String {
        let mut out = String::new();
        let n = self.scores.total();
        if n == 0 {
            let _ = writeln!(out, "Luck-adjusted score: no complete pair yet");
            return out;
        }
        let s = self.scores.adjusted_score(&self.plain);
        let p = self.plain.score();
        let ratio = self.scores.variance_ratio();
        let _ = writeln!(
            out,
            "Luck-adjusted score {:.3} [{:.3}, {:.3}] (95%, from the pairs, {}'s side; luck by a \
             depth-{} search)",
            s.value, s.low, s.high, self.player, self.depth
        );
        if ratio.is_finite() {
            let _ = writeln!(
                out,
                "Variance ratio {ratio:.3}: a pair's adjusted score varies {ratio:.3} times as \
                 much as its plain score; interval width {:.3} against the plain {:.3}",
                s.high - s.low,
                p.high - p.low
            );
        } else {
            let _ = writeln!(
                out,
                "Variance ratio undefined: every pair's plain score is the same, so the plain \
                 variance is 0; interval width {:.3} against the plain {:.3}",
                s.high - s.low,
                p.high - p.low
            );
        }
        let _ = writeln!(
            out,
            "Luck valued over {} plies of {} games in {:.1} s",
            self.plies, self.games, self.seconds
        );
        if let Some((t, llr, verdict)) = self.llr() {
            let (lo, hi) = t.bounds();
            let v = match verdict {
                Some(Verdict::H1) => "H1 accepted",
                Some(Verdict::H0) => "H0 accepted",
                None => "undecided",
            };
            let _ = writeln!(
                out,
                "SPRT on luck-adjusted pair scores (normal approximation on pair means): \
                 LLR {llr:.2} [{lo:.2}, {hi:.2}], {v}"
            );
        }
        out
    }

    pub(crate) fn json(&self) -> serde_json::Value {
        let s = self.scores.adjusted_score(&self.plain);
        let ratio = self.scores.variance_ratio();
        let mut v = serde_json::json!({
            "player": self.player,
            "depth": self.depth,
            "pairs": self.scores.total(),
            "score": s.value,
            "lower": s.low,
            "upper": s.high,
            "variance_ratio": if ratio.is_finite() { Some(ratio) } else { None },
            "plain_variance": self.scores.sample_variance(false),
            "adjusted_variance": self.scores.sample_variance(true),
        });
        if let Some((_, llr, verdict)) = self.llr() {
            v["sprt"] = serde_json::json!({
                "llr": llr,
                "verdict": verdict.map(|x| match x {
                    Verdict::H1 => "H1",
                    Verdict::H0 => "H0",
                }),
            });
        }
        v
    }
}
