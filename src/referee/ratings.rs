//! Ratings of a tournament, fitted from all its games at once.
//!
//! The model is Bradley-Terry on the Elo scale: player `i` beats player `j` with probability
//! `1 / (1 + 10^((r_j - r_i) / 400))`. The ratings are the maximum of the likelihood of every game
//! played, with the anchor player held at 0 (so every rating reads as Elo relative to the anchor),
//! found by Newton's method on the (concave) log-likelihood.
//!
//! A player that won or lost every game would have an infinite maximum-likelihood rating. As in
//! BayesElo, each player therefore also gets a prior of one imagined win and one imagined loss
//! against an imagined player rated 0 (as strong as the anchor); with real games in the tens its
//! pull is a few Elo. The 95% intervals are `± 1.96` standard errors from the inverse of the
//! observed information (the negated Hessian) at the maximum, relative to the anchor. Games are
//! treated as independent here: the pair statistics of each encounter are the paired view.

/// One player's fitted rating.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Rating {
    pub elo: f64,
    /// Half-width of the 95% interval; 0 for the anchor.
    pub margin: f64,
}

/// Natural units per Elo point: a rating `r` Elo is `r * SCALE` in the exponent of `e`.
const SCALE: f64 = std::f64::consts::LN_10 / 400.0;

/// Fits ratings for `n` players from `wins[i][j]`, the games `i` won against `j`, with player
/// `anchor` held at 0.
pub fn fit(wins: &[Vec<u64>], anchor: usize) -> Vec<Rating> {
    let n = wins.len();
    let free: Vec<usize> = (0..n).filter(|&i| i != anchor).collect();
    let mut beta = vec![0.0f64; n];
    let p = |a: f64, b: f64| 1.0 / (1.0 + (b - a).exp());
    let mut info = vec![vec![0.0; free.len()]; free.len()];
    for _ in 0..100 {
        let mut grad = vec![0.0; free.len()];
        for row in info.iter_mut() {
            row.iter_mut().for_each(|x| *x = 0.0);
        }
        for (a, &i) in free.iter().enumerate() {
            // The prior: one win and one loss against a player at 0.
            let q = p(beta[i], 0.0);
            grad[a] += 1.0 - 2.0 * q;
            info[a][a] += 2.0 * q * (1.0 - q);
            for j in 0..n {
                if j == i {
                    continue;
                }
                let games = (wins[i][j] + wins[j][i]) as f64;
                if games == 0.0 {
                    continue;
                }
                let q = p(beta[i], beta[j]);
                grad[a] += wins[i][j] as f64 - games * q;
                let w = games * q * (1.0 - q);
                info[a][a] += w;
                if let Some(b) = free.iter().position(|&f| f == j) {
                    info[a][b] -= w;
                }
            }
        }
        let Some(step) = solve(&info, &grad) else {
            break;
        };
        // Damped: a step of more than about 400 Elo is cut, so a lopsided start cannot overshoot.
        let longest = step.iter().fold(0.0f64, |m, s| m.max(s.abs()));
        let damp = if longest > 2.3 { 2.3 / longest } else { 1.0 };
        for (a, &i) in free.iter().enumerate() {
            beta[i] += damp * step[a];
        }
        if longest < 1e-10 {
            break;
        }
    }
    let cov = invert(&info);
    (0..n)
        .map(|i| match free.iter().position(|&f| f == i) {
            Some(a) => Rating {
                elo: beta[i] / SCALE,
                margin: cov.as_ref().map_or(f64::INFINITY, |c| {
                    super::stats::Z95 * c[a][a].sqrt() / SCALE
                }),
            },
            None => Rating {
                elo: 0.0,
                margin: 0.0,
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
    fn two_players_match_the_closed_form() {
        // 30 wins and 10 losses against the anchor: the likelihood with the prior is maximal where
        // 31 / 42 is the expected score, so the rating is -400 log10(42 / 31 - 1).
        let wins = vec![vec![0, 10], vec![30, 0]];
        let r = fit(&wins, 0);
        assert_eq!(
            r[0],
            Rating {
                elo: 0.0,
                margin: 0.0
            }
        );
        let want = -400.0 * (42.0f64 / 31.0 - 1.0).log10();
        assert!((r[1].elo - want).abs() < 1e-6, "{r:?} {want}");
        assert!(r[1].margin > 50.0 && r[1].margin < 300.0, "{r:?}");
    }

    #[test]
    fn a_player_that_won_everything_stays_finite_and_the_order_is_kept() {
        // A beat B 10-0 and C 10-0; B beat C 7-3. Anchor C.
        let wins = vec![vec![0, 10, 10], vec![0, 0, 7], vec![0, 3, 0]];
        let r = fit(&wins, 2);
        assert_eq!(r[2].elo, 0.0);
        assert!(r[0].elo.is_finite() && r[0].margin.is_finite());
        assert!(r[0].elo > r[1].elo && r[1].elo > 0.0, "{r:?}");
        // The fit's first-order conditions: for each free player, actual wins plus the prior's
        // one equal expected wins.
        let p = |a: f64, b: f64| 1.0 / (1.0 + 10f64.powf((b - a) / 400.0));
        for i in 0..2 {
            let mut expected = 2.0 * p(r[i].elo, 0.0);
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

    #[test]
    fn an_unconnected_player_sits_at_the_prior() {
        let wins = vec![vec![0, 5, 0], vec![5, 0, 0], vec![0, 0, 0]];
        let r = fit(&wins, 0);
        assert!(r[1].elo.abs() < 1e-9 && r[2].elo.abs() < 1e-9, "{r:?}");
    }
}
