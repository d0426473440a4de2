//! Replays every `protocol/transcripts/tcg-*.txt` against the built program: the `> ` lines are
//! sent, and the program's standard output must be exactly the expected lines (`< text` the whole
//! line, `~ text` its start, as in the native transcripts), then the program must exit by itself
//! after `exit`.

use std::io::Write;
use std::process::{Command, Stdio};

fn run_transcript(path: &std::path::Path) {
    let text = std::fs::read_to_string(path).unwrap();
    let mut args: Vec<String> = Vec::new();
    let mut input = String::new();
    let mut want = Vec::new();
    for line in text.lines() {
        if let Some(a) = line.strip_prefix("# args:") {
            args = a.split_whitespace().map(String::from).collect();
        } else if let Some(cmd) = line.strip_prefix("> ") {
            input.push_str(cmd);
            input.push('\n');
        } else if let Some(reply) = line.strip_prefix("< ") {
            want.push((reply.to_string(), false));
        } else if let Some(start) = line.strip_prefix("~ ") {
            want.push((start.to_string(), true));
        }
    }
    let mut child = Command::new(env!("CARGO_BIN_EXE_ewn"))
        .args(&args)
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::null())
        .spawn()
        .unwrap();
    child
        .stdin
        .take()
        .unwrap()
        .write_all(input.as_bytes())
        .unwrap();
    let out = child.wait_with_output().unwrap();
    assert!(out.status.success(), "{}: exit status", path.display());
    let got: Vec<String> = String::from_utf8(out.stdout)
        .unwrap()
        .lines()
        .map(String::from)
        .collect();
    assert_eq!(got.len(), want.len(), "{}: {got:?}", path.display());
    for (g, (w, prefix)) in got.iter().zip(&want) {
        let ok = if *prefix { g.starts_with(w) } else { g == w };
        assert!(ok, "{}: got '{g}', want '{w}'", path.display());
    }
}

#[test]
fn tcg_transcripts() {
    let dir = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("protocol/transcripts");
    let mut n = 0;
    for entry in std::fs::read_dir(&dir).unwrap() {
        let path = entry.unwrap().path();
        let name = path.file_name().unwrap().to_string_lossy().into_owned();
        if name.starts_with("tcg-") && name.ends_with(".txt") {
            run_transcript(&path);
            n += 1;
        }
    }
    assert!(n >= 2, "no TCG transcripts found");
}
