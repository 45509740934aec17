//! Rotating files: a recording that runs for weeks as a file per UTC hour or day, each closed
//! file compressed, so that a directory holds the session in pieces that are each small enough
//! to move and read, and that sort by time by their names.
//!
//! A file's name is the prefix and the UTC start of its period (`market-2026-11-27T13.jsonl`);
//! a name already taken (a recorder restarted within the hour) gets `_2`, `_3`, ... before the
//! extension, so nothing is ever overwritten. Every file starts with the same header line (the
//! session's start), so that times in every file count from one start and the files join back
//! into one session by concatenation (`Recording::from_dir`).
//!
//! A closed file is compressed on a thread of its own, never on the writer's: `NAME.jsonl` is
//! written to `NAME.jsonl.gz.part`, synced, renamed to `NAME.jsonl.gz`, and only then removed.
//! A kill at any step leaves the plain file whole (a reader prefers it over a `.gz` beside it and
//! ignores `.part` files).

use std::fs::{File, OpenOptions};
use std::io::{self, BufReader, BufWriter, Write};
use std::path::{Path, PathBuf};
use std::sync::mpsc;
use std::time::Duration;

use super::line::VERSION;
use super::raw::RawHeader;

/// When a rotating recording ([`Recorder::rotating`](super::Recorder::rotating)) starts a new
/// file. Periods are aligned on the epoch, so in UTC: an hour's file starts at a whole hour
/// whatever time the recorder started.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
#[non_exhaustive]
pub enum Rotation {
    /// A file per UTC hour: `market-2026-11-27T13.jsonl`.
    Hour,
    /// A file per UTC day: `market-2026-11-27.jsonl`.
    Day,
    /// A file per period (whole seconds, at least one), aligned on multiples of it since the
    /// epoch and named to the second: `market-2026-11-27T13-05-10.jsonl`. For periods other than
    /// an hour or a day, and for tests that cannot wait an hour.
    Every(Duration),
}

impl Rotation {
    /// The period in microseconds.
    fn period_us(self) -> i64 {
        match self {
            Rotation::Hour => 3_600_000_000,
            Rotation::Day => 86_400_000_000,
            Rotation::Every(d) => i64::try_from(d.as_secs().max(1))
                .unwrap_or(i64::MAX / 1_000_000)
                .saturating_mul(1_000_000),
        }
    }

    /// The index of the period holding `at_us` (epoch microseconds).
    pub(crate) fn period_of(self, at_us: i64) -> i64 {
        at_us.div_euclid(self.period_us())
    }

    /// The name of the file of period `index`, without extension: the prefix and the UTC start
    /// of the period, to the hour, the day or the second.
    pub(crate) fn stem(self, prefix: &str, index: i64) -> String {
        let start_s = index.saturating_mul(self.period_us() / 1_000_000);
        let (days, secs) = (start_s.div_euclid(86_400), start_s.rem_euclid(86_400));
        let (y, m, d) = civil_from_days(days);
        let (h, min, s) = (secs / 3600, secs % 3600 / 60, secs % 60);
        match self {
            Rotation::Day => format!("{prefix}-{y:04}-{m:02}-{d:02}"),
            Rotation::Hour => format!("{prefix}-{y:04}-{m:02}-{d:02}T{h:02}"),
            Rotation::Every(_) => format!("{prefix}-{y:04}-{m:02}-{d:02}T{h:02}-{min:02}-{s:02}"),
        }
    }
}

/// Howard Hinnant's days-to-civil algorithm: the proleptic Gregorian date of a day since the
/// epoch.
fn civil_from_days(z: i64) -> (i64, i64, i64) {
    let z = z + 719_468;
    let era = z.div_euclid(146_097);
    let doe = z.rem_euclid(146_097);
    let yoe = (doe - doe / 1460 + doe / 36_524 - doe / 146_096) / 365;
    let doy = doe - (365 * yoe + yoe / 4 - yoe / 100);
    let mp = (5 * doy + 2) / 153;
    let d = doy - (153 * mp + 2) / 5 + 1;
    let m = if mp < 10 { mp + 3 } else { mp - 9 };
    let y = yoe + era * 400;
    (if m <= 2 { y + 1 } else { y }, m, d)
}

/// How many closed files may wait for the compressor. Past it (a disk or CPU far too slow for
/// the period) a closed file stays plain, with a warning, rather than queueing without bound.
const WAITING_FILES: usize = 64;

/// The writer's side of rotation: where files go, which one is open, and the compressor.
pub(crate) struct Rotating {
    dir: PathBuf,
    prefix: String,
    rotation: Rotation,
    /// The session's start (epoch µs): every file's header.
    started_us: i64,
    /// The period of the open file.
    period: i64,
    /// The open file.
    current: PathBuf,
    /// The time now on the recording's clock (epoch µs), to close a quiet period's file on time.
    now_us: Box<dyn Fn() -> i64 + Send>,
    compressor: Option<Compressor>,
}

impl Rotating {
    /// The first file, for the period holding `now_us()`, its header written.
    pub(crate) fn open(
        dir: &Path,
        prefix: &str,
        rotation: Rotation,
        started_us: i64,
        now_us: Box<dyn Fn() -> i64 + Send>,
    ) -> io::Result<(Rotating, File)> {
        if prefix.is_empty() || prefix.contains(['/', '\\']) || prefix.starts_with('.') {
            return Err(io::Error::new(
                io::ErrorKind::InvalidInput,
                format!("`{prefix}` cannot start a file name"),
            ));
        }
        std::fs::create_dir_all(dir).map_err(|e| {
            io::Error::new(e.kind(), format!("cannot create {}: {e}", dir.display()))
        })?;
        let period = rotation.period_of(now_us());
        let (current, file) = create(dir, &rotation.stem(prefix, period), started_us)?;
        let rotating = Rotating {
            dir: dir.to_path_buf(),
            prefix: prefix.to_owned(),
            rotation,
            started_us,
            period,
            current,
            now_us,
            compressor: Some(Compressor::start()?),
        };
        Ok((rotating, file))
    }

    /// Whether a line at `at_us` (epoch µs) belongs to a later period than the open file's.
    pub(crate) fn due(&self, at_us: i64) -> bool {
        self.rotation.period_of(at_us) > self.period
    }

    /// Whether the clock has moved into a later period (a quiet stream's file closes on time).
    pub(crate) fn due_now(&self) -> bool {
        self.due((self.now_us)())
    }

    /// The file of the period holding `at_us` (or now, if later), its header written. The
    /// caller closes the open file and hands it to [`Rotating::compress`].
    pub(crate) fn next(&mut self, at_us: i64) -> io::Result<(File, PathBuf)> {
        let period = self
            .rotation
            .period_of(at_us.max((self.now_us)()))
            .max(self.period + 1);
        let stem = self.rotation.stem(&self.prefix, period);
        let (path, file) = create(&self.dir, &stem, self.started_us)?;
        self.period = period;
        let closed = std::mem::replace(&mut self.current, path);
        tracing::info!(file = %self.current.display(), "contango.recording.rotated");
        Ok((file, closed))
    }

    /// Compresses the closed file `path` on the compressor's thread.
    pub(crate) fn compress(&self, path: PathBuf) {
        if let Some(c) = &self.compressor {
            c.send(path);
        }
    }

    /// The open file (the caller has closed it): compressed, and every compression waited for.
    pub(crate) fn finish(&mut self) {
        if let Some(c) = self.compressor.take() {
            c.send(self.current.clone());
            c.join();
        }
    }
}

/// A new file `dir/stem.jsonl` (or `stem_2.jsonl`, ... when taken, compressed or not) with
/// the header line of a session started at `started_us`.
fn create(dir: &Path, stem: &str, started_us: i64) -> io::Result<(PathBuf, File)> {
    for n in 1..=1000u32 {
        let name = match n {
            1 => format!("{stem}.jsonl"),
            n => format!("{stem}_{n}.jsonl"),
        };
        let path = dir.join(&name);
        if dir.join(format!("{name}.gz")).exists() {
            continue;
        }
        match OpenOptions::new().write(true).create_new(true).open(&path) {
            Ok(mut file) => {
                let header = RawHeader {
                    contango_recording: VERSION,
                    started_us,
                    client: concat!("contango/", env!("CARGO_PKG_VERSION")).to_owned(),
                };
                let mut line = serde_json::to_vec(&header).map_err(io::Error::other)?;
                line.push(b'\n');
                file.write_all(&line)?;
                return Ok((path, file));
            }
            Err(e) if e.kind() == io::ErrorKind::AlreadyExists => continue,
            Err(e) => {
                return Err(io::Error::new(
                    e.kind(),
                    format!("cannot create {}: {e}", path.display()),
                ));
            }
        }
    }
    Err(io::Error::new(
        io::ErrorKind::AlreadyExists,
        format!("{}: every name for {stem} is taken", dir.display()),
    ))
}

/// The thread that compresses closed files, one at a time, in the order they closed.
struct Compressor {
    tx: mpsc::SyncSender<PathBuf>,
    thread: std::thread::JoinHandle<()>,
}

impl Compressor {
    fn start() -> io::Result<Compressor> {
        let (tx, rx) = mpsc::sync_channel::<PathBuf>(WAITING_FILES);
        let thread = std::thread::Builder::new()
            .name("contango-recording-gzip".into())
            .spawn(move || {
                for path in rx {
                    match compress(&path) {
                        Ok(gz) => {
                            tracing::info!(file = %gz.display(), "contango.recording.compressed");
                        }
                        Err(e) => tracing::warn!(
                            file = %path.display(),
                            error = %e,
                            "contango.recording: a closed file could not be compressed; it stays plain"
                        ),
                    }
                }
            })?;
        Ok(Compressor { tx, thread })
    }

    fn send(&self, path: PathBuf) {
        if let Err(e) = self.tx.try_send(path) {
            let path = match e {
                mpsc::TrySendError::Full(p) | mpsc::TrySendError::Disconnected(p) => p,
            };
            tracing::warn!(
                file = %path.display(),
                "contango.recording: the compressor is behind; a closed file stays plain"
            );
        }
    }

    /// Waits until every file handed over is compressed.
    fn join(self) {
        drop(self.tx);
        let _ = self.thread.join();
    }
}

/// `path` gzipped beside it (`.gz` added), then removed; the compressed file's path. The copy is
/// synced and renamed into place before the plain file goes, so a kill or a power cut never
/// leaves neither whole.
pub(crate) fn compress(path: &Path) -> io::Result<PathBuf> {
    let mut gz = path.as_os_str().to_owned();
    gz.push(".gz");
    let gz = PathBuf::from(gz);
    let mut part = gz.as_os_str().to_owned();
    part.push(".part");
    let part = PathBuf::from(part);
    let written = (|| {
        let mut plain = BufReader::with_capacity(1 << 16, File::open(path)?);
        let out = BufWriter::with_capacity(1 << 16, File::create(&part)?);
        let mut encoder = flate2::write::GzEncoder::new(out, flate2::Compression::default());
        io::copy(&mut plain, &mut encoder)?;
        let file = encoder.finish()?.into_inner().map_err(|e| e.into_error())?;
        file.sync_all()
    })();
    if let Err(e) = written {
        let _ = std::fs::remove_file(&part);
        return Err(e);
    }
    std::fs::rename(&part, &gz)?;
    std::fs::remove_file(path)?;
    Ok(gz)
}

#[cfg(test)]
#[allow(clippy::unwrap_used)]
mod tests {
    use std::io::Read;

    use super::*;

    /// 2026-11-27T13:05:10.250Z in epoch microseconds.
    const AT: i64 = 1_795_784_710_250_000;

    #[test]
    fn names_are_the_utc_start_of_the_period_and_sort_by_time() {
        let stem = |r: Rotation, at: i64| r.stem("market", r.period_of(at));
        assert_eq!(stem(Rotation::Hour, AT), "market-2026-11-27T13");
        assert_eq!(stem(Rotation::Day, AT), "market-2026-11-27");
        let every = |s| Rotation::Every(Duration::from_secs(s));
        assert_eq!(stem(every(1), AT), "market-2026-11-27T13-05-10");
        assert_eq!(stem(every(900), AT), "market-2026-11-27T13-00-00");
        // Shorter than a second is a second: names go to the second.
        assert_eq!(
            stem(Rotation::Every(Duration::from_millis(1)), AT),
            "market-2026-11-27T13-05-10"
        );
        assert_eq!(stem(Rotation::Day, 0), "market-1970-01-01");
        assert_eq!(
            stem(Rotation::Hour, 951_782_400_000_000),
            "market-2000-02-29T00"
        );
        // Consecutive periods sort in time order by name.
        for r in [Rotation::Hour, Rotation::Day, every(1), every(7)] {
            let p = r.period_of(AT);
            let names: Vec<String> = (p - 30..p + 30).map(|i| r.stem("m", i)).collect();
            let mut sorted = names.clone();
            sorted.sort();
            assert_eq!(names, sorted, "{r:?}");
        }
    }

    fn temp(name: &str) -> PathBuf {
        let dir =
            std::env::temp_dir().join(format!("contango-rotate-{name}-{}", std::process::id()));
        let _ = std::fs::remove_dir_all(&dir);
        dir
    }

    #[test]
    fn a_taken_name_gets_a_number_and_nothing_is_overwritten() {
        let dir = temp("taken");
        let now = || Box::new(|| AT) as Box<dyn Fn() -> i64 + Send>;
        let (first, _) = Rotating::open(&dir, "market", Rotation::Hour, 7, now()).unwrap();
        std::fs::write(dir.join("market-2026-11-27T13_2.jsonl.gz"), b"").unwrap();
        let (second, _) = Rotating::open(&dir, "market", Rotation::Hour, 8, now()).unwrap();
        let name = |r: &Rotating| {
            r.current
                .file_name()
                .unwrap()
                .to_string_lossy()
                .into_owned()
        };
        assert_eq!(name(&first), "market-2026-11-27T13.jsonl");
        assert_eq!(name(&second), "market-2026-11-27T13_3.jsonl");
        let header = std::fs::read_to_string(&first.current).unwrap();
        assert!(
            header.starts_with(r#"{"contango_recording":3,"started_us":7,"client":"contango/"#),
            "{header}"
        );
        for bad in ["", "a/b", ".hidden"] {
            let e = Rotating::open(&dir, bad, Rotation::Hour, 7, now())
                .err()
                .unwrap();
            assert_eq!(e.kind(), io::ErrorKind::InvalidInput, "{bad}");
        }
        let _ = std::fs::remove_dir_all(&dir);
    }

    #[test]
    fn a_compressed_file_replaces_the_plain_one_with_the_same_bytes() {
        let dir = temp("gzip");
        std::fs::create_dir_all(&dir).unwrap();
        let plain = dir.join("m.jsonl");
        let text = "{\"a\":1}\n".repeat(10_000);
        std::fs::write(&plain, &text).unwrap();
        let gz = compress(&plain).unwrap();
        assert_eq!(gz, dir.join("m.jsonl.gz"));
        assert!(!plain.exists() && !dir.join("m.jsonl.gz.part").exists());
        let mut back = String::new();
        flate2::read::GzDecoder::new(File::open(&gz).unwrap())
            .read_to_string(&mut back)
            .unwrap();
        assert_eq!(back, text);
        assert!(std::fs::metadata(&gz).unwrap().len() < 1_000);
        // A file that is not there leaves nothing behind.
        assert!(compress(&dir.join("none.jsonl")).is_err());
        assert!(!dir.join("none.jsonl.gz.part").exists());
        let _ = std::fs::remove_dir_all(&dir);
    }
}
