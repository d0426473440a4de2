//! Text files as every reader takes them (record files, positions files): only a regular file,
//! lines of bounded length, UTF-8, and errors that name the file and the line and quote only a
//! short excerpt of what someone else wrote.
//!
//! Layer: the lowest, beside the rules; the record and everything above use it.

/// The longest line a text file read by [`read_text_file`] may have, in bytes: far more than any
/// record or positions line needs.
pub const MAX_TEXT_LINE: usize = 64 * 1024;

/// The most blank lines in a row a text file may hold: they mean nothing, and a file of nothing
/// else is refused after this many instead of being read whole.
pub const MAX_BLANK_RUN: usize = 10_000;
/// The most characters of someone else's text quoted in an error.
const EXCERPT: usize = 60;

/// `s` cut to a short excerpt for an error message: a line of any length is never repeated whole.
pub fn excerpt(s: &str) -> String {
    match s.char_indices().nth(EXCERPT) {
        Some((at, _)) => format!("{}...", &s[..at]),
        None => s.to_string(),
    }
}

/// An error message cut to a few quoted excerpts' length.
pub fn short_message(m: String) -> String {
    match m.char_indices().nth(3 * EXCERPT) {
        Some((at, _)) => format!("{}...", &m[..at]),
        None => m,
    }
}

/// Reads a text file for a reader, without a leading byte-order mark: only a regular file (a FIFO without a writer would block for
/// ever, a device never end), lines of at most [`MAX_TEXT_LINE`] bytes (the file is refused as
/// soon as one is longer, without reading the rest), UTF-8. Every error names the file, and the
/// line where there is one.
pub fn read_text_file(path: &std::path::Path) -> Result<String, TextFileError> {
    use std::io::Read;
    let fail = |line: usize, fault: TextFault| TextFileError {
        file: path.display().to_string(),
        line,
        fault,
    };
    let io = |e: std::io::Error| fail(0, TextFault::Io(e));
    let mut f = open_regular(path, std::fs::OpenOptions::new().read(true)).map_err(io)?;
    let meta = f.metadata().map_err(io)?;
    let mut bytes = Vec::with_capacity(meta.len().min(1 << 24) as usize);
    let mut chunk = vec![0u8; 64 * 1024];
    // The current line: its number and where it starts in the file; whether it holds more than
    // spaces, and how many blank lines came in a row before it.
    let (mut line, mut line_start) = (1usize, 0usize);
    let (mut filled, mut blanks) = (false, 0usize);
    loop {
        let n = match f.read(&mut chunk) {
            Ok(0) => break,
            Ok(n) => n,
            Err(e) if e.kind() == std::io::ErrorKind::Interrupted => continue,
            Err(e) => return Err(io(e)),
        };
        let base = bytes.len();
        bytes.extend_from_slice(&chunk[..n]);
        for (i, &b) in chunk[..n].iter().enumerate() {
            if b == b'\n' {
                blanks = if filled { 0 } else { blanks + 1 };
                if blanks > MAX_BLANK_RUN {
                    return Err(fail(line, TextFault::BlankRun));
                }
                filled = false;
                line += 1;
                line_start = base + i + 1;
            } else if !matches!(b, b' ' | b'\t' | b'\r') {
                filled = true;
            }
            if b != b'\n' && base + i - line_start >= MAX_TEXT_LINE {
                let head = &bytes[line_start..bytes.len().min(line_start + 4 * EXCERPT)];
                let head = excerpt(&String::from_utf8_lossy(head));
                return Err(fail(line, TextFault::TooLong(head)));
            }
        }
    }
    // A byte-order mark (editors on some systems write one) is not part of the text.
    let bom = if bytes.starts_with(b"\xef\xbb\xbf") {
        3
    } else {
        0
    };
    bytes.drain(..bom);
    String::from_utf8(bytes).map_err(|e| {
        let at = e.utf8_error().valid_up_to();
        let line = e.as_bytes()[..at].iter().filter(|&&b| b == b'\n').count() + 1;
        fail(line, TextFault::NotUtf8 { byte: bom + at + 1 })
    })
}

/// A text file that could not be read as [`read_text_file`] reads: the file, the line (0 when
/// the fault is the whole file's) and what was wrong.
#[derive(Debug, thiserror::Error)]
pub struct TextFileError {
    pub file: String,
    pub line: usize,
    pub fault: TextFault,
}

/// The kinds of [`TextFileError`].
#[derive(Debug)]
pub enum TextFault {
    /// Opening or reading failed (a FIFO or a device is refused as not a regular file).
    Io(std::io::Error),
    BlankRun,
    /// A line over [`MAX_TEXT_LINE`] bytes, with an excerpt of its start.
    TooLong(String),
    /// Bytes that are not UTF-8, at `byte` (1-based) of the file.
    NotUtf8 {
        byte: usize,
    },
}

impl std::fmt::Display for TextFileError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        let (name, line) = (&self.file, self.line);
        match &self.fault {
            TextFault::Io(e) => write!(f, "reading {name}: {e}"),
            TextFault::BlankRun => write!(
                f,
                "{name}: line {line}: more than {MAX_BLANK_RUN} blank lines in a row"
            ),
            TextFault::TooLong(head) => write!(
                f,
                "{name}: line {line}: longer than {MAX_TEXT_LINE} bytes ('{head}')"
            ),
            TextFault::NotUtf8 { byte } => write!(
                f,
                "{name}: line {line}: not UTF-8 text (byte {byte} of the file)"
            ),
        }
    }
}

/// Opens `path` as `options` say, only if it is a regular file. It is checked before the open and
/// again on what was opened, and opened without blocking: a FIFO would block the open or every
/// read or write until someone opens its other end, and a device never ends, so either is refused
/// with an error that says so, never waited on.
pub fn open_regular(
    path: &std::path::Path,
    options: &mut std::fs::OpenOptions,
) -> std::io::Result<std::fs::File> {
    let not_regular = || {
        std::io::Error::new(
            std::io::ErrorKind::InvalidInput,
            "not a regular file (a FIFO, a device or a folder)",
        )
    };
    if std::fs::metadata(path).is_ok_and(|m| !m.is_file()) {
        return Err(not_regular());
    }
    #[cfg(unix)]
    {
        use std::os::unix::fs::OpenOptionsExt;
        options.custom_flags(libc::O_NONBLOCK);
    }
    let file = options.open(path).map_err(|e| {
        // A FIFO made between the check and the open, with no reader.
        if e.raw_os_error() == Some(libc::ENXIO) {
            not_regular()
        } else {
            e
        }
    })?;
    if !file.metadata()?.is_file() {
        return Err(not_regular());
    }
    Ok(file)
}

/// Opens `path` for appending (created if needed; emptied first when `empty`), only if it is a
/// regular file ([`open_regular`]).
pub fn open_for_writing(path: &std::path::Path, empty: bool) -> std::io::Result<std::fs::File> {
    let file = open_regular(path, std::fs::OpenOptions::new().create(true).append(true))?;
    if empty {
        file.set_len(0)?;
    }
    Ok(file)
}

/// Reads the whole of `path`, only if it is a regular file ([`open_regular`]).
pub fn read_regular(path: &std::path::Path) -> std::io::Result<Vec<u8>> {
    use std::io::Read;
    let mut f = open_regular(path, std::fs::OpenOptions::new().read(true))?;
    let mut bytes = Vec::with_capacity(f.metadata()?.len().min(1 << 24) as usize);
    f.read_to_end(&mut bytes)?;
    Ok(bytes)
}

#[cfg(test)]
mod tests {
    #[test]
    fn a_byte_order_mark_is_skipped_and_counted() {
        let dir = std::env::temp_dir().join(format!("ewn-bom-{}", std::process::id()));
        std::fs::create_dir_all(&dir).unwrap();
        let p = dir.join("positions.txt");
        std::fs::write(&p, b"\xef\xbb\xbfstartpos\n").unwrap();
        assert_eq!(super::read_text_file(&p).unwrap(), "startpos\n");
        std::fs::write(&p, b"\xef\xbb\xbfab\xff\n").unwrap();
        let e = super::read_text_file(&p).unwrap_err().to_string();
        assert!(e.contains("byte 6 of the file"), "{e}");
        std::fs::remove_dir_all(&dir).unwrap();
    }
}

#[cfg(all(test, unix))]
mod fifo_tests {
    use super::*;

    #[test]
    fn a_fifo_is_refused_for_reading_and_writing_without_blocking() {
        let dir = std::env::temp_dir().join(format!("ewn-fifo-{}", std::process::id()));
        std::fs::create_dir_all(&dir).unwrap();
        let fifo = dir.join("f");
        let _ = std::fs::remove_file(&fifo);
        assert!(
            std::process::Command::new("mkfifo")
                .arg(&fifo)
                .status()
                .unwrap()
                .success()
        );
        // Without a writer or a reader, a plain open of either end would block for ever.
        let e = read_regular(&fifo).unwrap_err();
        assert!(e.to_string().contains("not a regular file"), "{e}");
        let e = open_for_writing(&fifo, true).unwrap_err();
        assert!(e.to_string().contains("not a regular file"), "{e}");
        let e = read_text_file(&fifo).unwrap_err();
        assert!(e.to_string().contains("not a regular file"), "{e}");
        let file = dir.join("g");
        std::fs::write(&file, "x").unwrap();
        assert_eq!(read_regular(&file).unwrap(), b"x");
        std::fs::remove_dir_all(&dir).unwrap();
    }
}
