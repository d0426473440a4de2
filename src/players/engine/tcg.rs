//! The TCG contest protocol's client.

use std::path::PathBuf;
use std::time::{Duration, Instant};

use super::process::{Proc, lost};
use super::{HANDSHAKE, Settings};
use crate::players::{Fault, Player, TimeControl, Turn};
use crate::rules::board::{Color, Move};
use crate::rules::tcg_notation as tcg;
use crate::rules::variant::Variant;

/// An engine speaking the TCG contest protocol.
pub struct Tcg {
    argv: Vec<String>,
    label: String,
    settings: Settings,
    /// Keep one process for many games; by default every game gets a fresh one.
    reuse: bool,
    proc: Option<Proc>,
    /// The variant of the games (`board_setting`), when not the standard game.
    variant: Option<&'static Variant>,
    /// The current engine log (`Player::log_to`).
    log: Option<PathBuf>,
}

/// TCG only knows a game clock: under a per-move control a TCG engine gets this many moves' worth
/// of time for the whole game, and the referee holds it to that clock.
pub const TCG_MOVES_PER_GAME: u64 = 15;

impl Tcg {
    pub fn new(argv: Vec<String>, label: &str) -> Tcg {
        Tcg::with_settings(argv, label, Settings::default(), false)
    }

    /// An engine started as `settings` say (TCG has no options to give). With `reuse` one
    /// process plays game after game; without, every game starts a fresh process, as the
    /// contest judges run TCG engines (many keep their game clock for the life of the process).
    pub fn with_settings(argv: Vec<String>, label: &str, settings: Settings, reuse: bool) -> Tcg {
        Tcg {
            argv,
            label: label.to_string(),
            settings,
            reuse,
            proc: None,
            variant: None,
            log: None,
        }
    }

    /// Ends the running process, if any: told to exit, then its group killed.
    fn stop(&mut self) {
        if let Some(mut p) = self.proc.take() {
            p.quit("exit");
        }
    }

    fn proc(&mut self) -> Result<&mut Proc, Fault> {
        if self.proc.is_none() {
            let p = Proc::spawn(&self.argv, &self.settings)
                .map_err(|e| Fault::NotStarted(e.to_string()))?;
            p.shared.set_log(self.log.as_deref());
            self.proc = Some(p);
        }
        Ok(self.proc.as_mut().expect("just started"))
    }

    /// Sends one command and returns its one-line reply.
    fn ask(&mut self, line: &str, what: &str, wait: Duration) -> Result<String, Fault> {
        let p = self.proc()?;
        p.drain();
        let deadline = Instant::now() + wait;
        let r = p
            .send(line, deadline)
            .and_then(|_| p.wait_for(deadline, &|_| true));
        lost(&mut self.proc, r, what, wait)
    }

    /// The start of a game ([`Player::new_game`]) with `time_setting`'s answer checked.
    fn check_game_start(&mut self) -> Result<(), Fault> {
        // A native engine named with tcg: by mistake says nothing to `time_setting` (or an
        // error): the hint names the other protocol.
        const NATIVE: &str = "an engine of the native protocol (`ugi`, protocol/native.md) is \
                              named without tcg: (or with proto=native)";
        let reply = self
            .ask("time_setting 60", "time_setting", HANDSHAKE)
            .map_err(|f| match f {
                Fault::Time(s) => Fault::Time(format!("{s}; {NATIVE}")),
                other => other,
            })?;
        if reply.trim() != "1" {
            return Err(self.malformed(format!(
                "'time_setting 60' answered '{}', not '1': not a TCG engine? {NATIVE}",
                crate::text_file::excerpt(reply.trim())
            )));
        }
        let reuse = std::mem::replace(&mut self.reuse, true);
        let r = self.new_game(
            TimeControl::Game {
                base_ms: 60_000,
                inc_ms: 0,
            },
            Color::Red,
            0,
        );
        self.reuse = reuse;
        r
    }

    /// A malformed reply: the process, out of step with the referee, is dropped like a failed
    /// one, so that even with `reuse` the next game starts a fresh one.
    fn malformed(&mut self, why: String) -> Fault {
        self.proc = None;
        Fault::Malformed(why)
    }
}

impl Player for Tcg {
    fn name(&self) -> String {
        self.label.clone()
    }

    fn log_to(&mut self, path: Option<PathBuf>) {
        if let Some(p) = &self.proc {
            p.shared.set_log(path.as_deref());
        }
        self.log = path;
    }

    fn time_control(&self, tc: TimeControl) -> TimeControl {
        match tc {
            TimeControl::MoveTime { ms } => TimeControl::Game {
                base_ms: ms * TCG_MOVES_PER_GAME,
                inc_ms: 0,
            },
            g => g,
        }
    }

    fn new_game(&mut self, tc: TimeControl, _side: Color, _seed: u64) -> Result<(), Fault> {
        if !self.reuse {
            self.stop();
        }
        let base_ms = match self.time_control(tc) {
            TimeControl::Game { base_ms, .. } => base_ms,
            TimeControl::MoveTime { ms } => ms,
        };
        // Whole seconds are the common form; a fraction is sent only when needed.
        let secs = if base_ms % 1000 == 0 {
            format!("{}", base_ms / 1000)
        } else {
            format!("{:.3}", base_ms as f64 / 1000.0)
        };
        self.ask(&format!("time_setting {secs}"), "time_setting", HANDSHAKE)?;
        let v = self.variant.unwrap_or(Variant::standard());
        let Some(setting) = tcg::board_setting_line(v) else {
            return Err(Fault::Refused(format!(
                "the TCG protocol has no board_setting for variant {}",
                v.name()
            )));
        };
        let reply = self.ask(&setting, "board_setting", HANDSHAKE)?;
        if !v.standard && reply.trim() != "1" {
            self.proc = None;
            return Err(Fault::Refused(format!(
                "refuses variant {} ('{setting}' answered '{}')",
                v.name(),
                reply.trim()
            )));
        }
        Ok(())
    }

    fn set_variant(&mut self, v: &'static Variant) -> Result<(), Fault> {
        self.variant = Some(v);
        Ok(())
    }

    /// TCG has no handshake; what starts a game stands for one: the program is started, sent
    /// `time_setting 60`, which it must answer with `1`, and the variant's `board_setting`
    /// (answered with `1` for a variant other than the standard game), each within the
    /// handshake's time, then told to `exit`. A program that exits, stays silent or answers
    /// something else (`cat` echoes the command) is refused before any game.
    fn check_start(&mut self) -> Result<(), Fault> {
        let r = self.check_game_start();
        self.stop();
        r
    }

    fn setup(&mut self, side: Color, wait: Duration) -> Result<[u8; 6], Fault> {
        let line = self.ask(
            &format!("ini {}", tcg::side_letter(side)),
            "arrangement",
            wait,
        )?;
        tcg::standard_parse_tcg_setup(side, &line).map_err(|e| self.malformed(format!("ini: {e}")))
    }

    fn choose(&mut self, turn: &Turn) -> Result<Move, Fault> {
        let line = format!(
            "get {} {} {}",
            tcg::side_letter(turn.board.side_to_move()),
            turn.die,
            tcg::board_tokens(turn.board)
        );
        let reply = self.ask(&line, "move", turn.wait)?;
        tcg::parse_tcg_move_in(turn.board.variant(), &reply)
            .map_err(|e| self.malformed(format!("'{reply}': {e}")))
    }
}

impl Drop for Tcg {
    fn drop(&mut self) {
        self.stop();
    }
}
