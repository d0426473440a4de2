//! Endgame tables: the table equals a plain expectimax to the end of the game written here (no
//! table code), the a5-e1 reflection keeps every value, a one-cube race has its closed-form
//! value, a table file survives a round trip and a damaged or foreign file is refused.

use crate::common;
use crate::common::Rng;

use std::collections::HashMap;

use std::sync::Arc;

use ewn::brain::search::{Limits, Searcher, WIN};
use ewn::brain::tables::{self, Progress, Tables, index::Layout, verify::best_moves};
use ewn::rules::board::{Board, Color, DIST};

/// The three-cube table, solved once for every test of this file.
fn three() -> &'static Tables {
    tables::builtin()
}

/// Expectimax over every face and move to the end of the game, memoised by Zobrist key.
fn expectimax(b: &mut Board, memo: &mut HashMap<u64, f64>) -> f64 {
    if let Some(w) = b.winner() {
        return if w == b.side_to_move() { 1.0 } else { 0.0 };
    }
    if let Some(&v) = memo.get(&b.key()) {
        return v;
    }
    let mut sum = 0.0;
    for face in 1..=6 {
        let mut best = 0.0f64;
        for &m in b.moves_for_die(face).as_slice() {
            let u = b.make(m);
            best = best.max(1.0 - expectimax(b, memo));
            b.unmake(m, u);
        }
        sum += best;
    }
    memo.insert(b.key(), sum / 6.0);
    sum / 6.0
}

/// A random unfinished position with `red` and `blue` cubes of random numbers.
fn random_position(rng: &mut Rng, red: usize, blue: usize, stm: Color) -> Board {
    loop {
        let mut b = Board::empty(stm);
        let mut free: Vec<u8> = (0..25).collect();
        for (c, k) in [(Color::Red, red), (Color::Blue, blue)] {
            let mut numbers: Vec<u8> = (1..=6).collect();
            for _ in 0..k {
                let n = numbers.remove(rng.below(numbers.len() as u64) as usize);
                let s = free.remove(rng.below(free.len() as u64) as usize);
                b.put(s, c, n);
            }
        }
        if b.finish_setup().is_ok() && !b.is_over() {
            return b;
        }
    }
}

#[test]
fn table_equals_expectimax_to_the_end() {
    let t = three();
    let mut rng = Rng(20);
    let mut memo = HashMap::new();
    for i in 0..600 {
        let (red, blue) = [(1, 1), (1, 2), (2, 1)][i % 3];
        let stm = if i % 2 == 0 { Color::Red } else { Color::Blue };
        let mut b = random_position(&mut rng, red, blue, stm);
        let want = expectimax(&mut b, &mut memo);
        let got = t.probability(&b).expect("covered");
        assert!(
            (want - got).abs() < 1e-9,
            "{b:?}: table {got}, expectimax {want}"
        );
        // Certain results are stored exactly, and in the search's units too.
        assert_eq!(want == 0.0, got == 0.0);
        assert_eq!(want == 1.0, got == 1.0);
    }
}

#[test]
fn the_reflection_keeps_every_value() {
    let t = three();
    let mut rng = Rng(21);
    for i in 0..3000 {
        let (red, blue) = [(1, 1), (1, 2), (2, 1)][i % 3];
        let stm = if i % 2 == 0 { Color::Red } else { Color::Blue };
        let b = random_position(&mut rng, red, blue, stm);
        assert_eq!(t.probe(&b), t.probe(&b.reflected()), "{b:?}");
    }
}

/// One cube against one: the dice choose nothing, so the game is a race. Once the cubes have
/// passed each other (the mover's at least as far down and right as the opponent's, in the
/// mover's direction), neither can ever reach the other, and the mover wins exactly when it needs
/// no more moves than the opponent.
#[test]
fn one_cube_races_have_their_closed_form() {
    let t = three();
    let mut checked = 0;
    for stm in [Color::Red, Color::Blue] {
        for us in 0..25u8 {
            for them in 0..25u8 {
                if us == them {
                    continue;
                }
                // Squares in Red's direction for the mover.
                let (u, v) = if stm == Color::Red {
                    (us, them)
                } else {
                    (24 - us, 24 - them)
                };
                let passed = u / 5 >= v / 5 && u % 5 >= v % 5;
                if !passed || u == 24 || v == 0 {
                    continue;
                }
                let mut b = Board::empty(stm);
                b.put(us, stm, 3);
                b.put(them, stm.other(), 5);
                b.finish_setup().unwrap();
                let need_us = DIST[stm.idx()][us as usize];
                let need_them = DIST[stm.other().idx()][them as usize];
                let want = if need_us <= need_them { 1.0 } else { 0.0 };
                assert_eq!(t.probability(&b), Some(want), "{b:?}");
                checked += 1;
            }
        }
    }
    assert!(checked > 100);
}

#[test]
fn uncovered_positions_are_not_probed() {
    let t = three();
    assert_eq!(t.probe(&Board::startpos()), None);
    let mut rng = Rng(22);
    let b = random_position(&mut rng, 2, 2, Color::Red);
    assert!(!t.covers(&b));
    assert_eq!(Layout::new(3).len(), t.values().len());
}

#[test]
fn a_table_file_round_trips_and_damage_is_refused() {
    let path = common::temp_path("tables", &tables::file_name(2));
    let t = tables::build(2, &mut Progress::silent());
    tables::write(&t, &path).unwrap();
    let back = tables::read(&path).unwrap();
    assert_eq!(back.values(), t.values());
    let dir = path.parent().unwrap();
    assert_eq!(tables::load_dir(dir).unwrap().cubes(), 2);

    let good = std::fs::read(&path).unwrap();
    let mut bad = good.clone();
    let last = bad.len() - 1;
    bad[last] ^= 1;
    std::fs::write(&path, &bad).unwrap();
    let e = format!("{:#}", tables::read(&path).err().unwrap());
    assert!(e.contains("bad checksum"), "{e}");

    let mut other = good.clone();
    other[8] = tables::FORMAT_VERSION as u8 + 1;
    std::fs::write(&path, &other).unwrap();
    let e = format!("{:#}", tables::read(&path).err().unwrap());
    assert!(e.contains("format version"), "{e}");

    std::fs::write(&path, &good[..good.len() - 4]).unwrap();
    assert!(tables::read(&path).is_err());
}

#[test]
fn the_command_builds_verifies_and_probes() {
    let dir = common::temp_path("tables-cli", "t");
    let d = dir.to_str().unwrap();
    let out = common::run_ok(&["tables", "build", "--cubes", "3", "--out", d]);
    assert!(out.contains("249000 positions"), "{out}");
    let out = common::run_ok(&["tables", "verify", "--dir", d, "--samples", "60"]);
    assert!(out.contains("60 positions"), "{out}");
    // Red's cube on d2 is one step from e1 and moves on every face.
    let out = common::run_ok(&["tables", "probe", "--dir", d, "5/5/5/3R11/B34 r"]);
    assert!(out.starts_with("wp 1.000000 exact"), "{out}");
    let e = common::run_fails(&["tables", "probe", "--dir", d, "startpos"]);
    assert!(e.contains("not in the 3-cube table"), "{e}");
    let e = common::run_fails(&["tables", "verify", "--dir", "/nonexistent-table-dir"]);
    assert!(e.contains("no table in"), "{e}");
}

#[test]
fn a_covered_root_plays_an_exactly_best_move() {
    let t = Arc::new(tables::build(3, &mut Progress::silent()));
    let mut s = Searcher::new(1);
    s.set_tables(Some(t.clone()));
    let mut rng = Rng(23);
    for i in 0..200 {
        let (red, blue) = [(1, 2), (2, 1), (1, 1)][i % 3];
        let stm = if i % 2 == 0 { Color::Red } else { Color::Blue };
        let b = random_position(&mut rng, red, blue, stm);
        let die = 1 + (i % 6) as u8;
        let r = s.search(&b, die, &Limits::to_depth(5), &mut |_| {});
        assert!(r.table && r.depth == 1);
        let exact = best_moves(&t, &b, die);
        let chosen = exact.iter().find(|(m, _)| *m == r.best).unwrap().1;
        assert_eq!(chosen, exact[0].1, "{b:?} die {die}");
        assert!((r.value as f64 / WIN as f64 - chosen).abs() < 1e-8);
    }
}

#[test]
fn the_built_in_table_is_for_searches_without_depth_or_node_limits() {
    let b = crate::common::standard::parse_fen("5/1R3B22/5/2B42/5 r").unwrap();
    let mut s = Searcher::new(1);
    s.set_builtin_tables(true);
    let r = s.search(&b, 6, &Limits::to_depth(3), &mut |_| {});
    assert!(!r.table && r.depth == 3);
    // A timed search uses it once it is built (it never waits for it: it starts the build).
    tables::builtin();
    let timed = Limits {
        movetime: Some(50),
        ..Limits::default()
    };
    let r = s.search(&b, 6, &timed, &mut |_| {});
    assert!(r.table);
    let exact = best_moves(three(), &b, 6);
    assert_eq!(exact.iter().find(|m| m.0 == r.best).unwrap().1, exact[0].1);
}

#[test]
fn review_counts_exact_losses_where_the_tables_cover() {
    let dir = common::temp_path("tables-review", "t");
    let d = dir.to_str().unwrap();
    common::run_ok(&["tables", "build", "--cubes", "3", "--out", d]);
    let rec = common::temp_path("tables-review", "games.rec");
    let r = rec.to_str().unwrap();
    let games = ["--games", "6", "--seed", "3", "--record", r];
    common::run_ok(
        &[
            &["match", "--engine", "greedy", "--opponent", "random"][..],
            &games,
        ]
        .concat(),
    );
    let args = ["review", r, "--depth", "1", "--summary"];
    let with = common::run_ok(&[&["--tables", d][..], &args].concat());
    assert!(
        with.contains("Exact, in positions the endgame tables cover"),
        "{with}"
    );
    let without = common::run_ok(&args);
    assert!(!without.contains("Exact"), "{without}");
    let stats = common::run_ok(&["tables", "stats", "--dir", d, r]);
    assert!(stats.starts_with("6 games; covered positions"), "{stats}");
    assert!(stats.contains("Calibration"), "{stats}");
    let e = common::run_fails(&["--tables", d, "bench"]);
    assert!(e.contains("--tables is for"), "{e}");
}

#[test]
fn searches_with_tables_are_deterministic_and_stop_at_covered_positions() {
    let t = Arc::new(tables::build(3, &mut Progress::silent()));
    // Five cubes: captures bring the search into the table.
    let b = crate::common::standard::parse_fen("5/1R2B22/5/3R51/B11B32 b").unwrap();
    let run = |tables: Option<Arc<Tables>>| {
        let mut s = Searcher::new(16);
        s.set_tables(tables);
        let r = s.search(&b, 1, &Limits::to_depth(7), &mut |_| {});
        (r.best, r.value, r.nodes)
    };
    let with = run(Some(t.clone()));
    assert_eq!(with, run(Some(t)));
    let without = run(None);
    assert!(with.2 < without.2, "{with:?} {without:?}");
}

#[test]
fn the_one_codec_round_trips_a_value_and_the_table_file_scale() {
    use tables::codec::{FILE_ONE, ONE, UNKNOWN, dequantise, from_file_scale, quantise};
    use tables::codec::{to_file_scale, to_search_value};
    assert_eq!((quantise(0.0), quantise(1.0)), (0, ONE));
    assert_ne!(ONE, UNKNOWN, "the unknown mark is no value");
    assert_eq!((to_search_value(0), to_search_value(ONE)), (0, WIN));
    let mut rng = Rng(40);
    let mut values: Vec<u32> = vec![0, 1, 2, ONE / 2 - 1, ONE / 2, ONE / 2 + 1, ONE - 1, ONE];
    values.extend((0..10_000).map(|_| rng.below(ONE as u64 + 1) as u32));
    for &v in &values {
        // A stored value is its probability, and the probability quantises back to it.
        let p = dequantise(v);
        assert_eq!(quantise(p), v, "{v}");
        // The endgame table file's scale holds every stored value exactly.
        let d = to_file_scale(v);
        assert_eq!(from_file_scale(d), v, "{v} as {d}");
        assert!((d as f64 / FILE_ONE as f64 - p).abs() < 1e-9);
        assert_eq!(d == 0 || d == FILE_ONE, v == 0 || v == ONE, "{v} as {d}");
    }
    for _ in 0..10_000 {
        let p = rng.below(1 << 52) as f64 / (1u64 << 52) as f64;
        let v = quantise(p);
        assert!((dequantise(v) - p).abs() <= 0.5 / ONE as f64 + 1e-15, "{p}");
        assert!(v > 0 || p == 0.0);
    }
    // The built tables hold the codec's values: each value's probability is what it probes.
    let t = three();
    for &v in t.values().iter().step_by(97) {
        assert_eq!(quantise(dequantise(v)), v);
    }
}

/// A table file as a build of format 1 before the one codec wrote it: the header, then each
/// probability times `u32::MAX`, rounded (checksum and layout written here, not by table code).
fn old_table_file(cubes: u32, probabilities: &[f64]) -> Vec<u8> {
    let values: Vec<u32> = probabilities
        .iter()
        .map(|&p| match p {
            p if p <= 0.0 => 0,
            p if p >= 1.0 => u32::MAX,
            p => ((p * u32::MAX as f64).round() as u64).clamp(1, u32::MAX as u64 - 1) as u32,
        })
        .collect();
    let mut h = 0x9e37_79b9_7f4a_7c15u64;
    for &v in &values {
        h = (h ^ v as u64)
            .wrapping_mul(0x0100_0000_01b3)
            .rotate_left(29);
    }
    h ^= values.len() as u64;
    let mut bytes = b"EWNTABLE".to_vec();
    bytes.extend_from_slice(&1u32.to_le_bytes());
    bytes.extend_from_slice(&cubes.to_le_bytes());
    bytes.extend_from_slice(&(values.len() as u64).to_le_bytes());
    bytes.extend_from_slice(&h.to_le_bytes());
    for v in values {
        bytes.extend_from_slice(&v.to_le_bytes());
    }
    bytes
}

#[test]
fn a_table_file_of_the_earlier_writer_reads_and_is_written_the_same() {
    let t = tables::build(2, &mut Progress::silent());
    let probabilities: Vec<f64> = t
        .values()
        .iter()
        .map(|&v| tables::codec::dequantise(v))
        .collect();
    let old = old_table_file(2, &probabilities);
    let path = common::temp_path("tables-old", &tables::file_name(2));
    std::fs::write(&path, &old).unwrap();
    let back = tables::read(&path).unwrap();
    assert_eq!(back.values().len(), t.values().len());
    for (i, (&a, &b)) in back.values().iter().zip(t.values()).enumerate() {
        assert!(a.abs_diff(b) <= 1, "value {i}: {a} read, {b} built");
        assert_eq!(
            a == 0 || a == tables::codec::ONE,
            b == 0 || b == tables::codec::ONE
        );
    }
    // And this build writes the file the earlier one would have: the same bytes.
    tables::write(&t, &path).unwrap();
    assert_eq!(std::fs::read(&path).unwrap(), old);
}
