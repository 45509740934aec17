//! Turning an HTTP answer into the endpoint's value or an [`Error`].
//!
//! Wrapped answers are `{code, msg, data}` with `code` a number or a string; bare answers are the
//! value itself, errors being `{code, msg}`. The body is decoded in one pass straight from its
//! bytes (never through `serde_json::Value`); only when that pass fails is the body looked at
//! again, to tell a server error code from an HTML page from JSON of the wrong shape.

use std::borrow::Cow;
use std::fmt;
use std::marker::PhantomData;

use serde::de::value::UnitDeserializer;
use serde::de::{self, DeserializeSeed, Deserializer, IgnoredAny, MapAccess, Visitor};

use crate::error::{ApiCode, Error};
use crate::http::endpoint::{Endpoint, Envelope};
use crate::wire::direct;

/// Decodes the answer of endpoint `E` (HTTP `status`, raw `body`).
pub fn decode<E: Endpoint>(status: u16, body: &[u8]) -> Result<E::Response, Error<E::Code>> {
    let ok_status = (200..300).contains(&status);
    if body.iter().all(u8::is_ascii_whitespace) {
        if !ok_status {
            return Err(http_error::<E>(status, body));
        }
        // Nothing at all: as if `data` were absent.
        return E::decode_data(UnitDeserializer::<serde_json::Error>::new())
            .map_err(|e| decode_error::<E>(status, &e));
    }
    match E::META.envelope {
        Envelope::Wrapped => wrapped::<E>(status, ok_status, body),
        Envelope::Bare => bare::<E>(status, ok_status, body),
    }
}

fn wrapped<E: Endpoint>(
    status: u16,
    ok_status: bool,
    body: &[u8],
) -> Result<E::Response, Error<E::Code>> {
    if ok_status {
        if let Some(v) = direct_wrapped::<E>(body) {
            return Ok(v);
        }
        // The unusual forms are where drift shows: checked after the decode.
        crate::drift::notice();
    }
    let first = match parse::<E>(body, Mode::Wrapped) {
        Ok(Outcome::Data(v)) => return Ok(v),
        Ok(Outcome::Failure { code, msg }) => return Err(api_error::<E>(status, code, msg)),
        // Not produced in this mode; treat like a shape mismatch.
        Ok(Outcome::Success) => return Err(decode_msg::<E>(status, "no data decoded".into())),
        Err(e) => e,
    };
    match parse::<E>(body, Mode::CodeOnly) {
        Ok(Outcome::Failure { code, msg }) => Err(api_error::<E>(status, code, msg)),
        _ if !ok_status || !looks_like_json(body) => Err(http_error::<E>(status, body)),
        _ => Err(decode_error::<E>(status, &first)),
    }
}

fn bare<E: Endpoint>(
    status: u16,
    ok_status: bool,
    body: &[u8],
) -> Result<E::Response, Error<E::Code>> {
    if !ok_status {
        return match parse::<E>(body, Mode::CodeOnly) {
            Ok(Outcome::Failure { code, msg }) => Err(api_error::<E>(status, code, msg)),
            _ => Err(http_error::<E>(status, body)),
        };
    }
    // A 2xx body that is exactly an error object `{code, msg}` is an error too. The check fails
    // at the first other key, so it costs next to nothing on real values.
    if first_byte(body) == Some(b'{') {
        if let Ok(Outcome::Failure { code, msg }) = parse::<E>(body, Mode::ErrorOnly) {
            return Err(api_error::<E>(status, code, msg));
        }
    }
    if let Some(v) = direct::read_all(body, E::direct_data) {
        return Ok(v);
    }
    crate::drift::notice();
    let mut d = serde_json::Deserializer::from_slice(body);
    match E::decode_data(&mut d).and_then(|v| d.end().map(|()| v)) {
        Ok(v) => Ok(v),
        Err(e) if looks_like_json(body) => Err(decode_error::<E>(status, &e)),
        Err(_) => Err(http_error::<E>(status, body)),
    }
}

/// The usual wrapped answer, `{code, msg, data}` with a success code and a `data`, read in one
/// pass by the direct reader. `None` (a failure code, no `data`, a key twice, anything the reader
/// leaves to serde) hands the body to the serde pass, which decides values and errors alike.
fn direct_wrapped<E: Endpoint>(body: &[u8]) -> Option<E::Response> {
    direct::read_all(body, |r| {
        let mut code: Option<i64> = None;
        let mut msg = false;
        let mut data = None;
        r.object(|key, r| match key {
            b"code" => r.field(&mut code),
            b"msg" if !msg => {
                msg = true;
                r.skip()
            }
            b"msg" => None,
            b"data" if data.is_none() => {
                data = Some(E::direct_data(r)?);
                Some(())
            }
            b"data" => None,
            _ => r.skip(),
        })?;
        E::Code::is_success(E::META.error_table, code?).then_some(data?)
    })
}

// ---------------------------------------------------------------------------------------------
// Error construction.

fn api_error<E: Endpoint>(status: u16, code: i64, msg: Option<Cow<'_, str>>) -> Error<E::Code> {
    Error::Api {
        code: E::Code::from_wire(E::META.error_table, code),
        message: msg.map(Cow::into_owned).unwrap_or_default(),
        status,
        endpoint: E::META.name,
    }
}

fn http_error<E: Endpoint>(status: u16, body: &[u8]) -> Error<E::Code> {
    Error::Http {
        status,
        endpoint: E::META.name,
        body: snippet(body),
    }
}

fn decode_error<E: Endpoint>(status: u16, e: &serde_json::Error) -> Error<E::Code> {
    decode_msg::<E>(status, e.to_string())
}

fn decode_msg<E: Endpoint>(status: u16, message: String) -> Error<E::Code> {
    Error::Decode {
        endpoint: E::META.name,
        status,
        message,
    }
}

/// The first 200 characters of a body, for error messages.
fn snippet(body: &[u8]) -> String {
    // 200 characters take at most 800 bytes of UTF-8.
    let head = body.get(..800).unwrap_or(body);
    String::from_utf8_lossy(head).chars().take(200).collect()
}

fn first_byte(body: &[u8]) -> Option<u8> {
    body.iter().copied().find(|b| !b.is_ascii_whitespace())
}

/// Whether the body starts like a JSON value (an HTML error page starts with `<`).
fn looks_like_json(body: &[u8]) -> bool {
    matches!(
        first_byte(body),
        Some(b'{' | b'[' | b'"' | b'-' | b'0'..=b'9' | b't' | b'f' | b'n')
    )
}

// ---------------------------------------------------------------------------------------------
// The one-pass envelope visitor.

/// What a pass over `{code, msg, data}` looks for.
#[derive(Clone, Copy, PartialEq, Eq)]
enum Mode {
    /// Decode `data` through the endpoint (skipped once the code is known to be a failure).
    Wrapped,
    /// Only `code` and `msg`; everything else skipped.
    CodeOnly,
    /// Only an exact `{code, msg}` object; any other key fails the pass.
    ErrorOnly,
}

enum Outcome<'de, T> {
    Data(T),
    Failure {
        code: i64,
        msg: Option<Cow<'de, str>>,
    },
    /// A success code seen in a mode that does not decode data.
    Success,
}

fn parse<E: Endpoint>(
    body: &[u8],
    mode: Mode,
) -> Result<Outcome<'_, E::Response>, serde_json::Error> {
    let mut d = serde_json::Deserializer::from_slice(body);
    let out = d.deserialize_map(EnvelopeVisitor::<E> {
        mode,
        endpoint: PhantomData,
    })?;
    d.end()?;
    Ok(out)
}

struct EnvelopeVisitor<E> {
    mode: Mode,
    endpoint: PhantomData<fn() -> E>,
}

impl<'de, E: Endpoint> Visitor<'de> for EnvelopeVisitor<E> {
    type Value = Outcome<'de, E::Response>;

    fn expecting(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str("an object with `code`")
    }

    fn visit_map<A: MapAccess<'de>>(self, mut map: A) -> Result<Self::Value, A::Error> {
        let table = E::META.error_table;
        let mut code: Option<i64> = None;
        let mut msg: Option<Cow<'de, str>> = None;
        let mut data: Option<E::Response> = None;
        while let Some(key) = map.next_key::<Key>()? {
            match key {
                Key::Code => code = Some(map.next_value_seed(CodeSeed)?),
                Key::Msg => msg = map.next_value::<Msg<'de>>()?.0,
                Key::Data if self.mode == Mode::ErrorOnly => {
                    return Err(de::Error::custom("not an error object"));
                }
                Key::Data => {
                    let known_failure = code.is_some_and(|c| !E::Code::is_success(table, c));
                    if self.mode == Mode::Wrapped && !known_failure {
                        data = Some(map.next_value_seed(DataSeed::<E>(PhantomData))?);
                    } else {
                        map.next_value::<IgnoredAny>()?;
                    }
                }
                Key::Other if self.mode == Mode::ErrorOnly => {
                    return Err(de::Error::custom("not an error object"));
                }
                Key::Other => {
                    map.next_value::<IgnoredAny>()?;
                }
            }
        }
        let code = code.ok_or_else(|| de::Error::missing_field("code"))?;
        if !E::Code::is_success(table, code) {
            return Ok(Outcome::Failure { code, msg });
        }
        if self.mode != Mode::Wrapped {
            return Ok(Outcome::Success);
        }
        match data {
            Some(v) => Ok(Outcome::Data(v)),
            // `data` absent: lists come back empty, `()` works, a record is an error.
            None => E::decode_data(UnitDeserializer::<A::Error>::new()).map(Outcome::Data),
        }
    }
}

/// Keys of the envelope.
enum Key {
    Code,
    Msg,
    Data,
    Other,
}

impl<'de> de::Deserialize<'de> for Key {
    fn deserialize<D: Deserializer<'de>>(d: D) -> Result<Self, D::Error> {
        d.deserialize_identifier(KeyVisitor)
    }
}

struct KeyVisitor;

impl Visitor<'_> for KeyVisitor {
    type Value = Key;
    fn expecting(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str("a key")
    }
    fn visit_str<E: de::Error>(self, v: &str) -> Result<Key, E> {
        Ok(match v {
            "code" => Key::Code,
            "msg" => Key::Msg,
            "data" => Key::Data,
            _ => Key::Other,
        })
    }
}

/// `code`: a number or a numeric string.
struct CodeSeed;

impl<'de> DeserializeSeed<'de> for CodeSeed {
    type Value = i64;
    fn deserialize<D: Deserializer<'de>>(self, d: D) -> Result<i64, D::Error> {
        crate::wire::de::wire(d)
    }
}

/// `data`, decoded by the endpoint.
struct DataSeed<E>(PhantomData<fn() -> E>);

impl<'de, E: Endpoint> DeserializeSeed<'de> for DataSeed<E> {
    type Value = E::Response;
    fn deserialize<D: Deserializer<'de>>(self, d: D) -> Result<E::Response, D::Error> {
        E::decode_data(d)
    }
}

/// `msg`: text borrowed from the body when possible; anything that is not text is dropped,
/// because a strange message must not hide the error code.
struct Msg<'de>(Option<Cow<'de, str>>);

impl<'de> de::Deserialize<'de> for Msg<'de> {
    fn deserialize<D: Deserializer<'de>>(d: D) -> Result<Self, D::Error> {
        d.deserialize_any(MsgVisitor)
    }
}

struct MsgVisitor;

impl<'de> Visitor<'de> for MsgVisitor {
    type Value = Msg<'de>;
    fn expecting(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str("a message")
    }
    fn visit_borrowed_str<E: de::Error>(self, v: &'de str) -> Result<Self::Value, E> {
        Ok(Msg(Some(Cow::Borrowed(v))))
    }
    fn visit_str<E: de::Error>(self, v: &str) -> Result<Self::Value, E> {
        Ok(Msg(Some(Cow::Owned(v.to_owned()))))
    }
    fn visit_string<E: de::Error>(self, v: String) -> Result<Self::Value, E> {
        Ok(Msg(Some(Cow::Owned(v))))
    }
    fn visit_unit<E: de::Error>(self) -> Result<Self::Value, E> {
        Ok(Msg(None))
    }
    fn visit_none<E: de::Error>(self) -> Result<Self::Value, E> {
        Ok(Msg(None))
    }
    fn visit_bool<E: de::Error>(self, _: bool) -> Result<Self::Value, E> {
        Ok(Msg(None))
    }
    fn visit_i64<E: de::Error>(self, _: i64) -> Result<Self::Value, E> {
        Ok(Msg(None))
    }
    fn visit_u64<E: de::Error>(self, _: u64) -> Result<Self::Value, E> {
        Ok(Msg(None))
    }
    fn visit_f64<E: de::Error>(self, _: f64) -> Result<Self::Value, E> {
        Ok(Msg(None))
    }
    fn visit_seq<A: de::SeqAccess<'de>>(self, mut seq: A) -> Result<Self::Value, A::Error> {
        while seq.next_element::<IgnoredAny>()?.is_some() {}
        Ok(Msg(None))
    }
    fn visit_map<A: MapAccess<'de>>(self, mut map: A) -> Result<Self::Value, A::Error> {
        while map.next_entry::<IgnoredAny, IgnoredAny>()?.is_some() {}
        Ok(Msg(None))
    }
}

#[cfg(test)]
#[allow(clippy::unwrap_used)]
pub(crate) mod tests;
