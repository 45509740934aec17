//! The MCP server: the spec's tools (generated with the command line, [`Api::TOOLS`]) and the
//! composite ones beside them, over one client per product line.
//!
//! A call: the arguments against the tool's input schema ([`crate::schema`]), the product line
//! taken out, then the generated dispatch ([`Api::call_tool`]: decode, the gate, the SDK's send
//! path). Every failure is a tool error (`isError`) whose text and structured content name what
//! failed: the argument, the limit, the server's code. Nothing of it is a protocol error.

use std::collections::HashMap;
use std::sync::Arc;

use contango::recording::Recorder;
use contango_cli::Api;
use contango_cli::tools::{Gate, ToolError, ToolInfo};
use rmcp::model::{
    CallToolRequestParams, CallToolResponse, CallToolResult, Implementation, ListToolsResult,
    PaginatedRequestParams, ServerCapabilities, ServerConfig, Tool, ToolAnnotations,
};
use rmcp::service::RequestContext;
use rmcp::{ErrorData, RoleServer, ServerHandler};
use serde_json::{Map, Value, json};

use crate::composite::Composites;
use crate::schema;

/// The argument naming the product line (the generator's `cli_names::PRODUCT_ARG`).
pub const PRODUCT_ARG: &str = "product";

/// What the server is allowed to do.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub struct Mode {
    /// Only the read-only tools are listed and callable.
    pub read_only: bool,
    /// The clients reach the real exchange (`openWorldHint`): a destructive call asks the
    /// person first.
    pub live: bool,
    /// Live destructive calls go without asking when the client cannot ask the person.
    pub unconfirmed: bool,
}

/// The person's answer to a live destructive call.
#[derive(Debug, serde::Deserialize, schemars::JsonSchema)]
struct Confirmation {
    /// Send it: true. Anything else sends nothing.
    send: bool,
}

rmcp::elicit_safe!(Confirmation);

/// One tool as listed, and how to call it.
struct Entry {
    tool: Tool,
    input: Value,
    /// The spec's endpoint, or a composite tool.
    endpoint: bool,
}

/// The outcomes of calls whose caller went away (a cancelled call whose order was already on
/// its way): logged, and given to the next `account_state`.
#[derive(Debug, Default)]
pub struct Late(std::sync::Mutex<Vec<Value>>);

/// How many late outcomes are kept until they are read.
const LATE_KEPT: usize = 50;

impl Late {
    /// Notes the outcome of `tool`, called with `args`, which its caller no longer waits for.
    pub fn record(
        &self,
        tool: &str,
        args: &Map<String, Value>,
        outcome: &Result<Value, ToolError>,
    ) {
        let outcome = match outcome {
            Ok(v) => json!({"ok": v}),
            Err(e) => json!({"error": error_json(e)}),
        };
        tracing::warn!(%tool, %outcome, "contango.mcp: a cancelled call finished");
        let mut late = self.0.lock().unwrap_or_else(|p| p.into_inner());
        if late.len() == LATE_KEPT {
            late.remove(0);
        }
        late.push(json!({"tool": tool, "arguments": args, "outcome": outcome}));
    }

    /// The outcomes noted since the last call, oldest first.
    pub fn take(&self) -> Vec<Value> {
        std::mem::take(&mut *self.0.lock().unwrap_or_else(|p| p.into_inner()))
    }
}

/// The server of one spec `A`: a handle, cloned for each session of streamable HTTP.
pub struct Server<A: Api>(Arc<Inner<A>>);

impl<A: Api> Clone for Server<A> {
    fn clone(&self) -> Self {
        Server(self.0.clone())
    }
}

impl<A: Api> std::ops::Deref for Server<A> {
    type Target = Inner<A>;
    fn deref(&self) -> &Inner<A> {
        &self.0
    }
}

/// What a [`Server`] holds.
pub struct Inner<A: Api> {
    /// A client per product line (short name) with its gate, the default first.
    clients: Vec<(&'static str, A::Client, Arc<dyn Gate>)>,
    entries: Vec<Entry>,
    by_name: HashMap<String, usize>,
    composites: Arc<dyn Composites>,
    mode: Mode,
    instructions: String,
    late: Arc<Late>,
    /// The session's audit: each tool call as a line of the recording its clients write to.
    recorder: Option<Recorder>,
}

impl<A: Api> std::fmt::Debug for Inner<A> {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("Server")
            .field("tools", &self.entries.len())
            .field("mode", &self.mode)
            .finish_non_exhaustive()
    }
}

impl<A: Api> Server<A>
where
    A::Client: Send + Sync + 'static,
{
    /// A server over `clients` (a client per product line with the gate its calls pass, the
    /// default first), with `composites` beside the spec's tools; `instructions` tell a client
    /// what it is connected to (paper or live, the limits). With `recorder`, every tool call is
    /// recorded there (its name, arguments and outcome), beside the exchanges of the clients
    /// recording to it.
    pub fn new(
        clients: Vec<(&'static str, A::Client, Arc<dyn Gate>)>,
        composites: Arc<dyn Composites>,
        mode: Mode,
        instructions: String,
        late: Arc<Late>,
        recorder: Option<Recorder>,
    ) -> Server<A> {
        let mut entries = Vec::new();
        for info in A::TOOLS {
            if mode.read_only && !info.read_only {
                continue;
            }
            entries.push(Entry {
                tool: tool(info, mode),
                input: parse(info.input_schema),
                endpoint: true,
            });
        }
        for tool in composites.tools() {
            let read_only = tool
                .annotations
                .as_ref()
                .and_then(|a| a.read_only_hint)
                .unwrap_or(false);
            if mode.read_only && !read_only {
                continue;
            }
            let input = Value::Object((*tool.input_schema).clone());
            entries.push(Entry {
                tool,
                input,
                endpoint: false,
            });
        }
        let by_name = entries
            .iter()
            .enumerate()
            .map(|(i, e)| (e.tool.name.to_string(), i))
            .collect();
        Server(Arc::new(Inner {
            clients,
            entries,
            by_name,
            composites,
            mode,
            instructions,
            late,
            recorder,
        }))
    }
}

impl<A: Api> std::fmt::Debug for Server<A> {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        self.0.fmt(f)
    }
}

impl<A: Api> Inner<A>
where
    A::Client: Send + Sync + 'static,
{
    /// The tools listed, in order: the spec's, then the composite ones.
    pub fn tools(&self) -> Vec<Tool> {
        self.entries.iter().map(|e| e.tool.clone()).collect()
    }

    /// Calls tool `name` with `args`: the structured answer, or the tool error. `peer` is the
    /// client to ask the person through (a live destructive call), when there is one.
    pub async fn call(
        &self,
        name: &str,
        args: Map<String, Value>,
        peer: Option<&rmcp::Peer<RoleServer>>,
    ) -> Result<Value, ToolError> {
        let Some(entry) = self.by_name.get(name).map(|i| &self.entries[*i]) else {
            return Err(ToolError::Refused(format!(
                "no tool named `{name}`{}",
                if self.mode.read_only {
                    " (the server is read-only: it lists only the tools that read)"
                } else {
                    ""
                }
            )));
        };
        let value = Value::Object(args);
        schema::check(&entry.input, &value).map_err(|m| ToolError::Argument {
            field: m.field,
            reason: m.reason,
        })?;
        let Value::Object(mut args) = value else {
            return Err(ToolError::Refused("the arguments are not an object".into()));
        };
        let destructive = entry
            .tool
            .annotations
            .as_ref()
            .and_then(|a| a.destructive_hint)
            .unwrap_or(true);
        if self.mode.live && destructive && !self.mode.unconfirmed {
            confirm(name, &args, peer).await?;
        }
        let (product, client, gate) = self.client(args.remove(PRODUCT_ARG).as_ref())?;
        if entry.endpoint {
            A::call_tool(client, name, args, gate).await.map(capped)
        } else {
            self.composites.call(product, name, args).await
        }
    }

    /// Whether tool `name` may change the account (not read-only).
    fn changes(&self, name: &str) -> bool {
        self.by_name.get(name).is_some_and(|i| {
            self.entries[*i]
                .tool
                .annotations
                .as_ref()
                .and_then(|a| a.read_only_hint)
                != Some(true)
        })
    }

    /// The product (its short name), client and gate an argument names (the default one
    /// without it).
    fn client(
        &self,
        product: Option<&Value>,
    ) -> Result<(&'static str, &A::Client, &dyn Gate), ToolError> {
        let Some((short, first, gate)) = self.clients.first() else {
            return Err(ToolError::Refused("no client".into()));
        };
        match product.and_then(Value::as_str) {
            None => Ok((short, first, &**gate)),
            Some(name) => self
                .clients
                .iter()
                .find(|(short, _, _)| short.eq_ignore_ascii_case(name))
                .map(|(s, c, g)| (*s, c, &**g))
                .ok_or_else(|| ToolError::Argument {
                    field: PRODUCT_ARG.into(),
                    reason: format!("no product line `{name}`"),
                }),
        }
    }
}

/// The most items a list answer carries (klines, trades, history): a model's context is not
/// the place for thousands of rows.
pub const MAX_ITEMS: usize = 200;

/// A list answer cut to [`MAX_ITEMS`], saying so (`truncated`: how many there were, how many
/// are shown).
fn capped(mut v: Value) -> Value {
    let total = v.get("items").and_then(Value::as_array).map_or(0, Vec::len);
    if total > MAX_ITEMS {
        if let Some(items) = v.get_mut("items").and_then(Value::as_array_mut) {
            items.truncate(MAX_ITEMS);
        }
        v["truncated"] = json!({
            "total": total,
            "shown": MAX_ITEMS,
            "note": format!("the answer had {total} items; the first {MAX_ITEMS} are shown: ask for fewer (limit, a time range) to see the rest")
        });
    }
    v
}

/// A tool's outcome as MCP answers it: the structured content (and its text), or a tool error
/// naming what failed.
pub fn result(outcome: Result<Value, ToolError>) -> CallToolResult {
    // Built from the text rather than with `structured`, which writes the value out as its text.
    let (mut r, value) = match outcome {
        Ok(value) => (
            CallToolResult::success(vec![rmcp::model::ContentBlock::text(summary(&value))]),
            value,
        ),
        Err(e) => (
            CallToolResult::error(vec![rmcp::model::ContentBlock::text(e.to_string())]),
            error_json(&e),
        ),
    };
    r.structured_content = Some(value);
    r
}

/// A short text beside the structured answer (not the answer again): its fields, a list's
/// length.
fn summary(v: &Value) -> String {
    use std::fmt::Write as _;
    let Value::Object(m) = v else {
        return "done".to_owned();
    };
    if m.is_empty() {
        return "done".to_owned();
    }
    let mut text = String::with_capacity(128);
    for (i, (k, v)) in m.iter().take(12).enumerate() {
        if i > 0 {
            text.push_str(", ");
        }
        // Writing to a String cannot fail.
        let _ = match v {
            Value::Array(a) => write!(text, "{k} ({})", a.len()),
            Value::String(s) if s.len() <= 32 => write!(text, "{k} {s}"),
            Value::Number(n) => write!(text, "{k} {n}"),
            _ => write!(text, "{k}"),
        };
    }
    if m.len() > 12 {
        text.push_str(", ...");
    }
    text.push_str(" (the full answer is the structured content)");
    text
}

/// A tool error as structured content: its kind, what it concerns and the text.
pub fn error_json(e: &ToolError) -> Value {
    match e {
        ToolError::Argument { field, reason } => {
            json!({"error": "invalid_argument", "field": field, "message": e.to_string(), "reason": reason})
        }
        ToolError::Refused(_) => json!({"error": "refused", "message": e.to_string()}),
        ToolError::Limit {
            limit,
            value,
            maximum,
            unit,
            ..
        } => json!({
            "error": "risk_limit", "limit": limit, "value": value, "maximum": maximum,
            "unit": unit, "message": e.to_string()
        }),
        ToolError::Failed(failure) => {
            let code = match failure {
                contango_cli::Failure::Server { code, .. } => *code,
                _ => None,
            };
            json!({"error": failure.kind(), "code": code, "message": e.to_string()})
        }
    }
}

/// Asks the person whether live call `name` with `args` may go (MCP elicitation); refused with
/// what it would have sent when they decline or the client cannot ask.
async fn confirm(
    name: &str,
    args: &Map<String, Value>,
    peer: Option<&rmcp::Peer<RoleServer>>,
) -> Result<(), ToolError> {
    let would = format!("{name} {}", Value::Object(args.clone()));
    let can_ask = peer.is_some_and(|p| {
        p.supported_elicitation_modes()
            .contains(&rmcp::service::ElicitationMode::Form)
    });
    let Some(peer) = peer.filter(|_| can_ask) else {
        return Err(ToolError::Refused(format!(
            "a live call that changes the account needs the person's confirmation, and this \
             client cannot ask for it (MCP elicitation); nothing was sent. It would have sent: \
             {would}. A person who wants such calls to go unconfirmed starts the server with \
             --live-unconfirmed"
        )));
    };
    let question = format!("LIVE trading, real money: send {would}?");
    match peer.elicit::<Confirmation>(question).await {
        Ok(Some(Confirmation { send: true })) => Ok(()),
        Ok(_) => Err(ToolError::Refused(format!(
            "the person did not confirm; nothing was sent. It would have sent: {would}"
        ))),
        Err(e) => Err(ToolError::Refused(format!(
            "the confirmation failed ({e}); nothing was sent. It would have sent: {would}"
        ))),
    }
}

fn parse(text: &str) -> Value {
    serde_json::from_str(text).unwrap_or_else(|_| json!({"type": "object"}))
}

/// The listed form of a generated tool.
fn tool(info: &ToolInfo, mode: Mode) -> Tool {
    let object = |text: &str| match parse(text) {
        Value::Object(m) => Arc::new(m),
        _ => Arc::new(Map::new()),
    };
    let mut t = Tool::new(info.name, info.description, object(info.input_schema));
    t.output_schema = Some(object(info.output_schema));
    t.annotations = Some(
        ToolAnnotations::new()
            .read_only(info.read_only)
            .destructive(info.destructive)
            .idempotent(info.idempotent)
            .open_world(mode.live),
    );
    t
}

impl<A: Api + 'static> ServerHandler for Server<A>
where
    A::Client: Send + Sync + 'static,
{
    fn get_info(&self) -> ServerConfig {
        let mut config = ServerConfig::new(ServerCapabilities::builder().enable_tools().build());
        let mut implementation = Implementation::from_build_env();
        implementation.name = "contango".into();
        implementation.version = env!("CARGO_PKG_VERSION").into();
        config.server_info = implementation;
        config.instructions = Some(self.instructions.clone());
        config
    }

    async fn list_tools(
        &self,
        _: Option<PaginatedRequestParams>,
        _: RequestContext<RoleServer>,
    ) -> Result<ListToolsResult, ErrorData> {
        // One page: every tool at once.
        Ok(ListToolsResult::with_all_items(self.tools()))
    }

    fn get_tool(&self, name: &str) -> Option<Tool> {
        self.by_name
            .get(name)
            .map(|i| self.entries[*i].tool.clone())
    }

    fn call_tool(
        &self,
        request: CallToolRequestParams,
        context: RequestContext<RoleServer>,
    ) -> impl Future<Output = Result<CallToolResponse, ErrorData>> + Send + '_ {
        // Boxed: the call's future holds every endpoint's send path (4 KB), which rmcp's
        // request future would otherwise carry and move with each hand-off.
        Box::pin(self.answer(request, context))
    }
}

impl<A: Api + 'static> Server<A>
where
    A::Client: Send + Sync + 'static,
{
    /// A tool call as MCP answers it (see [`Inner::call`]).
    async fn answer(
        &self,
        request: CallToolRequestParams,
        context: RequestContext<RoleServer>,
    ) -> Result<CallToolResponse, ErrorData> {
        let args = request.arguments.unwrap_or_default();
        // The arguments as the agent gave them, for the audit (written only when recording).
        let asked = self
            .recorder
            .as_ref()
            .map(|_| Value::Object(args.clone()).to_string());
        let outcome = if self.changes(&request.name) {
            // A call that changes the account runs on its own task: cancelled after its order
            // was sent (the client's `notifications/cancelled`), it still finishes, and its
            // outcome is logged and given to the next `account_state` (`Late`). A read just
            // stops.
            let (tx, mut rx) = tokio::sync::oneshot::channel();
            let abandoned = Arc::new(std::sync::atomic::AtomicBool::new(false));
            let (server, name, peer) = (self.clone(), request.name.to_string(), context.peer);
            let kept = args.clone();
            let told = args.clone();
            let gone = abandoned.clone();
            tokio::spawn(async move {
                let outcome = server.call(&name, args, Some(&peer)).await;
                if gone.load(std::sync::atomic::Ordering::SeqCst) {
                    server.late.record(&name, &kept, &outcome);
                } else if let Err(outcome) = tx.send(outcome) {
                    server.late.record(&name, &kept, &outcome);
                }
            });
            tokio::select! {
                outcome = &mut rx => outcome
                    .unwrap_or_else(|_| Err(ToolError::Refused("the call's task ended".into()))),
                () = context.ct.cancelled() => {
                    abandoned.store(true, std::sync::atomic::Ordering::SeqCst);
                    // An outcome sent before the flag was seen is told from here.
                    let (server, name) = (self.clone(), request.name.to_string());
                    tokio::spawn(async move {
                        if let Ok(outcome) = rx.await {
                            server.late.record(&name, &told, &outcome);
                        }
                    });
                    Err(ToolError::Refused(
                        "cancelled; a call already on its way finishes, and account_state tells its outcome".into(),
                    ))
                }
            }
        } else {
            self.call(&request.name, args, Some(&context.peer)).await
        };
        if let Err(e) = &outcome {
            tracing::info!(tool = %request.name, error = %e, "contango.mcp.tool refused or failed");
        }
        if let (Some(recorder), Some(asked)) = (&self.recorder, asked) {
            let answered = match &outcome {
                Ok(value) => Ok(value.to_string()),
                Err(e) => Err(error_json(e).to_string()),
            };
            recorder.tool(
                &request.name,
                &asked,
                answered.as_deref().map_err(String::as_str),
            );
        }
        Ok(result(outcome).into())
    }
}
