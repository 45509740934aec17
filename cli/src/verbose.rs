//! Where `-v` writes the SDK's log: stderr, except while a view owns the terminal. Lines written
//! on the alternate screen would draw over the view, so they are held and printed once the
//! terminal is given back ([`hold`], [`release`]). What is held is bounded; past the bound lines
//! are counted and the count is printed in their place.

use std::io::{self, Write};
use std::sync::{Mutex, MutexGuard};

/// At most this much log is held while a view is open.
const HELD_MAX: usize = 1 << 20;

/// `Some` while a view owns the terminal: what was written meanwhile, and how many bytes the
/// bound left out.
static HELD: Mutex<Option<Held>> = Mutex::new(None);

#[derive(Debug, Default)]
struct Held {
    bytes: Vec<u8>,
    left_out: usize,
}

fn held() -> MutexGuard<'static, Option<Held>> {
    // A writer that panicked mid-write leaves bytes, not a broken invariant: keep going.
    HELD.lock().unwrap_or_else(|poisoned| poisoned.into_inner())
}

/// The writer the `-v` log is formatted into (`tracing_subscriber`'s
/// `with_writer(Stderr::default)`).
#[derive(Debug, Default)]
pub struct Stderr;

impl Write for Stderr {
    fn write(&mut self, buf: &[u8]) -> io::Result<usize> {
        if let Some(h) = held().as_mut() {
            if h.bytes.len() + buf.len() <= HELD_MAX {
                h.bytes.extend_from_slice(buf);
            } else {
                h.left_out += buf.len();
            }
            return Ok(buf.len());
        }
        io::stderr().write(buf)
    }

    fn flush(&mut self) -> io::Result<()> {
        io::stderr().flush()
    }
}

/// From now on the log is held, not written: a view is taking the terminal.
pub fn hold() {
    held().get_or_insert_with(Held::default);
}

/// The log goes to stderr again, after what was held meanwhile: the view has given the terminal
/// back.
pub fn release() {
    if let Some(h) = held().take() {
        let _ = h.write_to(&mut io::stderr().lock());
    }
}

impl Held {
    fn write_to(&self, out: &mut impl Write) -> io::Result<()> {
        out.write_all(&self.bytes)?;
        if self.left_out > 0 {
            writeln!(
                out,
                "({} bytes of log left out while the view was open: more than {} KiB)",
                self.left_out,
                HELD_MAX / 1024
            )?;
        }
        out.flush()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// One test for the process-wide state: held while a view is open, bounded, given back.
    #[test]
    fn while_held_the_log_is_kept_bounded_and_given_back() {
        hold();
        Stderr.write_all(b"a line\n").expect("write");
        Stderr
            .write_all(&vec![b'x'; HELD_MAX])
            .expect("a write past the bound is taken, not an error");
        let h = held().take().expect("held");
        let mut out = Vec::new();
        h.write_to(&mut out).expect("write");
        assert_eq!(
            String::from_utf8_lossy(&out),
            "a line\n(1048576 bytes of log left out while the view was open: more than 1024 KiB)\n"
        );
        // Released when nothing is held: nothing to do.
        release();
        assert!(held().is_none());
    }
}
