//! Protocol front ends. (Filled in by the native protocol work.)

pub mod tcg;

pub fn run_stdio() -> anyhow::Result<()> {
    anyhow::bail!("protocol not built yet")
}
