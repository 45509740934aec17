//! The MCP server: the spec's tools (generated with the command line, [`Api::TOOLS`]) and the
//! composite ones beside them, over one client per product line of a [`Venue`]: the server's
//! own, or a rehearsal's once a session opens one ([`crate::rehearsal`]).
//!
//! A call: the arguments against the tool's input schema ([`crate::schema`]), the product line
//! taken out, then the generated dispatch ([`Api::call_tool`]: decode, the gate, the SDK's send
//! path). Every failure is a tool error (`isError`) whose text and structured content name what
//! failed: the argument, the limit, the server's code. Nothing of it is a protocol error.

use std::collections::HashMap;
use std::sync::Arc;

use contango::recording::Recorder;
use contango_cli::Api;
use contango_cli::tools::{ToolError, ToolInfo};
use rmcp::model::{
    CallToolRequestParams, CallToolResponse, CallToolResult, Implementation, ListToolsResult,
    PaginatedRequestParams, ProgressNotificationParam, ServerCapabilities, ServerConfig, Tool,
    ToolAnnotations,
};
use rmcp::service::RequestContext;
use rmcp::{ErrorData, RoleServer, ServerHandler};
use serde_json::{Map, Value, json};

use crate::outcome::{Late, error_json};
use crate::rehearsal::{self, Rehearsal, Rehearsals, Step};
use crate::schema;
use crate::venue::{PRODUCT_ARG, Venue};

/// The argument naming the venue a call goes to (the generator's `cli_names::VENUE_ARG`).
pub const VENUE_ARG: &str = "venue";

/// [`VENUE_ARG`]'s value for the session's rehearsal.
pub const REHEARSAL: &str = "rehearsal";

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
    kind: Kind,
}

/// What answers a tool.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Kind {
    /// The spec's endpoint, on a venue.
    Endpoint,
    /// A composite tool, on a venue.
    Composite,
    /// A rehearsal's (open, step, report).
    Rehearsal,
}

/// The server of one spec `A`: a handle to it and to one session's state (its rehearsal).
/// A clone is the same session; [`Server::session`] starts another (each of streamable HTTP).
pub struct Server<A: Api> {
    inner: Arc<Inner<A>>,
    session: Arc<Session<A>>,
}

impl<A: Api> Clone for Server<A> {
    fn clone(&self) -> Self {
        Server {
            inner: self.inner.clone(),
            session: self.session.clone(),
        }
    }
}

impl<A: Api> std::ops::Deref for Server<A> {
    type Target = Inner<A>;
    fn deref(&self) -> &Inner<A> {
        &self.inner
    }
}

/// What a [`Server`] holds.
pub struct Inner<A: Api> {
    /// The server's own venue (paper or live).
    venue: Venue<A>,
    entries: Vec<Entry>,
    by_name: HashMap<String, usize>,
    mode: Mode,
    instructions: String,
    late: Arc<Late>,
    /// The session's audit: each tool call as a line of the recording its clients write to.
    recorder: Option<Recorder>,
    /// How a session opens a rehearsal; none: the rehearsal tools are not served.
    rehearsals: Option<Rehearsals<A>>,
}

/// One session's state.
struct Session<A: Api> {
    rehearsal: std::sync::Mutex<Option<Arc<Rehearsing<A>>>>,
}

impl<A: Api> Session<A> {
    fn new() -> Arc<Session<A>> {
        Arc::new(Session {
            rehearsal: std::sync::Mutex::new(None),
        })
    }

    /// The rehearsal open, if any.
    fn rehearsal(&self) -> Option<Arc<Rehearsing<A>>> {
        self.rehearsal
            .lock()
            .unwrap_or_else(|p| p.into_inner())
            .clone()
    }

    /// Makes `rehearsing` the session's rehearsal; the one before it (if any) ends when its
    /// calls have.
    fn replace(&self, rehearsing: Option<Arc<Rehearsing<A>>>) -> bool {
        let mut slot = self.rehearsal.lock().unwrap_or_else(|p| p.into_inner());
        std::mem::replace(&mut *slot, rehearsing).is_some()
    }
}

/// A session's rehearsal: its venue's clients, and the simulator's process (stopped after
/// them, when the last call using it ends).
struct Rehearsing<A: Api> {
    venue: Venue<A>,
    process: Rehearsal,
}

/// The venue a call goes to.
enum Chosen<'a, A: Api> {
    /// The server's own.
    Own(&'a Venue<A>),
    /// The session's rehearsal.
    Rehearsal(Arc<Rehearsing<A>>),
}

impl<A: Api> std::ops::Deref for Chosen<'_, A> {
    type Target = Venue<A>;
    fn deref(&self) -> &Venue<A> {
        match self {
            Chosen::Own(v) => v,
            Chosen::Rehearsal(r) => &r.venue,
        }
    }
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
    /// A server over `venue` (a client per product line with the gate its calls pass, the
    /// composite tools over them); `instructions` tell a client what it is connected to
    /// (paper or live, the limits). With `recorder`, every tool call is recorded there (its
    /// name, arguments and outcome), beside the exchanges of the clients recording to it. With
    /// `rehearsals` (and not read-only), the rehearsal tools are served, and every tool of a
    /// venue takes a `venue` argument.
    pub fn new(
        venue: Venue<A>,
        mode: Mode,
        instructions: String,
        late: Arc<Late>,
        recorder: Option<Recorder>,
        rehearsals: Option<Rehearsals<A>>,
    ) -> Server<A> {
        let rehearsals = rehearsals.filter(|_| !mode.read_only);
        let mut entries = Vec::new();
        for info in A::TOOLS {
            if mode.read_only && !info.read_only {
                continue;
            }
            entries.push(Entry {
                tool: tool(info, mode),
                input: parse(info.input_schema),
                kind: Kind::Endpoint,
            });
        }
        for tool in venue.composites().tools() {
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
                kind: Kind::Composite,
            });
        }
        if rehearsals.is_some() {
            let own = if mode.live { "live" } else { "paper" };
            for entry in &mut entries {
                with_venue(entry, own);
            }
            for tool in rehearsal::tools() {
                let input = Value::Object((*tool.input_schema).clone());
                entries.push(Entry {
                    tool,
                    input,
                    kind: Kind::Rehearsal,
                });
            }
        }
        let by_name = entries
            .iter()
            .enumerate()
            .map(|(i, e)| (e.tool.name.to_string(), i))
            .collect();
        Server {
            inner: Arc::new(Inner {
                venue,
                entries,
                by_name,
                mode,
                instructions,
                late,
                recorder,
                rehearsals,
            }),
            session: Session::new(),
        }
    }

    /// The same server for another session (one with no rehearsal open).
    pub fn session(&self) -> Server<A> {
        Server {
            inner: self.inner.clone(),
            session: Session::new(),
        }
    }

    /// Stops the own venue's tasks and this session's rehearsal (before the venue stops).
    pub fn stop(&self) {
        self.venue.stop();
        self.session.replace(None);
    }
}

/// Adds the `venue` argument to a venue's tool: `rehearsal`, or `own` (the server's venue).
fn with_venue(entry: &mut Entry, own: &str) {
    let property = json!({
        "type": "string",
        "enum": [REHEARSAL, own],
        "description": format!(
            "Where the call goes: `{REHEARSAL}`, the recorded market backtest_open opened (the \
             default once one is open), or `{own}`, this server's own venue (the default before)."
        )
    });
    if let Some(Value::Object(p)) = entry.input.get_mut("properties") {
        p.insert(VENUE_ARG.into(), property.clone());
    }
    let mut schema = (*entry.tool.input_schema).clone();
    if let Some(Value::Object(p)) = schema.get_mut("properties") {
        p.insert(VENUE_ARG.into(), property);
    }
    entry.tool.input_schema = Arc::new(schema);
}

impl<A: Api> std::fmt::Debug for Server<A> {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        self.inner.fmt(f)
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

    /// What answers tool `name`.
    fn kind(&self, name: &str) -> Option<Kind> {
        self.by_name.get(name).map(|i| self.entries[*i].kind)
    }
}

impl<A: Api> Server<A>
where
    A::Client: Send + Sync + 'static,
{
    /// Calls tool `name` with `args`: the structured answer, or the tool error. `context` is
    /// the request's, when there is one: the client to ask the person through (a live
    /// destructive call), to tell a long step's progress, and whether the call was cancelled.
    pub async fn call(
        &self,
        name: &str,
        args: Map<String, Value>,
        context: Option<&RequestContext<RoleServer>>,
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
        if entry.kind == Kind::Rehearsal {
            return self.rehearse(name, args, context).await;
        }
        let venue = self.venue_for(args.remove(VENUE_ARG).as_ref())?;
        let destructive = entry
            .tool
            .annotations
            .as_ref()
            .and_then(|a| a.destructive_hint)
            .unwrap_or(true);
        let live = self.mode.live && matches!(venue, Chosen::Own(_));
        if live && destructive && !self.mode.unconfirmed {
            confirm(name, &args, context.map(|c| &c.peer)).await?;
        }
        let (product, client, gate) = venue.client(args.remove(PRODUCT_ARG).as_ref())?;
        if entry.kind == Kind::Endpoint {
            A::call_tool(client, name, args, gate).await.map(capped)
        } else {
            venue.composites().call(product, name, args).await
        }
    }

    /// The venue `asked` names: the session's rehearsal or the server's own; without it, the
    /// rehearsal when one is open.
    fn venue_for(&self, asked: Option<&Value>) -> Result<Chosen<'_, A>, ToolError> {
        let rehearsal = self.session.rehearsal();
        match (asked.and_then(Value::as_str), rehearsal) {
            (Some(REHEARSAL) | None, Some(r)) => Ok(Chosen::Rehearsal(r)),
            (Some(REHEARSAL), None) => Err(ToolError::Argument {
                field: VENUE_ARG.into(),
                reason: "no rehearsal is open in this session: backtest_open opens one".into(),
            }),
            _ => Ok(Chosen::Own(&self.venue)),
        }
    }

    /// A rehearsal tool: open, step or report.
    async fn rehearse(
        &self,
        name: &str,
        args: Map<String, Value>,
        context: Option<&RequestContext<RoleServer>>,
    ) -> Result<Value, ToolError> {
        if name == rehearsal::OPEN {
            let Some(rehearsals) = &self.rehearsals else {
                return Err(ToolError::Refused("this server opens no rehearsal".into()));
            };
            let options = rehearsal::Options::parse(&args)?;
            let (process, venue) = rehearsals.open(&options).await?;
            let mut answer = process.opened().clone();
            let replaced = self
                .session
                .replace(Some(Arc::new(Rehearsing { venue, process })));
            answer["replaced"] = replaced.into();
            answer["note"] = format!(
                "The tools of a venue now trade on this rehearsal ({VENUE_ARG}: {REHEARSAL}); \
                 its market moves only with backtest_step, and each order moves it by its own \
                 latency. backtest_report answers once it is played to the end."
            )
            .into();
            return Ok(answer);
        }
        let Some(open) = self.session.rehearsal() else {
            return Err(ToolError::Refused(
                "no rehearsal is open in this session: backtest_open opens one".into(),
            ));
        };
        if name == rehearsal::STEP {
            let to = Step::parse(&args)?;
            let told = context.and_then(|c| Some((c.meta.get_progress_token()?, c.peer.clone())));
            let told = |p: rehearsal::Progress| {
                let told = told.clone();
                async move {
                    let Some((token, peer)) = told else {
                        return;
                    };
                    // Progress is counted in frames.
                    let mut note =
                        ProgressNotificationParam::new(token, p.frames as f64).with_message(
                            format!("{} frames, the market at {} ms", p.frames, p.now_ms),
                        );
                    if let Some(total) = p.total {
                        note = note.with_total(total as f64);
                    }
                    let _ = peer.notify_progress(note).await;
                }
            };
            let cancelled = || context.is_some_and(|c| c.ct.is_cancelled());
            return open.process.step(to, cancelled, told).await;
        }
        let tearsheet = args
            .get("tearsheet")
            .and_then(Value::as_str)
            .map(std::path::Path::new);
        open.process.report(tearsheet).await
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
        let name = request.name.to_string();
        let spawned = self.changes(&name) && self.kind(&name) != Some(Kind::Rehearsal);
        let outcome = if spawned {
            // A call that changes the account runs on its own task: cancelled after its order
            // was sent (the client's `notifications/cancelled`), it still finishes, and its
            // outcome is logged, audited and given to the next `account_state` (`Late`). A
            // read just stops; a rehearsal's step stops between its parts.
            let (tx, mut rx) = tokio::sync::oneshot::channel();
            let abandoned = Arc::new(std::sync::atomic::AtomicBool::new(false));
            let (server, task_name, task_context) = (self.clone(), name.clone(), context.clone());
            let kept = args.clone();
            let told = args.clone();
            let gone = abandoned.clone();
            tokio::spawn(async move {
                let outcome = server.call(&task_name, args, Some(&task_context)).await;
                if gone.load(std::sync::atomic::Ordering::SeqCst) {
                    server.late(&task_name, &kept, &outcome);
                } else if let Err(outcome) = tx.send(outcome) {
                    server.late(&task_name, &kept, &outcome);
                }
            });
            tokio::select! {
                outcome = &mut rx => outcome
                    .unwrap_or_else(|_| Err(ToolError::Refused("the call's task ended".into()))),
                () = context.ct.cancelled() => {
                    abandoned.store(true, std::sync::atomic::Ordering::SeqCst);
                    // An outcome sent before the flag was seen is told from here.
                    let (server, name) = (self.clone(), name.clone());
                    tokio::spawn(async move {
                        if let Ok(outcome) = rx.await {
                            server.late(&name, &told, &outcome);
                        }
                    });
                    Err(ToolError::Refused(
                        "cancelled; a call already on its way finishes, and account_state tells its outcome".into(),
                    ))
                }
            }
        } else {
            self.call(&name, args, Some(&context)).await
        };
        if let Err(e) = &outcome {
            tracing::info!(tool = %name, error = %e, "contango.mcp.tool refused or failed");
        }
        if let Some(asked) = asked {
            self.audit(&name, &asked, &outcome);
        }
        Ok(result(outcome).into())
    }

    /// The outcome of a call its caller no longer waits for: kept for `account_state`, and
    /// audited (a second line of the call: its caller was told it was cancelled).
    fn late(&self, name: &str, args: &Map<String, Value>, outcome: &Result<Value, ToolError>) {
        self.late.record(name, args, outcome);
        if self.recorder.is_some() {
            self.audit(name, &Value::Object(args.clone()).to_string(), outcome);
        }
    }

    /// Records the call of `name` with the arguments `asked` and its outcome, when recording.
    fn audit(&self, name: &str, asked: &str, outcome: &Result<Value, ToolError>) {
        let Some(recorder) = &self.recorder else {
            return;
        };
        let answered = match outcome {
            Ok(value) => Ok(value.to_string()),
            Err(e) => Err(error_json(e).to_string()),
        };
        recorder.tool(name, asked, answered.as_deref().map_err(String::as_str));
    }
}
