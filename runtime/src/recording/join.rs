//! A recording read an entry at a time, in the memory of a line or so: a file, or a directory of
//! files joined as one session by the rules of [`files`](super::files), one file open at a time.
//! A directory's files are put in order by their headers first (each opened for its first line,
//! then closed), then read one after the other; [`Recording::from_dir`] is this join collected,
//! so an entry's number (its place in the join) is the same read either way.
//!
//! The files' bytes come through a [`FileSource`]: [`Disk`] opens them, another can see every
//! byte read (the simulator's market cache hashes them as it builds from them).
//!
//! [`Recording::from_dir`]: super::Recording::from_dir

use std::collections::{BTreeMap, BTreeSet, HashSet, VecDeque};
use std::fs::File;
use std::io::{self, BufReader, Read};
use std::path::{Path, PathBuf};

use super::entries::Entries;
use super::line::{Entry, Header, Recorded, RecordingError};
use super::text::Text;

/// Where a [`Joined`] reads its files' bytes from.
pub trait FileSource {
    /// What reads one file.
    type Reader: Read;

    /// The file at `path`, from its first byte.
    fn open(&mut self, path: &Path) -> io::Result<Self::Reader>;

    /// The file at `path` was read to its end: its reader, given back (a file whose reading
    /// failed is not).
    fn close(&mut self, path: &Path, reader: Self::Reader) {
        let _ = (path, reader);
    }
}

/// The files as they are on disk.
#[derive(Debug, Clone, Copy, Default)]
pub struct Disk;

impl FileSource for Disk {
    type Reader = File;

    fn open(&mut self, path: &Path) -> io::Result<File> {
        File::open(path)
    }
}

/// The entries of a recording file (plain or gzip) or of a directory of them read as one
/// session, an entry at a time: what [`Recording::from_file`](super::Recording::from_file)
/// reads, in the memory of one file's reader. After the first error the iterator ends.
pub struct Joined<S: FileSource = Disk> {
    source: S,
    /// The files in the order they are joined, and how many were opened.
    files: Vec<PathBuf>,
    opened: usize,
    /// A file read alone: its entries as they are.
    single: bool,
    reading: Option<Reading<S::Reader>>,
    header: Header,
    run: Run,
    /// Gap lines to give before the next file's entries.
    gaps: VecDeque<Entry>,
    /// The entry last given was a gap line (from no file).
    gave_gap: bool,
    warnings: Vec<String>,
    done: bool,
}

/// The file being read.
struct Reading<R> {
    path: PathBuf,
    entries: Entries<Text<BufReader<R>>>,
    /// Where its warnings go among the join's: before the one its start made (a restart's).
    warn_at: usize,
}

impl<S: FileSource> std::fmt::Debug for Joined<S> {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("Joined")
            .field("files", &self.files)
            .field("opened", &self.opened)
            .finish_non_exhaustive()
    }
}

impl Joined {
    /// The recording at `path`: a file, plain or gzip (known by its first bytes), or a
    /// directory of them, its files put in order by their headers. The first file's header is
    /// read and checked here.
    pub fn open(path: impl AsRef<Path>) -> Result<Joined, RecordingError> {
        Joined::with_source(path, Disk)
    }
}

impl<S: FileSource> Joined<S> {
    /// [`Joined::open`], every file's bytes read through `source`.
    pub fn with_source(path: impl AsRef<Path>, source: S) -> Result<Joined<S>, RecordingError> {
        let path = path.as_ref();
        let single = !path.is_dir();
        let (files, warnings) = if single {
            (vec![path.to_path_buf()], Vec::new())
        } else {
            ordered(path)?
        };
        let mut joined = Joined {
            source,
            files,
            opened: 0,
            single,
            reading: None,
            header: Header {
                contango_recording: 0,
                started_us: 0,
                started_ms: 0,
                client: String::new(),
            },
            run: Run::new(0, 0),
            gaps: VecDeque::new(),
            gave_gap: false,
            warnings,
            done: false,
        };
        joined.start_next()?;
        Ok(joined)
    }

    /// The recording's header: its first file's.
    pub fn header(&self) -> &Header {
        &self.header
    }

    /// What was read but not whole, in words, each naming its file: the files left out (empty),
    /// then those read so far that were cut short, and the restarts' gaps. All of them once
    /// every entry was read.
    pub fn warnings(&self) -> &[String] {
        &self.warnings
    }

    /// The files, in the order they are joined (a directory's files that are read: not the
    /// empty ones).
    pub fn files(&self) -> &[PathBuf] {
        &self.files
    }

    /// The file being read: the one the entry last given came from (its [`Entry::line`] is a
    /// line of this file). `None` for a gap line (which no file holds: its line is 0), and once
    /// every entry is read.
    pub fn file(&self) -> Option<&Path> {
        match &self.reading {
            Some(reading) if !self.gave_gap => Some(&reading.path),
            _ => None,
        }
    }

    /// Reads the bytes of every file not yet read to its end through the source, without
    /// reading their lines (what hashes a recording's files), and gives the source back.
    pub fn read_bytes(mut self) -> Result<S, RecordingError> {
        loop {
            if let Some(reading) = self.reading.take() {
                let mut reader = reading.entries.into_inner().into_inner().into_inner();
                io::copy(&mut reader, &mut io::sink())
                    .map_err(|e| unreadable(&reading.path, &e))?;
                self.source.close(&reading.path, reader);
            }
            if !self.start_next()? {
                return Ok(self.source);
            }
        }
    }

    /// The source, once the files are read.
    pub fn into_source(self) -> S {
        self.source
    }

    /// Opens the next file and reads its header (`false`: there is none).
    fn start_next(&mut self) -> Result<bool, RecordingError> {
        let Some(listed) = self.files.get(self.opened).cloned() else {
            return Ok(false);
        };
        self.opened += 1;
        let source = &mut self.source;
        let (path, reader) = if self.single {
            source.open(&listed).map(|r| (listed.clone(), r))
        } else {
            open_listed(&listed, |p| source.open(p))
        }
        .map_err(|e| unreadable(&listed, &e))?;
        let text = Text::new(BufReader::with_capacity(1 << 16, reader))
            .map_err(|e| unreadable(&path, &e))?;
        let entries = Entries::named(text, Some(path.display().to_string()))?;
        let started_us = entries.header().started_us;
        let warn_at = self.warnings.len();
        if self.opened == 1 {
            self.header = entries.header().clone();
            self.run = Run::new(started_us, 0);
            self.run.file = Some(path.display().to_string());
        } else if started_us != self.run.started_us {
            let (run, gaps, warning) = self.run.next(started_us, &path, self.header.started_us)?;
            self.run = run;
            self.gaps.extend(gaps);
            self.warnings.push(warning);
        }
        self.reading = Some(Reading {
            path,
            entries,
            warn_at,
        });
        Ok(true)
    }

    /// The file being read is read: its warnings noted, its reader given back.
    fn finish_file(&mut self) {
        let Some(reading) = self.reading.take() else {
            return;
        };
        let name = reading.path.display().to_string();
        let cut = reading.entries.warnings();
        let text = reading.entries.into_inner();
        let early = text
            .ended_early()
            .then(|| "the gzip data ends early: read what it holds".to_owned());
        let warnings = early.into_iter().chain(cut).map(|w| format!("{name}: {w}"));
        self.warnings
            .splice(reading.warn_at..reading.warn_at, warnings);
        self.source
            .close(&reading.path, text.into_inner().into_inner());
    }
}

impl<S: FileSource> Iterator for Joined<S> {
    type Item = Result<Entry, RecordingError>;

    fn next(&mut self) -> Option<Self::Item> {
        while !self.done {
            self.gave_gap = false;
            if let Some(gap) = self.gaps.pop_front() {
                self.gave_gap = true;
                return Some(Ok(gap));
            }
            let read = match &mut self.reading {
                Some(reading) => reading.entries.next(),
                None => match self.start_next() {
                    Ok(true) => continue,
                    Ok(false) => {
                        self.done = true;
                        return None;
                    }
                    Err(e) => Some(Err(e)),
                },
            };
            match read {
                Some(Ok(entry)) if self.single => return Some(Ok(entry)),
                Some(Ok(entry)) => {
                    if let Some(entry) = self.run.take(entry) {
                        return Some(Ok(entry));
                    }
                }
                Some(Err(e)) => {
                    self.done = true;
                    return Some(Err(e));
                }
                None => self.finish_file(),
            }
        }
        None
    }
}

/// Opens the listed file at `path` with `open`. A plain file gone since the listing, which its
/// recorder compressed meanwhile (it removes the plain one once the `.gz` is whole), is opened
/// as that `.gz`. The path opened, and its reader.
fn open_listed<R>(
    path: &Path,
    mut open: impl FnMut(&Path) -> io::Result<R>,
) -> io::Result<(PathBuf, R)> {
    match open(path) {
        Ok(r) => Ok((path.to_path_buf(), r)),
        Err(e)
            if e.kind() == io::ErrorKind::NotFound
                && path.extension() == Some("jsonl".as_ref()) =>
        {
            let mut gz = path.as_os_str().to_owned();
            gz.push(".gz");
            let gz = PathBuf::from(gz);
            open(&gz).map(|r| (gz, r)).map_err(|_| e)
        }
        Err(e) => Err(e),
    }
}

fn unreadable(path: &Path, e: &io::Error) -> RecordingError {
    RecordingError {
        file: Some(path.display().to_string()),
        line: 0,
        message: format!("cannot read: {e}"),
    }
}

/// The recording files of `dir` in the order they are joined, and the warnings of those left
/// out: `*.jsonl` and `*.jsonl.gz` (a plain file rather than its `.gz` beside it), not hidden,
/// not empty, by their header's start, then by name.
fn ordered(dir: &Path) -> Result<(Vec<PathBuf>, Vec<String>), RecordingError> {
    let refused = |message: String| RecordingError {
        file: Some(dir.display().to_string()),
        line: 0,
        message,
    };
    let listing = std::fs::read_dir(dir).map_err(|e| refused(format!("cannot read: {e}")))?;
    // By name without `.gz`: a plain file wins over its compressed copy.
    let mut names: BTreeMap<String, PathBuf> = BTreeMap::new();
    for item in listing {
        let path = item
            .map_err(|e| refused(format!("cannot read: {e}")))?
            .path();
        let Some(name) = path.file_name().map(|n| n.to_string_lossy().into_owned()) else {
            continue;
        };
        let stem = match name.strip_suffix(".gz") {
            Some(stem) => stem.to_owned(),
            None => name.clone(),
        };
        if name.starts_with('.') || !stem.ends_with(".jsonl") || !path.is_file() {
            continue;
        }
        let plain = stem == name;
        if plain || !names.contains_key(&stem) {
            names.insert(stem, path);
        }
    }
    let mut files = Vec::new();
    let mut warnings = Vec::new();
    for path in names.into_values() {
        if std::fs::metadata(&path).is_ok_and(|m| m.len() == 0) {
            warnings.push(format!(
                "{}: empty (a recorder killed as it opened it): left out",
                path.display()
            ));
            continue;
        }
        let started_us = Entries::open(&path)?.header().started_us;
        files.push((started_us, path));
    }
    if files.is_empty() {
        return Err(refused(
            "no recording in it (no .jsonl or .jsonl.gz file that is not empty)".into(),
        ));
    }
    // Stable: within one start, the names' order (the map's).
    files.sort_by_key(|(started_us, _)| *started_us);
    Ok((files.into_iter().map(|(_, path)| path).collect(), warnings))
}

/// The files of one recorder (one start), as they are joined.
struct Run {
    /// Its start, epoch µs.
    started_us: i64,
    /// Its times move by this to count from the first start.
    offset_us: u64,
    /// Its connections are numbered after this.
    conn_base: u64,
    /// The highest connection number so far, after renumbering.
    last_conn: u64,
    /// Its latest line's time, after moving.
    end_us: u64,
    /// The streams it connected.
    streams: BTreeSet<String>,
    /// Connections and clock samples read (kind, time, number or offset): a later file's
    /// repeats of them.
    seen: HashSet<(bool, u64, i64)>,
    /// Its first file, for messages.
    file: Option<String>,
}

impl Run {
    fn new(started_us: i64, conn_base: u64) -> Run {
        Run {
            started_us,
            offset_us: 0,
            conn_base,
            last_conn: conn_base,
            end_us: 0,
            streams: BTreeSet::new(),
            seen: HashSet::new(),
            file: None,
        }
    }

    /// The run starting at `started_us` (epoch µs; its first file at `path`) after this one,
    /// the recording starting at `start`: its offset and connection numbers, and the gap lines
    /// and warning for the time between them.
    fn next(
        &self,
        started_us: i64,
        path: &Path,
        start: i64,
    ) -> Result<(Run, Vec<Entry>, String), RecordingError> {
        let name = path.display().to_string();
        let offset_us = u64::try_from(started_us.saturating_sub(start)).unwrap_or_default();
        if offset_us < self.end_us {
            return Err(RecordingError {
                file: Some(name),
                line: 1,
                message: format!(
                    "its recording starts {} ms before the one in {} ends: two recorders wrote \
                     to this directory at once",
                    (self.end_us - offset_us) / 1_000,
                    self.file.as_deref().unwrap_or("an earlier file")
                ),
            });
        }
        let mut next = Run::new(started_us, self.last_conn);
        next.offset_us = offset_us;
        next.end_us = offset_us;
        next.file = Some(name.clone());
        let reason = format!("no recorder ran; the recording resumes in {name}");
        let gaps = self
            .streams
            .iter()
            .map(|stream| Entry {
                line: 0,
                at_us: offset_us,
                at_ms: offset_us / 1_000,
                recorded: Recorded::Gap {
                    stream: stream.clone(),
                    from_us: self.end_us,
                    to_us: offset_us,
                    reason: reason.clone(),
                    channels: Vec::new(),
                },
            })
            .collect();
        let warning = format!(
            "{name}: a new recording starts {} s after the one before it ends: a gap",
            (offset_us - self.end_us) / 1_000_000
        );
        Ok((next, gaps, warning))
    }

    /// `entry` on the joined clock and numbering, or `None` for a repeat.
    fn take(&mut self, mut entry: Entry) -> Option<Entry> {
        let key = match &entry.recorded {
            Recorded::Connect { conn, .. } => {
                Some((true, entry.at_us, i64::try_from(*conn).unwrap_or(i64::MAX)))
            }
            Recorded::Clock { offset_us, .. } => Some((false, entry.at_us, *offset_us)),
            _ => None,
        };
        if let Some(key) = key
            && !self.seen.insert(key)
        {
            return None;
        }
        let (offset, base) = (self.offset_us, self.conn_base);
        entry.at_us = entry.at_us.saturating_add(offset);
        entry.at_ms = entry.at_us / 1_000;
        match &mut entry.recorded {
            Recorded::Http(x) => {
                x.finished_us = x.finished_us.map(|f| f.saturating_add(offset));
            }
            Recorded::Connect { conn, stream, .. } => {
                *conn = conn.saturating_add(base);
                self.last_conn = self.last_conn.max(*conn);
                self.streams.insert(stream.clone());
            }
            Recorded::Frame(f) => f.conn = f.conn.saturating_add(base),
            Recorded::Close { conn, .. } => *conn = conn.saturating_add(base),
            Recorded::Gap { from_us, to_us, .. } => {
                *from_us = from_us.saturating_add(offset);
                *to_us = to_us.saturating_add(offset);
            }
            Recorded::Lost { .. } | Recorded::Clock { .. } | Recorded::Tool(_) => {}
        }
        self.end_us = self.end_us.max(entry.at_us);
        Some(entry)
    }
}
