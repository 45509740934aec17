//! A recording file's text, read a line at a time: its bytes as they are, or inflated as they
//! are read when the file is gzip (known by its first bytes, whatever its name). A gzip file cut
//! short (a copy interrupted) ends where its data does, with a warning; damaged gzip data is an
//! error that says so.

use std::io::{self, BufRead, BufReader, Read};

use flate2::bufread::MultiGzDecoder;

/// The first bytes of a gzip member.
const GZIP: [u8; 2] = [0x1f, 0x8b];

/// The text of a recording's bytes `R`.
pub enum Text<R> {
    /// A plain file.
    Plain(R),
    /// A gzip file, inflated as it is read (the inflater's state is large: boxed).
    Gzip(Box<BufReader<Inflated<R>>>),
}

impl<R> std::fmt::Debug for Text<R> {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(match self {
            Text::Plain(_) => "Text::Plain",
            Text::Gzip(_) => "Text::Gzip",
        })
    }
}

/// Inflated gzip data; data that ends inside a member ends the text there.
pub struct Inflated<R> {
    gzip: MultiGzDecoder<R>,
    ended_early: bool,
}

impl<R> std::fmt::Debug for Inflated<R> {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("Inflated")
            .field("ended_early", &self.ended_early)
            .finish_non_exhaustive()
    }
}

impl<R: BufRead> Read for Inflated<R> {
    fn read(&mut self, buf: &mut [u8]) -> io::Result<usize> {
        match self.gzip.read(buf) {
            Err(e) if e.kind() == io::ErrorKind::UnexpectedEof => {
                self.ended_early = true;
                Ok(0)
            }
            Err(e) => Err(io::Error::new(e.kind(), format!("damaged gzip: {e}"))),
            read => read,
        }
    }
}

impl<R: BufRead> Text<R> {
    /// The text of `input`, inflated if it starts as gzip does.
    pub fn new(mut input: R) -> io::Result<Text<R>> {
        if !input.fill_buf()?.starts_with(&GZIP) {
            return Ok(Text::Plain(input));
        }
        let inflated = Inflated {
            gzip: MultiGzDecoder::new(input),
            ended_early: false,
        };
        Ok(Text::Gzip(Box::new(BufReader::with_capacity(
            1 << 16,
            inflated,
        ))))
    }

    /// Whether gzip data ended inside a member: the text is what it held.
    pub fn ended_early(&self) -> bool {
        matches!(self, Text::Gzip(g) if g.get_ref().ended_early)
    }

    /// The bytes read from, where the reading stopped.
    pub fn into_inner(self) -> R {
        match self {
            Text::Plain(r) => r,
            Text::Gzip(g) => g.into_inner().gzip.into_inner(),
        }
    }
}

impl<R: BufRead> Read for Text<R> {
    fn read(&mut self, buf: &mut [u8]) -> io::Result<usize> {
        match self {
            Text::Plain(r) => r.read(buf),
            Text::Gzip(g) => g.read(buf),
        }
    }
}

impl<R: BufRead> BufRead for Text<R> {
    fn fill_buf(&mut self) -> io::Result<&[u8]> {
        match self {
            Text::Plain(r) => r.fill_buf(),
            Text::Gzip(g) => g.fill_buf(),
        }
    }

    fn consume(&mut self, n: usize) {
        match self {
            Text::Plain(r) => r.consume(n),
            Text::Gzip(g) => g.consume(n),
        }
    }
}
