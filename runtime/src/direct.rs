//! The direct reader: JSON read straight from bytes into typed values in one pass, for the
//! frames a stream delivers by the hundred thousand a second (order updates, depth snapshots)
//! and for every REST answer (the envelope reads `data` with it).
//!
//! serde_json is the general decoder and the authority; this is its fast path. Generated types
//! that answers and streams carry implement [`Direct`], which reads only the forms servers
//! normally send:
//! strings without escapes, plain numbers, known keys once each. Anything else (an escape, a
//! duplicate key, a missing field, malformed text) makes it give up with `None`, and the caller
//! decodes the same bytes with serde ([`from_slice`]), which gives the same value or the error.
//! Scalars convert through the same functions as the serde path (`de`'s `Scalar`), and numbers
//! reach them as serde_json hands them over (`u64`/`i64` when they fit, except `-0`; other
//! numbers as text, exponents written `e+N`); `tests/it/fixtures.rs` and the fuzz targets check
//! that both readings agree.
//!
//! What made serde slow here: a visitor per value, UTF-8 checked string by string, a `String`
//! per number under `arbitrary_precision`, and raw lists (depth levels) scanned once to find
//! their end and again to read them. Here the input is checked as UTF-8 once, keys are matched
//! as bytes, and levels (`[[price, quantity], ...]`) are read in the pass that finds them.

use std::borrow::Cow;

use rust_decimal::Decimal;
use serde::de::value::Error as Discard;

use crate::de::{Scalar, Wire};
use crate::time::{LocalDateTime, Millis, Seconds};

/// Nesting deeper than this is left to serde (which refuses past 128).
const MAX_DEPTH: u32 = 100;

/// The most rows reserved ahead from an estimate (a book of more grows as usual).
const MAX_RESERVED_ROWS: usize = 1024;

/// A value read straight from JSON bytes; `None` hands the input to serde (see the module doc).
///
/// Implemented by the runtime for scalars, `Option` and `Vec`, and generated for the records
/// and enums that answers and stream frames carry.
pub trait Direct: Sized {
    /// Reads one value at the reader's position.
    fn direct(r: &mut Reader<'_>) -> Option<Self>;

    /// Reads a list (`null` is empty); order-book levels override it with [`Reader::rows`].
    fn list_direct(r: &mut Reader<'_>) -> Option<Vec<Self>> {
        if r.null() {
            return Some(Vec::new());
        }
        let mut out = Vec::new();
        r.array(|r| {
            out.push(Self::direct(r)?);
            Some(())
        })?;
        Some(out)
    }
}

/// Decodes `bytes` as one `T`: the direct reader first, serde when it gives up (with serde's
/// error when the bytes are not a `T`).
pub fn from_slice<T: Direct + Wire>(bytes: &[u8]) -> Result<T, serde_json::Error> {
    if let Some(v) = read_all(bytes, T::direct) {
        return Ok(v);
    }
    // The unusual forms are where drift shows: checked after the decode.
    crate::drift::notice();
    let mut de = serde_json::Deserializer::from_slice(bytes);
    let v = T::from_wire(&mut de)?;
    de.end()?;
    Ok(v)
}

/// Runs `read` over the whole of `bytes` (surrounding whitespace allowed).
pub fn read_all<'a, T>(
    bytes: &'a [u8],
    read: impl FnOnce(&mut Reader<'a>) -> Option<T>,
) -> Option<T> {
    let mut r = Reader::new(bytes)?;
    let v = read(&mut r)?;
    r.ws();
    r.done().then_some(v)
}

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
    fn over(src: &'a str) -> Self {
        Self {
            src,
            s: src.as_bytes(),
            at: 0,
            depth: 0,
        }
    }

    #[inline]
    fn ws(&mut self) {
        // Compact JSON has none: one comparison (every whitespace byte is at most a space).
        while let Some(&b) = self.s.get(self.at) {
            if b > b' ' || !matches!(b, b' ' | b'\n' | b'\r' | b'\t') {
                break;
            }
            self.at += 1;
        }
    }
    #[inline]
    fn peek(&mut self) -> Option<u8> {
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
    fn done(&self) -> bool {
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
    fn empty_object(&mut self) -> bool {
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
    fn scalar<T: Scalar>(&mut self) -> Option<T> {
        match self.peek()? {
            b'"' => T::from_text::<Discard>(self.string()?).ok(),
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
                let mut buf = [0; crate::digits::MAX];
                match integer(n) {
                    Some(Integer::Unsigned(v)) => f(crate::digits::u64_text(v, &mut buf)),
                    Some(Integer::Signed(v)) => f(crate::digits::i64_text(v, &mut buf)),
                    None => f(&serde_number_text(n)),
                }
            }
            _ => None,
        }
    }

    /// A decimal as serde's path reads it (from its raw text): a number as written, or the
    /// contents of a string.
    #[inline]
    fn decimal(&mut self) -> Option<Decimal> {
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

    /// Rows as servers write them (`[[1.5,2],["3","4"]]`: no whitespace, plain decimals, quoted
    /// or not), read in one tight loop; `None`, with nothing consumed, leaves anything else to
    /// the general path ([`Reader::rows`]). The general path's closures and whitespace checks
    /// were most of a depth frame's time.
    fn compact_rows<const N: usize>(&mut self) -> Option<Vec<[Decimal; N]>> {
        let s = self.s;
        let mut at = self.at;
        if s.get(at) != Some(&b'[') || self.depth + 2 > MAX_DEPTH {
            return None;
        }
        at += 1;
        let mut rows = Vec::new();
        if s.get(at) == Some(&b']') {
            self.at = at + 1;
            return Some(rows);
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
                Some(b']') => {
                    self.at = at + 1;
                    return Some(rows);
                }
                _ => return None,
            }
        }
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

/// The [`Direct`] impl of a generated object-shaped record: `generate!` names each field, the
/// keys it is read under (its wire name and aliases) and how it is read, and this writes the
/// reader (declarative expansion costs the build far less than the same tokens made by the
/// procedural macro). Each field is read once (a second sighting gives up), unknown keys are
/// skipped; kinds: `req`/`opt` (required or optional), `req_serde`/`opt_serde` (left to serde:
/// the reader gives up when the key is present).
#[doc(hidden)]
#[macro_export]
macro_rules! direct_record {
    ($name:ident { $($field:ident [$($key:literal)|+] $kind:ident,)* }) => {
        impl $crate::direct::Direct for $name {
            fn direct(r: &mut $crate::direct::Reader<'_>) -> ::std::option::Option<Self> {
                $(let mut $field = ::std::option::Option::None;)*
                r.object(|key, r| match key {
                    $($($key)|+ => $crate::direct_record!(@read $kind r $field),)*
                    // A key the spec does not list: a drift check after the decode.
                    _ => {
                        $crate::drift::notice();
                        r.skip()
                    }
                })?;
                ::std::option::Option::Some(Self {
                    $($field: $crate::direct_record!(@value $kind $field),)*
                })
            }
        }
    };
    (@read req_serde $r:ident $f:ident) => { ::std::option::Option::None };
    (@read opt_serde $r:ident $f:ident) => { ::std::option::Option::None };
    (@read $kind:ident $r:ident $f:ident) => { $r.field(&mut $f) };
    (@value req $f:ident) => { $f? };
    (@value req_serde $f:ident) => { $f? };
    (@value opt $f:ident) => { $f.flatten() };
    (@value opt_serde $f:ident) => { $f.flatten() };
}

macro_rules! direct_via_scalar {
    ($($t:ty),*) => {$(
        impl Direct for $t {
            fn direct(r: &mut Reader<'_>) -> Option<Self> {
                r.scalar()
            }
        }
    )*};
}

direct_via_scalar!(String, bool, i32, i64, Millis, Seconds, LocalDateTime);

impl Direct for Decimal {
    fn direct(r: &mut Reader<'_>) -> Option<Self> {
        r.decimal()
    }
}

impl<T: Direct> Direct for Option<T> {
    fn direct(r: &mut Reader<'_>) -> Option<Self> {
        if r.null() {
            Some(None)
        } else {
            T::direct(r).map(Some)
        }
    }
}

impl<T: Direct> Direct for Vec<T> {
    fn direct(r: &mut Reader<'_>) -> Option<Self> {
        T::list_direct(r)
    }
}

impl Direct for serde_json::Value {
    /// Free-form values are rare in frames: their text is handed to serde.
    fn direct(r: &mut Reader<'_>) -> Option<Self> {
        serde_json::from_str(r.raw()?).ok()
    }
}

/// One object or an array of them, as a list, read as `de::one_or_many` reads it: `null` is
/// empty, and `{}` and `null` (alone or as elements) mean nothing and are skipped.
pub fn one_or_many<T: Direct>(r: &mut Reader<'_>) -> Option<Vec<T>> {
    fn one<T: Direct>(r: &mut Reader<'_>, out: &mut Vec<T>) -> Option<()> {
        if r.null() || r.empty_object() {
            return Some(());
        }
        // Objects only, as serde's visitor takes them.
        if r.peek()? != b'{' {
            return None;
        }
        out.push(T::direct(r)?);
        Some(())
    }
    let mut out = Vec::new();
    if r.peek()? == b'[' {
        r.array(|r| one(r, &mut out))?;
    } else {
        one(r, &mut out)?;
    }
    Some(out)
}

/// The whole of `raw` (already known to be JSON text) as rows of `N` decimals ([`Reader::rows`]).
pub(crate) fn parse_rows<const N: usize>(raw: &str) -> Option<Vec<[Decimal; N]>> {
    let mut r = Reader::over(raw);
    let rows = r.rows::<N>()?;
    r.ws();
    r.done().then_some(rows)
}

/// The whole of `text` as a plain decimal (see [`number`]); `None` sends it to the general
/// parser, which gives the same value for anything this accepts.
pub(crate) fn plain_decimal(text: &[u8]) -> Option<Decimal> {
    number(text, 0).and_then(|(d, end)| (end == text.len()).then_some(d))
}

/// A plain decimal at `at`, quoted or not (see [`number`]): its value and where it ends (past
/// the closing quote). `number` stops at anything unusual, and what may follow is checked here:
/// a closing quote, or no exponent.
#[inline(always)]
fn plain_decimal_at(s: &[u8], at: usize) -> Option<(Decimal, usize)> {
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
        let rows = parse_rows::<2>(r#"[[86526,61555],[ 86526.1 , "64099" ],["0.000001","-2.50"]]"#)
            .unwrap();
        assert_eq!(rows[0], [d("86526"), d("61555")]);
        assert_eq!(rows[1], [d("86526.1"), d("64099")]);
        assert_eq!(rows[2], [d("0.000001"), d("-2.50")]);
        assert_eq!(rows[2][1].scale(), 2, "the scale as written");
        assert!(parse_rows::<2>("[]").unwrap().is_empty());
        assert!(parse_rows::<2>(" null ").unwrap().is_empty());
    }

    #[test]
    fn rows_read_as_the_general_decoder_reads_them() {
        let general = |raw: &str| {
            let mut de = serde_json::Deserializer::from_str(raw);
            let rows = crate::de::general_rows::<_, 2>(&mut de).ok()?;
            de.end().ok().map(|()| rows)
        };
        for (raw, taken) in [
            // As servers write them, then forms the compact loop hands back part-way through.
            (r#"[[86526.1,61555],["86526.2","1"],[3,"4.00"]]"#, true),
            (r#"[]"#, true),
            (r#"[[1,2], [3,4]]"#, true),
            (r#"[[1,2],[3,4e1]]"#, true),
            (r#"[[1,2],[3,12345678901234567890]]"#, true),
            (r#"[[1e3,1]]"#, true),
            (r#"[[1234567890123456789,"0.999999999999999999"]]"#, true),
            (r#"[[-0,1],["-0.0",2]]"#, true),
            (r#"[[1,2,3]]"#, false),
            (r#"[[1]]"#, false),
            (r#"[[null,1]]"#, false),
            (r#"[["1\u0030",1]]"#, false),
            (r#"[[1.,1]]"#, false),
            (r#"[[01,1]]"#, false),
            (r#"[[1,2]"#, false),
            (r#"[[1,2]] x"#, false),
            (r#"{"a":1}"#, false),
            (r#"[[1,2],]"#, false),
            (r#"[["1",2"]]"#, false),
            ("", false),
        ] {
            let direct = parse_rows::<2>(raw);
            assert_eq!(direct.is_some(), taken, "{raw}");
            if direct.is_some() {
                assert_eq!(direct, general(raw), "{raw}");
            }
        }
        let one = |text: &str| parse_rows::<1>(&format!("[[{text}]]")).map(|r| r[0][0]);
        assert_eq!(one("123456789012345678"), Some(d("123456789012345678")));
        assert_eq!(one("999999999999999999"), Some(d("999999999999999999")));
        assert_eq!(one("-0.5"), Some(d("-0.5")));
        assert_eq!(one("\"-0.000001\""), Some(d("-0.000001")));
        assert_eq!(one("0.10"), Some(d("0.10")));
        for bad in ["1-2", "1.2.3", ".5", "-", "\"1", "1\"", "--1", "+1"] {
            assert_eq!(one(bad), None, "{bad}");
        }
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

    /// What serde's path makes of `json` as a `T`.
    fn serde<T: Wire>(json: &str) -> Option<T> {
        let mut de = serde_json::Deserializer::from_str(json);
        let v = T::from_wire(&mut de).ok()?;
        de.end().ok().map(|()| v)
    }

    /// The direct reader either gives up or agrees with serde; `taken` says which is expected.
    fn agrees<T: Direct + Wire + PartialEq + std::fmt::Debug>(json: &str, taken: bool) {
        let direct = read_all(json.as_bytes(), T::direct);
        assert_eq!(direct.is_some(), taken, "{json}: direct {direct:?}");
        if let Some(v) = direct {
            assert_eq!(Some(v), serde::<T>(json), "{json}");
        }
    }

    #[test]
    fn scalars_read_as_serde_reads_them() {
        for (json, taken) in [
            ("\"0.001\"", true),
            ("86526.1", true),
            (" -2.50 ", true),
            ("12345678901234567890.5", true),
            ("1e3", true),
            ("\"1e-3\"", true),
            ("0E-8", true),
            ("-0", true),
            ("01", false),
            ("1.", false),
            ("-", false),
            ("\"1\\u0030\"", false),
            ("true", false),
            ("null", false),
            ("\"x\"", false),
        ] {
            agrees::<Decimal>(json, taken);
        }
        for (json, taken) in [
            ("8886774", true),
            ("-5", true),
            ("\"42\"", true),
            ("5.0", true),
            ("1e3", true),
            ("18446744073709551615", false),
            ("9223372036854775807", true),
            ("-9223372036854775809", false),
            ("\"1.5\"", false),
            ("false", false),
        ] {
            agrees::<i64>(json, taken);
        }
        for (json, taken) in [
            ("\"BTCUSDT\"", true),
            ("\"\"", true),
            ("12", true),
            ("-7", true),
            ("1.50", true),
            ("-0", true),
            ("11e11", true),
            ("2.5E+3", true),
            ("123456789012345678901234", true),
            ("\"caf\u{e9}\"", true),
            ("\"a\\nb\"", false),
            ("\"tab\there\"", false),
            ("true", false),
            ("[]", false),
        ] {
            agrees::<String>(json, taken);
        }
        for (json, taken) in [("true", true), ("\"FALSE\"", true), ("1", false)] {
            agrees::<bool>(json, taken);
        }
        agrees::<Millis>("1568879465651", true);
        agrees::<Millis>("\"1568879465651\"", true);
        agrees::<i32>("2147483648", false);
        agrees::<Option<Decimal>>("null", true);
        agrees::<Option<Decimal>>("\"1.5\"", true);
        agrees::<Vec<i64>>("[1, \"2\" ,3]", true);
        agrees::<Vec<i64>>("null", true);
        agrees::<Vec<i64>>("[1,]", false);
        agrees::<Vec<i64>>("[1] x", false);
        agrees::<serde_json::Value>(r#"{"a":[1,2.50,{"b":null}]}"#, true);
    }

    #[test]
    fn enum_text_is_formatted_as_serde_formats_it() {
        let text =
            |json: &str| read_all(json.as_bytes(), |r| r.scalar_text(|s| Some(s.to_owned())));
        assert_eq!(text("\"SELL\"").as_deref(), Some("SELL"));
        assert_eq!(
            text("-0").as_deref(),
            Some("-0"),
            "kept as text, as serde_json keeps it"
        );
        assert_eq!(text("-01"), None);
        assert_eq!(text("-12").as_deref(), Some("-12"));
        assert_eq!(
            text("11E11").as_deref(),
            Some("11e+11"),
            "serde_json's exponent"
        );
        assert_eq!(text("1.5e-3").as_deref(), Some("1.5e-3"));
        assert_eq!(
            text("2.50").as_deref(),
            Some("2.50"),
            "any other number as written"
        );
        assert_eq!(text("true"), None);
        assert_eq!(text("null"), None);
    }

    #[test]
    fn objects_give_up_on_anything_unusual() {
        let object = |json: &str| {
            read_all(json.as_bytes(), |r| {
                let mut seen = Vec::new();
                r.object(|key, r| {
                    seen.push(String::from_utf8_lossy(key).into_owned());
                    r.skip()
                })?;
                Some(seen)
            })
        };
        assert_eq!(
            object(" {\"a\" : [1, {\"b\": \"x\"}] ,\"c\":null,\"d\":-1.5e+3, \"e\":{}}\n"),
            Some(vec!["a".into(), "c".into(), "d".into(), "e".into()])
        );
        assert_eq!(object("{}"), Some(vec![]));
        for bad in [
            "{\"a\":1,}",
            "{\"a\" 1}",
            "{\"a\":1}}",
            "{\"\\u0061\":1}",
            "{\"a\":\"\\\"\"}",
            "{\"a\":01}",
            "{\"a\":tru}",
            "{\"a\":1",
            "[1]",
            "",
        ] {
            assert_eq!(object(bad), None, "{bad}");
        }
        let deep = format!("{{\"a\":{}{}}}", "[".repeat(200), "]".repeat(200));
        assert_eq!(
            object(&deep),
            None,
            "nesting past the limit is left to serde"
        );
        assert!(Reader::new(b"{\"a\":\"\xff\"}").is_none(), "not UTF-8");
    }

    #[test]
    fn fields_are_read_once() {
        let field = |json: &str| {
            read_all(json.as_bytes(), |r| {
                let mut a: Option<i64> = None;
                r.object(|key, r| match key {
                    b"a" => r.field(&mut a),
                    _ => r.skip(),
                })?;
                a
            })
        };
        assert_eq!(field(r#"{"b":2,"a":1}"#), Some(1));
        assert_eq!(
            field(r#"{"a":1,"a":1}"#),
            None,
            "serde refuses a duplicate field"
        );
    }

    #[test]
    fn one_or_many_reads_as_serde_reads_it() {
        use serde_json::Value;
        for (json, taken) in [
            ("null", true),
            ("{}", true),
            ("[]", true),
            (r#"{"a":1}"#, true),
            (r#"[{"a":1},{},null,{ },{"b":[2]}]"#, true),
            ("[[1]]", false),
            ("[1]", false),
            ("1", false),
            (r#""x""#, false),
            (r#"[{"a":1}"#, false),
        ] {
            let direct = read_all(json.as_bytes(), one_or_many::<Value>);
            let mut de = serde_json::Deserializer::from_str(json);
            let general = crate::de::one_or_many::<_, Value>(&mut de)
                .ok()
                .filter(|_| de.end().is_ok());
            assert_eq!(direct.is_some(), taken, "{json}");
            if taken {
                assert_eq!(direct, general, "{json}");
            } else {
                assert!(
                    general.is_none(),
                    "{json}: serde takes what the reader refuses"
                );
            }
        }
    }

    #[test]
    fn tuples_take_exactly_their_elements() {
        let pair = |json: &str| {
            read_all(json.as_bytes(), |r| {
                r.tuple::<_, 2>(|t| Some((t.item::<i64>()?, t.item::<String>()?)))
            })
        };
        assert_eq!(pair(r#"[1, "a"]"#), Some((1, "a".into())));
        assert_eq!(pair(r#"[1]"#), None);
        assert_eq!(pair(r#"[1,"a",2]"#), None);
    }
}
