//! The one visitor every scalar goes through: it hands the value's text (borrowed when serde_json
//! can), integer or boolean to a [`Scalar`] conversion. With serde_json's `arbitrary_precision`,
//! non-integer numbers reach visitors as a one-entry map keyed by a private token whose value is
//! the number's exact text; that map is recognised here. Decimals ask serde_json for their raw
//! text instead ([`raw_scalar`]), so no number is copied into a `String` first.

use std::borrow::Cow;
use std::fmt;
use std::marker::PhantomData;

use serde::de::{self, DeserializeSeed, Deserializer, MapAccess, Unexpected, Visitor};

use crate::wire::scalar::Scalar;

/// The key under which serde_json (`arbitrary_precision`) hands a number's text to a visitor.
const NUMBER_TOKEN: &str = "$serde_json::private::Number";

/// The newtype name under which serde_json (`raw_value`) hands out a value's raw JSON text.
pub(super) const RAW_TOKEN: &str = "$serde_json::private::RawValue";

/// Decodes any scalar form (a string, a number, a boolean) as `T`.
pub(crate) fn scalar<'de, D: Deserializer<'de>, T: Scalar>(d: D) -> Result<T, D::Error> {
    d.deserialize_any(ScalarVisitor(As::<T>(PhantomData)))
}

/// Decodes `T` from its raw JSON text when the deserializer offers it (serde_json does: borrowed
/// from the input), else as any scalar.
pub(super) fn raw_scalar<'de, D: Deserializer<'de>, T: Scalar>(d: D) -> Result<T, D::Error> {
    d.deserialize_newtype_struct(RAW_TOKEN, RawScalar(As::<T>(PhantomData)))
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

/// A map key equal to a token (compared without copying it).
pub(super) struct TokenKey(pub(super) &'static str);

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
pub(super) struct RawStr;

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
