//! The base every failing case copies is itself valid, so each case has exactly the mistake it
//! is named after.
contango::generate!("tests/ui/specs/tiny.yaml");

#[test]
fn the_base_every_failing_case_copies_generates_working_code() {
    let order = Order {
        order_id: 1,
        side: Some(Side::Buy),
        price: None,
    };
    assert_eq!(order.clone(), order);
    let request = OrderRequest::new(42).limit(10);
    assert_eq!(request.limit, Some(10));
    assert_eq!(ErrorCode::from_wire("main", -2), ErrorCode::Busy);
}
