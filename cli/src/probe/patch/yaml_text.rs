//! The text of what a patch adds: new entries as YAML, written in the spec's own style (block
//! lines at the columns the spec uses, or inline in brackets where the spec has brackets), and
//! the names, keys and comments they carry.

use contango_runtime::drift::Finding;
use serde_json::Value;

/// The doc of everything a patch adds.
pub const DOC: &str = "\"Seen on the wire (drift); not documented yet.\"";

/// A new value: flow text (`{ type: decimal, doc: .. }`, `MarginCall`) or a block map, whose
/// entries are written on lines of their own under a block parent and in braces under a flow
/// one.
#[derive(Debug, Clone, PartialEq)]
pub enum Yaml {
    Inline(String),
    Block(Vec<(String, Yaml)>),
}

impl Yaml {
    /// The value on one line: a block map in braces (`{}` when empty).
    pub fn inline(&self) -> String {
        match self {
            Yaml::Inline(t) => t.clone(),
            Yaml::Block(entries) if entries.is_empty() => "{}".into(),
            Yaml::Block(entries) => {
                let inner: Vec<String> = entries
                    .iter()
                    .map(|(k, v)| format!("{k}: {}", v.inline()))
                    .collect();
                format!("{{ {} }}", inner.join(", "))
            }
        }
    }

    /// `key: value` as block lines at column `indent`, each level of a block map `steps[i]`
    /// columns under its key (the last step again below the last given).
    pub fn lines(&self, key: &str, indent: usize, steps: &[usize], out: &mut Vec<String>) {
        let pad = " ".repeat(indent);
        match self {
            Yaml::Block(entries) if !entries.is_empty() => {
                out.push(format!("{pad}{key}:"));
                let step = steps.first().copied().unwrap_or(2);
                let below = if steps.len() > 1 { &steps[1..] } else { steps };
                for (k, v) in entries {
                    v.lines(k, indent + step, below, out);
                }
            }
            _ => out.push(format!("{pad}{key}: {}", self.inline())),
        }
    }
}

/// A field entry: its key and `{ type: T, doc: .. }`, with a `name:` when the key's Rust name
/// would clash with one of `existing` (keys and `name:`s) or is no identifier.
pub fn field_entry(key: &str, ty: &str, existing: &[String]) -> (String, Yaml) {
    let squash = |s: &str| {
        s.chars()
            .filter(char::is_ascii_alphanumeric)
            .map(|c| c.to_ascii_lowercase())
            .collect::<String>()
    };
    let mine = squash(key);
    let clash = existing.iter().any(|e| squash(e) == mine);
    let plain = key.starts_with(|c: char| c.is_ascii_alphabetic())
        && key.chars().all(|c| c.is_ascii_alphanumeric() || c == '_')
        && !RESERVED.contains(&key);
    let name = if clash || !plain {
        let base = if mine.is_empty() || mine.starts_with(|c: char| c.is_ascii_digit()) {
            format!("field_{mine}")
        } else {
            mine
        };
        format!(", name: drift_{base}")
    } else {
        String::new()
    };
    (
        yaml_key(key),
        Yaml::Inline(format!("{{ type: {ty}{name}, doc: {DOC} }}")),
    )
}

/// Names that would not do as field names without `name:`.
const RESERVED: &[&str] = &[
    "type", "self", "Self", "crate", "super", "fn", "mod", "ref", "move", "match", "impl", "use",
    "where", "loop", "async", "await", "dyn",
];

/// A key or scalar as YAML: plain when safe, quoted otherwise.
pub fn yaml_key(key: &str) -> String {
    if key.chars().all(|c| c.is_ascii_alphanumeric() || c == '_') && !key.is_empty() {
        key.to_owned()
    } else {
        quoted(key)
    }
}

/// A double-quoted YAML string (JSON's escapes are YAML's).
pub fn quoted(s: &str) -> String {
    Value::from(s).to_string()
}

/// `SCREAMING_SNAKE` from an error message's first words; `CODE_1999` without one.
pub fn code_name(message: &str, code: &str) -> String {
    let words: Vec<String> = message
        .split(|c: char| !c.is_ascii_alphanumeric())
        .filter(|w| !w.is_empty())
        .take(5)
        .map(str::to_ascii_uppercase)
        .collect();
    match words.first() {
        Some(w) if w.starts_with(|c: char| c.is_ascii_alphabetic()) => words.join("_"),
        _ => format!("CODE_{}", code.trim_start_matches('-')),
    }
}

/// `market_e_btcusdt_bbo` -> `market_{symbol}_bbo`: the symbol is the two words after the
/// prefix (`e_btcusdt`: contract type, then base and quote).
pub fn channel_template(wire: &str) -> Option<String> {
    let parts: Vec<&str> = wire.split('_').collect();
    if parts.len() < 4 {
        return None;
    }
    Some(format!("{}_{{symbol}}_{}", parts[0], parts[3..].join("_")))
}

/// A finding's sample as JSON (`null` without one).
pub fn sample_value(f: &Finding) -> Value {
    f.sample
        .as_deref()
        .and_then(|s| serde_json::from_str(s).ok())
        .unwrap_or(Value::Null)
}

/// Where a finding was seen, for its `# drift:` comment.
pub fn seen(f: &Finding) -> String {
    let mut s = format!("{} `{}` seen in `{}`", f.kind, f.wire, f.endpoint);
    if !f.path.is_empty() {
        s.push_str(&format!(" at {}", f.path));
    }
    if let Some(sample) = &f.sample {
        let short: String = sample.chars().take(60).collect();
        let more = if short.len() < sample.len() {
            "…"
        } else {
            ""
        };
        s.push_str(&format!(", e.g. {short}{more}"));
    }
    s.replace(['\n', '\r'], " ")
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn channel_templates_keep_the_symbol_out() {
        assert_eq!(
            channel_template("market_e_btcusdt_bbo").as_deref(),
            Some("market_{symbol}_bbo")
        );
        assert_eq!(channel_template("market_bbo"), None);
    }

    #[test]
    fn field_lines_name_clashing_keys() {
        let line = |(k, v): (String, Yaml)| {
            let mut out = Vec::new();
            v.lines(&k, 6, &[], &mut out);
            out.join("\n")
        };
        assert_eq!(
            line(field_entry("E", "millis", &["e".into()])),
            format!("      E: {{ type: millis, name: drift_e, doc: {DOC} }}")
        );
        assert_eq!(
            line(field_entry("type", "string", &[])),
            format!("      type: {{ type: string, name: drift_type, doc: {DOC} }}")
        );
    }

    #[test]
    fn block_values_take_the_steps_given() {
        let v = Yaml::Block(vec![
            ("doc".into(), Yaml::Inline(DOC.into())),
            (
                "fields".into(),
                Yaml::Block(vec![("a".into(), Yaml::Inline("{ type: i32 }".into()))]),
            ),
            ("params".into(), Yaml::Block(vec![])),
        ]);
        let mut out = Vec::new();
        v.lines("T", 4, &[4, 3], &mut out);
        assert_eq!(
            out,
            [
                "    T:".to_owned(),
                format!("        doc: {DOC}"),
                "        fields:".into(),
                "           a: { type: i32 }".into(),
                "        params: {}".into(),
            ]
        );
        assert_eq!(
            v.inline(),
            format!("{{ doc: {DOC}, fields: {{ a: {{ type: i32 }} }}, params: {{}} }}")
        );
    }
}
