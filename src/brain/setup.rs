//! The engine's own arrangement of its cubes, answered to `go setup` (native protocol) and `ini`
//! (TCG). One constant here, so that both front ends always agree; and the setup table it comes
//! from (`setup_table.txt`, computed by `learn::setup_table`) with its text format.

use crate::rules::notation::{NotationError, parse_setup_in, setup_string};
use crate::rules::variant::Variant;

/// The arrangement in setup order (for Red a5 b5 c5 a4 b4 a3; Blue's order is the point mirror,
/// so the same digits serve both sides): `125634`, the best of the setup table
/// (`src/brain/setup_table.txt`, made by `ewn setups`). In depth-3 self-play
/// against random opposing setups it won 56.6% of 40,000 fresh games, where the 360 classes of
/// setups range from about 42% to 57%.
///
/// It keeps the extremes 1 and 6 at the back (a5, a4) and the runner on b4 a middle number, 3;
/// 2 and 5 face the enemy first on b5 and c5, and 4 on a3.
pub const ENGINE_SETUP: [u8; 6] = [1, 2, 5, 6, 3, 4];

/// The engine's setup in a variant other than the standard game: the cubes that the most
/// outcomes move go to the start squares nearest the goal (ties: the lower number first), so
/// the quickest runners start in front. Deterministic, from the rules alone.
pub fn variant_setup(v: &crate::rules::variant::Variant) -> Vec<u8> {
    use crate::rules::board::Color;
    let squares = v.start_squares(Color::Red);
    let mut order: Vec<usize> = (0..squares.len()).collect();
    order.sort_by_key(|&i| (v.dist[0][squares[i] as usize], i));
    let mut cubes = v.cubes().to_vec();
    cubes.sort_by_key(|&n| {
        (
            std::cmp::Reverse(v.weight_moving(v.full_mask, 1 << (n - 1))),
            n,
        )
    });
    let mut setup = vec![0u8; squares.len()];
    for (rank, &i) in order.iter().enumerate() {
        setup[i] = cubes[rank];
    }
    setup
}

/// The committed setup table, best first.
pub const TABLE: &str = include_str!("setup_table.txt");

/// A setup's result in the table.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Entry {
    pub setup: [u8; 6],
    pub wins: u32,
    pub games: u32,
}

impl Entry {
    pub fn score(&self) -> f64 {
        self.wins as f64 / self.games.max(1) as f64
    }
}

/// The table as text: a header of `#` lines, then `setup wins games` per line, best first.
pub fn format_table(entries: &[Entry], header: &str) -> String {
    let mut s = String::new();
    for line in header.lines() {
        s.push_str("# ");
        s.push_str(line);
        s.push('\n');
    }
    for e in entries {
        s.push_str(&format!(
            "{} {} {}\n",
            setup_string(&e.setup),
            e.wins,
            e.games
        ));
    }
    s
}

/// A line of the setup table that does not read (its 1-based number first), or a table without
/// a line.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum SetupTableError {
    #[error("line {0}: expected 'setup wins games'")]
    Fields(usize),
    #[error("reading the setup table: line {line}: {error}")]
    Setup { line: usize, error: NotationError },
    /// A count that is no number (the word as written).
    #[error("line {line}: '{word}' is no count")]
    Count { line: usize, word: String },
    #[error("line {line}: {wins} wins of {games} games")]
    Counts { line: usize, wins: u32, games: u32 },
    #[error("the setup table is empty")]
    Empty,
}

/// The setup table from its text (as [`format_table`] writes it).
pub fn parse_table(text: &str) -> Result<Vec<Entry>, SetupTableError> {
    let mut out = Vec::new();
    for (i, line) in text.lines().enumerate() {
        let line = line.trim();
        if line.is_empty() || line.starts_with('#') {
            continue;
        }
        let n = i + 1;
        let f: Vec<&str> = line.split_whitespace().collect();
        if f.len() != 3 {
            return Err(SetupTableError::Fields(n));
        }
        let cubes = parse_setup_in(Variant::standard(), f[0])
            .map_err(|error| SetupTableError::Setup { line: n, error })?;
        let mut setup = [0u8; 6];
        setup.copy_from_slice(&cubes);
        let count = |w: &str| {
            w.parse::<u32>().map_err(|_| SetupTableError::Count {
                line: n,
                word: w.to_string(),
            })
        };
        let (wins, games) = (count(f[1])?, count(f[2])?);
        if wins > games || games == 0 {
            return Err(SetupTableError::Counts {
                line: n,
                wins,
                games,
            });
        }
        out.push(Entry { setup, wins, games });
    }
    if out.is_empty() {
        return Err(SetupTableError::Empty);
    }
    Ok(out)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn engine_setup_is_a_permutation() {
        let s = setup_string(&ENGINE_SETUP);
        assert_eq!(s, "125634");
        assert_eq!(
            parse_setup_in(Variant::standard(), &s).unwrap(),
            ENGINE_SETUP
        );
    }

    #[test]
    fn engine_setup_is_the_best_of_the_table() {
        let t = parse_table(TABLE).unwrap();
        assert_eq!(t.len(), 360, "one line per class of setups");
        assert_eq!(t[0].setup, ENGINE_SETUP);
        // The refined head of the table is ranked by its own games.
        assert!(t[0].games >= t[1].games && t[0].wins >= t[1].wins);
    }

    #[test]
    fn table_text_round_trips_and_rejects_nonsense() {
        let e = vec![
            Entry {
                setup: [1, 5, 2, 6, 3, 4],
                wins: 30,
                games: 50,
            },
            Entry {
                setup: [2, 1, 3, 4, 5, 6],
                wins: 20,
                games: 50,
            },
        ];
        let t = format_table(&e, "made by a test");
        assert!(t.starts_with("# made by a test\n"));
        assert_eq!(parse_table(&t).unwrap(), e);
        assert_eq!(parse_table("# nothing\n"), Err(SetupTableError::Empty));
        assert_eq!(
            parse_table("123456 5 4\n"),
            Err(SetupTableError::Counts {
                line: 1,
                wins: 5,
                games: 4
            })
        );
        assert!(matches!(
            parse_table("\n123455 1 4\n"),
            Err(SetupTableError::Setup { line: 2, .. })
        ));
        assert_eq!(parse_table("123456 1\n"), Err(SetupTableError::Fields(1)));
        assert_eq!(
            parse_table("123456 x 4\n").unwrap_err().to_string(),
            "line 1: 'x' is no count"
        );
    }
}
