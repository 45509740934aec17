//! The file-system calls the store's files share: new private files, directory syncs, and the
//! errors that name the file.

use std::ffi::OsString;
use std::fs;
use std::path::{Path, PathBuf};

use super::values::StoreError;

/// `path` with `suffix` appended to its file name (`venue.sqlite` → `venue.sqlite-wal`).
pub(super) fn sibling(path: &Path, suffix: &str) -> PathBuf {
    let mut name = OsString::from(path.as_os_str());
    name.push(suffix);
    PathBuf::from(name)
}

pub(super) fn io_error(file: &Path, what: &str, e: &std::io::Error) -> StoreError {
    StoreError::new(file, None, format!("{what}: {e}"))
}

/// Options creating a new file only its owner can read and write: the journal and the
/// snapshots hold the accounts' secrets. SQLite gives its `-wal` and `-shm` files the same mode.
pub(super) fn private_options() -> fs::OpenOptions {
    let mut options = fs::OpenOptions::new();
    options.write(true).create_new(true);
    #[cfg(unix)]
    {
        use std::os::unix::fs::OpenOptionsExt;
        options.mode(0o600);
    }
    options
}

/// Creates a new, empty private file ([`private_options`]).
pub(super) fn new_private_file(path: &Path) -> Result<(), StoreError> {
    private_options()
        .open(path)
        .map(drop)
        .map_err(|e| io_error(path, "cannot create", &e))
}

/// Makes the rename durable (the directory's entry), where the system allows it.
pub(super) fn sync_dir(file: &Path) -> Result<(), StoreError> {
    #[cfg(unix)]
    if let Some(dir) = file.parent() {
        fs::File::open(dir)
            .and_then(|d| d.sync_all())
            .map_err(|e| io_error(dir, "cannot sync the directory", &e))?;
    }
    #[cfg(not(unix))]
    let _ = file;
    Ok(())
}
