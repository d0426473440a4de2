//! The record file of a match: locked against a second runner, written game by game and flushed to
//! the disk after each, and read back by `--resume` to play only the games it lacks.
//!
//! A runner killed at any moment (SIGKILL, a power cut, a full disk) leaves the games it finished
//! and at most one unfinished block after them; resuming drops that block and keeps the rest.

use std::fs::{File, TryLockError};
use std::io::{Seek, SeekFrom, Write};
use std::path::{Path, PathBuf};

use super::error::{NotRecord, RecordFileError};
use super::plan::Setting;
use crate::record::{GameRecord, excerpt, parse_located};

/// Opens the record `path` for reading and writing (created if needed, nothing cut yet) and takes
/// its lock: only a regular file, checked without blocking (a FIFO would hold the writer for
/// ever), and refused while another process holds the lock. Every writer of a record takes it
/// here (`match`, `play`, `serve`, `connect`), so two can never write one file at once; the lock
/// (an exclusive `flock`, through `File::try_lock`) lives as long as the file is open and goes
/// with the process, however it ends.
fn lock(path: &Path) -> Result<File, RecordFileError> {
    let name = || quoted_path(path);
    let file = crate::players::engine::open_no_link(
        path,
        std::fs::OpenOptions::new()
            .read(true)
            .write(true)
            .create(true)
            .truncate(false),
    )
    .map_err(|error| RecordFileError::Open {
        name: name(),
        error,
    })?;
    match file.try_lock() {
        Ok(()) => Ok(file),
        Err(TryLockError::WouldBlock) => Err(RecordFileError::InUse { name: name() }),
        Err(TryLockError::Error(error)) => Err(RecordFileError::Lock {
            name: name(),
            error,
        }),
    }
}

/// Refuses to start a new match on a record that already holds something: games would be lost.
/// Checked before any engine is started; a file that is not there, is empty or is not a regular
/// file passes (the lock refuses the last kind). Only a file that is a record of games is offered
/// `--resume`: a file of anything else would be refused by it.
pub fn refuse_existing(path: &Path) -> Result<(), RecordFileError> {
    let Ok(meta) = std::fs::symlink_metadata(path) else {
        return Ok(());
    };
    if !meta.is_file() || meta.len() == 0 {
        return Ok(());
    }
    let name = quoted_path(path);
    let text = match crate::record::read_text_file(path) {
        Ok(text) => text,
        Err(error) => return Err(RecordFileError::ExistingText { name, error }),
    };
    match finished_games(&text) {
        // Only the header of a match that finished no game: nothing would be lost.
        Ok((_, games)) if games.is_empty() && only_header(&text) => Ok(()),
        Ok((_, games)) => Err(RecordFileError::Holds {
            name,
            games: games.len(),
            bytes: text.len(),
        }),
        Err(why) => Err(RecordFileError::ExistingOther { name, why }),
    }
}

/// Refuses, before any engine is started and without changing it, a file given to `--resume`
/// that is not a record of games (see [`finished_games`]) or is not there (a mistyped name).
/// An empty file passes: the match starts from its first game.
pub fn check_resumable(path: &Path) -> Result<(), RecordFileError> {
    let Ok(meta) = std::fs::symlink_metadata(path) else {
        return Err(RecordFileError::NoneToResume {
            name: quoted_path(path),
        });
    };
    if !meta.is_file() || meta.len() == 0 {
        return Ok(());
    }
    let text = crate::record::read_text_file(path)?;
    finished_games(&text).map_err(|why| RecordFileError::NotResumable {
        name: quoted_path(path),
        why,
    })?;
    Ok(())
}

/// An open, locked record file; games are appended to it.
pub struct RecordFile {
    path: PathBuf,
    file: File,
}

/// What [`RecordFile::open`] gives: the file, the games it holds, and notes for the organiser
/// (an unfinished game dropped, a player started with another command than the record's), one
/// line each, for the caller to print.
pub struct Opened {
    pub file: RecordFile,
    pub games: Vec<GameRecord>,
    pub notes: Vec<String>,
}

impl RecordFile {
    /// Opens `path` for a match with fingerprint `match_id` and these `settings`. Without
    /// `resume` the file must be empty or new (see [`refuse_existing`]: it is checked again once
    /// the lock is held); with it, the games it holds are returned (an unfinished last game is cut
    /// off the file), each checked to be of this match: when one is not, the first setting that
    /// differs from the record's header is named. A record that holds no finished game is
    /// (re)started with the header of `settings` and the players' `commands`. A file another
    /// runner holds is refused. A resumed player whose command is not the one the header keeps
    /// is not refused (the same engine has another path on another machine) but named in a
    /// note, with both commands.
    pub fn open(
        path: &Path,
        match_id: &str,
        settings: &[Setting],
        commands: &[Setting],
        resume: bool,
    ) -> Result<Opened, RecordFileError> {
        let mut notes = Vec::new();
        let name = || quoted_path(path);
        let mut file = lock(path)?;
        let games = if resume {
            resumed_games(path, &file, match_id, settings, commands, &mut notes)?
        } else {
            refuse_existing(path)?;
            // What passed may be the header of a match that finished no game.
            cut(path, &file, 0)?;
            Vec::new()
        };
        file.seek(SeekFrom::End(0))
            .map_err(|error| RecordFileError::Open {
                name: name(),
                error,
            })?;
        let mut record = RecordFile {
            path: path.to_path_buf(),
            file,
        };
        if games.is_empty() {
            record
                .write_all(header(match_id, settings, commands).as_bytes())
                .and_then(|_| record.flush())
                .map_err(|error| RecordFileError::Open {
                    name: name(),
                    error,
                })?;
        }
        Ok(Opened {
            file: record,
            games,
            notes,
        })
    }
}

/// Cuts the record file at `len` bytes.
fn cut(path: &Path, file: &File, len: usize) -> Result<(), RecordFileError> {
    file.set_len(len as u64)
        .map_err(|error| RecordFileError::Cut {
            name: quoted_path(path),
            error,
        })
}

/// The finished games of a record resumed for the match `match_id`, each checked to be of this
/// match (see [`RecordFile::open`]); an unfinished last game is cut off the file, a record with no
/// finished game emptied. What the caller should be told goes to `notes`.
fn resumed_games(
    path: &Path,
    file: &File,
    match_id: &str,
    settings: &[Setting],
    commands: &[Setting],
    notes: &mut Vec<String>,
) -> Result<Vec<GameRecord>, RecordFileError> {
    let name = || quoted_path(path);
    let text = crate::record::read_text_file(path)?;
    let (keep, games) =
        finished_games(&text).map_err(|why| RecordFileError::NotRecord { name: name(), why })?;
    let header = read_header(&text);
    if let Some(g) = games
        .iter()
        .find(|g| g.match_id.as_deref() != Some(match_id))
    {
        return Err(RecordFileError::OtherMatch {
            name: name(),
            game: g.number,
            theirs: excerpt(g.match_id.as_deref().unwrap_or("none")),
            ours: match_id.to_string(),
            differs: first_difference(settings, &header),
        });
    }
    // The fingerprint does not hold the variant: the header does.
    if !games.is_empty()
        && let Some(differs) = first_difference(settings, &header)
    {
        return Err(RecordFileError::OtherSettings {
            name: name(),
            differs,
        });
    }
    if keep < text.len() && !only_header(&text[keep..]) {
        let line = text[..keep].lines().count() + 1;
        let note = format!(
            "{}: line {line}: an unfinished game ({} bytes) dropped; it is played again",
            name(),
            text.len() - keep
        );
        log::debug!("{note}");
        notes.push(note);
    }
    if !games.is_empty() {
        notes.extend(other_commands(commands, &read_commands(&text)));
    }
    if games.is_empty() {
        cut(path, file, 0)?;
    } else if keep < text.len() {
        cut(path, file, keep)?;
    }
    Ok(games)
}

/// The first line of a record's header, before the match's fingerprint.
const HEADER: &str = "# ewn match ";
/// The start of a header line that keeps one setting: `# setting <key>: <value>`.
const SETTING: &str = "# setting ";
/// The start of a header line that keeps one player's command: `# command player <n>: <command>`.
const COMMAND: &str = "# command ";

/// The header a match writes at the top of its record: comment lines, which every reader skips,
/// keeping the settings that make the match (see `Tournament::settings`), so that a resume with
/// other settings can say which one differs.
/// The players' commands follow, which a resume does not compare (paths differ between
/// machines) but names when one differs.
fn header(match_id: &str, settings: &[Setting], commands: &[Setting]) -> String {
    let mut s = format!("{HEADER}{match_id}: its settings, as --resume compares them\n");
    for Setting { key, value } in settings {
        s.push_str(&format!("{SETTING}{key}: {value}\n"));
    }
    for Setting { key, value } in commands {
        s.push_str(&format!("{COMMAND}{key}: {value}\n"));
    }
    s
}

/// The lines of a record's header that start with `prefix`, as settings.
fn header_lines(text: &str, prefix: &str) -> Vec<Setting> {
    text.lines()
        .take_while(|l| l.trim().is_empty() || l.starts_with('#'))
        .filter_map(|l| l.strip_prefix(prefix)?.split_once(": "))
        .map(|(key, value)| Setting {
            key: key.to_string(),
            value: value.to_string(),
        })
        .collect()
}

/// The settings a record's header keeps (none in a record written before headers were).
pub fn read_header(text: &str) -> Vec<Setting> {
    header_lines(text, SETTING)
}

/// The players' commands a record's header keeps (none in a record written before they were).
fn read_commands(text: &str) -> Vec<Setting> {
    header_lines(text, COMMAND)
}

/// A warning for each player whose command here is not the one the record's header keeps.
fn other_commands(ours: &[Setting], theirs: &[Setting]) -> Vec<String> {
    ours.iter()
        .filter_map(|o| {
            let t = theirs.iter().find(|t| t.key == o.key)?;
            (t.value != o.value).then(|| {
                // Whole (a path is long), but bounded: the header is text anyone may edit.
                let cut = |s: &str| crate::text_file::short_message(s.to_string());
                format!(
                    "warning: {} is started as {} here, as {} in the record: the same name, \
                     another program? (its games in the record are kept)",
                    o.key,
                    cut(&o.value),
                    cut(&t.value)
                )
            })
        })
        .collect()
}

/// True when `text` holds only the lines of a header (or nothing).
fn only_header(text: &str) -> bool {
    text.lines().all(|l| {
        let l = l.trim_end();
        l.is_empty() || l.starts_with(HEADER) || l.starts_with(SETTING) || l.starts_with(COMMAND)
    })
}

/// The first of `ours` (in their order) whose value the record's header gives otherwise, in
/// words: `--games 40 here, 20 in the record`. None when the header says nothing different (or
/// nothing at all).
fn first_difference(ours: &[Setting], theirs: &[Setting]) -> Option<String> {
    ours.iter().find_map(|o| {
        let t = theirs.iter().find(|t| t.key == o.key)?;
        (t.value != o.value).then(|| {
            let sep = if o.key.starts_with("--") { " " } else { ": " };
            format!(
                "{}{sep}{} here, {} in the record",
                o.key,
                excerpt(&o.value),
                excerpt(&t.value)
            )
        })
    })
}

/// A path as errors name it: as it is, or in single quotes when it holds a space or a character
/// a shell would read otherwise, so that where it begins and ends is clear and it can be pasted
/// into a command.
pub fn quoted_path(path: &Path) -> String {
    crate::players::spec::shell_quote(&path.display().to_string())
}

/// The games of a record's text up to its last `end` line, and the length of that part: what
/// follows is an unfinished game (or the half-written bytes of one). A text that is not a record
/// of games is refused with its line: text outside a game, or a tail that is not the beginning of
/// one game (its first line `game N`, or a half-written prefix of it, then only a game's lines).
fn finished_games(text: &str) -> Result<(usize, Vec<GameRecord>), NotRecord> {
    let mut keep = 0;
    let mut at = 0;
    for line in text.split_inclusive('\n') {
        at += line.len();
        if line.ends_with('\n') && line.trim() == "end" {
            keep = at;
        }
    }
    let games = parse_located(&text[..keep])?;
    let mut seen = std::collections::HashSet::new();
    for g in &games {
        if !seen.insert(g.game.number) {
            return Err(NotRecord::Twice {
                line: g.line,
                number: g.game.number,
            });
        }
    }
    check_tail(&text[keep..], text[..keep].lines().count())?;
    Ok((keep, games.into_iter().map(|g| g.game).collect()))
}

/// The lines a game holds after its `game` line.
const GAME_LINES: [&str; 13] = [
    "seed", "match", "date", "red", "blue", "variant", "setup", "position", "first", "move",
    "result", "graph", "end",
];

/// Checks that `tail` (what follows the last finished game, its first line numbered `before + 1`)
/// is what a runner killed while writing a game leaves: nothing but blank and `#` lines, or one
/// game's `game N` line and then only that game's lines, the last one possibly cut short.
fn check_tail(tail: &str, before: usize) -> Result<(), NotRecord> {
    let not_record = |n: usize, why: &'static str| {
        Err(NotRecord::Tail {
            line: before + n + 1,
            why,
            text: excerpt(tail.lines().nth(n).unwrap_or("").trim()),
        })
    };
    let mut begun = false;
    for (i, raw) in tail.split_inclusive('\n').enumerate() {
        let line = raw.trim();
        if line.is_empty() || line.starts_with('#') {
            continue;
        }
        let whole = raw.ends_with('\n');
        let (key, rest) = line.split_once(' ').unwrap_or((line, ""));
        if !begun {
            let number = rest.trim();
            let is_header =
                key == "game" && !number.is_empty() && number.bytes().all(|b| b.is_ascii_digit());
            let is_cut_header = !whole
                && (("game ".starts_with(line) && !line.is_empty())
                    || (key == "game" && number.bytes().all(|b| b.is_ascii_digit())));
            if !(is_header || is_cut_header) {
                return not_record(i, "text where a game's `game` line should begin");
            }
            begun = true;
            continue;
        }
        let known = if whole || line.contains(' ') {
            GAME_LINES.contains(&key)
        } else {
            GAME_LINES.iter().any(|k| k.starts_with(key))
        };
        if !known {
            return not_record(i, "a line no game holds");
        }
    }
    Ok(())
}

impl Write for RecordFile {
    fn write(&mut self, buf: &[u8]) -> std::io::Result<usize> {
        self.file.write(buf).map_err(|e| self.named(e))
    }

    /// Flushed to the disk, not only to the kernel: a power cut keeps every finished game.
    fn flush(&mut self) -> std::io::Result<()> {
        self.file.sync_data().map_err(|e| self.named(e))
    }
}

impl RecordFile {
    /// Opens the record `path` for a new series of games: locked as [`RecordFile::open`] locks
    /// it, then emptied (only once the lock is held, so that a refused writer cuts nothing).
    pub fn create(path: &Path) -> Result<RecordFile, RecordFileError> {
        let mut file = lock(path)?;
        file.set_len(0)
            .and_then(|_| file.seek(SeekFrom::Start(0)).map(|_| ()))
            .map_err(|error| RecordFileError::Empty {
                name: quoted_path(path),
                error,
            })?;
        Ok(RecordFile {
            path: path.to_path_buf(),
            file,
        })
    }

    fn named(&self, e: std::io::Error) -> std::io::Error {
        std::io::Error::new(
            e.kind(),
            format!("the record {}: {e}", quoted_path(&self.path)),
        )
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn an_unfinished_last_game_is_cut() {
        let game = "game 1\nseed 1\nred a\nblue b\nsetup 123456 123456\nfirst r\n\
                    result b time red: no answer\nend\n";
        let text = format!("{game}game 2\nseed 1\nred a\nblue");
        let (keep, games) = finished_games(&text).unwrap();
        assert_eq!(keep, game.len());
        assert_eq!(games.len(), 1);
        assert_eq!(finished_games("").unwrap().0, 0);
        let twice = format!("{game}{game}");
        assert!(matches!(
            finished_games(&twice),
            Err(NotRecord::Twice { line: 9, number: 1 })
        ));
        // Cut anywhere inside the header or a later line: still a game's beginning.
        for cut in [
            "g",
            "game",
            "game 2",
            "game 2\nse",
            "game 2\nseed 1\nmove r 1 a1",
            "game 2\nseed 1\nen",
        ] {
            let text = format!("{game}{cut}");
            assert_eq!(finished_games(&text).unwrap().0, game.len(), "{cut:?}");
        }
    }

    #[test]
    fn the_header_keeps_the_settings_and_names_the_first_that_differs() {
        let set = |pairs: &[(&str, &str)]| -> Vec<Setting> {
            pairs
                .iter()
                .map(|&(key, value)| Setting {
                    key: key.into(),
                    value: value.into(),
                })
                .collect()
        };
        let theirs = set(&[("--seed", "1"), ("--games", "20"), ("player 1", "name=a")]);
        let commands = set(&[("player 1", "./a --threads 1")]);
        let text = format!("{}\ngame 1\n", header("00ff", &theirs, &commands));
        assert_eq!(read_header(&text), theirs);
        assert_eq!(read_commands(&text), commands);
        assert!(only_header(&header("00ff", &theirs, &commands)));
        assert!(!only_header(&format!(
            "# notes\n{}",
            header("00ff", &theirs, &commands)
        )));
        let here = set(&[("player 1", "./b")]);
        let warned = other_commands(&here, &commands);
        assert_eq!(warned.len(), 1);
        assert!(
            warned[0].contains("player 1 is started as ./b here, as ./a --threads 1 in the record"),
            "{warned:?}"
        );
        assert!(other_commands(&commands, &commands).is_empty());
        assert!(!only_header(&text));
        let ours = set(&[("--seed", "1"), ("--games", "40"), ("player 1", "name=b")]);
        assert_eq!(
            first_difference(&ours, &theirs).as_deref(),
            Some("--games 40 here, 20 in the record")
        );
        let ours = set(&[("--seed", "1"), ("--games", "20"), ("player 1", "name=b")]);
        assert_eq!(
            first_difference(&ours, &theirs).as_deref(),
            Some("player 1: name=b here, name=a in the record")
        );
        assert_eq!(first_difference(&theirs, &theirs), None);
        // A record without a header says nothing.
        assert_eq!(first_difference(&ours, &[]), None);
        assert!(read_header("game 1\n# setting --seed: 2\n").is_empty());
    }

    #[test]
    fn a_file_that_is_not_a_record_is_refused_with_its_line() {
        let game = "game 1\nseed 1\nred a\nblue b\nsetup 123456 123456\nfirst r\n\
                    result b time red: no answer\nend\n";
        let e = finished_games("junk\n").unwrap_err().to_string();
        assert!(e.contains("line 1") && e.contains("junk"), "{e}");
        assert!(finished_games("junk").is_err());
        assert!(
            finished_games("# EWN\n\nSome prose.\n")
                .unwrap_err()
                .to_string()
                .contains("line 3")
        );
        // After a finished game: prose, a second header, or an unknown line inside the tail.
        let e = finished_games(&format!("{game}\nhello there\n")).unwrap_err();
        assert!(
            matches!(e, NotRecord::Tail { line: 10, .. }) && e.to_string().contains("hello"),
            "{e}"
        );
        assert!(finished_games(&format!("{game}game 2\nseed 1\nhello\n")).is_err());
        assert!(finished_games(&format!("{game}game 2\ngame 3\n")).is_err());
        assert!(finished_games(&format!("{game}game x\n")).is_err());
    }
}
