//! Frames to rows: the export's tables in memory, before any file (pure, tested without one).

use contango::recording::Recording;
use contango::{MarketEvent, MarketMessage, MarketStreamApi, Side};
use rust_decimal::Decimal;

use super::ExportError;
use crate::feeds::source::market_frames;

/// One level of a depth snapshot.
#[derive(Debug, Clone, PartialEq)]
pub struct BookRow {
    /// The frame's line in its file (for errors; not exported).
    pub line: usize,
    /// The snapshot's exchange time, ms since the epoch.
    pub time_ms: i64,
    /// The contract as the market stream names it (`e_btcusdt`).
    pub contract: String,
    /// The channel's price aggregation (0: the exact book).
    pub step: i32,
    /// `bid` or `ask`.
    pub side: &'static str,
    /// 1 for the best level, then outwards.
    pub level: i32,
    /// The level's price.
    pub price: Decimal,
    /// Its size, in contracts.
    pub size: Decimal,
}

/// One trade.
#[derive(Debug, Clone, PartialEq)]
pub struct TradeRow {
    /// The frame's line in its file.
    pub line: usize,
    /// The trade's time (the frame's when the trade has none).
    pub time_ms: i64,
    /// The contract as the market stream names it.
    pub contract: String,
    /// The taker's side: `buy` or `sell` (another value as sent).
    pub side: String,
    /// The price.
    pub price: Decimal,
    /// The volume in contracts.
    pub volume: Decimal,
    /// The traded value, when sent.
    pub amount: Option<Decimal>,
    /// The trade id, when sent.
    pub id: Option<i64>,
}

/// One ticker frame (24 hour statistics); a field the frame lacks is null.
#[derive(Debug, Clone, PartialEq)]
pub struct TickerRow {
    /// The frame's line in its file.
    pub line: usize,
    /// The frame's exchange time.
    pub time_ms: i64,
    /// The contract as the market stream names it.
    pub contract: String,
    /// Open price 24 hours ago.
    pub open: Option<Decimal>,
    /// Highest price.
    pub high: Option<Decimal>,
    /// Lowest price.
    pub low: Option<Decimal>,
    /// Latest price.
    pub close: Option<Decimal>,
    /// Volume in contracts.
    pub volume: Option<Decimal>,
    /// Traded value.
    pub amount: Option<Decimal>,
    /// Price change as a fraction (-0.2922 is -29.22 %).
    pub change: Option<Decimal>,
}

/// The three tables, rows in recording order.
#[derive(Debug, Clone, Default, PartialEq)]
pub struct Tables {
    /// `book_levels`.
    pub book: Vec<BookRow>,
    /// `trades`.
    pub trades: Vec<TradeRow>,
    /// `tickers`.
    pub tickers: Vec<TickerRow>,
}

impl Tables {
    /// The rows of `recording`'s market-stream frames. Candles and channels the spec does not
    /// list are left out (a candle is the trades summed); a frame that does not decode is
    /// refused at its line rather than skipped, so an export never silently lacks data.
    pub fn from_recording(recording: &Recording) -> Result<Tables, ExportError> {
        let frames = market_frames(recording);
        if frames.is_empty() {
            return Err(ExportError::NoMarket);
        }
        let mut tables = Tables::default();
        for f in frames {
            let line = usize::try_from(f.entry)
                .ok()
                .and_then(|i| recording.entries.get(i))
                .map_or(0, |e| e.line);
            match MarketStreamApi::decode_frame(&f.bytes) {
                Ok(MarketMessage::Event(event)) => tables.add(line, event),
                Ok(_) => {}
                Err(e) => {
                    return Err(ExportError::Frame {
                        line,
                        message: e.to_string(),
                    });
                }
            }
        }
        Ok(tables)
    }

    /// Adds one event's rows.
    fn add(&mut self, line: usize, event: MarketEvent) {
        match event {
            MarketEvent::Depth(d) => {
                let sides = [("bid", d.tick.buys), ("ask", d.tick.asks)];
                for (side, levels) in sides {
                    for (n, l) in levels.into_iter().enumerate() {
                        self.book.push(BookRow {
                            line,
                            time_ms: d.ts.0,
                            contract: d.channel.symbol.clone(),
                            step: d.channel.step,
                            side,
                            level: i32::try_from(n + 1).unwrap_or(i32::MAX),
                            price: l.price,
                            size: l.quantity,
                        });
                    }
                }
            }
            MarketEvent::Trades(t) => {
                for trade in t.tick.data {
                    self.trades.push(TradeRow {
                        line,
                        time_ms: trade.ts.map_or(t.ts.0, |ts| ts.0),
                        contract: t.channel.symbol.clone(),
                        side: match trade.side {
                            Side::Buy => "buy".to_owned(),
                            Side::Sell => "sell".to_owned(),
                            Side::Other(s) => s,
                        },
                        price: trade.price,
                        volume: trade.vol,
                        amount: trade.amount,
                        id: trade.id,
                    });
                }
            }
            MarketEvent::Ticker(t) => self.tickers.push(TickerRow {
                line,
                time_ms: t.ts.0,
                contract: t.channel.symbol,
                open: t.tick.open,
                high: t.tick.high,
                low: t.tick.low,
                close: t.tick.close,
                volume: t.tick.vol,
                amount: t.tick.amount,
                change: t.tick.rose,
            }),
            _ => {}
        }
    }
}

/// The precision of every decimal column: the most digits an INT64 always holds.
pub const PRECISION: u32 = 18;

/// A decimal column made ready for DECIMAL(18, scale) over INT64: its scale, the values
/// rescaled to it (present ones only, as Parquet stores them), and for an optional column
/// whether each row has one.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Scaled {
    /// The largest scale among the values (0 for a column without any).
    pub scale: u32,
    /// The present values, `value × 10^scale`, exactly.
    pub values: Vec<i64>,
    /// Per row, 1 when it has a value and 0 when null.
    pub defined: Vec<i16>,
}

/// Rescales `column` (a row's line beside each value, for the error) of `table` to its largest
/// scale, refusing a value whose digits do not fit rather than rounding it.
pub fn scaled(
    table: &'static str,
    column: &'static str,
    values: &[(usize, Option<Decimal>)],
) -> Result<Scaled, ExportError> {
    let scale = values
        .iter()
        .filter_map(|(_, v)| v.map(|d| d.scale()))
        .max()
        .unwrap_or(0);
    let limit = 10i128.pow(PRECISION) - 1;
    let mut out = Scaled {
        scale,
        values: Vec::with_capacity(values.len()),
        defined: Vec::with_capacity(values.len()),
    };
    for (line, v) in values {
        let Some(d) = v else {
            out.defined.push(0);
            continue;
        };
        let fits = 10i128
            .checked_pow(scale - d.scale())
            .and_then(|f| d.mantissa().checked_mul(f))
            .filter(|m| m.abs() <= limit && scale <= PRECISION)
            .and_then(|m| i64::try_from(m).ok());
        let Some(m) = fits else {
            return Err(ExportError::DoesNotFit {
                table,
                column,
                value: d.to_string(),
                precision: PRECISION,
                scale,
                line: *line,
            });
        };
        out.values.push(m);
        out.defined.push(1);
    }
    Ok(out)
}
