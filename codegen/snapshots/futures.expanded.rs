::contango::__private::record! {
    #[doc = " Server time, used to keep the client clock offset."]
    ServerTime direct {
        #[doc = " Server time in milliseconds since the epoch."]
        server_time: ::contango::Millis {
            wire: "serverTime",
            read_with: wire,
            keys: [b"serverTime"],
            presence: req,
            serde: [],
        },
        #[doc = " Name of the server's time zone, e.g. Coordinated Universal Time."]
        timezone: ::std::string::String {
            wire: "timezone",
            read_with: wire,
            keys: [b"timezone"],
            presence: opt,
            serde: [skip_serializing_if = "::std::option::Option::is_none",],
        },
    }
}
::contango::__private::record! {
    #[doc = " A tradable contract and its order limits (section 2.1)."]
    Contract direct {
        #[doc = " Contract name, e.g. E-BTC-USDT."]
        symbol: ::std::string::String {
            wire: "symbol",
            read_with: wire,
            keys: [b"symbol"],
            presence: req,
            serde: [],
        },
        #[doc = " Whether the contract can be traded."]
        status: ContractStatus {
            wire: "status",
            read_with: wire,
            keys: [b"status"],
            presence: opt,
            serde: [skip_serializing_if = "::std::option::Option::is_none",],
        },
        #[doc = " Contract type: E perpetual, S test, others mixed."]
        contract_type: ContractType {
            wire: "type",
            read_with: wire,
            keys: [b"type"],
            presence: opt,
            serde: [skip_serializing_if = "::std::option::Option::is_none",],
        },
        #[doc = " Contract direction: 0 backward, 1 forward."]
        side: ContractSide {
            wire: "side",
            read_with: wire,
            keys: [b"side"],
            presence: opt,
            serde: [skip_serializing_if = "::std::option::Option::is_none",],
        },
        #[doc = " Contract face value."]
        multiplier: ::contango::__private::rust_decimal::Decimal {
            wire: "multiplier",
            read_with: wire,
            keys: [b"multiplier"],
            presence: opt,
            serde: [skip_serializing_if = "::std::option::Option::is_none", serialize_with = "::contango::__private::ser::opt_number",],
        },
        #[doc = " Unit of the face value."]
        multiplier_coin: ::std::string::String {
            wire: "multiplierCoin",
            read_with: wire,
            keys: [b"multiplierCoin"],
            presence: opt,
            serde: [skip_serializing_if = "::std::option::Option::is_none",],
        },
        #[doc = " Price precision (decimal places)."]
        price_precision: i32 {
            wire: "pricePrecision",
            read_with: wire,
            keys: [b"pricePrecision"],
            presence: opt,
            serde: [skip_serializing_if = "::std::option::Option::is_none",],
        },
        #[doc = " Minimum order volume."]
        min_order_volume: ::contango::__private::rust_decimal::Decimal {
            wire: "minOrderVolume",
            read_with: wire,
            keys: [b"minOrderVolume"],
            presence: opt,
            serde: [skip_serializing_if = "::std::option::Option::is_none", serialize_with = "::contango::__private::ser::opt_number",],
        },
        #[doc = " Minimum order value."]
        min_order_money: ::contango::__private::rust_decimal::Decimal {
            wire: "minOrderMoney",
            read_with: wire,
            keys: [b"minOrderMoney"],
            presence: opt,
            serde: [skip_serializing_if = "::std::option::Option::is_none", serialize_with = "::contango::__private::ser::opt_number",],
        },
        #[doc = " Maximum volume of a market order."]
        max_market_volume: ::contango::__private::rust_decimal::Decimal {
            wire: "maxMarketVolume",
            read_with: wire,
            keys: [b"maxMarketVolume"],
            presence: opt,
            serde: [skip_serializing_if = "::std::option::Option::is_none", serialize_with = "::contango::__private::ser::opt_number",],
        },
        #[doc = " Maximum value of a market order."]
        max_market_money: ::contango::__private::rust_decimal::Decimal {
            wire: "maxMarketMoney",
            read_with: wire,
            keys: [b"maxMarketMoney"],
            presence: opt,
            serde: [skip_serializing_if = "::std::option::Option::is_none", serialize_with = "::contango::__private::ser::opt_number",],
        },
        #[doc = " Maximum volume of a limit order."]
        max_limit_volume: ::contango::__private::rust_decimal::Decimal {
            wire: "maxLimitVolume",
            read_with: wire,
            keys: [b"maxLimitVolume"],
            presence: opt,
            serde: [skip_serializing_if = "::std::option::Option::is_none", serialize_with = "::contango::__private::ser::opt_number",],
        },
        #[doc = " Maximum value of a limit order (in the sample payload, not in the field table)."]
        max_limit_money: ::contango::__private::rust_decimal::Decimal {
            wire: "maxLimitMoney",
            read_with: wire,
            keys: [b"maxLimitMoney"],
            presence: opt,
            serde: [skip_serializing_if = "::std::option::Option::is_none", serialize_with = "::contango::__private::ser::opt_number",],
        },
        #[doc = " Maximum number of valid (open) orders."]
        max_valid_order: i32 {
            wire: "maxValidOrder",
            read_with: wire,
            keys: [b"maxValidOrder"],
            presence: opt,
            serde: [skip_serializing_if = "::std::option::Option::is_none",],
        },
        #[doc = " Contract id (sibling exchanges only)."]
        contract_id: i64 {
            wire: "contractId",
            read_with: wire,
            keys: [b"contractId"],
            presence: opt,
            serde: [skip_serializing_if = "::std::option::Option::is_none",],
        },
        #[doc = " Margin coin (sibling exchanges only)."]
        margin_coin: ::std::string::String {
            wire: "marginCoin",
            read_with: wire,
            keys: [b"marginCoin"],
            presence: opt,
            serde: [skip_serializing_if = "::std::option::Option::is_none",],
        },
        #[doc = " Minimum leverage (sibling exchanges only)."]
        min_lever: i32 {
            wire: "minLever",
            read_with: wire,
            keys: [b"minLever"],
            presence: opt,
            serde: [skip_serializing_if = "::std::option::Option::is_none",],
        },
        #[doc = " Maximum leverage (sibling exchanges only)."]
        max_lever: i32 {
            wire: "maxLever",
            read_with: wire,
            keys: [b"maxLever"],
            presence: opt,
            serde: [skip_serializing_if = "::std::option::Option::is_none",],
        },
        #[doc = " Maker fee rate for opening (sibling exchanges only)."]
        open_maker_fee: ::contango::__private::rust_decimal::Decimal {
            wire: "openMakerFee",
            read_with: wire,
            keys: [b"openMakerFee"],
            presence: opt,
            serde: [skip_serializing_if = "::std::option::Option::is_none", serialize_with = "::contango::__private::ser::opt_number",],
        },
        #[doc = " Taker fee rate for opening (sibling exchanges only)."]
        open_taker_fee: ::contango::__private::rust_decimal::Decimal {
            wire: "openTakerFee",
            read_with: wire,
            keys: [b"openTakerFee"],
            presence: opt,
            serde: [skip_serializing_if = "::std::option::Option::is_none", serialize_with = "::contango::__private::ser::opt_number",],
        },
        #[doc = " Maker fee rate for closing (sibling exchanges only)."]
        close_maker_fee: ::contango::__private::rust_decimal::Decimal {
            wire: "closeMakerFee",
            read_with: wire,
            keys: [b"closeMakerFee"],
            presence: opt,
            serde: [skip_serializing_if = "::std::option::Option::is_none", serialize_with = "::contango::__private::ser::opt_number",],
        },
        #[doc = " Taker fee rate for closing (sibling exchanges only)."]
        close_taker_fee: ::contango::__private::rust_decimal::Decimal {
            wire: "closeTakerFee",
            read_with: wire,
            keys: [b"closeTakerFee"],
            presence: opt,
            serde: [skip_serializing_if = "::std::option::Option::is_none", serialize_with = "::contango::__private::ser::opt_number",],
        },
    }
}
::contango::__private::record! {
    #[doc = " The mark price, the index price and the funding of a contract (GET /v1/index). Published with the exchange's v1 documentation, not in the 2023 interface document nor on its current page; third-party clients call it today, and the real answer in the fixtures carries every field below."]
    MarkPrice direct {
        #[doc = " The mark price (the exchange calls it the tag price): what unrealised profit and liquidation are computed from."]
        mark_price: ::contango::__private::rust_decimal::Decimal {
            wire: "tagPrice",
            read_with: wire,
            keys: [b"tagPrice"],
            presence: opt,
            serde: [skip_serializing_if = "::std::option::Option::is_none", serialize_with = "::contango::__private::ser::opt_number",],
        },
        #[doc = " The index price: the spot reference the mark price follows."]
        index_price: ::contango::__private::rust_decimal::Decimal {
            wire: "indexPrice",
            read_with: wire,
            keys: [b"indexPrice"],
            presence: opt,
            serde: [skip_serializing_if = "::std::option::Option::is_none", serialize_with = "::contango::__private::ser::opt_number",],
        },
        #[doc = " The funding rate of the current period, as a fraction (0.0001 is 0.01 %): paid by longs to shorts when positive, at the next funding."]
        current_fund_rate: ::contango::__private::rust_decimal::Decimal {
            wire: "currentFundRate",
            read_with: wire,
            keys: [b"currentFundRate"],
            presence: opt,
            serde: [skip_serializing_if = "::std::option::Option::is_none", serialize_with = "::contango::__private::ser::opt_number",],
        },
        #[doc = " The predicted funding rate of the next period, as a fraction (0 in the real answer)."]
        next_fund_rate: ::contango::__private::rust_decimal::Decimal {
            wire: "nextFundRate",
            read_with: wire,
            keys: [b"nextFundRate"],
            presence: opt,
            serde: [skip_serializing_if = "::std::option::Option::is_none", serialize_with = "::contango::__private::ser::opt_number",],
        },
        #[doc = " Time left to the next funding, in seconds."]
        until_funding: ::contango::DurationSeconds {
            wire: "remainingSecond",
            read_with: wire,
            keys: [b"remainingSecond"],
            presence: opt,
            serde: [skip_serializing_if = "::std::option::Option::is_none",],
        },
    }
}
::contango::__private::record! {
    #[doc = " Order book of a contract (section 2.2)."]
    OrderBook direct {
        #[doc = " Current time in milliseconds (in the field table; absent or null in the samples)."]
        time: ::contango::Millis {
            wire: "time",
            read_with: wire,
            keys: [b"time"],
            presence: opt,
            serde: [skip_serializing_if = "::std::option::Option::is_none",],
        },
        #[doc = " Buy price levels, best to worst."]
        bids: ::std::vec::Vec<PriceLevel> {
            wire: "bids",
            read_with: wire,
            keys: [b"bids"],
            presence: req,
            serde: [],
        },
        #[doc = " Sell price levels, best to worst."]
        asks: ::std::vec::Vec<PriceLevel> {
            wire: "asks",
            read_with: wire,
            keys: [b"asks"],
            presence: req,
            serde: [],
        },
    }
}
/// One price level of the order book: a two-element array [price, quantity] (decimal strings or numbers).
#[derive(Debug, Clone, PartialEq, ::contango::__private::serde::Deserialize)]
#[serde(crate = "::contango::__private::serde")]
pub struct PriceLevel {
    /// Price of the level.
    #[serde(rename = "price", deserialize_with = "::contango::__private::de::wire")]
    pub price: ::contango::__private::rust_decimal::Decimal,
    /// Total quantity at that price.
    #[serde(rename = "quantity", deserialize_with = "::contango::__private::de::wire")]
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
impl ::contango::__private::drift::Schema for PriceLevel {
    fn ty() -> ::contango::__private::drift::Ty {
        static RECORD: ::contango::__private::drift::Record = ::contango::__private::drift::Record {
            name: "PriceLevel",
            array: true,
            fields: &[
                ::contango::__private::drift::Field {
                    keys: &[b"price"],
                    required: true,
                    or_one: false,
                    ty: <::contango::__private::rust_decimal::Decimal as ::contango::__private::drift::Schema>::ty,
                },
                ::contango::__private::drift::Field {
                    keys: &[b"quantity"],
                    required: true,
                    or_one: false,
                    ty: <::contango::__private::rust_decimal::Decimal as ::contango::__private::drift::Schema>::ty,
                },
            ],
        };
        ::contango::__private::drift::Ty::Record(&RECORD)
    }
}
::contango::__private::record! {
    #[doc = " 24 hour ticker of a contract (section 2.3)."]
    Ticker direct {
        #[doc = " Open time in milliseconds."]
        time: ::contango::Millis {
            wire: "time",
            read_with: wire,
            keys: [b"time"],
            presence: opt,
            serde: [skip_serializing_if = "::std::option::Option::is_none",],
        },
        #[doc = " Highest price."]
        high: ::contango::__private::rust_decimal::Decimal {
            wire: "high",
            read_with: wire,
            keys: [b"high"],
            presence: opt,
            serde: [skip_serializing_if = "::std::option::Option::is_none", serialize_with = "::contango::__private::ser::opt_number",],
        },
        #[doc = " Lowest price."]
        low: ::contango::__private::rust_decimal::Decimal {
            wire: "low",
            read_with: wire,
            keys: [b"low"],
            presence: opt,
            serde: [skip_serializing_if = "::std::option::Option::is_none", serialize_with = "::contango::__private::ser::opt_number",],
        },
        #[doc = " Latest price."]
        last: ::contango::__private::rust_decimal::Decimal {
            wire: "last",
            read_with: wire,
            keys: [b"last"],
            presence: opt,
            serde: [skip_serializing_if = "::std::option::Option::is_none", serialize_with = "::contango::__private::ser::opt_number",],
        },
        #[doc = " Traded volume."]
        vol: ::contango::__private::rust_decimal::Decimal {
            wire: "vol",
            read_with: wire,
            keys: [b"vol"],
            presence: opt,
            serde: [skip_serializing_if = "::std::option::Option::is_none", serialize_with = "::contango::__private::ser::opt_number",],
        },
        #[doc = " Price variation (a string in the field table, a decimal text in the samples)."]
        rose: ::contango::__private::rust_decimal::Decimal {
            wire: "rose",
            read_with: wire,
            keys: [b"rose"],
            presence: opt,
            serde: [skip_serializing_if = "::std::option::Option::is_none", serialize_with = "::contango::__private::ser::opt_number",],
        },
    }
}
::contango::__private::record! {
    #[doc = " One candlestick (section 2.4)."]
    Kline direct {
        #[doc = " Start time. The field table says milliseconds; real payloads send seconds, so it is read as seconds."]
        idx: ::contango::Seconds {
            wire: "idx",
            read_with: wire,
            keys: [b"idx"],
            presence: req,
            serde: [],
        },
        #[doc = " Open price."]
        open: ::contango::__private::rust_decimal::Decimal {
            wire: "open",
            read_with: wire,
            keys: [b"open"],
            presence: opt,
            serde: [skip_serializing_if = "::std::option::Option::is_none", serialize_with = "::contango::__private::ser::opt_number",],
        },
        #[doc = " Highest price."]
        high: ::contango::__private::rust_decimal::Decimal {
            wire: "high",
            read_with: wire,
            keys: [b"high"],
            presence: opt,
            serde: [skip_serializing_if = "::std::option::Option::is_none", serialize_with = "::contango::__private::ser::opt_number",],
        },
        #[doc = " Lowest price."]
        low: ::contango::__private::rust_decimal::Decimal {
            wire: "low",
            read_with: wire,
            keys: [b"low"],
            presence: opt,
            serde: [skip_serializing_if = "::std::option::Option::is_none", serialize_with = "::contango::__private::ser::opt_number",],
        },
        #[doc = " Close price."]
        close: ::contango::__private::rust_decimal::Decimal {
            wire: "close",
            read_with: wire,
            keys: [b"close"],
            presence: opt,
            serde: [skip_serializing_if = "::std::option::Option::is_none", serialize_with = "::contango::__private::ser::opt_number",],
        },
        #[doc = " Traded volume."]
        vol: ::contango::__private::rust_decimal::Decimal {
            wire: "vol",
            read_with: wire,
            keys: [b"vol"],
            presence: opt,
            serde: [skip_serializing_if = "::std::option::Option::is_none", serialize_with = "::contango::__private::ser::opt_number",],
        },
    }
}
::contango::__private::record! {
    #[doc = " One trade of the account (section 2.5)."]
    Trade direct {
        #[doc = " Trade id."]
        trade_id: i64 {
            wire: "tradeId",
            read_with: wire,
            keys: [b"tradeId"],
            presence: req,
            serde: [],
        },
        #[doc = " Price."]
        price: ::contango::__private::rust_decimal::Decimal {
            wire: "price",
            read_with: wire,
            keys: [b"price"],
            presence: opt,
            serde: [skip_serializing_if = "::std::option::Option::is_none", serialize_with = "::contango::__private::ser::opt_number",],
        },
        #[doc = " Quantity (int in the field table; read as a decimal so fractional volumes decode)."]
        qty: ::contango::__private::rust_decimal::Decimal {
            wire: "qty",
            read_with: wire,
            keys: [b"qty"],
            presence: opt,
            serde: [skip_serializing_if = "::std::option::Option::is_none", serialize_with = "::contango::__private::ser::opt_number",],
        },
        #[doc = " Amount."]
        amount: ::contango::__private::rust_decimal::Decimal {
            wire: "amount",
            read_with: wire,
            keys: [b"amount"],
            presence: opt,
            serde: [skip_serializing_if = "::std::option::Option::is_none", serialize_with = "::contango::__private::ser::opt_number",],
        },
        #[doc = " Contract name."]
        contract_name: ::std::string::String {
            wire: "contractName",
            read_with: wire,
            keys: [b"contractName"],
            presence: opt,
            serde: [skip_serializing_if = "::std::option::Option::is_none",],
        },
        #[doc = " BUY (buy long) or SELL (sell short)."]
        side: Side {
            wire: "side",
            read_with: wire,
            keys: [b"side"],
            presence: opt,
            serde: [skip_serializing_if = "::std::option::Option::is_none",],
        },
        #[doc = " Trading fee (sent as a string)."]
        fee: ::contango::__private::rust_decimal::Decimal {
            wire: "fee",
            read_with: wire,
            keys: [b"fee"],
            presence: opt,
            serde: [skip_serializing_if = "::std::option::Option::is_none", serialize_with = "::contango::__private::ser::opt_number",],
        },
        #[doc = " Buy-side order id."]
        bid_id: i64 {
            wire: "bidId",
            read_with: wire,
            keys: [b"bidId"],
            presence: opt,
            serde: [skip_serializing_if = "::std::option::Option::is_none",],
        },
        #[doc = " Sell-side order id."]
        ask_id: i64 {
            wire: "askId",
            read_with: wire,
            keys: [b"askId"],
            presence: opt,
            serde: [skip_serializing_if = "::std::option::Option::is_none",],
        },
        #[doc = " Buyer user id."]
        bid_user_id: i64 {
            wire: "bidUserId",
            read_with: wire,
            keys: [b"bidUserId"],
            presence: opt,
            serde: [skip_serializing_if = "::std::option::Option::is_none",],
        },
        #[doc = " Seller user id."]
        ask_user_id: i64 {
            wire: "askUserId",
            read_with: wire,
            keys: [b"askUserId"],
            presence: opt,
            serde: [skip_serializing_if = "::std::option::Option::is_none",],
        },
        #[doc = " Whether the caller is the buyer."]
        is_buyer: bool {
            wire: "isBuyer",
            read_with: wire,
            keys: [b"isBuyer"],
            presence: opt,
            serde: [skip_serializing_if = "::std::option::Option::is_none",],
        },
        #[doc = " Whether the caller is the maker."]
        is_maker: bool {
            wire: "isMaker",
            read_with: wire,
            keys: [b"isMaker"],
            presence: opt,
            serde: [skip_serializing_if = "::std::option::Option::is_none",],
        },
        #[doc = " Creation time in milliseconds (the samples spell it ctime or time)."]
        c_time: ::contango::Millis {
            wire: "cTime",
            read_with: wire,
            keys: [b"cTime" | b"ctime" | b"time"],
            presence: opt,
            serde: [skip_serializing_if = "::std::option::Option::is_none",],
        },
    }
}
::contango::__private::record! {
    #[doc = " An order (section 2.6); conditional orders carry their trigger fields and child orders."]
    Order direct {
        #[doc = " System-generated order id."]
        order_id: i64 {
            wire: "orderId",
            read_with: wire,
            keys: [b"orderId"],
            presence: req,
            serde: [],
        },
        #[doc = " Client order id (some servers send it as a number; kept as text)."]
        client_order_id: ::std::string::String {
            wire: "clientOrderId",
            read_with: wire,
            keys: [b"clientOrderId"],
            presence: opt,
            serde: [skip_serializing_if = "::std::option::Option::is_none",],
        },
        #[doc = " Contract name (in the sample payloads)."]
        contract_name: ::std::string::String {
            wire: "contractName",
            read_with: wire,
            keys: [b"contractName"],
            presence: opt,
            serde: [skip_serializing_if = "::std::option::Option::is_none",],
        },
        #[doc = " Order price."]
        price: ::contango::__private::rust_decimal::Decimal {
            wire: "price",
            read_with: wire,
            keys: [b"price"],
            presence: opt,
            serde: [skip_serializing_if = "::std::option::Option::is_none", serialize_with = "::contango::__private::ser::opt_number",],
        },
        #[doc = " Order quantity."]
        orig_qty: ::contango::__private::rust_decimal::Decimal {
            wire: "origQty",
            read_with: wire,
            keys: [b"origQty"],
            presence: opt,
            serde: [skip_serializing_if = "::std::option::Option::is_none", serialize_with = "::contango::__private::ser::opt_number",],
        },
        #[doc = " Order amount."]
        orig_amount: ::contango::__private::rust_decimal::Decimal {
            wire: "origAmount",
            read_with: wire,
            keys: [b"origAmount"],
            presence: opt,
            serde: [skip_serializing_if = "::std::option::Option::is_none", serialize_with = "::contango::__private::ser::opt_number",],
        },
        #[doc = " Filled quantity."]
        executed_qty: ::contango::__private::rust_decimal::Decimal {
            wire: "executedQty",
            read_with: wire,
            keys: [b"executedQty"],
            presence: opt,
            serde: [skip_serializing_if = "::std::option::Option::is_none", serialize_with = "::contango::__private::ser::opt_number",],
        },
        #[doc = " Average fill price."]
        avg_price: ::contango::__private::rust_decimal::Decimal {
            wire: "avgPrice",
            read_with: wire,
            keys: [b"avgPrice"],
            presence: opt,
            serde: [skip_serializing_if = "::std::option::Option::is_none", serialize_with = "::contango::__private::ser::opt_number",],
        },
        #[doc = " Order status."]
        status: OrderStatus {
            wire: "status",
            read_with: wire,
            keys: [b"status"],
            presence: opt,
            serde: [skip_serializing_if = "::std::option::Option::is_none",],
        },
        #[doc = " Order type: LIMIT (limit price) or MARKET (market price)."]
        order_type: OrderType {
            wire: "type",
            read_with: wire,
            keys: [b"type"],
            presence: opt,
            serde: [skip_serializing_if = "::std::option::Option::is_none",],
        },
        #[doc = " BUY (buy long) or SELL (sell short)."]
        side: Side {
            wire: "side",
            read_with: wire,
            keys: [b"side"],
            presence: opt,
            serde: [skip_serializing_if = "::std::option::Option::is_none",],
        },
        #[doc = " OPEN or CLOSE."]
        action: Open {
            wire: "action",
            read_with: wire,
            keys: [b"action"],
            presence: opt,
            serde: [skip_serializing_if = "::std::option::Option::is_none",],
        },
        #[doc = " Order creation time in milliseconds."]
        transact_time: ::contango::Millis {
            wire: "transactTime",
            read_with: wire,
            keys: [b"transactTime"],
            presence: opt,
            serde: [skip_serializing_if = "::std::option::Option::is_none",],
        },
        #[doc = " Time in force (empty text in the samples; meaning not documented)."]
        time_in_force: ::std::string::String {
            wire: "timeInForce",
            read_with: wire,
            keys: [b"timeInForce"],
            presence: opt,
            serde: [skip_serializing_if = "::std::option::Option::is_none",],
        },
        #[doc = " Trigger price of a conditional order."]
        trigger_price: ::contango::__private::rust_decimal::Decimal {
            wire: "triggerPrice",
            read_with: wire,
            keys: [b"triggerPrice"],
            presence: opt,
            serde: [skip_serializing_if = "::std::option::Option::is_none", serialize_with = "::contango::__private::ser::opt_number",],
        },
        #[doc = " Trigger type of a conditional order: 1 stop loss, 2 take profit."]
        trigger_type: TriggerType {
            wire: "triggerType",
            read_with: wire,
            keys: [b"triggerType"],
            presence: opt,
            serde: [skip_serializing_if = "::std::option::Option::is_none",],
        },
        #[doc = " The price a conditional order watches: 1 last trade, 2 mark (sent by the simulator; the exchange's page does not list it on order records)."]
        trigger_price_type: TriggerPriceType {
            wire: "triggerPriceType",
            read_with: wire,
            keys: [b"triggerPriceType"],
            presence: opt,
            serde: [skip_serializing_if = "::std::option::Option::is_none",],
        },
        #[doc = " What a conditional order places when it fires: 1 limit, 2 market, 3 close the whole position."]
        trigger_order_type: TriggerOrderType {
            wire: "triggerOrderType",
            read_with: wire,
            keys: [b"triggerOrderType"],
            presence: opt,
            serde: [skip_serializing_if = "::std::option::Option::is_none",],
        },
        #[doc = " Whether this is (or was, before it fired) a conditional order."]
        condition_order: bool {
            wire: "conditionOrder",
            read_with: wire,
            keys: [b"conditionOrder"],
            presence: opt,
            serde: [skip_serializing_if = "::std::option::Option::is_none",],
        },
        #[doc = " Take-profit and stop-loss orders attached to this order, each with its own id."]
        child_orders: ::std::vec::Vec<Order> {
            wire: "childOrders",
            read_with: wire,
            keys: [b"childOrders"],
            presence: opt,
            serde: [skip_serializing_if = "::std::option::Option::is_none",],
        },
    }
}
::contango::__private::record! {
    #[doc = " The id of an order placed or cancelled."]
    OrderId direct {
        #[doc = " System-generated order id (may exceed 2^53; some servers send it as a string)."]
        order_id: i64 {
            wire: "orderId",
            read_with: wire,
            keys: [b"orderId"],
            presence: req,
            serde: [],
        },
    }
}
::contango::__private::record! {
    #[doc = " A take-profit or stop-loss order attached to a new OPEN order (an item of triggerOrderCreateParams). It waits until the new order fills, then covers the filled quantity; a stop loss and a take profit attached together cancel each other (docs/design.md, Conditional orders)."]
    TriggerOrderCreateParam {
        #[doc = " Client order id of the attached order, fewer than 32 characters."]
        client_order_id: ::std::string::String {
            wire: "clientOrderId",
            read_with: wire,
            keys: [b"clientOrderId"],
            presence: opt,
            serde: [skip_serializing_if = "::std::option::Option::is_none",],
        },
        #[doc = " 1 stop loss, 2 take profit."]
        trigger_type: TriggerType {
            wire: "triggerType",
            read_with: wire,
            keys: [b"triggerType"],
            presence: req,
            serde: [],
        },
        #[doc = " The price watched: 1 last trade, 2 mark."]
        trigger_price_type: TriggerPriceType {
            wire: "triggerPriceType",
            read_with: wire,
            keys: [b"triggerPriceType"],
            presence: req,
            serde: [],
        },
        #[doc = " The price that fires the order."]
        trigger_price: ::contango::__private::rust_decimal::Decimal {
            wire: "triggerPrice",
            read_with: wire,
            keys: [b"triggerPrice"],
            presence: req,
            serde: [serialize_with = "::contango::__private::ser::number",],
        },
        #[doc = " What is placed when it fires: LIMIT or MARKET."]
        order_type: OrderType {
            wire: "type",
            read_with: wire,
            keys: [b"type"],
            presence: req,
            serde: [],
        },
        #[doc = " Price of the LIMIT order placed (ignored for MARKET)."]
        price: ::contango::__private::rust_decimal::Decimal {
            wire: "price",
            read_with: wire,
            keys: [b"price"],
            presence: req,
            serde: [serialize_with = "::contango::__private::ser::number",],
        },
    }
}
::contango::__private::record! {
    #[doc = " Account data (data of GET /v2/account, section 2.7)."]
    Account direct {
        #[doc = " One entry per margin coin."]
        account: ::std::vec::Vec<AccountBalance> {
            wire: "account",
            read_with: wire,
            keys: [b"account"],
            presence: req,
            serde: [],
        },
    }
}
::contango::__private::record! {
    #[doc = " Balances and positions of one margin coin (section 2.7)."]
    AccountBalance direct {
        #[doc = " Margin coin."]
        margin_coin: ::std::string::String {
            wire: "marginCoin",
            read_with: wire,
            keys: [b"marginCoin"],
            presence: req,
            serde: [],
        },
        #[doc = " Currency display precision."]
        coin_precious: i32 {
            wire: "coinPrecious",
            read_with: wire,
            keys: [b"coinPrecious"],
            presence: opt,
            serde: [skip_serializing_if = "::std::option::Option::is_none",],
        },
        #[doc = " Balance account."]
        account_normal: ::contango::__private::rust_decimal::Decimal {
            wire: "accountNormal",
            read_with: wire,
            keys: [b"accountNormal"],
            presence: opt,
            serde: [skip_serializing_if = "::std::option::Option::is_none", serialize_with = "::contango::__private::ser::opt_number",],
        },
        #[doc = " Margin frozen account."]
        account_lock: ::contango::__private::rust_decimal::Decimal {
            wire: "accountLock",
            read_with: wire,
            keys: [b"accountLock"],
            presence: opt,
            serde: [skip_serializing_if = "::std::option::Option::is_none", serialize_with = "::contango::__private::ser::opt_number",],
        },
        #[doc = " Isolated-position margin balance."]
        part_position_normal: ::contango::__private::rust_decimal::Decimal {
            wire: "partPositionNormal",
            read_with: wire,
            keys: [b"partPositionNormal"],
            presence: opt,
            serde: [skip_serializing_if = "::std::option::Option::is_none", serialize_with = "::contango::__private::ser::opt_number",],
        },
        #[doc = " Cross-position initial margin."]
        total_position_normal: ::contango::__private::rust_decimal::Decimal {
            wire: "totalPositionNormal",
            read_with: wire,
            keys: [b"totalPositionNormal"],
            presence: opt,
            serde: [skip_serializing_if = "::std::option::Option::is_none", serialize_with = "::contango::__private::ser::opt_number",],
        },
        #[doc = " Profit and loss that occurred."]
        achieved_amount: ::contango::__private::rust_decimal::Decimal {
            wire: "achievedAmount",
            read_with: wire,
            keys: [b"achievedAmount"],
            presence: opt,
            serde: [skip_serializing_if = "::std::option::Option::is_none", serialize_with = "::contango::__private::ser::opt_number",],
        },
        #[doc = " Unrealized profit and loss."]
        unrealized_amount: ::contango::__private::rust_decimal::Decimal {
            wire: "unrealizedAmount",
            read_with: wire,
            keys: [b"unrealizedAmount"],
            presence: opt,
            serde: [skip_serializing_if = "::std::option::Option::is_none", serialize_with = "::contango::__private::ser::opt_number",],
        },
        #[doc = " Cross-position margin rate."]
        total_margin_rate: ::contango::__private::rust_decimal::Decimal {
            wire: "totalMarginRate",
            read_with: wire,
            keys: [b"totalMarginRate"],
            presence: opt,
            serde: [skip_serializing_if = "::std::option::Option::is_none", serialize_with = "::contango::__private::ser::opt_number",],
        },
        #[doc = " Cross-position equity."]
        total_equity: ::contango::__private::rust_decimal::Decimal {
            wire: "totalEquity",
            read_with: wire,
            keys: [b"totalEquity"],
            presence: opt,
            serde: [skip_serializing_if = "::std::option::Option::is_none", serialize_with = "::contango::__private::ser::opt_number",],
        },
        #[doc = " Isolated-position equity."]
        part_equity: ::contango::__private::rust_decimal::Decimal {
            wire: "partEquity",
            read_with: wire,
            keys: [b"partEquity"],
            presence: opt,
            serde: [skip_serializing_if = "::std::option::Option::is_none", serialize_with = "::contango::__private::ser::opt_number",],
        },
        #[doc = " Cross-position costs."]
        total_cost: ::contango::__private::rust_decimal::Decimal {
            wire: "totalCost",
            read_with: wire,
            keys: [b"totalCost"],
            presence: opt,
            serde: [skip_serializing_if = "::std::option::Option::is_none", serialize_with = "::contango::__private::ser::opt_number",],
        },
        #[doc = " Margin rate of all accounts."]
        sum_margin_rate: ::contango::__private::rust_decimal::Decimal {
            wire: "sumMarginRate",
            read_with: wire,
            keys: [b"sumMarginRate"],
            presence: opt,
            serde: [skip_serializing_if = "::std::option::Option::is_none", serialize_with = "::contango::__private::ser::opt_number",],
        },
        #[doc = " Position profit and loss of the whole account."]
        sum_open_realized_amount: ::contango::__private::rust_decimal::Decimal {
            wire: "sumOpenRealizedAmount",
            read_with: wire,
            keys: [b"sumOpenRealizedAmount"],
            presence: opt,
            serde: [skip_serializing_if = "::std::option::Option::is_none", serialize_with = "::contango::__private::ser::opt_number",],
        },
        #[doc = " Available trial money."]
        can_use_trial_fund: ::contango::__private::rust_decimal::Decimal {
            wire: "canUseTrialFund",
            read_with: wire,
            keys: [b"canUseTrialFund"],
            presence: opt,
            serde: [skip_serializing_if = "::std::option::Option::is_none", serialize_with = "::contango::__private::ser::opt_number",],
        },
        #[doc = " Cross-position maintenance margin plus fee; may be null."]
        sum_maintenance_margin: ::contango::__private::rust_decimal::Decimal {
            wire: "sumMaintenanceMargin",
            read_with: wire,
            keys: [b"sumMaintenanceMargin"],
            presence: opt,
            serde: [skip_serializing_if = "::std::option::Option::is_none", serialize_with = "::contango::__private::ser::opt_number",],
        },
        #[doc = " Account type; may be null. Allowed values are not documented, so it is kept as text."]
        future_model: ::std::string::String {
            wire: "futureModel",
            read_with: wire,
            keys: [b"futureModel"],
            presence: opt,
            serde: [skip_serializing_if = "::std::option::Option::is_none",],
        },
        #[doc = " Position records per contract."]
        position_vos: ::std::vec::Vec<PositionGroup> {
            wire: "positionVos",
            read_with: wire,
            keys: [b"positionVos"],
            presence: req,
            serde: [],
        },
    }
}
::contango::__private::record! {
    #[doc = " Positions of one contract (a positionVos item, section 2.7)."]
    PositionGroup direct {
        #[doc = " Contract id."]
        contract_id: i64 {
            wire: "contractId",
            read_with: wire,
            keys: [b"contractId"],
            presence: opt,
            serde: [skip_serializing_if = "::std::option::Option::is_none",],
        },
        #[doc = " Contract name."]
        contract_name: ::std::string::String {
            wire: "contractName",
            read_with: wire,
            keys: [b"contractName"],
            presence: req,
            serde: [],
        },
        #[doc = " Contract coin pair, e.g. BTC-USDT."]
        contract_symbol: ::std::string::String {
            wire: "contractSymbol",
            read_with: wire,
            keys: [b"contractSymbol"],
            presence: opt,
            serde: [skip_serializing_if = "::std::option::Option::is_none",],
        },
        #[doc = " Whether auto-deleveraging is enabled."]
        adl_enabled: bool {
            wire: "adlEnabled",
            read_with: wire,
            keys: [b"adlEnabled"],
            presence: opt,
            serde: [skip_serializing_if = "::std::option::Option::is_none",],
        },
        #[doc = " Positions of the contract."]
        positions: ::std::vec::Vec<Position> {
            wire: "positions",
            read_with: wire,
            keys: [b"positions"],
            presence: req,
            serde: [],
        },
    }
}
::contango::__private::record! {
    #[doc = " A position (section 2.7), with the extra fields the sample payloads carry."]
    Position direct {
        #[doc = " Position id."]
        id: i64 {
            wire: "id",
            read_with: wire,
            keys: [b"id"],
            presence: req,
            serde: [],
        },
        #[doc = " User id."]
        uid: i64 {
            wire: "uid",
            read_with: wire,
            keys: [b"uid"],
            presence: opt,
            serde: [skip_serializing_if = "::std::option::Option::is_none",],
        },
        #[doc = " Contract id."]
        contract_id: i64 {
            wire: "contractId",
            read_with: wire,
            keys: [b"contractId"],
            presence: opt,
            serde: [skip_serializing_if = "::std::option::Option::is_none",],
        },
        #[doc = " Margin mode: 1 cross, 2 isolated."]
        position_type: PositionType {
            wire: "positionType",
            read_with: wire,
            keys: [b"positionType"],
            presence: opt,
            serde: [skip_serializing_if = "::std::option::Option::is_none",],
        },
        #[doc = " BUY or SELL."]
        side: Side {
            wire: "side",
            read_with: wire,
            keys: [b"side"],
            presence: opt,
            serde: [skip_serializing_if = "::std::option::Option::is_none",],
        },
        #[doc = " Quantity."]
        volume: ::contango::__private::rust_decimal::Decimal {
            wire: "volume",
            read_with: wire,
            keys: [b"volume"],
            presence: opt,
            serde: [skip_serializing_if = "::std::option::Option::is_none", serialize_with = "::contango::__private::ser::opt_number",],
        },
        #[doc = " Open price."]
        open_price: ::contango::__private::rust_decimal::Decimal {
            wire: "openPrice",
            read_with: wire,
            keys: [b"openPrice"],
            presence: opt,
            serde: [skip_serializing_if = "::std::option::Option::is_none", serialize_with = "::contango::__private::ser::opt_number",],
        },
        #[doc = " Average price."]
        avg_price: ::contango::__private::rust_decimal::Decimal {
            wire: "avgPrice",
            read_with: wire,
            keys: [b"avgPrice"],
            presence: opt,
            serde: [skip_serializing_if = "::std::option::Option::is_none", serialize_with = "::contango::__private::ser::opt_number",],
        },
        #[doc = " Average closing price."]
        close_price: ::contango::__private::rust_decimal::Decimal {
            wire: "closePrice",
            read_with: wire,
            keys: [b"closePrice"],
            presence: opt,
            serde: [skip_serializing_if = "::std::option::Option::is_none", serialize_with = "::contango::__private::ser::opt_number",],
        },
        #[doc = " Leverage multiple."]
        leverage_level: i32 {
            wire: "leverageLevel",
            read_with: wire,
            keys: [b"leverageLevel"],
            presence: opt,
            serde: [skip_serializing_if = "::std::option::Option::is_none",],
        },
        #[doc = " Opening margin including variation."]
        open_amount: ::contango::__private::rust_decimal::Decimal {
            wire: "openAmount",
            read_with: wire,
            keys: [b"openAmount"],
            presence: opt,
            serde: [skip_serializing_if = "::std::option::Option::is_none", serialize_with = "::contango::__private::ser::opt_number",],
        },
        #[doc = " Held position margin."]
        hold_amount: ::contango::__private::rust_decimal::Decimal {
            wire: "holdAmount",
            read_with: wire,
            keys: [b"holdAmount"],
            presence: opt,
            serde: [skip_serializing_if = "::std::option::Option::is_none", serialize_with = "::contango::__private::ser::opt_number",],
        },
        #[doc = " Closed quantity."]
        close_volume: ::contango::__private::rust_decimal::Decimal {
            wire: "closeVolume",
            read_with: wire,
            keys: [b"closeVolume"],
            presence: opt,
            serde: [skip_serializing_if = "::std::option::Option::is_none", serialize_with = "::contango::__private::ser::opt_number",],
        },
        #[doc = " Quantity of pending closing orders."]
        pending_close_volume: ::contango::__private::rust_decimal::Decimal {
            wire: "pendingCloseVolume",
            read_with: wire,
            keys: [b"pendingCloseVolume"],
            presence: opt,
            serde: [skip_serializing_if = "::std::option::Option::is_none", serialize_with = "::contango::__private::ser::opt_number",],
        },
        #[doc = " Profit and loss that occurred."]
        realized_amount: ::contango::__private::rust_decimal::Decimal {
            wire: "realizedAmount",
            read_with: wire,
            keys: [b"realizedAmount"],
            presence: opt,
            serde: [skip_serializing_if = "::std::option::Option::is_none", serialize_with = "::contango::__private::ser::opt_number",],
        },
        #[doc = " Historic accumulated profit and loss."]
        history_realized_amount: ::contango::__private::rust_decimal::Decimal {
            wire: "historyRealizedAmount",
            read_with: wire,
            keys: [b"historyRealizedAmount"],
            presence: opt,
            serde: [skip_serializing_if = "::std::option::Option::is_none", serialize_with = "::contango::__private::ser::opt_number",],
        },
        #[doc = " Forced-close quantity."]
        force_liquidation_volume: ::contango::__private::rust_decimal::Decimal {
            wire: "forceLiquidationVolume",
            read_with: wire,
            keys: [b"forceLiquidationVolume"],
            presence: opt,
            serde: [skip_serializing_if = "::std::option::Option::is_none", serialize_with = "::contango::__private::ser::opt_number",],
        },
        #[doc = " Forced-close price (average, trigger)."]
        force_liquidation_price: ::contango::__private::rust_decimal::Decimal {
            wire: "forceLiquidationPrice",
            read_with: wire,
            keys: [b"forceLiquidationPrice"],
            presence: opt,
            serde: [skip_serializing_if = "::std::option::Option::is_none", serialize_with = "::contango::__private::ser::opt_number",],
        },
        #[doc = " Trading fees."]
        trade_fee: ::contango::__private::rust_decimal::Decimal {
            wire: "tradeFee",
            read_with: wire,
            keys: [b"tradeFee"],
            presence: opt,
            serde: [skip_serializing_if = "::std::option::Option::is_none", serialize_with = "::contango::__private::ser::opt_number",],
        },
        #[doc = " Capital costs."]
        capital_fee: ::contango::__private::rust_decimal::Decimal {
            wire: "capitalFee",
            read_with: wire,
            keys: [b"capitalFee"],
            presence: opt,
            serde: [skip_serializing_if = "::std::option::Option::is_none", serialize_with = "::contango::__private::ser::opt_number",],
        },
        #[doc = " Closing profit and loss."]
        close_profit: ::contango::__private::rust_decimal::Decimal {
            wire: "closeProfit",
            read_with: wire,
            keys: [b"closeProfit"],
            presence: opt,
            serde: [skip_serializing_if = "::std::option::Option::is_none", serialize_with = "::contango::__private::ser::opt_number",],
        },
        #[doc = " Amount to share."]
        share_amount: ::contango::__private::rust_decimal::Decimal {
            wire: "shareAmount",
            read_with: wire,
            keys: [b"shareAmount"],
            presence: opt,
            serde: [skip_serializing_if = "::std::option::Option::is_none", serialize_with = "::contango::__private::ser::opt_number",],
        },
        #[doc = " Freeze state."]
        freeze_lock: FreezeLock {
            wire: "freezeLock",
            read_with: wire,
            keys: [b"freezeLock"],
            presence: opt,
            serde: [skip_serializing_if = "::std::option::Option::is_none",],
        },
        #[doc = " Whether the position is in effect."]
        status: PositionStatus {
            wire: "status",
            read_with: wire,
            keys: [b"status"],
            presence: opt,
            serde: [skip_serializing_if = "::std::option::Option::is_none",],
        },
        #[doc = " Creation time (local date-time text, e.g. 2023-06-06T09:48:43)."]
        ctime: ::contango::LocalDateTime {
            wire: "ctime",
            read_with: wire,
            keys: [b"ctime"],
            presence: opt,
            serde: [skip_serializing_if = "::std::option::Option::is_none",],
        },
        #[doc = " Update time (local date-time text)."]
        mtime: ::contango::LocalDateTime {
            wire: "mtime",
            read_with: wire,
            keys: [b"mtime"],
            presence: opt,
            serde: [skip_serializing_if = "::std::option::Option::is_none",],
        },
        #[doc = " Liquidation lock time (local date-time text)."]
        lock_time: ::contango::LocalDateTime {
            wire: "lockTime",
            read_with: wire,
            keys: [b"lockTime"],
            presence: opt,
            serde: [skip_serializing_if = "::std::option::Option::is_none",],
        },
        #[doc = " Total position value multiplied by face value."]
        position_amount: ::contango::__private::rust_decimal::Decimal {
            wire: "positionAmount",
            read_with: wire,
            keys: [b"positionAmount"],
            presence: opt,
            serde: [skip_serializing_if = "::std::option::Option::is_none", serialize_with = "::contango::__private::ser::opt_number",],
        },
        #[doc = " Total closing value multiplied by face value."]
        position_close_amount: ::contango::__private::rust_decimal::Decimal {
            wire: "positionCloseAmount",
            read_with: wire,
            keys: [b"positionCloseAmount"],
            presence: opt,
            serde: [skip_serializing_if = "::std::option::Option::is_none", serialize_with = "::contango::__private::ser::opt_number",],
        },
        #[doc = " Number of long positions."]
        long_account_count: i32 {
            wire: "longAccountCount",
            read_with: wire,
            keys: [b"longAccountCount"],
            presence: opt,
            serde: [skip_serializing_if = "::std::option::Option::is_none",],
        },
        #[doc = " Number of short positions."]
        short_account_count: i32 {
            wire: "shortAccountCount",
            read_with: wire,
            keys: [b"shortAccountCount"],
            presence: opt,
            serde: [skip_serializing_if = "::std::option::Option::is_none",],
        },
        #[doc = " Total realized profit and loss of this settlement cycle."]
        sum_realized: ::contango::__private::rust_decimal::Decimal {
            wire: "sumRealized",
            read_with: wire,
            keys: [b"sumRealized"],
            presence: opt,
            serde: [skip_serializing_if = "::std::option::Option::is_none", serialize_with = "::contango::__private::ser::opt_number",],
        },
        #[doc = " Account deficit at position settlement."]
        deficit_losses: ::contango::__private::rust_decimal::Decimal {
            wire: "deficitLosses",
            read_with: wire,
            keys: [b"deficitLosses"],
            presence: opt,
            serde: [skip_serializing_if = "::std::option::Option::is_none", serialize_with = "::contango::__private::ser::opt_number",],
        },
        #[doc = " Current margin ratio."]
        current_margin_rate: ::contango::__private::rust_decimal::Decimal {
            wire: "currentMarginRate",
            read_with: wire,
            keys: [b"currentMarginRate"],
            presence: opt,
            serde: [skip_serializing_if = "::std::option::Option::is_none", serialize_with = "::contango::__private::ser::opt_number",],
        },
        #[doc = " Balance occupied by current contracts, excluding realized and unrealized gains and losses."]
        real_equity: ::contango::__private::rust_decimal::Decimal {
            wire: "realEquity",
            read_with: wire,
            keys: [b"realEquity"],
            presence: opt,
            serde: [skip_serializing_if = "::std::option::Option::is_none", serialize_with = "::contango::__private::ser::opt_number",],
        },
        #[doc = " Broker (client) id (sample payloads only)."]
        broker_id: i64 {
            wire: "brokerId",
            read_with: wire,
            keys: [b"brokerId"],
            presence: opt,
            serde: [skip_serializing_if = "::std::option::Option::is_none",],
        },
        #[doc = " Account the position belongs to (sample payloads only)."]
        using_account_type: UsingAccountType {
            wire: "usingAccountType",
            read_with: wire,
            keys: [b"usingAccountType"],
            presence: opt,
            serde: [skip_serializing_if = "::std::option::Option::is_none",],
        },
        #[doc = " Margin rate (sample payloads only; not described)."]
        margin_rate: ::contango::__private::rust_decimal::Decimal {
            wire: "marginRate",
            read_with: wire,
            keys: [b"marginRate"],
            presence: opt,
            serde: [skip_serializing_if = "::std::option::Option::is_none", serialize_with = "::contango::__private::ser::opt_number",],
        },
        #[doc = " Reduce price (sample payloads only; not described)."]
        reduce_price: ::contango::__private::rust_decimal::Decimal {
            wire: "reducePrice",
            read_with: wire,
            keys: [b"reducePrice"],
            presence: opt,
            serde: [skip_serializing_if = "::std::option::Option::is_none", serialize_with = "::contango::__private::ser::opt_number",],
        },
        #[doc = " Return rate (sample payloads only; not described)."]
        return_rate: ::contango::__private::rust_decimal::Decimal {
            wire: "returnRate",
            read_with: wire,
            keys: [b"returnRate"],
            presence: opt,
            serde: [skip_serializing_if = "::std::option::Option::is_none", serialize_with = "::contango::__private::ser::opt_number",],
        },
        #[doc = " Unrealized profit and loss (sample payloads only; not described)."]
        un_realized_amount: ::contango::__private::rust_decimal::Decimal {
            wire: "unRealizedAmount",
            read_with: wire,
            keys: [b"unRealizedAmount"],
            presence: opt,
            serde: [skip_serializing_if = "::std::option::Option::is_none", serialize_with = "::contango::__private::ser::opt_number",],
        },
        #[doc = " Open realized amount (sample payloads only; not described)."]
        open_realized_amount: ::contango::__private::rust_decimal::Decimal {
            wire: "openRealizedAmount",
            read_with: wire,
            keys: [b"openRealizedAmount"],
            presence: opt,
            serde: [skip_serializing_if = "::std::option::Option::is_none", serialize_with = "::contango::__private::ser::opt_number",],
        },
        #[doc = " Position balance (sample payloads only; not described)."]
        position_balance: ::contango::__private::rust_decimal::Decimal {
            wire: "positionBalance",
            read_with: wire,
            keys: [b"positionBalance"],
            presence: opt,
            serde: [skip_serializing_if = "::std::option::Option::is_none", serialize_with = "::contango::__private::ser::opt_number",],
        },
        #[doc = " Settled profit (sample payloads only; not described)."]
        settle_profit: ::contango::__private::rust_decimal::Decimal {
            wire: "settleProfit",
            read_with: wire,
            keys: [b"settleProfit"],
            presence: opt,
            serde: [skip_serializing_if = "::std::option::Option::is_none", serialize_with = "::contango::__private::ser::opt_number",],
        },
        #[doc = " Maintenance margin rate (sample payloads only; not described)."]
        keep_rate: ::contango::__private::rust_decimal::Decimal {
            wire: "keepRate",
            read_with: wire,
            keys: [b"keepRate"],
            presence: opt,
            serde: [skip_serializing_if = "::std::option::Option::is_none", serialize_with = "::contango::__private::ser::opt_number",],
        },
        #[doc = " Maximum fee rate (sample payloads only; not described)."]
        max_fee_rate: ::contango::__private::rust_decimal::Decimal {
            wire: "maxFeeRate",
            read_with: wire,
            keys: [b"maxFeeRate"],
            presence: opt,
            serde: [skip_serializing_if = "::std::option::Option::is_none", serialize_with = "::contango::__private::ser::opt_number",],
        },
        #[doc = " Index price (sample payloads only; not described)."]
        index_price: ::contango::__private::rust_decimal::Decimal {
            wire: "indexPrice",
            read_with: wire,
            keys: [b"indexPrice"],
            presence: opt,
            serde: [skip_serializing_if = "::std::option::Option::is_none", serialize_with = "::contango::__private::ser::opt_number",],
        },
    }
}
::contango::__private::record! {
    #[doc = " Leverage brackets of a contract (section 2.8)."]
    LeverageBrackets direct {
        #[doc = " Contract name."]
        contract_name: ::std::string::String {
            wire: "contractName",
            read_with: wire,
            keys: [b"contractName"],
            presence: req,
            serde: [],
        },
        #[doc = " The notional brackets."]
        brackets: ::std::vec::Vec<LeverageBracket> {
            wire: "brackets",
            read_with: wire,
            keys: [b"brackets"],
            presence: req,
            serde: [],
        },
    }
}
::contango::__private::record! {
    #[doc = " One notional bracket and its leverage and maintenance margin."]
    LeverageBracket direct {
        #[doc = " Notional bracket number."]
        bracket: i32 {
            wire: "bracket",
            read_with: wire,
            keys: [b"bracket"],
            presence: opt,
            serde: [skip_serializing_if = "::std::option::Option::is_none",],
        },
        #[doc = " Maximum initial leverage of the bracket."]
        initial_leverage: ::contango::__private::rust_decimal::Decimal {
            wire: "initialLeverage",
            read_with: wire,
            keys: [b"initialLeverage"],
            presence: opt,
            serde: [skip_serializing_if = "::std::option::Option::is_none", serialize_with = "::contango::__private::ser::opt_number",],
        },
        #[doc = " Cap notional."]
        max_position_value: ::contango::__private::rust_decimal::Decimal {
            wire: "maxPositionValue",
            read_with: wire,
            keys: [b"maxPositionValue"],
            presence: opt,
            serde: [skip_serializing_if = "::std::option::Option::is_none", serialize_with = "::contango::__private::ser::opt_number",],
        },
        #[doc = " Notional threshold."]
        min_position_value: ::contango::__private::rust_decimal::Decimal {
            wire: "minPositionValue",
            read_with: wire,
            keys: [b"minPositionValue"],
            presence: opt,
            serde: [skip_serializing_if = "::std::option::Option::is_none", serialize_with = "::contango::__private::ser::opt_number",],
        },
        #[doc = " Maintenance margin ratio."]
        maint_margin_ratio: ::contango::__private::rust_decimal::Decimal {
            wire: "maintMarginRatio",
            read_with: wire,
            keys: [b"maintMarginRatio"],
            presence: opt,
            serde: [skip_serializing_if = "::std::option::Option::is_none", serialize_with = "::contango::__private::ser::opt_number",],
        },
    }
}
::contango::__private::record! {
    #[doc = " Commission rates of a contract (section 2.9)."]
    CommissionRate direct {
        #[doc = " Contract name."]
        contract_name: ::std::string::String {
            wire: "contractName",
            read_with: wire,
            keys: [b"contractName"],
            presence: req,
            serde: [],
        },
        #[doc = " Taker fee rate when opening."]
        open_taker_fee_rate: ::contango::__private::rust_decimal::Decimal {
            wire: "openTakerFeeRate",
            read_with: wire,
            keys: [b"openTakerFeeRate"],
            presence: opt,
            serde: [skip_serializing_if = "::std::option::Option::is_none", serialize_with = "::contango::__private::ser::opt_number",],
        },
        #[doc = " Maker fee rate when opening."]
        open_maker_fee_rate: ::contango::__private::rust_decimal::Decimal {
            wire: "openMakerFeeRate",
            read_with: wire,
            keys: [b"openMakerFeeRate"],
            presence: opt,
            serde: [skip_serializing_if = "::std::option::Option::is_none", serialize_with = "::contango::__private::ser::opt_number",],
        },
        #[doc = " Taker fee rate when closing."]
        close_taker_fee_rate: ::contango::__private::rust_decimal::Decimal {
            wire: "closeTakerFeeRate",
            read_with: wire,
            keys: [b"closeTakerFeeRate"],
            presence: opt,
            serde: [skip_serializing_if = "::std::option::Option::is_none", serialize_with = "::contango::__private::ser::opt_number",],
        },
        #[doc = " Maker fee rate when closing."]
        close_maker_fee_rate: ::contango::__private::rust_decimal::Decimal {
            wire: "closeMakerFeeRate",
            read_with: wire,
            keys: [b"closeMakerFeeRate"],
            presence: opt,
            serde: [skip_serializing_if = "::std::option::Option::is_none", serialize_with = "::contango::__private::ser::opt_number",],
        },
    }
}
::contango::__private::record! {
    #[doc = " A transfer between the wallet and the contract account (section 2.10)."]
    TransferRecord direct {
        #[doc = " Direction (the samples use lower case)."]
        transfer_type: TransferType {
            wire: "transferType",
            read_with: wire,
            keys: [b"transferType"],
            presence: opt,
            serde: [skip_serializing_if = "::std::option::Option::is_none",],
        },
        #[doc = " Coin transferred."]
        symbol: ::std::string::String {
            wire: "symbol",
            read_with: wire,
            keys: [b"symbol"],
            presence: opt,
            serde: [skip_serializing_if = "::std::option::Option::is_none",],
        },
        #[doc = " Amount transferred."]
        amount: ::contango::__private::rust_decimal::Decimal {
            wire: "amount",
            read_with: wire,
            keys: [b"amount"],
            presence: opt,
            serde: [skip_serializing_if = "::std::option::Option::is_none", serialize_with = "::contango::__private::ser::opt_number",],
        },
        #[doc = " Amount after the transfer (in the field table, absent from the sample)."]
        after_amount: ::contango::__private::rust_decimal::Decimal {
            wire: "afterAmount",
            read_with: wire,
            keys: [b"afterAmount"],
            presence: opt,
            serde: [skip_serializing_if = "::std::option::Option::is_none", serialize_with = "::contango::__private::ser::opt_number",],
        },
        #[doc = " Transfer status."]
        status: TransferStatus {
            wire: "status",
            read_with: wire,
            keys: [b"status"],
            presence: opt,
            serde: [skip_serializing_if = "::std::option::Option::is_none",],
        },
        #[doc = " Creation time in milliseconds."]
        ctime: ::contango::Millis {
            wire: "ctime",
            read_with: wire,
            keys: [b"ctime"],
            presence: opt,
            serde: [skip_serializing_if = "::std::option::Option::is_none",],
        },
    }
}
::contango::__private::record! {
    #[doc = " A forced-liquidation or auto-deleveraging order (section 2.11). The document gives two field lists (the position fields of section 2.7 plus brokerId, usingAccountType, coPositionExt; and the sample's order-like fields); the exchange's current page lists only the order-like one. This type holds both, every field optional, so answers of either reading decode."]
    ForceOrder direct {
        #[doc = " Record id."]
        id: i64 {
            wire: "id",
            read_with: wire,
            keys: [b"id"],
            presence: opt,
            serde: [skip_serializing_if = "::std::option::Option::is_none",],
        },
        #[doc = " User id."]
        uid: i64 {
            wire: "uid",
            read_with: wire,
            keys: [b"uid"],
            presence: opt,
            serde: [skip_serializing_if = "::std::option::Option::is_none",],
        },
        #[doc = " Margin mode: 1 cross, 2 isolated."]
        position_type: PositionType {
            wire: "positionType",
            read_with: wire,
            keys: [b"positionType"],
            presence: opt,
            serde: [skip_serializing_if = "::std::option::Option::is_none",],
        },
        #[doc = " BUY or SELL."]
        side: Side {
            wire: "side",
            read_with: wire,
            keys: [b"side"],
            presence: opt,
            serde: [skip_serializing_if = "::std::option::Option::is_none",],
        },
        #[doc = " Quantity."]
        volume: ::contango::__private::rust_decimal::Decimal {
            wire: "volume",
            read_with: wire,
            keys: [b"volume"],
            presence: opt,
            serde: [skip_serializing_if = "::std::option::Option::is_none", serialize_with = "::contango::__private::ser::opt_number",],
        },
        #[doc = " Average price."]
        avg_price: ::contango::__private::rust_decimal::Decimal {
            wire: "avgPrice",
            read_with: wire,
            keys: [b"avgPrice"],
            presence: opt,
            serde: [skip_serializing_if = "::std::option::Option::is_none", serialize_with = "::contango::__private::ser::opt_number",],
        },
        #[doc = " Leverage multiple."]
        leverage_level: i32 {
            wire: "leverageLevel",
            read_with: wire,
            keys: [b"leverageLevel"],
            presence: opt,
            serde: [skip_serializing_if = "::std::option::Option::is_none",],
        },
        #[doc = " Profit and loss that occurred."]
        realized_amount: ::contango::__private::rust_decimal::Decimal {
            wire: "realizedAmount",
            read_with: wire,
            keys: [b"realizedAmount"],
            presence: opt,
            serde: [skip_serializing_if = "::std::option::Option::is_none", serialize_with = "::contango::__private::ser::opt_number",],
        },
        #[doc = " Trading fees."]
        trade_fee: ::contango::__private::rust_decimal::Decimal {
            wire: "tradeFee",
            read_with: wire,
            keys: [b"tradeFee"],
            presence: opt,
            serde: [skip_serializing_if = "::std::option::Option::is_none", serialize_with = "::contango::__private::ser::opt_number",],
        },
        #[doc = " Status. The 2023 field table gives the position status (0 ineffective, 1 effective); the exchange's current table an order status named NEW to REJECTED without their numbers; the sample carries 2. Kept as a number."]
        status: i32 {
            wire: "status",
            read_with: wire,
            keys: [b"status"],
            presence: opt,
            serde: [skip_serializing_if = "::std::option::Option::is_none",],
        },
        #[doc = " Creation time (local date-time text, e.g. 2023-06-13T20:55:51)."]
        ctime: ::contango::LocalDateTime {
            wire: "ctime",
            read_with: wire,
            keys: [b"ctime"],
            presence: opt,
            serde: [skip_serializing_if = "::std::option::Option::is_none",],
        },
        #[doc = " Update time (local date-time text)."]
        mtime: ::contango::LocalDateTime {
            wire: "mtime",
            read_with: wire,
            keys: [b"mtime"],
            presence: opt,
            serde: [skip_serializing_if = "::std::option::Option::is_none",],
        },
        #[doc = " Client (broker) id."]
        broker_id: i64 {
            wire: "brokerId",
            read_with: wire,
            keys: [b"brokerId"],
            presence: opt,
            serde: [skip_serializing_if = "::std::option::Option::is_none",],
        },
        #[doc = " Account type: 0 contract, 1 with order, 2 copy trading."]
        using_account_type: UsingAccountType {
            wire: "usingAccountType",
            read_with: wire,
            keys: [b"usingAccountType"],
            presence: opt,
            serde: [skip_serializing_if = "::std::option::Option::is_none",],
        },
        #[doc = " Contract id."]
        contract_id: i64 {
            wire: "contractId",
            read_with: wire,
            keys: [b"contractId"],
            presence: opt,
            serde: [skip_serializing_if = "::std::option::Option::is_none",],
        },
        #[doc = " Open price."]
        open_price: ::contango::__private::rust_decimal::Decimal {
            wire: "openPrice",
            read_with: wire,
            keys: [b"openPrice"],
            presence: opt,
            serde: [skip_serializing_if = "::std::option::Option::is_none", serialize_with = "::contango::__private::ser::opt_number",],
        },
        #[doc = " Average closing price."]
        close_price: ::contango::__private::rust_decimal::Decimal {
            wire: "closePrice",
            read_with: wire,
            keys: [b"closePrice"],
            presence: opt,
            serde: [skip_serializing_if = "::std::option::Option::is_none", serialize_with = "::contango::__private::ser::opt_number",],
        },
        #[doc = " Opening margin including variation."]
        open_amount: ::contango::__private::rust_decimal::Decimal {
            wire: "openAmount",
            read_with: wire,
            keys: [b"openAmount"],
            presence: opt,
            serde: [skip_serializing_if = "::std::option::Option::is_none", serialize_with = "::contango::__private::ser::opt_number",],
        },
        #[doc = " Held position margin."]
        hold_amount: ::contango::__private::rust_decimal::Decimal {
            wire: "holdAmount",
            read_with: wire,
            keys: [b"holdAmount"],
            presence: opt,
            serde: [skip_serializing_if = "::std::option::Option::is_none", serialize_with = "::contango::__private::ser::opt_number",],
        },
        #[doc = " Closed quantity."]
        close_volume: ::contango::__private::rust_decimal::Decimal {
            wire: "closeVolume",
            read_with: wire,
            keys: [b"closeVolume"],
            presence: opt,
            serde: [skip_serializing_if = "::std::option::Option::is_none", serialize_with = "::contango::__private::ser::opt_number",],
        },
        #[doc = " Quantity of pending closing orders."]
        pending_close_volume: ::contango::__private::rust_decimal::Decimal {
            wire: "pendingCloseVolume",
            read_with: wire,
            keys: [b"pendingCloseVolume"],
            presence: opt,
            serde: [skip_serializing_if = "::std::option::Option::is_none", serialize_with = "::contango::__private::ser::opt_number",],
        },
        #[doc = " Historic accumulated profit and loss."]
        history_realized_amount: ::contango::__private::rust_decimal::Decimal {
            wire: "historyRealizedAmount",
            read_with: wire,
            keys: [b"historyRealizedAmount"],
            presence: opt,
            serde: [skip_serializing_if = "::std::option::Option::is_none", serialize_with = "::contango::__private::ser::opt_number",],
        },
        #[doc = " Forced-close quantity."]
        force_liquidation_volume: ::contango::__private::rust_decimal::Decimal {
            wire: "forceLiquidationVolume",
            read_with: wire,
            keys: [b"forceLiquidationVolume"],
            presence: opt,
            serde: [skip_serializing_if = "::std::option::Option::is_none", serialize_with = "::contango::__private::ser::opt_number",],
        },
        #[doc = " Forced-close price (average, trigger)."]
        force_liquidation_price: ::contango::__private::rust_decimal::Decimal {
            wire: "forceLiquidationPrice",
            read_with: wire,
            keys: [b"forceLiquidationPrice"],
            presence: opt,
            serde: [skip_serializing_if = "::std::option::Option::is_none", serialize_with = "::contango::__private::ser::opt_number",],
        },
        #[doc = " Capital costs."]
        capital_fee: ::contango::__private::rust_decimal::Decimal {
            wire: "capitalFee",
            read_with: wire,
            keys: [b"capitalFee"],
            presence: opt,
            serde: [skip_serializing_if = "::std::option::Option::is_none", serialize_with = "::contango::__private::ser::opt_number",],
        },
        #[doc = " Closing profit and loss."]
        close_profit: ::contango::__private::rust_decimal::Decimal {
            wire: "closeProfit",
            read_with: wire,
            keys: [b"closeProfit"],
            presence: opt,
            serde: [skip_serializing_if = "::std::option::Option::is_none", serialize_with = "::contango::__private::ser::opt_number",],
        },
        #[doc = " Amount to share."]
        share_amount: ::contango::__private::rust_decimal::Decimal {
            wire: "shareAmount",
            read_with: wire,
            keys: [b"shareAmount"],
            presence: opt,
            serde: [skip_serializing_if = "::std::option::Option::is_none", serialize_with = "::contango::__private::ser::opt_number",],
        },
        #[doc = " Freeze state."]
        freeze_lock: FreezeLock {
            wire: "freezeLock",
            read_with: wire,
            keys: [b"freezeLock"],
            presence: opt,
            serde: [skip_serializing_if = "::std::option::Option::is_none",],
        },
        #[doc = " Liquidation lock time (local date-time text)."]
        lock_time: ::contango::LocalDateTime {
            wire: "lockTime",
            read_with: wire,
            keys: [b"lockTime"],
            presence: opt,
            serde: [skip_serializing_if = "::std::option::Option::is_none",],
        },
        #[doc = " Total position value multiplied by face value."]
        position_amount: ::contango::__private::rust_decimal::Decimal {
            wire: "positionAmount",
            read_with: wire,
            keys: [b"positionAmount"],
            presence: opt,
            serde: [skip_serializing_if = "::std::option::Option::is_none", serialize_with = "::contango::__private::ser::opt_number",],
        },
        #[doc = " Total closing value multiplied by face value."]
        position_close_amount: ::contango::__private::rust_decimal::Decimal {
            wire: "positionCloseAmount",
            read_with: wire,
            keys: [b"positionCloseAmount"],
            presence: opt,
            serde: [skip_serializing_if = "::std::option::Option::is_none", serialize_with = "::contango::__private::ser::opt_number",],
        },
        #[doc = " Number of long positions."]
        long_account_count: i32 {
            wire: "longAccountCount",
            read_with: wire,
            keys: [b"longAccountCount"],
            presence: opt,
            serde: [skip_serializing_if = "::std::option::Option::is_none",],
        },
        #[doc = " Number of short positions."]
        short_account_count: i32 {
            wire: "shortAccountCount",
            read_with: wire,
            keys: [b"shortAccountCount"],
            presence: opt,
            serde: [skip_serializing_if = "::std::option::Option::is_none",],
        },
        #[doc = " Total realized profit and loss of this settlement cycle."]
        sum_realized: ::contango::__private::rust_decimal::Decimal {
            wire: "sumRealized",
            read_with: wire,
            keys: [b"sumRealized"],
            presence: opt,
            serde: [skip_serializing_if = "::std::option::Option::is_none", serialize_with = "::contango::__private::ser::opt_number",],
        },
        #[doc = " Account deficit at position settlement."]
        deficit_losses: ::contango::__private::rust_decimal::Decimal {
            wire: "deficitLosses",
            read_with: wire,
            keys: [b"deficitLosses"],
            presence: opt,
            serde: [skip_serializing_if = "::std::option::Option::is_none", serialize_with = "::contango::__private::ser::opt_number",],
        },
        #[doc = " Current margin ratio."]
        current_margin_rate: ::contango::__private::rust_decimal::Decimal {
            wire: "currentMarginRate",
            read_with: wire,
            keys: [b"currentMarginRate"],
            presence: opt,
            serde: [skip_serializing_if = "::std::option::Option::is_none", serialize_with = "::contango::__private::ser::opt_number",],
        },
        #[doc = " Balance occupied by current contracts, excluding realized and unrealized gains and losses."]
        real_equity: ::contango::__private::rust_decimal::Decimal {
            wire: "realEquity",
            read_with: wire,
            keys: [b"realEquity"],
            presence: opt,
            serde: [skip_serializing_if = "::std::option::Option::is_none", serialize_with = "::contango::__private::ser::opt_number",],
        },
        #[doc = " Position extension information (copy trading)."]
        co_position_ext: CoPositionExt {
            wire: "coPositionExt",
            read_with: wire,
            keys: [b"coPositionExt"],
            presence: opt,
            serde: [skip_serializing_if = "::std::option::Option::is_none",],
        },
        #[doc = " Client order id (sample only)."]
        client_id: ::std::string::String {
            wire: "clientId",
            read_with: wire,
            keys: [b"clientId"],
            presence: opt,
            serde: [skip_serializing_if = "::std::option::Option::is_none",],
        },
        #[doc = " OPEN or CLOSE (sample only)."]
        open: Open {
            wire: "open",
            read_with: wire,
            keys: [b"open"],
            presence: opt,
            serde: [skip_serializing_if = "::std::option::Option::is_none",],
        },
        #[doc = " Order type: a string in the exchange's current table, the number 1 in the sample (values not documented); kept as text, so both read."]
        order_type: ::std::string::String {
            wire: "type",
            read_with: wire,
            keys: [b"type"],
            presence: opt,
            serde: [skip_serializing_if = "::std::option::Option::is_none",],
        },
        #[doc = " Order price (sample only)."]
        price: ::contango::__private::rust_decimal::Decimal {
            wire: "price",
            read_with: wire,
            keys: [b"price"],
            presence: opt,
            serde: [skip_serializing_if = "::std::option::Option::is_none", serialize_with = "::contango::__private::ser::opt_number",],
        },
        #[doc = " Taker fee rate when opening (sample only)."]
        open_taker_fee_rate: ::contango::__private::rust_decimal::Decimal {
            wire: "openTakerFeeRate",
            read_with: wire,
            keys: [b"openTakerFeeRate"],
            presence: opt,
            serde: [skip_serializing_if = "::std::option::Option::is_none", serialize_with = "::contango::__private::ser::opt_number",],
        },
        #[doc = " Maker fee rate when opening (sample only)."]
        open_maker_fee_rate: ::contango::__private::rust_decimal::Decimal {
            wire: "openMakerFeeRate",
            read_with: wire,
            keys: [b"openMakerFeeRate"],
            presence: opt,
            serde: [skip_serializing_if = "::std::option::Option::is_none", serialize_with = "::contango::__private::ser::opt_number",],
        },
        #[doc = " Taker fee rate when closing (sample only)."]
        close_taker_fee_rate: ::contango::__private::rust_decimal::Decimal {
            wire: "closeTakerFeeRate",
            read_with: wire,
            keys: [b"closeTakerFeeRate"],
            presence: opt,
            serde: [skip_serializing_if = "::std::option::Option::is_none", serialize_with = "::contango::__private::ser::opt_number",],
        },
        #[doc = " Maker fee rate when closing (sample only)."]
        close_maker_fee_rate: ::contango::__private::rust_decimal::Decimal {
            wire: "closeMakerFeeRate",
            read_with: wire,
            keys: [b"closeMakerFeeRate"],
            presence: opt,
            serde: [skip_serializing_if = "::std::option::Option::is_none", serialize_with = "::contango::__private::ser::opt_number",],
        },
        #[doc = " Filled quantity (sample only)."]
        deal_volume: ::contango::__private::rust_decimal::Decimal {
            wire: "dealVolume",
            read_with: wire,
            keys: [b"dealVolume"],
            presence: opt,
            serde: [skip_serializing_if = "::std::option::Option::is_none", serialize_with = "::contango::__private::ser::opt_number",],
        },
        #[doc = " Filled value (sample only)."]
        deal_money: ::contango::__private::rust_decimal::Decimal {
            wire: "dealMoney",
            read_with: wire,
            keys: [b"dealMoney"],
            presence: opt,
            serde: [skip_serializing_if = "::std::option::Option::is_none", serialize_with = "::contango::__private::ser::opt_number",],
        },
        #[doc = " Locked money (sample only)."]
        lock_money: ::contango::__private::rust_decimal::Decimal {
            wire: "lockMoney",
            read_with: wire,
            keys: [b"lockMoney"],
            presence: opt,
            serde: [skip_serializing_if = "::std::option::Option::is_none", serialize_with = "::contango::__private::ser::opt_number",],
        },
        #[doc = " Unlocked money (sample only)."]
        unlock_money: ::contango::__private::rust_decimal::Decimal {
            wire: "unlockMoney",
            read_with: wire,
            keys: [b"unlockMoney"],
            presence: opt,
            serde: [skip_serializing_if = "::std::option::Option::is_none", serialize_with = "::contango::__private::ser::opt_number",],
        },
        #[doc = " Memo (sample only; a number in the sample, kept as text)."]
        memo: ::std::string::String {
            wire: "memo",
            read_with: wire,
            keys: [b"memo"],
            presence: opt,
            serde: [skip_serializing_if = "::std::option::Option::is_none",],
        },
        #[doc = " Order source (sample only; values not documented)."]
        source: i32 {
            wire: "source",
            read_with: wire,
            keys: [b"source"],
            presence: opt,
            serde: [skip_serializing_if = "::std::option::Option::is_none",],
        },
        #[doc = " Royalty share ratio, 0 to 1 (sample only)."]
        share_royalty_ratio: ::contango::__private::rust_decimal::Decimal {
            wire: "shareRoyaltyRatio",
            read_with: wire,
            keys: [b"shareRoyaltyRatio"],
            presence: opt,
            serde: [skip_serializing_if = "::std::option::Option::is_none", serialize_with = "::contango::__private::ser::opt_number",],
        },
    }
}
::contango::__private::record! {
    #[doc = " Copy-trading extension of a forced position (coPositionExt, section 2.11)."]
    CoPositionExt direct {
        #[doc = " Position id."]
        position_id: i64 {
            wire: "positionId",
            read_with: wire,
            keys: [b"positionId"],
            presence: opt,
            serde: [skip_serializing_if = "::std::option::Option::is_none",],
        },
        #[doc = " User id of the copied trader."]
        copy_trader_uid: i64 {
            wire: "copyTraderUid",
            read_with: wire,
            keys: [b"copyTraderUid"],
            presence: opt,
            serde: [skip_serializing_if = "::std::option::Option::is_none",],
        },
        #[doc = " User id of the trader sharing royalties."]
        share_trader_uid: i64 {
            wire: "shareTraderUid",
            read_with: wire,
            keys: [b"shareTraderUid"],
            presence: opt,
            serde: [skip_serializing_if = "::std::option::Option::is_none",],
        },
        #[doc = " Id of the shared position."]
        share_position_id: i64 {
            wire: "sharePositionId",
            read_with: wire,
            keys: [b"sharePositionId"],
            presence: opt,
            serde: [skip_serializing_if = "::std::option::Option::is_none",],
        },
        #[doc = " Royalty share ratio, 0 to 1."]
        share_royalty_ratio: ::contango::__private::rust_decimal::Decimal {
            wire: "shareRoyaltyRatio",
            read_with: wire,
            keys: [b"shareRoyaltyRatio"],
            presence: opt,
            serde: [skip_serializing_if = "::std::option::Option::is_none", serialize_with = "::contango::__private::ser::opt_number",],
        },
        #[doc = " Pre-share royalty amount."]
        pre_share_royalty_amount: ::contango::__private::rust_decimal::Decimal {
            wire: "preShareRoyaltyAmount",
            read_with: wire,
            keys: [b"preShareRoyaltyAmount"],
            presence: opt,
            serde: [skip_serializing_if = "::std::option::Option::is_none", serialize_with = "::contango::__private::ser::opt_number",],
        },
        #[doc = " Locked pre-share royalty amount."]
        lock_pre_share_royalty_amount: ::contango::__private::rust_decimal::Decimal {
            wire: "lockPreShareRoyaltyAmount",
            read_with: wire,
            keys: [b"lockPreShareRoyaltyAmount"],
            presence: opt,
            serde: [skip_serializing_if = "::std::option::Option::is_none", serialize_with = "::contango::__private::ser::opt_number",],
        },
        #[doc = " Copy-trading state."]
        copy_status: CopyStatus {
            wire: "copyStatus",
            read_with: wire,
            keys: [b"copyStatus"],
            presence: opt,
            serde: [skip_serializing_if = "::std::option::Option::is_none",],
        },
        #[doc = " Royalty settlement state."]
        share_royalty_status: ShareRoyaltyStatus {
            wire: "shareRoyaltyStatus",
            read_with: wire,
            keys: [b"shareRoyaltyStatus"],
            presence: opt,
            serde: [skip_serializing_if = "::std::option::Option::is_none",],
        },
        #[doc = " How the position was closed."]
        close_position_type: ClosePositionType {
            wire: "closePositionType",
            read_with: wire,
            keys: [b"closePositionType"],
            presence: opt,
            serde: [skip_serializing_if = "::std::option::Option::is_none",],
        },
        #[doc = " Creation time (local date-time text)."]
        ctime: ::contango::LocalDateTime {
            wire: "ctime",
            read_with: wire,
            keys: [b"ctime"],
            presence: opt,
            serde: [skip_serializing_if = "::std::option::Option::is_none",],
        },
        #[doc = " Update time (local date-time text)."]
        mtime: ::contango::LocalDateTime {
            wire: "mtime",
            read_with: wire,
            keys: [b"mtime"],
            presence: opt,
            serde: [skip_serializing_if = "::std::option::Option::is_none",],
        },
    }
}
::contango::__private::record! {
    #[doc = " A listen key: the token identifying a private event stream (section 2.12)."]
    ListenKey direct {
        #[doc = " The listen key."]
        listen_key: ::std::string::String {
            wire: "listenKey",
            read_with: wire,
            keys: [b"listenKey"],
            presence: req,
            serde: [],
        },
    }
}
::contango::__private::record! {
    #[doc = " Subscribe request sent by the client: {event: sub, params: {channel: user_account_update}}."]
    StreamSubscribe {
        #[doc = " Always sub."]
        event: ::std::string::String {
            wire: "event",
            read_with: wire,
            keys: [b"event"],
            presence: req,
            serde: [],
        },
        #[doc = " What to subscribe to."]
        params: StreamSubscribeParams {
            wire: "params",
            read_with: wire,
            keys: [b"params"],
            presence: req,
            serde: [],
        },
    }
}
::contango::__private::record! {
    #[doc = " Parameters of a subscribe request."]
    StreamSubscribeParams {
        #[doc = " Channel name (user_account_update)."]
        channel: ::std::string::String {
            wire: "channel",
            read_with: wire,
            keys: [b"channel"],
            presence: req,
            serde: [],
        },
    }
}
::contango::__private::record! {
    #[doc = " Acknowledgement of a subscription: {event: user_account_update, status: ok, ts}."]
    StreamSubscribed {
        #[doc = " The channel subscribed to."]
        event: ::std::string::String {
            wire: "event",
            read_with: wire,
            keys: [b"event"],
            presence: req,
            serde: [],
        },
        #[doc = " ok on success."]
        status: ::std::string::String {
            wire: "status",
            read_with: wire,
            keys: [b"status"],
            presence: opt,
            serde: [skip_serializing_if = "::std::option::Option::is_none",],
        },
        #[doc = " Server time in milliseconds."]
        ts: ::contango::Millis {
            wire: "ts",
            read_with: wire,
            keys: [b"ts"],
            presence: opt,
            serde: [skip_serializing_if = "::std::option::Option::is_none",],
        },
    }
}
::contango::__private::record! {
    #[doc = " Ping sent by the server; answer every ping with a pong carrying the same ts."]
    StreamPing {
        #[doc = " Always ping."]
        event: ::std::string::String {
            wire: "event",
            read_with: wire,
            keys: [b"event"],
            presence: req,
            serde: [],
        },
        #[doc = " Server time in milliseconds (sent as a string)."]
        ts: ::contango::Millis {
            wire: "ts",
            read_with: wire,
            keys: [b"ts"],
            presence: opt,
            serde: [skip_serializing_if = "::std::option::Option::is_none",],
        },
    }
}
::contango::__private::record! {
    #[doc = " Pong sent by the client after every ping received from the server."]
    StreamPong {
        #[doc = " Always pong."]
        event: ::std::string::String {
            wire: "event",
            read_with: wire,
            keys: [b"event"],
            presence: req,
            serde: [],
        },
        #[doc = " The ping's timestamp in milliseconds, as a string (section 6.1)."]
        ts: ::std::string::String {
            wire: "ts",
            read_with: wire,
            keys: [b"ts"],
            presence: opt,
            serde: [skip_serializing_if = "::std::option::Option::is_none",],
        },
    }
}
::contango::__private::record! {
    #[doc = " Order update event (e = ORDER_TRADE_UPDATE, section 6.2)."]
    OrderTradeUpdate direct {
        #[doc = " Event type (ORDER_TRADE_UPDATE)."]
        event_type: ::std::string::String {
            wire: "e",
            read_with: wire,
            keys: [b"e"],
            presence: req,
            serde: [],
        },
        #[doc = " Event time in milliseconds."]
        event_time: ::contango::Millis {
            wire: "E",
            read_with: wire,
            keys: [b"E"],
            presence: req,
            serde: [],
        },
        #[doc = " The order that changed."]
        order: OrderUpdate {
            wire: "o",
            read_with: wire,
            keys: [b"o"],
            presence: req,
            serde: [],
        },
    }
}
::contango::__private::record! {
    #[doc = " The order of an order update event (the o object, section 6.2). Decimals travel as strings."]
    OrderUpdate direct {
        #[doc = " Trading pair."]
        symbol: ::std::string::String {
            wire: "s",
            read_with: wire,
            keys: [b"s"],
            presence: req,
            serde: [],
        },
        #[doc = " Client-provided order id."]
        client_order_id: ::std::string::String {
            wire: "c",
            read_with: wire,
            keys: [b"c"],
            presence: opt,
            serde: [skip_serializing_if = "::std::option::Option::is_none",],
        },
        #[doc = " Order direction."]
        side: Side {
            wire: "S",
            read_with: wire,
            keys: [b"S"],
            presence: opt,
            serde: [skip_serializing_if = "::std::option::Option::is_none",],
        },
        #[doc = " Order type (MARKET, LIMIT, IOC, POST_ONLY and others)."]
        order_type: OrderType {
            wire: "o",
            read_with: wire,
            keys: [b"o"],
            presence: opt,
            serde: [skip_serializing_if = "::std::option::Option::is_none",],
        },
        #[doc = " Original quantity (multiplied by face value)."]
        quantity: ::contango::__private::rust_decimal::Decimal {
            wire: "q",
            read_with: wire,
            keys: [b"q"],
            presence: opt,
            serde: [skip_serializing_if = "::std::option::Option::is_none", serialize_with = "::contango::__private::ser::opt_string",],
        },
        #[doc = " Original price."]
        price: ::contango::__private::rust_decimal::Decimal {
            wire: "p",
            read_with: wire,
            keys: [b"p"],
            presence: opt,
            serde: [skip_serializing_if = "::std::option::Option::is_none", serialize_with = "::contango::__private::ser::opt_string",],
        },
        #[doc = " Average price."]
        average_price: ::contango::__private::rust_decimal::Decimal {
            wire: "ap",
            read_with: wire,
            keys: [b"ap"],
            presence: opt,
            serde: [skip_serializing_if = "::std::option::Option::is_none", serialize_with = "::contango::__private::ser::opt_string",],
        },
        #[doc = " Execution type of this event (new, liquidation, trade, cancel, adl)."]
        execution_type: ExecutionType {
            wire: "x",
            read_with: wire,
            keys: [b"x"],
            presence: req,
            serde: [],
        },
        #[doc = " Current order status."]
        status: OrderStatus {
            wire: "X",
            read_with: wire,
            keys: [b"X"],
            presence: req,
            serde: [],
        },
        #[doc = " Order id."]
        order_id: i64 {
            wire: "i",
            read_with: wire,
            keys: [b"i"],
            presence: req,
            serde: [],
        },
        #[doc = " Quantity filled in this event."]
        last_filled_quantity: ::contango::__private::rust_decimal::Decimal {
            wire: "l",
            read_with: wire,
            keys: [b"l"],
            presence: opt,
            serde: [skip_serializing_if = "::std::option::Option::is_none", serialize_with = "::contango::__private::ser::opt_string",],
        },
        #[doc = " Cumulative filled quantity."]
        cumulative_filled_quantity: ::contango::__private::rust_decimal::Decimal {
            wire: "z",
            read_with: wire,
            keys: [b"z"],
            presence: opt,
            serde: [skip_serializing_if = "::std::option::Option::is_none", serialize_with = "::contango::__private::ser::opt_string",],
        },
        #[doc = " Price of the fill in this event."]
        last_filled_price: ::contango::__private::rust_decimal::Decimal {
            wire: "L",
            read_with: wire,
            keys: [b"L"],
            presence: opt,
            serde: [skip_serializing_if = "::std::option::Option::is_none", serialize_with = "::contango::__private::ser::opt_string",],
        },
        #[doc = " Fee asset."]
        fee_asset: ::std::string::String {
            wire: "N",
            read_with: wire,
            keys: [b"N"],
            presence: opt,
            serde: [skip_serializing_if = "::std::option::Option::is_none",],
        },
        #[doc = " Total fee amount."]
        fee: ::contango::__private::rust_decimal::Decimal {
            wire: "n",
            read_with: wire,
            keys: [b"n"],
            presence: opt,
            serde: [skip_serializing_if = "::std::option::Option::is_none", serialize_with = "::contango::__private::ser::opt_string",],
        },
        #[doc = " Trade time in milliseconds."]
        trade_time: ::contango::Millis {
            wire: "T",
            read_with: wire,
            keys: [b"T"],
            presence: opt,
            serde: [skip_serializing_if = "::std::option::Option::is_none",],
        },
        #[doc = " Trade id."]
        trade_id: i64 {
            wire: "t",
            read_with: wire,
            keys: [b"t"],
            presence: opt,
            serde: [skip_serializing_if = "::std::option::Option::is_none",],
        },
        #[doc = " Whether the fill was a maker fill (reserved field)."]
        is_maker: bool {
            wire: "m",
            read_with: wire,
            keys: [b"m"],
            presence: opt,
            serde: [skip_serializing_if = "::std::option::Option::is_none",],
        },
        #[doc = " Reduce-only flag, default false (reserved field)."]
        reduce_only: bool {
            wire: "R",
            read_with: wire,
            keys: [b"R"],
            presence: opt,
            serde: [skip_serializing_if = "::std::option::Option::is_none",],
        },
        #[doc = " Position direction."]
        position_side: PositionSide {
            wire: "ps",
            read_with: wire,
            keys: [b"ps"],
            presence: opt,
            serde: [skip_serializing_if = "::std::option::Option::is_none",],
        },
        #[doc = " Realized profit or loss of this trade."]
        realized_profit: ::contango::__private::rust_decimal::Decimal {
            wire: "rp",
            read_with: wire,
            keys: [b"rp"],
            presence: opt,
            serde: [skip_serializing_if = "::std::option::Option::is_none", serialize_with = "::contango::__private::ser::opt_string",],
        },
    }
}
::contango::__private::record! {
    #[doc = " Account update event (e = ACCOUNT_UPDATE, section 6.3)."]
    AccountUpdate direct {
        #[doc = " Event type (ACCOUNT_UPDATE)."]
        event_type: ::std::string::String {
            wire: "e",
            read_with: wire,
            keys: [b"e"],
            presence: req,
            serde: [],
        },
        #[doc = " Event time in milliseconds."]
        event_time: ::contango::Millis {
            wire: "E",
            read_with: wire,
            keys: [b"E"],
            presence: req,
            serde: [],
        },
        #[doc = " Matching time in milliseconds (tentative)."]
        transaction_time: ::contango::Millis {
            wire: "T",
            read_with: wire,
            keys: [b"T"],
            presence: opt,
            serde: [skip_serializing_if = "::std::option::Option::is_none",],
        },
        #[doc = " The account update."]
        update: AccountUpdateData {
            wire: "a",
            read_with: wire,
            keys: [b"a"],
            presence: req,
            serde: [],
        },
    }
}
::contango::__private::record! {
    #[doc = " The account update object of an account update event (the a object)."]
    AccountUpdateData direct {
        #[doc = " Reason that triggered the event."]
        reason: AccountUpdateReason {
            wire: "m",
            read_with: wire,
            keys: [b"m"],
            presence: opt,
            serde: [skip_serializing_if = "::std::option::Option::is_none",],
        },
        #[doc = " Balances (only relevant balances are sent)."]
        balances: ::std::vec::Vec<BalanceUpdate> {
            wire: "B",
            read_with: wire,
            keys: [b"B"],
            presence: opt,
            serde: [skip_serializing_if = "::std::option::Option::is_none",],
        },
        #[doc = " Positions."]
        positions: ::std::vec::Vec<PositionUpdate> {
            wire: "P",
            read_with: wire,
            keys: [b"P"],
            presence: opt,
            serde: [skip_serializing_if = "::std::option::Option::is_none",],
        },
    }
}
::contango::__private::record! {
    #[doc = " A balance in an account update event. Values travel as strings."]
    BalanceUpdate direct {
        #[doc = " Asset name."]
        asset: ::std::string::String {
            wire: "a",
            read_with: wire,
            keys: [b"a"],
            presence: req,
            serde: [],
        },
        #[doc = " Cross-margin balance."]
        cross_wallet_balance: ::contango::__private::rust_decimal::Decimal {
            wire: "cw",
            read_with: wire,
            keys: [b"cw"],
            presence: opt,
            serde: [skip_serializing_if = "::std::option::Option::is_none", serialize_with = "::contango::__private::ser::opt_string",],
        },
        #[doc = " Locked balance."]
        locked_balance: ::contango::__private::rust_decimal::Decimal {
            wire: "lb",
            read_with: wire,
            keys: [b"lb"],
            presence: opt,
            serde: [skip_serializing_if = "::std::option::Option::is_none", serialize_with = "::contango::__private::ser::opt_string",],
        },
        #[doc = " Isolated margin wallet balance."]
        isolated_wallet_balance: ::contango::__private::rust_decimal::Decimal {
            wire: "iw",
            read_with: wire,
            keys: [b"iw"],
            presence: opt,
            serde: [skip_serializing_if = "::std::option::Option::is_none", serialize_with = "::contango::__private::ser::opt_string",],
        },
        #[doc = " Balance change not related to profit, loss or fees."]
        balance_change: ::contango::__private::rust_decimal::Decimal {
            wire: "bc",
            read_with: wire,
            keys: [b"bc"],
            presence: opt,
            serde: [skip_serializing_if = "::std::option::Option::is_none", serialize_with = "::contango::__private::ser::opt_string",],
        },
    }
}
::contango::__private::record! {
    #[doc = " A position in an account update event. Values travel as strings."]
    PositionUpdate direct {
        #[doc = " Trading pair."]
        symbol: ::std::string::String {
            wire: "s",
            read_with: wire,
            keys: [b"s"],
            presence: req,
            serde: [],
        },
        #[doc = " Position amount."]
        position_amount: ::contango::__private::rust_decimal::Decimal {
            wire: "pa",
            read_with: wire,
            keys: [b"pa"],
            presence: opt,
            serde: [skip_serializing_if = "::std::option::Option::is_none", serialize_with = "::contango::__private::ser::opt_string",],
        },
        #[doc = " Entry price."]
        entry_price: ::contango::__private::rust_decimal::Decimal {
            wire: "ep",
            read_with: wire,
            keys: [b"ep"],
            presence: opt,
            serde: [skip_serializing_if = "::std::option::Option::is_none", serialize_with = "::contango::__private::ser::opt_string",],
        },
        #[doc = " Last settlement price."]
        last_settlement_price: ::contango::__private::rust_decimal::Decimal {
            wire: "lp",
            read_with: wire,
            keys: [b"lp"],
            presence: opt,
            serde: [skip_serializing_if = "::std::option::Option::is_none", serialize_with = "::contango::__private::ser::opt_string",],
        },
        #[doc = " Cumulative realized profit and loss, including fees."]
        cumulative_realized: ::contango::__private::rust_decimal::Decimal {
            wire: "cr",
            read_with: wire,
            keys: [b"cr"],
            presence: opt,
            serde: [skip_serializing_if = "::std::option::Option::is_none", serialize_with = "::contango::__private::ser::opt_string",],
        },
        #[doc = " Unrealized profit and loss."]
        unrealized_profit: ::contango::__private::rust_decimal::Decimal {
            wire: "up",
            read_with: wire,
            keys: [b"up"],
            presence: opt,
            serde: [skip_serializing_if = "::std::option::Option::is_none", serialize_with = "::contango::__private::ser::opt_string",],
        },
        #[doc = " Margin type: 1 cross, 2 isolated (sent as the text \"1\")."]
        margin_type: PositionType {
            wire: "mt",
            read_with: wire,
            keys: [b"mt"],
            presence: opt,
            serde: [skip_serializing_if = "::std::option::Option::is_none",],
        },
        #[doc = " Isolated margin of the position."]
        isolated_margin: ::contango::__private::rust_decimal::Decimal {
            wire: "iw",
            read_with: wire,
            keys: [b"iw"],
            presence: opt,
            serde: [skip_serializing_if = "::std::option::Option::is_none", serialize_with = "::contango::__private::ser::opt_string",],
        },
        #[doc = " Position direction, SHORT or LONG."]
        position_side: PositionSide {
            wire: "ps",
            read_with: wire,
            keys: [b"ps"],
            presence: opt,
            serde: [skip_serializing_if = "::std::option::Option::is_none",],
        },
    }
}
::contango::__private::record! {
    #[doc = " A full depth snapshot of the market stream: up to 30 levels a side, best first. An empty book has no levels (and a frame time of 0)."]
    MarketDepth direct {
        #[doc = " Sell levels, lowest price first."]
        asks: ::std::vec::Vec<PriceLevel> {
            wire: "asks",
            read_with: wire,
            keys: [b"asks"],
            presence: req,
            serde: [],
        },
        #[doc = " Buy levels, highest price first."]
        buys: ::std::vec::Vec<PriceLevel> {
            wire: "buys",
            read_with: wire,
            keys: [b"buys"],
            presence: req,
            serde: [],
        },
    }
}
::contango::__private::record! {
    #[doc = " Trades printed since the previous frame of the trade_ticker channel."]
    MarketTrades direct {
        #[doc = " The trades, oldest first."]
        data: ::std::vec::Vec<MarketTrade> {
            wire: "data",
            read_with: wire,
            keys: [b"data"],
            presence: req,
            serde: [],
        },
        #[doc = " Time of the latest trade (absent in the published sample)."]
        ts: ::contango::Millis {
            wire: "ts",
            read_with: wire,
            keys: [b"ts"],
            presence: opt,
            serde: [skip_serializing_if = "::std::option::Option::is_none",],
        },
    }
}
::contango::__private::record! {
    #[doc = " One public trade."]
    MarketTrade direct {
        #[doc = " Trade id (sent by some servers)."]
        id: i64 {
            wire: "id",
            read_with: wire,
            keys: [b"id"],
            presence: opt,
            serde: [skip_serializing_if = "::std::option::Option::is_none",],
        },
        #[doc = " Price."]
        price: ::contango::__private::rust_decimal::Decimal {
            wire: "price",
            read_with: wire,
            keys: [b"price"],
            presence: req,
            serde: [serialize_with = "::contango::__private::ser::number",],
        },
        #[doc = " Volume in contracts."]
        vol: ::contango::__private::rust_decimal::Decimal {
            wire: "vol",
            read_with: wire,
            keys: [b"vol"],
            presence: req,
            serde: [serialize_with = "::contango::__private::ser::number",],
        },
        #[doc = " Taker side (BUY or buy, SELL or sell)."]
        side: Side {
            wire: "side",
            read_with: wire,
            keys: [b"side"],
            presence: req,
            serde: [],
        },
        #[doc = " Traded value."]
        amount: ::contango::__private::rust_decimal::Decimal {
            wire: "amount",
            read_with: wire,
            keys: [b"amount"],
            presence: opt,
            serde: [skip_serializing_if = "::std::option::Option::is_none", serialize_with = "::contango::__private::ser::opt_number",],
        },
        #[doc = " Trade time as local date-time text (2024-07-23 22:03:11)."]
        ds: ::std::string::String {
            wire: "ds",
            read_with: wire,
            keys: [b"ds"],
            presence: opt,
            serde: [skip_serializing_if = "::std::option::Option::is_none",],
        },
        #[doc = " Trade time in milliseconds (absent in history answers of some servers)."]
        ts: ::contango::Millis {
            wire: "ts",
            read_with: wire,
            keys: [b"ts"],
            presence: opt,
            serde: [skip_serializing_if = "::std::option::Option::is_none",],
        },
    }
}
::contango::__private::record! {
    #[doc = " 24 hour statistics of a contract on the market stream."]
    MarketTicker direct {
        #[doc = " Open price 24 hours ago."]
        open: ::contango::__private::rust_decimal::Decimal {
            wire: "open",
            read_with: wire,
            keys: [b"open"],
            presence: opt,
            serde: [skip_serializing_if = "::std::option::Option::is_none", serialize_with = "::contango::__private::ser::opt_number",],
        },
        #[doc = " Latest price."]
        close: ::contango::__private::rust_decimal::Decimal {
            wire: "close",
            read_with: wire,
            keys: [b"close"],
            presence: opt,
            serde: [skip_serializing_if = "::std::option::Option::is_none", serialize_with = "::contango::__private::ser::opt_number",],
        },
        #[doc = " Highest price."]
        high: ::contango::__private::rust_decimal::Decimal {
            wire: "high",
            read_with: wire,
            keys: [b"high"],
            presence: opt,
            serde: [skip_serializing_if = "::std::option::Option::is_none", serialize_with = "::contango::__private::ser::opt_number",],
        },
        #[doc = " Lowest price."]
        low: ::contango::__private::rust_decimal::Decimal {
            wire: "low",
            read_with: wire,
            keys: [b"low"],
            presence: opt,
            serde: [skip_serializing_if = "::std::option::Option::is_none", serialize_with = "::contango::__private::ser::opt_number",],
        },
        #[doc = " Volume in contracts."]
        vol: ::contango::__private::rust_decimal::Decimal {
            wire: "vol",
            read_with: wire,
            keys: [b"vol"],
            presence: opt,
            serde: [skip_serializing_if = "::std::option::Option::is_none", serialize_with = "::contango::__private::ser::opt_number",],
        },
        #[doc = " Traded value."]
        amount: ::contango::__private::rust_decimal::Decimal {
            wire: "amount",
            read_with: wire,
            keys: [b"amount"],
            presence: opt,
            serde: [skip_serializing_if = "::std::option::Option::is_none", serialize_with = "::contango::__private::ser::opt_number",],
        },
        #[doc = " Price change as a fraction (-0.2922 is -29.22 %)."]
        rose: ::contango::__private::rust_decimal::Decimal {
            wire: "rose",
            read_with: wire,
            keys: [b"rose"],
            presence: opt,
            serde: [skip_serializing_if = "::std::option::Option::is_none", serialize_with = "::contango::__private::ser::opt_number",],
        },
    }
}
::contango::__private::record! {
    #[doc = " One candle of the market stream (also the items of a kline history answer)."]
    MarketKline direct {
        #[doc = " Start of the candle in seconds."]
        id: ::contango::Seconds {
            wire: "id",
            read_with: wire,
            keys: [b"id"],
            presence: req,
            serde: [],
        },
        #[doc = " Open price."]
        open: ::contango::__private::rust_decimal::Decimal {
            wire: "open",
            read_with: wire,
            keys: [b"open"],
            presence: opt,
            serde: [skip_serializing_if = "::std::option::Option::is_none", serialize_with = "::contango::__private::ser::opt_number",],
        },
        #[doc = " Highest price."]
        high: ::contango::__private::rust_decimal::Decimal {
            wire: "high",
            read_with: wire,
            keys: [b"high"],
            presence: opt,
            serde: [skip_serializing_if = "::std::option::Option::is_none", serialize_with = "::contango::__private::ser::opt_number",],
        },
        #[doc = " Lowest price."]
        low: ::contango::__private::rust_decimal::Decimal {
            wire: "low",
            read_with: wire,
            keys: [b"low"],
            presence: opt,
            serde: [skip_serializing_if = "::std::option::Option::is_none", serialize_with = "::contango::__private::ser::opt_number",],
        },
        #[doc = " Close price."]
        close: ::contango::__private::rust_decimal::Decimal {
            wire: "close",
            read_with: wire,
            keys: [b"close"],
            presence: opt,
            serde: [skip_serializing_if = "::std::option::Option::is_none", serialize_with = "::contango::__private::ser::opt_number",],
        },
        #[doc = " Volume in contracts."]
        vol: ::contango::__private::rust_decimal::Decimal {
            wire: "vol",
            read_with: wire,
            keys: [b"vol"],
            presence: opt,
            serde: [skip_serializing_if = "::std::option::Option::is_none", serialize_with = "::contango::__private::ser::opt_number",],
        },
        #[doc = " Traded value."]
        amount: ::contango::__private::rust_decimal::Decimal {
            wire: "amount",
            read_with: wire,
            keys: [b"amount"],
            presence: opt,
            serde: [skip_serializing_if = "::std::option::Option::is_none", serialize_with = "::contango::__private::ser::opt_number",],
        },
        #[doc = " Start as local date-time text (2022-07-13 14:00:00)."]
        ds: ::std::string::String {
            wire: "ds",
            read_with: wire,
            keys: [b"ds"],
            presence: opt,
            serde: [skip_serializing_if = "::std::option::Option::is_none",],
        },
    }
}
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
        ::contango::__private::de::enum_text(d, Self::from_wire_str)
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
impl ::contango::__private::drift::CatchAll for Side {
    fn is_other(&self) -> bool {
        ::std::matches!(self, Self::Other(_))
    }
}
impl ::contango::__private::drift::Schema for Side {
    fn ty() -> ::contango::__private::drift::Ty {
        ::contango::__private::drift::Ty::Enum {
            name: "Side",
            known: ::contango::__private::drift::enum_known::<Self>,
        }
    }
}
impl ::contango::__private::direct::Direct for Side {
    fn direct(
        r: &mut ::contango::__private::direct::Reader<'_>,
    ) -> ::std::option::Option<Self> {
        r.scalar_text(|s| ::std::option::Option::Some(Self::from_wire_str(s)))
            .map(::contango::__private::drift::noticing)
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
        ::contango::__private::de::enum_text(d, Self::from_wire_str)
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
impl ::contango::__private::drift::CatchAll for OrderType {
    fn is_other(&self) -> bool {
        ::std::matches!(self, Self::Other(_))
    }
}
impl ::contango::__private::drift::Schema for OrderType {
    fn ty() -> ::contango::__private::drift::Ty {
        ::contango::__private::drift::Ty::Enum {
            name: "OrderType",
            known: ::contango::__private::drift::enum_known::<Self>,
        }
    }
}
impl ::contango::__private::direct::Direct for OrderType {
    fn direct(
        r: &mut ::contango::__private::direct::Reader<'_>,
    ) -> ::std::option::Option<Self> {
        r.scalar_text(|s| ::std::option::Option::Some(Self::from_wire_str(s)))
            .map(::contango::__private::drift::noticing)
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
        ::contango::__private::de::enum_text(d, Self::from_wire_str)
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
impl ::contango::__private::drift::CatchAll for OrderStatus {
    fn is_other(&self) -> bool {
        ::std::matches!(self, Self::Other(_))
    }
}
impl ::contango::__private::drift::Schema for OrderStatus {
    fn ty() -> ::contango::__private::drift::Ty {
        ::contango::__private::drift::Ty::Enum {
            name: "OrderStatus",
            known: ::contango::__private::drift::enum_known::<Self>,
        }
    }
}
impl ::contango::__private::direct::Direct for OrderStatus {
    fn direct(
        r: &mut ::contango::__private::direct::Reader<'_>,
    ) -> ::std::option::Option<Self> {
        r.scalar_text(|s| ::std::option::Option::Some(Self::from_wire_str(s)))
            .map(::contango::__private::drift::noticing)
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
        ::contango::__private::de::enum_text(d, Self::from_wire_str)
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
impl ::contango::__private::drift::CatchAll for Open {
    fn is_other(&self) -> bool {
        ::std::matches!(self, Self::Other(_))
    }
}
impl ::contango::__private::drift::Schema for Open {
    fn ty() -> ::contango::__private::drift::Ty {
        ::contango::__private::drift::Ty::Enum {
            name: "Open",
            known: ::contango::__private::drift::enum_known::<Self>,
        }
    }
}
impl ::contango::__private::direct::Direct for Open {
    fn direct(
        r: &mut ::contango::__private::direct::Reader<'_>,
    ) -> ::std::option::Option<Self> {
        r.scalar_text(|s| ::std::option::Option::Some(Self::from_wire_str(s)))
            .map(::contango::__private::drift::noticing)
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
        ::contango::__private::de::enum_int(d).map(Self::from_i64)
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
impl ::contango::__private::drift::CatchAll for PositionType {
    fn is_other(&self) -> bool {
        ::std::matches!(self, Self::Other(_))
    }
}
impl ::contango::__private::drift::Schema for PositionType {
    fn ty() -> ::contango::__private::drift::Ty {
        ::contango::__private::drift::Ty::Enum {
            name: "PositionType",
            known: ::contango::__private::drift::enum_known::<Self>,
        }
    }
}
impl ::contango::__private::direct::Direct for PositionType {
    fn direct(
        r: &mut ::contango::__private::direct::Reader<'_>,
    ) -> ::std::option::Option<Self> {
        r.scalar_text(|s| s.trim().parse::<i64>().ok().map(Self::from_i64))
            .map(::contango::__private::drift::noticing)
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
        ::contango::__private::de::enum_int(d).map(Self::from_i64)
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
impl ::contango::__private::drift::CatchAll for ContractStatus {
    fn is_other(&self) -> bool {
        ::std::matches!(self, Self::Other(_))
    }
}
impl ::contango::__private::drift::Schema for ContractStatus {
    fn ty() -> ::contango::__private::drift::Ty {
        ::contango::__private::drift::Ty::Enum {
            name: "ContractStatus",
            known: ::contango::__private::drift::enum_known::<Self>,
        }
    }
}
impl ::contango::__private::direct::Direct for ContractStatus {
    fn direct(
        r: &mut ::contango::__private::direct::Reader<'_>,
    ) -> ::std::option::Option<Self> {
        r.scalar_text(|s| s.trim().parse::<i64>().ok().map(Self::from_i64))
            .map(::contango::__private::drift::noticing)
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
        ::contango::__private::de::enum_int(d).map(Self::from_i64)
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
impl ::contango::__private::drift::CatchAll for ContractSide {
    fn is_other(&self) -> bool {
        ::std::matches!(self, Self::Other(_))
    }
}
impl ::contango::__private::drift::Schema for ContractSide {
    fn ty() -> ::contango::__private::drift::Ty {
        ::contango::__private::drift::Ty::Enum {
            name: "ContractSide",
            known: ::contango::__private::drift::enum_known::<Self>,
        }
    }
}
impl ::contango::__private::direct::Direct for ContractSide {
    fn direct(
        r: &mut ::contango::__private::direct::Reader<'_>,
    ) -> ::std::option::Option<Self> {
        r.scalar_text(|s| s.trim().parse::<i64>().ok().map(Self::from_i64))
            .map(::contango::__private::drift::noticing)
    }
}
/// Type of a contract: the first letter of its name. The document names E and S and calls the others mixed contracts; H is the one the real payloads show (H-HT-USDT). Other letters land in the catch-all, which drift reports.
#[derive(Debug, Clone, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum ContractType {
    /// Perpetual contract.
    Perpetual,
    /// Test contract.
    Test,
    /// Mixed contract (H-HT-USDT in the real payloads).
    Mixed,
    /// A value this version of the spec does not list, kept as sent.
    Other(::std::string::String),
}
impl ContractType {
    /// The value as sent on the wire.
    pub fn as_str(&self) -> &str {
        match self {
            Self::Perpetual => "E",
            Self::Test => "S",
            Self::Mixed => "H",
            Self::Other(s) => s.as_str(),
        }
    }
    /// Reads a wire value; unknown values land in `Other`.
    pub fn from_wire_str(s: &str) -> Self {
        match s {
            "E" => Self::Perpetual,
            "S" => Self::Test,
            "H" => Self::Mixed,
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
        ::contango::__private::de::enum_text(d, Self::from_wire_str)
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
impl ::contango::__private::drift::CatchAll for ContractType {
    fn is_other(&self) -> bool {
        ::std::matches!(self, Self::Other(_))
    }
}
impl ::contango::__private::drift::Schema for ContractType {
    fn ty() -> ::contango::__private::drift::Ty {
        ::contango::__private::drift::Ty::Enum {
            name: "ContractType",
            known: ::contango::__private::drift::enum_known::<Self>,
        }
    }
}
impl ::contango::__private::direct::Direct for ContractType {
    fn direct(
        r: &mut ::contango::__private::direct::Reader<'_>,
    ) -> ::std::option::Option<Self> {
        r.scalar_text(|s| ::std::option::Option::Some(Self::from_wire_str(s)))
            .map(::contango::__private::drift::noticing)
    }
}
/// Direction of a transfer between the wallet and the contract account. The samples use lower case; matched in any case, sent upper case (docs/design.md, Decisions).
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
        ::contango::__private::de::enum_text(d, Self::from_wire_str)
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
impl ::contango::__private::drift::CatchAll for TransferType {
    fn is_other(&self) -> bool {
        ::std::matches!(self, Self::Other(_))
    }
}
impl ::contango::__private::drift::Schema for TransferType {
    fn ty() -> ::contango::__private::drift::Ty {
        ::contango::__private::drift::Ty::Enum {
            name: "TransferType",
            known: ::contango::__private::drift::enum_known::<Self>,
        }
    }
}
impl ::contango::__private::direct::Direct for TransferType {
    fn direct(
        r: &mut ::contango::__private::direct::Reader<'_>,
    ) -> ::std::option::Option<Self> {
        r.scalar_text(|s| ::std::option::Option::Some(Self::from_wire_str(s)))
            .map(::contango::__private::drift::noticing)
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
        ::contango::__private::de::enum_int(d).map(Self::from_i64)
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
impl ::contango::__private::drift::CatchAll for TransferStatus {
    fn is_other(&self) -> bool {
        ::std::matches!(self, Self::Other(_))
    }
}
impl ::contango::__private::drift::Schema for TransferStatus {
    fn ty() -> ::contango::__private::drift::Ty {
        ::contango::__private::drift::Ty::Enum {
            name: "TransferStatus",
            known: ::contango::__private::drift::enum_known::<Self>,
        }
    }
}
impl ::contango::__private::direct::Direct for TransferStatus {
    fn direct(
        r: &mut ::contango::__private::direct::Reader<'_>,
    ) -> ::std::option::Option<Self> {
        r.scalar_text(|s| s.trim().parse::<i64>().ok().map(Self::from_i64))
            .map(::contango::__private::drift::noticing)
    }
}
/// Candlestick interval of the REST klines: the exchange's current list, plus the 1h of the 2023 interface document (the current page lists 60min instead and does not say whether 1h is still taken).
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
    /// Sixty minutes (the current page's hour).
    SixtyMinutes,
    /// One hour, as the 2023 interface document names it; the current page lists 60min instead.
    OneHour,
    /// Two hours.
    TwoHours,
    /// Four hours.
    FourHours,
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
            Self::SixtyMinutes => "60min",
            Self::OneHour => "1h",
            Self::TwoHours => "2h",
            Self::FourHours => "4h",
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
            "60min" => Self::SixtyMinutes,
            "1h" => Self::OneHour,
            "2h" => Self::TwoHours,
            "4h" => Self::FourHours,
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
        ::contango::__private::de::enum_text(d, Self::from_wire_str)
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
impl ::contango::__private::drift::CatchAll for KlineInterval {
    fn is_other(&self) -> bool {
        ::std::matches!(self, Self::Other(_))
    }
}
impl ::contango::__private::drift::Schema for KlineInterval {
    fn ty() -> ::contango::__private::drift::Ty {
        ::contango::__private::drift::Ty::Enum {
            name: "KlineInterval",
            known: ::contango::__private::drift::enum_known::<Self>,
        }
    }
}
/// Candle interval of the market stream's kline channel and its history: the REST list without 1month (the exchange's page lists no month candles on the stream).
#[derive(Debug, Clone, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum StreamKlineInterval {
    /// One minute.
    OneMinute,
    /// Five minutes.
    FiveMinutes,
    /// Fifteen minutes.
    FifteenMinutes,
    /// Thirty minutes.
    ThirtyMinutes,
    /// Sixty minutes.
    SixtyMinutes,
    /// Two hours.
    TwoHours,
    /// Four hours.
    FourHours,
    /// One day.
    OneDay,
    /// One week.
    OneWeek,
    /// A value this version of the spec does not list, kept as sent.
    Other(::std::string::String),
}
impl StreamKlineInterval {
    /// The value as sent on the wire.
    pub fn as_str(&self) -> &str {
        match self {
            Self::OneMinute => "1min",
            Self::FiveMinutes => "5min",
            Self::FifteenMinutes => "15min",
            Self::ThirtyMinutes => "30min",
            Self::SixtyMinutes => "60min",
            Self::TwoHours => "2h",
            Self::FourHours => "4h",
            Self::OneDay => "1day",
            Self::OneWeek => "1week",
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
            "60min" => Self::SixtyMinutes,
            "2h" => Self::TwoHours,
            "4h" => Self::FourHours,
            "1day" => Self::OneDay,
            "1week" => Self::OneWeek,
            other => Self::Other(other.to_owned()),
        }
    }
}
impl ::std::fmt::Display for StreamKlineInterval {
    fn fmt(&self, f: &mut ::std::fmt::Formatter<'_>) -> ::std::fmt::Result {
        f.write_str(self.as_str())
    }
}
impl ::std::str::FromStr for StreamKlineInterval {
    type Err = ::std::convert::Infallible;
    fn from_str(s: &str) -> ::std::result::Result<Self, Self::Err> {
        ::std::result::Result::Ok(Self::from_wire_str(s))
    }
}
impl ::contango::__private::serde::Serialize for StreamKlineInterval {
    fn serialize<S: ::contango::__private::serde::Serializer>(
        &self,
        s: S,
    ) -> ::std::result::Result<S::Ok, S::Error> {
        s.serialize_str(self.as_str())
    }
}
impl<'de> ::contango::__private::serde::Deserialize<'de> for StreamKlineInterval {
    fn deserialize<D: ::contango::__private::serde::Deserializer<'de>>(
        d: D,
    ) -> ::std::result::Result<Self, D::Error> {
        ::contango::__private::de::enum_text(d, Self::from_wire_str)
    }
}
impl ::contango::__private::de::Wire for StreamKlineInterval {
    fn from_wire<'de, D: ::contango::__private::serde::Deserializer<'de>>(
        d: D,
    ) -> ::std::result::Result<Self, D::Error> {
        <Self as ::contango::__private::serde::Deserialize>::deserialize(d)
    }
}
impl ::contango::__private::encode::QueryValue for StreamKlineInterval {
    fn write_value(&self, out: &mut ::std::string::String) {
        out.push_str(self.as_str());
    }
}
impl ::contango::__private::drift::CatchAll for StreamKlineInterval {
    fn is_other(&self) -> bool {
        ::std::matches!(self, Self::Other(_))
    }
}
impl ::contango::__private::drift::Schema for StreamKlineInterval {
    fn ty() -> ::contango::__private::drift::Ty {
        ::contango::__private::drift::Ty::Enum {
            name: "StreamKlineInterval",
            known: ::contango::__private::drift::enum_known::<Self>,
        }
    }
}
/// What a conditional order protects against, which also sets the direction it fires in (docs/design.md, Conditional orders): a stop loss fires a BUY when the watched price rises to or above the trigger and a SELL when it falls to or below it; a take profit the reverse.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum TriggerType {
    /// Stop loss.
    StopLoss,
    /// Take profit.
    TakeProfit,
    /// A value this version of the spec does not list, kept as sent.
    Other(i64),
}
impl TriggerType {
    /// The value as sent on the wire.
    pub const fn as_i64(self) -> i64 {
        match self {
            Self::StopLoss => 1i64,
            Self::TakeProfit => 2i64,
            Self::Other(n) => n,
        }
    }
    /// Reads a wire value; unknown values land in `Other`.
    pub const fn from_i64(n: i64) -> Self {
        match n {
            1i64 => Self::StopLoss,
            2i64 => Self::TakeProfit,
            other => Self::Other(other),
        }
    }
}
impl ::std::fmt::Display for TriggerType {
    fn fmt(&self, f: &mut ::std::fmt::Formatter<'_>) -> ::std::fmt::Result {
        ::std::fmt::Display::fmt(&self.as_i64(), f)
    }
}
impl ::contango::__private::serde::Serialize for TriggerType {
    fn serialize<S: ::contango::__private::serde::Serializer>(
        &self,
        s: S,
    ) -> ::std::result::Result<S::Ok, S::Error> {
        s.serialize_i64(self.as_i64())
    }
}
impl<'de> ::contango::__private::serde::Deserialize<'de> for TriggerType {
    fn deserialize<D: ::contango::__private::serde::Deserializer<'de>>(
        d: D,
    ) -> ::std::result::Result<Self, D::Error> {
        ::contango::__private::de::enum_int(d).map(Self::from_i64)
    }
}
impl ::contango::__private::de::Wire for TriggerType {
    fn from_wire<'de, D: ::contango::__private::serde::Deserializer<'de>>(
        d: D,
    ) -> ::std::result::Result<Self, D::Error> {
        <Self as ::contango::__private::serde::Deserialize>::deserialize(d)
    }
}
impl ::contango::__private::encode::QueryValue for TriggerType {
    fn write_value(&self, out: &mut ::std::string::String) {
        ::contango::__private::encode::QueryValue::write_value(&self.as_i64(), out);
    }
}
impl ::contango::__private::drift::CatchAll for TriggerType {
    fn is_other(&self) -> bool {
        ::std::matches!(self, Self::Other(_))
    }
}
impl ::contango::__private::drift::Schema for TriggerType {
    fn ty() -> ::contango::__private::drift::Ty {
        ::contango::__private::drift::Ty::Enum {
            name: "TriggerType",
            known: ::contango::__private::drift::enum_known::<Self>,
        }
    }
}
impl ::contango::__private::direct::Direct for TriggerType {
    fn direct(
        r: &mut ::contango::__private::direct::Reader<'_>,
    ) -> ::std::option::Option<Self> {
        r.scalar_text(|s| s.trim().parse::<i64>().ok().map(Self::from_i64))
            .map(::contango::__private::drift::noticing)
    }
}
/// The price a conditional order watches.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum TriggerPriceType {
    /// The contract's latest trade price (the default when absent).
    LastPrice,
    /// The contract's mark price.
    MarkPrice,
    /// A value this version of the spec does not list, kept as sent.
    Other(i64),
}
impl TriggerPriceType {
    /// The value as sent on the wire.
    pub const fn as_i64(self) -> i64 {
        match self {
            Self::LastPrice => 1i64,
            Self::MarkPrice => 2i64,
            Self::Other(n) => n,
        }
    }
    /// Reads a wire value; unknown values land in `Other`.
    pub const fn from_i64(n: i64) -> Self {
        match n {
            1i64 => Self::LastPrice,
            2i64 => Self::MarkPrice,
            other => Self::Other(other),
        }
    }
}
impl ::std::fmt::Display for TriggerPriceType {
    fn fmt(&self, f: &mut ::std::fmt::Formatter<'_>) -> ::std::fmt::Result {
        ::std::fmt::Display::fmt(&self.as_i64(), f)
    }
}
impl ::contango::__private::serde::Serialize for TriggerPriceType {
    fn serialize<S: ::contango::__private::serde::Serializer>(
        &self,
        s: S,
    ) -> ::std::result::Result<S::Ok, S::Error> {
        s.serialize_i64(self.as_i64())
    }
}
impl<'de> ::contango::__private::serde::Deserialize<'de> for TriggerPriceType {
    fn deserialize<D: ::contango::__private::serde::Deserializer<'de>>(
        d: D,
    ) -> ::std::result::Result<Self, D::Error> {
        ::contango::__private::de::enum_int(d).map(Self::from_i64)
    }
}
impl ::contango::__private::de::Wire for TriggerPriceType {
    fn from_wire<'de, D: ::contango::__private::serde::Deserializer<'de>>(
        d: D,
    ) -> ::std::result::Result<Self, D::Error> {
        <Self as ::contango::__private::serde::Deserialize>::deserialize(d)
    }
}
impl ::contango::__private::encode::QueryValue for TriggerPriceType {
    fn write_value(&self, out: &mut ::std::string::String) {
        ::contango::__private::encode::QueryValue::write_value(&self.as_i64(), out);
    }
}
impl ::contango::__private::drift::CatchAll for TriggerPriceType {
    fn is_other(&self) -> bool {
        ::std::matches!(self, Self::Other(_))
    }
}
impl ::contango::__private::drift::Schema for TriggerPriceType {
    fn ty() -> ::contango::__private::drift::Ty {
        ::contango::__private::drift::Ty::Enum {
            name: "TriggerPriceType",
            known: ::contango::__private::drift::enum_known::<Self>,
        }
    }
}
impl ::contango::__private::direct::Direct for TriggerPriceType {
    fn direct(
        r: &mut ::contango::__private::direct::Reader<'_>,
    ) -> ::std::option::Option<Self> {
        r.scalar_text(|s| s.trim().parse::<i64>().ok().map(Self::from_i64))
            .map(::contango::__private::drift::noticing)
    }
}
/// What a conditional order places when it fires.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum TriggerOrderType {
    /// Not set: the order's own type (LIMIT or MARKET) says what is placed.
    Normal,
    /// A limit order at the order's price.
    Limit,
    /// A market order.
    Market,
    /// Closes the whole position at market, whatever its volume then.
    Position,
    /// A value this version of the spec does not list, kept as sent.
    Other(i64),
}
impl TriggerOrderType {
    /// The value as sent on the wire.
    pub const fn as_i64(self) -> i64 {
        match self {
            Self::Normal => 0i64,
            Self::Limit => 1i64,
            Self::Market => 2i64,
            Self::Position => 3i64,
            Self::Other(n) => n,
        }
    }
    /// Reads a wire value; unknown values land in `Other`.
    pub const fn from_i64(n: i64) -> Self {
        match n {
            0i64 => Self::Normal,
            1i64 => Self::Limit,
            2i64 => Self::Market,
            3i64 => Self::Position,
            other => Self::Other(other),
        }
    }
}
impl ::std::fmt::Display for TriggerOrderType {
    fn fmt(&self, f: &mut ::std::fmt::Formatter<'_>) -> ::std::fmt::Result {
        ::std::fmt::Display::fmt(&self.as_i64(), f)
    }
}
impl ::contango::__private::serde::Serialize for TriggerOrderType {
    fn serialize<S: ::contango::__private::serde::Serializer>(
        &self,
        s: S,
    ) -> ::std::result::Result<S::Ok, S::Error> {
        s.serialize_i64(self.as_i64())
    }
}
impl<'de> ::contango::__private::serde::Deserialize<'de> for TriggerOrderType {
    fn deserialize<D: ::contango::__private::serde::Deserializer<'de>>(
        d: D,
    ) -> ::std::result::Result<Self, D::Error> {
        ::contango::__private::de::enum_int(d).map(Self::from_i64)
    }
}
impl ::contango::__private::de::Wire for TriggerOrderType {
    fn from_wire<'de, D: ::contango::__private::serde::Deserializer<'de>>(
        d: D,
    ) -> ::std::result::Result<Self, D::Error> {
        <Self as ::contango::__private::serde::Deserialize>::deserialize(d)
    }
}
impl ::contango::__private::encode::QueryValue for TriggerOrderType {
    fn write_value(&self, out: &mut ::std::string::String) {
        ::contango::__private::encode::QueryValue::write_value(&self.as_i64(), out);
    }
}
impl ::contango::__private::drift::CatchAll for TriggerOrderType {
    fn is_other(&self) -> bool {
        ::std::matches!(self, Self::Other(_))
    }
}
impl ::contango::__private::drift::Schema for TriggerOrderType {
    fn ty() -> ::contango::__private::drift::Ty {
        ::contango::__private::drift::Ty::Enum {
            name: "TriggerOrderType",
            known: ::contango::__private::drift::enum_known::<Self>,
        }
    }
}
impl ::contango::__private::direct::Direct for TriggerOrderType {
    fn direct(
        r: &mut ::contango::__private::direct::Reader<'_>,
    ) -> ::std::option::Option<Self> {
        r.scalar_text(|s| s.trim().parse::<i64>().ok().map(Self::from_i64))
            .map(::contango::__private::drift::noticing)
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
        ::contango::__private::de::enum_int(d).map(Self::from_i64)
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
impl ::contango::__private::drift::CatchAll for FreezeLock {
    fn is_other(&self) -> bool {
        ::std::matches!(self, Self::Other(_))
    }
}
impl ::contango::__private::drift::Schema for FreezeLock {
    fn ty() -> ::contango::__private::drift::Ty {
        ::contango::__private::drift::Ty::Enum {
            name: "FreezeLock",
            known: ::contango::__private::drift::enum_known::<Self>,
        }
    }
}
impl ::contango::__private::direct::Direct for FreezeLock {
    fn direct(
        r: &mut ::contango::__private::direct::Reader<'_>,
    ) -> ::std::option::Option<Self> {
        r.scalar_text(|s| s.trim().parse::<i64>().ok().map(Self::from_i64))
            .map(::contango::__private::drift::noticing)
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
        ::contango::__private::de::enum_int(d).map(Self::from_i64)
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
impl ::contango::__private::drift::CatchAll for PositionStatus {
    fn is_other(&self) -> bool {
        ::std::matches!(self, Self::Other(_))
    }
}
impl ::contango::__private::drift::Schema for PositionStatus {
    fn ty() -> ::contango::__private::drift::Ty {
        ::contango::__private::drift::Ty::Enum {
            name: "PositionStatus",
            known: ::contango::__private::drift::enum_known::<Self>,
        }
    }
}
impl ::contango::__private::direct::Direct for PositionStatus {
    fn direct(
        r: &mut ::contango::__private::direct::Reader<'_>,
    ) -> ::std::option::Option<Self> {
        r.scalar_text(|s| s.trim().parse::<i64>().ok().map(Self::from_i64))
            .map(::contango::__private::drift::noticing)
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
        ::contango::__private::de::enum_text(d, Self::from_wire_str)
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
impl ::contango::__private::drift::CatchAll for AutoCloseType {
    fn is_other(&self) -> bool {
        ::std::matches!(self, Self::Other(_))
    }
}
impl ::contango::__private::drift::Schema for AutoCloseType {
    fn ty() -> ::contango::__private::drift::Ty {
        ::contango::__private::drift::Ty::Enum {
            name: "AutoCloseType",
            known: ::contango::__private::drift::enum_known::<Self>,
        }
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
        ::contango::__private::de::enum_int(d).map(Self::from_i64)
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
impl ::contango::__private::drift::CatchAll for UsingAccountType {
    fn is_other(&self) -> bool {
        ::std::matches!(self, Self::Other(_))
    }
}
impl ::contango::__private::drift::Schema for UsingAccountType {
    fn ty() -> ::contango::__private::drift::Ty {
        ::contango::__private::drift::Ty::Enum {
            name: "UsingAccountType",
            known: ::contango::__private::drift::enum_known::<Self>,
        }
    }
}
impl ::contango::__private::direct::Direct for UsingAccountType {
    fn direct(
        r: &mut ::contango::__private::direct::Reader<'_>,
    ) -> ::std::option::Option<Self> {
        r.scalar_text(|s| s.trim().parse::<i64>().ok().map(Self::from_i64))
            .map(::contango::__private::drift::noticing)
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
        ::contango::__private::de::enum_int(d).map(Self::from_i64)
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
impl ::contango::__private::drift::CatchAll for CopyStatus {
    fn is_other(&self) -> bool {
        ::std::matches!(self, Self::Other(_))
    }
}
impl ::contango::__private::drift::Schema for CopyStatus {
    fn ty() -> ::contango::__private::drift::Ty {
        ::contango::__private::drift::Ty::Enum {
            name: "CopyStatus",
            known: ::contango::__private::drift::enum_known::<Self>,
        }
    }
}
impl ::contango::__private::direct::Direct for CopyStatus {
    fn direct(
        r: &mut ::contango::__private::direct::Reader<'_>,
    ) -> ::std::option::Option<Self> {
        r.scalar_text(|s| s.trim().parse::<i64>().ok().map(Self::from_i64))
            .map(::contango::__private::drift::noticing)
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
        ::contango::__private::de::enum_int(d).map(Self::from_i64)
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
impl ::contango::__private::drift::CatchAll for ShareRoyaltyStatus {
    fn is_other(&self) -> bool {
        ::std::matches!(self, Self::Other(_))
    }
}
impl ::contango::__private::drift::Schema for ShareRoyaltyStatus {
    fn ty() -> ::contango::__private::drift::Ty {
        ::contango::__private::drift::Ty::Enum {
            name: "ShareRoyaltyStatus",
            known: ::contango::__private::drift::enum_known::<Self>,
        }
    }
}
impl ::contango::__private::direct::Direct for ShareRoyaltyStatus {
    fn direct(
        r: &mut ::contango::__private::direct::Reader<'_>,
    ) -> ::std::option::Option<Self> {
        r.scalar_text(|s| s.trim().parse::<i64>().ok().map(Self::from_i64))
            .map(::contango::__private::drift::noticing)
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
        ::contango::__private::de::enum_int(d).map(Self::from_i64)
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
impl ::contango::__private::drift::CatchAll for ClosePositionType {
    fn is_other(&self) -> bool {
        ::std::matches!(self, Self::Other(_))
    }
}
impl ::contango::__private::drift::Schema for ClosePositionType {
    fn ty() -> ::contango::__private::drift::Ty {
        ::contango::__private::drift::Ty::Enum {
            name: "ClosePositionType",
            known: ::contango::__private::drift::enum_known::<Self>,
        }
    }
}
impl ::contango::__private::direct::Direct for ClosePositionType {
    fn direct(
        r: &mut ::contango::__private::direct::Reader<'_>,
    ) -> ::std::option::Option<Self> {
        r.scalar_text(|s| s.trim().parse::<i64>().ok().map(Self::from_i64))
            .map(::contango::__private::drift::noticing)
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
        ::contango::__private::de::enum_text(d, Self::from_wire_str)
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
impl ::contango::__private::drift::CatchAll for ExecutionType {
    fn is_other(&self) -> bool {
        ::std::matches!(self, Self::Other(_))
    }
}
impl ::contango::__private::drift::Schema for ExecutionType {
    fn ty() -> ::contango::__private::drift::Ty {
        ::contango::__private::drift::Ty::Enum {
            name: "ExecutionType",
            known: ::contango::__private::drift::enum_known::<Self>,
        }
    }
}
impl ::contango::__private::direct::Direct for ExecutionType {
    fn direct(
        r: &mut ::contango::__private::direct::Reader<'_>,
    ) -> ::std::option::Option<Self> {
        r.scalar_text(|s| ::std::option::Option::Some(Self::from_wire_str(s)))
            .map(::contango::__private::drift::noticing)
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
        ::contango::__private::de::enum_text(d, Self::from_wire_str)
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
impl ::contango::__private::drift::CatchAll for PositionSide {
    fn is_other(&self) -> bool {
        ::std::matches!(self, Self::Other(_))
    }
}
impl ::contango::__private::drift::Schema for PositionSide {
    fn ty() -> ::contango::__private::drift::Ty {
        ::contango::__private::drift::Ty::Enum {
            name: "PositionSide",
            known: ::contango::__private::drift::enum_known::<Self>,
        }
    }
}
impl ::contango::__private::direct::Direct for PositionSide {
    fn direct(
        r: &mut ::contango::__private::direct::Reader<'_>,
    ) -> ::std::option::Option<Self> {
        r.scalar_text(|s| ::std::option::Option::Some(Self::from_wire_str(s)))
            .map(::contango::__private::drift::noticing)
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
        ::contango::__private::de::enum_text(d, Self::from_wire_str)
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
impl ::contango::__private::drift::CatchAll for AccountUpdateReason {
    fn is_other(&self) -> bool {
        ::std::matches!(self, Self::Other(_))
    }
}
impl ::contango::__private::drift::Schema for AccountUpdateReason {
    fn ty() -> ::contango::__private::drift::Ty {
        ::contango::__private::drift::Ty::Enum {
            name: "AccountUpdateReason",
            known: ::contango::__private::drift::enum_known::<Self>,
        }
    }
}
impl ::contango::__private::direct::Direct for AccountUpdateReason {
    fn direct(
        r: &mut ::contango::__private::direct::Reader<'_>,
    ) -> ::std::option::Option<Self> {
        r.scalar_text(|s| ::std::option::Option::Some(Self::from_wire_str(s)))
            .map(::contango::__private::drift::noticing)
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
    fn is_known(self) -> bool {
        !::std::matches!(self, Self::Unknown(_))
    }
}
/// The one error type of every call: refused locally, refused by the server, or no answer.
pub type Error = ::contango::__private::Error<ErrorCode>;
::contango::__private::endpoint! {
    #[doc = " Request of [`Client::ping`]: Connectivity check. Answers an empty JSON object."]
    #[doc = " "]
    #[doc = " `GET /v1/ping`"]
    request PingRequest {}
    new[] setters {}
    meta {
        response: (),
        rate_group: "default",
        name: "ping",
        method: Get,
        path: "/v1/ping",
        base: Product,
        security: None,
        signed: false,
        envelope: Bare,
        errors: "futures",
        idempotent: true,
        has_body: false,
        decode: none,
    }
    impl (self, out) {
        validate {}
        path {
            out.literal("/v1/ping");
        }
        query {}
        body {}
    }
    #[doc = " Builder of [`Client::ping`]: set optional parameters, then `send()`."]
    builder PingBuilder;
    #[doc = " Sends the request and decodes the answer."]
    send plain[] [];
    #[doc = " Connectivity check. Answers an empty JSON object."]
    #[doc = " "]
    #[doc = " `GET /v1/ping` (public)."]
    method ping;
}
::contango::__private::endpoint! {
    #[doc = " Request of [`Client::server_time`]: Server time; the client uses it to keep its timestamp offset."]
    #[doc = " "]
    #[doc = " `GET /v1/time`"]
    request ServerTimeRequest {}
    new[] setters {}
    meta {
        response: ServerTime,
        rate_group: "default",
        name: "server_time",
        method: Get,
        path: "/v1/time",
        base: Product,
        security: None,
        signed: false,
        envelope: Bare,
        errors: "futures",
        idempotent: true,
        has_body: false,
        decode: wire,
    }
    impl (self, out) {
        validate {}
        path {
            out.literal("/v1/time");
        }
        query {}
        body {}
    }
    #[doc = " Builder of [`Client::server_time`]: set optional parameters, then `send()`."]
    builder ServerTimeBuilder;
    #[doc = " Sends the request and decodes the answer."]
    send plain[] [];
    #[doc = " Server time; the client uses it to keep its timestamp offset."]
    #[doc = " "]
    #[doc = " `GET /v1/time` (public)."]
    method server_time;
}
::contango::__private::endpoint! {
    #[doc = " Request of [`Client::contracts`]: Contracts and their order limits: every contract of the product, or the one named. The exchange's current page lists no parameter and answers every contract; the 2023 document lists contractName as required. Both readings work: the prechecks and watchers ask for the whole list and, on a refusal, by name (docs/design.md, The exchange today)."]
    #[doc = " "]
    #[doc = " `GET /v1/contracts`"]
    request ContractsRequest {
        #[doc = " Contract name, e.g. E-BTC-USDT: only that contract (required by the 2023 document). Without it, every contract."]
        contract_name: ::std::string::String {
            wire: "contractName",
            presence: opt,
            serde: [skip_serializing_if = "::std::option::Option::is_none",],
        },
    }
    new[] setters {
        #[doc = " Contract name, e.g. E-BTC-USDT: only that contract (required by the 2023 document). Without it, every contract."]
        contract_name: into ::std::string::String,
    }
    meta {
        response: ::std::vec::Vec<Contract>,
        rate_group: "default",
        name: "contracts",
        method: Get,
        path: "/v1/contracts",
        base: Product,
        security: None,
        signed: false,
        envelope: Bare,
        errors: "futures",
        idempotent: true,
        has_body: false,
        decode: wire,
    }
    impl (self, out) {
        validate {}
        path {
            out.literal("/v1/contracts");
        }
        query {
            out.opt("contractName", &self.contract_name);
        }
        body {}
    }
    #[doc = " Builder of [`Client::contracts`]: set optional parameters, then `send()`."]
    builder ContractsBuilder;
    #[doc = " Sends the request and decodes the answer."]
    send plain[] [];
    #[doc = " Contracts and their order limits: every contract of the product, or the one named. The exchange's current page lists no parameter and answers every contract; the 2023 document lists contractName as required. Both readings work: the prechecks and watchers ask for the whole list and, on a refusal, by name (docs/design.md, The exchange today)."]
    #[doc = " "]
    #[doc = " `GET /v1/contracts` (public)."]
    method contracts;
}
::contango::__private::endpoint! {
    #[doc = " Request of [`Client::depth`]: Order book depth of a contract."]
    #[doc = " "]
    #[doc = " `GET /v1/depth`"]
    request DepthRequest {
        #[doc = " Contract name, e.g. E-BTC-USDT."]
        contract_name: ::std::string::String {
            wire: "contractName",
            presence: req,
            serde: [],
        },
        #[doc = " Number of price levels per side (server default 100; 1 to 100)."]
        limit: i32 {
            wire: "limit",
            presence: opt,
            serde: [skip_serializing_if = "::std::option::Option::is_none",],
        },
    }
    new[contract_name: into ::std::string::String] setters {
        #[doc = " Number of price levels per side (server default 100; 1 to 100)."]
        limit: same i32,
    }
    meta {
        response: OrderBook,
        rate_group: "default",
        name: "depth",
        method: Get,
        path: "/v1/depth",
        base: Product,
        security: None,
        signed: false,
        envelope: Bare,
        errors: "futures",
        idempotent: true,
        has_body: false,
        decode: wire,
    }
    impl (self, out) {
        validate {
            ::contango::__private::validate::check_not_empty("contractName", &self.contract_name)?;
            if let::std::option::Option::Some(v) = self.limit.as_ref() {
                ::contango::__private::validate::check_range("limit", v, ::std::option::Option::Some(1), ::std::option::Option::Some(100))?;
            }
        }
        path {
            out.literal("/v1/depth");
        }
        query {
            out.pair("contractName", &self.contract_name);
            out.opt("limit", &self.limit);
        }
        body {}
    }
    #[doc = " Builder of [`Client::depth`]: set optional parameters, then `send()`."]
    builder DepthBuilder;
    #[doc = " Sends the request and decodes the answer."]
    send plain[] [];
    #[doc = " Order book depth of a contract."]
    #[doc = " "]
    #[doc = " `GET /v1/depth` (public)."]
    method depth;
}
::contango::__private::endpoint! {
    #[doc = " Request of [`Client::ticker`]: 24 hour ticker of a contract."]
    #[doc = " "]
    #[doc = " `GET /v1/ticker`"]
    request TickerRequest {
        #[doc = " Contract name, e.g. E-BTC-USDT."]
        contract_name: ::std::string::String {
            wire: "contractName",
            presence: req,
            serde: [],
        },
    }
    new[contract_name: into ::std::string::String] setters {}
    meta {
        response: Ticker,
        rate_group: "default",
        name: "ticker",
        method: Get,
        path: "/v1/ticker",
        base: Product,
        security: None,
        signed: false,
        envelope: Bare,
        errors: "futures",
        idempotent: true,
        has_body: false,
        decode: wire,
    }
    impl (self, out) {
        validate {
            ::contango::__private::validate::check_not_empty("contractName", &self.contract_name)?;
        }
        path {
            out.literal("/v1/ticker");
        }
        query {
            out.pair("contractName", &self.contract_name);
        }
        body {}
    }
    #[doc = " Builder of [`Client::ticker`]: set optional parameters, then `send()`."]
    builder TickerBuilder;
    #[doc = " Sends the request and decodes the answer."]
    send plain[] [];
    #[doc = " 24 hour ticker of a contract."]
    #[doc = " "]
    #[doc = " `GET /v1/ticker` (public)."]
    method ticker;
}
::contango::__private::endpoint! {
    #[doc = " Request of [`Client::index`]: The mark price, the index price, the current and next funding rates and the time to the next funding of a contract. Not in the 2023 interface document: published with the exchange's v1 documentation and called by third-party clients today (docs/design.md, The exchange today)."]
    #[doc = " "]
    #[doc = " `GET /v1/index`"]
    request IndexRequest {
        #[doc = " Contract name, e.g. E-BTC-USDT."]
        contract_name: ::std::string::String {
            wire: "contractName",
            presence: req,
            serde: [],
        },
    }
    new[contract_name: into ::std::string::String] setters {}
    meta {
        response: MarkPrice,
        rate_group: "default",
        name: "index",
        method: Get,
        path: "/v1/index",
        base: Product,
        security: None,
        signed: false,
        envelope: Bare,
        errors: "futures",
        idempotent: true,
        has_body: false,
        decode: wire,
    }
    impl (self, out) {
        validate {
            ::contango::__private::validate::check_not_empty("contractName", &self.contract_name)?;
        }
        path {
            out.literal("/v1/index");
        }
        query {
            out.pair("contractName", &self.contract_name);
        }
        body {}
    }
    #[doc = " Builder of [`Client::index`]: set optional parameters, then `send()`."]
    builder IndexBuilder;
    #[doc = " Sends the request and decodes the answer."]
    send plain[] [];
    #[doc = " The mark price, the index price, the current and next funding rates and the time to the next funding of a contract. Not in the 2023 interface document: published with the exchange's v1 documentation and called by third-party clients today (docs/design.md, The exchange today)."]
    #[doc = " "]
    #[doc = " `GET /v1/index` (public)."]
    method index;
}
::contango::__private::endpoint! {
    #[doc = " Request of [`Client::klines`]: Candlesticks of a contract. The start time idx of each candle is in seconds."]
    #[doc = " "]
    #[doc = " `GET /v1/klines`"]
    request KlinesRequest {
        #[doc = " Contract name, e.g. E-BTC-USDT."]
        contract_name: ::std::string::String {
            wire: "contractName",
            presence: req,
            serde: [],
        },
        #[doc = " Candlestick interval."]
        interval: KlineInterval {
            wire: "interval",
            presence: req,
            serde: [],
        },
        #[doc = " Number of candlesticks (server default 100; 1 to 300)."]
        limit: i32 {
            wire: "limit",
            presence: opt,
            serde: [skip_serializing_if = "::std::option::Option::is_none",],
        },
    }
    new[contract_name: into ::std::string::String, interval: same KlineInterval] setters {
        #[doc = " Number of candlesticks (server default 100; 1 to 300)."]
        limit: same i32,
    }
    meta {
        response: ::std::vec::Vec<Kline>,
        rate_group: "default",
        name: "klines",
        method: Get,
        path: "/v1/klines",
        base: Product,
        security: None,
        signed: false,
        envelope: Bare,
        errors: "futures",
        idempotent: true,
        has_body: false,
        decode: wire,
    }
    impl (self, out) {
        validate {
            ::contango::__private::validate::check_not_empty("contractName", &self.contract_name)?;
            if let::std::option::Option::Some(v) = self.limit.as_ref() {
                ::contango::__private::validate::check_range("limit", v, ::std::option::Option::Some(1), ::std::option::Option::Some(300))?;
            }
        }
        path {
            out.literal("/v1/klines");
        }
        query {
            out.pair("contractName", &self.contract_name);
            out.pair("interval", &self.interval);
            out.opt("limit", &self.limit);
        }
        body {}
    }
    #[doc = " Builder of [`Client::klines`]: set optional parameters, then `send()`."]
    builder KlinesBuilder;
    #[doc = " Sends the request and decodes the answer."]
    send plain[] [];
    #[doc = " Candlesticks of a contract. The start time idx of each candle is in seconds."]
    #[doc = " "]
    #[doc = " `GET /v1/klines` (public)."]
    method klines;
}
::contango::__private::endpoint! {
    #[doc = " Request of [`Client::my_trades`]: Trades of the account in a contract. An empty list may come as null."]
    #[doc = " "]
    #[doc = " `GET /v2/myTrades`"]
    request MyTradesRequest {
        #[doc = " Contract name."]
        contract_name: ::std::string::String {
            wire: "contractName",
            presence: req,
            serde: [],
        },
        #[doc = " Trade id to start from; by default the most recent trades."]
        from_id: i64 {
            wire: "fromId",
            presence: opt,
            serde: [skip_serializing_if = "::std::option::Option::is_none",],
        },
        #[doc = " Number of trades (server default 100; 1 to 1000)."]
        limit: i32 {
            wire: "limit",
            presence: opt,
            serde: [skip_serializing_if = "::std::option::Option::is_none",],
        },
        #[doc = " Start time in milliseconds."]
        start_time: ::contango::Millis {
            wire: "startTime",
            presence: opt,
            serde: [skip_serializing_if = "::std::option::Option::is_none",],
        },
        #[doc = " End time in milliseconds."]
        end_time: ::contango::Millis {
            wire: "endTime",
            presence: opt,
            serde: [skip_serializing_if = "::std::option::Option::is_none",],
        },
    }
    new[contract_name: into ::std::string::String] setters {
        #[doc = " Trade id to start from; by default the most recent trades."]
        from_id: same i64,
        #[doc = " Number of trades (server default 100; 1 to 1000)."]
        limit: same i32,
        #[doc = " Start time in milliseconds."]
        start_time: same ::contango::Millis,
        #[doc = " End time in milliseconds."]
        end_time: same ::contango::Millis,
    }
    meta {
        response: ::std::vec::Vec<Trade>,
        rate_group: "default",
        name: "my_trades",
        method: Get,
        path: "/v2/myTrades",
        base: Product,
        security: UserData,
        signed: true,
        envelope: Wrapped,
        errors: "futures",
        idempotent: true,
        has_body: false,
        decode: wire,
    }
    impl (self, out) {
        validate {
            ::contango::__private::validate::check_not_empty("contractName", &self.contract_name)?;
            if let::std::option::Option::Some(v) = self.limit.as_ref() {
                ::contango::__private::validate::check_range("limit", v, ::std::option::Option::Some(1), ::std::option::Option::Some(1000))?;
            }
        }
        path {
            out.literal("/v2/myTrades");
        }
        query {
            out.pair("contractName", &self.contract_name);
            out.opt("fromId", &self.from_id);
            out.opt("limit", &self.limit);
            out.opt("startTime", &self.start_time);
            out.opt("endTime", &self.end_time);
        }
        body {}
    }
    #[doc = " Builder of [`Client::my_trades`]: set optional parameters, then `send()`."]
    builder MyTradesBuilder;
    #[doc = " Sends the request and decodes the answer."]
    send plain[] [];
    #[doc = " Trades of the account in a contract. An empty list may come as null."]
    #[doc = " "]
    #[doc = " `GET /v2/myTrades` (USER_DATA, signed)."]
    method my_trades;
}
::contango::__private::endpoint! {
    #[doc = " Request of [`Client::position_margin`]: Changes the margin of an isolated position. The amount is sent as amount (the field table); the document's sample body names it positionMargin (docs/design.md, Decisions)."]
    #[doc = " "]
    #[doc = " `POST /v2/positionMargin`"]
    request PositionMarginRequest {
        #[doc = " Contract name."]
        contract_name: ::std::string::String {
            wire: "contractName",
            presence: req,
            serde: [],
        },
        #[doc = " Margin amount to add or remove."]
        amount: ::contango::__private::rust_decimal::Decimal {
            wire: "amount",
            presence: req,
            serde: [],
        },
    }
    new[contract_name: into ::std::string::String, amount: same ::contango::__private::rust_decimal::Decimal] setters {}
    meta {
        response: (),
        rate_group: "default",
        name: "position_margin",
        method: Post,
        path: "/v2/positionMargin",
        base: Product,
        security: Trade,
        signed: true,
        envelope: Wrapped,
        errors: "futures",
        idempotent: false,
        has_body: true,
        decode: none,
    }
    impl (self, out) {
        validate {
            ::contango::__private::validate::check_not_empty("contractName", &self.contract_name)?;
        }
        path {
            out.literal("/v2/positionMargin");
        }
        query {}
        body {
            out.field("contractName", &self.contract_name);
            out.field("amount", &self.amount);
        }
    }
    #[doc = " Builder of [`Client::position_margin`]: set optional parameters, then `send()`."]
    builder PositionMarginBuilder;
    #[doc = " Sends the request and decodes the answer."]
    send plain[] [];
    #[doc = " Changes the margin of an isolated position. The amount is sent as amount (the field table); the document's sample body names it positionMargin (docs/design.md, Decisions)."]
    #[doc = " "]
    #[doc = " `POST /v2/positionMargin` (TRADE, signed)."]
    method position_margin;
}
::contango::__private::endpoint! {
    #[doc = " Request of [`Client::level_edit`]: Changes the initial leverage of a contract."]
    #[doc = " "]
    #[doc = " `POST /v2/level_edit`"]
    request LevelEditRequest {
        #[doc = " Contract name."]
        contract_name: ::std::string::String {
            wire: "contractName",
            presence: req,
            serde: [],
        },
        #[doc = " New leverage, 1 to 125 (1 to 125)."]
        leverage: i32 {
            wire: "leverage",
            presence: req,
            serde: [],
        },
    }
    new[contract_name: into ::std::string::String, leverage: same i32] setters {}
    meta {
        response: (),
        rate_group: "default",
        name: "level_edit",
        method: Post,
        path: "/v2/level_edit",
        base: Product,
        security: Trade,
        signed: true,
        envelope: Wrapped,
        errors: "futures",
        idempotent: false,
        has_body: true,
        decode: none,
    }
    impl (self, out) {
        validate {
            ::contango::__private::validate::check_not_empty("contractName", &self.contract_name)?;
            if let::std::option::Option::Some(v) = ::std::option::Option::Some(&self.leverage) {
                ::contango::__private::validate::check_range("leverage", v, ::std::option::Option::Some(1), ::std::option::Option::Some(125))?;
            }
        }
        path {
            out.literal("/v2/level_edit");
        }
        query {}
        body {
            out.field("contractName", &self.contract_name);
            out.field("leverage", &self.leverage);
        }
    }
    #[doc = " Builder of [`Client::level_edit`]: set optional parameters, then `send()`."]
    builder LevelEditBuilder;
    #[doc = " Sends the request and decodes the answer."]
    send plain[] [];
    #[doc = " Changes the initial leverage of a contract."]
    #[doc = " "]
    #[doc = " `POST /v2/level_edit` (TRADE, signed)."]
    method level_edit;
}
::contango::__private::endpoint! {
    #[doc = " Request of [`Client::open_orders`]: Open orders of the account in a contract, and its conditional orders waiting for their trigger (conditionOrder true, status INIT). An empty list may come as null."]
    #[doc = " "]
    #[doc = " `GET /v2/openOrders`"]
    request OpenOrdersRequest {
        #[doc = " Contract name."]
        contract_name: ::std::string::String {
            wire: "contractName",
            presence: req,
            serde: [],
        },
    }
    new[contract_name: into ::std::string::String] setters {}
    meta {
        response: ::std::vec::Vec<Order>,
        rate_group: "default",
        name: "open_orders",
        method: Get,
        path: "/v2/openOrders",
        base: Product,
        security: UserData,
        signed: true,
        envelope: Wrapped,
        errors: "futures",
        idempotent: true,
        has_body: false,
        decode: wire,
    }
    impl (self, out) {
        validate {
            ::contango::__private::validate::check_not_empty("contractName", &self.contract_name)?;
        }
        path {
            out.literal("/v2/openOrders");
        }
        query {
            out.pair("contractName", &self.contract_name);
        }
        body {}
    }
    #[doc = " Builder of [`Client::open_orders`]: set optional parameters, then `send()`."]
    builder OpenOrdersBuilder;
    #[doc = " Sends the request and decodes the answer."]
    send plain[] [];
    #[doc = " Open orders of the account in a contract, and its conditional orders waiting for their trigger (conditionOrder true, status INIT). An empty list may come as null."]
    #[doc = " "]
    #[doc = " `GET /v2/openOrders` (USER_DATA, signed)."]
    method open_orders;
}
::contango::__private::endpoint! {
    #[doc = " Request of [`Client::cancel_order`]: Cancels an order, named by orderId or clientOrderId (at least one is required)."]
    #[doc = " "]
    #[doc = " `POST /v2/cancel`"]
    request CancelOrderRequest {
        #[doc = " Contract name."]
        contract_name: ::std::string::String {
            wire: "contractName",
            presence: req,
            serde: [],
        },
        #[doc = " Client order id of the order to cancel."]
        client_order_id: ::std::string::String {
            wire: "clientOrderId",
            presence: opt,
            serde: [skip_serializing_if = "::std::option::Option::is_none",],
        },
        #[doc = " Id of the order to cancel."]
        order_id: i64 {
            wire: "orderId",
            presence: opt,
            serde: [skip_serializing_if = "::std::option::Option::is_none",],
        },
        #[doc = " Whether the order named is a conditional one (a stop loss or take profit): needed to find one still waiting for its trigger."]
        condition_order: bool {
            wire: "conditionOrder",
            presence: opt,
            serde: [skip_serializing_if = "::std::option::Option::is_none",],
        },
    }
    new[contract_name: into ::std::string::String] setters {
        #[doc = " Client order id of the order to cancel."]
        client_order_id: into ::std::string::String,
        #[doc = " Id of the order to cancel."]
        order_id: same i64,
        #[doc = " Whether the order named is a conditional one (a stop loss or take profit): needed to find one still waiting for its trigger."]
        condition_order: same bool,
    }
    meta {
        response: OrderId,
        rate_group: "orders",
        name: "cancel_order",
        method: Post,
        path: "/v2/cancel",
        base: Product,
        security: Trade,
        signed: true,
        envelope: Wrapped,
        errors: "futures",
        idempotent: false,
        has_body: true,
        decode: wire,
    }
    impl (self, out) {
        validate {
            ::contango::__private::validate::check_not_empty("contractName", &self.contract_name)?;
            ::contango::__private::validate::at_least_one_of(&[("clientOrderId", self.client_order_id.is_some()), ("orderId", self.order_id.is_some())])?;
        }
        path {
            out.literal("/v2/cancel");
        }
        query {}
        body {
            out.field("contractName", &self.contract_name);
            out.opt("clientOrderId", &self.client_order_id);
            out.opt("orderId", &self.order_id);
            out.opt("conditionOrder", &self.condition_order);
        }
    }
    #[doc = " Builder of [`Client::cancel_order`]: set optional parameters, then `send()`."]
    builder CancelOrderBuilder;
    #[doc = " Sends the request and decodes the answer."]
    send plain[] [];
    #[doc = " Cancels an order, named by orderId or clientOrderId (at least one is required)."]
    #[doc = " "]
    #[doc = " `POST /v2/cancel` (TRADE, signed)."]
    method cancel_order;
}
::contango::__private::endpoint! {
    #[doc = " Request of [`Client::query_order`]: Looks up an order by orderId or clientOrderId (at least one is required). The field table says one object, the samples show a list (with empty objects); both are accepted and exposed as a list."]
    #[doc = " "]
    #[doc = " `GET /v2/order`"]
    request QueryOrderRequest {
        #[doc = " Contract name."]
        contract_name: ::std::string::String {
            wire: "contractName",
            presence: req,
            serde: [],
        },
        #[doc = " Client order id of the order."]
        client_order_id: ::std::string::String {
            wire: "clientOrderId",
            presence: opt,
            serde: [skip_serializing_if = "::std::option::Option::is_none",],
        },
        #[doc = " Id of the order."]
        order_id: i64 {
            wire: "orderId",
            presence: opt,
            serde: [skip_serializing_if = "::std::option::Option::is_none",],
        },
        #[doc = " Whether the order named is a conditional one (a stop loss or take profit, waiting or fired): needed to find one still waiting for its trigger."]
        condition_order: bool {
            wire: "conditionOrder",
            presence: opt,
            serde: [skip_serializing_if = "::std::option::Option::is_none",],
        },
    }
    new[contract_name: into ::std::string::String] setters {
        #[doc = " Client order id of the order."]
        client_order_id: into ::std::string::String,
        #[doc = " Id of the order."]
        order_id: same i64,
        #[doc = " Whether the order named is a conditional one (a stop loss or take profit, waiting or fired): needed to find one still waiting for its trigger."]
        condition_order: same bool,
    }
    meta {
        response: ::std::vec::Vec<Order>,
        rate_group: "default",
        name: "query_order",
        method: Get,
        path: "/v2/order",
        base: Product,
        security: UserData,
        signed: true,
        envelope: Wrapped,
        errors: "futures",
        idempotent: true,
        has_body: false,
        decode: one_or_many,
    }
    impl (self, out) {
        validate {
            ::contango::__private::validate::check_not_empty("contractName", &self.contract_name)?;
            ::contango::__private::validate::at_least_one_of(&[("clientOrderId", self.client_order_id.is_some()), ("orderId", self.order_id.is_some())])?;
        }
        path {
            out.literal("/v2/order");
        }
        query {
            out.pair("contractName", &self.contract_name);
            out.opt("clientOrderId", &self.client_order_id);
            out.opt("orderId", &self.order_id);
            out.opt("conditionOrder", &self.condition_order);
        }
        body {}
    }
    #[doc = " Builder of [`Client::query_order`]: set optional parameters, then `send()`."]
    builder QueryOrderBuilder;
    #[doc = " Sends the request and decodes the answer."]
    send plain[] [];
    #[doc = " Looks up an order by orderId or clientOrderId (at least one is required). The field table says one object, the samples show a list (with empty objects); both are accepted and exposed as a list."]
    #[doc = " "]
    #[doc = " `GET /v2/order` (USER_DATA, signed)."]
    method query_order;
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
::contango::__private::endpoint! {
    #[doc = " Request of [`Client::new_order`]: Places an order. A conditional one (a stop loss or take profit) sets conditionOrder, triggerType and triggerPrice; take-profit and stop-loss orders attach to a new OPEN order with triggerOrderCreateParams. Never resent blindly: after an ambiguous outcome look it up by its client order id."]
    #[doc = " "]
    #[doc = " `POST /v2/order`"]
    request NewOrderRequest {
        #[doc = " Contract name."]
        contract_name: ::std::string::String {
            wire: "contractName",
            presence: req,
            serde: [],
        },
        #[doc = " Client order id, fewer than 32 characters (at most 31 characters)."]
        client_order_id: ::std::string::String {
            wire: "clientOrderId",
            presence: opt,
            serde: [skip_serializing_if = "::std::option::Option::is_none",],
        },
        #[doc = " BUY or SELL."]
        side: Side {
            wire: "side",
            presence: req,
            serde: [],
        },
        #[doc = " Order type: LIMIT, MARKET, IOC, FOK or POST_ONLY."]
        order_type: OrderType {
            wire: "type",
            presence: req,
            serde: [],
        },
        #[doc = " Margin mode: 1 cross, 2 isolated."]
        position_type: PositionType {
            wire: "positionType",
            presence: req,
            serde: [],
        },
        #[doc = " OPEN or CLOSE a position."]
        open: Open {
            wire: "open",
            presence: req,
            serde: [],
        },
        #[doc = " Order quantity."]
        volume: ::contango::__private::rust_decimal::Decimal {
            wire: "volume",
            presence: req,
            serde: [],
        },
        #[doc = " Order amount."]
        amount: ::contango::__private::rust_decimal::Decimal {
            wire: "amount",
            presence: req,
            serde: [],
        },
        #[doc = " Order price."]
        price: ::contango::__private::rust_decimal::Decimal {
            wire: "price",
            presence: req,
            serde: [],
        },
        #[doc = " Leverage, 1 to 125. Optional: the 2023 interface document does not list it, its sample body sends it, and the exchange's current page marks it required; an order without it takes the contract's configured leverage, and one with it must match that configuration (docs/design.md, Decisions) (1 to 125)."]
        leverage: i32 {
            wire: "leverage",
            presence: opt,
            serde: [skip_serializing_if = "::std::option::Option::is_none",],
        },
        #[doc = " What a conditional order places when it fires: 1 limit at price, 2 market, 3 close the whole position at market."]
        trigger_order_type: TriggerOrderType {
            wire: "triggerOrderType",
            presence: opt,
            serde: [skip_serializing_if = "::std::option::Option::is_none",],
        },
        #[doc = " Makes the order conditional: 1 stop loss, 2 take profit (with conditionOrder and triggerPrice)."]
        trigger_type: TriggerType {
            wire: "triggerType",
            presence: opt,
            serde: [skip_serializing_if = "::std::option::Option::is_none",],
        },
        #[doc = " The price a conditional order watches: 1 last trade (the default), 2 mark."]
        trigger_price_type: TriggerPriceType {
            wire: "triggerPriceType",
            presence: opt,
            serde: [skip_serializing_if = "::std::option::Option::is_none",],
        },
        #[doc = " The price that fires a conditional order."]
        trigger_price: ::contango::__private::rust_decimal::Decimal {
            wire: "triggerPrice",
            presence: opt,
            serde: [skip_serializing_if = "::std::option::Option::is_none",],
        },
        #[doc = " Whether this order is a conditional one (a stop loss or take profit that waits for its trigger)."]
        condition_order: bool {
            wire: "conditionOrder",
            presence: opt,
            serde: [skip_serializing_if = "::std::option::Option::is_none",],
        },
        #[doc = " The position a conditional order closes: when it fires, the whole of that position is closed at market."]
        position_id: i64 {
            wire: "positionId",
            presence: opt,
            serde: [skip_serializing_if = "::std::option::Option::is_none",],
        },
        #[doc = " Take-profit and stop-loss orders attached to this OPEN order: they wait for its fills and cover the filled quantity."]
        trigger_order_create_params: ::std::vec::Vec<TriggerOrderCreateParam> {
            wire: "triggerOrderCreateParams",
            presence: opt,
            serde: [skip_serializing_if = "::std::option::Option::is_none",],
        },
    }
    new[required: same NewOrder] from required[contract_name side order_type position_type open volume amount price] setters {
        #[doc = " Client order id, fewer than 32 characters (at most 31 characters)."]
        client_order_id: into ::std::string::String,
        #[doc = " Leverage, 1 to 125. Optional: the 2023 interface document does not list it, its sample body sends it, and the exchange's current page marks it required; an order without it takes the contract's configured leverage, and one with it must match that configuration (docs/design.md, Decisions) (1 to 125)."]
        leverage: same i32,
        #[doc = " What a conditional order places when it fires: 1 limit at price, 2 market, 3 close the whole position at market."]
        trigger_order_type: same TriggerOrderType,
        #[doc = " Makes the order conditional: 1 stop loss, 2 take profit (with conditionOrder and triggerPrice)."]
        trigger_type: same TriggerType,
        #[doc = " The price a conditional order watches: 1 last trade (the default), 2 mark."]
        trigger_price_type: same TriggerPriceType,
        #[doc = " The price that fires a conditional order."]
        trigger_price: same ::contango::__private::rust_decimal::Decimal,
        #[doc = " Whether this order is a conditional one (a stop loss or take profit that waits for its trigger)."]
        condition_order: same bool,
        #[doc = " The position a conditional order closes: when it fires, the whole of that position is closed at market."]
        position_id: same i64,
        #[doc = " Take-profit and stop-loss orders attached to this OPEN order: they wait for its fills and cover the filled quantity."]
        trigger_order_create_params: same ::std::vec::Vec<TriggerOrderCreateParam>,
    }
    meta {
        response: OrderId,
        rate_group: "orders",
        name: "new_order",
        method: Post,
        path: "/v2/order",
        base: Product,
        security: Trade,
        signed: true,
        envelope: Wrapped,
        errors: "futures",
        idempotent: false,
        has_body: true,
        decode: wire,
    }
    impl (self, out) {
        validate {
            ::contango::__private::validate::check_not_empty("contractName", &self.contract_name)?;
            if let::std::option::Option::Some(v) = self.client_order_id.as_ref() {
                ::contango::__private::validate::check_max_len("clientOrderId", v, 31)?;
            }
            if let::std::option::Option::Some(v) = self.leverage.as_ref() {
                ::contango::__private::validate::check_range("leverage", v, ::std::option::Option::Some(1), ::std::option::Option::Some(125))?;
            }
        }
        path {
            out.literal("/v2/order");
        }
        query {}
        body {
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
            out.opt("triggerOrderType", &self.trigger_order_type);
            out.opt("triggerType", &self.trigger_type);
            out.opt("triggerPriceType", &self.trigger_price_type);
            out.opt("triggerPrice", &self.trigger_price);
            out.opt("conditionOrder", &self.condition_order);
            out.opt("positionId", &self.position_id);
            out.opt("triggerOrderCreateParams", &self.trigger_order_create_params);
        }
    }
    #[doc = " Builder of [`Client::new_order`]: set optional parameters, then `send()`."]
    builder NewOrderBuilder;
    #[doc = " Sends the request and decodes the answer. Never sent twice by accident: it always carries a `client_order_id` (generated when unset); after an ambiguous outcome the client looks it up by that id and resends once only if the server does not have it."]
    send dedupe[new_order_contract_limits] [new_order_risk_guard];
    #[doc = " Places an order. A conditional one (a stop loss or take profit) sets conditionOrder, triggerType and triggerPrice; take-profit and stop-loss orders attach to a new OPEN order with triggerOrderCreateParams. Never resent blindly: after an ambiguous outcome look it up by its client order id."]
    #[doc = " "]
    #[doc = " `POST /v2/order` (TRADE, signed)."]
    method new_order;
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
            condition_order: self.condition_order.clone(),
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
::contango::__private::contract_limits! {
    precheck new_order_contract_limits guard new_order_risk_guard for NewOrderRequest {
        contract_name: contract_name,
        volume: volume,
        price: price,
        market: order_type == OrderType::Market,
    }
    lookup contracts(optional contract_name) -> Contract {
        symbol: symbol,
        not_trading: status == ContractStatus::CannotTrade,
        price_precision: price_precision,
        multiplier: multiplier,
        min_order_volume: min_order_volume,
        min_order_money: min_order_money,
        max_market_volume: max_market_volume,
        max_limit_volume: max_limit_volume,
        max_limit_money: max_limit_money,
    }
    inverse products[CoinMargined]
}
::contango::__private::conditional_orders! {
    request NewOrderRequest builder NewOrderBuilder {
        order: NewOrder {
            contract_name: contract_name,
            side: side: Side {
                buy: Buy,
                sell: Sell
            },
            order_type: order_type: OrderType {
                limit: Limit,
                market: Market
            },
            position_type: position_type: PositionType,
            open: open: Open { close: Close },
            volume: volume,
            amount: amount,
            price: price,
        },
        condition_order: condition_order,
        trigger_type: trigger_type: TriggerType {
            stop_loss: StopLoss,
            take_profit: TakeProfit
        },
        trigger_price_type: trigger_price_type: TriggerPriceType {
            last: LastPrice,
            mark: MarkPrice
        },
        trigger_price: trigger_price,
        trigger_order_type: trigger_order_type: TriggerOrderType { position: Position },
        position_id: position_id,
        client_order_id: client_order_id,
        attached: trigger_order_create_params: TriggerOrderCreateParam {
            client_order_id: client_order_id,
            trigger_type: trigger_type,
            trigger_price_type: trigger_price_type,
            trigger_price: trigger_price,
            order_type: order_type,
            price: price,
        },
    }
}
::contango::__private::endpoint! {
    #[doc = " Request of [`Client::cancel_all_orders`]: Cancels all open orders of a contract, conditional ones included. contractName travels in the JSON body (the document lists it as a query parameter; docs/design.md, Decisions). Gone from the exchange's current page; kept while clients call it (ccxt's bulk cancel does)."]
    #[doc = " "]
    #[doc = " `POST /v2/allOpenOrders`"]
    request CancelAllOrdersRequest {
        #[doc = " Contract name."]
        contract_name: ::std::string::String {
            wire: "contractName",
            presence: req,
            serde: [],
        },
    }
    new[contract_name: into ::std::string::String] setters {}
    meta {
        response: (),
        rate_group: "orders",
        name: "cancel_all_orders",
        method: Post,
        path: "/v2/allOpenOrders",
        base: Product,
        security: Trade,
        signed: true,
        envelope: Wrapped,
        errors: "futures",
        idempotent: false,
        has_body: true,
        decode: none,
    }
    impl (self, out) {
        validate {
            ::contango::__private::validate::check_not_empty("contractName", &self.contract_name)?;
        }
        path {
            out.literal("/v2/allOpenOrders");
        }
        query {}
        body {
            out.field("contractName", &self.contract_name);
        }
    }
    #[doc = " Builder of [`Client::cancel_all_orders`]: set optional parameters, then `send()`."]
    builder CancelAllOrdersBuilder;
    #[doc = " Sends the request and decodes the answer."]
    send plain[] [];
    #[doc = " Cancels all open orders of a contract, conditional ones included. contractName travels in the JSON body (the document lists it as a query parameter; docs/design.md, Decisions). Gone from the exchange's current page; kept while clients call it (ccxt's bulk cancel does)."]
    #[doc = " "]
    #[doc = " `POST /v2/allOpenOrders` (TRADE, signed)."]
    #[deprecated(note = "the exchange deprecated the bulk cancel on 2025-05-09: cancel each order with `cancel_order` (list them with `open_orders`)")]
    method cancel_all_orders;
}
::contango::__private::endpoint! {
    #[doc = " Request of [`Client::account`]: Balances and positions of the account, per margin coin."]
    #[doc = " "]
    #[doc = " `GET /v2/account`"]
    request AccountRequest {}
    new[] setters {}
    meta {
        response: Account,
        rate_group: "account",
        name: "account",
        method: Get,
        path: "/v2/account",
        base: Product,
        security: UserData,
        signed: true,
        envelope: Wrapped,
        errors: "futures",
        idempotent: true,
        has_body: false,
        decode: wire,
    }
    impl (self, out) {
        validate {}
        path {
            out.literal("/v2/account");
        }
        query {}
        body {}
    }
    #[doc = " Builder of [`Client::account`]: set optional parameters, then `send()`."]
    builder AccountBuilder;
    #[doc = " Sends the request and decodes the answer."]
    send plain[] [];
    #[doc = " Balances and positions of the account, per margin coin."]
    #[doc = " "]
    #[doc = " `GET /v2/account` (USER_DATA, signed)."]
    method account;
}
::contango::__private::endpoint! {
    #[doc = " Request of [`Client::leverage_bracket`]: Leverage brackets of a contract."]
    #[doc = " "]
    #[doc = " `GET /v2/leverageBracket`"]
    request LeverageBracketRequest {
        #[doc = " Contract name."]
        contract_name: ::std::string::String {
            wire: "contractName",
            presence: req,
            serde: [],
        },
    }
    new[contract_name: into ::std::string::String] setters {}
    meta {
        response: LeverageBrackets,
        rate_group: "default",
        name: "leverage_bracket",
        method: Get,
        path: "/v2/leverageBracket",
        base: Product,
        security: UserData,
        signed: true,
        envelope: Wrapped,
        errors: "futures",
        idempotent: true,
        has_body: false,
        decode: wire,
    }
    impl (self, out) {
        validate {
            ::contango::__private::validate::check_not_empty("contractName", &self.contract_name)?;
        }
        path {
            out.literal("/v2/leverageBracket");
        }
        query {
            out.pair("contractName", &self.contract_name);
        }
        body {}
    }
    #[doc = " Builder of [`Client::leverage_bracket`]: set optional parameters, then `send()`."]
    builder LeverageBracketBuilder;
    #[doc = " Sends the request and decodes the answer."]
    send plain[] [];
    #[doc = " Leverage brackets of a contract."]
    #[doc = " "]
    #[doc = " `GET /v2/leverageBracket` (USER_DATA, signed)."]
    method leverage_bracket;
}
::contango::__private::endpoint! {
    #[doc = " Request of [`Client::commission_rate`]: Commission rates of the account for a contract."]
    #[doc = " "]
    #[doc = " `GET /v2/commissionRate`"]
    request CommissionRateRequest {
        #[doc = " Contract name."]
        contract_name: ::std::string::String {
            wire: "contractName",
            presence: req,
            serde: [],
        },
    }
    new[contract_name: into ::std::string::String] setters {}
    meta {
        response: CommissionRate,
        rate_group: "default",
        name: "commission_rate",
        method: Get,
        path: "/v2/commissionRate",
        base: Product,
        security: UserData,
        signed: true,
        envelope: Wrapped,
        errors: "futures",
        idempotent: true,
        has_body: false,
        decode: wire,
    }
    impl (self, out) {
        validate {
            ::contango::__private::validate::check_not_empty("contractName", &self.contract_name)?;
        }
        path {
            out.literal("/v2/commissionRate");
        }
        query {
            out.pair("contractName", &self.contract_name);
        }
        body {}
    }
    #[doc = " Builder of [`Client::commission_rate`]: set optional parameters, then `send()`."]
    builder CommissionRateBuilder;
    #[doc = " Sends the request and decodes the answer."]
    send plain[] [];
    #[doc = " Commission rates of the account for a contract."]
    #[doc = " "]
    #[doc = " `GET /v2/commissionRate` (USER_DATA, signed)."]
    method commission_rate;
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
::contango::__private::endpoint! {
    #[doc = " Request of [`Client::transfer`]: Transfers funds between the wallet and the contract account. The transfer type is sent upper case."]
    #[doc = " "]
    #[doc = " `POST /v2/futures_transfer`"]
    request TransferRequest {
        #[doc = " Coin to transfer, e.g. USDT."]
        coin_symbol: ::std::string::String {
            wire: "coinSymbol",
            presence: req,
            serde: [],
        },
        #[doc = " Amount to transfer."]
        amount: ::contango::__private::rust_decimal::Decimal {
            wire: "amount",
            presence: req,
            serde: [],
        },
        #[doc = " Direction of the transfer."]
        transfer_type: TransferType {
            wire: "transferType",
            presence: req,
            serde: [],
        },
        #[doc = " Transfer union tag."]
        union_id: ::std::string::String {
            wire: "unionId",
            presence: opt,
            serde: [skip_serializing_if = "::std::option::Option::is_none",],
        },
    }
    new[required: same Transfer] from required[coin_symbol amount transfer_type] setters {
        #[doc = " Transfer union tag."]
        union_id: into ::std::string::String,
    }
    meta {
        response: (),
        rate_group: "default",
        name: "transfer",
        method: Post,
        path: "/v2/futures_transfer",
        base: Product,
        security: UserData,
        signed: true,
        envelope: Wrapped,
        errors: "futures",
        idempotent: false,
        has_body: true,
        decode: none,
    }
    impl (self, out) {
        validate {
            ::contango::__private::validate::check_not_empty("coinSymbol", &self.coin_symbol)?;
        }
        path {
            out.literal("/v2/futures_transfer");
        }
        query {}
        body {
            out.field("coinSymbol", &self.coin_symbol);
            out.field("amount", &self.amount);
            out.field("transferType", &self.transfer_type);
            out.opt("unionId", &self.union_id);
        }
    }
    #[doc = " Builder of [`Client::transfer`]: set optional parameters, then `send()`."]
    builder TransferBuilder;
    #[doc = " Sends the request and decodes the answer."]
    send plain[] [];
    #[doc = " Transfers funds between the wallet and the contract account. The transfer type is sent upper case."]
    #[doc = " "]
    #[doc = " `POST /v2/futures_transfer` (USER_DATA, signed)."]
    method transfer;
}
::contango::__private::endpoint! {
    #[doc = " Request of [`Client::transfer_history`]: Transfers between the wallet and the contract account. beginTime defaults to the recent 30 days."]
    #[doc = " "]
    #[doc = " `GET /v2/futures_transfer_history`"]
    request TransferHistoryRequest {
        #[doc = " Coin to list."]
        coin_symbol: ::std::string::String {
            wire: "coinSymbol",
            presence: opt,
            serde: [skip_serializing_if = "::std::option::Option::is_none",],
        },
        #[doc = " Start time in milliseconds; by default the recent 30 days."]
        begin_time: ::contango::Millis {
            wire: "beginTime",
            presence: opt,
            serde: [skip_serializing_if = "::std::option::Option::is_none",],
        },
        #[doc = " End time in milliseconds."]
        end_time: ::contango::Millis {
            wire: "endTime",
            presence: opt,
            serde: [skip_serializing_if = "::std::option::Option::is_none",],
        },
        #[doc = " Direction of the transfers to list."]
        transfer_type: TransferType {
            wire: "transferType",
            presence: req,
            serde: [],
        },
        #[doc = " Page number (server default 1; at least 1)."]
        page: i32 {
            wire: "page",
            presence: opt,
            serde: [skip_serializing_if = "::std::option::Option::is_none",],
        },
        #[doc = " Records per page (server default 10; 1 to 200)."]
        limit: i32 {
            wire: "limit",
            presence: opt,
            serde: [skip_serializing_if = "::std::option::Option::is_none",],
        },
    }
    new[transfer_type: same TransferType] setters {
        #[doc = " Coin to list."]
        coin_symbol: into ::std::string::String,
        #[doc = " Start time in milliseconds; by default the recent 30 days."]
        begin_time: same ::contango::Millis,
        #[doc = " End time in milliseconds."]
        end_time: same ::contango::Millis,
        #[doc = " Page number (server default 1; at least 1)."]
        page: same i32,
        #[doc = " Records per page (server default 10; 1 to 200)."]
        limit: same i32,
    }
    meta {
        response: ::std::vec::Vec<TransferRecord>,
        rate_group: "default",
        name: "transfer_history",
        method: Get,
        path: "/v2/futures_transfer_history",
        base: Product,
        security: UserData,
        signed: true,
        envelope: Wrapped,
        errors: "futures",
        idempotent: true,
        has_body: false,
        decode: wire,
    }
    impl (self, out) {
        validate {
            if let::std::option::Option::Some(v) = self.page.as_ref() {
                ::contango::__private::validate::check_range("page", v, ::std::option::Option::Some(1), ::std::option::Option::None)?;
            }
            if let::std::option::Option::Some(v) = self.limit.as_ref() {
                ::contango::__private::validate::check_range("limit", v, ::std::option::Option::Some(1), ::std::option::Option::Some(200))?;
            }
        }
        path {
            out.literal("/v2/futures_transfer_history");
        }
        query {
            out.opt("coinSymbol", &self.coin_symbol);
            out.opt("beginTime", &self.begin_time);
            out.opt("endTime", &self.end_time);
            out.pair("transferType", &self.transfer_type);
            out.opt("page", &self.page);
            out.opt("limit", &self.limit);
        }
        body {}
    }
    #[doc = " Builder of [`Client::transfer_history`]: set optional parameters, then `send()`."]
    builder TransferHistoryBuilder;
    #[doc = " Sends the request and decodes the answer."]
    send plain[] [];
    #[doc = " Transfers between the wallet and the contract account. beginTime defaults to the recent 30 days."]
    #[doc = " "]
    #[doc = " `GET /v2/futures_transfer_history` (USER_DATA, signed)."]
    method transfer_history;
}
::contango::__private::endpoint! {
    #[doc = " Request of [`Client::force_orders_history`]: Forced-liquidation and auto-deleveraging orders of a contract. beginTime defaults to the recent 30 days; records may carry either of the document's two field lists."]
    #[doc = " "]
    #[doc = " `GET /v2/forceOrdersHistory`"]
    request ForceOrdersHistoryRequest {
        #[doc = " Contract name."]
        contract_name: ::std::string::String {
            wire: "contractName",
            presence: req,
            serde: [],
        },
        #[doc = " Start time in milliseconds; by default the recent 30 days."]
        begin_time: ::contango::Millis {
            wire: "beginTime",
            presence: opt,
            serde: [skip_serializing_if = "::std::option::Option::is_none",],
        },
        #[doc = " End time in milliseconds."]
        end_time: ::contango::Millis {
            wire: "endTime",
            presence: opt,
            serde: [skip_serializing_if = "::std::option::Option::is_none",],
        },
        #[doc = " LIQUIDATION for liquidation orders, ADL for auto-deleveraging orders."]
        auto_close_type: AutoCloseType {
            wire: "autoCloseType",
            presence: opt,
            serde: [skip_serializing_if = "::std::option::Option::is_none",],
        },
        #[doc = " Page number (server default 1; at least 1)."]
        page: i32 {
            wire: "page",
            presence: opt,
            serde: [skip_serializing_if = "::std::option::Option::is_none",],
        },
        #[doc = " Records per page (server default 10; 1 to 200)."]
        limit: i32 {
            wire: "limit",
            presence: opt,
            serde: [skip_serializing_if = "::std::option::Option::is_none",],
        },
    }
    new[contract_name: into ::std::string::String] setters {
        #[doc = " Start time in milliseconds; by default the recent 30 days."]
        begin_time: same ::contango::Millis,
        #[doc = " End time in milliseconds."]
        end_time: same ::contango::Millis,
        #[doc = " LIQUIDATION for liquidation orders, ADL for auto-deleveraging orders."]
        auto_close_type: same AutoCloseType,
        #[doc = " Page number (server default 1; at least 1)."]
        page: same i32,
        #[doc = " Records per page (server default 10; 1 to 200)."]
        limit: same i32,
    }
    meta {
        response: ::std::vec::Vec<ForceOrder>,
        rate_group: "default",
        name: "force_orders_history",
        method: Get,
        path: "/v2/forceOrdersHistory",
        base: Product,
        security: UserData,
        signed: true,
        envelope: Wrapped,
        errors: "futures",
        idempotent: true,
        has_body: false,
        decode: wire,
    }
    impl (self, out) {
        validate {
            ::contango::__private::validate::check_not_empty("contractName", &self.contract_name)?;
            if let::std::option::Option::Some(v) = self.page.as_ref() {
                ::contango::__private::validate::check_range("page", v, ::std::option::Option::Some(1), ::std::option::Option::None)?;
            }
            if let::std::option::Option::Some(v) = self.limit.as_ref() {
                ::contango::__private::validate::check_range("limit", v, ::std::option::Option::Some(1), ::std::option::Option::Some(200))?;
            }
        }
        path {
            out.literal("/v2/forceOrdersHistory");
        }
        query {
            out.pair("contractName", &self.contract_name);
            out.opt("beginTime", &self.begin_time);
            out.opt("endTime", &self.end_time);
            out.opt("autoCloseType", &self.auto_close_type);
            out.opt("page", &self.page);
            out.opt("limit", &self.limit);
        }
        body {}
    }
    #[doc = " Builder of [`Client::force_orders_history`]: set optional parameters, then `send()`."]
    builder ForceOrdersHistoryBuilder;
    #[doc = " Sends the request and decodes the answer."]
    send plain[] [];
    #[doc = " Forced-liquidation and auto-deleveraging orders of a contract. beginTime defaults to the recent 30 days; records may carry either of the document's two field lists."]
    #[doc = " "]
    #[doc = " `GET /v2/forceOrdersHistory` (USER_DATA, signed)."]
    method force_orders_history;
}
::contango::__private::endpoint! {
    #[doc = " Request of [`Client::create_listen_key`]: Creates a listen key; if the account already has one, returns the same key and extends it. The exchange's current page says a key is valid 30 minutes after creation and that each POST or PUT extends it by 30 minutes; the same page's create text and the 2023 document say 60. The SDK keeps keys alive every 20 minutes, within both. Signed, as the page's user-stream section asks."]
    #[doc = " "]
    #[doc = " `POST /user_stream/api/v1/listenKey`"]
    request CreateListenKeyRequest {}
    new[] setters {}
    meta {
        response: ListenKey,
        rate_group: "default",
        name: "create_listen_key",
        method: Post,
        path: "/user_stream/api/v1/listenKey",
        base: UserStream,
        security: UserStream,
        signed: true,
        envelope: Wrapped,
        errors: "user_stream",
        idempotent: true,
        has_body: true,
        decode: wire,
    }
    impl (self, out) {
        validate {}
        path {
            out.literal("/user_stream/api/v1/listenKey");
        }
        query {}
        body {}
    }
    #[doc = " Builder of [`Client::create_listen_key`]: set optional parameters, then `send()`."]
    builder CreateListenKeyBuilder;
    #[doc = " Sends the request and decodes the answer."]
    send plain[] [];
    #[doc = " Creates a listen key; if the account already has one, returns the same key and extends it. The exchange's current page says a key is valid 30 minutes after creation and that each POST or PUT extends it by 30 minutes; the same page's create text and the 2023 document say 60. The SDK keeps keys alive every 20 minutes, within both. Signed, as the page's user-stream section asks."]
    #[doc = " "]
    #[doc = " `POST /user_stream/api/v1/listenKey` (USER_STREAM, signed)."]
    method create_listen_key;
}
::contango::__private::endpoint! {
    #[doc = " Request of [`Client::keep_alive_listen_key`]: Extends the validity of a listen key: by 30 minutes on the exchange's current page, 60 in the 2023 document (which recommends a keep-alive about every 30). The SDK sends one every 20 minutes."]
    #[doc = " "]
    #[doc = " `PUT /user_stream/api/v1/listenKey/{listenKey}`"]
    request KeepAliveListenKeyRequest {
        #[doc = " The listen key to keep alive."]
        listen_key: ::std::string::String {
            wire: "listenKey",
            presence: req,
            serde: [],
        },
    }
    new[listen_key: into ::std::string::String] setters {}
    meta {
        response: (),
        rate_group: "default",
        name: "keep_alive_listen_key",
        method: Put,
        path: "/user_stream/api/v1/listenKey/{listenKey}",
        base: UserStream,
        security: UserStream,
        signed: true,
        envelope: Wrapped,
        errors: "user_stream",
        idempotent: true,
        has_body: true,
        decode: none,
    }
    impl (self, out) {
        validate {
            ::contango::__private::validate::check_not_empty("listenKey", &self.listen_key)?;
        }
        path {
            out.literal("/user_stream/api/v1/listenKey/");
            out.param("listenKey", &self.listen_key);
        }
        query {}
        body {}
    }
    #[doc = " Builder of [`Client::keep_alive_listen_key`]: set optional parameters, then `send()`."]
    builder KeepAliveListenKeyBuilder;
    #[doc = " Sends the request and decodes the answer."]
    send plain[] [];
    #[doc = " Extends the validity of a listen key: by 30 minutes on the exchange's current page, 60 in the 2023 document (which recommends a keep-alive about every 30). The SDK sends one every 20 minutes."]
    #[doc = " "]
    #[doc = " `PUT /user_stream/api/v1/listenKey/{listenKey}` (USER_STREAM, signed)."]
    method keep_alive_listen_key;
}
::contango::__private::endpoint! {
    #[doc = " Request of [`Client::close_listen_key`]: Closes a listen key and its event stream."]
    #[doc = " "]
    #[doc = " `DELETE /user_stream/api/v1/listenKey/{listenKey}`"]
    request CloseListenKeyRequest {
        #[doc = " The listen key to close."]
        listen_key: ::std::string::String {
            wire: "listenKey",
            presence: req,
            serde: [],
        },
    }
    new[listen_key: into ::std::string::String] setters {}
    meta {
        response: (),
        rate_group: "default",
        name: "close_listen_key",
        method: Delete,
        path: "/user_stream/api/v1/listenKey/{listenKey}",
        base: UserStream,
        security: UserStream,
        signed: true,
        envelope: Wrapped,
        errors: "user_stream",
        idempotent: true,
        has_body: true,
        decode: none,
    }
    impl (self, out) {
        validate {
            ::contango::__private::validate::check_not_empty("listenKey", &self.listen_key)?;
        }
        path {
            out.literal("/user_stream/api/v1/listenKey/");
            out.param("listenKey", &self.listen_key);
        }
        query {}
        body {}
    }
    #[doc = " Builder of [`Client::close_listen_key`]: set optional parameters, then `send()`."]
    builder CloseListenKeyBuilder;
    #[doc = " Sends the request and decodes the answer."]
    send plain[] [];
    #[doc = " Closes a listen key and its event stream."]
    #[doc = " "]
    #[doc = " `DELETE /user_stream/api/v1/listenKey/{listenKey}` (USER_STREAM, signed)."]
    method close_listen_key;
}
/// Every endpoint of the spec, in spec order: its name, method, path template (`{name}` marks a path parameter), base and security, what a server routes on and a harness enumerates. Each entry is the request type's `Endpoint::META`; [`each_endpoint`] gives the same endpoints as types.
pub const ENDPOINTS: &[::contango::__private::endpoint::EndpointMeta] = &[
    <PingRequest as ::contango::__private::endpoint::Endpoint>::META,
    <ServerTimeRequest as ::contango::__private::endpoint::Endpoint>::META,
    <ContractsRequest as ::contango::__private::endpoint::Endpoint>::META,
    <DepthRequest as ::contango::__private::endpoint::Endpoint>::META,
    <TickerRequest as ::contango::__private::endpoint::Endpoint>::META,
    <IndexRequest as ::contango::__private::endpoint::Endpoint>::META,
    <KlinesRequest as ::contango::__private::endpoint::Endpoint>::META,
    <MyTradesRequest as ::contango::__private::endpoint::Endpoint>::META,
    <PositionMarginRequest as ::contango::__private::endpoint::Endpoint>::META,
    <LevelEditRequest as ::contango::__private::endpoint::Endpoint>::META,
    <OpenOrdersRequest as ::contango::__private::endpoint::Endpoint>::META,
    <CancelOrderRequest as ::contango::__private::endpoint::Endpoint>::META,
    <QueryOrderRequest as ::contango::__private::endpoint::Endpoint>::META,
    <NewOrderRequest as ::contango::__private::endpoint::Endpoint>::META,
    <CancelAllOrdersRequest as ::contango::__private::endpoint::Endpoint>::META,
    <AccountRequest as ::contango::__private::endpoint::Endpoint>::META,
    <LeverageBracketRequest as ::contango::__private::endpoint::Endpoint>::META,
    <CommissionRateRequest as ::contango::__private::endpoint::Endpoint>::META,
    <TransferRequest as ::contango::__private::endpoint::Endpoint>::META,
    <TransferHistoryRequest as ::contango::__private::endpoint::Endpoint>::META,
    <ForceOrdersHistoryRequest as ::contango::__private::endpoint::Endpoint>::META,
    <CreateListenKeyRequest as ::contango::__private::endpoint::Endpoint>::META,
    <KeepAliveListenKeyRequest as ::contango::__private::endpoint::Endpoint>::META,
    <CloseListenKeyRequest as ::contango::__private::endpoint::Endpoint>::META,
];
/// Calls `v.endpoint::<XRequest>()` with every endpoint's request type, in spec order (the order of [`ENDPOINTS`]), for code that needs each endpoint as a type (its response, its decoding). Generic: nothing of it is compiled unless it is called.
pub fn each_endpoint(v: &mut impl ::contango::__private::endpoint::EachEndpoint) {
    v.endpoint::<PingRequest>();
    v.endpoint::<ServerTimeRequest>();
    v.endpoint::<ContractsRequest>();
    v.endpoint::<DepthRequest>();
    v.endpoint::<TickerRequest>();
    v.endpoint::<IndexRequest>();
    v.endpoint::<KlinesRequest>();
    v.endpoint::<MyTradesRequest>();
    v.endpoint::<PositionMarginRequest>();
    v.endpoint::<LevelEditRequest>();
    v.endpoint::<OpenOrdersRequest>();
    v.endpoint::<CancelOrderRequest>();
    v.endpoint::<QueryOrderRequest>();
    v.endpoint::<NewOrderRequest>();
    v.endpoint::<CancelAllOrdersRequest>();
    v.endpoint::<AccountRequest>();
    v.endpoint::<LeverageBracketRequest>();
    v.endpoint::<CommissionRateRequest>();
    v.endpoint::<TransferRequest>();
    v.endpoint::<TransferHistoryRequest>();
    v.endpoint::<ForceOrdersHistoryRequest>();
    v.endpoint::<CreateListenKeyRequest>();
    v.endpoint::<KeepAliveListenKeyRequest>();
    v.endpoint::<CloseListenKeyRequest>();
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
    /// Every product line, in the spec's order (a server serves each endpoint of the
    /// product base under each of their prefixes).
    pub const ALL: &'static [Product] = &[Self::UsdtMargined, Self::CoinMargined];
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
    ///
    /// Client-side rate limits from the spec (override with `ClientBuilder::rate_limit`):
    /// - `default`: 20 request(s) per 1000 ms, burst 20 (assumed; neither document gives a general limit)
    /// - `orders`: 10 request(s) per 1000 ms, burst 10 (assumed; order entry and cancellation: within the v1 document's 20 per 2 seconds for cancels)
    /// - `account`: 20 request(s) per 2000 ms, burst 20 (the v1 document's limit of the account call: 20 per 2 seconds)
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
                .rate_limit(
                    "account",
                    ::contango::Rate {
                        requests: 20u32,
                        per: ::std::time::Duration::from_millis(2000u64),
                        burst: 20u32,
                    },
                )
                .listen_key_fields(&["listenKey"])
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
    /// What the server sent so far (answers and both streams) that the spec does not
    /// describe: unknown fields, enum values, error codes, events and channels, missing
    /// fields, mismatched types. Bounded and de-duplicated; each new finding is also
    /// logged once with `tracing::warn!`.
    pub fn drift(&self) -> ::contango::DriftReport {
        self.core.drift()
    }
    /// Waits until everything this client recorded so far is in its recording
    /// (`ClientBuilder::record_session`); at once when it records nothing.
    pub async fn flush_recording(&self) -> ::std::io::Result<()> {
        match self.core.recorder() {
            ::std::option::Option::Some(r) => r.flush().await,
            ::std::option::Option::None => ::std::result::Result::Ok(()),
        }
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
    /// Paces nothing: the spec's client-side rates are dropped (the server's own pause
    /// and ban still apply). For a simulator whose time is not the wall's, such as a
    /// lockstep backtest.
    pub fn unpaced(mut self) -> Self {
        self.core = self.core.unpaced();
        self
    }
    /// Limits of automatic retries; `RetryPolicy::NONE` turns them off.
    pub fn retry_policy(mut self, policy: ::contango::RetryPolicy) -> Self {
        self.core = self.core.retry_policy(policy);
        self
    }
    /// Records every HTTP exchange and stream frame of the client to a new file at `path`
    /// (JSON lines, without secrets; the guide: docs/recordings.md), created
    /// when the client is built.
    pub fn record_session(
        mut self,
        path: impl ::std::convert::Into<::std::path::PathBuf>,
    ) -> Self {
        self.core = self.core.record_session(path);
        self
    }
    /// The former name of `record_session` ("record" names a spec type).
    #[deprecated(note = "renamed `record_session`")]
    pub fn record(self, path: impl ::std::convert::Into<::std::path::PathBuf>) -> Self {
        self.record_session(path)
    }
    /// Records to `recorder`, which several clients may share.
    pub fn recorder(mut self, recorder: ::contango::recording::Recorder) -> Self {
        self.core = self.core.recorder(recorder);
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
::contango::__private::if_user_stream! {
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
        /// the direct reader, with serde for what it leaves (`contango_runtime::wire::direct`).
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
                let t: ::std::result::Result<Tag<'_>, _> = ::contango::__private::serde_json::from_slice(
                    frame,
                );
                match t.map(|t| t.tag) {
                    ::std::result::Result::Ok(::std::option::Option::Some(tag)) => {
                        ::std::result::Result::Ok(tag)
                    }
                    other => {
                        ::contango::__private::drift::notice();
                        other
                            .and_then(|_| ::std::result::Result::Err(
                                <::contango::__private::serde_json::Error as ::contango::__private::serde::de::Error>::missing_field(
                                    "e",
                                ),
                            ))
                    }
                }
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
                    ::contango::__private::drift::notice();
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
        const TAG: &'static str = Event::TAG;
        fn decode(
            frame: &[u8],
        ) -> ::std::result::Result<Event, ::contango::__private::serde_json::Error> {
            Event::decode(frame)
        }
        fn event_ty(
            tag: &str,
        ) -> ::std::option::Option<(&'static str, ::contango::__private::drift::Ty)> {
            match tag {
                "ORDER_TRADE_UPDATE" | "executionReport" => {
                    ::std::option::Option::Some((
                        "ORDER_TRADE_UPDATE",
                        <OrderTradeUpdate as ::contango::__private::drift::Schema>::ty(),
                    ))
                }
                "ACCOUNT_UPDATE" => {
                    ::std::option::Option::Some((
                        "ACCOUNT_UPDATE",
                        <AccountUpdate as ::contango::__private::drift::Schema>::ty(),
                    ))
                }
                _ => ::std::option::Option::None,
            }
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
}
::contango::__private::if_market_stream! {
    /// Full snapshot of up to 30 levels a side, sent when the book changes (no sequence number).
    ///
    #[doc = concat!("Channel name: `", "market_{symbol}_depth_step{step}", "`.")]
    #[derive(Debug, Clone, PartialEq, Eq, Hash)]
    pub struct DepthChannel {
        /// The channel's symbol: the contract name by the spec's rule (`e_btcusdt`).
        pub symbol: ::std::string::String,
        /// Price aggregation: 0 is the exact book, higher steps merge levels. The exchange's current page documents step 0 only; the range is the market stream's earlier one, which the simulator serves.
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
        /// How many of the most recent trades: up to 300 on the exchange's current page (the server's default is 100).
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
        /// How many of the most recent trades: up to 300 on the exchange's current page (the server's default is 100).
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
                    ::std::option::Option::Some(300),
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
        pub interval: StreamKlineInterval,
    }
    impl KlineChannel {
        /// The channel of `contract` (a contract name such as `E-BTC-USDT`).
        pub fn new(contract: &str, interval: StreamKlineInterval) -> Self {
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
                interval: StreamKlineInterval::from_wire_str(holes.get(1)?),
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
        /// Last candle start (seconds) of the page, inclusive; the latest when absent. Sent as text, as the exchange's page sends it ("1506602880"); its table types it a float.
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
        /// Last candle start (seconds) of the page, inclusive; the latest when absent. Sent as text, as the exchange's page sends it ("1506602880"); its table types it a float.
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
                let text = ::std::string::ToString::to_string(v);
                if let ::std::result::Result::Ok(json) = ::contango::__private::serde_json::to_string(
                    &text,
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
                ::std::option::Option::Some(raw) => {
                    Self::decode_tick(
                        channel,
                        &mut ::contango::__private::stream::raw_reader(raw),
                    )?
                }
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
            ::contango::__private::drift::notice();
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
            ::contango::__private::drift::notice();
            ::std::option::Option::Some(MarketEvent::Other {
                channel: channel.to_owned(),
                raw: r.raw()?.to_owned(),
            })
        }
        fn channel_ty(
            channel: &str,
        ) -> ::std::option::Option<(&'static str, ::contango::__private::drift::Ty)> {
            if TradesChannel::parse(channel).is_some() {
                return ::std::option::Option::Some((
                    "trades",
                    <MarketTrades as ::contango::__private::drift::Schema>::ty(),
                ));
            }
            if DepthChannel::parse(channel).is_some() {
                return ::std::option::Option::Some((
                    "depth",
                    <MarketDepth as ::contango::__private::drift::Schema>::ty(),
                ));
            }
            if TickerChannel::parse(channel).is_some() {
                return ::std::option::Option::Some((
                    "ticker",
                    <MarketTicker as ::contango::__private::drift::Schema>::ty(),
                ));
            }
            if KlineChannel::parse(channel).is_some() {
                return ::std::option::Option::Some((
                    "kline",
                    <MarketKline as ::contango::__private::drift::Schema>::ty(),
                ));
            }
            ::std::option::Option::None
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
}
