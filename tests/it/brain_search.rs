//! Search: the pruned search returns exactly the value of plain expectimax, known values are found,
//! results are deterministic, and the bench signature is pinned.

use crate::common::Rng;

use crate::common::standard::{parse_fen, parse_move};
use ewn::brain::search::{EvalKind, Limits, Searcher, WIN, reference_value, reference_value_with};
use ewn::rules::board::Board;

fn infinite() -> Limits {
    Limits {
        infinite: true,
        ..Limits::default()
    }
}

/// Random unfinished positions from random games from the start.
fn random_positions(seed: u64, n: usize) -> Vec<Board> {
    let mut rng = Rng(seed);
    let mut out = Vec::new();
    while out.len() < n {
        let mut b = Board::startpos();
        let plies = rng.below(14);
        for _ in 0..plies {
            if b.is_over() {
                break;
            }
            let moves = b.moves_for_die(rng.below(6) as u8 + 1);
            b.make(moves.as_slice()[rng.below(moves.len() as u64) as usize]);
        }
        if !b.is_over() {
            out.push(b);
        }
    }
    out
}

#[test]
fn pruned_search_equals_plain_expectimax() {
    // Without a table (Hash 0) the pruned search must give the reference value to the last unit,
    // with either leaf evaluation.
    let mut s = Searcher::new(0);
    let mut checked = 0;
    for kind in [EvalKind::Net, EvalKind::Heuristic] {
        s.eval = kind;
        for (i, b) in random_positions(2024, 60).iter().enumerate() {
            let d = 1 + (i as u32 % 4);
            let die = 1 + (i as u8 % 6);
            let want = reference_value_with(kind, &mut b.clone(), die, d);
            let got = s.search(b, die, &Limits::to_depth(d), &mut |_| {});
            assert_eq!(got.value, want, "{kind:?} position {i} die {die} depth {d}");
            checked += 1;
        }
    }
    assert_eq!(checked, 120);
}

#[test]
fn pruned_search_equals_plain_expectimax_every_depth_on_small_positions() {
    let positions = [
        "5/1R2B22/5/3R51/B11B32 b",
        "R14/5/2B62/1R63/4B2 r",
        "5/1R3R22/2R41B5/B1R52B3/5 r",
    ];
    let mut s = Searcher::new(0);
    for fen in positions {
        let b = parse_fen(fen).unwrap();
        for d in 1..=4 {
            for die in 1..=6 {
                let want = reference_value(&mut b.clone(), die, d);
                let got = s.search(&b, die, &Limits::to_depth(d), &mut |_| {});
                assert_eq!(got.value, want, "{fen} die {die} depth {d}");
            }
        }
    }
}

/// Every variant: the pruned search (Star1 and Star2 with the variant's outcome weights, passes,
/// holes, no dice) gives the plain expectimax value to the last unit, with and without a table.
#[test]
fn pruned_search_equals_plain_expectimax_in_every_variant() {
    use ewn::rules::variant::{PRESETS, Variant};
    let mut rng = Rng(77);
    let mut checked = 0;
    for name in PRESETS {
        let v = Variant::preset(name).unwrap();
        let outcomes: Vec<u8> = v.outcomes.iter().map(|o| o.0).collect();
        for hash in [0, 1] {
            let mut s = Searcher::new(hash);
            for i in 0..12 {
                let mut b = Board::startpos_in(v);
                for _ in 0..rng.below(16) {
                    if b.is_over() {
                        break;
                    }
                    let o = outcomes[rng.below(outcomes.len() as u64) as usize];
                    let moves = b.moves_for_die(o);
                    b.make(moves.as_slice()[rng.below(moves.len() as u64) as usize]);
                }
                if b.is_over() {
                    continue;
                }
                let die = outcomes[rng.below(outcomes.len() as u64) as usize];
                let d = 1 + (i % 4);
                let want = reference_value(&mut b.clone(), die, d);
                s.clear();
                let got = s.search(&b, die, &Limits::to_depth(d), &mut |_| {});
                assert_eq!(got.value, want, "{name} {b:?} die {die} depth {d}");
                assert!(b.is_legal(got.best, Some(die)));
                checked += 1;
            }
        }
    }
    assert!(checked > 150, "{checked}");
}

#[test]
fn win_in_one_is_found_and_proven() {
    // Red's cube on d2 steps to e1; any die moves Red's only cube.
    let b = parse_fen("4B1/5/5/3R11/5 r").unwrap();
    let mut s = Searcher::new(1);
    for die in 1..=6 {
        let r = s.search(&b, die, &Limits::to_depth(5), &mut |_| {});
        assert_eq!(r.best, parse_move("d2e1").unwrap());
        assert_eq!(r.value, WIN);
        assert!(r.exact);
        assert_eq!(r.depth, 1, "a proven root stops deepening");
    }
}

#[test]
fn proven_loss_is_reported_as_zero() {
    // Red's lone cube on e5 cannot reach Blue's cube on b4, which then steps to a5 on any face.
    let b = parse_fen("4R1/1B13/5/5/5 r").unwrap();
    let mut s = Searcher::new(1);
    let r = s.search(&b, 3, &Limits::to_depth(6), &mut |_| {});
    assert_eq!(r.value, 0);
    assert!(r.exact);
    assert_eq!(r.depth, 2);
}

#[test]
fn capture_of_last_enemy_cube_wins() {
    let b = parse_fen("R14/1B13/5/5/5 r").unwrap();
    let r = Searcher::new(1).search(&b, 6, &Limits::to_depth(3), &mut |_| {});
    assert_eq!(r.best, parse_move("a5b4").unwrap());
    assert_eq!(r.value, WIN);
}

#[test]
fn search_is_deterministic_for_depth_and_nodes() {
    let b = Board::startpos();
    for limits in [
        Limits::to_depth(5),
        Limits {
            nodes: Some(20_000),
            ..Limits::default()
        },
    ] {
        let a = Searcher::new(8).search(&b, 2, &limits, &mut |_| {});
        let c = Searcher::new(8).search(&b, 2, &limits, &mut |_| {});
        assert_eq!((a.best, a.nodes, a.value), (c.best, c.nodes, c.value));
    }
}

#[test]
fn a_cleared_table_searches_like_a_new_one() {
    // Clearing only starts a new generation: the earlier game's entries must read as empty slots
    // to probes and to the replacement alike, also after the generation counter wraps (every
    // 256 searches or clears) and the memory is really emptied.
    let b = Board::startpos();
    let other = parse_fen("1R2R32/1R1R42/R64/2B5B21/2B3B61 r").unwrap();
    let fresh = Searcher::new(1).search(&b, 3, &Limits::to_depth(5), &mut |_| {});
    let mut s = Searcher::new(1);
    for round in 0..140 {
        // A small table filled by another game, then cleared.
        s.search(&other, 1 + round % 6, &Limits::to_depth(5), &mut |_| {});
        s.clear();
        if round % 35 == 0 || round >= 125 {
            let r = s.search(&b, 3, &Limits::to_depth(5), &mut |_| {});
            assert_eq!(
                (r.best, r.nodes, r.value),
                (fresh.best, fresh.nodes, fresh.value),
                "round {round}"
            );
            s.clear();
        }
    }
}

#[test]
fn node_limit_is_respected() {
    let b = Board::startpos();
    let r = Searcher::new(8).search(
        &b,
        4,
        &Limits {
            nodes: Some(5_000),
            ..Limits::default()
        },
        &mut |_| {},
    );
    assert!(r.nodes <= 5_000, "{}", r.nodes);
    assert!(b.moves_for_die(4).contains(r.best));
}

#[test]
fn a_search_ended_inside_an_iteration_reports_all_it_spent() {
    // A node limit ends the search inside an iteration, as the clock does: the last info line
    // counts every node searched, at the depth last completed, with the move played.
    let b = Board::startpos();
    let mut infos = Vec::new();
    let r = Searcher::new(8).search(
        &b,
        3,
        &Limits {
            nodes: Some(200_000),
            ..Limits::default()
        },
        &mut |i| infos.push((i.depth, i.nodes, i.pv[0])),
    );
    let (depth, nodes, mv) = *infos.last().unwrap();
    assert_eq!((depth, nodes, mv), (r.depth, r.nodes, r.best), "{infos:?}");
    // The line before it is the last completed iteration's, at the same depth, with fewer nodes.
    let before = infos[infos.len() - 2];
    assert!(before.0 == depth && before.1 < nodes, "{infos:?}");
}

#[test]
fn stop_flag_ends_an_unlimited_search_with_a_legal_move() {
    let b = Board::startpos();
    let mut s = Searcher::new(8);
    let flag = s.stop_flag();
    flag.store(true, std::sync::atomic::Ordering::Relaxed);
    let r = s.search(&b, 5, &infinite(), &mut |_| {});
    assert!(b.moves_for_die(5).contains(r.best));
}

#[test]
fn multipv_gives_exact_values_for_every_root_move() {
    let b = parse_fen("5/1R3R22/2R41B5/B1R52B3/5 r").unwrap();
    let mut s = Searcher::new(0);
    let r = s.search(
        &b,
        3,
        &Limits {
            depth: Some(3),
            multipv: 99,
            ..Limits::default()
        },
        &mut |_| {},
    );
    assert_eq!(r.root_moves.len(), b.moves_for_die(3).len());
    for rm in &r.root_moves {
        let mut c = b.clone();
        c.make(rm.mv);
        let want = if c.is_over() {
            WIN
        } else {
            // The value of one root move is the reference value of the chance node below it.
            WIN - chance_reference(&mut c, 2)
        };
        assert_eq!(rm.value, want, "{:?}", rm.mv);
    }
    assert!(r.root_moves.windows(2).all(|w| w[0].value >= w[1].value));
}

fn chance_reference(b: &mut Board, d: u32) -> i64 {
    // Mean over faces of the reference value for each face (faces are not merged here).
    let sum: i64 = (1..=6).map(|die| reference_value(b, die, d)).sum();
    ewn::brain::search::chance_value(sum, 6)
}

#[test]
fn bench_signature() {
    let r = ewn::app::bench::run(ewn::app::bench::DEFAULT_DEPTH, 16, 1, |_, _, _, _| {});
    assert_eq!(
        r.nodes, BENCH_NODES,
        "bench node count changed: update README and this test"
    );
}

const BENCH_NODES: u64 = 1_951_083;

#[test]
fn multipv_deepens_until_every_root_move_is_proven() {
    // Any of Red's three moves wins: at once, or next turn since Blue cannot reach a5 in one.
    let b = parse_fen("5/5/B14/3R11/5 r").unwrap();
    let r = Searcher::new(1).search(
        &b,
        1,
        &Limits {
            depth: Some(5),
            multipv: 99,
            ..Limits::default()
        },
        &mut |_| {},
    );
    assert_eq!(r.root_moves.len(), 3);
    assert!(r.root_moves.iter().all(|rm| rm.value == WIN));
    assert_eq!(r.depth, 3);
}

#[test]
fn threads_find_legal_moves_and_the_same_proven_values() {
    let mut s = Searcher::new(4);
    s.set_threads(3);
    assert_eq!(s.threads(), 3);
    for (i, b) in random_positions(77, 30).iter().enumerate() {
        let die = 1 + (i as u8 % 6);
        let r = s.search(b, die, &Limits::to_depth(1 + i as u32 % 5), &mut |_| {});
        assert!(b.moves_for_die(die).contains(r.best), "position {i}");
        assert!((0..=WIN).contains(&r.value));
    }
    // Proven results do not depend on the threads.
    let win = parse_fen("4B1/5/5/3R11/5 r").unwrap();
    let r = s.search(&win, 2, &Limits::to_depth(5), &mut |_| {});
    assert_eq!(
        (r.best, r.value, r.exact),
        (parse_move("d2e1").unwrap(), WIN, true)
    );
    let loss = parse_fen("4R1/1B13/5/5/5 r").unwrap();
    let r = s.search(&loss, 3, &Limits::to_depth(6), &mut |_| {});
    assert_eq!((r.value, r.exact), (0, true));
}

#[test]
fn threads_count_every_threads_nodes_and_stop_together() {
    let b = Board::startpos();
    let mut s = Searcher::new(8);
    s.set_threads(2);
    let mut infos = Vec::new();
    let r = s.search(&b, 3, &Limits::to_depth(6), &mut |i| infos.push(i.nodes));
    // Reported node counts only grow, and the result carries the last.
    assert!(infos.windows(2).all(|w| w[0] <= w[1]), "{infos:?}");
    assert!(r.nodes >= *infos.last().unwrap());
    // A raised stop flag ends the main thread and its helpers (the search returns, so they joined).
    let flag = s.stop_flag();
    flag.store(true, std::sync::atomic::Ordering::Relaxed);
    let r = s.search(&b, 5, &infinite(), &mut |_| {});
    assert!(b.moves_for_die(5).contains(r.best));
    flag.store(false, std::sync::atomic::Ordering::Relaxed);
    // A node limit counts every thread's nodes. Each publishes its count and checks the total
    // every 1024 of its own nodes, so the search runs at most about that much past the limit
    // per thread, however the threads are scheduled.
    let r = s.search(
        &b,
        4,
        &Limits {
            nodes: Some(50_000),
            ..Limits::default()
        },
        &mut |_| {},
    );
    assert!(
        r.nodes >= 50_000 && r.nodes <= 50_000 + 3 * 1024,
        "{}",
        r.nodes
    );
}

/// A plain negamax for variants without dice, with the search's leaf rule: a leaf's value is the
/// better of its static value and each capture of an opposing cube, resolved the same way.
mod nodice_reference {
    use ewn::brain::general;
    use ewn::brain::search::WIN;
    use ewn::rules::board::{Board, MoveList, piece_of};

    fn moves(b: &Board) -> Vec<ewn::rules::board::Move> {
        let mut l = MoveList::default();
        b.gen_moves(b.movable(0), &mut l);
        l.as_slice().to_vec()
    }

    fn leaf(b: &mut Board) -> i64 {
        if let Some(w) = b.winner() {
            return if w == b.side_to_move() { WIN } else { 0 };
        }
        let list = moves(b);
        if list.iter().any(|&m| b.is_winning_move(m)) {
            return WIN;
        }
        let mut best = general::evaluate(b);
        let them = b.side_to_move().other();
        for m in list {
            if m.is_pass() || b.piece_at(m.to) == 0 || piece_of(b.piece_at(m.to)).0 != them {
                continue;
            }
            let u = b.make(m);
            best = best.max(WIN - leaf(b));
            b.unmake(m, u);
        }
        best
    }

    /// The value for the side to move of a position before its move, `depth` plies deep.
    pub fn node(b: &mut Board, depth: u32) -> i64 {
        if let Some(w) = b.winner() {
            return if w == b.side_to_move() { WIN } else { 0 };
        }
        if depth == 0 {
            return leaf(b);
        }
        let list = moves(b);
        if list.iter().any(|&m| b.is_winning_move(m)) {
            return WIN;
        }
        let mut best = -1;
        for m in list {
            let u = b.make(m);
            best = best.max(WIN - node(b, depth - 1));
            b.unmake(m, u);
        }
        best
    }
}

#[test]
fn nodice_search_equals_plain_negamax_with_the_same_leaves() {
    let v = ewn::rules::variant::Variant::preset("nodice").unwrap();
    let fens = [
        "R1R23/5/2R3B11/5/3B2B3 r",
        "R14/1R23/2B3R31/5/B21B12 b",
        "5/1R1R32/5/1B2B32/5 r",
        "R1R2R32/R44/5/4B4/2B3B2B1 b",
    ];
    for fen in fens {
        let b = ewn::rules::notation::parse_fen_in(v, fen).unwrap();
        for d in 1..=4 {
            let mut s = Searcher::new(1);
            let got = s.search(&b, 0, &Limits::to_depth(d), &mut |_| {});
            let want = nodice_reference::node(&mut b.clone(), d);
            assert_eq!(got.value, want, "{fen} depth {d}");
        }
    }
}

#[test]
fn nodice_start_value_holds_still_from_depth_to_depth() {
    let b = Board::startpos_in(ewn::rules::variant::Variant::preset("nodice").unwrap());
    let mut last = None;
    for d in 5..=8 {
        let mut s = Searcher::new(16);
        let p =
            ewn::brain::search::to_prob(s.search(&b, 0, &Limits::to_depth(d), &mut |_| {}).value);
        if let Some(q) = last {
            assert!(f64::abs(p - q) < 0.10, "depth {d}: {p:.4} after {q:.4}");
        }
        last = Some(p);
    }
}
