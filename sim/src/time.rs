//! Exchange times as text: the local date-time positions and forced orders carry, and the
//! market stream's `ds`.

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
}
