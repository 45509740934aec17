//! The trade ledger a report carries: its round trips ([`RoundTrip`], paired from the fills by
//! `ledger`), as a value, CSV and JSON.

use rust_decimal::Decimal;
use serde::{Deserialize, Serialize};

use super::Report;

/// One round trip: an entry (or the part of it one closing order took) and its exit.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct RoundTrip {
    /// Contract.
    pub contract: String,
    /// The position: `long` or `short`.
    pub side: String,
    /// Contracts.
    pub volume: Decimal,
    /// The entry's first fill (ms).
    pub entry_time_ms: i64,
    /// The exit's last fill (ms).
    pub exit_time_ms: i64,
    /// Average entry price.
    pub entry_price: Decimal,
    /// Average exit price.
    pub exit_price: Decimal,
    /// Profit and loss after both fees, in the contract's margin coin.
    pub pnl: Decimal,
    /// The fees of its share of the entry and of the exit.
    pub fees: Decimal,
    /// `pnl` in percent of the entry's value (`None`: an entry of no value).
    pub return_pct: Option<f64>,
    /// `exit_time_ms − entry_time_ms`.
    pub duration_ms: i64,
    /// The opening order.
    pub entry_order_id: i64,
    /// The closing order.
    pub exit_order_id: i64,
}

/// The ledger's CSV columns, in order (the JSON's field names).
const COLUMNS: &str = "contract,side,volume,entry_time_ms,exit_time_ms,entry_price,exit_price,\
                       pnl,fees,return_pct,duration_ms,entry_order_id,exit_order_id";

impl Report {
    /// The round trips, in the order they closed (FIFO within each position; the module
    /// `ledger` says how fills pair up).
    pub fn trades(&self) -> &[RoundTrip] {
        &self.trades
    }

    /// The ledger as CSV: a header, then one round trip a line (decimals exact, times in ms
    /// since the epoch, an undefined return empty).
    pub fn trades_csv(&self) -> String {
        let mut out = String::from(COLUMNS);
        out.push('\n');
        for t in &self.trades {
            let ret = t.return_pct.map_or(String::new(), |r| r.to_string());
            out.push_str(&format!(
                "{},{},{},{},{},{},{},{},{},{ret},{},{},{}\n",
                csv_field(&t.contract),
                t.side,
                t.volume,
                t.entry_time_ms,
                t.exit_time_ms,
                t.entry_price,
                t.exit_price,
                t.pnl,
                t.fees,
                t.duration_ms,
                t.entry_order_id,
                t.exit_order_id
            ));
        }
        out
    }

    /// The ledger as a pretty JSON array (decimals as strings, exact).
    pub fn trades_json(&self) -> String {
        serde_json::to_string_pretty(&self.trades).unwrap_or_default()
    }
}

/// A CSV field, quoted when it holds a comma, a quote or a line break.
fn csv_field(s: &str) -> String {
    if s.contains([',', '"', '\n', '\r']) {
        format!("\"{}\"", s.replace('"', "\"\""))
    } else {
        s.to_owned()
    }
}
