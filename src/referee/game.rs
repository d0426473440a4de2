//! One game between two players: the referee's loop of roll, ask, check and record, with the
//! clocks and the forfeits, and the pairing of games into pairs that share their dice.

use std::time::{Duration, Instant};

use crate::players::engine::HANDSHAKE;
use crate::players::{Fault, Player, TimeControl, Turn};
use crate::record::{GameRecord, Ply, Reason, Start};
use crate::rules::board::{Color, Move};
use crate::rules::rng::MatchRng;
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
}

/// Plays one game between `red` and `blue` and returns its record.
pub fn play_game(red: &mut dyn Player, blue: &mut dyn Player, spec: &GameSpec) -> GameRecord {
    let players: [&mut dyn Player; 2] = [red, blue];
    let v = spec.variant;
    let mut rng = MatchRng::new(spec.seed);
    // Drawn even when the start is given, so that the dice never depend on where games start.
    let mut setups = [rng.setup_in(v), rng.setup_in(v)];
    let tcs = [
        players[0].time_control(spec.tc[0]),
        players[1].time_control(spec.tc[1]),
    ];
    let incs = tcs.map(|tc| match tc {
        TimeControl::MoveTime { .. } => 0,
        TimeControl::Game { inc_ms, .. } => inc_ms,
    });
    let mut rec = GameRecord {
        number: spec.number,
        match_id: spec.match_id.clone(),
        seed: Some(spec.seed),
        date: spec.date.clone(),
        red: players[0].name(),
        blue: players[1].name(),
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
    let rec_names = [rec.red.clone(), rec.blue.clone()];
    let forfeit = |mut rec: GameRecord, loser: Color, f: Fault| {
        let (reason, why) = match f {
            Fault::Malformed(s) => (Reason::Malformed, s),
            Fault::Time(s) => (Reason::Time, s),
            Fault::Crash(s) => (Reason::Crash, s),
        };
        rec.winner = Some(loser.other());
        rec.reason = reason;
        rec.detail = format!("{}: {why}", loser.name());
        rec
    };

    if let Some(dir) = &spec.engine_log {
        for c in [Color::Red, Color::Blue] {
            let name: String = players[c.idx()]
                .name()
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
            let file = format!("game-{}-{}-{name}.log", spec.number, c.name());
            players[c.idx()].log_to(Some(dir.join(file)));
        }
    }
    for c in [Color::Red, Color::Blue] {
        if !v.standard
            && let Err(f) = players[c.idx()].set_variant(v)
        {
            return forfeit(rec, c, f);
        }
        if let Err(f) = players[c.idx()].new_game(tcs[c.idx()], c, spec.seed) {
            return forfeit(rec, c, f);
        }
    }
    if spec.engine_setups && spec.start.is_none() {
        for c in [Color::Red, Color::Blue] {
            match players[c.idx()].setup(c, HANDSHAKE) {
                Ok(s) => setups[c.idx()] = s.to_vec(),
                Err(f) => return forfeit(rec, c, f),
            }
        }
        rec.start = Start::Setups {
            red: setups[0].clone(),
            blue: setups[1].clone(),
            first: spec.first,
            variant: v,
        };
    }

    let start = rec.start.board();
    let mut b = start.clone();
    let mut history: Vec<Move> = Vec::new();
    let mut clock_ms: [i64; 2] = [0, 1].map(|i| match tcs[i] {
        TimeControl::MoveTime { ms } => ms as i64,
        TimeControl::Game { base_ms, .. } => base_ms as i64,
    });
    let mut shown: Vec<(u8, String)> = Vec::new();
    let mut chances: [Option<f64>; 2] = [None, None];
    let show = |b: &crate::rules::board::Board,
                shown: &[(u8, String)],
                die: Option<u8>,
                clock_ms: [i64; 2],
                chances: [Option<f64>; 2]| {
        if let Some(h) = &spec.hall {
            h.update(
                spec.number,
                [&rec_names[0], &rec_names[1]],
                b,
                shown,
                die,
                clock_ms,
                chances,
            );
        }
    };
    // Every move but a pass goes forward or removes a cube; only passes can go on for ever.
    let mut passes = 0u64;
    loop {
        if passes >= MAX_PASSES_IN_A_ROW {
            rec.reason = Reason::Unfinished;
            rec.detail = format!("{MAX_PASSES_IN_A_ROW} passes in a row: no progress is possible");
            return rec;
        }
        if let Some(w) = b.winner() {
            rec.winner = Some(w);
            rec.reason = if b.alive(w.other()) == 0 {
                Reason::Capture
            } else {
                Reason::Goal
            };
            return rec;
        }
        let die = rng.outcome(v);
        let c = b.side_to_move();
        show(&b, &shown, Some(die), clock_ms, chances);
        let tc = tcs[c.idx()];
        // The grace is a tolerance on the clock, as in cutechess-cli: under a game clock the
        // clock may run down to minus the grace once in the whole game, not by the grace on
        // every move; under a time per move every move has its time plus the grace.
        let allowed = (clock_ms[c.idx()] + spec.grace_ms as i64).max(0) as u64;
        let wait = Duration::from_millis(allowed);
        let turn = Turn {
            start: &start,
            history: &history,
            board: &b,
            die,
            tc,
            clock_ms: clock_ms.map(|t| t.max(0) as u64),
            inc_ms: incs,
            wait,
        };
        let t0 = Instant::now();
        let answer = players[c.idx()].choose(&turn);
        let used = t0.elapsed();
        if spec.hall.is_some() {
            chances[c.idx()] = players[c.idx()].win_chance();
        }
        let m = match answer {
            Ok(m) => m,
            Err(f) => return forfeit(rec, c, f),
        };
        if used > wait {
            let f = match tc {
                TimeControl::MoveTime { ms } => Fault::Time(format!(
                    "answered after {} ms; {ms} ms + {} ms grace allowed",
                    used.as_millis(),
                    spec.grace_ms
                )),
                TimeControl::Game { .. } => Fault::Time(format!(
                    "answered after {} ms with {} ms on the clock; the clock may go {} ms \
                     below zero in a game",
                    used.as_millis(),
                    clock_ms[c.idx()],
                    spec.grace_ms
                )),
            };
            return forfeit(rec, c, f);
        }
        if !b.is_legal(m, Some(die)) {
            rec.winner = Some(c.other());
            rec.reason = Reason::Illegal;
            rec.detail = format!("{}: {} for die {die}", c.name(), m.display(v));
            return rec;
        }
        if let TimeControl::Game { inc_ms, .. } = tc {
            clock_ms[c.idx()] += inc_ms as i64 - used.as_millis() as i64;
        }
        rec.plies.push(Ply {
            side: c,
            die,
            mv: m,
            us: Some(used.as_micros() as u64),
        });
        history.push(m);
        shown.push((die, m.display(v).to_string()));
        b.make(m);
        passes = if m == Move::PASS { passes + 1 } else { 0 };
    }
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
