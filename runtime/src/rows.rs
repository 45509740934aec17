//! Lists of fixed-size decimal rows (`[[price, quantity], ...]`: order-book levels), read from
//! the list's raw JSON text in one tight pass. A depth snapshot is little else, and reading each
//! number through serde (a visitor per element, a `String` per number with
//! `arbitrary_precision`) cost several times the parse itself. Anything unusual (escapes,
//! exponents, more digits than fit 64 bits, nulls, another shape) is left to the general decoder,
//! which gives the same values and the same errors.

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
    /// A number, or a string holding one.
    fn decimal(&mut self) -> Option<Decimal> {
        let quoted = self.eat(b'"');
        let start = self.at;
        while let Some(b'0'..=b'9' | b'-' | b'.') = self.s.get(self.at) {
            self.at += 1;
        }
        let text = &self.s[start..self.at];
        if quoted {
            self.expect(b'"')?;
        }
        fast_decimal(text)
    }
}

/// `-?digits(.digits)?` with at most 18 significant digits, exactly; `None` for anything else.
fn fast_decimal(text: &[u8]) -> Option<Decimal> {
    let (negative, digits) = match text.split_first() {
        Some((b'-', rest)) => (true, rest),
        _ => (false, text),
    };
    let (mut mantissa, mut count, mut scale, mut dot) = (0i64, 0u32, 0u32, false);
    for &b in digits {
        match b {
            b'0'..=b'9' => {
                if count == 18 {
                    return None;
                }
                mantissa = mantissa * 10 + i64::from(b - b'0');
                count += 1;
                scale += u32::from(dot);
            }
            b'.' if !dot && count > 0 => dot = true,
            _ => return None,
        }
    }
    // `1.` and `-` are not numbers; `-0` is left to the general decoder (its sign).
    if count == 0 || (dot && scale == 0) || (negative && mantissa == 0) {
        return None;
    }
    let mut d = Decimal::new(mantissa, scale);
    d.set_sign_negative(negative);
    Some(d)
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
        assert_eq!(
            fast_decimal(b"123456789012345678"),
            Some(d("123456789012345678"))
        );
        assert_eq!(fast_decimal(b"-0.5"), Some(d("-0.5")));
        assert_eq!(fast_decimal(b"1-2"), None);
        assert_eq!(fast_decimal(b"1.2.3"), None);
    }
}
