//! Decoding of wire values that servers send inconsistently.
//!
//! The same field arrives as a number on one server and a string on another (`"price": 0.9` vs
//! `"fee": "0.0018"`, `clientOrderId` unquoted, `code` as `"0"` or `0`), and decimals carry more
//! digits than an `f64` holds. Every generated field goes through [`wire`], which accepts both
//! forms and never routes a number through `f64`.
//!
//! All scalar types share one visitor that hands out the scalar's text: borrowed from the input
//! when serde_json can borrow it, so decoding a decimal or an integer from a string allocates
//! nothing. With serde_json's `arbitrary_precision`, non-integer numbers reach visitors as a
//! one-entry map keyed by a private token whose value is the number's exact text; that map is
//! recognised here.

use std::borrow::Cow;
use std::fmt;
use std::marker::PhantomData;

use rust_decimal::Decimal;
use serde::de::value::{BorrowedStrDeserializer, StringDeserializer};
use serde::de::{
    self, DeserializeSeed, Deserializer, IgnoredAny, MapAccess, SeqAccess, Unexpected, Visitor,
};

use crate::time::{LocalDateTime, Millis, Seconds};

pub mod record;

/// The key under which serde_json (`arbitrary_precision`) hands a number's text to a visitor.
const NUMBER_TOKEN: &str = "$serde_json::private::Number";

/// A value that can be decoded from the forms servers actually send.
///
/// Generated types implement it by delegating to their `Deserialize` impl; the runtime
/// implements it for scalars, `Option`, `Vec` and `()`.
pub trait Wire: Sized {
    /// Decodes `Self` from `d`, accepting every documented wire form.
    fn from_wire<'de, D: Deserializer<'de>>(d: D) -> Result<Self, D::Error>;

    /// Decodes a list of `Self` (`null` is empty). Types with a faster way to read many at once
    /// override it (order-book levels: [`decimal_rows`]).
    fn list_from_wire<'de, D: Deserializer<'de>>(d: D) -> Result<Vec<Self>, D::Error> {
        d.deserialize_option(ListVisitor(PhantomData))
    }
}

/// Decodes any [`Wire`] value; used as `#[serde(deserialize_with = "...::de::wire")]` on every
/// generated field (with `#[serde(default)]` on `Option` fields).
pub fn wire<'de, D: Deserializer<'de>, T: Wire>(d: D) -> Result<T, D::Error> {
    T::from_wire(d)
}

/// Decodes and discards any value, for endpoints whose answer carries nothing.
pub fn ignore<'de, D: Deserializer<'de>>(d: D) -> Result<(), D::Error> {
    de::Deserialize::deserialize(d).map(|IgnoredAny| ())
}

/// Decodes one object or an array of objects into a list.
///
/// `null` gives an empty list; empty objects `{}` (alone or as elements) and `null` elements are
/// skipped, because servers use them to mean "nothing". Streams straight from the input: the
/// first key of each object is read to detect `{}` and then replayed to `T`, so nothing is
/// buffered and any self-describing deserializer works.
pub fn one_or_many<'de, D: Deserializer<'de>, T: Wire>(d: D) -> Result<Vec<T>, D::Error> {
    d.deserialize_any(OneOrMany(PhantomData))
}

/// [`one_or_many`] for an optional field: `null` is `None`, as for any optional field.
pub fn opt_one_or_many<'de, D: Deserializer<'de>, T: Wire>(
    d: D,
) -> Result<Option<Vec<T>>, D::Error> {
    Ok(Option::<Many<T>>::from_wire(d)?.map(|m| m.0))
}

/// A one-or-many list as a `Wire` value, so `Option`'s reader serves the optional field.
struct Many<T>(Vec<T>);

impl<T: Wire> Wire for Many<T> {
    fn from_wire<'de, D: Deserializer<'de>>(d: D) -> Result<Self, D::Error> {
        one_or_many(d).map(Many)
    }
}

// ---------------------------------------------------------------------------------------------
// Scalars: one visitor, per-type conversions.

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

fn scalar<'de, D: Deserializer<'de>, T: Scalar>(d: D) -> Result<T, D::Error> {
    d.deserialize_any(ScalarVisitor(As::<T>(PhantomData)))
}

/// Decodes a string enum from its text (a string, or a number's exact text) with `from`, through
/// the `String` reader that every text field shares: each enum adds only its own call, not a
/// visitor of its own for every deserializer (the serde side is the fallback; the direct reader
/// reads enums without allocating).
pub fn enum_text<'de, D: Deserializer<'de>, T>(d: D, from: fn(&str) -> T) -> Result<T, D::Error> {
    String::from_wire(d).map(|s| from(&s))
}

/// Decodes an integer enum's value: an integer, or its text with spaces around allowed. One
/// reader for every integer enum (each adds only its `from_i64`).
pub fn enum_int<'de, D: Deserializer<'de>>(d: D) -> Result<i64, D::Error> {
    scalar::<D, EnumInt>(d).map(|EnumInt(n)| n)
}

/// An integer enum's value, as [`enum_int`] reads it.
struct EnumInt(i64);

impl Scalar for EnumInt {
    const EXPECTING: &'static str = "a string or a number";
    fn from_text<E: de::Error>(s: &str) -> Result<Self, E> {
        s.trim()
            .parse()
            .map(EnumInt)
            .map_err(|_| E::custom(format_args!("expected an integer, found `{s}`")))
    }
    fn from_i64<E: de::Error>(v: i64) -> Result<Self, E> {
        Ok(EnumInt(v))
    }
    fn from_u64<E: de::Error>(v: u64) -> Result<Self, E> {
        i64::try_from(v)
            .map(EnumInt)
            .map_err(|_| E::custom(format_args!("expected an integer, found `{v}`")))
    }
}

/// What the scalar visitor turns the value it sees into.
trait Convert: Sized {
    type Out;
    fn expecting(&self) -> &'static str;
    fn text<E: de::Error>(self, s: &str) -> Result<Self::Out, E>;
    fn owned<E: de::Error>(self, s: String) -> Result<Self::Out, E>;
    fn int<E: de::Error>(self, v: i64) -> Result<Self::Out, E>;
    fn uint<E: de::Error>(self, v: u64) -> Result<Self::Out, E>;
    fn boolean<E: de::Error>(self, v: bool) -> Result<Self::Out, E>;
}

/// Converts to a [`Scalar`] type.
struct As<T>(PhantomData<fn() -> T>);

impl<T: Scalar> Convert for As<T> {
    type Out = T;
    fn expecting(&self) -> &'static str {
        T::EXPECTING
    }
    fn text<E: de::Error>(self, s: &str) -> Result<T, E> {
        T::from_text(s)
    }
    fn owned<E: de::Error>(self, s: String) -> Result<T, E> {
        T::from_owned(s)
    }
    fn int<E: de::Error>(self, v: i64) -> Result<T, E> {
        T::from_i64(v)
    }
    fn uint<E: de::Error>(self, v: u64) -> Result<T, E> {
        T::from_u64(v)
    }
    fn boolean<E: de::Error>(self, v: bool) -> Result<T, E> {
        T::from_bool(v)
    }
}

/// The scalar methods of a visitor over a [`Convert`] held in `.0`, shared by
/// [`ScalarVisitor`] and [`RawScalar`]. Floats are refused: with `arbitrary_precision`
/// serde_json never produces them, and any other source has already lost the exact value.
macro_rules! scalar_visits {
    () => {
        fn visit_borrowed_str<E: de::Error>(self, v: &'de str) -> Result<C::Out, E> {
            self.0.text(v)
        }
        fn visit_str<E: de::Error>(self, v: &str) -> Result<C::Out, E> {
            self.0.text(v)
        }
        fn visit_string<E: de::Error>(self, v: String) -> Result<C::Out, E> {
            self.0.owned(v)
        }
        fn visit_i64<E: de::Error>(self, v: i64) -> Result<C::Out, E> {
            self.0.int(v)
        }
        fn visit_u64<E: de::Error>(self, v: u64) -> Result<C::Out, E> {
            self.0.uint(v)
        }
        fn visit_bool<E: de::Error>(self, v: bool) -> Result<C::Out, E> {
            self.0.boolean(v)
        }
        fn visit_f64<E: de::Error>(self, v: f64) -> Result<C::Out, E> {
            Err(E::invalid_type(Unexpected::Float(v), &self))
        }
    };
}

/// The one visitor every scalar goes through.
struct ScalarVisitor<C>(C);

impl<'de, C: Convert> Visitor<'de> for ScalarVisitor<C> {
    type Value = C::Out;

    fn expecting(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.0.expecting())
    }
    scalar_visits!();
    fn visit_map<A: MapAccess<'de>>(self, mut map: A) -> Result<C::Out, A::Error> {
        match map.next_key_seed(NumberKey)? {
            Some(true) => map.next_value_seed(NumberText(self.0)),
            _ => Err(de::Error::invalid_type(Unexpected::Map, &self)),
        }
    }
}

/// Recognises serde_json's private number token as a map key.
struct NumberKey;

impl<'de> DeserializeSeed<'de> for NumberKey {
    type Value = bool;
    fn deserialize<D: Deserializer<'de>>(self, d: D) -> Result<bool, D::Error> {
        d.deserialize_str(self)
    }
}

impl<'de> Visitor<'de> for NumberKey {
    type Value = bool;
    fn expecting(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str("a number")
    }
    fn visit_str<E: de::Error>(self, v: &str) -> Result<bool, E> {
        Ok(v == NUMBER_TOKEN)
    }
}

/// Reads the text value behind serde_json's number token.
struct NumberText<C>(C);

impl<'de, C: Convert> DeserializeSeed<'de> for NumberText<C> {
    type Value = C::Out;
    fn deserialize<D: Deserializer<'de>>(self, d: D) -> Result<C::Out, D::Error> {
        // `deserialize_str`, not `any`: the value is text, and this keeps a hostile nested
        // token map from recursing.
        d.deserialize_str(ScalarVisitor(self.0))
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

impl Scalar for Millis {
    const EXPECTING: &'static str = "milliseconds since the epoch (number or numeric string)";
    fn from_text<E: de::Error>(s: &str) -> Result<Self, E> {
        i64::from_text(s).map(Millis)
    }
    fn from_i64<E: de::Error>(v: i64) -> Result<Self, E> {
        Ok(Millis(v))
    }
    fn from_u64<E: de::Error>(v: u64) -> Result<Self, E> {
        i64::from_u64(v).map(Millis)
    }
}

impl Scalar for Seconds {
    const EXPECTING: &'static str = "seconds since the epoch (number or numeric string)";
    fn from_text<E: de::Error>(s: &str) -> Result<Self, E> {
        i64::from_text(s).map(Seconds)
    }
    fn from_i64<E: de::Error>(v: i64) -> Result<Self, E> {
        Ok(Seconds(v))
    }
    fn from_u64<E: de::Error>(v: u64) -> Result<Self, E> {
        i64::from_u64(v).map(Seconds)
    }
}

impl Scalar for LocalDateTime {
    const EXPECTING: &'static str = "a date-time string";
    fn from_text<E: de::Error>(s: &str) -> Result<Self, E> {
        Ok(LocalDateTime(s.to_owned()))
    }
    fn from_owned<E: de::Error>(s: String) -> Result<Self, E> {
        Ok(LocalDateTime(s))
    }
}

macro_rules! wire_via_scalar {
    ($($t:ty),*) => {$(
        impl Wire for $t {
            fn from_wire<'de, D: Deserializer<'de>>(d: D) -> Result<Self, D::Error> {
                scalar(d)
            }
        }
    )*};
}

wire_via_scalar!(String, bool, i32, i64, Millis, Seconds, LocalDateTime);

impl Wire for Decimal {
    /// Asks serde_json for the value's raw text, borrowed from the input: with
    /// `arbitrary_precision` a number would otherwise be copied into a fresh `String` first (a
    /// heap allocation per decimal, most of the cost of a depth snapshot). Other deserializers
    /// ignore the request and are read as any scalar.
    fn from_wire<'de, D: Deserializer<'de>>(d: D) -> Result<Self, D::Error> {
        d.deserialize_newtype_struct(RAW_TOKEN, RawScalar(As::<Decimal>(PhantomData)))
    }
}

/// The newtype name under which serde_json (`raw_value`) hands out a value's raw JSON text.
const RAW_TOKEN: &str = "$serde_json::private::RawValue";

/// A scalar read from its raw JSON text when the deserializer offers it, else as any scalar.
struct RawScalar<C>(C);

impl<'de, C: Convert> Visitor<'de> for RawScalar<C> {
    type Value = C::Out;

    fn expecting(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.0.expecting())
    }
    fn visit_newtype_struct<D: Deserializer<'de>>(self, d: D) -> Result<C::Out, D::Error> {
        d.deserialize_any(ScalarVisitor(self.0))
    }
    fn visit_map<A: MapAccess<'de>>(self, mut map: A) -> Result<C::Out, A::Error> {
        if map.next_key_seed(TokenKey(RAW_TOKEN))? == Some(true) {
            return map.next_value_seed(RawText(self.0));
        }
        Err(de::Error::invalid_type(Unexpected::Map, &self))
    }
    scalar_visits!();
}

/// The raw JSON text of a scalar: a number as written, a string without its quotes (unescaped
/// when it has escapes), `true`/`false`; anything else is the wrong type.
struct RawText<C>(C);

impl<'de, C: Convert> DeserializeSeed<'de> for RawText<C> {
    type Value = C::Out;
    fn deserialize<D: Deserializer<'de>>(self, d: D) -> Result<C::Out, D::Error> {
        d.deserialize_str(self)
    }
}

impl<'de, C: Convert> Visitor<'de> for RawText<C> {
    type Value = C::Out;

    fn expecting(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.0.expecting())
    }
    fn visit_borrowed_str<E: de::Error>(self, raw: &'de str) -> Result<C::Out, E> {
        self.visit_str(raw)
    }
    fn visit_str<E: de::Error>(self, raw: &str) -> Result<C::Out, E> {
        let expected = self.0.expecting();
        match raw.as_bytes().first() {
            Some(b'"') => {
                let inner = raw
                    .get(1..raw.len().saturating_sub(1))
                    .filter(|_| raw.len() >= 2 && raw.ends_with('"'))
                    .ok_or_else(|| E::custom("unterminated string"))?;
                if inner.contains('\\') {
                    let owned: String = serde_json::from_str(raw).map_err(E::custom)?;
                    self.0.owned(owned)
                } else {
                    self.0.text(inner)
                }
            }
            Some(b'-' | b'0'..=b'9') => self.0.text(raw),
            Some(b't') if raw == "true" => self.0.boolean(true),
            Some(b'f') if raw == "false" => self.0.boolean(false),
            Some(b'n') => Err(E::invalid_type(Unexpected::Unit, &expected)),
            Some(b'[') => Err(E::invalid_type(Unexpected::Seq, &expected)),
            Some(b'{') => Err(E::invalid_type(Unexpected::Map, &expected)),
            _ => Err(E::invalid_value(Unexpected::Str(raw), &expected)),
        }
    }
}

/// Parses an integer; an integral decimal form (`5.0`, `1e3`) is accepted because it is exact.
fn parse_i64(s: &str) -> Option<i64> {
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
    if let Some(d) = crate::direct::plain_decimal(s.as_bytes()) {
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
// Containers.

impl Wire for serde_json::Value {
    fn from_wire<'de, D: Deserializer<'de>>(d: D) -> Result<Self, D::Error> {
        de::Deserialize::deserialize(d)
    }
}

impl Wire for () {
    fn from_wire<'de, D: Deserializer<'de>>(d: D) -> Result<Self, D::Error> {
        ignore(d)
    }
}

impl<T: Wire> Wire for Option<T> {
    fn from_wire<'de, D: Deserializer<'de>>(d: D) -> Result<Self, D::Error> {
        d.deserialize_option(OptionVisitor(PhantomData))
    }
}

struct OptionVisitor<T>(PhantomData<fn() -> T>);

impl<'de, T: Wire> Visitor<'de> for OptionVisitor<T> {
    type Value = Option<T>;
    fn expecting(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str("a value or null")
    }
    fn visit_none<E: de::Error>(self) -> Result<Self::Value, E> {
        Ok(None)
    }
    fn visit_unit<E: de::Error>(self) -> Result<Self::Value, E> {
        Ok(None)
    }
    fn visit_some<D: Deserializer<'de>>(self, d: D) -> Result<Self::Value, D::Error> {
        T::from_wire(d).map(Some)
    }
}

impl<T: Wire> Wire for Vec<T> {
    fn from_wire<'de, D: Deserializer<'de>>(d: D) -> Result<Self, D::Error> {
        T::list_from_wire(d)
    }
}

/// Decodes a list of rows of `N` decimals (`[[price, quantity], ...]`, numbers or strings;
/// `null` is empty): from serde_json, the list's raw text in one tight pass
/// ([`Reader::rows`](crate::direct::Reader::rows)); anything unusual, and other deserializers,
/// through the general decoder. Generated array-shaped records of decimals read their lists with
/// it.
pub fn decimal_rows<'de, D: Deserializer<'de>, const N: usize>(
    d: D,
) -> Result<Vec<[Decimal; N]>, D::Error> {
    d.deserialize_newtype_struct(RAW_TOKEN, RowsVisitor::<N>)
}

struct RowsVisitor<const N: usize>;

impl<'de, const N: usize> Visitor<'de> for RowsVisitor<N> {
    type Value = Vec<[Decimal; N]>;
    fn expecting(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "an array of {N}-decimal arrays, or null")
    }
    fn visit_newtype_struct<D: Deserializer<'de>>(self, d: D) -> Result<Self::Value, D::Error> {
        general_rows(d)
    }
    fn visit_map<A: MapAccess<'de>>(self, mut map: A) -> Result<Self::Value, A::Error> {
        if !map.next_key_seed(TokenKey(RAW_TOKEN))?.unwrap_or(false) {
            return Err(de::Error::invalid_type(Unexpected::Map, &self));
        }
        let raw: Cow<'de, str> = map.next_value_seed(RawStr)?;
        if let Some(rows) = crate::direct::parse_rows::<N>(&raw) {
            return Ok(rows);
        }
        // The byte reader, as everywhere: one copy of the decoders.
        let mut de = serde_json::Deserializer::from_slice(raw.as_bytes());
        general_rows(&mut de).map_err(de::Error::custom)
    }
}

pub(crate) fn general_rows<'de, D: Deserializer<'de>, const N: usize>(
    d: D,
) -> Result<Vec<[Decimal; N]>, D::Error> {
    let rows: Vec<Row<N>> = d.deserialize_option(ListVisitor(PhantomData))?;
    Ok(rows.into_iter().map(|r| r.0).collect())
}

/// One row of exactly `N` decimals, read element by element.
struct Row<const N: usize>([Decimal; N]);

impl<const N: usize> Wire for Row<N> {
    fn from_wire<'de, D: Deserializer<'de>>(d: D) -> Result<Self, D::Error> {
        d.deserialize_seq(RowVisitor::<N>)
    }
}

struct RowVisitor<const N: usize>;

impl<'de, const N: usize> Visitor<'de> for RowVisitor<N> {
    type Value = Row<N>;
    fn expecting(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "an array of {N} decimals")
    }
    fn visit_seq<A: SeqAccess<'de>>(self, mut seq: A) -> Result<Row<N>, A::Error> {
        let mut row = [Decimal::ZERO; N];
        for (i, cell) in row.iter_mut().enumerate() {
            *cell = seq
                .next_element_seed(WireSeed(PhantomData))?
                .ok_or_else(|| de::Error::invalid_length(i, &self))?;
        }
        if seq.next_element::<IgnoredAny>()?.is_some() {
            return Err(de::Error::invalid_length(N + 1, &self));
        }
        Ok(Row(row))
    }
}

/// A map key equal to a token (compared without copying it).
struct TokenKey(&'static str);

impl<'de> DeserializeSeed<'de> for TokenKey {
    type Value = bool;
    fn deserialize<D: Deserializer<'de>>(self, d: D) -> Result<bool, D::Error> {
        d.deserialize_str(self)
    }
}

impl<'de> Visitor<'de> for TokenKey {
    type Value = bool;
    fn expecting(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str("a key")
    }
    fn visit_str<E: de::Error>(self, v: &str) -> Result<bool, E> {
        Ok(v == self.0)
    }
}

/// Raw text handed out by serde_json, borrowed when it can be.
struct RawStr;

impl<'de> DeserializeSeed<'de> for RawStr {
    type Value = Cow<'de, str>;
    fn deserialize<D: Deserializer<'de>>(self, d: D) -> Result<Self::Value, D::Error> {
        d.deserialize_str(self)
    }
}

impl<'de> Visitor<'de> for RawStr {
    type Value = Cow<'de, str>;
    fn expecting(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str("raw JSON text")
    }
    fn visit_borrowed_str<E: de::Error>(self, v: &'de str) -> Result<Self::Value, E> {
        Ok(Cow::Borrowed(v))
    }
    fn visit_str<E: de::Error>(self, v: &str) -> Result<Self::Value, E> {
        Ok(Cow::Owned(v.to_owned()))
    }
}

/// Seed decoding one element through [`Wire`].
struct WireSeed<T>(PhantomData<fn() -> T>);

impl<'de, T: Wire> DeserializeSeed<'de> for WireSeed<T> {
    type Value = T;
    fn deserialize<D: Deserializer<'de>>(self, d: D) -> Result<T, D::Error> {
        T::from_wire(d)
    }
}

struct ListVisitor<T>(PhantomData<fn() -> T>);

impl<'de, T: Wire> Visitor<'de> for ListVisitor<T> {
    type Value = Vec<T>;
    fn expecting(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str("an array or null")
    }
    fn visit_none<E: de::Error>(self) -> Result<Self::Value, E> {
        Ok(Vec::new())
    }
    fn visit_unit<E: de::Error>(self) -> Result<Self::Value, E> {
        Ok(Vec::new())
    }
    fn visit_some<D: Deserializer<'de>>(self, d: D) -> Result<Self::Value, D::Error> {
        d.deserialize_seq(self)
    }
    fn visit_seq<A: SeqAccess<'de>>(self, mut seq: A) -> Result<Self::Value, A::Error> {
        // Cap the pre-allocation: the hint comes from the input.
        let mut out = Vec::with_capacity(seq.size_hint().unwrap_or(0).min(1024));
        while let Some(v) = seq.next_element_seed(WireSeed(PhantomData))? {
            out.push(v);
        }
        Ok(out)
    }
}

struct OneOrMany<T>(PhantomData<fn() -> T>);

impl<'de, T: Wire> Visitor<'de> for OneOrMany<T> {
    type Value = Vec<T>;
    fn expecting(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str("an object, an array of objects, or null")
    }
    fn visit_none<E: de::Error>(self) -> Result<Self::Value, E> {
        Ok(Vec::new())
    }
    fn visit_unit<E: de::Error>(self) -> Result<Self::Value, E> {
        Ok(Vec::new())
    }
    fn visit_some<D: Deserializer<'de>>(self, d: D) -> Result<Self::Value, D::Error> {
        d.deserialize_any(self)
    }
    fn visit_map<A: MapAccess<'de>>(self, map: A) -> Result<Self::Value, A::Error> {
        Ok(object(map)?.into_iter().collect())
    }
    fn visit_seq<A: SeqAccess<'de>>(self, mut seq: A) -> Result<Self::Value, A::Error> {
        let mut out = Vec::with_capacity(seq.size_hint().unwrap_or(0).min(1024));
        while let Some(v) = seq.next_element_seed(ElementSeed(PhantomData))? {
            out.extend(v);
        }
        Ok(out)
    }
}

/// One element of a one-or-many list: an object, or `null` (skipped).
struct ElementSeed<T>(PhantomData<fn() -> T>);

impl<'de, T: Wire> DeserializeSeed<'de> for ElementSeed<T> {
    type Value = Option<T>;
    fn deserialize<D: Deserializer<'de>>(self, d: D) -> Result<Option<T>, D::Error> {
        d.deserialize_any(self)
    }
}

impl<'de, T: Wire> Visitor<'de> for ElementSeed<T> {
    type Value = Option<T>;
    fn expecting(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str("an object or null")
    }
    fn visit_unit<E: de::Error>(self) -> Result<Self::Value, E> {
        Ok(None)
    }
    fn visit_none<E: de::Error>(self) -> Result<Self::Value, E> {
        Ok(None)
    }
    fn visit_map<A: MapAccess<'de>>(self, map: A) -> Result<Self::Value, A::Error> {
        object(map)
    }
}

/// Decodes an object into `T`, or `None` when it is `{}`.
fn object<'de, A: MapAccess<'de>, T: Wire>(mut map: A) -> Result<Option<T>, A::Error> {
    match map.next_key::<KeyText<'de>>()? {
        None => Ok(None),
        Some(KeyText(first)) => T::from_wire(de::value::MapAccessDeserializer::new(Replay {
            first: Some(first),
            map,
        }))
        .map(Some),
    }
}

/// A map key's text, borrowed from the input when possible.
struct KeyText<'de>(Cow<'de, str>);

impl<'de> de::Deserialize<'de> for KeyText<'de> {
    fn deserialize<D: Deserializer<'de>>(d: D) -> Result<Self, D::Error> {
        d.deserialize_str(KeyTextVisitor)
    }
}

struct KeyTextVisitor;

impl<'de> Visitor<'de> for KeyTextVisitor {
    type Value = KeyText<'de>;
    fn expecting(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str("a string key")
    }
    fn visit_borrowed_str<E: de::Error>(self, v: &'de str) -> Result<Self::Value, E> {
        Ok(KeyText(Cow::Borrowed(v)))
    }
    fn visit_str<E: de::Error>(self, v: &str) -> Result<Self::Value, E> {
        Ok(KeyText(Cow::Owned(v.to_owned())))
    }
    fn visit_string<E: de::Error>(self, v: String) -> Result<Self::Value, E> {
        Ok(KeyText(Cow::Owned(v)))
    }
}

/// A map whose first key was already read: hands it out again, then continues with the rest.
struct Replay<'de, A> {
    first: Option<Cow<'de, str>>,
    map: A,
}

impl<'de, A: MapAccess<'de>> MapAccess<'de> for Replay<'de, A> {
    type Error = A::Error;

    fn next_key_seed<K: DeserializeSeed<'de>>(
        &mut self,
        seed: K,
    ) -> Result<Option<K::Value>, A::Error> {
        match self.first.take() {
            Some(Cow::Borrowed(k)) => seed.deserialize(BorrowedStrDeserializer::new(k)).map(Some),
            Some(Cow::Owned(k)) => seed.deserialize(StringDeserializer::new(k)).map(Some),
            None => self.map.next_key_seed(seed),
        }
    }

    fn next_value_seed<V: DeserializeSeed<'de>>(&mut self, seed: V) -> Result<V::Value, A::Error> {
        self.map.next_value_seed(seed)
    }

    fn size_hint(&self) -> Option<usize> {
        self.map
            .size_hint()
            .map(|n| n + usize::from(self.first.is_some()))
    }
}

/// The value of `key` when it is the frame's first key and a plain string (no escapes), read
/// without parsing the frame: `{"e":"ORDER_TRADE_UPDATE",...` gives `ORDER_TRADE_UPDATE`.
///
/// Event decoders use it to pick the typed decoder without a first full pass over the frame
/// (servers put the event type first). `None` means "not in that shape": the caller falls back to
/// a full parse, so this never decides that a frame is valid; the typed decode still does.
pub fn leading_tag<'a>(frame: &'a [u8], key: &str) -> Option<&'a str> {
    fn skip_ws(b: &[u8], mut i: usize) -> usize {
        while b
            .get(i)
            .is_some_and(|c| matches!(c, b' ' | b'\t' | b'\n' | b'\r'))
        {
            i += 1;
        }
        i
    }
    let b = frame;
    let mut i = skip_ws(b, 0);
    if b.get(i) != Some(&b'{') {
        return None;
    }
    i = skip_ws(b, i + 1);
    if b.get(i) != Some(&b'"') {
        return None;
    }
    let key_end = i + 1 + key.len();
    if b.get(i + 1..key_end) != Some(key.as_bytes()) || b.get(key_end) != Some(&b'"') {
        return None;
    }
    i = skip_ws(b, key_end + 1);
    if b.get(i) != Some(&b':') {
        return None;
    }
    i = skip_ws(b, i + 1);
    if b.get(i) != Some(&b'"') {
        return None;
    }
    let start = i + 1;
    let len = b.get(start..)?.iter().position(|&c| c == b'"')?;
    let value = &b[start..start + len];
    if value.iter().any(|&c| c == b'\\' || c < 0x20) {
        return None;
    }
    std::str::from_utf8(value).ok()
}

#[cfg(test)]
#[allow(clippy::unwrap_used)]
mod tests {
    use super::*;
    use serde::Deserialize;
    use std::str::FromStr;

    fn w<T: Wire>(json: &str) -> Result<T, serde_json::Error> {
        let mut d = serde_json::Deserializer::from_str(json);
        let v = T::from_wire(&mut d)?;
        d.end()?;
        Ok(v)
    }

    fn rows(json: &str) -> Result<Vec<[Decimal; 2]>, serde_json::Error> {
        let mut d = serde_json::Deserializer::from_str(json);
        let v = decimal_rows::<_, 2>(&mut d)?;
        d.end()?;
        Ok(v)
    }

    #[test]
    fn decimal_rows_fast_general_and_refused() {
        let fast = rows(r#"[[86526.1,"61555"],[1,2]]"#).unwrap();
        assert_eq!(fast[0], [dec("86526.1"), dec("61555")]);
        // The general decoder takes what the fast pass leaves: exponents, escapes, long digits.
        let general =
            rows(r#"[[1e3,"2"],["0E-8","1234567890.12345678901234"],["\u0031",1]]"#).unwrap();
        assert_eq!(general[0], [dec("1000"), dec("2")]);
        assert_eq!(general[1][0].scale(), 8);
        assert_eq!(general[1][1], dec("1234567890.12345678901234"));
        assert_eq!(general[2][0], dec("1"));
        assert!(rows("null").unwrap().is_empty());
        for bad in [
            r#"[[1,2,3]]"#,
            r#"[[1]]"#,
            r#"[[null,1]]"#,
            r#"[[1.5e999999,1]]"#,
            r#"{"a":1}"#,
            "[[true,1]]",
        ] {
            assert!(rows(bad).is_err(), "{bad}");
        }
        // Other deserializers (a `Value`) read the same.
        let v: serde_json::Value = serde_json::from_str(r#"[[1.5,"2"]]"#).unwrap();
        let from_value = decimal_rows::<_, 2>(v).unwrap();
        assert_eq!(from_value[0], [dec("1.5"), dec("2")]);
    }

    fn dec(s: &str) -> Decimal {
        Decimal::from_str(s).unwrap()
    }

    #[test]
    fn leading_tag_reads_only_a_plain_first_key() {
        fn tag(s: &str) -> Option<&str> {
            leading_tag(s.as_bytes(), "e")
        }
        assert_eq!(
            tag(r#"{"e":"ORDER_TRADE_UPDATE","E":1}"#),
            Some("ORDER_TRADE_UPDATE")
        );
        assert_eq!(tag(" {\n\t\"e\" : \"A\" }"), Some("A"));
        assert_eq!(tag(r#"{"e":""}"#), Some(""));
        // Anything else is left to the full parse.
        assert_eq!(tag(r#"{"E":1,"e":"A"}"#), None, "not the first key");
        assert_eq!(tag(r#"{"ee":"A"}"#), None);
        assert_eq!(tag(r#"{"e":1}"#), None, "not a string");
        assert_eq!(tag(r#"{"e":"A\"B"}"#), None, "escaped");
        assert_eq!(tag(r#"{"e":"A"#), None, "unterminated");
        assert_eq!(tag("[\"e\"]"), None);
        assert_eq!(tag(""), None);
        assert_eq!(leading_tag(b"{\"e\":\"\xff\"}", "e"), None, "not UTF-8");
    }

    #[test]
    fn decimal_exact_from_numbers_and_strings() {
        for (json, text) in [
            ("0E-8", "0.00000000"),
            ("\"0E-8\"", "0.00000000"),
            ("1010.4043400372839856", "1010.4043400372839856"),
            ("\"1010.4043400372839856\"", "1010.4043400372839856"),
            (
                "-3350051449.6928050669137353",
                "-3350051449.6928050669137353",
            ),
            (
                "\"-3350051449.6928050669137353\"",
                "-3350051449.6928050669137353",
            ),
            ("1e3", "1000"),
            ("\"1e3\"", "1000"),
            ("1.5E+2", "150"),
            ("-1.5e-3", "-0.0015"),
            ("0.9", "0.9"),
            ("9", "9"),
            ("-9", "-9"),
            ("\"9300\"", "9300"),
            ("1000e-30", "0.0000000000000000000000000010"),
            (
                "1234567890123456789012345678",
                "1234567890123456789012345678",
            ),
            (
                "0.1234567890123456789012345678",
                "0.1234567890123456789012345678",
            ),
            (
                "79228162514264337593543950335",
                "79228162514264337593543950335",
            ),
            ("18446744073709551616", "18446744073709551616"),
            ("-0.0", "0.0"),
            ("2938.45100000000000000000000000000000", "2938.451"),
            ("\"2938.45100000000000000000000000000000\"", "2938.451"),
            ("1.0000000000000000000000000000000000e3", "1000"),
            ("0.000000000000000000000000000000000", "0"),
        ] {
            let d: Decimal = w(json).unwrap_or_else(|e| panic!("{json}: {e}"));
            assert_eq!(d.to_string(), text, "{json}");
        }
    }

    #[test]
    fn decimal_out_of_range_is_an_error_not_a_panic() {
        for json in [
            "79228162514264337593543950336",
            "1e30",
            "1e-30",
            "1e99999999999999999999",
            "0.12345678901234567890123456789",
            "\"\"",
            "\"abc\"",
            "\" 1\"",
            "\"NaN\"",
            "\"e5\"",
            "\"1e\"",
            "\"-\"",
            "\"1e-\"",
            "true",
            "{}",
            "{\"a\":1}",
            "[1]",
            "null",
        ] {
            assert!(w::<Decimal>(json).is_err(), "{json} should fail");
        }
        // Zero with a huge exponent is still zero.
        assert!(w::<Decimal>("0e-9999").unwrap().is_zero());
        assert!(w::<Decimal>("0e9999").unwrap().is_zero());
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
    fn integers_above_2_pow_53_stay_exact() {
        assert_eq!(
            w::<i64>("1788255516228355339").unwrap(),
            1788255516228355339
        );
        assert_eq!(
            w::<i64>("\"1788255516228355339\"").unwrap(),
            1788255516228355339
        );
        assert_eq!(
            w::<i64>("-1690615847831143159").unwrap(),
            -1690615847831143159
        );
        assert_eq!(w::<i64>("\"5.0\"").unwrap(), 5);
        assert!(w::<i64>("9223372036854775808").is_err());
        assert!(w::<i64>("1.5").is_err());
        assert!(w::<i64>("\"abc\"").is_err());
        assert!(w::<i32>("2147483648").is_err());
        assert_eq!(w::<i32>("\"-20\"").unwrap(), -20);
        assert_eq!(
            w::<Millis>("\"1607702400000\"").unwrap(),
            Millis(1607702400000)
        );
        assert_eq!(w::<Seconds>("1538728740").unwrap(), Seconds(1538728740));
    }

    #[test]
    fn string_from_number_keeps_exact_text() {
        assert_eq!(
            w::<String>("1788255516228355339").unwrap(),
            "1788255516228355339"
        );
        assert_eq!(w::<String>("123.4500").unwrap(), "123.4500");
        assert_eq!(w::<String>("\"bot-42\"").unwrap(), "bot-42");
        assert_eq!(w::<String>("\"a\\nb\"").unwrap(), "a\nb");
        assert!(w::<String>("true").is_err());
        assert_eq!(
            w::<LocalDateTime>("\"2023-06-13T20:55:51\"")
                .unwrap()
                .as_str(),
            "2023-06-13T20:55:51"
        );
    }

    #[test]
    fn bool_forms() {
        assert!(w::<bool>("true").unwrap());
        assert!(!w::<bool>("false").unwrap());
        assert!(w::<bool>("\"true\"").unwrap());
        assert!(!w::<bool>("\"false\"").unwrap());
        assert!(w::<bool>("\"yes\"").is_err());
        assert!(w::<bool>("1").is_err());
    }

    #[test]
    fn containers() {
        assert_eq!(w::<Vec<i64>>("null").unwrap(), Vec::<i64>::new());
        assert_eq!(w::<Vec<i64>>("[1,\"2\"]").unwrap(), vec![1, 2]);
        assert!(w::<Vec<i64>>("{}").is_err());
        assert_eq!(w::<Option<Decimal>>("null").unwrap(), None);
        assert_eq!(w::<Option<Decimal>>("\"1.5\"").unwrap(), Some(dec("1.5")));
        assert_eq!(
            w::<Vec<Vec<Decimal>>>("[[1.5,\"2\"]]").unwrap(),
            vec![vec![dec("1.5"), dec("2")]]
        );
        w::<()>("{\"a\":[1,2,{\"b\":null}]}").unwrap();
        let v: serde_json::Value = w("{\"a\":1.10}").unwrap();
        assert_eq!(v.to_string(), "{\"a\":1.10}");
    }

    /// A generated-looking record: its `Wire` impl delegates to `Deserialize`.
    #[derive(Debug, PartialEq, Deserialize)]
    struct Order {
        #[serde(rename = "orderId", deserialize_with = "wire")]
        order_id: i64,
        #[serde(default, deserialize_with = "wire")]
        price: Option<Decimal>,
    }

    impl Wire for Order {
        fn from_wire<'de, D: Deserializer<'de>>(d: D) -> Result<Self, D::Error> {
            Order::deserialize(d)
        }
    }

    #[test]
    fn generated_style_fields() {
        let o: Order =
            serde_json::from_str(r#"{"orderId":"1690615847831143159","price":0E-8}"#).unwrap();
        assert_eq!(o.order_id, 1690615847831143159);
        assert_eq!(o.price.unwrap().to_string(), "0.00000000");
        let o: Order = serde_json::from_str(r#"{"orderId":1,"price":null}"#).unwrap();
        assert_eq!(o.price, None);
        let o: Order = serde_json::from_str(r#"{"orderId":1}"#).unwrap();
        assert_eq!(o.price, None);
        // Also through a serde_json::Value (arbitrary-precision numbers stay exact).
        let v: serde_json::Value = serde_json::from_str(
            r#"{"orderId":1788255516228355339,"price":1010.4043400372839856}"#,
        )
        .unwrap();
        let o = Order::deserialize(&v).unwrap();
        assert_eq!(o.order_id, 1788255516228355339);
        assert_eq!(o.price.unwrap().to_string(), "1010.4043400372839856");
    }

    fn om(json: &str) -> Result<Vec<Order>, serde_json::Error> {
        let mut d = serde_json::Deserializer::from_str(json);
        let v = one_or_many(&mut d)?;
        d.end()?;
        Ok(v)
    }

    #[test]
    fn one_or_many_forms() {
        let one = Order {
            order_id: 1,
            price: None,
        };
        assert_eq!(
            om(r#"{"orderId":1}"#).unwrap(),
            vec![Order {
                order_id: 1,
                price: None
            }]
        );
        assert_eq!(
            om(r#"[{"orderId":1},{},null,{"orderId":2,"price":"3"}]"#)
                .unwrap()
                .len(),
            2
        );
        assert_eq!(om(r#"[{"orderId":1}]"#).unwrap(), vec![one]);
        assert_eq!(om("{}").unwrap(), vec![]);
        assert_eq!(om(" { } ").unwrap(), vec![]);
        assert_eq!(om("[]").unwrap(), vec![]);
        assert_eq!(om("null").unwrap(), vec![]);
        assert!(om("[1]").is_err());
        assert!(om("\"x\"").is_err());
        assert!(om(r#"{"orderId":"x"}"#).is_err());
        assert!(om(r#"[{"orderId":1}"#).is_err());
        // Escaped first key (not borrowable) is replayed correctly.
        assert_eq!(om(r#"{"order\u0049d":7}"#).unwrap()[0].order_id, 7);
        // Through a Value too.
        let v: serde_json::Value = serde_json::from_str(r#"[{"orderId":5},{}]"#).unwrap();
        let got: Vec<Order> = one_or_many(&v).unwrap();
        assert_eq!(got.len(), 1);
        // An optional field: null is None, anything else as above.
        let opt = |json: &str| -> Result<Option<Vec<Order>>, serde_json::Error> {
            let mut d = serde_json::Deserializer::from_str(json);
            let v = opt_one_or_many(&mut d)?;
            d.end()?;
            Ok(v)
        };
        assert_eq!(opt("null").unwrap(), None);
        assert_eq!(opt(r#"{"orderId":1}"#).unwrap().map(|v| v.len()), Some(1));
        assert_eq!(
            opt(r#"[{"orderId":1},{}]"#).unwrap().map(|v| v.len()),
            Some(1)
        );
        assert_eq!(opt("{}").unwrap(), Some(vec![]));
        assert!(opt("7").is_err());
    }

    #[test]
    fn enums_read_strings_and_numbers() {
        let upper = |json: &str| -> Result<String, serde_json::Error> {
            let mut d = serde_json::Deserializer::from_str(json);
            enum_text(&mut d, str::to_ascii_uppercase)
        };
        assert_eq!(upper("\"buy\"").unwrap(), "BUY");
        assert_eq!(upper("\"b\\u0075y\"").unwrap(), "BUY");
        assert_eq!(upper("-12").unwrap(), "-12");
        assert_eq!(
            upper("18446744073709551615").unwrap(),
            "18446744073709551615"
        );
        assert_eq!(upper("1.50").unwrap(), "1.50");
        assert!(upper("true").is_err());
        assert!(upper("{}").is_err());
        let int = |json: &str| -> Result<i64, serde_json::Error> {
            let mut d = serde_json::Deserializer::from_str(json);
            enum_int(&mut d)
        };
        assert_eq!(int("2").unwrap(), 2);
        assert_eq!(int("\" 2 \"").unwrap(), 2);
        assert_eq!(int("-3").unwrap(), -3);
        // The error says what was found, where.
        assert!(int(r#"["x"]"#).is_err());
        let e = serde_json::from_str::<Vec<I>>(r#"[1, "x"]"#)
            .unwrap_err()
            .to_string();
        assert!(
            e.contains("expected an integer, found `x` at line 1 column"),
            "{e}"
        );
        let e = int("18446744073709551615").unwrap_err().to_string();
        assert!(e.contains("found `18446744073709551615`"), "{e}");
        assert!(int("1.5").is_err());
        assert!(int("true").is_err());
    }

    /// An integer enum's value, as a list element.
    #[derive(Debug)]
    struct I(#[allow(dead_code)] i64);

    impl<'de> de::Deserialize<'de> for I {
        fn deserialize<D: Deserializer<'de>>(d: D) -> Result<Self, D::Error> {
            enum_int(d).map(I)
        }
    }

    #[test]
    fn ignore_anything() {
        let mut d = serde_json::Deserializer::from_str(r#"{"x":[1,2.5e3,"y"]}"#);
        ignore(&mut d).unwrap();
        d.end().unwrap();
    }
}
