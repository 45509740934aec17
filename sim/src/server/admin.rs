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
//! | `GET /__sim/fills` | none | the latest fills against the market source: `data` = `[{"time","contractName","orderId","uid","side","price","volume","rule","fee"}]` |
//! | `GET /__sim/source` | none | each mirrored contract's source: `data` = `[{"contractName","health":"waiting"\|"live"\|"degraded","reason","lastMs"}]`, and the fills by rule |

use std::sync::Arc;

use axum::body::Bytes;
use axum::extract::{Path, State};
use axum::http::{HeaderMap, Method, Uri};
use axum::response::Response;
use rust_decimal::Decimal;
use serde::Deserialize;

use super::shared::Server;
use super::wire::{error_response, json};
use crate::config::AdminAccess;
use crate::error::{SimError, SimResult};
use crate::exchange::MARKET_MAKER_UID;
use crate::exchange::book::Side;
use crate::exchange::input::{Admin, Answer, Input};
use crate::exchange::market::SourceHealth;
use crate::venue::{Venue, lock};

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

fn side(s: &contango::Side) -> SimResult<Side> {
    Side::from_wire(s).ok_or_else(|| SimError::new(contango::ErrorCode::InvalidSide))
}

/// `POST /__sim/{action}` and `GET /__sim/{view}`.
pub async fn handle(
    State(server): State<Arc<Server>>,
    Path(action): Path<String>,
    method: Method,
    uri: Uri,
    headers: HeaderMap,
    body: Bytes,
) -> Response {
    if let Err(e) = allowed(&server.venue, &method, &uri, &headers, &body) {
        return error_response(&e);
    }
    let answer = if method == Method::GET {
        view(&server.venue, &action)
    } else {
        run(&server, &action, &body)
    };
    match answer {
        Ok(data) => ok(data),
        Err(e) => error_response(&e),
    }
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
            super::auth::check_signed(
                venue,
                &credentials,
                method.as_str(),
                uri.path(),
                uri.query().unwrap_or(""),
                headers,
                body,
            )
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
                    let mirror = m.mirror.as_ref()?;
                    let (health, reason) = match &mirror.health {
                        SourceHealth::Waiting => ("waiting", None),
                        SourceHealth::Live => ("live", None),
                        SourceHealth::Degraded { reason } => ("degraded", Some(reason.clone())),
                    };
                    Some(serde_json::json!({
                        "contractName": symbol,
                        "health": health,
                        "reason": reason,
                        "lastMs": mirror.last_ms,
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
        _ => Err(SimError::new(contango::ErrorCode::UnsupportedOperation).status(404)),
    }
}

fn run(server: &Server, action: &str, body: &[u8]) -> SimResult<serde_json::Value> {
    let venue = &server.venue;
    let admin = |action: Admin| {
        venue.submit(Input::Admin {
            time: venue.clock.now(),
            action,
        })
    };
    match action {
        "mark_price" => {
            let m: MarkPrice = parse(body)?;
            match admin(Admin::SetMark {
                symbol: m.contract_name,
                price: m.price,
            })? {
                Answer::Liquidations(r) => Ok(
                    serde_json::json!({"liquidated": r.liquidated.len(), "deleveraged": r.deleveraged.len()}),
                ),
                other => Err(SimError::internal(format!("unexpected answer {other:?}"))),
            }
        }
        "advance_clock" => {
            let m: Millis = parse(body)?;
            venue.clock.advance(m.millis);
            venue.submit(Input::Tick {
                time: venue.clock.now(),
            })?;
            Ok(serde_json::Value::Null)
        }
        "clock_skew" => {
            let m: Millis = parse(body)?;
            venue.clock.set_skew(m.millis);
            Ok(serde_json::Value::Null)
        }
        "trade" => {
            let t: Liquidity = parse(body)?;
            let side = side(&t.side)?;
            match admin(Admin::PrintTrade {
                symbol: t.contract_name,
                side,
                price: t.price,
                volume: t.volume,
            })? {
                Answer::TradeId(id) => Ok(serde_json::json!({"tradeId": id})),
                other => Err(SimError::internal(format!("unexpected answer {other:?}"))),
            }
        }
        "liquidity" => {
            let l: Liquidity = parse(body)?;
            let side = side(&l.side)?;
            match admin(Admin::AddLiquidity {
                uid: MARKET_MAKER_UID,
                symbol: l.contract_name,
                side,
                price: l.price,
                volume: l.volume,
            })? {
                Answer::OrderId(id) => Ok(serde_json::json!({"orderId": id})),
                other => Err(SimError::internal(format!("unexpected answer {other:?}"))),
            }
        }
        "close_streams" => {
            lock(&venue.hub).close_all("closed by the simulator");
            Ok(serde_json::Value::Null)
        }
        "close_market_streams" => {
            lock(&venue.market_hub).close_all();
            Ok(serde_json::Value::Null)
        }
        "clear_faults" => {
            lock(&server.faults).clear();
            Ok(serde_json::Value::Null)
        }
        _ => Err(SimError::new(contango::ErrorCode::UnsupportedOperation).status(404)),
    }
}
