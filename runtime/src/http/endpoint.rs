//! What generated code tells the runtime about one endpoint.
//!
//! The macro emits one request struct per endpoint and implements [`Endpoint`] for it;
//! everything else (signing, sending, decoding, mapping errors) is shared, generic code.

use crate::error::{ApiCode, InvalidArgument};
use crate::wire::encode::{BodyWriter, PathWriter, QueryWriter};

/// HTTP method of an endpoint.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Method {
    /// `GET`
    Get,
    /// `POST`
    Post,
    /// `PUT`
    Put,
    /// `DELETE`
    Delete,
}

impl Method {
    /// The upper-case method name, as signed and sent.
    pub const fn as_str(self) -> &'static str {
        match self {
            Method::Get => "GET",
            Method::Post => "POST",
            Method::Put => "PUT",
            Method::Delete => "DELETE",
        }
    }
}

/// Security type of an endpoint (section 5.1 of the interface document).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Security {
    /// Freely accessible: no key, no signature.
    None,
    /// API key and signature.
    Trade,
    /// API key and signature.
    UserData,
    /// API key only.
    UserStream,
    /// API key only.
    MarketData,
}

impl Security {
    /// Whether the request carries the API key (in the spec's `api_key_header`).
    pub const fn needs_key(self) -> bool {
        !matches!(self, Security::None)
    }
    /// Whether the interface document signs the type (TRADE, USER_DATA): such requests carry the
    /// receive window too. Whether a request is signed is [`EndpointMeta::signed`].
    pub const fn is_signed(self) -> bool {
        matches!(self, Security::Trade | Security::UserData)
    }
}

/// Which base URL an endpoint's path is appended to.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Base {
    /// `base_url + product prefix + path`.
    Product,
    /// `user_stream_url + path` (the user-stream REST may live on another host).
    UserStream,
}

/// How the response body wraps the value.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Envelope {
    /// The body is the value itself; errors are `{code, msg}`.
    Bare,
    /// `{code, msg, data}`; the error table's success codes mark success.
    Wrapped,
}

/// Static description of an endpoint, emitted by the macro from the spec.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct EndpointMeta {
    /// Spec name of the endpoint (`new_order`), used in tracing spans and errors.
    pub name: &'static str,
    /// HTTP method.
    pub method: Method,
    /// The path template below the base, exactly as the spec writes it (`/v2/order`,
    /// `/user_stream/api/v1/listenKey/{listenKey}`; `{name}` marks a path parameter by its wire
    /// name). Requests write their path with [`Endpoint::write_path`]; the template is for what
    /// has no request yet: a server routing by it (such as the simulator), anything listing
    /// endpoints.
    pub path: &'static str,
    /// Base URL the path is appended to.
    pub base: Base,
    /// Security type.
    pub security: Security,
    /// Whether requests carry the signature and timestamp headers: the spec's `auth.signed`
    /// lists the security type (TRADE and USER_DATA by default; the shipped spec adds
    /// USER_STREAM, as the exchange's current page asks).
    pub signed: bool,
    /// Response wrapping.
    pub envelope: Envelope,
    /// Name of the spec error table this endpoint's codes come from.
    pub error_table: &'static str,
    /// Whether sending the same request twice is harmless.
    pub idempotent: bool,
    /// Whether the request has a JSON body (declared body parameters, or a non-GET method).
    pub has_body: bool,
}

/// A request for one endpoint: plain data that knows how to put itself on the wire.
pub trait Endpoint {
    /// The decoded value (the envelope's `data`, or the bare body). `Debug`, as every generated
    /// answer is, so generic code over endpoints (an [`EachEndpoint`]) can show what it decoded.
    type Response: Send + std::fmt::Debug;
    /// The generated error-code vocabulary.
    type Code: ApiCode;
    /// Static facts about the endpoint.
    const META: EndpointMeta;
    /// The rate-limit group the endpoint's requests are paced in (the spec's `rate_limit`).
    const RATE_GROUP: &'static str = "default";

    /// Checks every documented limit before anything is sent.
    fn validate(&self) -> Result<(), InvalidArgument>;
    /// Writes the path below the base (path parameters percent-encoded), e.g. `/v1/depth`.
    fn write_path(&self, out: &mut PathWriter<'_>);
    /// Writes the query parameters, in spec order, skipping absent optionals.
    fn write_query(&self, out: &mut QueryWriter<'_>);
    /// Writes the JSON body fields, in spec order, skipping absent optionals.
    fn write_body(&self, out: &mut BodyWriter<'_>);
    /// Decodes the response value from `d` (the envelope's `data`, or the whole bare body).
    ///
    /// Given a unit deserializer when `data` is absent, so lists decode empty and `()` succeeds.
    /// Generated code calls `de::wire(d)`, `de::one_or_many(d)` or `de::ignore(d)`: the spec's
    /// type expression, not a `Deserialize` impl, decides how the value is read.
    fn decode_data<'de, D: serde::Deserializer<'de>>(d: D) -> Result<Self::Response, D::Error>;
    /// Reads the response value on the one-pass reader (the hot path of every answer); `None`
    /// leaves the body to [`Endpoint::decode_data`], which decides values and errors alike.
    fn direct_data(_r: &mut crate::wire::direct::Reader<'_>) -> Option<Self::Response> {
        None
    }
    /// The spec's description of the response value, for the drift walk.
    fn data_ty() -> crate::drift::Ty {
        crate::drift::Ty::Any
    }
}

/// Code that is handed every endpoint of the spec as a type, one call per endpoint: the generated
/// `each_endpoint(&mut v)` calls `v.endpoint::<XRequest>()` for each request type, in spec order
/// (the order of the generated `ENDPOINTS`, so `E::META` is the entry at the same index).
///
/// `ENDPOINTS` lists what is known of an endpoint as values; what needs the types (decoding an
/// answer as the endpoint's response, a handler per endpoint) gets them here, from the spec,
/// instead of from a hand-kept list that can fall behind it. The method is generic, so an
/// application that never calls `each_endpoint` compiles none of it.
pub trait EachEndpoint {
    /// Called once with the request type of each endpoint.
    fn endpoint<E: Endpoint>(&mut self);
}
