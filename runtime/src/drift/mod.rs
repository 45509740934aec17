//! Drift: what the server sends that the spec does not describe (docs/design.md, Drift).
//!
//! Noticing costs nothing when nothing drifts. The direct reader's unknown-key arm, an enum's
//! `Other` arm and every serde fallback call [`notice`], which sets a flag of the thread; the
//! caller of a decode reads it back with [`take`] (one thread-local read per answer or frame).
//! Only when it was set, or the decode failed, does the slow path run: the bytes are parsed again
//! as a `serde_json::Value` and walked against the spec's description of the type ([`Ty`], from
//! [`Schema`], which `record!`, `endpoint!` and the generated enums implement), producing
//! [`Finding`]s that name the endpoint, event or channel, the path, the wire value and a sample.
//! A [`DriftLog`] keeps them bounded and de-duplicated, and logs each new one once.
//!
//! [`suggest`] holds the rules that name a sample's spec type (a finding's `suggested_type`); the
//! command line's `contango drift --patch` writes spec YAML with them.

#[cfg(feature = "streams")]
mod frames;
mod log;
mod observe;
mod schema;
pub mod suggest;
mod walk;

#[cfg(feature = "streams")]
pub(crate) use frames::market_drift;
#[cfg(feature = "streams")]
pub use frames::{event, market_frame, reply};
pub use log::{DriftLog, DriftReport, MAX_FINDINGS};
#[allow(deprecated)]
pub use observe::answer;
pub use observe::observe;
pub use schema::{CatchAll, Field, Record, Schema, Ty, accepts, enum_known, noticing};

use std::cell::Cell;

use serde::{Deserialize, Serialize};

/// What kind of difference between the server and the spec a finding is.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum FindingKind {
    /// A key the spec's type does not list.
    UnknownField,
    /// A value an enum does not list (the `Other(..)` catch-all was used).
    UnknownEnumValue,
    /// An error code the endpoint's error table does not list.
    UnknownErrorCode,
    /// A required field absent (the decode failed).
    MissingField,
    /// A value whose JSON type cannot be the spec's type.
    TypeMismatch,
    /// A private-stream event type the spec does not list.
    UnknownEvent,
    /// A market-stream channel the spec does not list.
    UnknownChannel,
}

impl FindingKind {
    /// The name used in reports and JSON (`unknown_field`).
    pub const fn as_str(self) -> &'static str {
        match self {
            Self::UnknownField => "unknown_field",
            Self::UnknownEnumValue => "unknown_enum_value",
            Self::UnknownErrorCode => "unknown_error_code",
            Self::MissingField => "missing_field",
            Self::TypeMismatch => "type_mismatch",
            Self::UnknownEvent => "unknown_event",
            Self::UnknownChannel => "unknown_channel",
        }
    }
}

impl std::fmt::Display for FindingKind {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(self.as_str())
    }
}

/// One difference between what the server sent and what the spec describes.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct Finding {
    /// What kind of difference.
    pub kind: FindingKind,
    /// Where it was seen: the spec's endpoint key (`account`), event (`ORDER_TRADE_UPDATE`) or
    /// market channel key (`ticker`); `stream` for an unknown event type, `market_stream` for an
    /// unknown channel.
    pub endpoint: String,
    /// Path from the decoded value's root (the answer's `data` or bare body, the event, the
    /// frame's `tick`), `[]` for list items: `account[].bonus`. Empty for codes, events and
    /// channels.
    pub path: String,
    /// As it appeared on the wire: the field name, the enum value, the error code, the event
    /// type or the channel name.
    pub wire: String,
    /// A sample value as JSON text (bounded in size).
    pub sample: Option<String>,
    /// The spec type the sample suggests (`decimal`, `millis`, `bool`, `string`, `list<..>`, or
    /// the name of a new object type).
    pub suggested_type: Option<String>,
    /// The spec item the finding belongs in: the record or enum holding it, or the error table.
    pub spec_type: Option<String>,
    /// The server's message (an unknown error code), or what the spec expected (a mismatch).
    pub message: Option<String>,
    /// How often it was seen.
    pub count: u64,
}

thread_local! {
    static NOTICED: Cell<bool> = const { Cell::new(false) };
}

/// Marks the current decode as worth a drift check: an unknown key was skipped, an enum took its
/// catch-all, or the direct reader left the bytes to serde.
#[cold]
#[inline(never)]
pub fn notice() {
    NOTICED.with(|n| n.set(true));
}

/// Whether anything was noticed since the last call (and clears it).
#[inline]
pub fn take() -> bool {
    NOTICED.with(|n| n.replace(false))
}

/// Largest sample kept with a finding, in bytes of JSON text.
const MAX_SAMPLE: usize = 4096;

/// `value` as a sample: its JSON text, cut at [`MAX_SAMPLE`] bytes (on a character boundary).
pub(crate) fn sample(value: &serde_json::Value) -> String {
    let mut text = value.to_string();
    if text.len() > MAX_SAMPLE {
        let mut end = MAX_SAMPLE;
        while !text.is_char_boundary(end) {
            end -= 1;
        }
        text.truncate(end);
        text.push('…');
    }
    text
}
