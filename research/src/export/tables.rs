//! Events to rows (pure, tested without a file): each table's columns, each row an event makes
//! as its cells, and each decimal column's scale, the largest it holds, checked to fit.

use contango::{MarketEvent, Side};
use rust_decimal::Decimal;

use super::{ExportError, Place};

/// How a column is stored.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(super) enum Kind {
    /// INT64.
    Int64,
    /// INT32.
    Int32,
    /// UTF-8 text.
    Text,
    /// INT64, null where a row has none.
    OptInt64,
    /// DECIMAL(18, scale) over INT64, in every row.
    Decimal,
    /// The same, null where a row has none.
    OptDecimal,
}

/// A table: its name, its file and its columns.
#[derive(Debug)]
pub(super) struct Table {
    /// `trades`.
    pub name: &'static str,
    /// `trades.parquet`.
    pub file: &'static str,
    /// Each column's name and kind, in order.
    pub columns: &'static [(&'static str, Kind)],
}

/// The three tables, in the order of [`super::FILES`]: one row per book level of each depth
/// snapshot, per trade, per ticker frame.
pub(super) const TABLES: [Table; 3] = [
    Table {
        name: "book_levels",
        file: "book_levels.parquet",
        columns: &[
            ("time_ms", Kind::Int64),
            ("contract", Kind::Text),
            ("step", Kind::Int32),
            ("side", Kind::Text),
            ("level", Kind::Int32),
            ("price", Kind::Decimal),
            ("size", Kind::Decimal),
        ],
    },
    Table {
        name: "trades",
        file: "trades.parquet",
        columns: &[
            ("time_ms", Kind::Int64),
            ("contract", Kind::Text),
            ("side", Kind::Text),
            ("price", Kind::Decimal),
            ("volume", Kind::Decimal),
            ("amount", Kind::OptDecimal),
            ("id", Kind::OptInt64),
        ],
    },
    Table {
        name: "tickers",
        file: "tickers.parquet",
        columns: &[
            ("time_ms", Kind::Int64),
            ("contract", Kind::Text),
            ("open", Kind::OptDecimal),
            ("high", Kind::OptDecimal),
            ("low", Kind::OptDecimal),
            ("close", Kind::OptDecimal),
            ("volume", Kind::OptDecimal),
            ("amount", Kind::OptDecimal),
            ("change", Kind::OptDecimal),
        ],
    },
];

/// One cell of a row, as its column's kind holds it.
#[derive(Debug, Clone, Copy, PartialEq)]
pub(super) enum Cell<'a> {
    /// An INT64.
    Int64(i64),
    /// An INT32.
    Int32(i32),
    /// Text.
    Text(&'a str),
    /// An INT64 or null.
    OptInt64(Option<i64>),
    /// A decimal (or null, in an optional column).
    Decimal(Option<Decimal>),
}

/// Hands `row` each row `event` makes, with its table's place in [`TABLES`], in order: a depth
/// snapshot's levels (`bid` then `ask`, 1 for the best, then outwards; its exchange time, its
/// contract as the market stream names it, `e_btcusdt`, its channel's price step), a trade's
/// (its own time, else the frame's; the taker's side, `buy`, `sell` or another as sent), a
/// ticker's (24-hour figures, a field the frame lacks null; `change` is a fraction, -0.2922 for
/// -29.22 %). Candles and channels the spec does not list make none: a candle is the trades
/// summed.
pub(super) fn rows<E>(
    event: &MarketEvent,
    mut row: impl FnMut(usize, &[Cell<'_>]) -> Result<(), E>,
) -> Result<(), E> {
    match event {
        MarketEvent::Depth(d) => {
            for (side, levels) in [("bid", &d.tick.buys), ("ask", &d.tick.asks)] {
                for (n, l) in levels.iter().enumerate() {
                    row(
                        0,
                        &[
                            Cell::Int64(d.ts.0),
                            Cell::Text(&d.channel.symbol),
                            Cell::Int32(d.channel.step),
                            Cell::Text(side),
                            Cell::Int32(i32::try_from(n + 1).unwrap_or(i32::MAX)),
                            Cell::Decimal(Some(l.price)),
                            Cell::Decimal(Some(l.quantity)),
                        ],
                    )?;
                }
            }
        }
        MarketEvent::Trades(t) => {
            for trade in &t.tick.data {
                let side = match &trade.side {
                    Side::Buy => "buy",
                    Side::Sell => "sell",
                    Side::Other(s) => s,
                };
                row(
                    1,
                    &[
                        Cell::Int64(trade.ts.map_or(t.ts.0, |ts| ts.0)),
                        Cell::Text(&t.channel.symbol),
                        Cell::Text(side),
                        Cell::Decimal(Some(trade.price)),
                        Cell::Decimal(Some(trade.vol)),
                        Cell::Decimal(trade.amount),
                        Cell::OptInt64(trade.id),
                    ],
                )?;
            }
        }
        MarketEvent::Ticker(t) => {
            let k = &t.tick;
            row(
                2,
                &[
                    Cell::Int64(t.ts.0),
                    Cell::Text(&t.channel.symbol),
                    Cell::Decimal(k.open),
                    Cell::Decimal(k.high),
                    Cell::Decimal(k.low),
                    Cell::Decimal(k.close),
                    Cell::Decimal(k.vol),
                    Cell::Decimal(k.amount),
                    Cell::Decimal(k.rose),
                ],
            )?;
        }
        _ => {}
    }
    Ok(())
}

/// The precision of every decimal column: the most digits an INT64 always holds.
pub const PRECISION: u32 = 18;

/// What a decimal column holds, seen value by value: the largest scale, and the value with the
/// most digits before the point, each with its entry (the first one, for a tie).
#[derive(Debug, Clone, Copy, Default)]
pub(super) struct Widest {
    /// The largest scale, and the first value of it.
    deepest: Option<(u32, u64, Decimal)>,
    /// The most digits before the point (negative for a value below 0.1), and the first value
    /// with them.
    widest: Option<(i64, u64, Decimal)>,
}

impl Widest {
    /// Notes `d`, of the entry `entry`.
    pub(super) fn note(&mut self, entry: u64, d: Decimal) {
        if self.deepest.is_none_or(|(scale, ..)| d.scale() > scale) {
            self.deepest = Some((d.scale(), entry, d));
        }
        let digits = d
            .mantissa()
            .unsigned_abs()
            .checked_ilog10()
            .map_or(0, |n| n + 1);
        let width = i64::from(digits) - i64::from(d.scale());
        if self.widest.is_none_or(|(w, ..)| width > w) {
            self.widest = Some((width, entry, d));
        }
    }

    /// The column's scale, the largest it holds (0 without a value), or the value that would
    /// not fit DECIMAL(18, scale) once rescaled, refused with its file and line (`place_of` its
    /// entry)
    /// rather than rounded.
    pub(super) fn scale(
        &self,
        table: &'static str,
        column: &'static str,
        place_of: &dyn Fn(u64) -> Place,
    ) -> Result<u32, ExportError> {
        let scale = self.deepest.map_or(0, |(scale, ..)| scale);
        // A value of `w` digits before the point takes `w + scale` digits rescaled.
        let refused = match (self.deepest, self.widest) {
            (Some((_, entry, d)), _) if scale > PRECISION => Some((entry, d)),
            (_, Some((w, entry, d))) if w + i64::from(scale) > i64::from(PRECISION) => {
                Some((entry, d))
            }
            _ => None,
        };
        match refused {
            Some((entry, d)) => {
                let Place { file, line } = place_of(entry);
                Err(ExportError::DoesNotFit {
                    table,
                    column,
                    value: d.to_string(),
                    precision: PRECISION,
                    scale,
                    file,
                    line,
                })
            }
            None => Ok(scale),
        }
    }
}

/// `d × 10^scale`, exactly, when it fits an INT64 (a column's values fit once
/// [`Widest::scale`] has passed it).
pub(super) fn rescaled(d: Decimal, scale: u32) -> Option<i64> {
    let factor = 10i128.checked_pow(scale.checked_sub(d.scale())?)?;
    i64::try_from(d.mantissa().checked_mul(factor)?).ok()
}
