//! Training the learned evaluation: self-play data, a small trainer, and the measurements.
//!
//! - [`datagen`] plays seeded self-play games at a fixed depth (random setups, alternating first
//!   mover) and writes every position before its roll with the game's result for its side to
//!   move: `<position> <result 0|1> <ply>` per line.
//! - [`train`] fits the network of [`crate::brain::net`] to those results by minibatch Adam on the
//!   log-loss, in `f32`, seeded, single-threaded (so a seed gives the same weights), then
//!   quantises it.
//! - [`evalstats`] reports log-loss and Brier score of evaluations and of searches on a data file.

// Index loops over the hidden units keep the layer arithmetic plain and let the compiler
// vectorise it.
#![allow(clippy::needless_range_loop)]

use std::io::{BufRead, Write};

use crate::brain::analysis::analyse_preroll;
use crate::brain::net::{self, Features, HIDDEN, INPUTS, QA, QB, W1_LIMIT, Weights};
use crate::brain::search::{EvalKind, Limits, Searcher, to_prob};
use crate::learn::error::DataError;
use crate::learn::selfplay::{self, Budget};
use crate::rules::board::{Board, Color};
use crate::rules::notation::{parse_fen_parts_in, to_fen};
use crate::rules::rng::{MatchRng, pair_seed};

/// One training position.
#[derive(Clone, Copy, Debug)]
pub struct Sample {
    pub f: Features,
    /// The result for the side to move: 1 won, 0 lost (or a probability).
    pub y: f32,
    pub ply: u16,
}

/// How `datagen` labels a position: by the game's result, or by a mix of the result and a search
/// of the position before its roll (the search value says what the dice left open; the result
/// keeps the labels tied to what happened).
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Labels {
    /// Depth of the labelling search (0: the result alone).
    pub depth: u32,
    /// Weight of the game result in the label; the search value has the rest.
    pub result_weight: f32,
}

impl Default for Labels {
    fn default() -> Self {
        Labels {
            depth: 0,
            result_weight: 1.0,
        }
    }
}

/// Plays `games` self-play games and writes their positions to `out`. Game `g` is fixed by
/// `pair_seed(seed, g)`: setups, first mover and dice. The games are played a chunk at a time and
/// written in order, so the file does not depend on `threads`. Returns the positions written.
#[allow(clippy::too_many_arguments)]
pub fn datagen(
    games: u64,
    depth: u32,
    eval: EvalKind,
    seed: u64,
    threads: usize,
    labels: Labels,
    out: &mut dyn Write,
    progress: &dyn Fn(u64),
) -> Result<u64, DataError> {
    const CHUNK: u64 = 1000;
    let label_limits = Limits::to_depth(labels.depth);
    let mut written = 0;
    let mut start = 0;
    while start < games {
        let texts = selfplay::par_map(CHUNK.min(games - start), threads, 1, |searchers, k| {
            let mut rng = MatchRng::new(pair_seed(seed, start + k));
            let setups = [rng.setup(), rng.setup()];
            let first = if rng.below(2) == 0 {
                Color::Red
            } else {
                Color::Blue
            };
            let dice_seed = rng.next_u64();
            let mut seen: Vec<Board> = Vec::new();
            let r = selfplay::play(
                setups,
                first,
                dice_seed,
                Budget { depth, eval },
                searchers,
                |b| seen.push(b.clone()),
            );
            let mut text = String::new();
            let searcher = &mut searchers[0];
            if labels.depth > 0 {
                // The labelling searches start from an empty table in every game, so that the
                // labels do not depend on which worker played which game before.
                searcher.clear();
                searcher.eval = eval;
            }
            for (ply, b) in seen.iter().enumerate() {
                let result = f32::from(u8::from(b.side_to_move() == r.winner));
                let fen = to_fen(b);
                if labels.depth == 0 {
                    text.push_str(&format!("{fen} {result} {ply}\n"));
                    continue;
                }
                let v = analyse_preroll(searcher, b, &label_limits, &mut |_| {}).value;
                let w = labels.result_weight;
                let y = w * result + (1.0 - w) * to_prob(v) as f32;
                text.push_str(&format!("{fen} {y:.4} {ply}\n"));
            }
            (text, seen.len() as u64)
        });
        for (text, n) in texts {
            out.write_all(text.as_bytes()).map_err(DataError::Write)?;
            written += n;
        }
        start += CHUNK.min(games - start);
        progress(start);
    }
    Ok(written)
}

/// Reads a data file: position (board and side), result, ply per line.
pub fn load(path: &std::path::Path) -> Result<Vec<(Board, f32, u16)>, DataError> {
    let path_buf = || path.to_path_buf();
    let file = std::fs::File::open(path).map_err(|error| DataError::Open {
        path: path_buf(),
        error,
    })?;
    let mut v = Vec::new();
    for (i, line) in std::io::BufReader::new(file).lines().enumerate() {
        let line = line.map_err(|error| DataError::Read {
            path: path_buf(),
            error,
        })?;
        let f: Vec<&str> = line.split_whitespace().collect();
        if f.is_empty() {
            continue;
        }
        let n = i + 1;
        if f.len() != 4 {
            return Err(DataError::Fields {
                path: path_buf(),
                line: n,
            });
        }
        let b = parse_fen_parts_in(crate::rules::variant::Variant::standard(), f[0], f[1])
            .map_err(|error| DataError::Position {
                path: path_buf(),
                line: n,
                error,
            })?;
        if b.is_over() {
            return Err(DataError::Over {
                path: path_buf(),
                line: n,
            });
        }
        let y: f32 = f[2]
            .parse()
            .ok()
            .filter(|y: &f32| (0.0..=1.0).contains(y))
            .ok_or_else(|| DataError::Result {
                path: path_buf(),
                line: n,
                word: f[2].to_string(),
            })?;
        let ply: u16 = f[3].parse().map_err(|_| DataError::Ply {
            path: path_buf(),
            line: n,
            word: f[3].to_string(),
        })?;
        v.push((b, y, ply));
    }
    Ok(v)
}

pub fn samples(data: &[(Board, f32, u16)]) -> Vec<Sample> {
    data.iter()
        .map(|(b, y, ply)| Sample {
            f: net::features(b),
            y: *y,
            ply: *ply,
        })
        .collect()
}

/// The inputs of the position reflected in the a5-e1 diagonal. The reflection maps the game onto
/// itself (a move right becomes a move down, a diagonal stays diagonal, every cube keeps its
/// number and so its faces), so the reflected position has the same value: training on both
/// doubles the data for free.
pub fn mirror_features(f: &Features) -> Features {
    let mut m = *f;
    for i in m.idx[..m.len as usize].iter_mut() {
        *i = net::mirrored_input(*i);
    }
    m
}

/// Adds the reflection of every sample (see [`mirror_features`]) after the originals.
pub fn add_mirrors(samples: &mut Vec<Sample>) {
    let n = samples.len();
    samples.reserve(n);
    for k in 0..n {
        let s = samples[k];
        samples.push(Sample {
            f: mirror_features(&s.f),
            ..s
        });
    }
}

/// The network in floating point, as trained.
#[derive(Clone, Debug)]
pub struct FloatNet {
    pub w1: Vec<[f32; HIDDEN]>,
    pub b1: [f32; HIDDEN],
    pub w2: [f32; HIDDEN],
    pub b2: f32,
}

#[derive(Clone, Copy, Debug)]
pub struct TrainConfig {
    pub epochs: u32,
    pub batch: usize,
    pub lr: f32,
    pub seed: u64,
}

impl Default for TrainConfig {
    fn default() -> Self {
        TrainConfig {
            epochs: 8,
            batch: 256,
            lr: 0.002,
            seed: 1,
        }
    }
}

/// Rational sigmoid, the network's output squashing (also used by the integer evaluation).
#[inline]
fn rsig(z: f32) -> f32 {
    0.5 + z / (2.0 * (1.0 + z.abs()))
}

impl FloatNet {
    pub fn new(seed: u64) -> FloatNet {
        let mut rng = MatchRng::new(seed);
        let mut u = |scale: f32| {
            ((rng.next_u64() >> 11) as f64 / (1u64 << 53) as f64 * 2.0 - 1.0) as f32 * scale
        };
        let mut w1 = vec![[0f32; HIDDEN]; INPUTS];
        for row in w1.iter_mut() {
            for x in row.iter_mut() {
                *x = u(0.3);
            }
        }
        let mut b1 = [0f32; HIDDEN];
        let mut w2 = [0f32; HIDDEN];
        for h in 0..HIDDEN {
            b1[h] = 0.2 + u(0.1);
            w2[h] = u(0.5);
        }
        FloatNet {
            w1,
            b1,
            w2,
            b2: 0.0,
        }
    }

    /// Hidden pre-activations, and the probability after mixing in the immediate wins.
    fn forward(&self, s: &Sample, a: &mut [f32; HIDDEN]) -> (f32, f32) {
        *a = self.b1;
        for &i in s.f.as_slice() {
            let row = &self.w1[i as usize];
            for h in 0..HIDDEN {
                a[h] += row[h];
            }
        }
        let mut z = self.b2;
        for h in 0..HIDDEN {
            z += self.w2[h] * a[h].clamp(0.0, 1.0);
        }
        let n = s.f.now as f32 / 6.0;
        (z, n + (1.0 - n) * rsig(z))
    }

    pub fn predict(&self, s: &Sample) -> f32 {
        let mut a = [0f32; HIDDEN];
        self.forward(s, &mut a).1
    }

    pub fn quantise(&self) -> Weights {
        let q16 = |x: f32, scale: i32, lim: f32| -> i16 {
            (x.clamp(-lim, lim) * scale as f32).round() as i16
        };
        let mut w = Weights {
            w1: [[0; HIDDEN]; INPUTS],
            b1: [0; HIDDEN],
            w2: [0; HIDDEN],
            b2: (self.b2 * (QA * QB) as f32).round() as i32,
        };
        for (i, row) in self.w1.iter().enumerate() {
            for h in 0..HIDDEN {
                w.w1[i][h] = q16(row[h], QA, W1_LIMIT);
            }
        }
        for h in 0..HIDDEN {
            w.b1[h] = q16(self.b1[h], QA, W1_LIMIT);
            w.w2[h] = q16(self.w2[h], QB, 32767.0 / QB as f32);
        }
        w
    }
}

/// Mean log-loss and Brier score of predictions `p` for results `y`.
pub fn scores(pairs: impl Iterator<Item = (f64, f64)>) -> (f64, f64, usize) {
    let (mut ll, mut br, mut n) = (0.0, 0.0, 0usize);
    for (p, y) in pairs {
        let p = p.clamp(1e-6, 1.0 - 1e-6);
        ll -= y * p.ln() + (1.0 - y) * (1.0 - p).ln();
        br += (p - y) * (p - y);
        n += 1;
    }
    let d = n.max(1) as f64;
    (ll / d, br / d, n)
}

/// Where each parameter sits in one flat vector (the gradient's and Adam's): `w1` row by row,
/// then `b1`, `w2` and `b2`.
const OFF_B1: usize = INPUTS * HIDDEN;
const OFF_W2: usize = OFF_B1 + HIDDEN;
const OFF_B2: usize = OFF_W2 + HIDDEN;
const PARAMS: usize = OFF_B2 + 1;

impl FloatNet {
    /// The parameter at place `k` of the flat vector.
    fn param(&mut self, k: usize) -> &mut f32 {
        if k < OFF_B1 {
            &mut self.w1[k / HIDDEN][k % HIDDEN]
        } else if k < OFF_W2 {
            &mut self.b1[k - OFF_B1]
        } else if k < OFF_B2 {
            &mut self.w2[k - OFF_W2]
        } else {
            &mut self.b2
        }
    }

    /// Adds the gradient of one sample's log-loss to `g` (`a`: room for the hidden layer);
    /// returns the sample's log-likelihood (the loss negated).
    fn add_gradient(&self, s: &Sample, a: &mut [f32; HIDDEN], g: &mut [f32]) -> f64 {
        let (z, p) = self.forward(s, a);
        let n = s.f.now as f32 / 6.0;
        let y = s.y;
        let pc = p.clamp(1e-6, 1.0 - 1e-6);
        let likelihood = (y * pc.ln() + (1.0 - y) * (1.0 - pc).ln()) as f64;
        if n >= 1.0 {
            return likelihood;
        }
        // d loss / d z through p = n + (1 - n) * rsig(z).
        let dz = (pc - y) / (pc * (1.0 - pc)) * (1.0 - n) / (2.0 * (1.0 + z.abs()).powi(2));
        g[OFF_B2] += dz;
        for h in 0..HIDDEN {
            let hv = a[h].clamp(0.0, 1.0);
            g[OFF_W2 + h] += dz * hv;
            if a[h] > 0.0 && a[h] < 1.0 {
                let dh = dz * self.w2[h];
                g[OFF_B1 + h] += dh;
                for &i in s.f.as_slice() {
                    g[i as usize * HIDDEN + h] += dh;
                }
            }
        }
        likelihood
    }
}

/// Adam's moment estimates, one of each per parameter, and the steps taken.
struct Adam {
    m: Vec<f32>,
    v: Vec<f32>,
    t: i32,
}

impl Adam {
    const B1: f32 = 0.9;
    const B2: f32 = 0.999;
    const EPS: f32 = 1e-8;

    fn new() -> Adam {
        Adam {
            m: vec![0f32; PARAMS],
            v: vec![0f32; PARAMS],
            t: 0,
        }
    }

    /// One step at rate `lr` along `g`, the gradient summed over a batch of `batch` samples;
    /// the first layer and its biases kept within the range the quantised weights hold.
    fn step(&mut self, net: &mut FloatNet, g: &[f32], batch: usize, lr: f32) {
        self.t += 1;
        let scale = 1.0 / batch as f32;
        let c1 = 1.0 - Adam::B1.powi(self.t);
        let c2 = 1.0 - Adam::B2.powi(self.t);
        for k in 0..PARAMS {
            let gk = g[k] * scale;
            self.m[k] = Adam::B1 * self.m[k] + (1.0 - Adam::B1) * gk;
            self.v[k] = Adam::B2 * self.v[k] + (1.0 - Adam::B2) * gk * gk;
            let step = lr * (self.m[k] / c1) / ((self.v[k] / c2).sqrt() + Adam::EPS);
            let p = net.param(k);
            *p -= step;
            if k < OFF_W2 {
                *p = p.clamp(-W1_LIMIT, W1_LIMIT);
            }
        }
    }
}

/// The learning rate of `epoch`: step decay, the last quarter of the epochs at a tenth.
fn rate(cfg: &TrainConfig, epoch: u32) -> f32 {
    if epoch >= cfg.epochs - cfg.epochs.div_ceil(4) {
        cfg.lr * 0.1
    } else {
        cfg.lr
    }
}

/// Trains on `train` and reports the log-loss on `train`, on `valid` and on `valid` from ply 12 on
/// (where the evaluation matters most) after every epoch through `report`.
pub fn train(
    train: &[Sample],
    valid: &[Sample],
    cfg: &TrainConfig,
    report: &mut dyn FnMut(u32, f64, f64, f64),
) -> FloatNet {
    let mut net = FloatNet::new(cfg.seed);
    let mut order: Vec<u32> = (0..train.len() as u32).collect();
    let mut rng = MatchRng::new(cfg.seed ^ 0x00DD_BA11);
    let mut adam = Adam::new();
    let mut g = vec![0f32; PARAMS];
    let mut a = [0f32; HIDDEN];
    for epoch in 0..cfg.epochs {
        for i in (1..order.len()).rev() {
            let j = rng.below(i as u64 + 1) as usize;
            order.swap(i, j);
        }
        let lr = rate(cfg, epoch);
        let mut train_ll = 0f64;
        for chunk in order.chunks(cfg.batch) {
            g.iter_mut().for_each(|x| *x = 0.0);
            for &k in chunk {
                train_ll -= net.add_gradient(&train[k as usize], &mut a, &mut g);
            }
            adam.step(&mut net, &g, chunk.len(), lr);
        }
        let (vll, _, _) = scores(valid.iter().map(|s| (net.predict(s) as f64, s.y as f64)));
        let late = valid.iter().filter(|s| s.ply >= 12);
        let (vll12, _, _) = scores(late.map(|s| (net.predict(s) as f64, s.y as f64)));
        report(epoch + 1, train_ll / train.len().max(1) as f64, vll, vll12);
    }
    net
}

/// Ply ranges reported by [`evalstats`].
pub const BUCKETS: [(u16, u16, &str); 4] = [
    (0, 11, "plies 0-11"),
    (12, 17, "plies 12-17"),
    (18, u16::MAX, "plies 18+"),
    (12, u16::MAX, "plies 12+"),
];

/// Log-loss and Brier score per ply bucket of the heuristic, the network, and pre-roll searches
/// at `depths` with each evaluation of `kinds`. Returns a table a person reads.
pub fn evalstats(
    data: &[(Board, f32, u16)],
    depths: &[u32],
    kinds: &[EvalKind],
    hash_mb: usize,
) -> String {
    use crate::brain::analysis::analyse_preroll;
    use crate::brain::search::{Limits, to_prob};
    let mut rows: Vec<(String, Vec<f64>)> = vec![
        (
            "heuristic (static)".into(),
            data.iter()
                .map(|(b, _, _)| to_prob(crate::brain::eval::evaluate(b)))
                .collect(),
        ),
        (
            "network (static)".into(),
            data.iter()
                .map(|(b, _, _)| to_prob(net::evaluate(b)))
                .collect(),
        ),
    ];
    let mut searcher = Searcher::new(hash_mb);
    for &kind in kinds {
        searcher.eval = kind;
        for &d in depths {
            let limits = Limits::to_depth(d);
            let v = data
                .iter()
                .map(|(b, _, _)| {
                    searcher.clear();
                    to_prob(analyse_preroll(&mut searcher, b, &limits, &mut |_| {}).value)
                })
                .collect();
            let name = match kind {
                EvalKind::Heuristic => format!("heuristic search depth {d}"),
                EvalKind::Net => format!("network search depth {d}"),
                EvalKind::General => format!("general search depth {d}"),
            };
            rows.push((name, v));
        }
    }
    let mut out = String::from("evaluator");
    for (_, _, name) in BUCKETS {
        out.push_str(&format!(" | {name}: log-loss Brier"));
    }
    out.push('\n');
    for (name, p) in &rows {
        out.push_str(name);
        for (lo, hi, _) in BUCKETS {
            let (ll, br, n) = scores(
                data.iter()
                    .zip(p)
                    .filter(|((_, _, ply), _)| (lo..=hi).contains(ply))
                    .map(|((_, y, _), &p)| (p, *y as f64)),
            );
            out.push_str(&format!(" | {ll:.4} {br:.4} (n {n})"));
        }
        out.push('\n');
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    /// A sample with one own cube on `sq` moved on six faces, no immediate win.
    fn one_cube(sq: usize, y: f32) -> Sample {
        let mut f = Features::default();
        f.idx[0] = (sq * 6 + 5) as u16;
        f.len = 1;
        Sample { f, y, ply: 0 }
    }

    #[test]
    fn trainer_learns_a_known_answer() {
        // Square 0: won 1 time in 5; square 12: won 4 times in 5. The best predictions are the
        // frequencies, 0.2 and 0.8.
        let mut data = Vec::new();
        for k in 0..2000 {
            data.push(one_cube(0, f32::from(k % 5 == 0)));
            data.push(one_cube(12, f32::from(k % 5 != 0)));
        }
        let cfg = TrainConfig {
            epochs: 8,
            batch: 64,
            lr: 0.01,
            seed: 3,
        };
        let mut last = f64::MAX;
        let net = train(&data, &data, &cfg, &mut |_, _, v, _| last = v);
        let p0 = net.predict(&one_cube(0, 0.0));
        let p12 = net.predict(&one_cube(12, 0.0));
        assert!((p0 - 0.2).abs() < 0.03, "{p0}");
        assert!((p12 - 0.8).abs() < 0.03, "{p12}");
        // The entropy of these results is 0.5004 nats; the fit must be close to it.
        assert!(last < 0.505, "{last}");
    }

    /// Up to `max_plies` random moves on random dice from `b`; `None` if the game ended.
    fn random_walk(mut b: Board, max_plies: u64, rng: &mut MatchRng) -> Option<Board> {
        for _ in 0..rng.below(max_plies) {
            if b.is_over() {
                break;
            }
            let ms = b.moves_for_die(rng.die());
            b.make(ms.as_slice()[rng.below(ms.len() as u64) as usize]);
        }
        (!b.is_over()).then_some(b)
    }

    /// The position reflected in the a5-e1 diagonal, square by square.
    #[test]
    fn mirrored_inputs_are_the_inputs_of_the_reflected_position() {
        let mut rng = MatchRng::new(21);
        let mut searcher = Searcher::new(1);
        let limits = Limits::to_depth(3);
        let mut checked = 0;
        for _ in 0..60 {
            let start = Board::from_setups(rng.setup(), rng.setup(), Color::Red);
            let Some(b) = random_walk(start, 24, &mut rng) else {
                continue;
            };
            let t = b.reflected();
            let sorted = |f: Features| {
                let mut v = f.as_slice().to_vec();
                v.sort_unstable();
                (v, f.now)
            };
            let m = mirror_features(&net::features(&b));
            assert_eq!(sorted(m), sorted(net::features(&t)), "{}", to_fen(&b));
            assert_eq!(mirror_features(&m), net::features(&b));
            // The reflection maps the game onto itself: the reflected position has the same
            // value, here by a search with the heuristic evaluation, which knows nothing of it.
            searcher.eval = EvalKind::Heuristic;
            searcher.clear();
            let v = analyse_preroll(&mut searcher, &b, &limits, &mut |_| {}).value;
            searcher.clear();
            let w = analyse_preroll(&mut searcher, &t, &limits, &mut |_| {}).value;
            assert_eq!(v, w, "{}", to_fen(&b));
            checked += 1;
        }
        assert!(checked > 30);
    }

    #[test]
    fn add_mirrors_appends_one_reflection_per_sample() {
        let mut v = vec![one_cube(1, 1.0), one_cube(12, 0.0)];
        add_mirrors(&mut v);
        assert_eq!(v.len(), 4);
        // Square 1 (b5) reflects to 5 (a4); the centre stays.
        assert_eq!(v[2].f.as_slice(), &[(5 * 6 + 5) as u16]);
        assert_eq!((v[2].y, v[3].y), (1.0, 0.0));
        assert_eq!(v[3].f.as_slice(), v[1].f.as_slice());
    }

    #[test]
    fn quantised_net_matches_the_float_net() {
        let net = FloatNet::new(5);
        let q = net.quantise();
        let mut rng = MatchRng::new(9);
        let mut worst = 0f64;
        for _ in 0..200 {
            let Some(b) = random_walk(Board::startpos(), 20, &mut rng) else {
                continue;
            };
            let s = Sample {
                f: net::features(&b),
                y: 0.0,
                ply: 0,
            };
            let pf = net.predict(&s) as f64;
            let pq = crate::brain::search::to_prob(net::evaluate_with(&q, &b));
            worst = worst.max((pf - pq).abs());
        }
        assert!(worst < 0.01, "quantisation changed a value by {worst}");
    }

    #[test]
    fn datagen_is_reproducible_and_independent_of_threads() {
        let mut a = Vec::new();
        let mut b = Vec::new();
        let by_result = Labels::default();
        datagen(6, 1, EvalKind::Heuristic, 4, 1, by_result, &mut a, &|_| {}).unwrap();
        datagen(6, 1, EvalKind::Heuristic, 4, 2, by_result, &mut b, &|_| {}).unwrap();
        assert_eq!(a, b);
        let text = String::from_utf8(a).unwrap();
        let dir = std::env::temp_dir().join(format!("ewn-datagen-{}", std::process::id()));
        std::fs::write(&dir, &text).unwrap();
        let data = load(&dir).unwrap();
        std::fs::remove_file(&dir).ok();
        assert_eq!(data.len(), text.lines().count());
        // Each game's first position is ply 0, and a game's results alternate with the side.
        assert_eq!(data[0].2, 0);
        assert!(
            data.iter()
                .all(|(b, y, _)| !b.is_over() && (*y == 0.0 || *y == 1.0))
        );
        assert_eq!(data[0].1 + data[1].1, 1.0);

        // Labelled by a search too: the same positions, each label the mix of its result and
        // the search value, whatever the threads.
        let mixed = Labels {
            depth: 2,
            result_weight: 0.25,
        };
        let (mut c, mut d) = (Vec::new(), Vec::new());
        datagen(6, 1, EvalKind::Heuristic, 4, 1, mixed, &mut c, &|_| {}).unwrap();
        datagen(6, 1, EvalKind::Heuristic, 4, 2, mixed, &mut d, &|_| {}).unwrap();
        assert_eq!(c, d);
        let text = String::from_utf8(c).unwrap();
        let mut searcher = Searcher::new(1);
        searcher.eval = EvalKind::Heuristic;
        let depth2 = Limits::to_depth(2);
        for ((line, (b, result, _)), k) in text.lines().zip(&data).zip(0..) {
            let f: Vec<&str> = line.split_whitespace().collect();
            assert_eq!(
                parse_fen_parts_in(crate::rules::variant::Variant::standard(), f[0], f[1]).unwrap(),
                *b
            );
            let y: f32 = f[2].parse().unwrap();
            // Searched afresh here (another table), the value may differ in the last units.
            let v = to_prob(analyse_preroll(&mut searcher, b, &depth2, &mut |_| {}).value) as f32;
            let want = 0.25 * result + 0.75 * v;
            assert!((y - want).abs() < 0.01, "line {k}: {y} against {want}");
            assert!((0.0..=1.0).contains(&y));
        }
    }

    #[test]
    fn scores_of_known_predictions() {
        let (ll, br, n) = scores([(0.5, 1.0), (0.5, 0.0)].into_iter());
        assert_eq!(n, 2);
        assert!((ll - std::f64::consts::LN_2).abs() < 1e-12);
        assert!((br - 0.25).abs() < 1e-12);
    }
}
