//! Stop loss and take profit in one line: the built-in helpers a spec names on its new-order
//! endpoint (`helpers: [conditional_orders]`).
//!
//! ```no_run
//! # async fn f(client: contango::Client) -> Result<(), contango::Error> {
//! use contango::conditional::Trigger;
//! use contango::{NewOrder, Open, OrderType, PositionType, Side};
//! use rust_decimal_macros::dec;
//! // A long with its protection: once it fills, a stop loss at 29000 (last trade price) and a
//! // take profit at 31000 (mark price) cover what it filled; when one fires, the other goes.
//! let entry = NewOrder {
//!     contract_name: "E-BTC-USDT".into(),
//!     side: Side::Buy,
//!     order_type: OrderType::Limit,
//!     position_type: PositionType::Cross,
//!     open: Open::Open,
//!     volume: dec!(5),
//!     amount: dec!(750),
//!     price: dec!(30000),
//! };
//! client
//!     .new_order(entry)
//!     .stop_loss(dec!(29000))
//!     .take_profit(Trigger::mark(dec!(31000)))
//!     .send()
//!     .await?;
//! // A stop on a position already open (`Side::Buy`: the long): the whole long closes at market
//! // when the mark price falls to 28500.
//! client
//!     .stop_loss("E-BTC-USDT", Side::Buy, PositionType::Cross, Trigger::mark(dec!(28500)))
//!     .send()
//!     .await?;
//! # Ok(()) }
//! ```
//!
//! The rules the exchange follows (directions, what fires, one-cancels-other) are in
//! `docs/design.md`, Conditional orders. The helpers are written once here, over plain values
//! ([`Trigger`], [`Protection`]); `generate!` invokes [`conditional_orders!`](crate::conditional_orders)
//! with the names the spec gives the endpoint's parameters and enums, so any crate generating from
//! its own copy of the spec gets them.

use rust_decimal::Decimal;

/// The price a trigger watches.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Default)]
pub enum Watch {
    /// The contract's last trade price (`triggerPriceType` 1).
    #[default]
    LastPrice,
    /// The contract's mark price (`triggerPriceType` 2).
    MarkPrice,
}

/// What a conditional order protects against (the exchange's `triggerType`); with the order's
/// side it sets the direction the trigger fires in.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Protection {
    /// Stop loss (`triggerType` 1): a SELL fires when the price falls to the trigger, a BUY
    /// when it rises to it.
    StopLoss,
    /// Take profit (`triggerType` 2): a SELL fires when the price rises to the trigger, a BUY
    /// when it falls to it.
    TakeProfit,
}

/// A trigger: the price that fires it, the price it watches and what it places. A bare
/// `Decimal` converts into one that watches the last trade price and places a market order.
#[derive(Debug, Clone, PartialEq, Eq)]
#[must_use]
pub struct Trigger {
    /// The price that fires it.
    pub price: Decimal,
    /// The price it watches.
    pub watch: Watch,
    /// The price of the LIMIT order it places; `None`: a MARKET order.
    pub limit: Option<Decimal>,
    /// The client order id of the order it is.
    pub client_order_id: Option<String>,
}

impl Trigger {
    /// Fires when the last trade price reaches `price`.
    pub fn last(price: Decimal) -> Self {
        Trigger {
            price,
            watch: Watch::LastPrice,
            limit: None,
            client_order_id: None,
        }
    }

    /// Fires when the mark price reaches `price`.
    pub fn mark(price: Decimal) -> Self {
        Trigger {
            watch: Watch::MarkPrice,
            ..Self::last(price)
        }
    }

    /// Places a LIMIT order at `price` when it fires (a MARKET order otherwise).
    pub fn limit(mut self, price: Decimal) -> Self {
        self.limit = Some(price);
        self
    }

    /// Gives the order a client order id (fewer than 32 characters).
    pub fn client_order_id(mut self, id: impl Into<String>) -> Self {
        self.client_order_id = Some(id.into());
        self
    }

    /// The exchange's `type` of the order it places.
    pub fn order_type(&self) -> &'static str {
        if self.limit.is_some() {
            "LIMIT"
        } else {
            "MARKET"
        }
    }

    /// The price sent with the order it places: its limit price, else the trigger price (a
    /// MARKET order's price is not used).
    pub fn order_price(&self) -> Decimal {
        self.limit.unwrap_or(self.price)
    }
}

impl From<Decimal> for Trigger {
    fn from(price: Decimal) -> Self {
        Trigger::last(price)
    }
}

/// The helpers of a new-order endpoint, from the Rust names its spec gives to what they set
/// (resolved and checked by `generate!`): on the request and its builder, `stop_loss` and
/// `take_profit` attach orders to an OPEN order, `when` makes the order itself conditional and
/// `whole_position` makes it close a whole position; on the client, `stop_loss` and
/// `take_profit` protect a position already open.
#[doc(hidden)]
#[macro_export]
macro_rules! conditional_orders {
    (
        request $req:ident builder $builder:ident {
            order: $order:ident {
                contract_name: $contract:ident,
                side: $side:ident: $side_enum:ident { buy: $buy:ident, sell: $sell:ident },
                order_type: $order_type:ident: $type_enum:ident { limit: $limit:ident, market: $market:ident },
                position_type: $position_type:ident: $position_enum:ident,
                open: $open:ident: $open_enum:ident { close: $close:ident },
                volume: $volume:ident,
                amount: $amount:ident,
                price: $price:ident,
            },
            condition_order: $condition:ident,
            trigger_type: $trigger_type:ident: $trigger_enum:ident { stop_loss: $stop_loss:ident, take_profit: $take_profit:ident },
            trigger_price_type: $price_type:ident: $price_type_enum:ident { last: $last:ident, mark: $mark:ident },
            trigger_price: $trigger_price:ident,
            trigger_order_type: $places:ident: $places_enum:ident { position: $whole:ident },
            position_id: $position_id:ident,
            client_order_id: $client_order_id:ident,
            attached: $attached:ident: $item:ident {
                client_order_id: $item_id:ident,
                trigger_type: $item_trigger:ident,
                trigger_price_type: $item_price_type:ident,
                trigger_price: $item_price:ident,
                order_type: $item_type:ident,
                price: $item_order_price:ident,
            },
        }
    ) => {
        impl $req {
            fn trigger_type_of(p: $crate::conditional::Protection) -> $trigger_enum {
                match p {
                    $crate::conditional::Protection::StopLoss => $trigger_enum::$stop_loss,
                    $crate::conditional::Protection::TakeProfit => $trigger_enum::$take_profit,
                }
            }

            fn price_type_of(t: &$crate::conditional::Trigger) -> $price_type_enum {
                match t.watch {
                    $crate::conditional::Watch::LastPrice => $price_type_enum::$last,
                    $crate::conditional::Watch::MarkPrice => $price_type_enum::$mark,
                }
            }

            fn order_type_of(t: &$crate::conditional::Trigger) -> $type_enum {
                if t.limit.is_some() {
                    $type_enum::$limit
                } else {
                    $type_enum::$market
                }
            }

            /// Attaches a stop loss to this OPEN order: once it fills, a CLOSE order covering what
            /// it filled waits for `trigger` (a bare price: the last trade price, at market).
            pub fn stop_loss(
                self,
                trigger: impl ::std::convert::Into<$crate::conditional::Trigger>,
            ) -> Self {
                self.attach($crate::conditional::Protection::StopLoss, trigger.into())
            }

            /// Attaches a take profit to this OPEN order (as [`Self::stop_loss`]); a stop loss
            /// and a take profit attached together cancel each other.
            pub fn take_profit(
                self,
                trigger: impl ::std::convert::Into<$crate::conditional::Trigger>,
            ) -> Self {
                self.attach($crate::conditional::Protection::TakeProfit, trigger.into())
            }

            /// Attaches a take-profit or stop-loss order.
            pub fn attach(
                mut self,
                protection: $crate::conditional::Protection,
                trigger: $crate::conditional::Trigger,
            ) -> Self {
                let item = $item {
                    $item_id: trigger.client_order_id.clone(),
                    $item_trigger: Self::trigger_type_of(protection),
                    $item_price_type: Self::price_type_of(&trigger),
                    $item_price: trigger.price,
                    $item_type: Self::order_type_of(&trigger),
                    $item_order_price: trigger.order_price(),
                };
                self.$attached
                    .get_or_insert_with(::std::vec::Vec::new)
                    .push(item);
                self
            }

            /// Makes this order a conditional one: it waits until `trigger` is reached, then is
            /// placed (as a LIMIT order at the trigger's limit price, or a MARKET order).
            pub fn when(
                mut self,
                protection: $crate::conditional::Protection,
                trigger: impl ::std::convert::Into<$crate::conditional::Trigger>,
            ) -> Self {
                let trigger = trigger.into();
                self.$condition = ::std::option::Option::Some(true);
                self.$trigger_type = ::std::option::Option::Some(Self::trigger_type_of(protection));
                self.$price_type = ::std::option::Option::Some(Self::price_type_of(&trigger));
                self.$trigger_price = ::std::option::Option::Some(trigger.price);
                self.$order_type = Self::order_type_of(&trigger);
                self.$price = trigger.order_price();
                if trigger.client_order_id.is_some() {
                    self.$client_order_id = trigger.client_order_id;
                }
                self
            }

            /// Makes this conditional order close a whole position when it fires, at market,
            /// whatever its volume then: the one named by `position_id` (conditional orders
            /// naming one position cancel each other), or the one its side closes.
            pub fn whole_position(mut self, position_id: ::std::option::Option<i64>) -> Self {
                self.$places = ::std::option::Option::Some($places_enum::$whole);
                self.$order_type = $type_enum::$market;
                self.$position_id = position_id;
                self
            }

            /// A conditional order that closes the whole position of `contract` on `position`
            /// (`BUY` a long, `SELL` a short) in margin mode `margin` when `trigger` is reached.
            /// The volume sent is 1 (the parameter is required; the exchange closes whatever the
            /// position holds).
            pub fn close_position_when(
                contract: impl ::std::convert::Into<::std::string::String>,
                position: $side_enum,
                margin: $position_enum,
                protection: $crate::conditional::Protection,
                trigger: impl ::std::convert::Into<$crate::conditional::Trigger>,
            ) -> Self {
                let closing = if position == $side_enum::$sell {
                    $side_enum::$buy
                } else {
                    $side_enum::$sell
                };
                let trigger = trigger.into();
                let order = $order {
                    $contract: contract.into(),
                    $side: closing,
                    $order_type: $type_enum::$market,
                    $position_type: margin,
                    $open: $open_enum::$close,
                    $volume: $crate::__private::rust_decimal::Decimal::ONE,
                    $amount: $crate::__private::rust_decimal::Decimal::ZERO,
                    $price: trigger.order_price(),
                };
                Self::new(order)
                    .when(protection, trigger)
                    .whole_position(::std::option::Option::None)
            }
        }

        impl $builder<'_> {
            /// Attaches a stop loss to this OPEN order (see the request's `stop_loss`).
            pub fn stop_loss(
                mut self,
                trigger: impl ::std::convert::Into<$crate::conditional::Trigger>,
            ) -> Self {
                self.request = self.request.stop_loss(trigger);
                self
            }

            /// Attaches a take profit to this OPEN order (see the request's `take_profit`).
            pub fn take_profit(
                mut self,
                trigger: impl ::std::convert::Into<$crate::conditional::Trigger>,
            ) -> Self {
                self.request = self.request.take_profit(trigger);
                self
            }

            /// Attaches a take-profit or stop-loss order.
            pub fn attach(
                mut self,
                protection: $crate::conditional::Protection,
                trigger: $crate::conditional::Trigger,
            ) -> Self {
                self.request = self.request.attach(protection, trigger);
                self
            }

            /// Makes this order a conditional one (see the request's `when`).
            pub fn when(
                mut self,
                protection: $crate::conditional::Protection,
                trigger: impl ::std::convert::Into<$crate::conditional::Trigger>,
            ) -> Self {
                self.request = self.request.when(protection, trigger);
                self
            }

            /// Makes this conditional order close a whole position (see the request's
            /// `whole_position`).
            pub fn whole_position(mut self, position_id: ::std::option::Option<i64>) -> Self {
                self.request = self.request.whole_position(position_id);
                self
            }
        }

        impl Client {
            /// A stop loss on the open position of `contract` on `position` (`BUY` a long,
            /// `SELL` a short): when `trigger` is reached (a bare price: the last trade price),
            /// the whole position closes at market. Name the position with `.position_id(id)`
            /// to make its stop loss and take profit cancel each other.
            pub fn stop_loss(
                &self,
                contract: impl ::std::convert::Into<::std::string::String>,
                position: $side_enum,
                margin: $position_enum,
                trigger: impl ::std::convert::Into<$crate::conditional::Trigger>,
            ) -> $builder<'_> {
                $builder {
                    client: self,
                    request: $req::close_position_when(
                        contract,
                        position,
                        margin,
                        $crate::conditional::Protection::StopLoss,
                        trigger,
                    ),
                }
            }

            /// A take profit on the open position of `contract` on `position` (as
            /// [`Client::stop_loss`]).
            pub fn take_profit(
                &self,
                contract: impl ::std::convert::Into<::std::string::String>,
                position: $side_enum,
                margin: $position_enum,
                trigger: impl ::std::convert::Into<$crate::conditional::Trigger>,
            ) -> $builder<'_> {
                $builder {
                    client: self,
                    request: $req::close_position_when(
                        contract,
                        position,
                        margin,
                        $crate::conditional::Protection::TakeProfit,
                        trigger,
                    ),
                }
            }
        }
    };
}
