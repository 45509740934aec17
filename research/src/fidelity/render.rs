//! A fidelity report as a person reads it (a verdict table and the summary), as JSON lines for
//! tools, and both PnL curves as a chart.

use std::collections::{BTreeMap, HashMap};
use std::fmt;
use std::path::Path;

use contango::OrderTradeUpdate;
use rust_decimal::Decimal;

use super::session::Session;
use super::{FidelityError, FidelityReport};
use contango_sim::exchange::market::channel_symbol;

/// At most this many points on the curve (evenly spaced over the events).
const POINTS: usize = 2_000;

/// What moves a side's PnL: a fill, or a new price.
enum Move {
    Fill {
        live: bool,
        symbol: String,
        signed: Decimal,
        price: Decimal,
        fee: Decimal,
    },
    Price {
        symbol: String,
        price: Decimal,
    },
}

/// One side's account as the curve follows it.
#[derive(Default)]
struct Book {
    cash: Decimal,
    position: HashMap<String, Decimal>,
}

impl Book {
    fn worth(&self, prices: &HashMap<String, Decimal>) -> Decimal {
        self.cash
            + self
                .position
                .iter()
                .map(|(s, p)| *p * prices.get(s).copied().unwrap_or_default())
                .sum::<Decimal>()
    }
}

/// The fills of one order's updates: `(exchange ms, symbol, signed volume, price, fee)`.
fn fills(updates: &[OrderTradeUpdate]) -> Vec<(i64, String, Decimal, Decimal, Decimal)> {
    let mut fee_so_far = Decimal::ZERO;
    let mut out = Vec::new();
    for u in updates {
        let o = &u.order;
        let fee = o.fee.map_or(fee_so_far, |f| f.abs());
        let last = o.last_filled_quantity.unwrap_or_default();
        if last > Decimal::ZERO {
            let buy = o.side == Some(contango::Side::Buy);
            let signed = if buy { last } else { -last };
            let price = o.last_filled_price.unwrap_or_default();
            out.push((
                u.event_time.0,
                channel_symbol(&o.symbol),
                signed,
                price,
                fee - fee_so_far,
            ));
        }
        fee_so_far = fee;
    }
    out
}

/// Both sides' PnL over time: at each fill and each price of the session, evenly thinned.
pub(super) fn curve(
    session: &Session,
    sim: &HashMap<String, Vec<OrderTradeUpdate>>,
) -> Vec<(i64, Decimal, Decimal)> {
    let mut moves: BTreeMap<(i64, usize), Move> = BTreeMap::new();
    let mut n = 0;
    let mut add = |t: i64, m: Move| {
        moves.insert((t, n), m);
        n += 1;
    };
    for (live, updates) in session
        .live_updates
        .values()
        .map(|u| (true, u))
        .chain(sim.values().map(|u| (false, u)))
    {
        for (t, symbol, signed, price, fee) in fills(updates) {
            add(
                t,
                Move::Fill {
                    live,
                    symbol,
                    signed,
                    price,
                    fee,
                },
            );
        }
    }
    for (t, symbol, price) in &session.prices {
        add(
            *t,
            Move::Price {
                symbol: symbol.clone(),
                price: *price,
            },
        );
    }
    let every = moves.len().div_ceil(POINTS).max(1);
    let (mut live, mut simulated) = (Book::default(), Book::default());
    let mut prices: HashMap<String, Decimal> = HashMap::new();
    let mut out = Vec::new();
    let last = moves.len().saturating_sub(1);
    for (i, ((t, _), m)) in moves.into_iter().enumerate() {
        match m {
            Move::Fill {
                live: is_live,
                symbol,
                signed,
                price,
                fee,
            } => {
                let book = if is_live { &mut live } else { &mut simulated };
                book.cash -= signed * price + fee;
                *book.position.entry(symbol.clone()).or_default() += signed;
                prices.entry(symbol).or_insert(price);
            }
            Move::Price { symbol, price } => {
                prices.insert(symbol, price);
            }
        }
        if i % every == 0 || i == last {
            out.push((t, live.worth(&prices), simulated.worth(&prices)));
        }
    }
    out
}

impl FidelityReport {
    /// One JSON object per order (`client_order_id`, `order_id`, `live`, `sim`, `verdict`, and
    /// the fee and time differences), then the summary object (with the setup, models and
    /// limits), one a line.
    pub fn to_json_lines(&self) -> String {
        let mut out = String::new();
        for o in &self.orders {
            out.push_str(&serde_json::to_string(o).unwrap_or_default());
            out.push('\n');
        }
        let mut summary = serde_json::to_value(&self.summary).unwrap_or_default();
        if let Some(map) = summary.as_object_mut() {
            map.insert("latency".into(), self.latency.clone().into());
            map.insert("queue_model".into(), self.queue_model.clone().into());
            map.insert("setup".into(), self.setup.clone().into());
            map.insert("limits".into(), self.limits.clone().into());
        }
        out.push_str(&summary.to_string());
        out.push('\n');
        out
    }

    /// Draws both PnL curves, live and simulated, to the SVG file `path`.
    pub fn plot(&self, path: impl AsRef<Path>) -> Result<(), FidelityError> {
        let path = path.as_ref();
        let caption = format!(
            "PnL, live and simulated: gap {} ({})",
            self.summary.gap.round_dp(4),
            self.summary
                .gap_bps
                .map_or_else(|| "no live notional".to_owned(), |b| format!("{b:.2} bps"))
        );
        crate::report::plot::curves(
            path,
            &caption,
            &[
                ("live", self.curve.iter().map(|p| (p.0, p.1)).collect()),
                ("simulated", self.curve.iter().map(|p| (p.0, p.2)).collect()),
            ],
        )
        .map_err(|message| FidelityError::Plot {
            path: path.to_path_buf(),
            message,
        })
    }
}

fn cell(d: Option<Decimal>) -> String {
    d.map_or_else(|| "-".to_owned(), |d| d.normalize().to_string())
}

impl fmt::Display for FidelityReport {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        writeln!(
            f,
            "{:<24} {:<14} {:<8} {:>10} {:>12} {:>10} {:>12} {:<10} {:<10}",
            "client order id",
            "contract",
            "verdict",
            "live vol",
            "live price",
            "sim vol",
            "sim price",
            "live",
            "sim"
        )?;
        for o in self
            .orders
            .iter()
            .filter(|o| o.verdict != super::Verdict::Agree)
        {
            writeln!(
                f,
                "{:<24} {:<14} {:<8} {:>10} {:>12} {:>10} {:>12} {:<10} {:<10}",
                o.client_order_id,
                o.contract,
                o.verdict.name(),
                o.live.filled.normalize(),
                cell(o.live.average_price),
                o.sim.filled.normalize(),
                cell(o.sim.average_price),
                o.live.status,
                o.sim.status,
            )?;
        }
        let s = &self.summary;
        if s.agree > 0 {
            writeln!(
                f,
                "({} order(s) that agree not listed; --json lists every order)",
                s.agree
            )?;
        }
        writeln!(f)?;
        writeln!(
            f,
            "orders {}: agree {}, price {}, missed {}, extra {}, status {}",
            s.orders, s.agree, s.price, s.missed, s.extra, s.status
        )?;
        if let (Some(mean), Some(p95)) = (s.price_difference_bps_mean, s.price_difference_bps_p95) {
            writeln!(f, "price difference: mean {mean:.2} bps, p95 {p95:.2} bps")?;
        }
        writeln!(
            f,
            "pnl live {}, simulated {}, gap {} ({})",
            s.pnl_live.round_dp(6).normalize(),
            s.pnl_sim.round_dp(6).normalize(),
            s.gap.round_dp(6).normalize(),
            s.gap_bps
                .map_or_else(|| "no live notional".to_owned(), |b| format!("{b:.2} bps"))
        )?;
        let p = &s.gap_parts;
        writeln!(
            f,
            "gap by cause: missed {}, extra {}, price {}, fees {}",
            p.missed.round_dp(6).normalize(),
            p.extra.round_dp(6).normalize(),
            p.price.round_dp(6).normalize(),
            p.fees.round_dp(6).normalize()
        )?;
        writeln!(f, "latency: {}", self.latency)?;
        writeln!(f, "queue model: {}", self.queue_model)?;
        for line in &self.setup {
            writeln!(f, "setup: {line}")?;
        }
        for line in &self.limits {
            writeln!(f, "limit: {line}")?;
        }
        Ok(())
    }
}
