//! The simulator's records as the generated response types, ready to serialize.
//!
//! Account fields (per margin coin; see `positions` for the arithmetic):
//! `accountNormal` available, `accountLock` order locks, `totalPositionNormal` Σ cross margins,
//! `partPositionNormal` Σ isolated margins, `achievedAmount` cumulative realized PnL (without
//! fees), `unrealizedAmount` Σ unrealized PnL, `totalEquity` balance − isolated margins + cross
//! unrealized, `partEquity` isolated margins + isolated unrealized, `totalCost` Σ cross margins,
//! `sumMaintenanceMargin` Σ cross maintenance, `totalMarginRate` totalEquity / that maintenance
//! (0 without cross positions).

use contango::{
    Account, AccountBalance, Contract, ContractSide, ContractStatus, ContractType, ForceOrder,
    FreezeLock, LeverageBracket, LeverageBrackets, LocalDateTime, Millis, Order, PositionGroup,
    PositionStatus, Product, Trade, TransferStatus, TransferType, TriggerPriceType,
    UsingAccountType,
};
use rust_decimal::Decimal;

use super::Exchange;
use super::book::{Side, WatchedPrice};
use super::order::OrderRecord;
use super::positions::{MarginMode, Position};
use super::records::{ForcedKind, ForcedRecord, TradeRecord, Transfer};
use crate::config::{ContractConfig, MarginKind};
use crate::error::SimResult;
use crate::time::local_datetime;

fn i32_of(v: u32) -> i32 {
    i32::try_from(v).unwrap_or(i32::MAX)
}

/// `GET /v1/contracts` item.
pub fn contract(c: &ContractConfig) -> SimResult<Contract> {
    let mut v = Contract::new(c.symbol.clone());
    v.status = Some(if c.tradable {
        ContractStatus::CanTrade
    } else {
        ContractStatus::CannotTrade
    });
    v.contract_type = Some(ContractType::from_wire_str(
        c.symbol.get(..1).unwrap_or("E"),
    ));
    v.side = Some(match c.margin_kind {
        MarginKind::Usdt => ContractSide::Forward,
        MarginKind::Coin => ContractSide::Backward,
    });
    v.multiplier = Some(c.multiplier);
    v.multiplier_coin = Some(c.multiplier_coin.clone());
    v.price_precision = Some(i32_of(c.price_precision));
    v.min_order_volume = Some(c.min_order_volume);
    v.min_order_money = Some(c.min_order_money);
    v.max_market_volume = Some(c.max_market_volume);
    v.max_market_money = Some(c.max_market_money);
    v.max_limit_volume = Some(c.max_limit_volume);
    v.max_limit_money = Some(c.max_limit_money);
    v.max_valid_order = Some(i32_of(c.max_valid_order));
    v.contract_id = Some(c.contract_id);
    v.margin_coin = Some(c.margin_coin.clone());
    v.min_lever = Some(1);
    v.max_lever = Some(i32_of(c.max_leverage()));
    v.open_maker_fee = Some(c.commission.open_maker);
    v.open_taker_fee = Some(c.commission.open_taker);
    v.close_maker_fee = Some(c.commission.close_maker);
    v.close_taker_fee = Some(c.commission.close_taker);
    Ok(v)
}

/// An order as `openOrders` and `order` list it: a conditional one with its trigger, a parent
/// with the orders attached to it (`childOrders`, in the order they were attached).
pub fn order(o: &OrderRecord, children: &[&OrderRecord]) -> SimResult<Order> {
    let mut v = order_alone(o)?;
    if !o.children.is_empty() {
        let children = children
            .iter()
            .map(|c| order_alone(c))
            .collect::<SimResult<Vec<_>>>()?;
        v.child_orders = Some(children);
    }
    Ok(v)
}

/// An order without its children.
fn order_alone(o: &OrderRecord) -> SimResult<Order> {
    let mut v = Order::new(o.id);
    v.client_order_id = o.client_order_id.clone();
    v.contract_name = Some(o.symbol.clone());
    v.price = Some(o.price);
    v.orig_qty = Some(o.volume);
    v.orig_amount = Some(o.amount);
    v.executed_qty = Some(o.filled);
    v.avg_price = Some(o.avg_price());
    v.status = Some(o.status.wire());
    v.order_type = Some(o.kind.wire());
    v.side = Some(o.side.wire());
    v.action = Some(if o.open {
        contango::Open::Open
    } else {
        contango::Open::Close
    });
    v.transact_time = Some(Millis(o.ctime));
    if let Some(c) = &o.condition {
        v.condition_order = Some(true);
        v.trigger_price = Some(c.price);
        v.trigger_type = Some(c.kind.wire());
        v.trigger_price_type = Some(match c.watched {
            WatchedPrice::Last => TriggerPriceType::LastPrice,
            WatchedPrice::Mark => TriggerPriceType::MarkPrice,
        });
        v.trigger_order_type = Some(c.order_type(o.kind));
    }
    Ok(v)
}

/// A `myTrades` item.
pub fn trade(t: &TradeRecord) -> SimResult<Trade> {
    let mut v = Trade::new(t.trade_id);
    v.price = Some(t.price);
    v.qty = Some(t.volume);
    v.amount = Some(t.value);
    v.contract_name = Some(t.symbol.clone());
    v.side = Some(t.side.wire());
    v.fee = Some(t.fee);
    v.bid_id = Some(t.bid_id);
    v.ask_id = Some(t.ask_id);
    v.bid_user_id = Some(t.bid_uid);
    v.ask_user_id = Some(t.ask_uid);
    v.is_buyer = Some(t.side == Side::Buy);
    v.is_maker = Some(t.is_maker);
    v.c_time = Some(Millis(t.time));
    Ok(v)
}

/// A position of `uid` valued at `mark`.
pub fn position(
    p: &Position,
    c: &ContractConfig,
    (mark, index): (Decimal, Decimal),
    uid: i64,
) -> SimResult<contango::Position> {
    let mut v = contango::Position::new(p.id);
    let unrealized = p.unrealized(c, mark);
    let position_value = super::positions::value(c, p.volume, mark);
    v.uid = Some(uid);
    v.contract_id = Some(c.contract_id);
    v.position_type = Some(p.mode.wire());
    v.side = Some(p.side.wire());
    v.volume = Some(p.volume);
    v.open_price = Some(p.entry_price(c));
    v.avg_price = Some(p.entry_price(c));
    v.close_price = Some(p.close_price(c));
    v.leverage_level = Some(i32_of(p.leverage));
    v.open_amount = Some(p.margin);
    v.hold_amount = Some(p.margin);
    v.close_volume = Some(p.closed_volume);
    v.pending_close_volume = Some(p.pending_close);
    v.realized_amount = Some(p.realized);
    v.history_realized_amount = Some(p.realized - p.fees);
    v.force_liquidation_volume = Some(Decimal::ZERO);
    v.force_liquidation_price = Some(Decimal::ZERO);
    v.trade_fee = Some(-p.fees);
    // Funding paid is a cost: positive when the position paid, negative when it received.
    v.capital_fee = Some(-p.funding);
    v.close_profit = Some(p.realized);
    v.share_amount = Some(Decimal::ZERO);
    v.freeze_lock = Some(FreezeLock::Normal);
    v.status = Some(PositionStatus::Effective);
    v.ctime = Some(LocalDateTime(local_datetime(p.ctime)));
    v.mtime = Some(LocalDateTime(local_datetime(p.mtime)));
    v.position_amount = Some(position_value);
    v.position_close_amount = Some(p.closed_value);
    v.sum_realized = Some(p.realized);
    v.deficit_losses = Some(Decimal::ZERO);
    v.using_account_type = Some(UsingAccountType::Contract);
    v.un_realized_amount = Some(unrealized);
    v.keep_rate = Some(super::positions::maint_ratio(c, position_value));
    v.index_price = Some(index);
    v.real_equity = Some(p.margin);
    Ok(v)
}

/// `GET /v2/account` for the margin coins of `product`'s contracts.
pub fn account(state: &Exchange, uid: i64, product: Product) -> SimResult<Account> {
    let kind = match product {
        Product::CoinMargined => MarginKind::Coin,
        _ => MarginKind::Usdt,
    };
    let acct = state.account(uid)?;
    let mut coins: Vec<&str> = Vec::new();
    for c in state.contracts.values().filter(|c| c.margin_kind == kind) {
        if !coins.contains(&c.margin_coin.as_str()) {
            coins.push(&c.margin_coin);
        }
    }
    let mut out = Vec::new();
    for coin in coins {
        let mut b = AccountBalance::new(coin.to_owned(), Vec::new());
        let (balance, lock, realized) = acct
            .coins
            .get(coin)
            .map_or((Decimal::ZERO, Decimal::ZERO, Decimal::ZERO), |c| {
                (c.balance, c.order_lock, c.realized)
            });
        let cross = acct.position_margin(coin, MarginMode::Cross, &state.contracts);
        let isolated = acct.position_margin(coin, MarginMode::Isolated, &state.contracts);
        let (mut cross_upnl, mut iso_upnl, mut maintenance) =
            (Decimal::ZERO, Decimal::ZERO, Decimal::ZERO);
        let mut groups: Vec<PositionGroup> = Vec::new();
        for c in state
            .contracts
            .values()
            .filter(|c| c.margin_kind == kind && c.margin_coin == coin)
        {
            let mark = state.mark(&c.symbol);
            let index = state
                .market(&c.symbol)
                .map_or(mark, super::market::Market::index_price);
            let mut positions = Vec::new();
            for p in acct.positions.values().filter(|p| p.symbol == c.symbol) {
                let u = p.unrealized(c, mark);
                if p.mode == MarginMode::Cross {
                    cross_upnl += u;
                    maintenance += p.maintenance(c, mark);
                } else {
                    iso_upnl += u;
                }
                positions.push(position(p, c, (mark, index), uid)?);
            }
            if positions.is_empty() {
                continue;
            }
            let mut g = PositionGroup::new(c.symbol.clone(), positions);
            g.contract_id = Some(c.contract_id);
            g.contract_symbol = c.symbol.split_once('-').map(|(_, pair)| pair.to_owned());
            g.adl_enabled = Some(true);
            groups.push(g);
        }
        let total_equity = balance - isolated + cross_upnl;
        let rate = if maintenance.is_zero() {
            Decimal::ZERO
        } else {
            total_equity / maintenance
        };
        b.coin_precious = Some(8);
        b.account_normal = Some(acct.available(coin, &state.contracts));
        b.account_lock = Some(lock);
        b.part_position_normal = Some(isolated);
        b.total_position_normal = Some(cross);
        b.achieved_amount = Some(realized);
        b.unrealized_amount = Some(cross_upnl + iso_upnl);
        b.total_margin_rate = Some(rate);
        b.total_equity = Some(total_equity);
        b.part_equity = Some(isolated + iso_upnl);
        b.total_cost = Some(cross);
        b.sum_margin_rate = Some(rate);
        b.sum_open_realized_amount = Some(cross_upnl + iso_upnl);
        b.can_use_trial_fund = Some(Decimal::ZERO);
        b.sum_maintenance_margin = Some(maintenance);
        b.position_vos = groups;
        out.push(b);
    }
    Ok(Account::new(out))
}

/// `GET /v2/leverageBracket`.
pub fn brackets(c: &ContractConfig) -> SimResult<LeverageBrackets> {
    let mut list = Vec::new();
    for b in &c.brackets {
        let mut v = LeverageBracket::new();
        v.bracket = Some(b.bracket);
        v.initial_leverage = Some(Decimal::from(b.initial_leverage));
        v.max_position_value = Some(b.max_value);
        v.min_position_value = Some(b.min_value);
        v.maint_margin_ratio = Some(b.maint_ratio);
        list.push(v);
    }
    Ok(LeverageBrackets::new(c.symbol.clone(), list))
}

/// `GET /v2/commissionRate`.
pub fn commission(c: &ContractConfig) -> SimResult<contango::CommissionRate> {
    let mut v = contango::CommissionRate::new(c.symbol.clone());
    v.open_taker_fee_rate = Some(c.commission.open_taker);
    v.open_maker_fee_rate = Some(c.commission.open_maker);
    v.close_taker_fee_rate = Some(c.commission.close_taker);
    v.close_maker_fee_rate = Some(c.commission.close_maker);
    Ok(v)
}

/// A `futures_transfer_history` item.
pub fn transfer(t: &Transfer) -> SimResult<contango::TransferRecord> {
    let mut v = contango::TransferRecord::new();
    v.transfer_type = Some(if t.to_contract {
        TransferType::WalletToContract
    } else {
        TransferType::ContractToWallet
    });
    v.symbol = Some(t.coin.clone());
    v.amount = Some(t.amount);
    v.after_amount = Some(t.after);
    v.status = Some(TransferStatus::Success);
    v.ctime = Some(Millis(t.time));
    Ok(v)
}

/// A `forceOrdersHistory` item: both of the document's field lists, filled where the simulator
/// knows the value. `type` is 1 for a liquidation and 2 for ADL, and `memo` names the kind.
pub fn forced(r: &ForcedRecord) -> SimResult<ForceOrder> {
    let mut v = ForceOrder::new();
    let at = LocalDateTime(local_datetime(r.time));
    v.id = Some(r.id);
    v.uid = Some(r.uid);
    v.position_type = Some(r.mode.wire());
    v.side = Some(r.side.wire());
    v.volume = Some(r.volume);
    v.avg_price = Some(r.price);
    v.leverage_level = Some(i32_of(r.leverage));
    v.realized_amount = Some(r.realized);
    v.trade_fee = Some(Decimal::ZERO);
    v.status = Some(2);
    v.ctime = Some(at.clone());
    v.mtime = Some(at);
    v.using_account_type = Some(UsingAccountType::Contract);
    v.contract_id = Some(r.contract_id);
    v.open_price = Some(r.entry_price);
    v.close_price = Some(r.price);
    v.close_volume = Some(r.volume);
    v.force_liquidation_volume = Some(r.volume);
    v.force_liquidation_price = Some(r.price);
    v.deficit_losses = Some(r.deficit);
    v.client_id = Some("0".into());
    v.open = Some(contango::Open::Close);
    let (kind_code, memo) = match r.kind {
        ForcedKind::Liquidation => ("1", "LIQUIDATION"),
        ForcedKind::Adl => ("2", "ADL"),
    };
    v.order_type = Some(kind_code.into());
    v.price = Some(r.price);
    v.deal_volume = Some(r.volume);
    v.deal_money = Some(r.value);
    v.memo = Some(memo.into());
    Ok(v)
}
