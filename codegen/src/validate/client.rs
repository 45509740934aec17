//! What the client is built from: the signing headers of `auth` and the `products`.

use crate::diag::Diagnostics;
use crate::ir;
use crate::naming::camel;
use crate::read::Map;
use crate::spec::{self, Str};
use crate::yaml::Location;
use std::collections::HashMap;

/// The signing headers of `auth`, each a valid HTTP header name.
pub(super) fn auth(cx: &mut Diagnostics, auth: &spec::Auth) -> ir::Auth {
    ir::Auth {
        api_key: header(cx, &auth.api_key_header, "auth.api_key_header"),
        signature: header(cx, &auth.signature_header, "auth.signature_header"),
        timestamp: header(cx, &auth.timestamp_header, "auth.timestamp_header"),
        recv_window: auth.recv_window_param.value.clone(),
        signed: signed(cx, auth.signed.as_deref()),
    }
}

/// The security types `auth.signed` lists; the interface document's when it is absent.
fn signed(cx: &mut Diagnostics, list: Option<&[Str]>) -> Vec<ir::Security> {
    let Some(list) = list else {
        return vec![ir::Security::Trade, ir::Security::UserData];
    };
    let mut out = Vec::new();
    for (i, s) in list.iter().enumerate() {
        let path = format!("auth.signed[{i}]");
        let security = super::endpoints::security(cx, s, &path);
        if s.value == "NONE" {
            cx.err(
                s.referenced,
                path,
                "NONE cannot be signed: a public request carries no key",
            );
        } else if security != ir::Security::None && !out.contains(&security) {
            // An unknown name maps to `None`, its mistake reported.
            out.push(security);
        }
    }
    out
}

fn header(cx: &mut Diagnostics, s: &Str, path: &str) -> String {
    if s.value.is_empty()
        || !s
            .value
            .chars()
            .all(|c| c.is_ascii_alphanumeric() || c == '-')
    {
        cx.err(
            s.referenced,
            path,
            format!("`{}` is not a valid HTTP header name", s.value),
        );
    }
    s.value.clone()
}

pub(super) fn products(cx: &mut Diagnostics, map: &Map<spec::Product>) -> Vec<ir::Product> {
    if map.truly_empty() {
        cx.err(
            Location::UNKNOWN,
            "products",
            "no products: expected at least one",
        );
    }
    let mut variants: HashMap<String, String> = HashMap::new();
    let mut out = Vec::new();
    for (k, p) in map.iter() {
        let path = format!("products.{}", k.value);
        if !p.prefix.value.starts_with('/') {
            cx.err(
                p.prefix.referenced,
                format!("{path}.prefix"),
                format!("prefix `{}` must start with `/`", p.prefix.value),
            );
        }
        let variant = camel(&k.value);
        if variant.is_empty() {
            cx.err(
                k.referenced,
                &path,
                format!(
                    "cannot derive a Rust name from `{}`; use letters, digits and `_`",
                    k.value
                ),
            );
            continue;
        }
        if let Some(other) = variants.insert(variant.clone(), k.value.clone()) {
            cx.err(
                k.referenced,
                &path,
                format!("product `{}` and product `{other}` both become `Product::{variant}`; rename one of them", k.value),
            );
            continue;
        }
        out.push(ir::Product {
            variant,
            key: k.value.clone(),
            prefix: p.prefix.value.clone(),
            doc: p.doc.clone(),
        });
    }
    out
}
