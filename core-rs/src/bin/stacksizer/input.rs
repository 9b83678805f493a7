//! What the user hands the CLI: files, read with a size limit, never
//! overwritten by an output; numbers, finite.

use std::io::Read;
use std::path::Path;

/// The file's bytes, refused when it holds more than `limit` bytes. At
/// most `limit + 1` bytes are read, so a device (`/dev/zero`), a pipe or
/// a huge file is refused without filling memory, whatever its metadata
/// says.
pub fn read_bounded(path: &Path, limit: usize) -> Result<Vec<u8>, String> {
    let cannot = |e: std::io::Error| format!("cannot read {}: {e}", path.display());
    let file = std::fs::File::open(path).map_err(cannot)?;
    let mut bytes = Vec::new();
    file.take(limit as u64 + 1)
        .read_to_end(&mut bytes)
        .map_err(cannot)?;
    if bytes.len() > limit {
        return Err(format!(
            "{} is larger than {limit} bytes; at most {limit} bytes are read",
            path.display()
        ));
    }
    Ok(bytes)
}

/// A text file (UTF-8) of at most `limit` bytes.
pub fn read_text_bounded(path: &Path, limit: usize) -> Result<String, String> {
    String::from_utf8(read_bounded(path, limit)?)
        .map_err(|_| format!("cannot read {}: the file is not UTF-8 text", path.display()))
}

/// Refuses `output` (named by its option) when it is one of `inputs`
/// (the same file after canonicalisation: links and `./` resolved), so a
/// run never overwrites what it reads.
pub fn refuse_overwrite(option: &str, output: &Path, inputs: &[&Path]) -> Result<(), String> {
    // A file that does not exist yet cannot be an input.
    let Ok(target) = output.canonicalize() else {
        return Ok(());
    };
    let same = inputs
        .iter()
        .filter_map(|p| p.canonicalize().ok())
        .any(|p| p == target);
    if same {
        return Err(format!(
            "{option} {}: is an input of this command; write to another file",
            output.display()
        ));
    }
    Ok(())
}

/// clap value parser for numeric options: NaN and infinities are refused
/// (clap names the option), as Rust's `f64` parser accepts them.
pub fn finite_number(text: &str) -> Result<f64, String> {
    match text.trim().parse::<f64>() {
        Ok(n) if n.is_finite() => Ok(n),
        Ok(_) => Err(format!("must be a finite number (got {text})")),
        Err(_) => Err(format!("must be a number (got {text})")),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn numbers_must_be_finite() {
        assert_eq!(finite_number("1e3"), Ok(1000.0));
        assert_eq!(finite_number("-2.5"), Ok(-2.5));
        for bad in ["NaN", "nan", "inf", "-infinity", "1e400"] {
            assert!(finite_number(bad).is_err(), "{bad}");
        }
        assert!(finite_number("ten").is_err());
    }
}
