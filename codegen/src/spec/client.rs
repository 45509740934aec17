//! The interface's identity and what every request is built from: `info`, `auth` (the signing
//! headers) and `products` (the product lines and their path prefixes).

use super::Str;
use crate::diag::Diagnostics;
use crate::read::{Named, Obj, Read, check};
use crate::schema::{Key, Object, Shape};
use crate::yaml::{Location, Node, Spanned};

#[derive(Debug)]
pub struct Info {
    pub title: String,
    pub version: String,
    pub doc: String,
}

impl Info {
    pub(super) fn placeholder() -> Self {
        Info {
            title: String::new(),
            version: String::new(),
            doc: String::new(),
        }
    }
}

pub static INFO: Object = Object {
    name: "Info",
    doc: "Title, version and documentation of the interface.",
    keys: &[
        Key::req("title", Shape::Str, "Name of the interface."),
        Key::req(
            "version",
            Shape::Str,
            "Version of the interface (quote it: \"2.0\").",
        ),
        Key::req(
            "doc",
            Shape::Str,
            "What the whole interface is for; rustdoc of the client.",
        ),
    ],
    check: check::<Info>,
};
reader!(Info, &INFO, { title: req "title", version: req "version", doc: req "doc" });

#[derive(Debug)]
pub struct Auth {
    pub api_key_header: Str,
    pub signature_header: Str,
    pub timestamp_header: Str,
    pub recv_window_param: Str,
    pub signed: Option<Vec<Str>>,
}

impl Auth {
    pub(super) fn placeholder() -> Self {
        let s = |v: &str| Spanned::new(v.to_string(), Location::UNKNOWN, Location::UNKNOWN);
        Auth {
            api_key_header: s("X-API-KEY"),
            signature_header: s("X-SIGNATURE"),
            timestamp_header: s("X-TIMESTAMP"),
            recv_window_param: s("recvWindow"),
            signed: None,
        }
    }
}

pub static AUTH: Object = Object {
    name: "Auth",
    doc: "Header names used to sign requests.",
    keys: &[
        Key::req(
            "api_key_header",
            Shape::Str,
            "Header carrying the API key (the interface document names it `X-CH-APIKEY`).",
        ),
        Key::req(
            "signature_header",
            Shape::Str,
            "Header carrying the lower-case hex HMAC-SHA256 signature (the interface document names it `X-CH-SIGN`).",
        ),
        Key::req(
            "timestamp_header",
            Shape::Str,
            "Header carrying the timestamp in milliseconds (the interface document names it `X-CH-TS`).",
        ),
        Key::req(
            "recv_window_param",
            Shape::Str,
            "How the optional receive window travels: in the query for GET, in the JSON body otherwise (`recvWindow`).",
        ),
        Key::opt(
            "signed",
            Shape::List(&Shape::Str),
            "Security types whose requests carry the signature and timestamp headers; default `[TRADE, USER_DATA]` (the interface document's). The receive window goes only to TRADE and USER_DATA requests.",
        ),
    ],
    check: check::<Auth>,
};
reader!(Auth, &AUTH, {
    api_key_header: req "api_key_header",
    signature_header: req "signature_header",
    timestamp_header: req "timestamp_header",
    recv_window_param: req "recv_window_param",
    signed: opt "signed",
});

#[derive(Debug)]
pub struct Product {
    pub prefix: Str,
    pub doc: String,
}

pub static PRODUCT: Object = Object {
    name: "Product",
    doc: "A product line; endpoints with `base: product` are sent to base_url + prefix + path.",
    keys: &[
        Key::req(
            "prefix",
            Shape::Str,
            "Path prefix of the product's endpoints (`/fapi`).",
        ),
        Key::req("doc", Shape::Str, "Rustdoc of the `Product` variant."),
    ],
    check: check::<Product>,
};
reader!(Product, &PRODUCT, { prefix: req "prefix", doc: req "doc" });
impl Named for Product {
    const NOUN: &'static str = "product";
}
