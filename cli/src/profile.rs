//! Profiles: named credentials and targets in a TOML file private to the user,
//! `$XDG_CONFIG_HOME/contango/profiles.toml` (or `~/.config/contango/profiles.toml`):
//!
//! ```toml
//! [default]
//! api_key = "..."
//! secret_key = "..."
//! base_url = "https://exchange.example"   # optional
//! product = "usdt"                        # optional
//! market_url = "wss://market.example/kline-api/ws"   # optional
//!
//! [default.risk]                          # optional: limits checked before anything is sent
//! contracts = ["E-BTC-USDT"]
//! [default.risk.usdt]                     # valued in USDT (other coins at the mark price)
//! max_order_notional = "1000"
//! max_daily_loss = "200"
//! ```
//!
//! The file holds secrets, so it is refused when its group or others have any access to it, the
//! way ssh treats a private key; the message says how to fix it.

use std::collections::BTreeMap;
use std::fmt;
use std::path::{Path, PathBuf};

use serde::Deserialize;
use zeroize::Zeroize;

use crate::failure::Failure;

/// A secret read from a profile or the environment: never formatted, zeroized on drop.
#[derive(Clone, Default, PartialEq, Eq, Deserialize)]
#[serde(transparent)]
pub struct Secret(String);

impl Secret {
    /// Wraps a secret.
    pub fn new(s: String) -> Secret {
        Secret(s)
    }
    /// The secret, to hand to the SDK's `Credentials` (which keeps its own zeroized copy).
    pub fn expose(&self) -> &str {
        &self.0
    }
}

impl Drop for Secret {
    fn drop(&mut self) {
        self.0.zeroize();
    }
}

impl fmt::Debug for Secret {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str("Secret(<redacted>)")
    }
}

/// One profile of the file.
#[derive(Debug, Clone, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Profile {
    /// The API key.
    pub api_key: Option<String>,
    /// The secret key.
    pub secret_key: Option<Secret>,
    /// The base URL of the REST interface.
    pub base_url: Option<String>,
    /// The product (`usdt`, `coin`, or a spec key).
    pub product: Option<String>,
    /// The address of the market stream, when it is not on the base URL's host.
    pub market_url: Option<String>,
    /// Risk limits (`[NAME.risk]`), which the agents' server and strategies apply before anything
    /// is sent ([`contango::risk`]); decimals as strings.
    pub risk: Option<contango::risk::RiskLimits>,
}

/// Where profiles are read from: `$XDG_CONFIG_HOME/contango/profiles.toml`, else
/// `$HOME/.config/contango/profiles.toml`.
pub fn default_path() -> Option<PathBuf> {
    let dir = std::env::var_os("XDG_CONFIG_HOME")
        .filter(|d| !d.is_empty())
        .map(PathBuf::from)
        .or_else(|| {
            std::env::var_os("HOME")
                .filter(|h| !h.is_empty())
                .map(|h| PathBuf::from(h).join(".config"))
        })?;
    Some(dir.join("contango").join("profiles.toml"))
}

/// Reads profile `name` from `path`. Refused when the file is missing, readable by others,
/// malformed, or has no such profile.
pub fn load(path: &Path, name: &str) -> Result<Profile, Failure> {
    let shown = path.display();
    check_private(path)?;
    let text = std::fs::read_to_string(path)
        .map_err(|e| Failure::Refused(format!("cannot read the profile file {shown}: {e}")))?;
    let mut profiles: BTreeMap<String, Profile> = toml::from_str(&text).map_err(|e| {
        // toml's message quotes the offending line, which may hold a secret: keep only the
        // position and the reason.
        let reason = e.message();
        let at = e
            .span()
            .map(|s| {
                let line = text[..s.start.min(text.len())].matches('\n').count() + 1;
                format!(" (line {line})")
            })
            .unwrap_or_default();
        Failure::Refused(format!(
            "the profile file {shown} is not valid{at}: {reason}"
        ))
    })?;
    profiles.remove(name).ok_or_else(|| {
        let known: Vec<&str> = profiles.keys().map(String::as_str).collect();
        Failure::Refused(format!(
            "no profile `{name}` in {shown} (profiles: {})",
            if known.is_empty() {
                "none".to_owned()
            } else {
                known.join(", ")
            }
        ))
    })
}

/// Refuses a file whose group or others have any permission on it.
#[cfg(unix)]
fn check_private(path: &Path) -> Result<(), Failure> {
    use std::os::unix::fs::PermissionsExt;
    let shown = path.display();
    let meta = std::fs::metadata(path)
        .map_err(|e| Failure::Refused(format!("cannot read the profile file {shown}: {e}")))?;
    let mode = meta.permissions().mode() & 0o777;
    if mode & 0o077 != 0 {
        return Err(Failure::Refused(format!(
            "the profile file {shown} holds secrets but its group or others can access it \
             (mode {mode:03o}); run `chmod 600 {shown}`"
        )));
    }
    Ok(())
}

#[cfg(not(unix))]
fn check_private(_: &Path) -> Result<(), Failure> {
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_secret_is_never_formatted() {
        let s = Secret::new("top-secret-value".into());
        assert!(!format!("{s:?}").contains("top-secret"));
        let p = Profile {
            api_key: Some("key".into()),
            secret_key: Some(s),
            base_url: None,
            product: None,
            market_url: None,
            risk: None,
        };
        assert!(!format!("{p:?}").contains("top-secret"));
    }

    #[test]
    fn a_risk_table_reads_exact_limits_per_coin() {
        let text = r#"
            [desk]
            api_key = "k"
            [desk.risk]
            contracts = ["E-BTC-USDT"]
            [desk.risk.usdt]
            max_order_notional = "1000.5"
            max_open_orders = 3
            [desk.risk.coins.BTC]
            max_daily_loss = "0.01"
        "#;
        let file: std::collections::BTreeMap<String, Profile> =
            toml::from_str(text).unwrap_or_else(|e| panic!("{e}"));
        let risk = file["desk"].risk.clone().unwrap_or_default();
        assert_eq!(
            risk.usdt.max_order_notional,
            Some("1000.5".parse().unwrap_or_default())
        );
        assert_eq!(risk.usdt.max_open_orders, Some(3));
        assert_eq!(
            risk.coins["BTC"].max_daily_loss,
            Some("0.01".parse().unwrap_or_default())
        );
        assert!(risk.contracts.is_some_and(|c| c.contains("E-BTC-USDT")));
        let typo = "[desk.risk.usdt]\nmax_notional = \"1\"\n";
        assert!(toml::from_str::<std::collections::BTreeMap<String, Profile>>(typo).is_err());
    }
}
