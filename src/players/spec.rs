//! One player of a match or tournament with its own settings, in the manner of cutechess-cli:
//!
//! ```text
//! --engine cmd=./ewn name=new option.Hash=128 option.MoveOverhead=20 tc=5+0.05
//! --engine self name=base movetime=100
//! --engine greedy
//! ```
//!
//! This is the one grammar for a player in every command that takes one (`ewn match --engine`
//! and `--opponent`, `ewn gui --engine`; `ewn serve --judge-engine` takes the player alone). The
//! first word may be a player as before (`self`, `random`, `greedy`, `tcg:<command>`, or a
//! command), or the arena's short form `NAME=COMMAND` (`strong=./my-engine`, the same as
//! `name=strong cmd=./my-engine`), taken only when NAME is a plain word that is no key below; a
//! command is never taken for a program whose name holds `NAME=`. The `key=value` words after
//! it set:
//!
//! | key | meaning |
//! |-----|---------|
//! | `cmd=<command>` | the player, instead of the first word (split as a shell splits it, quotes kept together; a file's path with spaces as it stands is that program) |
//! | `proto=native\|tcg` | the protocol of `cmd` (default native) |
//! | `arg=<word>` | one more argument for the command, kept whole (it may contain spaces) |
//! | `dir=<folder>` | the folder the engine runs in |
//! | `name=<name>` | the name in the output and the records |
//! | `option.<Name>=<value>` | `setoption name <Name> value <value>` after each start (native only) |
//! | `tc=<base>+<inc>` | this player's game clock, seconds |
//! | `movetime=<ms>` | this player's time per move |
//! | `st=<seconds>` | the same in seconds, as cutechess-cli writes it |
//! | `stderr=<file>` | append the engine's standard error to this file (default: dropped) |
//! | `mem=<MiB>` | the engine's address-space limit (`RLIMIT_AS`), 1..1048576 MiB |
//! | `reuse=0\|1` | TCG: one process for many games (1) or a fresh one every game (0, the default) |

use std::path::{Path, PathBuf};

use crate::players::engine::{self, MAX_MEM_MIB, Settings};
use crate::players::error::SpecError;
use crate::players::{MAX_MOVE_MS, Player, TimeControl};
pub use crate::rules::MAX_NAME;

type Result<T, E = SpecError> = std::result::Result<T, E>;

/// A player's name as given (`name=`, `--engine-name`): trimmed, not empty, at most
/// [`MAX_NAME`] characters; `what` names the setting in the error.
pub fn checked_name(value: &str, what: &str) -> Result<String, SpecError> {
    let name = value.trim();
    let what = what.to_string();
    if name.is_empty() {
        return Err(SpecError::NameEmpty { what });
    }
    if name.chars().count() > MAX_NAME {
        return Err(SpecError::NameTooLong { what });
    }
    Ok(name.to_string())
}

/// A player as named on the command line.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum PlayerSpec {
    Baseline(crate::players::baseline::Kind),
    /// The built-in UCT player with this many simulations per move.
    Mcts(u32),
    /// A native-protocol engine: program and arguments.
    Native(Vec<String>),
    /// A TCG-protocol engine: program and arguments.
    Tcg(Vec<String>),
}

/// The simulations of a bare `mcts` player: the sparring partner the project's measurements use.
pub const MCTS_DEFAULT_SIMS: u32 = 3000;

/// This program's path, for `self`.
fn this_program() -> Result<PathBuf> {
    std::env::current_exe().map_err(SpecError::CurrentExe)
}

/// A command split into program and arguments as a shell splits it: at spaces, except inside
/// single or double quotes or after a backslash (`'./my engine' --threads 1`); a command that is
/// the path of a file as it stands (`./my engine`, given in one quoted argument) is that program.
/// Never a program called `prog=./my-engine`, which is a name and a command.
fn command_words(cmd: &str) -> Result<Vec<String>, SpecError> {
    let whole = cmd.trim();
    let v: Vec<String> = if whole.contains(char::is_whitespace) && Path::new(whole).is_file() {
        vec![whole.to_string()]
    } else {
        shell_words(cmd).ok_or_else(|| SpecError::UnclosedQuote(cmd.to_string()))?
    };
    let Some(first) = v.first() else {
        return Err(SpecError::EmptyCommand);
    };
    if let Some((name, player)) = named_player(first) {
        return Err(SpecError::NameAndCommand {
            word: first.clone(),
            name: name.to_string(),
            player: player.to_string(),
        });
    }
    Ok(v)
}

/// The words of `text` as a POSIX shell splits them (quotes and backslashes, no expansions);
/// None when a quote is not closed.
fn shell_words(text: &str) -> Option<Vec<String>> {
    let mut words = Vec::new();
    let mut word = String::new();
    let mut in_word = false;
    let mut chars = text.chars();
    while let Some(c) = chars.next() {
        match c {
            c if c.is_whitespace() => {
                if in_word {
                    words.push(std::mem::take(&mut word));
                    in_word = false;
                }
                continue;
            }
            '\'' => loop {
                match chars.next()? {
                    '\'' => break,
                    c => word.push(c),
                }
            },
            '"' => loop {
                match chars.next()? {
                    '"' => break,
                    '\\' => match chars.next()? {
                        c @ ('"' | '\\' | '$' | '`') => word.push(c),
                        c => {
                            word.push('\\');
                            word.push(c);
                        }
                    },
                    c => word.push(c),
                }
            },
            '\\' => word.push(chars.next().unwrap_or('\\')),
            c => word.push(c),
        }
        in_word = true;
    }
    if in_word {
        words.push(word);
    }
    Some(words)
}

/// A word as a POSIX shell needs it: as it is when it holds only characters no shell reads
/// otherwise, else in single quotes (a quote inside written `'\''`). Errors quote paths and
/// commands so, and the resume command a stopped match prints can be pasted.
pub fn shell_quote(word: &str) -> String {
    let plain = !word.is_empty()
        && word
            .chars()
            .all(|c| c.is_ascii_alphanumeric() || "-_./:=+,@%".contains(c));
    if plain {
        return word.to_string();
    }
    format!("'{}'", word.replace('\'', "'\\''"))
}

/// A program and its arguments as one line a shell reads back as them.
pub fn shell_line(argv: &[String]) -> String {
    argv.iter()
        .map(|w| shell_quote(w))
        .collect::<Vec<_>>()
        .join(" ")
}

impl PlayerSpec {
    /// `random`, `greedy`, `mcts` (3000 simulations) or `mcts:<simulations>`, `tcg:<command>` or a native engine command. `self` (alone, or after
    /// `tcg:`) is this program, so a build can play against baselines without naming its path.
    pub fn parse(s: &str) -> Result<PlayerSpec> {
        let s = s.trim();
        let this = || this_program().map(|p| p.to_string_lossy().into_owned());
        Ok(match s {
            "random" => PlayerSpec::Baseline(crate::players::baseline::Kind::Random),
            "greedy" => PlayerSpec::Baseline(crate::players::baseline::Kind::Greedy),
            "self" => PlayerSpec::Native(vec![this()?]),
            // Bare `mcts` is the built-in player at its usual strength, not a program of that name.
            "mcts" => PlayerSpec::Mcts(MCTS_DEFAULT_SIMS),
            _ if s.starts_with("mcts:") => {
                let n = &s["mcts:".len()..];
                let sims: u32 =
                    n.parse()
                        .ok()
                        .filter(|&v| v > 0)
                        .ok_or_else(|| SpecError::Simulations {
                            count: n.to_string(),
                            spec: s.to_string(),
                        })?;
                PlayerSpec::Mcts(sims)
            }
            _ => match s.strip_prefix("tcg:") {
                Some("self") => PlayerSpec::Tcg(vec![this()?, "--protocol".into(), "tcg".into()]),
                Some(cmd) => PlayerSpec::Tcg(command_words(cmd)?),
                None => PlayerSpec::Native(command_words(s.strip_prefix("native:").unwrap_or(s))?),
            },
        })
    }

    pub fn make(&self, label: &str) -> Box<dyn Player> {
        match self {
            PlayerSpec::Baseline(k) => Box::new(crate::players::baseline::Baseline::new(*k)),
            PlayerSpec::Mcts(sims) => Box::new(crate::players::mcts::MctsPlayer::new(*sims)),
            PlayerSpec::Native(argv) => Box::new(engine::Native::new(argv.clone(), label)),
            PlayerSpec::Tcg(argv) => Box::new(engine::Tcg::new(argv.clone(), label)),
        }
    }
}

/// A player with its settings.
#[derive(Clone, Debug, PartialEq)]
pub struct Entrant {
    pub spec: PlayerSpec,
    /// How the player was named on the command line: the default label.
    pub source: String,
    pub name: Option<String>,
    pub options: Vec<(String, String)>,
    /// This player's time control; `None`: the match's.
    pub tc: Option<TimeControl>,
    pub dir: Option<PathBuf>,
    /// Where the engine's standard error goes (`None`: dropped).
    pub stderr: Option<PathBuf>,
    /// The engine's memory limit, MiB.
    pub mem_mib: Option<u64>,
    /// TCG: one process for many games.
    pub reuse: bool,
}

/// The words of one player as read, before the player is known: its command, protocol and
/// extra arguments beside the settings kept in the entrant.
#[derive(Default)]
struct Words {
    cmd: Option<String>,
    proto: Option<String>,
    args: Vec<String>,
}

/// A setting that may be given once, given again.
fn once(given: bool, key: &str) -> Result<()> {
    if given {
        return Err(SpecError::GivenTwice(key.to_string()));
    }
    Ok(())
}

/// A value that is not of its setting's form.
fn bad_value(key: &'static str, value: &str, expected: impl Into<String>) -> SpecError {
    SpecError::Value {
        key,
        value: value.to_string(),
        expected: expected.into(),
    }
}

impl Entrant {
    /// A player with no settings of its own.
    pub fn plain(spec: PlayerSpec, source: &str) -> Entrant {
        Entrant {
            spec,
            source: source.to_string(),
            name: None,
            options: Vec::new(),
            tc: None,
            dir: None,
            stderr: None,
            mem_mib: None,
            reuse: false,
        }
    }

    /// Reads the words of one `--engine` (see the module comment). The words may also come in one
    /// argument (`"name=ext cmd=./ewn --threads 1"`): see [`split_settings`].
    pub fn parse(words: &[String]) -> Result<Entrant> {
        let words = &split_settings(words);
        let mut w = Words::default();
        let mut e = Entrant::plain(
            PlayerSpec::Baseline(crate::players::baseline::Kind::Random),
            "",
        );
        for (i, word) in words.iter().enumerate() {
            // The arena's `NAME=COMMAND`, first: a name, then the player.
            if i == 0
                && setting(word).is_none()
                && let Some((name, player)) = named_player(word)
            {
                e.name = Some(checked_name(name, "the NAME of NAME=COMMAND")?);
                if player.trim().is_empty() {
                    return Err(SpecError::NoCommandAfterName {
                        word: word.clone(),
                        name: name.to_string(),
                    });
                }
                w.cmd = Some(player.to_string());
                continue;
            }
            let Some((key, value)) = setting(word) else {
                if i != 0 {
                    return Err(not_a_setting(word));
                }
                w.cmd = Some(word.clone());
                continue;
            };
            match key {
                "cmd" | "proto" | "arg" => w.read(key, value)?,
                _ => e.set(key, value)?,
            }
        }
        e.finish(w)?;
        Ok(e)
    }

    /// One setting of the entrant's own (not `cmd=`, `proto=` or `arg=`).
    fn set(&mut self, key: &str, value: &str) -> Result<()> {
        match key {
            "dir" => {
                once(self.dir.is_some(), key)?;
                // Refused now: at the start it would read as the engine's command not found.
                if !std::path::Path::new(value).is_dir() {
                    return Err(SpecError::NoSuchDir(value.to_string()));
                }
                self.dir = Some(PathBuf::from(value));
            }
            "name" => {
                if self.name.is_some() {
                    return Err(SpecError::NameTwice);
                }
                self.name = Some(checked_name(value, "name=")?);
            }
            "stderr" => {
                once(self.stderr.is_some(), key)?;
                if value.is_empty() {
                    return Err(SpecError::StderrEmpty);
                }
                // Refused now rather than at every start: a FIFO would hold the runner.
                if std::fs::metadata(value).is_ok_and(|m| !m.is_file()) {
                    return Err(SpecError::StderrNotRegular(value.to_string()));
                }
                self.stderr = Some(PathBuf::from(value));
            }
            "mem" => {
                once(self.mem_mib.is_some(), key)?;
                let mib: u64 = value
                    .parse()
                    .ok()
                    .filter(|m| (1..=MAX_MEM_MIB).contains(m))
                    .ok_or_else(|| bad_value("mem", value, format!("MiB, 1..{MAX_MEM_MIB}")))?;
                self.mem_mib = Some(mib);
            }
            "reuse" => {
                self.reuse = match value {
                    "1" | "yes" | "true" => true,
                    "0" | "no" | "false" => false,
                    _ => return Err(bad_value("reuse", value, "1 or 0")),
                };
            }
            "tc" => {
                once(self.tc.is_some(), key)?;
                self.tc = Some(crate::players::parse_tc(value)?);
            }
            "movetime" | "st" => {
                once(self.tc.is_some(), key)?;
                self.tc = Some(TimeControl::MoveTime {
                    ms: move_time(key, value)?,
                });
            }
            _ => {
                let name = key.strip_prefix("option.").expect("checked by setting()");
                if value.contains('\n') {
                    return Err(SpecError::OptionLineBreak(name.to_string()));
                }
                self.options.push((name.to_string(), value.to_string()));
            }
        }
        Ok(())
    }

    /// The player of the words read, and the checks that its settings are of use to it.
    fn finish(&mut self, w: Words) -> Result<()> {
        let Some(cmd) = w.cmd else {
            return Err(match &self.name {
                Some(n) if n.contains(",cmd=") => SpecError::CommaJoined(format!("name={n}")),
                Some(n) if n.contains('=') => SpecError::NameWithCommand(n.clone()),
                _ => SpecError::NoPlayer,
            });
        };
        let text = match w.proto.as_deref() {
            Some("tcg") if !cmd.trim_start().starts_with("tcg:") => format!("tcg:{cmd}"),
            _ => cmd.clone(),
        };
        self.spec = PlayerSpec::parse(&text)?;
        self.source = text;
        let native = matches!(self.spec, PlayerSpec::Native(_));
        let process = native || matches!(self.spec, PlayerSpec::Tcg(_));
        let not_for = |setting: String, only: &'static str| SpecError::NotFor {
            setting,
            only,
            player: cmd.clone(),
        };
        if !w.args.is_empty() {
            match &mut self.spec {
                PlayerSpec::Native(argv) | PlayerSpec::Tcg(argv) => argv.extend(w.args),
                _ => return Err(not_for("arg=".into(), "engine commands")),
            }
        }
        if let Some((name, _)) = self.options.first().filter(|_| !native) {
            return Err(not_for(
                format!("option.{name}="),
                "native-protocol engines",
            ));
        }
        if self.dir.is_some() && !process {
            return Err(not_for("dir=".into(), "engine commands"));
        }
        if (self.stderr.is_some() || self.mem_mib.is_some()) && !process {
            return Err(not_for("stderr= and mem=".into(), "engine commands"));
        }
        if self.reuse && !matches!(self.spec, PlayerSpec::Tcg(_)) {
            return Err(not_for("reuse=".into(), "TCG engines"));
        }
        Ok(())
    }

    /// Reads the words of one player that must have a name (the arena's `--engine`): `name=` or
    /// the short `NAME=COMMAND`, a plain word of 1..40 letters, digits or `- _ . : +`.
    pub fn parse_named(words: &[String]) -> Result<(String, Entrant)> {
        let e = Entrant::parse(words)?;
        let Some(name) = e.name.clone() else {
            return Err(SpecError::NoName(words.join(" ")));
        };
        let plain = name.len() <= 40
            && name
                .chars()
                .all(|c| c.is_ascii_alphanumeric() || "-_.:+".contains(c));
        if !plain {
            return Err(SpecError::BadName(name));
        }
        Ok((name, e))
    }

    /// A fresh player for one worker of the match.
    pub fn make(&self, label: &str) -> Box<dyn Player> {
        self.make_on(label, None)
    }

    /// A fresh player whose engine process, if it has one, runs on the CPUs `cpus` only.
    pub fn make_on(&self, label: &str, cpus: Option<Vec<usize>>) -> Box<dyn Player> {
        let settings = Settings {
            dir: self.dir.clone(),
            stderr: self.stderr.clone(),
            mem_mib: self.mem_mib,
            cpus,
        };
        match &self.spec {
            PlayerSpec::Native(argv) => Box::new(engine::Native::with_settings(
                argv.clone(),
                label,
                self.options.clone(),
                settings,
            )),
            PlayerSpec::Tcg(argv) => Box::new(engine::Tcg::with_settings(
                argv.clone(),
                label,
                settings,
                self.reuse,
            )),
            other => other.make(label),
        }
    }
}

/// The arena's `NAME=COMMAND` (`strong=./my-engine`): the name is a plain word (letters, digits,
/// `-_.:+`) that is none of the setting keys, so that a command with an `=` in its arguments
/// (`./eng --x=1`) is not taken for one.
fn named_player(word: &str) -> Option<(&str, &str)> {
    let (name, player) = word.split_once('=')?;
    let plain = !name.is_empty()
        && name
            .chars()
            .all(|c| c.is_ascii_alphanumeric() || "-_.:+".contains(c))
        && !name.starts_with('-');
    plain.then_some((name, player))
}

/// The words of one player with the settings given inside one argument split out: an argument
/// that holds a setting word after its first word (`name=ext cmd=./ewn --threads 1`, `random
/// name=Rita`) is cut before each, and the words between two settings stay with the first
/// (`cmd=./ewn --threads 1`), as the same words given one by one would read. `arg=` is kept
/// whole, as it says.
fn split_settings(words: &[String]) -> Vec<String> {
    let mut out = Vec::new();
    for word in words {
        let splits = setting(word).is_none_or(|(key, _)| key != "arg")
            && word
                .split_whitespace()
                .skip(1)
                .any(|w| setting(w).is_some());
        if !splits {
            out.push(word.clone());
            continue;
        }
        let mut cur = String::new();
        for w in word.split_whitespace() {
            if !cur.is_empty() && setting(w).is_some() {
                out.push(unquoted_setting(std::mem::take(&mut cur)));
            }
            if !cur.is_empty() {
                cur.push(' ');
            }
            cur.push_str(w);
        }
        out.push(unquoted_setting(cur));
    }
    out
}

/// One setting cut out of a single argument, its value read as a shell reads it where that is
/// one word (`name="Ana Sofia Rodrigues"` names Ana Sofia Rodrigues, as the same words given one
/// by one in a shell would): the quotes were the user's, not the name's. A command (`cmd=`, or
/// the player's first word) keeps its quotes for `command_words`, which splits it as a shell.
fn unquoted_setting(word: String) -> String {
    let unquoted = match setting(&word) {
        Some((key, value)) if key != "cmd" && key != "arg" => shell_words(value)
            .filter(|w| w.len() == 1)
            .map(|w| format!("{key}={}", w[0])),
        _ => None,
    };
    unquoted.unwrap_or(word)
}

impl Words {
    /// `cmd=`, `proto=` or `arg=`.
    fn read(&mut self, key: &str, value: &str) -> Result<()> {
        match key {
            "cmd" => {
                once(self.cmd.is_some(), key)?;
                self.cmd = Some(value.to_string());
            }
            "proto" => {
                once(self.proto.is_some(), key)?;
                if value != "native" && value != "tcg" {
                    return Err(bad_value("proto", value, "native or tcg"));
                }
                self.proto = Some(value.to_string());
            }
            _ => self.args.push(value.to_string()),
        }
        Ok(())
    }
}

/// `movetime=<ms>` or `st=<seconds>` in milliseconds, 1..[`MAX_MOVE_MS`].
fn move_time(key: &str, value: &str) -> Result<u64> {
    let ms = if key == "st" {
        let s: f64 = value
            .parse()
            .ok()
            .filter(|s: &f64| s.is_finite() && *s > 0.0)
            .ok_or_else(|| bad_value("st", value, "seconds"))?;
        (s * 1000.0).round() as u64
    } else {
        value.parse().map_err(|e: std::num::ParseIntError| {
            bad_value("movetime", value, format!("milliseconds: {e}"))
        })?
    };
    if !(1..=MAX_MOVE_MS).contains(&ms) {
        return Err(SpecError::MoveTime {
            key: key.to_string(),
            value: value.to_string(),
        });
    }
    Ok(ms)
}

/// The settings' keys, besides `option.<Name>`.
const KEYS: [&str; 11] = [
    "cmd", "proto", "arg", "dir", "name", "tc", "movetime", "st", "stderr", "mem", "reuse",
];

/// The error for a word after the player that is no setting: a mistyped key is named with the
/// key it is nearest to, any other `key=value` with the list of keys.
fn not_a_setting(word: &str) -> SpecError {
    let key = word.split_once('=').map(|(k, _)| k);
    match key.filter(|k| !k.is_empty() && !k.contains(['/', ' ', '-'])) {
        Some(k) => SpecError::UnknownSetting {
            word: word.to_string(),
            hint: match nearest(k, &KEYS) {
                Some(near) => format!("did you mean {near}=?"),
                None => format!("the settings are {}= and option.<Name>=", KEYS.join("=, ")),
            },
        },
        None => SpecError::NotASetting(word.to_string()),
    }
}

/// The word of `known` nearest to `word` by edit distance, when it is near enough to be a typo
/// of it (one edit in words of up to four letters, two in longer ones).
pub fn nearest<'a>(word: &str, known: &[&'a str]) -> Option<&'a str> {
    let limit = if word.chars().count() <= 4 { 1 } else { 2 };
    known
        .iter()
        .map(|k| (edit_distance(word, k), *k))
        .filter(|&(d, _)| d > 0 && d <= limit)
        .min_by_key(|&(d, _)| d)
        .map(|(_, k)| k)
}

/// Levenshtein distance of two short words.
fn edit_distance(a: &str, b: &str) -> usize {
    let b: Vec<char> = b.chars().collect();
    let mut row: Vec<usize> = (0..=b.len()).collect();
    for (i, ca) in a.chars().enumerate() {
        let mut prev = row[0];
        row[0] = i + 1;
        for (j, &cb) in b.iter().enumerate() {
            let next = (prev + usize::from(ca != cb))
                .min(row[j] + 1)
                .min(row[j + 1] + 1);
            prev = row[j + 1];
            row[j + 1] = next;
        }
    }
    row[b.len()]
}

/// `key=value` when `key` is one of the settings; a command such as `./eng --x=1` is not.
fn setting(word: &str) -> Option<(&str, &str)> {
    let (key, value) = word.split_once('=')?;
    let known = KEYS.contains(&key)
        || key
            .strip_prefix("option.")
            .is_some_and(|n| !n.is_empty() && !n.contains(char::is_whitespace));
    known.then_some((key, value))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_mistyped_setting_is_named_with_the_one_meant() {
        let words = |s: &str| s.split(' ').map(String::from).collect::<Vec<_>>();
        let e = Entrant::parse(&words("self movetim=20"))
            .unwrap_err()
            .to_string();
        assert!(e.contains("did you mean movetime=?"), "{e}");
        let e = Entrant::parse(&words("self colour=red"))
            .unwrap_err()
            .to_string();
        assert!(
            e.contains("unknown setting") && e.contains("movetime="),
            "{e}"
        );
        let e = Entrant::parse(&words("self dir=/no/such/folder/here")).unwrap_err();
        assert!(matches!(e, SpecError::NoSuchDir(_)), "{e}");
        assert_eq!(nearest("grredy", &["random", "greedy"]), Some("greedy"));
        assert_eq!(nearest("mtcs", &["mcts", "self"]), None);
        assert_eq!(nearest("foo", &["random", "greedy", "mcts", "self"]), None);
    }

    #[test]
    fn the_full_form_in_one_argument_reads_as_its_words() {
        let one =
            Entrant::parse(&["name=ext cmd=/bin/eng --threads 1 option.Hash=16".into()]).unwrap();
        let split = Entrant::parse(
            &words("name=ext")
                .into_iter()
                .chain([
                    "cmd=/bin/eng --threads 1".to_string(),
                    "option.Hash=16".to_string(),
                ])
                .collect::<Vec<_>>(),
        )
        .unwrap();
        assert_eq!(one, split);
        assert_eq!(one.name.as_deref(), Some("ext"));
        assert_eq!(one.spec, PlayerSpec::Native(words("/bin/eng --threads 1")));
        assert_eq!(one.options, vec![("Hash".to_string(), "16".to_string())]);
        // A player first, then its settings, in one argument as one by one.
        let quoted = Entrant::parse(&["random name=Rita movetime=20".into()]).unwrap();
        assert_eq!(
            quoted,
            Entrant::parse(&words("random name=Rita movetime=20")).unwrap()
        );
        assert_eq!(quoted.name.as_deref(), Some("Rita"));
        let cmd = Entrant::parse(&["/bin/eng --threads 1 name=x".into()]).unwrap();
        assert_eq!(cmd.spec, PlayerSpec::Native(words("/bin/eng --threads 1")));
        assert_eq!(cmd.name.as_deref(), Some("x"));
        // A quoted name in one argument is the name without its quotes, as a shell reads it;
        // a quoted command keeps them for its own split.
        let q = Entrant::parse(&["name=\"Ana Sofia Rodrigues\" cmd=self".into()]).unwrap();
        assert_eq!(q.name.as_deref(), Some("Ana Sofia Rodrigues"));
        let q = Entrant::parse(&["name='Ana' cmd='/bin/my eng' -x".into()]).unwrap();
        assert_eq!(q.name.as_deref(), Some("Ana"));
        assert_eq!(
            q.spec,
            PlayerSpec::Native(vec!["/bin/my eng".into(), "-x".into()])
        );
        // arg= stays whole; a name without settings after it is still one word.
        let a = Entrant::parse(&["cmd=/bin/eng".into(), "arg=x name=y".into()]).unwrap();
        assert_eq!(
            a.spec,
            PlayerSpec::Native(vec!["/bin/eng".into(), "x name=y".into()])
        );
    }

    fn words(s: &str) -> Vec<String> {
        s.split_whitespace().map(String::from).collect()
    }

    #[test]
    fn commands_split_and_quote_as_a_shell_does() {
        let split = |s: &str| shell_words(s).unwrap();
        assert_eq!(split("./e --threads 1"), words("./e --threads 1"));
        assert_eq!(split("  './my engine'  -v "), ["./my engine", "-v"]);
        assert_eq!(
            split("\"./my engine\" \"a \\\"b\\\"\""),
            ["./my engine", "a \"b\""]
        );
        assert_eq!(split("./my\\ engine x''"), ["./my engine", "x"]);
        assert_eq!(split("a'b c'd"), ["ab cd"]);
        assert!(split("").is_empty());
        for open in ["'./e", "\"./e", "./e \"x\\\""] {
            assert_eq!(shell_words(open), None, "{open}");
        }
        let e = Entrant::parse(&["cmd='./e --x".to_string()]).unwrap_err();
        assert!(matches!(e, SpecError::UnclosedQuote(_)), "{e}");
        // Quoting gives back the same words.
        let argv: Vec<String> = ["./my engine", "it's", "plain-1", "", "a$b"]
            .map(String::from)
            .to_vec();
        assert_eq!(split(&shell_line(&argv)), argv);
        assert_eq!(shell_quote("./games.txt"), "./games.txt");
        assert_eq!(shell_quote("my games.txt"), "'my games.txt'");
    }

    #[test]
    fn bare_mcts_is_the_built_in_player() {
        assert_eq!(
            PlayerSpec::parse("mcts").unwrap(),
            PlayerSpec::Mcts(MCTS_DEFAULT_SIMS)
        );
        assert_eq!(PlayerSpec::parse("mcts:50").unwrap(), PlayerSpec::Mcts(50));
        assert!(PlayerSpec::parse("mcts:0").is_err());
    }

    #[test]
    fn cutechess_style_settings() {
        let e = Entrant::parse(&words(
            "cmd=./ewn name=new option.Hash=128 option.Threads=2 tc=5+0.05",
        ))
        .unwrap();
        assert_eq!(e.spec, PlayerSpec::Native(vec!["./ewn".into()]));
        assert_eq!(e.name.as_deref(), Some("new"));
        assert_eq!(
            e.options,
            vec![
                ("Hash".to_string(), "128".to_string()),
                ("Threads".to_string(), "2".to_string())
            ]
        );
        assert_eq!(
            e.tc,
            Some(TimeControl::Game {
                base_ms: 5000,
                inc_ms: 50
            })
        );
    }

    #[test]
    fn the_short_forms_still_work() {
        let e = Entrant::parse(&words("greedy")).unwrap();
        assert_eq!(
            e,
            Entrant::plain(
                PlayerSpec::Baseline(crate::players::baseline::Kind::Greedy),
                "greedy"
            )
        );
        let e = Entrant::parse(&["./eng --x=1 -v".to_string()]).unwrap();
        assert_eq!(
            e.spec,
            PlayerSpec::Native(vec!["./eng".into(), "--x=1".into(), "-v".into()])
        );
        let e = Entrant::parse(&words("tcg:./t movetime=30 arg=a dir=/tmp")).unwrap();
        assert_eq!(e.spec, PlayerSpec::Tcg(vec!["./t".into(), "a".into()]));
        assert_eq!(e.tc, Some(TimeControl::MoveTime { ms: 30 }));
        let e = Entrant::parse(&words("cmd=./t proto=tcg st=0.5")).unwrap();
        assert_eq!(e.spec, PlayerSpec::Tcg(vec!["./t".into()]));
        assert_eq!(e.tc, Some(TimeControl::MoveTime { ms: 500 }));
    }

    #[test]
    fn one_grammar_name_and_command_in_either_form() {
        // The arena's short form is a name and a command, never a program named `prog=...`.
        let short = Entrant::parse(&words("prog=./my-engine movetime=50")).unwrap();
        let long = Entrant::parse(&words("name=prog cmd=./my-engine movetime=50")).unwrap();
        assert_eq!(short.spec, PlayerSpec::Native(vec!["./my-engine".into()]));
        assert_eq!(short.name.as_deref(), Some("prog"));
        assert_eq!(
            (short.spec, short.name, short.tc),
            (long.spec, long.name, long.tc)
        );
        let e = Entrant::parse(&words("strong=tcg:./t")).unwrap();
        assert_eq!(e.spec, PlayerSpec::Tcg(vec!["./t".into()]));
        let e = Entrant::parse(&words("base=greedy")).unwrap();
        assert_eq!(
            e.spec,
            PlayerSpec::Baseline(crate::players::baseline::Kind::Greedy)
        );
        // A command with `=` in its arguments stays a command.
        let e = Entrant::parse(&["./eng --x=1".to_string()]).unwrap();
        assert_eq!(
            e.spec,
            PlayerSpec::Native(vec!["./eng".into(), "--x=1".into()])
        );
        // Both names, or both commands: refused.
        for (text, why) in [
            ("prog=./e name=other", "name= given twice"),
            ("prog=./e cmd=./f", "cmd= given twice"),
            ("prog=", "no command after"),
        ] {
            let e = Entrant::parse(&words(text)).unwrap_err();
            assert!(format!("{e:#}").contains(why), "{text}: {e:#}");
        }
        // Where a player is given alone, the short form is refused with a hint.
        let e = PlayerSpec::parse("prog=./my-engine").unwrap_err();
        assert!(
            format!("{e:#}").contains("name=prog cmd=./my-engine"),
            "{e:#}"
        );
        // The arena's players need a name, in either form.
        let (n, e) = Entrant::parse_named(&words("name=strong cmd=./x movetime=5")).unwrap();
        assert_eq!(
            (n.as_str(), e.spec),
            ("strong", PlayerSpec::Native(vec!["./x".into()]))
        );
        let (n, _) = Entrant::parse_named(&words("strong=./x")).unwrap();
        assert_eq!(n, "strong");
        let e = Entrant::parse_named(&words("./x")).unwrap_err();
        assert!(format!("{e:#}").contains("name=NAME cmd=COMMAND"), "{e:#}");
        assert!(Entrant::parse_named(&words("name=a/b cmd=./x")).is_err());
    }

    #[test]
    fn bad_settings_are_refused_with_a_reason() {
        for (text, why) in [
            ("name=x", "no command"),
            ("greedy option.Hash=1", "only for native"),
            ("random arg=x", "only for engine commands"),
            ("./e tc=5 movetime=3", "given twice"),
            ("./e tc=abc", "bad time"),
            ("./e proto=uci", "expected native or tcg"),
            ("./e stray", "not a key=value"),
            ("./e movetime=-3", "milliseconds"),
            ("./e movetime=9223372036854775808", "1..3600000"),
            ("./e movetime=0", "1..3600000"),
            ("./e st=1e300", "1..3600000"),
            ("./e mem=0", "MiB"),
            ("greedy mem=64", "only for engine commands"),
            ("./e reuse=1", "only for TCG"),
        ] {
            let e = Entrant::parse(&words(text)).unwrap_err();
            assert!(format!("{e:#}").contains(why), "{text}: {e:#}");
        }
    }
}
