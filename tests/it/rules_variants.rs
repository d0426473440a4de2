//! The variants against a move generator written here, independently of the engine's: the
//! presets' rules restated from the variants' description, a plain board (a vector of squares),
//! and perft and legal move sets compared position by position.

use std::collections::BTreeSet;

use crate::common::Rng;
use ewn::rules::board::{Board, Color, Move};
use ewn::rules::notation::{move_name_in, parse_fen_in, to_fen};
use ewn::rules::perft::perft;
use ewn::rules::variant::{PRESETS, Variant};
use ewn::rules::variant_file::parse_variants;

/// A rule set as the description gives it, squares by name.
#[derive(Clone)]
struct Spec {
    rows: usize,
    cols: usize,
    cubes: Vec<u8>,
    red: Vec<String>,
    blue: Option<Vec<String>>,
    /// `(outcome, weight)`; outcome 0: no dice.
    dice: Vec<(u8, u32)>,
    pass_sub: bool,
    own_capture: bool,
    forward: bool,
    rank_goal: bool,
    holes: Vec<String>,
    blue_first: bool,
}

fn d(n: u8) -> Vec<(u8, u32)> {
    (1..=n).map(|f| (f, 1)).collect()
}

fn two_d6() -> Vec<(u8, u32)> {
    (2..=12u8)
        .map(|s| (s, (1..=6u8).filter(|&a| s > a && s - a <= 6).count() as u32))
        .collect()
}

/// The triangle by the description: rows of n, n-1, ... from the corner, row-major.
fn tri(rows: usize, k: usize) -> Vec<String> {
    let mut n = 1;
    while n * (n + 1) / 2 < k {
        n += 1;
    }
    let mut out = Vec::new();
    for r in 0..n {
        for c in 0..n - r {
            if out.len() < k {
                out.push(format!("{}{}", (b'a' + c as u8) as char, rows - r));
            }
        }
    }
    out
}

fn spec(name: &str) -> Spec {
    let base = |rows: usize, cols: usize, cubes: Vec<u8>, dice| Spec {
        rows,
        cols,
        red: tri(rows, cubes.len()),
        cubes,
        blue: None,
        dice,
        pass_sub: false,
        own_capture: true,
        forward: false,
        rank_goal: false,
        holes: vec![],
        blue_first: false,
    };
    let s = |v: &[&str]| v.iter().map(|x| x.to_string()).collect::<Vec<_>>();
    match name {
        "standard" => base(5, 5, (1..=6).collect(), d(6)),
        "3x3" => base(3, 3, (1..=3).collect(), d(3)),
        "4x4" => base(4, 4, (1..=3).collect(), d(6)),
        "5x5-3" => base(5, 5, (1..=3).collect(), d(3)),
        "4x4-6" => base(4, 4, (1..=6).collect(), d(6)),
        "6x6" => base(6, 6, vec![2, 3, 4, 5, 6, 8, 9, 10, 11, 12], two_d6()),
        "7x7" => base(7, 7, (1..=6).collect(), d(6)),
        "backrank" => Spec {
            red: s(&["a5", "b5", "c5", "d5", "e5", "c4"]),
            blue: Some(s(&["a1", "b1", "c1", "d1", "e1", "c2"])),
            pass_sub: true,
            own_capture: false,
            forward: true,
            rank_goal: true,
            ..base(5, 5, (1..=6).collect(), d(6))
        },
        "blackhole" => Spec {
            holes: s(&["c3"]),
            ..base(5, 5, (1..=6).collect(), d(6))
        },
        "nodice" => base(5, 5, (1..=6).collect(), vec![(0, 1)]),
        _ => panic!("no spec for {name}"),
    }
}

/// A position of the independent model: `cells[r][c]` is `(side, number)`, row 0 at the top.
#[derive(Clone, PartialEq, Eq, Debug)]
struct Pos {
    cells: Vec<Vec<Option<(usize, u8)>>>,
    stm: usize,
    winner: Option<usize>,
}

fn sq(s: &Spec, name: &str) -> (usize, usize) {
    let b = name.as_bytes();
    ((s.rows - (b[1] - b'0') as usize), (b[0] - b'a') as usize)
}

fn start(s: &Spec) -> Pos {
    let mut cells = vec![vec![None; s.cols]; s.rows];
    let blue: Vec<(usize, usize)> = match &s.blue {
        Some(b) => b.iter().map(|n| sq(s, n)).collect(),
        None => s
            .red
            .iter()
            .map(|n| {
                let (r, c) = sq(s, n);
                (s.rows - 1 - r, s.cols - 1 - c)
            })
            .collect(),
    };
    for (i, n) in s.red.iter().enumerate() {
        let (r, c) = sq(s, n);
        cells[r][c] = Some((0, s.cubes[i]));
    }
    for (i, &(r, c)) in blue.iter().enumerate() {
        cells[r][c] = Some((1, s.cubes[i]));
    }
    Pos {
        cells,
        stm: usize::from(s.blue_first),
        winner: None,
    }
}

fn is_goal(s: &Spec, side: usize, r: usize, c: usize) -> bool {
    match (side, s.rank_goal) {
        (0, false) => r == s.rows - 1 && c == s.cols - 1,
        (1, false) => r == 0 && c == 0,
        (0, true) => r == s.rows - 1,
        _ => r == 0,
    }
}

/// The moves of the side to move for an outcome, as `(from, to)` cells; `None` is a pass.
#[allow(clippy::type_complexity)]
fn moves(s: &Spec, p: &Pos, outcome: u8) -> Vec<Option<((usize, usize), (usize, usize))>> {
    if p.winner.is_some() {
        return vec![];
    }
    let mine: Vec<(u8, usize, usize)> = (0..s.rows)
        .flat_map(|r| (0..s.cols).map(move |c| (r, c)))
        .filter_map(|(r, c)| match p.cells[r][c] {
            Some((side, n)) if side == p.stm => Some((n, r, c)),
            _ => None,
        })
        .collect();
    let chosen: Vec<(u8, usize, usize)> = if outcome == 0 {
        mine.clone()
    } else if let Some(&x) = mine.iter().find(|x| x.0 == outcome) {
        vec![x]
    } else if s.pass_sub {
        vec![]
    } else {
        let up = mine.iter().filter(|x| x.0 > outcome).min_by_key(|x| x.0);
        let down = mine.iter().filter(|x| x.0 < outcome).max_by_key(|x| x.0);
        up.into_iter().chain(down).copied().collect()
    };
    let dirs: [(i32, i32); 3] = match (p.stm, s.forward) {
        (0, false) => [(1, 1), (1, 0), (0, 1)],
        (1, false) => [(-1, -1), (-1, 0), (0, -1)],
        (0, true) => [(1, 1), (1, 0), (1, -1)],
        _ => [(-1, -1), (-1, 0), (-1, 1)],
    };
    let mut out = vec![];
    for (_, r, c) in chosen {
        for (dr, dc) in dirs {
            let (r2, c2) = (r as i32 + dr, c as i32 + dc);
            if r2 < 0 || c2 < 0 || r2 >= s.rows as i32 || c2 >= s.cols as i32 {
                continue;
            }
            let (r2, c2) = (r2 as usize, c2 as usize);
            if !s.own_capture && matches!(p.cells[r2][c2], Some((side, _)) if side == p.stm) {
                continue;
            }
            out.push(Some(((r, c), (r2, c2))));
        }
    }
    if out.is_empty() {
        out.push(None);
    }
    out
}

fn play(s: &Spec, p: &Pos, m: Option<((usize, usize), (usize, usize))>) -> Pos {
    let mut q = p.clone();
    q.stm = 1 - p.stm;
    let Some(((r, c), (r2, c2))) = m else {
        return q;
    };
    let piece = q.cells[r][c].take();
    let hole = s.holes.iter().any(|h| sq(s, h) == (r2, c2));
    q.cells[r2][c2] = if hole { None } else { piece };
    let count = |side: usize| {
        q.cells
            .iter()
            .flatten()
            .filter(|x| matches!(x, Some((sd, _)) if *sd == side))
            .count()
    };
    if !hole && is_goal(s, p.stm, r2, c2) || count(1 - p.stm) == 0 {
        q.winner = Some(p.stm);
    } else if count(p.stm) == 0 {
        q.winner = Some(1 - p.stm);
    }
    q
}

fn model_perft(s: &Spec, p: &Pos, depth: u32) -> u64 {
    if depth == 0 {
        return 1;
    }
    s.dice
        .iter()
        .flat_map(|&(o, _)| moves(s, p, o))
        .map(|m| model_perft(s, &play(s, p, m), depth - 1))
        .sum()
}

fn cell_name(s: &Spec, (r, c): (usize, usize)) -> String {
    format!("{}{}", (b'a' + c as u8) as char, s.rows - r)
}

fn model_names(s: &Spec, p: &Pos, o: u8) -> BTreeSet<String> {
    moves(s, p, o)
        .into_iter()
        .map(|m| match m {
            None => "0000".to_string(),
            Some((a, b)) => format!("{}{}", cell_name(s, a), cell_name(s, b)),
        })
        .collect()
}

/// The model's position as our position string (cube numbers above 9 as A, B, C).
fn model_fen(s: &Spec, p: &Pos) -> String {
    let digit = |n: u8| {
        if n < 10 {
            (b'0' + n) as char
        } else {
            (b'A' + n - 10) as char
        }
    };
    let ranks: Vec<String> = p
        .cells
        .iter()
        .map(|row| {
            let mut out = String::new();
            let mut empty = 0;
            for cell in row {
                match cell {
                    None => empty += 1,
                    Some((side, n)) => {
                        if empty > 0 {
                            out.push((b'0' + empty) as char);
                            empty = 0;
                        }
                        out.push(if *side == 0 { 'R' } else { 'B' });
                        out.push(digit(*n));
                    }
                }
            }
            if empty > 0 {
                out.push((b'0' + empty) as char);
            }
            out
        })
        .collect();
    let _ = s;
    format!("{} {}", ranks.join("/"), if p.stm == 0 { 'r' } else { 'b' })
}

/// Perft of every preset from its start, against the model, as deep as stays quick.
#[test]
fn perft_of_every_preset_matches_the_model() {
    for name in PRESETS {
        let s = spec(name);
        let v = Variant::preset(name).unwrap();
        let mut b = Board::startpos_in(v);
        assert_eq!(to_fen(&b), model_fen(&s, &start(&s)), "{name}: start");
        let depth = if name == "6x6" { 3 } else { 4 };
        for d in 1..=depth {
            let want = model_perft(&s, &start(&s), d);
            assert_eq!(perft(&mut b, d), want, "{name} perft {d}");
        }
    }
}

/// Random games of every preset: at every position the legal moves of every outcome are the
/// model's, the incremental key is the key from scratch, unmake restores, and the position
/// string reads back as the same position.
#[test]
fn random_games_of_every_preset_agree_with_the_model() {
    let mut rng = Rng(0x5EED);
    for name in PRESETS {
        let s = spec(name);
        let v = Variant::preset(name).unwrap();
        let mut passes = 0;
        let mut holes = 0;
        for _ in 0..40 {
            let mut b = Board::startpos_in(v);
            let mut p = start(&s);
            for _ply in 0..400 {
                assert_eq!(to_fen(&b), model_fen(&s, &p), "{name}");
                assert_eq!(
                    b.winner().map(|c| c.idx()),
                    p.winner,
                    "{name} {}",
                    to_fen(&b)
                );
                assert_eq!(b.key(), b.compute_key());
                let back = parse_fen_in(v, &to_fen(&b)).unwrap();
                assert_eq!(back.key(), b.key());
                if b.is_over() {
                    break;
                }
                for &(o, _) in &s.dice {
                    let ours: BTreeSet<String> = b
                        .moves_for_die(o)
                        .as_slice()
                        .iter()
                        .map(|&m| move_name_in(v, m))
                        .collect();
                    assert_eq!(
                        ours,
                        model_names(&s, &p, o),
                        "{name} {} outcome {o}",
                        to_fen(&b)
                    );
                }
                let (o, _) = s.dice[rng.below(s.dice.len() as u64) as usize];
                let ms = moves(&s, &p, o);
                let m = ms[rng.below(ms.len() as u64) as usize];
                let ours: Move = match m {
                    None => {
                        passes += 1;
                        Move::PASS
                    }
                    Some((a, bb)) => {
                        if s.holes.iter().any(|h| sq(&s, h) == bb) {
                            holes += 1;
                        }
                        Move::new((a.0 * s.cols + a.1) as u8, (bb.0 * s.cols + bb.1) as u8)
                    }
                };
                let before = b.clone();
                let u = b.make(ours);
                let mut again = b.clone();
                again.unmake(ours, u);
                assert_eq!(again, before, "{name}: unmake of {}", move_name_in(v, ours));
                p = play(&s, &p, m);
            }
        }
        if name == "backrank" {
            assert!(passes > 0, "backrank games pass now and then");
        }
        if name == "blackhole" {
            assert!(holes > 0, "blackhole games lose cubes in the hole");
        }
    }
}

/// A custom variant from a file: a rectangle with blue first, two dice of three faces, a hole,
/// forward moves to the far rank, checked against the model in the same way.
#[test]
fn a_custom_variant_from_a_file_matches_the_model() {
    let text = "[wide]\nparent = \"standard\"\nrows = 4\ncols = 6\ncubes = [2, 3, 4, 5]\n\
                dice = \"2d3\"\nmoves = \"forward\"\ngoal = \"rank\"\nholes = [\"c2\"]\n\
                first = \"b\"\nown_capture = false\n";
    let vs = parse_variants("wide.toml", text).unwrap();
    let v = vs[0];
    let s = Spec {
        rows: 4,
        cols: 6,
        // Every cube is rolled: without own captures a cube never rolled is refused.
        cubes: vec![2, 3, 4, 5],
        red: tri(4, 4),
        blue: None,
        dice: vec![(2, 1), (3, 2), (4, 3), (5, 2), (6, 1)],
        pass_sub: false,
        own_capture: false,
        forward: true,
        rank_goal: true,
        holes: vec!["c2".into()],
        blue_first: true,
    };
    let mut b = Board::startpos_in(v);
    assert_eq!(b.side_to_move(), Color::Blue);
    assert_eq!(to_fen(&b), model_fen(&s, &start(&s)));
    for d in 1..=4 {
        assert_eq!(
            perft(&mut b, d),
            model_perft(&s, &start(&s), d),
            "perft {d}"
        );
    }
}

#[test]
fn variants_check_names_the_file_and_the_line_of_the_key() {
    let q = crate::common::temp_path("rules-variants", "q.toml");
    std::fs::write(&q, "[ok]\nrows = 4\n\n['lit']\nrows = 9\n").unwrap();
    let e = crate::common::run_fails(&["variants", "check", &q.display().to_string()]);
    assert!(e.contains("q.toml:5: [lit] rows"), "{e}");
    assert_eq!(e.lines().count(), 1, "{e}");
}

#[test]
fn variants_check_refuses_the_rule_sets_that_can_stick_a_side() {
    // e09: from `123 123 r` every game ended unfinished after the pass limit.
    let e09 = crate::common::temp_path("rules-variants", "e09.toml");
    std::fs::write(
        &e09,
        "[e09]\nrows = 4\ncols = 4\ncubes = [1, 2, 3]\nstart = [\"d4\", \"d3\", \"d2\"]\n\
         dice = \"d2\"\nown_capture = false\n",
    )
    .unwrap();
    let e = crate::common::run_fails(&["variants", "check", &e09.display().to_string()]);
    assert!(
        e.contains("e09.toml:6: [e09] cube 3 is never rolled"),
        "{e}"
    );
    let fwd = crate::common::temp_path("rules-variants", "fwd.toml");
    std::fs::write(&fwd, "[fwd]\nmoves = \"forward\"\ngoal = \"corner\"\n").unwrap();
    let e = crate::common::run_fails(&["variants", "check", &fwd.display().to_string()]);
    assert!(e.contains("can never move again"), "{e}");
}

/// The words of a refused definition blame what was written: three cubes on a 2x2 board clash
/// with Blue's squares, which were never written, so the message names the cubes (and their
/// line), not `start_blue`; a hole on a goal is named; too many start squares is said the right
/// way round.
#[test]
fn refusals_blame_what_was_written() {
    let e = parse_variants("t.toml", "[tiny]\nrows = 2\ncols = 2\ncubes = [1, 2, 3]\n")
        .unwrap_err()
        .to_string();
    assert!(e.starts_with("t.toml:4: [tiny] cubes:"), "{e}");
    assert!(e.contains("take a1") && !e.contains("start_blue:"), "{e}");
    let e = parse_variants(
        "t.toml",
        "[h]\nstart_blue = [\"e4\", \"d4\", \"c4\", \"e3\", \"d3\", \"e2\"]\nholes = [\"e1\"]\n",
    )
    .unwrap_err()
    .to_string();
    assert!(e.contains("holes: e1 is a goal square"), "{e}");
    let e = parse_variants("t.toml", "[s]\nrows = 3\ncols = 3\ncubes = [1, 2]\nstart = [\"a3\", \"b3\", \"c3\"]\nstart_blue = [\"a1\", \"b1\"]\n")
        .unwrap_err()
        .to_string();
    assert!(e.contains("more start squares than cubes"), "{e}");
}

/// `variants check` and every reader take a file's tables in the file's order, not by name.
#[test]
fn tables_come_in_the_files_order() {
    let text = "[zeta]\nrows = 4\ncols = 4\ncubes = [1, 2, 3]\n[alpha]\nparent = \"zeta\"\n\
                [mid]\nparent = \"alpha\"\ncols = 5\n";
    let names: Vec<&str> = parse_variants("o.toml", text)
        .unwrap()
        .iter()
        .map(|v| v.name())
        .collect();
    assert_eq!(names, ["zeta", "alpha", "mid"]);
}
