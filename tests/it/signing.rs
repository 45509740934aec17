//! The signature rule, through the public API, against the published vector and an independent HMAC.

use crate::common::{fixture, hmac_hex};
use contango::Credentials;

const SECRET: &str = "902ae3cb34ecee2779aa4d3e1d226686";

#[test]
fn published_vector() {
    let body = fixture("signature_example_body.json");
    let body = body.trim_end();
    let sig = Credentials::new("key", SECRET).sign(
        1_588_591_856_950,
        "POST",
        "/sapi/v1/order/test",
        "",
        body.as_bytes(),
    );
    assert_eq!(
        sig.as_str(),
        "c50d0a74bb9427a9a03933d0eded03af9bf50115dc5b706882a4fcf07a26b761"
    );
}

#[test]
fn get_with_query_signs_path_question_mark_query() {
    let c = Credentials::new("key", SECRET);
    let sig = c.sign(
        1_700_000_000_000,
        "GET",
        "/fapi/v2/order",
        "contractName=E-BTC-USDT&orderId=5",
        b"",
    );
    let expected = hmac_hex(
        SECRET,
        b"1700000000000GET/fapi/v2/order?contractName=E-BTC-USDT&orderId=5",
    );
    assert_eq!(sig.as_str(), expected);
}

#[test]
fn empty_query_has_no_question_mark_and_hex_is_lower_case() {
    let c = Credentials::new("key", SECRET);
    let sig = c.sign(1_700_000_000_000, "GET", "/fapi/v2/account", "", b"");
    assert_eq!(
        sig.as_str(),
        hmac_hex(SECRET, b"1700000000000GET/fapi/v2/account")
    );
    assert_eq!(sig.as_str().len(), 64);
    assert!(
        sig.as_str()
            .bytes()
            .all(|b| b.is_ascii_digit() || (b'a'..=b'f').contains(&b))
    );
}

#[test]
fn post_signs_exact_body_bytes() {
    let c = Credentials::new("key", SECRET);
    let body = br#"{"contractName":"E-BTC-USDT","leverage":5}"#;
    let sig = c.sign(1, "POST", "/fapi/v2/level_edit", "", body);
    let mut msg = b"1POST/fapi/v2/level_edit".to_vec();
    msg.extend_from_slice(body);
    assert_eq!(sig.as_str(), hmac_hex(SECRET, &msg));
}

#[test]
fn secret_is_never_printed() {
    let c = Credentials::new("my-key", SECRET);
    for shown in [format!("{c:?}"), format!("{c:#?}"), format!("{c}")] {
        assert!(!shown.contains(SECRET), "{shown}");
        assert!(!shown.contains("902ae3cb"), "{shown}");
    }
}
