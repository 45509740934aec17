//! The cache's primitives: base-128 varints (zigzag for signed numbers), exact decimals as
//! their scale and mantissa, and length-prefixed text; written to a `Vec`, read back from a
//! slice by [`Cursor`], which answers bytes that do not hold what they should with an error,
//! never a panic.

use rust_decimal::Decimal;

use crate::codec::compact;

/// Appends `v` as a base-128 varint (small numbers take one byte).
pub(super) fn put_u64(out: &mut Vec<u8>, mut v: u64) {
    while v >= 0x80 {
        out.push((v as u8) | 0x80);
        v >>= 7;
    }
    out.push(v as u8);
}

/// Appends `v` zigzag-encoded: small negative numbers stay short too.
pub(super) fn put_i64(out: &mut Vec<u8>, v: i64) {
    put_u64(out, ((v << 1) ^ (v >> 63)) as u64);
}

/// Appends `d` exactly in the venue's one compact decimal encoding (`codec::compact`):
/// `30010.5` is 4 bytes where `Decimal::serialize` takes 16, and the scale and a negative zero
/// are kept, so `1.50` reads back as `1.50` and `-0.0` as `-0.0`.
#[inline]
pub(super) fn put_decimal(out: &mut Vec<u8>, d: &Decimal) {
    let mut bytes = [0_u8; compact::MAX_LEN];
    let n = compact::put(d, &mut bytes);
    out.extend_from_slice(&bytes[..n]);
}

/// Appends an optional decimal: a presence byte, then the decimal.
pub(super) fn put_opt_decimal(out: &mut Vec<u8>, d: Option<&Decimal>) {
    match d {
        Some(d) => {
            out.push(1);
            put_decimal(out, d);
        }
        None => out.push(0),
    }
}

/// Appends `s` as its length and its UTF-8 bytes.
pub(super) fn put_str(out: &mut Vec<u8>, s: &str) {
    put_u64(out, s.len() as u64);
    out.extend_from_slice(s.as_bytes());
}

/// Reads the primitives from a slice; every read checks what is left.
pub(super) struct Cursor<'a> {
    bytes: &'a [u8],
}

/// Why bytes could not be read: what was expected.
pub(super) type Bad = String;

impl<'a> Cursor<'a> {
    pub(super) fn new(bytes: &'a [u8]) -> Cursor<'a> {
        Cursor { bytes }
    }

    /// Whether every byte was read.
    pub(super) fn is_empty(&self) -> bool {
        self.bytes.is_empty()
    }

    pub(super) fn u8(&mut self) -> Result<u8, Bad> {
        let (&b, rest) = self
            .bytes
            .split_first()
            .ok_or_else(|| "cut short".to_owned())?;
        self.bytes = rest;
        Ok(b)
    }

    pub(super) fn take(&mut self, n: usize) -> Result<&'a [u8], Bad> {
        if n > self.bytes.len() {
            return Err(format!(
                "cut short: {n} bytes wanted, {} left",
                self.bytes.len()
            ));
        }
        let (head, rest) = self.bytes.split_at(n);
        self.bytes = rest;
        Ok(head)
    }

    /// A varint; one or two bytes (the usual: a tick, a size) at once.
    #[inline]
    pub(super) fn u64(&mut self) -> Result<u64, Bad> {
        match self.bytes {
            [b, rest @ ..] if *b < 0x80 => {
                self.bytes = rest;
                Ok(u64::from(*b))
            }
            [b, c, rest @ ..] if *c < 0x80 => {
                self.bytes = rest;
                Ok(u64::from(*b & 0x7f) | u64::from(*c) << 7)
            }
            _ => self.long_u64(),
        }
    }

    fn long_u64(&mut self) -> Result<u64, Bad> {
        let mut v: u64 = 0;
        for shift in (0..64).step_by(7) {
            let b = self.u8()?;
            v |= u64::from(b & 0x7f) << shift;
            if b & 0x80 == 0 {
                return Ok(v);
            }
        }
        Err("a number runs on past 64 bits".into())
    }

    #[inline]
    pub(super) fn i64(&mut self) -> Result<i64, Bad> {
        let z = self.u64()?;
        Ok((z >> 1) as i64 ^ -((z & 1) as i64))
    }

    /// A count of items that each take at least one byte: never more than the bytes left, so
    /// a damaged count cannot ask for a huge allocation.
    pub(super) fn count(&mut self) -> Result<usize, Bad> {
        let n = self.u64()?;
        usize::try_from(n)
            .ok()
            .filter(|n| *n <= self.bytes.len())
            .ok_or_else(|| format!("a count of {n} with {} bytes left", self.bytes.len()))
    }

    #[inline]
    pub(super) fn decimal(&mut self) -> Result<Decimal, Bad> {
        compact::read(|| self.u8(), |why| why.to_owned())
    }

    pub(super) fn opt_decimal(&mut self) -> Result<Option<Decimal>, Bad> {
        match self.u8()? {
            0 => Ok(None),
            1 => self.decimal().map(Some),
            b => Err(format!("a presence byte of {b}")),
        }
    }

    pub(super) fn str(&mut self) -> Result<&'a str, Bad> {
        let n = self.count()?;
        std::str::from_utf8(self.take(n)?).map_err(|_| "text that is not UTF-8".into())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn decimals_read_back_exactly_with_their_scale_and_stay_short() {
        for text in [
            "0",
            "-0.0",
            "1",
            "-1",
            "30010.5",
            "1.2300",
            "0.0000000000000000000000000001",
            "79228162514264337593543950335",
            "-79228162514264337593543950335",
        ] {
            let d: Decimal = text.parse().expect("a decimal");
            let mut out = Vec::new();
            put_decimal(&mut out, &d);
            let mut c = Cursor::new(&out);
            let back = c.decimal().expect("reads");
            assert_eq!(back.to_string(), d.to_string(), "{text}");
            assert_eq!(back.is_sign_negative(), d.is_sign_negative(), "{text}");
            assert!(c.is_empty());
        }
        let mut negative_zero = Decimal::new(0, 1);
        negative_zero.set_sign_negative(true);
        let mut out = Vec::new();
        put_decimal(&mut out, &negative_zero);
        assert_eq!(
            Cursor::new(&out).decimal().map(|d| d.to_string()),
            Ok("-0.0".into())
        );
        let mut out = Vec::new();
        put_decimal(&mut out, &"30010.5".parse().expect("a decimal"));
        assert_eq!(out.len(), 4);
    }

    #[test]
    fn bad_bytes_are_errors() {
        // A scale past 28, a number that runs on, a count larger than what is left, a cut.
        assert!(Cursor::new(&[29, 2]).decimal().is_err());
        assert!(Cursor::new(&[0xff; 11]).u64().is_err());
        assert!(Cursor::new(&[5, b'a']).str().is_err());
        assert!(Cursor::new(&[0x40, 1, 2]).decimal().is_err());
        assert!(Cursor::new(&[2, 0xff, 0xfe]).str().is_err());
        for i in [0_i64, -1, 1, i64::MIN, i64::MAX, 300, -300] {
            let mut out = Vec::new();
            put_i64(&mut out, i);
            assert_eq!(Cursor::new(&out).i64(), Ok(i));
        }
    }
}
