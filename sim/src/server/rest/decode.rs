//! Requests decoded with the generated request types, then checked with their own `validate`
//! (the spec's documented limits). A malformed value is -1102 naming the parameter.
//!
//! Nothing is silently ignored: a parameter the endpoint does not have, in the query or the
//! body (nested ones too, such as a key of an attached order), is refused with -1103 naming it,
//! as is a body sent to a GET or a query sent with a POST body (the interface puts GET
//! parameters in the query and POST parameters in the body). `recvWindow`, which every signed
//! request may carry, is known everywhere. Unknown keys are found by walking the request against
//! its type's description (`drift::Schema`, generated from the spec as the type is).

use std::borrow::Cow;

use contango::ErrorCode;
use contango_runtime::drift::{Schema, Ty};
use contango_runtime::http::endpoint::Endpoint;
use serde::Deserialize;
use serde::de::{
    DeserializeOwned, DeserializeSeed, Deserializer, IgnoredAny, MapAccess, SeqAccess, Visitor,
};

use super::Ctx;
use crate::error::{SimError, SimResult};

/// Parameters any request may carry besides its endpoint's own.
const GENERAL: &[&str] = &["recvWindow"];

/// -1102 naming the field serde complained about (the text between backticks), or its message.
fn malformed(message: &str) -> SimError {
    let name = message
        .split('`')
        .nth(1)
        .filter(|n| !n.is_empty())
        .unwrap_or(message);
    SimError::param(name)
}

/// -1103 naming `unknown`, unless it is empty.
fn refuse_unknown(unknown: Vec<String>) -> SimResult<()> {
    let unknown: Vec<String> = unknown
        .into_iter()
        .filter(|p| !GENERAL.contains(&p.as_str()))
        .collect();
    if unknown.is_empty() {
        Ok(())
    } else {
        Err(SimError::new(ErrorCode::UnknownParameter).detail(unknown.join(", ")))
    }
}

fn checked<T: Endpoint>(req: T) -> SimResult<T> {
    req.validate().map_err(|e| SimError::param(e.param))?;
    Ok(req)
}

fn is_blank(body: &[u8]) -> bool {
    body.iter().all(u8::is_ascii_whitespace)
}

/// Walks a JSON value against its type's description, noting each key the type does not have,
/// at any depth, by its path (`triggerOrderCreateParams[0].typo`). It reads the request's bytes
/// as they are, keys borrowed where they have no escapes, and keeps nothing of the values: a
/// path is written out only for a key refused.
struct Walk<'w, 'de> {
    ty: Ty,
    /// Where the value is.
    at: &'w mut Vec<Step<'de>>,
    /// The paths of the keys refused so far.
    out: &'w mut Vec<String>,
}

/// One step of the way to a value in a request: a key, or a list's index.
enum Step<'de> {
    Key(Cow<'de, str>),
    Index(usize),
}

/// `steps` as a path: `a.b[0].c`.
fn path(steps: &[Step<'_>]) -> String {
    let mut path = String::new();
    for step in steps {
        match step {
            Step::Key(key) if path.is_empty() => path.push_str(key),
            Step::Key(key) => {
                path.push('.');
                path.push_str(key);
            }
            Step::Index(i) => path.push_str(&format!("[{i}]")),
        }
    }
    path
}

impl<'de> DeserializeSeed<'de> for Walk<'_, 'de> {
    type Value = ();

    fn deserialize<D: Deserializer<'de>>(self, deserializer: D) -> Result<(), D::Error> {
        deserializer.deserialize_any(self)
    }
}

impl<'de> Visitor<'de> for Walk<'_, 'de> {
    type Value = ();

    fn expecting(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str("a JSON value")
    }

    fn visit_bool<E>(self, _: bool) -> Result<(), E> {
        Ok(())
    }

    fn visit_i64<E>(self, _: i64) -> Result<(), E> {
        Ok(())
    }

    fn visit_u64<E>(self, _: u64) -> Result<(), E> {
        Ok(())
    }

    fn visit_f64<E>(self, _: f64) -> Result<(), E> {
        Ok(())
    }

    fn visit_str<E>(self, _: &str) -> Result<(), E> {
        Ok(())
    }

    fn visit_unit<E>(self) -> Result<(), E> {
        Ok(())
    }

    fn visit_seq<A: SeqAccess<'de>>(self, mut seq: A) -> Result<(), A::Error> {
        let Ty::List { item, .. } = self.ty else {
            while seq.next_element::<IgnoredAny>()?.is_some() {}
            return Ok(());
        };
        for i in 0.. {
            self.at.push(Step::Index(i));
            let walk = Walk {
                ty: item(),
                at: &mut *self.at,
                out: &mut *self.out,
            };
            let more = seq.next_element_seed(walk)?.is_some();
            self.at.pop();
            if !more {
                break;
            }
        }
        Ok(())
    }

    fn visit_map<A: MapAccess<'de>>(self, mut map: A) -> Result<(), A::Error> {
        // One object where a list may have one (`one_or_many`) is its item.
        let mut ty = self.ty;
        while let Ty::List { item, or_one: true } = ty {
            ty = item();
        }
        let record = match ty {
            Ty::Record(record) if !record.array => record,
            _ => {
                while map.next_entry::<IgnoredAny, IgnoredAny>()?.is_some() {}
                return Ok(());
            }
        };
        while let Some(Key(key)) = map.next_key()? {
            let field = record.field(&key);
            self.at.push(Step::Key(key));
            match field {
                Some(field) => map.next_value_seed(Walk {
                    ty: (field.ty)(),
                    at: &mut *self.at,
                    out: &mut *self.out,
                })?,
                None => {
                    let refused = path(self.at);
                    // A key written twice is named once.
                    if !self.out.contains(&refused) {
                        self.out.push(refused);
                    }
                    map.next_value::<IgnoredAny>()?;
                }
            }
            self.at.pop();
        }
        Ok(())
    }
}

/// An object's key, borrowed from the request where it has no escapes.
struct Key<'de>(Cow<'de, str>);

impl<'de> Deserialize<'de> for Key<'de> {
    fn deserialize<D: Deserializer<'de>>(deserializer: D) -> Result<Self, D::Error> {
        struct Text;
        impl<'de> Visitor<'de> for Text {
            type Value = Key<'de>;

            fn expecting(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
                f.write_str("a key")
            }

            fn visit_borrowed_str<E>(self, key: &'de str) -> Result<Key<'de>, E> {
                Ok(Key(Cow::Borrowed(key)))
            }

            fn visit_str<E>(self, key: &str) -> Result<Key<'de>, E> {
                Ok(Key(Cow::Owned(key.to_owned())))
            }

            fn visit_string<E>(self, key: String) -> Result<Key<'de>, E> {
                Ok(Key(Cow::Owned(key)))
            }
        }
        deserializer.deserialize_str(Text)
    }
}

/// A query string read as `T`; the keys `T` does not have, refused.
fn from_query<T: DeserializeOwned + Schema>(query: &str) -> SimResult<T> {
    let pairs = form_urlencoded::parse(query.as_bytes());
    let value = T::deserialize(serde_urlencoded::Deserializer::new(pairs))
        .map_err(|e| malformed(&e.to_string()))?;
    let record = match T::ty() {
        Ty::Record(record) => Some(record),
        _ => None,
    };
    refuse_unknown(
        pairs
            .map(|(key, _)| key)
            .filter(|key| record.and_then(|r| r.field(key)).is_none())
            .map(|key| key.into_owned())
            .collect(),
    )?;
    Ok(value)
}

/// A JSON body read as `T` (an empty body counts as `{}`); the keys `T` does not have, at any
/// depth, refused.
pub fn from_body<T: DeserializeOwned + Schema>(body: &[u8]) -> SimResult<T> {
    let body: &[u8] = if is_blank(body) { b"{}" } else { body };
    let value = serde_json::from_slice(body).map_err(|e| malformed(&e.to_string()))?;
    let mut unknown = Vec::new();
    let walk = Walk {
        ty: T::ty(),
        at: &mut Vec::new(),
        out: &mut unknown,
    };
    // The body decoded as `T` above, so it is JSON: the walk cannot fail on its syntax.
    let _ = walk.deserialize(&mut serde_json::Deserializer::from_slice(body));
    unknown.sort();
    refuse_unknown(unknown)?;
    Ok(value)
}

/// A GET request from its query string; it has no body.
pub fn query<T: DeserializeOwned + Endpoint + Schema>(ctx: &Ctx<'_>) -> SimResult<T> {
    no_body(ctx)?;
    checked(from_query(ctx.query)?)
}

/// A POST request from its JSON body; it has no query.
pub fn body<T: DeserializeOwned + Endpoint + Schema>(ctx: &Ctx<'_>) -> SimResult<T> {
    no_query(ctx)?;
    checked(from_body(ctx.body)?)
}

/// A request of an endpoint without parameters: nothing in the query, nothing in the body.
pub fn nothing(ctx: &Ctx<'_>) -> SimResult<()> {
    no_body(ctx)?;
    no_query(ctx)
}

fn no_body(ctx: &Ctx<'_>) -> SimResult<()> {
    if is_blank(ctx.body) {
        return Ok(());
    }
    let keys: serde_json::Map<String, serde_json::Value> =
        serde_json::from_slice(ctx.body).map_err(|_| SimError::param("body"))?;
    refuse_unknown(keys.keys().cloned().collect())
}

fn no_query(ctx: &Ctx<'_>) -> SimResult<()> {
    refuse_unknown(
        form_urlencoded::parse(ctx.query.as_bytes())
            .map(|(k, _)| k.into_owned())
            .collect(),
    )
}

#[cfg(test)]
mod tests {
    use super::*;
    use contango::{DepthRequest, NewOrderRequest};

    fn q<T: DeserializeOwned + Endpoint + Schema>(query: &str) -> SimResult<T> {
        checked(from_query(query)?)
    }

    fn b<T: DeserializeOwned + Endpoint + Schema>(body: &[u8]) -> SimResult<T> {
        checked(from_body(body)?)
    }

    #[test]
    fn numbers_or_strings_and_errors() {
        let r: DepthRequest =
            q("contractName=E-BTC-USDT&limit=5&recvWindow=1").unwrap_or_else(|e| panic!("{e}"));
        assert_eq!(r.limit, Some(5));
        let e = q::<DepthRequest>("limit=5").err().map(|e| e.message);
        assert_eq!(
            e.as_deref(),
            Some("required parameter contractName not sent, empty, or wrong format")
        );
        let e = q::<DepthRequest>("contractName=X&limit=500")
            .err()
            .map(|e| e.message);
        assert_eq!(
            e.as_deref(),
            Some("required parameter limit not sent, empty, or wrong format")
        );
        let r: NewOrderRequest = b(
            br#"{"contractName":"E-BTC-USDT","side":"BUY","type":"LIMIT","positionType":"1","open":"OPEN","volume":1,"amount":"2.5","price":"30000.1"}"#,
        )
        .unwrap_or_else(|e| panic!("{e}"));
        assert_eq!(r.price.to_string(), "30000.1");
        assert!(b::<NewOrderRequest>(b"not json").is_err());
    }

    #[test]
    fn unknown_parameters_are_named_at_any_depth() {
        let e = q::<DepthRequest>("contractName=E-BTC-USDT&bogusParam=1&limit=5")
            .err()
            .map(|e| (e.code, e.message));
        assert_eq!(
            e,
            Some((
                ErrorCode::UnknownParameter,
                "unknown parameters sent: bogusParam".into()
            ))
        );
        let e = b::<NewOrderRequest>(
            br#"{"contractName":"E-BTC-USDT","side":"BUY","type":"LIMIT","positionType":1,"open":"OPEN","volume":1,"amount":1,"price":1,"bogusParam":true,"triggerOrderCreateParams":[{"triggerType":1,"triggerPriceType":1,"triggerPrice":1,"type":"MARKET","price":1,"typo":2}]}"#,
        )
        .err()
        .map(|e| e.message);
        assert_eq!(
            e.as_deref(),
            Some("unknown parameters sent: bogusParam, triggerOrderCreateParams[0].typo")
        );
        // Every key of the exchange's conditional sample body is known (its values are checked
        // later, by the exchange's rules).
        let path = concat!(
            env!("CARGO_MANIFEST_DIR"),
            "/../../shared/fixtures/real-world/v2_order_new_conditional_body.json"
        );
        let sample = std::fs::read(path).unwrap_or_else(|e| panic!("{path}: {e}"));
        let r = b::<NewOrderRequest>(&sample).unwrap_or_else(|e| panic!("{e}"));
        assert_eq!(r.trigger_type, Some(contango::TriggerType::Other(0)));
        assert_eq!(r.trigger_order_create_params.map(|p| p.len()), Some(1));
    }
}
