//! A typed answer written straight into a `serde_json::Value`, the shape's numbers as strings:
//! one pass and one allocation a decimal, where writing the answer as text and reading it back
//! made each number's text three times (docs/performance.md, Agents).
//!
//! serde_json (`arbitrary_precision`) writes an exact number as a struct of one field, both named
//! [`NUMBER_TOKEN`], holding the number's text; its own `Value` serializer reads it by the same
//! name, and so does this one.

use std::fmt::Display;

use contango_runtime::wire::ser::NUMBER_TOKEN;
use serde::Serialize;
use serde::ser::{self, Impossible};
use serde_json::{Map, Number, Value};

use super::{AsText, Shape};

/// `value` as JSON, the numbers `as_text` picks out of `shape` as strings.
pub(crate) fn to_value<T: Serialize + ?Sized>(
    value: &T,
    shape: &Shape,
    as_text: AsText,
) -> Result<Value, Error> {
    value.serialize(Writer::new(shape, as_text))
}

/// Why an answer could not be written: a key that is not text, or a type's own error.
#[derive(Debug)]
pub(crate) struct Error(String);

impl Display for Error {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(&self.0)
    }
}

impl std::error::Error for Error {}

impl ser::Error for Error {
    fn custom<T: Display>(msg: T) -> Error {
        Error(msg.to_string())
    }
}

/// A serializer's eight integer methods, each answering `Ok(self.$write(v))`.
macro_rules! integers {
    ($ok:ty, $write:ident) => {
        integers!(@each $ok, $write, serialize_i8: i8, serialize_i16: i16, serialize_i32: i32,
            serialize_i64: i64, serialize_u8: u8, serialize_u16: u16, serialize_u32: u32,
            serialize_u64: u64);
    };
    (@each $ok:ty, $write:ident, $($method:ident: $t:ty),*) => {
        $(fn $method(self, v: $t) -> Result<$ok, Error> {
            Ok(self.$write(v))
        })*
    };
}

/// Writes one value at a position of shape `shape`.
#[derive(Clone, Copy)]
struct Writer<'s> {
    shape: &'s Shape,
    as_text: AsText,
}

impl<'s> Writer<'s> {
    fn new(shape: &'s Shape, as_text: AsText) -> Writer<'s> {
        Writer {
            shape: shape.resolved(),
            as_text,
        }
    }

    /// The writer of a position inside this one.
    fn at(self, shape: &'s Shape) -> Writer<'s> {
        Writer::new(shape, self.as_text)
    }

    /// Whether a number here is written as a string.
    fn as_text(self) -> bool {
        match self.shape {
            Shape::Decimal => true,
            Shape::Id => self.as_text == AsText::DecimalsAndIds,
            _ => false,
        }
    }

    fn integer<N: Into<Number> + Display>(self, n: N) -> Value {
        if self.as_text() {
            Value::String(n.to_string())
        } else {
            Value::Number(n.into())
        }
    }
}

impl<'s> ser::Serializer for Writer<'s> {
    type Ok = Value;
    type Error = Error;
    type SerializeSeq = Seq<'s>;
    type SerializeTuple = Seq<'s>;
    type SerializeTupleStruct = Seq<'s>;
    type SerializeTupleVariant = Variant<Seq<'s>>;
    type SerializeMap = Object<'s>;
    type SerializeStruct = Record<'s>;
    type SerializeStructVariant = Variant<Object<'s>>;

    fn serialize_bool(self, v: bool) -> Result<Value, Error> {
        Ok(Value::Bool(v))
    }

    integers!(Value, integer);

    fn serialize_f32(self, v: f32) -> Result<Value, Error> {
        self.serialize_f64(f64::from(v))
    }

    fn serialize_f64(self, v: f64) -> Result<Value, Error> {
        Ok(Number::from_f64(v).map_or(Value::Null, Value::Number))
    }

    fn serialize_char(self, v: char) -> Result<Value, Error> {
        Ok(Value::String(v.to_string()))
    }

    fn serialize_str(self, v: &str) -> Result<Value, Error> {
        Ok(Value::String(v.to_owned()))
    }

    fn serialize_bytes(self, v: &[u8]) -> Result<Value, Error> {
        Ok(Value::Array(
            v.iter().map(|b| Value::Number((*b).into())).collect(),
        ))
    }

    fn serialize_none(self) -> Result<Value, Error> {
        Ok(Value::Null)
    }

    fn serialize_some<T: Serialize + ?Sized>(self, value: &T) -> Result<Value, Error> {
        value.serialize(self)
    }

    fn serialize_unit(self) -> Result<Value, Error> {
        Ok(Value::Null)
    }

    fn serialize_unit_struct(self, _: &'static str) -> Result<Value, Error> {
        Ok(Value::Null)
    }

    fn serialize_unit_variant(
        self,
        _: &'static str,
        _: u32,
        variant: &'static str,
    ) -> Result<Value, Error> {
        Ok(Value::String(variant.to_owned()))
    }

    fn serialize_newtype_struct<T: Serialize + ?Sized>(
        self,
        _: &'static str,
        value: &T,
    ) -> Result<Value, Error> {
        value.serialize(self)
    }

    fn serialize_newtype_variant<T: Serialize + ?Sized>(
        self,
        _: &'static str,
        _: u32,
        variant: &'static str,
        value: &T,
    ) -> Result<Value, Error> {
        let mut map = Map::new();
        map.insert(variant.to_owned(), value.serialize(self.at(&Shape::Plain))?);
        Ok(Value::Object(map))
    }

    fn serialize_seq(self, len: Option<usize>) -> Result<Seq<'s>, Error> {
        Ok(Seq {
            writer: self,
            items: Vec::with_capacity(len.unwrap_or(0)),
        })
    }

    fn serialize_tuple(self, len: usize) -> Result<Seq<'s>, Error> {
        self.serialize_seq(Some(len))
    }

    fn serialize_tuple_struct(self, _: &'static str, len: usize) -> Result<Seq<'s>, Error> {
        self.serialize_seq(Some(len))
    }

    fn serialize_tuple_variant(
        self,
        _: &'static str,
        _: u32,
        variant: &'static str,
        len: usize,
    ) -> Result<Variant<Seq<'s>>, Error> {
        Ok(Variant {
            name: variant,
            inner: self.at(&Shape::Plain).serialize_seq(Some(len))?,
        })
    }

    fn serialize_map(self, _: Option<usize>) -> Result<Object<'s>, Error> {
        Ok(Object {
            writer: self,
            map: Map::new(),
            key: None,
        })
    }

    fn serialize_struct(self, name: &'static str, _: usize) -> Result<Record<'s>, Error> {
        Ok(if name == NUMBER_TOKEN {
            Record::Number {
                writer: self,
                text: None,
            }
        } else {
            Record::Fields(self.serialize_map(None)?)
        })
    }

    fn serialize_struct_variant(
        self,
        _: &'static str,
        _: u32,
        variant: &'static str,
        _: usize,
    ) -> Result<Variant<Object<'s>>, Error> {
        Ok(Variant {
            name: variant,
            inner: self.at(&Shape::Plain).serialize_map(None)?,
        })
    }
}

/// A list or an array-shaped record: each element at its own shape.
struct Seq<'s> {
    writer: Writer<'s>,
    items: Vec<Value>,
}

impl ser::SerializeSeq for Seq<'_> {
    type Ok = Value;
    type Error = Error;

    fn serialize_element<T: Serialize + ?Sized>(&mut self, value: &T) -> Result<(), Error> {
        let at = self.writer.at(self.writer.shape.element(self.items.len()));
        self.items.push(value.serialize(at)?);
        Ok(())
    }

    fn end(self) -> Result<Value, Error> {
        Ok(Value::Array(self.items))
    }
}

impl ser::SerializeTuple for Seq<'_> {
    type Ok = Value;
    type Error = Error;

    fn serialize_element<T: Serialize + ?Sized>(&mut self, value: &T) -> Result<(), Error> {
        ser::SerializeSeq::serialize_element(self, value)
    }

    fn end(self) -> Result<Value, Error> {
        ser::SerializeSeq::end(self)
    }
}

impl ser::SerializeTupleStruct for Seq<'_> {
    type Ok = Value;
    type Error = Error;

    fn serialize_field<T: Serialize + ?Sized>(&mut self, value: &T) -> Result<(), Error> {
        ser::SerializeSeq::serialize_element(self, value)
    }

    fn end(self) -> Result<Value, Error> {
        ser::SerializeSeq::end(self)
    }
}

/// An object: each field at the shape its name has.
struct Object<'s> {
    writer: Writer<'s>,
    map: Map<String, Value>,
    key: Option<String>,
}

impl Object<'_> {
    fn field<T: Serialize + ?Sized>(&mut self, key: String, value: &T) -> Result<(), Error> {
        let at = self.writer.at(self.writer.shape.field(&key));
        let value = value.serialize(at)?;
        self.map.insert(key, value);
        Ok(())
    }
}

impl ser::SerializeMap for Object<'_> {
    type Ok = Value;
    type Error = Error;

    fn serialize_key<T: Serialize + ?Sized>(&mut self, key: &T) -> Result<(), Error> {
        self.key = Some(key.serialize(KeyWriter)?);
        Ok(())
    }

    fn serialize_value<T: Serialize + ?Sized>(&mut self, value: &T) -> Result<(), Error> {
        let key = self
            .key
            .take()
            .ok_or_else(|| Error("a map's value came before its key".into()))?;
        self.field(key, value)
    }

    fn end(self) -> Result<Value, Error> {
        Ok(Value::Object(self.map))
    }
}

impl ser::SerializeStruct for Object<'_> {
    type Ok = Value;
    type Error = Error;

    fn serialize_field<T: Serialize + ?Sized>(
        &mut self,
        key: &'static str,
        value: &T,
    ) -> Result<(), Error> {
        self.field(key.to_owned(), value)
    }

    fn end(self) -> Result<Value, Error> {
        ser::SerializeMap::end(self)
    }
}

/// A struct: a record's fields, or an exact number's text.
enum Record<'s> {
    Fields(Object<'s>),
    Number {
        writer: Writer<'s>,
        text: Option<String>,
    },
}

impl ser::SerializeStruct for Record<'_> {
    type Ok = Value;
    type Error = Error;

    fn serialize_field<T: Serialize + ?Sized>(
        &mut self,
        key: &'static str,
        value: &T,
    ) -> Result<(), Error> {
        match self {
            Record::Fields(object) => ser::SerializeStruct::serialize_field(object, key, value),
            Record::Number { text, .. } => {
                *text = Some(value.serialize(KeyWriter)?);
                Ok(())
            }
        }
    }

    fn end(self) -> Result<Value, Error> {
        match self {
            Record::Fields(object) => ser::SerializeMap::end(object),
            Record::Number { writer, text } => {
                let text = text.ok_or_else(|| Error("a number without its text".into()))?;
                Ok(if writer.as_text() {
                    Value::String(text)
                } else {
                    // A `Number`'s own text, as it wrote it: a valid JSON number.
                    Value::Number(Number::from_string_unchecked(text))
                })
            }
        }
    }
}

/// An enum variant with content: `{"Variant": content}`, as serde_json writes it.
struct Variant<T> {
    name: &'static str,
    inner: T,
}

impl<T> Variant<T> {
    fn wrap(name: &str, content: Value) -> Value {
        let mut map = Map::new();
        map.insert(name.to_owned(), content);
        Value::Object(map)
    }
}

impl ser::SerializeTupleVariant for Variant<Seq<'_>> {
    type Ok = Value;
    type Error = Error;

    fn serialize_field<T: Serialize + ?Sized>(&mut self, value: &T) -> Result<(), Error> {
        ser::SerializeSeq::serialize_element(&mut self.inner, value)
    }

    fn end(self) -> Result<Value, Error> {
        Ok(Self::wrap(self.name, ser::SerializeSeq::end(self.inner)?))
    }
}

impl ser::SerializeStructVariant for Variant<Object<'_>> {
    type Ok = Value;
    type Error = Error;

    fn serialize_field<T: Serialize + ?Sized>(
        &mut self,
        key: &'static str,
        value: &T,
    ) -> Result<(), Error> {
        ser::SerializeStruct::serialize_field(&mut self.inner, key, value)
    }

    fn end(self) -> Result<Value, Error> {
        Ok(Self::wrap(self.name, ser::SerializeMap::end(self.inner)?))
    }
}

/// A map key (or a number's text): a string, or an integer written as one, as serde_json
/// writes keys.
struct KeyWriter;

impl KeyWriter {
    fn text<N: Display>(self, n: N) -> String {
        n.to_string()
    }

    fn refuse<T>() -> Result<T, Error> {
        Err(Error("a map key must be a string".into()))
    }
}

impl ser::Serializer for KeyWriter {
    type Ok = String;
    type Error = Error;
    type SerializeSeq = Impossible<String, Error>;
    type SerializeTuple = Impossible<String, Error>;
    type SerializeTupleStruct = Impossible<String, Error>;
    type SerializeTupleVariant = Impossible<String, Error>;
    type SerializeMap = Impossible<String, Error>;
    type SerializeStruct = Impossible<String, Error>;
    type SerializeStructVariant = Impossible<String, Error>;

    fn serialize_str(self, v: &str) -> Result<String, Error> {
        Ok(v.to_owned())
    }

    fn serialize_char(self, v: char) -> Result<String, Error> {
        Ok(v.to_string())
    }

    fn serialize_bool(self, v: bool) -> Result<String, Error> {
        Ok(v.to_string())
    }

    integers!(String, text);

    fn serialize_f32(self, _: f32) -> Result<String, Error> {
        Self::refuse()
    }

    fn serialize_f64(self, _: f64) -> Result<String, Error> {
        Self::refuse()
    }

    fn serialize_bytes(self, _: &[u8]) -> Result<String, Error> {
        Self::refuse()
    }

    fn serialize_none(self) -> Result<String, Error> {
        Self::refuse()
    }

    fn serialize_some<T: Serialize + ?Sized>(self, _: &T) -> Result<String, Error> {
        Self::refuse()
    }

    fn serialize_unit(self) -> Result<String, Error> {
        Self::refuse()
    }

    fn serialize_unit_struct(self, _: &'static str) -> Result<String, Error> {
        Self::refuse()
    }

    fn serialize_unit_variant(
        self,
        _: &'static str,
        _: u32,
        variant: &'static str,
    ) -> Result<String, Error> {
        Ok(variant.to_owned())
    }

    fn serialize_newtype_struct<T: Serialize + ?Sized>(
        self,
        _: &'static str,
        value: &T,
    ) -> Result<String, Error> {
        value.serialize(self)
    }

    fn serialize_newtype_variant<T: Serialize + ?Sized>(
        self,
        _: &'static str,
        _: u32,
        _: &'static str,
        _: &T,
    ) -> Result<String, Error> {
        Self::refuse()
    }

    fn serialize_seq(self, _: Option<usize>) -> Result<Self::SerializeSeq, Error> {
        Self::refuse()
    }

    fn serialize_tuple(self, _: usize) -> Result<Self::SerializeTuple, Error> {
        Self::refuse()
    }

    fn serialize_tuple_struct(
        self,
        _: &'static str,
        _: usize,
    ) -> Result<Self::SerializeTupleStruct, Error> {
        Self::refuse()
    }

    fn serialize_tuple_variant(
        self,
        _: &'static str,
        _: u32,
        _: &'static str,
        _: usize,
    ) -> Result<Self::SerializeTupleVariant, Error> {
        Self::refuse()
    }

    fn serialize_map(self, _: Option<usize>) -> Result<Self::SerializeMap, Error> {
        Self::refuse()
    }

    fn serialize_struct(self, _: &'static str, _: usize) -> Result<Self::SerializeStruct, Error> {
        Self::refuse()
    }

    fn serialize_struct_variant(
        self,
        _: &'static str,
        _: u32,
        _: &'static str,
        _: usize,
    ) -> Result<Self::SerializeStructVariant, Error> {
        Self::refuse()
    }
}
