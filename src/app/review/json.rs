//! `ewn review --json`: every reviewed game and the per-player totals as one JSON object.

use serde_json::{Value, json};

use super::{GameReview, SideTotals, Summary, result_of};
use crate::brain::luck::{RollLuck, SideLuck, adjusted_result};
use crate::record::GameRecord;
use crate::rules::board::Color;
use crate::rules::notation::move_name_in;

fn roll(r: &RollLuck) -> Value {
    json!({
        "ply": r.ply,
        "side": r.side.name(),
        "die": r.die,
        "before": r.before,
        "after": r.after,
        "luck": r.luck(),
    })
}

fn side(game: &GameRecord, review: &GameReview, c: Color) -> Value {
    let t = SideTotals::of(&review.moves, c);
    let mut v = json!({
        "name": if c == Color::Red { &game.red } else { &game.blue },
        "result": result_of(game, c),
        "choices": t.choices,
        "lost": t.lost,
        "error_rate": t.error_rate(),
        "accuracy": t.accuracy(),
        "inaccuracies": t.marks[0],
        "mistakes": t.marks[1],
        "blunders": t.marks[2],
    });
    if !review.luck.is_empty() {
        let l = SideLuck::of(&review.luck, c);
        v["luck"] = json!(l.total);
        v["luckiest"] = l.best.as_ref().map_or(Value::Null, roll);
        v["unluckiest"] = l.worst.as_ref().map_or(Value::Null, roll);
        v["adjusted"] = json!(adjusted_result(&review.luck, c, result_of(game, c)));
    }
    v
}

/// The whole review as JSON.
pub fn json(
    games: &[GameRecord],
    reviews: &[GameReview],
    summary: &Summary,
    luck_depth: u32,
) -> String {
    let games: Vec<Value> = games
        .iter()
        .zip(reviews)
        .map(|(g, r)| {
            let v = g.start_board().variant();
            let moves: Vec<Value> = r
                .moves
                .iter()
                .map(|m| {
                    json!({
                        "ply": m.ply,
                        "side": m.side.name(),
                        "die": m.die,
                        "played": move_name_in(v, m.played),
                        "choices": m.choices,
                        "played_value": m.played_value,
                        "best": move_name_in(v, m.best),
                        "best_value": m.best_value,
                        "loss": m.loss(),
                        "mark": m.mark().map(|k| k.name()),
                        "exact": m.exact,
                    })
                })
                .collect();
            json!({
                "number": g.number,
                "winner": g.winner.map(|w| w.name()),
                "reason": g.reason.to_string(),
                "fault": g.reason.is_fault(),
                "start_red": r.start_red,
                "red": side(g, r, Color::Red),
                "blue": side(g, r, Color::Blue),
                "moves": moves,
                "rolls": r.luck.iter().map(roll).collect::<Vec<_>>(),
            })
        })
        .collect();
    let players: Vec<Value> = summary
        .players
        .iter()
        .map(|t| {
            let mut p = json!({
                "name": t.name,
                "games": t.games,
                "moves": t.moves,
                "choices": t.choices,
                "lost": t.lost,
                "error_rate": t.per_choice(),
                "accuracy": t.accuracy(),
                "score": t.score,
                "faults": t.faults,
                "fault_share": t.fault_share,
            });
            if t.luck_games > 0 {
                p["luck"] = json!(t.luck);
                p["net_luck"] = json!(t.net_luck);
                p["adjusted"] = json!(t.adjusted);
            }
            p
        })
        .collect();
    json!({
        "threshold": summary.threshold,
        "luck_depth": luck_depth,
        "games": games,
        "players": players,
    })
    .to_string()
}
