//! Building a recording's cache in one pass over the recording: each line read and checked
//! (a damaged one refused at its file and number), its bytes hashed as they go by (a gzip
//! file's before they are inflated), each market frame decoded once and its event written, or,
//! for a frame that does not decode, its place and the decoder's words. A directory's files are
//! read joined, one at a time, each hashed as it is read: the hash is of the bytes the cache
//! was built from, so a file that grows or changes meanwhile makes the next check find it
//! stale. The cache is written to a temporary file beside its place and renamed there whole, so
//! no reader sees half of one, and two builders racing each leave a whole cache.

use std::fs::File;
use std::io::{self, BufWriter, Read, Seek, SeekFrom, Write};
use std::path::{Path, PathBuf};
use std::sync::atomic::{AtomicU64, Ordering};

use contango::recording::{FileSource, Joined, RecordingError};
use sha2::{Digest, Sha256};

use super::CacheError;
use super::format::{Encoder, HEADER, Header, MAX_RECORD};
use super::frames::{MarketFrames, decode};

/// A reader that hashes what it reads.
pub(super) struct Hashing<R> {
    inner: R,
    sha: Sha256,
    len: u64,
}

impl<R> Hashing<R> {
    pub(super) fn new(inner: R) -> Hashing<R> {
        Hashing {
            inner,
            sha: Sha256::new(),
            len: 0,
        }
    }

    /// The length and SHA-256 of what was read.
    pub(super) fn finish(self) -> Header {
        Header {
            len: self.len,
            sha256: self.sha.finalize().into(),
        }
    }
}

impl<R: Read> Read for Hashing<R> {
    fn read(&mut self, buf: &mut [u8]) -> io::Result<usize> {
        let n = self.inner.read(buf)?;
        self.sha.update(&buf[..n]);
        self.len += n as u64;
        Ok(n)
    }
}

/// A recording's files read through [`Hashing`] readers: each file's name, length and SHA-256,
/// in the order they were read.
pub(super) struct Hasher {
    /// A file read alone (else a directory's files).
    single: bool,
    files: Vec<(String, Header)>,
}

impl Hasher {
    fn new(single: bool) -> Hasher {
        Hasher {
            single,
            files: Vec::new(),
        }
    }

    /// What a cache is checked against: a file's length and SHA-256; a directory's, the length
    /// of its files and the SHA-256 of each one's name, length and SHA-256 in the order they are
    /// joined (a file added, removed, renamed, edited or cut changes it).
    fn digest(self) -> Header {
        if self.single
            && let [(_, header)] = self.files[..]
        {
            return header;
        }
        let mut sha = Sha256::new();
        let mut len = 0_u64;
        for (name, header) in &self.files {
            sha.update((name.len() as u64).to_le_bytes());
            sha.update(name.as_bytes());
            sha.update(header.len.to_le_bytes());
            sha.update(header.sha256);
            len = len.saturating_add(header.len);
        }
        Header {
            len,
            sha256: sha.finalize().into(),
        }
    }
}

impl FileSource for Hasher {
    type Reader = Hashing<File>;

    fn open(&mut self, path: &Path) -> io::Result<Hashing<File>> {
        File::open(path).map(Hashing::new)
    }

    fn close(&mut self, path: &Path, reader: Hashing<File>) {
        let name = path.file_name().unwrap_or_default().to_string_lossy();
        self.files.push((name.into_owned(), reader.finish()));
    }
}

/// The recording at `path` (a file or a directory) joined with a [`Hasher`] source.
fn hashed(path: &Path) -> Result<Joined<Hasher>, RecordingError> {
    Joined::with_source(path, Hasher::new(!path.is_dir()))
}

/// The length and SHA-256 of a recording's bytes ([`Hasher::digest`]), read (in bounded memory)
/// the first time they are asked for.
pub(super) struct RecordingHash<'a> {
    path: &'a Path,
    hash: Option<Header>,
}

impl RecordingHash<'_> {
    pub(super) fn new(path: &Path) -> RecordingHash<'_> {
        RecordingHash { path, hash: None }
    }

    pub(super) fn get(&mut self) -> Result<Header, CacheError> {
        if let Some(h) = self.hash {
            return Ok(h);
        }
        let h = hashed(self.path)?.read_bytes()?.digest();
        self.hash = Some(h);
        Ok(h)
    }
}

/// The length and SHA-256 of what `input` holds, read a megabyte at a time.
pub(super) fn hash_all(input: impl Read) -> io::Result<Header> {
    let mut hashing = Hashing::new(input);
    let mut buf = vec![0; 1 << 20];
    loop {
        match hashing.read(&mut buf) {
            Ok(0) => return Ok(hashing.finish()),
            Ok(_) => {}
            Err(e) if e.kind() == io::ErrorKind::Interrupted => {}
            Err(e) => return Err(e),
        }
    }
}

/// What a build made: the events the cache holds, what it was built from, the recording's
/// warnings.
pub(super) struct Built {
    pub(super) count: u64,
    pub(super) header: Header,
    pub(super) warnings: Vec<String>,
}

/// Builds the cache of the recording at `recording` (a file or a directory) at `cache`.
pub(super) fn build(recording: &Path, cache: &Path) -> Result<Built, CacheError> {
    let mut frames = MarketFrames::new(hashed(recording)?);
    let temporary = temporary(cache);
    let io_error = |source| CacheError::Io {
        path: temporary.clone(),
        source,
    };
    let out = File::create_new(&temporary).map_err(io_error)?;
    let written = write(&mut frames, out).map_err(|e| match e {
        Failed::Io(source) => io_error(source),
        Failed::Cache(e) => e,
    });
    let written = written.and_then(|(out, count)| {
        let joined = frames.into_inner();
        let warnings = joined.warnings().to_vec();
        for warning in &warnings {
            tracing::warn!(%warning, "the market cache holds what the recording holds");
        }
        let header = joined.into_source().digest();
        finish(out, header)
            .and_then(|()| std::fs::rename(&temporary, cache))
            .map_err(io_error)?;
        Ok(Built {
            count,
            header,
            warnings,
        })
    });
    if written.is_err() {
        let _ = std::fs::remove_file(&temporary);
    }
    written
}

/// Why writing stopped.
enum Failed {
    Io(io::Error),
    Cache(CacheError),
}

impl From<io::Error> for Failed {
    fn from(e: io::Error) -> Failed {
        Failed::Io(e)
    }
}

/// Writes a header to fill in later, every event's records, the recording's warnings, the end
/// record and the trailer (the SHA-256 of the records); the file and the event count.
fn write(frames: &mut MarketFrames<Joined<Hasher>>, out: File) -> Result<(File, u64), Failed> {
    let mut out = BufWriter::with_capacity(1 << 20, out);
    out.write_all(&[0; HEADER])?;
    let mut encoder = Encoder::default();
    let mut records = Vec::with_capacity(1 << 12);
    let mut sha = Sha256::new();
    let mut count = 0_u64;
    for frame in frames.by_ref() {
        let frame = frame.map_err(|e| Failed::Cache(CacheError::Recording(e)))?;
        let entry = frame.entry;
        records.clear();
        match decode(frame, false) {
            Ok(Some(played)) => {
                encoder.push(&played, &mut records);
                count += 1;
            }
            Ok(None) => continue,
            Err(why) => encoder.undecodable(entry, &why, &mut records),
        }
        if records.len() > MAX_RECORD {
            return Err(Failed::Cache(CacheError::TooLarge {
                entry,
                bytes: records.len(),
            }));
        }
        sha.update(&records);
        out.write_all(&records)?;
    }
    records.clear();
    encoder.end(frames.inner().warnings(), &mut records);
    sha.update(&records);
    out.write_all(&records)?;
    out.write_all(&sha.finalize())?;
    let out = out.into_inner().map_err(io::IntoInnerError::into_error)?;
    Ok((out, count))
}

/// Fills in the header. A crash before the rename leaves only a temporary file; after it, a
/// cache whose trailer is checked before it is read, so no sync is needed for safety.
fn finish(mut out: File, header: Header) -> io::Result<()> {
    out.seek(SeekFrom::Start(0))?;
    out.write_all(&header.to_bytes())?;
    out.flush()
}

/// A name beside `cache` no other builder uses.
fn temporary(cache: &Path) -> PathBuf {
    static N: AtomicU64 = AtomicU64::new(0);
    let mut name = cache.file_name().unwrap_or_default().to_os_string();
    name.push(format!(
        ".tmp-{}-{}",
        std::process::id(),
        N.fetch_add(1, Ordering::Relaxed)
    ));
    cache.with_file_name(name)
}
