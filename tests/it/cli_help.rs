//! Each option is shown where it applies: `--protocol` only for the protocol loop, `--tables` for
//! the protocol loop and the subcommands that search with tables, and nowhere else.

use crate::common;

fn help(args: &[&str]) -> String {
    let r = common::run(args, "");
    assert!(r.ok, "{args:?} --help failed: {}", r.stderr);
    r.stdout
}

#[test]
fn protocol_and_tables_are_shown_only_where_they_apply() {
    let top = help(&["--help"]);
    assert!(
        top.contains("--protocol") && top.contains("--tables"),
        "{top}"
    );
    for sub in ["review", "analyse", "gui", "connect"] {
        let h = help(&[sub, "--help"]);
        assert!(h.contains("--tables"), "{sub} --help lacks --tables:\n{h}");
        assert!(
            !h.contains("--protocol"),
            "{sub} --help shows --protocol:\n{h}"
        );
    }
    for sub in [
        "match", "stats", "replay", "export", "bench", "perft", "play", "serve", "solve", "tables",
        "variants",
    ] {
        let h = help(&[sub, "--help"]);
        assert!(
            !h.contains("--protocol"),
            "{sub} --help shows --protocol:\n{h}"
        );
        assert!(
            !h.contains("--tables "),
            "{sub} --help shows --tables:\n{h}"
        );
    }
}

#[test]
fn tables_where_they_do_not_apply_are_refused() {
    // After the subcommand clap refuses it; before it, the program says where it applies.
    let r = common::run(&["match", "--tables", "tb"], "");
    assert!(!r.ok && r.stderr.contains("--tables"), "{}", r.stderr);
    let r = common::run(&["--tables", "tb", "replay", "x.txt"], "");
    assert!(!r.ok, "{}", r.stdout);
    assert!(
        r.stderr
            .contains("--tables is for the protocol loop, review, analyse, gui and connect"),
        "{}",
        r.stderr
    );
    let r = common::run(&["--tables", "a", "review", "--tables", "b", "x.txt"], "");
    assert!(!r.ok && r.stderr.contains("given twice"), "{}", r.stderr);
}
