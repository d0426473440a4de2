//! Match statistics on pairs: the score with its 95% interval, the Elo difference it implies, and
//! the sequential probability ratio test that stops a match once it is decided.
//!
//! Games come in pairs on the same setups and dice with the colours swapped, so the luck of the
//! dice is shared within a pair and the two games are not independent. The unit of the statistics
//! is therefore the pair (as fastchess does with its pentanomial counts; EWN has no draws, so a
//! pair scores 0, 1 or 2 points and three counts suffice). With `n0`, `n1`, `n2` pairs scoring 0, 1
//! and 2 points out of `N`, a pair's score as a fraction is `x = 0, 1/2, 1`, and
//!
//! - the score is `m = (n1 / 2 + n2) / N`, the same number as wins over games;
//! - the variance of a pair's score is estimated as
//!   `v = (sum_i n_i (x_i - m)^2 + (0 - m)^2 + (1 - m)^2) / (N + 2)`:
//!   the plain pair variance plus one imagined pair lost 0-2 and one won 2-0. Without them ten
//!   wins in ten games, or ten pairs split 1-1, would have variance 0 and a zero-width interval,
//!   a certainty that few pairs cannot give; their weight fades as pairs accumulate;
//! - the 95% interval is `m ± 1.96 * sqrt(v / N)`, clipped to [0, 1];
//! - the Elo difference is `-400 * log10(1 / m - 1)`, its interval the image of the score interval.
//!   At a score of 0 or 1 (or a bound there) the Elo is not finite, and the report says so in words.
//!
//! SPRT: `H0: elo = elo0` against `H1: elo = elo1`, each giving an expected score
//! `m_i = 1 / (1 + 10^(-elo_i / 400))`. Treating the mean pair score as normal with the variance
//! above (the generalised SPRT of fishtest and fastchess), the log-likelihood ratio after `N` pairs
//! is
//!
//! `LLR = N * (m1 - m0) * (2 m - m0 - m1) / (2 v)`,
//!
//! and the test accepts H1 when `LLR >= ln((1 - beta) / alpha)` and H0 when
//! `LLR <= ln(beta / (1 - alpha))` (Wald's bounds).

use super::error::ValueError;

/// A score (or Elo) with its 95% bounds.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Interval {
    pub value: f64,
    pub low: f64,
    pub high: f64,
}

pub const Z95: f64 = 1.959_963_984_540_054;

/// Pair results from the first player's side: `n[k]` pairs in which it scored `k` points.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Pairs {
    pub n: [u64; 3],
}

impl Pairs {
    pub fn new(lost: u64, split: u64, won: u64) -> Pairs {
        Pairs {
            n: [lost, split, won],
        }
    }

    pub fn add(&mut self, points: usize) {
        self.n[points.min(2)] += 1;
    }

    pub fn total(&self) -> u64 {
        self.n.iter().sum()
    }

    /// The score `m` (0.5 before any pair).
    pub fn mean(&self) -> f64 {
        let n = self.total();
        if n == 0 {
            return 0.5;
        }
        (self.n[1] as f64 * 0.5 + self.n[2] as f64) / n as f64
    }

    /// The regularised variance of a pair's score `v` (see the module comment).
    pub fn variance(&self) -> f64 {
        let m = self.mean();
        let observed: f64 = (0..3)
            .map(|k| self.n[k] as f64 * (k as f64 / 2.0 - m).powi(2))
            .sum();
        (observed + m * m + (1.0 - m) * (1.0 - m)) / (self.total() + 2) as f64
    }

    /// The score with its 95% interval; with no pairs, 0.5 in [0, 1].
    pub fn score(&self) -> Interval {
        let n = self.total();
        let m = self.mean();
        if n == 0 {
            return Interval {
                value: m,
                low: 0.0,
                high: 1.0,
            };
        }
        let half = Z95 * (self.variance() / n as f64).sqrt();
        Interval {
            value: m,
            low: (m - half).max(0.0),
            high: (m + half).min(1.0),
        }
    }

    /// The Elo difference and its interval; infinite where the score (or a bound) is 0 or 1.
    pub fn elo(&self) -> Interval {
        let s = self.score();
        Interval {
            value: elo(s.value),
            low: elo(s.low),
            high: elo(s.high),
        }
    }
}

/// Elo difference for an expected score; infinite at 0 and 1.
pub fn elo(p: f64) -> f64 {
    if p <= 0.0 {
        f64::NEG_INFINITY
    } else if p >= 1.0 {
        f64::INFINITY
    } else {
        // `+ 0.0` turns the -0.0 of an even score into 0.0, which prints as `+0.0`.
        -400.0 * (1.0 / p - 1.0).log10() + 0.0
    }
}

/// Expected score for an Elo difference.
pub fn expected_score(elo: f64) -> f64 {
    1.0 / (1.0 + 10f64.powf(-elo / 400.0))
}

/// `+70.4`; callers put infinities in words (see [`describe_elo`]).
pub fn fmt_elo(e: f64) -> String {
    // A value that rounds to zero is written +0.0, never -0.0.
    let e = if (e * 10.0).round() == 0.0 { 0.0 } else { e };
    format!("{e:+.1}")
}

/// The Elo line of a report: numbers where they are finite, words where they are not.
pub fn describe_elo(e: &Interval) -> String {
    let bound = |x: f64, none: &str| {
        if x.is_finite() {
            fmt_elo(x)
        } else {
            none.to_string()
        }
    };
    // A bound on the far side of zero (a few games all won, "at least -4.2") says the games
    // are too few to tell which player is stronger: in words, not left to puzzle over.
    if e.value == f64::INFINITY {
        if e.low.is_finite() {
            format!(
                "not finite: every game won, so no upper bound; at least {} (95%){}",
                fmt_elo(e.low),
                if e.low <= 0.0 {
                    ", too few games to tell it is the stronger"
                } else {
                    ""
                }
            )
        } else {
            "not finite: every game won, so no upper bound; no lower bound yet".to_string()
        }
    } else if e.value == f64::NEG_INFINITY {
        if e.high.is_finite() {
            format!(
                "not finite: every game lost, so no lower bound; at most {} (95%){}",
                fmt_elo(e.high),
                if e.high >= 0.0 {
                    ", too few games to tell it is the weaker"
                } else {
                    ""
                }
            )
        } else {
            "not finite: every game lost, so no lower bound; no upper bound yet".to_string()
        }
    } else {
        format!(
            "{} [{}, {}] (95%)",
            fmt_elo(e.value),
            bound(e.low, "no lower bound"),
            bound(e.high, "no upper bound")
        )
    }
}

/// Pair scores that need not be 0, 1/2 or 1: the luck-adjusted ones of `ewn stats --luck`, from
/// the first player's side, each the mean of its two games' adjusted results (see
/// `protocol/analysis.md`). Kept beside the plain scores of the same pairs, so that the two
/// estimates and their variances compare like for like.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct PairScores {
    /// Per pair: (plain score, adjusted score).
    pub pairs: Vec<(f64, f64)>,
}

impl PairScores {
    pub fn add(&mut self, plain: f64, adjusted: f64) {
        self.pairs.push((plain, adjusted));
    }

    pub fn total(&self) -> u64 {
        self.pairs.len() as u64
    }

    fn column(&self, adjusted: bool) -> impl Iterator<Item = f64> + '_ {
        self.pairs
            .iter()
            .map(move |&(p, a)| if adjusted { a } else { p })
    }

    /// The mean of the plain or the adjusted pair scores (0.5 before any pair).
    pub fn mean(&self, adjusted: bool) -> f64 {
        if self.pairs.is_empty() {
            return 0.5;
        }
        self.column(adjusted).sum::<f64>() / self.pairs.len() as f64
    }

    /// The sample variance of the plain or adjusted pair scores (denominator `N - 1`; 0 with
    /// fewer than two pairs).
    pub fn sample_variance(&self, adjusted: bool) -> f64 {
        let n = self.pairs.len();
        if n < 2 {
            return 0.0;
        }
        let m = self.mean(adjusted);
        self.column(adjusted).map(|x| (x - m).powi(2)).sum::<f64>() / (n - 1) as f64
    }

    /// The variance of an adjusted pair score over the plain one's, both sample variances of
    /// these pairs: the share of the games the adjusted estimate needs for the same interval.
    pub fn variance_ratio(&self) -> f64 {
        let plain = self.sample_variance(false);
        if plain > 0.0 {
            self.sample_variance(true) / plain
        } else {
            f64::NAN
        }
    }

    /// The variance the adjusted interval and SPRT use: the sample variance, or where it is 0
    /// (every adjusted pair score equal, as when the dice have no luck and every pair split) the
    /// plain pairs' regularised variance, so that few pairs never give a certainty.
    pub fn adjusted_variance(&self, plain: &Pairs) -> f64 {
        let v = self.sample_variance(true);
        if v > 0.0 { v } else { plain.variance() }
    }

    /// The adjusted score with its 95% interval, `m ± 1.96 sqrt(v / N)` clipped to [0, 1].
    pub fn adjusted_score(&self, plain: &Pairs) -> Interval {
        let n = self.total();
        let m = self.mean(true);
        if n == 0 {
            return Interval {
                value: m,
                low: 0.0,
                high: 1.0,
            };
        }
        let half = Z95 * (self.adjusted_variance(plain) / n as f64).sqrt();
        Interval {
            value: m,
            low: (m - half).max(0.0),
            high: (m + half).min(1.0),
        }
    }
}

#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Sprt {
    pub elo0: f64,
    pub elo1: f64,
    pub alpha: f64,
    pub beta: f64,
}

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Verdict {
    /// H1 accepted: the first player is at least `elo1` stronger.
    H1,
    /// H0 accepted: the first player is not `elo1` stronger (at most `elo0`).
    H0,
}

impl std::str::FromStr for Sprt {
    type Err = ValueError;
    /// `elo0,elo1,alpha,beta`, e.g. `0,10,0.05,0.05`.
    fn from_str(s: &str) -> Result<Sprt, ValueError> {
        let bad = |why: String| ValueError::Sprt {
            text: s.to_string(),
            why,
        };
        let v: Vec<f64> = s
            .split(',')
            .map(|x| x.trim().parse::<f64>())
            .collect::<Result<_, _>>()
            .map_err(|e| bad(e.to_string()))?;
        let [elo0, elo1, alpha, beta] = v[..] else {
            return Err(bad("expected elo0,elo1,alpha,beta".into()));
        };
        let t = Sprt {
            elo0,
            elo1,
            alpha,
            beta,
        };
        let ok_prob = |x: f64| x > 0.0 && x < 0.5;
        if !elo0.is_finite()
            || !elo1.is_finite()
            || elo0.partial_cmp(&elo1) != Some(std::cmp::Ordering::Less)
            || !ok_prob(alpha)
            || !ok_prob(beta)
        {
            return Err(bad("need elo0 < elo1 and alpha, beta in (0, 0.5)".into()));
        }
        Ok(t)
    }
}

impl Sprt {
    /// The log-likelihood ratio of the pairs so far (0 before any pair).
    pub fn llr(&self, pairs: &Pairs) -> f64 {
        let n = pairs.total();
        if n == 0 {
            return 0.0;
        }
        self.llr_normal(n, pairs.mean(), pairs.variance())
    }

    /// The log-likelihood ratio of `n` pair scores of mean `m` and variance `v`, treating their
    /// mean as normal: the generalised SPRT of the module text, for any pair scores, the
    /// luck-adjusted ones among them (0 when there is no pair or no spread).
    pub fn llr_normal(&self, n: u64, m: f64, v: f64) -> f64 {
        if n == 0 || v <= 0.0 {
            return 0.0;
        }
        let m0 = expected_score(self.elo0);
        let m1 = expected_score(self.elo1);
        n as f64 * (m1 - m0) * (2.0 * m - m0 - m1) / (2.0 * v)
    }

    /// The verdict for a log-likelihood ratio.
    pub fn verdict_of(&self, llr: f64) -> Option<Verdict> {
        let (lo, hi) = self.bounds();
        if llr >= hi {
            Some(Verdict::H1)
        } else if llr <= lo {
            Some(Verdict::H0)
        } else {
            None
        }
    }

    /// Wald's bounds `(lower, upper)`.
    pub fn bounds(&self) -> (f64, f64) {
        (
            (self.beta / (1.0 - self.alpha)).ln(),
            ((1.0 - self.beta) / self.alpha).ln(),
        )
    }

    pub fn verdict(&self, pairs: &Pairs) -> Option<Verdict> {
        self.verdict_of(self.llr(pairs))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn close(a: f64, b: f64) -> bool {
        (a - b).abs() < 1e-6
    }

    #[test]
    fn an_elo_that_rounds_to_zero_has_no_minus_sign() {
        assert_eq!(fmt_elo(-0.0), "+0.0");
        assert_eq!(fmt_elo(-0.04), "+0.0");
        assert_eq!(fmt_elo(-0.05), "-0.1");
        assert_eq!(fmt_elo(12.34), "+12.3");
    }

    #[test]
    fn all_pairs_split_give_exactly_half_with_a_finite_interval() {
        let p = Pairs::new(0, 10, 0);
        let s = p.score();
        assert_eq!(s.value, 0.5);
        // v = (0 + 0.25 + 0.25) / 12; half-width 1.959964 * sqrt(v / 10) = 0.1264911 * 1.959964.
        let half = Z95 * (0.5f64 / 12.0 / 10.0).sqrt();
        assert!(
            close(s.low, 0.5 - half) && close(s.high, 0.5 + half),
            "{s:?}"
        );
        assert!(s.high - s.low > 0.2, "{s:?}");
        let e = p.elo();
        assert_eq!(e.value, 0.0);
        assert!(e.low.is_finite() && e.high.is_finite() && e.low < -50.0 && e.high > 50.0);
        assert!(e.low == -e.high || close(e.low, -e.high));
    }

    #[test]
    fn ten_straight_wins_give_an_interval_that_is_not_zero_width() {
        // 10-0 in games: five pairs won 2-0.
        let p = Pairs::new(0, 0, 5);
        let s = p.score();
        assert_eq!(s.value, 1.0);
        assert_eq!(s.high, 1.0);
        // v = (0 + 1 + 0) / 7; low = 1 - 1.959964 * sqrt(v / 5).
        assert!(
            close(s.low, 1.0 - Z95 * (1.0f64 / 7.0 / 5.0).sqrt()),
            "{s:?}"
        );
        assert!(s.low < 0.7, "{s:?}");
        let e = p.elo();
        assert_eq!(e.value, f64::INFINITY);
        assert!(e.low.is_finite() && e.low > 100.0, "{e:?}");
        let words = describe_elo(&e);
        assert!(words.starts_with("not finite: every game won"), "{words}");
        assert!(!words.contains("inf"), "{words}");
        let lost = describe_elo(&Pairs::new(5, 0, 0).elo());
        assert!(
            lost.starts_with("not finite: every game lost, so no lower bound; at most -"),
            "{lost}"
        );
    }

    #[test]
    fn pair_interval_by_hand() {
        // 20 pairs: 4 lost, 8 split, 8 won. m = (4 + 8) / 20 = 0.6.
        let p = Pairs::new(4, 8, 8);
        assert!(close(p.mean(), 0.6));
        // sum n_i (x_i - m)^2 = 4 * 0.36 + 8 * 0.01 + 8 * 0.16 = 2.8; plus 0.36 + 0.16; / 22.
        let v = (2.8 + 0.36 + 0.16) / 22.0;
        assert!(close(p.variance(), v));
        let s = p.score();
        let half = Z95 * (v / 20.0).sqrt();
        assert!(
            close(s.low, 0.6 - half) && close(s.high, 0.6 + half),
            "{s:?}"
        );
        // Pairs that split often are less noisy than independent games at the same score:
        // the same 24 wins in 40 games as 12 won and 8 lost pairs give a wider interval.
        let noisy = Pairs::new(8, 0, 12).score();
        assert!(noisy.high - noisy.low > s.high - s.low);
        let e = p.elo();
        assert!((e.value - 70.436_5).abs() < 1e-4, "{e:?}");
        assert!(close(e.low, elo(s.low)) && close(e.high, elo(s.high)));
        assert_eq!(
            describe_elo(&e),
            format!("+70.4 [{}, {}] (95%)", fmt_elo(e.low), fmt_elo(e.high))
        );
    }

    #[test]
    fn elo_by_hand() {
        // 0.6 -> 400 * log10(1.5) = 70.4365; 0.75 -> 400 * log10(3) = 190.8485.
        assert!((elo(0.6) - 70.436_5).abs() < 1e-4);
        assert!((elo(0.75) - 190.848_5).abs() < 1e-4);
        assert!(close(elo(0.5), 0.0));
        assert_eq!(elo(1.0), f64::INFINITY);
        assert!(close(expected_score(elo(0.3)), 0.3));
        let none = Pairs::default();
        assert_eq!(
            none.score(),
            Interval {
                value: 0.5,
                low: 0.0,
                high: 1.0
            }
        );
        assert_eq!(
            describe_elo(&none.elo()),
            "+0.0 [no lower bound, no upper bound] (95%)"
        );
    }

    #[test]
    fn sprt_by_hand() {
        let t: Sprt = "0,10,0.05,0.05".parse().unwrap();
        // m0 = 0.5, m1 = 1 / (1 + 10^-0.025) = 0.5143872; 20 pairs (4, 8, 8): m = 0.6,
        // v = 3.32 / 22, LLR = 20 * (m1 - m0) * (1.2 - m0 - m1) / (2 v).
        let p = Pairs::new(4, 8, 8);
        let m1 = expected_score(10.0);
        assert!(close(m1, 0.514_387_2));
        let want = 20.0 * (m1 - 0.5) * (1.2 - 0.5 - m1) / (2.0 * 3.32 / 22.0);
        assert!(close(t.llr(&p), want), "{}", t.llr(&p));
        assert!(close(want, LLR_4_8_8));
        let (lo, hi) = t.bounds();
        // ln(0.05 / 0.95) = -2.944439, ln(0.95 / 0.05) = 2.944439.
        assert!((lo + 2.944_439).abs() < 1e-6 && (hi - 2.944_439).abs() < 1e-6);
        assert_eq!(t.verdict(&p), None);
        assert_eq!(t.verdict(&Pairs::new(80, 160, 160)), Some(Verdict::H1));
        assert_eq!(t.verdict(&Pairs::new(160, 160, 80)), Some(Verdict::H0));
        // All pairs split: a finite ratio, leaning to H0 (the score is below m1's midpoint).
        let split = t.llr(&Pairs::new(0, 50, 0));
        assert!(split.is_finite() && split < 0.0, "{split}");
        assert_eq!(t.llr(&Pairs::default()), 0.0);
        assert!("10,0,0.05,0.05".parse::<Sprt>().is_err());
        assert!("0,10,0.05".parse::<Sprt>().is_err());
        assert!("0,x,0.05,0.05".parse::<Sprt>().is_err());
        assert!("0,inf,0.05,0.05".parse::<Sprt>().is_err());
    }

    #[test]
    fn adjusted_pair_scores_by_hand() {
        // Four pairs from the first player's side: plain 1, 1/2, 1/2, 0; adjusted 0.7, 0.6,
        // 0.5, 0.4 (the luck taken out).
        let mut p = PairScores::default();
        for (plain, adj) in [(1.0, 0.7), (0.5, 0.6), (0.5, 0.5), (0.0, 0.4)] {
            p.add(plain, adj);
        }
        let plain = Pairs::new(1, 2, 1);
        assert!(close(p.mean(false), plain.mean()) && close(p.mean(true), 0.55));
        // Plain: deviations 0.5, 0, 0, -0.5 -> 0.5 / 3. Adjusted: 0.15, 0.05, -0.05, -0.15 ->
        // 0.05 / 3. Their ratio is 0.1.
        assert!(close(p.sample_variance(false), 0.5 / 3.0));
        assert!(close(p.sample_variance(true), 0.05 / 3.0));
        assert!(close(p.variance_ratio(), 0.1));
        let s = p.adjusted_score(&plain);
        let half = Z95 * (0.05f64 / 3.0 / 4.0).sqrt();
        assert!(
            close(s.low, 0.55 - half) && close(s.high, 0.55 + half),
            "{s:?}"
        );
        // The same test as on plain pairs, with the adjusted mean and variance.
        let t: Sprt = "0,10,0.05,0.05".parse().unwrap();
        let m1 = expected_score(10.0);
        let want = 4.0 * (m1 - 0.5) * (1.1 - 0.5 - m1) / (2.0 * 0.05 / 3.0);
        assert!(close(t.llr_normal(4, 0.55, 0.05 / 3.0), want));
        assert_eq!(t.llr_normal(4, 0.55, 0.0), 0.0);
        // No luck and every pair split: no spread to estimate, so the plain regularised
        // variance stands in and the interval is not a point.
        let mut flat = PairScores::default();
        flat.add(0.5, 0.5);
        flat.add(0.5, 0.5);
        let split = Pairs::new(0, 2, 0);
        assert!(close(flat.adjusted_variance(&split), split.variance()));
        let s = flat.adjusted_score(&split);
        assert!(s.high - s.low > 0.1, "{s:?}");
        assert!(flat.variance_ratio().is_nan());
        assert_eq!(
            PairScores::default().adjusted_score(&Pairs::default()).low,
            0.0
        );
    }

    const LLR_4_8_8: f64 = 0.176_957_25;
}
