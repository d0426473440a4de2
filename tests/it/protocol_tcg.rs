//! Replays every `protocol/transcripts/tcg-*.txt` against the built program: the `> ` lines are
//! sent, and the program's standard output must be exactly the expected lines (`< text` the whole
//! line, `~ text` its start, as in the native transcripts); after the session (which ends with
//! `exit`) it must exit successfully without printing more. A comment `# args: ...` gives the
//! program's arguments.

use crate::common::{replay_transcript, transcript_dir};

#[test]
fn tcg_transcripts() {
    let mut n = 0;
    for entry in std::fs::read_dir(transcript_dir()).unwrap() {
        let path = entry.unwrap().path();
        let name = path.file_name().unwrap().to_string_lossy().into_owned();
        if name.starts_with("tcg-") && name.ends_with(".txt") {
            replay_transcript(&path);
            n += 1;
        }
    }
    assert!(n >= 2, "no TCG transcripts found");
}

/// `help` in a TCG session: the commands on standard error, and on standard output the `0` of any
/// line the engine does not play on, so a referee's count of replies stays right.
#[test]
fn help_lists_the_commands_on_standard_error() {
    let r = crate::common::run(&["--protocol", "tcg"], "help\nname\nexit\n");
    assert!(r.ok, "{}", r.stderr);
    assert_eq!(r.stdout, "0\newn\n");
    assert!(
        r.stderr.contains("protocol/tcg.md") && r.stderr.contains("board_setting"),
        "{}",
        r.stderr
    );
}
