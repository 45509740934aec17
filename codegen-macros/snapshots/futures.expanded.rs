/// Server time, used to keep the client clock offset.
#[derive(
    Debug,
    Clone,
    PartialEq,
    ::contango::__private::serde::Serialize,
    ::contango::__private::serde::Deserialize
)]
#[serde(crate = "::contango::__private::serde")]
pub struct ServerTime {
    /// Server time in milliseconds since the epoch.
    #[serde(rename = "serverTime", deserialize_with = "::contango::__private::de::wire")]
    pub server_time: ::contango::Millis,
    /// Name of the server's time zone, e.g. Coordinated Universal Time.
    #[serde(
        rename = "timezone",
        default,
        skip_serializing_if = "::std::option::Option::is_none",
        deserialize_with = "::contango::__private::de::wire"
    )]
    pub timezone: ::std::option::Option<::std::string::String>,
}
impl ::contango::__private::de::Wire for ServerTime {
    fn from_wire<'de, D: ::contango::__private::serde::Deserializer<'de>>(
        d: D,
    ) -> ::std::result::Result<Self, D::Error> {
        <Self as ::contango::__private::serde::Deserialize>::deserialize(d)
    }
}
::contango::__private::direct_record!(
    ServerTime { server_time[b"serverTime"] req, timezone[b"timezone"] opt, }
);
/// A tradable contract and its order limits (section 2.1).
#[derive(
    Debug,
    Clone,
    PartialEq,
    ::contango::__private::serde::Serialize,
    ::contango::__private::serde::Deserialize
)]
#[serde(crate = "::contango::__private::serde")]
pub struct Contract {
    /// Contract name, e.g. E-BTC-USDT.
    #[serde(rename = "symbol", deserialize_with = "::contango::__private::de::wire")]
    pub symbol: ::std::string::String,
    /// Whether the contract can be traded.
    #[serde(
        rename = "status",
        default,
        skip_serializing_if = "::std::option::Option::is_none",
        deserialize_with = "::contango::__private::de::wire"
    )]
    pub status: ::std::option::Option<ContractStatus>,
    /// Contract type: E perpetual, S test, others mixed.
    #[serde(
        rename = "type",
        default,
        skip_serializing_if = "::std::option::Option::is_none",
        deserialize_with = "::contango::__private::de::wire"
    )]
    pub contract_type: ::std::option::Option<ContractType>,
    /// Contract direction: 0 backward, 1 forward.
    #[serde(
        rename = "side",
        default,
        skip_serializing_if = "::std::option::Option::is_none",
        deserialize_with = "::contango::__private::de::wire"
    )]
    pub side: ::std::option::Option<ContractSide>,
    /// Contract face value.
    #[serde(
        rename = "multiplier",
        default,
        skip_serializing_if = "::std::option::Option::is_none",
        deserialize_with = "::contango::__private::de::wire",
        serialize_with = "::contango::__private::ser::opt_number"
    )]
    pub multiplier: ::std::option::Option<::contango::__private::rust_decimal::Decimal>,
    /// Unit of the face value.
    #[serde(
        rename = "multiplierCoin",
        default,
        skip_serializing_if = "::std::option::Option::is_none",
        deserialize_with = "::contango::__private::de::wire"
    )]
    pub multiplier_coin: ::std::option::Option<::std::string::String>,
    /// Price precision (decimal places).
    #[serde(
        rename = "pricePrecision",
        default,
        skip_serializing_if = "::std::option::Option::is_none",
        deserialize_with = "::contango::__private::de::wire"
    )]
    pub price_precision: ::std::option::Option<i32>,
    /// Minimum order volume.
    #[serde(
        rename = "minOrderVolume",
        default,
        skip_serializing_if = "::std::option::Option::is_none",
        deserialize_with = "::contango::__private::de::wire",
        serialize_with = "::contango::__private::ser::opt_number"
    )]
    pub min_order_volume: ::std::option::Option<
        ::contango::__private::rust_decimal::Decimal,
    >,
    /// Minimum order value.
    #[serde(
        rename = "minOrderMoney",
        default,
        skip_serializing_if = "::std::option::Option::is_none",
        deserialize_with = "::contango::__private::de::wire",
        serialize_with = "::contango::__private::ser::opt_number"
    )]
    pub min_order_money: ::std::option::Option<
        ::contango::__private::rust_decimal::Decimal,
    >,
    /// Maximum volume of a market order.
    #[serde(
        rename = "maxMarketVolume",
        default,
        skip_serializing_if = "::std::option::Option::is_none",
        deserialize_with = "::contango::__private::de::wire",
        serialize_with = "::contango::__private::ser::opt_number"
    )]
    pub max_market_volume: ::std::option::Option<
        ::contango::__private::rust_decimal::Decimal,
    >,
    /// Maximum value of a market order.
    #[serde(
        rename = "maxMarketMoney",
        default,
        skip_serializing_if = "::std::option::Option::is_none",
        deserialize_with = "::contango::__private::de::wire",
        serialize_with = "::contango::__private::ser::opt_number"
    )]
    pub max_market_money: ::std::option::Option<
        ::contango::__private::rust_decimal::Decimal,
    >,
    /// Maximum volume of a limit order.
    #[serde(
        rename = "maxLimitVolume",
        default,
        skip_serializing_if = "::std::option::Option::is_none",
        deserialize_with = "::contango::__private::de::wire",
        serialize_with = "::contango::__private::ser::opt_number"
    )]
    pub max_limit_volume: ::std::option::Option<
        ::contango::__private::rust_decimal::Decimal,
    >,
    /// Maximum value of a limit order (in the sample payload, not in the field table).
    #[serde(
        rename = "maxLimitMoney",
        default,
        skip_serializing_if = "::std::option::Option::is_none",
        deserialize_with = "::contango::__private::de::wire",
        serialize_with = "::contango::__private::ser::opt_number"
    )]
    pub max_limit_money: ::std::option::Option<
        ::contango::__private::rust_decimal::Decimal,
    >,
    /// Maximum number of valid (open) orders.
    #[serde(
        rename = "maxValidOrder",
        default,
        skip_serializing_if = "::std::option::Option::is_none",
        deserialize_with = "::contango::__private::de::wire"
    )]
    pub max_valid_order: ::std::option::Option<i32>,
    /// Contract id (sibling exchanges only).
    #[serde(
        rename = "contractId",
        default,
        skip_serializing_if = "::std::option::Option::is_none",
        deserialize_with = "::contango::__private::de::wire"
    )]
    pub contract_id: ::std::option::Option<i64>,
    /// Margin coin (sibling exchanges only).
    #[serde(
        rename = "marginCoin",
        default,
        skip_serializing_if = "::std::option::Option::is_none",
        deserialize_with = "::contango::__private::de::wire"
    )]
    pub margin_coin: ::std::option::Option<::std::string::String>,
    /// Minimum leverage (sibling exchanges only).
    #[serde(
        rename = "minLever",
        default,
        skip_serializing_if = "::std::option::Option::is_none",
        deserialize_with = "::contango::__private::de::wire"
    )]
    pub min_lever: ::std::option::Option<i32>,
    /// Maximum leverage (sibling exchanges only).
    #[serde(
        rename = "maxLever",
        default,
        skip_serializing_if = "::std::option::Option::is_none",
        deserialize_with = "::contango::__private::de::wire"
    )]
    pub max_lever: ::std::option::Option<i32>,
    /// Maker fee rate for opening (sibling exchanges only).
    #[serde(
        rename = "openMakerFee",
        default,
        skip_serializing_if = "::std::option::Option::is_none",
        deserialize_with = "::contango::__private::de::wire",
        serialize_with = "::contango::__private::ser::opt_number"
    )]
    pub open_maker_fee: ::std::option::Option<
        ::contango::__private::rust_decimal::Decimal,
    >,
    /// Taker fee rate for opening (sibling exchanges only).
    #[serde(
        rename = "openTakerFee",
        default,
        skip_serializing_if = "::std::option::Option::is_none",
        deserialize_with = "::contango::__private::de::wire",
        serialize_with = "::contango::__private::ser::opt_number"
    )]
    pub open_taker_fee: ::std::option::Option<
        ::contango::__private::rust_decimal::Decimal,
    >,
    /// Maker fee rate for closing (sibling exchanges only).
    #[serde(
        rename = "closeMakerFee",
        default,
        skip_serializing_if = "::std::option::Option::is_none",
        deserialize_with = "::contango::__private::de::wire",
        serialize_with = "::contango::__private::ser::opt_number"
    )]
    pub close_maker_fee: ::std::option::Option<
        ::contango::__private::rust_decimal::Decimal,
    >,
    /// Taker fee rate for closing (sibling exchanges only).
    #[serde(
        rename = "closeTakerFee",
        default,
        skip_serializing_if = "::std::option::Option::is_none",
        deserialize_with = "::contango::__private::de::wire",
        serialize_with = "::contango::__private::ser::opt_number"
    )]
    pub close_taker_fee: ::std::option::Option<
        ::contango::__private::rust_decimal::Decimal,
    >,
}
impl ::contango::__private::de::Wire for Contract {
    fn from_wire<'de, D: ::contango::__private::serde::Deserializer<'de>>(
        d: D,
    ) -> ::std::result::Result<Self, D::Error> {
        <Self as ::contango::__private::serde::Deserialize>::deserialize(d)
    }
}
::contango::__private::direct_record!(
    Contract { symbol[b"symbol"] req, status[b"status"] opt, contract_type[b"type"] opt,
    side[b"side"] opt, multiplier[b"multiplier"] opt, multiplier_coin[b"multiplierCoin"]
    opt, price_precision[b"pricePrecision"] opt, min_order_volume[b"minOrderVolume"] opt,
    min_order_money[b"minOrderMoney"] opt, max_market_volume[b"maxMarketVolume"] opt,
    max_market_money[b"maxMarketMoney"] opt, max_limit_volume[b"maxLimitVolume"] opt,
    max_limit_money[b"maxLimitMoney"] opt, max_valid_order[b"maxValidOrder"] opt,
    contract_id[b"contractId"] opt, margin_coin[b"marginCoin"] opt,
    min_lever[b"minLever"] opt, max_lever[b"maxLever"] opt,
    open_maker_fee[b"openMakerFee"] opt, open_taker_fee[b"openTakerFee"] opt,
    close_maker_fee[b"closeMakerFee"] opt, close_taker_fee[b"closeTakerFee"] opt, }
);
/// Order book of a contract (section 2.2).
#[derive(
    Debug,
    Clone,
    PartialEq,
    ::contango::__private::serde::Serialize,
    ::contango::__private::serde::Deserialize
)]
#[serde(crate = "::contango::__private::serde")]
pub struct OrderBook {
    /// Current time in milliseconds (in the field table; absent or null in the samples).
    #[serde(
        rename = "time",
        default,
        skip_serializing_if = "::std::option::Option::is_none",
        deserialize_with = "::contango::__private::de::wire"
    )]
    pub time: ::std::option::Option<::contango::Millis>,
    /// Buy price levels, best to worst.
    #[serde(rename = "bids", deserialize_with = "::contango::__private::de::wire")]
    pub bids: ::std::vec::Vec<PriceLevel>,
    /// Sell price levels, best to worst.
    #[serde(rename = "asks", deserialize_with = "::contango::__private::de::wire")]
    pub asks: ::std::vec::Vec<PriceLevel>,
}
impl ::contango::__private::de::Wire for OrderBook {
    fn from_wire<'de, D: ::contango::__private::serde::Deserializer<'de>>(
        d: D,
    ) -> ::std::result::Result<Self, D::Error> {
        <Self as ::contango::__private::serde::Deserialize>::deserialize(d)
    }
}
::contango::__private::direct_record!(
    OrderBook { time[b"time"] opt, bids[b"bids"] req, asks[b"asks"] req, }
);
/// One price level of the order book: a two-element array [price, quantity] (decimal strings or numbers).
#[derive(Debug, Clone, PartialEq, ::contango::__private::serde::Deserialize)]
#[serde(crate = "::contango::__private::serde")]
pub struct PriceLevel {
    /// Price of the level.
    #[serde(
        rename = "price",
        deserialize_with = "::contango::__private::de::wire",
        serialize_with = "::contango::__private::ser::number"
    )]
    pub price: ::contango::__private::rust_decimal::Decimal,
    /// Total quantity at that price.
    #[serde(
        rename = "quantity",
        deserialize_with = "::contango::__private::de::wire",
        serialize_with = "::contango::__private::ser::number"
    )]
    pub quantity: ::contango::__private::rust_decimal::Decimal,
}
impl ::contango::__private::de::Wire for PriceLevel {
    fn from_wire<'de, D: ::contango::__private::serde::Deserializer<'de>>(
        d: D,
    ) -> ::std::result::Result<Self, D::Error> {
        <Self as ::contango::__private::serde::Deserialize>::deserialize(d)
    }
    fn list_from_wire<'de, D: ::contango::__private::serde::Deserializer<'de>>(
        d: D,
    ) -> ::std::result::Result<::std::vec::Vec<Self>, D::Error> {
        ::std::result::Result::Ok(
            ::contango::__private::de::decimal_rows::<D, 2usize>(d)?
                .into_iter()
                .map(|[price, quantity]| Self { price, quantity })
                .collect(),
        )
    }
}
impl ::contango::__private::serde::Serialize for PriceLevel {
    fn serialize<S: ::contango::__private::serde::Serializer>(
        &self,
        s: S,
    ) -> ::std::result::Result<S::Ok, S::Error> {
        use ::contango::__private::serde::ser::SerializeTuple as _;
        let mut t = s.serialize_tuple(2usize)?;
        t.serialize_element(&::contango::__private::ser::Number(&self.price))?;
        t.serialize_element(&::contango::__private::ser::Number(&self.quantity))?;
        t.end()
    }
}
impl ::contango::__private::direct::Direct for PriceLevel {
    fn direct(
        r: &mut ::contango::__private::direct::Reader<'_>,
    ) -> ::std::option::Option<Self> {
        r.tuple::<
                _,
                2usize,
            >(|t| ::std::option::Option::Some(Self {
            price: t.item()?,
            quantity: t.item()?,
        }))
    }
    fn list_direct(
        r: &mut ::contango::__private::direct::Reader<'_>,
    ) -> ::std::option::Option<::std::vec::Vec<Self>> {
        ::std::option::Option::Some(
            r
                .rows::<2usize>()?
                .into_iter()
                .map(|[price, quantity]| Self { price, quantity })
                .collect(),
        )
    }
}
/// 24 hour ticker of a contract (section 2.3).
#[derive(
    Debug,
    Clone,
    PartialEq,
    ::contango::__private::serde::Serialize,
    ::contango::__private::serde::Deserialize
)]
#[serde(crate = "::contango::__private::serde")]
pub struct Ticker {
    /// Open time in milliseconds.
    #[serde(
        rename = "time",
        default,
        skip_serializing_if = "::std::option::Option::is_none",
        deserialize_with = "::contango::__private::de::wire"
    )]
    pub time: ::std::option::Option<::contango::Millis>,
    /// Highest price.
    #[serde(
        rename = "high",
        default,
        skip_serializing_if = "::std::option::Option::is_none",
        deserialize_with = "::contango::__private::de::wire",
        serialize_with = "::contango::__private::ser::opt_number"
    )]
    pub high: ::std::option::Option<::contango::__private::rust_decimal::Decimal>,
    /// Lowest price.
    #[serde(
        rename = "low",
        default,
        skip_serializing_if = "::std::option::Option::is_none",
        deserialize_with = "::contango::__private::de::wire",
        serialize_with = "::contango::__private::ser::opt_number"
    )]
    pub low: ::std::option::Option<::contango::__private::rust_decimal::Decimal>,
    /// Latest price.
    #[serde(
        rename = "last",
        default,
        skip_serializing_if = "::std::option::Option::is_none",
        deserialize_with = "::contango::__private::de::wire",
        serialize_with = "::contango::__private::ser::opt_number"
    )]
    pub last: ::std::option::Option<::contango::__private::rust_decimal::Decimal>,
    /// Traded volume.
    #[serde(
        rename = "vol",
        default,
        skip_serializing_if = "::std::option::Option::is_none",
        deserialize_with = "::contango::__private::de::wire",
        serialize_with = "::contango::__private::ser::opt_number"
    )]
    pub vol: ::std::option::Option<::contango::__private::rust_decimal::Decimal>,
    /// Price variation (a string in the field table, a decimal text in the samples).
    #[serde(
        rename = "rose",
        default,
        skip_serializing_if = "::std::option::Option::is_none",
        deserialize_with = "::contango::__private::de::wire",
        serialize_with = "::contango::__private::ser::opt_number"
    )]
    pub rose: ::std::option::Option<::contango::__private::rust_decimal::Decimal>,
}
impl ::contango::__private::de::Wire for Ticker {
    fn from_wire<'de, D: ::contango::__private::serde::Deserializer<'de>>(
        d: D,
    ) -> ::std::result::Result<Self, D::Error> {
        <Self as ::contango::__private::serde::Deserialize>::deserialize(d)
    }
}
::contango::__private::direct_record!(
    Ticker { time[b"time"] opt, high[b"high"] opt, low[b"low"] opt, last[b"last"] opt,
    vol[b"vol"] opt, rose[b"rose"] opt, }
);
/// One candlestick (section 2.4).
#[derive(
    Debug,
    Clone,
    PartialEq,
    ::contango::__private::serde::Serialize,
    ::contango::__private::serde::Deserialize
)]
#[serde(crate = "::contango::__private::serde")]
pub struct Kline {
    /// Start time. The field table says milliseconds; real payloads send seconds, so it is read as seconds.
    #[serde(rename = "idx", deserialize_with = "::contango::__private::de::wire")]
    pub idx: ::contango::Seconds,
    /// Open price.
    #[serde(
        rename = "open",
        default,
        skip_serializing_if = "::std::option::Option::is_none",
        deserialize_with = "::contango::__private::de::wire",
        serialize_with = "::contango::__private::ser::opt_number"
    )]
    pub open: ::std::option::Option<::contango::__private::rust_decimal::Decimal>,
    /// Highest price.
    #[serde(
        rename = "high",
        default,
        skip_serializing_if = "::std::option::Option::is_none",
        deserialize_with = "::contango::__private::de::wire",
        serialize_with = "::contango::__private::ser::opt_number"
    )]
    pub high: ::std::option::Option<::contango::__private::rust_decimal::Decimal>,
    /// Lowest price.
    #[serde(
        rename = "low",
        default,
        skip_serializing_if = "::std::option::Option::is_none",
        deserialize_with = "::contango::__private::de::wire",
        serialize_with = "::contango::__private::ser::opt_number"
    )]
    pub low: ::std::option::Option<::contango::__private::rust_decimal::Decimal>,
    /// Close price.
    #[serde(
        rename = "close",
        default,
        skip_serializing_if = "::std::option::Option::is_none",
        deserialize_with = "::contango::__private::de::wire",
        serialize_with = "::contango::__private::ser::opt_number"
    )]
    pub close: ::std::option::Option<::contango::__private::rust_decimal::Decimal>,
    /// Traded volume.
    #[serde(
        rename = "vol",
        default,
        skip_serializing_if = "::std::option::Option::is_none",
        deserialize_with = "::contango::__private::de::wire",
        serialize_with = "::contango::__private::ser::opt_number"
    )]
    pub vol: ::std::option::Option<::contango::__private::rust_decimal::Decimal>,
}
impl ::contango::__private::de::Wire for Kline {
    fn from_wire<'de, D: ::contango::__private::serde::Deserializer<'de>>(
        d: D,
    ) -> ::std::result::Result<Self, D::Error> {
        <Self as ::contango::__private::serde::Deserialize>::deserialize(d)
    }
}
::contango::__private::direct_record!(
    Kline { idx[b"idx"] req, open[b"open"] opt, high[b"high"] opt, low[b"low"] opt,
    close[b"close"] opt, vol[b"vol"] opt, }
);
/// One trade of the account (section 2.5).
#[derive(
    Debug,
    Clone,
    PartialEq,
    ::contango::__private::serde::Serialize,
    ::contango::__private::serde::Deserialize
)]
#[serde(crate = "::contango::__private::serde")]
pub struct Trade {
    /// Trade id.
    #[serde(rename = "tradeId", deserialize_with = "::contango::__private::de::wire")]
    pub trade_id: i64,
    /// Price.
    #[serde(
        rename = "price",
        default,
        skip_serializing_if = "::std::option::Option::is_none",
        deserialize_with = "::contango::__private::de::wire",
        serialize_with = "::contango::__private::ser::opt_number"
    )]
    pub price: ::std::option::Option<::contango::__private::rust_decimal::Decimal>,
    /// Quantity (int in the field table; read as a decimal so fractional volumes decode).
    #[serde(
        rename = "qty",
        default,
        skip_serializing_if = "::std::option::Option::is_none",
        deserialize_with = "::contango::__private::de::wire",
        serialize_with = "::contango::__private::ser::opt_number"
    )]
    pub qty: ::std::option::Option<::contango::__private::rust_decimal::Decimal>,
    /// Amount.
    #[serde(
        rename = "amount",
        default,
        skip_serializing_if = "::std::option::Option::is_none",
        deserialize_with = "::contango::__private::de::wire",
        serialize_with = "::contango::__private::ser::opt_number"
    )]
    pub amount: ::std::option::Option<::contango::__private::rust_decimal::Decimal>,
    /// Contract name.
    #[serde(
        rename = "contractName",
        default,
        skip_serializing_if = "::std::option::Option::is_none",
        deserialize_with = "::contango::__private::de::wire"
    )]
    pub contract_name: ::std::option::Option<::std::string::String>,
    /// BUY (buy long) or SELL (sell short).
    #[serde(
        rename = "side",
        default,
        skip_serializing_if = "::std::option::Option::is_none",
        deserialize_with = "::contango::__private::de::wire"
    )]
    pub side: ::std::option::Option<Side>,
    /// Trading fee (sent as a string).
    #[serde(
        rename = "fee",
        default,
        skip_serializing_if = "::std::option::Option::is_none",
        deserialize_with = "::contango::__private::de::wire",
        serialize_with = "::contango::__private::ser::opt_number"
    )]
    pub fee: ::std::option::Option<::contango::__private::rust_decimal::Decimal>,
    /// Buy-side order id.
    #[serde(
        rename = "bidId",
        default,
        skip_serializing_if = "::std::option::Option::is_none",
        deserialize_with = "::contango::__private::de::wire"
    )]
    pub bid_id: ::std::option::Option<i64>,
    /// Sell-side order id.
    #[serde(
        rename = "askId",
        default,
        skip_serializing_if = "::std::option::Option::is_none",
        deserialize_with = "::contango::__private::de::wire"
    )]
    pub ask_id: ::std::option::Option<i64>,
    /// Buyer user id.
    #[serde(
        rename = "bidUserId",
        default,
        skip_serializing_if = "::std::option::Option::is_none",
        deserialize_with = "::contango::__private::de::wire"
    )]
    pub bid_user_id: ::std::option::Option<i64>,
    /// Seller user id.
    #[serde(
        rename = "askUserId",
        default,
        skip_serializing_if = "::std::option::Option::is_none",
        deserialize_with = "::contango::__private::de::wire"
    )]
    pub ask_user_id: ::std::option::Option<i64>,
    /// Whether the caller is the buyer.
    #[serde(
        rename = "isBuyer",
        default,
        skip_serializing_if = "::std::option::Option::is_none",
        deserialize_with = "::contango::__private::de::wire"
    )]
    pub is_buyer: ::std::option::Option<bool>,
    /// Whether the caller is the maker.
    #[serde(
        rename = "isMaker",
        default,
        skip_serializing_if = "::std::option::Option::is_none",
        deserialize_with = "::contango::__private::de::wire"
    )]
    pub is_maker: ::std::option::Option<bool>,
    /// Creation time in milliseconds (the samples spell it ctime or time).
    #[serde(
        rename = "cTime",
        alias = "ctime",
        alias = "time",
        default,
        skip_serializing_if = "::std::option::Option::is_none",
        deserialize_with = "::contango::__private::de::wire"
    )]
    pub c_time: ::std::option::Option<::contango::Millis>,
}
impl ::contango::__private::de::Wire for Trade {
    fn from_wire<'de, D: ::contango::__private::serde::Deserializer<'de>>(
        d: D,
    ) -> ::std::result::Result<Self, D::Error> {
        <Self as ::contango::__private::serde::Deserialize>::deserialize(d)
    }
}
::contango::__private::direct_record!(
    Trade { trade_id[b"tradeId"] req, price[b"price"] opt, qty[b"qty"] opt,
    amount[b"amount"] opt, contract_name[b"contractName"] opt, side[b"side"] opt,
    fee[b"fee"] opt, bid_id[b"bidId"] opt, ask_id[b"askId"] opt,
    bid_user_id[b"bidUserId"] opt, ask_user_id[b"askUserId"] opt, is_buyer[b"isBuyer"]
    opt, is_maker[b"isMaker"] opt, c_time[b"cTime" | b"ctime" | b"time"] opt, }
);
/// An order (section 2.6); conditional orders carry their trigger fields and child orders.
#[derive(
    Debug,
    Clone,
    PartialEq,
    ::contango::__private::serde::Serialize,
    ::contango::__private::serde::Deserialize
)]
#[serde(crate = "::contango::__private::serde")]
pub struct Order {
    /// System-generated order id.
    #[serde(rename = "orderId", deserialize_with = "::contango::__private::de::wire")]
    pub order_id: i64,
    /// Client order id (some servers send it as a number; kept as text).
    #[serde(
        rename = "clientOrderId",
        default,
        skip_serializing_if = "::std::option::Option::is_none",
        deserialize_with = "::contango::__private::de::wire"
    )]
    pub client_order_id: ::std::option::Option<::std::string::String>,
    /// Contract name (in the sample payloads).
    #[serde(
        rename = "contractName",
        default,
        skip_serializing_if = "::std::option::Option::is_none",
        deserialize_with = "::contango::__private::de::wire"
    )]
    pub contract_name: ::std::option::Option<::std::string::String>,
    /// Order price.
    #[serde(
        rename = "price",
        default,
        skip_serializing_if = "::std::option::Option::is_none",
        deserialize_with = "::contango::__private::de::wire",
        serialize_with = "::contango::__private::ser::opt_number"
    )]
    pub price: ::std::option::Option<::contango::__private::rust_decimal::Decimal>,
    /// Order quantity.
    #[serde(
        rename = "origQty",
        default,
        skip_serializing_if = "::std::option::Option::is_none",
        deserialize_with = "::contango::__private::de::wire",
        serialize_with = "::contango::__private::ser::opt_number"
    )]
    pub orig_qty: ::std::option::Option<::contango::__private::rust_decimal::Decimal>,
    /// Order amount.
    #[serde(
        rename = "origAmount",
        default,
        skip_serializing_if = "::std::option::Option::is_none",
        deserialize_with = "::contango::__private::de::wire",
        serialize_with = "::contango::__private::ser::opt_number"
    )]
    pub orig_amount: ::std::option::Option<::contango::__private::rust_decimal::Decimal>,
    /// Filled quantity.
    #[serde(
        rename = "executedQty",
        default,
        skip_serializing_if = "::std::option::Option::is_none",
        deserialize_with = "::contango::__private::de::wire",
        serialize_with = "::contango::__private::ser::opt_number"
    )]
    pub executed_qty: ::std::option::Option<
        ::contango::__private::rust_decimal::Decimal,
    >,
    /// Average fill price.
    #[serde(
        rename = "avgPrice",
        default,
        skip_serializing_if = "::std::option::Option::is_none",
        deserialize_with = "::contango::__private::de::wire",
        serialize_with = "::contango::__private::ser::opt_number"
    )]
    pub avg_price: ::std::option::Option<::contango::__private::rust_decimal::Decimal>,
    /// Order status.
    #[serde(
        rename = "status",
        default,
        skip_serializing_if = "::std::option::Option::is_none",
        deserialize_with = "::contango::__private::de::wire"
    )]
    pub status: ::std::option::Option<OrderStatus>,
    /// Order type: LIMIT (limit price) or MARKET (market price).
    #[serde(
        rename = "type",
        default,
        skip_serializing_if = "::std::option::Option::is_none",
        deserialize_with = "::contango::__private::de::wire"
    )]
    pub order_type: ::std::option::Option<OrderType>,
    /// BUY (buy long) or SELL (sell short).
    #[serde(
        rename = "side",
        default,
        skip_serializing_if = "::std::option::Option::is_none",
        deserialize_with = "::contango::__private::de::wire"
    )]
    pub side: ::std::option::Option<Side>,
    /// OPEN or CLOSE.
    #[serde(
        rename = "action",
        default,
        skip_serializing_if = "::std::option::Option::is_none",
        deserialize_with = "::contango::__private::de::wire"
    )]
    pub action: ::std::option::Option<Open>,
    /// Order creation time in milliseconds.
    #[serde(
        rename = "transactTime",
        default,
        skip_serializing_if = "::std::option::Option::is_none",
        deserialize_with = "::contango::__private::de::wire"
    )]
    pub transact_time: ::std::option::Option<::contango::Millis>,
    /// Time in force (empty text in the samples; meaning not documented).
    #[serde(
        rename = "timeInForce",
        default,
        skip_serializing_if = "::std::option::Option::is_none",
        deserialize_with = "::contango::__private::de::wire"
    )]
    pub time_in_force: ::std::option::Option<::std::string::String>,
    /// Trigger price of a conditional order (samples only).
    #[serde(
        rename = "triggerPrice",
        default,
        skip_serializing_if = "::std::option::Option::is_none",
        deserialize_with = "::contango::__private::de::wire",
        serialize_with = "::contango::__private::ser::opt_number"
    )]
    pub trigger_price: ::std::option::Option<
        ::contango::__private::rust_decimal::Decimal,
    >,
    /// Trigger type of a conditional order (samples only; values not documented).
    #[serde(
        rename = "triggerType",
        default,
        skip_serializing_if = "::std::option::Option::is_none",
        deserialize_with = "::contango::__private::de::wire"
    )]
    pub trigger_type: ::std::option::Option<i32>,
    /// Order type placed when triggered (samples only; values not documented).
    #[serde(
        rename = "triggerOrderType",
        default,
        skip_serializing_if = "::std::option::Option::is_none",
        deserialize_with = "::contango::__private::de::wire"
    )]
    pub trigger_order_type: ::std::option::Option<i32>,
    /// Whether this is a conditional order (samples only).
    #[serde(
        rename = "conditionOrder",
        default,
        skip_serializing_if = "::std::option::Option::is_none",
        deserialize_with = "::contango::__private::de::wire"
    )]
    pub condition_order: ::std::option::Option<bool>,
    /// Child orders of a conditional order (samples only).
    #[serde(
        rename = "childOrders",
        default,
        skip_serializing_if = "::std::option::Option::is_none",
        deserialize_with = "::contango::__private::de::wire"
    )]
    pub child_orders: ::std::option::Option<::std::vec::Vec<Order>>,
}
impl ::contango::__private::de::Wire for Order {
    fn from_wire<'de, D: ::contango::__private::serde::Deserializer<'de>>(
        d: D,
    ) -> ::std::result::Result<Self, D::Error> {
        <Self as ::contango::__private::serde::Deserialize>::deserialize(d)
    }
}
::contango::__private::direct_record!(
    Order { order_id[b"orderId"] req, client_order_id[b"clientOrderId"] opt,
    contract_name[b"contractName"] opt, price[b"price"] opt, orig_qty[b"origQty"] opt,
    orig_amount[b"origAmount"] opt, executed_qty[b"executedQty"] opt,
    avg_price[b"avgPrice"] opt, status[b"status"] opt, order_type[b"type"] opt,
    side[b"side"] opt, action[b"action"] opt, transact_time[b"transactTime"] opt,
    time_in_force[b"timeInForce"] opt, trigger_price[b"triggerPrice"] opt,
    trigger_type[b"triggerType"] opt, trigger_order_type[b"triggerOrderType"] opt,
    condition_order[b"conditionOrder"] opt, child_orders[b"childOrders"] opt, }
);
/// The id of an order placed or cancelled.
#[derive(
    Debug,
    Clone,
    PartialEq,
    ::contango::__private::serde::Serialize,
    ::contango::__private::serde::Deserialize
)]
#[serde(crate = "::contango::__private::serde")]
pub struct OrderId {
    /// System-generated order id (may exceed 2^53; some servers send it as a string).
    #[serde(rename = "orderId", deserialize_with = "::contango::__private::de::wire")]
    pub order_id: i64,
}
impl ::contango::__private::de::Wire for OrderId {
    fn from_wire<'de, D: ::contango::__private::serde::Deserializer<'de>>(
        d: D,
    ) -> ::std::result::Result<Self, D::Error> {
        <Self as ::contango::__private::serde::Deserialize>::deserialize(d)
    }
}
::contango::__private::direct_record!(OrderId { order_id[b"orderId"] req, });
/// Account data (data of GET /v2/account, section 2.7).
#[derive(
    Debug,
    Clone,
    PartialEq,
    ::contango::__private::serde::Serialize,
    ::contango::__private::serde::Deserialize
)]
#[serde(crate = "::contango::__private::serde")]
pub struct Account {
    /// One entry per margin coin.
    #[serde(rename = "account", deserialize_with = "::contango::__private::de::wire")]
    pub account: ::std::vec::Vec<AccountBalance>,
}
impl ::contango::__private::de::Wire for Account {
    fn from_wire<'de, D: ::contango::__private::serde::Deserializer<'de>>(
        d: D,
    ) -> ::std::result::Result<Self, D::Error> {
        <Self as ::contango::__private::serde::Deserialize>::deserialize(d)
    }
}
::contango::__private::direct_record!(Account { account[b"account"] req, });
/// Balances and positions of one margin coin (section 2.7).
#[derive(
    Debug,
    Clone,
    PartialEq,
    ::contango::__private::serde::Serialize,
    ::contango::__private::serde::Deserialize
)]
#[serde(crate = "::contango::__private::serde")]
pub struct AccountBalance {
    /// Margin coin.
    #[serde(rename = "marginCoin", deserialize_with = "::contango::__private::de::wire")]
    pub margin_coin: ::std::string::String,
    /// Currency display precision.
    #[serde(
        rename = "coinPrecious",
        default,
        skip_serializing_if = "::std::option::Option::is_none",
        deserialize_with = "::contango::__private::de::wire"
    )]
    pub coin_precious: ::std::option::Option<i32>,
    /// Balance account.
    #[serde(
        rename = "accountNormal",
        default,
        skip_serializing_if = "::std::option::Option::is_none",
        deserialize_with = "::contango::__private::de::wire",
        serialize_with = "::contango::__private::ser::opt_number"
    )]
    pub account_normal: ::std::option::Option<
        ::contango::__private::rust_decimal::Decimal,
    >,
    /// Margin frozen account.
    #[serde(
        rename = "accountLock",
        default,
        skip_serializing_if = "::std::option::Option::is_none",
        deserialize_with = "::contango::__private::de::wire",
        serialize_with = "::contango::__private::ser::opt_number"
    )]
    pub account_lock: ::std::option::Option<
        ::contango::__private::rust_decimal::Decimal,
    >,
    /// Isolated-position margin balance.
    #[serde(
        rename = "partPositionNormal",
        default,
        skip_serializing_if = "::std::option::Option::is_none",
        deserialize_with = "::contango::__private::de::wire",
        serialize_with = "::contango::__private::ser::opt_number"
    )]
    pub part_position_normal: ::std::option::Option<
        ::contango::__private::rust_decimal::Decimal,
    >,
    /// Cross-position initial margin.
    #[serde(
        rename = "totalPositionNormal",
        default,
        skip_serializing_if = "::std::option::Option::is_none",
        deserialize_with = "::contango::__private::de::wire",
        serialize_with = "::contango::__private::ser::opt_number"
    )]
    pub total_position_normal: ::std::option::Option<
        ::contango::__private::rust_decimal::Decimal,
    >,
    /// Profit and loss that occurred.
    #[serde(
        rename = "achievedAmount",
        default,
        skip_serializing_if = "::std::option::Option::is_none",
        deserialize_with = "::contango::__private::de::wire",
        serialize_with = "::contango::__private::ser::opt_number"
    )]
    pub achieved_amount: ::std::option::Option<
        ::contango::__private::rust_decimal::Decimal,
    >,
    /// Unrealized profit and loss.
    #[serde(
        rename = "unrealizedAmount",
        default,
        skip_serializing_if = "::std::option::Option::is_none",
        deserialize_with = "::contango::__private::de::wire",
        serialize_with = "::contango::__private::ser::opt_number"
    )]
    pub unrealized_amount: ::std::option::Option<
        ::contango::__private::rust_decimal::Decimal,
    >,
    /// Cross-position margin rate.
    #[serde(
        rename = "totalMarginRate",
        default,
        skip_serializing_if = "::std::option::Option::is_none",
        deserialize_with = "::contango::__private::de::wire",
        serialize_with = "::contango::__private::ser::opt_number"
    )]
    pub total_margin_rate: ::std::option::Option<
        ::contango::__private::rust_decimal::Decimal,
    >,
    /// Cross-position equity.
    #[serde(
        rename = "totalEquity",
        default,
        skip_serializing_if = "::std::option::Option::is_none",
        deserialize_with = "::contango::__private::de::wire",
        serialize_with = "::contango::__private::ser::opt_number"
    )]
    pub total_equity: ::std::option::Option<
        ::contango::__private::rust_decimal::Decimal,
    >,
    /// Isolated-position equity.
    #[serde(
        rename = "partEquity",
        default,
        skip_serializing_if = "::std::option::Option::is_none",
        deserialize_with = "::contango::__private::de::wire",
        serialize_with = "::contango::__private::ser::opt_number"
    )]
    pub part_equity: ::std::option::Option<::contango::__private::rust_decimal::Decimal>,
    /// Cross-position costs.
    #[serde(
        rename = "totalCost",
        default,
        skip_serializing_if = "::std::option::Option::is_none",
        deserialize_with = "::contango::__private::de::wire",
        serialize_with = "::contango::__private::ser::opt_number"
    )]
    pub total_cost: ::std::option::Option<::contango::__private::rust_decimal::Decimal>,
    /// Margin rate of all accounts.
    #[serde(
        rename = "sumMarginRate",
        default,
        skip_serializing_if = "::std::option::Option::is_none",
        deserialize_with = "::contango::__private::de::wire",
        serialize_with = "::contango::__private::ser::opt_number"
    )]
    pub sum_margin_rate: ::std::option::Option<
        ::contango::__private::rust_decimal::Decimal,
    >,
    /// Position profit and loss of the whole account.
    #[serde(
        rename = "sumOpenRealizedAmount",
        default,
        skip_serializing_if = "::std::option::Option::is_none",
        deserialize_with = "::contango::__private::de::wire",
        serialize_with = "::contango::__private::ser::opt_number"
    )]
    pub sum_open_realized_amount: ::std::option::Option<
        ::contango::__private::rust_decimal::Decimal,
    >,
    /// Available trial money.
    #[serde(
        rename = "canUseTrialFund",
        default,
        skip_serializing_if = "::std::option::Option::is_none",
        deserialize_with = "::contango::__private::de::wire",
        serialize_with = "::contango::__private::ser::opt_number"
    )]
    pub can_use_trial_fund: ::std::option::Option<
        ::contango::__private::rust_decimal::Decimal,
    >,
    /// Cross-position maintenance margin plus fee; may be null.
    #[serde(
        rename = "sumMaintenanceMargin",
        default,
        skip_serializing_if = "::std::option::Option::is_none",
        deserialize_with = "::contango::__private::de::wire",
        serialize_with = "::contango::__private::ser::opt_number"
    )]
    pub sum_maintenance_margin: ::std::option::Option<
        ::contango::__private::rust_decimal::Decimal,
    >,
    /// Account type; may be null. Allowed values are not documented, so it is kept as text.
    #[serde(
        rename = "futureModel",
        default,
        skip_serializing_if = "::std::option::Option::is_none",
        deserialize_with = "::contango::__private::de::wire"
    )]
    pub future_model: ::std::option::Option<::std::string::String>,
    /// Position records per contract.
    #[serde(
        rename = "positionVos",
        deserialize_with = "::contango::__private::de::wire"
    )]
    pub position_vos: ::std::vec::Vec<PositionGroup>,
}
impl ::contango::__private::de::Wire for AccountBalance {
    fn from_wire<'de, D: ::contango::__private::serde::Deserializer<'de>>(
        d: D,
    ) -> ::std::result::Result<Self, D::Error> {
        <Self as ::contango::__private::serde::Deserialize>::deserialize(d)
    }
}
::contango::__private::direct_record!(
    AccountBalance { margin_coin[b"marginCoin"] req, coin_precious[b"coinPrecious"] opt,
    account_normal[b"accountNormal"] opt, account_lock[b"accountLock"] opt,
    part_position_normal[b"partPositionNormal"] opt,
    total_position_normal[b"totalPositionNormal"] opt, achieved_amount[b"achievedAmount"]
    opt, unrealized_amount[b"unrealizedAmount"] opt,
    total_margin_rate[b"totalMarginRate"] opt, total_equity[b"totalEquity"] opt,
    part_equity[b"partEquity"] opt, total_cost[b"totalCost"] opt,
    sum_margin_rate[b"sumMarginRate"] opt,
    sum_open_realized_amount[b"sumOpenRealizedAmount"] opt,
    can_use_trial_fund[b"canUseTrialFund"] opt,
    sum_maintenance_margin[b"sumMaintenanceMargin"] opt, future_model[b"futureModel"]
    opt, position_vos[b"positionVos"] req, }
);
/// Positions of one contract (a positionVos item, section 2.7).
#[derive(
    Debug,
    Clone,
    PartialEq,
    ::contango::__private::serde::Serialize,
    ::contango::__private::serde::Deserialize
)]
#[serde(crate = "::contango::__private::serde")]
pub struct PositionGroup {
    /// Contract id.
    #[serde(
        rename = "contractId",
        default,
        skip_serializing_if = "::std::option::Option::is_none",
        deserialize_with = "::contango::__private::de::wire"
    )]
    pub contract_id: ::std::option::Option<i64>,
    /// Contract name.
    #[serde(
        rename = "contractName",
        deserialize_with = "::contango::__private::de::wire"
    )]
    pub contract_name: ::std::string::String,
    /// Contract coin pair, e.g. BTC-USDT.
    #[serde(
        rename = "contractSymbol",
        default,
        skip_serializing_if = "::std::option::Option::is_none",
        deserialize_with = "::contango::__private::de::wire"
    )]
    pub contract_symbol: ::std::option::Option<::std::string::String>,
    /// Whether auto-deleveraging is enabled.
    #[serde(
        rename = "adlEnabled",
        default,
        skip_serializing_if = "::std::option::Option::is_none",
        deserialize_with = "::contango::__private::de::wire"
    )]
    pub adl_enabled: ::std::option::Option<bool>,
    /// Positions of the contract.
    #[serde(rename = "positions", deserialize_with = "::contango::__private::de::wire")]
    pub positions: ::std::vec::Vec<Position>,
}
impl ::contango::__private::de::Wire for PositionGroup {
    fn from_wire<'de, D: ::contango::__private::serde::Deserializer<'de>>(
        d: D,
    ) -> ::std::result::Result<Self, D::Error> {
        <Self as ::contango::__private::serde::Deserialize>::deserialize(d)
    }
}
::contango::__private::direct_record!(
    PositionGroup { contract_id[b"contractId"] opt, contract_name[b"contractName"] req,
    contract_symbol[b"contractSymbol"] opt, adl_enabled[b"adlEnabled"] opt,
    positions[b"positions"] req, }
);
/// A position (section 2.7), with the extra fields the sample payloads carry.
#[derive(
    Debug,
    Clone,
    PartialEq,
    ::contango::__private::serde::Serialize,
    ::contango::__private::serde::Deserialize
)]
#[serde(crate = "::contango::__private::serde")]
pub struct Position {
    /// Position id.
    #[serde(rename = "id", deserialize_with = "::contango::__private::de::wire")]
    pub id: i64,
    /// User id.
    #[serde(
        rename = "uid",
        default,
        skip_serializing_if = "::std::option::Option::is_none",
        deserialize_with = "::contango::__private::de::wire"
    )]
    pub uid: ::std::option::Option<i64>,
    /// Contract id.
    #[serde(
        rename = "contractId",
        default,
        skip_serializing_if = "::std::option::Option::is_none",
        deserialize_with = "::contango::__private::de::wire"
    )]
    pub contract_id: ::std::option::Option<i64>,
    /// Margin mode: 1 cross, 2 isolated.
    #[serde(
        rename = "positionType",
        default,
        skip_serializing_if = "::std::option::Option::is_none",
        deserialize_with = "::contango::__private::de::wire"
    )]
    pub position_type: ::std::option::Option<PositionType>,
    /// BUY or SELL.
    #[serde(
        rename = "side",
        default,
        skip_serializing_if = "::std::option::Option::is_none",
        deserialize_with = "::contango::__private::de::wire"
    )]
    pub side: ::std::option::Option<Side>,
    /// Quantity.
    #[serde(
        rename = "volume",
        default,
        skip_serializing_if = "::std::option::Option::is_none",
        deserialize_with = "::contango::__private::de::wire",
        serialize_with = "::contango::__private::ser::opt_number"
    )]
    pub volume: ::std::option::Option<::contango::__private::rust_decimal::Decimal>,
    /// Open price.
    #[serde(
        rename = "openPrice",
        default,
        skip_serializing_if = "::std::option::Option::is_none",
        deserialize_with = "::contango::__private::de::wire",
        serialize_with = "::contango::__private::ser::opt_number"
    )]
    pub open_price: ::std::option::Option<::contango::__private::rust_decimal::Decimal>,
    /// Average price.
    #[serde(
        rename = "avgPrice",
        default,
        skip_serializing_if = "::std::option::Option::is_none",
        deserialize_with = "::contango::__private::de::wire",
        serialize_with = "::contango::__private::ser::opt_number"
    )]
    pub avg_price: ::std::option::Option<::contango::__private::rust_decimal::Decimal>,
    /// Average closing price.
    #[serde(
        rename = "closePrice",
        default,
        skip_serializing_if = "::std::option::Option::is_none",
        deserialize_with = "::contango::__private::de::wire",
        serialize_with = "::contango::__private::ser::opt_number"
    )]
    pub close_price: ::std::option::Option<::contango::__private::rust_decimal::Decimal>,
    /// Leverage multiple.
    #[serde(
        rename = "leverageLevel",
        default,
        skip_serializing_if = "::std::option::Option::is_none",
        deserialize_with = "::contango::__private::de::wire"
    )]
    pub leverage_level: ::std::option::Option<i32>,
    /// Opening margin including variation.
    #[serde(
        rename = "openAmount",
        default,
        skip_serializing_if = "::std::option::Option::is_none",
        deserialize_with = "::contango::__private::de::wire",
        serialize_with = "::contango::__private::ser::opt_number"
    )]
    pub open_amount: ::std::option::Option<::contango::__private::rust_decimal::Decimal>,
    /// Held position margin.
    #[serde(
        rename = "holdAmount",
        default,
        skip_serializing_if = "::std::option::Option::is_none",
        deserialize_with = "::contango::__private::de::wire",
        serialize_with = "::contango::__private::ser::opt_number"
    )]
    pub hold_amount: ::std::option::Option<::contango::__private::rust_decimal::Decimal>,
    /// Closed quantity.
    #[serde(
        rename = "closeVolume",
        default,
        skip_serializing_if = "::std::option::Option::is_none",
        deserialize_with = "::contango::__private::de::wire",
        serialize_with = "::contango::__private::ser::opt_number"
    )]
    pub close_volume: ::std::option::Option<
        ::contango::__private::rust_decimal::Decimal,
    >,
    /// Quantity of pending closing orders.
    #[serde(
        rename = "pendingCloseVolume",
        default,
        skip_serializing_if = "::std::option::Option::is_none",
        deserialize_with = "::contango::__private::de::wire",
        serialize_with = "::contango::__private::ser::opt_number"
    )]
    pub pending_close_volume: ::std::option::Option<
        ::contango::__private::rust_decimal::Decimal,
    >,
    /// Profit and loss that occurred.
    #[serde(
        rename = "realizedAmount",
        default,
        skip_serializing_if = "::std::option::Option::is_none",
        deserialize_with = "::contango::__private::de::wire",
        serialize_with = "::contango::__private::ser::opt_number"
    )]
    pub realized_amount: ::std::option::Option<
        ::contango::__private::rust_decimal::Decimal,
    >,
    /// Historic accumulated profit and loss.
    #[serde(
        rename = "historyRealizedAmount",
        default,
        skip_serializing_if = "::std::option::Option::is_none",
        deserialize_with = "::contango::__private::de::wire",
        serialize_with = "::contango::__private::ser::opt_number"
    )]
    pub history_realized_amount: ::std::option::Option<
        ::contango::__private::rust_decimal::Decimal,
    >,
    /// Forced-close quantity.
    #[serde(
        rename = "forceLiquidationVolume",
        default,
        skip_serializing_if = "::std::option::Option::is_none",
        deserialize_with = "::contango::__private::de::wire",
        serialize_with = "::contango::__private::ser::opt_number"
    )]
    pub force_liquidation_volume: ::std::option::Option<
        ::contango::__private::rust_decimal::Decimal,
    >,
    /// Forced-close price (average, trigger).
    #[serde(
        rename = "forceLiquidationPrice",
        default,
        skip_serializing_if = "::std::option::Option::is_none",
        deserialize_with = "::contango::__private::de::wire",
        serialize_with = "::contango::__private::ser::opt_number"
    )]
    pub force_liquidation_price: ::std::option::Option<
        ::contango::__private::rust_decimal::Decimal,
    >,
    /// Trading fees.
    #[serde(
        rename = "tradeFee",
        default,
        skip_serializing_if = "::std::option::Option::is_none",
        deserialize_with = "::contango::__private::de::wire",
        serialize_with = "::contango::__private::ser::opt_number"
    )]
    pub trade_fee: ::std::option::Option<::contango::__private::rust_decimal::Decimal>,
    /// Capital costs.
    #[serde(
        rename = "capitalFee",
        default,
        skip_serializing_if = "::std::option::Option::is_none",
        deserialize_with = "::contango::__private::de::wire",
        serialize_with = "::contango::__private::ser::opt_number"
    )]
    pub capital_fee: ::std::option::Option<::contango::__private::rust_decimal::Decimal>,
    /// Closing profit and loss.
    #[serde(
        rename = "closeProfit",
        default,
        skip_serializing_if = "::std::option::Option::is_none",
        deserialize_with = "::contango::__private::de::wire",
        serialize_with = "::contango::__private::ser::opt_number"
    )]
    pub close_profit: ::std::option::Option<
        ::contango::__private::rust_decimal::Decimal,
    >,
    /// Amount to share.
    #[serde(
        rename = "shareAmount",
        default,
        skip_serializing_if = "::std::option::Option::is_none",
        deserialize_with = "::contango::__private::de::wire",
        serialize_with = "::contango::__private::ser::opt_number"
    )]
    pub share_amount: ::std::option::Option<
        ::contango::__private::rust_decimal::Decimal,
    >,
    /// Freeze state.
    #[serde(
        rename = "freezeLock",
        default,
        skip_serializing_if = "::std::option::Option::is_none",
        deserialize_with = "::contango::__private::de::wire"
    )]
    pub freeze_lock: ::std::option::Option<FreezeLock>,
    /// Whether the position is in effect.
    #[serde(
        rename = "status",
        default,
        skip_serializing_if = "::std::option::Option::is_none",
        deserialize_with = "::contango::__private::de::wire"
    )]
    pub status: ::std::option::Option<PositionStatus>,
    /// Creation time (local date-time text, e.g. 2023-06-06T09:48:43).
    #[serde(
        rename = "ctime",
        default,
        skip_serializing_if = "::std::option::Option::is_none",
        deserialize_with = "::contango::__private::de::wire"
    )]
    pub ctime: ::std::option::Option<::contango::LocalDateTime>,
    /// Update time (local date-time text).
    #[serde(
        rename = "mtime",
        default,
        skip_serializing_if = "::std::option::Option::is_none",
        deserialize_with = "::contango::__private::de::wire"
    )]
    pub mtime: ::std::option::Option<::contango::LocalDateTime>,
    /// Liquidation lock time (local date-time text).
    #[serde(
        rename = "lockTime",
        default,
        skip_serializing_if = "::std::option::Option::is_none",
        deserialize_with = "::contango::__private::de::wire"
    )]
    pub lock_time: ::std::option::Option<::contango::LocalDateTime>,
    /// Total position value multiplied by face value.
    #[serde(
        rename = "positionAmount",
        default,
        skip_serializing_if = "::std::option::Option::is_none",
        deserialize_with = "::contango::__private::de::wire",
        serialize_with = "::contango::__private::ser::opt_number"
    )]
    pub position_amount: ::std::option::Option<
        ::contango::__private::rust_decimal::Decimal,
    >,
    /// Total closing value multiplied by face value.
    #[serde(
        rename = "positionCloseAmount",
        default,
        skip_serializing_if = "::std::option::Option::is_none",
        deserialize_with = "::contango::__private::de::wire",
        serialize_with = "::contango::__private::ser::opt_number"
    )]
    pub position_close_amount: ::std::option::Option<
        ::contango::__private::rust_decimal::Decimal,
    >,
    /// Number of long positions.
    #[serde(
        rename = "longAccountCount",
        default,
        skip_serializing_if = "::std::option::Option::is_none",
        deserialize_with = "::contango::__private::de::wire"
    )]
    pub long_account_count: ::std::option::Option<i32>,
    /// Number of short positions.
    #[serde(
        rename = "shortAccountCount",
        default,
        skip_serializing_if = "::std::option::Option::is_none",
        deserialize_with = "::contango::__private::de::wire"
    )]
    pub short_account_count: ::std::option::Option<i32>,
    /// Total realized profit and loss of this settlement cycle.
    #[serde(
        rename = "sumRealized",
        default,
        skip_serializing_if = "::std::option::Option::is_none",
        deserialize_with = "::contango::__private::de::wire",
        serialize_with = "::contango::__private::ser::opt_number"
    )]
    pub sum_realized: ::std::option::Option<
        ::contango::__private::rust_decimal::Decimal,
    >,
    /// Account deficit at position settlement.
    #[serde(
        rename = "deficitLosses",
        default,
        skip_serializing_if = "::std::option::Option::is_none",
        deserialize_with = "::contango::__private::de::wire",
        serialize_with = "::contango::__private::ser::opt_number"
    )]
    pub deficit_losses: ::std::option::Option<
        ::contango::__private::rust_decimal::Decimal,
    >,
    /// Current margin ratio.
    #[serde(
        rename = "currentMarginRate",
        default,
        skip_serializing_if = "::std::option::Option::is_none",
        deserialize_with = "::contango::__private::de::wire",
        serialize_with = "::contango::__private::ser::opt_number"
    )]
    pub current_margin_rate: ::std::option::Option<
        ::contango::__private::rust_decimal::Decimal,
    >,
    /// Balance occupied by current contracts, excluding realized and unrealized gains and losses.
    #[serde(
        rename = "realEquity",
        default,
        skip_serializing_if = "::std::option::Option::is_none",
        deserialize_with = "::contango::__private::de::wire",
        serialize_with = "::contango::__private::ser::opt_number"
    )]
    pub real_equity: ::std::option::Option<::contango::__private::rust_decimal::Decimal>,
    /// Broker (client) id (sample payloads only).
    #[serde(
        rename = "brokerId",
        default,
        skip_serializing_if = "::std::option::Option::is_none",
        deserialize_with = "::contango::__private::de::wire"
    )]
    pub broker_id: ::std::option::Option<i64>,
    /// Account the position belongs to (sample payloads only).
    #[serde(
        rename = "usingAccountType",
        default,
        skip_serializing_if = "::std::option::Option::is_none",
        deserialize_with = "::contango::__private::de::wire"
    )]
    pub using_account_type: ::std::option::Option<UsingAccountType>,
    /// Margin rate (sample payloads only; not described).
    #[serde(
        rename = "marginRate",
        default,
        skip_serializing_if = "::std::option::Option::is_none",
        deserialize_with = "::contango::__private::de::wire",
        serialize_with = "::contango::__private::ser::opt_number"
    )]
    pub margin_rate: ::std::option::Option<::contango::__private::rust_decimal::Decimal>,
    /// Reduce price (sample payloads only; not described).
    #[serde(
        rename = "reducePrice",
        default,
        skip_serializing_if = "::std::option::Option::is_none",
        deserialize_with = "::contango::__private::de::wire",
        serialize_with = "::contango::__private::ser::opt_number"
    )]
    pub reduce_price: ::std::option::Option<
        ::contango::__private::rust_decimal::Decimal,
    >,
    /// Return rate (sample payloads only; not described).
    #[serde(
        rename = "returnRate",
        default,
        skip_serializing_if = "::std::option::Option::is_none",
        deserialize_with = "::contango::__private::de::wire",
        serialize_with = "::contango::__private::ser::opt_number"
    )]
    pub return_rate: ::std::option::Option<::contango::__private::rust_decimal::Decimal>,
    /// Unrealized profit and loss (sample payloads only; not described).
    #[serde(
        rename = "unRealizedAmount",
        default,
        skip_serializing_if = "::std::option::Option::is_none",
        deserialize_with = "::contango::__private::de::wire",
        serialize_with = "::contango::__private::ser::opt_number"
    )]
    pub un_realized_amount: ::std::option::Option<
        ::contango::__private::rust_decimal::Decimal,
    >,
    /// Open realized amount (sample payloads only; not described).
    #[serde(
        rename = "openRealizedAmount",
        default,
        skip_serializing_if = "::std::option::Option::is_none",
        deserialize_with = "::contango::__private::de::wire",
        serialize_with = "::contango::__private::ser::opt_number"
    )]
    pub open_realized_amount: ::std::option::Option<
        ::contango::__private::rust_decimal::Decimal,
    >,
    /// Position balance (sample payloads only; not described).
    #[serde(
        rename = "positionBalance",
        default,
        skip_serializing_if = "::std::option::Option::is_none",
        deserialize_with = "::contango::__private::de::wire",
        serialize_with = "::contango::__private::ser::opt_number"
    )]
    pub position_balance: ::std::option::Option<
        ::contango::__private::rust_decimal::Decimal,
    >,
    /// Settled profit (sample payloads only; not described).
    #[serde(
        rename = "settleProfit",
        default,
        skip_serializing_if = "::std::option::Option::is_none",
        deserialize_with = "::contango::__private::de::wire",
        serialize_with = "::contango::__private::ser::opt_number"
    )]
    pub settle_profit: ::std::option::Option<
        ::contango::__private::rust_decimal::Decimal,
    >,
    /// Maintenance margin rate (sample payloads only; not described).
    #[serde(
        rename = "keepRate",
        default,
        skip_serializing_if = "::std::option::Option::is_none",
        deserialize_with = "::contango::__private::de::wire",
        serialize_with = "::contango::__private::ser::opt_number"
    )]
    pub keep_rate: ::std::option::Option<::contango::__private::rust_decimal::Decimal>,
    /// Maximum fee rate (sample payloads only; not described).
    #[serde(
        rename = "maxFeeRate",
        default,
        skip_serializing_if = "::std::option::Option::is_none",
        deserialize_with = "::contango::__private::de::wire",
        serialize_with = "::contango::__private::ser::opt_number"
    )]
    pub max_fee_rate: ::std::option::Option<
        ::contango::__private::rust_decimal::Decimal,
    >,
    /// Index price (sample payloads only; not described).
    #[serde(
        rename = "indexPrice",
        default,
        skip_serializing_if = "::std::option::Option::is_none",
        deserialize_with = "::contango::__private::de::wire",
        serialize_with = "::contango::__private::ser::opt_number"
    )]
    pub index_price: ::std::option::Option<::contango::__private::rust_decimal::Decimal>,
}
impl ::contango::__private::de::Wire for Position {
    fn from_wire<'de, D: ::contango::__private::serde::Deserializer<'de>>(
        d: D,
    ) -> ::std::result::Result<Self, D::Error> {
        <Self as ::contango::__private::serde::Deserialize>::deserialize(d)
    }
}
::contango::__private::direct_record!(
    Position { id[b"id"] req, uid[b"uid"] opt, contract_id[b"contractId"] opt,
    position_type[b"positionType"] opt, side[b"side"] opt, volume[b"volume"] opt,
    open_price[b"openPrice"] opt, avg_price[b"avgPrice"] opt, close_price[b"closePrice"]
    opt, leverage_level[b"leverageLevel"] opt, open_amount[b"openAmount"] opt,
    hold_amount[b"holdAmount"] opt, close_volume[b"closeVolume"] opt,
    pending_close_volume[b"pendingCloseVolume"] opt, realized_amount[b"realizedAmount"]
    opt, history_realized_amount[b"historyRealizedAmount"] opt,
    force_liquidation_volume[b"forceLiquidationVolume"] opt,
    force_liquidation_price[b"forceLiquidationPrice"] opt, trade_fee[b"tradeFee"] opt,
    capital_fee[b"capitalFee"] opt, close_profit[b"closeProfit"] opt,
    share_amount[b"shareAmount"] opt, freeze_lock[b"freezeLock"] opt, status[b"status"]
    opt, ctime[b"ctime"] opt, mtime[b"mtime"] opt, lock_time[b"lockTime"] opt,
    position_amount[b"positionAmount"] opt, position_close_amount[b"positionCloseAmount"]
    opt, long_account_count[b"longAccountCount"] opt,
    short_account_count[b"shortAccountCount"] opt, sum_realized[b"sumRealized"] opt,
    deficit_losses[b"deficitLosses"] opt, current_margin_rate[b"currentMarginRate"] opt,
    real_equity[b"realEquity"] opt, broker_id[b"brokerId"] opt,
    using_account_type[b"usingAccountType"] opt, margin_rate[b"marginRate"] opt,
    reduce_price[b"reducePrice"] opt, return_rate[b"returnRate"] opt,
    un_realized_amount[b"unRealizedAmount"] opt,
    open_realized_amount[b"openRealizedAmount"] opt, position_balance[b"positionBalance"]
    opt, settle_profit[b"settleProfit"] opt, keep_rate[b"keepRate"] opt,
    max_fee_rate[b"maxFeeRate"] opt, index_price[b"indexPrice"] opt, }
);
/// Leverage brackets of a contract (section 2.8).
#[derive(
    Debug,
    Clone,
    PartialEq,
    ::contango::__private::serde::Serialize,
    ::contango::__private::serde::Deserialize
)]
#[serde(crate = "::contango::__private::serde")]
pub struct LeverageBrackets {
    /// Contract name.
    #[serde(
        rename = "contractName",
        deserialize_with = "::contango::__private::de::wire"
    )]
    pub contract_name: ::std::string::String,
    /// The notional brackets.
    #[serde(rename = "brackets", deserialize_with = "::contango::__private::de::wire")]
    pub brackets: ::std::vec::Vec<LeverageBracket>,
}
impl ::contango::__private::de::Wire for LeverageBrackets {
    fn from_wire<'de, D: ::contango::__private::serde::Deserializer<'de>>(
        d: D,
    ) -> ::std::result::Result<Self, D::Error> {
        <Self as ::contango::__private::serde::Deserialize>::deserialize(d)
    }
}
::contango::__private::direct_record!(
    LeverageBrackets { contract_name[b"contractName"] req, brackets[b"brackets"] req, }
);
/// One notional bracket and its leverage and maintenance margin.
#[derive(
    Debug,
    Clone,
    PartialEq,
    ::contango::__private::serde::Serialize,
    ::contango::__private::serde::Deserialize
)]
#[serde(crate = "::contango::__private::serde")]
pub struct LeverageBracket {
    /// Notional bracket number.
    #[serde(
        rename = "bracket",
        default,
        skip_serializing_if = "::std::option::Option::is_none",
        deserialize_with = "::contango::__private::de::wire"
    )]
    pub bracket: ::std::option::Option<i32>,
    /// Maximum initial leverage of the bracket.
    #[serde(
        rename = "initialLeverage",
        default,
        skip_serializing_if = "::std::option::Option::is_none",
        deserialize_with = "::contango::__private::de::wire",
        serialize_with = "::contango::__private::ser::opt_number"
    )]
    pub initial_leverage: ::std::option::Option<
        ::contango::__private::rust_decimal::Decimal,
    >,
    /// Cap notional.
    #[serde(
        rename = "maxPositionValue",
        default,
        skip_serializing_if = "::std::option::Option::is_none",
        deserialize_with = "::contango::__private::de::wire",
        serialize_with = "::contango::__private::ser::opt_number"
    )]
    pub max_position_value: ::std::option::Option<
        ::contango::__private::rust_decimal::Decimal,
    >,
    /// Notional threshold.
    #[serde(
        rename = "minPositionValue",
        default,
        skip_serializing_if = "::std::option::Option::is_none",
        deserialize_with = "::contango::__private::de::wire",
        serialize_with = "::contango::__private::ser::opt_number"
    )]
    pub min_position_value: ::std::option::Option<
        ::contango::__private::rust_decimal::Decimal,
    >,
    /// Maintenance margin ratio.
    #[serde(
        rename = "maintMarginRatio",
        default,
        skip_serializing_if = "::std::option::Option::is_none",
        deserialize_with = "::contango::__private::de::wire",
        serialize_with = "::contango::__private::ser::opt_number"
    )]
    pub maint_margin_ratio: ::std::option::Option<
        ::contango::__private::rust_decimal::Decimal,
    >,
}
impl ::contango::__private::de::Wire for LeverageBracket {
    fn from_wire<'de, D: ::contango::__private::serde::Deserializer<'de>>(
        d: D,
    ) -> ::std::result::Result<Self, D::Error> {
        <Self as ::contango::__private::serde::Deserialize>::deserialize(d)
    }
}
::contango::__private::direct_record!(
    LeverageBracket { bracket[b"bracket"] opt, initial_leverage[b"initialLeverage"] opt,
    max_position_value[b"maxPositionValue"] opt, min_position_value[b"minPositionValue"]
    opt, maint_margin_ratio[b"maintMarginRatio"] opt, }
);
/// Commission rates of a contract (section 2.9).
#[derive(
    Debug,
    Clone,
    PartialEq,
    ::contango::__private::serde::Serialize,
    ::contango::__private::serde::Deserialize
)]
#[serde(crate = "::contango::__private::serde")]
pub struct CommissionRate {
    /// Contract name.
    #[serde(
        rename = "contractName",
        deserialize_with = "::contango::__private::de::wire"
    )]
    pub contract_name: ::std::string::String,
    /// Taker fee rate when opening.
    #[serde(
        rename = "openTakerFeeRate",
        default,
        skip_serializing_if = "::std::option::Option::is_none",
        deserialize_with = "::contango::__private::de::wire",
        serialize_with = "::contango::__private::ser::opt_number"
    )]
    pub open_taker_fee_rate: ::std::option::Option<
        ::contango::__private::rust_decimal::Decimal,
    >,
    /// Maker fee rate when opening.
    #[serde(
        rename = "openMakerFeeRate",
        default,
        skip_serializing_if = "::std::option::Option::is_none",
        deserialize_with = "::contango::__private::de::wire",
        serialize_with = "::contango::__private::ser::opt_number"
    )]
    pub open_maker_fee_rate: ::std::option::Option<
        ::contango::__private::rust_decimal::Decimal,
    >,
    /// Taker fee rate when closing.
    #[serde(
        rename = "closeTakerFeeRate",
        default,
        skip_serializing_if = "::std::option::Option::is_none",
        deserialize_with = "::contango::__private::de::wire",
        serialize_with = "::contango::__private::ser::opt_number"
    )]
    pub close_taker_fee_rate: ::std::option::Option<
        ::contango::__private::rust_decimal::Decimal,
    >,
    /// Maker fee rate when closing.
    #[serde(
        rename = "closeMakerFeeRate",
        default,
        skip_serializing_if = "::std::option::Option::is_none",
        deserialize_with = "::contango::__private::de::wire",
        serialize_with = "::contango::__private::ser::opt_number"
    )]
    pub close_maker_fee_rate: ::std::option::Option<
        ::contango::__private::rust_decimal::Decimal,
    >,
}
impl ::contango::__private::de::Wire for CommissionRate {
    fn from_wire<'de, D: ::contango::__private::serde::Deserializer<'de>>(
        d: D,
    ) -> ::std::result::Result<Self, D::Error> {
        <Self as ::contango::__private::serde::Deserialize>::deserialize(d)
    }
}
::contango::__private::direct_record!(
    CommissionRate { contract_name[b"contractName"] req,
    open_taker_fee_rate[b"openTakerFeeRate"] opt,
    open_maker_fee_rate[b"openMakerFeeRate"] opt,
    close_taker_fee_rate[b"closeTakerFeeRate"] opt,
    close_maker_fee_rate[b"closeMakerFeeRate"] opt, }
);
/// A transfer between the wallet and the contract account (section 2.10).
#[derive(
    Debug,
    Clone,
    PartialEq,
    ::contango::__private::serde::Serialize,
    ::contango::__private::serde::Deserialize
)]
#[serde(crate = "::contango::__private::serde")]
pub struct TransferRecord {
    /// Direction (the samples use lower case).
    #[serde(
        rename = "transferType",
        default,
        skip_serializing_if = "::std::option::Option::is_none",
        deserialize_with = "::contango::__private::de::wire"
    )]
    pub transfer_type: ::std::option::Option<TransferType>,
    /// Coin transferred.
    #[serde(
        rename = "symbol",
        default,
        skip_serializing_if = "::std::option::Option::is_none",
        deserialize_with = "::contango::__private::de::wire"
    )]
    pub symbol: ::std::option::Option<::std::string::String>,
    /// Amount transferred.
    #[serde(
        rename = "amount",
        default,
        skip_serializing_if = "::std::option::Option::is_none",
        deserialize_with = "::contango::__private::de::wire",
        serialize_with = "::contango::__private::ser::opt_number"
    )]
    pub amount: ::std::option::Option<::contango::__private::rust_decimal::Decimal>,
    /// Amount after the transfer (in the field table, absent from the sample).
    #[serde(
        rename = "afterAmount",
        default,
        skip_serializing_if = "::std::option::Option::is_none",
        deserialize_with = "::contango::__private::de::wire",
        serialize_with = "::contango::__private::ser::opt_number"
    )]
    pub after_amount: ::std::option::Option<
        ::contango::__private::rust_decimal::Decimal,
    >,
    /// Transfer status.
    #[serde(
        rename = "status",
        default,
        skip_serializing_if = "::std::option::Option::is_none",
        deserialize_with = "::contango::__private::de::wire"
    )]
    pub status: ::std::option::Option<TransferStatus>,
    /// Creation time in milliseconds.
    #[serde(
        rename = "ctime",
        default,
        skip_serializing_if = "::std::option::Option::is_none",
        deserialize_with = "::contango::__private::de::wire"
    )]
    pub ctime: ::std::option::Option<::contango::Millis>,
}
impl ::contango::__private::de::Wire for TransferRecord {
    fn from_wire<'de, D: ::contango::__private::serde::Deserializer<'de>>(
        d: D,
    ) -> ::std::result::Result<Self, D::Error> {
        <Self as ::contango::__private::serde::Deserialize>::deserialize(d)
    }
}
::contango::__private::direct_record!(
    TransferRecord { transfer_type[b"transferType"] opt, symbol[b"symbol"] opt,
    amount[b"amount"] opt, after_amount[b"afterAmount"] opt, status[b"status"] opt,
    ctime[b"ctime"] opt, }
);
/// A forced-liquidation or auto-deleveraging order (section 2.11). The document gives two field lists (the position fields of section 2.7 plus brokerId, usingAccountType, coPositionExt; and the sample's order-like fields); this type holds both, every field optional.
#[derive(
    Debug,
    Clone,
    PartialEq,
    ::contango::__private::serde::Serialize,
    ::contango::__private::serde::Deserialize
)]
#[serde(crate = "::contango::__private::serde")]
pub struct ForceOrder {
    /// Record id.
    #[serde(
        rename = "id",
        default,
        skip_serializing_if = "::std::option::Option::is_none",
        deserialize_with = "::contango::__private::de::wire"
    )]
    pub id: ::std::option::Option<i64>,
    /// User id.
    #[serde(
        rename = "uid",
        default,
        skip_serializing_if = "::std::option::Option::is_none",
        deserialize_with = "::contango::__private::de::wire"
    )]
    pub uid: ::std::option::Option<i64>,
    /// Margin mode: 1 cross, 2 isolated.
    #[serde(
        rename = "positionType",
        default,
        skip_serializing_if = "::std::option::Option::is_none",
        deserialize_with = "::contango::__private::de::wire"
    )]
    pub position_type: ::std::option::Option<PositionType>,
    /// BUY or SELL.
    #[serde(
        rename = "side",
        default,
        skip_serializing_if = "::std::option::Option::is_none",
        deserialize_with = "::contango::__private::de::wire"
    )]
    pub side: ::std::option::Option<Side>,
    /// Quantity.
    #[serde(
        rename = "volume",
        default,
        skip_serializing_if = "::std::option::Option::is_none",
        deserialize_with = "::contango::__private::de::wire",
        serialize_with = "::contango::__private::ser::opt_number"
    )]
    pub volume: ::std::option::Option<::contango::__private::rust_decimal::Decimal>,
    /// Average price.
    #[serde(
        rename = "avgPrice",
        default,
        skip_serializing_if = "::std::option::Option::is_none",
        deserialize_with = "::contango::__private::de::wire",
        serialize_with = "::contango::__private::ser::opt_number"
    )]
    pub avg_price: ::std::option::Option<::contango::__private::rust_decimal::Decimal>,
    /// Leverage multiple.
    #[serde(
        rename = "leverageLevel",
        default,
        skip_serializing_if = "::std::option::Option::is_none",
        deserialize_with = "::contango::__private::de::wire"
    )]
    pub leverage_level: ::std::option::Option<i32>,
    /// Profit and loss that occurred.
    #[serde(
        rename = "realizedAmount",
        default,
        skip_serializing_if = "::std::option::Option::is_none",
        deserialize_with = "::contango::__private::de::wire",
        serialize_with = "::contango::__private::ser::opt_number"
    )]
    pub realized_amount: ::std::option::Option<
        ::contango::__private::rust_decimal::Decimal,
    >,
    /// Trading fees.
    #[serde(
        rename = "tradeFee",
        default,
        skip_serializing_if = "::std::option::Option::is_none",
        deserialize_with = "::contango::__private::de::wire",
        serialize_with = "::contango::__private::ser::opt_number"
    )]
    pub trade_fee: ::std::option::Option<::contango::__private::rust_decimal::Decimal>,
    /// Status. The field table gives the position status (0 ineffective, 1 effective); the sample carries other values (2), whose meaning is not documented, so it is kept as a number.
    #[serde(
        rename = "status",
        default,
        skip_serializing_if = "::std::option::Option::is_none",
        deserialize_with = "::contango::__private::de::wire"
    )]
    pub status: ::std::option::Option<i32>,
    /// Creation time (local date-time text, e.g. 2023-06-13T20:55:51).
    #[serde(
        rename = "ctime",
        default,
        skip_serializing_if = "::std::option::Option::is_none",
        deserialize_with = "::contango::__private::de::wire"
    )]
    pub ctime: ::std::option::Option<::contango::LocalDateTime>,
    /// Update time (local date-time text).
    #[serde(
        rename = "mtime",
        default,
        skip_serializing_if = "::std::option::Option::is_none",
        deserialize_with = "::contango::__private::de::wire"
    )]
    pub mtime: ::std::option::Option<::contango::LocalDateTime>,
    /// Client (broker) id.
    #[serde(
        rename = "brokerId",
        default,
        skip_serializing_if = "::std::option::Option::is_none",
        deserialize_with = "::contango::__private::de::wire"
    )]
    pub broker_id: ::std::option::Option<i64>,
    /// Account type: 0 contract, 1 with order, 2 copy trading.
    #[serde(
        rename = "usingAccountType",
        default,
        skip_serializing_if = "::std::option::Option::is_none",
        deserialize_with = "::contango::__private::de::wire"
    )]
    pub using_account_type: ::std::option::Option<UsingAccountType>,
    /// Contract id.
    #[serde(
        rename = "contractId",
        default,
        skip_serializing_if = "::std::option::Option::is_none",
        deserialize_with = "::contango::__private::de::wire"
    )]
    pub contract_id: ::std::option::Option<i64>,
    /// Open price.
    #[serde(
        rename = "openPrice",
        default,
        skip_serializing_if = "::std::option::Option::is_none",
        deserialize_with = "::contango::__private::de::wire",
        serialize_with = "::contango::__private::ser::opt_number"
    )]
    pub open_price: ::std::option::Option<::contango::__private::rust_decimal::Decimal>,
    /// Average closing price.
    #[serde(
        rename = "closePrice",
        default,
        skip_serializing_if = "::std::option::Option::is_none",
        deserialize_with = "::contango::__private::de::wire",
        serialize_with = "::contango::__private::ser::opt_number"
    )]
    pub close_price: ::std::option::Option<::contango::__private::rust_decimal::Decimal>,
    /// Opening margin including variation.
    #[serde(
        rename = "openAmount",
        default,
        skip_serializing_if = "::std::option::Option::is_none",
        deserialize_with = "::contango::__private::de::wire",
        serialize_with = "::contango::__private::ser::opt_number"
    )]
    pub open_amount: ::std::option::Option<::contango::__private::rust_decimal::Decimal>,
    /// Held position margin.
    #[serde(
        rename = "holdAmount",
        default,
        skip_serializing_if = "::std::option::Option::is_none",
        deserialize_with = "::contango::__private::de::wire",
        serialize_with = "::contango::__private::ser::opt_number"
    )]
    pub hold_amount: ::std::option::Option<::contango::__private::rust_decimal::Decimal>,
    /// Closed quantity.
    #[serde(
        rename = "closeVolume",
        default,
        skip_serializing_if = "::std::option::Option::is_none",
        deserialize_with = "::contango::__private::de::wire",
        serialize_with = "::contango::__private::ser::opt_number"
    )]
    pub close_volume: ::std::option::Option<
        ::contango::__private::rust_decimal::Decimal,
    >,
    /// Quantity of pending closing orders.
    #[serde(
        rename = "pendingCloseVolume",
        default,
        skip_serializing_if = "::std::option::Option::is_none",
        deserialize_with = "::contango::__private::de::wire",
        serialize_with = "::contango::__private::ser::opt_number"
    )]
    pub pending_close_volume: ::std::option::Option<
        ::contango::__private::rust_decimal::Decimal,
    >,
    /// Historic accumulated profit and loss.
    #[serde(
        rename = "historyRealizedAmount",
        default,
        skip_serializing_if = "::std::option::Option::is_none",
        deserialize_with = "::contango::__private::de::wire",
        serialize_with = "::contango::__private::ser::opt_number"
    )]
    pub history_realized_amount: ::std::option::Option<
        ::contango::__private::rust_decimal::Decimal,
    >,
    /// Forced-close quantity.
    #[serde(
        rename = "forceLiquidationVolume",
        default,
        skip_serializing_if = "::std::option::Option::is_none",
        deserialize_with = "::contango::__private::de::wire",
        serialize_with = "::contango::__private::ser::opt_number"
    )]
    pub force_liquidation_volume: ::std::option::Option<
        ::contango::__private::rust_decimal::Decimal,
    >,
    /// Forced-close price (average, trigger).
    #[serde(
        rename = "forceLiquidationPrice",
        default,
        skip_serializing_if = "::std::option::Option::is_none",
        deserialize_with = "::contango::__private::de::wire",
        serialize_with = "::contango::__private::ser::opt_number"
    )]
    pub force_liquidation_price: ::std::option::Option<
        ::contango::__private::rust_decimal::Decimal,
    >,
    /// Capital costs.
    #[serde(
        rename = "capitalFee",
        default,
        skip_serializing_if = "::std::option::Option::is_none",
        deserialize_with = "::contango::__private::de::wire",
        serialize_with = "::contango::__private::ser::opt_number"
    )]
    pub capital_fee: ::std::option::Option<::contango::__private::rust_decimal::Decimal>,
    /// Closing profit and loss.
    #[serde(
        rename = "closeProfit",
        default,
        skip_serializing_if = "::std::option::Option::is_none",
        deserialize_with = "::contango::__private::de::wire",
        serialize_with = "::contango::__private::ser::opt_number"
    )]
    pub close_profit: ::std::option::Option<
        ::contango::__private::rust_decimal::Decimal,
    >,
    /// Amount to share.
    #[serde(
        rename = "shareAmount",
        default,
        skip_serializing_if = "::std::option::Option::is_none",
        deserialize_with = "::contango::__private::de::wire",
        serialize_with = "::contango::__private::ser::opt_number"
    )]
    pub share_amount: ::std::option::Option<
        ::contango::__private::rust_decimal::Decimal,
    >,
    /// Freeze state.
    #[serde(
        rename = "freezeLock",
        default,
        skip_serializing_if = "::std::option::Option::is_none",
        deserialize_with = "::contango::__private::de::wire"
    )]
    pub freeze_lock: ::std::option::Option<FreezeLock>,
    /// Liquidation lock time (local date-time text).
    #[serde(
        rename = "lockTime",
        default,
        skip_serializing_if = "::std::option::Option::is_none",
        deserialize_with = "::contango::__private::de::wire"
    )]
    pub lock_time: ::std::option::Option<::contango::LocalDateTime>,
    /// Total position value multiplied by face value.
    #[serde(
        rename = "positionAmount",
        default,
        skip_serializing_if = "::std::option::Option::is_none",
        deserialize_with = "::contango::__private::de::wire",
        serialize_with = "::contango::__private::ser::opt_number"
    )]
    pub position_amount: ::std::option::Option<
        ::contango::__private::rust_decimal::Decimal,
    >,
    /// Total closing value multiplied by face value.
    #[serde(
        rename = "positionCloseAmount",
        default,
        skip_serializing_if = "::std::option::Option::is_none",
        deserialize_with = "::contango::__private::de::wire",
        serialize_with = "::contango::__private::ser::opt_number"
    )]
    pub position_close_amount: ::std::option::Option<
        ::contango::__private::rust_decimal::Decimal,
    >,
    /// Number of long positions.
    #[serde(
        rename = "longAccountCount",
        default,
        skip_serializing_if = "::std::option::Option::is_none",
        deserialize_with = "::contango::__private::de::wire"
    )]
    pub long_account_count: ::std::option::Option<i32>,
    /// Number of short positions.
    #[serde(
        rename = "shortAccountCount",
        default,
        skip_serializing_if = "::std::option::Option::is_none",
        deserialize_with = "::contango::__private::de::wire"
    )]
    pub short_account_count: ::std::option::Option<i32>,
    /// Total realized profit and loss of this settlement cycle.
    #[serde(
        rename = "sumRealized",
        default,
        skip_serializing_if = "::std::option::Option::is_none",
        deserialize_with = "::contango::__private::de::wire",
        serialize_with = "::contango::__private::ser::opt_number"
    )]
    pub sum_realized: ::std::option::Option<
        ::contango::__private::rust_decimal::Decimal,
    >,
    /// Account deficit at position settlement.
    #[serde(
        rename = "deficitLosses",
        default,
        skip_serializing_if = "::std::option::Option::is_none",
        deserialize_with = "::contango::__private::de::wire",
        serialize_with = "::contango::__private::ser::opt_number"
    )]
    pub deficit_losses: ::std::option::Option<
        ::contango::__private::rust_decimal::Decimal,
    >,
    /// Current margin ratio.
    #[serde(
        rename = "currentMarginRate",
        default,
        skip_serializing_if = "::std::option::Option::is_none",
        deserialize_with = "::contango::__private::de::wire",
        serialize_with = "::contango::__private::ser::opt_number"
    )]
    pub current_margin_rate: ::std::option::Option<
        ::contango::__private::rust_decimal::Decimal,
    >,
    /// Balance occupied by current contracts, excluding realized and unrealized gains and losses.
    #[serde(
        rename = "realEquity",
        default,
        skip_serializing_if = "::std::option::Option::is_none",
        deserialize_with = "::contango::__private::de::wire",
        serialize_with = "::contango::__private::ser::opt_number"
    )]
    pub real_equity: ::std::option::Option<::contango::__private::rust_decimal::Decimal>,
    /// Position extension information (copy trading).
    #[serde(
        rename = "coPositionExt",
        default,
        skip_serializing_if = "::std::option::Option::is_none",
        deserialize_with = "::contango::__private::de::wire"
    )]
    pub co_position_ext: ::std::option::Option<CoPositionExt>,
    /// Client order id (sample only).
    #[serde(
        rename = "clientId",
        default,
        skip_serializing_if = "::std::option::Option::is_none",
        deserialize_with = "::contango::__private::de::wire"
    )]
    pub client_id: ::std::option::Option<::std::string::String>,
    /// OPEN or CLOSE (sample only).
    #[serde(
        rename = "open",
        default,
        skip_serializing_if = "::std::option::Option::is_none",
        deserialize_with = "::contango::__private::de::wire"
    )]
    pub open: ::std::option::Option<Open>,
    /// Order type as a number (sample only; values not documented).
    #[serde(
        rename = "type",
        default,
        skip_serializing_if = "::std::option::Option::is_none",
        deserialize_with = "::contango::__private::de::wire"
    )]
    pub order_type: ::std::option::Option<i32>,
    /// Order price (sample only).
    #[serde(
        rename = "price",
        default,
        skip_serializing_if = "::std::option::Option::is_none",
        deserialize_with = "::contango::__private::de::wire",
        serialize_with = "::contango::__private::ser::opt_number"
    )]
    pub price: ::std::option::Option<::contango::__private::rust_decimal::Decimal>,
    /// Taker fee rate when opening (sample only).
    #[serde(
        rename = "openTakerFeeRate",
        default,
        skip_serializing_if = "::std::option::Option::is_none",
        deserialize_with = "::contango::__private::de::wire",
        serialize_with = "::contango::__private::ser::opt_number"
    )]
    pub open_taker_fee_rate: ::std::option::Option<
        ::contango::__private::rust_decimal::Decimal,
    >,
    /// Maker fee rate when opening (sample only).
    #[serde(
        rename = "openMakerFeeRate",
        default,
        skip_serializing_if = "::std::option::Option::is_none",
        deserialize_with = "::contango::__private::de::wire",
        serialize_with = "::contango::__private::ser::opt_number"
    )]
    pub open_maker_fee_rate: ::std::option::Option<
        ::contango::__private::rust_decimal::Decimal,
    >,
    /// Taker fee rate when closing (sample only).
    #[serde(
        rename = "closeTakerFeeRate",
        default,
        skip_serializing_if = "::std::option::Option::is_none",
        deserialize_with = "::contango::__private::de::wire",
        serialize_with = "::contango::__private::ser::opt_number"
    )]
    pub close_taker_fee_rate: ::std::option::Option<
        ::contango::__private::rust_decimal::Decimal,
    >,
    /// Maker fee rate when closing (sample only).
    #[serde(
        rename = "closeMakerFeeRate",
        default,
        skip_serializing_if = "::std::option::Option::is_none",
        deserialize_with = "::contango::__private::de::wire",
        serialize_with = "::contango::__private::ser::opt_number"
    )]
    pub close_maker_fee_rate: ::std::option::Option<
        ::contango::__private::rust_decimal::Decimal,
    >,
    /// Filled quantity (sample only).
    #[serde(
        rename = "dealVolume",
        default,
        skip_serializing_if = "::std::option::Option::is_none",
        deserialize_with = "::contango::__private::de::wire",
        serialize_with = "::contango::__private::ser::opt_number"
    )]
    pub deal_volume: ::std::option::Option<::contango::__private::rust_decimal::Decimal>,
    /// Filled value (sample only).
    #[serde(
        rename = "dealMoney",
        default,
        skip_serializing_if = "::std::option::Option::is_none",
        deserialize_with = "::contango::__private::de::wire",
        serialize_with = "::contango::__private::ser::opt_number"
    )]
    pub deal_money: ::std::option::Option<::contango::__private::rust_decimal::Decimal>,
    /// Locked money (sample only).
    #[serde(
        rename = "lockMoney",
        default,
        skip_serializing_if = "::std::option::Option::is_none",
        deserialize_with = "::contango::__private::de::wire",
        serialize_with = "::contango::__private::ser::opt_number"
    )]
    pub lock_money: ::std::option::Option<::contango::__private::rust_decimal::Decimal>,
    /// Unlocked money (sample only).
    #[serde(
        rename = "unlockMoney",
        default,
        skip_serializing_if = "::std::option::Option::is_none",
        deserialize_with = "::contango::__private::de::wire",
        serialize_with = "::contango::__private::ser::opt_number"
    )]
    pub unlock_money: ::std::option::Option<
        ::contango::__private::rust_decimal::Decimal,
    >,
    /// Memo (sample only; a number in the sample, kept as text).
    #[serde(
        rename = "memo",
        default,
        skip_serializing_if = "::std::option::Option::is_none",
        deserialize_with = "::contango::__private::de::wire"
    )]
    pub memo: ::std::option::Option<::std::string::String>,
    /// Order source (sample only; values not documented).
    #[serde(
        rename = "source",
        default,
        skip_serializing_if = "::std::option::Option::is_none",
        deserialize_with = "::contango::__private::de::wire"
    )]
    pub source: ::std::option::Option<i32>,
    /// Royalty share ratio, 0 to 1 (sample only).
    #[serde(
        rename = "shareRoyaltyRatio",
        default,
        skip_serializing_if = "::std::option::Option::is_none",
        deserialize_with = "::contango::__private::de::wire",
        serialize_with = "::contango::__private::ser::opt_number"
    )]
    pub share_royalty_ratio: ::std::option::Option<
        ::contango::__private::rust_decimal::Decimal,
    >,
}
impl ::contango::__private::de::Wire for ForceOrder {
    fn from_wire<'de, D: ::contango::__private::serde::Deserializer<'de>>(
        d: D,
    ) -> ::std::result::Result<Self, D::Error> {
        <Self as ::contango::__private::serde::Deserialize>::deserialize(d)
    }
}
::contango::__private::direct_record!(
    ForceOrder { id[b"id"] opt, uid[b"uid"] opt, position_type[b"positionType"] opt,
    side[b"side"] opt, volume[b"volume"] opt, avg_price[b"avgPrice"] opt,
    leverage_level[b"leverageLevel"] opt, realized_amount[b"realizedAmount"] opt,
    trade_fee[b"tradeFee"] opt, status[b"status"] opt, ctime[b"ctime"] opt,
    mtime[b"mtime"] opt, broker_id[b"brokerId"] opt,
    using_account_type[b"usingAccountType"] opt, contract_id[b"contractId"] opt,
    open_price[b"openPrice"] opt, close_price[b"closePrice"] opt,
    open_amount[b"openAmount"] opt, hold_amount[b"holdAmount"] opt,
    close_volume[b"closeVolume"] opt, pending_close_volume[b"pendingCloseVolume"] opt,
    history_realized_amount[b"historyRealizedAmount"] opt,
    force_liquidation_volume[b"forceLiquidationVolume"] opt,
    force_liquidation_price[b"forceLiquidationPrice"] opt, capital_fee[b"capitalFee"]
    opt, close_profit[b"closeProfit"] opt, share_amount[b"shareAmount"] opt,
    freeze_lock[b"freezeLock"] opt, lock_time[b"lockTime"] opt,
    position_amount[b"positionAmount"] opt, position_close_amount[b"positionCloseAmount"]
    opt, long_account_count[b"longAccountCount"] opt,
    short_account_count[b"shortAccountCount"] opt, sum_realized[b"sumRealized"] opt,
    deficit_losses[b"deficitLosses"] opt, current_margin_rate[b"currentMarginRate"] opt,
    real_equity[b"realEquity"] opt, co_position_ext[b"coPositionExt"] opt,
    client_id[b"clientId"] opt, open[b"open"] opt, order_type[b"type"] opt,
    price[b"price"] opt, open_taker_fee_rate[b"openTakerFeeRate"] opt,
    open_maker_fee_rate[b"openMakerFeeRate"] opt,
    close_taker_fee_rate[b"closeTakerFeeRate"] opt,
    close_maker_fee_rate[b"closeMakerFeeRate"] opt, deal_volume[b"dealVolume"] opt,
    deal_money[b"dealMoney"] opt, lock_money[b"lockMoney"] opt,
    unlock_money[b"unlockMoney"] opt, memo[b"memo"] opt, source[b"source"] opt,
    share_royalty_ratio[b"shareRoyaltyRatio"] opt, }
);
/// Copy-trading extension of a forced position (coPositionExt, section 2.11).
#[derive(
    Debug,
    Clone,
    PartialEq,
    ::contango::__private::serde::Serialize,
    ::contango::__private::serde::Deserialize
)]
#[serde(crate = "::contango::__private::serde")]
pub struct CoPositionExt {
    /// Position id.
    #[serde(
        rename = "positionId",
        default,
        skip_serializing_if = "::std::option::Option::is_none",
        deserialize_with = "::contango::__private::de::wire"
    )]
    pub position_id: ::std::option::Option<i64>,
    /// User id of the copied trader.
    #[serde(
        rename = "copyTraderUid",
        default,
        skip_serializing_if = "::std::option::Option::is_none",
        deserialize_with = "::contango::__private::de::wire"
    )]
    pub copy_trader_uid: ::std::option::Option<i64>,
    /// User id of the trader sharing royalties.
    #[serde(
        rename = "shareTraderUid",
        default,
        skip_serializing_if = "::std::option::Option::is_none",
        deserialize_with = "::contango::__private::de::wire"
    )]
    pub share_trader_uid: ::std::option::Option<i64>,
    /// Id of the shared position.
    #[serde(
        rename = "sharePositionId",
        default,
        skip_serializing_if = "::std::option::Option::is_none",
        deserialize_with = "::contango::__private::de::wire"
    )]
    pub share_position_id: ::std::option::Option<i64>,
    /// Royalty share ratio, 0 to 1.
    #[serde(
        rename = "shareRoyaltyRatio",
        default,
        skip_serializing_if = "::std::option::Option::is_none",
        deserialize_with = "::contango::__private::de::wire",
        serialize_with = "::contango::__private::ser::opt_number"
    )]
    pub share_royalty_ratio: ::std::option::Option<
        ::contango::__private::rust_decimal::Decimal,
    >,
    /// Pre-share royalty amount.
    #[serde(
        rename = "preShareRoyaltyAmount",
        default,
        skip_serializing_if = "::std::option::Option::is_none",
        deserialize_with = "::contango::__private::de::wire",
        serialize_with = "::contango::__private::ser::opt_number"
    )]
    pub pre_share_royalty_amount: ::std::option::Option<
        ::contango::__private::rust_decimal::Decimal,
    >,
    /// Locked pre-share royalty amount.
    #[serde(
        rename = "lockPreShareRoyaltyAmount",
        default,
        skip_serializing_if = "::std::option::Option::is_none",
        deserialize_with = "::contango::__private::de::wire",
        serialize_with = "::contango::__private::ser::opt_number"
    )]
    pub lock_pre_share_royalty_amount: ::std::option::Option<
        ::contango::__private::rust_decimal::Decimal,
    >,
    /// Copy-trading state.
    #[serde(
        rename = "copyStatus",
        default,
        skip_serializing_if = "::std::option::Option::is_none",
        deserialize_with = "::contango::__private::de::wire"
    )]
    pub copy_status: ::std::option::Option<CopyStatus>,
    /// Royalty settlement state.
    #[serde(
        rename = "shareRoyaltyStatus",
        default,
        skip_serializing_if = "::std::option::Option::is_none",
        deserialize_with = "::contango::__private::de::wire"
    )]
    pub share_royalty_status: ::std::option::Option<ShareRoyaltyStatus>,
    /// How the position was closed.
    #[serde(
        rename = "closePositionType",
        default,
        skip_serializing_if = "::std::option::Option::is_none",
        deserialize_with = "::contango::__private::de::wire"
    )]
    pub close_position_type: ::std::option::Option<ClosePositionType>,
    /// Creation time (local date-time text).
    #[serde(
        rename = "ctime",
        default,
        skip_serializing_if = "::std::option::Option::is_none",
        deserialize_with = "::contango::__private::de::wire"
    )]
    pub ctime: ::std::option::Option<::contango::LocalDateTime>,
    /// Update time (local date-time text).
    #[serde(
        rename = "mtime",
        default,
        skip_serializing_if = "::std::option::Option::is_none",
        deserialize_with = "::contango::__private::de::wire"
    )]
    pub mtime: ::std::option::Option<::contango::LocalDateTime>,
}
impl ::contango::__private::de::Wire for CoPositionExt {
    fn from_wire<'de, D: ::contango::__private::serde::Deserializer<'de>>(
        d: D,
    ) -> ::std::result::Result<Self, D::Error> {
        <Self as ::contango::__private::serde::Deserialize>::deserialize(d)
    }
}
::contango::__private::direct_record!(
    CoPositionExt { position_id[b"positionId"] opt, copy_trader_uid[b"copyTraderUid"]
    opt, share_trader_uid[b"shareTraderUid"] opt, share_position_id[b"sharePositionId"]
    opt, share_royalty_ratio[b"shareRoyaltyRatio"] opt,
    pre_share_royalty_amount[b"preShareRoyaltyAmount"] opt,
    lock_pre_share_royalty_amount[b"lockPreShareRoyaltyAmount"] opt,
    copy_status[b"copyStatus"] opt, share_royalty_status[b"shareRoyaltyStatus"] opt,
    close_position_type[b"closePositionType"] opt, ctime[b"ctime"] opt, mtime[b"mtime"]
    opt, }
);
/// A listen key: the token identifying a private event stream (section 2.12).
#[derive(
    Debug,
    Clone,
    PartialEq,
    ::contango::__private::serde::Serialize,
    ::contango::__private::serde::Deserialize
)]
#[serde(crate = "::contango::__private::serde")]
pub struct ListenKey {
    /// The listen key.
    #[serde(rename = "listenKey", deserialize_with = "::contango::__private::de::wire")]
    pub listen_key: ::std::string::String,
}
impl ::contango::__private::de::Wire for ListenKey {
    fn from_wire<'de, D: ::contango::__private::serde::Deserializer<'de>>(
        d: D,
    ) -> ::std::result::Result<Self, D::Error> {
        <Self as ::contango::__private::serde::Deserialize>::deserialize(d)
    }
}
::contango::__private::direct_record!(ListenKey { listen_key[b"listenKey"] req, });
/// Subscribe request sent by the client: {event: sub, params: {channel: user_account_update}}.
#[derive(
    Debug,
    Clone,
    PartialEq,
    ::contango::__private::serde::Serialize,
    ::contango::__private::serde::Deserialize
)]
#[serde(crate = "::contango::__private::serde")]
pub struct StreamSubscribe {
    /// Always sub.
    #[serde(rename = "event", deserialize_with = "::contango::__private::de::wire")]
    pub event: ::std::string::String,
    /// What to subscribe to.
    #[serde(rename = "params", deserialize_with = "::contango::__private::de::wire")]
    pub params: StreamSubscribeParams,
}
impl ::contango::__private::de::Wire for StreamSubscribe {
    fn from_wire<'de, D: ::contango::__private::serde::Deserializer<'de>>(
        d: D,
    ) -> ::std::result::Result<Self, D::Error> {
        <Self as ::contango::__private::serde::Deserialize>::deserialize(d)
    }
}
/// Parameters of a subscribe request.
#[derive(
    Debug,
    Clone,
    PartialEq,
    ::contango::__private::serde::Serialize,
    ::contango::__private::serde::Deserialize
)]
#[serde(crate = "::contango::__private::serde")]
pub struct StreamSubscribeParams {
    /// Channel name (user_account_update).
    #[serde(rename = "channel", deserialize_with = "::contango::__private::de::wire")]
    pub channel: ::std::string::String,
}
impl ::contango::__private::de::Wire for StreamSubscribeParams {
    fn from_wire<'de, D: ::contango::__private::serde::Deserializer<'de>>(
        d: D,
    ) -> ::std::result::Result<Self, D::Error> {
        <Self as ::contango::__private::serde::Deserialize>::deserialize(d)
    }
}
/// Acknowledgement of a subscription: {event: user_account_update, status: ok, ts}.
#[derive(
    Debug,
    Clone,
    PartialEq,
    ::contango::__private::serde::Serialize,
    ::contango::__private::serde::Deserialize
)]
#[serde(crate = "::contango::__private::serde")]
pub struct StreamSubscribed {
    /// The channel subscribed to.
    #[serde(rename = "event", deserialize_with = "::contango::__private::de::wire")]
    pub event: ::std::string::String,
    /// ok on success.
    #[serde(
        rename = "status",
        default,
        skip_serializing_if = "::std::option::Option::is_none",
        deserialize_with = "::contango::__private::de::wire"
    )]
    pub status: ::std::option::Option<::std::string::String>,
    /// Server time in milliseconds.
    #[serde(
        rename = "ts",
        default,
        skip_serializing_if = "::std::option::Option::is_none",
        deserialize_with = "::contango::__private::de::wire"
    )]
    pub ts: ::std::option::Option<::contango::Millis>,
}
impl ::contango::__private::de::Wire for StreamSubscribed {
    fn from_wire<'de, D: ::contango::__private::serde::Deserializer<'de>>(
        d: D,
    ) -> ::std::result::Result<Self, D::Error> {
        <Self as ::contango::__private::serde::Deserialize>::deserialize(d)
    }
}
/// Ping sent by the server; answer every ping with a pong carrying the same ts.
#[derive(
    Debug,
    Clone,
    PartialEq,
    ::contango::__private::serde::Serialize,
    ::contango::__private::serde::Deserialize
)]
#[serde(crate = "::contango::__private::serde")]
pub struct StreamPing {
    /// Always ping.
    #[serde(rename = "event", deserialize_with = "::contango::__private::de::wire")]
    pub event: ::std::string::String,
    /// Server time in milliseconds (sent as a string).
    #[serde(
        rename = "ts",
        default,
        skip_serializing_if = "::std::option::Option::is_none",
        deserialize_with = "::contango::__private::de::wire"
    )]
    pub ts: ::std::option::Option<::contango::Millis>,
}
impl ::contango::__private::de::Wire for StreamPing {
    fn from_wire<'de, D: ::contango::__private::serde::Deserializer<'de>>(
        d: D,
    ) -> ::std::result::Result<Self, D::Error> {
        <Self as ::contango::__private::serde::Deserialize>::deserialize(d)
    }
}
/// Pong sent by the client after every ping received from the server.
#[derive(
    Debug,
    Clone,
    PartialEq,
    ::contango::__private::serde::Serialize,
    ::contango::__private::serde::Deserialize
)]
#[serde(crate = "::contango::__private::serde")]
pub struct StreamPong {
    /// Always pong.
    #[serde(rename = "event", deserialize_with = "::contango::__private::de::wire")]
    pub event: ::std::string::String,
    /// The ping's timestamp in milliseconds, as a string (section 6.1).
    #[serde(
        rename = "ts",
        default,
        skip_serializing_if = "::std::option::Option::is_none",
        deserialize_with = "::contango::__private::de::wire"
    )]
    pub ts: ::std::option::Option<::std::string::String>,
}
impl ::contango::__private::de::Wire for StreamPong {
    fn from_wire<'de, D: ::contango::__private::serde::Deserializer<'de>>(
        d: D,
    ) -> ::std::result::Result<Self, D::Error> {
        <Self as ::contango::__private::serde::Deserialize>::deserialize(d)
    }
}
/// Order update event (e = ORDER_TRADE_UPDATE, section 6.2).
#[derive(
    Debug,
    Clone,
    PartialEq,
    ::contango::__private::serde::Serialize,
    ::contango::__private::serde::Deserialize
)]
#[serde(crate = "::contango::__private::serde")]
pub struct OrderTradeUpdate {
    /// Event type (ORDER_TRADE_UPDATE).
    #[serde(rename = "e", deserialize_with = "::contango::__private::de::wire")]
    pub event_type: ::std::string::String,
    /// Event time in milliseconds.
    #[serde(rename = "E", deserialize_with = "::contango::__private::de::wire")]
    pub event_time: ::contango::Millis,
    /// The order that changed.
    #[serde(rename = "o", deserialize_with = "::contango::__private::de::wire")]
    pub order: OrderUpdate,
}
impl ::contango::__private::de::Wire for OrderTradeUpdate {
    fn from_wire<'de, D: ::contango::__private::serde::Deserializer<'de>>(
        d: D,
    ) -> ::std::result::Result<Self, D::Error> {
        <Self as ::contango::__private::serde::Deserialize>::deserialize(d)
    }
}
::contango::__private::direct_record!(
    OrderTradeUpdate { event_type[b"e"] req, event_time[b"E"] req, order[b"o"] req, }
);
/// The order of an order update event (the o object, section 6.2). Decimals travel as strings.
#[derive(
    Debug,
    Clone,
    PartialEq,
    ::contango::__private::serde::Serialize,
    ::contango::__private::serde::Deserialize
)]
#[serde(crate = "::contango::__private::serde")]
pub struct OrderUpdate {
    /// Trading pair.
    #[serde(rename = "s", deserialize_with = "::contango::__private::de::wire")]
    pub symbol: ::std::string::String,
    /// Client-provided order id.
    #[serde(
        rename = "c",
        default,
        skip_serializing_if = "::std::option::Option::is_none",
        deserialize_with = "::contango::__private::de::wire"
    )]
    pub client_order_id: ::std::option::Option<::std::string::String>,
    /// Order direction.
    #[serde(
        rename = "S",
        default,
        skip_serializing_if = "::std::option::Option::is_none",
        deserialize_with = "::contango::__private::de::wire"
    )]
    pub side: ::std::option::Option<Side>,
    /// Order type (MARKET, LIMIT, IOC, POST_ONLY and others).
    #[serde(
        rename = "o",
        default,
        skip_serializing_if = "::std::option::Option::is_none",
        deserialize_with = "::contango::__private::de::wire"
    )]
    pub order_type: ::std::option::Option<OrderType>,
    /// Original quantity (multiplied by face value).
    #[serde(
        rename = "q",
        default,
        skip_serializing_if = "::std::option::Option::is_none",
        deserialize_with = "::contango::__private::de::wire",
        serialize_with = "::contango::__private::ser::opt_string"
    )]
    pub quantity: ::std::option::Option<::contango::__private::rust_decimal::Decimal>,
    /// Original price.
    #[serde(
        rename = "p",
        default,
        skip_serializing_if = "::std::option::Option::is_none",
        deserialize_with = "::contango::__private::de::wire",
        serialize_with = "::contango::__private::ser::opt_string"
    )]
    pub price: ::std::option::Option<::contango::__private::rust_decimal::Decimal>,
    /// Average price.
    #[serde(
        rename = "ap",
        default,
        skip_serializing_if = "::std::option::Option::is_none",
        deserialize_with = "::contango::__private::de::wire",
        serialize_with = "::contango::__private::ser::opt_string"
    )]
    pub average_price: ::std::option::Option<
        ::contango::__private::rust_decimal::Decimal,
    >,
    /// Execution type of this event (new, liquidation, trade, cancel, adl).
    #[serde(rename = "x", deserialize_with = "::contango::__private::de::wire")]
    pub execution_type: ExecutionType,
    /// Current order status.
    #[serde(rename = "X", deserialize_with = "::contango::__private::de::wire")]
    pub status: OrderStatus,
    /// Order id.
    #[serde(rename = "i", deserialize_with = "::contango::__private::de::wire")]
    pub order_id: i64,
    /// Quantity filled in this event.
    #[serde(
        rename = "l",
        default,
        skip_serializing_if = "::std::option::Option::is_none",
        deserialize_with = "::contango::__private::de::wire",
        serialize_with = "::contango::__private::ser::opt_string"
    )]
    pub last_filled_quantity: ::std::option::Option<
        ::contango::__private::rust_decimal::Decimal,
    >,
    /// Cumulative filled quantity.
    #[serde(
        rename = "z",
        default,
        skip_serializing_if = "::std::option::Option::is_none",
        deserialize_with = "::contango::__private::de::wire",
        serialize_with = "::contango::__private::ser::opt_string"
    )]
    pub cumulative_filled_quantity: ::std::option::Option<
        ::contango::__private::rust_decimal::Decimal,
    >,
    /// Price of the fill in this event.
    #[serde(
        rename = "L",
        default,
        skip_serializing_if = "::std::option::Option::is_none",
        deserialize_with = "::contango::__private::de::wire",
        serialize_with = "::contango::__private::ser::opt_string"
    )]
    pub last_filled_price: ::std::option::Option<
        ::contango::__private::rust_decimal::Decimal,
    >,
    /// Fee asset.
    #[serde(
        rename = "N",
        default,
        skip_serializing_if = "::std::option::Option::is_none",
        deserialize_with = "::contango::__private::de::wire"
    )]
    pub fee_asset: ::std::option::Option<::std::string::String>,
    /// Total fee amount.
    #[serde(
        rename = "n",
        default,
        skip_serializing_if = "::std::option::Option::is_none",
        deserialize_with = "::contango::__private::de::wire",
        serialize_with = "::contango::__private::ser::opt_string"
    )]
    pub fee: ::std::option::Option<::contango::__private::rust_decimal::Decimal>,
    /// Trade time in milliseconds.
    #[serde(
        rename = "T",
        default,
        skip_serializing_if = "::std::option::Option::is_none",
        deserialize_with = "::contango::__private::de::wire"
    )]
    pub trade_time: ::std::option::Option<::contango::Millis>,
    /// Trade id.
    #[serde(
        rename = "t",
        default,
        skip_serializing_if = "::std::option::Option::is_none",
        deserialize_with = "::contango::__private::de::wire"
    )]
    pub trade_id: ::std::option::Option<i64>,
    /// Whether the fill was a maker fill (reserved field).
    #[serde(
        rename = "m",
        default,
        skip_serializing_if = "::std::option::Option::is_none",
        deserialize_with = "::contango::__private::de::wire"
    )]
    pub is_maker: ::std::option::Option<bool>,
    /// Reduce-only flag, default false (reserved field).
    #[serde(
        rename = "R",
        default,
        skip_serializing_if = "::std::option::Option::is_none",
        deserialize_with = "::contango::__private::de::wire"
    )]
    pub reduce_only: ::std::option::Option<bool>,
    /// Position direction.
    #[serde(
        rename = "ps",
        default,
        skip_serializing_if = "::std::option::Option::is_none",
        deserialize_with = "::contango::__private::de::wire"
    )]
    pub position_side: ::std::option::Option<PositionSide>,
    /// Realized profit or loss of this trade.
    #[serde(
        rename = "rp",
        default,
        skip_serializing_if = "::std::option::Option::is_none",
        deserialize_with = "::contango::__private::de::wire",
        serialize_with = "::contango::__private::ser::opt_string"
    )]
    pub realized_profit: ::std::option::Option<
        ::contango::__private::rust_decimal::Decimal,
    >,
}
impl ::contango::__private::de::Wire for OrderUpdate {
    fn from_wire<'de, D: ::contango::__private::serde::Deserializer<'de>>(
        d: D,
    ) -> ::std::result::Result<Self, D::Error> {
        <Self as ::contango::__private::serde::Deserialize>::deserialize(d)
    }
}
::contango::__private::direct_record!(
    OrderUpdate { symbol[b"s"] req, client_order_id[b"c"] opt, side[b"S"] opt,
    order_type[b"o"] opt, quantity[b"q"] opt, price[b"p"] opt, average_price[b"ap"] opt,
    execution_type[b"x"] req, status[b"X"] req, order_id[b"i"] req,
    last_filled_quantity[b"l"] opt, cumulative_filled_quantity[b"z"] opt,
    last_filled_price[b"L"] opt, fee_asset[b"N"] opt, fee[b"n"] opt, trade_time[b"T"]
    opt, trade_id[b"t"] opt, is_maker[b"m"] opt, reduce_only[b"R"] opt,
    position_side[b"ps"] opt, realized_profit[b"rp"] opt, }
);
/// Account update event (e = ACCOUNT_UPDATE, section 6.3).
#[derive(
    Debug,
    Clone,
    PartialEq,
    ::contango::__private::serde::Serialize,
    ::contango::__private::serde::Deserialize
)]
#[serde(crate = "::contango::__private::serde")]
pub struct AccountUpdate {
    /// Event type (ACCOUNT_UPDATE).
    #[serde(rename = "e", deserialize_with = "::contango::__private::de::wire")]
    pub event_type: ::std::string::String,
    /// Event time in milliseconds.
    #[serde(rename = "E", deserialize_with = "::contango::__private::de::wire")]
    pub event_time: ::contango::Millis,
    /// Matching time in milliseconds (tentative).
    #[serde(
        rename = "T",
        default,
        skip_serializing_if = "::std::option::Option::is_none",
        deserialize_with = "::contango::__private::de::wire"
    )]
    pub transaction_time: ::std::option::Option<::contango::Millis>,
    /// The account update.
    #[serde(rename = "a", deserialize_with = "::contango::__private::de::wire")]
    pub update: AccountUpdateData,
}
impl ::contango::__private::de::Wire for AccountUpdate {
    fn from_wire<'de, D: ::contango::__private::serde::Deserializer<'de>>(
        d: D,
    ) -> ::std::result::Result<Self, D::Error> {
        <Self as ::contango::__private::serde::Deserialize>::deserialize(d)
    }
}
::contango::__private::direct_record!(
    AccountUpdate { event_type[b"e"] req, event_time[b"E"] req, transaction_time[b"T"]
    opt, update[b"a"] req, }
);
/// The account update object of an account update event (the a object).
#[derive(
    Debug,
    Clone,
    PartialEq,
    ::contango::__private::serde::Serialize,
    ::contango::__private::serde::Deserialize
)]
#[serde(crate = "::contango::__private::serde")]
pub struct AccountUpdateData {
    /// Reason that triggered the event.
    #[serde(
        rename = "m",
        default,
        skip_serializing_if = "::std::option::Option::is_none",
        deserialize_with = "::contango::__private::de::wire"
    )]
    pub reason: ::std::option::Option<AccountUpdateReason>,
    /// Balances (only relevant balances are sent).
    #[serde(
        rename = "B",
        default,
        skip_serializing_if = "::std::option::Option::is_none",
        deserialize_with = "::contango::__private::de::wire"
    )]
    pub balances: ::std::option::Option<::std::vec::Vec<BalanceUpdate>>,
    /// Positions.
    #[serde(
        rename = "P",
        default,
        skip_serializing_if = "::std::option::Option::is_none",
        deserialize_with = "::contango::__private::de::wire"
    )]
    pub positions: ::std::option::Option<::std::vec::Vec<PositionUpdate>>,
}
impl ::contango::__private::de::Wire for AccountUpdateData {
    fn from_wire<'de, D: ::contango::__private::serde::Deserializer<'de>>(
        d: D,
    ) -> ::std::result::Result<Self, D::Error> {
        <Self as ::contango::__private::serde::Deserialize>::deserialize(d)
    }
}
::contango::__private::direct_record!(
    AccountUpdateData { reason[b"m"] opt, balances[b"B"] opt, positions[b"P"] opt, }
);
/// A balance in an account update event. Values travel as strings.
#[derive(
    Debug,
    Clone,
    PartialEq,
    ::contango::__private::serde::Serialize,
    ::contango::__private::serde::Deserialize
)]
#[serde(crate = "::contango::__private::serde")]
pub struct BalanceUpdate {
    /// Asset name.
    #[serde(rename = "a", deserialize_with = "::contango::__private::de::wire")]
    pub asset: ::std::string::String,
    /// Cross-margin balance.
    #[serde(
        rename = "cw",
        default,
        skip_serializing_if = "::std::option::Option::is_none",
        deserialize_with = "::contango::__private::de::wire",
        serialize_with = "::contango::__private::ser::opt_string"
    )]
    pub cross_wallet_balance: ::std::option::Option<
        ::contango::__private::rust_decimal::Decimal,
    >,
    /// Locked balance.
    #[serde(
        rename = "lb",
        default,
        skip_serializing_if = "::std::option::Option::is_none",
        deserialize_with = "::contango::__private::de::wire",
        serialize_with = "::contango::__private::ser::opt_string"
    )]
    pub locked_balance: ::std::option::Option<
        ::contango::__private::rust_decimal::Decimal,
    >,
    /// Isolated margin wallet balance.
    #[serde(
        rename = "iw",
        default,
        skip_serializing_if = "::std::option::Option::is_none",
        deserialize_with = "::contango::__private::de::wire",
        serialize_with = "::contango::__private::ser::opt_string"
    )]
    pub isolated_wallet_balance: ::std::option::Option<
        ::contango::__private::rust_decimal::Decimal,
    >,
    /// Balance change not related to profit, loss or fees.
    #[serde(
        rename = "bc",
        default,
        skip_serializing_if = "::std::option::Option::is_none",
        deserialize_with = "::contango::__private::de::wire",
        serialize_with = "::contango::__private::ser::opt_string"
    )]
    pub balance_change: ::std::option::Option<
        ::contango::__private::rust_decimal::Decimal,
    >,
}
impl ::contango::__private::de::Wire for BalanceUpdate {
    fn from_wire<'de, D: ::contango::__private::serde::Deserializer<'de>>(
        d: D,
    ) -> ::std::result::Result<Self, D::Error> {
        <Self as ::contango::__private::serde::Deserialize>::deserialize(d)
    }
}
::contango::__private::direct_record!(
    BalanceUpdate { asset[b"a"] req, cross_wallet_balance[b"cw"] opt,
    locked_balance[b"lb"] opt, isolated_wallet_balance[b"iw"] opt, balance_change[b"bc"]
    opt, }
);
/// A position in an account update event. Values travel as strings.
#[derive(
    Debug,
    Clone,
    PartialEq,
    ::contango::__private::serde::Serialize,
    ::contango::__private::serde::Deserialize
)]
#[serde(crate = "::contango::__private::serde")]
pub struct PositionUpdate {
    /// Trading pair.
    #[serde(rename = "s", deserialize_with = "::contango::__private::de::wire")]
    pub symbol: ::std::string::String,
    /// Position amount.
    #[serde(
        rename = "pa",
        default,
        skip_serializing_if = "::std::option::Option::is_none",
        deserialize_with = "::contango::__private::de::wire",
        serialize_with = "::contango::__private::ser::opt_string"
    )]
    pub position_amount: ::std::option::Option<
        ::contango::__private::rust_decimal::Decimal,
    >,
    /// Entry price.
    #[serde(
        rename = "ep",
        default,
        skip_serializing_if = "::std::option::Option::is_none",
        deserialize_with = "::contango::__private::de::wire",
        serialize_with = "::contango::__private::ser::opt_string"
    )]
    pub entry_price: ::std::option::Option<::contango::__private::rust_decimal::Decimal>,
    /// Last settlement price.
    #[serde(
        rename = "lp",
        default,
        skip_serializing_if = "::std::option::Option::is_none",
        deserialize_with = "::contango::__private::de::wire",
        serialize_with = "::contango::__private::ser::opt_string"
    )]
    pub last_settlement_price: ::std::option::Option<
        ::contango::__private::rust_decimal::Decimal,
    >,
    /// Cumulative realized profit and loss, including fees.
    #[serde(
        rename = "cr",
        default,
        skip_serializing_if = "::std::option::Option::is_none",
        deserialize_with = "::contango::__private::de::wire",
        serialize_with = "::contango::__private::ser::opt_string"
    )]
    pub cumulative_realized: ::std::option::Option<
        ::contango::__private::rust_decimal::Decimal,
    >,
    /// Unrealized profit and loss.
    #[serde(
        rename = "up",
        default,
        skip_serializing_if = "::std::option::Option::is_none",
        deserialize_with = "::contango::__private::de::wire",
        serialize_with = "::contango::__private::ser::opt_string"
    )]
    pub unrealized_profit: ::std::option::Option<
        ::contango::__private::rust_decimal::Decimal,
    >,
    /// Margin type: 1 cross, 2 isolated (sent as the text "1").
    #[serde(
        rename = "mt",
        default,
        skip_serializing_if = "::std::option::Option::is_none",
        deserialize_with = "::contango::__private::de::wire"
    )]
    pub margin_type: ::std::option::Option<PositionType>,
    /// Isolated margin of the position.
    #[serde(
        rename = "iw",
        default,
        skip_serializing_if = "::std::option::Option::is_none",
        deserialize_with = "::contango::__private::de::wire",
        serialize_with = "::contango::__private::ser::opt_string"
    )]
    pub isolated_margin: ::std::option::Option<
        ::contango::__private::rust_decimal::Decimal,
    >,
    /// Position direction, SHORT or LONG.
    #[serde(
        rename = "ps",
        default,
        skip_serializing_if = "::std::option::Option::is_none",
        deserialize_with = "::contango::__private::de::wire"
    )]
    pub position_side: ::std::option::Option<PositionSide>,
}
impl ::contango::__private::de::Wire for PositionUpdate {
    fn from_wire<'de, D: ::contango::__private::serde::Deserializer<'de>>(
        d: D,
    ) -> ::std::result::Result<Self, D::Error> {
        <Self as ::contango::__private::serde::Deserialize>::deserialize(d)
    }
}
::contango::__private::direct_record!(
    PositionUpdate { symbol[b"s"] req, position_amount[b"pa"] opt, entry_price[b"ep"]
    opt, last_settlement_price[b"lp"] opt, cumulative_realized[b"cr"] opt,
    unrealized_profit[b"up"] opt, margin_type[b"mt"] opt, isolated_margin[b"iw"] opt,
    position_side[b"ps"] opt, }
);
/// A full depth snapshot of the market stream: up to 30 levels a side, best first. An empty book has no levels (and a frame time of 0).
#[derive(
    Debug,
    Clone,
    PartialEq,
    ::contango::__private::serde::Serialize,
    ::contango::__private::serde::Deserialize
)]
#[serde(crate = "::contango::__private::serde")]
pub struct MarketDepth {
    /// Sell levels, lowest price first.
    #[serde(rename = "asks", deserialize_with = "::contango::__private::de::wire")]
    pub asks: ::std::vec::Vec<PriceLevel>,
    /// Buy levels, highest price first.
    #[serde(rename = "buys", deserialize_with = "::contango::__private::de::wire")]
    pub buys: ::std::vec::Vec<PriceLevel>,
}
impl ::contango::__private::de::Wire for MarketDepth {
    fn from_wire<'de, D: ::contango::__private::serde::Deserializer<'de>>(
        d: D,
    ) -> ::std::result::Result<Self, D::Error> {
        <Self as ::contango::__private::serde::Deserialize>::deserialize(d)
    }
}
::contango::__private::direct_record!(
    MarketDepth { asks[b"asks"] req, buys[b"buys"] req, }
);
/// Trades printed since the previous frame of the trade_ticker channel.
#[derive(
    Debug,
    Clone,
    PartialEq,
    ::contango::__private::serde::Serialize,
    ::contango::__private::serde::Deserialize
)]
#[serde(crate = "::contango::__private::serde")]
pub struct MarketTrades {
    /// The trades, oldest first.
    #[serde(rename = "data", deserialize_with = "::contango::__private::de::wire")]
    pub data: ::std::vec::Vec<MarketTrade>,
    /// Time of the latest trade (absent in the published sample).
    #[serde(
        rename = "ts",
        default,
        skip_serializing_if = "::std::option::Option::is_none",
        deserialize_with = "::contango::__private::de::wire"
    )]
    pub ts: ::std::option::Option<::contango::Millis>,
}
impl ::contango::__private::de::Wire for MarketTrades {
    fn from_wire<'de, D: ::contango::__private::serde::Deserializer<'de>>(
        d: D,
    ) -> ::std::result::Result<Self, D::Error> {
        <Self as ::contango::__private::serde::Deserialize>::deserialize(d)
    }
}
::contango::__private::direct_record!(
    MarketTrades { data[b"data"] req, ts[b"ts"] opt, }
);
/// One public trade.
#[derive(
    Debug,
    Clone,
    PartialEq,
    ::contango::__private::serde::Serialize,
    ::contango::__private::serde::Deserialize
)]
#[serde(crate = "::contango::__private::serde")]
pub struct MarketTrade {
    /// Trade id (sent by some servers).
    #[serde(
        rename = "id",
        default,
        skip_serializing_if = "::std::option::Option::is_none",
        deserialize_with = "::contango::__private::de::wire"
    )]
    pub id: ::std::option::Option<i64>,
    /// Price.
    #[serde(
        rename = "price",
        deserialize_with = "::contango::__private::de::wire",
        serialize_with = "::contango::__private::ser::number"
    )]
    pub price: ::contango::__private::rust_decimal::Decimal,
    /// Volume in contracts.
    #[serde(
        rename = "vol",
        deserialize_with = "::contango::__private::de::wire",
        serialize_with = "::contango::__private::ser::number"
    )]
    pub vol: ::contango::__private::rust_decimal::Decimal,
    /// Taker side (BUY or buy, SELL or sell).
    #[serde(rename = "side", deserialize_with = "::contango::__private::de::wire")]
    pub side: Side,
    /// Traded value.
    #[serde(
        rename = "amount",
        default,
        skip_serializing_if = "::std::option::Option::is_none",
        deserialize_with = "::contango::__private::de::wire",
        serialize_with = "::contango::__private::ser::opt_number"
    )]
    pub amount: ::std::option::Option<::contango::__private::rust_decimal::Decimal>,
    /// Trade time as local date-time text (2024-07-23 22:03:11).
    #[serde(
        rename = "ds",
        default,
        skip_serializing_if = "::std::option::Option::is_none",
        deserialize_with = "::contango::__private::de::wire"
    )]
    pub ds: ::std::option::Option<::std::string::String>,
    /// Trade time in milliseconds (absent in history answers of some servers).
    #[serde(
        rename = "ts",
        default,
        skip_serializing_if = "::std::option::Option::is_none",
        deserialize_with = "::contango::__private::de::wire"
    )]
    pub ts: ::std::option::Option<::contango::Millis>,
}
impl ::contango::__private::de::Wire for MarketTrade {
    fn from_wire<'de, D: ::contango::__private::serde::Deserializer<'de>>(
        d: D,
    ) -> ::std::result::Result<Self, D::Error> {
        <Self as ::contango::__private::serde::Deserialize>::deserialize(d)
    }
}
::contango::__private::direct_record!(
    MarketTrade { id[b"id"] opt, price[b"price"] req, vol[b"vol"] req, side[b"side"] req,
    amount[b"amount"] opt, ds[b"ds"] opt, ts[b"ts"] opt, }
);
/// 24 hour statistics of a contract on the market stream.
#[derive(
    Debug,
    Clone,
    PartialEq,
    ::contango::__private::serde::Serialize,
    ::contango::__private::serde::Deserialize
)]
#[serde(crate = "::contango::__private::serde")]
pub struct MarketTicker {
    /// Open price 24 hours ago.
    #[serde(
        rename = "open",
        default,
        skip_serializing_if = "::std::option::Option::is_none",
        deserialize_with = "::contango::__private::de::wire",
        serialize_with = "::contango::__private::ser::opt_number"
    )]
    pub open: ::std::option::Option<::contango::__private::rust_decimal::Decimal>,
    /// Latest price.
    #[serde(
        rename = "close",
        default,
        skip_serializing_if = "::std::option::Option::is_none",
        deserialize_with = "::contango::__private::de::wire",
        serialize_with = "::contango::__private::ser::opt_number"
    )]
    pub close: ::std::option::Option<::contango::__private::rust_decimal::Decimal>,
    /// Highest price.
    #[serde(
        rename = "high",
        default,
        skip_serializing_if = "::std::option::Option::is_none",
        deserialize_with = "::contango::__private::de::wire",
        serialize_with = "::contango::__private::ser::opt_number"
    )]
    pub high: ::std::option::Option<::contango::__private::rust_decimal::Decimal>,
    /// Lowest price.
    #[serde(
        rename = "low",
        default,
        skip_serializing_if = "::std::option::Option::is_none",
        deserialize_with = "::contango::__private::de::wire",
        serialize_with = "::contango::__private::ser::opt_number"
    )]
    pub low: ::std::option::Option<::contango::__private::rust_decimal::Decimal>,
    /// Volume in contracts.
    #[serde(
        rename = "vol",
        default,
        skip_serializing_if = "::std::option::Option::is_none",
        deserialize_with = "::contango::__private::de::wire",
        serialize_with = "::contango::__private::ser::opt_number"
    )]
    pub vol: ::std::option::Option<::contango::__private::rust_decimal::Decimal>,
    /// Traded value.
    #[serde(
        rename = "amount",
        default,
        skip_serializing_if = "::std::option::Option::is_none",
        deserialize_with = "::contango::__private::de::wire",
        serialize_with = "::contango::__private::ser::opt_number"
    )]
    pub amount: ::std::option::Option<::contango::__private::rust_decimal::Decimal>,
    /// Price change as a fraction (-0.2922 is -29.22 %).
    #[serde(
        rename = "rose",
        default,
        skip_serializing_if = "::std::option::Option::is_none",
        deserialize_with = "::contango::__private::de::wire",
        serialize_with = "::contango::__private::ser::opt_number"
    )]
    pub rose: ::std::option::Option<::contango::__private::rust_decimal::Decimal>,
}
impl ::contango::__private::de::Wire for MarketTicker {
    fn from_wire<'de, D: ::contango::__private::serde::Deserializer<'de>>(
        d: D,
    ) -> ::std::result::Result<Self, D::Error> {
        <Self as ::contango::__private::serde::Deserialize>::deserialize(d)
    }
}
::contango::__private::direct_record!(
    MarketTicker { open[b"open"] opt, close[b"close"] opt, high[b"high"] opt, low[b"low"]
    opt, vol[b"vol"] opt, amount[b"amount"] opt, rose[b"rose"] opt, }
);
/// One candle of the market stream (also the items of a kline history answer).
#[derive(
    Debug,
    Clone,
    PartialEq,
    ::contango::__private::serde::Serialize,
    ::contango::__private::serde::Deserialize
)]
#[serde(crate = "::contango::__private::serde")]
pub struct MarketKline {
    /// Start of the candle in seconds.
    #[serde(rename = "id", deserialize_with = "::contango::__private::de::wire")]
    pub id: ::contango::Seconds,
    /// Open price.
    #[serde(
        rename = "open",
        default,
        skip_serializing_if = "::std::option::Option::is_none",
        deserialize_with = "::contango::__private::de::wire",
        serialize_with = "::contango::__private::ser::opt_number"
    )]
    pub open: ::std::option::Option<::contango::__private::rust_decimal::Decimal>,
    /// Highest price.
    #[serde(
        rename = "high",
        default,
        skip_serializing_if = "::std::option::Option::is_none",
        deserialize_with = "::contango::__private::de::wire",
        serialize_with = "::contango::__private::ser::opt_number"
    )]
    pub high: ::std::option::Option<::contango::__private::rust_decimal::Decimal>,
    /// Lowest price.
    #[serde(
        rename = "low",
        default,
        skip_serializing_if = "::std::option::Option::is_none",
        deserialize_with = "::contango::__private::de::wire",
        serialize_with = "::contango::__private::ser::opt_number"
    )]
    pub low: ::std::option::Option<::contango::__private::rust_decimal::Decimal>,
    /// Close price.
    #[serde(
        rename = "close",
        default,
        skip_serializing_if = "::std::option::Option::is_none",
        deserialize_with = "::contango::__private::de::wire",
        serialize_with = "::contango::__private::ser::opt_number"
    )]
    pub close: ::std::option::Option<::contango::__private::rust_decimal::Decimal>,
    /// Volume in contracts.
    #[serde(
        rename = "vol",
        default,
        skip_serializing_if = "::std::option::Option::is_none",
        deserialize_with = "::contango::__private::de::wire",
        serialize_with = "::contango::__private::ser::opt_number"
    )]
    pub vol: ::std::option::Option<::contango::__private::rust_decimal::Decimal>,
    /// Traded value.
    #[serde(
        rename = "amount",
        default,
        skip_serializing_if = "::std::option::Option::is_none",
        deserialize_with = "::contango::__private::de::wire",
        serialize_with = "::contango::__private::ser::opt_number"
    )]
    pub amount: ::std::option::Option<::contango::__private::rust_decimal::Decimal>,
    /// Start as local date-time text (2022-07-13 14:00:00).
    #[serde(
        rename = "ds",
        default,
        skip_serializing_if = "::std::option::Option::is_none",
        deserialize_with = "::contango::__private::de::wire"
    )]
    pub ds: ::std::option::Option<::std::string::String>,
}
impl ::contango::__private::de::Wire for MarketKline {
    fn from_wire<'de, D: ::contango::__private::serde::Deserializer<'de>>(
        d: D,
    ) -> ::std::result::Result<Self, D::Error> {
        <Self as ::contango::__private::serde::Deserialize>::deserialize(d)
    }
}
::contango::__private::direct_record!(
    MarketKline { id[b"id"] req, open[b"open"] opt, high[b"high"] opt, low[b"low"] opt,
    close[b"close"] opt, vol[b"vol"] opt, amount[b"amount"] opt, ds[b"ds"] opt, }
);
/// Direction of an order, trade or position.
#[derive(Debug, Clone, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum Side {
    /// Buy (long).
    Buy,
    /// Sell (short).
    Sell,
    /// A value this version of the spec does not list, kept as sent.
    Other(::std::string::String),
}
impl Side {
    /// The value as sent on the wire.
    pub fn as_str(&self) -> &str {
        match self {
            Self::Buy => "BUY",
            Self::Sell => "SELL",
            Self::Other(s) => s.as_str(),
        }
    }
    /// Reads a wire value; unknown values land in `Other`.
    pub fn from_wire_str(s: &str) -> Self {
        match s {
            "BUY" => Self::Buy,
            "SELL" => Self::Sell,
            s if s.eq_ignore_ascii_case("BUY") => Self::Buy,
            s if s.eq_ignore_ascii_case("SELL") => Self::Sell,
            other => Self::Other(other.to_owned()),
        }
    }
}
impl ::std::fmt::Display for Side {
    fn fmt(&self, f: &mut ::std::fmt::Formatter<'_>) -> ::std::fmt::Result {
        f.write_str(self.as_str())
    }
}
impl ::std::str::FromStr for Side {
    type Err = ::std::convert::Infallible;
    fn from_str(s: &str) -> ::std::result::Result<Self, Self::Err> {
        ::std::result::Result::Ok(Self::from_wire_str(s))
    }
}
impl ::contango::__private::serde::Serialize for Side {
    fn serialize<S: ::contango::__private::serde::Serializer>(
        &self,
        s: S,
    ) -> ::std::result::Result<S::Ok, S::Error> {
        s.serialize_str(self.as_str())
    }
}
impl<'de> ::contango::__private::serde::Deserialize<'de> for Side {
    fn deserialize<D: ::contango::__private::serde::Deserializer<'de>>(
        d: D,
    ) -> ::std::result::Result<Self, D::Error> {
        ::contango::__private::de::text(
            d,
            |s| ::std::result::Result::Ok(Self::from_wire_str(s)),
        )
    }
}
impl ::contango::__private::de::Wire for Side {
    fn from_wire<'de, D: ::contango::__private::serde::Deserializer<'de>>(
        d: D,
    ) -> ::std::result::Result<Self, D::Error> {
        <Self as ::contango::__private::serde::Deserialize>::deserialize(d)
    }
}
impl ::contango::__private::encode::QueryValue for Side {
    fn write_value(&self, out: &mut ::std::string::String) {
        out.push_str(self.as_str());
    }
}
impl ::contango::__private::direct::Direct for Side {
    fn direct(
        r: &mut ::contango::__private::direct::Reader<'_>,
    ) -> ::std::option::Option<Self> {
        r.scalar_text(|s| ::std::option::Option::Some(Self::from_wire_str(s)))
    }
}
/// Type of an order (section 4.2, new order).
#[derive(Debug, Clone, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum OrderType {
    /// Limit price.
    Limit,
    /// Market price.
    Market,
    /// Immediate or cancel.
    Ioc,
    /// Fill or kill.
    Fok,
    /// Post only (maker only).
    PostOnly,
    /// A value this version of the spec does not list, kept as sent.
    Other(::std::string::String),
}
impl OrderType {
    /// The value as sent on the wire.
    pub fn as_str(&self) -> &str {
        match self {
            Self::Limit => "LIMIT",
            Self::Market => "MARKET",
            Self::Ioc => "IOC",
            Self::Fok => "FOK",
            Self::PostOnly => "POST_ONLY",
            Self::Other(s) => s.as_str(),
        }
    }
    /// Reads a wire value; unknown values land in `Other`.
    pub fn from_wire_str(s: &str) -> Self {
        match s {
            "LIMIT" => Self::Limit,
            "MARKET" => Self::Market,
            "IOC" => Self::Ioc,
            "FOK" => Self::Fok,
            "POST_ONLY" => Self::PostOnly,
            other => Self::Other(other.to_owned()),
        }
    }
}
impl ::std::fmt::Display for OrderType {
    fn fmt(&self, f: &mut ::std::fmt::Formatter<'_>) -> ::std::fmt::Result {
        f.write_str(self.as_str())
    }
}
impl ::std::str::FromStr for OrderType {
    type Err = ::std::convert::Infallible;
    fn from_str(s: &str) -> ::std::result::Result<Self, Self::Err> {
        ::std::result::Result::Ok(Self::from_wire_str(s))
    }
}
impl ::contango::__private::serde::Serialize for OrderType {
    fn serialize<S: ::contango::__private::serde::Serializer>(
        &self,
        s: S,
    ) -> ::std::result::Result<S::Ok, S::Error> {
        s.serialize_str(self.as_str())
    }
}
impl<'de> ::contango::__private::serde::Deserialize<'de> for OrderType {
    fn deserialize<D: ::contango::__private::serde::Deserializer<'de>>(
        d: D,
    ) -> ::std::result::Result<Self, D::Error> {
        ::contango::__private::de::text(
            d,
            |s| ::std::result::Result::Ok(Self::from_wire_str(s)),
        )
    }
}
impl ::contango::__private::de::Wire for OrderType {
    fn from_wire<'de, D: ::contango::__private::serde::Deserializer<'de>>(
        d: D,
    ) -> ::std::result::Result<Self, D::Error> {
        <Self as ::contango::__private::serde::Deserialize>::deserialize(d)
    }
}
impl ::contango::__private::encode::QueryValue for OrderType {
    fn write_value(&self, out: &mut ::std::string::String) {
        out.push_str(self.as_str());
    }
}
impl ::contango::__private::direct::Direct for OrderType {
    fn direct(
        r: &mut ::contango::__private::direct::Reader<'_>,
    ) -> ::std::option::Option<Self> {
        r.scalar_text(|s| ::std::option::Option::Some(Self::from_wire_str(s)))
    }
}
/// Status of an order (section 3.1). Transitions are not documented.
#[derive(Debug, Clone, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum OrderStatus {
    /// New, not filled.
    New,
    /// Partially filled.
    PartiallyFilled,
    /// Completely filled.
    Filled,
    /// Cancelled (real servers also spell it CANCELED).
    Cancelled,
    /// Rejected.
    Rejected,
    /// Initial state, shown by the sample payloads (not in the field table).
    Init,
    /// Cancellation pending, shown by real payloads (not in the field table).
    PendingCancel,
    /// A value this version of the spec does not list, kept as sent.
    Other(::std::string::String),
}
impl OrderStatus {
    /// The value as sent on the wire.
    pub fn as_str(&self) -> &str {
        match self {
            Self::New => "NEW",
            Self::PartiallyFilled => "PARTIALLY_FILLED",
            Self::Filled => "FILLED",
            Self::Cancelled => "CANCELLED",
            Self::Rejected => "REJECTED",
            Self::Init => "INIT",
            Self::PendingCancel => "PENDING_CANCEL",
            Self::Other(s) => s.as_str(),
        }
    }
    /// Reads a wire value; unknown values land in `Other`.
    pub fn from_wire_str(s: &str) -> Self {
        match s {
            "NEW" => Self::New,
            "PARTIALLY_FILLED" => Self::PartiallyFilled,
            "FILLED" => Self::Filled,
            "CANCELLED" | "CANCELED" => Self::Cancelled,
            "REJECTED" => Self::Rejected,
            "INIT" => Self::Init,
            "PENDING_CANCEL" => Self::PendingCancel,
            other => Self::Other(other.to_owned()),
        }
    }
}
impl ::std::fmt::Display for OrderStatus {
    fn fmt(&self, f: &mut ::std::fmt::Formatter<'_>) -> ::std::fmt::Result {
        f.write_str(self.as_str())
    }
}
impl ::std::str::FromStr for OrderStatus {
    type Err = ::std::convert::Infallible;
    fn from_str(s: &str) -> ::std::result::Result<Self, Self::Err> {
        ::std::result::Result::Ok(Self::from_wire_str(s))
    }
}
impl ::contango::__private::serde::Serialize for OrderStatus {
    fn serialize<S: ::contango::__private::serde::Serializer>(
        &self,
        s: S,
    ) -> ::std::result::Result<S::Ok, S::Error> {
        s.serialize_str(self.as_str())
    }
}
impl<'de> ::contango::__private::serde::Deserialize<'de> for OrderStatus {
    fn deserialize<D: ::contango::__private::serde::Deserializer<'de>>(
        d: D,
    ) -> ::std::result::Result<Self, D::Error> {
        ::contango::__private::de::text(
            d,
            |s| ::std::result::Result::Ok(Self::from_wire_str(s)),
        )
    }
}
impl ::contango::__private::de::Wire for OrderStatus {
    fn from_wire<'de, D: ::contango::__private::serde::Deserializer<'de>>(
        d: D,
    ) -> ::std::result::Result<Self, D::Error> {
        <Self as ::contango::__private::serde::Deserialize>::deserialize(d)
    }
}
impl ::contango::__private::encode::QueryValue for OrderStatus {
    fn write_value(&self, out: &mut ::std::string::String) {
        out.push_str(self.as_str());
    }
}
impl ::contango::__private::direct::Direct for OrderStatus {
    fn direct(
        r: &mut ::contango::__private::direct::Reader<'_>,
    ) -> ::std::option::Option<Self> {
        r.scalar_text(|s| ::std::option::Option::Some(Self::from_wire_str(s)))
    }
}
/// Whether an order opens or closes a position.
#[derive(Debug, Clone, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum Open {
    /// Open a position.
    Open,
    /// Close a position.
    Close,
    /// A value this version of the spec does not list, kept as sent.
    Other(::std::string::String),
}
impl Open {
    /// The value as sent on the wire.
    pub fn as_str(&self) -> &str {
        match self {
            Self::Open => "OPEN",
            Self::Close => "CLOSE",
            Self::Other(s) => s.as_str(),
        }
    }
    /// Reads a wire value; unknown values land in `Other`.
    pub fn from_wire_str(s: &str) -> Self {
        match s {
            "OPEN" => Self::Open,
            "CLOSE" => Self::Close,
            other => Self::Other(other.to_owned()),
        }
    }
}
impl ::std::fmt::Display for Open {
    fn fmt(&self, f: &mut ::std::fmt::Formatter<'_>) -> ::std::fmt::Result {
        f.write_str(self.as_str())
    }
}
impl ::std::str::FromStr for Open {
    type Err = ::std::convert::Infallible;
    fn from_str(s: &str) -> ::std::result::Result<Self, Self::Err> {
        ::std::result::Result::Ok(Self::from_wire_str(s))
    }
}
impl ::contango::__private::serde::Serialize for Open {
    fn serialize<S: ::contango::__private::serde::Serializer>(
        &self,
        s: S,
    ) -> ::std::result::Result<S::Ok, S::Error> {
        s.serialize_str(self.as_str())
    }
}
impl<'de> ::contango::__private::serde::Deserialize<'de> for Open {
    fn deserialize<D: ::contango::__private::serde::Deserializer<'de>>(
        d: D,
    ) -> ::std::result::Result<Self, D::Error> {
        ::contango::__private::de::text(
            d,
            |s| ::std::result::Result::Ok(Self::from_wire_str(s)),
        )
    }
}
impl ::contango::__private::de::Wire for Open {
    fn from_wire<'de, D: ::contango::__private::serde::Deserializer<'de>>(
        d: D,
    ) -> ::std::result::Result<Self, D::Error> {
        <Self as ::contango::__private::serde::Deserialize>::deserialize(d)
    }
}
impl ::contango::__private::encode::QueryValue for Open {
    fn write_value(&self, out: &mut ::std::string::String) {
        out.push_str(self.as_str());
    }
}
impl ::contango::__private::direct::Direct for Open {
    fn direct(
        r: &mut ::contango::__private::direct::Reader<'_>,
    ) -> ::std::option::Option<Self> {
        r.scalar_text(|s| ::std::option::Option::Some(Self::from_wire_str(s)))
    }
}
/// Margin mode of a position.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum PositionType {
    /// Cross margin.
    Cross,
    /// Isolated margin.
    Isolated,
    /// A value this version of the spec does not list, kept as sent.
    Other(i64),
}
impl PositionType {
    /// The value as sent on the wire.
    pub const fn as_i64(self) -> i64 {
        match self {
            Self::Cross => 1i64,
            Self::Isolated => 2i64,
            Self::Other(n) => n,
        }
    }
    /// Reads a wire value; unknown values land in `Other`.
    pub const fn from_i64(n: i64) -> Self {
        match n {
            1i64 => Self::Cross,
            2i64 => Self::Isolated,
            other => Self::Other(other),
        }
    }
}
impl ::std::fmt::Display for PositionType {
    fn fmt(&self, f: &mut ::std::fmt::Formatter<'_>) -> ::std::fmt::Result {
        ::std::fmt::Display::fmt(&self.as_i64(), f)
    }
}
impl ::contango::__private::serde::Serialize for PositionType {
    fn serialize<S: ::contango::__private::serde::Serializer>(
        &self,
        s: S,
    ) -> ::std::result::Result<S::Ok, S::Error> {
        s.serialize_i64(self.as_i64())
    }
}
impl<'de> ::contango::__private::serde::Deserialize<'de> for PositionType {
    fn deserialize<D: ::contango::__private::serde::Deserializer<'de>>(
        d: D,
    ) -> ::std::result::Result<Self, D::Error> {
        ::contango::__private::de::text(
            d,
            |s| {
                s.trim()
                    .parse::<i64>()
                    .map(Self::from_i64)
                    .map_err(|_| ::std::format!("expected an integer, found `{s}`"))
            },
        )
    }
}
impl ::contango::__private::de::Wire for PositionType {
    fn from_wire<'de, D: ::contango::__private::serde::Deserializer<'de>>(
        d: D,
    ) -> ::std::result::Result<Self, D::Error> {
        <Self as ::contango::__private::serde::Deserialize>::deserialize(d)
    }
}
impl ::contango::__private::encode::QueryValue for PositionType {
    fn write_value(&self, out: &mut ::std::string::String) {
        ::contango::__private::encode::QueryValue::write_value(&self.as_i64(), out);
    }
}
impl ::contango::__private::direct::Direct for PositionType {
    fn direct(
        r: &mut ::contango::__private::direct::Reader<'_>,
    ) -> ::std::option::Option<Self> {
        r.scalar_text(|s| s.trim().parse::<i64>().ok().map(Self::from_i64))
    }
}
/// Trading status of a contract (section 3.3).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum ContractStatus {
    /// The contract cannot be traded.
    CannotTrade,
    /// The contract can be traded.
    CanTrade,
    /// A value this version of the spec does not list, kept as sent.
    Other(i64),
}
impl ContractStatus {
    /// The value as sent on the wire.
    pub const fn as_i64(self) -> i64 {
        match self {
            Self::CannotTrade => 0i64,
            Self::CanTrade => 1i64,
            Self::Other(n) => n,
        }
    }
    /// Reads a wire value; unknown values land in `Other`.
    pub const fn from_i64(n: i64) -> Self {
        match n {
            0i64 => Self::CannotTrade,
            1i64 => Self::CanTrade,
            other => Self::Other(other),
        }
    }
}
impl ::std::fmt::Display for ContractStatus {
    fn fmt(&self, f: &mut ::std::fmt::Formatter<'_>) -> ::std::fmt::Result {
        ::std::fmt::Display::fmt(&self.as_i64(), f)
    }
}
impl ::contango::__private::serde::Serialize for ContractStatus {
    fn serialize<S: ::contango::__private::serde::Serializer>(
        &self,
        s: S,
    ) -> ::std::result::Result<S::Ok, S::Error> {
        s.serialize_i64(self.as_i64())
    }
}
impl<'de> ::contango::__private::serde::Deserialize<'de> for ContractStatus {
    fn deserialize<D: ::contango::__private::serde::Deserializer<'de>>(
        d: D,
    ) -> ::std::result::Result<Self, D::Error> {
        ::contango::__private::de::text(
            d,
            |s| {
                s.trim()
                    .parse::<i64>()
                    .map(Self::from_i64)
                    .map_err(|_| ::std::format!("expected an integer, found `{s}`"))
            },
        )
    }
}
impl ::contango::__private::de::Wire for ContractStatus {
    fn from_wire<'de, D: ::contango::__private::serde::Deserializer<'de>>(
        d: D,
    ) -> ::std::result::Result<Self, D::Error> {
        <Self as ::contango::__private::serde::Deserialize>::deserialize(d)
    }
}
impl ::contango::__private::encode::QueryValue for ContractStatus {
    fn write_value(&self, out: &mut ::std::string::String) {
        ::contango::__private::encode::QueryValue::write_value(&self.as_i64(), out);
    }
}
impl ::contango::__private::direct::Direct for ContractStatus {
    fn direct(
        r: &mut ::contango::__private::direct::Reader<'_>,
    ) -> ::std::option::Option<Self> {
        r.scalar_text(|s| s.trim().parse::<i64>().ok().map(Self::from_i64))
    }
}
/// Direction of a contract.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum ContractSide {
    /// Backward (inverse) contract.
    Backward,
    /// Forward (linear) contract.
    Forward,
    /// A value this version of the spec does not list, kept as sent.
    Other(i64),
}
impl ContractSide {
    /// The value as sent on the wire.
    pub const fn as_i64(self) -> i64 {
        match self {
            Self::Backward => 0i64,
            Self::Forward => 1i64,
            Self::Other(n) => n,
        }
    }
    /// Reads a wire value; unknown values land in `Other`.
    pub const fn from_i64(n: i64) -> Self {
        match n {
            0i64 => Self::Backward,
            1i64 => Self::Forward,
            other => Self::Other(other),
        }
    }
}
impl ::std::fmt::Display for ContractSide {
    fn fmt(&self, f: &mut ::std::fmt::Formatter<'_>) -> ::std::fmt::Result {
        ::std::fmt::Display::fmt(&self.as_i64(), f)
    }
}
impl ::contango::__private::serde::Serialize for ContractSide {
    fn serialize<S: ::contango::__private::serde::Serializer>(
        &self,
        s: S,
    ) -> ::std::result::Result<S::Ok, S::Error> {
        s.serialize_i64(self.as_i64())
    }
}
impl<'de> ::contango::__private::serde::Deserialize<'de> for ContractSide {
    fn deserialize<D: ::contango::__private::serde::Deserializer<'de>>(
        d: D,
    ) -> ::std::result::Result<Self, D::Error> {
        ::contango::__private::de::text(
            d,
            |s| {
                s.trim()
                    .parse::<i64>()
                    .map(Self::from_i64)
                    .map_err(|_| ::std::format!("expected an integer, found `{s}`"))
            },
        )
    }
}
impl ::contango::__private::de::Wire for ContractSide {
    fn from_wire<'de, D: ::contango::__private::serde::Deserializer<'de>>(
        d: D,
    ) -> ::std::result::Result<Self, D::Error> {
        <Self as ::contango::__private::serde::Deserialize>::deserialize(d)
    }
}
impl ::contango::__private::encode::QueryValue for ContractSide {
    fn write_value(&self, out: &mut ::std::string::String) {
        ::contango::__private::encode::QueryValue::write_value(&self.as_i64(), out);
    }
}
impl ::contango::__private::direct::Direct for ContractSide {
    fn direct(
        r: &mut ::contango::__private::direct::Reader<'_>,
    ) -> ::std::option::Option<Self> {
        r.scalar_text(|s| s.trim().parse::<i64>().ok().map(Self::from_i64))
    }
}
/// Type of a contract: the first letter of its name. Letters other than E and S are mixed contracts and land in the catch-all.
#[derive(Debug, Clone, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum ContractType {
    /// Perpetual contract.
    Perpetual,
    /// Test contract.
    Test,
    /// A value this version of the spec does not list, kept as sent.
    Other(::std::string::String),
}
impl ContractType {
    /// The value as sent on the wire.
    pub fn as_str(&self) -> &str {
        match self {
            Self::Perpetual => "E",
            Self::Test => "S",
            Self::Other(s) => s.as_str(),
        }
    }
    /// Reads a wire value; unknown values land in `Other`.
    pub fn from_wire_str(s: &str) -> Self {
        match s {
            "E" => Self::Perpetual,
            "S" => Self::Test,
            other => Self::Other(other.to_owned()),
        }
    }
}
impl ::std::fmt::Display for ContractType {
    fn fmt(&self, f: &mut ::std::fmt::Formatter<'_>) -> ::std::fmt::Result {
        f.write_str(self.as_str())
    }
}
impl ::std::str::FromStr for ContractType {
    type Err = ::std::convert::Infallible;
    fn from_str(s: &str) -> ::std::result::Result<Self, Self::Err> {
        ::std::result::Result::Ok(Self::from_wire_str(s))
    }
}
impl ::contango::__private::serde::Serialize for ContractType {
    fn serialize<S: ::contango::__private::serde::Serializer>(
        &self,
        s: S,
    ) -> ::std::result::Result<S::Ok, S::Error> {
        s.serialize_str(self.as_str())
    }
}
impl<'de> ::contango::__private::serde::Deserialize<'de> for ContractType {
    fn deserialize<D: ::contango::__private::serde::Deserializer<'de>>(
        d: D,
    ) -> ::std::result::Result<Self, D::Error> {
        ::contango::__private::de::text(
            d,
            |s| ::std::result::Result::Ok(Self::from_wire_str(s)),
        )
    }
}
impl ::contango::__private::de::Wire for ContractType {
    fn from_wire<'de, D: ::contango::__private::serde::Deserializer<'de>>(
        d: D,
    ) -> ::std::result::Result<Self, D::Error> {
        <Self as ::contango::__private::serde::Deserialize>::deserialize(d)
    }
}
impl ::contango::__private::encode::QueryValue for ContractType {
    fn write_value(&self, out: &mut ::std::string::String) {
        out.push_str(self.as_str());
    }
}
impl ::contango::__private::direct::Direct for ContractType {
    fn direct(
        r: &mut ::contango::__private::direct::Reader<'_>,
    ) -> ::std::option::Option<Self> {
        r.scalar_text(|s| ::std::option::Option::Some(Self::from_wire_str(s)))
    }
}
/// Direction of a transfer between the wallet and the contract account. The samples use lower case; matched in any case, sent upper case (DESIGN §7).
#[derive(Debug, Clone, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum TransferType {
    /// From the wallet to the contract account.
    WalletToContract,
    /// From the contract account to the wallet.
    ContractToWallet,
    /// A value this version of the spec does not list, kept as sent.
    Other(::std::string::String),
}
impl TransferType {
    /// The value as sent on the wire.
    pub fn as_str(&self) -> &str {
        match self {
            Self::WalletToContract => "WALLET_TO_CONTRACT",
            Self::ContractToWallet => "CONTRACT_TO_WALLET",
            Self::Other(s) => s.as_str(),
        }
    }
    /// Reads a wire value; unknown values land in `Other`.
    pub fn from_wire_str(s: &str) -> Self {
        match s {
            "WALLET_TO_CONTRACT" => Self::WalletToContract,
            "CONTRACT_TO_WALLET" => Self::ContractToWallet,
            s if s.eq_ignore_ascii_case("WALLET_TO_CONTRACT") => Self::WalletToContract,
            s if s.eq_ignore_ascii_case("CONTRACT_TO_WALLET") => Self::ContractToWallet,
            other => Self::Other(other.to_owned()),
        }
    }
}
impl ::std::fmt::Display for TransferType {
    fn fmt(&self, f: &mut ::std::fmt::Formatter<'_>) -> ::std::fmt::Result {
        f.write_str(self.as_str())
    }
}
impl ::std::str::FromStr for TransferType {
    type Err = ::std::convert::Infallible;
    fn from_str(s: &str) -> ::std::result::Result<Self, Self::Err> {
        ::std::result::Result::Ok(Self::from_wire_str(s))
    }
}
impl ::contango::__private::serde::Serialize for TransferType {
    fn serialize<S: ::contango::__private::serde::Serializer>(
        &self,
        s: S,
    ) -> ::std::result::Result<S::Ok, S::Error> {
        s.serialize_str(self.as_str())
    }
}
impl<'de> ::contango::__private::serde::Deserialize<'de> for TransferType {
    fn deserialize<D: ::contango::__private::serde::Deserializer<'de>>(
        d: D,
    ) -> ::std::result::Result<Self, D::Error> {
        ::contango::__private::de::text(
            d,
            |s| ::std::result::Result::Ok(Self::from_wire_str(s)),
        )
    }
}
impl ::contango::__private::de::Wire for TransferType {
    fn from_wire<'de, D: ::contango::__private::serde::Deserializer<'de>>(
        d: D,
    ) -> ::std::result::Result<Self, D::Error> {
        <Self as ::contango::__private::serde::Deserialize>::deserialize(d)
    }
}
impl ::contango::__private::encode::QueryValue for TransferType {
    fn write_value(&self, out: &mut ::std::string::String) {
        out.push_str(self.as_str());
    }
}
impl ::contango::__private::direct::Direct for TransferType {
    fn direct(
        r: &mut ::contango::__private::direct::Reader<'_>,
    ) -> ::std::option::Option<Self> {
        r.scalar_text(|s| ::std::option::Option::Some(Self::from_wire_str(s)))
    }
}
/// Status of a transfer (section 3.2). Transitions are not documented.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum TransferStatus {
    /// In progress (the document calls it payment).
    Pending,
    /// Completed.
    Success,
    /// Failed.
    Failure,
    /// A value this version of the spec does not list, kept as sent.
    Other(i64),
}
impl TransferStatus {
    /// The value as sent on the wire.
    pub const fn as_i64(self) -> i64 {
        match self {
            Self::Pending => 0i64,
            Self::Success => 1i64,
            Self::Failure => 2i64,
            Self::Other(n) => n,
        }
    }
    /// Reads a wire value; unknown values land in `Other`.
    pub const fn from_i64(n: i64) -> Self {
        match n {
            0i64 => Self::Pending,
            1i64 => Self::Success,
            2i64 => Self::Failure,
            other => Self::Other(other),
        }
    }
}
impl ::std::fmt::Display for TransferStatus {
    fn fmt(&self, f: &mut ::std::fmt::Formatter<'_>) -> ::std::fmt::Result {
        ::std::fmt::Display::fmt(&self.as_i64(), f)
    }
}
impl ::contango::__private::serde::Serialize for TransferStatus {
    fn serialize<S: ::contango::__private::serde::Serializer>(
        &self,
        s: S,
    ) -> ::std::result::Result<S::Ok, S::Error> {
        s.serialize_i64(self.as_i64())
    }
}
impl<'de> ::contango::__private::serde::Deserialize<'de> for TransferStatus {
    fn deserialize<D: ::contango::__private::serde::Deserializer<'de>>(
        d: D,
    ) -> ::std::result::Result<Self, D::Error> {
        ::contango::__private::de::text(
            d,
            |s| {
                s.trim()
                    .parse::<i64>()
                    .map(Self::from_i64)
                    .map_err(|_| ::std::format!("expected an integer, found `{s}`"))
            },
        )
    }
}
impl ::contango::__private::de::Wire for TransferStatus {
    fn from_wire<'de, D: ::contango::__private::serde::Deserializer<'de>>(
        d: D,
    ) -> ::std::result::Result<Self, D::Error> {
        <Self as ::contango::__private::serde::Deserialize>::deserialize(d)
    }
}
impl ::contango::__private::encode::QueryValue for TransferStatus {
    fn write_value(&self, out: &mut ::std::string::String) {
        ::contango::__private::encode::QueryValue::write_value(&self.as_i64(), out);
    }
}
impl ::contango::__private::direct::Direct for TransferStatus {
    fn direct(
        r: &mut ::contango::__private::direct::Reader<'_>,
    ) -> ::std::option::Option<Self> {
        r.scalar_text(|s| s.trim().parse::<i64>().ok().map(Self::from_i64))
    }
}
/// Candlestick interval.
#[derive(Debug, Clone, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum KlineInterval {
    /// One minute.
    OneMinute,
    /// Five minutes.
    FiveMinutes,
    /// Fifteen minutes.
    FifteenMinutes,
    /// Thirty minutes.
    ThirtyMinutes,
    /// One hour.
    OneHour,
    /// One day.
    OneDay,
    /// One week.
    OneWeek,
    /// One month.
    OneMonth,
    /// A value this version of the spec does not list, kept as sent.
    Other(::std::string::String),
}
impl KlineInterval {
    /// The value as sent on the wire.
    pub fn as_str(&self) -> &str {
        match self {
            Self::OneMinute => "1min",
            Self::FiveMinutes => "5min",
            Self::FifteenMinutes => "15min",
            Self::ThirtyMinutes => "30min",
            Self::OneHour => "1h",
            Self::OneDay => "1day",
            Self::OneWeek => "1week",
            Self::OneMonth => "1month",
            Self::Other(s) => s.as_str(),
        }
    }
    /// Reads a wire value; unknown values land in `Other`.
    pub fn from_wire_str(s: &str) -> Self {
        match s {
            "1min" => Self::OneMinute,
            "5min" => Self::FiveMinutes,
            "15min" => Self::FifteenMinutes,
            "30min" => Self::ThirtyMinutes,
            "1h" => Self::OneHour,
            "1day" => Self::OneDay,
            "1week" => Self::OneWeek,
            "1month" => Self::OneMonth,
            other => Self::Other(other.to_owned()),
        }
    }
}
impl ::std::fmt::Display for KlineInterval {
    fn fmt(&self, f: &mut ::std::fmt::Formatter<'_>) -> ::std::fmt::Result {
        f.write_str(self.as_str())
    }
}
impl ::std::str::FromStr for KlineInterval {
    type Err = ::std::convert::Infallible;
    fn from_str(s: &str) -> ::std::result::Result<Self, Self::Err> {
        ::std::result::Result::Ok(Self::from_wire_str(s))
    }
}
impl ::contango::__private::serde::Serialize for KlineInterval {
    fn serialize<S: ::contango::__private::serde::Serializer>(
        &self,
        s: S,
    ) -> ::std::result::Result<S::Ok, S::Error> {
        s.serialize_str(self.as_str())
    }
}
impl<'de> ::contango::__private::serde::Deserialize<'de> for KlineInterval {
    fn deserialize<D: ::contango::__private::serde::Deserializer<'de>>(
        d: D,
    ) -> ::std::result::Result<Self, D::Error> {
        ::contango::__private::de::text(
            d,
            |s| ::std::result::Result::Ok(Self::from_wire_str(s)),
        )
    }
}
impl ::contango::__private::de::Wire for KlineInterval {
    fn from_wire<'de, D: ::contango::__private::serde::Deserializer<'de>>(
        d: D,
    ) -> ::std::result::Result<Self, D::Error> {
        <Self as ::contango::__private::serde::Deserialize>::deserialize(d)
    }
}
impl ::contango::__private::encode::QueryValue for KlineInterval {
    fn write_value(&self, out: &mut ::std::string::String) {
        out.push_str(self.as_str());
    }
}
/// Freeze state of a position (section 3.4).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum FreezeLock {
    /// Not frozen.
    Normal,
    /// Frozen for liquidation.
    LiquidationFreeze,
    /// Frozen for delivery.
    DeliveryFreeze,
    /// A value this version of the spec does not list, kept as sent.
    Other(i64),
}
impl FreezeLock {
    /// The value as sent on the wire.
    pub const fn as_i64(self) -> i64 {
        match self {
            Self::Normal => 0i64,
            Self::LiquidationFreeze => 1i64,
            Self::DeliveryFreeze => 2i64,
            Self::Other(n) => n,
        }
    }
    /// Reads a wire value; unknown values land in `Other`.
    pub const fn from_i64(n: i64) -> Self {
        match n {
            0i64 => Self::Normal,
            1i64 => Self::LiquidationFreeze,
            2i64 => Self::DeliveryFreeze,
            other => Self::Other(other),
        }
    }
}
impl ::std::fmt::Display for FreezeLock {
    fn fmt(&self, f: &mut ::std::fmt::Formatter<'_>) -> ::std::fmt::Result {
        ::std::fmt::Display::fmt(&self.as_i64(), f)
    }
}
impl ::contango::__private::serde::Serialize for FreezeLock {
    fn serialize<S: ::contango::__private::serde::Serializer>(
        &self,
        s: S,
    ) -> ::std::result::Result<S::Ok, S::Error> {
        s.serialize_i64(self.as_i64())
    }
}
impl<'de> ::contango::__private::serde::Deserialize<'de> for FreezeLock {
    fn deserialize<D: ::contango::__private::serde::Deserializer<'de>>(
        d: D,
    ) -> ::std::result::Result<Self, D::Error> {
        ::contango::__private::de::text(
            d,
            |s| {
                s.trim()
                    .parse::<i64>()
                    .map(Self::from_i64)
                    .map_err(|_| ::std::format!("expected an integer, found `{s}`"))
            },
        )
    }
}
impl ::contango::__private::de::Wire for FreezeLock {
    fn from_wire<'de, D: ::contango::__private::serde::Deserializer<'de>>(
        d: D,
    ) -> ::std::result::Result<Self, D::Error> {
        <Self as ::contango::__private::serde::Deserialize>::deserialize(d)
    }
}
impl ::contango::__private::encode::QueryValue for FreezeLock {
    fn write_value(&self, out: &mut ::std::string::String) {
        ::contango::__private::encode::QueryValue::write_value(&self.as_i64(), out);
    }
}
impl ::contango::__private::direct::Direct for FreezeLock {
    fn direct(
        r: &mut ::contango::__private::direct::Reader<'_>,
    ) -> ::std::option::Option<Self> {
        r.scalar_text(|s| s.trim().parse::<i64>().ok().map(Self::from_i64))
    }
}
/// Whether a position is in effect (section 3.4).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum PositionStatus {
    /// Not in effect.
    Ineffective,
    /// In effect.
    Effective,
    /// A value this version of the spec does not list, kept as sent.
    Other(i64),
}
impl PositionStatus {
    /// The value as sent on the wire.
    pub const fn as_i64(self) -> i64 {
        match self {
            Self::Ineffective => 0i64,
            Self::Effective => 1i64,
            Self::Other(n) => n,
        }
    }
    /// Reads a wire value; unknown values land in `Other`.
    pub const fn from_i64(n: i64) -> Self {
        match n {
            0i64 => Self::Ineffective,
            1i64 => Self::Effective,
            other => Self::Other(other),
        }
    }
}
impl ::std::fmt::Display for PositionStatus {
    fn fmt(&self, f: &mut ::std::fmt::Formatter<'_>) -> ::std::fmt::Result {
        ::std::fmt::Display::fmt(&self.as_i64(), f)
    }
}
impl ::contango::__private::serde::Serialize for PositionStatus {
    fn serialize<S: ::contango::__private::serde::Serializer>(
        &self,
        s: S,
    ) -> ::std::result::Result<S::Ok, S::Error> {
        s.serialize_i64(self.as_i64())
    }
}
impl<'de> ::contango::__private::serde::Deserialize<'de> for PositionStatus {
    fn deserialize<D: ::contango::__private::serde::Deserializer<'de>>(
        d: D,
    ) -> ::std::result::Result<Self, D::Error> {
        ::contango::__private::de::text(
            d,
            |s| {
                s.trim()
                    .parse::<i64>()
                    .map(Self::from_i64)
                    .map_err(|_| ::std::format!("expected an integer, found `{s}`"))
            },
        )
    }
}
impl ::contango::__private::de::Wire for PositionStatus {
    fn from_wire<'de, D: ::contango::__private::serde::Deserializer<'de>>(
        d: D,
    ) -> ::std::result::Result<Self, D::Error> {
        <Self as ::contango::__private::serde::Deserialize>::deserialize(d)
    }
}
impl ::contango::__private::encode::QueryValue for PositionStatus {
    fn write_value(&self, out: &mut ::std::string::String) {
        ::contango::__private::encode::QueryValue::write_value(&self.as_i64(), out);
    }
}
impl ::contango::__private::direct::Direct for PositionStatus {
    fn direct(
        r: &mut ::contango::__private::direct::Reader<'_>,
    ) -> ::std::option::Option<Self> {
        r.scalar_text(|s| s.trim().parse::<i64>().ok().map(Self::from_i64))
    }
}
/// Kind of forced order to list in the forced-order history.
#[derive(Debug, Clone, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum AutoCloseType {
    /// Liquidation orders.
    Liquidation,
    /// Auto-deleveraging orders.
    Adl,
    /// A value this version of the spec does not list, kept as sent.
    Other(::std::string::String),
}
impl AutoCloseType {
    /// The value as sent on the wire.
    pub fn as_str(&self) -> &str {
        match self {
            Self::Liquidation => "LIQUIDATION",
            Self::Adl => "ADL",
            Self::Other(s) => s.as_str(),
        }
    }
    /// Reads a wire value; unknown values land in `Other`.
    pub fn from_wire_str(s: &str) -> Self {
        match s {
            "LIQUIDATION" => Self::Liquidation,
            "ADL" => Self::Adl,
            other => Self::Other(other.to_owned()),
        }
    }
}
impl ::std::fmt::Display for AutoCloseType {
    fn fmt(&self, f: &mut ::std::fmt::Formatter<'_>) -> ::std::fmt::Result {
        f.write_str(self.as_str())
    }
}
impl ::std::str::FromStr for AutoCloseType {
    type Err = ::std::convert::Infallible;
    fn from_str(s: &str) -> ::std::result::Result<Self, Self::Err> {
        ::std::result::Result::Ok(Self::from_wire_str(s))
    }
}
impl ::contango::__private::serde::Serialize for AutoCloseType {
    fn serialize<S: ::contango::__private::serde::Serializer>(
        &self,
        s: S,
    ) -> ::std::result::Result<S::Ok, S::Error> {
        s.serialize_str(self.as_str())
    }
}
impl<'de> ::contango::__private::serde::Deserialize<'de> for AutoCloseType {
    fn deserialize<D: ::contango::__private::serde::Deserializer<'de>>(
        d: D,
    ) -> ::std::result::Result<Self, D::Error> {
        ::contango::__private::de::text(
            d,
            |s| ::std::result::Result::Ok(Self::from_wire_str(s)),
        )
    }
}
impl ::contango::__private::de::Wire for AutoCloseType {
    fn from_wire<'de, D: ::contango::__private::serde::Deserializer<'de>>(
        d: D,
    ) -> ::std::result::Result<Self, D::Error> {
        <Self as ::contango::__private::serde::Deserialize>::deserialize(d)
    }
}
impl ::contango::__private::encode::QueryValue for AutoCloseType {
    fn write_value(&self, out: &mut ::std::string::String) {
        out.push_str(self.as_str());
    }
}
/// Account a position belongs to (section 2.11).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum UsingAccountType {
    /// Contract account.
    Contract,
    /// With order (the document's wording).
    WithOrder,
    /// Documentary (copy-trading) account.
    CopyTrading,
    /// A value this version of the spec does not list, kept as sent.
    Other(i64),
}
impl UsingAccountType {
    /// The value as sent on the wire.
    pub const fn as_i64(self) -> i64 {
        match self {
            Self::Contract => 0i64,
            Self::WithOrder => 1i64,
            Self::CopyTrading => 2i64,
            Self::Other(n) => n,
        }
    }
    /// Reads a wire value; unknown values land in `Other`.
    pub const fn from_i64(n: i64) -> Self {
        match n {
            0i64 => Self::Contract,
            1i64 => Self::WithOrder,
            2i64 => Self::CopyTrading,
            other => Self::Other(other),
        }
    }
}
impl ::std::fmt::Display for UsingAccountType {
    fn fmt(&self, f: &mut ::std::fmt::Formatter<'_>) -> ::std::fmt::Result {
        ::std::fmt::Display::fmt(&self.as_i64(), f)
    }
}
impl ::contango::__private::serde::Serialize for UsingAccountType {
    fn serialize<S: ::contango::__private::serde::Serializer>(
        &self,
        s: S,
    ) -> ::std::result::Result<S::Ok, S::Error> {
        s.serialize_i64(self.as_i64())
    }
}
impl<'de> ::contango::__private::serde::Deserialize<'de> for UsingAccountType {
    fn deserialize<D: ::contango::__private::serde::Deserializer<'de>>(
        d: D,
    ) -> ::std::result::Result<Self, D::Error> {
        ::contango::__private::de::text(
            d,
            |s| {
                s.trim()
                    .parse::<i64>()
                    .map(Self::from_i64)
                    .map_err(|_| ::std::format!("expected an integer, found `{s}`"))
            },
        )
    }
}
impl ::contango::__private::de::Wire for UsingAccountType {
    fn from_wire<'de, D: ::contango::__private::serde::Deserializer<'de>>(
        d: D,
    ) -> ::std::result::Result<Self, D::Error> {
        <Self as ::contango::__private::serde::Deserialize>::deserialize(d)
    }
}
impl ::contango::__private::encode::QueryValue for UsingAccountType {
    fn write_value(&self, out: &mut ::std::string::String) {
        ::contango::__private::encode::QueryValue::write_value(&self.as_i64(), out);
    }
}
impl ::contango::__private::direct::Direct for UsingAccountType {
    fn direct(
        r: &mut ::contango::__private::direct::Reader<'_>,
    ) -> ::std::option::Option<Self> {
        r.scalar_text(|s| s.trim().parse::<i64>().ok().map(Self::from_i64))
    }
}
/// Copy-trading state of a position (coPositionExt.copyStatus, section 2.11).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum CopyStatus {
    /// Normal.
    Normal,
    /// Failed to add to the position (the document: failed to add warehouse receipt).
    AddPositionFailed,
    /// Failed to balance the position (the document: failed to balance warehouse receipt).
    BalancePositionFailed,
    /// A value this version of the spec does not list, kept as sent.
    Other(i64),
}
impl CopyStatus {
    /// The value as sent on the wire.
    pub const fn as_i64(self) -> i64 {
        match self {
            Self::Normal => 1i64,
            Self::AddPositionFailed => 2i64,
            Self::BalancePositionFailed => 3i64,
            Self::Other(n) => n,
        }
    }
    /// Reads a wire value; unknown values land in `Other`.
    pub const fn from_i64(n: i64) -> Self {
        match n {
            1i64 => Self::Normal,
            2i64 => Self::AddPositionFailed,
            3i64 => Self::BalancePositionFailed,
            other => Self::Other(other),
        }
    }
}
impl ::std::fmt::Display for CopyStatus {
    fn fmt(&self, f: &mut ::std::fmt::Formatter<'_>) -> ::std::fmt::Result {
        ::std::fmt::Display::fmt(&self.as_i64(), f)
    }
}
impl ::contango::__private::serde::Serialize for CopyStatus {
    fn serialize<S: ::contango::__private::serde::Serializer>(
        &self,
        s: S,
    ) -> ::std::result::Result<S::Ok, S::Error> {
        s.serialize_i64(self.as_i64())
    }
}
impl<'de> ::contango::__private::serde::Deserialize<'de> for CopyStatus {
    fn deserialize<D: ::contango::__private::serde::Deserializer<'de>>(
        d: D,
    ) -> ::std::result::Result<Self, D::Error> {
        ::contango::__private::de::text(
            d,
            |s| {
                s.trim()
                    .parse::<i64>()
                    .map(Self::from_i64)
                    .map_err(|_| ::std::format!("expected an integer, found `{s}`"))
            },
        )
    }
}
impl ::contango::__private::de::Wire for CopyStatus {
    fn from_wire<'de, D: ::contango::__private::serde::Deserializer<'de>>(
        d: D,
    ) -> ::std::result::Result<Self, D::Error> {
        <Self as ::contango::__private::serde::Deserialize>::deserialize(d)
    }
}
impl ::contango::__private::encode::QueryValue for CopyStatus {
    fn write_value(&self, out: &mut ::std::string::String) {
        ::contango::__private::encode::QueryValue::write_value(&self.as_i64(), out);
    }
}
impl ::contango::__private::direct::Direct for CopyStatus {
    fn direct(
        r: &mut ::contango::__private::direct::Reader<'_>,
    ) -> ::std::option::Option<Self> {
        r.scalar_text(|s| s.trim().parse::<i64>().ok().map(Self::from_i64))
    }
}
/// Settlement state of the copy-trading royalty share (coPositionExt.shareRoyaltyStatus, section 2.11).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum ShareRoyaltyStatus {
    /// The position is open.
    OpenPosition,
    /// To be settled.
    ToBeSettled,
    /// Settled.
    Settled,
    /// Unsettled.
    Unsettled,
    /// A value this version of the spec does not list, kept as sent.
    Other(i64),
}
impl ShareRoyaltyStatus {
    /// The value as sent on the wire.
    pub const fn as_i64(self) -> i64 {
        match self {
            Self::OpenPosition => 0i64,
            Self::ToBeSettled => 1i64,
            Self::Settled => 2i64,
            Self::Unsettled => 3i64,
            Self::Other(n) => n,
        }
    }
    /// Reads a wire value; unknown values land in `Other`.
    pub const fn from_i64(n: i64) -> Self {
        match n {
            0i64 => Self::OpenPosition,
            1i64 => Self::ToBeSettled,
            2i64 => Self::Settled,
            3i64 => Self::Unsettled,
            other => Self::Other(other),
        }
    }
}
impl ::std::fmt::Display for ShareRoyaltyStatus {
    fn fmt(&self, f: &mut ::std::fmt::Formatter<'_>) -> ::std::fmt::Result {
        ::std::fmt::Display::fmt(&self.as_i64(), f)
    }
}
impl ::contango::__private::serde::Serialize for ShareRoyaltyStatus {
    fn serialize<S: ::contango::__private::serde::Serializer>(
        &self,
        s: S,
    ) -> ::std::result::Result<S::Ok, S::Error> {
        s.serialize_i64(self.as_i64())
    }
}
impl<'de> ::contango::__private::serde::Deserialize<'de> for ShareRoyaltyStatus {
    fn deserialize<D: ::contango::__private::serde::Deserializer<'de>>(
        d: D,
    ) -> ::std::result::Result<Self, D::Error> {
        ::contango::__private::de::text(
            d,
            |s| {
                s.trim()
                    .parse::<i64>()
                    .map(Self::from_i64)
                    .map_err(|_| ::std::format!("expected an integer, found `{s}`"))
            },
        )
    }
}
impl ::contango::__private::de::Wire for ShareRoyaltyStatus {
    fn from_wire<'de, D: ::contango::__private::serde::Deserializer<'de>>(
        d: D,
    ) -> ::std::result::Result<Self, D::Error> {
        <Self as ::contango::__private::serde::Deserialize>::deserialize(d)
    }
}
impl ::contango::__private::encode::QueryValue for ShareRoyaltyStatus {
    fn write_value(&self, out: &mut ::std::string::String) {
        ::contango::__private::encode::QueryValue::write_value(&self.as_i64(), out);
    }
}
impl ::contango::__private::direct::Direct for ShareRoyaltyStatus {
    fn direct(
        r: &mut ::contango::__private::direct::Reader<'_>,
    ) -> ::std::option::Option<Self> {
        r.scalar_text(|s| s.trim().parse::<i64>().ok().map(Self::from_i64))
    }
}
/// How a copy-trading position was closed (coPositionExt.closePositionType, section 2.11).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum ClosePositionType {
    /// Not closed (open position).
    OpenPosition,
    /// Closed following the trader.
    FollowTraderClose,
    /// Closed manually.
    ManualClose,
    /// Closed by force.
    ForcedClose,
    /// A value this version of the spec does not list, kept as sent.
    Other(i64),
}
impl ClosePositionType {
    /// The value as sent on the wire.
    pub const fn as_i64(self) -> i64 {
        match self {
            Self::OpenPosition => 0i64,
            Self::FollowTraderClose => 1i64,
            Self::ManualClose => 2i64,
            Self::ForcedClose => 3i64,
            Self::Other(n) => n,
        }
    }
    /// Reads a wire value; unknown values land in `Other`.
    pub const fn from_i64(n: i64) -> Self {
        match n {
            0i64 => Self::OpenPosition,
            1i64 => Self::FollowTraderClose,
            2i64 => Self::ManualClose,
            3i64 => Self::ForcedClose,
            other => Self::Other(other),
        }
    }
}
impl ::std::fmt::Display for ClosePositionType {
    fn fmt(&self, f: &mut ::std::fmt::Formatter<'_>) -> ::std::fmt::Result {
        ::std::fmt::Display::fmt(&self.as_i64(), f)
    }
}
impl ::contango::__private::serde::Serialize for ClosePositionType {
    fn serialize<S: ::contango::__private::serde::Serializer>(
        &self,
        s: S,
    ) -> ::std::result::Result<S::Ok, S::Error> {
        s.serialize_i64(self.as_i64())
    }
}
impl<'de> ::contango::__private::serde::Deserialize<'de> for ClosePositionType {
    fn deserialize<D: ::contango::__private::serde::Deserializer<'de>>(
        d: D,
    ) -> ::std::result::Result<Self, D::Error> {
        ::contango::__private::de::text(
            d,
            |s| {
                s.trim()
                    .parse::<i64>()
                    .map(Self::from_i64)
                    .map_err(|_| ::std::format!("expected an integer, found `{s}`"))
            },
        )
    }
}
impl ::contango::__private::de::Wire for ClosePositionType {
    fn from_wire<'de, D: ::contango::__private::serde::Deserializer<'de>>(
        d: D,
    ) -> ::std::result::Result<Self, D::Error> {
        <Self as ::contango::__private::serde::Deserialize>::deserialize(d)
    }
}
impl ::contango::__private::encode::QueryValue for ClosePositionType {
    fn write_value(&self, out: &mut ::std::string::String) {
        ::contango::__private::encode::QueryValue::write_value(&self.as_i64(), out);
    }
}
impl ::contango::__private::direct::Direct for ClosePositionType {
    fn direct(
        r: &mut ::contango::__private::direct::Reader<'_>,
    ) -> ::std::option::Option<Self> {
        r.scalar_text(|s| s.trim().parse::<i64>().ok().map(Self::from_i64))
    }
}
/// Execution type of an order update event (section 6.2: new, liquidation, trade, cancel, adl). Per-value definitions are not documented; matched in any case.
#[derive(Debug, Clone, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum ExecutionType {
    /// The order was accepted.
    New,
    /// The order was (partly) filled.
    Trade,
    /// The order was cancelled.
    Canceled,
    /// Forced liquidation.
    Liquidation,
    /// Auto-deleveraging.
    Adl,
    /// A value this version of the spec does not list, kept as sent.
    Other(::std::string::String),
}
impl ExecutionType {
    /// The value as sent on the wire.
    pub fn as_str(&self) -> &str {
        match self {
            Self::New => "NEW",
            Self::Trade => "TRADE",
            Self::Canceled => "CANCELED",
            Self::Liquidation => "LIQUIDATION",
            Self::Adl => "ADL",
            Self::Other(s) => s.as_str(),
        }
    }
    /// Reads a wire value; unknown values land in `Other`.
    pub fn from_wire_str(s: &str) -> Self {
        match s {
            "NEW" => Self::New,
            "TRADE" => Self::Trade,
            "CANCELED" | "CANCEL" | "CANCELLED" => Self::Canceled,
            "LIQUIDATION" => Self::Liquidation,
            "ADL" => Self::Adl,
            s if s.eq_ignore_ascii_case("NEW") => Self::New,
            s if s.eq_ignore_ascii_case("TRADE") => Self::Trade,
            s if s.eq_ignore_ascii_case("CANCELED") || s.eq_ignore_ascii_case("CANCEL")
                || s.eq_ignore_ascii_case("CANCELLED") => Self::Canceled,
            s if s.eq_ignore_ascii_case("LIQUIDATION") => Self::Liquidation,
            s if s.eq_ignore_ascii_case("ADL") => Self::Adl,
            other => Self::Other(other.to_owned()),
        }
    }
}
impl ::std::fmt::Display for ExecutionType {
    fn fmt(&self, f: &mut ::std::fmt::Formatter<'_>) -> ::std::fmt::Result {
        f.write_str(self.as_str())
    }
}
impl ::std::str::FromStr for ExecutionType {
    type Err = ::std::convert::Infallible;
    fn from_str(s: &str) -> ::std::result::Result<Self, Self::Err> {
        ::std::result::Result::Ok(Self::from_wire_str(s))
    }
}
impl ::contango::__private::serde::Serialize for ExecutionType {
    fn serialize<S: ::contango::__private::serde::Serializer>(
        &self,
        s: S,
    ) -> ::std::result::Result<S::Ok, S::Error> {
        s.serialize_str(self.as_str())
    }
}
impl<'de> ::contango::__private::serde::Deserialize<'de> for ExecutionType {
    fn deserialize<D: ::contango::__private::serde::Deserializer<'de>>(
        d: D,
    ) -> ::std::result::Result<Self, D::Error> {
        ::contango::__private::de::text(
            d,
            |s| ::std::result::Result::Ok(Self::from_wire_str(s)),
        )
    }
}
impl ::contango::__private::de::Wire for ExecutionType {
    fn from_wire<'de, D: ::contango::__private::serde::Deserializer<'de>>(
        d: D,
    ) -> ::std::result::Result<Self, D::Error> {
        <Self as ::contango::__private::serde::Deserialize>::deserialize(d)
    }
}
impl ::contango::__private::encode::QueryValue for ExecutionType {
    fn write_value(&self, out: &mut ::std::string::String) {
        out.push_str(self.as_str());
    }
}
impl ::contango::__private::direct::Direct for ExecutionType {
    fn direct(
        r: &mut ::contango::__private::direct::Reader<'_>,
    ) -> ::std::option::Option<Self> {
        r.scalar_text(|s| ::std::option::Option::Some(Self::from_wire_str(s)))
    }
}
/// Position direction in stream events (the order update example says an empty value means short; that lands in the catch-all).
#[derive(Debug, Clone, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum PositionSide {
    /// Long position.
    Long,
    /// Short position.
    Short,
    /// A value this version of the spec does not list, kept as sent.
    Other(::std::string::String),
}
impl PositionSide {
    /// The value as sent on the wire.
    pub fn as_str(&self) -> &str {
        match self {
            Self::Long => "LONG",
            Self::Short => "SHORT",
            Self::Other(s) => s.as_str(),
        }
    }
    /// Reads a wire value; unknown values land in `Other`.
    pub fn from_wire_str(s: &str) -> Self {
        match s {
            "LONG" => Self::Long,
            "SHORT" => Self::Short,
            s if s.eq_ignore_ascii_case("LONG") => Self::Long,
            s if s.eq_ignore_ascii_case("SHORT") => Self::Short,
            other => Self::Other(other.to_owned()),
        }
    }
}
impl ::std::fmt::Display for PositionSide {
    fn fmt(&self, f: &mut ::std::fmt::Formatter<'_>) -> ::std::fmt::Result {
        f.write_str(self.as_str())
    }
}
impl ::std::str::FromStr for PositionSide {
    type Err = ::std::convert::Infallible;
    fn from_str(s: &str) -> ::std::result::Result<Self, Self::Err> {
        ::std::result::Result::Ok(Self::from_wire_str(s))
    }
}
impl ::contango::__private::serde::Serialize for PositionSide {
    fn serialize<S: ::contango::__private::serde::Serializer>(
        &self,
        s: S,
    ) -> ::std::result::Result<S::Ok, S::Error> {
        s.serialize_str(self.as_str())
    }
}
impl<'de> ::contango::__private::serde::Deserialize<'de> for PositionSide {
    fn deserialize<D: ::contango::__private::serde::Deserializer<'de>>(
        d: D,
    ) -> ::std::result::Result<Self, D::Error> {
        ::contango::__private::de::text(
            d,
            |s| ::std::result::Result::Ok(Self::from_wire_str(s)),
        )
    }
}
impl ::contango::__private::de::Wire for PositionSide {
    fn from_wire<'de, D: ::contango::__private::serde::Deserializer<'de>>(
        d: D,
    ) -> ::std::result::Result<Self, D::Error> {
        <Self as ::contango::__private::serde::Deserialize>::deserialize(d)
    }
}
impl ::contango::__private::encode::QueryValue for PositionSide {
    fn write_value(&self, out: &mut ::std::string::String) {
        out.push_str(self.as_str());
    }
}
impl ::contango::__private::direct::Direct for PositionSide {
    fn direct(
        r: &mut ::contango::__private::direct::Reader<'_>,
    ) -> ::std::option::Option<Self> {
        r.scalar_text(|s| ::std::option::Option::Some(Self::from_wire_str(s)))
    }
}
/// Reason that triggered an account update event (section 6.3). Only ORDER appears in the document; other reasons are not documented and land in the catch-all.
#[derive(Debug, Clone, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum AccountUpdateReason {
    /// An order changed the account.
    Order,
    /// A value this version of the spec does not list, kept as sent.
    Other(::std::string::String),
}
impl AccountUpdateReason {
    /// The value as sent on the wire.
    pub fn as_str(&self) -> &str {
        match self {
            Self::Order => "ORDER",
            Self::Other(s) => s.as_str(),
        }
    }
    /// Reads a wire value; unknown values land in `Other`.
    pub fn from_wire_str(s: &str) -> Self {
        match s {
            "ORDER" => Self::Order,
            other => Self::Other(other.to_owned()),
        }
    }
}
impl ::std::fmt::Display for AccountUpdateReason {
    fn fmt(&self, f: &mut ::std::fmt::Formatter<'_>) -> ::std::fmt::Result {
        f.write_str(self.as_str())
    }
}
impl ::std::str::FromStr for AccountUpdateReason {
    type Err = ::std::convert::Infallible;
    fn from_str(s: &str) -> ::std::result::Result<Self, Self::Err> {
        ::std::result::Result::Ok(Self::from_wire_str(s))
    }
}
impl ::contango::__private::serde::Serialize for AccountUpdateReason {
    fn serialize<S: ::contango::__private::serde::Serializer>(
        &self,
        s: S,
    ) -> ::std::result::Result<S::Ok, S::Error> {
        s.serialize_str(self.as_str())
    }
}
impl<'de> ::contango::__private::serde::Deserialize<'de> for AccountUpdateReason {
    fn deserialize<D: ::contango::__private::serde::Deserializer<'de>>(
        d: D,
    ) -> ::std::result::Result<Self, D::Error> {
        ::contango::__private::de::text(
            d,
            |s| ::std::result::Result::Ok(Self::from_wire_str(s)),
        )
    }
}
impl ::contango::__private::de::Wire for AccountUpdateReason {
    fn from_wire<'de, D: ::contango::__private::serde::Deserializer<'de>>(
        d: D,
    ) -> ::std::result::Result<Self, D::Error> {
        <Self as ::contango::__private::serde::Deserialize>::deserialize(d)
    }
}
impl ::contango::__private::encode::QueryValue for AccountUpdateReason {
    fn write_value(&self, out: &mut ::std::string::String) {
        out.push_str(self.as_str());
    }
}
impl ::contango::__private::direct::Direct for AccountUpdateReason {
    fn direct(
        r: &mut ::contango::__private::direct::Reader<'_>,
    ) -> ::std::option::Option<Self> {
        r.scalar_text(|s| ::std::option::Option::Some(Self::from_wire_str(s)))
    }
}
/// Every error code the spec's error tables define, plus `Unknown` for codes they do not list.
///
/// A wire code is resolved in the table of the endpoint that answered, so `-1150` is
/// `InvalidListenKey` from a listen-key endpoint and `TooManyDecimalPlaces` elsewhere.
/// The tables:
/// - `futures`: The full error list of the futures endpoints (section 7.3). Success is code 0, sent as a number or a string.
/// - `user_stream`: The short error table of the listen-key endpoints (section 7.2). Success is code 200.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum ErrorCode {
    /// Outcome unknown: for an order, look it up before sending again.
    UnknownError,
    /// `-1001` (INTERNAL_ERROR, table `futures`): internal error, retry.
    InternalError,
    /// `-1002` (UNAUTHORIZED, table `futures`): not authorized; an API key is required (attach X-CH-APIKEY).
    Unauthorized,
    /// `-1003` (TOO_MANY_REQUESTS, table `futures`): request frequency exceeds the limit.
    TooManyRequests,
    /// `-1004` (USER_NOT_FOUND, table `futures`): not authorized; user does not exist.
    UserNotFound,
    /// Order status unknown: look the order up (by client order id) instead of resending it.
    UnexpectedResponse,
    /// Execution status unknown: look the order up (by client order id) instead of resending it.
    BackendTimeout,
    /// `-1014` (UNSUPPORTED_ORDER_COMBINATION, table `futures`): unsupported order combination.
    UnsupportedOrderCombination,
    /// `-1015` (TOO_MANY_ORDERS, table `futures`): too many orders; reduce the number.
    TooManyOrders,
    /// `-1016` (SERVER_OFFLINE, table `futures`): server offline.
    ServerOffline,
    /// `-1017` (INVALID_CONTENT_TYPE, table `futures`): attach Content-Type: application/json.
    InvalidContentType,
    /// The document gives only the name UNSUPPORTED_OPERATION as its meaning.
    UnsupportedOperation,
    /// The request timestamp is not within serverTime + 1000 ms and recvWindow (section 5.4).
    InvalidTimestamp,
    /// `-1022` (INVALID_SIGNATURE, table `futures`): invalid signature.
    InvalidSignature,
    /// `-1023` (MISSING_TIMESTAMP, table `futures`): timestamp required (attach X-CH-TS).
    MissingTimestamp,
    /// `-1024` (MISSING_SIGNATURE, table `futures`): signature required (attach X-CH-SIGN).
    MissingSignature,
    /// `-1025` (CONTRACT_NOT_ACTIVATED, table `futures`): user has not activated the contract.
    ContractNotActivated,
    /// `-1100` (ILLEGAL_CHARACTERS, table `futures`): illegal characters in the request.
    IllegalCharacters,
    /// `-1101` (TOO_MANY_PARAMETERS, table `futures`): too many parameters sent.
    TooManyParameters,
    /// `-1102` (PARAM_EMPTY_OR_MALFORMED, table `futures`): required parameter {0} not sent, empty, or wrong format.
    ParamEmptyOrMalformed,
    /// `-1103` (UNKNOWN_PARAMETER, table `futures`): unknown parameters sent.
    UnknownParameter,
    /// `-1104` (UNREAD_PARAMETERS, table `futures`): not all sent parameters were read.
    UnreadParameters,
    /// `-1105` (PARAMETER_EMPTY, table `futures`): parameter {0} is empty.
    ParameterEmpty,
    /// `-1106` (PARAMETER_NOT_REQUIRED, table `futures`): this parameter does not need to be sent.
    ParameterNotRequired,
    /// `-1111` (BAD_PRECISION, table `futures`): precision exceeds the maximum defined for the asset.
    BadPrecision,
    /// `-1112` (NO_ORDERS_ON_PAIR, table `futures`): no orders exist for the trading pair.
    NoOrdersOnPair,
    /// `-1116` (INVALID_ORDER_TYPE, table `futures`): invalid order type.
    InvalidOrderType,
    /// `-1117` (INVALID_SIDE, table `futures`): invalid buy/sell direction.
    InvalidSide,
    /// `-1118` (EMPTY_NEW_CLIENT_ORDER_ID, table `futures`): new client order id is empty.
    EmptyNewClientOrderId,
    /// `-1121` (INVALID_CONTRACT, table `futures`): invalid contract.
    InvalidContract,
    /// `-1136` (ORDER_QUANTITY_TOO_SMALL, table `futures`): order quantity below the minimum.
    OrderQuantityTooSmall,
    /// `-1137` (ORDER_QUANTITY_TOO_LARGE, table `futures`): order quantity exceeds the maximum.
    OrderQuantityTooLarge,
    /// `-1138` (ORDER_PRICE_OUT_OF_RANGE, table `futures`): order price out of allowed range.
    OrderPriceOutOfRange,
    /// `-1139` (MARKET_ORDER_NOT_SUPPORTED, table `futures`): trading pair does not support market orders.
    MarketOrderNotSupported,
    /// `-1140` (POSITION_LIMIT_EXCEEDED, table `futures`): exceeds the maximum position limit.
    PositionLimitExceeded,
    /// `-1141` (DUPLICATE_CANCEL_OR_INVALID_ORDER, table `futures`): duplicate cancellation or invalid order.
    DuplicateCancelOrInvalidOrder,
    /// `-1145` (ORDER_NOT_CANCELLABLE, table `futures`): order status does not allow cancellation.
    OrderNotCancellable,
    /// `-1146` (CONTRACT_NOT_TRADABLE, table `futures`): contract temporarily cannot be traded.
    ContractNotTradable,
    /// `-1147` (COIN_MARGINED_NOT_SUPPORTED, table `futures`): interface does not support coin-margined contracts.
    CoinMarginedNotSupported,
    /// `-1148` (USDT_MARGINED_NOT_SUPPORTED, table `futures`): interface does not support USDT-margined contracts.
    UsdtMarginedNotSupported,
    /// `-1149` (ISOLATED_POSITION_NOT_FOUND, table `futures`): the isolated position does not exist.
    IsolatedPositionNotFound,
    /// The same code means INVALID_LISTEN_KEY in the user-stream table.
    TooManyDecimalPlaces,
    /// `-1151` (TRANSFER_AMOUNT_EXCEEDS_LIMIT, table `futures`): transfer amount exceeds the limit.
    TransferAmountExceedsLimit,
    /// `-1152` (LEVERAGE_ADJUSTMENT_FAILED, table `futures`): position leverage adjustment failed.
    LeverageAdjustmentFailed,
    /// `-1153` (LEVERAGE_TOO_HIGH, table `futures`): maximum leverage does not exceed {0}.
    LeverageTooHigh,
    /// Same meaning text as -1137 in the document.
    OrderQuantityExceedsMaximum,
    /// `-1155` (PRICE_DEVIATES_FROM_LAST_TRADE, table `futures`): order price deviates significantly from the latest trade price.
    PriceDeviatesFromLastTrade,
    /// `-1156` (CLOSE_QUANTITY_EXCEEDS_POSITION, table `futures`): closing quantity exceeds the total position quantity.
    CloseQuantityExceedsPosition,
    /// `-1157` (POSITION_FROZEN, table `futures`): position frozen, temporarily cannot be operated.
    PositionFrozen,
    /// `-1158` (TOTAL_ORDER_QUANTITY_EXCEEDS_LIMIT, table `futures`): total order quantity exceeds the limit.
    TotalOrderQuantityExceedsLimit,
    /// `-1159` (ORDER_AMOUNT_TOO_MANY_DECIMALS, table `futures`): maximum of {0} decimal places for order amount.
    OrderAmountTooManyDecimals,
    /// `-1160` (ORDER_AMOUNT_TOO_SMALL, table `futures`): minimum order amount is {0}.
    OrderAmountTooSmall,
    /// `-1161` (ORDER_AMOUNT_TOO_LARGE, table `futures`): maximum order amount is {0}.
    OrderAmountTooLarge,
    /// `-1162` (LIMIT_ORDER_AMOUNT_TOO_MANY_DECIMALS, table `futures`): maximum of {0} decimal places for limit order amount.
    LimitOrderAmountTooManyDecimals,
    /// `-1163` (OPEN_ORDERS_PREVENT_LEVERAGE_CHANGE, table `futures`): open orders exist; leverage cannot be modified.
    OpenOrdersPreventLeverageChange,
    /// `-1164` (ORDER_QUANTITY_NOT_ABOVE_MINIMUM, table `futures`): order quantity must be greater than {0}.
    OrderQuantityNotAboveMinimum,
    /// `-1165` (ORDER_TYPE_CONFIG_MISMATCH, table `futures`): order type does not match the user's contract configuration {0}.
    OrderTypeConfigMismatch,
    /// `-1166` (ORDER_LEVERAGE_CONFIG_MISMATCH, table `futures`): order leverage does not match the user's contract configuration {0}.
    OrderLeverageConfigMismatch,
    /// `-1167` (SELF_TRADE_PREVENTION_FAILED, table `futures`): order book too large; self-trade prevention failed.
    SelfTradePreventionFailed,
    /// `-1168` (ORDER_BOOK_MISSING, table `futures`): order book missing.
    OrderBookMissing,
    /// `-2013` (ORDER_NOT_FOUND, table `futures`): order does not exist.
    OrderNotFound,
    /// `-2014` (INVALID_API_KEY_FORMAT, table `futures`): invalid API key format.
    InvalidApiKeyFormat,
    /// `-2015` (INVALID_API_KEY_IP_OR_PERMISSION, table `futures`): invalid API key, IP, or permission.
    InvalidApiKeyIpOrPermission,
    /// `-2016` (TRADING_FROZEN, table `futures`): trading is frozen.
    TradingFrozen,
    /// `-2017` (INSUFFICIENT_BALANCE, table `futures`): insufficient balance.
    InsufficientBalance,
    /// `-2100` (PARAMETER_ISSUE, table `futures`): parameter issue.
    ParameterIssue,
    /// `-2101` (IP_COUNTRY_BANNED, table `futures`): user IP non-compliant; country forcibly banned.
    IpCountryBanned,
    /// `-2102` (IP_COUNTRY_SOFT_BANNED, table `futures`): user IP soft-banned in the country.
    IpCountrySoftBanned,
    /// `503` (SERVICE_ERROR, table `user_stream`): unknown error while processing.
    ServiceError,
    /// `1022` (INVALID_API_KEY, table `user_stream`): not authorized.
    InvalidApiKey,
    /// `1102` (MANDATORY_PARAM_EMPTY_OR_MALFORMED, table `user_stream`): a mandatory parameter missing, empty, null or malformed.
    MandatoryParamEmptyOrMalformed,
    /// The listen key expired, was closed, or never existed: create a new one (section 3.5).
    InvalidListenKey,
    /// A code no table of this spec lists; the server's message is kept on the error.
    Unknown(i64),
}
impl ErrorCode {
    /// The numeric code as sent by the server.
    pub const fn code(self) -> i64 {
        match self {
            Self::UnknownError => -1000i64,
            Self::InternalError => -1001i64,
            Self::Unauthorized => -1002i64,
            Self::TooManyRequests => -1003i64,
            Self::UserNotFound => -1004i64,
            Self::UnexpectedResponse => -1006i64,
            Self::BackendTimeout => -1007i64,
            Self::UnsupportedOrderCombination => -1014i64,
            Self::TooManyOrders => -1015i64,
            Self::ServerOffline => -1016i64,
            Self::InvalidContentType => -1017i64,
            Self::UnsupportedOperation => -1020i64,
            Self::InvalidTimestamp => -1021i64,
            Self::InvalidSignature => -1022i64,
            Self::MissingTimestamp => -1023i64,
            Self::MissingSignature => -1024i64,
            Self::ContractNotActivated => -1025i64,
            Self::IllegalCharacters => -1100i64,
            Self::TooManyParameters => -1101i64,
            Self::ParamEmptyOrMalformed => -1102i64,
            Self::UnknownParameter => -1103i64,
            Self::UnreadParameters => -1104i64,
            Self::ParameterEmpty => -1105i64,
            Self::ParameterNotRequired => -1106i64,
            Self::BadPrecision => -1111i64,
            Self::NoOrdersOnPair => -1112i64,
            Self::InvalidOrderType => -1116i64,
            Self::InvalidSide => -1117i64,
            Self::EmptyNewClientOrderId => -1118i64,
            Self::InvalidContract => -1121i64,
            Self::OrderQuantityTooSmall => -1136i64,
            Self::OrderQuantityTooLarge => -1137i64,
            Self::OrderPriceOutOfRange => -1138i64,
            Self::MarketOrderNotSupported => -1139i64,
            Self::PositionLimitExceeded => -1140i64,
            Self::DuplicateCancelOrInvalidOrder => -1141i64,
            Self::OrderNotCancellable => -1145i64,
            Self::ContractNotTradable => -1146i64,
            Self::CoinMarginedNotSupported => -1147i64,
            Self::UsdtMarginedNotSupported => -1148i64,
            Self::IsolatedPositionNotFound => -1149i64,
            Self::TooManyDecimalPlaces => -1150i64,
            Self::TransferAmountExceedsLimit => -1151i64,
            Self::LeverageAdjustmentFailed => -1152i64,
            Self::LeverageTooHigh => -1153i64,
            Self::OrderQuantityExceedsMaximum => -1154i64,
            Self::PriceDeviatesFromLastTrade => -1155i64,
            Self::CloseQuantityExceedsPosition => -1156i64,
            Self::PositionFrozen => -1157i64,
            Self::TotalOrderQuantityExceedsLimit => -1158i64,
            Self::OrderAmountTooManyDecimals => -1159i64,
            Self::OrderAmountTooSmall => -1160i64,
            Self::OrderAmountTooLarge => -1161i64,
            Self::LimitOrderAmountTooManyDecimals => -1162i64,
            Self::OpenOrdersPreventLeverageChange => -1163i64,
            Self::OrderQuantityNotAboveMinimum => -1164i64,
            Self::OrderTypeConfigMismatch => -1165i64,
            Self::OrderLeverageConfigMismatch => -1166i64,
            Self::SelfTradePreventionFailed => -1167i64,
            Self::OrderBookMissing => -1168i64,
            Self::OrderNotFound => -2013i64,
            Self::InvalidApiKeyFormat => -2014i64,
            Self::InvalidApiKeyIpOrPermission => -2015i64,
            Self::TradingFrozen => -2016i64,
            Self::InsufficientBalance => -2017i64,
            Self::ParameterIssue => -2100i64,
            Self::IpCountryBanned => -2101i64,
            Self::IpCountrySoftBanned => -2102i64,
            Self::ServiceError => 503i64,
            Self::InvalidApiKey => 1022i64,
            Self::MandatoryParamEmptyOrMalformed => 1102i64,
            Self::InvalidListenKey => -1150i64,
            Self::Unknown(c) => c,
        }
    }
    /// The spec's name of the code (`ORDER_NOT_FOUND`).
    pub const fn name(self) -> &'static str {
        match self {
            Self::UnknownError => "UNKNOWN_ERROR",
            Self::InternalError => "INTERNAL_ERROR",
            Self::Unauthorized => "UNAUTHORIZED",
            Self::TooManyRequests => "TOO_MANY_REQUESTS",
            Self::UserNotFound => "USER_NOT_FOUND",
            Self::UnexpectedResponse => "UNEXPECTED_RESPONSE",
            Self::BackendTimeout => "BACKEND_TIMEOUT",
            Self::UnsupportedOrderCombination => "UNSUPPORTED_ORDER_COMBINATION",
            Self::TooManyOrders => "TOO_MANY_ORDERS",
            Self::ServerOffline => "SERVER_OFFLINE",
            Self::InvalidContentType => "INVALID_CONTENT_TYPE",
            Self::UnsupportedOperation => "UNSUPPORTED_OPERATION",
            Self::InvalidTimestamp => "INVALID_TIMESTAMP",
            Self::InvalidSignature => "INVALID_SIGNATURE",
            Self::MissingTimestamp => "MISSING_TIMESTAMP",
            Self::MissingSignature => "MISSING_SIGNATURE",
            Self::ContractNotActivated => "CONTRACT_NOT_ACTIVATED",
            Self::IllegalCharacters => "ILLEGAL_CHARACTERS",
            Self::TooManyParameters => "TOO_MANY_PARAMETERS",
            Self::ParamEmptyOrMalformed => "PARAM_EMPTY_OR_MALFORMED",
            Self::UnknownParameter => "UNKNOWN_PARAMETER",
            Self::UnreadParameters => "UNREAD_PARAMETERS",
            Self::ParameterEmpty => "PARAMETER_EMPTY",
            Self::ParameterNotRequired => "PARAMETER_NOT_REQUIRED",
            Self::BadPrecision => "BAD_PRECISION",
            Self::NoOrdersOnPair => "NO_ORDERS_ON_PAIR",
            Self::InvalidOrderType => "INVALID_ORDER_TYPE",
            Self::InvalidSide => "INVALID_SIDE",
            Self::EmptyNewClientOrderId => "EMPTY_NEW_CLIENT_ORDER_ID",
            Self::InvalidContract => "INVALID_CONTRACT",
            Self::OrderQuantityTooSmall => "ORDER_QUANTITY_TOO_SMALL",
            Self::OrderQuantityTooLarge => "ORDER_QUANTITY_TOO_LARGE",
            Self::OrderPriceOutOfRange => "ORDER_PRICE_OUT_OF_RANGE",
            Self::MarketOrderNotSupported => "MARKET_ORDER_NOT_SUPPORTED",
            Self::PositionLimitExceeded => "POSITION_LIMIT_EXCEEDED",
            Self::DuplicateCancelOrInvalidOrder => "DUPLICATE_CANCEL_OR_INVALID_ORDER",
            Self::OrderNotCancellable => "ORDER_NOT_CANCELLABLE",
            Self::ContractNotTradable => "CONTRACT_NOT_TRADABLE",
            Self::CoinMarginedNotSupported => "COIN_MARGINED_NOT_SUPPORTED",
            Self::UsdtMarginedNotSupported => "USDT_MARGINED_NOT_SUPPORTED",
            Self::IsolatedPositionNotFound => "ISOLATED_POSITION_NOT_FOUND",
            Self::TooManyDecimalPlaces => "TOO_MANY_DECIMAL_PLACES",
            Self::TransferAmountExceedsLimit => "TRANSFER_AMOUNT_EXCEEDS_LIMIT",
            Self::LeverageAdjustmentFailed => "LEVERAGE_ADJUSTMENT_FAILED",
            Self::LeverageTooHigh => "LEVERAGE_TOO_HIGH",
            Self::OrderQuantityExceedsMaximum => "ORDER_QUANTITY_EXCEEDS_MAXIMUM",
            Self::PriceDeviatesFromLastTrade => "PRICE_DEVIATES_FROM_LAST_TRADE",
            Self::CloseQuantityExceedsPosition => "CLOSE_QUANTITY_EXCEEDS_POSITION",
            Self::PositionFrozen => "POSITION_FROZEN",
            Self::TotalOrderQuantityExceedsLimit => "TOTAL_ORDER_QUANTITY_EXCEEDS_LIMIT",
            Self::OrderAmountTooManyDecimals => "ORDER_AMOUNT_TOO_MANY_DECIMALS",
            Self::OrderAmountTooSmall => "ORDER_AMOUNT_TOO_SMALL",
            Self::OrderAmountTooLarge => "ORDER_AMOUNT_TOO_LARGE",
            Self::LimitOrderAmountTooManyDecimals => {
                "LIMIT_ORDER_AMOUNT_TOO_MANY_DECIMALS"
            }
            Self::OpenOrdersPreventLeverageChange => {
                "OPEN_ORDERS_PREVENT_LEVERAGE_CHANGE"
            }
            Self::OrderQuantityNotAboveMinimum => "ORDER_QUANTITY_NOT_ABOVE_MINIMUM",
            Self::OrderTypeConfigMismatch => "ORDER_TYPE_CONFIG_MISMATCH",
            Self::OrderLeverageConfigMismatch => "ORDER_LEVERAGE_CONFIG_MISMATCH",
            Self::SelfTradePreventionFailed => "SELF_TRADE_PREVENTION_FAILED",
            Self::OrderBookMissing => "ORDER_BOOK_MISSING",
            Self::OrderNotFound => "ORDER_NOT_FOUND",
            Self::InvalidApiKeyFormat => "INVALID_API_KEY_FORMAT",
            Self::InvalidApiKeyIpOrPermission => "INVALID_API_KEY_IP_OR_PERMISSION",
            Self::TradingFrozen => "TRADING_FROZEN",
            Self::InsufficientBalance => "INSUFFICIENT_BALANCE",
            Self::ParameterIssue => "PARAMETER_ISSUE",
            Self::IpCountryBanned => "IP_COUNTRY_BANNED",
            Self::IpCountrySoftBanned => "IP_COUNTRY_SOFT_BANNED",
            Self::ServiceError => "SERVICE_ERROR",
            Self::InvalidApiKey => "INVALID_API_KEY",
            Self::MandatoryParamEmptyOrMalformed => "MANDATORY_PARAM_EMPTY_OR_MALFORMED",
            Self::InvalidListenKey => "INVALID_LISTEN_KEY",
            Self::Unknown(_) => "UNKNOWN",
        }
    }
    /// The message template; `{0}` marks where the server inserts a value.
    pub const fn message_template(self) -> &'static str {
        match self {
            Self::UnknownError => "unknown error while processing",
            Self::InternalError => "internal error, retry",
            Self::Unauthorized => {
                "not authorized; an API key is required (attach X-CH-APIKEY)"
            }
            Self::TooManyRequests => "request frequency exceeds the limit",
            Self::UserNotFound => "not authorized; user does not exist",
            Self::UnexpectedResponse => {
                "message not in expected format; order status unknown"
            }
            Self::BackendTimeout => {
                "timeout waiting for backend; sending and execution status unknown"
            }
            Self::UnsupportedOrderCombination => "unsupported order combination",
            Self::TooManyOrders => "too many orders; reduce the number",
            Self::ServerOffline => "server offline",
            Self::InvalidContentType => "attach Content-Type: application/json",
            Self::UnsupportedOperation => "unsupported operation",
            Self::InvalidTimestamp => "invalid timestamp; time offset too large",
            Self::InvalidSignature => "invalid signature",
            Self::MissingTimestamp => "timestamp required (attach X-CH-TS)",
            Self::MissingSignature => "signature required (attach X-CH-SIGN)",
            Self::ContractNotActivated => "user has not activated the contract",
            Self::IllegalCharacters => "illegal characters in the request",
            Self::TooManyParameters => "too many parameters sent",
            Self::ParamEmptyOrMalformed => {
                "required parameter {0} not sent, empty, or wrong format"
            }
            Self::UnknownParameter => "unknown parameters sent",
            Self::UnreadParameters => "not all sent parameters were read",
            Self::ParameterEmpty => "parameter {0} is empty",
            Self::ParameterNotRequired => "this parameter does not need to be sent",
            Self::BadPrecision => "precision exceeds the maximum defined for the asset",
            Self::NoOrdersOnPair => "no orders exist for the trading pair",
            Self::InvalidOrderType => "invalid order type",
            Self::InvalidSide => "invalid buy/sell direction",
            Self::EmptyNewClientOrderId => "new client order id is empty",
            Self::InvalidContract => "invalid contract",
            Self::OrderQuantityTooSmall => "order quantity below the minimum",
            Self::OrderQuantityTooLarge => "order quantity exceeds the maximum",
            Self::OrderPriceOutOfRange => "order price out of allowed range",
            Self::MarketOrderNotSupported => {
                "trading pair does not support market orders"
            }
            Self::PositionLimitExceeded => "exceeds the maximum position limit",
            Self::DuplicateCancelOrInvalidOrder => {
                "duplicate cancellation or invalid order"
            }
            Self::OrderNotCancellable => "order status does not allow cancellation",
            Self::ContractNotTradable => "contract temporarily cannot be traded",
            Self::CoinMarginedNotSupported => {
                "interface does not support coin-margined contracts"
            }
            Self::UsdtMarginedNotSupported => {
                "interface does not support USDT-margined contracts"
            }
            Self::IsolatedPositionNotFound => "the isolated position does not exist",
            Self::TooManyDecimalPlaces => "maximum of {0} decimal places allowed",
            Self::TransferAmountExceedsLimit => "transfer amount exceeds the limit",
            Self::LeverageAdjustmentFailed => "position leverage adjustment failed",
            Self::LeverageTooHigh => "maximum leverage does not exceed {0}",
            Self::OrderQuantityExceedsMaximum => "order quantity exceeds the maximum",
            Self::PriceDeviatesFromLastTrade => {
                "order price deviates significantly from the latest trade price"
            }
            Self::CloseQuantityExceedsPosition => {
                "closing quantity exceeds the total position quantity"
            }
            Self::PositionFrozen => "position frozen, temporarily cannot be operated",
            Self::TotalOrderQuantityExceedsLimit => {
                "total order quantity exceeds the limit"
            }
            Self::OrderAmountTooManyDecimals => {
                "maximum of {0} decimal places for order amount"
            }
            Self::OrderAmountTooSmall => "minimum order amount is {0}",
            Self::OrderAmountTooLarge => "maximum order amount is {0}",
            Self::LimitOrderAmountTooManyDecimals => {
                "maximum of {0} decimal places for limit order amount"
            }
            Self::OpenOrdersPreventLeverageChange => {
                "open orders exist; leverage cannot be modified"
            }
            Self::OrderQuantityNotAboveMinimum => {
                "order quantity must be greater than {0}"
            }
            Self::OrderTypeConfigMismatch => {
                "order type does not match the user's contract configuration {0}"
            }
            Self::OrderLeverageConfigMismatch => {
                "order leverage does not match the user's contract configuration {0}"
            }
            Self::SelfTradePreventionFailed => {
                "order book too large; self-trade prevention failed"
            }
            Self::OrderBookMissing => "order book missing",
            Self::OrderNotFound => "order does not exist",
            Self::InvalidApiKeyFormat => "invalid API key format",
            Self::InvalidApiKeyIpOrPermission => "invalid API key, IP, or permission",
            Self::TradingFrozen => "trading is frozen",
            Self::InsufficientBalance => "insufficient balance",
            Self::ParameterIssue => "parameter issue",
            Self::IpCountryBanned => "user IP non-compliant; country forcibly banned",
            Self::IpCountrySoftBanned => "user IP soft-banned in the country",
            Self::ServiceError => "unknown error while processing",
            Self::InvalidApiKey => "not authorized",
            Self::MandatoryParamEmptyOrMalformed => {
                "a mandatory parameter missing, empty, null or malformed"
            }
            Self::InvalidListenKey => "listen key does not exist",
            Self::Unknown(_) => "",
        }
    }
    /// The table the code belongs to.
    pub const fn table(self) -> ::std::option::Option<&'static str> {
        match self {
            Self::UnknownError => ::std::option::Option::Some("futures"),
            Self::InternalError => ::std::option::Option::Some("futures"),
            Self::Unauthorized => ::std::option::Option::Some("futures"),
            Self::TooManyRequests => ::std::option::Option::Some("futures"),
            Self::UserNotFound => ::std::option::Option::Some("futures"),
            Self::UnexpectedResponse => ::std::option::Option::Some("futures"),
            Self::BackendTimeout => ::std::option::Option::Some("futures"),
            Self::UnsupportedOrderCombination => ::std::option::Option::Some("futures"),
            Self::TooManyOrders => ::std::option::Option::Some("futures"),
            Self::ServerOffline => ::std::option::Option::Some("futures"),
            Self::InvalidContentType => ::std::option::Option::Some("futures"),
            Self::UnsupportedOperation => ::std::option::Option::Some("futures"),
            Self::InvalidTimestamp => ::std::option::Option::Some("futures"),
            Self::InvalidSignature => ::std::option::Option::Some("futures"),
            Self::MissingTimestamp => ::std::option::Option::Some("futures"),
            Self::MissingSignature => ::std::option::Option::Some("futures"),
            Self::ContractNotActivated => ::std::option::Option::Some("futures"),
            Self::IllegalCharacters => ::std::option::Option::Some("futures"),
            Self::TooManyParameters => ::std::option::Option::Some("futures"),
            Self::ParamEmptyOrMalformed => ::std::option::Option::Some("futures"),
            Self::UnknownParameter => ::std::option::Option::Some("futures"),
            Self::UnreadParameters => ::std::option::Option::Some("futures"),
            Self::ParameterEmpty => ::std::option::Option::Some("futures"),
            Self::ParameterNotRequired => ::std::option::Option::Some("futures"),
            Self::BadPrecision => ::std::option::Option::Some("futures"),
            Self::NoOrdersOnPair => ::std::option::Option::Some("futures"),
            Self::InvalidOrderType => ::std::option::Option::Some("futures"),
            Self::InvalidSide => ::std::option::Option::Some("futures"),
            Self::EmptyNewClientOrderId => ::std::option::Option::Some("futures"),
            Self::InvalidContract => ::std::option::Option::Some("futures"),
            Self::OrderQuantityTooSmall => ::std::option::Option::Some("futures"),
            Self::OrderQuantityTooLarge => ::std::option::Option::Some("futures"),
            Self::OrderPriceOutOfRange => ::std::option::Option::Some("futures"),
            Self::MarketOrderNotSupported => ::std::option::Option::Some("futures"),
            Self::PositionLimitExceeded => ::std::option::Option::Some("futures"),
            Self::DuplicateCancelOrInvalidOrder => ::std::option::Option::Some("futures"),
            Self::OrderNotCancellable => ::std::option::Option::Some("futures"),
            Self::ContractNotTradable => ::std::option::Option::Some("futures"),
            Self::CoinMarginedNotSupported => ::std::option::Option::Some("futures"),
            Self::UsdtMarginedNotSupported => ::std::option::Option::Some("futures"),
            Self::IsolatedPositionNotFound => ::std::option::Option::Some("futures"),
            Self::TooManyDecimalPlaces => ::std::option::Option::Some("futures"),
            Self::TransferAmountExceedsLimit => ::std::option::Option::Some("futures"),
            Self::LeverageAdjustmentFailed => ::std::option::Option::Some("futures"),
            Self::LeverageTooHigh => ::std::option::Option::Some("futures"),
            Self::OrderQuantityExceedsMaximum => ::std::option::Option::Some("futures"),
            Self::PriceDeviatesFromLastTrade => ::std::option::Option::Some("futures"),
            Self::CloseQuantityExceedsPosition => ::std::option::Option::Some("futures"),
            Self::PositionFrozen => ::std::option::Option::Some("futures"),
            Self::TotalOrderQuantityExceedsLimit => {
                ::std::option::Option::Some("futures")
            }
            Self::OrderAmountTooManyDecimals => ::std::option::Option::Some("futures"),
            Self::OrderAmountTooSmall => ::std::option::Option::Some("futures"),
            Self::OrderAmountTooLarge => ::std::option::Option::Some("futures"),
            Self::LimitOrderAmountTooManyDecimals => {
                ::std::option::Option::Some("futures")
            }
            Self::OpenOrdersPreventLeverageChange => {
                ::std::option::Option::Some("futures")
            }
            Self::OrderQuantityNotAboveMinimum => ::std::option::Option::Some("futures"),
            Self::OrderTypeConfigMismatch => ::std::option::Option::Some("futures"),
            Self::OrderLeverageConfigMismatch => ::std::option::Option::Some("futures"),
            Self::SelfTradePreventionFailed => ::std::option::Option::Some("futures"),
            Self::OrderBookMissing => ::std::option::Option::Some("futures"),
            Self::OrderNotFound => ::std::option::Option::Some("futures"),
            Self::InvalidApiKeyFormat => ::std::option::Option::Some("futures"),
            Self::InvalidApiKeyIpOrPermission => ::std::option::Option::Some("futures"),
            Self::TradingFrozen => ::std::option::Option::Some("futures"),
            Self::InsufficientBalance => ::std::option::Option::Some("futures"),
            Self::ParameterIssue => ::std::option::Option::Some("futures"),
            Self::IpCountryBanned => ::std::option::Option::Some("futures"),
            Self::IpCountrySoftBanned => ::std::option::Option::Some("futures"),
            Self::ServiceError => ::std::option::Option::Some("user_stream"),
            Self::InvalidApiKey => ::std::option::Option::Some("user_stream"),
            Self::MandatoryParamEmptyOrMalformed => {
                ::std::option::Option::Some("user_stream")
            }
            Self::InvalidListenKey => ::std::option::Option::Some("user_stream"),
            Self::Unknown(_) => ::std::option::Option::None,
        }
    }
    /// What a client may do about it.
    pub const fn retry_class(self) -> ::contango::RetryClass {
        match self {
            Self::UnknownError => ::contango::RetryClass::Never,
            Self::InternalError => ::contango::RetryClass::Safe,
            Self::Unauthorized => ::contango::RetryClass::Never,
            Self::TooManyRequests => ::contango::RetryClass::BackOff,
            Self::UserNotFound => ::contango::RetryClass::Never,
            Self::UnexpectedResponse => ::contango::RetryClass::Ambiguous,
            Self::BackendTimeout => ::contango::RetryClass::Ambiguous,
            Self::UnsupportedOrderCombination => ::contango::RetryClass::Never,
            Self::TooManyOrders => ::contango::RetryClass::Never,
            Self::ServerOffline => ::contango::RetryClass::BackOff,
            Self::InvalidContentType => ::contango::RetryClass::Never,
            Self::UnsupportedOperation => ::contango::RetryClass::Never,
            Self::InvalidTimestamp => ::contango::RetryClass::ResyncClock,
            Self::InvalidSignature => ::contango::RetryClass::Never,
            Self::MissingTimestamp => ::contango::RetryClass::Never,
            Self::MissingSignature => ::contango::RetryClass::Never,
            Self::ContractNotActivated => ::contango::RetryClass::Never,
            Self::IllegalCharacters => ::contango::RetryClass::Never,
            Self::TooManyParameters => ::contango::RetryClass::Never,
            Self::ParamEmptyOrMalformed => ::contango::RetryClass::Never,
            Self::UnknownParameter => ::contango::RetryClass::Never,
            Self::UnreadParameters => ::contango::RetryClass::Never,
            Self::ParameterEmpty => ::contango::RetryClass::Never,
            Self::ParameterNotRequired => ::contango::RetryClass::Never,
            Self::BadPrecision => ::contango::RetryClass::Never,
            Self::NoOrdersOnPair => ::contango::RetryClass::Never,
            Self::InvalidOrderType => ::contango::RetryClass::Never,
            Self::InvalidSide => ::contango::RetryClass::Never,
            Self::EmptyNewClientOrderId => ::contango::RetryClass::Never,
            Self::InvalidContract => ::contango::RetryClass::Never,
            Self::OrderQuantityTooSmall => ::contango::RetryClass::Never,
            Self::OrderQuantityTooLarge => ::contango::RetryClass::Never,
            Self::OrderPriceOutOfRange => ::contango::RetryClass::Never,
            Self::MarketOrderNotSupported => ::contango::RetryClass::Never,
            Self::PositionLimitExceeded => ::contango::RetryClass::Never,
            Self::DuplicateCancelOrInvalidOrder => ::contango::RetryClass::Never,
            Self::OrderNotCancellable => ::contango::RetryClass::Never,
            Self::ContractNotTradable => ::contango::RetryClass::Never,
            Self::CoinMarginedNotSupported => ::contango::RetryClass::Never,
            Self::UsdtMarginedNotSupported => ::contango::RetryClass::Never,
            Self::IsolatedPositionNotFound => ::contango::RetryClass::Never,
            Self::TooManyDecimalPlaces => ::contango::RetryClass::Never,
            Self::TransferAmountExceedsLimit => ::contango::RetryClass::Never,
            Self::LeverageAdjustmentFailed => ::contango::RetryClass::Never,
            Self::LeverageTooHigh => ::contango::RetryClass::Never,
            Self::OrderQuantityExceedsMaximum => ::contango::RetryClass::Never,
            Self::PriceDeviatesFromLastTrade => ::contango::RetryClass::Never,
            Self::CloseQuantityExceedsPosition => ::contango::RetryClass::Never,
            Self::PositionFrozen => ::contango::RetryClass::Never,
            Self::TotalOrderQuantityExceedsLimit => ::contango::RetryClass::Never,
            Self::OrderAmountTooManyDecimals => ::contango::RetryClass::Never,
            Self::OrderAmountTooSmall => ::contango::RetryClass::Never,
            Self::OrderAmountTooLarge => ::contango::RetryClass::Never,
            Self::LimitOrderAmountTooManyDecimals => ::contango::RetryClass::Never,
            Self::OpenOrdersPreventLeverageChange => ::contango::RetryClass::Never,
            Self::OrderQuantityNotAboveMinimum => ::contango::RetryClass::Never,
            Self::OrderTypeConfigMismatch => ::contango::RetryClass::Never,
            Self::OrderLeverageConfigMismatch => ::contango::RetryClass::Never,
            Self::SelfTradePreventionFailed => ::contango::RetryClass::Never,
            Self::OrderBookMissing => ::contango::RetryClass::Never,
            Self::OrderNotFound => ::contango::RetryClass::Never,
            Self::InvalidApiKeyFormat => ::contango::RetryClass::Never,
            Self::InvalidApiKeyIpOrPermission => ::contango::RetryClass::Never,
            Self::TradingFrozen => ::contango::RetryClass::Never,
            Self::InsufficientBalance => ::contango::RetryClass::Never,
            Self::ParameterIssue => ::contango::RetryClass::Never,
            Self::IpCountryBanned => ::contango::RetryClass::Never,
            Self::IpCountrySoftBanned => ::contango::RetryClass::Never,
            Self::ServiceError => ::contango::RetryClass::Safe,
            Self::InvalidApiKey => ::contango::RetryClass::Never,
            Self::MandatoryParamEmptyOrMalformed => ::contango::RetryClass::Never,
            Self::InvalidListenKey => ::contango::RetryClass::Never,
            Self::Unknown(_) => ::contango::RetryClass::Never,
        }
    }
    /// Resolves a wire code in the named table.
    pub fn from_wire(table: &str, code: i64) -> Self {
        match table {
            "futures" => {
                match code {
                    -1000i64 => Self::UnknownError,
                    -1001i64 => Self::InternalError,
                    -1002i64 => Self::Unauthorized,
                    -1003i64 => Self::TooManyRequests,
                    -1004i64 => Self::UserNotFound,
                    -1006i64 => Self::UnexpectedResponse,
                    -1007i64 => Self::BackendTimeout,
                    -1014i64 => Self::UnsupportedOrderCombination,
                    -1015i64 => Self::TooManyOrders,
                    -1016i64 => Self::ServerOffline,
                    -1017i64 => Self::InvalidContentType,
                    -1020i64 => Self::UnsupportedOperation,
                    -1021i64 => Self::InvalidTimestamp,
                    -1022i64 => Self::InvalidSignature,
                    -1023i64 => Self::MissingTimestamp,
                    -1024i64 => Self::MissingSignature,
                    -1025i64 => Self::ContractNotActivated,
                    -1100i64 => Self::IllegalCharacters,
                    -1101i64 => Self::TooManyParameters,
                    -1102i64 => Self::ParamEmptyOrMalformed,
                    -1103i64 => Self::UnknownParameter,
                    -1104i64 => Self::UnreadParameters,
                    -1105i64 => Self::ParameterEmpty,
                    -1106i64 => Self::ParameterNotRequired,
                    -1111i64 => Self::BadPrecision,
                    -1112i64 => Self::NoOrdersOnPair,
                    -1116i64 => Self::InvalidOrderType,
                    -1117i64 => Self::InvalidSide,
                    -1118i64 => Self::EmptyNewClientOrderId,
                    -1121i64 => Self::InvalidContract,
                    -1136i64 => Self::OrderQuantityTooSmall,
                    -1137i64 => Self::OrderQuantityTooLarge,
                    -1138i64 => Self::OrderPriceOutOfRange,
                    -1139i64 => Self::MarketOrderNotSupported,
                    -1140i64 => Self::PositionLimitExceeded,
                    -1141i64 => Self::DuplicateCancelOrInvalidOrder,
                    -1145i64 => Self::OrderNotCancellable,
                    -1146i64 => Self::ContractNotTradable,
                    -1147i64 => Self::CoinMarginedNotSupported,
                    -1148i64 => Self::UsdtMarginedNotSupported,
                    -1149i64 => Self::IsolatedPositionNotFound,
                    -1150i64 => Self::TooManyDecimalPlaces,
                    -1151i64 => Self::TransferAmountExceedsLimit,
                    -1152i64 => Self::LeverageAdjustmentFailed,
                    -1153i64 => Self::LeverageTooHigh,
                    -1154i64 => Self::OrderQuantityExceedsMaximum,
                    -1155i64 => Self::PriceDeviatesFromLastTrade,
                    -1156i64 => Self::CloseQuantityExceedsPosition,
                    -1157i64 => Self::PositionFrozen,
                    -1158i64 => Self::TotalOrderQuantityExceedsLimit,
                    -1159i64 => Self::OrderAmountTooManyDecimals,
                    -1160i64 => Self::OrderAmountTooSmall,
                    -1161i64 => Self::OrderAmountTooLarge,
                    -1162i64 => Self::LimitOrderAmountTooManyDecimals,
                    -1163i64 => Self::OpenOrdersPreventLeverageChange,
                    -1164i64 => Self::OrderQuantityNotAboveMinimum,
                    -1165i64 => Self::OrderTypeConfigMismatch,
                    -1166i64 => Self::OrderLeverageConfigMismatch,
                    -1167i64 => Self::SelfTradePreventionFailed,
                    -1168i64 => Self::OrderBookMissing,
                    -2013i64 => Self::OrderNotFound,
                    -2014i64 => Self::InvalidApiKeyFormat,
                    -2015i64 => Self::InvalidApiKeyIpOrPermission,
                    -2016i64 => Self::TradingFrozen,
                    -2017i64 => Self::InsufficientBalance,
                    -2100i64 => Self::ParameterIssue,
                    -2101i64 => Self::IpCountryBanned,
                    -2102i64 => Self::IpCountrySoftBanned,
                    _ => Self::Unknown(code),
                }
            }
            "user_stream" => {
                match code {
                    503i64 => Self::ServiceError,
                    1022i64 => Self::InvalidApiKey,
                    1102i64 => Self::MandatoryParamEmptyOrMalformed,
                    -1150i64 => Self::InvalidListenKey,
                    _ => Self::Unknown(code),
                }
            }
            _ => Self::Unknown(code),
        }
    }
}
impl ::std::fmt::Display for ErrorCode {
    fn fmt(&self, f: &mut ::std::fmt::Formatter<'_>) -> ::std::fmt::Result {
        ::std::write!(f, "{} ({})", self.code(), self.name())
    }
}
impl ::contango::__private::ApiCode for ErrorCode {
    fn from_wire(table: &str, code: i64) -> Self {
        ErrorCode::from_wire(table, code)
    }
    fn is_success(table: &str, code: i64) -> bool {
        match table {
            "futures" => matches!(code, 0i64),
            "user_stream" => matches!(code, 200i64),
            _ => false,
        }
    }
    fn code(self) -> i64 {
        ErrorCode::code(self)
    }
    fn retry_class(self) -> ::contango::RetryClass {
        ErrorCode::retry_class(self)
    }
    fn name(self) -> &'static str {
        ErrorCode::name(self)
    }
}
/// The one error type of every call: refused locally, refused by the server, or no answer.
pub type Error = ::contango::__private::Error<ErrorCode>;
/// Request of [`Client::ping`]: Connectivity check. Answers an empty JSON object.
///
/// `GET /v1/ping`
#[derive(
    Debug,
    Clone,
    PartialEq,
    ::contango::__private::serde::Serialize,
    ::contango::__private::serde::Deserialize
)]
#[serde(crate = "::contango::__private::serde")]
pub struct PingRequest {}
impl PingRequest {
    /// A request with the required parameters; optional ones are unset.
    pub fn new() -> Self {
        Self {}
    }
}
impl ::contango::__private::endpoint::Endpoint for PingRequest {
    type Response = ();
    type Code = ErrorCode;
    const RATE_GROUP: &'static str = "default";
    const META: ::contango::__private::endpoint::EndpointMeta = ::contango::__private::endpoint::EndpointMeta {
        name: "ping",
        method: ::contango::__private::endpoint::Method::Get,
        base: ::contango::__private::endpoint::Base::Product,
        security: ::contango::__private::endpoint::Security::None,
        envelope: ::contango::__private::endpoint::Envelope::Bare,
        error_table: "futures",
        idempotent: true,
        has_body: false,
    };
    fn validate(&self) -> ::std::result::Result<(), ::contango::InvalidArgument> {
        ::std::result::Result::Ok(())
    }
    fn write_path(&self, out: &mut ::contango::__private::encode::PathWriter<'_>) {
        out.literal("/v1/ping");
    }
    #[allow(unused_variables)]
    fn write_query(&self, out: &mut ::contango::__private::encode::QueryWriter<'_>) {}
    #[allow(unused_variables)]
    fn write_body(&self, out: &mut ::contango::__private::encode::BodyWriter<'_>) {}
    fn decode_data<'de, D: ::contango::__private::serde::Deserializer<'de>>(
        d: D,
    ) -> ::std::result::Result<Self::Response, D::Error> {
        ::contango::__private::de::ignore(d)
    }
    fn direct_data(
        r: &mut ::contango::__private::direct::Reader<'_>,
    ) -> ::std::option::Option<Self::Response> {
        r.skip()
    }
}
/// Builder of [`Client::ping`]: set optional parameters, then `send()`.
#[derive(Debug, Clone)]
#[must_use = "a request does nothing until `send()` is awaited"]
pub struct PingBuilder<'a> {
    client: &'a Client,
    request: PingRequest,
}
impl<'a> PingBuilder<'a> {
    /// The request as it stands.
    pub fn request(&self) -> &PingRequest {
        &self.request
    }
    /// Sends the request and decodes the answer.
    pub async fn send(self) -> ::std::result::Result<(), Error> {
        self.client.send(&self.request).await
    }
}
impl SendRequest for PingRequest {
    #[allow(clippy::manual_async_fn)]
    fn send_with<'a>(
        &'a self,
        client: &'a Client,
    ) -> impl ::std::future::Future<
        Output = ::std::result::Result<(), Error>,
    > + ::std::marker::Send + 'a {
        async move { client.core().send(self).await }
    }
}
impl Client {
    /// Connectivity check. Answers an empty JSON object.
    ///
    /// `GET /v1/ping` (public).
    pub fn ping(&self) -> PingBuilder<'_> {
        PingBuilder {
            client: self,
            request: PingRequest::new(),
        }
    }
}
/// Request of [`Client::server_time`]: Server time; the client uses it to keep its timestamp offset.
///
/// `GET /v1/time`
#[derive(
    Debug,
    Clone,
    PartialEq,
    ::contango::__private::serde::Serialize,
    ::contango::__private::serde::Deserialize
)]
#[serde(crate = "::contango::__private::serde")]
pub struct ServerTimeRequest {}
impl ServerTimeRequest {
    /// A request with the required parameters; optional ones are unset.
    pub fn new() -> Self {
        Self {}
    }
}
impl ::contango::__private::endpoint::Endpoint for ServerTimeRequest {
    type Response = ServerTime;
    type Code = ErrorCode;
    const RATE_GROUP: &'static str = "default";
    const META: ::contango::__private::endpoint::EndpointMeta = ::contango::__private::endpoint::EndpointMeta {
        name: "server_time",
        method: ::contango::__private::endpoint::Method::Get,
        base: ::contango::__private::endpoint::Base::Product,
        security: ::contango::__private::endpoint::Security::None,
        envelope: ::contango::__private::endpoint::Envelope::Bare,
        error_table: "futures",
        idempotent: true,
        has_body: false,
    };
    fn validate(&self) -> ::std::result::Result<(), ::contango::InvalidArgument> {
        ::std::result::Result::Ok(())
    }
    fn write_path(&self, out: &mut ::contango::__private::encode::PathWriter<'_>) {
        out.literal("/v1/time");
    }
    #[allow(unused_variables)]
    fn write_query(&self, out: &mut ::contango::__private::encode::QueryWriter<'_>) {}
    #[allow(unused_variables)]
    fn write_body(&self, out: &mut ::contango::__private::encode::BodyWriter<'_>) {}
    fn decode_data<'de, D: ::contango::__private::serde::Deserializer<'de>>(
        d: D,
    ) -> ::std::result::Result<Self::Response, D::Error> {
        ::contango::__private::de::wire(d)
    }
    fn direct_data(
        r: &mut ::contango::__private::direct::Reader<'_>,
    ) -> ::std::option::Option<Self::Response> {
        ::contango::__private::direct::Direct::direct(r)
    }
}
/// Builder of [`Client::server_time`]: set optional parameters, then `send()`.
#[derive(Debug, Clone)]
#[must_use = "a request does nothing until `send()` is awaited"]
pub struct ServerTimeBuilder<'a> {
    client: &'a Client,
    request: ServerTimeRequest,
}
impl<'a> ServerTimeBuilder<'a> {
    /// The request as it stands.
    pub fn request(&self) -> &ServerTimeRequest {
        &self.request
    }
    /// Sends the request and decodes the answer.
    pub async fn send(self) -> ::std::result::Result<ServerTime, Error> {
        self.client.send(&self.request).await
    }
}
impl SendRequest for ServerTimeRequest {
    #[allow(clippy::manual_async_fn)]
    fn send_with<'a>(
        &'a self,
        client: &'a Client,
    ) -> impl ::std::future::Future<
        Output = ::std::result::Result<ServerTime, Error>,
    > + ::std::marker::Send + 'a {
        async move { client.core().send(self).await }
    }
}
impl Client {
    /// Server time; the client uses it to keep its timestamp offset.
    ///
    /// `GET /v1/time` (public).
    pub fn server_time(&self) -> ServerTimeBuilder<'_> {
        ServerTimeBuilder {
            client: self,
            request: ServerTimeRequest::new(),
        }
    }
}
/// Request of [`Client::contracts`]: Open contracts and their order limits. The document lists contractName as required.
///
/// `GET /v1/contracts`
#[derive(
    Debug,
    Clone,
    PartialEq,
    ::contango::__private::serde::Serialize,
    ::contango::__private::serde::Deserialize
)]
#[serde(crate = "::contango::__private::serde")]
pub struct ContractsRequest {
    /// Contract name, e.g. E-BTC-USDT.
    #[serde(
        rename = "contractName",
        deserialize_with = "::contango::__private::de::wire"
    )]
    pub contract_name: ::std::string::String,
}
impl ContractsRequest {
    /// A request with the required parameters; optional ones are unset.
    pub fn new(contract_name: impl ::std::convert::Into<::std::string::String>) -> Self {
        Self {
            contract_name: contract_name.into(),
        }
    }
}
impl ::contango::__private::endpoint::Endpoint for ContractsRequest {
    type Response = ::std::vec::Vec<Contract>;
    type Code = ErrorCode;
    const RATE_GROUP: &'static str = "default";
    const META: ::contango::__private::endpoint::EndpointMeta = ::contango::__private::endpoint::EndpointMeta {
        name: "contracts",
        method: ::contango::__private::endpoint::Method::Get,
        base: ::contango::__private::endpoint::Base::Product,
        security: ::contango::__private::endpoint::Security::None,
        envelope: ::contango::__private::endpoint::Envelope::Bare,
        error_table: "futures",
        idempotent: true,
        has_body: false,
    };
    fn validate(&self) -> ::std::result::Result<(), ::contango::InvalidArgument> {
        ::contango::__private::validate::check_not_empty(
            "contractName",
            &self.contract_name,
        )?;
        ::std::result::Result::Ok(())
    }
    fn write_path(&self, out: &mut ::contango::__private::encode::PathWriter<'_>) {
        out.literal("/v1/contracts");
    }
    #[allow(unused_variables)]
    fn write_query(&self, out: &mut ::contango::__private::encode::QueryWriter<'_>) {
        out.pair("contractName", &self.contract_name);
    }
    #[allow(unused_variables)]
    fn write_body(&self, out: &mut ::contango::__private::encode::BodyWriter<'_>) {}
    fn decode_data<'de, D: ::contango::__private::serde::Deserializer<'de>>(
        d: D,
    ) -> ::std::result::Result<Self::Response, D::Error> {
        ::contango::__private::de::wire(d)
    }
    fn direct_data(
        r: &mut ::contango::__private::direct::Reader<'_>,
    ) -> ::std::option::Option<Self::Response> {
        ::contango::__private::direct::Direct::direct(r)
    }
}
/// Builder of [`Client::contracts`]: set optional parameters, then `send()`.
#[derive(Debug, Clone)]
#[must_use = "a request does nothing until `send()` is awaited"]
pub struct ContractsBuilder<'a> {
    client: &'a Client,
    request: ContractsRequest,
}
impl<'a> ContractsBuilder<'a> {
    /// The request as it stands.
    pub fn request(&self) -> &ContractsRequest {
        &self.request
    }
    /// Sends the request and decodes the answer.
    pub async fn send(self) -> ::std::result::Result<::std::vec::Vec<Contract>, Error> {
        self.client.send(&self.request).await
    }
}
impl SendRequest for ContractsRequest {
    #[allow(clippy::manual_async_fn)]
    fn send_with<'a>(
        &'a self,
        client: &'a Client,
    ) -> impl ::std::future::Future<
        Output = ::std::result::Result<::std::vec::Vec<Contract>, Error>,
    > + ::std::marker::Send + 'a {
        async move { client.core().send(self).await }
    }
}
impl Client {
    /// Open contracts and their order limits. The document lists contractName as required.
    ///
    /// `GET /v1/contracts` (public).
    pub fn contracts(
        &self,
        contract_name: impl ::std::convert::Into<::std::string::String>,
    ) -> ContractsBuilder<'_> {
        ContractsBuilder {
            client: self,
            request: ContractsRequest::new(contract_name),
        }
    }
}
/// Request of [`Client::depth`]: Order book depth of a contract.
///
/// `GET /v1/depth`
#[derive(
    Debug,
    Clone,
    PartialEq,
    ::contango::__private::serde::Serialize,
    ::contango::__private::serde::Deserialize
)]
#[serde(crate = "::contango::__private::serde")]
pub struct DepthRequest {
    /// Contract name, e.g. E-BTC-USDT.
    #[serde(
        rename = "contractName",
        deserialize_with = "::contango::__private::de::wire"
    )]
    pub contract_name: ::std::string::String,
    /// Number of price levels per side (server default 100; 1 to 100).
    #[serde(
        rename = "limit",
        default,
        skip_serializing_if = "::std::option::Option::is_none",
        deserialize_with = "::contango::__private::de::wire"
    )]
    pub limit: ::std::option::Option<i32>,
}
impl DepthRequest {
    /// A request with the required parameters; optional ones are unset.
    pub fn new(contract_name: impl ::std::convert::Into<::std::string::String>) -> Self {
        Self {
            contract_name: contract_name.into(),
            limit: ::std::option::Option::None,
        }
    }
    /// Number of price levels per side (server default 100; 1 to 100).
    pub fn limit(mut self, limit: i32) -> Self {
        self.limit = ::std::option::Option::Some(limit);
        self
    }
}
impl ::contango::__private::endpoint::Endpoint for DepthRequest {
    type Response = OrderBook;
    type Code = ErrorCode;
    const RATE_GROUP: &'static str = "default";
    const META: ::contango::__private::endpoint::EndpointMeta = ::contango::__private::endpoint::EndpointMeta {
        name: "depth",
        method: ::contango::__private::endpoint::Method::Get,
        base: ::contango::__private::endpoint::Base::Product,
        security: ::contango::__private::endpoint::Security::None,
        envelope: ::contango::__private::endpoint::Envelope::Bare,
        error_table: "futures",
        idempotent: true,
        has_body: false,
    };
    fn validate(&self) -> ::std::result::Result<(), ::contango::InvalidArgument> {
        ::contango::__private::validate::check_not_empty(
            "contractName",
            &self.contract_name,
        )?;
        if let ::std::option::Option::Some(v) = self.limit.as_ref() {
            ::contango::__private::validate::check_range(
                "limit",
                v,
                ::std::option::Option::Some(1),
                ::std::option::Option::Some(100),
            )?;
        }
        ::std::result::Result::Ok(())
    }
    fn write_path(&self, out: &mut ::contango::__private::encode::PathWriter<'_>) {
        out.literal("/v1/depth");
    }
    #[allow(unused_variables)]
    fn write_query(&self, out: &mut ::contango::__private::encode::QueryWriter<'_>) {
        out.pair("contractName", &self.contract_name);
        out.opt("limit", &self.limit);
    }
    #[allow(unused_variables)]
    fn write_body(&self, out: &mut ::contango::__private::encode::BodyWriter<'_>) {}
    fn decode_data<'de, D: ::contango::__private::serde::Deserializer<'de>>(
        d: D,
    ) -> ::std::result::Result<Self::Response, D::Error> {
        ::contango::__private::de::wire(d)
    }
    fn direct_data(
        r: &mut ::contango::__private::direct::Reader<'_>,
    ) -> ::std::option::Option<Self::Response> {
        ::contango::__private::direct::Direct::direct(r)
    }
}
/// Builder of [`Client::depth`]: set optional parameters, then `send()`.
#[derive(Debug, Clone)]
#[must_use = "a request does nothing until `send()` is awaited"]
pub struct DepthBuilder<'a> {
    client: &'a Client,
    request: DepthRequest,
}
impl<'a> DepthBuilder<'a> {
    /// Number of price levels per side (server default 100; 1 to 100).
    pub fn limit(mut self, limit: i32) -> Self {
        self.request.limit = ::std::option::Option::Some(limit);
        self
    }
    /// The request as it stands.
    pub fn request(&self) -> &DepthRequest {
        &self.request
    }
    /// Sends the request and decodes the answer.
    pub async fn send(self) -> ::std::result::Result<OrderBook, Error> {
        self.client.send(&self.request).await
    }
}
impl SendRequest for DepthRequest {
    #[allow(clippy::manual_async_fn)]
    fn send_with<'a>(
        &'a self,
        client: &'a Client,
    ) -> impl ::std::future::Future<
        Output = ::std::result::Result<OrderBook, Error>,
    > + ::std::marker::Send + 'a {
        async move { client.core().send(self).await }
    }
}
impl Client {
    /// Order book depth of a contract.
    ///
    /// `GET /v1/depth` (public).
    pub fn depth(
        &self,
        contract_name: impl ::std::convert::Into<::std::string::String>,
    ) -> DepthBuilder<'_> {
        DepthBuilder {
            client: self,
            request: DepthRequest::new(contract_name),
        }
    }
}
/// Request of [`Client::ticker`]: 24 hour ticker of a contract.
///
/// `GET /v1/ticker`
#[derive(
    Debug,
    Clone,
    PartialEq,
    ::contango::__private::serde::Serialize,
    ::contango::__private::serde::Deserialize
)]
#[serde(crate = "::contango::__private::serde")]
pub struct TickerRequest {
    /// Contract name, e.g. E-BTC-USDT.
    #[serde(
        rename = "contractName",
        deserialize_with = "::contango::__private::de::wire"
    )]
    pub contract_name: ::std::string::String,
}
impl TickerRequest {
    /// A request with the required parameters; optional ones are unset.
    pub fn new(contract_name: impl ::std::convert::Into<::std::string::String>) -> Self {
        Self {
            contract_name: contract_name.into(),
        }
    }
}
impl ::contango::__private::endpoint::Endpoint for TickerRequest {
    type Response = Ticker;
    type Code = ErrorCode;
    const RATE_GROUP: &'static str = "default";
    const META: ::contango::__private::endpoint::EndpointMeta = ::contango::__private::endpoint::EndpointMeta {
        name: "ticker",
        method: ::contango::__private::endpoint::Method::Get,
        base: ::contango::__private::endpoint::Base::Product,
        security: ::contango::__private::endpoint::Security::None,
        envelope: ::contango::__private::endpoint::Envelope::Bare,
        error_table: "futures",
        idempotent: true,
        has_body: false,
    };
    fn validate(&self) -> ::std::result::Result<(), ::contango::InvalidArgument> {
        ::contango::__private::validate::check_not_empty(
            "contractName",
            &self.contract_name,
        )?;
        ::std::result::Result::Ok(())
    }
    fn write_path(&self, out: &mut ::contango::__private::encode::PathWriter<'_>) {
        out.literal("/v1/ticker");
    }
    #[allow(unused_variables)]
    fn write_query(&self, out: &mut ::contango::__private::encode::QueryWriter<'_>) {
        out.pair("contractName", &self.contract_name);
    }
    #[allow(unused_variables)]
    fn write_body(&self, out: &mut ::contango::__private::encode::BodyWriter<'_>) {}
    fn decode_data<'de, D: ::contango::__private::serde::Deserializer<'de>>(
        d: D,
    ) -> ::std::result::Result<Self::Response, D::Error> {
        ::contango::__private::de::wire(d)
    }
    fn direct_data(
        r: &mut ::contango::__private::direct::Reader<'_>,
    ) -> ::std::option::Option<Self::Response> {
        ::contango::__private::direct::Direct::direct(r)
    }
}
/// Builder of [`Client::ticker`]: set optional parameters, then `send()`.
#[derive(Debug, Clone)]
#[must_use = "a request does nothing until `send()` is awaited"]
pub struct TickerBuilder<'a> {
    client: &'a Client,
    request: TickerRequest,
}
impl<'a> TickerBuilder<'a> {
    /// The request as it stands.
    pub fn request(&self) -> &TickerRequest {
        &self.request
    }
    /// Sends the request and decodes the answer.
    pub async fn send(self) -> ::std::result::Result<Ticker, Error> {
        self.client.send(&self.request).await
    }
}
impl SendRequest for TickerRequest {
    #[allow(clippy::manual_async_fn)]
    fn send_with<'a>(
        &'a self,
        client: &'a Client,
    ) -> impl ::std::future::Future<
        Output = ::std::result::Result<Ticker, Error>,
    > + ::std::marker::Send + 'a {
        async move { client.core().send(self).await }
    }
}
impl Client {
    /// 24 hour ticker of a contract.
    ///
    /// `GET /v1/ticker` (public).
    pub fn ticker(
        &self,
        contract_name: impl ::std::convert::Into<::std::string::String>,
    ) -> TickerBuilder<'_> {
        TickerBuilder {
            client: self,
            request: TickerRequest::new(contract_name),
        }
    }
}
/// Request of [`Client::klines`]: Candlesticks of a contract. The start time idx of each candle is in seconds.
///
/// `GET /v1/klines`
#[derive(
    Debug,
    Clone,
    PartialEq,
    ::contango::__private::serde::Serialize,
    ::contango::__private::serde::Deserialize
)]
#[serde(crate = "::contango::__private::serde")]
pub struct KlinesRequest {
    /// Contract name, e.g. E-BTC-USDT.
    #[serde(
        rename = "contractName",
        deserialize_with = "::contango::__private::de::wire"
    )]
    pub contract_name: ::std::string::String,
    /// Candlestick interval.
    #[serde(rename = "interval", deserialize_with = "::contango::__private::de::wire")]
    pub interval: KlineInterval,
    /// Number of candlesticks (server default 100; 1 to 300).
    #[serde(
        rename = "limit",
        default,
        skip_serializing_if = "::std::option::Option::is_none",
        deserialize_with = "::contango::__private::de::wire"
    )]
    pub limit: ::std::option::Option<i32>,
}
impl KlinesRequest {
    /// A request with the required parameters; optional ones are unset.
    pub fn new(
        contract_name: impl ::std::convert::Into<::std::string::String>,
        interval: KlineInterval,
    ) -> Self {
        Self {
            contract_name: contract_name.into(),
            interval: interval,
            limit: ::std::option::Option::None,
        }
    }
    /// Number of candlesticks (server default 100; 1 to 300).
    pub fn limit(mut self, limit: i32) -> Self {
        self.limit = ::std::option::Option::Some(limit);
        self
    }
}
impl ::contango::__private::endpoint::Endpoint for KlinesRequest {
    type Response = ::std::vec::Vec<Kline>;
    type Code = ErrorCode;
    const RATE_GROUP: &'static str = "default";
    const META: ::contango::__private::endpoint::EndpointMeta = ::contango::__private::endpoint::EndpointMeta {
        name: "klines",
        method: ::contango::__private::endpoint::Method::Get,
        base: ::contango::__private::endpoint::Base::Product,
        security: ::contango::__private::endpoint::Security::None,
        envelope: ::contango::__private::endpoint::Envelope::Bare,
        error_table: "futures",
        idempotent: true,
        has_body: false,
    };
    fn validate(&self) -> ::std::result::Result<(), ::contango::InvalidArgument> {
        ::contango::__private::validate::check_not_empty(
            "contractName",
            &self.contract_name,
        )?;
        if let ::std::option::Option::Some(v) = self.limit.as_ref() {
            ::contango::__private::validate::check_range(
                "limit",
                v,
                ::std::option::Option::Some(1),
                ::std::option::Option::Some(300),
            )?;
        }
        ::std::result::Result::Ok(())
    }
    fn write_path(&self, out: &mut ::contango::__private::encode::PathWriter<'_>) {
        out.literal("/v1/klines");
    }
    #[allow(unused_variables)]
    fn write_query(&self, out: &mut ::contango::__private::encode::QueryWriter<'_>) {
        out.pair("contractName", &self.contract_name);
        out.pair("interval", &self.interval);
        out.opt("limit", &self.limit);
    }
    #[allow(unused_variables)]
    fn write_body(&self, out: &mut ::contango::__private::encode::BodyWriter<'_>) {}
    fn decode_data<'de, D: ::contango::__private::serde::Deserializer<'de>>(
        d: D,
    ) -> ::std::result::Result<Self::Response, D::Error> {
        ::contango::__private::de::wire(d)
    }
    fn direct_data(
        r: &mut ::contango::__private::direct::Reader<'_>,
    ) -> ::std::option::Option<Self::Response> {
        ::contango::__private::direct::Direct::direct(r)
    }
}
/// Builder of [`Client::klines`]: set optional parameters, then `send()`.
#[derive(Debug, Clone)]
#[must_use = "a request does nothing until `send()` is awaited"]
pub struct KlinesBuilder<'a> {
    client: &'a Client,
    request: KlinesRequest,
}
impl<'a> KlinesBuilder<'a> {
    /// Number of candlesticks (server default 100; 1 to 300).
    pub fn limit(mut self, limit: i32) -> Self {
        self.request.limit = ::std::option::Option::Some(limit);
        self
    }
    /// The request as it stands.
    pub fn request(&self) -> &KlinesRequest {
        &self.request
    }
    /// Sends the request and decodes the answer.
    pub async fn send(self) -> ::std::result::Result<::std::vec::Vec<Kline>, Error> {
        self.client.send(&self.request).await
    }
}
impl SendRequest for KlinesRequest {
    #[allow(clippy::manual_async_fn)]
    fn send_with<'a>(
        &'a self,
        client: &'a Client,
    ) -> impl ::std::future::Future<
        Output = ::std::result::Result<::std::vec::Vec<Kline>, Error>,
    > + ::std::marker::Send + 'a {
        async move { client.core().send(self).await }
    }
}
impl Client {
    /// Candlesticks of a contract. The start time idx of each candle is in seconds.
    ///
    /// `GET /v1/klines` (public).
    pub fn klines(
        &self,
        contract_name: impl ::std::convert::Into<::std::string::String>,
        interval: KlineInterval,
    ) -> KlinesBuilder<'_> {
        KlinesBuilder {
            client: self,
            request: KlinesRequest::new(contract_name, interval),
        }
    }
}
/// Request of [`Client::my_trades`]: Trades of the account in a contract. An empty list may come as null.
///
/// `GET /v2/myTrades`
#[derive(
    Debug,
    Clone,
    PartialEq,
    ::contango::__private::serde::Serialize,
    ::contango::__private::serde::Deserialize
)]
#[serde(crate = "::contango::__private::serde")]
pub struct MyTradesRequest {
    /// Contract name.
    #[serde(
        rename = "contractName",
        deserialize_with = "::contango::__private::de::wire"
    )]
    pub contract_name: ::std::string::String,
    /// Trade id to start from; by default the most recent trades.
    #[serde(
        rename = "fromId",
        default,
        skip_serializing_if = "::std::option::Option::is_none",
        deserialize_with = "::contango::__private::de::wire"
    )]
    pub from_id: ::std::option::Option<i64>,
    /// Number of trades (server default 100; 1 to 1000).
    #[serde(
        rename = "limit",
        default,
        skip_serializing_if = "::std::option::Option::is_none",
        deserialize_with = "::contango::__private::de::wire"
    )]
    pub limit: ::std::option::Option<i32>,
    /// Start time in milliseconds.
    #[serde(
        rename = "startTime",
        default,
        skip_serializing_if = "::std::option::Option::is_none",
        deserialize_with = "::contango::__private::de::wire"
    )]
    pub start_time: ::std::option::Option<::contango::Millis>,
    /// End time in milliseconds.
    #[serde(
        rename = "endTime",
        default,
        skip_serializing_if = "::std::option::Option::is_none",
        deserialize_with = "::contango::__private::de::wire"
    )]
    pub end_time: ::std::option::Option<::contango::Millis>,
}
impl MyTradesRequest {
    /// A request with the required parameters; optional ones are unset.
    pub fn new(contract_name: impl ::std::convert::Into<::std::string::String>) -> Self {
        Self {
            contract_name: contract_name.into(),
            from_id: ::std::option::Option::None,
            limit: ::std::option::Option::None,
            start_time: ::std::option::Option::None,
            end_time: ::std::option::Option::None,
        }
    }
    /// Trade id to start from; by default the most recent trades.
    pub fn from_id(mut self, from_id: i64) -> Self {
        self.from_id = ::std::option::Option::Some(from_id);
        self
    }
    /// Number of trades (server default 100; 1 to 1000).
    pub fn limit(mut self, limit: i32) -> Self {
        self.limit = ::std::option::Option::Some(limit);
        self
    }
    /// Start time in milliseconds.
    pub fn start_time(mut self, start_time: ::contango::Millis) -> Self {
        self.start_time = ::std::option::Option::Some(start_time);
        self
    }
    /// End time in milliseconds.
    pub fn end_time(mut self, end_time: ::contango::Millis) -> Self {
        self.end_time = ::std::option::Option::Some(end_time);
        self
    }
}
impl ::contango::__private::endpoint::Endpoint for MyTradesRequest {
    type Response = ::std::vec::Vec<Trade>;
    type Code = ErrorCode;
    const RATE_GROUP: &'static str = "default";
    const META: ::contango::__private::endpoint::EndpointMeta = ::contango::__private::endpoint::EndpointMeta {
        name: "my_trades",
        method: ::contango::__private::endpoint::Method::Get,
        base: ::contango::__private::endpoint::Base::Product,
        security: ::contango::__private::endpoint::Security::UserData,
        envelope: ::contango::__private::endpoint::Envelope::Wrapped,
        error_table: "futures",
        idempotent: true,
        has_body: false,
    };
    fn validate(&self) -> ::std::result::Result<(), ::contango::InvalidArgument> {
        ::contango::__private::validate::check_not_empty(
            "contractName",
            &self.contract_name,
        )?;
        if let ::std::option::Option::Some(v) = self.limit.as_ref() {
            ::contango::__private::validate::check_range(
                "limit",
                v,
                ::std::option::Option::Some(1),
                ::std::option::Option::Some(1000),
            )?;
        }
        ::std::result::Result::Ok(())
    }
    fn write_path(&self, out: &mut ::contango::__private::encode::PathWriter<'_>) {
        out.literal("/v2/myTrades");
    }
    #[allow(unused_variables)]
    fn write_query(&self, out: &mut ::contango::__private::encode::QueryWriter<'_>) {
        out.pair("contractName", &self.contract_name);
        out.opt("fromId", &self.from_id);
        out.opt("limit", &self.limit);
        out.opt("startTime", &self.start_time);
        out.opt("endTime", &self.end_time);
    }
    #[allow(unused_variables)]
    fn write_body(&self, out: &mut ::contango::__private::encode::BodyWriter<'_>) {}
    fn decode_data<'de, D: ::contango::__private::serde::Deserializer<'de>>(
        d: D,
    ) -> ::std::result::Result<Self::Response, D::Error> {
        ::contango::__private::de::wire(d)
    }
    fn direct_data(
        r: &mut ::contango::__private::direct::Reader<'_>,
    ) -> ::std::option::Option<Self::Response> {
        ::contango::__private::direct::Direct::direct(r)
    }
}
/// Builder of [`Client::my_trades`]: set optional parameters, then `send()`.
#[derive(Debug, Clone)]
#[must_use = "a request does nothing until `send()` is awaited"]
pub struct MyTradesBuilder<'a> {
    client: &'a Client,
    request: MyTradesRequest,
}
impl<'a> MyTradesBuilder<'a> {
    /// Trade id to start from; by default the most recent trades.
    pub fn from_id(mut self, from_id: i64) -> Self {
        self.request.from_id = ::std::option::Option::Some(from_id);
        self
    }
    /// Number of trades (server default 100; 1 to 1000).
    pub fn limit(mut self, limit: i32) -> Self {
        self.request.limit = ::std::option::Option::Some(limit);
        self
    }
    /// Start time in milliseconds.
    pub fn start_time(mut self, start_time: ::contango::Millis) -> Self {
        self.request.start_time = ::std::option::Option::Some(start_time);
        self
    }
    /// End time in milliseconds.
    pub fn end_time(mut self, end_time: ::contango::Millis) -> Self {
        self.request.end_time = ::std::option::Option::Some(end_time);
        self
    }
    /// The request as it stands.
    pub fn request(&self) -> &MyTradesRequest {
        &self.request
    }
    /// Sends the request and decodes the answer.
    pub async fn send(self) -> ::std::result::Result<::std::vec::Vec<Trade>, Error> {
        self.client.send(&self.request).await
    }
}
impl SendRequest for MyTradesRequest {
    #[allow(clippy::manual_async_fn)]
    fn send_with<'a>(
        &'a self,
        client: &'a Client,
    ) -> impl ::std::future::Future<
        Output = ::std::result::Result<::std::vec::Vec<Trade>, Error>,
    > + ::std::marker::Send + 'a {
        async move { client.core().send(self).await }
    }
}
impl Client {
    /// Trades of the account in a contract. An empty list may come as null.
    ///
    /// `GET /v2/myTrades` (USER_DATA, signed).
    pub fn my_trades(
        &self,
        contract_name: impl ::std::convert::Into<::std::string::String>,
    ) -> MyTradesBuilder<'_> {
        MyTradesBuilder {
            client: self,
            request: MyTradesRequest::new(contract_name),
        }
    }
}
/// Request of [`Client::position_margin`]: Changes the margin of an isolated position. The amount is sent as amount (the field table); the document's sample body names it positionMargin (DESIGN §7).
///
/// `POST /v2/positionMargin`
#[derive(
    Debug,
    Clone,
    PartialEq,
    ::contango::__private::serde::Serialize,
    ::contango::__private::serde::Deserialize
)]
#[serde(crate = "::contango::__private::serde")]
pub struct PositionMarginRequest {
    /// Contract name.
    #[serde(
        rename = "contractName",
        deserialize_with = "::contango::__private::de::wire"
    )]
    pub contract_name: ::std::string::String,
    /// Margin amount to add or remove.
    #[serde(rename = "amount", deserialize_with = "::contango::__private::de::wire")]
    pub amount: ::contango::__private::rust_decimal::Decimal,
}
impl PositionMarginRequest {
    /// A request with the required parameters; optional ones are unset.
    pub fn new(
        contract_name: impl ::std::convert::Into<::std::string::String>,
        amount: ::contango::__private::rust_decimal::Decimal,
    ) -> Self {
        Self {
            contract_name: contract_name.into(),
            amount: amount,
        }
    }
}
impl ::contango::__private::endpoint::Endpoint for PositionMarginRequest {
    type Response = ();
    type Code = ErrorCode;
    const RATE_GROUP: &'static str = "default";
    const META: ::contango::__private::endpoint::EndpointMeta = ::contango::__private::endpoint::EndpointMeta {
        name: "position_margin",
        method: ::contango::__private::endpoint::Method::Post,
        base: ::contango::__private::endpoint::Base::Product,
        security: ::contango::__private::endpoint::Security::Trade,
        envelope: ::contango::__private::endpoint::Envelope::Wrapped,
        error_table: "futures",
        idempotent: false,
        has_body: true,
    };
    fn validate(&self) -> ::std::result::Result<(), ::contango::InvalidArgument> {
        ::contango::__private::validate::check_not_empty(
            "contractName",
            &self.contract_name,
        )?;
        ::std::result::Result::Ok(())
    }
    fn write_path(&self, out: &mut ::contango::__private::encode::PathWriter<'_>) {
        out.literal("/v2/positionMargin");
    }
    #[allow(unused_variables)]
    fn write_query(&self, out: &mut ::contango::__private::encode::QueryWriter<'_>) {}
    #[allow(unused_variables)]
    fn write_body(&self, out: &mut ::contango::__private::encode::BodyWriter<'_>) {
        out.field("contractName", &self.contract_name);
        out.field("amount", &self.amount);
    }
    fn decode_data<'de, D: ::contango::__private::serde::Deserializer<'de>>(
        d: D,
    ) -> ::std::result::Result<Self::Response, D::Error> {
        ::contango::__private::de::ignore(d)
    }
    fn direct_data(
        r: &mut ::contango::__private::direct::Reader<'_>,
    ) -> ::std::option::Option<Self::Response> {
        r.skip()
    }
}
/// Builder of [`Client::position_margin`]: set optional parameters, then `send()`.
#[derive(Debug, Clone)]
#[must_use = "a request does nothing until `send()` is awaited"]
pub struct PositionMarginBuilder<'a> {
    client: &'a Client,
    request: PositionMarginRequest,
}
impl<'a> PositionMarginBuilder<'a> {
    /// The request as it stands.
    pub fn request(&self) -> &PositionMarginRequest {
        &self.request
    }
    /// Sends the request and decodes the answer.
    pub async fn send(self) -> ::std::result::Result<(), Error> {
        self.client.send(&self.request).await
    }
}
impl SendRequest for PositionMarginRequest {
    #[allow(clippy::manual_async_fn)]
    fn send_with<'a>(
        &'a self,
        client: &'a Client,
    ) -> impl ::std::future::Future<
        Output = ::std::result::Result<(), Error>,
    > + ::std::marker::Send + 'a {
        async move { client.core().send(self).await }
    }
}
impl Client {
    /// Changes the margin of an isolated position. The amount is sent as amount (the field table); the document's sample body names it positionMargin (DESIGN §7).
    ///
    /// `POST /v2/positionMargin` (TRADE, signed).
    pub fn position_margin(
        &self,
        contract_name: impl ::std::convert::Into<::std::string::String>,
        amount: ::contango::__private::rust_decimal::Decimal,
    ) -> PositionMarginBuilder<'_> {
        PositionMarginBuilder {
            client: self,
            request: PositionMarginRequest::new(contract_name, amount),
        }
    }
}
/// Request of [`Client::level_edit`]: Changes the initial leverage of a contract.
///
/// `POST /v2/level_edit`
#[derive(
    Debug,
    Clone,
    PartialEq,
    ::contango::__private::serde::Serialize,
    ::contango::__private::serde::Deserialize
)]
#[serde(crate = "::contango::__private::serde")]
pub struct LevelEditRequest {
    /// Contract name.
    #[serde(
        rename = "contractName",
        deserialize_with = "::contango::__private::de::wire"
    )]
    pub contract_name: ::std::string::String,
    /// New leverage, 1 to 125 (1 to 125).
    #[serde(rename = "leverage", deserialize_with = "::contango::__private::de::wire")]
    pub leverage: i32,
}
impl LevelEditRequest {
    /// A request with the required parameters; optional ones are unset.
    pub fn new(
        contract_name: impl ::std::convert::Into<::std::string::String>,
        leverage: i32,
    ) -> Self {
        Self {
            contract_name: contract_name.into(),
            leverage: leverage,
        }
    }
}
impl ::contango::__private::endpoint::Endpoint for LevelEditRequest {
    type Response = ();
    type Code = ErrorCode;
    const RATE_GROUP: &'static str = "default";
    const META: ::contango::__private::endpoint::EndpointMeta = ::contango::__private::endpoint::EndpointMeta {
        name: "level_edit",
        method: ::contango::__private::endpoint::Method::Post,
        base: ::contango::__private::endpoint::Base::Product,
        security: ::contango::__private::endpoint::Security::Trade,
        envelope: ::contango::__private::endpoint::Envelope::Wrapped,
        error_table: "futures",
        idempotent: false,
        has_body: true,
    };
    fn validate(&self) -> ::std::result::Result<(), ::contango::InvalidArgument> {
        ::contango::__private::validate::check_not_empty(
            "contractName",
            &self.contract_name,
        )?;
        if let ::std::option::Option::Some(v) = ::std::option::Option::Some(
            &self.leverage,
        ) {
            ::contango::__private::validate::check_range(
                "leverage",
                v,
                ::std::option::Option::Some(1),
                ::std::option::Option::Some(125),
            )?;
        }
        ::std::result::Result::Ok(())
    }
    fn write_path(&self, out: &mut ::contango::__private::encode::PathWriter<'_>) {
        out.literal("/v2/level_edit");
    }
    #[allow(unused_variables)]
    fn write_query(&self, out: &mut ::contango::__private::encode::QueryWriter<'_>) {}
    #[allow(unused_variables)]
    fn write_body(&self, out: &mut ::contango::__private::encode::BodyWriter<'_>) {
        out.field("contractName", &self.contract_name);
        out.field("leverage", &self.leverage);
    }
    fn decode_data<'de, D: ::contango::__private::serde::Deserializer<'de>>(
        d: D,
    ) -> ::std::result::Result<Self::Response, D::Error> {
        ::contango::__private::de::ignore(d)
    }
    fn direct_data(
        r: &mut ::contango::__private::direct::Reader<'_>,
    ) -> ::std::option::Option<Self::Response> {
        r.skip()
    }
}
/// Builder of [`Client::level_edit`]: set optional parameters, then `send()`.
#[derive(Debug, Clone)]
#[must_use = "a request does nothing until `send()` is awaited"]
pub struct LevelEditBuilder<'a> {
    client: &'a Client,
    request: LevelEditRequest,
}
impl<'a> LevelEditBuilder<'a> {
    /// The request as it stands.
    pub fn request(&self) -> &LevelEditRequest {
        &self.request
    }
    /// Sends the request and decodes the answer.
    pub async fn send(self) -> ::std::result::Result<(), Error> {
        self.client.send(&self.request).await
    }
}
impl SendRequest for LevelEditRequest {
    #[allow(clippy::manual_async_fn)]
    fn send_with<'a>(
        &'a self,
        client: &'a Client,
    ) -> impl ::std::future::Future<
        Output = ::std::result::Result<(), Error>,
    > + ::std::marker::Send + 'a {
        async move { client.core().send(self).await }
    }
}
impl Client {
    /// Changes the initial leverage of a contract.
    ///
    /// `POST /v2/level_edit` (TRADE, signed).
    pub fn level_edit(
        &self,
        contract_name: impl ::std::convert::Into<::std::string::String>,
        leverage: i32,
    ) -> LevelEditBuilder<'_> {
        LevelEditBuilder {
            client: self,
            request: LevelEditRequest::new(contract_name, leverage),
        }
    }
}
/// Request of [`Client::open_orders`]: Open orders of the account in a contract. An empty list may come as null.
///
/// `GET /v2/openOrders`
#[derive(
    Debug,
    Clone,
    PartialEq,
    ::contango::__private::serde::Serialize,
    ::contango::__private::serde::Deserialize
)]
#[serde(crate = "::contango::__private::serde")]
pub struct OpenOrdersRequest {
    /// Contract name.
    #[serde(
        rename = "contractName",
        deserialize_with = "::contango::__private::de::wire"
    )]
    pub contract_name: ::std::string::String,
}
impl OpenOrdersRequest {
    /// A request with the required parameters; optional ones are unset.
    pub fn new(contract_name: impl ::std::convert::Into<::std::string::String>) -> Self {
        Self {
            contract_name: contract_name.into(),
        }
    }
}
impl ::contango::__private::endpoint::Endpoint for OpenOrdersRequest {
    type Response = ::std::vec::Vec<Order>;
    type Code = ErrorCode;
    const RATE_GROUP: &'static str = "default";
    const META: ::contango::__private::endpoint::EndpointMeta = ::contango::__private::endpoint::EndpointMeta {
        name: "open_orders",
        method: ::contango::__private::endpoint::Method::Get,
        base: ::contango::__private::endpoint::Base::Product,
        security: ::contango::__private::endpoint::Security::UserData,
        envelope: ::contango::__private::endpoint::Envelope::Wrapped,
        error_table: "futures",
        idempotent: true,
        has_body: false,
    };
    fn validate(&self) -> ::std::result::Result<(), ::contango::InvalidArgument> {
        ::contango::__private::validate::check_not_empty(
            "contractName",
            &self.contract_name,
        )?;
        ::std::result::Result::Ok(())
    }
    fn write_path(&self, out: &mut ::contango::__private::encode::PathWriter<'_>) {
        out.literal("/v2/openOrders");
    }
    #[allow(unused_variables)]
    fn write_query(&self, out: &mut ::contango::__private::encode::QueryWriter<'_>) {
        out.pair("contractName", &self.contract_name);
    }
    #[allow(unused_variables)]
    fn write_body(&self, out: &mut ::contango::__private::encode::BodyWriter<'_>) {}
    fn decode_data<'de, D: ::contango::__private::serde::Deserializer<'de>>(
        d: D,
    ) -> ::std::result::Result<Self::Response, D::Error> {
        ::contango::__private::de::wire(d)
    }
    fn direct_data(
        r: &mut ::contango::__private::direct::Reader<'_>,
    ) -> ::std::option::Option<Self::Response> {
        ::contango::__private::direct::Direct::direct(r)
    }
}
/// Builder of [`Client::open_orders`]: set optional parameters, then `send()`.
#[derive(Debug, Clone)]
#[must_use = "a request does nothing until `send()` is awaited"]
pub struct OpenOrdersBuilder<'a> {
    client: &'a Client,
    request: OpenOrdersRequest,
}
impl<'a> OpenOrdersBuilder<'a> {
    /// The request as it stands.
    pub fn request(&self) -> &OpenOrdersRequest {
        &self.request
    }
    /// Sends the request and decodes the answer.
    pub async fn send(self) -> ::std::result::Result<::std::vec::Vec<Order>, Error> {
        self.client.send(&self.request).await
    }
}
impl SendRequest for OpenOrdersRequest {
    #[allow(clippy::manual_async_fn)]
    fn send_with<'a>(
        &'a self,
        client: &'a Client,
    ) -> impl ::std::future::Future<
        Output = ::std::result::Result<::std::vec::Vec<Order>, Error>,
    > + ::std::marker::Send + 'a {
        async move { client.core().send(self).await }
    }
}
impl Client {
    /// Open orders of the account in a contract. An empty list may come as null.
    ///
    /// `GET /v2/openOrders` (USER_DATA, signed).
    pub fn open_orders(
        &self,
        contract_name: impl ::std::convert::Into<::std::string::String>,
    ) -> OpenOrdersBuilder<'_> {
        OpenOrdersBuilder {
            client: self,
            request: OpenOrdersRequest::new(contract_name),
        }
    }
}
/// Request of [`Client::cancel_order`]: Cancels an order, named by orderId or clientOrderId (at least one is required).
///
/// `POST /v2/cancel`
#[derive(
    Debug,
    Clone,
    PartialEq,
    ::contango::__private::serde::Serialize,
    ::contango::__private::serde::Deserialize
)]
#[serde(crate = "::contango::__private::serde")]
pub struct CancelOrderRequest {
    /// Contract name.
    #[serde(
        rename = "contractName",
        deserialize_with = "::contango::__private::de::wire"
    )]
    pub contract_name: ::std::string::String,
    /// Client order id of the order to cancel.
    #[serde(
        rename = "clientOrderId",
        default,
        skip_serializing_if = "::std::option::Option::is_none",
        deserialize_with = "::contango::__private::de::wire"
    )]
    pub client_order_id: ::std::option::Option<::std::string::String>,
    /// Id of the order to cancel.
    #[serde(
        rename = "orderId",
        default,
        skip_serializing_if = "::std::option::Option::is_none",
        deserialize_with = "::contango::__private::de::wire"
    )]
    pub order_id: ::std::option::Option<i64>,
}
impl CancelOrderRequest {
    /// A request with the required parameters; optional ones are unset.
    pub fn new(contract_name: impl ::std::convert::Into<::std::string::String>) -> Self {
        Self {
            contract_name: contract_name.into(),
            client_order_id: ::std::option::Option::None,
            order_id: ::std::option::Option::None,
        }
    }
    /// Client order id of the order to cancel.
    pub fn client_order_id(
        mut self,
        client_order_id: impl ::std::convert::Into<::std::string::String>,
    ) -> Self {
        self.client_order_id = ::std::option::Option::Some(client_order_id.into());
        self
    }
    /// Id of the order to cancel.
    pub fn order_id(mut self, order_id: i64) -> Self {
        self.order_id = ::std::option::Option::Some(order_id);
        self
    }
}
impl ::contango::__private::endpoint::Endpoint for CancelOrderRequest {
    type Response = OrderId;
    type Code = ErrorCode;
    const RATE_GROUP: &'static str = "orders";
    const META: ::contango::__private::endpoint::EndpointMeta = ::contango::__private::endpoint::EndpointMeta {
        name: "cancel_order",
        method: ::contango::__private::endpoint::Method::Post,
        base: ::contango::__private::endpoint::Base::Product,
        security: ::contango::__private::endpoint::Security::Trade,
        envelope: ::contango::__private::endpoint::Envelope::Wrapped,
        error_table: "futures",
        idempotent: false,
        has_body: true,
    };
    fn validate(&self) -> ::std::result::Result<(), ::contango::InvalidArgument> {
        ::contango::__private::validate::check_not_empty(
            "contractName",
            &self.contract_name,
        )?;
        ::contango::__private::validate::at_least_one_of(
            &[
                ("clientOrderId", self.client_order_id.is_some()),
                ("orderId", self.order_id.is_some()),
            ],
        )?;
        ::std::result::Result::Ok(())
    }
    fn write_path(&self, out: &mut ::contango::__private::encode::PathWriter<'_>) {
        out.literal("/v2/cancel");
    }
    #[allow(unused_variables)]
    fn write_query(&self, out: &mut ::contango::__private::encode::QueryWriter<'_>) {}
    #[allow(unused_variables)]
    fn write_body(&self, out: &mut ::contango::__private::encode::BodyWriter<'_>) {
        out.field("contractName", &self.contract_name);
        out.opt("clientOrderId", &self.client_order_id);
        out.opt("orderId", &self.order_id);
    }
    fn decode_data<'de, D: ::contango::__private::serde::Deserializer<'de>>(
        d: D,
    ) -> ::std::result::Result<Self::Response, D::Error> {
        ::contango::__private::de::wire(d)
    }
    fn direct_data(
        r: &mut ::contango::__private::direct::Reader<'_>,
    ) -> ::std::option::Option<Self::Response> {
        ::contango::__private::direct::Direct::direct(r)
    }
}
/// Builder of [`Client::cancel_order`]: set optional parameters, then `send()`.
#[derive(Debug, Clone)]
#[must_use = "a request does nothing until `send()` is awaited"]
pub struct CancelOrderBuilder<'a> {
    client: &'a Client,
    request: CancelOrderRequest,
}
impl<'a> CancelOrderBuilder<'a> {
    /// Client order id of the order to cancel.
    pub fn client_order_id(
        mut self,
        client_order_id: impl ::std::convert::Into<::std::string::String>,
    ) -> Self {
        self.request.client_order_id = ::std::option::Option::Some(
            client_order_id.into(),
        );
        self
    }
    /// Id of the order to cancel.
    pub fn order_id(mut self, order_id: i64) -> Self {
        self.request.order_id = ::std::option::Option::Some(order_id);
        self
    }
    /// The request as it stands.
    pub fn request(&self) -> &CancelOrderRequest {
        &self.request
    }
    /// Sends the request and decodes the answer.
    pub async fn send(self) -> ::std::result::Result<OrderId, Error> {
        self.client.send(&self.request).await
    }
}
impl SendRequest for CancelOrderRequest {
    #[allow(clippy::manual_async_fn)]
    fn send_with<'a>(
        &'a self,
        client: &'a Client,
    ) -> impl ::std::future::Future<
        Output = ::std::result::Result<OrderId, Error>,
    > + ::std::marker::Send + 'a {
        async move { client.core().send(self).await }
    }
}
impl Client {
    /// Cancels an order, named by orderId or clientOrderId (at least one is required).
    ///
    /// `POST /v2/cancel` (TRADE, signed).
    pub fn cancel_order(
        &self,
        contract_name: impl ::std::convert::Into<::std::string::String>,
    ) -> CancelOrderBuilder<'_> {
        CancelOrderBuilder {
            client: self,
            request: CancelOrderRequest::new(contract_name),
        }
    }
}
/// Request of [`Client::query_order`]: Looks up an order by orderId or clientOrderId (at least one is required). The field table says one object, the samples show a list (with empty objects); both are accepted and exposed as a list.
///
/// `GET /v2/order`
#[derive(
    Debug,
    Clone,
    PartialEq,
    ::contango::__private::serde::Serialize,
    ::contango::__private::serde::Deserialize
)]
#[serde(crate = "::contango::__private::serde")]
pub struct QueryOrderRequest {
    /// Contract name.
    #[serde(
        rename = "contractName",
        deserialize_with = "::contango::__private::de::wire"
    )]
    pub contract_name: ::std::string::String,
    /// Client order id of the order.
    #[serde(
        rename = "clientOrderId",
        default,
        skip_serializing_if = "::std::option::Option::is_none",
        deserialize_with = "::contango::__private::de::wire"
    )]
    pub client_order_id: ::std::option::Option<::std::string::String>,
    /// Id of the order.
    #[serde(
        rename = "orderId",
        default,
        skip_serializing_if = "::std::option::Option::is_none",
        deserialize_with = "::contango::__private::de::wire"
    )]
    pub order_id: ::std::option::Option<i64>,
}
impl QueryOrderRequest {
    /// A request with the required parameters; optional ones are unset.
    pub fn new(contract_name: impl ::std::convert::Into<::std::string::String>) -> Self {
        Self {
            contract_name: contract_name.into(),
            client_order_id: ::std::option::Option::None,
            order_id: ::std::option::Option::None,
        }
    }
    /// Client order id of the order.
    pub fn client_order_id(
        mut self,
        client_order_id: impl ::std::convert::Into<::std::string::String>,
    ) -> Self {
        self.client_order_id = ::std::option::Option::Some(client_order_id.into());
        self
    }
    /// Id of the order.
    pub fn order_id(mut self, order_id: i64) -> Self {
        self.order_id = ::std::option::Option::Some(order_id);
        self
    }
}
impl ::contango::__private::endpoint::Endpoint for QueryOrderRequest {
    type Response = ::std::vec::Vec<Order>;
    type Code = ErrorCode;
    const RATE_GROUP: &'static str = "default";
    const META: ::contango::__private::endpoint::EndpointMeta = ::contango::__private::endpoint::EndpointMeta {
        name: "query_order",
        method: ::contango::__private::endpoint::Method::Get,
        base: ::contango::__private::endpoint::Base::Product,
        security: ::contango::__private::endpoint::Security::UserData,
        envelope: ::contango::__private::endpoint::Envelope::Wrapped,
        error_table: "futures",
        idempotent: true,
        has_body: false,
    };
    fn validate(&self) -> ::std::result::Result<(), ::contango::InvalidArgument> {
        ::contango::__private::validate::check_not_empty(
            "contractName",
            &self.contract_name,
        )?;
        ::contango::__private::validate::at_least_one_of(
            &[
                ("clientOrderId", self.client_order_id.is_some()),
                ("orderId", self.order_id.is_some()),
            ],
        )?;
        ::std::result::Result::Ok(())
    }
    fn write_path(&self, out: &mut ::contango::__private::encode::PathWriter<'_>) {
        out.literal("/v2/order");
    }
    #[allow(unused_variables)]
    fn write_query(&self, out: &mut ::contango::__private::encode::QueryWriter<'_>) {
        out.pair("contractName", &self.contract_name);
        out.opt("clientOrderId", &self.client_order_id);
        out.opt("orderId", &self.order_id);
    }
    #[allow(unused_variables)]
    fn write_body(&self, out: &mut ::contango::__private::encode::BodyWriter<'_>) {}
    fn decode_data<'de, D: ::contango::__private::serde::Deserializer<'de>>(
        d: D,
    ) -> ::std::result::Result<Self::Response, D::Error> {
        ::contango::__private::de::one_or_many(d)
    }
    fn direct_data(
        r: &mut ::contango::__private::direct::Reader<'_>,
    ) -> ::std::option::Option<Self::Response> {
        ::contango::__private::direct::one_or_many(r)
    }
}
/// Builder of [`Client::query_order`]: set optional parameters, then `send()`.
#[derive(Debug, Clone)]
#[must_use = "a request does nothing until `send()` is awaited"]
pub struct QueryOrderBuilder<'a> {
    client: &'a Client,
    request: QueryOrderRequest,
}
impl<'a> QueryOrderBuilder<'a> {
    /// Client order id of the order.
    pub fn client_order_id(
        mut self,
        client_order_id: impl ::std::convert::Into<::std::string::String>,
    ) -> Self {
        self.request.client_order_id = ::std::option::Option::Some(
            client_order_id.into(),
        );
        self
    }
    /// Id of the order.
    pub fn order_id(mut self, order_id: i64) -> Self {
        self.request.order_id = ::std::option::Option::Some(order_id);
        self
    }
    /// The request as it stands.
    pub fn request(&self) -> &QueryOrderRequest {
        &self.request
    }
    /// Sends the request and decodes the answer.
    pub async fn send(self) -> ::std::result::Result<::std::vec::Vec<Order>, Error> {
        self.client.send(&self.request).await
    }
}
impl SendRequest for QueryOrderRequest {
    #[allow(clippy::manual_async_fn)]
    fn send_with<'a>(
        &'a self,
        client: &'a Client,
    ) -> impl ::std::future::Future<
        Output = ::std::result::Result<::std::vec::Vec<Order>, Error>,
    > + ::std::marker::Send + 'a {
        async move { client.core().send(self).await }
    }
}
impl Client {
    /// Looks up an order by orderId or clientOrderId (at least one is required). The field table says one object, the samples show a list (with empty objects); both are accepted and exposed as a list.
    ///
    /// `GET /v2/order` (USER_DATA, signed).
    pub fn query_order(
        &self,
        contract_name: impl ::std::convert::Into<::std::string::String>,
    ) -> QueryOrderBuilder<'_> {
        QueryOrderBuilder {
            client: self,
            request: QueryOrderRequest::new(contract_name),
        }
    }
}
/// The required parameters of [`Client::new_order`], named so that values of one type cannot be swapped.
#[derive(Debug, Clone, PartialEq)]
pub struct NewOrder {
    /// Contract name.
    pub contract_name: ::std::string::String,
    /// BUY or SELL.
    pub side: Side,
    /// Order type: LIMIT, MARKET, IOC, FOK or POST_ONLY.
    pub order_type: OrderType,
    /// Margin mode: 1 cross, 2 isolated.
    pub position_type: PositionType,
    /// OPEN or CLOSE a position.
    pub open: Open,
    /// Order quantity.
    pub volume: ::contango::__private::rust_decimal::Decimal,
    /// Order amount.
    pub amount: ::contango::__private::rust_decimal::Decimal,
    /// Order price.
    pub price: ::contango::__private::rust_decimal::Decimal,
}
/// Request of [`Client::new_order`]: Places an order. Never resent blindly: after an ambiguous outcome look it up by its client order id.
///
/// `POST /v2/order`
#[derive(
    Debug,
    Clone,
    PartialEq,
    ::contango::__private::serde::Serialize,
    ::contango::__private::serde::Deserialize
)]
#[serde(crate = "::contango::__private::serde")]
pub struct NewOrderRequest {
    /// Contract name.
    #[serde(
        rename = "contractName",
        deserialize_with = "::contango::__private::de::wire"
    )]
    pub contract_name: ::std::string::String,
    /// Client order id, fewer than 32 characters (at most 31 characters).
    #[serde(
        rename = "clientOrderId",
        default,
        skip_serializing_if = "::std::option::Option::is_none",
        deserialize_with = "::contango::__private::de::wire"
    )]
    pub client_order_id: ::std::option::Option<::std::string::String>,
    /// BUY or SELL.
    #[serde(rename = "side", deserialize_with = "::contango::__private::de::wire")]
    pub side: Side,
    /// Order type: LIMIT, MARKET, IOC, FOK or POST_ONLY.
    #[serde(rename = "type", deserialize_with = "::contango::__private::de::wire")]
    pub order_type: OrderType,
    /// Margin mode: 1 cross, 2 isolated.
    #[serde(
        rename = "positionType",
        deserialize_with = "::contango::__private::de::wire"
    )]
    pub position_type: PositionType,
    /// OPEN or CLOSE a position.
    #[serde(rename = "open", deserialize_with = "::contango::__private::de::wire")]
    pub open: Open,
    /// Order quantity.
    #[serde(rename = "volume", deserialize_with = "::contango::__private::de::wire")]
    pub volume: ::contango::__private::rust_decimal::Decimal,
    /// Order amount.
    #[serde(rename = "amount", deserialize_with = "::contango::__private::de::wire")]
    pub amount: ::contango::__private::rust_decimal::Decimal,
    /// Order price.
    #[serde(rename = "price", deserialize_with = "::contango::__private::de::wire")]
    pub price: ::contango::__private::rust_decimal::Decimal,
    /// Leverage, 1 to 125; sent by the document's sample body, optional here (DESIGN §7) (1 to 125).
    #[serde(
        rename = "leverage",
        default,
        skip_serializing_if = "::std::option::Option::is_none",
        deserialize_with = "::contango::__private::de::wire"
    )]
    pub leverage: ::std::option::Option<i32>,
}
impl NewOrderRequest {
    /// A request with the required parameters; optional ones are unset.
    pub fn new(required: NewOrder) -> Self {
        Self {
            contract_name: required.contract_name,
            side: required.side,
            order_type: required.order_type,
            position_type: required.position_type,
            open: required.open,
            volume: required.volume,
            amount: required.amount,
            price: required.price,
            client_order_id: ::std::option::Option::None,
            leverage: ::std::option::Option::None,
        }
    }
    /// Client order id, fewer than 32 characters (at most 31 characters).
    pub fn client_order_id(
        mut self,
        client_order_id: impl ::std::convert::Into<::std::string::String>,
    ) -> Self {
        self.client_order_id = ::std::option::Option::Some(client_order_id.into());
        self
    }
    /// Leverage, 1 to 125; sent by the document's sample body, optional here (DESIGN §7) (1 to 125).
    pub fn leverage(mut self, leverage: i32) -> Self {
        self.leverage = ::std::option::Option::Some(leverage);
        self
    }
}
impl ::contango::__private::endpoint::Endpoint for NewOrderRequest {
    type Response = OrderId;
    type Code = ErrorCode;
    const RATE_GROUP: &'static str = "orders";
    const META: ::contango::__private::endpoint::EndpointMeta = ::contango::__private::endpoint::EndpointMeta {
        name: "new_order",
        method: ::contango::__private::endpoint::Method::Post,
        base: ::contango::__private::endpoint::Base::Product,
        security: ::contango::__private::endpoint::Security::Trade,
        envelope: ::contango::__private::endpoint::Envelope::Wrapped,
        error_table: "futures",
        idempotent: false,
        has_body: true,
    };
    fn validate(&self) -> ::std::result::Result<(), ::contango::InvalidArgument> {
        ::contango::__private::validate::check_not_empty(
            "contractName",
            &self.contract_name,
        )?;
        if let ::std::option::Option::Some(v) = self.client_order_id.as_ref() {
            ::contango::__private::validate::check_max_len("clientOrderId", v, 31)?;
        }
        if let ::std::option::Option::Some(v) = self.leverage.as_ref() {
            ::contango::__private::validate::check_range(
                "leverage",
                v,
                ::std::option::Option::Some(1),
                ::std::option::Option::Some(125),
            )?;
        }
        ::std::result::Result::Ok(())
    }
    fn write_path(&self, out: &mut ::contango::__private::encode::PathWriter<'_>) {
        out.literal("/v2/order");
    }
    #[allow(unused_variables)]
    fn write_query(&self, out: &mut ::contango::__private::encode::QueryWriter<'_>) {}
    #[allow(unused_variables)]
    fn write_body(&self, out: &mut ::contango::__private::encode::BodyWriter<'_>) {
        out.field("contractName", &self.contract_name);
        out.opt("clientOrderId", &self.client_order_id);
        out.field("side", &self.side);
        out.field("type", &self.order_type);
        out.field("positionType", &self.position_type);
        out.field("open", &self.open);
        out.field("volume", &self.volume);
        out.field("amount", &self.amount);
        out.field("price", &self.price);
        out.opt("leverage", &self.leverage);
    }
    fn decode_data<'de, D: ::contango::__private::serde::Deserializer<'de>>(
        d: D,
    ) -> ::std::result::Result<Self::Response, D::Error> {
        ::contango::__private::de::wire(d)
    }
    fn direct_data(
        r: &mut ::contango::__private::direct::Reader<'_>,
    ) -> ::std::option::Option<Self::Response> {
        ::contango::__private::direct::Direct::direct(r)
    }
}
/// Builder of [`Client::new_order`]: set optional parameters, then `send()`.
#[derive(Debug, Clone)]
#[must_use = "a request does nothing until `send()` is awaited"]
pub struct NewOrderBuilder<'a> {
    client: &'a Client,
    request: NewOrderRequest,
}
impl<'a> NewOrderBuilder<'a> {
    /// Client order id, fewer than 32 characters (at most 31 characters).
    pub fn client_order_id(
        mut self,
        client_order_id: impl ::std::convert::Into<::std::string::String>,
    ) -> Self {
        self.request.client_order_id = ::std::option::Option::Some(
            client_order_id.into(),
        );
        self
    }
    /// Leverage, 1 to 125; sent by the document's sample body, optional here (DESIGN §7) (1 to 125).
    pub fn leverage(mut self, leverage: i32) -> Self {
        self.request.leverage = ::std::option::Option::Some(leverage);
        self
    }
    /// The request as it stands.
    pub fn request(&self) -> &NewOrderRequest {
        &self.request
    }
    /// Sends the request and decodes the answer. Never sent twice by accident: it always carries a `client_order_id` (generated when unset); after an ambiguous outcome the client looks it up by that id and resends once only if the server does not have it.
    pub async fn send(self) -> ::std::result::Result<OrderId, Error> {
        self.client.send(&self.request).await
    }
}
impl SendRequest for NewOrderRequest {
    #[allow(clippy::manual_async_fn)]
    fn send_with<'a>(
        &'a self,
        client: &'a Client,
    ) -> impl ::std::future::Future<
        Output = ::std::result::Result<OrderId, Error>,
    > + ::std::marker::Send + 'a {
        async move {
            if client.core().prechecks() {
                ::contango::__private::endpoint::Endpoint::validate(self)
                    .map_err(Error::InvalidArgument)?;
                crate::checks::new_order(client, self).await?;
            }
            client.core().send_deduplicated(self).await
        }
    }
}
impl ::contango::__private::dedupe::Dedupe for NewOrderRequest {
    type Lookup = QueryOrderRequest;
    fn client_id(&mut self) -> &mut ::std::option::Option<::std::string::String> {
        &mut self.client_order_id
    }
    fn lookup(&self) -> QueryOrderRequest {
        QueryOrderRequest {
            contract_name: self.contract_name.clone(),
            client_order_id: self.client_order_id.clone(),
            order_id: ::std::option::Option::None,
        }
    }
    #[allow(clippy::clone_on_copy, clippy::question_mark)]
    fn found(
        &self,
        answer: <QueryOrderRequest as ::contango::__private::endpoint::Endpoint>::Response,
    ) -> ::std::option::Option<OrderId> {
        answer
            .into_iter()
            .filter(|r| {
                r.client_order_id.is_some()
                    && r.client_order_id.as_deref() == self.client_order_id.as_deref()
            })
            .find_map(|r| ::std::option::Option::Some(OrderId {
                order_id: r.order_id.clone(),
            }))
    }
    fn is_not_found(code: ErrorCode) -> bool {
        code == ErrorCode::OrderNotFound
    }
}
impl Client {
    /// Places an order. Never resent blindly: after an ambiguous outcome look it up by its client order id.
    ///
    /// `POST /v2/order` (TRADE, signed).
    pub fn new_order(&self, required: NewOrder) -> NewOrderBuilder<'_> {
        NewOrderBuilder {
            client: self,
            request: NewOrderRequest::new(required),
        }
    }
}
/// Request of [`Client::cancel_all_orders`]: Cancels all open orders of a contract. contractName travels in the JSON body (the document lists it as a query parameter; DESIGN §7).
///
/// `POST /v2/allOpenOrders`
#[derive(
    Debug,
    Clone,
    PartialEq,
    ::contango::__private::serde::Serialize,
    ::contango::__private::serde::Deserialize
)]
#[serde(crate = "::contango::__private::serde")]
pub struct CancelAllOrdersRequest {
    /// Contract name.
    #[serde(
        rename = "contractName",
        deserialize_with = "::contango::__private::de::wire"
    )]
    pub contract_name: ::std::string::String,
}
impl CancelAllOrdersRequest {
    /// A request with the required parameters; optional ones are unset.
    pub fn new(contract_name: impl ::std::convert::Into<::std::string::String>) -> Self {
        Self {
            contract_name: contract_name.into(),
        }
    }
}
impl ::contango::__private::endpoint::Endpoint for CancelAllOrdersRequest {
    type Response = ();
    type Code = ErrorCode;
    const RATE_GROUP: &'static str = "orders";
    const META: ::contango::__private::endpoint::EndpointMeta = ::contango::__private::endpoint::EndpointMeta {
        name: "cancel_all_orders",
        method: ::contango::__private::endpoint::Method::Post,
        base: ::contango::__private::endpoint::Base::Product,
        security: ::contango::__private::endpoint::Security::Trade,
        envelope: ::contango::__private::endpoint::Envelope::Wrapped,
        error_table: "futures",
        idempotent: false,
        has_body: true,
    };
    fn validate(&self) -> ::std::result::Result<(), ::contango::InvalidArgument> {
        ::contango::__private::validate::check_not_empty(
            "contractName",
            &self.contract_name,
        )?;
        ::std::result::Result::Ok(())
    }
    fn write_path(&self, out: &mut ::contango::__private::encode::PathWriter<'_>) {
        out.literal("/v2/allOpenOrders");
    }
    #[allow(unused_variables)]
    fn write_query(&self, out: &mut ::contango::__private::encode::QueryWriter<'_>) {}
    #[allow(unused_variables)]
    fn write_body(&self, out: &mut ::contango::__private::encode::BodyWriter<'_>) {
        out.field("contractName", &self.contract_name);
    }
    fn decode_data<'de, D: ::contango::__private::serde::Deserializer<'de>>(
        d: D,
    ) -> ::std::result::Result<Self::Response, D::Error> {
        ::contango::__private::de::ignore(d)
    }
    fn direct_data(
        r: &mut ::contango::__private::direct::Reader<'_>,
    ) -> ::std::option::Option<Self::Response> {
        r.skip()
    }
}
/// Builder of [`Client::cancel_all_orders`]: set optional parameters, then `send()`.
#[derive(Debug, Clone)]
#[must_use = "a request does nothing until `send()` is awaited"]
pub struct CancelAllOrdersBuilder<'a> {
    client: &'a Client,
    request: CancelAllOrdersRequest,
}
impl<'a> CancelAllOrdersBuilder<'a> {
    /// The request as it stands.
    pub fn request(&self) -> &CancelAllOrdersRequest {
        &self.request
    }
    /// Sends the request and decodes the answer.
    pub async fn send(self) -> ::std::result::Result<(), Error> {
        self.client.send(&self.request).await
    }
}
impl SendRequest for CancelAllOrdersRequest {
    #[allow(clippy::manual_async_fn)]
    fn send_with<'a>(
        &'a self,
        client: &'a Client,
    ) -> impl ::std::future::Future<
        Output = ::std::result::Result<(), Error>,
    > + ::std::marker::Send + 'a {
        async move { client.core().send(self).await }
    }
}
impl Client {
    /// Cancels all open orders of a contract. contractName travels in the JSON body (the document lists it as a query parameter; DESIGN §7).
    ///
    /// `POST /v2/allOpenOrders` (TRADE, signed).
    pub fn cancel_all_orders(
        &self,
        contract_name: impl ::std::convert::Into<::std::string::String>,
    ) -> CancelAllOrdersBuilder<'_> {
        CancelAllOrdersBuilder {
            client: self,
            request: CancelAllOrdersRequest::new(contract_name),
        }
    }
}
/// Request of [`Client::account`]: Balances and positions of the account, per margin coin.
///
/// `GET /v2/account`
#[derive(
    Debug,
    Clone,
    PartialEq,
    ::contango::__private::serde::Serialize,
    ::contango::__private::serde::Deserialize
)]
#[serde(crate = "::contango::__private::serde")]
pub struct AccountRequest {}
impl AccountRequest {
    /// A request with the required parameters; optional ones are unset.
    pub fn new() -> Self {
        Self {}
    }
}
impl ::contango::__private::endpoint::Endpoint for AccountRequest {
    type Response = Account;
    type Code = ErrorCode;
    const RATE_GROUP: &'static str = "default";
    const META: ::contango::__private::endpoint::EndpointMeta = ::contango::__private::endpoint::EndpointMeta {
        name: "account",
        method: ::contango::__private::endpoint::Method::Get,
        base: ::contango::__private::endpoint::Base::Product,
        security: ::contango::__private::endpoint::Security::UserData,
        envelope: ::contango::__private::endpoint::Envelope::Wrapped,
        error_table: "futures",
        idempotent: true,
        has_body: false,
    };
    fn validate(&self) -> ::std::result::Result<(), ::contango::InvalidArgument> {
        ::std::result::Result::Ok(())
    }
    fn write_path(&self, out: &mut ::contango::__private::encode::PathWriter<'_>) {
        out.literal("/v2/account");
    }
    #[allow(unused_variables)]
    fn write_query(&self, out: &mut ::contango::__private::encode::QueryWriter<'_>) {}
    #[allow(unused_variables)]
    fn write_body(&self, out: &mut ::contango::__private::encode::BodyWriter<'_>) {}
    fn decode_data<'de, D: ::contango::__private::serde::Deserializer<'de>>(
        d: D,
    ) -> ::std::result::Result<Self::Response, D::Error> {
        ::contango::__private::de::wire(d)
    }
    fn direct_data(
        r: &mut ::contango::__private::direct::Reader<'_>,
    ) -> ::std::option::Option<Self::Response> {
        ::contango::__private::direct::Direct::direct(r)
    }
}
/// Builder of [`Client::account`]: set optional parameters, then `send()`.
#[derive(Debug, Clone)]
#[must_use = "a request does nothing until `send()` is awaited"]
pub struct AccountBuilder<'a> {
    client: &'a Client,
    request: AccountRequest,
}
impl<'a> AccountBuilder<'a> {
    /// The request as it stands.
    pub fn request(&self) -> &AccountRequest {
        &self.request
    }
    /// Sends the request and decodes the answer.
    pub async fn send(self) -> ::std::result::Result<Account, Error> {
        self.client.send(&self.request).await
    }
}
impl SendRequest for AccountRequest {
    #[allow(clippy::manual_async_fn)]
    fn send_with<'a>(
        &'a self,
        client: &'a Client,
    ) -> impl ::std::future::Future<
        Output = ::std::result::Result<Account, Error>,
    > + ::std::marker::Send + 'a {
        async move { client.core().send(self).await }
    }
}
impl Client {
    /// Balances and positions of the account, per margin coin.
    ///
    /// `GET /v2/account` (USER_DATA, signed).
    pub fn account(&self) -> AccountBuilder<'_> {
        AccountBuilder {
            client: self,
            request: AccountRequest::new(),
        }
    }
}
/// Request of [`Client::leverage_bracket`]: Leverage brackets of a contract.
///
/// `GET /v2/leverageBracket`
#[derive(
    Debug,
    Clone,
    PartialEq,
    ::contango::__private::serde::Serialize,
    ::contango::__private::serde::Deserialize
)]
#[serde(crate = "::contango::__private::serde")]
pub struct LeverageBracketRequest {
    /// Contract name.
    #[serde(
        rename = "contractName",
        deserialize_with = "::contango::__private::de::wire"
    )]
    pub contract_name: ::std::string::String,
}
impl LeverageBracketRequest {
    /// A request with the required parameters; optional ones are unset.
    pub fn new(contract_name: impl ::std::convert::Into<::std::string::String>) -> Self {
        Self {
            contract_name: contract_name.into(),
        }
    }
}
impl ::contango::__private::endpoint::Endpoint for LeverageBracketRequest {
    type Response = LeverageBrackets;
    type Code = ErrorCode;
    const RATE_GROUP: &'static str = "default";
    const META: ::contango::__private::endpoint::EndpointMeta = ::contango::__private::endpoint::EndpointMeta {
        name: "leverage_bracket",
        method: ::contango::__private::endpoint::Method::Get,
        base: ::contango::__private::endpoint::Base::Product,
        security: ::contango::__private::endpoint::Security::UserData,
        envelope: ::contango::__private::endpoint::Envelope::Wrapped,
        error_table: "futures",
        idempotent: true,
        has_body: false,
    };
    fn validate(&self) -> ::std::result::Result<(), ::contango::InvalidArgument> {
        ::contango::__private::validate::check_not_empty(
            "contractName",
            &self.contract_name,
        )?;
        ::std::result::Result::Ok(())
    }
    fn write_path(&self, out: &mut ::contango::__private::encode::PathWriter<'_>) {
        out.literal("/v2/leverageBracket");
    }
    #[allow(unused_variables)]
    fn write_query(&self, out: &mut ::contango::__private::encode::QueryWriter<'_>) {
        out.pair("contractName", &self.contract_name);
    }
    #[allow(unused_variables)]
    fn write_body(&self, out: &mut ::contango::__private::encode::BodyWriter<'_>) {}
    fn decode_data<'de, D: ::contango::__private::serde::Deserializer<'de>>(
        d: D,
    ) -> ::std::result::Result<Self::Response, D::Error> {
        ::contango::__private::de::wire(d)
    }
    fn direct_data(
        r: &mut ::contango::__private::direct::Reader<'_>,
    ) -> ::std::option::Option<Self::Response> {
        ::contango::__private::direct::Direct::direct(r)
    }
}
/// Builder of [`Client::leverage_bracket`]: set optional parameters, then `send()`.
#[derive(Debug, Clone)]
#[must_use = "a request does nothing until `send()` is awaited"]
pub struct LeverageBracketBuilder<'a> {
    client: &'a Client,
    request: LeverageBracketRequest,
}
impl<'a> LeverageBracketBuilder<'a> {
    /// The request as it stands.
    pub fn request(&self) -> &LeverageBracketRequest {
        &self.request
    }
    /// Sends the request and decodes the answer.
    pub async fn send(self) -> ::std::result::Result<LeverageBrackets, Error> {
        self.client.send(&self.request).await
    }
}
impl SendRequest for LeverageBracketRequest {
    #[allow(clippy::manual_async_fn)]
    fn send_with<'a>(
        &'a self,
        client: &'a Client,
    ) -> impl ::std::future::Future<
        Output = ::std::result::Result<LeverageBrackets, Error>,
    > + ::std::marker::Send + 'a {
        async move { client.core().send(self).await }
    }
}
impl Client {
    /// Leverage brackets of a contract.
    ///
    /// `GET /v2/leverageBracket` (USER_DATA, signed).
    pub fn leverage_bracket(
        &self,
        contract_name: impl ::std::convert::Into<::std::string::String>,
    ) -> LeverageBracketBuilder<'_> {
        LeverageBracketBuilder {
            client: self,
            request: LeverageBracketRequest::new(contract_name),
        }
    }
}
/// Request of [`Client::commission_rate`]: Commission rates of the account for a contract.
///
/// `GET /v2/commissionRate`
#[derive(
    Debug,
    Clone,
    PartialEq,
    ::contango::__private::serde::Serialize,
    ::contango::__private::serde::Deserialize
)]
#[serde(crate = "::contango::__private::serde")]
pub struct CommissionRateRequest {
    /// Contract name.
    #[serde(
        rename = "contractName",
        deserialize_with = "::contango::__private::de::wire"
    )]
    pub contract_name: ::std::string::String,
}
impl CommissionRateRequest {
    /// A request with the required parameters; optional ones are unset.
    pub fn new(contract_name: impl ::std::convert::Into<::std::string::String>) -> Self {
        Self {
            contract_name: contract_name.into(),
        }
    }
}
impl ::contango::__private::endpoint::Endpoint for CommissionRateRequest {
    type Response = CommissionRate;
    type Code = ErrorCode;
    const RATE_GROUP: &'static str = "default";
    const META: ::contango::__private::endpoint::EndpointMeta = ::contango::__private::endpoint::EndpointMeta {
        name: "commission_rate",
        method: ::contango::__private::endpoint::Method::Get,
        base: ::contango::__private::endpoint::Base::Product,
        security: ::contango::__private::endpoint::Security::UserData,
        envelope: ::contango::__private::endpoint::Envelope::Wrapped,
        error_table: "futures",
        idempotent: true,
        has_body: false,
    };
    fn validate(&self) -> ::std::result::Result<(), ::contango::InvalidArgument> {
        ::contango::__private::validate::check_not_empty(
            "contractName",
            &self.contract_name,
        )?;
        ::std::result::Result::Ok(())
    }
    fn write_path(&self, out: &mut ::contango::__private::encode::PathWriter<'_>) {
        out.literal("/v2/commissionRate");
    }
    #[allow(unused_variables)]
    fn write_query(&self, out: &mut ::contango::__private::encode::QueryWriter<'_>) {
        out.pair("contractName", &self.contract_name);
    }
    #[allow(unused_variables)]
    fn write_body(&self, out: &mut ::contango::__private::encode::BodyWriter<'_>) {}
    fn decode_data<'de, D: ::contango::__private::serde::Deserializer<'de>>(
        d: D,
    ) -> ::std::result::Result<Self::Response, D::Error> {
        ::contango::__private::de::wire(d)
    }
    fn direct_data(
        r: &mut ::contango::__private::direct::Reader<'_>,
    ) -> ::std::option::Option<Self::Response> {
        ::contango::__private::direct::Direct::direct(r)
    }
}
/// Builder of [`Client::commission_rate`]: set optional parameters, then `send()`.
#[derive(Debug, Clone)]
#[must_use = "a request does nothing until `send()` is awaited"]
pub struct CommissionRateBuilder<'a> {
    client: &'a Client,
    request: CommissionRateRequest,
}
impl<'a> CommissionRateBuilder<'a> {
    /// The request as it stands.
    pub fn request(&self) -> &CommissionRateRequest {
        &self.request
    }
    /// Sends the request and decodes the answer.
    pub async fn send(self) -> ::std::result::Result<CommissionRate, Error> {
        self.client.send(&self.request).await
    }
}
impl SendRequest for CommissionRateRequest {
    #[allow(clippy::manual_async_fn)]
    fn send_with<'a>(
        &'a self,
        client: &'a Client,
    ) -> impl ::std::future::Future<
        Output = ::std::result::Result<CommissionRate, Error>,
    > + ::std::marker::Send + 'a {
        async move { client.core().send(self).await }
    }
}
impl Client {
    /// Commission rates of the account for a contract.
    ///
    /// `GET /v2/commissionRate` (USER_DATA, signed).
    pub fn commission_rate(
        &self,
        contract_name: impl ::std::convert::Into<::std::string::String>,
    ) -> CommissionRateBuilder<'_> {
        CommissionRateBuilder {
            client: self,
            request: CommissionRateRequest::new(contract_name),
        }
    }
}
/// The required parameters of [`Client::transfer`], named so that values of one type cannot be swapped.
#[derive(Debug, Clone, PartialEq)]
pub struct Transfer {
    /// Coin to transfer, e.g. USDT.
    pub coin_symbol: ::std::string::String,
    /// Amount to transfer.
    pub amount: ::contango::__private::rust_decimal::Decimal,
    /// Direction of the transfer.
    pub transfer_type: TransferType,
}
/// Request of [`Client::transfer`]: Transfers funds between the wallet and the contract account. The transfer type is sent upper case.
///
/// `POST /v2/futures_transfer`
#[derive(
    Debug,
    Clone,
    PartialEq,
    ::contango::__private::serde::Serialize,
    ::contango::__private::serde::Deserialize
)]
#[serde(crate = "::contango::__private::serde")]
pub struct TransferRequest {
    /// Coin to transfer, e.g. USDT.
    #[serde(rename = "coinSymbol", deserialize_with = "::contango::__private::de::wire")]
    pub coin_symbol: ::std::string::String,
    /// Amount to transfer.
    #[serde(rename = "amount", deserialize_with = "::contango::__private::de::wire")]
    pub amount: ::contango::__private::rust_decimal::Decimal,
    /// Direction of the transfer.
    #[serde(
        rename = "transferType",
        deserialize_with = "::contango::__private::de::wire"
    )]
    pub transfer_type: TransferType,
    /// Transfer union tag.
    #[serde(
        rename = "unionId",
        default,
        skip_serializing_if = "::std::option::Option::is_none",
        deserialize_with = "::contango::__private::de::wire"
    )]
    pub union_id: ::std::option::Option<::std::string::String>,
}
impl TransferRequest {
    /// A request with the required parameters; optional ones are unset.
    pub fn new(required: Transfer) -> Self {
        Self {
            coin_symbol: required.coin_symbol,
            amount: required.amount,
            transfer_type: required.transfer_type,
            union_id: ::std::option::Option::None,
        }
    }
    /// Transfer union tag.
    pub fn union_id(
        mut self,
        union_id: impl ::std::convert::Into<::std::string::String>,
    ) -> Self {
        self.union_id = ::std::option::Option::Some(union_id.into());
        self
    }
}
impl ::contango::__private::endpoint::Endpoint for TransferRequest {
    type Response = ();
    type Code = ErrorCode;
    const RATE_GROUP: &'static str = "default";
    const META: ::contango::__private::endpoint::EndpointMeta = ::contango::__private::endpoint::EndpointMeta {
        name: "transfer",
        method: ::contango::__private::endpoint::Method::Post,
        base: ::contango::__private::endpoint::Base::Product,
        security: ::contango::__private::endpoint::Security::UserData,
        envelope: ::contango::__private::endpoint::Envelope::Wrapped,
        error_table: "futures",
        idempotent: false,
        has_body: true,
    };
    fn validate(&self) -> ::std::result::Result<(), ::contango::InvalidArgument> {
        ::contango::__private::validate::check_not_empty(
            "coinSymbol",
            &self.coin_symbol,
        )?;
        ::std::result::Result::Ok(())
    }
    fn write_path(&self, out: &mut ::contango::__private::encode::PathWriter<'_>) {
        out.literal("/v2/futures_transfer");
    }
    #[allow(unused_variables)]
    fn write_query(&self, out: &mut ::contango::__private::encode::QueryWriter<'_>) {}
    #[allow(unused_variables)]
    fn write_body(&self, out: &mut ::contango::__private::encode::BodyWriter<'_>) {
        out.field("coinSymbol", &self.coin_symbol);
        out.field("amount", &self.amount);
        out.field("transferType", &self.transfer_type);
        out.opt("unionId", &self.union_id);
    }
    fn decode_data<'de, D: ::contango::__private::serde::Deserializer<'de>>(
        d: D,
    ) -> ::std::result::Result<Self::Response, D::Error> {
        ::contango::__private::de::ignore(d)
    }
    fn direct_data(
        r: &mut ::contango::__private::direct::Reader<'_>,
    ) -> ::std::option::Option<Self::Response> {
        r.skip()
    }
}
/// Builder of [`Client::transfer`]: set optional parameters, then `send()`.
#[derive(Debug, Clone)]
#[must_use = "a request does nothing until `send()` is awaited"]
pub struct TransferBuilder<'a> {
    client: &'a Client,
    request: TransferRequest,
}
impl<'a> TransferBuilder<'a> {
    /// Transfer union tag.
    pub fn union_id(
        mut self,
        union_id: impl ::std::convert::Into<::std::string::String>,
    ) -> Self {
        self.request.union_id = ::std::option::Option::Some(union_id.into());
        self
    }
    /// The request as it stands.
    pub fn request(&self) -> &TransferRequest {
        &self.request
    }
    /// Sends the request and decodes the answer.
    pub async fn send(self) -> ::std::result::Result<(), Error> {
        self.client.send(&self.request).await
    }
}
impl SendRequest for TransferRequest {
    #[allow(clippy::manual_async_fn)]
    fn send_with<'a>(
        &'a self,
        client: &'a Client,
    ) -> impl ::std::future::Future<
        Output = ::std::result::Result<(), Error>,
    > + ::std::marker::Send + 'a {
        async move { client.core().send(self).await }
    }
}
impl Client {
    /// Transfers funds between the wallet and the contract account. The transfer type is sent upper case.
    ///
    /// `POST /v2/futures_transfer` (USER_DATA, signed).
    pub fn transfer(&self, required: Transfer) -> TransferBuilder<'_> {
        TransferBuilder {
            client: self,
            request: TransferRequest::new(required),
        }
    }
}
/// Request of [`Client::transfer_history`]: Transfers between the wallet and the contract account. beginTime defaults to the recent 30 days.
///
/// `GET /v2/futures_transfer_history`
#[derive(
    Debug,
    Clone,
    PartialEq,
    ::contango::__private::serde::Serialize,
    ::contango::__private::serde::Deserialize
)]
#[serde(crate = "::contango::__private::serde")]
pub struct TransferHistoryRequest {
    /// Coin to list.
    #[serde(
        rename = "coinSymbol",
        default,
        skip_serializing_if = "::std::option::Option::is_none",
        deserialize_with = "::contango::__private::de::wire"
    )]
    pub coin_symbol: ::std::option::Option<::std::string::String>,
    /// Start time in milliseconds; by default the recent 30 days.
    #[serde(
        rename = "beginTime",
        default,
        skip_serializing_if = "::std::option::Option::is_none",
        deserialize_with = "::contango::__private::de::wire"
    )]
    pub begin_time: ::std::option::Option<::contango::Millis>,
    /// End time in milliseconds.
    #[serde(
        rename = "endTime",
        default,
        skip_serializing_if = "::std::option::Option::is_none",
        deserialize_with = "::contango::__private::de::wire"
    )]
    pub end_time: ::std::option::Option<::contango::Millis>,
    /// Direction of the transfers to list.
    #[serde(
        rename = "transferType",
        deserialize_with = "::contango::__private::de::wire"
    )]
    pub transfer_type: TransferType,
    /// Page number (server default 1; at least 1).
    #[serde(
        rename = "page",
        default,
        skip_serializing_if = "::std::option::Option::is_none",
        deserialize_with = "::contango::__private::de::wire"
    )]
    pub page: ::std::option::Option<i32>,
    /// Records per page (server default 10; 1 to 200).
    #[serde(
        rename = "limit",
        default,
        skip_serializing_if = "::std::option::Option::is_none",
        deserialize_with = "::contango::__private::de::wire"
    )]
    pub limit: ::std::option::Option<i32>,
}
impl TransferHistoryRequest {
    /// A request with the required parameters; optional ones are unset.
    pub fn new(transfer_type: TransferType) -> Self {
        Self {
            transfer_type: transfer_type,
            coin_symbol: ::std::option::Option::None,
            begin_time: ::std::option::Option::None,
            end_time: ::std::option::Option::None,
            page: ::std::option::Option::None,
            limit: ::std::option::Option::None,
        }
    }
    /// Coin to list.
    pub fn coin_symbol(
        mut self,
        coin_symbol: impl ::std::convert::Into<::std::string::String>,
    ) -> Self {
        self.coin_symbol = ::std::option::Option::Some(coin_symbol.into());
        self
    }
    /// Start time in milliseconds; by default the recent 30 days.
    pub fn begin_time(mut self, begin_time: ::contango::Millis) -> Self {
        self.begin_time = ::std::option::Option::Some(begin_time);
        self
    }
    /// End time in milliseconds.
    pub fn end_time(mut self, end_time: ::contango::Millis) -> Self {
        self.end_time = ::std::option::Option::Some(end_time);
        self
    }
    /// Page number (server default 1; at least 1).
    pub fn page(mut self, page: i32) -> Self {
        self.page = ::std::option::Option::Some(page);
        self
    }
    /// Records per page (server default 10; 1 to 200).
    pub fn limit(mut self, limit: i32) -> Self {
        self.limit = ::std::option::Option::Some(limit);
        self
    }
}
impl ::contango::__private::endpoint::Endpoint for TransferHistoryRequest {
    type Response = ::std::vec::Vec<TransferRecord>;
    type Code = ErrorCode;
    const RATE_GROUP: &'static str = "default";
    const META: ::contango::__private::endpoint::EndpointMeta = ::contango::__private::endpoint::EndpointMeta {
        name: "transfer_history",
        method: ::contango::__private::endpoint::Method::Get,
        base: ::contango::__private::endpoint::Base::Product,
        security: ::contango::__private::endpoint::Security::UserData,
        envelope: ::contango::__private::endpoint::Envelope::Wrapped,
        error_table: "futures",
        idempotent: true,
        has_body: false,
    };
    fn validate(&self) -> ::std::result::Result<(), ::contango::InvalidArgument> {
        if let ::std::option::Option::Some(v) = self.page.as_ref() {
            ::contango::__private::validate::check_range(
                "page",
                v,
                ::std::option::Option::Some(1),
                ::std::option::Option::None,
            )?;
        }
        if let ::std::option::Option::Some(v) = self.limit.as_ref() {
            ::contango::__private::validate::check_range(
                "limit",
                v,
                ::std::option::Option::Some(1),
                ::std::option::Option::Some(200),
            )?;
        }
        ::std::result::Result::Ok(())
    }
    fn write_path(&self, out: &mut ::contango::__private::encode::PathWriter<'_>) {
        out.literal("/v2/futures_transfer_history");
    }
    #[allow(unused_variables)]
    fn write_query(&self, out: &mut ::contango::__private::encode::QueryWriter<'_>) {
        out.opt("coinSymbol", &self.coin_symbol);
        out.opt("beginTime", &self.begin_time);
        out.opt("endTime", &self.end_time);
        out.pair("transferType", &self.transfer_type);
        out.opt("page", &self.page);
        out.opt("limit", &self.limit);
    }
    #[allow(unused_variables)]
    fn write_body(&self, out: &mut ::contango::__private::encode::BodyWriter<'_>) {}
    fn decode_data<'de, D: ::contango::__private::serde::Deserializer<'de>>(
        d: D,
    ) -> ::std::result::Result<Self::Response, D::Error> {
        ::contango::__private::de::wire(d)
    }
    fn direct_data(
        r: &mut ::contango::__private::direct::Reader<'_>,
    ) -> ::std::option::Option<Self::Response> {
        ::contango::__private::direct::Direct::direct(r)
    }
}
/// Builder of [`Client::transfer_history`]: set optional parameters, then `send()`.
#[derive(Debug, Clone)]
#[must_use = "a request does nothing until `send()` is awaited"]
pub struct TransferHistoryBuilder<'a> {
    client: &'a Client,
    request: TransferHistoryRequest,
}
impl<'a> TransferHistoryBuilder<'a> {
    /// Coin to list.
    pub fn coin_symbol(
        mut self,
        coin_symbol: impl ::std::convert::Into<::std::string::String>,
    ) -> Self {
        self.request.coin_symbol = ::std::option::Option::Some(coin_symbol.into());
        self
    }
    /// Start time in milliseconds; by default the recent 30 days.
    pub fn begin_time(mut self, begin_time: ::contango::Millis) -> Self {
        self.request.begin_time = ::std::option::Option::Some(begin_time);
        self
    }
    /// End time in milliseconds.
    pub fn end_time(mut self, end_time: ::contango::Millis) -> Self {
        self.request.end_time = ::std::option::Option::Some(end_time);
        self
    }
    /// Page number (server default 1; at least 1).
    pub fn page(mut self, page: i32) -> Self {
        self.request.page = ::std::option::Option::Some(page);
        self
    }
    /// Records per page (server default 10; 1 to 200).
    pub fn limit(mut self, limit: i32) -> Self {
        self.request.limit = ::std::option::Option::Some(limit);
        self
    }
    /// The request as it stands.
    pub fn request(&self) -> &TransferHistoryRequest {
        &self.request
    }
    /// Sends the request and decodes the answer.
    pub async fn send(
        self,
    ) -> ::std::result::Result<::std::vec::Vec<TransferRecord>, Error> {
        self.client.send(&self.request).await
    }
}
impl SendRequest for TransferHistoryRequest {
    #[allow(clippy::manual_async_fn)]
    fn send_with<'a>(
        &'a self,
        client: &'a Client,
    ) -> impl ::std::future::Future<
        Output = ::std::result::Result<::std::vec::Vec<TransferRecord>, Error>,
    > + ::std::marker::Send + 'a {
        async move { client.core().send(self).await }
    }
}
impl Client {
    /// Transfers between the wallet and the contract account. beginTime defaults to the recent 30 days.
    ///
    /// `GET /v2/futures_transfer_history` (USER_DATA, signed).
    pub fn transfer_history(
        &self,
        transfer_type: TransferType,
    ) -> TransferHistoryBuilder<'_> {
        TransferHistoryBuilder {
            client: self,
            request: TransferHistoryRequest::new(transfer_type),
        }
    }
}
/// Request of [`Client::force_orders_history`]: Forced-liquidation and auto-deleveraging orders of a contract. beginTime defaults to the recent 30 days; records may carry either of the document's two field lists.
///
/// `GET /v2/forceOrdersHistory`
#[derive(
    Debug,
    Clone,
    PartialEq,
    ::contango::__private::serde::Serialize,
    ::contango::__private::serde::Deserialize
)]
#[serde(crate = "::contango::__private::serde")]
pub struct ForceOrdersHistoryRequest {
    /// Contract name.
    #[serde(
        rename = "contractName",
        deserialize_with = "::contango::__private::de::wire"
    )]
    pub contract_name: ::std::string::String,
    /// Start time in milliseconds; by default the recent 30 days.
    #[serde(
        rename = "beginTime",
        default,
        skip_serializing_if = "::std::option::Option::is_none",
        deserialize_with = "::contango::__private::de::wire"
    )]
    pub begin_time: ::std::option::Option<::contango::Millis>,
    /// End time in milliseconds.
    #[serde(
        rename = "endTime",
        default,
        skip_serializing_if = "::std::option::Option::is_none",
        deserialize_with = "::contango::__private::de::wire"
    )]
    pub end_time: ::std::option::Option<::contango::Millis>,
    /// LIQUIDATION for liquidation orders, ADL for auto-deleveraging orders.
    #[serde(
        rename = "autoCloseType",
        default,
        skip_serializing_if = "::std::option::Option::is_none",
        deserialize_with = "::contango::__private::de::wire"
    )]
    pub auto_close_type: ::std::option::Option<AutoCloseType>,
    /// Page number (server default 1; at least 1).
    #[serde(
        rename = "page",
        default,
        skip_serializing_if = "::std::option::Option::is_none",
        deserialize_with = "::contango::__private::de::wire"
    )]
    pub page: ::std::option::Option<i32>,
    /// Records per page (server default 10; 1 to 200).
    #[serde(
        rename = "limit",
        default,
        skip_serializing_if = "::std::option::Option::is_none",
        deserialize_with = "::contango::__private::de::wire"
    )]
    pub limit: ::std::option::Option<i32>,
}
impl ForceOrdersHistoryRequest {
    /// A request with the required parameters; optional ones are unset.
    pub fn new(contract_name: impl ::std::convert::Into<::std::string::String>) -> Self {
        Self {
            contract_name: contract_name.into(),
            begin_time: ::std::option::Option::None,
            end_time: ::std::option::Option::None,
            auto_close_type: ::std::option::Option::None,
            page: ::std::option::Option::None,
            limit: ::std::option::Option::None,
        }
    }
    /// Start time in milliseconds; by default the recent 30 days.
    pub fn begin_time(mut self, begin_time: ::contango::Millis) -> Self {
        self.begin_time = ::std::option::Option::Some(begin_time);
        self
    }
    /// End time in milliseconds.
    pub fn end_time(mut self, end_time: ::contango::Millis) -> Self {
        self.end_time = ::std::option::Option::Some(end_time);
        self
    }
    /// LIQUIDATION for liquidation orders, ADL for auto-deleveraging orders.
    pub fn auto_close_type(mut self, auto_close_type: AutoCloseType) -> Self {
        self.auto_close_type = ::std::option::Option::Some(auto_close_type);
        self
    }
    /// Page number (server default 1; at least 1).
    pub fn page(mut self, page: i32) -> Self {
        self.page = ::std::option::Option::Some(page);
        self
    }
    /// Records per page (server default 10; 1 to 200).
    pub fn limit(mut self, limit: i32) -> Self {
        self.limit = ::std::option::Option::Some(limit);
        self
    }
}
impl ::contango::__private::endpoint::Endpoint for ForceOrdersHistoryRequest {
    type Response = ::std::vec::Vec<ForceOrder>;
    type Code = ErrorCode;
    const RATE_GROUP: &'static str = "default";
    const META: ::contango::__private::endpoint::EndpointMeta = ::contango::__private::endpoint::EndpointMeta {
        name: "force_orders_history",
        method: ::contango::__private::endpoint::Method::Get,
        base: ::contango::__private::endpoint::Base::Product,
        security: ::contango::__private::endpoint::Security::UserData,
        envelope: ::contango::__private::endpoint::Envelope::Wrapped,
        error_table: "futures",
        idempotent: true,
        has_body: false,
    };
    fn validate(&self) -> ::std::result::Result<(), ::contango::InvalidArgument> {
        ::contango::__private::validate::check_not_empty(
            "contractName",
            &self.contract_name,
        )?;
        if let ::std::option::Option::Some(v) = self.page.as_ref() {
            ::contango::__private::validate::check_range(
                "page",
                v,
                ::std::option::Option::Some(1),
                ::std::option::Option::None,
            )?;
        }
        if let ::std::option::Option::Some(v) = self.limit.as_ref() {
            ::contango::__private::validate::check_range(
                "limit",
                v,
                ::std::option::Option::Some(1),
                ::std::option::Option::Some(200),
            )?;
        }
        ::std::result::Result::Ok(())
    }
    fn write_path(&self, out: &mut ::contango::__private::encode::PathWriter<'_>) {
        out.literal("/v2/forceOrdersHistory");
    }
    #[allow(unused_variables)]
    fn write_query(&self, out: &mut ::contango::__private::encode::QueryWriter<'_>) {
        out.pair("contractName", &self.contract_name);
        out.opt("beginTime", &self.begin_time);
        out.opt("endTime", &self.end_time);
        out.opt("autoCloseType", &self.auto_close_type);
        out.opt("page", &self.page);
        out.opt("limit", &self.limit);
    }
    #[allow(unused_variables)]
    fn write_body(&self, out: &mut ::contango::__private::encode::BodyWriter<'_>) {}
    fn decode_data<'de, D: ::contango::__private::serde::Deserializer<'de>>(
        d: D,
    ) -> ::std::result::Result<Self::Response, D::Error> {
        ::contango::__private::de::wire(d)
    }
    fn direct_data(
        r: &mut ::contango::__private::direct::Reader<'_>,
    ) -> ::std::option::Option<Self::Response> {
        ::contango::__private::direct::Direct::direct(r)
    }
}
/// Builder of [`Client::force_orders_history`]: set optional parameters, then `send()`.
#[derive(Debug, Clone)]
#[must_use = "a request does nothing until `send()` is awaited"]
pub struct ForceOrdersHistoryBuilder<'a> {
    client: &'a Client,
    request: ForceOrdersHistoryRequest,
}
impl<'a> ForceOrdersHistoryBuilder<'a> {
    /// Start time in milliseconds; by default the recent 30 days.
    pub fn begin_time(mut self, begin_time: ::contango::Millis) -> Self {
        self.request.begin_time = ::std::option::Option::Some(begin_time);
        self
    }
    /// End time in milliseconds.
    pub fn end_time(mut self, end_time: ::contango::Millis) -> Self {
        self.request.end_time = ::std::option::Option::Some(end_time);
        self
    }
    /// LIQUIDATION for liquidation orders, ADL for auto-deleveraging orders.
    pub fn auto_close_type(mut self, auto_close_type: AutoCloseType) -> Self {
        self.request.auto_close_type = ::std::option::Option::Some(auto_close_type);
        self
    }
    /// Page number (server default 1; at least 1).
    pub fn page(mut self, page: i32) -> Self {
        self.request.page = ::std::option::Option::Some(page);
        self
    }
    /// Records per page (server default 10; 1 to 200).
    pub fn limit(mut self, limit: i32) -> Self {
        self.request.limit = ::std::option::Option::Some(limit);
        self
    }
    /// The request as it stands.
    pub fn request(&self) -> &ForceOrdersHistoryRequest {
        &self.request
    }
    /// Sends the request and decodes the answer.
    pub async fn send(
        self,
    ) -> ::std::result::Result<::std::vec::Vec<ForceOrder>, Error> {
        self.client.send(&self.request).await
    }
}
impl SendRequest for ForceOrdersHistoryRequest {
    #[allow(clippy::manual_async_fn)]
    fn send_with<'a>(
        &'a self,
        client: &'a Client,
    ) -> impl ::std::future::Future<
        Output = ::std::result::Result<::std::vec::Vec<ForceOrder>, Error>,
    > + ::std::marker::Send + 'a {
        async move { client.core().send(self).await }
    }
}
impl Client {
    /// Forced-liquidation and auto-deleveraging orders of a contract. beginTime defaults to the recent 30 days; records may carry either of the document's two field lists.
    ///
    /// `GET /v2/forceOrdersHistory` (USER_DATA, signed).
    pub fn force_orders_history(
        &self,
        contract_name: impl ::std::convert::Into<::std::string::String>,
    ) -> ForceOrdersHistoryBuilder<'_> {
        ForceOrdersHistoryBuilder {
            client: self,
            request: ForceOrdersHistoryRequest::new(contract_name),
        }
    }
}
/// Request of [`Client::create_listen_key`]: Creates a listen key valid 60 minutes; if the account already has one, returns the same key and extends it by 60 minutes.
///
/// `POST /user_stream/api/v1/listenKey`
#[derive(
    Debug,
    Clone,
    PartialEq,
    ::contango::__private::serde::Serialize,
    ::contango::__private::serde::Deserialize
)]
#[serde(crate = "::contango::__private::serde")]
pub struct CreateListenKeyRequest {}
impl CreateListenKeyRequest {
    /// A request with the required parameters; optional ones are unset.
    pub fn new() -> Self {
        Self {}
    }
}
impl ::contango::__private::endpoint::Endpoint for CreateListenKeyRequest {
    type Response = ListenKey;
    type Code = ErrorCode;
    const RATE_GROUP: &'static str = "default";
    const META: ::contango::__private::endpoint::EndpointMeta = ::contango::__private::endpoint::EndpointMeta {
        name: "create_listen_key",
        method: ::contango::__private::endpoint::Method::Post,
        base: ::contango::__private::endpoint::Base::UserStream,
        security: ::contango::__private::endpoint::Security::UserStream,
        envelope: ::contango::__private::endpoint::Envelope::Wrapped,
        error_table: "user_stream",
        idempotent: true,
        has_body: true,
    };
    fn validate(&self) -> ::std::result::Result<(), ::contango::InvalidArgument> {
        ::std::result::Result::Ok(())
    }
    fn write_path(&self, out: &mut ::contango::__private::encode::PathWriter<'_>) {
        out.literal("/user_stream/api/v1/listenKey");
    }
    #[allow(unused_variables)]
    fn write_query(&self, out: &mut ::contango::__private::encode::QueryWriter<'_>) {}
    #[allow(unused_variables)]
    fn write_body(&self, out: &mut ::contango::__private::encode::BodyWriter<'_>) {}
    fn decode_data<'de, D: ::contango::__private::serde::Deserializer<'de>>(
        d: D,
    ) -> ::std::result::Result<Self::Response, D::Error> {
        ::contango::__private::de::wire(d)
    }
    fn direct_data(
        r: &mut ::contango::__private::direct::Reader<'_>,
    ) -> ::std::option::Option<Self::Response> {
        ::contango::__private::direct::Direct::direct(r)
    }
}
/// Builder of [`Client::create_listen_key`]: set optional parameters, then `send()`.
#[derive(Debug, Clone)]
#[must_use = "a request does nothing until `send()` is awaited"]
pub struct CreateListenKeyBuilder<'a> {
    client: &'a Client,
    request: CreateListenKeyRequest,
}
impl<'a> CreateListenKeyBuilder<'a> {
    /// The request as it stands.
    pub fn request(&self) -> &CreateListenKeyRequest {
        &self.request
    }
    /// Sends the request and decodes the answer.
    pub async fn send(self) -> ::std::result::Result<ListenKey, Error> {
        self.client.send(&self.request).await
    }
}
impl SendRequest for CreateListenKeyRequest {
    #[allow(clippy::manual_async_fn)]
    fn send_with<'a>(
        &'a self,
        client: &'a Client,
    ) -> impl ::std::future::Future<
        Output = ::std::result::Result<ListenKey, Error>,
    > + ::std::marker::Send + 'a {
        async move { client.core().send(self).await }
    }
}
impl Client {
    /// Creates a listen key valid 60 minutes; if the account already has one, returns the same key and extends it by 60 minutes.
    ///
    /// `POST /user_stream/api/v1/listenKey` (USER_STREAM, API key).
    pub fn create_listen_key(&self) -> CreateListenKeyBuilder<'_> {
        CreateListenKeyBuilder {
            client: self,
            request: CreateListenKeyRequest::new(),
        }
    }
}
/// Request of [`Client::keep_alive_listen_key`]: Extends the validity of a listen key by 60 minutes; a keep-alive about every 30 minutes is recommended.
///
/// `PUT /user_stream/api/v1/listenKey/{listenKey}`
#[derive(
    Debug,
    Clone,
    PartialEq,
    ::contango::__private::serde::Serialize,
    ::contango::__private::serde::Deserialize
)]
#[serde(crate = "::contango::__private::serde")]
pub struct KeepAliveListenKeyRequest {
    /// The listen key to keep alive.
    #[serde(rename = "listenKey", deserialize_with = "::contango::__private::de::wire")]
    pub listen_key: ::std::string::String,
}
impl KeepAliveListenKeyRequest {
    /// A request with the required parameters; optional ones are unset.
    pub fn new(listen_key: impl ::std::convert::Into<::std::string::String>) -> Self {
        Self {
            listen_key: listen_key.into(),
        }
    }
}
impl ::contango::__private::endpoint::Endpoint for KeepAliveListenKeyRequest {
    type Response = ();
    type Code = ErrorCode;
    const RATE_GROUP: &'static str = "default";
    const META: ::contango::__private::endpoint::EndpointMeta = ::contango::__private::endpoint::EndpointMeta {
        name: "keep_alive_listen_key",
        method: ::contango::__private::endpoint::Method::Put,
        base: ::contango::__private::endpoint::Base::UserStream,
        security: ::contango::__private::endpoint::Security::UserStream,
        envelope: ::contango::__private::endpoint::Envelope::Wrapped,
        error_table: "user_stream",
        idempotent: true,
        has_body: true,
    };
    fn validate(&self) -> ::std::result::Result<(), ::contango::InvalidArgument> {
        ::contango::__private::validate::check_not_empty("listenKey", &self.listen_key)?;
        ::std::result::Result::Ok(())
    }
    fn write_path(&self, out: &mut ::contango::__private::encode::PathWriter<'_>) {
        out.literal("/user_stream/api/v1/listenKey/");
        out.param(&self.listen_key);
    }
    #[allow(unused_variables)]
    fn write_query(&self, out: &mut ::contango::__private::encode::QueryWriter<'_>) {}
    #[allow(unused_variables)]
    fn write_body(&self, out: &mut ::contango::__private::encode::BodyWriter<'_>) {}
    fn decode_data<'de, D: ::contango::__private::serde::Deserializer<'de>>(
        d: D,
    ) -> ::std::result::Result<Self::Response, D::Error> {
        ::contango::__private::de::ignore(d)
    }
    fn direct_data(
        r: &mut ::contango::__private::direct::Reader<'_>,
    ) -> ::std::option::Option<Self::Response> {
        r.skip()
    }
}
/// Builder of [`Client::keep_alive_listen_key`]: set optional parameters, then `send()`.
#[derive(Debug, Clone)]
#[must_use = "a request does nothing until `send()` is awaited"]
pub struct KeepAliveListenKeyBuilder<'a> {
    client: &'a Client,
    request: KeepAliveListenKeyRequest,
}
impl<'a> KeepAliveListenKeyBuilder<'a> {
    /// The request as it stands.
    pub fn request(&self) -> &KeepAliveListenKeyRequest {
        &self.request
    }
    /// Sends the request and decodes the answer.
    pub async fn send(self) -> ::std::result::Result<(), Error> {
        self.client.send(&self.request).await
    }
}
impl SendRequest for KeepAliveListenKeyRequest {
    #[allow(clippy::manual_async_fn)]
    fn send_with<'a>(
        &'a self,
        client: &'a Client,
    ) -> impl ::std::future::Future<
        Output = ::std::result::Result<(), Error>,
    > + ::std::marker::Send + 'a {
        async move { client.core().send(self).await }
    }
}
impl Client {
    /// Extends the validity of a listen key by 60 minutes; a keep-alive about every 30 minutes is recommended.
    ///
    /// `PUT /user_stream/api/v1/listenKey/{listenKey}` (USER_STREAM, API key).
    pub fn keep_alive_listen_key(
        &self,
        listen_key: impl ::std::convert::Into<::std::string::String>,
    ) -> KeepAliveListenKeyBuilder<'_> {
        KeepAliveListenKeyBuilder {
            client: self,
            request: KeepAliveListenKeyRequest::new(listen_key),
        }
    }
}
/// Request of [`Client::close_listen_key`]: Closes a listen key and its event stream.
///
/// `DELETE /user_stream/api/v1/listenKey/{listenKey}`
#[derive(
    Debug,
    Clone,
    PartialEq,
    ::contango::__private::serde::Serialize,
    ::contango::__private::serde::Deserialize
)]
#[serde(crate = "::contango::__private::serde")]
pub struct CloseListenKeyRequest {
    /// The listen key to close.
    #[serde(rename = "listenKey", deserialize_with = "::contango::__private::de::wire")]
    pub listen_key: ::std::string::String,
}
impl CloseListenKeyRequest {
    /// A request with the required parameters; optional ones are unset.
    pub fn new(listen_key: impl ::std::convert::Into<::std::string::String>) -> Self {
        Self {
            listen_key: listen_key.into(),
        }
    }
}
impl ::contango::__private::endpoint::Endpoint for CloseListenKeyRequest {
    type Response = ();
    type Code = ErrorCode;
    const RATE_GROUP: &'static str = "default";
    const META: ::contango::__private::endpoint::EndpointMeta = ::contango::__private::endpoint::EndpointMeta {
        name: "close_listen_key",
        method: ::contango::__private::endpoint::Method::Delete,
        base: ::contango::__private::endpoint::Base::UserStream,
        security: ::contango::__private::endpoint::Security::UserStream,
        envelope: ::contango::__private::endpoint::Envelope::Wrapped,
        error_table: "user_stream",
        idempotent: true,
        has_body: true,
    };
    fn validate(&self) -> ::std::result::Result<(), ::contango::InvalidArgument> {
        ::contango::__private::validate::check_not_empty("listenKey", &self.listen_key)?;
        ::std::result::Result::Ok(())
    }
    fn write_path(&self, out: &mut ::contango::__private::encode::PathWriter<'_>) {
        out.literal("/user_stream/api/v1/listenKey/");
        out.param(&self.listen_key);
    }
    #[allow(unused_variables)]
    fn write_query(&self, out: &mut ::contango::__private::encode::QueryWriter<'_>) {}
    #[allow(unused_variables)]
    fn write_body(&self, out: &mut ::contango::__private::encode::BodyWriter<'_>) {}
    fn decode_data<'de, D: ::contango::__private::serde::Deserializer<'de>>(
        d: D,
    ) -> ::std::result::Result<Self::Response, D::Error> {
        ::contango::__private::de::ignore(d)
    }
    fn direct_data(
        r: &mut ::contango::__private::direct::Reader<'_>,
    ) -> ::std::option::Option<Self::Response> {
        r.skip()
    }
}
/// Builder of [`Client::close_listen_key`]: set optional parameters, then `send()`.
#[derive(Debug, Clone)]
#[must_use = "a request does nothing until `send()` is awaited"]
pub struct CloseListenKeyBuilder<'a> {
    client: &'a Client,
    request: CloseListenKeyRequest,
}
impl<'a> CloseListenKeyBuilder<'a> {
    /// The request as it stands.
    pub fn request(&self) -> &CloseListenKeyRequest {
        &self.request
    }
    /// Sends the request and decodes the answer.
    pub async fn send(self) -> ::std::result::Result<(), Error> {
        self.client.send(&self.request).await
    }
}
impl SendRequest for CloseListenKeyRequest {
    #[allow(clippy::manual_async_fn)]
    fn send_with<'a>(
        &'a self,
        client: &'a Client,
    ) -> impl ::std::future::Future<
        Output = ::std::result::Result<(), Error>,
    > + ::std::marker::Send + 'a {
        async move { client.core().send(self).await }
    }
}
impl Client {
    /// Closes a listen key and its event stream.
    ///
    /// `DELETE /user_stream/api/v1/listenKey/{listenKey}` (USER_STREAM, API key).
    pub fn close_listen_key(
        &self,
        listen_key: impl ::std::convert::Into<::std::string::String>,
    ) -> CloseListenKeyBuilder<'_> {
        CloseListenKeyBuilder {
            client: self,
            request: CloseListenKeyRequest::new(listen_key),
        }
    }
}
/// The product lines of the interface; each has its own path prefix.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Product {
    /// USDT-margined contracts (paths under `/fapi`). A coin-margined contract is rejected with -1147. Paths under `/fapi`.
    UsdtMargined,
    /// Coin-margined contracts (paths under `/dapi`). A USDT-margined contract is rejected with -1148. Paths under `/dapi`.
    CoinMargined,
}
impl Product {
    /// Path prefix of the product's endpoints.
    pub const fn prefix(self) -> &'static str {
        match self {
            Self::UsdtMargined => "/fapi",
            Self::CoinMargined => "/dapi",
        }
    }
    /// The spec's key of the product (`usdt_margined`).
    pub const fn key(self) -> &'static str {
        match self {
            Self::UsdtMargined => "usdt_margined",
            Self::CoinMargined => "coin_margined",
        }
    }
}
impl ::std::default::Default for Product {
    fn default() -> Self {
        Self::UsdtMargined
    }
}
/// The typed client of Futures Trading Service Interface (version 2.0). Cheap to clone; clones share one connection pool.
///
/// HTTP and JSON interface of a futures exchange (OpenApi V2.0): public market data, order entry, account and position data, margin and leverage settings, transfers between wallet and contract account, forced-liquidation history, and a private WebSocket event stream opened with a listen key. Offered for USDT-margined and coin-margined contracts.
#[derive(Debug, Clone)]
pub struct Client {
    core: ::contango::__private::Core,
    product: Product,
}
impl Client {
    /// Starts configuring a client.
    /// Starts configuring a client.
    ///
    /// Client-side rate limits from the spec (override with `ClientBuilder::rate_limit`):
    /// - `default`: 20 request(s) per 1000 ms, burst 20 (assumed; the document shows no rate limits)
    /// - `orders`: 10 request(s) per 1000 ms, burst 10 (assumed; order entry and cancellation)
    pub fn builder() -> ClientBuilder {
        ClientBuilder {
            core: ::contango::__private::Core::builder()
                .auth_headers(::contango::__private::AuthHeaders {
                    api_key: "X-CH-APIKEY",
                    signature: "X-CH-SIGN",
                    timestamp: "X-CH-TS",
                    recv_window: "recvWindow",
                })
                .rate_limit(
                    "default",
                    ::contango::Rate {
                        requests: 20u32,
                        per: ::std::time::Duration::from_millis(1000u64),
                        burst: 20u32,
                    },
                )
                .rate_limit(
                    "orders",
                    ::contango::Rate {
                        requests: 10u32,
                        per: ::std::time::Duration::from_millis(1000u64),
                        burst: 10u32,
                    },
                )
                .time_source(Client::sample_clock),
            product: Product::default(),
        }
    }
    /// Samples the server clock through the spec's clock endpoint.
    fn sample_clock(
        core: &::contango::__private::Core,
    ) -> ::std::pin::Pin<
        ::std::boxed::Box<
            dyn ::std::future::Future<Output = bool> + ::std::marker::Send + '_,
        >,
    > {
        ::std::boxed::Box::pin(async move {
            let request = ServerTimeRequest::new();
            core.sample_server_time(
                    &request,
                    |answer: &ServerTime| answer.server_time.as_millis(),
                )
                .await
        })
    }
    /// The product this client talks to.
    pub fn product(&self) -> Product {
        self.product
    }
    /// The shared transport, for advanced use (custom endpoints).
    pub fn core(&self) -> &::contango::__private::Core {
        &self.core
    }
    /// Sends any request of this spec (the request types are plain data). This is the one
    /// send path: the builders' `send()` calls it too, so whichever way a request is sent
    /// it gets the same validation, the endpoint's `precheck` (when prechecks are on),
    /// signing, rate limiting, retries and, for requests that must not run twice (new
    /// orders), the client-id lookup after an ambiguous outcome, so an order is never
    /// sent twice by accident. For an endpoint outside the spec, use
    /// `core().send(..)`, which has none of the spec's per-endpoint protections.
    pub async fn send<E: SendRequest>(
        &self,
        request: &E,
    ) -> ::std::result::Result<E::Response, Error> {
        request.send_with(self).await
    }
}
/// A request of this spec, sendable with [`Client::send`]. Implemented by every generated
/// request type (sealed in practice: its method is the per-endpoint send policy, which
/// only the spec knows: precheck, dedupe or plain).
pub trait SendRequest: ::contango::__private::endpoint::Endpoint<
        Code = ErrorCode,
    > + ::std::marker::Sync {
    /// The endpoint's send policy; call [`Client::send`] instead.
    #[doc(hidden)]
    fn send_with<'a>(
        &'a self,
        client: &'a Client,
    ) -> impl ::std::future::Future<
        Output = ::std::result::Result<Self::Response, Error>,
    > + ::std::marker::Send + 'a;
}
/// Configures a [`Client`].
#[derive(Debug)]
#[must_use]
pub struct ClientBuilder {
    core: ::contango::__private::CoreBuilder,
    product: Product,
}
impl ClientBuilder {
    /// Base URL of the REST interface, e.g. `https://exchange.example` or a simulator's URL.
    pub fn base_url(
        mut self,
        url: impl ::std::convert::Into<::std::string::String>,
    ) -> Self {
        self.core = self.core.base_url(url);
        self
    }
    /// The product (path prefix) to talk to; defaults to the spec's first product.
    pub fn product(mut self, product: Product) -> Self {
        self.product = product;
        self
    }
    /// Base URL of the user-stream REST endpoints when they live on another host.
    pub fn user_stream_url(
        mut self,
        url: impl ::std::convert::Into<::std::string::String>,
    ) -> Self {
        self.core = self.core.user_stream_url(url);
        self
    }
    /// Address of the public market stream (`wss://<market host>/kline-api/ws`), when it is
    /// not the spec's default on the base URL's host.
    pub fn market_stream_url(
        mut self,
        url: impl ::std::convert::Into<::std::string::String>,
    ) -> Self {
        self.core = self.core.market_stream_url(url);
        self
    }
    /// API key and secret for keyed and signed endpoints.
    pub fn credentials(mut self, credentials: ::contango::Credentials) -> Self {
        self.core = self.core.credentials(credentials);
        self
    }
    /// Total time allowed for one request (default 10 s).
    pub fn timeout(mut self, timeout: ::std::time::Duration) -> Self {
        self.core = self.core.timeout(timeout);
        self
    }
    /// The receive window (ms) sent with signed requests; unset, the server's default applies.
    pub fn recv_window(mut self, millis: u64) -> Self {
        self.core = self.core.recv_window(millis);
        self
    }
    /// Paces the endpoints of a rate-limit group (overrides the spec's rate); requests wait
    /// for a slot rather than fail.
    pub fn rate_limit(mut self, group: &'static str, rate: ::contango::Rate) -> Self {
        self.core = self.core.rate_limit(group, rate);
        self
    }
    /// Limits of automatic retries; `RetryPolicy::NONE` turns them off.
    pub fn retry_policy(mut self, policy: ::contango::RetryPolicy) -> Self {
        self.core = self.core.retry_policy(policy);
        self
    }
    /// Whether requests are checked against server-published limits (a contract's minimum
    /// volume, price precision, ...) before sending; on by default.
    pub fn prechecks(mut self, on: bool) -> Self {
        self.core = self.core.prechecks(on);
        self
    }
    /// How often the server-time offset is resampled (default 5 minutes; also on -1021).
    pub fn clock_sync_interval(mut self, interval: ::std::time::Duration) -> Self {
        self.core = self.core.clock_sync_interval(interval);
        self
    }
    /// Builds the client; fails on a malformed URL or credentials over plain http to a remote host.
    pub fn build(self) -> ::std::result::Result<Client, ::contango::ConfigError> {
        let core = self.core.product_prefix(self.product.prefix()).build()?;
        ::std::result::Result::Ok(Client {
            core,
            product: self.product,
        })
    }
}
/// The private event stream of order and account updates, tied to a listen key. Answer every server ping with a pong.
#[derive(Debug, Clone, PartialEq)]
pub enum Event {
    /// An order changed (new, fill, cancel, liquidation, ADL).
    OrderTradeUpdate(OrderTradeUpdate),
    /// Balances or positions changed.
    AccountUpdate(AccountUpdate),
    /// An event type this version of the spec does not list, kept raw so nothing is lost.
    Other {
        /// The value of the tag key.
        event_type: ::std::string::String,
        /// The whole frame as received.
        raw: ::std::string::String,
    },
}
impl Event {
    /// Documented WebSocket address; `{host}` and `{listenKey}` are filled in by the client.
    pub const URL_TEMPLATE: &'static str = "wss://{host}/stream?listenKey={listenKey}";
    /// Channel named in the subscribe message.
    pub const CHANNEL: &'static str = "user_account_update";
    /// Key of a data frame naming its event type.
    pub const TAG: &'static str = "e";
    /// Decodes one data frame straight from its bytes: one typed pass when the tag is the
    /// frame's first key (as servers send it), else a tag pass first. The typed pass is
    /// the direct reader, with serde for what it leaves (`contango_runtime::direct`).
    pub fn decode(
        frame: &[u8],
    ) -> ::std::result::Result<Self, ::contango::__private::serde_json::Error> {
        #[derive(::contango::__private::serde::Deserialize)]
        #[serde(crate = "::contango::__private::serde")]
        struct Tag<'a> {
            #[serde(rename = "e", borrow)]
            tag: ::std::option::Option<::std::borrow::Cow<'a, str>>,
        }
        let tag_pass = || -> ::std::result::Result<
            ::std::borrow::Cow<'_, str>,
            ::contango::__private::serde_json::Error,
        > {
            let t: Tag<'_> = ::contango::__private::serde_json::from_slice(frame)?;
            t.tag
                .ok_or_else(|| <::contango::__private::serde_json::Error as ::contango::__private::serde::de::Error>::missing_field(
                    "e",
                ))
        };
        let tag = match ::contango::__private::de::leading_tag(frame, "e") {
            ::std::option::Option::Some(t) => ::std::borrow::Cow::Borrowed(t),
            ::std::option::Option::None => tag_pass()?,
        };
        match tag.as_ref() {
            "ORDER_TRADE_UPDATE" | "executionReport" => {
                ::contango::__private::direct::from_slice::<OrderTradeUpdate>(frame)
                    .map(Self::OrderTradeUpdate)
            }
            "ACCOUNT_UPDATE" => {
                ::contango::__private::direct::from_slice::<AccountUpdate>(frame)
                    .map(Self::AccountUpdate)
            }
            _ => {
                let other = tag_pass()?;
                ::std::result::Result::Ok(Self::Other {
                    event_type: other.into_owned(),
                    raw: ::std::string::String::from_utf8_lossy(frame).into_owned(),
                })
            }
        }
    }
    /// The event type as sent.
    pub fn event_type(&self) -> &str {
        match self {
            Self::OrderTradeUpdate(_) => "ORDER_TRADE_UPDATE",
            Self::AccountUpdate(_) => "ACCOUNT_UPDATE",
            Self::Other { event_type, .. } => event_type,
        }
    }
}
/// The control messages of the stream, named by role.
pub mod stream_control {
    /// Client to server: subscribe.
    pub type Subscribe = super::StreamSubscribe;
    /// Server to client: subscription acknowledged.
    pub type Subscribed = super::StreamSubscribed;
    /// Server to client: ping, to be answered with a pong.
    pub type Ping = super::StreamPing;
    /// Client to server: pong carrying the ping's `ts`.
    pub type Pong = super::StreamPong;
}
/// Wires the private stream to this spec: its events, its listen-key endpoints and the
/// error meaning "unknown listen key". Used through [`Client::user_stream`].
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct UserStreamApi;
impl ::contango::__private::stream::StreamApi for UserStreamApi {
    type Event = Event;
    type Code = ErrorCode;
    const CHANNEL: &'static str = Event::CHANNEL;
    const URL_TEMPLATE: &'static str = Event::URL_TEMPLATE;
    fn decode(
        frame: &[u8],
    ) -> ::std::result::Result<Event, ::contango::__private::serde_json::Error> {
        Event::decode(frame)
    }
    fn create_key(
        core: &::contango::__private::Core,
    ) -> ::contango::__private::stream::BoxFuture<
        '_,
        ::std::result::Result<::std::string::String, Error>,
    > {
        ::std::boxed::Box::pin(async move {
            core.send(&CreateListenKeyRequest::new())
                .await
                .map(|answer| answer.listen_key)
        })
    }
    fn keep_alive(
        core: &::contango::__private::Core,
        key: ::std::string::String,
    ) -> ::contango::__private::stream::BoxFuture<'_, ::std::result::Result<(), Error>> {
        ::std::boxed::Box::pin(async move {
            core.send(&KeepAliveListenKeyRequest::new(key)).await.map(|_| ())
        })
    }
    fn close(
        core: &::contango::__private::Core,
        key: ::std::string::String,
    ) -> ::contango::__private::stream::BoxFuture<'_, ::std::result::Result<(), Error>> {
        ::std::boxed::Box::pin(async move {
            core.send(&CloseListenKeyRequest::new(key)).await.map(|_| ())
        })
    }
    fn is_invalid_key(code: ErrorCode) -> bool {
        code == ErrorCode::InvalidListenKey
    }
    #[allow(unreachable_patterns)]
    fn event_time_ms(event: &Event) -> ::std::option::Option<i64> {
        match event {
            Event::OrderTradeUpdate(e) => {
                ::std::option::Option::Some(e.event_time.as_millis())
            }
            Event::AccountUpdate(e) => {
                ::std::option::Option::Some(e.event_time.as_millis())
            }
            _ => ::std::option::Option::None,
        }
    }
}
/// The private event stream of a [`Client`]: typed events, gaps and errors.
pub type UserStream = ::contango::__private::stream::UserStream<UserStreamApi>;
/// One item of the private event stream.
pub type StreamItem = ::contango::__private::stream::StreamItem<Event>;
impl Client {
    /// The private event stream: obtains a listen key, connects, subscribes, keeps the key
    /// alive, reconnects after failures (yielding a typed gap) and rotates connections
    /// without loss. Configure, then `connect().await` (or `start()`).
    pub fn user_stream(
        &self,
    ) -> ::contango::__private::stream::UserStreamBuilder<UserStreamApi> {
        ::contango::__private::stream::UserStreamBuilder::new(self.core.clone())
    }
}
/// Full snapshot of up to 30 levels a side, sent when the book changes (no sequence number).
///
#[doc = concat!("Channel name: `", "market_{symbol}_depth_step{step}", "`.")]
#[derive(Debug, Clone, PartialEq, Eq, Hash)]
pub struct DepthChannel {
    /// The channel's symbol: the contract name by the spec's rule (`e_btcusdt`).
    pub symbol: ::std::string::String,
    /// Price aggregation: 0 is the exact book, higher steps merge levels.
    pub step: i32,
}
impl DepthChannel {
    /// The channel of `contract` (a contract name such as `E-BTC-USDT`).
    pub fn new(contract: &str, step: i32) -> Self {
        Self {
            symbol: MarketStreamApi::SYMBOL_RULE.apply(contract),
            step,
        }
    }
    /// The channel name sent on the wire.
    pub fn name(&self) -> ::std::string::String {
        let mut s = ::std::string::String::with_capacity(48);
        s.push_str("market_");
        s.push_str(&self.symbol);
        s.push_str("_depth_step");
        let _ = ::std::fmt::Write::write_fmt(&mut s, format_args!("{}", self.step));
        s
    }
    /// Reads a channel name; `None` when it is not this channel.
    pub fn parse(name: &str) -> ::std::option::Option<Self> {
        const PARTS: &[::contango::__private::stream::TemplatePart] = &[
            ::contango::__private::stream::TemplatePart::Lit("market_"),
            ::contango::__private::stream::TemplatePart::Hole,
            ::contango::__private::stream::TemplatePart::Lit("_depth_step"),
            ::contango::__private::stream::TemplatePart::Hole,
        ];
        let holes = ::contango::__private::stream::match_template(PARTS, name)?;
        ::std::option::Option::Some(Self {
            symbol: (*holes.get(0)?).to_owned(),
            step: holes.get(1)?.parse().ok()?,
        })
    }
    /// Refuses parameters outside the spec's limits (nothing is sent).
    pub fn check(&self) -> ::std::result::Result<(), ::contango::InvalidArgument> {
        ::contango::__private::validate::check_not_empty("symbol", &self.symbol)?;
        if let ::std::option::Option::Some(v) = ::std::option::Option::Some(&self.step) {
            ::contango::__private::validate::check_range(
                "step",
                v,
                ::std::option::Option::Some(0),
                ::std::option::Option::Some(9),
            )?;
        }
        ::std::result::Result::Ok(())
    }
}
/// Trades as they print.
///
#[doc = concat!("Channel name: `", "market_{symbol}_trade_ticker", "`.")]
#[derive(Debug, Clone, PartialEq, Eq, Hash)]
pub struct TradesChannel {
    /// The channel's symbol: the contract name by the spec's rule (`e_btcusdt`).
    pub symbol: ::std::string::String,
}
impl TradesChannel {
    /// The channel of `contract` (a contract name such as `E-BTC-USDT`).
    pub fn new(contract: &str) -> Self {
        Self {
            symbol: MarketStreamApi::SYMBOL_RULE.apply(contract),
        }
    }
    /// The channel name sent on the wire.
    pub fn name(&self) -> ::std::string::String {
        let mut s = ::std::string::String::with_capacity(48);
        s.push_str("market_");
        s.push_str(&self.symbol);
        s.push_str("_trade_ticker");
        s
    }
    /// Reads a channel name; `None` when it is not this channel.
    pub fn parse(name: &str) -> ::std::option::Option<Self> {
        const PARTS: &[::contango::__private::stream::TemplatePart] = &[
            ::contango::__private::stream::TemplatePart::Lit("market_"),
            ::contango::__private::stream::TemplatePart::Hole,
            ::contango::__private::stream::TemplatePart::Lit("_trade_ticker"),
        ];
        let holes = ::contango::__private::stream::match_template(PARTS, name)?;
        ::std::option::Option::Some(Self {
            symbol: (*holes.get(0)?).to_owned(),
        })
    }
    /// Refuses parameters outside the spec's limits (nothing is sent).
    pub fn check(&self) -> ::std::result::Result<(), ::contango::InvalidArgument> {
        ::contango::__private::validate::check_not_empty("symbol", &self.symbol)?;
        ::std::result::Result::Ok(())
    }
    /// A history request on this channel (`req`), to send with `MarketStream::request`.
    pub fn history(&self) -> TradesHistory {
        TradesHistory::new(self.clone())
    }
}
/// The most recent trades of a contract, oldest first.
#[derive(Debug, Clone, PartialEq)]
pub struct TradesHistory {
    /// The channel asked about.
    pub channel: TradesChannel,
    /// How many trades (the server's default is 100).
    pub top: ::std::option::Option<i32>,
}
impl TradesHistory {
    /// A request on `channel` with no optional parameter set.
    pub fn new(channel: TradesChannel) -> Self {
        Self {
            channel,
            top: ::std::option::Option::None,
        }
    }
    /// How many trades (the server's default is 100).
    pub fn top(mut self, v: i32) -> Self {
        self.top = ::std::option::Option::Some(v);
        self
    }
}
impl ::contango::__private::stream::MarketRequest<MarketStreamApi> for TradesHistory {
    type Item = MarketTrade;
    fn channel(&self) -> MarketChannel {
        MarketChannel::Trades(self.channel.clone())
    }
    fn params(&self) -> ::std::vec::Vec<(&'static str, ::std::string::String)> {
        let mut params = ::std::vec::Vec::new();
        if let ::std::option::Option::Some(v) = &self.top {
            if let ::std::result::Result::Ok(json) = ::contango::__private::serde_json::to_string(
                v,
            ) {
                params.push(("top", json));
            }
        }
        params
    }
    fn check(&self) -> ::std::result::Result<(), ::contango::InvalidArgument> {
        if let ::std::option::Option::Some(v) = self.top.as_ref() {
            ::contango::__private::validate::check_range(
                "top",
                v,
                ::std::option::Option::Some(1),
                ::std::option::Option::Some(100),
            )?;
        }
        ::std::result::Result::Ok(())
    }
}
/// 24 hour statistics, sent when they change.
///
#[doc = concat!("Channel name: `", "market_{symbol}_ticker", "`.")]
#[derive(Debug, Clone, PartialEq, Eq, Hash)]
pub struct TickerChannel {
    /// The channel's symbol: the contract name by the spec's rule (`e_btcusdt`).
    pub symbol: ::std::string::String,
}
impl TickerChannel {
    /// The channel of `contract` (a contract name such as `E-BTC-USDT`).
    pub fn new(contract: &str) -> Self {
        Self {
            symbol: MarketStreamApi::SYMBOL_RULE.apply(contract),
        }
    }
    /// The channel name sent on the wire.
    pub fn name(&self) -> ::std::string::String {
        let mut s = ::std::string::String::with_capacity(48);
        s.push_str("market_");
        s.push_str(&self.symbol);
        s.push_str("_ticker");
        s
    }
    /// Reads a channel name; `None` when it is not this channel.
    pub fn parse(name: &str) -> ::std::option::Option<Self> {
        const PARTS: &[::contango::__private::stream::TemplatePart] = &[
            ::contango::__private::stream::TemplatePart::Lit("market_"),
            ::contango::__private::stream::TemplatePart::Hole,
            ::contango::__private::stream::TemplatePart::Lit("_ticker"),
        ];
        let holes = ::contango::__private::stream::match_template(PARTS, name)?;
        ::std::option::Option::Some(Self {
            symbol: (*holes.get(0)?).to_owned(),
        })
    }
    /// Refuses parameters outside the spec's limits (nothing is sent).
    pub fn check(&self) -> ::std::result::Result<(), ::contango::InvalidArgument> {
        ::contango::__private::validate::check_not_empty("symbol", &self.symbol)?;
        ::std::result::Result::Ok(())
    }
}
/// The current candle of an interval, sent when it changes.
///
#[doc = concat!("Channel name: `", "market_{symbol}_kline_{interval}", "`.")]
#[derive(Debug, Clone, PartialEq, Eq, Hash)]
pub struct KlineChannel {
    /// The channel's symbol: the contract name by the spec's rule (`e_btcusdt`).
    pub symbol: ::std::string::String,
    /// Candle interval.
    pub interval: KlineInterval,
}
impl KlineChannel {
    /// The channel of `contract` (a contract name such as `E-BTC-USDT`).
    pub fn new(contract: &str, interval: KlineInterval) -> Self {
        Self {
            symbol: MarketStreamApi::SYMBOL_RULE.apply(contract),
            interval,
        }
    }
    /// The channel name sent on the wire.
    pub fn name(&self) -> ::std::string::String {
        let mut s = ::std::string::String::with_capacity(48);
        s.push_str("market_");
        s.push_str(&self.symbol);
        s.push_str("_kline_");
        let _ = ::std::fmt::Write::write_fmt(&mut s, format_args!("{}", self.interval));
        s
    }
    /// Reads a channel name; `None` when it is not this channel.
    pub fn parse(name: &str) -> ::std::option::Option<Self> {
        const PARTS: &[::contango::__private::stream::TemplatePart] = &[
            ::contango::__private::stream::TemplatePart::Lit("market_"),
            ::contango::__private::stream::TemplatePart::Hole,
            ::contango::__private::stream::TemplatePart::Lit("_kline_"),
            ::contango::__private::stream::TemplatePart::Hole,
        ];
        let holes = ::contango::__private::stream::match_template(PARTS, name)?;
        ::std::option::Option::Some(Self {
            symbol: (*holes.get(0)?).to_owned(),
            interval: KlineInterval::from_wire_str(holes.get(1)?),
        })
    }
    /// Refuses parameters outside the spec's limits (nothing is sent).
    pub fn check(&self) -> ::std::result::Result<(), ::contango::InvalidArgument> {
        ::contango::__private::validate::check_not_empty("symbol", &self.symbol)?;
        ::std::result::Result::Ok(())
    }
    /// A history request on this channel (`req`), to send with `MarketStream::request`.
    pub fn history(&self) -> KlineHistory {
        KlineHistory::new(self.clone())
    }
}
/// A page of candles ending at `endIdx`, oldest first: page back by asking again with the first candle's id minus one.
#[derive(Debug, Clone, PartialEq)]
pub struct KlineHistory {
    /// The channel asked about.
    pub channel: KlineChannel,
    /// Last candle start (seconds) of the page, inclusive; the latest when absent.
    pub end_idx: ::std::option::Option<i64>,
    /// Candles per page.
    pub page_size: ::std::option::Option<i32>,
}
impl KlineHistory {
    /// A request on `channel` with no optional parameter set.
    pub fn new(channel: KlineChannel) -> Self {
        Self {
            channel,
            end_idx: ::std::option::Option::None,
            page_size: ::std::option::Option::None,
        }
    }
    /// Last candle start (seconds) of the page, inclusive; the latest when absent.
    pub fn end_idx(mut self, v: i64) -> Self {
        self.end_idx = ::std::option::Option::Some(v);
        self
    }
    /// Candles per page.
    pub fn page_size(mut self, v: i32) -> Self {
        self.page_size = ::std::option::Option::Some(v);
        self
    }
}
impl ::contango::__private::stream::MarketRequest<MarketStreamApi> for KlineHistory {
    type Item = MarketKline;
    fn channel(&self) -> MarketChannel {
        MarketChannel::Kline(self.channel.clone())
    }
    fn params(&self) -> ::std::vec::Vec<(&'static str, ::std::string::String)> {
        let mut params = ::std::vec::Vec::new();
        if let ::std::option::Option::Some(v) = &self.end_idx {
            if let ::std::result::Result::Ok(json) = ::contango::__private::serde_json::to_string(
                v,
            ) {
                params.push(("endIdx", json));
            }
        }
        if let ::std::option::Option::Some(v) = &self.page_size {
            if let ::std::result::Result::Ok(json) = ::contango::__private::serde_json::to_string(
                v,
            ) {
                params.push(("pageSize", json));
            }
        }
        params
    }
    fn check(&self) -> ::std::result::Result<(), ::contango::InvalidArgument> {
        if let ::std::option::Option::Some(v) = self.page_size.as_ref() {
            ::contango::__private::validate::check_range(
                "pageSize",
                v,
                ::std::option::Option::Some(1),
                ::std::option::Option::Some(300),
            )?;
        }
        ::std::result::Result::Ok(())
    }
}
/// A subscription to one channel of the market stream.
#[derive(Debug, Clone, PartialEq, Eq, Hash)]
pub enum MarketChannel {
    /// Full snapshot of up to 30 levels a side, sent when the book changes (no sequence number).
    Depth(DepthChannel),
    /// Trades as they print.
    Trades(TradesChannel),
    /// 24 hour statistics, sent when they change.
    Ticker(TickerChannel),
    /// The current candle of an interval, sent when it changes.
    Kline(KlineChannel),
}
impl ::std::convert::From<DepthChannel> for MarketChannel {
    fn from(c: DepthChannel) -> Self {
        Self::Depth(c)
    }
}
impl ::std::convert::From<TradesChannel> for MarketChannel {
    fn from(c: TradesChannel) -> Self {
        Self::Trades(c)
    }
}
impl ::std::convert::From<TickerChannel> for MarketChannel {
    fn from(c: TickerChannel) -> Self {
        Self::Ticker(c)
    }
}
impl ::std::convert::From<KlineChannel> for MarketChannel {
    fn from(c: KlineChannel) -> Self {
        Self::Kline(c)
    }
}
impl MarketChannel {
    /// Reads a channel name; `None` for a channel the spec does not list.
    pub fn parse(name: &str) -> ::std::option::Option<Self> {
        if let ::std::option::Option::Some(c) = TradesChannel::parse(name) {
            return ::std::option::Option::Some(Self::Trades(c));
        }
        if let ::std::option::Option::Some(c) = DepthChannel::parse(name) {
            return ::std::option::Option::Some(Self::Depth(c));
        }
        if let ::std::option::Option::Some(c) = TickerChannel::parse(name) {
            return ::std::option::Option::Some(Self::Ticker(c));
        }
        if let ::std::option::Option::Some(c) = KlineChannel::parse(name) {
            return ::std::option::Option::Some(Self::Kline(c));
        }
        ::std::option::Option::None
    }
}
impl ::std::fmt::Display for MarketChannel {
    fn fmt(&self, f: &mut ::std::fmt::Formatter<'_>) -> ::std::fmt::Result {
        f.write_str(&::contango::__private::stream::Subscription::name(self))
    }
}
impl ::contango::__private::stream::Subscription for MarketChannel {
    fn name(&self) -> ::std::string::String {
        match self {
            Self::Depth(c) => c.name(),
            Self::Trades(c) => c.name(),
            Self::Ticker(c) => c.name(),
            Self::Kline(c) => c.name(),
        }
    }
    fn symbol(&self) -> &str {
        match self {
            Self::Depth(c) => &c.symbol,
            Self::Trades(c) => &c.symbol,
            Self::Ticker(c) => &c.symbol,
            Self::Kline(c) => &c.symbol,
        }
    }
    fn check(&self) -> ::std::result::Result<(), ::contango::InvalidArgument> {
        match self {
            Self::Depth(c) => c.check(),
            Self::Trades(c) => c.check(),
            Self::Ticker(c) => c.check(),
            Self::Kline(c) => c.check(),
        }
    }
}
/// A frame of the public market stream: depth snapshots, trades, the 24 hour ticker and candles, each typed by its channel. Unknown channels are kept raw in `Other`.
#[derive(Debug, Clone, PartialEq)]
pub enum MarketEvent {
    /// Full snapshot of up to 30 levels a side, sent when the book changes (no sequence number).
    Depth(::contango::__private::stream::MarketData<DepthChannel, MarketDepth>),
    /// Trades as they print.
    Trades(::contango::__private::stream::MarketData<TradesChannel, MarketTrades>),
    /// 24 hour statistics, sent when they change.
    Ticker(::contango::__private::stream::MarketData<TickerChannel, MarketTicker>),
    /// The current candle of an interval, sent when it changes.
    Kline(::contango::__private::stream::MarketData<KlineChannel, MarketKline>),
    /// A channel this version of the spec does not list, kept raw so nothing is lost.
    Other {
        /// The channel name.
        channel: ::std::string::String,
        /// The frame's `tick`, as received (empty when it had none).
        raw: ::std::string::String,
    },
}
impl MarketEvent {
    /// Decodes a data frame from its envelope: the channel name picks the payload type,
    /// then one typed pass over `tick`.
    pub fn decode(
        frame: &::contango::__private::stream::MarketFrame<'_>,
    ) -> ::std::result::Result<Self, ::contango::__private::serde_json::Error> {
        let ::std::option::Option::Some(channel) = frame.channel.as_deref() else {
            return ::std::result::Result::Err(
                <::contango::__private::serde_json::Error as ::contango::__private::serde::de::Error>::missing_field(
                    "channel",
                ),
            );
        };
        let mut event = match frame.tick {
            ::std::option::Option::Some(raw) => Self::decode_tick(channel, raw)?,
            ::std::option::Option::None if MarketChannel::parse(channel).is_some() => {
                return ::std::result::Result::Err(
                    <::contango::__private::serde_json::Error as ::contango::__private::serde::de::Error>::missing_field(
                        "tick",
                    ),
                );
            }
            ::std::option::Option::None => {
                Self::Other {
                    channel: channel.to_owned(),
                    raw: ::std::string::String::new(),
                }
            }
        };
        event.set_time(::contango::Millis(frame.ts.unwrap_or(0)));
        ::std::result::Result::Ok(event)
    }
    /// Decodes the `tick` of a frame of `channel` straight from a deserializer; an
    /// unlisted channel keeps it raw.
    pub fn decode_tick<'de, D: ::contango::__private::serde::Deserializer<'de>>(
        channel: &str,
        tick: D,
    ) -> ::std::result::Result<Self, D::Error> {
        if let ::std::option::Option::Some(c) = TradesChannel::parse(channel) {
            let tick = <MarketTrades as ::contango::__private::serde::Deserialize>::deserialize(
                tick,
            )?;
            return ::std::result::Result::Ok(
                MarketEvent::Trades(::contango::__private::stream::MarketData {
                    channel: c,
                    ts: ::contango::Millis(0),
                    tick,
                }),
            );
        }
        if let ::std::option::Option::Some(c) = DepthChannel::parse(channel) {
            let tick = <MarketDepth as ::contango::__private::serde::Deserialize>::deserialize(
                tick,
            )?;
            return ::std::result::Result::Ok(
                MarketEvent::Depth(::contango::__private::stream::MarketData {
                    channel: c,
                    ts: ::contango::Millis(0),
                    tick,
                }),
            );
        }
        if let ::std::option::Option::Some(c) = TickerChannel::parse(channel) {
            let tick = <MarketTicker as ::contango::__private::serde::Deserialize>::deserialize(
                tick,
            )?;
            return ::std::result::Result::Ok(
                MarketEvent::Ticker(::contango::__private::stream::MarketData {
                    channel: c,
                    ts: ::contango::Millis(0),
                    tick,
                }),
            );
        }
        if let ::std::option::Option::Some(c) = KlineChannel::parse(channel) {
            let tick = <MarketKline as ::contango::__private::serde::Deserialize>::deserialize(
                tick,
            )?;
            return ::std::result::Result::Ok(
                MarketEvent::Kline(::contango::__private::stream::MarketData {
                    channel: c,
                    ts: ::contango::Millis(0),
                    tick,
                }),
            );
        }
        let raw = <::std::boxed::Box<
            ::contango::__private::serde_json::value::RawValue,
        > as ::contango::__private::serde::Deserialize>::deserialize(tick)?;
        ::std::result::Result::Ok(Self::Other {
            channel: channel.to_owned(),
            raw: raw.get().to_owned(),
        })
    }
    /// Sets the frame time (frames may carry `ts` after `tick`).
    pub fn set_time(&mut self, ts: ::contango::Millis) {
        match self {
            Self::Depth(d) => d.ts = ts,
            Self::Trades(d) => d.ts = ts,
            Self::Ticker(d) => d.ts = ts,
            Self::Kline(d) => d.ts = ts,
            Self::Other { .. } => {}
        }
    }
    /// The channel name of the frame.
    pub fn channel_name(&self) -> ::std::string::String {
        match self {
            Self::Depth(d) => d.channel.name(),
            Self::Trades(d) => d.channel.name(),
            Self::Ticker(d) => d.channel.name(),
            Self::Kline(d) => d.channel.name(),
            Self::Other { channel, .. } => channel.clone(),
        }
    }
    /// The symbol of the frame's channel (`e_btcusdt`); `None` for an unlisted channel.
    pub fn symbol(&self) -> ::std::option::Option<&str> {
        match self {
            Self::Depth(d) => ::std::option::Option::Some(&d.channel.symbol),
            Self::Trades(d) => ::std::option::Option::Some(&d.channel.symbol),
            Self::Ticker(d) => ::std::option::Option::Some(&d.channel.symbol),
            Self::Kline(d) => ::std::option::Option::Some(&d.channel.symbol),
            Self::Other { .. } => ::std::option::Option::None,
        }
    }
}
/// Wires the market stream to this spec: its channels, events and facts. Used through
/// [`Client::market_stream`].
///Frames arrive gzip-compressed (binary); text frames are read too.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct MarketStreamApi;
impl MarketStreamApi {
    /// Decodes one frame as received (gzip binary or text), as the stream does.
    pub fn decode_frame(
        bytes: &[u8],
    ) -> ::std::result::Result<
        ::contango::__private::stream::MarketMessage<MarketEvent>,
        ::contango::StreamError,
    > {
        ::contango::__private::stream::decode_market_frame::<Self>(bytes)
    }
    /// How a contract name becomes a channel symbol.
    pub const SYMBOL_RULE: ::contango::__private::stream::SymbolRule = ::contango::__private::stream::SymbolRule {
        lowercase: true,
        type_separator: "_",
        separator: "",
    };
}
impl ::contango::__private::stream::MarketApi for MarketStreamApi {
    type Channel = MarketChannel;
    type Event = MarketEvent;
    type Code = ErrorCode;
    const URL_TEMPLATE: &'static str = "wss://{host}/kline-api/ws";
    const MAX_SUBSCRIPTIONS: usize = 100;
    const HEARTBEAT: ::std::time::Duration = ::std::time::Duration::from_millis(10000);
    const MAX_CONNECTION_AGE: ::std::time::Duration = ::std::time::Duration::from_millis(
        86400000,
    );
    const PROTOCOL: ::contango::__private::stream::Protocol = ::contango::__private::stream::Protocol {
        ping: "ping",
        pong: "pong",
        subscribe: "sub",
        unsubscribe: "unsub",
        request: "req",
        reply: "rep",
    };
    fn decode(
        frame: &::contango::__private::stream::MarketFrame<'_>,
    ) -> ::std::result::Result<MarketEvent, ::contango::__private::serde_json::Error> {
        MarketEvent::decode(frame)
    }
    fn decode_tick<'de, D: ::contango::__private::serde::Deserializer<'de>>(
        channel: &str,
        tick: D,
    ) -> ::std::result::Result<MarketEvent, D::Error> {
        MarketEvent::decode_tick(channel, tick)
    }
    fn direct_tick(
        channel: &str,
        r: &mut ::contango::__private::direct::Reader<'_>,
    ) -> ::std::option::Option<MarketEvent> {
        if let ::std::option::Option::Some(c) = TradesChannel::parse(channel) {
            let tick = <MarketTrades as ::contango::__private::direct::Direct>::direct(
                r,
            )?;
            return ::std::option::Option::Some(
                MarketEvent::Trades(::contango::__private::stream::MarketData {
                    channel: c,
                    ts: ::contango::Millis(0),
                    tick,
                }),
            );
        }
        if let ::std::option::Option::Some(c) = DepthChannel::parse(channel) {
            let tick = <MarketDepth as ::contango::__private::direct::Direct>::direct(
                r,
            )?;
            return ::std::option::Option::Some(
                MarketEvent::Depth(::contango::__private::stream::MarketData {
                    channel: c,
                    ts: ::contango::Millis(0),
                    tick,
                }),
            );
        }
        if let ::std::option::Option::Some(c) = TickerChannel::parse(channel) {
            let tick = <MarketTicker as ::contango::__private::direct::Direct>::direct(
                r,
            )?;
            return ::std::option::Option::Some(
                MarketEvent::Ticker(::contango::__private::stream::MarketData {
                    channel: c,
                    ts: ::contango::Millis(0),
                    tick,
                }),
            );
        }
        if let ::std::option::Option::Some(c) = KlineChannel::parse(channel) {
            let tick = <MarketKline as ::contango::__private::direct::Direct>::direct(
                r,
            )?;
            return ::std::option::Option::Some(
                MarketEvent::Kline(::contango::__private::stream::MarketData {
                    channel: c,
                    ts: ::contango::Millis(0),
                    tick,
                }),
            );
        }
        ::std::option::Option::Some(MarketEvent::Other {
            channel: channel.to_owned(),
            raw: r.raw()?.to_owned(),
        })
    }
    fn set_time(event: &mut MarketEvent, ts: ::contango::Millis) {
        event.set_time(ts)
    }
}
/// The channel symbol of a contract name (`E-BTC-USDT` -> `e_btcusdt`).
pub fn market_symbol(contract: &str) -> ::std::string::String {
    MarketStreamApi::SYMBOL_RULE.apply(contract)
}
/// The public market stream of a [`Client`]: typed events, gaps and errors.
pub type MarketStream = ::contango::__private::stream::MarketStream<MarketStreamApi>;
/// One item of the market stream.
pub type MarketItem = ::contango::__private::stream::StreamItem<MarketEvent>;
impl Client {
    /// The public market stream: subscribe to channels, then `connect().await`. Every
    /// subscription is restored after a reconnect; past the server's per-connection
    /// limit, subscriptions are spread over more connections.
    pub fn market_stream(
        &self,
    ) -> ::contango::__private::stream::MarketStreamBuilder<MarketStreamApi> {
        ::contango::__private::stream::MarketStreamBuilder::new(self.core.clone())
    }
}
