//! The built-in precheck `contract_limits` (named in a spec as `precheck: contract_limits`):
//! orders are checked against the limits the server publishes for each contract (minimum and
//! maximum volume and value, price precision, trading status) before anything is sent. The
//! contract comes from a per-client cache of the lookup endpoint's answers (five minutes).
//!
//! The check is written once, here, over [`Limits`] and [`OrderTerms`]; what a spec's generated types
//! hold is read by [`ContractLimited`], which `generate!` implements for each request with this
//! precheck through the `contract_limits!` declarative macro (the facade's own spec and any
//! crate's copy of it alike).
//!
//! Each refusal names the parameter and quotes the meaning of the error code the server would
//! have answered, so the local error reads like the remote one without the round trip.

use std::collections::HashMap;
use std::future::Future;
use std::sync::{Arc, Mutex};
use std::time::{Duration, Instant};

use contango_runtime::{ApiCode, Core, Error, InvalidArgument};
use rust_decimal::Decimal;

/// How long a cached contract is trusted.
const TTL: Duration = Duration::from_secs(300);

/// How long an unavailable contract list is not asked again: orders go out unchecked meanwhile,
/// rather than each paying the lookup's retries.
const UNAVAILABLE_FOR: Duration = Duration::from_secs(30);

/// A contract's published order limits: what the check reads of the spec's contract type.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct Limits {
    /// Contract name.
    pub symbol: String,
    /// Whether the contract's status says it cannot be traded now.
    pub not_trading: bool,
    /// Decimal places a price may have.
    pub price_precision: Option<i32>,
    /// Face value of one contract.
    pub multiplier: Option<Decimal>,
    /// Minimum volume of an order.
    pub min_order_volume: Option<Decimal>,
    /// Minimum value of an order.
    pub min_order_money: Option<Decimal>,
    /// Maximum volume of a market order.
    pub max_market_volume: Option<Decimal>,
    /// Maximum volume of a limit order.
    pub max_limit_volume: Option<Decimal>,
    /// Maximum value of a limit order.
    pub max_limit_money: Option<Decimal>,
}

/// An order, as the check reads it.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct OrderTerms {
    /// Number of contracts.
    pub volume: Decimal,
    /// Limit price (ignored for market orders).
    pub price: Decimal,
    /// A market order: checked on volume only, its value depends on the fills.
    pub market: bool,
    /// Valued as coin-margined (inverse) contracts are: `volume × multiplier / price`.
    pub inverse: bool,
}

/// The former name of [`OrderTerms`] (`contango::Order` is the exchange's order).
#[deprecated(note = "renamed `OrderTerms`")]
pub type Order = OrderTerms;

/// The server's error that a local refusal stands for; each is an error name the spec's table
/// must hold (checked by `generate!`), mapped to its code by [`ContractLimited::code`].
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum ServerCode {
    /// `INVALID_CONTRACT`
    InvalidContract,
    /// `CONTRACT_NOT_TRADABLE`
    ContractNotTradable,
    /// `ORDER_QUANTITY_TOO_SMALL`
    OrderQuantityTooSmall,
    /// `ORDER_QUANTITY_TOO_LARGE` (limit orders)
    OrderQuantityTooLarge,
    /// `ORDER_QUANTITY_EXCEEDS_MAXIMUM` (market orders)
    OrderQuantityExceedsMaximum,
    /// `TOO_MANY_DECIMAL_PLACES`
    TooManyDecimalPlaces,
    /// `ORDER_AMOUNT_TOO_SMALL`
    OrderAmountTooSmall,
    /// `ORDER_AMOUNT_TOO_LARGE`
    OrderAmountTooLarge,
}

/// A request whose endpoint has the `contract_limits` precheck, with the spec's types it is
/// checked against. Implemented by generated code (`contract_limits!`).
pub trait ContractLimited: Sync {
    /// The record the lookup endpoint lists.
    type Contract: Send + Sync + 'static;
    /// The client's product (USDT- or coin-margined).
    type Product: Copy + Send;
    /// The error codes of the spec.
    type Code: ApiCode + PartialEq;
    /// The contract the order is for.
    fn contract_name(&self) -> &str;
    /// The order, valued as `product` values it.
    fn order(&self, product: Self::Product) -> OrderTerms;
    /// The limits `contract` publishes.
    fn limits(contract: &Self::Contract) -> Limits;
    /// The spec's code for `code`.
    fn code(code: ServerCode) -> Self::Code;
    /// The spec's message of `code`, `{0}` where the limit goes.
    fn meaning(code: Self::Code) -> &'static str;
}

/// Contracts by name, with the time they were fetched; and until when the list is unavailable.
/// One per client: [`Core::extension`].
#[derive(Default)]
struct ContractCache {
    entries: Mutex<HashMap<String, (Instant, Arc<Limits>)>>,
    unavailable_until: Mutex<Option<Instant>>,
}

/// The limits of the contract named `name`, from the cache or from `fetch` (the lookup
/// endpoint); `None` when the server lists no such contract.
async fn contract<C, R, F, Fut>(
    core: &Core,
    name: &str,
    fetch: F,
) -> Result<Option<Arc<Limits>>, Error<R::Code>>
where
    R: ContractLimited,
    F: FnOnce(String) -> Fut,
    Fut: Future<Output = Result<C, Error<R::Code>>>,
    C: IntoIterator<Item = R::Contract>,
{
    let cache = core.extension::<ContractCache>();
    let cached = {
        let entries = cache.entries.lock().unwrap_or_else(|p| p.into_inner());
        entries
            .get(name)
            .filter(|(at, _)| at.elapsed() < TTL)
            .map(|(_, c)| c.clone())
    };
    if let Some(c) = cached {
        return Ok(Some(c));
    }
    let down = *cache
        .unavailable_until
        .lock()
        .unwrap_or_else(|p| p.into_inner());
    if down.is_some_and(|until| Instant::now() < until) {
        return Err(Error::Config(
            "contract list unavailable (recently failed)".into(),
        ));
    }
    let list = match fetch(name.to_string()).await {
        Ok(list) => list,
        Err(e) => {
            // A definite "no such contract" is an answer; anything else marks the list unavailable.
            if e.code() != Some(R::code(ServerCode::InvalidContract)) {
                *cache
                    .unavailable_until
                    .lock()
                    .unwrap_or_else(|p| p.into_inner()) = Some(Instant::now() + UNAVAILABLE_FOR);
            }
            return Err(e);
        }
    };
    let Some(found) = list
        .into_iter()
        .map(|c| R::limits(&c))
        .find(|c| c.symbol == name)
    else {
        return Ok(None);
    };
    let found = Arc::new(found);
    let mut entries = cache.entries.lock().unwrap_or_else(|p| p.into_inner());
    entries.insert(name.to_string(), (Instant::now(), found.clone()));
    Ok(Some(found))
}

/// The precheck: refuses an order the contract cannot take. `fetch` calls the lookup endpoint
/// with a contract name; `generate!` passes the client's.
pub async fn precheck<C, R, F, Fut>(
    core: &Core,
    product: R::Product,
    req: &R,
    fetch: F,
) -> Result<(), Error<R::Code>>
where
    R: ContractLimited,
    F: FnOnce(String) -> Fut,
    Fut: Future<Output = Result<C, Error<R::Code>>>,
    C: IntoIterator<Item = R::Contract>,
{
    let name = req.contract_name();
    let unknown = || {
        Error::InvalidArgument(quote::<R>(Refusal {
            param: "contractName",
            what: format!("no contract named `{name}`"),
            code: ServerCode::InvalidContract,
            limit: None,
        }))
    };
    match contract::<C, R, F, Fut>(core, name, fetch).await {
        Ok(Some(limits)) => {
            check(&limits, req.order(product)).map_err(|r| Error::InvalidArgument(quote::<R>(r)))
        }
        Ok(None) => Err(unknown()),
        // The contract list itself says there is no such contract: so would the order endpoint.
        Err(e) if e.code() == Some(R::code(ServerCode::InvalidContract)) => Err(unknown()),
        // Without the contract list the server remains the judge.
        Err(e) => {
            tracing::debug!(error = %e, "contango.precheck skipped: contracts unavailable");
            Ok(())
        }
    }
}

/// Checks a new order against its contract's published limits.
///
/// The order's value is computed as the exchange does: `volume × multiplier × price` for
/// USDT-margined (linear) contracts, `volume × multiplier / price` for coin-margined (inverse)
/// ones. Market orders are checked on volume only: their value depends on the fills.
pub fn check_new_order<R: ContractLimited>(
    c: &R::Contract,
    product: R::Product,
    req: &R,
) -> Result<(), InvalidArgument> {
    check(&R::limits(c), req.order(product)).map_err(quote::<R>)
}

/// Why an order is refused, before it is worded with the spec's error table.
struct Refusal {
    param: &'static str,
    what: String,
    code: ServerCode,
    /// Fills the `{0}` of the code's message.
    limit: Option<String>,
}

/// The check itself, over plain values.
fn check(c: &Limits, order: OrderTerms) -> Result<(), Refusal> {
    if c.not_trading {
        return Err(Refusal {
            param: "contractName",
            what: format!("contract {} is not trading now", c.symbol),
            code: ServerCode::ContractNotTradable,
            limit: None,
        });
    }
    let too_small = |v: Decimal, min: Option<Decimal>| min.is_some_and(|m| v < m);
    let too_large = |v: Decimal, max: Option<Decimal>| max.is_some_and(|m| v > m);
    if too_small(order.volume, c.min_order_volume) {
        return Err(bound(
            "volume",
            order.volume,
            "minimum",
            c.min_order_volume,
            ServerCode::OrderQuantityTooSmall,
        ));
    }
    if order.market {
        if too_large(order.volume, c.max_market_volume) {
            return Err(bound(
                "volume",
                order.volume,
                "maximum",
                c.max_market_volume,
                ServerCode::OrderQuantityExceedsMaximum,
            ));
        }
        return Ok(());
    }
    if too_large(order.volume, c.max_limit_volume) {
        return Err(bound(
            "volume",
            order.volume,
            "maximum",
            c.max_limit_volume,
            ServerCode::OrderQuantityTooLarge,
        ));
    }
    if let Some(places) = c.price_precision {
        let scale = order.price.normalize().scale();
        if i64::from(scale) > i64::from(places) {
            return Err(Refusal {
                param: "price",
                what: format!(
                    "{} has {scale} decimal places; the contract allows {places}",
                    order.price
                ),
                code: ServerCode::TooManyDecimalPlaces,
                limit: Some(places.to_string()),
            });
        }
    }
    // A non-positive price is the server's to refuse (-1138); there is no value to check.
    let value = match c.multiplier {
        _ if order.price <= Decimal::ZERO => None,
        Some(m) if order.inverse => order
            .volume
            .checked_mul(m)
            .and_then(|x| x.checked_div(order.price)),
        Some(m) => order
            .volume
            .checked_mul(m)
            .and_then(|x| x.checked_mul(order.price)),
        None => None,
    };
    if let Some(value) = value {
        if too_small(value, c.min_order_money) {
            return Err(bound(
                "price",
                value,
                "minimum order value",
                c.min_order_money,
                ServerCode::OrderAmountTooSmall,
            ));
        }
        if too_large(value, c.max_limit_money) {
            return Err(bound(
                "price",
                value,
                "maximum order value",
                c.max_limit_money,
                ServerCode::OrderAmountTooLarge,
            ));
        }
    }
    Ok(())
}

fn bound(
    param: &'static str,
    v: Decimal,
    which: &str,
    limit: Option<Decimal>,
    code: ServerCode,
) -> Refusal {
    let limit = limit.unwrap_or_default();
    Refusal {
        param,
        what: format!("{v} is beyond the contract's {which} {limit}"),
        code,
        limit: Some(limit.to_string()),
    }
}

/// An `InvalidArgument` that quotes what the server's code would have said.
fn quote<R: ContractLimited>(r: Refusal) -> InvalidArgument {
    let code = R::code(r.code);
    let mut meaning = R::meaning(code).to_string();
    if let Some(limit) = &r.limit {
        meaning = meaning.replace("{0}", limit);
    }
    InvalidArgument::new(
        r.param,
        format!("{} ({} {}: {meaning})", r.what, code.code(), code.name()),
    )
}

/// Implements [`ContractLimited`] for a generated request and defines the precheck function
/// its endpoint names: what `generate!` emits for `precheck: contract_limits`, with the Rust
/// names of the spec's fields (the spec's validation checked that each exists, with its type).
/// Other names (`Client`, `Error`, `ErrorCode`, `Product`) are the invoking crate's generated ones.
#[doc(hidden)]
#[macro_export]
macro_rules! contract_limits {
    (
        precheck $fn:ident for $req:ident {
            contract_name: $name:ident,
            volume: $volume:ident,
            price: $price:ident,
            market: $order_type:ident == $order_enum:ident :: $market:ident,
        }
        lookup $lookup:ident -> $contract:ident {
            symbol: $symbol:ident,
            not_trading: $status:ident == $status_enum:ident :: $not_trading:ident,
            $($limit:ident: $field:ident,)*
        }
        inverse products [$($inverse:ident)*]
    ) => {
        impl $crate::checks::ContractLimited for $req {
            type Contract = $contract;
            type Product = Product;
            type Code = ErrorCode;
            fn contract_name(&self) -> &str {
                &self.$name
            }
            fn order(&self, product: Product) -> $crate::checks::OrderTerms {
                $crate::checks::OrderTerms {
                    volume: self.$volume,
                    price: self.$price,
                    market: self.$order_type == $order_enum::$market,
                    inverse: match product {
                        $(Product::$inverse => true,)*
                        #[allow(unreachable_patterns)]
                        _ => false,
                    },
                }
            }
            fn limits(c: &$contract) -> $crate::checks::Limits {
                // Required or optional in the spec: both read as an `Option`.
                let status: ::std::option::Option<&$status_enum> =
                    ::std::convert::Into::into(&c.$status);
                $crate::checks::Limits {
                    symbol: c.$symbol.clone(),
                    not_trading: status == ::std::option::Option::Some(&$status_enum::$not_trading),
                    $($limit: ::std::convert::Into::into(c.$field),)*
                }
            }
            fn code(code: $crate::checks::ServerCode) -> ErrorCode {
                use $crate::checks::ServerCode as S;
                match code {
                    S::InvalidContract => ErrorCode::InvalidContract,
                    S::ContractNotTradable => ErrorCode::ContractNotTradable,
                    S::OrderQuantityTooSmall => ErrorCode::OrderQuantityTooSmall,
                    S::OrderQuantityTooLarge => ErrorCode::OrderQuantityTooLarge,
                    S::OrderQuantityExceedsMaximum => ErrorCode::OrderQuantityExceedsMaximum,
                    S::TooManyDecimalPlaces => ErrorCode::TooManyDecimalPlaces,
                    S::OrderAmountTooSmall => ErrorCode::OrderAmountTooSmall,
                    S::OrderAmountTooLarge => ErrorCode::OrderAmountTooLarge,
                }
            }
            fn meaning(code: ErrorCode) -> &'static str {
                code.message_template()
            }
        }

        /// The `contract_limits` precheck of this endpoint.
        async fn $fn(client: &Client, req: &$req) -> ::std::result::Result<(), Error> {
            $crate::checks::precheck(client.core(), client.product(), req, move |name| {
                client.$lookup(name).send()
            })
            .await
        }
    };
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::{
        Contract, ContractStatus, NewOrder, NewOrderRequest, Open, OrderType, PositionType,
        Product, Side,
    };
    use rust_decimal_macros::dec;

    fn contract() -> Contract {
        serde_json::from_str(
            r#"{"symbol":"E-BTC-USDT","status":1,"pricePrecision":1,"multiplier":0.0001,"minOrderVolume":10,
                "minOrderMoney":50,"maxMarketVolume":500000,"maxMarketMoney":50000,"maxLimitVolume":100000,
                "maxLimitMoney":200000}"#,
        )
        .expect("contract")
    }

    fn order(t: OrderType, volume: Decimal, amount: Decimal, price: Decimal) -> NewOrderRequest {
        NewOrderRequest::new(NewOrder {
            contract_name: "E-BTC-USDT".into(),
            side: Side::Buy,
            order_type: t,
            position_type: PositionType::Cross,
            open: Open::Open,
            volume,
            amount,
            price,
        })
    }

    fn refused(r: Result<(), InvalidArgument>, param: &str, code: i64) {
        let e = r.expect_err("refused");
        assert_eq!(e.param, param, "{e}");
        assert!(e.to_string().contains(&code.to_string()), "{e}");
    }

    #[test]
    fn within_limits_passes() {
        let c = contract();
        let usdt = Product::UsdtMargined;
        // 100 × 0.0001 × 30000 = 300 USDT.
        check_new_order(
            &c,
            usdt,
            &order(OrderType::Limit, dec!(100), dec!(0), dec!(30000.0)),
        )
        .expect("ok");
        check_new_order(
            &c,
            usdt,
            &order(OrderType::Market, dec!(500000), dec!(0), dec!(0)),
        )
        .expect("market: volume only");
    }

    #[test]
    fn each_limit_is_refused_with_the_servers_meaning() {
        let c = contract();
        let usdt = Product::UsdtMargined;
        refused(
            check_new_order(
                &c,
                usdt,
                &order(OrderType::Limit, dec!(9), dec!(0), dec!(30000)),
            ),
            "volume",
            -1136,
        );
        refused(
            check_new_order(
                &c,
                usdt,
                &order(OrderType::Limit, dec!(100001), dec!(0), dec!(30000)),
            ),
            "volume",
            -1137,
        );
        refused(
            check_new_order(
                &c,
                usdt,
                &order(OrderType::Market, dec!(500001), dec!(0), dec!(0)),
            ),
            "volume",
            -1154,
        );
        // 10 × 0.0001 × 40000 = 40 < 50.
        refused(
            check_new_order(
                &c,
                usdt,
                &order(OrderType::Limit, dec!(10), dec!(0), dec!(40000)),
            ),
            "price",
            -1160,
        );
        // 90000 × 0.0001 × 30000 = 270000 > 200000.
        refused(
            check_new_order(
                &c,
                usdt,
                &order(OrderType::Limit, dec!(90000), dec!(0), dec!(30000)),
            ),
            "price",
            -1161,
        );
        let e = check_new_order(
            &c,
            usdt,
            &order(OrderType::Limit, dec!(100), dec!(0), dec!(30000.25)),
        )
        .expect_err("precision");
        assert_eq!(e.param, "price");
        assert!(e.to_string().contains("maximum of 1 decimal places"), "{e}");
        let mut halted = contract();
        halted.status = Some(ContractStatus::CannotTrade);
        refused(
            check_new_order(
                &halted,
                usdt,
                &order(OrderType::Limit, dec!(100), dec!(0), dec!(30000)),
            ),
            "contractName",
            -1146,
        );
    }

    #[test]
    fn coin_margined_value_is_inverse() {
        let mut c = contract();
        c.multiplier = Some(dec!(100));
        c.min_order_money = Some(dec!(0.001));
        c.max_limit_money = Some(dec!(1));
        // 10 × 100 / 30000 = 0.0333 BTC: within.
        check_new_order(
            &c,
            Product::CoinMargined,
            &order(OrderType::Limit, dec!(10), dec!(0), dec!(30000)),
        )
        .expect("ok");
        // 1000 × 100 / 30000 = 3.33 BTC > 1.
        refused(
            check_new_order(
                &c,
                Product::CoinMargined,
                &order(OrderType::Limit, dec!(1000), dec!(0), dec!(30000)),
            ),
            "price",
            -1161,
        );
    }
}
