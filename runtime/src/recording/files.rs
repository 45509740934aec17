//! Recordings read from disk whole: a file, plain or gzip, and a directory of files (a rotating
//! recorder's) read as one session. Both are [`Joined`] collected: the rules below are its.
//!
//! A directory's files (`*.jsonl`, `*.jsonl.gz`; hidden files, `.part` files and anything else
//! are not read) are put in time order by their header's start, then by name: the files of one
//! recorder share its start and their names sort by time (`Recorder::rotating`). A plain file
//! beside its own `.gz` is a compression a kill interrupted: the plain one is read. Then:
//!
//! - lines a rotated file repeats at its top (the connections still open, the last clock
//!   sample: the same line, the same time, already read from an earlier file) are read once;
//! - files of a later recorder (a restart: another start in its header) have their times moved
//!   to the first start and their connections numbered after the earlier ones, and a `gap` line
//!   of each stream the earlier one recorded marks the time no recorder ran; a later recorder
//!   that starts before the earlier one's last line (two at once in one directory) is refused;
//! - a file cut short is read up to its last whole line, with a warning, as
//!   [`Recording::parse`] reads one; a damaged line is refused with its file and line;
//! - a plain file gone by the time it is read (its recorder compressed it meanwhile, then
//!   removed it) is read from its `.gz`, so a directory a recorder is still writing reads.

use std::path::Path;

use super::entries::Recording;
use super::join::Joined;
use super::line::RecordingError;

impl Recording {
    /// Reads the recording at `path`: a file, plain or gzip (known by its first bytes, whatever
    /// its name), or a directory, read as [`Recording::from_dir`]. Warnings (a file cut short)
    /// are logged and kept in [`Recording::warnings`], each naming its file. [`Joined`] reads
    /// the same an entry at a time.
    pub fn from_file(path: impl AsRef<Path>) -> Result<Recording, RecordingError> {
        collect(Joined::open(path)?)
    }

    /// Reads every recording file of `dir` (`*.jsonl` and `*.jsonl.gz`) as one session, in
    /// time order: what `contango record market` and [`Recorder::rotating`] write, restarts
    /// included (the time between two recorders is a gap). See the module's documentation.
    ///
    /// [`Recorder::rotating`]: super::Recorder::rotating
    pub fn from_dir(dir: impl AsRef<Path>) -> Result<Recording, RecordingError> {
        let dir = dir.as_ref();
        if !dir.is_dir() {
            return Err(RecordingError {
                file: Some(dir.display().to_string()),
                line: 0,
                message: "cannot read: not a directory".into(),
            });
        }
        collect(Joined::open(dir)?)
    }
}

/// Every entry of `joined`, its warnings logged.
fn collect(mut joined: Joined) -> Result<Recording, RecordingError> {
    let entries = joined.by_ref().collect::<Result<Vec<_>, _>>()?;
    let recording = Recording {
        header: joined.header().clone(),
        entries,
        warnings: joined.warnings().to_vec(),
    };
    for warning in &recording.warnings {
        tracing::warn!(%warning, "contango.recording.incomplete");
    }
    Ok(recording)
}

#[cfg(test)]
#[allow(clippy::unwrap_used)]
mod tests {
    use std::io::Write;
    use std::path::PathBuf;

    use super::*;
    use crate::recording::{Entry, FileSource, Recorded};

    fn temp(name: &str) -> PathBuf {
        let dir =
            std::env::temp_dir().join(format!("contango-files-{name}-{}", std::process::id()));
        let _ = std::fs::remove_dir_all(&dir);
        std::fs::create_dir_all(&dir).unwrap();
        dir
    }

    fn gzip(bytes: &[u8]) -> Vec<u8> {
        let mut gz = flate2::write::GzEncoder::new(Vec::new(), flate2::Compression::fast());
        gz.write_all(bytes).unwrap();
        gz.finish().unwrap()
    }

    fn header(started_us: i64) -> String {
        format!(r#"{{"contango_recording":2,"started_us":{started_us},"client":"contango/0.1.0"}}"#)
    }

    fn connect(at: u64, conn: u64) -> String {
        format!(
            r#"{{"at_us":{at},"kind":"connect","conn":{conn},"stream":"market","url":"ws://h/kline-api/ws"}}"#
        )
    }

    fn frame(at: u64, conn: u64, text: &str) -> String {
        format!(r#"{{"at_us":{at},"kind":"frame","conn":{conn},"dir":"in","text":"{text}"}}"#)
    }

    fn file(lines: &[String]) -> String {
        lines.iter().map(|l| format!("{l}\n")).collect()
    }

    /// What a reader sees: each line's time and content (line numbers differ between a file and
    /// the directory it was cut into).
    fn seen(r: &Recording) -> Vec<(u64, Recorded)> {
        r.entries
            .iter()
            .map(|e| (e.at_us, e.recorded.clone()))
            .collect()
    }

    const START: i64 = 1_795_784_400_000_000;

    /// A directory of two recorders: the first's two files (the second repeating the open
    /// connection, then killed mid-line), the second's started 10 s after the first's last
    /// line (a connection numbered 1 again); and files not read.
    fn restarted(name: &str) -> PathBuf {
        let dir = temp(name);
        let first = file(&[header(START), connect(10, 1), frame(20, 1, "a")]);
        std::fs::write(
            dir.join("market-2026-11-27T13.jsonl.gz"),
            gzip(first.as_bytes()),
        )
        .unwrap();
        let second = file(&[header(START), connect(10, 1), frame(3_600_000_010, 1, "b")]);
        let killed = format!("{second}{}", &frame(3_600_000_020, 1, "c")[..30]);
        std::fs::write(dir.join("market-2026-11-27T14.jsonl"), killed).unwrap();
        let restart = START + 3_610_000_010;
        let third = file(&[header(restart), connect(5, 1), frame(7, 1, "d")]);
        std::fs::write(dir.join("market-2026-11-27T14_2.jsonl"), &third).unwrap();
        // Not read: a compressed copy beside its plain file, a copy being made, other files.
        std::fs::write(dir.join("market-2026-11-27T14_2.jsonl.gz"), b"not gzip").unwrap();
        std::fs::write(dir.join("market-2026-11-27T13.jsonl.gz.part"), b"half").unwrap();
        std::fs::write(dir.join("notes.txt"), b"hello").unwrap();
        std::fs::write(dir.join(".hidden.jsonl"), b"hello").unwrap();
        dir
    }

    #[test]
    fn a_restarted_recorder_joins_with_a_gap_and_its_connections_numbered_after() {
        let dir = restarted("restart");
        let start = START;
        let read = Recording::from_dir(&dir).unwrap();
        assert_eq!(read.header.started_us, start);
        let gap = Recorded::Gap {
            stream: "market".into(),
            from_us: 3_600_000_010,
            to_us: 3_610_000_010,
            reason: format!(
                "no recorder ran; the recording resumes in {}",
                dir.join("market-2026-11-27T14_2.jsonl").display()
            ),
            channels: Vec::new(),
        };
        let text = |conn, t: &str| {
            Recorded::Frame(crate::recording::Frame {
                conn,
                dir: crate::recording::Direction::In,
                binary: false,
                gzip: false,
                payload: crate::recording::Payload::Text(t.into()),
            })
        };
        let connect = |conn| Recorded::Connect {
            conn,
            stream: "market".into(),
            url: "ws://h/kline-api/ws".into(),
        };
        assert_eq!(
            seen(&read),
            [
                (10, connect(1)),
                (20, text(1, "a")),
                (3_600_000_010, text(1, "b")),
                (3_610_000_010, gap),
                (3_610_000_015, connect(2)),
                (3_610_000_017, text(2, "d")),
            ]
        );
        assert_eq!(read.entries[3].line, 0, "the gap is in no file");
        let name = |n: &str| dir.join(n).display().to_string();
        assert_eq!(
            read.warnings,
            [
                format!(
                    "{}: line 4 is cut short (the file ends inside it, as a killed recorder leaves it): read up to line 3",
                    name("market-2026-11-27T14.jsonl")
                ),
                format!(
                    "{}: a new recording starts 10 s after the one before it ends: a gap",
                    name("market-2026-11-27T14_2.jsonl")
                ),
            ]
        );
        // `from_file` reads a directory as `from_dir` does.
        assert_eq!(Recording::from_file(&dir).unwrap(), read);
        let _ = std::fs::remove_dir_all(&dir);
    }

    /// Files opened and closed, and the most open at once.
    #[derive(Default)]
    struct Counting {
        open: usize,
        most: usize,
        closed: Vec<PathBuf>,
    }

    impl FileSource for Counting {
        type Reader = std::fs::File;

        fn open(&mut self, path: &Path) -> std::io::Result<std::fs::File> {
            self.open += 1;
            self.most = self.most.max(self.open);
            std::fs::File::open(path)
        }

        fn close(&mut self, path: &Path, _: std::fs::File) {
            self.open -= 1;
            self.closed.push(path.to_path_buf());
        }
    }

    #[test]
    fn the_join_gives_from_dirs_entries_in_its_numbering_one_file_open_at_a_time() {
        let dir = restarted("streamed");
        let whole = Recording::from_dir(&dir).unwrap();
        let mut joined = Joined::with_source(&dir, Counting::default()).unwrap();
        assert_eq!(joined.header(), &whole.header);
        let names = [
            "market-2026-11-27T13.jsonl.gz",
            "market-2026-11-27T14.jsonl",
            "market-2026-11-27T14_2.jsonl",
        ]
        .map(|n| dir.join(n));
        assert_eq!(joined.files(), names);
        // Entry i of the stream is entry i of `from_dir`: the gap, the repeats left out.
        let streamed: Vec<Entry> = joined.by_ref().map(Result::unwrap).collect();
        assert_eq!(streamed, whole.entries);
        assert_eq!(joined.warnings(), whole.warnings);
        let counted = joined.into_source();
        assert_eq!((counted.most, counted.open), (1, 0));
        assert_eq!(counted.closed, names);
        // Each entry's file: the one whose line it is; the gap's none.
        let mut joined = Joined::open(&dir).unwrap();
        let mut read_from: Vec<PathBuf> = Vec::new();
        while let Some(entry) = joined.next() {
            let line = entry.unwrap().line;
            assert_eq!(joined.file().is_none(), line == 0, "line {line}");
            if let Some(file) = joined
                .file()
                .filter(|f| read_from.last().map(PathBuf::as_path) != Some(*f))
            {
                read_from.push(file.to_path_buf());
            }
        }
        assert_eq!(read_from, names);
        assert_eq!(joined.file(), None, "every entry read");

        // A plain file compressed (then removed) by its recorder after the listing is read from
        // its `.gz`: the same entries.
        let joined = Joined::open(&dir).unwrap();
        let plain = dir.join("market-2026-11-27T14.jsonl");
        let gz = dir.join("market-2026-11-27T14.jsonl.gz");
        std::fs::write(&gz, gzip(&std::fs::read(&plain).unwrap())).unwrap();
        std::fs::remove_file(&plain).unwrap();
        let streamed: Vec<Entry> = joined.map(Result::unwrap).collect();
        assert_eq!(streamed, whole.entries);
        // Its bytes alone, through the source: every file opened once, each closed.
        let bytes = Joined::with_source(&dir, Counting::default())
            .unwrap()
            .read_bytes()
            .unwrap();
        assert_eq!(bytes.closed[1], gz);
        assert_eq!((bytes.most, bytes.closed.len()), (1, 3));
        let _ = std::fs::remove_dir_all(&dir);
    }

    #[test]
    fn a_damaged_line_is_refused_with_its_file_and_two_recorders_at_once_are_refused() {
        let dir = temp("damaged");
        let start = 1_000_000;
        let good = file(&[header(start), connect(10, 1), frame(20, 1, "a")]);
        let damaged = good.replace(r#""dir":"in""#, r#""dir":"sideways""#);
        let path = dir.join("m-1.jsonl.gz");
        std::fs::write(
            &path,
            gzip(format!("{damaged}{}\n", frame(30, 1, "b")).as_bytes()),
        )
        .unwrap();
        let e = Recording::from_dir(&dir).unwrap_err();
        assert_eq!(
            (e.file.as_deref(), e.line),
            (Some(&*path.display().to_string()), 3)
        );
        assert!(e.message.contains("unknown variant `sideways`"), "{e}");
        // A compressed file cut short reads what it holds.
        let gz = gzip(good.as_bytes());
        std::fs::write(&path, &gz[..gz.len() - 8]).unwrap();
        let read = Recording::from_dir(&dir).unwrap();
        assert_eq!(read.entries.len(), 2);
        assert_eq!(
            read.warnings,
            [format!(
                "{}: the gzip data ends early: read what it holds",
                path.display()
            )]
        );
        // A wrong checksum is damage.
        let mut bad = gz.clone();
        let crc = bad.len() - 8;
        bad[crc] ^= 0xff;
        std::fs::write(&path, bad).unwrap();
        let e = Recording::from_file(&path).unwrap_err();
        assert!(e.to_string().contains("damaged gzip"), "{e}");
        // A second recorder whose start is before the first one's last line.
        std::fs::write(&path, &good).unwrap();
        let overlapping = file(&[header(start + 15), connect(1, 1)]);
        std::fs::write(dir.join("m-2.jsonl"), overlapping).unwrap();
        let e = Recording::from_dir(&dir).unwrap_err();
        assert_eq!(e.line, 1, "{e}");
        assert!(
            e.message
                .contains("two recorders wrote to this directory at once"),
            "{e}"
        );
        // An empty file is left out, with a warning; nothing to read is refused.
        std::fs::remove_file(dir.join("m-2.jsonl")).unwrap();
        std::fs::write(dir.join("m-3.jsonl"), b"").unwrap();
        assert_eq!(Recording::from_dir(&dir).unwrap().warnings.len(), 1);
        std::fs::remove_file(&path).unwrap();
        let e = Recording::from_dir(&dir).unwrap_err();
        assert!(e.message.starts_with("no recording in it"), "{e}");
        let _ = std::fs::remove_dir_all(&dir);
    }

    /// A rotating recorder on a clock the test moves: a file per hour, each closed one
    /// compressed, a quiet hour's file closed on time; the directory reads as one recording of
    /// the same lines would.
    #[cfg(feature = "streams")]
    #[tokio::test]
    async fn a_rotating_recorder_writes_a_file_per_hour_that_read_as_one_recording() {
        use std::sync::Arc;
        use std::sync::atomic::{AtomicI64, Ordering};

        use crate::recording::{Direction, Recorder, Rotation};

        let dir = temp("rotating");
        // 2026-11-27T12:59:59Z.
        let now = Arc::new(AtomicI64::new(1_795_784_399_000_000));
        let clock = {
            let now = Arc::clone(&now);
            move || now.load(Ordering::SeqCst)
        };
        let rotating =
            Recorder::rotating_with_clock(&dir, "market", Rotation::Hour, clock.clone()).unwrap();
        let whole = Arc::new(std::sync::Mutex::new(Vec::new()));
        struct Shared(Arc<std::sync::Mutex<Vec<u8>>>);
        impl Write for Shared {
            fn write(&mut self, b: &[u8]) -> std::io::Result<usize> {
                self.0.lock().unwrap().extend_from_slice(b);
                Ok(b.len())
            }
            fn flush(&mut self) -> std::io::Result<()> {
                Ok(())
            }
        }
        let one = Recorder::to_writer_with_clock(Shared(Arc::clone(&whole)), clock).unwrap();
        let both = [&rotating, &one];
        let conn = both.map(|r| r.connect("market", "ws://h/kline-api/ws"))[0];
        for r in both {
            r.clock(-250, Some(900));
            r.frame(conn, Direction::In, false, &b"{\"n\":1}"[..]);
        }
        now.store(1_795_784_400_500_000, Ordering::SeqCst); // 13:00:00.5
        for r in both {
            r.frame(conn, Direction::In, false, &b"{\"n\":2}"[..]);
        }
        rotating.flush().await.unwrap();
        // A quiet hour: its file is closed and compressed when the hour ends, not at the next line.
        now.store(1_795_788_000_000_000, Ordering::SeqCst); // 14:00:00
        let compressed = dir.join("market-2026-11-27T13.jsonl.gz");
        let waited = std::time::Instant::now();
        while !compressed.exists() {
            assert!(
                waited.elapsed() < std::time::Duration::from_secs(5),
                "no {compressed:?}: {:?}",
                std::fs::read_dir(&dir).unwrap().collect::<Vec<_>>()
            );
            tokio::time::sleep(std::time::Duration::from_millis(10)).await;
        }
        for r in both {
            r.frame(conn, Direction::In, false, &b"{\"n\":3}"[..]);
        }
        rotating.finish().await.unwrap();
        one.flush().await.unwrap();
        let mut names: Vec<String> = std::fs::read_dir(&dir)
            .unwrap()
            .map(|e| e.unwrap().file_name().to_string_lossy().into_owned())
            .collect();
        names.sort();
        assert_eq!(
            names,
            [
                "market-2026-11-27T12.jsonl.gz",
                "market-2026-11-27T13.jsonl.gz",
                "market-2026-11-27T14.jsonl.gz"
            ]
        );
        // Each file reads alone: the last one starts with the open connection and the clock.
        let last = Recording::from_file(dir.join(&names[2])).unwrap();
        assert!(matches!(
            last.entries[0].recorded,
            Recorded::Connect { conn: 1, .. }
        ));
        assert!(matches!(
            last.entries[1].recorded,
            Recorded::Clock {
                offset_us: -250,
                ..
            }
        ));
        assert_eq!(last.entries.len(), 3);
        let joined = Recording::from_dir(&dir).unwrap();
        let single = Recording::parse(&whole.lock().unwrap()).unwrap();
        assert_eq!(joined.header, single.header);
        assert_eq!(seen(&joined), seen(&single));
        assert_eq!(seen(&joined).len(), 5);
        assert!(joined.warnings.is_empty(), "{:?}", joined.warnings);
        // Nothing is written after the end.
        rotating.frame(conn, Direction::In, false, &b"{\"n\":4}"[..]);
        assert!(rotating.flush().await.is_ok());
        assert_eq!(Recording::from_dir(&dir).unwrap(), joined);
        let _ = std::fs::remove_dir_all(&dir);
    }
}
