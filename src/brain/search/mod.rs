//! Iterative-deepening expectimax over the dice with *-minimax pruning.
//!
//! A chance node is a position before its roll: its value is the face-weighted mean over the
//! groups of faces that move the same cubes (each group searched once, weighted by its count / 6).
//! A move node is the position after the roll: the side to move takes its best move. Values are
//! integer win probabilities of the side to move, `0..=WIN`; a child's value for us is
//! `WIN - value`. Integers keep the window arithmetic exact, so pruning can never change a value.
//!
//! With endgame tables (`brain::tables`) a position they cover is valued exactly where the search
//! meets it, without searching below it, and a covered root plays the exactly best move at once.
//!
//! Pruning is Star1 at chance nodes (the [0, WIN] bounds of the unsearched groups give each group a
//! window, and the node returns as soon as it must fail) and alpha-beta at move nodes. `WIN` and 0
//! only arise from finished games, so they are proven values, kept in the table at any depth.
//!
//! A chance node one ply above the leaves is valued exactly, without windows: each movable cube's
//! best move once (a cube several groups move is valued once), its leaves from the position's
//! common terms and compared before the network's last division. Its exact entry serves every
//! later window, and its move nodes need no entries of their own.
//!
//! Most of the search's time is spent at the two plies above the leaves, where a wait for the
//! table's memory costs as much as valuing a node: entries are asked for (prefetched) a node
//! ahead of their probes, and a child the table settles is valued without playing its move.

mod chance;
mod deepen;
mod groups;
mod leaf;
mod order;
mod reference;
mod split;
pub mod time;
pub mod tt;

use groups::Groups;
pub use leaf::EvalKind;
use leaf::LeafTerms;
use order::{order_moves, static_order, static_score};
pub use reference::{reference_value, reference_value_with};
use split::{Busy, Order};

use std::sync::Arc;
use std::sync::atomic::{AtomicBool, AtomicU32, AtomicU64, Ordering};
use std::time::Instant;

pub use crate::brain::eval::WIN;

use crate::brain::solve::Solved;
use crate::brain::tables::{self, Tables};
use crate::rules::board::{Board, Move, MoveList};
use crate::rules::zobrist;
pub use time::Clock;
use tt::{Bound, PROVEN_DEPTH, TransTable};

pub const MAX_DEPTH: u32 = 64;

/// The most search threads a searcher runs.
pub const MAX_THREADS: usize = 256;

/// Chance nodes at least this deep are probed (Star2) before the full search. At depth 2 the
/// probes cost more than they save since depth-1 chance nodes are valued exactly: depth 8 from
/// the start (die 3, 256 MiB) took 29.7 M nodes with probes from depth 2, 27.3 M from 3 and 32.7 M
/// from 4.
const PROBE_MIN_DEPTH: u32 = 3;

/// Move nodes at least this deep look for a transposition cutoff among their children first.
const ETC_MIN_DEPTH: u32 = 3;

/// What limits one search. With none set the search runs to `MAX_DEPTH` or a proven value.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Limits {
    pub depth: Option<u32>,
    pub nodes: Option<u64>,
    pub movetime: Option<u64>,
    pub clock: Option<Clock>,
    pub infinite: bool,
    /// Search every root move with a full window so each has an exact value (0 or 1: only the best).
    pub multipv: usize,
    /// When the request arrived (the line of a `go` was read): the time limits count from here.
    /// `None`: from the start of the search.
    pub start: Option<Instant>,
}

impl Limits {
    /// A search to `depth` plies and no other limit: deterministic, like a node limit.
    pub fn to_depth(depth: u32) -> Limits {
        Limits {
            depth: Some(depth),
            ..Limits::default()
        }
    }
}

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct RootMove {
    pub mv: Move,
    /// The move's value for the side to move; exact when the root was searched in multipv mode,
    /// otherwise exact for the best move and an upper bound for the others.
    pub value: i64,
}

/// The state after a completed iteration, as reported in `info` lines.
#[derive(Clone, Debug, PartialEq)]
pub struct Info {
    pub depth: u32,
    pub nodes: u64,
    pub time_ms: u64,
    pub nps: u64,
    pub value: i64,
    /// The value is proven: a certain win or a certain loss.
    pub exact: bool,
    /// The root is in the endgame tables: every root move's value is exact.
    pub table: bool,
    pub pv: Vec<Move>,
    pub hashfull: u32,
    pub root_moves: Vec<RootMove>,
}

#[derive(Clone, Debug, PartialEq)]
pub struct SearchResult {
    pub best: Move,
    pub value: i64,
    pub depth: u32,
    pub nodes: u64,
    pub time_ms: u64,
    pub exact: bool,
    /// The root is in the endgame tables: every root move's value is exact.
    pub table: bool,
    pub pv: Vec<Move>,
    /// Root moves best first, with values from the last completed iteration (the first one's
    /// from an unfinished deeper iteration when that found a better move than the last best).
    pub root_moves: Vec<RootMove>,
}

impl SearchResult {
    /// `best` unsearched: value 0, no depth, no nodes, the move alone as its line, and
    /// `root_moves` as given. Where a search starts, and the answer when none could run.
    pub fn unsearched(best: Move, root_moves: Vec<RootMove>) -> SearchResult {
        SearchResult {
            best,
            value: 0,
            depth: 0,
            nodes: 0,
            time_ms: 0,
            exact: false,
            table: false,
            pv: vec![best],
            root_moves,
        }
    }
}

/// Converts an integer value to a probability.
pub fn to_prob(v: i64) -> f64 {
    v as f64 / WIN as f64
}

/// The value of a chance node from the sum over groups of `weight * child value` (out of
/// `total * WIN`, where `total` is the sum of the outcome weights: 6 for one die).
/// Only an all-won or all-lost sum is a proven 1 or 0; anything else stays strictly inside.
#[inline]
pub fn chance_value(sum: i64, total: i64) -> i64 {
    if sum <= 0 {
        0
    } else if sum >= total * WIN {
        WIN
    } else {
        (sum / total).clamp(1, WIN - 1)
    }
}

#[inline]
fn is_proven(v: i64, bound: Bound) -> bool {
    match bound {
        Bound::Exact => v == 0 || v == WIN,
        Bound::Upper => v == 0,
        Bound::Lower => v == WIN,
    }
}

pub struct Searcher {
    tt: TransTable,
    /// The leaf evaluation (the network unless chosen otherwise).
    pub eval: EvalKind,
    pub move_overhead_ms: u64,
    /// Search threads (1: a single deterministic thread).
    threads: usize,
    stop: Arc<AtomicBool>,
    /// Endgame tables for every search.
    tables: Option<Arc<Tables>>,
    /// The built-in three-cube table for searches without a depth or node limit (see
    /// [`Searcher::set_builtin_tables`]).
    builtin_tables: bool,
    /// A solved variant's table, for every search of a position of that variant.
    solved: Option<Arc<Solved>>,
}

/// What the threads of one search share besides the table.
struct Shared<'a> {
    /// Raised by the user (`stop`).
    stop: &'a AtomicBool,
    /// Raised by the main thread when it has its result: the helpers end.
    done: AtomicBool,
    /// Each thread's node count, published when it polls.
    nodes: Vec<AtomicU64>,
    /// The main thread's best root value so far in its current iteration, and that iteration's
    /// depth, packed as `depth << 32 | (value + 1)`: helpers at the same depth search with it.
    root_alpha: AtomicU64,
    /// The depth of the main thread's current iteration: a helper behind it catches up.
    main_depth: AtomicU32,
    /// Each root move's rank (by its index in the root's move list) in the main thread's order
    /// after its last completed iteration, once `ranked`: helpers take the root in that order.
    root_rank: Vec<AtomicU32>,
    ranked: AtomicBool,
}

impl<'a> Shared<'a> {
    fn new(stop: &'a AtomicBool, threads: usize, root_moves: usize) -> Shared<'a> {
        Shared {
            stop,
            done: AtomicBool::new(false),
            nodes: (0..threads).map(|_| AtomicU64::new(0)).collect(),
            root_alpha: AtomicU64::new(0),
            main_depth: AtomicU32::new(0),
            root_rank: (0..root_moves).map(|_| AtomicU32::new(0)).collect(),
            ranked: AtomicBool::new(false),
        }
    }

    /// Every thread's node count as last published.
    fn node_counts(&self) -> Vec<u64> {
        self.nodes
            .iter()
            .map(|n| n.load(Ordering::Relaxed))
            .collect()
    }

    /// The published node counts of every thread but `id`.
    fn others_nodes(&self, id: usize) -> u64 {
        self.nodes
            .iter()
            .enumerate()
            .filter(|&(j, _)| j != id)
            .map(|(_, n)| n.load(Ordering::Relaxed))
            .sum()
    }
}

/// One thread's search: the main thread (`id` 0) decides the move; helpers search the same root
/// and only fill the shared table, putting off what another thread is busy with (`split`).
struct Worker<'a> {
    tt: &'a TransTable,
    shared: &'a Shared<'a>,
    /// The nodes the threads are inside (`None` with one thread: nothing is marked or put off).
    busy: Option<&'a Busy>,
    eval: EvalKind,
    tables: Option<&'a Tables>,
    /// The solved table when the searched position is of its variant.
    solved: Option<&'a Solved>,
    id: usize,
    nodes: u64,
    node_limit: u64,
    start: Instant,
    hard_deadline: Option<Instant>,
    aborted: bool,
    next_check: u64,
}

impl Searcher {
    pub fn new(hash_mb: usize) -> Searcher {
        Searcher {
            tt: TransTable::new(hash_mb),
            eval: EvalKind::default(),
            move_overhead_ms: 10,
            threads: 1,
            stop: Arc::new(AtomicBool::new(false)),
            tables: None,
            builtin_tables: false,
            solved: None,
        }
    }

    /// A solved variant's table for every search from now on (used on positions of its variant
    /// only; `None`: none).
    pub fn set_solved(&mut self, s: Option<Arc<Solved>>) {
        self.solved = s;
    }

    pub fn solved(&self) -> Option<&Arc<Solved>> {
        self.solved.as_ref()
    }

    /// Endgame tables for every search from now on (`None`: none but the built-in ones, if on).
    pub fn set_tables(&mut self, t: Option<Arc<Tables>>) {
        self.tables = t;
    }

    pub fn tables(&self) -> Option<&Arc<Tables>> {
        self.tables.as_ref()
    }

    /// Use the built-in three-cube table (built on first use, in tens of milliseconds) in
    /// searches without a depth or node limit, when no other tables are set. Searches with such
    /// a limit stay exactly what they were without tables: they are the search's reproducible
    /// signature (bench, tests, protocol transcripts), and a table would change their node counts.
    pub fn set_builtin_tables(&mut self, on: bool) {
        self.builtin_tables = on;
    }

    pub fn builtin_tables(&self) -> bool {
        self.builtin_tables
    }

    /// The tables a search with these limits uses.
    fn tables_for(&self, limits: &Limits, b: &Board) -> Option<&Tables> {
        // The endgame tables are the standard game's.
        if !b.variant().standard {
            return None;
        }
        match &self.tables {
            Some(t) => Some(t),
            None if self.builtin_tables && limits.depth.is_none() && limits.nodes.is_none() => {
                tables::builtin_or_start()
            }
            None => None,
        }
    }

    /// The flag that stops a running search when set. Whoever starts searches clears it before
    /// each one (a search does not, so that a `stop` sent just after `go` is never lost).
    pub fn stop_flag(&self) -> Arc<AtomicBool> {
        self.stop.clone()
    }

    pub fn set_hash(&mut self, mb: usize) {
        self.tt.resize(mb);
    }

    /// Waits for what a new table prepares in the background (its pages mapped).
    pub fn wait_ready(&mut self) {
        self.tt.wait_mapped();
    }

    /// The number of threads that search together, sharing the table (at least 1).
    pub fn set_threads(&mut self, n: usize) {
        self.threads = n.clamp(1, MAX_THREADS);
    }

    pub fn threads(&self) -> usize {
        self.threads
    }

    pub fn hash_mb(&self) -> usize {
        self.tt.size_mb()
    }

    /// Forgets everything learnt: for a new game.
    pub fn clear(&mut self) {
        self.tt.clear();
    }

    /// Searches the position for the die face and returns the best move; `on_info` is called after
    /// every completed iteration. The stop flag (see [`Searcher::stop_flag`]) is polled during the
    /// search and is not reset by it. The position must not be finished and the die must be 1..=6.
    pub fn search(
        &mut self,
        board: &Board,
        die: u8,
        limits: &Limits,
        on_info: &mut dyn FnMut(&Info),
    ) -> SearchResult {
        let start = limits.start.unwrap_or_else(Instant::now);
        self.tt.new_search();
        let mut b = board.clone();
        let mask = b.movable(die);
        let mut root = MoveList::default();
        b.gen_moves(mask, &mut root);
        assert!(!root.is_empty(), "search called on a finished game");
        let tables = self.tables_for(limits, &b);
        if let Some(t) = tables
            && t.covers(&b)
        {
            return exact_root(&|c| t.probe(c), &mut b, &root, start, on_info);
        }
        let solved = self.solved.as_deref().filter(|s| s.covers(&b));
        if let Some(s) = solved
            && s.probe(&b).is_some()
        {
            return exact_root(&|c| s.probe(c), &mut b, &root, start, on_info);
        }

        let budget = self.budget(limits, &b);
        let shared = Shared::new(&self.stop, self.threads, root.len());
        let busy = (self.threads > 1).then(Busy::new);
        let max_depth = limits.depth.unwrap_or(MAX_DEPTH).clamp(1, MAX_DEPTH);
        let eval = self.eval.for_board(&b);
        let worker = |id: usize| Worker {
            tt: &self.tt,
            shared: &shared,
            busy: busy.as_ref(),
            eval,
            tables,
            solved,
            id,
            nodes: 0,
            // A node limit counts every thread's nodes; the clock is the main thread's, and
            // helpers end with it.
            node_limit: limits.nodes.unwrap_or(u64::MAX),
            start,
            hard_deadline: if id == 0 {
                budget.map(|bd| start + bd.hard)
            } else {
                None
            },
            aborted: false,
            next_check: 1024,
        };
        if self.threads == 1 {
            return worker(0).main(&mut b, &root, limits, budget, max_depth, on_info);
        }
        std::thread::scope(|s| {
            for id in 1..self.threads {
                let mut w = worker(id);
                let mut hb = b.clone();
                let root = &root;
                s.spawn(move || w.helper(&mut hb, root, max_depth));
            }
            let r = worker(0).main(&mut b, &root, limits, budget, max_depth, on_info);
            shared.done.store(true, Ordering::Relaxed);
            log::debug!("nodes by thread: {:?}", shared.node_counts());
            r
        })
    }

    /// The time a search with these limits may take: a fixed move time, a share of the clock,
    /// or none (infinite, or limited by depth or nodes only).
    fn budget(&self, limits: &Limits, b: &Board) -> Option<time::Budget> {
        if let Some(mt) = limits.movetime {
            Some(time::for_movetime(mt, self.move_overhead_ms))
        } else if limits.infinite {
            None
        } else {
            limits
                .clock
                .map(|c| time::for_clock(b, c, self.move_overhead_ms))
        }
    }
}

impl Worker<'_> {
    /// The nodes of every thread of this search (the others' as last published).
    fn all_nodes(&self) -> u64 {
        self.nodes + self.shared.others_nodes(self.id)
    }

    fn root_child(&mut self, b: &mut Board, mv: Move, depth: u32, alpha: i64, beta: i64) -> i64 {
        self.nodes += 1;
        if self.id == 0 && self.busy.is_some() {
            self.shared.main_depth.store(depth, Ordering::Relaxed);
        }
        if b.is_winning_move(mv) {
            return WIN;
        }
        let u = b.make(mv);
        let v = WIN - self.chance(b, depth - 1, WIN - beta, WIN - alpha);
        b.unmake(mv, u);
        v
    }

    fn check_abort(&mut self) -> bool {
        let sh = self.shared;
        sh.nodes[self.id].store(self.nodes, Ordering::Relaxed);
        if self.id > 0 {
            if sh.done.load(Ordering::Relaxed)
                || sh.stop.load(Ordering::Relaxed)
                || self.all_nodes() >= self.node_limit
            {
                self.aborted = true;
            }
            return self.aborted;
        }
        if self.all_nodes() >= self.node_limit || sh.stop.load(Ordering::Relaxed) {
            self.aborted = true;
        } else if let Some(d) = self.hard_deadline
            && Instant::now() >= d
        {
            self.aborted = true;
        }
        self.aborted
    }

    /// Called at every node: the node limit exactly (so node-limited searches are deterministic),
    /// the clock and the stop flag every 1024 nodes.
    #[inline]
    fn poll(&mut self) {
        if self.nodes >= self.node_limit {
            self.aborted = true;
        } else if self.nodes >= self.next_check {
            // A threshold, not a multiple: node counts may jump past any fixed value.
            self.next_check = self.nodes + 1024;
            self.check_abort();
        }
    }

    /// Value of the position before its roll.
    fn chance(&mut self, b: &mut Board, depth: u32, alpha: i64, beta: i64) -> i64 {
        let key = b.key();
        let v = b.variant();
        let groups = v.groups(b.alive(b.side_to_move()));
        // Every move node stores its result, whether or not it probes first: their entries are
        // asked for before the node's own is waited for, so that the waits overlap.
        if depth >= 2 {
            for (mask, _) in groups.iter() {
                self.tt.prefetch(key ^ zobrist::MOVABLE[mask as usize]);
            }
        }
        let seen = match self.chance_known(b, depth, alpha, beta) {
            Ok(v) => return v,
            Err(seen) => seen,
        };
        if depth == 2 {
            self.prefetch_grandchildren(b);
        }
        if depth == 1
            && let Some(t) = LeafTerms::new(self.eval, b)
        {
            let value = self.chance_leaves(b, groups, v.weight(), &t);
            if self.aborted {
                return 0;
            }
            return self.chance_result(key, depth, (value, Bound::Exact));
        }
        let mut g = Groups::new(groups, v.weight(), seen);
        let marked = self.split_enter(key, depth);
        let r = match depth >= PROBE_MIN_DEPTH {
            true => self.star2(b, &mut g, depth, alpha, beta),
            false => None,
        };
        let r = r.unwrap_or_else(|| self.star1(b, &mut g, depth, alpha, beta));
        self.split_leave(key, marked);
        if self.aborted {
            return 0;
        }
        self.chance_result(key, depth, r)
    }

    /// Asks for the entries of every position one move of the side to move reaches: below a
    /// depth-2 chance node they are the depth-1 chance nodes its move nodes ask the table for
    /// first, and the move node's own prefetch comes too late for the first of them.
    #[inline]
    fn prefetch_grandchildren(&self, b: &Board) {
        let mut list = MoveList::default();
        b.gen_moves(b.alive(b.side_to_move()), &mut list);
        for &m in list.as_slice() {
            self.tt.prefetch(b.key_after(m));
        }
    }

    /// A chance node's value without searching its groups, when there is one: a finished game,
    /// the tables, the horizon, or a table entry that settles it for the window. Otherwise
    /// whether the table knows the position at all: only then can it know its move nodes (their
    /// keys are the position's mixed with the movable cubes, and a chance node always stores).
    #[inline]
    fn chance_known(
        &mut self,
        b: &mut Board,
        depth: u32,
        alpha: i64,
        beta: i64,
    ) -> Result<i64, bool> {
        // Only variants with holes reach a finished position here: a side that dropped its
        // last cube into a hole has lost (every other finish is caught as a winning move).
        if let Some(w) = b.winner() {
            return Ok(if w == b.side_to_move() { WIN } else { 0 });
        }
        if let Some(t) = self.tables
            && let Some(v) = t.probe(b)
        {
            return Ok(v);
        }
        if let Some(s) = self.solved
            && let Some(v) = s.probe(b)
        {
            return Ok(v);
        }
        if depth == 0 {
            // Without dice the mover picks its cube, so every capture on the board is certain to
            // be available: a static value of a position with captures pending is a full cube
            // off, and which side gets the last capture before the horizon flipped the value
            // from one depth to the next. Such leaves are resolved by captures first.
            if !b.variant().has_dice() {
                return Ok(self.captures(b, alpha, beta));
            }
            return Ok(self.eval.evaluate(b));
        }
        let Some(h) = self.tt.probe(b.key()) else {
            return Err(false);
        };
        if let Some(v) = settled(&h, depth, alpha, beta) {
            return Ok(v);
        }
        Err(true)
    }

    /// Stores a chance node's result and returns its value.
    #[inline]
    fn chance_result(&self, key: u64, depth: u32, (v, bound): (i64, Bound)) -> i64 {
        self.store(key, v, Move::NONE, depth, bound);
        v
    }

    /// Star2 probe of a move node: the value of its first move in order (`None`: a move that
    /// wins at once), a lower bound on the node's value when it lies above `alpha`.
    fn probe(&mut self, b: &mut Board, m: Option<Move>, depth: u32, alpha: i64, beta: i64) -> i64 {
        self.nodes += 1;
        self.poll();
        if self.aborted {
            return 0;
        }
        let Some(m) = m else { return WIN };
        WIN - self.child(b, m, depth - 1, WIN - beta, WIN - alpha)
    }

    /// The value of the chance node after `m` for its side to move: [`Worker::chance`], but
    /// without playing the move when the table settles it. Most children of the nodes just
    /// above the leaves are found in the table, and playing and taking back their moves cost a
    /// tenth of the search's time. Only without endgame tables: where `chance` would ask them
    /// before the table, so does this.
    #[inline]
    fn child(&mut self, b: &mut Board, m: Move, depth: u32, alpha: i64, beta: i64) -> i64 {
        if depth > 0
            && self.tables.is_none()
            && self.solved.is_none()
            && let Some(h) = self.tt.probe(b.key_after(m))
            && let Some(v) = settled(&h, depth, alpha, beta)
        {
            return v;
        }
        let u = b.make(m);
        let v = self.chance(b, depth, alpha, beta);
        b.unmake(m, u);
        v
    }

    /// What a move node and its Star2 probe both begin with: its moves unless one wins at once,
    /// its key, and the table's entry for it (asked only when the table knows the position:
    /// `seen`; a probe that cannot hit costs a wait for memory).
    #[inline]
    fn open_move_node(&self, b: &Board, mask: u16, seen: bool) -> Opening {
        let mut list = MoveList::default();
        b.gen_moves(mask, &mut list);
        // A move that ends the game is a certain win: nothing can be better.
        if list.as_slice().iter().any(|&m| b.is_winning_move(m)) {
            return Opening::Win;
        }
        let key = b.key() ^ zobrist::MOVABLE[mask as usize];
        let hit = if seen { self.tt.probe(key) } else { None };
        Opening::Moves { list, key, hit }
    }

    #[inline]
    fn store(&self, key: u64, v: i64, mv: Move, depth: u32, bound: Bound) {
        let d = if is_proven(v, bound) {
            PROVEN_DEPTH
        } else {
            depth.min(PROVEN_DEPTH as u32 - 1) as u8
        };
        self.tt.store(key, v, mv, d, bound);
    }

    /// Value of the position after a roll that lets the cubes in `mask` move. The table is asked
    /// only when it knows the position (`seen`). A depth-1 node comes here only with an
    /// evaluation without leaf terms (the others are valued by [`Worker::chance_leaves`]). Kept
    /// out of line: inlined into `chance` it made both slower.
    #[inline(never)]
    fn move_node(
        &mut self,
        b: &mut Board,
        mask: u16,
        depth: u32,
        alpha: i64,
        beta: i64,
        seen: bool,
    ) -> i64 {
        let (mut list, key, hit) = match self.open_move_node(b, mask, seen) {
            Opening::Win => {
                self.nodes += 1;
                return WIN;
            }
            Opening::Moves { list, key, hit } => (list, key, hit),
        };
        let tt_move = match move_known(hit, depth, alpha, beta) {
            Ok(v) => return v,
            Err(mv) => mv,
        };
        order_moves(b, &mut list, tt_move);
        // At depth 2 the chance node above asked for the children already.
        if depth >= 3 {
            for &m in list.as_slice() {
                self.tt.prefetch(b.key_after(m));
            }
        }
        if depth >= ETC_MIN_DEPTH
            && let Some((v, m)) = self.transposition_cutoff(b, &list, depth, beta)
        {
            self.store(key, v, m, depth, Bound::Lower);
            return v;
        }
        let marked = self.split_enter(key, depth);
        let (best, best_move) = self.moves(b, &list, depth, alpha, beta);
        self.split_leave(key, marked);
        if self.aborted {
            return 0;
        }
        let bound = if best >= beta {
            Bound::Lower
        } else if best > alpha {
            Bound::Exact
        } else {
            Bound::Upper
        };
        self.store(key, best, best_move, depth, bound);
        best
    }

    /// Enhanced transposition cutoff: a child whose table entry already proves it good enough
    /// for a cutoff ends the node before any child is searched (its value and move). Only where
    /// the children's subtrees are large: near the leaves the extra probes cost more than they
    /// save.
    #[inline]
    fn transposition_cutoff(
        &self,
        b: &Board,
        list: &MoveList,
        depth: u32,
        beta: i64,
    ) -> Option<(i64, Move)> {
        for &m in list.as_slice() {
            if let Some(h) = self.tt.probe(b.key_after(m))
                && (h.depth as u32 >= depth - 1 || h.depth == PROVEN_DEPTH)
                && matches!(h.bound, Bound::Exact | Bound::Upper)
                && WIN - h.value >= beta
            {
                return Some((WIN - h.value, m));
            }
        }
        None
    }

    /// Alpha-beta over the ordered moves of a move node: the best value (fail-soft) and its move.
    #[inline]
    fn moves(
        &mut self,
        b: &mut Board,
        list: &MoveList,
        depth: u32,
        alpha: i64,
        beta: i64,
    ) -> (i64, Move) {
        if self.splits(depth - 1) {
            self.moves_in::<true>(b, list, depth, alpha, beta)
        } else {
            self.moves_in::<false>(b, list, depth, alpha, beta)
        }
    }

    /// [`Worker::moves`]' loop. With `SPLIT` the moves after the first that another thread is
    /// inside are put last (the first is searched at once, as in young brothers wait: it sets the
    /// bound the others are searched with); without it the moves are taken in order.
    #[inline]
    fn moves_in<const SPLIT: bool>(
        &mut self,
        b: &mut Board,
        list: &MoveList,
        depth: u32,
        mut alpha: i64,
        beta: i64,
    ) -> (i64, Move) {
        let mut best = -1;
        let mut best_move = Move::NONE;
        let mut next = Order::new(list.len());
        while let Some(i) = next.next() {
            let m = list.as_slice()[i];
            if SPLIT && i > 0 && next.first_pass() && self.split_defer(depth - 1, || b.key_after(m))
            {
                next.put_off(i);
                continue;
            }
            self.nodes += 1;
            self.poll();
            if self.aborted {
                break;
            }
            let v = WIN - self.child(b, m, depth - 1, WIN - beta, WIN - alpha);
            if self.aborted {
                break;
            }
            if v > best {
                best = v;
                best_move = m;
                if v > alpha {
                    alpha = v;
                    if v >= beta {
                        break;
                    }
                }
            }
        }
        (best, best_move)
    }

    /// The expected line: the best move, then for each following position the table's move for
    /// the most likely group of faces.
    fn principal_variation(&self, b: &Board, first: Move, depth: u32) -> Vec<Move> {
        let mut pv = vec![first];
        let mut b = b.clone();
        b.make(first);
        while pv.len() < depth as usize && !b.is_over() {
            let groups = b.variant().groups(b.alive(b.side_to_move()));
            let (mask, _) = groups.iter().max_by_key(|&(_, c)| c).unwrap();
            let key = b.key() ^ zobrist::MOVABLE[mask as usize];
            let Some(h) = self.tt.probe(key) else { break };
            if h.mv.is_none() || !b.all_moves().contains(h.mv) {
                break;
            }
            b.make(h.mv);
            pv.push(h.mv);
        }
        pv
    }
}

/// The search of a root the tables (or a solved variant's table) cover: every move's exact
/// value, the best played at once.
fn exact_root(
    probe: &dyn Fn(&Board) -> Option<i64>,
    b: &mut Board,
    root: &MoveList,
    start: Instant,
    on_info: &mut dyn FnMut(&Info),
) -> SearchResult {
    let mut order = static_order(b, root);
    for rm in order.iter_mut() {
        rm.value = if b.is_winning_move(rm.mv) {
            WIN
        } else {
            let mover = b.side_to_move();
            let u = b.make(rm.mv);
            let v = match b.winner() {
                // Only into a hole: the mover's last cube gone.
                Some(w) => {
                    if w == mover {
                        WIN
                    } else {
                        0
                    }
                }
                None => WIN - probe(b).expect("a covered position's children are covered"),
            };
            b.unmake(rm.mv, u);
            v
        };
    }
    // Stable: among equal values the static order decides, so the choice is deterministic.
    order.sort_by_key(|r| std::cmp::Reverse(r.value));
    let best = order[0];
    let time_ms = start.elapsed().as_millis() as u64;
    let nodes = order.len() as u64;
    let exact = best.value == 0 || best.value == WIN;
    on_info(&Info {
        depth: 1,
        nodes,
        time_ms,
        nps: 0,
        value: best.value,
        exact,
        table: true,
        pv: vec![best.mv],
        hashfull: 0,
        root_moves: order.clone(),
    });
    SearchResult {
        best: best.mv,
        value: best.value,
        depth: 1,
        nodes,
        time_ms,
        exact,
        table: true,
        pv: vec![best.mv],
        root_moves: order,
    }
}

/// The table's word on a move node (its entry `hit`): its value when the entry settles it for
/// the window, else the move to try first (`Move::NONE` if none).
#[inline]
fn move_known(hit: Option<tt::Hit>, depth: u32, alpha: i64, beta: i64) -> Result<i64, Move> {
    let Some(h) = hit else {
        return Err(Move::NONE);
    };
    settled(&h, depth, alpha, beta).ok_or(h.mv)
}

/// A table entry's value when it settles a node searched to `depth` with the window
/// `alpha..beta`: deep enough (or proven), and exact or a bound outside the window.
#[inline]
fn settled(h: &tt::Hit, depth: u32, alpha: i64, beta: i64) -> Option<i64> {
    if h.depth as u32 >= depth || h.depth == PROVEN_DEPTH {
        match h.bound {
            Bound::Exact => return Some(h.value),
            Bound::Lower if h.value >= beta => return Some(h.value),
            Bound::Upper if h.value <= alpha => return Some(h.value),
            _ => {}
        }
    }
    None
}

/// The move a Star2 probe of a move node tries: the table's move when it is one of `list`,
/// else the first of the best by static score (the move the node itself searches first).
#[inline]
fn probe_move(b: &Board, list: &MoveList, hit: Option<tt::Hit>) -> Move {
    if let Some(h) = hit
        && !h.mv.is_none()
        && list.contains(h.mv)
    {
        return h.mv;
    }
    let mut best = list.as_slice()[0];
    let mut best_score = i32::MIN;
    for &m in list.as_slice() {
        let sc = static_score(b, m);
        if sc > best_score {
            best_score = sc;
            best = m;
        }
    }
    best
}

/// The start of a move node (see [`Worker::open_move_node`]).
enum Opening {
    /// A move wins at once.
    Win,
    Moves {
        list: MoveList,
        key: u64,
        hit: Option<tt::Hit>,
    },
}

#[inline]
fn ceil_div(a: i64, b: i64) -> i64 {
    -((-a).div_euclid(b))
}
