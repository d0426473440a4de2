//! Match statistics: the score with its 95% interval, the Elo difference it implies, and the
//! sequential probability ratio test that stops a match once it is decided.
//!
//! EWN has no draws, so every game is a Bernoulli trial of the first player's win with probability
//! `p`. With `w` wins in `n` games the score is `p̂ = w / n`, its standard error is
//! `sqrt(p̂ (1 - p̂) / n)` and the 95% interval is `p̂ ± 1.96 * se` (normal approximation, clipped
//! to [0, 1]). An expected score `p` means an Elo difference `-400 * log10(1 / p - 1)`; the Elo
//! interval is the image of the score interval (the map is increasing).
//!
//! SPRT: `H0: elo = elo0` against `H1: elo = elo1`. Each hypothesis gives a win probability
//! `p_i = 1 / (1 + 10^(-elo_i / 400))`, and after `w` wins and `l` losses the log-likelihood ratio
//! of the binomial model is
//!
//! `LLR = w * ln(p1 / p0) + l * ln((1 - p1) / (1 - p0))`.
//!
//! The test stops accepting H1 when `LLR >= ln((1 - beta) / alpha)` and accepting H0 when
//! `LLR <= ln(beta / (1 - alpha))` (Wald's bounds). Paired games are counted as single games: the
//! pairing only reduces the variance, so the test stays conservative.

/// The score interval: point estimate and 95% bounds.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Interval {
    pub value: f64,
    pub low: f64,
    pub high: f64,
}

pub const Z95: f64 = 1.959_963_984_540_054;

pub fn score(wins: u64, losses: u64) -> Interval {
    let n = (wins + losses) as f64;
    if n == 0.0 {
        return Interval {
            value: 0.5,
            low: 0.0,
            high: 1.0,
        };
    }
    let p = wins as f64 / n;
    let se = (p * (1.0 - p) / n).sqrt();
    Interval {
        value: p,
        low: (p - Z95 * se).max(0.0),
        high: (p + Z95 * se).min(1.0),
    }
}

/// Elo difference for an expected score; infinite at 0 and 1.
pub fn elo(p: f64) -> f64 {
    if p <= 0.0 {
        f64::NEG_INFINITY
    } else if p >= 1.0 {
        f64::INFINITY
    } else {
        -400.0 * (1.0 / p - 1.0).log10()
    }
}

pub fn elo_interval(wins: u64, losses: u64) -> Interval {
    let s = score(wins, losses);
    Interval {
        value: elo(s.value),
        low: elo(s.low),
        high: elo(s.high),
    }
}

/// Expected score for an Elo difference.
pub fn expected_score(elo: f64) -> f64 {
    1.0 / (1.0 + 10f64.powf(-elo / 400.0))
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
    type Err = String;
    /// `elo0,elo1,alpha,beta`, e.g. `0,10,0.05,0.05`.
    fn from_str(s: &str) -> Result<Sprt, String> {
        let v: Vec<f64> = s
            .split(',')
            .map(|x| x.trim().parse::<f64>())
            .collect::<Result<_, _>>()
            .map_err(|e| format!("bad SPRT '{s}': {e}"))?;
        let [elo0, elo1, alpha, beta] = v[..] else {
            return Err(format!("bad SPRT '{s}': expected elo0,elo1,alpha,beta"));
        };
        let t = Sprt {
            elo0,
            elo1,
            alpha,
            beta,
        };
        let ok_prob = |x: f64| x > 0.0 && x < 0.5;
        if elo0.partial_cmp(&elo1) != Some(std::cmp::Ordering::Less)
            || !ok_prob(alpha)
            || !ok_prob(beta)
        {
            return Err(format!(
                "bad SPRT '{s}': need elo0 < elo1 and alpha, beta in (0, 0.5)"
            ));
        }
        Ok(t)
    }
}

impl Sprt {
    pub fn llr(&self, wins: u64, losses: u64) -> f64 {
        let p0 = expected_score(self.elo0);
        let p1 = expected_score(self.elo1);
        wins as f64 * (p1 / p0).ln() + losses as f64 * ((1.0 - p1) / (1.0 - p0)).ln()
    }

    /// Wald's bounds `(lower, upper)`.
    pub fn bounds(&self) -> (f64, f64) {
        (
            (self.beta / (1.0 - self.alpha)).ln(),
            ((1.0 - self.beta) / self.alpha).ln(),
        )
    }

    pub fn verdict(&self, wins: u64, losses: u64) -> Option<Verdict> {
        let llr = self.llr(wins, losses);
        let (lo, hi) = self.bounds();
        if llr >= hi {
            Some(Verdict::H1)
        } else if llr <= lo {
            Some(Verdict::H0)
        } else {
            None
        }
    }
}

/// `+70.4`, `-inf`.
pub fn fmt_elo(e: f64) -> String {
    if e.is_infinite() {
        if e > 0.0 { "+inf" } else { "-inf" }.to_string()
    } else {
        format!("{e:+.1}")
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn close(a: f64, b: f64) -> bool {
        (a - b).abs() < 1e-6
    }

    #[test]
    fn score_interval_by_hand() {
        // 60 of 100: se = sqrt(0.24 / 100) = 0.0489898, half-width 1.959964 * se = 0.0960182.
        let s = score(60, 40);
        assert!(close(s.value, 0.6));
        assert!(close(s.low, 0.6 - 0.096_018_2), "{s:?}");
        assert!(close(s.high, 0.6 + 0.096_018_2), "{s:?}");
        let all = score(10, 0);
        assert_eq!((all.low, all.high), (1.0, 1.0));
    }

    #[test]
    fn elo_by_hand() {
        // 0.6 -> 400 * log10(1.5) = 70.4365; 0.75 -> 400 * log10(3) = 190.8485.
        assert!((elo(0.6) - 70.436_5).abs() < 1e-4);
        assert!((elo(0.75) - 190.848_5).abs() < 1e-4);
        assert!(close(elo(0.5), 0.0));
        assert_eq!(elo(1.0), f64::INFINITY);
        let e = elo_interval(60, 40);
        assert!((e.low - ELO_LOW_60_40).abs() < 1e-3, "{e:?}");
        assert!((e.high - ELO_HIGH_60_40).abs() < 1e-3, "{e:?}");
        assert!(close(expected_score(elo(0.3)), 0.3));
    }

    const ELO_LOW_60_40: f64 = 2.766_873;
    const ELO_HIGH_60_40: f64 = 143.909_233;

    #[test]
    fn sprt_by_hand() {
        let t: Sprt = "0,10,0.05,0.05".parse().unwrap();
        // p0 = 0.5, p1 = 1 / (1 + 10^-0.025) = 0.5143872;
        // LLR(60, 40) = 60 ln(p1 / p0) + 40 ln((1 - p1) / (1 - p0)).
        assert!(
            (t.llr(60, 40) - LLR_60_40).abs() < 1e-6,
            "{}",
            t.llr(60, 40)
        );
        let (lo, hi) = t.bounds();
        // ln(0.05 / 0.95) = -2.944439, ln(0.95 / 0.05) = 2.944439.
        assert!((lo + 2.944_439).abs() < 1e-6 && (hi - 2.944_439).abs() < 1e-6);
        assert_eq!(t.verdict(60, 40), None);
        assert_eq!(t.verdict(600, 400), Some(Verdict::H1));
        assert_eq!(t.verdict(400, 600), Some(Verdict::H0));
        assert!("10,0,0.05,0.05".parse::<Sprt>().is_err());
        assert!("0,10,0.05".parse::<Sprt>().is_err());
        assert!("0,x,0.05,0.05".parse::<Sprt>().is_err());
    }

    const LLR_60_40: f64 = 0.534_230_912;
}
