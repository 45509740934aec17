//! Decimal text of integers on the stack, for hot paths that must not allocate (signing
//! timestamps, integer wire values handed to text parsers).

/// Room for any `i64` or `u64` in decimal, sign included.
pub(crate) const MAX: usize = 20;

/// Formats `v` into the end of `buf` and returns the text.
pub(crate) fn u64_text(v: u64, buf: &mut [u8; MAX]) -> &str {
    let start = write_digits(v, buf);
    as_str(&buf[start..])
}

/// Formats `v` into the end of `buf` and returns the text.
pub(crate) fn i64_text(v: i64, buf: &mut [u8; MAX]) -> &str {
    let mut start = write_digits(v.unsigned_abs(), buf);
    if v < 0 {
        start -= 1;
        buf[start] = b'-';
    }
    as_str(&buf[start..])
}

/// Writes the digits of `n` right-aligned; returns where they start (at least 1: `u64::MAX`
/// has 20 digits, and the sign only ever precedes at most 19).
fn write_digits(mut n: u64, buf: &mut [u8; MAX]) -> usize {
    let mut i = MAX;
    loop {
        i -= 1;
        buf[i] = b'0' + (n % 10) as u8;
        n /= 10;
        if n == 0 {
            return i;
        }
    }
}

fn as_str(digits: &[u8]) -> &str {
    // Only ASCII digits and '-' are ever written.
    std::str::from_utf8(digits).unwrap_or_default()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn exact_text() {
        let mut buf = [0; MAX];
        for v in [0, 7, -7, 1588591856950, i64::MAX, i64::MIN] {
            assert_eq!(i64_text(v, &mut buf), v.to_string());
        }
        for v in [0, 9, u64::MAX] {
            assert_eq!(u64_text(v, &mut buf), v.to_string());
        }
    }
}
