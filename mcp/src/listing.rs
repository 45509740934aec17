//! The tool list as the docs show it (docs/agents.md, between its markers), written from the
//! spec's tools, the composite ones and the rehearsal's: a test keeps the page equal to it.

use contango_cli::Api;
use rmcp::model::Tool;

/// The first sentence of a description.
fn first_sentence(text: &str) -> &str {
    let text = text.trim();
    match text.find(". ") {
        Some(i) => &text[..=i],
        None => text.split("\n\n").next().unwrap_or(text),
    }
}

fn row(name: &str, read_only: bool, destructive: bool, description: &str) -> String {
    let kind = match (read_only, destructive) {
        (true, _) => "reads",
        (false, true) => "changes the account",
        (false, false) => "rehearses",
    };
    let deprecated = if description.contains("\n\nDeprecated:") {
        " Deprecated."
    } else {
        ""
    };
    format!(
        "| `{name}` | {kind} | {}{deprecated} |\n",
        first_sentence(description).replace('|', "\\|")
    )
}

/// A Markdown table of spec `A`'s tools, then `composites` (and the rehearsal's): a tool that
/// changes only a rehearsal "rehearses".
pub fn markdown<A: Api>(composites: &[Tool]) -> String {
    let mut out = String::from("| tool | kind | what it does |\n| --- | --- | --- |\n");
    for t in A::TOOLS {
        out.push_str(&row(t.name, t.read_only, !t.read_only, t.description));
    }
    for t in composites {
        let hint = |h: fn(&rmcp::model::ToolAnnotations) -> Option<bool>, or: bool| {
            t.annotations.as_ref().and_then(h).unwrap_or(or)
        };
        out.push_str(&row(
            &t.name,
            hint(|a| a.read_only_hint, false),
            hint(|a| a.destructive_hint, true),
            t.description.as_deref().unwrap_or(""),
        ));
    }
    out
}
