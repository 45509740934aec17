//! Channel names: how a contract becomes the symbol in a channel name ([`SymbolRule`]), and how
//! a channel name is read back against its template ([`match_template`]).

/// How a contract name becomes the symbol of a channel name (`E-BTC-USDT` -> `e_btcusdt`).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct SymbolRule {
    /// Lower-case the name.
    pub lowercase: bool,
    /// What the first `-` (after the contract type letter) becomes.
    pub type_separator: &'static str,
    /// What every other `-` becomes.
    pub separator: &'static str,
}

impl SymbolRule {
    /// The channel symbol of `contract`.
    pub fn apply(&self, contract: &str) -> String {
        let mut out = String::with_capacity(contract.len() + 1);
        for (i, part) in contract.split('-').enumerate() {
            match i {
                0 => {}
                1 => out.push_str(self.type_separator),
                _ => out.push_str(self.separator),
            }
            if self.lowercase {
                out.extend(part.chars().map(|c| c.to_ascii_lowercase()));
            } else {
                out.push_str(part);
            }
        }
        out
    }
}

/// Parses `name` against a channel template of literal parts and `{param}` holes; returns the
/// text of each hole in order. A hole takes the shortest text that lets the next literal match
/// (symbols contain `_`, so the literal after a hole is searched, not split on).
pub fn match_template<'n>(template: &[TemplatePart], name: &'n str) -> Option<Vec<&'n str>> {
    let mut rest = name;
    let mut holes = Vec::new();
    let mut parts = template.iter().peekable();
    while let Some(part) = parts.next() {
        match part {
            TemplatePart::Lit(l) => rest = rest.strip_prefix(l)?,
            TemplatePart::Hole => {
                let end = match parts.peek() {
                    // A short name: a plain scan beats building a substring searcher.
                    Some(TemplatePart::Lit(next)) => rest
                        .as_bytes()
                        .windows(next.len())
                        .position(|w| w == next.as_bytes())?,
                    Some(TemplatePart::Hole) => return None,
                    None => rest.len(),
                };
                if end == 0 {
                    return None;
                }
                holes.push(&rest[..end]);
                rest = &rest[end..];
            }
        }
    }
    rest.is_empty().then_some(holes)
}

/// A piece of a channel name template.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum TemplatePart {
    /// Literal text.
    Lit(&'static str),
    /// A parameter (the symbol, a step, an interval).
    Hole,
}

#[cfg(test)]
mod tests {
    use super::*;
    use TemplatePart::{Hole, Lit};

    const RULE: SymbolRule = SymbolRule {
        lowercase: true,
        type_separator: "_",
        separator: "",
    };

    #[test]
    fn symbols_follow_the_rule() {
        assert_eq!(RULE.apply("E-BTC-USDT"), "e_btcusdt");
        assert_eq!(RULE.apply("S-ETH-USDT"), "s_ethusdt");
        assert_eq!(RULE.apply("BTCUSDT"), "btcusdt");
        assert_eq!(RULE.apply("E-BTC-USD-240927"), "e_btcusd240927");
    }

    #[test]
    fn templates_match_names_with_underscored_symbols() {
        let depth = [Lit("market_"), Hole, Lit("_depth_step"), Hole];
        assert_eq!(
            match_template(&depth, "market_e_btcusdt_depth_step0"),
            Some(vec!["e_btcusdt", "0"])
        );
        let kline = [Lit("market_"), Hole, Lit("_kline_"), Hole];
        assert_eq!(
            match_template(&kline, "market_e_btcusdt_kline_1min"),
            Some(vec!["e_btcusdt", "1min"])
        );
        let trades = [Lit("market_"), Hole, Lit("_trade_ticker")];
        assert_eq!(
            match_template(&trades, "market_e_btcusdt_trade_ticker"),
            Some(vec!["e_btcusdt"])
        );
        assert_eq!(match_template(&trades, "market_e_btcusdt_ticker"), None);
        assert_eq!(match_template(&trades, "market__trade_ticker"), None);
        assert_eq!(match_template(&depth, "market_e_btcusdt_depth_step"), None);
    }
}
