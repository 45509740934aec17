//! The MCP server: the spec's tools (generated with the command line, [`Api::TOOLS`]) and the
//! composite ones beside them, over one client per product line.
//!
//! A call: the arguments against the tool's input schema ([`crate::schema`]), the product line
//! taken out, then the generated dispatch ([`Api::call_tool`]: decode, the gate, the SDK's send
//! path). Every failure is a tool error (`isError`) whose text and structured content name what
//! failed: the argument, the limit, the server's code. Nothing of it is a protocol error.

use std::collections::HashMap;
use std::sync::Arc;

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
    /// The clients reach the real exchange (`openWorldHint`).
    pub live: bool,
}

/// One tool as listed, and how to call it.
struct Entry {
    tool: Tool,
    input: Value,
    /// The spec's endpoint, or a composite tool.
    endpoint: bool,
}

/// The server of one spec `A`.
pub struct Server<A: Api> {
    /// A client per product line (short name), the default first.
    clients: Vec<(&'static str, A::Client)>,
    entries: Vec<Entry>,
    by_name: HashMap<String, usize>,
    gate: Arc<dyn Gate>,
    composites: Arc<dyn Composites>,
    mode: Mode,
    instructions: String,
}

impl<A: Api> std::fmt::Debug for Server<A> {
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
    /// A server over `clients` (a client per product line, the default first), admitting calls
    /// through `gate`, with `composites` beside the spec's tools; `instructions` tell a client
    /// what it is connected to (paper or live, the limits).
    pub fn new(
        clients: Vec<(&'static str, A::Client)>,
        gate: Arc<dyn Gate>,
        composites: Arc<dyn Composites>,
        mode: Mode,
        instructions: String,
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
        Server {
            clients,
            entries,
            by_name,
            gate,
            composites,
            mode,
            instructions,
        }
    }

    /// The tools listed, in order: the spec's, then the composite ones.
    pub fn tools(&self) -> Vec<Tool> {
        self.entries.iter().map(|e| e.tool.clone()).collect()
    }

    /// Calls tool `name` with `args`: the structured answer, or the tool error.
    pub async fn call(&self, name: &str, args: Map<String, Value>) -> Result<Value, ToolError> {
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
        let client = self.client(args.remove(PRODUCT_ARG).as_ref())?;
        if entry.endpoint {
            A::call_tool(client, name, args, &*self.gate).await
        } else {
            self.composites.call(name, args).await
        }
    }

    /// The client of the product an argument names (the default one without it).
    fn client(&self, product: Option<&Value>) -> Result<&A::Client, ToolError> {
        let Some((_, first)) = self.clients.first() else {
            return Err(ToolError::Refused("no client".into()));
        };
        match product.and_then(Value::as_str) {
            None => Ok(first),
            Some(name) => self
                .clients
                .iter()
                .find(|(short, _)| short.eq_ignore_ascii_case(name))
                .map(|(_, c)| c)
                .ok_or_else(|| ToolError::Argument {
                    field: PRODUCT_ARG.into(),
                    reason: format!("no product line `{name}`"),
                }),
        }
    }
}

/// A tool's outcome as MCP answers it: the structured content (and its text), or a tool error
/// naming what failed.
pub fn result(outcome: Result<Value, ToolError>) -> CallToolResult {
    match outcome {
        Ok(value) => CallToolResult::structured(value),
        Err(e) => CallToolResult::structured_error(error_json(&e)),
    }
}

/// A tool error as structured content: its kind, what it concerns and the text.
pub fn error_json(e: &ToolError) -> Value {
    match e {
        ToolError::Argument { field, reason } => {
            json!({"error": "invalid_argument", "field": field, "message": e.to_string(), "reason": reason})
        }
        ToolError::Refused(_) => json!({"error": "refused", "message": e.to_string()}),
        ToolError::Failed(failure) => {
            let code = match failure {
                contango_cli::Failure::Server { code, .. } => *code,
                _ => None,
            };
            json!({"error": failure.kind(), "code": code, "message": e.to_string()})
        }
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

    async fn call_tool(
        &self,
        request: CallToolRequestParams,
        _: RequestContext<RoleServer>,
    ) -> Result<CallToolResponse, ErrorData> {
        let args = request.arguments.unwrap_or_default();
        let outcome = self.call(&request.name, args).await;
        if let Err(e) = &outcome {
            tracing::info!(tool = %request.name, error = %e, "contango.mcp.tool refused or failed");
        }
        Ok(result(outcome).into())
    }
}
