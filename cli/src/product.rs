//! A product line of the spec (`--product`): what the generated [`Api`](crate::Api) lists and
//! what [`target`](crate::target) resolves a name against. A leaf: it imports nothing of the
//! crate.

/// A product line of the spec, as `--product` offers it.
#[derive(Debug, Clone, Copy)]
pub struct ProductInfo {
    /// The spec's key (`usdt_margined`).
    pub key: &'static str,
    /// Its documentation.
    pub doc: &'static str,
}

impl ProductInfo {
    /// The short name offered first (`usdt` for `usdt_margined`): the key up to its first `_`.
    pub fn short(&self) -> &'static str {
        self.key.split('_').next().unwrap_or(self.key)
    }
}
