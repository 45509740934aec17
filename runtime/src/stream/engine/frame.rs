//! One WebSocket message, read: gzip inflated, data frames hashed for dedupe, the start of a
//! frame shown in errors; and the control messages a session may recognise in a frame
//! ([`Control`]: each stream reads its own vocabulary, `stream::user::control` the private
//! stream's, `stream::market::session` the market stream's).

use std::hash::{Hash, Hasher};

/// What a text (or inflated binary) frame is, as a session reads it.
#[derive(Debug, PartialEq, Eq)]
pub(crate) enum Control {
    /// `{"event":"ping","ts":...}`: answer with this pong text.
    Ping(String),
    /// `{"event":<channel>,"status":...}`: the subscription acknowledgement, `ok` or not.
    Ack { ok: bool },
    /// The server refused something without ending the connection (a subscription past the
    /// limit, an unknown channel): reported as an item, the stream goes on.
    Refused(String),
    /// A reply the session took (an answer to a request).
    Consumed,
    /// Anything else: a data frame, to decode.
    Data,
}

/// Runs `read` on a binary frame's payload: gzip inflated (at most `max` bytes), anything else
/// as is.
///
/// A frame is one whole gzip member, so it is inflated in one call into a buffer of exactly the
/// length its trailer declares; libdeflate checks the CRC and the length. The decompressor and
/// the output buffer are kept per thread: making a decompressor per frame cost more than
/// inflating a depth snapshot, and a fresh zeroed buffer per frame cost about 1% of one.
pub(crate) fn with_payload<R>(
    data: &[u8],
    max: usize,
    read: impl FnOnce(&[u8]) -> R,
) -> Result<R, String> {
    if !data.starts_with(&[0x1f, 0x8b]) {
        return Ok(read(data));
    }
    // The smallest member: a 10-byte header, an empty deflate block (2 bytes), the trailer.
    let Some(trailer) = data.len().checked_sub(4).filter(|_| data.len() >= 20) else {
        return Err("cannot inflate gzip frame: truncated".into());
    };
    // ISIZE, the inflated length modulo 2^32 (RFC 1952): a longer output does not fit the buffer
    // and is refused as corrupt, so the bound holds.
    let mut isize = [0u8; 4];
    isize.copy_from_slice(&data[trailer..]);
    let size = usize::try_from(u32::from_le_bytes(isize)).unwrap_or(usize::MAX);
    if size > max {
        return Err(format!("gzip frame inflates beyond {max} bytes"));
    }
    // Taken out of the thread's slot while `read` runs, so a nested call finds an empty buffer
    // (and allocates) instead of a borrowed one.
    let mut out = INFLATE.with(|i| std::mem::take(&mut i.borrow_mut().out));
    if out.len() < size {
        out.resize(size, 0);
    }
    let inflated = INFLATE
        .with(|i| {
            i.borrow_mut()
                .decompressor
                .gzip_decompress(data, &mut out[..size])
        })
        .map_err(|e| match e {
            libdeflater::DecompressionError::BadData => {
                "cannot inflate gzip frame: corrupt data (deflate stream, checksum or header)"
            }
            libdeflater::DecompressionError::InsufficientSpace => {
                "cannot inflate gzip frame: longer than its trailer declares"
            }
        });
    let result = match inflated {
        Ok(n) if n == size => Ok(read(&out[..size])),
        Ok(_) => Err("cannot inflate gzip frame: shorter than its trailer declares".into()),
        Err(e) => Err(e.into()),
    };
    if out.len() > KEPT_BUFFER {
        out = Vec::new();
    }
    INFLATE.with(|i| i.borrow_mut().out = out);
    result
}

/// The largest output buffer a thread keeps between frames; a rare huge frame's is dropped.
const KEPT_BUFFER: usize = 64 * 1024;

struct Inflate {
    decompressor: libdeflater::Decompressor,
    out: Vec<u8>,
}

thread_local! {
    static INFLATE: std::cell::RefCell<Inflate> = std::cell::RefCell::new(Inflate {
        decompressor: libdeflater::Decompressor::new(),
        out: Vec::new(),
    });
}

/// The identity of a frame, for dropping the copies a rotation delivers twice.
pub(crate) fn identity(frame: &[u8]) -> u64 {
    let mut h = std::hash::DefaultHasher::new();
    frame.hash(&mut h);
    h.finish()
}

/// The start of a frame for error messages (lossy UTF-8, at most 256 characters).
pub(crate) fn preview(frame: &[u8]) -> String {
    let text = String::from_utf8_lossy(&frame[..frame.len().min(1024)]);
    let mut out: String = text.chars().take(256).collect();
    if out.len() < text.len() || frame.len() > 1024 {
        out.push('…');
    }
    out
}

#[cfg(test)]
#[allow(clippy::unwrap_used)]
mod tests {
    use super::*;
    use std::io::Write;

    fn payload(data: &[u8], max: usize) -> Result<Vec<u8>, String> {
        with_payload(data, max, <[u8]>::to_vec)
    }

    #[test]
    fn gzip_frames_inflate_within_bounds() {
        let text = br#"{"e":"X","E":1}"#;
        let mut gz = flate2::write::GzEncoder::new(Vec::new(), flate2::Compression::default());
        gz.write_all(text).unwrap();
        let packed = gz.finish().unwrap();
        assert_eq!(&*payload(&packed, 1024).unwrap(), text);
        assert!(payload(&packed, 4).unwrap_err().contains("beyond"));
        assert!(payload(&[0x1f, 0x8b, 1, 2, 3], 1024).is_err());
        assert_eq!(&*payload(text, 1024).unwrap(), text);
        // Cut short, or a flipped byte in the data or the checksum: errors, not panics.
        assert!(payload(&packed[..packed.len() - 9], 1024).is_err());
        let mut flipped = packed.clone();
        let n = flipped.len();
        flipped[n - 6] ^= 0x55;
        assert!(payload(&flipped, 1024).unwrap_err().contains("corrupt"));
        // A trailer that lies about the length, either way: refused, the buffer never grows.
        for (delta, says) in [(-1i64, "longer"), (1, "corrupt")] {
            let mut lying = packed.clone();
            let declared = u32::try_from(text.len() as i64 + delta).unwrap();
            lying[n - 4..].copy_from_slice(&declared.to_le_bytes());
            assert!(payload(&lying, 1024).unwrap_err().contains(says), "{says}");
        }
        // The same frame several times in a row (the inflate state is reused), and a big one.
        let big = vec![b'7'; 200_000];
        let mut gz = flate2::write::GzEncoder::new(Vec::new(), flate2::Compression::default());
        gz.write_all(&big).unwrap();
        let big_packed = gz.finish().unwrap();
        for _ in 0..3 {
            assert_eq!(&*payload(&packed, 1024).unwrap(), text);
            assert_eq!(payload(&big_packed, 1 << 20).unwrap().len(), big.len());
        }
        assert!(
            payload(&big_packed, 100_000)
                .unwrap_err()
                .contains("beyond")
        );
        // A kept buffer longer than the next frame: only that frame's bytes are read.
        let medium = vec![b'5'; 5000];
        let mut gz = flate2::write::GzEncoder::new(Vec::new(), flate2::Compression::default());
        gz.write_all(&medium).unwrap();
        let medium_packed = gz.finish().unwrap();
        assert_eq!(payload(&medium_packed, 1 << 20).unwrap(), medium);
        assert_eq!(payload(&packed, 1024).unwrap(), text);
        // Inflating inside a read (the thread's buffer is out on loan) works too.
        let nested = with_payload(&packed, 1024, |outer| {
            (outer.to_vec(), payload(&medium_packed, 1 << 20).unwrap())
        });
        assert_eq!(nested.unwrap(), (text.to_vec(), medium));
        // Optional header fields (a file name, as the gzip tool writes).
        let named = flate2::GzBuilder::new()
            .filename("frame.json")
            .comment("c")
            .write(Vec::new(), flate2::Compression::fast());
        let mut named = named;
        named.write_all(text).unwrap();
        let named = named.finish().unwrap();
        assert_eq!(&*payload(&named, 1024).unwrap(), text);
    }

    #[test]
    fn previews_are_bounded() {
        assert_eq!(preview(b"abc"), "abc");
        let long = vec![b'x'; 5000];
        let p = preview(&long);
        assert_eq!(p.chars().count(), 257);
        assert!(p.ends_with('…'));
        assert_ne!(identity(b"a"), identity(b"b"));
        assert_eq!(identity(b"a"), identity(b"a"));
    }
}
