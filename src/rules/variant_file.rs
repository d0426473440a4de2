//! Variant definitions from a TOML file: one `[name]` table per variant with the rule keys of
//! `protocol/variants.md`, and `parent = "<name>"` to inherit every key not given (from a preset
//! or another table of the same file, in any order). Errors name the file, the line and the key.

use std::collections::{BTreeMap, HashMap, HashSet};
use std::path::Path;

use crate::rules::color::Color;
use crate::rules::error::{FileFault, VariantFileError};
use crate::rules::variant::{
    Dice, Goal, Moves, PRESETS, Rules, Substitute, Variant, half_turn, parse_square_dims,
    preset_rules, square_name_dims, triangle,
};

/// The keys a variant table may hold.
const KEYS: [&str; 14] = [
    "parent",
    "rows",
    "cols",
    "cubes",
    "start",
    "start_blue",
    "dice",
    "substitute",
    "own_capture",
    "moves",
    "goal",
    "holes",
    "first",
    "description",
];

/// Red's start squares as written: the triangle of the board, or named squares.
#[derive(Clone, Debug)]
enum Start {
    Triangle,
    Squares(Vec<String>),
}

/// A definition with every key resolved (inherited or given), squares still as names.
#[derive(Clone, Debug)]
struct Def {
    rows: u8,
    cols: u8,
    cubes: Vec<u8>,
    start: Start,
    start_blue: Option<Vec<String>>,
    dice: Dice,
    substitute: Substitute,
    own_capture: bool,
    moves: Moves,
    goal: Goal,
    holes: Vec<String>,
    first: Color,
}

fn names(rows: u8, cols: u8, sq: &[u8]) -> Vec<String> {
    sq.iter()
        .map(|&s| square_name_dims(rows, cols, s))
        .collect()
}

impl Def {
    fn of_rules(r: &Rules) -> Def {
        let tri = triangle(r.rows, r.cols, r.cubes.len()).ok();
        let start = if tri.as_deref() == Some(&r.start_red[..]) {
            Start::Triangle
        } else {
            Start::Squares(names(r.rows, r.cols, &r.start_red))
        };
        let blue_default = half_turn(r.rows, r.cols, &r.start_red);
        Def {
            rows: r.rows,
            cols: r.cols,
            cubes: r.cubes.clone(),
            start,
            start_blue: (r.start_blue != blue_default)
                .then(|| names(r.rows, r.cols, &r.start_blue)),
            dice: r.dice,
            substitute: r.substitute,
            own_capture: r.own_capture,
            moves: r.moves,
            goal: r.goal,
            holes: names(r.rows, r.cols, &r.holes),
            first: r.first,
        }
    }

    fn rules(&self, name: &str) -> Result<Rules, FileFault> {
        let sq = |key: &'static str, list: &[String]| -> Result<Vec<u8>, FileFault> {
            list.iter()
                .map(|s| {
                    parse_square_dims(self.rows, self.cols, s).map_err(|error| FileFault::Square {
                        key,
                        error: Box::new(error),
                    })
                })
                .collect()
        };
        let start_red = match &self.start {
            Start::Triangle => {
                triangle(self.rows, self.cols, self.cubes.len()).map_err(FileFault::Triangle)?
            }
            Start::Squares(list) => sq("start", list)?,
        };
        let start_blue = match &self.start_blue {
            Some(list) => sq("start_blue", list)?,
            None => {
                let blue = half_turn(self.rows, self.cols, &start_red);
                // Blue's squares were not written: a clash is the cubes' or Red's squares' doing.
                if let Some(&s) = blue.iter().find(|s| start_red.contains(s)) {
                    return Err(FileFault::HalfTurnClash {
                        written: match self.start {
                            Start::Triangle => "cubes",
                            Start::Squares(_) => "start",
                        },
                        cubes: self.cubes.len(),
                        rows: self.rows,
                        cols: self.cols,
                        square: square_name_dims(self.rows, self.cols, s),
                    });
                }
                blue
            }
        };
        let mut cubes = self.cubes.clone();
        cubes.sort_unstable();
        Ok(Rules {
            name: name.to_string(),
            rows: self.rows,
            cols: self.cols,
            cubes,
            start_red,
            start_blue,
            dice: self.dice,
            substitute: self.substitute,
            own_capture: self.own_capture,
            moves: self.moves,
            goal: self.goal,
            holes: sq("holes", &self.holes)?,
            first: self.first,
        })
    }
}

/// The line (1-based) of key `key` in table `[table]` of `text`, or of the table's own key (its
/// `[table]` header, or `table = ...` at the top). Read from the TOML parser's spans, so that any
/// way of writing a name (`['lit']`, `["a\u0000b"]`, `name = { ... }`) finds its line; 1 when
/// the text does not parse or names no such table.
fn line_of(text: &str, table: &str, key: Option<&str>) -> usize {
    let Ok(doc) = toml::de::DeTable::parse(text) else {
        return 1;
    };
    let line = |at: usize| {
        text.as_bytes()[..at.min(text.len())]
            .iter()
            .filter(|&&b| b == b'\n')
            .count()
            + 1
    };
    let Some((name, value)) = doc
        .get_ref()
        .iter()
        .find(|(k, _)| k.get_ref().as_ref() == table)
    else {
        return 1;
    };
    if let Some(key) = key
        && let toml::de::DeValue::Table(t) = value.get_ref()
        && let Some((k, _)) = t.iter().find(|(k, _)| k.get_ref().as_ref() == key)
    {
        return line(k.span().start);
    }
    line(name.span().start)
}

/// The line an error about table `[table]` belongs to: the line of the first key of the table the
/// message names (`cubes`, `substitute = "pass"`, ...), else the table's header.
fn line_for_error(text: &str, table: &str, msg: &str) -> usize {
    let header = line_of(text, table, None);
    let is_word = |at: usize, len: usize| {
        let b = msg.as_bytes();
        let ident = |c: u8| c.is_ascii_alphanumeric() || c == b'_';
        (at == 0 || !ident(b[at - 1])) && (at + len == b.len() || !ident(b[at + len]))
    };
    KEYS.iter()
        .filter_map(|k| {
            let at = msg
                .match_indices(k)
                .map(|(i, _)| i)
                .find(|&i| is_word(i, k.len()))?;
            let line = line_of(text, table, Some(k));
            (line != header).then_some((at, line))
        })
        .min()
        .map_or(header, |(_, line)| line)
}

fn parse_dice(s: &str) -> Option<Dice> {
    if s == "none" {
        return Some(Dice::None);
    }
    if let Some(n) = s.strip_prefix("2d") {
        return n.parse().ok().map(Dice::Two);
    }
    s.strip_prefix('d')?.parse().ok().map(Dice::Die)
}

/// A key's value that is not of the form the key takes.
fn bad(key: &str, expected: &'static str) -> FileFault {
    FileFault::BadValue {
        key: key.to_string(),
        expected,
    }
}

/// Applies the keys of one table over the inherited definition.
fn apply(def: &mut Def, t: &toml::Table) -> Result<(), FileFault> {
    for (k, v) in t {
        match k.as_str() {
            "parent" | "description" => {}
            "rows" | "cols" | "cubes" => apply_size(def, k, v)?,
            "start" | "start_blue" | "holes" => apply_squares(def, k, v)?,
            "dice" | "substitute" | "own_capture" | "moves" | "goal" | "first" => {
                apply_rule(def, k, v)?
            }
            other => {
                return Err(FileFault::UnknownKey {
                    key: other.to_string(),
                    expected: KEYS.join(", "),
                });
            }
        }
    }
    Ok(())
}

/// `rows`, `cols` or `cubes`.
fn apply_size(def: &mut Def, k: &str, v: &toml::Value) -> Result<(), FileFault> {
    if k == "cubes" {
        const EXPECTED: &str = "expected a list of numbers 1..12";
        let list = v.as_array().ok_or_else(|| bad(k, EXPECTED))?;
        def.cubes = list
            .iter()
            .map(|x| {
                x.as_integer()
                    .filter(|n| (1..=12).contains(n))
                    .map(|n| n as u8)
            })
            .collect::<Option<_>>()
            .ok_or_else(|| bad(k, EXPECTED))?;
        return Ok(());
    }
    let n = v
        .as_integer()
        .filter(|n| (2..=8).contains(n))
        .ok_or_else(|| bad(k, "expected a number 2..8"))? as u8;
    if k == "rows" {
        def.rows = n;
    } else {
        def.cols = n;
    }
    Ok(())
}

/// `start`, `start_blue` or `holes`: lists of square names (or `"triangle"` for `start`).
fn apply_squares(def: &mut Def, k: &str, v: &toml::Value) -> Result<(), FileFault> {
    if k == "start" && v.as_str() == Some("triangle") {
        def.start = Start::Triangle;
        return Ok(());
    }
    let list = v
        .as_array()
        .and_then(|a| {
            a.iter()
                .map(|x| x.as_str().map(str::to_string))
                .collect::<Option<Vec<_>>>()
        })
        .ok_or_else(|| {
            bad(
                k,
                if k == "start" {
                    "expected \"triangle\" or a list of squares"
                } else {
                    "expected a list of squares"
                },
            )
        })?;
    match k {
        "start" => def.start = Start::Squares(list),
        "start_blue" => def.start_blue = Some(list),
        _ => def.holes = list,
    }
    Ok(())
}

/// The keys with a word for a value: `dice`, `substitute`, `own_capture`, `moves`, `goal`,
/// `first`.
fn apply_rule(def: &mut Def, k: &str, v: &toml::Value) -> Result<(), FileFault> {
    let word = v.as_str();
    match k {
        "dice" => {
            def.dice = word
                .and_then(parse_dice)
                .ok_or_else(|| bad(k, "expected \"dN\", \"2dN\" or \"none\""))?;
        }
        "substitute" => {
            def.substitute = match word {
                Some("nearest") => Substitute::Nearest,
                Some("pass") => Substitute::Pass,
                _ => return Err(bad(k, "expected \"nearest\" or \"pass\"")),
            }
        }
        "own_capture" => {
            def.own_capture = v
                .as_bool()
                .ok_or_else(|| bad(k, "expected true or false"))?
        }
        "moves" => {
            def.moves = match word {
                Some("corner") => Moves::Corner,
                Some("forward") => Moves::Forward,
                _ => return Err(bad(k, "expected \"corner\" or \"forward\"")),
            }
        }
        "goal" => {
            def.goal = match word {
                Some("corner") => Goal::Corner,
                Some("rank") => Goal::Rank,
                _ => return Err(bad(k, "expected \"corner\" or \"rank\"")),
            }
        }
        _ => {
            def.first = match word {
                Some("r") => Color::Red,
                Some("b") => Color::Blue,
                _ => return Err(bad(k, "expected \"r\" or \"b\"")),
            }
        }
    }
    Ok(())
}

/// The most variant tables one file may define.
pub const MAX_VARIANTS_PER_FILE: usize = 256;

/// Parses the variants of a file's text; `file` names it in errors. Every table must give a
/// playable variant; the first fault ends the reading.
pub fn parse_variants(file: &str, text: &str) -> Result<Vec<&'static Variant>, VariantFileError> {
    let fail = |line: Option<usize>, table: Option<&str>, fault: FileFault| VariantFileError {
        file: file.to_string(),
        line,
        table: table.map(str::to_string),
        fault,
    };
    let doc: toml::Table = text.parse().map_err(|e: toml::de::Error| {
        let line = e
            .span()
            .map(|s| text[..s.start.min(text.len())].lines().count().max(1))
            .unwrap_or(1);
        fail(Some(line), None, FileFault::Toml(e.message().to_string()))
    })?;
    // Each variant holds its move tables (about a third of a megabyte) for the life of the
    // process: the count is bounded before any is built.
    if doc.len() > MAX_VARIANTS_PER_FILE {
        let (count, max) = (doc.len(), MAX_VARIANTS_PER_FILE);
        return Err(fail(None, None, FileFault::TooManyTables { count, max }));
    }
    let mut tables: BTreeMap<String, &toml::Table> = BTreeMap::new();
    for (name, v) in &doc {
        let t = v.as_table().ok_or_else(|| {
            let line = line_of(text, name, Some(name));
            fail(Some(line), Some(name), FileFault::NotTable)
        })?;
        if PRESETS.contains(&name.as_str()) {
            let line = line_of(text, name, None);
            return Err(fail(Some(line), Some(name), FileFault::RedefinesPreset));
        }
        tables.insert(name.clone(), t);
    }
    let file = File { name: file, text };
    let mut done: BTreeMap<String, Def> = BTreeMap::new();
    let mut out = Vec::new();
    // In file order, resolving parents on the way.
    for name in file_order(text, &doc) {
        let name = &name;
        resolve(&file, name, &tables, &mut done, &mut HashSet::new())?;
        let def = &done[name];
        let at = |fault: FileFault| {
            let said = match &fault {
                FileFault::Rules(e) => e.to_string(),
                FileFault::Square { key, error } => format!("{key}: {error}"),
                FileFault::Triangle(e) => format!("start: {e}"),
                FileFault::HalfTurnClash { written, .. } => format!("{written}:"),
                _ => String::new(),
            };
            file.error(line_for_error(text, name, &said), name, fault)
        };
        let rules = def.rules(name).map_err(at)?;
        let v = Variant::intern(rules).map_err(|e| at(FileFault::Rules(e)))?;
        out.push(v);
    }
    Ok(out)
}

/// The names of the tables of `doc` in the order `text` writes them (the parsed table is sorted
/// by name).
fn file_order(text: &str, doc: &toml::Table) -> Vec<String> {
    let mut at: HashMap<String, usize> = HashMap::new();
    if let Ok(spanned) = toml::de::DeTable::parse(text) {
        for (k, _) in spanned.get_ref().iter() {
            at.insert(k.get_ref().to_string(), k.span().start);
        }
    }
    let mut names: Vec<String> = doc.keys().cloned().collect();
    names.sort_by_key(|n| at.get(n).copied().unwrap_or(usize::MAX));
    names
}

/// The file being read: its name for messages and its text for lines.
struct File<'a> {
    name: &'a str,
    text: &'a str,
}

impl File<'_> {
    fn error(&self, line: usize, table: &str, fault: FileFault) -> VariantFileError {
        VariantFileError {
            file: self.name.to_string(),
            line: Some(line),
            table: Some(table.to_string()),
            fault,
        }
    }

    /// An error about `key` of table `[table]`, at the key's line.
    fn at_key(&self, table: &str, key: &str, fault: FileFault) -> VariantFileError {
        self.error(line_of(self.text, table, Some(key)), table, fault)
    }
}

fn resolve(
    file: &File,
    name: &str,
    tables: &BTreeMap<String, &toml::Table>,
    done: &mut BTreeMap<String, Def>,
    visiting: &mut HashSet<String>,
) -> Result<Def, VariantFileError> {
    if let Some(d) = done.get(name) {
        return Ok(d.clone());
    }
    let Some(t) = tables.get(name) else {
        return match preset_rules(name) {
            Some(r) => Ok(Def::of_rules(&r)),
            None => Err(VariantFileError {
                file: file.name.to_string(),
                line: None,
                table: Some(name.to_string()),
                fault: FileFault::UnknownParent(name.to_string()),
            }),
        };
    };
    if !visiting.insert(name.to_string()) {
        return Err(file.at_key(name, "parent", FileFault::InheritsItself));
    }
    let parent = match t.get("parent") {
        None => "standard".to_string(),
        Some(p) => p
            .as_str()
            .map(str::to_string)
            .ok_or_else(|| file.at_key(name, "parent", FileFault::ParentNotName))?,
    };
    if !tables.contains_key(&parent) && preset_rules(&parent).is_none() {
        return Err(file.at_key(name, "parent", FileFault::UnknownParent(parent)));
    }
    let mut def = resolve(file, &parent, tables, done, visiting)?;
    // A parent's start triangle follows the child's size and cubes; explicit squares stay.
    apply(&mut def, t).map_err(|fault| {
        let key = match &fault {
            FileFault::BadValue { key, .. } | FileFault::UnknownKey { key, .. } => key.clone(),
            _ => String::new(),
        };
        file.at_key(name, &key, fault)
    })?;
    visiting.remove(name);
    done.insert(name.to_string(), def.clone());
    Ok(def)
}

/// Reads a variant file (a regular file of at most 1 MiB).
pub fn load_variants(path: &Path) -> Result<Vec<&'static Variant>, VariantFileError> {
    let file = path.display().to_string();
    let fail = |fault| VariantFileError {
        file: file.clone(),
        line: None,
        table: None,
        fault,
    };
    let meta = std::fs::metadata(path).map_err(|e| fail(FileFault::Io(e)))?;
    if !meta.is_file() {
        return Err(fail(FileFault::NotRegular));
    }
    if meta.len() > 1 << 20 {
        return Err(fail(FileFault::TooLarge));
    }
    let text = std::fs::read_to_string(path).map_err(|e| fail(FileFault::Io(e)))?;
    parse_variants(&file, &text)
}

/// A variant by name: a preset, or one of `loaded`.
pub fn find(name: &str, loaded: &[&'static Variant]) -> Option<&'static Variant> {
    Variant::preset(name).or_else(|| loaded.iter().copied().find(|v| v.name() == name))
}

/// The definition as one line of TOML, `name = { rows = 4, ... }`: how a record carries a
/// custom variant, so that its games replay anywhere.
pub fn to_toml_inline(v: &Variant) -> String {
    let t = to_toml(v);
    let mut lines = t.lines();
    let head = lines.next().unwrap_or("").trim_matches(['[', ']']);
    let body: Vec<&str> = lines.filter(|l| !l.trim().is_empty()).collect();
    format!("{head} = {{ {} }}", body.join(", "))
}

/// The definition of a variant as a TOML table (for records: a custom variant travels with its
/// games). Every key is written, so the table needs no parent.
pub fn to_toml(v: &Variant) -> String {
    let r = &v.rules;
    let list = |sq: &[u8]| {
        let n: Vec<String> = names(r.rows, r.cols, sq)
            .into_iter()
            .map(|s| format!("\"{s}\""))
            .collect();
        format!("[{}]", n.join(", "))
    };
    let cubes: Vec<String> = r.cubes.iter().map(|c| c.to_string()).collect();
    format!(
        "[{}]\nrows = {}\ncols = {}\ncubes = [{}]\nstart = {}\nstart_blue = {}\ndice = \"{}\"\nsubstitute = \"{}\"\nown_capture = {}\nmoves = \"{}\"\ngoal = \"{}\"\nholes = {}\nfirst = \"{}\"\n",
        r.name,
        r.rows,
        r.cols,
        cubes.join(", "),
        list(&r.start_red),
        list(&r.start_blue),
        r.dice_name(),
        match r.substitute {
            Substitute::Nearest => "nearest",
            Substitute::Pass => "pass",
        },
        r.own_capture,
        match r.moves {
            Moves::Corner => "corner",
            Moves::Forward => "forward",
        },
        match r.goal {
            Goal::Corner => "corner",
            Goal::Rank => "rank",
        },
        list(&r.holes),
        if r.first == Color::Red { "r" } else { "b" },
    )
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn inheritance_and_round_trip() {
        let text = "[big]\nparent = \"7x7\"\nrows = 8\ncols = 8\n\n[bighole]\nparent = \"big\"\nholes = [\"d4\", \"e5\"]\n";
        let vs = parse_variants("v.toml", text).unwrap();
        assert_eq!(vs.len(), 2);
        let bh = vs[1];
        assert_eq!((bh.rows(), bh.cols()), (8, 8));
        assert_eq!(bh.rules.holes.len(), 2);
        assert_eq!(bh.rules.start_red, triangle(8, 8, 6).unwrap());
        let again = parse_variants("w.toml", &to_toml(bh)).unwrap();
        assert!(
            std::ptr::eq(again[0], bh),
            "the written definition reads back as the same rules"
        );
    }

    #[test]
    fn errors_find_the_line_however_the_name_is_written() {
        // A literal-string table name: its key is on line 5, never line 0.
        let e = parse_variants("q.toml", "[ok]\nrows = 4\n\n['lit']\nrows = 9\n")
            .unwrap_err()
            .to_string();
        assert!(e.starts_with("q.toml:5: [lit] rows"), "{e}");
        // A key at the top that is no table: its own line.
        let e = parse_variants("a.toml", "# top\n\na = 1\n")
            .unwrap_err()
            .to_string();
        assert!(e.starts_with("a.toml:3: 'a' is not a table"), "{e}");
        // An escaped NUL in a name: its header's line, and the NUL shown escaped.
        let e = parse_variants("n.toml", "[ok]\nrows = 4\n\n[\"a\\u0000b\"]\nrows = 4\n")
            .unwrap_err()
            .to_string();
        assert!(e.starts_with("n.toml:4: [a\\0b]"), "{e}");
        assert!(!e.contains('\0'), "{e:?}");
    }

    #[test]
    fn errors_name_file_line_and_key() {
        // An error found when the rules are checked points at the key it names, else the header:
        // seven cubes whose triangles clash point at the cubes, not at Blue's unwritten squares.
        let e = parse_variants("v.toml", "[a]\nrows = 3\ncubes = [1,2,3,4,5,6,7]\n")
            .unwrap_err()
            .to_string();
        assert!(e.starts_with("v.toml:3: [a] cubes:"), "{e}");
        let stuck = "# a file\n[stuck]\nrows = 3\ncols = 3\ncubes = [2]\ndice = \"d1\"\nsubstitute = \"pass\"\n";
        let e = parse_variants("v.toml", stuck).unwrap_err().to_string();
        assert!(
            e.starts_with("v.toml:7:") && e.contains("never move"),
            "{e}"
        );
        // A definition written inline is named by its own line, never line 0.
        let e = parse_variants("v.toml", "\nx = { parent = \"standard\", dice = \"x\" }\n")
            .unwrap_err()
            .to_string();
        assert!(e.starts_with("v.toml:2:"), "{e}");
        let e = parse_variants("v.toml", "[a]\nrows = 3\ndice = \"x\"\n")
            .unwrap_err()
            .to_string();
        assert_eq!(
            e,
            "v.toml:3: [a] dice: expected \"dN\", \"2dN\" or \"none\""
        );
        let e = parse_variants("v.toml", "[a]\nparent = \"nope\"\n")
            .unwrap_err()
            .to_string();
        assert!(
            e.contains("v.toml:2:") && e.contains("unknown variant 'nope'"),
            "{e}"
        );
        let e = parse_variants("v.toml", "[a]\nparent = \"b\"\n[b]\nparent = \"a\"\n")
            .unwrap_err()
            .to_string();
        assert!(e.contains("inherits from itself"), "{e}");
        let e = parse_variants("v.toml", "[a]\ncolour = 3\n")
            .unwrap_err()
            .to_string();
        assert!(
            e.contains("v.toml:2:") && e.contains("unknown key 'colour'"),
            "{e}"
        );
        let e = parse_variants("v.toml", "[a\n").unwrap_err().to_string();
        assert!(e.starts_with("v.toml:1:"), "{e}");
        let e = parse_variants("v.toml", "[standard]\nrows = 4\n")
            .unwrap_err()
            .to_string();
        assert!(e.contains("built-in"), "{e}");
    }
}
