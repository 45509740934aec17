//! The references the benchmarks hold beside contango, written once and shared by the bench
//! targets: hand-written typed serde decoders of the same payloads, and a hand-written REST client.

/// A hand-written typed decoder of the same payloads: serde derive, exact decimals, the fields
/// a trading program reads (contango's types decode every documented field); the private
/// stream's event as a reviewer would write it, its strings borrowed.
#[allow(dead_code)] // the fields are decoded (that is the work measured), never read
pub mod hand {
    use rust_decimal::Decimal;
    use serde::{Deserialize, Deserializer};

    #[derive(Deserialize)]
    pub struct Envelope<T> {
        pub code: serde_json::Value,
        pub data: T,
    }

    #[derive(Deserialize)]
    #[serde(rename_all = "camelCase")]
    pub struct Account {
        pub account: Vec<Balance>,
    }

    #[derive(Deserialize)]
    #[serde(rename_all = "camelCase")]
    pub struct Balance {
        pub margin_coin: String,
        pub coin_precious: i64,
        pub account_normal: Decimal,
        pub account_lock: Decimal,
        pub part_position_normal: Decimal,
        pub total_position_normal: Decimal,
        pub achieved_amount: Decimal,
        pub unrealized_amount: Decimal,
        pub total_margin_rate: Decimal,
        pub total_equity: Decimal,
        pub part_equity: Decimal,
        pub total_cost: Decimal,
        pub sum_margin_rate: Decimal,
        pub sum_open_realized_amount: Decimal,
        pub position_vos: Vec<PositionVo>,
    }

    #[derive(Deserialize)]
    #[serde(rename_all = "camelCase")]
    pub struct PositionVo {
        pub contract_id: i64,
        pub contract_name: String,
        pub positions: Vec<Position>,
    }

    #[derive(Deserialize)]
    #[serde(rename_all = "camelCase")]
    pub struct Position {
        pub id: i64,
        pub contract_id: i64,
        pub position_type: i64,
        pub side: String,
        pub volume: Decimal,
        pub open_price: Decimal,
        pub avg_price: Decimal,
        pub leverage_level: i64,
        pub hold_amount: Decimal,
        pub realized_amount: Decimal,
        pub history_realized_amount: Decimal,
        pub force_liquidation_price: Decimal,
        pub trade_fee: Decimal,
        pub capital_fee: Decimal,
        pub status: i64,
        pub ctime: String,
        pub mtime: String,
    }

    #[derive(Deserialize)]
    #[serde(rename_all = "camelCase")]
    pub struct Order {
        pub order_id: i64,
        pub client_order_id: Option<String>,
        pub price: Decimal,
        pub orig_qty: Decimal,
        pub executed_qty: Decimal,
        pub avg_price: Decimal,
        pub status: String,
        #[serde(rename = "type")]
        pub kind: String,
        pub side: String,
        pub action: String,
        pub transact_time: i64,
    }

    #[derive(Deserialize)]
    pub struct Depth {
        pub time: i64,
        pub bids: Vec<(Decimal, Decimal)>,
        pub asks: Vec<(Decimal, Decimal)>,
    }

    /// An ORDER_TRADE_UPDATE as a reviewer decodes it with serde (docs/design.md, Performance
    /// budgets): a derive into exact decimals and the event's own strings, borrowed from the
    /// frame (no `String` per text, no `Value`). Every field of the event is read, as contango's
    /// `OrderUpdate` reads them. Decimals go from the borrowed text through
    /// `Decimal::from_str_exact`: exact or an error, as contango's are. rust_decimal's own
    /// `Deserialize` (with `serde-with-arbitrary-precision`) and `from_str` were measured too,
    /// within 1–3% of this.
    #[derive(Deserialize)]
    pub struct OrderTradeUpdate<'a> {
        #[serde(rename = "e")]
        pub event_type: &'a str,
        #[serde(rename = "E")]
        pub event_time: i64,
        #[serde(rename = "o", borrow)]
        pub order: OrderUpdate<'a>,
    }

    #[derive(Deserialize)]
    pub struct OrderUpdate<'a> {
        pub s: &'a str,
        pub c: &'a str,
        #[serde(rename = "S")]
        pub side: &'a str,
        pub o: &'a str,
        #[serde(deserialize_with = "exact")]
        pub q: Decimal,
        #[serde(deserialize_with = "exact")]
        pub p: Decimal,
        #[serde(deserialize_with = "exact")]
        pub ap: Decimal,
        pub x: &'a str,
        #[serde(rename = "X")]
        pub status: &'a str,
        pub i: i64,
        #[serde(deserialize_with = "exact")]
        pub l: Decimal,
        #[serde(deserialize_with = "exact")]
        pub z: Decimal,
        #[serde(rename = "L", deserialize_with = "exact")]
        pub last_price: Decimal,
        #[serde(rename = "N")]
        pub fee_asset: &'a str,
        #[serde(deserialize_with = "exact")]
        pub n: Decimal,
        #[serde(rename = "T")]
        pub trade_time: i64,
        pub t: i64,
        pub m: bool,
        #[serde(rename = "R")]
        pub reduce_only: bool,
        pub ps: &'a str,
        #[serde(deserialize_with = "exact")]
        pub rp: Decimal,
    }

    /// A decimal from the text the event sends, borrowed, exactly.
    fn exact<'de, D: Deserializer<'de>>(d: D) -> Result<Decimal, D::Error> {
        let text = <&str>::deserialize(d)?;
        Decimal::from_str_exact(text).map_err(serde::de::Error::custom)
    }

    /// An ACCOUNT_UPDATE, written the same way: strings borrowed, decimals exact.
    #[derive(Deserialize)]
    pub struct AccountUpdate<'a> {
        #[serde(rename = "e")]
        pub event_type: &'a str,
        #[serde(rename = "E")]
        pub event_time: i64,
        #[serde(rename = "T")]
        pub transaction_time: i64,
        #[serde(borrow)]
        pub a: AccountData<'a>,
    }

    #[derive(Deserialize)]
    pub struct AccountData<'a> {
        pub m: &'a str,
        #[serde(rename = "B", borrow)]
        pub balances: Vec<BalanceUpdate<'a>>,
        #[serde(rename = "P", borrow)]
        pub positions: Vec<PositionUpdate<'a>>,
    }

    #[derive(Deserialize)]
    pub struct BalanceUpdate<'a> {
        pub a: &'a str,
        #[serde(deserialize_with = "exact")]
        pub cw: Decimal,
        #[serde(deserialize_with = "exact")]
        pub lb: Decimal,
        #[serde(deserialize_with = "exact")]
        pub iw: Decimal,
        #[serde(deserialize_with = "exact")]
        pub bc: Decimal,
    }

    #[derive(Deserialize)]
    pub struct PositionUpdate<'a> {
        pub s: &'a str,
        #[serde(deserialize_with = "exact")]
        pub pa: Decimal,
        #[serde(deserialize_with = "exact")]
        pub ep: Decimal,
        #[serde(deserialize_with = "exact")]
        pub lp: Decimal,
        #[serde(deserialize_with = "exact")]
        pub cr: Decimal,
        #[serde(deserialize_with = "exact")]
        pub up: Decimal,
        pub mt: &'a str,
        #[serde(deserialize_with = "exact")]
        pub iw: Decimal,
        pub ps: &'a str,
    }
}
