//! Finding and reading the spec file. All file-system and environment access lives here.

use std::path::PathBuf;

/// A spec file as the user named it and as found on disk.
pub struct Source {
    /// The path as written in the macro call (what diagnostics show).
    pub display: String,
    /// Absolute path, tracked by the expansion so cargo rebuilds when the file changes.
    pub absolute: PathBuf,
    pub text: String,
}

/// Resolves `path` against the invoking crate's manifest directory and reads it.
pub fn load(path: &str) -> Result<Source, String> {
    let base = std::env::var_os("CARGO_MANIFEST_DIR")
        .map(PathBuf::from)
        .unwrap_or_default();
    let absolute = base.join(path);
    match std::fs::read_to_string(&absolute) {
        Ok(text) => Ok(Source {
            display: path.to_string(),
            absolute,
            text,
        }),
        Err(e) => Err(format!(
            "{path}: cannot read the spec file ({e}); the path is relative to {}",
            base.display()
        )),
    }
}
