//! Test helpers: an exchange fed inputs directly, with the orders that left it kept for
//! inspection.

use std::collections::BTreeMap;

use contango::Product;
use rust_decimal::Decimal;

use super::book::Side;
use super::input::{Admin, Answer, Command, Input};
use super::order::{OrderIntent, OrderKind, OrderRecord, Origin, Placement};
use super::positions::MarginMode;
use super::records::Record;
use super::{Exchange, USER_UID};
use crate::config::SimConfig;
use crate::error::{SimError, SimResult};

/// An exchange and what left it.
#[derive(Debug)]
pub(crate) struct Bed {
    pub ex: Exchange,
    pub done: BTreeMap<i64, OrderRecord>,
    pub records: Vec<Record>,
}

impl Bed {
    /// The exchange of `config` at time 0.
    pub fn new(config: &SimConfig) -> Bed {
        let (ex, records) = Exchange::new(config, 0).unwrap_or_else(|e| panic!("{e}"));
        Bed {
            ex,
            done: BTreeMap::new(),
            records,
        }
    }

    /// The default exchange at time 0.
    pub fn default_exchange() -> Bed {
        Bed::new(&SimConfig::default())
    }

    /// Applies `input`, keeping what left.
    pub fn apply(&mut self, input: Input) -> SimResult<Answer> {
        let (answer, effects) = self.ex.apply(input);
        for r in effects.records {
            if let Record::Order { order, .. } = &r {
                self.done.insert(order.id, order.clone());
            }
            self.records.push(r);
        }
        answer
    }

    /// Places `placement` for its intent's owner at `now`.
    pub fn place(&mut self, placement: Placement, now: i64) -> SimResult<i64> {
        let uid = placement.intent.uid;
        match self.apply(Input::Request {
            uid,
            time: now,
            command: Command::PlaceOrder {
                product: Product::UsdtMargined,
                placement,
            },
        })? {
            Answer::OrderId(id) => Ok(id),
            other => Err(SimError::internal(format!("{other:?}"))),
        }
    }

    /// A LIMIT OPEN order of `uid` through the normal path.
    pub fn liquidity(
        &mut self,
        uid: i64,
        symbol: &str,
        side: Side,
        price: Decimal,
        volume: Decimal,
        now: i64,
    ) -> SimResult<i64> {
        match self.apply(Input::Admin {
            time: now,
            action: Admin::AddLiquidity {
                uid,
                symbol: symbol.to_owned(),
                side,
                price,
                volume,
            },
        })? {
            Answer::OrderId(id) => Ok(id),
            other => Err(SimError::internal(format!("{other:?}"))),
        }
    }

    /// Order `id`, live or done.
    pub fn order(&self, id: i64) -> Option<&OrderRecord> {
        self.ex.order(id).or_else(|| self.done.get(&id))
    }
}

/// An order of the funded account in `symbol`: `kind` `side` `volume` at `price`, OPEN, cross.
pub(crate) fn order(
    symbol: &str,
    side: Side,
    kind: OrderKind,
    volume: &str,
    price: &str,
) -> Placement {
    let dec = |s: &str| s.parse::<Decimal>().unwrap_or_default();
    Placement {
        intent: OrderIntent {
            uid: USER_UID,
            symbol: symbol.to_owned(),
            side,
            kind,
            mode: MarginMode::Cross,
            open: true,
            volume: dec(volume),
            price: dec(price),
            amount: Decimal::ZERO,
            leverage: None,
            client_order_id: None,
            origin: Origin::Wire,
        },
        condition: None,
        attached: Vec::new(),
    }
}
