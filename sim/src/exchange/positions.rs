//! Positions and the simulator's contract arithmetic.
//!
//! Every amount is a `rust_decimal::Decimal`; nothing goes through `f64`. With `m` the contract's
//! multiplier (face value), `v` a volume in contracts and `p` a price:
//!
//! | quantity | USDT-margined (linear, `/fapi`) | coin-margined (inverse, `/dapi`) |
//! | --- | --- | --- |
//! | base quantity | `v × m` | `v × m` |
//! | value (in the margin coin) | `value(v, p) = v × m × p` | `value(v, p) = v × m / p` |
//! | sign `k` | `+1` | `−1` |
//!
//! - **Fee** of a fill: `value(v, p) × rate`, the rate picked by open/close and maker/taker from the
//!   contract's commission rates. Charged to the contract-account balance at the fill.
//! - **Margin** of a position or order: `value / leverage`. An open LIMIT order locks
//!   `value(v_rest, p_order) / leverage`; a fill moves `value(v_fill, p_fill) / leverage` into the
//!   position's margin (a maker fills at its own price, so its lock moves over exactly).
//! - **Entry value** `E`: the sum of `value(v_fill, p_fill)` over the fills that opened the
//!   position's current volume `V`. Entry price: linear `E / (V × m)`, inverse `V × m / E`.
//! - **Closing** `c` contracts at `p` releases the proportional entry value `E × c / V` and margin
//!   `margin × c / V`, and realizes `pnl = d × k × (value(c, p) − E × c / V)`, with `d = +1` for a long
//!   and `−1` for a short. Linear long: `c × m × (p − entry)`; inverse long:
//!   `c × m × (1/entry − 1/p)`.
//! - **Unrealized PnL** against the mark price `P`: `d × k × (value(V, P) − E)`.
//! - **Maintenance margin**: `value(V, P) × maintMarginRatio` of the leverage bracket that
//!   `value(V, P)` falls in. A position (isolated) or all cross positions of a margin coin are
//!   liquidated when equity falls below it (see `liquidation`).
//! - **Account** (per margin coin): `available = balance − order locks − Σ position margins`
//!   (`accountNormal`); `accountLock` = order locks; `totalPositionNormal` = Σ cross margins;
//!   `partPositionNormal` = Σ isolated margins.
//!
//! Division rounds to 28 significant digits (rust_decimal), only in inverse values and in
//! proportional releases of partly closed positions.

use rust_decimal::Decimal;

use super::book::Side;
use crate::config::{ContractConfig, MarginKind};

/// Margin mode of a position (the wire's `PositionType` minus its catch-all).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
#[cfg_attr(
    feature = "journal",
    derive(borsh::BorshSerialize, borsh::BorshDeserialize)
)]
pub enum MarginMode {
    /// Cross margin: shares the account's balance.
    Cross,
    /// Isolated margin: only its own margin is at risk.
    Isolated,
}

impl MarginMode {
    /// The wire value.
    pub fn wire(self) -> contango::PositionType {
        match self {
            MarginMode::Cross => contango::PositionType::Cross,
            MarginMode::Isolated => contango::PositionType::Isolated,
        }
    }
}

/// `value(v, p)` in the contract's margin coin (see the module table).
pub fn value(c: &ContractConfig, volume: Decimal, price: Decimal) -> Decimal {
    match c.margin_kind {
        MarginKind::Usdt => volume * c.multiplier * price,
        MarginKind::Coin if price.is_zero() => Decimal::ZERO,
        MarginKind::Coin => volume * c.multiplier / price,
    }
}

/// The sign `k`: `+1` linear, `−1` inverse.
fn kind_sign(c: &ContractConfig) -> Decimal {
    match c.margin_kind {
        MarginKind::Usdt => Decimal::ONE,
        MarginKind::Coin => Decimal::NEGATIVE_ONE,
    }
}

/// The price whose value for `volume` contracts is `entry_value` (entry or average close price).
pub fn price_of(c: &ContractConfig, volume: Decimal, entry_value: Decimal) -> Decimal {
    if volume.is_zero() || entry_value.is_zero() {
        return Decimal::ZERO;
    }
    let base = volume * c.multiplier;
    if base.is_zero() {
        return Decimal::ZERO;
    }
    match c.margin_kind {
        MarginKind::Usdt => entry_value / base,
        MarginKind::Coin => base / entry_value,
    }
}

/// Maintenance margin ratio of the bracket `position_value` falls in (the last bracket above all).
pub fn maint_ratio(c: &ContractConfig, position_value: Decimal) -> Decimal {
    c.brackets
        .iter()
        .find(|b| position_value >= b.min_value && position_value < b.max_value)
        .or_else(|| c.brackets.last())
        .map_or(Decimal::ZERO, |b| b.maint_ratio)
}

/// An open position of one account: keyed by contract, direction and margin mode (hedge mode:
/// `OPEN BUY` adds to the long, `CLOSE SELL` reduces it; `OPEN SELL`/`CLOSE BUY` the short).
#[derive(Debug, Clone, PartialEq, Eq)]
#[cfg_attr(
    feature = "journal",
    derive(borsh::BorshSerialize, borsh::BorshDeserialize)
)]
pub struct Position {
    /// Position id.
    pub id: i64,
    /// Contract name.
    pub symbol: String,
    /// `Buy` for a long, `Sell` for a short.
    pub side: Side,
    /// Cross or isolated.
    pub mode: MarginMode,
    /// Leverage the margin is computed with.
    pub leverage: u32,
    /// Open volume `V` in contracts.
    pub volume: Decimal,
    /// Entry value `E` of the open volume.
    pub entry_value: Decimal,
    /// Margin held: `E / leverage`, plus margin added with positionMargin (isolated).
    pub margin: Decimal,
    /// Margin added (or, negative, removed) with positionMargin.
    pub added_margin: Decimal,
    /// Volume of resting CLOSE orders against this position.
    pub pending_close: Decimal,
    /// Volume closed so far.
    pub closed_volume: Decimal,
    /// Value of the closed volume at its closing prices (for the average close price).
    pub closed_value: Decimal,
    /// PnL realized by closes (without fees).
    pub realized: Decimal,
    /// Fees paid for this position (positive).
    pub fees: Decimal,
    /// Funding received (negative: paid) since it opened.
    pub funding: Decimal,
    /// Creation time (exchange clock, ms).
    pub ctime: i64,
    /// Last change (exchange clock, ms).
    pub mtime: i64,
}

impl Position {
    /// An empty position (nothing open yet), opened by the first fill.
    pub fn new(
        id: i64,
        symbol: String,
        side: Side,
        mode: MarginMode,
        leverage: u32,
        now: i64,
    ) -> Position {
        Position {
            id,
            symbol,
            side,
            mode,
            leverage,
            volume: Decimal::ZERO,
            entry_value: Decimal::ZERO,
            margin: Decimal::ZERO,
            added_margin: Decimal::ZERO,
            pending_close: Decimal::ZERO,
            closed_volume: Decimal::ZERO,
            closed_value: Decimal::ZERO,
            realized: Decimal::ZERO,
            fees: Decimal::ZERO,
            funding: Decimal::ZERO,
            ctime: now,
            mtime: now,
        }
    }

    /// `d`: `+1` long, `−1` short.
    fn dir(&self) -> Decimal {
        match self.side {
            Side::Buy => Decimal::ONE,
            Side::Sell => Decimal::NEGATIVE_ONE,
        }
    }

    /// Entry price (see the module table).
    pub fn entry_price(&self, c: &ContractConfig) -> Decimal {
        price_of(c, self.volume, self.entry_value)
    }

    /// Average price of the closed volume.
    pub fn close_price(&self, c: &ContractConfig) -> Decimal {
        price_of(c, self.closed_volume, self.closed_value)
    }

    /// Unrealized PnL at `mark`: `d × k × (value(V, mark) − E)`.
    pub fn unrealized(&self, c: &ContractConfig, mark: Decimal) -> Decimal {
        self.dir() * kind_sign(c) * (value(c, self.volume, mark) - self.entry_value)
    }

    /// Maintenance margin at `mark`.
    pub fn maintenance(&self, c: &ContractConfig, mark: Decimal) -> Decimal {
        let v = value(c, self.volume, mark);
        v * maint_ratio(c, v)
    }

    /// Adds an opening fill; returns the margin it takes (`value / leverage`).
    pub fn open(
        &mut self,
        c: &ContractConfig,
        volume: Decimal,
        price: Decimal,
        now: i64,
    ) -> Decimal {
        let v = value(c, volume, price);
        let margin = v / Decimal::from(self.leverage.max(1));
        self.volume += volume;
        self.entry_value += v;
        self.margin += margin;
        self.mtime = now;
        margin
    }

    /// Applies a closing fill of `volume` (at most the open volume) at `price`; returns
    /// `(pnl, margin released)`.
    pub fn close(
        &mut self,
        c: &ContractConfig,
        volume: Decimal,
        price: Decimal,
        now: i64,
    ) -> (Decimal, Decimal) {
        let volume = volume.min(self.volume);
        if volume <= Decimal::ZERO {
            return (Decimal::ZERO, Decimal::ZERO);
        }
        let (entry_part, margin_part) = if volume == self.volume {
            (self.entry_value, self.margin)
        } else {
            (
                self.entry_value * volume / self.volume,
                self.margin * volume / self.volume,
            )
        };
        let exit = value(c, volume, price);
        let pnl = self.dir() * kind_sign(c) * (exit - entry_part);
        self.volume -= volume;
        self.entry_value -= entry_part;
        self.margin -= margin_part;
        if self.volume.is_zero() {
            self.added_margin = Decimal::ZERO;
        }
        self.closed_volume += volume;
        self.closed_value += exit;
        self.realized += pnl;
        self.mtime = now;
        (pnl, margin_part)
    }

    /// Margin the position needs at `leverage`: `E / leverage` plus what was added by hand.
    pub fn margin_at(&self, leverage: u32) -> Decimal {
        self.entry_value / Decimal::from(leverage.max(1)) + self.added_margin
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::config::default_contracts;

    fn dec(s: &str) -> Decimal {
        s.parse().unwrap_or_default()
    }

    fn contract(symbol: &str) -> ContractConfig {
        default_contracts()
            .into_iter()
            .find(|c| c.symbol == symbol)
            .unwrap_or_else(|| default_contracts().remove(0))
    }

    fn pos(side: Side, leverage: u32) -> Position {
        Position::new(1, String::new(), side, MarginMode::Cross, leverage, 0)
    }

    #[test]
    fn linear_long_open_close() {
        let c = contract("E-BTC-USDT");
        let mut p = pos(Side::Buy, 10);
        // 100 contracts × 0.001 × 30010 = 3001 value, 300.1 margin.
        assert_eq!(p.open(&c, dec("100"), dec("30010"), 1), dec("300.1"));
        assert_eq!(p.entry_price(&c), dec("30010"));
        // Mark 31000: 100 × 0.001 × (31000 − 30010) = 99.
        assert_eq!(p.unrealized(&c, dec("31000")), dec("99"));
        // Close 40 at 30510: pnl 40 × 0.001 × 500 = 20; margin released 300.1 × 0.4 = 120.04.
        let (pnl, released) = p.close(&c, dec("40"), dec("30510"), 2);
        assert_eq!(pnl, dec("20"));
        assert_eq!(released, dec("120.04"));
        assert_eq!(p.volume, dec("60"));
        assert_eq!(p.close_price(&c), dec("30510"));
    }

    #[test]
    fn linear_short_and_inverse_long() {
        let c = contract("E-BTC-USDT");
        let mut s = pos(Side::Sell, 5);
        s.open(&c, dec("10"), dec("30000"), 0);
        // Short gains when the price falls: 10 × 0.001 × (30000 − 29000) = 10.
        assert_eq!(s.unrealized(&c, dec("29000")), dec("10"));
        let inv = contract("E-BTC-USD");
        let mut l = pos(Side::Buy, 10);
        // 30 contracts × 100 USD / 30000 = 0.1 BTC, margin 0.01 BTC.
        assert_eq!(l.open(&inv, dec("30"), dec("30000"), 0), dec("0.01"));
        assert_eq!(l.entry_price(&inv), dec("30000"));
        // Close all at 40000: 3000 × (1/30000 − 1/40000) = 0.025 BTC.
        let (pnl, _) = l.close(&inv, dec("30"), dec("40000"), 0);
        assert_eq!(pnl, dec("0.025"));
        assert_eq!(l.volume, Decimal::ZERO);
    }

    #[test]
    fn brackets() {
        let c = contract("E-BTC-USDT");
        assert_eq!(maint_ratio(&c, dec("100")), dec("0.005"));
        assert_eq!(maint_ratio(&c, dec("50000")), dec("0.01"));
        assert_eq!(maint_ratio(&c, dec("1e12")), dec("0.05"));
    }
}
