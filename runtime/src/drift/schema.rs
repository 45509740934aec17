//! The spec's description of a type, at run time: what the drift walk compares answers with.
//!
//! Implemented here for scalars, lists and `Option`, and by the shared shapes for the generated
//! types (`record!` for object records, `endpoint!` for answers, generated code for enums and
//! array records). A scalar's or enum's check decodes the value with the type's own reader, so the
//! walk accepts exactly what the decoder accepts.

use rust_decimal::Decimal;
use serde_json::Value;

use crate::wire::de::Wire;
use crate::wire::time::{DurationMillis, DurationSeconds, LocalDateTime, Millis, Seconds};

/// A type as the spec describes it.
#[derive(Debug, Clone, Copy)]
pub enum Ty {
    /// A scalar (`decimal`, `i64`, `string`, ...): `accepts` tells whether a value decodes.
    Scalar {
        /// The spec's name of the type.
        name: &'static str,
        /// Whether the value decodes as this type.
        accepts: fn(&Value) -> bool,
    },
    /// An enum with a catch-all: `known` is `None` when the value is not one at all, else
    /// whether the spec lists it.
    Enum {
        /// The spec's name of the enum.
        name: &'static str,
        /// See above.
        known: fn(&Value) -> Option<bool>,
    },
    /// A record.
    Record(&'static Record),
    /// A list (`null` is empty); `or_one` also takes one object (`one_or_many`).
    List {
        /// The item type.
        item: fn() -> Ty,
        /// Whether one object stands for a list of one.
        or_one: bool,
    },
    /// Anything (`data: none`, free-form values).
    Any,
}

/// A record of the spec.
#[derive(Debug)]
pub struct Record {
    /// The spec's name of the type.
    pub name: &'static str,
    /// Whether it is array-shaped (`[price, quantity]`): fields by position.
    pub array: bool,
    /// Its fields, in spec order.
    pub fields: &'static [Field],
}

impl Record {
    /// The field read under `key` (its wire name or an alias), if the record has one.
    pub fn field(&self, key: &str) -> Option<&'static Field> {
        self.fields
            .iter()
            .find(|f| f.keys.contains(&key.as_bytes()))
    }
}

/// A field of a record.
#[derive(Debug)]
pub struct Field {
    /// The keys it is read under: its wire name first, then its aliases.
    pub keys: &'static [&'static [u8]],
    /// Whether the spec requires it.
    pub required: bool,
    /// Whether one object stands for a list of one (`one_or_many<..>`).
    pub or_one: bool,
    /// Its type.
    pub ty: fn() -> Ty,
}

impl Field {
    /// The wire name.
    pub fn wire(&self) -> &'static str {
        self.keys
            .first()
            .and_then(|k| std::str::from_utf8(k).ok())
            .unwrap_or_default()
    }
}

/// A type the spec describes.
pub trait Schema {
    /// Its description.
    fn ty() -> Ty;
}

/// Whether `v` decodes as `T`, read from its JSON text as an answer is.
pub fn accepts<T: Wire>(v: &Value) -> bool {
    decoded::<T>(v).is_some()
}

fn decoded<T: Wire>(v: &Value) -> Option<T> {
    let text = v.to_string();
    // The byte reader answers are decoded with: its decoders are compiled already.
    let mut de = serde_json::Deserializer::from_slice(text.as_bytes());
    T::from_wire(&mut de).ok()
}

/// A generated enum's catch-all arm.
pub trait CatchAll {
    /// Whether this is the catch-all (`Other(..)`), a value the spec does not list.
    fn is_other(&self) -> bool;
}

/// [`Ty::Enum`]'s check for a generated enum.
pub fn enum_known<T: Wire + CatchAll>(v: &Value) -> Option<bool> {
    decoded::<T>(v).map(|e| !e.is_other())
}

/// Passes `v` through, noticing a catch-all (the direct reader's enum arm).
#[inline]
pub fn noticing<T: CatchAll>(v: T) -> T {
    if v.is_other() {
        super::notice();
    }
    v
}

macro_rules! scalar_schema {
    ($($t:ty => $name:literal),*) => {$(
        impl Schema for $t {
            fn ty() -> Ty {
                Ty::Scalar { name: $name, accepts: accepts::<$t> }
            }
        }
    )*};
}

scalar_schema!(
    String => "string",
    bool => "bool",
    i32 => "i32",
    i64 => "i64",
    Decimal => "decimal",
    Millis => "millis",
    Seconds => "seconds",
    DurationSeconds => "duration_seconds",
    DurationMillis => "duration_millis",
    LocalDateTime => "datetime"
);

impl Schema for Value {
    fn ty() -> Ty {
        Ty::Any
    }
}

impl Schema for () {
    fn ty() -> Ty {
        Ty::Any
    }
}

impl<T: Schema> Schema for Option<T> {
    fn ty() -> Ty {
        T::ty()
    }
}

impl<T: Schema> Schema for Vec<T> {
    fn ty() -> Ty {
        Ty::List {
            item: T::ty,
            or_one: false,
        }
    }
}

impl Ty {
    /// The same list type, also taking one object (`one_or_many` answers).
    pub fn or_one(self) -> Ty {
        match self {
            Ty::List { item, .. } => Ty::List { item, or_one: true },
            other => other,
        }
    }
}
