//! The general evaluation against the truth of a solved variant: along seeded games of `3x3` and
//! `4x4` (every pair of setups, either side first) its values stay within a stated distance of
//! the exact ones, and no side is favoured on average; a threat the mover can take away weighs
//! less than one it cannot. And `scripts/depth-loss.py`, the measure its weights were chosen by,
//! on a few recorded games of `3x3`.

use crate::common::{EWN, Rng, run_ok, temp_path};

use std::process::Command;

use ewn::brain::general;
use ewn::brain::search::WIN;
use ewn::brain::solve::{self, Progress};
use ewn::record::read_record_file;
use ewn::rules::board::Color;
use ewn::rules::notation::parse_fen_in;
use ewn::rules::variant::Variant;

/// Root mean square distance and mean signed distance (exact less evaluated) over positions
/// along games in which each side plays the exactly best move, or with chance 1/4 a random one.
fn distance_to_truth(name: &str, games_per_start: usize) -> (f64, f64, usize) {
    let v = Variant::preset(name).unwrap();
    let sol = solve::solve(v, 1, &Progress { shown: false }).unwrap();
    let setups = solve::setups(v);
    let mut rng = Rng(7);
    let (mut sq, mut sum, mut n) = (0.0, 0.0, 0usize);
    for a in &setups {
        for b in &setups {
            for first in [Color::Red, Color::Blue] {
                for _ in 0..games_per_start {
                    let mut p = solve::start_position(v, first, a, b);
                    while !p.is_over() {
                        let exact = sol.value(&p).unwrap();
                        let e = general::evaluate(&p) as f64 / WIN as f64;
                        sq += (exact - e) * (exact - e);
                        sum += exact - e;
                        n += 1;
                        let (o, _) = v.outcomes[rng.below(v.outcomes.len() as u64) as usize];
                        let moves = p.moves_for_die(o);
                        let moves = moves.as_slice();
                        let m = if rng.below(4) == 0 {
                            moves[rng.below(moves.len() as u64) as usize]
                        } else {
                            let value = |m| {
                                let mut q = p.clone();
                                q.make(m);
                                match q.winner() {
                                    Some(w) if w == p.side_to_move() => 1.0,
                                    Some(_) => 0.0,
                                    None => 1.0 - sol.value(&q).unwrap(),
                                }
                            };
                            *moves
                                .iter()
                                .max_by(|&&x, &&y| value(x).total_cmp(&value(y)))
                                .unwrap()
                        };
                        p.make(m);
                    }
                }
            }
        }
    }
    ((sq / n as f64).sqrt(), sum / n as f64, n)
}

#[test]
fn the_general_evaluation_stays_near_the_3x3_and_4x4_truth() {
    // The evaluation before this fit (a fixed tempo of 3/16 turn, no threat) undervalued the
    // side to move by 0.07 to 0.14 of a win chance on average on these boards.
    for (name, games, limit) in [("3x3", 6, 0.22), ("4x4", 4, 0.17)] {
        let (rmse, bias, n) = distance_to_truth(name, games);
        eprintln!("{name}: rmse {rmse:.4}, mean exact - evaluated {bias:.4}, {n} positions");
        assert!(n > 1000, "{name}: {n} positions");
        assert!(rmse < limit, "{name}: rmse {rmse:.4} over {n} positions");
        assert!(
            bias.abs() < 0.04,
            "{name}: mean exact - evaluated {bias:.4}"
        );
    }
}

#[test]
fn a_threat_the_mover_can_take_weighs_less() {
    let v = Variant::preset("4x4").unwrap();
    // Blue's cube 1 on b3 is one step from its goal a4 in both. Red's cube 1, three steps from
    // its own goal either way, takes it from a4 when a 1 comes up, and cannot from d4.
    let takes = parse_fen_in(v, "R11R21/1B1R31/4/2B3B2 r").unwrap();
    let cannot = parse_fen_in(v, "2R2R1/1B1R31/4/2B3B2 r").unwrap();
    assert!(
        general::evaluate(&takes) > general::evaluate(&cannot),
        "{} <= {}",
        general::evaluate(&takes),
        general::evaluate(&cannot)
    );
}

/// A 3x3 table and a few games the table played against itself, in a fresh folder.
fn tiny_games(tag: &str) -> (String, String) {
    let dir = temp_path("general", tag);
    let dir_s = dir.to_string_lossy().into_owned();
    run_ok(&["solve", "--variant", "3x3", "--out", &dir_s]);
    let rec = dir.join("games.txt").to_string_lossy().into_owned();
    let a = format!("option.TablePath={dir_s}");
    run_ok(&[
        "--variant",
        "3x3",
        "match",
        "--engine",
        "self",
        "name=a",
        &a,
        "--opponent",
        "self",
        "name=b",
        &a,
        "--games",
        "6",
        "--movetime",
        "20",
        "--grace",
        "5000",
        "--seed",
        "3",
        "--record",
        &rec,
    ]);
    (dir_s, rec)
}

#[test]
fn the_depth_loss_script_counts_the_choices_of_recorded_games() {
    let (dir, rec) = tiny_games("depth-loss");
    let script = concat!(env!("CARGO_MANIFEST_DIR"), "/scripts/depth-loss.py");
    let run = |depth: &str| {
        let out = Command::new("python3")
            .args([
                script,
                "--variant",
                "3x3",
                "--tables",
                &dir,
                "--records",
                &rec,
            ])
            .args(["--depth", depth, "--json"])
            .args([
                "--engine",
                &format!("x={EWN}"),
                "--engine",
                &format!("y={EWN}"),
            ])
            .output();
        let out = match out {
            Ok(o) => o,
            Err(e) => {
                // The script needs a Python 3; without one there is nothing to check here.
                eprintln!("python3 not started ({e}): the script is not checked");
                return None;
            }
        };
        assert!(
            out.status.success(),
            "{}",
            String::from_utf8_lossy(&out.stderr)
        );
        Some(String::from_utf8(out.stdout).unwrap())
    };
    let Some(shallow) = run("1") else { return };
    // The choices, counted here: every ply whose roll allows more than one legal move.
    let games = read_record_file(std::path::Path::new(&rec)).unwrap();
    let mut choices = 0;
    for g in games.iter().map(|l| &l.game) {
        let mut p = g.start_board();
        for ply in &g.plies {
            if p.moves_for_die(ply.die).len() > 1 {
                choices += 1;
            }
            p.make(ply.mv);
        }
    }
    assert!(choices > 0);
    let field = |json: &str, engine: &str, key: &str| -> f64 {
        let at = json.find(&format!("\"engine\": \"{engine}\"")).unwrap();
        let rest = &json[at..];
        let k = rest.find(&format!("\"{key}\": ")).unwrap() + key.len() + 4;
        let end = rest[k..].find([',', '}']).unwrap();
        rest[k..k + end].trim().parse().unwrap()
    };
    for e in ["x", "y"] {
        assert_eq!(field(&shallow, e, "games"), games.len() as f64, "{shallow}");
        assert_eq!(field(&shallow, e, "choices"), choices as f64, "{shallow}");
        let lost = field(&shallow, e, "lost");
        assert!(lost >= 0.0 && field(&shallow, e, "inferior") <= choices as f64);
        let per_game = field(&shallow, e, "per_game");
        assert!(
            (per_game - lost / games.len() as f64).abs() < 1e-9,
            "{shallow}"
        );
    }
    // The same build searching the same positions to the same depth: the same numbers.
    assert_eq!(field(&shallow, "x", "lost"), field(&shallow, "y", "lost"));
    // 3x3 games are short: a search of nine plies sees every one to its end and never loses.
    let deep = run("9").unwrap();
    assert_eq!(field(&deep, "x", "lost"), 0.0, "{deep}");
}
