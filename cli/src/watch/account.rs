//! `contango watch account`: the [`AccountWatcher`] as JSON lines or as a view redrawn in place.
//!
//! What the watcher has ready is taken as one batch, so an exchange event that changes an order,
//! a balance and a position makes one `state` line, not three. The state is the watcher's (its
//! merge rules decide it); this module only writes it.

use std::time::{Duration, Instant};

use contango::account::{
    AccountItem, AccountWatcher, BalanceState, PositionState, ReconcileCause, Reconciliation,
    StartError, WatchedOrder,
};
use contango::{Client, Event, Side};
use serde_json::{Value, json};

use super::screen::{self, Align, Screen, bold, colour, columns, num};
use crate::commands::watched;
use crate::failure::Failure;
use crate::output::Format;
use crate::shape::{answer, raw_event};
use crate::stream::{Stop, gap_json, item_json, stdout_sink};

/// Items taken in one batch at most (a flood still gets a state line now and then).
const BATCH: usize = 256;
/// Open orders listed in the view; the rest are counted.
const ORDERS_SHOWN: usize = 15;

/// Starts the watcher (stream, then the first snapshot) and follows it until `stop`; then
/// shuts it down, closing the listen key.
pub(super) async fn run(
    client: Client,
    contracts: Vec<String>,
    mut stop: Stop,
    format: Format,
    header: Vec<String>,
) -> Result<(), Failure> {
    let mut builder = AccountWatcher::builder(client);
    for contract in contracts {
        builder = builder.contract(contract);
    }
    let mut watcher = tokio::select! {
        w = builder.start() => w.map_err(start_failure)?,
        () = &mut stop => return Ok(()),
    };
    eprintln!("watch: started; Ctrl-C or SIGTERM stops it and closes the listen key");
    let outcome = follow(&mut watcher, &mut stop, format, header).await;
    let closed = watcher.shutdown().await.map_err(Failure::from);
    outcome.and(closed)
}

fn start_failure(e: StartError) -> Failure {
    match e {
        StartError::Stream(e) => Failure::from(e),
        StartError::Rest(e) => Failure::from(e),
        other => Failure::Other(other.to_string()),
    }
}

/// Writes the state, then every batch of items, until `stop` or the stream's end. The view (and
/// the terminal's alternate screen) ends with this function.
async fn follow(
    w: &mut AccountWatcher,
    stop: &mut Stop,
    format: Format,
    header: Vec<String>,
) -> Result<(), Failure> {
    let mut view = match format {
        Format::Json => View::Lines,
        Format::Table => View::Screen(Screen::enter()?, Status::new(header)),
    };
    view.write(w, Vec::new(), true)?;
    let mut tick = tokio::time::interval(Duration::from_secs(1));
    loop {
        let item = tokio::select! {
            item = w.next() => item,
            () = &mut *stop => return Ok(()),
            // The ages in the view move on without events.
            _ = tick.tick(), if view.is_screen() => {
                view.write(w, Vec::new(), false)?;
                continue;
            }
        };
        let Some(first) = item else {
            return Err(Failure::Transport("the private stream ended".to_owned()));
        };
        let mut batch = vec![first];
        while batch.len() < BATCH {
            match ready(w.next()).await {
                Some(Some(item)) => batch.push(item),
                _ => break,
            }
        }
        view.write(w, batch, false)?;
    }
}

/// The future's output if it is ready now. `AccountWatcher::next` is cancel-safe: dropping it
/// loses nothing.
async fn ready<F: std::future::Future>(f: F) -> Option<F::Output> {
    tokio::select! {
        biased;
        v = f => Some(v),
        () = std::future::ready(()) => None,
    }
}

/// Where the state goes.
enum View {
    /// JSON lines on stdout.
    Lines,
    /// The terminal view, and what it says besides the state.
    Screen(Screen, Status),
}

impl View {
    fn is_screen(&self) -> bool {
        matches!(self, View::Screen(..))
    }

    /// Writes a batch: its gap, reconciliation and other lines, then a state line when the
    /// state changed (or `force`); on the screen, the view redrawn.
    fn write(
        &mut self,
        w: &AccountWatcher,
        batch: Vec<AccountItem>,
        force: bool,
    ) -> Result<(), Failure> {
        match self {
            View::Lines => {
                let mut sink = stdout_sink();
                let mut changed = force;
                for item in &batch {
                    changed |= changes_state(item);
                    if let Some(line) = item_line(item) {
                        sink(&line).map_err(cannot_write)?;
                    }
                }
                if changed {
                    sink(&state_json(w)?).map_err(cannot_write)?;
                }
                Ok(())
            }
            View::Screen(screen, status) => {
                for item in &batch {
                    status.note(item);
                }
                screen.draw(&render(&frame(w, status)))
            }
        }
    }
}

fn cannot_write(_: std::io::Error) -> Failure {
    Failure::Other("cannot write to stdout".to_owned())
}

/// Whether the item changed the view: an order, position or balance, or a reconciliation that
/// found the view wrong (the start's is the first state, already written).
fn changes_state(item: &AccountItem) -> bool {
    match item {
        AccountItem::Order(_) | AccountItem::Position(_) | AccountItem::Balance(_) => true,
        AccountItem::Reconciled(r) => r.cause != ReconcileCause::Start && !r.is_clean(),
        _ => false,
    }
}

/// The line of an item other than a change: `gap`, `reconciled`, `error` and the stream's
/// `disconnected`, `error` and unknown events.
fn item_line(item: &AccountItem) -> Option<Value> {
    match item {
        AccountItem::Gap(g) => Some(gap_json(g)),
        AccountItem::Reconciled(r) if r.cause != ReconcileCause::Start => Some(reconciled_json(r)),
        AccountItem::Error(m) => Some(json!({ "type": "error", "message": m })),
        AccountItem::Stream(s) => Some(item_json(s, unapplied_event)),
        _ => None,
    }
}

/// An event the watcher passes on rather than applies: a type the spec does not list.
fn unapplied_event(e: &Event) -> Value {
    match e {
        Event::Other { event_type, raw } => raw_event(event_type, raw),
        _ => json!({ "type": "other" }),
    }
}

/// `{"type":"state",..}`: the items as `open-orders` and `account` print them.
fn state_json(w: &AccountWatcher) -> Result<Value, Failure> {
    let open_orders = w
        .open_orders()
        .into_iter()
        .map(|o| answer(&o.order, watched::ORDER))
        .collect::<Result<Vec<_>, _>>()?;
    let positions = w
        .positions()
        .into_iter()
        .map(position_json)
        .collect::<Result<Vec<_>, _>>()?;
    let balances = w
        .balances()
        .into_iter()
        .map(balance_json)
        .collect::<Result<Vec<_>, _>>()?;
    Ok(json!({
        "type": "state",
        "open_orders": open_orders,
        "positions": positions,
        "balances": balances,
        "time": w.client().core().timestamp_ms(),
    }))
}

/// A position as the account answer's `positions` item, with the `contractName` of its group.
fn position_json(p: &PositionState) -> Result<Value, Failure> {
    let record = p
        .to_record()
        .ok_or_else(|| unwritable("position", &p.key.contract))?;
    let mut v = answer(&record, watched::POSITION)?;
    if let Some(map) = v.as_object_mut() {
        map.insert("contractName".into(), Value::String(p.key.contract.clone()));
    }
    Ok(v)
}

/// A balance as the account answer's entry, without `positionVos` (the state's `positions`).
fn balance_json(b: &BalanceState) -> Result<Value, Failure> {
    let record = b
        .to_record()
        .ok_or_else(|| unwritable("balance", &b.coin))?;
    let mut v = answer(&record, watched::BALANCE)?;
    if let Some(map) = v.as_object_mut() {
        map.remove("positionVos");
    }
    Ok(v)
}

fn unwritable(what: &str, name: &str) -> Failure {
    Failure::Other(format!("cannot write the {what} of {name} as a record"))
}

/// `{"type":"reconciled",..}`: why it ran and what it changed (the next state line shows the
/// result).
fn reconciled_json(r: &Reconciliation) -> Value {
    let orders: Vec<i64> = r
        .orders
        .iter()
        .filter_map(|f| f.after.as_ref().or(f.before.as_ref()))
        .map(|o| o.order.order_id)
        .collect();
    let positions: Vec<Value> = r
        .positions
        .iter()
        .filter_map(|f| f.after.as_ref().or(f.before.as_ref()))
        .map(|p| {
            json!({
                "contractName": p.key.contract,
                "side": p.key.side.as_str(),
                "positionType": p.key.margin.as_i64(),
            })
        })
        .collect();
    let balances: Vec<&str> = r
        .balances
        .iter()
        .filter_map(|f| f.after.as_ref().or(f.before.as_ref()))
        .map(|b| b.coin.as_str())
        .collect();
    let unresolved: Vec<Value> = r
        .unresolved
        .iter()
        .map(|(id, error)| json!({ "orderId": id, "error": error }))
        .collect();
    json!({
        "type": "reconciled",
        "cause": cause(r.cause),
        "snapshot_ms": r.snapshot_ms,
        "clean": r.is_clean(),
        "orders": orders,
        "positions": positions,
        "balances": balances,
        "unresolved": unresolved,
    })
}

fn cause(c: ReconcileCause) -> &'static str {
    match c {
        ReconcileCause::Start => "start",
        ReconcileCause::Gap => "gap",
        ReconcileCause::Interval => "interval",
        ReconcileCause::Requested => "requested",
        ReconcileCause::Unapplied => "unapplied",
        _ => "other",
    }
}

/// What the view says besides the state: the last reconciliation and the last notice (gap,
/// disconnection, error), each with when it came.
#[derive(Debug)]
struct Status {
    header: Vec<String>,
    reconciliation: Option<(String, Instant)>,
    notice: Option<(String, Instant)>,
}

impl Status {
    fn new(header: Vec<String>) -> Status {
        Status {
            header,
            reconciliation: None,
            notice: None,
        }
    }

    fn note(&mut self, item: &AccountItem) {
        let now = Instant::now();
        match item {
            AccountItem::Reconciled(r) if r.cause != ReconcileCause::Start => {
                self.reconciliation = Some((summary(r), now));
            }
            AccountItem::Gap(g) => {
                let text = format!(
                    "gap of {} at {} UTC ({})",
                    screen::age(g.duration()),
                    screen::clock_ms(g.from_ms).get(..8).unwrap_or_default(),
                    g.reason
                );
                self.notice = Some((text, now));
            }
            AccountItem::Error(m) => self.notice = Some((format!("error: {m}"), now)),
            AccountItem::Stream(s) => {
                let line = item_json(s, unapplied_event);
                let field = |key: &str| line[key].as_str().unwrap_or_default().to_owned();
                let text = match field("type").as_str() {
                    "disconnected" => format!("disconnected: {}", field("reason")),
                    "error" => format!("stream error: {}", field("message")),
                    _ => format!("stream: {line}"),
                };
                self.notice = Some((text, now));
            }
            _ => {}
        }
    }
}

/// `gap, clean`, or `gap, fixed 1 order, 2 balances; 1 order unresolved`.
fn summary(r: &Reconciliation) -> String {
    let count = |n: usize, what: &str| format!("{n} {what}{}", if n == 1 { "" } else { "s" });
    let fixed: Vec<String> = [
        (r.orders.len(), "order"),
        (r.positions.len(), "position"),
        (r.balances.len(), "balance"),
    ]
    .into_iter()
    .filter(|(n, _)| *n > 0)
    .map(|(n, what)| count(n, what))
    .collect();
    let mut text = cause(r.cause).to_owned();
    match fixed.is_empty() {
        true if r.unresolved.is_empty() => text.push_str(", clean"),
        true => {}
        false => text.push_str(&format!(", fixed {}", fixed.join(", "))),
    }
    if !r.unresolved.is_empty() {
        text.push_str(&format!(
            "; {} unresolved",
            count(r.unresolved.len(), "order")
        ));
    }
    text
}

/// Everything one drawing of the view shows.
struct Frame<'a> {
    status: &'a Status,
    now_ms: i64,
    reconciled: bool,
    last_event: Option<Duration>,
    positions: Vec<&'a PositionState>,
    orders: Vec<&'a WatchedOrder>,
    balances: Vec<&'a BalanceState>,
}

fn frame<'a>(w: &'a AccountWatcher, status: &'a Status) -> Frame<'a> {
    Frame {
        status,
        now_ms: w.client().core().timestamp_ms(),
        reconciled: w.is_reconciled(),
        last_event: w.last_event_at().map(|at| at.elapsed()),
        positions: w.positions(),
        orders: w.open_orders(),
        balances: w.balances(),
    }
}

/// The view: a status block, then positions, open orders and balances as aligned columns.
fn render(f: &Frame<'_>) -> Vec<String> {
    let mut out = Vec::new();
    let mut header = f.status.header.iter();
    out.push(format!(
        "{}  {}  {} UTC",
        bold("contango watch account"),
        header.next().map(String::as_str).unwrap_or_default(),
        screen::clock_ms(f.now_ms).get(..8).unwrap_or_default()
    ));
    out.extend(header.cloned());
    let reconciled = match f.reconciled {
        true => colour(32, "yes"),
        false => colour(33, "no"),
    };
    let last_event = f.last_event.map_or_else(
        || "none yet".to_owned(),
        |d| format!("{} ago", screen::age(d)),
    );
    let mut status = format!("reconciled {reconciled}   last event {last_event}");
    if let Some((text, at)) = &f.status.reconciliation {
        status.push_str(&format!(
            "   last reconciliation {text} ({} ago)",
            screen::age(at.elapsed())
        ));
    }
    out.push(status);
    if let Some((text, at)) = &f.status.notice {
        out.push(format!("{text} ({} ago)", screen::age(at.elapsed())));
    }

    out.push(String::new());
    out.push(format!(
        "{}   mark and PnL as of the last event or reconciliation",
        bold(&format!("POSITIONS ({})", f.positions.len()))
    ));
    if !f.positions.is_empty() {
        let rows: Vec<Vec<String>> = f.positions.iter().map(|p| position_row(p)).collect();
        out.extend(columns(
            &[
                ("contract", Align::Left),
                ("side", Align::Left),
                ("margin", Align::Left),
                ("volume", Align::Right),
                ("entry", Align::Right),
                ("mark", Align::Right),
                ("unrealised PnL", Align::Right),
                ("realised PnL", Align::Right),
            ],
            &rows,
        ));
    }

    out.push(String::new());
    out.push(bold(&format!("OPEN ORDERS ({})", f.orders.len())));
    if !f.orders.is_empty() {
        let rows: Vec<Vec<String>> = f
            .orders
            .iter()
            .take(ORDERS_SHOWN)
            .map(|o| order_row(o))
            .collect();
        out.extend(columns(
            &[
                ("order id", Align::Left),
                ("contract", Align::Left),
                ("side", Align::Left),
                ("action", Align::Left),
                ("type", Align::Left),
                ("price", Align::Right),
                ("volume", Align::Right),
                ("filled", Align::Right),
                ("status", Align::Left),
            ],
            &rows,
        ));
        if f.orders.len() > ORDERS_SHOWN {
            out.push(format!("… and {} more", f.orders.len() - ORDERS_SHOWN));
        }
    }

    out.push(String::new());
    out.push(bold("BALANCES"));
    let rows: Vec<Vec<String>> = f.balances.iter().map(|b| balance_row(b)).collect();
    out.extend(columns(
        &[
            ("coin", Align::Left),
            ("wallet", Align::Right),
            ("available", Align::Right),
            ("order margin", Align::Right),
            ("isolated margin", Align::Right),
        ],
        &rows,
    ));
    out
}

fn position_row(p: &PositionState) -> Vec<String> {
    let side = match p.key.side {
        Side::Buy => "long".to_owned(),
        Side::Sell => "short".to_owned(),
        ref other => other.as_str().to_owned(),
    };
    let margin = match p.key.margin {
        contango::PositionType::Cross => "cross".to_owned(),
        contango::PositionType::Isolated => "isolated".to_owned(),
        other => other.as_i64().to_string(),
    };
    vec![
        p.key.contract.clone(),
        side,
        margin,
        num(Some(p.volume)),
        num(p.entry_price),
        num(p.mark),
        num(p.unrealized),
        num(p.realized),
    ]
}

fn order_row(w: &WatchedOrder) -> Vec<String> {
    let o = &w.order;
    let text = |s: Option<&str>| s.unwrap_or("-").to_owned();
    let status = match (&o.status, w.pending) {
        (Some(s), _) => s.as_str().to_owned(),
        (None, true) => "pending".to_owned(),
        (None, false) => "-".to_owned(),
    };
    vec![
        o.order_id.to_string(),
        text(o.contract_name.as_deref()),
        text(o.side.as_ref().map(Side::as_str)),
        text(o.action.as_ref().map(contango::Open::as_str)),
        text(o.order_type.as_ref().map(contango::OrderType::as_str)),
        num(o.price),
        num(o.orig_qty),
        num(o.executed_qty),
        status,
    ]
}

fn balance_row(b: &BalanceState) -> Vec<String> {
    let available = b.to_record().and_then(|r| r.account_normal);
    vec![
        b.coin.clone(),
        num(Some(b.wallet())),
        num(available),
        num(Some(b.locked)),
        num(Some(b.isolated)),
    ]
}

#[cfg(test)]
mod tests {
    use super::*;

    fn parse<T: serde::de::DeserializeOwned>(text: &str) -> T {
        serde_json::from_str(text).unwrap_or_else(|e| panic!("{e}: {text}"))
    }

    /// Strips the ANSI sequences (bold, colours) from a drawn line.
    fn plain(line: &str) -> String {
        let mut out = String::new();
        let mut chars = line.chars();
        while let Some(c) = chars.next() {
            if c == '\x1b' {
                for c in chars.by_ref() {
                    if c.is_ascii_alphabetic() {
                        break;
                    }
                }
            } else {
                out.push(c);
            }
        }
        out
    }

    #[test]
    fn the_view_shows_positions_with_mark_and_pnl_orders_and_balances_in_columns() {
        let position: contango::Position = parse(
            r#"{"id":7,"positionType":1,"side":"SELL","volume":"3","openPrice":"29990","unRealizedAmount":"-0.030","historyRealizedAmount":"-0.036","indexPrice":"30000.0"}"#,
        );
        let position = PositionState::from_record("E-BTC-USDT", &position, 1).expect("a position");
        let order = WatchedOrder {
            order: parse(
                r#"{"orderId":1690000000000000061,"contractName":"E-BTC-USDT","price":"29000.50","origQty":"2","executedQty":"0","status":"NEW","type":"LIMIT","side":"BUY","action":"OPEN"}"#,
            ),
            pending: false,
            updated_ms: 1,
        };
        let balance: contango::AccountBalance = parse(
            r#"{"marginCoin":"USDT","accountNormal":"99000","accountLock":"1000","totalPositionNormal":"0","partPositionNormal":"0","positionVos":[]}"#,
        );
        let balance = BalanceState::from_record(&balance, 1);
        let status = Status::new(vec!["http://127.0.0.1:1".into()]);
        let lines: Vec<String> = render(&Frame {
            status: &status,
            now_ms: 0,
            reconciled: false,
            last_event: Some(Duration::from_millis(2_400)),
            positions: vec![&position],
            orders: vec![&order],
            balances: vec![&balance],
        })
        .iter()
        .map(|l| plain(l))
        .collect();
        let text = lines.join("\n");
        assert!(
            lines[0].starts_with("contango watch account  http://127.0.0.1:1  00:00:00 UTC"),
            "{text}"
        );
        assert_eq!(lines[1], "reconciled no   last event 2.4 s ago", "{text}");
        let table = |title: &str| {
            let at = lines
                .iter()
                .position(|l| l.starts_with(title))
                .expect(title);
            (lines[at + 1].clone(), lines[at + 2].clone())
        };
        assert_eq!(
            table("POSITIONS (1)"),
            (
                "contract    side   margin  volume  entry   mark  unrealised PnL  realised PnL"
                    .into(),
                "E-BTC-USDT  short  cross        3  29990  30000           -0.03        -0.036"
                    .into()
            ),
            "{text}"
        );
        assert_eq!(
            table("OPEN ORDERS (1)"),
            (
                "order id             contract    side  action  type     price  volume  filled  status".into(),
                "1690000000000000061  E-BTC-USDT  BUY   OPEN    LIMIT  29000.5       2       0  NEW".into()
            ),
            "{text}"
        );
        assert_eq!(
            table("BALANCES"),
            (
                "coin  wallet  available  order margin  isolated margin".into(),
                "USDT  100000      99000          1000                0".into()
            ),
            "{text}"
        );
    }

    #[test]
    fn a_reconciliation_that_fixed_something_says_what() {
        let mut r = Reconciliation::new(ReconcileCause::Gap, 5);
        assert_eq!(summary(&r), "gap, clean");
        r.unresolved.push((1, "timeout".into()));
        assert_eq!(summary(&r), "gap; 1 order unresolved");
        let line = reconciled_json(&r);
        assert_eq!(line["type"], "reconciled");
        assert_eq!(line["clean"], false);
        assert_eq!(line["unresolved"][0]["orderId"], 1);
    }
}
