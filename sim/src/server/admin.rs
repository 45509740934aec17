//! Admin routes, outside the interface's paths, for driving the simulator over HTTP (from
//! another process or language). JSON bodies; answers in the v2 envelope.
//!
//! Who may use them is [`AdminAccess`]: open on a loopback address, off on any other unless
//! configured (`--admin` prints a key); `Signed` wants each request signed with the admin key as
//! the interface's signed requests are, and refuses any other before it changes anything
//! (-1002 without a key, -2015 with another, -1022 for a bad signature; 404 when off).
//!
//! | route | body | effect |
//! | --- | --- | --- |
//! | `POST /__sim/mark_price` | `{"contractName":"E-BTC-USDT","price":"29000"}` | sets the mark price, liquidates; `data` = `{"liquidated":n,"deleveraged":m}` |
//! | `POST /__sim/advance_clock` | `{"millis":3600000}` | moves the exchange clock |
//! | `POST /__sim/clock_skew` | `{"millis":-2000}` | sets the server clock's offset |
//! | `POST /__sim/trade` | `{"contractName":"E-BTC-USDT","side":"SELL","price":"29500","volume":"1"}` | prints a trade of no account: the last price moves, triggers fire; `data` = `{"tradeId":id}` |
//! | `POST /__sim/liquidity` | `{"contractName":"E-BTC-USDT","side":"SELL","price":"30005","volume":"10"}` | a market-maker order; `data` = `{"orderId":id}` |
//! | `POST /__sim/close_streams` | none | closes every stream connection |
//! | `POST /__sim/close_market_streams` | none | closes every market-stream connection |
//! | `POST /__sim/clear_faults` | none | removes injected faults |
//! | `POST /__sim/step` | `{"until_ms":1790000000000}`, `{"frames":100}` or both (to the time, at most the frames) | a driven venue's market moves (`--driven`); `data` = the step's frames, the time, the fills since the last step, the account and the books |
//! | `GET /__sim/report` | none | a driven venue's backtest report (metrics and ledger), once its market is played to the end |
//! | `GET /__sim/tearsheet` | none | the same report as one HTML page (`text/html`, not in the envelope) |
//! | `GET /__sim/fills` | none | the latest fills against the market source: `data` = `[{"time","contractName","orderId","uid","side","price","volume","rule","fee"}]` |
//! | `GET /__sim/source` | none | each source contract's source: `data` = `[{"contractName","health":"waiting"\|"live"\|"degraded","reason","lastMs"}]`, and the fills by rule |
//! | `POST /__sim/accounts` | `{"contract":{"USDT":"1000"},"wallet":{"USDT":"0"}}` (both optional: the funded account's balances) | creates an account; `data` = `{"uid":n,"apiKey":..,"secretKey":..}` |
//! | `GET /__sim/state` | none | the core's live state, for comparing two venues: the clock, the id sequences, every account (its key, never its secret; balances, leverage, positions) and every live order; `data` = `{"now","sequences","accounts","orders"}` |
//!
//! A journaled venue answers an admin route, as any request, once what it changed is committed.

use std::sync::Arc;

use bytes::Bytes;
use hyper::{HeaderMap, Method, StatusCode, Uri};
use rust_decimal::Decimal;
use serde::Deserialize;

use super::control::{Control, side};
use super::driver::{Driver, StepTo};
use super::http::{Response, typed};
use super::shared::Server;
use super::wire::{error_response, json};
use crate::config::AdminAccess;
use crate::error::{SimError, SimResult};
use crate::exchange::MARKET_MAKER_UID;
use crate::exchange::market::SourceHealth;
use crate::venue::Venue;

#[derive(Deserialize)]
struct MarkPrice {
    #[serde(rename = "contractName")]
    contract_name: String,
    #[serde(deserialize_with = "contango::__private::de::wire")]
    price: Decimal,
}

#[derive(Deserialize)]
struct Millis {
    #[serde(deserialize_with = "contango::__private::de::wire")]
    millis: i64,
}

/// A side, price and volume in a contract (`liquidity`, `trade`).
#[derive(Deserialize)]
struct Liquidity {
    #[serde(rename = "contractName")]
    contract_name: String,
    side: contango::Side,
    #[serde(deserialize_with = "contango::__private::de::wire")]
    price: Decimal,
    #[serde(deserialize_with = "contango::__private::de::wire")]
    volume: Decimal,
}

fn parse<'a, T: Deserialize<'a>>(body: &'a [u8]) -> SimResult<T> {
    serde_json::from_slice(body).map_err(SimError::param)
}

fn ok(data: serde_json::Value) -> Response {
    let body = serde_json::json!({"code": "0", "msg": "Success", "data": data});
    json(200, body.to_string())
}

/// `POST /__sim/{action}` and `GET /__sim/{view}`.
pub async fn handle(
    server: Arc<Server>,
    action: String,
    method: Method,
    uri: Uri,
    headers: HeaderMap,
    body: Bytes,
) -> Response {
    if let Err(e) = allowed(&server.venue, &method, &uri, &headers, &body) {
        return error_response(&e);
    }
    // A driven venue's step and report: the driver's (they wait for the market, not the venue).
    let driven = match (action.as_str(), &method) {
        ("step", &Method::POST) => Some(
            async {
                let to = StepTo::parse(&body)?;
                undriven(server.driver())?.step(to).await
            }
            .await,
        ),
        ("report", &Method::GET) => Some(async { undriven(server.driver())?.report().await }.await),
        ("tearsheet", &Method::GET) => {
            return match async { undriven(server.driver())?.tearsheet().await }.await {
                Ok(page) => typed(StatusCode::OK, "text/html; charset=utf-8", page),
                Err(e) => error_response(&e),
            };
        }
        _ => None,
    };
    if let Some(answer) = driven {
        return match answer {
            Ok(data) => ok(data),
            Err(e) => error_response(&e),
        };
    }
    let answer = if method == Method::GET {
        view(&server.venue, &action)
    } else {
        run(&server, &action, &body)
    };
    if let Err(e) = server.venue.settled().await {
        return error_response(&e);
    }
    match answer {
        Ok(data) => ok(data),
        Err(e) => error_response(&e),
    }
}

/// The driver, or why there is none (a venue not started `--driven`).
fn undriven(driver: Option<&Arc<dyn Driver>>) -> SimResult<&Arc<dyn Driver>> {
    driver.ok_or_else(|| {
        SimError::new(contango::ErrorCode::UnsupportedOperation)
            .detail("not a driven venue (contango-sim --market-from FILE --driven)")
            .status(404)
    })
}

/// Whether the admin access in force lets this request through.
fn allowed(
    venue: &Venue,
    method: &Method,
    uri: &Uri,
    headers: &HeaderMap,
    body: &[u8],
) -> SimResult<()> {
    let access = venue.config.admin_access();
    match access {
        AdminAccess::Open => Ok(()),
        AdminAccess::Off => {
            Err(SimError::new(contango::ErrorCode::UnsupportedOperation).status(404))
        }
        AdminAccess::Signed { api_key, secret } => {
            let key = headers
                .get(contango_runtime::AuthHeaders::DEFAULT.api_key)
                .and_then(|v| v.to_str().ok());
            match key {
                None => return Err(SimError::new(contango::ErrorCode::Unauthorized)),
                Some(k) if k != api_key => {
                    return Err(SimError::new(
                        contango::ErrorCode::InvalidApiKeyIpOrPermission,
                    ));
                }
                Some(_) => {}
            }
            let credentials = contango::Credentials::new(api_key, secret);
            let signed = super::auth::Signed {
                method: method.as_str(),
                path: uri.path(),
                query: uri.query().unwrap_or(""),
                headers,
                body,
            };
            super::auth::check_signed(venue, &credentials, &signed, true)
        }
    }
}

/// `GET /__sim/fills` and `GET /__sim/source`.
fn view(venue: &Venue, view: &str) -> SimResult<serde_json::Value> {
    let core = venue.read();
    match view {
        "fills" => Ok(serde_json::Value::Array(
            core.history
                .fills()?
                .iter()
                .map(|f| {
                    serde_json::json!({
                        "time": f.time,
                        "contractName": f.symbol,
                        "orderId": f.order_id,
                        "uid": f.uid,
                        "side": f.side.name(),
                        "price": f.price.to_string(),
                        "volume": f.volume.to_string(),
                        "rule": f.rule.name(),
                        "fee": f.fee.to_string(),
                    })
                })
                .collect(),
        )),
        "source" => {
            let contracts: Vec<serde_json::Value> = core
                .exchange
                .markets()
                .iter()
                .filter_map(|(symbol, m)| {
                    let source = m.source.as_ref()?;
                    let (health, reason) = match &source.health {
                        SourceHealth::Waiting => ("waiting", None),
                        SourceHealth::Live => ("live", None),
                        SourceHealth::Degraded { reason } => ("degraded", Some(reason.clone())),
                    };
                    Some(serde_json::json!({
                        "contractName": symbol,
                        "health": health,
                        "reason": reason,
                        "lastMs": source.last_ms,
                    }))
                })
                .collect();
            let by_rule: serde_json::Map<String, serde_json::Value> = core
                .history
                .fill_counts()?
                .iter()
                .map(|(rule, n)| (rule.name().to_owned(), serde_json::Value::from(*n)))
                .collect();
            Ok(serde_json::json!({"contracts": contracts, "fillsByRule": by_rule}))
        }
        "state" => Ok(state(&core.exchange)),
        _ => Err(SimError::new(contango::ErrorCode::UnsupportedOperation).status(404)),
    }
}

/// The core's live state as JSON (module docs): decimals as text, maps in key order.
fn state(ex: &crate::exchange::Exchange) -> serde_json::Value {
    use serde_json::json;
    let text = |d: &Decimal| d.to_string();
    let accounts: Vec<serde_json::Value> = ex
        .accounts()
        .values()
        .map(|a| {
            let coins: serde_json::Map<String, serde_json::Value> = a
                .coins
                .iter()
                .map(|(c, b)| {
                    let v = json!({"balance": text(&b.balance), "orderLock": text(&b.order_lock), "realized": text(&b.realized)});
                    (c.clone(), v)
                })
                .collect();
            let wallet: serde_json::Map<String, serde_json::Value> = a
                .wallet
                .iter()
                .map(|(c, v)| (c.clone(), json!(text(v))))
                .collect();
            let positions: Vec<serde_json::Value> = a
                .positions
                .values()
                .map(|p| {
                    json!({
                        "id": p.id, "contract": p.symbol, "side": p.side.name(),
                        "mode": format!("{:?}", p.mode), "leverage": p.leverage,
                        "volume": text(&p.volume), "entryValue": text(&p.entry_value),
                        "margin": text(&p.margin), "pendingClose": text(&p.pending_close),
                        "realized": text(&p.realized), "fees": text(&p.fees),
                        "funding": text(&p.funding),
                    })
                })
                .collect();
            json!({
                "uid": a.uid, "apiKey": a.key.key, "wallet": wallet, "coins": coins,
                "leverage": a.leverage, "positions": positions,
            })
        })
        .collect();
    let orders: Vec<serde_json::Value> = ex
        .orders()
        .values()
        .map(|o| {
            json!({
                "id": o.id, "uid": o.uid, "clientOrderId": o.client_order_id,
                "contract": o.symbol, "side": o.side.name(), "type": o.kind.wire().to_string(),
                "status": o.status.wire().to_string(), "open": o.open,
                "price": text(&o.price), "volume": text(&o.volume), "filled": text(&o.filled),
                "locked": text(&o.locked), "parent": o.parent, "children": o.children,
                "trigger": o.condition.as_ref().map(|c| json!({
                    "price": text(&c.price), "kind": c.kind.wire().to_string(),
                    "armed": c.armed, "position": c.position,
                })),
            })
        })
        .collect();
    let s = ex.sequences();
    json!({
        "now": ex.now(),
        "sequences": {"order": s.order, "trade": s.trade, "position": s.position, "uid": s.uid, "record": s.record, "transfer": s.transfer},
        "accounts": accounts,
        "orders": orders,
        "listenKeys": ex.listen_keys().len(),
    })
}

/// `POST /__sim/accounts`: balances per coin.
#[derive(Deserialize, Default)]
struct NewAccount {
    #[serde(default)]
    contract: Option<std::collections::BTreeMap<String, String>>,
    #[serde(default)]
    wallet: Option<std::collections::BTreeMap<String, String>>,
}

fn balances(
    given: Option<std::collections::BTreeMap<String, String>>,
    default: &[(String, Decimal)],
    name: &str,
) -> SimResult<Vec<(String, Decimal)>> {
    match given {
        None => Ok(default.to_vec()),
        Some(map) => map
            .into_iter()
            .map(|(coin, v)| {
                let amount: Decimal = v
                    .parse()
                    .map_err(|_| SimError::param(format!("{name}.{coin}")))?;
                if amount < Decimal::ZERO {
                    return Err(SimError::param(format!("{name}.{coin}")));
                }
                Ok((coin, amount))
            })
            .collect(),
    }
}

fn run(server: &Server, action: &str, body: &[u8]) -> SimResult<serde_json::Value> {
    let control = Control(server);
    let done = || Ok(serde_json::Value::Null);
    match action {
        "mark_price" => {
            let m: MarkPrice = parse(body)?;
            let r = control.set_mark_price(&m.contract_name, m.price)?;
            Ok(
                serde_json::json!({"liquidated": r.liquidated.len(), "deleveraged": r.deleveraged.len()}),
            )
        }
        "advance_clock" => {
            let m: Millis = parse(body)?;
            control.advance_clock(m.millis)?;
            done()
        }
        "clock_skew" => {
            let m: Millis = parse(body)?;
            control.set_clock_skew(m.millis);
            done()
        }
        "trade" => {
            let t: Liquidity = parse(body)?;
            let id = control.print_trade(&t.contract_name, side(&t.side)?, t.price, t.volume)?;
            Ok(serde_json::json!({"tradeId": id}))
        }
        "liquidity" => {
            let l: Liquidity = parse(body)?;
            let (symbol, side) = (&l.contract_name, side(&l.side)?);
            let id = control.add_liquidity(MARKET_MAKER_UID, symbol, side, l.price, l.volume)?;
            Ok(serde_json::json!({"orderId": id}))
        }
        "close_streams" => {
            control.close_streams();
            done()
        }
        "close_market_streams" => {
            control.close_market_streams();
            done()
        }
        "fail_next_commit" => {
            control.fail_next_commit();
            done()
        }
        "clear_faults" => {
            control.clear_faults();
            done()
        }
        "accounts" => {
            let body: &[u8] = if body.iter().all(u8::is_ascii_whitespace) {
                b"{}"
            } else {
                body
            };
            let a: NewAccount = parse(body)?;
            let user = &server.venue.config.user;
            let contract = balances(a.contract, &user.contract_balances, "contract")?;
            let wallet = balances(a.wallet, &user.wallet_balances, "wallet")?;
            let key = crate::keys::fresh("sim");
            let (api_key, secret) = (key.key.clone(), key.secret().to_owned());
            let uid = control.add_account(key, contract, wallet)?;
            Ok(serde_json::json!({"uid": uid, "apiKey": api_key, "secretKey": secret}))
        }
        _ => Err(SimError::new(contango::ErrorCode::UnsupportedOperation).status(404)),
    }
}
