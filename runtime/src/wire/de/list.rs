//! Lists as servers send them: `null` as empty, optional values, one object or an array of
//! them (`one_or_many`, `{}` and `null` elements skipped), and order-book rows of decimals
//! ([`decimal_rows`]: serde_json's raw text read in one tight pass, the general decoder for
//! anything unusual).

use std::borrow::Cow;
use std::fmt;
use std::marker::PhantomData;

use rust_decimal::Decimal;
use serde::de::value::{BorrowedStrDeserializer, StringDeserializer};
use serde::de::{
    self, DeserializeSeed, Deserializer, IgnoredAny, MapAccess, SeqAccess, Unexpected, Visitor,
};

use super::Wire;
use super::visit::{RAW_TOKEN, RawStr, TokenKey};

pub(super) struct OptionVisitor<T>(pub(super) PhantomData<fn() -> T>);

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

/// Decodes a list of rows of `N` decimals (`[[price, quantity], ...]`, numbers or strings;
/// `null` is empty): from serde_json, the list's raw text in one tight pass
/// (`scalar::compact_rows`, as the direct reader's [`Reader::rows`](crate::wire::direct::Reader::rows)
/// reads them); anything unusual, and other deserializers, through the general decoder. Generated array-shaped records of decimals read their lists with
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
        if let Some((rows, end)) = crate::wire::scalar::compact_rows::<N>(raw.as_bytes(), 0)
            && end == raw.len()
        {
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

/// Seed decoding one element through [`Wire`].
struct WireSeed<T>(PhantomData<fn() -> T>);

impl<'de, T: Wire> DeserializeSeed<'de> for WireSeed<T> {
    type Value = T;
    fn deserialize<D: Deserializer<'de>>(self, d: D) -> Result<T, D::Error> {
        T::from_wire(d)
    }
}

pub(super) struct ListVisitor<T>(pub(super) PhantomData<fn() -> T>);

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

pub(super) struct OneOrMany<T>(pub(super) PhantomData<fn() -> T>);

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
