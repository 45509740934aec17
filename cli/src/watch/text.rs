//! Text the views share: decimals, ages, clock times and a stream's notices as people write them.

use std::time::{Duration, SystemTime, UNIX_EPOCH};

use rust_decimal::Decimal;

/// A decimal without trailing zeros (`29990.50` → `29990.5`); `-` for none.
pub(crate) fn num(d: Option<Decimal>) -> String {
    d.map_or_else(|| "-".to_owned(), |d| d.normalize().to_string())
}

/// An age in the largest fitting unit, one decimal below a minute (`2.4 s`, `3 min`).
pub(crate) fn age(d: Duration) -> String {
    let s = d.as_secs();
    match s {
        0..60 => format!("{:.1} s", d.as_secs_f64()),
        60..3600 => format!("{} min {} s", s / 60, s % 60),
        _ => format!("{} h {} min", s / 3600, s % 3600 / 60),
    }
}

/// The age at `now_ms` of what happened at `at_ms` (both Unix milliseconds).
pub(crate) fn since(at_ms: i64, now_ms: i64) -> String {
    age(Duration::from_millis(
        u64::try_from(now_ms.saturating_sub(at_ms)).unwrap_or(0),
    ))
}

/// What a view says of a stream's `gap`, `disconnected` or `error` line.
pub(crate) fn notice(line: &serde_json::Value) -> String {
    let field = |key: &str| line[key].as_str().unwrap_or_default().to_owned();
    match field("type").as_str() {
        "gap" => format!(
            "gap: {} (the next snapshot replaces the book)",
            field("reason")
        ),
        "disconnected" => format!("disconnected: {}", field("reason")),
        "error" => format!("stream error: {}", field("message")),
        _ => format!("stream: {line}"),
    }
}

/// The UTC time of day of a Unix time in milliseconds (`14:03:22.125`).
pub(crate) fn clock_ms(ms: i64) -> String {
    let day = ms.rem_euclid(86_400_000);
    format!(
        "{:02}:{:02}:{:02}.{:03}",
        day / 3_600_000,
        day / 60_000 % 60,
        day / 1000 % 60,
        day % 1000
    )
}

/// The local clock as Unix milliseconds.
pub(crate) fn now_ms() -> i64 {
    SystemTime::now()
        .duration_since(UNIX_EPOCH)
        .ok()
        .and_then(|d| i64::try_from(d.as_millis()).ok())
        .unwrap_or(0)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn times_and_ages_read_as_people_write_them() {
        assert_eq!(clock_ms(1_795_419_735_003), "07:42:15.003");
        assert_eq!(age(Duration::from_millis(2_440)), "2.4 s");
        assert_eq!(age(Duration::from_secs(185)), "3 min 5 s");
        assert_eq!(num(Some(Decimal::new(2999050, 2))), "29990.5");
        assert_eq!(num(None), "-");
    }
}
