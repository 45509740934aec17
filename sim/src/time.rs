//! Exchange times as text: the local date-time positions and forced orders carry, and the
//! market stream's `ds`; and durations as a person writes them on a command line.

use std::time::Duration;

/// A duration as a person writes it: a whole number with a unit, `250ms`, `10s`, `5m`, `6h`,
/// `1d`, or bare seconds. The one reader of the simulator's and the command line's duration
/// options.
pub fn parse_duration(text: &str) -> Result<Duration, String> {
    let v = text.trim();
    let bad = || format!("invalid duration `{text}`: a whole number with ms, s, m, h or d");
    let units: [(&str, u64); 5] = [
        ("ms", 1),
        ("s", 1000),
        ("m", 60_000),
        ("h", 3_600_000),
        ("d", 86_400_000),
    ];
    let (number, scale) = units
        .iter()
        .find_map(|(unit, scale)| v.strip_suffix(unit).map(|n| (n, *scale)))
        .unwrap_or((v, 1000));
    if !number.bytes().all(|b| b.is_ascii_digit()) {
        return Err(bad());
    }
    let n: u64 = number.parse().map_err(|_| bad())?;
    n.checked_mul(scale)
        .map(Duration::from_millis)
        .ok_or_else(bad)
}

/// `YYYY-MM-DDTHH:MM:SS` (UTC) for `ms` since the epoch: the local date-time text positions and
/// forced orders carry.
pub fn local_datetime(ms: i64) -> String {
    let secs = ms.div_euclid(1000);
    let days = secs.div_euclid(86_400);
    let rem = secs.rem_euclid(86_400);
    let (y, m, d) = civil_from_days(days);
    format!(
        "{y:04}-{m:02}-{d:02}T{:02}:{:02}:{:02}",
        rem / 3600,
        (rem % 3600) / 60,
        rem % 60
    )
}

/// Howard Hinnant's days-to-civil algorithm (proleptic Gregorian calendar).
fn civil_from_days(z: i64) -> (i64, i64, i64) {
    let z = z + 719_468;
    let era = z.div_euclid(146_097);
    let doe = z.rem_euclid(146_097);
    let yoe = (doe - doe / 1460 + doe / 36_524 - doe / 146_096) / 365;
    let y = yoe + era * 400;
    let doy = doe - (365 * yoe + yoe / 4 - yoe / 100);
    let mp = (5 * doy + 2) / 153;
    let d = doy - (153 * mp + 2) / 5 + 1;
    let m = if mp < 10 { mp + 3 } else { mp - 9 };
    (if m <= 2 { y + 1 } else { y }, m, d)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn datetime_text() {
        assert_eq!(local_datetime(0), "1970-01-01T00:00:00");
        assert_eq!(local_datetime(1_686_688_551_000), "2023-06-13T20:35:51");
        assert_eq!(local_datetime(951_782_400_000), "2000-02-29T00:00:00");
    }

    #[test]
    fn durations() {
        assert_eq!(parse_duration("250ms"), Ok(Duration::from_millis(250)));
        assert_eq!(parse_duration("10s"), Ok(Duration::from_secs(10)));
        assert_eq!(parse_duration("7"), Ok(Duration::from_secs(7)));
        assert_eq!(parse_duration("5m"), Ok(Duration::from_secs(300)));
        assert_eq!(parse_duration("6h"), Ok(Duration::from_secs(6 * 3600)));
        assert_eq!(parse_duration("2d"), Ok(Duration::from_secs(2 * 86_400)));
        assert!(parse_duration("1.5s").is_err());
        assert!(parse_duration("-3s").is_err());
        assert!(parse_duration("+3s").is_err());
        assert!(parse_duration("s").is_err());
        assert!(parse_duration("5 weeks").is_err());
        assert!(parse_duration("99999999999999999h").is_err());
    }
}
