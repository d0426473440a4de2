//! The game the page shows: a start position, the plies played, a cursor for stepping back and
//! forward, the die of the current turn and the win-chance points of the graph.
//!
//! It knows the rules and the record format, nothing of players, threads or HTTP. Dice rolled by
//! the server come from the game's seed exactly as in `ewn play`: roll `n` (0-based) is the
//! `n+1`-th splitmix64 output from the seed, mod 6, plus 1. The die of a ply therefore depends
//! only on the seed and the ply's number, so stepping back and playing another move meets the
//! same dice, and a seed replays a game. In other variants roll `n` is the variant's roll
//! ([`MatchRng::outcome`]) from a generator seeded with that same output, so it too depends only
//! on the seed and the ply; without dice every turn's outcome is 0 (any cube).

use crate::record::{GameRecord, Ply, Reason, Start, today};
use crate::rules::board::{Board, Color, Move};
use crate::rules::rng::MatchRng;
use crate::rules::variant::Variant;
use crate::rules::zobrist::splitmix64;

use super::error::GuiError;
pub use super::error::MoveError;

/// Where the dice come from.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum DiceMode {
    /// Rolled by the server from this seed.
    Auto { seed: u64 },
    /// Typed in, for a game on a real board with real dice.
    Manual,
}

impl DiceMode {
    /// The seed of seeded dice.
    pub fn seed(self) -> Option<u64> {
        match self {
            DiceMode::Auto { seed } => Some(seed),
            DiceMode::Manual => None,
        }
    }
}

/// The `n+1`-th splitmix64 output from the seed (`n` 0-based).
fn seed_output(seed: u64, n: usize) -> u64 {
    let mut state = seed;
    let mut r = 0;
    for _ in 0..=n {
        let (s, out) = splitmix64(state);
        state = s;
        r = out;
    }
    r
}

/// Roll number `n` (0-based) of the seed's stream.
pub fn seeded_die(seed: u64, n: usize) -> u8 {
    (seed_output(seed, n) % 6) as u8 + 1
}

/// Roll number `n` (0-based) of the seed's stream in variant `v` (the standard game's is
/// [`seeded_die`]).
pub fn seeded_outcome(v: &Variant, seed: u64, n: usize) -> u8 {
    if v.standard {
        return seeded_die(seed, n);
    }
    MatchRng::new(seed_output(seed, n)).outcome(v)
}

/// The two dice behind roll number `n` of the seed's stream in a variant of two dice (their
/// sum is [`seeded_outcome`]); `None` in a variant of one die or none.
pub fn seeded_pair(v: &Variant, seed: u64, n: usize) -> Option<[u8; 2]> {
    MatchRng::new(seed_output(seed, n)).roll(v).faces
}

/// The winner of a finished position and how it won (`Goal` or `Capture`).
pub fn ending(b: &Board) -> Option<(Color, Reason)> {
    let w = b.winner()?;
    let how = if b.alive(w.other()) == 0 {
        Reason::Capture
    } else {
        Reason::Goal
    };
    Some((w, how))
}

/// How a line ended without a finished position: a person's resignation, or, in a loaded record,
/// a fault of the loser's program (out of time, a crash, an illegal or malformed move).
#[derive(Clone, Debug, PartialEq)]
pub struct Forfeit {
    pub winner: Color,
    pub reason: Reason,
    /// The referee's words on a fault, as the record has them ("red: no bestmove within 150 ms;
    /// engine killed"); empty for a resignation.
    pub detail: String,
}

/// A finished game kept whole while the person explores a side line from one of its positions
/// (as an analysis board does): its plies and graph, and where the side line leaves it.
#[derive(Clone, Debug)]
pub struct MainLine {
    pub plies: Vec<Ply>,
    pub graph: Vec<Option<f64>>,
    /// The side line shares the main line's first `branch` plies.
    pub branch: usize,
    /// The game ended without a finished position (a resignation, a fault).
    pub forfeit: Option<Forfeit>,
}

#[derive(Clone, Debug)]
pub struct Game {
    pub start: Board,
    /// Every ply of the game line, also those after the cursor.
    pub plies: Vec<Ply>,
    /// Number of plies played to reach the shown position.
    pub cursor: usize,
    /// The die of the shown position's turn, once rolled.
    pub die: Option<u8>,
    pub dice: DiceMode,
    /// Red's win chance in the position after `i` plies, where known (one entry per position).
    pub graph: Vec<Option<f64>>,
    pub date: String,
    /// The finished game this line branched from, while `plies` is a side line of it.
    pub main: Option<MainLine>,
    /// The line ended at its end without a finished position: the side to move resigned there,
    /// or (a loaded record) a program lost by a fault.
    pub forfeit: Option<Forfeit>,
    /// The shown position, kept in step with the cursor.
    board: Board,
    /// The die rolled at the line's end while a past position is shown: stepping back to the
    /// end shows it again (it went back to unrolled, its move targets gone).
    end_die: Option<u8>,
}

impl Game {
    pub fn new(start: Board, dice: DiceMode) -> Game {
        let mut g = Game {
            board: start.clone(),
            start,
            plies: Vec::new(),
            cursor: 0,
            die: None,
            dice,
            graph: vec![None],
            date: today(),
            main: None,
            forfeit: None,
            end_die: None,
        };
        g.set_terminal_point();
        g
    }

    /// The shown position.
    pub fn board(&self) -> &Board {
        &self.board
    }

    /// The position after `ply` plies of the line.
    pub fn board_at(&self, ply: usize) -> Option<Board> {
        let mut b = self.start.clone();
        for p in self.plies.get(..ply)? {
            b.make(p.mv);
        }
        Some(b)
    }

    /// The game line as played: moves up to the cursor.
    pub fn history(&self) -> Vec<Move> {
        self.plies[..self.cursor].iter().map(|p| p.mv).collect()
    }

    /// The winner of the shown position and how it won: a finished position, or the end of a
    /// line that ended by a resignation or a fault.
    pub fn result(&self) -> Option<(Color, Reason)> {
        if let Some(f) = self.forfeit.as_ref().filter(|_| self.is_live()) {
            return Some((f.winner, f.reason));
        }
        ending(&self.board)
    }

    /// Who won at the line's end, wherever the cursor is (None while the line is unfinished).
    pub fn line_winner(&self) -> Option<Color> {
        match &self.forfeit {
            Some(f) => Some(f.winner),
            None => ending(&self.line_end()).map(|(w, _)| w),
        }
    }

    /// The referee's words on a fault that ended the game at the shown position, if any.
    pub fn end_detail(&self) -> Option<&str> {
        self.forfeit
            .as_ref()
            .filter(|f| self.is_live() && !f.detail.is_empty())
            .map(|f| f.detail.as_str())
    }

    /// Whether the shown position ends the game (finished, resigned or lost by a fault).
    pub fn over(&self) -> bool {
        self.result().is_some()
    }

    /// The side to move resigns: the game ends with the other side's win.
    pub fn resign(&mut self) -> Result<(), GuiError> {
        if self.over() {
            return Err(MoveError::Over.into());
        }
        if !self.is_live() {
            return Err(GuiError::not_now(
                "a side resigns at the end of the game, not at a step back",
            ));
        }
        let w = self.board.side_to_move().other();
        self.forfeit = Some(Forfeit {
            winner: w,
            reason: Reason::Resign,
            detail: String::new(),
        });
        self.die = None;
        self.put_point(self.cursor, if w == Color::Red { 1.0 } else { 0.0 });
        Ok(())
    }

    /// The shown position is the end of the game line (not a step back into it).
    pub fn is_live(&self) -> bool {
        self.cursor == self.plies.len()
    }

    /// Rolls the die from the seed; `None` for typed dice.
    pub fn roll_auto(&mut self) -> Option<u8> {
        match self.dice {
            DiceMode::Auto { seed } => {
                let d = seeded_outcome(self.start.variant(), seed, self.cursor);
                self.die = Some(d);
                Some(d)
            }
            DiceMode::Manual => None,
        }
    }

    /// The last position of the line.
    fn line_end(&self) -> Board {
        let mut end = self.board.clone();
        for p in &self.plies[self.cursor..] {
            end.make(p.mv);
        }
        end
    }

    /// Whether the line ends in a finished position.
    pub fn line_over(&self) -> bool {
        self.forfeit.is_some() || self.line_end().is_over()
    }

    /// Before the line is cut at `ply`: a finished game is kept as the main line (a side line
    /// already kept one, and now leaves it at `ply` at the latest).
    fn keep_main(&mut self, ply: usize) {
        if ply >= self.plies.len() {
            return;
        }
        if let Some(m) = &mut self.main {
            m.branch = m.branch.min(ply);
        } else if self.line_over() {
            self.main = Some(MainLine {
                plies: self.plies.clone(),
                graph: self.graph.clone(),
                branch: ply,
                forfeit: self.forfeit.clone(),
            });
        }
        self.forfeit = None;
    }

    /// The game's own line: the main line while a side line is shown, else the line.
    pub fn main_plies(&self) -> &[Ply] {
        self.main.as_ref().map_or(&self.plies, |m| &m.plies)
    }

    /// Leaves the side line for the main line, shown after `ply` plies (where the side line
    /// left it when `None`).
    pub fn back_to_main(&mut self, ply: Option<usize>) -> Result<(), GuiError> {
        let m = self.main.as_ref().ok_or(GuiError::NoSideLine)?;
        let ply = ply.unwrap_or(m.branch);
        if ply > m.plies.len() {
            return Err(GuiError::NoPly {
                ply,
                plies: m.plies.len(),
            });
        }
        let m = self.main.take().expect("checked");
        self.plies = m.plies;
        self.graph = m.graph;
        self.forfeit = m.forfeit;
        (self.die, self.end_die) = (None, None);
        self.navigate(ply)
    }

    /// Plays `m` for the rolled die. Played at a step back, it replaces the rest of the line,
    /// unless that line is a finished game: then it starts a side line and the game is kept. The
    /// line's own next move (the same move for the same die) only steps forward along it.
    pub fn play(&mut self, m: Move) -> Result<(), MoveError> {
        if self.over() {
            return Err(MoveError::Over);
        }
        let die = self.die.ok_or(MoveError::NoDie)?;
        if !self.board.is_legal(m, Some(die)) {
            let what = if self.board.is_legal(m, None) {
                format!(
                    "{} is not legal for die {die}",
                    m.display(self.board.variant())
                )
            } else {
                format!(
                    "{} is not a legal move here",
                    m.display(self.board.variant())
                )
            };
            return Err(MoveError::Illegal(what));
        }
        // The line's own next move, played again at a step back (a person replaying a reviewed
        // game): a step forward along the line, never a copy of it as a side line.
        if self
            .plies
            .get(self.cursor)
            .is_some_and(|p| p.mv == m && p.die == die)
        {
            self.step_to(self.cursor + 1);
            return Ok(());
        }
        // The same at the point where a side line leaves the game: back to the game.
        if let Some(main) = &self.main
            && main.branch == self.cursor
            && main
                .plies
                .get(self.cursor)
                .is_some_and(|p| p.mv == m && p.die == die)
        {
            let main = self.main.take().expect("checked");
            self.plies = main.plies;
            self.graph = main.graph;
            self.forfeit = main.forfeit;
            self.end_die = None;
            self.step_to(self.cursor + 1);
            return Ok(());
        }
        let side = self.board.side_to_move();
        self.keep_main(self.cursor);
        self.plies.truncate(self.cursor);
        self.graph.truncate(self.cursor + 1);
        self.plies.push(Ply::new(side, die, m));
        self.board.make(m);
        self.cursor += 1;
        self.graph.push(None);
        self.die = None;
        self.end_die = None;
        self.set_terminal_point();
        Ok(())
    }

    /// Shows the position after `ply` plies of the line (0 is the start), with the die that was
    /// rolled there when it is a past position.
    pub fn navigate(&mut self, ply: usize) -> Result<(), GuiError> {
        if ply > self.plies.len() {
            return Err(GuiError::NoPly {
                ply,
                plies: self.plies.len(),
            });
        }
        let mut b = self.start.clone();
        for p in &self.plies[..ply] {
            b.make(p.mv);
        }
        if self.is_live() {
            self.end_die = self.die;
        }
        self.board = b;
        self.cursor = ply;
        self.die = match self.plies.get(ply) {
            Some(p) => Some(p.die),
            None => self.end_die,
        };
        Ok(())
    }

    /// Shows the position after `ply` plies of the line, which has them.
    fn step_to(&mut self, ply: usize) {
        if let Err(e) = self.navigate(ply) {
            log::warn!("stepping along the line: {e}");
        }
    }

    /// Shows the position after `ply` plies and drops the plies after it: a take-back (a
    /// finished game is kept as the main line). The turn keeps the die it was played with
    /// (`navigate` shows it), so that another move is played for the same die at once.
    pub fn take_back_to(&mut self, ply: usize) -> Result<(), GuiError> {
        self.navigate(ply)?;
        self.keep_main(ply);
        self.plies.truncate(ply);
        self.graph.truncate(ply + 1);
        self.end_die = None;
        Ok(())
    }

    /// Records Red's win chance for the position after `ply` plies (of the main line too, while
    /// the side line shares that position). The end of a line lost by a resignation or a fault
    /// keeps its certain value (the same position, searched, would say otherwise).
    pub fn set_point(&mut self, ply: usize, red: f64) {
        if self.forfeit.is_some() && ply == self.plies.len() {
            return;
        }
        self.put_point(ply, red);
    }

    fn put_point(&mut self, ply: usize, red: f64) {
        if let Some(p) = self.graph.get_mut(ply) {
            *p = Some(red.clamp(0.0, 1.0));
        }
        if let Some(m) = &mut self.main
            && ply <= m.branch
            && let Some(p) = m.graph.get_mut(ply)
        {
            *p = Some(red.clamp(0.0, 1.0));
        }
    }

    /// The graph of the game's own line (the main line while a side line is shown).
    pub fn main_graph(&self) -> &[Option<f64>] {
        self.main.as_ref().map_or(&self.graph, |m| &m.graph)
    }

    /// A finished position's chance is certain.
    fn set_terminal_point(&mut self) {
        if let Some((w, _)) = self.result() {
            let v = if w == Color::Red { 1.0 } else { 0.0 };
            self.put_point(self.cursor, v);
        }
    }

    /// The record of the game's whole line (the main line, not a side line), with its result
    /// when its last position is finished.
    pub fn record(&self, names: [&str; 2]) -> GameRecord {
        let plies = self.main_plies();
        let mut end = self.start.clone();
        for p in plies {
            end.make(p.mv);
        }
        let forfeit = self.main.as_ref().map_or(&self.forfeit, |m| &m.forfeit);
        let (winner, reason) = match (ending(&end), forfeit) {
            (Some((w, how)), _) => (Some(w), how),
            (None, Some(f)) => (Some(f.winner), f.reason),
            (None, None) => (None, Reason::Unfinished),
        };
        GameRecord {
            number: 1,
            match_id: None,
            seed: self.dice.seed(),
            date: self.date.clone(),
            red: names[0].to_string(),
            blue: names[1].to_string(),
            start: Start::from_board(&self.start),
            plies: plies.to_vec(),
            winner,
            reason,
            detail: match forfeit {
                _ if winner.is_none() => "saved from the gui".into(),
                Some(f) if ending(&end).is_none() => f.detail.clone(),
                _ => String::new(),
            },
        }
    }

    /// A game from a record that `replay` accepts, shown at its end. Dice after its last ply come
    /// from the record's seed when it has one, else they are typed in.
    pub fn from_record(rec: &GameRecord) -> Result<Game, GuiError> {
        rec.replay().map_err(|e| GuiError::Replay(e.to_string()))?;
        let dice = match rec.seed {
            Some(seed) => DiceMode::Auto { seed },
            None => DiceMode::Manual,
        };
        let mut g = Game::new(rec.start_board(), dice);
        g.date = rec.date.clone();
        g.plies = rec.plies.clone();
        g.graph = vec![None; g.plies.len() + 1];
        g.navigate(g.plies.len())?;
        // A game that ended without a finished position: resigned, or lost by a fault (time, a
        // crash, an illegal or malformed move), which the record names with its winner.
        g.forfeit = rec
            .winner
            .filter(|_| !g.board.is_over())
            .filter(|_| !matches!(rec.reason, Reason::Goal | Reason::Capture))
            .map(|winner| Forfeit {
                winner,
                reason: rec.reason,
                detail: rec.detail.clone(),
            });
        g.set_terminal_point();
        Ok(g)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::rules::notation::standard::parse_move;
    use crate::rules::notation::to_fen;

    #[test]
    fn seeded_outcomes_follow_the_variant() {
        let std = Variant::standard();
        let six = Variant::preset("6x6").unwrap();
        let mut seen = [false; 13];
        for n in 0..200 {
            assert_eq!(seeded_outcome(std, 9, n), seeded_die(9, n));
            let o = seeded_outcome(six, 9, n);
            assert!((2..=12).contains(&o), "{o}");
            assert_eq!(
                o,
                seeded_outcome(six, 9, n),
                "the same seed and ply, the same roll"
            );
            let [a, b] = seeded_pair(six, 9, n).expect("two dice");
            assert_eq!(a + b, o, "the two dice add up to the roll");
            seen[o as usize] = true;
        }
        assert!(seen[7] && seen[2..=12].iter().filter(|&&x| x).count() >= 9);
        let none = Variant::preset("nodice").unwrap();
        assert_eq!(seeded_outcome(none, 9, 3), 0);
    }

    #[test]
    fn seeded_dice_follow_the_play_stream() {
        // The same stream as `ewn play --seed 5`: each roll is the next splitmix64 output.
        let mut state = 5;
        for n in 0..10 {
            let (s, r) = splitmix64(state);
            state = s;
            assert_eq!(seeded_die(5, n), (r % 6) as u8 + 1);
        }
    }

    #[test]
    fn moves_need_a_die_and_must_be_legal() {
        let mut g = Game::new(Board::startpos(), DiceMode::Manual);
        let m = parse_move("a5b4").unwrap();
        assert_eq!(g.play(m), Err(MoveError::NoDie));
        g.die = Some(6);
        assert!(matches!(g.play(m), Err(MoveError::Illegal(_))));
        g.die = Some(1);
        assert_eq!(g.play(m), Ok(()));
        assert_eq!(g.cursor, 1);
        assert_eq!(g.die, None);
        assert_eq!(g.board().side_to_move(), Color::Blue);
    }

    #[test]
    fn the_die_rolled_at_the_end_survives_a_step_back_and_forward() {
        for dice in [DiceMode::Auto { seed: 3 }, DiceMode::Manual] {
            let mut g = Game::new(Board::startpos(), dice);
            for n in 0..3 {
                let d = g.roll_auto().unwrap_or(n % 6 + 1);
                g.die = Some(d);
                let m = g.board().moves_for_die(d).as_slice()[0];
                g.play(m).unwrap();
            }
            let d = g.roll_auto().unwrap_or(5);
            g.die = Some(d);
            g.navigate(2).unwrap();
            assert_eq!(
                g.die,
                Some(g.plies[2].die),
                "a past position shows its own die"
            );
            g.navigate(1).unwrap();
            g.navigate(3).unwrap();
            assert!(g.is_live());
            assert_eq!(
                g.die,
                Some(d),
                "the die rolled at the end is shown again there"
            );
            let m = g.board().moves_for_die(d).as_slice()[0];
            g.play(m).unwrap();
            assert_eq!(g.die, None, "the next turn is not rolled yet");
            g.navigate(3).unwrap();
            g.navigate(4).unwrap();
            assert_eq!(
                g.die, None,
                "an unrolled end stays unrolled after a step back"
            );
            let kept = g.plies[2].die;
            g.take_back_to(2).unwrap();
            g.navigate(1).unwrap();
            g.navigate(2).unwrap();
            assert_eq!(
                g.die,
                Some(kept),
                "a take-back's die survives a step back too"
            );
        }
    }

    #[test]
    fn a_move_at_a_step_back_replaces_the_rest_of_the_line() {
        let mut g = Game::new(Board::startpos(), DiceMode::Auto { seed: 3 });
        for _ in 0..4 {
            let d = g.roll_auto().unwrap();
            let m = g.board().moves_for_die(d).as_slice()[0];
            g.play(m).unwrap();
        }
        let end = to_fen(g.board());
        g.navigate(2).unwrap();
        assert!(!g.is_live());
        g.navigate(4).unwrap();
        assert_eq!(to_fen(g.board()), end);
        g.navigate(2).unwrap();
        let d = g.roll_auto().unwrap();
        assert_eq!(d, g.plies[2].die, "the seed gives ply 2 the same die again");
        let other = *g.board().moves_for_die(d).as_slice().last().unwrap();
        g.play(other).unwrap();
        assert_eq!(g.plies.len(), 3);
        assert_eq!(g.graph.len(), 4);
        assert!(g.is_live());
        assert!(g.navigate(4).is_err());
        g.take_back_to(1).unwrap();
        assert_eq!((g.plies.len(), g.graph.len(), g.cursor), (1, 2, 1));
        assert!(g.is_live());
    }

    /// A finished game is never lost: another move at a step back (or a take-back) starts a side
    /// line, the record keeps the game, and the game comes back whole.
    #[test]
    fn a_finished_game_is_kept_when_a_side_line_starts() {
        let mut g = Game::new(Board::startpos(), DiceMode::Auto { seed: 11 });
        while !g.board().is_over() {
            let d = g.roll_auto().unwrap();
            let m = g.board().moves_for_die(d).as_slice()[0];
            g.play(m).unwrap();
        }
        let game = g.plies.clone();
        let n = game.len();
        let winner = g.result().map(|(w, _)| w);
        g.navigate(2).unwrap();
        assert_eq!(g.result(), None);
        assert_eq!(g.line_winner(), winner, "a past position knows who won");
        assert_eq!(
            g.die,
            Some(game[2].die),
            "a past position shows its real die"
        );
        let other = *g
            .board()
            .moves_for_die(game[2].die)
            .as_slice()
            .last()
            .unwrap();
        g.play(other).unwrap();
        assert_eq!(g.plies.len(), 3);
        assert_eq!(g.main.as_ref().unwrap().branch, 2);
        assert_eq!(
            g.record(["a", "b"]).plies,
            game,
            "the record keeps the game"
        );
        g.take_back_to(1).unwrap();
        assert_eq!((g.plies.len(), g.main.as_ref().unwrap().branch), (1, 1));
        assert_eq!(g.die, Some(game[1].die), "a take-back keeps the turn's die");
        g.back_to_main(None).unwrap();
        assert_eq!((g.plies.clone(), g.cursor, g.graph.len()), (game, 1, n + 1));
        assert!(g.main.is_none());
        assert!(g.back_to_main(None).is_err());
        // An unfinished line is simply replaced, as before.
        g.take_back_to(n - 1).unwrap();
        assert!(g.main.is_some());
        g.back_to_main(Some(n)).unwrap();
        let mut h = Game::new(Board::startpos(), DiceMode::Auto { seed: 11 });
        for _ in 0..3 {
            let d = h.roll_auto().unwrap();
            let m = h.board().moves_for_die(d).as_slice()[0];
            h.play(m).unwrap();
        }
        h.take_back_to(1).unwrap();
        assert!(h.main.is_none());
        assert_eq!(h.plies.len(), 1);
    }

    #[test]
    fn records_round_trip() {
        let mut g = Game::new(Board::startpos(), DiceMode::Auto { seed: 11 });
        while !g.board().is_over() {
            let d = g.roll_auto().unwrap();
            let m = g.board().moves_for_die(d).as_slice()[0];
            g.play(m).unwrap();
        }
        let rec = g.record(["a", "b"]);
        assert!(rec.winner.is_some());
        assert_eq!(rec.seed, Some(11));
        let back = Game::from_record(&rec).unwrap();
        assert_eq!(back.plies, g.plies);
        assert_eq!(to_fen(back.board()), to_fen(g.board()));
        assert!(back.graph.last().copied().flatten().is_some());
    }

    /// A record's game lost on time is over where it stopped (not a game to go on with), says
    /// the referee's words there, and is saved again with its result.
    #[test]
    fn a_record_lost_on_time_is_over() {
        let mut g = Game::new(Board::startpos(), DiceMode::Auto { seed: 5 });
        for _ in 0..4 {
            let d = g.roll_auto().unwrap();
            let m = g.board().moves_for_die(d).as_slice()[0];
            g.play(m).unwrap();
        }
        let mut rec = g.record(["a", "b"]);
        assert_eq!(rec.reason, Reason::Unfinished);
        rec.winner = Some(Color::Blue);
        rec.reason = Reason::Time;
        rec.detail = "red: no bestmove within 150 ms; engine killed".into();
        let mut back = Game::from_record(&rec).unwrap();
        assert_eq!(back.result(), Some((Color::Blue, Reason::Time)));
        assert_eq!(
            back.end_detail(),
            Some("red: no bestmove within 150 ms; engine killed")
        );
        assert!(back.line_over());
        assert_eq!(back.graph.last().copied().flatten(), Some(0.0));
        back.set_point(4, 0.5);
        assert_eq!(
            back.graph.last().copied().flatten(),
            Some(0.0),
            "the end keeps its certain value"
        );
        assert!(matches!(back.play(Move::PASS), Err(MoveError::Over)));
        let again = back.record(["a", "b"]);
        assert_eq!(
            (again.winner, again.reason, again.detail.as_str()),
            (rec.winner, rec.reason, rec.detail.as_str())
        );
        // An earlier position is not the end: no result there.
        back.navigate(2).unwrap();
        assert_eq!((back.result(), back.end_detail()), (None, None));
        assert!(back.line_over());
        // But it says who won at the line's end.
        assert_eq!(back.line_winner(), Some(Color::Blue));
    }
}
