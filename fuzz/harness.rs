//! One fuzz input through contango's decoders, shared by the cargo-fuzz targets
//! (`fuzz/fuzz_targets/`) and the regression tests (`tests/it/fuzz_regressions.rs`, which includes
//! this file with `#[path]`), so a saved crash input replays through exactly the same calls.
//!
//! Input layouts (the first byte selects, the rest is what a server would send):
//! - [`envelope`]: byte 0 = `status index << 5 | endpoint index` (into [`STATUSES`] and
//!   [`endpoints`], the spec's endpoints in spec order); the rest is an HTTP body, decoded by the
//!   runtime's envelope path for that endpoint and status.
//! - [`response`]: byte 0 = index into [`RESPONSES`] (each type alone, then as a list, then the
//!   market payloads); the rest is JSON for `serde_json::from_slice` (and, for the types answers
//!   and frames carry, for the direct reader, which must agree).
//! - [`event`]: the whole input is one stream frame for `Event::decode`.
//!
//! Each function panics only when an invariant is broken (a decoder panicked, or an answer broke
//! a promise of the error type); decode failures are the expected outcome of most inputs.

use std::fmt::Debug;
use std::sync::OnceLock;

use contango::*;
use contango_runtime::ApiCode;
use contango_runtime::error::Error;
use contango_runtime::http::endpoint::{EachEndpoint, Endpoint};
use contango_runtime::wire::de::Wire;
use contango_runtime::wire::direct::{Direct, read_all};
use serde::de::DeserializeOwned;

/// Decodes one HTTP answer (status, body) for an endpoint.
pub type DecodeAnswer = fn(u16, &[u8]);
/// Decodes one JSON document as a type.
pub type DecodeJson = fn(&[u8]);

/// HTTP statuses a selector byte's top three bits pick from.
pub const STATUSES: [u16; 8] = [200, 200, 201, 204, 400, 418, 429, 503];

/// Every endpoint of the spec, through `contango_runtime::wire::envelope::decode`: its name and
/// its decoding, in spec order (the generated `each_endpoint`, the order of `contango::ENDPOINTS`),
/// so a selector's endpoint index means the same endpoint as long as the spec keeps its order.
pub fn endpoints() -> &'static [(&'static str, DecodeAnswer)] {
    struct List(Vec<(&'static str, DecodeAnswer)>);
    impl EachEndpoint for List {
        fn endpoint<E: Endpoint>(&mut self) {
            self.0.push((E::META.name, endpoint::<E>));
        }
    }
    static LIST: OnceLock<Vec<(&'static str, DecodeAnswer)>> = OnceLock::new();
    LIST.get_or_init(|| {
        let mut list = List(Vec::new());
        each_endpoint(&mut list);
        list.0
    })
}

/// The selector byte of [`envelope`] for an endpoint (by spec name) and a status index.
pub fn envelope_selector(endpoint: &str, status_index: u8) -> Option<u8> {
    let i = endpoints().iter().position(|(name, _)| *name == endpoint)?;
    Some((status_index & 7) << 5 | u8::try_from(i).ok()?)
}

/// An HTTP answer for one endpoint: see the module docs for the layout.
pub fn envelope(data: &[u8]) {
    let Some((&sel, body)) = data.split_first() else {
        return;
    };
    let status = STATUSES[usize::from(sel >> 5)];
    let endpoints = endpoints();
    let (_, decode) = endpoints[usize::from(sel & 0x1f) % endpoints.len()];
    decode(status, body);
}

fn endpoint<E: Endpoint>(status: u16, body: &[u8]) {
    match contango_runtime::wire::envelope::decode::<E>(status, body) {
        Ok(v) => {
            // A bare body is a value only on a 2xx answer.
            if E::META.envelope == contango_runtime::http::endpoint::Envelope::Bare {
                assert!((200..300).contains(&status), "value from HTTP {status}");
            }
            let _ = format!("{v:?}");
        }
        Err(e) => {
            match &e {
                Error::Api {
                    code, status: s, ..
                } => {
                    assert_eq!(*s, status);
                    assert!(
                        !E::Code::is_success(E::META.error_table, code.code()),
                        "a success code reported as an error: {e}"
                    );
                }
                Error::Http {
                    body, status: s, ..
                } => {
                    assert_eq!(*s, status);
                    assert!(body.chars().count() <= 200, "snippet not cut");
                }
                Error::Decode { status: s, .. } => assert_eq!(*s, status),
                other => panic!("decoding produced a non-decoding error: {other}"),
            }
            let _ = (e.to_string(), format!("{e:?}"));
        }
    }
}

/// Every response, record and enum type of the spec, alone and as a list.
pub const RESPONSES: &[(&str, DecodeJson)] = &[
    ("ServerTime", same::<ServerTime>),
    ("Contract", same::<Contract>),
    ("OrderBook", same::<OrderBook>),
    ("PriceLevel", same::<PriceLevel>),
    ("Ticker", same::<Ticker>),
    ("Kline", same::<Kline>),
    ("Trade", same::<Trade>),
    ("Order", same::<Order>),
    ("OrderId", same::<OrderId>),
    ("Account", same::<Account>),
    ("AccountBalance", same::<AccountBalance>),
    ("PositionGroup", same::<PositionGroup>),
    ("Position", same::<Position>),
    ("LeverageBrackets", same::<LeverageBrackets>),
    ("LeverageBracket", same::<LeverageBracket>),
    ("CommissionRate", same::<CommissionRate>),
    ("TransferRecord", same::<TransferRecord>),
    ("ForceOrder", same::<ForceOrder>),
    ("CoPositionExt", same::<CoPositionExt>),
    ("ListenKey", same::<ListenKey>),
    ("StreamSubscribe", one::<StreamSubscribe>),
    ("StreamSubscribeParams", one::<StreamSubscribeParams>),
    ("StreamSubscribed", one::<StreamSubscribed>),
    ("StreamPing", one::<StreamPing>),
    ("StreamPong", one::<StreamPong>),
    ("OrderTradeUpdate", same::<OrderTradeUpdate>),
    ("OrderUpdate", same::<OrderUpdate>),
    ("AccountUpdate", same::<AccountUpdate>),
    ("AccountUpdateData", same::<AccountUpdateData>),
    ("BalanceUpdate", same::<BalanceUpdate>),
    ("PositionUpdate", same::<PositionUpdate>),
    ("Side", same::<Side>),
    ("OrderType", same::<OrderType>),
    ("OrderStatus", same::<OrderStatus>),
    ("Open", same::<Open>),
    ("PositionType", same::<PositionType>),
    ("ContractStatus", same::<ContractStatus>),
    ("ContractSide", same::<ContractSide>),
    ("ContractType", same::<ContractType>),
    ("TransferType", same::<TransferType>),
    ("TransferStatus", same::<TransferStatus>),
    ("KlineInterval", one::<KlineInterval>),
    ("FreezeLock", same::<FreezeLock>),
    ("PositionStatus", same::<PositionStatus>),
    ("AutoCloseType", one::<AutoCloseType>),
    ("UsingAccountType", same::<UsingAccountType>),
    ("CopyStatus", same::<CopyStatus>),
    ("ShareRoyaltyStatus", same::<ShareRoyaltyStatus>),
    ("ClosePositionType", same::<ClosePositionType>),
    ("ExecutionType", same::<ExecutionType>),
    ("PositionSide", same::<PositionSide>),
    ("AccountUpdateReason", same::<AccountUpdateReason>),
    ("list<ServerTime>", same::<Vec<ServerTime>>),
    ("list<Contract>", same::<Vec<Contract>>),
    ("list<OrderBook>", same::<Vec<OrderBook>>),
    ("list<PriceLevel>", same::<Vec<PriceLevel>>),
    ("list<Ticker>", same::<Vec<Ticker>>),
    ("list<Kline>", same::<Vec<Kline>>),
    ("list<Trade>", same::<Vec<Trade>>),
    ("list<Order>", same::<Vec<Order>>),
    ("list<TransferRecord>", same::<Vec<TransferRecord>>),
    ("list<ForceOrder>", same::<Vec<ForceOrder>>),
    ("list<LeverageBracket>", same::<Vec<LeverageBracket>>),
    ("list<Position>", same::<Vec<Position>>),
    ("MarketDepth", same::<MarketDepth>),
    ("MarketTrades", same::<MarketTrades>),
    ("MarketTrade", same::<MarketTrade>),
    ("MarketTicker", same::<MarketTicker>),
    ("MarketKline", same::<MarketKline>),
    ("TriggerType", same::<TriggerType>),
    ("TriggerPriceType", same::<TriggerPriceType>),
    ("TriggerOrderType", same::<TriggerOrderType>),
    ("StreamKlineInterval", one::<StreamKlineInterval>),
    ("TriggerOrderCreateParam", one::<TriggerOrderCreateParam>),
];

/// The selector byte of [`response`] for a type name of [`RESPONSES`].
pub fn response_selector(name: &str) -> Option<u8> {
    let i = RESPONSES.iter().position(|(n, _)| *n == name)?;
    u8::try_from(i).ok()
}

/// A JSON document for one response type: see the module docs for the layout.
pub fn response(data: &[u8]) {
    let Some((&sel, json)) = data.split_first() else {
        return;
    };
    let (_, decode) = RESPONSES[usize::from(sel) % RESPONSES.len()];
    decode(json);
}

fn one<T: DeserializeOwned + Debug>(json: &[u8]) {
    match serde_json::from_slice::<T>(json) {
        Ok(v) => {
            let _ = format!("{v:?}");
        }
        Err(e) => {
            let _ = e.to_string();
        }
    }
}

/// A type that answers and frames carry: decoded as [`one`], and whatever the direct reader (the
/// fast path) reads must be exactly what serde reads through `Wire`, the path it stands in for.
fn same<T: Direct + Wire + DeserializeOwned + Debug + PartialEq>(json: &[u8]) {
    if let Some(direct) = read_all(json, T::direct) {
        let mut de = serde_json::Deserializer::from_slice(json);
        match T::from_wire(&mut de).and_then(|v| de.end().map(|()| v)) {
            Ok(general) => assert_eq!(direct, general, "the direct reader and serde disagree"),
            Err(e) => panic!("the direct reader read what serde refuses ({e}): {direct:?}"),
        }
    }
    one::<T>(json);
}

/// One data frame of the private stream, as `Event::decode` gets it.
pub fn event(frame: &[u8]) {
    match Event::decode(frame) {
        Ok(e) => {
            let _ = (e.event_type().len(), format!("{e:?}"));
            if let Event::Other { raw, .. } = &e {
                // `raw` is the frame itself (lossy UTF-8), not something the frame claims.
                assert!(raw.len() <= frame.len().saturating_mul(3));
            }
        }
        Err(e) => {
            let _ = e.to_string();
        }
    }
}

/// A market-stream frame as received (gzip binary or text): never a panic; what decodes is
/// consistent with the frame.
pub fn market(frame: &[u8]) {
    use contango::MarketMessage;
    let decoded = contango::MarketStreamApi::decode_frame(frame);
    // A text object with an escaped key in front is read by serde alone (the direct reader gives
    // up on escapes): both readings must agree.
    let json_ws = [' ', '\t', '\n', '\r'];
    let body = std::str::from_utf8(frame)
        .ok()
        .and_then(|t| t.trim_start_matches(json_ws).strip_prefix('{'))
        .filter(|b| !b.trim_start_matches(json_ws).starts_with('}'));
    if let Some(body) = body {
        let general = format!(r#"{{"\u007a\u007a":0,{body}"#);
        let general = contango::MarketStreamApi::decode_frame(general.as_bytes());
        assert_eq!(
            decoded.is_ok(),
            general.is_ok(),
            "{decoded:?} / {general:?}"
        );
        match (&decoded, &general) {
            // A refusal quotes the frame, which differs by the key.
            (Ok(MarketMessage::Refused(_)), Ok(MarketMessage::Refused(_))) => {}
            (Ok(d), Ok(g)) => assert_eq!(d, g, "the direct reader and serde disagree"),
            _ => {}
        }
    }
    match decoded {
        Ok(MarketMessage::Ping { pong }) => {
            serde_json::from_str::<serde_json::Value>(&pong).expect("the pong is JSON");
        }
        Ok(MarketMessage::Event(e)) => {
            let _ = (e.channel_name(), format!("{e:?}"));
        }
        Ok(other) => {
            let _ = format!("{other:?}");
        }
        Err(e) => {
            let _ = e.to_string();
        }
    }
}

/// A recording file (`contango --record`) as `Recording::parse` reads it: read, or refused with
/// a line that exists; what is read writes nothing it did not hold.
pub fn recording(data: &[u8]) {
    use contango::recording::Recording;
    let lines = data.iter().filter(|&&b| b == b'\n').count() + 1;
    match Recording::parse(data) {
        Ok(r) => {
            for e in &r.entries {
                assert!(e.line >= 2 && e.line <= lines, "line {} of {lines}", e.line);
            }
            for (_, x) in r.exchanges() {
                let _ = x.to_string();
            }
        }
        Err(e) => {
            assert!(e.line >= 1 && e.line <= lines, "{e} (of {lines} lines)");
            let _ = e.to_string();
        }
    }
}
