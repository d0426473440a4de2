//! The JSON API under `/api/`: typed requests in, the page's view or a small answer out.
//!
//! Every request body is read into a struct that refuses unknown fields, then checked; whatever
//! is wrong is a [`GuiError`], which comes back as its 4xx status ([`GuiError::status`]) with
//! `{"error": "..."}`, and the state is left as it was.
//! The endpoints are described in `protocol/gui.md`.

use serde::Deserialize;
use serde_json::{Value, json};

use crate::record::parse_records_with_graphs;
use crate::rules::board::{Board, Color};
use crate::rules::notation::{parse_fen_in, parse_move_in, parse_setup_in};
use crate::rules::variant::Variant;

use super::engines::PlayerConfig;
use super::error::GuiError;
use super::game::DiceMode;
use super::state::{NewGame, SetupChoice, Shared, State, clock_seed, lock};

/// Longest analysis search per step a client may ask for, in ms.
pub const MAX_ANALYSIS_MS: u64 = 60_000;
/// Longest pause before an engine move, in ms.
pub const MAX_DELAY_MS: u64 = 10_000;

/// A status code and a JSON body.
pub type Reply = (u16, Value);

/// The one place where a refusal becomes an answer: its status and its message.
fn refused(e: &GuiError) -> Reply {
    (e.status(), json!({ "error": e.to_string() }))
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct NewGameReq {
    red: PlayerConfig,
    blue: PlayerConfig,
    /// The variant's name (a preset or one of `--variants FILE`); the arena's default when absent.
    #[serde(default)]
    variant: Option<String>,
    /// One character per cube (`123456` in the standard game), `random` or `engine`.
    #[serde(default)]
    red_setup: Option<String>,
    #[serde(default)]
    blue_setup: Option<String>,
    /// `r` or `b`; the variant's first mover when absent.
    #[serde(default)]
    first: Option<String>,
    /// A position string or `startpos`, instead of the setups.
    #[serde(default)]
    position: Option<String>,
    /// `auto` (the default) or `manual`.
    #[serde(default)]
    dice: Option<String>,
    /// The dice seed, a number or a string of digits; from the clock when absent.
    #[serde(default)]
    seed: Option<Value>,
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct MoveReq {
    #[serde(rename = "move")]
    mv: String,
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct RollReq {
    #[serde(default)]
    die: Option<u8>,
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct PlayersReq {
    #[serde(default)]
    red: Option<PlayerConfig>,
    #[serde(default)]
    blue: Option<PlayerConfig>,
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct ControlReq {
    action: String,
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct NavigateReq {
    ply: usize,
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct MainLineReq {
    #[serde(default)]
    ply: Option<usize>,
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct SettingsReq {
    #[serde(default)]
    analysis: Option<bool>,
    #[serde(default)]
    analysis_ms: Option<u64>,
    #[serde(default)]
    delay_ms: Option<u64>,
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct LoadReq {
    text: String,
    /// Which game of the file, 1 for the first (the default).
    #[serde(default)]
    game: Option<usize>,
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct Empty {}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct ReviewReq {
    /// `true` stops the review that is running.
    #[serde(default)]
    cancel: bool,
}

fn body<'a, T: Deserialize<'a>>(bytes: &'a [u8]) -> Result<T, GuiError> {
    let bytes = if bytes.iter().all(u8::is_ascii_whitespace) {
        b"{}".as_slice()
    } else {
        bytes
    };
    serde_json::from_slice(bytes).map_err(GuiError::Body)
}

fn parse_seed(v: &Value) -> Result<u64, GuiError> {
    let bad = |why: String| GuiError::field("seed", why);
    match v {
        Value::Number(n) => n
            .as_u64()
            .ok_or_else(|| bad(format!("seed {n} is not a whole number 0..2^64"))),
        // As records write seeds: hex digits (so a seed typed on the page reads the same in
        // the saved record).
        Value::String(s) => {
            let t = s.trim();
            let t = t.strip_prefix("0x").unwrap_or(t);
            if t.is_empty() || t.len() > 16 || !t.chars().all(|c| c.is_ascii_hexdigit()) {
                return Err(bad(format!(
                    "seed '{s}' is not 1..16 hex digits (as records write seeds)"
                )));
            }
            u64::from_str_radix(t, 16).map_err(|e| bad(format!("seed '{s}': {e}")))
        }
        _ => Err(bad("seed must be a number or a string of hex digits".into())),
    }
}

fn parse_setup_choice(v: &Variant, s: Option<&str>) -> Result<SetupChoice, GuiError> {
    match s.map(str::trim) {
        None | Some("random") => Ok(SetupChoice::Random),
        Some("engine") => Ok(SetupChoice::Engine),
        Some(d) => Ok(SetupChoice::Cubes(parse_setup_in(v, d)?)),
    }
}

fn new_game_spec(r: NewGameReq, v: &'static Variant) -> Result<NewGame, GuiError> {
    let first = match r.first.as_deref().map(str::trim) {
        None => v.rules.first,
        Some("r") => Color::Red,
        Some("b") => Color::Blue,
        Some(x) => {
            return Err(GuiError::field(
                "first",
                format!("first must be 'r' or 'b', not '{x}'"),
            ));
        }
    };
    let position = match r.position.as_deref().map(str::trim) {
        None | Some("") => None,
        Some("startpos") => Some(Board::startpos_in(v)),
        Some(p) => Some(parse_fen_in(v, p)?),
    };
    let seed = match &r.seed {
        None | Some(Value::Null) => clock_seed(),
        Some(Value::String(s)) if s.trim().is_empty() => clock_seed(),
        Some(v) => parse_seed(v)?,
    };
    let dice = match r.dice.as_deref() {
        None | Some("auto") => DiceMode::Auto { seed },
        Some("manual") => DiceMode::Manual,
        Some(x) => {
            return Err(GuiError::field(
                "dice",
                format!("dice must be 'auto' or 'manual', not '{x}'"),
            ));
        }
    };
    Ok(NewGame {
        players: [r.red, r.blue],
        setups: [
            parse_setup_choice(v, r.red_setup.as_deref())?,
            parse_setup_choice(v, r.blue_setup.as_deref())?,
        ],
        variant: v,
        first,
        position,
        dice,
    })
}

/// What an endpoint answers: the state's view after the change (`Changed`, once the state has
/// started what the change needs), or an answer of its own.
enum Answer {
    Changed,
    Own(Value),
}

/// One endpoint: reads its body, calls the state, says what to answer.
type Handler = fn(&mut State, &Shared, &[u8]) -> Result<Answer, GuiError>;

/// Every endpoint, its method and its handler: the one list of them.
const ROUTES: &[(&str, &str, Handler)] = &[
    ("GET", "/api/state", |st, _, _| Ok(Answer::Own(st.view()))),
    ("GET", "/api/record", |st, _, _| {
        Ok(Answer::Own(json!({ "text": st.record_text() })))
    }),
    ("POST", "/api/record", load_record),
    ("GET", "/api/source", |st, _, _| {
        Ok(Answer::Own(st.source.as_ref().map_or(Value::Null, |s| {
            json!({ "text": s.text, "game": s.game, "count": s.count, "plies": s.plies, "serial": s.serial })
        })))
    }),
    ("POST", "/api/new", new_game),
    ("POST", "/api/move", play_move),
    ("POST", "/api/roll", roll),
    ("POST", "/api/players", |st, _, b| {
        let r: PlayersReq = body(b)?;
        st.set_players([r.red, r.blue])?;
        Ok(Answer::Changed)
    }),
    ("POST", "/api/control", |st, _, b| {
        let r: ControlReq = body(b)?;
        st.control(r.action.trim())?;
        Ok(Answer::Changed)
    }),
    ("POST", "/api/navigate", |st, _, b| {
        let r: NavigateReq = body(b)?;
        st.navigate(r.ply)?;
        Ok(Answer::Changed)
    }),
    ("POST", "/api/mainline", |st, _, b| {
        let r: MainLineReq = body(b)?;
        st.main_line(r.ply)?;
        Ok(Answer::Changed)
    }),
    ("POST", "/api/settings", settings),
    ("POST", "/api/hint", |st, shared, b| {
        let _: Empty = body(b)?;
        let Some(h) = st.hint(shared)? else {
            return Ok(Answer::Own(json!({ "searching": true })));
        };
        let v = st.game.start.variant();
        let also = h
            .also
            .map(|(m, wp)| json!({ "move": m.display(v).to_string(), "wp": wp }));
        let name = h.best.display(v).to_string();
        Ok(Answer::Own(
            json!({ "move": name, "wp": h.wp, "depth": h.depth, "also": also }),
        ))
    }),
    ("POST", "/api/undo", |st, _, b| {
        let _: Empty = body(b)?;
        st.undo()?;
        Ok(Answer::Changed)
    }),
    ("POST", "/api/rematch", |st, shared, b| {
        let _: Empty = body(b)?;
        st.rematch(shared)?;
        Ok(Answer::Changed)
    }),
    ("POST", "/api/review", |st, shared, b| {
        let r: ReviewReq = body(b)?;
        if r.cancel {
            st.cancel_running_review()?;
        } else {
            st.start_review(shared)?;
        }
        Ok(Answer::Changed)
    }),
    // Changes nothing: answers 200 when the request carries this run's token (the server
    // refuses any other token before this), so that a page opening tells a bad token at once.
    ("POST", "/api/token", |_, _, b| {
        let _: Empty = body(b)?;
        Ok(Answer::Own(json!({ "token": "this run's" })))
    }),
    ("POST", "/api/resign", |st, _, b| {
        let _: Empty = body(b)?;
        st.resign()?;
        Ok(Answer::Changed)
    }),
];

/// Answers one API request. `path` has no query string.
pub fn handle(shared: &Shared, method: &str, path: &str, bytes: &[u8]) -> Reply {
    let answer = route(method, path).and_then(|handler| {
        let mut st = lock(shared);
        match handler(&mut st, shared, bytes)? {
            Answer::Own(v) => Ok(v),
            Answer::Changed => {
                st.pump(shared);
                Ok(st.view())
            }
        }
    });
    match answer {
        Ok(v) => (200, v),
        Err(e) => refused(&e),
    }
}

/// The handler of `method` on `path`, or why there is none.
fn route(method: &str, path: &str) -> Result<Handler, GuiError> {
    let on_path = || ROUTES.iter().filter(move |&&(_, p, _)| p == path);
    if let Some(&(_, _, h)) = on_path().find(|&&(m, _, _)| m == method) {
        return Ok(h);
    }
    let allowed: Vec<&str> = on_path().map(|&(m, _, _)| m).collect();
    if allowed.is_empty() {
        return Err(GuiError::NoEndpoint(path.to_string()));
    }
    Err(GuiError::Method {
        method: method.to_string(),
        path: path.to_string(),
        allowed: allowed.join(" or "),
    })
}

fn new_game(st: &mut State, shared: &Shared, bytes: &[u8]) -> Result<Answer, GuiError> {
    let r: NewGameReq = body(bytes)?;
    let v = st.find_variant(r.variant.as_deref())?;
    let spec = new_game_spec(r, v)?;
    st.new_game(spec, shared)?;
    Ok(Answer::Changed)
}

fn play_move(st: &mut State, _: &Shared, bytes: &[u8]) -> Result<Answer, GuiError> {
    let r: MoveReq = body(bytes)?;
    let m = parse_move_in(st.game.start.variant(), r.mv.trim())?;
    st.human_move(m)?;
    Ok(Answer::Changed)
}

/// Rolls the seeded die, or takes a typed one after checking it is one of the variant's.
fn roll(st: &mut State, _: &Shared, bytes: &[u8]) -> Result<Answer, GuiError> {
    let r: RollReq = body(bytes)?;
    let v = st.game.start.variant();
    if let Some(d) = r.die {
        if !v.has_dice() {
            return Err(GuiError::field(
                "die",
                format!("variant {} has no dice: the mover picks any cube", v.name()),
            ));
        }
        if !v.is_outcome(d) {
            return Err(GuiError::field(
                "die",
                format!(
                    "die {d} is not {} (variant {})",
                    v.outcome_range(),
                    v.name()
                ),
            ));
        }
    }
    st.roll(r.die)?;
    Ok(Answer::Changed)
}

fn settings(st: &mut State, _: &Shared, bytes: &[u8]) -> Result<Answer, GuiError> {
    let r: SettingsReq = body(bytes)?;
    if let Some(ms) = r.analysis_ms
        && !(10..=MAX_ANALYSIS_MS).contains(&ms)
    {
        return Err(GuiError::field(
            "analysis_ms",
            format!("analysis_ms {ms} out of range 10..{MAX_ANALYSIS_MS}"),
        ));
    }
    if let Some(ms) = r.delay_ms
        && ms > MAX_DELAY_MS
    {
        return Err(GuiError::field(
            "delay_ms",
            format!("delay_ms {ms} out of range 0..{MAX_DELAY_MS}"),
        ));
    }
    let s = &mut st.settings;
    s.analysis = r.analysis.unwrap_or(s.analysis);
    s.analysis_ms = r.analysis_ms.unwrap_or(s.analysis_ms);
    s.delay_ms = r.delay_ms.unwrap_or(s.delay_ms);
    Ok(Answer::Changed)
}

/// Loads game `game` (the first by default) of a record text.
fn load_record(st: &mut State, _: &Shared, bytes: &[u8]) -> Result<Answer, GuiError> {
    let r: LoadReq = body(bytes)?;
    let games =
        parse_records_with_graphs(&r.text).map_err(|e| GuiError::BadRecord(e.to_string()))?;
    let (count, n) = (games.len(), r.game.unwrap_or(1));
    let (rec, graph) = n
        .checked_sub(1)
        .and_then(|i| games.into_iter().nth(i))
        .ok_or(GuiError::NoSuchGame { count, wanted: n })?;
    st.load(&rec, graph, r.text, n, count)?;
    Ok(Answer::Changed)
}
