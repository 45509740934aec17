//! The tools beside the spec's endpoints: what a trader asks for in one call (the account's
//! state, a book, funding, a protected order, a dry run, the limits), built on the watchers and
//! the SDK. They are the shipped spec's (the facade's types); a server of another spec has none,
//! or its own.

use std::future::Future;
use std::pin::Pin;

use contango_cli::tools::ToolError;
use rmcp::model::Tool;
use serde_json::{Map, Value};

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
