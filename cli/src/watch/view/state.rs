//! What a view shows, as plain data: the book's ladder, the account's rows, what the view says
//! besides them, and where each list is scrolled. No I/O and no clock: the loop (`super`) puts
//! the watchers' data and the time in, [`super::render`] draws it, and tests build it by hand.

use std::collections::{HashMap, VecDeque};

use rust_decimal::Decimal;

/// How long the mid price's history reaches back (the sparkline shows the last
/// [`super::render::SPARK_MS`] of it).
const MID_HISTORY_MS: i64 = 10 * 60_000;
/// One mid sample a second at most.
const MID_STEP_MS: i64 = 1_000;
/// Fills kept, newest first.
const FILLS_KEPT: usize = 50;

/// Which view: `watch book`, `watch account` or the trading screen of `watch CONTRACT`.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Screen {
    /// The ladder of one contract.
    Book,
    /// Positions, open orders and balances.
    Account,
    /// The ladder and the account together.
    Trade,
}

impl Screen {
    /// The screen's panels in Tab order.
    pub fn panels(self) -> &'static [Panel] {
        match self {
            Screen::Book => &[Panel::Book],
            Screen::Account => &[Panel::Positions, Panel::Orders, Panel::Balances],
            Screen::Trade => &[
                Panel::Book,
                Panel::Positions,
                Panel::Orders,
                Panel::Conditional,
                Panel::Fills,
            ],
        }
    }
}

/// The contract's mark price and funding, as the funding watcher last heard them.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct FundingLine {
    /// The mark price.
    pub mark: Option<Decimal>,
    /// The index price.
    pub index: Option<Decimal>,
    /// The current period's funding rate (a fraction).
    pub rate: Option<Decimal>,
    /// The next period's predicted rate.
    pub next_rate: Option<Decimal>,
    /// When the next funding is due, on the view's clock (ms): the answer's count from when it
    /// came.
    pub due_ms: Option<i64>,
    /// When the last answer came (the view's ms); `None` before the first.
    pub at_ms: Option<i64>,
    /// The last poll's failure and when (the view's ms), while no answer has come since.
    pub failed: Option<(String, i64)>,
}

/// A part of a screen that scrolls on its own.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Panel {
    /// The ladder (and, on the trading screen, the mid's sparkline).
    Book,
    /// Open positions.
    Positions,
    /// Open (working) orders.
    Orders,
    /// Conditional orders waiting for their trigger: stop loss and take profit.
    Conditional,
    /// The latest fills.
    Fills,
    /// Balances.
    Balances,
}

impl Panel {
    /// Its place in [`ViewState::scroll`].
    pub fn index(self) -> usize {
        self as usize
    }

    /// Its name on a tab.
    pub fn name(self) -> &'static str {
        match self {
            Panel::Book => "Book",
            Panel::Positions => "Positions",
            Panel::Orders => "Orders",
            Panel::Conditional => "Conditional",
            Panel::Fills => "Fills",
            Panel::Balances => "Balances",
        }
    }
}

/// Everything one drawing shows.
#[derive(Debug, Clone)]
pub struct ViewState {
    /// Which view.
    pub screen: Screen,
    /// The first line's command (`contango watch book E-BTC-USDT`).
    pub title: String,
    /// The target on the first line (a URL, or the simulator's).
    pub target: String,
    /// The local clock, Unix milliseconds: ages are counted to it.
    pub now_ms: i64,
    /// The book, when the screen has one.
    pub book: Option<BookPanel>,
    /// The account, when the screen has one.
    pub account: Option<AccountPanel>,
    /// The mark price and funding, when the screen shows them (the trading screen).
    pub funding: Option<FundingLine>,
    /// The last gap, disconnection or error of a stream, and when (local ms).
    pub notice: Option<(String, i64)>,
    /// A replay's recording is played out: nothing more will come.
    pub played_out: bool,
    /// The panel keys scroll (and, on a narrow trading screen, the one shown).
    pub focus: Panel,
    /// Each list's first row shown, by [`Panel::index`]; the ladder's is its offset from the
    /// spread's row in the middle (negative: towards the asks).
    pub scroll: [i64; 6],
}

impl ViewState {
    /// An empty view of `screen`: the first panel in focus, nothing scrolled.
    pub fn new(screen: Screen, title: String, target: String) -> ViewState {
        ViewState {
            screen,
            title,
            target,
            now_ms: 0,
            book: None,
            account: None,
            funding: None,
            notice: None,
            played_out: false,
            focus: match screen {
                Screen::Account => Panel::Orders,
                Screen::Book | Screen::Trade => Panel::Book,
            },
            scroll: [0; 6],
        }
    }

    /// The rows a panel's list has (the ladder: its rows with the spread's).
    pub fn rows(&self, panel: Panel) -> usize {
        let account = self.account.as_ref();
        match panel {
            Panel::Book => self.book.as_ref().map_or(0, BookPanel::rows),
            Panel::Positions => account.map_or(0, |a| a.positions.len()),
            Panel::Orders => account.map_or(0, |a| a.orders.len()),
            Panel::Conditional => account.map_or(0, |a| a.conditional.len()),
            Panel::Fills => account.map_or(0, |a| a.fills.len()),
            Panel::Balances => account.map_or(0, |a| a.balances.len()),
        }
    }

    /// The next (`forward`) or previous panel in Tab order takes the focus.
    pub fn cycle(&mut self, forward: bool) {
        let panels = self.screen.panels();
        let at = panels.iter().position(|p| *p == self.focus).unwrap_or(0);
        let next = match forward {
            true => (at + 1) % panels.len(),
            false => (at + panels.len() - 1) % panels.len(),
        };
        self.focus = panels[next];
    }

    /// Scrolls the focused list by `by` rows, within what it has to show in `visible` rows.
    pub fn scroll_by(&mut self, by: i64, visible: usize) {
        let panel = self.focus;
        let rows = i64::try_from(self.rows(panel)).unwrap_or(i64::MAX);
        let visible = i64::try_from(visible).unwrap_or(i64::MAX);
        let slot = &mut self.scroll[panel.index()];
        let (low, high) = match panel {
            // Centred on the spread: as far either way as leaves no empty row.
            Panel::Book => {
                let reach = ((rows - visible).max(0) + 1) / 2;
                (-reach, reach)
            }
            _ => (0, (rows - visible).max(0)),
        };
        *slot = slot.saturating_add(by).clamp(low, high);
    }

    /// Scrolls the focused list to its start (`Home`) or end (`End`).
    pub fn scroll_to_end(&mut self, end: bool, visible: usize) {
        self.scroll_by(if end { i64::MAX / 2 } else { i64::MIN / 2 }, visible);
    }
}

/// The book panel: the ladder of one contract and the mid's recent history.
#[derive(Debug, Clone)]
pub struct BookPanel {
    /// The contract.
    pub contract: String,
    /// Levels a side asked for (`--levels`).
    pub levels: usize,
    /// The latest book; `None` before the first.
    pub ladder: Option<Ladder>,
    /// Why the book is not to be trusted now (`unchanged for 12.5 s`), when it is stale.
    pub stale: Option<String>,
    /// Which way the mid moved last.
    pub tick: Tick,
    /// The mid, one sample a second at most (local ms), oldest first.
    pub mids: VecDeque<(i64, Decimal)>,
    /// Our working orders' remaining volume by price (the trading screen marks them on the
    /// ladder).
    pub mine: HashMap<Decimal, Decimal>,
}

/// The book as the ladder shows it.
#[derive(Debug, Clone, Default)]
pub struct Ladder {
    /// Asks, best (lowest) first, at most `levels`.
    pub asks: Vec<Level>,
    /// Bids, best (highest) first, at most `levels`.
    pub bids: Vec<Level>,
    /// The exchange time of the book (ms; 0 when the server sent none).
    pub exchange_ms: i64,
}

impl Ladder {
    /// The best ask and bid's mid, when both sides have a level.
    pub fn mid(&self) -> Option<Decimal> {
        let (ask, bid) = (self.asks.first()?, self.bids.first()?);
        Some((ask.price + bid.price) / Decimal::TWO)
    }

    /// Best ask less best bid.
    pub fn spread(&self) -> Option<Decimal> {
        Some(self.asks.first()?.price - self.bids.first()?.price)
    }
}

/// One price level and how it changed with the last book.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Level {
    /// Its price.
    pub price: Decimal,
    /// Its size.
    pub size: Decimal,
    /// Against the book before.
    pub change: Tick,
}

/// A move: of the mid, or of a level's size.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub enum Tick {
    /// No move (or nothing before to compare with).
    #[default]
    Flat,
    /// Up: a higher mid, a larger level, a new level.
    Up,
    /// Down: a lower mid, a smaller level.
    Down,
}

impl BookPanel {
    /// A panel waiting for the first book of `contract`.
    pub fn new(contract: String, levels: usize) -> BookPanel {
        BookPanel {
            contract,
            levels,
            ladder: None,
            stale: None,
            tick: Tick::Flat,
            mids: VecDeque::new(),
            mine: HashMap::new(),
        }
    }

    /// The rows of the ladder: the levels shown a side, and the spread's row between.
    pub fn rows(&self) -> usize {
        self.ladder
            .as_ref()
            .map_or(0, |l| l.asks.len() + l.bids.len() + 1)
    }

    /// Takes a new book (best levels first) at local time `now_ms`: each level marked against
    /// the book before, the mid's move and a sample of it.
    pub fn update(
        &mut self,
        asks: &[(Decimal, Decimal)],
        bids: &[(Decimal, Decimal)],
        exchange_ms: i64,
        now_ms: i64,
    ) {
        let before = self.ladder.take();
        let side = |levels: &[(Decimal, Decimal)], old: Option<&Vec<Level>>| -> Vec<Level> {
            levels
                .iter()
                .take(self.levels)
                .map(|&(price, size)| {
                    let was = old.and_then(|o| o.iter().find(|l| l.price == price));
                    let change = match was {
                        Some(l) if size > l.size => Tick::Up,
                        Some(l) if size < l.size => Tick::Down,
                        Some(_) => Tick::Flat,
                        // New at this price (nothing to compare with on the first book).
                        None if old.is_some() => Tick::Up,
                        None => Tick::Flat,
                    };
                    Level {
                        price,
                        size,
                        change,
                    }
                })
                .collect()
        };
        let ladder = Ladder {
            asks: side(asks, before.as_ref().map(|b| &b.asks)),
            bids: side(bids, before.as_ref().map(|b| &b.bids)),
            exchange_ms,
        };
        let (old, new) = (before.as_ref().and_then(Ladder::mid), ladder.mid());
        if let (Some(old), Some(new)) = (old, new) {
            if new > old {
                self.tick = Tick::Up;
            } else if new < old {
                self.tick = Tick::Down;
            }
        }
        if let Some(mid) = new {
            self.sample(mid, now_ms);
        }
        self.ladder = Some(ladder);
    }

    /// Notes the mid at `now_ms`: a sample a second, the last of each second kept.
    fn sample(&mut self, mid: Decimal, now_ms: i64) {
        match self.mids.back_mut() {
            Some((at, last)) if now_ms - *at < MID_STEP_MS => *last = mid,
            _ => self.mids.push_back((now_ms, mid)),
        }
        while self
            .mids
            .front()
            .is_some_and(|(at, _)| now_ms - at > MID_HISTORY_MS)
        {
            self.mids.pop_front();
        }
    }
}

/// The account panels' rows and what the view says about the watcher.
#[derive(Debug, Clone, Default)]
pub struct AccountPanel {
    /// Whether the last reconciliation found the view right and no gap came since.
    pub reconciled: bool,
    /// When the last event came (local ms).
    pub last_event_ms: Option<i64>,
    /// The last reconciliation (`gap, clean`) and when it came (local ms).
    pub reconciliation: Option<(String, i64)>,
    /// Open positions.
    pub positions: Vec<PositionRow>,
    /// Working orders (open, not waiting for a trigger).
    pub orders: Vec<OrderRow>,
    /// Conditional orders waiting for their trigger.
    pub conditional: Vec<ConditionalRow>,
    /// The latest fills, newest first.
    pub fills: VecDeque<FillRow>,
    /// Balances.
    pub balances: Vec<BalanceRow>,
    /// Each order's filled volume and average price as last seen, to tell a fill.
    filled: HashMap<i64, (Decimal, Option<Decimal>)>,
}

impl AccountPanel {
    /// Notes an order's progress at local time `now_ms`: when it filled more than it had, a
    /// fill of the difference (priced from the change of its average, else the average, else
    /// its limit price). `quiet` only takes it as known (the first snapshot's orders).
    pub fn note_order(&mut self, o: &OrderProgress, now_ms: i64, quiet: bool) {
        let (before, avg_before) = self
            .filled
            .get(&o.id)
            .copied()
            .unwrap_or((Decimal::ZERO, None));
        self.filled.insert(o.id, (o.executed, o.avg_price));
        let volume = o.executed - before;
        if quiet || volume <= Decimal::ZERO {
            return;
        }
        let price = match (o.avg_price, avg_before) {
            (Some(avg), Some(avg_before)) if before > Decimal::ZERO => {
                (avg * o.executed - avg_before * before).checked_div(volume)
            }
            (Some(avg), _) => Some(avg),
            (None, _) => o.price,
        };
        self.fills.push_front(FillRow {
            at_ms: now_ms,
            order_id: o.id,
            contract: o.contract.clone(),
            side: o.side.clone(),
            volume,
            price: price.map(|p| p.round_dp(12).normalize()),
        });
        self.fills.truncate(FILLS_KEPT);
    }
}

/// What [`AccountPanel::note_order`] reads of an order.
#[derive(Debug, Clone)]
pub struct OrderProgress {
    /// Its id.
    pub id: i64,
    /// Its contract.
    pub contract: String,
    /// BUY or SELL.
    pub side: String,
    /// Filled volume.
    pub executed: Decimal,
    /// Average fill price.
    pub avg_price: Option<Decimal>,
    /// Limit price.
    pub price: Option<Decimal>,
}

/// A position's row.
#[derive(Debug, Clone, PartialEq)]
pub struct PositionRow {
    /// Contract.
    pub contract: String,
    /// `long` or `short`.
    pub side: String,
    /// `cross` or `isolated`.
    pub margin: String,
    /// Volume in contracts.
    pub volume: Decimal,
    /// Entry price.
    pub entry: Option<Decimal>,
    /// Mark price.
    pub mark: Option<Decimal>,
    /// Unrealised PnL.
    pub unrealised: Option<Decimal>,
    /// Realised PnL.
    pub realised: Option<Decimal>,
}

/// A working order's row.
#[derive(Debug, Clone, PartialEq)]
pub struct OrderRow {
    /// Order id.
    pub id: i64,
    /// Contract.
    pub contract: String,
    /// BUY or SELL.
    pub side: String,
    /// OPEN or CLOSE.
    pub action: String,
    /// LIMIT or MARKET.
    pub kind: String,
    /// Limit price.
    pub price: Option<Decimal>,
    /// Volume.
    pub volume: Option<Decimal>,
    /// Filled volume.
    pub filled: Option<Decimal>,
    /// Status (`pending` before the first event of an order sent through the watcher).
    pub status: String,
}

/// What a conditional order does when its price is reached.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Trigger {
    /// Stop loss (`triggerType` 1).
    StopLoss,
    /// Take profit (`triggerType` 2).
    TakeProfit,
    /// A `triggerType` the view does not know, or none.
    Other(Option<i64>),
}

/// The price a conditional order watches.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Watched {
    /// The contract's last trade price (`triggerPriceType` 1, and when absent).
    Last,
    /// The mark price (`triggerPriceType` 2).
    Mark,
}

/// A conditional order's row: stop loss or take profit, waiting for its trigger.
#[derive(Debug, Clone, PartialEq)]
pub struct ConditionalRow {
    /// Order id.
    pub id: i64,
    /// Contract.
    pub contract: String,
    /// BUY or SELL.
    pub side: String,
    /// Stop loss or take profit.
    pub trigger: Trigger,
    /// Its trigger price.
    pub trigger_price: Option<Decimal>,
    /// The price it watches.
    pub watches: Watched,
    /// What it places when it fires (`LIMIT 29000`, `MARKET`, `close position`).
    pub places: String,
    /// Volume.
    pub volume: Option<Decimal>,
    /// Status.
    pub status: String,
}

/// A fill's row.
#[derive(Debug, Clone, PartialEq)]
pub struct FillRow {
    /// When the view saw it (local ms).
    pub at_ms: i64,
    /// The order it filled.
    pub order_id: i64,
    /// Contract.
    pub contract: String,
    /// BUY or SELL.
    pub side: String,
    /// The volume filled.
    pub volume: Decimal,
    /// Its price, when known.
    pub price: Option<Decimal>,
}

/// A balance's row.
#[derive(Debug, Clone, PartialEq)]
pub struct BalanceRow {
    /// Margin coin.
    pub coin: String,
    /// Wallet balance.
    pub wallet: Option<Decimal>,
    /// Available.
    pub available: Option<Decimal>,
    /// Margin held by orders.
    pub order_margin: Option<Decimal>,
    /// Isolated margin.
    pub isolated: Option<Decimal>,
}

#[cfg(test)]
mod tests {
    use super::*;

    fn d(s: &str) -> Decimal {
        s.parse().unwrap_or_else(|e| panic!("{s}: {e}"))
    }

    #[test]
    fn a_new_book_marks_each_level_and_the_mid_against_the_one_before() {
        let mut p = BookPanel::new("E-BTC-USDT".into(), 2);
        p.update(
            &[(d("30010"), d("5")), (d("30020"), d("1"))],
            &[(d("29990"), d("2"))],
            1,
            1_000,
        );
        let first = p.ladder.clone().unwrap_or_default();
        assert!(first.asks.iter().all(|l| l.change == Tick::Flat));
        assert_eq!(p.tick, Tick::Flat);
        p.update(
            &[
                (d("30020"), d("3")),
                (d("30030"), d("1")),
                (d("30040"), d("9")),
            ],
            &[(d("29990"), d("1"))],
            2,
            1_500,
        );
        let l = p.ladder.clone().unwrap_or_default();
        // Two levels a side at most; 30020 grew, 30030 is new, the bid shrank.
        assert_eq!(
            l.asks.iter().map(|l| l.change).collect::<Vec<_>>(),
            [Tick::Up, Tick::Up]
        );
        assert_eq!(l.bids[0].change, Tick::Down);
        assert_eq!(p.tick, Tick::Up);
        // Both books came within one second: one sample, the later mid.
        assert_eq!(
            p.mids.iter().copied().collect::<Vec<_>>(),
            [(1_000, d("30005"))]
        );
        p.update(&[(d("30000"), d("1"))], &[(d("29990"), d("1"))], 3, 2_100);
        assert_eq!(p.tick, Tick::Down);
        assert_eq!(p.mids.len(), 2);
    }

    #[test]
    fn an_order_that_filled_more_makes_a_fill_priced_from_its_average() {
        let mut a = AccountPanel::default();
        let mut o = OrderProgress {
            id: 7,
            contract: "E-BTC-USDT".into(),
            side: "BUY".into(),
            executed: d("1"),
            avg_price: Some(d("100")),
            price: Some(d("101")),
        };
        a.note_order(&o, 1, true);
        assert!(a.fills.is_empty(), "the snapshot's progress is not a fill");
        (o.executed, o.avg_price) = (d("3"), Some(d("102")));
        a.note_order(&o, 2, false);
        // 3 at 102 after 1 at 100: the 2 more at 103.
        assert_eq!(
            (a.fills[0].volume, a.fills[0].price, a.fills[0].at_ms),
            (d("2"), Some(d("103")), 2)
        );
        a.note_order(&o, 3, false);
        assert_eq!(a.fills.len(), 1, "no progress, no fill");
    }

    #[test]
    fn scrolling_stays_within_the_rows_and_tab_cycles_the_panels() {
        let mut v = ViewState::new(Screen::Account, String::new(), String::new());
        let mut account = AccountPanel::default();
        for id in 0..40 {
            account.orders.push(OrderRow {
                id,
                contract: "C".into(),
                side: "BUY".into(),
                action: "OPEN".into(),
                kind: "LIMIT".into(),
                price: None,
                volume: None,
                filled: None,
                status: "NEW".into(),
            });
        }
        v.account = Some(account);
        assert_eq!(v.focus, Panel::Orders);
        v.scroll_by(-3, 10);
        assert_eq!(v.scroll[Panel::Orders.index()], 0);
        v.scroll_by(100, 10);
        assert_eq!(v.scroll[Panel::Orders.index()], 30);
        v.scroll_to_end(false, 10);
        assert_eq!(v.scroll[Panel::Orders.index()], 0);
        v.cycle(true);
        assert_eq!(v.focus, Panel::Balances);
        v.cycle(true);
        assert_eq!(v.focus, Panel::Positions);
        v.cycle(false);
        assert_eq!(v.focus, Panel::Balances);
    }
}
