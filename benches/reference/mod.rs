//! The references the benchmarks hold beside contango, written once and shared by the bench
//! targets: hand-written typed serde decoders of the same payloads, and a hand-written REST client.

/// A hand-written typed decoder of the same payloads: serde derive, exact decimals, the fields
/// a trading program reads (contango's types decode every documented field).
#[allow(dead_code)] // the fields are decoded (that is the work measured), never read
pub mod hand {
    use rust_decimal::Decimal;
    use serde::Deserialize;

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

    #[derive(Deserialize)]
    pub struct OrderTradeUpdate {
        #[serde(rename = "E")]
        pub event_time: i64,
        #[serde(rename = "o")]
        pub order: OrderUpdate,
    }

    #[derive(Deserialize)]
    pub struct OrderUpdate {
        pub s: String,
        pub c: String,
        #[serde(rename = "S")]
        pub side: String,
        pub o: String,
        pub q: Decimal,
        pub p: Decimal,
        pub ap: Decimal,
        pub x: String,
        #[serde(rename = "X")]
        pub status: String,
        pub i: i64,
        pub l: Decimal,
        pub z: Decimal,
        #[serde(rename = "L")]
        pub last_price: Decimal,
        #[serde(rename = "N")]
        pub fee_asset: String,
        pub n: Decimal,
        #[serde(rename = "T")]
        pub trade_time: i64,
        pub t: i64,
        pub m: bool,
        #[serde(rename = "R")]
        pub reduce_only: bool,
        pub ps: String,
        pub rp: Decimal,
    }

    #[derive(Deserialize)]
    pub struct AccountUpdate {
        #[serde(rename = "E")]
        pub event_time: i64,
        pub a: AccountData,
    }

    #[derive(Deserialize)]
    pub struct AccountData {
        pub m: String,
        #[serde(rename = "B")]
        pub balances: Vec<BalanceUpdate>,
        #[serde(rename = "P")]
        pub positions: Vec<PositionUpdate>,
    }

    #[derive(Deserialize)]
    pub struct BalanceUpdate {
        pub a: String,
        pub cw: Decimal,
        pub lb: Decimal,
        pub iw: Decimal,
        pub bc: Decimal,
    }

    #[derive(Deserialize)]
    pub struct PositionUpdate {
        pub s: String,
        pub pa: Decimal,
        pub ep: Decimal,
        pub lp: Decimal,
        pub cr: Decimal,
        pub up: Decimal,
        pub mt: String,
        pub iw: Decimal,
        pub ps: String,
    }
}
