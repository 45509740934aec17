//! The direct reader: JSON read straight from bytes into typed values in one pass, for the
//! frames a stream delivers by the hundred thousand a second (order updates, depth snapshots)
//! and for every REST answer (the envelope reads `data` with it).
//!
//! serde_json is the general decoder and the authority; this is its fast path. Generated types
//! that answers and streams carry implement [`Direct`], which reads only the forms servers
//! normally send:
//! strings without escapes, plain numbers, known keys once each. Anything else (an escape, a
//! duplicate key, a missing field, malformed text) makes it give up with `None`, and the caller
//! decodes the same bytes with serde ([`from_slice`]), which gives the same value or the error.
//! Scalars convert through the same functions as the serde path (`de`'s `Scalar`), and numbers
//! reach them as serde_json hands them over (`u64`/`i64` when they fit, except `-0`; other
//! numbers as text, exponents written `e+N`); `tests/it/fixtures.rs` and the fuzz targets check
//! that both readings agree.
//!
//! What made serde slow here: a visitor per value, UTF-8 checked string by string, a `String`
//! per number under `arbitrary_precision`, and raw lists (depth levels) scanned once to find
//! their end and again to read them. Here the input is checked as UTF-8 once, keys are matched
//! as bytes, and levels (`[[price, quantity], ...]`) are read in the pass that finds them.

use rust_decimal::Decimal;

use crate::wire::de::Wire;
use crate::wire::time::{DurationMillis, DurationSeconds, LocalDateTime, Millis, Seconds};

mod reader;

pub use reader::{Reader, Tuple};

/// A value read straight from JSON bytes; `None` hands the input to serde (see the module doc).
///
/// Implemented by the runtime for scalars, `Option` and `Vec`, and generated for the records
/// and enums that answers and stream frames carry.
pub trait Direct: Sized {
    /// Reads one value at the reader's position.
    fn direct(r: &mut Reader<'_>) -> Option<Self>;

    /// Reads a list (`null` is empty); order-book levels override it with [`Reader::rows`].
    fn list_direct(r: &mut Reader<'_>) -> Option<Vec<Self>> {
        if r.null() {
            return Some(Vec::new());
        }
        let mut out = Vec::new();
        r.array(|r| {
            out.push(Self::direct(r)?);
            Some(())
        })?;
        Some(out)
    }
}

/// Decodes `bytes` as one `T`: the direct reader first, serde when it gives up (with serde's
/// error when the bytes are not a `T`).
pub fn from_slice<T: Direct + Wire>(bytes: &[u8]) -> Result<T, serde_json::Error> {
    if let Some(v) = read_all(bytes, T::direct) {
        return Ok(v);
    }
    // The unusual forms are where drift shows: checked after the decode.
    crate::drift::notice();
    let mut de = serde_json::Deserializer::from_slice(bytes);
    let v = T::from_wire(&mut de)?;
    de.end()?;
    Ok(v)
}

/// Runs `read` over the whole of `bytes` (surrounding whitespace allowed).
pub fn read_all<'a, T>(
    bytes: &'a [u8],
    read: impl FnOnce(&mut Reader<'a>) -> Option<T>,
) -> Option<T> {
    let mut r = Reader::new(bytes)?;
    let v = read(&mut r)?;
    r.ws();
    r.done().then_some(v)
}

/// The [`Direct`] impl of a generated object-shaped record: `generate!` names each field, the
/// keys it is read under (its wire name and aliases) and how it is read, and this writes the
/// reader (declarative expansion costs the build far less than the same tokens made by the
/// procedural macro). Each field is read once (a second sighting gives up), unknown keys are
/// skipped; kinds: `req`/`opt` (required or optional), `req_serde`/`opt_serde` (left to serde:
/// the reader gives up when the key is present).
#[doc(hidden)]
#[macro_export]
macro_rules! direct_record {
    ($name:ident { $($field:ident [$($key:literal)|+] $kind:ident,)* }) => {
        impl $crate::wire::direct::Direct for $name {
            fn direct(r: &mut $crate::wire::direct::Reader<'_>) -> ::std::option::Option<Self> {
                $(let mut $field = ::std::option::Option::None;)*
                r.object(|key, r| match key {
                    $($($key)|+ => $crate::direct_record!(@read $kind r $field),)*
                    // A key the spec does not list: a drift check after the decode.
                    _ => {
                        $crate::drift::notice();
                        r.skip()
                    }
                })?;
                ::std::option::Option::Some(Self {
                    $($field: $crate::direct_record!(@value $kind $field),)*
                })
            }
        }
    };
    (@read req_serde $r:ident $f:ident) => { ::std::option::Option::None };
    (@read opt_serde $r:ident $f:ident) => { ::std::option::Option::None };
    (@read $kind:ident $r:ident $f:ident) => { $r.field(&mut $f) };
    (@value req $f:ident) => { $f? };
    (@value req_serde $f:ident) => { $f? };
    (@value opt $f:ident) => { $f.flatten() };
    (@value opt_serde $f:ident) => { $f.flatten() };
}

macro_rules! direct_via_scalar {
    ($($t:ty),*) => {$(
        impl Direct for $t {
            fn direct(r: &mut Reader<'_>) -> Option<Self> {
                r.scalar()
            }
        }
    )*};
}

direct_via_scalar!(
    String,
    bool,
    i32,
    i64,
    Millis,
    Seconds,
    DurationSeconds,
    DurationMillis,
    LocalDateTime
);

impl Direct for Decimal {
    fn direct(r: &mut Reader<'_>) -> Option<Self> {
        r.decimal()
    }
}

impl<T: Direct> Direct for Option<T> {
    fn direct(r: &mut Reader<'_>) -> Option<Self> {
        if r.null() {
            Some(None)
        } else {
            T::direct(r).map(Some)
        }
    }
}

impl<T: Direct> Direct for Vec<T> {
    fn direct(r: &mut Reader<'_>) -> Option<Self> {
        T::list_direct(r)
    }
}

impl Direct for serde_json::Value {
    /// Free-form values are rare in frames: their text is handed to serde.
    fn direct(r: &mut Reader<'_>) -> Option<Self> {
        serde_json::from_str(r.raw()?).ok()
    }
}

/// One object or an array of them, as a list, read as `de::one_or_many` reads it: `null` is
/// empty, and `{}` and `null` (alone or as elements) mean nothing and are skipped.
pub fn one_or_many<T: Direct>(r: &mut Reader<'_>) -> Option<Vec<T>> {
    fn one<T: Direct>(r: &mut Reader<'_>, out: &mut Vec<T>) -> Option<()> {
        if r.null() || r.empty_object() {
            return Some(());
        }
        // Objects only, as serde's visitor takes them.
        if r.peek()? != b'{' {
            return None;
        }
        out.push(T::direct(r)?);
        Some(())
    }
    let mut out = Vec::new();
    if r.peek()? == b'[' {
        r.array(|r| one(r, &mut out))?;
    } else {
        one(r, &mut out)?;
    }
    Some(out)
}

#[cfg(test)]
#[allow(clippy::unwrap_used)]
mod tests;
