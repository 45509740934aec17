//! A record field of type `one_or_many<T>` takes one object or a list of them, as the spec
//! format says, through the direct reader and through serde alike.
contango::generate!("tests/ui/specs/one_or_many_fields.yaml");

use contango::__private::direct::from_slice;

#[test]
fn one_or_many_fields_take_one_object_or_a_list_through_both_readers() {
    let order = |id| Order {
        order_id: id,
        side: None,
        price: None,
    };
    let one: Batch = from_slice(br#"{"orders":{"orderId":1}}"#).expect("one object");
    assert_eq!(one.orders, vec![order(1)]);
    assert_eq!(one.fills, None);
    let many: Batch =
        from_slice(br#"{"orders":[{"orderId":1},{"orderId":2}],"fills":{"orderId":3}}"#)
            .expect("a list, and one object");
    assert_eq!(many.orders, vec![order(1), order(2)]);
    assert_eq!(many.fills, Some(vec![order(3)]));
    let empty: Batch = from_slice(br#"{"orders":{},"fills":null}"#).expect("nothing");
    assert_eq!(empty.orders, Vec::<Order>::new());
    assert_eq!(empty.fills, None);
    assert!(from_slice::<Batch>(br#"{"orders":7}"#).is_err());
    // In an array-shaped record too, with the empty objects skipped.
    let pairs: Batch =
        from_slice(br#"{"orders":[],"pairs":[[1,{"text":"a"}],[2,[{"text":"b"},{}]]]}"#)
            .expect("pairs");
    let note = |t: &str| Note {
        text: Some(t.to_owned()),
    };
    let pairs = pairs.pairs.expect("pairs");
    assert_eq!((pairs[0].id, pairs[0].notes.clone()), (1, vec![note("a")]));
    assert_eq!((pairs[1].id, pairs[1].notes.clone()), (2, vec![note("b")]));
    // Only lists, read as a list of pairs: the form the direct reader would otherwise have
    // taken, keeping the `{}`.
    let listed: Vec<Pair> = from_slice(br#"[[2,[{"text":"b"},{}]]]"#).expect("listed pairs");
    assert_eq!(listed[0].notes, vec![note("b")]);
}
