//! The WebSocket address: a template with `{host}` and `{listenKey}`, resolved against the
//! client's base URL once, rendered with a key per connection; and a key as logs show it.

use url::Url;

/// The first characters of a listen key, for logs (a key grants read access to the account's
/// private stream, so it is never logged whole).
pub fn redact_key(key: &str) -> String {
    let head: String = key.chars().take(4).collect();
    format!("{head}…({})", key.chars().count())
}

/// A URL template with `{host}` already filled in; `{listenKey}` is filled per connection.
#[derive(Debug, Clone, PartialEq, Eq)]
pub(crate) struct UrlTemplate {
    text: String,
}

const KEY: &str = "{listenKey}";
const HOST: &str = "{host}";

impl UrlTemplate {
    /// Resolves `explicit` (or `default`) against `base_url`.
    ///
    /// `{host}` becomes the base URL's host and port. With the default template, a plain
    /// `http://` base (loopback: a simulator, a test server) turns `wss://` into `ws://`. The
    /// result must be a `ws://` or `wss://` URL containing `{listenKey}`.
    pub fn resolve(base_url: &str, explicit: Option<&str>, default: &str) -> Result<Self, String> {
        let template = explicit.unwrap_or(default);
        if !template.contains(KEY) {
            return Err(format!("the stream URL template `{template}` has no {KEY}"));
        }
        let mut text = template.to_owned();
        if text.contains(HOST) || explicit.is_none() {
            let base = Url::parse(base_url).map_err(|e| format!("base URL `{base_url}`: {e}"))?;
            let host = base
                .host_str()
                .ok_or_else(|| format!("base URL `{base_url}` has no host"))?;
            let host = match base.port() {
                Some(p) => format!("{host}:{p}"),
                None => host.to_owned(),
            };
            text = text.replace(HOST, &host);
            if explicit.is_none() && base.scheme() == "http" {
                if let Some(rest) = text.strip_prefix("wss://") {
                    text = format!("ws://{rest}");
                }
            }
        }
        let probe = text.replace(KEY, "key");
        let url = Url::parse(&probe).map_err(|e| format!("stream URL `{text}`: {e}"))?;
        if !matches!(url.scheme(), "ws" | "wss") {
            return Err(format!("stream URL `{text}`: the scheme must be ws or wss"));
        }
        Ok(UrlTemplate { text })
    }

    /// The URL for `key` (percent-encoded). Carries the key: never log it, log [`Self::redacted`].
    pub fn render(&self, key: &str) -> String {
        let encoded: String = url::form_urlencoded::byte_serialize(key.as_bytes()).collect();
        self.text.replace(KEY, &encoded)
    }

    /// The URL with the key truncated, for logs.
    pub fn redacted(&self, key: &str) -> String {
        self.text.replace(KEY, &redact_key(key))
    }
}

#[cfg(test)]
#[allow(clippy::unwrap_used)]
mod tests {
    use super::*;
    use crate::stream::DEFAULT_URL_TEMPLATE as D;

    #[test]
    fn default_template_follows_the_base_url() {
        let t = UrlTemplate::resolve("https://api.example.com", None, D).unwrap();
        assert_eq!(t.render("k1"), "wss://api.example.com/stream?listenKey=k1");
        let t = UrlTemplate::resolve("https://api.example.com:8443/base", None, D).unwrap();
        assert_eq!(
            t.render("k1"),
            "wss://api.example.com:8443/stream?listenKey=k1"
        );
        let t = UrlTemplate::resolve("http://127.0.0.1:4000", None, D).unwrap();
        assert_eq!(t.render("a b"), "ws://127.0.0.1:4000/stream?listenKey=a+b");
        let t = UrlTemplate::resolve("http://[::1]:4000", None, D).unwrap();
        assert_eq!(t.render("k"), "ws://[::1]:4000/stream?listenKey=k");
    }

    #[test]
    fn explicit_templates_are_kept() {
        let t = UrlTemplate::resolve(
            "http://127.0.0.1:1",
            Some("wss://stream.example.com/ws/{listenKey}"),
            D,
        )
        .unwrap();
        assert_eq!(t.render("abc"), "wss://stream.example.com/ws/abc");
        let t = UrlTemplate::resolve("https://h.example", Some("ws://{host}/s?k={listenKey}"), D)
            .unwrap();
        assert_eq!(t.render("abc"), "ws://h.example/s?k=abc");
    }

    #[test]
    fn bad_templates_are_refused() {
        let e = UrlTemplate::resolve("https://h", Some("wss://h/stream"), D).unwrap_err();
        assert!(e.contains("{listenKey}"), "{e}");
        let e = UrlTemplate::resolve("https://h", Some("https://h/{listenKey}"), D).unwrap_err();
        assert!(e.contains("ws or wss"), "{e}");
        assert!(UrlTemplate::resolve("not a url", None, D).is_err());
    }

    #[test]
    fn redacted_urls_hide_the_key() {
        let t = UrlTemplate::resolve("https://h.example", None, D).unwrap();
        let key = "ac3abbc8ac18f7977df42de27ab0c87c1f4ea3919983955d2fb5786468ccdb07";
        let shown = t.redacted(key);
        assert!(!shown.contains(key));
        assert!(
            shown.starts_with("wss://h.example/stream?listenKey=ac3a"),
            "{shown}"
        );
    }
}
