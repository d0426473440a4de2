//! One game between two players: the referee's loop of roll, ask, check and record, with the
//! clocks and the forfeits, and the pairing of games into pairs that share their dice.

use std::time::{Duration, Instant};

use crate::players::engine::HANDSHAKE;
use crate::players::{Fault, Player, TimeControl, Turn};
use crate::record::{GameRecord, Ply, Reason, Start};
use crate::rules::board::{Board, Color, Move};
use crate::rules::rng::{MatchRng, Roll};
use crate::rules::variant::Variant;

/// What one game needs besides its players.
#[derive(Clone, Debug)]
pub struct GameSpec {
    pub number: u64,
    pub seed: u64,
    pub first: Color,
    /// The time control of the Red and of the Blue player.
    pub tc: [TimeControl; 2],
    pub grace_ms: u64,
    /// Ask the players for their setups instead of drawing them from the seed.
    pub engine_setups: bool,
    pub date: String,
    /// A given start instead of the setups drawn from the seed (whose first mover then is
    /// `first`); the dice still come from the seed.
    pub start: Option<Start>,
    /// The fingerprint of the match, written into the record.
    pub match_id: Option<String>,
    /// The variant played.
    pub variant: &'static Variant,
    /// A folder for the engines' logs of this game (`--engine-log`): one file per player,
    /// `game-<number>-<red|blue>-<name>.log` (the name with only letters, digits, `-` and `_`).
    pub engine_log: Option<std::path::PathBuf>,
    /// The live view of the hall (`--live`), shown every move.
    pub hall: Option<super::hall::Hall>,
    /// Red's and Blue's names in the record and on the live page: the tournament's names for
    /// its players (`name=`), which a built-in player does not know; `None` takes each
    /// player's own.
    pub names: Option<[String; 2]>,
}

/// Plays one game between `red` and `blue` and returns its record: the game is prepared (setups,
/// clocks, the players told of the game), then moves are played until the game is adjudicated
/// or a player forfeits it.
pub fn play_game(red: &mut dyn Player, blue: &mut dyn Player, spec: &GameSpec) -> GameRecord {
    let mut players: [&mut dyn Player; 2] = [red, blue];
    let mut game = Game::new(&mut players, spec);
    if let Err(ending) = game.prepare(&mut players, spec) {
        return game.finish(ending);
    }
    loop {
        if let Some(ending) = game.adjudicate() {
            // Told to the hall at once, even in a paced match: the finished game carries its
            // final position, which the live page holds on its card, so that the card's result,
            // the count, the standings and the finished games change together.
            return game.finish(ending);
        }
        if let Err(ending) = game.play_move(&mut players, spec) {
            return game.finish(ending);
        }
    }
}

/// How a game ended, before its record is closed.
enum Ending {
    /// A side reached the goal or took every cube of the other.
    Won(Color, Reason),
    /// No progress is possible: scored for nobody.
    Unfinished(String),
    /// The player of this colour failed: a malformed answer, its time, a crash.
    Forfeit(Color, Fault),
    /// The player of this colour sent an illegal move (described).
    Illegal(Color, String),
}

/// One game in play: its record so far, the dice, the clocks and what the live page shows.
struct Game {
    rec: GameRecord,
    rng: MatchRng,
    /// Drawn from the seed, or the players' own (`--engine-setups`).
    setups: [Vec<u8>; 2],
    /// Each side's time control, as its player takes it, and its increment.
    tcs: [TimeControl; 2],
    incs: [u64; 2],
    start: Board,
    board: Board,
    history: Vec<Move>,
    clock_ms: [i64; 2],
    /// The moves as the live page shows them, and each engine's last win chance.
    shown: Vec<(u8, String)>,
    chances: [Option<f64>; 2],
    /// Passes in a row: every other move goes forward or removes a cube, so only passes can go
    /// on for ever.
    passes: u64,
    /// When the last move was played (or the game was set up), for a paced match (`--pace`).
    last_move_at: Instant,
}

impl Game {
    /// The game's record header, setups and clocks; the dice's generator from the seed.
    fn new(players: &mut [&mut dyn Player; 2], spec: &GameSpec) -> Game {
        let v = spec.variant;
        let mut rng = MatchRng::new(spec.seed);
        // Drawn even when the start is given, so that the dice never depend on where games
        // start.
        let setups = [rng.setup_in(v), rng.setup_in(v)];
        let tcs = [
            players[0].time_control(spec.tc[0]),
            players[1].time_control(spec.tc[1]),
        ];
        let incs = tcs.map(|tc| match tc {
            TimeControl::MoveTime { .. } => 0,
            TimeControl::Game { inc_ms, .. } => inc_ms,
        });
        let clock_ms = tcs.map(|tc| match tc {
            TimeControl::MoveTime { ms } => ms as i64,
            TimeControl::Game { base_ms, .. } => base_ms as i64,
        });
        let [red, blue] = spec
            .names
            .clone()
            .unwrap_or_else(|| [players[0].name(), players[1].name()]);
        let rec = GameRecord {
            number: spec.number,
            match_id: spec.match_id.clone(),
            seed: Some(spec.seed),
            date: spec.date.clone(),
            red,
            blue,
            start: spec.start.clone().unwrap_or(Start::Setups {
                red: setups[0].clone(),
                blue: setups[1].clone(),
                first: spec.first,
                variant: v,
            }),
            plies: Vec::new(),
            winner: None,
            reason: Reason::Goal,
            detail: String::new(),
        };
        let start = rec.start.board();
        Game {
            board: start.clone(),
            start,
            rec,
            rng,
            setups,
            tcs,
            incs,
            history: Vec::new(),
            clock_ms,
            shown: Vec::new(),
            chances: [None, None],
            passes: 0,
            last_move_at: Instant::now(),
        }
    }

    /// Prepares the players: their logs, the variant, the new game, and their setups when they
    /// choose them. A player that fails here forfeits the game before its first move.
    fn prepare(
        &mut self,
        players: &mut [&mut dyn Player; 2],
        spec: &GameSpec,
    ) -> Result<(), Ending> {
        if let Some(dir) = &spec.engine_log {
            for c in [Color::Red, Color::Blue] {
                let file = log_file_name(spec.number, c, &players[c.idx()].name());
                players[c.idx()].log_to(Some(dir.join(file)));
            }
        }
        for c in [Color::Red, Color::Blue] {
            let p = &mut players[c.idx()];
            if !spec.variant.standard {
                p.set_variant(spec.variant)
                    .map_err(|f| Ending::Forfeit(c, f))?;
            }
            p.new_game(self.tcs[c.idx()], c, spec.seed)
                .map_err(|f| Ending::Forfeit(c, f))?;
        }
        if spec.engine_setups && spec.start.is_none() {
            for c in [Color::Red, Color::Blue] {
                let s = players[c.idx()]
                    .setup(c, HANDSHAKE)
                    .map_err(|f| Ending::Forfeit(c, f))?;
                self.setups[c.idx()] = s.to_vec();
            }
            self.rec.start = Start::Setups {
                red: self.setups[0].clone(),
                blue: self.setups[1].clone(),
                first: spec.first,
                variant: spec.variant,
            };
            self.start = self.rec.start.board();
            self.board = self.start.clone();
        }
        Ok(())
    }

    /// Whether the game is over before the next move: a winner, or too many passes in a row.
    fn adjudicate(&self) -> Option<Ending> {
        if self.passes >= MAX_PASSES_IN_A_ROW {
            return Some(Ending::Unfinished(format!(
                "{MAX_PASSES_IN_A_ROW} passes in a row: no progress is possible"
            )));
        }
        let w = self.board.winner()?;
        let reason = if self.board.alive(w.other()) == 0 {
            Reason::Capture
        } else {
            Reason::Goal
        };
        Some(Ending::Won(w, reason))
    }

    /// Rolls the die, asks the side to move, checks the answer (the connection, the clock, the
    /// rules), charges the clock and plays the move.
    fn play_move(
        &mut self,
        players: &mut [&mut dyn Player; 2],
        spec: &GameSpec,
    ) -> Result<(), Ending> {
        let v = spec.variant;
        let roll = self.rng.roll(v);
        let die = roll.value;
        let c = self.board.side_to_move();
        self.pace_wait(spec, Some(roll));
        self.show(spec, Some(roll), true);
        let tc = self.tcs[c.idx()];
        // The grace is a tolerance on the clock, as in cutechess-cli: under a game clock the
        // clock may run down to minus the grace once in the whole game, not by the grace on
        // every move; under a time per move every move has its time plus the grace.
        let allowed = (self.clock_ms[c.idx()] + spec.grace_ms as i64).max(0) as u64;
        let wait = Duration::from_millis(allowed);
        let turn = Turn {
            start: &self.start,
            history: &self.history,
            board: &self.board,
            die,
            tc,
            clock_ms: self.clock_ms.map(|t| t.max(0) as u64),
            inc_ms: self.incs,
            wait,
        };
        let t0 = Instant::now();
        let answer = players[c.idx()].choose(&turn);
        let used = t0.elapsed();
        if spec.hall.is_some() {
            self.chances[c.idx()] = players[c.idx()].win_chance();
        }
        let m = answer.map_err(|f| Ending::Forfeit(c, f))?;
        if used > wait {
            return Err(Ending::Forfeit(c, self.overtime(c, used, spec)));
        }
        if !self.board.is_legal(m, Some(die)) {
            return Err(Ending::Illegal(
                c,
                format!("{} for die {die}", m.display(v)),
            ));
        }
        if let TimeControl::Game { inc_ms, .. } = tc {
            self.clock_ms[c.idx()] += inc_ms as i64 - used.as_millis() as i64;
        }
        self.rec.plies.push(Ply {
            side: c,
            die,
            mv: m,
            us: Some(used.as_micros() as u64),
        });
        self.history.push(m);
        self.shown.push((die, m.display(v).to_string()));
        self.board.make(m);
        self.last_move_at = Instant::now();
        self.passes = if m == Move::PASS { self.passes + 1 } else { 0 };
        Ok(())
    }

    /// In a paced match (`--pace`), shows the position (with the die about to be answered)
    /// and waits until the pace has passed since the last move: before the question is asked,
    /// so that no clock is charged for it.
    fn pace_wait(&self, spec: &GameSpec, die: Option<Roll>) {
        let Some(h) = &spec.hall else { return };
        let rest = h.pace().saturating_sub(self.last_move_at.elapsed());
        if !rest.is_zero() {
            self.show(spec, die, false);
            std::thread::sleep(rest);
        }
    }

    /// The fault of an answer from `c` that took `used`, beyond what its clock allowed.
    fn overtime(&self, c: Color, used: Duration, spec: &GameSpec) -> Fault {
        match self.tcs[c.idx()] {
            TimeControl::MoveTime { ms } => Fault::Time(format!(
                "answered after {} ms; {ms} ms + {} ms grace allowed",
                used.as_millis(),
                spec.grace_ms
            )),
            TimeControl::Game { .. } => Fault::Time(format!(
                "answered after {} ms with {} ms on the clock; the clock may go {} ms below \
                 zero in a game",
                used.as_millis(),
                self.clock_ms[c.idx()],
                spec.grace_ms
            )),
        }
    }

    /// Shows the position, the die about to be answered, the clocks and the win chances on the
    /// live page, if there is one; `thinking` when the side to move's clock starts now.
    fn show(&self, spec: &GameSpec, die: Option<Roll>, thinking: bool) {
        if let Some(h) = &spec.hall {
            h.update(
                spec.number,
                [&self.rec.red, &self.rec.blue],
                &self.board,
                &self.shown,
                die,
                self.clock_ms,
                self.tcs
                    .map(|tc| matches!(tc, TimeControl::MoveTime { .. })),
                self.chances,
                thinking,
            );
        }
    }

    /// The record, closed with how the game ended.
    fn finish(self, ending: Ending) -> GameRecord {
        let mut rec = self.rec;
        match ending {
            Ending::Won(w, reason) => {
                rec.winner = Some(w);
                rec.reason = reason;
            }
            Ending::Unfinished(why) => {
                rec.reason = Reason::Unfinished;
                rec.detail = why;
            }
            Ending::Forfeit(loser, f) => {
                let (reason, why) = match f {
                    Fault::Malformed(s) | Fault::Refused(s) => (Reason::Malformed, s),
                    Fault::Time(s) => (Reason::Time, s),
                    Fault::Crash(s) | Fault::NotStarted(s) => (Reason::Crash, s),
                };
                rec.winner = Some(loser.other());
                rec.reason = reason;
                rec.detail = format!("{}: {why}", loser.name());
            }
            Ending::Illegal(loser, what) => {
                rec.winner = Some(loser.other());
                rec.reason = Reason::Illegal;
                rec.detail = format!("{}: {what}", loser.name());
            }
        }
        rec
    }
}

/// The log file of a player in game `number` (`--engine-log`):
/// `game-<number>-<red|blue>-<name>.log`, the name cut to 64 characters of letters, digits, `-`
/// and `_` (any other becomes `_`).
fn log_file_name(number: u64, c: Color, name: &str) -> String {
    let name: String = name
        .chars()
        .take(64)
        .map(|ch| {
            if ch.is_ascii_alphanumeric() || ch == '-' || ch == '_' {
                ch
            } else {
                '_'
            }
        })
        .collect();
    format!("game-{number}-{}-{name}.log", c.name())
}

/// A game ends without a winner after this many passes in a row (see `protocol/variants.md`).
pub const MAX_PASSES_IN_A_ROW: u64 = 1000;

/// Which colour the first player has, and who moves first, in game `index` (0-based).
pub fn pairing(index: u64) -> (Color, Color) {
    let pair = index / 2;
    let a_color = if index.is_multiple_of(2) {
        Color::Red
    } else {
        Color::Blue
    };
    let first = if pair.is_multiple_of(2) {
        Color::Red
    } else {
        Color::Blue
    };
    (a_color, first)
}
