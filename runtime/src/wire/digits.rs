//! Decimal text of integers and decimals on the stack, for hot paths that must not allocate
//! (signing timestamps, integer wire values handed to text parsers, every decimal written as an
//! exact JSON number).

use rust_decimal::Decimal;

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

/// Room for any `Decimal`'s text: 29 digits, a sign, a point and a leading zero.
pub(crate) const DECIMAL_MAX: usize = 32;

/// `v`'s text exactly as its `Display` writes it (`-0.050`, `9300`, `-0` for a negative zero),
/// built on the stack: the mantissa's digits (itoa), then the point where the scale puts it.
pub(crate) fn decimal_text<'b>(v: &Decimal, buf: &'b mut [u8; DECIMAL_MAX]) -> &'b str {
    let mut mantissa = itoa::Buffer::new();
    let m = v.mantissa().unsigned_abs();
    let digits = if m == 0 { "" } else { mantissa.format(m) }.as_bytes();
    let scale = v.scale() as usize;
    let (whole, frac) = digits.split_at(digits.len().saturating_sub(scale));
    let mut len = 0;
    let mut push = |bytes: &[u8]| {
        // Never past the end: at most 31 bytes are written (see `DECIMAL_MAX`).
        if let Some(to) = buf.get_mut(len..len + bytes.len()) {
            to.copy_from_slice(bytes);
            len += bytes.len();
        }
    };
    if v.is_sign_negative() {
        push(b"-");
    }
    push(if whole.is_empty() { b"0" } else { whole });
    if scale > 0 {
        push(b".");
        for _ in frac.len()..scale {
            push(b"0");
        }
        push(frac);
    }
    as_str(&buf[..len])
}

fn as_str(digits: &[u8]) -> &str {
    // Only ASCII digits, '-' and '.' are ever written.
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

    /// The text is `Display`'s for every scale, sign and size of mantissa, zeros included.
    #[test]
    fn decimal_text_is_displays() {
        let mut buf = [0; DECIMAL_MAX];
        let mut negative_zero = Decimal::new(0, 3);
        negative_zero.set_sign_negative(true);
        let mut cases = vec![
            Decimal::ZERO,
            negative_zero,
            Decimal::new(0, 28),
            Decimal::MAX,
            Decimal::MIN,
            Decimal::new(1, 28),
            Decimal::new(-1, 28),
            Decimal::new(-1050, 2),
            Decimal::new(9300, 0),
        ];
        // A spread of mantissas (a linear congruential walk) at every scale, both signs.
        let mut x: u128 = 0x9E37_79B9_7F4A_7C15;
        for scale in 0..=28 {
            for _ in 0..40 {
                x = x
                    .wrapping_mul(6364136223846793005)
                    .wrapping_add(1442695040888963407);
                let bits = (x >> 64) as u32 % 97;
                let m = (x % (1_u128 << 96)) >> (96 - bits.min(96));
                let hi = (m >> 64) as u32;
                let mid = (m >> 32) as u32;
                let lo = m as u32;
                cases.push(Decimal::from_parts(lo, mid, hi, x & 1 == 1, scale));
            }
        }
        for d in cases {
            assert_eq!(decimal_text(&d, &mut buf), d.to_string(), "{d:?}");
        }
    }
}
