//! A person plays the engine in a terminal, or plays on a real board with the engine as adviser.
//!
//! The game reads lines from any `BufRead` and writes to any `Write`, so it is driven the same way
//! by a keyboard and by a test. Dice are rolled by the program from a seed (splitmix64, so a seed
//! replays the same dice) or typed in by the person, for a game on a real board with real dice.
//! Bad input is answered and asked for again; the end of input stops the game cleanly, and the game
//! record is written either way, in the match record format (`protocol/records.md`), so that
//! `ewn replay` checks it.

use std::io::{self, BufRead, Write};
use std::path::PathBuf;

use crate::app::error::PlayError;
use crate::brain::analysis::{DieAnalysis, analyse_die, cube_name, threats_after};
use crate::brain::decision_log::{Decision, DecisionLog};
use crate::brain::level::{self, Level};
use crate::brain::search::{Limits, Searcher, WIN, to_prob};
use crate::record::{GameRecord, Ply, Reason, Start, today};
use crate::rules::board::{Board, Color, Move, piece_of};
use crate::rules::notation::{parse_move_in, to_fen};
use crate::rules::variant::Variant;
use crate::rules::zobrist::splitmix64;

/// Where the dice come from.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Dice {
    /// Rolled by the program: each roll is the next splitmix64 output from the seed, mod 6, plus 1.
    Auto { seed: u64 },
    /// Typed in by the person, one digit 1..6 per turn.
    Manual,
}

#[derive(Clone, Debug)]
pub struct PlayOptions {
    pub start: Board,
    /// Which sides the person moves (indexed by `Color::idx`); the engine moves the others.
    pub human: [bool; 2],
    /// Show the engine's analysis before each of the person's moves.
    pub advise: bool,
    pub limits: Limits,
    pub level: Level,
    /// Seed of the weaker levels' choices.
    pub seed: u64,
    pub dice: Dice,
    /// ANSI colours in the board drawing.
    pub color: bool,
    pub record: Option<PathBuf>,
    pub decision_log: Option<PathBuf>,
    pub hash_mb: usize,
    /// The engine's search threads.
    pub threads: usize,
    /// Repeat each line read after its prompt, so that a transcript of piped input reads well.
    pub echo: bool,
}

/// How the game ended.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Outcome {
    Won(Color),
    /// A side resigned; the other wins.
    Resigned(Color),
    /// Stopped by `quit` or the end of input before a result.
    Unfinished,
}

const RESET: &str = "\x1b[0m";

fn paint(color: bool, side: Color, text: &str) -> String {
    if !color {
        return text.to_string();
    }
    let code = match side {
        Color::Red => "\x1b[1;31m",
        Color::Blue => "\x1b[1;34m",
    };
    format!("{code}{text}{RESET}")
}

/// The board for a person, the top rank first, with colours when asked for (holes as `()`,
/// cubes 10..12 as `A`..`C`).
pub fn draw(b: &Board, color: bool) -> String {
    let v = b.variant();
    let (rows, cols) = (v.rows(), v.cols());
    let files: String = (0..cols)
        .map(|c| format!("{}   ", (b'a' + c) as char))
        .collect();
    let files = format!("     {}\n", files.trim_end());
    let line = format!("   +{}\n", "---+".repeat(cols as usize));
    let mut s = files.clone() + &line;
    for row in 0..rows {
        s.push_str(&format!(" {} |", rows - row));
        for col in 0..cols {
            let sq = row * cols + col;
            let code = b.piece_at(sq);
            if code == 0 {
                s.push_str(if v.hole_mask >> sq & 1 != 0 {
                    "() |"
                } else {
                    "   |"
                });
            } else {
                let (c, n) = piece_of(code);
                let t = format!(
                    "{}{}",
                    if c == Color::Red { 'R' } else { 'B' },
                    crate::rules::variant::cube_char(n)
                );
                s.push_str(&format!("{} |", paint(color, c, &t)));
            }
        }
        s.push_str(&format!(" {}\n{line}", rows - row));
    }
    s.push_str(&files);
    s
}

/// Reads one trimmed line; `None` at the end of input. Bytes that are not UTF-8 are replaced, so
/// they come back as bad input instead of an error.
fn read_line(input: &mut dyn BufRead) -> io::Result<Option<String>> {
    let mut buf = Vec::new();
    if input.read_until(b'\n', &mut buf)? == 0 {
        return Ok(None);
    }
    Ok(Some(String::from_utf8_lossy(&buf).trim().to_string()))
}

/// Reads one line at a prompt, echoing it when asked to.
fn answer(input: &mut dyn BufRead, out: &mut dyn Write, echo: bool) -> io::Result<Option<String>> {
    let line = read_line(input)?;
    if echo {
        match &line {
            Some(l) => writeln!(out, "{l}")?,
            None => writeln!(out)?,
        }
    }
    Ok(line)
}

struct Game<'a> {
    opts: &'a PlayOptions,
    input: &'a mut dyn BufRead,
    out: &'a mut dyn Write,
    searcher: Searcher,
    dice_state: u64,
    log: Option<DecisionLog>,
}

/// What the person typed at the move prompt.
enum Reply {
    Move(Move),
    Resign,
    Quit,
    Eof,
}

impl Game<'_> {
    fn roll(&mut self, side: Color, v: &Variant) -> io::Result<Option<u8>> {
        if !v.has_dice() {
            // The mover picks any cube: there is nothing to roll.
            return Ok(Some(0));
        }
        match self.opts.dice {
            Dice::Auto { .. } => {
                let (s, r) = splitmix64(self.dice_state);
                self.dice_state = s;
                // An outcome by its weight (one die of six: r % 6 + 1, as ever).
                let mut x = (r % v.total_weight as u64) as u32;
                let mut d = v.outcomes[0].0;
                for &(o, w) in &v.outcomes {
                    if x < w {
                        d = o;
                        break;
                    }
                    x -= w;
                }
                writeln!(self.out, "{} rolls {d}", side.name())?;
                Ok(Some(d))
            }
            Dice::Manual => loop {
                let range = v.outcome_range().replace("..", "-");
                write!(self.out, "die for {} ({range})> ", side.name())?;
                self.out.flush()?;
                let Some(line) = answer(self.input, self.out, self.opts.echo)? else {
                    return Ok(None);
                };
                match line.parse::<u8>() {
                    Ok(d) if v.is_outcome(d) => return Ok(Some(d)),
                    _ if v.standard => {
                        writeln!(self.out, "'{line}' is not a die face: type a digit 1 to 6")?
                    }
                    _ => writeln!(self.out, "'{line}' is not a roll: type a number {range}")?,
                }
            },
        }
    }

    fn ask_move(&mut self, b: &Board, side: Color, die: u8, legal: &[Move]) -> io::Result<Reply> {
        let v = b.variant();
        let names: Vec<String> = legal.iter().map(|m| m.display(v).to_string()).collect();
        writeln!(self.out, "legal moves: {}", names.join(" "))?;
        loop {
            write!(self.out, "{} move (die {die})> ", side.name())?;
            self.out.flush()?;
            let Some(line) = answer(self.input, self.out, self.opts.echo)? else {
                return Ok(Reply::Eof);
            };
            match line.as_str() {
                "" => continue,
                "resign" => return Ok(Reply::Resign),
                "quit" => return Ok(Reply::Quit),
                "help" => {
                    writeln!(
                        self.out,
                        "type a move such as {} (from-square then to-square), 'resign' or 'quit'",
                        names[0]
                    )?;
                    continue;
                }
                _ => {}
            }
            match parse_move_in(b.variant(), &line) {
                Ok(m) if legal.contains(&m) => return Ok(Reply::Move(m)),
                Ok(m) => {
                    let why = if b.is_legal(m, None) {
                        format!("{} is not legal with die {die}", m.display(v))
                    } else {
                        format!("{} is not a legal move here", m.display(v))
                    };
                    writeln!(self.out, "{why}; legal moves: {}", names.join(" "))?;
                }
                Err(e) => writeln!(self.out, "{e}; legal moves: {}", names.join(" "))?,
            }
        }
    }

    /// Plays from the start position, recording every move; returns the final position.
    fn play(&mut self, rec: &mut GameRecord) -> io::Result<Board> {
        let opts = self.opts;
        let mut b = opts.start.clone();
        loop {
            write!(self.out, "\n{}", draw(&b, opts.color))?;
            if let Some(w) = b.winner() {
                writeln!(self.out, "{} wins", paint(opts.color, w, w.name()))?;
                rec.winner = Some(w);
                rec.reason = if b.alive(w.other()) == 0 {
                    Reason::Capture
                } else {
                    Reason::Goal
                };
                return Ok(b);
            }
            let side = b.side_to_move();
            writeln!(self.out, "{} to move", paint(opts.color, side, side.name()))?;
            let Some(die) = self.roll(side, b.variant())? else {
                writeln!(self.out, "input ended: game stopped")?;
                rec.detail = "input ended".into();
                return Ok(b);
            };
            let legal = b.moves_for_die(die);
            let (mv, value) = if opts.human[side.idx()] {
                let a = analyse_die(&mut self.searcher, &b, die, &opts.limits, &mut |_| {});
                if opts.advise {
                    self.show_advice(&b, side, &a)?;
                }
                match self.ask_move(&b, side, die, legal.as_slice())? {
                    Reply::Move(m) => {
                        let v = a.moves().iter().find(|r| r.mv == m).map_or(0, |r| r.value);
                        (m, v)
                    }
                    Reply::Resign => {
                        writeln!(self.out, "{} resigns", side.name())?;
                        rec.winner = Some(side.other());
                        rec.reason = Reason::Resign;
                        return Ok(b);
                    }
                    Reply::Quit => {
                        writeln!(self.out, "game stopped")?;
                        rec.detail = "quit".into();
                        return Ok(b);
                    }
                    Reply::Eof => {
                        writeln!(self.out, "input ended: game stopped")?;
                        rec.detail = "input ended".into();
                        return Ok(b);
                    }
                }
            } else {
                self.engine_move(&b, side, die)?
            };
            b.make(mv);
            rec.plies.push(Ply::new(side, die, mv));
            self.show_chances(&b, side, mv, value)?;
        }
    }

    /// The engine's advice to a person: every move's win chance and the threats after it.
    fn show_advice(&mut self, b: &Board, side: Color, a: &DieAnalysis) -> io::Result<()> {
        writeln!(
            self.out,
            "engine's advice (win chance, threats after the move):"
        )?;
        for rm in a.moves() {
            let t = threats_after(b, rm.mv);
            let caps: Vec<String> = t
                .capture_faces
                .iter()
                .filter(|&&(_, f)| f > 0)
                .map(|&(n, f)| format!("{} {:.4}", cube_name(side, n), t.chance(f)))
                .collect();
            writeln!(
                self.out,
                "  {}  {:.4}  opponent wins next turn {:.4}{}{}",
                rm.mv.display(b.variant()),
                to_prob(rm.value),
                t.win_prob(),
                if caps.is_empty() { "" } else { ", can take " },
                caps.join(", ")
            )?;
        }
        Ok(())
    }

    /// The engine's move for `side` at its level, logged as a decision if asked, and its value.
    fn engine_move(&mut self, b: &Board, side: Color, die: u8) -> io::Result<(Move, i64)> {
        let opts = self.opts;
        let c = level::choose(
            &mut self.searcher,
            b,
            die,
            &opts.limits,
            opts.level,
            opts.seed,
            &mut |_| {},
        );
        if let Some(log) = self.log.as_mut() {
            let d = Decision::new(b, die, &c.result, c.mv, opts.level.get(), c.exact_values);
            if let Err(e) = log.record(&d) {
                log::warn!("decision log: {e}");
            }
        }
        writeln!(
            self.out,
            "engine plays {} for {}",
            c.mv.display(b.variant()),
            side.name()
        )?;
        Ok((c.mv, c.value))
    }

    /// Both sides' win chances after `side` played `mv` (valued `value` for `side`).
    fn show_chances(&mut self, b: &Board, side: Color, mv: Move, value: i64) -> io::Result<()> {
        let (red, blue) = if side == Color::Red {
            (value, WIN - value)
        } else {
            (WIN - value, value)
        };
        writeln!(
            self.out,
            "win chance after {}: red {:.4}, blue {:.4}",
            mv.display(b.variant()),
            to_prob(red),
            to_prob(blue)
        )?;
        Ok(())
    }
}

/// The record of the game `opts` describes, before its first move: its players named as the
/// game line names them ("human", "engine level N").
fn new_record(opts: &PlayOptions) -> GameRecord {
    let who = |c: Color| {
        if opts.human[c.idx()] {
            "human".to_string()
        } else {
            format!("engine level {}", opts.level.get())
        }
    };
    GameRecord {
        number: 1,
        match_id: None,
        seed: match opts.dice {
            Dice::Auto { seed } => Some(seed),
            Dice::Manual => None,
        },
        date: today(),
        red: who(Color::Red),
        blue: who(Color::Blue),
        start: Start::from_board(&opts.start),
        plies: Vec::new(),
        winner: None,
        reason: Reason::Unfinished,
        detail: String::new(),
    }
}

/// Writes the finished game to the record file locked for it.
fn save_record(
    path: &std::path::Path,
    file: &mut crate::referee::record_file::RecordFile,
    rec: &GameRecord,
) -> Result<(), PlayError> {
    file.write_all(rec.to_text().as_bytes())
        .and_then(|_| file.flush())
        .map_err(|error| PlayError::WriteRecord {
            path: path.to_path_buf(),
            error,
        })
}

/// Plays one game. Errors only come from writing the output, the record or the decision log.
pub fn run(
    opts: &PlayOptions,
    input: &mut dyn BufRead,
    out: &mut dyn Write,
) -> Result<Outcome, PlayError> {
    let log = match &opts.decision_log {
        Some(p) => Some(
            DecisionLog::open(p).map_err(|error| PlayError::DecisionLog {
                path: p.clone(),
                error,
            })?,
        ),
        None => None,
    };
    let mut rec = new_record(opts);
    let dice = match opts.dice {
        Dice::Auto { seed } => format!("auto seed {seed}"),
        Dice::Manual => "manual".to_string(),
    };
    // Locked before the game, so that a record another process writes (or a FIFO) is refused
    // now, not after the game.
    let mut record = opts
        .record
        .as_deref()
        .map(crate::referee::record_file::RecordFile::create)
        .transpose()?;
    writeln!(out, "red: {}, blue: {}, dice: {dice}", rec.red, rec.blue)?;
    let mut searcher = Searcher::new(opts.hash_mb);
    searcher.set_threads(opts.threads);
    // Exact three-cube endgames, as in the protocol loop: used by timed searches only, so a
    // game at a fixed depth plays as it always did.
    searcher.set_builtin_tables(true);
    let end = {
        let mut game = Game {
            opts,
            input,
            out: &mut *out,
            searcher,
            dice_state: match opts.dice {
                Dice::Auto { seed } => seed,
                Dice::Manual => 0,
            },
            log,
        };
        game.play(&mut rec)?
    };
    writeln!(out, "final position: {}", to_fen(&end))?;
    if let (Some(p), Some(r)) = (&opts.record, record.as_mut()) {
        save_record(p, r, &rec)?;
        writeln!(out, "record saved to {}", p.display())?;
    }
    Ok(match (rec.winner, rec.reason) {
        (Some(w), Reason::Resign) => Outcome::Resigned(w.other()),
        (Some(w), _) => Outcome::Won(w),
        (None, _) => Outcome::Unfinished,
    })
}
