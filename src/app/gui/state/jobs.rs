//! The state's background jobs: an engine's move or setup, the analysis of the shown position
//! (and of the graph's gaps), and the review, each on a thread of its own. [`State::pump`] runs
//! after every change and starts what the new state needs; a job hands its engine or searcher
//! back with its result, which is applied only if the game is still where it was (the epoch).

use super::*;

impl State {
    pub(super) fn start_setup_job(&mut self, c: Color, shared: &Shared) {
        let seat = &mut self.seats[c.idx()];
        let Some(mut engine) = seat.engine.take() else {
            return;
        };
        let (id, epoch, shared) = (seat.id, self.counters.epoch, shared.clone());
        std::thread::spawn(move || {
            let r = engine.setup(c);
            let mut st = lock(&shared);
            let back = st.give_back(c, id, engine);
            st.finish_setup(c, epoch, r);
            st.pump(&shared);
            drop(st);
            drop(back);
        });
    }

    pub(super) fn finish_setup(&mut self, c: Color, epoch: u64, r: Result<[u8; 6], Fault>) {
        if epoch != self.counters.epoch {
            return;
        }
        let Some(p) = self.flow.pending.as_mut() else {
            return;
        };
        let setup = match r {
            Ok(s) => s,
            Err(f) => {
                self.flow.error = Some(format!(
                    "{} engine {}; its cubes stand 123456 instead",
                    c.name(),
                    describe(&f)
                ));
                [1, 2, 3, 4, 5, 6]
            }
        };
        p.setups[c.idx()] = Some(setup.to_vec());
        if let [Some(red), Some(blue)] = &p.setups {
            let b = Board::from_setups_in(self.game.start.variant(), red, blue, p.first)
                .unwrap_or_else(|_| self.game.start.clone());
            let dice = self.game.dice;
            self.game = Game::new(b, dice);
            self.flow.pending = None;
            self.counters.epoch += 1;
        }
    }

    /// Puts a lent engine back in its seat, or returns it (to be dropped outside the lock) when
    /// the seat has another player now.
    pub(super) fn give_back(
        &mut self,
        c: Color,
        id: u64,
        engine: Box<dyn Engine>,
    ) -> Option<Box<dyn Engine>> {
        let seat = &mut self.seats[c.idx()];
        if seat.id == id {
            seat.engine = Some(engine);
            None
        } else {
            Some(engine)
        }
    }

    /// Starts the review of the whole game line: every decision valued with its alternatives as
    /// `ewn review` values it (depth [`REVIEW_DEPTH`]), on a thread and a searcher of its own.
    pub fn start_review(&mut self, shared: &Shared) -> Result<(), GuiError> {
        self.ready()?;
        if self.reviews.job.is_some() {
            return Err(GuiError::not_now("the review is already running"));
        }
        if self.game.plies.is_empty() {
            return Err(GuiError::not_now("there is no move to review yet"));
        }
        // In a side line, the side line is reviewed (the game's own review is replaced).
        let mut rec = self.record();
        if self.game.main.is_some() {
            rec.plies = self.game.plies.clone();
        }
        let id = self.counters.next_review;
        self.counters.next_review += 1;
        let mut searcher = self.depth_searcher(self.game.start.variant());
        let done = Arc::new(AtomicUsize::new(0));
        self.reviews.job = Some(ReviewJob {
            id,
            stop: searcher.stop_flag(),
            done: done.clone(),
            total: rec.plies.len(),
        });
        let shared = shared.clone();
        let v = self.game.start.variant();
        let depth = review_depth(v);
        std::thread::spawn(move || {
            let mut count = |n| done.store(n, Ordering::Relaxed);
            let r = review_game_counted(&mut searcher, &rec, &Limits::to_depth(depth), &mut count)
                .and_then(|mut r| {
                    // Every roll's luck, by the fixed search `ewn review` uses.
                    let luck = Limits::to_depth(crate::brain::luck::DEFAULT_LUCK_DEPTH);
                    r.luck = crate::app::review::luck_of_game(&mut searcher, &rec, &luck)?;
                    Ok(r)
                })
                .map_err(|e| GuiError::Review(e.to_string()));
            let mut st = lock(&shared);
            st.finish_review(id, rec, r);
            st.pump(&shared);
        });
        Ok(())
    }

    pub(super) fn finish_review(
        &mut self,
        id: u64,
        rec: GameRecord,
        r: Result<GameReview, GuiError>,
    ) {
        if self.reviews.job.as_ref().is_none_or(|j| j.id != id) {
            return;
        }
        self.reviews.job = None;
        let result = match r {
            Ok(r) => r,
            Err(e) => {
                self.flow.error = Some(e.to_string());
                return;
            }
        };
        let r = Review {
            start: rec.start_board().key(),
            plies: rec.plies,
            result,
        };
        // The graph takes the values of the plies the line still shares with the reviewed one
        // (and the main line's graph, while a side line is shown).
        if let Some(n) = r.shared_with(&self.game) {
            self.game.set_point(0, r.result.start_red);
            for m in r.result.moves[..n].iter().filter(|m| m.choices > 1) {
                self.game
                    .set_point(m.ply, red_chance(m.side, m.played_value));
            }
        }
        if let Some(n) = r.shared_with_plies(&self.game, self.game.main_plies())
            && let Some(main) = &mut self.game.main
        {
            main.graph[0] = Some(r.result.start_red);
            // The end of a game lost by a resignation or a fault keeps its certain value.
            let keep = main.forfeit.is_some().then_some(main.plies.len());
            for m in r.result.moves[..n]
                .iter()
                .filter(|m| m.choices > 1 && Some(m.ply) != keep)
            {
                if let Some(p) = main.graph.get_mut(m.ply) {
                    *p = Some(red_chance(m.side, m.played_value));
                }
            }
        }
        self.reviews.last = Some(r);
    }

    /// Starts whatever the state now needs: an analysis, an engine's roll and move.
    pub fn pump(&mut self, shared: &Shared) {
        self.counters.version += 1;
        // Without dice there is nothing to roll: every turn's outcome is "any cube".
        if !self.game.start.variant().has_dice()
            && self.game.die.is_none()
            && self.flow.pending.is_none()
            && !self.game.over()
        {
            self.game.die = Some(0);
        }
        self.pump_analysis(shared);
        if self.flow.job.is_some() || self.flow.pending.is_some() {
            return;
        }
        let b = self.game.board().clone();
        if self.game.over() || !self.game.is_live() {
            return;
        }
        let side = b.side_to_move();
        if self.is_human(side) || !(self.flow.running || self.flow.step) {
            return;
        }
        let die = match self.game.die {
            Some(d) => d,
            None => match self.game.roll_auto() {
                Some(d) => {
                    self.counters.version += 1;
                    // The analysis now has a die to look at.
                    self.pump_analysis(shared);
                    d
                }
                None => return,
            },
        };
        let seat = &mut self.seats[side.idx()];
        let Some(mut engine) = seat.engine.take() else {
            // No job holds it: the seat has no engine, which must be said, never waited on.
            let why = format!(
                "{} ({}) has no engine to move with; the game is paused: choose its player again or start a New game",
                capital(side.name()),
                seat.config.label()
            );
            log::warn!("{why}");
            self.flow.error = Some(why);
            self.flow.running = false;
            self.flow.step = false;
            return;
        };
        self.flow.step = false;
        let id = seat.id;
        let epoch = self.counters.epoch;
        let start = self.game.start.clone();
        let history = self.game.history();
        let delay = Duration::from_millis(self.settings.delay_ms);
        let stop = engine.stop_flag();
        if let Some(s) = &stop {
            s.store(false, Ordering::Relaxed);
        }
        self.flow.job = Some(Job { side, epoch, stop });
        let shared = shared.clone();
        std::thread::spawn(move || {
            std::thread::sleep(delay);
            let r = engine.choose(&start, &history, &b, die);
            let mut st = lock(&shared);
            let back = st.give_back(side, id, engine);
            st.finish_move(side, epoch, die, r);
            st.pump(&shared);
            drop(st);
            drop(back);
        });
    }

    pub(super) fn finish_move(
        &mut self,
        side: Color,
        epoch: u64,
        die: u8,
        r: Result<Chosen, Fault>,
    ) {
        self.flow.job = None;
        if epoch != self.counters.epoch {
            return;
        }
        let who = format!(
            "{} ({})",
            side.name(),
            self.seats[side.idx()].config.label()
        );
        match r {
            Ok(c) if self.game.die == Some(die) && self.game.board().is_legal(c.mv, Some(die)) => {
                self.game.play(c.mv).expect("checked legal");
                if let Some(v) = c.value {
                    let n = self.game.cursor;
                    self.game.set_point(n, red_chance(side, v));
                }
                self.bump();
                // The line after the move played, from the position it reached.
                let rest = c.pv.iter().skip(1).copied().collect::<Vec<_>>();
                self.last_pv = (!rest.is_empty() && !self.game.board().is_over())
                    .then(|| (self.game.board().key(), rest));
                self.flow.error = None;
            }
            Ok(c) => {
                self.flow.error = Some(format!(
                    "{who} played {}, which is illegal for die {die}; the game is paused: choose another player or press Resume to ask again",
                    c.mv.display(self.game.start.variant())
                ));
                self.flow.running = false;
            }
            Err(f) => {
                self.flow.error = Some(format!(
                    "{who} {}; the game is paused: choose another player or press Resume to try again",
                    describe(&f)
                ));
                self.flow.running = false;
            }
        }
    }

    /// The latest position of the line whose graph point is still unknown (a move came before
    /// its analysis was done), with its number.
    pub(super) fn missing_point(&self) -> Option<(usize, Board)> {
        let g = &self.game;
        let mut b = g.start.clone();
        let mut last = None;
        for i in 0..=g.plies.len() {
            if g.graph.get(i).is_some_and(Option::is_none) && !b.is_over() {
                last = Some((i, b.clone()));
            }
            if let Some(p) = g.plies.get(i) {
                b.make(p.mv);
            }
        }
        last
    }

    /// How many points of the graph the analysis still has to fill (positions of the line that
    /// are not finished and whose value is unknown).
    pub(super) fn graph_gaps(&self) -> usize {
        let g = &self.game;
        let mut b = g.start.clone();
        let mut gaps = 0;
        for i in 0..=g.plies.len() {
            if g.graph.get(i).is_some_and(Option::is_none) && !b.is_over() {
                gaps += 1;
            }
            if let Some(p) = g.plies.get(i) {
                b.make(p.mv);
            }
        }
        gaps
    }

    /// Starts the analysis the state needs next, if any: the shown position's (its rolled
    /// die's moves and the chances before the roll), else a gap of the graph. A running search
    /// that is no longer wanted is told to stop; its end pumps again.
    pub(super) fn pump_analysis(&mut self, shared: &Shared) {
        let Some(job) = self.next_analysis() else {
            return;
        };
        let solved = self.solved_for(job.board.variant());
        let a = &mut self.analysis;
        let Some(mut searcher) = a.searcher.take() else {
            return;
        };
        // Exact values where a solved table covers the position's variant.
        searcher.set_solved(solved);
        a.backfill = job.backfill.is_some();
        a.running = Some((job.board.key(), job.die));
        // Cleared here, under the lock, so that a stop sent after this point is never lost.
        a.stop.store(false, Ordering::Relaxed);
        let limits = Limits {
            movetime: Some(self.settings.analysis_ms),
            ..Limits::default()
        };
        let (shared, stop) = (shared.clone(), a.stop.clone());
        std::thread::spawn(move || run_analysis(&shared, searcher, job, &limits, &stop));
    }

    /// What the analysis should search now; `None` when nothing, or while a search runs (which
    /// is stopped when it is no longer what is wanted).
    fn next_analysis(&self) -> Option<AnalysisJob> {
        let shown = self.game.board().clone();
        let pos = shown.key();
        let die = self.game.die;
        let a = &self.analysis;
        let on = self.settings.analysis;
        let wanted = on && self.flow.pending.is_none();
        // A game that ended (also by a resignation or a fault) has nothing left to analyse.
        let ended = self.game.over();
        let need_die = !ended
            && die.is_some_and(|d| {
                !a.die_result
                    .as_ref()
                    .is_some_and(|(f, dd, _)| *f == pos && *dd == d)
            });
        let need_pre = on && !ended && a.preroll.as_ref().is_none_or(|(f, _)| *f != pos);
        let shown_done = !(need_die || need_pre);
        if let Some(key) = &a.running {
            let keep = if a.backfill {
                shown_done
            } else {
                key.0 == pos && key.1 == die
            };
            if !wanted || !keep {
                a.stop.store(true, Ordering::Relaxed);
            }
            return None;
        }
        if !wanted {
            return None;
        }
        if !shown_done {
            return Some(AnalysisJob {
                board: shown,
                die,
                need_die,
                need_pre,
                backfill: None,
            });
        }
        if !on {
            return None;
        }
        // The shown position is done: while nothing else is asked, the graph's gaps.
        let (i, b) = self.missing_point()?;
        Some(AnalysisJob {
            board: b,
            die: None,
            need_die: false,
            need_pre: true,
            backfill: Some(i),
        })
    }
}

/// One analysis search: of the shown position, or of a graph point the game passed before its
/// analysis was done (`backfill`, its ply).
struct AnalysisJob {
    board: Board,
    die: Option<u8>,
    /// The rolled die's moves are wanted, and the chances before the roll.
    need_die: bool,
    need_pre: bool,
    backfill: Option<usize>,
}

/// Runs `job` on its own thread with the analysis' searcher, stores what it found (unless told
/// to stop) and hands the searcher back.
fn run_analysis(
    shared: &Shared,
    mut searcher: Searcher,
    job: AnalysisJob,
    limits: &Limits,
    stop: &AtomicBool,
) {
    let b = &job.board;
    let pos = b.key();
    if let Some(d) = job.die.filter(|_| job.need_die) {
        let r = analyse_die(&mut searcher, b, d, limits, &mut |_| {});
        let mut st = lock(shared);
        if !stop.load(Ordering::Relaxed) {
            st.analysis.die_result = Some((pos, d, r));
            st.counters.version += 1;
        }
    }
    let pre = (job.need_pre && !stop.load(Ordering::Relaxed))
        .then(|| analyse_preroll(&mut searcher, b, limits, &mut |_| {}));
    // One lock for the result and the searcher's return; `pump` then marks the change.
    let mut st = lock(shared);
    if let Some(p) = pre
        && !stop.load(Ordering::Relaxed)
    {
        let red = red_chance(b.side_to_move(), to_prob(p.value));
        match job.backfill {
            // Only if the line still passes through that position.
            Some(i) => {
                if st.game.board_at(i).is_some_and(|at| at.key() == pos) {
                    st.game.set_point(i, red);
                }
            }
            None => {
                if st.game.board().key() == pos {
                    let n = st.game.cursor;
                    st.game.set_point(n, red);
                }
                st.analysis.preroll = Some((pos, p));
            }
        }
    }
    st.analysis.searcher = Some(searcher);
    st.analysis.running = None;
    st.analysis.backfill = false;
    st.pump(shared);
}
