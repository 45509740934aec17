//! The read tables read back as the REST history views read them; their indexes; the docs.

use super::*;

#[test]
fn fills_read_as_my_trades_does() {
    let tmp = TempDir::new("fills");
    let (mut store, _) = open(tmp.path());
    let bytes = b"x".to_vec();
    let mut rows = Vec::new();
    for trade in 1..=10i64 {
        rows.push(Row::Fill(fill(trade, 100 + trade, 2, trade * 1000, 1)));
    }
    // Another account's side of trade 5, another contract's trade.
    rows.push(Row::Fill(fill(5, 200, 3, 5000, 1)));
    let mut eth = fill(11, 300, 2, 11_000, 1);
    eth.contract = "E-ETH-USDT".into();
    rows.push(Row::Fill(eth));
    ok(store.commit(&Batch {
        inputs: vec![input(1, &bytes)],
        rows,
    }));
    let reader = ok(store.reader());
    let ids = |fills: Vec<FillRow>| -> Vec<i64> { fills.iter().map(|f| f.trade_id).collect() };
    let btc = "E-BTC-USDT";
    // Without fromId: the newest `limit`, oldest first.
    assert_eq!(
        ids(ok(reader.fills(2, btc, None, TimeRange::ALL, 3))),
        [8, 9, 10]
    );
    // With fromId: the first `limit` from it.
    assert_eq!(
        ids(ok(reader.fills(2, btc, Some(4), TimeRange::ALL, 3))),
        [4, 5, 6]
    );
    // A time window, inclusive.
    let window = TimeRange {
        start: Some(3000),
        end: Some(6000),
    };
    assert_eq!(
        ids(ok(reader.fills(2, btc, None, window, 100))),
        [3, 4, 5, 6]
    );
    assert_eq!(ids(ok(reader.fills(2, btc, Some(5), window, 100))), [5, 6]);
    assert!(ok(reader.fills(2, btc, None, TimeRange::ALL, 0)).is_empty());
    assert_eq!(ids(ok(reader.fills(3, btc, None, TimeRange::ALL, 10))), [5]);
    assert_eq!(
        ids(ok(reader.fills(2, "E-ETH-USDT", None, TimeRange::ALL, 10))),
        [11]
    );
}

#[test]
fn transfers_read_as_the_transfer_history_does() {
    let tmp = TempDir::new("transfers");
    let (mut store, _) = open(tmp.path());
    let bytes = b"x".to_vec();
    let mut rows = Vec::new();
    for id in 1..=7i64 {
        let coin = if id == 4 { "BTC" } else { "USDT" };
        rows.push(Row::Transfer(transfer(
            id,
            TransferDirection::ToContract,
            coin,
            id * 10,
            1,
        )));
    }
    rows.push(Row::Transfer(transfer(
        8,
        TransferDirection::ToWallet,
        "USDT",
        80,
        1,
    )));
    let mut other = transfer(9, TransferDirection::ToContract, "USDT", 90, 1);
    other.uid = 3;
    rows.push(Row::Transfer(other));
    ok(store.commit(&Batch {
        inputs: vec![input(1, &bytes)],
        rows,
    }));
    let reader = ok(store.reader());
    let ids = |rows: Vec<TransferRow>| -> Vec<i64> { rows.iter().map(|t| t.id).collect() };
    let page = |page, limit| Page { page, limit };
    let to = TransferDirection::ToContract;
    assert_eq!(
        ids(ok(reader.transfers(
            2,
            to,
            None,
            TimeRange::ALL,
            page(1, 10)
        ))),
        [1, 2, 3, 4, 5, 6, 7]
    );
    assert_eq!(
        ids(ok(reader.transfers(
            2,
            to,
            None,
            TimeRange::ALL,
            page(2, 3)
        ))),
        [4, 5, 6]
    );
    assert_eq!(
        ids(ok(reader.transfers(
            2,
            to,
            None,
            TimeRange::ALL,
            page(0, 2)
        ))),
        [1, 2]
    );
    assert!(ok(reader.transfers(2, to, None, TimeRange::ALL, page(9, 3))).is_empty());
    // The coin in any case.
    assert_eq!(
        ids(ok(reader.transfers(
            2,
            to,
            Some("usdt"),
            TimeRange::ALL,
            page(1, 10)
        ))),
        [1, 2, 3, 5, 6, 7]
    );
    assert_eq!(
        ids(ok(reader.transfers(
            2,
            to,
            Some("BTC"),
            TimeRange::ALL,
            page(1, 10)
        ))),
        [4]
    );
    let window = TimeRange {
        start: Some(20),
        end: Some(50),
    };
    assert_eq!(
        ids(ok(reader.transfers(2, to, None, window, page(1, 10)))),
        [2, 3, 4, 5]
    );
    let back = ok(reader.transfers(
        2,
        TransferDirection::ToWallet,
        None,
        TimeRange::ALL,
        page(1, 10),
    ));
    assert_eq!(
        back,
        [transfer(8, TransferDirection::ToWallet, "USDT", 80, 1)]
    );
}

#[test]
fn forced_orders_read_as_the_force_orders_history_does() {
    let tmp = TempDir::new("forced");
    let (mut store, _) = open(tmp.path());
    let bytes = b"x".to_vec();
    let btc = "E-BTC-USDT";
    let rows = vec![
        Row::Forced(forced(1, ForcedKind::Liquidation, btc, 10, 1)),
        Row::Forced(forced(2, ForcedKind::Adl, btc, 20, 1)),
        Row::Forced(forced(3, ForcedKind::Liquidation, btc, 30, 1)),
        Row::Forced(forced(4, ForcedKind::Liquidation, "E-ETH-USDT", 40, 1)),
        Row::Forced(forced(5, ForcedKind::Adl, btc, 50, 1)),
    ];
    ok(store.commit(&Batch {
        inputs: vec![input(1, &bytes)],
        rows,
    }));
    let reader = ok(store.reader());
    let ids = |rows: Vec<ForcedRow>| -> Vec<i64> { rows.iter().map(|t| t.id).collect() };
    let all = Page { page: 1, limit: 10 };
    assert_eq!(
        ids(ok(reader.forced(2, btc, None, TimeRange::ALL, all))),
        [1, 2, 3, 5]
    );
    assert_eq!(
        ids(ok(reader.forced(
            2,
            btc,
            Some(ForcedKind::Adl),
            TimeRange::ALL,
            all
        ))),
        [2, 5]
    );
    assert_eq!(
        ids(ok(reader.forced(
            2,
            btc,
            Some(ForcedKind::Liquidation),
            TimeRange::ALL,
            all
        ))),
        [1, 3]
    );
    let second = Page { page: 2, limit: 2 };
    assert_eq!(
        ids(ok(reader.forced(2, btc, None, TimeRange::ALL, second))),
        [3, 5]
    );
    let window = TimeRange {
        start: None,
        end: Some(20),
    };
    assert_eq!(ids(ok(reader.forced(2, btc, None, window, all))), [1, 2]);
    assert!(ok(reader.forced(3, btc, None, TimeRange::ALL, all)).is_empty());
    assert_eq!(
        ok(reader.forced(2, "E-ETH-USDT", None, TimeRange::ALL, all)),
        [forced(4, ForcedKind::Liquidation, "E-ETH-USDT", 40, 1)]
    );
}

#[test]
fn orders_are_found_by_id_and_by_client_id_newest_first() {
    let tmp = TempDir::new("orders");
    let (mut store, _) = open(tmp.path());
    let bytes = b"x".to_vec();
    let mut first = order(10, 1);
    first.client_order_id = Some("mine".into());
    let mut second = order(11, 1);
    second.client_order_id = Some("mine".into());
    let mut other_contract = order(12, 1);
    other_contract.client_order_id = Some("mine".into());
    other_contract.contract = "E-ETH-USDT".into();
    let mut other_account = order(13, 1);
    other_account.client_order_id = Some("mine".into());
    other_account.uid = 3;
    let mut no_client_id = order(14, 1);
    no_client_id.client_order_id = None;
    ok(store.commit(&Batch {
        inputs: vec![input(1, &bytes)],
        rows: vec![
            Row::Order(first),
            Row::Order(second.clone()),
            Row::Order(other_contract),
            Row::Order(other_account),
            Row::Order(no_client_id.clone()),
        ],
    }));
    let reader = ok(store.reader());
    assert_eq!(
        ok(reader.order_by_client_id(2, "E-BTC-USDT", "mine")),
        Some(second)
    );
    assert_eq!(
        ok(reader.order_by_client_id(3, "E-BTC-USDT", "mine")).map(|o| o.order_id),
        Some(13)
    );
    assert_eq!(
        ok(reader.order_by_client_id(2, "E-ETH-USDT", "mine")).map(|o| o.order_id),
        Some(12)
    );
    assert_eq!(
        ok(reader.order_by_client_id(2, "E-BTC-USDT", "other")),
        None
    );
    assert_eq!(ok(reader.order(14)), Some(no_client_id));
    assert_eq!(ok(reader.order(99)), None);
}

#[test]
fn the_history_lookups_use_their_indexes() {
    let tmp = TempDir::new("plans");
    let (store, _) = open(tmp.path());
    let plan = |sql: &str| -> String {
        let mut stmt = ok(store.conn.prepare(&format!("EXPLAIN QUERY PLAN {sql}")));
        let details: Vec<String> =
            ok(ok(stmt.query_map([], |r| r.get::<_, String>(3)))
                .collect::<rusqlite::Result<Vec<_>>>());
        details.join("; ")
    };
    let uses = |sql: &str, index: &str| {
        let p = plan(sql);
        assert!(p.contains(index), "{sql}: {p}");
    };
    uses(
        "SELECT * FROM fills WHERE uid = 1 AND contract = 'a' AND trade_id >= 0 ORDER BY trade_id LIMIT 5",
        "fills_by_account",
    );
    uses(
        "SELECT * FROM transfers WHERE uid = 1 AND direction = 'to_wallet' AND time_ms BETWEEN 0 AND 9",
        "transfers_by_account",
    );
    uses(
        "SELECT * FROM forced_orders WHERE uid = 1 AND contract = 'a' AND time_ms BETWEEN 0 AND 9",
        "forced_by_account",
    );
    uses(
        "SELECT * FROM orders WHERE uid = 1 AND client_order_id = 'c' AND contract = 'a' ORDER BY order_id DESC LIMIT 1",
        "orders_by_client_id",
    );
    uses(
        "SELECT * FROM orders WHERE parent_id = 3 AND seq <= 9 ORDER BY order_id",
        "orders_by_parent",
    );
    uses(
        "SELECT * FROM fills WHERE rule <> 'match' AND seq <= 9 ORDER BY trade_id DESC, order_id DESC LIMIT 5",
        "fills_from_source",
    );
    // The window's order (the maker's side of a trade first) without a sort of its own.
    for sql in [
        "SELECT * FROM fills WHERE uid = 1 AND contract = 'a' AND trade_id >= 0 AND seq <= 9 ORDER BY trade_id, maker DESC LIMIT 5",
        "SELECT * FROM fills WHERE uid = 1 AND contract = 'a' AND seq <= 9 ORDER BY trade_id DESC, maker LIMIT 5",
    ] {
        let p = plan(sql);
        assert!(
            p.contains("fills_by_account") && !p.contains("TEMP B-TREE"),
            "{sql}: {p}"
        );
    }
}

#[test]
fn every_column_is_documented_with_its_type() {
    let docs = include_str!("../../../../docs/store.md");
    for table in super::rows::TABLES {
        let heading = format!("### `{}`", table.name);
        let start = docs
            .find(&heading)
            .unwrap_or_else(|| panic!("no section for table {}", table.name));
        let section = &docs[start + heading.len()..];
        let section = &section[..section.find("###").unwrap_or(section.len())];
        // Each column's row: its name and its type, as the table declares them.
        let documented: Vec<(&str, &str)> = section
            .lines()
            .filter_map(|l| l.strip_prefix("| `"))
            .filter_map(|l| {
                let (name, rest) = l.split_once('`')?;
                let kind = rest.trim_start_matches([' ', '|']).split(' ').next()?;
                Some((name, kind))
            })
            .collect();
        let declared: Vec<(&str, &str)> = table
            .columns
            .iter()
            .map(|(name, decl)| (*name, decl.split(' ').next().unwrap_or(decl)))
            .collect();
        assert_eq!(documented, declared, "table {}", table.name);
    }
}
