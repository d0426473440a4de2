//! The page's view of the state: everything `GET /api/state` answers, built from the state
//! without changing it (the object is described in `protocol/gui.md`).

use super::*;
use crate::app::review::{Mark, MoveReview, SideTotals};
use crate::brain::luck::{RollLuck, SideLuck};
use crate::record::Reason;

use super::super::game::{ending, seeded_pair};
use crate::rules::notation::setup_string;
use crate::rules::variant::{Dice, Goal, Moves, Substitute, Variant, cube_char};

/// For each ply of a line played on `walk` (left at the line's end), the cube it took and the
/// cube that fell into a hole (the moved one, stepping onto a hole), if any.
fn cubes_lost(walk: &mut Board, plies: &[Ply]) -> Vec<(Option<String>, Option<String>)> {
    let hole_mask = walk.variant().hole_mask;
    plies
        .iter()
        .map(|p| {
            if p.mv.is_pass() {
                walk.make(p.mv);
                return (None, None);
            }
            let label = |code| {
                let (c, n) = crate::rules::board::piece_of(code);
                cube_label(c, n)
            };
            let took = Some(walk.piece_at(p.mv.to)).filter(|&c| c != 0).map(label);
            let hole = hole_mask & (1u64 << p.mv.to) != 0;
            let fell = Some(walk.piece_at(p.mv.from))
                .filter(|&c| hole && c != 0)
                .map(label);
            walk.make(p.mv);
            (took, fell)
        })
        .collect()
}

/// A cube as the page shows it: its side's letter and its number (`R3`, `B12`).
fn cube_label(c: Color, n: u8) -> String {
    format!("{}{n}", if c == Color::Red { 'R' } else { 'B' })
}

/// What the page needs to draw and name a variant's board, cubes and dice.
/// The cubes of a position, square by square row by row from the top left (`""`, `"R3"`).
fn squares_view(b: &Board) -> Vec<String> {
    (0..b.variant().n_sq)
        .map(|s| match b.piece_at(s) {
            0 => String::new(),
            code => {
                let (c, n) = crate::rules::board::piece_of(code);
                cube_label(c, n)
            }
        })
        .collect()
}

fn variant_view(v: &Variant) -> Value {
    let start = |c: Color| -> Vec<String> {
        v.start_squares(c)
            .iter()
            .map(|&s| v.square_name(s))
            .collect()
    };
    json!({
        "name": v.name(),
        "standard": v.standard,
        "rows": v.rows(),
        "cols": v.cols(),
        "cubes": v.cubes().iter().map(|&n| cube_char(n).to_string()).collect::<Vec<_>>(),
        "dice": v.rules.dice_name(),
        "has_dice": v.has_dice(),
        "outcomes": v.outcomes.iter().map(|&(o, w)| json!([o, w])).collect::<Vec<_>>(),
        "outcome_range": v.outcome_range(),
        "start_red": start(Color::Red),
        "start_blue": start(Color::Blue),
        "holes": v.rules.holes.iter().map(|&s| v.square_name(s)).collect::<Vec<_>>(),
        "goal": if v.rules.goal == Goal::Rank { "rank" } else { "corner" },
        "substitute": if v.rules.substitute == Substitute::Pass { "pass" } else { "nearest" },
        "own_capture": v.rules.own_capture,
        "moves": if v.rules.moves == Moves::Forward { "forward" } else { "corner" },
        "first": color_letter(v.rules.first),
    })
}

impl State {
    /// Whether `b` is valued exactly: a finished game, or a position the tables cover (those
    /// given on the command line, else the built-in ones once built).
    fn is_exact(&self, b: &Board) -> bool {
        let t: Option<&Tables> = match &self.offer.tables {
            Some(t) => Some(t),
            None => tables::builtin_if_ready(),
        };
        b.is_over()
            || t.is_some_and(|t| t.covers(b))
            || self
                .solved_for(b.variant())
                .is_some_and(|s| s.probability(b).is_some())
    }

    /// A solved variant's exact value of the shown position and its equilibrium setups (null
    /// without a table of the game's variant).
    fn solved_view(&self) -> Value {
        let b = self.game.board();
        let v = b.variant();
        let Some(s) = self.solved_for(v) else {
            return Value::Null;
        };
        let all = crate::brain::solve::setups(v);
        let mix = |ps: &[f64]| -> Vec<Value> {
            ps.iter()
                .zip(&all)
                .filter(|(p, _)| **p > 1e-9)
                .map(|(p, setup)| json!({"setup": setup_string(setup), "p": p}))
                .collect()
        };
        let eq = s
            .equilibrium()
            .map(|e| json!({"value": e.value, "first": mix(&e.first), "second": mix(&e.second)}));
        json!({
            "first": color_letter(v.rules.first),
            "wp": s.probability(b),
            "side": color_letter(b.side_to_move()),
            "equilibrium": eq,
        })
    }

    /// The reviewed moves the shown line still shares with the review (none without one).
    fn reviewed_moves(&self) -> &[MoveReview] {
        match (&self.reviews.last, self.reviewed_plies()) {
            (Some(r), Some(n)) => &r.result.moves[..n],
            _ => &[],
        }
    }

    /// The reviewed moves the review card shows: those of the side line when the review valued
    /// the side line shown, else those the game's main line shares with it (a side line leaves
    /// the game's review whole).
    fn review_shown_moves(&self) -> &[MoveReview] {
        let side = self.reviewed_plies().unwrap_or(0);
        let main = self.reviewed_main_plies().unwrap_or(0);
        if self.game.main.is_some() && side > main {
            self.reviewed_moves()
        } else {
            self.reviewed_main_moves()
        }
    }

    /// The reviewed moves the game's main line shares with the review: a side line leaves the
    /// game's review whole.
    fn reviewed_main_moves(&self) -> &[MoveReview] {
        match (&self.reviews.last, self.reviewed_main_plies()) {
            (Some(r), Some(n)) => &r.result.moves[..n],
            _ => &[],
        }
    }

    /// The game's main line while a side line is shown: where the side line leaves it, its
    /// plies from there, and its result.
    fn main_view(&self) -> Value {
        let Some(m) = &self.game.main else {
            return Value::Null;
        };
        // The game's own later moves keep what they took, as the list showed them before.
        let mut end = self.game.start.clone();
        let lost = cubes_lost(&mut end, &m.plies);
        let won = ending(&end).or_else(|| m.forfeit.as_ref().map(|f| (f.winner, f.reason)));
        let rest: Vec<Value> = m.plies[m.branch..]
            .iter()
            .zip(&lost[m.branch..])
            .map(|(p, (took, fell))| {
                json!({"side": color_letter(p.side), "die": p.die, "move": p.mv.display(self.game.start.variant()).to_string(),
                       "took": took, "fell": fell})
            })
            .collect();
        json!({
            "branch": m.branch,
            "length": m.plies.len(),
            "plies": rest,
            "winner": won.map(|(w, _)| color_letter(w)),
            "reason": won.map(|(_, how)| how.name()),
        })
    }

    /// The review's findings for the plies the game line still shares with the reviewed one.
    fn review_view(&self, shared: &[MoveReview]) -> Value {
        let busy = self.reviews.job.is_some();
        let depth = review_depth(self.game.start.variant());
        let (done, total) = self.reviews.job.as_ref().map_or((0, 0), |j| {
            (j.done.load(Ordering::Relaxed).min(j.total), j.total)
        });
        // Which line the review valued: the side line shown, or the game's own line.
        let side = self.game.main.is_some()
            && self.reviewed_plies().unwrap_or(0) > self.reviewed_main_plies().unwrap_or(0);
        let line = if side { "side" } else { "main" };
        let Some(r) = &self.reviews.last else {
            return json!({"busy": busy, "moves": null, "depth": depth, "done": done,
                          "total": total, "line": line});
        };
        let moves: Vec<Value> = shared
            .iter()
            .map(|m| {
                json!({
                    "ply": m.ply,
                    "side": color_letter(m.side),
                    "die": m.die,
                    "played": m.played.display(self.game.start.variant()).to_string(),
                    "best": m.best.display(self.game.start.variant()).to_string(),
                    "choices": m.choices,
                    "played_wp": m.played_value,
                    "best_wp": m.best_value,
                    "loss": m.loss(),
                    "mark": m.mark().map(Mark::name),
                    "luck": r.result.luck.get(m.ply - 1).map(RollLuck::luck),
                })
            })
            .collect();
        let rolls = &r.result.luck[..r.result.luck.len().min(shared.len())];
        let side_sum = |c: Color| {
            let t = SideTotals::of(shared, c);
            let [inaccuracies, mistakes, blunders] = t.marks;
            json!({"lost": t.lost, "choices": t.choices, "inaccuracies": inaccuracies,
                   "mistakes": mistakes, "blunders": blunders, "accuracy": t.accuracy(),
                   "luck": (!rolls.is_empty()).then(|| SideLuck::of(rolls, c).total)})
        };
        json!({
            "busy": busy,
            "depth": depth,
            "done": done,
            "total": total,
            "line": line,
            "moves": moves,
            "start_red": r.result.start_red,
            "red": side_sum(Color::Red),
            "blue": side_sum(Color::Blue),
        })
    }

    /// Everything the page shows, as one JSON object (described in `protocol/gui.md`): the
    /// position, the game's line, who plays, and what the analysis and the review found.
    pub fn view(&self) -> Value {
        let b = self.game.board();
        let v = b.variant();
        let end = self.game.result();
        let mut view = json!({
            "version": self.counters.version,
            // Which game this is: raised by every game started or loaded.
            "game": self.counters.games,
            // The record the game was loaded from (its text at `GET /api/source`), or null.
            "source": self.source.as_ref().map(|s| json!({
                "game": s.game, "count": s.count, "plies": s.plies, "serial": s.serial,
            })),
            "variant": variant_view(v),
            "variants": self.offer.variants.iter().map(|v| variant_view(v)).collect::<Vec<_>>(),
            "default_variant": self.offer.default_variant.name(),
            "rows": v.rows(),
            "cols": v.cols(),
            "fen": to_fen(b),
            "start": to_fen(&self.game.start),
            "squares": squares_view(b),
            "side": color_letter(b.side_to_move()),
            "die": self.game.die,
            // The two dice behind a roll of two dice drawn from the seed (null otherwise).
            "dice_pair": self.dice_pair(),
            "legal": self.legal_view(),
            "winner": end.map(|(w, _)| color_letter(w)),
            "reason": end.map(|(_, how)| how.name()),
            // The referee's words on a fault that ended a loaded record's game here.
            "detail": self.game.end_detail(),
            // The line ends in a finished game (the shown position may be an earlier one).
            "line_over": self.game.line_over(),
            "ply": self.game.cursor,
            "plies": self.plies_view(),
            "live": self.game.is_live(),
            "running": self.flow.running,
            "thinking": self.thinking_side().map(color_letter),
            "awaiting_setup": self.flow.pending.is_some(),
            "error": self.flow.error,
            "notice": self.flow.notice,
            "status": self.status(),
            "players": {
                "red": self.player_view(Color::Red),
                "blue": self.player_view(Color::Blue),
            },
            "engines": self.offer.roster.names(),
            "setup": self.setup_view(),
            "can_undo": self.undo_target().is_some(),
            "main": self.main_view(),
            "review": self.review_view(self.review_shown_moves()),
            "dice": {
                "mode": if self.game.dice == DiceMode::Manual { "manual" } else { "auto" },
                // In hex, as the record writes it.
                "seed": self.game.dice.seed().map(|s| format!("{s:x}")),
            },
            "settings": {
                "analysis": self.settings.analysis,
                "analysis_ms": self.settings.analysis_ms,
                "delay_ms": self.settings.delay_ms,
            },
            "threats": self.threats_view(),
            "analysis": self.analysis_view(),
            "solved": self.solved_view(),
            "graph": self.game.graph,
            // Points of the graph still to be worked out (0 when complete or the analysis is off).
            "graph_gaps": if self.settings.analysis { self.graph_gaps() } else { 0 },
        });
        // How many rematches in a row led to this game (0: not started by Rematch); when odd
        // its players are the first game's with colours swapped. (Set apart: the object above
        // is as large as the macro can take.)
        view["rematch"] = self.rematch_count().into();
        // Who won at the line's end, so that an earlier position of a finished game says so.
        view["line_winner"] = json!(self.game.line_winner().map(color_letter));
        view
    }

    /// The side whose engine is thinking in this game (a job of an earlier game is not).
    fn thinking_side(&self) -> Option<Color> {
        self.flow
            .job
            .as_ref()
            .filter(|j| j.epoch == self.counters.epoch)
            .map(|j| j.side)
    }

    /// How many rematches in a row led to the game on the board (0: not started by Rematch).
    pub(super) fn rematch_count(&self) -> u64 {
        match self.counters.rematch {
            Some((game, n)) if game == self.counters.games => n,
            _ => 0,
        }
    }

    /// The two dice whose sum is the shown die, when the variant throws two and the game's
    /// dice come from its seed (typed dice are typed as their sum).
    fn dice_pair(&self) -> Option<[u8; 2]> {
        let seed = self.game.dice.seed()?;
        let die = self.game.die?;
        let pair = seeded_pair(self.game.start.variant(), seed, self.game.cursor)?;
        (pair[0] + pair[1] == die).then_some(pair)
    }

    /// The moves of the rolled die in the shown position (none before the roll or at the end).
    fn legal_view(&self) -> Vec<String> {
        let b = self.game.board();
        match self.game.die {
            Some(d) if !self.game.over() => b
                .moves_for_die(d)
                .as_slice()
                .iter()
                .map(|m| m.display(self.game.start.variant()).to_string())
                .collect(),
            _ => Vec::new(),
        }
    }

    /// Each ply of the line with the cube it took or the cube that fell into a hole, if any,
    /// and its review mark.
    fn plies_view(&self) -> Vec<Value> {
        let reviewed = self.reviewed_moves();
        let lost = cubes_lost(&mut self.game.start.clone(), &self.game.plies);
        self.game
            .plies
            .iter()
            .zip(lost)
            .enumerate()
            .map(|(i, (p, (took, fell)))| {
                json!({"side": color_letter(p.side), "die": p.die, "move": p.mv.display(self.game.start.variant()).to_string(),
                       "took": took, "fell": fell,
                       "mark": reviewed.get(i).and_then(MoveReview::mark).map(Mark::name),
                       "luck": self.reviews.last.as_ref().filter(|_| i < reviewed.len())
                           .and_then(|r| r.result.luck.get(i)).map(RollLuck::luck)})
            })
            .collect()
    }

    /// How the game started: the setups and who moved first, or the start position.
    fn setup_view(&self) -> Value {
        match Start::from_board(&self.game.start) {
            Start::Setups {
                red, blue, first, ..
            } => json!({
                "red_setup": setup_string(&red),
                "blue_setup": setup_string(&blue),
                "first": color_letter(first),
                "position": null,
            }),
            Start::Position(p) => json!({
                "red_setup": null, "blue_setup": null,
                "first": color_letter(p.side_to_move()),
                "position": to_fen(&p),
            }),
        }
    }

    fn player_view(&self, c: Color) -> Value {
        let seat = &self.seats[c.idx()];
        let mut v = serde_json::to_value(&seat.config).unwrap_or(Value::Null);
        if let Value::Object(m) = &mut v {
            m.insert("label".into(), Value::String(self.names()[c.idx()].clone()));
            // The name is a loaded record's, not a choice made on this page.
            m.insert(
                "recorded".into(),
                Value::Bool(self.recorded[c.idx()].is_some()),
            );
        }
        v
    }

    /// The status line: who is to move and what to do, or how the game ended.
    fn status(&self) -> String {
        if self.flow.pending.is_some() {
            return "Waiting for the engines' setups".into();
        }
        if let Some((w, how)) = self.game.result() {
            return self.end_status(w, how);
        }
        let b = self.game.board();
        let side = b.side_to_move();
        let name = capital(side.name());
        // Two dice are said as their sum ("dice 8"), one as "die 4".
        let die = match self.game.die {
            Some(d) if b.variant().has_dice() => format!(", {} {d}", die_word(b)),
            Some(_) => ", any cube".into(),
            None => String::new(),
        };
        let line = if self.game.main.is_some() {
            "Side line, "
        } else {
            ""
        };
        if !self.game.is_live() {
            // Short enough for two lines on a phone, where the page keeps room for two.
            let next = if self.game.main.is_some() {
                "A move here starts a new side line"
            } else if !self.game.line_over() {
                "Play a move to go on from here"
            } else {
                "A move here starts a side line"
            };
            // The position shown, counted as the step counter and the move list count it:
            // after move k of the line's n (the start is 0).
            let (k, n) = (self.game.cursor, self.game.plies.len());
            let at = match (k, line.is_empty()) {
                (0, true) => format!("Start, 0 of {n}"),
                (0, false) => format!("start, 0 of {n}"),
                (_, true) => format!("After move {k} of {n}"),
                (_, false) => format!("after move {k} of {n}"),
            };
            // An engine's seat in an unfinished game's own line plays its own moves: said at
            // once, no move invited that a click would refuse. (In a finished game a move
            // there starts a side line, for either side.)
            if line.is_empty() && !self.game.line_over() && !self.is_human(side) {
                // Short enough for a phone's two lines.
                // The step buttons by name (">", ">|"): "Step" read as the Step button, greyed
                // here. A game of engines only is paused while one looks back; Resume (or Step)
                // goes on from its end.
                if !self.is_human(side.other()) {
                    return format!("{at}, paused: Resume goes on from move {n}");
                }
                return format!("{at}: {name} (engine) moves here{die}. > to your move, or >| End");
            }
            return format!("{line}{at}: {name} to move{die}. {next}");
        }
        if self
            .flow
            .job
            .as_ref()
            .is_some_and(|j| j.epoch == self.counters.epoch)
        {
            return format!("{line}{name} is thinking{die}");
        }
        if !self.flow.running && !self.is_human(side) {
            return format!("Paused: {name} (engine) to move{die}. Resume, or Step for one move");
        }
        // Paused on a person's turn: said first, as on an engine's turn.
        let engine_plays = !self.is_human(Color::Red) || !self.is_human(Color::Blue);
        let paused = !self.flow.running && engine_plays && line.is_empty();
        let line = if paused { "Paused: " } else { line };
        if self.is_human(side) || !self.flow.running {
            return self.turn_status(line, &name, &die);
        }
        match self.game.dice {
            DiceMode::Manual if self.game.die.is_none() => {
                format!("{line}{name} (engine) to move: type the die")
            }
            _ => format!("{line}{name} to move{die}"),
        }
    }

    /// How the game ended, in words.
    fn end_status(&self, w: Color, how: Reason) -> String {
        let b = self.game.board();
        // The last move stepped onto a hole: the loser's last cube fell in.
        let fell = self.game.cursor > 0 && {
            let m = self.game.plies[self.game.cursor - 1].mv;
            !m.is_pass() && b.variant().hole_mask & (1u64 << m.to) != 0
        };
        let fell_text = format!(
            "{}'s last cube fell into the hole",
            capital(w.other().name())
        );
        let how = if how == Reason::Capture && fell {
            fell_text.as_str()
        } else if how == Reason::Capture {
            "took the last cube"
        } else if how == Reason::Resign {
            return format!(
                "{} wins: {} resigned",
                capital(w.name()),
                capital(w.other().name())
            );
        } else if let Some(fault) = fault_words(w.other(), how, self.game.end_detail()) {
            return format!("{} wins: {fault}", capital(w.name()));
        } else if b.variant().rules.goal == Goal::Rank {
            "reached the far rank"
        } else {
            "reached the corner"
        };
        format!("{} wins: {how}", capital(w.name()))
    }

    /// What the person to move does now (`line` heads it: a side line, or Paused).
    fn turn_status(&self, line: &str, name: &str, die: &str) -> String {
        let b = self.game.board();
        match (self.game.die, self.game.dice) {
            (Some(d), _) if b.moves_for_die(d).as_slice() == [Move::PASS] => {
                format!("{line}{name} to move{die}: no cube can move, so {name} passes (Pass)")
            }
            (Some(_), _) if !b.variant().has_dice() => {
                format!("{line}{name} to move: pick any cube, then its target")
            }
            (Some(d), _) => match stand_ins(b, d) {
                Some(what) => format!("{line}{name} to move{die}: {what}"),
                None => format!("{line}{name} to move{die}: pick a cube, then its target"),
            },
            (None, DiceMode::Auto { .. }) if matches!(b.variant().rules.dice, Dice::Two(_)) => {
                format!("{line}{name} to move: roll the dice")
            }
            (None, DiceMode::Auto { .. }) => format!("{line}{name} to move: roll the die"),
            (None, DiceMode::Manual) => format!("{line}{name} to move: type the die"),
        }
    }

    fn threats_view(&self) -> Value {
        let b = self.game.board();
        if self.game.over() || self.flow.pending.is_some() {
            return json!([]);
        }
        let mut out = Vec::new();
        for pos in [Some(b.clone()), flipped(b)].into_iter().flatten() {
            if pos.is_over() {
                continue;
            }
            let t = threats_now(&pos);
            for &(n, f) in &t.capture_faces {
                if f == 0 {
                    continue;
                }
                if let Some(sq) = pos.cube_square(t.side, n) {
                    out.push(json!({
                        "cube": cube_label(t.side, n),
                        "square": pos.variant().square_name(sq),
                        "chance": t.chance(f),
                    }));
                }
            }
        }
        json!(out)
    }

    fn analysis_view(&self) -> Value {
        let b = self.game.board();
        let pos = b.key();
        let a = &self.analysis;
        let mover = b.side_to_move();
        let moves = match (&a.die_result, self.game.die) {
            (Some((f, d, r)), Some(die)) if *f == pos && *d == die => Some(r),
            _ => None,
        };
        let move_rows: Option<Vec<Value>> = moves.map(|r| {
            r.moves()
                .iter()
                .map(|rm| {
                    let t = crate::brain::analysis::threats_after(b, rm.mv);
                    let mut after = b.clone();
                    after.make(rm.mv);
                    let caps: Vec<Value> = t
                        .capture_faces
                        .iter()
                        .filter(|&&(_, f)| f > 0)
                        .map(|&(n, f)| {
                            json!({
                                "cube": cube_label(t.side, n),
                                "square": after
                                    .cube_square(t.side, n)
                                    .map(|s| after.variant().square_name(s)),
                                "chance": t.chance(f),
                            })
                        })
                        .collect();
                    json!({
                        "move": rm.mv.display(self.game.start.variant()).to_string(),
                        "wp": to_prob(rm.value),
                        "exact": self.is_exact(&after),
                        "oppwin": t.win_prob(),
                        "captures": caps,
                    })
                })
                .collect()
        });
        let pv: Vec<String> = match (moves, &self.last_pv) {
            _ if b.is_over() => Vec::new(),
            (Some(r), _) => r
                .result
                .pv
                .iter()
                .map(|m| m.display(self.game.start.variant()).to_string())
                .collect(),
            (None, Some((f, line))) if *f == pos => line
                .iter()
                .map(|m| m.display(self.game.start.variant()).to_string())
                .collect(),
            _ => Vec::new(),
        };
        let preroll = match &a.preroll {
            Some((f, p)) if *f == pos => Some(json!({
                "wp": to_prob(p.value),
                "exact": self.is_exact(b),
                "faces": p.faces.iter().map(|fb| json!({
                    "die": fb.die,
                    "best": fb.best.display(self.game.start.variant()).to_string(),
                    "wp": to_prob(fb.value),
                    "depth": fb.depth,
                })).collect::<Vec<_>>(),
            })),
            _ => None,
        };
        json!({
            "enabled": self.settings.analysis,
            "busy": a.running.is_some() && !a.backfill,
            "side": color_letter(mover),
            "die": moves.map(|r| r.die),
            "depth": moves.map(|r| r.result.depth),
            "moves": move_rows,
            "pv": pv,
            "preroll": preroll,
        })
    }
}

/// How `loser` lost a record's game by a fault, with the referee's words (their leading
/// "red: " dropped, as the sentence names the side): "Red ran out of time (no bestmove within
/// 150 ms; engine killed)". `None` for an ending on the board or a resignation.
fn fault_words(loser: Color, how: Reason, detail: Option<&str>) -> Option<String> {
    let name = capital(loser.name());
    let what = match how {
        Reason::Time => format!("{name} ran out of time"),
        Reason::Crash => format!("{name}'s engine stopped"),
        Reason::Illegal => format!("{name} played an illegal move"),
        Reason::Malformed => format!("{name} sent something that is not a move"),
        _ => return None,
    };
    let own = format!("{}:", loser.name());
    let detail = detail.map(|d| {
        d.get(..own.len())
            .filter(|head| head.eq_ignore_ascii_case(&own))
            .map_or(d, |_| &d[own.len()..])
            .trim()
    });
    Some(match detail.filter(|d| !d.is_empty()) {
        Some(d) => format!("{what} ({d})"),
        None => what,
    })
}

/// Which cubes may move for die `d` when the side to move has no cube `d` (taken, or no cube
/// bears that number), each named a cube so that the numbers read as cubes, not squares or
/// moves: "cube 3 is gone: move cube 2 or cube 4". `None` when cube `d` itself moves.
fn stand_ins(b: &Board, d: u8) -> Option<String> {
    let side = b.side_to_move();
    if b.variant().rules.cubes.contains(&d) && b.cube_square(side, d).is_some() {
        return None;
    }
    let mask = b.movable(d);
    let nums: Vec<String> = (0..16u8)
        .filter(|i| mask & (1 << i) != 0)
        .map(|i| format!("cube {}", i + 1))
        .collect();
    let (last, rest) = nums.split_last()?;
    let cubes = if rest.is_empty() {
        last.clone()
    } else {
        format!("{} or {last}", rest.join(", "))
    };
    let gone = if b.variant().rules.cubes.contains(&d) {
        format!("cube {d} is gone")
    } else {
        format!("no cube is numbered {d}")
    };
    Some(format!("{gone}: move {cubes}"))
}

/// "dice" when the variant throws two dice (their sum is shown), else "die".
fn die_word(b: &Board) -> &'static str {
    if matches!(b.variant().rules.dice, Dice::Two(_)) {
        "dice"
    } else {
        "die"
    }
}
