//! Sums over every account ([`Sim::audit`]), for checking that funds and volumes add up.

use crate::exchange::book::Side;
use crate::{Audit, Sim};

impl Sim {
    /// Sums over every account for `coin`.
    pub fn audit(&self, coin: &str) -> Audit {
        let core = self.venue().read();
        let ex = &core.exchange;
        let in_coin = |symbol: &str| {
            ex.contracts()
                .get(symbol)
                .is_some_and(|c| c.margin_coin == coin)
        };
        let mut a = Audit::default();
        for account in ex.accounts().values() {
            a.wallets += account.wallet.get(coin).copied().unwrap_or_default();
            if let Some(b) = account.coins.get(coin) {
                a.balances += b.balance;
                a.order_locks += b.order_lock;
            }
            for p in account.positions.values() {
                let Some(c) = ex.contracts().get(&p.symbol) else {
                    continue;
                };
                if c.margin_coin != coin {
                    continue;
                }
                a.unrealized += p.unrealized(c, ex.mark(&p.symbol));
                let map = if p.side == Side::Buy {
                    &mut a.long_volume
                } else {
                    &mut a.short_volume
                };
                *map.entry(p.symbol.clone()).or_default() += p.volume;
            }
        }
        for ((_, symbol), totals) in core.history.totals().unwrap_or_default() {
            if in_coin(&symbol) {
                a.fees += totals.fees;
                a.trade_sides += usize::try_from(totals.trades).unwrap_or(usize::MAX);
            }
        }
        for o in ex.orders().values().filter(|o| o.is_open()) {
            if in_coin(&o.symbol) {
                a.open_order_margin += o.locked;
            }
        }
        a
    }
}
