use super::*;
use crate::error::InvalidArgument;
use crate::error::tests::TestCode;
use crate::http::endpoint::{Base, EndpointMeta, Method, Security};
use crate::wire::encode::{BodyWriter, PathWriter, QueryWriter};
use rust_decimal::Decimal;
use serde::Deserialize;

/// A response record as the macro would generate it.
#[derive(Debug, PartialEq, Deserialize)]
pub(crate) struct Ack {
    #[serde(rename = "orderId", deserialize_with = "crate::wire::de::wire")]
    pub(crate) order_id: i64,
}

impl crate::wire::de::Wire for Ack {
    fn from_wire<'de, D: Deserializer<'de>>(d: D) -> Result<Self, D::Error> {
        Ack::deserialize(d)
    }
}

macro_rules! test_endpoint {
    ($name:ident, $envelope:expr, $table:expr, $resp:ty, $decode:path) => {
        pub(crate) struct $name;
        impl Endpoint for $name {
            type Response = $resp;
            type Code = TestCode;
            const META: EndpointMeta = EndpointMeta {
                name: stringify!($name),
                method: Method::Get,
                path: "/v1/x",
                base: Base::Product,
                security: Security::None,
                signed: false,
                envelope: $envelope,
                error_table: $table,
                idempotent: true,
                has_body: false,
            };
            fn validate(&self) -> Result<(), InvalidArgument> {
                Ok(())
            }
            fn write_path(&self, out: &mut PathWriter<'_>) {
                out.literal("/v1/x");
            }
            fn write_query(&self, _: &mut QueryWriter<'_>) {}
            fn write_body(&self, _: &mut BodyWriter<'_>) {}
            fn decode_data<'de, D: Deserializer<'de>>(d: D) -> Result<$resp, D::Error> {
                $decode(d)
            }
        }
    };
}

test_endpoint!(
    WrappedAck,
    Envelope::Wrapped,
    "futures",
    Ack,
    crate::wire::de::wire
);
test_endpoint!(
    WrappedList,
    Envelope::Wrapped,
    "futures",
    Vec<Ack>,
    crate::wire::de::wire
);
test_endpoint!(
    WrappedMany,
    Envelope::Wrapped,
    "futures",
    Vec<Ack>,
    crate::wire::de::one_or_many
);
test_endpoint!(
    WrappedNone,
    Envelope::Wrapped,
    "user_stream",
    (),
    crate::wire::de::ignore
);
test_endpoint!(
    StreamKey,
    Envelope::Wrapped,
    "user_stream",
    serde_json::Value,
    crate::wire::de::wire
);
test_endpoint!(
    BareAck,
    Envelope::Bare,
    "futures",
    Ack,
    crate::wire::de::wire
);
test_endpoint!(
    BareDecimals,
    Envelope::Bare,
    "futures",
    Vec<Decimal>,
    crate::wire::de::wire
);
test_endpoint!(
    BareUnit,
    Envelope::Bare,
    "futures",
    (),
    crate::wire::de::ignore
);

fn api_code<E: Endpoint<Code = TestCode>>(
    r: Result<E::Response, Error<TestCode>>,
) -> (i64, String) {
    match r {
        Err(Error::Api { code, message, .. }) => (code.code(), message),
        Err(e) => panic!("expected an API error, got {e}"),
        Ok(_) => panic!("expected an API error, got a value"),
    }
}

#[test]
fn wrapped_success_codes() {
    let body = br#"{"code":"0","msg":"Success","data":{"orderId":1690615847831143159}}"#;
    assert_eq!(
        decode::<WrappedAck>(200, body).unwrap().order_id,
        1690615847831143159
    );
    let body = br#"{"data":{"orderId":"7"},"code":0}"#;
    assert_eq!(decode::<WrappedAck>(200, body).unwrap().order_id, 7);
    let body = br#"{"msg":"succ","code":200,"data":{"listenKey":"ac3a"}}"#;
    assert_eq!(decode::<StreamKey>(200, body).unwrap()["listenKey"], "ac3a");
    decode::<WrappedNone>(200, br#"{"msg":"succ","code":200}"#).unwrap();
    // 200 is not success in the futures table.
    let (code, msg) =
        api_code::<WrappedAck>(decode::<WrappedAck>(200, br#"{"msg":"succ","code":200}"#));
    assert_eq!((code, msg.as_str()), (200, "succ"));
}

#[test]
fn wrapped_errors_with_string_and_number_codes() {
    for body in [
        &br#"{"code":"-1121","msg":"Invalid symbol."}"#[..],
        br#"{"code":-1121,"msg":"Invalid symbol."}"#,
        br#"{"msg":"Invalid symbol.","data":{"weird":[1,2]},"code":-1121}"#,
        br#"{"code":-1121,"data":"nonsense","msg":"Invalid symbol."}"#,
    ] {
        let r = decode::<WrappedAck>(400, body);
        let e = r.as_ref().err().unwrap();
        assert_eq!(e.status(), Some(400));
        assert_eq!(e.code(), Some(TestCode::InvalidSymbol));
        assert_eq!(api_code::<WrappedAck>(r).1, "Invalid symbol.");
    }
    // Missing msg: empty message, code kept.
    let (code, msg) = api_code::<WrappedAck>(decode::<WrappedAck>(200, br#"{"code":-1021}"#));
    assert_eq!((code, msg.as_str()), (-1021, ""));
    // Unknown code goes to the catch-all.
    let r = decode::<WrappedAck>(200, br#"{"code":"-9999","msg":null}"#);
    assert_eq!(r.err().unwrap().code(), Some(TestCode::Unknown(-9999)));
}

#[test]
fn wrapped_null_or_missing_data() {
    let body = br#"{"code":"0","msg":"Success","data":null}"#;
    assert_eq!(decode::<WrappedList>(200, body).unwrap(), vec![]);
    assert_eq!(decode::<WrappedMany>(200, body).unwrap(), vec![]);
    assert_eq!(
        decode::<WrappedList>(200, br#"{"code":0}"#).unwrap(),
        vec![]
    );
    decode::<WrappedNone>(200, br#"{"code":200,"data":null}"#).unwrap();
    // An object type cannot be absent.
    for body in [&body[..], br#"{"code":0,"msg":"ok"}"#] {
        match decode::<WrappedAck>(200, body) {
            Err(Error::Decode {
                endpoint, status, ..
            }) => assert_eq!((endpoint, status), ("WrappedAck", 200)),
            other => panic!("{:?}", other.map(|_| ())),
        }
    }
    let many = br#"{"code":0,"data":{"orderId":1}}"#;
    assert_eq!(
        decode::<WrappedMany>(200, many).unwrap(),
        vec![Ack { order_id: 1 }]
    );
    let many = br#"{"code":0,"data":[{"orderId":1},{}]}"#;
    assert_eq!(
        decode::<WrappedMany>(200, many).unwrap(),
        vec![Ack { order_id: 1 }]
    );
}

#[test]
fn html_is_an_http_error() {
    let html = b"<html><head><title>502 Bad Gateway</title></head><body>nginx</body></html>";
    for status in [200, 502] {
        match decode::<WrappedAck>(status, html) {
            Err(Error::Http {
                status: s,
                endpoint,
                body,
            }) => {
                assert_eq!((s, endpoint), (status, "WrappedAck"));
                assert!(body.starts_with("<html>"));
            }
            other => panic!("{:?}", other.map(|_| ())),
        }
        assert!(matches!(
            decode::<BareAck>(status, html),
            Err(Error::Http { .. })
        ));
    }
    // Long bodies are cut at 200 characters, multi-byte characters intact.
    let long = "é".repeat(1000);
    match decode::<BareAck>(500, long.as_bytes()) {
        Err(Error::Http { body, .. }) => assert_eq!(body.chars().count(), 200),
        other => panic!("{:?}", other.map(|_| ())),
    }
    // Non-2xx JSON without a code.
    assert!(matches!(
        decode::<BareAck>(404, br#"{"error":"nope"}"#),
        Err(Error::Http { .. })
    ));
    assert!(matches!(
        decode::<WrappedAck>(503, b""),
        Err(Error::Http { .. })
    ));
}

#[test]
fn truncated_json_is_a_decode_error() {
    let body = br#"{"code":"0","msg":"Success","data":{"orderId":16906"#;
    assert!(matches!(
        decode::<WrappedAck>(200, body),
        Err(Error::Decode { .. })
    ));
    assert!(matches!(
        decode::<BareAck>(200, br#"{"orderId":1"#),
        Err(Error::Decode { .. })
    ));
    // Wrong shape.
    let wrong = br#"{"code":"0","data":{"orderId":"abc"}}"#;
    match decode::<WrappedAck>(200, wrong) {
        Err(Error::Decode { message, .. }) => assert!(message.contains("abc"), "{message}"),
        other => panic!("{:?}", other.map(|_| ())),
    }
    assert!(matches!(
        decode::<BareAck>(200, br#"{"orderId":1} x"#),
        Err(Error::Decode { .. })
    ));
    assert!(matches!(
        decode::<WrappedAck>(200, br#"[1,2]"#),
        Err(Error::Decode { .. })
    ));
}

#[test]
fn bare_values_and_errors() {
    assert_eq!(
        decode::<BareAck>(200, br#" {"orderId":"12"} "#)
            .unwrap()
            .order_id,
        12
    );
    let v = decode::<BareDecimals>(200, b"[0E-8, \"1010.4043400372839856\", 1e3]").unwrap();
    assert_eq!(
        v.iter().map(|d| d.to_string()).collect::<Vec<_>>(),
        ["0.00000000", "1010.4043400372839856", "1000"]
    );
    decode::<BareUnit>(200, b"{}").unwrap();
    decode::<BareUnit>(200, b"").unwrap();
    // Error object on a 2xx, code as a string.
    let (code, msg) = api_code::<BareAck>(decode::<BareAck>(
        200,
        br#"{"code":"-1121","msg":"Invalid symbol."}"#,
    ));
    assert_eq!((code, msg.as_str()), (-1121, "Invalid symbol."));
    // Error object on a 4xx with extra keys.
    let r = decode::<BareAck>(400, br#"{"code":-1021,"msg":"ts","extra":true}"#);
    assert_eq!(r.err().unwrap().code(), Some(TestCode::InvalidTimestamp));
    // A success code alone is not an error: decoded as the value.
    decode::<BareUnit>(200, br#"{"code":0,"msg":"ok"}"#).unwrap();
}

#[test]
fn never_panics_on_junk() {
    let samples: [&[u8]; 12] = [
        b"",
        b"   ",
        b"{",
        b"}",
        b"[",
        b"null",
        b"\xff\xfe",
        b"{\"code\":",
        b"{\"code\":{}}",
        b"{\"code\":\"0\",\"data\":",
        b"{\"code\":1e400}",
        b"{\"code\":\"0\",\"msg\":[1,{}],\"data\":{\"orderId\":1}}",
    ];
    for body in samples {
        for status in [200, 400, 500] {
            let _ = decode::<WrappedAck>(status, body);
            let _ = decode::<WrappedMany>(status, body);
            let _ = decode::<BareAck>(status, body);
            let _ = decode::<BareUnit>(status, body);
        }
    }
    // An odd message does not hide the code's value.
    let body = br#"{"code":"0","msg":[1,{}],"data":{"orderId":1}}"#;
    assert_eq!(decode::<WrappedAck>(200, body).unwrap().order_id, 1);
}
