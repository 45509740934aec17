//! The validator's own checks, one group per section, on a small spec the reader accepts as it
//! is: each test edits it into one kind of mistake and expects that mistake, located (file, line,
//! column, key path), and only that one; or checks what the valid spec is lowered to.

use super::validate;
use crate::ir::{self, Ir, Ty};
use crate::spec;
use crate::target::Target;

/// A spec with something of each section: records, enums, an endpoint with path, query and body
/// parameters and a rule, and a market stream with two parameterised channels.
const BASE: &str = r#"info: { title: T, version: "1", doc: D }
auth: { api_key_header: X-KEY, signature_header: X-SIGN, timestamp_header: X-TS, recv_window_param: recvWindow }
products:
  usdt_margined: { prefix: /fapi, doc: USDT. }
error_tables:
  futures:
    success: [0]
    codes:
      - { code: -1, name: BAD_REQUEST, message: bad, retry: never }
      - { code: -2, name: NOT_FOUND, message: none, retry: safe }
rate_limits:
  default: { requests: 20, per_ms: 1000 }
enums:
  Side:
    doc: Side.
    values: [ { wire: BUY }, { wire: SELL } ]
  Interval:
    doc: Interval.
    values: [ { wire: 1min }, { wire: 5min } ]
types:
  Thing:
    doc: A thing.
    fields:
      id: { type: i64, required: true }
      side: Side
  Tick:
    doc: A tick.
    fields:
      price: decimal
endpoints:
  thing:
    doc: Gets a thing.
    method: GET
    path: /v1/thing/{id}
    security: NONE
    errors: futures
    path_params:
      id: i64
    query:
      limit: { type: i32, min: 1, max: 10 }
    response: { envelope: bare, data: Thing }
  order:
    doc: Places an order.
    method: POST
    path: /v1/order
    security: TRADE
    errors: futures
    body:
      symbol: { type: string, required: true }
      side: { type: Side, required: true }
      price: { type: decimal, min: 0.1 }
      clientId: { type: string, max_len: 32 }
    rules:
      - at_least_one_of: [price, clientId]
    response: { envelope: wrapped, data: Thing }
market_stream:
  doc: Market.
  url: "wss://{host}/ws"
  compression: gzip
  heartbeat: { ping: ping, pong: pong, interval_ms: 10000 }
  messages: { subscribe: sub, unsubscribe: unsub, request: req, reply: rep }
  max_subscriptions: 100
  max_connection_age_ms: 86400000
  symbol: { lowercase: true, type_separator: "_", separator: "" }
  channels:
    depth:
      name: "market_{symbol}_depth_step{step}"
      params:
        step: { type: i32, min: 0, max: 9 }
      payload: Tick
    kline:
      name: "market_{symbol}_kline_{interval}"
      params:
        interval: Interval
      payload: Tick
"#;

/// `text` checked for `target`: the IR and every mistake, rendered, in file order. The reader
/// must accept `text` as it is: these tests are about what `validate` finds.
fn check(text: &str, target: Target) -> (Ir, Vec<String>) {
    let (model, read) = spec::parse(text);
    assert!(read.is_empty(), "the reader's mistakes: {read:#?}");
    let (ir, mut diags) = validate(&model.expect("the model"), target);
    diags.sort();
    let rendered = diags.iter().map(|d| d.render("spec.yaml")).collect();
    (ir, rendered)
}

/// The mistakes of `text` for the SDK.
fn mistakes(text: &str) -> Vec<String> {
    check(text, Target::Sdk).1
}

/// `BASE` with each `(from, to)` replaced; each `from` must occur exactly once.
fn edit(edits: &[(&str, &str)]) -> String {
    let mut text = BASE.to_owned();
    for (from, to) in edits {
        assert_eq!(text.matches(from).count(), 1, "`{from}` must occur once");
        text = text.replacen(from, to, 1);
    }
    text
}

/// `spec.yaml:LINE:COLUMN` of `needle` in the first line of the first `anchor` (which may span
/// lines) of `text`.
fn at(text: &str, anchor: &str, needle: &str) -> String {
    let start = text
        .find(anchor)
        .unwrap_or_else(|| panic!("`{anchor}` is not in the spec"));
    let first_line = anchor.lines().next().unwrap_or_default();
    let offset = first_line
        .find(needle)
        .unwrap_or_else(|| panic!("`{needle}` is not in `{first_line}`"));
    let line_start = text[..start].rfind('\n').map_or(0, |i| i + 1);
    let line = text[..start].matches('\n').count() + 1;
    format!("spec.yaml:{line}:{}", start - line_start + offset + 1)
}

/// Asserts `got` is exactly the mistakes `want`, in order, each holding its `want`.
fn all(got: &[String], want: &[&str]) {
    assert_eq!(got.len(), want.len(), "{got:#?}");
    for (g, w) in got.iter().zip(want) {
        assert!(g.contains(w), "expected `{w}` in {got:#?}");
    }
}

/// Asserts `got` is exactly one mistake, starting with `start` and holding `needle`.
fn one(got: &[String], start: &str, needle: &str) {
    assert_eq!(got.len(), 1, "{got:#?}");
    assert!(
        got[0].starts_with(start) && got[0].contains(needle),
        "expected `{start}` ... `{needle}`, got {got:#?}"
    );
}

#[test]
fn the_base_spec_is_valid_for_both_targets() {
    for target in [Target::Sdk, Target::Cli] {
        let (ir, d) = check(BASE, target);
        assert!(d.is_empty(), "{target:?}: {d:#?}");
        assert_eq!(ir.endpoints.len(), 2);
        assert_eq!(ir.market.map(|m| m.channels.len()), Some(2));
    }
}

mod types {
    use super::*;

    #[test]
    fn a_name_in_both_types_and_enums_is_reported_once_and_the_first_kept() {
        let text = edit(&[("  Tick:\n", "  Side:\n")]).replace("payload: Tick", "payload: Thing");
        let (ir, d) = check(&text, Target::Sdk);
        one(
            &d,
            &format!(
                "{}: types.Side: ",
                at(&text, "  Side:\n    doc: A tick", "Side")
            ),
            "`Side` is defined twice (types and enums share one namespace)",
        );
        assert!(ir.enums.iter().any(|e| e.name == "Side"));
        assert!(ir.records.iter().all(|r| r.name != "Side"));
    }

    #[test]
    fn type_names_are_upper_camel_case_and_not_taken_by_generated_code() {
        let text = edit(&[
            ("  Tick:\n", "  tick_data:\n"),
            ("  Thing:\n", "  Client:\n"),
        ]);
        // References to the names left out are not reported again.
        let text = text
            .replace("payload: Tick", "payload: tick_data")
            .replace("data: Thing", "data: Client");
        let d = mistakes(&text);
        all(
            &d,
            &[
                "types.Client: `Client` is reserved for generated code",
                "types.tick_data: `tick_data` is not a Rust type name",
            ],
        );
    }

    #[test]
    fn an_unknown_type_is_reported_with_the_closest_name() {
        let text = edit(&[("      price: decimal\n", "      price: Thnig\n")]);
        one(
            &mistakes(&text),
            &format!(
                "{}: types.Tick.fields.price: ",
                at(&text, "price: Thnig", "Thnig")
            ),
            "unknown type `Thnig` (did you mean `Thing`?)",
        );
    }

    #[test]
    fn type_expressions_are_closed_and_one_or_many_is_not_a_parameter() {
        let text = edit(&[("      side: Side\n", "      side: list<Side\n")]);
        one(
            &mistakes(&text),
            "spec.yaml:",
            "`list<Side` is missing its closing `>`",
        );
        let text = edit(&[("      id: i64\n", "      id: one_or_many<i64>\n")]);
        one(
            &mistakes(&text),
            "spec.yaml:",
            "endpoints.thing.path_params.id: `one_or_many<...>` is not allowed here",
        );
    }
}

mod records {
    use super::*;

    #[test]
    fn records_holding_each_other_are_left_out_and_reported_once() {
        let text = edit(&[
            ("      side: Side\n", "      side: Side\n      tick: Tick\n"),
            (
                "      price: decimal\n",
                "      price: decimal\n      thing: Thing\n",
            ),
        ]);
        let (ir, d) = check(&text, Target::Sdk);
        one(
            &d,
            "spec.yaml:",
            "`Thing` contains itself (Thing -> Tick -> Thing)",
        );
        assert!(ir.records.is_empty(), "{:?}", ir.records);
    }

    #[test]
    fn two_fields_with_one_rust_name_are_reported_at_the_second() {
        let text = edit(&[(
            "      side: Side\n",
            "      side: Side\n      Side: string\n",
        )]);
        let (ir, d) = check(&text, Target::Sdk);
        one(
            &d,
            &format!(
                "{}: types.Thing.fields.Side: ",
                at(&text, "Side: string", "Side")
            ),
            "field `Side` and field `side` both become the Rust field `side`",
        );
        let thing = ir
            .records
            .iter()
            .find(|r| r.name == "Thing")
            .expect("Thing");
        assert_eq!(thing.fields.len(), 2);
    }

    #[test]
    fn an_alias_of_another_field_is_refused_and_an_encoding_checked() {
        let text = edit(&[(
            "      side: Side\n",
            "      side: { type: Side, aliases: [id] }\n      qty: { type: decimal, encode: text }\n",
        )]);
        let d = mistakes(&text);
        all(
            &d,
            &[
                "types.Thing.fields.side.aliases: alias `id` duplicates another field",
                "types.Thing.fields.qty.encode: unknown encoding `text`",
            ],
        );
    }
}

mod enums {
    use super::*;

    #[test]
    fn integer_values_need_integers_and_names() {
        let text = edit(&[(
            "    values: [ { wire: BUY }, { wire: SELL } ]",
            "    repr: integer\n    values: [ { wire: 1, name: buy }, { wire: 2 }, { wire: three, name: three } ]",
        )]);
        let (ir, d) = check(&text, Target::Sdk);
        all(
            &d,
            &[
                "enums.Side.values[1].name: integer enum values need a `name`",
                "enums.Side.values[2].wire: `three` is not an integer",
            ],
        );
        let side = ir.enums.iter().find(|e| e.name == "Side").expect("Side");
        assert!(side.integer && side.values[0].variant == "Buy" && side.values[0].wire == "1");
    }

    #[test]
    fn values_collide_ignoring_case_in_a_case_insensitive_enum() {
        let values = "    values: [ { wire: BUY }, { wire: SELL } ]";
        let clash = "    values: [ { wire: BUY }, { wire: buy, name: again } ]";
        assert!(mistakes(&edit(&[(values, clash)])).is_empty());
        let text = edit(&[(values, &format!("    case_insensitive: true\n{clash}"))]);
        one(
            &mistakes(&text),
            "spec.yaml:",
            "enums.Side.values[1].wire: duplicate enum value `buy` (first at enums.Side.values[0])",
        );
    }

    #[test]
    fn a_variant_cannot_be_the_catch_all() {
        let text = edit(&[("{ wire: SELL }", "{ wire: OTHER }")]);
        let (ir, d) = check(&text, Target::Sdk);
        one(&d, "spec.yaml:", "variant name `Other` is taken");
        let side = ir.enums.iter().find(|e| e.name == "Side").expect("Side");
        assert_eq!(side.values.len(), 1);
    }
}

mod errors {
    use super::*;

    #[test]
    fn codes_are_unique_per_table_and_names_across_tables() {
        let text = edit(&[(
            "      - { code: -2, name: NOT_FOUND, message: none, retry: safe }\n",
            "      - { code: -2, name: NOT_FOUND, message: none, retry: safe }\n      \
             - { code: -2, name: AGAIN, message: again, retry: safe }\n  \
             other:\n    success: [0]\n    codes:\n      \
             - { code: -9, name: NOT_FOUND, message: none, retry: never }\n      \
             - { code: -8, name: Unknown_code, message: u, retry: later }\n",
        )]);
        let d = mistakes(&text);
        assert_eq!(d.len(), 3, "{d:#?}");
        assert!(
            d[0].contains("error_tables.futures.codes[2].code: duplicate error code -2"),
            "{d:#?}"
        );
        assert!(
            d[1].contains(
                "error_tables.other.codes[0].name: error name `NOT_FOUND` is already used by \
                 error_tables.futures.codes[1]"
            ),
            "{d:#?}"
        );
        assert!(
            d[2].contains("`Unknown_code` is not SCREAMING_SNAKE_CASE"),
            "{d:#?}"
        );
    }

    #[test]
    fn retry_classes_are_known() {
        let text = edit(&[("message: bad, retry: never", "message: bad, retry: nevr")]);
        let (ir, d) = check(&text, Target::Sdk);
        one(
            &d,
            &at(&text, "retry: nevr", "nevr"),
            "unknown retry class `nevr` (did you mean `never`?)",
        );
        assert_eq!(ir.tables[0].codes[0].retry, ir::Retry::Never);
    }
}

mod client {
    use super::*;

    #[test]
    fn headers_are_header_names_and_prefixes_paths() {
        let text = edit(&[
            ("signature_header: X-SIGN", "signature_header: X SIGN"),
            ("{ prefix: /fapi,", "{ prefix: fapi,"),
        ]);
        let d = mistakes(&text);
        all(
            &d,
            &[
                "auth.signature_header: `X SIGN` is not a valid HTTP header name",
                "products.usdt_margined.prefix: prefix `fapi` must start with `/`",
            ],
        );
    }

    #[test]
    fn two_products_cannot_make_one_variant() {
        let text = edit(&[(
            "  usdt_margined: { prefix: /fapi, doc: USDT. }\n",
            "  usdt_margined: { prefix: /fapi, doc: USDT. }\n  UsdtMargined: { prefix: /u, doc: U. }\n",
        )]);
        let (ir, d) = check(&text, Target::Sdk);
        one(
            &d,
            "spec.yaml:",
            "product `UsdtMargined` and product `usdt_margined` both become `Product::UsdtMargined`",
        );
        assert_eq!(ir.products.len(), 1);
    }

    #[test]
    fn signed_security_types_default_to_the_documents_and_are_checked() {
        let (ir, d) = check(BASE, Target::Sdk);
        assert!(d.is_empty(), "{d:#?}");
        assert_eq!(
            ir.auth.signed,
            [ir::Security::Trade, ir::Security::UserData]
        );
        let order = ir.endpoints.iter().find(|e| e.name == "order");
        assert!(order.is_some_and(|e| e.signed));
        let text = edit(&[(
            "recv_window_param: recvWindow }",
            "recv_window_param: recvWindow, signed: [TRADE, USER_STREAM, USER_STRAEM, NONE] }",
        )]);
        let (ir, d) = check(&text, Target::Sdk);
        all(
            &d,
            &[
                "auth.signed[2]: unknown security type `USER_STRAEM` (did you mean `USER_STREAM`?)",
                "auth.signed[3]: NONE cannot be signed",
            ],
        );
        assert_eq!(
            ir.auth.signed,
            [ir::Security::Trade, ir::Security::UserStream]
        );
    }
}

mod endpoints {
    use super::*;

    #[test]
    fn an_endpoint_is_lowered_with_its_parameters_in_order() {
        let (ir, _) = check(BASE, Target::Sdk);
        let thing = &ir.endpoints[0];
        let wires: Vec<&str> = thing.params.iter().map(|p| p.wire.as_str()).collect();
        assert_eq!(wires, ["id", "limit"]);
        assert!(thing.params[0].required, "a path parameter is required");
        assert_eq!(thing.params[1].min.as_deref(), Some("1"));
        assert!(thing.idempotent, "GET is idempotent by default");
        assert!(matches!(
            thing.segments[..],
            [ir::PathSeg::Lit(ref l), ir::PathSeg::Param(0)] if l == "/v1/thing/"
        ));
        let order = &ir.endpoints[1];
        assert!(!order.idempotent && order.wrapped && !order.struct_style);
        assert_eq!(order.at_least_one_of, [vec![2, 3]]);
        assert_eq!(order.data, Some(Ty::Record("Thing".into())));
    }

    #[test]
    fn two_required_arguments_of_one_type_go_in_a_struct() {
        let text = edit(&[(
            "      side: { type: Side, required: true }",
            "      account: { type: string, required: true }",
        )]);
        let (ir, d) = check(&text, Target::Sdk);
        assert!(d.is_empty(), "{d:#?}");
        assert!(ir.endpoints[1].struct_style);
        let names: Vec<&str> = ir.endpoints.iter().map(|e| e.camel.as_str()).collect();
        assert_eq!(names, ["Thing", "Order"]);
    }

    #[test]
    fn path_placeholders_and_path_parameters_match_both_ways() {
        let text = edit(&[("path: /v1/thing/{id}", "path: /v1/thing/{ib}")]);
        let d = mistakes(&text);
        assert_eq!(d.len(), 2, "{d:#?}");
        assert!(
            d[0].starts_with(&at(&text, "path: /v1/thing/{ib}", "/v1"))
                && d[0].contains(
                    "endpoints.thing.path: path placeholder `{ib}` has no entry in `path_params` \
                     (did you mean `id`?)"
                ),
            "{d:#?}"
        );
        assert!(
            d[1].starts_with(&at(&text, "      id: i64", "id"))
                && d[1].contains(
                    "endpoints.thing.path_params.id: path parameter `id` does not appear"
                ),
            "{d:#?}"
        );
    }

    #[test]
    fn a_get_request_has_no_body_and_a_query_holds_scalars() {
        let text = edit(&[(
            "    query:\n      limit: { type: i32, min: 1, max: 10 }\n",
            "    query:\n      limit: list<i32>\n    body:\n      extra: string\n",
        )]);
        let d = mistakes(&text);
        all(
            &d,
            &[
                "endpoints.thing.query.limit: `list<i32>` cannot travel in a query string or path",
                "endpoints.thing.body: a GET request has no body",
            ],
        );
    }

    #[test]
    fn rules_name_two_or_more_optional_parameters() {
        let text = edit(&[(
            "      - at_least_one_of: [price, clientId]",
            "      - at_least_one_of: [symbol, clientID]",
        )]);
        let d = mistakes(&text);
        all(
            &d,
            &[
                "endpoints.order.rules[0]: `symbol` is required already",
                "unknown parameter `clientID` (did you mean `clientId`?)",
            ],
        );
        let text = edit(&[(
            "      - at_least_one_of: [price, clientId]",
            "      - at_least_one_of: [price]",
        )]);
        one(
            &mistakes(&text),
            "spec.yaml:",
            "`at_least_one_of` needs two or more parameters",
        );
    }

    #[test]
    fn an_optional_parameter_cannot_be_named_like_a_builder_method() {
        let text = edit(&[(
            "      clientId: { type: string, max_len: 32 }",
            "      send: bool",
        )]);
        let (ir, d) = check(&text, Target::Sdk);
        assert_eq!(d.len(), 2, "{d:#?}");
        assert!(
            d[0].contains(
                "endpoints.order.body.send: an optional parameter named `send` would clash"
            ),
            "{d:#?}"
        );
        assert!(
            d[1].contains("unknown parameter `clientId`"),
            "the rule names what is gone: {d:#?}"
        );
        assert_eq!(ir.endpoints[1].params.len(), 3);
    }

    #[test]
    fn an_endpoint_generating_a_spec_type_name_is_left_out() {
        let text = edit(&[("  Tick:\n", "  ThingRequest:\n")])
            .replace("payload: Tick", "payload: ThingRequest");
        let (ir, d) = check(&text, Target::Sdk);
        one(
            &d,
            &format!("{}: endpoints.thing: ", at(&text, "  thing:", "thing")),
            "the endpoint generates a type named `ThingRequest`, which is also a spec type",
        );
        let names: Vec<&str> = ir.endpoints.iter().map(|e| e.name.as_str()).collect();
        assert_eq!(names, ["order"]);
    }

    #[test]
    fn methods_securities_tables_and_envelopes_are_known() {
        let text = edit(&[
            ("    method: POST", "    method: post"),
            ("    security: TRADE", "    security: TRADES"),
            (
                "    errors: futures\n    body:",
                "    errors: future\n    body:",
            ),
            ("envelope: wrapped", "envelope: wraped"),
        ]);
        let d = mistakes(&text);
        assert_eq!(d.len(), 4, "{d:#?}");
        for (got, want) in d.iter().zip([
            "endpoints.order.method: invalid HTTP method `post` (did you mean `POST`?)",
            "endpoints.order.security: unknown security type `TRADES` (did you mean `TRADE`?)",
            "endpoints.order.errors: unknown error table `future` (did you mean `futures`?)",
            "endpoints.order.response.envelope: unknown envelope `wraped` (did you mean `wrapped`?)",
        ]) {
            assert!(got.contains(want), "{want}: {d:#?}");
        }
    }
}

mod params {
    use super::*;

    #[test]
    fn bounds_fit_the_type_and_the_minimum_is_not_over_the_maximum() {
        let text = edit(&[(
            "{ type: i32, min: 1, max: 10 }",
            "{ type: i32, min: 11, max: 10 }",
        )]);
        one(
            &mistakes(&text),
            &format!(
                "{}: endpoints.thing.query.limit.min: ",
                at(&text, "min: 11", "11")
            ),
            "minimum 11 exceeds maximum 10",
        );
        let text = edit(&[(
            "{ type: decimal, min: 0.1 }",
            "{ type: decimal, min: 1e-3 }",
        )]);
        one(
            &mistakes(&text),
            "spec.yaml:",
            "`1e-3` is not a valid bound",
        );
        let text = edit(&[("{ type: string, max_len: 32 }", "{ type: string, min: 1 }")]);
        one(
            &mistakes(&text),
            "spec.yaml:",
            "endpoints.order.body.clientId.min: `min` applies to numbers, but the parameter is `string`",
        );
    }

    #[test]
    fn a_required_parameter_has_no_default_and_max_len_is_for_strings() {
        let text = edit(&[
            (
                "{ type: string, required: true }",
                "{ type: string, required: true, default: x }",
            ),
            (
                "{ type: decimal, min: 0.1 }",
                "{ type: decimal, max_len: 3 }",
            ),
        ]);
        let d = mistakes(&text);
        all(
            &d,
            &[
                "endpoints.order.body.symbol.default: a required parameter cannot have a default",
                "endpoints.order.body.price.max_len: `max_len` applies to strings",
            ],
        );
    }

    #[test]
    fn a_number_may_travel_as_text_in_a_body_and_only_there() {
        let text = edit(&[(
            "{ type: decimal, min: 0.1 }",
            "{ type: decimal, min: 0.1, encode: string }",
        )]);
        let (ir, d) = check(&text, Target::Sdk);
        assert!(d.is_empty(), "{d:#?}");
        let order = ir.endpoints.iter().find(|e| e.name == "order");
        let price = order.and_then(|e| e.params.iter().find(|p| p.wire == "price"));
        assert!(price.is_some_and(|p| p.encode_string));
        let text = edit(&[
            (
                "{ type: i32, min: 1, max: 10 }",
                "{ type: i32, min: 1, max: 10, encode: string }",
            ),
            (
                "{ type: string, max_len: 32 }",
                "{ type: string, max_len: 32, encode: string }",
            ),
            (
                "{ type: decimal, min: 0.1 }",
                "{ type: decimal, min: 0.1, encode: text }",
            ),
        ]);
        all(
            &mistakes(&text),
            &[
                "endpoints.thing.query.limit.encode: `encode: string` a query string or path carries text already",
                "endpoints.order.body.price.encode: unknown encoding `text`",
                "endpoints.order.body.clientId.encode: `encode: string` applies to numbers, but the parameter is `string`",
            ],
        );
    }
}

mod stream {
    use super::*;

    /// `BASE` with a private stream whose events are `events` (YAML lines under `events:`).
    fn with_stream(events: &str) -> String {
        let stream = format!(
            "stream:\n  doc: Events.\n  url: \"wss://{{host}}/ws\"\n  channel: user\n  \
             control: {{ subscribe: Thing, subscribed: Thing, ping: Thing, pong: Tick }}\n  \
             tag: e\n  events:\n{events}"
        );
        edit(&[("market_stream:\n", &format!("{stream}market_stream:\n"))])
    }

    #[test]
    fn events_are_object_types_with_distinct_names() {
        let (ir, d) = check(&with_stream("    thing: { type: Thing }\n"), Target::Sdk);
        assert!(d.is_empty(), "{d:#?}");
        assert_eq!(
            ir.stream.map(|s| s.events[0].variant.clone()),
            Some("Thing".into())
        );
        let text = with_stream(
            "    thing: { type: Side }\n    other: { type: Thing }\n    tick: { type: Tick, aliases: [thing] }\n",
        );
        let d = mistakes(&text);
        all(
            &d,
            &[
                "stream.events.thing.type: `Side` is an enum, but an object is required here",
                "stream.events.other: event `other` cannot become a distinct `Event` variant",
                "stream.events.tick: event type `thing` is listed twice",
            ],
        );
    }
}

mod market {
    use super::*;

    #[test]
    fn numbers_are_positive_and_words_not_empty() {
        let text = edit(&[
            ("interval_ms: 10000", "interval_ms: 0"),
            ("request: req,", "request: \"\","),
        ]);
        let d = mistakes(&text);
        all(
            &d,
            &[
                "market_stream.heartbeat.interval_ms: must be greater than 0",
                "market_stream.messages.request: an empty word",
            ],
        );
    }

    #[test]
    fn a_channel_parameter_cannot_take_the_names_of_the_subscription() {
        for taken in ["symbol", "contract"] {
            let text = edit(&[(
                "        step: {",
                &format!("        step: {{ name: {taken},"),
            )]);
            let (ir, d) = check(&text, Target::Sdk);
            assert!(
                d.len() == 1
                    && d[0].starts_with(&at(&text, "step: {", "step"))
                    && d[0].contains(&format!(
                        "market_stream.channels.depth.params.step: `{taken}` is every channel's \
                         first parameter already"
                    )),
                "{d:#?}"
            );
            let channels = ir.market.map(|m| m.channels.len());
            assert_eq!(channels, Some(1), "the channel is left out");
        }
    }

    #[test]
    fn a_history_parameter_cannot_take_the_names_of_the_request() {
        let history = "      payload: Tick\n      history:\n        item: Tick\n        params:\n          \
                       top: i32\n          channel: string\n          new: i32\n";
        let text = edit(&[(
            "      payload: Tick\n    kline:",
            &format!("{history}    kline:"),
        )]);
        let (ir, d) = check(&text, Target::Sdk);
        assert_eq!(d.len(), 2, "{d:#?}");
        assert!(
            d[0].contains(
                "market_stream.channels.depth.history.params.channel: `channel` is taken by the \
                 history request itself"
            ),
            "{d:#?}"
        );
        assert!(
            d[1].contains("history.params.new: `new` is taken"),
            "{d:#?}"
        );
        let market = ir.market.expect("the market stream");
        let params = market.channels[0].history.as_ref().map(|h| h.params.len());
        assert_eq!(params, Some(1));
    }
}

mod resilience {
    use super::*;

    #[test]
    fn rate_limit_groups_and_clock_endpoints_are_resolved_by_name() {
        let text = edit(&[
            (
                "    errors: futures\n    body:",
                "    errors: futures\n    rate_limit: order\n    body:",
            ),
            (
                "rate_limits:\n",
                "clock: { endpoint: order, field: id }\nrate_limits:\n",
            ),
        ]);
        let d = mistakes(&text);
        all(
            &d,
            &[
                "clock.endpoint: `order` must be a GET endpoint without required parameters",
                "endpoints.order.rate_limit: unknown rate-limit group `order`",
            ],
        );
    }
}

mod cli {
    use super::*;

    /// `text`'s mistakes for the command line, and that the SDK has none.
    fn cli_only(text: &str) -> Vec<String> {
        assert!(mistakes(text).is_empty(), "{:#?}", mistakes(text));
        check(text, Target::Cli).1
    }

    #[test]
    fn an_endpoint_named_like_a_command_of_the_command_line() {
        for command in ["watch", "stream", "record", "drift", "completions", "help"] {
            let text = edit(&[("  thing:\n", &format!("  {command}:\n"))]);
            one(
                &cli_only(&text),
                &format!(
                    "{}: endpoints.{command}: ",
                    at(&text, &format!("  {command}:"), command)
                ),
                &format!("the command line has its own `{command}` command; rename the endpoint"),
            );
        }
    }

    #[test]
    fn an_endpoint_named_like_a_tool_of_the_agents_server_or_too_long_for_one() {
        for tool in ["account_state", "check_order", "backtest_step"] {
            let text = edit(&[("  thing:\n", &format!("  {tool}:\n"))]);
            one(
                &cli_only(&text),
                &format!(
                    "{}: endpoints.{tool}: ",
                    at(&text, &format!("  {tool}:"), tool)
                ),
                &format!("the agents' server has its own `{tool}` tool; rename the endpoint"),
            );
        }
        let long = "a".repeat(65);
        let text = edit(&[("  thing:\n", &format!("  {long}:\n"))]);
        one(
            &cli_only(&text),
            "spec.yaml:",
            "a tool's name has at most 64 characters; this endpoint's has 65",
        );
    }

    #[test]
    fn a_parameter_cannot_be_the_tools_product_argument_when_there_are_two_products() {
        // Its flag is named after `name:`; its tool argument after the wire name.
        let renamed = ("      limit: {", "      product: { name: item,");
        // One product: no product argument, so the wire name is free.
        assert!(cli_only(&edit(&[renamed])).is_empty());
        let text = edit(&[
            renamed,
            (
                "  usdt_margined: { prefix: /fapi, doc: USDT. }\n",
                "  usdt_margined: { prefix: /fapi, doc: USDT. }\n  coin_margined: { prefix: /dapi, doc: Coin. }\n",
            ),
        ]);
        one(
            &cli_only(&text),
            &format!(
                "{}: endpoints.thing.query.product: ",
                at(&text, "product: {", "product")
            ),
            "the agents' tools take the product line as `product`",
        );
    }

    #[test]
    fn a_parameter_cannot_be_the_tools_venue_argument() {
        let text = edit(&[("      limit: {", "      venue: { name: item,")]);
        one(
            &cli_only(&text),
            &format!(
                "{}: endpoints.thing.query.venue: ",
                at(&text, "venue: {", "venue")
            ),
            "the agents' tools take the venue a call goes to (a rehearsal's or the server's) as `venue`",
        );
    }

    #[test]
    fn a_parameter_named_like_a_global_flag_at_its_key_or_its_name() {
        let text = edit(&[("      limit: {", "      output: {")]);
        one(
            &cli_only(&text),
            &format!(
                "{}: endpoints.thing.query.output: ",
                at(&text, "output: {", "output")
            ),
            "the command line has its own `--output` flag; give the parameter another `name:`",
        );
        // A Rust name from `name:` makes the flag: the mistake is there.
        let text = edit(&[(
            "{ type: decimal, min: 0.1 }",
            "{ type: decimal, min: 0.1, name: base_url }",
        )]);
        one(
            &cli_only(&text),
            &format!(
                "{}: endpoints.order.body.price.name: ",
                at(&text, "name: base_url", "base_url")
            ),
            "the command line has its own `--base-url` flag",
        );
    }

    #[test]
    fn a_channel_parameter_named_like_a_flag_of_stream_market_or_a_global_one() {
        for flag in ["channel", "product"] {
            let text = edit(&[
                ("_depth_step{step}", &format!("_depth_step{{{flag}}}")),
                ("        step: {", &format!("        {flag}: {{")),
            ]);
            one(
                &cli_only(&text),
                &format!(
                    "{}: market_stream.channels.depth.params.{flag}: ",
                    at(&text, &format!("{flag}: {{"), flag)
                ),
                &format!("the command line has its own `--{flag}` flag; rename the parameter"),
            );
        }
    }

    #[test]
    fn one_flag_cannot_read_channel_parameters_of_two_types() {
        let text = edit(&[
            ("_depth_step{step}", "_depth_step{interval}"),
            ("        step: {", "        interval: {"),
        ]);
        one(
            &cli_only(&text),
            &format!(
                "{}: market_stream.channels.kline.params.interval: ",
                at(&text, "interval: Interval", "interval")
            ),
            "`--interval` is also a parameter of channel `depth` with another type; one flag \
             cannot read both",
        );
        // The same type: one flag serves both channels.
        let text = edit(&[
            ("_depth_step{step}", "_depth_step{interval}"),
            (
                "        step: { type: i32, min: 0, max: 9 }",
                "        interval: Interval",
            ),
        ]);
        assert!(cli_only(&text).is_empty());
    }
}
