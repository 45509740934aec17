//! Contracts and their documented limits, and the default exchange's.

use rust_decimal::Decimal;

/// Which product (path prefix) a contract belongs to, and how its amounts are computed.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
#[cfg_attr(
    feature = "journal",
    derive(borsh::BorshSerialize, borsh::BorshDeserialize)
)]
pub enum MarginKind {
    /// USDT-margined (the USDT-margined product's paths); linear: value = volume × multiplier × price.
    Usdt,
    /// Coin-margined (the coin-margined product's paths); inverse: value = volume × multiplier / price.
    Coin,
}

/// Commission rates of a contract (section 2.9), as fractions of the traded value.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
#[cfg_attr(
    feature = "journal",
    derive(borsh::BorshSerialize, borsh::BorshDeserialize)
)]
pub struct Commission {
    /// Taker rate of an opening fill.
    pub open_taker: Decimal,
    /// Maker rate of an opening fill.
    pub open_maker: Decimal,
    /// Taker rate of a closing fill.
    pub close_taker: Decimal,
    /// Maker rate of a closing fill.
    pub close_maker: Decimal,
}

/// One leverage bracket (section 2.8): positions whose value lies in `[min_value, max_value)`
/// may use at most `initial_leverage` and need `maint_ratio` × value as maintenance margin.
#[derive(Debug, Clone, PartialEq, Eq)]
#[cfg_attr(
    feature = "journal",
    derive(borsh::BorshSerialize, borsh::BorshDeserialize)
)]
pub struct Bracket {
    /// Bracket number, from 1.
    pub bracket: i32,
    /// Maximum initial leverage.
    pub initial_leverage: u32,
    /// Lower bound of the position value (inclusive).
    pub min_value: Decimal,
    /// Upper bound of the position value (exclusive).
    pub max_value: Decimal,
    /// Maintenance margin ratio.
    pub maint_ratio: Decimal,
}

/// The resting liquidity the market maker places when the simulator starts.
///
/// Asks at `initial_price + k × step`, bids at `initial_price − k × step`, `k = 1..=levels`,
/// each of `volume` contracts, placed in that order (so time priority is deterministic).
#[derive(Debug, Clone, PartialEq, Eq)]
#[cfg_attr(
    feature = "journal",
    derive(borsh::BorshSerialize, borsh::BorshDeserialize)
)]
pub struct SeedBook {
    /// Price levels per side.
    pub levels: u32,
    /// Distance between levels.
    pub step: Decimal,
    /// Contracts per level.
    pub volume: Decimal,
}

/// A contract and its documented limits (section 2.1).
#[derive(Debug, Clone, PartialEq, Eq)]
#[cfg_attr(
    feature = "journal",
    derive(borsh::BorshSerialize, borsh::BorshDeserialize)
)]
pub struct ContractConfig {
    /// Contract name (`E-BTC-USDT`).
    pub symbol: String,
    /// Contract id, as positions report it.
    pub contract_id: i64,
    /// Product and arithmetic.
    pub margin_kind: MarginKind,
    /// Coin margin, fees and PnL are counted in.
    pub margin_coin: String,
    /// Face value of one contract.
    pub multiplier: Decimal,
    /// Unit of the face value.
    pub multiplier_coin: String,
    /// Decimal places allowed in a price (-1150 beyond).
    pub price_precision: u32,
    /// Decimal places allowed in a volume (-1111 beyond).
    pub volume_precision: u32,
    /// Minimum order volume (-1136 below).
    pub min_order_volume: Decimal,
    /// Minimum order value (-1160 below).
    pub min_order_money: Decimal,
    /// Maximum volume of a market order (-1154 above).
    pub max_market_volume: Decimal,
    /// Maximum value of a market order (-1161 above).
    pub max_market_money: Decimal,
    /// Maximum volume of a priced order (-1137 above).
    pub max_limit_volume: Decimal,
    /// Maximum value of a priced order (-1161 above).
    pub max_limit_money: Decimal,
    /// Maximum number of open orders per account in this contract (-1015 beyond).
    pub max_valid_order: u32,
    /// Whether the contract can be traded (-1146 when not).
    pub tradable: bool,
    /// Starting mark price and centre of the seeded book.
    pub initial_price: Decimal,
    /// Largest allowed relative distance of a price from the mark price (-1155 beyond).
    pub price_band: Decimal,
    /// Commission rates.
    pub commission: Commission,
    /// Leverage brackets, ascending; the first one's leverage is the contract's maximum.
    pub brackets: Vec<Bracket>,
    /// The market maker's starting orders (none when `None`).
    pub seed: Option<SeedBook>,
    /// Funding of a perpetual contract (none when `None`, the default).
    pub funding: Option<Funding>,
}

/// A perpetual contract's funding: every `interval_ms` (at the multiples of it since the epoch,
/// 00:00, 08:00 and 16:00 UTC for 8 hours), each open position pays `rate` × its value at the
/// mark price, longs to shorts when the rate is positive (shorts to longs when negative).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
#[cfg_attr(
    feature = "journal",
    derive(borsh::BorshSerialize, borsh::BorshDeserialize)
)]
pub struct Funding {
    /// The rate per interval (0.0001 is 0.01 %).
    pub rate: Decimal,
    /// The interval in milliseconds (8 hours: 28 800 000).
    pub interval_ms: i64,
}

impl Funding {
    /// Eight hours, the usual interval.
    pub const EIGHT_HOURS_MS: i64 = 8 * 3600 * 1000;

    /// `RATE[/INTERVAL]` as the command lines take it (`--funding 0.0001/8h`): an exact rate (a
    /// fraction: 0.0001 is 0.01 %) and a positive interval, 8 hours unless given
    /// ([`crate::time::parse_duration`]). For [`crate::SimConfig::funding`].
    pub fn parse(text: &str) -> Result<(Decimal, std::time::Duration), String> {
        let (rate, every) = match text.split_once('/') {
            Some((rate, every)) => (rate, crate::time::parse_duration(every)?),
            None => (text, std::time::Duration::from_secs(8 * 3600)),
        };
        let rate = Decimal::from_str_exact(rate.trim())
            .map_err(|_| format!("invalid funding rate `{rate}`: a decimal fraction"))?;
        if every.is_zero() {
            return Err(format!("`{text}`: the funding interval must be positive"));
        }
        Ok((rate, every))
    }

    /// The first funding time after `ms`.
    pub fn next_after(&self, ms: i64) -> i64 {
        let every = self.interval_ms.max(1);
        (ms.div_euclid(every) + 1) * every
    }
}

impl ContractConfig {
    /// Maximum leverage of the contract: the first bracket's.
    pub fn max_leverage(&self) -> u32 {
        self.brackets.first().map_or(125, |b| b.initial_leverage)
    }
}

fn d(text: &str) -> Decimal {
    text.parse().unwrap_or_default()
}

fn usdt_brackets() -> Vec<Bracket> {
    vec![
        bracket(1, 100, "0", "50000", "0.005"),
        bracket(2, 50, "50000", "250000", "0.01"),
        bracket(3, 20, "250000", "1000000", "0.025"),
        bracket(4, 10, "1000000", "10000000000", "0.05"),
    ]
}

fn coin_brackets() -> Vec<Bracket> {
    vec![
        bracket(1, 100, "0", "5", "0.005"),
        bracket(2, 50, "5", "25", "0.01"),
        bracket(3, 20, "25", "100", "0.025"),
        bracket(4, 10, "100", "1000000", "0.05"),
    ]
}

fn bracket(n: i32, lev: u32, min: &str, max: &str, mmr: &str) -> Bracket {
    Bracket {
        bracket: n,
        initial_leverage: lev,
        min_value: d(min),
        max_value: d(max),
        maint_ratio: d(mmr),
    }
}

fn commission() -> Commission {
    Commission {
        open_taker: d("0.0004"),
        open_maker: d("0.0002"),
        close_taker: d("0.0005"),
        close_maker: d("0.0003"),
    }
}

/// The default contracts; their numbers are listed in the crate documentation.
pub fn default_contracts() -> Vec<ContractConfig> {
    let btc = ContractConfig {
        symbol: "E-BTC-USDT".into(),
        contract_id: 1,
        margin_kind: MarginKind::Usdt,
        margin_coin: "USDT".into(),
        multiplier: d("0.001"),
        multiplier_coin: "BTC".into(),
        price_precision: 1,
        volume_precision: 0,
        min_order_volume: d("1"),
        min_order_money: d("1"),
        max_market_volume: d("1000"),
        max_market_money: d("1000000"),
        max_limit_volume: d("100000"),
        max_limit_money: d("10000000"),
        max_valid_order: 20,
        tradable: true,
        initial_price: d("30000"),
        price_band: d("0.5"),
        commission: commission(),
        brackets: usdt_brackets(),
        seed: Some(SeedBook {
            levels: 10,
            step: d("10"),
            volume: d("100"),
        }),
        funding: None,
    };
    let eth = ContractConfig {
        symbol: "E-ETH-USDT".into(),
        contract_id: 2,
        multiplier: d("0.01"),
        multiplier_coin: "ETH".into(),
        price_precision: 2,
        initial_price: d("2000"),
        seed: Some(SeedBook {
            levels: 10,
            step: d("1"),
            volume: d("100"),
        }),
        ..btc.clone()
    };
    let btc_usd = ContractConfig {
        symbol: "E-BTC-USD".into(),
        contract_id: 3,
        margin_kind: MarginKind::Coin,
        margin_coin: "BTC".into(),
        multiplier: d("100"),
        multiplier_coin: "USD".into(),
        min_order_money: d("0.001"),
        max_market_money: d("100"),
        max_limit_money: d("1000"),
        brackets: coin_brackets(),
        ..btc.clone()
    };
    let test = ContractConfig {
        symbol: "S-TEST-USDT".into(),
        contract_id: 4,
        multiplier: d("1"),
        multiplier_coin: "TEST".into(),
        price_precision: 4,
        tradable: false,
        initial_price: d("1"),
        seed: None,
        ..btc.clone()
    };
    vec![btc, eth, btc_usd, test]
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::time::Duration;

    #[test]
    fn funding_options_take_a_rate_and_an_interval() {
        let d = |s: &str| Decimal::from_str_exact(s).unwrap_or_default();
        assert_eq!(
            Funding::parse("0.0001"),
            Ok((d("0.0001"), Duration::from_secs(8 * 3600)))
        );
        assert_eq!(
            Funding::parse("-0.0003/15m"),
            Ok((d("-0.0003"), Duration::from_secs(900)))
        );
        assert!(Funding::parse("0.0001/0s").is_err());
        assert!(Funding::parse("0.0001/1.5h").is_err());
        assert!(Funding::parse("lots").is_err());
    }
}
