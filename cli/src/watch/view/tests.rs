//! The views drawn on ratatui's `TestBackend` at 80×24, 120×40 and 60×15, each compared with the
//! text under `snapshots/` (`UPDATE_SNAPSHOTS=1 cargo test -p contango-cli` rewrites them after a
//! reviewed change), and the keys. The states hold more than fits: a book deeper than the
//! screen, 40 open orders, long contract names and large numbers.

use ratatui_core::backend::TestBackend;
use ratatui_core::buffer::Buffer;
use ratatui_core::layout::Rect;
use ratatui_core::terminal::Terminal;
use ratatui_crossterm::crossterm::event::{Event, KeyCode, KeyEvent, KeyModifiers};
use rust_decimal::Decimal;

use super::state::{
    AccountPanel, BalanceRow, BookPanel, ConditionalRow, FundingLine, OrderProgress, OrderRow,
    Panel, PositionRow, Screen, Trigger, ViewState, Watched,
};
use super::{Flow, on_event, render};

/// 2026-11-23 07:42:15.003 UTC.
const NOW: i64 = 1_795_419_735_003;
const SIZES: [(u16, u16); 3] = [(80, 24), (120, 40), (60, 15)];
const LONG: &str = "E-VERYLONGCONTRACTNAME-PERPETUAL-USDT";

fn d(s: &str) -> Decimal {
    s.parse().unwrap_or_else(|e| panic!("{s}: {e}"))
}

/// A book of `levels` a side 10 apart, each level's size growing with its distance from 30000
/// (so a level keeps its size when the book moves), the mid walking over the last five minutes;
/// then the last book: the best bid one level up (new, the mid up) and the second ask larger.
fn book(contract: &str, levels: usize, shown: usize) -> BookPanel {
    let mut p = BookPanel::new(contract.to_owned(), shown);
    let level = |price: i64, extra: i64| {
        let size = 100 + (price - 30_000).abs() / 10 * 25 + extra;
        (Decimal::from(price), Decimal::from(size))
    };
    let n = i64::try_from(levels).unwrap_or(0);
    let asks = |best: i64, extra: i64| -> Vec<(Decimal, Decimal)> {
        (0..n)
            .map(|i| level(best + 10 * i, if i == 1 { extra } else { 0 }))
            .collect()
    };
    let bids = |best: i64| -> Vec<(Decimal, Decimal)> {
        (0..n).map(|i| level(best - 10 * i, 0)).collect()
    };
    // One book every 10 s.
    for (k, at) in (NOW - 290_000..NOW - 1_000).step_by(10_000).enumerate() {
        let shift = i64::try_from(k % 7).unwrap_or(0) * 10 - 30;
        p.update(&asks(30_015 + shift, 0), &bids(29_985 + shift), at, at);
    }
    p.update(&asks(30_015, 0), &bids(29_985), NOW - 1_000, NOW - 1_000);
    p.update(&asks(30_015, 40), &bids(29_995), NOW - 400, NOW - 400);
    p
}

fn order(id: i64, contract: &str, price: &str, volume: &str) -> OrderRow {
    OrderRow {
        id,
        contract: contract.to_owned(),
        side: if id % 2 == 0 { "BUY" } else { "SELL" }.to_owned(),
        action: "OPEN".to_owned(),
        kind: "LIMIT".to_owned(),
        price: Some(d(price)),
        volume: Some(d(volume)),
        filled: Some(Decimal::ZERO),
        status: "NEW".to_owned(),
    }
}

/// An account with two positions (one of a long name and large numbers), 40 open orders,
/// two conditional orders, fills and two balances.
fn account() -> AccountPanel {
    let mut a = AccountPanel::default();
    a.reconciled = true;
    a.last_event_ms = Some(NOW - 2_400);
    a.reconciliation = Some(("gap, clean".to_owned(), NOW - 65_000));
    a.positions = vec![
        PositionRow {
            contract: "E-BTC-USDT".to_owned(),
            side: "long".to_owned(),
            margin: "cross".to_owned(),
            volume: d("3"),
            entry: Some(d("29990")),
            mark: Some(d("30020.5")),
            unrealised: Some(d("0.0915")),
            realised: Some(d("-0.036")),
        },
        PositionRow {
            contract: LONG.to_owned(),
            side: "short".to_owned(),
            margin: "isolated".to_owned(),
            volume: d("98765432109876.5"),
            entry: Some(d("123456789.123456789")),
            mark: Some(d("123456790.5")),
            unrealised: Some(d("-135999999999.98765")),
            realised: None,
        },
    ];
    a.balances = vec![
        BalanceRow {
            coin: "USDT".to_owned(),
            wallet: Some(d("100000")),
            available: Some(d("98765.4321")),
            order_margin: Some(d("1234.5679")),
            isolated: Some(d("0")),
        },
        BalanceRow {
            coin: "BTC".to_owned(),
            wallet: Some(d("12345678901.123456789")),
            available: None,
            order_margin: Some(d("0")),
            isolated: Some(d("0")),
        },
    ];
    a.conditional = vec![
        ConditionalRow {
            id: 1_690_000_000_000_000_101,
            contract: "E-BTC-USDT".to_owned(),
            side: "SELL".to_owned(),
            trigger: Trigger::StopLoss,
            trigger_price: Some(d("29500")),
            watches: Watched::Mark,
            places: "close position".to_owned(),
            volume: Some(d("3")),
            status: "INIT".to_owned(),
        },
        ConditionalRow {
            id: 1_690_000_000_000_000_102,
            contract: "E-BTC-USDT".to_owned(),
            side: "SELL".to_owned(),
            trigger: Trigger::TakeProfit,
            trigger_price: Some(d("31000")),
            watches: Watched::Last,
            places: "LIMIT 31005".to_owned(),
            volume: Some(d("3")),
            status: "INIT".to_owned(),
        },
    ];
    for i in 0..40 {
        let (contract, price) = match i % 3 {
            0 => (LONG, "123456789.12345678"),
            _ => ("E-BTC-USDT", "29000.5"),
        };
        a.orders.push(order(
            1_690_000_000_000_000_000 + i,
            contract,
            price,
            &(i + 1).to_string(),
        ));
    }
    // Two fills: one a minute old, one just now (highlighted).
    for (id, executed, at) in [(7, "1", NOW - 60_000), (8, "2", NOW - 1_500)] {
        let progress = OrderProgress {
            id,
            contract: "E-BTC-USDT".to_owned(),
            side: "BUY".to_owned(),
            executed: d(executed),
            avg_price: Some(d("30010")),
            price: Some(d("30010")),
        };
        a.note_order(&progress, at, false);
    }
    a
}

fn state(screen: Screen) -> ViewState {
    let title = match screen {
        Screen::Book => "contango watch book E-BTC-USDT",
        Screen::Account => "contango watch account",
        Screen::Trade => "contango watch E-BTC-USDT",
    };
    let mut v = ViewState::new(
        screen,
        title.to_owned(),
        "https://futures.example.com".to_owned(),
    );
    v.now_ms = NOW;
    if screen != Screen::Account {
        // 30 levels a side on the book, 20 asked for: more than any of the sizes shows.
        let mut b = book("E-BTC-USDT", 30, 20);
        b.mine.insert(d("29985"), d("2"));
        v.book = Some(b);
    }
    if screen != Screen::Book {
        v.account = Some(account());
    }
    if screen == Screen::Trade {
        v.funding = Some(FundingLine {
            mark: Some(d("30004.2")),
            index: Some(d("30001.15")),
            rate: Some(d("0.00010112")),
            next_rate: Some(d("-0.00002")),
            due_ms: Some(NOW + 5_205_000),
            at_ms: Some(NOW - 1_200),
            failed: None,
        });
    }
    v
}

/// The buffer as lines of text, trailing blanks cut.
fn text(buffer: &Buffer) -> String {
    let area = buffer.area;
    let mut out = String::new();
    for y in area.top()..area.bottom() {
        let line: String = (area.left()..area.right())
            .map(|x| buffer[(x, y)].symbol())
            .collect();
        out.push_str(line.trim_end());
        out.push('\n');
    }
    out
}

fn draw(v: &ViewState, (w, h): (u16, u16)) -> String {
    let mut terminal = Terminal::new(TestBackend::new(w, h)).unwrap_or_else(|e| panic!("{e}"));
    terminal
        .draw(|f| render::render(v, f))
        .unwrap_or_else(|e| panic!("{e}"));
    text(terminal.backend().buffer())
}

/// Compares `actual` with `snapshots/NAME.txt` (or writes it with `UPDATE_SNAPSHOTS=1`).
fn snapshot(name: &str, actual: &str) {
    let path = format!(
        "{}/src/watch/view/snapshots/{name}.txt",
        env!("CARGO_MANIFEST_DIR")
    );
    if std::env::var_os("UPDATE_SNAPSHOTS").is_some() {
        std::fs::write(&path, actual).unwrap_or_else(|e| panic!("{path}: {e}"));
        return;
    }
    let expected = std::fs::read_to_string(&path).unwrap_or_default();
    assert!(
        expected == actual,
        "{name} differs from {path} (UPDATE_SNAPSHOTS=1 rewrites it after review):\n{actual}"
    );
}

/// What every drawing keeps whatever its size: the title on the first line, the keys on the
/// last, nothing past the edges (the buffer is the terminal).
fn check_frame(v: &ViewState, drawn: &str, (w, h): (u16, u16)) {
    let lines: Vec<&str> = drawn.lines().collect();
    assert_eq!(lines.len(), usize::from(h), "{drawn}");
    assert!(lines[0].starts_with(&v.title), "{drawn}");
    assert!(lines[lines.len() - 1].starts_with("q quit"), "{drawn}");
    assert!(
        lines.iter().all(|l| l.chars().count() <= usize::from(w)),
        "{drawn}"
    );
}

fn each_size(screen: Screen, name: &str) {
    let v = state(screen);
    for size in SIZES {
        let drawn = draw(&v, size);
        check_frame(&v, &drawn, size);
        snapshot(&format!("{name}_{}x{}", size.0, size.1), &drawn);
    }
}

#[test]
fn the_ladder_fits_each_size_centred_on_the_spread_with_the_rest_counted() {
    each_size(Screen::Book, "book");
    // 30 levels a side, 20 asked for: 41 rows, of which 80×24 shows 19 around the spread.
    let drawn = draw(&state(Screen::Book), (80, 24));
    assert!(drawn.contains("rows 12–30 of 41 ↑↓"), "{drawn}");
    // A book shallower than asked for says so, and fits without a scroll.
    let mut shallow = state(Screen::Book);
    shallow.book = Some(book("E-BTC-USDT", 5, 20));
    let drawn = draw(&shallow, (80, 24));
    assert!(
        drawn.contains("E-BTC-USDT · 5 levels a side (20 asked)\n"),
        "{drawn}"
    );
}

#[test]
fn the_account_fits_each_size_with_its_40_orders_scrolling() {
    each_size(Screen::Account, "account");
}

#[test]
fn the_trading_screen_is_side_by_side_when_wide_and_tabbed_when_narrow() {
    each_size(Screen::Trade, "trade");
    let mut v = state(Screen::Trade);
    let wide = draw(&v, (120, 40));
    for panel in [
        "POSITIONS (2)",
        "WORKING ORDERS (40)",
        "CONDITIONAL ORDERS (2)",
        "FILLS (2)",
    ] {
        assert!(wide.contains(panel), "{panel}: {wide}");
    }
    assert!(!wide.contains("[Book]"), "no tabs when wide: {wide}");
    // Narrow: one panel at a time, Tab moves on.
    let area = Rect::new(0, 0, 80, 24);
    assert_eq!(on_event(&mut v, &key(KeyCode::Tab), area), Flow::Go);
    assert_eq!(on_event(&mut v, &key(KeyCode::Tab), area), Flow::Go);
    assert_eq!(v.focus, Panel::Orders);
    snapshot("trade_orders_80x24", &draw(&v, (80, 24)));
    for _ in 0..2 {
        on_event(&mut v, &key(KeyCode::Tab), area);
    }
    assert_eq!(v.focus, Panel::Fills);
    let fills = draw(&v, (60, 15));
    check_frame(&v, &fills, (60, 15));
    snapshot("trade_fills_60x15", &fills);
}

#[test]
fn an_empty_account_says_so_in_each_panel() {
    let mut v = state(Screen::Trade);
    v.account = Some(AccountPanel::default());
    v.book = Some(BookPanel::new("E-BTC-USDT".to_owned(), 10));
    v.funding = Some(FundingLine::default());
    let drawn = draw(&v, (120, 40));
    for empty in [
        "waiting for the first book of E-BTC-USDT",
        "funding: waiting for the first answer",
        "no open position",
        "no working order",
        "no stop loss or take profit waiting",
        "no fill since the view started",
        "✗ not reconciled",
    ] {
        assert!(drawn.contains(empty), "{empty}: {drawn}");
    }
    snapshot("trade_empty_120x40", &drawn);
}

fn key(code: KeyCode) -> Event {
    Event::Key(KeyEvent::new(code, KeyModifiers::NONE))
}

#[test]
fn q_esc_and_ctrl_c_quit_and_the_arrows_scroll_within_the_list() {
    let area = Rect::new(0, 0, 80, 24);
    let mut v = state(Screen::Account);
    for quit in [
        key(KeyCode::Char('q')),
        key(KeyCode::Esc),
        Event::Key(KeyEvent::new(KeyCode::Char('c'), KeyModifiers::CONTROL)),
    ] {
        assert_eq!(on_event(&mut v, &quit, area), Flow::Quit, "{quit:?}");
    }
    assert_eq!(
        on_event(&mut v, &Event::Resize(60, 15), area),
        Flow::Go,
        "a resize only redraws"
    );
    // The orders are in focus; PgDn moves a page, End to the last page, Up one row back.
    assert_eq!(v.focus, Panel::Orders);
    let rows = render::visible(&v, area, Panel::Orders);
    assert!(rows > 3 && rows < 40, "{rows}");
    on_event(&mut v, &key(KeyCode::PageDown), area);
    assert_eq!(
        v.scroll[Panel::Orders.index()],
        i64::try_from(rows - 1).unwrap_or(0)
    );
    on_event(&mut v, &key(KeyCode::End), area);
    let last = i64::try_from(40 - rows).unwrap_or(0);
    assert_eq!(v.scroll[Panel::Orders.index()], last);
    on_event(&mut v, &key(KeyCode::Down), area);
    assert_eq!(
        v.scroll[Panel::Orders.index()],
        last,
        "no row past the last"
    );
    on_event(&mut v, &key(KeyCode::Up), area);
    assert_eq!(v.scroll[Panel::Orders.index()], last - 1);
    let drawn = draw(&v, (80, 24));
    assert!(
        drawn.contains(&format!(
            "rows {}–{} of 40 ↑↓",
            last,
            last - 1 + i64::try_from(rows).unwrap_or(0)
        )),
        "{drawn}"
    );
    snapshot("account_scrolled_80x24", &drawn);
}

#[test]
fn the_ladder_scrolls_towards_either_side_and_no_further_than_its_rows() {
    let area = Rect::new(0, 0, 60, 15);
    let mut v = state(Screen::Book);
    for _ in 0..100 {
        on_event(&mut v, &key(KeyCode::Up), area);
    }
    let top = draw(&v, (60, 15));
    // The top row is the 20th ask, the worst shown.
    assert!(top.contains("rows 1–"), "{top}");
    assert!(
        top.lines()
            .nth(4)
            .is_some_and(|l| l.starts_with("ask  30205")),
        "{top}"
    );
    on_event(&mut v, &key(KeyCode::End), area);
    let bottom = draw(&v, (60, 15));
    assert!(
        bottom.contains("of 41 ↑\n") || bottom.contains("of 41 ↑"),
        "{bottom}"
    );
    assert!(bottom.contains("bid  29805"), "{bottom}");
}

#[test]
fn smaller_terminals_than_supported_still_draw_without_a_panic() {
    for screen in [Screen::Book, Screen::Account, Screen::Trade] {
        let v = state(screen);
        for size in [(1, 1), (10, 3), (30, 8), (99, 12), (100, 6), (250, 70)] {
            let drawn = draw(&v, size);
            assert_eq!(
                drawn.lines().count(),
                usize::from(size.1),
                "{screen:?} {size:?}"
            );
            // The title is clipped, never moved off its line.
            let first = drawn.lines().next().unwrap_or_default();
            assert!(
                v.title.starts_with(first.trim_end()) || first.starts_with(&v.title),
                "{screen:?} {size:?}: {drawn}"
            );
        }
    }
}

/// The funding line: the rates in per cent, signed; the countdown from the view's clock; before
/// the first answer it says it waits; a failed poll stays beside the last answer, in words.
#[test]
fn the_funding_line_counts_down_and_says_what_failed() {
    let mut v = state(Screen::Trade);
    let drawn = draw(&v, (80, 24));
    let line = drawn.lines().nth(2).unwrap_or_default();
    assert_eq!(
        line,
        "funding +0.010112% in 1h 26m 45s (next -0.002%) · mark 30004.2 · index 30001.15"
    );
    v.now_ms += 5_205_000 - 61_000;
    let drawn = draw(&v, (80, 24));
    assert!(drawn.contains("in 1m 01s"), "{drawn}");
    v.now_ms += 61_000;
    assert!(draw(&v, (80, 24)).contains(" in now"));
    if let Some(f) = &mut v.funding {
        f.failed = Some(("index: timed out".to_owned(), v.now_ms - 3_000));
    }
    let drawn = draw(&v, (120, 40));
    assert!(
        drawn.contains("· ✗ index: timed out (3.0 s ago)"),
        "{drawn}"
    );
    v.funding = Some(FundingLine::default());
    let drawn = draw(&v, (80, 24));
    assert_eq!(
        drawn.lines().nth(2).unwrap_or_default(),
        "funding: waiting for the first answer"
    );
}
