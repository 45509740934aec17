//! Where a command goes and with which credentials: `--sim`, else `--base-url` /
//! `CONTANGO_BASE_URL` / the profile's `base_url`; credentials from `--profile NAME`, else
//! `CONTANGO_API_KEY` + `CONTANGO_SECRET_KEY`, else the `default` profile when the file exists.

use std::fmt;

use contango::Credentials;
use contango::recording::Recorder;

use crate::failure::Failure;
use crate::product::ProductInfo;
use crate::profile::{self, Profile, Secret};

/// The environment variables read for credentials and the target.
pub const ENV_API_KEY: &str = "CONTANGO_API_KEY";
/// The secret key variable.
pub const ENV_SECRET_KEY: &str = "CONTANGO_SECRET_KEY";
/// The base URL variable.
pub const ENV_BASE_URL: &str = "CONTANGO_BASE_URL";
/// The product variable.
pub const ENV_PRODUCT: &str = "CONTANGO_PRODUCT";
/// The market stream address variable.
pub const ENV_MARKET_URL: &str = "CONTANGO_MARKET_WS_URL";

/// Where the credentials came from (for `--verbose`; never the credentials themselves).
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum CredentialSource {
    /// No credentials: public endpoints only.
    None,
    /// `CONTANGO_API_KEY` / `CONTANGO_SECRET_KEY`.
    Environment,
    /// A profile of the profile file.
    Profile(String),
    /// The embedded simulator's funded account.
    Simulator,
    /// Stand-ins for a replay (a recording holds no credentials).
    Replay,
}

impl fmt::Display for CredentialSource {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            CredentialSource::None => f.write_str("none (public endpoints only)"),
            CredentialSource::Environment => write!(f, "from {ENV_API_KEY} / {ENV_SECRET_KEY}"),
            CredentialSource::Profile(name) => write!(f, "from profile `{name}`"),
            CredentialSource::Simulator => f.write_str("the simulator's account"),
            CredentialSource::Replay => f.write_str("stand-ins for the replay"),
        }
    }
}

/// What the global options name of the target (`--base-url`, `--market-url`, `--product`,
/// `--profile`); whatever they leave out comes from the environment or the profile file.
#[derive(Debug, Clone, Copy, Default)]
pub struct Named<'a> {
    /// `--base-url`.
    pub base_url: Option<&'a str>,
    /// `--market-url`.
    pub market_url: Option<&'a str>,
    /// `--product`.
    pub product: Option<&'a str>,
    /// `--profile`.
    pub profile: Option<&'a str>,
}

/// The server, product and credentials of one invocation.
#[derive(Clone)]
pub struct Target {
    base_url: String,
    product: Option<&'static str>,
    keys: Option<(String, Secret)>,
    source: CredentialSource,
    market_url: Option<String>,
    recorder: Option<Recorder>,
    /// The profile's risk limits (`[NAME.risk]`), checked before an order is signed.
    risk: Option<contango::risk::RiskLimits>,
}

impl fmt::Debug for Target {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_struct("Target")
            .field("base_url", &self.base_url)
            .field("product", &self.product)
            .field("api_key", &self.keys.as_ref().map(|(k, _)| redact(k)))
            .field("source", &self.source)
            .field("market_url", &self.market_url)
            .field("recorder", &self.recorder)
            .finish_non_exhaustive()
    }
}

/// The first four characters of an API key and its length: enough to tell keys apart.
pub fn redact(key: &str) -> String {
    let head: String = key.chars().take(4).collect();
    format!("{head}… ({} characters)", key.chars().count())
}

impl Target {
    /// The simulator at `base_url` with its account's credentials.
    pub fn simulator(
        base_url: &str,
        api_key: &str,
        secret: &str,
        product: Option<&'static str>,
    ) -> Target {
        Target {
            base_url: base_url.to_owned(),
            product,
            keys: Some((api_key.to_owned(), Secret::new(secret.to_owned()))),
            source: CredentialSource::Simulator,
            market_url: None,
            recorder: None,
            risk: None,
        }
    }

    /// A replay server (`--replay`): its REST and market stream addresses, and stand-in
    /// credentials so that signed commands are sent as they were when recorded.
    pub fn replay(base_url: &str, market_url: &str, product: Option<&'static str>) -> Target {
        Target {
            base_url: base_url.to_owned(),
            product,
            keys: Some((
                "replay-api-key".to_owned(),
                Secret::new("replay-secret".to_owned()),
            )),
            source: CredentialSource::Replay,
            market_url: Some(market_url.to_owned()),
            recorder: None,
            risk: None,
        }
    }

    /// No server (`drift --from`): a client that sends nothing, for its drift checks.
    pub fn offline() -> Target {
        Target {
            base_url: "http://127.0.0.1:9".to_owned(),
            product: None,
            keys: None,
            source: CredentialSource::None,
            market_url: None,
            recorder: None,
            risk: None,
        }
    }

    /// The same target, its traffic recorded by `recorder` (`--record`).
    pub fn recording(mut self, recorder: Recorder) -> Target {
        self.recorder = Some(recorder);
        self
    }

    /// The same target on product line `key` (a spec key): one client per product line.
    pub fn product_line(mut self, key: &'static str) -> Target {
        self.product = Some(key);
        self
    }

    /// The same credentials and product at another address (a paper venue at `--venue URL`).
    pub fn at(mut self, base_url: &str) -> Target {
        self.base_url = base_url.to_owned();
        self.market_url = None;
        self
    }

    /// The same target without credentials: for what only reads public data (`record market`),
    /// so that no secret is anywhere near what it records.
    pub fn public(mut self) -> Target {
        self.keys = None;
        self.source = CredentialSource::None;
        self
    }

    /// The profile's risk limits, if it has a `[risk]` table.
    pub fn risk(&self) -> Option<&contango::risk::RiskLimits> {
        self.risk.as_ref()
    }

    /// Where the client's traffic is recorded, if anywhere.
    pub fn recorder(&self) -> Option<&Recorder> {
        self.recorder.as_ref()
    }

    /// The target the global options name, completed from the environment and the profile
    /// file.
    pub fn resolve(named: Named<'_>, products: &[ProductInfo]) -> Result<Target, Failure> {
        let env = |name: &str| std::env::var(name).ok().filter(|v| !v.is_empty());
        let profile = match named.profile {
            Some(name) => Some((name.to_owned(), load_profile(name)?)),
            None => match (env(ENV_API_KEY), env(ENV_SECRET_KEY)) {
                (Some(_), Some(_)) => None,
                (Some(_), None) | (None, Some(_)) => {
                    return Err(Failure::Refused(format!(
                        "set both {ENV_API_KEY} and {ENV_SECRET_KEY}, or neither"
                    )));
                }
                // The default profile, when there is a file with one.
                (None, None) => match profile::default_path().filter(|p| p.exists()) {
                    Some(path) => match profile::load(&path, "default") {
                        Ok(p) => Some(("default".to_owned(), p)),
                        Err(Failure::Refused(m)) if m.starts_with("no profile") => None,
                        Err(e) => return Err(e),
                    },
                    None => None,
                },
            },
        };
        let (keys, source) = match &profile {
            Some((name, p)) => match (&p.api_key, &p.secret_key) {
                (Some(k), Some(s)) => (
                    Some((k.clone(), s.clone())),
                    CredentialSource::Profile(name.clone()),
                ),
                (None, None) => (None, CredentialSource::None),
                _ => {
                    return Err(Failure::Refused(format!(
                        "profile `{name}` needs both api_key and secret_key, or neither"
                    )));
                }
            },
            None => match (env(ENV_API_KEY), env(ENV_SECRET_KEY)) {
                (Some(k), Some(s)) => (Some((k, Secret::new(s))), CredentialSource::Environment),
                _ => (None, CredentialSource::None),
            },
        };
        let from_profile =
            |f: fn(&Profile) -> Option<&String>| profile.as_ref().and_then(|(_, p)| f(p).cloned());
        let base_url = named
            .base_url
            .map(str::to_owned)
            .or_else(|| env(ENV_BASE_URL))
            .or_else(|| from_profile(|p| p.base_url.as_ref()))
            .ok_or_else(|| {
                Failure::Refused(format!(
                    "no server: pass --base-url URL, set {ENV_BASE_URL}, name one in a profile, or use --sim"
                ))
            })?;
        let product = match named
            .product
            .map(str::to_owned)
            .or_else(|| env(ENV_PRODUCT))
            .or_else(|| from_profile(|p| p.product.as_ref()))
        {
            Some(name) => Some(product_key(&name, products)?),
            None => None,
        };
        Ok(Target {
            base_url,
            product,
            keys,
            source,
            market_url: named
                .market_url
                .map(str::to_owned)
                .or_else(|| env(ENV_MARKET_URL))
                .or_else(|| from_profile(|p| p.market_url.as_ref())),
            recorder: None,
            risk: profile.and_then(|(_, p)| p.risk.clone()),
        })
    }

    /// The base URL of the REST interface.
    pub fn base_url(&self) -> &str {
        &self.base_url
    }

    /// `--market-url`: where the market stream connects; `None` for the spec's address on the
    /// base URL's host.
    pub fn market_url(&self) -> Option<&str> {
        self.market_url.as_deref()
    }

    /// The spec key of the product, `None` for the spec's first.
    pub fn product(&self) -> Option<&'static str> {
        self.product
    }

    /// The SDK credentials, when there are any.
    pub fn credentials(&self) -> Option<Credentials> {
        self.keys
            .as_ref()
            .map(|(k, s)| Credentials::new(k.as_str(), s.expose()))
    }

    /// Where the credentials came from.
    pub fn source(&self) -> &CredentialSource {
        &self.source
    }

    /// The API key, redacted (for `--verbose`).
    pub fn api_key_redacted(&self) -> Option<String> {
        self.keys.as_ref().map(|(k, _)| redact(k))
    }
}

fn load_profile(name: &str) -> Result<Profile, Failure> {
    let path = profile::default_path().ok_or_else(|| {
        Failure::Refused("no config directory: set XDG_CONFIG_HOME or HOME".to_owned())
    })?;
    if !path.exists() {
        return Err(Failure::Refused(format!(
            "--profile {name}: there is no profile file {}",
            path.display()
        )));
    }
    profile::load(&path, name)
}

/// A product by its short name (`usdt`) or spec key (`usdt_margined`).
pub fn product_key(name: &str, products: &[ProductInfo]) -> Result<&'static str, Failure> {
    products
        .iter()
        .find(|p| p.key.eq_ignore_ascii_case(name) || p.short().eq_ignore_ascii_case(name))
        .map(|p| p.key)
        .ok_or_else(|| {
            let names: Vec<&str> = products.iter().map(ProductInfo::short).collect();
            Failure::Refused(format!(
                "unknown product `{name}` (one of: {})",
                names.join(", ")
            ))
        })
}
