//! What travels on the wire and how it is read: the request writers ([`encode`], [`ser`]), the
//! documented limits checked before sending ([`validate`]), the answer's envelope
//! ([`envelope`]), scalars and times as servers write them, and the two decoders that agree on
//! them: serde's ([`de`]) and the one-pass reader of the hot path ([`direct`]).

pub mod de;
pub(crate) mod digits;
pub mod direct;
pub mod encode;
pub mod envelope;
pub(crate) mod scalar;
pub mod ser;
pub mod time;
pub mod validate;
