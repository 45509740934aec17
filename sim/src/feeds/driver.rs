//! The market driver's feed: reads its price path file before the venue starts, then sends the
//! core a step every `step` (the step's rules: [`crate::exchange::driver`]).
//!
//! **Price path files** (`MarketDriver::price_path_csv`): one `time,price` pair a line, `time`
//! in milliseconds since the driver started (non-decreasing), `price` a positive decimal. Empty
//! lines and lines starting with `#` are skipped, as is a first line that does not start with a
//! number (a header).

use std::sync::Arc;

use rust_decimal::Decimal;

use crate::config::driver::MarketDriver;
use crate::exchange::input::Input;
use crate::venue::Venue;

/// The driver with its price path file read (a malformed file is refused, with its line).
pub fn load(driver: MarketDriver) -> Result<MarketDriver, String> {
    let Some(file) = driver.path_file() else {
        return Ok(driver);
    };
    let text = std::fs::read_to_string(file).map_err(|e| format!("{}: {e}", file.display()))?;
    let points = parse_path(&text).map_err(|e| format!("{}: {e}", file.display()))?;
    Ok(driver.with_points(points))
}

/// Sends a step every `driver`'s interval until the task is aborted.
pub async fn run(driver: MarketDriver, venue: Arc<Venue>) {
    let mut tick = tokio::time::interval(driver.step_interval());
    tick.set_missed_tick_behavior(tokio::time::MissedTickBehavior::Delay);
    tick.tick().await;
    loop {
        tick.tick().await;
        let time = venue.clock.now();
        if let Err(e) = venue.submit(Input::DriverStep { time }) {
            tracing::debug!(error = %e, "market driver step");
        }
    }
}

/// Reads a price path file (format in the module docs).
pub fn parse_path(text: &str) -> Result<Vec<(u64, Decimal)>, String> {
    let mut points: Vec<(u64, Decimal)> = Vec::new();
    for (n, line) in text.lines().enumerate() {
        let line = line.trim();
        if line.is_empty() || line.starts_with('#') {
            continue;
        }
        let header = n == 0 && !line.starts_with(|c: char| c.is_ascii_digit());
        if header {
            continue;
        }
        let at = |what: &str| format!("line {}: {what}", n + 1);
        let (time, price) = line
            .split_once(',')
            .ok_or_else(|| at("expected `time,price`"))?;
        let time: u64 = time
            .trim()
            .parse()
            .map_err(|_| at("time must be whole milliseconds"))?;
        let price: Decimal = price
            .trim()
            .parse()
            .map_err(|_| at("price must be a decimal"))?;
        if price <= Decimal::ZERO {
            return Err(at("price must be positive"));
        }
        if points.last().is_some_and(|(t, _)| *t > time) {
            return Err(at("times must not decrease"));
        }
        points.push((time, price));
    }
    if points.is_empty() {
        return Err("no `time,price` line".into());
    }
    Ok(points)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn path_files() {
        let p = parse_path("time,price\n# comment\n0,30000\n\n1000, 29000.5\n1000,28000\n")
            .expect("parses");
        assert_eq!(p.len(), 3);
        assert_eq!(p[1], (1000, "29000.5".parse().expect("decimal")));
        assert!(parse_path("").is_err());
        assert_eq!(
            parse_path("0,1\n5,x"),
            Err("line 2: price must be a decimal".into())
        );
        assert_eq!(
            parse_path("0,1\n5,-1"),
            Err("line 2: price must be positive".into())
        );
        assert_eq!(
            parse_path("5,1\n0,1"),
            Err("line 2: times must not decrease".into())
        );
        assert_eq!(
            parse_path("0;1"),
            Err("line 1: expected `time,price`".into())
        );
    }
}
