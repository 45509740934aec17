//! The tools beside the spec's endpoints: what a trader asks for in one call (the account's
//! state, a book, funding, a protected order, a dry run, the limits), built on the watchers and
//! the SDK. They are the shipped spec's (the facade's types); a server of another spec has none,
//! or its own.

use std::future::Future;
use std::pin::Pin;

use contango_cli::tools::ToolError;
use rmcp::model::{Tool, ToolAnnotations};
use serde_json::{Map, Value, json};

/// A future of a composite tool's answer.
pub type Answer<'a> = Pin<Box<dyn Future<Output = Result<Value, ToolError>> + Send + 'a>>;

/// Tools beside the spec's endpoints.
pub trait Composites: Send + Sync {
    /// The tools, as listed.
    fn tools(&self) -> Vec<Tool>;
    /// Calls `name` with `args` (checked against its schema, the product argument taken out)
    /// on product line `product` (its short name).
    fn call<'a>(
        &'a self,
        product: &'static str,
        name: &'a str,
        args: Map<String, Value>,
    ) -> Answer<'a>;
}

/// No composite tools.
#[derive(Debug, Clone, Copy, Default)]
pub struct None;

impl Composites for None {
    fn tools(&self) -> Vec<Tool> {
        Vec::new()
    }

    fn call<'a>(&'a self, _: &'static str, name: &'a str, _: Map<String, Value>) -> Answer<'a> {
        Box::pin(std::future::ready(Err(ToolError::Refused(format!(
            "no tool named `{name}`"
        )))))
    }
}

/// A tool beside the endpoints: its arguments `properties`, those `required`, no other.
pub fn tool(
    name: &'static str,
    description: &'static str,
    properties: Map<String, Value>,
    required: &[&str],
    annotations: ToolAnnotations,
) -> Tool {
    let mut schema = Map::new();
    schema.insert("type".into(), "object".into());
    schema.insert("properties".into(), Value::Object(properties));
    schema.insert("required".into(), json!(required));
    schema.insert("additionalProperties".into(), false.into());
    let mut t = Tool::new(name, description, schema);
    t.annotations = Some(annotations);
    t
}
