//! The server's state: the game, the two seats, the engine and analysis jobs, and the page's view.
//!
//! All of it sits behind one mutex that is only ever held for short, non-blocking work. Anything
//! that can take long (an engine choosing a move or its setup, the analysis search) runs on a
//! thread of its own: the engine (or the analysis searcher) is lent to the thread and handed back
//! with the result. [`State::pump`] runs after every change and starts whatever the new state
//! needs; a job's result is applied only if the game is still where it was when the job started
//! (the epoch number), so stepping back, a new game or a changed player simply makes a
//! running job's answer void.

use std::sync::atomic::{AtomicBool, AtomicUsize, Ordering};
use std::sync::{Arc, Mutex, MutexGuard};
use std::time::Duration;

use serde_json::{Value, json};

use crate::app::review::{DEFAULT_DEPTH, GameReview, review_game_counted};
use crate::brain::analysis::{DieAnalysis, PreRoll, analyse_die, analyse_preroll, threats_now};
use crate::brain::search::{Limits, Searcher, to_prob};
use crate::brain::solve::{self, Solved};
use crate::brain::tables::{self as tables, Tables};
use crate::players::Fault;
use crate::record::{GameRecord, Graph, Ply, Start, side_letter};
use crate::rules::board::{Board, Color, Move};
use crate::rules::notation::{parse_fen_in, setup_string, to_fen};
use crate::rules::rng::MatchRng;
use crate::rules::variant::{PRESETS, Variant};
pub use hint::Hint;

use super::engines::{Chosen, Engine, PlayerConfig, Roster, describe};
use super::error::GuiError;
use super::game::{DiceMode, Game};

mod flow;
mod hint;
mod jobs;
mod view;

const ANALYSIS_HASH_MB: usize = 32;
const REVIEW_HASH_MB: usize = 16;

/// How a side's cubes are arranged at the start of a game.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum SetupChoice {
    /// The variant's cube numbers in setup order.
    Cubes(Vec<u8>),
    /// Drawn from the game's seed.
    Random,
    /// The player's own (an engine's `go setup` or `ini`).
    Engine,
}

/// Everything a new game needs.
#[derive(Clone, Debug)]
pub struct NewGame {
    pub players: [PlayerConfig; 2],
    pub setups: [SetupChoice; 2],
    pub variant: &'static Variant,
    pub first: Color,
    /// Start from this position instead of the setups.
    pub position: Option<Board>,
    pub dice: DiceMode,
}

impl NewGame {
    /// The game the arena opens with, and the one the New game form offers first: a person
    /// (Red) against this engine at its strongest, random setups, the variant's first mover,
    /// dice rolled from a seed taken from the clock.
    pub fn opening(variant: &'static Variant) -> NewGame {
        NewGame {
            players: [PlayerConfig::Human {}, arena_engine()],
            setups: [SetupChoice::Random, SetupChoice::Random],
            variant,
            first: variant.rules.first,
            position: None,
            dice: DiceMode::Auto { seed: clock_seed() },
        }
    }
}

#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Settings {
    pub analysis: bool,
    /// Search time of each analysis step, in ms.
    pub analysis_ms: u64,
    /// Pause before an engine's move, so that a person can follow the game.
    pub delay_ms: u64,
}

impl Default for Settings {
    fn default() -> Self {
        Settings {
            analysis: true,
            analysis_ms: 400,
            delay_ms: 300,
        }
    }
}

struct Seat {
    config: PlayerConfig,
    /// Changes whenever the seat gets a new player, so a lent engine knows whether to come back.
    id: u64,
    /// `None` for a person, and while the engine is lent to a job's thread.
    engine: Option<Box<dyn Engine>>,
}

impl Seat {
    fn is_human(&self) -> bool {
        matches!(self.config, PlayerConfig::Human {})
    }
}

/// An engine's move (or setup) being computed on its own thread.
struct Job {
    side: Color,
    epoch: u64,
    stop: Option<Arc<AtomicBool>>,
}

/// Setups still awaited from engines before the game can begin.
struct PendingSetup {
    setups: [Option<Vec<u8>>; 2],
    first: Color,
}

struct Analysis {
    searcher: Option<Searcher>,
    stop: Arc<AtomicBool>,
    /// The key of the position and the die of the search running now (results are kept under
    /// their position's key, so a result is shown only for the position it belongs to).
    running: Option<(u64, Option<u8>)>,
    /// The running search fills a graph point the game passed before its analysis was done
    /// (it gives way to the shown position's analysis).
    backfill: bool,
    die_result: Option<(u64, u8, DieAnalysis)>,
    preroll: Option<(u64, PreRoll)>,
    /// The hint's own search (state/hint.rs): by depth, so that a position and die always get
    /// the same hint whatever the analysis reached in its time.
    hint: hint::HintSearch,
}

/// A whole-game review: the line it valued and what it found. Marks are shown for the plies
/// that are still the same in the game's line.
struct Review {
    /// The key of the reviewed line's start position.
    start: u64,
    plies: Vec<Ply>,
    result: GameReview,
}

impl Review {
    /// How many plies `game`'s line shares with the reviewed one; `None` when it starts from
    /// another position.
    fn shared_with(&self, game: &Game) -> Option<usize> {
        self.shared_with_plies(game, &game.plies)
    }

    /// The same for one of the game's lines.
    fn shared_with_plies(&self, game: &Game, plies: &[Ply]) -> Option<usize> {
        (self.start == game.start.key()).then(|| {
            self.plies
                .iter()
                .zip(plies)
                .take_while(|(a, b)| a == b)
                .count()
        })
    }
}

/// A review being computed on its own thread.
struct ReviewJob {
    id: u64,
    stop: Arc<AtomicBool>,
    /// Plies valued so far, of `total`.
    done: Arc<AtomicUsize>,
    total: usize,
}

/// What the arena offers, fixed when it starts: the engine programs of the command line, the
/// variants, and the exact tables.
struct Offer {
    roster: Roster,
    /// The variant the New game form offers first, and every variant it offers.
    default_variant: &'static Variant,
    variants: Vec<&'static Variant>,
    /// Exact endgame tables given on the command line (the analysis also has the built-in ones).
    tables: Option<Arc<Tables>>,
    /// The solved tables of offered variants (`--tables DIR`): exact values for the analysis
    /// and the review, and the equilibrium setups.
    solved: Vec<Arc<Solved>>,
}

/// The numbers that tell one moment, one seat or one review from another.
#[derive(Default)]
struct Counters {
    /// Raised whenever the game moves on (a move, a step, a new game, Pause): a job's result
    /// that carries an older epoch belongs to a position no longer shown and is dropped.
    epoch: u64,
    /// Raised on every change the page should see; the page redraws when it differs.
    version: u64,
    /// The id the next seat gets, so that an engine lent to a job knows whether its seat
    /// still wants it back.
    next_seat: u64,
    /// The id the next review gets, so that a cancelled review's result is dropped.
    next_review: u64,
    /// Raised for every game started or loaded, so that the page can tell a new game from the
    /// same one (the analysis shown once on request is held again in the next game).
    games: u64,
    /// The `games` count of the last game Rematch started and how many rematches in a row led
    /// to it, so that every page (a tab opened during the rematch too) can offer the seats the
    /// first of them answered.
    rematch: Option<(u64, u64)>,
}

/// Whether engines play on, and what the game is waiting for.
struct Flow {
    /// Engines move by themselves (false: paused).
    running: bool,
    /// One engine move while paused (Step).
    step: bool,
    /// The engine move (or setup) being computed.
    job: Option<Job>,
    /// Setups still awaited from engines before the game can begin.
    pending: Option<PendingSetup>,
    /// What went wrong last (an engine that failed, a review that failed), for the page.
    error: Option<String>,
    /// What the last change did that a person might not expect (a loaded record's player that
    /// a rematch could not keep), for the page; it goes with the next game or the person's
    /// first move.
    notice: Option<String>,
}

/// The last finished review, and the one running.
#[derive(Default)]
struct Reviews {
    last: Option<Review>,
    job: Option<ReviewJob>,
}

/// The record text the game on the board was loaded from, kept so that every tab of the arena
/// (a copied address opened in another) offers the record's other games, not only this one.
pub struct Source {
    pub text: String,
    /// Which game of the record is loaded (1 for the first) and how many it has.
    pub game: usize,
    pub count: usize,
    /// The loaded game's plies, to tell the game as loaded from one played on.
    pub plies: usize,
    /// The `game` counter of the load, so that a page knows a record loaded since it looked.
    pub serial: u64,
}

pub struct State {
    pub game: Game,
    /// The players' names as a loaded record gives them, until the players change.
    recorded: [Option<String>; 2],
    /// The record the game was loaded from, until another game is started or loaded.
    pub source: Option<Source>,
    seats: [Seat; 2],
    flow: Flow,
    pub settings: Settings,
    analysis: Analysis,
    reviews: Reviews,
    /// The last engine move's expected continuation (its line after the move played), with the
    /// position it starts from, for the panel when the analysis is off.
    last_pv: Option<(u64, Vec<Move>)>,
    offer: Offer,
    counters: Counters,
}

pub type Shared = Arc<Mutex<State>>;

/// The state, also after a panic on another thread (nothing here is left half-changed by one).
pub fn lock(shared: &Shared) -> MutexGuard<'_, State> {
    shared.lock().unwrap_or_else(|e| e.into_inner())
}

/// The seed players are made with: the game's dice seed, else one from the clock.
fn player_seed(dice: DiceMode) -> u64 {
    dice.seed().unwrap_or_else(clock_seed)
}

/// A seed short enough to read and type, from the clock.
pub fn clock_seed() -> u64 {
    std::time::SystemTime::now()
        .duration_since(std::time::UNIX_EPOCH)
        .map_or(1, |d| d.as_nanos() as u64 % 1_000_000)
}

/// The level and time a move of this engine where the arena chooses it (the opening game, a
/// record's engine that a rematch cannot start).
const ARENA_LEVEL: u32 = 10;
const ARENA_MOVETIME: u64 = 500;

/// This engine as the arena plays it by default.
fn arena_engine() -> PlayerConfig {
    PlayerConfig::Ewn {
        level: ARENA_LEVEL,
        movetime: ARENA_MOVETIME,
    }
}

/// Whether a record's player name stands for a person (as `ewn play` and the arena write one)
/// rather than an engine.
fn names_a_person(name: &str) -> bool {
    let n = name.trim().to_ascii_lowercase();
    n.is_empty() || ["human", "person", "you", "player"].contains(&n.as_str())
}

/// Whether a record's player name is this engine (as `ewn match` and the arena write it).
fn names_this_engine(name: &str) -> bool {
    let n = name.trim().to_ascii_lowercase();
    n == "self" || n == "ewn" || n.starts_with("ewn ")
}

fn red_chance(mover: Color, p: f64) -> f64 {
    if mover == Color::Red { p } else { 1.0 - p }
}

fn color_letter(c: Color) -> String {
    side_letter(c).to_string()
}

/// The same position with the other side to move.
fn flipped(b: &Board) -> Option<Board> {
    let fen = to_fen(b);
    let (board, side) = fen.split_once(' ')?;
    let other = if side == "r" { "b" } else { "r" };
    parse_fen_in(b.variant(), &format!("{board} {other}")).ok()
}

/// What a rematch of a loaded record made of each seat, in words: who plays Red and Blue now
/// (the seats of the loaded game, colours swapped), and which recorded engine a person plays in
/// place of, and whether the record's setups and dice were kept. (When no seat is a person the
/// page offers the seats itself.)
fn rematch_note(
    players: &[PlayerConfig; 2],
    names: &[Option<String>; 2],
    of_record: bool,
) -> String {
    let mut note = String::from(if of_record {
        "Rematch, colours swapped, on the record's setups and dice."
    } else {
        "Rematch, colours swapped, new setups and dice."
    });
    for (c, (p, name)) in [Color::Red, Color::Blue]
        .into_iter()
        .zip(players.iter().zip(names))
    {
        let who = match p {
            PlayerConfig::Human {} => "a person".to_string(),
            PlayerConfig::Ewn { level, movetime } => {
                format!("this engine (level {level}, {movetime} ms)")
            }
            PlayerConfig::Engine { name, .. } => format!("the engine {name}"),
        };
        let instead = match (p, name) {
            (PlayerConfig::Human {}, Some(n)) if !names_a_person(n) => {
                format!(" in place of {n} (not in this arena; ewn gui --engine adds it)")
            }
            _ => String::new(),
        };
        note.push_str(&format!(" {}: {who}{instead}.", capital(c.name())));
    }
    note
}

impl State {
    pub fn new(roster: Roster, tables: Option<Arc<Tables>>) -> State {
        let mut searcher = Searcher::new(ANALYSIS_HASH_MB);
        searcher.set_tables(tables.clone());
        searcher.set_builtin_tables(true);
        let stop = searcher.stop_flag();
        State {
            game: Game::new(Board::startpos(), DiceMode::Auto { seed: clock_seed() }),
            recorded: [None, None],
            source: None,
            seats: [0, 1].map(|i| Seat {
                config: PlayerConfig::Human {},
                id: i,
                engine: None,
            }),
            flow: Flow {
                running: true,
                step: false,
                job: None,
                pending: None,
                error: None,
                notice: None,
            },
            settings: Settings::default(),
            analysis: Analysis {
                searcher: Some(searcher),
                stop,
                running: None,
                backfill: false,
                die_result: None,
                preroll: None,
                hint: hint::HintSearch::default(),
            },
            reviews: Reviews::default(),
            last_pv: None,
            offer: Offer {
                roster,
                default_variant: Variant::standard(),
                variants: PRESETS.iter().filter_map(|n| Variant::preset(n)).collect(),
                tables,
                solved: Vec::new(),
            },
            counters: Counters {
                next_seat: 2,
                ..Counters::default()
            },
        }
    }

    /// Starts the game the page shows as it opens ([`NewGame::opening`] in the default
    /// variant), through [`State::new_game`] as the New game form does.
    pub fn start_opening(&mut self, shared: &Shared) -> Result<(), GuiError> {
        self.new_game(NewGame::opening(self.offer.default_variant), shared)
    }

    /// The variant new games start in unless asked for another, and the variants of a file
    /// offered beside the presets. The shown game becomes the default's start position until
    /// [`State::start_opening`] starts the opening game.
    pub fn set_variants(&mut self, default: &'static Variant, loaded: &[&'static Variant]) {
        for &v in loaded {
            if !self.offer.variants.iter().any(|&k| k.name() == v.name()) {
                self.offer.variants.push(v);
            }
        }
        if !self.offer.variants.contains(&default) {
            self.offer.variants.push(default);
        }
        self.offer.default_variant = default;
        self.game = Game::new(Board::startpos_in(default), self.game.dice);
    }

    /// Loads the solved table of every offered variant that `dir` has one of.
    pub fn load_solved(&mut self, dir: &std::path::Path) -> Result<(), GuiError> {
        for &v in &self.offer.variants {
            if let Some(path) = solve::file::find(dir, v) {
                let t = solve::file::read(v, &path)?;
                log::info!("the solved table of {} from {}", v.name(), path.display());
                self.offer.solved.push(Arc::new(t));
            }
        }
        Ok(())
    }

    /// The solved table of `v`, when one was loaded.
    fn solved_for(&self, v: &Variant) -> Option<Arc<Solved>> {
        self.offer.solved.iter().find(|s| s.variant() == v).cloned()
    }

    /// A searcher of its own for a search bounded by depth (a review, a hint): a fresh table of
    /// the review's size, so that what it finds depends on the position alone, and the exact
    /// tables of `v` where loaded.
    fn depth_searcher(&self, v: &Variant) -> Searcher {
        let mut searcher = Searcher::new(REVIEW_HASH_MB);
        searcher.set_tables(self.offer.tables.clone());
        searcher.set_solved(self.solved_for(v));
        searcher
    }

    /// The variant named `name` among those offered; the default when `None`.
    pub fn find_variant(&self, name: Option<&str>) -> Result<&'static Variant, GuiError> {
        let Some(name) = name.map(str::trim).filter(|n| !n.is_empty()) else {
            return Ok(self.offer.default_variant);
        };
        self.offer
            .variants
            .iter()
            .copied()
            .find(|v| v.name() == name)
            .ok_or_else(|| {
                let known: Vec<&str> = self.offer.variants.iter().map(|v| v.name()).collect();
                GuiError::UnknownVariant {
                    name: name.to_string(),
                    known: known.join(", "),
                }
            })
    }

    pub fn names(&self) -> [String; 2] {
        [0, 1].map(|i| {
            self.recorded[i]
                .clone()
                .unwrap_or_else(|| self.seats[i].config.label())
        })
    }

    pub fn record(&self) -> GameRecord {
        let [r, b] = self.names();
        self.game.record([&r, &b])
    }

    /// The record's text, with the graph's known win chances.
    pub fn record_text(&self) -> String {
        self.record().to_text_with_graph(self.game.main_graph())
    }

    pub fn is_human(&self, c: Color) -> bool {
        self.seats[c.idx()].is_human()
    }

    /// Refuses what must wait until the engines have chosen their setups.
    fn ready(&self) -> Result<(), GuiError> {
        match self.flow.pending {
            Some(_) => Err(GuiError::AwaitingSetup),
            None => Ok(()),
        }
    }

    /// The game moved on: void any running engine job.
    fn bump(&mut self) {
        self.counters.epoch += 1;
        if let Some(j) = &self.flow.job
            && let Some(stop) = &j.stop
        {
            stop.store(true, Ordering::Relaxed);
        }
    }

    fn new_seat(&mut self, c: Color, config: PlayerConfig, seed: u64) -> Result<(), GuiError> {
        let engine = config.make(seed, &self.offer.roster)?;
        self.recorded[c.idx()] = None;
        let id = self.counters.next_seat;
        self.counters.next_seat += 1;
        let old = std::mem::replace(&mut self.seats[c.idx()], Seat { config, id, engine });
        // An engine program is given a moment to quit when dropped: not under the lock.
        if let Some(e) = old.engine {
            std::thread::spawn(move || drop(e));
        }
        Ok(())
    }

    /// Whether `ng` can start: its players, setups and position, checked before anything
    /// changes.
    fn check_new_game(&self, ng: &NewGame) -> Result<(), GuiError> {
        for p in &ng.players {
            p.validate(&self.offer.roster)?;
        }
        let cubes = setup_string(ng.variant.cubes());
        for c in [Color::Red, Color::Blue] {
            if ng.setups[c.idx()] != SetupChoice::Engine {
                continue;
            }
            if matches!(ng.players[c.idx()], PlayerConfig::Human {}) {
                return Err(GuiError::Setup(format!(
                    "{} is a person: give a setup ({cubes}) or 'random'",
                    c.name(),
                )));
            }
            if !ng.variant.standard {
                return Err(GuiError::Setup(format!(
                    "{}: engines choose their own setups only in the standard game; give a setup ({cubes}) or 'random' in {}",
                    c.name(),
                    ng.variant.name()
                )));
            }
        }
        if let Some(b) = &ng.position
            && b.variant() != ng.variant
        {
            return Err(GuiError::Setup(format!(
                "the position is not of variant {}",
                ng.variant.name()
            )));
        }
        Ok(())
    }

    /// Starts a new game. Players are checked before anything changes.
    pub fn new_game(&mut self, ng: NewGame, shared: &Shared) -> Result<(), GuiError> {
        self.check_new_game(&ng)?;
        let seed = player_seed(ng.dice);
        self.bump();
        self.cancel_review();
        self.last_pv = None;
        for c in [Color::Red, Color::Blue] {
            self.new_seat(c, ng.players[c.idx()].clone(), seed)?;
        }
        self.flow.error = None;
        self.flow.notice = None;
        self.flow.running = true;
        self.flow.step = false;
        self.flow.pending = None;
        self.counters.games += 1;
        self.source = None;
        if let Some(b) = ng.position {
            self.game = Game::new(b, ng.dice);
            return Ok(());
        }
        // Drawn even when not used, so the same seed gives the same random setups.
        let v = ng.variant;
        let mut rng = MatchRng::new(seed ^ 0x5E7A_9C1D_0F3B_2468);
        let drawn = [rng.setup_in(v), rng.setup_in(v)];
        let mut setups: [Option<Vec<u8>>; 2] = [None, None];
        for c in [Color::Red, Color::Blue] {
            let i = c.idx();
            setups[i] = match &ng.setups[i] {
                SetupChoice::Cubes(d) => Some(d.clone()),
                SetupChoice::Random => Some(drawn[i].clone()),
                SetupChoice::Engine => None,
            };
        }
        let shown = Board::from_setups_in(
            v,
            setups[0].as_deref().unwrap_or(v.cubes()),
            setups[1].as_deref().unwrap_or(v.cubes()),
            ng.first,
        )
        .map_err(|e| GuiError::Setup(e.to_string()))?;
        self.game = Game::new(shown, ng.dice);
        if setups.iter().any(Option::is_none) {
            let missing = setups.clone().map(|s| s.is_none());
            self.flow.pending = Some(PendingSetup {
                setups,
                first: ng.first,
            });
            for c in [Color::Red, Color::Blue] {
                if missing[c.idx()] {
                    self.start_setup_job(c, shared);
                }
            }
        }
        Ok(())
    }

    /// Changes the players; a game in progress goes on with them.
    pub fn set_players(&mut self, players: [Option<PlayerConfig>; 2]) -> Result<(), GuiError> {
        self.ready()?;
        for p in players.iter().flatten() {
            p.validate(&self.offer.roster)?;
        }
        let seed = player_seed(self.game.dice);
        for c in [Color::Red, Color::Blue] {
            if let Some(p) = players[c.idx()].clone() {
                if self.flow.job.as_ref().is_some_and(|j| j.side == c) {
                    self.bump();
                }
                self.new_seat(c, p, seed)?;
            }
        }
        self.flow.error = None;
        // A rematch's note says what each seat became: it no longer holds.
        self.flow.notice = None;
        Ok(())
    }

    /// A person's move (or a move entered on the page for any side while the game is paused).
    pub fn human_move(&mut self, m: Move) -> Result<(), GuiError> {
        self.ready()?;
        let side = self.game.board().side_to_move();
        if !self.is_human(side) && self.game.is_live() && self.flow.running {
            return Err(GuiError::not_now(format!(
                "{} is played by an engine; pause the game to move for it",
                side.name()
            )));
        }
        let mut value = None;
        if let Some((pos, die, a)) = &self.analysis.die_result
            && Some(*die) == self.game.die
            && *pos == self.game.board().key()
        {
            value = a
                .moves()
                .iter()
                .find(|r| r.mv == m)
                .map(|r| to_prob(r.value));
        }
        self.game.play(m)?;
        if let Some(v) = value {
            let n = self.game.cursor;
            self.game.set_point(n, red_chance(side, v));
        }
        // A rematch's note is read before the person's first move; it goes with that move and
        // does not come back (after a reload either).
        self.flow.notice = None;
        self.bump();
        Ok(())
    }

    /// Rolls the seeded die, or takes a typed one.
    pub fn roll(&mut self, typed: Option<u8>) -> Result<u8, GuiError> {
        self.ready()?;
        if self.game.over() {
            return Err(super::error::MoveError::Over.into());
        }
        if self.game.die.is_some() {
            // A typed die may be corrected until its move is played; an engine asked with the
            // wrong die is asked again.
            return match (self.game.dice, typed) {
                (DiceMode::Manual, Some(d)) => {
                    if self.game.die != Some(d) {
                        self.game.die = Some(d);
                        self.bump();
                    }
                    Ok(d)
                }
                _ => Err(GuiError::not_now("the die is already rolled")),
            };
        }
        let side = self.game.board().side_to_move();
        if typed.is_none() && !self.is_human(side) && self.game.is_live() {
            return Err(GuiError::not_now(format!(
                "{} is played by an engine, which rolls for itself: Resume or Step",
                capital(side.name())
            )));
        }
        match (self.game.dice, typed) {
            (DiceMode::Auto { .. }, Some(_)) => Err(GuiError::not_now(
                "this game's dice are rolled from its seed; start a game with typed dice to enter them",
            )),
            (DiceMode::Auto { .. }, None) => Ok(self.game.roll_auto().expect("seeded")),
            (DiceMode::Manual, None) => Err(GuiError::field(
                "die",
                format!(
                    "type the die: give 'die' {}",
                    self.game.start.variant().outcome_range()
                ),
            )),
            (DiceMode::Manual, Some(d)) => {
                self.game.die = Some(d);
                Ok(d)
            }
        }
    }

    /// The same players again with colours swapped: each keeps its arrangement, the same side
    /// moves first, and seeded dice keep the seed, so the two games form a pair as in a match.
    /// After a loaded record the seats are those the record was loaded with (this engine for
    /// `ewn`, an engine of the arena by its name, else a person), and the page is told what each
    /// seat became; when no seat is a person the rematch waits (paused) for the person to take
    /// a seat or let the engines play, so that it never plays on unasked.
    pub fn rematch(&mut self, shared: &Shared) -> Result<(), GuiError> {
        self.ready()?;
        let recorded = self.recorded.clone();
        let [red, blue] = [0, 1].map(|i| self.seats[i].config.clone());
        let players = [blue, red];
        // A loaded record's game is played again on its setups and dice, colours swapped; any
        // other game's rematch draws new setups and new dice (a new seed), so that no game
        // repeats another and no roll can be foretold.
        let of_record = self.source.is_some();
        let (setups, position) = match Start::from_board(&self.game.start) {
            Start::Setups { red, blue, .. } if of_record => {
                ([SetupChoice::Cubes(blue), SetupChoice::Cubes(red)], None)
            }
            Start::Setups { .. } => ([SetupChoice::Random, SetupChoice::Random], None),
            Start::Position(b) => ([SetupChoice::Random, SetupChoice::Random], Some(b)),
        };
        let dice = match self.game.dice {
            DiceMode::Auto { seed } if !of_record => {
                let new = clock_seed();
                DiceMode::Auto {
                    seed: if new == seed { new + 1 } else { new },
                }
            }
            d => d,
        };
        let ng = NewGame {
            players: players.clone(),
            setups,
            variant: self.game.start.variant(),
            first: self.game.start.side_to_move(),
            position,
            dice,
        };
        let in_row = self.rematch_count() + 1;
        self.new_game(ng, shared)?;
        self.counters.rematch = Some((self.counters.games, in_row));
        if recorded.iter().any(Option::is_some) {
            // The new Red is the old Blue and the other way round.
            let names = [recorded[1].clone(), recorded[0].clone()];
            if !players.iter().any(|p| matches!(p, PlayerConfig::Human {})) {
                self.flow.running = false;
            }
            self.flow.notice = Some(rematch_note(&players, &names, of_record));
        }
        Ok(())
    }

    /// Shows a recorded game at its end, with the record's players (this engine's level and
    /// time are read back from its name; other players are shown as people) and its graph.
    /// `text` is the record's text, `game` the game's number in it (1 for the first) and `count`
    /// the record's count of games.
    pub fn load(
        &mut self,
        rec: &GameRecord,
        graph: Option<Graph>,
        text: String,
        game: usize,
        count: usize,
    ) -> Result<(), GuiError> {
        let mut g = Game::from_record(rec)?;
        if let Some(points) = graph {
            for (i, p) in points.into_iter().enumerate() {
                if let Some(p) = p {
                    g.set_point(i, p);
                }
            }
        }
        let seed = player_seed(g.dice);
        for (c, name) in [(Color::Red, &rec.red), (Color::Blue, &rec.blue)] {
            let config = match PlayerConfig::from_label(name, &self.offer.roster) {
                // `ewn match` writes this engine as `ewn` or `self`: it is this engine here
                // too, at the arena's level, so that it answers in a side line from the record.
                PlayerConfig::Human {} if names_this_engine(name) => arena_engine(),
                c => c,
            };
            self.new_seat(c, config, seed)?;
            self.recorded[c.idx()] = Some(name.clone()).filter(|n| !n.trim().is_empty());
        }
        self.bump();
        self.cancel_review();
        self.last_pv = None;
        self.flow.pending = None;
        self.flow.error = None;
        self.flow.notice = None;
        self.counters.games += 1;
        self.game = g;
        self.source = Some(Source {
            text,
            game,
            count,
            plies: self.game.plies.len(),
            serial: self.counters.games,
        });
        // With a person seated, the engines answer the person's moves in a side line; an
        // engine to move at the record's end (an unfinished game) waits for Resume, and a
        // record of engines only never plays on unasked.
        let person = self.is_human(Color::Red) || self.is_human(Color::Blue);
        let waits = self.game.is_live()
            && !self.game.over()
            && !self.is_human(self.game.board().side_to_move());
        self.flow.running = person && !waits;
        Ok(())
    }

    /// Stops the running review (the last finished one stays).
    pub fn cancel_running_review(&mut self) -> Result<(), GuiError> {
        let j = self
            .reviews
            .job
            .take()
            .ok_or_else(|| GuiError::not_now("no review is running"))?;
        j.stop.store(true, Ordering::Relaxed);
        Ok(())
    }

    /// The side to move resigns (a person, on its turn).
    pub fn resign(&mut self) -> Result<(), GuiError> {
        self.ready()?;
        let side = self.game.board().side_to_move();
        if !self.is_human(side) {
            return Err(GuiError::not_now(format!(
                "{} is played by an engine: only a person resigns",
                side.name()
            )));
        }
        self.game.resign()?;
        self.bump();
        Ok(())
    }

    /// Stops a running review and forgets the last one.
    fn cancel_review(&mut self) {
        if let Some(j) = self.reviews.job.take() {
            j.stop.store(true, Ordering::Relaxed);
        }
        self.reviews.last = None;
    }

    /// How many plies the game line shares with the reviewed one; `None` when there is no
    /// review or it started from another position.
    fn reviewed_plies(&self) -> Option<usize> {
        self.reviews.last.as_ref()?.shared_with(&self.game)
    }

    /// The same for the game's main line.
    fn reviewed_main_plies(&self) -> Option<usize> {
        self.reviews
            .last
            .as_ref()?
            .shared_with_plies(&self.game, self.game.main_plies())
    }
}

/// The review's search depth: [`DEFAULT_DEPTH`], one ply less on boards larger than the
/// standard one, whose branching makes a depth-6 review of a game take minutes.
pub fn review_depth(v: &Variant) -> u32 {
    if v.n_sq > 25 {
        DEFAULT_DEPTH - 1
    } else {
        DEFAULT_DEPTH
    }
}

/// `s` with a capital first letter.
fn capital(s: &str) -> String {
    let mut c = s.chars();
    match c.next() {
        Some(f) => f.to_uppercase().collect::<String>() + c.as_str(),
        None => String::new(),
    }
}

impl Default for State {
    fn default() -> Self {
        State::new(Roster::default(), None)
    }
}
