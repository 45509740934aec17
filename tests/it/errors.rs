//! Error mapping: both tables, `-1150` by context, unknown codes kept, non-JSON bodies typed.

use crate::common::{TestServer, client, fixture};
use contango::*;

#[tokio::test]
async fn futures_table_codes_map_with_message_and_status() {
    let s = TestServer::start().await;
    let c = client(&s);
    s.respond("/fapi/v1/ticker", 400, fixture("error_response.json"));
    let e = c.ticker("NOPE").send().await.expect_err("error");
    assert_eq!(e.code(), Some(ErrorCode::InvalidContract));
    assert_eq!(e.message(), Some("Invalid symbol."));
    assert_eq!(e.status(), Some(400));
    assert_eq!(e.retry_class(), RetryClass::Never);
    assert_eq!(ErrorCode::InvalidContract.code(), -1121);

    // Wrapped endpoints: a string code, HTTP 200.
    s.respond(
        "/fapi/v2/cancel",
        200,
        r#"{"code":"-2013","msg":"Order does not exist."}"#,
    );
    let e = c
        .cancel_order("E-BTC-USDT")
        .order_id(1)
        .send()
        .await
        .expect_err("error");
    assert_eq!(e.code(), Some(ErrorCode::OrderNotFound));
    assert_eq!(e.status(), Some(200));

    for (code, expected, retry) in [
        (-1021, ErrorCode::InvalidTimestamp, RetryClass::ResyncClock),
        (-1003, ErrorCode::TooManyRequests, RetryClass::BackOff),
        (-1001, ErrorCode::InternalError, RetryClass::Safe),
        (-1007, ErrorCode::BackendTimeout, RetryClass::Ambiguous),
        (
            -1147,
            ErrorCode::CoinMarginedNotSupported,
            RetryClass::Never,
        ),
        (
            -1148,
            ErrorCode::UsdtMarginedNotSupported,
            RetryClass::Never,
        ),
        (-2017, ErrorCode::InsufficientBalance, RetryClass::Never),
        (-1150, ErrorCode::TooManyDecimalPlaces, RetryClass::Never),
        (-1022, ErrorCode::InvalidSignature, RetryClass::Never),
    ] {
        s.respond(
            "/fapi/v2/account",
            200,
            format!(r#"{{"code":{code},"msg":"m{code}"}}"#),
        );
        let e = c.account().send().await.expect_err("error");
        assert_eq!(e.code(), Some(expected), "{code}");
        assert_eq!(e.retry_class(), retry, "{code}");
        assert_eq!(e.message(), Some(format!("m{code}").as_str()));
    }
    // Every code of the futures table round-trips through its table.
    assert_eq!(
        ErrorCode::from_wire("futures", -1153),
        ErrorCode::LeverageTooHigh
    );
    assert_eq!(
        ErrorCode::LeverageTooHigh.message_template(),
        "maximum leverage does not exceed {0}"
    );
}

#[tokio::test]
async fn user_stream_table_and_minus_1150_by_context() {
    let s = TestServer::start().await;
    let c = client(&s);
    s.respond(
        "/user_stream/api/v1/listenKey/gone",
        200,
        r#"{"code":-1150,"msg":"listen key does not exist"}"#,
    );
    let e = c
        .keep_alive_listen_key("gone")
        .send()
        .await
        .expect_err("error");
    assert_eq!(
        e.code(),
        Some(ErrorCode::InvalidListenKey),
        "-1150 on a listen-key endpoint"
    );
    for (code, expected) in [
        (1022, ErrorCode::InvalidApiKey),
        (1102, ErrorCode::MandatoryParamEmptyOrMalformed),
        (503, ErrorCode::ServiceError),
    ] {
        s.respond(
            "/user_stream/api/v1/listenKey",
            200,
            format!(r#"{{"code":{code},"msg":"no"}}"#),
        );
        let e = c.create_listen_key().send().await.expect_err("error");
        assert_eq!(e.code(), Some(expected), "{code}");
    }
    // 200 is success in this table, and 0 is not.
    s.respond(
        "/user_stream/api/v1/listenKey",
        200,
        r#"{"code":0,"msg":"?","data":{"listenKey":"k"}}"#,
    );
    let e = c
        .create_listen_key()
        .send()
        .await
        .expect_err("0 is not success for the user stream");
    assert_eq!(e.code(), Some(ErrorCode::Unknown(0)));
}

#[tokio::test]
async fn unknown_codes_and_garbage_are_typed_errors() {
    let s = TestServer::start().await;
    let c = client(&s);
    s.respond(
        "/fapi/v2/account",
        200,
        r#"{"code":-9999,"msg":"brand new failure"}"#,
    );
    let e = c.account().send().await.expect_err("error");
    assert_eq!(e.code(), Some(ErrorCode::Unknown(-9999)));
    assert_eq!(e.message(), Some("brand new failure"));
    assert!(e.to_string().contains("-9999"), "{e}");

    s.respond(
        "/fapi/v2/account",
        502,
        "<html><body><h1>502 Bad Gateway</h1></body></html>",
    );
    let e = c.account().send().await.expect_err("html");
    assert!(matches!(e, Error::Http { status: 502, .. }), "{e:?}");
    assert_eq!(e.status(), Some(502));
    assert_eq!(e.code(), None);

    s.respond("/fapi/v2/account", 200, r#"{"code":"0","msg":"Success","data":{"account":[{"marginCoin":"USDT","accountNormal":"abc"}]}}"#);
    let e = c.account().send().await.expect_err("bad decimal");
    assert!(matches!(e, Error::Decode { .. }), "{e:?}");

    s.respond(
        "/fapi/v2/account",
        200,
        r#"{"code":"0","msg":"Success","data":{"acc"#,
    );
    let e = c.account().send().await.expect_err("truncated");
    assert!(
        matches!(e, Error::Decode { .. } | Error::Http { .. }),
        "{e:?}"
    );

    s.respond("/fapi/v1/depth", 200, "");
    assert!(
        c.depth("E-BTC-USDT").send().await.is_err(),
        "empty body is an error"
    );
}

#[tokio::test]
async fn keyed_endpoints_without_credentials_are_refused_locally() {
    let s = TestServer::start().await;
    let c = Client::builder().base_url(&s.url).build().expect("client");
    let e = c.account().send().await.expect_err("no credentials");
    assert!(matches!(e, Error::MissingCredentials { .. }), "{e:?}");
    assert!(s.requests().is_empty(), "nothing was sent");
}
