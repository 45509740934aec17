//! Scalars as both decoders read them: the conversions from a value's text, integer or boolean
//! ([`Scalar`]: serde's visitor in `de` and the direct reader in `direct` call the same ones, so
//! the two readings agree), exact decimal text ([`parse_decimal`]: digits that do not fit are an
//! error, never rounded), plain decimals read in the pass that finds their end
//! ([`plain_decimal_at`]), and rows of them as servers write order-book levels
//! ([`compact_rows`]).

use rust_decimal::Decimal;
use serde::de::{self, Unexpected};

/// The most rows reserved ahead from an estimate (a book of more grows as usual).
const MAX_RESERVED_ROWS: usize = 1024;

/// Conversion from the scalar forms a visitor can see.
pub(crate) trait Scalar: Sized {
    /// What the error message says was expected.
    const EXPECTING: &'static str;
    /// From text (a JSON string, or a number's exact text).
    fn from_text<E: de::Error>(s: &str) -> Result<Self, E>;
    /// From owned text; overridden where the allocation can be reused.
    fn from_owned<E: de::Error>(s: String) -> Result<Self, E> {
        Self::from_text(&s)
    }
    /// From an integer the deserializer already parsed.
    fn from_i64<E: de::Error>(v: i64) -> Result<Self, E> {
        Err(E::invalid_type(Unexpected::Signed(v), &Self::EXPECTING))
    }
    /// From an unsigned integer the deserializer already parsed.
    fn from_u64<E: de::Error>(v: u64) -> Result<Self, E> {
        Err(E::invalid_type(Unexpected::Unsigned(v), &Self::EXPECTING))
    }
    /// From a boolean.
    fn from_bool<E: de::Error>(v: bool) -> Result<Self, E> {
        Err(E::invalid_type(Unexpected::Bool(v), &Self::EXPECTING))
    }
}

impl Scalar for String {
    const EXPECTING: &'static str = "a string or a number";
    fn from_text<E: de::Error>(s: &str) -> Result<Self, E> {
        Ok(s.to_owned())
    }
    fn from_owned<E: de::Error>(s: String) -> Result<Self, E> {
        Ok(s)
    }
    fn from_i64<E: de::Error>(v: i64) -> Result<Self, E> {
        Ok(v.to_string())
    }
    fn from_u64<E: de::Error>(v: u64) -> Result<Self, E> {
        Ok(v.to_string())
    }
}

impl Scalar for bool {
    const EXPECTING: &'static str = "a boolean or \"true\"/\"false\"";
    fn from_text<E: de::Error>(s: &str) -> Result<Self, E> {
        if s.eq_ignore_ascii_case("true") {
            Ok(true)
        } else if s.eq_ignore_ascii_case("false") {
            Ok(false)
        } else {
            Err(E::invalid_value(Unexpected::Str(s), &Self::EXPECTING))
        }
    }
    fn from_bool<E: de::Error>(v: bool) -> Result<Self, E> {
        Ok(v)
    }
}

impl Scalar for i64 {
    const EXPECTING: &'static str = "an integer or an integer string";
    fn from_text<E: de::Error>(s: &str) -> Result<Self, E> {
        parse_i64(s).ok_or_else(|| E::invalid_value(Unexpected::Str(s), &Self::EXPECTING))
    }
    fn from_i64<E: de::Error>(v: i64) -> Result<Self, E> {
        Ok(v)
    }
    fn from_u64<E: de::Error>(v: u64) -> Result<Self, E> {
        i64::try_from(v).map_err(|_| E::invalid_value(Unexpected::Unsigned(v), &Self::EXPECTING))
    }
}

impl Scalar for i32 {
    const EXPECTING: &'static str = "a 32-bit integer or its text";
    fn from_text<E: de::Error>(s: &str) -> Result<Self, E> {
        parse_i64(s)
            .and_then(|v| i32::try_from(v).ok())
            .ok_or_else(|| E::invalid_value(Unexpected::Str(s), &Self::EXPECTING))
    }
    fn from_i64<E: de::Error>(v: i64) -> Result<Self, E> {
        i32::try_from(v).map_err(|_| E::invalid_value(Unexpected::Signed(v), &Self::EXPECTING))
    }
    fn from_u64<E: de::Error>(v: u64) -> Result<Self, E> {
        i32::try_from(v).map_err(|_| E::invalid_value(Unexpected::Unsigned(v), &Self::EXPECTING))
    }
}

impl Scalar for Decimal {
    const EXPECTING: &'static str = "a decimal number or its text";
    fn from_text<E: de::Error>(s: &str) -> Result<Self, E> {
        parse_decimal(s)
            .map_err(|reason| E::custom(format_args!("invalid decimal `{s}`: {reason}")))
    }
    fn from_i64<E: de::Error>(v: i64) -> Result<Self, E> {
        Ok(Decimal::from(v))
    }
    fn from_u64<E: de::Error>(v: u64) -> Result<Self, E> {
        Ok(Decimal::from(v))
    }
}

/// Parses an integer; an integral decimal form (`5.0`, `1e3`) is accepted because it is exact.
pub(crate) fn parse_i64(s: &str) -> Option<i64> {
    match s.parse::<i64>() {
        Ok(v) => Some(v),
        Err(_) if s.contains(['.', 'e', 'E']) => {
            let d = parse_decimal(s).ok()?;
            if d.fract().is_zero() {
                i64::try_from(d).ok()
            } else {
                None
            }
        }
        Err(_) => None,
    }
}

/// Parses decimal text exactly: digits that do not fit are an error, never silently rounded.
///
/// Accepts an exponent (`0E-8`, `1e3`, `1.5e+2`), which serde_json keeps in a number's text.
pub(crate) fn parse_decimal(s: &str) -> Result<Decimal, &'static str> {
    const MAX_SCALE: u32 = 28;
    // Most prices and quantities: read in one pass, no validation pass first.
    if let Some(d) = plain_decimal(s.as_bytes()) {
        return Ok(d);
    }
    let Some(e_at) = s.find(['e', 'E']) else {
        return exact(s).ok_or("not an exact decimal in range");
    };
    let (mantissa, exponent) = (&s[..e_at], &s[e_at + 1..]);
    let m = exact(mantissa).ok_or("bad mantissa")?;
    let exp: i64 = exponent.parse().map_err(|_| "bad exponent")?;
    if m.is_zero() {
        // `0E-8` keeps its scale (eight decimal places), as the server wrote it.
        let places = if exp < 0 {
            exp.unsigned_abs().min(u64::from(MAX_SCALE))
        } else {
            0
        };
        let mut z = Decimal::ZERO;
        z.rescale(u32::try_from(places).unwrap_or(MAX_SCALE));
        return Ok(z);
    }
    let mut mantissa = m.mantissa();
    let mut scale = i64::from(m.scale())
        .checked_sub(exp)
        .ok_or("out of range")?;
    // Trailing zeros of the mantissa may still make it fit (`1000e-30`).
    while scale > i64::from(MAX_SCALE) && mantissa % 10 == 0 {
        mantissa /= 10;
        scale -= 1;
    }
    if scale > i64::from(MAX_SCALE) {
        return Err("too many decimal places");
    }
    if scale < 0 {
        let shift = u32::try_from(scale.unsigned_abs()).map_err(|_| "out of range")?;
        let factor = 10_i128.checked_pow(shift).ok_or("out of range")?;
        mantissa = mantissa.checked_mul(factor).ok_or("out of range")?;
        scale = 0;
    }
    let scale = u32::try_from(scale).map_err(|_| "out of range")?;
    Decimal::try_from_i128_with_scale(mantissa, scale).map_err(|_| "out of range")
}

/// Plain decimal text, exactly. Trailing fractional zeros beyond what a Decimal holds
/// (`2938.45100000000000000000000000000000`, as real servers send) are dropped: the value is
/// unchanged.
fn exact(s: &str) -> Option<Decimal> {
    match Decimal::from_str_exact(s) {
        Ok(d) => Some(d),
        Err(_) if s.contains('.') && s.ends_with('0') => {
            Decimal::from_str_exact(s.trim_end_matches('0')).ok()
        }
        Err(_) => None,
    }
}

// ---------------------------------------------------------------------------------------------
// Plain decimals, read in one pass.

/// The whole of `text` as a plain decimal (see [`number`]); `None` sends it to the general
/// parser, which gives the same value for anything this accepts.
pub(crate) fn plain_decimal(text: &[u8]) -> Option<Decimal> {
    number(text, 0).and_then(|(d, end)| (end == text.len()).then_some(d))
}

/// A plain decimal at `at`, quoted or not (see [`number`]): its value and where it ends (past
/// the closing quote). `number` stops at anything unusual, and what may follow is checked here:
/// a closing quote, or no exponent.
#[inline(always)]
pub(crate) fn plain_decimal_at(s: &[u8], at: usize) -> Option<(Decimal, usize)> {
    let quoted = s.get(at) == Some(&b'"');
    let (d, end) = number(s, at + usize::from(quoted))?;
    let next = s.get(end).copied();
    if quoted {
        (next == Some(b'"')).then_some((d, end + 1))
    } else {
        (!matches!(next, Some(b'e' | b'E'))).then_some((d, end))
    }
}

/// `-?digits(.digits)?` with at most 28 digits starting at `at`, read exactly in the same pass
/// that finds its end; the value and where it ends. `1.`, `.5`, `-`, `-0` (its sign) and a
/// leading zero (`01`, not JSON) are left to the general decoder.
#[inline(always)]
fn number(s: &[u8], at: usize) -> Option<(Decimal, usize)> {
    let negative = s.get(at) == Some(&b'-');
    let start = at + usize::from(negative);
    let mut mantissa = 0u64;
    let mut i = digits(s, start, &mut mantissa);
    let whole = i - start;
    let mut scale = 0;
    if s.get(i) == Some(&b'.') {
        let from = i + 1;
        i = digits(s, from, &mut mantissa);
        scale = i - from;
        if scale == 0 {
            return None;
        }
    }
    let leading_zero = whole > 1 && s[start] == b'0';
    if whole == 0 || (negative && mantissa == 0) || leading_zero {
        return None;
    }
    let wide = if whole + scale <= 18 {
        // At most 18 digits: below 2^60, so the high word is empty; the scale is at most 18.
        u128::from(mantissa)
    } else if whole + scale <= 28 {
        // Balances carry up to 28 digits (below 2^96, so they fit): read again, wide.
        wide_digits(&s[start..i])
    } else {
        return None;
    };
    let lo = wide as u32;
    let mid = (wide >> 32) as u32;
    let hi = (wide >> 64) as u32;
    Some((Decimal::from_parts(lo, mid, hi, negative, scale as u32), i))
}

/// The digits of `text` (a `.` skipped) as one number; at most 28, so no overflow.
#[cold]
fn wide_digits(text: &[u8]) -> u128 {
    text.iter()
        .filter(|b| b.is_ascii_digit())
        .fold(0u128, |m, &b| m * 10 + u128::from(b - b'0'))
}

/// Accumulates the decimal digits from `at` into `mantissa` (wrapping: the caller reads more
/// than 18 digits again, wide) and returns where they end. (Reading eight bytes as one word was
/// tried: 45% slower on a depth frame, whose numbers' lengths the branch predictor learns.)
#[inline]
fn digits(s: &[u8], mut at: usize, mantissa: &mut u64) -> usize {
    while let Some(&b) = s.get(at) {
        let d = b.wrapping_sub(b'0');
        if d > 9 {
            break;
        }
        *mantissa = mantissa.wrapping_mul(10).wrapping_add(u64::from(d));
        at += 1;
    }
    at
}

/// Rows of `N` plain decimals as servers write them (`[[1.5,2],["3","4"]]`: no whitespace,
/// quoted or not) starting at `at`, read in one tight loop: the rows and where they end. `None`
/// leaves anything else (whitespace, exponents, long numbers, `null`) to the caller's general
/// path; the general path's closures and whitespace checks were most of a depth frame's time.
/// Both decoders read order-book levels with it.
#[inline]
pub(crate) fn compact_rows<const N: usize>(
    s: &[u8],
    at: usize,
) -> Option<(Vec<[Decimal; N]>, usize)> {
    let mut at = at;
    if s.get(at) != Some(&b'[') {
        return None;
    }
    at += 1;
    let mut rows = Vec::new();
    if s.get(at) == Some(&b']') {
        return Some((rows, at + 1));
    }
    loop {
        let start = at;
        if s.get(at) != Some(&b'[') {
            return None;
        }
        at += 1;
        // Written straight into the list: a row built on the stack and then copied stalled
        // on store forwarding (14% of a plain depth frame).
        rows.push([Decimal::ZERO; N]);
        let row = rows.last_mut()?;
        for (i, cell) in row.iter_mut().enumerate() {
            if i > 0 {
                if s.get(at) != Some(&b',') {
                    return None;
                }
                at += 1;
            }
            let (d, end) = plain_decimal_at(s, at)?;
            at = end;
            *cell = d;
        }
        if s.get(at) != Some(&b']') {
            return None;
        }
        at += 1;
        if rows.len() == 1 {
            // Room for as many rows as the rest of the input holds at the first row's length,
            // so a book does not grow by copies; capped, since the input may lie.
            let left = (s.len() - at) / (at - start);
            rows.reserve(left.min(MAX_RESERVED_ROWS));
        }
        match s.get(at) {
            Some(b',') => at += 1,
            Some(b']') => return Some((rows, at + 1)),
            _ => return None,
        }
    }
}

#[cfg(test)]
#[allow(clippy::unwrap_used)]
mod tests {
    use super::*;
    use std::str::FromStr;

    fn d(s: &str) -> Decimal {
        Decimal::from_str(s).unwrap()
    }

    #[test]
    fn plain_decimals_are_read_exactly_or_left_to_the_general_parser() {
        for bad in [
            "1-2",
            "1.2.3",
            ".5",
            "-",
            "--1",
            "-0.0",
            "+1",
            // 29 digits: beyond what is read in one pass (the general decoder may still trim it).
            "0.0000000000000000000000000001",
            "12345678901234567890123456789",
        ] {
            assert_eq!(plain_decimal(bad.as_bytes()), None, "{bad}");
        }
        // 19 to 28 digits (balances) are read wide, as written.
        for wide in [
            "0.999999999999999999",
            "1010.4043400372839856",
            "-3350051449.6928050669137353",
            "9999999999999999999999999999",
            "0.000000000000000000000000001",
            "100000000000000000000.0000000",
        ] {
            assert_eq!(plain_decimal(wide.as_bytes()), Some(d(wide)), "{wide}");
            let read = plain_decimal(wide.as_bytes()).map(|v| v.to_string());
            assert_eq!(read.as_deref(), Some(wide), "scale kept");
        }
        assert_eq!(plain_decimal(b"2938.451"), Some(d("2938.451")));
        assert_eq!(plain_decimal(b"2938.451 "), None, "the whole text");
    }

    #[test]
    fn decimal_never_panics_on_junk() {
        let alphabet = ["0", "1", "9", ".", "e", "E", "-", "+", "_", " ", "x"];
        let mut seed: u64 = 0x9E37_79B9_7F4A_7C15;
        for _ in 0..20_000 {
            let mut s = String::new();
            for _ in 0..(seed % 12) {
                seed ^= seed << 13;
                seed ^= seed >> 7;
                seed ^= seed << 17;
                s.push_str(alphabet[(seed % alphabet.len() as u64) as usize]);
            }
            let _ = parse_decimal(&s);
            let _ = parse_i64(&s);
        }
    }

    #[test]
    fn compact_rows_stop_where_the_rows_end() {
        let text = br#"{"bids":[[1.5,"2"],["3",4]],"x":1}"#;
        let (rows, end) = compact_rows::<2>(text, 8).unwrap();
        assert_eq!(rows, vec![[d("1.5"), d("2")], [d("3"), d("4")]]);
        assert_eq!(&text[end..], br#","x":1}"#);
        assert_eq!(compact_rows::<2>(b"[]", 0), Some((vec![], 2)));
        for other in [
            "[[1, 2]]",
            "[[1e3,2]]",
            "null",
            "[[1,2],]",
            "[[1,2,3]]",
            "[[1]]",
        ] {
            assert_eq!(compact_rows::<2>(other.as_bytes(), 0), None, "{other}");
        }
    }
}
