//! Recorded games against the exact endgame tables (`ewn tables stats`): the network's log-loss,
//! Brier score and calibration on the covered positions, and how often the moves played were
//! exactly best and what the others cost.

use std::fmt::Write as _;

use crate::brain::net;
use crate::brain::search::to_prob;
use crate::brain::tables::Tables;
use crate::brain::tables::verify::best_moves;
use crate::record::GameRecord;
use crate::rules::board::Color;

/// Sums over covered positions (index: cubes on the board; 0 for all).
#[derive(Clone, Copy, Default)]
struct Sums {
    positions: u64,
    log_loss: f64,
    entropy: f64,
    brier: f64,
    choices: u64,
    /// Choices whose moves do not all have the same exact value.
    differ: u64,
    best: u64,
    cost: f64,
    worst: f64,
}

/// Calibration: by the network's value in tenths, (positions, sum of network, sum of exact).
type Bins = [(u64, f64, f64); 10];

/// The text of `tables stats`.
pub fn stats(t: &Tables, games: &[GameRecord]) -> String {
    let (by, bins) = measure(t, games);
    let mut out = String::new();
    let _ = writeln!(
        out,
        "{} games; covered positions before the roll, by cubes on the board:",
        games.len()
    );
    write_sums(&mut out, &by);
    write_calibration(&mut out, &bins);
    out
}

/// The binary entropy of `p`, in nats.
fn entropy(p: f64) -> f64 {
    if p <= 0.0 || p >= 1.0 {
        0.0
    } else {
        -(p * p.ln() + (1.0 - p) * (1.0 - p).ln())
    }
}

/// Every covered position before a roll in `games`: the network's value against the exact one,
/// and the move played against the best, summed by cubes on the board (0: all), and the
/// calibration bins.
fn measure(t: &Tables, games: &[GameRecord]) -> ([Sums; 6], Bins) {
    let mut by = [Sums::default(); 6];
    let mut bins = [(0u64, 0.0f64, 0.0f64); 10];
    for g in games {
        let mut b = g.start_board();
        for p in &g.plies {
            if let Some(exact) = t.probability(&b) {
                let cubes =
                    (b.alive(Color::Red).count_ones() + b.alive(Color::Blue).count_ones()) as usize;
                let q = to_prob(net::evaluate(&b)).clamp(1e-6, 1.0 - 1e-6);
                let moves = best_moves(t, &b, p.die);
                let played = moves.iter().find(|m| m.0 == p.mv).map_or(0.0, |m| m.1);
                let cost = (moves[0].1 - played).max(0.0);
                let bin = ((q * 10.0) as usize).min(9);
                bins[bin].0 += 1;
                bins[bin].1 += q;
                bins[bin].2 += exact;
                for k in [0, cubes] {
                    let s = &mut by[k];
                    s.positions += 1;
                    s.log_loss += -(exact * q.ln() + (1.0 - exact) * (1.0 - q).ln());
                    s.entropy += entropy(exact);
                    s.brier += (q - exact) * (q - exact);
                    if moves.len() > 1 {
                        s.choices += 1;
                        s.differ += u64::from(moves[0].1 - moves[moves.len() - 1].1 > 1e-9);
                        s.best += u64::from(cost < 1e-9);
                        s.cost += cost;
                        s.worst = s.worst.max(cost);
                    }
                }
            }
            b.make(p.mv);
        }
    }
    (by, bins)
}

/// The table of sums by cubes on the board.
fn write_sums(out: &mut String, by: &[Sums; 6]) {
    let _ = writeln!(
        out,
        "{:>5}  {:>9}  {:>8}  {:>8}  {:>8}  {:>8}  {:>7}  {:>6}  {:>8}  {:>9}  {:>8}",
        "cubes",
        "positions",
        "logloss",
        "entropy",
        "excess",
        "brier",
        "choices",
        "differ",
        "best",
        "cost/ch",
        "worst"
    );
    for (k, s) in by.iter().enumerate() {
        if s.positions == 0 {
            continue;
        }
        let n = s.positions as f64;
        let c = s.choices.max(1) as f64;
        let _ = writeln!(
            out,
            "{:>5}  {:>9}  {:>8.5}  {:>8.5}  {:>8.5}  {:>8.5}  {:>7}  {:>6}  {:>8.4}  {:>9.6}  {:>8.4}",
            if k == 0 {
                "all".to_string()
            } else {
                k.to_string()
            },
            s.positions,
            s.log_loss / n,
            s.entropy / n,
            (s.log_loss - s.entropy) / n,
            s.brier / n,
            s.choices,
            s.differ,
            s.best as f64 / c,
            s.cost / c,
            s.worst
        );
    }
}

/// The calibration of the network's value, by tenths.
fn write_calibration(out: &mut String, bins: &Bins) {
    let _ = writeln!(
        out,
        "Calibration: the network's value in tenths, positions, its mean, the exact mean:"
    );
    for (i, (n, q, p)) in bins.iter().enumerate() {
        if *n > 0 {
            let _ = writeln!(
                out,
                "  {:.1}-{:.1}  {:>7}  {:.4}  {:.4}",
                i as f64 / 10.0,
                (i + 1) as f64 / 10.0,
                n,
                q / *n as f64,
                p / *n as f64
            );
        }
    }
}
