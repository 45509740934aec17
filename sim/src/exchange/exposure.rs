//! An account's exposure in one margin coin at the mark prices: its equity, the margin it has in
//! use, the gross value of its positions and how far each position's contract is from the price
//! that would liquidate it. A report samples it each minute for its leverage, margin and
//! liquidation figures.
//!
//! The liquidation price of a position is the mark of its contract at which the rule of
//! `liquidation` is met, every other contract's mark held where it is and the maintenance ratio
//! held at the bracket of the current mark:
//! - isolated: `margin + unrealized(P) = maintenance(P)`;
//! - cross: the cross equity of the coin (`balance − Σ isolated margins + Σ cross unrealized`)
//!   equals `Σ cross maintenance`; every cross position of one contract shares that price.
//!
//! Value is proportional to the price (linear) or to its inverse (coin-margined), so with `x` the
//! price's move as a factor of the value (`value(V, P) = value(V, mark) × x`), both rules are
//! linear in `x`: `now + (x − 1) × slope = 0`, `now` the rule's margin at the mark. A root
//! `x ≤ 0` means no price of the contract liquidates the position; a position already at or
//! below its rule is at distance 0.

use rust_decimal::Decimal;

use super::Exchange;
use super::book::Side;
use super::positions::{MarginMode, Position, maint_ratio, value};
use crate::config::{ContractConfig, MarginKind};

/// An account's exposure in one margin coin, at the marks.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
pub struct Exposure {
    /// Balance plus the positions' unrealised PnL.
    pub equity: Decimal,
    /// Long minus short contracts.
    pub position: Decimal,
    /// Margin in use: the positions' margins and the locks of open orders.
    pub margin: Decimal,
    /// Gross value of the open positions at the marks.
    pub notional: Decimal,
    /// The nearest liquidation price's distance from its contract's mark, in percent of the
    /// mark (`None`: no open position, or none a move of its own contract's price liquidates).
    pub liquidation_distance_pct: Option<Decimal>,
}

impl Exchange {
    /// The exposure of account `uid` in `coin` now (empty for an unknown account).
    pub fn exposure(&self, uid: i64, coin: &str) -> Exposure {
        let Ok(account) = self.account(uid) else {
            return Exposure::default();
        };
        let contracts = self.contracts();
        let (balance, locks) = account
            .coins
            .get(coin)
            .map_or((Decimal::ZERO, Decimal::ZERO), |c| {
                (c.balance, c.order_lock)
            });
        let mut e = Exposure {
            equity: balance,
            margin: locks,
            ..Exposure::default()
        };
        // Cross: what every cross position's unrealised PnL and maintenance add to the rule.
        let mut cross_equity =
            balance - account.position_margin(coin, MarginMode::Isolated, contracts);
        let mut cross_maintenance = Decimal::ZERO;
        let positions: Vec<(&Position, &ContractConfig, Decimal)> = account
            .positions_in(coin, contracts)
            .filter_map(|p| {
                let c = contracts.get(&p.symbol)?;
                Some((p, c, self.mark(&p.symbol)))
            })
            .collect();
        for &(p, c, mark) in &positions {
            let unrealized = p.unrealized(c, mark);
            e.equity += unrealized;
            e.margin += p.margin;
            e.notional += value(c, p.volume, mark);
            e.position += match p.side {
                Side::Buy => p.volume,
                Side::Sell => -p.volume,
            };
            if p.mode == MarginMode::Cross {
                cross_equity += unrealized;
                cross_maintenance += p.maintenance(c, mark);
            }
        }
        let mut nearest: Option<Decimal> = None;
        let mut closer = |d: Option<Decimal>| {
            if let Some(d) = d {
                nearest = Some(nearest.map_or(d, |n| n.min(d)));
            }
        };
        let mut cross_done: Vec<&str> = Vec::new();
        for &(p, c, mark) in &positions {
            match p.mode {
                MarginMode::Isolated => {
                    let now = p.margin + p.unrealized(c, mark) - p.maintenance(c, mark);
                    closer(distance(c, mark, now, slope(p, c, mark)));
                }
                // Every cross position of the contract moves with its price; the rest of the
                // rule is held at its marks.
                MarginMode::Cross if !cross_done.contains(&p.symbol.as_str()) => {
                    cross_done.push(&p.symbol);
                    let moving = positions
                        .iter()
                        .filter(|(q, _, _)| q.mode == MarginMode::Cross && q.symbol == p.symbol)
                        .map(|&(q, _, _)| slope(q, c, mark))
                        .sum();
                    closer(distance(c, mark, cross_equity - cross_maintenance, moving));
                }
                MarginMode::Cross => {}
            }
        }
        e.liquidation_distance_pct = nearest;
        e
    }
}

/// How a position's unrealised PnL less its maintenance grows with `x`, the factor its value
/// moves by: `value(V, mark) × (d·k − r)`, with `d` its direction, `k` the contract's sign and
/// `r` its bracket's ratio at the mark.
fn slope(p: &Position, c: &ContractConfig, mark: Decimal) -> Decimal {
    let d = match p.side {
        Side::Buy => Decimal::ONE,
        Side::Sell => Decimal::NEGATIVE_ONE,
    };
    let k = match c.margin_kind {
        MarginKind::Usdt => Decimal::ONE,
        MarginKind::Coin => Decimal::NEGATIVE_ONE,
    };
    let val = value(c, p.volume, mark);
    val * (d * k - maint_ratio(c, val))
}

/// The distance (percent of `mark`) to the price where a rule standing at `now` at the mark,
/// growing by `slope` per unit of `x`, reaches 0: `now + (x − 1) × slope = 0`. At or below 0
/// already: distance 0.
fn distance(c: &ContractConfig, mark: Decimal, now: Decimal, slope: Decimal) -> Option<Decimal> {
    if mark <= Decimal::ZERO {
        return None;
    }
    if now <= Decimal::ZERO {
        return Some(Decimal::ZERO);
    }
    if slope.is_zero() {
        return None;
    }
    let x = Decimal::ONE - now / slope;
    if x <= Decimal::ZERO {
        return None;
    }
    let price = match c.margin_kind {
        MarginKind::Usdt => mark * x,
        MarginKind::Coin => mark / x,
    };
    Some(((mark - price).abs() / mark * Decimal::ONE_HUNDRED).normalize())
}

#[cfg(test)]
mod tests {
    use rust_decimal::Decimal;

    use crate::config::SimConfig;
    use crate::exchange::USER_UID;
    use crate::exchange::book::Side;
    use crate::exchange::input::{Admin, Input};
    use crate::exchange::order::OrderKind;
    use crate::exchange::positions::MarginMode;
    use crate::exchange::testing::{Bed, order};

    const BTC: &str = "E-BTC-USDT";

    fn d(s: &str) -> Decimal {
        s.parse().unwrap_or_default()
    }

    fn mark(bed: &mut Bed, price: Decimal, time: i64) {
        let _ = bed.apply(Input::Admin {
            time,
            action: Admin::SetMark {
                symbol: BTC.into(),
                price,
            },
        });
    }

    fn open(bed: &mut Bed, side: Side, mode: MarginMode, volume: &str) {
        let mut o = order(BTC, side, OrderKind::Market, volume, "0");
        o.intent.mode = mode;
        bed.place(o, 1).unwrap_or_else(|e| panic!("{e}"));
    }

    /// The mark `pct` percent beyond the liquidation price the exposure names, on the side
    /// `toward` (-1 below, +1 above the mark).
    fn beyond(bed: &Bed, toward: Decimal, pct: &str) -> Decimal {
        let e = bed.ex.exposure(USER_UID, "USDT");
        let m = bed.ex.mark(BTC);
        let distance = e
            .liquidation_distance_pct
            .unwrap_or_else(|| panic!("a distance"));
        m * (Decimal::ONE + toward * (distance + d(pct)) / Decimal::ONE_HUNDRED)
    }

    fn positions(bed: &Bed) -> usize {
        bed.ex.account(USER_UID).map_or(0, |a| a.positions.len())
    }

    #[test]
    fn an_isolated_long_is_liquidated_just_past_the_distance_and_not_before() {
        for (pct, survives) in [("-0.01", true), ("0.01", false)] {
            let mut bed = Bed::default_exchange();
            open(&mut bed, Side::Buy, MarginMode::Isolated, "100");
            let e = bed.ex.exposure(USER_UID, "USDT");
            assert_eq!(e.position, d("100"));
            assert!(e.margin > Decimal::ZERO && e.notional > e.margin);
            let distance = e.liquidation_distance_pct.unwrap_or_default();
            assert!(distance > d("5") && distance < d("15"), "{distance}");
            let price = beyond(&bed, Decimal::NEGATIVE_ONE, pct);
            mark(&mut bed, price, 2);
            assert_eq!(positions(&bed) == 1, survives, "{pct} past it");
        }
    }

    #[test]
    fn cross_positions_are_liquidated_just_past_the_distance_and_not_before() {
        // A short and a smaller long in one contract, cross: the account loses as the price
        // rises; the funded balance is moved out but for a little, so it is near.
        for (pct, survives) in [("-0.01", true), ("0.01", false)] {
            let mut config = SimConfig::default();
            config.user.contract_balances = vec![("USDT".into(), d("800"))];
            let mut bed = Bed::new(&config);
            open(&mut bed, Side::Sell, MarginMode::Cross, "200");
            open(&mut bed, Side::Buy, MarginMode::Cross, "50");
            let e = bed.ex.exposure(USER_UID, "USDT");
            assert_eq!(e.position, d("-150"));
            let price = beyond(&bed, Decimal::ONE, pct);
            mark(&mut bed, price, 2);
            assert_eq!(positions(&bed) == 2, survives, "{pct} past it");
        }
    }

    #[test]
    fn no_position_no_distance_and_an_unknown_account_is_empty() {
        let bed = Bed::default_exchange();
        let e = bed.ex.exposure(USER_UID, "USDT");
        assert_eq!(e.liquidation_distance_pct, None);
        assert_eq!((e.margin, e.notional, e.position), Default::default());
        assert!(e.equity > Decimal::ZERO);
        assert_eq!(bed.ex.exposure(5, "USDT").equity, Decimal::ZERO);
    }
}
