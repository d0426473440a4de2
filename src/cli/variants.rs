//! `ewn variants list|check` and the variant the whole command line plays (`--variant`,
//! `--variants FILE`), chosen once in `main` and handed to every subcommand that plays.

use std::path::{Path, PathBuf};

use anyhow::{Result, bail};

use crate::rules::notation;
use crate::rules::variant::{PRESETS, Variant};
use crate::rules::variant_file::{self, to_toml};

/// The variant of this run and the variants loaded from `--variants`: a value `main` passes on,
/// never a global, so that no subcommand falls back to the standard game unseen.
pub struct Chosen {
    pub variant: &'static Variant,
    pub loaded: Vec<&'static Variant>,
}

/// Chooses the variant of this run: `name` (the standard game if none) among the presets and the
/// variants of `file`.
pub fn choose(name: Option<&str>, file: Option<&Path>) -> Result<Chosen> {
    let loaded = match file {
        Some(f) => variant_file::load_variants(f).map_err(anyhow::Error::msg)?,
        None => Vec::new(),
    };
    let name = name.unwrap_or("standard");
    let Some(variant) = variant_file::find(name, &loaded) else {
        let mut known: Vec<&str> = PRESETS.to_vec();
        known.extend(loaded.iter().map(|v| v.name()));
        bail!("unknown variant '{name}' (known: {})", known.join(", "));
    };
    Ok(Chosen { variant, loaded })
}

#[derive(clap::Args)]
pub struct VariantsArgs {
    #[command(subcommand)]
    pub action: VariantsAction,
}

#[derive(clap::Subcommand)]
pub enum VariantsAction {
    /// The built-in variants and those of `--variants FILE`, one line each.
    List,
    /// Checks a variant file: every table read, validated and summarised, or the first error with
    /// its file, line and key.
    Check {
        file: PathBuf,
        /// Print each variant's full definition as well.
        #[arg(long)]
        verbose: bool,
    },
}

/// One line about a variant.
pub fn summary(v: &Variant) -> String {
    let r = &v.rules;
    let mut extra = Vec::new();
    if r.substitute == crate::rules::variant::Substitute::Pass {
        extra.push("substitute pass".to_string());
    }
    if !r.own_capture {
        extra.push("no own capture".into());
    }
    if r.moves == crate::rules::variant::Moves::Forward {
        extra.push("moves forward".into());
    }
    if r.goal == crate::rules::variant::Goal::Rank {
        extra.push("goal rank".into());
    }
    if !r.holes.is_empty() {
        let h: Vec<String> = r.holes.iter().map(|&s| v.square_name(s)).collect();
        extra.push(format!("holes {}", h.join(" ")));
    }
    if r.first == crate::rules::board::Color::Blue {
        extra.push("blue first".into());
    }
    format!(
        "{:<12} {}x{}  cubes {:<22} dice {:<5} {}",
        v.name(),
        r.rows,
        r.cols,
        notation::setup_string(&r.cubes),
        r.dice_name(),
        extra.join(", ")
    )
    .trim_end()
    .to_string()
}

/// `ewn variants`: `loaded` are the variants of `--variants`, which `list` shows after the presets.
pub fn run_variants(args: VariantsArgs, loaded: &[&'static Variant]) -> Result<()> {
    match args.action {
        VariantsAction::List => {
            for p in PRESETS {
                println!("{}", summary(Variant::preset(p).expect("a preset")));
            }
            for v in loaded {
                println!("{}", summary(v));
            }
        }
        VariantsAction::Check { file, verbose } => {
            let vs = variant_file::load_variants(&file).map_err(anyhow::Error::msg)?;
            if vs.is_empty() {
                bail!("{}: no variant tables in the file", file.display());
            }
            for v in &vs {
                println!("{}", summary(v));
                if verbose {
                    println!("{}", to_toml(v));
                }
            }
            let n = vs.len();
            let plural = if n == 1 { "variant" } else { "variants" };
            println!("{}: {n} {plural}, all playable", file.display());
        }
    }
    Ok(())
}
