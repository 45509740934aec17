//! Lists of fixed-size decimal rows (`[[price, quantity], ...]`: order-book levels), read from
//! the list's raw JSON text in one tight pass. A depth snapshot is little else, and reading each
//! number through serde (a visitor per element, a `String` per number with
//! `arbitrary_precision`) cost several times the parse itself. Anything unusual (escapes,
//! exponents, more digits than fit 64 bits, nulls, another shape) is left to the general decoder,
//! which gives the same values and the same errors. The same one-pass number reader serves every
//! other decimal field first ([`plain_decimal`], from `de::parse_decimal`).

use rust_decimal::Decimal;

/// Parses `[[a, b, ...], ...]` of `N` numbers or numeric strings per row; `None` when the text
/// needs the general decoder.
pub(crate) fn parse_rows<const N: usize>(raw: &[u8]) -> Option<Vec<[Decimal; N]>> {
    let mut p = Parser { s: raw, at: 0 };
    p.ws();
    if p.eat_word(b"null") {
        p.ws();
        return p.done().then(Vec::new);
    }
    p.expect(b'[')?;
    let mut rows = Vec::with_capacity(raw.len() / 16);
    p.ws();
    if p.eat(b']') {
        p.ws();
        return p.done().then_some(rows);
    }
    loop {
        p.ws();
        p.expect(b'[')?;
        let mut row = [Decimal::ZERO; N];
        for (i, cell) in row.iter_mut().enumerate() {
            if i > 0 {
                p.ws();
                p.expect(b',')?;
            }
            p.ws();
            *cell = p.decimal()?;
        }
        p.ws();
        p.expect(b']')?;
        rows.push(row);
        p.ws();
        if p.eat(b']') {
            break;
        }
        p.expect(b',')?;
    }
    p.ws();
    p.done().then_some(rows)
}

struct Parser<'a> {
    s: &'a [u8],
    at: usize,
}

impl Parser<'_> {
    fn ws(&mut self) {
        while let Some(b' ' | b'\n' | b'\r' | b'\t') = self.s.get(self.at) {
            self.at += 1;
        }
    }
    fn eat(&mut self, b: u8) -> bool {
        let hit = self.s.get(self.at) == Some(&b);
        self.at += usize::from(hit);
        hit
    }
    fn expect(&mut self, b: u8) -> Option<()> {
        self.eat(b).then_some(())
    }
    fn eat_word(&mut self, w: &[u8]) -> bool {
        let hit = self.s.get(self.at..self.at + w.len()) == Some(w);
        if hit {
            self.at += w.len();
        }
        hit
    }
    fn done(&self) -> bool {
        self.at == self.s.len()
    }
    /// A number, or a string holding one (see [`number`]); `None` for anything else (the
    /// caller then sees the next byte, so `1e3` or `1-2` end up with the general decoder too).
    fn decimal(&mut self) -> Option<Decimal> {
        let quoted = self.eat(b'"');
        let (d, end) = number(self.s, self.at)?;
        self.at = end;
        if quoted {
            self.expect(b'"')?;
        }
        Some(d)
    }
}

/// The whole of `text` as a plain decimal (see [`number`]); `None` sends it to the general
/// parser, which gives the same value for anything this accepts.
pub(crate) fn plain_decimal(text: &[u8]) -> Option<Decimal> {
    number(text, 0).and_then(|(d, end)| (end == text.len()).then_some(d))
}

/// `-?digits(.digits)?` with at most 18 digits starting at `at`, read exactly in the same pass
/// that finds its end; the value and where it ends. `1.`, `.5`, `-` and `-0` (its sign) are
/// left to the general decoder.
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
    if whole == 0 || whole + scale > 18 || (negative && mantissa == 0) {
        return None;
    }
    // At most 18 digits: below 2^60, so the high word is empty; the scale is at most 18.
    let lo = (mantissa & 0xffff_ffff) as u32;
    let mid = (mantissa >> 32) as u32;
    Some((Decimal::from_parts(lo, mid, 0, negative, scale as u32), i))
}

/// Accumulates the decimal digits from `at` into `mantissa` (wrapping: the caller refuses more
/// than 18 digits) and returns where they end.
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

#[cfg(test)]
#[allow(clippy::unwrap_used)]
mod tests {
    use super::*;
    use std::str::FromStr;

    fn d(s: &str) -> Decimal {
        Decimal::from_str(s).unwrap()
    }

    #[test]
    fn rows_of_numbers_and_strings() {
        let rows =
            parse_rows::<2>(br#"[[86526,61555],[ 86526.1 , "64099" ],["0.000001","-2.50"]]"#)
                .unwrap();
        assert_eq!(rows[0], [d("86526"), d("61555")]);
        assert_eq!(rows[1], [d("86526.1"), d("64099")]);
        assert_eq!(rows[2], [d("0.000001"), d("-2.50")]);
        assert_eq!(rows[2][1].scale(), 2, "the scale as written");
        assert!(parse_rows::<2>(b"[]").unwrap().is_empty());
        assert!(parse_rows::<2>(b" null ").unwrap().is_empty());
    }

    #[test]
    fn unusual_text_goes_to_the_general_decoder() {
        for raw in [
            &br#"[[1e3,1]]"#[..],
            br#"[[1,2,3]]"#,
            br#"[[1]]"#,
            br#"[[null,1]]"#,
            br#"[["1\u0030",1]]"#,
            br#"[[1234567890123456789,1]]"#,
            br#"[[1.,1]]"#,
            br#"[[-0,1]]"#,
            br#"[[1,2]"#,
            br#"[[1,2]] x"#,
            br#"{"a":1}"#,
            br#"[[1,2],]"#,
            br#"[["1",2"]]"#,
            b"",
        ] {
            assert!(
                parse_rows::<2>(raw).is_none(),
                "{}",
                String::from_utf8_lossy(raw)
            );
        }
        let one = |text: &str| parse_rows::<1>(format!("[[{text}]]").as_bytes()).map(|r| r[0][0]);
        assert_eq!(one("123456789012345678"), Some(d("123456789012345678")));
        assert_eq!(one("999999999999999999"), Some(d("999999999999999999")));
        assert_eq!(one("0.999999999999999999"), None, "19 digits");
        assert_eq!(one("-0.5"), Some(d("-0.5")));
        assert_eq!(one("\"-0.000001\""), Some(d("-0.000001")));
        assert_eq!(one("0.10"), Some(d("0.10")));
        for bad in ["1-2", "1.2.3", ".5", "-", "\"1", "1\"", "--1", "-0.0", "+1"] {
            assert_eq!(one(bad), None, "{bad}");
            assert_eq!(plain_decimal(bad.as_bytes()), None, "{bad}");
        }
        assert_eq!(plain_decimal(b"2938.451"), Some(d("2938.451")));
        assert_eq!(plain_decimal(b"2938.451 "), None, "the whole text");
    }
}
