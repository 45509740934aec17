//! The spec's endpoints as tools an agent calls (the MCP server, `contango mcp`): what
//! `generate_cli!` emits for each endpoint beside its subcommand, and what every tool call goes
//! through. The server itself (the protocol, the venues, the risk gate) is `contango-mcp`'s; this
//! is the part generated per spec, so a crate generating its command line from its own spec gets
//! its tools too.
//!
//! A call runs in this order: the arguments against the tool's input schema (the server's, before
//! anything is decoded: the generated enums have a catch-all, so decoding alone would take
//! `BUYY`), then [`decode`] into the generated request type, then the [`Gate`], then the SDK's
//! send path (its validation, its precheck, its dedupe), then the answer as JSON ([`answer`]).

use std::any::Any;
use std::future::Future;
use std::pin::Pin;

use contango_runtime::{ApiCode, EndpointMeta, Error};
use serde::Serialize;
use serde::de::DeserializeOwned;
use serde_json::{Map, Value};

use crate::failure::Failure;
use crate::shape::Shape;

/// One endpoint as a tool: its name and description, its schemas as JSON text (generated from the
/// spec when the macro expanded), and the hints a client shows.
#[derive(Debug, Clone, Copy)]
pub struct ToolInfo {
    /// The tool's name: the spec's endpoint key (`new_order`).
    pub name: &'static str,
    /// What the tool does: the endpoint's doc, its rules and its method and path.
    pub description: &'static str,
    /// JSON Schema (2020-12) of the arguments, wire names as keys.
    pub input_schema: &'static str,
    /// JSON Schema of the structured answer (always an object).
    pub output_schema: &'static str,
    /// A read (GET): it changes nothing.
    pub read_only: bool,
    /// It may change the account irreversibly (orders, cancels, margin, leverage, transfers).
    pub destructive: bool,
    /// Sending it twice does what sending it once does (the spec's `idempotent`).
    pub idempotent: bool,
    /// The answer is a list, given as `{"items": [..]}` (structured content is an object).
    pub list: bool,
}

/// Why a tool call did not succeed: a tool error for the agent to read, never a protocol error.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum ToolError {
    /// An argument is wrong; nothing was sent.
    Argument {
        /// The argument, by its wire name (`side`, `triggerOrderCreateParams[0].price`).
        field: String,
        /// What is wrong with it.
        reason: String,
    },
    /// Refused before signing by a rule of the server (read-only mode, a live call not
    /// confirmed); nothing was sent.
    Refused(String),
    /// Refused before signing by a risk limit; nothing was sent.
    Limit {
        /// The limit's name (`max_order_notional`).
        limit: String,
        /// The value the call would have had, and the maximum (exact decimals as text).
        value: String,
        /// The limit's maximum.
        maximum: String,
        /// The unit of both (`USDT`, a coin, `orders`).
        unit: String,
        /// The refusal in words.
        message: String,
    },
    /// The SDK's failure: the server's error, no answer, an outcome unknown.
    Failed(Failure),
}

impl std::fmt::Display for ToolError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            ToolError::Argument { field, reason } => {
                write!(f, "invalid argument `{field}`: {reason}")
            }
            ToolError::Refused(why) => f.write_str(why),
            ToolError::Limit { message, .. } => f.write_str(message),
            ToolError::Failed(failure) => write!(f, "{failure}"),
        }
    }
}

impl<C: ApiCode> From<Error<C>> for ToolError {
    fn from(e: Error<C>) -> ToolError {
        match e {
            Error::InvalidArgument(ia) => ToolError::Argument {
                field: ia.param.to_string(),
                reason: ia.reason,
            },
            other => ToolError::Failed(Failure::from(other)),
        }
    }
}

impl From<Failure> for ToolError {
    fn from(f: Failure) -> ToolError {
        ToolError::Failed(f)
    }
}

/// What a call passes before it is sent: the server's rules over the decoded request (a risk
/// guard reads an order it knows the type of; read-only mode refuses what is not a read).
pub trait Gate: Send + Sync {
    /// Admits `request` of endpoint `meta`, or refuses it with why.
    fn admit<'a>(
        &'a self,
        meta: EndpointMeta,
        request: &'a (dyn Any + Send + Sync),
    ) -> Pin<Box<dyn Future<Output = Result<(), ToolError>> + Send + 'a>>;
}

/// A gate that admits everything.
#[derive(Debug, Clone, Copy, Default)]
pub struct Open;

impl Gate for Open {
    fn admit<'a>(
        &'a self,
        _: EndpointMeta,
        _: &'a (dyn Any + Send + Sync),
    ) -> Pin<Box<dyn Future<Output = Result<(), ToolError>> + Send + 'a>> {
        Box::pin(std::future::ready(Ok(())))
    }
}

/// A refusal of the SDK's own validation, as a tool error naming the argument.
pub fn invalid(e: contango_runtime::InvalidArgument) -> ToolError {
    ToolError::Argument {
        field: e.param.to_string(),
        reason: e.reason,
    }
}

/// The arguments (already checked against the schema) as the generated request type.
pub fn decode<R: DeserializeOwned>(args: Map<String, Value>) -> Result<R, ToolError> {
    serde_json::from_value(Value::Object(args)).map_err(|e| {
        let text = e.to_string();
        // serde names the field in its message (`missing field `side``, `unknown variant`).
        let field = text
            .split('`')
            .nth(1)
            .filter(|_| text.starts_with("missing field"))
            .unwrap_or("arguments")
            .to_owned();
        ToolError::Argument {
            field,
            reason: text,
        }
    })
}

/// An answer as a tool's structured content: decimals and 64-bit ids as strings (a JavaScript
/// client would round either through a float), a list as `{"items": [..]}`.
pub fn answer<T: Serialize>(value: &T, shape: &Shape, list: bool) -> Result<Value, ToolError> {
    let v = crate::shape::answer_as(value, shape, crate::shape::AsText::DecimalsAndIds)?;
    Ok(wrap(v, list))
}

/// The answer of an endpoint that answers nothing: an empty object.
pub fn nothing() -> Result<Value, ToolError> {
    Ok(Value::Object(Map::new()))
}

fn wrap(v: Value, list: bool) -> Value {
    if list {
        let mut m = Map::new();
        m.insert("items".into(), v);
        Value::Object(m)
    } else {
        v
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::api::Api;
    use crate::commands::Commands;

    fn schema(text: &str) -> Value {
        serde_json::from_str(text).unwrap_or_else(|e| panic!("{e}: {text}"))
    }

    /// Every endpoint but the listen-key ones is a tool, in spec order, named as the spec names
    /// it (at most 64 characters of `[A-Za-z0-9_-]`), with schemas that are JSON objects.
    #[test]
    fn the_shipped_spec_gives_a_tool_per_endpoint_but_the_listen_keys() {
        let names: Vec<&str> = Commands::TOOLS.iter().map(|t| t.name).collect();
        let endpoints: Vec<&str> = Commands::ENDPOINTS
            .iter()
            .map(|e| e.key)
            .filter(|k| !k.contains("listen_key"))
            .collect();
        assert_eq!(names, endpoints);
        for t in Commands::TOOLS {
            assert!(
                t.name.len() <= 64
                    && t.name
                        .bytes()
                        .all(|b| b.is_ascii_alphanumeric() || b == b'_' || b == b'-'),
                "{}",
                t.name
            );
            let input = schema(t.input_schema);
            assert_eq!(input["type"], "object", "{}", t.name);
            assert_eq!(input["additionalProperties"], false, "{}", t.name);
            assert!(input.get("anyOf").is_none(), "{}", t.name);
            assert_eq!(schema(t.output_schema)["type"], "object", "{}", t.name);
        }
    }

    #[test]
    fn schemas_say_what_the_spec_says() {
        let tool = |name: &str| {
            Commands::TOOLS
                .iter()
                .find(|t| t.name == name)
                .unwrap_or_else(|| panic!("{name}"))
        };
        let order = tool("new_order");
        assert!(order.destructive && !order.read_only && !order.idempotent);
        let input = schema(order.input_schema);
        let props = &input["properties"];
        assert_eq!(
            props["product"]["enum"],
            serde_json::json!(["usdt", "coin"])
        );
        assert_eq!(props["side"]["enum"], serde_json::json!(["BUY", "SELL"]));
        assert!(
            props["side"]["description"]
                .as_str()
                .is_some_and(|d| d.contains("BUY (Buy (long))"))
        );
        assert_eq!(props["positionType"]["enum"], serde_json::json!([1, 2]));
        assert_eq!(
            props["volume"]["type"],
            serde_json::json!(["number", "string"])
        );
        assert_eq!(props["leverage"]["minimum"], 1);
        assert_eq!(props["leverage"]["maximum"], 125);
        assert_eq!(props["clientOrderId"]["maxLength"], 31);
        let items = &props["triggerOrderCreateParams"]["items"];
        assert_eq!(items["additionalProperties"], false);
        assert!(
            items["required"]
                .as_array()
                .is_some_and(|r| r.contains(&"triggerPrice".into()))
        );
        let required = input["required"].as_array().cloned().unwrap_or_default();
        assert!(required.contains(&"side".into()) && !required.contains(&"leverage".into()));

        let cancel = tool("cancel_order");
        assert!(
            cancel
                .description
                .contains("Give at least one of: clientOrderId, orderId.")
        );
        let bulk = tool("cancel_all_orders");
        assert!(
            bulk.description
                .contains("Deprecated: the exchange deprecated the bulk cancel")
        );

        let depth = tool("depth");
        assert!(depth.read_only && !depth.destructive && depth.idempotent);
        let trades = tool("my_trades");
        assert!(trades.list);
        let output = schema(trades.output_schema);
        assert_eq!(output["required"], serde_json::json!(["items"]));
        let trade = &output["$defs"]["Trade"]["properties"];
        assert_eq!(trade["tradeId"]["type"], "string", "64-bit ids as text");
        assert_eq!(
            trade["price"]["type"],
            serde_json::json!(["string", "null"])
        );
        // A recursive record refers to itself.
        let orders = schema(tool("open_orders").output_schema);
        assert_eq!(
            orders["$defs"]["Order"]["properties"]["childOrders"]["items"]["$ref"],
            "#/$defs/Order"
        );
    }
}
