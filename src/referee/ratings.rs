//! Ratings of a tournament, fitted from all its games at once.
//!
//! The model is Bradley-Terry on the Elo scale: player `i` beats player `j` with probability
//! `1 / (1 + 10^((r_j - r_i) / 400))`. The ratings are the maximum of the likelihood of every game
//! played, found by Newton's method on the (concave) log-likelihood, then shifted so that the
//! anchor reads 0 (every rating reads as Elo relative to the anchor).
//!
//! A player that won or lost every game would have an infinite maximum-likelihood rating. As in
//! BayesElo, every player, the anchor too, therefore also gets a prior of one imagined win and one
//! imagined loss against an imagined player rated 0; with real games in the tens its pull is a few
//! Elo. The anchor is treated like everyone else in the fit and only moved to 0 afterwards: held
//! at 0 during the fit while the others were pulled towards it, a player that beat the anchor's
//! victims could rank above the anchor that beat it 10-0. The 95% intervals are `± 1.96` standard
//! errors of the difference to the anchor, from the inverse of the observed information (the
//! negated Hessian) at the maximum. Games are treated as independent here: the pair statistics of
//! each encounter are the paired view.

/// One player's fitted rating.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Rating {
    pub elo: f64,
    /// Half-width of the 95% interval; 0 for the anchor.
    pub margin: f64,
}

/// Natural units per Elo point: a rating `r` Elo is `r * SCALE` in the exponent of `e`.
const SCALE: f64 = std::f64::consts::LN_10 / 400.0;

/// Fits ratings for `n` players from `wins[i][j]`, the games `i` won against `j`, relative to
/// player `anchor` (which reads 0).
pub fn fit(wins: &[Vec<u64>], anchor: usize) -> Vec<Rating> {
    let n = wins.len();
    let mut beta = vec![0.0f64; n];
    let p = |a: f64, b: f64| 1.0 / (1.0 + (b - a).exp());
    let mut info = vec![vec![0.0; n]; n];
    for _ in 0..100 {
        let mut grad = vec![0.0; n];
        for row in info.iter_mut() {
            row.iter_mut().for_each(|x| *x = 0.0);
        }
        for i in 0..n {
            // The prior: one win and one loss against a player at 0.
            let q = p(beta[i], 0.0);
            grad[i] += 1.0 - 2.0 * q;
            info[i][i] += 2.0 * q * (1.0 - q);
            for j in 0..n {
                if j == i {
                    continue;
                }
                let games = (wins[i][j] + wins[j][i]) as f64;
                if games == 0.0 {
                    continue;
                }
                let q = p(beta[i], beta[j]);
                grad[i] += wins[i][j] as f64 - games * q;
                let w = games * q * (1.0 - q);
                info[i][i] += w;
                info[i][j] -= w;
            }
        }
        let Some(step) = solve(&info, &grad) else {
            break;
        };
        // Damped: a step of more than about 400 Elo is cut, so a lopsided start cannot overshoot.
        let longest = step.iter().fold(0.0f64, |m, s| m.max(s.abs()));
        let damp = if longest > 2.3 { 2.3 / longest } else { 1.0 };
        for i in 0..n {
            beta[i] += damp * step[i];
        }
        if longest < 1e-10 {
            break;
        }
    }
    let cov = invert(&info);
    let a = anchor.min(n.saturating_sub(1));
    (0..n)
        .map(|i| Rating {
            elo: (beta[i] - beta.get(a).copied().unwrap_or(0.0)) / SCALE,
            margin: if i == a {
                0.0
            } else {
                // The variance of the difference to the anchor.
                cov.as_ref().map_or(f64::INFINITY, |c| {
                    let v = (c[i][i] + c[a][a] - 2.0 * c[i][a]).max(0.0);
                    super::stats::Z95 * v.sqrt() / SCALE
                })
            },
        })
        .collect()
}

/// Solves `m x = b` by Gaussian elimination with partial pivoting; `None` when singular.
fn solve(m: &[Vec<f64>], b: &[f64]) -> Option<Vec<f64>> {
    let n = b.len();
    let mut a: Vec<Vec<f64>> = m
        .iter()
        .zip(b)
        .map(|(row, &y)| {
            let mut r = row.clone();
            r.push(y);
            r
        })
        .collect();
    for col in 0..n {
        let piv = (col..n).max_by(|&x, &y| a[x][col].abs().total_cmp(&a[y][col].abs()))?;
        if a[piv][col].abs() < 1e-12 {
            return None;
        }
        a.swap(col, piv);
        let pivot = a[col].clone();
        for (r, row) in a.iter_mut().enumerate() {
            if r != col {
                let f = row[col] / pivot[col];
                for (x, p) in row[col..].iter_mut().zip(&pivot[col..]) {
                    *x -= f * p;
                }
            }
        }
    }
    Some((0..n).map(|i| a[i][n] / a[i][i]).collect())
}

fn invert(m: &[Vec<f64>]) -> Option<Vec<Vec<f64>>> {
    let n = m.len();
    // Column k of the inverse solves m x = e_k; the information matrix and so its inverse are
    // symmetric, so the columns serve as rows.
    (0..n)
        .map(|k| {
            let e: Vec<f64> = (0..n).map(|i| f64::from(u8::from(i == k))).collect();
            solve(m, &e)
        })
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn two_players_are_symmetric_about_the_prior() {
        // 30 wins and 10 losses: both players carry the prior, so the fit is symmetric, +x and
        // -x, where 31 / 42 is the winner's expected score against the loser plus the prior.
        let wins = vec![vec![0, 10], vec![30, 0]];
        let r = fit(&wins, 0);
        assert_eq!(
            r[0],
            Rating {
                elo: 0.0,
                margin: 0.0
            }
        );
        let s = fit(&wins, 1);
        assert!((r[1].elo + s[0].elo).abs() < 1e-6, "{r:?} {s:?}");
        assert!(r[1].elo > 100.0 && r[1].elo < 400.0, "{r:?}");
        assert!(r[1].margin > 50.0 && r[1].margin < 400.0, "{r:?}");
        assert!((r[1].margin - s[0].margin).abs() < 1e-6, "{r:?} {s:?}");
    }

    #[test]
    fn the_anchor_that_won_everything_ranks_above_the_player_it_beat() {
        // The anchor beat B 10-0; B beat seven others 10-0 each. Pinned at 0 during the fit
        // while the others were pulled towards it, the anchor once ranked below B.
        let n = 9;
        let mut wins = vec![vec![0; n]; n];
        wins[0][1] = 10;
        for w in &mut wins[1][2..] {
            *w = 10;
        }
        let r = fit(&wins, 0);
        assert_eq!(r[0].elo, 0.0);
        assert!(r[1].elo < 0.0, "{r:?}");
        assert!(r[2..].iter().all(|x| x.elo < r[1].elo), "{r:?}");
        // Another anchor changes only where zero is.
        let s = fit(&wins, 4);
        for i in 0..n {
            assert!((r[i].elo - r[4].elo - s[i].elo).abs() < 1e-6, "{r:?} {s:?}");
        }
    }

    #[test]
    fn a_player_that_won_everything_stays_finite_and_the_order_is_kept() {
        // A beat B 10-0 and C 10-0; B beat C 7-3. Anchor C.
        let wins = vec![vec![0, 10, 10], vec![0, 0, 7], vec![0, 3, 0]];
        let r = fit(&wins, 2);
        assert_eq!(r[2].elo, 0.0);
        assert!(r[0].elo.is_finite() && r[0].margin.is_finite());
        assert!(r[0].elo > r[1].elo && r[1].elo > 0.0, "{r:?}");
        // The fit's first-order conditions: for each player, actual wins plus the prior's one
        // equal expected wins, the prior's opponent at the fit's zero (before the shift).
        let p = |a: f64, b: f64| 1.0 / (1.0 + 10f64.powf((b - a) / 400.0));
        let zero = -fit_zero(&r);
        for i in 0..3 {
            let mut expected = 2.0 * p(r[i].elo, zero);
            let mut actual = 1.0;
            for j in 0..3 {
                if j != i {
                    let g = (wins[i][j] + wins[j][i]) as f64;
                    expected += g * p(r[i].elo, r[j].elo);
                    actual += wins[i][j] as f64;
                }
            }
            assert!(
                (expected - actual).abs() < 1e-6,
                "player {i}: {expected} {actual}"
            );
        }
    }

    /// Where the prior's opponent sits on the anchor's scale: the shift that makes the sum of
    /// the prior's first-order terms balance the games', found by bisection.
    fn fit_zero(r: &[Rating]) -> f64 {
        // Summed over all players the games cancel, leaving sum(1 - 2 p(r_i - z)) = 0.
        let f = |z: f64| -> f64 {
            r.iter()
                .map(|x| 1.0 - 2.0 / (1.0 + 10f64.powf(-(x.elo + z) / 400.0)))
                .sum()
        };
        let (mut lo, mut hi) = (-5000.0, 5000.0);
        for _ in 0..200 {
            let mid = (lo + hi) / 2.0;
            if f(mid) > 0.0 { lo = mid } else { hi = mid }
        }
        lo
    }

    #[test]
    fn an_unconnected_player_sits_at_the_prior() {
        let wins = vec![vec![0, 5, 0], vec![5, 0, 0], vec![0, 0, 0]];
        let r = fit(&wins, 0);
        assert!(r[1].elo.abs() < 1e-9 && r[2].elo.abs() < 1e-9, "{r:?}");
    }
}
