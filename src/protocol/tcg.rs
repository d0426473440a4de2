//! The TCG contest protocol. A placeholder with the agreed entry point; the real front end is
//! developed separately and replaces this file.

/// Serves a TCG session whose first line has already been read.
pub fn serve(
    first_line: String,
    lines: &mut dyn Iterator<Item = String>,
    out: &mut dyn std::io::Write,
) -> anyhow::Result<()> {
    let _ = (first_line, lines, out);
    Ok(())
}
