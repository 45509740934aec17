//! What will be emitted: names resolved, references checked, nothing left to fail.

/// A resolved type expression.
#[derive(Debug, Clone, PartialEq)]
pub enum Ty {
    String,
    Bool,
    I32,
    I64,
    Decimal,
    Millis,
    Seconds,
    /// A span of time in whole seconds (`duration_seconds`).
    DurationSeconds,
    /// A span of time in whole milliseconds (`duration_millis`).
    DurationMillis,
    LocalDateTime,
    Json,
    /// A spec type (record).
    Record(String),
    /// A spec enum; `true` when integer-valued.
    Enum(String, bool),
    List(Box<Ty>),
    OneOrMany(Box<Ty>),
}

impl Ty {
    /// A number on the wire: what bounds and `encode: string` apply to.
    pub fn is_number(&self) -> bool {
        matches!(
            self,
            Ty::I32
                | Ty::I64
                | Ty::Decimal
                | Ty::Millis
                | Ty::Seconds
                | Ty::DurationSeconds
                | Ty::DurationMillis
        )
    }
}

#[derive(Debug, Clone)]
pub struct Ir {
    pub title: String,
    pub version: String,
    pub doc: String,
    pub auth: Auth,
    pub products: Vec<Product>,
    pub tables: Vec<Table>,
    pub enums: Vec<Enum>,
    pub records: Vec<Record>,
    pub endpoints: Vec<Endpoint>,
    pub stream: Option<Stream>,
    /// The public market stream.
    pub market: Option<Market>,
    /// The server-time source of signed requests.
    pub clock: Option<Clock>,
    pub rates: Vec<RateGroup>,
}

#[derive(Debug, Clone)]
pub struct Clock {
    /// UpperCamel base of the endpoint (`ServerTime` -> `ServerTimeRequest`).
    pub endpoint_camel: String,
    pub response_record: String,
    pub field_rust: String,
}

#[derive(Debug, Clone)]
pub struct RateGroup {
    pub name: String,
    pub doc: Option<String>,
    pub requests: u32,
    pub per_ms: u64,
    pub burst: u32,
}

/// How a request that must not run twice is found again.
#[derive(Debug, Clone)]
pub struct Dedupe {
    /// Rust name of this request's optional client-id field.
    pub key_rust: String,
    pub lookup_camel: String,
    /// Fields of the lookup request, in order, and how each is filled from this request.
    pub lookup_fields: Vec<(String, Fill)>,
    /// The record's field holding the client id (compared with ours), and whether it is optional.
    pub found_key: Option<(String, bool)>,
    /// This endpoint's answer type, built field by field from the found record.
    pub answer_record: String,
    pub answer_fields: Vec<(String, Fill)>,
    pub not_found_variant: String,
}

/// How one field is filled from a same-named field of another value (`self` or the found record).
#[derive(Debug, Clone, PartialEq)]
pub enum Fill {
    /// `dst: src.clone()` (both required, or both optional).
    Same(String),
    /// `dst: Some(src.clone())` (optional from required).
    Wrap(String),
    /// `dst: src?` (required from optional: absent means "not usable").
    Unwrap(String),
    /// `dst: None`.
    Nothing,
}

#[derive(Debug, Clone)]
pub struct ListenKey {
    /// The wire names the key travels under (answer field, request parameters).
    pub wires: Vec<String>,
    pub create_camel: String,
    pub field_rust: String,
    pub keep_alive_camel: String,
    pub close_camel: String,
    pub invalid_variant: String,
}

#[derive(Debug, Clone)]
pub struct Auth {
    pub api_key: String,
    pub signature: String,
    pub timestamp: String,
    pub recv_window: String,
    /// The security types whose requests are signed.
    pub signed: Vec<Security>,
}

impl Auth {
    /// Whether requests of `security` carry the signature.
    pub fn signs(&self, security: Security) -> bool {
        self.signed.contains(&security)
    }
}

#[derive(Debug, Clone)]
pub struct Product {
    pub variant: String,
    pub key: String,
    pub prefix: String,
    pub doc: String,
}

#[derive(Debug, Clone)]
pub struct Table {
    pub name: String,
    pub doc: String,
    pub success: Vec<i64>,
    pub codes: Vec<Code>,
}

#[derive(Debug, Clone)]
pub struct Code {
    pub code: i64,
    pub name: String,
    pub variant: String,
    pub message: String,
    pub retry: Retry,
    pub doc: Option<String>,
}

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Retry {
    Never,
    Safe,
    ResyncClock,
    BackOff,
    Ambiguous,
}

#[derive(Debug, Clone)]
pub struct Enum {
    pub name: String,
    pub doc: String,
    pub integer: bool,
    pub case_insensitive: bool,
    pub values: Vec<EnumValue>,
}

#[derive(Debug, Clone)]
pub struct EnumValue {
    pub variant: String,
    /// Wire text (integers as their decimal text).
    pub wire: String,
    pub aliases: Vec<String>,
    pub doc: Option<String>,
}

#[derive(Debug, Clone)]
pub struct Record {
    pub name: String,
    pub doc: String,
    pub array_shape: bool,
    pub fields: Vec<Field>,
}

#[derive(Debug, Clone)]
pub struct Field {
    pub wire: String,
    pub rust: String,
    pub ty: Ty,
    pub required: bool,
    pub aliases: Vec<String>,
    pub doc: Option<String>,
    pub encode_string: bool,
}

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Method {
    Get,
    Post,
    Put,
    Delete,
}

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Security {
    None,
    Trade,
    UserData,
    UserStream,
    MarketData,
}

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Location {
    Path,
    Query,
    Body,
}

#[derive(Debug, Clone)]
pub struct Param {
    pub wire: String,
    pub rust: String,
    pub ty: Ty,
    pub required: bool,
    pub location: Location,
    pub default: Option<String>,
    /// Inclusive bounds, as literal text checked to parse as the parameter's type.
    pub min: Option<String>,
    pub max: Option<String>,
    pub max_len: Option<u64>,
    pub doc: Option<String>,
    /// A number sent as a JSON string (body and market-stream parameters).
    pub encode_string: bool,
}

#[derive(Debug, Clone)]
pub enum PathSeg {
    Lit(String),
    /// Index into `Endpoint::params`.
    Param(usize),
}

#[derive(Debug, Clone)]
pub struct Endpoint {
    /// snake_case method name.
    pub name: String,
    /// UpperCamel base for the generated types.
    pub camel: String,
    pub doc: String,
    pub method: Method,
    pub path: String,
    pub segments: Vec<PathSeg>,
    pub user_stream_base: bool,
    pub security: Security,
    /// Whether its requests carry the signature (`auth.signed` lists its security type).
    pub signed: bool,
    pub table: String,
    pub idempotent: bool,
    pub deprecated: Option<String>,
    pub params: Vec<Param>,
    /// Each rule: parameter indices of which at least one must be present.
    pub at_least_one_of: Vec<Vec<usize>>,
    pub wrapped: bool,
    /// `None` when the answer carries nothing.
    pub data: Option<Ty>,
    /// Required parameters go in a struct named after the endpoint (rather than arguments).
    pub struct_style: bool,
    pub rate_group: String,
    pub dedupe: Option<Dedupe>,
    /// The async check run before sending.
    pub precheck: Option<Precheck>,
    /// The built-in `conditional_orders` helpers, when the spec names them.
    pub conditional: Option<Box<ConditionalOrders>>,
}

/// The Rust names the built-in `conditional_orders` helpers set, each found and type-checked:
/// fields (snake case) and types or variants (upper camel case), in the order the facade's
/// `conditional_orders!` takes them.
#[derive(Debug, Clone, Default)]
pub struct ConditionalOrders {
    /// The struct of required parameters.
    pub order: String,
    pub contract_name: String,
    /// `(field, enum, [BUY, SELL] variants)`.
    pub side: (String, String, [String; 2]),
    /// `(field, enum, [LIMIT, MARKET] variants)`.
    pub order_type: (String, String, [String; 2]),
    /// `(field, enum)`.
    pub position_type: (String, String),
    /// `(field, enum, CLOSE variant)`.
    pub open: (String, String, String),
    pub volume: String,
    pub amount: String,
    pub price: String,
    pub condition_order: String,
    /// `(field, enum, [stop loss (1), take profit (2)] variants)`.
    pub trigger_type: (String, String, [String; 2]),
    /// `(field, enum, [last price (1), mark price (2)] variants)`.
    pub trigger_price_type: (String, String, [String; 2]),
    pub trigger_price: String,
    /// `(field, enum, POSITION (3) variant)`.
    pub trigger_order_type: (String, String, String),
    pub position_id: String,
    pub client_order_id: String,
    /// `(field, record)`.
    pub attached: (String, String),
    /// The record's fields: client order id, trigger type, trigger price type, trigger price,
    /// order type, price.
    pub item: [String; 6],
}

/// What an endpoint's `precheck` names.
#[derive(Debug, Clone)]
pub enum Precheck {
    /// A user's async function `(&Client, &XxxRequest) -> Result<(), Error>`, by Rust path.
    Path(String),
    /// The built-in `contract_limits` (the facade's `contract_limits!` over the names below).
    ContractLimits(Box<ContractLimits>),
}

/// The Rust names the built-in `contract_limits` reads, each found and type-checked.
#[derive(Debug, Clone)]
pub struct ContractLimits {
    /// Request fields: the contract's name, the volume, the price and the order type.
    pub contract_name: String,
    pub volume: String,
    pub price: String,
    pub order_type: String,
    /// The order-type enum and its market variant.
    pub order_enum: String,
    pub market: String,
    /// The lookup endpoint's method and the record it lists.
    pub lookup: String,
    /// The setter of the lookup's optional name parameter: the whole list is asked for first.
    /// `None`: the name is the lookup's one required argument.
    pub lookup_name: Option<String>,
    pub contract: String,
    pub symbol: String,
    /// The status field, its enum and the variant saying the contract cannot trade.
    pub status: String,
    pub status_enum: String,
    pub not_trading: String,
    /// Each limit: its name in the facade's `Limits` and the record's Rust field.
    pub limits: Vec<(&'static str, String)>,
    /// Variants of the products whose orders are valued inversely (`coin_margined`).
    pub inverse: Vec<String>,
}

impl Endpoint {
    pub fn required(&self) -> impl Iterator<Item = &Param> {
        self.params.iter().filter(|p| p.required)
    }
    pub fn optional(&self) -> impl Iterator<Item = &Param> {
        self.params.iter().filter(|p| !p.required)
    }
}

#[derive(Debug, Clone)]
pub struct Stream {
    pub doc: String,
    pub url: String,
    pub channel: String,
    pub tag: String,
    pub subscribe: String,
    pub subscribed: String,
    pub ping: String,
    pub pong: String,
    pub events: Vec<Event>,
    pub listen_key: Option<ListenKey>,
}

#[derive(Debug, Clone)]
pub struct Event {
    pub wire: String,
    pub variant: String,
    pub record: String,
    pub aliases: Vec<String>,
    pub doc: Option<String>,
    /// Rust name of the record's event-time field (`millis`), when the spec names one.
    pub time_rust: Option<String>,
}

/// The public market stream.
#[derive(Debug, Clone)]
pub struct Market {
    pub doc: String,
    pub url: String,
    pub gzip: bool,
    pub ping: String,
    pub pong: String,
    pub heartbeat_ms: u64,
    pub subscribe: String,
    pub unsubscribe: String,
    pub request: String,
    pub reply: String,
    pub max_subscriptions: u64,
    pub max_age_ms: u64,
    pub lowercase: bool,
    pub type_separator: String,
    pub separator: String,
    pub channels: Vec<Channel>,
}

/// A piece of a channel name template.
#[derive(Debug, Clone, PartialEq)]
pub enum NamePart {
    Lit(String),
    Symbol,
    /// The parameter at this index.
    Param(usize),
}

/// A channel of the market stream: a typed subscription and a `MarketEvent` variant.
#[derive(Debug, Clone)]
pub struct Channel {
    /// The spec's key (`depth`), naming the channel in drift findings.
    pub key: String,
    /// `Depth` (the variant; `DepthChannel` the subscription type).
    pub variant: String,
    pub doc: Option<String>,
    pub template: String,
    pub name: Vec<NamePart>,
    /// Required, scalar or enum.
    pub params: Vec<Param>,
    pub payload: String,
    pub history: Option<History>,
}

/// A request (`req`) of a channel answering a list.
#[derive(Debug, Clone)]
pub struct History {
    pub doc: Option<String>,
    pub item: String,
    /// Optional, scalar or enum.
    pub params: Vec<Param>,
}
