//! The serde side of an object record (the `Deserialize` that [`record!`](crate::record) writes):
//! the pieces every record shares, generic over a field's type and how it is read rather than
//! over the record.
//!
//! serde's derive makes a type per field (its `deserialize_with` wrapper) and reads a struct from
//! an array as well as from an object, so every field of every record was compiled on its own,
//! twice, for each deserializer: a third of the facade's LLVM IR. Here a field is read through
//! [`value`], whose instantiations are shared by every field of the same type read the same way,
//! and a record is read from an object only (which is what every server sends). What a record
//! adds is its own walk of the map: one arm per field. Errors are serde's (`missing field`,
//! `duplicate field`, and the field's own); unknown keys are skipped.

use std::fmt;
use std::marker::PhantomData;

use serde::de::{self, DeserializeSeed, Deserializer, IgnoredAny, MapAccess, Visitor};

use super::Wire;

/// A record's fields as its key reader sees them: each field's wire name and every key it is
/// read under (the wire name, then its aliases).
pub type Fields = [(&'static str, &'static [&'static [u8]])];

/// Reads a map key and names the field it is read into (by its wire name), or `None` for a key
/// the record does not have.
#[derive(Debug, Clone, Copy)]
pub struct Key(pub &'static Fields);

impl Key {
    fn find(self, key: &[u8]) -> Option<&'static str> {
        self.0
            .iter()
            .find(|(_, keys)| keys.contains(&key))
            .map(|&(wire, _)| wire)
    }
}

impl<'de> DeserializeSeed<'de> for Key {
    type Value = Option<&'static str>;
    fn deserialize<D: Deserializer<'de>>(self, d: D) -> Result<Self::Value, D::Error> {
        d.deserialize_identifier(self)
    }
}

impl<'de> Visitor<'de> for Key {
    type Value = Option<&'static str>;
    fn expecting(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str("a field name")
    }
    fn visit_str<E: de::Error>(self, v: &str) -> Result<Self::Value, E> {
        Ok(self.find(v.as_bytes()))
    }
    fn visit_bytes<E: de::Error>(self, v: &[u8]) -> Result<Self::Value, E> {
        Ok(self.find(v))
    }
}

/// How a field's value is read: [`Plain`] through its [`Wire`] impl, [`OneOrMany`] and
/// [`OptOneOrMany`] for one-or-many lists ([`one_or_many`](super::one_or_many)).
pub trait Read<T> {
    /// Reads the value.
    fn read<'de, D: Deserializer<'de>>(d: D) -> Result<T, D::Error>;
}

/// Through the value's [`Wire`] impl (an optional field's `Option` included).
#[derive(Debug)]
pub enum Plain {}

/// A required one-or-many list.
#[derive(Debug)]
pub enum OneOrMany {}

/// An optional one-or-many list.
#[derive(Debug)]
pub enum OptOneOrMany {}

impl<T: Wire> Read<T> for Plain {
    fn read<'de, D: Deserializer<'de>>(d: D) -> Result<T, D::Error> {
        T::from_wire(d)
    }
}

impl<T: Wire> Read<Vec<T>> for OneOrMany {
    fn read<'de, D: Deserializer<'de>>(d: D) -> Result<Vec<T>, D::Error> {
        super::one_or_many(d)
    }
}

impl<T: Wire> Read<Option<Vec<T>>> for OptOneOrMany {
    fn read<'de, D: Deserializer<'de>>(d: D) -> Result<Option<Vec<T>>, D::Error> {
        super::opt_one_or_many(d)
    }
}

/// A field's value as a seed for [`MapAccess::next_value_seed`].
struct Value<R, T>(PhantomData<fn() -> (R, T)>);

impl<'de, R: Read<T>, T> DeserializeSeed<'de> for Value<R, T> {
    type Value = T;
    fn deserialize<D: Deserializer<'de>>(self, d: D) -> Result<T, D::Error> {
        R::read(d)
    }
}

/// Reads the value of field `wire` into its slot; a second sighting of the field is serde's
/// duplicate-field error.
pub fn value<'de, A: MapAccess<'de>, R: Read<T>, T>(
    map: &mut A,
    slot: &mut Option<T>,
    wire: &'static str,
) -> Result<(), A::Error> {
    if slot.is_some() {
        return Err(de::Error::duplicate_field(wire));
    }
    *slot = Some(map.next_value_seed(Value::<R, T>(PhantomData))?);
    Ok(())
}

/// Skips the value of a key the record does not have.
pub fn skip<'de, A: MapAccess<'de>>(map: &mut A) -> Result<(), A::Error> {
    map.next_value::<IgnoredAny>().map(|IgnoredAny| ())
}

/// A required field's value, or serde's missing-field error.
pub fn required<T, E: de::Error>(slot: Option<T>, wire: &'static str) -> Result<T, E> {
    slot.ok_or_else(|| E::missing_field(wire))
}
