//! The tools a trader asks for in one call, over the shipped spec: each small, built on the
//! endpoint tools (so answers have the same shape: decimals and 64-bit ids as text) and the SDK.
//!
//! - `account_state`: balances, positions, working and conditional orders, and the outcome of
//!   any call whose caller went away after its order was sent;
//! - `book`: best bid and ask, spread, mid, the top levels and how old the book is;
//! - `funding`: the mark and index prices, the funding rates and the time to the next funding;
//! - `place_protected_order`: an entry with its stop loss and take profit in one order;
//! - `check_order`: the SDK's checks and the risk gate as a dry run: what would be refused and
//!   why, with nothing sent;
//! - `risk_status`: the limits and where each margin coin stands today.

use std::collections::BTreeSet;
use std::sync::Arc;

use contango::risk::RiskGuard;
use contango::{Client, NewOrderRequest};
use contango_cli::Api;
use contango_cli::commands::Commands;
use contango_cli::tools::{Gate, Open, ToolError};
use rmcp::model::{Tool, ToolAnnotations};
use rust_decimal::Decimal;
use serde_json::{Map, Value, json};

use crate::composite::{Answer, Composites};
use crate::gate::RiskGate;
use crate::outcome::Late;

/// The composite tools, over a client (and its gate) per product line.
pub struct Trader {
    clients: Vec<(&'static str, Client, Arc<RiskGate>)>,
    guard: Arc<RiskGuard>,
    late: Arc<Late>,
}

impl std::fmt::Debug for Trader {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("Trader").finish_non_exhaustive()
    }
}

/// How many levels a side `book` shows.
const LEVELS: usize = 5;

impl Trader {
    /// The tools over `clients` (each with its gate), judged by `guard`.
    pub fn new(
        clients: Vec<(&'static str, Client, Arc<RiskGate>)>,
        guard: Arc<RiskGuard>,
        late: Arc<Late>,
    ) -> Trader {
        Trader {
            clients,
            guard,
            late,
        }
    }

    fn of(&self, product: &str) -> Result<(&Client, &Arc<RiskGate>), ToolError> {
        self.clients
            .iter()
            .find(|(p, _, _)| *p == product)
            .map(|(_, c, g)| (c, g))
            .ok_or_else(|| ToolError::Refused(format!("no product line `{product}`")))
    }

    /// An endpoint tool's answer (a read, through the open gate).
    async fn read(&self, client: &Client, tool: &str, args: Value) -> Result<Value, ToolError> {
        let Value::Object(args) = args else {
            return Err(ToolError::Refused("arguments are an object".into()));
        };
        Commands::call_tool(client, tool, args, &Open).await
    }

    async fn account_state(
        &self,
        product: &str,
        args: Map<String, Value>,
    ) -> Result<Value, ToolError> {
        let (client, _) = self.of(product)?;
        let account = self.read(client, "account", json!({})).await?;
        let mut positions = Vec::new();
        let mut contracts: BTreeSet<String> = strings(args.get("contracts"));
        for balance in account["account"].as_array().into_iter().flatten() {
            for group in balance["positionVos"].as_array().into_iter().flatten() {
                let name = group["contractName"].as_str().unwrap_or_default();
                for p in group["positions"].as_array().into_iter().flatten() {
                    let mut p = p.clone();
                    p["contractName"] = json!(name);
                    positions.push(p);
                    contracts.insert(name.to_owned());
                }
            }
        }
        contracts.extend(self.guard_contracts());
        let (mut open, mut conditional) = (Vec::new(), Vec::new());
        for contract in &contracts {
            let orders = self
                .read(client, "open_orders", json!({"contractName": contract}))
                .await?;
            for o in orders["items"].as_array().into_iter().flatten() {
                if o["status"] == json!("INIT") {
                    conditional.push(o.clone());
                } else {
                    open.push(o.clone());
                }
            }
        }
        let balances: Vec<Value> = account["account"]
            .as_array()
            .into_iter()
            .flatten()
            .map(|b| {
                let mut b = b.clone();
                if let Value::Object(m) = &mut b {
                    m.remove("positionVos");
                }
                b
            })
            .collect();
        Ok(json!({
            "balances": balances,
            "positions": positions,
            "open_orders": open,
            "conditional_orders": conditional,
            "contracts_read": contracts,
            "late_outcomes": self.late.take(),
        }))
    }

    /// The contracts this server has judged orders for (their open orders are read too).
    fn guard_contracts(&self) -> Vec<String> {
        self.clients
            .iter()
            .flat_map(|(_, _, g)| g.contracts())
            .collect()
    }

    async fn book(&self, product: &str, args: Map<String, Value>) -> Result<Value, ToolError> {
        let (client, _) = self.of(product)?;
        let contract = text(&args, "contractName")?;
        let depth = self
            .read(
                client,
                "depth",
                json!({"contractName": contract, "limit": LEVELS}),
            )
            .await?;
        let level = |side: &str| -> Vec<(Decimal, Decimal)> {
            depth[side]
                .as_array()
                .into_iter()
                .flatten()
                .filter_map(|l| Some((decimal(&l[0])?, decimal(&l[1])?)))
                .collect()
        };
        let (bids, asks) = (level("bids"), level("asks"));
        let (bid, ask) = (bids.first().map(|l| l.0), asks.first().map(|l| l.0));
        let spread = bid.zip(ask).map(|(b, a)| a - b);
        let mid = bid
            .zip(ask)
            .map(|(b, a)| ((a + b) / Decimal::TWO).normalize());
        let now = client.core().timestamp_ms();
        let age_ms = depth["time"]
            .as_i64()
            .or_else(|| depth["time"].as_str().and_then(|t| t.parse().ok()))
            .map(|t| now - t);
        let side = |levels: &[(Decimal, Decimal)]| -> Vec<Value> {
            levels
                .iter()
                .map(|(p, q)| json!([p.to_string(), q.to_string()]))
                .collect()
        };
        Ok(json!({
            "contractName": contract,
            "best_bid": bid.map(|d| d.to_string()),
            "best_ask": ask.map(|d| d.to_string()),
            "spread": spread.map(|d| d.to_string()),
            "mid": mid.map(|d| d.to_string()),
            "bids": side(&bids),
            "asks": side(&asks),
            "age_ms": age_ms,
            "stale": age_ms.is_some_and(|a| a > 10_000),
        }))
    }

    async fn funding(&self, product: &str, args: Map<String, Value>) -> Result<Value, ToolError> {
        let (client, _) = self.of(product)?;
        let contract = text(&args, "contractName")?;
        let index = self
            .read(client, "index", json!({"contractName": contract}))
            .await?;
        Ok(json!({
            "contractName": contract,
            "mark_price": index["tagPrice"],
            "index_price": index["indexPrice"],
            "funding_rate": index["currentFundRate"],
            "next_funding_rate": index["nextFundRate"],
            "seconds_to_funding": index["remainingSecond"],
        }))
    }

    /// `place_protected_order`'s arguments as a new order with its stop loss and take profit
    /// attached (`triggerOrderCreateParams`).
    fn protected(args: &Map<String, Value>) -> Map<String, Value> {
        let mut order = args.clone();
        let watch = match order.remove("protectBy").as_ref().and_then(Value::as_str) {
            Some("mark") => 2,
            _ => 1,
        };
        let mut legs = Vec::new();
        for (key, trigger_type) in [("stopLoss", 1), ("takeProfit", 2)] {
            if let Some(price) = order.remove(key) {
                legs.push(json!({
                    "triggerType": trigger_type, "triggerPriceType": watch,
                    "triggerPrice": price, "type": "MARKET", "price": "0"
                }));
            }
        }
        order.insert("open".into(), json!("OPEN"));
        order.insert("triggerOrderCreateParams".into(), Value::Array(legs));
        order
    }

    async fn place_protected(
        &self,
        product: &str,
        args: Map<String, Value>,
    ) -> Result<Value, ToolError> {
        let (client, gate) = self.of(product)?;
        Commands::call_tool(
            client,
            "new_order",
            Self::protected(&args),
            &**gate as &dyn Gate,
        )
        .await
    }

    async fn check_order(
        &self,
        product: &str,
        args: Map<String, Value>,
    ) -> Result<Value, ToolError> {
        let (client, gate) = self.of(product)?;
        let mut checks = Vec::new();
        let mut pass = |check: &str, outcome: Result<(), ToolError>| {
            let ok = outcome.is_ok();
            checks.push(match outcome {
                Ok(()) => json!({"check": check, "passed": true}),
                Err(e) => {
                    json!({"check": check, "passed": false, "why": crate::outcome::error_json(&e)})
                }
            });
            ok
        };
        let request = contango_cli::tools::decode::<NewOrderRequest>(args);
        let request = match request {
            Ok(r) => r,
            Err(e) => {
                pass("arguments", Err(e));
                return Ok(json!({"would_send": false, "checks": checks, "sent": false}));
            }
        };
        let mut ok = pass(
            "arguments",
            contango::Endpoint::validate(&request).map_err(contango_cli::tools::invalid),
        );
        let limits = contango::checks::precheck(
            client.core(),
            client.product(),
            &request,
            contango::checks::Lookup::WholeList,
            |name: Option<String>| {
                let mut lookup = client.contracts();
                if let Some(name) = name {
                    lookup = lookup.contract_name(name);
                }
                lookup.send()
            },
        )
        .await
        .map_err(ToolError::from);
        ok &= pass("contract_limits", limits);
        ok &= pass("risk_limits", gate.judge(&request, false).await);
        Ok(json!({"would_send": ok, "checks": checks, "sent": false}))
    }
}

fn strings(v: Option<&Value>) -> BTreeSet<String> {
    v.and_then(Value::as_array)
        .into_iter()
        .flatten()
        .filter_map(|s| s.as_str().map(str::to_owned))
        .collect()
}

fn text(args: &Map<String, Value>, key: &str) -> Result<String, ToolError> {
    args.get(key)
        .and_then(Value::as_str)
        .map(str::to_owned)
        .ok_or_else(|| ToolError::Argument {
            field: key.into(),
            reason: "is required".into(),
        })
}

fn decimal(v: &Value) -> Option<Decimal> {
    match v {
        Value::String(s) => Decimal::from_str_exact(s).ok(),
        Value::Number(n) => Decimal::from_str_exact(&n.to_string()).ok(),
        _ => None,
    }
}

/// A composite tool's listing.
fn tool(
    name: &'static str,
    description: &'static str,
    read_only: bool,
    properties: Value,
    required: &[&str],
) -> Tool {
    let mut props = match properties {
        Value::Object(m) => m,
        _ => Map::new(),
    };
    props.insert(
        "product".into(),
        json!({"type": "string", "enum": ["usdt", "coin"], "description": "The product line; usdt when left out."}),
    );
    let hints = ToolAnnotations::new()
        .read_only(read_only)
        .destructive(!read_only)
        .idempotent(read_only);
    crate::composite::tool(name, description, props, required, hints)
}

/// The new order tool's argument schemas (generated from the spec), by name.
fn order_properties() -> Map<String, Value> {
    Commands::TOOLS
        .iter()
        .find(|t| t.name == "new_order")
        .and_then(|t| serde_json::from_str::<Value>(t.input_schema).ok())
        .and_then(|s| s.get("properties").and_then(Value::as_object).cloned())
        .unwrap_or_default()
}

impl Composites for Trader {
    fn tools(&self) -> Vec<Tool> {
        Trader::listing()
    }

    fn call<'a>(
        &'a self,
        product: &'static str,
        name: &'a str,
        args: Map<String, Value>,
    ) -> Answer<'a> {
        Box::pin(self.dispatch(product, name, args))
    }
}

impl Trader {
    /// The composite tools as listed.
    pub fn listing() -> Vec<Tool> {
        let contract = json!({"contractName": {"type": "string", "description": "Contract name, e.g. E-BTC-USDT."}});
        let mut order = order_properties();
        order.remove("product");
        let mut protected = Map::new();
        for key in [
            "contractName",
            "clientOrderId",
            "side",
            "type",
            "positionType",
            "volume",
            "amount",
            "price",
            "leverage",
        ] {
            if let Some(p) = order.get(key) {
                protected.insert(key.into(), p.clone());
            }
        }
        let price = json!({"type": ["number", "string"], "pattern": "^-?[0-9]+(\\.[0-9]+)?$"});
        protected.insert("stopLoss".into(), json!({"description": "The stop loss's trigger price: when the watched price reaches it, the filled quantity closes at market.", "type": price["type"], "pattern": price["pattern"]}));
        protected.insert("takeProfit".into(), json!({"description": "The take profit's trigger price: when the watched price reaches it, the filled quantity closes at market. A stop loss and a take profit together cancel each other.", "type": price["type"], "pattern": price["pattern"]}));
        protected.insert("protectBy".into(), json!({"type": "string", "enum": ["last", "mark"], "description": "The price the stop loss and take profit watch: the last trade (the default) or the mark."}));
        vec![
            tool(
                "account_state",
                "Balances, positions, working orders and conditional orders (stop losses and take profits waiting for their trigger) of the account, with the outcome of any call whose caller went away after its order was sent. The working orders are read for the contracts with a position, those this server placed orders in, and those named.",
                true,
                json!({"contracts": {"type": "array", "items": {"type": "string"}, "description": "More contracts whose orders to read."}}),
                &[],
            ),
            tool(
                "book",
                "The order book of a contract at a glance: best bid and ask, spread, mid, the top five levels a side, and how old the book is (stale past 10 s).",
                true,
                contract.clone(),
                &["contractName"],
            ),
            tool(
                "funding",
                "The mark price, the index price, the current and next funding rates (fractions: 0.0001 is 0.01 %, paid by longs when positive) and the seconds to the next funding of a contract.",
                true,
                contract,
                &["contractName"],
            ),
            tool(
                "place_protected_order",
                "Opens a position with its stop loss and take profit in one order: the entry (LIMIT or MARKET), and orders attached to it that wait for its fills, then close what filled at market when the watched price reaches their trigger. Checked against the risk limits like every order.",
                false,
                Value::Object(protected),
                &[
                    "contractName",
                    "side",
                    "type",
                    "positionType",
                    "volume",
                    "amount",
                    "price",
                ],
            ),
            tool(
                "check_order",
                "A dry run of new_order with the same arguments: the SDK's checks (the arguments, the contract's published limits) and the risk limits, saying what would be refused and why. Nothing is sent.",
                true,
                Value::Object(order),
                &[
                    "contractName",
                    "side",
                    "type",
                    "positionType",
                    "open",
                    "volume",
                    "amount",
                    "price",
                ],
            ),
            tool(
                "risk_status",
                "The risk limits every order is checked against before it is sent (which no tool can change), the new orders of the last minute, and each margin coin's realised result today (net of fees and funding) with whether it has turned the account reducing-only.",
                true,
                json!({}),
                &[],
            ),
        ]
    }

    async fn dispatch(
        &self,
        product: &'static str,
        name: &str,
        args: Map<String, Value>,
    ) -> Result<Value, ToolError> {
        match name {
            "account_state" => self.account_state(product, args).await,
            "book" => self.book(product, args).await,
            "funding" => self.funding(product, args).await,
            "place_protected_order" => self.place_protected(product, args).await,
            "check_order" => self.check_order(product, args).await,
            "risk_status" => {
                let (client, _) = self.of(product)?;
                let status = self
                    .guard
                    .status(client.core().timestamp_ms(), &Default::default());
                serde_json::to_value(&status)
                    .map_err(|e| ToolError::Refused(format!("cannot write the status: {e}")))
            }
            other => Err(ToolError::Refused(format!("no tool named `{other}`"))),
        }
    }
}
