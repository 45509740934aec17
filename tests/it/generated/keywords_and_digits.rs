//! Names that are Rust keywords or start with a digit are not mistakes: they generate valid code
//! (`r#type`, `self_`, `n1min`, `Self_`, `V1min`) and keep their wire names.
contango::generate!("tests/ui/specs/keywords_and_digits.yaml");

#[test]
fn keywords_and_leading_digits_become_valid_names_and_keep_their_wire_names() {
    let record = Type {
        r#type: "t".into(),
        self_: Self_::Match,
        n1min: None,
        r#match: Some(Match::Fn),
        r#fn: Some(true),
        crate_: Some(7),
        super_: None,
        r: None,
        r#async: Some(vec![Self_::V1min, Self_::Async, Self_::Type, Self_::Self_]),
    };
    let json = serde_json::to_string(&record).expect("serialize");
    for wire in [
        r#""type":"t""#,
        r#""self":"match""#,
        r#""match":1"#,
        r#""fn":true"#,
        r#""crate":7"#,
        r#""async":["1min","async","type","self"]"#,
    ] {
        assert!(json.contains(wire), "{wire} in {json}");
    }

    let request = TypeRequest::new("id", Self_::Type)
        .n1min(5)
        .r#match(Match::Crate);
    assert_eq!(request.self_, "id");
    let request = SelfRequest::new(1, "w").r#in(3).r#where("x");
    assert_eq!((request.r#loop, request.r#in), (1, Some(3)));

    assert_eq!(Product::Self_.prefix(), "/api");
    assert_eq!(Product::V1st.key(), "1st");
    assert_eq!(ErrorCode::from_wire("main", -2), ErrorCode::Self_);
    assert_eq!(ErrorCode::Type.name(), "TYPE");

    let event = Event::decode(br#"{"e":"type","type":"t","self":"1min"}"#).expect("decode");
    assert!(
        matches!(
            event,
            Event::V1min(Type {
                self_: Self_::V1min,
                ..
            })
        ),
        "{event:?}"
    );

    let client = Client::builder()
        .base_url("http://127.0.0.1:9")
        .product(Product::V1st)
        .build()
        .expect("client");
    let _ = client.r#type("id", Self_::Type).n1min(5).request().clone();
    let _ = client.self_(1, "w").r#in(3).request().clone();
}
