//! What the shipped spec's server adds to the generic one: the risk gate of each client, the
//! day's realised result fed to the guard from each client's private stream, and the composite
//! tools.

use std::sync::Arc;

use contango::Client;
use contango::risk::RiskGuard;
use contango_cli::tools::Gate;

use crate::gate::RiskGate;
use crate::run::Parts;

/// The gates and composite tools of the shipped spec's clients.
pub fn extend(clients: &[(&'static str, Client)], guard: &Arc<RiskGuard>) -> Parts {
    let tasks = clients
        .iter()
        .map(|(_, client)| observe(client.clone(), guard.clone()))
        .collect();
    let gates = clients
        .iter()
        .map(|(_, client)| Arc::new(RiskGate::new(client.clone(), guard.clone())) as Arc<dyn Gate>)
        .collect();
    Parts {
        tasks,
        gates,
        composites: Arc::new(Tools {
            clients: clients.to_vec(),
            guard: guard.clone(),
        }),
    }
}

/// Feeds `client`'s private stream to `guard` (fills and funding make the day's realised
/// result), for as long as the server runs; reconnects as the stream does.
fn observe(client: Client, guard: Arc<RiskGuard>) -> tokio::task::JoinHandle<()> {
    tokio::spawn(async move {
        let mut stream = match client.user_stream().connect().await {
            Ok(s) => s,
            Err(e) => {
                tracing::warn!(error = %e, "contango.mcp: no private stream: the day's loss is not tallied");
                return;
            }
        };
        while let Some(item) = stream.recv().await {
            if let contango::StreamItem::Event(event) = item {
                guard.observe(&event);
            }
        }
    })
}

/// The composite tools of the shipped spec.
pub struct Tools {
    clients: Vec<(&'static str, Client)>,
    guard: Arc<RiskGuard>,
}

impl std::fmt::Debug for Tools {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("Tools").finish_non_exhaustive()
    }
}

/// A tool of no argument but the product line.
fn tool(name: &'static str, description: &'static str, read_only: bool) -> rmcp::model::Tool {
    let schema = serde_json::json!({
        "type": "object",
        "properties": {
            "product": {"type": "string", "enum": ["usdt", "coin"], "description": "The product line; usdt when left out."}
        },
        "additionalProperties": false
    });
    let serde_json::Value::Object(schema) = schema else {
        unreachable!("an object")
    };
    let mut t = rmcp::model::Tool::new(name, description, schema);
    t.annotations = Some(
        rmcp::model::ToolAnnotations::new()
            .read_only(read_only)
            .destructive(!read_only)
            .idempotent(read_only),
    );
    t
}

impl crate::composite::Composites for Tools {
    fn tools(&self) -> Vec<rmcp::model::Tool> {
        vec![tool(
            "risk_status",
            "The risk limits every order is checked against before it is sent (which no tool \
             can change), the new orders of the last minute, and each margin coin's realised \
             result today (net of fees and funding) with whether it has turned the account \
             reducing-only.",
            true,
        )]
    }

    fn call<'a>(
        &'a self,
        name: &'a str,
        _: serde_json::Map<String, serde_json::Value>,
    ) -> crate::composite::Answer<'a> {
        Box::pin(async move {
            match name {
                "risk_status" => {
                    let now = self
                        .clients
                        .first()
                        .map_or(0, |(_, c)| c.core().timestamp_ms());
                    let status = self.guard.status(now, &Default::default());
                    serde_json::to_value(&status).map_err(|e| {
                        contango_cli::tools::ToolError::Refused(format!(
                            "cannot write the status: {e}"
                        ))
                    })
                }
                other => Err(contango_cli::tools::ToolError::Refused(format!(
                    "no tool named `{other}`"
                ))),
            }
        })
    }
}
