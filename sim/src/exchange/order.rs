//! What an order is: its intent before it is placed, its record once accepted, and the trigger
//! that makes it conditional. Plain data; the rules that move orders are in `orders` and
//! `conditional`.

use rust_decimal::Decimal;

use super::book::{Crossing, Side, Slot, WatchedPrice};
use super::positions::{MarginMode, value};
use crate::config::ContractConfig;

/// Order type (the wire's `OrderType` minus its catch-all).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
#[cfg_attr(
    feature = "journal",
    derive(borsh::BorshSerialize, borsh::BorshDeserialize)
)]
pub enum OrderKind {
    /// Limit.
    Limit,
    /// Market.
    Market,
    /// Immediate or cancel.
    Ioc,
    /// Fill or kill.
    Fok,
    /// Post only.
    PostOnly,
}

impl OrderKind {
    /// The wire value.
    pub fn wire(self) -> contango::OrderType {
        match self {
            OrderKind::Limit => contango::OrderType::Limit,
            OrderKind::Market => contango::OrderType::Market,
            OrderKind::Ioc => contango::OrderType::Ioc,
            OrderKind::Fok => contango::OrderType::Fok,
            OrderKind::PostOnly => contango::OrderType::PostOnly,
        }
    }

    /// The wire's order type, `None` for its catch-all.
    pub fn from_wire(t: &contango::OrderType) -> Option<OrderKind> {
        Some(match t {
            contango::OrderType::Limit => OrderKind::Limit,
            contango::OrderType::Market => OrderKind::Market,
            contango::OrderType::Ioc => OrderKind::Ioc,
            contango::OrderType::Fok => OrderKind::Fok,
            contango::OrderType::PostOnly => OrderKind::PostOnly,
            _ => return None,
        })
    }
}

/// Order status as the simulator moves it: (INIT →) NEW → PARTIALLY_FILLED → FILLED, or to
/// CANCELLED or REJECTED.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
#[cfg_attr(
    feature = "journal",
    derive(borsh::BorshSerialize, borsh::BorshDeserialize)
)]
pub enum OrderStatus {
    /// A conditional order waiting for its trigger (or, attached, for its parent's fill).
    Init,
    /// Accepted, nothing filled.
    New,
    /// Partly filled, still open.
    PartiallyFilled,
    /// Completely filled.
    Filled,
    /// Cancelled (by request, the unfilled rest of MARKET/IOC/FOK, a conditional order by
    /// one-cancels-other, with its parent or its position).
    Cancelled,
    /// A POST_ONLY order that would have traded, or a trigger whose order could not be placed.
    Rejected,
}

impl OrderStatus {
    /// The wire value.
    pub fn wire(self) -> contango::OrderStatus {
        match self {
            OrderStatus::Init => contango::OrderStatus::Init,
            OrderStatus::New => contango::OrderStatus::New,
            OrderStatus::PartiallyFilled => contango::OrderStatus::PartiallyFilled,
            OrderStatus::Filled => contango::OrderStatus::Filled,
            OrderStatus::Cancelled => contango::OrderStatus::Cancelled,
            OrderStatus::Rejected => contango::OrderStatus::Rejected,
        }
    }
}

/// An accepted order.
#[derive(Debug, Clone, PartialEq, Eq)]
#[cfg_attr(
    feature = "journal",
    derive(borsh::BorshSerialize, borsh::BorshDeserialize)
)]
pub struct OrderRecord {
    /// Order id.
    pub id: i64,
    /// Owner.
    pub uid: i64,
    /// Client order id, if given.
    pub client_order_id: Option<String>,
    /// Contract name.
    pub symbol: String,
    /// Direction.
    pub side: Side,
    /// Type (of a conditional order: the type it places).
    pub kind: OrderKind,
    /// Margin mode of the position it opens or closes.
    pub mode: MarginMode,
    /// OPEN (`true`) or CLOSE.
    pub open: bool,
    /// Limit price (as sent, for MARKET too).
    pub price: Decimal,
    /// Contracts.
    pub volume: Decimal,
    /// The `amount` sent (`origAmount`).
    pub amount: Decimal,
    /// Leverage the margin is computed with.
    pub leverage: u32,
    /// Contracts filled.
    pub filled: Decimal,
    /// Σ price × volume of the fills (average price = this / filled).
    pub filled_price_volume: Decimal,
    /// Fees paid so far.
    pub fee: Decimal,
    /// Status.
    pub status: OrderStatus,
    /// Margin still locked for the unfilled rest (OPEN orders in the book).
    pub locked: Decimal,
    /// Creation time (exchange clock).
    pub ctime: i64,
    /// Last change.
    pub mtime: i64,
    /// The trigger of a conditional order; kept once it fired (it stays a conditional order).
    pub condition: Option<Condition>,
    /// The order this one is attached to (a take profit or stop loss of it).
    pub parent: Option<i64>,
    /// The take-profit and stop-loss orders attached to this one.
    pub children: Vec<i64>,
}

impl OrderRecord {
    /// A record of `intent` accepted as `id` at `now`: nothing filled, nothing locked.
    pub fn new(
        id: i64,
        intent: &OrderIntent,
        leverage: u32,
        status: OrderStatus,
        now: i64,
    ) -> Self {
        OrderRecord {
            id,
            uid: intent.uid,
            client_order_id: intent.client_order_id.clone(),
            symbol: intent.symbol.clone(),
            side: intent.side,
            kind: intent.kind,
            mode: intent.mode,
            open: intent.open,
            price: intent.price,
            volume: intent.volume,
            amount: intent.amount,
            leverage,
            filled: Decimal::ZERO,
            filled_price_volume: Decimal::ZERO,
            fee: Decimal::ZERO,
            status,
            locked: Decimal::ZERO,
            ctime: now,
            mtime: now,
            condition: None,
            parent: None,
            children: Vec::new(),
        }
    }

    /// Contracts not yet filled.
    pub fn remaining(&self) -> Decimal {
        self.volume - self.filled
    }

    /// Whether the order is in the book.
    pub fn is_open(&self) -> bool {
        matches!(self.status, OrderStatus::New | OrderStatus::PartiallyFilled)
    }

    /// Whether the order is a conditional one waiting for its trigger.
    pub fn is_waiting(&self) -> bool {
        self.status == OrderStatus::Init
    }

    /// Average fill price (0 before the first fill).
    pub fn avg_price(&self) -> Decimal {
        if self.filled.is_zero() {
            Decimal::ZERO
        } else {
            self.filled_price_volume / self.filled
        }
    }
}

/// Why an order is placed.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
#[cfg_attr(
    feature = "journal",
    derive(borsh::BorshSerialize, borsh::BorshDeserialize)
)]
pub enum Origin {
    /// A `POST /v2/order` request.
    Wire,
    /// The market driver's quotes and trades.
    Driver,
    /// Liquidity added by a test or the admin route.
    Liquidity,
    /// The synthetic order a forced close (liquidation, ADL) is reported under.
    Liquidation,
    /// The trigger of conditional order `order` fired: it becomes the order placed (same id).
    Trigger {
        /// The conditional order.
        order: i64,
    },
}

/// An order to place.
#[derive(Debug, Clone, PartialEq, Eq)]
#[cfg_attr(
    feature = "journal",
    derive(borsh::BorshSerialize, borsh::BorshDeserialize)
)]
pub struct OrderIntent {
    /// Owner.
    pub uid: i64,
    /// Contract name.
    pub symbol: String,
    /// Direction.
    pub side: Side,
    /// Type.
    pub kind: OrderKind,
    /// Margin mode.
    pub mode: MarginMode,
    /// OPEN (`true`) or CLOSE.
    pub open: bool,
    /// Contracts.
    pub volume: Decimal,
    /// Limit price (ignored by MARKET).
    pub price: Decimal,
    /// The `amount` sent (`origAmount`).
    pub amount: Decimal,
    /// Leverage sent with the order; it must match the account's for the contract.
    pub leverage: Option<u32>,
    /// Client order id.
    pub client_order_id: Option<String>,
    /// Why.
    pub origin: Origin,
}

impl OrderIntent {
    /// A LIMIT OPEN cross order of `volume` at `price`, amount `value(volume, price)`.
    pub fn limit(
        uid: i64,
        cfg: &ContractConfig,
        side: Side,
        price: Decimal,
        volume: Decimal,
        origin: Origin,
    ) -> Self {
        OrderIntent {
            uid,
            symbol: cfg.symbol.clone(),
            side,
            kind: OrderKind::Limit,
            mode: MarginMode::Cross,
            open: true,
            volume,
            price,
            amount: value(cfg, volume, price),
            leverage: None,
            client_order_id: None,
            origin,
        }
    }
}

/// The trigger of a conditional order, as sent.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
#[cfg_attr(
    feature = "journal",
    derive(borsh::BorshSerialize, borsh::BorshDeserialize)
)]
pub struct TriggerSpec {
    /// Stop loss or take profit.
    pub kind: TriggerKind,
    /// The price watched.
    pub watched: WatchedPrice,
    /// The trigger price.
    pub price: Decimal,
}

/// What makes an order conditional.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
#[cfg_attr(
    feature = "journal",
    derive(borsh::BorshSerialize, borsh::BorshDeserialize)
)]
pub struct ConditionSpec {
    /// Its trigger.
    pub trigger: TriggerSpec,
    /// What it places when it fires.
    pub places: Places,
    /// The position it closes (`positionId`).
    pub position_id: Option<i64>,
}

/// A take profit or stop loss attached to a new order (`triggerOrderCreateParams` item).
#[derive(Debug, Clone, PartialEq, Eq)]
#[cfg_attr(
    feature = "journal",
    derive(borsh::BorshSerialize, borsh::BorshDeserialize)
)]
pub struct Attached {
    /// Client order id.
    pub client_order_id: Option<String>,
    /// Its trigger.
    pub trigger: TriggerSpec,
    /// LIMIT or MARKET.
    pub kind: OrderKind,
    /// Price of the LIMIT order.
    pub price: Decimal,
}

/// A new-order request read and checked.
#[derive(Debug, Clone, PartialEq, Eq)]
#[cfg_attr(
    feature = "journal",
    derive(borsh::BorshSerialize, borsh::BorshDeserialize)
)]
pub struct Placement {
    /// The order.
    pub intent: OrderIntent,
    /// Its trigger, when it is conditional.
    pub condition: Option<ConditionSpec>,
    /// Orders attached to it.
    pub attached: Vec<Attached>,
}

/// What a trigger protects against.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
#[cfg_attr(
    feature = "journal",
    derive(borsh::BorshSerialize, borsh::BorshDeserialize)
)]
pub enum TriggerKind {
    /// Stop loss (`triggerType` 1).
    StopLoss,
    /// Take profit (`triggerType` 2).
    TakeProfit,
}

impl TriggerKind {
    /// The wire value.
    pub fn wire(self) -> contango::TriggerType {
        match self {
            TriggerKind::StopLoss => contango::TriggerType::StopLoss,
            TriggerKind::TakeProfit => contango::TriggerType::TakeProfit,
        }
    }
}

/// What a conditional order places when it fires.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
#[cfg_attr(
    feature = "journal",
    derive(borsh::BorshSerialize, borsh::BorshDeserialize)
)]
pub enum Places {
    /// The order's own type: LIMIT at its price, or MARKET.
    Order,
    /// A market order closing the whole position.
    Position,
}

/// A group of conditional orders of which only one may fire.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
#[cfg_attr(
    feature = "journal",
    derive(borsh::BorshSerialize, borsh::BorshDeserialize)
)]
pub enum Oco {
    /// The orders attached to one parent.
    Parent(i64),
    /// The conditional orders naming one position.
    Position(i64),
}

/// The trigger of a conditional order and what it is tied to.
#[derive(Debug, Clone, PartialEq, Eq)]
#[cfg_attr(
    feature = "journal",
    derive(borsh::BorshSerialize, borsh::BorshDeserialize)
)]
pub struct Condition {
    /// Stop loss or take profit.
    pub kind: TriggerKind,
    /// The price watched.
    pub watched: WatchedPrice,
    /// The trigger price.
    pub price: Decimal,
    /// What it places.
    pub places: Places,
    /// The position it closes: named by `positionId`, or open when it was armed.
    pub position: Option<i64>,
    /// Its one-cancels-other group.
    pub oco: Option<Oco>,
    /// In the contract's trigger index (an attached order is not until its parent fills).
    pub armed: bool,
    /// Why its order could not be placed when it fired (REJECTED).
    pub rejected: Option<String>,
}

impl Condition {
    /// The wire's `triggerOrderType` of the order carrying this condition.
    pub fn order_type(&self, kind: OrderKind) -> contango::TriggerOrderType {
        match (self.places, kind) {
            (Places::Position, _) => contango::TriggerOrderType::Position,
            (Places::Order, OrderKind::Market) => contango::TriggerOrderType::Market,
            (Places::Order, _) => contango::TriggerOrderType::Limit,
        }
    }
}

/// The direction a trigger of `kind` fires in for an order of `side`.
pub fn direction(kind: TriggerKind, side: Side) -> Crossing {
    match (kind, side) {
        (TriggerKind::StopLoss, Side::Buy) | (TriggerKind::TakeProfit, Side::Sell) => {
            Crossing::Rising
        }
        (TriggerKind::StopLoss, Side::Sell) | (TriggerKind::TakeProfit, Side::Buy) => {
            Crossing::Falling
        }
    }
}

pub(crate) fn slot(side: Side, c: &Condition) -> Slot {
    Slot {
        watched: c.watched,
        direction: direction(c.kind, side),
        price: c.price,
    }
}
