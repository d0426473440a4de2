//! The record file of a match: locked against a second runner, written game by game and flushed to
//! the disk after each, and read back by `--resume` to play only the games it lacks.
//!
//! A runner killed at any moment (SIGKILL, a power cut, a full disk) leaves the games it finished
//! and at most one unfinished block after them; resuming drops that block and keeps the rest.

use std::fs::File;
use std::io::{Seek, SeekFrom, Write};
use std::os::fd::AsRawFd;
use std::os::unix::fs::OpenOptionsExt;
use std::path::{Path, PathBuf};

use anyhow::{Result, bail, ensure};

use crate::record::{GameRecord, excerpt, parse_located};

/// An open, locked record file; games are appended to it.
pub struct RecordFile {
    path: PathBuf,
    file: File,
}

impl RecordFile {
    /// Opens `path` for a match with fingerprint `match_id`. Without `resume` the file is emptied;
    /// with it, the games it holds are returned (an unfinished last game is cut off the file), each
    /// checked to be of this match. A file another runner holds is refused.
    pub fn open(
        path: &Path,
        match_id: &str,
        resume: bool,
    ) -> Result<(RecordFile, Vec<GameRecord>)> {
        let name = path.display();
        let mut file = std::fs::OpenOptions::new()
            .read(true)
            .write(true)
            .create(true)
            .truncate(false)
            .custom_flags(libc::O_NONBLOCK)
            .open(path)
            .map_err(|e| anyhow::anyhow!("opening the record {name}: {e}"))?;
        let meta = file
            .metadata()
            .map_err(|e| anyhow::anyhow!("opening the record {name}: {e}"))?;
        ensure!(
            meta.is_file(),
            "the record {name} is not a regular file (a pipe, a device or a folder)"
        );
        // SAFETY: flock on a descriptor this function owns; the lock lives as long as the file.
        if unsafe { libc::flock(file.as_raw_fd(), libc::LOCK_EX | libc::LOCK_NB) } != 0 {
            let e = std::io::Error::last_os_error();
            if e.raw_os_error() == Some(libc::EWOULDBLOCK) {
                bail!(
                    "the record {name} is in use by another runner (it holds the file's lock); \
                     wait for it to end or give another --record"
                );
            }
            bail!("locking the record {name}: {e}");
        }
        let games = if resume {
            let text = crate::record::read_text_file(path)?;
            let (keep, games) =
                finished_games(&text).map_err(|e| anyhow::anyhow!("{name}: {e}"))?;
            if keep < text.len() {
                let line = text[..keep].lines().count() + 1;
                log::warn!(
                    "{name}: line {line}: an unfinished game ({} bytes) dropped; it is played again",
                    text.len() - keep
                );
                file.set_len(keep as u64)
                    .map_err(|e| anyhow::anyhow!("cutting the record {name}: {e}"))?;
            }
            for g in &games {
                if g.match_id.as_deref() != Some(match_id) {
                    bail!(
                        "{name}: game {} is of another match (match {}, this one {match_id}): \
                         resume with the settings it was started with, or give another --record",
                        g.number,
                        excerpt(g.match_id.as_deref().unwrap_or("none"))
                    );
                }
            }
            games
        } else {
            file.set_len(0)
                .map_err(|e| anyhow::anyhow!("emptying the record {name}: {e}"))?;
            Vec::new()
        };
        file.seek(SeekFrom::End(0))
            .map_err(|e| anyhow::anyhow!("opening the record {name}: {e}"))?;
        Ok((
            RecordFile {
                path: path.to_path_buf(),
                file,
            },
            games,
        ))
    }
}

/// The games of a record's text up to its last `end` line, and the length of that part: what
/// follows is an unfinished game (or the half-written bytes of one).
fn finished_games(text: &str) -> Result<(usize, Vec<GameRecord>), String> {
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
            return Err(format!("line {}: game {} twice", g.line, g.game.number));
        }
    }
    Ok((keep, games.into_iter().map(|g| g.game).collect()))
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
    fn named(&self, e: std::io::Error) -> std::io::Error {
        std::io::Error::new(e.kind(), format!("the record {}: {e}", self.path.display()))
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
        assert!(finished_games(&twice).unwrap_err().contains("game 1 twice"));
    }
}
