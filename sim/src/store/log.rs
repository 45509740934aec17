//! The journal's log: the inputs, appended to plain files in `DIR/journal/`, one file (a
//! segment) per stretch between two snapshots, named after its first seq. A commit is one
//! `write` of its group's records, with no lock, page or index to keep: what SQLite cost the
//! journal's commits (docs/design.md, The journaled venue). Snapshots and read tables stay in
//! SQLite.
//!
//! A segment: the 8 bytes [`MAGIC`], then records, each `length` (u32, of the body), the body
//! (`seq` u64, `time_ms` i64, `kind` u8, the input's bytes) and the body's CRC-32 (u32), all
//! little-endian. Within a segment the seqs are consecutive from the one its name gives.
//!
//! A killed process leaves at most one group cut short, at the end of the last segment: it was
//! never acknowledged (its `write` had not returned), and a start cuts it off, as it does a tail
//! of zeros (what a power cut may leave of writes not synced). Any other record that does not
//! read (its CRC fails, its length is absurd), or one cut short in a segment that is not the
//! last, is damage, and the store is refused: a record after it may have been acknowledged.

use std::fs::{self, File, OpenOptions};
use std::io::{BufReader, ErrorKind, Read, Write};
use std::path::{Path, PathBuf};

use super::disk::{io_error, private_options, sync_dir};
use super::values::{JournalEntry, Journaled, StoreError, SyncMode};

/// The log's directory in the state directory.
pub const LOG_DIR: &str = "journal";

/// A segment's first bytes: `CTGOJNL` and the format, 1.
const MAGIC: &[u8; 8] = b"CTGOJNL\x01";
/// A record's bytes beyond its input: length, seq, time, kind, CRC.
const RECORD_OVERHEAD: usize = 4 + 8 + 8 + 1 + 4;
/// The longest input a record may hold: a length past it is damage, not an allocation.
const MAX_INPUT: usize = 64 << 20;
/// In a debug build, milliseconds a compaction waits after removing a segment, when set: the
/// crash tests' way to land a kill between two removals.
#[cfg(debug_assertions)]
pub const COMPACTION_PAUSE_ENV: &str = "CONTANGO_SIM_COMPACTION_PAUSE_MS";

/// The log of a store open for writing: appends to its last segment, starts a new one at each
/// snapshot, removes those behind a compaction.
#[derive(Debug)]
pub(super) struct Log {
    dir: PathBuf,
    sync: SyncMode,
    /// The first seqs of the segments, oldest first (the last is the one appended to, once it
    /// exists).
    segments: Vec<u64>,
    /// The segment appended to (`None`: the next append starts one).
    current: Option<File>,
    /// A group's records, written at once.
    buf: Vec<u8>,
}

/// What a scan of the log found.
#[derive(Debug, Default)]
pub(super) struct Scanned {
    /// The first seqs of the segments, oldest first.
    pub segments: Vec<u64>,
    /// The first and last seq of the records read.
    pub span: Option<(u64, u64)>,
    /// The last segment ends with what a write cut short leaves (a record cut short, zeros, a
    /// header alone): the segment and its bytes that read.
    pub torn: Option<(PathBuf, u64)>,
}

/// The log's directory of the store whose file is `file`.
pub(super) fn dir_of(file: &Path) -> PathBuf {
    file.parent().unwrap_or(Path::new(".")).join(LOG_DIR)
}

fn segment_path(dir: &Path, first: u64) -> PathBuf {
    dir.join(format!("{first:020}.log"))
}

/// The segments in `dir`, by first seq (none when the directory does not exist). A file that
/// is not named as a segment is not one and is left alone.
pub(super) fn segments(dir: &Path) -> Result<Vec<u64>, StoreError> {
    let entries = match fs::read_dir(dir) {
        Ok(e) => e,
        Err(e) if e.kind() == ErrorKind::NotFound => return Ok(Vec::new()),
        Err(e) => return Err(io_error(dir, "cannot list the journal", &e)),
    };
    let mut firsts = Vec::new();
    for entry in entries {
        let entry = entry.map_err(|e| io_error(dir, "cannot list the journal", &e))?;
        let name = entry.file_name();
        let Some(first) = name
            .to_str()
            .and_then(|n| n.strip_suffix(".log"))
            .filter(|n| n.len() == 20 && n.bytes().all(|b| b.is_ascii_digit()))
            .and_then(|n| n.parse::<u64>().ok())
        else {
            continue;
        };
        firsts.push(first);
    }
    firsts.sort_unstable();
    Ok(firsts)
}

/// Reads the log in `dir`, handing `each` every record after seq `after`, in order; the
/// segments holding only older ones are not read. Checks every record read: its CRC, that its
/// segment begins at the seq its name gives and its seqs follow one another. At the end of the
/// last segment, a record cut short, a tail of zeros or a header alone ends the log (`torn`,
/// what a kill or a power cut leaves of a write); any other record that does not read, there or
/// anywhere, is an error naming the segment and the seq.
pub(super) fn scan(
    dir: &Path,
    after: u64,
    mut each: impl FnMut(Journaled) -> Result<(), StoreError>,
) -> Result<Scanned, StoreError> {
    let firsts = segments(dir)?;
    let mut scanned = Scanned {
        segments: firsts.clone(),
        ..Scanned::default()
    };
    for (i, &first) in firsts.iter().enumerate() {
        let last_segment = i + 1 == firsts.len();
        if firsts
            .get(i + 1)
            .is_some_and(|&next| next <= after.saturating_add(1))
        {
            continue;
        }
        let path = segment_path(dir, first);
        if let Some((_, last)) = scanned.span.filter(|&(_, last)| first <= last) {
            return Err(StoreError::at(
                &path,
                &format!("journal seq {first}"),
                format!("again: the segment before holds the inputs up to seq {last}"),
            ));
        }
        let mut reader = SegmentReader::open(&path)?;
        let mut expected = first;
        loop {
            match reader.next(expected) {
                Ok(Some(record)) => {
                    scanned.span = Some((scanned.span.map_or(first, |s| s.0), record.seq));
                    expected += 1;
                    if record.seq > after {
                        each(record)?;
                    }
                }
                Ok(None) => {
                    // A last segment with its header alone: a first write cut short after it.
                    if last_segment && expected == first {
                        scanned.torn = Some((path.clone(), reader.good));
                    }
                    break;
                }
                Err(Bad::Short) if last_segment => {
                    scanned.torn = Some((path.clone(), reader.good));
                    break;
                }
                Err(Bad::Damaged(_)) if last_segment && zeros_from(&path, reader.good)? => {
                    scanned.torn = Some((path.clone(), reader.good));
                    break;
                }
                Err(Bad::Short) => {
                    return Err(StoreError::at(
                        &path,
                        &format!("journal seq {expected}"),
                        "cut short, in a segment that is not the last: the journal is damaged",
                    ));
                }
                Err(Bad::Damaged(why)) => {
                    return Err(StoreError::at(
                        &path,
                        &format!("journal seq {expected}"),
                        format!("{why}: the journal is damaged"),
                    ));
                }
                Err(Bad::Error(e)) => return Err(e),
            }
        }
    }
    Ok(scanned)
}

/// Why a record did not read.
enum Bad {
    /// The file ends within it: what a write cut off leaves.
    Short,
    /// Its bytes are there but do not read.
    Damaged(&'static str),
    Error(StoreError),
}

/// Whether every byte of `path` from `offset` on is zero.
fn zeros_from(path: &Path, offset: u64) -> Result<bool, StoreError> {
    let mut file = File::open(path).map_err(|e| io_error(path, "cannot open", &e))?;
    std::io::Seek::seek(&mut file, std::io::SeekFrom::Start(offset))
        .map_err(|e| io_error(path, "cannot read", &e))?;
    let mut buf = vec![0u8; 64 << 10];
    loop {
        match file.read(&mut buf) {
            Ok(0) => return Ok(true),
            Ok(n) if buf[..n].iter().any(|&b| b != 0) => return Ok(false),
            Ok(_) => {}
            Err(e) if e.kind() == ErrorKind::Interrupted => {}
            Err(e) => return Err(io_error(path, "cannot read", &e)),
        }
    }
}

struct SegmentReader {
    path: PathBuf,
    reader: BufReader<File>,
    /// Bytes read that hold whole records (and the magic).
    good: u64,
    header_read: bool,
}

impl SegmentReader {
    fn open(path: &Path) -> Result<SegmentReader, StoreError> {
        let file = File::open(path).map_err(|e| io_error(path, "cannot open", &e))?;
        Ok(SegmentReader {
            path: path.to_path_buf(),
            reader: BufReader::with_capacity(64 << 10, file),
            good: 0,
            header_read: false,
        })
    }

    /// The next record, which must be seq `expected`; `None` at the end.
    fn next(&mut self, expected: u64) -> Result<Option<Journaled>, Bad> {
        if !self.header_read {
            let mut magic = [0u8; MAGIC.len()];
            if self.fill(&mut magic)? < MAGIC.len() {
                return Err(Bad::Short);
            }
            if &magic != MAGIC {
                return Err(Bad::Error(StoreError::at(
                    &self.path,
                    "header",
                    "not a segment of a contango-sim journal (its first bytes are not the \
                     journal's)",
                )));
            }
            self.header_read = true;
            self.good = MAGIC.len() as u64;
        }
        let mut len = [0u8; 4];
        match self.fill(&mut len)? {
            0 => return Ok(None),
            4 => {}
            _ => return Err(Bad::Short),
        }
        let len = u32::from_le_bytes(len) as usize;
        if !(17..=17 + MAX_INPUT).contains(&len) {
            return Err(Bad::Damaged("its length is not a record's"));
        }
        let mut body = vec![0u8; len + 4];
        if self.fill(&mut body)? < body.len() {
            return Err(Bad::Short);
        }
        let (body, crc) = body.split_at(len);
        if crc32fast::hash(body).to_le_bytes() != crc {
            return Err(Bad::Damaged("its CRC fails"));
        }
        let seq = u64::from_le_bytes(body[0..8].try_into().unwrap_or_default());
        if seq != expected {
            return Err(Bad::Error(StoreError::at(
                &self.path,
                &format!("journal seq {expected}"),
                format!("the record read there is seq {seq}: the journal is damaged"),
            )));
        }
        self.good += (RECORD_OVERHEAD - 17 + len) as u64;
        Ok(Some(Journaled {
            seq,
            time_ms: i64::from_le_bytes(body[8..16].try_into().unwrap_or_default()),
            kind: body[16],
            input: body[17..].to_vec(),
        }))
    }

    /// Reads until `buf` is full or the file ends: the bytes read.
    fn fill(&mut self, buf: &mut [u8]) -> Result<usize, Bad> {
        let mut n = 0;
        while n < buf.len() {
            match self.reader.read(&mut buf[n..]) {
                Ok(0) => break,
                Ok(k) => n += k,
                Err(e) if e.kind() == ErrorKind::Interrupted => {}
                Err(e) => return Err(Bad::Error(io_error(&self.path, "cannot read", &e))),
            }
        }
        Ok(n)
    }
}

impl Log {
    /// The log in `dir`, as [`scan`] found it, ready to append after it: a record cut short at
    /// its end is cut off (and a last segment left with no record removed), and the next append
    /// starts a new segment.
    pub(super) fn open(dir: &Path, sync: SyncMode, scanned: &Scanned) -> Result<Log, StoreError> {
        fs::create_dir_all(dir)
            .map_err(|e| io_error(dir, "cannot create the journal's directory", &e))?;
        let mut segments = scanned.segments.clone();
        if let Some((path, good)) = &scanned.torn {
            if *good <= MAGIC.len() as u64 {
                fs::remove_file(path).map_err(|e| io_error(path, "cannot remove", &e))?;
                segments.pop();
            } else {
                let file = OpenOptions::new()
                    .write(true)
                    .open(path)
                    .map_err(|e| io_error(path, "cannot open", &e))?;
                file.set_len(*good)
                    .and_then(|()| file.sync_all())
                    .map_err(|e| io_error(path, "cannot cut off the record cut short", &e))?;
            }
            tracing::warn!(segment = %path.display(), "journal: a record cut short cut off");
        }
        Ok(Log {
            dir: dir.to_path_buf(),
            sync,
            segments,
            current: None,
            buf: Vec::new(),
        })
    }

    /// Appends `inputs` (consecutive, continuing the log) in one write; with [`SyncMode::Full`],
    /// synced before it returns.
    pub(super) fn append(&mut self, inputs: &[JournalEntry<'_>]) -> Result<(), String> {
        let Some(first) = inputs.first() else {
            return Ok(());
        };
        self.buf.clear();
        if self.current.is_none() {
            let path = segment_path(&self.dir, first.seq);
            // The inputs hold the accounts' secrets, as the store's file does.
            let file = private_options()
                .append(true)
                .open(&path)
                .map_err(|e| format!("{}: cannot create: {e}", path.display()))?;
            if self.sync == SyncMode::Full {
                sync_dir(&path).map_err(|e| e.to_string())?;
            }
            self.current = Some(file);
            self.segments.push(first.seq);
            self.buf.extend_from_slice(MAGIC);
        }
        for input in inputs {
            let len = 17 + input.input.len();
            let len32 = u32::try_from(len)
                .ok()
                .filter(|_| input.input.len() <= MAX_INPUT)
                .ok_or_else(|| format!("journal seq {}: an input of {len} bytes", input.seq))?;
            self.buf.extend_from_slice(&len32.to_le_bytes());
            let body = self.buf.len();
            self.buf.extend_from_slice(&input.seq.to_le_bytes());
            self.buf.extend_from_slice(&input.time_ms.to_le_bytes());
            self.buf.push(input.kind);
            self.buf.extend_from_slice(input.input);
            let crc = crc32fast::hash(&self.buf[body..]);
            self.buf.extend_from_slice(&crc.to_le_bytes());
        }
        let Some(file) = self.current.as_mut() else {
            return Err("the journal's segment is closed".into());
        };
        file.write_all(&self.buf)
            .map_err(|e| format!("journal: cannot write: {e}"))?;
        if self.sync == SyncMode::Full {
            file.sync_data()
                .map_err(|e| format!("journal: cannot sync: {e}"))?;
        }
        Ok(())
    }

    /// Ends the segment appended to; the next append starts a new one. (No sync: with
    /// [`SyncMode::Full`] every append was synced, and with [`SyncMode::Normal`] a power cut may
    /// lose the last inputs anyway, the snapshot holding those before it.)
    pub(super) fn roll(&mut self) {
        self.current = None;
    }

    /// How many of the oldest segments hold only inputs before `seq`, the journal ending at
    /// `last`: every one but the segment appended to, whose successor starts at `seq` or before
    /// (the last segment, ended, once `last` is before `seq`).
    fn before(&self, seq: u64, last: u64) -> usize {
        let ended = self.current.is_none() && last < seq;
        (0..self.segments.len())
            .take_while(|&i| match self.segments.get(i + 1) {
                Some(&next) => next <= seq,
                None => ended,
            })
            .count()
    }

    /// The journal's first input once [`Log::remove_before`]`(seq, last)` has run, in the log
    /// (`None`: none is left there).
    pub(super) fn first_after_removing(&self, seq: u64, last: u64) -> Option<u64> {
        self.segments.get(self.before(seq, last)).copied()
    }

    /// Removes the segments that hold only inputs before `seq`, the journal ending at `last`:
    /// how many inputs went.
    pub(super) fn remove_before(&mut self, seq: u64, last: u64) -> Result<usize, StoreError> {
        let n = self.before(seq, last);
        let mut removed = 0;
        for i in 0..n {
            let first = self.segments[i];
            let end = self.segments.get(i + 1).copied().unwrap_or(last + 1);
            let path = segment_path(&self.dir, first);
            match fs::remove_file(&path) {
                Ok(()) => {}
                Err(e) if e.kind() == ErrorKind::NotFound => {}
                Err(e) => return Err(io_error(&path, "cannot remove", &e)),
            }
            removed += usize::try_from(end - first).unwrap_or(usize::MAX);
            tracing::debug!(first, "journal: segment removed");
            #[cfg(debug_assertions)]
            if let Some(ms) = std::env::var(COMPACTION_PAUSE_ENV)
                .ok()
                .and_then(|v| v.parse().ok())
            {
                std::thread::sleep(std::time::Duration::from_millis(ms));
            }
        }
        self.segments.drain(..n);
        Ok(removed)
    }
}

/// The last seq in the log in `dir`, reading only its last segment (`None`: no record).
pub(super) fn last_seq(dir: &Path) -> Result<Option<u64>, StoreError> {
    let firsts = segments(dir)?;
    for &first in firsts.iter().rev() {
        let path = segment_path(dir, first);
        let mut reader = SegmentReader::open(&path)?;
        let mut last = None;
        let mut expected = first;
        loop {
            match reader.next(expected) {
                Ok(Some(r)) => {
                    last = Some(r.seq);
                    expected += 1;
                }
                Ok(None) | Err(Bad::Short | Bad::Damaged(_)) => break,
                Err(Bad::Error(e)) => return Err(e),
            }
        }
        if last.is_some() {
            return Ok(last);
        }
    }
    Ok(None)
}

/// Writes the journal's log in the state directory `state` again through `edit` (`None` drops
/// an input), a segment starting after each gap: damage as a person or a disk would leave it,
/// for tests of the refusals. Not for a store a venue has open.
#[doc(hidden)]
pub fn rewrite_journal(
    state: &Path,
    mut edit: impl FnMut(Journaled) -> Option<Journaled>,
) -> Result<(), StoreError> {
    let dir = state.join(LOG_DIR);
    let mut kept = Vec::new();
    scan(&dir, 0, |input| {
        kept.extend(edit(input));
        Ok(())
    })?;
    for first in segments(&dir)? {
        let path = segment_path(&dir, first);
        fs::remove_file(&path).map_err(|e| io_error(&path, "cannot remove", &e))?;
    }
    let mut log = Log::open(&dir, SyncMode::Normal, &Scanned::default())?;
    let fail = |why: String| StoreError::new(&dir, None, why);
    for (i, input) in kept.iter().enumerate() {
        if i > 0 && kept[i - 1].seq + 1 != input.seq {
            log.roll();
        }
        let entry = JournalEntry {
            seq: input.seq,
            time_ms: input.time_ms,
            kind: input.kind,
            input: &input.input,
        };
        log.append(&[entry]).map_err(fail)?;
    }
    Ok(())
}
