//! The terminal side of `contango watch`: a view redrawn in place on the terminal's alternate
//! screen (as `top` and `watch` do, so the shell's lines come back when it ends), plus what the
//! two views share to lay out text: aligned columns, decimals, ages and clock times. Plain ANSI
//! sequences; no terminal library.

use std::io::Write;
use std::time::{Duration, SystemTime, UNIX_EPOCH};

use rust_decimal::Decimal;

use crate::failure::Failure;

/// The alternate screen with the cursor hidden; both are restored on drop, so an error or a
/// signal leaves the terminal as it was.
#[derive(Debug)]
pub(super) struct Screen {
    _private: (),
}

impl Screen {
    /// Switches to the alternate screen.
    pub(super) fn enter() -> Result<Screen, Failure> {
        write_out("\x1b[?1049h\x1b[?25l")?;
        Ok(Screen { _private: () })
    }

    /// Replaces what is shown by `lines`: from the top left, each line cleared to its end, and
    /// everything below the last cleared (no flicker of a full clear).
    pub(super) fn draw(&mut self, lines: &[String]) -> Result<(), Failure> {
        let mut frame = String::from("\x1b[H");
        for line in lines {
            frame.push_str(line);
            frame.push_str("\x1b[K\n");
        }
        frame.push_str("\x1b[J");
        write_out(&frame)
    }
}

impl Drop for Screen {
    fn drop(&mut self) {
        let _ = write_out("\x1b[?25h\x1b[?1049l");
    }
}

fn write_out(text: &str) -> Result<(), Failure> {
    let mut out = std::io::stdout().lock();
    out.write_all(text.as_bytes())
        .and_then(|()| out.flush())
        .map_err(|e| Failure::Other(format!("cannot write to the terminal: {e}")))
}

/// Bold text.
pub(super) fn bold(s: &str) -> String {
    format!("\x1b[1m{s}\x1b[0m")
}

/// Text in an ANSI colour (31 red, 32 green, 33 yellow), bold.
pub(super) fn colour(code: u8, s: &str) -> String {
    format!("\x1b[1;{code}m{s}\x1b[0m")
}

/// How a column is aligned.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(super) enum Align {
    /// Text.
    Left,
    /// Numbers.
    Right,
}

/// Rows under a header, each column as wide as its widest cell, two spaces apart.
pub(super) fn columns(header: &[(&str, Align)], rows: &[Vec<String>]) -> Vec<String> {
    let mut widths: Vec<usize> = header.iter().map(|(h, _)| h.chars().count()).collect();
    for row in rows {
        for (w, cell) in widths.iter_mut().zip(row) {
            *w = (*w).max(cell.chars().count());
        }
    }
    let line = |cells: Vec<&str>| {
        let padded: Vec<String> = cells
            .iter()
            .zip(header.iter().zip(&widths))
            .map(|(c, ((_, align), w))| match align {
                Align::Left => format!("{c:<w$}"),
                Align::Right => format!("{c:>w$}"),
            })
            .collect();
        padded.join("  ").trim_end().to_owned()
    };
    let mut out = vec![line(header.iter().map(|(h, _)| *h).collect())];
    out.extend(
        rows.iter()
            .map(|r| line(r.iter().map(String::as_str).collect())),
    );
    out
}

/// A decimal without trailing zeros (`29990.50` → `29990.5`); `-` for none.
pub(super) fn num(d: Option<Decimal>) -> String {
    d.map_or_else(|| "-".to_owned(), |d| d.normalize().to_string())
}

/// An age in the largest fitting unit, one decimal below a minute (`2.4 s`, `3 min`).
pub(super) fn age(d: Duration) -> String {
    let s = d.as_secs();
    match s {
        0..60 => format!("{:.1} s", d.as_secs_f64()),
        60..3600 => format!("{} min {} s", s / 60, s % 60),
        _ => format!("{} h {} min", s / 3600, s % 3600 / 60),
    }
}

/// The UTC time of day of a Unix time in milliseconds (`14:03:22.125`).
pub(super) fn clock_ms(ms: i64) -> String {
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
pub(super) fn now_ms() -> i64 {
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
    fn columns_are_as_wide_as_their_widest_cell_and_numbers_align_right() {
        let rows = vec![
            vec!["E-BTC-USDT".to_owned(), "3".to_owned()],
            vec!["E-ETH-USDT".to_owned(), "120.5".to_owned()],
        ];
        let lines = columns(
            &[("contract", Align::Left), ("volume", Align::Right)],
            &rows,
        );
        assert_eq!(
            lines,
            [
                "contract    volume",
                "E-BTC-USDT       3",
                "E-ETH-USDT   120.5"
            ]
        );
    }

    #[test]
    fn times_and_ages_read_as_people_write_them() {
        assert_eq!(clock_ms(1_795_419_735_003), "07:42:15.003");
        assert_eq!(age(Duration::from_millis(2_440)), "2.4 s");
        assert_eq!(age(Duration::from_secs(185)), "3 min 5 s");
        assert_eq!(num(Some(Decimal::new(2999050, 2))), "29990.5");
        assert_eq!(num(None), "-");
    }
}
