//! The decision log is valid JSON, one object per decision, with the fields a reader needs.

use crate::common;

use serde_json::{Map, Value, json};

use crate::common::standard::parse_fen;
use ewn::brain::decision_log::{Decision, DecisionLog};
use ewn::brain::level::{Level, choose};
use ewn::brain::search::{Limits, RootMove, Searcher};
use ewn::rules::board::Move;

/// A log line as a JSON object: serde_json is strict (RFC 8259: no trailing input, no raw control
/// characters in strings, no leading zeros), so a line it takes is valid JSON.
fn parse_object(line: &str) -> Map<String, Value> {
    match serde_json::from_str::<Value>(line) {
        Ok(Value::Object(o)) => o,
        Ok(other) => panic!("not an object: {other}: {line}"),
        Err(e) => panic!("{e}: {line}"),
    }
}

#[test]
fn one_valid_json_line_per_decision() {
    let path = common::temp_path("log", "decisions.jsonl");
    let positions = [
        ("R1R2R32/R4R53/R63B6/3B5B4/2B3B2B1 r", 1u8),
        ("5/1R3R22/2R41B5/B1R52B3/5 r", 5),
        ("R14/5/2B62/1R63/4B2 r", 6),
        ("5/5/B14/3R11/5 r", 3),
    ];
    let limits = Limits::to_depth(3);
    {
        let mut log = DecisionLog::open(&path).unwrap();
        let mut s = Searcher::new(4);
        for (i, &(fen, die)) in positions.iter().enumerate() {
            let b = parse_fen(fen).unwrap();
            let level = if i % 2 == 0 {
                Level::FULL
            } else {
                Level::new(2).unwrap()
            };
            let c = choose(&mut s, &b, die, &limits, level, 1, &mut |_| {});
            log.record(&Decision::new(
                &b,
                die,
                &c.result,
                c.mv,
                level.get(),
                c.exact_values,
            ))
            .unwrap();
        }
    }
    // A second writer appends.
    let mut log = DecisionLog::open(&path).unwrap();
    let odd = "quote \" backslash \\ newline \n tab \t bell \u{7} würfelt";
    log.record(&Decision {
        position: odd.to_string(),
        die: 2,
        candidates: vec![RootMove {
            mv: Move::new(0, 6),
            value: 0,
        }],
        chosen: Move::new(0, 6),
        depth: 1,
        nodes: 1,
        time_ms: 0,
        level: 10,
        exact_values: true,
        variant: ewn::rules::variant::Variant::standard(),
    })
    .unwrap();
    drop(log);

    let text = std::fs::read_to_string(&path).unwrap();
    let lines: Vec<&str> = text.lines().collect();
    assert_eq!(lines.len(), positions.len() + 1);
    assert!(text.ends_with('\n'));
    for (i, line) in lines.iter().enumerate() {
        let o = parse_object(line);
        let mut keys: Vec<&str> = o.keys().map(|k| k.as_str()).collect();
        keys.sort_unstable();
        assert_eq!(
            keys,
            [
                "candidates",
                "chosen",
                "depth",
                "die",
                "exact_values",
                "level",
                "nodes",
                "position",
                "time_ms"
            ]
        );
        let Value::Array(cands) = &o["candidates"] else {
            panic!("candidates: {line}")
        };
        let Value::String(chosen) = &o["chosen"] else {
            panic!("chosen: {line}")
        };
        let mut names = Vec::new();
        for c in cands {
            let (Value::String(m), Some(wp), true) =
                (&c["move"], c["wp"].as_f64(), c["value"].is_number())
            else {
                panic!("candidate fields: {line}")
            };
            assert!((0.0..=1.0).contains(&wp));
            names.push(m.clone());
        }
        assert!(names.contains(chosen), "{line}");
        if let Some(&(fen, die)) = positions.get(i) {
            assert_eq!(o["position"], json!(fen));
            assert_eq!(o["die"], json!(die));
            let b = parse_fen(fen).unwrap();
            assert_eq!(cands.len(), b.moves_for_die(die).len());
        } else {
            assert_eq!(o["position"], json!(odd));
        }
    }
    let _ = std::fs::remove_file(&path);
}

/// The `DecisionLog` option of the native protocol: one valid line per `bestmove`.
#[test]
fn protocol_writes_one_line_per_bestmove() {
    let path = common::temp_path("log-proto", "decisions.jsonl");
    let mut e = common::Engine::start(&[]);
    let mut bestmoves = Vec::new();
    let mut search = |e: &mut common::Engine, go: &str| {
        e.send(go);
        let lines = e.until("bestmove ");
        let m = lines.last().unwrap().strip_prefix("bestmove ").unwrap();
        bestmoves.push(m.to_string());
    };
    e.send(&format!(
        "setoption name DecisionLog value {}",
        path.display()
    ));
    e.send("position startpos");
    search(&mut e, "go die 3 depth 3");
    e.send("setoption name Level value 2");
    search(&mut e, "go die 5 depth 3");
    e.send("setoption name DecisionLog value");
    search(&mut e, "go die 1 depth 2");
    e.send("quit");
    e.wait_exit(common::REPLY_TIMEOUT);

    let text = std::fs::read_to_string(&path).unwrap();
    let lines: Vec<&str> = text.lines().collect();
    assert_eq!(
        lines.len(),
        2,
        "the third search is after the log was turned off"
    );
    for (i, line) in lines.iter().enumerate() {
        let o = parse_object(line);
        assert_eq!(o["chosen"], json!(bestmoves[i]));
        assert_eq!(o["position"], json!("R1R2R32/R4R53/R63B6/3B5B4/2B3B2B1 r"));
        assert_eq!(o["level"], json!(if i == 0 { 10 } else { 2 }));
        assert_eq!(o["exact_values"], json!(i == 1));
    }
    let _ = std::fs::remove_file(&path);
}
