//! Finding and reading the spec file. All file-system and environment access lives here.

use crate::diag::closest;
use std::io::ErrorKind;
use std::path::{Path, PathBuf};

/// A spec file as the user named it and as found on disk.
pub struct Source {
    /// The path as written in the macro call (what diagnostics show).
    pub display: String,
    /// Absolute path, tracked by the expansion so cargo rebuilds when the file changes.
    pub absolute: PathBuf,
    pub text: String,
}

/// Resolves `path` against the invoking crate's manifest directory and reads it. The error
/// message names the path as written, never the machine's absolute path.
pub fn load(path: &str) -> Result<Source, String> {
    let base = std::env::var_os("CARGO_MANIFEST_DIR")
        .map(PathBuf::from)
        .unwrap_or_default();
    let absolute = base.join(path);
    let why = match std::fs::read(&absolute) {
        Ok(bytes) => match String::from_utf8(bytes) {
            Ok(text) => {
                return Ok(Source {
                    display: path.to_string(),
                    absolute,
                    text,
                });
            }
            Err(_) => "the file is not UTF-8 text".to_string(),
        },
        Err(e) => match e.kind() {
            ErrorKind::NotFound => format!(
                "no such file{}; relative paths start at the directory of the crate's Cargo.toml",
                sibling_hint(path, &absolute)
            ),
            ErrorKind::PermissionDenied => "permission denied".to_string(),
            ErrorKind::IsADirectory => "it is a directory, not a file".to_string(),
            _ if absolute.is_dir() => "it is a directory, not a file".to_string(),
            _ => e.to_string(),
        },
    };
    Err(format!("{path}: cannot read the spec file: {why}"))
}

/// ` (did you mean `spec/futures.yaml`?)` when a file next to the missing one has a close name.
fn sibling_hint(path: &str, absolute: &Path) -> String {
    let (Some(dir), Some(name)) = (absolute.parent(), absolute.file_name()) else {
        return String::new();
    };
    let Ok(entries) = std::fs::read_dir(dir) else {
        return String::new();
    };
    let names: Vec<String> = entries
        .filter_map(|e| e.ok()?.file_name().into_string().ok())
        .collect();
    let name = name.to_string_lossy();
    match closest(&name, names.iter().map(String::as_str)) {
        Some(c) => {
            let shown = match path.rsplit_once('/') {
                Some((dir, _)) => format!("{dir}/{c}"),
                None => c.to_string(),
            };
            format!(" (did you mean `{shown}`?)")
        }
        None => String::new(),
    }
}
