//! Decoding of wire values that servers send inconsistently.
//!
//! The same field arrives as a number on one server and a string on another (`"price": 0.9` vs
//! `"fee": "0.0018"`, `clientOrderId` unquoted, `code` as `"0"` or `0`), and decimals carry more
//! digits than an `f64` holds. Every generated field goes through [`wire`], which accepts both
//! forms and never routes a number through `f64`.
//!
//! All scalar types share one visitor (`visit`) that hands out the scalar's text: borrowed from
//! the input when serde_json can borrow it, so decoding a decimal or an integer from a string
//! allocates nothing; the text becomes a value through `crate::wire::scalar`, as on the direct reader.
//! Lists, optional values, one-or-many lists and order-book rows are read in `list`; an object
//! record's fields in `object` (the pieces `record!`'s `Deserialize` shares).

use std::marker::PhantomData;

use rust_decimal::Decimal;
use serde::de::{self, Deserializer, IgnoredAny};

use crate::wire::scalar::Scalar;

mod list;
pub mod object;
mod visit;

pub use list::decimal_rows;
#[cfg(test)]
pub(crate) use list::general_rows;
use list::{ListVisitor, OneOrMany};
pub(crate) use visit::scalar;

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

macro_rules! wire_via_scalar {
    ($($t:ty),*) => {$(
        impl Wire for $t {
            fn from_wire<'de, D: Deserializer<'de>>(d: D) -> Result<Self, D::Error> {
                scalar(d)
            }
        }
    )*};
}

wire_via_scalar!(String, bool, i32, i64);

impl Wire for Decimal {
    /// Asks serde_json for the value's raw text, borrowed from the input: with
    /// `arbitrary_precision` a number would otherwise be copied into a fresh `String` first (a
    /// heap allocation per decimal, most of the cost of a depth snapshot). Other deserializers
    /// ignore the request and are read as any scalar.
    fn from_wire<'de, D: Deserializer<'de>>(d: D) -> Result<Self, D::Error> {
        visit::raw_scalar(d)
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
        d.deserialize_option(list::OptionVisitor(PhantomData))
    }
}

impl<T: Wire> Wire for Vec<T> {
    fn from_wire<'de, D: Deserializer<'de>>(d: D) -> Result<Self, D::Error> {
        T::list_from_wire(d)
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
mod tests;
