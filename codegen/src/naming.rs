//! Identifier conversion: wire names to Rust names, keyword escaping. The only place names are made.

use proc_macro2::{Ident, Span};

/// Splits `contractName`, `PARTIALLY_FILLED`, `1min`, `E-BTC` into lower-case words.
fn words(s: &str) -> Vec<String> {
    let mut out: Vec<String> = Vec::new();
    let mut cur = String::new();
    let chars: Vec<char> = s.chars().collect();
    for (i, &c) in chars.iter().enumerate() {
        if !c.is_ascii_alphanumeric() {
            if !cur.is_empty() {
                out.push(std::mem::take(&mut cur));
            }
            continue;
        }
        let prev = if i > 0 {
            chars.get(i - 1).copied()
        } else {
            None
        };
        let next = chars.get(i + 1).copied();
        let boundary = match prev {
            Some(p) if c.is_ascii_uppercase() => {
                p.is_ascii_lowercase()
                    || p.is_ascii_digit()
                    || (p.is_ascii_uppercase() && next.is_some_and(|n| n.is_ascii_lowercase()))
            }
            _ => false,
        };
        if boundary && !cur.is_empty() {
            out.push(std::mem::take(&mut cur));
        }
        cur.push(c.to_ascii_lowercase());
    }
    if !cur.is_empty() {
        out.push(cur);
    }
    out
}

/// `contractName` -> `contract_name`; `cTime` -> `c_time`.
pub fn snake(s: &str) -> String {
    words(s).join("_")
}

/// `PARTIALLY_FILLED` -> `PartiallyFilled`; `usdt_margined` -> `UsdtMargined`.
pub fn camel(s: &str) -> String {
    words(s)
        .iter()
        .map(|w| {
            let mut cs = w.chars();
            match cs.next() {
                Some(f) => f.to_ascii_uppercase().to_string() + cs.as_str(),
                None => String::new(),
            }
        })
        .collect()
}

/// A command or flag name of the command line from a snake name: `contract_name` ->
/// `contract-name`.
pub fn kebab(snake_name: &str) -> String {
    snake_name.replace('_', "-")
}

/// Whether `s` is usable as a Rust identifier once keywords are escaped (ASCII, not empty).
pub fn is_ident_text(s: &str) -> bool {
    let mut cs = s.chars();
    matches!(cs.next(), Some(c) if c.is_ascii_alphabetic() || c == '_')
        && cs.all(|c| c.is_ascii_alphanumeric() || c == '_')
}

const KEYWORDS: &[&str] = &[
    "as", "break", "const", "continue", "crate", "else", "enum", "extern", "false", "fn", "for",
    "if", "impl", "in", "let", "loop", "match", "mod", "move", "mut", "pub", "ref", "return",
    "self", "Self", "static", "struct", "super", "trait", "true", "type", "unsafe", "use", "where",
    "while", "async", "await", "dyn", "abstract", "become", "box", "do", "final", "macro",
    "override", "priv", "typeof", "unsized", "virtual", "yield", "try", "gen",
];

/// A field/method identifier from a snake name: keywords become raw (`r#type`), a leading digit
/// gets a `n` prefix (`1min` -> `n1min`). `self`/`Self`/`crate`/`super` cannot be raw: suffixed `_`.
pub fn field_ident(snake_name: &str) -> Ident {
    let name = if snake_name.starts_with(|c: char| c.is_ascii_digit()) {
        format!("n{snake_name}")
    } else {
        snake_name.to_string()
    };
    ident(&name)
}

/// A type/variant identifier from a camel name; a leading digit gets a `V` prefix.
pub fn type_ident(camel_name: &str) -> Ident {
    let name = if camel_name.starts_with(|c: char| c.is_ascii_digit()) {
        format!("V{camel_name}")
    } else {
        camel_name.to_string()
    };
    ident(&name)
}

fn ident(name: &str) -> Ident {
    // `validate` only lets valid names through; anything else is made valid rather than panic.
    let valid = name.starts_with(|c: char| c.is_ascii_alphabetic() || c == '_')
        && name.bytes().all(|b| b.is_ascii_alphanumeric() || b == b'_');
    let fixed;
    let name = if valid {
        name
    } else {
        fixed = format!(
            "_{}",
            name.chars()
                .map(|c| if c.is_ascii_alphanumeric() { c } else { '_' })
                .collect::<String>()
        );
        &fixed
    };
    match name {
        "self" | "Self" | "crate" | "super" | "_" => {
            Ident::new(&format!("{name}_"), Span::call_site())
        }
        // Keywords are short and have no `_`: most names are ruled out without the list.
        n if n.len() <= 8 && !n.contains('_') && KEYWORDS.contains(&n) => {
            Ident::new_raw(n, Span::call_site())
        }
        n => Ident::new(n, Span::call_site()),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_keyword_passes_the_quick_filter() {
        for k in KEYWORDS {
            assert!(
                k.len() <= 8 && !k.contains('_'),
                "`{k}` would never be escaped"
            );
            let expected = match *k {
                "self" | "Self" | "crate" | "super" => format!("{k}_"),
                _ => format!("r#{k}"),
            };
            assert_eq!(field_ident(k).to_string(), expected);
        }
    }

    #[test]
    fn converts_wire_names() {
        assert_eq!(snake("contractName"), "contract_name");
        assert_eq!(snake("cTime"), "c_time");
        assert_eq!(snake("X-CH-APIKEY"), "x_ch_apikey");
        assert_eq!(snake("listenKey"), "listen_key");
        assert_eq!(snake("maxLimitMoney"), "max_limit_money");
        assert_eq!(snake("openOrders"), "open_orders");
        assert_eq!(camel("PARTIALLY_FILLED"), "PartiallyFilled");
        assert_eq!(camel("usdt_margined"), "UsdtMargined");
        assert_eq!(camel("1min"), "1min");
        assert_eq!(camel("executionReport"), "ExecutionReport");
        assert_eq!(snake("HTTPStatus"), "http_status");
    }

    #[test]
    fn escapes_keywords_and_digits() {
        assert_eq!(field_ident("type").to_string(), "r#type");
        assert_eq!(field_ident("self").to_string(), "self_");
        assert_eq!(field_ident("1min").to_string(), "n1min");
        assert_eq!(type_ident("1min").to_string(), "V1min");
        assert_eq!(type_ident("Self").to_string(), "Self_");
        assert_eq!(type_ident("").to_string(), "__");
        assert_eq!(field_ident("a-b é").to_string(), "_a_b__");
    }
}
