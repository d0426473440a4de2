//! Moving about the game and whether its engines play: stepping to a ply, side lines and the
//! way back to the main line, take-backs, and Run, Pause and Step. A step back in a game of
//! engines pauses it; Run and Step go on from the game's end.

use crate::rules::board::Color;

use super::State;
use crate::app::gui::error::GuiError;

impl State {
    pub fn navigate(&mut self, ply: usize) -> Result<(), GuiError> {
        self.ready()?;
        self.game.navigate(ply)?;
        self.bump();
        // A game of engines only stops where it is when one looks back (its engines play at
        // the game's end only): said as paused, so that the page offers Resume, which goes on
        // from the end. Left running, it sat at "3 / 4" with Pause reading active.
        if self.back_in_engines_game() {
            self.flow.running = false;
            self.flow.step = false;
        }
        Ok(())
    }

    /// Leaves a side line for the game's main line, shown after `ply` plies (where the side line
    /// left it when absent).
    pub fn main_line(&mut self, ply: Option<usize>) -> Result<(), GuiError> {
        self.ready()?;
        self.game.back_to_main(ply)?;
        self.bump();
        self.last_pv = None;
        Ok(())
    }

    /// Where Undo takes the game back to: before the person's last move, so that the person is
    /// to move again; with no person in the game, one ply. `None` when nothing can be taken
    /// back (no move yet, or no move of a person's before the shown position).
    pub fn undo_target(&self) -> Option<usize> {
        let cursor = self.game.cursor;
        if cursor == 0 || self.flow.pending.is_some() {
            return None;
        }
        if self.is_human(Color::Red) || self.is_human(Color::Blue) {
            (0..cursor)
                .rev()
                .find(|&k| self.is_human(self.game.plies[k].side))
        } else {
            Some(cursor - 1)
        }
    }

    /// Takes back the moves since the person's last move (its die is rolled again: the same die
    /// with seeded dice). A finished game is kept as the main line.
    pub fn undo(&mut self) -> Result<(), GuiError> {
        self.ready()?;
        let to = self.undo_target().ok_or_else(|| {
            GuiError::not_now(if self.game.cursor == 0 {
                "there is no move to take back"
            } else {
                "there is no move of yours to take back"
            })
        })?;
        self.game.take_back_to(to)?;
        self.bump();
        self.last_pv = None;
        self.flow.error = None;
        Ok(())
    }

    pub fn control(&mut self, action: &str) -> Result<(), GuiError> {
        match action {
            "run" => {
                self.go_to_game_end()?;
                self.flow.running = true;
                self.flow.error = None;
            }
            "pause" => {
                self.flow.running = false;
                self.flow.step = false;
                // An engine's choice in progress is void, as after a step back.
                if self.flow.job.is_some() {
                    self.bump();
                }
            }
            "step" => {
                self.go_to_game_end()?;
                self.flow.running = false;
                self.flow.step = true;
                self.flow.error = None;
            }
            _ => {
                return Err(GuiError::field(
                    "action",
                    format!("unknown action '{action}': run, pause or step"),
                ));
            }
        }
        Ok(())
    }

    /// Shown at an earlier move of an unfinished game's own line with no person seated.
    pub(super) fn back_in_engines_game(&self) -> bool {
        !self.game.is_live()
            && self.game.main.is_none()
            && !self.game.line_over()
            && !self.is_human(Color::Red)
            && !self.is_human(Color::Blue)
    }

    /// Resume and Step at an earlier move of a game of engines go on from the game's end (they
    /// did nothing there: 90 s at "6 / 7" after Resume).
    pub(super) fn go_to_game_end(&mut self) -> Result<(), GuiError> {
        if self.back_in_engines_game() {
            let n = self.game.plies.len();
            self.game.navigate(n)?;
            self.bump();
        }
        Ok(())
    }
}
