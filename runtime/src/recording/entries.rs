//! Reading a recording: a line at a time ([`Entries`]: the header first, then each entry as it
//! is read, so a day-long file costs the memory of its longest line rather than its size), or
//! whole ([`Recording`], read through [`Entries`]: one reader of the format).

use std::fs::File;
use std::io::{BufRead, BufReader};
use std::path::Path;

use super::line::{Entry, Exchange, Header, Recorded, RecordingError};
use super::raw::{read_header, read_line};
use super::text::Text;

/// A recording's entries, read from `R` one line at a time, each checked as
/// [`Recording::parse`](super::Recording::parse) checks it. After the first error the
/// iterator ends.
#[derive(Debug)]
pub struct Entries<R> {
    input: R,
    header: Header,
    /// The number of the line last read (the header is line 1).
    line: usize,
    buf: Vec<u8>,
    file: Option<String>,
    done: bool,
    /// The number of a last line cut short (no newline, the file ending inside it), when one was.
    cut: Option<usize>,
}

impl Entries<Text<BufReader<File>>> {
    /// The recording file at `path`, plain or gzip (known by its first bytes), its header read
    /// and checked; errors name the file.
    pub fn open(path: impl AsRef<Path>) -> Result<Self, RecordingError> {
        let path = path.as_ref();
        let name = path.display().to_string();
        let unreadable = |e: std::io::Error| RecordingError {
            file: Some(name.clone()),
            line: 0,
            message: format!("cannot read: {e}"),
        };
        let file = File::open(path).map_err(unreadable)?;
        let text = Text::new(BufReader::with_capacity(1 << 16, file)).map_err(unreadable)?;
        Self::named(text, Some(name))
    }
}

impl<R: BufRead> Entries<R> {
    /// The recording `input` holds, its header read and checked.
    pub fn new(input: R) -> Result<Self, RecordingError> {
        Self::named(input, None)
    }

    /// The same, errors naming `file`.
    pub fn named(input: R, file: Option<String>) -> Result<Self, RecordingError> {
        let mut entries = Entries {
            input,
            header: Header {
                contango_recording: 0,
                started_us: 0,
                started_ms: 0,
                client: String::new(),
            },
            line: 0,
            buf: Vec::new(),
            file,
            done: false,
            cut: None,
        };
        let head = match entries.next_line() {
            Ok(Some(head)) => head,
            Ok(None) if entries.cut.is_some() => {
                return Err(entries.fail(1, "the header line is cut short".into()));
            }
            Ok(None) => {
                return Err(
                    entries.fail(1, "empty: a recording starts with its header line".into())
                );
            }
            Err(e) => return Err(e),
        };
        entries.header = read_header(&head).map_err(|m| entries.fail(entries.line, m))?;
        Ok(entries)
    }

    /// The header.
    pub fn header(&self) -> &Header {
        &self.header
    }

    /// The number of the line last read (the header is line 1).
    pub fn line(&self) -> usize {
        self.line
    }

    /// What was read but not whole, in words: a last line cut short (a recorder killed while
    /// writing), the entries read up to the line before it.
    pub fn warnings(&self) -> Vec<String> {
        self.cut
            .map(|line| {
                format!(
                    "line {line} is cut short (the file ends inside it, as a killed recorder \
                     leaves it): read up to line {}",
                    line - 1
                )
            })
            .into_iter()
            .collect()
    }

    /// The reader, where the reading stopped (at the end once every entry was read).
    pub fn into_inner(self) -> R {
        self.input
    }

    /// The next line that is not blank, trimmed; `None` at the end.
    fn next_line(&mut self) -> Result<Option<String>, RecordingError> {
        loop {
            self.buf.clear();
            let read = self
                .input
                .read_until(b'\n', &mut self.buf)
                .map_err(|e| self.fail(self.line + 1, format!("cannot read: {e}")))?;
            if read == 0 {
                // An empty input's header is refused at line 1, as a file of blank lines' is
                // at the line after them.
                if self.line == 0 {
                    self.line = 1;
                }
                return Ok(None);
            }
            self.line += 1;
            if self.buf.last() != Some(&b'\n') && cut_short(&self.buf) {
                self.cut = Some(self.line);
                return Ok(None);
            }
            let text = std::str::from_utf8(&self.buf)
                .map_err(|_| self.fail(self.line, "not UTF-8 text".into()))?;
            let text = text.trim();
            if !text.is_empty() {
                return Ok(Some(text.to_owned()));
            }
        }
    }

    fn fail(&self, line: usize, message: String) -> RecordingError {
        RecordingError {
            file: self.file.clone(),
            line,
            message,
        }
    }
}

/// Whether `last`, a last line that nothing ends, stops inside a JSON value or a UTF-8
/// character: what a writer killed mid-line leaves. A last line that is whole JSON, or that holds
/// something other than a prefix of it, is not (it is read, or refused, as any other).
fn cut_short(last: &[u8]) -> bool {
    if last.iter().all(u8::is_ascii_whitespace) {
        return false;
    }
    let unfinished = |text: &[u8]| {
        serde_json::from_slice::<serde::de::IgnoredAny>(text).is_err_and(|e| e.is_eof())
    };
    match std::str::from_utf8(last) {
        // Cut inside a character, after the start of a JSON value.
        Err(e) => e.error_len().is_none() && unfinished(&last[..e.valid_up_to()]),
        Ok(_) => unfinished(last),
    }
}

impl<R: BufRead> Iterator for Entries<R> {
    type Item = Result<Entry, RecordingError>;

    fn next(&mut self) -> Option<Self::Item> {
        if self.done {
            return None;
        }
        let entry = match self.next_line() {
            Ok(Some(text)) => read_line(self.line, &text, self.header.contango_recording)
                .map_err(|m| self.fail(self.line, m)),
            Ok(None) => {
                self.done = true;
                return None;
            }
            Err(e) => Err(e),
        };
        self.done = entry.is_err();
        Some(entry)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    const HEADER: &str = r#"{"contango_recording":2,"started_us":1,"client":"contango/0.1.0"}"#;

    #[test]
    fn entries_come_one_line_at_a_time_and_stop_at_the_first_bad_one() {
        let text = format!(
            "{HEADER}\n\n{}\r\n{}\nnot json\n{}\n",
            r#"{"at_us":5,"kind":"lost","count":1}"#,
            r#"{"at_us":6,"kind":"lost","count":2}"#,
            r#"{"at_us":7,"kind":"lost","count":3}"#,
        );
        let mut entries = Entries::new(text.as_bytes()).expect("a header");
        assert_eq!(entries.header().started_us, 1);
        let first = entries.next().expect("one").expect("good");
        assert_eq!((first.line, first.at_us), (3, 5));
        assert_eq!(entries.next().expect("two").expect("good").line, 4);
        let e = entries.next().expect("three").expect_err("bad");
        assert_eq!(e.line, 5, "{e}");
        assert!(entries.next().is_none(), "ends after an error");
    }

    #[test]
    fn a_file_that_is_not_text_is_refused_at_its_line() {
        let mut bytes = format!("{HEADER}\n").into_bytes();
        bytes.extend_from_slice(b"{\"at_us\":\xff}\n");
        let e = Entries::new(bytes.as_slice())
            .expect("a header")
            .next()
            .expect("a line")
            .expect_err("not text");
        assert_eq!((e.line, e.message.as_str()), (2, "not UTF-8 text"));
        let e = Entries::open("/nonexistent/contango.jsonl").expect_err("no file");
        assert!(
            e.to_string()
                .starts_with("/nonexistent/contango.jsonl: cannot read")
        );
    }
}

/// A whole recording, read and checked.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Recording {
    /// Its first line (a directory's: its first file's).
    pub header: Header,
    /// Every other line, in order.
    pub entries: Vec<Entry>,
    /// What was read but not whole, in words: a file cut short (a recorder killed while
    /// writing), read up to its last whole line. Also logged when read.
    pub warnings: Vec<String>,
}

impl Recording {
    /// Reads a recording from its bytes: a header naming [`VERSION`](super::VERSION) or [`VERSION_1`](super::VERSION_1), then one
    /// JSON object per line (blank lines are allowed). The first line that is not one is
    /// refused by number, except a last line cut short, which a killed recorder leaves: the
    /// recording is read up to the line before, with a warning ([`Recording::warnings`]).
    /// [`Entries`](super::Entries) reads the same, a line at a time.
    pub fn parse(bytes: &[u8]) -> Result<Recording, RecordingError> {
        let mut read = Entries::new(bytes)?;
        let entries = read.by_ref().collect::<Result<Vec<_>, _>>()?;
        let recording = Recording {
            header: read.header().clone(),
            entries,
            warnings: read.warnings(),
        };
        for warning in &recording.warnings {
            tracing::warn!(%warning, "contango.recording.incomplete");
        }
        Ok(recording)
    }

    /// The format version of the file ([`VERSION`](super::VERSION) or [`VERSION_1`](super::VERSION_1)).
    pub fn version(&self) -> u32 {
        self.header.contango_recording
    }

    /// The HTTP exchanges, in order, with their lines.
    pub fn exchanges(&self) -> impl Iterator<Item = (&Entry, &Exchange)> {
        self.entries.iter().filter_map(|e| match &e.recorded {
            Recorded::Http(x) => Some((e, x)),
            _ => None,
        })
    }
}
