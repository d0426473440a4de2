//! Solved variants: the solver equals a plain expectimax to the end of the game written here
//! (over every outcome and move, memoised by Zobrist key, no solver code) on the small presets,
//! the equilibrium is an equilibrium (no pure setup of either side gains against the other's
//! mix), the table file keeps its values and refuses a damaged, foreign or other-version file,
//! the search plays from the table, and the one-cube game and the command line say what they
//! must.

use crate::common::{Rng, run_fails, run_ok, temp_path};

use std::collections::HashMap;
use std::sync::{Arc, OnceLock};

use ewn::brain::search::{Limits, Searcher, WIN};
use ewn::brain::solve::{
    self, Progress, Solution, equilibrium, file, nash::exploitability, one_cube::one_cube,
};
use ewn::rules::board::{Board, Color};
use ewn::rules::notation::move_name_in;
use ewn::rules::variant::Variant;

/// Expectimax over every outcome and move to the end of the game, memoised by key.
fn expectimax(b: &mut Board, memo: &mut HashMap<u64, f64>) -> f64 {
    if let Some(w) = b.winner() {
        return if w == b.side_to_move() { 1.0 } else { 0.0 };
    }
    if let Some(&v) = memo.get(&b.key()) {
        return v;
    }
    let v = b.variant();
    let mut sum = 0.0;
    for &(o, w) in &v.outcomes {
        let mut best = 0.0f64;
        for &m in b.moves_for_die(o).as_slice() {
            let u = b.make(m);
            best = best.max(1.0 - expectimax(b, memo));
            b.unmake(m, u);
        }
        sum += w as f64 * best;
    }
    let r = sum / v.total_weight as f64;
    memo.insert(b.key(), r);
    r
}

fn solved(name: &str) -> &'static Solution {
    static S: OnceLock<Vec<(String, &'static Solution)>> = OnceLock::new();
    let all = S.get_or_init(|| {
        ["3x3", "4x4"]
            .iter()
            .map(|n| {
                let v = Variant::preset(n).unwrap();
                let s = solve::solve(v, 1, &Progress { shown: false }).unwrap();
                (n.to_string(), &*Box::leak(Box::new(s)))
            })
            .collect()
    });
    all.iter().find(|(n, _)| n == name).unwrap().1
}

/// Every start position, and positions along random games from them, against the expectimax.
fn check_against_expectimax(name: &str, games: usize, step: usize) {
    let v = Variant::preset(name).unwrap();
    let sol = solved(name);
    let mut memo = HashMap::new();
    let mut rng = Rng(7);
    let all = solve::setups(v);
    let mut checked = 0;
    for first in [Color::Red, Color::Blue] {
        for (i, a) in all.iter().enumerate() {
            for b in all.iter().skip(i % step).step_by(step) {
                let mut p = solve::start_position(v, first, a, b);
                let want = expectimax(&mut p, &mut memo);
                let got = sol.value(&p).unwrap();
                assert!((want - got).abs() < 1e-9, "{name} {p:?}: {got} != {want}");
                checked += 1;
            }
        }
    }
    for g in 0..games {
        let mut p = solve::start_position(
            v,
            Color::Red,
            &all[g % all.len()],
            &all[(g / all.len()) % all.len()],
        );
        while !p.is_over() {
            let want = expectimax(&mut p, &mut memo);
            let got = sol.value(&p).unwrap();
            assert!((want - got).abs() < 1e-9, "{name} {p:?}: {got} != {want}");
            checked += 1;
            let (o, _) = v.outcomes[rng.below(v.outcomes.len() as u64) as usize];
            let moves = p.moves_for_die(o);
            let m = moves.as_slice()[rng.below(moves.len() as u64) as usize];
            p.make(m);
        }
    }
    assert!(checked > 100);
}

#[test]
fn the_3x3_solve_equals_expectimax() {
    check_against_expectimax("3x3", 400, 1);
}

#[test]
fn the_4x4_solve_equals_expectimax() {
    // Every third pair of setups: the expectimax of all of them takes long in a test.
    check_against_expectimax("4x4", 100, 3);
}

#[test]
fn threads_do_not_change_a_single_bit() {
    let v = Variant::preset("3x3").unwrap();
    let two = solve::solve(v, 2, &Progress { shown: false }).unwrap();
    let one = solved("3x3");
    assert_eq!(one.positions, two.positions);
    assert!(
        one.raw()
            .zip(two.raw())
            .all(|(a, b)| a.map(f64::to_bits) == b.map(f64::to_bits))
    );
}

#[test]
fn the_equilibrium_is_an_equilibrium() {
    for name in ["3x3", "4x4"] {
        let v = Variant::preset(name).unwrap();
        let sol = solved(name);
        let m = solve::setup_matrix(v, |b| sol.value(b).unwrap());
        assert_eq!(m.values.len(), 6);
        let e = equilibrium(&m.values).unwrap();
        for probs in [&e.first, &e.second] {
            assert!((probs.iter().sum::<f64>() - 1.0).abs() < 1e-12);
            assert!(probs.iter().all(|&p| p >= 0.0));
        }
        // No pure setup of either side does better against the other's mix.
        for i in 0..6 {
            let row: f64 = (0..6).map(|j| m.values[i][j] * e.second[j]).sum();
            assert!(
                row <= e.value + 1e-9,
                "{name}: first mover's setup {i} gains"
            );
            let col: f64 = (0..6).map(|j| m.values[j][i] * e.first[j]).sum();
            assert!(
                col >= e.value - 1e-9,
                "{name}: second mover's setup {i} gains"
            );
        }
        assert!(exploitability(&m.values, &e) < 1e-9);
        // The value lies between the best pure guarantees of either side.
        let maximin = m
            .values
            .iter()
            .map(|r| r.iter().cloned().fold(f64::INFINITY, f64::min))
            .fold(f64::NEG_INFINITY, f64::max);
        assert!(e.value >= maximin - 1e-9);
    }
}

#[test]
fn matching_pennies_and_a_dominated_row() {
    let e = equilibrium(&[vec![1.0, 0.0], vec![0.0, 1.0]]).unwrap();
    assert!((e.value - 0.5).abs() < 1e-9);
    assert!(e.first.iter().all(|p| (p - 0.5).abs() < 1e-9));
    assert!(e.second.iter().all(|p| (p - 0.5).abs() < 1e-9));
    // Row 1 is dominated; then column 0 is best for the second mover: a pure equilibrium.
    let e = equilibrium(&[vec![0.6, 0.8], vec![0.3, 0.5]]).unwrap();
    assert!((e.value - 0.6).abs() < 1e-9);
    assert!((e.first[0] - 1.0).abs() < 1e-9 && (e.second[0] - 1.0).abs() < 1e-9);
    // A 3x3 game with a fully mixed equilibrium: rock, paper, scissors shifted to [0, 1].
    let r = vec![
        vec![0.5, 0.0, 1.0],
        vec![1.0, 0.5, 0.0],
        vec![0.0, 1.0, 0.5],
    ];
    let e = equilibrium(&r).unwrap();
    assert!((e.value - 0.5).abs() < 1e-9);
    assert!(e.first.iter().all(|p| (p - 1.0 / 3.0).abs() < 1e-9));
}

#[test]
fn the_table_file_round_trips_and_refuses_damage() {
    let v = Variant::preset("3x3").unwrap();
    let sol = solved("3x3");
    let dir = temp_path("solve", "file");
    std::fs::create_dir_all(&dir).unwrap();
    let path = dir.join(file::file_name(v));
    assert!(path.ends_with("ewn-solved-3x3.tbl"));
    file::write(sol, &path).unwrap();
    let t = file::read(v, &path).unwrap();
    let mut rng = Rng(3);
    let all = solve::setups(v);
    for g in 0..100 {
        let mut p = solve::start_position(v, Color::Blue, &all[g % 6], &all[(g / 6) % 6]);
        while !p.is_over() {
            let (a, b) = (sol.value(&p).unwrap(), t.probability(&p).unwrap());
            assert!((a - b).abs() < 1e-9, "{a} {b}");
            let moves = p.moves_for_die(1 + rng.below(3) as u8);
            p.make(moves.as_slice()[rng.below(moves.len() as u64) as usize]);
        }
    }
    // Another variant's board is not covered.
    assert_eq!(t.probe(&Board::startpos()), None);
    let bytes = std::fs::read(&path).unwrap();
    let damaged = dir.join("damaged.tbl");
    let mut d = bytes.clone();
    let last = d.len() - 3;
    d[last] ^= 1;
    std::fs::write(&damaged, &d).unwrap();
    let e = file::read(v, &damaged).unwrap_err().to_string();
    assert!(e.contains("checksum"), "{e}");
    let mut d = bytes.clone();
    d[8] = 99;
    std::fs::write(&damaged, &d).unwrap();
    let e = file::read(v, &damaged).unwrap_err().to_string();
    assert!(e.contains("version 99"), "{e}");
    // A table of the first format (every square for every cube, no mirror) is refused by name.
    d[8] = 1;
    std::fs::write(&damaged, &d).unwrap();
    let e = file::read(v, &damaged).unwrap_err().to_string();
    assert!(
        e.contains("format version 1;") && e.contains("reads version 2") && e.contains("solve"),
        "{e}"
    );
    // A flipped count says what the header claims, not two equal numbers.
    let mut d = bytes.clone();
    d[16] ^= 4;
    std::fs::write(&damaged, &d).unwrap();
    let e = file::read(v, &damaged).unwrap_err().to_string();
    assert!(e.contains("the header says"), "{e}");
    std::fs::write(&damaged, &bytes[..bytes.len() - 4]).unwrap();
    let e = file::read(v, &damaged).unwrap_err().to_string();
    assert!(e.contains("truncated"), "{e}");
    let e = file::read(Variant::preset("4x4").unwrap(), &path)
        .unwrap_err()
        .to_string();
    assert!(e.contains("other rules"), "{e}");
}

#[test]
fn the_search_plays_exactly_best_moves_from_the_table() {
    let v = Variant::preset("4x4").unwrap();
    let sol = solved("4x4");
    let dir = temp_path("solve", "search");
    std::fs::create_dir_all(&dir).unwrap();
    let path = dir.join(file::file_name(v));
    file::write(sol, &path).unwrap();
    let t = Arc::new(file::read(v, &path).unwrap());
    let mut s = Searcher::new(4);
    s.set_solved(Some(t.clone()));
    let mut rng = Rng(11);
    let all = solve::setups(v);
    let mut roots = 0;
    for g in 0..30 {
        let mut p = solve::start_position(v, Color::Red, &all[g % 6], &all[(g / 6) % 6]);
        while !p.is_over() {
            let die = 1 + rng.below(6) as u8;
            let r = s.search(&p, die, &Limits::to_depth(3), &mut |_| {});
            assert!(r.table, "{p:?}: the root is solved");
            // The chosen move's value is the best of all moves' exact values.
            let mut best = 0.0f64;
            for &m in p.moves_for_die(die).as_slice() {
                let mut c = p.clone();
                c.make(m);
                let x = match c.winner() {
                    Some(w) => f64::from(u8::from(w == p.side_to_move())),
                    None => 1.0 - sol.value(&c).unwrap(),
                };
                best = best.max(x);
            }
            let mut c = p.clone();
            c.make(r.best);
            let chosen = match c.winner() {
                Some(w) => f64::from(u8::from(w == p.side_to_move())),
                None => 1.0 - sol.value(&c).unwrap(),
            };
            assert!((chosen - best).abs() < 1e-9, "{p:?} die {die}");
            assert!((r.value as f64 / WIN as f64 - best).abs() < 1e-8);
            roots += 1;
            p.make(r.best);
        }
    }
    assert!(roots > 30);
    // The table of another variant is never consulted.
    let r = s.search(&Board::startpos(), 1, &Limits::to_depth(2), &mut |_| {});
    assert!(!r.table);
    // The equilibrium's draw is one of the equilibrium's setups for each side.
    let e = t.equilibrium().unwrap().clone();
    for (side, probs) in [(Color::Red, &e.first), (Color::Blue, &e.second)] {
        for u in [0.0, 0.3, 0.7, 0.999] {
            let s = t.equilibrium_setup(side, u).unwrap();
            let i = all.iter().position(|x| *x == s).unwrap();
            assert!(probs[i] > 0.0);
        }
    }
}

/// The back-rank rules on small boards, as the documented example file defines them.
fn backrank(name: &str) -> &'static Variant {
    let text = include_str!("../../protocol/variants/backrank-small.toml");
    ewn::rules::variant_file::parse_variants("backrank-small.toml", text)
        .unwrap()
        .into_iter()
        .find(|v| v.name() == name)
        .unwrap()
}

/// An independent model of the 3x3 back-rank game, written from the rules alone (no crate
/// code): cubes 1-3 a side, a three-sided die, Red on a3 b3 c3 (cubes 1, 2, 3) moving down,
/// Blue on a1 b1 c1 moving up, a cube steps straight or diagonally forward, onto an empty square
/// or an enemy cube (taken), never onto its own; the rolled cube alone moves, and when it is
/// gone or blocked the side passes; reaching the far rank or taking the last enemy cube wins.
mod backrank_model {
    use std::collections::HashMap;

    /// `cube[side][n]`: the square (`row * 3 + col`, row 0 the top rank) of cube `n + 1`.
    #[derive(Clone, Copy, PartialEq, Eq, Hash, Debug)]
    pub struct State {
        pub cube: [[Option<u8>; 3]; 2],
        pub stm: usize,
    }

    pub enum Next {
        Won,
        Go(State),
    }

    pub fn start() -> State {
        State {
            cube: [[Some(0), Some(1), Some(2)], [Some(6), Some(7), Some(8)]],
            stm: 0,
        }
    }

    /// The positions the mover may reach after rolling `n` (a pass when there are none).
    pub fn moves(s: &State, n: usize) -> Vec<Next> {
        let me = s.stm;
        let them = 1 - me;
        let Some(from) = s.cube[me][n] else {
            return vec![Next::Go(State { stm: them, ..*s })];
        };
        let (row, col) = ((from / 3) as i32, (from % 3) as i32);
        let dr = if me == 0 { 1 } else { -1 };
        let mut out = Vec::new();
        for dc in [-1, 0, 1] {
            let (r, c) = (row + dr, col + dc);
            if !(0..3).contains(&r) || !(0..3).contains(&c) {
                continue;
            }
            let to = (r * 3 + c) as u8;
            if s.cube[me].contains(&Some(to)) {
                continue;
            }
            let mut t = *s;
            t.cube[me][n] = Some(to);
            for x in t.cube[them].iter_mut() {
                if *x == Some(to) {
                    *x = None;
                }
            }
            let far = if me == 0 { 2 } else { 0 };
            if r == far || t.cube[them].iter().all(|x| x.is_none()) {
                out.push(Next::Won);
            } else {
                t.stm = them;
                out.push(Next::Go(t));
            }
        }
        if out.is_empty() {
            out.push(Next::Go(State { stm: them, ..*s }));
        }
        out
    }

    /// The mover's win chance of every position reachable from the start, by plain synchronous
    /// value iteration from 1/2 until no value moves by more than 1e-15.
    pub fn values() -> HashMap<State, f64> {
        let mut all = vec![start()];
        let mut seen: HashMap<State, usize> = HashMap::from([(start(), 0)]);
        let mut i = 0;
        while i < all.len() {
            let s = all[i];
            for n in 0..3 {
                for m in moves(&s, n) {
                    if let Next::Go(t) = m
                        && let std::collections::hash_map::Entry::Vacant(e) = seen.entry(t)
                    {
                        e.insert(all.len());
                        all.push(t);
                    }
                }
            }
            i += 1;
        }
        let succ: Vec<Vec<Vec<Option<usize>>>> = all
            .iter()
            .map(|s| {
                (0..3)
                    .map(|n| {
                        moves(s, n)
                            .into_iter()
                            .map(|m| match m {
                                Next::Won => None,
                                Next::Go(t) => Some(seen[&t]),
                            })
                            .collect()
                    })
                    .collect()
            })
            .collect();
        let mut v = vec![0.5f64; all.len()];
        for _ in 0..1_000_000 {
            let next: Vec<f64> = succ
                .iter()
                .map(|rolls| {
                    rolls
                        .iter()
                        .map(|ms| {
                            ms.iter()
                                .map(|m| m.map_or(1.0, |j| 1.0 - v[j]))
                                .fold(0.0, f64::max)
                        })
                        .sum::<f64>()
                        / 3.0
                })
                .collect();
            let change = next
                .iter()
                .zip(&v)
                .map(|(a, b)| (a - b).abs())
                .fold(0.0, f64::max);
            v = next;
            if change < 1e-15 {
                break;
            }
        }
        all.into_iter().zip(v).collect()
    }
}

#[test]
fn the_3x3_backrank_solve_agrees_with_an_independent_model() {
    let v = backrank("backrank-3x3");
    assert!(solve::passes(v).is_some());
    let sol = solve::solve(v, 1, &Progress { shown: false }).unwrap();
    assert!(sol.sweeps > 0 && sol.bound <= 1e-12, "{}", sol.bound);
    let model = backrank_model::values();
    // Every position the model reaches from the start, against the solve.
    let name = ["a3", "b3", "c3", "a2", "b2", "c2", "a1", "b1", "c1"];
    for (s, want) in &model {
        let mut text = String::new();
        for (row, names) in name.chunks(3).enumerate() {
            let mut empty = 0;
            for col in 0..3 {
                let sq = (row * 3 + col) as u8;
                let at = (0..2).find_map(|side| {
                    (0..3)
                        .find(|&n| s.cube[side][n] == Some(sq))
                        .map(|n| (side, n + 1))
                });
                match at {
                    None => empty += 1,
                    Some((side, n)) => {
                        if empty > 0 {
                            text.push_str(&empty.to_string());
                            empty = 0;
                        }
                        text.push_str(&format!("{}{n}", ["R", "B"][side]));
                    }
                }
            }
            if empty > 0 {
                text.push_str(&empty.to_string());
            }
            if row < 2 {
                text.push('/');
            }
            let _ = names;
        }
        text.push_str([" r", " b"][s.stm]);
        let b = ewn::rules::notation::parse_fen_in(v, &text).unwrap();
        let got = sol.value(&b).unwrap_or_else(|| panic!("{text} not solved"));
        assert!((got - want).abs() < 1e-9, "{text}: {got} != {want}");
    }
    let want = model[&backrank_model::start()];
    let b = solve::start_position(v, Color::Red, &[1, 2, 3], &[1, 2, 3]);
    let got = sol.value(&b).unwrap();
    assert!((got - want).abs() < 1e-12, "start {got} != {want}");
    assert!(model.len() > 1000, "{} positions", model.len());
}

#[test]
fn a_variant_whose_games_can_go_on_forever_is_refused() {
    // A one-sided die rolls 1, which neither side has: both would pass for ever from the start.
    // The definition itself is refused, before a match or a solve can start (the solver keeps
    // its own check of the graph as a second line).
    let text = "[endless]\nparent = \"backrank\"\nrows = 3\ncols = 3\ncubes = [2, 3]\n\
                dice = \"d1\"\nstart = [\"a3\", \"b3\"]\nstart_blue = [\"a1\", \"b1\"]\n";
    let Err(e) = ewn::rules::variant_file::parse_variants("endless.toml", text) else {
        panic!("an endless variant is accepted");
    };
    assert!(e.to_string().contains("could never move"), "{e}");
}

#[test]
fn the_search_plays_exactly_best_moves_in_a_backrank_game() {
    let v = backrank("backrank-4x3");
    let sol = solve::solve(v, 1, &Progress { shown: false }).unwrap();
    let t = Arc::new(solve::Solved::from_solution(sol));
    let mut s = Searcher::new(4);
    s.set_solved(Some(t.clone()));
    let mut rng = Rng(11);
    let mut roots = 0;
    let mut passes = 0;
    for _ in 0..20 {
        let mut p = Board::startpos_in(v);
        while !p.is_over() {
            let die = 1 + rng.below(3) as u8;
            let r = s.search(&p, die, &Limits::to_depth(3), &mut |_| {});
            assert!(r.table, "{p:?}: the root is solved");
            let value = |m| {
                let mut c = p.clone();
                c.make(m);
                match c.winner() {
                    Some(w) => f64::from(u8::from(w == p.side_to_move())),
                    None => 1.0 - t.probability(&c).unwrap(),
                }
            };
            let moves = p.moves_for_die(die);
            let best = moves
                .as_slice()
                .iter()
                .map(|&m| value(m))
                .fold(0.0, f64::max);
            assert!((value(r.best) - best).abs() < 1e-8, "{p:?} die {die}");
            assert!((r.value as f64 / WIN as f64 - best).abs() < 1e-8);
            roots += 1;
            passes += usize::from(r.best == ewn::rules::board::Move::PASS);
            // A random move now and then, so that the games wander off the best lines.
            let m = if rng.below(3) == 0 {
                moves.as_slice()[rng.below(moves.len() as u64) as usize]
            } else {
                r.best
            };
            p.make(m);
        }
    }
    assert!(roots > 100 && passes > 0, "{roots} roots, {passes} passes");
}

#[test]
fn one_cube_games_are_the_same_on_a_board_and_its_transpose() {
    // 2x2: the first mover takes the other cube on the goal at once.
    assert_eq!(
        one_cube(2, 2).unwrap(),
        solve::one_cube::OneCube {
            rows: 2,
            cols: 2,
            first_wins: true,
            plies: 1
        }
    );
    for r in 2..=6 {
        for c in 2..=6 {
            let (a, b) = (one_cube(r, c).unwrap(), one_cube(c, r).unwrap());
            assert_eq!((a.first_wins, a.plies), (b.first_wins, b.plies), "{r}x{c}");
            // Nobody needs more plies than both cubes' full walks.
            assert!(a.plies <= 2 * (r as u32 + c as u32));
        }
    }
}

#[test]
fn the_command_line_solves_small_presets_and_refuses_large_ones() {
    let out = run_ok(&["solve", "--variant", "3x3", "--json"]);
    let j: serde_json::Value = serde_json::from_str(out.trim()).unwrap();
    let v = Variant::preset("3x3").unwrap();
    let start = solve::start_position(v, Color::Red, &[1, 2, 3], &[1, 2, 3]);
    let want = solved("3x3").value(&start).unwrap();
    assert!((j["start_value"].as_f64().unwrap() - want).abs() < 1e-12);
    assert_eq!(j["matrix"].as_array().unwrap().len(), 6);
    assert!(j["equilibrium"]["exploitability"].as_f64().unwrap() < 1e-9);
    let text = run_ok(&["solve", "--variant", "3x3"]);
    assert!(text.contains("start value 0."), "{text}");
    assert!(text.contains("equilibrium setups of red"), "{text}");
    let err = run_fails(&["solve", "--variant", "4x4-6"]);
    assert!(
        err.contains("will not fit") && err.contains("positions"),
        "{err}"
    );
    let err = run_fails(&["solve", "--variant", "backrank"]);
    assert!(err.contains("will not fit"), "{err}");
    let one = run_ok(&["solve", "--one-cube"]);
    assert_eq!(one.lines().count(), 9, "{one}");
}

#[test]
fn the_engine_loads_a_solved_table_and_plays_from_it() {
    use crate::common::Engine;
    let dir = temp_path("solve", "engine");
    std::fs::create_dir_all(&dir).unwrap();
    let d = dir.to_str().unwrap();
    run_ok(&["solve", "--variant", "3x3", "--out", d]);
    let v = Variant::preset("3x3").unwrap();
    let t = file::read(v, &dir.join(file::file_name(v))).unwrap();
    let e = t.equilibrium().unwrap().clone();
    let all = solve::setups(v);
    let check_setup = |line: &str, probs: &[f64]| {
        let s = line.strip_prefix("bestmove ").unwrap();
        let s: Vec<u8> = s.bytes().map(|c| c - b'0').collect();
        let i = all.iter().position(|x| *x == s).unwrap();
        assert!(probs[i] > 0.0, "{line} is not an equilibrium setup");
    };
    // On the command line.
    let mut eng = Engine::start(&["--variant", "3x3", "--tables", d]);
    eng.send("position startpos");
    eng.send("go die 2 depth 5");
    let out = eng.until("bestmove");
    assert!(
        out.iter()
            .any(|l| l.starts_with("info") && l.contains(" exact")),
        "{out:?}"
    );
    let p = Board::startpos_in(v);
    let best = p
        .moves_for_die(2)
        .as_slice()
        .iter()
        .map(|&m| {
            let mut c = p.clone();
            c.make(m);
            (move_name_in(v, m), 1.0 - t.probability(&c).unwrap_or(0.0))
        })
        .fold((String::new(), -1.0), |a, b| if b.1 > a.1 { b } else { a });
    let played = out
        .last()
        .unwrap()
        .strip_prefix("bestmove ")
        .unwrap()
        .to_string();
    let mut c = p.clone();
    let m = p
        .moves_for_die(2)
        .as_slice()
        .iter()
        .copied()
        .find(|&m| move_name_in(v, m) == played)
        .unwrap();
    c.make(m);
    assert!(
        (1.0 - t.probability(&c).unwrap() - best.1).abs() < 1e-9,
        "{played} {best:?}"
    );
    eng.send("go setup");
    check_setup(&eng.until("bestmove").pop().unwrap(), &e.first);
    eng.send("position startpos moves a2b1");
    eng.send("go setup");
    check_setup(&eng.until("bestmove").pop().unwrap(), &e.second);
    drop(eng);
    // By the options, following the variant (the table directory given before the variant).
    let mut eng = Engine::start(&[]);
    eng.send(&format!("setoption name TablePath value {d}"));
    eng.send("setoption name UCI_Variant value 3x3");
    eng.send("position startpos");
    eng.send("go die 1 depth 3");
    let out = eng.until("bestmove");
    assert!(out.iter().any(|l| l.contains(" exact")), "{out:?}");
    eng.send("setoption name UCI_Variant value 4x4");
    eng.send("position startpos");
    eng.send("go die 1 depth 2");
    let out = eng.until("bestmove");
    assert!(
        !out.iter().any(|l| l.contains(" exact")),
        "no 4x4 table: {out:?}"
    );
    eng.send("setoption name TablePath value /nonexistent/dir");
    eng.send("isready");
    let out = eng.until("readyok");
    assert!(out[0].starts_with("error TablePath"), "{out:?}");
}

#[test]
fn the_command_line_solves_a_backrank_board_and_gives_exact_losses() {
    let defs = concat!(
        env!("CARGO_MANIFEST_DIR"),
        "/protocol/variants/backrank-small.toml"
    );
    let rec = temp_path("solve", "backrank-games.txt");
    let rec = rec.to_str().unwrap();
    let base = ["--variants", defs, "--variant", "backrank-3x3"];
    let mut args = base.to_vec();
    args.extend([
        "match",
        "--engine",
        "greedy",
        "--opponent",
        "random",
        "--games",
        "6",
        "--seed",
        "3",
        "--record",
        rec,
    ]);
    run_ok(&args);
    let mut args = base.to_vec();
    args.extend(["solve", "--json", "--loss", rec]);
    let j: serde_json::Value = serde_json::from_str(run_ok(&args).trim()).unwrap();
    assert!(j["sweeps"].as_u64().unwrap() > 0);
    assert!(j["error_bound"].as_f64().unwrap() <= 1e-12);
    let model = backrank_model::values()[&backrank_model::start()];
    assert!((j["start_value"].as_f64().unwrap() - model).abs() < 1e-12);
    let loss = j["loss"].as_array().unwrap();
    assert_eq!(loss.len(), 2, "{loss:?}");
    for p in loss {
        assert_eq!(p["games"], 6, "{p}");
        let lost = p["lost"].as_f64().unwrap();
        assert!((0.0..=6.0).contains(&lost), "{p}");
        assert!(p["inferior"].as_u64().unwrap() <= p["choices"].as_u64().unwrap());
    }
    let mut args = base.to_vec();
    args.extend(["solve", "--loss", rec]);
    let text = run_ok(&args);
    assert!(
        text.contains("value iteration") && text.contains("exact loss"),
        "{text}"
    );
    // The same record against another variant: refused before the solve, naming both variants,
    // not an empty table.
    let mut args = ["--variants", defs, "--variant", "backrank-3x4"].to_vec();
    args.extend(["solve", "--loss", rec]);
    let err = run_fails(&args);
    assert!(
        err.contains("none of its 6 games is of variant backrank-3x4")
            && err.contains("backrank-3x3")
            && !err.contains("solving"),
        "{err}"
    );
}

#[test]
fn the_solved_table_stores_the_one_codecs_values() {
    use ewn::brain::tables::codec::{ONE, UNKNOWN, dequantise, quantise};
    let v = Variant::preset("3x3").unwrap();
    let sol = solved("3x3");
    let stored: Vec<u32> = file::stored(sol).collect();
    let (mut known, mut unknown) = (0, 0);
    for (x, &s) in sol.raw().zip(&stored) {
        match x {
            None => {
                assert_eq!(s, UNKNOWN);
                unknown += 1;
            }
            Some(p) => {
                assert!(s <= ONE, "{p} stored as {s}");
                assert!(
                    (dequantise(s) - p).abs() <= 0.5 / ONE as f64 + 1e-15,
                    "{p} {s}"
                );
                assert_eq!(quantise(dequantise(s)), s);
                known += 1;
            }
        }
    }
    assert!(
        known > 1000 && unknown > 0,
        "{known} known, {unknown} unknown"
    );
    // The file holds the same values: what a position probes is its stored value's probability.
    let dir = temp_path("solve", "codec");
    std::fs::create_dir_all(&dir).unwrap();
    let path = dir.join(file::file_name(v));
    file::write(sol, &path).unwrap();
    let t = file::read(v, &path).unwrap();
    let all = solve::setups(v);
    let mut rng = Rng(40);
    for g in 0..50 {
        let mut p = solve::start_position(v, Color::Red, &all[g % 6], &all[(g / 6) % 6]);
        while !p.is_over() {
            let want = dequantise(quantise(sol.value(&p).unwrap()));
            assert_eq!(t.probability(&p), Some(want));
            let moves = p.moves_for_die(1 + rng.below(3) as u8);
            p.make(moves.as_slice()[rng.below(moves.len() as u64) as usize]);
        }
    }
}
