//! Turning limits into deadlines.
//!
//! A hard deadline is enforced inside the search; a soft one decides between iterations whether
//! another can start. Both are already reduced by the move overhead, the time lost between the
//! referee and the engine. A fixed move time has no soft limit (it equals the hard one): time not
//! used is lost, so the search deepens until the hard limit stops it, and an unfinished iteration
//! still counts where it found a better move.

use std::time::Duration;

use crate::brain::eval;
use crate::rules::board::Board;

/// The clock of the side to move.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Clock {
    pub time_ms: u64,
    pub inc_ms: u64,
    pub movestogo: Option<u32>,
}

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Budget {
    pub soft: Duration,
    pub hard: Duration,
}

/// Budget for a fixed time per move: all of it but the overhead, with no soft limit.
pub fn for_movetime(movetime_ms: u64, overhead_ms: u64) -> Budget {
    let hard = Duration::from_millis(movetime_ms.saturating_sub(overhead_ms).max(1));
    Budget { soft: hard, hard }
}

/// Own moves left in this game, estimated from the race: the quicker side's expected number of
/// turns to reach its goal, plus a margin for the game not going to plan.
pub fn moves_left(b: &Board) -> u64 {
    let (us, them) = if b.variant().standard {
        eval::race_turns(b)
    } else {
        crate::brain::general::race_turns(b)
    };
    let t = us.min(them);
    (t * 1.5 + 2.0).clamp(2.0, 20.0) as u64
}

/// Budget from the clock: the remaining time spread over the moves estimated to remain, plus most
/// of the increment; never more than a quarter of what is left, so the clock cannot run out.
pub fn for_clock(b: &Board, clock: Clock, overhead_ms: u64) -> Budget {
    let mut left = moves_left(b);
    if let Some(mtg) = clock.movestogo {
        left = left.min(mtg.max(1) as u64);
    }
    let usable = clock.time_ms.saturating_sub(overhead_ms);
    let share = usable / left + clock.inc_ms * 3 / 4;
    // At most a quarter of what is left (plus the increment) on one move, and twice the share:
    // a long iteration must not eat the clock of the moves still to come.
    let cap = usable / 4 + clock.inc_ms;
    let soft = share.min(cap).max(1);
    let hard = (share * 2).min(cap).max(1);
    Budget {
        soft: Duration::from_millis(soft),
        hard: Duration::from_millis(hard),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn movetime_subtracts_overhead() {
        let b = for_movetime(100, 10);
        assert_eq!(b.hard, Duration::from_millis(90));
        // Time not used is lost: no iteration is skipped to save it.
        assert_eq!(b.soft, b.hard);
        assert_eq!(for_movetime(5, 10).hard, Duration::from_millis(1));
    }

    #[test]
    fn clock_budget_never_exceeds_a_quarter_of_remaining() {
        let b = Board::startpos();
        for t in [10u64, 100, 1000, 60_000] {
            let bud = for_clock(
                &b,
                Clock {
                    time_ms: t,
                    inc_ms: 0,
                    movestogo: None,
                },
                10,
            );
            assert!(bud.hard.as_millis() as u64 <= t.saturating_sub(10) / 4 + 1);
            assert!(bud.soft <= bud.hard);
        }
        let start = for_clock(
            &b,
            Clock {
                time_ms: 60_000,
                inc_ms: 0,
                movestogo: None,
            },
            0,
        );
        let last = for_clock(
            &b,
            Clock {
                time_ms: 60_000,
                inc_ms: 0,
                movestogo: Some(1),
            },
            0,
        );
        assert!(last.soft > start.soft);
    }
}
