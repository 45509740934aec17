//! Finding a companion binary: a program that runs another of the project's (`contango mcp`
//! runs `contango-mcp`, whose rehearsals run `contango-sim`) finds it in the variable naming it,
//! else beside itself (an install, or a build's target directory), else on the `PATH`.

use std::path::PathBuf;

/// The binary `name` (without the platform's suffix): the path in `env` when set, else `name`
/// beside this binary when there is one, else `name` alone (looked up on the `PATH`).
pub fn find(env: &str, name: &str) -> PathBuf {
    if let Some(path) = std::env::var_os(env).filter(|p| !p.is_empty()) {
        return PathBuf::from(path);
    }
    let name = format!("{name}{}", std::env::consts::EXE_SUFFIX);
    std::env::current_exe()
        .ok()
        .and_then(|exe| exe.parent().map(|dir| dir.join(&name)))
        .filter(|path| path.is_file())
        .unwrap_or_else(|| PathBuf::from(name))
}
