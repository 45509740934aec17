//! A plain, strict serde model of the YAML spec. Unknown keys are rejected by the parser; meaning
//! is checked later, in `validate`. Values that validation may complain about carry their location.

use serde::Deserialize;
use serde::de::{self, Deserializer, MapAccess, Visitor};
use serde_saphyr::{Location, Spanned};
use std::fmt;
use std::marker::PhantomData;

/// A located string (a key or a scalar the validator may point at).
pub type Str = Spanned<String>;

/// The whole spec file.
#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Spec {
    pub info: Info,
    pub auth: Auth,
    pub products: Map<Product>,
    pub error_tables: Map<ErrorTable>,
    #[serde(default)]
    pub enums: Map<EnumDef>,
    #[serde(default)]
    pub types: Map<TypeDef>,
    pub endpoints: Map<EndpointDef>,
    #[serde(default)]
    pub stream: Option<StreamDef>,
}

#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Info {
    pub title: String,
    pub version: String,
    pub doc: String,
}

#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Auth {
    pub api_key_header: Str,
    pub signature_header: Str,
    pub timestamp_header: Str,
    pub recv_window_param: Str,
}

#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Product {
    pub prefix: Str,
    pub doc: String,
}

#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct ErrorTable {
    #[serde(default)]
    pub doc: Option<String>,
    pub success: Vec<i64>,
    pub codes: Vec<ErrorCodeDef>,
}

#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct ErrorCodeDef {
    pub code: Spanned<i64>,
    pub name: Str,
    pub message: String,
    pub retry: Str,
    #[serde(default)]
    pub doc: Option<String>,
}

#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct EnumDef {
    pub doc: String,
    #[serde(default)]
    pub repr: Option<Str>,
    #[serde(default)]
    pub case_insensitive: bool,
    pub values: Spanned<Vec<EnumValue>>,
}

#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct EnumValue {
    pub wire: Spanned<Scalar>,
    #[serde(default)]
    pub name: Option<Str>,
    #[serde(default)]
    pub aliases: Vec<Str>,
    #[serde(default)]
    pub doc: Option<String>,
}

#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct TypeDef {
    pub doc: String,
    #[serde(default)]
    pub shape: Option<Str>,
    pub fields: Map<FieldDef>,
}

/// A field of a type: `name: type` shorthand, or the full map.
#[derive(Debug)]
pub enum FieldDef {
    Short(Str),
    Full(Box<FieldFull>),
}

#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct FieldFull {
    #[serde(rename = "type")]
    pub ty: Str,
    #[serde(default)]
    pub doc: Option<String>,
    #[serde(default)]
    pub required: bool,
    #[serde(default)]
    pub name: Option<Str>,
    #[serde(default)]
    pub aliases: Vec<Str>,
    #[serde(default)]
    pub encode: Option<Str>,
}

#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct EndpointDef {
    pub doc: String,
    pub method: Str,
    pub path: Str,
    #[serde(default)]
    pub base: Option<Str>,
    pub security: Str,
    pub errors: Str,
    #[serde(default)]
    pub idempotent: Option<bool>,
    #[serde(default)]
    pub deprecated: Option<String>,
    #[serde(default)]
    pub path_params: Option<Spanned<Map<ParamDef>>>,
    #[serde(default)]
    pub query: Option<Spanned<Map<ParamDef>>>,
    #[serde(default)]
    pub body: Option<Spanned<Map<ParamDef>>>,
    #[serde(default)]
    pub rules: Vec<Rule>,
    pub response: ResponseDef,
}

/// A parameter: `name: type` shorthand, or the full map.
#[derive(Debug)]
pub enum ParamDef {
    Short(Str),
    Full(Box<ParamFull>),
}

#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct ParamFull {
    #[serde(rename = "type")]
    pub ty: Str,
    #[serde(default)]
    pub doc: Option<String>,
    #[serde(default)]
    pub required: bool,
    #[serde(default)]
    pub default: Option<Spanned<Scalar>>,
    #[serde(default)]
    pub min: Option<Spanned<Scalar>>,
    #[serde(default)]
    pub max: Option<Spanned<Scalar>>,
    #[serde(default)]
    pub max_len: Option<Spanned<u64>>,
    #[serde(default)]
    pub name: Option<Str>,
}

#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Rule {
    pub at_least_one_of: Spanned<Vec<Str>>,
}

#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct ResponseDef {
    pub envelope: Str,
    pub data: Str,
}

#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct StreamDef {
    pub doc: String,
    pub url: String,
    pub channel: String,
    pub control: StreamControl,
    pub tag: String,
    pub events: Map<EventDef>,
}

#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct StreamControl {
    pub subscribe: Str,
    pub subscribed: Str,
    pub ping: Str,
    pub pong: Str,
}

#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct EventDef {
    #[serde(rename = "type")]
    pub ty: Str,
    #[serde(default)]
    pub aliases: Vec<String>,
    #[serde(default)]
    pub doc: Option<String>,
}

/// A YAML scalar kept as text, with what kind of scalar it was.
#[derive(Debug, Clone, PartialEq)]
pub enum Scalar {
    Str(String),
    Int(i64),
    Float(String),
    Bool(bool),
}

impl Scalar {
    /// The scalar as written (numbers in their decimal text).
    pub fn text(&self) -> String {
        match self {
            Scalar::Str(s) | Scalar::Float(s) => s.clone(),
            Scalar::Int(i) => i.to_string(),
            Scalar::Bool(b) => b.to_string(),
        }
    }
}

impl<'de> Deserialize<'de> for Scalar {
    fn deserialize<D: Deserializer<'de>>(d: D) -> Result<Self, D::Error> {
        struct V;
        impl Visitor<'_> for V {
            type Value = Scalar;
            fn expecting(&self, f: &mut fmt::Formatter) -> fmt::Result {
                f.write_str("a string, number or boolean")
            }
            fn visit_str<E: de::Error>(self, s: &str) -> Result<Scalar, E> {
                Ok(Scalar::Str(s.to_string()))
            }
            fn visit_i64<E: de::Error>(self, v: i64) -> Result<Scalar, E> {
                Ok(Scalar::Int(v))
            }
            fn visit_u64<E: de::Error>(self, v: u64) -> Result<Scalar, E> {
                i64::try_from(v)
                    .map(Scalar::Int)
                    .map_err(|_| E::custom("integer out of range"))
            }
            fn visit_f64<E: de::Error>(self, v: f64) -> Result<Scalar, E> {
                Ok(Scalar::Float(v.to_string()))
            }
            fn visit_bool<E: de::Error>(self, v: bool) -> Result<Scalar, E> {
                Ok(Scalar::Bool(v))
            }
        }
        d.deserialize_any(V)
    }
}

/// An order-preserving map from located keys. Keeping every entry (rather than a `HashMap`)
/// keeps the generated code in spec order and lets validation point at each key.
#[derive(Debug)]
pub struct Map<V>(pub Vec<(Str, V)>);

impl<V> Default for Map<V> {
    fn default() -> Self {
        Map(Vec::new())
    }
}

impl<V> Map<V> {
    pub fn iter(&self) -> impl Iterator<Item = (&Str, &V)> {
        self.0.iter().map(|(k, v)| (k, v))
    }
}

impl<'de, V: Deserialize<'de>> Deserialize<'de> for Map<V> {
    fn deserialize<D: Deserializer<'de>>(d: D) -> Result<Self, D::Error> {
        struct Vis<V>(PhantomData<V>);
        impl<'de, V: Deserialize<'de>> Visitor<'de> for Vis<V> {
            type Value = Map<V>;
            fn expecting(&self, f: &mut fmt::Formatter) -> fmt::Result {
                f.write_str("a map")
            }
            fn visit_map<A: MapAccess<'de>>(self, mut m: A) -> Result<Self::Value, A::Error> {
                let mut v = Vec::new();
                while let Some(k) = m.next_key::<Str>()? {
                    v.push((k, m.next_value()?));
                }
                Ok(Map(v))
            }
            fn visit_unit<E: de::Error>(self) -> Result<Self::Value, E> {
                Ok(Map(Vec::new()))
            }
        }
        d.deserialize_map(Vis(PhantomData))
    }
}

/// Reads `type` shorthand (a string) or a full map into `Short`/`Full`.
fn short_or_full<'de, D, F, T>(d: D, short: fn(Str) -> T, full: fn(F) -> T) -> Result<T, D::Error>
where
    D: Deserializer<'de>,
    F: Deserialize<'de>,
{
    struct Vis<F, T> {
        short: fn(Str) -> T,
        full: fn(F) -> T,
    }
    impl<'de, F: Deserialize<'de>, T> Visitor<'de> for Vis<F, T> {
        type Value = T;
        fn expecting(&self, f: &mut fmt::Formatter) -> fmt::Result {
            f.write_str("a type expression or a map with `type`")
        }
        fn visit_str<E: de::Error>(self, s: &str) -> Result<T, E> {
            Ok((self.short)(Spanned::new(
                s.to_string(),
                Location::UNKNOWN,
                Location::UNKNOWN,
            )))
        }
        fn visit_map<A: MapAccess<'de>>(self, m: A) -> Result<T, A::Error> {
            F::deserialize(de::value::MapAccessDeserializer::new(m)).map(self.full)
        }
    }
    d.deserialize_any(Vis { short, full })
}

impl<'de> Deserialize<'de> for FieldDef {
    fn deserialize<D: Deserializer<'de>>(d: D) -> Result<Self, D::Error> {
        short_or_full(d, FieldDef::Short, |f| FieldDef::Full(Box::new(f)))
    }
}

impl<'de> Deserialize<'de> for ParamDef {
    fn deserialize<D: Deserializer<'de>>(d: D) -> Result<Self, D::Error> {
        short_or_full(d, ParamDef::Short, |f| ParamDef::Full(Box::new(f)))
    }
}

/// Parses the spec text; a syntax or shape mistake comes back with its location.
pub fn parse(text: &str) -> Result<Spec, serde_saphyr::Error> {
    let opts = serde_saphyr::options! {
        duplicate_keys: serde_saphyr::DuplicateKeyPolicy::Error,
    };
    serde_saphyr::from_str_with_options(text, opts)
}
