//! The journal's log on disk: what a killed writer or a power cut leaves at its end is cut off,
//! damage anywhere else is refused, and a log is never taken for a new store's.

use std::io::Write;

use super::*;

fn segment_files(tmp: &TempDir) -> Vec<PathBuf> {
    let mut files: Vec<PathBuf> = ok(fs::read_dir(tmp.path().join(LOG_DIR)))
        .map(|e| ok(e).path())
        .collect();
    files.sort();
    files
}

/// Cuts the last `bytes` off `file`.
fn cut(file: &Path, bytes: u64) {
    let whole = ok(fs::metadata(file)).len();
    ok(ok(fs::OpenOptions::new().write(true).open(file)).set_len(whole - bytes));
}

fn seqs(recovered: &Recovered) -> Vec<u64> {
    recovered.inputs.iter().map(|i| i.seq).collect()
}

/// Inputs 1..=6 in two segments (a snapshot at 3 between them).
fn two_segments(name: &str) -> TempDir {
    let tmp = TempDir::new(name);
    let (mut store, _) = open(tmp.path());
    commit_range(&mut store, 1, 3);
    ok(store.snapshot(3, 0, b"s3"));
    commit_range(&mut store, 4, 6);
    drop(store);
    let files = segment_files(&tmp);
    assert_eq!(files.len(), 2, "{files:?}");
    assert!(files[1].ends_with("00000000000000000004.log"), "{files:?}");
    tmp
}

#[test]
fn a_record_cut_short_at_the_end_is_cut_off() {
    let tmp = two_segments("log-torn");
    let last = segment_files(&tmp)[1].clone();
    // Input 6's record loses its last 3 bytes, as a write cut off by a kill leaves it.
    cut(&last, 3);
    let report = ok(Store::verify(tmp.path()));
    assert!(report.is_sound(), "{report}");
    assert_eq!(report.torn.as_deref(), Some(last.as_path()));
    assert_eq!(report.journal, Some((1, 5)));
    assert!(report.to_string().contains("cut short"), "{report}");

    let (mut store, recovered) = open(tmp.path());
    assert_eq!(seqs(&recovered), [4, 5]);
    assert_eq!(store.last_seq(), 5);
    // Cut off: 6 is written again as the venue replays nothing of it (never acknowledged).
    commit_range(&mut store, 6, 7);
    drop(store);
    let report = ok(Store::verify(tmp.path()));
    assert!(report.is_sound() && report.torn.is_none(), "{report}");
    let (_, recovered) = open(tmp.path());
    assert_eq!(seqs(&recovered), [4, 5, 6, 7]);
    assert_eq!(recovered.inputs[2].input, b"input 6");
}

#[test]
fn a_segment_with_only_part_of_its_header_is_removed() {
    let tmp = two_segments("log-header");
    let (mut store, _) = open(tmp.path());
    ok(store.snapshot(6, 0, b"s6"));
    drop(store);
    // The segment a kill interrupted as it began: part of its header, or its header alone.
    let next = tmp.path().join(LOG_DIR).join("00000000000000000007.log");
    for cut in [&b"CTGO"[..], b"CTGOJNL\x01"] {
        ok(fs::write(&next, cut));
        let (_, recovered) = open(tmp.path());
        assert!(recovered.inputs.is_empty());
        assert!(!next.exists());
    }
    let (mut store, _) = open(tmp.path());
    commit_range(&mut store, 7, 7);
    drop(store);
    assert!(next.exists());
    let (_, recovered) = open(tmp.path());
    assert_eq!(seqs(&recovered), [7]);
}

#[test]
fn a_tail_of_zeros_is_cut_off() {
    let tmp = two_segments("log-zeros");
    let last = segment_files(&tmp)[1].clone();
    let mut file = ok(fs::OpenOptions::new().append(true).open(&last));
    ok(file.write_all(&[0u8; 4096]));
    drop(file);
    let (_, recovered) = open(tmp.path());
    assert_eq!(seqs(&recovered), [4, 5, 6]);
    let report = ok(Store::verify(tmp.path()));
    assert!(report.is_sound() && report.torn.is_none(), "{report}");
}

#[test]
fn a_damaged_record_is_refused_whatever_follows() {
    let tmp = two_segments("log-crc");
    let last = segment_files(&tmp)[1].clone();
    let mut bytes = ok(fs::read(&last));
    // A byte of input 5's text ("input 5"), in the middle of the last segment.
    let at = bytes
        .windows(7)
        .position(|w| w == b"input 5")
        .unwrap_or_else(|| panic!("input 5 not found"));
    bytes[at] ^= 0x20;
    ok(fs::write(&last, &bytes));
    let err = refused(Store::open(tmp.path(), SyncMode::Normal));
    assert_eq!(err.file, last, "{err}");
    assert_eq!(err.record.as_deref(), Some("journal seq 5"), "{err}");
    assert!(err.reason.contains("CRC fails"), "{err}");
    assert_eq!(ok(fs::read(&last)), bytes, "left as it was");
    let report = ok(Store::verify(tmp.path()));
    assert!(!report.is_sound(), "{report}");
}

#[test]
fn a_segment_cut_short_before_the_last_is_damage() {
    let tmp = two_segments("log-short");
    let first = segment_files(&tmp)[0].clone();
    cut(&first, 1);
    // A start reads from the snapshot at 3 on: it does not need the damaged segment.
    let (_, recovered) = open(tmp.path());
    assert_eq!(seqs(&recovered), [4, 5, 6]);
    // The verification reads it all.
    let report = ok(Store::verify(tmp.path()));
    assert_eq!(report.problems.len(), 1, "{report}");
    let problem = &report.problems[0];
    assert_eq!(problem.file, first, "{report}");
    assert_eq!(problem.record.as_deref(), Some("journal seq 3"), "{report}");
    assert!(problem.reason.contains("not the last"), "{report}");
}

#[test]
fn a_journal_without_its_database_is_refused() {
    let tmp = two_segments("log-orphan");
    ok(fs::remove_file(tmp.file()));
    let _ = fs::remove_file(tmp.path().join("venue.sqlite-wal"));
    let err = refused(Store::open(tmp.path(), SyncMode::Normal));
    assert_eq!(err.file, tmp.path().join(LOG_DIR), "{err}");
    assert!(err.reason.contains("without its database"), "{err}");
    assert!(!tmp.file().exists(), "no new store beside it");
}

#[test]
fn the_segments_are_private_and_hold_one_stretch_each() {
    let tmp = two_segments("log-private");
    let files = segment_files(&tmp);
    #[cfg(unix)]
    for file in &files {
        use std::os::unix::fs::PermissionsExt;
        let mode = ok(fs::metadata(file)).permissions().mode() & 0o777;
        assert_eq!(mode, 0o600, "{}: {mode:o}", file.display());
    }
    let all = ok(Store::journal(tmp.path()));
    let seqs: Vec<u64> = all.iter().map(|i| i.seq).collect();
    assert_eq!(seqs, [1, 2, 3, 4, 5, 6]);
    // Each record: 8 + 8 + 1 + 4 + 4 bytes around its input.
    let header = 8;
    let inputs: u64 = (1..=3)
        .map(|s| format!("input {s}").len() as u64 + 25)
        .sum();
    assert_eq!(ok(fs::metadata(&files[0])).len(), header + inputs);
}
