//! The trade ledger's pairing: a run's fills into round trips, first in first out within each
//! position. Long and short positions in one contract are separate on this exchange (an OPEN BUY
//! adds to the long, a CLOSE SELL reduces it; an OPEN SELL and a CLOSE BUY do the same to the
//! short), so each `(contract, side)` has its own queue of entries.
//!
//! - An **entry** is an opening order's fills in a row: fills of one order add to its entry
//!   until a close has taken from it.
//! - A closing fill takes from the oldest entry first. What one closing order takes from one
//!   entry is one **round trip**: a partial close splits the entry (as backtesting.py splits a
//!   trade), and a close spanning two entries makes two round trips.
//! - Each part is valued in proportion to its volume: the entry's value and fees, the closing
//!   fill's value and fee. PnL is `d × k × (exit value − entry value)` less both fees (`d` +1
//!   long, −1 short; `k` +1 linear, −1 coin-margined: the exchange's own arithmetic), so a
//!   position closed whole makes the PnL the exchange realised, less its fees. Funding is not a
//!   trade's: it is in the equity.
//! - Average prices are the exchange's: volume-weighted for linear contracts, value-weighted
//!   (harmonic) for coin-margined ones.
//! - What is still open at the end is no round trip.

use std::collections::{BTreeMap, VecDeque};

use rust_decimal::Decimal;
use rust_decimal::prelude::ToPrimitive as _;

use super::{FillLine, RoundTrip};

/// A weighted average price in the making: `num / den`.
#[derive(Debug, Clone, Copy, Default)]
struct Average {
    num: Decimal,
    den: Decimal,
}

impl Average {
    /// Adds `volume` at `price`: by volume (linear) or by value (coin-margined, `volume / price`).
    fn add(&mut self, volume: Decimal, price: Decimal, inverse: bool) {
        if inverse {
            if !price.is_zero() {
                self.num += volume;
                self.den += volume / price;
            }
        } else {
            self.num += price * volume;
            self.den += volume;
        }
    }

    fn price(self) -> Decimal {
        if self.den.is_zero() {
            Decimal::ZERO
        } else {
            (self.num / self.den).normalize()
        }
    }
}

/// An entry still (partly) open.
#[derive(Debug)]
struct Lot {
    order_id: i64,
    time_ms: i64,
    volume: Decimal,
    value: Decimal,
    fees: Decimal,
    price: Average,
    /// A close has taken from it: a later fill of its order starts a new entry.
    touched: bool,
    /// Its latest round trip (an index into the trips).
    trip: Option<usize>,
}

/// A round trip being gathered: what one closing order took from one entry.
#[derive(Debug)]
struct Trip {
    contract: String,
    long: bool,
    inverse: bool,
    entry_order_id: i64,
    exit_order_id: i64,
    entry_time_ms: i64,
    exit_time_ms: i64,
    entry_price: Decimal,
    exit_price: Average,
    volume: Decimal,
    entry_value: Decimal,
    exit_value: Decimal,
    fees: Decimal,
}

impl Trip {
    fn finish(self) -> RoundTrip {
        let d = if self.long {
            Decimal::ONE
        } else {
            Decimal::NEGATIVE_ONE
        };
        let k = if self.inverse {
            Decimal::NEGATIVE_ONE
        } else {
            Decimal::ONE
        };
        let pnl = d * k * (self.exit_value - self.entry_value) - self.fees;
        let return_pct = (!self.entry_value.is_zero())
            .then(|| (pnl / self.entry_value * Decimal::ONE_HUNDRED).to_f64())
            .flatten();
        RoundTrip {
            contract: self.contract,
            side: if self.long { "long" } else { "short" }.to_owned(),
            volume: self.volume,
            entry_time_ms: self.entry_time_ms,
            exit_time_ms: self.exit_time_ms,
            entry_price: self.entry_price,
            exit_price: self.exit_price.price(),
            pnl: pnl.normalize(),
            fees: self.fees.normalize(),
            return_pct,
            duration_ms: self.exit_time_ms - self.entry_time_ms,
            entry_order_id: self.entry_order_id,
            exit_order_id: self.exit_order_id,
        }
    }
}

/// `part` of `whole`'s `amount`: all of what is left when the part is the whole.
fn share(amount: Decimal, part: Decimal, whole: Decimal) -> Decimal {
    if part >= whole || whole.is_zero() {
        amount
    } else {
        amount * part / whole
    }
}

/// The round trips of `fills` (in time order), in the order they closed; `inverse` says which
/// contracts are coin-margined.
pub(crate) fn ledger(fills: &[FillLine], inverse: impl Fn(&str) -> bool) -> Vec<RoundTrip> {
    let mut lots: BTreeMap<(String, bool), VecDeque<Lot>> = BTreeMap::new();
    let mut trips: Vec<Trip> = Vec::new();
    for f in fills {
        let opening = f.action == "OPEN";
        let long = (f.side == "BUY") == opening;
        let inv = inverse(&f.contract);
        let queue = lots.entry((f.contract.clone(), long)).or_default();
        if opening {
            match queue.back_mut() {
                Some(lot) if lot.order_id == f.order_id && !lot.touched => {
                    lot.volume += f.volume;
                    lot.value += f.value;
                    lot.fees += f.fee;
                    lot.price.add(f.volume, f.price, inv);
                }
                _ => {
                    let mut price = Average::default();
                    price.add(f.volume, f.price, inv);
                    queue.push_back(Lot {
                        order_id: f.order_id,
                        time_ms: f.time_ms,
                        volume: f.volume,
                        value: f.value,
                        fees: f.fee,
                        price,
                        touched: false,
                        trip: None,
                    });
                }
            }
            continue;
        }
        // A close: from the oldest entry on.
        let (mut volume, mut value, mut fee) = (f.volume, f.value, f.fee);
        while volume > Decimal::ZERO {
            let Some(lot) = queue.front_mut() else {
                break;
            };
            let take = volume.min(lot.volume);
            let entry_value = share(lot.value, take, lot.volume);
            let entry_fees = share(lot.fees, take, lot.volume);
            let exit_value = share(value, take, volume);
            let exit_fee = share(fee, take, volume);
            lot.volume -= take;
            lot.value -= entry_value;
            lot.fees -= entry_fees;
            lot.touched = true;
            let same = lot
                .trip
                .filter(|&i| trips.get(i).is_some_and(|t| t.exit_order_id == f.order_id));
            let index = same.unwrap_or_else(|| {
                trips.push(Trip {
                    contract: f.contract.clone(),
                    long,
                    inverse: inv,
                    entry_order_id: lot.order_id,
                    exit_order_id: f.order_id,
                    entry_time_ms: lot.time_ms,
                    exit_time_ms: f.time_ms,
                    entry_price: lot.price.price(),
                    exit_price: Average::default(),
                    volume: Decimal::ZERO,
                    entry_value: Decimal::ZERO,
                    exit_value: Decimal::ZERO,
                    fees: Decimal::ZERO,
                });
                trips.len() - 1
            });
            lot.trip = Some(index);
            let Some(trip) = trips.get_mut(index) else {
                break;
            };
            trip.volume += take;
            trip.entry_value += entry_value;
            trip.exit_value += exit_value;
            trip.fees += entry_fees + exit_fee;
            trip.exit_time_ms = f.time_ms;
            trip.exit_price.add(take, f.price, inv);
            if lot.volume <= Decimal::ZERO {
                queue.pop_front();
            }
            volume -= take;
            value -= exit_value;
            fee -= exit_fee;
        }
    }
    let mut done: Vec<RoundTrip> = trips.into_iter().map(Trip::finish).collect();
    done.sort_by_key(|t| t.exit_time_ms);
    done
}

#[cfg(test)]
mod tests {
    use rust_decimal_macros::dec;

    use super::*;

    fn fill(
        ms: i64,
        order: i64,
        side: &str,
        action: &str,
        price: Decimal,
        vol: Decimal,
    ) -> FillLine {
        FillLine {
            time_ms: ms,
            contract: "E-BTC-USDT".into(),
            order_id: order,
            side: side.into(),
            action: action.into(),
            price,
            volume: vol,
            // 0.001 BTC a contract, linear.
            value: price * vol * dec!(0.001),
            maker: false,
            rule: "match".into(),
            fee: price * vol * dec!(0.001) * dec!(0.0005),
        }
    }

    #[test]
    fn a_close_takes_the_oldest_entry_first_and_splits_what_it_spans() {
        let fills = [
            fill(0, 1, "BUY", "OPEN", dec!(100), dec!(2)),
            fill(1, 2, "BUY", "OPEN", dec!(110), dec!(2)),
            // 3 closed at 120: all of entry 1 and half of entry 2.
            fill(5, 3, "SELL", "CLOSE", dec!(120), dec!(3)),
            fill(9, 4, "SELL", "CLOSE", dec!(90), dec!(1)),
        ];
        let trips = ledger(&fills, |_| false);
        let got: Vec<(i64, i64, Decimal, Decimal, Decimal)> = trips
            .iter()
            .map(|t| {
                (
                    t.entry_order_id,
                    t.exit_order_id,
                    t.volume,
                    t.entry_price,
                    t.exit_price,
                )
            })
            .collect();
        assert_eq!(
            got,
            [
                (1, 3, dec!(2), dec!(100), dec!(120)),
                (2, 3, dec!(1), dec!(110), dec!(120)),
                (2, 4, dec!(1), dec!(110), dec!(90)),
            ]
        );
        // Entry 1: 2 × 0.001 × (120 − 100) = 0.04, less fees 0.0001 + 0.00012.
        assert_eq!(trips[0].pnl, dec!(0.04) - dec!(0.0001) - dec!(0.00012));
        assert_eq!(trips[2].duration_ms, 8);
        let total: Decimal = trips.iter().map(|t| t.pnl + t.fees).sum();
        // Gross over everything: 0.04 + 0.01 − 0.02.
        assert_eq!(total, dec!(0.03));
    }

    #[test]
    fn long_and_short_at_once_are_separate_queues() {
        let fills = [
            // One order's two fills are one entry: 4 long at 102 on average.
            fill(0, 1, "BUY", "OPEN", dec!(100), dec!(2)),
            fill(1, 1, "BUY", "OPEN", dec!(104), dec!(2)),
            fill(2, 2, "SELL", "OPEN", dec!(101), dec!(1)),
            fill(3, 3, "BUY", "OPEN", dec!(110), dec!(1)),
            // A close of the short takes nothing from the longs, and a close of the long
            // nothing from the short.
            fill(4, 4, "BUY", "CLOSE", dec!(90), dec!(1)),
            fill(5, 5, "SELL", "CLOSE", dec!(120), dec!(5)),
        ];
        let trips = ledger(&fills, |_| false);
        let got: Vec<(&str, i64, i64, Decimal, Decimal, Decimal)> = trips
            .iter()
            .map(|t| {
                let side = t.side.as_str();
                (
                    side,
                    t.entry_order_id,
                    t.exit_order_id,
                    t.volume,
                    t.entry_price,
                    t.exit_price,
                )
            })
            .collect();
        assert_eq!(
            got,
            [
                ("short", 2, 4, dec!(1), dec!(101), dec!(90)),
                ("long", 1, 5, dec!(4), dec!(102), dec!(120)),
                ("long", 3, 5, dec!(1), dec!(110), dec!(120)),
            ]
        );
        // The short gained 11 × 0.001 less fees at 0.05 % of each side's value.
        let fees = (dec!(101) + dec!(90)) * dec!(0.001) * dec!(0.0005);
        assert_eq!(trips[0].pnl, dec!(0.011) - fees);
        assert_eq!(trips[0].fees, fees);
        assert_eq!((trips[1].entry_time_ms, trips[1].exit_time_ms), (0, 5));
    }

    #[test]
    fn coin_margined_prices_average_by_value_and_gain_as_the_price_rises() {
        // 100 USD a contract: value = volume × 100 / price.
        let inverse =
            |ms, order, side: &str, action: &str, price: Decimal, vol: Decimal| FillLine {
                value: vol * dec!(100) / price,
                fee: Decimal::ZERO,
                ..fill(ms, order, side, action, price, vol)
            };
        let fills = [
            inverse(0, 1, "BUY", "OPEN", dec!(20000), dec!(1)),
            inverse(1, 1, "BUY", "OPEN", dec!(40000), dec!(1)),
            inverse(2, 2, "SELL", "CLOSE", dec!(50000), dec!(2)),
        ];
        let trips = ledger(&fills, |_| true);
        // Harmonic: 2 / (1/20000 + 1/40000) = 26666.67.
        assert_eq!(trips[0].entry_price.round_dp(2), dec!(26666.67));
        // 2 × 100 × (1/26666.67 − 1/50000) = 0.0075 − 0.004 = 0.0035 BTC.
        assert_eq!(trips[0].pnl.round_dp(12), dec!(0.0035));
    }
}
