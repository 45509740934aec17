//! Funding of perpetual contracts (off unless a contract has [`Funding`](crate::config::Funding)).
//!
//! At each funding time (the multiples of the contract's interval since the epoch) every open
//! position of the contract is paid `−d × value(V, mark) × rate`, with `d = +1` for a long and
//! `−1` for a short: longs pay shorts when the rate is positive. The payment moves the account's
//! balance in the margin coin (and an isolated position's margin with it: its own wallet pays),
//! is kept on the position (`capitalFee` shows what it paid), and is announced with an
//! ACCOUNT_UPDATE of reason `FUNDING_FEE` (the amount in `bc`). A funding time is settled by the
//! first input at or after it, each time in order: after a restart the clock has moved on, and
//! every funding time missed meanwhile is settled then, in order, at the mark price of the
//! restart. A position a payment leaves below maintenance is liquidated as after a new mark
//! price.

use rust_decimal::Decimal;

use super::Exchange;
use super::book::Side;
use super::positions::{MarginMode, value};
use super::records::{FundingRecord, Record};

impl Exchange {
    /// Settles every funding time due by `now`, oldest first (contracts by name at equal times).
    pub(crate) fn settle_funding(&mut self, now: i64) {
        loop {
            let due = self
                .markets
                .iter()
                .filter_map(|(symbol, m)| {
                    m.next_funding
                        .filter(|t| *t <= now)
                        .map(|t| (t, symbol.clone()))
                })
                .min();
            let Some((time, symbol)) = due else {
                return;
            };
            self.fund(&symbol, time);
        }
    }

    /// One funding time of `symbol`.
    fn fund(&mut self, symbol: &str, time: i64) {
        let Some(m) = self.markets.get_mut(symbol) else {
            return;
        };
        let Some(funding) = m.cfg.funding else {
            m.next_funding = None;
            return;
        };
        m.next_funding = Some(funding.next_after(time));
        let (cfg, mark) = (m.cfg.clone(), m.mark);
        let outcome = self.operate("FUNDING_FEE", time, |st, fx| {
            let mut paid = Vec::new();
            for account in st.accounts.values_mut() {
                let uid = account.uid;
                let mut total = Decimal::ZERO;
                for p in account
                    .positions
                    .values_mut()
                    .filter(|p| p.symbol == symbol)
                {
                    let dir = match p.side {
                        Side::Buy => Decimal::ONE,
                        Side::Sell => Decimal::NEGATIVE_ONE,
                    };
                    let amount = -dir * value(&cfg, p.volume, mark) * funding.rate;
                    if amount.is_zero() {
                        continue;
                    }
                    p.funding += amount;
                    if p.mode == MarginMode::Isolated {
                        p.margin += amount;
                    }
                    total += amount;
                    fx.position(uid, &cfg, p, mark)?;
                    paid.push(FundingRecord {
                        uid,
                        symbol: symbol.to_owned(),
                        side: p.side,
                        mode: p.mode,
                        rate: funding.rate,
                        amount,
                        time,
                    });
                }
                if !total.is_zero() {
                    account.coin(&cfg.margin_coin).balance += total;
                    fx.balance_change(uid, &cfg.margin_coin, total);
                }
            }
            st.out.records.extend(paid.into_iter().map(Record::Funding));
            st.liquidate_below_maintenance(symbol, time, fx).map(|_| ())
        });
        if let Err(e) = outcome {
            tracing::warn!(error = %e, contract = symbol, "simulator: funding not settled");
        }
    }
}

#[cfg(test)]
mod tests {
    use rust_decimal::Decimal;

    use crate::config::SimConfig;
    use crate::exchange::book::Side;
    use crate::exchange::input::Input;
    use crate::exchange::order::OrderKind;
    use crate::exchange::records::Record;
    use crate::exchange::testing::{Bed, order};
    use crate::exchange::{MARKET_MAKER_UID, USER_UID};

    const HOUR: i64 = 3_600_000;

    #[test]
    fn every_funding_time_is_settled_in_order_longs_paying_shorts() {
        let config = SimConfig::default().funding(
            "0.0001".parse().expect("rate"),
            std::time::Duration::from_millis(8 * HOUR as u64),
        );
        let mut bed = Bed::new(&config);
        // A long of 100 contracts at 30010 (value 3001 at the mark 30000).
        bed.place(
            order("E-BTC-USDT", Side::Buy, OrderKind::Market, "100", "0"),
            1,
        )
        .expect("long");
        let before = bed.ex.account(USER_UID).expect("user").coins["USDT"].balance;
        // The clock jumps 17 hours at once: two funding times (8 h and 16 h) are settled.
        bed.apply(Input::Tick { time: 17 * HOUR }).expect("tick");
        let paid: Vec<(i64, i64, Decimal)> = bed
            .records
            .iter()
            .filter_map(|r| match r {
                Record::Funding(f) => Some((f.uid, f.time, f.amount)),
                _ => None,
            })
            .collect();
        // 100 × 0.001 × 30000 × 0.0001 = 0.3 each time, paid by the long, received by the
        // market maker's short.
        let third = "0.3".parse::<Decimal>().expect("amount");
        assert_eq!(
            paid,
            vec![
                (MARKET_MAKER_UID, 8 * HOUR, third),
                (USER_UID, 8 * HOUR, -third),
                (MARKET_MAKER_UID, 16 * HOUR, third),
                (USER_UID, 16 * HOUR, -third),
            ]
        );
        let after = bed.ex.account(USER_UID).expect("user").coins["USDT"].balance;
        assert_eq!(after - before, -third * Decimal::TWO);
        // Nothing more until 24 h.
        let n = bed.records.len();
        bed.apply(Input::Tick { time: 23 * HOUR }).expect("tick");
        assert_eq!(bed.records.len(), n);
    }
}
