//! Typed time values as they travel on the wire.
//!
//! Servers mix milliseconds, seconds and zone-less date-time text; distinct types keep a kline's
//! `idx` (seconds) from ever being read as milliseconds, and a span of time (the seconds left to
//! the next funding) from ever being read as an instant.

use std::fmt;
use std::time::{Duration, SystemTime, UNIX_EPOCH};

use serde::de;
use serde::{Deserialize, Deserializer, Serialize, Serializer};

use crate::wire::de::Wire;
use crate::wire::scalar::Scalar;

/// Milliseconds since the Unix epoch (the exchange's usual timestamp).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord, Default)]
pub struct Millis(pub i64);

impl Millis {
    /// The raw number of milliseconds since the Unix epoch.
    pub const fn as_millis(self) -> i64 {
        self.0
    }

    /// The instant as a [`SystemTime`]; `None` if the platform cannot represent it.
    pub fn to_system_time(self) -> Option<SystemTime> {
        offset_from_epoch(self.0.unsigned_abs(), self.0 < 0, Duration::from_millis)
    }
}

impl From<Millis> for i64 {
    fn from(v: Millis) -> Self {
        v.0
    }
}

/// Seconds since the Unix epoch (kline `idx`).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord, Default)]
pub struct Seconds(pub i64);

impl Seconds {
    /// The raw number of seconds since the Unix epoch.
    pub const fn as_secs(self) -> i64 {
        self.0
    }

    /// The instant as a [`SystemTime`]; `None` if the platform cannot represent it.
    pub fn to_system_time(self) -> Option<SystemTime> {
        offset_from_epoch(self.0.unsigned_abs(), self.0 < 0, Duration::from_secs)
    }

    /// The same instant in milliseconds (saturating at the `i64` range).
    pub const fn to_millis(self) -> Millis {
        Millis(self.0.saturating_mul(1000))
    }
}

/// A span of time in whole seconds (`remainingSecond`: the time left to the next funding), as
/// the wire counts it.
///
/// Signed, as the wire is: a server that sends a negative span is read, not refused, and
/// [`DurationSeconds::to_duration`] says there is no such duration.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord, Default)]
pub struct DurationSeconds(pub i64);

impl DurationSeconds {
    /// The raw number of seconds.
    pub const fn as_secs(self) -> i64 {
        self.0
    }

    /// The span as a [`Duration`]; `None` when it is negative.
    pub fn to_duration(self) -> Option<Duration> {
        u64::try_from(self.0).ok().map(Duration::from_secs)
    }
}

/// A span of time in whole milliseconds, as the wire counts it. Signed, as
/// [`DurationSeconds`] is.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord, Default)]
pub struct DurationMillis(pub i64);

impl DurationMillis {
    /// The raw number of milliseconds.
    pub const fn as_millis(self) -> i64 {
        self.0
    }

    /// The span as a [`Duration`]; `None` when it is negative.
    pub fn to_duration(self) -> Option<Duration> {
        u64::try_from(self.0).ok().map(Duration::from_millis)
    }
}

/// Date-time text without a zone, as servers send it (`2023-06-13T20:55:51`).
///
/// Kept as text: the interface does not say which zone it is in, so converting it would invent
/// information.
#[derive(Debug, Clone, PartialEq, Eq, Hash, PartialOrd, Ord, Default)]
pub struct LocalDateTime(pub String);

impl LocalDateTime {
    /// The text exactly as received.
    pub fn as_str(&self) -> &str {
        &self.0
    }
}

impl From<String> for LocalDateTime {
    fn from(v: String) -> Self {
        LocalDateTime(v)
    }
}

impl fmt::Display for LocalDateTime {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.0)
    }
}

fn offset_from_epoch(
    magnitude: u64,
    negative: bool,
    unit: fn(u64) -> Duration,
) -> Option<SystemTime> {
    let d = unit(magnitude);
    if negative {
        UNIX_EPOCH.checked_sub(d)
    } else {
        UNIX_EPOCH.checked_add(d)
    }
}

/// The integer types travel as their number, read as a number or its text, convert from an
/// `i64` and show as their number.
macro_rules! integer_wire {
    ($($t:ident => $expecting:literal),*) => {$(
        impl From<i64> for $t {
            fn from(v: i64) -> Self {
                $t(v)
            }
        }

        impl fmt::Display for $t {
            fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
                fmt::Display::fmt(&self.0, f)
            }
        }

        impl Serialize for $t {
            fn serialize<S: Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
                s.serialize_i64(self.0)
            }
        }

        impl<'de> Deserialize<'de> for $t {
            fn deserialize<D: Deserializer<'de>>(d: D) -> Result<Self, D::Error> {
                Wire::from_wire(d)
            }
        }

        impl Scalar for $t {
            const EXPECTING: &'static str = $expecting;
            fn from_text<E: de::Error>(s: &str) -> Result<Self, E> {
                i64::from_text(s).map($t)
            }
            fn from_i64<E: de::Error>(v: i64) -> Result<Self, E> {
                Ok($t(v))
            }
            fn from_u64<E: de::Error>(v: u64) -> Result<Self, E> {
                i64::from_u64(v).map($t)
            }
        }
    )*};
}

integer_wire!(
    Millis => "milliseconds since the epoch (number or numeric string)",
    Seconds => "seconds since the epoch (number or numeric string)",
    DurationSeconds => "a duration in seconds (number or numeric string)",
    DurationMillis => "a duration in milliseconds (number or numeric string)"
);

impl Serialize for LocalDateTime {
    fn serialize<S: Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        s.serialize_str(&self.0)
    }
}

impl<'de> Deserialize<'de> for LocalDateTime {
    fn deserialize<D: Deserializer<'de>>(d: D) -> Result<Self, D::Error> {
        Wire::from_wire(d)
    }
}

// What the wire carries: the forms every scalar takes (a number or its text), read by both
// decoders through these conversions.

impl Scalar for LocalDateTime {
    const EXPECTING: &'static str = "a date-time string";
    fn from_text<E: de::Error>(s: &str) -> Result<Self, E> {
        Ok(LocalDateTime(s.to_owned()))
    }
    fn from_owned<E: de::Error>(s: String) -> Result<Self, E> {
        Ok(LocalDateTime(s))
    }
}

/// Both decoders read these as any scalar.
macro_rules! wire_as_scalar {
    ($($t:ty),*) => {$(
        impl Wire for $t {
            fn from_wire<'de, D: Deserializer<'de>>(d: D) -> Result<Self, D::Error> {
                crate::wire::de::scalar(d)
            }
        }
    )*};
}

wire_as_scalar!(
    Millis,
    Seconds,
    DurationSeconds,
    DurationMillis,
    LocalDateTime
);

#[cfg(test)]
#[allow(clippy::unwrap_used)]
mod tests {
    use super::*;

    #[test]
    fn conversions() {
        assert_eq!(
            Seconds(1_700_000_000).to_millis(),
            Millis(1_700_000_000_000)
        );
        assert_eq!(Seconds(i64::MAX).to_millis(), Millis(i64::MAX));
        let t = Millis(1_500).to_system_time();
        assert_eq!(t, UNIX_EPOCH.checked_add(Duration::from_millis(1_500)));
        assert!(Millis(-1).to_system_time().is_some());
        assert_eq!(Millis(1607702400000).to_string(), "1607702400000");
        assert_eq!(
            LocalDateTime("2023-06-13T20:55:51".into()).as_str(),
            "2023-06-13T20:55:51"
        );
        assert_eq!(
            DurationSeconds(5205).to_duration(),
            Some(Duration::from_secs(5205))
        );
        assert_eq!(DurationSeconds(-1).to_duration(), None);
        assert_eq!(
            DurationMillis(1500).to_duration(),
            Some(Duration::from_millis(1500))
        );
        assert_eq!(DurationMillis(i64::MIN).to_duration(), None);
        // Must not panic at the extremes.
        let _ = Seconds(i64::MAX).to_system_time();
        let _ = Seconds(i64::MIN).to_system_time();
        let _ = Millis(i64::MIN).to_system_time();
    }

    #[test]
    fn serde_round_trip() {
        let m: Millis = serde_json::from_str("\"1607702400000\"").unwrap();
        assert_eq!(m, Millis(1607702400000));
        assert_eq!(serde_json::to_string(&m).unwrap(), "1607702400000");
        let s: Seconds = serde_json::from_str("1538728740").unwrap();
        assert_eq!(serde_json::to_string(&s).unwrap(), "1538728740");
        let d: DurationSeconds = serde_json::from_str("\"5205\"").unwrap();
        assert_eq!(d, DurationSeconds(5205));
        assert_eq!(serde_json::to_string(&d).unwrap(), "5205");
        let l: LocalDateTime = serde_json::from_str("\"2023-06-13T20:55:51\"").unwrap();
        assert_eq!(
            serde_json::to_string(&l).unwrap(),
            "\"2023-06-13T20:55:51\""
        );
    }
}
