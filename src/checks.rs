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

/// How often a name the whole list lacks makes the list be asked again (a contract listed since).
const UNKNOWN_REFETCH: Duration = Duration::from_secs(10);

/// How the lookup endpoint finds a contract: how the spec declares its name parameter.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Lookup {
    /// The name is required (the 2023 document's reading): asked for one contract at a time.
    ByName,
    /// The name is optional (the exchange's current page): the whole list is asked for once and
    /// cached; a server that refuses the bare call is asked by name from then on.
    WholeList,
}

/// What a client knows of the contracts. One per client: [`Core::extension`].
#[derive(Default)]
struct ContractCache(Mutex<Known>);

#[derive(Default)]
struct Known {
    /// Contracts by name, with the time they were fetched.
    entries: HashMap<String, (Instant, Arc<Limits>)>,
    /// When the whole list was last fetched.
    listed_at: Option<Instant>,
    /// The server refused the bare call: every lookup names its contract.
    bare_refused: bool,
    /// Until when the list is not asked again after a failure.
    unavailable_until: Option<Instant>,
}

impl ContractCache {
    fn known(&self) -> std::sync::MutexGuard<'_, Known> {
        self.0.lock().unwrap_or_else(|p| p.into_inner())
    }
}

/// Whether `e` is the server refusing the request itself (a bare `contracts` call to a server
/// that requires the name), not a failure that asking again could mend.
fn refused<C: ApiCode>(e: &Error<C>) -> bool {
    match e {
        Error::Api { .. } => e.retry_class() == contango_runtime::RetryClass::Never,
        Error::Http { status, .. } => (400..500).contains(status) && ![418, 429].contains(status),
        _ => false,
    }
}

/// The limits of the contract named `name`, from the client's cache or from `fetch` (the lookup
/// endpoint, given the name or, for the whole list, `None`); `None` when the server lists no
/// such contract. With [`Lookup::WholeList`] the list is asked for once per five minutes; a name it
/// lacks asks again at most every 10 s; a refused bare call falls back to asking
/// by name. The precheck and the watchers share it.
pub async fn limits_of<C, Code, F, Fut>(
    core: &Core,
    name: &str,
    lookup: Lookup,
    limits: fn(&C::Item) -> Limits,
    invalid_contract: Code,
    fetch: F,
) -> Result<Option<Arc<Limits>>, Error<Code>>
where
    Code: ApiCode + PartialEq,
    F: Fn(Option<String>) -> Fut,
    Fut: Future<Output = Result<C, Error<Code>>>,
    C: IntoIterator,
{
    let cache = core.extension::<ContractCache>();
    let whole = {
        let known = cache.known();
        if let Some((_, c)) = known.entries.get(name).filter(|(at, _)| at.elapsed() < TTL) {
            return Ok(Some(c.clone()));
        }
        if known
            .unavailable_until
            .is_some_and(|until| Instant::now() < until)
        {
            return Err(Error::Config(
                "contract list unavailable (recently failed)".into(),
            ));
        }
        let whole = lookup == Lookup::WholeList && !known.bare_refused;
        if whole
            && known
                .listed_at
                .is_some_and(|at| at.elapsed() < UNKNOWN_REFETCH)
        {
            // The list was fetched moments ago and does not have it.
            return Ok(None);
        }
        whole
    };
    let unavailable = |cache: &ContractCache| {
        cache.known().unavailable_until = Some(Instant::now() + UNAVAILABLE_FOR);
    };
    if whole {
        match fetch(None).await {
            Ok(list) => {
                let now = Instant::now();
                let mut known = cache.known();
                for c in list {
                    let l = limits(&c);
                    known.entries.insert(l.symbol.clone(), (now, Arc::new(l)));
                }
                known.listed_at = Some(now);
                return Ok(known.entries.get(name).map(|(_, c)| c.clone()));
            }
            Err(e) if refused(&e) => {
                tracing::debug!(error = %e, "contango.contracts: the bare call is refused; asking by name");
                cache.known().bare_refused = true;
            }
            Err(e) => {
                unavailable(&cache);
                return Err(e);
            }
        }
    }
    let list = match fetch(Some(name.to_string())).await {
        Ok(list) => list,
        Err(e) => {
            // A definite "no such contract" is an answer; anything else marks the list unavailable.
            if e.code() != Some(invalid_contract) {
                unavailable(&cache);
            }
            return Err(e);
        }
    };
    let Some(found) = list
        .into_iter()
        .map(|c| limits(&c))
        .find(|c| c.symbol == name)
    else {
        return Ok(None);
    };
    let found = Arc::new(found);
    cache
        .known()
        .entries
        .insert(name.to_string(), (Instant::now(), found.clone()));
    Ok(Some(found))
}

/// The precheck: refuses an order the contract cannot take. `fetch` calls the lookup endpoint
/// (with a contract name, or none for the whole list); `generate!` passes the client's.
pub async fn precheck<C, R, F, Fut>(
    core: &Core,
    product: R::Product,
    req: &R,
    lookup: Lookup,
    fetch: F,
) -> Result<(), Error<R::Code>>
where
    R: ContractLimited,
    F: Fn(Option<String>) -> Fut,
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
    let invalid = R::code(ServerCode::InvalidContract);
    match limits_of(core, name, lookup, R::limits, invalid, fetch).await {
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
        precheck $fn:ident guard $guard:ident for $req:ident {
            contract_name: $name:ident,
            volume: $volume:ident,
            price: $price:ident,
            market: $order_type:ident == $order_enum:ident :: $market:ident,
        }
        lookup $lookup:ident($($by:tt)+) -> $contract:ident {
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
            $crate::contract_limits!(@lookup client, req, $lookup, $($by)+)
        }

        /// The risk guard installed on the client, if any (`contango::risk::install`): it runs
        /// whether or not the prechecks do, after the request's own validation.
        async fn $guard(client: &Client, req: &$req) -> ::std::result::Result<(), Error> {
            if $crate::risk::installed_any(client) {
                $crate::__private::endpoint::Endpoint::validate(req).map_err(Error::InvalidArgument)?;
                $crate::risk::guarded(client, req).await
            } else {
                ::std::result::Result::Ok(())
            }
        }
    };
    // The lookup's name is its one required argument: asked by name only.
    (@lookup $client:ident, $req:ident, $lookup:ident, required) => {
        $crate::checks::precheck(
            $client.core(),
            $client.product(),
            $req,
            $crate::checks::Lookup::ByName,
            move |name: ::std::option::Option<::std::string::String>| {
                $client.$lookup(name.unwrap_or_default()).send()
            },
        )
        .await
    };
    // The name is optional: the whole list first.
    (@lookup $client:ident, $req:ident, $lookup:ident, optional $setter:ident) => {
        $crate::checks::precheck(
            $client.core(),
            $client.product(),
            $req,
            $crate::checks::Lookup::WholeList,
            move |name: ::std::option::Option<::std::string::String>| {
                let mut lookup = $client.$lookup();
                if let ::std::option::Option::Some(name) = name {
                    lookup = lookup.$setter(name);
                }
                lookup.send()
            },
        )
        .await
    };
}

/// The limits of the contract named `name`, as the facade's precheck knows them (shared with
/// it, so the watchers ask for the list the precheck has already fetched).
pub(crate) async fn facade_limits(
    client: &crate::Client,
    name: &str,
) -> Result<Option<Arc<Limits>>, crate::Error> {
    limits_of(
        client.core(),
        name,
        Lookup::WholeList,
        <crate::NewOrderRequest as ContractLimited>::limits,
        crate::ErrorCode::InvalidContract,
        |name: Option<String>| {
            let mut lookup = client.contracts();
            if let Some(name) = name {
                lookup = lookup.contract_name(name);
            }
            lookup.send()
        },
    )
    .await
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

    /// A client core that sends nothing: the lookups below are closures.
    fn core() -> Core {
        Core::builder()
            .base_url("http://127.0.0.1:9")
            .build()
            .expect("core")
    }

    fn named(symbol: &str) -> Contract {
        let mut c = contract();
        c.symbol = symbol.into();
        c
    }

    /// The lookups made, and what a fake `contracts` answers: the whole list (unless refused)
    /// or the one named.
    struct Fake {
        asked: std::sync::Mutex<Vec<Option<String>>>,
        listed: std::sync::Mutex<Vec<&'static str>>,
        bare_refused: bool,
    }

    impl Fake {
        fn new(listed: &[&'static str], bare_refused: bool) -> Fake {
            Fake {
                asked: Default::default(),
                listed: std::sync::Mutex::new(listed.to_vec()),
                bare_refused,
            }
        }

        fn fetch(
            &self,
            name: Option<String>,
        ) -> std::future::Ready<Result<Vec<Contract>, crate::Error>> {
            self.asked.lock().expect("lock").push(name.clone());
            let listed = self.listed.lock().expect("lock").clone();
            std::future::ready(match name {
                None if self.bare_refused => Err(Error::Api {
                    code: crate::ErrorCode::ParamEmptyOrMalformed,
                    message: "contractName".into(),
                    status: 400,
                    endpoint: "contracts",
                }),
                None => Ok(listed.iter().map(|s| named(s)).collect()),
                Some(n) if listed.contains(&n.as_str()) => Ok(vec![named(&n)]),
                Some(_) => Err(Error::Api {
                    code: crate::ErrorCode::InvalidContract,
                    message: "invalid contract".into(),
                    status: 400,
                    endpoint: "contracts",
                }),
            })
        }

        fn asked(&self) -> Vec<Option<String>> {
            self.asked.lock().expect("lock").clone()
        }
    }

    async fn found(core: &Core, fake: &Fake, lookup: Lookup, name: &str) -> Option<String> {
        limits_of(
            core,
            name,
            lookup,
            <NewOrderRequest as ContractLimited>::limits,
            crate::ErrorCode::InvalidContract,
            |n| fake.fetch(n),
        )
        .await
        .expect("an answer")
        .map(|l| l.symbol.clone())
    }

    #[tokio::test]
    async fn the_whole_list_is_asked_once_and_an_unknown_name_asks_again_once() {
        let (core, fake) = (core(), Fake::new(&["E-BTC-USDT", "E-ETH-USDT"], false));
        let all = Lookup::WholeList;
        for name in ["E-BTC-USDT", "E-ETH-USDT", "E-BTC-USDT"] {
            assert_eq!(found(&core, &fake, all, name).await.as_deref(), Some(name));
        }
        assert_eq!(fake.asked(), [None], "one bare call for every contract");
        // Not listed moments ago: unknown, without asking again.
        assert_eq!(found(&core, &fake, all, "E-SOL-USDT").await, None);
        assert_eq!(fake.asked(), [None]);
        // Listed since, and the list older than the refetch interval: asked again, once.
        fake.listed.lock().expect("lock").push("E-SOL-USDT");
        let aged = Instant::now().checked_sub(UNKNOWN_REFETCH);
        core.extension::<ContractCache>().known().listed_at = aged;
        let sol = found(&core, &fake, all, "E-SOL-USDT").await;
        assert_eq!(sol.as_deref(), Some("E-SOL-USDT"));
        assert_eq!(found(&core, &fake, all, "E-SOL-USDT").await, sol);
        assert_eq!(fake.asked(), [None, None]);
    }

    #[tokio::test]
    async fn a_refused_bare_call_falls_back_to_asking_by_name_for_good() {
        let (core, fake) = (core(), Fake::new(&["E-BTC-USDT", "E-ETH-USDT"], true));
        let all = Lookup::WholeList;
        let btc = found(&core, &fake, all, "E-BTC-USDT").await;
        assert_eq!(btc.as_deref(), Some("E-BTC-USDT"));
        let eth = found(&core, &fake, all, "E-ETH-USDT").await;
        assert_eq!(eth.as_deref(), Some("E-ETH-USDT"));
        let by_name = |n: &str| Some(n.to_string());
        assert_eq!(
            fake.asked(),
            [None, by_name("E-BTC-USDT"), by_name("E-ETH-USDT")],
            "the bare call once, then by name"
        );
        // A name the server does not know is its definite answer.
        let e = limits_of(
            &core,
            "E-SOL-USDT",
            all,
            <NewOrderRequest as ContractLimited>::limits,
            crate::ErrorCode::InvalidContract,
            |n| fake.fetch(n),
        )
        .await
        .expect_err("no such contract");
        assert_eq!(e.code(), Some(crate::ErrorCode::InvalidContract));
    }

    #[tokio::test]
    async fn a_required_name_is_always_asked_by_name() {
        let (core, fake) = (core(), Fake::new(&["E-BTC-USDT"], false));
        let btc = found(&core, &fake, Lookup::ByName, "E-BTC-USDT").await;
        assert_eq!(btc.as_deref(), Some("E-BTC-USDT"));
        assert_eq!(fake.asked(), [Some("E-BTC-USDT".to_string())]);
    }
}
