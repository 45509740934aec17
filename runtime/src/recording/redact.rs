//! What never reaches a recording: the API key, the secret, signatures and listen keys, each
//! replaced by a stable placeholder (`<listen-key-1>`: the same placeholder for the same key, so
//! the file stays consistent). Runs on the writer's thread, never in the request path.

use zeroize::Zeroizing;

use crate::wire::encode::percent_decode;

/// Values shorter than this are not replaced: replacing every `k` of a file would garble it, and
/// real keys are far longer.
const MIN_SECRET: usize = 8;

/// The secrets known so far and the names of the parameters and fields that carry them.
#[derive(Default)]
pub(crate) struct Redactor {
    /// Each secret (as sent and percent-encoded, when that differs) and its placeholder.
    secrets: Vec<(Zeroizing<String>, String)>,
    /// Parameter and answer field names whose values are listen keys (the spec's
    /// `listen_key.field`).
    fields: Vec<&'static str>,
    listen_keys: usize,
}

impl Redactor {
    /// Adds a secret known in advance (the API key, the secret) under `placeholder`.
    pub fn known(&mut self, value: Zeroizing<String>, placeholder: &str) {
        if value.len() >= MIN_SECRET && !self.secrets.iter().any(|(s, _)| **s == *value) {
            self.secrets.push((value, placeholder.to_owned()));
        }
    }

    /// Names whose values are listen keys, wherever they appear (query, body, path, answer).
    pub fn fields(&mut self, names: &[&'static str]) {
        for name in names {
            if !self.fields.contains(name) {
                self.fields.push(name);
            }
        }
    }

    /// Learns `value` as a listen key (a new placeholder unless already known).
    fn listen_key(&mut self, value: &str) {
        let value = value.trim();
        if value.len() < MIN_SECRET || self.secrets.iter().any(|(s, _)| s.as_str() == value) {
            return;
        }
        self.listen_keys += 1;
        let placeholder = format!("<listen-key-{}>", self.listen_keys);
        let encoded = percent_encode(value);
        if encoded != value {
            self.secrets
                .push((Zeroizing::new(encoded), placeholder.clone()));
        }
        self.secrets
            .push((Zeroizing::new(value.to_owned()), placeholder));
        // Longest first, so a key's encoded form is replaced before a shorter secret inside it.
        self.secrets.sort_by_key(|s| std::cmp::Reverse(s.0.len()));
    }

    /// Learns the listen keys among path parameters (name, text as written).
    pub fn learn_params<'a>(&mut self, params: impl IntoIterator<Item = (&'a str, &'a str)>) {
        for (name, value) in params {
            if self.fields.contains(&name) {
                self.listen_key(&percent_decode(value));
            }
        }
    }

    /// Learns the listen keys of a query string (`listenKey=...`), a request's or a URL's.
    pub fn learn_query(&mut self, query: &str) {
        let found: Vec<String> = query
            .split('&')
            .filter_map(|pair| pair.split_once('='))
            .filter(|(k, _)| self.fields.contains(&percent_decode(k).as_str()))
            .map(|(_, v)| percent_decode(v))
            .collect();
        for v in found {
            self.listen_key(&v);
        }
    }

    /// Learns the listen keys of a JSON text (a request body, an answer): string values of the
    /// listen-key fields, at any depth.
    pub fn learn_json(&mut self, text: &str) {
        if self.fields.is_empty() || !self.fields.iter().any(|f| text.contains(f)) {
            return;
        }
        let Ok(v) = serde_json::from_str::<serde_json::Value>(text) else {
            return;
        };
        let mut found = Vec::new();
        self.collect(&v, &mut found);
        for key in found {
            self.listen_key(&key);
        }
    }

    fn collect(&self, v: &serde_json::Value, found: &mut Vec<String>) {
        match v {
            serde_json::Value::Object(map) => {
                for (k, v) in map {
                    match v {
                        serde_json::Value::String(s) if self.fields.contains(&k.as_str()) => {
                            found.push(s.clone());
                        }
                        other => self.collect(other, found),
                    }
                }
            }
            serde_json::Value::Array(items) => {
                for item in items {
                    self.collect(item, found);
                }
            }
            _ => {}
        }
    }

    /// `text` with every known secret replaced by its placeholder.
    pub fn apply(&self, text: String) -> String {
        let mut text = text;
        for (secret, placeholder) in &self.secrets {
            if text.contains(secret.as_str()) {
                text = text.replace(secret.as_str(), placeholder);
            }
        }
        text
    }

    /// [`Redactor::apply`] on bytes that are text; other bytes are left as they are (a secret
    /// is text, so it cannot hide in bytes that are not).
    #[cfg(feature = "streams")]
    pub fn apply_bytes(&self, bytes: Vec<u8>) -> Vec<u8> {
        match String::from_utf8(bytes) {
            Ok(text) => self.apply(text).into_bytes(),
            Err(e) => e.into_bytes(),
        }
    }
}

/// `s` percent-encoded as the client's writers encode a path segment or query value.
fn percent_encode(s: &str) -> String {
    let mut out = String::new();
    crate::wire::encode::PathWriter::new(&mut out).param("", s);
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    fn redactor() -> Redactor {
        let mut r = Redactor::default();
        r.fields(&["listenKey"]);
        r.known(Zeroizing::new("AKIA-api-key-123".into()), "<api-key>");
        r
    }

    #[test]
    fn a_listen_key_gets_one_placeholder_wherever_it_appears() {
        let mut r = redactor();
        r.learn_json(r#"{"listenKey":"abcdef0123456789"}"#);
        r.learn_json(r#"{"data":{"listenKey":"zzzz0000zzzz0000"}}"#);
        assert_eq!(
            r.apply(r#"{"listenKey":"abcdef0123456789"}"#.into()),
            r#"{"listenKey":"<listen-key-1>"}"#
        );
        assert_eq!(
            r.apply("/listenKey/abcdef0123456789 then zzzz0000zzzz0000".into()),
            "/listenKey/<listen-key-1> then <listen-key-2>"
        );
        assert_eq!(r.apply("key AKIA-api-key-123".into()), "key <api-key>");
    }

    #[test]
    fn keys_in_queries_and_path_parameters_are_learned_decoded() {
        let mut r = redactor();
        r.learn_query("a=1&listenKey=key%2Fwith%20space");
        r.learn_params([("listenKey", "other%3Dkey-000")]);
        r.learn_params([("orderId", "1234567890123")]);
        assert_eq!(
            r.apply("ws?listenKey=key%2Fwith%20space&x=key/with space".into()),
            "ws?listenKey=<listen-key-1>&x=<listen-key-1>"
        );
        assert_eq!(r.apply("/k/other%3Dkey-000".into()), "/k/<listen-key-2>");
        assert_eq!(r.apply("1234567890123".into()), "1234567890123");
    }

    #[test]
    fn short_values_are_not_secrets_worth_garbling_a_file_for() {
        let mut r = redactor();
        r.known(Zeroizing::new("k".into()), "<secret>");
        r.learn_query("listenKey=abc");
        assert_eq!(r.apply("k abc".into()), "k abc");
    }
}
