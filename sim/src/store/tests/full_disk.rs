//! A full disk, for real (Linux: a tmpfs in a mount namespace).

use super::*;

/// Where [`fill_the_disk`] finds its directory.
const FULL_DISK_DIR: &str = "CONTANGO_STORE_FULL_DISK_DIR";

/// A full disk, for real: this test's binary runs [`fill_the_disk`] again in a child process
/// with a file system of its own, a 256 KiB tmpfs mounted in a mount namespace (`unshare
/// --user --map-root-user --mount`: no privilege needed where user namespaces are allowed). Its
/// writes fail with `ENOSPC` as any full disk's do. Skipped, saying so, where `unshare` or the
/// mount is not allowed.
#[test]
fn a_full_disk_fails_the_commit() {
    let tmp = TempDir::new("full-disk");
    let exe = ok(std::env::current_exe());
    let script = r#"mount -t tmpfs -o size=256k contango-full "$1" || exit 77
exec "$0" store::tests::full_disk::fill_the_disk --exact --ignored --nocapture --test-threads=1"#;
    let out = std::process::Command::new("unshare")
        .args(["--user", "--map-root-user", "--mount", "sh", "-c", script])
        .arg(&exe)
        .arg(tmp.path())
        .env(FULL_DISK_DIR, tmp.path())
        .output();
    let out = match out {
        Ok(out) => out,
        Err(e) => {
            eprintln!("skipped: cannot run unshare ({e})");
            return;
        }
    };
    let stdout = String::from_utf8_lossy(&out.stdout);
    let stderr = String::from_utf8_lossy(&out.stderr);
    if !stdout.contains("full disk:")
        && (out.status.code() == Some(77) || stderr.starts_with("unshare:"))
    {
        eprintln!("skipped: no file system of its own here: {stderr}");
        return;
    }
    assert!(
        out.status.success() && stdout.contains("full disk:"),
        "{}\n{stdout}\n{stderr}",
        out.status
    );
    // The file system was the child's: nothing of it is left here.
    assert!(!tmp.file().exists());
    for line in stdout.lines() {
        if let Some(at) = line.find("full disk:") {
            eprintln!("{}", &line[at..]);
        }
    }
}

/// Run by [`a_full_disk_fails_the_commit`] in a 256 KiB file system: commits until the disk is
/// full, then checks the error, the poisoning, and that a restart finds every acknowledged input.
#[test]
#[ignore = "run by a_full_disk_fails_the_commit, in a file system of its own"]
fn fill_the_disk() {
    let Some(dir) = std::env::var_os(FULL_DISK_DIR) else {
        return;
    };
    let dir = PathBuf::from(dir);
    let (mut store, _) = open(&dir);
    let bytes = vec![0x5A_u8; 2000];
    let mut seq = 0;
    let err = loop {
        seq += 1;
        let id = i64::try_from(seq).unwrap_or_default();
        let batch = Batch {
            inputs: vec![input(seq, &bytes)],
            rows: vec![Row::Order(order(id, seq))],
        };
        match store.commit(&batch) {
            Ok(()) => assert!(seq < 1000, "256 KiB never filled"),
            Err(e) => break e,
        }
    };
    assert!(err.reason.contains("commit failed"), "{err}");
    // The log's write (`ENOSPC`) or SQLite's, for the rows.
    assert!(
        err.reason.contains("No space left") || err.reason.contains("disk is full"),
        "{err}"
    );
    assert!(err.reason.contains("must stop taking input"), "{err}");
    let again = refused(store.commit(&Batch {
        inputs: vec![input(seq, &bytes)],
        rows: Vec::new(),
    }));
    assert!(again.reason.contains("an earlier commit failed"), "{again}");
    drop(store);
    // Every acknowledged input is there; the failed one too when its rows failed after the log
    // took it (an input whose answer was lost), never one cut short.
    let (_, recovered) = open(&dir);
    let found = u64::try_from(recovered.inputs.len()).unwrap_or_default();
    assert!(
        found == seq - 1 || found == seq,
        "{found} inputs after {seq}"
    );
    println!("full disk: after {} commits: {err}", seq - 1);
}
