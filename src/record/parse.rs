//! Reading records: every game of a file replayed move by move as it is read, so that a record
//! that breaks a rule is refused with the line and the game that break it.

use super::*;

/// Reads every game of a record file. Blank lines and lines starting with `#` are ignored.
pub fn parse_records(text: &str) -> Result<Vec<GameRecord>, RecordError> {
    Ok(parse_located(text)?.into_iter().map(|g| g.game).collect())
}

/// Reads every game of a record file with its `graph` line, if it has one.
pub fn parse_records_with_graphs(
    text: &str,
) -> Result<Vec<(GameRecord, Option<Graph>)>, RecordError> {
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
    pub fn replay(&self) -> Result<Board, LocatedReplayError> {
        self.game.replay().map_err(|error| {
            let line = error
                .ply()
                .and_then(|n| self.move_lines.get(n - 1).copied())
                .unwrap_or(self.result_line);
            LocatedReplayError {
                line,
                game: self.game.number,
                error,
            }
        })
    }
}

/// Reads a record file: its games with their lines. A byte-order mark is skipped; an error names
/// the file and the line; a file without a game is an error. The file is read as
/// [`read_text_file`] reads.
pub fn read_record_file(path: &std::path::Path) -> Result<Vec<Located>, RecordFileError> {
    let file = || path.display().to_string();
    let text = read_text_file(path)?;
    let games = parse_located(&text).map_err(|error| RecordFileError::Record {
        file: file(),
        error,
    })?;
    if games.is_empty() {
        return Err(RecordFileError::NoGames(file()));
    }
    Ok(games)
}

/// [`parse_records`] with the lines of each game.
pub fn parse_located(text: &str) -> Result<Vec<Located>, RecordError> {
    let text = text.strip_prefix('\u{feff}').unwrap_or(text);
    let mut reader = Reader {
        games: Vec::new(),
        cur: None,
        start_line: 0,
    };
    for (i, raw) in text.lines().enumerate() {
        let line = raw.trim();
        if line.is_empty() || line.starts_with('#') {
            continue;
        }
        reader
            .line(i + 1, line)
            .map_err(|fault| RecordError { line: i + 1, fault })?;
    }
    if reader.cur.is_some() {
        return Err(RecordError {
            line: reader.start_line,
            fault: RecordFault::NoEnd,
        });
    }
    Ok(reader.games)
}

/// The games read so far and the one being read.
struct Reader {
    games: Vec<Located>,
    cur: Option<Partial>,
    /// The line of the current game's `game` line.
    start_line: usize,
}

impl Reader {
    /// Reads one line (not blank, not a comment), line `lineno` of the file.
    fn line(&mut self, lineno: usize, line: &str) -> Result<(), RecordFault> {
        let (key, rest) = line.split_once(' ').unwrap_or((line, ""));
        let rest = rest.trim();
        if key == "game" {
            if self.cur.is_some() {
                return Err(RecordFault::GameBeforeEnd);
            }
            let number = rest
                .parse()
                .map_err(|_| RecordFault::GameNumber(rest.to_string()))?;
            self.cur = Some(Partial::new(number));
            self.start_line = lineno;
            return Ok(());
        }
        let Some(g) = self.cur.as_mut() else {
            return Err(RecordFault::OutsideGame(key.to_string()));
        };
        match key {
            "seed" | "match" | "date" | "red" | "blue" => g.header(key, rest),
            "variant" => g.variant(rest),
            "setup" | "position" | "first" => g.start(key, rest),
            "move" => g.ply(rest, lineno),
            "result" => g.result(rest, lineno),
            "graph" => g.graph(rest),
            "end" => self.end(),
            _ => Err(RecordFault::UnknownLine(key.to_string())),
        }
    }

    /// The `end` of the current game: the game checked and kept.
    fn end(&mut self) -> Result<(), RecordFault> {
        let mut g = self.cur.take().expect("an end is read inside a game");
        let graph = g.graph.take();
        if graph.as_ref().is_some_and(|v| v.len() != g.plies.len() + 1) {
            return Err(RecordFault::GraphLength);
        }
        let (move_lines, result_line) = (g.move_lines.clone(), g.result_line);
        let start = self.start_line;
        let game = g
            .finish()
            .map_err(|fault| RecordFault::Game { start, fault })?;
        self.games.push(Located {
            game,
            line: start,
            move_lines,
            result_line,
            graph,
        });
        Ok(())
    }
}

/// A side letter of a record (`r` or `b`).
fn side(s: &str) -> Result<Color, RecordFault> {
    parse_side(s).ok_or_else(|| RecordFault::Side(s.to_string()))
}

impl Partial {
    /// `seed`, `match`, `date`, `red` or `blue`.
    fn header(&mut self, key: &str, rest: &str) -> Result<(), RecordFault> {
        match key {
            "seed" => {
                let seed = u64::from_str_radix(rest, 16)
                    .map_err(|_| RecordFault::Seed(rest.to_string()))?;
                self.seed = Some(seed);
            }
            "match" => {
                if rest.is_empty() || rest.contains(char::is_whitespace) {
                    return Err(RecordFault::MatchId(rest.to_string()));
                }
                self.match_id = Some(rest.to_string());
            }
            "date" => {
                if !valid_date(rest) {
                    return Err(RecordFault::Date(rest.to_string()));
                }
                self.date = rest.to_string();
            }
            _ => {
                if rest.chars().count() > MAX_NAME {
                    return Err(RecordFault::LongName);
                }
                if key == "red" {
                    self.red = rest.to_string();
                } else {
                    self.blue = rest.to_string();
                }
            }
        }
        Ok(())
    }

    /// `variant`: a preset's name, or a custom variant's one-line definition.
    fn variant(&mut self, rest: &str) -> Result<(), RecordFault> {
        if self.setups.is_some() || self.position.is_some() || !self.plies.is_empty() {
            return Err(RecordFault::VariantLate);
        }
        self.variant = if rest.contains('=') {
            let vs = variant_file::parse_variants("the record", rest)
                .map_err(|e| RecordFault::Variant(Box::new(e)))?;
            vs.first().copied().ok_or(RecordFault::EmptyVariant)?
        } else {
            Variant::preset(rest).ok_or_else(|| RecordFault::UnknownVariant(rest.to_string()))?
        };
        Ok(())
    }

    /// `setup`, `position` or `first`.
    fn start(&mut self, key: &str, rest: &str) -> Result<(), RecordFault> {
        match key {
            "setup" => {
                let parts: Vec<&str> = rest.split_whitespace().collect();
                let [r, b] = parts[..] else {
                    return Err(RecordFault::SetupPair);
                };
                self.setups = Some((
                    parse_setup_in(self.variant, r)?,
                    parse_setup_in(self.variant, b)?,
                ));
            }
            "position" => self.position = Some(parse_fen_in(self.variant, rest)?),
            _ => self.first = Some(side(rest)?),
        }
        Ok(())
    }

    /// `move`, on line `lineno`.
    fn ply(&mut self, rest: &str, lineno: usize) -> Result<(), RecordFault> {
        let parts: Vec<&str> = rest.split_whitespace().collect();
        let (side_text, die, mv, ms) = match parts[..] {
            [side, die, mv] => (side, die, mv, None),
            [side, die, mv, ms] => (side, die, mv, Some(ms)),
            _ => return Err(RecordFault::MoveFields),
        };
        let side = side(side_text)?;
        let die: u8 = die
            .parse()
            .ok()
            .filter(|&d| self.variant.is_outcome(d))
            .ok_or_else(|| RecordFault::Die(die.to_string()))?;
        let mv = parse_move_in(self.variant, mv)?;
        let us = match ms {
            None => None,
            Some(ms) => Some(parse_ms(ms).ok_or_else(|| RecordFault::Time(ms.to_string()))?),
        };
        self.plies.push(Ply { side, die, mv, us });
        self.move_lines.push(lineno);
        Ok(())
    }

    /// `result`, on line `lineno`.
    fn result(&mut self, rest: &str, lineno: usize) -> Result<(), RecordFault> {
        let (w, more) = rest.split_once(' ').unwrap_or((rest, ""));
        self.result_line = lineno;
        if w == Reason::Unfinished.name() {
            self.result = Some((None, Reason::Unfinished, more.trim().to_string()));
            return Ok(());
        }
        let winner = parse_side(w).ok_or_else(|| RecordFault::Winner(w.to_string()))?;
        let (r, detail) = more.trim().split_once(' ').unwrap_or((more.trim(), ""));
        let reason = Reason::parse(r)
            .filter(|&r| r != Reason::Unfinished)
            .ok_or_else(|| RecordFault::Reason(r.to_string()))?;
        self.result = Some((Some(winner), reason, detail.trim().to_string()));
        Ok(())
    }

    /// `graph`: Red's win chances, one a position.
    fn graph(&mut self, rest: &str) -> Result<(), RecordFault> {
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
        self.graph = Some(points.ok_or(RecordFault::Graph)?);
        Ok(())
    }
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

    fn finish(self) -> Result<GameRecord, GameFault> {
        let start = match (self.setups, self.position) {
            (Some((red, blue)), None) => Start::Setups {
                red,
                blue,
                first: self.first.ok_or(GameFault::NoFirst)?,
                variant: self.variant,
            },
            (None, Some(b)) => {
                if self.first.is_some_and(|f| f != b.side_to_move()) {
                    return Err(GameFault::FirstNotToMove);
                }
                Start::Position(b)
            }
            (Some(_), Some(_)) => return Err(GameFault::BothStarts),
            (None, None) => return Err(GameFault::NoStart),
        };
        let (winner, reason, detail) = self.result.ok_or(GameFault::NoResult)?;
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
