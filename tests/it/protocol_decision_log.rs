//! The decision log is valid JSON, one object per decision, with the fields a reader needs.

use crate::common;

use std::collections::BTreeMap;

use crate::common::standard::parse_fen;
use ewn::brain::decision_log::{Decision, DecisionLog};
use ewn::brain::level::{Level, choose};
use ewn::brain::search::{Limits, RootMove, Searcher};
use ewn::rules::board::Move;

/// A parsed JSON value: just enough of JSON (RFC 8259) to check the log strictly.
#[derive(Debug, PartialEq)]
enum Json {
    Null,
    Bool(bool),
    Num(f64),
    Str(String),
    Arr(Vec<Json>),
    Obj(BTreeMap<String, Json>),
}

struct Parser<'a> {
    s: &'a [u8],
    i: usize,
}

impl Parser<'_> {
    fn ws(&mut self) {
        while self.i < self.s.len() && b" \t\r\n".contains(&self.s[self.i]) {
            self.i += 1;
        }
    }
    fn eat(&mut self, c: u8) -> Result<(), String> {
        self.ws();
        if self.s.get(self.i) == Some(&c) {
            self.i += 1;
            Ok(())
        } else {
            Err(format!("expected '{}' at {}", c as char, self.i))
        }
    }
    fn value(&mut self) -> Result<Json, String> {
        self.ws();
        match self.s.get(self.i) {
            Some(b'{') => {
                self.i += 1;
                let mut m = BTreeMap::new();
                self.ws();
                if self.s.get(self.i) == Some(&b'}') {
                    self.i += 1;
                    return Ok(Json::Obj(m));
                }
                loop {
                    self.ws();
                    let Json::Str(k) = self.value()? else {
                        return Err("object key is not a string".into());
                    };
                    self.eat(b':')?;
                    let v = self.value()?;
                    if m.insert(k.clone(), v).is_some() {
                        return Err(format!("duplicate key {k}"));
                    }
                    self.ws();
                    match self.s.get(self.i) {
                        Some(b',') => self.i += 1,
                        Some(b'}') => {
                            self.i += 1;
                            return Ok(Json::Obj(m));
                        }
                        _ => return Err(format!("bad object at {}", self.i)),
                    }
                }
            }
            Some(b'[') => {
                self.i += 1;
                let mut v = Vec::new();
                self.ws();
                if self.s.get(self.i) == Some(&b']') {
                    self.i += 1;
                    return Ok(Json::Arr(v));
                }
                loop {
                    v.push(self.value()?);
                    self.ws();
                    match self.s.get(self.i) {
                        Some(b',') => self.i += 1,
                        Some(b']') => {
                            self.i += 1;
                            return Ok(Json::Arr(v));
                        }
                        _ => return Err(format!("bad array at {}", self.i)),
                    }
                }
            }
            Some(b'"') => {
                self.i += 1;
                let mut out = String::new();
                loop {
                    let Some(&c) = self.s.get(self.i) else {
                        return Err("unterminated string".into());
                    };
                    self.i += 1;
                    match c {
                        b'"' => return Ok(Json::Str(out)),
                        b'\\' => {
                            let e = *self.s.get(self.i).ok_or("bad escape")?;
                            self.i += 1;
                            match e {
                                b'"' => out.push('"'),
                                b'\\' => out.push('\\'),
                                b'/' => out.push('/'),
                                b'n' => out.push('\n'),
                                b'r' => out.push('\r'),
                                b't' => out.push('\t'),
                                b'b' => out.push('\u{8}'),
                                b'f' => out.push('\u{c}'),
                                b'u' => {
                                    let h = std::str::from_utf8(&self.s[self.i..self.i + 4])
                                        .map_err(|e| e.to_string())?;
                                    let n =
                                        u32::from_str_radix(h, 16).map_err(|e| e.to_string())?;
                                    out.push(char::from_u32(n).ok_or("bad \\u")?);
                                    self.i += 4;
                                }
                                _ => return Err(format!("bad escape \\{}", e as char)),
                            }
                        }
                        c if c < 0x20 => return Err("raw control character in string".into()),
                        _ => {
                            // Copy one UTF-8 sequence.
                            let start = self.i - 1;
                            let mut end = self.i;
                            while end < self.s.len() && (self.s[end] & 0xC0) == 0x80 {
                                end += 1;
                            }
                            out.push_str(
                                std::str::from_utf8(&self.s[start..end])
                                    .map_err(|e| e.to_string())?,
                            );
                            self.i = end;
                        }
                    }
                }
            }
            Some(b't') if self.s[self.i..].starts_with(b"true") => {
                self.i += 4;
                Ok(Json::Bool(true))
            }
            Some(b'f') if self.s[self.i..].starts_with(b"false") => {
                self.i += 5;
                Ok(Json::Bool(false))
            }
            Some(b'n') if self.s[self.i..].starts_with(b"null") => {
                self.i += 4;
                Ok(Json::Null)
            }
            Some(c) if *c == b'-' || c.is_ascii_digit() => {
                let start = self.i;
                if self.s[self.i] == b'-' {
                    self.i += 1;
                }
                let int_start = self.i;
                while self.i < self.s.len() && self.s[self.i].is_ascii_digit() {
                    self.i += 1;
                }
                let int = &self.s[int_start..self.i];
                if int.is_empty() || (int.len() > 1 && int[0] == b'0') {
                    return Err(format!("bad number at {start}"));
                }
                if self.s.get(self.i) == Some(&b'.') {
                    self.i += 1;
                    let f = self.i;
                    while self.i < self.s.len() && self.s[self.i].is_ascii_digit() {
                        self.i += 1;
                    }
                    if f == self.i {
                        return Err(format!("bad fraction at {start}"));
                    }
                }
                let text = std::str::from_utf8(&self.s[start..self.i]).unwrap();
                text.parse().map(Json::Num).map_err(|e| format!("{e}"))
            }
            _ => Err(format!("unexpected input at {}", self.i)),
        }
    }
}

fn parse_json(line: &str) -> Result<Json, String> {
    let mut p = Parser {
        s: line.as_bytes(),
        i: 0,
    };
    let v = p.value()?;
    p.ws();
    if p.i != line.len() {
        return Err(format!("trailing input at {}", p.i));
    }
    Ok(v)
}

#[test]
fn validator_rejects_broken_json() {
    assert!(parse_json(r#"{"a":[1,2.5,"x\"y"],"b":null}"#).is_ok());
    for bad in [
        r#"{"a":1,}"#,
        r#"{"a":"x"#,
        "{\"a\":\"\n\"}",
        r#"{"a":01}"#,
        r#"{"a":1}x"#,
    ] {
        assert!(parse_json(bad).is_err(), "{bad}");
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
        let Json::Obj(o) = parse_json(line).unwrap_or_else(|e| panic!("{e}: {line}")) else {
            panic!("not an object: {line}");
        };
        let keys: Vec<&str> = o.keys().map(|k| k.as_str()).collect();
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
        let Json::Arr(cands) = &o["candidates"] else {
            panic!()
        };
        let Json::Str(chosen) = &o["chosen"] else {
            panic!()
        };
        let mut names = Vec::new();
        for c in cands {
            let Json::Obj(c) = c else { panic!() };
            let (Json::Str(m), Json::Num(wp), Json::Num(_)) = (&c["move"], &c["wp"], &c["value"])
            else {
                panic!("candidate fields: {line}")
            };
            assert!((0.0..=1.0).contains(wp));
            names.push(m.clone());
        }
        assert!(names.contains(chosen), "{line}");
        if let Some(&(fen, die)) = positions.get(i) {
            assert_eq!(o["position"], Json::Str(fen.to_string()));
            assert_eq!(o["die"], Json::Num(die as f64));
            let b = parse_fen(fen).unwrap();
            assert_eq!(cands.len(), b.moves_for_die(die).len());
        } else {
            assert_eq!(o["position"], Json::Str(odd.to_string()));
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
        let Json::Obj(o) = parse_json(line).unwrap_or_else(|e| panic!("{e}: {line}")) else {
            panic!("{line}")
        };
        assert_eq!(o["chosen"], Json::Str(bestmoves[i].clone()));
        assert_eq!(
            o["position"],
            Json::Str("R1R2R32/R4R53/R63B6/3B5B4/2B3B2B1 r".into())
        );
        assert_eq!(o["level"], Json::Num(if i == 0 { 10.0 } else { 2.0 }));
        assert_eq!(o["exact_values"], Json::Bool(i == 1));
    }
    let _ = std::fs::remove_file(&path);
}
