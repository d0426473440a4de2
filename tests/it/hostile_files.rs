//! Files a hostile user might hand the program: each is refused with its reason after reading
//! little of it, and a variant no side could finish is refused before any game.

use crate::common::{run_fails, temp_path};

fn tmp(name: &str) -> std::path::PathBuf {
    temp_path("hostile", name)
}

#[test]
fn a_variant_where_a_side_can_never_move_is_refused() {
    let f = tmp("stuck.toml");
    std::fs::write(
        &f,
        "[stuck]\ncubes = [2]\ndice = \"d1\"\nsubstitute = \"pass\"\n",
    )
    .unwrap();
    let e = run_fails(&["variants", "check", f.to_str().unwrap()]);
    assert!(e.contains("cube 2 could never move"), "{e}");
}

#[test]
fn a_file_of_thousands_of_empty_variant_tables_is_refused_before_any_is_built() {
    let f = tmp("many.toml");
    let text: String = (0..10_000).map(|i| format!("[v{i}]\n")).collect();
    std::fs::write(&f, text).unwrap();
    let e = run_fails(&["variants", "check", f.to_str().unwrap()]);
    assert!(
        e.contains("10000 variant tables") && e.contains("at most 256"),
        "{e}"
    );
}

#[test]
fn a_large_garbage_table_is_refused_by_its_header() {
    let dir = tmp("tables");
    std::fs::create_dir_all(&dir).unwrap();
    let path = dir.join(ewn::brain::tables::file_name(4));
    // A sparse file: large, costing no disk, and not a table.
    let f = std::fs::File::create(&path).unwrap();
    f.set_len(1 << 30).unwrap();
    drop(f);
    let e = ewn::brain::tables::read(&path).unwrap_err().to_string();
    assert!(e.contains("not an ewn table file"), "{e}");
    std::fs::remove_file(&path).unwrap();
}

#[test]
fn a_record_of_blank_lines_is_refused_at_the_first_long_run() {
    let f = tmp("blank.txt");
    std::fs::write(&f, "\n".repeat(2_000_000)).unwrap();
    let e = run_fails(&["replay", f.to_str().unwrap()]);
    assert!(e.contains("blank lines in a row"), "{e}");
    // A few blank lines are nothing: a record of none is the usual "no game".
    std::fs::write(&f, "\n\n\n").unwrap();
    let e = run_fails(&["replay", f.to_str().unwrap()]);
    assert!(!e.contains("blank lines in a row"), "{e}");
}
