//! Reading records: every game of a file replayed move by move as it is read, so that a record
//! that breaks a rule is refused with the line and the game that break it.

use super::*;

/// Reads every game of a record file. Blank lines and lines starting with `#` are ignored.
pub fn parse_records(text: &str) -> Result<Vec<GameRecord>, String> {
    Ok(parse_located(text)?.into_iter().map(|g| g.game).collect())
}

/// Reads every game of a record file with its `graph` line, if it has one.
pub fn parse_records_with_graphs(text: &str) -> Result<Vec<(GameRecord, Option<Graph>)>, String> {
    Ok(parse_located(text)?
        .into_iter()
        .map(|g| (g.game, g.graph))
        .collect())
}

/// A game read from a file, with the lines it came from.
#[derive(Clone, Debug, PartialEq)]
pub struct Located {
    pub game: GameRecord,
    /// The line of its `game` line (1-based), of each `move` line and of its `result` line.
    pub line: usize,
    pub move_lines: Vec<usize>,
    pub result_line: usize,
    /// Red's win chances from its `graph` line, if it has one.
    pub graph: Option<Graph>,
}

impl Located {
    /// [`GameRecord::replay`], its error naming the line and the game (and the ply).
    pub fn replay(&self) -> Result<Board, String> {
        self.game.replay_at().map_err(|(ply, e)| {
            let line = ply
                .and_then(|n| self.move_lines.get(n - 1).copied())
                .unwrap_or(self.result_line);
            format!("line {line}: game {}: {e}", self.game.number)
        })
    }
}

/// Reads a record file: its games with their lines. A byte-order mark is skipped; an error names
/// the file and the line; a file without a game is an error. The file is read as
/// [`read_text_file`] reads.
pub fn read_record_file(path: &std::path::Path) -> anyhow::Result<Vec<Located>> {
    let name = path.display();
    let text = read_text_file(path)?;
    let games = parse_located(&text).map_err(|e| anyhow::anyhow!("{name}: {e}"))?;
    anyhow::ensure!(!games.is_empty(), "no games in {name}");
    Ok(games)
}

/// [`parse_records`] with the lines of each game.
pub fn parse_located(text: &str) -> Result<Vec<Located>, String> {
    let text = text.strip_prefix('\u{feff}').unwrap_or(text);
    let mut games = Vec::new();
    let mut cur: Option<Partial> = None;
    let mut start_line = 0;
    for (i, raw) in text.lines().enumerate() {
        let lineno = i + 1;
        let line = raw.trim();
        if line.is_empty() || line.starts_with('#') {
            continue;
        }
        let (key, rest) = line.split_once(' ').unwrap_or((line, ""));
        let rest = rest.trim();
        let fail = |m: String| format!("line {lineno}: {}", short_message(m));
        if key == "game" {
            if cur.is_some() {
                return Err(fail("'game' before the previous game's 'end'".into()));
            }
            let number = rest
                .parse()
                .map_err(|_| fail(format!("bad game number '{rest}'")))?;
            cur = Some(Partial::new(number));
            start_line = lineno;
            continue;
        }
        let Some(g) = cur.as_mut() else {
            return Err(fail(format!("'{key}' outside a game")));
        };
        match key {
            "seed" => {
                g.seed = Some(
                    u64::from_str_radix(rest, 16)
                        .map_err(|_| fail(format!("bad seed '{rest}'")))?,
                );
            }
            "match" => {
                if rest.is_empty() || rest.contains(char::is_whitespace) {
                    return Err(fail(format!("bad match id '{rest}'")));
                }
                g.match_id = Some(rest.to_string());
            }
            "date" => {
                if !valid_date(rest) {
                    return Err(fail(format!("bad date '{rest}': expected YYYY-MM-DD")));
                }
                g.date = rest.to_string();
            }
            "red" | "blue" => {
                if rest.chars().count() > MAX_NAME {
                    return Err(fail(format!("a name longer than {MAX_NAME} characters")));
                }
                if key == "red" {
                    g.red = rest.to_string();
                } else {
                    g.blue = rest.to_string();
                }
            }
            "variant" => {
                if g.setups.is_some() || g.position.is_some() || !g.plies.is_empty() {
                    return Err(fail(
                        "'variant' must come before the start and the moves".into(),
                    ));
                }
                g.variant = if rest.contains('=') {
                    let vs = variant_file::parse_variants("the record", rest).map_err(fail)?;
                    vs.first()
                        .copied()
                        .ok_or_else(|| fail("an empty variant definition".into()))?
                } else {
                    Variant::preset(rest).ok_or_else(|| {
                        fail(format!(
                            "unknown variant '{rest}' (a record of a custom variant carries its definition)"
                        ))
                    })?
                };
            }
            "setup" => {
                let parts: Vec<&str> = rest.split_whitespace().collect();
                let [r, b] = parts[..] else {
                    return Err(fail("setup needs Red's and Blue's setups".into()));
                };
                g.setups = Some((
                    parse_setup_in(g.variant, r).map_err(|e| fail(e.0))?,
                    parse_setup_in(g.variant, b).map_err(|e| fail(e.0))?,
                ));
            }
            "position" => {
                g.position = Some(parse_fen_in(g.variant, rest).map_err(|e| fail(e.0))?);
            }
            "first" => {
                g.first = Some(parse_side(rest).ok_or_else(|| fail(format!("bad side '{rest}'")))?);
            }
            "move" => {
                let parts: Vec<&str> = rest.split_whitespace().collect();
                let (side, die, mv, ms) = match parts[..] {
                    [side, die, mv] => (side, die, mv, None),
                    [side, die, mv, ms] => (side, die, mv, Some(ms)),
                    _ => {
                        return Err(fail(
                            "move needs side, die and move (and optionally its time in ms)".into(),
                        ));
                    }
                };
                let side = parse_side(side).ok_or_else(|| fail(format!("bad side '{side}'")))?;
                let die: u8 = die
                    .parse()
                    .ok()
                    .filter(|&d| g.variant.is_outcome(d))
                    .ok_or_else(|| fail(format!("bad die '{die}'")))?;
                let mv = parse_move_in(g.variant, mv).map_err(|e| fail(e.0))?;
                let us = match ms {
                    None => None,
                    Some(ms) => Some(
                        parse_ms(ms)
                            .ok_or_else(|| fail(format!("bad time '{ms}' (milliseconds)")))?,
                    ),
                };
                g.plies.push(Ply { side, die, mv, us });
                g.move_lines.push(lineno);
            }
            "result" => {
                let (w, more) = rest.split_once(' ').unwrap_or((rest, ""));
                if w == Reason::Unfinished.name() {
                    g.result = Some((None, Reason::Unfinished, more.trim().to_string()));
                    g.result_line = lineno;
                    continue;
                }
                let winner = parse_side(w).ok_or_else(|| fail(format!("bad winner '{w}'")))?;
                let (r, detail) = more.trim().split_once(' ').unwrap_or((more.trim(), ""));
                let reason = Reason::parse(r)
                    .filter(|&r| r != Reason::Unfinished)
                    .ok_or_else(|| fail(format!("bad reason '{r}'")))?;
                g.result = Some((Some(winner), reason, detail.trim().to_string()));
                g.result_line = lineno;
            }
            "graph" => {
                let points: Option<Graph> = rest
                    .split_whitespace()
                    .map(|w| match w {
                        "-" => Some(None),
                        _ => w
                            .parse::<f64>()
                            .ok()
                            .filter(|p| (0.0..=1.0).contains(p))
                            .map(Some),
                    })
                    .collect();
                g.graph = Some(points.ok_or_else(|| {
                    fail("graph needs win chances 0..1 or '-', one a position".into())
                })?);
            }
            "end" => {
                let mut g = cur.take().expect("checked above");
                let graph = g.graph.take();
                if graph.as_ref().is_some_and(|v| v.len() != g.plies.len() + 1) {
                    return Err(fail(
                        "graph needs one win chance a position: one more than the moves".into(),
                    ));
                }
                let (move_lines, result_line) = (g.move_lines.clone(), g.result_line);
                let game = g
                    .finish()
                    .map_err(|e| format!("line {lineno}: game from line {start_line}: {e}"))?;
                games.push(Located {
                    game,
                    line: start_line,
                    move_lines,
                    result_line,
                    graph,
                });
            }
            _ => return Err(fail(format!("unknown line '{key}'"))),
        }
    }
    if cur.is_some() {
        return Err(format!(
            "line {start_line}: the game starting here has no 'end'"
        ));
    }
    Ok(games)
}

struct Partial {
    variant: &'static Variant,
    number: u64,
    match_id: Option<String>,
    seed: Option<u64>,
    date: String,
    red: String,
    blue: String,
    setups: Option<(Vec<u8>, Vec<u8>)>,
    position: Option<Board>,
    first: Option<Color>,
    plies: Vec<Ply>,
    result: Option<(Option<Color>, Reason, String)>,
    graph: Option<Graph>,
    move_lines: Vec<usize>,
    result_line: usize,
}

impl Partial {
    fn new(number: u64) -> Partial {
        Partial {
            variant: Variant::standard(),
            number,
            match_id: None,
            seed: None,
            date: String::new(),
            red: String::new(),
            blue: String::new(),
            setups: None,
            position: None,
            first: None,
            plies: Vec::new(),
            result: None,
            graph: None,
            move_lines: Vec::new(),
            result_line: 0,
        }
    }

    fn finish(self) -> Result<GameRecord, String> {
        let start = match (self.setups, self.position) {
            (Some((red, blue)), None) => Start::Setups {
                red,
                blue,
                first: self.first.ok_or("game without 'first'")?,
                variant: self.variant,
            },
            (None, Some(b)) => {
                if self.first.is_some_and(|f| f != b.side_to_move()) {
                    return Err("'first' is not the side to move of 'position'".into());
                }
                Start::Position(b)
            }
            (Some(_), Some(_)) => return Err("game with both 'setup' and 'position'".into()),
            (None, None) => return Err("game without 'setup' or 'position'".into()),
        };
        let (winner, reason, detail) = self.result.ok_or("game without 'result'")?;
        Ok(GameRecord {
            number: self.number,
            match_id: self.match_id,
            seed: self.seed,
            date: self.date,
            red: self.red,
            blue: self.blue,
            start,
            plies: self.plies,
            winner,
            reason,
            detail,
        })
    }
}
