//! The equilibrium over setups: the first mover chooses a row, the second a column, and the first
//! mover wins with the matrix's chance. A zero-sum game: each side's optimal mixed strategy is a
//! linear program (the first mover maximises the least it gets against any column, the second
//! minimises the most the first gets against any row), solved by `microlp`.

use microlp::{ComparisonOp, OptimizationDirection, Problem};

use super::SolveError;

/// Both sides' optimal mixed setups and the game's value (the first mover's win chance).
#[derive(Clone, Debug, PartialEq)]
pub struct Equilibrium {
    pub value: f64,
    /// The first mover's probability of each setup (rows).
    pub first: Vec<f64>,
    /// The second mover's probability of each setup (columns).
    pub second: Vec<f64>,
}

/// The optimal mix of the rows of `m` for a maximising row player, and its guaranteed value.
fn maximin(m: &[Vec<f64>]) -> Result<(Vec<f64>, f64), SolveError> {
    let rows = m.len();
    let cols = m.first().map_or(0, |r| r.len());
    if rows == 0 || cols == 0 || m.iter().any(|r| r.len() != cols) {
        return Err(SolveError::RaggedMatrix);
    }
    let mut p = Problem::new(OptimizationDirection::Maximize);
    let x: Vec<_> = (0..rows).map(|_| p.add_var(0.0, (0.0, 1.0))).collect();
    let v = p.add_var(1.0, (-1.0, 2.0));
    for j in 0..cols {
        let mut e: Vec<_> = x.iter().zip(m).map(|(&xi, row)| (xi, row[j])).collect();
        e.push((v, -1.0));
        p.add_constraint(e.as_slice(), ComparisonOp::Ge, 0.0);
    }
    let ones: Vec<_> = x.iter().map(|&xi| (xi, 1.0)).collect();
    p.add_constraint(ones.as_slice(), ComparisonOp::Eq, 1.0);
    let sol = p
        .solve()
        .map_err(SolveError::LinearProgram)?
        .into_solution()
        .map_err(|_| SolveError::Interrupted)?;
    let mut probs: Vec<f64> = x.iter().map(|&xi| sol.var_value(xi).max(0.0)).collect();
    let total: f64 = probs.iter().sum();
    if total <= 0.0 {
        return Err(SolveError::NoStrategy);
    }
    for q in &mut probs {
        *q /= total;
        // Below a solver's tolerance a weight is no choice at all.
        if *q < 1e-12 {
            *q = 0.0;
        }
    }
    let total: f64 = probs.iter().sum();
    probs.iter_mut().for_each(|q| *q /= total);
    let value = (0..cols)
        .map(|j| (0..rows).map(|i| probs[i] * m[i][j]).sum::<f64>())
        .fold(f64::INFINITY, f64::min);
    Ok((probs, value))
}

/// The equilibrium of the setup matrix `m` (rows: the first mover's setups).
pub fn equilibrium(m: &[Vec<f64>]) -> Result<Equilibrium, SolveError> {
    let (first, lower) = maximin(m)?;
    // The second mover maximises the first mover's loss: the transposed matrix of 1 - value.
    let cols = m.first().map_or(0, |r| r.len());
    let t: Vec<Vec<f64>> = (0..cols)
        .map(|j| m.iter().map(|row| 1.0 - row[j]).collect())
        .collect();
    let (second, upper) = maximin(&t)?;
    Ok(Equilibrium {
        value: (lower + (1.0 - upper)) / 2.0,
        first,
        second,
    })
}

/// How far a strategy pair is from an equilibrium: the most either side gains by its best pure
/// reply to the other's mix, against the value (0 for an exact equilibrium).
pub fn exploitability(m: &[Vec<f64>], e: &Equilibrium) -> f64 {
    let rows = m.len();
    let cols = m[0].len();
    let best_row = (0..rows)
        .map(|i| (0..cols).map(|j| m[i][j] * e.second[j]).sum::<f64>())
        .fold(f64::NEG_INFINITY, f64::max);
    let best_col = (0..cols)
        .map(|j| (0..rows).map(|i| m[i][j] * e.first[i]).sum::<f64>())
        .fold(f64::INFINITY, f64::min);
    (best_row - e.value).max(e.value - best_col)
}
