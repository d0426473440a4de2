//! Analysis numbers a person can check by hand, and the multipv values against a plain expectimax.

use crate::common::standard::{parse_fen, parse_move};
use ewn::brain::analysis::{analyse_die, analyse_preroll, threats_after, threats_now};
use ewn::brain::search::{Limits, Searcher, WIN, chance_value, reference_value, to_prob};
use ewn::rules::board::Board;

/// Red moves R1 b4c3. Blue then has all six cubes, so each face moves one cube: B1 (d2) and B2
/// (d3) can take c3, the other four cannot: 2 of 6 faces. R2 on a5 is out of reach. No Blue move
/// wins at once (a5 is three steps away, Red keeps two cubes).
#[test]
fn cube_attacked_on_two_faces_shows_one_third() {
    let b = parse_fen("R24/1R13/3B2B5/3B1B4/3B6B3 r").unwrap();
    let t = threats_after(&b, parse_move("b4c3").unwrap());
    assert_eq!(
        t.line(ewn::rules::variant::Variant::standard()),
        "threats move b4c3 oppwin 0.0000 capture R1 0.3333 R2 0.0000"
    );
    assert_eq!(t.capture_faces, vec![(1, 2), (2, 0)]);
    // b4c4 is attacked by B2 only (d3 -> c4): one face.
    let t = threats_after(&b, parse_move("b4c4").unwrap());
    assert_eq!(t.capture_faces[0], (1, 1));
    // The same count asked of the position after the move.
    let after = parse_fen("R24/5/2R1B2B5/3B1B4/3B6B3 b").unwrap();
    assert_eq!(
        threats_now(&after).line(ewn::rules::variant::Variant::standard()),
        "threats oppwin 0.0000 capture R1 0.3333 R2 0.0000"
    );
}

/// Red to move with R1 on d2 (one step from e1) and R2 on a5: face 1 moves R1 home, faces 2..6
/// move R2 (2 is present; 3..6 have no higher cube and 2 is the nearest lower). So Blue, having
/// just moved, loses at once on exactly one face of six.
#[test]
fn win_next_turn_counts_faces() {
    let b = parse_fen("R24/5/B14/3R11/5 r").unwrap();
    let t = threats_now(&b);
    assert_eq!(t.win_faces, 1);
    assert!(
        t.line(ewn::rules::variant::Variant::standard())
            .starts_with("threats oppwin 0.1667 capture B1 0.0000")
    );
}

#[test]
fn win_in_one_is_certain() {
    let b = parse_fen("5/5/B14/3R11/5 r").unwrap();
    let mut s = Searcher::new(1);
    let a = analyse_die(&mut s, &b, 1, &Limits::to_depth(4), &mut |_| {});
    assert_eq!(a.moves()[0].mv, parse_move("d2e1").unwrap());
    assert_eq!(a.moves()[0].value, WIN);
    assert_eq!(to_prob(a.moves()[0].value), 1.0);
    // Every face moves the only cube: certain before the roll as well.
    let p = analyse_preroll(&mut s, &b, &Limits::to_depth(4), &mut |_| {});
    assert_eq!(p.value, WIN);
    assert_eq!(p.faces.len(), 6);
    assert!(
        p.faces
            .iter()
            .all(|f| crate::common::standard::move_name(f.best) == "d2e1")
    );
}

#[test]
fn finished_position_before_the_roll() {
    // Red has reached e1; Blue is to move and has lost.
    let b = parse_fen("5/5/B14/5/4R1 b").unwrap();
    let mut s = Searcher::new(1);
    let p = analyse_preroll(&mut s, &b, &Limits::to_depth(3), &mut |_| {});
    assert_eq!(p.value, 0);
    assert!(p.faces.is_empty());
}

/// Every root move's value in multipv mode equals the plain expectimax of that move.
#[test]
fn every_candidate_value_is_exact() {
    let positions = [
        "R1R2R32/R4R53/R63B6/3B5B4/2B3B2B1 r",
        "5/1R3R22/2R41B5/B1R52B3/5 r",
        "R14/5/2B62/1R63/4B2 r",
    ];
    for fen in positions {
        let b = parse_fen(fen).unwrap();
        for die in 1..=6 {
            let d = 3;
            let mut s = Searcher::new(4);
            let a = analyse_die(&mut s, &b, die, &Limits::to_depth(d), &mut |_| {});
            assert_eq!(a.moves().len(), b.moves_for_die(die).len());
            for rm in a.moves() {
                let mut c = b.clone();
                c.make(rm.mv);
                let want = if c.is_over() {
                    WIN
                } else {
                    let sum: i64 = (1..=6).map(|f| reference_value(&mut c, f, d - 1)).sum();
                    WIN - chance_value(sum, 6)
                };
                assert_eq!(rm.value, want, "{fen} die {die} move {:?}", rm.mv);
            }
            assert!(a.moves().windows(2).all(|w| w[0].value >= w[1].value));
        }
    }
}

/// The pre-roll value is the face-weighted mean of each face's best value.
#[test]
fn preroll_is_the_mean_over_faces() {
    let b = Board::startpos();
    let p = analyse_preroll(&mut Searcher::new(4), &b, &Limits::to_depth(3), &mut |_| {});
    let mut sum = 0;
    for die in 1..=6u8 {
        let mut c = b.clone();
        let v = reference_value(&mut c, die, 3);
        assert_eq!(p.faces[die as usize - 1].value, v, "die {die}");
        sum += v;
    }
    assert_eq!(p.value, chance_value(sum, 6));
}

/// A limit too small for one iteration still gives values searched one ply deep.
#[test]
fn tiny_limits_still_give_values() {
    let b = Board::startpos();
    let tiny = Limits {
        nodes: Some(1),
        ..Limits::default()
    };
    let mut s = Searcher::new(1);
    let a = analyse_die(&mut s, &b, 3, &tiny, &mut |_| {});
    assert_eq!(a.result.depth, 1);
    assert!(a.moves().iter().all(|m| m.value > 0 && m.value < WIN));
    let p = analyse_preroll(&mut s, &b, &tiny, &mut |_| {});
    assert!(p.faces.iter().all(|f| f.depth == 1 && f.value > 0));
}
