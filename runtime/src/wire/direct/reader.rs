//! The reader itself: a position in JSON text known to be UTF-8, reading objects, arrays,
//! strings without escapes, numbers and scalars as serde's path hands them to its visitors, and
//! giving up (`None`) on anything else.

use std::borrow::Cow;

use rust_decimal::Decimal;
use serde::de::value::Error as Discard;

use super::Direct;
use crate::wire::scalar::{Scalar, compact_rows, plain_decimal_at};

/// Nesting deeper than this is left to serde (which refuses past 128).
const MAX_DEPTH: u32 = 100;

/// The bytes that end the plain part of a string: the closing quote, an escape, a control
/// character (which JSON refuses unescaped).
const STRING_STOP: [bool; 256] = {
    let mut t = [false; 256];
    let mut b = 0;
    while b < 0x20 {
        t[b] = true;
        b += 1;
    }
    t[b'"' as usize] = true;
    t[b'\\' as usize] = true;
    t
};

/// A position in JSON text known to be UTF-8.
#[derive(Debug)]
pub struct Reader<'a> {
    src: &'a str,
    s: &'a [u8],
    at: usize,
    depth: u32,
}

impl<'a> Reader<'a> {
    /// A reader over `bytes`; `None` when they are not UTF-8 (serde then says where).
    pub fn new(bytes: &'a [u8]) -> Option<Self> {
        std::str::from_utf8(bytes).ok().map(Self::over)
    }

    /// A reader over text.
    pub(crate) fn over(src: &'a str) -> Self {
        Self {
            src,
            s: src.as_bytes(),
            at: 0,
            depth: 0,
        }
    }

    #[inline]
    pub(crate) fn ws(&mut self) {
        // Compact JSON has none: one comparison (every whitespace byte is at most a space).
        while let Some(&b) = self.s.get(self.at) {
            if b > b' ' || !matches!(b, b' ' | b'\n' | b'\r' | b'\t') {
                break;
            }
            self.at += 1;
        }
    }
    #[inline]
    pub(crate) fn peek(&mut self) -> Option<u8> {
        self.ws();
        self.s.get(self.at).copied()
    }
    #[inline]
    fn eat(&mut self, b: u8) -> bool {
        let hit = self.s.get(self.at) == Some(&b);
        self.at += usize::from(hit);
        hit
    }
    #[inline]
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
    pub(crate) fn done(&self) -> bool {
        self.at == self.s.len()
    }
    /// The text from `from` to here (both ends are at ASCII bytes).
    #[inline]
    fn text(&self, from: usize) -> &'a str {
        self.src.get(from..self.at).unwrap_or_default()
    }

    /// Reads the value of a field seen for the first time into `slot`; a second sighting gives up
    /// (serde refuses duplicate fields).
    pub fn field<T: Direct>(&mut self, slot: &mut Option<T>) -> Option<()> {
        if slot.is_some() {
            return None;
        }
        *slot = Some(T::direct(self)?);
        Some(())
    }

    /// Eats an empty object `{}`; whether there was one.
    pub(crate) fn empty_object(&mut self) -> bool {
        let from = self.at;
        if self.peek() == Some(b'{') {
            self.at += 1;
            self.ws();
            if self.eat(b'}') {
                return true;
            }
        }
        self.at = from;
        false
    }

    /// Eats a `null`; whether there was one.
    #[inline]
    pub fn null(&mut self) -> bool {
        self.peek() == Some(b'n') && self.eat_word(b"null")
    }

    /// An object: `field` is called with each key (as bytes) and must read its value.
    pub fn object(
        &mut self,
        mut field: impl FnMut(&'a [u8], &mut Self) -> Option<()>,
    ) -> Option<()> {
        self.ws();
        self.expect(b'{')?;
        self.nest()?;
        self.ws();
        if !self.eat(b'}') {
            loop {
                self.ws();
                let key = self.string()?.as_bytes();
                self.ws();
                self.expect(b':')?;
                field(key, self)?;
                self.ws();
                if self.eat(b'}') {
                    break;
                }
                self.expect(b',')?;
            }
        }
        self.depth -= 1;
        Some(())
    }

    /// An array: `item` is called at each element and must read it.
    pub fn array(&mut self, mut item: impl FnMut(&mut Self) -> Option<()>) -> Option<()> {
        self.ws();
        self.expect(b'[')?;
        self.nest()?;
        self.ws();
        if !self.eat(b']') {
            loop {
                item(self)?;
                self.ws();
                if self.eat(b']') {
                    break;
                }
                self.expect(b',')?;
            }
        }
        self.depth -= 1;
        Some(())
    }

    fn nest(&mut self) -> Option<()> {
        self.depth += 1;
        (self.depth <= MAX_DEPTH).then_some(())
    }

    /// The elements of an array-shaped record, in order: exactly `N` of them.
    pub fn tuple<T, const N: usize>(
        &mut self,
        read: impl FnOnce(&mut Tuple<'_, 'a, N>) -> Option<T>,
    ) -> Option<T> {
        self.ws();
        self.expect(b'[')?;
        let mut t = Tuple { r: self, next: 0 };
        let v = read(&mut t)?;
        if t.next != N {
            return None;
        }
        self.ws();
        self.expect(b']')?;
        Some(v)
    }

    /// Skips one value, checking it as serde would.
    pub fn skip(&mut self) -> Option<()> {
        match self.peek()? {
            b'{' => self.object(|_, r| r.skip()),
            b'[' => self.array(Self::skip),
            b'"' => self.string().map(drop),
            b'-' | b'0'..=b'9' => self.number().map(drop),
            b't' => self.eat_word(b"true").then_some(()),
            b'f' => self.eat_word(b"false").then_some(()),
            b'n' => self.eat_word(b"null").then_some(()),
            _ => None,
        }
    }

    /// One value's text exactly as written (for values kept raw).
    pub fn raw(&mut self) -> Option<&'a str> {
        self.ws();
        let from = self.at;
        self.skip()?;
        Some(self.text(from))
    }

    /// A string's contents (without escapes; `None` leaves one with escapes to serde).
    pub fn str(&mut self) -> Option<&'a str> {
        self.ws();
        self.string()
    }

    /// A string without escapes or control characters; its contents.
    #[inline]
    fn string(&mut self) -> Option<&'a str> {
        self.expect(b'"')?;
        let from = self.at;
        let rest = self.s.get(from..)?;
        let len = rest.iter().position(|&b| STRING_STOP[usize::from(b)])?;
        if rest[len] != b'"' {
            return None;
        }
        self.at += len;
        let s = self.text(from);
        self.at += 1;
        Some(s)
    }

    /// A number in JSON's grammar; its text.
    fn number(&mut self) -> Option<&'a str> {
        let from = self.at;
        self.eat(b'-');
        let int = self.at;
        if !self.eat(b'0') {
            self.digits();
            if self.at == int {
                return None;
            }
        }
        if self.eat(b'.') {
            let frac = self.at;
            self.digits();
            if self.at == frac {
                return None;
            }
        }
        if self.eat(b'e') || self.eat(b'E') {
            let _ = self.eat(b'+') || self.eat(b'-');
            let exp = self.at;
            self.digits();
            if self.at == exp {
                return None;
            }
        }
        Some(self.text(from))
    }

    fn digits(&mut self) {
        while self.s.get(self.at).is_some_and(u8::is_ascii_digit) {
            self.at += 1;
        }
    }

    /// A scalar as serde's path sees it (`de`'s scalar visitor): a string's contents, an integer
    /// that fits 64 bits as that integer, any other number as its text, a boolean.
    pub(crate) fn scalar<T: Scalar>(&mut self) -> Option<T> {
        match self.peek()? {
            b'"' => T::from_text::<Discard>(self.string()?).ok(),
            b'0'..=b'9' if let Some((v, end)) = plain_u64_at(self.s, self.at) => {
                // Most numbers that are not decimals (times, ids): read in the pass that finds
                // their end, as serde_json hands them over (a `u64`).
                self.at = end;
                T::from_u64::<Discard>(v).ok()
            }
            b'-' | b'0'..=b'9' => {
                let n = self.number()?;
                let converted = match integer(n) {
                    Some(Integer::Unsigned(v)) => T::from_u64::<Discard>(v),
                    Some(Integer::Signed(v)) => T::from_i64::<Discard>(v),
                    None => T::from_text::<Discard>(&serde_number_text(n)),
                };
                converted.ok()
            }
            b't' if self.eat_word(b"true") => T::from_bool::<Discard>(true).ok(),
            b'f' if self.eat_word(b"false") => T::from_bool::<Discard>(false).ok(),
            _ => None,
        }
    }

    /// A scalar's text for `f` (generated enums): a string's contents, an integer formatted as
    /// serde's path formats it, any other number as written.
    pub fn scalar_text<T>(&mut self, f: impl FnOnce(&str) -> Option<T>) -> Option<T> {
        match self.peek()? {
            b'"' => f(self.string()?),
            b'-' | b'0'..=b'9' => {
                let n = self.number()?;
                let mut buf = [0; crate::wire::digits::MAX];
                match integer(n) {
                    Some(Integer::Unsigned(v)) => f(crate::wire::digits::u64_text(v, &mut buf)),
                    Some(Integer::Signed(v)) => f(crate::wire::digits::i64_text(v, &mut buf)),
                    None => f(&serde_number_text(n)),
                }
            }
            _ => None,
        }
    }

    /// A decimal as serde's path reads it (from its raw text): a number as written, or the
    /// contents of a string.
    #[inline]
    pub(crate) fn decimal(&mut self) -> Option<Decimal> {
        let quoted = match self.peek()? {
            b'"' => true,
            b'-' | b'0'..=b'9' => false,
            _ => return None,
        };
        // Most decimals: found and read in one pass.
        if let Some((d, end)) = plain_decimal_at(self.s, self.at) {
            self.at = end;
            return Some(d);
        }
        let text = if quoted {
            self.string()?
        } else {
            self.number()?
        };
        Decimal::from_text::<Discard>(text).ok()
    }

    /// Rows of `N` decimals (`[[price, quantity], ...]`, numbers or strings; `null` is empty),
    /// read in the pass that finds them.
    pub fn rows<const N: usize>(&mut self) -> Option<Vec<[Decimal; N]>> {
        if self.null() {
            return Some(Vec::new());
        }
        if let Some(rows) = self.compact_rows() {
            return Some(rows);
        }
        // Anything else (whitespace, exponents, long numbers): element by element.
        let mut rows = Vec::new();
        self.array(|r| {
            rows.push(r.tuple::<_, N>(|t| {
                let mut row = [Decimal::ZERO; N];
                for cell in &mut row {
                    *cell = t.item()?;
                }
                Some(row)
            })?);
            Some(())
        })?;
        Some(rows)
    }

    /// Rows as servers write them, read in one tight loop (`scalar::compact_rows`); `None`,
    /// with nothing consumed, leaves anything else to the general path ([`Reader::rows`]).
    fn compact_rows<const N: usize>(&mut self) -> Option<Vec<[Decimal; N]>> {
        if self.depth + 2 > MAX_DEPTH {
            return None;
        }
        let (rows, end) = compact_rows::<N>(self.s, self.at)?;
        self.at = end;
        Some(rows)
    }
}

/// A non-negative integer at `at` with nothing after it that would make it another number (no
/// fraction, no exponent), below 10^19: its value and where it ends. `None` leaves it to the
/// general path ([`Reader::number`], then [`integer`]), which reads it the same way: a
/// leading `0` ends the number there, as JSON's grammar does.
#[inline]
fn plain_u64_at(s: &[u8], at: usize) -> Option<(u64, usize)> {
    let mut end = at;
    let mut v = 0u64;
    while let Some(&b) = s.get(end) {
        let d = b.wrapping_sub(b'0');
        if d > 9 {
            break;
        }
        v = v * 10 + u64::from(d);
        end += 1;
        if v == 0 || end - at == 19 {
            break;
        }
    }
    match s.get(end) {
        Some(b'.' | b'e' | b'E' | b'0'..=b'9') => None,
        _ => Some((v, end)),
    }
}

/// A number serde_json (`arbitrary_precision`) hands to visitors as an integer.
enum Integer {
    Unsigned(u64),
    Signed(i64),
}

/// What serde_json makes of a number's text: `u64` when it parses as one, `i64` when negative
/// (except `-0`, kept as text for its sign), else text.
fn integer(n: &str) -> Option<Integer> {
    if !n.starts_with('-') {
        n.parse().ok().map(Integer::Unsigned)
    } else if n != "-0" {
        n.parse().ok().map(Integer::Signed)
    } else {
        None
    }
}

/// A number's text as serde_json hands it to visitors: its exponent written `e+N`/`e-N`.
fn serde_number_text(n: &str) -> Cow<'_, str> {
    match n.split_once(['e', 'E']) {
        None => Cow::Borrowed(n),
        Some((mantissa, exp)) if exp.starts_with(['+', '-']) => {
            Cow::Owned(format!("{mantissa}e{exp}"))
        }
        Some((mantissa, exp)) => Cow::Owned(format!("{mantissa}e+{exp}")),
    }
}

/// The elements of an array-shaped record being read ([`Reader::tuple`]).
#[derive(Debug)]
pub struct Tuple<'r, 'a, const N: usize> {
    r: &'r mut Reader<'a>,
    next: usize,
}

impl<const N: usize> Tuple<'_, '_, N> {
    #[inline]
    fn comma(&mut self) -> Option<()> {
        if self.next == N {
            return None;
        }
        if self.next > 0 {
            self.r.ws();
            self.r.expect(b',')?;
        }
        self.next += 1;
        Some(())
    }

    /// The next element.
    pub fn item<T: Direct>(&mut self) -> Option<T> {
        self.comma()?;
        T::direct(self.r)
    }
}
