//! How recorded frames are spaced when they are played again: by a replay's stream connections
//! ([`crate::replay`]) and by a recorded market source ([`crate::feeds::source`]).

use std::time::Duration;

use rust_decimal::Decimal;
use rust_decimal::prelude::ToPrimitive as _;

/// How a recording's frames are spaced.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub enum Pace {
    /// As recorded: each frame when it came, counted from the start.
    #[default]
    Recorded,
    /// `n` times the recorded pace (2: twice as fast; 0.5: half as fast).
    Times(Decimal),
    /// Each frame as soon as the previous one is done.
    Fast,
}

impl Pace {
    /// When a frame recorded `offset_ms` after the first is due, counted from the start; `None`
    /// at once.
    pub fn due(self, offset_ms: u64) -> Option<Duration> {
        match self {
            Pace::Recorded => Some(Duration::from_millis(offset_ms)),
            Pace::Times(x) if x > Decimal::ZERO => {
                let ms = Decimal::from(offset_ms) / x;
                Some(Duration::from_millis(ms.to_u64().unwrap_or(u64::MAX)))
            }
            Pace::Times(_) | Pace::Fast => None,
        }
    }
}

impl std::str::FromStr for Pace {
    type Err = String;

    /// `recorded`, `fast`, or a speed-up such as `10` or `2.5`.
    fn from_str(s: &str) -> Result<Pace, String> {
        match s {
            "recorded" => Ok(Pace::Recorded),
            "fast" => Ok(Pace::Fast),
            n => match n.parse::<Decimal>() {
                Ok(x) if x > Decimal::ZERO => Ok(Pace::Times(x)),
                _ => Err(format!(
                    "`{s}` is not a pace: `recorded`, `fast` or a positive speed-up such as 10"
                )),
            },
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn paces() {
        assert_eq!("recorded".parse(), Ok(Pace::Recorded));
        assert_eq!("fast".parse(), Ok(Pace::Fast));
        let ten: Pace = "10".parse().unwrap_or_default();
        assert_eq!(ten.due(5000), Some(Duration::from_millis(500)));
        let half: Pace = "0.5".parse().unwrap_or_default();
        assert_eq!(half.due(1000), Some(Duration::from_millis(2000)));
        assert_eq!(Pace::Recorded.due(7), Some(Duration::from_millis(7)));
        assert_eq!(Pace::Fast.due(7), None);
        assert!("0".parse::<Pace>().is_err());
        assert!("soon".parse::<Pace>().is_err());
    }
}
