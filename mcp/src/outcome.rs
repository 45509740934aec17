//! A tool's outcome as structured content, and the outcomes of calls whose caller went away.

use contango_cli::tools::ToolError;
use serde_json::{Map, Value, json};

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
