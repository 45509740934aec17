//! Checks of requests against the limits the server publishes for each contract (minimum and
//! maximum volume and value, price precision, trading status), before anything is sent. The
//! contract comes from a per-client cache of `/contracts` answers (five minutes).
//!
//! Each refusal names the parameter and quotes the meaning of the error code the server would
//! have answered, so the local error reads like the remote one without the round trip.

use std::collections::HashMap;
use std::sync::{Arc, Mutex};
use std::time::{Duration, Instant};

use rust_decimal::Decimal;

use crate::{
    Client, Contract, ContractStatus, Error, ErrorCode, InvalidArgument, NewOrderRequest,
    OrderType, Product,
};

/// How long a cached contract is trusted.
const TTL: Duration = Duration::from_secs(300);

/// How long an unavailable contract list is not asked again: orders go out unchecked meanwhile,
/// rather than each paying the lookup's retries.
const UNAVAILABLE_FOR: Duration = Duration::from_secs(30);

/// Contracts by name, with the time they were fetched; and until when the list is unavailable.
#[derive(Default)]
struct ContractCache {
    entries: Mutex<HashMap<String, (Instant, Arc<Contract>)>>,
    unavailable_until: Mutex<Option<Instant>>,
}

/// The contract named `name`, from the cache or the server; `None` when the server lists none.
async fn contract(client: &Client, name: &str) -> Result<Option<Arc<Contract>>, Error> {
    let cache = client.core().extension::<ContractCache>();
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
    let list = match client.contracts(name).send().await {
        Ok(list) => list,
        Err(e) => {
            // A definite "no such contract" is an answer; anything else marks the list unavailable.
            if e.code() != Some(ErrorCode::InvalidContract) {
                *cache
                    .unavailable_until
                    .lock()
                    .unwrap_or_else(|p| p.into_inner()) = Some(Instant::now() + UNAVAILABLE_FOR);
            }
            return Err(e);
        }
    };
    let Some(found) = list.into_iter().find(|c| c.symbol == name) else {
        return Ok(None);
    };
    let found = Arc::new(found);
    let mut entries = cache.entries.lock().unwrap_or_else(|p| p.into_inner());
    entries.insert(name.to_string(), (Instant::now(), found.clone()));
    Ok(Some(found))
}

/// The precheck of `new_order` (named by the spec): refuses an order the contract cannot take.
pub(crate) async fn new_order(client: &Client, req: &NewOrderRequest) -> Result<(), Error> {
    match contract(client, &req.contract_name).await {
        Ok(Some(c)) => check_new_order(&c, client.product(), req).map_err(Error::InvalidArgument),
        Ok(None) => Err(Error::InvalidArgument(refusal(
            "contractName",
            format!("no contract named `{}`", req.contract_name),
            ErrorCode::InvalidContract,
            &[],
        ))),
        // The contract list itself says there is no such contract: so would the order endpoint.
        Err(Error::Api {
            code: code @ ErrorCode::InvalidContract,
            ..
        }) => Err(Error::InvalidArgument(refusal(
            "contractName",
            format!("no contract named `{}`", req.contract_name),
            code,
            &[],
        ))),
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
pub fn check_new_order(
    c: &Contract,
    product: Product,
    req: &NewOrderRequest,
) -> Result<(), InvalidArgument> {
    if c.status == Some(ContractStatus::CannotTrade) {
        return Err(refusal(
            "contractName",
            format!("contract {} is not trading now", c.symbol),
            ErrorCode::ContractNotTradable,
            &[],
        ));
    }
    let market = req.order_type == OrderType::Market;
    let too_small = |v: Decimal, min: Option<Decimal>| min.is_some_and(|m| v < m);
    let too_large = |v: Decimal, max: Option<Decimal>| max.is_some_and(|m| v > m);
    if too_small(req.volume, c.min_order_volume) {
        return Err(bound(
            "volume",
            req.volume,
            "minimum",
            c.min_order_volume,
            ErrorCode::OrderQuantityTooSmall,
        ));
    }
    if market {
        if too_large(req.volume, c.max_market_volume) {
            return Err(bound(
                "volume",
                req.volume,
                "maximum",
                c.max_market_volume,
                ErrorCode::OrderQuantityExceedsMaximum,
            ));
        }
        return Ok(());
    }
    if too_large(req.volume, c.max_limit_volume) {
        return Err(bound(
            "volume",
            req.volume,
            "maximum",
            c.max_limit_volume,
            ErrorCode::OrderQuantityTooLarge,
        ));
    }
    if let Some(places) = c.price_precision {
        let scale = req.price.normalize().scale();
        if i64::from(scale) > i64::from(places) {
            return Err(refusal(
                "price",
                format!(
                    "{} has {scale} decimal places; the contract allows {places}",
                    req.price
                ),
                ErrorCode::TooManyDecimalPlaces,
                &[&places.to_string()],
            ));
        }
    }
    // A non-positive price is the server's to refuse (-1138); there is no value to check.
    let value = match (c.multiplier, product) {
        _ if req.price <= Decimal::ZERO => None,
        (Some(m), Product::CoinMargined) => req
            .volume
            .checked_mul(m)
            .and_then(|x| x.checked_div(req.price)),
        (Some(m), _) => req
            .volume
            .checked_mul(m)
            .and_then(|x| x.checked_mul(req.price)),
        (None, _) => None,
    };
    if let Some(value) = value {
        if too_small(value, c.min_order_money) {
            return Err(bound(
                "price",
                value,
                "minimum order value",
                c.min_order_money,
                ErrorCode::OrderAmountTooSmall,
            ));
        }
        if too_large(value, c.max_limit_money) {
            return Err(bound(
                "price",
                value,
                "maximum order value",
                c.max_limit_money,
                ErrorCode::OrderAmountTooLarge,
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
    code: ErrorCode,
) -> InvalidArgument {
    let limit = limit.unwrap_or_default();
    refusal(
        param,
        format!("{v} is beyond the contract's {which} {limit}"),
        code,
        &[&limit.to_string()],
    )
}

/// An `InvalidArgument` that quotes what the server's code `code` would have said.
fn refusal(param: &'static str, what: String, code: ErrorCode, args: &[&str]) -> InvalidArgument {
    let mut meaning = code.message_template().to_string();
    for (i, a) in args.iter().enumerate() {
        meaning = meaning.replace(&format!("{{{i}}}"), a);
    }
    InvalidArgument::new(
        param,
        format!("{what} ({} {}: {meaning})", code.code(), code.name()),
    )
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::{NewOrder, Open, PositionType, Side};
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
