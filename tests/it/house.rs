//! The shape of the source tree, checked as ARCHITECTURE.md describes it: no file of `src/` over
//! 1,000 lines, no circle of imports between its files, every import allowed by the layer table
//! of ARCHITECTURE.md, no process-wide variant, and at most twelve `unsafe` sites, each with a
//! `// SAFETY:` comment. The import graph is read from the text of every `use` and every
//! `crate::`/`super::` path, resolved to the file that defines the module.
//!
//! A module's `mod.rs` and the files below it are one room (the parent re-exports, the children
//! use the parent's items), so edges between a `mod.rs` and its own descendants are not counted.

use std::collections::{BTreeMap, BTreeSet};
use std::path::{Path, PathBuf};

fn src() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("src")
}

/// Every `.rs` file below `dir`, as paths relative to `src/`.
fn rust_files(dir: &Path, out: &mut Vec<PathBuf>) {
    for e in std::fs::read_dir(dir).unwrap() {
        let p = e.unwrap().path();
        if p.is_dir() {
            rust_files(&p, out);
        } else if p.extension().is_some_and(|x| x == "rs") {
            out.push(p.strip_prefix(src()).unwrap().to_path_buf());
        }
    }
}

/// The module path of a file: `rules/board.rs` -> [rules, board], `brain/search/mod.rs` ->
/// [brain, search], `lib.rs` -> [].
fn module_of(file: &Path) -> Vec<String> {
    let mut parts: Vec<String> = file
        .iter()
        .map(|c| c.to_string_lossy().into_owned())
        .collect();
    let last = parts.pop().unwrap();
    match last.as_str() {
        "mod.rs" | "lib.rs" | "main.rs" => {}
        f => parts.push(f.trim_end_matches(".rs").to_string()),
    }
    parts
}

/// The file defining the longest prefix of `path` that is a module of the crate.
fn file_of(modules: &BTreeMap<Vec<String>, PathBuf>, path: &[String]) -> Option<PathBuf> {
    (1..=path.len())
        .rev()
        .find_map(|n| modules.get(&path[..n]).cloned())
}

/// The paths a file names: each `crate::a::b`, `super::a` or `self::a` chain, and the chains of
/// `use` groups (`use crate::{a::b, c::{d, e}}`), as absolute module paths.
fn named_paths(text: &str, me: &[String]) -> Vec<Vec<String>> {
    // Drop line comments so that prose naming a path is not an import.
    let code: String = text
        .lines()
        .map(|l| match l.find("//") {
            Some(i) => &l[..i],
            None => l,
        })
        .collect::<Vec<_>>()
        .join("\n");
    let mut out = Vec::new();
    let b = code.as_bytes();
    let ident = |c: u8| c.is_ascii_alphanumeric() || c == b'_';
    let mut i = 0;
    while i < b.len() {
        let starts = ["crate::", "super::", "self::"]
            .iter()
            .find(|s| b[i..].starts_with(s.as_bytes()) && (i == 0 || !ident(b[i - 1])));
        let Some(start) = starts else {
            i += 1;
            continue;
        };
        // The module this chain starts from.
        let mut base: Vec<String> = match *start {
            "crate::" => Vec::new(),
            "self::" => me.to_vec(),
            _ => {
                // `super` is the parent module, whether the file is `x.rs` or `x/mod.rs`.
                let mut m = me.to_vec();
                m.pop();
                m
            }
        };
        let mut j = i + start.len();
        // Further `super::` steps.
        while b[j..].starts_with(b"super::") {
            base.pop();
            j += "super::".len();
        }
        expand(&code, &mut j, base, &mut out);
        i = j.max(i + 1);
    }
    out
}

/// Reads a path tail at `*j` (`a::b::c`, or a `{...}` group) onto `base`.
fn expand(code: &str, j: &mut usize, base: Vec<String>, out: &mut Vec<Vec<String>>) {
    let b = code.as_bytes();
    let ident = |c: u8| c.is_ascii_alphanumeric() || c == b'_';
    let mut path = base;
    loop {
        while *j < b.len() && b[*j].is_ascii_whitespace() {
            *j += 1;
        }
        if *j < b.len() && b[*j] == b'{' {
            *j += 1;
            loop {
                while *j < b.len() && (b[*j].is_ascii_whitespace() || b[*j] == b',') {
                    *j += 1;
                }
                if *j >= b.len() || b[*j] == b'}' {
                    *j += 1;
                    return;
                }
                let before = *j;
                expand(code, j, path.clone(), out);
                // Skip an `as name` and anything else up to the next item.
                while *j < b.len() && b[*j] != b',' && b[*j] != b'}' {
                    *j += 1;
                }
                if *j == before {
                    *j += 1;
                }
            }
        }
        let s = *j;
        while *j < b.len() && ident(b[*j]) {
            *j += 1;
        }
        if *j == s {
            out.push(path);
            return;
        }
        let seg = &code[s..*j];
        if seg == "self" {
            out.push(path);
            return;
        }
        path.push(seg.to_string());
        if b[*j..].starts_with(b"::") {
            *j += 2;
        } else {
            out.push(path);
            return;
        }
    }
}

fn import_graph() -> BTreeMap<PathBuf, BTreeSet<PathBuf>> {
    let mut files = Vec::new();
    rust_files(&src(), &mut files);
    let modules: BTreeMap<Vec<String>, PathBuf> =
        files.iter().map(|f| (module_of(f), f.clone())).collect();
    let mut graph = BTreeMap::new();
    for f in &files {
        let text = std::fs::read_to_string(src().join(f)).unwrap();
        let me = module_of(f);
        let mut to = BTreeSet::new();
        for p in named_paths(&text, &me) {
            let Some(g) = file_of(&modules, &p) else {
                continue;
            };
            let them = module_of(&g);
            // A parent and its descendants are one room.
            if g == *f || me.starts_with(&them) || them.starts_with(&me) {
                continue;
            }
            to.insert(g);
        }
        graph.insert(f.clone(), to);
    }
    graph
}

/// The circles of the graph: each strongly connected set of more than one file.
fn circles(graph: &BTreeMap<PathBuf, BTreeSet<PathBuf>>) -> Vec<Vec<PathBuf>> {
    let reach = |from: &PathBuf| {
        let mut seen = BTreeSet::new();
        let mut todo = vec![from.clone()];
        while let Some(f) = todo.pop() {
            for g in graph.get(&f).into_iter().flatten() {
                if seen.insert(g.clone()) {
                    todo.push(g.clone());
                }
            }
        }
        seen
    };
    let reached: BTreeMap<&PathBuf, BTreeSet<PathBuf>> =
        graph.keys().map(|f| (f, reach(f))).collect();
    let mut out: Vec<Vec<PathBuf>> = Vec::new();
    for f in graph.keys() {
        if !reached[f].contains(f) || out.iter().any(|c| c.contains(f)) {
            continue;
        }
        let circle: Vec<PathBuf> = graph
            .keys()
            .filter(|g| reached[f].contains(*g) && reached[*g].contains(f))
            .cloned()
            .collect();
        out.push(circle);
    }
    out
}

#[test]
fn the_import_reader_sees_a_circle_it_is_shown() {
    // Two files of a made-up crate that import each other, through a `use` group and an inline
    // path: the reader must find both edges, or the real check below proves nothing.
    let a = "use crate::{x::b::{Thing, Other as O}, y};\nfn f() {}";
    let b = "fn g() { crate::x::a::f(); } // crate::z::not_an_import";
    let pa = named_paths(a, &["x".into(), "a".into()]);
    let pb = named_paths(b, &["x".into(), "b".into()]);
    assert!(pa.contains(&vec!["x".into(), "b".into(), "Thing".into()]));
    assert!(pa.contains(&vec!["x".into(), "b".into(), "Other".into()]));
    assert!(pa.contains(&vec!["y".into()]));
    assert!(pb.contains(&vec!["x".into(), "a".into(), "f".into()]));
    assert!(!pb.iter().any(|p| p.first().is_some_and(|s| s == "z")));
    let mut g = BTreeMap::new();
    g.insert(
        PathBuf::from("x/a.rs"),
        BTreeSet::from([PathBuf::from("x/b.rs")]),
    );
    g.insert(
        PathBuf::from("x/b.rs"),
        BTreeSet::from([PathBuf::from("x/a.rs")]),
    );
    g.insert(
        PathBuf::from("y.rs"),
        BTreeSet::from([PathBuf::from("x/a.rs")]),
    );
    assert_eq!(
        circles(&g),
        vec![vec![PathBuf::from("x/a.rs"), PathBuf::from("x/b.rs")]]
    );
}

#[test]
fn no_import_circle_between_files() {
    let graph = import_graph();
    // The graph is read: the board is imported by the search, for one.
    assert!(graph[Path::new("brain/search/mod.rs")].contains(Path::new("rules/board.rs")));
    let found = circles(&graph);
    assert!(found.is_empty(), "import circles in src/: {found:?}");
}

#[test]
fn no_source_file_over_a_thousand_lines() {
    let mut files = Vec::new();
    rust_files(&src(), &mut files);
    let mut long = Vec::new();
    for f in &files {
        let n = std::fs::read_to_string(src().join(f))
            .unwrap()
            .lines()
            .count();
        if n > 1000 {
            long.push(format!("{} ({n} lines)", f.display()));
        }
    }
    // The page's scripts are source too.
    for js in ["app/gui/assets", "app/live/assets"] {
        let Ok(dir) = std::fs::read_dir(src().join(js)) else {
            continue;
        };
        for e in dir {
            let p = e.unwrap().path();
            if p.extension().is_some_and(|x| x == "js") {
                let n = std::fs::read_to_string(&p).unwrap().lines().count();
                if n > 1000 {
                    long.push(format!("{} ({n} lines)", p.display()));
                }
            }
        }
    }
    assert!(long.is_empty(), "files over 1,000 lines: {long:?}");
}

#[test]
fn few_unsafe_sites_each_with_a_safety_comment() {
    let mut files = Vec::new();
    rust_files(&src(), &mut files);
    let mut sites = Vec::new();
    let mut undocumented = Vec::new();
    for f in &files {
        let text = std::fs::read_to_string(src().join(f)).unwrap();
        let lines: Vec<&str> = text.lines().collect();
        for (i, l) in lines.iter().enumerate() {
            let code = l.split("//").next().unwrap_or("");
            if !code.contains("unsafe ") && !code.contains("unsafe{") {
                continue;
            }
            sites.push(format!("{}:{}", f.display(), i + 1));
            // The comment stands in the few lines above the site (attributes may come between).
            let documented = lines[i.saturating_sub(6)..=i]
                .iter()
                .any(|l| l.contains("SAFETY:"));
            if !documented {
                undocumented.push(format!("{}:{}", f.display(), i + 1));
            }
        }
    }
    assert!(sites.len() <= 12, "{} unsafe sites: {sites:?}", sites.len());
    assert!(
        undocumented.is_empty(),
        "unsafe without // SAFETY: {undocumented:?}"
    );
}

/// The layer table of ARCHITECTURE.md: each layer's folder under `src/` and the folders it may
/// use, in the table's order (lowest first). "everything above" is every earlier layer.
fn layer_table() -> Vec<(String, BTreeSet<String>)> {
    let doc =
        std::fs::read_to_string(Path::new(env!("CARGO_MANIFEST_DIR")).join("ARCHITECTURE.md"))
            .unwrap();
    let mut rows: Vec<(String, String, String)> = Vec::new();
    for l in doc.lines() {
        let cells: Vec<&str> = l.split('|').map(str::trim).collect();
        // | layer | `src/x/` | owns | may use |
        if cells.len() == 6
            && let Some(folder) = cells[2]
                .strip_prefix("`src/")
                .and_then(|f| f.strip_suffix("/`"))
        {
            rows.push((
                cells[1].to_string(),
                folder.to_string(),
                cells[4].to_string(),
            ));
        }
    }
    let mut out: Vec<(String, BTreeSet<String>)> = Vec::new();
    for (_, folder, may) in &rows {
        let allowed: BTreeSet<String> = if may == "everything above" {
            out.iter().map(|(f, _)| f.clone()).collect()
        } else if may == "nothing" {
            BTreeSet::new()
        } else {
            may.split(',')
                .map(|name| {
                    let name = name.trim();
                    let row = rows.iter().find(|r| r.0 == name);
                    row.unwrap_or_else(|| panic!("ARCHITECTURE.md: unknown layer '{name}'"))
                        .1
                        .clone()
                })
                .collect()
        };
        out.push((folder.clone(), allowed));
    }
    out
}

/// The imports of `graph` that the layer table forbids, as `from -> to` lines.
fn forbidden_imports(
    graph: &BTreeMap<PathBuf, BTreeSet<PathBuf>>,
    table: &[(String, BTreeSet<String>)],
) -> Vec<String> {
    let layer = |f: &Path| {
        let top = f.iter().next()?.to_string_lossy().into_owned();
        table.iter().find(|(folder, _)| *folder == top)
    };
    let mut out = Vec::new();
    for (from, tos) in graph {
        let Some((mine, allowed)) = layer(from) else {
            continue;
        };
        for to in tos {
            let Some((theirs, _)) = layer(to) else {
                continue;
            };
            if theirs != mine && !allowed.contains(theirs) {
                out.push(format!("{} -> {}", from.display(), to.display()));
            }
        }
    }
    out
}

#[test]
fn the_layer_table_is_read_and_a_forbidden_import_is_shown() {
    let table = layer_table();
    let folders: Vec<&str> = table.iter().map(|(f, _)| f.as_str()).collect();
    assert_eq!(
        folders,
        [
            "rules", "record", "brain", "players", "protocol", "referee", "learn", "app", "cli"
        ]
    );
    let may = |f: &str| &table.iter().find(|(g, _)| g == f).unwrap().1;
    assert!(may("rules").is_empty());
    assert_eq!(may("players"), &BTreeSet::from(["rules".to_string()]));
    assert!(may("cli").contains("app") && may("cli").contains("rules"));
    // A made-up graph: players reaching into record is shown, players using rules is not.
    let g = BTreeMap::from([(
        PathBuf::from("players/spec.rs"),
        BTreeSet::from([
            PathBuf::from("record/mod.rs"),
            PathBuf::from("rules/board.rs"),
        ]),
    )]);
    assert_eq!(
        forbidden_imports(&g, &table),
        ["players/spec.rs -> record/mod.rs"]
    );
}

#[test]
fn every_import_is_allowed_by_the_layer_table() {
    let found = forbidden_imports(&import_graph(), &layer_table());
    assert!(
        found.is_empty(),
        "imports the layer table of ARCHITECTURE.md forbids: {found:?}"
    );
}

/// No `static` or thread-local holds a variant to play (the shape of the old `--variant` global,
/// which fell back to the standard game when read too early). The variants' own registry in
/// `rules/variant.rs`, which interns every rule set once and keeps the standard preset, is the
/// one place allowed: it holds every variant, never a chosen one.
#[test]
fn no_process_wide_variant() {
    let mut files = Vec::new();
    rust_files(&src(), &mut files);
    let mut found = Vec::new();
    for f in files.iter().filter(|f| *f != Path::new("rules/variant.rs")) {
        let text = std::fs::read_to_string(src().join(f)).unwrap();
        for (i, l) in text.lines().enumerate() {
            let code = l.split("//").next().unwrap_or("").trim_start();
            let declares = code.starts_with("static ")
                || code.starts_with("pub static ")
                || code.starts_with("thread_local!");
            if declares && (code.contains("Variant") || code.contains("Chosen")) {
                found.push(format!("{}:{}", f.display(), i + 1));
            }
        }
    }
    assert!(found.is_empty(), "a variant held process-wide: {found:?}");
}
